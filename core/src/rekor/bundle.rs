//! Sigstore bundles (`.sigstore.json`, `.sigstore`; media types
//! `application/vnd.dev.sigstore.bundle+json;version=0.1` to `0.3` and
//! `application/vnd.dev.sigstore.bundle.v0.3+json`) and the trusted root that lists the logs'
//! keys and the time-stamp authorities (spec §3.2 Level 2 and 2+, §3.11 requirement 3,
//! Appendix B step 10).
//!
//! A bundle's transparency-log entries (`verificationMaterial.tlogEntries[]`, Rekor v1 and
//! v2) are read into [`LogEntry`] and verified as the API's entries are; its RFC 3161 tokens
//! (`timestampVerificationData.rfc3161Timestamps[]`) are verified with [`crate::tsp`] over
//! the bundle's signature, as Sigstore's verifiers do. What time is proven, and by whom, is
//! stated: a log's signed entry timestamp signs integratedTime (Rekor v1); a Rekor v2 entry
//! has no time, and only a verified RFC 3161 token proves one.

use super::entry::{EntryError, InclusionProof, LogEntry, ProofForm, MAX_ENTRY_BYTES};
use super::key::{LogKey, ValidFor};
use super::verify::{verify, EntryVerdict};
use crate::checks::{Check, CheckMsg, Status};
use crate::hex;
use crate::pki::x509::Certificate;
use crate::tsp::response as tsp;
use base64::Engine;
use serde::Serialize;
use serde_json::Value;

/// Most transparency-log entries read from one bundle.
pub const MAX_BUNDLE_ENTRIES: usize = 16;
/// Most RFC 3161 tokens read from one bundle.
pub const MAX_BUNDLE_TIMESTAMPS: usize = 16;
/// Most logs and authorities read from one trusted root.
pub const MAX_TRUSTED_ROOT_ITEMS: usize = 64;

/// The media types a bundle may declare, and the version each names.
const MEDIA_TYPES: &[(&str, &str)] = &[
    (
        "application/vnd.dev.sigstore.bundle+json;version=0.1",
        "0.1",
    ),
    (
        "application/vnd.dev.sigstore.bundle+json;version=0.2",
        "0.2",
    ),
    (
        "application/vnd.dev.sigstore.bundle+json;version=0.3",
        "0.3",
    ),
    ("application/vnd.dev.sigstore.bundle.v0.3+json", "0.3"),
];

fn eerr<T>(field: &str, message: impl Into<String>) -> Result<T, EntryError> {
    Err(EntryError {
        field: field.into(),
        message: message.into(),
    })
}

fn b64(field: &str, s: &str) -> Result<Vec<u8>, EntryError> {
    base64::engine::general_purpose::STANDARD
        .decode(s)
        .or_else(|e| eerr(field, format!("bad base64 ({e})")))
}

fn get<'a>(o: &'a Value, parent: &str, name: &str) -> Result<&'a Value, EntryError> {
    o.get(name)
        .map_or_else(|| eerr(&format!("{parent}.{name}"), "missing"), Ok)
}

fn get_str<'a>(o: &'a Value, parent: &str, name: &str) -> Result<&'a str, EntryError> {
    get(o, parent, name)?.as_str().map_or_else(
        || eerr(&format!("{parent}.{name}"), "expected a string"),
        Ok,
    )
}

fn get_b64(o: &Value, parent: &str, name: &str) -> Result<Vec<u8>, EntryError> {
    b64(&format!("{parent}.{name}"), get_str(o, parent, name)?)
}

/// A protobuf-JSON 64-bit integer: a decimal string (as Sigstore writes them) or a number.
fn int(v: &Value, field: &str) -> Result<u64, EntryError> {
    match v {
        Value::String(s)
            if !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit()) =>
        {
            s.parse::<u64>().or_else(|_| eerr(field, "out of range"))
        }
        Value::Number(n) => n
            .as_u64()
            .map_or_else(|| eerr(field, "expected a non-negative integer"), Ok),
        _ => eerr(field, "expected a non-negative integer"),
    }
}

fn get_int(o: &Value, parent: &str, name: &str) -> Result<u64, EntryError> {
    int(get(o, parent, name)?, &format!("{parent}.{name}"))
}

fn array<'a>(v: &'a Value, field: &str, max: usize) -> Result<&'a [Value], EntryError> {
    let a = v
        .as_array()
        .map_or_else(|| eerr(field, "expected an array"), Ok)?;
    if a.len() > max {
        return eerr(field, format!("{} items; at most {max}", a.len()));
    }
    Ok(a)
}

/// What the bundle's signature covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Content {
    /// A signature over an artifact (hashedrekord): the artifact's digest, when the bundle
    /// states it (algorithm as the bundle names it, e.g. `SHA2_256`).
    MessageSignature {
        /// The digest's algorithm as the bundle names it.
        digest_algorithm: Option<String>,
        /// The artifact's digest, hex.
        digest: Option<String>,
        #[serde(skip)]
        /// The signature over the artifact.
        signature: Vec<u8>,
    },
    /// A DSSE envelope (in-toto statements and others): its payload type and signatures.
    Dsse {
        /// The envelope's `payloadType`.
        payload_type: String,
        #[serde(skip)]
        /// The payload bytes.
        payload: Vec<u8>,
        /// How many signatures the envelope carries.
        signatures: usize,
        #[serde(skip)]
        /// The envelope's first signature.
        first_signature: Vec<u8>,
    },
}

impl Content {
    /// The signature bytes Sigstore's RFC 3161 tokens are made over: the message signature,
    /// or the envelope's first signature.
    pub fn signature(&self) -> &[u8] {
        match self {
            Content::MessageSignature { signature, .. } => signature,
            Content::Dsse {
                first_signature, ..
            } => first_signature,
        }
    }
}

/// A Sigstore bundle, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bundle {
    /// The bundle's `mediaType`.
    pub media_type: String,
    /// `0.1`, `0.2` or `0.3`.
    pub version: String,
    /// The transparency log entries, in the bundle's order.
    pub entries: Vec<LogEntry>,
    /// The RFC 3161 tokens (DER), in the bundle's order.
    #[serde(skip)]
    pub timestamps: Vec<Vec<u8>>,
    /// What the signature covers.
    pub content: Content,
    /// The signing certificate's subjectAltName identities, as it states them (the
    /// certificate is not checked against a Fulcio root here).
    pub identity: Vec<String>,
}

/// True when the JSON looks like a Sigstore bundle (a `mediaType` naming one), so a caller
/// can tell a bundle from an API entry before parsing.
pub fn is_bundle(json: &[u8]) -> bool {
    let head = &json[..json.len().min(4096)];
    memchr::memmem::find(head, b"\"mediaType\"").is_some()
        && memchr::memmem::find(json, b"vnd.dev.sigstore.bundle").is_some()
}

impl Bundle {
    /// Parses a bundle; every error names the field (`verificationMaterial.tlogEntries[0]
    /// .inclusionProof.hashes[2]`).
    pub fn parse(json: &[u8]) -> Result<Bundle, EntryError> {
        if json.len() > MAX_ENTRY_BYTES {
            return eerr(
                "bundle",
                format!("{} bytes; at most {MAX_ENTRY_BYTES} accepted", json.len()),
            );
        }
        let v: Value = serde_json::from_slice(json).or_else(|e| {
            eerr(
                "bundle",
                format!("not JSON (line {}, column {}: {e})", e.line(), e.column()),
            )
        })?;
        if !v.is_object() {
            return eerr("bundle", "expected a JSON object");
        }
        let media_type = get_str(&v, "bundle", "mediaType")?.to_string();
        let version = MEDIA_TYPES
            .iter()
            .find(|(m, _)| *m == media_type)
            .map(|(_, v)| v.to_string())
            .map_or_else(
                || eerr("mediaType", format!("{media_type:?} is not a Sigstore bundle media type this verifier reads")),
                Ok,
            )?;
        let vm = get(&v, "bundle", "verificationMaterial")?;
        let vmf = "verificationMaterial";
        let mut entries = Vec::new();
        if let Some(t) = vm.get("tlogEntries").filter(|t| !t.is_null()) {
            let f = format!("{vmf}.tlogEntries");
            for (i, e) in array(t, &f, MAX_BUNDLE_ENTRIES)?.iter().enumerate() {
                entries.push(tlog_entry(e, &format!("{f}[{i}]"))?);
            }
        }
        let mut timestamps = Vec::new();
        if let Some(tv) = vm.get("timestampVerificationData").filter(|t| !t.is_null()) {
            let f = format!("{vmf}.timestampVerificationData");
            if let Some(ts) = tv.get("rfc3161Timestamps").filter(|t| !t.is_null()) {
                let f = format!("{f}.rfc3161Timestamps");
                for (i, t) in array(ts, &f, MAX_BUNDLE_TIMESTAMPS)?.iter().enumerate() {
                    timestamps.push(get_b64(t, &format!("{f}[{i}]"), "signedTimestamp")?);
                }
            }
        }
        let identity = signer_identity(vm, vmf)?;
        let content = match (v.get("messageSignature"), v.get("dsseEnvelope")) {
            (Some(m), None) => {
                let f = "messageSignature";
                let (digest_algorithm, digest) = match m.get("messageDigest") {
                    None => (None, None),
                    Some(d) => {
                        let f = "messageSignature.messageDigest";
                        (
                            Some(get_str(d, f, "algorithm")?.to_string()),
                            Some(hex::encode(&get_b64(d, f, "digest")?)),
                        )
                    }
                };
                Content::MessageSignature {
                    digest_algorithm,
                    digest,
                    signature: get_b64(m, f, "signature")?,
                }
            }
            (None, Some(d)) => {
                let f = "dsseEnvelope";
                let sigs = array(get(d, f, "signatures")?, "dsseEnvelope.signatures", 64)?;
                let first = sigs
                    .first()
                    .map_or_else(|| eerr("dsseEnvelope.signatures", "empty"), Ok)?;
                Content::Dsse {
                    payload_type: get_str(d, f, "payloadType")?.to_string(),
                    payload: get_b64(d, f, "payload")?,
                    signatures: sigs.len(),
                    first_signature: get_b64(first, "dsseEnvelope.signatures[0]", "sig")?,
                }
            }
            _ => {
                return eerr(
                    "bundle",
                    "expected exactly one of messageSignature and dsseEnvelope",
                )
            }
        };
        Ok(Bundle {
            media_type,
            version,
            entries,
            timestamps,
            content,
            identity,
        })
    }
}

/// The key details of a Rekor v2 verifier signing with ECDSA P-256 over SHA-256
/// (`dev.sigstore.common.v1.PublicKeyDetails`).
pub const KEY_DETAILS_P256_SHA256: &str = "PKIX_ECDSA_P256_SHA_256";

/// The media type of the bundles the league writes.
pub const BUNDLE_V03: &str = "application/vnd.dev.sigstore.bundle.v0.3+json";

/// The hashedrekord 0.0.2 request of a Rekor v2 log (`POST /api/v2/log/entries`, rekor-tiles
/// `CreateEntryRequest`): the stamped list's SHA-256, the signature over the list (DER) and
/// the verifier's public key (DER SubjectPublicKeyInfo) with its key details, base64 as the
/// log expects. Compact JSON.
pub fn hashedrekord_v2_request(
    sha256: &[u8; 32],
    signature: &[u8],
    public_key_der: &[u8],
    key_details: &str,
) -> Vec<u8> {
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    let v = serde_json::json!({
        "hashedRekordRequestV0_0_2": {
            "digest": b64(sha256),
            "signature": {
                "content": b64(signature),
                "verifier": {
                    "publicKey": { "rawBytes": b64(public_key_der) },
                    "keyDetails": key_details,
                },
            },
        },
    });
    serde_json::to_vec(&v).expect("JSON of strings")
}

/// The Sigstore bundle v0.3 of a message signature the league logged: the log's answer (a
/// TransparencyLogEntry, as a Rekor v2 log returns it) as its one tlog entry, the list's
/// SHA-256 and the signature, and the public key named by its hint (the hex SHA-256 of its
/// DER; the key itself is in the logged body). The answer is read as a bundle entry first
/// (errors name the field under `entry`); the result reads back with [`Bundle::parse`].
pub fn message_signature_bundle(
    entry_json: &[u8],
    sha256: &[u8; 32],
    signature: &[u8],
    public_key_der: &[u8],
) -> Result<Vec<u8>, EntryError> {
    if entry_json.len() > MAX_ENTRY_BYTES {
        return eerr(
            "entry",
            format!(
                "{} bytes; at most {MAX_ENTRY_BYTES} accepted",
                entry_json.len()
            ),
        );
    }
    let entry: Value = serde_json::from_slice(entry_json).or_else(|e| {
        eerr(
            "entry",
            format!("not JSON (line {}, column {}: {e})", e.line(), e.column()),
        )
    })?;
    if !entry.is_object() {
        return eerr("entry", "expected a JSON object (a TransparencyLogEntry)");
    }
    tlog_entry(&entry, "entry")?;
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    let v = serde_json::json!({
        "mediaType": BUNDLE_V03,
        "verificationMaterial": {
            "publicKey": { "hint": hex::sha256_hex(public_key_der) },
            "tlogEntries": [entry],
        },
        "messageSignature": {
            "messageDigest": { "algorithm": "SHA2_256", "digest": b64(sha256) },
            "signature": b64(signature),
        },
    });
    let mut out = serde_json::to_vec_pretty(&v).expect("JSON");
    out.push(b'\n');
    if out.len() > MAX_ENTRY_BYTES {
        return eerr(
            "entry",
            format!(
                "the bundle around it would be {} bytes; at most {MAX_ENTRY_BYTES} are read back",
                out.len()
            ),
        );
    }
    Ok(out)
}

/// The identity the signing certificate (`verificationMaterial.certificate`, or the first of
/// `x509CertificateChain.certificates`) states in its subjectAltName, one line per name:
/// `email:…`, `URI:…`, `DNS:…`, `otherName <OID>:…` (Fulcio writes a username as
/// otherName 1.3.6.1.4.1.57264.1.7). Empty for a bundle signed with a bare public key.
fn signer_identity(vm: &Value, vmf: &str) -> Result<Vec<String>, EntryError> {
    let (holder, f) = match (vm.get("certificate"), vm.get("x509CertificateChain")) {
        (Some(c), _) if !c.is_null() => (c, format!("{vmf}.certificate")),
        (_, Some(ch)) if !ch.is_null() => {
            let cf = format!("{vmf}.x509CertificateChain.certificates");
            let certs = array(
                get(ch, &format!("{vmf}.x509CertificateChain"), "certificates")?,
                &cf,
                8,
            )?;
            match certs.first() {
                Some(c) => (c, format!("{cf}[0]")),
                None => return Ok(Vec::new()),
            }
        }
        _ => return Ok(Vec::new()),
    };
    let der = get_b64(holder, &f, "rawBytes")?;
    let rf = format!("{f}.rawBytes");
    let cert = Certificate::from_der(&der).or_else(|e| eerr(&rf, e.to_string()))?;
    cert.known
        .subject_alt_names_raw
        .iter()
        .map(|raw| general_name(raw).or_else(|e| eerr(&rf, format!("subjectAltName: {e}"))))
        .collect()
}

/// One GeneralName (RFC 5280 §4.2.1.6) as a line.
fn general_name(raw: &[u8]) -> Result<String, String> {
    use crate::pki::der;
    let t = der::parse_one(raw, "GeneralName").map_err(|e| e.to_string())?;
    let text = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
    Ok(match t.tag {
        0x81 => format!("email:{}", text(t.value)),
        0x82 => format!("DNS:{}", text(t.value)),
        0x86 => format!("URI:{}", text(t.value)),
        0xa0 => {
            // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }
            let mut r = t.reader();
            let oid = r.read().and_then(|o| o.oid()).map_err(|e| e.to_string())?;
            let value = r
                .expect(0xa0, "otherName.value")
                .and_then(|v| der::parse_one(v.value, "otherName.value"))
                .map_err(|e| e.to_string())?;
            let v = value.string().unwrap_or_else(|_| hex::encode(value.value));
            format!("otherName {oid}:{v}")
        }
        tag => format!("GeneralName [{}]", tag & 0x1f),
    })
}

/// One `tlogEntries[i]` read into the API entry's form: the body is `canonicalizedBody`, the
/// log ID is `logId.keyId` in hex, integratedTime is absent for Rekor v2 (absent or 0).
fn tlog_entry(e: &Value, f: &str) -> Result<LogEntry, EntryError> {
    let body_b64 = get_str(e, f, "canonicalizedBody")?.to_string();
    let body = b64(&format!("{f}.canonicalizedBody"), &body_b64)?;
    let log_id = hex::encode(&get_b64(
        get(e, f, "logId")?,
        &format!("{f}.logId"),
        "keyId",
    )?);
    let log_index = get_int(e, f, "logIndex")?;
    let integrated_time = match e.get("integratedTime") {
        None | Some(Value::Null) => None,
        Some(t) => match int(t, &format!("{f}.integratedTime"))? {
            0 => None,
            t => Some(
                i64::try_from(t)
                    .or_else(|_| eerr(&format!("{f}.integratedTime"), "out of range"))?,
            ),
        },
    };
    let signed_entry_timestamp = match e.get("inclusionPromise") {
        None | Some(Value::Null) => None,
        Some(p) => Some(get_b64(
            p,
            &format!("{f}.inclusionPromise"),
            "signedEntryTimestamp",
        )?),
    };
    let inclusion_proof = match e.get("inclusionProof") {
        None | Some(Value::Null) => None,
        Some(p) => Some(InclusionProof::read(
            p,
            &format!("{f}.inclusionProof"),
            &BUNDLE_PROOF,
        )?),
    };
    Ok(LogEntry {
        uuid: None,
        body_b64,
        body,
        integrated_time,
        log_id,
        log_index,
        inclusion_proof,
        signed_entry_timestamp,
    })
}

fn hash32(field: &str, s: &str) -> Result<[u8; 32], EntryError> {
    b64(field, s)?
        .try_into()
        .or_else(|_| eerr(field, "expected 32 bytes"))
}

/// A bundle's inclusion proof: hashes in base64, 64-bit integers as protobuf JSON, the
/// checkpoint `{"envelope": …}` (null for none).
const BUNDLE_PROOF: ProofForm = ProofForm {
    hash: hash32,
    int,
    checkpoint: |c, f| match c {
        Value::Null => Ok(None),
        c => Ok(Some(get_str(c, f, "envelope")?.to_string())),
    },
};

/// A time-stamp authority of a trusted root: its chain, leaf first, root last, and the
/// window its tokens' genTime must fall in (`validFor`).
#[derive(Debug, Clone)]
pub struct TrustedAuthority {
    /// The authority's URI as the trusted root names it.
    pub uri: String,
    /// Its certificate chain, leaf first, root last.
    pub chain: Vec<Certificate>,
    /// The window its tokens' genTime must fall in; `None` when the root states none.
    pub valid_for: Option<ValidFor>,
}

/// The `validFor` member of `o` (field `f`): `start` required, `end` optional, RFC 3339.
fn valid_for(o: &Value, f: &str) -> Result<Option<ValidFor>, EntryError> {
    let Some(v) = o.get("validFor") else {
        return Ok(None);
    };
    let vf = format!("{f}.validFor");
    let time = |name: &str| -> Result<i64, EntryError> {
        let s = get_str(v, &vf, name)?;
        crate::calendar::Instant::parse_rfc3339(s)
            .map(|i| i.0.div_euclid(1_000_000))
            .map_or_else(
                || {
                    eerr(
                        &format!("{vf}.{name}"),
                        format!("{s:?} is not an RFC 3339 time"),
                    )
                },
                Ok,
            )
    };
    let start = time("start")?;
    let end = match v.get("end") {
        None | Some(Value::Null) => None,
        Some(_) => Some(time("end")?),
    };
    if end.is_some_and(|e| e <= start) {
        return eerr(&format!("{vf}.end"), "not after start");
    }
    Ok(Some(ValidFor { start, end }))
}

/// A Sigstore trusted root (`trusted_root.json`, media type
/// `application/vnd.dev.sigstore.trustedroot+json;version=0.1`): the transparency logs' keys
/// (with the log IDs it states) and the time-stamp authorities' chains.
#[derive(Debug, Clone)]
pub struct TrustedRoot {
    /// (base URL, key) of every log.
    pub logs: Vec<(String, LogKey)>,
    /// The time-stamp authorities.
    pub authorities: Vec<TrustedAuthority>,
}

impl TrustedRoot {
    /// Parses a trusted root; errors name the field.
    pub fn parse(json: &[u8]) -> Result<TrustedRoot, EntryError> {
        if json.len() > MAX_ENTRY_BYTES {
            return eerr(
                "trusted root",
                format!("{} bytes; at most {MAX_ENTRY_BYTES} accepted", json.len()),
            );
        }
        let v: Value = serde_json::from_slice(json).or_else(|e| {
            eerr(
                "trusted root",
                format!("not JSON (line {}, column {}: {e})", e.line(), e.column()),
            )
        })?;
        let mt = get_str(&v, "trusted root", "mediaType")?;
        if !mt.starts_with("application/vnd.dev.sigstore.trustedroot") {
            return eerr(
                "mediaType",
                format!("{mt:?} is not a Sigstore trusted root"),
            );
        }
        let mut logs = Vec::new();
        for (i, t) in array(
            get(&v, "trusted root", "tlogs")?,
            "tlogs",
            MAX_TRUSTED_ROOT_ITEMS,
        )?
        .iter()
        .enumerate()
        {
            let f = format!("tlogs[{i}]");
            let url = t
                .get("baseUrl")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let pkf = format!("{f}.publicKey");
            let der = get_b64(get(t, &f, "publicKey")?, &pkf, "rawBytes")?;
            let mut key =
                LogKey::from_spki_der(&der).or_else(|e| eerr(&format!("{pkf}.rawBytes"), e))?;
            let idf = format!("{f}.logId");
            let id = get_b64(get(t, &f, "logId")?, &idf, "keyId")?;
            key.log_id = id
                .try_into()
                .or_else(|_| eerr(&format!("{idf}.keyId"), "expected 32 bytes"))?;
            key.log_id_stated = true;
            key.valid_for = valid_for(get(t, &f, "publicKey")?, &pkf)?;
            key.name.clone_from(&url);
            logs.push((url, key));
        }
        let mut authorities = Vec::new();
        if let Some(tsas) = v.get("timestampAuthorities") {
            for (i, a) in array(tsas, "timestampAuthorities", MAX_TRUSTED_ROOT_ITEMS)?
                .iter()
                .enumerate()
            {
                let f = format!("timestampAuthorities[{i}]");
                let cf = format!("{f}.certChain");
                let certs = array(
                    get(get(a, &f, "certChain")?, &cf, "certificates")?,
                    &format!("{cf}.certificates"),
                    8,
                )?;
                let chain = certs
                    .iter()
                    .enumerate()
                    .map(|(j, c)| {
                        let field = format!("{cf}.certificates[{j}]");
                        let der = get_b64(c, &field, "rawBytes")?;
                        Certificate::from_der(&der)
                            .or_else(|e| eerr(&format!("{field}.rawBytes"), e.to_string()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                authorities.push(TrustedAuthority {
                    uri: a
                        .get("uri")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string(),
                    chain,
                    valid_for: valid_for(a, &f)?,
                });
            }
        }
        Ok(TrustedRoot { logs, authorities })
    }
}

/// A time a bundle proves, and who signs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProvenTime {
    /// UTC, ISO 8601.
    pub time: String,
    /// `log` (a verified SET over integratedTime) or `tsa` (a verified RFC 3161 token).
    pub source: &'static str,
    /// The log (its checkpoint origin or log ID) or the authority (the token signer's subject).
    pub by: String,
}

impl ProvenTime {
    /// The sentence saying this time and who signs it (the CLI's line, the page's).
    pub fn msg(&self) -> CheckMsg {
        let (time, by) = (self.time.clone(), self.by.clone());
        match self.source {
            "tsa" => CheckMsg::TimeProvenByTsa { time, by },
            _ => CheckMsg::TimeProvenByLog { time, by },
        }
    }
}

/// The verdict on a bundle: every log entry's, every token's, and the times proven.
#[derive(Debug, Clone, Serialize)]
pub struct BundleVerdict {
    /// The bundle's `mediaType`.
    pub media_type: String,
    /// The bundle's version (`0.1`, `0.2` or `0.3`).
    pub version: String,
    /// What the signature covers.
    pub content: Content,
    /// The signing certificate's subjectAltName identities ([`Bundle::identity`]).
    pub identity: Vec<String>,
    /// Every entry and every token verified (and at least one entry).
    pub ok: bool,
    /// Every log check of every entry passed (the kind aside).
    pub log_ok: bool,
    /// An entry's body is of a kind this verifier does not read.
    pub unsupported_kind: Option<String>,
    /// The verdict on each log entry, in the bundle's order.
    pub entries: Vec<EntryVerdict>,
    /// The verdict on each readable RFC 3161 token, in the bundle's order.
    pub timestamps: Vec<tsp::TokenVerdict>,
    /// A token that is not readable (a failure).
    pub timestamp_errors: Vec<String>,
    /// A token not checked because the reader gave no time-stamp authority: it proves no
    /// time, and the log checks stand on their own.
    pub timestamps_unchecked: Vec<String>,
    /// The times proven, by whom; empty when none is.
    pub times: Vec<ProvenTime>,
}

impl BundleVerdict {
    /// What the bundle says beyond its checks: the certificate's identities as stated, then
    /// every time proven and by whom (or that none is), in the order the CLI prints them.
    pub fn says(&self) -> Vec<CheckMsg> {
        let mut out: Vec<CheckMsg> = self
            .identity
            .iter()
            .map(|i| CheckMsg::CertificateIdentity {
                identity: i.clone(),
            })
            .collect();
        if self.times.is_empty() {
            out.push(CheckMsg::NoTimeProven);
        }
        out.extend(self.times.iter().map(ProvenTime::msg));
        out
    }
}

impl LogKey {
    /// The key's log ID for an entry: stated, SHA-256 of a v1 key, or the note key ID under
    /// the entry's checkpoint origin.
    fn id_for(&self, entry: &LogEntry) -> [u8; 32] {
        if self.is_ed25519() && !self.log_id_stated {
            let origin = entry
                .inclusion_proof
                .as_ref()
                .and_then(|p| p.checkpoint.as_deref())
                .and_then(|t| super::Checkpoint::parse(t).ok())
                .map(|c| c.origin);
            if let Some(id) = origin.and_then(|o| self.note_key_id(&o)) {
                return id;
            }
        }
        self.log_id
    }
}

/// The `valid_for` check of a log key or a time-stamp authority (named `name`) with the
/// trusted root's window `w`: pass when the time `at` lies in it, fail when it does not, skip
/// when no time is proven to hold it to.
fn validity_check(checks: &mut Vec<Check>, name: &str, at: Option<i64>, w: &ValidFor) {
    let (key, window) = (name.to_string(), w.interval());
    let (status, msg) = match at {
        None => (Status::Skip, CheckMsg::ValidForNoTime { key, window }),
        Some(t) => {
            let time = crate::pki::der::Time::from_unix(t).to_iso();
            if w.contains(t) {
                (Status::Pass, CheckMsg::ValidForOk { key, time, window })
            } else {
                (
                    Status::Fail,
                    CheckMsg::OutsideValidFor { key, time, window },
                )
            }
        }
    };
    checks.push(Check {
        id: super::check::VALID_FOR,
        status,
        msg,
    });
}

/// Verifies a bundle against the artifact's SHA-256 (if given), the logs' keys and the
/// time-stamp authorities the reader trusts. Each entry is checked with the key whose log
/// ID it names (the first key when none does, so the log-ID check says why); each token over
/// the bundle's signature with each authority's chain (root as the anchor) until one passes.
pub fn verify_bundle(
    bundle: &Bundle,
    expected_sha256: Option<&[u8; 32]>,
    keys: &[LogKey],
    authorities: &[TrustedAuthority],
) -> BundleVerdict {
    let mut checked = Vec::new();
    for e in &bundle.entries {
        let Some(key) = keys
            .iter()
            .find(|k| hex::encode(&k.id_for(e)).eq_ignore_ascii_case(&e.log_id))
            .or(keys.first())
        else {
            continue;
        };
        checked.push((e, key, verify(e, expected_sha256, key)));
    }
    let mut timestamps = Vec::new();
    let mut timestamp_errors = Vec::new();
    let mut timestamps_unchecked = Vec::new();
    for (i, t) in bundle.timestamps.iter().enumerate() {
        let parsed = match tsp::parse(t) {
            Ok(p) => p,
            Err(e) => {
                timestamp_errors.push(format!(
                    "rfc3161Timestamps[{i}]: not a readable RFC 3161 token: {e}"
                ));
                continue;
            }
        };
        if authorities.is_empty() {
            timestamps_unchecked.push(format!(
                "rfc3161Timestamps[{i}]: not checked, no time-stamp authority given (a trusted root's timestampAuthorities); no time is proven from it"
            ));
            continue;
        }
        let mut best: Option<tsp::TokenVerdict> = None;
        for a in authorities {
            let Some((anchor, rest)) = a.chain.split_last() else {
                continue;
            };
            let opts = tsp::VerifyOptions {
                anchors: vec![anchor.clone()],
                untrusted: rest.to_vec(),
                ..Default::default()
            };
            let mut v = tsp::verify(
                &parsed,
                tsp::Imprinted::Data(bundle.content.signature()),
                &opts,
            );
            if v.ok {
                if let Some(w) = &a.valid_for {
                    let gen = v.tst_info.as_ref().map(|t| t.gen_time.unix);
                    let ok = gen.is_some_and(|g| w.contains(g));
                    validity_check(&mut v.checks, &a.uri, gen, w);
                    v.ok &= ok;
                }
            }
            let ok = v.ok;
            if best.as_ref().is_none_or(|b| !b.ok) {
                best = Some(v);
            }
            if ok {
                break;
            }
        }
        if let Some(v) = best {
            timestamps.push(v);
        }
    }
    // The times the tokens prove: (Unix seconds, ISO 8601, the authority).
    let tsa_times: Vec<(i64, String, String)> = timestamps
        .iter()
        .filter(|v| v.ok)
        .filter_map(|v| {
            Some((
                v.tst_info.as_ref()?.gen_time.unix,
                v.gen_time.clone()?,
                v.signer
                    .as_ref()
                    .map_or_else(String::new, |s| s.subject.clone()),
            ))
        })
        .collect();
    let mut entries = Vec::new();
    let mut times = Vec::new();
    for (e, key, mut v) in checked {
        // The key is held to its window at the entry's integratedTime, or (Rekor v2, no
        // integratedTime) at every time the tokens prove.
        if let Some(w) = &key.valid_for {
            let name = if key.name.is_empty() {
                format!("logID {}", hex::encode(&key.log_id))
            } else {
                key.name.clone()
            };
            let at: Vec<i64> = match e.integrated_time {
                Some(t) => vec![t],
                None => tsa_times.iter().map(|t| t.0).collect(),
            };
            if at.is_empty() {
                validity_check(&mut v.checks, &name, None, w);
            }
            for t in at {
                if !w.contains(t) {
                    v.ok = false;
                    v.log_ok = false;
                }
                validity_check(&mut v.checks, &name, Some(t), w);
            }
        }
        if v.integrated_time_signed && v.log_ok {
            if let Some(t) = &v.integrated_time_iso {
                let by = e
                    .inclusion_proof
                    .as_ref()
                    .and_then(|p| p.checkpoint.as_deref())
                    .and_then(|t| super::Checkpoint::parse(t).ok())
                    .map_or_else(|| format!("logID {}", e.log_id), |c| c.origin);
                times.push(ProvenTime {
                    time: t.clone(),
                    source: "log",
                    by,
                });
            }
        }
        entries.push(v);
    }
    times.extend(tsa_times.into_iter().map(|(_, time, by)| ProvenTime {
        time,
        source: "tsa",
        by,
    }));
    let unsupported_kind = entries.iter().find_map(|e| e.unsupported_kind.clone());
    let log_ok = !entries.is_empty() && entries.iter().all(|e| e.log_ok);
    let ok = !entries.is_empty()
        && entries.iter().all(|e| e.ok)
        && timestamps.iter().all(|t| t.ok)
        && timestamp_errors.is_empty();
    BundleVerdict {
        media_type: bundle.media_type.clone(),
        version: bundle.version.clone(),
        content: bundle.content.clone(),
        identity: bundle.identity.clone(),
        ok,
        log_ok,
        unsupported_kind,
        entries,
        timestamps,
        timestamp_errors,
        timestamps_unchecked,
        times,
    }
}

/// The reader's log trust as one file: a Sigstore trusted root (its logs' keys and its
/// time-stamp authorities), or one log key (PEM or DER); errors name the file.
pub fn read_log_trust(
    key_name: &str,
    key: &[u8],
) -> Result<(Vec<LogKey>, Vec<TrustedAuthority>), String> {
    if key.first() == Some(&b'{') {
        let root = TrustedRoot::parse(key).map_err(|e| format!("{key_name}: {e}"))?;
        if root.logs.is_empty() {
            return Err(format!("{key_name}: tlogs: lists no transparency log"));
        }
        return Ok((
            root.logs.into_iter().map(|(_, k)| k).collect(),
            root.authorities,
        ));
    }
    let key = LogKey::parse(key).map_err(|e| format!("{key_name}: {e}"))?;
    Ok((vec![key], Vec::new()))
}

/// Verifies a dropped Rekor file, an API entry (`<list>.rekor.json`) or a Sigstore bundle
/// (`<list>.sigstore.json`), for the stamped `data`, with the reader's log trust (a key or a
/// trusted root, [`read_log_trust`]). A bundle's verdict is its first entry's with every
/// entry's and every token's checks, `ok` only when the whole bundle verified; beside it what
/// a bundle says ([`BundleVerdict::says`]: its certificate identity and the times proven by
/// whom), empty for an API entry.
pub fn verify_file(
    entry_name: &str,
    entry_json: &[u8],
    data: &[u8],
    key_name: &str,
    key: &[u8],
) -> Result<(EntryVerdict, Vec<CheckMsg>), String> {
    use sha2::{Digest, Sha256};
    let (keys, authorities) = read_log_trust(key_name, key)?;
    let digest: [u8; 32] = Sha256::digest(data).into();
    if !is_bundle(entry_json) {
        let entry = LogEntry::parse(entry_json).map_err(|e| format!("{entry_name}: {e}"))?;
        let key = keys
            .iter()
            .find(|k| hex::encode(&k.id_for(&entry)).eq_ignore_ascii_case(&entry.log_id))
            .unwrap_or(&keys[0]);
        return Ok((verify(&entry, Some(&digest), key), Vec::new()));
    }
    let bundle = Bundle::parse(entry_json).map_err(|e| format!("{entry_name}: {e}"))?;
    let bv = verify_bundle(&bundle, Some(&digest), &keys, &authorities);
    let says = bv.says();
    let mut entries = bv.entries.into_iter();
    let mut v = entries
        .next()
        .ok_or_else(|| format!("{entry_name}: holds no transparency-log entry"))?;
    for e in entries {
        v.checks.extend(e.checks);
    }
    for t in bv.timestamps {
        v.checks.extend(t.checks);
    }
    v.ok = bv.ok;
    v.log_ok = bv.log_ok;
    Ok((v, says))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rekor::check;

    #[test]
    fn malformed_bundles_name_the_field() {
        let f = |s: &str| Bundle::parse(s.as_bytes()).unwrap_err().field;
        assert_eq!(f("[]"), "bundle");
        assert_eq!(f(r#"{"mediaType":"x"}"#), "mediaType");
        let mt = r#""mediaType":"application/vnd.dev.sigstore.bundle.v0.3+json""#;
        assert_eq!(
            f(&format!(
                r#"{{{mt},"verificationMaterial":{{"tlogEntries":[{{"canonicalizedBody":"e30=","logId":{{"keyId":"AA=="}},"logIndex":"-1"}}]}}}}"#
            )),
            "verificationMaterial.tlogEntries[0].logIndex"
        );
        assert_eq!(
            f(&format!(
                r#"{{{mt},"verificationMaterial":{{"tlogEntries":[{{"canonicalizedBody":"e30=","logId":{{"keyId":"AA=="}},"logIndex":"1","inclusionProof":{{"logIndex":"0","treeSize":"1","rootHash":"AA==","hashes":[]}}}}]}}}}"#
            )),
            "verificationMaterial.tlogEntries[0].inclusionProof.rootHash"
        );
        assert_eq!(
            f(&format!(r#"{{{mt},"verificationMaterial":{{}}}}"#)),
            "bundle"
        );
    }

    fn shared(rel: &str) -> Vec<u8> {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/vectors/sigstore-bundles")
            .join(rel);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    fn root(name: &str) -> TrustedRoot {
        TrustedRoot::parse(&shared(name)).unwrap()
    }

    fn keys(r: &TrustedRoot) -> Vec<LogKey> {
        r.logs.iter().map(|(_, k)| k.clone()).collect()
    }

    fn sha(b: &[u8]) -> [u8; 32] {
        use sha2::Digest;
        sha2::Sha256::digest(b).into()
    }

    /// The Rekor v2 bundle of sigstore-python's tests: the Ed25519 checkpoint and inclusion
    /// proof verify, the body names the artifact, no integratedTime, and the staging TSA's
    /// token proves the time.
    #[test]
    fn rekor_v2_bundle_verifies_with_its_time_from_the_tsa() {
        let b = Bundle::parse(&shared("staging-rekor-v2.txt.sigstore.json")).unwrap();
        assert_eq!(b.version, "0.3");
        assert_eq!(b.entries[0].integrated_time, None);
        let r = root("trusted_root.staging.json");
        let data = shared("staging-rekor-v2.txt");
        let v = verify_bundle(&b, Some(&sha(&data)), &keys(&r), &r.authorities);
        assert!(v.ok, "{:#?}", v.entries[0].checks);
        assert!(!v.entries[0].integrated_time_signed);
        assert_eq!(v.times.len(), 1, "{:?}", v.times);
        assert_eq!(v.times[0].source, "tsa");
        // The v2 log's ID is said as what it is: the note key ID under the log's name.
        let log_id = v.entries[0]
            .checks
            .iter()
            .find(|c| c.id == check::LOG_ID)
            .unwrap();
        assert_eq!(
            (log_id.status, &log_id.msg),
            (
                Status::Pass,
                &CheckMsg::LogIdNoteKeyOk {
                    id: b.entries[0].log_id.clone(),
                    origin: "log2025-alpha1.rekor.sigstage.dev".into()
                }
            )
        );
        let bare = LogKey::parse(&shared("rekor-staging-v2-ed25519.pub")).unwrap();
        let v2 = verify_bundle(&b, Some(&sha(&data)), &[bare], &[]);
        assert!(v2.entries[0]
            .checks
            .iter()
            .any(|c| matches!(c.msg, CheckMsg::LogIdNoteKeyOk { .. })));
        // Another artifact: the body's digest differs.
        let v = verify_bundle(&b, Some(&sha(b"other")), &keys(&r), &r.authorities);
        assert!(!v.ok && v.log_ok);
        // The prod root does not hold this log's key.
        let p = root("trusted_root.prod.json");
        assert!(!verify_bundle(&b, Some(&sha(&data)), &keys(&p), &p.authorities).log_ok);
    }

    /// The staging root with the `validFor` of every log key (`tlogs`) or every time-stamp
    /// authority (`timestampAuthorities`) replaced by `window`.
    fn root_with_window(list: &str, window: serde_json::Value) -> TrustedRoot {
        let mut v: Value = serde_json::from_slice(&shared("trusted_root.staging.json")).unwrap();
        for item in v[list].as_array_mut().unwrap() {
            let holder = if list == "tlogs" {
                &mut item["publicKey"]
            } else {
                item
            };
            holder["validFor"] = window.clone();
        }
        TrustedRoot::parse(&serde_json::to_vec(&v).unwrap()).unwrap()
    }

    fn statuses(checks: &[Check], id: &str) -> Vec<Status> {
        checks
            .iter()
            .filter(|c| c.id == id)
            .map(|c| c.status)
            .collect()
    }

    /// The bundle the league writes from a v2 log's answer: the real TransparencyLogEntry of
    /// sigstore-python's v2 bundle, wrapped with the artifact's digest and signature, reads
    /// back as a v0.3 bundle whose entry verifies under the staging v2 log's key; an answer
    /// that is not an entry is refused naming the field.
    #[test]
    fn the_league_bundle_of_a_v2_answer_reads_back_and_verifies() {
        let real: Value =
            serde_json::from_slice(&shared("staging-rekor-v2.txt.sigstore.json")).unwrap();
        let answer = serde_json::to_vec(&real["verificationMaterial"]["tlogEntries"][0]).unwrap();
        let sig = base64::engine::general_purpose::STANDARD
            .decode(real["messageSignature"]["signature"].as_str().unwrap())
            .unwrap();
        let data = shared("staging-rekor-v2.txt");
        let bytes = message_signature_bundle(&answer, &sha(&data), &sig, b"key").unwrap();
        let b = Bundle::parse(&bytes).unwrap();
        assert_eq!(
            (b.media_type.as_str(), b.version.as_str()),
            (BUNDLE_V03, "0.3")
        );
        assert!(b.identity.is_empty());
        let r = root("trusted_root.staging.json");
        let v = verify_bundle(&b, Some(&sha(&data)), &keys(&r), &[]);
        assert!(v.ok && v.log_ok, "{:#?}", v.entries[0].checks);
        assert_eq!(v.says(), [CheckMsg::NoTimeProven]);
        // Another list's digest is not what the entry logs.
        let v = verify_bundle(&b, Some(&sha(b"another list")), &keys(&r), &[]);
        assert!(!v.ok);
        for (garbage, field) in [
            (&b"<html>"[..], "entry"),
            (b"[]", "entry"),
            (br#"{"logIndex":"1"}"#, "entry.canonicalizedBody"),
        ] {
            let e = message_signature_bundle(garbage, &sha(&data), &sig, b"key").unwrap_err();
            assert_eq!(e.field, field, "{e}");
        }
        // An answer that fits the entry bound but whose bundle would not read back is refused.
        let mut big = real["verificationMaterial"]["tlogEntries"][0].clone();
        big["canonicalizedBody"] = base64::engine::general_purpose::STANDARD
            .encode(vec![b' '; 785_500])
            .into();
        let big = serde_json::to_vec(&big).unwrap();
        assert!(big.len() <= MAX_ENTRY_BYTES);
        let e = message_signature_bundle(&big, &sha(&data), &sig, b"key").unwrap_err();
        assert_eq!(e.field, "entry", "{e}");
        // The request names the digest, the signature and the verifier as rekor-tiles reads them.
        let req: Value = serde_json::from_slice(&hashedrekord_v2_request(
            &sha(&data),
            &sig,
            b"der",
            KEY_DETAILS_P256_SHA256,
        ))
        .unwrap();
        let h = &req["hashedRekordRequestV0_0_2"];
        assert_eq!(
            h["digest"],
            real["messageSignature"]["messageDigest"]["digest"]
        );
        assert_eq!(
            h["signature"]["content"],
            real["messageSignature"]["signature"]
        );
        assert_eq!(h["signature"]["verifier"]["publicKey"]["rawBytes"], "ZGVy");
        assert_eq!(
            h["signature"]["verifier"]["keyDetails"],
            "PKIX_ECDSA_P256_SHA_256"
        );
    }

    /// The signing certificate's identity is read from its subjectAltName: an otherName
    /// (sigstore-go's test bundle, Fulcio's username OID), an email (sigstore-python's v2
    /// bundle), none for a bundle signed with a bare public key.
    #[test]
    fn the_certificate_identity_is_said() {
        let id = |name: &str| Bundle::parse(&shared(name)).unwrap().identity;
        assert_eq!(
            id("othername.sigstore.json"),
            ["otherName 1.3.6.1.4.1.57264.1.7:foo!oidc.local"]
        );
        assert_eq!(
            id("staging-rekor-v2.txt.sigstore.json"),
            ["email:jku@goto.fi"]
        );
        assert!(id("bundle-public-key.json").is_empty());
    }

    /// The trusted root's `validFor` windows hold: the v2 bundle's token time (2025) lies in
    /// the staging TSA's and the staging v2 log key's windows; a window that opens in 2030
    /// or closed in 2021 fails the authority or the key, naming it and the window.
    #[test]
    fn trusted_root_validity_windows_are_enforced() {
        let b = Bundle::parse(&shared("staging-rekor-v2.txt.sigstore.json")).unwrap();
        let want = sha(&shared("staging-rekor-v2.txt"));
        let r = root("trusted_root.staging.json");
        let v = verify_bundle(&b, Some(&want), &keys(&r), &r.authorities);
        assert!(v.ok);
        assert_eq!(
            statuses(&v.entries[0].checks, check::VALID_FOR),
            [Status::Pass]
        );
        assert_eq!(
            statuses(&v.timestamps[0].checks, check::VALID_FOR),
            [Status::Pass]
        );

        let future = serde_json::json!({"start": "2030-01-01T00:00:00Z"});
        let past =
            serde_json::json!({"start": "2020-01-01T00:00:00Z", "end": "2021-01-01T00:00:00Z"});
        for window in [future, past] {
            // The authority out of its window: the token proves no time, the bundle fails.
            let r = root_with_window("timestampAuthorities", window.clone());
            let v = verify_bundle(&b, Some(&want), &keys(&r), &r.authorities);
            assert!(!v.ok && v.times.is_empty(), "{window}: {:?}", v.times);
            let c = v.timestamps[0]
                .checks
                .iter()
                .find(|c| c.id == check::VALID_FOR)
                .unwrap();
            assert_eq!(c.status, Status::Fail);
            let text = c.msg.to_string();
            assert!(
                text.contains("https://timestamp.sigstage.dev/api/v1/timestamp")
                    && text.contains(&r.authorities[0].valid_for.unwrap().interval()),
                "{text}"
            );
            // The log key out of its window at the token's time: the entry fails.
            let r = root_with_window("tlogs", window.clone());
            let v = verify_bundle(&b, Some(&want), &keys(&r), &r.authorities);
            assert!(!v.ok && !v.log_ok, "{window}");
            let c = v.entries[0]
                .checks
                .iter()
                .find(|c| c.id == check::VALID_FOR)
                .unwrap();
            assert_eq!(c.status, Status::Fail);
            assert!(
                c.msg.to_string().contains("rekor.sigstage.dev"),
                "{}",
                c.msg
            );
        }
        // A Rekor v1 entry is held to its key's window at its integratedTime (2023).
        let b = Bundle::parse(&shared("bundle-v02.json")).unwrap();
        let t = b.entries[0].integrated_time.unwrap();
        let p = root("trusted_root.prod.json");
        let v = verify_bundle(&b, None, &keys(&p), &p.authorities);
        assert_eq!(
            statuses(&v.entries[0].checks, check::VALID_FOR),
            [Status::Pass]
        );
        let mut k = keys(&p);
        for key in &mut k {
            key.valid_for = Some(ValidFor {
                start: t + 1,
                end: None,
            });
        }
        let v = verify_bundle(&b, None, &k, &p.authorities);
        assert!(!v.entries[0].log_ok);
        assert_eq!(
            statuses(&v.entries[0].checks, check::VALID_FOR),
            [Status::Fail]
        );
    }

    /// A `validFor` that is not an RFC 3339 time, or ends before it starts, is refused,
    /// naming the field.
    #[test]
    fn malformed_validity_windows_name_the_field() {
        let mut v: Value = serde_json::from_slice(&shared("trusted_root.staging.json")).unwrap();
        v["tlogs"][1]["publicKey"]["validFor"]["end"] = "2025-13-01T00:00:00Z".into();
        let e = TrustedRoot::parse(&serde_json::to_vec(&v).unwrap()).unwrap_err();
        assert_eq!(e.field, "tlogs[1].publicKey.validFor.end");
        v["tlogs"][1]["publicKey"]["validFor"]["end"] = "2020-01-01T00:00:00Z".into();
        let e = TrustedRoot::parse(&serde_json::to_vec(&v).unwrap()).unwrap_err();
        assert_eq!(e.field, "tlogs[1].publicKey.validFor.end");
        v["tlogs"][1]["publicKey"]["validFor"] = serde_json::json!({});
        let e = TrustedRoot::parse(&serde_json::to_vec(&v).unwrap()).unwrap_err();
        assert_eq!(e.field, "tlogs[1].publicKey.validFor.start");
    }

    /// One byte changed in the body, the checkpoint signature, an inclusion-path hash: fails.
    #[test]
    fn tampered_rekor_v2_bundles_fail() {
        let r = root("trusted_root.staging.json");
        let data = shared("staging-rekor-v2.txt");
        let good = Bundle::parse(&shared("staging-rekor-v2.txt.sigstore.json")).unwrap();
        let mut body = good.clone();
        body.entries[0].body[40] ^= 1;
        let mut sig = good.clone();
        let p = sig.entries[0].inclusion_proof.as_mut().unwrap();
        let cp = p.checkpoint.take().unwrap();
        let (head, tail) = cp.rsplit_once(' ').unwrap();
        let mut raw = base64::engine::general_purpose::STANDARD
            .decode(tail.trim_end())
            .unwrap();
        raw[10] ^= 1;
        p.checkpoint = Some(format!(
            "{head} {}\n",
            base64::engine::general_purpose::STANDARD.encode(raw)
        ));
        let mut path = good.clone();
        path.entries[0].inclusion_proof.as_mut().unwrap().hashes[1][0] ^= 1;
        for (what, b, id) in [
            ("body", body, "inclusion_proof"),
            ("checkpoint signature", sig, "checkpoint"),
            ("inclusion path", path, "inclusion_proof"),
        ] {
            let v = verify_bundle(&b, Some(&sha(&data)), &keys(&r), &r.authorities);
            assert!(!v.ok && !v.log_ok, "{what}");
            let failed: Vec<_> = v.entries[0]
                .checks
                .iter()
                .filter(|c| c.status == crate::checks::Status::Fail)
                .map(|c| c.id)
                .collect();
            assert!(failed.contains(&id), "{what}: {failed:?}");
        }
    }

    /// A v0.2 hashedrekord bundle (Rekor v1, inclusion proof, no SET): in the log, no time.
    #[test]
    fn v02_bundle_is_in_the_log_with_no_time_proven() {
        let b = Bundle::parse(&shared("bundle-v02.json")).unwrap();
        let r = root("trusted_root.prod.json");
        let Content::MessageSignature { digest, .. } = &b.content else {
            panic!("messageSignature");
        };
        let d: [u8; 32] = hex::decode(digest.as_ref().unwrap())
            .unwrap()
            .try_into()
            .unwrap();
        let v = verify_bundle(&b, Some(&d), &keys(&r), &r.authorities);
        assert!(v.ok, "{:#?}", v.entries[0].checks);
        assert!(v.times.is_empty());
    }

    /// intoto entries with a SET and no inclusion proof: SET only, kind not read; with an
    /// inclusion proof too, the log checks pass and the kind is reported unread.
    #[test]
    fn intoto_bundles_pass_the_log_checks_and_report_the_kind() {
        let r = root("trusted_root.prod.json");
        for (name, set_only) in [
            ("dsse.sigstore.json", true),
            ("bundle-provenance.json", true),
            ("bundle-public-key.json", false),
            ("sigstore.js@2.0.0-provenance.sigstore.json", false),
        ] {
            let b = Bundle::parse(&shared(name)).unwrap();
            let v = verify_bundle(&b, Some(&[0; 32]), &keys(&r), &[]);
            assert!(v.log_ok, "{name}: {:#?}", v.entries[0].checks);
            assert!(!v.ok, "{name}");
            assert_eq!(
                v.unsupported_kind.as_deref(),
                Some("intoto 0.0.2"),
                "{name}"
            );
            assert_eq!(v.entries[0].set_only, set_only, "{name}");
            assert_eq!(v.times.len(), 1, "{name}: the SET signs integratedTime");
            // Without the SET, a SET-only entry proves nothing.
            if set_only {
                let mut b = b.clone();
                b.entries[0].signed_entry_timestamp.as_mut().unwrap()[12] ^= 1;
                let v = verify_bundle(&b, None, &keys(&r), &[]);
                assert!(!v.log_ok && !v.entries[0].set_only, "{name}");
            }
        }
    }

    #[test]
    fn every_vector_bundle_parses() {
        for name in [
            "bundle-github-staging.json",
            "bundle-provenance.json",
            "bundle-public-key.json",
            "bundle-publish.json",
            "bundle-v02.json",
            "bundle-with-timestamp.json",
            "dsse-2sigs.sigstore.json",
            "dsse.sigstore.json",
            "othername.sigstore.json",
            "public-key-validity.sigstore.json",
            "sigstore.js@2.0.0-provenance.sigstore.json",
            "staging-rekor-v2.txt.sigstore.json",
        ] {
            let bytes = shared(name);
            assert!(is_bundle(&bytes), "{name}");
            Bundle::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
