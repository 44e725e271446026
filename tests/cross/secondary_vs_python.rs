//! The registered secondary analyses and the sensitivity analysis (spec §8) on the engine-made
//! DEMO league (`sealbook demo`, forty sessions from 2026-10-19: sessions 1-10 the design
//! window, 11-40 scored): `sealbook score`'s `secondary` block against the independent Python
//! peer (tests/py/score_peer.py --secondary: csv, numpy, scipy), which computes from the
//! spec's text the spread tertiles (bounds from the design window's spreads, the market-fixed
//! high-minus-low difference of the consensus' gain over climatology and its moving block
//! bootstrap), the shadow consensus' frozen weights and its paired Brier difference with the
//! published consensus, and the primary endpoint's gains on the four US equity indices with
//! the table's and the exact-window base rates. A table whose S&P 500 row states another rule
//! gives no exact-window figure on either side.

#![forbid(unsafe_code)]

use super::peer_json::close;
use sealbook_tests::tmp::TempDir;
use serde_json::Value;
use std::path::Path;

fn peer_doc(csv: &Path, clim: &Path) -> Value {
    // No ask chain: the season counts from the paper's session 1, the demo's first session.
    sealbook_tests::score_peer_json(&[
        "--secondary".as_ref(),
        csv.as_os_str(),
        clim.as_os_str(),
        "2026-10-19".as_ref(),
    ])
}

/// Every member of `keys` of the two objects, numbers to a tolerance, and each array member
/// element by element.
fn same(ours: &Value, peer: &Value, keys: &[&str], what: &str) -> usize {
    let mut n = 0;
    for k in keys {
        let (a, b) = (&ours[*k], &peer[*k]);
        match (a.as_array(), b.as_array()) {
            (Some(x), Some(y)) => {
                assert_eq!(x.len(), y.len(), "{what}.{k}: {a} vs {b}");
                for (i, (x, y)) in x.iter().zip(y).enumerate() {
                    close(x, y, &format!("{what}.{k}[{i}]"));
                    n += 1;
                }
            }
            _ => {
                close(a, b, &format!("{what}.{k}"));
                n += 1;
            }
        }
    }
    n
}

/// The endpoint-shaped members: estimate, sessions, intervals, verdict and each session gain.
fn same_endpoint(ours: &Value, peer: &Value, what: &str) -> usize {
    let mut n = same(
        ours,
        peer,
        &["estimate", "sessions", "ci95", "ci90", "verdict"],
        what,
    );
    let (og, pg) = (
        ours["gains"].as_array().unwrap(),
        peer["gains"].as_array().unwrap(),
    );
    assert_eq!(og.len(), pg.len(), "{what}.gains");
    for (a, b) in og.iter().zip(pg) {
        n += same(
            a,
            b,
            &["session", "events", "gain"],
            &format!("{what}.gains"),
        );
    }
    n
}

#[test]
fn the_secondary_and_sensitivity_analyses_are_the_python_peers() {
    let t = TempDir::new("secondary");
    let demo = t.path().join("demo");
    sealbook_tests::write_demo(&demo);
    let csv = demo.join("council-forecasts.csv");
    let clim = demo.join("council-clim-window.json");
    let ours = sealbook_tests::score_json(&csv, &clim);
    let peer = peer_doc(&csv, &clim);
    let (o, p) = (&ours["secondary"], &peer);
    let mut compared = 0;

    let (ot, pt) = (&o["spread_tertiles"], &p["spread_tertiles"]);
    compared += same(
        ot,
        pt,
        &[
            "design_events",
            "bounds",
            "markets",
            "estimate",
            "sessions",
            "ci95",
            "replicates",
            "resolved",
        ],
        "spread_tertiles",
    );
    for tertile in ["low", "middle", "high"] {
        compared += same(
            &ot[tertile],
            &pt[tertile],
            &[
                "events",
                "sessions",
                "consensus_brier",
                "clim_brier",
                "bss_clim",
                "gain",
            ],
            &format!("spread_tertiles.{tertile}"),
        );
    }
    // The demo resolves the question: both tertiles hold 30 events, every resample a replicate.
    assert_eq!(ot["resolved"], true, "{ot}");
    assert_eq!(ot["design_events"], 120);
    assert!(ot["ci95"].is_array() && ot["note"].is_null(), "{ot}");

    let (os, ps) = (&o["shadow_consensus"], &p["shadow_consensus"]);
    compared += same(
        os,
        ps,
        &["events", "published_brier", "shadow_brier"],
        "shadow_consensus",
    );
    compared += same_endpoint(os, ps, "shadow_consensus");
    for (seat, w) in ps["weights"].as_object().unwrap() {
        close(
            &ours["independence"]["shadow"]["weights"]["weights"][seat],
            w,
            &format!("shadow weight of {seat}"),
        );
    }
    assert_eq!(os["sessions"], 30);
    assert!(os["verdict"].is_string(), "{os}");

    let (oe, pe) = (&o["sensitivity"], &p["sensitivity"]);
    assert_eq!(oe["markets"], pe["markets"]);
    compared += same_endpoint(&oe["us_equity"], &pe["us_equity"], "sensitivity.us_equity");
    let (ox, px) = (&oe["exact_window"], &pe["exact_window"]);
    assert_eq!(ox["base_rates"], px["base_rates"]);
    compared += same_endpoint(ox, px, "sensitivity.exact_window");
    assert!(oe["exact_window_reason"].is_null());
    assert!(compared > 150, "{compared}");

    // A table whose S&P 500 one-day row states the daily-close rule (content hash restated):
    // no exact-window base rate for it, so no exact-window figure, on either side.
    let other = t.path().join("other-rule.json");
    let rewrite = sealbook_tests::python_inline(
        "import hashlib, json, sys\n\
         o = json.load(open(sys.argv[1]))\n\
         o.pop('sha256')\n\
         for r in o['table']:\n\
         \x20   if r['asset'] == 'SPX' and r['h'] == '1d':\n\
         \x20       r['rule'] = 'daily_close: the close of the daily bar before the event to its close'\n\
         o['sha256'] = hashlib.sha256(json.dumps(o, sort_keys=True).encode()).hexdigest()\n\
         open(sys.argv[2], 'w').write(json.dumps(o, sort_keys=True))\n",
    )
    .arg(&clim)
    .arg(&other)
    .output()
    .unwrap();
    assert!(
        rewrite.status.success(),
        "{}",
        String::from_utf8_lossy(&rewrite.stderr)
    );
    let ours = sealbook_tests::score_json(&csv, &other);
    let peer = peer_doc(&csv, &other);
    let s = &ours["secondary"]["sensitivity"];
    assert_eq!(ours["climatology_sha256_ok"], true);
    assert!(s["exact_window"].is_null() && peer["sensitivity"]["exact_window"].is_null());
    let why = s["exact_window_reason"].as_str().unwrap();
    assert!(why.contains("SPX") && !why.contains("NDX"), "{why}");
    same_endpoint(
        &s["us_equity"],
        &peer["sensitivity"]["us_equity"],
        "sensitivity.us_equity (other rule)",
    );
}
