//! `sealbook league stamp DIR [--at RFC3339]`: writes the stamped list of every ledger of the
//! league at `proof/<day>/<HHMMSS>Z.txt` and asks every configured anchor for it (spec §3.2);
//! the work is [`crate::anchor::league::stamp_league`]. The config is the copy `league init`
//! keeps in `DIR/league.toml`.
//!
//! Exit codes: 0 the list is written and every configured anchor succeeded, or no ledger has
//! grown since the last list (nothing written); 1 an anchor failed (recorded in
//! `<list>.anchors.json`; the list and the other anchors are written); 2 unusable input.

use crate::anchor::league::stamp_league;
use crate::league::clock::Clock;
use crate::league::config::read_config;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Instant;
use sealbook_core::league::anchor_record::{record_path, Anchor};
use sealbook_core::league::config::LeagueConfig;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory (made by `league init`).
    dir: PathBuf,
    /// Take this instant as now (tests, replays); the list's name comes from it.
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
}

/// What `league stamp` and `league upgrade` start from: the league's config (as `league init`
/// keeps it) and the instant taken as now (`--at`, else the system clock).
pub fn config_and_now(dir: &Path, at: Option<&str>) -> Result<(LeagueConfig, Instant), Unusable> {
    Ok((read_config(dir)?, Clock::instant_from_arg(at)?))
}

/// The `--json` document of a report: the report's fields and `ok`, on one line.
pub fn print_json(report: &impl serde::Serialize, ok: bool) {
    let mut doc = serde_json::to_value(report).expect("the report serializes");
    doc["ok"] = ok.into();
    println!("{doc}");
}

/// One anchor as a line: `  <kind> <authority>: <file>` or `FAILED (n attempts): <why>`.
pub fn print_anchor(a: &Anchor) {
    let kind = serde_json::to_value(a.kind).expect("a kind serializes");
    let kind = kind.as_str().unwrap_or_default();
    match (&a.file, &a.error) {
        (Some(f), None) => println!("  {kind} {}: {f}", a.authority),
        (_, e) => println!(
            "  {kind} {}: FAILED ({} attempt(s)): {}",
            a.authority,
            a.attempts,
            e.as_deref().unwrap_or("")
        ),
    }
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (config, now) = config_and_now(&args.dir, args.at.as_deref())?;
    let report = stamp_league(&args.dir, &config, now)?;
    let ok = report.ok();
    if json {
        print_json(&report, ok);
    } else {
        match (&report.list, &report.unchanged_since) {
            (None, Some(last)) => println!("no ledger has grown since {last}: no list written"),
            (Some(list), _) => {
                let counts: Vec<String> = report
                    .ledgers
                    .iter()
                    .map(|l| format!("{} {} lines", l.file, l.lines))
                    .collect();
                println!("wrote {list} ({})", counts.join(", "));
                if let Some(r) = &report.record {
                    r.anchors.iter().for_each(print_anchor);
                }
                for c in &report.certificates {
                    println!("  certificates {c}");
                }
                println!("recorded {}", record_path(list));
            }
            (None, None) => {}
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
