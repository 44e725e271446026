//! `sealbook ots upgrade <file.ots>... [--calendar URL]... [--whitelist URL]...
//! [--no-default-whitelist] [--timeout S] [--dry-run]`: the `ots upgrade` of
//! opentimestamps-client (spec §3.2, Appendix B step 6: "a proof showing only pending calendar
//! attestations can be completed with ots upgrade"). Every pending commitment is asked of its
//! calendar (`GET /timestamp/<hex>`); answers are merged in core
//! ([`crate::anchor::ots::upgrade_proof`]).
//!
//! Which calendars are asked: with `--calendar`, those (for every pending commitment, as the
//! reference's override does); otherwise the calendar each attestation names, only if it is
//! on the whitelist (by default the public https calendars; `--whitelist` adds patterns), so
//! a proof cannot make the client contact a server of its choosing.
//!
//! The original is never lost: a changed proof is first copied to `<file.ots>.bak` (refused
//! if that exists, as the reference does), the upgrade is written to a temporary file in the
//! same directory and synced, then renamed over the original.
//!
//! Exit codes: 0 every proof complete (has a Bitcoin attestation); 1 some proof still pending
//! (calendars unreachable, slow, malformed answers or not yet confirmed; each is reported);
//! 2 unusable input (unreadable or malformed proof, a `.bak` in the way, a failed write).

use crate::anchor::ots::{upgrade_proof, ProofResult, Save, UpgradeOptions};
use crate::anchor::Retry;
use crate::outcome::{CmdResult, Exit};
use sealbook_core::ots::calendar_server::DEFAULT_WHITELIST;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Pending proofs (.ots); each upgraded one keeps its original as <file.ots>.bak.
    #[arg(required = true)]
    proofs: Vec<PathBuf>,
    /// Ask this calendar instead of the ones named in the proof (repeatable).
    #[arg(long = "calendar", value_name = "URL")]
    calendars: Vec<String>,
    /// Also trust calendars matching this URL pattern (`*` globs in the host; without a
    /// scheme both http and https), repeatable.
    #[arg(long = "whitelist", value_name = "URL")]
    whitelist: Vec<String>,
    /// Do not trust the default public calendars, only --whitelist ones.
    #[arg(long)]
    no_default_whitelist: bool,
    /// Seconds to wait for each calendar request.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    timeout: u64,
    /// Ask the calendars but do not change any file.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let mut whitelist = args.whitelist.clone();
    if !args.no_default_whitelist {
        whitelist.extend(DEFAULT_WHITELIST.iter().map(|s| s.to_string()));
    }
    let opts = UpgradeOptions {
        calendars: args.calendars.clone(),
        whitelist,
        save: if args.dry_run {
            Save::DryRun
        } else {
            Save::KeepBackup
        },
    };
    let retry = Retry::once(Duration::from_secs(args.timeout));
    let mut results = Vec::new();
    for path in &args.proofs {
        let r = upgrade_proof(path, &opts, &retry)?;
        if !json {
            print_human(&r);
        }
        results.push(r);
    }
    let ok = results.iter().all(|r| r.complete);
    if json {
        let doc = serde_json::json!({ "ok": ok, "proofs": results });
        println!("{doc}");
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}

fn print_human(r: &ProofResult) {
    for a in &r.asked {
        let via = match &a.url {
            Some(u) if *u != a.calendar => format!(" via {u}"),
            _ => String::new(),
        };
        println!(
            "{}: {}{via}: {}: {}",
            r.proof, a.calendar, a.result, a.message
        );
    }
    for a in &r.new_attestations {
        println!("{}: new {a}", r.proof);
    }
    if let Some(b) = &r.backup {
        println!("{}: upgraded proof saved; original kept as {b}", r.proof);
    }
    if r.complete {
        println!("{}: complete (has a Bitcoin attestation)", r.proof);
    } else {
        println!("{}: not complete: still pending", r.proof);
    }
}
