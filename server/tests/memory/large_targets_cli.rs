//! `ots verify --target`, `tsr verify --data` and `rekor verify --data` hash the stamped file
//! as a stream: a 64 MiB target verifies (or fails) as a small one does while the process
//! stays far below the file's size in memory. Memory is the child's peak resident set as the
//! kernel reports it to `wait4` (bounded, never timed). Digests are checked against
//! CPython's hashlib and `openssl ts -verify`.

#![cfg(target_os = "linux")]

use super::common;

use common::arg as s;
use sealbook_core::ots::attestation::Attestation;
use sealbook_core::ots::detached::{hash_file, DetachedTimestampFile};
use sealbook_core::ots::ops::Op;
use sealbook_tests::tsp_pki::{make_pki, must, openssl, tsa_section, TempDir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIG: usize = 64 << 20;
/// Peak resident set allowed while hashing a 64 MiB target: the binary, its buffers and a
/// margin, but never the file.
const MAX_RSS_KIB: i64 = 24 << 10;

/// Runs `sealbook <args> --json`; (exit code, the JSON it printed, peak RSS in KiB).
fn run_measured(args: &[&str]) -> (i32, Value, i64) {
    let args = [args, &["--json"]].concat();
    let (code, out, err, rss) = common::measured::run_measured(&args);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {out}{err}: {e}"));
    (code, v, rss)
}

/// A 64 MiB file of zeros and a copy whose last byte differs.
fn big_files(dir: &Path) -> (PathBuf, PathBuf) {
    let mut bytes = vec![0u8; BIG];
    let same = dir.join("big.bin");
    std::fs::write(&same, &bytes).unwrap();
    bytes[BIG - 1] = 1;
    let other = dir.join("big-other.bin");
    std::fs::write(&other, &bytes).unwrap();
    (same, other)
}

/// A file across several read chunks (3 MiB and 5 bytes, not zeros), for the other hashes.
fn mid_file(dir: &Path) -> (PathBuf, Vec<u8>) {
    let bytes: Vec<u8> = (0..(3 << 20) + 5u32).map(|i| (i % 251) as u8).collect();
    let p = dir.join("mid.bin");
    std::fs::write(&p, &bytes).unwrap();
    (p, bytes)
}

fn python_sha256(path: &Path) -> String {
    let out = Command::new(sealbook_tests::python())
        .args([
            "-c",
            "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())",
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A pending-only proof of `digest` under `op`, written to `dir`.
fn pending_proof(dir: &Path, op: &Op, digest: Vec<u8>) -> PathBuf {
    let mut proof = DetachedTimestampFile::new(op.clone(), digest).unwrap();
    proof
        .timestamp
        .root
        .attestations
        .insert(Attestation::pending("https://calendar.example").unwrap());
    let ots = dir.join(format!("{op}.ots"));
    std::fs::write(&ots, proof.serialize().unwrap()).unwrap();
    ots
}

#[test]
fn ots_verify_streams_a_large_target_with_the_proofs_file_hash() {
    let t = tempfile::tempdir().unwrap();
    let (big, other) = big_files(t.path());
    // SHA-256 of the 64 MiB target, from CPython: matched, and missed by one byte, in
    // bounded memory.
    let sha256 = python_sha256(&big);
    let ots = pending_proof(
        t.path(),
        &Op::Sha256,
        sealbook_core::hex::decode(&sha256).unwrap(),
    );
    for (target, matches) in [(&big, true), (&other, false)] {
        let (code, v, rss) = run_measured(&["ots", "verify", s(&ots), "--target", s(target)]);
        assert_eq!(code, 1, "pending only, or another file: {v}");
        assert_eq!(v["digest_matches"], matches, "{v}");
        assert_eq!(v["file_digest"], sha256, "{v}");
        assert!(rss < MAX_RSS_KIB, "peak RSS {rss} KiB for a 64 MiB target");
    }
    // Each other file-hash operation is the one streamed when the proof names it.
    let (mid, bytes) = mid_file(t.path());
    for op in [Op::Sha1, Op::Ripemd160, Op::Keccak256] {
        let digest = hash_file(&op, &bytes).unwrap();
        let ots = pending_proof(t.path(), &op, digest.clone());
        let (code, v, _) = run_measured(&["ots", "verify", s(&ots), "--target", s(&mid)]);
        assert_eq!(code, 1, "pending only: {v}");
        assert_eq!(v["digest_matches"], true, "{op}: {v}");
        assert_eq!(v["file_hash_op"], op.name(), "{v}");
        assert_eq!(v["target_digest"], sealbook_core::hex::encode(&digest));
    }
}

#[test]
fn tsr_verify_streams_a_large_target_with_the_tokens_imprint_hash() {
    let d = TempDir::new("large");
    let (big, other) = big_files(&d.0);
    let (mid, _) = mid_file(&d.0);
    let tsas = make_pki(&d);
    let tsa = tsas.iter().find(|t| t.name == "tsa_p256").unwrap();
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let section = tsa_section(&mut cnf, tsa, "sha256", "sha256", 0);
    d.write("openssl.cnf", &cnf);
    let root = d.path("rootA.pem");
    // (stamped file, imprint hash, files that must fail)
    for (data, imprint, wrong) in [(&big, "sha256", Some(&other)), (&mid, "sha512", None)] {
        let (q, r) = (format!("{imprint}.tsq"), format!("{imprint}.tsr"));
        must(
            &d.0,
            &[
                "ts",
                "-query",
                "-data",
                s(data),
                &format!("-{imprint}"),
                "-cert",
                "-out",
                &q,
            ],
        );
        must(
            &d.0,
            &[
                "ts",
                "-reply",
                "-config",
                "openssl.cnf",
                "-section",
                &section,
                "-queryfile",
                &q,
                "-out",
                &r,
            ],
        );
        let (peer_ok, text) = openssl(
            &d.0,
            &[
                "ts",
                "-verify",
                "-data",
                s(data),
                "-in",
                &r,
                "-CAfile",
                "rootA.pem",
            ],
        );
        assert!(peer_ok, "openssl ts -verify: {text}");
        let tsr = d.path(&r);
        let verify = |target: &Path| {
            run_measured(&[
                "tsr",
                "verify",
                "--data",
                s(target),
                "--in",
                s(&tsr),
                "--ca",
                s(&root),
            ])
        };
        let (code, v, rss) = verify(data);
        assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{imprint}: {v}");
        assert!(rss < MAX_RSS_KIB, "{imprint}: peak RSS {rss} KiB");
        if let Some(wrong) = wrong {
            let (code, v, rss) = verify(wrong);
            assert_eq!((code, &v["ok"]), (1, &Value::Bool(false)), "{imprint}: {v}");
            let imprint_check = v["checks"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["id"] == "imprint")
                .unwrap_or_else(|| panic!("{v}"));
            assert_eq!(imprint_check["status"], "fail", "{v}");
            assert!(rss < MAX_RSS_KIB, "{imprint}: peak RSS {rss} KiB");
        }
    }
}
