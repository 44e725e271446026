//! The commitment operations of an OpenTimestamps proof (python-opentimestamps
//! `opentimestamps.core.op`): the edges of the timestamp tree that carry the stamped list's
//! SHA-256 up to a block's merkle root (spec §3.2, Appendix B step 6).

use super::serialize::{write_varbytes, ErrorKind, OtsError, Reader};
use crate::hex;
use sha2::Digest;
use std::cmp::Ordering;
use std::fmt;

/// `Op.MAX_RESULT_LENGTH`: no operation may produce more than 4096 bytes.
pub const MAX_RESULT_LENGTH: usize = 4096;
/// `Op.MAX_MSG_LENGTH`: no operation may be applied to more than 4096 bytes.
pub const MAX_MSG_LENGTH: usize = 4096;
/// `OpHexlify.MAX_MSG_LENGTH`: hexlify doubles its input.
pub const MAX_HEXLIFY_MSG_LENGTH: usize = MAX_RESULT_LENGTH / 2;

/// One operation. The order (`Ord`) is the reference's: by tag byte, then by argument bytes;
/// serialization emits sibling operations in this order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// SHA-1 of the message (`OpSHA1`).
    Sha1,
    /// RIPEMD-160 of the message (`OpRIPEMD160`).
    Ripemd160,
    /// SHA-256 of the message (`OpSHA256`).
    Sha256,
    /// Keccak-256 of the message (`OpKECCAK256`).
    Keccak256,
    /// Append the argument (1..=4096 bytes).
    Append(Vec<u8>),
    /// Prepend the argument (1..=4096 bytes).
    Prepend(Vec<u8>),
    /// The message's bytes reversed (`OpReverse`).
    Reverse,
    /// The message as lowercase hex ASCII (`OpHexlify`).
    Hexlify,
}

/// `MsgValueError`: an operation cannot be applied to a message of this length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MsgValueError(pub String);

impl fmt::Display for MsgValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Op {
    /// [`Op::Sha1`]'s tag byte.
    pub const TAG_SHA1: u8 = 0x02;
    /// [`Op::Ripemd160`]'s tag byte.
    pub const TAG_RIPEMD160: u8 = 0x03;
    /// [`Op::Sha256`]'s tag byte.
    pub const TAG_SHA256: u8 = 0x08;
    /// [`Op::Keccak256`]'s tag byte.
    pub const TAG_KECCAK256: u8 = 0x67;
    /// [`Op::Append`]'s tag byte.
    pub const TAG_APPEND: u8 = 0xf0;
    /// [`Op::Prepend`]'s tag byte.
    pub const TAG_PREPEND: u8 = 0xf1;
    /// [`Op::Reverse`]'s tag byte.
    pub const TAG_REVERSE: u8 = 0xf2;
    /// [`Op::Hexlify`]'s tag byte.
    pub const TAG_HEXLIFY: u8 = 0xf3;

    /// The tag byte that introduces this operation in a proof.
    pub fn tag(&self) -> u8 {
        match self {
            Op::Sha1 => Self::TAG_SHA1,
            Op::Ripemd160 => Self::TAG_RIPEMD160,
            Op::Sha256 => Self::TAG_SHA256,
            Op::Keccak256 => Self::TAG_KECCAK256,
            Op::Append(_) => Self::TAG_APPEND,
            Op::Prepend(_) => Self::TAG_PREPEND,
            Op::Reverse => Self::TAG_REVERSE,
            Op::Hexlify => Self::TAG_HEXLIFY,
        }
    }

    /// The reference's `TAG_NAME` (`sha256`, `append`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Op::Sha1 => "sha1",
            Op::Ripemd160 => "ripemd160",
            Op::Sha256 => "sha256",
            Op::Keccak256 => "keccak256",
            Op::Append(_) => "append",
            Op::Prepend(_) => "prepend",
            Op::Reverse => "reverse",
            Op::Hexlify => "hexlify",
        }
    }

    /// The argument of append/prepend.
    pub fn arg(&self) -> Option<&[u8]> {
        match self {
            Op::Append(a) | Op::Prepend(a) => Some(a),
            _ => None,
        }
    }

    /// The hash operations (`CryptOp` and keccak256): the only ones allowed as a file hash.
    pub fn crypt_from_tag(tag: u8) -> Option<Op> {
        match tag {
            Self::TAG_SHA1 => Some(Op::Sha1),
            Self::TAG_RIPEMD160 => Some(Op::Ripemd160),
            Self::TAG_SHA256 => Some(Op::Sha256),
            Self::TAG_KECCAK256 => Some(Op::Keccak256),
            _ => None,
        }
    }

    /// Digest length of a hash operation; `None` for the others.
    pub fn digest_len(&self) -> Option<usize> {
        match self {
            Op::Sha1 | Op::Ripemd160 => Some(20),
            Op::Sha256 | Op::Keccak256 => Some(32),
            _ => None,
        }
    }

    /// Reads the operation whose tag byte was already read (`Op.deserialize_from_tag`).
    pub(crate) fn deserialize_from_tag(r: &mut Reader<'_>, tag: u8) -> Result<Op, OtsError> {
        if let Some(op) = Op::crypt_from_tag(tag) {
            return Ok(op);
        }
        Ok(match tag {
            Self::TAG_REVERSE => Op::Reverse,
            Self::TAG_HEXLIFY => Op::Hexlify,
            Self::TAG_APPEND | Self::TAG_PREPEND => {
                let arg = r.read_varbytes(MAX_RESULT_LENGTH, 1)?.to_vec();
                if tag == Self::TAG_APPEND {
                    Op::Append(arg)
                } else {
                    Op::Prepend(arg)
                }
            }
            _ => {
                return Err(OtsError::new(
                    ErrorKind::DeserializationError,
                    r.offset() - 1,
                    format!("Unknown operation tag 0x{tag:x}"),
                ))
            }
        })
    }

    pub(crate) fn serialize(&self, out: &mut Vec<u8>) {
        out.push(self.tag());
        if let Some(a) = self.arg() {
            write_varbytes(out, a);
        }
    }

    fn max_msg_len(&self) -> usize {
        if *self == Op::Hexlify {
            MAX_HEXLIFY_MSG_LENGTH
        } else {
            MAX_MSG_LENGTH
        }
    }

    /// The length of `self(msg)` for a message of `msg_len` bytes, with the reference's checks
    /// (`Op.__call__`). Every check depends on the length alone, so a proof can be validated
    /// without hashing; [`Op::apply`] computes the bytes.
    pub fn result_len(&self, msg_len: usize) -> Result<usize, MsgValueError> {
        if msg_len > self.max_msg_len() {
            return Err(MsgValueError(format!(
                "Message too long; {msg_len} > {}",
                self.max_msg_len()
            )));
        }
        let len = match self {
            Op::Reverse if msg_len == 0 => {
                return Err(MsgValueError("Can't reverse an empty message".into()))
            }
            Op::Hexlify if msg_len == 0 => {
                return Err(MsgValueError("Can't hexlify an empty message".into()))
            }
            Op::Reverse => msg_len,
            Op::Hexlify => 2 * msg_len,
            Op::Append(a) | Op::Prepend(a) => msg_len + a.len(),
            _ => self.digest_len().unwrap_or(0),
        };
        if len > MAX_RESULT_LENGTH {
            return Err(MsgValueError(format!(
                "Result too long; {len} > {MAX_RESULT_LENGTH}"
            )));
        }
        Ok(len)
    }

    /// Applies the operation to `msg` (`Op.__call__`).
    pub fn apply(&self, msg: &[u8]) -> Result<Vec<u8>, MsgValueError> {
        self.result_len(msg.len())?;
        Ok(match self {
            Op::Sha1 => sha1::Sha1::digest(msg).to_vec(),
            Op::Ripemd160 => ripemd::Ripemd160::digest(msg).to_vec(),
            Op::Sha256 => sha2::Sha256::digest(msg).to_vec(),
            Op::Keccak256 => sha3::Keccak256::digest(msg).to_vec(),
            Op::Append(a) => [msg, a].concat(),
            Op::Prepend(a) => [a.as_slice(), msg].concat(),
            Op::Reverse => msg.iter().rev().copied().collect(),
            Op::Hexlify => hex::encode(msg).into_bytes(),
        })
    }
}

impl Ord for Op {
    fn cmp(&self, other: &Op) -> Ordering {
        (self.tag(), self.arg().unwrap_or(&[])).cmp(&(other.tag(), other.arg().unwrap_or(&[])))
    }
}

impl PartialOrd for Op {
    fn partial_cmp(&self, other: &Op) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The reference's `str(op)`: `sha256`, `append 0a1b...`.
impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.arg() {
            Some(a) => write!(f, "{} {}", self.name(), hex::encode(a)),
            None => f.write_str(self.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Vec<u8> {
        hex::decode(s).unwrap()
    }

    #[test]
    fn hashes_match_known_digests() {
        assert_eq!(
            Op::Sha256.apply(b"").unwrap(),
            h("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        );
        assert_eq!(
            Op::Sha1.apply(b"").unwrap(),
            h("da39a3ee5e6b4b0d3255bfef95601890afd80709")
        );
        assert_eq!(
            Op::Ripemd160.apply(b"").unwrap(),
            h("9c1185a5c5e9fc54612808977ee8f548b2258d31")
        );
        assert_eq!(
            Op::Keccak256.apply(b"").unwrap(),
            h("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
        );
        assert_eq!(Op::Hexlify.apply(&[0xab, 0x01]).unwrap(), b"ab01");
        assert_eq!(Op::Reverse.apply(&[1, 2, 3]).unwrap(), vec![3, 2, 1]);
        assert_eq!(Op::Prepend(vec![9]).apply(&[1]).unwrap(), vec![9, 1]);
    }

    #[test]
    fn limits() {
        assert!(Op::Hexlify.apply(&[0; 2048]).is_ok());
        assert!(Op::Hexlify.apply(&[0; 2049]).is_err());
        assert!(Op::Hexlify.apply(&[]).is_err());
        assert!(Op::Reverse.apply(&[]).is_err());
        assert!(Op::Append(vec![1]).apply(&[0; 4095]).is_ok());
        assert!(Op::Append(vec![1]).apply(&[0; 4096]).is_err());
        assert!(Op::Sha256.apply(&[0; 4097]).is_err());
    }

    #[test]
    fn order_is_tag_then_argument() {
        let mut v = vec![
            Op::Hexlify,
            Op::Prepend(vec![1]),
            Op::Append(vec![2]),
            Op::Append(vec![1, 5]),
            Op::Sha256,
            Op::Sha1,
        ];
        v.sort();
        assert_eq!(
            v,
            vec![
                Op::Sha1,
                Op::Sha256,
                Op::Append(vec![1, 5]),
                Op::Append(vec![2]),
                Op::Prepend(vec![1]),
                Op::Hexlify
            ]
        );
    }
}
