//! `sealbook ots headers FILE... [--json]`: a header-only check of Bitcoin block headers, with
//! no proof and no node (spec §3.11; Appendix B step 6): proof of work, links, the runs and
//! their total work, median time past, every difficulty retarget whose period's first header
//! is given (recomputed as Bitcoin does), and forks with the branch on the heavier run - or
//! that the headers cannot tell. Files are read in order: hex, one header per line (`HEIGHT
//! HEX` lines name heights), or concatenated 80-byte binary. `sealbook_core::ots::bitcoin`
//! does every check.
//!
//! Exit codes: 0 every header passed; 1 a header failed proof of work, a link's height, the
//! median-time-past rule or a retarget; 2 unusable input.

use super::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::ots::bitcoin::{analyze_headers, parse_labelled, HeaderAnalysis};
use serde::Serialize;
use std::path::PathBuf;

/// Largest headers file read: 100,000 headers as labelled hex lines.
pub const MAX_HEADERS_BYTES: u64 = 100_000 * 172;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Header files, read in order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Serialize)]
struct Output<'a> {
    files: Vec<String>,
    #[serde(flatten)]
    analysis: &'a HeaderAnalysis,
}

/// Reads header files in order into one labelled list; errors name the file and header.
pub fn read_headers(
    files: &[PathBuf],
) -> Result<Vec<sealbook_core::ots::bitcoin::LabelledHeader>, Unusable> {
    let mut all = Vec::new();
    for path in files {
        let bytes = read_bounded(path, MAX_HEADERS_BYTES, "headers file")?;
        let mut h = parse_labelled(&bytes).map_err(|e| {
            Unusable::file(path, format!("not block headers: {}", e.message))
                .field(format!("header {}", e.index))
        })?;
        all.append(&mut h);
    }
    Ok(all)
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let headers = read_headers(&args.files)?;
    let analysis = analyze_headers(&headers)
        .map_err(|e| Unusable::new(e.message.to_string()).field(format!("header {}", e.index)))?;
    if json {
        let out = Output {
            files: args.files.iter().map(|f| f.display().to_string()).collect(),
            analysis: &analysis,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("analysis serializes")
        );
    } else {
        print_analysis(&analysis);
        println!(
            "verdict: {}",
            if analysis.ok {
                "OK (header checks only: whether the heaviest run is the best Bitcoin chain needs a node or independent explorers)"
            } else {
                "FAILED"
            }
        );
    }
    Ok(if analysis.ok { Exit::Ok } else { Exit::Failed })
}

/// The findings, failures and unmade checks, one per line (also under `ots verify`).
pub fn print_analysis(a: &HeaderAnalysis) {
    for f in &a.findings {
        println!("{f}");
    }
    for e in &a.errors {
        println!("FAILED: {e}");
    }
    for n in &a.notes {
        println!("not checked: {n}");
    }
}
