//! `sealbook serve --data DIR` serves the published set and nothing else (spec Appendix C), over
//! real sockets on 127.0.0.1: on the fixture league published by `sealbook league publish`,
//! with the operator's files beside it (a PEM private key, a `league.toml` holding a database
//! URL with its password, a copy of the experiment database under another name, a lock file,
//! a symlink named like a published file pointing at `league.toml`, the raw replies of a run
//! whose session has not closed), every manifest-listed file is 200 with its listed SHA-256,
//! everything else is 404 and absent from every listing, and a file published while the
//! server runs is served once the manifest lists it. A folder without a manifest is refused
//! unless `--serve-unlisted` is given, which still refuses the private files by name and by
//! content.

use super::common;

use common::serve::Server;
use common::{arg, bin, demo, sealbook};
use sealbook_core::league::manifest::Manifest;
use sealbook_core::records::book_lines::BookLines;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const PASSWORD: &str = "hunter2-db-password";
const KEY_BODY: &str = "MC4CAQAwBQYDK2VwBCIEIPRIVATEKEYBYTESOFTHEOPERATOR";
const OPEN_REPLY: &str = "raw reply of a session still open";

fn start(args: &[&str]) -> Server {
    let mut command = Command::new(bin());
    command
        .arg("serve")
        .args(["--addr", "127.0.0.1:0"])
        .args(args)
        .stderr(Stdio::inherit());
    common::serve::start(command, None)
}

/// GET `target` (with `accept`, when given): status and body.
fn get_with(s: &Server, target: &str, accept: Option<&str>) -> (u16, Vec<u8>) {
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let accept = accept.map_or(String::new(), |a| format!("Accept: {a}\r\n"));
    write!(
        c,
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{accept}\r\n",
        s.addr
    )
    .unwrap();
    let mut raw = Vec::new();
    c.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, raw[split + 4..].to_vec())
}

fn get(s: &Server, target: &str) -> (u16, Vec<u8>) {
    get_with(s, target, None)
}

/// Every file the `/data/` listings show, walked from the root through the JSON listings
/// (bounded: at most 10,000 directories).
fn listed_by_server(s: &Server) -> BTreeSet<String> {
    let mut files = BTreeSet::new();
    let mut dirs = vec![String::new()];
    let mut seen = 0;
    while let Some(d) = dirs.pop() {
        seen += 1;
        assert!(seen < 10_000, "listings without end");
        let (status, body) = get_with(s, &format!("/data/{d}"), Some("application/json"));
        assert_eq!(status, 200, "/data/{d}");
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        for e in v["entries"].as_array().unwrap() {
            let name = e["name"].as_str().unwrap();
            match e["type"].as_str().unwrap() {
                "dir" => dirs.push(format!("{d}{name}/")),
                _ => {
                    files.insert(format!("{d}{name}"));
                }
            }
        }
    }
    files
}

/// Writes the operator's private files into league directory `dir` (after its publish).
fn operator_files(dir: &Path) {
    std::fs::write(
        dir.join("league.toml"),
        format!("[league]\nname = \"x\"\n\n[experiment]\ndatabase_url = \"postgres://sealbook:{PASSWORD}@db.internal/experiment\"\n"),
    )
    .unwrap();
    let pem = format!("-----BEGIN PRIVATE KEY-----\n{KEY_BODY}\n-----END PRIVATE KEY-----\n");
    std::fs::write(dir.join("rekor_key"), &pem).unwrap();
    std::fs::write(dir.join("rekor_key.pem"), &pem).unwrap();
    // A copy of the experiment database under a name the old name check did not know.
    let mut db = b"SQLite format 3\0".to_vec();
    db.extend_from_slice(&[0x10, 0, 1, 1]);
    db.extend_from_slice(format!("readers {PASSWORD}").as_bytes());
    std::fs::write(dir.join("readers-backup.dat"), &db).unwrap();
    std::fs::write(dir.join("council-book.jsonl.lock"), b"4242\n").unwrap();
}

/// The private paths (none is served) and a text each must not leak.
const PRIVATE: [(&str, &str); 6] = [
    ("league.toml", PASSWORD),
    ("rekor_key", KEY_BODY),
    ("rekor_key.pem", KEY_BODY),
    ("readers-backup.dat", PASSWORD),
    ("council-book.jsonl.lock", "4242"),
    ("DEMO.txt", PASSWORD),
];

#[test]
fn only_the_published_set_is_served() {
    let tmp = demo();
    let dir = tmp.path();
    // Raw replies: one of a closed run (published), one of a run whose session is still open.
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let closed = lines.closed_runs()[0].to_string();
    let released = format!("replies/{closed}/seat-a.txt");
    let open = "replies/2027-04-20-am/seat-a.txt";
    for (p, text) in [
        (released.as_str(), "raw reply of a closed run"),
        (open, OPEN_REPLY),
    ] {
        std::fs::create_dir_all(dir.join(p).parent().unwrap()).unwrap();
        std::fs::write(dir.join(p), text).unwrap();
    }
    let (code, out, err) = sealbook(&["league", "publish", arg(dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let manifest = Manifest::parse(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    assert!(
        manifest.file(&released).is_some(),
        "the closed run's reply is listed"
    );
    assert!(manifest.file(open).is_none(), "the open run's reply is not");
    operator_files(dir);
    // A symlink named like a published file, pointing at the config.
    std::fs::remove_file(dir.join("DEMO.txt")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("league.toml"), dir.join("DEMO.txt")).unwrap();

    let s = start(&["--data", arg(dir)]);
    for f in &manifest.files {
        let (status, body) = get(&s, &format!("/data/{}", f.path));
        if f.path == "DEMO.txt" {
            assert_eq!(status, 404, "the symlink is not followed");
            assert!(!String::from_utf8_lossy(&body).contains(PASSWORD));
            continue;
        }
        assert_eq!(status, 200, "{}", f.path);
        assert_eq!(
            sealbook_core::hex::sha256_hex(&body),
            f.sha256,
            "{}",
            f.path
        );
    }
    let (status, body) = get(&s, "/data/manifest.json");
    assert_eq!(status, 200);
    assert_eq!(body, std::fs::read(dir.join("manifest.json")).unwrap());
    for (p, secret) in PRIVATE.iter().chain([&(open, OPEN_REPLY)]) {
        let (status, body) = get(&s, &format!("/data/{p}"));
        assert_eq!(status, 404, "{p}");
        assert!(!String::from_utf8_lossy(&body).contains(secret), "{p}");
    }
    assert_eq!(get(&s, "/data/replies/2027-04-20-am/").0, 404);
    // The listings show exactly the published set (less the file replaced by a symlink).
    let mut want: BTreeSet<String> = manifest.files.iter().map(|f| f.path.clone()).collect();
    want.insert("manifest.json".into());
    want.remove("DEMO.txt");
    assert_eq!(listed_by_server(&s), want);
    let html = String::from_utf8(get(&s, "/data/").1).unwrap();
    for p in [
        "league.toml",
        "rekor_key",
        "readers-backup",
        ".lock",
        "DEMO.txt",
    ] {
        assert!(!html.contains(p), "the listing shows {p}: {html}");
    }

    // A file published while the server runs is served once the manifest lists it.
    let extra = "tsa/late-root.pem";
    std::fs::create_dir_all(dir.join("tsa")).unwrap();
    std::fs::write(dir.join(extra), b"-----BEGIN CERTIFICATE-----\nlate\n").unwrap();
    assert_eq!(get(&s, &format!("/data/{extra}")).0, 404, "not yet listed");
    std::fs::remove_file(dir.join("DEMO.txt")).unwrap();
    std::fs::write(dir.join("DEMO.txt"), b"DEMO\n").unwrap();
    // (This config names a database that does not exist, which publish would read: it is
    // set aside while publishing.)
    std::fs::rename(dir.join("league.toml"), dir.join("league.toml.aside")).unwrap();
    let (code, out, err) = sealbook(&["league", "publish", arg(dir)]);
    std::fs::rename(dir.join("league.toml.aside"), dir.join("league.toml")).unwrap();
    assert_eq!(code, 0, "{out}{err}");
    let (status, body) = get(&s, &format!("/data/{extra}"));
    assert_eq!(status, 200, "listed by the new manifest");
    assert_eq!(body, b"-----BEGIN CERTIFICATE-----\nlate\n");
    for (p, _) in PRIVATE {
        if p != "DEMO.txt" {
            assert_eq!(get(&s, &format!("/data/{p}")).0, 404, "{p}");
        }
    }
}

#[test]
fn a_folder_without_a_manifest_is_refused_unless_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("council-book.jsonl"), b"{\"n\": 1}\n").unwrap();
    std::fs::create_dir_all(dir.join("proof")).unwrap();
    std::fs::write(dir.join("proof/list.txt"), b"list\n").unwrap();
    std::fs::write(
        dir.join("demo-root.pem"),
        b"-----BEGIN CERTIFICATE-----\nx\n",
    )
    .unwrap();
    operator_files(dir);
    std::fs::write(dir.join("DEMO.txt"), b"demo\n").unwrap();

    let logs = tempfile::tempdir().unwrap();
    let log = logs.path().join("refused.log");
    let mut child = Command::new(bin())
        .args(["serve", "--addr", "127.0.0.1:0", "--data", arg(dir)])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    // Bounded: a server that starts anyway is stopped after 20 s.
    let mut status = None;
    for _ in 0..200 {
        status = child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("serve started on a folder without a manifest");
    }
    assert_eq!(status.unwrap().code(), Some(2));
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(
        err.contains("manifest.json") && err.contains("--serve-unlisted"),
        "{err}"
    );
    let (code, _, err) = sealbook(&["serve", "--serve-unlisted", "--league", arg(dir)]);
    assert_eq!(code, 2, "--serve-unlisted is for --data only: {err}");

    let s = start(&["--data", arg(dir), "--serve-unlisted"]);
    for (p, body) in [
        ("council-book.jsonl", &b"{\"n\": 1}\n"[..]),
        ("proof/list.txt", b"list\n"),
        ("demo-root.pem", b"-----BEGIN CERTIFICATE-----\nx\n"),
        ("DEMO.txt", b"demo\n"),
    ] {
        assert_eq!(get(&s, &format!("/data/{p}")), (200, body.to_vec()), "{p}");
    }
    for (p, secret) in PRIVATE {
        if p == "DEMO.txt" {
            continue;
        }
        let (status, body) = get(&s, &format!("/data/{p}"));
        assert_eq!(status, 404, "{p}");
        assert!(!String::from_utf8_lossy(&body).contains(secret), "{p}");
    }
    assert_eq!(
        listed_by_server(&s),
        [
            "DEMO.txt",
            "council-book.jsonl",
            "demo-root.pem",
            "proof/list.txt"
        ]
        .into_iter()
        .map(String::from)
        .collect::<BTreeSet<_>>()
    );
}

/// A day directory of the published set is answered with its proof page, `index.html`, when
/// the manifest lists that page: a reader following `/data/proof/<day>/` gets the page, not a
/// listing; a client asking for JSON still gets the listing; and once the page is no longer
/// listed (a manifest written without it), the directory is a listing again and the page on
/// disk is not served.
#[test]
fn a_day_directory_is_answered_with_its_listed_proof_page() {
    let tmp = demo();
    let dir = tmp.path();
    let (code, out, err) = sealbook(&["league", "publish", arg(dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let manifest_path = dir.join("manifest.json");
    let manifest = Manifest::parse(&std::fs::read(&manifest_path).unwrap()).unwrap();
    let page = manifest
        .files
        .iter()
        .map(|f| f.path.clone())
        .find(|p| p.starts_with("proof/") && p.ends_with("/index.html"))
        .expect("the league publishes a proof page");
    let day_dir = page.strip_suffix("index.html").unwrap().to_string();
    let on_disk = std::fs::read(dir.join(&page)).unwrap();

    let s = start(&["--data", arg(dir)]);
    let (status, body) = get(&s, &format!("/data/{day_dir}"));
    assert_eq!(status, 200);
    assert_eq!(body, on_disk, "the directory is answered with its page");
    let (status, body) = get_with(&s, &format!("/data/{day_dir}"), Some("application/json"));
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "index.html"),
        "the JSON listing is kept: {v}"
    );
    // Without a trailing slash: redirected to the directory, whose relative addresses the page
    // uses.
    let (status, _) = get(&s, &format!("/data/{}", day_dir.trim_end_matches('/')));
    assert_eq!(status, 301, "a redirect to the directory");

    // The same directory once the page is not listed: its listing, and the page is not found.
    let mut without = manifest.clone();
    without.files.retain(|f| f.path != page);
    std::fs::write(dir.join("manifest.tmp"), without.to_bytes()).unwrap();
    std::fs::rename(dir.join("manifest.tmp"), &manifest_path).unwrap();
    let (status, body) = get(&s, &format!("/data/{day_dir}"));
    assert_eq!(status, 200);
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("Index of"), "{html}");
    assert!(!html.contains("index.html"), "{html}");
    assert_eq!(get(&s, &format!("/data/{page}")).0, 404);
}
