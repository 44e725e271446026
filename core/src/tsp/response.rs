//! RFC 3161 (as updated by RFC 5816) timestamp responses and tokens: decoding and
//! verification (spec seed 000 §3.2 Level 2+, Appendix B step 9).
//!
//! A token is a CMS SignedData (RFC 5652) whose eContent is a DER TSTInfo. Verification does
//! what `openssl ts -verify` does and more, and lists every check with its result:
//! imprint = hash of the data; exactly one SignerInfo, its certificate found by issuer and
//! serial (or subject key identifier), never by position; signed attributes with contentType
//! and messageDigest; the signature over the signed attributes as encoded (re-tagged SET,
//! RFC 5652 §5.4); ESSCertID / ESSCertIDv2 bound to the signer and its chain (RFC 2634 §5.4,
//! RFC 5035, RFC 5816); the leaf's extendedKeyUsage timeStamping and critical (RFC 3161
//! §2.3); a path to a reader-supplied trust anchor valid **at genTime** (RFC 3161 App. B) and,
//! separately, at a supplied "now" (what OpenSSL checks by default); the `tsa` name against
//! the signer (RFC 3161 §2.4.2).

use crate::check_messages::{EssBinding, SignerRef};
use crate::checks::{Check, CheckMsg, Checks, Status};
use crate::hex;
use crate::pki::der::{self, tag, Time, Tlv};
use crate::pki::signature::{self, AlgorithmIdentifier, HashAlg, Scheme};
use crate::pki::x509::{self, ser_hex, ser_opt_hex, CertSummary, Certificate, Extension, Name};
use serde::Serialize;

pub mod oid {
    pub const SIGNED_DATA: &str = "1.2.840.113549.1.7.2";
    pub const CT_TST_INFO: &str = "1.2.840.113549.1.9.16.1.4";
    pub const ATTR_CONTENT_TYPE: &str = "1.2.840.113549.1.9.3";
    pub const ATTR_MESSAGE_DIGEST: &str = "1.2.840.113549.1.9.4";
    pub const ATTR_SIGNING_CERTIFICATE: &str = "1.2.840.113549.1.9.16.2.12";
    pub const ATTR_SIGNING_CERTIFICATE_V2: &str = "1.2.840.113549.1.9.16.2.47";
}

/// Most SignerInfos, attributes or ESS cert IDs read from one token.
const MAX_ITEMS: usize = 64;

/// PKIStatusInfo (RFC 3161 §2.4.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusInfo {
    pub status: u64,
    pub status_name: &'static str,
    pub status_strings: Vec<String>,
    /// Names of the PKIFailureInfo bits set.
    pub fail_info: Vec<&'static str>,
}

impl StatusInfo {
    /// granted (0) or grantedWithMods (1): a token is present.
    pub fn is_granted(&self) -> bool {
        self.status <= 1
    }
}

const STATUS_NAMES: [&str; 6] = [
    "granted",
    "grantedWithMods",
    "rejection",
    "waiting",
    "revocationWarning",
    "revocationNotification",
];

fn failure_bit_name(bit: usize) -> Option<&'static str> {
    Some(match bit {
        0 => "badAlg",
        2 => "badRequest",
        5 => "badDataFormat",
        14 => "timeNotAvailable",
        15 => "unacceptedPolicy",
        16 => "unacceptedExtension",
        17 => "addInfoNotAvailable",
        25 => "systemFailure",
        _ => return None,
    })
}

/// A TimeStampResp (RFC 3161 §2.4.2).
#[derive(Debug, Clone)]
pub struct TimeStampResp {
    pub status: StatusInfo,
    pub token: Option<TimeStampToken>,
}

/// The hash algorithm parameters of a MessageImprint, which differ between authorities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HashParams {
    Absent,
    Null,
    Other,
}

/// MessageImprint (RFC 3161 §2.4.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessageImprint {
    pub hash_oid: String,
    pub hash_params: HashParams,
    #[serde(serialize_with = "ser_hex")]
    pub hashed_message: Vec<u8>,
}

impl MessageImprint {
    pub fn hash_alg(&self) -> Option<HashAlg> {
        HashAlg::from_oid(&self.hash_oid)
    }
}

/// Accuracy (RFC 3161 §2.4.2); absent fields are zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Accuracy {
    pub seconds: Option<u64>,
    pub millis: Option<u64>,
    pub micros: Option<u64>,
}

/// A GeneralName (RFC 5280 §4.2.1.6) as far as a report needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeneralName {
    /// `directoryName`, `dNSName`, `uniformResourceIdentifier`, `rfc822Name`, or `[n]`.
    pub kind: String,
    pub text: String,
    #[serde(skip)]
    pub raw: Vec<u8>,
    #[serde(skip)]
    pub directory_name: Option<Name>,
}

impl GeneralName {
    fn parse(t: &Tlv<'_>) -> der::Result<GeneralName> {
        let n = t.tag & 0x1f;
        let (kind, text, directory_name) = match t.tag {
            0xa4 => {
                let name =
                    Name::parse(&der::parse_one(t.value, "directoryName").map_err(|e| {
                        der::DerError {
                            offset: t.value_offset() + e.offset,
                            message: e.message,
                        }
                    })?)?;
                ("directoryName".to_string(), name.text.clone(), Some(name))
            }
            0x81 | 0x82 | 0x86 => {
                let kind = match n {
                    1 => "rfc822Name",
                    2 => "dNSName",
                    _ => "uniformResourceIdentifier",
                };
                (
                    kind.to_string(),
                    String::from_utf8_lossy(t.value).into_owned(),
                    None,
                )
            }
            _ => (format!("[{n}]"), hex::encode(t.value), None),
        };
        Ok(GeneralName {
            kind,
            text,
            raw: t.raw.to_vec(),
            directory_name,
        })
    }
}

/// TSTInfo (RFC 3161 §2.4.2), every field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TstInfo {
    pub version: u64,
    pub policy: String,
    pub message_imprint: MessageImprint,
    /// serialNumber INTEGER contents, hex.
    #[serde(serialize_with = "ser_hex")]
    pub serial: Vec<u8>,
    #[serde(serialize_with = "ser_time")]
    pub gen_time: Time,
    pub accuracy: Option<Accuracy>,
    pub ordering: bool,
    #[serde(serialize_with = "ser_opt_hex")]
    pub nonce: Option<Vec<u8>>,
    pub tsa: Option<GeneralName>,
    pub extensions: Vec<Extension>,
}

fn ser_time<S: serde::Serializer>(v: &Time, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&v.to_iso())
}

impl TstInfo {
    pub fn parse(data: &[u8]) -> der::Result<TstInfo> {
        let seq = der::parse_one(data, "TSTInfo")?;
        if seq.tag != tag::SEQUENCE {
            return seq.error("TSTInfo: expected SEQUENCE");
        }
        let mut r = seq.reader();
        let version = r.expect(tag::INTEGER, "TSTInfo.version")?.small_uint()?;
        let policy = r.expect(tag::OID, "TSTInfo.policy")?.oid()?;
        let mi = r.expect(tag::SEQUENCE, "TSTInfo.messageImprint")?;
        let mut mr = mi.reader();
        let alg =
            AlgorithmIdentifier::parse(&mr.expect(tag::SEQUENCE, "MessageImprint.hashAlgorithm")?)?;
        let hashed_message = mr
            .expect(tag::OCTET_STRING, "MessageImprint.hashedMessage")?
            .value
            .to_vec();
        mr.finish("MessageImprint")?;
        let hash_params = match alg.params.as_deref() {
            None => HashParams::Absent,
            Some([0x05, 0x00]) => HashParams::Null,
            Some(_) => HashParams::Other,
        };
        let serial = r
            .expect(tag::INTEGER, "TSTInfo.serialNumber")?
            .integer_bytes()?
            .to_vec();
        let gen_t = r.expect(tag::GENERALIZED_TIME, "TSTInfo.genTime")?;
        let gen_time = gen_t.time()?;
        let accuracy = match r.optional(tag::SEQUENCE)? {
            Some(a) => {
                let mut ar = a.reader();
                let seconds = ar
                    .optional(tag::INTEGER)?
                    .map(|t| t.small_uint())
                    .transpose()?;
                let millis = ar
                    .optional(tag::ctx_prim(0))?
                    .map(|t| t.small_uint())
                    .transpose()?;
                let micros = ar
                    .optional(tag::ctx_prim(1))?
                    .map(|t| t.small_uint())
                    .transpose()?;
                ar.finish("Accuracy")?;
                for (v, what) in [(millis, "millis"), (micros, "micros")] {
                    if matches!(v, Some(0) | Some(1000..)) {
                        return a.error(format!("Accuracy.{what} must be 1..999"));
                    }
                }
                Some(Accuracy {
                    seconds,
                    millis,
                    micros,
                })
            }
            None => None,
        };
        let ordering = match r.optional(tag::BOOLEAN)? {
            Some(b) => b.boolean()?,
            None => false,
        };
        let nonce = r
            .optional(tag::INTEGER)?
            .map(|t| t.integer_bytes().map(<[u8]>::to_vec))
            .transpose()?;
        let tsa = match r.optional(tag::ctx_cons(0))? {
            Some(t) => {
                let mut tr = t.reader();
                let gn = GeneralName::parse(&tr.read()?)?;
                tr.finish("TSTInfo.tsa")?;
                Some(gn)
            }
            None => None,
        };
        let mut extensions = Vec::new();
        if let Some(exts) = r.optional(tag::ctx_cons(1))? {
            for e in exts.reader().all()? {
                let mut er = e.reader();
                let oid = er.expect(tag::OID, "Extension.extnID")?.oid()?;
                let critical = er
                    .optional(tag::BOOLEAN)?
                    .map(|b| b.boolean())
                    .transpose()?
                    .unwrap_or(false);
                let value = er
                    .expect(tag::OCTET_STRING, "Extension.extnValue")?
                    .value
                    .to_vec();
                er.finish("Extension")?;
                extensions.push(Extension {
                    oid,
                    critical,
                    value,
                });
            }
        }
        r.finish("TSTInfo")?;
        Ok(TstInfo {
            version,
            policy,
            message_imprint: MessageImprint {
                hash_oid: alg.oid,
                hash_params,
                hashed_message,
            },
            serial,
            gen_time,
            accuracy,
            ordering,
            nonce,
            tsa,
            extensions,
        })
    }
}

/// How a SignerInfo names its certificate (RFC 5652 §5.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignerId {
    IssuerSerial { issuer: Name, serial: Vec<u8> },
    SubjectKeyId(Vec<u8>),
}

impl SignerId {
    pub fn matches(&self, c: &Certificate) -> bool {
        match self {
            SignerId::IssuerSerial { issuer, serial } => {
                c.issuer.matches(issuer) && &c.serial == serial
            }
            SignerId::SubjectKeyId(k) => c.known.subject_key_id.as_ref() == Some(k),
        }
    }

    /// The identifier as a check's message names it.
    pub fn reference(&self) -> SignerRef {
        match self {
            SignerId::IssuerSerial { issuer, serial } => SignerRef::IssuerSerial {
                issuer: issuer.text.clone(),
                serial: hex::encode(serial),
            },
            SignerId::SubjectKeyId(k) => SignerRef::KeyId { id: hex::encode(k) },
        }
    }

    pub fn describe(&self) -> String {
        self.reference().to_string()
    }
}

/// One signed attribute: type and the raw values of its SET.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    pub oid: String,
    pub values: Vec<Vec<u8>>,
}

/// SignerInfo (RFC 5652 §5.3).
#[derive(Debug, Clone)]
pub struct SignerInfo {
    pub version: u64,
    pub sid: SignerId,
    pub digest_alg: AlgorithmIdentifier,
    /// The signedAttrs element exactly as encoded (tag [0] IMPLICIT).
    pub signed_attrs_raw: Option<Vec<u8>>,
    pub signed_attrs: Vec<Attribute>,
    pub signature_alg: AlgorithmIdentifier,
    pub signature: Vec<u8>,
}

impl SignerInfo {
    fn parse(t: &Tlv<'_>) -> der::Result<SignerInfo> {
        let mut r = t.reader();
        let version = r.expect(tag::INTEGER, "SignerInfo.version")?.small_uint()?;
        let sid_t = r.read()?;
        let sid =
            match sid_t.tag {
                tag::SEQUENCE => {
                    let mut sr = sid_t.reader();
                    let issuer =
                        Name::parse(&sr.expect(tag::SEQUENCE, "IssuerAndSerialNumber.issuer")?)?;
                    let serial = sr
                        .expect(tag::INTEGER, "IssuerAndSerialNumber.serialNumber")?
                        .integer_bytes()?
                        .to_vec();
                    sr.finish("IssuerAndSerialNumber")?;
                    SignerId::IssuerSerial { issuer, serial }
                }
                0x80 => SignerId::SubjectKeyId(sid_t.value.to_vec()),
                _ => return sid_t.error(
                    "SignerInfo.sid: expected IssuerAndSerialNumber or [0] SubjectKeyIdentifier",
                ),
            };
        let digest_alg =
            AlgorithmIdentifier::parse(&r.expect(tag::SEQUENCE, "SignerInfo.digestAlgorithm")?)?;
        let mut signed_attrs_raw = None;
        let mut signed_attrs = Vec::new();
        if let Some(sa) = r.optional(tag::ctx_cons(0))? {
            signed_attrs_raw = Some(sa.raw.to_vec());
            for a in sa.reader().all()? {
                if signed_attrs.len() >= MAX_ITEMS {
                    return a.error("too many signed attributes");
                }
                let mut ar = a.reader();
                let oid = ar.expect(tag::OID, "Attribute.attrType")?.oid()?;
                let vals = ar.expect(tag::SET, "Attribute.attrValues")?;
                ar.finish("Attribute")?;
                let values: Vec<Vec<u8>> = vals
                    .reader()
                    .all()?
                    .iter()
                    .map(|v| v.raw.to_vec())
                    .collect();
                if signed_attrs.iter().any(|x: &Attribute| x.oid == oid) {
                    return a.error(format!(
                        "signed attribute {oid} appears twice (RFC 5652 §5.3)"
                    ));
                }
                signed_attrs.push(Attribute { oid, values });
            }
        }
        let signature_alg =
            AlgorithmIdentifier::parse(&r.expect(tag::SEQUENCE, "SignerInfo.signatureAlgorithm")?)?;
        let signature = r
            .expect(tag::OCTET_STRING, "SignerInfo.signature")?
            .value
            .to_vec();
        r.optional(tag::ctx_cons(1))?; // unsignedAttrs
        r.finish("SignerInfo")?;
        Ok(SignerInfo {
            version,
            sid,
            digest_alg,
            signed_attrs_raw,
            signed_attrs,
            signature_alg,
            signature,
        })
    }

    /// The single value of a signed attribute, if present.
    pub fn attr(&self, oid: &str) -> Option<&Attribute> {
        self.signed_attrs.iter().find(|a| a.oid == oid)
    }

    /// The bytes the signature covers: the signed attributes with their [0] tag replaced by
    /// the SET OF tag (RFC 5652 §5.4).
    pub fn signed_bytes(&self) -> Option<Vec<u8>> {
        self.signed_attrs_raw.as_ref().map(|raw| {
            let mut v = raw.clone();
            v[0] = tag::SET;
            v
        })
    }
}

/// A TimeStampToken: ContentInfo with SignedData whose eContent is TSTInfo (RFC 3161 §2.4.2).
#[derive(Debug, Clone)]
pub struct TimeStampToken {
    pub raw: Vec<u8>,
    pub digest_algorithms: Vec<AlgorithmIdentifier>,
    pub econtent_type: String,
    /// The eContent OCTET STRING contents: the DER TSTInfo that messageDigest covers.
    pub econtent: Vec<u8>,
    pub tst_info: TstInfo,
    pub certificates: Vec<Certificate>,
    pub signer_infos: Vec<SignerInfo>,
}

impl TimeStampToken {
    pub fn from_der(data: &[u8]) -> der::Result<TimeStampToken> {
        Self::parse(&der::parse_one(data, "TimeStampToken")?)
    }

    fn parse(t: &Tlv<'_>) -> der::Result<TimeStampToken> {
        if t.tag != tag::SEQUENCE {
            return t.error("ContentInfo: expected SEQUENCE");
        }
        let mut r = t.reader();
        let ct = r.expect(tag::OID, "ContentInfo.contentType")?;
        if ct.oid()? != oid::SIGNED_DATA {
            return ct.error(format!(
                "ContentInfo.contentType is {}, not id-signedData",
                ct.oid()?
            ));
        }
        let content = r.expect(tag::ctx_cons(0), "ContentInfo.content")?;
        r.finish("ContentInfo")?;
        let mut cr = content.reader();
        let sd = cr.expect(tag::SEQUENCE, "SignedData")?;
        cr.finish("ContentInfo.content")?;

        let mut r = sd.reader();
        r.expect(tag::INTEGER, "SignedData.version")?.small_uint()?;
        let digest_algorithms = r
            .expect(tag::SET, "SignedData.digestAlgorithms")?
            .reader()
            .all()?
            .iter()
            .map(AlgorithmIdentifier::parse)
            .collect::<der::Result<Vec<_>>>()?;
        let eci = r.expect(tag::SEQUENCE, "SignedData.encapContentInfo")?;
        let mut er = eci.reader();
        let econtent_type = er
            .expect(tag::OID, "EncapsulatedContentInfo.eContentType")?
            .oid()?;
        let ec = er.expect(tag::ctx_cons(0), "EncapsulatedContentInfo.eContent")?;
        er.finish("EncapsulatedContentInfo")?;
        let mut ecr = ec.reader();
        let octets = ecr.expect(tag::OCTET_STRING, "eContent OCTET STRING")?;
        ecr.finish("eContent")?;
        let econtent = octets.value.to_vec();
        if econtent_type != oid::CT_TST_INFO {
            return eci.error(format!(
                "eContentType is {econtent_type}, not id-ct-TSTInfo"
            ));
        }
        let tst_info = TstInfo::parse(&econtent).map_err(|e| der::DerError {
            offset: octets.value_offset() + e.offset,
            message: format!("TSTInfo: {}", e.message),
        })?;
        let mut certificates = Vec::new();
        if let Some(cs) = r.optional(tag::ctx_cons(0))? {
            for c in cs.reader().all()? {
                // Only plain certificates matter here; attribute and other certificate formats
                // ([0]..[3] choices) cannot sign a token and are skipped.
                if c.tag == tag::SEQUENCE {
                    if certificates.len() >= x509::MAX_CERTS {
                        return c.error("too many certificates");
                    }
                    certificates.push(Certificate::parse(&c)?);
                }
            }
        }
        r.optional(tag::ctx_cons(1))?; // crls
        let sis = r.expect(tag::SET, "SignedData.signerInfos")?;
        r.finish("SignedData")?;
        let mut signer_infos = Vec::new();
        for s in sis.reader().all()? {
            if signer_infos.len() >= MAX_ITEMS {
                return s.error("too many SignerInfos");
            }
            signer_infos.push(SignerInfo::parse(&s)?);
        }
        Ok(TimeStampToken {
            raw: t.raw.to_vec(),
            digest_algorithms,
            econtent_type,
            econtent,
            tst_info,
            certificates,
            signer_infos,
        })
    }
}

impl TimeStampResp {
    pub fn from_der(data: &[u8]) -> der::Result<TimeStampResp> {
        let seq = der::parse_one(data, "TimeStampResp")?;
        if seq.tag != tag::SEQUENCE {
            return seq.error("TimeStampResp: expected SEQUENCE");
        }
        let mut r = seq.reader();
        let si = r.expect(tag::SEQUENCE, "TimeStampResp.status")?;
        let mut sr = si.reader();
        let st = sr.expect(tag::INTEGER, "PKIStatusInfo.status")?;
        let status = st.small_uint()?;
        let mut status_strings = Vec::new();
        if let Some(ft) = sr.optional(tag::SEQUENCE)? {
            for s in ft.reader().all()? {
                if s.tag != tag::UTF8_STRING {
                    return s.error("PKIFreeText must hold UTF8Strings");
                }
                status_strings.push(s.string()?);
            }
        }
        let mut fail_info = Vec::new();
        if let Some(fi) = sr.optional(tag::BIT_STRING)? {
            let (bits, n) = fi.bit_string_flags()?;
            for b in 0..n.min(32) {
                if bits & (1 << b) != 0 {
                    fail_info.push(failure_bit_name(b).unwrap_or("unknownFailureBit"));
                }
            }
        }
        sr.finish("PKIStatusInfo")?;
        let status_name = STATUS_NAMES
            .get(status as usize)
            .copied()
            .unwrap_or("unknown");
        let token = if r.is_empty() {
            None
        } else {
            Some(TimeStampToken::parse(&r.read()?)?)
        };
        r.finish("TimeStampResp")?;
        let status = StatusInfo {
            status,
            status_name,
            status_strings,
            fail_info,
        };
        if status.is_granted() && token.is_none() {
            return st.error("status granted but no timeStampToken");
        }
        Ok(TimeStampResp { status, token })
    }
}

/// A parsed `.tsr` (response) or `.tst`/`.p7s` (bare token); told apart by their first field.
#[derive(Debug, Clone)]
pub enum Parsed {
    Response(TimeStampResp),
    Token(TimeStampToken),
}

impl Parsed {
    pub fn token(&self) -> Option<&TimeStampToken> {
        match self {
            Parsed::Response(r) => r.token.as_ref(),
            Parsed::Token(t) => Some(t),
        }
    }
}

/// Decodes either a TimeStampResp or a bare TimeStampToken.
pub fn parse(data: &[u8]) -> der::Result<Parsed> {
    let outer = der::parse_one(data, "timestamp")?;
    match outer.reader().peek_tag() {
        Some(tag::OID) => TimeStampToken::parse(&outer).map(Parsed::Token),
        Some(tag::SEQUENCE) => TimeStampResp::from_der(data).map(Parsed::Response),
        _ => outer.error("neither a TimeStampResp nor a TimeStampToken"),
    }
}

/// What the token is checked against: the stamped bytes, or their digest as given.
#[derive(Debug, Clone, Copy)]
pub enum Imprinted<'a> {
    Data(&'a [u8]),
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
pub struct Verdict {
    /// Every check passed, with the chain validated at genTime (RFC 3161 App. B).
    pub ok: bool,
    /// As `ok` but with the chain validated at the supplied "now" (OpenSSL's default verdict);
    /// `None` when no "now" was supplied.
    pub ok_now: Option<bool>,
    pub gen_time: Option<String>,
    pub tst_info: Option<TstInfo>,
    pub signer: Option<CertSummary>,
    /// The certification path used, leaf first, anchor last.
    pub chain: Vec<CertSummary>,
    pub checks: Vec<Check>,
    /// The signer's identifier (issuer and serial) when no certificate for it was in the
    /// token or supplied: the certificate the reader must add to check the signature.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing_signer: Option<String>,
}

impl crate::checks::Report for Verdict {
    fn checks(&self) -> &[Check] {
        &self.checks
    }
}

/// Check ids. `CHAIN_NOW` only affects `ok_now`.
pub mod check {
    pub const STATUS: &str = "status";
    pub const TST_VERSION: &str = "tst_version";
    pub const IMPRINT_ALGORITHM: &str = "imprint_algorithm";
    pub const IMPRINT: &str = "imprint";
    pub const NONCE: &str = "nonce";
    pub const SIGNER: &str = "signer";
    pub const CONTENT_TYPE_ATTR: &str = "content_type_attr";
    pub const MESSAGE_DIGEST_ATTR: &str = "message_digest_attr";
    pub const SIGNATURE: &str = "signature";
    pub const ESS_CERT_ID: &str = "ess_cert_id";
    pub const LEAF_EKU: &str = "leaf_eku";
    pub const CHAIN_AT_GEN_TIME: &str = "chain_at_gen_time";
    pub const CHAIN_NOW: &str = "chain_now";
    pub const TSA_NAME: &str = "tsa_name";
    pub const PINNED_SIGNER: &str = "pinned_signer";
}

/// Verifies a parsed response or bare token.
pub fn verify(parsed: &Parsed, imprinted: Imprinted<'_>, opts: &VerifyOptions) -> Verdict {
    match parsed {
        Parsed::Token(t) => verify_token(t, imprinted, opts, Vec::new()),
        Parsed::Response(r) => {
            let s = &r.status;
            let msg = CheckMsg::Status {
                name: s.status_name.to_string(),
                code: s.status,
                texts: s.status_strings.clone(),
                fail_info: s.fail_info.iter().map(|b| b.to_string()).collect(),
                no_token: !s.is_granted() && r.token.is_none(),
            };
            let status = Check {
                id: check::STATUS,
                status: if s.is_granted() {
                    Status::Pass
                } else {
                    Status::Fail
                },
                msg,
            };
            match &r.token {
                Some(t) if s.is_granted() => verify_token(t, imprinted, opts, vec![status]),
                _ => Verdict {
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

/// Verifies a token; `prior` holds checks already made (the response status).
pub fn verify_token(
    token: &TimeStampToken,
    imprinted: Imprinted<'_>,
    opts: &VerifyOptions,
    prior: Vec<Check>,
) -> Verdict {
    let mut c = Checks(prior);
    let tst = &token.tst_info;

    c.result(
        check::TST_VERSION,
        if tst.version == 1 {
            Ok(CheckMsg::TstVersionOk)
        } else {
            Err(CheckMsg::TstVersionBad {
                version: tst.version,
            })
        },
    );

    // Imprint algorithm and value.
    let mi = &tst.message_imprint;
    let imprint_alg = mi.hash_alg();
    match imprint_alg {
        Some(h) if h.is_weak() => c.push(
            check::IMPRINT_ALGORITHM,
            Status::Warn,
            CheckMsg::ImprintAlgWeak {
                alg: h.name().to_string(),
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

    match (&opts.expected_nonce, &tst.nonce) {
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

    // Exactly one signer, its certificate found by identifier.
    let mut pool: Vec<Certificate> = token.certificates.clone();
    for u in &opts.untrusted {
        if !pool.contains(u) {
            pool.push(u.clone());
        }
    }
    let si = match token.signer_infos.as_slice() {
        [si] => si,
        sis => {
            c.push(
                check::SIGNER,
                Status::Fail,
                CheckMsg::SignerInfoCount { n: sis.len() },
            );
            return finish(c, token, None, None, opts);
        }
    };
    // Several certificates may claim the identifier (an injected copy with another key): the
    // signer is the one whose key verifies the signature.
    let digest_alg = HashAlg::from_oid(&si.digest_alg.oid);
    let candidates: Vec<&Certificate> = pool.iter().filter(|x| si.sid.matches(x)).collect();
    let mut verified: Vec<(&Certificate, Result<CheckMsg, CheckMsg>)> = Vec::new();
    for cand in &candidates {
        let r = verify_signer_info(si, cand, digest_alg);
        let ok = r.is_ok();
        verified.push((cand, r));
        if ok {
            break;
        }
    }
    // The one that verified (the last tried), else the first claimant with its failure.
    let chosen = if verified.last().is_some_and(|(_, r)| r.is_ok()) {
        verified.len() - 1
    } else {
        0
    };
    let Some((signer, sig)) = verified
        .into_iter()
        .nth(chosen)
        .map(|(c, r)| (c.clone(), r))
    else {
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
    let in_token = token.certificates.iter().position(|x| *x == signer);
    c.push(
        check::SIGNER,
        Status::Pass,
        CheckMsg::SignerFound {
            subject: signer.subject.text.clone(),
            sid: si.sid.reference(),
            position: in_token.map(|i| (i + 1, token.certificates.len())),
            claimants: candidates.len(),
        },
    );

    // Signed attributes: contentType and messageDigest (RFC 5652 §5.3, §11.1, §11.2).
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
    } else {
        let ct = single_value(si, oid::ATTR_CONTENT_TYPE).and_then(|v| {
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
        });
        c.result(check::CONTENT_TYPE_ATTR, ct);
        let md = single_value(si, oid::ATTR_MESSAGE_DIGEST).and_then(|v| {
            let t = der::parse_one(&v, "messageDigest").map_err(|e| CheckMsg::AttrUnreadable {
                detail: e.to_string(),
            })?;
            if t.tag != tag::OCTET_STRING {
                return Err(CheckMsg::MessageDigestNotOctets);
            }
            let h = digest_alg.ok_or_else(|| CheckMsg::DigestAlgUnsupported {
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
        });
        c.result(check::MESSAGE_DIGEST_ATTR, md);
    }

    // Signature over the DER signed attributes (computed above while choosing the signer).
    c.result(check::SIGNATURE, sig);

    // Certification paths to the reader's anchors.
    let paths = x509::build_paths(&signer, &pool, &opts.anchors);
    let gen = tst.gen_time.unix;
    let at_gen = pick_path(&paths, gen);
    let chain_detail =
        |r: &Result<usize, CheckMsg>, valid: &dyn Fn(Vec<String>) -> CheckMsg| match r {
            Ok(i) => Ok(valid(path_subjects(&paths[*i]))),
            Err(e) => Err(e.clone()),
        };
    let no_anchor = || {
        if opts.anchors.is_empty() {
            CheckMsg::NoTrustAnchor
        } else {
            CheckMsg::NoPathToAnchor {
                subject: signer.subject.text.clone(),
            }
        }
    };
    let at_gen = if paths.is_empty() {
        Err(no_anchor())
    } else {
        at_gen
    };
    c.result(
        check::CHAIN_AT_GEN_TIME,
        chain_detail(&at_gen, &|path| CheckMsg::ChainValidAtGenTime {
            time: tst.gen_time.to_iso(),
            path,
        }),
    );
    let now_result = opts.now.map(|now| {
        if paths.is_empty() {
            Err(no_anchor())
        } else {
            pick_path(&paths, now)
        }
    });
    match (&now_result, opts.now) {
        (Some(r), Some(now)) => c.result(
            check::CHAIN_NOW,
            chain_detail(r, &|path| CheckMsg::ChainValidNow {
                time: Time::from_unix(now).to_iso(),
                path,
            }),
        ),
        _ => c.push(check::CHAIN_NOW, Status::Skip, CheckMsg::NoCurrentTime),
    }
    let path = at_gen
        .as_ref()
        .ok()
        .or(now_result.as_ref().and_then(|r| r.as_ref().ok()))
        .map(|&i| &paths[i]);

    // ESS signing certificate binding (RFC 2634 §5.4, RFC 5035, RFC 5816).
    c.result(check::ESS_CERT_ID, check_ess(si, &signer, path, &pool));

    // Leaf purpose: extendedKeyUsage timeStamping only, critical (RFC 3161 §2.3).
    c.result(check::LEAF_EKU, check_leaf_purpose(&signer));

    // tsa name (RFC 3161 §2.4.2): if present it must name the signer.
    match &tst.tsa {
        None => c.push(check::TSA_NAME, Status::Skip, CheckMsg::TsaAbsent),
        Some(gn) => {
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
    }

    match &opts.expected_signer {
        None => c.push(check::PINNED_SIGNER, Status::Skip, CheckMsg::NothingPinned),
        Some(want) => {
            let cn = signer
                .subject
                .text
                .split(", ")
                .find_map(|p| p.strip_prefix("CN="))
                .unwrap_or("");
            c.result(
                check::PINNED_SIGNER,
                if signer.subject.text == *want || cn == want {
                    Ok(CheckMsg::PinnedOk {
                        signer: signer.subject.text.clone(),
                    })
                } else {
                    Err(CheckMsg::PinnedDiffers {
                        signer: signer.subject.text.clone(),
                        pinned: want.clone(),
                    })
                },
            );
        }
    }

    finish(c, token, Some(&signer), path, opts)
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
) -> Verdict {
    let has_signer = signer.is_some();
    let ok = has_signer && c.none_failed_except(&[check::CHAIN_NOW]);
    let ok_now = opts
        .now
        .map(|_| has_signer && c.none_failed_except(&[check::CHAIN_AT_GEN_TIME]));
    let checks = c.0;
    Verdict {
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

/// One ESSCertID / ESSCertIDv2.
struct EssCertId {
    hash: HashAlg,
    cert_hash: Vec<u8>,
    issuer_serial: Option<(Vec<Name>, Vec<u8>)>,
}

fn parse_signing_certificate(v: &[u8], v2: bool) -> der::Result<Vec<EssCertId>> {
    let seq = der::parse_one(v, "SigningCertificate")?;
    let mut r = seq.reader();
    let certs = r.expect(tag::SEQUENCE, "SigningCertificate.certs")?;
    let mut out = Vec::new();
    for id in certs.reader().all()? {
        if out.len() >= MAX_ITEMS {
            return id.error("too many ESSCertIDs");
        }
        let mut ir = id.reader();
        let mut hash = if v2 { HashAlg::Sha256 } else { HashAlg::Sha1 };
        if v2 {
            if let Some(a) = ir.optional(tag::SEQUENCE)? {
                let alg = AlgorithmIdentifier::parse(&a)?;
                hash = HashAlg::from_oid(&alg.oid)
                    .ok_or(())
                    .or_else(|_| a.error(format!("unsupported ESSCertIDv2 hash {}", alg.oid)))?;
            }
        }
        let cert_hash = ir.expect(tag::OCTET_STRING, "certHash")?.value.to_vec();
        let issuer_serial = match ir.optional(tag::SEQUENCE)? {
            Some(is) => {
                let mut isr = is.reader();
                let gns = isr.expect(tag::SEQUENCE, "IssuerSerial.issuer")?;
                let mut names = Vec::new();
                for gn in gns.reader().all()? {
                    if let Some(n) = GeneralName::parse(&gn)?.directory_name {
                        names.push(n);
                    }
                }
                let serial = isr
                    .expect(tag::INTEGER, "IssuerSerial.serialNumber")?
                    .integer_bytes()?
                    .to_vec();
                isr.finish("IssuerSerial")?;
                Some((names, serial))
            }
            None => None,
        };
        ir.finish("ESSCertID")?;
        out.push(EssCertId {
            hash,
            cert_hash,
            issuer_serial,
        });
    }
    Ok(out)
}

fn ess_matches(id: &EssCertId, c: &Certificate) -> bool {
    id.hash.digest(&c.raw) == id.cert_hash
        && id.issuer_serial.as_ref().is_none_or(|(names, serial)| {
            *serial == c.serial && names.iter().any(|n| n.matches(&c.issuer))
        })
}

/// The first ESSCertID of each present attribute must identify the signer certificate; any
/// further ones must identify a certificate of its chain (as OpenSSL's
/// `OSSL_ESS_check_signing_certs`). Version 1 and version 2 are checked independently.
fn check_ess(
    si: &SignerInfo,
    signer: &Certificate,
    path: Option<&x509::Path>,
    pool: &[Certificate],
) -> Result<CheckMsg, CheckMsg> {
    // Without a validated path (that failure is reported by the chain checks) the further
    // ids are matched against every certificate at hand.
    let mut chain: Vec<&Certificate> = match path {
        Some(p) => p.certs.iter().collect(),
        None => pool.iter().chain([signer]).collect(),
    };
    // Equivalent copies (same subject and key, e.g. the cross-signed root the token carries).
    let equivalents: Vec<&Certificate> = pool
        .iter()
        .filter(|c| chain.iter().any(|p| p.same_entity(c)))
        .collect();
    chain.extend(equivalents);
    let mut found = Vec::new();
    for (attr, v2) in [
        (oid::ATTR_SIGNING_CERTIFICATE, false),
        (oid::ATTR_SIGNING_CERTIFICATE_V2, true),
    ] {
        let Some(a) = si.attr(attr) else { continue };
        let name = if v2 {
            "signingCertificateV2"
        } else {
            "signingCertificate"
        };
        let attribute = name.to_string();
        if a.values.len() != 1 {
            return Err(CheckMsg::EssValues {
                attribute,
                n: a.values.len(),
            });
        }
        let ids =
            parse_signing_certificate(&a.values[0], v2).map_err(|e| CheckMsg::EssUnreadable {
                attribute: attribute.clone(),
                detail: e.to_string(),
            })?;
        let Some(first) = ids.first() else {
            return Err(CheckMsg::EssEmpty { attribute });
        };
        if !ess_matches(first, signer) {
            return Err(CheckMsg::EssFirstNotSigner {
                attribute,
                v2,
                alg: first.hash.name().to_string(),
                hash: hex::encode(&first.cert_hash),
                subject: signer.subject.text.clone(),
            });
        }
        for (i, id) in ids.iter().enumerate().skip(1) {
            if !chain.iter().any(|c| ess_matches(id, c)) {
                return Err(CheckMsg::EssNotInChain {
                    attribute,
                    index: i + 1,
                    hash: hex::encode(&id.cert_hash),
                });
            }
        }
        found.push(EssBinding {
            attribute,
            ids: ids.len(),
            sha1: first.hash.is_weak(),
        });
    }
    if found.is_empty() {
        return Err(CheckMsg::EssNone);
    }
    Ok(CheckMsg::EssBinds { bindings: found })
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
    pub name: &'a str,
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

/// The signature algorithm of the token's single signer, as a report shows it.
pub fn signer_algorithm(token: &TimeStampToken) -> Option<String> {
    let si = token.signer_infos.first()?;
    Some(
        match Scheme::from_alg(&si.signature_alg, HashAlg::from_oid(&si.digest_alg.oid)) {
            Ok(s) => s.describe(),
            Err(_) => si.signature_alg.oid.clone(),
        },
    )
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
) -> Result<(Parsed, Verdict), String> {
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
