//! Helpers shared by the OpenTimestamps tests: the vector files and small readers.
#![allow(dead_code)]

use sealbook_core::hex;
use sealbook_core::ots::bitcoin::BlockHeader;
use sealbook_core::ots::DetachedTimestampFile;
use sealbook_tests::vectors_dir;
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
    assert!(v.len() >= 45, "expected the full vector set, found {}", v.len());
    v
}
