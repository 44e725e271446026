//! What a dropped file is: its kind by name ([`FileKind`]), a `.txt` file as read
//! ([`ListInput`]), and what a sealed ledger holds by its lines ([`LedgerKind`]), read while
//! the book streams through the chain verifier ([`BookReader`]).

use crate::book::canon::{self, Value};
use crate::book::chain::{ChainReport, ChainVerifier, VerifyOptions};
use crate::book::stamp_list::{self, StampListError, StampedList};
use crate::records::published::PublishedFile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a dropped file is to the verifier, judged by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    /// A sealed JSONL ledger (`council-book.jsonl`, `asks.jsonl`).
    Book,
    /// A stamped list (`proof/<day>/<HHMMSS>Z.txt`), or another text a proof may stamp.
    StampedList,
    /// An OpenTimestamps proof (`proof/<day>/<HHMMSS>Z.txt.ots`).
    Proof,
    /// An RFC 3161 response or token (`<list>.<tsa>.tsr`, `.tst`).
    TimestampToken,
    /// A Sigstore Rekor entry (`<list>.rekor.json`).
    RekorEntry,
    /// A certificate (`.pem`, `.crt`, `.cer`, or any file in a `tsa/` folder): an untrusted
    /// intermediate unless the reader marks it as a trust anchor.
    Certificate,
    /// An ask text, `asks/<sha256>.md` (Appendix B step 5).
    AskText,
    /// The climatology table, `council-clim-window.json`, held to the content hash the
    /// declaration sealed (spec §4.3).
    Climatology,
    /// A published file this page does not check (`.json`, `.csv`, ...).
    NotChecked,
}

impl FileKind {
    /// The verifier's view of [`PublishedFile::of`], the one classifier of published files.
    pub fn of(name: &str) -> FileKind {
        if is_ask_text(name) {
            return FileKind::AskText;
        }
        match PublishedFile::of(name) {
            PublishedFile::Book | PublishedFile::AskChain => FileKind::Book,
            PublishedFile::StampedList => FileKind::StampedList,
            PublishedFile::Proof => FileKind::Proof,
            PublishedFile::TimestampToken => FileKind::TimestampToken,
            PublishedFile::RekorEntry => FileKind::RekorEntry,
            PublishedFile::Certificate => FileKind::Certificate,
            // Another JSON file of a league is not the table.
            PublishedFile::Climatology if is_climatology(name) => FileKind::Climatology,
            PublishedFile::Forecasts
            | PublishedFile::RegisteredPredictions
            | PublishedFile::Climatology
            | PublishedFile::Arena(_)
            | PublishedFile::LeagueFile
            | PublishedFile::ExperimentDataset
            | PublishedFile::OtherDocument
            | PublishedFile::Other => FileKind::NotChecked,
        }
    }
}

/// Whether `name` is an ask text: a file named `<64 hex digits>.md` (published under
/// `asks/`).
pub fn is_ask_text(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    base.strip_suffix(".md")
        .is_some_and(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether `name` is the climatology table: a file named `council-clim-window.json`, at the
/// top of the league or inside a dropped folder.
pub fn is_climatology(name: &str) -> bool {
    name.rsplit('/').next() == Some(crate::records::names::CLIM_FILE)
}

/// Why a dropped `.txt` file cannot be used as a stamped list (spec §3.2), naming it.
/// `Display` is the English the CLI prints; the page renders each variant in the reader's
/// language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum ListError {
    /// The list's text does not parse: the line and what is wrong with it.
    Unreadable { name: String, error: StampListError },
    /// The file is larger than a stamped list is read ([`super::MAX_LIST_BYTES`]).
    TooLarge { name: String, size: u64, limit: u64 },
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListError::Unreadable { name, error } => write!(f, "{name}: {error}"),
            ListError::TooLarge { name, size, limit } => write!(
                f,
                "{name}: {size} bytes is too large for a stamped list (limit {limit})"
            ),
        }
    }
}

/// A `.txt` file as read: a stamped list, a text that is no list at all (a README, a file an
/// `.ots` proof stamps), or a list that cannot be used. Its bytes are kept for the proofs.
#[derive(Clone, Debug)]
pub struct ListInput {
    pub name: String,
    pub parsed: Result<StampedList, ListError>,
    /// The file holds no line that looks like a list entry: it is not a stamped list.
    pub not_a_list: bool,
    /// The file's bytes; `None` when it could not be read.
    pub bytes: Option<Vec<u8>>,
}

impl ListInput {
    /// Parses the list's bytes; errors name the list and its line.
    pub fn parse(name: &str, bytes: &[u8]) -> ListInput {
        let parsed = stamp_list::parse(bytes);
        // `stamp_list::parse` reports "no ledger entry" for the file as a whole (line 0); every
        // malformed entry line is reported with its line number and stays an error.
        let not_a_list = matches!(&parsed, Err(e) if e.line == 0);
        ListInput {
            name: name.to_string(),
            parsed: parsed.map_err(|error| ListError::Unreadable {
                name: name.to_string(),
                error,
            }),
            not_a_list,
            bytes: Some(bytes.to_vec()),
        }
    }

    /// A list of `size` bytes, over the `limit` read, left unread.
    pub fn too_large(name: &str, size: u64, limit: u64) -> ListInput {
        ListInput {
            name: name.to_string(),
            parsed: Err(ListError::TooLarge {
                name: name.to_string(),
                size,
                limit,
            }),
            not_a_list: false,
            bytes: None,
        }
    }
}

/// Which of the league's two sealed ledgers a book is (spec §3.2, §3.4): the council book of
/// runs and answers, or the outgoing ask chain whose first line is the schedule declaration
/// (then the roster and the ask hashes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LedgerKind {
    /// `daily/council/book.jsonl`, published as `council-book.jsonl`: `run` and `answer` lines.
    CouncilBook,
    /// `asks.jsonl`: a `schedule` (declaration) or `roster` line first.
    AskChain,
    /// Neither can be told.
    Unknown,
}

/// Lines read to tell a book's kind: the ask chain shows it on line 1, a council book on its
/// first run or answer line, which opens every run.
const SNIFF_LINES: usize = 3;
/// Bytes kept while telling a book's kind; a longer first line leaves it unknown.
const SNIFF_BYTES: usize = 1 << 20;

impl LedgerKind {
    /// The kind a stamped list's ledger path names: `…asks…` the ask chain, `…book…` the
    /// council book (`daily/council/book.jsonl`, `council-book.jsonl`).
    pub fn of_ledger(ledger: &str) -> LedgerKind {
        let base = ledger
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(ledger)
            .to_ascii_lowercase();
        if base.contains("asks") {
            LedgerKind::AskChain
        } else if base.contains("book") {
            LedgerKind::CouncilBook
        } else {
            LedgerKind::Unknown
        }
    }

    /// The kind shown by a book's first lines (each without its LF): a `schedule`,
    /// `declaration` or `roster` line first is the ask chain; a `run` or `answer` line among
    /// them, the council book.
    pub fn of_lines<'a>(lines: impl IntoIterator<Item = &'a [u8]>) -> LedgerKind {
        let kind = |line: &[u8]| match canon::parse(line) {
            Ok(Value::Object(o)) => match o.get("kind") {
                Some(Value::Str(s)) => s.as_str().map(str::to_string),
                _ => None,
            },
            _ => None,
        };
        for (i, line) in lines.into_iter().enumerate() {
            match kind(line).as_deref() {
                Some("schedule" | "declaration" | "roster") if i == 0 => {
                    return LedgerKind::AskChain
                }
                Some("run" | "answer") => return LedgerKind::CouncilBook,
                _ => {}
            }
        }
        LedgerKind::Unknown
    }

    /// How the page and the CLI name the kind.
    pub fn label(self) -> &'static str {
        match self {
            LedgerKind::CouncilBook => "council book",
            LedgerKind::AskChain => "ask chain",
            LedgerKind::Unknown => "unknown",
        }
    }
}

/// A book as read: its chain report and the kind its first lines show.
#[derive(Clone, Debug)]
pub struct BookRead {
    pub report: ChainReport,
    pub kind: LedgerKind,
}

/// Streams one book: the chain verifier (Appendix B step 4, with the prefixes a stamp plan
/// asks for) and, from the same chunks, its first lines for its [`LedgerKind`].
pub struct BookReader {
    chain: ChainVerifier,
    head: KindSniffer,
}

impl BookReader {
    /// A reader recording the prefix hash at each of `prefix_at` (line counts).
    pub fn new(prefix_at: Vec<u64>) -> BookReader {
        BookReader {
            chain: ChainVerifier::new(VerifyOptions {
                prefix_at,
                ..Default::default()
            }),
            head: KindSniffer::default(),
        }
    }

    pub fn feed(&mut self, chunk: &[u8]) {
        self.chain.feed(chunk);
        self.head.feed(chunk);
    }

    /// Complete lines checked so far.
    pub fn lines(&self) -> u64 {
        self.chain.lines()
    }

    /// Bytes fed so far.
    pub fn bytes(&self) -> u64 {
        self.chain.bytes()
    }

    pub fn finish(self) -> BookRead {
        BookRead {
            kind: self.head.finish(),
            report: self.chain.finish(),
        }
    }
}

/// Keeps a book's first lines, fed from its start in chunks, to tell its [`LedgerKind`]
/// (bounded: at most 1 MiB is kept).
#[derive(Default)]
pub struct KindSniffer {
    head: Vec<u8>,
    done: bool,
}

impl KindSniffer {
    pub fn feed(&mut self, chunk: &[u8]) {
        if !self.done {
            let room = SNIFF_BYTES - self.head.len();
            self.head.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let lines = self.head.iter().filter(|b| **b == b'\n').count();
            self.done = lines >= SNIFF_LINES || self.head.len() >= SNIFF_BYTES;
        }
    }

    /// The kind the complete lines kept show.
    pub fn finish(self) -> LedgerKind {
        let complete = self.head.split_inclusive(|b| *b == b'\n');
        let lines = complete
            .filter_map(|l| l.strip_suffix(b"\n"))
            .take(SNIFF_LINES);
        LedgerKind::of_lines(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_by_extension() {
        // The DEMO league's notice is a document for people, at the top or inside a folder.
        for path in ["DEMO.txt", "demo/DEMO.txt", "published/demo.TXT"] {
            assert_eq!(FileKind::of(path), FileKind::NotChecked, "{path}");
        }
        assert_eq!(FileKind::of("council-book.JSONL"), FileKind::Book);
        assert_eq!(FileKind::of("130025Z.txt"), FileKind::StampedList);
        assert_eq!(FileKind::of("130025Z.txt.ots"), FileKind::Proof);
        assert_eq!(FileKind::of("130025Z.txt.OTS"), FileKind::Proof);
        assert_eq!(FileKind::of(".ots"), FileKind::NotChecked);
        assert_eq!(FileKind::of("130025Z.txt.tsr"), FileKind::TimestampToken);
        assert_eq!(FileKind::of("forecasts.csv"), FileKind::NotChecked);
    }

    #[test]
    fn file_kinds_of_signed_time_files() {
        assert_eq!(
            FileKind::of("proof/2026-11-30/130019Z.txt.freetsa.tsr"),
            FileKind::TimestampToken
        );
        assert_eq!(FileKind::of("x.txt.digicert.TST"), FileKind::TimestampToken);
        assert_eq!(
            FileKind::of("proof/130019Z.txt.rekor.json"),
            FileKind::RekorEntry
        );
        assert_eq!(FileKind::of("tsa/freetsa-chain.pem"), FileKind::Certificate);
        assert_eq!(FileKind::of("proof/tsa/cacert"), FileKind::Certificate);
        assert_eq!(FileKind::of("root.crt"), FileKind::Certificate);
        assert_eq!(FileKind::of("forecasts.json"), FileKind::NotChecked);
        assert_eq!(
            FileKind::of("council-clim-window.json"),
            FileKind::Climatology
        );
        assert_eq!(
            FileKind::of("published/council-clim-window.json"),
            FileKind::Climatology
        );
        assert_eq!(FileKind::of("arena-code-x.json"), FileKind::NotChecked);
    }

    #[test]
    fn ledger_kinds_by_name_and_by_lines() {
        assert_eq!(
            LedgerKind::of_ledger("daily/council/book.jsonl"),
            LedgerKind::CouncilBook
        );
        assert_eq!(
            LedgerKind::of_ledger("council-book.jsonl"),
            LedgerKind::CouncilBook
        );
        assert_eq!(
            LedgerKind::of_ledger("daily/council/asks.jsonl"),
            LedgerKind::AskChain
        );
        assert_eq!(LedgerKind::of_ledger("x.jsonl"), LedgerKind::Unknown);
        let of = |lines: &[&str]| LedgerKind::of_lines(lines.iter().map(|l| l.as_bytes()));
        assert_eq!(of(&[r#"{"kind": "schedule"}"#]), LedgerKind::AskChain);
        assert_eq!(
            of(&[r#"{"kind": "roster"}"#, r#"{"kind": "ask"}"#]),
            LedgerKind::AskChain
        );
        assert_eq!(
            of(&[r#"{"kind": "run"}"#, r#"{"kind": "answer"}"#]),
            LedgerKind::CouncilBook
        );
        assert_eq!(
            of(&[r#"{"kind": "x"}"#, r#"{"kind": "schedule"}"#]),
            LedgerKind::Unknown,
            "the declaration opens the ask chain"
        );
        assert_eq!(of(&[r#"{"i": 1}"#, "not json"]), LedgerKind::Unknown);
        assert_eq!(of(&[]), LedgerKind::Unknown);
    }

    #[test]
    fn the_reader_tells_the_kind_across_chunks_and_ignores_an_unfinished_line() {
        let text = b"{\"kind\": \"answer\", \"n\": 1}\n{\"kind\": \"run\"";
        for split in 0..text.len() {
            let mut r = BookReader::new(vec![]);
            r.feed(&text[..split]);
            r.feed(&text[split..]);
            assert_eq!(r.finish().kind, LedgerKind::CouncilBook, "split at {split}");
        }
        let mut r = BookReader::new(vec![]);
        r.feed(b"{\"kind\": \"run\"");
        assert_eq!(r.finish().kind, LedgerKind::Unknown, "no complete line");
        // A first line longer than what is kept leaves the kind unknown, in bounded memory.
        let mut r = BookReader::new(vec![]);
        let long = vec![b' '; SNIFF_BYTES + 10];
        r.feed(&long);
        r.feed(b"{\"kind\": \"run\"}\n");
        assert!(r.head.head.len() <= SNIFF_BYTES);
        assert_eq!(r.finish().kind, LedgerKind::Unknown);
    }
}
