//! `sealbook verify <book.jsonl> [--stamp <list.txt>]... [--ledger NAME] [--json]`: recompute
//! every seal and link of a book (Appendix B step 4) and check each stamped prefix (step 3),
//! streaming the book from disk in chunks. Which list entry is checked against the book is the
//! verifier's stamp plan, the same one the page uses: by name, else by content, else by line
//! kinds, or the entry `--ledger` chooses. A list that checks nothing fails.
//!
//! With `--answers`, the path is a league directory and every answer's own proof is printed
//! instead ([`super::verify_answers`]); a league directory without it is verified whole
//! ([`super::verify_dir`]).

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::book::chain::{ChainReport, Problem};
use sealbook_core::book::stamp_list::{self, StampCheck};
use sealbook_core::book::time_order::{Backwards, TimeOrder, TimeOrderReport};
use sealbook_core::verifier::{
    BookReader, BookResult, ListInput, MatchedBy, StampPlan, UncheckedList, MAX_LIST_BYTES,
};
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

mod parallel;

const CHUNK: usize = 1 << 20;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The sealed book (JSON Lines, e.g. council-book.jsonl).
    book: PathBuf,
    /// A stamped list whose entry for this book is checked against the book's prefix (repeatable).
    #[arg(long = "stamp", value_name = "LIST")]
    stamps: Vec<PathBuf>,
    /// Check the entry of each list that names this ledger (its path in the list, e.g.
    /// daily/council/book.jsonl, or its published name), whatever the book's file is called.
    #[arg(long, value_name = "NAME")]
    ledger: Option<String>,
    /// Treat the path as a league directory and give every answer's verdict: sealed before its
    /// reference, proven by whom (spec §3.3, §3.11 P1b), with the ask texts (Appendix B step 5).
    #[arg(long, conflicts_with_all = ["stamps", "ledger"])]
    answers: bool,
    /// With a league directory: trust anchors for the RFC 3161 tokens (PEM or DER, e.g.
    /// www/trust/tsa-roots-*.pem or the league's demo root; repeatable).
    #[arg(long = "ca", value_name = "FILE")]
    ca: Vec<PathBuf>,
    /// With a league directory: the Rekor log's public key (e.g.
    /// www/trust/rekor-sigstore-prod.pub).
    #[arg(long = "rekor-key", value_name = "FILE")]
    rekor_key: Option<PathBuf>,
    /// With a league directory: Bitcoin block headers for the OpenTimestamps proofs (hex, one
    /// per line, or `HEIGHT HEX`; repeatable).
    #[arg(long = "headers", value_name = "FILE")]
    headers: Vec<PathBuf>,
    /// With a league directory: most bytes read from the directory in all (the files read are
    /// held in memory together, several times their size); a directory over it is refused
    /// before any is read.
    #[arg(long, value_name = "BYTES", default_value_t = super::verify_answers::MAX_READ_BYTES)]
    max_read_bytes: u64,
    /// Threads that verify the chain, each a range of whole lines (default: every core).
    /// The report is the same for any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// A list entry not checked against this book: shown, not checked.
#[derive(Debug, Serialize)]
struct NotChecked {
    list: String,
    list_line: usize,
    ledger: String,
    lines: u64,
    reason: String,
}

#[derive(Debug, Serialize)]
struct StampResult {
    #[serde(flatten)]
    check: StampCheck,
    ok: bool,
    list_line: usize,
    matched_by: MatchedBy,
}

/// The `--json` object: the chain report's fields, `ok` for everything (chain and stamps).
#[derive(Debug, Serialize)]
struct Output<'a> {
    ok: bool,
    book: String,
    chain_ok: bool,
    lines: u64,
    bytes: u64,
    first_bad_line: Option<u64>,
    problems: &'a [Problem],
    problems_omitted: u64,
    partial_tail: bool,
    partial_tail_bytes: u64,
    sha256: &'a str,
    last_link: Option<&'a str>,
    stamps: Vec<StampResult>,
    not_checked: Vec<NotChecked>,
    /// Lists none of whose entries could be checked against the book (a failure).
    unchecked_lists: &'a [UncheckedList],
    /// The first line no matching stamp covers (Level 1 only), or null.
    unanchored_from: Option<u64>,
    unanchored_lines: u64,
    /// Lines sealed before their predecessor (`max(at, booked_at)`): a warning, present only
    /// when there is one (the chain holds; the operator's times do not run forward).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    time_backwards: Vec<Backwards>,
    #[serde(skip_serializing_if = "is_zero")]
    time_backwards_omitted: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let league = super::verify_answers::AnswersArgs {
        dir: &args.book,
        ca: &args.ca,
        rekor_key: args.rekor_key.as_deref(),
        headers: &args.headers,
        max_read_bytes: args.max_read_bytes,
    };
    if args.answers {
        return super::verify_answers::run(league, json);
    }
    if args.book.is_dir() {
        if !args.stamps.is_empty() || args.ledger.is_some() {
            return Err(Unusable::file(
                &args.book,
                "--stamp and --ledger take a book file; a league directory's lists are read from its proof/ folder",
            ));
        }
        return super::verify_dir::run(league, json);
    }
    if !args.ca.is_empty() || args.rekor_key.is_some() || !args.headers.is_empty() {
        return Err(Unusable::file(
            &args.book,
            "--ca, --rekor-key and --headers take a league directory",
        ));
    }
    let book_name = args
        .book
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let lists = args
        .stamps
        .iter()
        .map(|p| read_list(p))
        .collect::<Result<Vec<_>, _>>()?;
    let plan = match &args.ledger {
        Some(ledger) => StampPlan::with_ledger(&book_name, &lists, ledger),
        None => StampPlan::new(std::slice::from_ref(&book_name), &lists),
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let (read, times) = verify_book(&args.book, plan.prefix_at(0), threads)?;
    let mut outcome = plan.resolve(vec![read]);
    let BookResult {
        report,
        stamps,
        unanchored_from,
        unanchored_lines,
        ..
    } = outcome.books.remove(0);
    if report.lines == 0 {
        // Nothing was verified: unusable input (exit 2), never a pass.
        return Err(if report.partial_tail {
            Unusable::file(
                &args.book,
                format!(
                    "0 complete lines ({} bytes without a final LF), nothing to verify",
                    report.partial_tail_bytes
                ),
            )
        } else {
            super::input::empty(&args.book, "verify")
        });
    }
    let stamps: Vec<StampResult> = stamps
        .into_iter()
        .map(|s| StampResult {
            ok: s.ok(),
            check: s.check,
            list_line: s.list_line,
            matched_by: s.matched_by,
        })
        .collect();
    let not_checked: Vec<NotChecked> = outcome
        .unmatched
        .into_iter()
        .map(|u| NotChecked {
            list: u.list,
            list_line: u.list_line,
            ledger: u.ledger,
            lines: u.lines,
            reason: u.reason,
        })
        .collect();
    let unchecked = outcome.unchecked;
    let ok = report.ok && stamps.iter().all(|s| s.ok) && unchecked.is_empty();

    if json {
        let r = &report;
        let out = Output {
            ok,
            book: args.book.display().to_string(),
            chain_ok: r.ok,
            lines: r.lines,
            bytes: r.bytes,
            first_bad_line: r.first_bad_line,
            problems: &r.problems,
            problems_omitted: r.problems_omitted,
            partial_tail: r.partial_tail,
            partial_tail_bytes: r.partial_tail_bytes,
            sha256: &r.sha256,
            last_link: r.last_link.as_deref(),
            stamps,
            not_checked,
            unchecked_lists: &unchecked,
            unanchored_from,
            unanchored_lines,
            time_backwards: times.backwards.clone(),
            time_backwards_omitted: times.omitted,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("report serializes")
        );
    } else {
        print_human(&report, &stamps, &not_checked);
        for u in &unchecked {
            let hint = if args.ledger.is_some() {
                ""
            } else {
                "; choose the entry to check with --ledger NAME"
            };
            println!("stamp {}: checks nothing: {}{hint}", u.list, u.reason);
        }
        if let Some(from) = unanchored_from {
            println!(
                "lines {from}-{} are not covered by any stamped list: Level 1, the operator's word",
                report.lines
            );
        }
        for b in &times.backwards {
            println!("warning: sealing time goes backwards: {b}");
        }
        if times.omitted > 0 {
            println!(
                "warning: ... and {} more lines sealed before their predecessor",
                times.omitted
            );
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}

/// The book's sealing times in order ([`TimeOrder`]), streamed from the file; a file that
/// cannot be read gives an empty report (the chain pass reports why).
fn time_order_of(path: &Path) -> TimeOrderReport {
    let mut t = TimeOrder::default();
    let Ok(mut f) = std::fs::File::open(path) else {
        return t.finish();
    };
    let mut buf = vec![0u8; CHUNK];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => t.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    t.finish()
}

/// Reads and parses a stamped list; an unreadable or malformed list is unusable input.
fn read_list(path: &Path) -> Result<ListInput, Unusable> {
    let bytes = read_bounded(path, MAX_LIST_BYTES, "stamped list")?;
    let parsed = stamp_list::parse(&bytes).map_err(|e| {
        let err = Unusable::file(path, format!("not a stamped list: {}", e.message)).field("entry");
        if e.line > 0 {
            err.at_line(e.line as u64)
        } else {
            err
        }
    })?;
    Ok(ListInput {
        name: path.display().to_string(),
        parsed: Ok(parsed),
        not_a_list: false,
        bytes: Some(bytes),
    })
}

/// Verifies the book on `threads` threads when it is a regular file large enough to split
/// ([`parallel`]), else in one pass ([`verify_file`]): the report is the same.
/// The sealing times' order ([`TimeOrder`]) is read beside the chain: in the same pass, or,
/// beside the parallel verification, in one more pass over the file on a thread of its own.
fn verify_book(
    path: &Path,
    prefix_at: Vec<u64>,
    threads: usize,
) -> Result<(sealbook_core::verifier::BookRead, TimeOrderReport), Unusable> {
    let meta = std::fs::metadata(path).map_err(|e| Unusable::io(path, "open book", &e))?;
    if meta.is_file() && !sealbook_core::book::chain::cut_points(meta.len(), threads).is_empty() {
        std::thread::scope(|scope| {
            let times = scope.spawn(|| time_order_of(path));
            let read = parallel::verify_file(path, meta.len(), prefix_at, threads);
            let times = times.join().expect("the time order thread");
            Ok((read?, times))
        })
    } else {
        verify_file(path, BookReader::new(prefix_at))
    }
}

/// Streams the book through the chain verifier in 1 MiB chunks, with a progress bar on a
/// terminal's stderr for a large book.
fn verify_file(
    path: &Path,
    mut verifier: BookReader,
) -> Result<(sealbook_core::verifier::BookRead, TimeOrderReport), Unusable> {
    let mut times = TimeOrder::default();
    let mut f = std::fs::File::open(path).map_err(|e| Unusable::io(path, "open book", &e))?;
    let total = f.metadata().map_or(0, |m| m.len());
    let mut progress = crate::progress::Progress::new(&format!("verify {}", path.display()), total);
    let mut buf = vec![0u8; CHUNK];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                verifier.feed(&buf[..n]);
                times.feed(&buf[..n]);
                progress.add(n);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if verifier.bytes() == 0 => return Err(Unusable::io(path, "read book", &e)),
            Err(e) => return Err(Unusable::io(path, "read book", &e).at_line(verifier.lines() + 1)),
        }
    }
    Ok((verifier.finish(), times.finish()))
}

fn print_human(report: &ChainReport, stamps: &[StampResult], not_checked: &[NotChecked]) {
    match report.problems.first() {
        None => println!("chain ok: {} lines", report.lines),
        Some(p) => {
            println!(
                "chain BROKEN at line {}: {} - {}",
                p.line,
                p.check.name(),
                p.message
            );
            print_hashes("  ", p.expected.as_deref(), p.found.as_deref());
            for p in &report.problems[1..] {
                println!("  also line {}: {} - {}", p.line, p.check.name(), p.message);
                print_hashes("    ", p.expected.as_deref(), p.found.as_deref());
            }
            if report.problems_omitted > 0 {
                println!("  ... and {} more problems", report.problems_omitted);
            }
            println!("  {} complete lines read", report.lines);
        }
    }
    if report.partial_tail {
        println!(
            "partial tail: {} bytes after the last LF are not counted (a line still being written)",
            report.partial_tail_bytes
        );
    }
    for s in stamps {
        let c = &s.check;
        let mark = |ok| if ok { "ok" } else { "MISMATCH" };
        // A match by name (or a list's only entry) reads as it always has; any other way is said.
        let how = match s.matched_by {
            MatchedBy::Name | MatchedBy::OnlyEntry => String::new(),
            by => format!(" ({})", by.describe()),
        };
        println!(
            "stamp {}:{}: {} {} lines: sha256 {}, last link {}{how}",
            c.list,
            s.list_line,
            c.ledger,
            c.lines,
            mark(c.sha256_ok),
            mark(c.last_link_ok)
        );
        if let Some(m) = &c.message {
            println!("  {m}");
        }
        if !c.sha256_ok {
            print_hashes(
                "  sha256 ",
                Some(&c.expected_sha256),
                c.found_sha256.as_deref(),
            );
        }
        if !c.last_link_ok {
            print_hashes(
                "  last link ",
                Some(&c.expected_last_link),
                c.found_last_link.as_deref(),
            );
        }
    }
    for n in not_checked {
        println!(
            "stamp {}:{}: {} {} lines: not checked ({})",
            n.list, n.list_line, n.ledger, n.lines, n.reason
        );
    }
}

fn print_hashes(indent: &str, expected: Option<&str>, found: Option<&str>) {
    if let Some(e) = expected {
        println!("{indent}expected {e}");
    }
    if let Some(f) = found {
        println!("{indent}found    {f}");
    }
}
