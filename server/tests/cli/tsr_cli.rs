//! `sealbook tsr` end to end, against real peers only:
//! - `request` against a local timestamp authority on 127.0.0.1 that answers with
//!   `openssl ts -reply` (test PKI made at test time: RSA and ECDSA P-256/P-384 keys,
//!   SHA-256/384/512 signer digests, ESSCertID v1 and v2, with and without embedded
//!   certificates, an intermediate CA); each stored reply then passes `tsr verify` and
//!   `openssl ts -verify`. Replies with another nonce or imprint, garbage, HTTP 500, a
//!   rejection, a bare token or no answer within the timeout are refused and nothing is written.
//! - `info` prints exactly what `openssl ts -reply -text` prints for every vector.
//! - `verify` reaches OpenSSL's verdict on every vector (and the real FreeTSA, DigiCert and
//!   Sectigo tokens against the shipped www/trust bundle): `ok_now` as `openssl ts -verify`
//!   (chain at the current time), `ok` as `openssl ts -verify -attime <genTime>`.

use super::common;

use common::fake_tsa::start_tsa;
use common::{arg as s, sealbook_json as run_json};
use sealbook_core::tsp::response;
use sealbook_tests::tsp_pki::{make_pki, openssl, tsa_section, TempDir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The files in `dir` (names).
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn request_from_a_local_openssl_tsa_then_verify() {
    let d = TempDir::new("tsrcli");
    let tsas = make_pki(&d);
    d.write("tsaserial", "01\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let by_name = |n: &str| tsas.iter().find(|t| t.name == n).unwrap();
    // (authority, signer digest, ESSCertID hash (sha1 = version 1), certificates embedded)
    let configs = [
        ("tsa_rsa", "sha256", "sha1", true),
        ("tsa_rsa", "sha512", "sha256", false),
        ("tsa_p256", "sha384", "sha256", true),
        ("tsa_p384", "sha512", "sha1", true),
        ("tsa_p384", "sha256", "sha256", false),
        ("tsa_inter", "sha384", "sha1", true),
        ("tsa_inter", "sha256", "sha256", false),
    ];
    let sections: Vec<String> = configs
        .iter()
        .enumerate()
        .map(|(i, (t, dg, ess, _))| tsa_section(&mut cnf, by_name(t), dg, ess, i))
        .collect();
    d.write("openssl.cnf", &cnf);
    let url = start_tsa(d.0.clone());
    let work = tempfile::tempdir().unwrap();
    let data = work.path().join("list.txt");
    std::fs::write(&data, b"daily/council/book.jsonl 12 lines sha256 ...\n").unwrap();

    for (i, ((tsa, digest, ess, certs), section)) in configs.iter().zip(&sections).enumerate() {
        let out = work.path().join(format!("list.{i}.tsr"));
        let chain = by_name(tsa)
            .chain
            .iter()
            .map(|f| d.read(f))
            .collect::<Vec<_>>()
            .concat();
        let untrusted = work.path().join(format!("chain{i}.pem"));
        std::fs::write(&untrusted, chain).unwrap();
        let mode = if *certs { "ok" } else { "nocert" };
        let at = format!("{url}/{mode}/{section}");
        let mut args = vec!["tsr", "request", s(&data), "--url", &at, "--out", s(&out)];
        if !certs {
            // A reply without certificates: its signature is checked with the TSA's certificate
            // given; without it, the reply is refused.
            let (code, j) = run_json(&args);
            assert_eq!(code, 1, "{j}");
            assert!(
                j["authorities"][0]["error"]
                    .as_str()
                    .unwrap()
                    .contains("--untrusted"),
                "{j}"
            );
            assert!(!out.exists());
            args.extend(["--untrusted", s(&untrusted)]);
        }
        let (code, j) = run_json(&args);
        assert_eq!(code, 0, "{j}");
        assert_eq!(j["authorities"][0]["ok"], true, "{j}");
        assert_eq!(j["authorities"][0]["tsa"], "127.0.0.1");
        // The token is what was configured.
        let parsed = response::parse(&std::fs::read(&out).unwrap()).unwrap();
        let token = parsed.token().unwrap();
        assert_eq!(token.certificates.is_empty(), !certs, "{section}");
        let si = &token.signer_infos[0];
        assert_eq!(
            sealbook_core::pki::signature::HashAlg::from_oid(&si.digest_alg.oid)
                .unwrap()
                .name()
                .replace('-', "")
                .to_lowercase(),
            *digest
        );
        let v1 = si.attr(response::oid::ATTR_SIGNING_CERTIFICATE).is_some();
        assert_eq!(v1, *ess == "sha1", "{section}: ESSCertID version");
        // It verifies, with the chain given as untrusted certificates when it is not embedded.
        let ca = d.path("rootA.pem");
        let mut args = vec![
            "tsr",
            "verify",
            "--data",
            s(&data),
            "--in",
            s(&out),
            "--ca",
            s(&ca),
        ];
        let needs_chain = !certs;
        if needs_chain {
            args.extend(["--untrusted", s(&untrusted)]);
        }
        let (code, v) = run_json(&args);
        assert_eq!(
            (code, &v["ok"], &v["ok_now"]),
            (0, &Value::Bool(true), &Value::Bool(true)),
            "{section}: {v}"
        );
        let mut theirs = vec![
            "ts",
            "-verify",
            "-data",
            s(&data),
            "-in",
            s(&out),
            "-CAfile",
            s(&ca),
        ];
        if needs_chain {
            theirs.extend(["-untrusted", s(&untrusted)]);
        }
        let (ok, text) = openssl(&d.0, &theirs);
        assert!(ok && text.contains("Verification: OK"), "{section}: {text}");
        // Without the chain, a certificate-less token cannot be verified.
        if !certs {
            let (code, v) = run_json(&[
                "tsr",
                "verify",
                "--data",
                s(&data),
                "--in",
                s(&out),
                "--ca",
                s(&ca),
            ]);
            assert_eq!((code, &v["ok"]), (1, &Value::Bool(false)), "{v}");
        }
    }

    // The default name is <file>.<host>.tsr, and an existing reply is never replaced.
    let ok_url = format!("{url}/ok/{}", sections[0]);
    let (code, j) = run_json(&["tsr", "request", s(&data), "--url", &ok_url]);
    assert_eq!(code, 0, "{j}");
    let default = work.path().join("list.txt.127.0.0.1.tsr");
    assert_eq!(j["authorities"][0]["written"], s(&default));
    let before = std::fs::read(&default).unwrap();
    let (code, j) = run_json(&["tsr", "request", s(&data), "--url", &ok_url]);
    assert_eq!(code, 2, "{j}");
    assert!(
        j["error"]["message"]
            .as_str()
            .unwrap()
            .contains("refusing to overwrite"),
        "{j}"
    );
    assert_eq!(std::fs::read(&default).unwrap(), before);

    // Bad replies: exit 1, the reason in words, nothing written.
    let bad = work.path().join("bad.tsr");
    let listing = names(work.path());
    for (mode, timeout, why) in [
        ("nonce", "10", "nonce"),
        ("imprint", "10", "imprint"),
        ("garbage", "10", "not a TimeStampResp: byte offset"),
        ("error", "10", "HTTP 500: internal error"),
        ("token", "10", "bare token"),
        ("slow", "1", "timeout"),
        ("nosuchmode", "10", "HTTP 404"),
    ] {
        let at = format!("{url}/{mode}/{}", sections[2]);
        let (code, j) = run_json(&[
            "tsr",
            "request",
            s(&data),
            "--url",
            &at,
            "--timeout",
            timeout,
            "--out",
            s(&bad),
        ]);
        assert_eq!(code, 1, "{mode}: {j}");
        let a = &j["authorities"][0];
        assert_eq!(
            (&a["ok"], &a["written"]),
            (&Value::Bool(false), &Value::Null),
            "{mode}: {j}"
        );
        let e = a["error"].as_str().unwrap();
        assert!(e.contains(why), "{mode}: {e}");
        assert_eq!(names(work.path()), listing, "{mode}: nothing written");
    }
    // A rejection (the authority accepts SHA-512 imprints only) is reported with its reason.
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let strict = tsa_section(&mut cnf, by_name("tsa_p256"), "sha256", "sha256", 0);
    let at = cnf.rfind("digests = ").unwrap(); // the section just appended
    let end = at + cnf[at..].find('\n').unwrap();
    cnf.replace_range(at..end, "digests = sha512");
    d.write("openssl.cnf", &cnf);
    let (code, j) = run_json(&[
        "tsr",
        "request",
        s(&data),
        "--url",
        &format!("{url}/ok/{strict}"),
        "--out",
        s(&bad),
    ]);
    assert_eq!(code, 1, "{j}");
    let e = j["authorities"][0]["error"].as_str().unwrap();
    assert!(
        e.contains("status: rejection (2)") && e.contains("badAlg") && !e.contains("imprint"),
        "{e}"
    );
    assert_eq!(names(work.path()), listing);
}

/// A vector, its data (file or digest), trust anchors, untrusted certificates, and whether
/// OpenSSL needs -partial_chain (the anchor is an intermediate).
struct Row {
    file: &'static str,
    data: Option<&'static str>,
    digest: Option<&'static str>,
    ca: &'static str,
    untrusted: Option<&'static str>,
    partial: bool,
}

const fn row(
    file: &'static str,
    data: &'static str,
    ca: &'static str,
    untrusted: Option<&'static str>,
) -> Row {
    Row {
        file,
        data: Some(data),
        digest: None,
        ca,
        untrusted,
        partial: false,
    }
}

const HELLO: &str = "rfc3161-client/DATA_hello.txt";
/// The trust-anchor bundle shipped in www/trust/.
const BUNDLE: &str = "www/trust/tsa-roots-2026-11-30.pem";
/// A digest placeholder: the token's own imprint (for a token whose data is unknown).
const OWN_IMPRINT: &str = "own imprint";

fn tsa_dir() -> PathBuf {
    sealbook_tests::vectors_dir().join("tsa")
}

#[test]
fn info_prints_what_openssl_prints_for_every_vector() {
    let mut files = Vec::new();
    let mut stack = vec![tsa_dir()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("tsr" | "tst" | "p7s")
            ) {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    for f in &files {
        let token = f.extension().unwrap() != "tsr";
        let mut args = vec!["ts", "-reply", "-in", s(f), "-text"];
        if token {
            args.push("-token_in");
        }
        // OpenSSL as readers run it: its installed openssl.cnf names policy 1.2.3.4.1.
        let theirs = Command::new("openssl")
            .args(&args)
            .env_remove("OPENSSL_CONF")
            .output()
            .unwrap();
        assert!(
            theirs.status.success(),
            "{}",
            String::from_utf8_lossy(&theirs.stderr)
        );
        let (code, ours, err) = common::sealbook(&["tsr", "info", s(f)]);
        assert_eq!(code, 0, "{}: {err}", f.display());
        assert_eq!(
            ours,
            String::from_utf8(theirs.stdout).unwrap(),
            "{}",
            f.display()
        );
        let (code, j) = run_json(&["tsr", "info", s(f)]);
        assert_eq!(
            (code, &j["kind"]),
            (0, &Value::from(if token { "token" } else { "response" }))
        );
    }
    // Not DER: unusable input naming the file and byte offset.
    let (code, j) = run_json(&["tsr", "info", s(&tsa_dir().join(HELLO))]);
    assert_eq!(code, 2);
    assert!(
        j["error"]["message"]
            .as_str()
            .unwrap()
            .contains("byte offset 0"),
        "{j}"
    );
    assert_eq!(j["error"]["file"], s(&tsa_dir().join(HELLO)));
}

#[test]
fn verify_reaches_openssls_verdict_on_every_vector() {
    let digest = |file, sha: &'static str, ca| Row {
        file,
        data: None,
        digest: Some(sha),
        ca,
        untrusted: None,
        partial: false,
    };
    let partial = |r: Row| Row { partial: true, ..r };
    let rows: Vec<Row> = vec![
        row(
            "rfc3161-client/sigstage/response-sha256.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        row(
            "rfc3161-client/sigstage/response-sha384.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        row(
            "rfc3161-client/sigstage/response-sha512.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        row(
            "rfc3161-client/sigstage/response-invalid-signature.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        row(
            "rfc3161-client/sigstage/response-no-embedded-cert.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        row(
            "rfc3161-client/sigstage/response-no-embedded-cert.tsr",
            HELLO,
            "rfc3161-client/sigstage/chain-part2.pem",
            Some("rfc3161-client/sigstage/chain-part1.pem"),
        ),
        row(
            "rfc3161-client/test_tsa/response.tsr",
            HELLO,
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        row(
            "rfc3161-client/test_tsa/response-injected-certs.tsr",
            HELLO,
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        row(
            "rfc3161-client/test_tsa/other_response.tsr",
            HELLO,
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        row(
            "rfc3161-client/sigstore.mock/response-expired.tsr",
            "rfc3161-client/sigstore.mock/payload",
            "rfc3161-client/sigstore.mock/chain-part2.pem",
            Some("rfc3161-client/sigstore.mock/chain-part1.pem"),
        ),
        // (identrust/ts_chain.pem is the same root in DER: we read it, `openssl -CAfile` does not.)
        row(
            "rfc3161-client/identrust/issue-104.tsr",
            HELLO,
            "rfc3161-client/identrust/identrust-commercial-root-ca-1.converted.pem",
            None,
        ),
        partial(row(
            "digitorus-timestamp/respNonce.tsr",
            "digitorus-timestamp/data.txt",
            "digitorus-timestamp/globalsign-adobe-intermediate.pem",
            None,
        )),
        partial(row(
            "digitorus-timestamp/respNoNonce.tsr",
            "digitorus-timestamp/data.txt",
            "digitorus-timestamp/globalsign-adobe-intermediate.pem",
            None,
        )),
        partial(row(
            "digitorus-timestamp/respNoCert.tsr",
            "digitorus-timestamp/data.txt",
            "digitorus-timestamp/globalsign-adobe-intermediate.pem",
            None,
        )),
        partial(row(
            "digitorus-timestamp/respNoCert.tsr",
            "digitorus-timestamp/data.txt",
            "digitorus-timestamp/globalsign-adobe-intermediate.pem",
            Some("digitorus-timestamp/globalsign-adobe-tsa-leaf.pem"),
        )),
        partial(digest(
            "digitorus-timestamp/timeStampToken.p7s",
            "2da82c1572ff020524e05069219975c9ba90723f1a4dd5b9722aee8ec547a2ff",
            "digitorus-timestamp/globalsign-aatl-intermediate.pem",
        )),
        partial(row(
            "digitorus-timestamp/respRejection.tsr",
            "digitorus-timestamp/data.txt",
            "digitorus-timestamp/globalsign-adobe-intermediate.pem",
            None,
        )),
        digest(
            "atl-core/digicert-2026-08-23.tst",
            "atl-core/digicert-2026-08-23.sha256",
            "atl-core/sysroot-DigiCert_Trusted_Root_G4.pem",
        ),
        digest(
            "atl-core/digicert-2026-08-23.tst",
            "atl-core/digicert-2026-08-23.sha256",
            "atl-core/sysroot-DigiCert_Assured_ID_Root_CA.pem",
        ),
        digest(
            "atl-core/digicert-2026-08-23.tst",
            "atl-core/digicert-2026-08-23.sha256",
            "atl-core/freetsa-root-ca.pem",
        ),
        digest(
            "atl-core/freetsa-2026-08-23-ecdsa-p384.tst",
            "atl-core/freetsa-2026-08-23-ecdsa-p384.sha256",
            "atl-core/freetsa-root-ca.pem",
        ),
        digest(
            "atl-core/freetsa-2026-01-04-rsa4096.tst",
            "atl-core/freetsa-2026-01-04-rsa4096.sha256",
            "atl-core/freetsa-root-ca.pem",
        ),
        digest(
            "atl-core/negative/digicert-2026-08-23.tampered-genTime.tst",
            "atl-core/digicert-2026-08-23.sha256",
            "atl-core/sysroot-DigiCert_Trusted_Root_G4.pem",
        ),
        digest(
            "atl-core/negative/freetsa-2026-08-23.tampered-ecdsa-r.tst",
            "atl-core/freetsa-2026-08-23-ecdsa-p384.sha256",
            "atl-core/freetsa-root-ca.pem",
        ),
        // The Sectigo token's data is unknown: checked against its own imprint.
        digest(
            "atl-core/negative/sectigo-2026-08-23.tampered-signature.tst",
            OWN_IMPRINT,
            "atl-core/sysroot-USERTrust_RSA_Certification_Authority.pem",
        ),
        // The shipped trust-anchor bundle.
        digest(
            "atl-core/digicert-2026-08-23.tst",
            "atl-core/digicert-2026-08-23.sha256",
            BUNDLE,
        ),
        digest(
            "atl-core/freetsa-2026-08-23-ecdsa-p384.tst",
            "atl-core/freetsa-2026-08-23-ecdsa-p384.sha256",
            BUNDLE,
        ),
        digest(
            "atl-core/freetsa-2026-01-04-rsa4096.tst",
            "atl-core/freetsa-2026-01-04-rsa4096.sha256",
            BUNDLE,
        ),
        digest(
            "atl-core/negative/sectigo-2026-08-23.tampered-signature.tst",
            OWN_IMPRINT,
            BUNDLE,
        ),
    ];
    let v = tsa_dir();
    let p = |rel: &str| {
        let base = if rel.starts_with("www/") {
            sealbook_tests::repo_root()
        } else {
            v.clone()
        };
        base.join(rel).to_str().unwrap().to_string()
    };
    let (mut agreed, mut ok_count) = (0, 0);
    for r in &rows {
        let file = p(r.file);
        let token = !r.file.ends_with(".tsr");
        // The digest: literal hex, or the contents of a .sha256 file.
        let parsed = response::parse(&std::fs::read(&file).unwrap()).unwrap();
        let digest = r.digest.map(|d| match d {
            OWN_IMPRINT => sealbook_core::hex::encode(
                &parsed
                    .token()
                    .unwrap()
                    .tst_info
                    .message_imprint
                    .hashed_message,
            ),
            d if d.ends_with(".sha256") => {
                std::fs::read_to_string(p(d)).unwrap().trim().to_string()
            }
            d => d.to_string(),
        });
        let mut ours = vec![
            "tsr".to_string(),
            "verify".into(),
            "--in".into(),
            file.clone(),
            "--ca".into(),
            p(r.ca),
        ];
        let mut theirs = vec![
            "ts".to_string(),
            "-verify".into(),
            "-in".into(),
            file.clone(),
            "-CAfile".into(),
            p(r.ca),
        ];
        match (&r.data, &digest) {
            (Some(d), _) => {
                ours.extend(["--data".into(), p(d)]);
                theirs.extend(["-data".into(), p(d)]);
            }
            (None, Some(h)) => {
                ours.extend(["--digest".into(), h.clone()]);
                theirs.extend(["-digest".into(), h.clone()]);
            }
            (None, None) => unreachable!(),
        }
        if let Some(u) = r.untrusted {
            ours.extend(["--untrusted".into(), p(u)]);
            theirs.extend(["-untrusted".into(), p(u)]);
        }
        if token {
            theirs.push("-token_in".into());
        }
        if r.partial {
            theirs.push("-partial_chain".into());
        }
        let (code, j) = run_json(&ours.iter().map(String::as_str).collect::<Vec<_>>());
        let openssl_says = |extra: &[String]| {
            let out = Command::new("openssl")
                .args(&theirs)
                .args(extra)
                .env("OPENSSL_CONF", "/dev/null")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.success(),
                text.contains("Verification: OK"),
                "{text}"
            );
            out.status.success()
        };
        let ctx = format!("{} ca={} untrusted={:?}: {j}", r.file, r.ca, r.untrusted);
        assert_eq!(j["ok_now"], openssl_says(&[]), "now: {ctx}");
        let gen = parsed.token().map(|t| t.tst_info.gen_time.unix);
        match gen {
            Some(g) => assert_eq!(
                j["ok"],
                openssl_says(&["-attime".into(), g.to_string()]),
                "at genTime: {ctx}"
            ),
            None => assert_eq!(j["ok"], false, "{ctx}"),
        }
        assert_eq!(code, if j["ok"] == true { 0 } else { 1 }, "{ctx}");
        agreed += 1;
        ok_count += (j["ok"] == true) as usize;
    }
    eprintln!(
        "{agreed} vector verifications agree with openssl ts -verify ({ok_count} ok at genTime)"
    );
    assert!(
        ok_count >= 12 && agreed - ok_count >= 8,
        "{ok_count} of {agreed}"
    );
}

#[test]
fn unusable_inputs_exit_2_naming_the_problem() {
    let v = tsa_dir();
    let tsr = v.join("rfc3161-client/sigstage/response-sha256.tsr");
    let ca = v.join("rfc3161-client/sigstage/chain-part2.pem");
    let hello = v.join(HELLO);
    for (args, field, words) in [
        (
            vec!["--data", s(&hello), "--in", s(&hello), "--ca", s(&ca)],
            "timestamp",
            "byte offset",
        ),
        (
            vec!["--data", s(&hello), "--in", s(&tsr), "--ca", s(&hello)],
            "--ca",
            "CERTIFICATE",
        ),
        (
            vec!["--digest", "zz", "--in", s(&tsr), "--ca", s(&ca)],
            "--digest",
            "not a digest in hex",
        ),
    ] {
        let mut a = vec!["tsr", "verify"];
        a.extend(args);
        let (code, j) = run_json(&a);
        assert_eq!(code, 2, "{j}");
        assert_eq!(j["error"]["field"], field, "{j}");
        assert!(
            j["error"]["message"].as_str().unwrap().contains(words),
            "{j}"
        );
    }
    let (code, _, err) = common::sealbook(&[
        "tsr",
        "verify",
        "--data",
        s(&hello),
        "--digest",
        "00",
        "--in",
        s(&tsr),
        "--ca",
        s(&ca),
    ]);
    assert_eq!(code, 2, "{err}");
}
