//! The published files of the trading tracks, one JSON object per line; this module writes
//! and reads each of them (spec §4.7, §4.11, Appendix B step 7):
//!
//! - `arena-decisions.jsonl`: the sealed decisions, `{"account", "version", "sealed_at",
//!   "decision"}`. `sealed_at` is the decision's seal (RFC 3339 UTC); `decision` is `"hold"`
//!   (no trade, no cost) or `{"weights": {"<fund symbol>": <percent of equity>, ...}}`, the
//!   target weight of every fund to hold (a fund not named is sold to 0), in percent with at
//!   most two decimals, negative for a short where the track allows it; on a bets track
//!   (seeds 001/003) `{"bets": {"<market id>": {"outcome": "<label>", "cap": <price 0-1,
//!   optional>}}}`, one bet per eligible market, `cap` the agent's own limit (at most six
//!   decimals).
//! - `arena-prices.jsonl`: the price set, `{"symbol", "kind": "bar", "at", "price"}` (a
//!   traded price at an instant, for the execution window), `{"symbol", "kind": "close",
//!   "session", "price"}` (the session's close, for marks and `next_close` execution) and
//!   `{"symbol", "kind": "rate", "session", "rate"}` (the annual cash rate in percent, at most
//!   four decimals, in force from that session's close). Prices are decimal strings in dollars
//!   with at most six decimals, positive. A bets track (seeds 001/003) reads two more kinds:
//!   `{"symbol", "kind": "market", "at", "session", "closes_at", "category", "topics",
//!   "volume", "resolved", "outcomes": [{"label", "price", "ask"}]}`, a crowd market as
//!   recorded at `at` (`closes_at` absent when unknown, `topics` and `resolved` absent when
//!   empty and false, `volume` in dollars with two decimals, `price` and `ask` in tokens 0-1
//!   with at most six decimals, `ask` null without a seller), and `{"symbol", "kind":
//!   "resolution", "session", "outcome"}`, the winning outcome of that session's market.
//! - `arena-trades.jsonl`: the trade log, `{"version", "account", "session", "at", "symbol",
//!   "qty", "price", "value", "cost"}`: `qty` shares as a decimal string (six decimals at
//!   most, negative = sold), `price` as read, `value` (signed, bought positive) and `cost` in
//!   dollars with two decimals.
//! - `arena-accounts.jsonl`: one row per account and session, `{"version", "account",
//!   "session", "status", "reason", "cash", "equity", "positions", "interest", "costs",
//!   "costs_total", "turnover", "shadow_equity", "return", "drawdown", "sharpe", "sortino"}`:
//!   dollars with two decimals (`positions` maps each held fund to its value at the close);
//!   `status` is `traded`, `hold`, `rejected`, `missed` (no price in the execution window) or
//!   `none` (no decision executed that session), `reason` says why a decision was rejected or
//!   missed; `shadow_equity` is the sealed no-trade shadow (the previous close's holdings
//!   marked at this close, with the same interest); `return`, `drawdown` (maximum, as a
//!   positive fraction), `sharpe` and `sortino` (annualised by sqrt(252) over the trailing
//!   `metrics_sessions`, null before then) are derived from the money fields.

use super::eligibility::{CrowdMarket, OutcomeQuote};
use super::money::{cents_of, dollars, micro_string, parse_decimal};
use crate::calendar::{Date, Instant};
pub use crate::records::names::{ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE, TRADES_FILE};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Most lines read from one file (a season of 14 models on three tracks is a few thousand).
pub const MAX_LINES: usize = 2_000_000;

/// A line that cannot be read (spec §4.11): file, 1-based line, and what is wrong with it,
/// naming the field. `Display` is the CLI's English; the Accounts page renders
/// [`RecordMsg`] in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file's published name (e.g. `arena-accounts.jsonl`).
    pub file: &'static str,
    /// 1-based line number in the file.
    pub line: usize,
    /// What is wrong with the line.
    pub message: RecordMsg,
}

/// What is wrong with a line of a replayed file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordMsg {
    /// The file has more than `max` lines.
    TooManyLines {
        /// The most lines read, [`MAX_LINES`].
        max: usize,
    },
    /// The line is not the record's JSON; `detail` is the JSON reader's own words.
    Json {
        /// The JSON reader's message.
        detail: String,
    },
    /// A field's value cannot be read.
    Field {
        /// The field's name.
        field: String,
        /// What is wrong with its value.
        what: FieldMsg,
    },
}

/// What is wrong with a field's value. `value` is the value as the English quotes it
/// (already formatted: a text in Rust's `{:?}`, a number or JSON value as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldMsg {
    /// The field is absent (or null where a value is required).
    Missing,
    /// Not an RFC 3339 time.
    NotTime {
        /// The value as written.
        value: String,
    },
    /// Not a `YYYY-MM-DD` date.
    NotDate {
        /// The value as written.
        value: String,
    },
    /// Not a positive dollar price with at most six decimals.
    NotPrice {
        /// The value as written.
        value: String,
    },
    /// Not a finite dollar amount within range.
    NotDollars {
        /// The value as written.
        value: String,
    },
    /// A rate: a percentage with at most four decimals.
    NotRate {
        /// The value as written.
        value: String,
    },
    /// A token price: 0-1 with at most six decimals.
    NotTokenPrice {
        /// The value as written.
        value: String,
    },
    /// A price line's kind.
    NotKind {
        /// The value as written.
        value: String,
    },
    /// Not a share quantity with at most six decimals.
    NotShares {
        /// The value as written.
        value: String,
    },
    /// A decision's value ([`read_choice`]).
    Choice(ChoiceMsg),
}

/// What is wrong with a decision ([`read_choice`]); `value` is the JSON value as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceMsg {
    /// The decision is neither `"hold"` nor an object.
    MustBeObject,
    /// A weight: a percentage with at most two decimals.
    NotWeight {
        /// The value as written.
        value: String,
    },
    /// A bet is not `{"outcome": <label>, "cap": <price 0-1, optional>}`.
    NotPick {
        /// The value as written.
        value: String,
    },
    /// A bet's outcome label is empty or longer than 64 bytes.
    BadOutcome,
    /// A bet's cap is not a price above 0 and at most 1 with at most six decimals.
    NotCap {
        /// The value as written.
        value: String,
    },
    /// The decision is neither `"hold"`, `{"weights": ...}` nor `{"bets": ...}`.
    NotChoice {
        /// The value as written.
        value: String,
    },
}

impl fmt::Display for RecordMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordMsg::TooManyLines { max } => write!(f, "more than {max} lines"),
            RecordMsg::Json { detail } => f.write_str(detail),
            RecordMsg::Field { field, what } => write!(f, "field {field}: {what}"),
        }
    }
}

impl fmt::Display for FieldMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldMsg::Missing => f.write_str("missing"),
            FieldMsg::NotTime { value } => write!(f, "{value} is not an RFC 3339 time"),
            FieldMsg::NotDate { value } => write!(f, "{value} is not a YYYY-MM-DD date"),
            FieldMsg::NotPrice { value } => {
                write!(
                    f,
                    "{value} is not a positive price with at most six decimals"
                )
            }
            FieldMsg::NotDollars { value } => write!(f, "{value} is not a dollar amount"),
            FieldMsg::NotRate { value } => {
                write!(f, "{value} is not a percentage with at most four decimals")
            }
            FieldMsg::NotTokenPrice { value } => {
                write!(f, "{value} is not a price 0-1 with at most six decimals")
            }
            FieldMsg::NotKind { value } => {
                write!(f, "{value} is not bar, close, rate, market or resolution")
            }
            FieldMsg::NotShares { value } => {
                write!(f, "{value} is not shares with at most six decimals")
            }
            FieldMsg::Choice(m) => m.fmt(f),
        }
    }
}

impl fmt::Display for ChoiceMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceMsg::MustBeObject => f.write_str("must be an object"),
            ChoiceMsg::NotWeight { value } => {
                write!(f, "{value} is not a percentage with at most two decimals")
            }
            ChoiceMsg::NotPick { value } => write!(
                f,
                "{value} is not {{\"outcome\": <label>, \"cap\": <price 0-1, optional>}}"
            ),
            ChoiceMsg::BadOutcome => f.write_str("must be a label of 1-64 bytes"),
            ChoiceMsg::NotCap { value } => write!(
                f,
                "{value} is not a price above 0 and at most 1 with at most six decimals"
            ),
            ChoiceMsg::NotChoice { value } => write!(
                f,
                "{value} is neither \"hold\", {{\"weights\": {{...}}}} nor {{\"bets\": {{...}}}}"
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// What a seat decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// No trade and no cost.
    Hold,
    /// Target weights in basis points by fund symbol.
    Weights(BTreeMap<String, i64>),
    /// Seeds 001/003's bets: per market id, the outcome bought and the agent's own cap.
    Bets(BTreeMap<String, Pick>),
}

/// One bet of a [`Choice::Bets`]: the outcome's label and the agent's own limit price
/// (micro-tokens per share paying 1 token; None: the best ask plus the rule's margin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The label of the outcome bought (e.g. `Up`).
    pub outcome: String,
    /// The agent's own limit price in micro-tokens per share; None: the best ask plus
    /// `limit_above_ask`.
    pub cap: Option<i64>,
}

/// One sealed decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The account: the seat's name (benchmarks never decide).
    pub account: String,
    /// The rule version the decision is sealed under ([`super::protocol::RuleSet::version`]).
    pub version: String,
    /// The decision's seal time; it fixes the session it executes in.
    pub sealed_at: Instant,
    /// What was decided.
    pub choice: Choice,
}

/// One line of the price set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PriceLine {
    /// A traded price at an instant, for the execution window.
    Bar {
        /// The fund's ticker.
        symbol: String,
        /// The price's time.
        at: Instant,
        /// The price in micro-dollars.
        price: i64,
    },
    /// A session's closing price, for the marks and `next_close` execution.
    Close {
        /// The fund's ticker.
        symbol: String,
        /// The session it closes.
        session: Date,
        /// The closing price in micro-dollars.
        price: i64,
    },
    /// The annual cash rate in force from a session's close.
    Rate {
        /// The rate's symbol (the track's `cash_rate_symbol`, e.g. `^IRX`).
        symbol: String,
        /// The session from whose close the rate is in force.
        session: Date,
        /// The annual rate in parts per million (4.1234% = 41234).
        rate_ppm: i64,
    },
    /// A bets track's crowd market as recorded in `session` at `at` (its `id` is the symbol).
    Market {
        /// The session the market is recorded for.
        session: Date,
        /// When it was recorded.
        at: Instant,
        /// The market as recorded.
        market: CrowdMarket,
    },
    /// The winning outcome of `symbol`'s market of `session`.
    Resolution {
        /// The market's id.
        symbol: String,
        /// The session of the market.
        session: Date,
        /// The winning outcome's label.
        outcome: String,
    },
}

/// One executed trade (integer units, `core::arena::money`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trade {
    /// The rule version the trade was made under.
    pub version: String,
    /// The account's name (a seat, a model version's own account `<seat>_ver:<model>:<n>`
    /// (spec §3.10), or a benchmark starting with `_`).
    pub account: String,
    /// The session the trade was executed in.
    pub session: Date,
    /// When the execution price was taken (its bar, or the close under `next_close`).
    pub at: Instant,
    /// The fund's ticker.
    pub symbol: String,
    /// Micro-shares traded: positive bought, negative sold.
    pub qty: i64,
    /// Execution price in micro-dollars.
    pub price: i64,
    /// Traded value in cents, signed (bought positive).
    pub value: i64,
    /// Cost in cents.
    pub cost: i64,
}

/// What happened to an account in a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A decision executed and traded.
    Traded,
    /// A `hold` executed: no trade, no cost.
    Hold,
    /// A decision broke the rules; nothing traded (`reason` says why).
    Rejected,
    /// A fund had no price in the execution window; nothing traded (`reason` says why).
    Missed,
    /// No decision executed in the session.
    None,
}

/// One account row (money in cents).
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    /// The rule version the row is computed under.
    pub version: String,
    /// The account's name (a seat, a model version's own account `<seat>_ver:<model>:<n>`
    /// (spec §3.10), or a benchmark starting with `_`).
    pub account: String,
    /// The session the row marks.
    pub session: Date,
    /// What happened to the account in the session.
    pub status: Status,
    /// Why a decision was rejected or missed; None otherwise.
    pub reason: Option<String>,
    /// Cash at the close, in cents (negative when a pro account borrows).
    pub cash: i64,
    /// Equity at the close: cash plus positions, in cents.
    pub equity: i64,
    /// Each held fund's value at the close, in cents, by fund symbol (negative when short).
    pub positions: BTreeMap<String, i64>,
    /// Interest earned since the previous close, in cents.
    pub interest: i64,
    /// Costs paid in the session, in cents.
    pub costs: i64,
    /// Costs paid since the version's first session, in cents.
    pub costs_total: i64,
    /// Sum of the absolute values traded in the session, in cents.
    pub turnover: i64,
    /// The no-trade shadow: the previous close's holdings marked at this close plus the same
    /// interest, in cents.
    pub shadow_equity: i64,
    /// Return since the start, as a fraction: equity / starting cash - 1 (published as `return`).
    pub ret: f64,
    /// Maximum drawdown so far, as a positive fraction of the peak equity.
    pub drawdown: f64,
    /// Annualised Sharpe ratio of the trailing `metrics_sessions` daily returns; None before then
    /// or when its denominator is zero.
    pub sharpe: Option<f64>,
    /// Annualised Sortino ratio of the same returns; None before then or when its denominator is
    /// zero.
    pub sortino: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DecisionLine {
    account: String,
    version: String,
    sealed_at: String,
    decision: serde_json::Value,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PriceJson {
    symbol: String,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    session: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    price: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rate: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    closes_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    topics: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    volume: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resolved: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcomes: Option<Vec<OutcomeJson>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeJson {
    label: String,
    price: String,
    ask: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TradeJson {
    version: String,
    account: String,
    session: String,
    at: String,
    symbol: String,
    qty: String,
    price: String,
    value: f64,
    cost: f64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowJson {
    version: String,
    account: String,
    session: String,
    status: Status,
    reason: Option<String>,
    cash: f64,
    equity: f64,
    positions: BTreeMap<String, f64>,
    interest: f64,
    costs: f64,
    costs_total: f64,
    turnover: f64,
    shadow_equity: f64,
    #[serde(rename = "return")]
    ret: f64,
    drawdown: f64,
    sharpe: Option<f64>,
    sortino: Option<f64>,
}

fn lines<'a, T: serde::de::DeserializeOwned>(
    file: &'static str,
    bytes: &'a [u8],
) -> impl Iterator<Item = Result<(usize, T), RecordError>> + 'a {
    bytes
        .split(|b| *b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace))
        .map(move |(i, l)| {
            if i >= MAX_LINES {
                return Err(RecordError {
                    file,
                    line: i + 1,
                    message: RecordMsg::TooManyLines { max: MAX_LINES },
                });
            }
            serde_json::from_slice(l)
                .map(|v| (i + 1, v))
                .map_err(|e| RecordError {
                    file,
                    line: i + 1,
                    message: RecordMsg::Json {
                        detail: e.to_string(),
                    },
                })
        })
}

fn bad(file: &'static str, line: usize, field: &str, what: FieldMsg) -> RecordError {
    RecordError {
        file,
        line,
        message: RecordMsg::Field {
            field: field.to_string(),
            what,
        },
    }
}

fn instant(file: &'static str, line: usize, field: &str, s: &str) -> Result<Instant, RecordError> {
    Instant::parse_rfc3339(s).ok_or_else(|| {
        bad(
            file,
            line,
            field,
            FieldMsg::NotTime {
                value: format!("{s:?}"),
            },
        )
    })
}

fn date(file: &'static str, line: usize, field: &str, s: &str) -> Result<Date, RecordError> {
    Date::parse(s).ok_or_else(|| {
        bad(
            file,
            line,
            field,
            FieldMsg::NotDate {
                value: format!("{s:?}"),
            },
        )
    })
}

fn price(file: &'static str, line: usize, field: &str, s: &str) -> Result<i64, RecordError> {
    match parse_decimal(s, 6) {
        Some(p) if p > 0 => Ok(p),
        _ => Err(bad(
            file,
            line,
            field,
            FieldMsg::NotPrice {
                value: format!("{s:?}"),
            },
        )),
    }
}

fn cents(file: &'static str, line: usize, field: &str, x: f64) -> Result<i64, RecordError> {
    cents_of(x).ok_or_else(|| {
        bad(
            file,
            line,
            field,
            FieldMsg::NotDollars {
                value: x.to_string(),
            },
        )
    })
}

/// A decision as the files lay it out (`"hold"` or `{"weights": {"<fund>": <percent>}}`, see
/// the module doc), read from its JSON value; the error names the field under `decision` and
/// what is wrong. The decisions file and the answer's `decisions` section
/// (`super::league`) both read decisions with this.
pub fn read_choice(v: &serde_json::Value) -> Result<Choice, (String, ChoiceMsg)> {
    match v {
        serde_json::Value::String(s) if s == "hold" => Ok(Choice::Hold),
        serde_json::Value::Object(o) if o.len() == 1 && o.contains_key("weights") => {
            let w = o["weights"]
                .as_object()
                .ok_or_else(|| ("weights".to_string(), ChoiceMsg::MustBeObject))?;
            let mut m = BTreeMap::new();
            for (k, v) in w {
                let bp = v
                    .as_number()
                    .and_then(|x| parse_decimal(&x.to_string(), 2))
                    .ok_or_else(|| {
                        (
                            format!("weights.{k}"),
                            ChoiceMsg::NotWeight {
                                value: v.to_string(),
                            },
                        )
                    })?;
                m.insert(k.clone(), bp);
            }
            Ok(Choice::Weights(m))
        }
        serde_json::Value::Object(o) if o.len() == 1 && o.contains_key("bets") => {
            let b = o["bets"]
                .as_object()
                .ok_or_else(|| ("bets".to_string(), ChoiceMsg::MustBeObject))?;
            let mut m = BTreeMap::new();
            for (k, v) in b {
                let path = format!("bets.{k}");
                let p = v.as_object().filter(|p| {
                    p.contains_key("outcome") && p.keys().all(|x| x == "outcome" || x == "cap")
                });
                let Some(p) = p else {
                    return Err((
                        path,
                        ChoiceMsg::NotPick {
                            value: v.to_string(),
                        },
                    ));
                };
                let outcome = p["outcome"]
                    .as_str()
                    .filter(|x| !x.is_empty() && x.len() <= 64)
                    .ok_or_else(|| (format!("{path}.outcome"), ChoiceMsg::BadOutcome))?;
                let cap = match p.get("cap") {
                    None | Some(serde_json::Value::Null) => None,
                    Some(c) => Some(
                        c.as_number()
                            .and_then(|x| parse_decimal(&x.to_string(), 6))
                            .filter(|x| (1..=1_000_000).contains(x))
                            .ok_or_else(|| {
                                (
                                    format!("{path}.cap"),
                                    ChoiceMsg::NotCap {
                                        value: c.to_string(),
                                    },
                                )
                            })?,
                    ),
                };
                m.insert(
                    k.clone(),
                    Pick {
                        outcome: outcome.to_string(),
                        cap,
                    },
                );
            }
            Ok(Choice::Bets(m))
        }
        other => Err((
            String::new(),
            ChoiceMsg::NotChoice {
                value: other.to_string(),
            },
        )),
    }
}

/// Reads `arena-decisions.jsonl`.
pub fn read_decisions(bytes: &[u8]) -> Result<Vec<Decision>, RecordError> {
    const F: &str = DECISIONS_FILE;
    let mut out = Vec::new();
    for r in lines::<DecisionLine>(F, bytes) {
        let (n, d) = r?;
        let choice = read_choice(&d.decision).map_err(|(field, message)| {
            let field = if field.is_empty() {
                "decision".to_string()
            } else {
                format!("decision.{field}")
            };
            bad(F, n, &field, FieldMsg::Choice(message))
        })?;
        out.push(Decision {
            sealed_at: instant(F, n, "sealed_at", &d.sealed_at)?,
            account: d.account,
            version: d.version,
            choice,
        });
    }
    Ok(out)
}

/// Writes one decision line.
pub fn decision_line(d: &Decision) -> String {
    serde_json::json!({"account": d.account, "version": d.version,
                       "sealed_at": d.sealed_at.to_rfc3339(), "decision": choice_value(&d.choice)})
    .to_string()
}

/// A decision's JSON value as the files lay it out (read back by [`read_choice`]).
pub fn choice_value(choice: &Choice) -> serde_json::Value {
    match choice {
        Choice::Hold => serde_json::json!("hold"),
        Choice::Weights(w) => {
            let w: serde_json::Map<String, serde_json::Value> = w
                .iter()
                .map(|(k, bp)| {
                    let v = if bp % 100 == 0 {
                        serde_json::json!(bp / 100)
                    } else {
                        serde_json::json!(*bp as f64 / 100.0)
                    };
                    (k.clone(), v)
                })
                .collect();
            serde_json::json!({"weights": w})
        }
        Choice::Bets(b) => {
            let b: serde_json::Map<String, serde_json::Value> = b
                .iter()
                .map(|(k, p)| {
                    let mut o = serde_json::json!({"outcome": p.outcome});
                    if let Some(c) = p.cap {
                        o["cap"] = serde_json::Value::Number(
                            micro_string(c).parse().expect("a decimal is a JSON number"),
                        );
                    }
                    (k.clone(), o)
                })
                .collect();
            serde_json::json!({"bets": b})
        }
    }
}

/// Reads `arena-prices.jsonl`.
pub fn read_prices(bytes: &[u8]) -> Result<Vec<PriceLine>, RecordError> {
    const F: &str = PRICES_FILE;
    let mut out = Vec::new();
    for r in lines::<PriceJson>(F, bytes) {
        let (n, p) = r?;
        let need =
            |v: &Option<String>, k: &str| v.clone().ok_or_else(|| bad(F, n, k, FieldMsg::Missing));
        out.push(match p.kind.as_str() {
            "bar" => PriceLine::Bar {
                at: instant(F, n, "at", &need(&p.at, "at")?)?,
                price: price(F, n, "price", &need(&p.price, "price")?)?,
                symbol: p.symbol,
            },
            "close" => PriceLine::Close {
                session: date(F, n, "session", &need(&p.session, "session")?)?,
                price: price(F, n, "price", &need(&p.price, "price")?)?,
                symbol: p.symbol,
            },
            "rate" => {
                let s = need(&p.rate, "rate")?;
                PriceLine::Rate {
                    session: date(F, n, "session", &need(&p.session, "session")?)?,
                    rate_ppm: parse_decimal(&s, 4).ok_or_else(|| {
                        bad(
                            F,
                            n,
                            "rate",
                            FieldMsg::NotRate {
                                value: format!("{s:?}"),
                            },
                        )
                    })?,
                    symbol: p.symbol,
                }
            }
            "market" => {
                let token = |field: &str, s: &str| match parse_decimal(s, 6) {
                    Some(p) if (0..=1_000_000).contains(&p) => Ok(p),
                    _ => Err(bad(
                        F,
                        n,
                        field,
                        FieldMsg::NotTokenPrice {
                            value: format!("{s:?}"),
                        },
                    )),
                };
                let mut outcomes = Vec::new();
                for (i, o) in p.outcomes.iter().flatten().enumerate() {
                    outcomes.push(OutcomeQuote {
                        price: token(&format!("outcomes[{i}].price"), &o.price)?,
                        ask: o
                            .ask
                            .as_deref()
                            .map(|a| token(&format!("outcomes[{i}].ask"), a))
                            .transpose()?,
                        label: o.label.clone(),
                    });
                }
                let volume = need(&p.volume, "volume")?;
                PriceLine::Market {
                    session: date(F, n, "session", &need(&p.session, "session")?)?,
                    at: instant(F, n, "at", &need(&p.at, "at")?)?,
                    market: CrowdMarket {
                        closes_at: p
                            .closes_at
                            .as_deref()
                            .map(|c| instant(F, n, "closes_at", c))
                            .transpose()?,
                        category: need(&p.category, "category")?,
                        topics: p.topics.unwrap_or_default(),
                        resolved: p.resolved.unwrap_or(false),
                        volume_cents: parse_decimal(&volume, 2).filter(|v| *v >= 0).ok_or_else(
                            || {
                                bad(
                                    F,
                                    n,
                                    "volume",
                                    FieldMsg::NotDollars {
                                        value: format!("{volume:?}"),
                                    },
                                )
                            },
                        )?,
                        outcomes,
                        id: p.symbol,
                    },
                }
            }
            "resolution" => PriceLine::Resolution {
                session: date(F, n, "session", &need(&p.session, "session")?)?,
                outcome: need(&p.outcome, "outcome")?,
                symbol: p.symbol,
            },
            k => {
                return Err(bad(
                    F,
                    n,
                    "kind",
                    FieldMsg::NotKind {
                        value: format!("{k:?}"),
                    },
                ))
            }
        });
    }
    Ok(out)
}

/// Writes one price line.
pub fn price_line(p: &PriceLine) -> String {
    let none = |symbol: &str, kind: &str| PriceJson {
        symbol: symbol.to_string(),
        kind: kind.into(),
        at: None,
        session: None,
        price: None,
        rate: None,
        closes_at: None,
        category: None,
        topics: None,
        volume: None,
        resolved: None,
        outcomes: None,
        outcome: None,
    };
    let j = match p {
        PriceLine::Bar { symbol, at, price } => PriceJson {
            at: Some(at.to_rfc3339()),
            price: Some(micro_string(*price)),
            ..none(symbol, "bar")
        },
        PriceLine::Close {
            symbol,
            session,
            price,
        } => PriceJson {
            session: Some(session.to_string()),
            price: Some(micro_string(*price)),
            ..none(symbol, "close")
        },
        PriceLine::Rate {
            symbol,
            session,
            rate_ppm,
        } => PriceJson {
            session: Some(session.to_string()),
            rate: Some(micro_string(rate_ppm * 100)),
            ..none(symbol, "rate")
        },
        PriceLine::Market {
            session,
            at,
            market: m,
        } => PriceJson {
            session: Some(session.to_string()),
            at: Some(at.to_rfc3339()),
            closes_at: m.closes_at.map(|c| c.to_rfc3339()),
            category: Some(m.category.clone()),
            topics: (!m.topics.is_empty()).then(|| m.topics.clone()),
            volume: Some(format!(
                "{}.{:02}",
                m.volume_cents / 100,
                m.volume_cents % 100
            )),
            resolved: m.resolved.then_some(true),
            outcomes: Some(
                m.outcomes
                    .iter()
                    .map(|o| OutcomeJson {
                        label: o.label.clone(),
                        price: micro_string(o.price),
                        ask: o.ask.map(micro_string),
                    })
                    .collect(),
            ),
            ..none(&m.id, "market")
        },
        PriceLine::Resolution {
            symbol,
            session,
            outcome,
        } => PriceJson {
            session: Some(session.to_string()),
            outcome: Some(outcome.clone()),
            ..none(symbol, "resolution")
        },
    };
    serde_json::to_string(&j).expect("a price line serializes")
}

/// Reads `arena-trades.jsonl`.
pub fn read_trades(bytes: &[u8]) -> Result<Vec<Trade>, RecordError> {
    const F: &str = TRADES_FILE;
    let mut out = Vec::new();
    for r in lines::<TradeJson>(F, bytes) {
        let (n, t) = r?;
        out.push(Trade {
            session: date(F, n, "session", &t.session)?,
            at: instant(F, n, "at", &t.at)?,
            qty: parse_decimal(&t.qty, 6).ok_or_else(|| {
                bad(
                    F,
                    n,
                    "qty",
                    FieldMsg::NotShares {
                        value: format!("{:?}", t.qty),
                    },
                )
            })?,
            price: price(F, n, "price", &t.price)?,
            value: cents(F, n, "value", t.value)?,
            cost: cents(F, n, "cost", t.cost)?,
            version: t.version,
            account: t.account,
            symbol: t.symbol,
        });
    }
    Ok(out)
}

/// Writes one trade line.
pub fn trade_line(t: &Trade) -> String {
    serde_json::to_string(&TradeJson {
        version: t.version.clone(),
        account: t.account.clone(),
        session: t.session.to_string(),
        at: t.at.to_rfc3339(),
        symbol: t.symbol.clone(),
        qty: micro_string(t.qty),
        price: micro_string(t.price),
        value: dollars(t.value),
        cost: dollars(t.cost),
    })
    .expect("a trade serializes")
}

/// Reads `arena-accounts.jsonl`.
pub fn read_rows(bytes: &[u8]) -> Result<Vec<AccountRow>, RecordError> {
    const F: &str = ACCOUNTS_FILE;
    let mut out = Vec::new();
    for r in lines::<RowJson>(F, bytes) {
        let (n, j) = r?;
        let mut positions = BTreeMap::new();
        for (k, v) in &j.positions {
            positions.insert(k.clone(), cents(F, n, &format!("positions.{k}"), *v)?);
        }
        out.push(AccountRow {
            session: date(F, n, "session", &j.session)?,
            status: j.status,
            cash: cents(F, n, "cash", j.cash)?,
            equity: cents(F, n, "equity", j.equity)?,
            positions,
            interest: cents(F, n, "interest", j.interest)?,
            costs: cents(F, n, "costs", j.costs)?,
            costs_total: cents(F, n, "costs_total", j.costs_total)?,
            turnover: cents(F, n, "turnover", j.turnover)?,
            shadow_equity: cents(F, n, "shadow_equity", j.shadow_equity)?,
            ret: j.ret,
            drawdown: j.drawdown,
            sharpe: j.sharpe,
            sortino: j.sortino,
            version: j.version,
            account: j.account,
            reason: j.reason,
        });
    }
    Ok(out)
}

/// Writes one account row.
pub fn row_line(r: &AccountRow) -> String {
    let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
    serde_json::to_string(&RowJson {
        version: r.version.clone(),
        account: r.account.clone(),
        session: r.session.to_string(),
        status: r.status,
        reason: r.reason.clone(),
        cash: dollars(r.cash),
        equity: dollars(r.equity),
        positions: r
            .positions
            .iter()
            .map(|(k, v)| (k.clone(), dollars(*v)))
            .collect(),
        interest: dollars(r.interest),
        costs: dollars(r.costs),
        costs_total: dollars(r.costs_total),
        turnover: dollars(r.turnover),
        shadow_equity: dollars(r.shadow_equity),
        ret: finite(r.ret),
        drawdown: finite(r.drawdown),
        sharpe: r.sharpe.filter(|x| x.is_finite()),
        sortino: r.sortino.filter(|x| x.is_finite()),
    })
    .expect("a row serializes")
}

/// Lines joined with LF, LF-terminated (empty for none).
pub fn jsonl(lines: impl IntoIterator<Item = String>) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l.as_bytes());
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARKET: &str = r#"{"symbol":"SPX","kind":"market","at":"2026-10-20T12:30:03Z","session":"2026-10-20","closes_at":"2026-10-20T20:00:00Z","category":"equities","volume":"15000.50","outcomes":[{"label":"Up","price":"0.62","ask":"0.63"},{"label":"Down","price":"0.38","ask":null}]}"#;

    #[test]
    fn market_and_resolution_lines_read_back_and_bad_ones_name_the_field() {
        let text = format!(
            "{MARKET}\n{}\n",
            r#"{"symbol":"SPX","kind":"resolution","session":"2026-10-20","outcome":"Up"}"#
        );
        let lines = read_prices(text.as_bytes()).unwrap();
        let PriceLine::Market { market, .. } = &lines[0] else {
            panic!("{lines:?}")
        };
        assert_eq!(market.volume_cents, 1_500_050);
        assert_eq!(market.outcomes[0].ask, Some(630_000));
        assert_eq!(market.outcomes[1].ask, None);
        assert_eq!(
            String::from_utf8(jsonl(lines.iter().map(price_line))).unwrap(),
            text
        );
        for (from, to, field) in [
            (r#""ask":"0.63""#, r#""ask":"1.2""#, "outcomes[0].ask"),
            (
                r#""price":"0.38""#,
                r#""price":"-0.38""#,
                "outcomes[1].price",
            ),
            (r#""volume":"15000.50""#, r#""volume":"lots""#, "volume"),
            (r#","category":"equities""#, "", "category"),
            (
                r#""closes_at":"2026-10-20T20:00:00Z""#,
                r#""closes_at":"today""#,
                "closes_at",
            ),
        ] {
            let bad = format!("\n{}\n", MARKET.replace(from, to));
            let e = read_prices(bad.as_bytes()).unwrap_err();
            assert_eq!((e.file, e.line), (PRICES_FILE, 2), "{e}");
            assert!(
                matches!(&e.message, RecordMsg::Field { field: f, .. } if f == field),
                "{e}"
            );
            assert!(
                e.to_string()
                    .starts_with(&format!("{PRICES_FILE}:2: field {field}:")),
                "{e}"
            );
        }
        let e = read_prices(br#"{"symbol":"SPX","kind":"resolution","session":"2026-10-20"}"#)
            .unwrap_err();
        assert_eq!(
            e.message,
            RecordMsg::Field {
                field: "outcome".into(),
                what: FieldMsg::Missing
            }
        );
        assert_eq!(
            e.to_string(),
            "arena-prices.jsonl:1: field outcome: missing"
        );
        let e = read_prices(
            br#"{"symbol":"SPX","kind":"bar","at":"2026-10-20T12:30:03Z","price":"0"}"#,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "arena-prices.jsonl:1: field price: \"0\" is not a positive price with at most six decimals"
        );
    }
}
