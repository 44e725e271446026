//! The real RFC 3161 responses in ../shared/vectors/tsa-real, each per its MANIFEST.md: FreeTSA
//! tokens over the files they stamp verify with the chain checked at genTime (the TSA
//! certificate expired on 2026-03-11), a token over a file edited after stamping fails on the
//! imprint, a real rejection is reported as the authority's answer, and a DigiCert token that
//! embeds no certificate fails closed naming the signer certificate to supply. `openssl ts` is
//! the peer for every verdict (OPENSSL_CONF=/dev/null) and for `tsr info` (its installed
//! openssl.cnf, as readers run it); the CLI is checked on the same files.

#![forbid(unsafe_code)]

use sealbook_core::checks::{Report, Status};
use sealbook_core::pki::x509;
use sealbook_core::tsp::response::{self, check, Imprinted, VerifyOptions};
use std::path::PathBuf;
use std::process::Command;

fn path(rel: &str) -> PathBuf {
    sealbook_tests::vectors_dir().join("tsa-real").join(rel)
}

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

const CA: &str = "freetsa-signsinpe/certs/freetsaCA.pem";
/// 2026-11-30T00:00:00Z, a fixed "now" after the FreeTSA certificate expired.
const NOW: i64 = 1795996800;
/// 2019-03-01, inside the FreeTSA certificate's validity (the MANIFEST's `-attime`).
const THEN: i64 = 1551398400;

fn verify(token: &str, data: &[u8]) -> response::TokenVerdict {
    let parsed = response::parse(&read(token)).unwrap_or_else(|e| panic!("{token}: {e}"));
    let opts = VerifyOptions {
        anchors: x509::parse_certificates(&read(CA)).unwrap(),
        now: Some(NOW),
        ..Default::default()
    };
    let v = response::verify(&parsed, Imprinted::Data(data), &opts);
    eprintln!("{token}: ok={} ok_now={:?}", v.ok, v.ok_now);
    for c in &v.checks {
        eprintln!("  {:?} {}: {}", c.status, c.id, c.detail());
    }
    v
}

fn failed(v: &response::TokenVerdict) -> Vec<&str> {
    v.checks
        .iter()
        .filter(|c| c.status == Status::Fail)
        .map(|c| c.id)
        .collect()
}

/// `openssl ts -verify` on the files; (verified, output).
fn openssl_verify(token: &str, data: &str, attime: Option<i64>) -> (bool, String) {
    let mut c = Command::new("openssl");
    c.env("OPENSSL_CONF", "/dev/null")
        .args(["ts", "-verify", "-in"]);
    c.arg(path(token)).arg("-data").arg(path(data));
    c.arg("-CAfile").arg(path(CA));
    if let Some(t) = attime {
        c.args(["-attime", &t.to_string()]);
    }
    let out = c.output().expect("openssl is installed");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (text.contains("Verification: OK"), text)
}

fn cli(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = sealbook_tests::sealbook_cli().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8_lossy(&out.stderr),
    )
}

fn tsr_verify(token: &str, data: &str) -> (Option<i32>, String) {
    let (t, d, ca) = (path(token), path(data), path(CA));
    cli(&[
        "tsr".as_ref(),
        "verify".as_ref(),
        "--in".as_ref(),
        t.as_os_str(),
        "--data".as_ref(),
        d.as_os_str(),
        "--ca".as_ref(),
        ca.as_os_str(),
    ])
}

/// MANIFEST 3c480471 and 939abab4: granted, SHA-1 (weak: said so), the manifest's imprint,
/// genTime, serial, nonce and policy; the chain verifies at genTime and not now.
#[test]
fn freetsa_tokens_verify_at_gen_time_over_their_files() {
    let cases = [
        (
            "3c480471",
            "9dc66935a79941c1c4530a153dec735bd58f33b7",
            "2019-02-15T22:36:59.615695Z",
            "0cd7c4",
            "00fcca0760ee77b0fb",
        ),
        (
            "939abab4",
            "24c153ee8dd595b3a2ad77cd98862f00f6f2be8a",
            "2019-02-12T21:16:37.052055Z",
            "0cbc6f",
            "3fc42aaea5879378",
        ),
    ];
    for (dir, imprint, gen_time, serial, nonce) in cases {
        let token = format!("freetsa-signsinpe/{dir}/README.md.tsr");
        let data_rel = format!("freetsa-signsinpe/{dir}/README.md");
        let data = read(&data_rel);
        let v = verify(&token, &data);
        assert!(v.ok, "{dir}");
        assert_eq!(
            v.ok_now,
            Some(false),
            "{dir}: the TSA certificate expired 2026-03-11"
        );
        assert_eq!(failed(&v), [check::CHAIN_NOW], "{dir}");
        assert_eq!(
            v.check(check::IMPRINT_ALGORITHM).unwrap().status,
            Status::Warn
        );
        assert!(v
            .check(check::IMPRINT_ALGORITHM)
            .unwrap()
            .detail()
            .contains("SHA-1"));
        assert!(
            v.check(check::IMPRINT).unwrap().detail().contains(imprint),
            "{dir}"
        );
        assert_eq!(v.gen_time.as_deref(), Some(gen_time));
        let t = v.tst_info.as_ref().unwrap();
        assert_eq!(sealbook_core::hex::encode(&t.serial), serial);
        assert_eq!(
            t.nonce
                .as_deref()
                .map(sealbook_core::hex::encode)
                .as_deref(),
            Some(nonce)
        );
        assert_eq!(t.policy, "1.2.3.4.1");
        let chain: Vec<&str> = v.chain.iter().map(|c| c.sha256.as_str()).collect();
        assert_eq!(chain.len(), 2);
        assert_eq!(
            chain[1],
            "a6379e7cecc05faa3cbf076013d745e327bbbaa38c0b9af22469d4701d18aabc"
        );
        assert!(v.chain[0].subject.contains("CN=www.freetsa.org"));
        // openssl agrees: OK inside the validity window, "certificate has expired" now.
        let (ok, text) = openssl_verify(&token, &data_rel, Some(THEN));
        assert!(ok, "{text}");
        let (ok, text) = openssl_verify(&token, &data_rel, Some(NOW));
        assert!(!ok && text.contains("certificate has expired"), "{text}");
        // One byte changed: the imprint fails.
        let mut other = data.clone();
        other[0] ^= 1;
        let v = verify(&token, &other);
        assert!(!v.ok);
        assert_eq!(failed(&v), [check::IMPRINT, check::CHAIN_NOW]);
        // The CLI: exit 0, the genTime verdict OK and the current-time verdict FAILED.
        let (code, out) = tsr_verify(&token, &data_rel);
        assert_eq!(code, Some(0), "{out}");
        assert!(
            out.contains("warn  imprint_algorithm: SHA-1 is collision-broken: its digests no longer bind the data from 2017-02-23"),
            "{out}"
        );
        // Its SignerInfo digests with SHA-1 too: said as plainly.
        assert!(
            out.contains("warn  signature_algorithm: the signature digests with SHA-1, collision-broken: signatures with it are not trusted from 2014-01-01"),
            "{out}"
        );
        assert!(
            out.contains("verdict (certificate validity checked at genTime, RFC 3161 App. B): OK"),
            "{out}"
        );
        assert!(
            out.contains("as `openssl ts -verify` does by default): FAILED"),
            "{out}"
        );
    }
}

/// MANIFEST 7381ce0a: the token is 939abab4's, the file was edited after stamping.
#[test]
fn token_over_an_edited_file_fails_on_the_imprint() {
    let token = "freetsa-signsinpe/7381ce0a/README.md.tsr";
    assert_eq!(
        read(token),
        read("freetsa-signsinpe/939abab4/README.md.tsr")
    );
    let v = verify(token, &read("freetsa-signsinpe/7381ce0a/README.md"));
    assert!(!v.ok);
    assert_eq!(failed(&v), [check::IMPRINT, check::CHAIN_NOW]);
    assert!(v.check(check::IMPRINT).unwrap().detail().contains(
        "token stamps SHA-1 24c153ee8dd595b3a2ad77cd98862f00f6f2be8a, the data hashes to 02462e0c6fe0e84f32ce5ed9b0a68dbcb488461d"
    ));
    assert_eq!(v.check(check::SIGNATURE).unwrap().status, Status::Pass);
    let (ok, text) = openssl_verify(token, "freetsa-signsinpe/7381ce0a/README.md", Some(THEN));
    assert!(!ok && text.contains("message imprint mismatch"), "{text}");
    let (code, out) = tsr_verify(token, "freetsa-signsinpe/7381ce0a/README.md");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("FAIL  imprint: token stamps SHA-1 24c153ee"),
        "{out}"
    );
}

/// MANIFEST c82ae436: PKIStatus 2 with its text, no token: the authority's rejection.
#[test]
fn real_rejection_is_the_authority_answer_not_a_malformed_token() {
    let token = "freetsa-signsinpe/c82ae436/README.tsr";
    let parsed = response::parse(&read(token)).expect("a well-formed rejection parses");
    let v = verify(token, &read("freetsa-signsinpe/3c480471/README.md"));
    assert!(!v.ok);
    assert!(matches!(&parsed, response::Parsed::Response(r) if r.token.is_none()));
    assert_eq!(v.checks.len(), 1);
    let s = v.check(check::STATUS).unwrap();
    assert_eq!(s.status, Status::Fail);
    assert_eq!(
        s.detail(),
        "rejection (2): unrecognized or unsupported Algorithm Identifier. - the authority's answer: no timestamp was granted, the response holds no token"
    );
    let (ok, text) = openssl_verify(token, "freetsa-signsinpe/3c480471/README.md", Some(THEN));
    assert!(
        !ok && text.contains("no time stamp token") && text.contains("status code: rejection"),
        "{text}"
    );
    let (code, out) = tsr_verify(token, "freetsa-signsinpe/3c480471/README.md");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(
            "FAIL  status: rejection (2): unrecognized or unsupported Algorithm Identifier."
        ),
        "{out}"
    );
    assert!(out.contains("no timestamp was granted"), "{out}");
}

/// MANIFEST digicert: granted, imprint matches, no certificates embedded: "imprint matches;
/// signer certificate not supplied", naming issuer and serial - never valid.
#[test]
fn digicert_token_without_its_signer_certificate_fails_closed() {
    let token = "digicert-firmadorjsoncli/timestamp.tsr";
    let data = "digicert-firmadorjsoncli/json_firmado.jws";
    let v = verify(token, &read(data));
    assert!(!v.ok);
    assert_eq!(v.ok_now, Some(false));
    assert_eq!(failed(&v), [check::SIGNER]);
    assert!(v.check(check::IMPRINT).unwrap().detail().contains(
        "SHA-256 04d1e04824f4d3d27d6d8139155872ae4033afaf777c3a404fc5fc3f3ef0b63c matches"
    ));
    assert_eq!(v.gen_time.as_deref(), Some("2025-06-24T16:37:34Z"));
    let t = v.tst_info.as_ref().unwrap();
    assert_eq!(
        sealbook_core::hex::encode(&t.serial),
        "00ca070570c8ed678a561afc80c1a88c71"
    );
    assert_eq!(t.policy, "2.16.840.1.114412.7.1");
    let missing = v.missing_signer.as_deref().unwrap();
    assert!(
        missing.contains("CN=DigiCert Trusted G4 RSA4096 SHA256 TimeStamping CA"),
        "{missing}"
    );
    assert!(
        missing.contains("0bae66bc5aba7f9587c6f9e904e33304"),
        "{missing}"
    );
    assert!(v.check(check::SIGNER).unwrap().detail().starts_with(
        "signer certificate not supplied: the token embeds no certificates; the certificate with issuer"
    ));
    let (ok, text) = openssl_verify(token, data, None);
    assert!(
        !ok && text.contains("signer certificate not found"),
        "{text}"
    );
    let (code, out) = tsr_verify(token, data);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("pass  imprint: SHA-256 04d1e048"), "{out}");
    assert!(out.contains("signer certificate not supplied: the signature cannot be checked; pass the certificate with issuer \"C=US, O=DigiCert, Inc., CN=DigiCert Trusted G4 RSA4096 SHA256 TimeStamping CA\", serial 0bae66bc5aba7f9587c6f9e904e33304 (and its intermediate) with --untrusted FILE"), "{out}");
    assert!(!out.contains(": OK"), "{out}");
}

/// `sealbook tsr info` prints what `openssl ts -reply -text` prints, byte for byte, with
/// OpenSSL as readers run it: its installed `openssl.cnf` loaded, which names FreeTSA's policy
/// `1.2.3.4.1` "tsa_policy1".
#[test]
fn tsr_info_is_openssl_reply_text() {
    for token in [
        "freetsa-signsinpe/3c480471/README.md.tsr",
        "freetsa-signsinpe/939abab4/README.md.tsr",
        "freetsa-signsinpe/c82ae436/README.tsr",
        "digicert-firmadorjsoncli/timestamp.tsr",
    ] {
        let theirs = Command::new("openssl")
            .env_remove("OPENSSL_CONF")
            .args(["ts", "-reply", "-text", "-in"])
            .arg(path(token))
            .output()
            .unwrap();
        assert!(theirs.status.success(), "{token}");
        let p = path(token);
        let out = sealbook_tests::sealbook_cli()
            .args(["tsr".as_ref(), "info".as_ref(), p.as_os_str()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{token}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(theirs.stdout).unwrap(),
            "{token}"
        );
    }
}
