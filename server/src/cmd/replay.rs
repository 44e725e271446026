//! `sealbook replay DIR [--json]`: recompute every published account row of the trading tracks
//! from the sealed decisions and the price set (spec §4.11, Appendix B step 7) and, when DIR
//! publishes `arena-code.json`, check every listed code file's `arena-code-<file>.txt` against
//! its SHA-256 (step 8). When DIR has `council-book.jsonl`, `arena-decisions.jsonl` must be
//! the decisions sealed in it (§4.11); when it has `council-league.json`, its `accounts`
//! summary must be the one recounted from the replayed rows (§4.7). The comparison is core's (`verifier::recount`); this
//! command reads the files and prints.
//!
//! DIR holds `arena-protocol.json`, `arena-decisions.jsonl`, `arena-prices.jsonl`,
//! `arena-trades.jsonl` and `arena-accounts.jsonl` (layouts in `core::arena::records`).
//! Exit codes: 0 every row reproduced, every listed code file matches and the decisions are
//! the book's; 1 a row is DIFFERENT, a code file differs or is missing, a decision is not
//! the one sealed, or a summary figure of `council-league.json` is not its recount; 2 unusable input (a file absent or
//! unreadable, no published rows).

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::arena::code::CODE_FILE;
use sealbook_core::arena::protocol::PROTOCOL_FILE;
use sealbook_core::arena::records::{ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE, TRADES_FILE};
use sealbook_core::arena::replay::ReplayFiles;
use sealbook_core::league::league_file::LEAGUE_FILE;
use sealbook_core::records::names::BOOK_FILE;
use sealbook_core::verifier::recount::{recount, CodeFiles, Recount, RecountError};
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

/// The printed document: the directory, then core's verdict (the page's Accounts view
/// computes the same [`Recount`] bytes).
#[derive(Serialize)]
struct Output<'a> {
    dir: String,
    #[serde(flatten)]
    recount: &'a Recount,
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
    let book = if book_path.is_file() {
        Some(read_bounded(&book_path, MAX_BYTES, BOOK_FILE)?)
    } else {
        None
    };
    let code_path = args.dir.join(CODE_FILE);
    let list = if code_path.exists() {
        Some(read_bounded(&code_path, MAX_CODE_BYTES, CODE_FILE)?)
    } else {
        None
    };
    let text = |name: &str| {
        let p = args.dir.join(name);
        p.is_file()
            .then(|| read_bounded(&p, MAX_CODE_BYTES, name).ok())
            .flatten()
    };
    let league_path = args.dir.join(LEAGUE_FILE);
    let league = if league_path.is_file() {
        Some(read_bounded(&league_path, MAX_BYTES, LEAGUE_FILE)?)
    } else {
        None
    };
    let (r, _) = recount(
        &ReplayFiles {
            protocol: &protocol,
            decisions: &decisions,
            prices: &prices,
            trades: &trades,
            accounts: &accounts,
        },
        list.as_deref().map(|list| CodeFiles { list, text: &text }),
        book.as_deref(),
        league.as_deref(),
    )
    .map_err(|e| match &e {
        RecountError::Replay(_) => Unusable::file(&args.dir, e.to_string()),
        RecountError::NoRows => Unusable::file(
            &args.dir.join(ACCOUNTS_FILE),
            "no published account rows to recount",
        ),
        RecountError::Code(why) => Unusable::file(&code_path, why.to_string()),
    })?;
    if json {
        let out = Output {
            dir: args.dir.display().to_string(),
            recount: &r,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("output serializes")
        );
    } else {
        print!("{}", r.decisions_text().unwrap_or_default());
        print!("{}", r.replay.text());
        if let Some(s) = &r.summary {
            print!("{}", s.text());
        }
        match &r.code {
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
    Ok(if r.ok { Exit::Ok } else { Exit::Failed })
}
