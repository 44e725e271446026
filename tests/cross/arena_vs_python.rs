//! `sealbook replay DIR` against an independent Python engine (tests/py/arena_peer.py:
//! integers, the decimal module, np.random.default_rng for the random benchmark): the peer
//! generates seasons of the three standard tracks (holds, rule-breaking decisions, late seals,
//! funds without a price in the window) and publishes its own trades and account rows; the CLI
//! must reproduce every row to the cent, and its return, drawdown and numpy-computed Sharpe
//! and Sortino ratios to a relative 1e-9. A tampered trade, row or price makes exactly the rows
//! it touches DIFFERENT (exit 1); `arena-code.json` is checked against the published code
//! texts (Appendix B step 8); `sealbook schema arena-protocol` validates the peer's protocol
//! file under jsonschema. The DEMO league (`sealbook demo --out`) is replayed by the peer from
//! its published directory alone (decisions read from the sealed book), and agrees with every
//! published account row and trade to the cent.

#![forbid(unsafe_code)]

use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("sealbook-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

fn peer(args: &[&str]) -> Json {
    let out = sealbook_tests::python_script("arena_peer.py")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn generate(dir: &Path, seed: u32) -> Json {
    peer(&["gen", dir.to_str().unwrap(), &seed.to_string()])
}

/// (exit code, the --json document) of `sealbook replay DIR --json`.
fn replay(dir: &Path) -> (i32, Json) {
    let out = sealbook_tests::sealbook_cli()
        .arg("replay")
        .arg(dir)
        .arg("--json")
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), doc)
}

fn rows_of(r: &Json, verdict: &str) -> BTreeSet<(String, String, String)> {
    r["differences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["verdict"] == verdict)
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap().to_string();
            (s("version"), s("account"), s("session"))
        })
        .collect()
}

fn rewrite(path: &Path, f: impl Fn(usize, Json) -> Json) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for (i, l) in text.lines().enumerate() {
        out += &f(i, serde_json::from_str(l).unwrap()).to_string();
        out.push('\n');
    }
    std::fs::write(path, out).unwrap();
}

#[test]
fn every_row_of_the_python_engine_is_reproduced_to_the_cent() {
    let mut statuses = BTreeSet::new();
    for seed in [5, 6, 7] {
        let d = temp_dir(&format!("season{seed}"));
        let g = generate(&d.0, seed);
        for s in g["statuses"].as_array().unwrap() {
            statuses.insert(s.as_str().unwrap().to_string());
        }
        let (code, r) = replay(&d.0);
        assert_eq!(code, 0, "{r}");
        assert_eq!(r["rows"], g["rows"]);
        assert_eq!(r["trades"], g["trades"]);
        assert_eq!(r["exact"], g["rows"], "seed {seed}: {}", r["differences"]);
        assert_eq!(
            (r["within_rounding"].as_u64(), r["different"].as_u64()),
            (Some(0), Some(0))
        );
        assert_eq!(r["not_recounted"], 0);
        assert_eq!(r["accounts"], 15);
        assert_eq!(r["sessions"], 26);
        assert_eq!(
            r["rules"],
            serde_json::json!(["agent-portfolio-1", "arena-3", "pro-1"])
        );
        assert!(r["code"].is_null());
    }
    // The seasons exercise every path of the engine.
    for s in ["hold", "missed", "none", "rejected", "traded"] {
        assert!(statuses.contains(s), "no {s} row in the generated seasons");
    }
}

#[test]
fn a_tampered_trade_row_or_price_is_different_exactly_where_it_touches() {
    let d = temp_dir("tamper");
    generate(&d.0, 8);
    let trades = d.0.join("arena-trades.jsonl");
    let original = std::fs::read(&trades).unwrap();
    // One trade's quantity.
    let touched = std::cell::RefCell::new(None);
    rewrite(&trades, |i, mut t| {
        if i == 40 {
            let q: f64 = t["qty"].as_str().unwrap().parse().unwrap();
            t["qty"] = serde_json::json!(format!("{:.6}", q + 0.5));
            *touched.borrow_mut() = Some((
                t["version"].as_str().unwrap().to_string(),
                t["account"].as_str().unwrap().to_string(),
                t["session"].as_str().unwrap().to_string(),
            ));
        }
        t
    });
    let (code, r) = replay(&d.0);
    assert_eq!(code, 1);
    assert_eq!(r["different"], 1);
    assert_eq!(
        rows_of(&r, "different"),
        [touched.into_inner().unwrap()].into()
    );
    std::fs::write(&trades, &original).unwrap();
    // One account row's equity, by a dollar.
    let accounts = d.0.join("arena-accounts.jsonl");
    let original_rows = std::fs::read(&accounts).unwrap();
    let touched = std::cell::RefCell::new(None);
    rewrite(&accounts, |i, mut v| {
        if i == 100 {
            v["equity"] = serde_json::json!(v["equity"].as_f64().unwrap() + 1.0);
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            *touched.borrow_mut() = Some((s("version"), s("account"), s("session")));
        }
        v
    });
    let (code, r) = replay(&d.0);
    assert_eq!((code, r["different"].as_u64()), (1, Some(1)));
    assert_eq!(
        rows_of(&r, "different"),
        [touched.into_inner().unwrap()].into()
    );
    let diff = &r["differences"][0];
    assert_eq!(diff["field"], "equity");
    assert_ne!(diff["published"], diff["recomputed"]);
    std::fs::write(&accounts, &original_rows).unwrap();
    // The last session's close of GLD: the rows that hold GLD at that close, or held it at the
    // close before (their no-trade shadow marks it).
    let rows: Vec<Json> = std::fs::read_to_string(&accounts)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sessions: BTreeSet<String> = rows
        .iter()
        .map(|v| v["session"].as_str().unwrap().to_string())
        .collect();
    let last: Vec<&String> = sessions.iter().rev().take(2).collect();
    let expected: BTreeSet<(String, String, String)> = rows
        .iter()
        .filter(|v| {
            last.iter().any(|s| v["session"] == s.as_str()) && v["positions"].get("GLD").is_some()
        })
        .map(|v| {
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("version"), s("account"), last[0].clone())
        })
        .collect();
    assert!(!expected.is_empty(), "{last:?} {}", rows.len());
    rewrite(&d.0.join("arena-prices.jsonl"), |_, mut p| {
        if p["kind"] == "close" && p["symbol"] == "GLD" && p["session"] == last[0].as_str() {
            p["price"] = serde_json::json!("3.25");
        }
        p
    });
    let (code, r) = replay(&d.0);
    assert_eq!(code, 1);
    assert_eq!(rows_of(&r, "different"), expected);
}

#[test]
fn arena_code_json_is_checked_against_the_published_texts() {
    let d = temp_dir("code");
    generate(&d.0, 9);
    std::fs::write(d.0.join("council_arena.py"), "print('engine')\n").unwrap();
    std::fs::create_dir_all(d.0.join("tools")).unwrap();
    std::fs::write(d.0.join("tools/replay.py"), "print('replay')\n").unwrap();
    peer(&[
        "code",
        d.0.to_str().unwrap(),
        "council_arena.py",
        "tools/replay.py",
    ]);
    let (code, r) = replay(&d.0);
    assert_eq!(code, 0, "{r}");
    let c = r["code"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    assert!(c.iter().all(|x| x["ok"] == true));
    assert_eq!(c[1]["text"], "arena-code-tools-replay.py.txt");
    std::fs::write(
        d.0.join("arena-code-tools-replay.py.txt"),
        "print('changed')\n",
    )
    .unwrap();
    let (code, r) = replay(&d.0);
    assert_eq!(code, 1);
    assert_eq!(r["different"], 0);
    assert_eq!(r["code"][1]["ok"], false);
    std::fs::remove_file(d.0.join("arena-code-council_arena.py.txt")).unwrap();
    let out = sealbook_tests::sealbook_cli()
        .arg("replay")
        .arg(&d.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("code: arena-code-council_arena.py.txt is not published"),
        "{text}"
    );
    assert!(
        text.contains("code: arena-code-tools-replay.py.txt DIFFERENT"),
        "{text}"
    );
    assert!(
        text.contains("code: 0 of 2 files match arena-code.json"),
        "{text}"
    );
}

#[test]
fn the_published_schema_accepts_the_peers_protocol_file() {
    let d = temp_dir("schema");
    generate(&d.0, 10);
    let schema = d.0.join("arena-protocol.schema.json");
    let out = sealbook_tests::sealbook_cli()
        .args(["schema", "arena-protocol", "--out"])
        .arg(&schema)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = peer(&[
        "validate",
        schema.to_str().unwrap(),
        d.0.join("arena-protocol.json").to_str().unwrap(),
    ]);
    assert_eq!(v["valid"], true, "{v}");
    // A rule the schema refuses.
    let p = d.0.join("arena-protocol.json");
    let mut doc: Json = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    doc["versions"][0]["cost_bp"] = serde_json::json!(-1);
    std::fs::write(&p, doc.to_string()).unwrap();
    let v = peer(&["validate", schema.to_str().unwrap(), p.to_str().unwrap()]);
    assert_eq!(v["valid"], false);
    // And the CLI refuses the file too: exit 2 naming the version and field.
    let out = sealbook_tests::sealbook_cli()
        .arg("replay")
        .arg(&d.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("version arena-3: field cost_bp"), "{err}");
}

/// The DEMO league's accounts, replayed by the peer from the published directory: the
/// decisions it reads from the sealed book are those published, and every account row and
/// trade agrees to the cent.
#[test]
fn the_demo_league_accounts_agree_with_the_python_peer() {
    let t = temp_dir("demo");
    let dir = t.0.join("demo");
    sealbook_tests::write_demo(&dir);
    let p = peer(&["league", dir.to_str().unwrap()]);
    assert_eq!(p["different"], 0, "{p}");
    assert_eq!(p["rows"], p["peer_rows"], "{p}");
    // 920 rows of arena-3 and pro-1, 360 of agent-portfolio-1 (7 seats and 2 benchmarks x 40
    // sessions), which the peer replays from seed 002's rules, and 280 of bets-1 (7 seats x 40
    // sessions), which it reads with its own reading of seeds 001/003.
    assert_eq!(p["rows"], 1560, "{p}");
    assert_eq!(p["trades_equal"], true, "{p}");
    assert_eq!(p["decisions_equal"], true, "{p}");
    for s in ["hold", "rejected", "traded"] {
        assert!(
            p["statuses"].as_array().unwrap().iter().any(|x| x == s),
            "{s}: {p}"
        );
    }
    // A tampered fill of seed 002's agent portfolios: `sealbook replay` says DIFFERENT for
    // exactly the row of that account and session.
    let trades = dir.join("arena-trades.jsonl");
    let original = std::fs::read(&trades).unwrap();
    let touched = std::cell::RefCell::new(None);
    rewrite(&trades, |_, mut t| {
        if t["version"] == "agent-portfolio-1" && touched.borrow().is_none() {
            let q: f64 = t["qty"].as_str().unwrap().parse().unwrap();
            t["qty"] = serde_json::json!(format!("{:.6}", q + 0.5));
            let s = |k: &str| t[k].as_str().unwrap().to_string();
            *touched.borrow_mut() = Some((s("version"), s("account"), s("session")));
        }
        t
    });
    let (code, r) = replay(&dir);
    assert_eq!((code, r["different"].as_u64()), (1, Some(1)), "{r}");
    assert_eq!(
        rows_of(&r, "different"),
        [touched.into_inner().unwrap()].into()
    );
    std::fs::write(&trades, &original).unwrap();
    // The peer is not blind: a changed published cash figure is a difference it names.
    let path = dir.join("arena-accounts.jsonl");
    rewrite(&path, |i, mut row| {
        if i == 7 {
            row["cash"] = serde_json::json!(row["cash"].as_f64().unwrap() + 0.02);
        }
        row
    });
    let p = peer(&["league", dir.to_str().unwrap()]);
    assert_eq!(p["different"], 1, "{p}");
    assert_eq!(p["differences"][0]["field"], "cash", "{p}");
}

/// A bets season (seeds 001/003) made by the engine: 30 sessions of recorded crowd markets
/// (some with a favourite above 85c or without a seller of one side), their resolutions but
/// the last session's, and three seats' bets (markets not eligible, outcomes the market lacks,
/// caps below the ask, holds, a fund track's weights). Returns the directory's files.
fn bets_season(dir: &Path) {
    use sealbook_core::arena::eligibility::{
        category_of, contract_close, CrowdMarket, OutcomeQuote,
    };
    use sealbook_core::arena::engine::{run_all, PriceSet};
    use sealbook_core::arena::league::league_protocol;
    use sealbook_core::arena::records::{
        decision_line, jsonl, price_line, row_line, trade_line, Choice, Decision, Pick, PriceLine,
    };
    use sealbook_core::calendar::{is_session, new_york_time, Date, Instant};
    let mut x: u64 = 20_261_020;
    let mut next = |n: u64| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) % n
    };
    let markets = ["SPX", "NDX", "TNX", "DXY", "GOLD", "BTC"];
    let (mut lines, mut ds) = (vec![], vec![]);
    let mut day = Date::new(2026, 10, 20).unwrap();
    let mut sessions = 0;
    while sessions < 30 {
        if is_session(day) != Some(true) {
            day = day.add_days(1);
            continue;
        }
        sessions += 1;
        let at = new_york_time(day, 8, 30);
        for id in markets {
            let up = 50_000 + 10_000 * next(91) as i64;
            let up_ask = (up + 10_000 * next(4) as i64).min(1_000_000);
            let bid = up - 10_000 * next(4) as i64;
            lines.push(PriceLine::Market {
                session: day,
                at,
                market: CrowdMarket {
                    id: id.into(),
                    category: category_of(id).into(),
                    topics: vec![],
                    closes_at: contract_close(id, day),
                    resolved: false,
                    volume_cents: 100 * next(20_000) as i64,
                    outcomes: vec![
                        OutcomeQuote {
                            label: "Up".into(),
                            price: up,
                            ask: Some(up_ask),
                        },
                        OutcomeQuote {
                            label: "Down".into(),
                            price: 1_000_000 - up,
                            ask: (next(10) > 0 && bid > 0).then(|| 1_000_000 - bid),
                        },
                    ],
                },
            });
            if sessions < 30 {
                lines.push(PriceLine::Resolution {
                    symbol: id.into(),
                    session: day,
                    outcome: if next(2) == 0 { "Up" } else { "Down" }.into(),
                });
            }
        }
        for (k, seat) in ["alpha", "beta", "gamma"].iter().enumerate() {
            let choice = match next(8) {
                0 => Choice::Hold,
                1 if k == 2 => Choice::Weights([("SPY".to_string(), 1_000)].into()),
                _ => Choice::Bets(
                    (0..1 + next(3))
                        .map(|_| {
                            let outcome = ["Up", "Down", "Up", "Down", "Flat"][next(5) as usize];
                            let cap = (next(4) == 0).then(|| 10_000 * (20 + next(70) as i64));
                            (
                                markets[next(6) as usize].to_string(),
                                Pick {
                                    outcome: outcome.into(),
                                    cap,
                                },
                            )
                        })
                        .collect(),
                ),
            };
            ds.push(Decision {
                account: seat.to_string(),
                version: "bets-1".into(),
                sealed_at: Instant(at.0 + 60_000_000 * (1 + k as i64)),
                choice,
            });
        }
        day = day.add_days(1);
    }
    let protocol = league_protocol();
    let seg = run_all(&protocol, &ds, &PriceSet::new(&lines));
    let write = |name: &str, b: Vec<u8>| std::fs::write(dir.join(name), b).unwrap();
    write("arena-protocol.json", protocol.to_json());
    write("arena-decisions.jsonl", jsonl(ds.iter().map(decision_line)));
    write("arena-prices.jsonl", jsonl(lines.iter().map(price_line)));
    write(
        "arena-trades.jsonl",
        jsonl(seg.trades.iter().map(trade_line)),
    );
    write("arena-accounts.jsonl", jsonl(seg.rows.iter().map(row_line)));
}

/// The engine's bets rows (seeds 001/003) against the peer's own reading of the rulebook:
/// eligibility, the IOC fill at the recorded ask, the cap, settlement; every row and trade to
/// the cent. `sealbook replay` reproduces them, and a tampered bet is DIFFERENT exactly there.
#[test]
fn bets_rows_agree_with_the_python_peer_and_replay() {
    let t = temp_dir("bets");
    bets_season(&t.0);
    let p = peer(&["bets", t.0.to_str().unwrap()]);
    assert_eq!(p["different"], 0, "{p}");
    assert_eq!(p["rows"], p["peer_rows"], "{p}");
    assert_eq!(p["rows"], 90, "{p}");
    assert_eq!(p["trades_equal"], true, "{p}");
    assert!(p["trades"].as_u64().unwrap() > 10, "{p}");
    for s in ["hold", "rejected", "traded", "missed"] {
        assert!(
            p["statuses"].as_array().unwrap().iter().any(|x| x == s),
            "{s}: {p}"
        );
    }
    let (code, doc) = replay(&t.0);
    assert_eq!(
        (code, &doc["exact"], &doc["different"]),
        (0, &Json::from(90), &Json::from(0)),
        "{doc}"
    );
    // A bet's tokens changed in the trade log: exactly that row.
    let path = t.0.join("arena-trades.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let tr: Json = serde_json::from_str(text.lines().nth(3).unwrap()).unwrap();
    let s = |k: &str| tr[k].as_str().unwrap().to_string();
    let row = (s("version"), s("account"), s("session"));
    rewrite(&path, |i, mut tr| {
        if i == 3 {
            tr["value"] = serde_json::json!(tr["value"].as_f64().unwrap() + 1.0);
        }
        tr
    });
    let (code, doc) = replay(&t.0);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(rows_of(&doc, "different"), [row].into(), "{doc}");
}
