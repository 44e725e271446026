//! The league runtime's hostile price path for the trading tracks (spec §4.7, §4.11): a price
//! source that fails for the funds (a 500, a body that is not a chart, Yahoo's "no data"
//! answer) while it serves the markets. The session is still scored and published, the
//! failure is reported and no price line is invented or sealed line rewritten; once the
//! source recovers the next day's score, in a process of its own (as cron runs it), records
//! the owed session beside its own, within core's `ARENA_PRICE_ATTEMPTS`.

use super::common;

use common::fake_http::Answer;
use common::fake_yahoo::{self, ChartQuery};
use common::{arg, bin, LeagueInit, MARKETS};
use sealbook_core::arena::records::{read_prices, PriceLine};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::records::book_lines::BookLines;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Minute bars of any symbol, every minute from the reference of 2026-10-20 to after the close
/// of 2026-10-23: (start in Unix seconds, price), the level the symbol's own.
fn bars(symbol: &str) -> Vec<(i64, f64)> {
    fake_yahoo::rising_bars(
        20.0 + symbol.bytes().map(f64::from).sum::<f64>() / 4.0,
        "2026-10-20T13:30:00Z",
        "2026-10-23T20:05:00Z",
    )
}

/// A fake Yahoo chart v8 server: `GET /v8/finance/chart/<symbol>?interval=&period1=&period2=`
/// answers the chart of [`bars`] in [period1, period2) (a daily request gets none). While
/// `funds_fail` holds, a symbol that is not a market's (the trading tracks' funds and the bill
/// rate) fails: `SPY` with a 500 (retried by the client, then given up), `^IRX` with a body that
/// is not JSON, every other fund with Yahoo's own "no data" answer.
fn yahoo(funds_fail: Arc<AtomicBool>) -> String {
    common::fake_http::start(move |r| {
        let q = ChartQuery::of(&r);
        if funds_fail.load(Ordering::SeqCst) && !MARKETS.contains(&q.symbol.as_str()) {
            return match q.symbol.as_str() {
                "SPY" => Answer::new(
                    500,
                    "application/json",
                    br#"{"finance": {"error": {"code": "Internal Server Error"}}}"#.to_vec(),
                ),
                "^IRX" => Answer::new(200, "text/html", b"<html><body>Will be right back".to_vec()),
                _ => fake_yahoo::no_data(),
            };
        }
        q.chart(&bars(&q.symbol))
    })
}

/// `sealbook <args>`: exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(bin()).args(args).output().unwrap();
    (
        o.status.code().expect("exited"),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// The JSON events a command left on stderr named `name`.
fn events(stderr: &str, name: &str) -> Vec<serde_json::Value> {
    stderr
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["event"] == name)
        .collect()
}

/// A league of the reference seats priced by [`yahoo`], made with `league init` at 00:00 ET of
/// 2026-10-21; its stamped lists anchored nowhere.
fn league(tmp: &Path, yahoo: &str) -> PathBuf {
    let symbols: Vec<String> = MARKETS.iter().map(|m| format!("{m} = \"{m}\"")).collect();
    let text = format!(
        "[league]\nname = \"hostile prices\"\nmethodology_version = \"m-1\"\n\n\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [[seat]]\nname = \"momentum\"\nadapter = \"momentum\"\n\n\
         [prices]\nprovider = \"yahoo\"\nbase_url = \"{yahoo}\"\nsymbols = {{ {} }}\n\n\
         [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n",
        symbols.join(", ")
    );
    let config = tmp.join("league.toml");
    std::fs::write(&config, text).unwrap();
    let dir = tmp.join("league");
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = common::init_league(
        &dir,
        &config,
        &LeagueInit {
            at: Some("2026-10-21T04:00:00Z"),
            offline: true,
            ..LeagueInit::default()
        },
    );
    assert_eq!(code, 0, "{out}{err}");
    dir
}

/// The morning run of `session` at 08:30 ET, then its score after the close: the score's stderr.
fn a_day(dir: &Path, session: &str) -> String {
    let (code, out, err) = run(&[
        "league",
        "run",
        arg(dir),
        "--at",
        &format!("{session}T12:30:00Z"),
    ]);
    assert_eq!(code, 0, "run {session}: {out}{err}");
    let (code, out, err) = run(&[
        "league",
        "score",
        arg(dir),
        "--session",
        session,
        "--at",
        &format!("{session}T20:15:00Z"),
    ]);
    assert_eq!(code, 0, "score {session}: {out}{err}");
    err
}

/// `league publish`; the manifest's SHA-256 of the book must be the book's on disk.
fn publish(dir: &Path) {
    let (code, out, err) = run(&["league", "publish", arg(dir)]);
    assert_eq!(code, 0, "publish: {out}{err}");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let listed = manifest.to_string();
    assert!(
        listed.contains(&sealbook_core::hex::sha256_hex(&book)),
        "the manifest lists the book as it is: {listed}"
    );
}

/// The sessions whose closes `arena-prices.jsonl` holds, and its lines.
fn recorded(dir: &Path) -> (Vec<String>, Vec<PriceLine>) {
    let bytes = std::fs::read(dir.join("arena-prices.jsonl")).unwrap_or_default();
    let lines = read_prices(&bytes).unwrap();
    let mut sessions: Vec<String> = lines
        .iter()
        .filter_map(|l| match l {
            PriceLine::Close { session, .. } => Some(session.to_string()),
            _ => None,
        })
        .collect();
    sessions.dedup();
    (sessions, lines)
}

/// Spec §4.7, §4.11: a price source failing for the funds fails only the arena recording; the
/// session is scored and published, the failure reported, nothing invented or rewritten; the
/// recording happens once the source recovers, on the next day's score in a new process.
#[test]
fn a_failing_fund_price_source_fails_only_the_arena_recording_which_is_taken_up_later() {
    let tmp = tempfile::tempdir().unwrap();
    let funds_fail = Arc::new(AtomicBool::new(true));
    let dir = league(tmp.path(), &yahoo(funds_fail.clone()));

    // Day one, the funds failing: the score is sealed, the recording fails naming why.
    let err = a_day(&dir, "2026-10-21");
    let failed = events(&err, "arena_prices_failed");
    assert_eq!(failed.len(), 1, "{err}");
    assert_eq!(failed[0]["session"], "2026-10-21");
    let why = failed[0]["error"].as_str().unwrap();
    assert!(
        why.contains("no close of 2026-10-21 recorded") && why.contains("SPY"),
        "{why}"
    );
    assert!(events(&err, "arena_prices").is_empty(), "{err}");
    let book_day_one = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book_day_one).unwrap();
    assert_eq!(
        lines.scores.len(),
        1,
        "the day's score is sealed all the same"
    );
    // No price line is invented for the funds the source did not price.
    let (sessions, price_lines) = recorded(&dir);
    assert!(
        sessions.is_empty() && price_lines.is_empty(),
        "{price_lines:?}"
    );
    publish(&dir);

    // Day two, the source recovered: a new process takes up the owed session (one attempt
    // made), then records it beside the day's own.
    funds_fail.store(false, Ordering::SeqCst);
    let err = a_day(&dir, "2026-10-22");
    let owed = events(&err, "arena_prices_owed");
    assert_eq!(
        owed.first().map(|e| e["sessions"].clone()),
        Some(serde_json::json!([{"session": "2026-10-21", "attempts": 1}])),
        "{err}"
    );
    assert!(events(&err, "arena_prices_failed").is_empty(), "{err}");
    let done: Vec<String> = events(&err, "arena_prices")
        .iter()
        .map(|e| e["session"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(done, ["2026-10-21", "2026-10-22"], "{err}");
    let (sessions, price_lines) = recorded(&dir);
    assert_eq!(sessions, ["2026-10-21", "2026-10-22"]);
    let spy_closes = price_lines
        .iter()
        .filter(|l| matches!(l, PriceLine::Close { symbol, .. } if symbol == "SPY"))
        .count();
    assert_eq!(spy_closes, 2, "one close a session, none twice");
    // What was sealed before stays as it was: the book only grew, and verifies.
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    assert!(book.starts_with(&book_day_one));
    assert!(book.len() > book_day_one.len());
    assert!(verify(&book, VerifyOptions::default()).ok);
    assert_eq!(BookLines::parse(&book).unwrap().scores.len(), 2);
    publish(&dir);

    // Day three: nothing owed any more, nothing recorded twice.
    let err = a_day(&dir, "2026-10-23");
    assert!(events(&err, "arena_prices_owed").is_empty(), "{err}");
    let (sessions, _) = recorded(&dir);
    assert_eq!(sessions, ["2026-10-21", "2026-10-22", "2026-10-23"]);
}
