//! X.509 certificates (RFC 5280): decoding, the extensions a timestamp verifier needs, and
//! certification path building and validation (RFC 5280 §6, restricted to what RFC 3161
//! verification needs) to trust anchors the reader supplies. Time is an input: core has no clock.

use crate::hex;
use crate::pki::der::{self, tag, Time, Tlv};
use crate::pki::signature::{self, AlgorithmIdentifier, PublicKey, Scheme};
use base64::Engine;
use serde::Serialize;

/// Why a path is not valid ([`validate_path`]): check messages, typed with their sentences
/// among the others ([`crate::check_messages`]).
pub use crate::check_messages::{CertRole, PathError, PathProblem};

/// The object identifiers of the certificate extensions read here (RFC 5280 §4.2).
pub mod oid {
    /// basicConstraints (RFC 5280 §4.2.1.9).
    pub const BASIC_CONSTRAINTS: &str = "2.5.29.19";
    /// keyUsage (RFC 5280 §4.2.1.3).
    pub const KEY_USAGE: &str = "2.5.29.15";
    /// extKeyUsage (RFC 5280 §4.2.1.12).
    pub const EXT_KEY_USAGE: &str = "2.5.29.37";
    /// subjectKeyIdentifier (RFC 5280 §4.2.1.2).
    pub const SUBJECT_KEY_ID: &str = "2.5.29.14";
    /// authorityKeyIdentifier (RFC 5280 §4.2.1.1).
    pub const AUTHORITY_KEY_ID: &str = "2.5.29.35";
    /// subjectAltName (RFC 5280 §4.2.1.6).
    pub const SUBJECT_ALT_NAME: &str = "2.5.29.17";
    /// id-kp-timeStamping, the purpose a time-stamping unit's certificate must name (RFC 3161 §2.3).
    pub const KP_TIME_STAMPING: &str = "1.3.6.1.5.5.7.3.8";
    /// Extensions whose semantics this verifier implements (a critical one not listed fails).
    pub const UNDERSTOOD: &[&str] = &[
        BASIC_CONSTRAINTS,
        KEY_USAGE,
        EXT_KEY_USAGE,
        SUBJECT_KEY_ID,
        AUTHORITY_KEY_ID,
        SUBJECT_ALT_NAME,
        "2.5.29.32", // certificatePolicies: no policy constraints are enforced, as with OpenSSL's default
        "2.5.29.31", // cRLDistributionPoints: revocation is out of scope (no I/O)
        "1.3.6.1.5.5.7.1.1", // authorityInfoAccess
    ];
}

/// keyUsage bits (RFC 5280 §4.2.1.3), bit 0 first.
pub mod key_usage {
    /// digitalSignature.
    pub const DIGITAL_SIGNATURE: u32 = 1 << 0;
    /// nonRepudiation (contentCommitment).
    pub const NON_REPUDIATION: u32 = 1 << 1;
    /// keyCertSign: the key signs certificates.
    pub const KEY_CERT_SIGN: u32 = 1 << 5;
}

/// Most certificates a token's certificate bag may carry (RFC 5652 `certificates`; a real
/// token carries its signer's chain). Files a reader gives ([`parse_certificates`]) are
/// bounded by their size instead: a system trust store holds well over a hundred roots.
pub const MAX_CERTS: usize = 64;
/// Longest certification path tried (leaf and anchor included).
pub const MAX_PATH_LEN: usize = 8;

/// A distinguished name: its DER (compared byte for byte) and a readable RFC 4514-style form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Name {
    /// The Name as encoded.
    #[serde(skip)]
    pub der: Vec<u8>,
    /// The attributes in RFC 4514 order and spelling (`CN=..., O=...`).
    pub text: String,
}

impl Name {
    /// Reads a Name (RFC 5280 §4.1.2.4): a SEQUENCE of RelativeDistinguishedNames.
    pub fn parse(t: &Tlv<'_>) -> der::Result<Name> {
        if t.tag != tag::SEQUENCE {
            return t.error("Name: expected SEQUENCE");
        }
        let mut parts = Vec::new();
        for rdn in t.reader().all()? {
            if rdn.tag != tag::SET {
                return rdn.error("RelativeDistinguishedName: expected SET");
            }
            for atv in rdn.reader().all()? {
                let mut r = atv.reader();
                let oid = r.expect(tag::OID, "AttributeTypeAndValue.type")?.oid()?;
                let v = r.read()?;
                r.finish("AttributeTypeAndValue")?;
                let value = v
                    .string()
                    .unwrap_or_else(|_| format!("#{}", hex::encode(v.raw)));
                parts.push(format!("{}={}", attr_short_name(&oid), value));
            }
        }
        Ok(Name {
            der: t.raw.to_vec(),
            text: parts.join(", "),
        })
    }

    /// Same name: identical DER, or the same attributes and values (ignoring string types and
    /// case, a simplification of RFC 5280 §7.1 that matches OpenSSL's canonical comparison for
    /// the names met in practice).
    pub fn matches(&self, other: &Name) -> bool {
        self.der == other.der || self.text.to_lowercase() == other.text.to_lowercase()
    }
}

fn attr_short_name(oid: &str) -> String {
    match oid {
        "2.5.4.3" => "CN",
        "2.5.4.6" => "C",
        "2.5.4.7" => "L",
        "2.5.4.8" => "ST",
        "2.5.4.10" => "O",
        "2.5.4.11" => "OU",
        "2.5.4.5" => "serialNumber",
        "2.5.4.97" => "organizationIdentifier",
        "2.5.4.13" => "description",
        "2.5.4.4" => "SN",
        "2.5.4.42" => "GN",
        "2.5.4.12" => "title",
        "2.5.4.9" => "street",
        "2.5.4.17" => "postalCode",
        "0.9.2342.19200300.100.1.25" => "DC",
        "1.2.840.113549.1.9.1" => "emailAddress",
        o => return o.to_string(),
    }
    .to_string()
}

/// One certificate extension (RFC 5280 §4.1.2.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Extension {
    /// The extension's OID (`extnID`).
    pub oid: String,
    /// Whether a verifier that does not understand it must reject the certificate.
    pub critical: bool,
    /// The `extnValue` OCTET STRING's contents.
    #[serde(serialize_with = "ser_hex")]
    pub value: Vec<u8>,
}

/// Serializes bytes as lowercase hex (reports show digests, serials and nonces so).
pub(crate) fn ser_hex<S: serde::Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&hex::encode(v))
}

/// Decoded extensions a path validator uses, each with its criticality.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KnownExtensions {
    /// (cA, pathLenConstraint, critical)
    pub basic_constraints: Option<(bool, Option<u64>, bool)>,
    /// (bits, critical)
    pub key_usage: Option<(u32, bool)>,
    /// (purpose OIDs, critical)
    pub ext_key_usage: Option<(Vec<String>, bool)>,
    /// subjectKeyIdentifier's key identifier.
    #[serde(serialize_with = "ser_opt_hex")]
    pub subject_key_id: Option<Vec<u8>>,
    /// authorityKeyIdentifier's keyIdentifier, when present.
    #[serde(serialize_with = "ser_opt_hex")]
    pub authority_key_id: Option<Vec<u8>>,
    /// directoryName entries of subjectAltName (RFC 3161 §2.4.2 `tsa` may name one).
    pub subject_alt_dir_names: Vec<Name>,
    /// Every subjectAltName GeneralName as encoded.
    #[serde(skip)]
    pub subject_alt_names_raw: Vec<Vec<u8>>,
}

pub(crate) fn ser_opt_hex<S: serde::Serializer>(
    v: &Option<Vec<u8>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_str(&hex::encode(v)),
        None => s.serialize_none(),
    }
}

/// A decoded certificate; `raw` is its DER.
#[derive(Debug, Clone)]
pub struct Certificate {
    /// The whole Certificate as encoded.
    pub raw: Vec<u8>,
    /// The TBSCertificate as encoded: what the issuer signed (RFC 5280 §4.1.1.1).
    pub tbs_raw: Vec<u8>,
    /// The version number: 1 for v1 (no `version` field), 3 for v3 (RFC 5280 §4.1.2.1 writes
    /// it minus one).
    pub version: u64,
    /// Serial number INTEGER contents (two's complement, as encoded).
    pub serial: Vec<u8>,
    /// The issuer's signature algorithm (`signatureAlgorithm`, RFC 5280 §4.1.1.2).
    pub signature_alg: AlgorithmIdentifier,
    /// Who signed it.
    pub issuer: Name,
    /// Whom it certifies.
    pub subject: Name,
    /// Start of the validity period (RFC 5280 §4.1.2.5).
    pub not_before: Time,
    /// End of the validity period, inclusive.
    pub not_after: Time,
    /// The SubjectPublicKeyInfo as encoded.
    pub spki_raw: Vec<u8>,
    /// The subject's key, or why it cannot be used.
    pub public_key: Result<PublicKey, String>,
    /// Every extension, in order.
    pub extensions: Vec<Extension>,
    /// The extensions path validation reads, decoded.
    pub known: KnownExtensions,
    /// The issuer's signature over [`Self::tbs_raw`] (the BIT STRING's octets).
    pub signature: Vec<u8>,
}

impl PartialEq for Certificate {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}

impl Certificate {
    /// Decodes one DER certificate. Errors carry offsets within `der_bytes`.
    pub fn from_der(der_bytes: &[u8]) -> der::Result<Certificate> {
        Self::parse(&der::parse_one(der_bytes, "Certificate")?)
    }

    /// Decodes a certificate element found inside a larger structure.
    pub fn parse(t: &Tlv<'_>) -> der::Result<Certificate> {
        if t.tag != tag::SEQUENCE {
            return t.error("Certificate: expected SEQUENCE");
        }
        let mut r = t.reader();
        let tbs = r.expect(tag::SEQUENCE, "Certificate.tbsCertificate")?;
        let signature_alg = AlgorithmIdentifier::parse(
            &r.expect(tag::SEQUENCE, "Certificate.signatureAlgorithm")?,
        )?;
        let signature = r
            .expect(tag::BIT_STRING, "Certificate.signatureValue")?
            .bit_string_octets()?
            .to_vec();
        r.finish("Certificate")?;

        let mut tr = tbs.reader();
        let version = match tr.optional(tag::ctx_cons(0))? {
            Some(v) => v.reader().expect(tag::INTEGER, "version")?.small_uint()? + 1,
            None => 1,
        };
        let serial_t = tr.expect(tag::INTEGER, "serialNumber")?;
        let serial = serial_t.integer_bytes()?.to_vec();
        let inner_alg =
            AlgorithmIdentifier::parse(&tr.expect(tag::SEQUENCE, "tbsCertificate.signature")?)?;
        if inner_alg != signature_alg {
            return tbs
                .error("tbsCertificate.signature differs from Certificate.signatureAlgorithm");
        }
        let issuer = Name::parse(&tr.expect(tag::SEQUENCE, "issuer")?)?;
        let validity = tr.expect(tag::SEQUENCE, "validity")?;
        let mut vr = validity.reader();
        let not_before = vr.read()?.time()?;
        let not_after = vr.read()?.time()?;
        vr.finish("validity")?;
        let subject = Name::parse(&tr.expect(tag::SEQUENCE, "subject")?)?;
        let spki = tr.expect(tag::SEQUENCE, "subjectPublicKeyInfo")?;
        let public_key = PublicKey::from_spki(&spki).map_err(|e| e.to_string());
        tr.optional(tag::ctx_prim(1))?; // issuerUniqueID
        tr.optional(tag::ctx_prim(2))?; // subjectUniqueID
        let mut extensions = Vec::new();
        let mut known = KnownExtensions::default();
        if let Some(exts) = tr.optional(tag::ctx_cons(3))? {
            let seq = exts.reader().expect(tag::SEQUENCE, "extensions")?;
            for e in seq.reader().all()? {
                let ext = parse_extension(&e)?;
                if extensions.iter().any(|x: &Extension| x.oid == ext.oid) {
                    return e.error(format!("extension {} appears twice", ext.oid));
                }
                decode_known(&e, &ext, &mut known)?;
                extensions.push(ext);
            }
        }
        tr.finish("tbsCertificate")?;
        Ok(Certificate {
            raw: t.raw.to_vec(),
            tbs_raw: tbs.raw.to_vec(),
            version,
            serial,
            signature_alg,
            issuer,
            subject,
            not_before,
            not_after,
            spki_raw: spki.raw.to_vec(),
            public_key,
            extensions,
            known,
            signature,
        })
    }

    /// Serial number in lowercase hex, as encoded.
    pub fn serial_hex(&self) -> String {
        hex::encode(&self.serial)
    }

    /// Issuer and subject are the same name (RFC 5280 §6.1: self-issued).
    pub fn is_self_issued(&self) -> bool {
        self.subject.matches(&self.issuer)
    }

    /// True when `at` lies within notBefore..=notAfter (RFC 5280 §4.1.2.5).
    pub fn valid_at(&self, at: i64) -> bool {
        self.not_before.unix <= at && at <= self.not_after.unix
    }

    /// Checks that `issuer`'s key signed this certificate.
    pub fn verify_signed_by(&self, issuer: &Certificate) -> Result<(), String> {
        let key = issuer
            .public_key
            .as_ref()
            .map_err(|e| format!("issuer key unusable: {e}"))?;
        let scheme = Scheme::from_alg(&self.signature_alg, None)?;
        signature::verify(key, scheme, &self.tbs_raw, &self.signature).map_err(String::from)
    }

    /// Same subject and same public key: the same CA (a self-signed root and its cross-signed
    /// copy are interchangeable this way).
    pub fn same_entity(&self, other: &Certificate) -> bool {
        self.subject.matches(&other.subject) && self.spki_raw == other.spki_raw
    }

    /// A summary for reports.
    pub fn summary(&self) -> CertSummary {
        CertSummary {
            subject: self.subject.text.clone(),
            issuer: self.issuer.text.clone(),
            serial: self.serial_hex(),
            not_before: self.not_before.to_iso(),
            not_after: self.not_after.to_iso(),
            key: match &self.public_key {
                Ok(k) => k.describe(),
                Err(e) => format!("unusable: {e}"),
            },
            signature_alg: Scheme::from_alg(&self.signature_alg, None)
                .map(|s| s.describe())
                .unwrap_or_else(|_| self.signature_alg.oid.clone()),
            sha256: hex::encode(&signature::HashAlg::Sha256.digest(&self.raw)),
        }
    }
}

/// What a report shows of one certificate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct CertSummary {
    /// The subject, RFC 4514 style.
    pub subject: String,
    /// The issuer, RFC 4514 style.
    pub issuer: String,
    /// The serial number, lowercase hex as encoded.
    pub serial: String,
    /// Start of validity, ISO 8601 UTC.
    pub not_before: String,
    /// End of validity, ISO 8601 UTC.
    pub not_after: String,
    /// The key in words ([`PublicKey::describe`]: `RSA-2048`, `EC P-256`), or why it is unusable.
    pub key: String,
    /// The issuer's signature algorithm by name, or its OID.
    pub signature_alg: String,
    /// SHA-256 of the certificate's DER, lowercase hex (its fingerprint).
    pub sha256: String,
}

fn parse_extension(e: &Tlv<'_>) -> der::Result<Extension> {
    let mut r = e.reader();
    let oid = r.expect(tag::OID, "Extension.extnID")?.oid()?;
    let critical = match r.optional(tag::BOOLEAN)? {
        Some(b) => b.boolean()?,
        None => false,
    };
    let value = r
        .expect(tag::OCTET_STRING, "Extension.extnValue")?
        .value
        .to_vec();
    r.finish("Extension")?;
    Ok(Extension {
        oid,
        critical,
        value,
    })
}

fn decode_known(at: &Tlv<'_>, ext: &Extension, known: &mut KnownExtensions) -> der::Result<()> {
    let relocate = |e: der::DerError| der::DerError {
        offset: at.offset,
        message: format!(
            "extension {}: {} (at byte {} of its value)",
            ext.oid, e.message, e.offset
        ),
    };
    let inner = || der::parse_one(&ext.value, "extension value");
    match ext.oid.as_str() {
        oid::BASIC_CONSTRAINTS => {
            let seq = inner().map_err(relocate)?;
            let mut r = seq.reader();
            let ca = match r.optional(tag::BOOLEAN).map_err(relocate)? {
                Some(b) => b.boolean().map_err(relocate)?,
                None => false,
            };
            let path_len = match r.optional(tag::INTEGER).map_err(relocate)? {
                Some(i) => Some(i.small_uint().map_err(relocate)?),
                None => None,
            };
            r.finish("BasicConstraints").map_err(relocate)?;
            known.basic_constraints = Some((ca, path_len, ext.critical));
        }
        oid::KEY_USAGE => {
            let (bits, _) = inner()
                .and_then(|t| t.bit_string_flags())
                .map_err(relocate)?;
            known.key_usage = Some((bits, ext.critical));
        }
        oid::EXT_KEY_USAGE => {
            let seq = inner().map_err(relocate)?;
            let purposes = seq
                .reader()
                .all()
                .and_then(|v| v.iter().map(|t| t.oid()).collect())
                .map_err(relocate)?;
            known.ext_key_usage = Some((purposes, ext.critical));
        }
        oid::SUBJECT_KEY_ID => {
            let t = inner().map_err(relocate)?;
            known.subject_key_id = Some(t.value.to_vec());
        }
        oid::AUTHORITY_KEY_ID => {
            let seq = inner().map_err(relocate)?;
            let mut r = seq.reader();
            known.authority_key_id = r
                .optional(tag::ctx_prim(0))
                .map_err(relocate)?
                .map(|k| k.value.to_vec());
        }
        oid::SUBJECT_ALT_NAME => {
            let seq = inner().map_err(relocate)?;
            for gn in seq.reader().all().map_err(relocate)? {
                known.subject_alt_names_raw.push(gn.raw.to_vec());
                if gn.tag == tag::ctx_cons(4) {
                    let n =
                        Name::parse(&gn.reader().read().map_err(relocate)?).map_err(relocate)?;
                    known.subject_alt_dir_names.push(n);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Reads certificates from PEM text (`-----BEGIN CERTIFICATE-----` blocks) or, if the input
/// is not PEM, from concatenated DER certificates (some bundles named `.pem` are DER). Any
/// number of them: the caller bounds the input by its size.
pub fn parse_certificates(input: &[u8]) -> Result<Vec<Certificate>, String> {
    let blocks = if input.starts_with(&[0x30]) {
        let mut r = der::Reader::new(input);
        let mut out = Vec::new();
        while !r.is_empty() {
            out.push(
                r.read()
                    .map_err(|e| format!("DER certificate: {e}"))?
                    .raw
                    .to_vec(),
            );
        }
        out
    } else {
        pem_blocks(input, "CERTIFICATE")?
    };
    blocks
        .iter()
        .enumerate()
        .map(|(i, b)| Certificate::from_der(b).map_err(|e| format!("certificate {}: {e}", i + 1)))
        .collect()
}

/// The base64 payloads of every PEM block with this label (RFC 7468), in order.
pub fn pem_blocks(input: &[u8], label: &str) -> Result<Vec<Vec<u8>>, String> {
    let text = std::str::from_utf8(input)
        .map_err(|e| format!("PEM is not UTF-8 text (byte {})", e.valid_up_to()))?;
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(&begin) {
        let body_start = i + begin.len();
        let j = rest[body_start..]
            .find(&end)
            .ok_or_else(|| format!("PEM block {} has no {end} line", out.len() + 1))?;
        let body: String = rest[body_start..body_start + j]
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(body.as_bytes())
            .map_err(|e| format!("PEM block {}: bad base64 ({e})", out.len() + 1))?;
        out.push(bytes);
        rest = &rest[body_start + j + end.len()..];
    }
    if out.is_empty() {
        return Err(format!("no {begin} block found"));
    }
    Ok(out)
}

/// A PEM block (RFC 7468: base64 in lines of 64 characters, LF line ends) with this label
/// around `der`; [`pem_blocks`] reads it back.
pub fn pem_block(der: &[u8], label: &str) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(der);
    let mut out = format!("-----BEGIN {label}-----\n");
    for chunk in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(chunk).expect("base64 is ASCII"));
        out.push('\n');
    }
    out.push_str(&format!("-----END {label}-----\n"));
    out
}

/// One certification path: leaf first, trust anchor last.
#[derive(Debug, Clone)]
pub struct Path {
    /// The certificates, leaf first.
    pub certs: Vec<Certificate>,
}

/// Builds every certification path (up to a small bound) from `leaf` to one of `anchors`,
/// using `pool` (certificates from the token and any supplied separately) as intermediates.
/// An anchor is matched by subject *and* key: a certificate in the path that is the same
/// entity as an anchor ends the path there (so a cross-signed copy of a root reaches the
/// self-signed root), and a certificate whose issuer is an anchor must verify under the
/// anchor's key. Every signature along a path is checked; validity periods are not (see
/// [`validate_path`]), so the paths do not depend on the time asked about.
pub fn build_paths(leaf: &Certificate, pool: &[Certificate], anchors: &[Certificate]) -> Vec<Path> {
    let mut search = Search {
        pool,
        anchors,
        found: Vec::new(),
        budget: MAX_SIGNATURE_CHECKS,
    };
    search.extend(&mut vec![leaf.clone()]);
    search.found
}

/// Most paths returned.
const MAX_PATHS: usize = 16;
/// Most signature verifications one search may do: bounds the work of a hostile bag of
/// certificates sharing names (each level could otherwise branch over every certificate).
const MAX_SIGNATURE_CHECKS: usize = 256;

struct Search<'a> {
    pool: &'a [Certificate],
    anchors: &'a [Certificate],
    found: Vec<Path>,
    budget: usize,
}

impl Search<'_> {
    fn signed_by(&mut self, cert: &Certificate, issuer: &Certificate) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        cert.verify_signed_by(issuer).is_ok()
    }

    fn extend(&mut self, stack: &mut Vec<Certificate>) {
        if self.found.len() >= MAX_PATHS {
            return;
        }
        let cur = stack.last().expect("path is never empty").clone();
        // The current certificate is itself a trust anchor (same subject and key).
        if let Some(a) = self.anchors.iter().find(|a| a.same_entity(&cur)) {
            let mut certs = stack.clone();
            *certs.last_mut().expect("non-empty") = a.clone();
            self.found.push(Path { certs });
            return;
        }
        if stack.len() >= MAX_PATH_LEN {
            return;
        }
        for a in self
            .anchors
            .iter()
            .filter(|a| a.subject.matches(&cur.issuer))
        {
            if self.signed_by(&cur, a) {
                let mut certs = stack.clone();
                certs.push(a.clone());
                self.found.push(Path { certs });
            }
        }
        for c in self.pool.iter().filter(|c| c.subject.matches(&cur.issuer)) {
            if stack.iter().any(|s| s.same_entity(c)) || !self.signed_by(&cur, c) {
                continue;
            }
            stack.push(c.clone());
            self.extend(stack);
            stack.pop();
        }
    }
}

/// Checks a built path at time `at` (Unix seconds): every certificate within its validity
/// period (anchors included, as OpenSSL does), CA certificates with basicConstraints cA and
/// keyCertSign, path length constraints, and no unrecognised critical extension. The leaf's
/// purpose is checked separately by the caller (e.g. timeStamping for RFC 3161).
pub fn validate_path(path: &Path, at: i64) -> Result<(), PathError> {
    let n = path.certs.len();
    for (i, c) in path.certs.iter().enumerate() {
        let who = if i == 0 {
            CertRole::Leaf
        } else if i == n - 1 {
            CertRole::TrustAnchor
        } else {
            CertRole::Intermediate(i)
        };
        let fail = |problem| {
            Err(PathError {
                who,
                subject: c.subject.text.clone(),
                problem,
            })
        };
        if !c.valid_at(at) {
            return fail(PathProblem::NotValidAt {
                at: Time::from_unix(at).to_iso(),
                not_before: c.not_before.to_iso(),
                not_after: c.not_after.to_iso(),
            });
        }
        if let Some(e) = c
            .extensions
            .iter()
            .find(|e| e.critical && !oid::UNDERSTOOD.contains(&e.oid.as_str()))
        {
            return fail(PathProblem::UnrecognisedCritical { oid: e.oid.clone() });
        }
        if i > 0 && i < n - 1 {
            match c.known.basic_constraints {
                Some((true, path_len, _)) => {
                    // Non-self-issued intermediates below this one (RFC 5280 §4.2.1.9).
                    let below = path.certs[1..i]
                        .iter()
                        .filter(|x| !x.is_self_issued())
                        .count() as u64;
                    if let Some(max) = path_len {
                        if below > max {
                            return fail(PathProblem::PathLenExceeded { max });
                        }
                    }
                }
                Some((false, _, _)) => return fail(PathProblem::NotCa),
                // Without basicConstraints OpenSSL (check_ca) still accepts a self-signed v1
                // certificate or one whose keyUsage allows keyCertSign (checked below).
                None if c.version == 1 && c.is_self_issued() => {}
                None if c.known.key_usage.is_some() => {}
                None => return fail(PathProblem::NoBasicConstraints),
            }
            if let Some((bits, _)) = c.known.key_usage {
                if bits & key_usage::KEY_CERT_SIGN == 0 {
                    return fail(PathProblem::NoKeyCertSign);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pem_errors_are_reported() {
        assert!(pem_blocks(b"nothing", "CERTIFICATE").is_err());
        assert!(pem_blocks(
            b"-----BEGIN CERTIFICATE-----\n!!\n-----END CERTIFICATE-----",
            "CERTIFICATE"
        )
        .is_err());
        assert!(pem_blocks(b"-----BEGIN CERTIFICATE-----\nAAAA\n", "CERTIFICATE").is_err());
        let der: Vec<u8> = (0..=255u8).collect();
        let pem = pem_block(&der, "CERTIFICATE");
        assert!(pem.lines().all(|l| l.len() <= 64));
        assert_eq!(
            pem_blocks(pem.as_bytes(), "CERTIFICATE").unwrap(),
            vec![der]
        );
        assert_eq!(
            pem_blocks(b"-----BEGIN X-----\nAAEC\n-----END X-----\n", "X").unwrap(),
            vec![vec![0, 1, 2]]
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(parse_certificates(&[0x30, 0x03, 0x02, 0x01, 0x01]).is_err());
        assert!(Certificate::from_der(&[0x30, 0x82, 0xff]).is_err());
    }
}
