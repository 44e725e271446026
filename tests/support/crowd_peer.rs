//! Comparing the stats document's `crowd` key with tests/py/crowd_peer.py's reading of the same
//! book and forecasts file (spec §4.9).

use serde_json::Value;
use std::path::Path;

/// Runs the Python peer on `book` and `csv` and returns its JSON.
pub fn run(book: &Path, csv: &Path) -> Value {
    let out = crate::python_script("crowd_peer.py")
        .arg(book)
        .arg(csv)
        .output()
        .expect("run crowd_peer.py");
    assert!(
        out.status.success(),
        "crowd_peer.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("crowd_peer.py prints JSON")
}

fn close(what: &str, a: &Value, b: &Value) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!(
            (x - y).abs() <= 1e-12 * x.abs().max(1.0),
            "{what}: sealbook {x}, peer {y}"
        ),
        _ => assert_eq!(a, b, "{what}"),
    }
}

fn figures(what: &str, ours: &Value, peer: &Value) {
    for k in ["n", "questions", "d_n", "gap_readable"] {
        assert_eq!(ours[k], peer[k], "{what}.{k}");
    }
    for k in [
        "model_brier",
        "crowd_brier",
        "bss_crowd",
        "gap",
        "model_distance",
        "crowd_distance",
        "d",
    ] {
        close(&format!("{what}.{k}"), &ours[k], &peer[k]);
    }
    for k in ["model_hits", "crowd_hits"] {
        assert_eq!(
            [&ours[k]["hits"], &ours[k]["n"]],
            [&peer[k][0], &peer[k][1]],
            "{what}.{k}"
        );
    }
}

fn split(what: &str, ours: &Value, peer: &Value) {
    figures(
        &format!("{what}.admitted"),
        &ours["admitted"],
        &peer["admitted"],
    );
    figures(&format!("{what}.thin"), &ours["thin"], &peer["thin"]);
}

/// Asserts the document's `crowd` (sealbook) equals the peer's figures; returns how many
/// resolved comparison rows it covered.
pub fn assert_matches(crowd: &Value, peer: &Value) -> u64 {
    let (qs, pq) = (
        crowd["questions"].as_array().unwrap(),
        peer["questions"].as_array().unwrap(),
    );
    assert_eq!(qs.len(), pq.len(), "questions");
    for (i, (q, p)) in qs.iter().zip(pq).enumerate() {
        for k in ["run_id", "code", "venue", "admitted", "up", "league_up"] {
            assert_eq!(q[k], p[k], "questions[{i}].{k}");
        }
        for k in ["p_up", "vol"] {
            close(&format!("questions[{i}].{k}"), &q[k], &p[k]);
        }
        let (s, ps) = (
            q["seats"].as_object().unwrap(),
            p["seats"].as_object().unwrap(),
        );
        assert_eq!(
            s.keys().collect::<Vec<_>>(),
            ps.keys().collect::<Vec<_>>(),
            "questions[{i}].seats"
        );
        for (seat, v) in s {
            close(&format!("questions[{i}].seats.{seat}"), v, &ps[seat]);
        }
    }
    assert_eq!(crowd["unresolved"], peer["unresolved"], "unresolved");
    let (seats, pseats) = (
        crowd["seats"].as_object().unwrap(),
        peer["seats"].as_object().unwrap(),
    );
    assert_eq!(
        seats.keys().collect::<Vec<_>>(),
        pseats.keys().collect::<Vec<_>>(),
        "seats"
    );
    for (seat, v) in seats {
        split(&format!("seats.{seat}"), v, &pseats[seat]);
    }
    split("overall", &crowd["overall"], &peer["overall"]);
    let ours: Vec<(u64, &str)> = crowd["kalshi_mismatches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["run_line"].as_u64().unwrap(),
                m["field"].as_str().unwrap(),
            )
        })
        .collect();
    let theirs: Vec<(u64, &str)> = peer["kalshi_mismatches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m[0].as_u64().unwrap(), m[1].as_str().unwrap()))
        .collect();
    assert_eq!(ours, theirs, "kalshi_mismatches");
    crowd["overall"]["admitted"]["n"].as_u64().unwrap()
        + crowd["overall"]["thin"]["n"].as_u64().unwrap()
}
