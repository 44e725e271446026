//! One `.ots` proof checked for one stamped file (Appendix B step 6; spec §3.11 P1a and the
//! trust ladder of §3.12): the digest comparison, the Bitcoin verdict against the supplied
//! headers and, when a reader gives only a merkle root, a clearly labelled weaker match. The
//! CLI's `sealbook ots verify` prints this report and the verifier page can show the same one
//! (it serializes and deserializes, so it can cross from the page's worker).

use super::bitcoin::LabelledHeader;
use super::detached::DetachedTimestampFile;
use super::evaluate::{attestations, AttestationPath, EvalError};
use super::verify::{match_merkle_root, verify_bitcoin, OtsVerdict, RootOrder};
use crate::hex;
use serde::{Deserialize, Serialize};

/// A merkle root typed by a reader compared with the proof's Bitcoin commitments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootMatch {
    /// Always false: a bare root is not a header whose proof of work was checked.
    pub level_2: bool,
    /// Whether some Bitcoin commitment of the proof equals the root typed.
    pub matched: bool,
    /// The height of the attestation it matched.
    pub height: Option<u64>,
    /// The byte order in which it matched.
    pub order: Option<RootOrder>,
    /// The outcome in words.
    pub message: String,
}

/// The whole result for one proof and one stamped file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofReport {
    /// True only at Level 2: the digest matches and a Bitcoin attestation is confirmed by a
    /// supplied header with valid proof of work.
    pub ok: bool,
    /// The proof's file-hash operation (`sha256`, ...).
    pub file_hash_op: String,
    /// The digest the proof stamps (hex).
    pub file_digest: String,
    /// The digest of the stamped file as given (hex).
    pub target_digest: String,
    /// Whether the two digests are equal: the proof is about this file.
    pub digest_matches: bool,
    /// Absent when the digest does not match (nothing else is checked then).
    pub verdict: Option<OtsVerdict>,
    /// Present when the reader gave a merkle root.
    pub merkle_root: Option<RootMatch>,
}

/// Checks `file` for the stamped file whose digest (under the proof's file-hash operation;
/// see [`DetachedTimestampFile::hash_target`]) is `target_digest`, against `headers` (a set,
/// in any order and runs, with the heights the reader labelled; may be empty; see
/// [`verify_bitcoin`]) and optionally a bare merkle root in hex.
pub fn check_proof(
    file: &DetachedTimestampFile,
    target_digest: &[u8],
    headers: &[LabelledHeader],
    merkle_root: Option<&str>,
) -> Result<ProofReport, EvalError> {
    let digest_matches = target_digest == file.file_digest();
    let (verdict, merkle_root) = if digest_matches {
        let verdict = verify_bitcoin(&file.timestamp, headers)?;
        let root = match merkle_root {
            Some(root) => Some(root_match(&attestations(&file.timestamp)?, root)),
            None => None,
        };
        (Some(verdict), root)
    } else {
        (None, None)
    };
    Ok(ProofReport {
        ok: verdict.as_ref().is_some_and(|v| v.ok),
        file_hash_op: file.file_hash_op.name().to_string(),
        file_digest: hex::encode(file.file_digest()),
        target_digest: hex::encode(target_digest),
        digest_matches,
        verdict,
        merkle_root,
    })
}

/// [`match_merkle_root`] in words: which block and byte order matched, and that this is
/// weaker than Level 2.
pub fn root_match(paths: &[AttestationPath], root: &str) -> RootMatch {
    match match_merkle_root(paths, root) {
        Some((i, order)) => {
            let height = paths[i].attestation.height();
            let how = match order {
                RootOrder::Display => "display order, as block explorers print it",
                RootOrder::Internal => "internal order, as stored in the block header",
            };
            RootMatch {
                level_2: false,
                matched: true,
                height,
                order: Some(order),
                message: format!(
                    "WEAKER MATCH, not Level 2: the merkle root given equals the proof's commitment for Bitcoin block {} ({how}); no header was checked, so nothing here shows that a block with this root exists at that height or has proof of work - supply the block header to verify",
                    height.unwrap_or_default()
                ),
            }
        }
        None => RootMatch {
            level_2: false,
            matched: false,
            height: None,
            order: None,
            message: "the merkle root given matches no Bitcoin attestation of the proof in either byte order".into(),
        },
    }
}

/// The name of the file a proof is published beside (`130025Z.txt.ots` proves
/// `130025Z.txt`), as `ots stamp` names proofs; `None` if the name does not end in `.ots`.
pub fn stamped_file_name(proof_name: &str) -> Option<&str> {
    proof_name.strip_suffix(".ots").filter(|n| !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ots::attestation::Attestation;
    use crate::ots::messages::LevelMsg;
    use crate::ots::Op;

    #[test]
    fn names() {
        assert_eq!(stamped_file_name("130025Z.txt.ots"), Some("130025Z.txt"));
        assert_eq!(stamped_file_name(".ots"), None);
        assert_eq!(stamped_file_name("130025Z.txt"), None);
    }

    fn leaf_of(file: &mut DetachedTimestampFile) -> &mut crate::ots::timestamp::Node {
        file.timestamp.root.ops.get_mut(&Op::Sha256).unwrap()
    }

    #[test]
    fn reports_survive_json_and_a_wrong_digest_checks_nothing_else() {
        let mut file = DetachedTimestampFile::new(Op::Sha256, vec![1; 32]).unwrap();
        let leaf = file.timestamp.root.ops.entry(Op::Sha256).or_default();
        leaf.attestations.insert(Attestation::Bitcoin { height: 7 });
        leaf.attestations.insert(Attestation::Unknown {
            tag: [9; 8],
            payload: vec![1, 2],
        });
        leaf.attestations
            .insert(Attestation::pending("https://a.example").unwrap());
        let commitment = Op::Sha256.apply(&[1; 32]).unwrap();
        let display: String = hex::encode(&commitment.iter().rev().copied().collect::<Vec<_>>());

        let r = check_proof(&file, &[1; 32], &[], Some(&display)).unwrap();
        assert!(!r.ok && r.digest_matches);
        let m = r.merkle_root.as_ref().unwrap();
        assert_eq!(
            (m.matched, m.order, m.height, m.level_2),
            (true, Some(RootOrder::Display), Some(7), false)
        );
        assert!(m.message.starts_with("WEAKER MATCH, not Level 2"));
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<ProofReport>(&json).unwrap(), r);

        // Without its Bitcoin attestation the proof is pending beside an unknown notary: not
        // "pending only".
        let mut no_bitcoin = file.clone();
        let leaf = no_bitcoin.timestamp.root.ops.get_mut(&Op::Sha256).unwrap();
        leaf.attestations
            .remove(&Attestation::Bitcoin { height: 7 });
        let r = check_proof(&no_bitcoin, &[1; 32], &[], None).unwrap();
        let level = r.verdict.as_ref().unwrap().level;
        assert_eq!(level, LevelMsg::PendingAndOtherChains);
        leaf_of(&mut no_bitcoin).attestations = [
            Attestation::Litecoin { height: 3 },
            Attestation::pending("https://a.example").unwrap(),
        ]
        .into();
        let r = check_proof(&no_bitcoin, &[1; 32], &[], None).unwrap();
        assert_eq!(r.verdict.unwrap().level, LevelMsg::PendingAndOtherChains);
        leaf_of(&mut no_bitcoin).attestations =
            [Attestation::pending("https://a.example").unwrap()].into();
        let r = check_proof(&no_bitcoin, &[1; 32], &[], None).unwrap();
        assert_eq!(r.verdict.unwrap().level, LevelMsg::PendingOnly);

        let other = check_proof(&file, &[2; 32], &[], Some(&display)).unwrap();
        assert!(
            !other.ok
                && !other.digest_matches
                && other.verdict.is_none()
                && other.merkle_root.is_none()
        );
    }
}
