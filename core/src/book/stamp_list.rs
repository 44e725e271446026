//! Stamped lists: the short text files whose SHA-256 is what OpenTimestamps, RFC 3161 and
//! Rekor attest (spec §3.2; Appendix B steps 2 and 3).
//!
//! Each entry line reads `<ledger path>: <N> lines, sha256 <hex>, last link <hex>`; a list may
//! name several ledgers, and prints the byte rule its hashes follow.

use crate::book::chain::ChainReport;
use crate::hex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The byte rule a stamped list prints (spec §3.2): what its hashes are computed over.
pub const BYTE_RULE: &str = "# rule: sha256 of a ledger's first N lines as stored (UTF-8, no byte order mark, not re-encoded or normalised), each line with its LF; a last line without LF is not counted until its LF is written. last link = the link field of line N.";

/// One ledger entry of a stamped list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StampEntry {
    /// The ledger's path as the list names it (e.g. `daily/council/book.jsonl`).
    pub ledger: String,
    /// The ledger's complete lines the entry counts (`<N> lines`).
    pub lines: u64,
    /// SHA-256 of those lines as stored, each with its LF (64 lowercase hex).
    pub sha256: String,
    /// Empty only for a ledger of 0 lines.
    pub last_link: String,
    /// 1-based line of the list holding this entry.
    pub list_line: usize,
}

/// A parsed stamped list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StampedList {
    /// The ledger entries, in list order.
    pub entries: Vec<StampEntry>,
    /// Every other non-empty line (the byte rule, comments), kept verbatim.
    pub notes: Vec<String>,
}

/// Why a stamped list cannot be read (spec §3.2): the line and what is wrong with it.
/// `Display` is the CLI's English; the page renders [`StampListMsg`] in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StampListError {
    /// 1-based line of the list (0 for the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: StampListMsg,
}

/// What is wrong with a stamped list or one of its entry lines. `entry` is the entry line as
/// written; the English quotes it as Rust's `{:?}` does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum StampListMsg {
    /// The bytes are not UTF-8.
    NotUtf8,
    /// No line is a ledger entry.
    NoEntry,
    /// The entry has no `, last link <hex>`.
    NoLastLink {
        /// The entry line as written.
        entry: String,
    },
    /// The entry has no `, sha256 <hex>`.
    NoSha256 {
        /// The entry line as written.
        entry: String,
    },
    /// The entry has no `<ledger>: <N> lines`.
    NoLedgerCount {
        /// The entry line as written.
        entry: String,
    },
    /// The line count does not end in ` lines`.
    CountNotLines {
        /// The entry line as written.
        entry: String,
    },
    /// The line count is not a whole number.
    CountNotWhole {
        /// The entry line as written.
        entry: String,
    },
    /// The line count does not fit 64 bits.
    CountTooLarge {
        /// The entry line as written.
        entry: String,
    },
    /// The sha256 is not 64 lowercase hex digits.
    BadSha256 {
        /// The entry line as written.
        entry: String,
    },
    /// The last link is not 64 lowercase hex digits.
    BadLastLink {
        /// The entry line as written.
        entry: String,
    },
    /// The ledger path is empty.
    EmptyLedger {
        /// The entry line as written.
        entry: String,
    },
}

impl StampListMsg {
    /// The entry line the message quotes, if it quotes one.
    pub fn entry(&self) -> Option<&str> {
        match self {
            StampListMsg::NotUtf8 | StampListMsg::NoEntry => None,
            StampListMsg::NoLastLink { entry }
            | StampListMsg::NoSha256 { entry }
            | StampListMsg::NoLedgerCount { entry }
            | StampListMsg::CountNotLines { entry }
            | StampListMsg::CountNotWhole { entry }
            | StampListMsg::CountTooLarge { entry }
            | StampListMsg::BadSha256 { entry }
            | StampListMsg::BadLastLink { entry }
            | StampListMsg::EmptyLedger { entry } => Some(entry),
        }
    }
}

impl fmt::Display for StampListMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            StampListMsg::NotUtf8 => return f.write_str("not UTF-8 text"),
            StampListMsg::NoEntry => {
                return f.write_str(
                    "no ledger entry (`<ledger>: <N> lines, sha256 <hex>, last link <hex>`)",
                )
            }
            StampListMsg::NoLastLink { .. } => "entry has no `, last link <hex>`",
            StampListMsg::NoSha256 { .. } => "entry has no `, sha256 <hex>`",
            StampListMsg::NoLedgerCount { .. } => "entry has no `<ledger>: <N> lines`",
            StampListMsg::CountNotLines { .. } => "line count must read `<N> lines`",
            StampListMsg::CountNotWhole { .. } => "line count is not a whole number",
            StampListMsg::CountTooLarge { .. } => "line count is too large",
            StampListMsg::BadSha256 { .. } => "sha256 must be 64 lowercase hex digits",
            StampListMsg::BadLastLink { .. } => "last link must be 64 lowercase hex digits",
            StampListMsg::EmptyLedger { .. } => "ledger path is empty",
        };
        write!(f, "{what}: {:?}", self.entry().unwrap_or_default())
    }
}

impl fmt::Display for StampListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for StampListError {}

/// Formats one entry line (without LF).
pub fn format_entry(ledger: &str, lines: u64, sha256: &str, last_link: &str) -> String {
    format!("{ledger}: {lines} lines, sha256 {sha256}, last link {last_link}")
}

/// The text of a stamped list: one entry line per ledger, then the byte rule.
pub fn render(entries: &[(String, u64, String, String)]) -> String {
    let mut s = String::new();
    for (ledger, lines, sha, link) in entries {
        s.push_str(&format_entry(ledger, *lines, sha, link));
        s.push('\n');
    }
    s.push_str(BYTE_RULE);
    s.push('\n');
    s
}

/// Parses a stamped list. A line that looks like an entry (it has `, sha256 `) but does not
/// parse is an error, never silently skipped.
pub fn parse(bytes: &[u8]) -> Result<StampedList, StampListError> {
    let text = std::str::from_utf8(bytes).map_err(|e| StampListError {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count(),
        message: StampListMsg::NotUtf8,
    })?;
    let mut list = StampedList {
        entries: Vec::new(),
        notes: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let no = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with('#') || !line.contains(", sha256 ") {
            list.notes.push(line.to_string());
            continue;
        }
        list.entries.push(parse_entry(line, no)?);
    }
    if list.entries.is_empty() {
        return Err(StampListError {
            line: 0,
            message: StampListMsg::NoEntry,
        });
    }
    Ok(list)
}

fn parse_entry(line: &str, no: usize) -> Result<StampEntry, StampListError> {
    let err = |m: fn(String) -> StampListMsg| StampListError {
        line: no,
        message: m(line.to_string()),
    };
    let (head, link_part) = line
        .rsplit_once(", last link ")
        .ok_or_else(|| err(|entry| StampListMsg::NoLastLink { entry }))?;
    let (head, sha) = head
        .rsplit_once(", sha256 ")
        .ok_or_else(|| err(|entry| StampListMsg::NoSha256 { entry }))?;
    let (ledger, count) = head
        .rsplit_once(": ")
        .ok_or_else(|| err(|entry| StampListMsg::NoLedgerCount { entry }))?;
    let n = count
        .strip_suffix(" lines")
        .or_else(|| count.strip_suffix(" line"))
        .ok_or_else(|| err(|entry| StampListMsg::CountNotLines { entry }))?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(|entry| StampListMsg::CountNotWhole { entry }));
    }
    let lines: u64 = n
        .parse()
        .map_err(|_| err(|entry| StampListMsg::CountTooLarge { entry }))?;
    if !hex::is_sha256_hex(sha) {
        return Err(err(|entry| StampListMsg::BadSha256 { entry }));
    }
    let last_link = link_part.trim_end();
    if !(hex::is_sha256_hex(last_link) || (last_link.is_empty() && lines == 0)) {
        return Err(err(|entry| StampListMsg::BadLastLink { entry }));
    }
    if ledger.trim().is_empty() {
        return Err(err(|entry| StampListMsg::EmptyLedger { entry }));
    }
    Ok(StampEntry {
        ledger: ledger.to_string(),
        lines,
        sha256: sha.to_string(),
        last_link: last_link.to_string(),
        list_line: no,
    })
}

/// Whether a list entry's ledger path names the file `file_name`: the same path, the same
/// base name, or the published `<dir>-<base>` form (`daily/council/book.jsonl` is published
/// as `council-book.jsonl`).
pub fn ledger_matches(ledger: &str, file_name: &str) -> bool {
    let base = |p: &str| p.rsplit(['/', '\\']).next().unwrap_or(p).to_string();
    let file = base(file_name);
    if ledger == file_name || base(ledger) == file {
        return true;
    }
    let mut parts = ledger.rsplit('/');
    match (parts.next(), parts.next()) {
        (Some(b), Some(dir)) => format!("{dir}-{b}") == file,
        _ => false,
    }
}

/// The entry of `list` that names `file_name`; with a single entry, that entry.
pub fn entry_for<'a>(list: &'a StampedList, file_name: &str) -> Option<&'a StampEntry> {
    list.entries
        .iter()
        .find(|e| ledger_matches(&e.ledger, file_name))
        .or(if list.entries.len() == 1 {
            list.entries.first()
        } else {
            None
        })
}

/// The result of checking one list entry against a verified book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StampCheckWire", from = "StampCheckWire")]
pub struct StampCheck {
    /// The list's name (as given by the caller).
    pub list: String,
    /// The ledger's path as the list names it.
    pub ledger: String,
    /// The line count the entry stamps.
    pub lines: u64,
    /// The book's first `lines` lines hash to the stamped sha256.
    pub sha256_ok: bool,
    /// Line `lines` of the book carries the stamped last link.
    pub last_link_ok: bool,
    /// The sha256 the list stamps.
    pub expected_sha256: String,
    /// The sha256 of the book's first `lines` lines, when the book has that many.
    pub found_sha256: Option<String>,
    /// The last link the list stamps.
    pub expected_last_link: String,
    /// The link of the book's line `lines`, when it has one.
    pub found_last_link: Option<String>,
    /// Why a check could not be made or failed: an id with its arguments; its `Display` is
    /// the English sentence.
    pub message: Option<StampMsg>,
}

/// Why a stamp does not hold (Appendix B step 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum StampMsg {
    /// The book has `lines` complete lines, fewer than the `stamped` ones.
    BookTooShort {
        /// The book's complete lines.
        lines: u64,
        /// The lines the entry stamps.
        stamped: u64,
    },
    /// The first `lines` lines do not hash to the stamped sha256.
    PrefixRewritten {
        /// The lines the entry stamps.
        lines: u64,
    },
    /// Line `line` (the stamp's last) does not carry the stamped last link.
    LastLinkDiffers {
        /// The stamp's last line.
        line: u64,
    },
}

impl fmt::Display for StampMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StampMsg::BookTooShort { lines, stamped } => write!(
                f,
                "the book has only {lines} complete lines; the stamp covers {stamped}"
            ),
            StampMsg::PrefixRewritten { lines } => write!(
                f,
                "the first {lines} lines do not hash to the stamped sha256: the stamped prefix \
                 was rewritten"
            ),
            StampMsg::LastLinkDiffers { line } => {
                write!(f, "line {line} does not carry the stamped last link")
            }
        }
    }
}

/// A [`StampCheck`] as JSON: `message` is the English sentence (as `sealbook verify --json`
/// always wrote it), `msg` the id with its arguments, which is what is read back.
#[derive(Serialize, Deserialize)]
struct StampCheckWire {
    list: String,
    ledger: String,
    lines: u64,
    sha256_ok: bool,
    last_link_ok: bool,
    expected_sha256: String,
    found_sha256: Option<String>,
    expected_last_link: String,
    found_last_link: Option<String>,
    #[serde(default, skip_deserializing)]
    message: Option<String>,
    msg: Option<StampMsg>,
}

impl From<StampCheck> for StampCheckWire {
    fn from(c: StampCheck) -> Self {
        StampCheckWire {
            list: c.list,
            ledger: c.ledger,
            lines: c.lines,
            sha256_ok: c.sha256_ok,
            last_link_ok: c.last_link_ok,
            expected_sha256: c.expected_sha256,
            found_sha256: c.found_sha256,
            expected_last_link: c.expected_last_link,
            found_last_link: c.found_last_link,
            message: c.message.as_ref().map(ToString::to_string),
            msg: c.message,
        }
    }
}

impl From<StampCheckWire> for StampCheck {
    fn from(w: StampCheckWire) -> Self {
        StampCheck {
            list: w.list,
            ledger: w.ledger,
            lines: w.lines,
            sha256_ok: w.sha256_ok,
            last_link_ok: w.last_link_ok,
            expected_sha256: w.expected_sha256,
            found_sha256: w.found_sha256,
            expected_last_link: w.expected_last_link,
            found_last_link: w.found_last_link,
            message: w.msg,
        }
    }
}

impl StampCheck {
    /// Both the prefix hash and the last link match the book.
    pub fn ok(&self) -> bool {
        self.sha256_ok && self.last_link_ok
    }
}

/// Checks `entry` against `report`, which must have been produced with `entry.lines` among
/// its requested prefixes (Appendix B step 3: `head -n N | shasum -a 256` and the link of line N).
pub fn check(list: &str, entry: &StampEntry, report: &ChainReport) -> StampCheck {
    let prefix = report.prefix(entry.lines);
    let found_sha256 = prefix.map(|p| p.sha256.clone());
    let found_last_link = prefix.and_then(|p| p.last_link.clone());
    let sha256_ok = found_sha256.as_deref() == Some(entry.sha256.as_str());
    let last_link_ok = if entry.lines == 0 {
        prefix.is_some() && entry.last_link.is_empty()
    } else {
        found_last_link.as_deref() == Some(entry.last_link.as_str())
    };
    let message = if prefix.is_none() {
        Some(StampMsg::BookTooShort {
            lines: report.lines,
            stamped: entry.lines,
        })
    } else if !sha256_ok {
        Some(StampMsg::PrefixRewritten { lines: entry.lines })
    } else if !last_link_ok {
        Some(StampMsg::LastLinkDiffers { line: entry.lines })
    } else {
        None
    };
    StampCheck {
        list: list.to_string(),
        ledger: entry.ledger.clone(),
        lines: entry.lines,
        sha256_ok,
        last_link_ok,
        expected_sha256: entry.sha256.clone(),
        found_sha256,
        expected_last_link: entry.last_link.clone(),
        found_last_link,
        message,
    }
}

/// How a ledger about to be appended to stands against the latest stamped list that names it
/// (spec §3.2: a stamped prefix is a promise that those lines never change; a writer that went
/// on from a shorter or different ledger would break it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Continuation {
    /// The ledger begins with the stamped lines, byte for byte (and may have more after them).
    Continues,
    /// The ledger's file is missing while the list counts lines of it.
    Missing {
        /// The lines the list counts.
        stamped: u64,
    },
    /// The ledger has fewer complete lines than the list counts (rolled back or truncated).
    Behind {
        /// The ledger's complete lines.
        lines: u64,
        /// The lines the list counts.
        stamped: u64,
    },
    /// The ledger's first `stamped` lines are not the lines the list stamped.
    Differs {
        /// The lines the list counts.
        stamped: u64,
        /// The first `stamped` lines hash to the listed sha256.
        sha256_ok: bool,
        /// Line `stamped` carries the listed last link.
        last_link_ok: bool,
    },
}

impl Continuation {
    /// True when the ledger continues the stamped lines.
    pub fn ok(&self) -> bool {
        matches!(self, Continuation::Continues)
    }
}

impl fmt::Display for Continuation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Continuation::Continues => write!(f, "begins with the stamped lines"),
            Continuation::Missing { stamped } => {
                write!(f, "is missing, but {stamped} lines of it were stamped")
            }
            Continuation::Behind { lines, stamped } => write!(
                f,
                "has {lines} lines, fewer than the {stamped} lines stamped (rolled back)"
            ),
            Continuation::Differs {
                stamped,
                sha256_ok,
                last_link_ok,
            } => {
                let what = match (sha256_ok, last_link_ok) {
                    (false, false) => "sha256 and last link differ",
                    (false, true) => "sha256 differs",
                    _ => "last link differs",
                };
                write!(
                    f,
                    "does not begin with the {stamped} lines stamped ({what}: rewritten)"
                )
            }
        }
    }
}

/// Whether the ledger whose verification is `report` (None: the file is missing) still holds
/// the prefix `entry` stamped. `report` must have been produced with `entry.lines` among its
/// requested prefixes, as for [`check`]. A list entry of 0 lines holds for any ledger.
pub fn continuation(entry: &StampEntry, report: Option<&ChainReport>) -> Continuation {
    if entry.lines == 0 {
        return Continuation::Continues;
    }
    let Some(report) = report else {
        return Continuation::Missing {
            stamped: entry.lines,
        };
    };
    if report.lines < entry.lines {
        return Continuation::Behind {
            lines: report.lines,
            stamped: entry.lines,
        };
    }
    let prefix = report.prefix(entry.lines);
    let sha256_ok = prefix.is_some_and(|p| p.sha256 == entry.sha256);
    let last_link_ok =
        prefix.is_some_and(|p| p.last_link.as_deref() == Some(entry.last_link.as_str()));
    if sha256_ok && last_link_ok {
        Continuation::Continues
    } else {
        Continuation::Differs {
            stamped: entry.lines,
            sha256_ok,
            last_link_ok,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::{Object, Value};
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::writer::BookWriter;

    const SPEC_LINE: &str = "daily/council/book.jsonl: 159 lines, sha256 59673b9e21ac6d358e7dc3b811dc3d78f5286390094f7133e3704f57cac1a7d9, last link 378273fd057fcbf364746b032f67f42cd811d281da80f39ff0792c4047175b2c";

    #[test]
    fn parses_the_spec_example() {
        let l = parse(format!("{SPEC_LINE}\n{BYTE_RULE}\n").as_bytes()).unwrap();
        assert_eq!(l.entries.len(), 1);
        let e = &l.entries[0];
        assert_eq!(
            (e.ledger.as_str(), e.lines, e.list_line),
            ("daily/council/book.jsonl", 159, 1)
        );
        assert_eq!(
            format_entry(&e.ledger, e.lines, &e.sha256, &e.last_link),
            SPEC_LINE
        );
        assert!(ledger_matches(&e.ledger, "council-book.jsonl"));
        assert!(ledger_matches(&e.ledger, "/tmp/x/book.jsonl"));
        assert!(!ledger_matches(&e.ledger, "asks.jsonl"));
    }

    #[test]
    fn malformed_entries_are_errors() {
        type Msg = fn(String) -> StampListMsg;
        let cases: [(String, Msg); 4] = [
            (SPEC_LINE.replace("159", "15x"), |entry| {
                StampListMsg::CountNotWhole { entry }
            }),
            (SPEC_LINE.replace("59673b9e", "59673B9E"), |entry| {
                StampListMsg::BadSha256 { entry }
            }),
            (SPEC_LINE.replace(", last link", ", lastlink"), |entry| {
                StampListMsg::NoLastLink { entry }
            }),
            (SPEC_LINE.replace("378273fd", "378273f"), |entry| {
                StampListMsg::BadLastLink { entry }
            }),
        ];
        for (bad, msg) in cases {
            let e = parse(bad.as_bytes()).unwrap_err();
            assert_eq!(e.line, 1, "{bad}");
            assert_eq!(e.message, msg(bad.clone()));
        }
        let e = parse(b"just words\n").unwrap_err();
        assert_eq!((e.line, e.message), (0, StampListMsg::NoEntry));
        let e = parse(b"a\n\xff\n").unwrap_err();
        assert_eq!((e.line, e.message), (2, StampListMsg::NotUtf8));
    }

    #[test]
    fn list_errors_read_as_the_cli_printed_them() {
        let e = parse(SPEC_LINE.replace("159", "15x").as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "line 1: line count is not a whole number: {:?}",
                SPEC_LINE.replace("159", "15x")
            )
        );
        assert_eq!(
            parse(b"just words\n").unwrap_err().to_string(),
            "no ledger entry (`<ledger>: <N> lines, sha256 <hex>, last link <hex>`)"
        );
        assert_eq!(
            parse(b"\xff").unwrap_err().to_string(),
            "line 1: not UTF-8 text"
        );
        let tab = "x.jsonl: 1 lines, sha256 \"q\"\t";
        assert_eq!(
            parse(tab.as_bytes()).unwrap_err().to_string(),
            "line 1: entry has no `, last link <hex>`: \"x.jsonl: 1 lines, sha256 \\\"q\\\"\\t\""
        );
    }

    #[test]
    fn checks_a_book_prefix() {
        let mut w = BookWriter::new();
        let mut book = Vec::new();
        for i in 0..5 {
            let mut o = Object::new();
            o.insert("i", Value::Int((i as i64).into()));
            book.extend_from_slice(&w.append(&o).unwrap().bytes);
        }
        let head3: Vec<u8> = book
            .split_inclusive(|b| *b == b'\n')
            .take(3)
            .flatten()
            .copied()
            .collect();
        let r3 = verify(&head3, VerifyOptions::default());
        let list_text = render(&[(
            "daily/council/book.jsonl".into(),
            3,
            r3.sha256.clone(),
            r3.last_link.clone().unwrap(),
        )]);
        let list = parse(list_text.as_bytes()).unwrap();
        let entry = entry_for(&list, "council-book.jsonl").unwrap();
        let r = verify(
            &book,
            VerifyOptions {
                prefix_at: vec![entry.lines],
                ..Default::default()
            },
        );
        assert!(check("l.txt", entry, &r).ok());
        // The prefix rewritten: flip one byte in line 2.
        let mut bad = book.clone();
        let pos = bad.iter().position(|b| *b == b'\n').unwrap() + 5;
        bad[pos] ^= 1;
        let r = verify(
            &bad,
            VerifyOptions {
                prefix_at: vec![3],
                ..Default::default()
            },
        );
        let c = check("l.txt", entry, &r);
        assert!(!c.sha256_ok);
        // Too short a book.
        let r = verify(
            &head3[..10],
            VerifyOptions {
                prefix_at: vec![3],
                ..Default::default()
            },
        );
        assert!(check("l.txt", entry, &r)
            .message
            .unwrap()
            .to_string()
            .contains("only 0"));
    }

    #[test]
    fn every_stamp_message_reads_as_the_cli_printed_it() {
        for (m, english) in [
            (
                StampMsg::BookTooShort {
                    lines: 0,
                    stamped: 3,
                },
                "the book has only 0 complete lines; the stamp covers 3",
            ),
            (
                StampMsg::PrefixRewritten { lines: 159 },
                "the first 159 lines do not hash to the stamped sha256: the stamped prefix was \
                 rewritten",
            ),
            (
                StampMsg::LastLinkDiffers { line: 159 },
                "line 159 does not carry the stamped last link",
            ),
        ] {
            assert_eq!(m.to_string(), english);
            let wire = serde_json::to_string(&m).unwrap();
            assert_eq!(
                serde_json::from_str::<StampMsg>(&wire).unwrap(),
                m,
                "{wire}"
            );
        }
    }

    fn book_of(n: u64) -> Vec<u8> {
        let mut w = BookWriter::new();
        (1..=n)
            .flat_map(|i| {
                let mut o = Object::new();
                o.insert("kind", Value::Str("answer".into()));
                o.insert("i", Value::Int((i as i64).into()));
                w.append(&o).unwrap().bytes
            })
            .collect()
    }

    fn entry_of(book: &[u8], lines: u64) -> StampEntry {
        let r = verify(
            book,
            VerifyOptions {
                prefix_at: vec![lines],
                ..VerifyOptions::default()
            },
        );
        let p = r.prefix(lines).unwrap();
        StampEntry {
            ledger: "council-book.jsonl".into(),
            lines,
            sha256: p.sha256.clone(),
            last_link: p.last_link.clone().unwrap_or_default(),
            list_line: 1,
        }
    }

    fn report_at(book: &[u8], lines: u64) -> ChainReport {
        verify(
            book,
            VerifyOptions {
                prefix_at: vec![lines],
                ..VerifyOptions::default()
            },
        )
    }

    #[test]
    fn a_ledger_continues_its_stamped_prefix_or_is_named_behind_missing_or_rewritten() {
        let book = book_of(63);
        let entry = entry_of(&book, 63);
        // The same book, and the book grown since.
        assert_eq!(
            continuation(&entry, Some(&report_at(&book, 63))),
            Continuation::Continues
        );
        let mut grown = book.clone();
        let mut w = BookWriter::resume(63, entry.last_link.clone());
        let mut o = Object::new();
        o.insert("kind", Value::Str("answer".into()));
        grown.extend(w.append(&o).unwrap().bytes);
        assert!(continuation(&entry, Some(&report_at(&grown, 63))).ok());
        // Rolled back to 30 lines.
        let cut: usize = book
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(29)
            .unwrap()
            .0
            + 1;
        let rolled = &book[..cut];
        let v = continuation(&entry, Some(&report_at(rolled, 63)));
        assert_eq!(
            v,
            Continuation::Behind {
                lines: 30,
                stamped: 63
            }
        );
        assert!(v.to_string().contains("rolled back"), "{v}");
        // Missing.
        assert_eq!(
            continuation(&entry, None),
            Continuation::Missing { stamped: 63 }
        );
        // A different book of as many lines (a fresh start that caught up).
        let mut other = BookWriter::new();
        let other: Vec<u8> = (1..=70)
            .flat_map(|i| {
                let mut o = Object::new();
                o.insert("kind", Value::Str("run".into()));
                o.insert("i", Value::Int((i as i64).into()));
                other.append(&o).unwrap().bytes
            })
            .collect();
        assert_eq!(
            continuation(&entry, Some(&report_at(&other, 63))),
            Continuation::Differs {
                stamped: 63,
                sha256_ok: false,
                last_link_ok: false
            }
        );
        // A list of 0 lines holds for any ledger, even a missing one.
        let empty = StampEntry {
            lines: 0,
            sha256: String::new(),
            last_link: String::new(),
            ..entry
        };
        assert!(continuation(&empty, None).ok());
    }
}
