//! The dated trust-anchor bundle in www/trust/: it parses,
//! its certificates are the ones its manifest lists (fingerprint, validity, order), they are
//! the real published roots (byte-equal to the copies in ../shared/vectors/tsa/atl-core), and
//! real FreeTSA, DigiCert and Sectigo tokens from the vectors chain to it.

#![forbid(unsafe_code)]

use sealbook_core::checks::{Report, Status};
use sealbook_core::pki::x509::{self, Certificate};
use sealbook_core::tsp::response::{self, check, Imprinted, VerifyOptions};
use sealbook_tests::{repo_root, vectors_dir};

const BUNDLE: &str = "www/trust/tsa-roots-2026-11-30.pem";
const MANIFEST: &str = "www/trust/tsa-roots-2026-11-30.json";

fn bundle() -> Vec<Certificate> {
    x509::parse_certificates(&std::fs::read(repo_root().join(BUNDLE)).unwrap()).unwrap()
}

fn atl(f: &str) -> Vec<u8> {
    std::fs::read(vectors_dir().join("tsa/atl-core").join(f)).unwrap_or_else(|e| panic!("{f}: {e}"))
}

#[test]
fn bundle_matches_its_manifest_and_the_published_roots() {
    let certs = bundle();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(repo_root().join(MANIFEST)).unwrap()).unwrap();
    assert_eq!(manifest["bundle"], BUNDLE.rsplit('/').next().unwrap());
    let listed = manifest["certificates"].as_array().unwrap();
    assert_eq!(certs.len(), listed.len());
    for (c, m) in certs.iter().zip(listed) {
        let s = c.summary();
        assert_eq!(s.sha256, m["sha256"].as_str().unwrap(), "{}", s.subject);
        assert_eq!(
            s.not_before,
            m["not_before"].as_str().unwrap(),
            "{}",
            s.subject
        );
        assert_eq!(
            s.not_after,
            m["not_after"].as_str().unwrap(),
            "{}",
            s.subject
        );
        assert!(c.is_self_issued(), "{} is a root", s.subject);
        c.verify_signed_by(c)
            .unwrap_or_else(|e| panic!("{}: {e}", s.subject));
    }
    // The same certificates as the vectors' copies (FreeTSA's published root, Debian's roots).
    for (i, f) in [
        "freetsa-root-ca.pem",
        "sysroot-DigiCert_Trusted_Root_G4.pem",
        "sysroot-DigiCert_Assured_ID_Root_CA.pem",
        "sysroot-USERTrust_RSA_Certification_Authority.pem",
    ]
    .iter()
    .enumerate()
    {
        let copy = x509::parse_certificates(&atl(f)).unwrap();
        assert_eq!(copy.len(), 1, "{f}");
        assert_eq!(copy[0].raw, certs[i].raw, "{f}");
    }
    // FreeTSA's root fingerprint as freetsa.org publishes it (README.md).
    assert_eq!(
        certs[0].summary().sha256,
        "a6379e7cecc05faa3cbf076013d745e327bbbaa38c0b9af22469d4701d18aabc"
    );
}

#[test]
fn real_tokens_verify_against_the_bundle() {
    let anchors = bundle();
    let verify = |token: &str, digest_file: Option<&str>| {
        let parsed = response::parse(&atl(token)).unwrap();
        let digest = digest_file.map(|f| {
            sealbook_core::hex::decode(String::from_utf8(atl(f)).unwrap().trim()).unwrap()
        });
        let data = digest.unwrap_or_default();
        let opts = VerifyOptions {
            anchors: anchors.clone(),
            ..Default::default()
        };
        response::verify(&parsed, Imprinted::Digest(&data), &opts)
    };
    for (token, digest) in [
        ("digicert-2026-08-23.tst", "digicert-2026-08-23.sha256"),
        (
            "freetsa-2026-08-23-ecdsa-p384.tst",
            "freetsa-2026-08-23-ecdsa-p384.sha256",
        ),
        (
            "freetsa-2026-01-04-rsa4096.tst",
            "freetsa-2026-01-04-rsa4096.sha256",
        ),
    ] {
        let v = verify(token, Some(digest));
        assert!(v.ok, "{token}: {:?}", v.failures());
        let anchor = v.chain.last().unwrap();
        assert!(
            anchors.iter().any(|a| a.summary().sha256 == anchor.sha256),
            "{token} anchored in the bundle"
        );
    }
    // The only Sectigo token in the vectors has a flipped signature byte: its signature fails,
    // but its chain (to USERTrust RSA) is built from the bundle.
    let v = verify("negative/sectigo-2026-08-23.tampered-signature.tst", None);
    assert_eq!(v.check(check::SIGNATURE).unwrap().status, Status::Fail);
    assert_eq!(
        v.check(check::CHAIN_AT_GEN_TIME).unwrap().status,
        Status::Pass,
        "{:?}",
        v.checks
    );
    assert!(v
        .chain
        .last()
        .unwrap()
        .subject
        .contains("USERTrust RSA Certification Authority"));
}
