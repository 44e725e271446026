//! The demo's timestamp authority (spec §3.2 Level 2+): a fresh ECDSA P-256 root and TSA key
//! made for each demo (held in memory only, never written), a self-signed DEMO root, a TSA
//! certificate with the critical id-kp-timeStamping extended key usage (RFC 3161 §2.3), and
//! an RFC 3161 responder over HTTP on 127.0.0.1 (`application/timestamp-query` in,
//! `application/timestamp-reply` out, §3.4). The league's anchor clients stamp through it as
//! through a real authority; a reader who chooses the published DEMO root sees Level 2+.
//!
//! Tokens: CMS SignedData (RFC 5652) over a DER TSTInfo, one SignerInfo by issuer and serial,
//! signed attributes contentType, messageDigest and signingCertificateV2 (ESSCertIDv2 with
//! the issuer and serial, RFC 5035 / RFC 5816), ECDSA with SHA-256 (RFC 6979, so a token
//! depends only on the key, the query and the time). genTime comes from the caller's clock:
//! the demo league's set clock.

use super::http1::{Request, Response, Server};
use crate::league::clock::Clock;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::EncodePublicKey;
use sealbook_core::calendar::Instant;
use sealbook_core::pki::der_write::{
    self as der, bits, boolean, ctx, ctx_prim, generalized_time, named_bits, octets, seq, set_of,
    small, uint, utc_time, utf8,
};
use sealbook_core::pki::signature::oid as alg;
use sealbook_core::tsp::request::{TimeStampReq, QUERY_MEDIA_TYPE, REPLY_MEDIA_TYPE};
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The subject names (every one says DEMO).
pub const ROOT_CN: &str = "sealbook DEMO root CA (made for one demo; not a real authority)";
pub const TSA_CN: &str = "sealbook DEMO timestamp authority (not a real authority)";
const ORG: &str = "sealbook DEMO";
/// The TSA policy the tokens name (OpenSSL's example policy arc; a demo has no registered one).
pub const POLICY: &str = "1.2.3.4.1";
/// Where the certificates are published in the league directory.
pub const ROOT_FILE: &str = "tsa/demo-root.pem";
pub const TSA_FILE: &str = "tsa/demo-tsa.pem";
/// The certificates' validity: they must hold at every genTime of a demo and at "now".
const NOT_BEFORE: &str = "2020-01-01T00:00:00Z";
const NOT_AFTER: &str = "2049-12-31T23:59:59Z";

const ID_CT_TST_INFO: &str = "1.2.840.113549.1.9.16.1.4";
const ID_SIGNED_DATA: &str = "1.2.840.113549.1.7.2";
const ID_CONTENT_TYPE: &str = "1.2.840.113549.1.9.3";
const ID_MESSAGE_DIGEST: &str = "1.2.840.113549.1.9.4";
const ID_SIGNING_CERTIFICATE_V2: &str = "1.2.840.113549.1.9.16.2.47";
const ID_KP_TIME_STAMPING: &str = "1.3.6.1.5.5.7.3.8";

/// A fresh key from the OS.
fn fresh_key() -> Result<SigningKey, String> {
    // A 32-byte string is a valid scalar unless it is zero or at least the group order
    // (probability about 2^-32); try again then.
    for _ in 0..8 {
        let mut b = [0u8; 32];
        getrandom::getrandom(&mut b).map_err(|e| format!("no random source: {e}"))?;
        if let Ok(k) = SigningKey::from_slice(&b) {
            return Ok(k);
        }
    }
    Err("no valid P-256 key from the random source".into())
}

fn fresh_serial() -> Result<Vec<u8>, String> {
    let mut b = [0u8; 16];
    getrandom::getrandom(&mut b).map_err(|e| format!("no random source: {e}"))?;
    b[0] &= 0x7f;
    b[0] |= 0x40;
    Ok(b.to_vec())
}

fn ecdsa_sha256() -> Vec<u8> {
    seq(&[der::oid(alg::ECDSA_SHA256)])
}

fn sha256_alg() -> Vec<u8> {
    seq(&[der::oid(alg::SHA256)])
}

/// A Name: C=ZZ (no country), O, CN.
fn name(cn: &str) -> Vec<u8> {
    let rdn = |o: &str, v: Vec<u8>| set_of(vec![seq(&[der::oid(o), v])]);
    seq(&[
        rdn("2.5.4.6", der::printable("ZZ")),
        rdn("2.5.4.10", utf8(ORG)),
        rdn("2.5.4.3", utf8(cn)),
    ])
}

fn extension(id: &str, critical: bool, value: Vec<u8>) -> Vec<u8> {
    let mut parts = vec![der::oid(id)];
    if critical {
        parts.push(boolean(true));
    }
    parts.push(octets(&value));
    seq(&parts)
}

/// The key identifier of a public key: the first 20 bytes of SHA-256 of the key's bits
/// (RFC 7093 §2 method 1).
fn key_id(spki: &[u8]) -> Vec<u8> {
    Sha256::digest(spki)[..20].to_vec()
}

/// One certificate: DER, serial, the subject Name's DER.
struct Cert {
    der: Vec<u8>,
    serial: Vec<u8>,
    subject: Vec<u8>,
}

/// Signs `tbs` with `key` into a Certificate.
fn signed(tbs: Vec<u8>, key: &SigningKey) -> Vec<u8> {
    let sig: Signature = key.sign(&tbs);
    seq(&[tbs, ecdsa_sha256(), bits(sig.to_der().as_bytes())])
}

fn spki_der(key: &SigningKey) -> Result<Vec<u8>, String> {
    key.verifying_key()
        .to_public_key_der()
        .map(|d| d.as_bytes().to_vec())
        .map_err(|e| format!("cannot encode the public key: {e}"))
}

fn validity() -> Vec<u8> {
    let t = |s| utc_time(Instant::parse_rfc3339(s).expect("a constant time"));
    seq(&[t(NOT_BEFORE), t(NOT_AFTER)])
}

fn pem(der: &[u8]) -> String {
    p256::pkcs8::der::pem::encode_string("CERTIFICATE", p256::pkcs8::LineEnding::LF, der)
        .expect("a certificate's DER fits in PEM")
}

/// The authority: its keys, its certificates, its token serial counter.
pub struct Authority {
    tsa_key: SigningKey,
    root: Cert,
    tsa: Cert,
    next_serial: AtomicU64,
}

impl Authority {
    /// Fresh keys, a self-signed root and the TSA certificate it signs.
    pub fn new() -> Result<Authority, String> {
        let root_key = fresh_key()?;
        let tsa_key = fresh_key()?;
        let root_spki = spki_der(&root_key)?;
        let tsa_spki = spki_der(&tsa_key)?;
        let root_name = name(ROOT_CN);
        let tsa_name = name(TSA_CN);
        let root_serial = fresh_serial()?;
        let root_tbs = seq(&[
            ctx(0, &small(2)),
            uint(&root_serial),
            ecdsa_sha256(),
            root_name.clone(),
            validity(),
            root_name.clone(),
            root_spki.clone(),
            ctx(
                3,
                &seq(&[
                    extension("2.5.29.19", true, seq(&[boolean(true)])),
                    extension("2.5.29.15", true, named_bits(&[5, 6])),
                    extension("2.5.29.14", false, octets(&key_id(&root_spki))),
                ]),
            ),
        ]);
        let tsa_serial = fresh_serial()?;
        let tsa_tbs = seq(&[
            ctx(0, &small(2)),
            uint(&tsa_serial),
            ecdsa_sha256(),
            root_name.clone(),
            validity(),
            tsa_name.clone(),
            tsa_spki.clone(),
            ctx(
                3,
                &seq(&[
                    extension("2.5.29.19", true, seq(&[])),
                    extension("2.5.29.15", true, named_bits(&[0, 1])),
                    extension("2.5.29.37", true, seq(&[der::oid(ID_KP_TIME_STAMPING)])),
                    extension("2.5.29.14", false, octets(&key_id(&tsa_spki))),
                    extension("2.5.29.35", false, seq(&[ctx_prim(0, &key_id(&root_spki))])),
                ]),
            ),
        ]);
        Ok(Authority {
            root: Cert {
                der: signed(root_tbs, &root_key),
                serial: root_serial,
                subject: root_name.clone(),
            },
            tsa: Cert {
                der: signed(tsa_tbs, &root_key),
                serial: tsa_serial,
                subject: tsa_name,
            },
            tsa_key,
            next_serial: AtomicU64::new(1),
        })
    }

    pub fn root_pem(&self) -> String {
        pem(&self.root.der)
    }

    pub fn tsa_pem(&self) -> String {
        pem(&self.tsa.der)
    }

    /// The answer to a DER TimeStampReq at time `at`: a granted TimeStampResp, or a
    /// rejection naming what is wrong (RFC 3161 §2.4.2 PKIFailureInfo).
    pub fn respond(&self, query: &[u8], at: Instant) -> Vec<u8> {
        let req = match TimeStampReq::from_der(query) {
            Ok(r) => r,
            Err(e) => return rejection(5, &format!("DEMO TSA: not a TimeStampReq: {e}")),
        };
        if req.policy.as_deref().is_some_and(|p| p != POLICY) {
            return rejection(15, &format!("DEMO TSA: the only policy is {POLICY}"));
        }
        let serial = self.next_serial.fetch_add(1, Ordering::SeqCst);
        let mut tst = vec![
            small(1),
            der::oid(POLICY),
            seq(&[
                seq(&[der::oid(hash_oid(&req)), vec![0x05, 0]]),
                octets(&req.digest),
            ]),
            small(serial),
            generalized_time(at),
            seq(&[small(1)]),
        ];
        if let Some(n) = &req.nonce {
            tst.push(der::tlv(0x02, n));
        }
        tst.push(ctx(0, &ctx(4, &self.tsa.subject)));
        let tst_info = seq(&tst);
        let ess = seq(&[seq(&[seq(&[
            octets(&Sha256::digest(&self.tsa.der)),
            seq(&[seq(&[ctx(4, &self.root.subject)]), uint(&self.tsa.serial)]),
        ])])]);
        let attrs = vec![
            seq(&[
                der::oid(ID_CONTENT_TYPE),
                set_of(vec![der::oid(ID_CT_TST_INFO)]),
            ]),
            seq(&[
                der::oid(ID_MESSAGE_DIGEST),
                set_of(vec![octets(&Sha256::digest(&tst_info))]),
            ]),
            seq(&[der::oid(ID_SIGNING_CERTIFICATE_V2), set_of(vec![ess])]),
        ];
        // Signed as a SET OF (tag 0x31), carried as [0] IMPLICIT with the same contents.
        let attr_set = set_of(attrs);
        let sig: Signature = self.tsa_key.sign(&attr_set);
        let mut attrs_implicit = attr_set.clone();
        attrs_implicit[0] = 0xa0;
        let signer_info = seq(&[
            small(1),
            seq(&[self.root.subject.clone(), uint(&self.tsa.serial)]),
            sha256_alg(),
            attrs_implicit,
            ecdsa_sha256(),
            octets(sig.to_der().as_bytes()),
        ]);
        let mut signed_data = vec![
            small(3),
            set_of(vec![sha256_alg()]),
            seq(&[der::oid(ID_CT_TST_INFO), ctx(0, &octets(&tst_info))]),
        ];
        if req.cert_req {
            signed_data.push(ctx(0, &self.tsa.der));
        }
        signed_data.push(set_of(vec![signer_info]));
        let token = seq(&[der::oid(ID_SIGNED_DATA), ctx(0, &seq(&signed_data))]);
        seq(&[seq(&[small(0)]), token])
    }
}

fn hash_oid(req: &TimeStampReq) -> &'static str {
    use sealbook_core::pki::signature::HashAlg;
    match req.hash {
        HashAlg::Sha1 => alg::SHA1,
        HashAlg::Sha256 => alg::SHA256,
        HashAlg::Sha384 => alg::SHA384,
        HashAlg::Sha512 => alg::SHA512,
    }
}

/// A rejection (status 2) with PKIFailureInfo bit `fail` and a reason.
fn rejection(fail: u32, text: &str) -> Vec<u8> {
    seq(&[seq(&[small(2), seq(&[utf8(text)]), named_bits(&[fail])])])
}

/// The authority served over HTTP on 127.0.0.1.
pub struct DemoTsa {
    authority: Arc<Authority>,
    server: Server,
}

impl DemoTsa {
    /// A fresh authority answering at `clock`'s time.
    pub fn start(clock: Clock) -> Result<DemoTsa, String> {
        let authority = Arc::new(Authority::new()?);
        let a = authority.clone();
        let server = Server::start("demo-tsa", move |r: &Request| {
            if r.method != "POST" {
                return Response::text(405, "DEMO TSA: POST a timestamp query");
            }
            if r.header("content-type")
                .is_some_and(|t| !t.eq_ignore_ascii_case(QUERY_MEDIA_TYPE))
            {
                return Response::text(415, "DEMO TSA: send application/timestamp-query");
            }
            Response::new(200, REPLY_MEDIA_TYPE, a.respond(&r.body, clock.peek()))
        })
        .map_err(|e| format!("cannot start the DEMO TSA: {e}"))?;
        Ok(DemoTsa { authority, server })
    }

    /// The authority's URL (`http://127.0.0.1:<port>/tsr`).
    pub fn url(&self) -> String {
        format!("{}/tsr", self.server.url())
    }

    /// The files the league publishes for it: the root and the TSA certificate (PEM).
    pub fn files(&self) -> Vec<(&'static str, Vec<u8>)> {
        vec![
            (ROOT_FILE, self.authority.root_pem().into_bytes()),
            (TSA_FILE, self.authority.tsa_pem().into_bytes()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http_client::{Body, HttpClient};
    use crate::league::clock::StepClock;
    use crate::run_in_process as sealbook;
    use sealbook_core::pki::signature::HashAlg;
    use sealbook_core::tsp::response::{self, NamedBytes};
    use std::process::Command;
    use std::time::Duration;

    fn at() -> Instant {
        Instant::parse_rfc3339("2026-10-21T12:30:05.25Z").unwrap()
    }

    /// Files in a fresh temporary directory.
    fn dir(files: &[(&str, &[u8])]) -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        for (name, bytes) in files {
            std::fs::write(d.path().join(name), bytes).unwrap();
        }
        d
    }

    fn now() -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64
    }

    /// `openssl ts -verify` (no config of the system's: an empty one).
    fn openssl_verify(
        d: &std::path::Path,
        data: &str,
        token: &str,
        untrusted: bool,
    ) -> (bool, String) {
        std::fs::write(d.join("openssl.cnf"), "").unwrap();
        let mut args = vec![
            "ts", "-verify", "-data", data, "-in", token, "-CAfile", "root.pem",
        ];
        if untrusted {
            args.extend(["-untrusted", "tsa.pem"]);
        }
        let out = Command::new("openssl")
            .args(&args)
            .current_dir(d)
            .env("OPENSSL_CONF", d.join("openssl.cnf"))
            .output()
            .expect("openssl is installed");
        (
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    }

    #[test]
    fn tokens_pass_openssl_and_the_project_verifier() {
        let tsa = DemoTsa::start(Clock::stepped(&StepClock::new(at(), 1))).unwrap();
        let list = b"daily/council/book.jsonl: 3 lines, sha256 ab, last link cd\n";
        let query = TimeStampReq::for_data(HashAlg::Sha256, list, Some(&[0x92, 1, 2, 3]), true)
            .to_der()
            .unwrap();
        let client = HttpClient::new(Duration::from_secs(10));
        let (status, reply) = client
            .exchange(
                &tsa.url(),
                REPLY_MEDIA_TYPE,
                Some(Body {
                    content_type: Some(QUERY_MEDIA_TYPE),
                    bytes: &query,
                }),
                1 << 16,
            )
            .unwrap();
        assert_eq!(status, 200);
        let [(_, root), (_, leaf)] = <[_; 2]>::try_from(tsa.files()).ok().unwrap();
        let d = dir(&[
            ("list.txt", list),
            ("t.tsr", &reply),
            ("root.pem", &root),
            ("tsa.pem", &leaf),
        ]);
        let (ok, text) = openssl_verify(d.path(), "list.txt", "t.tsr", true);
        assert!(ok && text.contains("Verification: OK"), "{text}");
        // The token carries the TSA certificate (certReq), so the root alone is enough too.
        let (ok, text) = openssl_verify(d.path(), "list.txt", "t.tsr", false);
        assert!(ok, "{text}");
        // Other data fails.
        std::fs::write(d.path().join("other.txt"), b"other").unwrap();
        assert!(!openssl_verify(d.path(), "other.txt", "t.tsr", true).0);
        // openssl prints the DEMO names, the policy, the nonce and genTime.
        let out = Command::new("openssl")
            .args(["ts", "-reply", "-in", "t.tsr", "-text"])
            .current_dir(d.path())
            .env("OPENSSL_CONF", d.path().join("openssl.cnf"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Status: Granted."), "{text}");
        assert!(text.contains("Policy OID: 1.2.3.4.1"), "{text}");
        assert!(
            text.contains("Time stamp: Oct 21 12:30:05.25 2026 GMT"),
            "{text}"
        );
        assert!(text.contains("DEMO timestamp authority"), "{text}");
        assert!(text.contains("Nonce: 0x92010203"), "{text}");

        // The project's own verifier, with the DEMO root as the reader's choice: every check.
        let (_, verdict) = response::verify_bytes(
            NamedBytes {
                name: "t.tsr",
                bytes: &reply,
            },
            list,
            &[NamedBytes {
                name: "root.pem",
                bytes: &root,
            }],
            &[],
            now(),
        )
        .unwrap();
        assert!(verdict.ok && verdict.ok_now == Some(true), "{verdict:#?}");
        assert_eq!(verdict.gen_time.as_deref(), Some("2026-10-21T12:30:05.25Z"));
        assert_eq!(verdict.chain.len(), 2, "{verdict:#?}");
        // Without the DEMO root the reader's default roots do not reach it.
        let other = Authority::new().unwrap();
        let (_, verdict) = response::verify_bytes(
            NamedBytes {
                name: "t.tsr",
                bytes: &reply,
            },
            list,
            &[NamedBytes {
                name: "other.pem",
                bytes: other.root_pem().as_bytes(),
            }],
            &[],
            now(),
        )
        .unwrap();
        assert!(!verdict.ok);
    }

    #[test]
    fn tsr_request_stamps_through_it_and_tsr_verify_accepts_the_demo_root() {
        let tsa = DemoTsa::start(Clock::stepped(&StepClock::new(at(), 1))).unwrap();
        let d = tempfile::tempdir().unwrap();
        let p = |f: &str| d.path().join(f).display().to_string();
        std::fs::write(p("list.txt"), b"daily/council/asks.jsonl: 1 lines\n").unwrap();
        for (name, bytes) in tsa.files() {
            let file = name.rsplit('/').next().unwrap();
            std::fs::write(p(file), bytes).unwrap();
        }
        let url = tsa.url();
        let out = p("list.txt.demo.tsr");
        assert_eq!(
            sealbook(&[
                "tsr",
                "request",
                &p("list.txt"),
                "--url",
                &url,
                "--out",
                &out
            ]),
            0
        );
        let verify = |ca: &str| {
            sealbook(&[
                "tsr",
                "verify",
                "--data",
                &p("list.txt"),
                "--in",
                &out,
                "--ca",
                ca,
            ])
        };
        assert_eq!(verify(&p("demo-root.pem")), 0);
        // The root of another demo (a fresh key) does not reach this one's tokens.
        std::fs::write(p("other-root.pem"), Authority::new().unwrap().root_pem()).unwrap();
        assert_eq!(verify(&p("other-root.pem")), 1);
    }

    #[test]
    fn a_token_without_certificates_verifies_with_the_published_chain() {
        let a = Authority::new().unwrap();
        let data = b"stamped list";
        let query = TimeStampReq::for_data(HashAlg::Sha512, data, None, false)
            .to_der()
            .unwrap();
        let reply = a.respond(&query, at());
        let (root, leaf) = (a.root_pem(), a.tsa_pem());
        let d = dir(&[
            ("list.txt", data),
            ("t.tsr", &reply),
            ("root.pem", root.as_bytes()),
            ("tsa.pem", leaf.as_bytes()),
        ]);
        let (ok, text) = openssl_verify(d.path(), "list.txt", "t.tsr", true);
        assert!(ok, "{text}");
        let (_, verdict) = response::verify_bytes(
            NamedBytes {
                name: "t.tsr",
                bytes: &reply,
            },
            data,
            &[NamedBytes {
                name: "root.pem",
                bytes: root.as_bytes(),
            }],
            &[NamedBytes {
                name: "tsa.pem",
                bytes: leaf.as_bytes(),
            }],
            now(),
        )
        .unwrap();
        assert!(verdict.ok, "{verdict:#?}");
        // Serial numbers count up; the same query at the same time differs only by serial.
        let again = a.respond(&query, at());
        assert_ne!(again, reply);
        // openssl reads the certificates: the critical timeStamping EKU, the DEMO subjects.
        let out = Command::new("openssl")
            .args(["x509", "-in", "tsa.pem", "-noout", "-text"])
            .current_dir(d.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("X509v3 Extended Key Usage: critical"),
            "{text}"
        );
        assert!(text.contains("Time Stamping"), "{text}");
        assert!(
            text.contains("Subject: C = ZZ, O = sealbook DEMO, CN = sealbook DEMO timestamp"),
            "{text}"
        );
        assert!(
            text.contains("Issuer: C = ZZ, O = sealbook DEMO, CN = \"sealbook DEMO root CA"),
            "{text}"
        );
        // Fresh keys every time.
        assert_ne!(Authority::new().unwrap().root_pem(), a.root_pem());
    }

    #[test]
    fn bad_queries_are_rejected_with_a_status() {
        let a = Authority::new().unwrap();
        for (query, fail) in [
            (b"not DER".to_vec(), "badDataFormat"),
            (
                TimeStampReq {
                    policy: Some("1.2.3.9".into()),
                    ..TimeStampReq::for_data(HashAlg::Sha256, b"x", None, true)
                }
                .to_der()
                .unwrap(),
                "unacceptedPolicy",
            ),
        ] {
            let reply = a.respond(&query, at());
            let d = dir(&[("t.tsr", &reply)]);
            std::fs::write(d.path().join("openssl.cnf"), "").unwrap();
            let out = Command::new("openssl")
                .args(["ts", "-reply", "-in", "t.tsr", "-text"])
                .current_dir(d.path())
                .env("OPENSSL_CONF", d.path().join("openssl.cnf"))
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("Status: Rejected."), "{text}");
            assert!(text.contains("Failure info: "), "{fail}: {text}");
            let parsed = response::parse(&reply).unwrap();
            let response::Parsed::Response(r) = parsed else {
                panic!()
            };
            assert!(!r.status.is_granted());
            assert!(r.status.fail_info.contains(&fail), "{:?}", r.status);
        }
    }
}
