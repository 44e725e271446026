//! `sealbook conformance <council-forecasts.csv> [--json]`: the spec's conformance checker
//! (§3.13, `tools/conformance.py`) over a forecasts file, through `core::conformance`. Prints
//! `N rows, ok` or each failure with its row and column; exit 1 when a row fails.

use super::input;
use crate::outcome::{CmdResult, Exit};
use sealbook_core::contract::conformance::{self, ConformanceReport};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The forecasts file (council-forecasts.csv, spec Table C1 columns).
    forecasts: PathBuf,
}

#[derive(Serialize)]
struct Output<'a> {
    ok: bool,
    file: String,
    #[serde(flatten)]
    report: &'a ConformanceReport,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let bytes = input::read(&args.forecasts, "forecasts file", "check")?;
    let report = conformance::check(&bytes);
    let ok = report.ok();
    if json {
        let out = Output {
            ok,
            file: args.forecasts.display().to_string(),
            report: &report,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("report serializes")
        );
    } else {
        print!("{}", report.render());
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
