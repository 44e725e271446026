//! Why the Accounts page cannot replay the trading tracks' files (spec §4.11, Appendix B steps
//! 7-8: [`recount_error`]; why its decisions are not the book's: [`decisions_differ`]), and why the Scores page cannot read the reader experiment's
//! dataset ([`dataset_error`], §6.2) or the league file ([`league_file_error`], Appendix C), in
//! the page's language. Each error's file, line and field are kept; the English is what core's
//! `Display` writes for the CLI (`web/tests/web/i18n_core_errors.rs` holds it to that).
//!
//! A value is quoted as the CLI quotes it; file names, field names, the files' own syntax and
//! the JSON reader's own words are kept as they are.

use super::book_messages::book_line_error;
use super::{tr, M};
use sealbook_core::arena::code::CodeError;
use sealbook_core::arena::code::CODE_FILE;
use sealbook_core::arena::league::DecisionsDiffer;
use sealbook_core::arena::protocol::{ProtocolError, ProtocolMsg, PROTOCOL_FILE};
use sealbook_core::arena::records::{
    ChoiceMsg, FieldMsg, RecordError, RecordMsg, ACCOUNTS_FILE, DECISIONS_FILE,
};
use sealbook_core::arena::replay::ReplayError;
use sealbook_core::experiment::analysis::DatasetError;
use sealbook_core::league::league_file::{LeagueFileError, LEAGUE_FILE};
use sealbook_core::records::names::BOOK_FILE;
use sealbook_core::verifier::recount::RecountError;

/// Why the published files could not be recounted, naming the file, line and field.
pub fn recount_error(e: &RecountError) -> String {
    match e {
        RecountError::Replay(e) => replay_error(e),
        RecountError::NoRows => tr(M::CeNoRows, &[("file", &ACCOUNTS_FILE)]),
        RecountError::Code(e) => code_error(e),
    }
}

/// Why the replay could not run: the file and what is wrong with it.
pub fn replay_error(e: &ReplayError) -> String {
    match e {
        ReplayError::Protocol(e) => tr(
            M::CeFileWhy,
            &[("file", &PROTOCOL_FILE), ("why", &protocol_error(e))],
        ),
        ReplayError::Record(e) => record_error(e),
    }
}

/// Why `arena-protocol.json` cannot be read: the version and field at fault, when one is.
pub fn protocol_error(e: &ProtocolError) -> String {
    let mut said = protocol_msg(&e.message);
    if let Some(field) = &e.field {
        said = tr(M::CeRecField, &[("field", field), ("what", &said)]);
    }
    if let Some(version) = &e.version {
        said = tr(M::CeProtoVersion, &[("version", version), ("what", &said)]);
    }
    said
}

/// What is wrong with the protocol file or one of its fields.
pub fn protocol_msg(m: &ProtocolMsg) -> String {
    match m {
        ProtocolMsg::Json {
            line,
            column,
            detail,
        } => tr(
            M::CeProtoJson,
            &[("line", line), ("column", column), ("detail", detail)],
        ),
        ProtocolMsg::NotProtocol { value, expected } => tr(
            M::CeProtoNotProtocol,
            &[("value", value), ("expected", expected)],
        ),
        ProtocolMsg::NotRounding { value, rule } => {
            tr(M::CeProtoNotRounding, &[("value", value), ("rule", rule)])
        }
        ProtocolMsg::RuleSetCount => tr(M::CeProtoRuleSetCount, &[]),
        ProtocolMsg::VersionTwice => tr(M::CeProtoVersionTwice, &[]),
        ProtocolMsg::SameStart => tr(M::CeProtoSameStart, &[]),
        ProtocolMsg::VersionLength => tr(M::CeProtoVersionLength, &[]),
        ProtocolMsg::NotDate { value } => tr(M::CeRecNotDate, &[("value", value)]),
        ProtocolMsg::MustBePositive => tr(M::CeProtoMustBePositive, &[]),
        ProtocolMsg::BetRuleTrack => tr(M::CeProtoBetRuleTrack, &[]),
        ProtocolMsg::BadStake => tr(M::CeProtoBadStake, &[]),
        ProtocolMsg::Range { lo, hi } => tr(M::CeProtoRange, &[("lo", lo), ("hi", hi)]),
        ProtocolMsg::MinCloseMinutes => tr(M::CeProtoMinCloseMinutes, &[]),
        ProtocolMsg::FavouriteMax => tr(M::CeProtoFavouriteMax, &[]),
        ProtocolMsg::Topics => tr(M::CeProtoTopics, &[]),
        ProtocolMsg::CategoryMax => tr(M::CeProtoCategoryMax, &[]),
        ProtocolMsg::RoundLimits => tr(M::CeProtoRoundLimits, &[]),
        ProtocolMsg::FundCount => tr(M::CeProtoFundCount, &[]),
        ProtocolMsg::BadFund { fund } => tr(M::CeProtoBadFund, &[("fund", fund)]),
        ProtocolMsg::ListedTwice { name } => tr(M::CeProtoListedTwice, &[("name", name)]),
        ProtocolMsg::AlsoTraded { market } => tr(M::CeProtoAlsoTraded, &[("market", market)]),
        ProtocolMsg::OutsideBasisPoints { value } => {
            tr(M::CeProtoOutsideBasisPoints, &[("value", value)])
        }
        ProtocolMsg::BoundsCrossed => tr(M::CeProtoBoundsCrossed, &[]),
        ProtocolMsg::LongOnlyInvested => tr(M::CeProtoLongOnlyInvested, &[]),
        ProtocolMsg::Negative => tr(M::CeProtoNegative, &[]),
        ProtocolMsg::BadWindow => tr(M::CeProtoBadWindow, &[]),
        ProtocolMsg::BenchmarkName { name } => tr(M::CeProtoBenchmarkName, &[("name", name)]),
        ProtocolMsg::NotTradedFund { benchmark, fund } => tr(
            M::CeProtoNotTradedFund,
            &[("benchmark", benchmark), ("fund", fund)],
        ),
        ProtocolMsg::WeightNotAllowed {
            benchmark,
            weight,
            fund,
        } => tr(
            M::CeProtoWeightNotAllowed,
            &[("benchmark", benchmark), ("weight", weight), ("fund", fund)],
        ),
        ProtocolMsg::RandomFunds { benchmark, max } => tr(
            M::CeProtoRandomFunds,
            &[("benchmark", benchmark), ("max", max)],
        ),
        ProtocolMsg::BenchmarkRule { benchmark } => {
            tr(M::CeProtoBenchmarkRule, &[("benchmark", benchmark)])
        }
    }
}

/// Why a line of a replayed file cannot be read: the file, the line and the field.
pub fn record_error(e: &RecordError) -> String {
    tr(
        M::CeRecLine,
        &[
            ("file", &e.file),
            ("line", &e.line),
            ("what", &record_msg(&e.message)),
        ],
    )
}

/// What is wrong with a line of a replayed file.
pub fn record_msg(m: &RecordMsg) -> String {
    match m {
        RecordMsg::TooManyLines { max } => tr(M::CeRecTooManyLines, &[("max", max)]),
        RecordMsg::Json { detail } => tr(M::CeRecJson, &[("detail", detail)]),
        RecordMsg::Field { field, what } => tr(
            M::CeRecField,
            &[("field", field), ("what", &field_msg(what))],
        ),
    }
}

/// What is wrong with a field's value.
pub fn field_msg(m: &FieldMsg) -> String {
    let (id, value) = match m {
        FieldMsg::Missing => return tr(M::CeRecMissing, &[]),
        FieldMsg::Choice(c) => return choice_msg(c),
        FieldMsg::NotTime { value } => (M::CeRecNotTime, value),
        FieldMsg::NotDate { value } => (M::CeRecNotDate, value),
        FieldMsg::NotPrice { value } => (M::CeRecNotPrice, value),
        FieldMsg::NotDollars { value } => (M::CeRecNotDollars, value),
        FieldMsg::NotRate { value } => (M::CeRecNotRate, value),
        FieldMsg::NotTokenPrice { value } => (M::CeRecNotTokenPrice, value),
        FieldMsg::NotKind { value } => (M::CeRecNotKind, value),
        FieldMsg::NotShares { value } => (M::CeRecNotShares, value),
    };
    tr(id, &[("value", value)])
}

/// What is wrong with a decision; the decision's JSON forms are kept as written.
pub fn choice_msg(m: &ChoiceMsg) -> String {
    match m {
        ChoiceMsg::MustBeObject => tr(M::CeChoiceMustBeObject, &[]),
        ChoiceMsg::NotWeight { value } => tr(M::CeChoiceNotWeight, &[("value", value)]),
        ChoiceMsg::NotPick { value } => tr(
            M::CeChoiceNotPick,
            &[
                ("value", value),
                (
                    "shape",
                    &r#"{"outcome": <label>, "cap": <price 0-1, optional>}"#,
                ),
            ],
        ),
        ChoiceMsg::BadOutcome => tr(M::CeChoiceBadOutcome, &[]),
        ChoiceMsg::NotCap { value } => tr(M::CeChoiceNotCap, &[("value", value)]),
        ChoiceMsg::NotChoice { value } => tr(
            M::CeChoiceNotChoice,
            &[
                ("value", value),
                ("hold", &r#""hold""#),
                ("weights", &r#"{"weights": {...}}"#),
                ("bets", &r#"{"bets": {...}}"#),
            ],
        ),
    }
}

/// Why `arena-code.json` cannot be read.
pub fn code_error(e: &CodeError) -> String {
    match e {
        CodeError::Json {
            line,
            column,
            detail,
        } => tr(
            M::CeCodeJson,
            &[
                ("file", &CODE_FILE),
                ("line", line),
                ("column", column),
                ("detail", detail),
            ],
        ),
        CodeError::TooManyFiles { max } => {
            tr(M::CeCodeTooMany, &[("file", &CODE_FILE), ("max", max)])
        }
        CodeError::BadEntry { index } => {
            tr(M::CeCodeBadEntry, &[("file", &CODE_FILE), ("index", index)])
        }
    }
}

/// Why the published `arena-decisions.jsonl` is not the decisions sealed in the book, naming
/// the line; the decisions' texts are kept as written.
pub fn decisions_differ(e: &DecisionsDiffer) -> String {
    match e {
        DecisionsDiffer::Book(e) => tr(
            M::CeFileWhy,
            &[("file", &BOOK_FILE), ("why", &book_line_error(e))],
        ),
        DecisionsDiffer::Line {
            line,
            published,
            sealed,
        } => {
            let or_none =
                |text: &Option<String>| text.clone().unwrap_or_else(|| tr(M::CeNoLine, &[]));
            tr(
                M::CeDecisionsLine,
                &[
                    ("file", &DECISIONS_FILE),
                    ("line", line),
                    ("book", &BOOK_FILE),
                    ("published", &or_none(published)),
                    ("sealed", &or_none(sealed)),
                ],
            )
        }
    }
}

/// Why the reader experiment's dataset cannot be read, naming the file and the position.
pub fn dataset_error(e: &DatasetError) -> String {
    tr(
        M::CeDataset,
        &[
            ("file", &e.file),
            ("line", &e.line),
            ("column", &e.column),
            ("detail", &e.detail),
        ],
    )
}

/// Why `council-league.json` cannot be read, naming the position.
pub fn league_file_error(e: &LeagueFileError) -> String {
    tr(
        M::CeLeagueFile,
        &[
            ("file", &LEAGUE_FILE),
            ("line", &e.line),
            ("column", &e.column),
            ("detail", &e.detail),
        ],
    )
}
