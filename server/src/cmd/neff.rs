//! `sealbook neff --forecasts <csv> [--book <b>] [--json]`: the stats document's N_eff rows
//! alone (spec §5.1), per run and horizon, from `core::score::league::neff_rows_from_files`.

use super::input;
use crate::outcome::{CmdResult, Exit};
use sealbook_core::score::league::neff_rows_from_files;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    files: input::LeagueFiles,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (csv, book) = args.files.read()?;
    let rows = neff_rows_from_files(&csv, book.as_deref()).map_err(|e| input::unusable(e, &args.files.paths(None)))?;
    if json {
        println!("{}", serde_json::json!({ "n_eff": rows }));
        return Ok(Exit::Ok);
    }
    let num = |x: Option<f64>| x.map_or_else(|| "-".into(), |v| format!("{v:.3}"));
    println!("{:<20} {:>3} {:>3} {:>6} {:>7} {:>6}", "run_id", "h", "n", "pairs", "rho", "n_eff");
    for r in &rows {
        let m = &r.reading;
        let note = r.note.as_deref().map(|n| format!("  ({n})")).unwrap_or_default();
        println!("{:<20} {:>3} {:>3} {:>6} {:>7} {:>6}{note}", r.run_id, r.horizon, m.n, m.pairs, num(m.rho), num(m.n_eff));
    }
    Ok(Exit::Ok)
}
