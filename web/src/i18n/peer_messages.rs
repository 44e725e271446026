//! Why a peer benchmark's records file cannot be scored (`core::score::peers::records`'
//! [`RecordError`], its [`RecordMsg`] and the [`VectorError`] of a probability vector), in the
//! page's language. The English entries are what `sealbook score --profile ...` prints, so an
//! English page says what the CLI says (`web/tests/web/i18n_peer_records.rs` holds them to it).
//! Field names, JSON type names and the records' own values (`"bearish"`, `null`) are the
//! file format's words and stay as written.

use super::{tr, M};
use sealbook_core::score::peers::records::{RecordError, RecordMsg};
use sealbook_core::score::peers::VectorError;

/// `name: line L, field F: message` (or without the field), as the Scores page shows it.
pub fn record_error(name: &str, e: &RecordError) -> String {
    let message = record_msg(&e.message);
    match &e.field {
        Some(field) => tr(
            M::PrAtLineField,
            &[
                ("name", &name),
                ("line", &e.line),
                ("field", field),
                ("message", &message),
            ],
        ),
        None => tr(
            M::PrAtLine,
            &[("name", &name), ("line", &e.line), ("message", &message)],
        ),
    }
}

/// A quoted value or list, as the CLI writes it (`"m1"`, `["yes", "no"]`).
fn quoted(v: &impl std::fmt::Debug) -> String {
    format!("{v:?}")
}

/// What is wrong with a record.
pub fn record_msg(m: &RecordMsg) -> String {
    use RecordMsg as R;
    match m {
        R::NotJson { detail } => tr(M::PrNotJson, &[("detail", detail)]),
        R::NotObject { type_name } => tr(M::PrNotObject, &[("type_name", type_name)]),
        R::KindMissing { kinds } => tr(M::PrKindMissing, &[("kinds", &quoted(kinds))]),
        R::NotAKind { kind, kinds } => tr(
            M::PrNotAKind,
            &[("kind", &quoted(kind)), ("kinds", &quoted(kinds))],
        ),
        R::UnknownField { kind } => tr(M::PrUnknownField, &[("kind", &quoted(kind))]),
        R::Missing => tr(M::PrMissing, &[]),
        R::Null => tr(M::PrNull, &[]),
        R::NotString { type_name } => tr(M::PrNotString, &[("type_name", type_name)]),
        R::TextLength { max, chars } => tr(M::PrTextLength, &[("max", max), ("chars", chars)]),
        R::NotNumber { type_name } => tr(M::PrNotNumber, &[("type_name", type_name)]),
        R::NotFinite => tr(M::PrNotFinite, &[]),
        R::OutsideUnit { value } => tr(M::PrOutsideUnit, &[("value", value)]),
        R::NotPositive { value } => tr(M::PrNotPositive, &[("value", value)]),
        R::NotBool { type_name } => tr(M::PrNotBool, &[("type_name", type_name)]),
        R::ChoiceNotString { choices, type_name } => tr(
            M::PrChoiceNotString,
            &[("choices", &quoted(choices)), ("type_name", type_name)],
        ),
        R::NotAChoice { value, choices } => tr(
            M::PrNotAChoice,
            &[("value", &quoted(value)), ("choices", &quoted(choices))],
        ),
        R::NotOutcomeMap { type_name } => tr(M::PrNotOutcomeMap, &[("type_name", type_name)]),
        R::OutcomeCount { max, n } => tr(M::PrOutcomeCount, &[("max", max), ("n", n)]),
        R::LabelNotUnicode => tr(M::PrLabelNotUnicode, &[]),
        R::SumNotOne { sum, tolerance } => {
            tr(M::PrSumNotOne, &[("sum", sum), ("tolerance", tolerance)])
        }
        R::PriceAboveOne { price } => tr(M::PrPriceAboveOne, &[("price", price)]),
        R::NotDate { value } => tr(M::PrNotDate, &[("value", &quoted(value))]),
        R::OutcomesNotCrowds { labels, outcomes } => tr(
            M::PrOutcomesNotCrowds,
            &[("labels", &quoted(labels)), ("outcomes", &quoted(outcomes))],
        ),
        R::MissingWithProbabilities => tr(M::PrMissingWithProbabilities, &[]),
        R::MissingRequired => tr(M::PrMissingRequired, &[]),
        R::WinnerNotOutcome { winner, outcomes } => tr(
            M::PrWinnerNotOutcome,
            &[("winner", &quoted(winner)), ("outcomes", &quoted(outcomes))],
        ),
        R::AnotherCrowd {
            market,
            sweep,
            first,
        } => tr(
            M::PrAnotherCrowd,
            &[
                ("market", &quoted(market)),
                ("sweep", sweep),
                ("first", first),
            ],
        ),
        R::AnotherWinner { market, first } => tr(
            M::PrAnotherWinner,
            &[("market", &quoted(market)), ("first", first)],
        ),
        R::SecondSweepForecast {
            agent,
            market,
            sweep,
            first,
        } => tr(
            M::PrSecondSweepForecast,
            &[
                ("agent", &quoted(agent)),
                ("market", &quoted(market)),
                ("sweep", sweep),
                ("first", first),
            ],
        ),
        R::AnnulledReasonOnly => tr(M::PrAnnulledReasonOnly, &[]),
        R::AnotherQuestion { question, first } => tr(
            M::PrAnotherQuestion,
            &[("question", &quoted(question)), ("first", first)],
        ),
        R::SecondQuestionForecast {
            model,
            question,
            first,
        } => tr(
            M::PrSecondQuestionForecast,
            &[
                ("model", &quoted(model)),
                ("question", &quoted(question)),
                ("first", first),
            ],
        ),
        R::SecondChallengeForecast {
            agent,
            challenge,
            first,
        } => tr(
            M::PrSecondChallengeForecast,
            &[
                ("agent", &quoted(agent)),
                ("challenge", &quoted(challenge)),
                ("first", first),
            ],
        ),
        R::ActualRequired => tr(M::PrActualRequired, &[]),
        R::OnlyWhenResolved => tr(M::PrOnlyWhenResolved, &[]),
        R::NoFiniteCrps { point, sd, actual } => tr(
            M::PrNoFiniteCrps,
            &[("point", point), ("sd", sd), ("actual", actual)],
        ),
        R::AnotherNumericChallenge { challenge, first } => tr(
            M::PrAnotherNumericChallenge,
            &[("challenge", &quoted(challenge)), ("first", first)],
        ),
        R::Vector(e) => vector_error(e),
        R::NotADirection { label } => tr(M::PrNotADirection, &[("label", &quoted(label))]),
        R::NeedsThreeDirections => tr(M::PrNeedsThreeDirections, &[]),
        R::ConfidenceRequired => tr(M::PrConfidenceRequired, &[]),
        R::DirectionRequired => tr(M::PrDirectionRequired, &[]),
        R::NoEncoding => tr(M::PrNoEncoding, &[]),
        R::BothEncodings => tr(M::PrBothEncodings, &[]),
        R::NegativeThreshold { value } => tr(M::PrNegativeThreshold, &[("value", value)]),
        R::OutcomeAndObservations => tr(M::PrOutcomeAndObservations, &[]),
        R::ResolvedNeedsOutcome => tr(M::PrResolvedNeedsOutcome, &[]),
        R::AnotherDirectionalChallenge { challenge, first } => tr(
            M::PrAnotherDirectionalChallenge,
            &[("challenge", &quoted(challenge)), ("first", first)],
        ),
    }
}

/// Why a probability vector does not fit its question's outcomes.
pub fn vector_error(e: &VectorError) -> String {
    match e {
        VectorError::WinnerNotOutcome { winner, outcomes } => tr(
            M::PrVecWinner,
            &[("winner", winner), ("outcomes", outcomes)],
        ),
        VectorError::ProbabilityOutside { p } => tr(M::PrVecProbability, &[("p", p)]),
        VectorError::NegativeOrNonFinite { vector } => tr(M::PrVecNegative, &[("vector", vector)]),
        VectorError::SumNotOne { vector, sum } => {
            tr(M::PrVecSum, &[("vector", vector), ("sum", sum)])
        }
        VectorError::ConfidenceOutside { confidence } => {
            tr(M::PrVecConfidence, &[("confidence", confidence)])
        }
    }
}
