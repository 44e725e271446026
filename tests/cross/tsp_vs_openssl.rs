//! Differential tests of `core::tsp` against OpenSSL 3.0 (`openssl ts -verify`,
//! `openssl ts -reply -text`), on tokens made at test time by a local authority built with
//! `openssl ts -reply` (CA and TSA certificates generated with openssl in a temporary
//! directory: RSA, ECDSA P-256 and P-384 keys, SHA-256/384/512 signatures, ESSCertID v1 and v2,
//! with and without embedded certificates, an intermediate CA with several ESS ids, a leaf that
//! expires before "later", an already expired leaf) plus tampered data, a wrong CA, a tampered
//! signature, and CMS-signed tokens whose leaf lacks the timeStamping purpose. Also every
//! vector of ../shared/vectors/tsa is run through both.
//!
//! The verdicts compared: OpenSSL `-attime genTime` against our `ok` (chain at genTime) and
//! OpenSSL `-attime LATER` against our `ok_now` with now = LATER.

#![forbid(unsafe_code)]

use sealbook_core::checks::{Report, Status};
use sealbook_core::pki::x509;
use sealbook_core::tsp::response::{self, check, Imprinted, VerifyOptions};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use sealbook_tests::tsp_pki::{
    certs_of, genkey, issue, make_pki, must, openssl, tsa_section, TempDir, Tsa,
};

/// 2035-01-01T00:00:00Z: after the "short" leaf expires (2030), before the others do.
const LATER: i64 = 2051222400;

/// OpenSSL's verdict on a response (or token) file.
fn openssl_verify(
    d: &TempDir,
    input: &str,
    token: bool,
    data: &str,
    ca: &str,
    untrusted: Option<&str>,
    attime: i64,
) -> bool {
    let at = attime.to_string();
    let mut args = vec![
        "ts", "-verify", "-in", input, "-data", data, "-CAfile", ca, "-attime", &at,
    ];
    if token {
        args.push("-token_in");
    }
    if let Some(u) = untrusted {
        args.extend(["-untrusted", u]);
    }
    let (ok, text) = openssl(&d.0, &args);
    assert_eq!(ok, text.contains("Verification: OK"), "{text}");
    ok
}

struct Case {
    file: String,
    data: String,
    ca: &'static str,
    untrusted: Option<String>,
    token: bool,
    /// The check our verifier must fail (when it fails).
    expect_fail: Option<&'static str>,
}

fn compare(d: &TempDir, c: &Case) -> response::TokenVerdict {
    let parsed = response::parse(&d.read(&c.file)).unwrap_or_else(|e| panic!("{}: {e}", c.file));
    let untrusted = c
        .untrusted
        .as_ref()
        .map(|u| x509::parse_certificates(&d.read(u)).unwrap())
        .unwrap_or_default();
    let opts = VerifyOptions {
        anchors: certs_of(d, &[c.ca.to_string()]),
        untrusted,
        now: Some(LATER),
        ..Default::default()
    };
    let v = response::verify(&parsed, Imprinted::Data(&d.read(&c.data)), &opts);
    let gen = parsed
        .token()
        .map(|t| t.tst_info.gen_time.unix)
        .unwrap_or(0);
    let theirs_gen = openssl_verify(
        d,
        &c.file,
        c.token,
        &c.data,
        c.ca,
        c.untrusted.as_deref(),
        gen,
    );
    let theirs_later = openssl_verify(
        d,
        &c.file,
        c.token,
        &c.data,
        c.ca,
        c.untrusted.as_deref(),
        LATER,
    );
    let ctx = || {
        format!(
            "{} data={} ca={} untrusted={:?}: {:#?}",
            c.file, c.data, c.ca, c.untrusted, v.checks
        )
    };
    assert_eq!(
        v.ok,
        theirs_gen,
        "verdict at genTime differs from openssl: {}",
        ctx()
    );
    assert_eq!(
        v.ok_now,
        Some(theirs_later),
        "verdict at LATER differs from openssl: {}",
        ctx()
    );
    if let Some(id) = c.expect_fail {
        assert_eq!(
            v.check(id).map(|k| k.status),
            Some(Status::Fail),
            "expected {id} to fail: {}",
            ctx()
        );
    }
    v
}

/// `openssl ts -reply -text` must print exactly what `text::render` prints for the same
/// response (status, every TSTInfo field, hex dump, time with fraction, accuracy, nonce, TSA).
fn compare_text(d: &TempDir, file: &str, token: bool) {
    let mut args = vec!["ts", "-reply", "-in", file, "-text"];
    if token {
        args.push("-token_in");
    }
    // OpenSSL as readers run it: its installed openssl.cnf, which names policy 1.2.3.4.1.
    let out = Command::new("openssl")
        .args(&args)
        .current_dir(&d.0)
        .env_remove("OPENSSL_CONF")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let parsed = response::parse(&d.read(file)).unwrap();
    assert_eq!(sealbook_core::tsp::text::render(&parsed), text, "{file}");
}

#[test]
fn local_openssl_tsa_tokens_agree_with_openssl() {
    let d = TempDir::new("local");
    let tsas = make_pki(&d);
    d.write("tsaserial", "01\n");
    d.write("data0.txt", b"sealbook proof list 0\n");
    d.write(
        "data1.txt",
        (0..3000u32).map(|i| (i % 251) as u8).collect::<Vec<u8>>(),
    );
    d.write("other.txt", b"not the stamped data\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let mut jobs = Vec::new();
    let mut variant = 0usize;
    for tsa in &tsas {
        for digest in ["sha256", "sha384", "sha512"] {
            for ess in ["sha1", "sha256"] {
                let section = tsa_section(&mut cnf, tsa, digest, ess, variant);
                for cert_req in [true, false] {
                    for data in ["data0.txt", "data1.txt"] {
                        variant += 1;
                        let imprint = ["-sha256", "-sha384", "-sha512", "-sha1"][variant % 4];
                        jobs.push((
                            tsa,
                            section.clone(),
                            cert_req,
                            data,
                            imprint,
                            variant.is_multiple_of(3),
                            variant,
                        ));
                    }
                }
            }
        }
    }
    d.write("openssl.cnf", &cnf);
    // Make all requests and replies first (the serial file is shared), then verify in parallel.
    let mut cases = Vec::new();
    for (tsa, section, cert_req, data, imprint, no_nonce, i) in &jobs {
        let q = format!("q{i}.tsq");
        let r = format!("r{i}.tsr");
        let mut args = vec!["ts", "-query", "-data", data, imprint, "-out", &q];
        if *cert_req {
            args.push("-cert");
        }
        if *no_nonce {
            args.push("-no_nonce");
        }
        must(&d.0, &args);
        must(
            &d.0,
            &[
                "ts",
                "-reply",
                "-config",
                "openssl.cnf",
                "-section",
                section,
                "-queryfile",
                &q,
                "-out",
                &r,
            ],
        );
        let chain = tsa.chain.join(" ");
        let untrusted = format!("untrusted_{}.pem", tsa.name);
        if !d.path(&untrusted).exists() {
            let mut all = Vec::new();
            for f in chain.split(' ') {
                all.extend(d.read(f));
            }
            d.write(&untrusted, all);
        }
        // The response with its signature's last byte flipped.
        let mut bad = d.read(&r);
        *bad.last_mut().unwrap() ^= 0x01;
        let rbad = format!("r{i}.bad.tsr");
        d.write(&rbad, bad);
        let expired = tsa.name == "tsa_expired";
        let chain_fail = if expired {
            Some(check::CHAIN_AT_GEN_TIME)
        } else {
            None
        };
        let u = Some(untrusted.clone());
        cases.push(Case {
            file: r.clone(),
            data: data.to_string(),
            ca: "rootA.pem",
            untrusted: u.clone(),
            token: false,
            expect_fail: chain_fail,
        });
        cases.push(Case {
            file: r.clone(),
            data: "other.txt".into(),
            ca: "rootA.pem",
            untrusted: u.clone(),
            token: false,
            expect_fail: Some(check::IMPRINT),
        });
        cases.push(Case {
            file: r.clone(),
            data: data.to_string(),
            ca: "rootB.pem",
            untrusted: u.clone(),
            token: false,
            expect_fail: Some(check::CHAIN_AT_GEN_TIME),
        });
        cases.push(Case {
            file: rbad,
            data: data.to_string(),
            ca: "rootA.pem",
            untrusted: u,
            token: false,
            expect_fail: Some(check::SIGNATURE),
        });
        if !cert_req && i % 4 == 0 {
            // No certificates in the token and none supplied.
            cases.push(Case {
                file: r.clone(),
                data: data.to_string(),
                ca: "rootA.pem",
                untrusted: None,
                token: false,
                expect_fail: Some(check::SIGNER),
            });
        }
    }
    let tokens = jobs.len();
    // Verify on two threads (the machine has two cores).
    let next = AtomicUsize::new(0);
    let summaries: Vec<(usize, usize)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let (mut ok, mut fail) = (0, 0);
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(c) = cases.get(i) else { break };
                        let v = compare(&d, c);
                        if v.ok {
                            ok += 1
                        } else {
                            fail += 1
                        }
                        if i.is_multiple_of(4) {
                            compare_text(&d, &c.file, false);
                            check_details(&d, c, &v);
                        }
                    }
                    (ok, fail)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (ok, fail) = summaries.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    eprintln!("{tokens} tokens ({} with tampered signatures), {} verifications: {ok} ok, {fail} rejected, all as openssl", tokens, cases.len());
    assert!(
        tokens >= 140 && ok >= 100 && fail >= 300,
        "{tokens} {ok} {fail}"
    );
}

/// The system's trust store (Debian's `ca-certificates`: about 140 roots, more than any
/// count a reader's file was once held to) is taken as `openssl ts -verify -CAfile` takes it:
/// with the test root appended, a token of the local authority verifies; without it, the chain
/// fails, in both.
#[test]
fn a_system_trust_store_is_taken_as_openssl_takes_it() {
    const STORE: &str = "/etc/ssl/certs/ca-certificates.crt";
    let system = std::fs::read(STORE)
        .unwrap_or_else(|e| panic!("{STORE}: {e} (apt-get install ca-certificates)"));
    assert!(
        x509::parse_certificates(&system).unwrap().len() > 100,
        "{STORE} holds a real store"
    );
    let d = TempDir::new("store");
    let tsas = make_pki(&d);
    let tsa = &tsas[0];
    d.write("tsaserial", "01\n");
    d.write("data.txt", b"sealbook proof list\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let section = tsa_section(&mut cnf, tsa, "sha256", "sha256", 0);
    d.write("openssl.cnf", &cnf);
    must(
        &d.0,
        &[
            "ts", "-query", "-data", "data.txt", "-sha256", "-cert", "-out", "q.tsq",
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
            "q.tsq",
            "-out",
            "r.tsr",
        ],
    );
    let mut with_root = system.clone();
    with_root.extend(d.read("rootA.pem"));
    d.write("store-and-root.pem", with_root);
    d.write("store.pem", &system);
    let mut untrusted = Vec::new();
    for f in &tsa.chain {
        untrusted.extend(d.read(f));
    }
    d.write("untrusted.pem", untrusted);
    for (ca, expect_fail) in [
        ("store-and-root.pem", None),
        ("store.pem", Some(check::CHAIN_AT_GEN_TIME)),
    ] {
        let v = compare(
            &d,
            &Case {
                file: "r.tsr".into(),
                data: "data.txt".into(),
                ca,
                untrusted: Some("untrusted.pem".into()),
                token: false,
                expect_fail,
            },
        );
        assert_eq!(v.ok, expect_fail.is_none(), "{ca}: {:#?}", v.checks);
    }
}

/// What the generated token must show beyond the verdict: algorithms and ESS versions as configured.
fn check_details(d: &TempDir, c: &Case, v: &response::TokenVerdict) {
    let t = response::parse(&d.read(&c.file)).unwrap();
    let token = t.token().unwrap();
    let si = &token.signer_infos[0];
    let has_v1 = si.attr(response::oid::ATTR_SIGNING_CERTIFICATE).is_some();
    let has_v2 = si
        .attr(response::oid::ATTR_SIGNING_CERTIFICATE_V2)
        .is_some();
    assert!(has_v1 != has_v2, "exactly one ESS attribute version");
    if v.check(check::SIGNATURE).map(|k| k.status) == Some(Status::Pass) {
        let ess = &v.check(check::ESS_CERT_ID).unwrap().detail();
        assert!(
            ess.starts_with(if has_v1 {
                "signingCertificate ("
            } else {
                "signingCertificateV2 ("
            }),
            "{ess}"
        );
        // ess_cert_id_chain = yes for the intermediate-issued TSA: several ids, all bound.
        if v.signer.as_ref().unwrap().subject.contains("CN=tsa_inter") {
            assert!(ess.contains("(2 ids"), "{ess}");
        }
    }
    // The local authorities sign with SHA-256, -384 or -512: no signature-hash warning.
    assert!(
        v.check(check::SIGNATURE_ALGORITHM).is_none(),
        "{:#?}",
        v.checks
    );
    if v.check(check::IMPRINT_ALGORITHM)
        .unwrap()
        .detail()
        .starts_with("SHA-1")
    {
        assert_eq!(
            v.check(check::IMPRINT_ALGORITHM).unwrap().status,
            Status::Warn
        );
    }
}

/// Tokens signed with `openssl cms -sign` by leaves that openssl ts refuses (no EKU, EKU not
/// critical) and with RSASSA-PSS: OpenSSL's ts -verify and ours must agree, and our verdict
/// must name the leaf purpose (and the missing ESS attribute) as the reasons. Then spoofed
/// certificates: a claimant with the signer's issuer and serial but another key, and a root
/// with the trusted root's name but another key. (Here we go beyond OpenSSL, which takes the
/// first claimant and so rejects the token.)
#[test]
fn cms_signed_and_spoofed_tokens() {
    let d = TempDir::new("cms");
    make_pki(&d);
    d.write("tsaserial", "01\n");
    d.write("data.txt", b"stamped\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let tsa = Tsa {
        name: "tsa_rsa",
        chain: vec!["tsa_rsa.pem".into()],
        ess_chain: false,
    };
    let section = tsa_section(&mut cnf, &tsa, "sha256", "sha256", 0);
    d.write("openssl.cnf", &cnf);
    must(
        &d.0,
        &[
            "ts", "-query", "-data", "data.txt", "-sha256", "-cert", "-out", "q.tsq",
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
            "q.tsq",
            "-token_out",
            "-out",
            "good.tst",
        ],
    );
    let tst_info = response::parse(&d.read("good.tst"))
        .unwrap()
        .token()
        .unwrap()
        .econtent
        .clone();
    d.write("tstinfo.der", &tst_info);
    issue(
        &d,
        "ca_root",
        "noeku",
        "rsa",
        "/CN=tsa without EKU",
        "v3_noeku",
        ("20200101000000Z", "21000101000000Z"),
    );
    issue(
        &d,
        "ca_root",
        "ekunc",
        "p256",
        "/CN=tsa with non-critical EKU",
        "v3_eku_noncritical",
        ("20200101000000Z", "21000101000000Z"),
    );
    let sign = |out: &str, signer: &str, extra: &[&str]| {
        let mut args = vec![
            "cms",
            "-sign",
            "-binary",
            "-nodetach",
            "-nosmimecap",
            "-in",
            "tstinfo.der",
            "-econtent_type",
            "id-smime-ct-TSTInfo",
            "-signer",
            signer,
            "-outform",
            "DER",
            "-out",
            out,
            "-md",
            "sha256",
        ];
        let key = signer.replace(".pem", ".key");
        args.extend(["-inkey", &key]);
        args.extend(extra);
        must(&d.0, &args);
    };
    sign("noeku.tst", "noeku.pem", &[]);
    sign("ekunc.tst", "ekunc.pem", &[]);
    sign(
        "pss.tst",
        "tsa_rsa.pem",
        &["-keyopt", "rsa_padding_mode:pss"],
    );
    for (f, fails) in [
        ("noeku.tst", &[check::ESS_CERT_ID, check::LEAF_EKU][..]),
        ("ekunc.tst", &[check::ESS_CERT_ID, check::LEAF_EKU]),
        ("pss.tst", &[check::ESS_CERT_ID]),
    ] {
        let c = Case {
            file: f.into(),
            data: "data.txt".into(),
            ca: "rootA.pem",
            untrusted: None,
            token: true,
            expect_fail: None,
        };
        let v = compare(&d, &c);
        assert!(!v.ok);
        for id in fails {
            assert_eq!(
                v.check(id).unwrap().status,
                Status::Fail,
                "{f} {id}: {:#?}",
                v.checks
            );
        }
        assert_eq!(
            v.check(check::SIGNATURE).unwrap().status,
            Status::Pass,
            "{f}: {:#?}",
            v.checks
        );
        // OpenSSL's CMS layer agrees the signature itself is good.
        must(
            &d.0,
            &[
                "cms",
                "-verify",
                "-inform",
                "DER",
                "-in",
                f,
                "-noverify",
                "-out",
                "/dev/null",
            ],
        );
    }
    let pss = compare(
        &d,
        &Case {
            file: "pss.tst".into(),
            data: "data.txt".into(),
            ca: "rootA.pem",
            untrusted: None,
            token: true,
            expect_fail: None,
        },
    );
    assert!(
        pss.check(check::SIGNATURE)
            .unwrap()
            .detail()
            .starts_with("RSASSA-PSS with SHA-256"),
        "{:?}",
        pss.check(check::SIGNATURE)
    );
    let good = compare(
        &d,
        &Case {
            file: "good.tst".into(),
            data: "data.txt".into(),
            ca: "rootA.pem",
            untrusted: None,
            token: true,
            expect_fail: None,
        },
    );
    assert!(good.ok);
    compare_text(&d, "good.tst", true);

    // A look-alike root (same name as root A, another key) and, under it, a "Spoofed TSA"
    // certificate with the real TSA's issuer name and serial number.
    genkey(&d, "evilroot.key", "p256");
    must(
        &d.0,
        &[
            "req",
            "-x509",
            "-new",
            "-key",
            "evilroot.key",
            "-subj",
            "/O=sealbook test/CN=Test Root A",
            "-days",
            "3650",
            "-extensions",
            "v3_root",
            "-out",
            "evilroot.pem",
        ],
    );
    let real = certs_of(&d, &["tsa_rsa.pem".into()]).remove(0);
    genkey(&d, "spoof.key", "p256");
    must(
        &d.0,
        &[
            "req",
            "-new",
            "-key",
            "spoof.key",
            "-subj",
            "/CN=Spoofed TSA",
            "-out",
            "spoof.csr",
        ],
    );
    let serial = format!("0x{}", real.serial_hex());
    must(
        &d.0,
        &[
            "x509",
            "-req",
            "-in",
            "spoof.csr",
            "-CA",
            "evilroot.pem",
            "-CAkey",
            "evilroot.key",
            "-set_serial",
            &serial,
            "-days",
            "3650",
            "-extfile",
            "openssl.cnf",
            "-extensions",
            "v3_tsa",
            "-out",
            "spoof.pem",
        ],
    );
    let spoof = certs_of(&d, &["spoof.pem".into()]).remove(0);
    assert_eq!(
        (&spoof.issuer.text, &spoof.serial),
        (&real.issuer.text, &real.serial)
    );
    must(
        &d.0,
        &[
            "ts", "-query", "-data", "data.txt", "-sha256", "-out", "q2.tsq",
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
            "q2.tsq",
            "-token_out",
            "-out",
            "nocert.tst",
        ],
    );
    let parsed = response::parse(&d.read("nocert.tst")).unwrap();
    let data = d.read("data.txt");
    let verify = |anchor: &str| {
        let opts = VerifyOptions {
            anchors: certs_of(&d, &[anchor.into()]),
            untrusted: vec![spoof.clone(), real.clone()],
            ..Default::default()
        };
        response::verify(&parsed, Imprinted::Data(&data), &opts)
    };
    // The spoofed claimant comes first but cannot be the signer: its key does not verify.
    let v = verify("rootA.pem");
    assert!(v.ok, "{:#?}", v.checks);
    assert!(v
        .check(check::SIGNER)
        .unwrap()
        .detail()
        .contains("2 certificates claim this identifier"));
    assert_eq!(
        v.signer.as_ref().unwrap().subject,
        "CN=tsa_rsa, O=sealbook test"
    );
    d.write(
        "claimants.pem",
        [d.read("spoof.pem"), d.read("tsa_rsa.pem")].concat(),
    );
    let (theirs, text) = openssl(
        &d.0,
        &[
            "ts",
            "-verify",
            "-token_in",
            "-in",
            "nocert.tst",
            "-data",
            "data.txt",
            "-CAfile",
            "rootA.pem",
            "-untrusted",
            "claimants.pem",
        ],
    );
    assert!(
        !theirs && text.contains("unable to get local issuer"),
        "OpenSSL took the first claimant: {text}"
    );
    // Chains OpenSSL rejects: a TSA certificate issued by a non-CA (the RSA TSA leaf), and one
    // under a CA below the intermediate whose pathLenConstraint is 0.
    for (name, issuer, ext) in [
        ("sub_notca", "tsa_rsa", "v3_tsa"),
        ("subca", "inter", "v3_inter"),
        ("sub_pathlen", "subca", "v3_tsa"),
    ] {
        genkey(&d, &format!("{name}.key"), "p256");
        must(
            &d.0,
            &[
                "req",
                "-new",
                "-key",
                &format!("{name}.key"),
                "-subj",
                &format!("/CN={name}"),
                "-out",
                &format!("{name}.csr"),
            ],
        );
        must(
            &d.0,
            &[
                "x509",
                "-req",
                "-in",
                &format!("{name}.csr"),
                "-CA",
                &format!("{issuer}.pem"),
                "-CAkey",
                &format!("{issuer}.key"),
                "-set_serial",
                "77",
                "-days",
                "3650",
                "-extfile",
                "openssl.cnf",
                "-extensions",
                ext,
                "-out",
                &format!("{name}.pem"),
            ],
        );
    }
    d.write(
        "chain_notca.pem",
        [d.read("tsa_rsa.pem"), d.read("sub_notca.pem")].concat(),
    );
    d.write(
        "chain_pathlen.pem",
        [
            d.read("inter.pem"),
            d.read("subca.pem"),
            d.read("sub_pathlen.pem"),
        ]
        .concat(),
    );
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let mut sections = Vec::new();
    for leaf in ["sub_notca", "sub_pathlen"] {
        sections.push(tsa_section(
            &mut cnf,
            &Tsa {
                name: leaf,
                chain: vec![],
                ess_chain: false,
            },
            "sha256",
            "sha256",
            1,
        ));
    }
    d.write("openssl.cnf", &cnf);
    for ((leaf, chain), section) in [
        ("sub_notca", "chain_notca.pem"),
        ("sub_pathlen", "chain_pathlen.pem"),
    ]
    .into_iter()
    .zip(&sections)
    {
        let out = format!("{leaf}.tsr");
        must(
            &d.0,
            &[
                "ts",
                "-reply",
                "-config",
                "openssl.cnf",
                "-section",
                section,
                "-queryfile",
                "q.tsq",
                "-out",
                &out,
            ],
        );
        let v = compare(
            &d,
            &Case {
                file: out,
                data: "data.txt".into(),
                ca: "rootA.pem",
                untrusted: Some(chain.into()),
                token: false,
                expect_fail: Some(check::CHAIN_AT_GEN_TIME),
            },
        );
        assert_eq!(v.failures().len(), 2, "{leaf}: {:?}", v.failures());
        let why = if leaf == "sub_notca" {
            "is not a CA (basicConstraints cA false)"
        } else {
            "pathLenConstraint 0 exceeded"
        };
        assert!(
            v.check(check::CHAIN_AT_GEN_TIME)
                .unwrap()
                .detail()
                .contains(why),
            "{leaf}: {:?}",
            v.failures()
        );
    }

    // The look-alike root has the right name but not the key: no path.
    let v = verify("evilroot.pem");
    assert_eq!(v.failures().len(), 1, "{:?}", v.failures());
    assert_eq!(
        v.check(check::CHAIN_AT_GEN_TIME).unwrap().status,
        Status::Fail
    );
}

/// The real vectors through OpenSSL and us: same verdicts at genTime and at LATER, and the
/// same decoded TSTInfo as `openssl ts -reply -text`.
#[test]
fn vectors_agree_with_openssl() {
    let d = TempDir::new("vectors");
    d.write("openssl.cnf", "");
    let v = sealbook_tests::vectors_dir().join("tsa");
    let cp = |rel: &str| -> String {
        let name = rel.replace('/', "_");
        std::fs::copy(v.join(rel), d.path(&name)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        name
    };
    let hello = cp("rfc3161-client/DATA_hello.txt");
    // (token, data, CA, untrusted, partial chain)
    let table: Vec<(&str, String, &str, Option<&str>)> = vec![
        (
            "rfc3161-client/sigstage/response-sha256.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        (
            "rfc3161-client/sigstage/response-sha384.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        (
            "rfc3161-client/sigstage/response-sha512.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        (
            "rfc3161-client/sigstage/response-invalid-signature.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        (
            "rfc3161-client/sigstage/response-no-embedded-cert.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            None,
        ),
        (
            "rfc3161-client/sigstage/response-no-embedded-cert.tsr",
            hello.clone(),
            "rfc3161-client/sigstage/chain-part2.pem",
            Some("rfc3161-client/sigstage/chain-part1.pem"),
        ),
        (
            "rfc3161-client/test_tsa/response.tsr",
            hello.clone(),
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        (
            "rfc3161-client/test_tsa/response-injected-certs.tsr",
            hello.clone(),
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        (
            "rfc3161-client/test_tsa/other_response.tsr",
            hello.clone(),
            "rfc3161-client/test_tsa/chain-part3.pem",
            Some("rfc3161-client/test_tsa/chain-part2.pem"),
        ),
        (
            "rfc3161-client/sigstore.mock/response-expired.tsr",
            cp("rfc3161-client/sigstore.mock/payload"),
            "rfc3161-client/sigstore.mock/chain-part2.pem",
            Some("rfc3161-client/sigstore.mock/chain-part1.pem"),
        ),
        (
            "rfc3161-client/identrust/issue-104.tsr",
            hello.clone(),
            "rfc3161-client/identrust/identrust-commercial-root-ca-1.converted.pem",
            None,
        ),
    ];
    for (token, data, ca, untrusted) in table {
        let file = cp(token);
        let ca_f = cp(ca);
        let u = untrusted.map(cp);
        let c = Case {
            file: file.clone(),
            data,
            ca: Box::leak(ca_f.into_boxed_str()),
            untrusted: u,
            token: false,
            expect_fail: None,
        };
        compare(&d, &c);
        compare_text(&d, &file, false);
    }
    // The GlobalSign and atl-core tokens are verified by OpenSSL with -partial_chain or
    // -digest, which `compare` does not use (tsp_vectors.rs holds their MANIFEST verdicts);
    // their -text output is compared here.
    for (f, token) in [
        ("digitorus-timestamp/respNonce.tsr", false),
        ("digitorus-timestamp/respNoNonce.tsr", false),
        ("digitorus-timestamp/respNoCert.tsr", false),
        ("digitorus-timestamp/timeStampToken.p7s", true),
        ("digitorus-timestamp/respRejection.tsr", false),
        ("atl-core/digicert-2026-08-23.tst", true),
        ("atl-core/freetsa-2026-08-23-ecdsa-p384.tst", true),
        ("atl-core/freetsa-2026-01-04-rsa4096.tst", true),
    ] {
        let file = cp(f);
        compare_text(&d, &file, token);
    }
}

/// Our TimeStampReq (what `sealbook tsr request` will POST) is answered by `openssl ts -reply`,
/// the reply verifies with the nonce we sent, and OpenSSL's own requests decode and re-encode
/// to the same bytes.
#[test]
fn our_requests_are_answered_by_openssl_and_theirs_round_trip() {
    use sealbook_core::pki::signature::HashAlg;
    use sealbook_core::tsp::request::TimeStampReq;
    let d = TempDir::new("tsq");
    make_pki(&d);
    d.write("tsaserial", "01\n");
    d.write("data.txt", b"a stamped list\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let tsa = Tsa {
        name: "tsa_p256",
        chain: vec!["tsa_p256.pem".into()],
        ess_chain: false,
    };
    let section = tsa_section(&mut cnf, &tsa, "sha256", "sha256", 1);
    d.write("openssl.cnf", &cnf);
    for (i, (hash, flag)) in [
        (HashAlg::Sha256, "-sha256"),
        (HashAlg::Sha384, "-sha384"),
        (HashAlg::Sha512, "-sha512"),
    ]
    .into_iter()
    .enumerate()
    {
        // Ours, answered by OpenSSL.
        let nonce = [0x80 | i as u8, 1, 2, 3, 4, 5, 6, 7];
        let req = TimeStampReq::for_data(hash, &d.read("data.txt"), Some(&nonce), i != 1);
        d.write("ours.tsq", req.to_der().unwrap());
        let text = must(&d.0, &["ts", "-query", "-in", "ours.tsq", "-text"]);
        assert!(
            text.contains(&format!("Hash Algorithm: {}", flag.trim_start_matches('-'))),
            "{text}"
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
                "ours.tsq",
                "-out",
                "ours.tsr",
            ],
        );
        must(
            &d.0,
            &[
                "ts",
                "-verify",
                "-queryfile",
                "ours.tsq",
                "-in",
                "ours.tsr",
                "-CAfile",
                "rootA.pem",
                "-untrusted",
                "tsa_p256.pem",
            ],
        );
        let parsed = response::parse(&d.read("ours.tsr")).unwrap();
        let opts = |n: &[u8]| VerifyOptions {
            anchors: certs_of(&d, &["rootA.pem".into()]),
            untrusted: certs_of(&d, &["tsa_p256.pem".into()]),
            expected_nonce: Some(n.to_vec()),
            ..Default::default()
        };
        let v = response::verify(
            &parsed,
            Imprinted::Data(&d.read("data.txt")),
            &opts(req.nonce.as_ref().unwrap()),
        );
        assert!(v.ok, "{:#?}", v.checks);
        assert_eq!(v.check(check::NONCE).unwrap().status, Status::Pass);
        assert_eq!(
            parsed.token().unwrap().certificates.is_empty(),
            !req.cert_req
        );
        let v = response::verify(
            &parsed,
            Imprinted::Data(&d.read("data.txt")),
            &opts(&[1, 2, 3]),
        );
        assert_eq!(v.failures().len(), 1, "{:?}", v.failures());
        // Theirs, decoded by us.
        let mut args = vec![
            "ts",
            "-query",
            "-data",
            "data.txt",
            flag,
            "-out",
            "theirs.tsq",
        ];
        if i == 2 {
            args.extend(["-no_nonce", "-tspolicy", "1.2.3.4.5"]);
        } else {
            args.push("-cert");
        }
        must(&d.0, &args);
        let theirs = d.read("theirs.tsq");
        let q = TimeStampReq::from_der(&theirs).unwrap();
        assert_eq!(q.to_der().unwrap(), theirs);
        assert_eq!(
            (q.hash, q.digest.clone()),
            (hash, hash.digest(&d.read("data.txt")))
        );
        assert_eq!(q.policy.is_some(), i == 2);
    }
}
