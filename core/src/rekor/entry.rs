//! A Rekor log entry as the v1 API returns it (`GET /api/v1/log/entries/{uuid}` or
//! `?logIndex=N`: the `{uuid: entry}` object, a one-element list of it, or the bare entry),
//! decoded with every field checked and named in errors (a Sigstore bundle's entries, v1 and
//! v2, are read into the same form by [`super::bundle`]); its body (hashedrekord or rekord
//! 0.0.1, hashedrekord 0.0.2 of Rekor v2); and the hashedrekord entry `rekor upload` proposes
//! (spec §3.2 Level 2, Appendix B step 10).

use crate::hex;
use base64::Engine;
use serde::Serialize;
use std::fmt;

/// Longest inclusion proof accepted (a tree of 2^64 leaves needs 64 hashes).
pub const MAX_PROOF_HASHES: usize = 64;
/// Largest entry JSON accepted.
pub const MAX_ENTRY_BYTES: usize = 1 << 20;

/// A problem with the entry's form, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryError {
    /// The entry field, as a dotted path.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for EntryError {}

fn eerr<T>(field: &str, message: impl Into<String>) -> Result<T, EntryError> {
    Err(EntryError {
        field: field.into(),
        message: message.into(),
    })
}

/// RFC 6962 inclusion proof as Rekor returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InclusionProof {
    /// Index of the leaf in the (shard) tree the proof is for.
    pub log_index: u64,
    /// The size of the tree the proof leads to.
    pub tree_size: u64,
    /// The root hash the proof leads to.
    pub root_hash: [u8; 32],
    /// The audit path, leaf to root (RFC 6962 §2.1.1).
    pub hashes: Vec<[u8; 32]>,
    /// The signed checkpoint committing to `tree_size` and `root_hash`, as text.
    pub checkpoint: Option<String>,
}

/// A decoded log entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// The key the API returned the entry under, if it was given.
    pub uuid: Option<String>,
    /// The body as the base64 text in the entry (the SET signs this text).
    pub body_b64: String,
    /// The body bytes (canonical JSON of the proposed entry; the Merkle leaf).
    #[serde(skip)]
    pub body: Vec<u8>,
    /// The log's integratedTime (Unix seconds); Rekor v2 entries have none.
    pub integrated_time: Option<i64>,
    /// The log ID the entry names, hex.
    pub log_id: String,
    /// The global log index (what the SET signs).
    pub log_index: u64,
    /// The inclusion proof, when the entry carries one.
    pub inclusion_proof: Option<InclusionProof>,
    #[serde(skip)]
    /// The signed entry timestamp (SET), DER, when the entry carries one.
    pub signed_entry_timestamp: Option<Vec<u8>>,
}

/// The hashedrekord 0.0.1 entry `rekor upload` proposes (`POST /api/v1/log/entries`, Rekor
/// `pkg/types/hashedrekord/v0.0.1`): the stamped list's SHA-256, the submitter's signature
/// over the list (DER) and their public key (PEM), base64 as Rekor expects. Compact JSON.
pub fn hashedrekord_proposal(
    sha256: &[u8; 32],
    signature: &[u8],
    public_key_pem: &[u8],
) -> Vec<u8> {
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    let v = serde_json::json!({
        "apiVersion": "0.0.1",
        "kind": "hashedrekord",
        "spec": {
            "data": { "hash": { "algorithm": "sha256", "value": hex::encode(sha256) } },
            "signature": { "content": b64(signature), "publicKey": { "content": b64(public_key_pem) } },
        },
    });
    serde_json::to_vec(&v).expect("JSON of strings")
}

/// What the body says was logged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Body {
    /// The entry kind (e.g. `hashedrekord`).
    pub kind: String,
    /// The kind's apiVersion (e.g. `0.0.1`).
    pub api_version: String,
    /// The logged artifact's hash algorithm (e.g. `sha256`).
    pub hash_algorithm: String,
    /// The logged artifact's hash, hex.
    pub hash_value: String,
}

/// The kinds whose body [`LogEntry::parse_body`] reads (kind, apiVersion).
pub const KINDS_READ: &[(&str, &str)] = &[
    ("hashedrekord", "0.0.1"),
    ("rekord", "0.0.1"),
    ("hashedrekord", "0.0.2"),
];

fn b64(field: &str, s: &str) -> Result<Vec<u8>, EntryError> {
    base64::engine::general_purpose::STANDARD
        .decode(s)
        .or_else(|e| eerr(field, format!("bad base64 ({e})")))
}

fn hash32(field: &str, s: &str) -> Result<[u8; 32], EntryError> {
    match hex::decode(s) {
        Some(v) if v.len() == 32 => Ok(v.try_into().expect("32 bytes")),
        _ => eerr(field, "expected 64 hex digits"),
    }
}

fn get<'a>(o: &'a serde_json::Value, field: &str) -> Result<&'a serde_json::Value, EntryError> {
    o.get(field.rsplit('.').next().unwrap_or(field))
        .map_or_else(|| eerr(field, "missing"), Ok)
}

fn get_str<'a>(o: &'a serde_json::Value, field: &str) -> Result<&'a str, EntryError> {
    get(o, field)?
        .as_str()
        .map_or_else(|| eerr(field, "expected a string"), Ok)
}

fn get_u64(o: &serde_json::Value, field: &str) -> Result<u64, EntryError> {
    get(o, field)?
        .as_u64()
        .map_or_else(|| eerr(field, "expected a non-negative integer"), Ok)
}

/// How an inclusion proof's fields are written. The Rekor v1 API ([`API_PROOF`]): hashes in
/// hex, integers as JSON numbers, the checkpoint a string. A Sigstore bundle
/// (`super::bundle`): hashes in base64, 64-bit integers as protobuf JSON, the checkpoint
/// `{"envelope": …}`.
pub(super) struct ProofForm {
    /// One 32-byte hash from its text, the field named in errors.
    pub hash: fn(&str, &str) -> Result<[u8; 32], EntryError>,
    /// One non-negative integer.
    pub int: fn(&serde_json::Value, &str) -> Result<u64, EntryError>,
    /// The checkpoint (signed note text) when the proof has one; `None` for an absent one.
    pub checkpoint: fn(&serde_json::Value, &str) -> Result<Option<String>, EntryError>,
}

/// The Rekor v1 API's inclusion proof (`verification.inclusionProof` of an entry).
pub(super) const API_PROOF: ProofForm = ProofForm {
    hash: hash32,
    int: |v, field| {
        v.as_u64()
            .map_or_else(|| eerr(field, "expected a non-negative integer"), Ok)
    },
    checkpoint: |v, field| {
        v.as_str().map_or_else(
            || eerr(field, "expected a string"),
            |s| Ok(Some(s.to_string())),
        )
    },
};

impl InclusionProof {
    /// The inclusion proof `p` (the field `f`) written in `form`: at most
    /// [`MAX_PROOF_HASHES`] hashes; errors name the field.
    pub(super) fn read(
        p: &serde_json::Value,
        f: &str,
        form: &ProofForm,
    ) -> Result<InclusionProof, EntryError> {
        let field = |name: &str| format!("{f}.{name}");
        let member = |name: &str| {
            p.get(name)
                .map_or_else(|| eerr(&field(name), "missing"), Ok)
        };
        let hashes_v = member("hashes")?
            .as_array()
            .map_or_else(|| eerr(&field("hashes"), "expected an array"), Ok)?;
        if hashes_v.len() > MAX_PROOF_HASHES {
            return eerr(
                &field("hashes"),
                format!("{} hashes; at most {MAX_PROOF_HASHES}", hashes_v.len()),
            );
        }
        let hashes = hashes_v
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let hf = format!("{f}.hashes[{i}]");
                h.as_str()
                    .map_or_else(|| eerr(&hf, "expected a string"), |s| (form.hash)(&hf, s))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let checkpoint = match p.get("checkpoint") {
            None => None,
            Some(c) => (form.checkpoint)(c, &field("checkpoint"))?,
        };
        let log_index = (form.int)(member("logIndex")?, &field("logIndex"))?;
        let tree_size = (form.int)(member("treeSize")?, &field("treeSize"))?;
        let root_hash = member("rootHash")?
            .as_str()
            .map_or_else(|| eerr(&field("rootHash"), "expected a string"), Ok)?;
        Ok(InclusionProof {
            log_index,
            tree_size,
            root_hash: (form.hash)(&field("rootHash"), root_hash)?,
            hashes,
            checkpoint,
        })
    }
}

impl LogEntry {
    /// Parses the API JSON (`{uuid: entry}` or the entry itself).
    pub fn parse(json: &[u8]) -> Result<LogEntry, EntryError> {
        if json.len() > MAX_ENTRY_BYTES {
            return eerr(
                "entry",
                format!("{} bytes; at most {MAX_ENTRY_BYTES} accepted", json.len()),
            );
        }
        let v: serde_json::Value = serde_json::from_slice(json).or_else(|e| {
            eerr(
                "entry",
                format!("not JSON (line {}, column {}: {e})", e.line(), e.column()),
            )
        })?;
        // `POST /api/v1/log/entries/retrieve` answers with a list: accept one entry in it.
        let v = match v {
            serde_json::Value::Array(mut a) if a.len() == 1 => a.remove(0),
            v => v,
        };
        let obj = v
            .as_object()
            .map_or_else(|| eerr("entry", "expected a JSON object"), Ok)?;
        let (uuid, e) = if obj.contains_key("body") {
            (None, &v)
        } else if obj.len() == 1 {
            let (k, e) = obj.iter().next().expect("one member");
            (Some(k.clone()), e)
        } else {
            return eerr("entry", "expected an entry object or {uuid: entry}");
        };
        let body_b64 = get_str(e, "body")?.to_string();
        let body = b64("body", &body_b64)?;
        let integrated_time = Some(
            get(e, "integratedTime")?
                .as_i64()
                .map_or_else(|| eerr("integratedTime", "expected an integer"), Ok)?,
        );
        let log_id = get_str(e, "logID")?.to_string();
        let log_index = get_u64(e, "logIndex")?;
        let (mut inclusion_proof, mut signed_entry_timestamp) = (None, None);
        if let Some(ver) = e.get("verification") {
            if let Some(set) = ver.get("signedEntryTimestamp") {
                let s = set.as_str().map_or_else(
                    || eerr("verification.signedEntryTimestamp", "expected a string"),
                    Ok,
                )?;
                signed_entry_timestamp = Some(b64("verification.signedEntryTimestamp", s)?);
            }
            if let Some(p) = ver.get("inclusionProof") {
                inclusion_proof = Some(InclusionProof::read(
                    p,
                    "verification.inclusionProof",
                    &API_PROOF,
                )?);
            }
        }
        Ok(LogEntry {
            uuid,
            body_b64,
            body,
            integrated_time,
            log_id,
            log_index,
            inclusion_proof,
            signed_entry_timestamp,
        })
    }

    /// The RFC 6962 leaf hash of the body: SHA-256(0x00 || body).
    pub fn leaf_hash(&self) -> [u8; 32] {
        super::proof::leaf_hash(&self.body)
    }

    /// The body's kind and apiVersion, whether or not the kind is read.
    pub fn body_kind(&self) -> Result<(String, String), EntryError> {
        let v: serde_json::Value = serde_json::from_slice(&self.body)
            .or_else(|e| eerr("body", format!("decoded body is not JSON ({e})")))?;
        Ok((
            get_str(&v, "body.kind")?.to_string(),
            get_str(&v, "body.apiVersion")?.to_string(),
        ))
    }

    /// Decodes the body: hashedrekord or rekord 0.0.1 (Rekor v1), hashedrekord 0.0.2
    /// (Rekor v2: `spec.hashedRekordV002.data`, the digest in base64, read as hex here).
    pub fn parse_body(&self) -> Result<Body, EntryError> {
        let v: serde_json::Value = serde_json::from_slice(&self.body)
            .or_else(|e| eerr("body", format!("decoded body is not JSON ({e})")))?;
        let kind = get_str(&v, "body.kind")?.to_string();
        let api_version = get_str(&v, "body.apiVersion")?.to_string();
        if !KINDS_READ.contains(&(kind.as_str(), api_version.as_str())) {
            return eerr(
                "body.kind",
                format!("{kind} {api_version} is not a kind this verifier reads"),
            );
        }
        let spec = get(&v, "body.spec")?;
        if api_version == "0.0.2" {
            let f = "body.spec.hashedRekordV002.data";
            let data = get(get(spec, "body.spec.hashedRekordV002")?, f)?;
            let alg = get_str(data, &format!("{f}.algorithm"))?;
            let digest = b64(
                &format!("{f}.digest"),
                get_str(data, &format!("{f}.digest"))?,
            )?;
            return Ok(Body {
                kind,
                api_version,
                hash_algorithm: match alg {
                    "SHA2_256" => "sha256".into(),
                    other => other.to_string(),
                },
                hash_value: hex::encode(&digest),
            });
        }
        let data = get(spec, "body.spec.data")?;
        let hash = get(data, "body.spec.data.hash")?;
        Ok(Body {
            kind,
            api_version,
            hash_algorithm: get_str(hash, "body.spec.data.hash.algorithm")?.to_string(),
            hash_value: get_str(hash, "body.spec.data.hash.value")?.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_entries_name_the_field() {
        assert_eq!(LogEntry::parse(b"[]").unwrap_err().field, "entry");
        assert_eq!(
            LogEntry::parse(br#"{"body":"@@"}"#).unwrap_err().field,
            "body"
        );
        let e =
            LogEntry::parse(br#"{"body":"e30=","integratedTime":1,"logID":"00","logIndex":-1}"#)
                .unwrap_err();
        assert_eq!(e.field, "logIndex");
        let e = LogEntry::parse(
            br#"{"body":"e30=","integratedTime":1,"logID":"00","logIndex":1,"verification":{"inclusionProof":{"hashes":["zz"],"logIndex":0,"treeSize":1,"rootHash":"00"}}}"#,
        )
        .unwrap_err();
        assert_eq!(e.field, "verification.inclusionProof.hashes[0]");
    }
}
