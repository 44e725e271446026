//! `sealbook score` and `sealbook neff` from the sealed book alone (no `--forecasts`; the rows
//! rebuilt by core::score::book_rows) on the demo league: the same seat, consensus and N_eff
//! figures as from the demo's forecasts file (written by independent code in demo.rs), the
//! seats' Brier against the independent Python peer tests/py/book_brier_peer.py (json module
//! only), a clear exit 2 without either file, and a bad score line named by line and field.

use super::common;

use common::{arg, demo, lines, sealbook, sealbook_json};
use serde_json::Value as Json;

const CSV: &str = "council-forecasts.csv";
const BOOK: &str = "council-book.jsonl";
const ASKS: &str = "asks.jsonl";

/// Equal, floats within 1e-12 relative (the book's items are in key order, the CSV's rows in
/// the demo's market order, so sums may round differently in the last bits).
fn assert_same(a: &Json, b: &Json, path: &str) {
    match (a, b) {
        (Json::Object(x), Json::Object(y)) => {
            assert_eq!(
                x.keys().collect::<Vec<_>>(),
                y.keys().collect::<Vec<_>>(),
                "{path}: keys"
            );
            for (k, v) in x {
                assert_same(v, &y[k], &format!("{path}.{k}"));
            }
        }
        (Json::Array(x), Json::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{path}: length");
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                assert_same(v, w, &format!("{path}[{i}]"));
            }
        }
        (Json::Number(x), Json::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            assert!(
                (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
                "{path}: {x} vs {y}"
            );
        }
        _ => assert_eq!(a, b, "{path}"),
    }
}

#[test]
fn demo_book_alone_scores_as_the_forecasts_file() {
    let d = demo();
    let (csv, book, asks) = (d.path().join(CSV), d.path().join(BOOK), d.path().join(ASKS));
    let (code, from_book) = sealbook_json(&["score", "--book", arg(&book), "--asks", arg(&asks)]);
    assert_eq!(code, 0);
    let (code, from_csv) = sealbook_json(&[
        "score",
        "--forecasts",
        arg(&csv),
        "--book",
        arg(&book),
        "--asks",
        arg(&asks),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (
            from_book["rows_from"].as_str(),
            from_csv["rows_from"].as_str()
        ),
        (Some("book"), Some("forecasts"))
    );
    assert!(from_book["book_agreement"].is_null() && from_csv["book_agreement"]["ok"] == true);
    assert_eq!(from_book["rows"], from_csv["rows"]);
    for key in [
        "seats",
        "consensus",
        "n_eff",
        "independence",
        "crowd",
        "primary_endpoint",
        "grid",
        "excluded_after_reference",
        "time_basis",
    ] {
        assert_same(&from_book[key], &from_csv[key], key);
    }
    // 3 runs x 4 seats, one-day results only.
    assert_eq!(from_book["seats"]["demo-alpha"]["1d"]["n"], 36);
    assert_eq!(from_book["seats"]["demo-alpha"]["1w"]["n"], 0);

    let (code, neff_book) = sealbook_json(&["neff", "--book", arg(&book)]);
    assert_eq!(code, 0);
    let (_, neff_csv) = sealbook_json(&["neff", "--forecasts", arg(&csv), "--book", arg(&book)]);
    assert_same(&neff_book, &neff_csv, "n_eff");
    assert!(!neff_book["n_eff"].as_array().unwrap().is_empty());

    let out = sealbook_tests::python_script("book_brier_peer.py")
        .arg(&book)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: Json = serde_json::from_slice(&out.stdout).unwrap();
    let seats = from_book["seats"].as_object().unwrap();
    assert_eq!(peer.as_object().unwrap().len(), seats.len());
    for (seat, hs) in seats {
        for (h, f) in hs.as_object().unwrap() {
            let p = &peer[seat][h];
            if f["n"] == 0 {
                assert!(
                    p.is_null(),
                    "{seat} {h}: the peer resolved rows the scorer did not"
                );
                continue;
            }
            assert_eq!(f["n"], p["n"], "{seat} {h}");
            let (x, y) = (f["brier"].as_f64().unwrap(), p["brier"].as_f64().unwrap());
            assert!((x - y).abs() <= 1e-12, "{seat} {h}: {x} vs peer {y}");
        }
    }
}

#[test]
fn neither_file_is_exit_2_and_bad_score_lines_name_line_and_field() {
    for cmd in ["score", "neff"] {
        let (code, doc) = sealbook_json(&[cmd]);
        assert_eq!(code, 2, "{cmd}");
        assert_eq!(doc["error"]["field"], "--forecasts", "{cmd}: {doc}");
        assert!(
            doc["error"]["message"].as_str().unwrap().contains("--book"),
            "{cmd}: {doc}"
        );
    }
    let d = demo();
    let book = std::fs::read(d.path().join(BOOK)).unwrap();
    let mut ls = lines(&book);
    let i = ls
        .iter()
        .position(|l| serde_json::from_slice::<Json>(l).unwrap()["kind"] == "score")
        .expect("a score line");
    let mut line: Json = serde_json::from_slice(&ls[i]).unwrap();
    let asset = line["results"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    // Only the scorer reads the line's fields; the seal is not checked here.
    line["results"][&asset]["ref"] = "x".into();
    ls[i] = serde_json::to_vec(&line).unwrap();
    let bad = d.path().join("bad-book.jsonl");
    std::fs::write(&bad, common::join(&ls)).unwrap();
    let (code, doc) = sealbook_json(&["score", "--book", arg(&bad)]);
    assert_eq!(code, 2, "{doc}");
    assert_eq!(doc["error"]["line"], i as u64 + 1, "{doc}");
    assert_eq!(
        doc["error"]["field"],
        format!("results.{asset}.ref"),
        "{doc}"
    );
    let (code, out, _) = sealbook(&["score", "--book", arg(&d.path().join(BOOK))]);
    assert_eq!(code, 0);
    assert!(out.contains("rows from the book"), "{out}");
}
