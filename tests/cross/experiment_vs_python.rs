//! The reader experiment's analysis (spec §6.2, §6.4, F28/F29; core::experiment::analysis) on
//! generated datasets against an independent numpy computation (tests/py/experiment_peer.py).
//!
//! The generator covers both groups, resets, visits before, after (ignored) and without a first
//! forecast, repeated forecasts (kept, not first), peeks, the revision protocol's two calls
//! with both arms (and finals without a private call, which pair with nothing), markets
//! without an outcome (unscored) and consensus values of exactly 50% (no direction); one
//! dataset reaches the 200 first forecasts per group at which F28 and F29 are read and one
//! does not.

#![forbid(unsafe_code)]

use sealbook_core::experiment::analysis::analyse;
use sealbook_tests::experiment_gen::generate;
use sealbook_tests::rng::Rng;
use serde_json::Value;

fn compare(path: &str, ours: &Value, peer: &Value) {
    match peer {
        Value::Object(o) => {
            for (k, v) in o {
                compare(&format!("{path}.{k}"), &ours[k], v);
            }
        }
        Value::Array(a) => {
            let ours = ours
                .as_array()
                .unwrap_or_else(|| panic!("{path}: not an array"));
            assert_eq!(ours.len(), a.len(), "{path}: length");
            for (i, (x, y)) in ours.iter().zip(a).enumerate() {
                compare(&format!("{path}[{i}]"), x, y);
            }
        }
        Value::Number(n) => {
            let (x, y) = (ours.as_f64(), n.as_f64().unwrap());
            let x = x.unwrap_or_else(|| panic!("{path}: sealbook {ours}, peer {y}"));
            assert!(
                (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                "{path}: sealbook {x}, peer {y}"
            );
        }
        _ => assert_eq!(ours, peer, "{path}"),
    }
}

fn check(seed: u64, readers: usize, read: bool) {
    let mut rng = Rng::new(seed);
    let data = generate(&mut rng, readers);
    let dir = sealbook_tests::tmp::TempDir::new("experiment-peer");
    let path = dir.path().join("dataset.json");
    std::fs::write(&path, serde_json::to_vec(&data).unwrap()).unwrap();
    let out = sealbook_tests::python_script("experiment_peer.py")
        .arg(&path)
        .output()
        .expect("run experiment_peer.py");
    assert!(
        out.status.success(),
        "experiment_peer.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let ours = serde_json::to_value(analyse(&data)).unwrap();
    compare("analysis", &ours, &peer);
    assert_eq!(ours["registered"]["F28"]["value"].is_number(), read);
    assert_eq!(ours["registered"]["F29"]["value"].is_number(), read);
    assert!(ours["revision"]["council"]["n"].as_u64().unwrap() > 0 || readers < 50);
    assert_eq!(ours["g1"]["group"], "blind");
}

#[test]
fn analysis_matches_numpy_at_the_registered_reading() {
    let seed = sealbook_tests::rng::seed_from_env("SEALBOOK_EXPERIMENT_SEED", 20261102);
    check(seed, 400, true);
}

#[test]
fn analysis_matches_numpy_before_the_reading() {
    check(7, 24, false);
}
