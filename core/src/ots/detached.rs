//! The detached `.ots` file (python-opentimestamps `DetachedTimestampFile`): magic, major
//! version 1, the file-hash operation and digest, then the timestamp on that digest. This is
//! the file published beside each stamped list (spec §3.2, Appendix B step 6).

use super::ops::Op;
use super::serialize::{write_varuint, ErrorKind, OtsError, Reader};
use super::timestamp::{EmptyTimestampError, Timestamp};
use crate::hex;

/// `DetachedTimestampFile.HEADER_MAGIC` (31 bytes).
pub const HEADER_MAGIC: &[u8; 31] =
    b"\x00OpenTimestamps\x00\x00Proof\x00\xbf\x89\xe2\xe8\x84\xe8\x92\x94";
/// `DetachedTimestampFile.MAJOR_VERSION`.
pub const MAJOR_VERSION: u64 = 1;

/// A parsed `.ots` file. `timestamp.msg` is the file digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetachedTimestampFile {
    /// sha1, ripemd160, sha256 or keccak256.
    pub file_hash_op: Op,
    /// The proof tree on the file's digest.
    pub timestamp: Timestamp,
}

/// True when `bytes` start like a detached timestamp file.
pub fn looks_like_ots(bytes: &[u8]) -> bool {
    bytes.starts_with(HEADER_MAGIC)
}

impl DetachedTimestampFile {
    /// A proof-less file for `digest` (the start of `ots stamp`). `None` when `file_hash_op`
    /// is not a hash or the digest has the wrong length.
    pub fn new(file_hash_op: Op, digest: Vec<u8>) -> Option<DetachedTimestampFile> {
        (file_hash_op.digest_len()? == digest.len()).then(|| DetachedTimestampFile {
            file_hash_op,
            timestamp: Timestamp::new(digest),
        })
    }

    /// The stamped file's digest.
    pub fn file_digest(&self) -> &[u8] {
        &self.timestamp.msg
    }

    /// `DetachedTimestampFile.deserialize`, including the end-of-file check.
    pub fn deserialize(bytes: &[u8]) -> Result<DetachedTimestampFile, OtsError> {
        let mut r = Reader::new(bytes);
        let magic = &bytes[..bytes.len().min(HEADER_MAGIC.len())];
        if magic != HEADER_MAGIC {
            return Err(OtsError::new(
                ErrorKind::BadMagicError,
                0,
                format!(
                    "Expected magic bytes 0x{}, but got 0x{} instead",
                    hex::encode(HEADER_MAGIC),
                    hex::encode(magic)
                ),
            ));
        }
        r.read_bytes(HEADER_MAGIC.len())?;
        let major = r.read_varuint_saturating()?;
        if major != MAJOR_VERSION {
            let shown = if major == u64::MAX {
                ">= 2^64".to_string()
            } else {
                major.to_string()
            };
            return Err(OtsError::new(
                ErrorKind::UnsupportedMajorVersion,
                HEADER_MAGIC.len(),
                format!("Version {shown} detached timestamp files are not supported"),
            ));
        }
        let tag = r.read_byte()?;
        let Some(file_hash_op) = Op::crypt_from_tag(tag) else {
            return Err(OtsError::new(
                ErrorKind::DeserializationError,
                r.offset() - 1,
                format!("Unknown unary op tag 0x{tag:x}"),
            ));
        };
        let digest = r.read_bytes(file_hash_op.digest_len().expect("hash op"))?;
        let timestamp = Timestamp::read(&mut r, digest)?;
        r.assert_eof()?;
        Ok(DetachedTimestampFile {
            file_hash_op,
            timestamp,
        })
    }

    /// `DetachedTimestampFile.serialize`.
    pub fn serialize(&self) -> Result<Vec<u8>, EmptyTimestampError> {
        let mut out = HEADER_MAGIC.to_vec();
        write_varuint(&mut out, MAJOR_VERSION);
        out.push(self.file_hash_op.tag());
        out.extend_from_slice(&self.timestamp.msg);
        self.timestamp.root.serialize(&mut out)?;
        Ok(out)
    }

    /// Hashes the stamped file's bytes with the proof's file-hash operation (`None` only if
    /// `file_hash_op` was set to a non-hash operation).
    pub fn hash_target(&self, target: &[u8]) -> Option<Vec<u8>> {
        hash_file(&self.file_hash_op, target)
    }

    /// A hasher for the stamped file with the proof's file-hash operation, to be fed the
    /// file in pieces (`None` only for a non-hash `file_hash_op`).
    pub fn target_hasher(&self) -> Option<FileHasher> {
        FileHasher::new(&self.file_hash_op)
    }

    /// True when `target` is the file this proof stamps.
    pub fn matches_target(&self, target: &[u8]) -> bool {
        self.hash_target(target).as_deref() == Some(self.timestamp.msg.as_slice())
    }
}

/// Hashes a whole file of any size with a hash operation (`CryptOp.hash_fd`); the 4096-byte
/// message limit applies to operations inside a proof, not to the stamped file.
/// `None` for a non-hash operation.
pub fn hash_file(op: &Op, data: &[u8]) -> Option<Vec<u8>> {
    let mut h = FileHasher::new(op)?;
    h.update(data);
    Some(h.finish())
}

/// A file-hash operation fed the stamped file in pieces, as `CryptOp.hash_fd` reads a file
/// in chunks: a caller streaming a large file holds one chunk at a time, never the file.
#[derive(Clone)]
pub struct FileHasher(FileHash);

#[derive(Clone)]
enum FileHash {
    Sha1(sha1::Sha1),
    Ripemd160(ripemd::Ripemd160),
    Sha256(sha2::Sha256),
    /// Boxed: its state is twice the others'.
    Keccak256(Box<sha3::Keccak256>),
}

impl FileHasher {
    /// `None` for a non-hash operation.
    pub fn new(op: &Op) -> Option<FileHasher> {
        use sha2::Digest;
        Some(FileHasher(match op {
            Op::Sha1 => FileHash::Sha1(sha1::Sha1::new()),
            Op::Ripemd160 => FileHash::Ripemd160(ripemd::Ripemd160::new()),
            Op::Sha256 => FileHash::Sha256(sha2::Sha256::new()),
            Op::Keccak256 => FileHash::Keccak256(Box::new(sha3::Keccak256::new())),
            _ => return None,
        }))
    }

    /// Feeds the next piece of the stamped file.
    pub fn update(&mut self, data: &[u8]) {
        use sha2::Digest;
        match &mut self.0 {
            FileHash::Sha1(h) => h.update(data),
            FileHash::Ripemd160(h) => h.update(data),
            FileHash::Sha256(h) => h.update(data),
            FileHash::Keccak256(h) => h.update(data),
        }
    }

    /// The digest of everything fed.
    pub fn finish(self) -> Vec<u8> {
        use sha2::Digest;
        match self.0 {
            FileHash::Sha1(h) => h.finalize().to_vec(),
            FileHash::Ripemd160(h) => h.finalize().to_vec(),
            FileHash::Sha256(h) => h.finalize().to_vec(),
            FileHash::Keccak256(h) => h.finalize().to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_hashers_fed_in_pieces_give_the_whole_file_digest() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for op in [Op::Sha1, Op::Ripemd160, Op::Sha256, Op::Keccak256] {
            let whole = op.apply(&data[..4096]).unwrap();
            let mut h = FileHasher::new(&op).unwrap();
            for piece in data[..4096].chunks(1000) {
                h.update(piece);
            }
            assert_eq!(h.finish(), whole, "{op}");
            let mut h = FileHasher::new(&op).unwrap();
            for piece in data.chunks(7777) {
                h.update(piece);
            }
            assert_eq!(Some(h.finish()), hash_file(&op, &data), "{op}");
        }
        assert!(FileHasher::new(&Op::Reverse).is_none());
    }

    #[test]
    fn header_errors() {
        assert_eq!(
            DetachedTimestampFile::deserialize(b"").unwrap_err().kind,
            ErrorKind::BadMagicError
        );
        assert_eq!(
            DetachedTimestampFile::deserialize(&HEADER_MAGIC[..10])
                .unwrap_err()
                .kind,
            ErrorKind::BadMagicError
        );
        assert_eq!(
            DetachedTimestampFile::deserialize(HEADER_MAGIC)
                .unwrap_err()
                .kind,
            ErrorKind::TruncationError
        );
        let v2 = [HEADER_MAGIC.as_slice(), &[2]].concat();
        assert_eq!(
            DetachedTimestampFile::deserialize(&v2).unwrap_err().kind,
            ErrorKind::UnsupportedMajorVersion
        );
        let hexlify = [HEADER_MAGIC.as_slice(), &[1, 0xf3]].concat();
        assert_eq!(
            DetachedTimestampFile::deserialize(&hexlify)
                .unwrap_err()
                .kind,
            ErrorKind::DeserializationError
        );
    }
}
