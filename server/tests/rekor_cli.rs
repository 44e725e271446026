//! `sealbook rekor` end to end:
//! - `upload` to a fake Rekor on 127.0.0.1 that checks the proposed hashedrekord's signature
//!   as Rekor does, appends it to an RFC 6962 tree (test-only builder) and answers with the
//!   entry, an inclusion proof, a checkpoint and a SET signed by a P-256 test log key; the
//!   stored entry passes `rekor verify` and the independent Python peer (tests/py/rekor_peer.py).
//!   Answers with a bad SET or proof, a conflict, garbage, or signed by another log key than
//!   the one expected (by default the production key) are refused and nothing is written.
//! - `verify` on every entry of ../shared/vectors/rekor with its MANIFEST expectation: the real
//!   staging and production entries pass; each derived negative fails at the check named.

mod common;

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use common::fake_http::{self, Answer, Request};
use common::{arg as s, sealbook_json as run_json};
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::{EncodePublicKey, LineEnding};
use sealbook_core::hex;
use sealbook_core::pki::signature::{self, HashAlg, PublicKey, Scheme};
use sealbook_core::rekor::{self, LogKey};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

/// RFC 6962 §2.1 tree hash and audit path by the recursive definition (test-only builder).
fn mth(leaves: &[[u8; 32]]) -> [u8; 32] {
    if leaves.len() == 1 {
        return leaves[0];
    }
    let k = leaves.len().next_power_of_two() / 2;
    node(&mth(&leaves[..k]), &mth(&leaves[k..]))
}

fn node(l: &[u8; 32], r: &[u8; 32]) -> [u8; 32] {
    HashAlg::Sha256
        .digest(&[&[1u8][..], l, r].concat())
        .try_into()
        .unwrap()
}

fn audit_path(m: usize, leaves: &[[u8; 32]]) -> Vec<[u8; 32]> {
    if leaves.len() == 1 {
        return vec![];
    }
    let k = leaves.len().next_power_of_two() / 2;
    let (mut p, other) = if m < k {
        (audit_path(m, &leaves[..k]), mth(&leaves[k..]))
    } else {
        (audit_path(m - k, &leaves[k..]), mth(&leaves[..k]))
    };
    p.push(other);
    p
}

/// How the fake log misbehaves (first path segment of its URL).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Honest,
    BadSet,
    BadProof,
    Conflict,
    Garbage,
}

const INTEGRATED_TIME: i64 = 1_764_460_800;
const SHARD_OFFSET: u64 = 1000;

struct FakeRekor {
    key: SigningKey,
    leaves: Mutex<Vec<[u8; 32]>>,
}

impl FakeRekor {
    fn new() -> FakeRekor {
        let key = SigningKey::from_bytes(&[7u8; 32].into()).unwrap();
        // Earlier entries of other people, so the proof has siblings on both sides.
        let leaves = (0..6u8).map(|i| rekor::leaf_hash(&[b'x', i])).collect();
        FakeRekor {
            key,
            leaves: Mutex::new(leaves),
        }
    }

    fn public_pem(&self) -> String {
        self.key
            .verifying_key()
            .to_public_key_pem(LineEnding::LF)
            .unwrap()
    }

    fn log_id(&self) -> String {
        let der = self.key.verifying_key().to_public_key_der().unwrap();
        hex::encode(&HashAlg::Sha256.digest(der.as_bytes()))
    }

    fn sign(&self, message: &[u8]) -> Vec<u8> {
        let sig: Signature = self.key.sign(message);
        sig.to_der().as_bytes().to_vec()
    }

    /// Rekor's checks of a proposed hashedrekord: kind, a SHA-256 and a signature over it by
    /// the enclosed key.
    fn accept(body: &[u8]) -> Result<(), String> {
        let v: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        if (v["kind"].as_str(), v["apiVersion"].as_str()) != (Some("hashedrekord"), Some("0.0.1")) {
            return Err("not hashedrekord 0.0.1".into());
        }
        let spec = &v["spec"];
        if spec["data"]["hash"]["algorithm"] != "sha256" {
            return Err("not sha256".into());
        }
        let digest = hex::decode(spec["data"]["hash"]["value"].as_str().ok_or("no hash")?)
            .ok_or("hash not hex")?;
        let sig = B64
            .decode(
                spec["signature"]["content"]
                    .as_str()
                    .ok_or("no signature")?,
            )
            .map_err(|e| e.to_string())?;
        let pem = B64
            .decode(
                spec["signature"]["publicKey"]["content"]
                    .as_str()
                    .ok_or("no key")?,
            )
            .map_err(|e| e.to_string())?;
        let spki = sealbook_core::pki::x509::pem_blocks(&pem, "PUBLIC KEY")?
            .pop()
            .ok_or("no PUBLIC KEY")?;
        let key = PublicKey::from_spki_der(&spki)?;
        signature::verify_prehashed(&key, Scheme::Ecdsa(HashAlg::Sha256), &digest, &sig)
    }

    fn answer(&self, r: Request) -> Answer {
        let json =
            |status, v: Value| Answer::new(status, "application/json", v.to_string().into_bytes());
        let mode = match r.path.split('/').nth(1) {
            Some("honest") => Mode::Honest,
            Some("badset") => Mode::BadSet,
            Some("badproof") => Mode::BadProof,
            Some("conflict") => Mode::Conflict,
            Some("garbage") => Mode::Garbage,
            _ => {
                return json(
                    404,
                    serde_json::json!({"code": 404, "message": "no such path"}),
                )
            }
        };
        if !r.path.ends_with("/api/v1/log/entries") || r.method != "POST" {
            return json(
                404,
                serde_json::json!({"code": 404, "message": "no such path"}),
            );
        }
        if r.content_type.as_deref() != Some("application/json") {
            return json(
                415,
                serde_json::json!({"code": 415, "message": "expected application/json"}),
            );
        }
        if let Err(e) = Self::accept(&r.body) {
            return json(
                400,
                serde_json::json!({"code": 400, "message": format!("invalid entry: {e}")}),
            );
        }
        match mode {
            Mode::Conflict => {
                return json(
                    409,
                    serde_json::json!({"code": 409, "message": "an equivalent entry already exists in the transparency log"}),
                )
            }
            Mode::Garbage => {
                return Answer::new(201, "application/json", b"{\"not\": \"an entry\"".to_vec())
            }
            _ => {}
        }
        let leaf = rekor::leaf_hash(&r.body);
        let mut leaves = self.leaves.lock().unwrap();
        leaves.push(leaf);
        let (index, size) = (leaves.len() as u64 - 1, leaves.len() as u64);
        let root = mth(&leaves);
        let mut hashes = audit_path(index as usize, &leaves);
        if mode == Mode::BadProof {
            hashes[0][0] ^= 1;
        }
        let body_b64 = B64.encode(&r.body);
        let log_id = self.log_id();
        let log_index = index + SHARD_OFFSET;
        let signed_time = if mode == Mode::BadSet {
            INTEGRATED_TIME + 1
        } else {
            INTEGRATED_TIME
        };
        let payload = format!(
            r#"{{"body":"{body_b64}","integratedTime":{signed_time},"logID":"{log_id}","logIndex":{log_index}}}"#
        );
        let note = format!("fake.rekor - 42\n{size}\n{}\n", B64.encode(root));
        let hint = &HashAlg::Sha256.digest(
            self.key
                .verifying_key()
                .to_public_key_der()
                .unwrap()
                .as_bytes(),
        )[..4];
        let checkpoint = format!(
            "{note}\n\u{2014} fake.rekor {}\n",
            B64.encode([hint, &self.sign(note.as_bytes())].concat())
        );
        let uuid = format!("24296fb24b8ad77a{}", hex::encode(&leaf));
        let entry = serde_json::json!({ uuid: {
            "body": body_b64,
            "integratedTime": INTEGRATED_TIME,
            "logID": log_id,
            "logIndex": log_index,
            "verification": {
                "inclusionProof": {
                    "checkpoint": checkpoint,
                    "hashes": hashes.iter().map(|h| hex::encode(h)).collect::<Vec<_>>(),
                    "logIndex": index,
                    "rootHash": hex::encode(&root),
                    "treeSize": size,
                },
                "signedEntryTimestamp": B64.encode(self.sign(payload.as_bytes())),
            },
        }});
        json(201, entry)
    }
}

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
