//! core::score::crowd_feed against the real Polymarket and Kalshi answers in
//! ../shared/vectors/{polymarket,kalshi} (read per their MANIFEST.md), each compared with the
//! CPython peer tests/py/crowd_feed_peer.py; and hostile inputs (truncated, huge numbers,
//! wrong types) that must be errors, never panics.

#![forbid(unsafe_code)]

use sealbook_core::score::crowd_feed::{
    kalshi_markets, kalshi_orderbook, kalshi_quote, polymarket_book, polymarket_markets,
    polymarket_quote, FeedError, KalshiMarket, MAX_FEED_BYTES,
};
use serde_json::Value;
use sha2::{Digest, Sha256};

const GAMMA: &str = "polymarket-agents_gamma_markets_twenty_2024-07.json";
const BOOK: &str = "equinox_clob_book_2589812_yes.json";
const HIGHNY: &str = "equinox_event_KXHIGHNY-26OCT06_nested.json";
const BTCD: &str = "EXCERPT_equinox_events_KXBTCD_open_nested.json";
const FED_BOOK: &str = "equinox_orderbook_KXFEDDECISION-26OCT-H0.json";
/// Kalshi answers recorded as {_metadata, response}: the response is the answer.
const GOLDEN_MARKETS: [&str; 3] = [
    "ksc_golden_markets_list_response.json",
    "ksc_golden_event_single_response.json",
    "ksc_golden_events_list_response.json",
];
const GOLDEN_BOOK: &str = "ksc_golden_orderbook_response.json";
/// Kalshi answers that are not crowd feeds.
const NOT_FEEDS: [&str; 3] = [
    "ksc_golden_series_single_response.json",
    "ksc_golden_trades_list_response.json",
    "ksc_golden_exchange_status_response.json",
];

fn path(venue: &str, name: &str) -> std::path::PathBuf {
    sealbook_tests::vectors_dir().join(venue).join(name)
}

fn vector(venue: &str, name: &str) -> Vec<u8> {
    std::fs::read(path(venue, name)).unwrap()
}

/// The answer itself: a recording's `response`, else the file.
fn answer(venue: &str, name: &str) -> Vec<u8> {
    let bytes = vector(venue, name);
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    match v.get("_metadata").and(v.get("response")) {
        Some(r) => serde_json::to_vec(r).unwrap(),
        None => bytes,
    }
}

fn peer(kind: &str, venue: &str, name: &str, closes: &[f64]) -> Value {
    peer_on(kind, &path(venue, name), closes)
}

/// The CPython peer's reading of the file at `file`.
fn peer_on(kind: &str, file: &std::path::Path, closes: &[f64]) -> Value {
    let out = sealbook_tests::python_script("crowd_feed_peer.py")
        .arg(kind)
        .arg(file)
        .args(closes.iter().map(|c| c.to_string()))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
}

fn close(a: Option<f64>, b: Option<f64>, what: &str) {
    match (a, b) {
        (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{what}: {a} vs peer {b}"),
        (a, b) => assert_eq!(a, b, "{what}"),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn manifest_hashes_hold() {
    for venue in ["polymarket", "kalshi"] {
        let manifest = String::from_utf8(vector(venue, "MANIFEST.md")).unwrap();
        let mut n = 0;
        for line in manifest.lines().filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = line
                .split('|')
                .map(|c| c.trim().trim_matches('`'))
                .collect();
            let (name, sha) = (cells[1], cells[4]);
            assert_eq!(hex(&Sha256::digest(vector(venue, name))), sha, "{name}");
            n += 1;
        }
        assert_eq!(n, if venue == "kalshi" { 10 } else { 2 }, "{venue}");
    }
}

#[test]
fn gamma_markets_as_cpython_reads_them() {
    let ms = polymarket_markets(&vector("polymarket", GAMMA), GAMMA).unwrap();
    let p = peer("gamma", "polymarket", GAMMA, &[]);
    let pm = p["markets"].as_array().unwrap();
    assert_eq!(ms.len(), 20);
    assert_eq!(ms.len(), pm.len());
    for (m, q) in ms.iter().zip(pm) {
        assert_eq!(m.slug, q["slug"].as_str().unwrap());
        let outcomes: Vec<&str> = q["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert_eq!(m.outcomes, outcomes, "{}", m.slug);
        let tokens: Vec<&str> = q["token_ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert_eq!(m.token_ids, tokens, "{}", m.slug);
        assert_eq!(m.outcome_prices.len(), 2);
        for (a, b) in m
            .outcome_prices
            .iter()
            .zip(q["outcome_prices"].as_array().unwrap())
        {
            close(Some(*a), num(b), &m.slug);
        }
        close(Some(m.volume), num(&q["volume"]), &m.slug);
        assert_eq!(m.up_index(), Some(0), "{}: Yes stands for up", m.slug);
    }
    let first = &ms[0];
    assert_eq!(first.id.as_deref(), Some("503051"));
    assert_eq!((first.outcome_prices[0], first.volume), (0.12, 12505.37));
    assert!(ms.iter().any(|m| m.slug == "solana-above-140-on-july-19"));
}

#[test]
fn clob_book_as_cpython_reads_it() {
    let b = polymarket_book(&vector("polymarket", BOOK), BOOK).unwrap();
    let p = peer("book", "polymarket", BOOK, &[]);
    assert_eq!(b.asset_id, p["asset_id"].as_str().unwrap());
    assert_eq!(b.timestamp_ms, p["timestamp_ms"].as_i64());
    close(b.best_bid, num(&p["best_bid"]), "best_bid");
    close(b.best_ask, num(&p["best_ask"]), "best_ask");
    close(b.last_trade_price, num(&p["last_trade_price"]), "last");
    // The MANIFEST: bids ascending, asks descending, the best of each last.
    assert_eq!((b.best_bid, b.best_ask), (Some(0.8), Some(0.81)));
    assert_eq!(b.last_trade_price, Some(0.19));

    // The book is of another market than the twenty: a quote from it is refused...
    let ms = polymarket_markets(&vector("polymarket", GAMMA), GAMMA).unwrap();
    let e = polymarket_quote(&ms[0], &b).unwrap_err();
    assert!(e.contains("token"), "{e}");
    // ...and with that market's Yes token set to the book's, the quote is the book's midpoint.
    let mut m = ms[0].clone();
    m.token_ids[0] = b.asset_id.clone();
    let q = polymarket_quote(&m, &b).unwrap();
    close(Some(q.p_up), num(&p["displayed"]), "p_up");
    assert!((q.p_up - 0.805).abs() < 1e-12);
    assert_eq!((q.vol, q.bid, q.ask), (12505.37, Some(0.8), Some(0.81)));
    assert!(q.lo.is_none() && q.last_trade_at.is_none());
}

fn same_markets(ours: &[KalshiMarket], peer: &Value, name: &str) {
    let pm = peer.as_array().unwrap();
    assert_eq!(ours.len(), pm.len(), "{name}");
    for (m, q) in ours.iter().zip(pm) {
        let what = format!("{name} {}", m.ticker);
        assert_eq!(m.ticker, q["ticker"].as_str().unwrap());
        assert_eq!(
            m.strike_type.as_deref(),
            q["strike_type"].as_str(),
            "{what}"
        );
        close(m.floor_strike, num(&q["floor_strike"]), &what);
        close(m.cap_strike, num(&q["cap_strike"]), &what);
        close(m.yes_bid, num(&q["yes_bid"]), &what);
        close(m.yes_ask, num(&q["yes_ask"]), &what);
        close(m.last_price, num(&q["last_price"]), &what);
        close(Some(m.volume), num(&q["volume"]), &what);
        close(Some(m.notional), num(&q["notional"]), &what);
    }
}

#[test]
fn kalshi_ladders_and_quotes_as_cpython_reads_them() {
    // A range ladder (less, between..., greater) and an above ladder of greater markets.
    for (name, n, closes) in [
        (HIGHNY, 6, vec![62.0, 63.0, 64.2, 66.5, 69.0, 70.0, 71.0]),
        (
            BTCD,
            8,
            vec![75000.0, 75599.99, 75650.0, 76250.5, 76299.99, 76400.0],
        ),
    ] {
        let ms = kalshi_markets(&vector("kalshi", name), name).unwrap();
        assert_eq!(ms.len(), n, "{name}");
        let p = peer("kalshi", "kalshi", name, &closes);
        same_markets(&ms, &p["markets"], name);
        for (c, pq) in closes.iter().zip(p["quotes"].as_array().unwrap()) {
            let ours = kalshi_quote(&ms, *c);
            match (ours, pq) {
                (Err(e), Value::Null) => assert!(e.contains("outside"), "{name} {c}: {e}"),
                (Ok(q), pq) if !pq.is_null() => {
                    let what = format!("{name} at {c}");
                    close(Some(q.p_up), num(&pq["p_up"]), &what);
                    close(Some(q.vol), num(&pq["vol"]), &what);
                    close(q.lo.map(|s| s.level), num(&pq["lo"]), &what);
                    close(q.hi.map(|s| s.level), num(&pq["hi"]), &what);
                    assert_eq!(q.prev_close, Some(*c));
                    assert!((0.0..=1.0).contains(&q.p_up), "{what}");
                }
                (ours, pq) => panic!("{name} at {c}: {ours:?} vs peer {pq}"),
            }
        }
    }
    // 66.5 lies between the floors 65 and 67 of the range ladder: above 65 is B65.5 (the
    // midpoint 0.05) and every bucket above (no bid: their last trades, 0.01 each), above 67
    // the last three; three quarters of the way from 0.08 to 0.03.
    let ms = kalshi_markets(&vector("kalshi", HIGHNY), HIGHNY).unwrap();
    let q = kalshi_quote(&ms, 66.5).unwrap();
    assert_eq!(q.lo.unwrap().level, 65.0);
    assert!((q.lo.unwrap().p_above - 0.08).abs() < 1e-12, "{q:?}");
    assert!((q.hi.unwrap().p_above - 0.03).abs() < 1e-12, "{q:?}");
    assert!((q.p_up - 0.0425).abs() < 1e-12, "{q:?}");
    assert!((q.vol - (3301.36 + 1550.95)).abs() < 1e-9);
}

#[test]
fn kalshi_recorded_answers_read_or_refused() {
    for name in GOLDEN_MARKETS {
        let ms = kalshi_markets(&answer("kalshi", name), name).unwrap();
        let p = peer("kalshi", "kalshi", name, &[]);
        same_markets(&ms, &p["markets"], name);
    }
    // The markets list is of multivariate (custom) markets: no ladder to price.
    let ms = kalshi_markets(&answer("kalshi", GOLDEN_MARKETS[0]), "m").unwrap();
    assert_eq!(ms.len(), 5);
    assert!(kalshi_quote(&ms, 1.0).unwrap_err().contains("custom"));
    // The event without nested markets lists them beside it.
    assert_eq!(
        kalshi_markets(&answer("kalshi", GOLDEN_MARKETS[1]), "e")
            .unwrap()
            .len(),
        1
    );
    for name in NOT_FEEDS {
        let e = kalshi_markets(&answer("kalshi", name), name).unwrap_err();
        assert!(e.to_string().starts_with(name), "{e}");
    }
}

#[test]
fn kalshi_orderbooks_as_cpython_reads_them() {
    let b = kalshi_orderbook(&vector("kalshi", FED_BOOK), FED_BOOK).unwrap();
    let p = peer("orderbook", "kalshi", FED_BOOK, &[]);
    close(b.best_yes_bid, num(&p["best_yes_bid"]), "bid");
    close(b.best_yes_ask, num(&p["best_yes_ask"]), "ask");
    // The MANIFEST: best yes bid 0.79; yes ask 1 - 0.20.
    assert_eq!((b.best_yes_bid, b.best_yes_ask), (Some(0.79), Some(0.8)));
    let empty = kalshi_orderbook(&answer("kalshi", GOLDEN_BOOK), GOLDEN_BOOK).unwrap();
    assert_eq!((empty.best_yes_bid, empty.best_yes_ask), (None, None));
    // A book's bid and ask replace a market's own.
    let ms = kalshi_markets(&vector("kalshi", HIGHNY), HIGHNY).unwrap();
    let m = ms[0].clone().with_book(&b);
    assert_eq!((m.yes_bid, m.yes_ask), (Some(0.79), Some(0.8)));
}

/// Every parser on `bytes`; Ok(()) when none panics (errors are expected or not).
fn all(bytes: &[u8]) -> [Result<(), FeedError>; 4] {
    [
        polymarket_markets(bytes, "x").map(|_| ()),
        polymarket_book(bytes, "x").map(|_| ()),
        kalshi_markets(bytes, "x").map(|_| ()),
        kalshi_orderbook(bytes, "x").map(|_| ()),
    ]
}

#[test]
fn hostile_inputs_are_errors() {
    let files = [
        ("polymarket", GAMMA),
        ("polymarket", BOOK),
        ("kalshi", HIGHNY),
        ("kalshi", BTCD),
        ("kalshi", FED_BOOK),
    ];
    for (venue, name) in files {
        let bytes = vector(venue, name);
        // Truncated anywhere: never a document any parser accepts.
        for k in 1..64 {
            let cut = &bytes[..bytes.len() * k / 64];
            for r in all(cut) {
                assert!(r.is_err(), "{name} cut at {}", cut.len());
            }
        }
    }
    // Values the parsers read made out of range, not finite, or of the wrong type: an
    // error naming the field.
    for (venue, name, own, from, to) in [
        (
            "polymarket",
            GAMMA,
            0,
            "\"volumeNum\": 12505.37",
            "\"volumeNum\": \"many\"",
        ),
        (
            "polymarket",
            GAMMA,
            0,
            "\"volumeNum\": 12505.37",
            "\"volumeNum\": 1e400",
        ),
        (
            "polymarket",
            GAMMA,
            0,
            "\"outcomes\": \"[",
            "\"outcomes\": \"{",
        ),
        (
            "polymarket",
            GAMMA,
            0,
            "\"outcomePrices\": \"[\\\"0.12",
            "\"outcomePrices\": \"[\\\"7",
        ),
        (
            "polymarket",
            BOOK,
            1,
            "{\"price\":\"0.8\"",
            "{\"price\":\"1e999\"",
        ),
        ("polymarket", BOOK, 1, "{\"price\":\"0.8\"", "{\"price\":[]"),
        (
            "polymarket",
            BOOK,
            1,
            "\"size\":\"59700\"",
            "\"size\":\"-1\"",
        ),
        (
            "polymarket",
            BOOK,
            1,
            "\"last_trade_price\":\"0.190\"",
            "\"last_trade_price\":\"NaN\"",
        ),
        (
            "kalshi",
            HIGHNY,
            2,
            "\"yes_bid_dollars\":\"0.6300\"",
            "\"yes_bid_dollars\":\"1.63\"",
        ),
        (
            "kalshi",
            HIGHNY,
            2,
            "\"yes_bid_dollars\":\"0.6300\"",
            "\"yes_bid_dollars\":true",
        ),
        (
            "kalshi",
            HIGHNY,
            2,
            "\"volume_fp\":\"5541.25\"",
            "\"volume_fp\":\"1e999\"",
        ),
        (
            "kalshi",
            BTCD,
            2,
            "\"floor_strike\":75599.99",
            "\"floor_strike\":\"x\"",
        ),
        (
            "kalshi",
            BTCD,
            2,
            "\"floor_strike\":75599.99",
            "\"floor_strike\":1e400",
        ),
        (
            "kalshi",
            FED_BOOK,
            3,
            "[\"0.7900\",\"4122.75\"]",
            "[\"0.7900\"]",
        ),
        (
            "kalshi",
            FED_BOOK,
            3,
            "[\"0.7900\",\"4122.75\"]",
            "[\"0.7900\",{}]",
        ),
    ] {
        let text = String::from_utf8(vector(venue, name)).unwrap();
        assert!(text.contains(from), "{name}: {from}");
        let bad = text.replacen(from, to, 1);
        let results = all(bad.as_bytes());
        let e = results[own]
            .as_ref()
            .expect_err(&format!("{name}: {from} -> {to}"));
        assert!(!e.field.is_empty() && e.file == "x", "{name}: {e}");
    }
    let huge = vec![b' '; MAX_FEED_BYTES + 1];
    for r in all(&huge) {
        assert!(r.unwrap_err().message.contains("exceeds"));
    }
    let deep = "[".repeat(5000);
    for r in all(deep.as_bytes()) {
        assert!(r.is_err());
    }
}

#[test]
fn quotes_from_the_vectors_read_back_from_a_run_line() {
    use sealbook_core::book::canon::{to_bytes, DumpOptions, Value};
    use sealbook_core::records::book_lines::build::RunContent;
    use sealbook_core::records::book_lines::BookLines;
    use sealbook_core::records::crowd::CrowdPrices;
    use sealbook_core::score::crowd_book::crowd_stats;
    use std::collections::BTreeMap;

    let ms = polymarket_markets(&vector("polymarket", GAMMA), GAMMA).unwrap();
    let book = polymarket_book(&vector("polymarket", BOOK), BOOK).unwrap();
    let mut m = ms[16].clone();
    m.token_ids[0] = book.asset_id.clone();
    let highny = kalshi_markets(&vector("kalshi", HIGHNY), HIGHNY).unwrap();
    let btcd = kalshi_markets(&vector("kalshi", BTCD), BTCD).unwrap();
    let crowd = CrowdPrices {
        at: "2026-10-06T12:30:06Z".into(),
        odds: BTreeMap::from([("BTC".to_string(), polymarket_quote(&m, &book).unwrap())]),
        kalshi: BTreeMap::from([
            ("GOLD".to_string(), kalshi_quote(&highny, 66.5).unwrap()),
            ("BTC".to_string(), kalshi_quote(&btcd, 75650.0).unwrap()),
        ]),
    };
    let mut line = RunContent {
        at: "2026-10-06T12:30:07Z".into(),
        run_id: "2026-10-06-am".into(),
        crowd: Some(crowd.clone()),
        ..RunContent::default()
    }
    .to_object();
    line.insert("n", Value::Int(1.into()));
    let mut bytes = to_bytes(&Value::Object(line), DumpOptions::SEAL).unwrap();
    bytes.push(b'\n');
    let lines = BookLines::parse(&bytes).unwrap();
    assert_eq!(lines.runs[0].crowd.as_ref(), Some(&crowd));
    // The reader recomputes each Kalshi price from the sealed strikes and finds no mismatch.
    let st = crowd_stats(&[], &lines).unwrap();
    assert!(
        st.kalshi_mismatches.is_empty(),
        "{:?}",
        st.kalshi_mismatches
    );
    assert_eq!(st.questions.len(), 2, "Polymarket's BTC, Kalshi's GOLD");
    assert!(st.questions.iter().all(|q| q.admitted));
}

/// A recorded open answer turned into a settled one: only each market's `status` and `result`
/// are changed (no settled Kalshi market is among the committed vectors), every other field
/// is Kalshi's as recorded.
fn settled(
    bytes: &[u8],
    markets_at: &[&str],
    set: impl Fn(&str) -> (&'static str, &'static str),
) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(bytes).unwrap();
    let mut list = &mut v;
    for k in markets_at {
        list = if let Ok(i) = k.parse::<usize>() {
            &mut list[i]
        } else {
            &mut list[*k]
        };
    }
    for m in list.as_array_mut().unwrap() {
        let (status, result) = set(m["ticker"].as_str().unwrap());
        m["status"] = status.into();
        m["result"] = result.into();
    }
    serde_json::to_vec(&v).unwrap()
}

/// Core's resolution of the ladder `bytes` at each previous close against the CPython peer's
/// (`crowd_feed_peer.py resolved`: the set of closes the settled markets leave).
fn resolutions_agree_with_the_peer(bytes: &[u8], closes: &[f64]) {
    use sealbook_core::score::crowd_feed::kalshi_resolution;
    let dir = sealbook_tests::tmp::TempDir::new("kalshi-resolved");
    let file = dir.path().join("settled.json");
    std::fs::write(&file, bytes).unwrap();
    let peer = peer_on("resolved", &file, closes);
    let markets = kalshi_markets(bytes, "settled.json").unwrap();
    for (i, c) in closes.iter().enumerate() {
        let ours = match kalshi_resolution(&markets, *c) {
            Ok(Some(true)) => Value::from("up"),
            Ok(Some(false)) => Value::from("down"),
            Ok(None) => Value::Null,
            Err(_) => Value::from("error"),
        };
        assert_eq!(ours, peer["resolutions"][i], "previous close {c}");
    }
}

#[test]
fn kalshi_settled_ladders_resolve_above_the_previous_close_or_say_why_not() {
    use sealbook_core::score::crowd_feed::kalshi_resolution;
    let closes = [
        60.0, 62.9, 63.0, 64.5, 65.0, 65.5, 66.0, 66.5, 69.9, 70.0, 75.0,
    ];
    let open = vector("kalshi", HIGHNY);
    // As recorded, every market is active: nothing is resolved yet.
    let markets = kalshi_markets(&open, HIGHNY).unwrap();
    assert!(markets.iter().all(|m| m.result.as_deref() == Some("")));
    assert_eq!(kalshi_resolution(&markets, 64.5), Ok(None));
    // The 65-66 bucket settles yes, every other bucket no.
    let bytes = settled(&open, &["event", "markets"], |t| {
        (
            "finalized",
            if t.ends_with("-B65.5") { "yes" } else { "no" },
        )
    });
    resolutions_agree_with_the_peer(&bytes, &closes);
    resolutions_agree_with_the_peer(&open, &closes);
    for end in ["-T63", "-T70", "-B63.5"] {
        let b = settled(&open, &["event", "markets"], move |t| {
            ("settled", if t.ends_with(end) { "yes" } else { "no" })
        });
        resolutions_agree_with_the_peer(&b, &closes);
    }
    let m = kalshi_markets(&bytes, HIGHNY).unwrap();
    assert_eq!(
        kalshi_resolution(&m, 64.5),
        Ok(Some(true)),
        "floor 65 above 64.5"
    );
    assert_eq!(kalshi_resolution(&m, 66.0), Ok(Some(false)), "cap 66 at 66");
    assert_eq!(kalshi_resolution(&m, 70.0), Ok(Some(false)));
    // A close inside the bucket that holds the previous close: no answer, never a guess.
    let e = kalshi_resolution(&m, 65.5).unwrap_err();
    assert!(e.contains("none says whether"), "{e}");
    // Settled but not all: the deciding bucket still trading leaves it open.
    let bytes = settled(&open, &["event", "markets"], |t| {
        if t.ends_with("-B65.5") {
            ("active", "")
        } else {
            ("settled", "no")
        }
    });
    assert_eq!(
        kalshi_resolution(&kalshi_markets(&bytes, HIGHNY).unwrap(), 64.5),
        Ok(None)
    );
    resolutions_agree_with_the_peer(&bytes, &closes);
    // A result neither yes nor no (a voided market) is an error naming it.
    let bytes = settled(&open, &["event", "markets"], |t| {
        ("settled", if t.ends_with("-B65.5") { "void" } else { "no" })
    });
    let e = kalshi_resolution(&kalshi_markets(&bytes, HIGHNY).unwrap(), 64.5).unwrap_err();
    assert!(e.contains("-B65.5") && e.contains("\"void\""), "{e}");
    resolutions_agree_with_the_peer(&bytes, &closes);
    // An above ladder (KXBTCD, strikes 75,599.99 and up), as `GET /markets/<ticker>` answers
    // each market: `{"market": {...}}`.
    let btc: Value = serde_json::from_slice(&vector("kalshi", BTCD)).unwrap();
    let ladder = btc["events"][0]["markets"].as_array().unwrap();
    let floors: Vec<f64> = ladder
        .iter()
        .map(|m| m["floor_strike"].as_f64().unwrap())
        .collect();
    let (lo, hi) = (floors[0], floors[1]);
    let prev = (lo + hi) / 2.0;
    let one = |i: usize, result: &str| {
        let mut m = ladder[i].clone();
        m["status"] = "settled".into();
        m["result"] = result.into();
        let bytes = serde_json::to_vec(&serde_json::json!({ "market": m })).unwrap();
        kalshi_markets(&bytes, "markets/ticker").unwrap()
    };
    assert_eq!(
        one(0, "yes")[0].ticker,
        ladder[0]["ticker"].as_str().unwrap()
    );
    assert_eq!(
        kalshi_resolution(&one(1, "yes"), prev),
        Ok(Some(true)),
        "above {hi}"
    );
    assert_eq!(
        kalshi_resolution(&one(0, "no"), prev),
        Ok(Some(false)),
        "not above {lo}"
    );
    // Above the lower strike but not the upper: the close is between them, undecided.
    let both = [one(0, "yes"), one(1, "no")].concat();
    assert!(kalshi_resolution(&both, prev).is_err());
    // Contradicting markets are an error.
    let both = [one(1, "yes"), one(0, "no")].concat();
    let e = kalshi_resolution(&both, prev).unwrap_err();
    assert!(e.contains("contradict"), "{e}");
    // The above ladder settled as a whole at a close between two of its strikes.
    let mut whole = btc.clone();
    let at = floors[2] + 1.0;
    for m in whole["events"][0]["markets"].as_array_mut().unwrap() {
        let f = m["floor_strike"].as_f64().unwrap();
        m["status"] = "finalized".into();
        m["result"] = if at > f { "yes" } else { "no" }.into();
    }
    let mut around: Vec<f64> = floors
        .iter()
        .flat_map(|f| [*f - 0.5, *f, *f + 0.5])
        .collect();
    around.push(at);
    let whole = serde_json::to_vec(&whole).unwrap();
    resolutions_agree_with_the_peer(&whole, &around);
    let ms = kalshi_markets(&whole, BTCD).unwrap();
    assert_eq!(kalshi_resolution(&ms, floors[2]), Ok(Some(true)));
    assert_eq!(kalshi_resolution(&ms, floors[3]), Ok(Some(false)));
    assert!(
        kalshi_resolution(&ms, at).is_err(),
        "between strikes {} and {}",
        floors[2],
        floors[3]
    );
}
