//! The book's and the ask chain's reading errors in the page's language: a run, answer, crowd,
//! score or correction line's field ([`BookLineError`], spec Appendix C "book lines", §3.10,
//! §4.9) and a roster or ask chain line's field ([`RosterError`], spec §3.9, §5.3), on the
//! Scores page and in the answers' verdict. Each message id is one catalog entry ([`M`]) whose English is the sentence core's `Display` writes for the CLI.

use super::{tr, M};
use sealbook_core::records::book_lines::{BookLineError, BookLineMessage, Unit};
use sealbook_core::records::roster::{RosterError, RosterMessage};

/// A unit a book line's number is read in.
pub fn unit(u: Unit) -> String {
    let m = match u {
        Unit::Price => M::BlUnitPrice,
        Unit::Percentage => M::BlUnitPercentage,
        Unit::Usd => M::BlUnitUsd,
        Unit::StrikeLevel => M::BlUnitStrikeLevel,
        Unit::PriceLevel => M::BlUnitPriceLevel,
        Unit::PercentageChange => M::BlUnitPercentageChange,
        Unit::Band => M::BlUnitBand,
    };
    tr(m, &[])
}

/// What is wrong with a book line's field. A value the CLI quotes (`"noon"`) is quoted the
/// same way here; the JSON parser's own words are shown as they are.
pub fn book_line_message(m: &BookLineMessage) -> String {
    use BookLineMessage as B;
    let q = |s: &str| format!("{s:?}");
    match m {
        B::NotJson { offset, detail } => {
            tr(M::BlNotJson, &[("offset", offset), ("detail", detail)])
        }
        B::LoneSurrogate => tr(M::BlLoneSurrogate, &[]),
        B::ExpectedString { found } => tr(M::BlExpectedString, &[("found", found)]),
        B::ExpectedObject { found } => tr(M::BlExpectedObject, &[("found", found)]),
        B::ObjectExpected => tr(M::BlObjectExpected, &[]),
        B::NotTime { value } => tr(M::BlNotTime, &[("value", &q(value))]),
        B::ExpectedNumber { unit: u, found } => tr(
            M::BlExpectedNumber,
            &[("unit", &unit(*u)), ("found", found)],
        ),
        B::Outside { value, unit: u } => tr(M::BlOutside, &[("value", value), ("unit", &unit(*u))]),
        B::Missing => tr(M::BlMissing, &[]),
        B::StrikesKalshiOnly => tr(M::BlStrikesKalshiOnly, &[]),
        B::BadMarketCode => tr(M::BlBadMarketCode, &[]),
        B::MarketCodeNotUtf8 => tr(M::BlMarketCodeNotUtf8, &[]),
        B::ClockNotSet { value } => tr(M::BlClockNotSet, &[("value", &q(value))]),
        B::ExpectedRuleVersion { found } => tr(M::BlExpectedRuleVersion, &[("found", found)]),
        B::ExpectedRuleVersions { found } => tr(M::BlExpectedRuleVersions, &[("found", found)]),
        B::Contract { detail } => detail.clone(),
        B::ContractFor { found, expected } => tr(
            M::BlContractFor,
            &[("found", found), ("expected", expected)],
        ),
        B::NotHorizon { value } => tr(M::BlNotHorizon, &[("value", &q(value))]),
        B::NotLineNumber { value } => tr(M::BlNotLineNumber, &[("value", value)]),
        B::ExpectedLineNumber { found } => tr(M::BlExpectedLineNumber, &[("found", found)]),
        B::ZeroReference => tr(M::BlZeroReference, &[]),
        B::ExpectedBool { found } => tr(M::BlExpectedBool, &[("found", found)]),
        B::UpDisagrees { up, change } => tr(M::BlUpDisagrees, &[("up", up), ("change", change)]),
        B::LateRefKey => tr(M::BlLateRefKey, &[]),
        B::NotShape { value } => tr(M::BlNotShape, &[("value", &q(value))]),
        B::BadContractKey => tr(M::BlBadContractKey, &[]),
        B::ExpectedUpValue { found } => tr(M::BlExpectedUpValue, &[("found", found)]),
        B::NamesNoLine { line } => tr(M::BlNamesNoLine, &[("line", line)]),
        B::NotBeforeCorrection { line, correction } => tr(
            M::BlNotBeforeCorrection,
            &[("line", line), ("correction", correction)],
        ),
        B::AlsoRunOf { run_id, line } => {
            tr(M::BlAlsoRunOf, &[("run_id", &q(run_id)), ("line", line)])
        }
        B::OutsideCalendar => tr(M::BlOutsideCalendar, &[]),
        B::ScoreOfNotRun { line, kind } => match kind {
            Some(k) => tr(M::BlScoreOfKind, &[("line", line), ("kind", &q(k))]),
            None => tr(M::BlScoreOfNoLine, &[("line", line)]),
        },
        B::ResultTwice {
            horizon,
            run,
            first,
        } => tr(
            M::BlResultTwice,
            &[("horizon", horizon), ("run", run), ("first", first)],
        ),
        B::ContractDiffers { run } => tr(M::BlContractDiffers, &[("run", run)]),
        B::NotAnswerOfRun { answer, run } => {
            tr(M::BlNotAnswerOfRun, &[("answer", answer), ("run", run)])
        }
        B::CorrectsNonAnswer { line, kind } => tr(
            M::BlCorrectsNonAnswer,
            &[("line", line), ("kind", &q(kind))],
        ),
        B::MissingRestoredTime => tr(M::BlMissingRestoredTime, &[]),
        B::MissingDecisionTime => tr(M::BlMissingDecisionTime, &[]),
        B::NamesNoRun { run_id } => tr(M::BlNamesNoRun, &[("run_id", &q(run_id))]),
        B::TooManyRows { max } => tr(M::BlTooManyRows, &[("max", max)]),
        B::CrowdPricesTwice { run, first } => {
            tr(M::BlCrowdPricesTwice, &[("run", run), ("first", first)])
        }
        B::NoCrowdPrices { run } => tr(M::BlNoCrowdPrices, &[("run", run)]),
        B::ResolvedTwice {
            code,
            up,
            line,
            was,
        } => tr(
            M::BlResolvedTwice,
            &[("code", code), ("up", up), ("line", line), ("was", was)],
        ),
        B::NotMarket { value } => tr(M::BlNotMarket, &[("value", &q(value))]),
    }
}

/// A book line's field that cannot be read, naming the line and the field.
pub fn book_line_error(e: &BookLineError) -> String {
    tr(
        M::BlAt,
        &[
            ("line", &e.line),
            ("field", &e.field),
            ("message", &book_line_message(&e.message)),
        ],
    )
}

/// What is wrong with a roster or ask chain line's field.
pub fn roster_message(m: &RosterMessage) -> String {
    use RosterMessage as R;
    let q = |s: &str| format!("{s:?}");
    match m {
        R::NotJson { offset, detail } => {
            tr(M::BlNotJson, &[("offset", offset), ("detail", detail)])
        }
        R::ExpectedObject { found } => tr(M::BlExpectedObject, &[("found", found)]),
        R::Missing => tr(M::BlMissing, &[]),
        R::Empty => tr(M::RoEmpty, &[]),
        R::NotUnicode => tr(M::RoNotUnicode, &[]),
        R::ExpectedString { found } => tr(M::BlExpectedString, &[("found", found)]),
        R::NoRosterLine => tr(M::RoNoRosterLine, &[]),
        R::ListedTwice { seat } => tr(M::RoListedTwice, &[("seat", &q(seat))]),
        R::TooManySeats { max } => tr(M::RoTooManySeats, &[("max", max)]),
        R::NotSide { value } => tr(M::RoNotSide, &[("value", &q(value))]),
        R::ExpectedSeatList { found } => tr(M::RoExpectedSeatList, &[("found", found)]),
        R::ExpectedSeats { found } => tr(M::RoExpectedSeats, &[("found", found)]),
        R::SideUnderKey { side, key } => tr(M::RoSideUnderKey, &[("side", side), ("key", key)]),
        R::NotHhmm { value } => tr(M::RoNotHhmm, &[("value", &q(value))]),
        R::NotTime { value } => tr(M::BlNotTime, &[("value", &q(value))]),
        R::ExpectedRunId => tr(M::RoExpectedRunId, &[]),
        R::ExpectedList { found } => tr(M::RoExpectedList, &[("found", found)]),
        R::NotPositiveCount => tr(M::RoNotPositiveCount, &[]),
        R::ExpectedInteger { found } => tr(M::RoExpectedInteger, &[("found", found)]),
        R::NotDate { value } => tr(M::RoNotDate, &[("value", &q(value))]),
        R::NotProvider => tr(
            M::RoNotProvider,
            &[("max", &sealbook_core::records::roster::MAX_PROVIDER_BYTES)],
        ),
    }
}

/// A roster or ask chain line's field that cannot be read, naming the file, line and field.
pub fn roster_error(e: &RosterError) -> String {
    tr(
        M::RoAt,
        &[
            ("file", &e.file),
            ("line", &e.line),
            ("field", &e.field),
            ("message", &roster_message(&e.message)),
        ],
    )
}
