//! `sealbook score` on the demo league with its book (spec §4.9 and Appendix C): the crowd
//! table against the independent Python peer (tests/py/crowd_peer.py), the human table, and
//! the forecasts file checked against the sealed answers: a tampered row exits 1 naming the
//! CSV row, the book line and the field; a book field in the wrong unit or type exits 2
//! naming the book line and field.

use super::common;

use common::{arg, demo, sealbook, sealbook_json};
use serde_json::{json, Value as Json};
use std::path::{Path, PathBuf};

const CSV: &str = "council-forecasts.csv";
const BOOK: &str = "council-book.jsonl";

fn score_args<'a>(csv: &'a Path, book: &'a Path) -> Vec<&'a str> {
    vec!["score", "--forecasts", arg(csv), "--book", arg(book)]
}

/// The demo's forecasts file with one data row edited by `edit(fields, column index)`;
/// returns the new file and the edited row's number (header = 1).
fn edit_csv(
    dir: &Path,
    pick: impl Fn(&[&str], &dyn Fn(&str) -> usize) -> bool,
    edit: impl Fn(&mut Vec<String>, &dyn Fn(&str) -> usize),
) -> (PathBuf, u64) {
    let text = std::fs::read_to_string(dir.join(CSV)).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let header: Vec<String> = lines[0].split(',').map(String::from).collect();
    let col = |name: &str| header.iter().position(|c| c == name).unwrap();
    let i = (1..lines.len())
        .find(|&i| pick(&lines[i].split(',').collect::<Vec<_>>(), &col))
        .expect("a row to edit");
    let mut fields: Vec<String> = lines[i].split(',').map(String::from).collect();
    edit(&mut fields, &col);
    lines[i] = fields.join(",");
    let out = dir.join(format!("tampered-{i}.csv"));
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    (out, i as u64 + 1)
}

#[test]
fn demo_crowd_table_matches_the_python_peer() {
    let d = demo();
    let (csv, book) = (d.path().join(CSV), d.path().join(BOOK));
    let (code, doc) = sealbook_json(&score_args(&csv, &book));
    assert_eq!(code, 0, "{}", doc["book_agreement"]);
    assert_eq!(doc["book_agreement"]["ok"], true);
    assert_eq!(doc["book_agreement"]["checked"], 576);
    let peer = sealbook_tests::crowd_peer::run(&book, &csv);
    let rows = sealbook_tests::crowd_peer::assert_matches(&doc["crowd"], &peer);
    assert_eq!(rows, 3 * 8 * 4, "3 runs x 8 listed markets x 4 seats");
    // Requirement 17: bid, ask and last trade on every crowd row of the demo.
    for q in doc["crowd"]["questions"].as_array().unwrap() {
        assert!(
            q["bid"].is_f64() && q["ask"].is_f64() && q["last_trade_at"].is_string(),
            "{q}"
        );
    }

    let (code, text, _) = sealbook(&score_args(&csv, &book));
    assert_eq!(code, 0);
    assert!(
        text.contains("crowd: 24 questions (0 unresolved)"),
        "{text}"
    );
    assert!(text.contains("2026-10-20-am  NDX    kalshi"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("overall          admitted   60")),
        "{text}"
    );
    assert!(
        text.contains("forecasts vs book: 576 issue rows checked"),
        "{text}"
    );
}

#[test]
fn a_tampered_forecasts_row_fails_naming_row_line_and_field() {
    let d = demo();
    let book = d.path().join(BOOK);
    // A prob_up changed after sealing.
    let (csv, row) = edit_csv(
        d.path(),
        |f, col| f[col("asset")] == "GOLD" && f[col("horizon")] == "1w",
        |f, col| {
            let p: f64 = f[col("prob_up")].parse().unwrap();
            f[col("prob_up")] = format!("{}", if p > 50.0 { p - 1.0 } else { p + 1.0 });
        },
    );
    let (code, doc) = sealbook_json(&score_args(&csv, &book));
    assert_eq!(code, 1, "the scored answer is not the sealed one");
    let a = &doc["book_agreement"];
    assert_eq!(
        (a["ok"].as_bool(), a["mismatch_count"].as_u64()),
        (Some(false), Some(1)),
        "{a}"
    );
    let m = &a["mismatches"][0];
    assert_eq!(
        (m["csv_row"].as_u64(), m["field"].as_str()),
        (Some(row), Some("items.GOLD.1w.prob_up")),
        "{m}"
    );
    assert_eq!(
        m["book_line"].as_u64(),
        Some(2),
        "the first answer of the first run"
    );
    let (code, text, _) = sealbook(&score_args(&csv, &book));
    assert_eq!(code, 1);
    assert!(text.contains(&format!("council-forecasts.csv row {row} vs council-book.jsonl line 2, field items.GOLD.1w.prob_up: CSV prob_up")), "{text}");
    assert!(text.contains("1 MISMATCHES"), "{text}");

    // A row pointing at another seat's answer line.
    let (csv, row) = edit_csv(
        d.path(),
        |f, col| f[col("seat")] == "demo-alpha",
        |f, col| f[col("line")] = "3".into(),
    );
    let (code, doc) = sealbook_json(&score_args(&csv, &book));
    assert_eq!(code, 1);
    let m = &doc["book_agreement"]["mismatches"][0];
    assert_eq!(
        (
            m["csv_row"].as_u64(),
            m["book_line"].as_u64(),
            m["field"].as_str()
        ),
        (Some(row), Some(3), Some("seat")),
        "{m}"
    );
    assert!(
        m["message"].as_str().unwrap().contains("\"demo-beta\""),
        "{m}"
    );

    // A row pointing at the run line.
    let (csv, row) = edit_csv(
        d.path(),
        |f, col| f[col("seat")] == "demo-gamma",
        |f, col| f[col("line")] = "1".into(),
    );
    let (code, doc) = sealbook_json(&score_args(&csv, &book));
    assert_eq!(code, 1);
    let m = &doc["book_agreement"]["mismatches"][0];
    assert_eq!(
        (
            m["csv_row"].as_u64(),
            m["book_line"].as_u64(),
            m["field"].as_str()
        ),
        (Some(row), Some(1), Some("kind")),
        "{m}"
    );

    // Without the book there is nothing to check against: the document has no agreement.
    let (code, doc) = sealbook_json(&["score", "--forecasts", arg(&csv)]);
    assert_eq!(
        (code, &doc["book_agreement"], &doc["crowd"]),
        (0, &Json::Null, &Json::Null)
    );
}

#[test]
fn book_fields_in_the_wrong_unit_or_type_are_unusable() {
    let d = demo();
    let csv = d.path().join(CSV);
    let text = std::fs::read_to_string(d.path().join(BOOK)).unwrap();
    let cases: [(usize, &str, Json); 5] = [
        // A price in cents, not dollars: never rescaled.
        (1, "/crowd/odds/SPX/p_up", json!(62)),
        (1, "/crowd/kalshi/GOLD/vol", json!(true)),
        (1, "/crowd/kalshi/TNX/lo/p_above", json!(33)),
        (2, "/items/BTC/1d/crowd_up", json!("high")),
        (7, "/rows/BTC/up", json!("yes")),
    ];
    for (line, pointer, value) in cases {
        let edited: String = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let mut v: Json = serde_json::from_str(l).unwrap();
                if i + 1 == line {
                    *v.pointer_mut(pointer)
                        .unwrap_or_else(|| panic!("line {line} has {pointer}")) = value.clone();
                }
                v.to_string() + "\n"
            })
            .collect();
        let bad = d.path().join("bad.jsonl");
        std::fs::write(&bad, edited).unwrap();
        let (code, doc) = sealbook_json(&score_args(&csv, &bad));
        assert_eq!(code, 2, "{doc}");
        let e = &doc["error"];
        let field = pointer[1..].replace('/', ".");
        assert_eq!(
            (e["line"].as_u64(), e["field"].as_str()),
            (Some(line as u64), Some(field.as_str())),
            "{e}"
        );
        assert!(e["file"].as_str().unwrap().ends_with("bad.jsonl"), "{e}");
    }
}
