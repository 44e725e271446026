//! `sealbook verify DIR`: every Appendix B step a published league allows, one verdict and
//! the level, on the DEMO league as `sealbook demo --out` publishes it: whole (exit 0 at Level
//! 2+ with its DEMO root chosen; exit 2 without it, the tokens unchecked), then copies with one
//! change each (a book line, a stamped list, the accounts summary of `council-league.json`, a
//! field of `council-stats.json`, a file's size against `manifest.json`, a listed file
//! removed), each exit 1 naming the file and the field; a directory that is not a league is
//! exit 2. `sealbook replay` catches the changed accounts summary too.

use super::common;

use common::{arg, sealbook, sealbook_json};
use sealbook_core::league::manifest::Manifest;
use sealbook_core::score::baselines::ClimatologyTable;
use std::path::Path;

/// Copies the directory `from` to `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Lists `path`'s new size and SHA-256 in the copy's `manifest.json`, as a publisher that
/// changed the file on purpose would: the manifest check then holds, and only the recount can
/// catch the change.
fn relist(dir: &Path, path: &str) {
    let bytes = std::fs::read(dir.join(path)).unwrap();
    let mut m = Manifest::parse(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let f = m.files.iter_mut().find(|f| f.path == path).unwrap();
    f.bytes = bytes.len() as u64;
    f.sha256 = sealbook_core::hex::sha256_hex(&bytes);
    std::fs::write(dir.join("manifest.json"), m.to_bytes()).unwrap();
}

/// Replaces the first `from` in the file at `path` with `to`.
fn edit(dir: &Path, path: &str, from: &str, to: &str) {
    let p = dir.join(path);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(from), "{path} holds {from}");
    std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
}

/// Runs `verify DIR` with the DEMO root chosen: (exit code, stdout).
fn verify(dir: &Path) -> (i32, String) {
    let root = dir.join("tsa/demo-root.pem");
    let (code, out, err) = sealbook(&["verify", arg(dir), "--ca", arg(&root)]);
    assert!(err.is_empty() || code == 2, "{err}");
    (code, out)
}

/// The first equity of `council-league.json`'s accounts summary, as written.
fn first_equity(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("council-league.json")).unwrap();
    let at = text.find("\"equity\": ").unwrap() + "\"equity\": ".len();
    let end = at + text[at..].find([',', '\n']).unwrap();
    text[at..end].to_string()
}

#[test]
fn a_whole_league_then_each_change_named_by_file_and_field() {
    let t = tempfile::tempdir().unwrap();
    let demo = t.path().join("demo");
    let (code, _, err) = sealbook(&["demo", "--out", arg(&demo)]);
    assert_eq!(code, 0, "{err}");

    // Every file an ask text tells the seats is published is listed (spec §3.1: the answer's
    // schema among them).
    let m = Manifest::parse(&std::fs::read(demo.join("manifest.json")).unwrap()).unwrap();
    let mut named = 0;
    for ask in m.files.iter().filter(|f| f.path.starts_with("asks/")) {
        let text = std::fs::read_to_string(demo.join(&ask.path)).unwrap();
        for (at, _) in text.match_indices("is published as ") {
            let rest = &text[at + "is published as ".len()..];
            let name = &rest[..rest.find([')', ' ', '\n']).unwrap()];
            assert!(m.file(name).is_some(), "{}: {name} is not listed", ask.path);
            named += 1;
        }
    }
    assert!(named > 0, "the DEMO's asks name the answer's schema");

    // Whole, with the DEMO root chosen: every check passes at Level 2+.
    let (code, out) = verify(&demo);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("verdict: PASSED; the files reach Level 2+"),
        "{out}"
    );
    assert!(
        out.contains("manifest: 838 of 838 listed files as listed")
            || out.contains("listed files as listed"),
        "{out}"
    );
    assert!(
        out.contains("summary of council-league.json:") && out.contains("as recounted"),
        "{out}"
    );
    assert!(
        out.contains("recounted from the book: council-forecasts.csv, council-stats.json"),
        "{out}"
    );
    let root = demo.join("tsa/demo-root.pem");
    let (code, v) = sealbook_json(&["verify", arg(&demo), "--ca", arg(&root)]);
    assert_eq!(code, 0);
    assert_eq!(v["ok"], true, "{}", v["verdict"]);
    assert_eq!(v["level"], "Level 2+");
    assert_eq!(v["verdict"]["state"], "passed");
    assert_eq!(v["league"]["failures"].as_array().unwrap().len(), 0);
    // The climatology table is the one the declaration sealed before the season.
    assert_eq!(
        v["league"]["climatology"]["state"], "held",
        "{}",
        v["league"]
    );
    assert!(
        out.contains(
            "climatology: council-clim-window.json is the table sealed in the declaration"
        ),
        "{out}"
    );
    assert!(v["league"]["manifest"]["files"].as_array().unwrap().len() > 800);
    // The answers' document is the same but for the league's checks.
    let (code, answers) = sealbook_json(&["verify", arg(&demo), "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 0);
    assert!(answers.get("league").is_none());
    assert_eq!(answers["answers"], v["answers"]);
    // The verdict is the session's (the page's, which tests/e2e/report.test.mjs holds to
    // --answers --json field for field) when the league's own checks pass.
    assert_eq!(answers["verdict"], v["verdict"]);
    assert_eq!(answers["level"], v["level"]);
    assert_eq!(answers["files"], v["files"]);
    // The answers' document holds the table to its seal too, and says so.
    assert_eq!(answers["climatology"], v["league"]["climatology"]);

    // Without the root: nothing failed, the tokens could not be checked: exit 2.
    let (code, out, _) = sealbook(&["verify", arg(&demo)]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("verdict: NOT FULLY CHECKED; the files reach Level 1"),
        "{out}"
    );
    assert!(out.contains("give it with --ca"), "{out}");

    let changed = |name: &str, change: &dyn Fn(&Path)| {
        let dir = t.path().join(name);
        copy_dir(&demo, &dir);
        change(&dir);
        verify(&dir)
    };

    // A book line re-chained or not: the chain breaks at that line, and the manifest's hash.
    let (code, out) = changed("book", &|d| {
        edit(d, "council-book.jsonl", "\"prob_up\": 5", "\"prob_up\": 6");
        relist(d, "council-book.jsonl");
    });
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("verdict: FAILED"), "{out}");
    assert!(
        out.contains("council-book.jsonl") && out.contains("line "),
        "{out}"
    );

    // A stamped list's prefix hash: the list no longer matches the book.
    let list = "proof/2026-10-21/130000Z.txt";
    let (code, out) = changed("list", &|d| {
        let text = std::fs::read_to_string(d.join(list)).unwrap();
        let at = text.find("sha256 ").unwrap() + "sha256 ".len();
        let c = &text[at..at + 1];
        let other = if c == "0" { "1" } else { "0" };
        let changed = format!("{}{other}{}", &text[..at], &text[at + 1..]);
        std::fs::write(d.join(list), changed).unwrap();
        relist(d, list);
    });
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(list), "{out}");

    // The accounts summary: an equity raised by 1.00.
    let (code, out) = changed("summary", &|d| {
        let e = first_equity(d);
        let raised = format!("{:.2}", e.parse::<f64>().unwrap() + 1.0);
        edit(
            d,
            "council-league.json",
            &format!("\"equity\": {e}"),
            &format!("\"equity\": {raised}"),
        );
        relist(d, "council-league.json");
    });
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED: council-league.json: field accounts.accounts[")
            && out.contains("].equity: published "),
        "{out}"
    );
    // replay catches it too.
    let (code, out, _) = sealbook(&["replay", arg(&t.path().join("summary"))]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("summary: DIFFERENT: council-league.json: field accounts.accounts["),
        "{out}"
    );

    // A field of the stats document.
    let (code, out) = changed("stats", &|d| {
        edit(d, "council-stats.json", "\"brier\":0.2", "\"brier\":0.3");
        relist(d, "council-stats.json");
    });
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED: council-stats.json: field seats."),
        "{out}"
    );
    assert!(out.contains(".brier: published 0.3"), "{out}");

    // The climatology table edited after sealing, its own sha256 restated and the file
    // relisted: the declaration's sealed hash no longer holds.
    let (code, out) = changed("clim", &|d| {
        let p = d.join("council-clim-window.json");
        let text = std::fs::read_to_string(&p).unwrap();
        let t = ClimatologyTable::parse(text.as_bytes()).unwrap();
        let at = text.find("\"p_up\": 0.").unwrap() + "\"p_up\": 0.".len();
        let digit = text.as_bytes()[at] - b'0';
        let edited = format!("{}{}{}", &text[..at], (digit + 1) % 10, &text[at + 1..]);
        let t2 = ClimatologyTable::parse(edited.as_bytes()).unwrap();
        assert_ne!(t.sha256, t2.sha256);
        std::fs::write(&p, edited.replace(&t.sha256, &t2.sha256)).unwrap();
        relist(d, "council-clim-window.json");
    });
    assert_eq!(code, 1, "{out}");
    let clim_lines: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("council-clim-window.json: sha256: the table's content hashes to "))
        .collect();
    assert_eq!(clim_lines.len(), 1, "{out}");
    assert!(
        clim_lines[0].starts_with("NOT VERIFIED: ")
            && clim_lines[0].contains("the climatology_sha256 sealed in asks.jsonl line 1"),
        "{out}"
    );
    assert!(
        out.contains("climatology: council-clim-window.json is NOT the table sealed"),
        "{out}"
    );
    // --answers holds the table to its seal too.
    let clim = t.path().join("clim");
    let root = clim.join("tsa/demo-root.pem");
    let (code, out, _) = sealbook(&["verify", arg(&clim), "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED: council-clim-window.json: sha256: the table's content hashes to "),
        "{out}"
    );
    // ... and its document says what its exit code says, naming the file and the field.
    let (code, doc) = sealbook_json(&["verify", arg(&clim), "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(doc["ok"], false, "{}", doc["file_problems"]);
    assert_eq!(
        doc["climatology"]["state"], "differs",
        "{}",
        doc["climatology"]
    );
    let problems: Vec<&str> = doc["file_problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    assert!(
        problems.iter().any(|p| p
            .starts_with("council-clim-window.json: sha256: the table's content hashes to ")
            && p.contains("the climatology_sha256 sealed in asks.jsonl line 1")),
        "{problems:?}"
    );
    // The whole league's document says it once: the session's problem, not the league's.
    let (code, whole) = sealbook_json(&["verify", arg(&clim), "--ca", arg(&root)]);
    assert_eq!(code, 1);
    let named = |v: &serde_json::Value| {
        v.as_array()
            .unwrap()
            .iter()
            .filter(|p| {
                p.as_str()
                    .unwrap_or("")
                    .starts_with("council-clim-window.json")
            })
            .count()
    };
    assert_eq!(
        named(&whole["file_problems"]),
        1,
        "{}",
        whole["file_problems"]
    );
    assert_eq!(
        named(&whole["league"]["failures"]),
        0,
        "{}",
        whole["league"]["failures"]
    );
    assert_eq!(whole["league"]["climatology"]["state"], "differs");

    // A file's size is not the listed one, and a listed file removed.
    let (code, out) = changed("size", &|d| {
        let mut b = std::fs::read(d.join("DEMO.txt")).unwrap();
        b.push(b'\n');
        std::fs::write(d.join("DEMO.txt"), b).unwrap();
        std::fs::remove_file(d.join("event-contract.schema.json")).unwrap();
    });
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED: DEMO.txt: ") && out.contains("manifest.json lists"),
        "{out}"
    );
    assert!(
        out.contains("FAILED: event-contract.schema.json: listed in manifest.json but missing"),
        "{out}"
    );
}

#[test]
fn a_directory_that_is_not_a_league_is_unusable() {
    let t = tempfile::tempdir().unwrap();
    std::fs::write(t.path().join("notes.txt"), "not a league\n").unwrap();
    let (code, _, err) = sealbook(&["verify", arg(t.path())]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("council-book.jsonl") && err.contains("no council book"),
        "{err}"
    );
    let gone = t.path().join("gone");
    let (code, _, err) = sealbook(&["verify", arg(&gone)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("gone"), "{err}");
    // A book file keeps its own command; the league's options do not apply to it.
    std::fs::write(t.path().join("book.jsonl"), "").unwrap();
    let (code, _, err) = sealbook(&["verify", arg(&t.path().join("book.jsonl")), "--ca", "x.pem"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("take a league directory"), "{err}");
}
