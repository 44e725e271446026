//! Benchmark for BENCHMARKS.md (spec §3.2): parse a detached proof and list every
//! attestation with its commitment and path (`DetachedTimestampFile::deserialize` +
//! `evaluate::attestations`) for a 255-operation chain and a wide fork tree. Writes both
//! proofs to the directory given, so tests/bench/ots.sh can time python-opentimestamps
//! (`deserialize` + `all_attestations`) on the same bytes. Prints one JSON line per proof.
//!
//! Usage: ots_bench <out-dir> [wide-fork-attestations] [wide-fork-appends] (default 150,000
//! and 50,000: the listing stays under `evaluate::MAX_LISTING_BYTES`).

#![forbid(unsafe_code)]

use sealbook_core::ots::evaluate::attestations;
use sealbook_core::ots::DetachedTimestampFile;
use std::time::{Duration, Instant};

use sealbook_tests::ots_fixtures;

/// Best of `runs` timings of parse + attestations; returns (seconds, attestation count).
fn time(bytes: &[u8], runs: usize) -> (f64, usize) {
    let mut best = Duration::MAX;
    let mut count = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let file = DetachedTimestampFile::deserialize(bytes).expect("generated proof parses");
        count = attestations(&file.timestamp)
            .expect("generated proof lists")
            .len();
        best = best.min(start.elapsed());
    }
    (best.as_secs_f64(), count)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let out = std::path::PathBuf::from(
        args.next()
            .expect("usage: ots_bench <out-dir> [attestations] [appends]"),
    );
    let wide_atts: u32 = args
        .next()
        .map_or(150_000, |a| a.parse().expect("attestations"));
    let wide_appends: u32 = args.next().map_or(50_000, |a| a.parse().expect("appends"));
    let cases = [
        ("chain255", ots_fixtures::long_chain_proof(), 2000),
        (
            "wide_fork",
            ots_fixtures::wide_fork_proof(wide_atts, wide_appends),
            5,
        ),
    ];
    for (name, bytes, runs) in cases {
        let path = out.join(format!("{name}.ots"));
        std::fs::write(&path, &bytes).expect("write proof");
        let (seconds, count) = time(&bytes, runs);
        println!(
            "{{\"name\":\"{name}\",\"path\":\"{}\",\"bytes\":{},\"attestations\":{count},\"runs\":{runs},\"best_seconds\":{seconds:e}}}",
            path.display(),
            bytes.len()
        );
    }
}
