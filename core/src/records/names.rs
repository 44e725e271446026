//! The league's published names (spec Appendix C): files, the ledger names the stamped lists
//! use for them, the twelve markets of Table 2, run ids and the paths of ask texts and
//! stamped lists. Every writer and reader of a league takes its names from here.
//!
//! The line layouts themselves are owned with their readers: the ask chain's by
//! [`super::ask_chain`], its roster lines by [`super::roster`], the book line's sealing time
//! by [`super::sealing`], and the book's other lines by [`super::book_lines`] (writers in
//! `records::book_lines::build`). The small value constructors below are what those builders
//! share.

use crate::book::canon::{Int, Object, Value};
use crate::calendar::{Date, Instant};

/// The sealed book as published, and the ledger name stamped lists give it (spec §3.2).
pub const BOOK_FILE: &str = "council-book.jsonl";
/// The path stamped lists name the book by (spec §3.2: the ledger's name in a list's entries).
pub const BOOK_LEDGER: &str = "daily/council/book.jsonl";
/// The outgoing ask chain (spec §3.4, §3.9).
pub const ASKS_FILE: &str = "asks.jsonl";
/// The path stamped lists name the ask chain by (spec §3.2).
pub const ASKS_LEDGER: &str = "daily/council/asks.jsonl";
/// One row per seat, run, market and horizon (Table C1).
pub const FORECASTS_FILE: &str = "council-forecasts.csv";
/// The sealed climatology table (spec §4.3): the climatology seat's rates and the BSS reference.
pub const CLIM_FILE: &str = "council-clim-window.json";
/// The stats document (spec §5, Appendix C): what `sealbook score --json` prints for the league.
pub const STATS_FILE: &str = "council-stats.json";
/// The event contract's JSON Schema (spec §3.13), as `sealbook schema event-contract` prints it.
pub const CONTRACT_SCHEMA_FILE: &str = "event-contract.schema.json";
/// The answer's JSON Schema (spec §3.1, Appendix C), as `sealbook schema answer` prints it: every
/// ask tells the seats it is published under this name.
pub const ANSWER_SCHEMA_FILE: &str = "answer.schema.json";
/// The notice a DEMO league publishes at its top (`sealbook demo`): a text for people saying
/// that everything in the league is invented; never a stamped list.
pub const DEMO_NOTICE_FILE: &str = "DEMO.txt";
/// The calibration file: the fixed climatology as the league reads it (spec §4.3, Appendix C).
pub const CALIBRATION_FILE: &str = "council-calibration.json";
/// The league's seats (spec Table 8).
pub const ROSTER_FILE: &str = "league-roster.json";
/// Per-run slices of `council-forecasts.csv` (spec Appendix C).
pub const FORECASTS_INDEX_FILE: &str = "council-forecasts-index.json";
/// The small summary a reader that cannot open the large files starts from (spec Appendix C:
/// under 30 KB).
pub const DIGEST_FILE: &str = "markets-digest.json";
/// The data dictionary (spec Appendix C, Requirement 11).
pub const DATASET_FILE: &str = "arena-dataset.json";
/// The manifest: every published file with its size and SHA-256 (Appendix B step 1).
pub const MANIFEST_FILE: &str = "manifest.json";
/// The retrieval record `sealbook fetch` writes beside the manifest it stores: each file's
/// size, SHA-256 and retrieval time, the manifest's address and its declared generation time
/// (spec Appendix C, the analysis release's manifest). Written by the retriever, never
/// published by the league.
pub const RETRIEVAL_FILE: &str = "retrieval.json";
/// The league file (Appendix C).
pub const LEAGUE_FILE: &str = "council-league.json";
/// The trading tracks' decisions file (Appendix B steps 7-8).
pub const DECISIONS_FILE: &str = "arena-decisions.jsonl";
/// The trading tracks' price set.
pub const PRICES_FILE: &str = "arena-prices.jsonl";
/// The trading tracks' trade log.
pub const TRADES_FILE: &str = "arena-trades.jsonl";
/// The trading tracks' account rows.
pub const ACCOUNTS_FILE: &str = "arena-accounts.jsonl";
/// The trading tracks' versioned rules (spec Appendix A).
pub const PROTOCOL_FILE: &str = "arena-protocol.json";
/// The list of the trading engine's code files (Appendix B step 8).
pub const CODE_FILE: &str = "arena-code.json";
/// The `<meta name=...>` a server of a DEMO league puts into the verifier page it serves
/// ([`mark_demo_page`]); the page offers to open the league only where it finds it, so a site
/// that serves no DEMO league is never asked about one (no failed request).
pub const DEMO_PAGE_META: &str = "sealbook-demo";

/// The verifier page `html` marked as served beside a DEMO league: the [`DEMO_PAGE_META`] tag
/// inserted before the first `</head>`. A page without `</head>` is returned as it is (it then
/// offers no DEMO league).
pub fn mark_demo_page(html: &[u8]) -> Vec<u8> {
    const HEAD_END: &[u8] = b"</head>";
    let Some(at) = html.windows(HEAD_END.len()).position(|w| w == HEAD_END) else {
        return html.to_vec();
    };
    let tag = format!("  <meta name=\"{DEMO_PAGE_META}\" content=\"1\">\n");
    let mut out = Vec::with_capacity(html.len() + tag.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&html[at..]);
    out
}

/// The twelve markets of Table 2, in the table's order: the `items` keys the seats answer
/// under and the rows of the price snapshot.
pub const MARKETS: [&str; 12] = [
    "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
];
/// Each market's plain name as the reader experiment's page shows it, in [`MARKETS`] order
/// (Table 2).
pub const MARKET_NAMES: [(&str, &str); 12] = [
    ("SPX", "S&P 500"),
    ("NDX", "Nasdaq 100"),
    ("DJI", "Dow Jones Industrial Average"),
    ("SOX", "PHLX Semiconductor"),
    ("TNX", "US 10-year yield"),
    ("DXY", "US dollar index"),
    ("VIX", "CBOE volatility index"),
    ("GOLD", "Gold"),
    ("WTI", "WTI crude oil"),
    ("BRENT", "Brent crude oil"),
    ("COPPER", "Copper"),
    ("BTC", "Bitcoin"),
];
/// The market that trades around the clock: its horizons count calendar days (spec §3.7); its
/// reference is the session's, as every market's (one clock, §3.3).
pub const BITCOIN: &str = "BTC";

/// Suffix of the scheduled morning run's id: the run the schedule rule counts (spec §3.4).
pub const MORNING_RUN_SUFFIX: &str = "-am";

/// The id of a session's scheduled morning run, `<session>-am`.
pub fn morning_run_id(session: Date) -> String {
    format!("{session}{MORNING_RUN_SUFFIX}")
}

/// The id of a session's other run asked at `hh:mm` New York time (spec §3.4: not counted),
/// `<session>-<hhmm>` (an evening run, asked the day before, too).
pub fn other_run_id(session: Date, (h, m): (u32, u32)) -> String {
    format!("{session}-{h:02}{m:02}")
}

/// Whether `run_id` names `session`'s scheduled morning run.
pub fn is_morning_run(run_id: &str, session: Date) -> bool {
    run_id
        .strip_suffix(MORNING_RUN_SUFFIX)
        .is_some_and(|d| d == session.to_string())
}

/// The folder of the ask texts (with its `/`), each `asks/<sha256>.md` ([`ask_path`]).
pub const ASKS_FOLDER: &str = "asks/";

/// Where the ask text with SHA-256 `sha256` (lowercase hex) is published.
pub fn ask_path(sha256: &str) -> String {
    format!("{ASKS_FOLDER}{sha256}.md")
}

/// The folder of the seats' raw replies, `replies/<run>/<seat>.txt` (the answer line's
/// `own_sha256`), published once the run's session has closed.
pub const REPLIES_DIR: &str = "replies";

/// The folder of the stamped lists, their anchors and the tokens' certificates (with its
/// `/`): the only place a league's proof files are written and read from.
pub const PROOF_FOLDER: &str = "proof/";

/// The folder of the authorities' certificates a league publishes beside its proof (with its
/// `/`; the DEMO league's root `tsa/demo-root.pem` and its authority's certificate): a reader
/// chooses a root there, and its files are read as certificates like those in `proof/`.
pub const TSA_FOLDER: &str = "tsa/";
/// A stamped list's anchor record is named after the list with this suffix
/// (`proof/<day>/<HHMMSS>Z.txt.anchors.json`).
pub const ANCHORS_SUFFIX: &str = ".anchors.json";

/// Where a stamped list taken on `day` (YYYY-MM-DD, UTC) at `hhmmss` (UTC) is published.
pub fn stamp_list_path(day: &str, hhmmss: &str) -> String {
    format!("{PROOF_FOLDER}{day}/{hhmmss}Z.txt")
}

/// The instant a stamped list was taken, read back from its path
/// (`proof/<YYYY-MM-DD>/<HHMMSS>Z.txt`, [`stamp_list_path`]); None for any other name.
pub fn stamp_list_time(path: &str) -> Option<Instant> {
    let rest = path.strip_prefix(PROOF_FOLDER)?;
    let (day, name) = rest.split_once('/')?;
    let hhmmss = name.strip_suffix("Z.txt")?;
    if hhmmss.len() != 6 || !hhmmss.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let date = Date::parse(day).filter(|d| d.to_string() == day)?;
    let field = |i: usize| hhmmss[i..i + 2].parse::<u32>().ok();
    let (h, m, s) = (field(0)?, field(2)?, field(4)?);
    if h > 23 || m > 59 || s > 59 {
        return None;
    }
    Some(Instant::from_utc(date, h, m, s))
}

/// `HH:MM` (00:00-23:59) as (hour, minute).
pub fn parse_hhmm(s: &str) -> Option<(u32, u32)> {
    let (h, m) = s.split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some((h, m))
}

/// A JSON string.
pub fn string(s: &str) -> Value {
    Value::Str(s.into())
}

/// A JSON integer.
pub fn int(i: i64) -> Value {
    Value::Int(Int::from(i))
}

/// A JSON float (written as Python's `repr`, e.g. `6650.0`). Not for NaN or infinities,
/// which have no JSON form: those become `null`.
pub fn float(x: f64) -> Value {
    if x.is_finite() {
        Value::Float(x)
    } else {
        Value::Null
    }
}

/// An object from `(key, value)` pairs (keys sorted as sealing writes them).
pub fn object<'a>(members: impl IntoIterator<Item = (&'a str, Value)>) -> Object {
    let mut o = Object::new();
    for (k, v) in members {
        o.insert(k, v);
    }
    o
}

/// Inserts `key` only when `value` is given.
pub fn insert_some(o: &mut Object, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        o.insert(key, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demo_page_is_marked_in_its_head() {
        let page = b"<html><head><title>x</title></head><body></head></body></html>";
        let marked = String::from_utf8(mark_demo_page(page)).unwrap();
        assert_eq!(
            marked,
            "<html><head><title>x</title>  <meta name=\"sealbook-demo\" content=\"1\">\n</head><body></head></body></html>"
        );
        assert_eq!(mark_demo_page(b"<p>no head</p>"), b"<p>no head</p>");
    }

    #[test]
    fn morning_run_ids() {
        let d = Date::parse("2026-10-21").unwrap();
        assert_eq!(morning_run_id(d), "2026-10-21-am");
        assert!(is_morning_run("2026-10-21-am", d));
        assert!(!is_morning_run("2026-10-21-pm", d));
        assert!(!is_morning_run("2026-10-22-am", d));
        assert_eq!(ask_path("ab"), "asks/ab.md");
        assert_eq!(
            stamp_list_path("2026-10-20", "130025"),
            "proof/2026-10-20/130025Z.txt"
        );
        assert_eq!(
            stamp_list_time("proof/2026-10-20/130025Z.txt"),
            Instant::parse_rfc3339("2026-10-20T13:00:25Z")
        );
        for other in [
            "proof/2026-10-20/130025Z.txt.ots",
            "proof/2026-10-20/250000Z.txt",
            "proof/2026-10-20/13002Z.txt",
            "proof/2026-13-20/130025Z.txt",
            "proof/2026-10-20/tsa/130025Z.txt",
            "asks/130025Z.txt",
        ] {
            assert_eq!(stamp_list_time(other), None, "{other}");
        }
    }

    #[test]
    fn market_names_follow_the_markets() {
        let named: Vec<&str> = MARKET_NAMES.iter().map(|(m, _)| *m).collect();
        assert_eq!(named, MARKETS);
    }
}
