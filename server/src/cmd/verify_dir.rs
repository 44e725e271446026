//! `sealbook verify DIR [--ca ROOTS]... [--rekor-key KEY] [--headers FILE]... [--json]`: every
//! Appendix B step a published league directory allows, ending with one verdict and the trust
//! level reached. Core's verification session ([`super::verify_answers::session`]) checks the
//! books' chains and stamped prefixes, every stamped list's anchors (OpenTimestamps, RFC 3161,
//! Rekor), the ask texts, `council-clim-window.json` against the content hash the declaration
//! sealed (spec §4.3) and every answer's verdict; core's [`check_league`] checks every file
//! against `manifest.json`, replays the trading tracks with the accounts summary of
//! `council-league.json`, recounts `council-forecasts.csv` and `council-stats.json` from the
//! book, and keeps the session's climatology seal. `--json` prints the report document of
//! `verify DIR --answers --json` with the league's checks under `league`.
//!
//! Exit codes: 0 every check passed (at the level stated); 1 a check failed (each named with
//! its file, line and field); 2 nothing failed but something could not be checked (a token
//! with no `--ca` root, a pending proof with no other anchor, no manifest), or the directory
//! is unusable (not a league: no book; unreadable).

use super::verify_answers::{now, session, walk, AnswersArgs};
use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::records::names::CLIM_FILE;
use sealbook_core::score::baselines::ClimSeal;
use sealbook_core::verifier::league_check::{check_league, LeagueCheck, LeagueFiles};
use sealbook_core::verifier::overall::{State, Unchecked};
use sealbook_core::verifier::report_document::ReportDocument;
use sealbook_core::verifier::session::Verified;
use sealbook_core::verifier::{ProofState, VerifierReport};

pub fn run(args: AnswersArgs<'_>, json: bool) -> CmdResult {
    let Verified {
        report,
        context,
        climatology,
    } = session(&args, now())?;
    let files = walk(args.dir)?;
    let mut total = 0u64;
    let mut read = LeagueFiles::new();
    for (name, path) in &files {
        let bytes = read_bounded(path, args.max_read_bytes, name)?;
        total = total.saturating_add(bytes.len() as u64);
        if total > args.max_read_bytes {
            return Err(Unusable::file(
                args.dir,
                format!("the league's files total more than the limit of {} bytes (--max-read-bytes raises it)", args.max_read_bytes),
            )
            .field("--max-read-bytes"));
        }
        read.insert(name.clone(), bytes);
    }
    let names: Vec<String> = files.into_iter().map(|(n, _)| n).collect();
    let league = check_league(&read, &names, climatology);
    drop(read);
    let document = ReportDocument::of_league(&report, &context, &league);
    if json {
        println!("{}", document.to_json());
    } else {
        print_human(&report, &document, &league);
    }
    Ok(match document.verdict.state {
        State::Passed => Exit::Ok,
        State::Failed => Exit::Failed,
        State::Unchecked => Exit::Unusable,
    })
}

fn print_human(report: &VerifierReport, doc: &ReportDocument<'_>, league: &LeagueCheck) {
    match &league.manifest {
        Some(m) => println!(
            "manifest: {} of {} listed files as listed (size and SHA-256){}",
            m.files.iter().filter(|f| f.ok()).count(),
            m.files.len(),
            if league.unlisted.is_empty() {
                String::new()
            } else {
                format!("; not listed: {}", league.unlisted.join(", "))
            }
        ),
        None => println!("manifest: none"),
    }
    if let Some(r) = &league.retrieval {
        println!(
            "retrieval: {} files retrieved from {} (generated {}, manifest retrieved {}), each held to its recorded size and SHA-256",
            r.files.len(),
            r.manifest_url,
            r.generated_at.as_deref().unwrap_or("at a time the manifest does not state"),
            r.manifest_retrieved_at
        );
    }
    for b in &report.books {
        let stamps = b.stamps.iter().filter(|s| s.ok()).count();
        println!(
            "chain: {} {} lines {}; {} of {} stamped prefixes match",
            b.name,
            b.report.lines,
            if b.report.ok { "hold" } else { "DO NOT hold" },
            stamps,
            b.stamps.len()
        );
    }
    let state_count = |s: ProofState| report.proofs.iter().filter(|p| p.state() == s).count();
    println!(
        "anchors: {} stamped lists; {} OpenTimestamps proofs ({} verified in Bitcoin, {} not yet); {} RFC 3161 tokens ({} verified); {} Rekor entries ({} verified)",
        report.lists.len(),
        report.proofs.len(),
        state_count(ProofState::Verified),
        state_count(ProofState::Open),
        report.tokens.len(),
        report.tokens.iter().filter(|t| t.ok).count(),
        report.rekor.len(),
        report.rekor.iter().filter(|r| r.ok).count(),
    );
    if let Some(t) = &report.ask_texts {
        println!(
            "ask texts: {} checked, {}",
            t.texts.len(),
            if t.ok() {
                "all hash to their names and runs"
            } else {
                "FAILED"
            }
        );
    }
    if let Some(a) = &doc.verdict.answers {
        println!(
            "answers: {} counted, {} proven sealed before their reference, {} anchored only after it, {} operator's clock only, {} sealed late",
            a.counted, a.proven_before, a.anchored_after, a.operator_only, a.late
        );
    }
    match &league.replay {
        Some(r) => println!(
            "replay: {} account rows, {} DIFFERENT; summary of council-league.json: {}",
            r.replay.rows,
            r.replay.different,
            match &r.summary {
                Some(s) if s.ok => format!("{} accounts as recounted", s.accounts),
                Some(_) => "DIFFERENT".to_string(),
                None => "not published".to_string(),
            }
        ),
        None => println!("replay: no trading tracks published"),
    }
    match &league.climatology {
        Some(ClimSeal::Held { sha256 }) => println!(
            "climatology: {CLIM_FILE} is the table sealed in the declaration (content SHA-256 {sha256})"
        ),
        Some(ClimSeal::NotSealed { table: true, .. }) => println!(
            "climatology: {CLIM_FILE} NOT SEALED: the declaration seals no table (a league declared before tables were sealed)"
        ),
        Some(ClimSeal::NotSealed { table: false, .. }) => {
            println!("climatology: no table, none sealed")
        }
        Some(_) => println!("climatology: {CLIM_FILE} is NOT the table sealed in the declaration"),
        None => {}
    }
    if !league.recounted.is_empty() {
        println!("recounted from the book: {}", league.recounted.join(", "));
    }
    let failed = doc
        .answers
        .iter()
        .flat_map(|a| a.problems.iter().map(ToString::to_string))
        .chain(league.failures.iter().cloned());
    for p in failed {
        println!("FAILED: {p}");
    }
    // A file's check that failed or could not be performed; the first few (the JSON lists
    // them all).
    const SHOWN: usize = 10;
    for p in doc.file_problems.iter().take(SHOWN) {
        println!("NOT VERIFIED: {p}");
    }
    if doc.file_problems.len() > SHOWN {
        println!(
            "NOT VERIFIED: {} more files (--json lists them all)",
            doc.file_problems.len() - SHOWN
        );
    }
    for u in &doc.verdict.unchecked {
        println!("NOT CHECKED: {}", unchecked(u));
    }
    for u in &league.unchecked {
        println!("NOT CHECKED: {u}");
    }
    let state = match doc.verdict.state {
        State::Passed => "PASSED",
        State::Failed => "FAILED",
        State::Unchecked => "NOT FULLY CHECKED",
    };
    println!("verdict: {state}; the files reach {}", doc.level);
}

/// What could not be checked and what would check it, in the command line's words.
fn unchecked(u: &Unchecked) -> String {
    match u {
        Unchecked::RootNotChosen { authority, tokens } => format!(
            "{tokens} RFC 3161 tokens of {authority}: its root is not a trust anchor you chose (give it with --ca)"
        ),
        Unchecked::SignerMissing { file } => format!("{file}: the signer's certificate is not published"),
        Unchecked::ProofsPending { proofs } => format!(
            "{proofs} OpenTimestamps proofs are pending (upgrade them with `sealbook ots upgrade` once Bitcoin confirms)"
        ),
        Unchecked::HeadersMissing { proofs, heights } => format!(
            "{proofs} OpenTimestamps proofs reach Bitcoin blocks {heights:?} whose headers were not given (give them with --headers)"
        ),
        Unchecked::ListMissing { file } => format!("{file}: its stamped list is not in the directory"),
        Unchecked::LogKeyMissing { file } => {
            format!("{file}: no Rekor log key to check it (give it with --rekor-key)")
        }
        Unchecked::ClimatologyMissing { file } => {
            format!("{file}: the climatology table the declaration seals is not in the directory")
        }
        Unchecked::NothingChecked => "nothing to check".to_string(),
    }
}
