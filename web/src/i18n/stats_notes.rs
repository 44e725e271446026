//! The stats document's notes in the page's language: why the primary endpoint (spec §8), a
//! seat's logistic fit (§4.5), an N_eff reading, the spectrum, the sides test, the shadow
//! weights, the roster (§5.1-§5.3) or the funnel has no value. Each of core's [`StatsNote`]
//! ids is a catalog entry whose English is what `sealbook score` writes; so is a peer
//! document's [`Generator`].

use super::book_messages::roster_error;
use super::{t, tr, M};
use sealbook_core::neff::NeffError;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
use sealbook_core::score::book_agreement::MismatchWhy;
use sealbook_core::score::league::StatsWording;
use sealbook_core::score::notes::RosterSource;
use sealbook_core::score::notes::{Note, StatsNote};
use sealbook_core::score::peers::profile_stats::Generator;
use sealbook_core::stats::bootstrap::{BootstrapError, MAX_REPS};
use sealbook_core::stats::logistic::LogisticError;

/// The page's wording of the stats document's notes.
pub struct PageWording;

impl StatsWording for PageWording {
    fn note(&self, m: &StatsNote) -> String {
        stats_note(m)
    }
    fn roster_source(&self, m: &RosterSource) -> String {
        roster_source(m)
    }
    fn mismatch(&self, m: &MismatchWhy) -> String {
        mismatch(m)
    }
}

/// A note of the document: its message worded in the page's language, or its text as it is
/// (a document read back from the CLI's JSON carries the English only).
pub fn note(n: &Note) -> String {
    match n {
        Note::Msg(m) => stats_note(m),
        Note::Text(s) => s.clone(),
    }
}

/// The generator a peer document's intervals draw from (seeds 001 and 002).
pub fn generator(g: &Generator) -> String {
    match g {
        Generator::NumpyFresh => tr(M::SnGeneratorFresh, &[("rng", &Generator::NUMPY)]),
    }
}

/// Why a figure of the stats document has no value.
pub fn stats_note(n: &StatsNote) -> String {
    match n {
        StatsNote::NoClimatology => tr(M::SnNoClimatology, &[]),
        StatsNote::ClimatologyHashMismatch => tr(M::SnClimatologyHash, &[]),
        StatsNote::Bootstrap { sessions, error } => tr(
            M::SnBootstrap,
            &[("sessions", sessions), ("error", &bootstrap(error))],
        ),
        StatsNote::Logistic(e) => logistic(e),
        StatsNote::NoPairOverMarkets { min } => tr(M::SnNoPairMarkets, &[("min", min)]),
        StatsNote::NoPairOverCells { min } => tr(M::SnNoPairCells, &[("min", min)]),
        StatsNote::FewerThanTwoSeats => tr(M::SnFewerThanTwoSeats, &[]),
        StatsNote::RhoNotPositive => tr(M::SnRhoNotPositive, &[]),
        StatsNote::NeffAboveSeats => tr(M::SnNeffAboveSeats, &[]),
        StatsNote::NoResolvedEvent => tr(M::SnNoResolvedEvent, &[]),
        StatsNote::AnsweredTwice { row, seat, market } => tr(
            M::SnAnsweredTwice,
            &[("row", row), ("seat", seat), ("market", market)],
        ),
        StatsNote::NotAProbability { row } => tr(M::SnNotAProbability, &[("row", row)]),
        StatsNote::Neff(e) => neff(e),
        StatsNote::NoPositiveTrace => tr(M::SnNoPositiveTrace, &[]),
        StatsNote::IncompleteMatrix { pairs } => tr(M::SnIncompleteMatrix, &[("pairs", pairs)]),
        StatsNote::NoSides => tr(M::SnNoSides, &[]),
        StatsNote::NoSideInRoster { seat } => tr(M::SnNoSideInRoster, &[("seat", seat)]),
        StatsNote::NoShadowWindow { session } => tr(M::SnNoShadowWindow, &[("session", session)]),
        StatsNote::FunnelNeedsBook => tr(M::SnFunnelNeedsBook, &[]),
        StatsNote::NoAskChainOrBook => tr(M::SnNoAskChainOrBook, &[]),
        StatsNote::NoRosterInBook => tr(M::SnNoRosterInBook, &[]),
        StatsNote::RosterUnreadable(e) => tr(M::SnRosterUnreadable, &[("error", &roster_error(e))]),
        StatsNote::TertileNoBounds { last } => tr(M::SnTertileNoBounds, &[("last", last)]),
        StatsNote::TertileUnresolved { low, high, min } => tr(
            M::SnTertileUnresolved,
            &[("low", low), ("high", high), ("min", min)],
        ),
        StatsNote::TertileNoMarket => tr(M::SnTertileNoMarket, &[]),
        StatsNote::NoExactWindowRow { markets } => {
            tr(M::SnNoExactWindowRow, &[("markets", &markets.join(", "))])
        }
    }
}

/// Why the endpoint's moving-block bootstrap could not run (§8).
pub fn bootstrap(e: &BootstrapError) -> String {
    match e {
        BootstrapError::Empty => tr(M::SnBootEmpty, &[]),
        BootstrapError::BadBlock { block, n } => {
            tr(M::SnBootBadBlock, &[("block", block), ("n", n)])
        }
        BootstrapError::BadReps { reps } => {
            tr(M::SnBootBadReps, &[("reps", reps), ("max", &MAX_REPS)])
        }
        BootstrapError::NotFinite { index } => tr(M::SnBootNotFinite, &[("index", index)]),
    }
}

/// Why a seat's logistic calibration fit could not be made (§4.5).
pub fn logistic(e: &LogisticError) -> String {
    match e {
        LogisticError::Lengths => tr(M::SnFitLengths, &[]),
        LogisticError::Probability { row, p } => tr(M::SnFitProbability, &[("row", row), ("p", p)]),
        LogisticError::FewerThanThree => tr(M::SnFitFewerThanThree, &[]),
        LogisticError::OutcomesEqual => tr(M::SnFitOutcomesEqual, &[]),
        LogisticError::ForecastsEqual => tr(M::SnFitForecastsEqual, &[]),
        LogisticError::OneCluster => tr(M::SnFitOneCluster, &[]),
        LogisticError::Separation => tr(M::SnFitSeparation, &[]),
        LogisticError::NoConvergence => tr(M::SnFitNoConvergence, &[]),
        LogisticError::NoFit => tr(M::EaFitNoFit, &[]),
    }
}

/// Where the roster was read (spec §5.1): the ask chain's or the book's lines.
pub fn roster_source(s: &RosterSource) -> String {
    match s {
        RosterSource::AskLines { lines } => tr(
            if lines.len() > 1 {
                M::EaRosterLines
            } else {
                M::EaRosterLine
            },
            &[("file", &ASKS_FILE), ("lines", &lines.join(", "))],
        ),
        RosterSource::BookLines { first, last, .. } if first == last => {
            tr(M::EaRosterLine, &[("file", &BOOK_FILE), ("lines", first)])
        }
        RosterSource::BookLines { first, last, runs } => tr(
            M::EaRosterRunLines,
            &[
                ("file", &BOOK_FILE),
                ("first", first),
                ("last", last),
                ("runs", runs),
            ],
        ),
    }
}

/// How a forecasts row disagrees with the answer line it names (spec Appendix C, Table C1);
/// the values are data, the words around them in the page's language.
pub fn mismatch(w: &MismatchWhy) -> String {
    match w {
        MismatchWhy::NotAnAnswer { found: None } => tr(M::EaMismatchNoLine, &[]),
        MismatchWhy::NotAnAnswer { found: Some(kind) } => tr(M::EaMismatchKind, &[("kind", kind)]),
        MismatchWhy::Differs { field, csv, sealed } => {
            let sealed = sealed
                .as_ref()
                .map_or_else(|| t(M::EaMismatchNone).to_string(), |s| format!("{s:?}"));
            tr(
                M::EaMismatchDiffers,
                &[
                    ("field", field),
                    ("csv", &format!("{csv:?}")),
                    ("sealed", &sealed),
                ],
            )
        }
        MismatchWhy::SealedAt => tr(M::EaMismatchSealedAt, &[]),
        MismatchWhy::ProbUp { csv, sealed } => {
            let show =
                |p: &Option<String>| p.clone().unwrap_or_else(|| t(M::EaNotStated).to_string());
            tr(
                M::EaMismatchProbUp,
                &[("csv", &show(csv)), ("sealed", &show(sealed))],
            )
        }
    }
}

/// Why a panel, the error indicators, the sides test or the shadow weights could not be read
/// (§5.1-§5.3).
pub fn neff(e: &NeffError) -> String {
    match e {
        NeffError::Duplicate {
            row,
            seat,
            market,
            horizon,
        } => tr(
            M::SnNeffDuplicate,
            &[
                ("row", row),
                ("seat", seat),
                ("market", market),
                ("horizon", horizon),
            ],
        ),
        NeffError::Probability {
            row,
            seat,
            market,
            horizon,
        } => tr(
            M::SnNeffProbability,
            &[
                ("row", row),
                ("seat", seat),
                ("market", market),
                ("horizon", horizon),
            ],
        ),
        NeffError::NoSide { seat } => tr(M::SnNeffNoSide, &[("seat", seat)]),
        NeffError::NotTwoSides { found } => tr(M::SnNeffNotTwoSides, &[("found", found)]),
        NeffError::TooManySplits { splits, max } => {
            tr(M::SnNeffTooManySplits, &[("splits", splits), ("max", max)])
        }
        NeffError::NoCellBothSides => tr(M::SnNeffNoCellBothSides, &[]),
        NeffError::NoCorrelationInWindow => tr(M::SnNeffNoCorrelationInWindow, &[]),
    }
}
