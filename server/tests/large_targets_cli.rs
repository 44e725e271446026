//! `ots verify --target`, `tsr verify --data` and `rekor verify --data` hash the stamped file
//! as a stream: a 64 MiB target verifies (or fails) as a small one does while the process
//! stays far below the file's size in memory. Memory is the child's peak resident set as the
//! kernel reports it to `wait4` (bounded, never timed). Digests are checked against
//! CPython's hashlib and `openssl ts -verify`.

#![cfg(target_os = "linux")]

mod common;

#[path = "../../tests/tsa_common/mod.rs"]
mod tsa_common;

use common::{arg as s, BIN};
use sealbook_core::ots::attestation::Attestation;
use sealbook_core::ots::detached::{hash_file, DetachedTimestampFile};
use sealbook_core::ots::ops::Op;
use serde_json::Value;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use tsa_common::{make_pki, must, openssl, tsa_section, TempDir};

const BIG: usize = 64 << 20;
/// Peak resident set allowed while hashing a 64 MiB target: the binary, its buffers and a
/// margin, but never the file.
const MAX_RSS_KIB: i64 = 24 << 10;

/// Runs `sealbook <args> --json`; (exit code, the JSON it printed, peak RSS in KiB).
fn run_measured(args: &[&str]) -> (i32, Value, i64) {
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; the pid is our own unwaited child.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut ru) };
    assert_eq!(pid, child.id() as i32, "wait4");
    assert!(libc::WIFEXITED(status), "sealbook {args:?} was killed");
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {out}: {e}"));
    (libc::WEXITSTATUS(status), v, ru.ru_maxrss)
}

/// A 64 MiB file of zeros and a copy whose last byte differs.
fn big_files(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let mut bytes = vec![0u8; BIG];
    let same = dir.join("big.bin");
    std::fs::write(&same, &bytes).unwrap();
    bytes[BIG - 1] = 1;
    let other = dir.join("big-other.bin");
    std::fs::write(&other, &bytes).unwrap();
    (same, other)
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

#[test]
fn ots_verify_streams_a_large_target_with_the_proofs_file_hash() {
    let t = tempfile::tempdir().unwrap();
    let (big, other) = big_files(t.path());
    let zeros = vec![0u8; BIG];
    let sha256 = python_sha256(&big);
    for op in [Op::Sha256, Op::Sha1, Op::Ripemd160, Op::Keccak256] {
        let digest = hash_file(&op, &zeros).unwrap();
        if op == Op::Sha256 {
            assert_eq!(
                sealbook_core::hex::encode(&digest),
                sha256,
                "CPython agrees"
            );
        }
        let mut proof = DetachedTimestampFile::new(op.clone(), digest.clone()).unwrap();
        proof
            .timestamp
            .root
            .attestations
            .insert(Attestation::pending("https://calendar.example").unwrap());
        let ots = t.path().join(format!("big-{op}.ots"));
        std::fs::write(&ots, proof.serialize().unwrap()).unwrap();

        let (code, v, rss) = run_measured(&["ots", "verify", s(&ots), "--target", s(&big)]);
        assert_eq!(code, 1, "pending only: {v}");
        assert_eq!(v["digest_matches"], true, "{op}: {v}");
        assert_eq!(v["file_hash_op"], op.name(), "{v}");
        assert_eq!(v["target_digest"], sealbook_core::hex::encode(&digest));
        assert!(
            rss < MAX_RSS_KIB,
            "{op}: peak RSS {rss} KiB for a 64 MiB target"
        );

        if op != Op::Sha256 {
            continue; // one mismatch is enough: hashing 64 MiB unoptimised takes seconds
        }
        let (code, v, rss) = run_measured(&["ots", "verify", s(&ots), "--target", s(&other)]);
        assert_eq!(code, 1, "{v}");
        assert_eq!(v["digest_matches"], false, "{op}: one byte differs: {v}");
        assert!(rss < MAX_RSS_KIB, "{op}: peak RSS {rss} KiB");
    }
}

#[test]
fn tsr_verify_streams_a_large_target_with_the_tokens_imprint_hash() {
    let d = TempDir::new("large");
    let (big, other) = big_files(&d.0);
    let tsas = make_pki(&d);
    let tsa = tsas.iter().find(|t| t.name == "tsa_p256").unwrap();
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let section = tsa_section(&mut cnf, tsa, "sha256", "sha256", 0);
    d.write("openssl.cnf", &cnf);
    for imprint in ["sha256", "sha512"] {
        let (q, r) = (format!("{imprint}.tsq"), format!("{imprint}.tsr"));
        must(
            &d.0,
            &[
                "ts",
                "-query",
                "-data",
                s(&big),
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
                s(&big),
                "-in",
                &r,
                "-CAfile",
                "rootA.pem",
            ],
        );
        assert!(peer_ok, "openssl ts -verify: {text}");
        let tsr = d.path(&r);
        let root = d.path("rootA.pem");
        let args = |data: &Path| {
            vec![
                "tsr".to_string(),
                "verify".into(),
                "--data".into(),
                s(data).into(),
                "--in".into(),
                s(&tsr).into(),
                "--ca".into(),
                s(&root).into(),
            ]
        };
        let a = args(&big);
        let (code, v, rss) = run_measured(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!((code, &v["ok"]), (0, &Value::Bool(true)), "{imprint}: {v}");
        assert!(
            rss < MAX_RSS_KIB,
            "{imprint}: peak RSS {rss} KiB for a 64 MiB target"
        );
        if imprint != "sha256" {
            continue; // one mismatch is enough: hashing 64 MiB unoptimised takes seconds
        }
        let a = args(&other);
        let (code, v, rss) = run_measured(&a.iter().map(String::as_str).collect::<Vec<_>>());
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
