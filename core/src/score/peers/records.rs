//! The input files of the peer profiles: one JSONL file per benchmark, one record per line,
//! each with a `kind`. The peer benchmarks publish no bulk export (seed 002: "Not yet
//! available: bulk export"), so these are the formats a researcher writes from what each
//! benchmark does publish, in that benchmark's own words. Field tables below are the single
//! source of the parser's checks and of the published JSON Schemas ([`records_schema`],
//! `sealbook schema agentpit-records|ladder-records|arena-records`).
//!
//! Common rules: UTF-8, one JSON object per line (read as CPython's `json.loads` reads it,
//! [`crate::book::canon`]), blank lines skipped; unknown fields are refused (a misspelt field must
//! not silently become a default); probabilities and prices are fractions 0-1, not percent;
//! names are 1-256 characters. Errors name the 1-based line and the field.
//!
//! **agentpit** (seeds 001/003: the daily forecast sweep and the bet record)
//! - `{"kind": "forecast", "agent", "model_id"?, "sweep", "market_id", "probabilities",
//!   "crowd", "winner", "missing"?, "counted"?}`: one agent's answer on one sweep market.
//!   `sweep` is the sweep's UTC date (`YYYY-MM-DD`); `probabilities` maps every outcome label
//!   of the market to the agent's probability (sum 1 within 1e-9), or is null when the agent
//!   gave none, and then `missing` says why: `"agent"` (a missing forecast) or
//!   `"infrastructure"` (sandbox, CLI login or usage cap failed; not counted as missing);
//!   `crowd` maps the same labels to the market price at sweep time (0-1 each, scored as
//!   published); `winner` is the label that paid, null while unresolved. `counted: false`
//!   marks the rounds seed 001 publishes but leaves out of every table (pre-season, high-
//!   stakes Friday, fan-summoned, launch-day). One forecast per agent, sweep and market; the
//!   crowd of a sweep market and the winner of a market must agree across records.
//! - `{"kind": "bet", "agent", "model_id"?, "market_id", "outcome", "stake", "fill_price",
//!   "won", "counted"?}`: one filled bet: `stake` tokens spent at `fill_price` (tokens per
//!   share paying 1, 0 < price <= 1), `won` true/false, null while unresolved.
//!
//! **ladder** (seed 002)
//! - `{"kind": "forecast", "model", "question_id", "round"?, "category", "probability",
//!   "market_price", "resolution", "annulled_reason"?, "search_enabled"?}`: one model on one
//!   ladder question: its probability of YES (null = skipped), the public market price frozen
//!   at round creation, the question's category, and `resolution` `"yes"`, `"no"`,
//!   `"annulled"` (a tie: scored for nobody) or `"open"`. A question's price, category and
//!   resolution must agree across models; one forecast per model and question.
//!
//! **arena** (seed 004)
//! - `{"kind": "directional", "agent", "challenge_id", "status", "direction"?, "confidence"?,
//!   "probabilities"?, "outcome"?, "opening"?, "closing"?, "neutral_threshold"?}`: either the
//!   legacy pair `direction` (`"bearish"`, `"neutral"`, `"bullish"`) + `confidence` (0-1) or a
//!   full `probabilities` vector with exactly those three keys (non-negative, sum 1 within
//!   1e-9); `status` `"resolved"`, `"cancelled"` or `"open"`; a resolved challenge gives
//!   either its `outcome` or the `opening` and `closing` observations and the
//!   `neutral_threshold` (a move inside or on it is neutral).
//! - `{"kind": "numeric", "agent", "challenge_id", "status", "point", "sd", "actual"?,
//!   "reference_scale"}`: a Normal forecast N(point, sd^2) (sd > 0), the resolved `actual`,
//!   and the challenge-level reference scale (> 0) of the 0-100 display score.
//!   One forecast per agent and challenge (its final pre-deadline version).

use super::arena::{resolve, Direction, Submission};
use super::ladder::Resolution;
use super::VectorError;
use crate::book::canon::{self, DumpOptions, Object, Value};
use crate::stats::crps::crps_gaussian;
use std::collections::BTreeMap;
use std::fmt;

/// Longest name or label accepted.
pub const MAX_TEXT: usize = 256;
/// Most outcomes in one market.
pub const MAX_OUTCOMES: usize = 64;
/// Tolerance on the sum of a probability vector (the arena rule's, used for every profile).
pub const SUM_TOLERANCE: f64 = super::arena::VECTOR_SUM_TOLERANCE;

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
/// `list`, ...) is the one [`Value::type_name`] gives.
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
fn names(list: &[&str]) -> Vec<String> {
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

// ---------------------------------------------------------------------------------------------
// Field tables (parser checks and JSON Schemas)
// ---------------------------------------------------------------------------------------------

/// What a field holds.
#[derive(Clone, Copy, Debug)]
pub enum FieldType {
    /// 1-256 characters.
    Text,
    /// `YYYY-MM-DD`.
    Date,
    /// A number 0-1.
    Fraction,
    /// A number > 0.
    Positive,
    /// Any finite number.
    Number,
    Bool,
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// An object from outcome labels to numbers 0-1 (2-64 outcomes).
    OutcomeMap,
}

/// One field of a record kind.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: FieldType,
    /// Must be present (possibly null when `nullable`).
    pub required: bool,
    pub nullable: bool,
    pub doc: &'static str,
}

/// One record kind: its `kind` value and fields (besides `kind`).
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub name: &'static str,
    pub doc: &'static str,
    pub fields: &'static [Field],
}

const fn f(
    name: &'static str,
    ty: FieldType,
    required: bool,
    nullable: bool,
    doc: &'static str,
) -> Field {
    Field {
        name,
        ty,
        required,
        nullable,
        doc,
    }
}

const DIRECTIONS: &[&str] = &["bearish", "neutral", "bullish"];

/// Seeds 001/003.
pub const AGENTPIT_KINDS: &[Kind] = &[
    Kind {
        name: "forecast",
        doc: "One agent's probabilities on one market of the daily forecast sweep, with the crowd (the market price at sweep time) and the outcome.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The competing agent (e.g. Claude, Codex)."),
            f("model_id", FieldType::Text, false, false, "The model the run reported (e.g. claude-fable-5-1)."),
            f("sweep", FieldType::Date, true, false, "UTC date of the sweep (YYYY-MM-DD)."),
            f("market_id", FieldType::Text, true, false, "The market id as listed in the sweep."),
            f("probabilities", FieldType::OutcomeMap, true, true, "Outcome label -> the agent's probability (0-1, summing to 1 within 1e-9); null when the agent gave none (then missing says why)."),
            f("crowd", FieldType::OutcomeMap, true, false, "Outcome label -> market price at sweep time (0-1 each, same labels as probabilities)."),
            f("winner", FieldType::Text, true, true, "The outcome label that resolved true; null while the market is unresolved."),
            f("missing", FieldType::Choice(&["agent", "infrastructure"]), false, false, "Only with probabilities null: agent = a missing forecast; infrastructure = sandbox, CLI login or usage-cap failure (not counted as missing)."),
            f("counted", FieldType::Bool, false, false, "false for rounds published but outside every table (pre-season, high-stakes Friday, fan-summoned, launch-day). Default true."),
        ],
    },
    Kind {
        name: "bet",
        doc: "One filled bet: P&L = payout - tokens spent.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The competing agent."),
            f("model_id", FieldType::Text, false, false, "The model the run reported."),
            f("market_id", FieldType::Text, true, false, "The market bet on."),
            f("outcome", FieldType::Text, true, false, "The outcome label bought."),
            f("stake", FieldType::Positive, true, false, "Tokens spent (100 in a regular round)."),
            f("fill_price", FieldType::Positive, true, false, "Fill price in tokens per share paying 1 token (0 < price <= 1; 0.37 for 37 cents)."),
            f("won", FieldType::Bool, true, true, "Whether the outcome bought paid; null while unresolved."),
            f("counted", FieldType::Bool, false, false, "false for rounds outside the neutral tables. Default true."),
        ],
    },
];

/// Seed 002.
pub const LADDER_KINDS: &[Kind] = &[Kind {
    name: "forecast",
    doc: "One model's forecast (or skip) on one ladder question, with the frozen public market price and the resolution.",
    fields: &[
        f("model", FieldType::Text, true, false, "The model (a reference line is a model too)."),
        f("question_id", FieldType::Text, true, false, "The ladder question."),
        f("round", FieldType::Text, false, false, "The round that asked it."),
        f("category", FieldType::Text, true, false, "The question's category (Markets, World, Technology, AI, Crypto, Sports, ...)."),
        f("probability", FieldType::Fraction, true, true, "The model's probability of YES (0-1); null when it skipped the question."),
        f("market_price", FieldType::Fraction, true, false, "The public market's probability, frozen when the round was created (0-1)."),
        f("resolution", FieldType::Choice(&["yes", "no", "annulled", "open"]), true, false, "yes / no; annulled (a tie: scored for nobody); open (not settled yet)."),
        f("annulled_reason", FieldType::Text, false, false, "Why the question was annulled (only with resolution annulled)."),
        f("search_enabled", FieldType::Bool, false, false, "true for the search-enabled track (the asterisk). Default false."),
    ],
}];

/// Seed 004.
pub const ARENA_KINDS: &[Kind] = &[
    Kind {
        name: "directional",
        doc: "One agent's call on a directional challenge: the legacy direction + confidence pair or a probability vector, and how the challenge resolved.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The authenticated agent."),
            f("challenge_id", FieldType::Text, true, false, "The challenge."),
            f("status", FieldType::Choice(&["resolved", "cancelled", "open"]), true, false, "Challenge status; cancelled and open are not scored."),
            f("direction", FieldType::Choice(DIRECTIONS), false, false, "Legacy encoding: the call (with confidence; not with probabilities)."),
            f("confidence", FieldType::Fraction, false, false, "Legacy encoding: confidence in the call, 0-1."),
            f("probabilities", FieldType::OutcomeMap, false, false, "Vector encoding: exactly bearish, neutral, bullish, non-negative, summing to 1 within 1e-9."),
            f("outcome", FieldType::Choice(DIRECTIONS), false, false, "The resolved direction (resolved only; or give opening, closing, neutral_threshold)."),
            f("opening", FieldType::Number, false, false, "The defined opening observation."),
            f("closing", FieldType::Number, false, false, "The defined closing observation."),
            f("neutral_threshold", FieldType::Number, false, false, "The stored neutral threshold (absolute, question units, >= 0): a move inside or on it is neutral."),
        ],
    },
    Kind {
        name: "numeric",
        doc: "One agent's Normal forecast on a numeric challenge.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The authenticated agent."),
            f("challenge_id", FieldType::Text, true, false, "The challenge."),
            f("status", FieldType::Choice(&["resolved", "cancelled", "open"]), true, false, "Challenge status; cancelled and open are not scored."),
            f("point", FieldType::Number, true, false, "Point forecast (the Normal's mean)."),
            f("sd", FieldType::Positive, true, false, "Submitted uncertainty: the Normal's standard deviation (> 0)."),
            f("actual", FieldType::Number, false, true, "The resolved value (required when resolved)."),
            f("reference_scale", FieldType::Positive, true, false, "The challenge-level reference scale of the 0-100 display score (> 0), the same on every record of the challenge."),
        ],
    },
];

/// The JSON Schema (draft 2020-12) of one profile's records file, one line's object, built
/// from the field tables. `profile` is `agentpit`, `ladder` or `arena`.
pub fn records_schema(profile: &str, kinds: &[Kind]) -> Value {
    let s = |x: &str| Value::Str(x.into());
    let int = |i: i64| Value::Int(i.into());
    let obj = |members: Vec<(&str, Value)>| {
        let mut o = Object::new();
        for (k, v) in members {
            o.insert(k, v);
        }
        Value::Object(o)
    };
    let field_schema = |fd: &Field| {
        let mut m: Vec<(&str, Value)> = match fd.ty {
            FieldType::Text => vec![
                ("type", s("string")),
                ("minLength", int(1)),
                ("maxLength", int(MAX_TEXT as i64)),
            ],
            FieldType::Date => vec![
                ("type", s("string")),
                ("pattern", s(r"^\d{4}-\d{2}-\d{2}$")),
            ],
            FieldType::Fraction => vec![
                ("type", s("number")),
                ("minimum", int(0)),
                ("maximum", int(1)),
            ],
            FieldType::Positive => vec![("type", s("number")), ("exclusiveMinimum", int(0))],
            FieldType::Number => vec![("type", s("number"))],
            FieldType::Bool => vec![("type", s("boolean"))],
            FieldType::Choice(c) => vec![("enum", Value::Array(c.iter().map(|x| s(x)).collect()))],
            FieldType::OutcomeMap => vec![
                ("type", s("object")),
                ("minProperties", int(2)),
                ("maxProperties", int(MAX_OUTCOMES as i64)),
                (
                    "additionalProperties",
                    obj(vec![
                        ("type", s("number")),
                        ("minimum", int(0)),
                        ("maximum", int(1)),
                    ]),
                ),
            ],
        };
        if fd.nullable {
            for (k, v) in m.iter_mut() {
                match (*k, &mut *v) {
                    ("type", Value::Str(t)) => {
                        let t = Value::Str(t.clone());
                        *v = Value::Array(vec![t, s("null")]);
                    }
                    ("enum", Value::Array(a)) => a.push(Value::Null),
                    _ => {}
                }
            }
        }
        m.push(("description", s(fd.doc)));
        obj(m)
    };
    let variants = kinds
        .iter()
        .map(|k| {
            let mut props = vec![("kind", obj(vec![("const", s(k.name))]))];
            props.extend(k.fields.iter().map(|fd| (fd.name, field_schema(fd))));
            let required = std::iter::once("kind")
                .chain(k.fields.iter().filter(|fd| fd.required).map(|fd| fd.name));
            obj(vec![
                ("title", s(k.name)),
                ("description", s(k.doc)),
                ("type", s("object")),
                ("required", Value::Array(required.map(s).collect())),
                ("additionalProperties", Value::Bool(false)),
                ("properties", obj(props)),
            ])
        })
        .collect();
    obj(vec![
        ("$schema", s("https://json-schema.org/draft/2020-12/schema")),
        ("$id", Value::Str(format!("{profile}-records.schema.json").into())),
        ("title", Value::Str(format!("sealbook score --profile {profile}: one line of the records file").into())),
        (
            "description",
            s("JSONL: one object per line, UTF-8, blank lines ignored. Probabilities and prices are fractions 0-1. Rules a field table cannot state are in the field descriptions."),
        ),
        ("oneOf", Value::Array(variants)),
    ])
}

/// [`records_schema`] as published: `J` of the schema plus LF.
pub fn records_schema_bytes(profile: &str, kinds: &[Kind]) -> Vec<u8> {
    let mut b =
        canon::to_bytes(&records_schema(profile, kinds), DumpOptions::SEAL).expect("ASCII schema");
    b.push(b'\n');
    b
}

// ---------------------------------------------------------------------------------------------
// Reading lines and fields
// ---------------------------------------------------------------------------------------------

/// One record's object with its line and kind, checked against the kind's field table.
struct Rec<'a> {
    line: usize,
    obj: &'a Object,
    kind: &'static Kind,
}

fn err(line: usize, field: &str, message: RecordMsg) -> RecordError {
    RecordError {
        line,
        field: Some(field.to_string()),
        message,
    }
}

/// Parses every non-blank line with `canon` and hands its checked object to `each`.
fn read_lines(
    bytes: &[u8],
    kinds: &'static [Kind],
    mut each: impl FnMut(Rec<'_>) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    let kind_names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let line = i + 1;
        if raw.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
            continue;
        }
        let value = canon::parse(raw).map_err(|e| RecordError {
            line,
            field: None,
            message: RecordMsg::NotJson {
                detail: e.to_string(),
            },
        })?;
        let Value::Object(obj) = &value else {
            return Err(RecordError {
                line,
                field: None,
                message: RecordMsg::NotObject {
                    type_name: value.type_name(),
                },
            });
        };
        let kind_name = match obj.get("kind") {
            None => {
                return Err(err(
                    line,
                    "kind",
                    RecordMsg::KindMissing {
                        kinds: names(&kind_names),
                    },
                ))
            }
            Some(v) => v.as_str().ok_or_else(|| {
                err(
                    line,
                    "kind",
                    RecordMsg::NotString {
                        type_name: v.type_name(),
                    },
                )
            })?,
        };
        let kind = kinds.iter().find(|k| k.name == kind_name).ok_or_else(|| {
            err(
                line,
                "kind",
                RecordMsg::NotAKind {
                    kind: kind_name.to_string(),
                    kinds: names(&kind_names),
                },
            )
        })?;
        for (key, _) in obj.iter() {
            let key = String::from_utf8_lossy(key.as_wtf8());
            if key != "kind" && !kind.fields.iter().any(|fd| fd.name == key) {
                return Err(err(
                    line,
                    &key,
                    RecordMsg::UnknownField {
                        kind: kind_name.to_string(),
                    },
                ));
            }
        }
        for fd in kind.fields.iter().filter(|fd| fd.required) {
            if obj.get(fd.name).is_none() {
                return Err(err(line, fd.name, RecordMsg::Missing));
            }
        }
        each(Rec { line, obj, kind })?;
    }
    Ok(())
}

impl Rec<'_> {
    fn err(&self, field: &str, message: RecordMsg) -> RecordError {
        err(self.line, field, message)
    }

    /// The field's value; None when absent or null (null only where the table allows it).
    fn get(&self, name: &str) -> Result<Option<&Value>, RecordError> {
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        match self.obj.get(name) {
            None => Ok(None),
            Some(Value::Null) if fd.nullable => Ok(None),
            Some(Value::Null) => Err(self.err(name, RecordMsg::Null)),
            Some(v) => Ok(Some(v)),
        }
    }

    fn text_of(&self, name: &str, v: &Value) -> Result<String, RecordError> {
        let s = v.as_str().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::NotString {
                    type_name: v.type_name(),
                },
            )
        })?;
        let chars = s.chars().count();
        if chars == 0 || chars > MAX_TEXT {
            return Err(self.err(
                name,
                RecordMsg::TextLength {
                    max: MAX_TEXT,
                    chars,
                },
            ));
        }
        Ok(s.to_string())
    }

    fn opt_text(&self, name: &str) -> Result<Option<String>, RecordError> {
        self.get(name)?.map(|v| self.text_of(name, v)).transpose()
    }

    fn text(&self, name: &str) -> Result<String, RecordError> {
        self.opt_text(name)?
            .ok_or_else(|| self.err(name, RecordMsg::Missing))
    }

    fn number_of(&self, name: &str, v: &Value) -> Result<f64, RecordError> {
        let x = match v {
            Value::Int(i) => i.to_i64().map(|i| i as f64),
            Value::Float(x) => Some(*x),
            other => {
                return Err(self.err(
                    name,
                    RecordMsg::NotNumber {
                        type_name: other.type_name(),
                    },
                ))
            }
        };
        match x {
            Some(x) if x.is_finite() => Ok(x),
            _ => Err(self.err(name, RecordMsg::NotFinite)),
        }
    }

    fn opt_number(&self, name: &str) -> Result<Option<f64>, RecordError> {
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let x = self.number_of(name, v)?;
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        match fd.ty {
            FieldType::Fraction if !(0.0..=1.0).contains(&x) => Err(self.err(
                name,
                RecordMsg::OutsideUnit {
                    value: x.to_string(),
                },
            )),
            FieldType::Positive if x <= 0.0 => Err(self.err(
                name,
                RecordMsg::NotPositive {
                    value: x.to_string(),
                },
            )),
            _ => Ok(Some(x)),
        }
    }

    fn number(&self, name: &str) -> Result<f64, RecordError> {
        self.opt_number(name)?
            .ok_or_else(|| self.err(name, RecordMsg::Missing))
    }

    fn opt_bool(&self, name: &str) -> Result<Option<bool>, RecordError> {
        match self.get(name)? {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(self.err(
                name,
                RecordMsg::NotBool {
                    type_name: v.type_name(),
                },
            )),
        }
    }

    /// The index of the field's value in its `Choice` list.
    fn opt_choice(&self, name: &str) -> Result<Option<usize>, RecordError> {
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        let FieldType::Choice(choices) = fd.ty else {
            unreachable!("{name} is a choice")
        };
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let s = v.as_str().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::ChoiceNotString {
                    choices: names(choices),
                    type_name: v.type_name(),
                },
            )
        })?;
        choices
            .iter()
            .position(|c| *c == s)
            .map(Some)
            .ok_or_else(|| {
                self.err(
                    name,
                    RecordMsg::NotAChoice {
                        value: s.to_string(),
                        choices: names(choices),
                    },
                )
            })
    }

    /// An outcome map: labels in code point order and their values.
    fn opt_outcome_map(&self, name: &str) -> Result<Option<OutcomeMap>, RecordError> {
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let o = v.as_object().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::NotOutcomeMap {
                    type_name: v.type_name(),
                },
            )
        })?;
        if o.len() < 2 || o.len() > MAX_OUTCOMES {
            return Err(self.err(
                name,
                RecordMsg::OutcomeCount {
                    max: MAX_OUTCOMES,
                    n: o.len(),
                },
            ));
        }
        let mut labels = Vec::with_capacity(o.len());
        let mut values = Vec::with_capacity(o.len());
        for (k, x) in o.iter() {
            let label = k
                .as_str()
                .ok_or_else(|| self.err(name, RecordMsg::LabelNotUnicode))?;
            let at = format!("{name}.{label}");
            let p = self.number_of(&at, x)?;
            if !(0.0..=1.0).contains(&p) {
                return Err(self.err(
                    &at,
                    RecordMsg::OutsideUnit {
                        value: p.to_string(),
                    },
                ));
            }
            labels.push(self.text_of(name, &Value::Str(label.into()))?);
            values.push(p);
        }
        Ok(Some((labels, values)))
    }
}

/// Outcome labels in code point order, and their values 0-1 in that order.
type OutcomeMap = (Vec<String>, Vec<f64>);

/// Sum check of a probability vector (summed in order, as the scorer and its peer do).
fn check_sum(rec: &Rec<'_>, name: &str, values: &[f64]) -> Result<(), RecordError> {
    let sum: f64 = values.iter().sum();
    if (sum - 1.0).abs() > SUM_TOLERANCE {
        return Err(rec.err(
            name,
            RecordMsg::SumNotOne {
                sum: sum.to_string(),
                tolerance: SUM_TOLERANCE.to_string(),
            },
        ));
    }
    Ok(())
}

/// Remembers a value per key and refuses a different one later (the same market's crowd,
/// the same question's price, ...), or any second record (duplicates).
struct Agreement<K: Ord, V: PartialEq> {
    seen: BTreeMap<K, (usize, V)>,
}

impl<K: Ord, V: PartialEq> Agreement<K, V> {
    fn new() -> Self {
        Agreement {
            seen: BTreeMap::new(),
        }
    }
    /// Ok(Some(first line)) when `key` was seen with the same value; Err(first line) on a
    /// different one; Ok(None) when new.
    fn check(&mut self, key: K, line: usize, value: V) -> Result<Option<usize>, usize> {
        match self.seen.get(&key) {
            Some((first, v)) if *v == value => Ok(Some(*first)),
            Some((first, _)) => Err(*first),
            None => {
                self.seen.insert(key, (line, value));
                Ok(None)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// agentpit
// ---------------------------------------------------------------------------------------------

/// Why an agentpit forecast has no probabilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The agent gave no forecast: a missing forecast.
    Agent,
    /// Sandbox, CLI login or usage cap failed: not counted as missing.
    Infrastructure,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AgentpitForecast {
    pub line: usize,
    pub agent: String,
    pub model_id: Option<String>,
    pub sweep: String,
    pub market_id: String,
    /// Outcome labels in code point order; `probabilities` and `crowd` follow it.
    pub outcomes: Vec<String>,
    /// None when the agent gave none (`missing` says why).
    pub probabilities: Option<Vec<f64>>,
    pub missing: Option<Missing>,
    pub crowd: Vec<f64>,
    /// Index into `outcomes`; None while unresolved.
    pub winner: Option<usize>,
    pub counted: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AgentpitBet {
    pub line: usize,
    pub agent: String,
    pub model_id: Option<String>,
    pub market_id: String,
    pub outcome: String,
    pub stake: f64,
    pub fill_price: f64,
    pub won: Option<bool>,
    pub counted: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AgentpitRecord {
    Forecast(AgentpitForecast),
    Bet(AgentpitBet),
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && {
            let (m, d) = (&s[5..7], &s[8..10]);
            ("01"..="12").contains(&m) && ("01"..="31").contains(&d)
        }
}

/// Reads an agentpit records file.
pub fn read_agentpit(bytes: &[u8]) -> Result<Vec<AgentpitRecord>, RecordError> {
    let mut out = Vec::new();
    let mut forecasts = Agreement::<(String, String, String), ()>::new();
    let mut crowds = Agreement::<(String, String), (Vec<String>, Vec<u64>)>::new();
    let mut winners = Agreement::<String, Option<String>>::new();
    read_lines(bytes, AGENTPIT_KINDS, |r| {
        let counted = r.opt_bool("counted")?.unwrap_or(true);
        let agent = r.text("agent")?;
        let model_id = r.opt_text("model_id")?;
        let market_id = r.text("market_id")?;
        if r.kind.name == "bet" {
            let fill_price = r.number("fill_price")?;
            if fill_price > 1.0 {
                return Err(r.err(
                    "fill_price",
                    RecordMsg::PriceAboveOne {
                        price: fill_price.to_string(),
                    },
                ));
            }
            out.push(AgentpitRecord::Bet(AgentpitBet {
                line: r.line,
                agent,
                model_id,
                market_id,
                outcome: r.text("outcome")?,
                stake: r.number("stake")?,
                fill_price,
                won: r.opt_bool("won")?,
                counted,
            }));
            return Ok(());
        }
        let sweep = r.text("sweep")?;
        if !is_date(&sweep) {
            return Err(r.err("sweep", RecordMsg::NotDate { value: sweep }));
        }
        let (outcomes, crowd) = r
            .opt_outcome_map("crowd")?
            .ok_or_else(|| r.err("crowd", RecordMsg::Null))?;
        let probabilities = match r.opt_outcome_map("probabilities")? {
            Some((labels, p)) => {
                if labels != outcomes {
                    return Err(r.err(
                        "probabilities",
                        RecordMsg::OutcomesNotCrowds { labels, outcomes },
                    ));
                }
                check_sum(&r, "probabilities", &p)?;
                Some(p)
            }
            None => None,
        };
        let missing = match (r.opt_choice("missing")?, &probabilities) {
            (Some(_), Some(_)) => return Err(r.err("missing", RecordMsg::MissingWithProbabilities)),
            (None, None) => return Err(r.err("missing", RecordMsg::MissingRequired)),
            (m, _) => m.map(|i| {
                if i == 0 {
                    Missing::Agent
                } else {
                    Missing::Infrastructure
                }
            }),
        };
        let winner_label = r.opt_text("winner")?;
        let winner = match &winner_label {
            None => None,
            Some(w) => Some(outcomes.iter().position(|o| o == w).ok_or_else(|| {
                r.err(
                    "winner",
                    RecordMsg::WinnerNotOutcome {
                        winner: w.clone(),
                        outcomes: outcomes.clone(),
                    },
                )
            })?),
        };
        let bits = crowd.iter().map(|p| p.to_bits()).collect();
        if let Err(first) = crowds.check(
            (market_id.clone(), sweep.clone()),
            r.line,
            (outcomes.clone(), bits),
        ) {
            return Err(r.err(
                "crowd",
                RecordMsg::AnotherCrowd {
                    market: market_id,
                    sweep,
                    first,
                },
            ));
        }
        if let Err(first) = winners.check(market_id.clone(), r.line, winner_label) {
            return Err(r.err(
                "winner",
                RecordMsg::AnotherWinner {
                    market: market_id,
                    first,
                },
            ));
        }
        if let Ok(Some(first)) = forecasts.check(
            (agent.clone(), sweep.clone(), market_id.clone()),
            r.line,
            (),
        ) {
            return Err(r.err(
                "market_id",
                RecordMsg::SecondSweepForecast {
                    agent,
                    market: market_id,
                    sweep,
                    first,
                },
            ));
        }
        out.push(AgentpitRecord::Forecast(AgentpitForecast {
            line: r.line,
            agent,
            model_id,
            sweep,
            market_id,
            outcomes,
            probabilities,
            missing,
            crowd,
            winner,
            counted,
        }));
        Ok(())
    })?;
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// ladder
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
pub struct LadderForecast {
    pub line: usize,
    pub model: String,
    pub question_id: String,
    pub round: Option<String>,
    pub category: String,
    /// None: skipped.
    pub probability: Option<f64>,
    pub market_price: f64,
    pub resolution: Resolution,
    pub search_enabled: bool,
}

/// Reads a ladder records file.
pub fn read_ladder(bytes: &[u8]) -> Result<Vec<LadderForecast>, RecordError> {
    const RESOLUTIONS: [Resolution; 4] = [
        Resolution::Yes,
        Resolution::No,
        Resolution::Annulled,
        Resolution::Open,
    ];
    let mut out = Vec::new();
    let mut questions = Agreement::<String, (u64, String, usize)>::new();
    let mut forecasts = Agreement::<(String, String), ()>::new();
    read_lines(bytes, LADDER_KINDS, |r| {
        let model = r.text("model")?;
        let question_id = r.text("question_id")?;
        let category = r.text("category")?;
        let market_price = r.number("market_price")?;
        let res = r
            .opt_choice("resolution")?
            .ok_or_else(|| r.err("resolution", RecordMsg::Missing))?;
        let resolution = RESOLUTIONS[res];
        if r.opt_text("annulled_reason")?.is_some() && resolution != Resolution::Annulled {
            return Err(r.err("annulled_reason", RecordMsg::AnnulledReasonOnly));
        }
        if let Err(first) = questions.check(
            question_id.clone(),
            r.line,
            (market_price.to_bits(), category.clone(), res),
        ) {
            return Err(r.err(
                "question_id",
                RecordMsg::AnotherQuestion {
                    question: question_id,
                    first,
                },
            ));
        }
        if let Ok(Some(first)) = forecasts.check((model.clone(), question_id.clone()), r.line, ()) {
            return Err(r.err(
                "question_id",
                RecordMsg::SecondQuestionForecast {
                    model,
                    question: question_id,
                    first,
                },
            ));
        }
        out.push(LadderForecast {
            line: r.line,
            probability: r.opt_number("probability")?,
            round: r.opt_text("round")?,
            search_enabled: r.opt_bool("search_enabled")?.unwrap_or(false),
            model,
            question_id,
            category,
            market_price,
            resolution,
        });
        Ok(())
    })?;
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// arena
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStatus {
    Resolved,
    Cancelled,
    Open,
}

/// How a directional call was submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Vector,
    Legacy,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArenaDirectional {
    pub line: usize,
    pub agent: String,
    pub challenge_id: String,
    pub status: ArenaStatus,
    pub submission: Submission,
    pub encoding: Encoding,
    /// The resolved direction (resolved challenges only).
    pub outcome: Option<Direction>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArenaNumeric {
    pub line: usize,
    pub agent: String,
    pub challenge_id: String,
    pub status: ArenaStatus,
    pub point: f64,
    pub sd: f64,
    /// The resolved value (resolved challenges only).
    pub actual: Option<f64>,
    pub reference_scale: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArenaRecord {
    Directional(ArenaDirectional),
    Numeric(ArenaNumeric),
}

/// Reads an arena records file.
pub fn read_arena(bytes: &[u8]) -> Result<Vec<ArenaRecord>, RecordError> {
    const STATUSES: [ArenaStatus; 3] = [
        ArenaStatus::Resolved,
        ArenaStatus::Cancelled,
        ArenaStatus::Open,
    ];
    const DIRS: [Direction; 3] = [Direction::Bearish, Direction::Neutral, Direction::Bullish];
    let mut out = Vec::new();
    let mut forecasts = Agreement::<(String, String), ()>::new();
    // Per challenge: kind, status, reference scale, outcome or actual.
    let mut challenges = Agreement::<String, (usize, usize, Option<u64>, Option<u64>)>::new();
    read_lines(bytes, ARENA_KINDS, |r| {
        let agent = r.text("agent")?;
        let challenge_id = r.text("challenge_id")?;
        let status_index = r
            .opt_choice("status")?
            .ok_or_else(|| r.err("status", RecordMsg::Missing))?;
        let status = STATUSES[status_index];
        if let Ok(Some(first)) = forecasts.check((agent.clone(), challenge_id.clone()), r.line, ())
        {
            return Err(r.err(
                "challenge_id",
                RecordMsg::SecondChallengeForecast {
                    agent,
                    challenge: challenge_id,
                    first,
                },
            ));
        }
        if r.kind.name == "numeric" {
            let actual = r.opt_number("actual")?;
            match (status, actual) {
                (ArenaStatus::Resolved, None) => {
                    return Err(r.err("actual", RecordMsg::ActualRequired))
                }
                (ArenaStatus::Cancelled | ArenaStatus::Open, Some(_)) => {
                    return Err(r.err("actual", RecordMsg::OnlyWhenResolved))
                }
                _ => {}
            }
            let (point, sd) = (r.number("point")?, r.number("sd")?);
            if let Some(x) = actual {
                if !crps_gaussian(x, point, sd).is_some_and(f64::is_finite) {
                    return Err(r.err(
                        "sd",
                        RecordMsg::NoFiniteCrps {
                            point: point.to_string(),
                            sd: sd.to_string(),
                            actual: x.to_string(),
                        },
                    ));
                }
            }
            let reference_scale = r.number("reference_scale")?;
            let key = (
                1,
                status_index,
                Some(reference_scale.to_bits()),
                actual.map(f64::to_bits),
            );
            if let Err(first) = challenges.check(challenge_id.clone(), r.line, key) {
                return Err(r.err(
                    "challenge_id",
                    RecordMsg::AnotherNumericChallenge {
                        challenge: challenge_id,
                        first,
                    },
                ));
            }
            out.push(ArenaRecord::Numeric(ArenaNumeric {
                line: r.line,
                agent,
                challenge_id,
                status,
                point,
                sd,
                actual,
                reference_scale,
            }));
            return Ok(());
        }
        let legacy = (r.opt_choice("direction")?, r.opt_number("confidence")?);
        let vector = r.opt_outcome_map("probabilities")?;
        let (submission, encoding) = match (legacy, vector) {
            ((Some(d), Some(c)), None) => (
                Submission::legacy(DIRS[d], c)
                    .map_err(|e| r.err("confidence", RecordMsg::Vector(e)))?,
                Encoding::Legacy,
            ),
            ((None, None), Some((labels, p))) => {
                let mut v = [0.0; 3];
                for (label, p) in labels.iter().zip(p) {
                    let k = DIRECTIONS.iter().position(|d| d == label).ok_or_else(|| {
                        r.err(
                            "probabilities",
                            RecordMsg::NotADirection {
                                label: label.clone(),
                            },
                        )
                    })?;
                    v[k] = p;
                }
                if labels.len() != 3 {
                    return Err(r.err("probabilities", RecordMsg::NeedsThreeDirections));
                }
                (
                    Submission::from_vector(v)
                        .map_err(|e| r.err("probabilities", RecordMsg::Vector(e)))?,
                    Encoding::Vector,
                )
            }
            ((Some(_), None), None) => {
                return Err(r.err("confidence", RecordMsg::ConfidenceRequired))
            }
            ((None, Some(_)), None) => return Err(r.err("direction", RecordMsg::DirectionRequired)),
            ((None, None), None) => return Err(r.err("probabilities", RecordMsg::NoEncoding)),
            (_, Some(_)) => return Err(r.err("probabilities", RecordMsg::BothEncodings)),
        };
        let stated = r.opt_choice("outcome")?;
        let observed = (
            r.opt_number("opening")?,
            r.opt_number("closing")?,
            r.opt_number("neutral_threshold")?,
        );
        let outcome = match (status, stated, observed) {
            (ArenaStatus::Resolved, Some(k), (None, None, None)) => Some(DIRS[k]),
            (ArenaStatus::Resolved, None, (Some(o), Some(c), Some(t))) => {
                if t < 0.0 {
                    return Err(r.err(
                        "neutral_threshold",
                        RecordMsg::NegativeThreshold {
                            value: t.to_string(),
                        },
                    ));
                }
                Some(resolve(o, c, t))
            }
            (ArenaStatus::Resolved, Some(_), _) => {
                return Err(r.err("outcome", RecordMsg::OutcomeAndObservations))
            }
            (ArenaStatus::Resolved, None, (o, c, _)) => {
                let absent = if o.is_none() {
                    "opening"
                } else if c.is_none() {
                    "closing"
                } else {
                    "neutral_threshold"
                };
                return Err(r.err(absent, RecordMsg::ResolvedNeedsOutcome));
            }
            (_, None, (None, None, None)) => None,
            _ => return Err(r.err("outcome", RecordMsg::OnlyWhenResolved)),
        };
        let key = (0, status_index, None, outcome.map(|d| d as u64));
        if let Err(first) = challenges.check(challenge_id.clone(), r.line, key) {
            return Err(r.err(
                "challenge_id",
                RecordMsg::AnotherDirectionalChallenge {
                    challenge: challenge_id,
                    first,
                },
            ));
        }
        out.push(ArenaRecord::Directional(ArenaDirectional {
            line: r.line,
            agent,
            challenge_id,
            status,
            submission,
            encoding,
            outcome,
        }));
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_at(r: Result<impl fmt::Debug, RecordError>) -> (usize, Option<String>, RecordMsg) {
        let e = r.expect_err("an error");
        (e.line, e.field, e.message)
    }

    const FORECAST: &str = r#"{"kind": "forecast", "agent": "Claude", "model_id": "claude-fable-5-1", "sweep": "2026-10-10", "market_id": "m1", "probabilities": {"yes": 0.7, "no": 0.3}, "crowd": {"yes": 0.6, "no": 0.41}, "winner": "yes"}"#;

    #[test]
    fn agentpit_records() {
        let bet = r#"{"kind": "bet", "agent": "Codex", "market_id": "m1", "outcome": "no", "stake": 100, "fill_price": 0.42, "won": null}"#;
        let missing = r#"{"kind": "forecast", "agent": "Codex", "sweep": "2026-10-10", "market_id": "m1", "probabilities": null, "missing": "infrastructure", "crowd": {"yes": 0.6, "no": 0.41}, "winner": "yes", "counted": false}"#;
        let text = format!("{FORECAST}\n\n{bet}\r\n{missing}");
        let recs = read_agentpit(text.as_bytes()).unwrap();
        let AgentpitRecord::Forecast(f) = &recs[0] else {
            panic!()
        };
        // Outcomes in code point order; every vector follows it.
        assert_eq!(
            (
                f.outcomes.clone(),
                f.probabilities.clone(),
                f.crowd.clone(),
                f.winner
            ),
            (
                vec!["no".into(), "yes".into()],
                Some(vec![0.3, 0.7]),
                vec![0.41, 0.6],
                Some(1)
            )
        );
        let AgentpitRecord::Bet(b) = &recs[1] else {
            panic!()
        };
        assert_eq!(
            (b.line, b.stake, b.fill_price, b.won, b.counted),
            (3, 100.0, 0.42, None, true)
        );
        let AgentpitRecord::Forecast(m) = &recs[2] else {
            panic!()
        };
        assert_eq!(
            (m.line, m.missing, m.counted),
            (4, Some(Missing::Infrastructure), false)
        );
    }

    #[test]
    fn agentpit_errors_name_line_and_field() {
        let bad = |edit: &str| {
            format!(
                "{FORECAST}\n{}",
                FORECAST
                    .replace("\"m1\"", "\"m2\"")
                    .replacen(r#""winner": "yes""#, edit, 1)
            )
        };
        let at = |text: String| error_at(read_agentpit(text.as_bytes()));
        assert_eq!(at(format!("{FORECAST}\n{{\"kind\": ")).0, 2);
        assert_eq!(
            at(format!("{FORECAST}\n[1]")).2,
            RecordMsg::NotObject { type_name: "list" }
        );
        assert_eq!(at(bad(r#""winner": "maybe""#)).1.as_deref(), Some("winner"));
        assert_eq!(
            at(bad(r#""winner": 1"#)).2,
            RecordMsg::NotString { type_name: "int" }
        );
        assert_eq!(
            at(bad(r#""winner": "yes", "colour": 1"#)).1.as_deref(),
            Some("colour")
        );
        let (line, field, msg) = at(FORECAST.replace("0.7", "1.7"));
        assert_eq!(
            (line, field.as_deref()),
            (1, Some("probabilities.yes")),
            "{msg:?}"
        );
        let (_, field, msg) = at(FORECAST.replace("0.7", "0.6"));
        assert_eq!(field.as_deref(), Some("probabilities"));
        let RecordMsg::SumNotOne { sum, tolerance } = &msg else {
            panic!("{msg:?}")
        };
        assert!(sum.starts_with("0.8999"), "{sum}");
        assert_eq!(tolerance, "0.000000001");
        assert!(msg.to_string().contains("sum to 0.8999"), "{msg}");
        assert_eq!(
            at(FORECAST.replace(r#""yes": 0.7"#, r#""maybe": 0.7"#))
                .1
                .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(FORECAST.replace(r#""sweep": "2026-10-10", "#, ""))
                .1
                .as_deref(),
            Some("sweep")
        );
        assert_eq!(
            at(FORECAST.replace("2026-10-10", "10/10/2026"))
                .1
                .as_deref(),
            Some("sweep")
        );
        assert_eq!(
            at(FORECAST.replace(r#"{"yes": 0.7, "no": 0.3}"#, "null"))
                .1
                .as_deref(),
            Some("missing")
        );
        assert_eq!(at(FORECAST.replace("0.41", "NaN")).2, RecordMsg::NotFinite);
        // The same agent twice on one sweep market; another crowd or winner for one market.
        let (line, field, msg) = at(format!("{FORECAST}\n{FORECAST}"));
        assert_eq!(
            (line, field.as_deref(), &msg),
            (
                2,
                Some("market_id"),
                &RecordMsg::SecondSweepForecast {
                    agent: "Claude".into(),
                    market: "m1".into(),
                    sweep: "2026-10-10".into(),
                    first: 1
                }
            )
        );
        assert_eq!(
            msg.to_string(),
            "a second forecast of \"Claude\" on \"m1\" in sweep 2026-10-10 (first on line 1)"
        );
        assert_eq!(
            at(format!(
                "{FORECAST}\n{}",
                FORECAST.replace("Claude", "Grok").replace("0.41", "0.4")
            ))
            .1
            .as_deref(),
            Some("crowd")
        );
        assert_eq!(
            at(format!(
                "{FORECAST}\n{}",
                FORECAST
                    .replace("Claude", "Grok")
                    .replace(r#""winner": "yes""#, r#""winner": "no""#)
            ))
            .1
            .as_deref(),
            Some("winner")
        );
        let bet = r#"{"kind": "bet", "agent": "Codex", "market_id": "m1", "outcome": "no", "stake": 0, "fill_price": 0.42, "won": true}"#;
        assert_eq!(
            at(bet.into()),
            (
                1,
                Some("stake".into()),
                RecordMsg::NotPositive { value: "0".into() }
            )
        );
        assert_eq!(
            at(bet.replace("0.42", "1.2").replace(": 0,", ": 5,"))
                .1
                .as_deref(),
            Some("fill_price")
        );
        assert_eq!(at(r#"{"kind": "sweep"}"#.into()).1.as_deref(), Some("kind"));
        assert_eq!(error_at(read_agentpit(&[b'\n', 0xff, b'\n'])).0, 2);
    }

    #[test]
    fn ladder_records() {
        let line = r#"{"kind": "forecast", "model": "GPT-5", "question_id": "q1", "category": "Markets", "probability": 0.8, "market_price": 0.5, "resolution": "yes"}"#;
        let skip = line.replace("GPT-5", "Mini").replace("0.8", "null");
        let recs = read_ladder(format!("{line}\n{skip}").as_bytes()).unwrap();
        assert_eq!(
            (recs[0].probability, recs[1].probability, recs[1].resolution),
            (Some(0.8), None, Resolution::Yes)
        );
        let at = |text: String| error_at(read_ladder(text.as_bytes()));
        assert_eq!(
            at(format!("{line}\n{}", skip.replace("0.5", "0.55")))
                .1
                .as_deref(),
            Some("question_id")
        );
        assert_eq!(
            at(line.replace("\"yes\"", "\"tie\"")).1.as_deref(),
            Some("resolution")
        );
        assert_eq!(
            at(line.replace("0.8", "80")).2,
            RecordMsg::OutsideUnit { value: "80".into() }
        );
        assert_eq!(
            at(line.replace("0.8", "true")).2,
            RecordMsg::NotNumber { type_name: "bool" }
        );
        assert_eq!(
            at(line.replace(r#""yes"}"#, r#""yes", "annulled_reason": "tie"}"#))
                .1
                .as_deref(),
            Some("annulled_reason")
        );
    }

    #[test]
    fn arena_records() {
        let legacy = r#"{"kind": "directional", "agent": "a", "challenge_id": "c1", "status": "resolved", "direction": "bullish", "confidence": 0.6, "opening": 100, "closing": 100.5, "neutral_threshold": 0.5}"#;
        let vector = r#"{"kind": "directional", "agent": "b", "challenge_id": "c1", "status": "resolved", "probabilities": {"bearish": 0.2, "neutral": 0.5, "bullish": 0.3}, "outcome": "neutral"}"#;
        let numeric = r#"{"kind": "numeric", "agent": "a", "challenge_id": "n1", "status": "resolved", "point": 3.1, "sd": 0.2, "actual": 3.0, "reference_scale": 0.5}"#;
        let recs = read_arena(format!("{legacy}\n{vector}\n{numeric}").as_bytes()).unwrap();
        let ArenaRecord::Directional(l) = &recs[0] else {
            panic!()
        };
        assert_eq!(
            (l.encoding, l.outcome, l.submission.vector),
            (Encoding::Legacy, Some(Direction::Neutral), [0.2, 0.2, 0.6])
        );
        let ArenaRecord::Directional(v) = &recs[1] else {
            panic!()
        };
        assert_eq!(
            (v.encoding, v.submission.direction, v.submission.confidence),
            (Encoding::Vector, Direction::Neutral, 0.5)
        );
        let at = |text: String| error_at(read_arena(text.as_bytes()));
        assert_eq!(
            at(vector.replace("0.5,", "0.6,")).1.as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(vector.replace("bearish\": 0.2", "up\": 0.2"))
                .1
                .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(vector.replace(
                r#""outcome""#,
                r#""direction": "bearish", "confidence": 0.5, "outcome""#
            ))
            .1
            .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(legacy.replace(r#", "neutral_threshold": 0.5"#, ""))
                .1
                .as_deref(),
            Some("neutral_threshold")
        );
        assert_eq!(
            at(vector.replace("resolved", "open")).1.as_deref(),
            Some("outcome")
        );
        assert_eq!(
            at(numeric.replace(r#", "actual": 3.0"#, "")).1.as_deref(),
            Some("actual")
        );
        assert_eq!(at(numeric.replace("0.2", "-0.2")).1.as_deref(), Some("sd"));
        assert_eq!(
            at(numeric.replace("3.1", "1e308").replace("3.0", "-1e308"))
                .1
                .as_deref(),
            Some("sd")
        );
        assert_eq!(
            at(format!(
                "{numeric}\n{}",
                numeric.replace("\"a\"", "\"b\"").replace("0.5}", "0.6}")
            ))
            .1
            .as_deref(),
            Some("challenge_id")
        );
        assert_eq!(
            at(format!(
                "{legacy}\n{}",
                vector.replace("neutral\"}", "bullish\"}")
            ))
            .1
            .as_deref(),
            Some("challenge_id")
        );
    }

    #[test]
    fn schemas_list_every_field() {
        for (profile, kinds) in [
            ("agentpit", AGENTPIT_KINDS),
            ("ladder", LADDER_KINDS),
            ("arena", ARENA_KINDS),
        ] {
            let bytes = records_schema_bytes(profile, kinds);
            let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(doc["$id"], format!("{profile}-records.schema.json"));
            let variants = doc["oneOf"].as_array().unwrap();
            assert_eq!(variants.len(), kinds.len());
            for (v, k) in variants.iter().zip(kinds) {
                assert_eq!(v["properties"]["kind"]["const"], k.name);
                assert_eq!(
                    v["properties"].as_object().unwrap().len(),
                    k.fields.len() + 1
                );
                assert_eq!(
                    v["required"].as_array().unwrap().len(),
                    1 + k.fields.iter().filter(|f| f.required).count()
                );
            }
        }
        let doc: serde_json::Value =
            serde_json::from_slice(&records_schema_bytes("agentpit", AGENTPIT_KINDS)).unwrap();
        assert_eq!(
            doc["oneOf"][0]["properties"]["winner"]["type"],
            serde_json::json!(["string", "null"])
        );
    }
}
