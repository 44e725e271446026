//! `manifest.json`: every published file of a league directory with its size and SHA-256,
//! the league's name, its methodology version and the generator that wrote it (ARCHITECTURE.md
//! "Published files"; spec Appendix C). The one owner of the layout: [`Manifest::to_bytes`]
//! writes it, [`Manifest::parse`] reads it back, [`manifest_schema_bytes`] publishes its
//! JSON Schema, and [`Manifest::check_file`] / [`Manifest::check_files`] are how a reader
//! (the page, loading a league from a URL) holds fetched bytes to it, failing closed: a file
//! listed but missing, or whose size or SHA-256 differs, is a failure naming the file.
//!
//! The file's one time, `generated_at`, is read from the sealed lines, not from a clock, so
//! publishing the same files twice writes the same bytes.

use crate::hex;
pub use crate::records::names::MANIFEST_FILE;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The `format` this module writes and reads.
pub const MANIFEST_FORMAT: &str = "sealbook-manifest-1";
/// Largest manifest read (bytes): a season's league lists a few thousand files of under
/// 200 bytes each.
pub const MAX_MANIFEST_BYTES: usize = 16 << 20;
/// Most files one manifest may list.
pub const MAX_MANIFEST_FILES: usize = 100_000;
/// Longest path listed (bytes).
pub const MAX_PATH_BYTES: usize = 1024;

/// One listed file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    /// Relative to the league directory, `/`-separated.
    pub path: String,
    /// The file's size in bytes.
    pub bytes: u64,
    /// Lowercase hex.
    pub sha256: String,
}

/// The whole manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The manifest's layout, always [`MANIFEST_FORMAT`] (`sealbook-manifest-1`).
    pub format: String,
    /// The league's name (its declaration's `league`, else its `label`).
    pub league: String,
    /// The methodology version the league's runs state (spec §3.10).
    pub methodology_version: String,
    /// The program that wrote the manifest and the files it generated, with its version.
    pub generator: String,
    /// When the published files were generated, as the sealed files date it: the latest `at`
    /// or `booked_at` of any line of the league's ledgers ([`generated_at_of`]; UTC RFC 3339;
    /// spec Appendix C, the declared generation time). Read from the sealed lines, not from a
    /// clock, so publishing the same files writes the same bytes. Absent from manifests
    /// written before it was published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_at: Option<String>,
    /// Sorted by path, each path once; the manifest itself is not listed.
    pub files: Vec<ManifestFile>,
}

/// Why a manifest cannot be read: the field at fault and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    /// The field at fault (`format`, `files`, `files[3].sha256`), or `(file)` for the file as a
    /// whole.
    pub field: String,
    /// What is wrong with it.
    pub message: ManifestMsg,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{MANIFEST_FILE}: field {}: {}", self.field, self.message)
    }
}

impl std::error::Error for ManifestError {}

/// What is wrong with a manifest's field, as a message id with its arguments (the page words
/// it in the reader's language; `Display` is the English the CLI writes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestMsg {
    /// The file is larger than [`MAX_MANIFEST_BYTES`].
    TooLarge {
        /// The file's size in bytes.
        bytes: usize,
        /// The most bytes read, [`MAX_MANIFEST_BYTES`].
        max: usize,
    },
    /// Not JSON of the manifest's shape (`detail` is the JSON reader's own words).
    NotAManifest {
        /// The JSON reader's own sentence.
        detail: String,
        /// The 1-based line where reading failed.
        line: usize,
        /// The 1-based column where reading failed.
        column: usize,
    },
    /// `format` is not [`MANIFEST_FORMAT`].
    NotFormat {
        /// The `format` the file states.
        found: String,
    },
    /// More files than [`MAX_MANIFEST_FILES`].
    TooManyFiles {
        /// How many files the manifest lists.
        files: usize,
        /// The most read, [`MAX_MANIFEST_FILES`].
        max: usize,
    },
    /// A path [`path_is_safe`] refuses.
    UnsafePath {
        /// The path as listed.
        path: String,
    },
    /// `manifest.json` listed in itself.
    ListsItself,
    /// A SHA-256 that is not 64 lowercase hex digits.
    BadSha256 {
        /// The `sha256` as listed.
        sha256: String,
    },
    /// A path listed twice.
    ListedTwice {
        /// The path listed twice.
        path: String,
    },
    /// A path before the one it follows.
    OutOfOrder {
        /// The path that sorts before its predecessor.
        path: String,
    },
}

impl fmt::Display for ManifestMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManifestMsg::TooLarge { bytes, max } => {
                write!(f, "{bytes} bytes, at most {max} are read")
            }
            ManifestMsg::NotAManifest {
                detail,
                line,
                column,
            } => write!(f, "not a manifest: {detail} (line {line}, column {column})"),
            ManifestMsg::NotFormat { found } => {
                write!(f, "{found:?} is not {MANIFEST_FORMAT:?}")
            }
            ManifestMsg::TooManyFiles { files, max } => {
                write!(f, "{files} files, at most {max} are read")
            }
            ManifestMsg::UnsafePath { path } => {
                write!(f, "{path:?} is not a relative path inside the league")
            }
            ManifestMsg::ListsItself => f.write_str("the manifest does not list itself"),
            ManifestMsg::BadSha256 { sha256 } => {
                write!(f, "{sha256:?} is not 64 lowercase hex digits")
            }
            ManifestMsg::ListedTwice { path } => write!(f, "{path:?} is listed twice"),
            ManifestMsg::OutOfOrder { path } => {
                write!(f, "{path:?} is out of order: paths are sorted")
            }
        }
    }
}

fn err(field: impl Into<String>, message: ManifestMsg) -> ManifestError {
    ManifestError {
        field: field.into(),
        message,
    }
}

/// Whether `path` is one a manifest may list: relative, `/`-separated plain segments of
/// `A-Z a-z 0-9 . _ -` only, none empty, `.` or `..`, at most [`MAX_PATH_BYTES`] (spec
/// Appendix C names every published file within this alphabet). A reader joins the path to
/// the league's address, so it must stay inside the league: no `:` (`https:evil.example/x`
/// is another host), no `%` (`%2e%2e/` is `../` once decoded), no backslash, `?` or `#`, no
/// leading `/`.
pub fn path_is_safe(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= MAX_PATH_BYTES
        && path.split('/').all(|seg| {
            !seg.is_empty()
                && seg != "."
                && seg != ".."
                && seg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        })
}

/// The address of the listed file `path` (one [`path_is_safe`] accepts) in the league whose
/// manifest is at `manifest_url` (`http://` or `https://`): the manifest's folder, its query and
/// fragment dropped, joined with the path, as a browser resolves a relative reference
/// (spec Appendix B step 1). None when `manifest_url` is not an absolute HTTP(S) address with
/// a path, or `path` is not one a manifest may list.
pub fn listed_url(manifest_url: &str, path: &str) -> Option<String> {
    let rest = manifest_url
        .strip_prefix("https://")
        .or_else(|| manifest_url.strip_prefix("http://"))?;
    let scheme = &manifest_url[..manifest_url.len() - rest.len()];
    let rest = &rest[..rest.find(['?', '#']).unwrap_or(rest.len())];
    let slash = rest.find('/')?;
    let (host, folder) = (&rest[..slash], &rest[slash..]);
    if host.is_empty() || !path_is_safe(path) {
        return None;
    }
    let folder = &folder[..=folder.rfind('/')?];
    Some(format!("{scheme}{host}{folder}{path}"))
}

/// A file's state against the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum FileState {
    /// Size and SHA-256 as listed.
    Ok,
    /// Listed, but could not be had (not found, or not fetched); `why` says what happened.
    Missing {
        /// Why the file could not be had.
        why: MissingWhy,
    },
    /// The size differs from the listed one.
    SizeDiffers {
        /// The size the manifest lists, in bytes.
        listed: u64,
        /// The size of the bytes had, in bytes.
        found: u64,
    },
    /// The size is as listed but the SHA-256 is not.
    HashDiffers {
        /// The SHA-256 the manifest lists (hex).
        listed: String,
        /// The SHA-256 of the bytes had (hex).
        found: String,
    },
}

/// Why a listed file could not be had: not dropped, not read, or not fetched. The page reads
/// and fetches; the reasons are worded here, as message ids with their arguments (`detail` is
/// the browser's own words), so that the page says them in the reader's language. `Display` is
/// the English; in JSON the reason is that English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MissingWhy {
    /// No dropped file at the listed path.
    NotDropped,
    /// The dropped file could not be read.
    Unreadable {
        /// The browser's own words.
        detail: String,
    },
    /// The listed path makes no address against the manifest's.
    NotAUrl {
        /// The browser's own words.
        detail: String,
    },
    /// No browser window to fetch from.
    NoWindow,
    /// The request failed before an answer.
    RequestFailed {
        /// The browser's own words.
        detail: String,
    },
    /// What came back is not an HTTP response.
    NotHttpResponse,
    /// The server answered with an error status.
    Http {
        /// The HTTP status code.
        status: u16,
    },
    /// The answer declares more bytes than listed (its Content-Length): not read.
    TooLarge {
        /// The size the answer declares, in bytes.
        bytes: u64,
        /// The most bytes read: the listed size (the manifest's own: [`MAX_MANIFEST_BYTES`]).
        max: u64,
    },
    /// The answer's body could not be read.
    BodyUnreadable {
        /// The browser's own words.
        detail: String,
    },
}

impl fmt::Display for MissingWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MissingWhy::NotDropped => f.write_str("not among the dropped files"),
            MissingWhy::Unreadable { detail } => write!(f, "could not be read ({detail})"),
            MissingWhy::NotAUrl { detail } => write!(f, "not a URL ({detail})"),
            MissingWhy::NoWindow => f.write_str("no window to fetch from"),
            MissingWhy::RequestFailed { detail } => write!(f, "the request failed ({detail})"),
            MissingWhy::NotHttpResponse => f.write_str("not an HTTP response"),
            MissingWhy::Http { status } => write!(f, "HTTP {status}"),
            MissingWhy::TooLarge { bytes, max } => write!(f, "{bytes} bytes, more than {max}"),
            MissingWhy::BodyUnreadable { detail } => {
                write!(f, "the body could not be read ({detail})")
            }
        }
    }
}

impl Serialize for MissingWhy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One listed file's check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileCheck {
    /// The listed path, relative to the league directory.
    pub path: String,
    /// How the file compares with its listing (flattened into the JSON as `state` and its fields).
    #[serde(flatten)]
    pub state: FileState,
}

impl FileCheck {
    /// Whether the file was had with the listed size and SHA-256.
    pub fn ok(&self) -> bool {
        self.state == FileState::Ok
    }

    /// One line naming the file and what is wrong with it.
    pub fn describe(&self) -> String {
        match &self.state {
            FileState::Ok => format!("{}: as listed", self.path),
            FileState::Missing { why } => format!(
                "{}: listed in {MANIFEST_FILE} but missing ({why})",
                self.path
            ),
            FileState::SizeDiffers { listed, found } => format!(
                "{}: {found} bytes, {MANIFEST_FILE} lists {listed}",
                self.path
            ),
            FileState::HashDiffers { listed, found } => format!(
                "{}: SHA-256 {found}, {MANIFEST_FILE} lists {listed}",
                self.path
            ),
        }
    }
}

/// Every listed file's check, in the manifest's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ManifestCheck {
    /// The manifest's `league`.
    pub league: String,
    /// One check per listed file, in the manifest's order.
    pub files: Vec<FileCheck>,
}

impl ManifestCheck {
    /// True only when every listed file was had and matches.
    pub fn ok(&self) -> bool {
        self.files.iter().all(FileCheck::ok)
    }

    /// The checks that failed, in the manifest's order.
    pub fn failures(&self) -> impl Iterator<Item = &FileCheck> {
        self.files.iter().filter(|f| !f.ok())
    }
}

impl Manifest {
    /// The manifest of `files` (path relative to the league directory, bytes), sorted by path.
    /// A path listed twice, or one [`path_is_safe`] refuses, is an error naming it.
    pub fn build<'a>(
        league: &str,
        methodology_version: &str,
        generator: &str,
        files: impl IntoIterator<Item = (&'a str, &'a [u8])>,
    ) -> Result<Manifest, ManifestError> {
        let mut listed: Vec<ManifestFile> = files
            .into_iter()
            .map(|(path, bytes)| ManifestFile {
                path: path.to_string(),
                bytes: bytes.len() as u64,
                sha256: hex::sha256_hex(bytes),
            })
            .collect();
        listed.sort_by(|a, b| a.path.cmp(&b.path));
        let m = Manifest {
            format: MANIFEST_FORMAT.into(),
            league: league.into(),
            methodology_version: methodology_version.into(),
            generator: generator.into(),
            generated_at: None,
            files: listed,
        };
        m.validate()?;
        Ok(m)
    }

    /// The published bytes: pretty JSON (the fields in the order above) with a final LF.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("a manifest serializes");
        b.push(b'\n');
        b
    }

    /// Reads a manifest, refusing what [`Manifest::build`] would not write: another format,
    /// an unknown field, an unsafe or repeated path, a SHA-256 that is not 64 lowercase hex
    /// digits, more than [`MAX_MANIFEST_FILES`] files or [`MAX_MANIFEST_BYTES`] bytes.
    pub fn parse(bytes: &[u8]) -> Result<Manifest, ManifestError> {
        if bytes.len() > MAX_MANIFEST_BYTES {
            return Err(err(
                "(file)",
                ManifestMsg::TooLarge {
                    bytes: bytes.len(),
                    max: MAX_MANIFEST_BYTES,
                },
            ));
        }
        let m: Manifest = serde_json::from_slice(bytes).map_err(|e| {
            err(
                "(file)",
                ManifestMsg::NotAManifest {
                    detail: e.to_string(),
                    line: e.line(),
                    column: e.column(),
                },
            )
        })?;
        if m.format != MANIFEST_FORMAT {
            return Err(err(
                "format",
                ManifestMsg::NotFormat {
                    found: m.format.clone(),
                },
            ));
        }
        m.validate()?;
        Ok(m)
    }

    fn validate(&self) -> Result<(), ManifestError> {
        if self.files.len() > MAX_MANIFEST_FILES {
            return Err(err(
                "files",
                ManifestMsg::TooManyFiles {
                    files: self.files.len(),
                    max: MAX_MANIFEST_FILES,
                },
            ));
        }
        for (i, f) in self.files.iter().enumerate() {
            let at = format!("files[{i}]");
            if !path_is_safe(&f.path) {
                return Err(err(
                    format!("{at}.path"),
                    ManifestMsg::UnsafePath {
                        path: f.path.clone(),
                    },
                ));
            }
            if f.path == MANIFEST_FILE {
                return Err(err(format!("{at}.path"), ManifestMsg::ListsItself));
            }
            if f.sha256.len() != 64
                || !f
                    .sha256
                    .bytes()
                    .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
            {
                return Err(err(
                    format!("{at}.sha256"),
                    ManifestMsg::BadSha256 {
                        sha256: f.sha256.clone(),
                    },
                ));
            }
            if i > 0 && self.files[i - 1].path >= f.path {
                let path = f.path.clone();
                let message = if self.files[i - 1].path == f.path {
                    ManifestMsg::ListedTwice { path }
                } else {
                    ManifestMsg::OutOfOrder { path }
                };
                return Err(err(format!("{at}.path"), message));
            }
        }
        Ok(())
    }

    /// The listed file at `path`.
    pub fn file(&self, path: &str) -> Option<&ManifestFile> {
        self.files
            .binary_search_by(|f| f.path.as_str().cmp(path))
            .ok()
            .map(|i| &self.files[i])
    }

    /// `bytes` (`Err(why)`: the file could not be had) against the listed `file`.
    pub fn check_file(file: &ManifestFile, bytes: Result<&[u8], MissingWhy>) -> FileCheck {
        Manifest::check_digest(
            file,
            bytes.map(|b| (b.len() as u64, <[u8; 32]>::from(Sha256::digest(b)))),
        )
    }

    /// A file's size and SHA-256, hashed while it was read or downloaded (`Err(why)`: it could
    /// not be had), against the listed `file`.
    pub fn check_digest(
        file: &ManifestFile,
        found: Result<(u64, [u8; 32]), MissingWhy>,
    ) -> FileCheck {
        let state = match found {
            Err(why) => FileState::Missing { why },
            Ok((size, _)) if size != file.bytes => FileState::SizeDiffers {
                listed: file.bytes,
                found: size,
            },
            Ok((_, digest)) => {
                let found = hex::encode(&digest);
                if found == file.sha256 {
                    FileState::Ok
                } else {
                    FileState::HashDiffers {
                        listed: file.sha256.clone(),
                        found,
                    }
                }
            }
        };
        FileCheck {
            path: file.path.clone(),
            state,
        }
    }

    /// Every listed file against what `get` returns for its path (`Err(why)` when it could not
    /// be had).
    pub fn check_files<'a>(
        &self,
        mut get: impl FnMut(&str) -> Result<&'a [u8], MissingWhy>,
    ) -> ManifestCheck {
        let files = self
            .files
            .iter()
            .map(|f| Manifest::check_file(f, get(&f.path)))
            .collect();
        ManifestCheck {
            league: self.league.clone(),
            files,
        }
    }
}

/// The generation time of a league's published files (spec Appendix C): the latest `at` or
/// `booked_at` of any line of `ledgers` (the book, the ask chain), as UTC RFC 3339. Lines or
/// times that cannot be read are skipped (the chain check reports them); None when no line
/// states a time.
pub fn generated_at_of(ledgers: &[&[u8]]) -> Option<String> {
    let mut latest: Option<crate::calendar::Instant> = None;
    for ledger in ledgers {
        for line in ledger.split(|b| *b == b'\n') {
            let Ok(o) = crate::book::canon::parse_line_object(line) else {
                continue;
            };
            for key in ["at", "booked_at"] {
                let t = o
                    .get(key)
                    .and_then(|v| v.as_str())
                    .and_then(crate::calendar::Instant::parse_rfc3339);
                if let Some(t) = t {
                    latest = Some(latest.map_or(t, |l| l.max(t)));
                }
            }
        }
    }
    latest.map(|t| t.to_rfc3339())
}

/// The JSON Schema of `manifest.json` (`sealbook schema manifest`).
pub fn manifest_schema() -> serde_json::Value {
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "manifest.schema.json",
        "title": "League manifest",
        "description": "Every published file of a league directory with its size and SHA-256 (Sealed Before the Open, Appendix C). Paths are relative to the directory holding manifest.json, '/'-separated, sorted, each once; the manifest does not list itself.",
        "type": "object",
        "required": ["format", "league", "methodology_version", "generator", "files"],
        "additionalProperties": false,
        "properties": {
            "format": {"const": MANIFEST_FORMAT},
            "league": {"type": "string", "description": "The league's name."},
            "methodology_version": {"type": "string", "description": "The methodology version the league's runs state."},
            "generator": {"type": "string", "description": "The program and version that wrote the manifest."},
            "generated_at": {"type": "string", "format": "date-time", "description": "When the files were generated, as the sealed files date it: the latest at or booked_at of any line of the league's ledgers (UTC)."},
            "files": {
                "type": "array",
                "maxItems": MAX_MANIFEST_FILES,
                "items": {
                    "type": "object",
                    "required": ["path", "bytes", "sha256"],
                    "additionalProperties": false,
                    "properties": {
                        "path": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": MAX_PATH_BYTES,
                            "pattern": "^(?!(.*/)?\\.{1,2}(/|$))[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$",
                            "description": "Relative to the league directory: '/'-separated segments of A-Z a-z 0-9 . _ - only; no empty, '.' or '..' segment."
                        },
                        "bytes": {"type": "integer", "minimum": 0},
                        "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"}
                    }
                }
            }
        }
    })
}

/// [`manifest_schema`] as published: pretty JSON with a final LF.
pub fn manifest_schema_bytes() -> Vec<u8> {
    let mut b = serde_json::to_vec_pretty(&manifest_schema()).expect("a JSON value");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Manifest {
        Manifest::build(
            "my league",
            "m-1",
            "sealbook 0.1.0",
            [
                ("proof/2026-10-20/130025Z.txt", &b"list"[..]),
                ("council-book.jsonl", &b"{}\n"[..]),
            ],
        )
        .unwrap()
    }

    #[test]
    fn writes_sorted_and_reads_back() {
        let m = sample();
        assert_eq!(m.files[0].path, "council-book.jsonl");
        assert_eq!(m.files[0].bytes, 3);
        let b = m.to_bytes();
        assert!(b.ends_with(b"}\n"));
        assert_eq!(Manifest::parse(&b).unwrap(), m);
        assert_eq!(
            m.file("proof/2026-10-20/130025Z.txt").unwrap().sha256,
            hex::sha256_hex(b"list")
        );
        assert!(m.file("nope").is_none());
    }

    #[test]
    fn checks_fail_closed_naming_the_file() {
        let m = sample();
        let c = m.check_files(|p| match p {
            "council-book.jsonl" => Ok(&b"{}\n"[..]),
            _ => Err(MissingWhy::Http { status: 404 }),
        });
        assert!(!c.ok());
        let bad: Vec<_> = c.failures().map(FileCheck::describe).collect();
        assert_eq!(
            bad,
            ["proof/2026-10-20/130025Z.txt: listed in manifest.json but missing (HTTP 404)"]
        );
        let f = &m.files[0];
        assert_eq!(
            Manifest::check_file(f, Ok(b"{}")).state,
            FileState::SizeDiffers {
                listed: 3,
                found: 2
            }
        );
        assert!(matches!(
            Manifest::check_file(f, Ok(b"[]\n")).state,
            FileState::HashDiffers { .. }
        ));
        assert!(Manifest::check_file(f, Ok(b"{}\n")).ok());
    }

    #[test]
    fn hostile_manifests_are_refused_by_field() {
        let good = String::from_utf8(sample().to_bytes()).unwrap();
        for (from, to, field) in [
            ("sealbook-manifest-1", "other-2", "format"),
            (
                "\"council-book.jsonl\"",
                "\"../etc/passwd\"",
                "files[0].path",
            ),
            ("\"council-book.jsonl\"", "\"/etc/passwd\"", "files[0].path"),
            ("\"council-book.jsonl\"", "\"a/./b\"", "files[0].path"),
            ("\"council-book.jsonl\"", "\"a\\\\b\"", "files[0].path"),
            (
                "\"council-book.jsonl\"",
                "\"https:evil.example/x\"",
                "files[0].path",
            ),
            ("\"council-book.jsonl\"", "\"%2e%2e/x\"", "files[0].path"),
            ("\"council-book.jsonl\"", "\"a/%2e%2e/b\"", "files[0].path"),
            ("\"council-book.jsonl\"", "\"a/b%2fc\"", "files[0].path"),
            ("\"council-book.jsonl\"", "\"c:/x\"", "files[0].path"),
            (
                "\"council-book.jsonl\"",
                "\"manifest.json\"",
                "files[0].path",
            ),
            ("\"council-book.jsonl\"", "\"zzz\"", "files[1].path"),
            (
                "\"council-book.jsonl\"",
                "\"proof/2026-10-20/130025Z.txt\"",
                "files[1].path",
            ),
            ("\"bytes\": 3", "\"bytes\": -3", "(file)"),
            ("\"league\"", "\"extra\": 1, \"league\"", "(file)"),
        ] {
            let bad = good.replacen(from, to, 1);
            assert_ne!(bad, good, "{from}");
            let e = Manifest::parse(bad.as_bytes()).unwrap_err();
            assert_eq!(e.field, field, "{from} -> {to}: {e}");
        }
        let upper = good.replacen(
            &sample().files[0].sha256,
            &sample().files[0].sha256.to_uppercase(),
            1,
        );
        assert_eq!(
            Manifest::parse(upper.as_bytes()).unwrap_err().field,
            "files[0].sha256"
        );
        assert_eq!(Manifest::parse(b"[1,").unwrap_err().field, "(file)");
        assert!(Manifest::build("l", "m", "g", [("a", &b""[..]), ("a", &b""[..])]).is_err());
    }

    #[test]
    fn the_generation_time_is_the_latest_sealed_time() {
        let book = b"{\"at\": \"2026-10-19T12:30:00.002000Z\", \"booked_at\": \"2026-10-19T12:30:00.004000Z\"}\n{\"at\": \"2026-10-19T12:30:00Z\"}\nnot json\n";
        let asks = b"{\"at\": \"2026-10-16T16:00:00Z\"}\n";
        assert_eq!(
            generated_at_of(&[book, asks]).as_deref(),
            Some("2026-10-19T12:30:00.004000Z")
        );
        assert_eq!(generated_at_of(&[b"{}\n"]), None);
        let mut m = sample();
        m.generated_at = generated_at_of(&[asks]);
        let b = m.to_bytes();
        assert!(String::from_utf8_lossy(&b).contains("\"generated_at\": \"2026-10-16T16:00:00Z\""));
        assert_eq!(Manifest::parse(&b).unwrap(), m);
        // A manifest without it still reads.
        assert_eq!(
            Manifest::parse(&sample().to_bytes()).unwrap().generated_at,
            None
        );
    }

    #[test]
    fn only_plain_relative_segments_are_safe() {
        for ok in [
            "council-book.jsonl",
            "asks/0a1b.md",
            "proof/2026-10-20/130025Z.txt.freetsa.tsr",
            "replies/2026-10-21-am/gpt_failing.txt",
            "arena-code-core-src-arena-engine.rs.txt",
            "a/.b/..c",
        ] {
            assert!(path_is_safe(ok), "{ok}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "a/../b",
            "a/./b",
            ".",
            "a//b",
            "a/",
            "https:evil.example/x",
            "https://evil.example/x",
            "//evil.example/x",
            "%2e%2e/x",
            "a/%2E%2E/b",
            "a%2fb",
            "c:/windows",
            "a\\b",
            "a b",
            "a?b",
            "a#b",
            "a\u{0}b",
            "caf\u{e9}.txt",
            "a/b\nc",
        ] {
            assert!(!path_is_safe(bad), "{bad:?}");
        }
        assert!(!path_is_safe(&"a".repeat(MAX_PATH_BYTES + 1)));
    }

    #[test]
    fn messages_are_the_english_the_cli_writes() {
        let good = String::from_utf8(sample().to_bytes()).unwrap();
        let said = |from: &str, to: &str| {
            Manifest::parse(good.replacen(from, to, 1).as_bytes())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            said("sealbook-manifest-1", "other-2"),
            r#"manifest.json: field format: "other-2" is not "sealbook-manifest-1""#
        );
        assert_eq!(
            said("\"council-book.jsonl\"", "\"../x\""),
            r#"manifest.json: field files[0].path: "../x" is not a relative path inside the league"#
        );
        assert_eq!(
            said("\"council-book.jsonl\"", "\"manifest.json\""),
            "manifest.json: field files[0].path: the manifest does not list itself"
        );
        assert_eq!(
            said("\"council-book.jsonl\"", "\"proof/2026-10-20/130025Z.txt\""),
            r#"manifest.json: field files[1].path: "proof/2026-10-20/130025Z.txt" is listed twice"#
        );
        assert_eq!(
            said("\"council-book.jsonl\"", "\"zzz\""),
            r#"manifest.json: field files[1].path: "proof/2026-10-20/130025Z.txt" is out of order: paths are sorted"#
        );
        assert!(Manifest::parse(b"[1,")
            .unwrap_err()
            .to_string()
            .starts_with("manifest.json: field (file): not a manifest: "));
        assert_eq!(
            ManifestMsg::TooLarge { bytes: 9, max: 8 }.to_string(),
            "9 bytes, at most 8 are read"
        );
        assert_eq!(
            ManifestMsg::TooManyFiles { files: 9, max: 8 }.to_string(),
            "9 files, at most 8 are read"
        );
        assert_eq!(
            ManifestMsg::BadSha256 {
                sha256: "AB".into()
            }
            .to_string(),
            r#""AB" is not 64 lowercase hex digits"#
        );
        let why = [
            (MissingWhy::NotDropped, "not among the dropped files"),
            (MissingWhy::Http { status: 404 }, "HTTP 404"),
            (
                MissingWhy::TooLarge { bytes: 9, max: 8 },
                "9 bytes, more than 8",
            ),
            (
                MissingWhy::RequestFailed {
                    detail: "TypeError".into(),
                },
                "the request failed (TypeError)",
            ),
        ];
        for (w, english) in why {
            assert_eq!(w.to_string(), english);
            assert_eq!(
                serde_json::to_value(FileState::Missing { why: w }).unwrap(),
                serde_json::json!({"state": "missing", "why": english})
            );
        }
    }

    #[test]
    fn the_schema_describes_what_is_written() {
        let s = manifest_schema();
        let required: Vec<_> = s["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let written = serde_json::to_value(sample()).unwrap();
        let keys: Vec<_> = written
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut r = required.clone();
        r.sort();
        let mut k = keys.clone();
        k.sort();
        assert_eq!(r, k);
        assert!(manifest_schema_bytes().ends_with(b"}\n"));
    }

    #[test]
    fn listed_files_resolve_against_the_manifests_folder() {
        let at = |m: &str, p: &str| listed_url(m, p);
        assert_eq!(
            at("https://h.example/l/manifest.json", "proof/d/1.txt").as_deref(),
            Some("https://h.example/l/proof/d/1.txt")
        );
        assert_eq!(
            at("http://127.0.0.1:8/data/manifest.json?v=2#x", "a.csv").as_deref(),
            Some("http://127.0.0.1:8/data/a.csv")
        );
        // A query's slash is not the folder's.
        assert_eq!(
            at("https://h.example/m.json?next=/x/y", "a").as_deref(),
            Some("https://h.example/a")
        );
        assert_eq!(at("https://h.example", "a"), None);
        assert_eq!(at("https:///manifest.json", "a"), None);
        assert_eq!(at("ftp://h.example/manifest.json", "a"), None);
        assert_eq!(at("file:///etc/manifest.json", "a"), None);
        for hostile in [
            "../a",
            "/a",
            "a/../../b",
            "https:evil.example/a",
            "%2e%2e/a",
            "a?b",
        ] {
            assert_eq!(
                at("https://h.example/l/manifest.json", hostile),
                None,
                "{hostile}"
            );
        }
    }

    #[test]
    fn a_digest_taken_while_reading_is_checked_as_the_bytes_are() {
        let m = sample();
        let f = &m.files[0];
        let d = <[u8; 32]>::from(Sha256::digest(b"{}\n"));
        assert!(Manifest::check_digest(f, Ok((3, d))).ok());
        assert_eq!(
            Manifest::check_digest(f, Ok((4, d))).state,
            FileState::SizeDiffers {
                listed: 3,
                found: 4
            }
        );
        let other = <[u8; 32]>::from(Sha256::digest(b"{}\r"));
        assert!(matches!(
            Manifest::check_digest(f, Ok((3, other))).state,
            FileState::HashDiffers { .. }
        ));
        assert_eq!(
            Manifest::check_file(f, Ok(b"{}\n")),
            Manifest::check_digest(f, Ok((3, d)))
        );
    }
}
