//! Sigstore Rekor v1 log entries (spec seed 000 §3.2 Level 2, §3.11 requirement 3,
//! Appendix B step 10): the entry body names the stamped list's SHA-256, the RFC 6962 / RFC 9162
//! inclusion proof leads to the root, the checkpoint (a signed note) signed by the log's key
//! commits to that root and tree size, and the signed entry timestamp (SET) signs the entry's
//! canonical payload. integratedTime is the time from which the list is public to everyone.
//!
//! An entry without a SET (production Rekor returns such entries; sigstore bundles v0.2+ carry
//! them) is still in the log when its inclusion proof and signed checkpoint verify (Level 2),
//! but its integratedTime is unsigned and establishes no time, as sigstore's own verifiers
//! treat it.
//!
//! Input is the JSON the Rekor API returns for `GET /api/v1/log/entries/{uuid}` or
//! `?logIndex=N`: the `{uuid: entry}` object, a one-element list of it, or the bare entry.

use crate::book::canon;
use crate::checks::{Check, CheckMsg, Checks, Status};
use crate::hex;
use crate::pki::signature::{self, HashAlg, PublicKey, Scheme, SigError};
use base64::Engine;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;

/// Longest inclusion proof accepted (a tree of 2^64 leaves needs 64 hashes).
pub const MAX_PROOF_HASHES: usize = 64;
/// Largest entry JSON accepted.
pub const MAX_ENTRY_BYTES: usize = 1 << 20;

/// A problem with the entry's form, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryError {
    pub field: String,
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
    pub tree_size: u64,
    pub root_hash: [u8; 32],
    pub hashes: Vec<[u8; 32]>,
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
    pub integrated_time: i64,
    pub log_id: String,
    /// The global log index (what the SET signs).
    pub log_index: u64,
    pub inclusion_proof: Option<InclusionProof>,
    #[serde(skip)]
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
    pub kind: String,
    pub api_version: String,
    pub hash_algorithm: String,
    pub hash_value: String,
}

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
        let integrated_time = get(e, "integratedTime")?
            .as_i64()
            .map_or_else(|| eerr("integratedTime", "expected an integer"), Ok)?;
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
                let f = "verification.inclusionProof";
                let hashes_v = get(p, &format!("{f}.hashes"))?
                    .as_array()
                    .map_or_else(|| eerr(&format!("{f}.hashes"), "expected an array"), Ok)?;
                if hashes_v.len() > MAX_PROOF_HASHES {
                    return eerr(
                        &format!("{f}.hashes"),
                        format!("{} hashes; at most {MAX_PROOF_HASHES}", hashes_v.len()),
                    );
                }
                let hashes = hashes_v
                    .iter()
                    .enumerate()
                    .map(|(i, h)| {
                        let field = format!("{f}.hashes[{i}]");
                        h.as_str().map_or_else(
                            || eerr(&field, "expected a string"),
                            |s| hash32(&field, s),
                        )
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let checkpoint = match p.get("checkpoint") {
                    None => None,
                    Some(c) => Some(
                        c.as_str()
                            .map_or_else(
                                || eerr(&format!("{f}.checkpoint"), "expected a string"),
                                Ok,
                            )?
                            .to_string(),
                    ),
                };
                inclusion_proof = Some(InclusionProof {
                    log_index: get_u64(p, &format!("{f}.logIndex"))?,
                    tree_size: get_u64(p, &format!("{f}.treeSize"))?,
                    root_hash: hash32(
                        &format!("{f}.rootHash"),
                        get_str(p, &format!("{f}.rootHash"))?,
                    )?,
                    hashes,
                    checkpoint,
                });
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
        leaf_hash(&self.body)
    }

    /// Decodes the body (hashedrekord or rekord, version 0.0.1).
    pub fn parse_body(&self) -> Result<Body, EntryError> {
        let v: serde_json::Value = serde_json::from_slice(&self.body)
            .or_else(|e| eerr("body", format!("decoded body is not JSON ({e})")))?;
        let kind = get_str(&v, "body.kind")?.to_string();
        let api_version = get_str(&v, "body.apiVersion")?.to_string();
        if kind != "hashedrekord" && kind != "rekord" {
            return eerr(
                "body.kind",
                format!("{kind:?} is not hashedrekord or rekord"),
            );
        }
        let spec = get(&v, "body.spec")?;
        let data = get(spec, "body.spec.data")?;
        let hash = get(data, "body.spec.data.hash")?;
        Ok(Body {
            kind,
            api_version,
            hash_algorithm: get_str(hash, "body.spec.data.hash.algorithm")?.to_string(),
            hash_value: get_str(hash, "body.spec.data.hash.value")?.to_string(),
        })
    }

    /// The payload the SET signs: RFC 8785 canonical JSON of body, integratedTime, logID and
    /// logIndex (Rekor `pkg/verify` VerifySET: `jsoncanonicalizer.Transform` of the marshalled
    /// payload). For these member names, integers and strings the canonical form is the
    /// compact, key-sorted, non-ASCII-preserving JSON `canon` writes.
    pub fn set_payload(&self) -> Vec<u8> {
        let o = canon::Object::from_members(vec![
            (
                "body".into(),
                canon::Value::Str(self.body_b64.as_str().into()),
            ),
            (
                "integratedTime".into(),
                canon::Value::Int(self.integrated_time.into()),
            ),
            (
                "logID".into(),
                canon::Value::Str(self.log_id.as_str().into()),
            ),
            (
                "logIndex".into(),
                canon::Value::Int(canon::Int::from(self.log_index as i64)),
            ),
        ]);
        canon::to_bytes(&canon::Value::Object(o), canon::DumpOptions::COMPACT_UTF8)
            .expect("strings from JSON are valid")
    }
}

pub fn leaf_hash(data: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(data);
    h.finalize().into()
}

fn node_hash(l: &[u8; 32], r: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(l);
    h.update(r);
    h.finalize().into()
}

/// The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or why it cannot.
pub fn root_from_inclusion_proof(
    index: u64,
    tree_size: u64,
    leaf: &[u8; 32],
    proof: &[[u8; 32]],
) -> Result<[u8; 32], CheckMsg> {
    if index >= tree_size {
        return Err(CheckMsg::LeafIndexTooLarge {
            index,
            size: tree_size,
        });
    }
    let (mut f_n, mut s_n) = (index, tree_size - 1);
    let mut r = *leaf;
    for p in proof {
        if s_n == 0 {
            return Err(CheckMsg::ProofTooLong);
        }
        if f_n & 1 == 1 || f_n == s_n {
            r = node_hash(p, &r);
            if f_n & 1 == 0 {
                while f_n & 1 == 0 && f_n != 0 {
                    f_n >>= 1;
                    s_n >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        f_n >>= 1;
        s_n >>= 1;
    }
    if s_n != 0 {
        return Err(CheckMsg::ProofTooShort);
    }
    Ok(r)
}

/// A checkpoint: a signed note (transparency-dev `log` checkpoint format) with its body
/// lines (origin, tree size, base64 root hash, optional extension lines) and signatures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Checkpoint {
    pub origin: String,
    pub tree_size: u64,
    pub root_hash: [u8; 32],
    /// The signed text: every body line with its newline.
    pub signed_text: String,
    /// (signer name, key hint, signature bytes)
    pub signatures: Vec<(String, [u8; 4], Vec<u8>)>,
}

impl Checkpoint {
    pub fn parse(text: &str) -> Result<Checkpoint, String> {
        let split = text
            .find("\n\n")
            .ok_or("no blank line between note text and signatures")?;
        let signed_text = &text[..split + 1];
        let mut lines = signed_text.lines();
        let origin = lines
            .next()
            .filter(|l| !l.is_empty())
            .ok_or("missing origin line")?
            .to_string();
        let tree_size = lines
            .next()
            .and_then(|l| l.parse::<u64>().ok())
            .ok_or("second line is not a tree size")?;
        let root = lines.next().ok_or("missing root hash line")?;
        let root = base64::engine::general_purpose::STANDARD
            .decode(root)
            .map_err(|_| "root hash line is not base64")?;
        let root_hash: [u8; 32] = root.try_into().map_err(|_| "root hash is not 32 bytes")?;
        let mut signatures = Vec::new();
        for line in text[split + 2..].lines().filter(|l| !l.is_empty()) {
            let rest = line
                .strip_prefix("\u{2014} ")
                .ok_or_else(|| format!("signature line {line:?} does not start with an em dash"))?;
            let (name, sig) = rest
                .rsplit_once(' ')
                .ok_or("signature line without name and signature")?;
            let sig = base64::engine::general_purpose::STANDARD
                .decode(sig)
                .map_err(|_| "signature is not base64")?;
            if sig.len() < 5 {
                return Err("signature too short".into());
            }
            if signatures.len() >= 16 {
                return Err("too many signatures".into());
            }
            signatures.push((
                name.to_string(),
                sig[..4].try_into().expect("4 bytes"),
                sig[4..].to_vec(),
            ));
        }
        Ok(Checkpoint {
            origin,
            tree_size,
            root_hash,
            signed_text: signed_text.to_string(),
            signatures,
        })
    }
}

/// The log's public key as the reader supplied it.
#[derive(Debug, Clone)]
pub struct LogKey {
    pub key: PublicKey,
    /// SHA-256 of the SubjectPublicKeyInfo DER: Rekor's log ID.
    pub log_id: [u8; 32],
}

impl LogKey {
    /// From PEM (`-----BEGIN PUBLIC KEY-----`) or DER SubjectPublicKeyInfo.
    pub fn parse(input: &[u8]) -> Result<LogKey, String> {
        let der = if input.starts_with(&[0x30]) {
            input.to_vec()
        } else {
            let mut b = crate::pki::x509::pem_blocks(input, "PUBLIC KEY")?;
            if b.len() != 1 {
                return Err(format!("{} PUBLIC KEY blocks; expected one", b.len()));
            }
            b.remove(0)
        };
        let key = PublicKey::from_spki_der(&der)?;
        Ok(LogKey {
            key,
            log_id: Sha256::digest(&der).into(),
        })
    }

    /// Rekor signs SHA-256 digests: ECDSA with SHA-256, or RSA PKCS#1 v1.5 with SHA-256.
    fn verify(&self, message: &[u8], sig: &[u8]) -> Result<(), SigError> {
        let scheme = match self.key {
            PublicKey::Rsa(_) => Scheme::RsaPkcs1v15(HashAlg::Sha256),
            _ => Scheme::Ecdsa(HashAlg::Sha256),
        };
        signature::verify(&self.key, scheme, message, sig)
    }
}

/// Check ids.
pub mod check {
    pub const BODY: &str = "body";
    pub const BODY_HASH: &str = "body_hash";
    pub const ENTRY_UUID: &str = "entry_uuid";
    pub const LOG_ID: &str = "log_id";
    pub const INCLUSION: &str = "inclusion_proof";
    pub const CHECKPOINT: &str = "checkpoint";
    pub const SET: &str = "signed_entry_timestamp";
}

/// The verdict on one entry.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    /// The entry is in the log: body, log ID, inclusion proof and checkpoint verify, and the
    /// SET too when the entry carries one.
    pub ok: bool,
    /// integratedTime (Unix seconds): from then on the list is public (spec §3.11), when
    /// `integrated_time_signed`.
    pub integrated_time: i64,
    pub integrated_time_iso: String,
    /// True when a verified SET signs integratedTime; false when the entry has no SET (the
    /// time is the log's unsigned word and no time is established from it) or it failed.
    pub integrated_time_signed: bool,
    pub log_index: u64,
    pub body: Option<Body>,
    pub checks: Vec<Check>,
}

impl crate::checks::Report for Verdict {
    fn checks(&self) -> &[Check] {
        &self.checks
    }
}

/// Verifies an entry against the stamped list's SHA-256 (if given) and the log's key.
pub fn verify(entry: &LogEntry, expected_sha256: Option<&[u8; 32]>, key: &LogKey) -> Verdict {
    let mut c = Checks::default();
    let body = entry.parse_body();
    c.result(
        check::BODY,
        body.as_ref()
            .map(|b| CheckMsg::BodyOk {
                kind: b.kind.clone(),
                version: b.api_version.clone(),
            })
            .map_err(|e| CheckMsg::BodyUnreadable {
                detail: e.to_string(),
            }),
    );
    match (expected_sha256, &body) {
        (None, _) => c.push(check::BODY_HASH, Status::Skip, CheckMsg::NoDataGiven),
        (Some(_), Err(_)) => c.push(check::BODY_HASH, Status::Fail, CheckMsg::BodyHashUnreadable),
        (Some(want), Ok(b)) => {
            let w = hex::encode(want);
            c.result(
                check::BODY_HASH,
                if b.hash_algorithm != "sha256" {
                    Err(CheckMsg::BodyHashAlg {
                        alg: b.hash_algorithm.clone(),
                    })
                } else if b.hash_value.to_ascii_lowercase() == w {
                    Ok(CheckMsg::BodyHashOk { digest: w })
                } else {
                    Err(CheckMsg::BodyHashDiffers {
                        body: b.hash_value.clone(),
                        data: w,
                    })
                },
            );
        }
    }
    let leaf = entry.leaf_hash();
    match &entry.uuid {
        None => c.push(check::ENTRY_UUID, Status::Skip, CheckMsg::UuidAbsent),
        Some(u) => {
            let lh = hex::encode(&leaf);
            c.result(
                check::ENTRY_UUID,
                if u.len() >= 64 && u.as_bytes()[u.len() - 64..].eq_ignore_ascii_case(lh.as_bytes())
                {
                    Ok(CheckMsg::UuidOk { leaf: lh })
                } else {
                    Err(CheckMsg::UuidDiffers {
                        uuid: u.clone(),
                        leaf: lh,
                    })
                },
            );
        }
    }
    let kid = hex::encode(&key.log_id);
    c.result(
        check::LOG_ID,
        if entry.log_id.eq_ignore_ascii_case(&kid) {
            Ok(CheckMsg::LogIdOk { id: kid })
        } else {
            Err(CheckMsg::LogIdDiffers {
                entry: entry.log_id.clone(),
                key: kid,
            })
        },
    );

    match &entry.inclusion_proof {
        None => {
            c.push(check::INCLUSION, Status::Fail, CheckMsg::NoInclusionProof);
            c.push(check::CHECKPOINT, Status::Fail, CheckMsg::NoInclusionProof);
        }
        Some(p) => {
            let r = root_from_inclusion_proof(p.log_index, p.tree_size, &leaf, &p.hashes).and_then(
                |root| {
                    if root == p.root_hash {
                        Ok(CheckMsg::InclusionOk {
                            index: p.log_index,
                            size: p.tree_size,
                            hashes: p.hashes.len(),
                            root: hex::encode(&root),
                        })
                    } else {
                        Err(CheckMsg::InclusionDiffers {
                            reached: hex::encode(&root),
                            claimed: hex::encode(&p.root_hash),
                        })
                    }
                },
            );
            c.result(check::INCLUSION, r);
            c.result(check::CHECKPOINT, verify_checkpoint(p, key));
        }
    }

    let integrated_time_iso = crate::pki::der::Time::from_unix(entry.integrated_time).to_iso();
    match &entry.signed_entry_timestamp {
        // Without a SET the checkpoint alone proves inclusion; the time is not signed.
        None => c.push(
            check::SET,
            Status::Skip,
            CheckMsg::SetAbsent {
                time: integrated_time_iso.clone(),
            },
        ),
        Some(sig) => c.result(
            check::SET,
            key.verify(&entry.set_payload(), sig)
                .map(|()| CheckMsg::SetOk {
                    time: entry.integrated_time,
                    index: entry.log_index,
                })
                .map_err(CheckMsg::Set),
        ),
    }

    let ok = c.none_failed_except(&[]);
    let integrated_time_signed =
        c.0.iter()
            .any(|x| x.id == check::SET && x.status == Status::Pass);
    Verdict {
        ok,
        integrated_time: entry.integrated_time,
        integrated_time_iso,
        integrated_time_signed,
        log_index: entry.log_index,
        body: body.ok(),
        checks: c.0,
    }
}

fn verify_checkpoint(p: &InclusionProof, key: &LogKey) -> Result<CheckMsg, CheckMsg> {
    let text = p.checkpoint.as_deref().ok_or(CheckMsg::NoCheckpoint)?;
    let cp = Checkpoint::parse(text).map_err(|detail| CheckMsg::CheckpointUnreadable { detail })?;
    let hint: [u8; 4] = key.log_id[..4].try_into().expect("4 bytes");
    let sig = cp.signatures.iter().find(|s| s.1 == hint).ok_or_else(|| {
        CheckMsg::NoCheckpointSignature {
            hint: hex::encode(&hint),
        }
    })?;
    key.verify(cp.signed_text.as_bytes(), &sig.2)
        .map_err(|error| CheckMsg::CheckpointSignature {
            signer: sig.0.clone(),
            error,
        })?;
    if cp.tree_size != p.tree_size {
        return Err(CheckMsg::CheckpointSizeDiffers {
            checkpoint: cp.tree_size,
            proof: p.tree_size,
        });
    }
    if cp.root_hash != p.root_hash {
        return Err(CheckMsg::CheckpointRootDiffers {
            checkpoint: hex::encode(&cp.root_hash),
            proof: hex::encode(&p.root_hash),
        });
    }
    Ok(CheckMsg::CheckpointOk {
        origin: cp.origin,
        size: cp.tree_size,
    })
}

/// Verifies a Rekor entry file (`<list>.rekor.json`, the API's JSON) given as bytes for the
/// stamped `data`, with the log's public key file (PEM or DER); errors name the file.
pub fn verify_bytes(
    entry_name: &str,
    entry_json: &[u8],
    data: &[u8],
    key_name: &str,
    key: &[u8],
) -> Result<Verdict, String> {
    let key = LogKey::parse(key).map_err(|e| format!("{key_name}: {e}"))?;
    let entry = LogEntry::parse(entry_json).map_err(|e| format!("{entry_name}: {e}"))?;
    let digest: [u8; 32] = Sha256::digest(data).into();
    Ok(verify(&entry, Some(&digest), &key))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6962 tree over leaves 0..n by the recursive definition (§2.1), for cross-checking.
    fn mth(leaves: &[[u8; 32]]) -> [u8; 32] {
        if leaves.len() == 1 {
            return leaves[0];
        }
        let k = leaves.len().next_power_of_two() / 2;
        node_hash(&mth(&leaves[..k]), &mth(&leaves[k..]))
    }

    fn path(m: usize, leaves: &[[u8; 32]]) -> Vec<[u8; 32]> {
        if leaves.len() == 1 {
            return vec![];
        }
        let k = leaves.len().next_power_of_two() / 2;
        if m < k {
            let mut p = path(m, &leaves[..k]);
            p.push(mth(&leaves[k..]));
            p
        } else {
            let mut p = path(m - k, &leaves[k..]);
            p.push(mth(&leaves[..k]));
            p
        }
    }

    #[test]
    fn inclusion_proofs_match_the_recursive_definition() {
        for n in 1..40usize {
            let leaves: Vec<[u8; 32]> = (0..n).map(|i| leaf_hash(&[i as u8])).collect();
            let root = mth(&leaves);
            for m in 0..n {
                let p = path(m, &leaves);
                assert_eq!(
                    root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &p).unwrap(),
                    root,
                    "n={n} m={m}"
                );
                if !p.is_empty() {
                    let mut bad = p.clone();
                    bad[0][0] ^= 1;
                    assert_ne!(
                        root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &bad).ok(),
                        Some(root)
                    );
                    assert!(root_from_inclusion_proof(
                        m as u64,
                        n as u64,
                        &leaves[m],
                        &p[..p.len() - 1]
                    )
                    .is_err());
                }
                let mut long = p.clone();
                long.push([0; 32]);
                assert!(root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &long).is_err());
            }
        }
        assert!(root_from_inclusion_proof(5, 5, &[0; 32], &[]).is_err());
    }

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

    #[test]
    fn set_payload_is_canonical_json() {
        let e = LogEntry::parse(br#"{"body":"e30=","integratedTime":7,"logID":"ab","logIndex":3}"#)
            .unwrap();
        assert_eq!(
            e.set_payload(),
            br#"{"body":"e30=","integratedTime":7,"logID":"ab","logIndex":3}"#
        );
    }

    #[test]
    fn checkpoint_parse_errors() {
        assert!(Checkpoint::parse("origin\n1\n").is_err());
        assert!(Checkpoint::parse("origin\nx\nAAAA\n\n").is_err());
        let root = base64::engine::general_purpose::STANDARD.encode([7u8; 32]);
        let cp = Checkpoint::parse(&format!("o\n5\n{root}\n\n\u{2014} o AAAAAAA=\n")).unwrap();
        assert_eq!(
            (cp.tree_size, cp.root_hash, cp.signatures.len()),
            (5, [7u8; 32], 1)
        );
    }
}
