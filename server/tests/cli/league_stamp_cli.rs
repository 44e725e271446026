//! `sealbook league stamp` and `league upgrade` end to end, against real peers on 127.0.0.1:
//! a league made with `league init` holding the DEMO book, a fake OpenTimestamps calendar
//! answering with the recorded calendar answers of ../shared/vectors/ots-calendar (naming
//! itself as the calendar, as a real one does), a local `openssl ts -reply` authority and the
//! fake Rekor. The list passes `sealbook verify --stamp` for both ledgers, each `.tsr` passes
//! `openssl ts -verify` with the certificates published under `tsa/`, each `.ots` is read by
//! python-opentimestamps (`ots info`), the Rekor entry passes `rekor verify`. Authorities that
//! fail (HTTP 500, garbage, no answer in time, down) are recorded with their reason and the
//! others still written; `league upgrade` completes a pending proof once the calendar has the
//! upgrade and asks the failed anchors again. Exit codes 0, 1, 2.

use super::common;

use common::fake_http::{self, Answer, Request};
use common::fake_rekor::FakeRekor;
use common::fake_rekor_v2::FakeRekorV2;
use common::fake_tsa::start_tsa;
use common::{arg as s, sealbook, sealbook_json, LeagueInit};
use sealbook_core::hex;
use sealbook_core::pki::signature::HashAlg;
use sealbook_tests::tsp_pki::{make_pki, must, tsa_section, TempDir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

const LIST: &str = "proof/2026-10-21/130025Z.txt";
const AT: &str = "2026-10-21T13:00:25Z";

fn vectors() -> PathBuf {
    sealbook_tests::vectors_dir()
}

/// A calendar on 127.0.0.1: `POST /digest` answers with the recorded calendar answer
/// (DERIVED_calendar_POST_digest_response_body.bin) whose pending attestation names this
/// calendar; `GET /timestamp/<hex>` is pending until `confirmed`, then answers with the
/// recorded upgrade (BitcoinBlockHeaderAttestation(428648)). While `down`, every request is
/// answered with HTTP 500.
struct Calendar {
    url: String,
    confirmed: Arc<AtomicBool>,
    down: Arc<AtomicBool>,
}

fn start_calendar() -> Calendar {
    let confirmed = Arc::new(AtomicBool::new(false));
    let down = Arc::new(AtomicBool::new(false));
    let (c, d) = (confirmed.clone(), down.clone());
    let url = Arc::new(std::sync::OnceLock::<String>::new());
    let me = url.clone();
    let recorded = std::fs::read(
        vectors().join("ots-calendar/DERIVED_calendar_POST_digest_response_body.bin"),
    )
    .unwrap();
    let upgrade =
        std::fs::read(vectors().join("ots/upgrade-incomplete/alice_answer_57cfa5c4.timestamp"))
            .unwrap();
    let base = fake_http::start(move |r: Request| {
        if d.load(Ordering::SeqCst) {
            return Answer::new(500, "text/plain", b"calendar down".to_vec());
        }
        let found = |b| Answer::new(200, "application/octet-stream", b);
        if r.method == "POST" && r.path == "/digest" {
            // Keep the recorded operations; the pending attestation names this calendar.
            let tag = hex::decode("0083dfe30d2ef90c8e").unwrap();
            let at = recorded.windows(9).position(|w| w == tag).unwrap() + 9;
            let uri = me.get().unwrap().as_bytes();
            let mut body = recorded[..at].to_vec();
            body.extend([uri.len() as u8 + 1, uri.len() as u8]);
            body.extend(uri);
            found(body)
        } else if r.method == "GET" && r.path.starts_with("/timestamp/") && c.load(Ordering::SeqCst)
        {
            found(upgrade.clone())
        } else {
            Answer::new(
                404,
                "text/plain",
                b"Pending confirmation in Bitcoin blockchain".to_vec(),
            )
        }
    });
    url.set(base.clone()).unwrap();
    Calendar {
        url: base,
        confirmed,
        down,
    }
}

/// A URL where nothing listens.
fn down_url() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", l.local_addr().unwrap())
}

/// The fake Rekor, answering HTTP 500 while `down` (and to the first `fail_first` requests).
struct Rekor {
    url: String,
    log_pub: String,
    down: Arc<AtomicBool>,
}

fn start_rekor(fail_first: usize) -> Rekor {
    let fake = Arc::new(FakeRekor::new());
    let log_pub = fake.public_pem();
    let down = Arc::new(AtomicBool::new(false));
    let (d, n) = (down.clone(), Arc::new(AtomicUsize::new(0)));
    let url = fake_http::start(move |r| {
        if d.load(Ordering::SeqCst) || n.fetch_add(1, Ordering::SeqCst) < fail_first {
            return Answer::new(500, "application/json", b"{\"code\":500}".to_vec());
        }
        fake.answer(r)
    });
    Rekor {
        url: format!("{url}/honest"),
        log_pub,
        down,
    }
}

/// A local openssl authority; returns (its URL for the good section, the PKI dir, root file).
fn start_authority() -> (String, TempDir) {
    let d = TempDir::new("leaguestamp");
    let tsas = make_pki(&d);
    d.write("tsaserial", "01\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let rsa = tsas.iter().find(|t| t.name == "tsa_inter").unwrap();
    let section = tsa_section(&mut cnf, rsa, "sha256", "sha256", 1);
    d.write("openssl.cnf", &cnf);
    let url = start_tsa(d.0.clone());
    (format!("{url}/ok/{section}"), d)
}

/// `league init` with `anchors` as the [anchors] table, then the DEMO book copied in but for
/// its last line, which is returned (appending it is the book growing).
fn league(anchors: &str) -> (tempfile::TempDir, PathBuf, Vec<u8>) {
    let work = tempfile::tempdir().unwrap();
    let cfg = work.path().join("league.toml");
    std::fs::write(
        &cfg,
        format!(
            "[league]\nname = \"stamp test\"\nmethodology_version = \"m-1\"\n\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
             [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n[anchors]\n{anchors}"
        ),
    )
    .unwrap();
    let dir = work.path().join("L");
    // The pre-flight of init wants every file the config names in the league: the prices,
    // and the Rekor keys (each test writes the real ones over these).
    let mut files = vec![("prices.csv", common::EMPTY_PRICES)];
    for key in ["rekor.pem", "rekor-log.pub"] {
        if anchors.contains(&format!("\"{key}\"")) {
            files.push((key, "a placeholder"));
        }
    }
    let how = LeagueInit {
        at: Some("2026-10-20T12:00:00Z"),
        offline: true,
        files: &files,
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, &cfg, &how);
    assert_eq!(code, 0, "{out}{err}");
    let demo = common::demo();
    let mut lines = common::lines(&std::fs::read(demo.path().join("council-book.jsonl")).unwrap());
    let last = lines.pop().unwrap();
    std::fs::write(dir.join("council-book.jsonl"), common::join(&lines)).unwrap();
    (work, dir, last)
}

/// Appends `line` (with its LF) to the league's book.
fn append(dir: &Path, line: &[u8]) {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("council-book.jsonl"))
        .unwrap();
    f.write_all(&[line, b"\n"].concat()).unwrap();
}

/// The operator's P-256 signing key for Rekor (`rekor_key = "rekor.pem"`), made by openssl.
fn operator_rekor_key(dir: &Path) {
    must(
        dir,
        &[
            "ecparam",
            "-name",
            "prime256v1",
            "-genkey",
            "-noout",
            "-out",
            "rekor.pem",
        ],
    );
}

fn stamp(dir: &Path, at: &str) -> (i32, Value) {
    sealbook_json(&["league", "stamp", s(dir), "--at", at])
}

fn upgrade(dir: &Path) -> (i32, Value) {
    sealbook_json(&["league", "upgrade", s(dir), "--at", "2026-10-21T15:00:00Z"])
}

/// `ots info` of python-opentimestamps on a proof.
fn python_ots_info(proof: &Path) -> String {
    let python = sealbook_tests::python();
    let ots = python.parent().unwrap().join("ots");
    assert!(
        ots.is_file(),
        "the `ots` command beside {}",
        python.display()
    );
    let out = Command::new(&python)
        .arg(&ots)
        .arg("info")
        .arg(proof)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ots info {}: {}",
        proof.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn sha256_hex(path: &Path) -> String {
    hex::encode(&HashAlg::Sha256.digest(&std::fs::read(path).unwrap()))
}

/// The record's anchors as (kind, authority, ok).
fn anchors(record: &Value) -> Vec<(String, String, bool)> {
    record["anchors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["kind"].as_str().unwrap().to_string(),
                a["authority"].as_str().unwrap().to_string(),
                a["ok"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn stamp_every_anchor_then_verify_with_the_peers_and_upgrade() {
    let cal = start_calendar();
    let (tsa_url, pki) = start_authority();
    let rekor = start_rekor(0);
    let (_work, dir, last) = league(&format!(
        "ots_calendars = [\"{}\"]\ntsa = [{{ name = \"local\", url = \"{tsa_url}\" }}]\n\
         rekor_url = \"{}\"\nrekor_key = \"rekor.pem\"\nrekor_log_key = \"rekor-log.pub\"\n\
         timeout_seconds = 10\nretries = 0\n",
        cal.url, rekor.url
    ));
    std::fs::write(dir.join("rekor-log.pub"), &rekor.log_pub).unwrap();
    operator_rekor_key(&dir);

    let (code, j) = stamp(&dir, AT);
    assert_eq!(code, 0, "{j}");
    assert_eq!(j["ok"], true);
    assert_eq!(j["list"], LIST);
    assert_eq!(j["ledgers"][0]["file"], "council-book.jsonl");
    assert_eq!(
        j["ledgers"][1]["lines"], 1,
        "asks.jsonl holds the declaration"
    );
    assert_eq!(
        anchors(&j["record"]),
        [
            ("ots".into(), cal.url.clone(), true),
            ("rekor".into(), rekor.url.clone(), true),
            ("tsa".into(), "local".into(), true),
        ]
    );
    let list = dir.join(LIST);
    let record: Value =
        serde_json::from_slice(&std::fs::read(dir.join(format!("{LIST}.anchors.json"))).unwrap())
            .unwrap();
    assert_eq!(record, j["record"]);
    assert_eq!(record["sha256"], sha256_hex(&list));

    // The list covers both ledgers as they are.
    for book in ["council-book.jsonl", "asks.jsonl"] {
        let (code, v) = sealbook_json(&["verify", s(&dir.join(book)), "--stamp", s(&list)]);
        assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{book}: {v}");
        assert_eq!(v["stamps"].as_array().unwrap().len(), 1, "{v}");
    }
    // openssl verifies the token with the certificates published under tsa/.
    let certs = j["certificates"].as_array().unwrap();
    assert_eq!(certs.len(), 1, "{j}");
    let chain = dir.join(certs[0].as_str().unwrap());
    assert!(chain.starts_with(dir.join("proof/2026-10-21/tsa")));
    let out = must(
        &pki.0,
        &[
            "ts",
            "-verify",
            "-data",
            s(&list),
            "-in",
            s(&dir.join(format!("{LIST}.local.tsr"))),
            "-CAfile",
            s(&pki.path("rootA.pem")),
            "-untrusted",
            s(&chain),
        ],
    );
    assert!(out.contains("Verification: OK"), "{out}");
    // The Rekor entry verifies under the log's key.
    let (code, v) = sealbook_json(&[
        "rekor",
        "verify",
        s(&dir.join(format!("{LIST}.rekor.json"))),
        "--data",
        s(&list),
        "--pubkey",
        s(&dir.join("rekor-log.pub")),
    ]);
    assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{v}");
    // python-opentimestamps reads the pending proof of the list.
    let proof = dir.join(format!("{LIST}.ots"));
    let info = python_ots_info(&proof);
    assert!(
        info.starts_with(&format!("File sha256 hash: {}\n", sha256_hex(&list))),
        "{info}"
    );
    assert!(
        info.contains(&format!("PendingAttestation('{}')", cal.url)),
        "{info}"
    );

    // Nothing grew: no new list.
    let (code, j) = stamp(&dir, "2026-10-21T13:30:00Z");
    assert_eq!(
        (code, &j["list"], &j["unchanged_since"]),
        (0, &Value::Null, &Value::from(LIST))
    );
    assert!(!dir.join("proof/2026-10-21/133000Z.txt").exists());

    // Pending until the calendar has the upgrade, then complete.
    let pending = std::fs::read(&proof).unwrap();
    let (code, j) = upgrade(&dir);
    assert_eq!(code, 1, "{j}");
    assert_eq!(j["proofs"][0]["asked"][0]["result"], "pending", "{j}");
    assert_eq!(
        std::fs::read(&proof).unwrap(),
        pending,
        "a pending proof is left as it is"
    );
    cal.confirmed.store(true, Ordering::SeqCst);
    let (code, j) = upgrade(&dir);
    assert_eq!(code, 0, "{j}");
    assert_eq!(j["proofs"][0]["complete"], true, "{j}");
    assert_eq!(
        j["proofs"][0]["new_attestations"],
        serde_json::json!(["BitcoinBlockHeaderAttestation(428648)"])
    );
    let info = python_ots_info(&proof);
    assert!(
        info.contains("BitcoinBlockHeaderAttestation(428648)"),
        "{info}"
    );
    assert!(
        !with(&proof, ".bak").exists(),
        "the league keeps no backups in proof/"
    );
    let (code, j) = upgrade(&dir);
    assert_eq!((code, &j["proofs"]), (0, &serde_json::json!([])), "{j}");

    // A line appended to the book: the next stamp writes a new list.
    append(&dir, &last);
    let (code, j) = stamp(&dir, "2026-10-21T14:00:00Z");
    assert_eq!(
        (code, &j["list"]),
        (0, &Value::from("proof/2026-10-21/140000Z.txt")),
        "{j}"
    );
    let (code, v) = sealbook_json(&[
        "verify",
        s(&dir.join("council-book.jsonl")),
        "--stamp",
        s(&list),
        "--stamp",
        s(&dir.join("proof/2026-10-21/140000Z.txt")),
    ]);
    assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{v}");
}

fn with(p: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", p.display()))
}

#[test]
fn failing_authorities_are_recorded_and_retried_by_upgrade() {
    let cal = start_calendar();
    let flaky = start_calendar();
    flaky.down.store(true, Ordering::SeqCst);
    let (tsa_url, _pki) = start_authority();
    let base = tsa_url.split("/ok/").next().unwrap().to_string();
    let slow = tsa_url.replace("/ok/", "/slow/");
    let rekor = start_rekor(0);
    rekor.down.store(true, Ordering::SeqCst);
    let dead = down_url();
    let (_work, dir, _) = league(&format!(
        "ots_calendars = [\"{}\", \"{}\", \"{dead}\"]\n\
         tsa = [{{ name = \"good\", url = \"{tsa_url}\" }}, {{ name = \"e500\", url = \"{base}/error/x\" }},\n\
         {{ name = \"garbage\", url = \"{base}/garbage/x\" }}, {{ name = \"slow\", url = \"{slow}\" }}]\n\
         rekor_url = \"{}\"\nrekor_log_key = \"rekor-log.pub\"\ntimeout_seconds = 1\nretries = 0\n",
        cal.url, flaky.url, rekor.url
    ));
    std::fs::write(dir.join("rekor-log.pub"), &rekor.log_pub).unwrap();

    let (code, j) = stamp(&dir, AT);
    assert_eq!(code, 1, "{j}");
    assert_eq!(j["ok"], false);
    assert_eq!(
        anchors(&j["record"]),
        [
            ("ots".into(), cal.url.clone(), true),
            ("ots".into(), flaky.url.clone(), false),
            ("ots".into(), dead.clone(), false),
            ("rekor".into(), rekor.url.clone(), false),
            ("tsa".into(), "good".into(), true),
            ("tsa".into(), "e500".into(), false),
            ("tsa".into(), "garbage".into(), false),
            ("tsa".into(), "slow".into(), false),
        ]
    );
    let reasons: Vec<&str> = j["record"]["anchors"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["error"].as_str())
        .collect();
    for (i, says) in [
        "HTTP 500",
        "refused",
        "HTTP 500",
        "HTTP 500",
        "not a TimeStampResp",
    ]
    .iter()
    .enumerate()
    {
        assert!(reasons[i].contains(says), "{i}: {}", reasons[i]);
    }
    assert!(!reasons[5].is_empty());
    // The good anchors are written and the list still covers the book.
    let list = dir.join(LIST);
    assert!(with(&list, ".good.tsr").exists());
    for bad in [".e500.tsr", ".garbage.tsr", ".slow.tsr", ".rekor.json"] {
        assert!(!with(&list, bad).exists(), "{bad}");
    }
    let (code, v) = sealbook_json(&[
        "verify",
        s(&dir.join("council-book.jsonl")),
        "--stamp",
        s(&list),
    ]);
    assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{v}");
    let before = python_ots_info(&with(&list, ".ots"));
    assert!(!before.contains(&flaky.url), "{before}");

    // The calendar and the log come back: upgrade asks them again and records the outcome.
    flaky.down.store(false, Ordering::SeqCst);
    rekor.down.store(false, Ordering::SeqCst);
    let (code, j) = upgrade(&dir);
    assert_eq!(code, 1, "{j}");
    let record = &j["records"][0];
    let now_ok: Vec<(String, bool)> = anchors(record)
        .into_iter()
        .map(|(k, a, ok)| (format!("{k} {a}"), ok))
        .collect();
    assert_eq!(
        now_ok,
        [
            (format!("ots {}", cal.url), true),
            (format!("ots {}", flaky.url), true),
            (format!("ots {dead}"), false),
            (format!("rekor {}", rekor.url), true),
            ("tsa good".into(), true),
            ("tsa e500".into(), false),
            ("tsa garbage".into(), false),
            ("tsa slow".into(), false),
        ]
    );
    assert_eq!(record["anchors"][1]["at"], "2026-10-21T15:00:00Z");
    assert_eq!(
        record["anchors"][0]["at"], AT,
        "a good anchor is not asked again"
    );
    let stored: Value =
        serde_json::from_slice(&std::fs::read(with(&list, ".anchors.json")).unwrap()).unwrap();
    assert_eq!(&stored, record);
    let after = python_ots_info(&with(&list, ".ots"));
    assert!(
        after.contains(&format!("PendingAttestation('{}')", flaky.url)),
        "{after}"
    );
    assert!(
        after.contains(&format!("PendingAttestation('{}')", cal.url)),
        "{after}"
    );
    let (code, v) = sealbook_json(&[
        "rekor",
        "verify",
        s(&with(&list, ".rekor.json")),
        "--data",
        s(&list),
        "--pubkey",
        s(&dir.join("rekor-log.pub")),
    ]);
    assert_eq!(code, 0, "{v}");
}

#[test]
fn retries_recover_a_flaky_log() {
    let rekor = start_rekor(1);
    let (_work, dir, _) = league(&format!(
        "ots_calendars = []\ntsa = []\nrekor_url = \"{}\"\nrekor_log_key = \"rekor-log.pub\"\n\
         timeout_seconds = 5\nretries = 1\n",
        rekor.url
    ));
    std::fs::write(dir.join("rekor-log.pub"), &rekor.log_pub).unwrap();
    let (code, j) = stamp(&dir, AT);
    assert_eq!(code, 0, "{j}");
    let a = &j["record"]["anchors"][0];
    assert_eq!(
        (&a["kind"], &a["ok"], &a["attempts"]),
        (&"rekor".into(), &Value::Bool(true), &2.into())
    );
    let (code, _, _) = sealbook(&["league", "stamp", s(&dir), "--at", AT]);
    assert_eq!(
        code, 0,
        "nothing grew: nothing written, whatever the clock says"
    );
}

#[test]
fn unusable_inputs_exit_2() {
    let (_work, dir, last) = league("ots_calendars = []\ntsa = []\nrekor_url = \"\"\n");
    // No league here.
    let (code, _, err) = sealbook(&["league", "stamp", s(&dir.join("nope"))]);
    assert_eq!(code, 2);
    assert!(err.contains("league.toml"), "{err}");
    let (code, _, err) = sealbook(&["league", "stamp", s(&dir), "--at", "noon"]);
    assert_eq!(code, 2);
    assert!(err.contains("--at"), "{err}");
    // No anchors configured: the list alone is written, exit 0.
    let (code, j) = stamp(&dir, AT);
    assert_eq!((code, &j["list"]), (0, &Value::from(LIST)), "{j}");
    assert_eq!(j["record"]["anchors"], serde_json::json!([]));
    // The book grew, but a list already holds that second.
    append(&dir, &last);
    let (code, _, err) = sealbook(&["league", "stamp", s(&dir), "--at", AT]);
    assert_eq!(code, 2);
    assert!(err.contains("130025Z.txt"), "{err}");
    let book = dir.join("council-book.jsonl");
    let lines = common::lines(&std::fs::read(&book).unwrap());
    // A broken chain is never stamped.
    let mut broken = lines.clone();
    let l = broken[3].iter().position(|b| *b == b'"').unwrap();
    broken[3][l + 1] ^= 1;
    std::fs::write(&book, common::join(&broken)).unwrap();
    let (code, _, err) = sealbook(&["league", "stamp", s(&dir), "--at", "2026-10-21T15:00:00Z"]);
    assert_eq!(code, 2);
    assert!(err.contains("council-book.jsonl:4: field"), "{err}");
    // A damaged anchor record stops upgrade.
    std::fs::write(&book, common::join(&lines)).unwrap();
    std::fs::write(dir.join(format!("{LIST}.anchors.json")), b"{\"format\": 2}").unwrap();
    let (code, _, err) = sealbook(&["league", "upgrade", s(&dir)]);
    assert_eq!(code, 2);
    assert!(err.contains("130025Z.txt.anchors.json"), "{err}");
}

/// `league upgrade` asks a failed anchor again only once its backoff has passed (an hour after
/// its last try, doubling with each retry), counts the retries in the record, and gives it up
/// once its list is a week old (recorded, never asked again): an authority that stays down is
/// not asked every hour forever.
#[test]
fn upgrade_backs_off_failed_anchors_and_gives_them_up() {
    let hits = Arc::new(AtomicUsize::new(0));
    let h = hits.clone();
    let e500 = fake_http::start(move |_: Request| {
        h.fetch_add(1, Ordering::SeqCst);
        Answer::new(500, "text/plain", b"down".to_vec())
    });
    let (_work, dir, _) = league(&format!(
        "ots_calendars = []\ntsa = [{{ name = \"e500\", url = \"{}/tsr\" }}]\nrekor_url = \"\"\n\
         timeout_seconds = 1\nretries = 0\n",
        e500
    ));
    let (code, j) = stamp(&dir, AT);
    assert_eq!(code, 1, "{j}");
    assert_eq!(hits.load(Ordering::SeqCst), 1);
    let up = |at: &str| sealbook_json(&["league", "upgrade", s(&dir), "--at", at]);
    let record = || -> Value {
        serde_json::from_slice(&std::fs::read(dir.join(format!("{LIST}.anchors.json"))).unwrap())
            .unwrap()
    };
    // Half an hour after the stamp: not yet.
    let (code, j) = up("2026-10-21T13:30:00Z");
    assert_eq!((code, &j["not_retried"]), (1, &Value::from(1)), "{j}");
    assert_eq!(hits.load(Ordering::SeqCst), 1, "asked before its backoff");
    assert!(record()["anchors"][0].get("retries").is_none());
    // An hour after: asked again, the retry counted.
    let (code, j) = up("2026-10-21T14:05:00Z");
    assert_eq!(code, 1, "{j}");
    assert_eq!(hits.load(Ordering::SeqCst), 2);
    assert_eq!(record()["anchors"][0]["retries"], 1);
    assert_eq!(record()["anchors"][0]["at"], "2026-10-21T14:05:00Z");
    // The next wait is two hours.
    up("2026-10-21T15:00:00Z");
    assert_eq!(hits.load(Ordering::SeqCst), 2);
    up("2026-10-21T16:05:00Z");
    assert_eq!(hits.load(Ordering::SeqCst), 3);
    assert_eq!(record()["anchors"][0]["retries"], 2);
    // A week after the stamp: given up, recorded, never asked again.
    let (code, j) = up("2026-10-28T13:00:25Z");
    assert_eq!(code, 1, "{j}");
    assert_eq!(hits.load(Ordering::SeqCst), 3);
    let gave_up = record()["anchors"][0]["gave_up"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        gave_up.starts_with("2026-10-28T13:00:25Z: given up"),
        "{gave_up}"
    );
    assert_eq!(record()["anchors"][0]["ok"], false);
    up("2026-11-04T13:00:00Z");
    assert_eq!(hits.load(Ordering::SeqCst), 3);
    assert_eq!(record()["anchors"][0]["gave_up"], gave_up.as_str());
}

/// An authority on 127.0.0.1 that answers a GET (the pre-flight's) and accepts every POST
/// (a stamp request) without ever answering it, holding the connection open (at most 32).
fn hanging_on_post() -> String {
    use std::io::{Read, Write};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in l.incoming().take(32) {
            let Ok(mut c) = c else { continue };
            let mut head = [0u8; 4];
            if c.read_exact(&mut head).is_ok() && &head == b"GET " {
                let _ = c.write_all(
                    b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                );
                continue;
            }
            held.push(c);
        }
    });
    url
}

/// Spec §3.2, requirement 12: `league init` stamps the declaration at once. A calendar and an
/// authority that answer, and an authority that accepts the request and never answers (1 s,
/// asked once): init ends, the list covering the declaration is written with the good anchors,
/// the hanging one recorded as failed, the league created, and the output says that the first
/// run stamps it again. `--offline` writes no list and says so.
#[test]
fn init_stamps_the_declaration_at_once_and_a_hanging_authority_does_not_hang_it() {
    let cal = start_calendar();
    let (tsa_url, _pki) = start_authority();
    let hang = hanging_on_post();
    let work = tempfile::tempdir().unwrap();
    let cfg = work.path().join("league.toml");
    std::fs::write(
        &cfg,
        format!(
            "[league]\nname = \"stamped at init\"\nmethodology_version = \"m-1\"\n\n\
             [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
             [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n[anchors]\n\
             ots_calendars = [\"{}\"]\n\
             tsa = [{{ name = \"good\", url = \"{tsa_url}\" }}, {{ name = \"hang\", url = \"{hang}/tsr\" }}]\n\
             rekor_url = \"\"\ntimeout_seconds = 1\nretries = 0\n",
            cal.url
        ),
    )
    .unwrap();
    let make = |name: &str, extra: &[&str]| {
        let dir = work.path().join(name);
        let mut args = vec!["--json"];
        args.extend_from_slice(extra);
        // Past the limit, league init hung on an authority that never answers.
        let how = LeagueInit {
            at: Some("2026-10-20T12:00:00Z"),
            files: &[("prices.csv", common::EMPTY_PRICES)],
            args: &args,
            limit: Some(std::time::Duration::from_secs(60)),
            ..LeagueInit::default()
        };
        let (code, out, err) = common::init_league(&dir, &cfg, &how);
        (dir, code, out, err)
    };

    let (dir, code, out, err) = make("L", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    assert!(dir.join("asks.jsonl").exists());
    let list = "proof/2026-10-20/120000Z.txt";
    assert_eq!(j["stamp"]["list"], list, "{j}");
    assert_eq!(j["stamp"]["ok"], false, "{j}");
    assert_eq!(
        anchors(&j["stamp"]),
        [
            ("ots".into(), cal.url.clone(), true),
            ("tsa".into(), "good".into(), true),
            ("tsa".into(), "hang".into(), false),
        ]
    );
    assert!(
        err.contains("the league is created") && err.contains("first run stamps the declaration"),
        "{err}"
    );
    // The list covers the declaration: asks.jsonl's one line and its link.
    let text = std::fs::read_to_string(dir.join(list)).unwrap();
    let link = j["link"].as_str().unwrap();
    assert!(
        text.lines()
            .any(|l| l.contains(": 1 lines, sha256 ") && l.ends_with(link)),
        "{text}"
    );
    let (code, v) = sealbook_json(&[
        "verify",
        s(&dir.join("asks.jsonl")),
        "--stamp",
        s(&dir.join(list)),
    ]);
    assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{v}");
    assert!(with(&dir.join(list), ".good.tsr").exists());
    assert!(with(&dir.join(list), ".ots").exists());

    let (dir, code, out, err) = make("offline", &["--offline"]);
    assert_eq!(code, 0, "{out}{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    assert!(
        j["stamp"]["skipped"]
            .as_str()
            .unwrap()
            .contains("--offline"),
        "{j}"
    );
    assert!(!dir.join("proof").exists());
}

/// A Rekor v2 log (`rekor_api = "v2"`, rekor-tiles `POST /api/v2/log/entries`) on 127.0.0.1,
/// signing its checkpoints with an Ed25519 test key given to the verifiers as the log key: the
/// list is logged with the operator's P-256 key (hashedrekord 0.0.2), the answer is published
/// as a Sigstore bundle v0.3 beside the list, listed in the manifest, and read by `rekor
/// verify` and `sealbook verify DIR` like any bundle. A log that hangs, answers garbage or a
/// wrong inclusion proof writes nothing: the failure is named in the record, the other
/// anchors are written, and `league upgrade` asks the log again.
#[test]
fn a_rekor_v2_log_gets_the_list_and_its_bundle_is_published() {
    let fake = Arc::new(FakeRekorV2::new(Duration::from_secs(4)));
    let log_pub = fake.public_pem();
    let f = fake.clone();
    let base = fake_http::start(move |r| f.answer(r));
    let cal = start_calendar();
    let (_work, dir, _) = league(&format!(
        "ots_calendars = [\"{}\"]\ntsa = []\nrekor_url = \"{base}/honest\"\nrekor_api = \"v2\"\n\
         rekor_key = \"rekor.pem\"\nrekor_log_key = \"rekor-log.pub\"\ntimeout_seconds = 5\nretries = 0\n",
        cal.url
    ));
    std::fs::write(dir.join("rekor-log.pub"), &log_pub).unwrap();
    operator_rekor_key(&dir);
    let (code, j) = stamp(&dir, AT);
    assert_eq!(code, 0, "{j}");
    assert_eq!(
        anchors(&j["record"]),
        [
            ("ots".into(), cal.url.clone(), true),
            ("rekor".into(), format!("{base}/honest"), true),
        ]
    );
    let list = dir.join(LIST);
    let bundle = with(&list, ".sigstore.json");
    assert_eq!(
        j["record"]["anchors"][1]["file"], "130025Z.txt.sigstore.json",
        "{j}"
    );
    assert!(!with(&list, ".rekor.json").exists());
    let b: Value = serde_json::from_slice(&std::fs::read(&bundle).unwrap()).unwrap();
    assert_eq!(
        b["mediaType"],
        "application/vnd.dev.sigstore.bundle.v0.3+json"
    );
    // `rekor verify` reads the bundle: the Ed25519 checkpoint, the inclusion proof, the body
    // naming the list; no time is proven by a v2 log alone.
    let (code, out, err) = sealbook(&[
        "rekor",
        "verify",
        s(&bundle),
        "--data",
        s(&list),
        "--pubkey",
        s(&dir.join("rekor-log.pub")),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("time proven: none"), "{out}");
    // Published: listed in the manifest and verified by `sealbook verify DIR`.
    let (code, v) = sealbook_json(&["league", "publish", s(&dir)]);
    assert_eq!(code, 0, "{v}");
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let listed = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == format!("{LIST}.sigstore.json"))
        .unwrap_or_else(|| panic!("{manifest}"));
    assert_eq!(listed["sha256"], sha256_hex(&bundle));
    let (_, v) = sealbook_json(&[
        "verify",
        s(&dir),
        "--rekor-key",
        s(&dir.join("rekor-log.pub")),
    ]);
    // The bundle anchors both ledgers at Level 2 (the Ed25519 checkpoint and the inclusion
    // proof verified, the body naming the list).
    assert_eq!(v["level"], "Level 2", "{}", v["verdict"]);
    for (i, lines) in [(0, 20), (1, 1)] {
        let covered = &v["verdict"]["coverage"][i]["covered"][0];
        assert_eq!(
            (&covered["party"]["kind"], &covered["level"], &covered["to"]),
            (&"rekor".into(), &"Level2".into(), &lines.into()),
            "{}",
            v["verdict"]
        );
    }
    assert_eq!(
        v["declaration"]["anchors"][0]["file"],
        format!("{LIST}.sigstore.json")
    );

    // Misbehaving logs: nothing written, the failure named, the OpenTimestamps proof written.
    for (mode, says) in [
        ("hang", "(timeout)"),
        ("garbage", "not a transparency log entry"),
        ("badproof", "does not verify"),
    ] {
        let (_work, dir, _) = league(&format!(
            "ots_calendars = [\"{}\"]\ntsa = []\nrekor_url = \"{base}/{mode}\"\nrekor_api = \"v2\"\n\
             rekor_log_key = \"rekor-log.pub\"\ntimeout_seconds = 1\nretries = 0\n",
            cal.url
        ));
        std::fs::write(dir.join("rekor-log.pub"), &log_pub).unwrap();
        let (code, j) = stamp(&dir, AT);
        assert_eq!(code, 1, "{mode}: {j}");
        let a = &j["record"]["anchors"];
        assert_eq!(a[0]["ok"], true, "{mode}: {j}");
        assert_eq!(a[1]["ok"], false, "{mode}: {j}");
        let error = a[1]["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{mode}: {error}");
        let list = dir.join(LIST);
        assert!(list.exists() && with(&list, ".ots").exists(), "{mode}");
        assert!(!with(&list, ".sigstore.json").exists(), "{mode}");
        if mode == "garbage" {
            // Asked again by upgrade; the log answers with an entry now: the bundle is written.
            let (_, j) = upgrade(&dir);
            let rekor = anchors(&j["records"][0])
                .into_iter()
                .find(|(k, _, _)| k == "rekor")
                .unwrap();
            assert!(rekor.2, "{j}");
            assert!(with(&list, ".sigstore.json").exists());
        }
    }
}
