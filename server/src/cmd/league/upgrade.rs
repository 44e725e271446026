//! `sealbook league upgrade DIR [--at RFC3339]`: upgrades every pending OpenTimestamps proof
//! under `proof/` at its calendars and asks again every anchor a list's record names as failed
//! once its backoff has passed, giving up those of a list a week old (spec §3.2: pending
//! proofs are upgraded by a later job); the work is
//! [`crate::anchor::league::upgrade_league`].
//!
//! Exit codes: 0 every proof complete and every recorded anchor succeeded; 1 a proof is still
//! pending or an anchor still fails (each reported and recorded); 2 unusable input.

use super::stamp::{config_and_now, print_anchor, print_json};
use crate::anchor::league::upgrade_league;
use crate::outcome::{CmdResult, Exit};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory (made by `league init`).
    dir: PathBuf,
    /// Take this instant as now (tests, replays); the retried anchors' times come from it.
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (config, now) = config_and_now(&args.dir, args.at.as_deref())?;
    let report = upgrade_league(&args.dir, &config, now)?;
    let ok = report.ok();
    if json {
        print_json(&report, ok);
    } else {
        for p in &report.proofs {
            for a in &p.asked {
                println!("{}: {}: {}: {}", p.proof, a.calendar, a.result, a.message);
            }
            for a in &p.new_attestations {
                println!("{}: new {a}", p.proof);
            }
            let state = if p.complete {
                "complete (has a Bitcoin attestation)"
            } else {
                "still pending"
            };
            println!("{}: {state}", p.proof);
        }
        for r in &report.records {
            println!("{}: anchors asked again", r.list);
            r.anchors.iter().for_each(print_anchor);
        }
        if report.not_retried > 0 {
            println!(
                "{} failed anchor(s) not asked again now: waiting for their backoff, or given up",
                report.not_retried
            );
        }
        if report.proofs.is_empty() && report.records.is_empty() && report.not_retried == 0 {
            println!("nothing pending: every proof is complete and every anchor succeeded");
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
