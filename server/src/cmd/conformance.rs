//! `sealbook conformance <council-forecasts.csv> [--book council-book.jsonl] [--json]`: the
//! spec's conformance checker (§3.13, `tools/conformance.py`) over a forecasts file, through
//! `core::conformance`; with the book, each row is also checked against the contract its run
//! line seals (spec §3, Table 1), and each resolved row's `draw` against the band its score
//! line seals (§3.5). With `--climatology council-clim-window.json --asks asks.jsonl`, the
//! table is held to the content hash the declaration (the ask chain's line 1) sealed before
//! the season (§4.3, Requirement 9): a changed, unreadable or missing table, or a declaration
//! that seals none, is a failure naming the file and the field. Prints `N rows, ok` or each
//! failure with its row and column; exit 1 when a check fails, 2 when an input cannot be
//! read.

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::contract::conformance::{self, ConformanceReport};
use sealbook_core::records::book_lines::BookLines;
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
    /// The league's climatology table (council-clim-window.json): held to the content hash
    /// the declaration in `--asks` sealed.
    #[arg(long, value_name = "FILE", requires = "asks")]
    climatology: Option<PathBuf>,
    /// The league's ask chain (asks.jsonl), whose line 1 (the declaration) seals the
    /// climatology table's content hash.
    #[arg(long, value_name = "FILE", requires = "climatology")]
    asks: Option<PathBuf>,
}

/// The climatology table held to the declaration's seal: whether it held, and the failure
/// naming file and field.
#[derive(Serialize)]
struct ClimCheck {
    ok: bool,
    file: String,
    /// The field that failed: `sha256` of the table, the table's own field when it does not
    /// read, or the declaration's `climatology_sha256` when it seals none.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
    message: String,
}

/// Holds the table at `table` to the hash the declaration in `asks` sealed (spec §4.3).
fn clim_check(table: &std::path::Path, asks: &std::path::Path) -> Result<ClimCheck, Unusable> {
    use sealbook_core::records::ask_chain::AskChain;
    use sealbook_core::score::baselines::{check_clim_seal, ClimSeal};
    let chain_bytes = input::read(asks, "ask chain", "read the declaration from")?;
    let chain = AskChain::parse(&chain_bytes).map_err(|e| Unusable::file(asks, e.to_string()))?;
    let decl = chain
        .declaration()
        .ok_or_else(|| Unusable::file(asks, "line 1 is not a declaration").at_line(1))?;
    let file = table.display().to_string();
    let bytes = if table.is_file() {
        Some(input::read(table, "climatology table", "check")?)
    } else {
        None
    };
    let Some(sealed) = decl.climatology_sha256.as_deref() else {
        return Ok(ClimCheck {
            ok: false,
            file,
            field: Some("climatology_sha256".into()),
            message: format!(
                "{} line 1 field climatology_sha256: the declaration seals no climatology table, so the table cannot be held to a seal",
                asks.display()
            ),
        });
    };
    let seal = check_clim_seal(Some(sealed), bytes.as_deref());
    let field = match &seal {
        ClimSeal::Held { .. } => None,
        ClimSeal::Unreadable { field, .. } => Some(field.clone()),
        ClimSeal::Missing { .. } => Some("climatology_sha256".into()),
        _ => Some("sha256".into()),
    };
    Ok(ClimCheck {
        ok: !seal.failed(),
        message: seal.failure(&file).unwrap_or_else(|| {
            format!("{file} is the table sealed in the declaration (content SHA-256 {sealed})")
        }),
        file,
        field,
    })
}

#[derive(Serialize)]
struct Output<'a> {
    ok: bool,
    file: String,
    #[serde(flatten)]
    report: &'a ConformanceReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    climatology: Option<&'a ClimCheck>,
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
    let clim = match (&args.climatology, &args.asks) {
        (Some(table), Some(asks)) => Some(clim_check(table, asks)?),
        _ => None,
    };
    let ok = report.ok() && clim.as_ref().is_none_or(|c| c.ok);
    if json {
        let out = Output {
            ok,
            file: args.forecasts.display().to_string(),
            report: &report,
            climatology: clim.as_ref(),
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("report serializes")
        );
    } else {
        print!("{}", report.render());
        match &clim {
            Some(c) if c.ok => println!("climatology: {}", c.message),
            Some(c) => println!("FAILED: climatology: {}", c.message),
            None => {}
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
