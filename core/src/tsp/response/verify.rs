//! Verification of a parsed timestamp (spec §3.2 Level 2+, Appendix B step 9): every check
//! `openssl ts -verify` makes and more, each listed with its result, and the two bottom lines
//! (the chain at genTime, RFC 3161 App. B, and at a supplied "now").

use super::ess;
use super::token::{oid, parse, Parsed, SignerInfo, StatusInfo, TimeStampToken, TstInfo};
use super::token::{GeneralName, MessageImprint};
use crate::checks::{Check, CheckMsg, Checks, Status};
use crate::hex;
use crate::pki::der::{self, tag, Time};
use crate::pki::signature::{self, HashAlg, Scheme};
use crate::pki::x509::{self, CertSummary, Certificate};
use serde::Serialize;

/// What the token is checked against: the stamped bytes, or their digest as given.
#[derive(Debug, Clone, Copy)]
pub enum Imprinted<'a> {
    /// The stamped bytes: hashed with the imprint's algorithm.
    Data(&'a [u8]),
    /// The digest, compared as given.
    Digest(&'a [u8]),
}

/// The reader's choices for verification.
#[derive(Debug, Clone, Default)]
pub struct VerifyOptions {
    /// Trust anchors the reader chose (roots, or any certificate they trust).
    pub anchors: Vec<Certificate>,
    /// Extra certificates to build the path with (e.g. the TSA's leaf when the token has none).
    pub untrusted: Vec<Certificate>,
    /// "Now" (Unix seconds) to check the chain at as well, as OpenSSL does by default.
    pub now: Option<i64>,
    /// The nonce sent in the request, as INTEGER contents, to be echoed.
    pub expected_nonce: Option<Vec<u8>>,
    /// Pin the authority: the signer's subject must equal this text or have this CN.
    pub expected_signer: Option<String>,
}

/// The verdict on one timestamp: every check, and the two bottom lines.
#[derive(Debug, Clone, Serialize)]
pub struct TokenVerdict {
    /// Every check passed, with the chain validated at genTime (RFC 3161 App. B).
    pub ok: bool,
    /// As `ok` but with the chain validated at the supplied "now" (OpenSSL's default verdict);
    /// `None` when no "now" was supplied.
    pub ok_now: Option<bool>,
    /// The token's genTime, ISO 8601 UTC.
    pub gen_time: Option<String>,
    /// The TSTInfo, when it could be read.
    pub tst_info: Option<TstInfo>,
    /// The signer's certificate, when found.
    pub signer: Option<CertSummary>,
    /// The certification path used, leaf first, anchor last.
    pub chain: Vec<CertSummary>,
    /// Every check, in the order made.
    pub checks: Vec<Check>,
    /// The signer's identifier (issuer and serial) when no certificate for it was in the
    /// token or supplied: the certificate the reader must add to check the signature.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing_signer: Option<String>,
}

impl crate::checks::Report for TokenVerdict {
    fn checks(&self) -> &[Check] {
        &self.checks
    }
}

/// Check ids. `CHAIN_NOW` only affects `ok_now`.
pub mod check {
    /// The response's PKIStatus is granted (RFC 3161 §2.4.2).
    pub const STATUS: &str = "status";
    /// TSTInfo's version is 1.
    pub const TST_VERSION: &str = "tst_version";
    /// The imprint's hash is a known one, with absent or NULL parameters.
    pub const IMPRINT_ALGORITHM: &str = "imprint_algorithm";
    /// The imprint equals the digest of the stamped data.
    pub const IMPRINT: &str = "imprint";
    /// The nonce sent is echoed.
    pub const NONCE: &str = "nonce";
    /// The signer's certificate is found.
    pub const SIGNER: &str = "signer";
    /// The content-type attribute is id-ct-TSTInfo (RFC 5652 §11.1).
    pub const CONTENT_TYPE_ATTR: &str = "content_type_attr";
    /// The message-digest attribute is the digest of the TSTInfo (RFC 5652 §11.2).
    pub const MESSAGE_DIGEST_ATTR: &str = "message_digest_attr";
    /// The signature over the signed attributes verifies.
    pub const SIGNATURE: &str = "signature";
    /// Present only when the signature digests with a collision-broken hash (a warning).
    pub const SIGNATURE_ALGORITHM: &str = "signature_algorithm";
    /// The ESS signing-certificate attribute names the signer's certificate (RFC 2634 §5.4,
    /// RFC 5035, RFC 5816).
    pub const ESS_CERT_ID: &str = "ess_cert_id";
    /// The signer's certificate has id-kp-timeStamping as its only purpose, critical, and a
    /// keyUsage, if any, of digitalSignature/nonRepudiation only (RFC 3161 §2.3).
    pub const LEAF_EKU: &str = "leaf_eku";
    /// The certification path is valid at genTime (RFC 5280 §6).
    pub const CHAIN_AT_GEN_TIME: &str = "chain_at_gen_time";
    /// The path is valid at the "now" supplied.
    pub const CHAIN_NOW: &str = "chain_now";
    /// The TSTInfo's `tsa` names the signer (RFC 3161 §2.4.2).
    pub const TSA_NAME: &str = "tsa_name";
    /// The signer is the authority the reader pinned.
    pub const PINNED_SIGNER: &str = "pinned_signer";
}

/// Verifies a parsed response or bare token.
pub fn verify(parsed: &Parsed, imprinted: Imprinted<'_>, opts: &VerifyOptions) -> TokenVerdict {
    match parsed {
        Parsed::Token(t) => verify_token(t, imprinted, opts, Vec::new()),
        Parsed::Response(r) => {
            let status = status_check(&r.status, r.token.is_some());
            match &r.token {
                Some(t) if r.status.is_granted() => verify_token(t, imprinted, opts, vec![status]),
                _ => TokenVerdict {
                    ok: false,
                    ok_now: opts.now.map(|_| false),
                    gen_time: None,
                    tst_info: None,
                    signer: None,
                    chain: Vec::new(),
                    checks: vec![status],
                    missing_signer: None,
                },
            }
        }
    }
}

/// The response's PKIStatusInfo (RFC 3161 §2.4.2): passes when a token was granted.
fn status_check(s: &StatusInfo, has_token: bool) -> Check {
    Check {
        id: check::STATUS,
        status: if s.is_granted() {
            Status::Pass
        } else {
            Status::Fail
        },
        msg: CheckMsg::Status {
            name: s.status_name.to_string(),
            code: s.status,
            texts: s.status_strings.clone(),
            fail_info: s.fail_info.iter().map(|b| b.to_string()).collect(),
            no_token: !s.is_granted() && !has_token,
        },
    }
}

/// Verifies a token; `prior` holds checks already made (the response status). The checks
/// run in a fixed order, each step below adding its own.
pub fn verify_token(
    token: &TimeStampToken,
    imprinted: Imprinted<'_>,
    opts: &VerifyOptions,
    prior: Vec<Check>,
) -> TokenVerdict {
    let mut c = Checks(prior);
    let tst = &token.tst_info;
    c.result(check::TST_VERSION, tst_version(tst.version));
    check_imprint(&mut c, &tst.message_imprint, imprinted);
    check_nonce(&mut c, opts.expected_nonce.as_deref(), tst.nonce.as_deref());

    // Exactly one signer, its certificate found by identifier.
    let pool = certificate_pool(token, opts);
    let si = match token.signer_infos.as_slice() {
        [si] => si,
        sis => {
            let n = sis.len();
            c.push(check::SIGNER, Status::Fail, CheckMsg::SignerInfoCount { n });
            return finish(c, token, None, None, opts);
        }
    };
    let Some(found) = find_signer(si, &pool) else {
        let sid = si.sid.reference();
        let detail = if token.certificates.is_empty() && opts.untrusted.is_empty() {
            CheckMsg::SignerNotSupplied { sid }
        } else {
            CheckMsg::SignerNotAmong { sid }
        };
        c.push(check::SIGNER, Status::Fail, detail);
        let mut v = finish(c, token, None, None, opts);
        v.missing_signer = Some(si.sid.describe());
        return v;
    };
    let FoundSigner {
        cert: signer,
        signature,
        claimants,
    } = found;
    let signer = &signer;
    let in_token = token.certificates.iter().position(|x| x == signer);
    c.push(
        check::SIGNER,
        Status::Pass,
        CheckMsg::SignerFound {
            subject: signer.subject.text.clone(),
            sid: si.sid.reference(),
            position: in_token.map(|i| (i + 1, token.certificates.len())),
            claimants,
        },
    );
    check_signed_attributes(&mut c, token, si);
    // Signature over the DER signed attributes (computed while choosing the signer).
    c.result(check::SIGNATURE, signature);
    check_signature_hash(&mut c, si);

    let paths = x509::build_paths(signer, &pool, &opts.anchors);
    let path = check_chains(&mut c, &paths, &tst.gen_time, signer, opts).map(|i| &paths[i]);
    c.result(
        check::ESS_CERT_ID,
        ess::check_binding(si, signer, path, &pool),
    );
    // Leaf purpose: extendedKeyUsage timeStamping only, critical (RFC 3161 §2.3).
    c.result(check::LEAF_EKU, check_leaf_purpose(signer));
    check_tsa_name(&mut c, tst.tsa.as_ref(), signer);
    check_pinned_signer(&mut c, opts.expected_signer.as_deref(), signer);
    finish(c, token, Some(signer), path, opts)
}

/// TSTInfo version (RFC 3161 §2.4.2): 1.
fn tst_version(version: u64) -> Result<CheckMsg, CheckMsg> {
    if version == 1 {
        Ok(CheckMsg::TstVersionOk)
    } else {
        Err(CheckMsg::TstVersionBad { version })
    }
}

/// The imprint's hash algorithm (weak ones warn) and its value against the stamped data
/// (RFC 3161 §2.4.1).
fn check_imprint(c: &mut Checks, mi: &MessageImprint, imprinted: Imprinted<'_>) {
    let imprint_alg = mi.hash_alg();
    match imprint_alg {
        Some(h) if h.is_weak() => c.push(
            check::IMPRINT_ALGORITHM,
            Status::Warn,
            CheckMsg::ImprintAlgWeak {
                alg: h.name().to_string(),
                since: h.digest_distrusted_since().unwrap_or_default().to_string(),
            },
        ),
        Some(h) => c.push(
            check::IMPRINT_ALGORITHM,
            Status::Pass,
            CheckMsg::ImprintAlgOk {
                alg: h.name().to_string(),
                params: format!("{:?}", mi.hash_params),
            },
        ),
        None => c.push(
            check::IMPRINT_ALGORITHM,
            Status::Fail,
            CheckMsg::ImprintAlgUnsupported {
                oid: mi.hash_oid.clone(),
            },
        ),
    }
    let imprint = match (imprint_alg, imprinted) {
        (None, _) => Err(CheckMsg::ImprintNoAlgorithm),
        (Some(h), Imprinted::Data(d)) => compare_digest(&h.digest(d), &mi.hashed_message, h),
        (Some(h), Imprinted::Digest(d)) => compare_digest(d, &mi.hashed_message, h),
    };
    c.result(check::IMPRINT, imprint);
}

/// A warning when the SignerInfo digests its signed attributes, or signs, with a
/// collision-broken hash (RFC 5652 §5.4; a 2018 token signed with SHA-1 is still met).
fn check_signature_hash(c: &mut Checks, si: &SignerInfo) {
    let digest = HashAlg::from_oid(&si.digest_alg.oid);
    let signing = Scheme::from_alg(&si.signature_alg, digest)
        .ok()
        .map(Scheme::hash);
    let weak = [digest, signing]
        .into_iter()
        .flatten()
        .find(|h| h.is_weak());
    if let Some(h) = weak {
        c.push(
            check::SIGNATURE_ALGORITHM,
            Status::Warn,
            CheckMsg::SignatureAlgWeak {
                alg: h.name().to_string(),
                since: h
                    .signature_distrusted_since()
                    .unwrap_or_default()
                    .to_string(),
            },
        );
    }
}

/// The request's nonce echoed (RFC 3161 §2.4.2), when the reader gave one.
fn check_nonce(c: &mut Checks, expected: Option<&[u8]>, found: Option<&[u8]>) {
    match (expected, found) {
        (None, _) => c.push(check::NONCE, Status::Skip, CheckMsg::NonceNotExpected),
        (Some(want), Some(got)) if strip_int(want) == strip_int(got) => c.push(
            check::NONCE,
            Status::Pass,
            CheckMsg::NonceEchoed {
                nonce: hex::encode(got),
            },
        ),
        (Some(want), got) => c.push(
            check::NONCE,
            Status::Fail,
            match got {
                Some(g) => CheckMsg::NonceDiffers {
                    expected: hex::encode(want),
                    found: hex::encode(g),
                },
                None => CheckMsg::NonceMissing {
                    expected: hex::encode(want),
                },
            },
        ),
    }
}

/// The token's certificates, then each supplied one not already among them.
fn certificate_pool(token: &TimeStampToken, opts: &VerifyOptions) -> Vec<Certificate> {
    let mut pool: Vec<Certificate> = token.certificates.clone();
    for u in &opts.untrusted {
        if !pool.contains(u) {
            pool.push(u.clone());
        }
    }
    pool
}

/// The signer certificate as found among the claimants of its identifier.
struct FoundSigner {
    cert: Certificate,
    /// The signature check under its key.
    signature: Result<CheckMsg, CheckMsg>,
    /// How many certificates claimed the identifier.
    claimants: usize,
}

/// Several certificates may claim the identifier (an injected copy with another key): the
/// signer is the first whose key verifies the signature, else the first claimant with its
/// failure; `None` when no certificate claims it.
fn find_signer(si: &SignerInfo, pool: &[Certificate]) -> Option<FoundSigner> {
    let digest_alg = HashAlg::from_oid(&si.digest_alg.oid);
    let candidates: Vec<&Certificate> = pool.iter().filter(|x| si.sid.matches(x)).collect();
    let claimants = candidates.len();
    let mut first_failure = None;
    for cand in candidates {
        match verify_signer_info(si, cand, digest_alg) {
            Ok(msg) => {
                return Some(FoundSigner {
                    cert: cand.clone(),
                    signature: Ok(msg),
                    claimants,
                })
            }
            Err(e) => {
                first_failure.get_or_insert((cand, e));
            }
        }
    }
    first_failure.map(|(cert, e)| FoundSigner {
        cert: cert.clone(),
        signature: Err(e),
        claimants,
    })
}

/// Signed attributes: contentType and messageDigest (RFC 5652 §5.3, §11.1, §11.2).
fn check_signed_attributes(c: &mut Checks, token: &TimeStampToken, si: &SignerInfo) {
    if si.signed_attrs_raw.is_none() {
        c.push(
            check::CONTENT_TYPE_ATTR,
            Status::Fail,
            CheckMsg::NoSignedAttrsForTstInfo,
        );
        c.push(
            check::MESSAGE_DIGEST_ATTR,
            Status::Fail,
            CheckMsg::NoSignedAttrs,
        );
        return;
    }
    c.result(check::CONTENT_TYPE_ATTR, check_content_type(token, si));
    c.result(check::MESSAGE_DIGEST_ATTR, check_message_digest(token, si));
}

/// The contentType attribute names the eContentType (RFC 5652 §11.1).
fn check_content_type(token: &TimeStampToken, si: &SignerInfo) -> Result<CheckMsg, CheckMsg> {
    let v = single_value(si, oid::ATTR_CONTENT_TYPE)?;
    let o = der::parse_one(&v, "contentType")
        .and_then(|t| t.oid())
        .map_err(|e| CheckMsg::AttrUnreadable {
            detail: e.to_string(),
        })?;
    if o == token.econtent_type {
        Ok(CheckMsg::ContentTypeOk { oid: o })
    } else {
        Err(CheckMsg::ContentTypeDiffers {
            attribute: o,
            econtent: token.econtent_type.clone(),
        })
    }
}

/// The messageDigest attribute is the digest of the eContent, the DER TSTInfo (RFC 5652
/// §11.2).
fn check_message_digest(token: &TimeStampToken, si: &SignerInfo) -> Result<CheckMsg, CheckMsg> {
    let v = single_value(si, oid::ATTR_MESSAGE_DIGEST)?;
    let t = der::parse_one(&v, "messageDigest").map_err(|e| CheckMsg::AttrUnreadable {
        detail: e.to_string(),
    })?;
    if t.tag != tag::OCTET_STRING {
        return Err(CheckMsg::MessageDigestNotOctets);
    }
    let h =
        HashAlg::from_oid(&si.digest_alg.oid).ok_or_else(|| CheckMsg::DigestAlgUnsupported {
            oid: si.digest_alg.oid.clone(),
        })?;
    let want = h.digest(&token.econtent);
    if t.value == want.as_slice() {
        Ok(CheckMsg::MessageDigestOk {
            alg: h.name().to_string(),
            digest: hex::encode(&want),
        })
    } else {
        Err(CheckMsg::MessageDigestDiffers {
            alg: h.name().to_string(),
            computed: hex::encode(&want),
            attribute: hex::encode(t.value),
        })
    }
}

/// Certification paths to the reader's anchors, checked at genTime and, when given, at
/// "now" (RFC 3161 App. B; OpenSSL's default). Returns the index of the path used: the one
/// valid at genTime, else the one valid now.
fn check_chains(
    c: &mut Checks,
    paths: &[x509::Path],
    gen_time: &Time,
    signer: &Certificate,
    opts: &VerifyOptions,
) -> Option<usize> {
    let valid_at = |at: i64| {
        if !paths.is_empty() {
            pick_path(paths, at)
        } else if opts.anchors.is_empty() {
            Err(CheckMsg::NoTrustAnchor)
        } else {
            Err(CheckMsg::NoPathToAnchor {
                subject: signer.subject.text.clone(),
            })
        }
    };
    let subjects = |r: &Result<usize, CheckMsg>| match r {
        Ok(i) => Ok(path_subjects(&paths[*i])),
        Err(e) => Err(e.clone()),
    };
    let at_gen = valid_at(gen_time.unix);
    c.result(
        check::CHAIN_AT_GEN_TIME,
        subjects(&at_gen).map(|path| CheckMsg::ChainValidAtGenTime {
            time: gen_time.to_iso(),
            path,
        }),
    );
    let at_now = opts.now.map(|now| (now, valid_at(now)));
    match &at_now {
        Some((now, r)) => c.result(
            check::CHAIN_NOW,
            subjects(r).map(|path| CheckMsg::ChainValidNow {
                time: Time::from_unix(*now).to_iso(),
                path,
            }),
        ),
        None => c.push(check::CHAIN_NOW, Status::Skip, CheckMsg::NoCurrentTime),
    }
    at_gen.ok().or(at_now.and_then(|(_, r)| r.ok()))
}

/// The `tsa` name (RFC 3161 §2.4.2): if present it must name the signer.
fn check_tsa_name(c: &mut Checks, tsa: Option<&GeneralName>, signer: &Certificate) {
    let Some(gn) = tsa else {
        c.push(check::TSA_NAME, Status::Skip, CheckMsg::TsaAbsent);
        return;
    };
    let ok = gn.directory_name.as_ref().is_some_and(|n| {
        n.matches(&signer.subject)
            || signer
                .known
                .subject_alt_dir_names
                .iter()
                .any(|s| s.matches(n))
    }) || signer.known.subject_alt_names_raw.contains(&gn.raw);
    c.result(
        check::TSA_NAME,
        if ok {
            Ok(CheckMsg::TsaNamesSigner {
                kind: gn.kind.clone(),
                name: gn.text.clone(),
            })
        } else {
            Err(CheckMsg::TsaNotSigner {
                kind: gn.kind.clone(),
                name: gn.text.clone(),
                signer: signer.subject.text.clone(),
            })
        },
    );
}

/// The authority the reader pinned: the signer's subject equals it or has it as CN.
fn check_pinned_signer(c: &mut Checks, pinned: Option<&str>, signer: &Certificate) {
    let Some(want) = pinned else {
        c.push(check::PINNED_SIGNER, Status::Skip, CheckMsg::NothingPinned);
        return;
    };
    let cn = signer
        .subject
        .text
        .split(", ")
        .find_map(|p| p.strip_prefix("CN="))
        .unwrap_or("");
    c.result(
        check::PINNED_SIGNER,
        if signer.subject.text == want || cn == want {
            Ok(CheckMsg::PinnedOk {
                signer: signer.subject.text.clone(),
            })
        } else {
            Err(CheckMsg::PinnedDiffers {
                signer: signer.subject.text.clone(),
                pinned: want.to_string(),
            })
        },
    );
}

/// The SignerInfo's signature over its signed attributes, under `cert`'s key.
fn verify_signer_info(
    si: &SignerInfo,
    cert: &Certificate,
    digest_alg: Option<HashAlg>,
) -> Result<CheckMsg, CheckMsg> {
    let key = cert
        .public_key
        .as_ref()
        .map_err(|e| CheckMsg::SignerKeyUnusable { detail: e.clone() })?;
    let scheme = Scheme::from_alg(&si.signature_alg, digest_alg).map_err(CheckMsg::Signature)?;
    let msg = si.signed_bytes().ok_or(CheckMsg::NoSignedAttrsToVerify)?;
    signature::verify(key, scheme, &msg, &si.signature).map_err(CheckMsg::Signature)?;
    Ok(CheckMsg::SignatureOk {
        scheme: scheme.describe(),
        key: key.describe(),
    })
}

fn finish(
    c: Checks,
    token: &TimeStampToken,
    signer: Option<&Certificate>,
    path: Option<&x509::Path>,
    opts: &VerifyOptions,
) -> TokenVerdict {
    let has_signer = signer.is_some();
    let ok = has_signer && c.none_failed_except(&[check::CHAIN_NOW]);
    let ok_now = opts
        .now
        .map(|_| has_signer && c.none_failed_except(&[check::CHAIN_AT_GEN_TIME]));
    let checks = c.0;
    TokenVerdict {
        ok,
        ok_now,
        gen_time: Some(token.tst_info.gen_time.to_iso()),
        tst_info: Some(token.tst_info.clone()),
        signer: signer.map(Certificate::summary),
        chain: path
            .map(|p| p.certs.iter().map(Certificate::summary).collect())
            .unwrap_or_default(),
        checks,
        missing_signer: None,
    }
}

/// The first path valid at `at`, or the reason the first path is not.
fn pick_path(paths: &[x509::Path], at: i64) -> Result<usize, CheckMsg> {
    let mut first_err = None;
    for (i, p) in paths.iter().enumerate() {
        match x509::validate_path(p, at) {
            Ok(()) => return Ok(i),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(first_err.map_or(CheckMsg::NoPath, CheckMsg::Path))
}

/// The path's subjects, leaf first.
fn path_subjects(p: &x509::Path) -> Vec<String> {
    p.certs.iter().map(|c| c.subject.text.clone()).collect()
}

fn compare_digest(computed: &[u8], in_token: &[u8], h: HashAlg) -> Result<CheckMsg, CheckMsg> {
    if computed == in_token {
        Ok(CheckMsg::ImprintMatches {
            alg: h.name().to_string(),
            digest: hex::encode(in_token),
        })
    } else {
        Err(CheckMsg::ImprintDiffers {
            alg: h.name().to_string(),
            stamped: hex::encode(in_token),
            data: hex::encode(computed),
        })
    }
}

fn strip_int(v: &[u8]) -> &[u8] {
    let n = v.iter().take_while(|&&b| b == 0).count();
    &v[n.min(v.len().saturating_sub(1))..]
}

fn single_value(si: &SignerInfo, oid: &str) -> Result<Vec<u8>, CheckMsg> {
    match si.attr(oid) {
        None => Err(CheckMsg::AttrMissing {
            oid: oid.to_string(),
        }),
        Some(a) if a.values.len() != 1 => Err(CheckMsg::AttrValues {
            oid: oid.to_string(),
            n: a.values.len(),
        }),
        Some(a) => Ok(a.values[0].clone()),
    }
}

/// RFC 3161 §2.3: the TSA certificate has exactly one extendedKeyUsage, id-kp-timeStamping,
/// marked critical; a keyUsage, if present, allows only digitalSignature/nonRepudiation.
fn check_leaf_purpose(c: &Certificate) -> Result<CheckMsg, CheckMsg> {
    match &c.known.ext_key_usage {
        None => {
            return Err(CheckMsg::EkuMissing {
                subject: c.subject.text.clone(),
            })
        }
        Some((purposes, critical)) => {
            if purposes.as_slice() != [x509::oid::KP_TIME_STAMPING] {
                return Err(CheckMsg::EkuNotTimeStamping {
                    purposes: purposes.clone(),
                });
            }
            if !critical {
                return Err(CheckMsg::EkuNotCritical);
            }
        }
    }
    if let Some((bits, _)) = c.known.key_usage {
        let allowed = x509::key_usage::DIGITAL_SIGNATURE | x509::key_usage::NON_REPUDIATION;
        if bits & allowed == 0 || bits & !allowed != 0 {
            return Err(CheckMsg::KeyUsageBits { bits });
        }
    }
    Ok(CheckMsg::EkuOk)
}

/// A file the reader supplied, named for error messages.
#[derive(Debug, Clone, Copy)]
pub struct NamedBytes<'a> {
    /// The file's name.
    pub name: &'a str,
    /// Its bytes.
    pub bytes: &'a [u8],
}

/// Reads certificates (PEM or DER) from each file; an error names the file.
pub fn read_certificate_files(files: &[NamedBytes<'_>]) -> Result<Vec<Certificate>, String> {
    let mut out = Vec::new();
    for f in files {
        out.extend(x509::parse_certificates(f.bytes).map_err(|e| format!("{}: {e}", f.name))?);
    }
    Ok(out)
}

/// Verifies a `.tsr` (TimeStampResp) or `.tst` (bare token) given as bytes for the stamped
/// `data` (spec §3.2 Level 2+; RFC 3161 App. B): `anchors` are the trust anchors the reader
/// chose, `untrusted` extra certificates (PEM or DER), `now` the Unix time the chain is also
/// checked at (core has no clock: the caller passes it). Unreadable files are an `Err` naming
/// the file; a readable token always yields a verdict listing every check.
pub fn verify_bytes(
    token: NamedBytes<'_>,
    data: &[u8],
    anchors: &[NamedBytes<'_>],
    untrusted: &[NamedBytes<'_>],
    now: i64,
) -> Result<(Parsed, TokenVerdict), String> {
    let parsed = parse(token.bytes).map_err(|e| {
        format!(
            "{}: not a readable RFC 3161 response or token: {e}",
            token.name
        )
    })?;
    let opts = VerifyOptions {
        anchors: read_certificate_files(anchors)?,
        untrusted: read_certificate_files(untrusted)?,
        now: Some(now),
        ..Default::default()
    };
    let verdict = verify(&parsed, Imprinted::Data(data), &opts);
    Ok((parsed, verdict))
}
