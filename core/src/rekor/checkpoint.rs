//! The checkpoint: the log's signed note committing to a tree size and root (the
//! transparency-dev checkpoint format, a signed note), parsed and verified with the log's
//! key against the inclusion proof (spec §3.2 Level 2, §3.11 requirement 3).

use super::entry::InclusionProof;
use super::key::LogKey;
use crate::checks::CheckMsg;
use crate::hex;
use base64::Engine;
use serde::Serialize;

/// A checkpoint: a signed note (transparency-dev `log` checkpoint format) with its body
/// lines (origin, tree size, base64 root hash, optional extension lines) and signatures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Checkpoint {
    /// The log's origin line (its name).
    pub origin: String,
    /// The tree size the checkpoint commits to.
    pub tree_size: u64,
    /// The root hash of the tree of that size.
    pub root_hash: [u8; 32],
    /// The signed text: every body line with its newline.
    pub signed_text: String,
    /// (signer name, key hint, signature bytes)
    pub signatures: Vec<(String, [u8; 4], Vec<u8>)>,
}

impl Checkpoint {
    /// Reads a signed note (body lines, a blank line, signature lines); the error says what
    /// is malformed.
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

/// The checkpoint in the inclusion proof, signed by the log's key, commits to the proof's
/// tree size and root. The signature is found by its key hint: for a v1 key the first 4 bytes
/// of the log ID; for an Ed25519 (Rekor v2) key the first 4 bytes of the C2SP note key ID
/// under the signature line's name.
pub fn check_checkpoint(p: &InclusionProof, key: &LogKey) -> Result<CheckMsg, CheckMsg> {
    let text = p.checkpoint.as_deref().ok_or(CheckMsg::NoCheckpoint)?;
    let cp = Checkpoint::parse(text).map_err(|detail| CheckMsg::CheckpointUnreadable { detail })?;
    let (hint, sig) = if key.is_ed25519() {
        let hint_for = |name: &str| -> [u8; 4] {
            let id = key.note_key_id(name).expect("an Ed25519 key");
            id[..4].try_into().expect("4 bytes")
        };
        (
            hint_for(&cp.origin),
            cp.signatures.iter().find(|s| hint_for(&s.0) == s.1),
        )
    } else {
        let hint: [u8; 4] = key.log_id[..4].try_into().expect("4 bytes");
        (hint, cp.signatures.iter().find(|s| s.1 == hint))
    };
    let sig = sig.ok_or_else(|| CheckMsg::NoCheckpointSignature {
        hint: hex::encode(&hint),
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

#[cfg(test)]
mod tests {
    use super::*;

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
