//! Growing a proof: starting a stamp, merging a calendar's answer into it, and upgrading a
//! pending proof with a complete answer (the `ots stamp` / `ots upgrade` semantics of
//! opentimestamps-client, core side; spec §3.2 and Appendix B step 6: "a proof showing only
//! pending calendar attestations can be completed with ots upgrade").

use super::attestation::Attestation;
use super::detached::DetachedTimestampFile;
use super::ops::{MsgValueError, Op};
use super::timestamp::{Node, Timestamp};
use std::collections::BTreeSet;

/// New stamps for one or more file digests, as `ots stamp` makes them: each digest gets
/// `append <its 16-byte nonce>` and `sha256` (so calendars never see, and proofs never leak,
/// the digests), then the results are joined in the reference's merkle tree
/// ([`merkle_paths`]). Returns the proofs (not writable until a calendar answer is merged in
/// with [`merge_answer`]) and the digest to submit to every calendar (the tree's tip).
/// `None` if a digest does not fit its hash operation or `entries` is empty.
pub fn start_stamps(
    entries: &[(Op, Vec<u8>, [u8; 16])],
) -> Option<(Vec<DetachedTimestampFile>, Vec<u8>)> {
    let mut files = Vec::new();
    let mut leaves = Vec::new();
    for (op, digest, nonce) in entries {
        let file = DetachedTimestampFile::new(op.clone(), digest.clone())?;
        let appended = Op::Append(nonce.to_vec()).apply(digest).ok()?;
        leaves.push(Op::Sha256.apply(&appended).ok()?);
        files.push((file, nonce));
    }
    let (tip, paths) = merkle_paths(&leaves)?;
    let files = files
        .into_iter()
        .zip(paths)
        .map(|((mut file, nonce), path)| {
            let chain = [vec![Op::Append(nonce.to_vec()), Op::Sha256], path].concat();
            let mut node = &mut file.timestamp.root;
            for op in chain {
                node = node.ops.entry(op).or_default();
            }
            file
        })
        .collect();
    Some((files, tip))
}

/// `make_merkle_tree(timestamps, cat_sha256)` of python-opentimestamps, as paths: the tip's
/// message and, for each leaf, the operations from the leaf to the tip (`append <right>,
/// sha256` for a left child, `prepend <left>, sha256` for a right child; an odd last node is
/// carried up unchanged). `None` for no leaves.
pub fn merkle_paths(leaves: &[Vec<u8>]) -> Option<(Vec<u8>, Vec<Vec<Op>>)> {
    let mut paths = vec![Vec::new(); leaves.len()];
    let mut level: Vec<(Vec<u8>, Vec<usize>)> = leaves
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, m)| (m, vec![i]))
        .collect();
    loop {
        let mut iter = level.into_iter();
        let mut prev = Some(iter.next()?);
        let mut next = Vec::new();
        for stamp in iter {
            match prev.take() {
                Some((left, mut members)) => {
                    let (right, right_members) = stamp;
                    for &i in &members {
                        paths[i].extend([Op::Append(right.clone()), Op::Sha256]);
                    }
                    for &i in &right_members {
                        paths[i].extend([Op::Prepend(left.clone()), Op::Sha256]);
                    }
                    let joined = Op::Sha256.apply(&[left, right].concat()).ok()?;
                    members.extend(right_members);
                    next.push((joined, members));
                }
                None => prev = Some(stamp),
            }
        }
        if next.is_empty() {
            let (tip, _) = prev?;
            return Some((tip, paths));
        }
        next.extend(prev);
        level = next;
    }
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
    let new_attestations = all_attestations(&ts.root)
        .difference(&before)
        .cloned()
        .collect();
    Ok(MergeOutcome {
        merged_at,
        new_attestations,
    })
}

fn merge_node(
    node: &mut Node,
    msg: &[u8],
    answer: &Timestamp,
    merged_at: &mut usize,
) -> Result<(), MsgValueError> {
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
        n.attestations
            .iter()
            .any(|a| matches!(a, Attestation::Bitcoin { .. }))
            || n.ops.values().any(has_bitcoin)
    }
    has_bitcoin(&ts.root)
}
