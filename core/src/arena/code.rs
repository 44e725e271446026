//! `arena-code.json` (spec §4.11, Appendix B step 8): every code file of the engine with its
//! SHA-256, each published beside it as `arena-code-<file>.txt`, the file's path with `/`
//! replaced by `-` (`tools/replay.py` -> `arena-code-tools-replay.py.txt`). This module writes
//! the list ([`code_list`]) and checks published text files against it ([`check_code`]).
//!
//! Layout: `{"files": [{"file": "<path>", "sha256": "<64 lowercase hex>", "bytes": <size>}]}`.

use crate::hex;
pub use crate::records::names::CODE_FILE;
use serde::{Deserialize, Serialize};

/// Most files listed (the spec's engine has 19).
pub const MAX_FILES: usize = 1_000;

/// One listed file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeEntry {
    /// The code file's path in the engine's tree (e.g. `tools/replay.py`).
    pub file: String,
    /// SHA-256 of the file's bytes, 64 lowercase hex digits.
    pub sha256: String,
    /// The file's size in bytes.
    pub bytes: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeList {
    files: Vec<CodeEntry>,
}

/// The engine's code as compiled into this build (Appendix B step 8: "the portfolio engine's
/// code is published as text ... each file with its SHA-256"): every file of `core/src/arena/`
/// and the calendar and numeric code it calls, by path in the repository, embedded at compile
/// time so the published text is exactly the code that ran.
pub const ENGINE_CODE: [(&str, &str); 13] = [
    ("core/src/arena/bets.rs", include_str!("bets.rs")),
    ("core/src/arena/code.rs", include_str!("code.rs")),
    (
        "core/src/arena/eligibility.rs",
        include_str!("eligibility.rs"),
    ),
    ("core/src/arena/engine.rs", include_str!("engine.rs")),
    ("core/src/arena/league.rs", include_str!("league.rs")),
    ("core/src/arena/mod.rs", include_str!("mod.rs")),
    ("core/src/arena/money.rs", include_str!("money.rs")),
    ("core/src/arena/protocol.rs", include_str!("protocol.rs")),
    ("core/src/arena/records.rs", include_str!("records.rs")),
    ("core/src/arena/replay.rs", include_str!("replay.rs")),
    ("core/src/calendar.rs", include_str!("../calendar.rs")),
    (
        "core/src/stats/numpy_reduce.rs",
        include_str!("../stats/numpy_reduce.rs"),
    ),
    ("core/src/stats/rng.rs", include_str!("../stats/rng.rs")),
];

/// `arena-code.json` and every `arena-code-<file>.txt` of [`ENGINE_CODE`]: (published name,
/// bytes), the list first.
pub fn engine_code_files() -> Vec<(String, Vec<u8>)> {
    let files: Vec<(&str, &[u8])> = ENGINE_CODE
        .iter()
        .map(|(f, t)| (*f, t.as_bytes()))
        .collect();
    let mut out = vec![(CODE_FILE.to_string(), code_list(&files))];
    out.extend(
        ENGINE_CODE
            .iter()
            .map(|(f, t)| (text_name(f), t.as_bytes().to_vec())),
    );
    out
}

/// The published name of a listed file's text.
pub fn text_name(file: &str) -> String {
    format!("arena-code-{}.txt", file.replace('/', "-"))
}

/// Writes `arena-code.json` for `files` (path, bytes), in the order given.
pub fn code_list(files: &[(&str, &[u8])]) -> Vec<u8> {
    let list = CodeList {
        files: files
            .iter()
            .map(|(f, b)| CodeEntry {
                file: f.to_string(),
                sha256: hex::sha256_hex(b),
                bytes: b.len() as u64,
            })
            .collect(),
    };
    let mut b = serde_json::to_vec_pretty(&list).expect("a list serializes");
    b.push(b'\n');
    b
}

/// One file's check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeCheck {
    /// The listed path.
    pub file: String,
    /// The published text file's name, `arena-code-<path with / as ->.txt`.
    pub text: String,
    /// The listed SHA-256.
    pub expected: String,
    /// The published text's SHA-256; None when it is not published.
    pub actual: Option<String>,
    /// Whether the published text exists and its SHA-256 is the listed one.
    pub ok: bool,
}

/// Why `arena-code.json` cannot be read (spec §4.11; Appendix B step 8). `Display` names the
/// file, in the CLI's English; the Accounts page renders each variant in the reader's
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not the list's JSON; `detail` is the JSON reader's own words.
    Json {
        /// 1-based line of the JSON error.
        line: usize,
        /// 1-based column of the JSON error.
        column: usize,
        /// The JSON reader's message.
        detail: String,
    },
    /// More than `max` files are listed.
    TooManyFiles {
        /// The most files read, [`MAX_FILES`].
        max: usize,
    },
    /// Entry `files[index]` has a bad file name or sha256.
    BadEntry {
        /// 0-based position of the entry in `files`.
        index: usize,
    },
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::Json {
                line,
                column,
                detail,
            } => write!(f, "{CODE_FILE}: line {line} column {column}: {detail}"),
            CodeError::TooManyFiles { max } => {
                write!(f, "{CODE_FILE}: field files: more than {max} files")
            }
            CodeError::BadEntry { index } => {
                write!(f, "{CODE_FILE}: files[{index}]: bad file name or sha256")
            }
        }
    }
}

impl std::error::Error for CodeError {}

/// Checks every listed file: `published(name)` gives the bytes of `arena-code-<file>.txt`, or
/// None when it is absent (a failed check: fail closed). Errors on an unreadable list.
pub fn check_code(
    list: &[u8],
    published: &dyn Fn(&str) -> Option<Vec<u8>>,
) -> Result<Vec<CodeCheck>, CodeError> {
    let l: CodeList = serde_json::from_slice(list).map_err(|e| CodeError::Json {
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    })?;
    if l.files.len() > MAX_FILES {
        return Err(CodeError::TooManyFiles { max: MAX_FILES });
    }
    l.files
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let bad_hex = e.sha256.len() != 64
                || !e
                    .sha256
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
            if bad_hex || e.file.is_empty() || e.file.contains("..") || e.file.len() > 256 {
                return Err(CodeError::BadEntry { index: i });
            }
            let text = text_name(&e.file);
            let actual = published(&text).map(|b| hex::sha256_hex(&b));
            Ok(CodeCheck {
                ok: actual.as_deref() == Some(e.sha256.as_str()),
                file: e.file.clone(),
                text,
                expected: e.sha256.clone(),
                actual,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_checks_its_own_files_and_catches_a_change() {
        let files: [(&str, &[u8]); 2] = [
            ("council_arena.py", b"print(1)\n"),
            ("tools/replay.py", b"x = 2\n"),
        ];
        let list = code_list(&files);
        let get = |name: &str| match name {
            "arena-code-council_arena.py.txt" => Some(b"print(1)\n".to_vec()),
            "arena-code-tools-replay.py.txt" => Some(b"x = 3\n".to_vec()),
            _ => None,
        };
        let c = check_code(&list, &get).unwrap();
        assert_eq!(c.len(), 2);
        assert!(c[0].ok);
        // shasum -a 256 of "print(1)\n".
        assert_eq!(
            c[0].expected,
            "cc42155088fca5730758db72b2a5bca33112a941dfaa2d43098ec422ce4ea213"
        );
        assert!(!c[1].ok && c[1].actual.is_some());
        let none = |_: &str| None;
        assert!(check_code(&list, &none)
            .unwrap()
            .iter()
            .all(|x| !x.ok && x.actual.is_none()));
        let e = check_code(b"{\"files\": 3}", &none).unwrap_err();
        assert!(matches!(e, CodeError::Json { line: 1, .. }), "{e:?}");
        assert!(
            e.to_string().starts_with("arena-code.json: line 1 column "),
            "{e}"
        );
    }
}
