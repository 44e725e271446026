//! `sealbook rekor` end to end:
//! - `upload` to a fake Rekor on 127.0.0.1 that checks the proposed hashedrekord's signature
//!   as Rekor does, appends it to an RFC 6962 tree (test-only builder) and answers with the
//!   entry, an inclusion proof, a checkpoint and a SET signed by a P-256 test log key; the
//!   stored entry passes `rekor verify` and the independent Python peer (tests/py/rekor_peer.py).
//!   Answers with a bad SET or proof, a conflict, garbage, or signed by another log key than
//!   the one expected (by default the production key) are refused and nothing is written.
//! - `verify` on every entry of ../shared/vectors/rekor with its MANIFEST expectation: the real
//!   staging and production entries pass; each derived negative fails at the check named.

use super::common;

use common::fake_http;
use common::fake_rekor::{FakeRekor, INTEGRATED_TIME};
use common::{arg as s, sealbook_json as run_json};
use sealbook_core::hex;
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::rekor::LogKey;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .env("OPENSSL_CONF", "/dev/null")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn upload_to_a_fake_rekor_then_verify() {
    let fake = std::sync::Arc::new(FakeRekor::new());
    let log_pub = fake.public_pem();
    let f = fake.clone();
    let url = fake_http::start(move |r| f.answer(r));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("log.pub"), &log_pub).unwrap();
    assert_eq!(
        hex::encode(&LogKey::parse(log_pub.as_bytes()).unwrap().log_id),
        fake.log_id()
    );
    openssl(
        d,
        &[
            "genpkey",
            "-algorithm",
            "EC",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-out",
            "pkcs8.pem",
        ],
    );
    openssl(
        d,
        &[
            "ecparam",
            "-name",
            "prime256v1",
            "-genkey",
            "-noout",
            "-out",
            "sec1.pem",
        ],
    );
    openssl(
        d,
        &["genpkey", "-algorithm", "ED25519", "-out", "ed25519.pem"],
    );
    let log = d.join("log.pub");

    for (i, key) in ["pkcs8.pem", "sec1.pem"].iter().enumerate() {
        let list = d.join(format!("list{i}.txt"));
        std::fs::write(&list, format!("daily/council/book.jsonl {i} lines\n")).unwrap();
        let honest = format!("{url}/honest");
        let (code, j) = run_json(&[
            "rekor",
            "upload",
            s(&list),
            "--key",
            s(&d.join(key)),
            "--url",
            &honest,
            "--pubkey",
            s(&log),
        ]);
        assert_eq!(code, 0, "{key}: {j}");
        let stored = d.join(format!("list{i}.txt.rekor.json"));
        assert_eq!(j["written"], s(&stored));
        assert_eq!(j["verdict"]["integrated_time"], INTEGRATED_TIME);
        // The stored entry verifies, by us and by the independent peer.
        let (code, v) = run_json(&[
            "rekor",
            "verify",
            s(&stored),
            "--data",
            s(&list),
            "--pubkey",
            s(&log),
        ]);
        assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{v}");
        let sha = hex::encode(&HashAlg::Sha256.digest(&std::fs::read(&list).unwrap()));
        let out = sealbook_tests::python_script("rekor_peer.py")
            .arg(&stored)
            .arg(&log)
            .arg(&sha)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let peer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(
            peer.as_object()
                .unwrap()
                .values()
                .all(|x| *x == Value::Bool(true)),
            "{peer}"
        );
        // The text report states when the list became public.
        let (code, text, _) = common::sealbook(&[
            "rekor",
            "verify",
            s(&stored),
            "--digest",
            &sha,
            "--pubkey",
            s(&log),
        ]);
        assert_eq!(code, 0);
        assert!(text.contains("integratedTime: 2025-11-30T00:00:00Z (UTC; Unix time 1764460800): from then on the logged list is public"), "{text}");
        // Never over an existing entry.
        let (code, j) = run_json(&[
            "rekor",
            "upload",
            s(&list),
            "--key",
            s(&d.join(key)),
            "--url",
            &honest,
            "--pubkey",
            s(&log),
        ]);
        assert_eq!(code, 2, "{j}");
    }

    // Refused answers: exit 1, the reason, nothing written.
    let list = d.join("list.txt");
    std::fs::write(&list, b"another stamped list\n").unwrap();
    let key = d.join("pkcs8.pem");
    let before = std::fs::read_dir(d).unwrap().count();
    for (mode, pubkey, why) in [
        ("badset", Some(&log), "signed_entry_timestamp"),
        ("badproof", Some(&log), "inclusion_proof"),
        ("conflict", Some(&log), "HTTP 409"),
        ("garbage", Some(&log), "not a log entry"),
        ("nosuchpath/x", Some(&log), "HTTP 404"),
        // The default key is the production log's: the fake's entries do not verify under it.
        ("honest", None, "log_id"),
    ] {
        let at = format!("{url}/{mode}");
        let mut args = vec!["rekor", "upload", s(&list), "--key", s(&key), "--url", &at];
        if let Some(p) = pubkey {
            args.extend(["--pubkey", s(p)]);
        }
        let (code, j) = run_json(&args);
        assert_eq!(code, 1, "{mode}: {j}");
        assert!(j["error"].as_str().unwrap().contains(why), "{mode}: {j}");
        assert_eq!(j["written"], Value::Null);
        assert_eq!(
            std::fs::read_dir(d).unwrap().count(),
            before,
            "{mode}: nothing written"
        );
    }
    // Keys other than P-256 are unusable input.
    let (code, j) = run_json(&[
        "rekor",
        "upload",
        s(&list),
        "--key",
        s(&d.join("ed25519.pem")),
        "--url",
        &url,
    ]);
    assert_eq!(
        (code, &j["error"]["field"]),
        (2, &Value::from("--key")),
        "{j}"
    );
}

#[test]
fn verify_every_rekor_vector_as_its_manifest_says() {
    let v = sealbook_tests::vectors_dir().join("rekor");
    const STAGE_SHA: &str = "47c1db9fb5fe7ff66e3d7c15b2ca5d3a046ee8f4aa043dedd317e46b321c4390";
    const PROD_SHA: &str = "c4e92e9ecc828bef2aa7dba1de8ac983511f7532a0df11c770d39099a25cf201";
    // (entry, key, digest, the checks that must fail)
    let cases: &[(&str, &str, &str, &[&str])] = &[
        (
            "sigstage-entry-1688.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
            &[],
        ),
        (
            "prod-entry-79605083.api.json",
            "rekor-sigstore-prod.pub",
            PROD_SHA,
            &[],
        ),
        (
            "negative/sigstage-entry-1688.swapped-proof-hash.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
            &["inclusion_proof"],
        ),
        (
            "negative/sigstage-entry-1688.integratedTime+1.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
            &["signed_entry_timestamp"],
        ),
        (
            "negative/sigstage-entry-1688.treeSize+1.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
            &["checkpoint"],
        ),
        (
            "sigstage-entry-1688.json",
            "rekor-sigstage.pub",
            PROD_SHA,
            &["body_hash"],
        ),
        (
            "sigstage-entry-1688.json",
            "rekor-sigstore-prod.pub",
            STAGE_SHA,
            &["log_id", "checkpoint", "signed_entry_timestamp"],
        ),
    ];
    for (entry, key, sha, fails) in cases {
        let (code, j) = run_json(&[
            "rekor",
            "verify",
            s(&v.join(entry)),
            "--digest",
            sha,
            "--pubkey",
            s(&v.join(key)),
        ]);
        let failed: Vec<&str> = j["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["status"] == "fail")
            .map(|c| c["id"].as_str().unwrap())
            .collect();
        assert_eq!(&failed, fails, "{entry} with {key}: {j}");
        assert_eq!(code, if fails.is_empty() { 0 } else { 1 }, "{entry}");
        assert_eq!(j["ok"], fails.is_empty());
    }
    // The production entry under the key shipped in www/trust/.
    let shipped = sealbook_tests::repo_root().join("www/trust/rekor-sigstore-prod.pub");
    let (code, j) = run_json(&[
        "rekor",
        "verify",
        s(&v.join("prod-entry-79605083.api.json")),
        "--digest",
        PROD_SHA,
        "--pubkey",
        s(&shipped),
    ]);
    assert_eq!(
        (code, &j["ok"], &j["log_index"]),
        (0, &Value::Bool(true), &Value::from(79605083)),
        "{j}"
    );
    // Unusable inputs.
    let (code, j) = run_json(&[
        "rekor",
        "verify",
        s(&v.join("rekor-sigstage.pub")),
        "--digest",
        STAGE_SHA,
        "--pubkey",
        s(&v.join("rekor-sigstage.pub")),
    ]);
    assert_eq!(
        (code, &j["error"]["field"]),
        (2, &Value::from("entry")),
        "{j}"
    );
    let (code, j) = run_json(&[
        "rekor",
        "verify",
        s(&v.join("sigstage-entry-1688.json")),
        "--digest",
        "abcd",
        "--pubkey",
        s(&v.join("rekor-sigstage.pub")),
    ]);
    assert_eq!(
        (code, &j["error"]["field"]),
        (2, &Value::from("--digest")),
        "{j}"
    );
}
