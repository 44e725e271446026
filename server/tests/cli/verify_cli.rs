//! `sealbook verify` end to end: every tampering kind is caught and located (line and check)
//! in both the text and the `--json` output with the right exit code; unusable input exits 2
//! naming the file (and line); the demo book passes the spec's own Appendix B step 4 script.

use super::common;

use common::{demo, join, lines, sealbook, stamp_lists};
use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::writer::BookWriter;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

struct Case {
    _dir: tempfile::TempDir,
    book: PathBuf,
    lists: Vec<PathBuf>,
}

/// The demo league with its book replaced by `tamper(lines)` (kept under its published name,
/// so the stamped lists' `daily/council/book.jsonl` entries apply to it).
fn case(tamper: impl FnOnce(&mut Vec<Vec<u8>>)) -> Case {
    let dir = demo();
    let book = dir.path().join("council-book.jsonl");
    let mut l = lines(&std::fs::read(&book).unwrap());
    tamper(&mut l);
    std::fs::write(&book, join(&l)).unwrap();
    let lists = stamp_lists(dir.path());
    Case {
        _dir: dir,
        book,
        lists,
    }
}

fn args(c: &Case, json: bool) -> Vec<String> {
    let mut a = vec!["verify".to_string(), c.book.display().to_string()];
    for l in &c.lists {
        a.push("--stamp".into());
        a.push(l.display().to_string());
    }
    if json {
        a.push("--json".into());
    }
    a
}

/// Runs verify on `c` both ways; returns (text, json) after checking both exit with `code`.
fn verify(c: &Case, code: i32) -> (String, Json) {
    let (tc, text, terr) = sealbook(&args(c, false));
    assert_eq!(tc, code, "text exit code; stdout:\n{text}\nstderr:\n{terr}");
    let (jc, json, jerr) = sealbook(&args(c, true));
    assert_eq!(jc, code, "json exit code; stdout:\n{json}\nstderr:\n{jerr}");
    assert_eq!(
        json.lines().count(),
        1,
        "--json prints exactly one line: {json}"
    );
    (
        text,
        serde_json::from_str(&json).expect("--json prints JSON"),
    )
}

fn first_problem(j: &Json) -> (u64, &str) {
    let p = &j["problems"][0];
    (p["line"].as_u64().unwrap(), p["check"].as_str().unwrap())
}

fn edit_field(line: &[u8], field: &str, f: impl FnOnce(&str) -> String) -> Vec<u8> {
    let mut v: Json = serde_json::from_slice(line).unwrap();
    let old = v[field].as_str().unwrap().to_string();
    v[field] = Json::String(f(&old));
    // Python's separators, so only the edited field differs.
    let text = serde_json::to_string(&v).unwrap();
    let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
        panic!()
    };
    let mut b = canon::to_bytes(&Value::Object(o), canon::DumpOptions::SEAL).unwrap();
    b.retain(|c| *c != b'\n');
    b
}

#[test]
fn demo_book_and_its_stamps_verify() {
    let c = case(|_| {});
    let (text, j) = verify(&c, 0);
    assert!(text.starts_with("chain ok: 21 lines\n"), "{text}");
    assert_eq!(j["ok"], true);
    assert_eq!(j["lines"], 21);
    assert_eq!(j["first_bad_line"], Json::Null);
    assert_eq!(j["partial_tail"], false);
    let stamps = j["stamps"].as_array().unwrap();
    assert_eq!(stamps.len(), 6, "one book entry per list");
    for s in stamps {
        assert_eq!(
            (s["sha256_ok"].as_bool(), s["last_link_ok"].as_bool()),
            (Some(true), Some(true)),
            "{s}"
        );
        assert_eq!(s["ledger"], "daily/council/book.jsonl");
    }
    // The asks ledger entries are shown, not checked against this book.
    let others = j["not_checked"].as_array().unwrap();
    assert_eq!(others.len(), 6);
    assert!(others
        .iter()
        .all(|o| o["ledger"] == "daily/council/asks.jsonl"));
    assert_eq!(text.matches("sha256 ok, last link ok").count(), 6, "{text}");
}

#[test]
fn deleted_line_is_located() {
    let c = case(|l| {
        l.remove(6);
    });
    let (text, j) = verify(&c, 1);
    assert!(text.starts_with("chain BROKEN at line 7: n - "), "{text}");
    assert_eq!(j["ok"], false);
    assert_eq!(j["first_bad_line"], 7);
    assert_eq!(first_problem(&j), (7, "n"));
    assert!(j["problems"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["line"] == 7 && p["check"] == "prev"));
}

#[test]
fn swapped_pair_is_located() {
    let c = case(|l| l.swap(7, 8));
    let (text, j) = verify(&c, 1);
    assert!(text.starts_with("chain BROKEN at line 8: n - "), "{text}");
    assert_eq!(j["first_bad_line"], 8);
    assert_eq!(first_problem(&j), (8, "n"));
}

#[test]
fn edited_value_is_located() {
    let c = case(|l| {
        let edited =
            String::from_utf8(l[2].clone())
                .unwrap()
                .replacen("\"prob_up\": ", "\"prob_up\": 1", 1);
        l[2] = edited.into_bytes();
    });
    let (text, j) = verify(&c, 1);
    assert!(
        text.starts_with("chain BROKEN at line 3: seal - "),
        "{text}"
    );
    assert_eq!(first_problem(&j), (3, "seal"));
    let p = &j["problems"][0];
    assert_ne!(p["expected"], p["found"]);
    assert!(
        p["expected"].as_str().unwrap().len() == 64 && p["found"].as_str().unwrap().len() == 64
    );
    // Every stamp covering line 3 no longer matches.
    for s in j["stamps"].as_array().unwrap() {
        assert_eq!(s["sha256_ok"], false, "{s}");
    }
}

#[test]
fn edited_seal_is_located() {
    let c = case(|l| {
        l[3] = edit_field(&l[3], "seal", |s| s.chars().rev().collect());
    });
    let (text, j) = verify(&c, 1);
    assert!(
        text.starts_with("chain BROKEN at line 4: seal - "),
        "{text}"
    );
    assert_eq!(first_problem(&j), (4, "seal"));
    assert_eq!(j["first_bad_line"], 4);
}

/// The operator rewrites line 2 and re-seals the whole book: the chain is whole again, but
/// every stamp covering line 2 shows the prefix was rewritten, located by list and list line.
#[test]
fn rewritten_stamped_prefix_is_caught() {
    let c = case(|l| {
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
    });
    let (text, j) = verify(&c, 1);
    assert!(text.starts_with("chain ok: 21 lines\n"), "{text}");
    assert_eq!(
        j["ok"], false,
        "a failed stamp fails the whole verification"
    );
    assert_eq!(j["chain_ok"], true);
    assert_eq!(j["first_bad_line"], Json::Null);
    let stamps = j["stamps"].as_array().unwrap();
    assert_eq!(stamps.len(), 6);
    for s in stamps {
        assert_eq!(s["sha256_ok"], false, "{s}");
        assert_eq!(s["last_link_ok"], false, "{s}");
        assert_eq!(
            s["list_line"], 2,
            "the book entry is the list's second line"
        );
        assert_ne!(s["expected_sha256"], s["found_sha256"]);
        let list = s["list"].as_str().unwrap();
        assert!(
            text.contains(&format!("stamp {list}:2: daily/council/book.jsonl")),
            "{text}"
        );
    }
    assert_eq!(
        text.matches("sha256 MISMATCH, last link MISMATCH").count(),
        6,
        "{text}"
    );
}

#[test]
fn partial_tail_alone_is_not_a_failure() {
    let c = case(|_| {});
    let mut b = std::fs::read(&c.book).unwrap();
    b.extend_from_slice(b"{\"kind\": \"answer\", \"n\": 22");
    std::fs::write(&c.book, b).unwrap();
    let (text, j) = verify(&c, 0);
    assert!(text.contains("partial tail: 26 bytes"), "{text}");
    assert_eq!(j["partial_tail"], true);
    assert_eq!(j["lines"], 21);
    assert_eq!(j["ok"], true);
}

#[test]
fn missing_book_is_unusable_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-book.jsonl");
    let (code, _, err) = sealbook(&["verify", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-book.jsonl"), "{err}");
    let (code, out, _) = sealbook(&["verify", missing.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    let j: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(j["ok"], false);
    assert!(
        j["error"]["file"]
            .as_str()
            .unwrap()
            .ends_with("no-such-book.jsonl"),
        "{j}"
    );
}

#[test]
fn malformed_stamped_list_is_unusable_and_located() {
    let c = case(|_| {});
    let list = &c.lists[0];
    let text = std::fs::read_to_string(list)
        .unwrap()
        .replacen(", sha256 ", ", sha256 zz", 1);
    std::fs::write(list, text).unwrap();
    let (code, out, err) = sealbook(&[
        "verify",
        c.book.to_str().unwrap(),
        "--stamp",
        list.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains(&format!("{}:2:", list.display())),
        "names the list file and line: {err}"
    );
    let (code, out, _) = sealbook(&[
        "verify",
        c.book.to_str().unwrap(),
        "--stamp",
        list.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 2);
    let j: Json = serde_json::from_str(&out).unwrap();
    assert_eq!(j["error"]["file"], list.display().to_string());
    assert_eq!(j["error"]["line"], 2);
    assert!(
        j["error"]["message"].as_str().unwrap().contains("sha256"),
        "{j}"
    );
}

#[test]
fn missing_stamped_list_and_bad_arguments_are_unusable() {
    let c = case(|_| {});
    let (code, _, err) = sealbook(&[
        "verify",
        c.book.to_str().unwrap(),
        "--stamp",
        "/nonexistent/x.txt",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/x.txt"), "{err}");
    // A directory is a league (`verify DIR`, verify_dir_cli.rs): one without its book is
    // unusable.
    let empty = tempfile::tempdir().unwrap();
    let (code, _, err) = sealbook(&["verify", empty.path().to_str().unwrap()]);
    assert_eq!(code, 2, "a directory without a book is not a league");
    assert!(err.contains("no council book"), "{err}");
    assert_eq!(sealbook(&["verify"]).0, 2, "no book given");
    assert_eq!(sealbook(&["verify", "a", "--no-such-flag"]).0, 2);
    assert_eq!(sealbook(&["no-such-command"]).0, 2);
    let (code, out, _) = sealbook(&["verify", "--json"]);
    assert_eq!(code, 2);
    let j: Json = serde_json::from_str(&out).expect("a usage error with --json is JSON");
    assert!(
        j["error"]["message"].as_str().unwrap().contains("<BOOK>"),
        "{j}"
    );
}

/// The spec's own Appendix B step 4 script (CPython, stdlib only) accepts the demo book and
/// rejects an edited one, agreeing with `sealbook verify`.
#[test]
fn appendix_b_step4_script_agrees() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/py/appendix_b_step4.py");
    let run = |c: &Case| {
        std::process::Command::new("python3")
            .arg("-I")
            .arg(&script)
            .current_dir(c.book.parent().unwrap())
            .output()
            .expect("python3 runs")
    };
    let good = run(&case(|_| {}));
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&good.stdout),
        "chain ok: 21 lines\n"
    );
    let bad = run(&case(|l| l.swap(7, 8)));
    assert!(
        !bad.status.success(),
        "the script must reject a swapped pair"
    );
    assert!(String::from_utf8_lossy(&bad.stderr).contains("AssertionError"));
}
