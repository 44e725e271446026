//! `sealbook neff --forecasts <csv> [--book <b>] [--json]`: the stats document's N_eff rows
//! alone (spec §5.1), per run and horizon, from `core::score::league::neff_rows_from_files`.

use super::input::{self, Paths};
use crate::outcome::{CmdResult, Exit};
use sealbook_core::score::league::neff_rows_from_files;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// council-forecasts.csv (spec Table C1 columns).
    #[arg(long, value_name = "CSV")]
    forecasts: PathBuf,
    /// council-book.jsonl: only answers sealed (max(at, booked_at)) before 09:30 ET count.
    #[arg(long, value_name = "BOOK")]
    book: Option<PathBuf>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let csv = input::read(&args.forecasts, "forecasts file")?;
    let book = args.book.as_deref().map(|p| input::read(p, "book")).transpose()?;
    let paths = Paths { forecasts: &args.forecasts, book: args.book.as_ref(), clim: None };
    let rows = neff_rows_from_files(&csv, book.as_deref()).map_err(|e| input::unusable(e, &paths))?;
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
