//! `sealbook fetch URL DIR` (Appendix B step 1) against a real `sealbook serve --data` of the
//! DEMO league on 127.0.0.1, then `sealbook verify DIR` on what it brought: whole; again
//! (nothing fetched twice, a damaged or removed local file fetched again); from a server whose
//! copy has one file changed and one removed (both named, exit 1, the changed one never
//! written); the retrieval record it writes beside the manifest (each file's size, SHA-256 and
//! retrieval time; spec Appendix C), recomputed by CPython and held by `verify DIR`. Hostile
//! servers (a fake on 127.0.0.1): a manifest with a path that leaves the directory, one
//! listing more than `--max-bytes`, a body longer than listed, an answer that is not a
//! manifest, and a symbolic link inside DIR: each refused, nothing written outside DIR.

use super::common;

use common::fake_http::{self, Answer};
use common::serve::Server;
use common::{arg, sealbook, sealbook_json};
use sealbook_core::calendar::Instant;
use sealbook_core::league::manifest::Manifest;
use sealbook_core::league::retrieval::Retrieval;
use std::path::Path;
use std::process::{Command, Stdio};

/// `sealbook demo --out` into `dir`.
fn demo_league(dir: &Path) {
    let (code, _, err) = sealbook(&["demo", "--out", arg(dir)]);
    assert_eq!(code, 0, "{err}");
}

/// `sealbook serve --data DIR` on a free port of 127.0.0.1.
fn serve(data: &Path) -> Server {
    let mut command = Command::new(common::bin());
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--data", arg(data)])
        .stderr(Stdio::null());
    common::serve::start(command, None)
}

fn manifest_url(s: &Server) -> String {
    format!("http://{}/data/manifest.json", s.addr)
}

/// `fetch --json`: (exit code, the document).
fn fetch(url: &str, dir: &Path, extra: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["fetch", url, arg(dir)];
    args.extend_from_slice(extra);
    sealbook_json(&args)
}

/// The files of `doc` whose outcome is `outcome`, by path.
fn with_outcome(doc: &serde_json::Value, outcome: &str) -> Vec<String> {
    doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["outcome"] == outcome)
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect()
}

fn listed(dir: &Path) -> Manifest {
    Manifest::parse(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

#[test]
fn a_served_league_is_brought_whole_verified_and_resumed() {
    let t = tempfile::tempdir().unwrap();
    let (served, got) = (t.path().join("served"), t.path().join("got"));
    demo_league(&served);
    let server = serve(&served);
    let url = manifest_url(&server);

    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 0, "{doc}");
    let m = listed(&served);
    assert_eq!(doc["fetched"], m.files.len(), "{doc}");
    assert_eq!(doc["kept"], 0);
    for f in &m.files {
        assert_eq!(
            std::fs::read(got.join(&f.path)).unwrap(),
            std::fs::read(served.join(&f.path)).unwrap(),
            "{}",
            f.path
        );
    }
    assert_eq!(
        std::fs::read(got.join("manifest.json")).unwrap(),
        std::fs::read(served.join("manifest.json")).unwrap()
    );
    // No part file is left behind.
    assert!(!got.join(".sealbook-fetch.part").exists());
    // The retrieval record beside the manifest: every listed file with its size, SHA-256 and
    // retrieval time, the manifest's address, SHA-256 and generation time.
    let first = retrieval(&got);
    assert_eq!(doc["retrieval"], "retrieval.json");
    assert_eq!(first.manifest_url, url);
    assert_eq!(first.generated_at, m.generated_at);
    assert!(first.generated_at.is_some());
    assert_eq!(first.league, m.league);
    assert_eq!(
        first
            .files
            .iter()
            .map(|f| (f.path.clone(), f.bytes, f.sha256.clone()))
            .collect::<Vec<_>>(),
        m.files
            .iter()
            .map(|f| (f.path.clone(), f.bytes, f.sha256.clone()))
            .collect::<Vec<_>>()
    );
    let at = |s: &str| Instant::parse_rfc3339(s).unwrap();
    for f in &first.files {
        assert!(
            at(&f.retrieved_at) >= at(&first.manifest_retrieved_at),
            "{f:?}"
        );
    }
    python_checks_the_record(&got);

    // Appendix B's remaining steps on what was brought.
    let root = got.join("tsa/demo-root.pem");
    let (code, out, err) = sealbook(&["verify", arg(&got), "--ca", arg(&root)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("verdict: PASSED"), "{out}");
    assert!(
        out.contains(&format!(
            "retrieval: {} files retrieved from {url}",
            m.files.len()
        )),
        "{out}"
    );
    // A recorded SHA-256 or size that does not match its file is a named failure.
    let record = std::fs::read_to_string(got.join("retrieval.json")).unwrap();
    let book = first
        .files
        .iter()
        .position(|f| f.path == "council-book.jsonl")
        .unwrap();
    let sha = &first.files[book].sha256;
    let other = format!(
        "{}{}",
        &sha[..63],
        if sha.ends_with('0') { '1' } else { '0' }
    );
    std::fs::write(
        got.join("retrieval.json"),
        record.replacen(sha.as_str(), &other, 1),
    )
    .unwrap();
    let (code, out, _) = sealbook(&["verify", arg(&got), "--ca", arg(&root)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "retrieval.json: files[{book}].sha256: council-book.jsonl has SHA-256 {sha}, the record states {other}"
        )),
        "{out}"
    );
    let size = format!("\"bytes\": {},", first.files[book].bytes);
    assert!(record.contains(&size));
    let grown = format!("\"bytes\": {},", first.files[book].bytes + 1);
    std::fs::write(
        got.join("retrieval.json"),
        record.replacen(&size, &grown, 1),
    )
    .unwrap();
    let (code, out, _) = sealbook(&["verify", arg(&got), "--ca", arg(&root)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "retrieval.json: files[{book}].bytes: council-book.jsonl has {} bytes, the record states {}",
            first.files[book].bytes,
            first.files[book].bytes + 1
        )),
        "{out}"
    );
    // Without a record, nothing is asked of it.
    std::fs::remove_file(got.join("retrieval.json")).unwrap();
    let (code, out, _) = sealbook(&["verify", arg(&got), "--ca", arg(&root)]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("retrieval:"), "{out}");
    std::fs::write(got.join("retrieval.json"), &record).unwrap();

    // Again: nothing is fetched twice.
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(
        (doc["fetched"].as_u64(), doc["bytes_fetched"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(doc["kept"], m.files.len());
    // Kept files keep the time they were first retrieved.
    let again = retrieval(&got);
    assert_eq!(again.files, first.files);

    // A damaged local copy and a removed one are fetched again; the rest is kept.
    let damaged = "council-book.jsonl";
    let mut bytes = std::fs::read(got.join(damaged)).unwrap();
    bytes[10] ^= 1;
    std::fs::write(got.join(damaged), bytes).unwrap();
    let removed = &m.files.last().unwrap().path;
    std::fs::remove_file(got.join(removed)).unwrap();
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 0, "{doc}");
    let mut again = with_outcome(&doc, "fetched");
    again.sort();
    let mut expected = vec![damaged.to_string(), removed.clone()];
    expected.sort();
    assert_eq!(again, expected);
    assert_eq!(
        std::fs::read(got.join(damaged)).unwrap(),
        std::fs::read(served.join(damaged)).unwrap()
    );
    // The files fetched again have a new retrieval time, the others their first.
    let third = retrieval(&got);
    for (a, b) in first.files.iter().zip(&third.files) {
        assert_eq!((&a.path, a.bytes, &a.sha256), (&b.path, b.bytes, &b.sha256));
        if expected.contains(&a.path) {
            assert!(
                at(&b.retrieved_at) >= at(&third.manifest_retrieved_at),
                "{b:?}"
            );
        } else {
            assert_eq!(a.retrieved_at, b.retrieved_at, "{}", a.path);
        }
    }
    python_checks_the_record(&got);
}

/// The retrieval record `fetch` wrote in `dir`, read with core's reader.
fn retrieval(dir: &Path) -> Retrieval {
    Retrieval::parse(&std::fs::read(dir.join("retrieval.json")).unwrap()).unwrap()
}

/// CPython reads `dir`'s retrieval record and recomputes with `hashlib` what it states: every
/// listed file of the stored manifest recorded once with its size and SHA-256, the manifest's
/// own SHA-256 and generation time, and a UTC time for each.
fn python_checks_the_record(dir: &Path) {
    const PEER: &str = r#"
import datetime, hashlib, json, os, sys
d = sys.argv[1]
raw = open(os.path.join(d, "manifest.json"), "rb").read()
m = json.loads(raw)
r = json.load(open(os.path.join(d, "retrieval.json"), encoding="utf-8"))
assert r["format"] == "sealbook-retrieval-1", r["format"]
assert r["manifest_sha256"] == hashlib.sha256(raw).hexdigest()
assert r["generated_at"] == m["generated_at"]
def utc(s):
    t = datetime.datetime.fromisoformat(s.replace("Z", "+00:00"))
    assert t.utcoffset() == datetime.timedelta(0), s
    return t
t0 = utc(r["manifest_retrieved_at"])
assert [f["path"] for f in r["files"]] == [f["path"] for f in m["files"]]
for f, l in zip(r["files"], m["files"]):
    b = open(os.path.join(d, f["path"]), "rb").read()
    assert f["bytes"] == len(b) == l["bytes"], f["path"]
    assert f["sha256"] == hashlib.sha256(b).hexdigest() == l["sha256"], f["path"]
    utc(f["retrieved_at"])
print("ok", len(r["files"]))
"#;
    let out = sealbook_tests::python_inline(PEER)
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the CPython peer: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok "));
}

#[test]
fn a_changed_or_missing_file_is_named_and_the_changed_one_never_written() {
    let t = tempfile::tempdir().unwrap();
    let (served, got) = (t.path().join("served"), t.path().join("got"));
    demo_league(&served);
    // The server's copy: one byte of the stats document changed (size kept), a stamped list
    // removed; the manifest still lists both as published.
    let changed = "council-stats.json";
    let mut bytes = std::fs::read(served.join(changed)).unwrap();
    let at = bytes.iter().position(|b| b.is_ascii_digit()).unwrap();
    bytes[at] = if bytes[at] == b'9' {
        b'8'
    } else {
        bytes[at] + 1
    };
    std::fs::write(served.join(changed), &bytes).unwrap();
    let m = listed(&served);
    let removed = m
        .files
        .iter()
        .find(|f| f.path.starts_with("proof/") && f.path.ends_with("Z.txt"))
        .unwrap()
        .path
        .clone();
    std::fs::remove_file(served.join(&removed)).unwrap();
    let server = serve(&served);

    let (code, doc) = fetch(&manifest_url(&server), &got, &[]);
    assert_eq!(code, 1, "{doc}");
    let mut failed = with_outcome(&doc, "failed");
    failed.sort();
    let mut expected = vec![changed.to_string(), removed.clone()];
    expected.sort();
    assert_eq!(failed, expected, "{doc}");
    let problems: Vec<&str> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["problem"].as_str())
        .collect();
    let sha = sealbook_core::hex::sha256_hex(&bytes);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("council-stats.json: SHA-256 ") && p.contains(&sha)),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with(&format!(
            "{removed}: listed in manifest.json but missing (HTTP 404"
        ))),
        "{problems:?}"
    );
    assert!(
        !got.join(changed).exists(),
        "a file that differs is never written"
    );
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["fetched"], m.files.len() - 2);

    // The human form names them too.
    let (code, out, _) = sealbook(&["fetch", &manifest_url(&server), arg(&got)]);
    assert_eq!(code, 1);
    assert!(
        out.contains(&format!("FAILED: {changed}: SHA-256 ")),
        "{out}"
    );

    // And verify DIR on what was brought fails, naming the file it lacks.
    let (code, out, _) = sealbook(&["verify", arg(&got)]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(changed), "{out}");
}

/// A fake server answering `/l/manifest.json` with `manifest` and `/l/<path>` from `files`.
fn hostile(manifest: Vec<u8>, files: Vec<(&'static str, Vec<u8>)>) -> String {
    let url = fake_http::start(move |r| {
        if r.path == "/l/manifest.json" {
            return Answer::json(200, manifest.clone());
        }
        match files.iter().find(|(p, _)| format!("/l/{p}") == r.path) {
            Some((_, body)) => Answer::new(200, "application/octet-stream", body.clone()),
            None => Answer::new(404, "text/plain", b"no".to_vec()),
        }
    });
    format!("{url}/l/manifest.json")
}

fn manifest_json(files: &[(&str, u64, &str)]) -> Vec<u8> {
    let files: Vec<serde_json::Value> = files
        .iter()
        .map(|(p, b, h)| serde_json::json!({"path": p, "bytes": b, "sha256": h}))
        .collect();
    serde_json::to_vec(&serde_json::json!({
        "format": "sealbook-manifest-1", "league": "hostile", "methodology_version": "m",
        "generator": "x", "files": files,
    }))
    .unwrap()
}

fn sha(b: &[u8]) -> String {
    sealbook_core::hex::sha256_hex(b)
}

#[test]
fn hostile_manifests_and_servers_are_refused_and_nothing_leaves_the_directory() {
    let t = tempfile::tempdir().unwrap();
    let got = t.path().join("got");

    // A path that leaves the directory: the whole manifest is refused, naming the field.
    let url = hostile(manifest_json(&[("../escape.txt", 1, &sha(b"x"))]), vec![]);
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 2, "{doc}");
    assert_eq!(doc["error"]["field"], "files[0].path", "{doc}");
    assert!(!t.path().join("escape.txt").exists());

    // More than --max-bytes listed: refused before a byte is fetched.
    let url = hostile(
        manifest_json(&[("big.bin", 1 << 40, &sha(b""))]),
        vec![("big.bin", vec![0; 16])],
    );
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 2, "{doc}");
    assert_eq!(doc["error"]["field"], "--max-bytes", "{doc}");
    assert!(!got.join("big.bin").exists());

    // A body longer than listed: read no further than one byte past the listing, not written.
    let url = hostile(
        manifest_json(&[("a.txt", 3, &sha(b"abc"))]),
        vec![("a.txt", vec![b'a'; 1 << 20])],
    );
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(
        doc["files"][0]["problem"], "a.txt: 4 bytes, manifest.json lists 3",
        "{doc}"
    );
    assert!(!got.join("a.txt").exists());

    // An answer that is not a manifest.
    let url = hostile(b"<html>hello</html>".to_vec(), vec![]);
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 2, "{doc}");
    assert!(
        doc["error"]["message"].as_str().unwrap().contains(&url),
        "{doc}"
    );

    // Not an HTTP(S) address.
    let (code, doc) = fetch("file:///etc/manifest.json", &got, &[]);
    assert_eq!(
        (code, &doc["error"]["field"]),
        (2, &serde_json::json!("URL"))
    );

    // A symbolic link inside DIR where a listed folder goes: not written through.
    let outside = t.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&got).unwrap();
    std::os::unix::fs::symlink(&outside, got.join("proof")).unwrap();
    let url = hostile(
        manifest_json(&[("a.txt", 3, &sha(b"abc")), ("proof/x.txt", 1, &sha(b"x"))]),
        vec![("a.txt", b"abc".to_vec()), ("proof/x.txt", b"x".to_vec())],
    );
    let (code, doc) = fetch(&url, &got, &[]);
    assert_eq!(code, 2, "{doc}");
    assert_eq!(with_outcome(&doc, "fetched"), ["a.txt"]);
    assert_eq!(with_outcome(&doc, "not_written"), ["proof/x.txt"]);
    assert!(!outside.join("x.txt").exists());
    assert_eq!(std::fs::read(got.join("a.txt")).unwrap(), b"abc");
}
