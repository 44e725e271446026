//! What is wrong with a records file: the 1-based line, the field at fault, and the
//! message as a typed sentence (the page words it in the reader's language).

use crate::score::peers::VectorError;
use std::fmt;

/// Why a records file cannot be scored: 1-based line, the field when one is at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub field: Option<String>,
    pub message: RecordMsg,
}

/// What is wrong with a record, one variant per sentence, with its arguments (its `Display`
/// is the CLI's English). Quoted names and lists are kept as values and quoted when written;
/// numbers are kept as Rust prints them, so the message stays `Eq`. A JSON type name (`int`,
/// `list`, ...) is the one [`crate::book::canon::Value::type_name`] gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordMsg {
    /// The line is not JSON; `detail` is the parser's own words.
    NotJson {
        detail: String,
    },
    /// The line is JSON but not an object.
    NotObject {
        type_name: &'static str,
    },
    /// `kind` is absent; `kinds` are the file's kinds.
    KindMissing {
        kinds: Vec<String>,
    },
    /// `kind` is not one of the file's kinds.
    NotAKind {
        kind: String,
        kinds: Vec<String>,
    },
    /// A field the record's kind does not have.
    UnknownField {
        kind: String,
    },
    /// A required field is absent.
    Missing,
    /// Null where the field does not allow it.
    Null,
    NotString {
        type_name: &'static str,
    },
    /// A name or label of `chars` characters, outside 1-`max`.
    TextLength {
        max: usize,
        chars: usize,
    },
    NotNumber {
        type_name: &'static str,
    },
    NotFinite,
    /// A fraction outside 0-1.
    OutsideUnit {
        value: String,
    },
    /// A number that must be > 0.
    NotPositive {
        value: String,
    },
    NotBool {
        type_name: &'static str,
    },
    /// A choice field that is not a string.
    ChoiceNotString {
        choices: Vec<String>,
        type_name: &'static str,
    },
    /// A choice field with another string.
    NotAChoice {
        value: String,
        choices: Vec<String>,
    },
    NotOutcomeMap {
        type_name: &'static str,
    },
    /// An outcome map of `n` outcomes, outside 2-`max`.
    OutcomeCount {
        max: usize,
        n: usize,
    },
    LabelNotUnicode,
    /// A probability vector whose sum is not 1 within `tolerance`.
    SumNotOne {
        sum: String,
        tolerance: String,
    },
    /// An agentpit bet's fill price above 1.
    PriceAboveOne {
        price: String,
    },
    NotDate {
        value: String,
    },
    /// An agentpit forecast's probabilities over other outcomes than its crowd.
    OutcomesNotCrowds {
        labels: Vec<String>,
        outcomes: Vec<String>,
    },
    /// `missing` beside probabilities.
    MissingWithProbabilities,
    /// Null probabilities without `missing`.
    MissingRequired,
    /// A winner that is not an outcome.
    WinnerNotOutcome {
        winner: String,
        outcomes: Vec<String>,
    },
    /// Another crowd for the same market and sweep (first seen on line `first`).
    AnotherCrowd {
        market: String,
        sweep: String,
        first: usize,
    },
    AnotherWinner {
        market: String,
        first: usize,
    },
    /// One agent twice on one sweep market.
    SecondSweepForecast {
        agent: String,
        market: String,
        sweep: String,
        first: usize,
    },
    /// `annulled_reason` on a question not annulled.
    AnnulledReasonOnly,
    /// A ladder question's price, category or resolution differs across models.
    AnotherQuestion {
        question: String,
        first: usize,
    },
    /// One model twice on one ladder question.
    SecondQuestionForecast {
        model: String,
        question: String,
        first: usize,
    },
    /// One arena agent twice on one challenge.
    SecondChallengeForecast {
        agent: String,
        challenge: String,
        first: usize,
    },
    ActualRequired,
    /// `actual` or `outcome` on a challenge that is not resolved.
    OnlyWhenResolved,
    /// N(point, sd^2) against the actual value has no finite CRPS.
    NoFiniteCrps {
        point: String,
        sd: String,
        actual: String,
    },
    /// A numeric challenge's kind, status, reference scale or actual differs across records.
    AnotherNumericChallenge {
        challenge: String,
        first: usize,
    },
    /// The probability vector or legacy pair does not hold.
    Vector(VectorError),
    /// A directional probability label other than bearish, neutral, bullish.
    NotADirection {
        label: String,
    },
    NeedsThreeDirections,
    ConfidenceRequired,
    DirectionRequired,
    NoEncoding,
    BothEncodings,
    NegativeThreshold {
        value: String,
    },
    OutcomeAndObservations,
    ResolvedNeedsOutcome,
    /// A directional challenge's kind, status or outcome differs across records.
    AnotherDirectionalChallenge {
        challenge: String,
        first: usize,
    },
}

impl fmt::Display for RecordMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordMsg as R;
        match self {
            R::NotJson { detail } => write!(f, "not JSON: {detail}"),
            R::NotObject { type_name } => write!(f, "a record is a JSON object, not {type_name}"),
            R::KindMissing { kinds } => write!(f, "missing; one of {kinds:?}"),
            R::NotAKind { kind, kinds } => write!(f, "{kind:?} is not one of {kinds:?}"),
            R::UnknownField { kind } => write!(f, "unknown field for kind {kind:?}"),
            R::Missing => f.write_str("missing"),
            R::Null => f.write_str("must not be null"),
            R::NotString { type_name } => write!(f, "must be a string, not {type_name}"),
            R::TextLength { max, chars } => write!(f, "must be 1-{max} characters, not {chars}"),
            R::NotNumber { type_name } => write!(f, "must be a number, not {type_name}"),
            R::NotFinite => f.write_str("must be a finite number"),
            R::OutsideUnit { value } => write!(f, "{value} is outside 0-1"),
            R::NotPositive { value } => write!(f, "{value} must be greater than 0"),
            R::NotBool { type_name } => write!(f, "must be true or false, not {type_name}"),
            R::ChoiceNotString { choices, type_name } => {
                write!(f, "must be one of {choices:?}, not {type_name}")
            }
            R::NotAChoice { value, choices } => write!(f, "{value:?} is not one of {choices:?}"),
            R::NotOutcomeMap { type_name } => write!(
                f,
                "must be an object of outcome -> probability, not {type_name}"
            ),
            R::OutcomeCount { max, n } => write!(f, "needs 2-{max} outcomes, not {n}"),
            R::LabelNotUnicode => f.write_str("an outcome label is not valid Unicode"),
            R::SumNotOne { sum, tolerance } => {
                write!(f, "probabilities sum to {sum}, not 1 (within {tolerance})")
            }
            R::PriceAboveOne { price } => write!(f, "{price} is above 1 token per share"),
            R::NotDate { value } => write!(f, "{value:?} is not a YYYY-MM-DD date"),
            R::OutcomesNotCrowds { labels, outcomes } => {
                write!(f, "outcomes {labels:?} are not the crowd's {outcomes:?}")
            }
            R::MissingWithProbabilities => f.write_str("only with probabilities null"),
            R::MissingRequired => f.write_str(
                "required when probabilities is null: \"agent\" or \"infrastructure\"",
            ),
            R::WinnerNotOutcome { winner, outcomes } => {
                write!(f, "{winner:?} is not one of the outcomes {outcomes:?}")
            }
            R::AnotherCrowd {
                market,
                sweep,
                first,
            } => write!(
                f,
                "market {market:?} in sweep {sweep} has another crowd on line {first}"
            ),
            R::AnotherWinner { market, first } => {
                write!(f, "market {market:?} has another winner on line {first}")
            }
            R::SecondSweepForecast {
                agent,
                market,
                sweep,
                first,
            } => write!(
                f,
                "a second forecast of {agent:?} on {market:?} in sweep {sweep} (first on line {first})"
            ),
            R::AnnulledReasonOnly => f.write_str("only with resolution annulled"),
            R::AnotherQuestion { question, first } => write!(
                f,
                "question {question:?} has another market price, category or resolution on line {first}"
            ),
            R::SecondQuestionForecast {
                model,
                question,
                first,
            } => write!(
                f,
                "a second forecast of {model:?} on {question:?} (first on line {first})"
            ),
            R::SecondChallengeForecast {
                agent,
                challenge,
                first,
            } => write!(
                f,
                "a second forecast of {agent:?} on {challenge:?} (first on line {first}); give its final version only"
            ),
            R::ActualRequired => f.write_str("required when status is resolved"),
            R::OnlyWhenResolved => f.write_str("only when status is resolved"),
            R::NoFiniteCrps { point, sd, actual } => write!(
                f,
                "N({point}, {sd}^2) against {actual} gives no finite CRPS"
            ),
            R::AnotherNumericChallenge { challenge, first } => write!(
                f,
                "challenge {challenge:?} has another kind, status, reference scale or actual on line {first}"
            ),
            R::Vector(e) => write!(f, "{e}"),
            R::NotADirection { label } => {
                write!(f, "{label:?} is not bearish, neutral or bullish")
            }
            R::NeedsThreeDirections => f.write_str("needs exactly bearish, neutral and bullish"),
            R::ConfidenceRequired => f.write_str("required with direction"),
            R::DirectionRequired => f.write_str("required with confidence"),
            R::NoEncoding => f.write_str("give probabilities, or direction and confidence"),
            R::BothEncodings => {
                f.write_str("give probabilities or direction and confidence, not both")
            }
            R::NegativeThreshold { value } => write!(f, "{value} is negative"),
            R::OutcomeAndObservations => f.write_str(
                "give outcome or opening, closing and neutral_threshold, not both",
            ),
            R::ResolvedNeedsOutcome => f.write_str(
                "a resolved challenge needs outcome, or opening, closing and neutral_threshold",
            ),
            R::AnotherDirectionalChallenge { challenge, first } => write!(
                f,
                "challenge {challenge:?} has another kind, status or outcome on line {first}"
            ),
        }
    }
}

/// A list of names as the messages write it (`["a", "b"]`).
pub(super) fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(field) = &self.field {
            write!(f, ", field {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for RecordError {}
