//! An entry checked against the stamped list and the log's key (spec §3.2 Level 2, §3.11
//! requirement 3, Appendix B step 10): every check listed with its result, and whether
//! integratedTime is signed.

use super::checkpoint::{check_checkpoint, Checkpoint};
use super::entry::{Body, EntryError, LogEntry};
use super::key::LogKey;
use super::proof::check_inclusion;
use super::set::check_set;
use crate::checks::{Check, CheckMsg, Checks, Status};
use crate::hex;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// Check ids.
pub mod check {
    /// The body is a readable entry body.
    pub const BODY: &str = "body";
    /// The body logs the given file's hash.
    pub const BODY_HASH: &str = "body_hash";
    /// The UUID the entry was returned under ends with its body's leaf hash.
    pub const ENTRY_UUID: &str = "entry_uuid";
    /// The entry's log ID is the reader's key's.
    pub const LOG_ID: &str = "log_id";
    /// The RFC 6962 inclusion proof leads from the body to the root.
    pub const INCLUSION: &str = "inclusion_proof";
    /// The checkpoint is signed by the log's key and commits to the proof's root.
    pub const CHECKPOINT: &str = "checkpoint";
    /// The signed entry timestamp verifies under the log's key.
    pub const SET: &str = "signed_entry_timestamp";
    /// A trusted root's `validFor` window of the log key or the time-stamp authority.
    pub const VALID_FOR: &str = "valid_for";
}

/// The verdict on one entry.
#[derive(Debug, Clone, Serialize)]
pub struct EntryVerdict {
    /// The entry is in the log and logs the given file: body, log ID, inclusion proof and
    /// checkpoint verify (or, SET only, the SET verifies), the SET too when the entry carries
    /// one, and the body's kind is one this verifier reads when a file was given.
    pub ok: bool,
    /// Every log check passed (everything but what the body says was logged).
    pub log_ok: bool,
    /// The body's kind and apiVersion when it is one this verifier does not read (`intoto`,
    /// `dsse`, ...): the log checks are reported, the file is not checked against it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsupported_kind: Option<String>,
    /// SET only: the entry has a verified signed entry timestamp and no inclusion proof; the
    /// log promised inclusion, nothing proves it.
    pub set_only: bool,
    /// integratedTime (Unix seconds): from then on the list is public (spec §3.11), when
    /// `integrated_time_signed`. Rekor v2 entries have none.
    pub integrated_time: Option<i64>,
    /// `integrated_time` as RFC 3339 UTC.
    pub integrated_time_iso: Option<String>,
    /// True when a verified SET signs integratedTime; false when the entry has no SET (the
    /// time is the log's unsigned word and no time is established from it) or it failed.
    pub integrated_time_signed: bool,
    /// The entry's global log index.
    pub log_index: u64,
    /// What the body says was logged, when it is readable.
    pub body: Option<Body>,
    /// Every check made, in order.
    pub checks: Vec<Check>,
}

impl crate::checks::Report for EntryVerdict {
    fn checks(&self) -> &[Check] {
        &self.checks
    }
}

/// Verifies an entry against the stamped list's SHA-256 (if given) and the log's key; the
/// checks run in a fixed order.
pub fn verify(entry: &LogEntry, expected_sha256: Option<&[u8; 32]>, key: &LogKey) -> EntryVerdict {
    let mut c = Checks::default();
    let body = entry.parse_body();
    // A body of a kind not read: the log checks still run on its bytes.
    let unsupported_kind = match (&body, entry.body_kind()) {
        (Err(e), Ok((kind, version))) if e.field == "body.kind" => {
            Some(format!("{kind} {version}"))
        }
        _ => None,
    };
    match (&body, &unsupported_kind) {
        (Ok(b), _) => c.push(
            check::BODY,
            Status::Pass,
            CheckMsg::BodyOk {
                kind: b.kind.clone(),
                version: b.api_version.clone(),
            },
        ),
        (Err(_), Some(kind)) => c.push(
            check::BODY,
            Status::Skip,
            CheckMsg::KindNotRead { kind: kind.clone() },
        ),
        (Err(e), None) => c.push(
            check::BODY,
            Status::Fail,
            CheckMsg::BodyUnreadable {
                detail: e.to_string(),
            },
        ),
    }
    match &unsupported_kind {
        Some(kind) if expected_sha256.is_some() => c.push(
            check::BODY_HASH,
            Status::Skip,
            CheckMsg::KindNotRead { kind: kind.clone() },
        ),
        _ => check_body_hash(&mut c, expected_sha256, &body),
    }
    let leaf = entry.leaf_hash();
    check_uuid(&mut c, entry.uuid.as_deref(), &leaf);
    c.result(check::LOG_ID, check_log_id(entry, key));
    let set = entry
        .signed_entry_timestamp
        .as_ref()
        .map(|sig| check_set(entry, sig, key));
    let mut set_only = false;
    match &entry.inclusion_proof {
        None => {
            if let Some(Ok(_)) = &set {
                // cosign's older offline bundles: the log's promise, no proof.
                set_only = true;
                c.push(
                    check::INCLUSION,
                    Status::Warn,
                    CheckMsg::InclusionPromised {
                        index: entry.log_index,
                    },
                );
                c.push(check::CHECKPOINT, Status::Skip, CheckMsg::NoInclusionProof);
            } else {
                c.push(check::INCLUSION, Status::Fail, CheckMsg::NoInclusionProof);
                c.push(check::CHECKPOINT, Status::Fail, CheckMsg::NoInclusionProof);
            }
        }
        Some(p) => {
            c.result(check::INCLUSION, check_inclusion(p, &leaf));
            c.result(check::CHECKPOINT, check_checkpoint(p, key));
        }
    }
    let integrated_time_iso = entry
        .integrated_time
        .map(|t| crate::pki::der::Time::from_unix(t).to_iso());
    match (set, &integrated_time_iso) {
        // Rekor v2: no integratedTime, no SET; a time comes only from an RFC 3161 token.
        (None, None) => c.push(check::SET, Status::Skip, CheckMsg::NoIntegratedTime),
        // Without a SET the checkpoint alone proves inclusion; the time is not signed.
        (None, Some(time)) => c.push(
            check::SET,
            Status::Skip,
            CheckMsg::SetAbsent { time: time.clone() },
        ),
        (Some(r), _) => c.result(check::SET, r),
    }

    let log_ok = c.none_failed_except(&[check::BODY_HASH]);
    let ok = c.none_failed_except(&[]) && (unsupported_kind.is_none() || expected_sha256.is_none());
    let integrated_time_signed =
        c.0.iter()
            .any(|x| x.id == check::SET && x.status == Status::Pass);
    EntryVerdict {
        ok,
        log_ok,
        unsupported_kind,
        set_only,
        integrated_time: entry.integrated_time,
        integrated_time_iso,
        integrated_time_signed,
        log_index: entry.log_index,
        body: body.ok(),
        checks: c.0,
    }
}

/// The body names the stamped list's SHA-256, when the reader gave the list.
fn check_body_hash(
    c: &mut Checks,
    expected_sha256: Option<&[u8; 32]>,
    body: &Result<Body, EntryError>,
) {
    match (expected_sha256, body) {
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
}

/// The UUID the API returned the entry under ends with its leaf hash, when one was given.
fn check_uuid(c: &mut Checks, uuid: Option<&str>, leaf: &[u8; 32]) {
    let Some(u) = uuid else {
        c.push(check::ENTRY_UUID, Status::Skip, CheckMsg::UuidAbsent);
        return;
    };
    let lh = hex::encode(leaf);
    c.result(
        check::ENTRY_UUID,
        if u.len() >= 64 && u.as_bytes()[u.len() - 64..].eq_ignore_ascii_case(lh.as_bytes()) {
            Ok(CheckMsg::UuidOk { leaf: lh })
        } else {
            Err(CheckMsg::UuidDiffers {
                uuid: u.to_string(),
                leaf: lh,
            })
        },
    );
}

/// The entry's log ID is the reader's key's: the SHA-256 of a v1 key; for an Ed25519 (v2)
/// key the ID a trusted root states, or else the C2SP note key ID under the checkpoint's
/// origin (the log's name).
fn check_log_id(entry: &LogEntry, key: &LogKey) -> Result<CheckMsg, CheckMsg> {
    let origin = entry
        .inclusion_proof
        .as_ref()
        .and_then(|p| p.checkpoint.as_deref())
        .and_then(|t| Checkpoint::parse(t).ok())
        .map(|cp| cp.origin);
    let id = if key.is_ed25519() && !key.log_id_stated {
        match origin.as_deref().and_then(|o| key.note_key_id(o)) {
            Some(id) => id,
            None => key.log_id,
        }
    } else {
        key.log_id
    };
    let kid = hex::encode(&id);
    if entry.log_id.eq_ignore_ascii_case(&kid) {
        // A Rekor v2 (Ed25519) log's ID is its C2SP signed-note key ID under its name.
        match origin.filter(|o| key.note_key_id(o) == Some(id)) {
            Some(origin) => Ok(CheckMsg::LogIdNoteKeyOk { id: kid, origin }),
            None => Ok(CheckMsg::LogIdOk { id: kid }),
        }
    } else {
        Err(CheckMsg::LogIdDiffers {
            entry: entry.log_id.clone(),
            key: kid,
        })
    }
}

/// Verifies a Rekor entry file (`<list>.rekor.json`, the API's JSON) given as bytes for the
/// stamped `data`, with the log's public key file (PEM or DER); errors name the file.
pub fn verify_bytes(
    entry_name: &str,
    entry_json: &[u8],
    data: &[u8],
    key_name: &str,
    key: &[u8],
) -> Result<EntryVerdict, String> {
    let key = LogKey::parse(key).map_err(|e| format!("{key_name}: {e}"))?;
    let entry = LogEntry::parse(entry_json).map_err(|e| format!("{entry_name}: {e}"))?;
    let digest: [u8; 32] = Sha256::digest(data).into();
    Ok(verify(&entry, Some(&digest), &key))
}
