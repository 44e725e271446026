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

use super::answers::{answer_verdicts, attach_answers_read, attach_climatology};
use super::ask_texts::check_ask_texts;
use super::kinds::{BookRead, BookReader, ListInput};
use super::report::{sealed_climatology, VerifierReport};
use super::report_document::{FileDigest, ReportContext};
use super::results::{CertInput, FileError, HeadersInput, ProofResult, RekorResult, TokenResult};
use super::stamp_plan::StampPlan;
use super::trust::{TrustInput, TrustReport};
use super::{MAX_LIST_BYTES, MAX_PROOF_BYTES};
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::{BookLineError, BookLines};
use crate::records::names::{
    ASKS_FILE, ASKS_FOLDER, BOOK_FILE, CLIM_FILE, PROOF_FOLDER, TSA_FOLDER,
};
use crate::records::published::PublishedFile;
use crate::records::roster::RosterError;
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

/// The checks of a stamped list's anchors (Appendix B steps 6, 9 and 10) and of the reader's
/// trust anchors, given to [`Session::finish_with`]. Behind a trait so that a caller that
/// verifies chains only (the page's small chain module) links none of the OpenTimestamps,
/// RFC 3161, X.509 and Rekor verifiers: it passes [`ChainOnly`], the others [`AllStampChecks`].
pub trait StampChecks {
    /// An OpenTimestamps proof checked against `lists` and the Bitcoin `headers` (step 6).
    fn proof(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        headers: &HeadersInput,
    ) -> ProofResult;
    /// An RFC 3161 token checked against `lists`, with `certs` and the reader's `trust` (step 9).
    fn token(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        certs: &[CertInput],
        trust: &TrustInput,
    ) -> TokenResult;
    /// A Rekor entry checked against `lists` and the reader's log key (step 10).
    fn rekor(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        trust: &TrustInput,
    ) -> RekorResult;
    /// What the report says of the reader's trust choices.
    fn trust(&self, trust: &TrustInput) -> TrustReport;
}

/// Every anchor checked: the verifiers of core's `ots`, `tsp`, `pki` and `rekor`.
pub struct AllStampChecks;

impl StampChecks for AllStampChecks {
    fn proof(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        headers: &HeadersInput,
    ) -> ProofResult {
        ProofResult::check(name, bytes, lists, headers)
    }

    fn token(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        certs: &[CertInput],
        trust: &TrustInput,
    ) -> TokenResult {
        TokenResult::check(name, bytes, lists, certs, trust)
    }

    fn rekor(
        &self,
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        trust: &TrustInput,
    ) -> RekorResult {
        RekorResult::check(name, bytes, lists, trust)
    }

    fn trust(&self, trust: &TrustInput) -> TrustReport {
        trust.report()
    }
}

/// No anchor checked here: for a caller that verifies chains, stamped prefixes and answers
/// only and hands every proof, token and entry to a caller with [`AllStampChecks`] (the page's
/// chain module hands its worker over to the full module first). Fails closed: a proof, token
/// or entry fed anyway is an unchecked file, a failed check, never a checked stamp. The trust
/// anchors and log key are named, not parsed.
pub struct ChainOnly;

impl ChainOnly {
    fn not_checked(name: &str) -> FileError {
        FileError::Parser {
            detail: format!("{name}: not checked here (this verifier checks chains only)"),
        }
    }
}

impl StampChecks for ChainOnly {
    fn proof(&self, name: &str, _: &[u8], _: &[ListInput], _: &HeadersInput) -> ProofResult {
        ProofResult::unreadable(name, Self::not_checked(name))
    }

    fn token(
        &self,
        name: &str,
        _: &[u8],
        _: &[ListInput],
        _: &[CertInput],
        _: &TrustInput,
    ) -> TokenResult {
        TokenResult {
            name: name.to_string(),
            error: Some(Self::not_checked(name)),
            ..Default::default()
        }
    }

    fn rekor(&self, name: &str, _: &[u8], _: &[ListInput], _: &TrustInput) -> RekorResult {
        RekorResult {
            name: name.to_string(),
            error: Some(Self::not_checked(name)),
            ..Default::default()
        }
    }

    fn trust(&self, trust: &TrustInput) -> TrustReport {
        TrustReport {
            anchor_files: trust.anchor_files.iter().map(|(n, _)| n.clone()).collect(),
            log_key_file: trust.log_key.as_ref().map(|(n, _)| n.clone()),
            now: trust.now,
            ..Default::default()
        }
    }
}

/// A book fed to a session: its bytes, or its chain already read by the caller (the page reads
/// a book in chunks, or on range workers, with the prefixes of [`Session::stamp_plan`]).
enum BookInput {
    Bytes(Vec<u8>),
    Read(Box<ReadBook>),
}

/// A book whose chain the caller read.
struct ReadBook {
    read: BookRead,
    /// Its bytes, when the caller kept them for the answers' verdicts.
    kept: Option<Vec<u8>>,
    /// Its lines, when the caller read them beside the chain.
    lines: Option<Result<BookLines, BookLineError>>,
}

/// A fed book: its name, whether it is the ask chain, and what was fed of it.
struct FedBook {
    name: String,
    asks: bool,
    input: BookInput,
}

/// One verification (see the module's documentation).
#[derive(Default)]
pub struct Session {
    trust: TrustInput,
    headers: HeadersInput,
    books: Vec<FedBook>,
    lists: Vec<ListInput>,
    proofs: Vec<(String, Result<Vec<u8>, FileError>)>,
    tokens: Vec<(String, Result<Vec<u8>, FileError>)>,
    entries: Vec<(String, Result<Vec<u8>, FileError>)>,
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

    /// The Bitcoin headers as read, an error reading them included (the report shows it).
    pub fn headers_read(&mut self, headers: HeadersInput) {
        self.headers = headers;
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
        if let Some(kind) = LeagueRead::of(path) {
            self.feed_as(kind, path, bytes);
        }
    }

    /// The file `name` read as `kind` whatever its name (the page's files come by kind), its
    /// digest kept for the report document. A certificate fed so is not a trust anchor
    /// ([`Session::certificate`]).
    pub fn feed_as(&mut self, kind: LeagueRead, name: &str, bytes: Vec<u8>) {
        self.context.files.push(FileDigest::of(name, &bytes));
        let name = name.to_string();
        match kind {
            LeagueRead::Book | LeagueRead::AskChain => self.books.push(FedBook {
                name,
                asks: kind == LeagueRead::AskChain,
                input: BookInput::Bytes(bytes),
            }),
            LeagueRead::AskText => self.ask_texts.push((name, bytes)),
            LeagueRead::StampedList => {
                let l = ListInput::parse(&name, &bytes);
                if !l.not_a_list {
                    self.lists.push(l);
                }
            }
            LeagueRead::Proof => self.proofs.push((name, Ok(bytes))),
            LeagueRead::TimestampToken => self.tokens.push((name, Ok(bytes))),
            LeagueRead::RekorEntry => self.entries.push((name, Ok(bytes))),
            LeagueRead::Certificate => self.certs.push(CertInput {
                name,
                bytes,
                anchor: false,
            }),
            LeagueRead::Climatology => self.climatology = Some(bytes),
        }
    }

    /// A file the reader gave as a stamped list (`name`, its `bytes`): reported as a list
    /// whatever it holds, one that is not a list included, its digest kept for the report
    /// document. [`Session::feed`] leaves out a file of `proof/` that is not a list.
    pub fn stamped_list(&mut self, name: &str, bytes: Vec<u8>) {
        self.context.files.push(FileDigest::of(name, &bytes));
        self.lists.push(ListInput::parse(name, &bytes));
    }

    /// A certificate given with the tokens, a trust anchor the reader chose when `anchor`.
    pub fn certificate(&mut self, name: &str, bytes: Vec<u8>, anchor: bool) {
        let digest = FileDigest::of(name, &bytes);
        if anchor {
            self.context.trust_anchors.push(digest.clone());
        }
        self.context.files.push(digest);
        self.certs.push(CertInput {
            name: name.to_string(),
            bytes,
            anchor,
        });
    }

    /// A file of `kind` that was not read (`size` bytes, over `limit`): a stamped list that
    /// stamps nothing, or a proof, token or entry whose check fails for it. Other kinds are
    /// the caller's to refuse.
    pub fn too_large(&mut self, kind: LeagueRead, name: &str, size: u64, limit: u64) {
        let n = name.to_string();
        let error = FileError::TooLarge {
            name: n.clone(),
            size,
            limit,
        };
        match kind {
            LeagueRead::StampedList => self.lists.push(ListInput::too_large(name, size, limit)),
            LeagueRead::Proof => self.proofs.push((
                n.clone(),
                Err(FileError::ProofTooLarge {
                    name: n,
                    size,
                    limit,
                }),
            )),
            LeagueRead::TimestampToken => self.tokens.push((n, Err(error))),
            LeagueRead::RekorEntry => self.entries.push((n, Err(error))),
            _ => {}
        }
    }

    /// The stamp plan of books named `book_names` against the lists fed so far: the prefixes
    /// a caller reading a book itself verifies it with (`prefix_at(i)` for the i-th). Feed
    /// every list first, and then the books in this order with these names.
    pub fn stamp_plan(&self, book_names: &[String]) -> StampPlan {
        StampPlan::new(book_names, &self.lists)
    }

    /// A book (or the ask chain, when `asks`) whose chain the caller read with the prefixes
    /// of [`Session::stamp_plan`]: `kept` its bytes when kept for the answers' verdicts,
    /// `lines` its lines when read beside the chain. Its digest is of `kept`, else the chain's
    /// over its complete lines (left out when it ends with a partial line).
    pub fn book_read(
        &mut self,
        name: &str,
        asks: bool,
        read: BookRead,
        kept: Option<Vec<u8>>,
        lines: Option<Result<BookLines, BookLineError>>,
    ) {
        self.books.push(FedBook {
            name: name.to_string(),
            asks,
            input: BookInput::Read(Box::new(ReadBook { read, kept, lines })),
        });
    }

    /// Every check, in Appendix B's order; the report with the answers' verdicts and the ask
    /// texts attached.
    pub fn finish(self) -> Result<Verified, SessionError> {
        self.finish_with(&AllStampChecks)
    }

    /// [`Session::finish`] with the anchors checked by `checks`: a book or ask chain whose
    /// answers cannot be judged, or no book, is unusable input ([`SessionError`]); the ask
    /// texts are always checked.
    pub fn finish_with<C: StampChecks>(self, checks: &C) -> Result<Verified, SessionError> {
        if !self.books.iter().any(|b| !b.asks) {
            return Err(SessionError::NoBook);
        }
        let Checked {
            mut report,
            context,
            kept,
            asks_flags,
            ask_texts,
            table,
            chain,
            climatology,
            ..
        } = self.check(checks);
        let asks = kept
            .iter()
            .zip(&asks_flags)
            .find(|(_, a)| **a)
            .and_then(|((_, b), _)| b.as_deref());
        let (name, book) = kept
            .iter()
            .zip(&asks_flags)
            .find(|(_, a)| !**a)
            .map(|((n, b), _)| (n, b))
            .ok_or(SessionError::NoBook)?;
        let book = book.as_deref().ok_or(SessionError::NoBook)?;
        let answers = answer_verdicts(name, book, asks, &report).map_err(SessionError::Answers)?;
        let lines = BookLines::parse(book).map_err(|e| SessionError::Book(e.to_string()))?;
        let chain = chain
            .transpose()
            .map_err(|e| SessionError::AskChain(e.to_string()))?;
        report.ask_texts = Some(check_ask_texts(&ask_texts, Some(&lines), chain.as_ref()));
        report.answers = Some(answers);
        report.climatology = sealed_climatology(chain.as_ref(), table.as_deref());
        Ok(Verified {
            report,
            context,
            climatology,
        })
    }

    /// Every check, as [`Session::finish_with`], over files a reader dropped or a page fetched:
    /// what cannot be judged is said in the report (`answers_error`) instead of ending the
    /// session, the ask texts are checked when some were given, and a session without a book
    /// gives a report without books.
    pub fn finish_dropped<C: StampChecks>(self, checks: &C) -> Verified {
        let Checked {
            mut report,
            context,
            kept,
            asks_flags,
            mut read_lines,
            ask_texts,
            table,
            climatology,
            ..
        } = self.check(checks);
        let council = kept
            .iter()
            .zip(&asks_flags)
            .find(|(_, a)| !**a)
            .map(|((n, _), _)| n.clone());
        let (name, lines) = council
            .and_then(|c| {
                let i = read_lines.iter().position(|(n, _)| *n == c)?;
                Some(read_lines.swap_remove(i))
            })
            .unzip();
        let read = name.as_deref().zip(lines);
        attach_answers_read(&mut report, &kept, &ask_texts, read);
        attach_climatology(&mut report, &kept, table.as_deref());
        Verified {
            report,
            context,
            climatology,
        }
    }

    /// The anchors, chains and stamped prefixes checked (Appendix B steps 3, 4, 6, 9 and 10)
    /// and the climatology table held to the declaration; the answers are the caller's.
    fn check<C: StampChecks>(self, checks: &C) -> Checked {
        let Session {
            trust,
            headers,
            books,
            lists,
            proofs,
            tokens,
            entries,
            certs,
            ask_texts,
            climatology,
            mut context,
        } = self;
        let lists = &lists;
        let proofs = proofs
            .iter()
            .map(|(n, b)| match b {
                Ok(b) => checks.proof(n, b, lists, &headers),
                Err(e) => ProofResult::unreadable(n, e.clone()),
            })
            .collect();
        let tokens = tokens
            .iter()
            .map(|(n, b)| match b {
                Ok(b) => checks.token(n, b, lists, &certs, &trust),
                Err(e) => TokenResult {
                    name: n.clone(),
                    error: Some(e.clone()),
                    ..Default::default()
                },
            })
            .collect();
        let rekor = entries
            .iter()
            .map(|(n, b)| match b {
                Ok(b) => checks.rekor(n, b, lists, &trust),
                Err(e) => RekorResult {
                    name: n.clone(),
                    error: Some(e.clone()),
                    ..Default::default()
                },
            })
            .collect();
        let names: Vec<String> = books.iter().map(|b| b.name.clone()).collect();
        let plan = StampPlan::new(&names, lists);
        let mut reads = Vec::with_capacity(books.len());
        // Each book's bytes (None when not kept) and, for one the caller read, its lines.
        let mut kept: Vec<(String, Option<Vec<u8>>)> = Vec::with_capacity(books.len());
        let mut read_lines = Vec::new();
        let mut digest_of_chain = Vec::new();
        let mut asks_flags = Vec::with_capacity(books.len());
        for (i, b) in books.into_iter().enumerate() {
            asks_flags.push(b.asks);
            match b.input {
                BookInput::Bytes(bytes) => {
                    let mut r = BookReader::new(plan.prefix_at(i));
                    r.feed(&bytes);
                    reads.push(r.finish());
                    kept.push((b.name, Some(bytes)));
                }
                BookInput::Read(r) => {
                    let ReadBook {
                        read,
                        kept: bytes,
                        lines,
                    } = *r;
                    reads.push(read);
                    match &bytes {
                        Some(bytes) => context.files.push(FileDigest::of(&b.name, bytes)),
                        None => digest_of_chain.push(b.name.clone()),
                    }
                    if let Some(lines) = lines {
                        read_lines.push((b.name.clone(), lines));
                    }
                    kept.push((b.name, bytes));
                }
            }
        }
        let report = VerifierReport {
            proofs,
            headers,
            tokens,
            rekor,
            trust: checks.trust(&trust),
            ..VerifierReport::new(plan.resolve(reads), lists)
        };
        // A book not kept: the digest of the chain over its complete lines (the whole file
        // when it ends with its last LF; a book with a partial tail is left out).
        for name in digest_of_chain {
            let chain = report
                .books
                .iter()
                .find(|b| b.name == name)
                .map(|b| &b.report);
            if let Some(r) = chain.filter(|r| !r.partial_tail) {
                context.files.push(FileDigest {
                    name,
                    bytes: r.bytes,
                    sha256: r.sha256.clone(),
                });
            }
        }
        let asks = kept
            .iter()
            .zip(&asks_flags)
            .find(|(_, a)| **a)
            .and_then(|((_, b), _)| b.as_deref());
        let chain = asks.map(AskChain::parse);
        let climatology_bytes = climatology;
        let table = climatology_bytes.as_deref();
        let climatology = match &chain {
            Some(Ok(c)) => {
                let sealed = c
                    .declaration()
                    .and_then(|d| d.climatology_sha256.as_deref());
                Some(check_clim_seal(sealed, table))
            }
            _ => None,
        };
        Checked {
            report,
            context,
            kept,
            asks_flags,
            read_lines,
            ask_texts,
            table: climatology_bytes,
            chain,
            climatology,
        }
    }
}

/// What [`Session::check`] found, for the answers to be judged.
struct Checked {
    report: VerifierReport,
    context: ReportContext,
    /// Each book's name and bytes (None when not kept), in the order fed.
    kept: Vec<(String, Option<Vec<u8>>)>,
    /// Whether each book is the ask chain.
    asks_flags: Vec<bool>,
    /// The lines of the books the caller read them of.
    read_lines: Vec<(String, Result<BookLines, BookLineError>)>,
    ask_texts: Vec<(String, Vec<u8>)>,
    /// The climatology table's bytes, when fed.
    table: Option<Vec<u8>>,
    /// The ask chain parsed, when one was fed and kept.
    chain: Option<Result<AskChain, RosterError>>,
    climatology: Option<ClimSeal>,
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

    /// A two-run book, a list stamping its first two lines (as the book's ledger path) and the
    /// list's name.
    fn book_and_list() -> (Vec<u8>, Vec<u8>, &'static str) {
        use crate::book::canon::parse_line_object;
        use crate::book::chain::{verify, VerifyOptions};
        use crate::book::writer::BookWriter;
        let mut w = BookWriter::new();
        let book: Vec<u8> = [
            r#"{"kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z", "ask_sha256": "aa"}"#,
            r#"{"kind": "run", "run_id": "2026-10-22-am", "at": "2026-10-22T12:30:00Z", "ask_sha256": "bb"}"#,
            r#"{"kind": "run", "run_id": "2026-10-23-am", "at": "2026-10-23T12:30:00Z", "ask_sha256": "cc"}"#,
        ]
        .iter()
        .flat_map(|l| w.append(&parse_line_object(l.as_bytes()).unwrap()).unwrap().bytes)
        .collect();
        let head: Vec<u8> = book
            .split_inclusive(|b| *b == b'\n')
            .take(2)
            .flatten()
            .copied()
            .collect();
        let r = verify(&head, VerifyOptions::default());
        let list = crate::book::stamp_list::render(&[(
            "daily/council/book.jsonl".into(),
            2,
            r.sha256,
            r.last_link.unwrap(),
        )]);
        (book, list.into_bytes(), "proof/2026-10-21/130019Z.txt")
    }

    /// A book whose chain the caller read itself, in chunks with the session's stamp plan,
    /// gives the report and the file digests of the same book fed whole; not kept, its digest
    /// is the chain's over its lines, the same, and its answers are said not judged.
    #[test]
    fn a_book_read_outside_the_session_gives_the_report_of_its_bytes() {
        let (book, list, list_name) = book_and_list();
        let now = 1_796_000_000;
        let mut whole = Session::new("", now);
        whole.stamped_list(list_name, list.clone());
        whole.feed_as(LeagueRead::Book, BOOK_FILE, book.clone());
        let whole = whole.finish_dropped(&AllStampChecks);
        assert_eq!(whole.report.books.len(), 1);
        assert!(whole.report.books[0].report.ok);
        assert_eq!(whole.report.books[0].stamps.len(), 1);
        assert!(whole.report.books[0].stamps[0].ok());
        for keep in [true, false] {
            let mut s = Session::new("", now);
            s.stamped_list(list_name, list.clone());
            let plan = s.stamp_plan(&[BOOK_FILE.to_string()]);
            let mut r = BookReader::new(plan.prefix_at(0));
            for chunk in book.chunks(7) {
                r.feed(chunk);
            }
            s.book_read(
                BOOK_FILE,
                false,
                r.finish(),
                keep.then(|| book.clone()),
                None,
            );
            let mut read = s.finish_dropped(&AllStampChecks);
            if !keep {
                // Not kept, its answers are not judged here.
                let error = read.report.answers_error.take();
                assert_eq!(
                    error,
                    Some(crate::verifier::answers::AnswersError::TooLarge {
                        name: BOOK_FILE.into()
                    })
                );
                read.report.answers.clone_from(&whole.report.answers);
            }
            assert_eq!(read.report, whole.report, "kept: {keep}");
            let mut a = read.context.files.clone();
            let mut b = whole.context.files.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "kept: {keep}");
        }
    }

    /// The chain-only checks report no anchor as checked: a proof, token or entry fed to them
    /// fails, naming the file, and the trust anchors are named, not read.
    #[test]
    fn the_chain_only_checks_never_report_a_stamp_checked() {
        let (book, list, list_name) = book_and_list();
        let mut s = Session::new("", 1_796_000_000);
        s.stamped_list(list_name, list);
        s.feed_as(LeagueRead::Book, BOOK_FILE, book);
        s.feed_as(LeagueRead::Proof, "p.ots", b"not read".to_vec());
        s.feed_as(LeagueRead::TimestampToken, "t.tsr", b"not read".to_vec());
        s.feed_as(LeagueRead::RekorEntry, "e.rekor.json", b"{}".to_vec());
        s.trust_anchor("root.pem", b"not a certificate".to_vec());
        let v = s.finish_dropped(&ChainOnly);
        let r = &v.report;
        assert_eq!(r.proofs.len(), 1);
        assert!(r.proofs[0].report.is_none() && r.proofs[0].error.is_some());
        assert!(r.tokens.iter().all(|t| !t.ok && t.error.is_some()));
        assert!(r.rekor.iter().all(|e| !e.ok && e.error.is_some()));
        assert_eq!((r.tokens.len(), r.rekor.len()), (1, 1));
        assert!(!r.signed_time_holds());
        assert_eq!(r.trust.anchor_files, ["root.pem"]);
        assert!(r.trust.anchors.is_empty() && r.trust.anchors_error.is_none());
        assert_eq!(r.level(), crate::verifier::TrustLevel::Level1);
    }
}
