//! `sealbook demo --out DIR`: the DEMO league made by the league engine over 40 sessions
//! (spec §3.1), checked with the project's own verifiers and the peers: the book and the ask
//! chain against every stamped list (`sealbook verify`), the RFC 3161 tokens with the DEMO
//! root (`sealbook tsr verify`, `openssl ts -verify`), the pending OpenTimestamps proofs
//! (`sealbook ots info`), the forecasts file (`sealbook conformance`), and the stats document
//! the Scores page reads (figures on every horizon, every seat ranked), the trading tracks'
//! accounts (`sealbook replay`: every row exact, every seat and benchmark, a rejected decision,
//! the decisions held to the book); a second demo seals the same book, ask chain and accounts
//! byte for byte, and the stamped lists are those the schedule gives.

use super::common;

use common::{arg, sealbook, sealbook_json};
use serde_json::json;
use std::path::Path;
use std::process::Command;

fn read_json(p: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

/// The stamped lists the demo's schedule gives over `sessions` runs (spec §3.2): the engine
/// is polled at 08:30 (the morning run, stamped on the cadence before it seals) and 09:00 New
/// York time (the deadline closes the run and stamps it) of every run's session and at 16:10
/// (the close: score lines due, after a stamp on the cadence) of every session until the 6m
/// horizons of the first 13 runs are scored, and a last list is taken at 16:20 of that day;
/// a stamp writes a list only when a ledger has grown since the last one. On a run's day the
/// 16:10 stamp finds nothing new since 09:00 (the next morning's list covers the day's score
/// lines); after the last run, a session's 16:10 list covers the score lines of the session
/// before it, when that session had any. On the second session one seat answers at 09:29 and
/// is stamped on arrival, the settle window (5 s) later.
fn expected_lists(sessions: u32) -> Vec<String> {
    use sealbook_core::calendar::{
        horizon_end_date, new_york_time, nth_session_from, Horizon, SESSION_ONE,
    };
    let runs: Vec<_> = (0..sessions)
        .map(|k| nth_session_from(SESSION_ONE, k).unwrap())
        .collect();
    let last_run = *runs.last().unwrap();
    let last = horizon_end_date(runs[12], Horizon::M6, false)
        .unwrap()
        .max(last_run);
    let scored = |day| {
        runs.iter().any(|s| {
            Horizon::ALL
                .iter()
                .any(|h| horizon_end_date(*s, *h, false) == Some(day))
        })
    };
    let name = |t: sealbook_core::calendar::Instant| {
        let t = t.to_rfc3339();
        format!(
            "proof/{}/{}{}{}Z.txt",
            &t[..10],
            &t[11..13],
            &t[14..16],
            &t[17..19]
        )
    };
    let mut out = Vec::new();
    for s in &runs {
        out.push(name(new_york_time(*s, 8, 30)));
        out.push(name(new_york_time(*s, 9, 0)));
    }
    out.push(name(sealbook_core::calendar::Instant(
        new_york_time(runs[1], 9, 29).0 + 5_000_000,
    )));
    let mut before = last_run;
    for k in sessions.. {
        let day = nth_session_from(SESSION_ONE, k).unwrap();
        if day > last {
            break;
        }
        if scored(before) {
            out.push(name(new_york_time(day, 16, 10)));
        }
        before = day;
    }
    out.push(name(new_york_time(last, 16, 20)));
    out.sort();
    out
}

#[test]
fn the_engine_made_demo_verifies_end_to_end() {
    let t = tempfile::tempdir().unwrap();
    let dir = t.path().join("demo");
    let (code, made) = sealbook_json(&["demo", "--out", arg(&dir)]);
    assert_eq!(code, 0, "{made}");
    assert_eq!(made["sessions"], 40);
    // Each seat's provider, declared in the demo's league.toml and sealed in the roster (spec
    // §3.10, Table 8), is published in league-roster.json.
    let roster = read_json(&dir.join("league-roster.json"));
    let providers: Vec<(&str, &str)> = roster["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_str().unwrap(),
                s["provider"].as_str().unwrap_or("null"),
            )
        })
        .collect();
    assert_eq!(
        providers,
        [
            ("coin", "local"),
            ("climatology", "local"),
            ("momentum", "local"),
            ("demo-trend", "demo-endpoint"),
            ("demo-contra", "demo-endpoint"),
            ("demo-noise", "demo-endpoint"),
            ("demo-prose", "demo-endpoint"),
        ],
        "{roster}"
    );
    // A non-empty directory is refused (exit 2), nothing in it touched.
    let (code, _, err) = sealbook(&["demo", "--out", arg(&dir)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not empty"), "{err}");
    // A second demo seals the same book and ask chain byte for byte (only the authority's
    // key and tokens and the proofs' nonces are fresh).
    let again = t.path().join("again");
    let (code, made_again) = sealbook_json(&["demo", "--out", arg(&again)]);
    assert_eq!(code, 0, "{made_again}");
    for f in [
        "council-book.jsonl",
        "asks.jsonl",
        "council-forecasts.csv",
        "council-stats.json",
        "arena-prices.jsonl",
        "arena-decisions.jsonl",
        "arena-trades.jsonl",
        "arena-accounts.jsonl",
        "council-league.json",
    ] {
        assert!(
            std::fs::read(dir.join(f)).unwrap() == std::fs::read(again.join(f)).unwrap(),
            "{f} differs between two demos"
        );
    }
    assert_eq!(made_again["stamps"], made["stamps"]);

    let mut lists: Vec<String> = Vec::new();
    for day in std::fs::read_dir(dir.join("proof")).unwrap() {
        for f in std::fs::read_dir(day.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|e| e == "txt") {
                lists.push(p.display().to_string());
            }
        }
    }
    lists.sort();
    assert_eq!(lists.len() as u64, made["stamps"].as_u64().unwrap());
    let names: Vec<String> = lists
        .iter()
        .map(|l| l[dir.display().to_string().len() + 1..].to_string())
        .collect();
    assert_eq!(names, expected_lists(40));
    // Every counted answer is proven sealed before its session's reference, as a reader
    // reads it (`verify --answers --json`, the per-answer verdicts); one arrived at 09:29 ET,
    // a minute before the reference, and is proven before it by the stamp on arrival.
    let (code, doc) = sealbook_json(&[
        "verify",
        arg(&dir),
        "--answers",
        "--ca",
        arg(&dir.join("tsa/demo-root.pem")),
    ]);
    assert_eq!(code, 0, "{}", doc["file_problems"]);
    let verdicts = doc["answers"].as_array().unwrap();
    let counted: Vec<_> = verdicts
        .iter()
        .filter(|a| a["status"] == "counted")
        .collect();
    assert!(counted.len() >= 40 * 7 - 40, "{} counted", counted.len());
    for a in &counted {
        assert_eq!(a["verdict"], "proven_before_reference", "{a}");
    }
    let late: Vec<_> = counted
        .iter()
        .filter(|a| {
            a["sealed_at"]
                .as_str()
                .unwrap_or("")
                .starts_with("2026-10-20T13:29:")
        })
        .collect();
    assert_eq!(late.len(), 1, "one counted answer sealed at 09:29 ET");
    assert_eq!(late[0]["seat"], "demo-prose", "{}", late[0]);
    // Both ledgers verify, and every stamped list's prefix of each.
    for (book, ledger) in [
        ("council-book.jsonl", "daily/council/book.jsonl"),
        ("asks.jsonl", "daily/council/asks.jsonl"),
    ] {
        let mut args = vec![
            "verify".to_string(),
            dir.join(book).display().to_string(),
            "--ledger".into(),
            ledger.into(),
        ];
        for l in &lists {
            args.extend(["--stamp".to_string(), l.clone()]);
        }
        let (code, out, err) = sealbook(&args);
        assert_eq!(code, 0, "{book}: {out}{err}");
    }

    // Every list has a DEMO token that verifies to the DEMO root, here and with openssl.
    let root = dir.join("tsa/demo-root.pem");
    let leaf = dir.join("tsa/demo-tsa.pem");
    assert!(std::fs::read_to_string(&root)
        .unwrap()
        .starts_with("-----BEGIN CERTIFICATE-----"));
    for l in [&lists[0], &lists[lists.len() - 1]] {
        let token = format!("{l}.demo.tsr");
        let (code, v) = sealbook_json(&[
            "tsr",
            "verify",
            "--data",
            l,
            "--in",
            &token,
            "--ca",
            arg(&root),
        ]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["ok"], true);
        let out = Command::new("openssl")
            .args(["ts", "-verify", "-data", l, "-in", &token, "-CAfile"])
            .arg(&root)
            .arg("-untrusted")
            .arg(&leaf)
            .env("OPENSSL_CONF", "/dev/null")
            .output()
            .expect("openssl is installed");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("Verification: OK"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The OpenTimestamps proof is pending at the DEMO calendar, and says so.
        let (code, out, err) = sealbook(&["ots", "info", &format!("{l}.ots")]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("demo-calendar.sealbook.invalid"), "{out}");
    }
    // The forecasts file passes the conformance checker.
    let (code, out, err) = sealbook(&["conformance", arg(&dir.join("council-forecasts.csv"))]);
    assert_eq!(code, 0, "{out}{err}");
    // Every event's contract was sealed in its run line before the ask (spec §3, Table 1):
    // the file agrees with the book's contracts, states no placeholder, names the provider's
    // symbols, and the 10-year yield's events end 15:00 ET. One clock (§3.3): Bitcoin rows
    // sealed before the reference are in the common event with the other markets.
    let (code, out, err) = sealbook(&[
        "conformance",
        arg(&dir.join("council-forecasts.csv")),
        "--book",
        arg(&dir.join("council-book.jsonl")),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read(dir.join("council-forecasts.csv")).unwrap();
    let rows = sealbook_core::contract::forecasts_csv::read_forecasts(&csv).unwrap();
    assert!(!String::from_utf8_lossy(&csv).contains(sealbook_core::contract::event::UNSTATED));
    let brent = rows.iter().find(|r| r.asset == "BRENT").unwrap();
    assert_eq!(brent.contract.price_symbol, "DEMO-BRENT");
    let tnx: Vec<_> = rows.iter().filter(|r| r.asset == "TNX").collect();
    assert!(!tnx.is_empty());
    for r in tnx {
        let end = sealbook_core::calendar::Instant::parse_rfc3339(&r.contract.end_at).unwrap();
        assert_eq!(end.new_york().1, 15 * 3600, "{:?}", r.contract);
    }
    let btc: Vec<_> = rows
        .iter()
        .filter(|r| {
            r.asset == "BTC"
                && r.status == "counted"
                && Some(r.sealed_at)
                    < sealbook_core::calendar::Instant::parse_rfc3339(&r.contract.reference_at)
        })
        .collect();
    assert!(btc.len() > 100, "{}", btc.len());
    assert!(
        btc.iter().all(|r| r.same_event),
        "Bitcoin on the common clock"
    );
    // The draw band is sealed with each run's reference (§3.5): every resolved row of the
    // common event states its draw, some of them inside the band, and the ex-draw score
    // drops them.
    let resolved: Vec<_> = rows
        .iter()
        .filter(|r| r.actual_pct.is_some() && r.same_event)
        .collect();
    assert!(!resolved.is_empty());
    let undrawn = resolved.iter().filter(|r| r.draw.is_none()).count();
    assert_eq!(undrawn, 0, "of {}", resolved.len());
    let draws = resolved.iter().filter(|r| r.draw == Some(true)).count();
    assert!(
        draws > 0 && draws < resolved.len(),
        "{draws} of {}",
        resolved.len()
    );

    // The stats document: every seat on every horizon has a Brier score and is ranked; the
    // demo models differ from each other; the primary endpoint has its estimate.
    let stats = read_json(&dir.join("council-stats.json"));
    let seats = stats["seats"].as_object().unwrap();
    let names: Vec<&str> = seats.keys().map(String::as_str).collect();
    for s in [
        "coin",
        "climatology",
        "momentum",
        "demo-trend",
        "demo-contra",
        "demo-noise",
        "demo-prose",
    ] {
        assert!(names.contains(&s), "{names:?}");
    }
    for (seat, hs) in seats {
        for h in ["1d", "1w", "1m", "6m"] {
            let f = &hs[h];
            assert!(f["brier"].is_number(), "{seat} {h}: {f}");
            assert_eq!(
                f["ranked"], true,
                "{seat} {h}: n {} sessions {}",
                f["n"], f["sessions"]
            );
        }
    }
    let dropped = seats["demo-trend"]["1d"]["dropped_draws"].as_u64().unwrap();
    assert!(dropped > 0, "{}", seats["demo-trend"]["1d"]);
    assert_ne!(
        seats["demo-trend"]["1d"]["brier_ex_draw"],
        seats["demo-trend"]["1d"]["brier"]
    );
    let brier = |s: &str| seats[s]["1d"]["brier"].as_f64().unwrap();
    assert_ne!(brier("demo-trend"), brier("demo-contra"));
    assert_ne!(brier("demo-noise"), brier("coin"));
    assert!(
        stats["primary_endpoint"]["estimate"].is_number(),
        "{}",
        stats["primary_endpoint"]
    );
    assert!(
        stats["consensus"]["1d"]["ci95"].is_array(),
        "{}",
        stats["consensus"]["1d"]
    );
    // The baselines are benchmarks, in no N_eff panel (spec §4.5, §5.1): the constant coin no
    // longer leaves the eigenvalues and the US/China sides test without a reading, and no
    // panel counts a baseline's seat.
    let runs = stats["independence"]["runs"].as_array().unwrap();
    let computed = |k: &str| runs.iter().filter(|r| !r[k].is_null()).count();
    assert!(
        computed("spectrum") > runs.len() / 2 && computed("sides") > runs.len() / 2,
        "spectrum {} sides {} of {}",
        computed("spectrum"),
        computed("sides"),
        runs.len()
    );
    for r in runs {
        for s in r["seats"].as_array().unwrap() {
            assert!(
                !["coin", "climatology", "momentum"].contains(&s["seat"].as_str().unwrap()),
                "{} {}: {s}",
                r["run_id"],
                r["horizon"]
            );
        }
    }

    // Every demo model answered through the OpenAI adapter, its version string sealed; the
    // wayward one refused on some sessions (sealed as received, marked).
    let book = std::fs::read_to_string(dir.join("council-book.jsonl")).unwrap();
    let answers: Vec<serde_json::Value> = book
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["kind"] == "answer")
        .collect();
    assert_eq!(answers.len(), 40 * 7);
    for m in ["demo-trend", "demo-contra", "demo-noise", "demo-prose"] {
        let mine: Vec<_> = answers.iter().filter(|a| a["seat"] == m).collect();
        assert_eq!(mine.len(), 40, "{m}");
        assert!(
            mine.iter().all(|a| a.to_string().contains("(DEMO)")),
            "{m}: the provider's version string is sealed"
        );
    }
    // The trading tracks: every published account row is recomputed exactly from the
    // decisions sealed in the book and the recorded prices; every seat and every benchmark has
    // its account on both versions; some decisions were rejected, some held, some traded; a
    // decision the reader could not take is sealed and marked.
    let (code, r) = sealbook_json(&["replay", arg(&dir)]);
    assert_eq!(code, 0, "{r}");
    assert_eq!(r["exact"], r["rows"], "{r}");
    assert_eq!(
        (r["different"].as_u64(), r["not_recounted"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(r["decisions_vs_book"].as_u64().unwrap() > 100, "{r}");
    assert!(
        r["code"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["ok"] == true),
        "{r}"
    );
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("arena-accounts.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let has = |version: &str, account: &str| {
        rows.iter()
            .any(|x| x["version"] == version && x["account"] == account)
    };
    for seat in [
        "coin",
        "climatology",
        "momentum",
        "demo-trend",
        "demo-contra",
        "demo-noise",
        "demo-prose",
    ] {
        assert!(
            has("arena-3", seat) && has("pro-1", seat) && has("agent-portfolio-1", seat),
            "{seat}"
        );
    }
    for b in ["_world", "_bitcoin"] {
        assert!(has("agent-portfolio-1", b), "{b}");
    }
    // Seed 002's agent portfolios: every fill at its session's 16:00 ET close, at 0.2% of its
    // value; some decisions rejected for needing more than 10 orders.
    let fills: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("arena-trades.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|t| t["version"] == "agent-portfolio-1")
        .collect();
    assert!(fills.len() > 20, "{}", fills.len());
    for t in &fills {
        let (s, at) = (t["session"].as_str().unwrap(), t["at"].as_str().unwrap());
        assert!(
            [format!("{s}T20:00:00Z"), format!("{s}T21:00:00Z")].contains(&at.to_string()),
            "{t}"
        );
        let (value, cost) = (t["value"].as_f64().unwrap(), t["cost"].as_f64().unwrap());
        assert!((value.abs() * 0.002 - cost).abs() <= 0.005 + 1e-9, "{t}");
        assert!(value.abs() >= 500.0, "{t}");
    }
    let agent: Vec<&serde_json::Value> = rows
        .iter()
        .filter(|x| {
            x["version"] == "agent-portfolio-1" && !x["account"].as_str().unwrap().starts_with('_')
        })
        .collect();
    for status in ["traded", "hold", "rejected"] {
        assert!(
            agent.iter().any(|x| x["status"] == status),
            "agent-portfolio-1 {status}"
        );
    }
    assert!(
        agent.iter().any(|x| x["reason"]
            .as_str()
            .is_some_and(|r| r.ends_with("orders: at most 10 a session"))),
        "a decision needing an 11th order is rejected"
    );
    for b in ["_hold_all", "_spy", "_passive", "_cash", "_random"] {
        assert!(has("arena-3", b), "{b}");
    }
    for b in ["_spy_long", "_spy_short", "_cash", "_random"] {
        assert!(has("pro-1", b), "{b}");
    }
    for status in ["traded", "hold", "rejected"] {
        assert!(
            rows.iter()
                .any(|x| x["status"] == status && !x["account"].as_str().unwrap().starts_with('_')),
            "{status}"
        );
    }
    assert!(
        book.contains("\"decisions_reason\""),
        "a malformed decision is marked"
    );
    let league = read_json(&dir.join("council-league.json"));
    let accounts = league["accounts"]["accounts"].as_array().unwrap();
    let trend = accounts
        .iter()
        .find(|a| a["version"] == "arena-3" && a["account"] == "demo-trend")
        .unwrap();
    assert_eq!(trend["sessions"], 40, "{trend}");
    for k in ["equity", "return", "drawdown", "costs"] {
        assert!(trend[k].is_number(), "{k}: {trend}");
    }
    assert!(
        trend["sharpe"].is_number() && trend["benchmarks"]["_spy"].is_number(),
        "{trend}"
    );
    // A tampered decision in the published file: replay names its line and exits 1.
    let path = again.join("arena-decisions.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let n = text
        .lines()
        .position(|l| l.contains("\"weights\""))
        .unwrap();
    let tampered: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == n {
                l.replacen("\"weights\":{", "\"weights\":{\"ZZZ\":5,", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    assert_ne!(
        tampered.join("\n") + "\n",
        text,
        "the tamper changes a weight"
    );
    std::fs::write(&path, tampered.join("\n") + "\n").unwrap();
    let (code, out, err) = sealbook(&["replay", arg(&again)]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!(
            "arena-decisions.jsonl:{}: differs from the decisions sealed in council-book.jsonl",
            n + 1
        )),
        "{out}"
    );

    // Bets (seeds 001/003): the DEMO crowd opens rounds, the seats bet, and their rows are the
    // engine's own, recounted exactly above. The engine-made season, exactly.
    let bets: Vec<&serde_json::Value> = rows.iter().filter(|x| x["version"] == "bets-1").collect();
    let count = |s: &str| bets.iter().filter(|x| x["status"] == s).count();
    assert_eq!(bets.len(), 7 * 40);
    assert_eq!(
        ["traded", "hold", "rejected", "missed", "none"].map(count),
        [109, 147, 10, 8, 6]
    );
    // demo-trend's first bets: 100 tokens on DXY Up at its 53c ask (188.679245 shares) and on
    // TNX Down at 78c (128.205128 shares). The DEMO crowd resolves both markets after the
    // close (DXY Up: its slug's figure 42 is below the 52c Up price; TNX Down: 39 is not below
    // 23c), the score job seals that `crowd` line and both bets settle the same session:
    // each pays 1 a share, to the cent 188.68 and 128.21, so from 100 the cash is
    // 100 - 200 + 188.68 + 128.21 = 216.89 (P&L +88.68 and +28.21) and no position is left.
    let first = bets.iter().find(|x| x["account"] == "demo-trend").unwrap();
    assert_eq!(
        (
            &first["session"],
            &first["status"],
            &first["cash"],
            &first["equity"]
        ),
        (
            &json!("2026-10-19"),
            &json!("traded"),
            &json!(216.89),
            &json!(216.89)
        ),
        "{first}"
    );
    assert_eq!(first["positions"], json!({}));
    let book = std::fs::read_to_string(dir.join("council-book.jsonl")).unwrap();
    let resolved = book
        .lines()
        .find(|l| l.contains(r#""kind": "crowd""#) && l.contains(r#""run_id": "2026-10-19-am""#))
        .expect("the crowd line resolving the first session's markets");
    for row in [
        r#""DXY": {"source": "polymarket:demo-dxy-up-or-down-2026-10-19", "up": true}"#,
        r#""TNX": {"source": "polymarket:demo-tnx-up-or-down-2026-10-19", "up": false}"#,
    ] {
        assert!(resolved.contains(row), "{resolved}");
    }
    // Every bet of the season has settled: no bets row carries an open position.
    let open: Vec<&&serde_json::Value> = bets
        .iter()
        .filter(|x| x["positions"] != json!({}))
        .collect();
    assert!(open.is_empty(), "{open:?}");
    let trades_path = dir.join("arena-trades.jsonl");
    let trades = std::fs::read_to_string(&trades_path).unwrap();
    let bet = trades.lines().find(|l| l.contains("\"bets-1\"")).unwrap();
    assert_eq!(
        bet,
        r#"{"version":"bets-1","account":"demo-trend","session":"2026-10-19","at":"2026-10-19T12:30:00.008000Z","symbol":"DXY:Up","qty":"188.679245","price":"0.53","value":100.0,"cost":0.0}"#
    );
    assert_eq!(trades.matches("\"bets-1\"").count(), 168);
    // Bets on Kalshi's contracts: DJI and SOX, which the Polymarket demo crowd does not list,
    // are priced from the DEMO Kalshi ladder. Each such bet settles the session it is placed
    // by a `crowd` line of its run whose row `<market>@kalshi` has the source
    // `kalshi:DEMOKX<market>-<yy><MON><dd>`, and its account's cash moves per the bet rule:
    // - tokens spent + (shares, to the cent, when the outcome won).
    let cents = |v: &serde_json::Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    let crowd_lines: Vec<serde_json::Value> = book
        .lines()
        .filter(|l| l.contains(r#""kind": "crowd""#))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let bet_trades: Vec<serde_json::Value> = trades
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|t| t["version"] == "bets-1")
        .collect();
    let on_kalshi = |t: &serde_json::Value| {
        let s = t["symbol"].as_str().unwrap();
        s.starts_with("DJI:") || s.starts_with("SOX:")
    };
    let kalshi_bets: Vec<&serde_json::Value> = bet_trades.iter().filter(|t| on_kalshi(t)).collect();
    assert!(
        kalshi_bets.len() >= 5,
        "{} bets on Kalshi",
        kalshi_bets.len()
    );
    let mut checked = std::collections::BTreeSet::new();
    let (mut won, mut lost) = (0, 0);
    for t in &kalshi_bets {
        let (account, session) = (
            t["account"].as_str().unwrap(),
            t["session"].as_str().unwrap(),
        );
        let (market, outcome) = t["symbol"].as_str().unwrap().split_once(':').unwrap();
        let month = [
            "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
        ][session[5..7].parse::<usize>().unwrap() - 1];
        let ticker = format!(
            "DEMOKX{market}-{}{month}{}",
            &session[2..4],
            &session[8..10]
        );
        let run = format!("{session}-am");
        let row = crowd_lines
            .iter()
            .filter(|c| c["run_id"] == run.as_str())
            .find_map(|c| c["rows"].get(format!("{market}@kalshi")).cloned())
            .unwrap_or_else(|| panic!("no crowd line of {run} resolves {market} on Kalshi"));
        assert_eq!(row["source"], format!("kalshi:{ticker}"), "{row}");
        let up = row["up"].as_bool().unwrap();
        if (outcome == "Up") == up {
            won += 1;
        } else {
            lost += 1;
        }
        // The account's session row: its cash moved by every bet of the session, each settled.
        if !checked.insert((account, session)) {
            continue;
        }
        let delta: i64 = bet_trades
            .iter()
            .filter(|b| b["account"] == account && b["session"] == session)
            .map(|b| {
                let (m, o) = b["symbol"].as_str().unwrap().split_once(':').unwrap();
                let src = if on_kalshi(b) {
                    format!("{m}@kalshi")
                } else {
                    m.to_string()
                };
                let up = crowd_lines
                    .iter()
                    .filter(|c| c["run_id"] == run.as_str())
                    .find_map(|c| c["rows"][&src]["up"].as_bool())
                    .unwrap();
                let micro =
                    sealbook_core::arena::money::parse_decimal(b["qty"].as_str().unwrap(), 6)
                        .unwrap();
                let payout = if (o == "Up") == up {
                    sealbook_core::arena::money::round_div(i128::from(micro), 10_000)
                } else {
                    0
                };
                payout - cents(&b["value"])
            })
            .sum();
        let mine: Vec<&&serde_json::Value> =
            bets.iter().filter(|x| x["account"] == account).collect();
        let i = mine.iter().position(|x| x["session"] == session).unwrap();
        let before = if i == 0 {
            10_000
        } else {
            cents(&mine[i - 1]["cash"])
        };
        assert_eq!(
            cents(&mine[i]["cash"]) - before,
            delta,
            "{account} {session}: {}",
            mine[i]
        );
        assert_eq!(mine[i]["positions"], json!({}), "{}", mine[i]);
    }
    assert!(won > 0 && lost > 0, "won {won}, lost {lost}");
    // A tampered bet: replay names exactly its row DIFFERENT.
    std::fs::write(
        &trades_path,
        trades.replacen(bet, &bet.replace("\"value\":100.0", "\"value\":99.0"), 1),
    )
    .unwrap();
    let (code, r) = sealbook_json(&["replay", arg(&dir)]);
    assert_eq!(code, 1, "{r}");
    let different: Vec<String> = r["differences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["verdict"] == "different")
        .map(|d| format!("{} {} {}", d["version"], d["account"], d["session"]))
        .collect();
    assert_eq!(
        different,
        ["\"bets-1\" \"demo-trend\" \"2026-10-19\""],
        "{r}"
    );

    // The published manifest lists the DEMO root and the ledgers.
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    for f in [
        "tsa/demo-root.pem",
        "council-book.jsonl",
        "asks.jsonl",
        "DEMO.txt",
        "council-clim-window.json",
        "arena-prices.jsonl",
        "arena-accounts.jsonl",
        "arena-code.json",
        "council-league.json",
        "council-calibration.json",
        "league-roster.json",
        "council-forecasts-index.json",
        "markets-digest.json",
        "arena-dataset.json",
    ] {
        assert!(manifest.contains(&format!("\"{f}\"")), "{f}");
    }
}
