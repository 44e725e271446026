//! `sealbook scorecard <registered-predictions.json> [--as-of YYYY-MM-DD]... [--json]`: the
//! registered-predictions scorecards of spec §8.4 through `core::score::scorecard` — by default
//! one at each check date in the file, every prediction shown with its state.

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Date;
use sealbook_core::score::scorecard::{parse_registered, scorecards, DatedScorecard};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The registered predictions with their verdicts (registered-predictions.json).
    predictions: PathBuf,
    /// Compile the scorecard dated this day (repeatable); default: each check date in the file.
    #[arg(long = "as-of", value_name = "YYYY-MM-DD")]
    as_of: Vec<String>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let dates = args
        .as_of
        .iter()
        .map(|d| {
            Date::parse(d).ok_or_else(|| {
                Unusable::new(format!("{d:?} is not a date YYYY-MM-DD")).field("--as-of")
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let bytes = input::read(&args.predictions, "registered predictions", "score")?;
    let preds = parse_registered(&bytes)
        .map_err(|e| Unusable::file(&args.predictions, e.message.to_string()).field(e.path))?;
    let cards = scorecards(&preds, &dates);
    if json {
        println!(
            "{}",
            serde_json::to_string(&cards).expect("scorecards serialize")
        );
    } else {
        print_human(&cards);
    }
    Ok(Exit::Ok)
}

fn num(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.4}"))
}

fn print_human(cards: &[DatedScorecard]) {
    for c in cards {
        let s = &c.card;
        println!(
            "scorecard {}: {} resolved of {} past their date; Brier on resolved {}, resolved share {}, worst case {}, BSS vs 0.5 {}",
            c.as_of,
            s.resolved,
            s.past_due,
            num(s.brier_resolved),
            num(s.resolved_share),
            num(s.worst_case),
            num(s.bss_vs_half)
        );
        for r in &c.rows {
            let state = serde_json::to_value(r.state).expect("state serializes");
            println!(
                "  {:<8} p {:.2}  check {}  {}",
                r.id,
                r.p,
                r.check_date,
                state.as_str().unwrap_or_default()
            );
        }
    }
}
