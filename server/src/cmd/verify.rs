//! `sealbook verify <book.jsonl> [--stamp <list.txt>]... [--json]`: recompute every seal and
//! link of a book (Appendix B step 4) and check each stamped prefix (step 3), streaming the
//! book from disk in chunks through `core::book::ChainVerifier`.

use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::book::chain::{ChainReport, ChainVerifier, Problem, VerifyOptions};
use sealbook_core::book::stamp_list::{self, StampCheck, StampEntry, StampedList};
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Longest stamped list read (they are a few lines; this bounds the allocation).
const MAX_LIST_BYTES: u64 = 1 << 20;
const CHUNK: usize = 1 << 20;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The sealed book (JSON Lines, e.g. council-book.jsonl).
    book: PathBuf,
    /// A stamped list whose entry for this book is checked against the book's prefix (repeatable).
    #[arg(long = "stamp", value_name = "LIST")]
    stamps: Vec<PathBuf>,
}

/// A list entry that names another ledger: shown, not checked.
#[derive(Debug, Serialize)]
struct NotChecked {
    list: String,
    list_line: usize,
    ledger: String,
    lines: u64,
    reason: &'static str,
}

#[derive(Debug, Serialize)]
struct StampResult {
    #[serde(flatten)]
    check: StampCheck,
    ok: bool,
    list_line: usize,
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
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let book_name = args
        .book
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let lists = args
        .stamps
        .iter()
        .map(|p| read_list(p).map(|l| (p, l)))
        .collect::<Result<Vec<_>, _>>()?;

    let mut to_check: Vec<(String, StampEntry)> = Vec::new();
    let mut not_checked = Vec::new();
    for (path, list) in &lists {
        let name = path.display().to_string();
        let chosen = stamp_list::entry_for(list, &book_name);
        for e in &list.entries {
            if stamp_list::ledger_matches(&e.ledger, &book_name) || chosen == Some(e) {
                to_check.push((name.clone(), e.clone()));
            } else {
                not_checked.push(NotChecked {
                    list: name.clone(),
                    list_line: e.list_line,
                    ledger: e.ledger.clone(),
                    lines: e.lines,
                    reason: "names another ledger",
                });
            }
        }
    }

    let opts = VerifyOptions {
        prefix_at: to_check.iter().map(|(_, e)| e.lines).collect(),
        ..Default::default()
    };
    let report = verify_file(&args.book, opts)?;
    let stamps: Vec<StampResult> = to_check
        .iter()
        .map(|(list, e)| {
            let check = stamp_list::check(list, e, &report);
            StampResult {
                ok: check.ok(),
                check,
                list_line: e.list_line,
            }
        })
        .collect();
    let ok = report.ok && stamps.iter().all(|s| s.ok);

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
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("report serializes")
        );
    } else {
        print_human(&report, &stamps, &not_checked);
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}

/// Reads and parses a stamped list; an unreadable or malformed list is unusable input.
fn read_list(path: &Path) -> Result<StampedList, Unusable> {
    let f = std::fs::File::open(path).map_err(|e| Unusable::io(path, "open stamped list", &e))?;
    let mut bytes = Vec::new();
    f.take(MAX_LIST_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Unusable::io(path, "read stamped list", &e))?;
    if bytes.len() as u64 > MAX_LIST_BYTES {
        return Err(Unusable::file(
            path,
            format!("stamped list is larger than {MAX_LIST_BYTES} bytes"),
        ));
    }
    stamp_list::parse(&bytes).map_err(|e| {
        let err = Unusable::file(path, format!("not a stamped list: {}", e.message)).field("entry");
        if e.line > 0 {
            err.at_line(e.line as u64)
        } else {
            err
        }
    })
}

/// Streams the book through the chain verifier in 1 MiB chunks.
fn verify_file(path: &Path, opts: VerifyOptions) -> Result<ChainReport, Unusable> {
    let mut f = std::fs::File::open(path).map_err(|e| Unusable::io(path, "open book", &e))?;
    let mut verifier = ChainVerifier::new(opts);
    let mut buf = vec![0u8; CHUNK];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => verifier.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if verifier.bytes() == 0 => return Err(Unusable::io(path, "read book", &e)),
            Err(e) => return Err(Unusable::io(path, "read book", &e).at_line(verifier.lines() + 1)),
        }
    }
    Ok(verifier.finish())
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
        println!(
            "stamp {}:{}: {} {} lines: sha256 {}, last link {}",
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
