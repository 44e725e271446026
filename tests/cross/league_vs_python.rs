//! The league tables (core::score::league) from a generated council-forecasts.csv against an
//! independent Python peer reading the same file with the csv module and scoring it with
//! scikit-learn and numpy (tests/py/score_peer.py --league).

#![forbid(unsafe_code)]

use sealbook_core::contract::event::EventContract;
use sealbook_core::contract::forecasts_csv::{CONTRACT_COLUMNS, TABLE_C1_COLUMNS};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::league_stats_from_files;
use sealbook_core::score::seams::{Interval, StatsSeams};
use sealbook_core::stats::bootstrap::BootstrapError;
use sealbook_core::stats::endpoint::{EndpointConfig, EndpointResult};
use sealbook_core::stats::intervals::IntervalMethod;
use sealbook_core::stats::logistic::{CalibrationFit, LogisticError};
use std::collections::BTreeMap;

use sealbook_tests::rng::Rng;

fn quote(v: &str) -> String {
    if v.contains([',', '"', '\n']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

fn generate(rng: &mut Rng) -> String {
    let header: Vec<&str> = TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
        .collect();
    let mut out = header.join(",") + "\n";
    // The coin seat is a baseline (its model is the rule's name): scored as a seat, never in
    // the consensus (spec §4.5); its answers here are as random as the others', so a consensus
    // that counted it would differ from the peer's.
    let seats = [
        "claude", "gpt", "gemini", "grok", "deepseek", "qwen", "kimi", "glm", "coin",
    ];
    let assets = ["SPX", "NDX", "GC", "BTC"];
    let sessions = [
        "2026-11-02",
        "2026-11-03",
        "2026-11-04",
        "2026-11-05",
        "2026-11-06",
        "2026-11-09",
    ];
    let mut line = 100;
    for session in sessions {
        for seat in seats {
            line += 1;
            let status_roll = rng.below(20);
            for asset in assets {
                for h in ["1d", "1w", "1m", "6m"] {
                    let reference = format!("{session}T14:30:00Z");
                    let end = format!("{session}T21:00:00Z");
                    let contract = EventContract::from_values([
                        asset, h, &reference, &end, "up", "1", "rr", "yahoo", asset,
                    ]);
                    let (status, cell, p) = match (status_roll, rng.below(12)) {
                        (0, _) => ("no_answer", "", String::new()),
                        (1, _) => ("not_counted", "elicited", rng.below(101).to_string()),
                        (_, 0) => ("counted_50", "", String::new()),
                        (_, 1) => ("counted", "invalid", String::new()),
                        (_, 2) => ("counted", "explicit_50", "50".into()),
                        _ => (
                            "counted",
                            "elicited",
                            format!("{}.{}", rng.below(100), rng.below(10)),
                        ),
                    };
                    let resolved = h == "1d" || rng.below(3) == 0;
                    let chg = (rng.below(2001) as f64 - 1000.0) / 1000.0;
                    let mut r: BTreeMap<&str, String> =
                        header.iter().map(|c| (*c, String::new())).collect();
                    for (k, v) in [
                        ("run_id", format!("{session}-am")),
                        ("session", session.to_string()),
                        ("seat", seat.to_string()),
                        (
                            "model",
                            if seat == "coin" {
                                seat.to_string()
                            } else {
                                format!("{seat}-1")
                            },
                        ),
                        ("line", line.to_string()),
                        ("sealed_at", format!("{session}T13:00:00Z")),
                        ("status", status.to_string()),
                        ("asset", asset.to_string()),
                        ("horizon", h.to_string()),
                        ("prob_up", p),
                        (
                            "ref",
                            if resolved {
                                "100".into()
                            } else {
                                String::new()
                            },
                        ),
                        (
                            "close",
                            if resolved {
                                format!("{}", 100.0 + chg)
                            } else {
                                String::new()
                            },
                        ),
                        (
                            "actual_pct",
                            if resolved {
                                format!("{chg}")
                            } else {
                                String::new()
                            },
                        ),
                        (
                            "draw",
                            if resolved {
                                (chg.abs() < 0.05).to_string()
                            } else {
                                String::new()
                            },
                        ),
                        (
                            "line_kind",
                            if rng.below(30) == 0 {
                                "correction"
                            } else {
                                "issue"
                            }
                            .into(),
                        ),
                        ("same_event", (rng.below(25) != 0).to_string()),
                        ("cell_status", cell.to_string()),
                        ("event_id", contract.event_id()),
                        ("event_id_v2", contract.event_id_v2()),
                        ("event_reference_at", reference.clone()),
                        ("event_end_at", end.clone()),
                        ("methodology_version", "2".into()),
                    ] {
                        r.insert(k, v);
                    }
                    out += &header
                        .iter()
                        .map(|c| quote(&r[c]))
                        .collect::<Vec<_>>()
                        .join(",");
                    out += "\n";
                }
            }
        }
    }
    out
}

/// Point values only: this test compares figures, not intervals (core::stats' own tests do).
struct PointValuesOnly;

impl StatsSeams for PointValuesOnly {
    fn session_interval(&self, _: &[Vec<f64>], _: IntervalMethod, _: f64) -> Option<Interval> {
        None
    }
    fn block_bootstrap_endpoint(
        &self,
        _: &[f64],
        _: EndpointConfig,
    ) -> Result<EndpointResult, BootstrapError> {
        Err(BootstrapError::Empty)
    }
    fn iid_bootstrap(&self, _: &[f64], _: usize, _: f64, _: u64) -> Option<Interval> {
        None
    }
    fn logistic_calibration(
        &self,
        _: &[f64],
        _: &[bool],
        _: &[u64],
    ) -> Result<CalibrationFit, LogisticError> {
        Err(LogisticError::NoFit)
    }
}

#[test]
fn league_tables_match_the_python_peer() {
    let mut rng = Rng(0x5eed);
    let csv = generate(&mut rng);
    let clim_text = r#"{"table": [{"asset": "SPX", "h": "1d", "p_up": 0.536}, {"asset": "SPX", "h": "1w", "p_up": 0.58}, {"asset": "SPX", "h": "1m", "p_up": 0.62}, {"asset": "SPX", "h": "6m", "p_up": 0.7},
        {"asset": "NDX", "h": "1d", "p_up": 0.54}, {"asset": "NDX", "h": "1w", "p_up": 0.59}, {"asset": "NDX", "h": "1m", "p_up": 0.63}, {"asset": "NDX", "h": "6m", "p_up": 0.72},
        {"asset": "GC", "h": "1d", "p_up": 0.51}, {"asset": "GC", "h": "1w", "p_up": 0.53}, {"asset": "GC", "h": "1m", "p_up": 0.55}, {"asset": "GC", "h": "6m", "p_up": 0.6},
        {"asset": "BTC", "h": "1d", "p_up": 0.52}, {"asset": "BTC", "h": "1w", "p_up": 0.55}, {"asset": "BTC", "h": "1m", "p_up": 0.57}, {"asset": "BTC", "h": "6m", "p_up": 0.64}]}"#;
    let dir = std::env::temp_dir().join(format!("sealbook-league-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("f.csv"), &csv).unwrap();
    std::fs::write(dir.join("clim.json"), clim_text).unwrap();

    let sources = LeagueSources {
        forecasts: Some(csv.as_bytes()),
        climatology: Some(clim_text.as_bytes()),
        ..LeagueSources::default()
    };
    let st = league_stats_from_files(sources, &PointValuesOnly).unwrap();
    let ours = serde_json::to_value(&st).unwrap();

    let out = sealbook_tests::python_script("score_peer.py")
        .arg("--league")
        .arg(dir.join("f.csv"))
        .arg(dir.join("clim.json"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();

    let close =
        |a: &serde_json::Value, b: &serde_json::Value, what: &str| match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => assert!(
                (x - y).abs() <= 1e-12 * (1.0 + y.abs()),
                "{what}: ours {x} vs peer {y}"
            ),
            _ => assert_eq!(a, b, "{what}"),
        };
    let peer_seats = peer["seats"].as_object().unwrap();
    assert_eq!(peer_seats.len(), ours["seats"].as_object().unwrap().len());
    let mut compared = 0;
    for (seat, hs) in peer_seats {
        for (h, e) in hs.as_object().unwrap() {
            let o = &ours["seats"][seat][h];
            for k in [
                "n",
                "sessions",
                "coverage",
                "k",
                "brier",
                "brier_ex_draw",
                "bss_clim",
            ] {
                close(&o[k], &e[k], &format!("seats.{seat}.{h}.{k}"));
                compared += 1;
            }
            close(
                &o["bss_coin"]["value"],
                &e["bss_coin"],
                &format!("seats.{seat}.{h}.bss_coin"),
            );
            assert_eq!(o["bss_coin"]["n"], e["n"], "seats.{seat}.{h}.bss_coin.n");
            compared += 1;
        }
    }
    for (seat, assets) in peer["grid"].as_object().unwrap() {
        for (asset, hs) in assets.as_object().unwrap() {
            for (h, e) in hs.as_object().unwrap() {
                for k in ["n", "stated", "brier"] {
                    close(
                        &ours["grid"][seat][asset][h][k],
                        &e[k],
                        &format!("grid.{seat}.{asset}.{h}.{k}"),
                    );
                    compared += 1;
                }
            }
        }
    }
    for (h, e) in peer["consensus"].as_object().unwrap() {
        for k in [
            "n",
            "brier",
            "dispersion",
            "all_wrong",
            "minority_right",
            "momentum_n",
            "momentum_brier",
        ] {
            close(
                &ours["consensus"][h][k],
                &e[k],
                &format!("consensus.{h}.{k}"),
            );
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared}");
    // The generated file must exercise the counts, not only agree on zeros.
    let d1 = &ours["consensus"]["1d"];
    assert!(
        d1["momentum_n"].as_u64().unwrap() >= 20 && d1["minority_right"].as_u64().unwrap() > 0,
        "{d1}"
    );
}
