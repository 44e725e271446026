//! The book lines the scorer reads beyond sealing times (spec Appendix C, "book lines";
//! §4.9): `run` lines with the crowd's sealed prices, `answer` lines with their items, and
//! `crowd` lines resolving each contract. Other kinds are kept by kind only.
//!
//! Field layout (no real council-book line with crowd fields is published yet, so the units
//! and nesting are fixed here; anything else is an error naming the book line and field,
//! never silently rescaled):
//!
//! ```text
//! run:    "run_id": str,
//!         "crowd": {"at": RFC 3339 str (when the prices were recorded),
//!                   "odds":   {<code>: quote},      Polymarket contracts
//!                   "kalshi": {<code>: quote}}      Kalshi contracts
//!         quote = {"p_up": price 0-1 (dollars) of up,  "vol": sealed volume, US dollars >= 0,
//!                  "bid": price 0-1, "ask": price 0-1, "last_trade_at": RFC 3339 str  (optional),
//!                  Kalshi only, optional: "lo": strike, "hi": strike, "prev_close": number}
//!         strike = {"strike": level, "p_above": price 0-1 of above the level}
//! answer: "seat": str, "run_id": str, "at": RFC 3339 str,
//!         "items": {<asset>: {<horizon>: {"prob_up": 0-100, ...},
//!                             "1d": {"crowd_up": 0-100 or null, ...}}},
//!         "decisions": the answer's trading decisions as received (any JSON value; laid out
//!                      as `{<rule version>: "hold" | {"weights": {<fund>: percent}}}`,
//!                      `core::arena::league`), "decisions_reason": str, why part of it is
//!                      not a decision (optional)
//!         "shape": "invalid" | "refused_shape", "shape_reason": str  (optional: the mark,
//!                      below), "own_sha256": hex of the raw reply,
//!         "own_bytes": int >= 0, the raw reply's size (when it could not be read: no items),
//!         "duplicate_keys": [str], dotted paths of keys the answer object stated twice in one
//!                      object, the last sealed (optional),
//!         "provider_finish": str, the provider's own finish reason as sent (OpenAI
//!                      `finish_reason`, Anthropic `stop_reason`, Gemini `finishReason` or
//!                      `promptFeedback.blockReason`; optional),
//!         "finish": "refused" | "blocked" | "truncated", "finish_reason": str, how the reply
//!                      ended when not a plain stop and the provider's reason (optional)
//! crowd:  "run_id": str, "rows": {<code>: {"up": bool or null},          Polymarket
//!                                 <code>@kalshi: {"up": bool or null}}   Kalshi
//! score, score_h:
//!         "of": the run line's n (int >= 1), "horizon": "1d"|"1w"|"1m"|"6m" (score: "1d"
//!         when absent; score_h: required),
//!         "results": {<asset>: {"ref": number != 0, "close": number,
//!                               "actual_pct": number (optional; else 100 (close - ref) / ref),
//!                               "up": bool (optional; must be actual_pct > 0),
//!                               "draw": bool (optional)}},
//!         "noise": {<asset>: draw band, percent >= 0}            (optional),
//!         "noise_missing": {<asset>: str, why the asset has no band} (optional),
//!         "late_ref": {"<answer line n>": {<asset>: own ref, number != 0}}   (optional)
//!         results.<asset>.contract: the event contract (§3.13, nine string keys; optional)
//! ```
//!
//! correction (spec §3.10): "of": the corrected line's n (int >= 1, an existing line before
//!         it), optional "same_as": the n of an earlier line the corrected line re-seals
//!         unchanged, "source", "reason" (strings), "fields": the corrected fields (an object;
//!         for an answer line `model` and `mode` (strings) and `items` (cells restored to it,
//!         laid out as an answer's `items`); for a score line `results.<asset>.{ref, close}`)
//!
//! A run line may seal its events' contracts as `contracts.<asset>.<horizon>` (nine string
//! keys, optional); a contract's `asset` and `horizon` must be the keys it is under.
//!
//! A run line seals the trading tracks' rule versions in force as `arena`, a list of version
//! names (spec §4.7: "the version in force is sealed in each run line"; optional, absent
//! before the tracks).
//!
//! Run lines also give `at`, `booked_at` and `methodology` (strings), and answer lines `model`
//! and `booked_at`, read for [`crate::score::book_rows`]; an answer's `items` must be an object of
//! objects (`items.<asset>.<horizon>`).
//!
//! An answer line the engine marked (spec §3.9; [`crate::league::answer`]) states
//! `"shape": "invalid" | "refused_shape"` and `"shape_reason": str`. Its `items` are sealed as
//! the seat sent them, so they are read cell by cell: a cell is `items.<market>.<horizon>`
//! holding an object, the market one of the twelve (Table 2), the horizon 1d, 1w, 1m or 6m;
//! a `crowd_up` that is not a percentage 0-100 is not read. Every other part (`items.ES`,
//! `items.GOLD.2y`, `items.SPX.1d` = 55, `items` = a list) is set aside with its reason
//! ([`AnswerLine::set_aside`]), never an error: every line the engine seals reads back. On an
//! unmarked line the same parts are errors.
//!
//! `<code>` is the league's market code (the `items` key the models answer under). Prices are
//! the venues' dollar prices 0-1 (`p_up` 0.62 = 62 cents); `crowd_up` is a percentage 0-100
//! like `prob_up`. A `null` `up` is a contract not (yet) resolved. `prob_up` is kept as found
//! (any JSON value): [`crate::score::book_agreement`] judges it.

pub mod build;

use crate::book::canon::{self, Object, Value};
use crate::calendar::{Horizon, Instant};
use crate::contract::event::EventContract;
use crate::records::crowd::{parse_row_key, CrowdPrices, Quote, Strike, Venue};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A book line field that cannot be read as the layout above says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLineError {
    /// The line's `n` (its 1-based position when it has none).
    pub line: u64,
    /// Dotted path of the field, e.g. `crowd.odds.SPX.p_up`.
    pub field: String,
    /// What is wrong with the field.
    pub message: BookLineMessage,
}

impl fmt::Display for BookLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "book line {}, field {}: {}",
            self.line, self.field, self.message
        )
    }
}

/// What is wrong with a book line's field: one variant per sentence, carrying its arguments,
/// so that a page can say it in the reader's language. `Display` is the CLI's English.
/// Numbers are kept as Rust formats them (`{}` of an `f64`), and a JSON value found where
/// another was expected as `describe` words it (`float 1.5`, `str "x"`, `bool true`, `dict`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum BookLineMessage {
    /// The line is not JSON; `detail` is the JSON parser's own words.
    NotJson {
        /// Byte offset in the line where the parser stopped.
        offset: usize,
        /// The parser's message.
        detail: String,
    },
    /// A string holds a lone surrogate.
    LoneSurrogate,
    /// A field that must be a string is not one.
    ExpectedString {
        /// Python type name of the value found (`int`, `dict`).
        found: String,
    },
    /// A field that must be a JSON object is not one.
    ExpectedObject {
        /// Python type name of the value found (`list`, `str`).
        found: String,
    },
    /// An object, where the value found is not named.
    ObjectExpected,
    /// A time field (`at`, `booked_at`, `last_trade_at`) that is not an RFC 3339 time.
    NotTime {
        /// The text found.
        value: String,
    },
    /// A field that must be a number in `unit` is not a number.
    ExpectedNumber {
        /// The unit the number is read in.
        unit: Unit,
        /// The value found, as `describe` words it (`float 1.5`, `dict`).
        found: String,
    },
    /// `value` (as Rust prints the number) is outside the unit's range.
    Outside {
        /// The number as Rust prints it.
        value: String,
        /// The unit whose range it is outside.
        unit: Unit,
    },
    /// A required field is absent.
    Missing,
    /// `lo`, `hi` or `prev_close` on a Polymarket quote.
    StrikesKalshiOnly,
    /// A `crowd.<venue>` key that is empty or holds `@`.
    BadMarketCode,
    /// An `items` key that is not valid UTF-8.
    MarketCodeNotUtf8,
    /// A run line's `clock` other than `set`, its one value (a run timed by a clock the
    /// operator set, a replay).
    ClockNotSet {
        /// The text found.
        value: String,
    },
    /// An entry of a run line's `arena` that is not a rule version name (a string).
    ExpectedRuleVersion {
        /// Python type name of the value found.
        found: String,
    },
    /// A run line's `arena` that is not a list of rule versions.
    ExpectedRuleVersions {
        /// Python type name of the value found.
        found: String,
    },
    /// The event contract's own reader's words (spec §3.13).
    Contract {
        /// The reader's message.
        detail: String,
    },
    /// A contract for another asset or horizon than the keys it is under: each as
    /// `<asset> <horizon>`.
    ContractFor {
        /// The contract's `<asset> <horizon>`.
        found: String,
        /// The keys' `<asset> <horizon>`.
        expected: String,
    },
    /// A horizon that is not `1d`, `1w`, `1m` or `6m` (spec Table 1).
    NotHorizon {
        /// The text found.
        value: String,
    },
    /// A line number (`n`, `of`, `corrects`) below 1 or beyond 64 bits.
    NotLineNumber {
        /// The integer as the line writes it.
        value: String,
    },
    /// A line number that is not an integer.
    ExpectedLineNumber {
        /// The value found, as `describe` words it (`float 1.5`, `dict`).
        found: String,
    },
    /// A result's `ref` of 0, from which no percentage change can be computed.
    ZeroReference,
    /// A field that must be `true` or `false` is not.
    ExpectedBool {
        /// The value found, as `describe` words it (`float 1.5`, `dict`).
        found: String,
    },
    /// `up` disagrees with the change (`change` as Rust prints it, in percent).
    UpDisagrees {
        /// The stated `up`.
        up: bool,
        /// The percentage change as Rust prints it.
        change: String,
    },
    /// A `late_ref` key that is not an answer line's `n`.
    LateRefKey,
    /// An invalid answer's `shape` other than `refused_shape` or `invalid`.
    NotShape {
        /// The text found.
        value: String,
    },
    /// A `rows` key that is neither `<code>` nor `<code>@kalshi`.
    BadContractKey,
    /// A crowd line's `rows.<contract>.up` other than `true`, `false` or `null`.
    ExpectedUpValue {
        /// The value found, as `describe` words it (`float 1.5`, `dict`).
        found: String,
    },
    /// A correction names a line that does not exist.
    NamesNoLine {
        /// The line named.
        line: u64,
    },
    /// A correction names a line that is not before it.
    NotBeforeCorrection {
        /// The line named.
        line: u64,
        /// The correction's own line.
        correction: u64,
    },
    /// Two run lines with the same `run_id`.
    AlsoRunOf {
        /// The run id.
        run_id: String,
        /// The first line that has it.
        line: u64,
    },
    /// A run line's `at` outside the years the NYSE calendar covers, so it has no session.
    OutsideCalendar,
    /// A score line's `of` names a line that is not a run line (`kind`: the line's kind, or
    /// none when there is no such line).
    ScoreOfNotRun {
        /// The line `of` names.
        line: u64,
        /// That line's `kind`; None when there is no such line.
        kind: Option<String>,
    },
    /// A result given twice for one run line and horizon.
    ResultTwice {
        /// The horizon, `1d` ... `6m`.
        horizon: String,
        /// The run line the result is for.
        run: u64,
        /// The line that gave it first.
        first: u64,
    },
    /// A score line's `results.<asset>.contract` that differs from the event contract its run
    /// line sealed (spec §3.13).
    ContractDiffers {
        /// The run line that sealed the contract.
        run: u64,
    },
    /// A score line's `late_ref` key naming a line that is not an answer of the scored run.
    NotAnswerOfRun {
        /// The line the key names.
        answer: u64,
        /// The run line being scored.
        run: u64,
    },
    /// An answer-line correction naming a line of another kind.
    CorrectsNonAnswer {
        /// The line corrected.
        line: u64,
        /// That line's `kind`.
        kind: String,
    },
    /// A restored cell without its sealing time `at`.
    MissingRestoredTime,
    /// A trading decision without its sealing time `at`.
    MissingDecisionTime,
    /// A line's `run_id` that no run line has.
    NamesNoRun {
        /// The run id.
        run_id: String,
    },
    /// A book that yields more forecast rows than the reader keeps (Table C1 rows).
    TooManyRows {
        /// The most rows read.
        max: usize,
    },
    /// A run's crowd prices sealed on two run lines.
    CrowdPricesTwice {
        /// The run.
        run: String,
        /// The line that sealed them first.
        first: u64,
    },
    /// A crowd line for a run none of whose run lines sealed crowd prices (spec §4.9).
    NoCrowdPrices {
        /// The run.
        run: String,
    },
    /// A contract resolved both ways.
    ResolvedTwice {
        /// The contract's `rows` key.
        code: String,
        /// This line's `up`.
        up: bool,
        /// The line that resolved it first.
        line: u64,
        /// That line's `up`.
        was: bool,
    },
    /// An `items` key that is not one of the twelve markets (spec Table 2).
    NotMarket {
        /// The key found.
        value: String,
    },
}

/// The unit a book line's number is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// A venue's dollar price 0-1.
    Price,
    /// A percentage 0-100.
    Percentage,
    /// US dollars, 0 or more.
    Usd,
    /// A Kalshi strike's index level, any finite number.
    StrikeLevel,
    /// A price level (a result's `ref` or `close`, a previous close), any finite number.
    PriceLevel,
    /// A percentage change (`actual_pct`), any finite number.
    PercentageChange,
    /// A draw band in percent, 0 or more.
    Band,
}

impl Unit {
    /// The CLI's English.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Price => "a price 0-1 in dollars",
            Unit::Percentage => "a percentage 0-100",
            Unit::Usd => "US dollars, 0 or more",
            Unit::StrikeLevel => "a strike level",
            Unit::PriceLevel => "a price level",
            Unit::PercentageChange => "a percentage change",
            Unit::Band => "a band in percent, 0 or more",
        }
    }
}

impl fmt::Display for BookLineMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BookLineMessage as M;
        match self {
            M::NotJson { offset, detail } => write!(f, "not JSON at byte {offset}: {detail}"),
            M::LoneSurrogate => f.write_str("not valid UTF-8 (lone surrogate)"),
            M::ExpectedString { found } => write!(f, "expected a string, found {found}"),
            M::ExpectedObject { found } => write!(f, "expected an object, found {found}"),
            M::ObjectExpected => f.write_str("expected an object"),
            M::NotTime { value } => write!(f, "{value:?} is not an RFC 3339 time"),
            M::ExpectedNumber { unit, found } => {
                write!(f, "expected a number ({}), found {found}", unit.as_str())
            }
            M::Outside { value, unit } => write!(f, "{value} is outside {}", unit.as_str()),
            M::Missing => f.write_str("missing"),
            M::StrikesKalshiOnly => {
                f.write_str("strikes belong to Kalshi contracts (crowd.kalshi) only")
            }
            M::BadMarketCode => f.write_str("a market code is non-empty and has no '@'"),
            M::MarketCodeNotUtf8 => f.write_str("a market code is not valid UTF-8"),
            M::ClockNotSet { value } => write!(f, "{value:?} is not \"set\""),
            M::ExpectedRuleVersion { found } => {
                write!(f, "expected a rule version name, found {found}")
            }
            M::ExpectedRuleVersions { found } => {
                write!(f, "expected a list of rule versions, found {found}")
            }
            M::Contract { detail } => f.write_str(detail),
            M::ContractFor { found, expected } => {
                write!(f, "the contract is for {found}, not {expected}")
            }
            M::NotHorizon { value } => write!(f, "{value:?} is not 1d, 1w, 1m or 6m"),
            M::NotLineNumber { value } => write!(f, "{value} is not a line number"),
            M::ExpectedLineNumber { found } => {
                write!(f, "expected a line number, found {found}")
            }
            M::ZeroReference => f.write_str("a reference of 0 has no percentage change"),
            M::ExpectedBool { found } => write!(f, "expected true or false, found {found}"),
            M::UpDisagrees { up, change } => write!(
                f,
                "{up} disagrees with the change {change}% (up is strictly above the reference)"
            ),
            M::LateRefKey => f.write_str("a key is an answer line's n"),
            M::NotShape { value } => write!(f, "{value:?} is not refused_shape or invalid"),
            M::BadContractKey => f.write_str("a contract is <code> (Polymarket) or <code>@kalshi"),
            M::ExpectedUpValue { found } => {
                write!(f, "expected true, false or null, found {found}")
            }
            M::NamesNoLine { line } => write!(f, "names line {line}, which does not exist"),
            M::NotBeforeCorrection { line, correction } => write!(
                f,
                "names line {line}, which is not before the correction (line {correction})"
            ),
            M::AlsoRunOf { run_id, line } => {
                write!(f, "{run_id:?} is also the run of line {line}")
            }
            M::OutsideCalendar => f.write_str("outside the calendar's years"),
            M::ScoreOfNotRun { line, kind } => match kind {
                Some(k) => write!(
                    f,
                    "names line {line}, which is a {k:?} line, not a run line"
                ),
                None => write!(
                    f,
                    "names line {line}, which is no such line, not a run line"
                ),
            },
            M::ResultTwice {
                horizon,
                run,
                first,
            } => write!(
                f,
                "the {horizon} result of run line {run} was already given on line {first}"
            ),
            M::ContractDiffers { run } => {
                write!(f, "differs from the contract run line {run} sealed")
            }
            M::NotAnswerOfRun { answer, run } => {
                write!(f, "line {answer} is not an answer line of run line {run}")
            }
            M::CorrectsNonAnswer { line, kind } => write!(
                f,
                "corrects line {line}, a {kind:?} line, not an answer line"
            ),
            M::MissingRestoredTime => {
                f.write_str("missing: a restored cell needs its sealing time")
            }
            M::MissingDecisionTime => f.write_str("missing: a decision needs its sealing time"),
            M::NamesNoRun { run_id } => write!(f, "{run_id:?} names no run line"),
            M::TooManyRows { max } => {
                write!(f, "the book yields more than {max} forecast rows")
            }
            M::CrowdPricesTwice { run, first } => {
                write!(f, "run {run} already has crowd prices on line {first}")
            }
            M::NoCrowdPrices { run } => {
                write!(f, "no run line of run {run} seals crowd prices")
            }
            M::ResolvedTwice {
                code,
                up,
                line,
                was,
            } => write!(f, "resolves {code} as up={up}, line {line} as up={was}"),
            M::NotMarket { value } => write!(f, "{value:?} is not one of the twelve markets"),
        }
    }
}

impl std::error::Error for BookLineError {}

/// A part of a marked answer line's `items` that is not a cell of the answer layout, set
/// aside with the reason (see the module doc): the field's dotted path and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAside {
    /// Dotted path of the part set aside, e.g. `items.GOLD.2y`.
    pub field: String,
    /// Why it is not a cell of the answer layout.
    pub message: BookLineMessage,
}

impl From<BookLineError> for SetAside {
    fn from(e: BookLineError) -> SetAside {
        SetAside {
            field: e.field,
            message: e.message,
        }
    }
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// A `run` line as the scorer reads it (spec §3.2, §4.9; written by [`build::RunContent`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RunLine {
    /// The line's `n`.
    pub n: u64,
    /// `run_id` (`<session>-am` for the counted run), where given.
    pub run_id: Option<String>,
    /// `crowd`: the crowd's prices sealed when the ask went out (spec §4.9), where given.
    pub crowd: Option<CrowdPrices>,
    /// `at`: when the run line was sealed.
    pub at: Option<Instant>,
    /// `booked_at`: when it was written to the book, if later than `at` (spec §3.3).
    pub booked_at: Option<Instant>,
    /// `methodology`: the methodology version in force (spec §3.10).
    pub methodology: Option<String>,
    /// `ask_sha256`: SHA-256 of the run's common ask text, hex (read leniently: another value
    /// reads as absent).
    pub ask_sha256: Option<String>,
    /// `snapshot_sha256`: SHA-256 of the J bytes of the ask's market snapshot, hex (read
    /// leniently).
    pub snapshot_sha256: Option<String>,
    /// `clock` = `"set"`: the run's times come from a clock the operator set (a replay).
    pub clock_set: bool,
    /// `arena`: the trading tracks' rule versions in force (empty when absent).
    pub arena: Vec<String>,
    /// `contracts.<asset>.<horizon>`, where sealed.
    pub contracts: BTreeMap<(String, Horizon), EventContract>,
}

/// The five actions of §3.6 an answer cell states as `items.<asset>.<horizon>.action`: the
/// words the ask offers, the book seals and the forecasts file (Table C1 `action`) keeps;
/// another word is kept in `action_word`, scored, not traded.
pub const ACTIONS: [&str; 5] = ["buy_strong", "buy_dips", "hold", "trim", "sell"];

/// An `answer` line as the scorer reads it (spec §3.2, §3.9; written by
/// [`build::AnswerContent`]).
#[derive(Clone, Debug, PartialEq)]
pub struct AnswerLine {
    /// The line's `n`.
    pub n: u64,
    /// `seat`: the seat that answered.
    pub seat: Option<String>,
    /// `run_id`: the run answered.
    pub run_id: Option<String>,
    /// `at`: the answer time, when the reply arrived.
    pub at: Option<Instant>,
    /// `booked_at`: when it was written to the book, if later than `at` (spec §3.3).
    pub booked_at: Option<Instant>,
    /// `model`: the model and version string the provider returned.
    pub model: Option<String>,
    /// `mode`: the seat's mode as configured (spec §3.13 requirement 1).
    pub mode: Option<String>,
    /// `ask_sha256`: SHA-256 of the common ask text answered, hex.
    pub ask_sha256: Option<String>,
    /// `own_sha256`: SHA-256 of the raw reply, hex.
    pub own_sha256: Option<String>,
    /// `years`: the unscored sentence on the years ahead (spec §3.7).
    pub years: Option<String>,
    /// `shape` and `shape_reason`: a reply not read as a well-formed answer, and why.
    pub shape: Option<(build::Shape, String)>,
    /// Whether the line has `items` at all (an answer without is a refused shape).
    pub has_items: bool,
    /// `items` (empty when absent).
    pub items: Object,
    /// `items.<asset>.1d.crowd_up` (0-100) where stated.
    pub crowd_up: BTreeMap<String, f64>,
    /// `decisions` as sealed (read by `core::arena::league`), and `decisions_reason`.
    pub decisions: Option<Value>,
    /// `decisions_reason`: why part of `decisions` is not a decision.
    pub decisions_reason: Option<String>,
    /// On a line whose `shape` marks it (`invalid`, `refused_shape`): the parts of `items`
    /// that are not cells of the answer layout, set aside with the reason (the field's
    /// path and what is wrong with it), in key order. They are not in [`Self::items`] nor
    /// [`Self::crowd_up`]; on an unmarked line the same parts are errors.
    pub set_aside: Vec<SetAside>,
    /// `own_bytes`: the raw reply's size, stated when it could not be read (read for display
    /// only, as `own_sha256`: another value reads as absent).
    pub own_bytes: Option<u64>,
    /// `duplicate_keys`: keys the answer object stated twice in one object (the last sealed;
    /// read for display only: items that are not strings are skipped).
    pub duplicate_keys: Vec<String>,
    /// `provider_finish`, `finish` and `finish_reason`: how the provider said the reply ended.
    pub provider_finish: Option<String>,
    /// `finish`: `refused`, `blocked` or `truncated`, when the reply did not end in a plain
    /// stop.
    pub finish: Option<String>,
    /// `finish_reason`: the provider's reason for a `refused` or `blocked` finish.
    pub finish_reason: Option<String>,
}

impl AnswerLine {
    /// `items.<asset>.<horizon>.prob_up` as found: None when any level is missing.
    pub fn prob_up(&self, asset: &str, horizon: &str) -> Option<&Value> {
        self.items
            .get(asset)?
            .as_object()?
            .get(horizon)?
            .as_object()?
            .get("prob_up")
    }
}

/// A `crowd` line: each contract's resolution (`up`; None when unresolved).
#[derive(Clone, Debug, PartialEq)]
pub struct CrowdLine {
    /// The line's `n`.
    pub n: u64,
    /// `run_id`: the run whose contracts it resolves.
    pub run_id: String,
    /// `rows`: (market code, venue) -> up (None: not resolved).
    pub rows: BTreeMap<(String, Venue), Option<bool>>,
}

/// One market's outcome on a `score`/`score_h` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// `ref`: the reference price, never 0.
    pub reference: f64,
    /// `close`: the terminal price.
    pub close: f64,
    /// Stated, else `100 (close - ref) / ref`.
    pub actual_pct: f64,
    /// `draw`: whether the change fell within the draw band (spec §3.5), where stated.
    pub draw: Option<bool>,
    /// `contract`, where sealed with the result.
    pub contract: Option<EventContract>,
}

/// A `score` (the day's results) or `score_h` (a horizon's) line.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreLine {
    /// The line's `n`.
    pub n: u64,
    /// The run line it scores.
    pub of: u64,
    /// `horizon`: `1d` on a `score` line, the stated horizon on a `score_h` line.
    pub horizon: Horizon,
    /// `results`: asset -> its outcome.
    pub results: BTreeMap<String, Outcome>,
    /// Draw band per asset, percent.
    pub noise: BTreeMap<String, f64>,
    /// Why an asset has no draw band.
    pub noise_missing: BTreeMap<String, String>,
    /// Answer line -> asset -> that line's own reference (sealed after the common one).
    pub late_ref: BTreeMap<u64, BTreeMap<String, f64>>,
}

/// A `correction` line (spec §3.10): a new line naming the line it corrects, which stays as
/// it is.
#[derive(Clone, Debug, PartialEq)]
pub struct CorrectionLine {
    /// The line's `n`.
    pub n: u64,
    /// `at`: when the correction was sealed.
    pub at: Option<Instant>,
    /// The corrected line.
    pub of: u64,
    /// The earlier line the corrected line re-seals unchanged (a copy, not a new forecast).
    pub same_as: Option<u64>,
    /// `source`: where the corrected values come from.
    pub source: Option<String>,
    /// `reason`: why the line is corrected.
    pub reason: Option<String>,
    /// The corrected fields (empty when none).
    pub fields: Object,
}

impl CorrectionLine {
    /// The corrected string field `key` (`model`, `mode`), where given.
    pub fn field_str(&self, key: &str) -> Option<&str> {
        self.fields.get(key).and_then(Value::as_str)
    }

    /// The cells `fields.items` restores to an answer line (`items.<asset>.<horizon>`, laid out
    /// as an answer's `items`), where given.
    pub fn items(&self) -> Option<&Value> {
        self.fields.get("items")
    }

    /// The corrected `results.<asset>.<key>` number of a score line, where given.
    pub fn result(&self, asset: &str, key: &str) -> Option<f64> {
        self.fields
            .get("results")?
            .as_object()?
            .get(asset)?
            .as_object()?
            .get(key)
            .and_then(number)
    }
}

/// The run, answer, score and crowd lines of a book, and every line's kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BookLines {
    /// The run lines, in book order.
    pub runs: Vec<RunLine>,
    /// The answer lines by `n`.
    pub answers: BTreeMap<u64, AnswerLine>,
    /// The `score` and `score_h` lines that read, in book order.
    pub scores: Vec<ScoreLine>,
    /// The first `score`/`score_h` line that does not read as this module lays them out. Kept
    /// apart, not raised: only scoring from the book alone needs score lines (with
    /// council-forecasts.csv the outcomes are the file's), so it is that path that reports it.
    pub score_error: Option<BookLineError>,
    /// The crowd lines, in book order.
    pub crowds: Vec<CrowdLine>,
    /// Correction lines, in book order; each names an existing earlier line.
    pub corrections: Vec<CorrectionLine>,
    /// Line `n` -> its `kind` ("" when it has none).
    pub kinds: BTreeMap<u64, String>,
    /// The `roster` of each run line that carries one, with the line's 1-based position, in
    /// book order: what the scorer's roster reads from a book, kept so that a
    /// caller holding the parsed lines need not parse the book again.
    pub run_rosters: Vec<(u64, Value)>,
}

/// Reads a field of one line, naming the line and the field's path in errors.
struct Fields {
    line: u64,
}

impl Fields {
    fn err(&self, field: &str, message: BookLineMessage) -> BookLineError {
        BookLineError {
            line: self.line,
            field: field.into(),
            message,
        }
    }

    fn str(&self, o: &Object, key: &str, path: &str) -> Result<Option<String>, BookLineError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(s)) => s
                .as_str()
                .map(|s| Some(s.to_owned()))
                .ok_or_else(|| self.err(path, BookLineMessage::LoneSurrogate)),
            Some(v) => Err(self.err(
                path,
                BookLineMessage::ExpectedString {
                    found: v.type_name().into(),
                },
            )),
        }
    }

    fn time(&self, o: &Object, key: &str, path: &str) -> Result<Option<String>, BookLineError> {
        match self.str(o, key, path)? {
            Some(s) if Instant::parse_rfc3339(&s).is_none() => {
                Err(self.err(path, BookLineMessage::NotTime { value: s }))
            }
            t => Ok(t),
        }
    }

    fn object<'a>(
        &self,
        o: &'a Object,
        key: &str,
        path: &str,
    ) -> Result<Option<&'a Object>, BookLineError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(x)) => Ok(Some(x)),
            Some(v) => Err(self.err(path, expected_object(v))),
        }
    }

    /// A finite number (int or float; `true`/`false` are not numbers here) within
    /// `lo..=hi`, described by `unit` in errors.
    fn number(
        &self,
        o: &Object,
        key: &str,
        path: &str,
        (lo, hi): (f64, f64),
        unit: Unit,
    ) -> Result<Option<f64>, BookLineError> {
        let x = match o.get(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(v) => number(v).ok_or_else(|| {
                self.err(
                    path,
                    BookLineMessage::ExpectedNumber {
                        unit,
                        found: describe(v),
                    },
                )
            })?,
        };
        if !(lo..=hi).contains(&x) {
            return Err(self.err(
                path,
                BookLineMessage::Outside {
                    value: x.to_string(),
                    unit,
                },
            ));
        }
        Ok(Some(x))
    }

    fn required<T>(&self, v: Option<T>, path: &str) -> Result<T, BookLineError> {
        v.ok_or_else(|| self.err(path, BookLineMessage::Missing))
    }
}

/// A string field read for display and round trips only: any other type reads as absent
/// (these fields decide nothing the scorer computes).
fn lenient_str(o: &Object, key: &str) -> Option<String> {
    o.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// The value as a finite number: ints and floats, not bools.
pub fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => i.as_str().parse::<f64>().ok().filter(|x| x.is_finite()),
        Value::Float(f) => Some(*f).filter(|x| x.is_finite()),
        _ => None,
    }
}

/// `"<value>" is not 1d, 1w, 1m or 6m`.
pub(crate) fn not_horizon(value: &str) -> BookLineMessage {
    BookLineMessage::NotHorizon {
        value: value.to_owned(),
    }
}

/// "expected an object, found <type>".
fn expected_object(v: &Value) -> BookLineMessage {
    BookLineMessage::ExpectedObject {
        found: v.type_name().into(),
    }
}

/// A JSON value as errors name what was found: its type, and a scalar's value.
fn describe(v: &Value) -> String {
    match v {
        Value::Float(f) => format!("float {f}"),
        Value::Str(s) => format!("str {:?}", s.as_str().unwrap_or("?")),
        Value::Bool(b) => format!("bool {b}"),
        v => v.type_name().to_string(),
    }
}

const PRICE: (f64, f64) = (0.0, 1.0);
const PRICE_UNIT: Unit = Unit::Price;
const PCT: (f64, f64) = (0.0, 100.0);
const PCT_UNIT: Unit = Unit::Percentage;
const USD: (f64, f64) = (0.0, f64::MAX);
const USD_UNIT: Unit = Unit::Usd;

impl Fields {
    fn quote(&self, q: &Object, path: &str, kalshi: bool) -> Result<Quote, BookLineError> {
        let p = |k: &str| format!("{path}.{k}");
        let strike = |k: &str| -> Result<Option<Strike>, BookLineError> {
            let Some(s) = self.object(q, k, &p(k))? else {
                return Ok(None);
            };
            let sp = |f: &str| format!("{path}.{k}.{f}");
            let level = self.required(
                self.number(
                    s,
                    "strike",
                    &sp("strike"),
                    (f64::MIN, f64::MAX),
                    Unit::StrikeLevel,
                )?,
                &sp("strike"),
            )?;
            let p_above = self.required(
                self.number(s, "p_above", &sp("p_above"), PRICE, PRICE_UNIT)?,
                &sp("p_above"),
            )?;
            Ok(Some(Strike { level, p_above }))
        };
        let (lo, hi, prev_close) = if kalshi {
            (
                strike("lo")?,
                strike("hi")?,
                self.number(
                    q,
                    "prev_close",
                    &p("prev_close"),
                    (f64::MIN, f64::MAX),
                    Unit::PriceLevel,
                )?,
            )
        } else {
            for k in ["lo", "hi", "prev_close"] {
                if q.get(k).is_some() {
                    return Err(self.err(&p(k), BookLineMessage::StrikesKalshiOnly));
                }
            }
            (None, None, None)
        };
        Ok(Quote {
            p_up: self.required(
                self.number(q, "p_up", &p("p_up"), PRICE, PRICE_UNIT)?,
                &p("p_up"),
            )?,
            vol: self.required(self.number(q, "vol", &p("vol"), USD, USD_UNIT)?, &p("vol"))?,
            bid: self.number(q, "bid", &p("bid"), PRICE, PRICE_UNIT)?,
            ask: self.number(q, "ask", &p("ask"), PRICE, PRICE_UNIT)?,
            last_trade_at: self.time(q, "last_trade_at", &p("last_trade_at"))?,
            lo,
            hi,
            prev_close,
        })
    }

    fn quotes(
        &self,
        crowd: &Object,
        venue: &str,
    ) -> Result<BTreeMap<String, Quote>, BookLineError> {
        let mut out = BTreeMap::new();
        let Some(o) = self.object(crowd, venue, &format!("crowd.{venue}"))? else {
            return Ok(out);
        };
        for (code, q) in o.iter() {
            let code = code.as_str().unwrap_or("?");
            let path = format!("crowd.{venue}.{code}");
            if code.is_empty() || code.contains('@') {
                return Err(self.err(&path, BookLineMessage::BadMarketCode));
            }
            let q = q
                .as_object()
                .ok_or_else(|| self.err(&path, expected_object(q)))?;
            out.insert(code.to_owned(), self.quote(q, &path, venue == "kalshi")?);
        }
        Ok(out)
    }

    fn run(&self, o: &Object) -> Result<RunLine, BookLineError> {
        let run_id = self.str(o, "run_id", "run_id")?;
        let crowd = match self.object(o, "crowd", "crowd")? {
            None => None,
            Some(c) => {
                self.required(run_id.as_ref(), "run_id")?;
                Some(CrowdPrices {
                    at: self.required(self.time(c, "at", "crowd.at")?, "crowd.at")?,
                    odds: self.quotes(c, "odds")?,
                    kalshi: self.quotes(c, "kalshi")?,
                })
            }
        };
        Ok(RunLine {
            n: self.line,
            run_id,
            crowd,
            at: self.instant(o, "at")?,
            booked_at: self.instant(o, "booked_at")?,
            methodology: self.str(o, "methodology", "methodology")?,
            ask_sha256: lenient_str(o, "ask_sha256"),
            snapshot_sha256: lenient_str(o, "snapshot_sha256"),
            clock_set: match self.str(o, "clock", "clock")?.as_deref() {
                None => false,
                Some("set") => true,
                Some(c) => {
                    return Err(self.err(
                        "clock",
                        BookLineMessage::ClockNotSet {
                            value: c.to_owned(),
                        },
                    ))
                }
            },
            contracts: self.contracts(o)?,
            arena: match o.get("arena") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(a)) => a
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        v.as_str().map(str::to_owned).ok_or_else(|| {
                            self.err(
                                &format!("arena[{i}]"),
                                BookLineMessage::ExpectedRuleVersion {
                                    found: v.type_name().into(),
                                },
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?,
                Some(v) => {
                    return Err(self.err(
                        "arena",
                        BookLineMessage::ExpectedRuleVersions {
                            found: v.type_name().into(),
                        },
                    ))
                }
            },
        })
    }

    /// The event contract at `o.key` (path `path`), checked to be for `asset` and `horizon`.
    fn contract(
        &self,
        o: &Object,
        key: &str,
        path: &str,
        asset: &str,
        horizon: Horizon,
    ) -> Result<Option<EventContract>, BookLineError> {
        let Some(c) = self.object(o, key, path)? else {
            return Ok(None);
        };
        let c = EventContract::from_object(c).map_err(|e| {
            self.err(
                &format!("{path}.{}", e.field),
                BookLineMessage::Contract { detail: e.message },
            )
        })?;
        let [a, h, ..] = c.values();
        if a != asset || h != horizon.as_str() {
            return Err(self.err(
                path,
                BookLineMessage::ContractFor {
                    found: format!("{a} {h}"),
                    expected: format!("{asset} {horizon}"),
                },
            ));
        }
        Ok(Some(c))
    }

    fn contracts(
        &self,
        o: &Object,
    ) -> Result<BTreeMap<(String, Horizon), EventContract>, BookLineError> {
        let mut out = BTreeMap::new();
        let Some(c) = self.object(o, "contracts", "contracts")? else {
            return Ok(out);
        };
        for (asset, by_h) in self.members(c, "contracts")? {
            for (h, _) in by_h.iter() {
                let h = h.as_str().unwrap_or("?");
                let path = format!("contracts.{asset}.{h}");
                let horizon = Horizon::parse(h).ok_or_else(|| self.err(&path, not_horizon(h)))?;
                let contract = self.contract(by_h, h, &path, asset, horizon)?;
                out.insert((asset.to_owned(), horizon), self.required(contract, &path)?);
            }
        }
        Ok(out)
    }

    fn instant(&self, o: &Object, key: &str) -> Result<Option<Instant>, BookLineError> {
        Ok(self
            .time(o, key, key)?
            .and_then(|t| Instant::parse_rfc3339(&t)))
    }

    /// An object of objects (`items`, `results`, `late_ref`): each member, named by path.
    fn members<'a>(
        &self,
        o: &'a Object,
        path: &str,
    ) -> Result<Vec<(&'a str, &'a Object)>, BookLineError> {
        o.iter()
            .map(|(k, v)| {
                let k = k.as_str().unwrap_or("?");
                v.as_object()
                    .map(|v| (k, v))
                    .ok_or_else(|| self.err(&format!("{path}.{k}"), expected_object(v)))
            })
            .collect()
    }

    fn score(&self, o: &Object, kind: &str) -> Result<ScoreLine, BookLineError> {
        let of = match o.get("of") {
            Some(Value::Int(i)) => i
                .to_i64()
                .filter(|n| *n >= 1)
                .map(|n| n as u64)
                .ok_or_else(|| {
                    self.err(
                        "of",
                        BookLineMessage::NotLineNumber {
                            value: i.as_str().to_owned(),
                        },
                    )
                })?,
            None | Some(Value::Null) => return Err(self.err("of", BookLineMessage::Missing)),
            Some(v) => {
                return Err(self.err(
                    "of",
                    BookLineMessage::ExpectedLineNumber { found: describe(v) },
                ))
            }
        };
        let horizon = match (self.str(o, "horizon", "horizon")?, kind) {
            (None, "score") => Horizon::D1,
            (None, _) => return Err(self.err("horizon", BookLineMessage::Missing)),
            (Some(h), _) => {
                Horizon::parse(&h).ok_or_else(|| self.err("horizon", not_horizon(&h)))?
            }
        };
        let any = (f64::MIN, f64::MAX);
        let mut results = BTreeMap::new();
        for (asset, r) in self.members(
            self.required(self.object(o, "results", "results")?, "results")?,
            "results",
        )? {
            let p = |k: &str| format!("results.{asset}.{k}");
            let reference = self.required(
                self.number(r, "ref", &p("ref"), any, Unit::PriceLevel)?,
                &p("ref"),
            )?;
            if reference == 0.0 {
                return Err(self.err(&p("ref"), BookLineMessage::ZeroReference));
            }
            let close = self.required(
                self.number(r, "close", &p("close"), any, Unit::PriceLevel)?,
                &p("close"),
            )?;
            let actual_pct = match self.number(
                r,
                "actual_pct",
                &p("actual_pct"),
                any,
                Unit::PercentageChange,
            )? {
                Some(x) => x,
                None => (close - reference) / reference * 100.0,
            };
            let flag = |k: &str| match r.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Bool(b)) => Ok(Some(*b)),
                Some(v) => {
                    Err(self.err(&p(k), BookLineMessage::ExpectedBool { found: describe(v) }))
                }
            };
            if let Some(up) = flag("up")? {
                if up != (actual_pct > 0.0) {
                    return Err(self.err(
                        &p("up"),
                        BookLineMessage::UpDisagrees {
                            up,
                            change: actual_pct.to_string(),
                        },
                    ));
                }
            }
            let contract = self.contract(r, "contract", &p("contract"), asset, horizon)?;
            results.insert(
                asset.to_owned(),
                Outcome {
                    reference,
                    close,
                    actual_pct,
                    draw: flag("draw")?,
                    contract,
                },
            );
        }
        let mut noise = BTreeMap::new();
        if let Some(n) = self.object(o, "noise", "noise")? {
            for (asset, _) in n.iter() {
                let asset = asset.as_str().unwrap_or("?");
                let band = self.number(n, asset, &format!("noise.{asset}"), USD, Unit::Band)?;
                noise.insert(
                    asset.to_owned(),
                    self.required(band, &format!("noise.{asset}"))?,
                );
            }
        }
        let mut noise_missing = BTreeMap::new();
        if let Some(n) = self.object(o, "noise_missing", "noise_missing")? {
            for (asset, _) in n.iter() {
                let asset = asset.as_str().unwrap_or("?");
                let path = format!("noise_missing.{asset}");
                let why = self.str(n, asset, &path)?;
                noise_missing.insert(asset.to_owned(), self.required(why, &path)?);
            }
        }
        let mut late_ref = BTreeMap::new();
        if let Some(l) = self.object(o, "late_ref", "late_ref")? {
            for (line, refs) in self.members(l, "late_ref")? {
                let path = format!("late_ref.{line}");
                let n = crate::contract::forecasts_csv::parse_count(line)
                    .ok_or_else(|| self.err(&path, BookLineMessage::LateRefKey))?;
                let mut own = BTreeMap::new();
                for (asset, _) in refs.iter() {
                    let asset = asset.as_str().unwrap_or("?");
                    let p = format!("{path}.{asset}");
                    let r =
                        self.required(self.number(refs, asset, &p, any, Unit::PriceLevel)?, &p)?;
                    if r == 0.0 {
                        return Err(self.err(&p, BookLineMessage::ZeroReference));
                    }
                    own.insert(asset.to_owned(), r);
                }
                late_ref.insert(n, own);
            }
        }
        Ok(ScoreLine {
            n: self.line,
            of,
            horizon,
            results,
            noise,
            noise_missing,
            late_ref,
        })
    }

    fn answer(&self, o: &Object) -> Result<AnswerLine, BookLineError> {
        let shape = match self.str(o, "shape", "shape")? {
            None => None,
            Some(s) => Some((
                build::Shape::parse(&s).ok_or_else(|| {
                    self.err("shape", BookLineMessage::NotShape { value: s.clone() })
                })?,
                self.str(o, "shape_reason", "shape_reason")?
                    .unwrap_or_default(),
            )),
        };
        let mut set_aside = Vec::new();
        let (has_items, items) = if shape.is_some() {
            self.marked_items(o, &mut set_aside)
        } else {
            let items_field = self.object(o, "items", "items")?;
            let items = items_field.cloned().unwrap_or_default();
            for (asset, cells) in self.members(&items, "items")? {
                self.members(cells, &format!("items.{asset}"))?;
            }
            (items_field.is_some(), items)
        };
        let mut crowd_up = BTreeMap::new();
        for (asset, cells) in items.iter() {
            let asset = asset.as_str().unwrap_or("?");
            if let Some(d1) = cells
                .as_object()
                .and_then(|c| c.get("1d"))
                .and_then(Value::as_object)
            {
                let path = format!("items.{asset}.1d.crowd_up");
                match self.number(d1, "crowd_up", &path, PCT, PCT_UNIT) {
                    Ok(Some(p)) => {
                        crowd_up.insert(asset.to_owned(), p);
                    }
                    Ok(None) => {}
                    Err(e) if shape.is_some() => set_aside.push(e.into()),
                    Err(e) => return Err(e),
                }
            }
        }
        set_aside.sort_by(|a, b| a.field.cmp(&b.field));
        Ok(AnswerLine {
            n: self.line,
            seat: self.str(o, "seat", "seat")?,
            run_id: self.str(o, "run_id", "run_id")?,
            at: self.instant(o, "at")?,
            booked_at: self.instant(o, "booked_at")?,
            model: self.str(o, "model", "model")?,
            mode: lenient_str(o, "mode"),
            ask_sha256: lenient_str(o, "ask_sha256"),
            own_sha256: lenient_str(o, "own_sha256"),
            years: lenient_str(o, "years"),
            shape,
            has_items,
            items,
            crowd_up,
            decisions: o.get("decisions").cloned(),
            decisions_reason: self.str(o, "decisions_reason", "decisions_reason")?,
            set_aside,
            own_bytes: match o.get("own_bytes") {
                Some(Value::Int(i)) => i.to_i64().and_then(|b| u64::try_from(b).ok()),
                _ => None,
            },
            duplicate_keys: match o.get("duplicate_keys") {
                Some(Value::Array(a)) => a
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect(),
                _ => Vec::new(),
            },
            provider_finish: self.str(o, "provider_finish", "provider_finish")?,
            finish: self.str(o, "finish", "finish")?,
            finish_reason: self.str(o, "finish_reason", "finish_reason")?,
        })
    }

    /// The `items` of an answer line the engine marked (`invalid`, `refused_shape`; spec
    /// §3.9, [`crate::league::answer`]): sealed as received, so read cell by cell. A cell is
    /// `items.<market>.<horizon>` holding an object, the market one of the twelve (Table 2)
    /// and the horizon 1d, 1w, 1m or 6m; what it holds is judged downstream (a `prob_up` that
    /// is not a number 0-100 is a cell with status `invalid`). Every other part is set aside
    /// with its reason. Whether the line has `items` at all, and the cells.
    fn marked_items(&self, o: &Object, set_aside: &mut Vec<SetAside>) -> (bool, Object) {
        let items = match o.get("items") {
            None | Some(Value::Null) => return (false, Object::new()),
            Some(Value::Object(items)) => items,
            Some(v) => {
                set_aside.push(self.err("items", expected_object(v)).into());
                return (false, Object::new());
            }
        };
        let mut kept = Object::new();
        for (asset, cells) in items.iter() {
            let Some(asset) = asset.as_str() else {
                set_aside.push(self.err("items", BookLineMessage::MarketCodeNotUtf8).into());
                continue;
            };
            let path = format!("items.{asset}");
            if !crate::records::names::MARKETS.contains(&asset) {
                let value = asset.to_owned();
                set_aside.push(self.err(&path, BookLineMessage::NotMarket { value }).into());
                continue;
            }
            let Some(cells) = cells.as_object() else {
                set_aside.push(self.err(&path, expected_object(cells)).into());
                continue;
            };
            let mut keep = Object::new();
            for (h, cell) in cells.iter() {
                let h = h.as_str().unwrap_or("?");
                let path = format!("{path}.{h}");
                if Horizon::parse(h).is_none() {
                    set_aside.push(self.err(&path, not_horizon(h)).into());
                } else if !matches!(cell, Value::Object(_)) {
                    set_aside.push(self.err(&path, expected_object(cell)).into());
                } else {
                    keep.insert(h, cell.clone());
                }
            }
            kept.insert(asset, Value::Object(keep));
        }
        (true, kept)
    }

    /// A line number field (`of`, `same_as`): an int >= 1.
    fn line_number(&self, o: &Object, key: &str) -> Result<Option<u64>, BookLineError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Int(i)) => i
                .to_i64()
                .filter(|n| *n >= 1)
                .map(|n| Some(n as u64))
                .ok_or_else(|| {
                    self.err(
                        key,
                        BookLineMessage::NotLineNumber {
                            value: i.as_str().to_owned(),
                        },
                    )
                }),
            Some(v) => Err(self.err(
                key,
                BookLineMessage::ExpectedLineNumber { found: describe(v) },
            )),
        }
    }

    fn correction(&self, o: &Object) -> Result<CorrectionLine, BookLineError> {
        let of = self.required(self.line_number(o, "of")?, "of")?;
        Ok(CorrectionLine {
            n: self.line,
            at: self.instant(o, "at")?,
            of,
            same_as: self.line_number(o, "same_as")?,
            source: self.str(o, "source", "source")?,
            reason: self.str(o, "reason", "reason")?,
            fields: self
                .object(o, "fields", "fields")?
                .cloned()
                .unwrap_or_default(),
        })
    }

    fn crowd(&self, o: &Object) -> Result<CrowdLine, BookLineError> {
        let run_id = self.required(self.str(o, "run_id", "run_id")?, "run_id")?;
        let mut rows = BTreeMap::new();
        for (key, r) in self
            .required(self.object(o, "rows", "rows")?, "rows")?
            .iter()
        {
            let key = key.as_str().unwrap_or("?");
            let path = format!("rows.{key}");
            let Some((code, venue)) = parse_row_key(key) else {
                return Err(self.err(&path, BookLineMessage::BadContractKey));
            };
            let r = r
                .as_object()
                .ok_or_else(|| self.err(&path, expected_object(r)))?;
            let up = match r.get("up") {
                None => return Err(self.err(&format!("{path}.up"), BookLineMessage::Missing)),
                Some(Value::Null) => None,
                Some(Value::Bool(b)) => Some(*b),
                Some(v) => {
                    return Err(self.err(
                        &format!("{path}.up"),
                        BookLineMessage::ExpectedUpValue { found: describe(v) },
                    ))
                }
            };
            rows.insert((code.to_owned(), venue), up);
        }
        Ok(CrowdLine {
            n: self.line,
            run_id,
            rows,
        })
    }
}

impl BookLines {
    /// The lines a correction marks as re-sealed copies of an earlier line (`same_as`, spec
    /// §3.10): not new forecasts, so no rows, versions or decisions of their own.
    pub fn resealed_copies(&self) -> BTreeSet<u64> {
        self.corrections
            .iter()
            .filter(|c| c.same_as.is_some())
            .map(|c| c.of)
            .collect()
    }

    /// The string field `key` (`model`, `mode`) of line `n` as corrected: the last correction
    /// naming `n` that gives it (spec §3.10; the corrected line stays as it is).
    pub fn corrected_str(&self, n: u64, key: &str) -> Option<&str> {
        self.corrections
            .iter()
            .rev()
            .filter(|c| c.of == n)
            .find_map(|c| c.field_str(key))
    }

    /// The runs whose session has closed: a 1d score line names them. From then on their raw
    /// replies, whose SHA-256 each answer line seals as `own_sha256` (spec §3.2), are published.
    pub fn closed_runs(&self) -> Vec<&str> {
        self.runs
            .iter()
            .filter(|r| {
                self.scores
                    .iter()
                    .any(|s| s.of == r.n && s.horizon == Horizon::D1)
            })
            .filter_map(|r| r.run_id.as_deref())
            .collect()
    }

    /// Reads every complete line of `book` (a last line without LF is not yet counted, as in
    /// [`super::sealing`]); a line's number is its `n` when it has a positive one.
    pub fn parse(book: &[u8]) -> Result<BookLines, BookLineError> {
        let mut r = BookLinesReader::default();
        r.feed(book);
        r.finish()
    }
}

/// [`BookLines::parse`] fed chunk by chunk, cut anywhere: the verifier page reads a book's lines
/// while its chain is verified on other workers. Equal to `BookLines::parse` of the
/// concatenated chunks for every cut (property-tested below).
#[derive(Debug, Default)]
pub struct BookLinesReader {
    out: BookLines,
    /// Complete lines read so far.
    position: u64,
    /// The start of a line that a later chunk completes.
    carry: Vec<u8>,
    /// The first line that could not be read: reading stops there.
    error: Option<BookLineError>,
}

impl BookLinesReader {
    /// Reads the complete lines of `chunk` (with the line a previous chunk started).
    pub fn feed(&mut self, mut chunk: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if !self.carry.is_empty() {
            let Some(end) = memchr::memchr(b'\n', chunk) else {
                self.carry.extend_from_slice(chunk);
                return;
            };
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(&chunk[..end]);
            chunk = &chunk[end + 1..];
            if let Err(e) = self.line(&line) {
                self.error = Some(e);
                return;
            }
        }
        while let Some(end) = memchr::memchr(b'\n', chunk) {
            if let Err(e) = self.line(&chunk[..end]) {
                self.error = Some(e);
                return;
            }
            chunk = &chunk[end + 1..];
        }
        self.carry.extend_from_slice(chunk);
    }

    /// Complete lines read so far.
    pub fn lines(&self) -> u64 {
        self.position
    }

    /// One complete line, without its LF.
    fn line(&mut self, text: &[u8]) -> Result<(), BookLineError> {
        self.position += 1;
        let position = self.position;
        let out = &mut self.out;
        let f = Fields { line: position };
        let o = &match canon::parse(text) {
            Ok(Value::Object(o)) => o,
            Ok(v) => return Err(f.err("(line)", expected_object(&v))),
            Err(e) => {
                return Err(f.err(
                    "(line)",
                    BookLineMessage::NotJson {
                        offset: e.offset,
                        detail: e.message,
                    },
                ))
            }
        };
        let n = match o.get("n") {
            Some(Value::Int(n)) => n
                .to_i64()
                .filter(|n| *n >= 1)
                .map_or(position, |n| n as u64),
            _ => position,
        };
        let f = Fields { line: n };
        let kind = f.str(o, "kind", "kind")?.unwrap_or_default();
        match kind.as_str() {
            "run" => {
                out.runs.push(f.run(o)?);
                if let Some(seats) = o.get("roster") {
                    out.run_rosters.push((position, seats.clone()));
                }
            }
            "answer" => {
                out.answers.insert(n, f.answer(o)?);
            }
            "crowd" => out.crowds.push(f.crowd(o)?),
            "correction" => out.corrections.push(f.correction(o)?),
            "score" | "score_h" => match f.score(o, &kind) {
                Ok(score) => out.scores.push(score),
                Err(e) => {
                    out.score_error.get_or_insert(e);
                }
            },
            _ => {}
        }
        out.kinds.insert(n, kind);
        Ok(())
    }

    /// The book's lines, once every line naming another (corrections) is checked against the
    /// lines read; a last line without LF is not counted.
    pub fn finish(self) -> Result<BookLines, BookLineError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let out = self.out;
        for c in &out.corrections {
            let f = Fields { line: c.n };
            for (key, target) in [("of", Some(c.of)), ("same_as", c.same_as)] {
                let Some(t) = target else { continue };
                if !out.kinds.contains_key(&t) {
                    return Err(f.err(key, BookLineMessage::NamesNoLine { line: t }));
                }
                if t >= c.n {
                    return Err(f.err(
                        key,
                        BookLineMessage::NotBeforeCorrection {
                            line: t,
                            correction: c.n,
                        },
                    ));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn one(line: &str) -> Result<BookLines, BookLineError> {
        BookLines::parse(format!("{line}\n").as_bytes())
    }

    /// An answer line the engine marked (`invalid`, `refused_shape`) reads cell by cell: the
    /// parts that are not cells are set aside with their reasons; the same parts on an
    /// unmarked line are errors naming the line and field.
    #[test]
    fn a_marked_answer_line_sets_aside_what_is_not_a_cell() {
        let line = r#"{"n": 2, "kind": "answer", "seat": "a", "run_id": "r", "at": "2026-10-20T12:31:00Z", "shape": "invalid", "shape_reason": "see the cells", "items": {"GOLD": {"2y": {"prob_up": 5}, "1d": {"prob_up": 55, "crowd_up": "60"}, "1w": {"prob_up": "x"}}, "ES": {"1d": {"prob_up": 5}}, "SPX": {"1d": {"prob_up": 150, "crowd_up": 150}, "6m": 55}, "TNX": [1], "DXY": {"1d": {"crowd_up": 40}}}}"#;
        let b = one(line).unwrap();
        let a = &b.answers[&2];
        let said: Vec<String> = a.set_aside.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                r#"items.ES: "ES" is not one of the twelve markets"#,
                r#"items.GOLD.1d.crowd_up: expected a number (a percentage 0-100), found str "60""#,
                r#"items.GOLD.2y: "2y" is not 1d, 1w, 1m or 6m"#,
                "items.SPX.1d.crowd_up: 150 is outside a percentage 0-100",
                "items.SPX.6m: expected an object, found int",
                "items.TNX: expected an object, found list",
            ]
        );
        let kept: Vec<(String, Vec<String>)> = a
            .items
            .iter()
            .map(|(k, v)| {
                let hs = v.as_object().unwrap().iter();
                (
                    k.as_str().unwrap().to_string(),
                    hs.map(|(h, _)| h.as_str().unwrap().to_string()).collect(),
                )
            })
            .collect();
        assert_eq!(
            kept,
            [
                ("DXY".to_string(), vec!["1d".to_string()]),
                ("GOLD".to_string(), vec!["1d".to_string(), "1w".to_string()]),
                ("SPX".to_string(), vec!["1d".to_string()]),
            ]
        );
        assert_eq!(a.crowd_up, BTreeMap::from([("DXY".to_string(), 40.0)]));
        assert!(a.has_items);
        // The same parts on an unmarked line are errors.
        let unmarked = line.replace(r#""shape": "invalid", "#, "");
        assert_eq!(
            one(&unmarked).unwrap_err().to_string(),
            "book line 2, field items.TNX: expected an object, found list"
        );
        // A refused shape whose items are not an object: set aside, no items.
        let b = one(r#"{"n": 3, "kind": "answer", "seat": "a", "shape": "refused_shape", "shape_reason": "x", "items": [55]}"#).unwrap();
        let a = &b.answers[&3];
        assert_eq!((a.has_items, a.set_aside.len()), (false, 1));
        assert_eq!(
            a.set_aside[0].to_string(),
            "items: expected an object, found list"
        );
    }

    #[test]
    fn reads_the_layout() {
        let b = BookLines::parse(concat!(
            r#"{"n": 1, "kind": "run", "run_id": "r", "crowd": {"at": "2026-10-20T12:30:06Z", "odds": {"SPX": {"p_up": 0.62, "vol": 15000, "bid": 0.61, "ask": 0.63, "last_trade_at": "2026-10-20T12:29:40Z"}}, "kalshi": {"TNX": {"p_up": 0.3, "vol": 2000.5, "lo": {"strike": 4.0, "p_above": 0.4}, "hi": {"strike": 4.1, "p_above": 0.2}, "prev_close": 4.05}}}}"#,
            "\n",
            r#"{"n": 2, "kind": "answer", "seat": "a", "run_id": "r", "at": "2026-10-20T12:31:00Z", "items": {"SPX": {"1d": {"prob_up": 55, "crowd_up": 60}}, "TNX": {"1d": {"crowd_up": null}}}}"#,
            "\n",
            r#"{"n": 3, "kind": "crowd", "run_id": "r", "rows": {"SPX": {"up": true}, "TNX@kalshi": {"up": null}}}"#,
            "\n",
            r#"{"n": 4, "kind": "score"}"#
        )
        .as_bytes())
        .unwrap();
        let q = &b.runs[0].crowd.as_ref().unwrap().odds["SPX"];
        assert_eq!(
            (q.p_up, q.vol, q.bid, q.last_trade_at.as_deref()),
            (0.62, 15000.0, Some(0.61), Some("2026-10-20T12:29:40Z"))
        );
        let k = &b.runs[0].crowd.as_ref().unwrap().kalshi["TNX"];
        assert_eq!(
            (k.lo.unwrap().level, k.hi.unwrap().p_above, k.prev_close),
            (4.0, 0.2, Some(4.05))
        );
        assert_eq!(b.answers[&2].crowd_up.len(), 1);
        assert_eq!(b.answers[&2].crowd_up["SPX"], 60.0);
        assert!(b.answers[&2]
            .prob_up("SPX", "1d")
            .is_some_and(|v| number(v) == Some(55.0)));
        assert_eq!(
            b.crowds[0].rows[&("SPX".to_string(), Venue::Polymarket)],
            Some(true)
        );
        assert_eq!(b.crowds[0].rows[&("TNX".to_string(), Venue::Kalshi)], None);
        assert_eq!(b.kinds.len(), 3, "the last line has no LF yet");
    }

    #[test]
    fn wrong_units_and_types_name_line_and_field() {
        let run = |quote: &str| {
            one(&format!(
                r#"{{"n": 7, "kind": "run", "run_id": "r", "crowd": {{"at": "2026-10-20T12:30:06Z", "odds": {{"SPX": {quote}}}}}}}"#
            ))
        };
        for (quote, field, says) in [
            (
                r#"{"p_up": 62, "vol": 5}"#,
                "crowd.odds.SPX.p_up",
                "outside a price 0-1",
            ),
            (
                r#"{"p_up": "0.6", "vol": 5}"#,
                "crowd.odds.SPX.p_up",
                "found str",
            ),
            (
                r#"{"p_up": true, "vol": 5}"#,
                "crowd.odds.SPX.p_up",
                "found bool",
            ),
            (r#"{"vol": 5}"#, "crowd.odds.SPX.p_up", "missing"),
            (
                r#"{"p_up": 0.6, "vol": -1}"#,
                "crowd.odds.SPX.vol",
                "outside US dollars",
            ),
            (
                r#"{"p_up": 0.6, "vol": 5, "ask": 63}"#,
                "crowd.odds.SPX.ask",
                "outside a price",
            ),
            (
                r#"{"p_up": 0.6, "vol": 5, "last_trade_at": "noon"}"#,
                "crowd.odds.SPX.last_trade_at",
                "RFC 3339",
            ),
            (
                r#"{"p_up": 0.6, "vol": 5, "lo": {"strike": 1, "p_above": 0.5}}"#,
                "crowd.odds.SPX.lo",
                "Kalshi",
            ),
        ] {
            let e = run(quote).unwrap_err();
            assert_eq!((e.line, e.field.as_str()), (7, field), "{quote}: {e}");
            assert!(e.to_string().contains(says), "{quote}: {e}");
        }
        let e = one(r#"{"n": 3, "kind": "answer", "items": {"GC": {"1d": {"crowd_up": 0.62e3}}}}"#)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "book line 3, field items.GC.1d.crowd_up: 620 is outside a percentage 0-100"
        );
        let e = one(r#"{"n": 3, "kind": "answer", "items": {"GC": {"1d": {"crowd_up": "60"}}}}"#)
            .unwrap_err();
        assert_eq!(e.field, "items.GC.1d.crowd_up");
        let e = one(r#"{"n": 4, "kind": "crowd", "run_id": "r", "rows": {"GC": {"up": 1}}}"#)
            .unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (4, "rows.GC.up"));
        let e = one(r#"{"n": 4, "kind": "crowd", "run_id": "r", "rows": {"GC@pm": {"up": true}}}"#)
            .unwrap_err();
        assert_eq!(e.field, "rows.GC@pm");
        let e =
            one(r#"{"n": 5, "kind": "run", "crowd": {"at": "2026-10-20T12:30:06Z"}}"#).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (5, "run_id"));
        let e =
            one(r#"{"n": 5, "kind": "run", "run_id": "r", "crowd": {"odds": {}}}"#).unwrap_err();
        assert_eq!(e.field, "crowd.at");
        assert_eq!(one("[1]").unwrap_err().field, "(line)");
    }

    #[test]
    fn corrections_name_an_earlier_existing_line() {
        let base = concat!(
            r#"{"n": 1, "kind": "answer", "seat": "a", "run_id": "r", "at": "2026-10-20T12:31:00Z", "items": {}}"#,
            "\n",
            r#"{"n": 2, "kind": "answer", "seat": "a", "run_id": "r", "at": "2026-10-20T12:32:00Z", "items": {}}"#,
            "\n",
        );
        let with = |c: &str| BookLines::parse(format!("{base}{c}\n").as_bytes());
        let ok = with(r#"{"n": 3, "kind": "correction", "at": "2026-10-20T14:00:00Z", "of": 2, "same_as": 1, "source": "receipt", "reason": "re-sealed", "fields": {"model": "m-2"}}"#).unwrap();
        let c = &ok.corrections[0];
        assert_eq!(
            (c.of, c.same_as, c.field_str("model")),
            (2, Some(1), Some("m-2"))
        );
        use BookLineMessage as M;
        let not_before = M::NotBeforeCorrection {
            line: 3,
            correction: 3,
        };
        for (line, field, says) in [
            (
                r#"{"n": 3, "kind": "correction", "of": 7}"#,
                "of",
                M::NamesNoLine { line: 7 },
            ),
            (
                r#"{"n": 3, "kind": "correction", "of": 3}"#,
                "of",
                not_before.clone(),
            ),
            (
                r#"{"n": 3, "kind": "correction", "of": 1, "same_as": 3}"#,
                "same_as",
                not_before,
            ),
            (r#"{"n": 3, "kind": "correction"}"#, "of", M::Missing),
            (
                r#"{"n": 3, "kind": "correction", "of": "1"}"#,
                "of",
                M::ExpectedLineNumber {
                    found: r#"str "1""#.into(),
                },
            ),
        ] {
            let e = with(line).unwrap_err();
            assert_eq!((e.line, e.field.as_str()), (3, field), "{line}: {e}");
            assert_eq!(e.message, says, "{line}: {e}");
        }
        assert_eq!(
            with(r#"{"n": 3, "kind": "correction", "of": 3}"#)
                .unwrap_err()
                .to_string(),
            "book line 3, field of: names line 3, which is not before the correction (line 3)"
        );
    }

    #[test]
    fn an_unreadable_score_line_is_kept_apart() {
        let book = concat!(
            r#"{"n": 1, "kind": "score", "run_id": "r1", "of": 7, "results": "later"}"#,
            "\n",
            r#"{"n": 2, "kind": "score", "run_id": "r1", "of": "x"}"#,
            "\n",
        );
        let lines = BookLines::parse(book.as_bytes()).expect("the other kinds still read");
        let e = lines.score_error.expect("the first bad score line");
        assert_eq!(e.line, 1, "{e}");
        assert!(lines.scores.is_empty());
    }

    /// Lines of every kind, good and bad, for the chunked reader below.
    pub(crate) const MIXED: &[&str] = &[
        r#"{"n": 1, "kind": "run", "run_id": "r", "at": "2026-10-20T12:30:00Z", "roster": [{"seat": "a", "family": "f"}]}"#,
        r#"{"n": 2, "kind": "answer", "seat": "a", "run_id": "r", "at": "2026-10-20T12:31:00Z", "items": {"SPX": {"1d": {"prob_up": 55, "crowd_up": 60}}}}"#,
        r#"{"kind": "answer", "seat": "b", "run_id": "r", "at": "2026-10-20T12:32:00Z", "items": {}}"#,
        r#"{"n": 4, "kind": "crowd", "run_id": "r", "rows": {"SPX": {"up": true}}}"#,
        r#"{"n": 5, "kind": "correction", "at": "2026-10-20T14:00:00Z", "of": 2, "fields": {"model": "m-2"}}"#,
        r#"{"n": 6, "kind": "score", "run_id": "r", "of": "x"}"#,
        r#"{"n": 7, "kind": "run", "run_id": "r2", "roster": {"US": [{"seat": "a", "family": "g"}]}}"#,
        r#"{"n": 8, "kind": "note", "text": "caf\u00e9 \u2028 \ud83d\ude00"}"#,
        r#"{"n": 9, "kind": "correction", "of": 12}"#,
        r#"{"n": 10, "kind": "answer", "seat": 3}"#,
        r#"{"n": 11, "kind": "run", "crowd": {"at": "noon"}}"#,
        r#"not json"#,
        r#"[1, 2]"#,
        "",
        r#"{"n": -4, "kind": "answer", "seat": "c", "at": "2026-10-20T12:33:00Z"}"#,
        "{\"n\": 16, \"kind\": \"x\", \"t\": \"\u{e9}\"}",
    ];

    #[test]
    fn read_in_chunks_equals_read_whole_for_every_cut() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for case in 0..400 {
            let count = 1 + next() % 12;
            let mut book = String::new();
            for _ in 0..count {
                book += MIXED[(next() % MIXED.len() as u64) as usize];
                book.push('\n');
            }
            if next() % 4 == 0 {
                book += r#"{"n": 99, "kind": "answer", "partial"#;
            }
            let bytes = book.as_bytes();
            let whole = format!("{:?}", BookLines::parse(bytes));
            for _ in 0..6 {
                let mut cuts: Vec<usize> = (0..next() % 8)
                    .map(|_| (next() % (bytes.len() as u64 + 1)) as usize)
                    .collect();
                cuts.sort_unstable();
                let mut r = BookLinesReader::default();
                let mut at = 0;
                for c in cuts.iter().copied().chain([bytes.len()]) {
                    r.feed(&bytes[at..c]);
                    at = c;
                }
                assert_eq!(
                    format!("{:?}", r.finish()),
                    whole,
                    "case {case}, cuts {cuts:?}:\n{book}"
                );
            }
        }
    }
}
