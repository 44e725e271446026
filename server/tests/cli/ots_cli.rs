//! `sealbook ots` end to end, against real peers and vectors only:
//! - `info` on every vector prints what the real `ots info` command prints (run in one
//!   python-opentimestamps process through `otsclient.ots.main`);
//! - `verify` gives each vector the verdict its MANIFEST states (hello-world and the upgraded
//!   incomplete.txt reach Level 2 with their real block headers, bad-stamp fails, pending-only
//!   proofs exit 1 naming their calendars, a bare merkle root is a labelled weaker match);
//! - `stamp` and `upgrade` against a fake calendar on 127.0.0.1 built from the calendar
//!   vectors: stamping incomplete.txt with its recorded nonce rebuilds incomplete.txt.ots byte
//!   for byte, upgrading it reaches block 428648 exactly as python-opentimestamps' merge does,
//!   and calendars that are down, slow, answer garbage or too much leave every file intact.

use super::common;

use common::bin;
use sealbook_core::ots::attestation::Attestation;
use sealbook_core::ots::{DetachedTimestampFile, Op};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

use sealbook_tests::ots_fixtures::{all_vector_files, ots_dir};
use sealbook_tests::{python, vectors_dir as vectors};

fn ots_vector(rel: &str) -> PathBuf {
    ots_dir().join(rel)
}

fn client_example(name: &str) -> PathBuf {
    ots_vector(&format!("opentimestamps-client/examples/{name}"))
}

fn header_hex(height: u64) -> String {
    sealbook_core::hex::encode(&sealbook_tests::ots_fixtures::header(height).raw)
}

fn python_run(script: &str, args: &[&str]) -> String {
    let out = Command::new(python())
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `sealbook` with extra environment; returns (exit code, stdout, stderr).
fn run(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let out = Command::new(bin())
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run sealbook");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs with `--json`; checks the exit code and that exactly one JSON line is printed.
fn run_json(args: &[&str], env: &[(&str, &str)], code: i32) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (c, out, err) = run(&a, env);
    assert_eq!(c, code, "sealbook {a:?}\nstdout:\n{out}\nstderr:\n{err}");
    assert_eq!(out.lines().count(), 1, "one JSON line: {out}");
    serde_json::from_str(&out).unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const OTS_INFO_PEER: &str = r#"
import contextlib, io, json, sys
from otsclient.ots import main
from opentimestamps.core.serialize import StreamDeserializationContext
from opentimestamps.core.timestamp import DetachedTimestampFile
out = []
for p in sys.argv[1:]:
    buf = io.StringIO()
    sys.argv = ['ots', 'info', p]
    code = 0
    try:
        with contextlib.redirect_stdout(buf):
            main()
    except SystemExit as e:
        code = e.code
    error = None
    try:
        with open(p, 'rb') as fd:
            DetachedTimestampFile.deserialize(StreamDeserializationContext(fd))
    except Exception as e:
        error = type(e).__name__
    out.append({'stdout': buf.getvalue(), 'code': code, 'error': error})
print(json.dumps(out))
"#;

#[test]
fn info_prints_what_ots_info_prints_for_every_vector() {
    let proofs = all_vector_files();
    let mut args: Vec<&str> = proofs.iter().map(|p| s(p)).collect();
    // Not detached proofs: the reference refuses them, so must we.
    let bare = ots_vector("upgrade-incomplete/alice_answer_57cfa5c4.timestamp");
    args.push(s(&bare));
    let theirs: Vec<Value> = serde_json::from_str(&python_run(OTS_INFO_PEER, &args)).unwrap();
    for (path, theirs) in args.iter().zip(&theirs) {
        let (code, out, err) = run(&["ots", "info", path], &[]);
        if theirs["code"] == 0 {
            assert_eq!(code, 0, "{path}: {err}");
            assert_eq!(out, theirs["stdout"].as_str().unwrap(), "ots info {path}");
        } else {
            assert_eq!(code, 2, "{path}: ots info failed, so must we");
            let class = theirs["error"]
                .as_str()
                .expect("the reference's deserialize fails too");
            assert!(err.contains(&format!("{class} at byte ")), "{class}: {err}");
            assert!(err.contains(path), "names the file: {err}");
        }
    }
    // --json: every attestation with its path and both merkle-root orders.
    let j = run_json(
        &["ots", "info", s(&client_example("hello-world.txt.ots"))],
        &[],
        0,
    );
    assert_eq!(j["file_hash_op"], "sha256");
    assert_eq!(
        j["file_digest"],
        "03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340"
    );
    let a = &j["attestations"][0];
    assert_eq!(
        a["attestation"],
        serde_json::json!({"type": "bitcoin", "height": 358391})
    );
    assert_eq!(
        a["merkle_root"]["internal"],
        "007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a"
    );
    assert_eq!(
        a["merkle_root"]["display"],
        "8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00"
    );
}

#[test]
fn info_on_a_damaged_proof_names_the_error_class_and_byte() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(client_example("hello-world.txt.ots")).unwrap();
    let cut = dir.path().join("cut.ots");
    std::fs::write(&cut, &bytes[..100]).unwrap();
    let (code, _, err) = run(&["ots", "info", s(&cut)], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cut.ots") && err.contains("TruncationError at byte 69"),
        "{err}"
    );
    let j = run_json(&["ots", "info", s(&cut)], &[], 2);
    assert_eq!(j["error"]["field"], "proof");
    let (code, _, err) = run(&["ots", "info", s(&dir.path().join("missing.ots"))], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.ots"), "{err}");
}

#[test]
fn hello_world_verifies_at_level_2_with_block_358391() {
    let header = header_hex(358391);
    for dir in [
        "opentimestamps-client",
        "javascript-opentimestamps",
        "java-opentimestamps",
    ] {
        let proof = ots_vector(&format!("{dir}/examples/hello-world.txt.ots"));
        let target = ots_vector(&format!("{dir}/examples/hello-world.txt"));
        let j = run_json(
            &[
                "ots",
                "verify",
                s(&proof),
                "--target",
                s(&target),
                "--header",
                &header,
            ],
            &[],
            0,
        );
        assert_eq!(j["ok"], true);
        assert_eq!(j["digest_matches"], true);
        let v = &j["verdict"];
        assert!(v["level"].as_str().unwrap().starts_with("Level 2"), "{v}");
        assert_eq!(v["bitcoin"][0]["height"], 358391);
        assert_eq!(v["bitcoin"][0]["header_time"], 1432827678);
        assert!(v["time_bound"]
            .as_str()
            .unwrap()
            .contains("no later than a few hours after 2015-05-28T15:41:18Z"));
        assert!(!v["still_trusted"].as_array().unwrap().is_empty());
    }
    let proof = client_example("hello-world.txt.ots");
    let (code, out, _) = run(
        &[
            "ots",
            "verify",
            s(&proof),
            "--target",
            s(&client_example("hello-world.txt")),
            "--header",
            &header,
        ],
        &[],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("Bitcoin block 358391 attests existence as of 2015-05-28T15:41:18Z"),
        "{out}"
    );
    assert!(out.contains("still trusted:"), "{out}");
    // By digest, and the header as an 80-byte binary file.
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("h.bin");
    std::fs::write(&bin, sealbook_core::hex::decode(&header).unwrap()).unwrap();
    let digest = "03BA204E50D126E4674C005E04D82E84C21366780AF1F43BD54A37816B6AB340";
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&proof),
            "--digest",
            digest,
            "--headers",
            s(&bin),
        ],
        &[],
        0,
    );
    assert_eq!(j["verdict"]["headers"]["count"], 1);
}

#[test]
fn verification_failures_exit_1_and_say_why() {
    let header = header_hex(358391);
    let hello = client_example("hello-world.txt.ots");
    let hello_txt = client_example("hello-world.txt");
    // bad-stamp: well formed, but its path does not reach block 358391's merkle root.
    for dir in [
        "opentimestamps-client",
        "javascript-opentimestamps",
        "java-opentimestamps",
    ] {
        let proof = ots_vector(&format!("{dir}/examples/bad-stamp.txt.ots"));
        let target = ots_vector(&format!("{dir}/examples/bad-stamp.txt"));
        // Block 358391's header, labelled: the proof's root is refuted.
        let labelled =
            std::env::temp_dir().join(format!("sealbook-ots-cli-{}-{dir}.txt", std::process::id()));
        std::fs::write(&labelled, format!("358391 {header}\n")).unwrap();
        let j = run_json(
            &[
                "ots",
                "verify",
                s(&proof),
                "--target",
                s(&target),
                "--headers",
                s(&labelled),
            ],
            &[],
            1,
        );
        std::fs::remove_file(&labelled).ok();
        assert_eq!(j["verdict"]["ok"], false);
        assert!(j["verdict"]["level"]
            .as_str()
            .unwrap()
            .starts_with("FAILED"));
        let m = j["verdict"]["bitcoin"][0]["message"].as_str().unwrap();
        assert!(m.contains("Digest does not match merkleroot"), "{m}");
        // The same header without its height may be another block's: still not verified,
        // and said as undecided, not as a refuted proof.
        let j = run_json(
            &[
                "ots",
                "verify",
                s(&proof),
                "--target",
                s(&target),
                "--header",
                &header,
            ],
            &[],
            1,
        );
        assert_eq!(j["verdict"]["ok"], false);
        let m = j["verdict"]["bitcoin"][0]["message"].as_str().unwrap();
        assert!(
            m.contains("to tell a missing header from a mismatch"),
            "{m}"
        );
    }
    // Another file's digest.
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--target",
            s(&client_example("empty")),
            "--header",
            &header,
        ],
        &[],
        1,
    );
    assert_eq!(j["digest_matches"], false);
    assert_eq!(j["verdict"], Value::Null);
    // The wrong block's header; no header at all.
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--target",
            s(&hello_txt),
            "--header",
            &header_hex(428648),
        ],
        &[],
        1,
    );
    // Its height unknown, it may be block 358391's: not verified, the header asked for.
    assert!(j["verdict"]["level"]
        .as_str()
        .unwrap()
        .starts_with("not verified: supply the block header"));
    let j = run_json(
        &["ots", "verify", s(&hello), "--target", s(&hello_txt)],
        &[],
        1,
    );
    assert!(j["verdict"]["level"]
        .as_str()
        .unwrap()
        .starts_with("not verified: supply the block header"));
    // A header with its proof of work broken (nonce changed).
    let mut broken = sealbook_core::hex::decode(&header).unwrap();
    broken[79] ^= 1;
    let broken = sealbook_core::hex::encode(&broken);
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--target",
            s(&hello_txt),
            "--header",
            &broken,
        ],
        &[],
        1,
    );
    assert!(
        j["verdict"]["bitcoin"][0]["message"]
            .as_str()
            .unwrap()
            .contains("proof of work"),
        "{j}"
    );
    // Headers that do not link (block 1 then block 358391) are two runs of one set, as
    // readers gather them: the attested block's own header confirms it.
    let dir = tempfile::tempdir().unwrap();
    let run_file = dir.path().join("headers.txt");
    std::fs::write(&run_file, format!("{}\n{header}\n", header_hex(1))).unwrap();
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--target",
            s(&hello_txt),
            "--headers",
            s(&run_file),
        ],
        &[],
        0,
    );
    assert_eq!(j["verdict"]["header_error"], Value::Null, "{j}");
    assert_eq!(
        j["verdict"]["header_analysis"]["msg"]["findings"][0]["runs"], 2,
        "{j}"
    );
    assert_eq!(j["verdict"]["bitcoin"][0]["header_index"], 1, "{j}");
    // Unusable headers name the file and the header.
    std::fs::write(&run_file, format!("{header}\nabcd\n")).unwrap();
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--target",
            s(&hello_txt),
            "--headers",
            s(&run_file),
        ],
        &[],
        2,
    );
    assert_eq!(j["error"]["field"], "header 1");
    assert!(j["error"]["file"]
        .as_str()
        .unwrap()
        .ends_with("headers.txt"));
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--digest",
            "abc",
            "--header",
            &header,
        ],
        &[],
        2,
    );
    assert_eq!(j["error"]["field"], "--digest");
    // --header and --merkle-root exclude each other; a target is required.
    run_json(
        &[
            "ots",
            "verify",
            s(&hello),
            "--digest",
            "00",
            "--header",
            &header,
            "--merkle-root",
            "00",
        ],
        &[],
        2,
    );
    run_json(&["ots", "verify", s(&hello), "--header", &header], &[], 2);
}

#[test]
fn pending_and_unknown_notary_proofs_are_not_yet_verifiable() {
    for (name, calendars) in [
        (
            "incomplete.txt",
            vec!["https://alice.btc.calendar.opentimestamps.org"],
        ),
        (
            "two-calendars.txt",
            vec![
                "https://alice.btc.calendar.opentimestamps.org",
                "https://bob.btc.calendar.opentimestamps.org",
            ],
        ),
        (
            "merkle1.txt",
            vec![
                "https://alice.btc.calendar.opentimestamps.org",
                "https://bob.btc.calendar.opentimestamps.org",
            ],
        ),
    ] {
        let proof = client_example(&format!("{name}.ots"));
        let target = client_example(name);
        let j = run_json(
            &["ots", "verify", s(&proof), "--target", s(&target)],
            &[],
            1,
        );
        let v = &j["verdict"];
        assert!(
            v["level"]
                .as_str()
                .unwrap()
                .starts_with("not yet verifiable"),
            "{v}"
        );
        assert_eq!(v["pending"], serde_json::json!(calendars));
        let (code, out, _) = run(&["ots", "verify", s(&proof), "--target", s(&target)], &[]);
        assert_eq!(code, 1);
        assert!(
            out.contains("sealbook ots upgrade asks them") && out.contains(calendars[0]),
            "{out}"
        );
    }
    let proof = client_example("unknown-notary.txt.ots");
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&proof),
            "--target",
            s(&client_example("unknown-notary.txt")),
        ],
        &[],
        1,
    );
    assert!(j["verdict"]["level"]
        .as_str()
        .unwrap()
        .starts_with("not verifiable: no Bitcoin attestation"));
    assert_eq!(
        j["verdict"]["unchecked"][0]["attestation"]["tag"],
        "0102030405060708"
    );
}

#[test]
fn a_bare_merkle_root_is_a_weaker_labelled_match_never_level_2() {
    // empty.ots: block 129405, no header in the vectors; the MANIFEST gives both orders.
    let proof = client_example("empty.ots");
    let target = client_example("empty");
    let display = "db29fdc2c27a1531ae08a9dff2d9e4dfedd9c902d16de542d8666a27367e5b71";
    let internal = "715b7e36276a66d842e56dd102c9d9eddfe4d9f2dfa908ae31157ac2c2fd29db";
    for (root, order) in [
        (display, "display"),
        (internal, "internal"),
        (&display.to_uppercase()[..], "display"),
    ] {
        let j = run_json(
            &[
                "ots",
                "verify",
                s(&proof),
                "--target",
                s(&target),
                "--merkle-root",
                root,
            ],
            &[],
            1,
        );
        assert_eq!(j["ok"], false);
        let m = &j["merkle_root"];
        assert_eq!(
            (
                m["matched"].as_bool(),
                m["order"].as_str(),
                m["height"].as_u64()
            ),
            (Some(true), Some(order), Some(129405))
        );
        assert_eq!(m["level_2"], false);
        assert!(!j["verdict"]["level"]
            .as_str()
            .unwrap()
            .starts_with("Level 2"));
    }
    let (code, out, _) = run(
        &[
            "ots",
            "verify",
            s(&proof),
            "--target",
            s(&target),
            "--merkle-root",
            display,
        ],
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("WEAKER MATCH, not Level 2") && out.contains("block 129405"),
        "{out}"
    );
    assert!(!out.contains("Level 2: Bitcoin anchor"), "{out}");
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&proof),
            "--target",
            s(&target),
            "--merkle-root",
            &"00".repeat(32),
        ],
        &[],
        1,
    );
    assert_eq!(j["merkle_root"]["matched"], false);
}

/// A fake OpenTimestamps calendar on 127.0.0.1, answering from the calendar vectors.
mod fake_calendar {
    use super::common::fake_http::{self, Answer};
    use super::{ots_vector, vectors};
    use std::net::TcpListener;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    pub use super::common::fake_http::Request;

    /// The 44-byte commitment of incomplete.txt.ots's pending attestation.
    pub const ALICE_COMMITMENT: &str =
        "57cfa5c46716df9bd9e83595bce439c58108d8fcc1678f30d4c6731c3f1fa6c79ed712c66fb1ac8d4e4eb0e7";
    pub const PENDING_REASON: &str = "Pending confirmation in Bitcoin blockchain";

    #[derive(Clone, Copy, Debug)]
    pub enum Behaviour {
        /// POST /digest: the recorded answer; GET /timestamp/<alice>: alice's answer; else 404.
        Vectors,
        /// 200 with bytes that are not a timestamp.
        Garbage,
        /// 200 with 20,000 bytes (the client reads at most 10,000).
        TooLong,
        /// Answers only after 4 s (the tests give the client 1 s).
        Slow,
    }

    pub struct FakeCalendar {
        pub url: String,
        pub requests: Arc<Mutex<Vec<Request>>>,
    }

    impl FakeCalendar {
        pub fn requests(&self) -> Vec<Request> {
            self.requests.lock().unwrap().clone()
        }
    }

    pub fn start(behaviour: Behaviour) -> FakeCalendar {
        let requests: Arc<Mutex<Vec<Request>>> = Arc::default();
        let log = requests.clone();
        let url = fake_http::start(move |r: Request| {
            log.lock().unwrap().push(r.clone());
            answer(&r, behaviour)
        });
        FakeCalendar { url, requests }
    }

    /// A URL where nothing listens.
    pub fn down() -> String {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", l.local_addr().unwrap())
    }

    fn answer(r: &Request, behaviour: Behaviour) -> Answer {
        let calendar = vectors().join("ots-calendar");
        let found = |body| Answer::new(200, "application/octet-stream", body);
        match behaviour {
            Behaviour::Garbage => found(b"<html>surely not a timestamp</html>".to_vec()),
            Behaviour::TooLong => found(vec![0x08; 20_000]),
            Behaviour::Slow | Behaviour::Vectors => {
                let a = if r.method == "POST" && r.path == "/digest" {
                    found(
                        std::fs::read(
                            calendar.join("DERIVED_calendar_POST_digest_response_body.bin"),
                        )
                        .unwrap(),
                    )
                } else if r.method == "GET" && r.path == format!("/timestamp/{ALICE_COMMITMENT}") {
                    found(
                        std::fs::read(ots_vector(
                            "upgrade-incomplete/alice_answer_57cfa5c4.timestamp",
                        ))
                        .unwrap(),
                    )
                } else {
                    Answer::new(404, "text/plain", PENDING_REASON.as_bytes().to_vec())
                };
                let slow = matches!(behaviour, Behaviour::Slow);
                Answer {
                    delay: if slow {
                        Duration::from_secs(4)
                    } else {
                        Duration::ZERO
                    },
                    ..a
                }
            }
        }
    }
}

use fake_calendar::{Behaviour, ALICE_COMMITMENT, PENDING_REASON};

const INCOMPLETE_NONCE: &str = "e754bf93806a7ebaa680ef7bd0114bf4";

/// A temporary directory holding a copy of `files` (vector paths), returned with the copies.
fn workdir(files: &[PathBuf]) -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let copies = files
        .iter()
        .map(|f| {
            let to = dir.path().join(f.file_name().unwrap());
            std::fs::copy(f, &to).unwrap();
            to
        })
        .collect();
    (dir, copies)
}

fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn stamp_with_the_recorded_nonce_rebuilds_incomplete_txt_ots_byte_for_byte() {
    let cal = fake_calendar::start(Behaviour::Vectors);
    let (dir, files) = workdir(&[client_example("incomplete.txt")]);
    let env = [("SEALBOOK_OTS_TEST_NONCE", INCOMPLETE_NONCE)];
    let j = run_json(
        &["ots", "stamp", s(&files[0]), "--calendar", &cal.url],
        &env,
        0,
    );
    assert_eq!(j["calendars"][0]["ok"], true);
    let written = dir.path().join("incomplete.txt.ots");
    assert_eq!(j["written"][0], s(&written));
    assert_eq!(
        std::fs::read(&written).unwrap(),
        std::fs::read(client_example("incomplete.txt.ots")).unwrap()
    );
    let calendar = vectors().join("ots-calendar");
    let reqs = cal.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        (reqs[0].method.as_str(), reqs[0].path.as_str()),
        ("POST", "/digest")
    );
    assert_eq!(
        reqs[0].accept.as_deref(),
        Some("application/vnd.opentimestamps.v1")
    );
    assert_eq!(
        reqs[0].body,
        std::fs::read(calendar.join("DERIVED_calendar_POST_digest_request_body.bin")).unwrap()
    );
    // Never over an existing proof.
    let (code, _, err) = run(
        &["ots", "stamp", s(&files[0]), "--calendar", &cal.url],
        &env,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("incomplete.txt.ots") && err.contains("already exists"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&written).unwrap(),
        std::fs::read(client_example("incomplete.txt.ots")).unwrap()
    );
    assert_eq!(
        cal.requests().len(),
        1,
        "refused before asking any calendar"
    );
}

#[test]
fn stamp_several_files_with_random_nonces_and_two_calendars() {
    let (a, b) = (
        fake_calendar::start(Behaviour::Vectors),
        fake_calendar::start(Behaviour::Vectors),
    );
    let (dir, files) = workdir(&[
        client_example("hello-world.txt"),
        client_example("merkle1.txt"),
        client_example("empty"),
    ]);
    let args: Vec<&str> = ["ots", "stamp"]
        .into_iter()
        .chain(files.iter().map(|f| s(f)))
        .chain(["--calendar", &a.url, "--calendar", &b.url])
        .collect();
    let (code, out, err) = run(&args, &[]);
    assert_eq!(code, 0, "{out}{err}");
    // One tip for all files, submitted to both calendars.
    let tip = |c: &fake_calendar::FakeCalendar| c.requests()[0].body.clone();
    assert_eq!(tip(&a), tip(&b));
    let mut nonces = std::collections::BTreeSet::new();
    for f in &files {
        let proof = std::fs::read(
            dir.path()
                .join(format!("{}.ots", f.file_name().unwrap().to_str().unwrap())),
        )
        .unwrap();
        let p = DetachedTimestampFile::deserialize(&proof).unwrap();
        assert!(p.matches_target(&std::fs::read(f).unwrap()));
        let (Op::Append(nonce), _) = p.timestamp.root.ops.iter().next().unwrap() else {
            panic!("nonce first")
        };
        nonces.insert(nonce.clone());
        let pending = sealbook_core::ots::evaluate::pending_commitments(&p.timestamp).unwrap();
        assert_eq!(
            pending.len(),
            1,
            "both answers are the same recorded one, merged once"
        );
        assert_eq!(
            pending[0].0,
            "https://alice.btc.calendar.opentimestamps.org"
        );
    }
    assert_eq!(nonces.len(), 3, "a fresh nonce per file");
}

#[test]
fn stamp_fails_cleanly_when_calendars_are_down_slow_garbage_or_too_long() {
    let garbage = fake_calendar::start(Behaviour::Garbage);
    let too_long = fake_calendar::start(Behaviour::TooLong);
    let slow = fake_calendar::start(Behaviour::Slow);
    let good = fake_calendar::start(Behaviour::Vectors);
    let down = fake_calendar::down();
    let (dir, files) = workdir(&[client_example("hello-world.txt")]);
    let before = listing(dir.path());
    let args = [
        "ots",
        "stamp",
        s(&files[0]),
        "--timeout",
        "1",
        "--calendar",
        &down,
        "--calendar",
        &garbage.url,
    ]
    .into_iter()
    .chain(["--calendar", &too_long.url, "--calendar", &slow.url])
    .collect::<Vec<_>>();
    let j = run_json(&args, &[], 1);
    assert_eq!(j["written"], serde_json::json!([]));
    assert!(
        j["error"]
            .as_str()
            .unwrap()
            .starts_with("EmptyTimestampError: 0 of 4 calendars answered"),
        "{j}"
    );
    let errors: Vec<&str> = j["calendars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["error"].as_str().unwrap())
        .collect();
    assert!(errors[0].starts_with(&down), "{}", errors[0]);
    assert!(errors[1].contains("not a timestamp"), "{}", errors[1]);
    assert!(errors[2].contains("exceeded size limit"), "{}", errors[2]);
    assert!(
        errors[3].ends_with("no complete answer within 1 s (timeout)"),
        "{}",
        errors[3]
    );
    assert_eq!(listing(dir.path()), before, "nothing written");
    // Two calendars, one down: two answers needed by default, so nothing is written...
    let j = run_json(
        &[
            "ots",
            "stamp",
            s(&files[0]),
            "--calendar",
            &down,
            "--calendar",
            &good.url,
        ],
        &[],
        1,
    );
    assert!(
        j["error"]
            .as_str()
            .unwrap()
            .contains("1 of 2 calendars answered, 2 needed"),
        "{j}"
    );
    assert_eq!(listing(dir.path()), before);
    // ... unless one is enough.
    let j = run_json(
        &[
            "ots",
            "stamp",
            s(&files[0]),
            "-m",
            "1",
            "--calendar",
            &down,
            "--calendar",
            &good.url,
        ],
        &[],
        0,
    );
    assert_eq!(j["calendars"][0]["ok"], false);
    assert_eq!(j["calendars"][1]["ok"], true);
    assert!(dir.path().join("hello-world.txt.ots").is_file());
}

const PY_UPGRADE: &str = r#"
import sys
from opentimestamps.core.serialize import BytesDeserializationContext as D, BytesSerializationContext as S
from opentimestamps.core.timestamp import DetachedTimestampFile, Timestamp
f = DetachedTimestampFile.deserialize(D(open(sys.argv[1], 'rb').read()))
commitment = bytes.fromhex(sys.argv[3])
answer = Timestamp.deserialize(D(open(sys.argv[2], 'rb').read()), commitment)
def walk(t):
    yield t
    for sub in t.ops.values():
        yield from walk(sub)
for t in list(walk(f.timestamp)):
    if t.msg == commitment:
        t.merge(answer)  # what otsclient's upgrade_timestamp does with a calendar's answer
w = S()
f.serialize(w)
sys.stdout.write(w.getbytes().hex())
"#;

#[test]
fn upgrade_reaches_block_428648_keeps_the_original_and_then_verifies() {
    let cal = fake_calendar::start(Behaviour::Vectors);
    let original_path = client_example("incomplete.txt.ots");
    let (dir, files) = workdir(&[original_path.clone(), client_example("incomplete.txt")]);
    let original = std::fs::read(&original_path).unwrap();
    let j = run_json(
        &["ots", "upgrade", s(&files[0]), "--calendar", &cal.url],
        &[],
        0,
    );
    let p = &j["proofs"][0];
    assert_eq!(p["complete"], true);
    assert_eq!(p["saved"], true);
    assert_eq!(
        p["new_attestations"],
        serde_json::json!(["BitcoinBlockHeaderAttestation(428648)"])
    );
    assert_eq!(
        p["asked"][0]["calendar"],
        "https://alice.btc.calendar.opentimestamps.org"
    );
    assert_eq!(p["asked"][0]["result"], "found");
    let reqs = cal.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].path, format!("/timestamp/{ALICE_COMMITMENT}"));
    assert_eq!(
        reqs[0].accept.as_deref(),
        Some("application/vnd.opentimestamps.v1")
    );
    // The original is kept byte for byte; the upgrade is what python-opentimestamps writes.
    assert_eq!(
        std::fs::read(dir.path().join("incomplete.txt.ots.bak")).unwrap(),
        original
    );
    let answer = ots_vector("upgrade-incomplete/alice_answer_57cfa5c4.timestamp");
    let theirs = python_run(
        PY_UPGRADE,
        &[s(&original_path), s(&answer), ALICE_COMMITMENT],
    );
    let upgraded = std::fs::read(&files[0]).unwrap();
    assert_eq!(sealbook_core::hex::encode(&upgraded), theirs);
    let names: Vec<String> = listing(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "incomplete.txt",
            "incomplete.txt.ots",
            "incomplete.txt.ots.bak"
        ],
        "no temporary file left"
    );
    // Now Level 2 with block 428648's real header.
    let j = run_json(
        &[
            "ots",
            "verify",
            s(&files[0]),
            "--target",
            s(&files[1]),
            "--header",
            &header_hex(428648),
        ],
        &[],
        0,
    );
    assert_eq!(j["verdict"]["bitcoin"][0]["height"], 428648);
    assert_eq!(j["verdict"]["bitcoin"][0]["header_time"], 1473227803);
    // A complete proof asks nobody; a second upgrade of the original refuses to replace the .bak.
    let j = run_json(
        &["ots", "upgrade", s(&files[0]), "--calendar", &cal.url],
        &[],
        0,
    );
    assert_eq!(j["proofs"][0]["asked"], serde_json::json!([]));
    std::fs::write(&files[0], &original).unwrap();
    let (code, _, err) = run(
        &["ots", "upgrade", s(&files[0]), "--calendar", &cal.url],
        &[],
    );
    assert_eq!(code, 2);
    assert!(err.contains("incomplete.txt.ots.bak"), "{err}");
    assert_eq!(
        std::fs::read(&files[0]).unwrap(),
        original,
        "original untouched"
    );
    assert_eq!(cal.requests().len(), 2);
}

#[test]
fn upgrade_leaves_files_intact_when_calendars_fail_or_are_still_pending() {
    let garbage = fake_calendar::start(Behaviour::Garbage);
    let too_long = fake_calendar::start(Behaviour::TooLong);
    let slow = fake_calendar::start(Behaviour::Slow);
    let pending = fake_calendar::start(Behaviour::Vectors);
    let down = fake_calendar::down();
    let (dir, files) = workdir(&[
        client_example("incomplete.txt.ots"),
        client_example("two-calendars.txt.ots"),
    ]);
    let before = listing(dir.path());
    let cases: [(&str, &str); 4] = [
        (&down, "Connection refused"),
        (&garbage.url, "not a timestamp"),
        (&too_long.url, "exceeded size limit"),
        (&slow.url, "no complete answer within 1 s (timeout)"),
    ];
    for (url, why) in cases {
        let j = run_json(
            &[
                "ots",
                "upgrade",
                s(&files[0]),
                "--timeout",
                "1",
                "--calendar",
                url,
            ],
            &[],
            1,
        );
        let a = &j["proofs"][0]["asked"][0];
        assert_eq!(a["result"], "error");
        let m = a["message"].as_str().unwrap();
        assert!(m.starts_with(url) && m.contains(why), "{url}: {m}");
        assert_eq!(listing(dir.path()), before, "{url}: files intact, no .bak");
    }
    // Still pending at the calendar: the reason is reported as the reference sanitises it.
    let (code, out, _) = run(
        &["ots", "upgrade", s(&files[1]), "--calendar", &pending.url],
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        out.contains(&format!("pending: {PENDING_REASON}")) && out.contains("not complete"),
        "{out}"
    );
    assert_eq!(
        pending.requests().len(),
        2,
        "both pending commitments asked"
    );
    assert_eq!(listing(dir.path()), before);
}

#[test]
fn upgrade_asks_only_whitelisted_calendars_named_in_the_proof() {
    let cal = fake_calendar::start(Behaviour::Vectors);
    let dir = tempfile::tempdir().unwrap();
    let mut file = DetachedTimestampFile::new(Op::Sha256, vec![7; 32]).unwrap();
    file.timestamp
        .root
        .attestations
        .insert(Attestation::pending(&cal.url).unwrap());
    let path = dir.path().join("local.ots");
    std::fs::write(&path, file.serialize().unwrap()).unwrap();
    // http://127.0.0.1:port is not a default calendar: skipped, nothing asked.
    let j = run_json(&["ots", "upgrade", s(&path)], &[], 1);
    assert_eq!(j["proofs"][0]["asked"][0]["result"], "skipped");
    assert!(cal.requests().is_empty());
    // The public calendar of incomplete.txt.ots is skipped without the default whitelist (and
    // never contacted by this test).
    let (_keep, files) = workdir(&[client_example("incomplete.txt.ots")]);
    let j = run_json(
        &["ots", "upgrade", s(&files[0]), "--no-default-whitelist"],
        &[],
        1,
    );
    assert_eq!(j["proofs"][0]["asked"][0]["result"], "skipped");
    // Whitelisted by host: asked at its own URL.
    let host = cal.url.trim_start_matches("http://").to_string();
    let j = run_json(&["ots", "upgrade", s(&path), "--whitelist", &host], &[], 1);
    assert_eq!(j["proofs"][0]["asked"][0]["result"], "pending");
    assert_eq!(j["proofs"][0]["asked"][0]["message"], PENDING_REASON);
    let reqs = cal.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        reqs[0].path,
        format!("/timestamp/{}", sealbook_core::hex::encode(&[7; 32]))
    );
}
