//! The verifier page and `sealbook verify` decide the same way from one stamp plan: on the
//! demo league with its book saved under another name (untouched, rewritten and re-sealed, or
//! replaced by a book no entry applies to), the page's steps (the worker's: core's
//! `StampPlan`, `BookReader`, `VerifierReport`, then the page's verdict headline) give the
//! verdict, the stamp checks and the unanchored lines the CLI's `--json` prints.
//!
//! The CLI is `$SEALBOOK_BIN` when set, else `cargo run -p sealbook-server --bin sealbook`.

#![forbid(unsafe_code)]

use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::writer::BookWriter;
use sealbook_core::verifier::overall::{Overall, State};
use sealbook_core::verifier::{BookReader, ListInput, StampPlan, VerifierReport};
use sealbook_web::verifier::report_view::summary;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The stamped lists of the demo, as the page names them (their path in the dropped folder).
fn lists(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for day in std::fs::read_dir(dir.join("proof")).unwrap() {
        for f in std::fs::read_dir(day.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            out.push(p.strip_prefix(dir).unwrap().display().to_string());
        }
    }
    out.sort();
    out
}

/// What the page's worker does with one book and the lists, natively, in 4 KiB chunks.
fn page(dir: &Path, book: &str, lists: &[String]) -> VerifierReport {
    let inputs: Vec<ListInput> = lists
        .iter()
        .map(|l| ListInput::parse(l, &std::fs::read(dir.join(l)).unwrap()))
        .collect();
    let plan = StampPlan::new(&[book.to_string()], &inputs);
    let mut reader = BookReader::new(plan.prefix_at(0));
    for chunk in std::fs::read(dir.join(book)).unwrap().chunks(4096) {
        reader.feed(chunk);
    }
    VerifierReport::new(plan.resolve(vec![reader.finish()]), &inputs)
}

fn cli(dir: &Path, book: &str, lists: &[String]) -> (i32, Json) {
    let mut cmd = sealbook_tests::sealbook_cli();
    cmd.current_dir(dir).args(["verify", book]);
    for l in lists {
        cmd.args(["--stamp", l]);
    }
    let out = cmd.arg("--json").output().unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), json)
}

/// Rewrites line 2 and re-seals every line: the chain holds, the stamped prefixes do not.
fn rewrite(book: &[u8]) -> Vec<u8> {
    let mut w = BookWriter::new();
    let mut out = Vec::new();
    for (i, line) in book.split_inclusive(|b| *b == b'\n').enumerate() {
        let Value::Object(mut o) = canon::parse(&line[..line.len() - 1]).unwrap() else {
            panic!()
        };
        if i == 1 {
            o.insert("model", Value::Str("rewritten-later".into()));
        }
        out.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    out
}

/// A chain of lines of no kind, which no entry of the demo's lists applies to.
fn unrelated() -> Vec<u8> {
    let mut w = BookWriter::new();
    let mut out = Vec::new();
    for i in 0..3 {
        let mut o = canon::Object::new();
        o.insert("i", Value::Int((i as i64).into()));
        out.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    out
}

#[test]
fn the_page_and_the_cli_give_the_same_verdict_on_a_renamed_book() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("sealbook-verify-page-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).unwrap();
    sealbook_tests::demo_fixture::write(&dir.0).expect("the fixture league is written");
    let lists = lists(&dir.0);
    let original = std::fs::read(dir.0.join("council-book.jsonl")).unwrap();
    let cases: [(&str, Vec<u8>, bool); 4] = [
        ("council-book.jsonl", original.clone(), true),
        ("council-book (1).jsonl", original.clone(), true),
        ("copy of council-book.jsonl", rewrite(&original), false),
        ("other.jsonl", unrelated(), false),
    ];
    for (name, bytes, ok) in cases {
        std::fs::write(dir.0.join(name), &bytes).unwrap();
        let (code, j) = cli(&dir.0, name, &lists);
        let r = page(&dir.0, name, &lists);
        assert_eq!(code, if ok { 0 } else { 1 }, "{name}: {j}");
        assert_eq!(j["ok"], ok, "{name}: {j}");
        assert_eq!(r.verified(), ok, "{name}: the page's verdict: {r:?}");
        // The card's verdict agrees with the CLI's exit code: green for 0, red for 1.
        let o = Overall::of(&r);
        assert_eq!(
            o.state,
            if ok { State::Passed } else { State::Failed },
            "{name}: the card's verdict: {o:?}"
        );
        let book = &r.books[0];
        let page_stamps: Vec<Json> = book
            .stamps
            .iter()
            .map(|s| serde_json::to_value(s).unwrap())
            .collect();
        let cli_stamps = j["stamps"].as_array().unwrap();
        assert_eq!(page_stamps.len(), cli_stamps.len(), "{name}");
        for (p, c) in page_stamps.iter().zip(cli_stamps) {
            for field in [
                "list",
                "list_line",
                "ledger",
                "lines",
                "sha256_ok",
                "last_link_ok",
                "found_sha256",
                "message",
                "matched_by",
            ] {
                assert_eq!(p[field], c[field], "{name}: {field}");
            }
        }
        assert_eq!(
            serde_json::to_value(&r.unchecked_lists).unwrap(),
            j["unchecked_lists"],
            "{name}"
        );
        assert_eq!(
            (
                Json::from(book.unanchored_from),
                Json::from(book.unanchored_lines)
            ),
            (j["unanchored_from"].clone(), j["unanchored_lines"].clone()),
            "{name}"
        );
        if name == "other.jsonl" {
            assert_eq!(r.unchecked_lists.len(), lists.len());
            assert!(summary(&r).contains("checks nothing"), "{}", summary(&r));
        }
    }
}
