//! The parsed timestamp: a TimeStampResp (RFC 3161 §2.4.2) or a bare TimeStampToken, a CMS
//! SignedData (RFC 5652) whose eContent is a DER TSTInfo, decoded field by field with every
//! structural rule enforced and nothing checked against the stamped data or a certificate
//! (that is [`super::verify`]'s).

use crate::check_messages::SignerRef;
use crate::hex;
use crate::pki::der::{self, tag, Time, Tlv};
use crate::pki::signature::{AlgorithmIdentifier, HashAlg, Scheme};
use crate::pki::x509::{self, ser_hex, ser_opt_hex, Certificate, Extension, Name};
use serde::Serialize;

/// The object identifiers of CMS and RFC 3161 read here.
pub mod oid {
    /// id-signedData (RFC 5652 §5.1).
    pub const SIGNED_DATA: &str = "1.2.840.113549.1.7.2";
    /// id-ct-TSTInfo, the eContentType of a token (RFC 3161 §2.4.2).
    pub const CT_TST_INFO: &str = "1.2.840.113549.1.9.16.1.4";
    /// The content-type signed attribute (RFC 5652 §11.1).
    pub const ATTR_CONTENT_TYPE: &str = "1.2.840.113549.1.9.3";
    /// The message-digest signed attribute (RFC 5652 §11.2).
    pub const ATTR_MESSAGE_DIGEST: &str = "1.2.840.113549.1.9.4";
    /// ESS signing-certificate, SHA-1 cert IDs (RFC 2634 §5.4).
    pub const ATTR_SIGNING_CERTIFICATE: &str = "1.2.840.113549.1.9.16.2.12";
    /// ESS signing-certificate-v2 (RFC 5035 §3).
    pub const ATTR_SIGNING_CERTIFICATE_V2: &str = "1.2.840.113549.1.9.16.2.47";
}

/// Most SignerInfos, attributes or ESS cert IDs read from one token.
pub(super) const MAX_ITEMS: usize = 64;

/// PKIStatusInfo (RFC 3161 §2.4.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusInfo {
    /// PKIStatus: 0 granted ... 5 revocationNotification.
    pub status: u64,
    /// Its name (`granted`, `rejection`, ...), or `unknown`.
    pub status_name: &'static str,
    /// The authority's free text (`statusString`).
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
    /// Whether the authority granted the request, and why not.
    pub status: StatusInfo,
    /// The token, when granted.
    pub token: Option<TimeStampToken>,
}

/// The hash algorithm parameters of a MessageImprint, which differ between authorities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HashParams {
    /// No parameters element.
    Absent,
    /// An explicit NULL.
    Null,
    /// Anything else (not valid for the hashes read here).
    Other,
}

/// MessageImprint (RFC 3161 §2.4.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessageImprint {
    /// The hash algorithm's OID.
    pub hash_oid: String,
    /// Its parameters.
    pub hash_params: HashParams,
    /// The digest stamped.
    #[serde(serialize_with = "ser_hex")]
    pub hashed_message: Vec<u8>,
}

impl MessageImprint {
    /// The hash algorithm, when it is one of [`HashAlg`]'s.
    pub fn hash_alg(&self) -> Option<HashAlg> {
        HashAlg::from_oid(&self.hash_oid)
    }
}

/// Accuracy (RFC 3161 §2.4.2); absent fields are zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Accuracy {
    /// Whole seconds.
    pub seconds: Option<u64>,
    /// Milliseconds, 1-999.
    pub millis: Option<u64>,
    /// Microseconds, 1-999.
    pub micros: Option<u64>,
}

/// A GeneralName (RFC 5280 §4.2.1.6) as far as a report needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeneralName {
    /// `directoryName`, `dNSName`, `uniformResourceIdentifier`, `rfc822Name`, or `[n]`.
    pub kind: String,
    /// The name as text (RFC 4514 style for a directoryName).
    pub text: String,
    /// The GeneralName as encoded.
    #[serde(skip)]
    pub raw: Vec<u8>,
    /// The Name, when it is a directoryName.
    #[serde(skip)]
    pub directory_name: Option<Name>,
}

impl GeneralName {
    pub(super) fn parse(t: &Tlv<'_>) -> der::Result<GeneralName> {
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
    /// Always 1 in a valid token.
    pub version: u64,
    /// The TSA policy under which it was issued, dotted.
    pub policy: String,
    /// What was stamped.
    pub message_imprint: MessageImprint,
    /// serialNumber INTEGER contents, hex.
    #[serde(serialize_with = "ser_hex")]
    pub serial: Vec<u8>,
    /// genTime: when the authority says it stamped the imprint.
    #[serde(serialize_with = "ser_time")]
    pub gen_time: Time,
    /// How far `gen_time` may be from UTC.
    pub accuracy: Option<Accuracy>,
    /// Whether tokens of this authority can be ordered by `gen_time` alone.
    pub ordering: bool,
    /// The requester's nonce, echoed (INTEGER contents).
    #[serde(serialize_with = "ser_opt_hex")]
    pub nonce: Option<Vec<u8>>,
    /// The authority's name, when given.
    pub tsa: Option<GeneralName>,
    /// Extensions, in order.
    pub extensions: Vec<Extension>,
}

fn ser_time<S: serde::Serializer>(v: &Time, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&v.to_iso())
}

impl TstInfo {
    /// Reads a DER TSTInfo (the token's eContent).
    pub fn parse(data: &[u8]) -> der::Result<TstInfo> {
        let seq = der::parse_one(data, "TSTInfo")?;
        if seq.tag != tag::SEQUENCE {
            return seq.error("TSTInfo: expected SEQUENCE");
        }
        let mut r = seq.reader();
        let version = r.expect(tag::INTEGER, "TSTInfo.version")?.small_uint()?;
        let policy = r.expect(tag::OID, "TSTInfo.policy")?.oid()?;
        let message_imprint =
            MessageImprint::parse(&r.expect(tag::SEQUENCE, "TSTInfo.messageImprint")?)?;
        let serial = r
            .expect(tag::INTEGER, "TSTInfo.serialNumber")?
            .integer_bytes()?
            .to_vec();
        let gen_t = r.expect(tag::GENERALIZED_TIME, "TSTInfo.genTime")?;
        let gen_time = gen_t.time()?;
        let accuracy = r
            .optional(tag::SEQUENCE)?
            .map(|a| Accuracy::parse(&a))
            .transpose()?;
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
        let extensions = match r.optional(tag::ctx_cons(1))? {
            Some(exts) => parse_extensions(&exts)?,
            None => Vec::new(),
        };
        r.finish("TSTInfo")?;
        Ok(TstInfo {
            version,
            policy,
            message_imprint,
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

impl MessageImprint {
    fn parse(mi: &Tlv<'_>) -> der::Result<MessageImprint> {
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
        Ok(MessageImprint {
            hash_oid: alg.oid,
            hash_params,
            hashed_message,
        })
    }
}

impl Accuracy {
    fn parse(a: &Tlv<'_>) -> der::Result<Accuracy> {
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
        Ok(Accuracy {
            seconds,
            millis,
            micros,
        })
    }
}

/// TSTInfo's `[1] Extensions` (RFC 5280 §4.1).
fn parse_extensions(exts: &Tlv<'_>) -> der::Result<Vec<Extension>> {
    let mut extensions = Vec::new();
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
    Ok(extensions)
}

/// How a SignerInfo names its certificate (RFC 5652 §5.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignerId {
    /// issuerAndSerialNumber.
    IssuerSerial {
        /// The certificate's issuer.
        issuer: Name,
        /// Its serial number (INTEGER contents).
        serial: Vec<u8>,
    },
    /// subjectKeyIdentifier.
    SubjectKeyId(Vec<u8>),
}

impl SignerId {
    /// Whether `c` is the certificate this identifier names.
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

    /// The identifier in English.
    pub fn describe(&self) -> String {
        self.reference().to_string()
    }
}

/// One signed attribute: type and the raw values of its SET.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute type.
    pub oid: String,
    /// Each value as encoded.
    pub values: Vec<Vec<u8>>,
}

/// SignerInfo (RFC 5652 §5.3).
#[derive(Debug, Clone)]
pub struct SignerInfo {
    /// 1 (issuerAndSerialNumber) or 3 (subjectKeyIdentifier).
    pub version: u64,
    /// The signer's certificate, as named.
    pub sid: SignerId,
    /// The digest of the signed attributes and of the content.
    pub digest_alg: AlgorithmIdentifier,
    /// The signedAttrs element exactly as encoded (tag [0] IMPLICIT).
    pub signed_attrs_raw: Option<Vec<u8>>,
    /// The signed attributes, read.
    pub signed_attrs: Vec<Attribute>,
    /// The signature algorithm.
    pub signature_alg: AlgorithmIdentifier,
    /// The signature over the signed attributes, as encoded with the SET OF tag in place of
    /// `[0]` (RFC 5652 §5.4).
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
    /// The ContentInfo as encoded.
    pub raw: Vec<u8>,
    /// SignedData's digestAlgorithms.
    pub digest_algorithms: Vec<AlgorithmIdentifier>,
    /// The eContentType (id-ct-TSTInfo in a valid token).
    pub econtent_type: String,
    /// The eContent OCTET STRING contents: the DER TSTInfo that messageDigest covers.
    pub econtent: Vec<u8>,
    /// The TSTInfo, read.
    pub tst_info: TstInfo,
    /// The certificates the token carries.
    pub certificates: Vec<Certificate>,
    /// Its SignerInfos (one in a valid token).
    pub signer_infos: Vec<SignerInfo>,
}

impl TimeStampToken {
    /// Reads a DER ContentInfo holding a token.
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
        let encapsulated =
            EncapsulatedTstInfo::parse(&r.expect(tag::SEQUENCE, "SignedData.encapContentInfo")?)?;
        let certificates = match r.optional(tag::ctx_cons(0))? {
            Some(cs) => parse_certificates(&cs)?,
            None => Vec::new(),
        };
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
            econtent_type: encapsulated.econtent_type,
            econtent: encapsulated.econtent,
            tst_info: encapsulated.tst_info,
            certificates,
            signer_infos,
        })
    }
}

/// SignedData's EncapsulatedContentInfo (RFC 5652 §5.2) holding a TSTInfo.
struct EncapsulatedTstInfo {
    econtent_type: String,
    econtent: Vec<u8>,
    tst_info: TstInfo,
}

impl EncapsulatedTstInfo {
    fn parse(eci: &Tlv<'_>) -> der::Result<EncapsulatedTstInfo> {
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
        Ok(EncapsulatedTstInfo {
            econtent_type,
            econtent,
            tst_info,
        })
    }
}

/// SignedData's `[0] certificates` (RFC 5652 §5.1). Only plain certificates matter here;
/// attribute and other certificate formats ([0]..[3] choices) cannot sign a token and are
/// skipped.
fn parse_certificates(cs: &Tlv<'_>) -> der::Result<Vec<Certificate>> {
    let mut certificates = Vec::new();
    for c in cs.reader().all()? {
        if c.tag == tag::SEQUENCE {
            if certificates.len() >= x509::MAX_CERTS {
                return c.error("too many certificates");
            }
            certificates.push(Certificate::parse(&c)?);
        }
    }
    Ok(certificates)
}

impl TimeStampResp {
    /// Reads a DER TimeStampResp.
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
    /// A TimeStampResp.
    Response(TimeStampResp),
    /// A bare TimeStampToken.
    Token(TimeStampToken),
}

impl Parsed {
    /// The token, if the response carries one.
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

#[cfg(test)]
mod tests {
    use super::HashParams;

    /// The imprint check words the parameters by their `Debug` spelling
    /// (`CheckMsg::ImprintAlgOk`, "SHA-256 (parameters Null)", pinned in check_messages.rs).
    #[test]
    fn hash_params_are_spelled_as_the_imprint_check_words_them() {
        assert_eq!(format!("{:?}", HashParams::Null), "Null");
    }
}
