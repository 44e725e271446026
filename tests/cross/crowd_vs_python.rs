//! AI against the crowd (spec §4.9; core::score::crowd_book) on generated books against an
//! independent Python peer reading the same book with the json module and the forecasts file
//! with the csv module (tests/py/crowd_peer.py). The document compared is the one
//! `sealbook score --json` prints (`league_stats_from_files`, serialized); the CLI itself is
//! compared on the demo league in server/tests/cli/crowd_cli.rs.
//!
//! The generator covers: markets listed on both venues, on one, or on none; thin and
//! admitted volumes (exactly $1,000 included); Kalshi prices with and without strikes, some
//! deliberately off their interpolation or with the close outside the strikes; seats that
//! skip a run, answer twice (the forecasts file names the second answer), or leave crowd_up
//! out or null; contracts left unresolved; a run with no crowd line; league outcomes that
//! differ from the crowd's (d > 0) and rows on the seat's own reference (not the league's).

#![forbid(unsafe_code)]

use sealbook_core::contract::forecasts_csv::{CONTRACT_COLUMNS, TABLE_C1_COLUMNS};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::league_stats_from_files;
use sealbook_core::score::seams::CoreStats;
use serde_json::{json, Value};
use std::collections::BTreeMap;

use sealbook_tests::rng::Rng;

const MARKETS: [&str; 8] = ["SPX", "NDX", "GC", "CL", "TNX", "BTC", "DXY", "DJI"];
const SEATS: [&str; 5] = ["claude", "gpt", "gemini", "grok", "qwen"];

struct Generated {
    book: String,
    csv: String,
}

fn generate(rng: &mut Rng, runs: usize) -> Generated {
    let mut lines: Vec<Value> = Vec::new();
    let header: Vec<&str> = TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
        .collect();
    let mut csv = header.join(",") + "\n";
    for day in 0..runs {
        let session = format!("2026-11-{:02}", 2 + day);
        let run_id = format!("{session}-am");
        let mut odds = serde_json::Map::new();
        let mut kalshi = serde_json::Map::new();
        for m in MARKETS {
            let vol = |rng: &mut Rng| match rng.below(5) {
                0 => 1000.0,
                1 => rng.range(10, 999) as f64 + 0.5,
                _ => rng.range(1000, 90000) as f64,
            };
            if rng.below(10) < 6 {
                let p = rng.range(3, 97) as f64 / 100.0;
                let mut q = json!({"p_up": p, "vol": vol(rng)});
                if rng.below(4) != 0 {
                    q["bid"] = json!(p - 0.01);
                    q["ask"] = json!(p + 0.01);
                    q["last_trade_at"] = json!(format!("{session}T12:2{}:00Z", rng.below(10)));
                }
                odds.insert(m.into(), q);
            }
            if rng.below(10) < 5 {
                let close = 100.0 + rng.range(0, 99) as f64 / 10.0;
                let (lo, hi) = (100.0, 110.0);
                let (plo, phi) = (
                    rng.range(50, 95) as f64 / 100.0,
                    rng.range(5, 45) as f64 / 100.0,
                );
                let interpolated = plo + (close - lo) / (hi - lo) * (phi - plo);
                let mut q = json!({"p_up": interpolated, "vol": vol(rng)});
                match rng.below(6) {
                    0 => {} // no strikes sealed
                    1 => {
                        q["p_up"] = json!(((interpolated + 0.02) * 1e4).round() / 1e4);
                        q["lo"] = json!({"strike": lo, "p_above": plo});
                        q["hi"] = json!({"strike": hi, "p_above": phi});
                        q["prev_close"] = json!(close);
                    }
                    2 => {
                        q["lo"] = json!({"strike": lo, "p_above": plo});
                        q["hi"] = json!({"strike": hi, "p_above": phi});
                        q["prev_close"] = json!(hi + 1.0);
                    }
                    _ => {
                        q["lo"] = json!({"strike": lo, "p_above": plo});
                        q["hi"] = json!({"strike": hi, "p_above": phi});
                        q["prev_close"] = json!(close);
                    }
                }
                kalshi.insert(m.into(), q);
            }
        }
        lines.push(
            json!({"kind": "run", "at": format!("{session}T12:30:06Z"), "run_id": run_id,
            "crowd": {"at": format!("{session}T12:30:06Z"), "odds": odds, "kalshi": kalshi}}),
        );
        let run_line = lines.len();
        // Outcomes: the crowd's (close to close) and the league's (09:30 reference), which
        // agree four times in five.
        let crowd_up: BTreeMap<&str, bool> =
            MARKETS.iter().map(|m| (*m, rng.below(2) == 0)).collect();
        let league_chg: BTreeMap<&str, f64> = MARKETS
            .iter()
            .map(|m| {
                let same = rng.below(5) != 0;
                let up = crowd_up[m] == same;
                let size = rng.range(1, 200) as f64 / 100.0;
                (*m, if up { size } else { -size })
            })
            .collect();
        for (s, seat) in SEATS.iter().enumerate() {
            let answers = match rng.below(10) {
                0 => 0,
                1 => 2,
                _ => 1,
            };
            let mut scored_line = run_line;
            let mut prob: BTreeMap<&str, Option<f64>> = BTreeMap::new();
            for attempt in 0..answers {
                let mut items = serde_json::Map::new();
                for m in MARKETS {
                    let p = rng.range(5, 95);
                    let mut cell = json!({"prob_up": p});
                    match rng.below(10) {
                        0 => {}
                        1 => cell["crowd_up"] = Value::Null,
                        2 => cell["crowd_up"] = json!(rng.range(5, 95) as f64 + 0.5),
                        3 => cell["crowd_up"] = json!(50),
                        _ => cell["crowd_up"] = json!(rng.range(5, 95)),
                    }
                    prob.insert(m, Some(p as f64));
                    items.insert(m.into(), json!({"1d": cell}));
                }
                lines.push(json!({"kind": "answer", "at": format!("{session}T12:{:02}:{:02}Z", 31 + s, 10 * attempt), "run_id": run_id,
                    "seat": seat, "items": items}));
                scored_line = lines.len();
            }
            for m in MARKETS {
                let chg = league_chg[m];
                let own = rng.below(12) == 0;
                let mut r: BTreeMap<&str, String> =
                    header.iter().map(|c| (*c, String::new())).collect();
                let answered = answers > 0;
                for (k, v) in [
                    ("run_id", run_id.clone()),
                    ("session", session.clone()),
                    ("seat", seat.to_string()),
                    ("model", seat.to_string()),
                    ("line", scored_line.to_string()),
                    (
                        "sealed_at",
                        if answered {
                            format!("{session}T12:{:02}:{:02}Z", 31 + s, 10 * (answers - 1))
                        } else {
                            format!("{session}T12:30:06Z")
                        },
                    ),
                    (
                        "status",
                        if answered { "counted" } else { "no_answer" }.into(),
                    ),
                    ("asset", m.into()),
                    ("horizon", "1d".into()),
                    (
                        "prob_up",
                        prob.get(m)
                            .copied()
                            .flatten()
                            .map_or_else(String::new, |p| p.to_string()),
                    ),
                    ("ref", "100".into()),
                    ("close", format!("{}", 100.0 + chg)),
                    ("actual_pct", format!("{chg}")),
                    ("line_kind", "issue".into()),
                    ("same_event", (!own).to_string()),
                    ("cell_status", if answered { "elicited" } else { "" }.into()),
                    ("event_id", format!("ev1-{m}{day}")),
                    ("event_id_v2", format!("ev2-{m}{day}")),
                    ("methodology_version", "2".into()),
                ] {
                    r.insert(k, v);
                }
                csv += &header
                    .iter()
                    .map(|c| r[c].as_str())
                    .collect::<Vec<_>>()
                    .join(",");
                csv += "\n";
            }
        }
        // The last run is not resolved yet; elsewhere a contract now and then stays open.
        if day + 1 < runs {
            let mut rows = serde_json::Map::new();
            for m in MARKETS {
                let up = if rng.below(12) == 0 {
                    Value::Null
                } else {
                    json!(crowd_up[m])
                };
                rows.insert(m.into(), json!({"up": up}));
                rows.insert(format!("{m}@kalshi"), json!({"up": crowd_up[m]}));
            }
            lines.push(json!({"kind": "crowd", "at": format!("{session}T21:10:00Z"), "run_id": run_id, "rows": rows}));
        }
    }
    let book = lines
        .into_iter()
        .enumerate()
        .map(|(i, mut l)| {
            l["n"] = json!(i + 1);
            l.to_string() + "\n"
        })
        .collect();
    Generated { book, csv }
}

#[test]
fn crowd_figures_match_the_python_peer() {
    let dir = std::env::temp_dir().join(format!("sealbook-crowd-peer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rows = 0;
    for seed in [1u64, 2, 3, 0xc40d] {
        let g = generate(&mut Rng::new(seed), 6);
        let (book, csv) = (
            dir.join(format!("book-{seed}.jsonl")),
            dir.join(format!("f-{seed}.csv")),
        );
        std::fs::write(&book, &g.book).unwrap();
        std::fs::write(&csv, &g.csv).unwrap();
        let sources = LeagueSources {
            forecasts: Some(g.csv.as_bytes()),
            book: Some(g.book.as_bytes()),
            ..LeagueSources::default()
        };
        let st = league_stats_from_files(sources, &CoreStats).unwrap();
        let doc = serde_json::to_value(&st).unwrap();
        assert_eq!(
            doc["book_agreement"]["ok"], true,
            "seed {seed}: {}",
            doc["book_agreement"]
        );
        let crowd = &doc["crowd"];
        let peer = sealbook_tests::crowd_peer::run(&book, &csv);
        rows += sealbook_tests::crowd_peer::assert_matches(crowd, &peer);
        // The generator reaches every branch it means to.
        let qs = crowd["questions"].as_array().unwrap();
        assert!(
            qs.iter().any(|q| q["venue"] == "kalshi")
                && qs.iter().any(|q| q["venue"] == "polymarket"),
            "seed {seed}"
        );
        assert!(
            qs.iter().any(|q| q["admitted"] == false)
                && qs
                    .iter()
                    .any(|q| q["vol"] == 1000.0 && q["admitted"] == true),
            "seed {seed}"
        );
        assert!(
            crowd["unresolved"].as_u64().unwrap() > 0
                && !crowd["kalshi_mismatches"].as_array().unwrap().is_empty(),
            "seed {seed}"
        );
        assert!(
            crowd["overall"]["admitted"]["d"]
                .as_f64()
                .is_some_and(|d| d > 0.0),
            "seed {seed}"
        );
        // bss_crowd of each seat's one-day row is its admitted comparison's.
        for (seat, split) in crowd["seats"].as_object().unwrap() {
            assert_eq!(
                doc["seats"][seat]["1d"]["bss_crowd"], split["admitted"]["bss_crowd"],
                "seed {seed} seat {seat}"
            );
        }
    }
    assert!(rows > 300, "{rows} comparison rows");
    std::fs::remove_dir_all(&dir).ok();
}
