//! `sealbook conformance <council-forecasts.csv> [--book council-book.jsonl] [--json]`: the
//! spec's conformance checker (§3.13, `tools/conformance.py`) over a forecasts file, through
//! `core::conformance`; with the book, each row is also checked against the contract its run
//! line seals (spec §3, Table 1), and each resolved row's `draw` against the band its score
//! line seals (§3.5). Prints `N rows, ok` or each failure with its row and column;
//! exit 1 when a row fails, 2 when the book cannot be read.

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::contract::conformance::{self, ConformanceReport};
use sealbook_core::score::book_lines::BookLines;
use sealbook_core::score::book_rows::{sealed_bands, sealed_contracts};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The forecasts file (council-forecasts.csv, spec Table C1 columns).
    forecasts: PathBuf,
    /// The league's book (council-book.jsonl): each row must agree with the contract its run
    /// line seals.
    #[arg(long)]
    book: Option<PathBuf>,
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
    let sealed = match &args.book {
        None => None,
        Some(path) => {
            let book = input::read(path, "book", "check the rows against")?;
            let lines = BookLines::parse(&book)
                .map_err(|e| Unusable::file(path, e.to_string()).at_line(e.line))?;
            Some((sealed_contracts(&lines), sealed_bands(&lines)))
        }
    };
    let report = match &sealed {
        Some((contracts, bands)) => {
            conformance::check_with_book_and_bands(&bytes, Some(contracts), bands)
        }
        None => conformance::check(&bytes),
    };
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
