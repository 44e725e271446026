//! The timestamp tree (python-opentimestamps `opentimestamps.core.timestamp.Timestamp`):
//! messages are nodes, operations are edges, attestations are leaves (spec §3.2).
//!
//! Nodes do not store their messages: every limit the reference checks while reading depends
//! only on message lengths, so parsing tracks lengths and the bytes are recomputed when the
//! tree is walked ([`super::evaluate`]). Memory is therefore linear in the input size, where
//! storing each node's message (up to 4096 bytes) would let a small file claim hundreds of
//! times its size.

use super::attestation::Attestation;
use super::ops::{Op, MAX_MSG_LENGTH};
use super::serialize::{ErrorKind, OtsError, Reader};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The reference's `_recursion_limit`: a path may hold at most 255 operations.
pub const RECURSION_LIMIT: usize = 256;

/// One node of the tree: the attestations on its message and the operations leaving it.
/// As in the reference, attestations form a set and operations a map (a repeated operation
/// read from input replaces the earlier subtree).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The attestations on this node's message.
    pub attestations: BTreeSet<Attestation>,
    /// Each operation applied to this node's message, with the subtree on its result.
    pub ops: BTreeMap<Op, Node>,
}

/// A timestamp: the message it starts from and the tree of proofs on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timestamp {
    /// The message stamped (for a detached file, the file's digest).
    pub msg: Vec<u8>,
    /// The tree on it.
    pub root: Node,
}

/// A tree with no attestation and no operation cannot be written (the reference's
/// `ValueError("An empty timestamp can't be serialized")`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyTimestampError;

impl fmt::Display for EmptyTimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("An empty timestamp can't be serialized")
    }
}

/// Two timestamps on different messages cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError;

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Can't merge timestamps for different messages together")
    }
}

impl Node {
    /// `Timestamp.deserialize` for a message of `msg_len` bytes with `limit` levels left.
    pub(crate) fn deserialize(
        r: &mut Reader<'_>,
        msg_len: usize,
        limit: usize,
    ) -> Result<Node, OtsError> {
        if limit == 0 {
            return Err(r.error(
                ErrorKind::RecursionLimitError,
                "Reached timestamp recursion depth limit while deserializing",
            ));
        }
        let mut node = Node::default();
        let mut tag = r.read_byte()?;
        while tag == 0xff {
            let item = r.read_byte()?;
            node.read_item(r, item, msg_len, limit)?;
            tag = r.read_byte()?;
        }
        node.read_item(r, tag, msg_len, limit)?;
        Ok(node)
    }

    fn read_item(
        &mut self,
        r: &mut Reader<'_>,
        tag: u8,
        msg_len: usize,
        limit: usize,
    ) -> Result<(), OtsError> {
        if tag == 0x00 {
            let att = Attestation::deserialize(r)?;
            self.attestations.insert(att);
            return Ok(());
        }
        let op_offset = r.offset() - 1;
        let op = Op::deserialize_from_tag(r, tag)?;
        let result_len = op.result_len(msg_len).map_err(|e| {
            OtsError::new(
                ErrorKind::DeserializationError,
                op_offset,
                format!("Invalid timestamp; message invalid for op {op}: {e}"),
            )
        })?;
        let child = Node::deserialize(r, result_len, limit - 1)?;
        self.ops.insert(op, child);
        Ok(())
    }

    /// `Timestamp.serialize`: attestations then operations, each in sorted order, every
    /// item but the last prefixed by the fork marker 0xff.
    pub(crate) fn serialize(&self, out: &mut Vec<u8>) -> Result<(), EmptyTimestampError> {
        let atts: Vec<&Attestation> = self.attestations.iter().collect();
        let Some((last_att, first_atts)) = atts.split_last() else {
            if self.ops.is_empty() {
                return Err(EmptyTimestampError);
            }
            return self.serialize_ops(out);
        };
        for a in first_atts {
            out.extend_from_slice(&[0xff, 0x00]);
            a.serialize(out);
        }
        if self.ops.is_empty() {
            out.push(0x00);
            last_att.serialize(out);
            return Ok(());
        }
        out.extend_from_slice(&[0xff, 0x00]);
        last_att.serialize(out);
        self.serialize_ops(out)
    }

    fn serialize_ops(&self, out: &mut Vec<u8>) -> Result<(), EmptyTimestampError> {
        let n = self.ops.len();
        for (i, (op, child)) in self.ops.iter().enumerate() {
            if i + 1 < n {
                out.push(0xff);
            }
            op.serialize(out);
            child.serialize(out)?;
        }
        Ok(())
    }

    /// `Timestamp.merge`: adds every attestation and operation of `other` (a tree on the same
    /// message) to this one.
    pub fn merge(&mut self, other: &Node) {
        self.attestations.extend(other.attestations.iter().cloned());
        for (op, sub) in &other.ops {
            self.ops.entry(op.clone()).or_default().merge(sub);
        }
    }
}

impl Timestamp {
    /// A timestamp with no proofs yet (`Timestamp(msg)`), e.g. a file digest before stamping.
    pub fn new(msg: Vec<u8>) -> Timestamp {
        Timestamp {
            msg,
            root: Node::default(),
        }
    }

    /// Reads a bare timestamp (no file header) on `msg`, as a calendar returns it, and
    /// requires the input to end with it.
    pub fn deserialize(msg: &[u8], bytes: &[u8]) -> Result<Timestamp, OtsError> {
        let mut r = Reader::new(bytes);
        let t = Timestamp::read(&mut r, msg)?;
        r.assert_eof()?;
        Ok(t)
    }

    pub(crate) fn read(r: &mut Reader<'_>, msg: &[u8]) -> Result<Timestamp, OtsError> {
        if msg.len() > MAX_MSG_LENGTH {
            return Err(r.error(
                ErrorKind::DeserializationError,
                format!(
                    "Message exceeds Op length limit; {} > {MAX_MSG_LENGTH}",
                    msg.len()
                ),
            ));
        }
        let root = Node::deserialize(r, msg.len(), RECURSION_LIMIT)?;
        Ok(Timestamp {
            msg: msg.to_vec(),
            root,
        })
    }

    /// The bare serialization (no message, no header).
    pub fn serialize(&self) -> Result<Vec<u8>, EmptyTimestampError> {
        let mut out = Vec::new();
        self.root.serialize(&mut out)?;
        Ok(out)
    }

    /// `Timestamp.merge`.
    pub fn merge(&mut self, other: &Timestamp) -> Result<(), MergeError> {
        if self.msg != other.msg {
            return Err(MergeError);
        }
        self.root.merge(&other.root);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex;

    #[test]
    fn bare_round_trip_and_fork_order() {
        // Two pending attestations on one message: 'ff 00 <a>' then '00 <b>', sorted by URI.
        let mut t = Timestamp::new(vec![1; 32]);
        t.root
            .attestations
            .insert(Attestation::pending("https://b.example").unwrap());
        t.root
            .attestations
            .insert(Attestation::pending("https://a.example").unwrap());
        t.root
            .ops
            .entry(Op::Sha256)
            .or_default()
            .attestations
            .insert(Attestation::Bitcoin { height: 5 });
        let bytes = t.serialize().unwrap();
        assert_eq!(&bytes[..2], &[0xff, 0x00]);
        let back = Timestamp::deserialize(&t.msg, &bytes).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.serialize().unwrap(), bytes);
    }

    #[test]
    fn recursion_limit_is_255_ops() {
        let leaf = hex::decode("000588960d73d719010100").unwrap();
        let ok = [vec![0x08; 255], leaf.clone()].concat();
        assert!(Timestamp::deserialize(&[0; 32], &ok).is_ok());
        let deep = [vec![0x08; 256], leaf].concat();
        assert_eq!(
            Timestamp::deserialize(&[0; 32], &deep).unwrap_err().kind,
            ErrorKind::RecursionLimitError
        );
    }

    #[test]
    fn append_arguments_are_1_to_4096_bytes() {
        let leaf = hex::decode("0083dfe30d2ef90c8e0100").unwrap();
        let empty = [&[0xf0, 0x00][..], &leaf].concat();
        assert_eq!(
            Timestamp::deserialize(&[], &empty).unwrap_err().kind,
            ErrorKind::DeserializationError
        );
        let max = [&[0xf1, 0x80, 0x20][..], &[7; 4096], &leaf].concat();
        assert!(Timestamp::deserialize(&[], &max).is_ok());
        let over = [&[0xf1, 0x81, 0x20][..], &[7; 4097], &leaf].concat();
        assert_eq!(
            Timestamp::deserialize(&[], &over).unwrap_err().kind,
            ErrorKind::DeserializationError
        );
        // 4096-byte argument on a 1-byte message: result too long.
        assert_eq!(
            Timestamp::deserialize(&[1], &max).unwrap_err().kind,
            ErrorKind::DeserializationError
        );
    }

    #[test]
    fn empty_cannot_be_written() {
        assert_eq!(
            Timestamp::new(vec![1]).serialize(),
            Err(EmptyTimestampError)
        );
    }
}
