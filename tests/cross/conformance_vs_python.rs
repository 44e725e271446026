//! The conformance checker against an independent Python peer (tests/py/conformance_peer.py,
//! standard library only, like the spec's tools/conformance.py) on generated files with
//! seeded faults, RFC 4180 quoting, CRLF and a byte order mark; and the typed reader's
//! errors naming row and column.

#![forbid(unsafe_code)]

use sealbook_core::calendar::Instant;
use sealbook_core::contract::conformance;
use sealbook_core::contract::event::EventContract;
use sealbook_core::contract::forecasts_csv::{read_forecasts, CONTRACT_COLUMNS, TABLE_C1_COLUMNS};
use std::collections::BTreeMap;

use sealbook_tests::rng::Rng;

fn header() -> Vec<&'static str> {
    TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
        .collect()
}

type Row = BTreeMap<&'static str, String>;

fn set_ids(r: &mut Row) {
    let c = EventContract::from_values(
        [
            "asset",
            "horizon",
            "event_reference_at",
            "event_end_at",
            "rule",
            "resolver_version",
            "reference_rule",
            "price_provider",
            "price_symbol",
        ]
        .map(|k| r[k].as_str()),
    );
    r.insert("event_id", c.event_id());
    r.insert("event_id_v2", c.event_id_v2());
}

fn good_row(rng: &mut Rng, i: usize) -> Row {
    let mut r: Row = header().into_iter().map(|c| (c, String::new())).collect();
    let (session, reference, end) = *[
        ("2026-10-20", "2026-10-20T13:30:00Z", "2026-10-20T20:00:00Z"),
        ("2026-10-21", "2026-10-21T13:30:00Z", "2026-10-21T20:00:00Z"),
        ("2026-11-02", "2026-11-02T14:30:00Z", "2026-11-02T21:00:00Z"),
    ]
    .get(rng.below(3) as usize)
    .unwrap();
    let resolved = rng.below(4) != 0;
    let p = rng.below(101);
    let (refp, close) = (
        7000.0 + rng.below(1000) as f64,
        7000.0 + rng.below(1000) as f64,
    );
    let chg = 100.0 * (close / refp - 1.0);
    let vals: Vec<(&'static str, String)> = vec![
        ("run_id", format!("{session}-am")),
        ("session", session.into()),
        (
            "seat",
            rng.pick(&["claude", "gpt", "gemini", "deepseek", "qwen", "kimi"])
                .into(),
        ),
        ("model", "model, v1".into()),
        ("line", (150 + i).to_string()),
        (
            "sealed_at",
            "2026-10-20T12:31:11.250Z".replace("2026-10-20", session),
        ),
        ("status", "counted".into()),
        (
            "asset",
            rng.pick(&["SPX", "NDX", "GC", "BTC", "黄金", "TNX"]).into(),
        ),
        ("horizon", rng.pick(&["1d", "1w", "1m", "6m"]).into()),
        ("action", "hold".into()),
        ("prob_up", p.to_string()),
        ("target", "7,678.59".into()),
        ("invalidation", "say \"when\"".into()),
        (
            "ref",
            if resolved {
                refp.to_string()
            } else {
                String::new()
            },
        ),
        (
            "close",
            if resolved {
                close.to_string()
            } else {
                String::new()
            },
        ),
        (
            "actual_pct",
            if resolved {
                format!("{chg:.6}")
            } else {
                String::new()
            },
        ),
        (
            "draw",
            if resolved {
                rng.pick(&["true", "false", "False"]).into()
            } else {
                String::new()
            },
        ),
        (
            "source_urls",
            "https://a.example/x?a=1,b=2\nhttps://b.example".into(),
        ),
        ("run_role", "session_run".into()),
        ("line_kind", "issue".into()),
        ("reference_at", reference.into()),
        ("same_event", rng.pick(&["true", "false", "TRUE"]).into()),
        (
            "cell_status",
            if p == 50 { "explicit_50" } else { "elicited" }.into(),
        ),
        ("attempt", "1".into()),
        ("event_reference_at", reference.into()),
        ("event_end_at", end.into()),
        ("methodology_version", "2".into()),
        ("rule", "up_if_change_gt_0".into()),
        ("resolver_version", "1".into()),
        (
            "reference_rule",
            "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1".into(),
        ),
        ("price_provider", "yahoo_finance_chart_v8_1m".into()),
        ("price_symbol", "^GSPC".into()),
    ];
    for (k, v) in vals {
        r.insert(k, v);
    }
    if r["asset"] == "TNX" {
        // The yield's event ends 15:00 ET (an hour before the close in either offset).
        let end = Instant::parse_rfc3339(&r["event_end_at"]).unwrap();
        r.insert("event_end_at", Instant(end.0 - 3_600_000_000).to_rfc3339());
    }
    set_ids(&mut r);
    r
}

/// One seeded fault; returns false when the row must be written short.
fn mutate(rng: &mut Rng, r: &mut Row, other: &Row) -> bool {
    let pick = rng.below(27);
    let chg = r["actual_pct"].clone();
    let mut put = |k: &'static str, v: &str| {
        r.insert(k, v.to_string());
    };
    match pick {
        0 => put("prob_up", "100.5"),
        1 => put("prob_up", "abc"),
        2 => put("prob_up", ""),
        3 => put("cell_status", "invalid"),
        4 => put("session", "2026-11-26"),
        5 => put("session", "2026/10/20"),
        6 => put("sealed_at", "2026-10-30T23:00:00Z"),
        7 => put("event_end_at", "2026-10-01T00:00:00Z"),
        8 => put("status", "maybe"),
        9 => put("close", ""),
        10 => {
            if chg.is_empty() {
                put("draw", "true");
            } else {
                put(
                    "actual_pct",
                    &(-chg.parse::<f64>().unwrap() - 0.5).to_string(),
                );
            }
        }
        11 => put("event_id", "ev1-0123456789abcdef"),
        12 => {
            // The other row's identifiers on a different contract.
            put("asset", "WTI");
            put("event_id", &other["event_id"]);
            put("event_id_v2", &other["event_id_v2"]);
        }
        13 => put("line", "0"),
        14 => put("attempt", ["x", "+2", "0"][chg.len() % 3]),
        15 => put("same_event", "yes"),
        16 => put("methodology_version", ""),
        17 => put("horizon", "2d"),
        18 => put("reference_at", "2026-10-20T13:30:00"),
        19 => put("price_provider", ""),
        20 => put("run_role", "late"),
        21 => put("ref", "-1"),
        22 => return false,
        23 => put(
            ["rule", "price_provider", "price_symbol"][chg.len() % 3],
            "(not stated in the book)",
        ),
        24 => {
            put("asset", "TNX");
            put("event_end_at", "2026-10-20T20:00:00Z");
        }
        25 => put("event_end_at", "2026-10-20T19:00:00Z"),
        _ => put("event_reference_at", "2026-13-01T00:00:00Z"),
    }
    true
}

fn field(rng: &mut Rng, v: &str) -> String {
    if v.contains([',', '"', '\n', '\r']) || rng.below(5) == 0 {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

fn generate(seed: u64, rows: usize) -> Vec<u8> {
    let mut rng = Rng(seed);
    let eol = if seed.is_multiple_of(2) { "\r\n" } else { "\n" };
    let mut out = String::new();
    if seed.is_multiple_of(3) {
        out.push('\u{feff}');
    }
    out += &header().join(",");
    out += eol;
    let mut prev = good_row(&mut rng, 0);
    for i in 0..rows {
        let mut r = good_row(&mut rng, i);
        let mut full = true;
        if rng.below(3) == 0 {
            full = mutate(&mut rng, &mut r, &prev);
        }
        let mut fields: Vec<String> = header().iter().map(|c| field(&mut rng, &r[c])).collect();
        if !full {
            fields.pop();
        }
        out += &fields.join(",");
        out += eol;
        prev = r;
    }
    out.into_bytes()
}

fn peer(bytes: &[u8], name: &str) -> (u64, Vec<(u64, String)>) {
    let dir = std::env::temp_dir().join(format!("sealbook-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = sealbook_tests::python_script("conformance_peer.py")
        .arg(&path)
        .output()
        .expect("run the Python peer");
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut f: Vec<(u64, String)> = v["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x[0].as_u64().unwrap(), x[1].as_str().unwrap().to_string()))
        .collect();
    f.sort();
    (v["rows"].as_u64().unwrap(), f)
}

#[test]
fn checker_matches_the_python_peer_on_generated_files() {
    let mut total_failures = 0;
    for seed in 1..=6u64 {
        let bytes = generate(seed * 7919, 150);
        let rep = conformance::check(&bytes);
        let mut ours: Vec<(u64, String)> = rep
            .failures
            .iter()
            .map(|f| (f.row, f.column.clone()))
            .collect();
        ours.sort();
        let (rows, theirs) = peer(&bytes, &format!("f{seed}.csv"));
        assert_eq!(rep.rows, rows, "seed {seed}: row count");
        assert_eq!(ours, theirs, "seed {seed}: failures differ");
        total_failures += ours.len();
    }
    assert!(
        total_failures > 100,
        "the generator must seed faults ({total_failures})"
    );
}

#[test]
fn clean_file_reads_ok_in_both() {
    let mut rng = Rng(42);
    let mut s = header().join(",") + "\r\n";
    for i in 0..40 {
        let r = good_row(&mut rng, i);
        s += &header()
            .iter()
            .map(|c| field(&mut rng, &r[c]))
            .collect::<Vec<_>>()
            .join(",");
        s += "\r\n";
    }
    let rep = conformance::check(s.as_bytes());
    assert_eq!(rep.render(), "40 rows, ok\n", "{:?}", rep.failures.first());
    assert_eq!(peer(s.as_bytes(), "clean.csv"), (40, vec![]));
    let rows = read_forecasts(s.as_bytes()).unwrap();
    assert_eq!(rows.len(), 40);
    assert!(rows
        .iter()
        .all(|r| r.event_id == r.contract.event_id() && r.event_id_v2 == r.contract.event_id_v2()));
    assert_eq!(rows[0].model, "model, v1");
}

#[test]
fn reader_errors_name_row_and_column() {
    let mut rng = Rng(5);
    let mut s = header().join(",") + "\n";
    let mut r = good_row(&mut rng, 0);
    s += &header()
        .iter()
        .map(|c| field(&mut rng, &r[c]))
        .collect::<Vec<_>>()
        .join(",");
    s += "\n";
    r.insert("prob_up", "fifty".into());
    s += &header()
        .iter()
        .map(|c| field(&mut rng, &r[c]))
        .collect::<Vec<_>>()
        .join(",");
    s += "\n";
    let e = read_forecasts(s.as_bytes()).unwrap_err();
    assert_eq!((e.row, e.column.as_deref()), (3, Some("prob_up")), "{e}");
    // A missing column is named, at the header row.
    let no_seat = s.replacen("seat,", "seet,", 1);
    let e = read_forecasts(no_seat.as_bytes()).unwrap_err();
    assert_eq!((e.row, e.column.as_deref()), (1, Some("seat")), "{e}");
    let rep = conformance::check(no_seat.as_bytes());
    assert!(
        rep.render()
            .contains("row 1 (line 1), column seat: missing column"),
        "{}",
        rep.render()
    );
}

/// `reference_price_at` (written after the contract columns, read when present): both checkers
/// hold it to the first minute at or after `reference_at` under the v1 rule, and refuse a
/// field that is no time.
#[test]
fn reference_price_at_is_held_alike_in_both() {
    let mut rng = Rng(11);
    let mut h = header();
    h.push("reference_price_at");
    let mut s = h.join(",") + "\n";
    let mut want_bad = Vec::new();
    for i in 0..12 {
        let mut r = good_row(&mut rng, i);
        let reference = r["reference_at"].clone();
        let first = sealbook_core::calendar::Instant::parse_rfc3339(&reference).unwrap();
        let value = match i % 4 {
            0 => reference.clone(),
            1 => String::new(),
            2 => sealbook_core::calendar::Instant(first.0 + 60_000_000).to_rfc3339(),
            _ => "at the open".into(),
        };
        if i % 4 >= 2 {
            want_bad.push((i as u64 + 2, "reference_price_at".to_string()));
        }
        r.insert("reference_price_at", value);
        s += &h
            .iter()
            .map(|c| field(&mut rng, &r[c]))
            .collect::<Vec<_>>()
            .join(",");
        s += "\n";
    }
    let rep = conformance::check(s.as_bytes());
    let ours: Vec<(u64, String)> = rep
        .failures
        .iter()
        .map(|f| (f.row, f.column.clone()))
        .collect();
    assert_eq!(ours, want_bad, "{}", rep.render());
    assert_eq!(peer(s.as_bytes(), "price_at.csv"), (12, want_bad));
}
