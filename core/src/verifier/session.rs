//! One verification of a league's published files, in the order of spec Appendix B: the
//! caller feeds each file (its path inside the league and its bytes), the reader's trust
//! choices and the Bitcoin headers, then [`Session::finish`] checks the stamped lists' anchors
//! (steps 6, 9 and 10: OpenTimestamps proofs, RFC 3161 tokens, Rekor entries), the books'
//! chains and stamped prefixes (steps 3 and 4), every answer's verdict (§3.3, §3.11 P1b) and
//! the ask texts (step 5), and returns the typed [`VerifierReport`] with the
//! [`ReportContext`] of its report document. `sealbook verify DIR` and `verify DIR --answers`
//! read a directory into it; which files of the directory it reads is [`LeagueRead::of`].
//!
//! Core reads no file and no clock: the caller gives the bytes and the time.

use super::answers::answer_verdicts;
use super::ask_texts::check_ask_texts;
use super::kinds::{BookReader, ListInput};
use super::report::{sealed_climatology, VerifierReport};
use super::report_document::{FileDigest, ReportContext};
use super::results::{CertInput, HeadersInput, ProofResult, RekorResult, TokenResult};
use super::stamp_plan::StampPlan;
use super::trust::TrustInput;
use super::{MAX_LIST_BYTES, MAX_PROOF_BYTES};
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::BookLines;
use crate::records::names::{
    ASKS_FILE, ASKS_FOLDER, BOOK_FILE, CLIM_FILE, PROOF_FOLDER, TSA_FOLDER,
};
use crate::records::published::PublishedFile;
use crate::score::baselines::{check_clim_seal, ClimSeal};
use std::fmt;

/// Largest book or ask chain read whole for the verdicts (bytes).
pub const MAX_BOOK_BYTES: u64 = 2 << 30;
/// Largest token, Rekor entry, certificate, key or ask text read (bytes).
pub const MAX_SMALL_BYTES: u64 = 1 << 20;

/// What a session reads of a league directory, by the file's path inside it (Appendix C).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueRead {
    /// `council-book.jsonl` at the top.
    Book,
    /// `asks.jsonl` at the top.
    AskChain,
    /// `asks/<sha256>.md`.
    AskText,
    /// `proof/<day>/<HHMMSS>Z.txt`.
    StampedList,
    /// An OpenTimestamps proof beside a list.
    Proof,
    /// An RFC 3161 token beside a list.
    TimestampToken,
    /// A Rekor entry beside a list.
    RekorEntry,
    /// A certificate in `proof/` or in the league's `tsa/` folder.
    Certificate,
    /// `council-clim-window.json` at the top: the climatology table held to the content hash
    /// the declaration sealed (spec §4.3, Requirement 9).
    Climatology,
}

impl LeagueRead {
    /// What the session reads the file at `path` as; None for a file it does not read.
    /// Lists, proofs, tokens, entries and certificates are read only from the league's
    /// `proof/` folder, where the league writes them (`proof/<day>/<HHMMSS>Z.txt`, its anchors
    /// beside it, the tokens' certificates in `proof/<day>/tsa/`; Appendix C), and the
    /// certificates it publishes in `tsa/` (as the page reads them): another file of the
    /// directory (the operator's signing key `rekor.pem` beside `league.toml`, notes) is not
    /// part of the proof.
    pub fn of(path: &str) -> Option<LeagueRead> {
        if path == BOOK_FILE {
            return Some(LeagueRead::Book);
        }
        if path == ASKS_FILE {
            return Some(LeagueRead::AskChain);
        }
        if path.starts_with(ASKS_FOLDER) && path.ends_with(".md") {
            return Some(LeagueRead::AskText);
        }
        if path == CLIM_FILE {
            return Some(LeagueRead::Climatology);
        }
        let kind = PublishedFile::of(path);
        if path.starts_with(PROOF_FOLDER) {
            Some(match kind {
                PublishedFile::StampedList => LeagueRead::StampedList,
                PublishedFile::Proof => LeagueRead::Proof,
                PublishedFile::TimestampToken => LeagueRead::TimestampToken,
                PublishedFile::RekorEntry => LeagueRead::RekorEntry,
                PublishedFile::Certificate => LeagueRead::Certificate,
                _ => return None,
            })
        } else if path.starts_with(TSA_FOLDER) && kind == PublishedFile::Certificate {
            Some(LeagueRead::Certificate)
        } else {
            None
        }
    }

    /// The largest file of this kind read (bytes).
    pub fn limit(self) -> u64 {
        match self {
            LeagueRead::Book | LeagueRead::AskChain => MAX_BOOK_BYTES,
            LeagueRead::StampedList => MAX_LIST_BYTES,
            LeagueRead::Proof => MAX_PROOF_BYTES,
            LeagueRead::AskText
            | LeagueRead::TimestampToken
            | LeagueRead::RekorEntry
            | LeagueRead::Certificate
            | LeagueRead::Climatology => MAX_SMALL_BYTES,
        }
    }

    /// What the file is, in the words of an error reading it.
    pub fn what(self) -> &'static str {
        match self {
            LeagueRead::Book => "book",
            LeagueRead::AskChain => "ask chain",
            LeagueRead::AskText => "ask text",
            LeagueRead::StampedList => "stamped list",
            LeagueRead::Proof => "proof",
            LeagueRead::TimestampToken => "token",
            LeagueRead::RekorEntry => "Rekor entry",
            LeagueRead::Certificate => "certificate",
            LeagueRead::Climatology => "climatology table",
        }
    }
}

/// Why a session could not give its verdicts: the file and what is wrong. These are unusable
/// input (exit 2), not a failed check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// No `council-book.jsonl` was fed.
    NoBook,
    /// The pasted or given Bitcoin headers cannot be read.
    Headers(String),
    /// The answers cannot be judged (a book line, the roster or the ask chain unreadable).
    Answers(String),
    /// A line of the book cannot be read (what is wrong, without the file's name).
    Book(String),
    /// The ask chain cannot be read (what is wrong, without the file's name).
    AskChain(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::NoBook => write!(f, "{BOOK_FILE}: no council book in the league"),
            SessionError::Headers(e) | SessionError::Answers(e) => f.write_str(e),
            SessionError::Book(e) => write!(f, "{BOOK_FILE}: {e}"),
            SessionError::AskChain(e) => write!(f, "{ASKS_FILE}: {e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// The session's result: the report and what its report document says beside it.
pub struct Verified {
    pub report: VerifierReport,
    pub context: ReportContext,
    /// The climatology table held to the declaration of the ask chain (spec §4.3), a table
    /// the declaration does not seal included ([`ClimSeal::NotSealed`], which the report's
    /// `climatology` leaves out); None when no ask chain was fed.
    pub climatology: Option<ClimSeal>,
}

/// One verification (see the module's documentation).
#[derive(Default)]
pub struct Session {
    trust: TrustInput,
    headers: HeadersInput,
    book: Option<Vec<u8>>,
    asks: Option<Vec<u8>>,
    lists: Vec<ListInput>,
    proofs: Vec<(String, Vec<u8>)>,
    tokens: Vec<(String, Vec<u8>)>,
    entries: Vec<(String, Vec<u8>)>,
    certs: Vec<CertInput>,
    ask_texts: Vec<(String, Vec<u8>)>,
    climatology: Option<Vec<u8>>,
    context: ReportContext,
}

impl Session {
    /// A session over the files read from `source`, verified at `now` (seconds since the
    /// epoch, UTC: a token's certificates are checked at that time).
    pub fn new(source: &str, now: i64) -> Session {
        Session {
            trust: TrustInput {
                now,
                ..Default::default()
            },
            headers: HeadersInput::parse(""),
            context: ReportContext {
                source: source.to_string(),
                verified_at: now,
                ..Default::default()
            },
            ..Default::default()
        }
    }

    /// The Bitcoin headers the OpenTimestamps proofs are checked against (hex, one per line,
    /// or `HEIGHT HEX`); an error when they cannot be read.
    pub fn headers(&mut self, text: &str) -> Result<(), SessionError> {
        let headers = HeadersInput::parse(text);
        if let Some(e) = &headers.error {
            return Err(SessionError::Headers(e.to_string()));
        }
        self.headers = headers;
        Ok(())
    }

    /// A trust anchor the reader chose for the RFC 3161 tokens.
    pub fn trust_anchor(&mut self, name: &str, bytes: Vec<u8>) {
        self.context
            .trust_anchors
            .push(FileDigest::of(name, &bytes));
        self.trust.anchor_files.push((name.to_string(), bytes));
    }

    /// The Rekor log's public key the reader chose.
    pub fn log_key(&mut self, name: &str, bytes: Vec<u8>) {
        self.trust.log_key = Some((name.to_string(), bytes));
    }

    /// One file of the league, at `path` inside it: read as [`LeagueRead::of`] says (a file
    /// it does not read is ignored), its digest kept for the report document.
    pub fn feed(&mut self, path: &str, bytes: Vec<u8>) {
        let Some(kind) = LeagueRead::of(path) else {
            return;
        };
        self.context.files.push(FileDigest::of(path, &bytes));
        let name = path.to_string();
        match kind {
            LeagueRead::Book => self.book = Some(bytes),
            LeagueRead::AskChain => self.asks = Some(bytes),
            LeagueRead::AskText => self.ask_texts.push((name, bytes)),
            LeagueRead::StampedList => {
                let l = ListInput::parse(path, &bytes);
                if !l.not_a_list {
                    self.lists.push(l);
                }
            }
            LeagueRead::Proof => self.proofs.push((name, bytes)),
            LeagueRead::TimestampToken => self.tokens.push((name, bytes)),
            LeagueRead::RekorEntry => self.entries.push((name, bytes)),
            LeagueRead::Certificate => self.certs.push(CertInput {
                name,
                bytes,
                anchor: false,
            }),
            LeagueRead::Climatology => self.climatology = Some(bytes),
        }
    }

    /// Every check, in Appendix B's order; the report with the answers' verdicts and the ask
    /// texts attached.
    pub fn finish(self) -> Result<Verified, SessionError> {
        let book = self.book.ok_or(SessionError::NoBook)?;
        let lists = &self.lists;
        let proofs = self
            .proofs
            .iter()
            .map(|(n, b)| ProofResult::check(n, b, lists, &self.headers))
            .collect();
        let tokens = self
            .tokens
            .iter()
            .map(|(n, b)| TokenResult::check(n, b, lists, &self.certs, &self.trust))
            .collect();
        let rekor = self
            .entries
            .iter()
            .map(|(n, b)| RekorResult::check(n, b, lists, &self.trust))
            .collect();
        let mut names = vec![BOOK_FILE.to_string()];
        let mut books: Vec<&[u8]> = vec![&book];
        if let Some(a) = &self.asks {
            names.push(ASKS_FILE.to_string());
            books.push(a);
        }
        let plan = StampPlan::new(&names, lists);
        let reads = books
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut r = BookReader::new(plan.prefix_at(i));
                r.feed(b);
                r.finish()
            })
            .collect();
        let mut report = VerifierReport {
            proofs,
            headers: self.headers,
            tokens,
            rekor,
            trust: self.trust.report(),
            ..VerifierReport::new(plan.resolve(reads), lists)
        };
        let asks = self.asks.as_deref();
        let answers =
            answer_verdicts(BOOK_FILE, &book, asks, &report).map_err(SessionError::Answers)?;
        let lines = BookLines::parse(&book).map_err(|e| SessionError::Book(e.to_string()))?;
        let chain = asks
            .map(AskChain::parse)
            .transpose()
            .map_err(|e| SessionError::AskChain(e.to_string()))?;
        report.ask_texts = Some(check_ask_texts(
            &self.ask_texts,
            Some(&lines),
            chain.as_ref(),
        ));
        report.answers = Some(answers);
        let table = self.climatology.as_deref();
        report.climatology = sealed_climatology(chain.as_ref(), table);
        let climatology = chain.as_ref().map(|c| {
            let sealed = c
                .declaration()
                .and_then(|d| d.climatology_sha256.as_deref());
            check_clim_seal(sealed, table)
        });
        Ok(Verified {
            report,
            context: self.context,
            climatology,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists and their anchors are read from `proof/` only, certificates also from `tsa/`; the
    /// operator's files beside them are not part of the proof.
    #[test]
    fn what_a_session_reads_of_a_league_directory() {
        let read = |p: &str| LeagueRead::of(p);
        assert_eq!(read("council-book.jsonl"), Some(LeagueRead::Book));
        assert_eq!(read("asks.jsonl"), Some(LeagueRead::AskChain));
        assert_eq!(read("asks/ab.md"), Some(LeagueRead::AskText));
        assert_eq!(
            read("proof/2026-10-19/123000Z.txt"),
            Some(LeagueRead::StampedList)
        );
        assert_eq!(
            read("proof/2026-10-19/123000Z.txt.ots"),
            Some(LeagueRead::Proof)
        );
        assert_eq!(
            read("proof/2026-10-19/123000Z.txt.demo.tsr"),
            Some(LeagueRead::TimestampToken)
        );
        assert_eq!(
            read("proof/2026-10-19/123000Z.txt.rekor.json"),
            Some(LeagueRead::RekorEntry)
        );
        assert_eq!(
            read("proof/2026-10-19/tsa/a.pem"),
            Some(LeagueRead::Certificate)
        );
        assert_eq!(read("tsa/demo-root.pem"), Some(LeagueRead::Certificate));
        assert_eq!(
            read("council-clim-window.json"),
            Some(LeagueRead::Climatology)
        );
        for not in [
            "rekor.pem",
            "DEMO.txt",
            "notes.txt",
            "manifest.json",
            "other/council-book.jsonl",
            "replies/x.json",
        ] {
            assert_eq!(read(not), None, "{not}");
        }
    }

    /// A session without the book gives no verdict; with one, the files read are in its
    /// report document's context, the trust anchors apart.
    #[test]
    fn a_session_needs_the_book_and_keeps_every_file_read() {
        let s = Session::new("league", 1_796_000_000);
        assert_eq!(s.finish().err(), Some(SessionError::NoBook));
        let mut s = Session::new("league", 1_796_000_000);
        assert!(matches!(s.headers("zz"), Err(SessionError::Headers(_))));
        s.feed("council-book.jsonl", Vec::new());
        s.feed("notes.txt", b"not read".to_vec());
        s.trust_anchor("root.pem", b"root".to_vec());
        let v = s.finish().unwrap();
        let names: Vec<&str> = v.context.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["council-book.jsonl"]);
        assert_eq!(v.context.trust_anchors.len(), 1);
        assert_eq!(v.context.source, "league");
        assert!(v.report.answers.is_some() && v.report.ask_texts.is_some());
    }

    /// An ask chain whose declaration seals no table (one declared before tables were sealed).
    fn asks_sealing(climatology_sha256: Option<&str>) -> Vec<u8> {
        use crate::book::writer::BookWriter;
        use crate::records::ask_chain::Declaration;
        BookWriter::new()
            .append(
                &Declaration {
                    at: "2026-10-21T04:16:00Z".into(),
                    ask_at_et: "08:30".into(),
                    reference_at_et: "09:30".into(),
                    climatology_sha256: climatology_sha256.map(str::to_string),
                    ..Default::default()
                }
                .to_object(),
            )
            .unwrap()
            .bytes
    }

    /// With an ask chain whose declaration seals no table, the session's climatology is
    /// `NotSealed` (spec §4.3), saying whether a table was given and whether it holds to the
    /// hash it states, while the report's own `climatology` leaves it out; without an ask
    /// chain there is nothing to hold a table to (None). A sealed table that is absent is
    /// `Missing`, not `NotSealed`.
    #[test]
    fn a_table_the_declaration_does_not_seal_is_not_sealed() {
        let now = 1_796_000_000;
        let mut s = Session::new("league", now);
        s.feed("council-book.jsonl", Vec::new());
        s.feed("asks.jsonl", asks_sealing(None));
        let v = s.finish().unwrap();
        assert_eq!(
            v.climatology,
            Some(ClimSeal::NotSealed {
                table: false,
                self_hash_ok: false
            })
        );
        assert_eq!(v.report.climatology, None);

        let mut s = Session::new("league", now);
        s.feed("council-book.jsonl", Vec::new());
        s.feed("asks.jsonl", asks_sealing(None));
        s.feed(
            "council-clim-window.json",
            b"{\"not\": \"a table\"}".to_vec(),
        );
        let v = s.finish().unwrap();
        assert_eq!(
            v.climatology,
            Some(ClimSeal::NotSealed {
                table: true,
                self_hash_ok: false
            })
        );
        assert_eq!(v.report.climatology, None);

        let mut s = Session::new("league", now);
        s.feed("council-book.jsonl", Vec::new());
        assert_eq!(s.finish().unwrap().climatology, None);

        let sealed = "ab".repeat(32);
        let mut s = Session::new("league", now);
        s.feed("council-book.jsonl", Vec::new());
        s.feed("asks.jsonl", asks_sealing(Some(&sealed)));
        let v = s.finish().unwrap();
        let missing = Some(ClimSeal::Missing { sealed });
        assert_eq!(v.climatology, missing);
        assert_eq!(v.report.climatology, missing);
    }
}
