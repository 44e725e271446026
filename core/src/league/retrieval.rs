//! The retrieval record (`retrieval.json`), spec Appendix C, the analysis release: "a
//! manifest of every file's SHA-256, size and retrieval time, and the declared generation
//! time". The league's `manifest.json` states the generation time (`generated_at`); the
//! retrieval times are the retriever's, so `sealbook fetch URL DIR` writes this record beside
//! the manifest it stores: the manifest's address, its SHA-256 and `generated_at`, when the
//! manifest was retrieved, and each file in DIR as listed with its path, size, SHA-256 and
//! `retrieved_at` (UTC). This module owns the layout: the builder the fetch uses (times handed
//! in: core reads no clock), the reader, and the check `sealbook verify DIR` makes of a
//! directory's files against it (a size or SHA-256 that does not match its file is a named
//! failure; no record is no failure).
//!
//! Layout (pretty JSON, final LF; `files` sorted by path, each path once):
//! `{"format": "sealbook-retrieval-1", "manifest_url", "manifest_sha256", "league",
//! "generated_at" (null when the manifest states none), "manifest_retrieved_at",
//! "files": [{"path", "bytes", "sha256", "retrieved_at"}]}`.

use crate::calendar::Instant;
use crate::hex::is_sha256_hex;
use crate::hex::sha256_hex;
use crate::league::manifest::{path_is_safe, Manifest, ManifestFile, MANIFEST_FILE};
pub use crate::records::names::RETRIEVAL_FILE;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record's `format`.
pub const RETRIEVAL_FORMAT: &str = "sealbook-retrieval-1";

/// Most bytes of a record read (a record lists what a manifest lists, and a manifest is at most
/// [`crate::league::manifest::MAX_MANIFEST_BYTES`]; a retrieval time adds about 40 bytes a file).
pub const MAX_RETRIEVAL_BYTES: usize = 2 * crate::league::manifest::MAX_MANIFEST_BYTES;

/// One retrieved file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetrievedFile {
    /// Relative to the directory, `/`-separated (as the manifest lists it).
    pub path: String,
    /// The file's size in bytes, as retrieved.
    pub bytes: u64,
    /// Lowercase hex.
    pub sha256: String,
    /// When the file was retrieved (UTC RFC 3339).
    pub retrieved_at: String,
}

/// The whole record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retrieval {
    /// The record's layout, always [`RETRIEVAL_FORMAT`] (`sealbook-retrieval-1`).
    pub format: String,
    /// The manifest's address the files were retrieved from.
    pub manifest_url: String,
    /// SHA-256 of the manifest's bytes as retrieved (the stored `manifest.json`).
    pub manifest_sha256: String,
    /// The league's name, as the manifest states it.
    pub league: String,
    /// The manifest's declared generation time; None when it states none.
    pub generated_at: Option<String>,
    /// When the manifest was retrieved (UTC RFC 3339).
    pub manifest_retrieved_at: String,
    /// Sorted by path, each path once.
    pub files: Vec<RetrievedFile>,
}

/// Why a record cannot be read: the field at fault and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetrievalError {
    /// The field at fault (`manifest_sha256`, `files[2].path`).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for RetrievalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{RETRIEVAL_FILE}: field {}: {}",
            self.field, self.message
        )
    }
}

impl std::error::Error for RetrievalError {}

fn err(field: impl Into<String>, message: impl Into<String>) -> RetrievalError {
    RetrievalError {
        field: field.into(),
        message: message.into(),
    }
}

impl Retrieval {
    /// The record of a manifest retrieved from `manifest_url` at `at`, with no file yet.
    pub fn new(
        manifest_url: &str,
        manifest_bytes: &[u8],
        manifest: &Manifest,
        at: Instant,
    ) -> Retrieval {
        Retrieval {
            format: RETRIEVAL_FORMAT.into(),
            manifest_url: manifest_url.into(),
            manifest_sha256: sha256_hex(manifest_bytes),
            league: manifest.league.clone(),
            generated_at: manifest.generated_at.clone(),
            manifest_retrieved_at: at.to_rfc3339(),
            files: Vec::new(),
        }
    }

    /// Records `file` (as listed, and in place as listed) retrieved at `at`; a path recorded
    /// before is replaced. Keeps `files` sorted by path.
    pub fn record(&mut self, file: &ManifestFile, at: &str) {
        let entry = RetrievedFile {
            path: file.path.clone(),
            bytes: file.bytes,
            sha256: file.sha256.clone(),
            retrieved_at: at.into(),
        };
        match self.files.binary_search_by(|f| f.path.cmp(&file.path)) {
            Ok(i) => self.files[i] = entry,
            Err(i) => self.files.insert(i, entry),
        }
    }

    /// When an earlier record says `file` was retrieved with the same size and SHA-256: a file
    /// kept on a resumed fetch keeps its first retrieval time.
    pub fn retrieved_at(&self, file: &ManifestFile) -> Option<&str> {
        self.files
            .iter()
            .find(|f| f.path == file.path && f.bytes == file.bytes && f.sha256 == file.sha256)
            .map(|f| f.retrieved_at.as_str())
    }

    /// The record's bytes: pretty JSON with a final LF.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("a retrieval record serializes");
        b.push(b'\n');
        b
    }

    /// The record read back: its format, every path safe, sorted and once, every SHA-256 64
    /// lowercase hex digits, every time UTC RFC 3339; the error names the field.
    pub fn parse(bytes: &[u8]) -> Result<Retrieval, RetrievalError> {
        if bytes.len() > MAX_RETRIEVAL_BYTES {
            return Err(err(
                "(file)",
                format!(
                    "{} bytes, more than the {MAX_RETRIEVAL_BYTES} a record may hold",
                    bytes.len()
                ),
            ));
        }
        let r: Retrieval = serde_json::from_slice(bytes).map_err(|e| {
            err(
                "(file)",
                format!("line {}, column {}: {e}", e.line(), e.column()),
            )
        })?;
        if r.format != RETRIEVAL_FORMAT {
            return Err(err(
                "format",
                format!("{:?}, not {RETRIEVAL_FORMAT}", r.format),
            ));
        }
        if !is_sha256_hex(&r.manifest_sha256) {
            return Err(err("manifest_sha256", "not 64 lowercase hex digits"));
        }
        let time = |field: String, s: &str| match Instant::parse_rfc3339(s) {
            Some(_) => Ok(()),
            None => Err(err(field, format!("{s:?} is not an RFC 3339 time"))),
        };
        time("manifest_retrieved_at".into(), &r.manifest_retrieved_at)?;
        if let Some(g) = &r.generated_at {
            time("generated_at".into(), g)?;
        }
        for (i, f) in r.files.iter().enumerate() {
            let at = format!("files[{i}]");
            if !path_is_safe(&f.path) || f.path == MANIFEST_FILE || f.path == RETRIEVAL_FILE {
                return Err(err(
                    format!("{at}.path"),
                    format!("{:?} is not a listed file's path", f.path),
                ));
            }
            if i > 0 && r.files[i - 1].path >= f.path {
                return Err(err(
                    format!("{at}.path"),
                    format!("{:?} is listed twice or out of order", f.path),
                ));
            }
            if !is_sha256_hex(&f.sha256) {
                return Err(err(format!("{at}.sha256"), "not 64 lowercase hex digits"));
            }
            time(format!("{at}.retrieved_at"), &f.retrieved_at)?;
        }
        Ok(r)
    }

    /// Every recorded file held to `found` (a file of the directory by path: its bytes, None
    /// when absent), and the stored manifest (its bytes, None when absent) to
    /// `manifest_sha256`: each problem in English, naming the record, the file and the field.
    pub fn check<'a>(
        &self,
        manifest: Option<&[u8]>,
        found: impl Fn(&str) -> Option<&'a [u8]>,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(m) = manifest {
            let h = sha256_hex(m);
            if h != self.manifest_sha256 {
                problems.push(format!(
                    "{RETRIEVAL_FILE}: field manifest_sha256: {MANIFEST_FILE} has SHA-256 {h}, the record states {}",
                    self.manifest_sha256
                ));
            }
        }
        for (i, f) in self.files.iter().enumerate() {
            let Some(bytes) = found(&f.path) else {
                problems.push(format!(
                    "{RETRIEVAL_FILE}: files[{i}] {}: not in the directory",
                    f.path
                ));
                continue;
            };
            if bytes.len() as u64 != f.bytes {
                problems.push(format!(
                    "{RETRIEVAL_FILE}: files[{i}].bytes: {} has {} bytes, the record states {}",
                    f.path,
                    bytes.len(),
                    f.bytes
                ));
                continue;
            }
            let h = sha256_hex(bytes);
            if h != f.sha256 {
                problems.push(format!(
                    "{RETRIEVAL_FILE}: files[{i}].sha256: {} has SHA-256 {h}, the record states {}",
                    f.path, f.sha256
                ));
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest() -> (Vec<u8>, Manifest) {
        let bytes = br#"{"format": "sealbook-manifest-1", "league": "l", "methodology_version": "m", "generator": "g", "generated_at": "2026-10-21T13:00:19Z", "files": [{"path": "a.txt", "bytes": 3, "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}, {"path": "b/c.txt", "bytes": 0, "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}]}"#.to_vec();
        let m = Manifest::parse(&bytes).unwrap();
        (bytes, m)
    }

    #[test]
    fn built_read_back_and_held_to_the_files() {
        let (mb, m) = manifest();
        let t = Instant::parse_rfc3339("2026-12-07T11:00:00Z").unwrap();
        let mut r = Retrieval::new("http://127.0.0.1:1/l/manifest.json", &mb, &m, t);
        r.record(&m.files[1], "2026-12-07T11:00:02Z");
        r.record(&m.files[0], "2026-12-07T11:00:01Z");
        assert_eq!(r.files[0].path, "a.txt");
        assert_eq!(r.generated_at.as_deref(), Some("2026-10-21T13:00:19Z"));
        assert_eq!(r.retrieved_at(&m.files[0]), Some("2026-12-07T11:00:01Z"));
        let bytes = r.to_bytes();
        assert_eq!(Retrieval::parse(&bytes).unwrap(), r);
        let files = |p: &str| match p {
            "a.txt" => Some(&b"abc"[..]),
            "b/c.txt" => Some(&b""[..]),
            _ => None,
        };
        assert!(r.check(Some(&mb), files).is_empty());
        let tampered = |p: &str| match p {
            "a.txt" => Some(&b"abd"[..]),
            _ => None,
        };
        assert_eq!(
            r.check(Some(b"{}"), tampered),
            [
                format!("retrieval.json: field manifest_sha256: manifest.json has SHA-256 {}, the record states {}", sha256_hex(b"{}"), sha256_hex(&mb)),
                "retrieval.json: files[0].sha256: a.txt has SHA-256 a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9, the record states ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".to_string(),
                "retrieval.json: files[1] b/c.txt: not in the directory".to_string(),
            ]
        );
        let short = |p: &str| (p == "a.txt").then_some(&b"ab"[..]).or(Some(&b""[..]));
        assert_eq!(
            r.check(None, short),
            ["retrieval.json: files[0].bytes: a.txt has 2 bytes, the record states 3"]
        );
    }

    #[test]
    fn a_malformed_record_names_its_field() {
        let (mb, m) = manifest();
        let t = Instant::parse_rfc3339("2026-12-07T11:00:00Z").unwrap();
        let mut r = Retrieval::new("u", &mb, &m, t);
        r.record(&m.files[0], "2026-12-07T11:00:01Z");
        let good = String::from_utf8(r.to_bytes()).unwrap();
        for (from, to, field) in [
            ("sealbook-retrieval-1", "other", "format"),
            ("\"a.txt\"", "\"../a.txt\"", "files[0].path"),
            ("\"a.txt\"", "\"manifest.json\"", "files[0].path"),
            ("ba7816bf", "BA7816bf", "files[0].sha256"),
            ("2026-12-07T11:00:01Z", "yesterday", "files[0].retrieved_at"),
            ("2026-12-07T11:00:00Z", "noon", "manifest_retrieved_at"),
            ("\"league\"", "\"leage\"", "(file)"),
        ] {
            let e = Retrieval::parse(good.replacen(from, to, 1).as_bytes()).unwrap_err();
            assert_eq!(e.field, field, "{from} -> {to}: {e}");
        }
        let mut twice = r.clone();
        twice.files.push(twice.files[0].clone());
        let e = Retrieval::parse(&twice.to_bytes()).unwrap_err();
        assert_eq!(e.field, "files[1].path");
        assert!(Retrieval::parse(b"[1").is_err());
    }
}
