//! `sealbook verify DIR --answers [--ca ROOTS]... [--rekor-key KEY] [--headers FILE]...
//! [--json]`: every answer's own proof (spec §3.3, §3.11 P1b; core's
//! `verifier::answers`). DIR is a league directory as published (Appendix C):
//! `council-book.jsonl`, `asks.jsonl`, `asks/<sha256>.md`, `proof/<day>/<HHMMSS>Z.txt` with
//! `.ots`, `.<tsa>.tsr` and `.rekor.json` beside each list, and `tsa/` certificates. Each file
//! is checked as the page checks a dropped folder (the same core calls), then each answer line
//! and cell gets its verdict, each run a summary, and the ask texts Appendix B step 5. Lists,
//! proofs, tokens, entries and certificates are read from `proof/` only: the operator's own
//! files beside them (a signing key `rekor.pem`) are no part of the proof.
//!
//! Exit codes: 0 every check holds; 1 a check failed or could not be performed (a token with
//! no `--ca`, an entry with no `--rekor-key`, a Bitcoin attestation with no `--headers`, a
//! run the declaration does not explain, an ask text that does not hash to its name, a
//! `council-clim-window.json` that is not the table the declaration sealed, spec §4.3);
//! 2 unusable input (no book, an unreadable file or book line).

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE, CLIM_FILE};
use sealbook_core::score::baselines::ClimSeal;
use sealbook_core::verifier::report_document::ReportDocument;
use sealbook_core::verifier::session::{LeagueRead, Session, SessionError, Verified};
use sealbook_core::verifier::{AnswersReport, AskTextsReport, TrustLevel, Verdict};
use std::path::{Path, PathBuf};

/// Largest token, entry, certificate, key or ask text read.
const MAX_SMALL_BYTES: u64 = sealbook_core::verifier::session::MAX_SMALL_BYTES;
/// Most files walked in a league directory.
const MAX_FILES: usize = 200_000;
/// Most bytes read from a league directory in all, by default (`--max-read-bytes`): every
/// file read is held in memory until the verdicts are given, several times its size once
/// parsed, so the total is bounded as well as each file.
pub const MAX_READ_BYTES: u64 = 512 << 20;

/// What `--answers` needs beside the directory.
pub struct AnswersArgs<'a> {
    pub dir: &'a Path,
    pub ca: &'a [PathBuf],
    pub rekor_key: Option<&'a Path>,
    pub headers: &'a [PathBuf],
    /// Most bytes read from the directory in all.
    pub max_read_bytes: u64,
}

/// Every file under `dir` (relative names with `/`), sorted; bounded by [`MAX_FILES`].
pub(super) fn walk(dir: &Path) -> Result<Vec<(String, PathBuf)>, Unusable> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| Unusable::io(&d, "read directory", &e))?;
        for e in entries {
            let e = e.map_err(|e| Unusable::io(&d, "read directory", &e))?;
            let p = e.path();
            let kind = e
                .file_type()
                .map_err(|e| Unusable::io(&p, "read directory", &e))?;
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file() {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap_or(&p)
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push((rel, p));
                if out.len() > MAX_FILES {
                    return Err(Unusable::file(
                        dir,
                        format!("more than {MAX_FILES} files: not a league directory"),
                    ));
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Refuses, before any is read, a directory whose files to read (their sizes as the file
/// system states them) total more than `max` bytes.
fn check_total(dir: &Path, files: &[(String, PathBuf)], max: u64) -> Result<(), Unusable> {
    let mut total = 0u64;
    for (_, path) in files
        .iter()
        .filter(|(name, _)| LeagueRead::of(name).is_some())
    {
        let len = std::fs::metadata(path)
            .map_err(|e| Unusable::io(path, "read the size of", &e))?
            .len();
        total = total.saturating_add(len);
    }
    if total > max {
        return Err(Unusable::file(
            dir,
            format!("the files --answers reads (book, ask chain and texts, stamped lists, proofs, tokens, entries, certificates) total {total} bytes, more than the limit of {max} bytes (--max-read-bytes raises it; they are held in memory together, several times their size)"),
        )
        .field("--max-read-bytes"));
    }
    Ok(())
}

fn read_small(p: &Path, what: &str) -> Result<Vec<u8>, Unusable> {
    read_bounded(p, MAX_SMALL_BYTES, what)
}

/// The session over the league directory `args.dir`: its book, ask chain and texts, stamped
/// lists and their anchors fed to core's [`Session`] with the reader's trust choices, then
/// finished. Unusable input (no book, an unreadable file, headers or book line) is exit 2.
pub(super) fn session(args: &AnswersArgs<'_>, now: i64) -> Result<Verified, Unusable> {
    if !args.dir.is_dir() {
        return Err(Unusable::file(
            args.dir,
            "--answers takes a league directory (council-book.jsonl, asks.jsonl, asks/, proof/)",
        ));
    }
    let files = walk(args.dir)?;
    let book_path = args.dir.join(BOOK_FILE);
    if !book_path.is_file() {
        return Err(Unusable::file(
            &book_path,
            "no council book in the league directory",
        ));
    }
    check_total(args.dir, &files, args.max_read_bytes)?;
    let mut session = Session::new(&args.dir.display().to_string(), now);
    // The book and the ask chain first, then every other file in name order.
    let asks_path = args.dir.join(ASKS_FILE);
    let first = [(BOOK_FILE, &book_path), (ASKS_FILE, &asks_path)];
    for (name, path) in first.iter().filter(|(_, p)| p.is_file()) {
        let kind = LeagueRead::of(name).expect("the book and the ask chain are read");
        session.feed(name, read_bounded(path, kind.limit(), kind.what())?);
    }
    for (name, path) in &files {
        match LeagueRead::of(name) {
            None | Some(LeagueRead::Book | LeagueRead::AskChain) => {}
            Some(kind) => session.feed(name, read_bounded(path, kind.limit(), kind.what())?),
        }
    }
    let mut header_text = String::new();
    for p in args.headers {
        let bytes = read_bounded(p, 1 << 20, "headers")?;
        header_text.push_str(&String::from_utf8_lossy(&bytes));
        header_text.push('\n');
    }
    session
        .headers(&header_text)
        .map_err(|e| Unusable::new(format!("--headers: {e}")).field("--headers"))?;
    for p in args.ca {
        session.trust_anchor(&p.display().to_string(), read_small(p, "trust anchor")?);
    }
    if let Some(k) = args.rekor_key {
        session.log_key(&k.display().to_string(), read_small(k, "Rekor log key")?);
    }
    session.finish().map_err(|e| match e {
        SessionError::Book(why) => Unusable::file(&book_path, why),
        SessionError::AskChain(why) => Unusable::file(&asks_path, why),
        SessionError::Answers(why) => Unusable::file(args.dir, why),
        SessionError::Headers(why) => Unusable::new(format!("--headers: {why}")).field("--headers"),
        SessionError::NoBook => {
            Unusable::file(&book_path, "no council book in the league directory")
        }
    })
}

/// The time of the verification (seconds since the epoch).
pub(super) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

pub fn run(args: AnswersArgs<'_>, json: bool) -> CmdResult {
    let Verified {
        report, context, ..
    } = session(&args, now())?;
    let document = ReportDocument::of(&report, &context);
    if json {
        println!("{}", document.to_json());
    } else if let (Some(answers), Some(texts)) = (&report.answers, &report.ask_texts) {
        print_human(answers, texts, &document.file_problems, report.level());
        if let Some(ClimSeal::Held { sha256 }) = &report.climatology {
            println!(
                "climatology: {CLIM_FILE} is the table sealed in the declaration (content SHA-256 {sha256})"
            );
        }
    }
    Ok(if document.ok { Exit::Ok } else { Exit::Failed })
}

pub(super) fn print_human(
    a: &AnswersReport,
    texts: &AskTextsReport,
    problems: &[String],
    level: TrustLevel,
) {
    println!("counted runs: {}", a.counting_rule);
    for n in &a.counting.notes {
        println!("  note: {n}");
    }
    for f in &a.counting.flags {
        println!("  FLAGGED: {f}");
    }
    if let Some(d) = &a.declaration {
        println!("  the declaration: {}", d.words);
    }
    for r in &a.runs {
        println!("{}", r.summary);
        println!("  cells: {}", r.cells_summary);
    }
    println!();
    println!(
        "{:>5}  {:<14} {:<16} {:<13} {:<20} {:<20} {:<34} by",
        "line", "run", "seat", "status", "sealed", "reference", "verdict"
    );
    for v in &a.answers {
        println!(
            "{:>5}  {:<14} {:<16} {:<13} {:<20} {:<20} {:<34} {}",
            v.line,
            v.run_id,
            v.seat,
            v.status,
            v.sealed_at,
            v.reference_at,
            v.verdict.label(),
            v.proven_by
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        println!("       {}", v.words);
        for part in &v.set_aside {
            println!(
                "       set aside ({}): {part}",
                v.shape.as_deref().unwrap_or("marked")
            );
        }
        for c in &v.corrections {
            println!(
                "       corrected by line {}: {} ({})",
                c.line,
                c.words,
                c.reason.as_deref().unwrap_or("no reason given")
            );
        }
    }
    let btc: Vec<_> = a
        .cells
        .iter()
        .filter(|c| c.asset == "BTC" && c.horizon == "1d")
        .collect();
    if !btc.is_empty() {
        println!();
        println!("Bitcoin cells (the session's reference, as every market's; sealed after it, or scored from its own bar before the one clock: the first 1-minute bar at or after the seal):");
        for c in btc {
            println!(
                "{:>5}  {:<16} reference {}  {}",
                c.line,
                c.seat,
                c.reference_at,
                c.verdict.label()
            );
        }
    }
    if let Some(from) = a.unanchored_from {
        println!();
        println!(
            "lines {from} on are not covered by any checked stamped list: Level 1, the operator's clock"
        );
    }
    println!();
    println!(
        "ask texts (Appendix B step 5): {} checked, {}",
        texts.texts.len(),
        if texts.ok() {
            "all hash to their names and runs"
        } else {
            "FAILED"
        }
    );
    for p in &texts.problems {
        println!("  FAILED: {p}");
    }
    for p in a
        .problems
        .iter()
        .map(ToString::to_string)
        .chain(problems.iter().cloned())
    {
        println!("FAILED: {p}");
    }
    let counts = |v: Verdict| a.answers.iter().filter(|x| x.verdict == v).count();
    println!(
        "{} answers: {} proven before the reference, {} anchored only after it, {} operator's clock only, {} sealed late; files reach {}",
        a.answers.len(),
        counts(Verdict::ProvenBeforeReference),
        counts(Verdict::AnchoredOnlyAfterReference),
        counts(Verdict::OperatorClockOnly),
        counts(Verdict::SealedAfterReference),
        level.label()
    );
}
