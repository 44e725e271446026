//! `sealbook verify` matches a stamped list's entries to the book by what the book is, not
//! only by its file name (spec §3.2, Appendix B step 3): a copy of the demo book saved as
//! `council-book (1).jsonl`, `copy of council-book.jsonl`, `Council-Book.JSONL` or
//! `renamed.jsonl` is checked against the list's `daily/council/book.jsonl` entry, by content
//! when untouched and by its line kinds when rewritten, and fails exactly as it does under its
//! own name. A list that checks nothing fails; `--ledger` picks the entry; the lines after the
//! last stamped prefix are reported as covered by no list.

use super::common;

use common::{demo, join, lines, sealbook, stamp_lists};
use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::writer::BookWriter;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// The names a reader's copy of `council-book.jsonl` may carry.
const NAMES: [&str; 4] = [
    "council-book (1).jsonl",
    "copy of council-book.jsonl",
    "Council-Book.JSONL",
    "renamed.jsonl",
];

/// Rewrites line 2 and re-seals every line, so the chain holds but every stamp covering line 2
/// no longer matches (the operator's rewrite the stamps exist to catch).
fn rewrite(l: &mut [Vec<u8>]) {
    let mut w = BookWriter::new();
    for (i, line) in l.iter_mut().enumerate() {
        let Value::Object(mut o) = canon::parse(line).unwrap() else {
            panic!()
        };
        if i == 1 {
            o.insert("model", Value::Str("rewritten-later".into()));
        }
        let mut b = w.append(&o).unwrap().bytes;
        b.pop();
        *line = b;
    }
}

/// The demo league with a copy of its book, edited by `edit`, saved as `name` beside it.
fn copy_as(dir: &Path, name: &str, edit: impl FnOnce(&mut Vec<Vec<u8>>)) -> PathBuf {
    let mut l = lines(&std::fs::read(dir.join("council-book.jsonl")).unwrap());
    edit(&mut l);
    let path = dir.join(name);
    std::fs::write(&path, join(&l)).unwrap();
    path
}

fn verify_args(book: &Path, lists: &[PathBuf], extra: &[&str]) -> Vec<String> {
    let mut a = vec!["verify".to_string(), book.display().to_string()];
    for l in lists {
        a.push("--stamp".into());
        a.push(l.display().to_string());
    }
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// Runs verify as text and as `--json`; both must exit with `code`.
fn verify(book: &Path, lists: &[PathBuf], extra: &[&str], code: i32) -> (String, Json) {
    let args = verify_args(book, lists, extra);
    let (tc, text, terr) = sealbook(&args);
    assert_eq!(tc, code, "text exit code of {args:?}\n{text}\n{terr}");
    let mut json_args = args.clone();
    json_args.push("--json".into());
    let (jc, json, jerr) = sealbook(&json_args);
    assert_eq!(jc, code, "json exit code of {args:?}\n{json}\n{jerr}");
    assert_eq!(json.lines().count(), 1, "{json}");
    (text, serde_json::from_str(&json).unwrap())
}

fn matched_by(j: &Json) -> Vec<&str> {
    j["stamps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["matched_by"].as_str().unwrap())
        .collect()
}

#[test]
fn an_untouched_copy_under_another_name_is_matched_by_content_and_passes() {
    let dir = demo();
    let lists = stamp_lists(dir.path());
    let (_, own) = verify(&dir.path().join("council-book.jsonl"), &lists, &[], 0);
    assert_eq!(matched_by(&own), ["name"; 6]);
    for name in NAMES {
        let book = copy_as(dir.path(), name, |_| {});
        let (text, j) = verify(&book, &lists, &[], 0);
        assert_eq!(j["ok"], true, "{name}: {j}");
        assert_eq!(j["stamps"].as_array().unwrap().len(), 6, "{name}: {j}");
        assert_eq!(matched_by(&j), ["content"; 6], "{name}");
        assert!(j["stamps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["ok"] == true && s["ledger"] == "daily/council/book.jsonl"));
        assert_eq!(j["unchecked_lists"], Json::Array(vec![]), "{name}");
        // The asks entries stay unchecked: this book is not the ask chain.
        assert_eq!(j["not_checked"].as_array().unwrap().len(), 6, "{name}");
        assert_eq!(
            text.matches("sha256 ok, last link ok (matched by content)")
                .count(),
            6,
            "{name}: {text}"
        );
    }
}

#[test]
fn a_rewritten_copy_under_another_name_fails_as_under_its_own() {
    let dir = demo();
    let lists = stamp_lists(dir.path());
    std::fs::create_dir(dir.path().join("own")).unwrap();
    let own = copy_as(dir.path(), "own/council-book.jsonl", |l| rewrite(l));
    let (own_text, own_json) = verify(&own, &lists, &[], 1);
    assert_eq!(
        own_text
            .matches("sha256 MISMATCH, last link MISMATCH")
            .count(),
        6,
        "{own_text}"
    );
    for name in NAMES {
        let book = copy_as(dir.path(), name, |l| rewrite(l));
        let (text, j) = verify(&book, &lists, &[], 1);
        assert_eq!(j["ok"], false, "{name}: {j}");
        assert_eq!(j["chain_ok"], true, "{name}: the re-sealed chain holds");
        let stamps = j["stamps"].as_array().unwrap();
        assert_eq!(stamps.len(), 6, "{name}: {j}");
        assert_eq!(
            matched_by(&j),
            ["kind"; 6],
            "{name}: by its run/answer lines"
        );
        for (s, o) in stamps.iter().zip(own_json["stamps"].as_array().unwrap()) {
            for field in [
                "sha256_ok",
                "last_link_ok",
                "expected_sha256",
                "found_sha256",
                "message",
            ] {
                assert_eq!(s[field], o[field], "{name}: {field}");
            }
        }
        assert_eq!(
            text.matches("sha256 MISMATCH, last link MISMATCH (matched by line kinds)")
                .count(),
            6,
            "{name}: {text}"
        );
        assert_eq!(
            text.matches("the stamped prefix was rewritten").count(),
            6,
            "{name}: {text}"
        );
    }
}

/// A renamed, rewritten ask chain is matched to the asks entry by its declaration line.
#[test]
fn a_rewritten_ask_chain_under_another_name_is_matched_by_its_declaration_line() {
    let dir = demo();
    let lists = stamp_lists(dir.path());
    let mut l = lines(&std::fs::read(dir.path().join("asks.jsonl")).unwrap());
    rewrite(&mut l);
    let book = dir.path().join("asks (1).jsonl");
    std::fs::write(&book, join(&l)).unwrap();
    let (text, j) = verify(&book, &lists, &[], 1);
    assert_eq!(matched_by(&j), ["kind"; 6], "{j}");
    assert!(j["stamps"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["ledger"] == "daily/council/asks.jsonl" && s["sha256_ok"] == false));
    assert!(text.contains("the stamped prefix was rewritten"), "{text}");
}

/// A book no entry can be checked against: the list checks nothing, and that fails.
#[test]
fn a_list_that_checks_nothing_fails_naming_the_list() {
    let dir = demo();
    let list = dir.path().join("proof/2026-10-21/200530Z.txt");
    let mut w = BookWriter::new();
    let mut other = Vec::new();
    for i in 0..3 {
        let mut o = canon::Object::new();
        o.insert("i", Value::Int((i as i64).into()));
        other.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    let book = dir.path().join("other.jsonl");
    std::fs::write(&book, other).unwrap();
    let (text, j) = verify(&book, std::slice::from_ref(&list), &[], 1);
    assert_eq!(j["ok"], false, "{j}");
    assert_eq!(j["chain_ok"], true);
    assert_eq!(j["stamps"], Json::Array(vec![]));
    let unchecked = j["unchecked_lists"].as_array().unwrap();
    assert_eq!(unchecked.len(), 1, "{j}");
    assert_eq!(unchecked[0]["list"], list.display().to_string());
    let reason = unchecked[0]["reason"].as_str().unwrap();
    assert!(reason.contains("daily/council/book.jsonl"), "{reason}");
    assert!(
        text.contains(&format!("stamp {}: checks nothing: ", list.display())),
        "{text}"
    );
    assert!(
        text.contains("--ledger"),
        "the text says how to choose: {text}"
    );

    // Named explicitly, the entry is checked, and does not match this book.
    let (text, j) = verify(
        &book,
        std::slice::from_ref(&list),
        &["--ledger", "daily/council/book.jsonl"],
        1,
    );
    assert_eq!(matched_by(&j), ["ledger"], "{j}");
    assert_eq!(j["stamps"][0]["sha256_ok"], false);
    assert!(text.contains("(chosen with --ledger)"), "{text}");
}

#[test]
fn ledger_chooses_the_entry_by_its_path_or_published_name() {
    let dir = demo();
    let lists = stamp_lists(dir.path());
    let book = copy_as(dir.path(), "council-book (1).jsonl", |_| {});
    for ledger in ["daily/council/book.jsonl", "council-book.jsonl"] {
        let (_, j) = verify(&book, &lists, &["--ledger", ledger], 0);
        assert_eq!(matched_by(&j), ["ledger"; 6], "{ledger}: {j}");
        assert_eq!(j["not_checked"].as_array().unwrap().len(), 6);
    }
    // The ask chain's entry chosen for the council book: checked, and it does not match.
    let (_, j) = verify(&book, &lists, &["--ledger", "daily/council/asks.jsonl"], 1);
    assert_eq!(matched_by(&j), ["ledger"; 6], "{j}");
    assert!(j["stamps"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["sha256_ok"] == false));
    // A ledger no entry names: every list checks nothing.
    let (text, j) = verify(&book, &lists, &["--ledger", "no/such.jsonl"], 1);
    assert_eq!(j["unchecked_lists"].as_array().unwrap().len(), 6, "{j}");
    assert!(text.contains("no/such.jsonl"), "{text}");
}

#[test]
fn lines_after_the_last_stamped_prefix_are_reported_as_unanchored() {
    let dir = demo();
    let lists = stamp_lists(dir.path());
    let book = dir.path().join("council-book.jsonl");
    let (text, j) = verify(&book, &lists, &[], 0);
    assert_eq!(j["unanchored_from"], Json::Null, "{j}");
    assert_eq!(j["unanchored_lines"], 0);
    assert!(!text.contains("not covered"), "{text}");

    // A correctly sealed and chained forged line appended after line 21.
    let bytes = std::fs::read(&book).unwrap();
    let last: Json = serde_json::from_slice(lines(&bytes).last().unwrap()).unwrap();
    let mut w = BookWriter::resume(21, last["link"].as_str().unwrap().to_string());
    let mut o = canon::Object::new();
    o.insert("kind", Value::Str("answer".into()));
    o.insert("seat", Value::Str("forged".into()));
    let mut forged = bytes.clone();
    forged.extend_from_slice(&w.append(&o).unwrap().bytes);
    std::fs::write(&book, &forged).unwrap();
    let (text, j) = verify(&book, &lists, &[], 0);
    assert!(text.starts_with("chain ok: 22 lines\n"), "{text}");
    assert_eq!(j["unanchored_from"], 22, "{j}");
    assert_eq!(j["unanchored_lines"], 1);
    assert!(
        text.contains(
            "lines 22-22 are not covered by any stamped list: Level 1, the operator's word"
        ),
        "{text}"
    );

    // Only the first day's morning list: everything after its prefix is unanchored.
    let (text, j) = verify(&book, &lists[..1], &[], 0);
    let covered = j["stamps"][0]["lines"].as_u64().unwrap();
    assert_eq!(j["unanchored_from"], covered + 1, "{j}");
    assert_eq!(j["unanchored_lines"], 22 - covered);
    assert!(
        text.contains(&format!("lines {}-22 are not covered", covered + 1)),
        "{text}"
    );

    // No list at all: every line is the operator's word.
    let (text, j) = verify(&book, &[], &[], 0);
    assert_eq!(
        (
            j["unanchored_from"].as_u64(),
            j["unanchored_lines"].as_u64()
        ),
        (Some(1), Some(22))
    );
    assert!(text.contains("lines 1-22 are not covered"), "{text}");
}
