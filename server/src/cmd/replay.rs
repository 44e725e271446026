//! `sealbook replay DIR [--json]`: recompute every published account row of the trading tracks
//! from the sealed decisions and the price set (spec §4.11, Appendix B step 7) and, when DIR
//! publishes `arena-code.json`, check every listed code file's `arena-code-<file>.txt` against
//! its SHA-256 (step 8). The comparison is core's (`arena::replay`, `arena::code`); this
//! command reads the files and prints.
//!
//! DIR holds `arena-protocol.json`, `arena-decisions.jsonl`, `arena-prices.jsonl`,
//! `arena-trades.jsonl` and `arena-accounts.jsonl` (layouts in `core::arena::records`). When
//! DIR also holds the sealed book `council-book.jsonl` (a published league), the decisions file
//! is not trusted alone: it must equal the decisions derived from the book's answer lines
//! (`core::arena::league::check_decisions_file`); a difference names the line and fails
//! (exit 1) before anything is recounted.
//! Exit codes: 0 every row reproduced and every listed code file matches; 1 a row is
//! DIFFERENT or a code file differs or is missing; 2 unusable input (a file absent or
//! unreadable, no published rows).

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::arena::code::{check_code, CodeCheck, CODE_FILE};
use sealbook_core::arena::league::check_decisions_file;
use sealbook_core::arena::protocol::PROTOCOL_FILE;
use sealbook_core::arena::records::{ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE, TRADES_FILE};
use sealbook_core::arena::replay::{replay, Replay, ReplayFiles};
use sealbook_core::league::layout::BOOK_FILE;
use serde::Serialize;
use std::path::PathBuf;

/// Largest file read (a season's bars for a dozen funds are tens of megabytes).
const MAX_BYTES: u64 = 1 << 30;
/// Largest published code text.
const MAX_CODE_BYTES: u64 = 16 << 20;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league's published directory.
    dir: PathBuf,
}

#[derive(Serialize)]
struct Output<'a> {
    ok: bool,
    dir: String,
    #[serde(flatten)]
    replay: &'a Replay,
    /// The check of arena-code.json's files; null when DIR does not publish it.
    code: Option<&'a [CodeCheck]>,
    /// Decisions found equal to those sealed in the book; null when DIR has no book.
    decisions_vs_book: Option<usize>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let read = |name: &str| read_bounded(&args.dir.join(name), MAX_BYTES, name);
    let (protocol, decisions, prices, trades, accounts) = (
        read(PROTOCOL_FILE)?,
        read(DECISIONS_FILE)?,
        read(PRICES_FILE)?,
        read(TRADES_FILE)?,
        read(ACCOUNTS_FILE)?,
    );
    let book_path = args.dir.join(BOOK_FILE);
    let mut decisions_vs_book = None;
    if book_path.is_file() {
        let book = read_bounded(&book_path, MAX_BYTES, BOOK_FILE)?;
        let checked = check_decisions_file(&book, &decisions);
        decisions_vs_book = checked.as_ref().ok().copied();
        if let Err(e) = checked {
            if json {
                println!(
                    "{}",
                    serde_json::json!({"ok": false, "dir": args.dir.display().to_string(),
                        "decisions_vs_book": e})
                );
            } else {
                println!("decisions: DIFFERENT from the sealed book: {e}");
            }
            return Ok(Exit::Failed);
        }
    }
    let r = replay(&ReplayFiles {
        protocol: &protocol,
        decisions: &decisions,
        prices: &prices,
        trades: &trades,
        accounts: &accounts,
    })
    .map_err(|e| Unusable::file(&args.dir, e.to_string()))?;
    if r.rows == 0 {
        return Err(Unusable::file(
            &args.dir.join(ACCOUNTS_FILE),
            "no published account rows to recount",
        ));
    }
    let code_path = args.dir.join(CODE_FILE);
    let code = if code_path.exists() {
        let list = read_bounded(&code_path, MAX_CODE_BYTES, CODE_FILE)?;
        let get = |name: &str| {
            let p = args.dir.join(name);
            p.is_file()
                .then(|| read_bounded(&p, MAX_CODE_BYTES, name).ok())
                .flatten()
        };
        Some(check_code(&list, &get).map_err(|e| Unusable::file(&code_path, e))?)
    } else {
        None
    };
    let code_ok = code.as_ref().is_none_or(|c| c.iter().all(|x| x.ok));
    let ok = r.reproduced() && code_ok;
    if json {
        let out = Output {
            ok,
            dir: args.dir.display().to_string(),
            replay: &r,
            code: code.as_deref(),
            decisions_vs_book,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("output serializes")
        );
    } else {
        if let Some(n) = decisions_vs_book {
            println!("decisions: {n} equal to those sealed in {BOOK_FILE}");
        }
        print!("{}", r.text());
        match &code {
            None => println!("code: {CODE_FILE} is not published in this directory"),
            Some(c) => {
                for x in c {
                    match (&x.actual, x.ok) {
                        (_, true) => println!("code: {} {} matches", x.text, x.expected),
                        (Some(a), false) => println!(
                            "code: {} DIFFERENT: sha256 {a}, {CODE_FILE} lists {}",
                            x.text, x.expected
                        ),
                        (None, false) => println!("code: {} is not published", x.text),
                    }
                }
                println!(
                    "code: {} of {} files match {CODE_FILE}",
                    c.iter().filter(|x| x.ok).count(),
                    c.len()
                );
            }
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
