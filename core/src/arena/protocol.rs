//! `arena-protocol.json`: the versioned rules of the trading tracks (spec §4.7, §4.8,
//! Appendix A Table A1). This module owns the file's layout: [`Protocol::from_json`] reads it,
//! [`Protocol::to_json`] writes it, [`protocol_schema`] is its JSON Schema
//! (`sealbook schema arena-protocol`), and [`Protocol::standard`] holds the rules this
//! implementation ships: the portfolio league `arena-3`, the pro league `pro-1` and the
//! agent-portfolio profile of seed 002 (`agent-portfolio-1`).
//!
//! Layout: `{"protocol": "sealbook-arena", "rounding": <rule>, "versions": [<rule set>...]}`.
//! Every rule set is one version of one track's rules; the version in force is named by each
//! sealed decision. A rule change is a new version with a later `from` and starts a new
//! segment: its accounts start afresh from `starting_cash_cents`, and nothing decided under an
//! earlier version is rescored (Appendix A, requirement 15).
//!
//! The keys of a rule set ([`RULE_KEYS`] is the table the schema is generated from):
//! - `version`: the version's name (`arena-3`), unique in the file.
//! - `track`: `portfolio` (§4.7), `pro` (§4.8), `agent_portfolio` (seed 002) or `bets`
//!   (seeds 001/003; its rule set keeps the common keys, with no funds, and adds `bet`).
//! - `from`: the first session (`YYYY-MM-DD`) the version governs; it governs every session
//!   up to the next version of the same track.
//! - `starting_cash_cents`: each account's starting cash ($100,000 = 10000000).
//! - `funds`: the traded instruments in order, each `{"market", "symbol"}`: the league market
//!   it stands for (Table 2 code) and the fund's ticker.
//! - `indicators_only`: markets forecast but not tradable on this track (`VIX` in arena-3).
//! - `long_only`: whether short positions are refused.
//! - `weight_min_bp`, `weight_max_bp`: bounds on each held position's |weight| in basis points
//!   of equity (a weight of 0 is "not held" and always allowed).
//! - `gross_min_bp`, `gross_max_bp`: bounds on the sum of |weights| (gross exposure).
//! - `long_max_bp`: the most the long weights may sum to (2x leverage = 20000).
//! - `cost_bp`: cost in basis points of each dollar traded (0.1% = 10; seed 002's 0.2% per
//!   fill = 20).
//! - `cash_rate_symbol`: the price-file symbol of the annual rate cash earns (the 13-week bill,
//!   `^IRX`), actual/360 between closes; null when cash earns nothing. Negative cash (pro
//!   league borrowing) pays the same rate.
//! - `execution`: `{"rule": "first_price_in_window", "start": "09:30", "end": "09:45"}` (the
//!   first price at or after the decision's seal inside that New York window) or
//!   `{"rule": "next_close"}` (the close of the first session closing after the seal).
//! - `min_order_cents`: a trade worth less than this is not sent (0: every trade is sent).
//! - `max_orders`: the most trades one decision may need; more is a rejected decision; null
//!   for no limit.
//! - `metrics_sessions`: the trailing sessions the Sharpe and Sortino ratios use (20).
//! - `bet` (a `bets` track only): `{"stake_cents", "limit_above_ask", "eligibility"}`, seed
//!   001/003's one 100-token bet per eligible market (10000 hundredths of a token), an
//!   immediate-or-cancel buy up to the best ask + 5c (50000 micro-tokens per share) or the
//!   agent's own cap; `eligibility` the market eligibility rules (`super::eligibility`):
//!   `max_close_days` (7) and `min_close_minutes` (30), the closing time's bounds from now;
//!   `favourite_max` (850000 micro-tokens = 85c), the favourite outcome's highest price;
//!   `excluded_topics` (death, violence, disaster); `category_max_bp` (4000 = 40%), the most
//!   a category may be of the rounds opened in the last `category_window_days` (7);
//!   `max_rounds_per_utc_day` (5) and `max_open_rounds` (3).
//! - `benchmarks`: the passive accounts run under the same costs and execution, each
//!   `{"name", "weights_bp"}` (bought at the first session, then held) or
//!   `{"name", "random_funds", "seed"}` (every session, `random_funds` funds drawn with
//!   `np.random.default_rng(seed)`, equal weights within the rules, shorted at random when
//!   shorts are allowed). Benchmarks are held to the costs, not to the weight limits.

use super::eligibility::Eligibility;
use super::money::ROUNDING_RULE;
use crate::calendar::Date;
use crate::records::names::parse_hhmm;
pub use crate::records::names::PROTOCOL_FILE;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `protocol` value of the file.
pub const PROTOCOL_NAME: &str = "sealbook-arena";

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Protocol {
    /// Always [`PROTOCOL_NAME`].
    pub protocol: String,
    /// The rounding rule of every version ([`ROUNDING_RULE`], `core::arena::money`).
    pub rounding: String,
    /// Every rule version of every track.
    pub versions: Vec<RuleSet>,
}

/// A track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    /// The portfolio league (§4.7).
    Portfolio,
    /// The pro league (§4.8).
    Pro,
    /// Seed 002's agent portfolios.
    AgentPortfolio,
    /// Seeds 001/003's bets: one IOC buy per eligible market ([`super::bets`]).
    Bets,
}

/// One traded fund.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fund {
    /// The league market the fund stands for (Table 2 code).
    pub market: String,
    /// The fund's ticker, as the price file names it.
    pub symbol: String,
}

/// When a decision trades.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case", deny_unknown_fields)]
pub enum Execution {
    /// The first price at or after the seal within `start`..=`end` New York time.
    FirstPriceInWindow {
        /// Window start, `HH:MM` New York time (e.g. `09:30`).
        start: String,
        /// Window end, `HH:MM` New York time, inclusive (e.g. `09:45`).
        end: String,
    },
    /// The close of the first session closing after the seal.
    NextClose,
}

/// A passive benchmark account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Benchmark {
    /// The account's name, starting with `_`.
    pub name: String,
    /// Fixed weights in basis points by fund symbol, bought at the first session and held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights_bp: Option<std::collections::BTreeMap<String, i64>>,
    /// How many funds the seeded random benchmark draws every session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random_funds: Option<u32>,
    /// The random benchmark's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// One version of one track's rules (the keys are documented in the module comment).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// The version's name (e.g. `arena-3`), unique in the file; each sealed decision names it.
    pub version: String,
    /// The track the version governs.
    pub track: Track,
    /// First session the version governs, `YYYY-MM-DD`.
    pub from: String,
    /// Each account's starting cash in cents ($100,000 = 10000000).
    pub starting_cash_cents: i64,
    /// The traded instruments, in fund order (the engine's fund index).
    pub funds: Vec<Fund>,
    /// Markets forecast but not tradable on this track (Table 2 codes, `VIX` in arena-3).
    pub indicators_only: Vec<String>,
    /// Whether short positions are refused.
    pub long_only: bool,
    /// Least absolute weight of a held position, basis points of equity (0 = not held is always
    /// allowed).
    pub weight_min_bp: i64,
    /// Most absolute weight of a held position, basis points of equity.
    pub weight_max_bp: i64,
    /// Least gross exposure (sum of absolute weights) of a decision that trades, basis points.
    pub gross_min_bp: i64,
    /// Most gross exposure, basis points.
    pub gross_max_bp: i64,
    /// Most the long weights may sum to, basis points (2x leverage = 20000).
    pub long_max_bp: i64,
    /// Cost in basis points of each dollar traded (0.1% = 10).
    pub cost_bp: i64,
    /// Price-file symbol of the annual rate cash earns (e.g. `^IRX`), actual/360; None: cash earns
    /// nothing.
    pub cash_rate_symbol: Option<String>,
    /// When a decision trades.
    pub execution: Execution,
    /// A trade worth fewer cents than this is not sent.
    pub min_order_cents: i64,
    /// Most trades one decision may need (more: rejected); None for no limit.
    pub max_orders: Option<u32>,
    /// Trailing sessions of the Sharpe and Sortino ratios (2-252; 20 in arena-3).
    pub metrics_sessions: u32,
    /// The passive accounts run under the same costs and execution.
    pub benchmarks: Vec<Benchmark>,
    /// The bet rule of a `bets` track (absent on every other track).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bet: Option<BetRule>,
}

/// Seeds 001/003's bet: `stake_cents` tokens (in hundredths of a token; 100 tokens = 10000)
/// per eligible market, bought by an immediate-or-cancel order limited to the best ask plus
/// `limit_above_ask` micro-tokens per share (5c = 50000), or to the agent's own cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BetRule {
    /// Stake per eligible market in hundredths of a token (100 tokens = 10000).
    pub stake_cents: i64,
    /// The IOC limit above the best ask, micro-tokens per share (5c = 50000).
    pub limit_above_ask: i64,
    /// Which markets are eligible (seeds 001/003's market eligibility,
    /// [`super::eligibility`]).
    pub eligibility: Eligibility,
}

/// The keys of a rule set and what each means: the source of the schema's descriptions.
pub const RULE_KEYS: &[(&str, &str)] = &[
    ("version", "The version's name (arena-3), unique in the file."),
    ("track", "portfolio (spec 4.7), pro (spec 4.8), agent_portfolio (seed 002) or bets (seeds 001/003: no funds, and a bet rule)."),
    ("from", "The first session (YYYY-MM-DD) the version governs, up to the next version of the same track; a new version starts a new segment."),
    ("starting_cash_cents", "Each account's starting cash in cents ($100,000 = 10000000)."),
    ("funds", "The traded instruments in order: {market, symbol}, the league market (Table 2 code) and the fund's ticker."),
    ("indicators_only", "Markets forecast but not tradable on this track."),
    ("long_only", "Whether short positions are refused."),
    ("weight_min_bp", "Least |weight| of a held position, basis points of equity (0 = not held, always allowed)."),
    ("weight_max_bp", "Most |weight| of a held position, basis points of equity."),
    ("gross_min_bp", "Least sum of |weights| of a decision that trades."),
    ("gross_max_bp", "Most sum of |weights|."),
    ("long_max_bp", "Most the long weights may sum to (2x leverage = 20000)."),
    ("cost_bp", "Cost in basis points of each dollar traded (0.1% = 10)."),
    ("cash_rate_symbol", "Price-file symbol of the annual rate cash earns (actual/360 between closes; negative cash pays it), or null: cash earns nothing."),
    ("execution", "{rule: first_price_in_window, start, end} (first price at or after the seal within the New York window) or {rule: next_close}."),
    ("min_order_cents", "A trade worth less than this is not sent."),
    ("max_orders", "Most trades one decision may need (more: rejected), or null."),
    ("metrics_sessions", "Trailing sessions of the Sharpe and Sortino ratios."),
    ("bet", "Only on a bets track: {stake_cents, limit_above_ask, eligibility}, the stake per eligible market in hundredths of a token, the IOC limit above the best ask in micro-tokens per share (the agent's own cap replaces it), and the market eligibility rules (seeds 001/003): the closing time within max_close_days and at least min_close_minutes from now, the favourite outcome at most favourite_max micro-tokens, a seller of every outcome, no excluded_topics, no category above category_max_bp of the rounds of the last category_window_days, at most max_rounds_per_utc_day rounds a UTC day and max_open_rounds open at once."),
    ("benchmarks", "Passive accounts under the same costs and execution: {name, weights_bp} bought at the first session and held, or {name, random_funds, seed} drawn every session with np.random.default_rng(seed)."),
];

/// Why a protocol file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// The version at fault, when one is.
    pub version: Option<String>,
    /// The field at fault, when one is.
    pub field: Option<String>,
    /// What is wrong.
    pub message: ProtocolMsg,
}

/// What is wrong with the protocol file or a field of it (spec §4.7, §4.8, §4.11). Values are
/// kept as the English quotes them (already formatted). `Display` is the CLI's English; the
/// Accounts page renders each variant in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolMsg {
    /// Not the protocol's JSON; `detail` is the JSON reader's own words.
    Json {
        /// 1-based line of the JSON error.
        line: usize,
        /// 1-based column of the JSON error.
        column: usize,
        /// The JSON reader's message.
        detail: String,
    },
    /// `protocol` is not the protocol's name.
    NotProtocol {
        /// The value found, quoted.
        value: String,
        /// [`PROTOCOL_NAME`], quoted.
        expected: String,
    },
    /// `rounding` is not the rule this engine applies.
    NotRounding {
        /// The value found, quoted.
        value: String,
        /// [`ROUNDING_RULE`].
        rule: String,
    },
    /// `versions` does not list 1-256 rule sets.
    RuleSetCount,
    /// Two rule sets have the same `version`.
    VersionTwice,
    /// Two versions of one track start on the same `from` day.
    SameStart,
    /// `version` is empty or longer than 64 characters.
    VersionLength,
    /// `from` is not a `YYYY-MM-DD` date.
    NotDate {
        /// The value found, quoted.
        value: String,
    },
    /// The value must be positive.
    MustBePositive,
    /// A `bets` track lacks a `bet` rule, or another track has one.
    BetRuleTrack,
    /// The stake is not positive or `limit_above_ask` is outside 0-1000000 micro-tokens.
    BadStake,
    /// A whole number out of `lo`-`hi`.
    Range {
        /// Least value allowed.
        lo: u64,
        /// Most value allowed.
        hi: u64,
    },
    /// `min_close_minutes` is negative or longer than `max_close_days`.
    MinCloseMinutes,
    /// `favourite_max` is outside 1-1000000 micro-tokens.
    FavouriteMax,
    /// `excluded_topics` has more than 64 topics or an empty one.
    Topics,
    /// `category_max_bp` is outside 1-10000 basis points.
    CategoryMax,
    /// A round limit (`max_rounds_per_utc_day`, `max_open_rounds`) is below 1.
    RoundLimits,
    /// `funds` does not list 1-64 funds.
    FundCount,
    /// Fund `fund` (1-based) has a bad symbol or market.
    BadFund {
        /// 1-based position in `funds`.
        fund: usize,
    },
    /// A fund symbol or benchmark name is listed twice.
    ListedTwice {
        /// The repeated symbol or name.
        name: String,
    },
    /// An `indicators_only` market is also a traded fund's market.
    AlsoTraded {
        /// The market code.
        market: String,
    },
    /// A basis-point value is outside 0-100000.
    OutsideBasisPoints {
        /// The value found.
        value: String,
    },
    /// `weight_min_bp` exceeds `weight_max_bp`, or `gross_min_bp` exceeds `gross_max_bp`.
    BoundsCrossed,
    /// A long-only track allows more than 100% gross exposure.
    LongOnlyInvested,
    /// The value must not be negative.
    Negative,
    /// The execution window is not `HH:MM`-`HH:MM` with start not after end.
    BadWindow,
    /// A benchmark name does not start with `_` or is longer than 64 characters.
    BenchmarkName {
        /// The name found, quoted.
        name: String,
    },
    /// A benchmark weights a symbol that is not a traded fund.
    NotTradedFund {
        /// The benchmark's name.
        benchmark: String,
        /// The symbol it weights.
        fund: String,
    },
    /// A benchmark weight above 20000 bp in absolute value, or negative on a long-only track.
    WeightNotAllowed {
        /// The benchmark's name.
        benchmark: String,
        /// The weight, as written.
        weight: String,
        /// The fund's symbol.
        fund: String,
    },
    /// A random benchmark's `random_funds` is out of range.
    RandomFunds {
        /// The benchmark's name.
        benchmark: String,
        /// Most funds it may draw.
        max: usize,
    },
    /// A benchmark has neither `weights_bp` nor both `random_funds` and `seed`.
    BenchmarkRule {
        /// The benchmark's name.
        benchmark: String,
    },
}

impl fmt::Display for ProtocolMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolMsg::Json {
                line,
                column,
                detail,
            } => write!(f, "line {line} column {column}: {detail}"),
            ProtocolMsg::NotProtocol { value, expected } => write!(f, "{value} is not {expected}"),
            ProtocolMsg::NotRounding { value, rule } => {
                write!(f, "{value} is not the rule this engine applies ({rule})")
            }
            ProtocolMsg::RuleSetCount => f.write_str("must list 1-256 rule sets"),
            ProtocolMsg::VersionTwice => f.write_str("is listed twice"),
            ProtocolMsg::SameStart => f.write_str("another version of the track starts that day"),
            ProtocolMsg::VersionLength => f.write_str("must be 1-64 characters"),
            ProtocolMsg::NotDate { value } => write!(f, "{value} is not a YYYY-MM-DD date"),
            ProtocolMsg::MustBePositive => f.write_str("must be positive"),
            ProtocolMsg::BetRuleTrack => {
                f.write_str("a bets track, and only a bets track, has a bet rule")
            }
            ProtocolMsg::BadStake => {
                f.write_str("stake must be positive and the limit 0-1000000 micro-tokens")
            }
            ProtocolMsg::Range { lo, hi } => write!(f, "must be {lo}-{hi}"),
            ProtocolMsg::MinCloseMinutes => f.write_str("must be 0 up to max_close_days"),
            ProtocolMsg::FavouriteMax => f.write_str("must be 1-1000000 micro-tokens"),
            ProtocolMsg::Topics => f.write_str("at most 64 non-empty topics"),
            ProtocolMsg::CategoryMax => f.write_str("must be 1-10000 basis points"),
            ProtocolMsg::RoundLimits => f.write_str("round limits must be at least 1"),
            ProtocolMsg::FundCount => f.write_str("must list 1-64 funds"),
            ProtocolMsg::BadFund { fund } => write!(f, "fund {fund}: bad symbol or market"),
            ProtocolMsg::ListedTwice { name } => write!(f, "{name} is listed twice"),
            ProtocolMsg::AlsoTraded { market } => {
                write!(f, "{market} is also a traded fund's market")
            }
            ProtocolMsg::OutsideBasisPoints { value } => {
                write!(f, "{value} is outside 0-100000 basis points")
            }
            ProtocolMsg::BoundsCrossed => f.write_str("a lower bound exceeds its upper bound"),
            ProtocolMsg::LongOnlyInvested => {
                f.write_str("a long-only track cannot exceed 100% invested")
            }
            ProtocolMsg::Negative => f.write_str("must not be negative"),
            ProtocolMsg::BadWindow => {
                f.write_str("start and end must be HH:MM, start not after end")
            }
            ProtocolMsg::BenchmarkName { name } => write!(f, "{name} must start with _"),
            ProtocolMsg::NotTradedFund { benchmark, fund } => {
                write!(f, "{benchmark}: {fund} is not a traded fund")
            }
            ProtocolMsg::WeightNotAllowed {
                benchmark,
                weight,
                fund,
            } => write!(f, "{benchmark}: weight {weight} of {fund} is not allowed"),
            ProtocolMsg::RandomFunds { benchmark, max } => {
                write!(f, "{benchmark}: random_funds must be 1-{max}")
            }
            ProtocolMsg::BenchmarkRule { benchmark } => {
                write!(f, "{benchmark}: give weights_bp, or random_funds and seed")
            }
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = &self.version {
            write!(f, "version {v}: ")?;
        }
        if let Some(k) = &self.field {
            write!(f, "field {k}: ")?;
        }
        self.message.fmt(f)
    }
}

impl std::error::Error for ProtocolError {}

fn err(version: &str, field: &str, message: ProtocolMsg) -> ProtocolError {
    ProtocolError {
        version: Some(version.into()),
        field: Some(field.into()),
        message,
    }
}

impl RuleSet {
    /// The first session the version governs.
    pub fn from_date(&self) -> Date {
        Date::parse(&self.from).expect("checked when read")
    }

    /// The index of `symbol` among the funds.
    pub fn fund_index(&self, symbol: &str) -> Option<usize> {
        self.funds.iter().position(|f| f.symbol == symbol)
    }

    /// The execution window in seconds after New York midnight, for the window rule.
    pub fn window_secs(&self) -> Option<(u32, u32)> {
        match &self.execution {
            Execution::FirstPriceInWindow { start, end } => {
                let (a, b) = (parse_hhmm(start)?, parse_hhmm(end)?);
                Some((a.0 * 3600 + a.1 * 60, b.0 * 3600 + b.1 * 60))
            }
            Execution::NextClose => None,
        }
    }

    fn check(&self) -> Result<(), ProtocolError> {
        let v = self.version.as_str();
        if v.is_empty() || v.len() > 64 {
            return Err(err(v, "version", ProtocolMsg::VersionLength));
        }
        if Date::parse(&self.from).is_none() {
            return Err(err(
                v,
                "from",
                ProtocolMsg::NotDate {
                    value: format!("{:?}", self.from),
                },
            ));
        }
        if self.starting_cash_cents <= 0 {
            return Err(err(v, "starting_cash_cents", ProtocolMsg::MustBePositive));
        }
        let bets = self.track == Track::Bets;
        if bets != self.bet.is_some() {
            return Err(err(v, "bet", ProtocolMsg::BetRuleTrack));
        }
        if let Some(b) = &self.bet {
            if b.stake_cents <= 0 || !(0..=1_000_000).contains(&b.limit_above_ask) {
                return Err(err(v, "bet", ProtocolMsg::BadStake));
            }
            if let Err((field, m)) = b.eligibility.check() {
                return Err(err(v, &format!("bet.eligibility.{field}"), m));
            }
        }
        if (!bets && self.funds.is_empty()) || self.funds.len() > 64 {
            return Err(err(v, "funds", ProtocolMsg::FundCount));
        }
        for (i, f) in self.funds.iter().enumerate() {
            if f.symbol.is_empty() || f.symbol.len() > 32 || f.market.len() > 32 {
                return Err(err(v, "funds", ProtocolMsg::BadFund { fund: i + 1 }));
            }
            if self.funds[..i].iter().any(|g| g.symbol == f.symbol) {
                return Err(err(
                    v,
                    "funds",
                    ProtocolMsg::ListedTwice {
                        name: f.symbol.clone(),
                    },
                ));
            }
            if self.indicators_only.contains(&f.market) {
                return Err(err(
                    v,
                    "indicators_only",
                    ProtocolMsg::AlsoTraded {
                        market: f.market.clone(),
                    },
                ));
            }
        }
        let bp = |k: &str, x: i64| {
            if (0..=100_000).contains(&x) {
                Ok(())
            } else {
                Err(err(
                    v,
                    k,
                    ProtocolMsg::OutsideBasisPoints {
                        value: x.to_string(),
                    },
                ))
            }
        };
        bp("weight_min_bp", self.weight_min_bp)?;
        bp("weight_max_bp", self.weight_max_bp)?;
        bp("gross_min_bp", self.gross_min_bp)?;
        bp("gross_max_bp", self.gross_max_bp)?;
        bp("long_max_bp", self.long_max_bp)?;
        bp("cost_bp", self.cost_bp)?;
        if self.weight_min_bp > self.weight_max_bp || self.gross_min_bp > self.gross_max_bp {
            return Err(err(v, "weight_min_bp", ProtocolMsg::BoundsCrossed));
        }
        if self.long_only && self.gross_max_bp > 10_000 {
            return Err(err(v, "gross_max_bp", ProtocolMsg::LongOnlyInvested));
        }
        if self.min_order_cents < 0 {
            return Err(err(v, "min_order_cents", ProtocolMsg::Negative));
        }
        if !(2..=252).contains(&self.metrics_sessions) {
            return Err(err(
                v,
                "metrics_sessions",
                ProtocolMsg::Range { lo: 2, hi: 252 },
            ));
        }
        if let Execution::FirstPriceInWindow { .. } = self.execution {
            match self.window_secs() {
                Some((a, b)) if a <= b => {}
                _ => return Err(err(v, "execution", ProtocolMsg::BadWindow)),
            }
        }
        for (i, b) in self.benchmarks.iter().enumerate() {
            if !b.name.starts_with('_') || b.name.len() > 64 {
                return Err(err(
                    v,
                    "benchmarks",
                    ProtocolMsg::BenchmarkName {
                        name: format!("{:?}", b.name),
                    },
                ));
            }
            if self.benchmarks[..i].iter().any(|c| c.name == b.name) {
                return Err(err(
                    v,
                    "benchmarks",
                    ProtocolMsg::ListedTwice {
                        name: b.name.clone(),
                    },
                ));
            }
            match (&b.weights_bp, b.random_funds, b.seed) {
                (Some(w), None, None) => {
                    for (s, x) in w {
                        if self.fund_index(s).is_none() {
                            return Err(err(
                                v,
                                "benchmarks",
                                ProtocolMsg::NotTradedFund {
                                    benchmark: b.name.clone(),
                                    fund: s.clone(),
                                },
                            ));
                        }
                        if x.abs() > 20_000 || (self.long_only && *x < 0) {
                            return Err(err(
                                v,
                                "benchmarks",
                                ProtocolMsg::WeightNotAllowed {
                                    benchmark: b.name.clone(),
                                    weight: x.to_string(),
                                    fund: s.clone(),
                                },
                            ));
                        }
                    }
                }
                (None, Some(k), Some(_)) => {
                    if k == 0 || k as usize > self.funds.len() {
                        return Err(err(
                            v,
                            "benchmarks",
                            ProtocolMsg::RandomFunds {
                                benchmark: b.name.clone(),
                                max: self.funds.len(),
                            },
                        ));
                    }
                }
                _ => {
                    return Err(err(
                        v,
                        "benchmarks",
                        ProtocolMsg::BenchmarkRule {
                            benchmark: b.name.clone(),
                        },
                    ))
                }
            }
        }
        Ok(())
    }
}

impl Protocol {
    /// Reads and checks the file. Errors name the version and field, or the JSON position.
    pub fn from_json(bytes: &[u8]) -> Result<Protocol, ProtocolError> {
        let p: Protocol = serde_json::from_slice(bytes).map_err(|e| ProtocolError {
            version: None,
            field: None,
            message: ProtocolMsg::Json {
                line: e.line(),
                column: e.column(),
                detail: e.to_string(),
            },
        })?;
        let top = |field: &str, message: ProtocolMsg| ProtocolError {
            version: None,
            field: Some(field.into()),
            message,
        };
        if p.protocol != PROTOCOL_NAME {
            return Err(top(
                "protocol",
                ProtocolMsg::NotProtocol {
                    value: format!("{:?}", p.protocol),
                    expected: format!("{PROTOCOL_NAME:?}"),
                },
            ));
        }
        if p.rounding != ROUNDING_RULE {
            return Err(top(
                "rounding",
                ProtocolMsg::NotRounding {
                    value: format!("{:?}", p.rounding),
                    rule: ROUNDING_RULE.to_string(),
                },
            ));
        }
        if p.versions.is_empty() || p.versions.len() > 256 {
            return Err(top("versions", ProtocolMsg::RuleSetCount));
        }
        for (i, r) in p.versions.iter().enumerate() {
            r.check()?;
            if p.versions[..i].iter().any(|q| q.version == r.version) {
                return Err(err(&r.version, "version", ProtocolMsg::VersionTwice));
            }
            if p.versions[..i]
                .iter()
                .any(|q| q.track == r.track && q.from == r.from)
            {
                return Err(err(&r.version, "from", ProtocolMsg::SameStart));
            }
        }
        Ok(p)
    }

    /// The file's bytes: pretty-printed JSON, keys in the structs' order, LF-terminated.
    pub fn to_json(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("a protocol serializes");
        b.push(b'\n');
        b
    }

    /// The rule set named `version`.
    pub fn version(&self, version: &str) -> Option<&RuleSet> {
        self.versions.iter().find(|r| r.version == version)
    }

    /// The last session `rules` governs before the next version of its track takes over
    /// (None: open-ended).
    pub fn segment_end(&self, rules: &RuleSet) -> Option<Date> {
        self.versions
            .iter()
            .filter(|q| q.track == rules.track && q.from > rules.from)
            .map(|q| q.from_date())
            .min()
            .map(|d| d.add_days(-1))
    }

    /// The rules this implementation ships: arena-3 (§4.7), pro-1 (§4.8) from 2026-10-19,
    /// seed 002's agent portfolios (agent-portfolio-1) and seeds 001/003's bets (bets-1, from
    /// their season's start, 2026-10-09).
    pub fn standard() -> Protocol {
        let funds = |extra: &[(&str, &str)]| {
            let mut v: Vec<Fund> = [
                ("SPX", "SPY"),
                ("NDX", "QQQ"),
                ("DJI", "DIA"),
                ("SOX", "SOXX"),
                ("TNX", "IEF"),
                ("DXY", "UUP"),
                ("GOLD", "GLD"),
                ("WTI", "USO"),
                ("BRENT", "BNO"),
                ("COPPER", "CPER"),
                ("BTC", "IBIT"),
            ]
            .iter()
            .chain(extra)
            .map(|(m, s)| Fund {
                market: m.to_string(),
                symbol: s.to_string(),
            })
            .collect();
            v.sort_by_key(|f| {
                crate::records::names::MARKETS
                    .iter()
                    .position(|m| *m == f.market)
            });
            v
        };
        let fixed = |name: &str, w: &[(&str, i64)]| Benchmark {
            name: name.into(),
            weights_bp: Some(w.iter().map(|(s, x)| (s.to_string(), *x)).collect()),
            random_funds: None,
            seed: None,
        };
        let random = |seed: u64| Benchmark {
            name: "_random".into(),
            weights_bp: None,
            random_funds: Some(5),
            seed: Some(seed),
        };
        let window = Execution::FirstPriceInWindow {
            start: "09:30".into(),
            end: "09:45".into(),
        };
        let arena_funds = funds(&[]);
        let hold_all: Vec<(&str, i64)> = arena_funds
            .iter()
            .map(|f| (f.symbol.as_str(), 10_000 / arena_funds.len() as i64))
            .collect();
        let arena3 = RuleSet {
            version: "arena-3".into(),
            track: Track::Portfolio,
            from: "2026-10-19".into(),
            starting_cash_cents: 10_000_000,
            funds: arena_funds.clone(),
            indicators_only: vec!["VIX".into()],
            long_only: true,
            weight_min_bp: 500,
            weight_max_bp: 2_500,
            gross_min_bp: 0,
            gross_max_bp: 10_000,
            long_max_bp: 10_000,
            cost_bp: 10,
            cash_rate_symbol: Some("^IRX".into()),
            execution: window.clone(),
            min_order_cents: 0,
            max_orders: None,
            metrics_sessions: 20,
            benchmarks: vec![
                fixed("_hold_all", &hold_all),
                fixed("_spy", &[("SPY", 10_000)]),
                fixed("_passive", &[("SPY", 6_000), ("IEF", 4_000)]),
                fixed("_cash", &[]),
                random(20261019),
            ],
            bet: None,
        };
        let pro1 = RuleSet {
            version: "pro-1".into(),
            track: Track::Pro,
            funds: funds(&[("VIX", "VIXY")]),
            indicators_only: vec![],
            long_only: false,
            weight_min_bp: 500,
            weight_max_bp: 3_000,
            gross_min_bp: 10_000,
            gross_max_bp: 20_000,
            long_max_bp: 20_000,
            benchmarks: vec![
                fixed("_spy_long", &[("SPY", 10_000)]),
                fixed("_spy_short", &[("SPY", -10_000)]),
                fixed("_cash", &[]),
                random(20261020),
            ],
            ..arena3.clone()
        };
        let agent = RuleSet {
            version: "agent-portfolio-1".into(),
            track: Track::AgentPortfolio,
            weight_min_bp: 0,
            weight_max_bp: 10_000,
            cost_bp: 20,
            cash_rate_symbol: None,
            execution: Execution::NextClose,
            min_order_cents: 50_000,
            max_orders: Some(10),
            benchmarks: vec![
                fixed("_world", &[("SPY", 10_000)]),
                fixed("_bitcoin", &[("IBIT", 10_000)]),
            ],
            ..arena3.clone()
        };
        let bets = RuleSet {
            version: "bets-1".into(),
            track: Track::Bets,
            from: "2026-10-09".into(),
            starting_cash_cents: 10_000,
            funds: vec![],
            indicators_only: vec![],
            weight_min_bp: 0,
            weight_max_bp: 10_000,
            cost_bp: 0,
            cash_rate_symbol: None,
            execution: Execution::NextClose,
            benchmarks: vec![],
            bet: Some(BetRule {
                stake_cents: 10_000,
                limit_above_ask: 50_000,
                eligibility: Eligibility::seed(),
            }),
            ..arena3.clone()
        };
        Protocol {
            protocol: PROTOCOL_NAME.into(),
            rounding: ROUNDING_RULE.into(),
            versions: vec![arena3, pro1, agent, bets],
        }
    }
}

/// The JSON Schema of `arena-protocol.json` (`sealbook schema arena-protocol`), its
/// descriptions from [`RULE_KEYS`].
pub fn protocol_schema() -> serde_json::Value {
    use serde_json::json;
    let d = |k: &str| {
        RULE_KEYS
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, d)| *d)
            .unwrap_or_default()
    };
    let int = |k: &str, min: i64| json!({"type": "integer", "minimum": min, "description": d(k)});
    let bp =
        |k: &str| json!({"type": "integer", "minimum": 0, "maximum": 100000, "description": d(k)});
    let hhmm = json!({"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"});
    let execution = json!({"description": d("execution"), "oneOf": [
                {"type": "object", "additionalProperties": false, "required": ["rule", "start", "end"],
                 "properties": {"rule": {"const": "first_price_in_window"}, "start": hhmm, "end": hhmm}},
                {"type": "object", "additionalProperties": false, "required": ["rule"],
                 "properties": {"rule": {"const": "next_close"}}}]});
    let benchmarks = json!({"type": "array", "description": d("benchmarks"), "items": {"oneOf": [
                {"type": "object", "additionalProperties": false, "required": ["name", "weights_bp"],
                 "properties": {"name": {"type": "string", "pattern": "^_"},
                                "weights_bp": {"type": "object", "additionalProperties": {"type": "integer", "minimum": -20000, "maximum": 20000}}}},
                {"type": "object", "additionalProperties": false, "required": ["name", "random_funds", "seed"],
                 "properties": {"name": {"type": "string", "pattern": "^_"},
                                "random_funds": {"type": "integer", "minimum": 1},
                                "seed": {"type": "integer", "minimum": 0}}}]}});
    let rule = json!({
        "type": "object",
        "additionalProperties": false,
        "required": RULE_KEYS.iter().map(|(k, _)| *k).filter(|k| *k != "bet").collect::<Vec<_>>(),
        "properties": {
            "version": {"type": "string", "minLength": 1, "maxLength": 64, "description": d("version")},
            "track": {"enum": ["portfolio", "pro", "agent_portfolio", "bets"], "description": d("track")},
            "bet": {"type": "object", "additionalProperties": false, "required": ["stake_cents", "limit_above_ask", "eligibility"], "description": d("bet"),
                    "properties": {"stake_cents": {"type": "integer", "minimum": 1},
                                   "limit_above_ask": {"type": "integer", "minimum": 0, "maximum": 1000000},
                                   "eligibility": {"type": "object", "additionalProperties": false,
                                                   "required": ["max_close_days", "min_close_minutes", "favourite_max", "excluded_topics", "category_max_bp", "category_window_days", "max_rounds_per_utc_day", "max_open_rounds"],
                                                   "properties": {"max_close_days": {"type": "integer", "minimum": 1, "maximum": 366},
                                                                  "min_close_minutes": {"type": "integer", "minimum": 0},
                                                                  "favourite_max": {"type": "integer", "minimum": 1, "maximum": 1000000},
                                                                  "excluded_topics": {"type": "array", "maxItems": 64, "items": {"type": "string", "minLength": 1}},
                                                                  "category_max_bp": {"type": "integer", "minimum": 1, "maximum": 10000},
                                                                  "category_window_days": {"type": "integer", "minimum": 1, "maximum": 366},
                                                                  "max_rounds_per_utc_day": {"type": "integer", "minimum": 1},
                                                                  "max_open_rounds": {"type": "integer", "minimum": 1}}}}},
            "from": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": d("from")},
            "starting_cash_cents": int("starting_cash_cents", 1),
            "funds": {"type": "array", "maxItems": 64, "description": d("funds"),
                      "items": {"type": "object", "additionalProperties": false, "required": ["market", "symbol"],
                                "properties": {"market": {"type": "string", "maxLength": 32},
                                               "symbol": {"type": "string", "minLength": 1, "maxLength": 32}}}},
            "indicators_only": {"type": "array", "items": {"type": "string"}, "description": d("indicators_only")},
            "long_only": {"type": "boolean", "description": d("long_only")},
            "weight_min_bp": bp("weight_min_bp"),
            "weight_max_bp": bp("weight_max_bp"),
            "gross_min_bp": bp("gross_min_bp"),
            "gross_max_bp": bp("gross_max_bp"),
            "long_max_bp": bp("long_max_bp"),
            "cost_bp": bp("cost_bp"),
            "cash_rate_symbol": {"type": ["string", "null"], "description": d("cash_rate_symbol")},
            "execution": execution,
            "min_order_cents": int("min_order_cents", 0),
            "max_orders": {"type": ["integer", "null"], "minimum": 0, "description": d("max_orders")},
            "metrics_sessions": {"type": "integer", "minimum": 2, "maximum": 252, "description": d("metrics_sessions")},
            "benchmarks": benchmarks
        }
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://sealbook.invalid/schema/arena-protocol.schema.json",
        "title": "arena-protocol.json: the versioned rules of the trading tracks",
        "description": "Spec 4.7, 4.8, Appendix A Table A1. Each version is one track's rules from its first session; a new version starts a new segment.",
        "type": "object",
        "additionalProperties": false,
        "required": ["protocol", "rounding", "versions"],
        "properties": {
            "protocol": {"const": PROTOCOL_NAME},
            "rounding": {"const": ROUNDING_RULE, "description": "Integer units (cents, micro-dollar prices, micro-share quantities, basis-point weights, ppm rates); every conversion is one exact product and one division rounded half to even."},
            "versions": {"type": "array", "minItems": 1, "maxItems": 256, "items": rule}
        }
    })
}

/// The schema's bytes, pretty-printed, LF-terminated.
pub fn protocol_schema_bytes() -> Vec<u8> {
    let mut b = serde_json::to_vec_pretty(&protocol_schema()).expect("a JSON value");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_rules_round_trip_and_state_the_spec() {
        let p = Protocol::standard();
        let back = Protocol::from_json(&p.to_json()).unwrap();
        assert_eq!(back, p);
        let a = p.version("arena-3").unwrap();
        assert_eq!(a.funds.len(), 11);
        assert_eq!(a.indicators_only, ["VIX"]);
        assert_eq!(
            (a.weight_min_bp, a.weight_max_bp, a.cost_bp),
            (500, 2500, 10)
        );
        assert_eq!(a.window_secs(), Some((9 * 3600 + 1800, 9 * 3600 + 2700)));
        let pro = p.version("pro-1").unwrap();
        assert!(pro.fund_index("VIXY").is_some() && !pro.long_only);
        assert_eq!(
            (pro.gross_min_bp, pro.gross_max_bp, pro.weight_max_bp),
            (10_000, 20_000, 3_000)
        );
        let ag = p.version("agent-portfolio-1").unwrap();
        assert_eq!(
            (ag.cost_bp, ag.min_order_cents, ag.max_orders),
            (20, 50_000, Some(10))
        );
        assert_eq!(ag.cash_rate_symbol, None);
        let b = p.version("bets-1").unwrap();
        assert_eq!(
            b.bet.as_ref().map(|b| (b.stake_cents, b.limit_above_ask)),
            Some((10_000, 50_000))
        );
        let mut p = Protocol::standard();
        p.versions[3]
            .bet
            .as_mut()
            .unwrap()
            .eligibility
            .favourite_max = 0;
        assert_eq!(
            Protocol::from_json(&p.to_json())
                .unwrap_err()
                .field
                .as_deref(),
            Some("bet.eligibility.favourite_max")
        );
        let mut p = Protocol::standard();
        p.versions[0].bet = b.bet.clone();
        assert_eq!(
            Protocol::from_json(&p.to_json())
                .unwrap_err()
                .field
                .as_deref(),
            Some("bet")
        );
    }

    #[test]
    fn every_key_is_documented_in_the_schema() {
        let s = protocol_schema();
        let props = s["properties"]["versions"]["items"]["properties"]
            .as_object()
            .unwrap();
        let v = serde_json::to_value(&Protocol::standard().versions[3]).unwrap();
        for k in v.as_object().unwrap().keys() {
            assert!(props.contains_key(k), "{k} missing from the schema");
            assert!(
                RULE_KEYS.iter().any(|(n, _)| n == k),
                "{k} missing from RULE_KEYS"
            );
        }
        assert_eq!(props.len(), RULE_KEYS.len());
    }

    #[test]
    fn bad_files_name_the_version_and_field() {
        let mut p = Protocol::standard();
        p.versions[0].weight_min_bp = 3_000;
        let e = Protocol::from_json(&p.to_json()).unwrap_err();
        assert_eq!(e.version.as_deref(), Some("arena-3"));
        let mut p = Protocol::standard();
        p.versions[1].version = "arena-3".into();
        assert!(Protocol::from_json(&p.to_json()).is_err());
        let mut p = Protocol::standard();
        p.rounding = "float".into();
        assert_eq!(
            Protocol::from_json(&p.to_json())
                .unwrap_err()
                .field
                .as_deref(),
            Some("rounding")
        );
        let e = Protocol::from_json(br#"{"protocol": "sealbook-arena", "x": 1}"#).unwrap_err();
        assert!(
            matches!(e.message, ProtocolMsg::Json { line: 1, .. }),
            "{e}"
        );
        assert!(e.to_string().starts_with("line 1 column "), "{e}");
        let mut p = Protocol::standard();
        p.versions[0].execution = Execution::FirstPriceInWindow {
            start: "09:45".into(),
            end: "09:30".into(),
        };
        assert_eq!(
            Protocol::from_json(&p.to_json())
                .unwrap_err()
                .field
                .as_deref(),
            Some("execution")
        );
    }

    #[test]
    fn a_later_version_ends_the_earlier_segment() {
        let mut p = Protocol::standard();
        let mut a4 = p.versions[0].clone();
        a4.version = "arena-4".into();
        a4.from = "2026-11-02".into();
        p.versions.push(a4);
        let p = Protocol::from_json(&p.to_json()).unwrap();
        assert_eq!(
            p.segment_end(p.version("arena-3").unwrap()),
            Date::new(2026, 11, 1)
        );
        assert_eq!(p.segment_end(p.version("arena-4").unwrap()), None);
        assert_eq!(p.segment_end(p.version("pro-1").unwrap()), None);
    }
}
