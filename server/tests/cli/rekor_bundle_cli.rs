//! `sealbook rekor verify` on the real Sigstore bundles of ../shared/vectors/sigstore-bundles
//! (sigstore-go's and sigstore-python's test files) with the trusted roots beside them:
//! - the Rekor v2 bundle with its artifact verifies as sigstore-python verifies it (Ed25519
//!   checkpoint, inclusion proof, no integratedTime; the time proven by the staging TSA's
//!   RFC 3161 token), and fails under the production root or for another artifact;
//! - one byte of the body, the checkpoint signature or an inclusion-path hash: exit 1, at the
//!   check named;
//! - a v0.2 hashedrekord bundle (Rekor v1) is in the log with no time proven;
//! - intoto bundles pass every log check and exit 2 "unsupported kind"; the ones with a SET
//!   and no inclusion proof are "SET only";
//! - a bundle without a transparency-log entry is unusable (exit 2);
//! - sigstore-python (tests/py/sigstore_peer.py, offline against the same trusted root) gives
//!   the same verdict on the Rekor v2 bundle, its tampered copies, another artifact and the
//!   wrong root.

use super::common;

use base64::Engine;
use common::{arg as s, sealbook, sealbook_json as run_json};
use serde_json::Value;
use std::path::PathBuf;

fn dir() -> PathBuf {
    sealbook_tests::vectors_dir().join("sigstore-bundles")
}

fn failed(entry: &Value) -> Vec<String> {
    entry["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] == "fail")
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}

fn verify(bundle: &std::path::Path, target: &[&str], trust: &[&str]) -> (i32, Value) {
    let mut a = vec!["rekor", "verify", s(bundle)];
    a.extend_from_slice(target);
    a.extend_from_slice(trust);
    run_json(&a)
}

#[test]
fn rekor_v2_bundle_verifies_with_the_time_from_the_tsa() {
    let d = dir();
    let data = d.join("staging-rekor-v2.txt");
    let bundle = d.join("staging-rekor-v2.txt.sigstore.json");
    let staging = d.join("trusted_root.staging.json");
    let (code, j) = verify(
        &bundle,
        &["--data", s(&data)],
        &["--trusted-root", s(&staging)],
    );
    let b = &j["bundle"];
    assert_eq!(code, 0, "{j}");
    assert_eq!(b["ok"], true);
    assert_eq!(b["version"], "0.3");
    assert_eq!(b["entries"][0]["integrated_time"], Value::Null);
    assert_eq!(b["entries"][0]["log_index"], 645);
    assert_eq!(b["times"].as_array().unwrap().len(), 1, "{b}");
    assert_eq!(b["times"][0]["source"], "tsa");
    assert_eq!(b["timestamps"][0]["ok"], true);
    // The text form says what time is proven by whom.
    let (code, out, _) = sealbook(&[
        "rekor",
        "verify",
        s(&bundle),
        "--data",
        s(&data),
        "--trusted-root",
        s(&staging),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("signed by the time-stamp authority") && out.contains("integratedTime: none"),
        "{out}"
    );

    // The Ed25519 key alone: in the log, the token not checked, no time proven.
    let (code, j) = verify(
        &bundle,
        &["--data", s(&data)],
        &["--pubkey", s(&d.join("rekor-staging-v2-ed25519.pub"))],
    );
    assert_eq!(code, 0, "{j}");
    assert_eq!(j["bundle"]["times"], Value::Array(vec![]));
    assert_eq!(
        j["bundle"]["timestamps_unchecked"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Another artifact: the body names another digest.
    let (code, j) = verify(
        &bundle,
        &["--digest", &"00".repeat(32)],
        &["--trusted-root", s(&staging)],
    );
    assert_eq!(code, 1, "{j}");
    assert_eq!(failed(&j["bundle"]["entries"][0]), ["body_hash"]);
    // The production root does not hold the staging v2 log's key.
    let (code, j) = verify(
        &bundle,
        &["--data", s(&data)],
        &["--trusted-root", s(&d.join("trusted_root.prod.json"))],
    );
    assert_eq!(code, 1, "{j}");
    assert!(failed(&j["bundle"]["entries"][0]).contains(&"log_id".to_string()));
}

#[test]
fn tampered_rekor_v2_bundles_fail_at_the_check_named() {
    let d = dir();
    let b64 = base64::engine::general_purpose::STANDARD;
    let orig: Value = serde_json::from_slice(
        &std::fs::read(d.join("staging-rekor-v2.txt.sigstore.json")).unwrap(),
    )
    .unwrap();
    let mut body = orig.clone();
    {
        let e = &mut body["verificationMaterial"]["tlogEntries"][0];
        let mut raw = b64
            .decode(e["canonicalizedBody"].as_str().unwrap())
            .unwrap();
        raw[60] ^= 1;
        e["canonicalizedBody"] = Value::from(b64.encode(raw));
    }
    let mut sig = orig.clone();
    {
        let c = &mut sig["verificationMaterial"]["tlogEntries"][0]["inclusionProof"]["checkpoint"]
            ["envelope"];
        let text = c.as_str().unwrap().to_string();
        let (head, tail) = text.trim_end().rsplit_once(' ').unwrap();
        let mut raw = b64.decode(tail).unwrap();
        raw[20] ^= 1;
        *c = Value::from(format!("{head} {}\n", b64.encode(raw)));
    }
    let mut path = orig.clone();
    {
        let h = &mut path["verificationMaterial"]["tlogEntries"][0]["inclusionProof"]["hashes"][2];
        let mut raw = b64.decode(h.as_str().unwrap()).unwrap();
        raw[0] ^= 1;
        *h = Value::from(b64.encode(raw));
    }
    let tmp = tempfile::tempdir().unwrap();
    let staging = d.join("trusted_root.staging.json");
    let artifact = d.join("staging-rekor-v2.txt");
    // sigstore-python on the original: accepted, as by sealbook.
    assert_eq!(
        peer(
            &d.join("staging-rekor-v2.txt.sigstore.json"),
            &artifact,
            &staging
        ),
        "ok"
    );
    for (name, v, check) in [
        ("body", body, "inclusion_proof"),
        ("checkpoint-signature", sig, "checkpoint"),
        ("inclusion-path", path, "inclusion_proof"),
    ] {
        let f = tmp.path().join(format!("{name}.sigstore.json"));
        std::fs::write(&f, serde_json::to_vec(&v).unwrap()).unwrap();
        let (code, j) = verify(
            &f,
            &["--data", s(&d.join("staging-rekor-v2.txt"))],
            &["--trusted-root", s(&d.join("trusted_root.staging.json"))],
        );
        assert_eq!(code, 1, "{name}: {j}");
        assert_eq!(j["bundle"]["ok"], false, "{name}");
        assert!(
            failed(&j["bundle"]["entries"][0]).contains(&check.to_string()),
            "{name}: {j}"
        );
        assert_eq!(
            peer(&f, &artifact, &staging),
            "fail",
            "sigstore-python on {name}"
        );
    }
    // Another artifact, and the production root: both refuse.
    let other = tmp.path().join("other.txt");
    std::fs::write(&other, b"not the signed file\n").unwrap();
    let bundle = d.join("staging-rekor-v2.txt.sigstore.json");
    assert_eq!(peer(&bundle, &other, &staging), "fail");
    let (code, _) = verify(
        &bundle,
        &["--data", s(&other)],
        &["--trusted-root", s(&staging)],
    );
    assert_eq!(code, 1);
    assert_eq!(
        peer(&bundle, &artifact, &d.join("trusted_root.prod.json")),
        "fail"
    );
}

/// sigstore-python's verdict (`ok` or `fail`) on a bundle for an artifact, offline against a
/// trusted root, for the identity the v2 bundle's certificate names.
fn peer(bundle: &std::path::Path, artifact: &std::path::Path, root: &std::path::Path) -> String {
    let out = sealbook_tests::python_script("sigstore_peer.py")
        .args([
            s(bundle),
            s(artifact),
            s(root),
            "jku@goto.fi",
            "https://github.com/login/oauth",
        ])
        .output()
        .expect("run the sigstore-python peer");
    assert!(
        out.status.success(),
        "sigstore peer: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn rekor_v1_bundles_give_the_log_level_verdict() {
    let d = dir();
    let prod = d.join("trusted_root.prod.json");
    // hashedrekord 0.0.1 with an inclusion proof and no SET: in the log, no time proven.
    let (code, j) = verify(
        &d.join("bundle-v02.json"),
        &[
            "--digest",
            "a0cfc71271d6e278e57cd332ff957c3f7043fdda354c4cbb190a30d56efa01bf",
        ],
        &["--trusted-root", s(&prod)],
    );
    assert_eq!(code, 0, "{j}");
    assert_eq!(j["bundle"]["times"], Value::Array(vec![]));
    // intoto entries: every log check passes, the kind is not read: exit 2, not "FAILED".
    for (name, set_only) in [
        ("dsse.sigstore.json", true),
        ("dsse-2sigs.sigstore.json", true),
        ("bundle-provenance.json", true),
        ("bundle-publish.json", true),
        ("bundle-public-key.json", false),
        ("sigstore.js@2.0.0-provenance.sigstore.json", false),
    ] {
        let (code, j) = verify(
            &d.join(name),
            &["--digest", &"00".repeat(32)],
            &["--trusted-root", s(&prod)],
        );
        let b = &j["bundle"];
        assert_eq!(code, 2, "{name}: {j}");
        assert_eq!(
            (&b["log_ok"], &b["unsupported_kind"]),
            (&Value::Bool(true), &Value::from("intoto 0.0.2")),
            "{name}"
        );
        assert_eq!(b["entries"][0]["set_only"], set_only, "{name}");
        assert!(failed(&b["entries"][0]).is_empty(), "{name}");
        assert_eq!(b["times"][0]["source"], "log", "{name}");
    }
    // The text says SET only and unsupported kind.
    let (code, out, err) = sealbook(&[
        "rekor",
        "verify",
        s(&d.join("dsse.sigstore.json")),
        "--digest",
        &"00".repeat(32),
        "--trusted-root",
        s(&prod),
    ]);
    assert_eq!(code, 2);
    assert!(
        out.contains("SET only: the log promised inclusion"),
        "{out}"
    );
    assert!(err.contains("unsupported kind intoto 0.0.2"), "{err}");
    // A bundle with only an RFC 3161 token: no log entry to verify.
    let (code, _) = verify(
        &d.join("bundle-github-staging.json"),
        &["--digest", &"00".repeat(32)],
        &["--trusted-root", s(&d.join("trusted_root.staging.json"))],
    );
    assert_eq!(code, 2);
}

/// The staging root with the `validFor` of every log key (`tlogs`) or every time-stamp
/// authority (`timestampAuthorities`) replaced by `window`, written into `out`.
fn root_with_window(out: &std::path::Path, list: &str, window: &Value) -> PathBuf {
    let staging = std::fs::read(dir().join("trusted_root.staging.json")).unwrap();
    let mut v: Value = serde_json::from_slice(&staging).unwrap();
    for item in v[list].as_array_mut().unwrap() {
        let holder = if list == "tlogs" {
            &mut item["publicKey"]
        } else {
            item
        };
        holder["validFor"] = window.clone();
    }
    let f = out.join(format!("{list}-{}.json", window["start"].as_str().unwrap()));
    std::fs::write(&f, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    f
}

/// A trusted root whose time-stamp authority or log key is valid only from 2030 (after the
/// v2 bundle's token, 2025-06-09): exit 1, the valid_for check naming the authority or the
/// log and the window; sigstore-python refuses the same bundle under the same root ("not
/// enough sources of verified time"; "Did not find any Rekor keys"). A window that closed
/// in 2021 fails too (sigstore-go's rule: the key or authority at the signed time);
/// sigstore-python 4.5.1 holds a log key only to the current time and accepts a closed one.
#[test]
fn validity_windows_of_the_trusted_root_are_enforced() {
    let d = dir();
    let tmp = tempfile::tempdir().unwrap();
    let data = d.join("staging-rekor-v2.txt");
    let bundle = d.join("staging-rekor-v2.txt.sigstore.json");
    let future = serde_json::json!({"start": "2030-01-01T00:00:00Z"});
    let past = serde_json::json!({"start": "2020-01-01T00:00:00Z", "end": "2021-01-01T00:00:00Z"});
    for (list, window, peer_says) in [
        ("timestampAuthorities", &future, "fail"),
        ("timestampAuthorities", &past, "fail"),
        ("tlogs", &future, "fail"),
        ("tlogs", &past, "ok"),
    ] {
        let root = root_with_window(tmp.path(), list, window);
        let (code, j) = verify(
            &bundle,
            &["--data", s(&data)],
            &["--trusted-root", s(&root)],
        );
        assert_eq!(code, 1, "{list} {window}: {j}");
        let b = &j["bundle"];
        let checks = if list == "tlogs" {
            &b["entries"][0]["checks"]
        } else {
            &b["timestamps"][0]["checks"]
        };
        let c = checks
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == "valid_for")
            .unwrap_or_else(|| panic!("{list}: no valid_for check: {checks}"));
        let detail = c["detail"].as_str().unwrap();
        let interval = match window.get("end") {
            Some(_) => "2020-01-01T00:00:00Z/2021-01-01T00:00:00Z",
            None => "2030-01-01T00:00:00Z/..",
        };
        let want_name = if list == "tlogs" {
            "https://log2025-alpha1.rekor.sigstage.dev"
        } else {
            "https://timestamp.sigstage.dev/api/v1/timestamp"
        };
        assert_eq!(c["status"], "fail", "{detail}");
        assert!(
            detail.contains(want_name) && detail.contains(interval),
            "{detail}"
        );
        assert!(
            detail.contains("2025-06-09T11:57:38Z"),
            "the time held to the window: {detail}"
        );
        assert_eq!(peer(&bundle, &data, &root), peer_says, "{list} {window}");
    }
}

/// sigstore-go's bundle whose certificate names its signer by an otherName SAN (Fulcio's
/// username OID; `openssl x509 -ext subjectAltName` prints the same): read, the identity
/// said; its log (sigstore-go's test log) is not in the production root, so exit 1.
#[test]
fn an_othername_identity_is_said() {
    let d = dir();
    let (code, out, err) = sealbook(&[
        "rekor",
        "verify",
        s(&d.join("othername.sigstore.json")),
        "--digest",
        &"00".repeat(32),
        "--trusted-root",
        s(&d.join("trusted_root.prod.json")),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("certificate identity: otherName 1.3.6.1.4.1.57264.1.7:foo!oidc.local"),
        "{out}"
    );
    let (_, j) = verify(
        &d.join("staging-rekor-v2.txt.sigstore.json"),
        &["--digest", &"00".repeat(32)],
        &["--trusted-root", s(&d.join("trusted_root.staging.json"))],
    );
    assert_eq!(
        j["bundle"]["identity"],
        serde_json::json!(["email:jku@goto.fi"])
    );
}
