//! Walking a proof: every attestation with the message it commits to and the operations that
//! lead there from the stamped digest (spec §3.2; Appendix B step 6: "applying these
//! operations to the file hash gives ... the merkle root of block 972,334, as any block
//! explorer shows it").
//!
//! A Bitcoin merkle root is printed in two byte orders: *internal* (as the 80-byte header
//! stores it, what the proof computes) and *display* (reversed: what RPC and block explorers
//! print).
//!
//! Listings are capped at [`MAX_LISTING_BYTES`]: a real proof has a handful of attestations,
//! but a hostile one could make thousands of leaves each repeat a long path or a 4096-byte
//! commitment.

use super::attestation::Attestation;
use super::detached::DetachedTimestampFile;
use super::ops::{MsgValueError, Op};
use super::timestamp::{Node, Timestamp};
use super::transaction::transaction_id;
use crate::hex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest listing (`attestations`, `pending_commitments`, `info_text`) produced, in bytes.
pub const MAX_LISTING_BYTES: usize = 16 << 20;

/// Why a proof could not be listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// An operation cannot apply (only possible for trees built in code, not parsed ones).
    Op(MsgValueError),
    /// The listing would exceed [`MAX_LISTING_BYTES`].
    TooLarge,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Op(e) => write!(f, "{e}"),
            EvalError::TooLarge => write!(
                f,
                "the proof's listing would exceed {MAX_LISTING_BYTES} bytes"
            ),
        }
    }
}

impl From<MsgValueError> for EvalError {
    fn from(e: MsgValueError) -> EvalError {
        EvalError::Op(e)
    }
}

/// Counts listing bytes against [`MAX_LISTING_BYTES`].
#[derive(Default)]
struct Budget {
    used: usize,
    exceeded: bool,
}

impl Budget {
    /// False (and stays false) once the total passes the cap.
    fn spend(&mut self, n: usize) -> bool {
        self.used = self.used.saturating_add(n);
        self.exceeded |= self.used > MAX_LISTING_BYTES;
        !self.exceeded
    }

    fn finish<T>(self, value: T) -> Result<T, EvalError> {
        if self.exceeded {
            Err(EvalError::TooLarge)
        } else {
            Ok(value)
        }
    }
}

/// One attestation reached from the stamped digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttestationPath {
    /// The attestation at the path's end.
    pub attestation: Attestation,
    /// The message at the leaf, hex: for Bitcoin the merkle root in internal (header) order.
    pub commitment: String,
    /// The operations from the digest to the leaf, as the reference prints them
    /// (`sha256`, `append 0a1b...`).
    pub path: Vec<String>,
    /// For Bitcoin/Litecoin/Ethereum attestations with a 32-byte commitment: the root in
    /// both byte orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merkle_root: Option<MerkleRoot>,
}

/// A block merkle root in both byte orders (hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MerkleRoot {
    /// As stored in the block header (the bytes the proof computes).
    pub internal: String,
    /// Reversed: as block explorers and `getblockheader` print it.
    pub display: String,
}

impl MerkleRoot {
    /// The root from its header-order bytes.
    pub fn from_internal(bytes: &[u8]) -> MerkleRoot {
        let rev: Vec<u8> = bytes.iter().rev().copied().collect();
        MerkleRoot {
            internal: hex::encode(bytes),
            display: hex::encode(&rev),
        }
    }
}

/// What [`walk`] calls for each attestation: `(op path, commitment, attestation)`.
pub type Visitor<'v> = dyn FnMut(&[&Op], &[u8], &Attestation) + 'v;

/// Visits every attestation depth-first in serialization order, calling
/// `f(path, commitment, attestation)`. Memory stays bounded by the path (at most 255
/// messages of at most 4096 bytes) however many leaves the tree has.
pub fn walk(ts: &Timestamp, f: &mut Visitor<'_>) -> Result<(), MsgValueError> {
    let mut path = Vec::new();
    walk_node(&ts.root, &ts.msg, &mut path, f)
}

fn walk_node<'a>(
    node: &'a Node,
    msg: &[u8],
    path: &mut Vec<&'a Op>,
    f: &mut Visitor<'_>,
) -> Result<(), MsgValueError> {
    for a in &node.attestations {
        f(path, msg, a);
    }
    for (op, child) in &node.ops {
        let result = op.apply(msg)?;
        path.push(op);
        walk_node(child, &result, path, f)?;
        path.pop();
    }
    Ok(())
}

/// Every attestation of `ts` with its commitment and op path.
pub fn attestations(ts: &Timestamp) -> Result<Vec<AttestationPath>, EvalError> {
    let mut out = Vec::new();
    let mut budget = Budget::default();
    walk(ts, &mut |path, msg, att| {
        let path_len: usize = path
            .iter()
            .map(|op| op.name().len() + op.arg().map_or(0, |a| 1 + 2 * a.len()))
            .sum();
        if !budget.spend(2 * msg.len() + path_len) {
            return;
        }
        let chain_root = att.height().is_some() && msg.len() == 32;
        out.push(AttestationPath {
            attestation: att.clone(),
            commitment: hex::encode(msg),
            path: path.iter().map(|op| op.to_string()).collect(),
            merkle_root: chain_root.then(|| MerkleRoot::from_internal(msg)),
        })
    })?;
    budget.finish(out)
}

/// The commitments (messages) that carry a pending attestation, with the calendar URI: what
/// `ots upgrade` asks each calendar for (`GET <uri>/timestamp/<hex commitment>`).
pub fn pending_commitments(ts: &Timestamp) -> Result<Vec<(String, Vec<u8>)>, EvalError> {
    let mut out = Vec::new();
    let mut budget = Budget::default();
    walk(ts, &mut |_, msg, att| {
        if let Attestation::Pending { uri } = att {
            if budget.spend(uri.len() + msg.len()) {
                out.push((uri.clone(), msg.to_vec()));
            }
        }
    })?;
    budget.finish(out)
}

/// What `ots info` prints: `File <hash> hash: <hex>`, `Timestamp:` and the op tree in the
/// reference's layout (`str_tree` at verbosity 0), with its `Transaction id` comments.
pub fn info_text(file: &DetachedTimestampFile) -> Result<String, EvalError> {
    let mut s = format!(
        "File {} hash: {}\nTimestamp:\n",
        file.file_hash_op.name(),
        hex::encode(file.file_digest())
    );
    str_tree(&file.timestamp.root, &file.timestamp.msg, 0, &mut s)?;
    s.push('\n');
    Ok(s)
}

/// `Timestamp.str_tree(indent, verbosity=0)`.
pub fn str_tree(node: &Node, msg: &[u8], indent: usize, out: &mut String) -> Result<(), EvalError> {
    if out.len() > MAX_LISTING_BYTES {
        return Err(EvalError::TooLarge);
    }
    let pad = " ".repeat(indent);
    for a in &node.attestations {
        out.push_str(&format!("{pad}verify {a}\n"));
        let chain = match a {
            Attestation::Bitcoin { .. } => Some("Bitcoin"),
            Attestation::Litecoin { .. } => Some("Litecoin"),
            _ => None,
        };
        if let Some(chain) = chain {
            let display = MerkleRoot::from_internal(msg).display;
            out.push_str(&format!("{pad}# {chain} block merkle root {display}\n"));
        }
    }
    let txid = if node.ops.is_empty() {
        None
    } else {
        transaction_id(msg).map(|id| hex::encode(&id))
    };
    if node.ops.len() > 1 {
        for (op, child) in &node.ops {
            if let Some(id) = &txid {
                out.push_str(&format!("{pad}* Transaction id {id}\n"));
            }
            out.push_str(&format!("{pad} -> {op}\n"));
            str_tree(child, &op.apply(msg)?, indent + 4, out)?;
        }
    } else if let Some((op, child)) = node.ops.iter().next() {
        if let Some(id) = &txid {
            out.push_str(&format!("{pad}# Transaction id {id}\n"));
        }
        out.push_str(&format!("{pad}{op}\n"));
        str_tree(child, &op.apply(msg)?, indent, out)?;
    }
    Ok(())
}
