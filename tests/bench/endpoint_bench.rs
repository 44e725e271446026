//! The primary endpoint's bootstrap alone (moving blocks of 5, 10,000 resamples, seed
//! 20261102), timed natively on the session gains a `sealbook score --json` document lists:
//! `endpoint-bench <stats.json> [runs]` prints the best time in seconds. Used by
//! tests/bench/season.sh beside the numpy script's own clock on the same step.

#![forbid(unsafe_code)]

use sealbook_core::stats::endpoint::primary_endpoint;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&args[1]).expect("read stats document"))
            .expect("JSON");
    let runs: usize = args.get(2).map_or(5, |r| r.parse().expect("runs"));
    let pe = &doc["primary_endpoint"];
    let gains: Vec<f64> = pe["gains"]
        .as_array()
        .expect("gains")
        .iter()
        .map(|g| g["gain"].as_f64().expect("gain"))
        .collect();
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t = std::time::Instant::now();
        let r = primary_endpoint(&gains).expect("endpoint");
        best = best.min(t.elapsed().as_secs_f64());
        // serde_json reads floats to within an ulp, not always to the bit.
        let doc_ci: Vec<f64> = pe["ci95"]
            .as_array()
            .expect("ci95")
            .iter()
            .map(|v| v.as_f64().expect("bound"))
            .collect();
        assert!(
            (r.ci95.lo - doc_ci[0]).abs() < 1e-15 && (r.ci95.hi - doc_ci[1]).abs() < 1e-15,
            "the document's interval {doc_ci:?} vs {:?}",
            r.ci95
        );
    }
    println!("{best:.4}");
}
