//! `sealbook verify --threads N`: the book is cut into ranges of whole lines verified on
//! several threads and joined; the text and `--json` reports and the exit code are those of
//! `--threads 1`, byte for byte, for clean and damaged books, with breaks exactly at the
//! range boundaries the command cuts at (the first line start at or after `len * i / ranges`,
//! ranges of at least 1 MiB) and with stamped prefixes.

use super::common;

use common::sealbook;
use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::chain::{self, VerifyOptions};
use sealbook_core::book::writer::BookWriter;
use std::path::Path;

/// About 3.3 MB of sealed answer-like lines.
fn book() -> Vec<u8> {
    let mut w = BookWriter::new();
    let mut out = Vec::new();
    let reason = "é, 価格 \\\"quoted\\\" ".repeat(40);
    for i in 0..3000 {
        let text = format!(
            r#"{{"kind": "answer", "seat": "s{}", "p": {}, "reason": "{reason}{i}"}}"#,
            i % 11,
            i as f64 / 13.0
        );
        let Ok(Value::Object(o)) = canon::parse(text.as_bytes()) else {
            panic!("test line is an object")
        };
        out.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    out
}

/// Byte offsets of the line starts `verify --threads` cuts `book` at, for `ranges` ranges.
fn boundaries(book: &[u8], ranges: usize) -> Vec<usize> {
    (1..ranges)
        .map(|i| chain::line_start(book, book.len() * i / ranges))
        .collect()
}

/// The line starting at byte `at`, replaced by `f(line)` of the same length.
fn replace_line(book: &mut [u8], at: usize, f: impl Fn(&str) -> String) {
    let end = at + book[at..].iter().position(|&b| b == b'\n').unwrap();
    let new = f(std::str::from_utf8(&book[at..end]).unwrap());
    assert_eq!(new.len(), end - at, "same length keeps the boundaries");
    book[at..end].copy_from_slice(new.as_bytes());
}

/// A stamped list with one right and one wrong entry for the book.
fn list(dir: &Path, book: &[u8]) -> String {
    let r = chain::verify(
        book,
        VerifyOptions {
            prefix_at: vec![1234, 2500],
            ..Default::default()
        },
    );
    let entry = |n: u64, sha: &str| {
        let p = r.prefix(n).unwrap();
        let link = p.last_link.clone().unwrap_or_default();
        format!("book.jsonl: {n} lines, sha256 {sha}, last link {link}\n")
    };
    let text = entry(1234, &r.prefix(1234).unwrap().sha256) + &entry(2500, &"0".repeat(64));
    let path = dir.join("stamp.txt");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_thread_count_gives_the_one_thread_report() {
    let t = tempfile::tempdir().unwrap();
    let clean = book();
    assert!(clean.len() > 3 << 20);
    let mut variants = vec![("clean", clean.clone())];
    for ranges in [2, 3] {
        let cuts = boundaries(&clean, ranges);
        let mut b = clean.clone();
        // An unreadable line first in the last range, an n that is not an integer first in
        // the one before (both leave the state after them unknown to their range), a wrong
        // n first in the first cut's range.
        replace_line(&mut b, cuts[cuts.len() - 1], |l| {
            format!("{{not json{}", &l[9..])
        });
        if cuts.len() > 1 {
            replace_line(&mut b, cuts[cuts.len() - 2], |l| {
                l.replacen("\"n\": ", "\"n\": \"", 1)
                    .replacen(", ", "\", ", 1)[..l.len()]
                    .to_string()
            });
        }
        replace_line(&mut b, cuts[0], |l| {
            let at = l.find("\"n\": ").unwrap() + 5;
            let digit = if &l[at..at + 1] == "9" { "8" } else { "9" };
            format!("{}{digit}{}", &l[..at], &l[at + 1..])
        });
        variants.push(("damaged at the boundaries", b));
    }
    let mut deleted = clean.clone();
    let cut = boundaries(&clean, 2)[0];
    let end = cut + deleted[cut..].iter().position(|&b| b == b'\n').unwrap() + 1;
    deleted.drain(cut..end);
    deleted.extend_from_slice(b"{\"n\": 3000, \"partial");
    variants.push(("deleted line at the cut, partial tail", deleted));

    for (what, b) in variants {
        let path = t.path().join("book.jsonl");
        std::fs::write(&path, &b).unwrap();
        let stamp = list(t.path(), &b);
        let p = path.display().to_string();
        for json in [false, true] {
            let mut args = vec!["verify", &p, "--stamp", &stamp];
            if json {
                args.push("--json");
            }
            let one = sealbook(&[args.clone(), vec!["--threads", "1"]].concat());
            assert_eq!(one.2, "", "{what}");
            assert_eq!(one.0, 1, "the wrong stamp entry fails: {what}");
            if !json {
                let chain = if what == "clean" {
                    "chain ok"
                } else {
                    "chain BROKEN"
                };
                assert!(one.1.starts_with(chain), "{what}: {}", one.1);
            }
            for n in ["2", "3", "8"] {
                let many = sealbook(&[args.clone(), vec!["--threads", n]].concat());
                assert_eq!(many, one, "{what}, --threads {n}, json {json}");
            }
            // The default (every core) too.
            assert_eq!(sealbook(&args), one, "{what}, default threads");
        }
    }
}

#[test]
fn zero_threads_is_unusable() {
    let (code, _, err) = sealbook(&["verify", "x.jsonl", "--threads", "0"]);
    assert_eq!(code, 2, "{err}");
}
