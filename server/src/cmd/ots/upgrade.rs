//! `sealbook ots upgrade <file.ots>... [--calendar URL]... [--whitelist URL]...
//! [--no-default-whitelist] [--timeout S] [--dry-run]`: the `ots upgrade` of
//! opentimestamps-client (spec §3.2, Appendix B step 6: "a proof showing only pending calendar
//! attestations can be completed with ots upgrade"). Every pending commitment is asked of its
//! calendar (`GET /timestamp/<hex>`); answers are merged in core.
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

use super::{read_proof, with_suffix, write_new};
use crate::calendar_server_client::{CalendarServerClient, Lookup};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::hex;
use sealbook_core::ots::calendar_server::{url_whitelisted, DEFAULT_WHITELIST};
use sealbook_core::ots::{evaluate, upgrade, DetachedTimestampFile};
use serde::Serialize;
use std::path::{Path, PathBuf};
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

/// One request to a calendar.
#[derive(Serialize)]
struct Asked {
    /// The calendar the pending attestation names.
    calendar: String,
    /// The URL asked (differs with --calendar).
    url: Option<String>,
    commitment: String,
    /// found | pending | error | skipped
    result: &'static str,
    message: String,
}

#[derive(Serialize)]
struct ProofResult {
    proof: String,
    asked: Vec<Asked>,
    new_attestations: Vec<String>,
    saved: bool,
    backup: Option<String>,
    complete: bool,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let mut patterns = args.whitelist.clone();
    if !args.no_default_whitelist {
        patterns.extend(DEFAULT_WHITELIST.iter().map(|s| s.to_string()));
    }
    let client = CalendarServerClient::new(Duration::from_secs(args.timeout));
    let mut results = Vec::new();
    for path in &args.proofs {
        let r = upgrade_one(path, &args, &patterns, &client)?;
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

fn upgrade_one(
    path: &Path,
    args: &Args,
    patterns: &[String],
    client: &CalendarServerClient,
) -> Result<ProofResult, Unusable> {
    let (mut file, original) = read_proof(path)?;
    let unlistable = |e: evaluate::EvalError| Unusable::file(path, e.to_string()).field("proof");
    let mut r = ProofResult {
        proof: path.display().to_string(),
        asked: Vec::new(),
        new_attestations: Vec::new(),
        saved: false,
        backup: None,
        complete: upgrade::is_complete(&file.timestamp),
    };
    if r.complete {
        return Ok(r);
    }
    let mut seen = std::collections::BTreeSet::new();
    for (uri, commitment) in evaluate::pending_commitments(&file.timestamp).map_err(unlistable)? {
        let urls = if !args.calendars.is_empty() {
            args.calendars.clone()
        } else if url_whitelisted(&uri, patterns) {
            vec![uri.clone()]
        } else {
            r.asked.push(Asked {
                calendar: uri.clone(),
                url: None,
                commitment: hex::encode(&commitment),
                result: "skipped",
                message: "calendar not in whitelist (add it with --whitelist)".into(),
            });
            continue;
        };
        for url in urls {
            if !seen.insert((url.clone(), commitment.clone())) {
                continue;
            }
            let (result, message) = match client.lookup(&url, &commitment) {
                Ok(Lookup::Found(answer)) => {
                    match upgrade::merge_answer(&mut file.timestamp, &answer) {
                        Ok(m) => {
                            r.new_attestations
                                .extend(m.new_attestations.iter().map(|a| a.to_string()));
                            (
                                "found",
                                format!("{} new attestation(s)", m.new_attestations.len()),
                            )
                        }
                        Err(e) => ("error", format!("answer cannot be merged: {e}")),
                    }
                }
                Ok(Lookup::NotFound(reason)) => ("pending", reason),
                Err(e) => ("error", e),
            };
            r.asked.push(Asked {
                calendar: uri.clone(),
                url: Some(url),
                commitment: hex::encode(&commitment),
                result,
                message,
            });
        }
    }
    r.complete = upgrade::is_complete(&file.timestamp);
    if !r.new_attestations.is_empty() && !args.dry_run {
        let backup = save_keeping_original(path, &original, &file)?;
        r.saved = true;
        r.backup = Some(backup.display().to_string());
    }
    Ok(r)
}

/// Copies `original` to `<path>.bak` (never over an existing file), writes the upgraded
/// proof to a temporary file beside it, syncs it and renames it over `path`. At every step
/// the original bytes exist on disk under `path` or the backup name.
fn save_keeping_original(
    path: &Path,
    original: &[u8],
    file: &DetachedTimestampFile,
) -> Result<PathBuf, Unusable> {
    let bytes = file
        .serialize()
        .map_err(|_| Unusable::file(path, "EmptyTimestampError: nothing to write"))?;
    let backup = with_suffix(path, ".bak");
    write_new(&backup, original).map_err(|e| {
        Unusable::io(
            &backup,
            "back up the original proof (as ots upgrade does)",
            &e,
        )
    })?;
    let tmp = with_suffix(path, &format!(".upgrade-{}.tmp", std::process::id()));
    let written = write_new(&tmp, &bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(Unusable::io(
            path,
            "write the upgraded proof (the original is unchanged)",
            &e,
        ));
    }
    // Make the rename durable too.
    if let Some(dir) = path.parent().map(|d| {
        if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        }
    }) {
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(backup)
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
