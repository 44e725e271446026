//! core::neff against an independent numpy/scipy implementation of spec seed 000 §5
//! (tests/py/neff_peer.py), on generated runs shaped like the league's: 7-9 seats, 12 markets,
//! 4 horizons, integer probabilities with stated 50s, missing cells and a constant seat.

#![forbid(unsafe_code)]

use std::collections::BTreeMap;

use sealbook_core::neff::panel::one_market_per_group;
use sealbook_core::neff::panel::{NeffReading, Panel, Similarity};
use sealbook_core::neff::seats::{error_panel, seat_profiles, ScoredAnswer};
use sealbook_core::neff::shadow::shadow_weights;
use sealbook_core::neff::sides::sides_test;
use sealbook_core::neff::spectrum::spectrum;
use sealbook_core::neff::Answer;
use sealbook_core::stats::rng::Generator;
use serde_json::{json, Value};

const MARKETS: [&str; 12] = [
    "spx", "ndx", "dji", "sox", "gold", "wti", "brent", "copper", "vix", "tnx", "dxy", "btc",
];
const HORIZONS: [&str; 4] = ["1d", "1w", "1m", "6m"];

struct Run {
    rows: Vec<Answer>,
    sides: BTreeMap<String, String>,
    outcomes: BTreeMap<(String, String), bool>,
}

/// A run from a one-factor model: a common view per cell, each seat's bias and noise, rounded.
fn make_run(g: &mut Generator, us: usize, cn: usize, variant: u32) -> Run {
    let seats: Vec<String> = (0..us)
        .map(|i| format!("us{i}"))
        .chain((0..cn).map(|i| format!("cn{i}")))
        .collect();
    let mut rows = Vec::new();
    let mut outcomes = BTreeMap::new();
    let common: Vec<f64> = (0..48).map(|_| (g.random() - 0.5) * 16.0).collect();
    for (si, seat) in seats.iter().enumerate() {
        let bias = (g.random() - 0.5) * 6.0;
        for (hi, h) in HORIZONS.iter().enumerate() {
            for (mi, m) in MARKETS.iter().enumerate() {
                // run 2: the last seat has its own reference for bitcoin (cells left out);
                // run 3: seat 0 says 50 everywhere at one month, seat 1 skips six months.
                if variant == 2 && si == seats.len() - 1 && *m == "btc" {
                    continue;
                }
                if variant == 3 && si == 1 && *h == "6m" {
                    continue;
                }
                let mut p = (50.0 + common[hi * 12 + mi] + bias + (g.random() - 0.5) * 10.0)
                    .round()
                    .clamp(1.0, 99.0);
                if variant == 3 && si == 0 && *h == "1m" {
                    p = 50.0;
                }
                if g.random() < 0.05 {
                    p = 50.0;
                }
                rows.push(Answer {
                    seat: seat.clone(),
                    market: (*m).into(),
                    horizon: (*h).into(),
                    prob: p,
                });
            }
        }
    }
    for h in HORIZONS {
        for m in MARKETS {
            outcomes.insert((m.to_string(), h.to_string()), g.random() < 0.5);
        }
    }
    let sides = seats
        .iter()
        .map(|s| {
            (
                s.clone(),
                if s.starts_with("us") {
                    "US".to_string()
                } else {
                    "China".to_string()
                },
            )
        })
        .collect();
    Run {
        rows,
        sides,
        outcomes,
    }
}

fn opt(v: &Value) -> Option<f64> {
    v.as_f64()
}

fn close(a: Option<f64>, b: Option<f64>, what: &str) {
    match (a, b) {
        (Some(a), Some(b)) => assert!(
            (a - b).abs() <= 1e-12 * a.abs().max(1.0),
            "{what}: ours {a} vs peer {b}"
        ),
        (a, b) => assert_eq!(a, b, "{what}"),
    }
}

fn check_reading(ours: NeffReading, peer: &Value, what: &str) {
    assert_eq!(ours.n as u64, peer["n"].as_u64().unwrap(), "{what}: n");
    assert_eq!(
        ours.pairs as u64,
        peer["pairs"].as_u64().unwrap(),
        "{what}: pairs"
    );
    close(ours.rho, opt(&peer["rho"]), &format!("{what}: rho"));
    close(ours.n_eff, opt(&peer["n_eff"]), &format!("{what}: n_eff"));
}

#[test]
fn neff_matches_the_python_peer() {
    let mut g = Generator::default_rng(5_1);
    let runs = [
        make_run(&mut g, 4, 4, 1),
        make_run(&mut g, 5, 4, 2),
        make_run(&mut g, 4, 3, 3),
    ];
    let groups = vec![
        vec!["spx".to_string(), "ndx".to_string(), "dji".to_string()],
        vec!["wti".to_string(), "brent".to_string()],
    ];
    let mut clim = BTreeMap::new();
    for h in HORIZONS {
        for m in MARKETS {
            clim.insert((m.to_string(), h.to_string()), 45.0 + 17.0 * g.random());
        }
    }
    let mut roster: Vec<String> = runs.iter().flat_map(|r| r.sides.keys().cloned()).collect();
    roster.sort();
    roster.dedup();
    roster.push("zz-new".into());

    let row_json = |rows: &[Answer]| {
        rows.iter()
            .map(|a| json!([a.seat, a.market, a.horizon, a.prob]))
            .collect::<Vec<_>>()
    };
    let request = json!({
        "runs": runs.iter().map(|r| json!({
            "rows": row_json(&r.rows),
            "sides": r.sides,
            "groups": groups,
            "clim": clim.iter().map(|((m, h), v)| json!([m, h, v])).collect::<Vec<_>>(),
            "outcomes": r.outcomes.iter().map(|((m, h), u)| json!([m, h, u])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "shadow": {"window": runs.iter().map(|r| row_json(&r.rows)).collect::<Vec<_>>(), "roster": roster},
    });
    let out = sealbook_tests::peer_output(
        sealbook_tests::python_script("neff_peer.py"),
        request.to_string().as_bytes(),
        "neff_peer.py",
    );
    let peer: Value = serde_json::from_slice(&out).unwrap();

    let clim_sim = Similarity::FromReference(clim.clone());
    for (k, (run, p)) in runs
        .iter()
        .zip(peer["runs"].as_array().unwrap())
        .enumerate()
    {
        for h in HORIZONS {
            let ph = &p["horizons"][h];
            let panel = Panel::from_answers(&run.rows, Some(h)).unwrap();
            check_reading(
                panel.reading(&Similarity::Pearson),
                &ph["pearson"],
                &format!("run {k} {h} pearson"),
            );
            check_reading(
                panel.reading(&Similarity::FromFifty),
                &ph["fifty"],
                &format!("run {k} {h} from 50"),
            );
            check_reading(
                panel.reading(&clim_sim),
                &ph["clim"],
                &format!("run {k} {h} from climatology"),
            );
            let grouped =
                Panel::from_answers(&one_market_per_group(&run.rows, &groups), Some(h)).unwrap();
            check_reading(
                grouped.reading(&Similarity::Pearson),
                &ph["grouped"],
                &format!("run {k} {h} one market per group"),
            );

            let scored: Vec<ScoredAnswer> = run
                .rows
                .iter()
                .map(|a| ScoredAnswer {
                    seat: a.seat.clone(),
                    market: a.market.clone(),
                    horizon: a.horizon.clone(),
                    prob: a.prob,
                    up: run.outcomes[&(a.market.clone(), a.horizon.clone())],
                })
                .collect();
            let errors = error_panel(&scored, Some(h))
                .unwrap()
                .reading(&Similarity::Pearson);
            check_reading(errors, &p["errors"][h], &format!("run {k} {h} error N_eff"));
        }

        let panel = Panel::from_answers(&run.rows, None).unwrap();
        let m = panel.correlations(&Similarity::Pearson);
        match (spectrum(&m), p["spectrum"].is_null()) {
            (Some(s), false) => {
                let pe: Vec<f64> = p["spectrum"]["eigenvalues"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                for (a, b) in s.eigenvalues.iter().zip(&pe) {
                    assert!((a - b).abs() < 1e-12, "run {k} eigenvalue {a} vs {b}");
                }
                close(
                    Some(s.largest_share),
                    opt(&p["spectrum"]["largest_share"]),
                    "largest share",
                );
                close(
                    Some(s.participation_ratio),
                    opt(&p["spectrum"]["participation_ratio"]),
                    "participation ratio",
                );
            }
            (None, true) => {}
            (ours, _) => panic!("run {k}: spectrum ours {ours:?} vs peer {}", p["spectrum"]),
        }

        for prof in seat_profiles(&panel, &m) {
            let ps = &p["seats"][&prof.seat];
            close(
                prof.mean_r,
                opt(&ps["mean_r"]),
                &format!("run {k} seat {} mean r", prof.seat),
            );
            assert_eq!(
                prof.majority_agree as u64,
                ps["agree"].as_u64().unwrap(),
                "run {k} seat {} agreement",
                prof.seat
            );
            assert_eq!(
                prof.majority_cells as u64,
                ps["cells"].as_u64().unwrap(),
                "run {k} seat {} majority cells",
                prof.seat
            );
        }

        let t = sides_test(&panel, &m, &run.sides).unwrap();
        let ps = &p["sides"];
        assert_eq!(t.splits, ps["splits"].as_u64().unwrap());
        assert_eq!(
            t.at_least_as_wide,
            ps["wide"].as_u64().unwrap(),
            "run {k} splits at least as wide"
        );
        close(Some(t.p_value), opt(&ps["p"]), "sides p");
        close(Some(t.max_gap), opt(&ps["max_gap"]), "largest gap");
        close(t.within_r, opt(&ps["within"]), "within-side r");
        close(t.between_r, opt(&ps["between"]), "between-side r");
    }
    // the spec's worked split counts: four and four seats give 70 splits, five and four 126
    assert_eq!(peer["runs"][0]["sides"]["splits"], 70);
    assert_eq!(peer["runs"][1]["sides"]["splits"], 126);
    // run 3 has a seat stating 50 everywhere at one month: its pairs are undefined there
    assert!(
        Panel::from_answers(&runs[2].rows, Some("1m"))
            .unwrap()
            .reading(&Similarity::Pearson)
            .undefined_pairs
            > 0
    );

    let window: Vec<_> = runs
        .iter()
        .map(|r| {
            Panel::from_answers(&r.rows, Some("1d"))
                .unwrap()
                .correlations(&Similarity::Pearson)
        })
        .collect();
    let w = shadow_weights(&window, &roster).unwrap();
    assert_eq!(w.median_filled, vec!["zz-new".to_string()]);
    for (seat, weight) in &w.weights {
        close(
            Some(*weight),
            opt(&peer["shadow"][seat]),
            &format!("shadow weight {seat}"),
        );
    }
}
