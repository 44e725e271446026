//! Growing a proof: starting a stamp, merging a calendar's answer into it, and upgrading a
//! pending proof with a complete answer (the `ots stamp` / `ots upgrade` semantics of
//! opentimestamps-client, core side; spec §3.2 and Appendix B step 6: "a proof showing only
//! pending calendar attestations can be completed with ots upgrade").

use super::attestation::Attestation;
use super::detached::DetachedTimestampFile;
use super::ops::{MsgValueError, Op};
use super::timestamp::{Node, Timestamp};
use std::collections::BTreeSet;

/// A new stamp for a file digest: `append <nonce>` then `sha256`, as `ots stamp` does so the
/// calendar never sees the digest itself. Returns the proof (not yet writable: it has no
/// attestation) and the 32-byte digest to submit to each calendar.
pub fn start_stamp(file_hash_op: Op, file_digest: Vec<u8>, nonce: [u8; 16]) -> Option<(DetachedTimestampFile, Vec<u8>)> {
    let mut file = DetachedTimestampFile::new(file_hash_op, file_digest)?;
    let appended = Op::Append(nonce.to_vec()).apply(&file.timestamp.msg).ok()?;
    let submit = Op::Sha256.apply(&appended).ok()?;
    file.timestamp.root.ops.entry(Op::Append(nonce.to_vec())).or_default().ops.entry(Op::Sha256).or_default();
    Some((file, submit))
}

/// What merging changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeOutcome {
    /// Nodes whose message equals the answer's message (where it was merged).
    pub merged_at: usize,
    /// Attestations the proof did not have before.
    pub new_attestations: Vec<Attestation>,
}

/// Merges `answer` (a timestamp on some message of the proof: a submitted digest or a pending
/// commitment) into every node of `ts` carrying that message. Nothing is removed: pending
/// attestations stay, as with the reference client.
pub fn merge_answer(ts: &mut Timestamp, answer: &Timestamp) -> Result<MergeOutcome, MsgValueError> {
    let before = all_attestations(&ts.root);
    let mut merged_at = 0;
    let msg = ts.msg.clone();
    merge_node(&mut ts.root, &msg, answer, &mut merged_at)?;
    let new_attestations = all_attestations(&ts.root).difference(&before).cloned().collect();
    Ok(MergeOutcome { merged_at, new_attestations })
}

fn merge_node(node: &mut Node, msg: &[u8], answer: &Timestamp, merged_at: &mut usize) -> Result<(), MsgValueError> {
    for (op, child) in node.ops.iter_mut() {
        let result = op.apply(msg)?;
        merge_node(child, &result, answer, merged_at)?;
    }
    if msg == answer.msg.as_slice() {
        node.merge(&answer.root);
        *merged_at += 1;
    }
    Ok(())
}

fn all_attestations(node: &Node) -> BTreeSet<Attestation> {
    let mut set = node.attestations.clone();
    for child in node.ops.values() {
        set.extend(all_attestations(child));
    }
    set
}

/// True when the proof has a Bitcoin attestation (`is_timestamp_complete`: the reference stops
/// asking calendars then).
pub fn is_complete(ts: &Timestamp) -> bool {
    fn has_bitcoin(n: &Node) -> bool {
        n.attestations.iter().any(|a| matches!(a, Attestation::Bitcoin { .. })) || n.ops.values().any(has_bitcoin)
    }
    has_bitcoin(&ts.root)
}
