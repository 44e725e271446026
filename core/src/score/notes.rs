//! Why a figure of the stats document (`sealbook score --json`) has no value: the primary
//! endpoint's note (spec §8), a seat's logistic fit (§4.5), the N_eff readings, the spectrum,
//! the sides test, the shadow weights and the roster (§5.1-§5.3) and the funnel (Table 6).
//!
//! Each note is a message id with its arguments ([`StatsNote`]), so the page can word it in
//! the reader's language; its `Display` is the English the CLI writes, and a [`Note`] is
//! serialized as that English string, so the document's JSON is the same bytes whichever
//! form the note has.

use crate::neff::NeffError;
use crate::records::names::{ASKS_FILE, BOOK_FILE, FORECASTS_FILE};
use crate::records::roster::RosterError;
use crate::stats::bootstrap::BootstrapError;
use crate::stats::logistic::LogisticError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where the roster was read: the ask chain's roster lines, or the book's run lines that carry
/// one (spec §5.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterSource {
    /// The ask chain's roster lines, as their numbers are written.
    AskLines { lines: Vec<String> },
    /// The book's run lines `first` to `last`, `runs` of them.
    BookLines { first: u64, last: u64, runs: usize },
}

impl fmt::Display for RosterSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterSource::AskLines { lines } => write!(
                f,
                "{ASKS_FILE} line{} {}",
                if lines.len() > 1 { "s" } else { "" },
                lines.join(", ")
            ),
            RosterSource::BookLines { first, last, .. } if first == last => {
                write!(f, "{BOOK_FILE} line {first}")
            }
            RosterSource::BookLines { first, last, runs } => {
                write!(f, "{BOOK_FILE} lines {first}-{last} ({runs} run lines)")
            }
        }
    }
}

/// Why a figure of the stats document has no value, with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum StatsNote {
    /// No climatology table was given (the primary endpoint; the from-climatology reading).
    NoClimatology,
    /// The climatology table's content hash is not its stated one (the primary endpoint).
    ClimatologyHashMismatch,
    /// The endpoint's bootstrap could not run over `sessions` session gains (§8).
    Bootstrap {
        sessions: usize,
        error: BootstrapError,
    },
    /// The seat's logistic calibration fit could not be made (§4.5).
    Logistic(LogisticError),
    /// An `n_eff[]` row: no pair of seats shares `min` or more markets with a correlation.
    NoPairOverMarkets { min: usize },
    /// A reading: no pair of seats shares `min` or more cells with a correlation.
    NoPairOverCells { min: usize },
    /// A reading with fewer than two seats.
    FewerThanTwoSeats,
    /// A reading whose 1 + (n - 1) rho is not positive, so N_eff is undefined.
    RhoNotPositive,
    /// A reading whose mean correlation is negative, so that N_eff = n / (1 + (n - 1) rho)
    /// exceeds its n seats. §5.1 evaluates the formula with the run's own n and rho and caps
    /// nothing (§5: N_eff is a count of variance), so the reading is published as the formula
    /// gives it, with this note: over a run's few shared markets a negative mean correlation is
    /// the sampling noise §5.1 names, not more independent voices than seats.
    NeffAboveSeats,
    /// The error-indicator reading before any event resolved.
    NoResolvedEvent,
    /// The panel cannot be formed: a seat answered a market twice in its latest answer line
    /// (`row` is the forecasts file's row).
    AnsweredTwice {
        row: u64,
        seat: String,
        market: String,
    },
    /// The panel cannot be formed: the forecasts file's `prob_up` at `row` is not a
    /// probability.
    NotAProbability { row: u64 },
    /// A panel, the error indicators, the sides test or the shadow weights could not be read.
    Neff(NeffError),
    /// The spectrum: the eigenvalues give no positive trace.
    NoPositiveTrace,
    /// The spectrum: `pairs` pairs of seats have no correlation.
    IncompleteMatrix { pairs: usize },
    /// The sides test: the roster gives no seat a side.
    NoSides,
    /// The sides test: `seat` answered but has no side in the roster.
    NoSideInRoster { seat: String },
    /// The shadow weights: no counted run with a one-day panel before `session`.
    NoShadowWindow { session: u32 },
    /// The funnel's `sealed_before_reference` needs the book.
    FunnelNeedsBook,
    /// The roster: neither the ask chain nor the book was given.
    NoAskChainOrBook,
    /// The roster: no ask chain, and no run line of the book carries a roster.
    NoRosterInBook,
    /// The roster: the book's rosters cannot be read.
    RosterUnreadable(RosterError),
    /// The spread tertiles: no one-day event with two or more answers in sessions 1 to `last`
    /// sets the bounds (spec §8).
    TertileNoBounds { last: u32 },
    /// The spread tertiles: the low tertile holds `low` events and the high `high`, and each
    /// needs `min` (spec §8).
    TertileUnresolved { low: usize, high: usize, min: usize },
    /// The spread tertiles: no market has events in both the high and the low tertile.
    TertileNoMarket,
    /// The exact-window sensitivity: the climatology table states no one-day session-bar row
    /// for `markets` (spec §8).
    NoExactWindowRow { markets: Vec<String> },
}

impl fmt::Display for StatsNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatsNote::NoClimatology => f.write_str("no climatology table given"),
            StatsNote::ClimatologyHashMismatch => f.write_str(
                "the climatology table's content hash does not match its stated sha256",
            ),
            StatsNote::Bootstrap { sessions, error } => write!(f, "{sessions} sessions: {error}"),
            StatsNote::Logistic(e) => write!(f, "{e}"),
            StatsNote::NoPairOverMarkets { min } => write!(
                f,
                "no pair of seats has a correlation over {min} or more common markets"
            ),
            StatsNote::NoPairOverCells { min } => write!(
                f,
                "no pair of seats has a correlation over {min} or more common cells"
            ),
            StatsNote::FewerThanTwoSeats => f.write_str("fewer than two seats"),
            StatsNote::RhoNotPositive => f.write_str("1 + (n - 1) rho is not positive"),
            StatsNote::NeffAboveSeats => f.write_str(
                "the mean correlation is negative, so N_eff exceeds the seats: published as n / (1 + (n - 1) rho) gives it, uncapped (spec §5.1); over a few shared markets that is noise, not more independent voices than seats",
            ),
            StatsNote::NoResolvedEvent => f.write_str("no resolved event yet"),
            StatsNote::AnsweredTwice { row, seat, market } => write!(
                f,
                "{FORECASTS_FILE} row {row}: seat {seat} answered {market} twice in its latest answer line"
            ),
            StatsNote::NotAProbability { row } => write!(
                f,
                "{FORECASTS_FILE} row {row}, column prob_up: not a number from 0 to 100"
            ),
            StatsNote::Neff(e) => write!(f, "{e}"),
            StatsNote::NoPositiveTrace => {
                f.write_str("the matrix's eigenvalues give no positive trace")
            }
            StatsNote::IncompleteMatrix { pairs } => write!(
                f,
                "{pairs} pairs of seats have no correlation, so the matrix is incomplete"
            ),
            StatsNote::NoSides => f.write_str("the roster gives no sides"),
            StatsNote::NoSideInRoster { seat } => {
                write!(f, "seat {seat} has no side in the roster")
            }
            StatsNote::NoShadowWindow { session } => write!(
                f,
                "no counted run with a one-day panel before session {session} (the window the weights are frozen from)"
            ),
            StatsNote::FunnelNeedsBook => {
                f.write_str("sealed_before_reference needs the book's sealing times")
            }
            StatsNote::NoAskChainOrBook => {
                f.write_str("no ask chain or book given: each seat is its own family, no sides")
            }
            StatsNote::NoRosterInBook => f.write_str(
                "no ask chain given and no run line of the book carries a roster: each seat is its own family, no sides",
            ),
            StatsNote::RosterUnreadable(e) => {
                write!(f, "{e}; each seat is its own family, no sides")
            }
            StatsNote::TertileNoBounds { last } => write!(
                f,
                "no one-day event with two or more answers in sessions 1-{last} sets the tertile bounds"
            ),
            StatsNote::TertileUnresolved { low, high, min } => write!(
                f,
                "unresolved: the low tertile holds {low} events and the high {high}; each needs {min} (spec §8)"
            ),
            StatsNote::TertileNoMarket => {
                f.write_str("no market has events in both the high and the low tertile")
            }
            StatsNote::NoExactWindowRow { markets } => write!(
                f,
                "the climatology table states no one-day session-bar row (the event's own 09:30-16:00 ET session) for {}; the engine holds no intraday history to compute the exact-window base rate",
                markets.join(", ")
            ),
        }
    }
}

/// A note as a document holds it: the message core found (a [`StatsNote`], or another
/// message type), or its text when the document was read back from its JSON (which carries
/// the English only) or when the page has worded it in the reader's language
/// ([`Note::word`]). Either way it is serialized as its text.
#[derive(Clone, Debug, PartialEq)]
pub enum Note<T = StatsNote> {
    Msg(T),
    Text(String),
}

impl<T: Eq> Eq for Note<T> {}

impl<T> Note<T> {
    /// Replaces the message with its wording by `word` (the page's language); a text stays.
    pub fn word(&mut self, word: &dyn Fn(&T) -> String) {
        if let Note::Msg(m) = self {
            *self = Note::Text(word(m));
        }
    }

    /// The text, when the note is text (worded, or read back from JSON).
    pub fn text(&self) -> Option<&str> {
        match self {
            Note::Msg(_) => None,
            Note::Text(s) => Some(s),
        }
    }

    /// The message, unless the note is already text.
    pub fn msg(&self) -> Option<&T> {
        match self {
            Note::Msg(m) => Some(m),
            Note::Text(_) => None,
        }
    }
}

impl From<StatsNote> for Note {
    fn from(m: StatsNote) -> Note {
        Note::Msg(m)
    }
}

impl<T: fmt::Display> fmt::Display for Note<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Msg(m) => m.fmt(f),
            Note::Text(s) => f.write_str(s),
        }
    }
}

impl<T: fmt::Display> Serialize for Note<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, T> Deserialize<'de> for Note<T> {
    /// The text as written: the JSON carries no message id, and English is not read back
    /// into one.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Note<T>, D::Error> {
        String::deserialize(d).map(Note::Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::roster::RosterMessage;

    #[test]
    fn a_note_is_its_english_in_json_either_way() {
        let msg = Note::Msg(StatsNote::AnsweredTwice {
            row: 12,
            seat: "s1".into(),
            market: "GOLD".into(),
        });
        let json = serde_json::to_string(&msg).unwrap();
        assert_eq!(
            json,
            r#""council-forecasts.csv row 12: seat s1 answered GOLD twice in its latest answer line""#
        );
        let back: Note = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        assert_eq!(back.msg(), None);
        let mut worded = msg.clone();
        worded.word(&|m| format!("<{m}>"));
        assert_eq!(worded, Note::Text(format!("<{}>", msg.msg().unwrap())));
        assert_eq!(
            StatsNote::Bootstrap {
                sessions: 3,
                error: BootstrapError::BadBlock { block: 5, n: 3 }
            }
            .to_string(),
            "3 sessions: bootstrap: block length 5 must be between 1 and the series length 3"
        );
    }

    /// The English of every note is the sentence the scorer wrote before notes were typed,
    /// so `sealbook score --json` and its human output keep their bytes.
    #[test]
    fn every_note_keeps_the_documents_english() {
        let seat = || "s1".to_string();
        let pinned: Vec<(StatsNote, &str)> = vec![
            (StatsNote::NoClimatology, "no climatology table given"),
            (
                StatsNote::ClimatologyHashMismatch,
                "the climatology table's content hash does not match its stated sha256",
            ),
            (
                StatsNote::Bootstrap {
                    sessions: 0,
                    error: BootstrapError::Empty,
                },
                "0 sessions: bootstrap: no observations",
            ),
            (
                StatsNote::Logistic(LogisticError::FewerThanThree),
                "calibration fit: fewer than 3 forecasts",
            ),
            (
                StatsNote::Logistic(LogisticError::OutcomesEqual),
                "calibration fit: all outcomes are equal",
            ),
            (
                StatsNote::Logistic(LogisticError::ForecastsEqual),
                "calibration fit: all forecasts are equal",
            ),
            (
                StatsNote::Logistic(LogisticError::OneCluster),
                "calibration fit: one cluster only",
            ),
            (
                StatsNote::NoPairOverMarkets { min: 3 },
                "no pair of seats has a correlation over 3 or more common markets",
            ),
            (
                StatsNote::NoPairOverCells { min: 3 },
                "no pair of seats has a correlation over 3 or more common cells",
            ),
            (StatsNote::FewerThanTwoSeats, "fewer than two seats"),
            (StatsNote::RhoNotPositive, "1 + (n - 1) rho is not positive"),
            (
                StatsNote::NeffAboveSeats,
                "the mean correlation is negative, so N_eff exceeds the seats: published as n / (1 + (n - 1) rho) gives it, uncapped (spec §5.1); over a few shared markets that is noise, not more independent voices than seats",
            ),
            (StatsNote::NoResolvedEvent, "no resolved event yet"),
            (
                StatsNote::NotAProbability { row: 7 },
                "council-forecasts.csv row 7, column prob_up: not a number from 0 to 100",
            ),
            (
                StatsNote::Neff(NeffError::NoSide { seat: seat() }),
                "sides: seat s1 has no side",
            ),
            (
                StatsNote::Neff(NeffError::NotTwoSides { found: 3 }),
                "sides: need seats on exactly two sides, found 3",
            ),
            (
                StatsNote::Neff(NeffError::TooManySplits {
                    splits: 300000,
                    max: 200000,
                }),
                "sides: 300000 splits exceed the limit of 200000",
            ),
            (
                StatsNote::Neff(NeffError::NoCellBothSides),
                "sides: no cell answered by both sides",
            ),
            (
                StatsNote::Neff(NeffError::NoCorrelationInWindow),
                "shadow weights: no seat of the roster has a correlation in the window",
            ),
            (
                StatsNote::NoPositiveTrace,
                "the matrix's eigenvalues give no positive trace",
            ),
            (
                StatsNote::IncompleteMatrix { pairs: 2 },
                "2 pairs of seats have no correlation, so the matrix is incomplete",
            ),
            (StatsNote::NoSides, "the roster gives no sides"),
            (
                StatsNote::NoSideInRoster { seat: seat() },
                "seat s1 has no side in the roster",
            ),
            (
                StatsNote::NoShadowWindow { session: 11 },
                "no counted run with a one-day panel before session 11 (the window the weights are frozen from)",
            ),
            (
                StatsNote::FunnelNeedsBook,
                "sealed_before_reference needs the book's sealing times",
            ),
            (
                StatsNote::NoAskChainOrBook,
                "no ask chain or book given: each seat is its own family, no sides",
            ),
            (
                StatsNote::NoRosterInBook,
                "no ask chain given and no run line of the book carries a roster: each seat is its own family, no sides",
            ),
            (
                StatsNote::RosterUnreadable(RosterError {
                    file: "council-book.jsonl",
                    line: 1,
                    field: "roster[0].family".into(),
                    message: RosterMessage::Missing,
                }),
                "council-book.jsonl line 1, field roster[0].family: missing; each seat is its own family, no sides",
            ),
        ];
        for (note, english) in pinned {
            assert_eq!(note.to_string(), english);
        }
    }
}
