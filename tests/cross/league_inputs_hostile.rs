//! Hostile and truncated inputs to the readers of this half (forecasts CSV, conformance,
//! climatology table, book sealing times): an error or a report, never a panic.

#![forbid(unsafe_code)]

use sealbook_core::contract::conformance;
use sealbook_core::contract::forecasts_csv::{
    read_forecasts, CsvTable, CONTRACT_COLUMNS, TABLE_C1_COLUMNS,
};
use sealbook_core::records::sealing::book_sealing_times;
use sealbook_core::score::baselines::ClimatologyTable;
use sealbook_tests::rng::Rng;

fn sample_csv() -> Vec<u8> {
    let header: Vec<&str> = TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
        .collect();
    let mut s = header.join(",") + "\r\n";
    for i in 0..3 {
        let row: Vec<String> = header
            .iter()
            .map(|c| match *c {
                "session" => "2026-10-20".into(),
                "sealed_at" | "reference_at" | "event_reference_at" => {
                    "2026-10-20T13:30:00Z".into()
                }
                "event_end_at" => "2026-10-20T20:00:00Z".into(),
                "line" => (i + 1).to_string(),
                "horizon" => "1d".into(),
                "prob_up" => "55.5".into(),
                "same_event" => "true".into(),
                "target" => "\"7,678.59\"".into(),
                _ => "x".into(),
            })
            .collect();
        s += &row.join(",");
        s += "\r\n";
    }
    s.into_bytes()
}

fn all_readers(bytes: &[u8]) {
    let _ = CsvTable::parse(bytes);
    let _ = read_forecasts(bytes);
    let rep = conformance::check(bytes);
    let _ = rep.render();
    let _ = ClimatologyTable::parse(bytes);
    let _ = book_sealing_times(bytes);
}

#[test]
fn truncations_and_byte_flips_never_panic() {
    let good = sample_csv();
    for cut in 0..good.len() {
        all_readers(&good[..cut]);
    }
    let mut rng = Rng(99);
    for _ in 0..2000 {
        let mut b = good.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(b.len() as u64) as usize;
            b[i] = [b'"', b',', b'\n', b'\r', 0xff, 0xc3, b'{', b'9', 0][rng.below(9) as usize];
        }
        all_readers(&b);
    }
    let clim = br#"{"sha256": "", "table": [{"asset": "SPX", "h": "1d", "p_up": 0.5, "n": 10}]}"#;
    for cut in 0..clim.len() {
        all_readers(&clim[..cut]);
    }
    let book =
        b"{\"n\": 1, \"at\": \"2026-10-20T12:31:11Z\", \"booked_at\": \"2026-10-20T13:00:25Z\"}\n";
    for cut in 0..book.len() {
        all_readers(&book[..cut]);
    }
}

#[test]
fn pathological_shapes_are_reported() {
    // One huge field, deep nesting, a header only, random bytes.
    let mut huge = sample_csv();
    huge.extend(std::iter::repeat_n(b'a', 1 << 20));
    assert!(!conformance::check(&huge).ok());
    let deep = "[".repeat(100_000);
    assert!(ClimatologyTable::parse(deep.as_bytes()).is_err());
    assert!(book_sealing_times(format!("{deep}\n").as_bytes()).is_err());
    let header_only = TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(
        conformance::check(header_only.as_bytes()).render(),
        "0 rows, ok\n"
    );
    let mut rng = Rng(7);
    let noise: Vec<u8> = (0..100_000).map(|_| rng.below(256) as u8).collect();
    all_readers(&noise);
}
