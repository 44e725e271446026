//! The confirmatory comparisons against the crowd (spec §4.6, §4.9) on the engine-made demo
//! league (`sealbook demo`, forty sessions with crowd prices on every run line): `sealbook
//! score --book` against the independent numpy/statsmodels peer (tests/py/comparisons_peer.py),
//! which reads the forecasts file with `csv` and the book and ask chain with `json`.

use super::common;

use common::{arg, sealbook, sealbook_json};
use serde_json::Value as Json;

#[test]
fn the_crowd_comparisons_match_the_statsmodels_peer() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().join("demo");
    let (code, _, err) = sealbook(&["demo", "--out", arg(&d)]);
    assert_eq!(code, 0, "{err}");
    let file = |name: &str| d.join(name);
    let (csv, book, asks, clim) = (
        file("council-forecasts.csv"),
        file("council-book.jsonl"),
        file("asks.jsonl"),
        file("council-clim-window.json"),
    );
    let (code, doc) = sealbook_json(&[
        "score",
        "--forecasts",
        arg(&csv),
        "--book",
        arg(&book),
        "--asks",
        arg(&asks),
        "--clim",
        arg(&clim),
    ]);
    assert_eq!(code, 0);
    let out = sealbook_tests::python_script("comparisons_peer.py")
        .args([arg(&csv), arg(&book), arg(&asks)])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: Json = serde_json::from_slice(&out.stdout).unwrap();
    let close = |a: &Json, b: &Json, what: &str| match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!((x - y).abs() <= 1e-12, "{what}: ours {x} vs peer {y}"),
        _ => assert_eq!(a, b, "{what}"),
    };
    let crowd: Vec<&Json> = doc["comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["benchmark"] == "crowd")
        .collect();
    let seats = peer["seats"].as_array().unwrap();
    assert!(seats.len() >= 4, "{peer}");
    // The consensus first, then each seat; one-day events only.
    assert_eq!(crowd.len(), 1 + seats.len());
    assert!(crowd.iter().all(|c| c["horizon"] == "1d"));
    assert_eq!(crowd[0]["forecaster"]["kind"], "consensus");
    for k in ["sessions", "events"] {
        assert_eq!(crowd[0][k], peer["events"][k], "consensus {k}");
    }
    assert!(peer["events"]["sessions"].as_u64().unwrap() >= 20);
    for (ours, theirs) in crowd[1..].iter().zip(seats) {
        let what = format!("{} vs crowd", theirs["seat"]);
        assert_eq!(ours["forecaster"]["seat"], theirs["seat"], "{what}");
        for k in ["sessions", "events"] {
            assert_eq!(ours[k], theirs[k], "{what} {k}");
        }
        close(
            &ours["estimate"],
            &theirs["estimate"],
            &format!("{what} estimate"),
        );
        for i in 0..2 {
            close(
                &ours["ci90"][i],
                &theirs["ci90"][i],
                &format!("{what} ci90"),
            );
        }
        for k in ["p_value", "p_lower", "p_upper"] {
            let (a, b) = (&ours["tost"][k], &theirs["tost"][k]);
            let (x, y) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            assert!(
                (x - y).abs() <= 1e-9 * y.abs().max(1e-300),
                "{what} tost {k}: ours {x} vs peer {y}"
            );
        }
        assert_eq!(
            ours["tost"]["equivalent"], theirs["tost"]["equivalent"],
            "{what}"
        );
        for k in ["sigma_g", "sessions_needed", "detectable_effect"] {
            close(
                &ours["power"][k],
                &theirs["power"][k],
                &format!("{what} power {k}"),
            );
        }
        assert_eq!(ours["power"]["sigma_from"], theirs["power"]["sigma_from"]);
    }
}
