//! The sentences of the answers report ([`super::answers`]; spec §3.2, §3.3, §3.10, §3.11): who
//! proves a line, what each anchor proves, each verdict, correction, run and problem, as a
//! message with its arguments.
//!
//! A message's `Display` is the English `sealbook verify --answers` prints. The report holds
//! each as a [`Note`], serialized as that English, so the report's JSON is the same bytes
//! whichever form a note has; the page's worker words the notes in the reader's language
//! ([`AnswersWording`], [`super::answers::AnswersReport::word`]) before the report leaves it.

use crate::calendar::Instant;
use crate::records::roster::RosterError;
use crate::score::counting::CountingNote;
use crate::score::notes::Note;
use std::fmt;

/// `t` on the New York wall clock: `09:30:00`.
pub fn new_york_clock(t: Instant) -> String {
    let (_, secs) = t.new_york();
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// `t` on the New York wall clock, labelled: `09:30:00 ET`.
fn et_clock(t: Instant) -> String {
    format!("{} ET", new_york_clock(t))
}

/// `t` in RFC 3339 UTC and on the New York clock: `2026-10-21T13:29:58Z (09:29:58 ET)`.
fn utc_et(t: Instant) -> String {
    format!("{} ({})", t.to_rfc3339(), et_clock(t))
}

/// `a`, `a and b`, `a, b and c`: the English list.
pub fn join_english<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(T::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// Who proves a line existed by some time: the party behind an anchor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Party {
    /// A timestamping authority, by its certificate's common name (else the token's file).
    Authority(String),
    /// The Rekor log, with the entry's log index when it states one.
    Rekor { log_index: Option<u64> },
    /// The Bitcoin block an OpenTimestamps proof reaches.
    BitcoinBlock { height: u64 },
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Authority(name) => f.write_str(name),
            Party::Rekor { log_index: None } => f.write_str("Rekor"),
            Party::Rekor { log_index: Some(i) } => write!(f, "Rekor (log index {i})"),
            Party::BitcoinBlock { height } => write!(f, "Bitcoin block {height}"),
        }
    }
}

/// What one verified anchor of a stamped list proves (times as RFC 3339 UTC, `?` when absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnchorSays {
    /// An RFC 3161 token of `authority`, verified to the certificate `root`: the list existed
    /// at its genTime.
    Token {
        authority: String,
        root: Option<String>,
        gen_time: Option<String>,
    },
    /// A Rekor entry whose signed entry timestamp was verified: in the log since its
    /// integratedTime.
    RekorSigned { integrated_time: Option<String> },
    /// A Rekor entry without a signed entry timestamp: in the log, at no established time.
    RekorUnsigned { integrated_time: Option<String> },
    /// A Rekor entry with no integratedTime at all (a Rekor v2 log signs no time): in the
    /// log, at no time it establishes.
    RekorNoTime,
    /// An OpenTimestamps proof in block `height` with header time `header`: the list existed
    /// no later than `bound`, the header time plus the practical bound of §3.11.
    Bitcoin {
        height: u64,
        header: Instant,
        bound: Instant,
    },
    /// An OpenTimestamps proof in block `height` whose header time is not known.
    BitcoinUntimed { height: u64 },
}

impl fmt::Display for AnchorSays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let or_unknown = |t: &Option<String>| t.clone().unwrap_or_else(|| "?".into());
        match self {
            AnchorSays::Token {
                authority,
                root,
                gen_time,
            } => write!(
                f,
                "RFC 3161 token of {authority}, verified to {}: the list existed at genTime {}",
                or_unknown(root),
                or_unknown(gen_time)
            ),
            AnchorSays::RekorSigned { integrated_time } => write!(
                f,
                "in the Rekor log since integratedTime {} (signed entry timestamp verified)",
                or_unknown(integrated_time)
            ),
            AnchorSays::RekorUnsigned { integrated_time } => write!(
                f,
                "in the Rekor log; its integratedTime {} is unsigned (no signed entry timestamp), so no time is established from it",
                or_unknown(integrated_time)
            ),
            AnchorSays::RekorNoTime => f.write_str(
                "in the Rekor log; the entry has no integratedTime (a Rekor v2 log signs no time), so no time is established from it",
            ),
            AnchorSays::Bitcoin {
                height,
                header,
                bound,
            } => write!(
                f,
                "OpenTimestamps proof in Bitcoin block {height} (header time {}, {}): the list existed no later than {}, the practical bound of spec §3.11",
                header.to_rfc3339(),
                et_clock(*header),
                utc_et(*bound)
            ),
            AnchorSays::BitcoinUntimed { height } => {
                write!(f, "OpenTimestamps proof in Bitcoin block {height}")
            }
        }
    }
}

/// An answer's or a cell's verdict against its reference, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerdictSays {
    /// Sealed at or after the reference: late, scored from its own reference.
    Late { sealed: Instant, reference: Instant },
    /// Proven before the reference by `by`.
    Proven {
        sealed: Instant,
        reference: Instant,
        by: Vec<Party>,
    },
    /// Anchored, but the earliest anchor (`first`: its party and the time it proves) is
    /// after the reference.
    AnchoredAfter {
        sealed: Instant,
        first: Option<(Party, Instant)>,
        reference: Instant,
    },
    /// No checked stamped list covers the line yet (Level 1).
    OperatorUncovered { sealed: Instant },
    /// The stamped list `list` covers the line, but no anchor of it establishes a time.
    OperatorUntimed { sealed: Instant, list: String },
}

impl fmt::Display for VerdictSays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerdictSays::Late { sealed, reference } => write!(
                f,
                "sealed at {}, after the reference {}: late, scored from its own reference, not in the common event",
                utc_et(*sealed),
                utc_et(*reference)
            ),
            VerdictSays::Proven {
                sealed,
                reference,
                by,
            } => write!(
                f,
                "sealed at {}; proven before the reference {} by {}",
                utc_et(*sealed),
                utc_et(*reference),
                join_english(by)
            ),
            VerdictSays::AnchoredAfter {
                sealed,
                first,
                reference,
            } => write!(
                f,
                "sealed at {} by the operator's clock; the earliest anchor ({}) proves it existed only by {}, after the reference {}",
                utc_et(*sealed),
                first.as_ref().map_or("?".to_string(), |(p, _)| p.to_string()),
                first.as_ref().map_or("? (?)".to_string(), |(_, t)| utc_et(*t)),
                utc_et(*reference)
            ),
            VerdictSays::OperatorUncovered { sealed } => write!(
                f,
                "sealed at {} by the operator's clock; no checked stamped list covers the line yet (Level 1)",
                utc_et(*sealed)
            ),
            VerdictSays::OperatorUntimed { sealed, list } => write!(
                f,
                "sealed at {} by the operator's clock; the stamped list {list} covers it but no anchor of it establishes a time (Level 1)",
                utc_et(*sealed)
            ),
        }
    }
}

/// One change a correction line makes, as [`crate::score::book_rows`] applies it (§3.10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorrectionChange {
    /// Re-seals line `line` unchanged: a copy, not a new forecast.
    Copy { line: u64 },
    /// Restores the string field `field` (`model`, `mode`) to `value`.
    Restores { field: String, value: String },
    /// Restores cells (`<asset> <horizon>`) the sealed answer does not have.
    RestoresCells { cells: Vec<String> },
    /// Corrects a score line's prices of `asset`: (`ref` or `close`, the number).
    CorrectsPrices {
        asset: String,
        prices: Vec<(String, String)>,
    },
    /// Changes no field the scorer reads.
    Nothing,
}

impl fmt::Display for CorrectionChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorrectionChange::Copy { line } => write!(
                f,
                "re-seals line {line} unchanged: a copy, not a new forecast (no rows)"
            ),
            CorrectionChange::Restores { field, value } => {
                write!(f, "restores the {field} {value:?}")
            }
            CorrectionChange::RestoresCells { cells } => write!(
                f,
                "restores {} cell{} not in the sealed answer ({}): listed apart as correction rows, not counted",
                cells.len(),
                if cells.len() == 1 { "" } else { "s" },
                cells.join(", ")
            ),
            CorrectionChange::CorrectsPrices { asset, prices } => {
                let prices: Vec<String> = prices.iter().map(|(k, x)| format!("{k} to {x}")).collect();
                write!(f, "corrects {asset}'s {}", prices.join(" and "))
            }
            CorrectionChange::Nothing => f.write_str("changes nothing the scorer reads"),
        }
    }
}

/// What a correction line changes, and the source it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrectionSays {
    pub changes: Vec<CorrectionChange>,
    pub source: Option<String>,
}

impl fmt::Display for CorrectionSays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.changes.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{c}")?;
        }
        if let Some(s) = &self.source {
            write!(f, " (source: {s})")?;
        }
        Ok(())
    }
}

/// Whether the declaration was sealed before the first run it governs (§3.4, requirement 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclarationSays {
    /// The book has no run line yet.
    NoRun,
    /// Sealed after the first run.
    Late { sealed: Instant, run: Instant },
    /// Proven before the first run by `by`.
    Proven {
        sealed: Instant,
        run: Instant,
        by: Vec<Party>,
    },
    /// Its anchors prove it only after the first run.
    AnchoredAfter { sealed: Instant, run: Instant },
    /// Before the first run by the operator's clock; no anchor of the ask chain proves it.
    OperatorOnly { sealed: Instant, run: Instant },
}

impl fmt::Display for DeclarationSays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationSays::NoRun => f.write_str("no run line in the book yet"),
            DeclarationSays::Late { sealed, run } => write!(
                f,
                "the declaration was sealed at {}, after the first run ({})",
                sealed.to_rfc3339(),
                run.to_rfc3339()
            ),
            DeclarationSays::Proven { sealed, run, by } => write!(
                f,
                "sealed at {}; proven before the first run ({}) by {}",
                sealed.to_rfc3339(),
                run.to_rfc3339(),
                join_english(by)
            ),
            DeclarationSays::AnchoredAfter { sealed, run } => write!(
                f,
                "sealed at {} by the operator's clock; its anchors prove it only after the first run ({})",
                sealed.to_rfc3339(),
                run.to_rfc3339()
            ),
            DeclarationSays::OperatorOnly { sealed, run } => write!(
                f,
                "sealed at {} by the operator's clock, before the first run ({}); no anchor of the ask chain proves it",
                sealed.to_rfc3339(),
                run.to_rfc3339()
            ),
        }
    }
}

/// What a run's sentence counts: its answer lines or their cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    Answers,
    Cells,
}

/// One run's answers (or cells) in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunSays {
    /// The counted run of its session: `proven` of `of` counted answers (or cells) proven
    /// before the reference by `by`, and how many of them are anchored only after it, on the
    /// operator's clock only, or sealed late.
    Counted {
        run_id: String,
        what: Counted,
        proven: usize,
        of: usize,
        by: Vec<Party>,
        anchored_after: usize,
        operator_only: usize,
        late: usize,
    },
    /// A reference run: `answers` answer lines, none counted.
    Reference { run_id: String, answers: usize },
    /// A reference run's cells: none counted.
    ReferenceCells { run_id: String },
}

impl fmt::Display for RunSays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunSays::Counted {
                run_id,
                what,
                proven,
                of,
                by,
                anchored_after,
                operator_only,
                late,
            } => {
                let what = match what {
                    Counted::Answers => "answers",
                    Counted::Cells => "cells",
                };
                write!(
                    f,
                    "{run_id}: {proven} of {of} counted {what} proven before the reference"
                )?;
                if !by.is_empty() {
                    write!(f, " by {}", join_english(by))?;
                }
                for (n, words) in [
                    (anchored_after, "anchored only after the reference"),
                    (operator_only, "on the operator's clock only"),
                    (late, "sealed late"),
                ] {
                    if *n > 0 {
                        write!(f, "; {n} {words}")?;
                    }
                }
                Ok(())
            }
            RunSays::Reference { run_id, answers } => write!(
                f,
                "{run_id}: a reference run ({answers} answers, none counted)"
            ),
            RunSays::ReferenceCells { run_id } => {
                write!(f, "{run_id}: a reference run (no cell counted)")
            }
        }
    }
}

/// A check of the answers that failed or could not be performed: each a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswersProblem {
    /// The roster could not be read: seats without an answer line are not listed.
    RosterUnreadable(RosterError),
    /// The book's chain was not verified.
    NotVerified { book: String },
    /// The book's chain does not hold from `first_bad_line` on.
    ChainBroken {
        book: String,
        first_bad_line: Option<u64>,
    },
    /// Line `list_line` of the stamped list `list` states a prefix of `lines` lines that does
    /// not match the book.
    PrefixMismatch {
        list: String,
        list_line: usize,
        lines: u64,
    },
}

impl fmt::Display for AnswersProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswersProblem::RosterUnreadable(e) => write!(
                f,
                "the roster could not be read ({e}): seats without an answer line are not listed"
            ),
            AnswersProblem::NotVerified { book } => write!(
                f,
                "{book}: the book's chain was not verified, so no verdict can rest on it"
            ),
            AnswersProblem::ChainBroken {
                book,
                first_bad_line,
            } => write!(
                f,
                "{book}: the chain does not hold (first bad line {}): every verdict below rests on a broken book",
                first_bad_line.map_or("?".to_string(), |n| n.to_string())
            ),
            AnswersProblem::PrefixMismatch {
                list,
                list_line,
                lines,
            } => write!(
                f,
                "{list}:{list_line}: the stamped prefix of {lines} lines does not match the book: it covers nothing"
            ),
        }
    }
}

/// How the reader's language words the report's messages (the page's catalog); the CLI keeps
/// each message's English, its `Display`.
pub trait AnswersWording {
    fn party(&self, m: &Party) -> String;
    fn anchor(&self, m: &AnchorSays) -> String;
    fn verdict(&self, m: &VerdictSays) -> String;
    fn correction(&self, m: &CorrectionSays) -> String;
    fn declaration(&self, m: &DeclarationSays) -> String;
    fn run(&self, m: &RunSays) -> String;
    fn counting(&self, m: &CountingNote) -> String;
    fn problem(&self, m: &AnswersProblem) -> String;
}

/// The parties of `by` that are messages (all of them, as core builds a report).
pub(super) fn parties(by: &[Note<Party>]) -> Vec<Party> {
    by.iter().filter_map(Note::msg).cloned().collect()
}
