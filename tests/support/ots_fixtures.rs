//! Helpers shared by the OpenTimestamps tests: the vector files and small readers.
use crate::vectors_dir;
use sealbook_core::hex;
use sealbook_core::ots::bitcoin::{BlockHeader, LabelledHeader};
use sealbook_core::ots::detached::HEADER_MAGIC;
use sealbook_core::ots::DetachedTimestampFile;
use std::path::{Path, PathBuf};

pub fn ots_dir() -> PathBuf {
    vectors_dir().join("ots")
}

pub fn read(rel: &str) -> Vec<u8> {
    let p = ots_dir().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn proof(rel: &str) -> DetachedTimestampFile {
    DetachedTimestampFile::deserialize(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

pub fn header(height: u64) -> BlockHeader {
    let text = String::from_utf8(read(&format!("headers/block_{height}.header.hex"))).unwrap();
    BlockHeader::parse_hex(&text).unwrap()
}

/// A header as supplied without its height (a bare hex line or `--header`).
pub fn unlabelled(header: BlockHeader) -> LabelledHeader {
    LabelledHeader {
        height: None,
        header,
    }
}

/// A header of the vectors as a `HEIGHT HEX` line supplies it, labelled `label`.
pub fn labelled(height: u64, label: u64) -> LabelledHeader {
    LabelledHeader {
        height: Some(label),
        header: header(height),
    }
}

pub fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// Every `.ots` file under `dir`, recursively.
fn ots_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            ots_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ots") {
            out.push(p);
        }
    }
}

pub fn all_vector_files() -> Vec<PathBuf> {
    let mut v = Vec::new();
    ots_files(&ots_dir(), &mut v);
    ots_files(&vectors_dir().join("ots-calendar"), &mut v);
    v.sort();
    assert!(
        v.len() >= 45,
        "expected the full vector set, found {}",
        v.len()
    );
    v
}

/// The start of a detached sha256 proof on 32 zero bytes: magic, version 1, sha256, digest.
pub fn zero_digest_header() -> Vec<u8> {
    [HEADER_MAGIC.as_slice(), &[0x01, 0x08], &[0u8; 32]].concat()
}

/// A wide fork on the stamped digest: `attestations` distinct Bitcoin attestations (heights
/// of exactly three LEB128 bytes, so the canonical rewrite has the same size), then `appends`
/// distinct 4-byte appends each ending in an unknown attestation, then a last unknown one.
/// Leaves: `attestations + appends + 1`. At most 2^21 - 2^14 attestations.
pub fn wide_fork_proof(attestations: u32, appends: u32) -> Vec<u8> {
    let mut b = zero_digest_header();
    for h in (1u32 << 14)..(1 << 14) + attestations {
        b.extend([
            0xff, 0x00, 0x05, 0x88, 0x96, 0x0d, 0x73, 0xd7, 0x19, 0x01, 0x03,
        ]);
        b.extend([
            (h & 0x7f) as u8 | 0x80,
            ((h >> 7) & 0x7f) as u8 | 0x80,
            (h >> 14) as u8,
        ]);
    }
    for i in 0..appends {
        b.extend([0xff, 0xf0, 0x04]);
        b.extend(i.to_be_bytes());
        b.extend([0x00, 1, 2, 3, 4, 5, 6, 7, 8, 0x00]);
    }
    b.extend([0x00, 1, 2, 3, 4, 5, 6, 7, 9, 0x00]);
    b
}

/// The longest path the reference accepts: 127 x (append 32 bytes, sha256), then sha256 -
/// 255 operations - ending in a Bitcoin attestation.
pub fn long_chain_proof() -> Vec<u8> {
    let mut b = zero_digest_header();
    for i in 0..127u8 {
        b.extend([0xf0, 0x20]);
        b.extend([i; 32]);
        b.push(0x08);
    }
    b.push(0x08);
    b.extend([
        0x00, 0x05, 0x88, 0x96, 0x0d, 0x73, 0xd7, 0x19, 0x01, 0x03, 0xf7, 0xef, 0x15,
    ]);
    b
}
