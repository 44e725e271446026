//! What the verifier page and `sealbook verify` do with a set of files: which dropped files are
//! books, stamped lists, OpenTimestamps proofs, RFC 3161 tokens and Rekor entries; which list
//! entry is checked against which book (spec §3.2; Appendix B steps 3 and 4); which proof,
//! token or entry is checked for which list (Appendix B steps 6, 9 and 10; §3.11 P1a); the
//! combined result and the rung of the trust ladder it reaches (ARCHITECTURE.md "Trust ladder").
//!
//! Pure logic over names, bytes, parsed lists and chain reports: the page's worker and the CLI
//! read the files and feed books chunk by chunk; everything they decide is here, so both decide
//! the same way and it runs natively in tests.
//!
//! - [`kinds`]: what a file is, by its name ([`FileKind`]) and a ledger by its lines
//!   ([`LedgerKind`]), and the [`BookReader`] that streams a book
//! - [`pairing`]: which list a proof, token or Rekor entry covers
//! - [`stamp_plan`]: which list entry is checked against which book, and how it was matched
//! - [`results`]: each file's result
//! - [`trust`]: the trust ladder and the reader's trust choices
//! - [`report`]: the whole [`VerifierReport`]
//! - [`answer_words`]: the answers report's sentences, each a message with its arguments
//! - [`answers`]: every answer's verdict, sealed before its reference and proven by whom
//! - [`recount`]: a published trading-track directory checked as one verdict (Appendix B
//!   steps 7 and 8, `council-league.json` `accounts` against the replayed rows), and each
//!   recomputed account's figures and chart series against its benchmarks
//! - [`ask_texts`]: Appendix B step 5, the ask texts against their hashes
//! - [`dropped_league`]: a dropped folder checked against the `manifest.json` among its files
//! - [`header_files`]: Bitcoin block headers dropped as files of their own
//! - [`permalink`]: the address of a verdict and of one answer
//! - [`report_document`]: the verification report a reader keeps, the same document from the
//!   CLI and the page
//! - [`overall`]: the reader's verdict, computed once: failed, unchecked or passed, where,
//!   at which level, over which line ranges and by which parties
//! - [`timeline`]: each session day on one time axis in New York time: the answers' seals, the
//!   stamped lists, each anchor's time and the reference

pub mod answer_words;
pub mod answers;
pub mod ask_texts;
pub mod dropped_league;
pub mod header_files;
pub mod kinds;
pub mod league_check;
pub mod overall;
pub mod pairing;
pub mod permalink;
pub mod recount;
pub mod report;
pub mod report_document;
pub mod results;
pub mod session;
pub mod stamp_plan;
pub mod timeline;
pub mod trust;

#[cfg(test)]
mod hostile_book;
#[cfg(test)]
mod tests;

pub use answers::{
    answer_verdicts, answer_verdicts_of_lines, attach_answers, attach_answers_read,
    attach_climatology, AnswersReport, Verdict,
};
pub use ask_texts::{check_ask_texts, AskTextProblem, AskTextsEnglish, AskTextsReport, NamedBy};
pub use kinds::{BookRead, BookReader, FileKind, KindSniffer, LedgerKind, ListError, ListInput};
pub use pairing::{pair_proof, pair_rekor_entry, pair_token};
pub use report::VerifierReport;
pub use results::{
    BookResult, CertInput, CheckRow, FileError, HeadersInput, ListResult, ProofResult, ProofState,
    RekorResult, TokenResult,
};
pub use stamp_plan::{
    MatchedBy, StampOutcome, StampPlan, StampResult, UncheckedList, UncheckedWhy, UnmatchedEntry,
};
pub use trust::{TrustInput, TrustLevel, TrustReport};

/// Largest stamped list read (bytes). Real lists are a few hundred bytes per ledger.
pub const MAX_LIST_BYTES: u64 = 1 << 20;
/// Largest `.ots` proof read (bytes). Real proofs are a few kilobytes.
pub const MAX_PROOF_BYTES: u64 = 1 << 20;
/// Largest pasted header text read (bytes): thousands of 80-byte headers in hex.
pub const MAX_HEADERS_TEXT_BYTES: usize = 1 << 20;
