//! `sealbook scorecard` (spec §8.4) against an independent Python reading of the same
//! registered-predictions files (tests/py/scorecard_peer.py), and its errors.

use super::common;

use common::{sealbook, sealbook_json};

fn run_peer(args: &[&str]) -> Vec<u8> {
    let out = sealbook_tests::python_script("scorecard_peer.py")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn peer(args: &[&str]) -> serde_json::Value {
    serde_json::from_slice(&run_peer(args)).unwrap()
}

#[test]
fn scorecards_match_the_python_peer() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..12 {
        let file = dir.path().join(format!("registered-{seed}.json"));
        let f = file.to_str().unwrap();
        run_peer(&["gen", f, &seed.to_string()]);
        let (code, ours) = sealbook_json(&["scorecard", f]);
        assert_eq!(code, 0);
        assert_eq!(
            ours,
            peer(&["card", f]),
            "seed {seed}: the scorecards at each check date"
        );
        assert_eq!(ours.as_array().unwrap().len(), 3);
        let (code, ours) = sealbook_json(&[
            "scorecard",
            f,
            "--as-of",
            "2026-12-15",
            "--as-of",
            "2026-11-01",
        ]);
        assert_eq!(code, 0);
        assert_eq!(
            ours,
            peer(&["card", f, "2026-12-15", "2026-11-01"]),
            "seed {seed}: dated scorecards"
        );
    }
}

#[test]
fn bad_files_are_named_with_their_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("registered-predictions.json");
    std::fs::write(&file, r#"{"predictions": [{"id": "F1", "p": 0.4, "check_date": "2026-11-30", "verdict": "true"}]}"#).unwrap();
    let (code, _, err) = sealbook(&["scorecard", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("registered-predictions.json") && err.contains("predictions[0].cites"),
        "{err}"
    );
    let (code, _, err) = sealbook(&["scorecard", file.to_str().unwrap(), "--as-of", "30.11.2026"]);
    assert_eq!(code, 2);
    assert!(err.contains("--as-of"), "{err}");
}
