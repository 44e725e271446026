//! The league's configuration file (TOML, spec §3.1, §3.13 requirements 3 and 13): the seats
//! and their adapters, the schedule (New York time, the NYSE calendar), timeouts and retries,
//! the anchors, the price provider and the crowd sources. Only `[league]`, one `[[seat]]`
//! and `[prices]` are required; every other setting has the default [`league_config_schema`]
//! documents (the constants below are those defaults).
//!
//! [`LeagueConfig::from_toml`] takes the file's bytes and its name and returns the typed
//! configuration or a [`ConfigError`] naming the file, the line and the field.

use crate::calendar::Date;
use crate::records::names::{parse_hhmm, MARKETS};
use crate::records::roster::{provider_problem, RosterSeat, Side, MAX_PROVIDER_BYTES};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

/// Defaults (spec §3.1: the ask opens 08:30 ET; the reference is 09:30 ET; the close 16:00 ET).
pub const DEFAULT_MORNING_RUN_ET: &str = "08:30";
/// The default `[schedule] reference_et` key, HH:MM New York time: answers count until then (spec
/// §3.3).
pub const DEFAULT_REFERENCE_ET: &str = "09:30";
/// The default `[schedule] score_et` key, HH:MM New York time: close scoring runs ten minutes after
/// the 16:00 close.
pub const DEFAULT_SCORE_ET: &str = "16:10";
/// The default `[schedule] stamp_every_minutes` key: the stamping cadence of the session day, in
/// minutes (a floor; sealed lines are also stamped on arrival, spec §3.2).
pub const DEFAULT_STAMP_EVERY_MINUTES: u32 = 30;
/// How long after a line is sealed the stamp that covers it is taken (lines arriving
/// together share one stamped list), by default.
pub const DEFAULT_STAMP_SETTLE_SECONDS: u32 = 5;
/// The longest settle window a config may ask for: a line is stamped within a minute.
pub const MAX_STAMP_SETTLE_SECONDS: u32 = 60;
/// The default `[schedule] upgrade_every_minutes` key: how often pending OpenTimestamps proofs are
/// upgraded, in minutes.
pub const DEFAULT_UPGRADE_EVERY_MINUTES: u32 = 60;
/// The default `[[seat]] timeout_seconds` key: one attempt's timeout for model and command seats,
/// in seconds.
pub const DEFAULT_SEAT_TIMEOUT_SECONDS: u32 = 180;
/// The default `[[seat]] retries` key: retries after a failed attempt, with backoff, until the
/// reference time.
pub const DEFAULT_SEAT_RETRIES: u32 = 2;
/// The default `[[seat]] max_tokens` key: the most tokens a model seat's reply may have.
pub const DEFAULT_MAX_TOKENS: u32 = 8192;
/// The default `[anchors] timeout_seconds` key: one request's timeout to a calendar, authority or
/// log, in seconds.
pub const DEFAULT_ANCHOR_TIMEOUT_SECONDS: u32 = 30;
/// The default `[anchors] retries` key: retries with backoff after a failed anchor request (a
/// failure is recorded and never blocks the book).
pub const DEFAULT_ANCHOR_RETRIES: u32 = 3;
/// The default `[[seat]] mode` key, sealed in the answer line as `mode` (spec §3.13
/// requirement 1).
pub const DEFAULT_MODE: &str = "api";
/// The default `[[seat]] base_url` of an `anthropic` seat: the Anthropic API's host, to which
/// the wire adds the version's path (`/v1/messages`, `/v1/models`), as the provider's own
/// clients take their base URL.
pub const DEFAULT_ANTHROPIC_URL: &str = "https://api.anthropic.com";
/// The default `[[seat]] base_url` of a `gemini` seat: the Gemini API's host, to which the wire
/// adds the version's path (`/v1beta/models/<model>:generateContent`, `/v1beta/models`).
pub const DEFAULT_GEMINI_URL: &str = "https://generativelanguage.googleapis.com";
/// The default `[anchors] ots_calendars` key: the OpenTimestamps calendars each stamped list is
/// submitted to (spec §3.2).
pub const DEFAULT_OTS_CALENDARS: [&str; 3] = [
    "https://alice.btc.calendar.opentimestamps.org",
    "https://bob.btc.calendar.opentimestamps.org",
    "https://finney.calendar.eternitywall.com",
];
/// The RFC 3161 authorities of spec §3.2 (name, URL).
pub const DEFAULT_TSA: [(&str, &str); 3] = [
    ("freetsa", "https://freetsa.org/tsr"),
    ("digicert", "http://timestamp.digicert.com"),
    ("sectigo", "https://timestamp.sectigo.com"),
];
/// The default `[anchors] rekor_url` key: the Sigstore public-good Rekor log (spec §3.2 Level 2).
pub const DEFAULT_REKOR_URL: &str = "https://rekor.sigstore.dev";
/// The default `[prices] base_url` key of the `yahoo` provider: the Yahoo chart v8 API base.
pub const DEFAULT_YAHOO_URL: &str = "https://query1.finance.yahoo.com";
/// The default `[crowd.polymarket] base_url` key: Polymarket's Gamma API, the market list (spec
/// §4.9).
pub const DEFAULT_POLYMARKET_URL: &str = "https://gamma-api.polymarket.com";
/// The default `[crowd.kalshi] base_url` key: Kalshi's trade API v2 (spec §4.9).
pub const DEFAULT_KALSHI_URL: &str = "https://api.elections.kalshi.com/trade-api/v2";
/// Polymarket's order books (the CLOB), beside the Gamma market list of
/// [`DEFAULT_POLYMARKET_URL`].
pub const DEFAULT_POLYMARKET_CLOB_URL: &str = "https://clob.polymarket.com";
/// What a crowd contract template may hold, each filled from the session's date (spec §4.9:
/// a daily contract per market): `{yyyy}` 2026, `{yy}` 26, `{mm}` 10, `{dd}` 06, `{d}` 6,
/// `{month}` october, `{MON}` OCT.
pub const CONTRACT_PLACEHOLDERS: [&str; 7] = ["yyyy", "yy", "mm", "dd", "d", "month", "MON"];
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
/// Yahoo chart symbols of the twelve markets (Table 2), in [`MARKETS`] order.
pub const YAHOO_SYMBOLS: [&str; 12] = [
    "^GSPC", "^NDX", "^DJI", "^SOX", "^TNX", "DX-Y.NYB", "^VIX", "GC=F", "CL=F", "BZ=F", "HG=F",
    "BTC-USD",
];

/// A configuration that cannot be used: the file, its 1-based line (0: the file as a whole)
/// and the dotted field (`seat[1].base_url`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The configuration file's name as the caller gave it.
    pub file: String,
    /// The 1-based line of the offending key or table; 0 when the file as a whole is at fault.
    pub line: u64,
    /// The dotted path of the offending key (`seat[1].base_url`, `schedule.stamp_settle_seconds`).
    pub field: String,
    /// What is wrong with it, one sentence for the operator.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} line {}, field {}: {}",
            self.file, self.line, self.field, self.message
        )
    }
}

impl std::error::Error for ConfigError {}

/// How a seat is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Adapter {
    /// OpenAI-compatible chat completions.
    OpenAi {
        /// The `[[seat]] base_url` key: the API base the chat completions endpoint is appended to
        /// (required for this adapter).
        base_url: String,
        /// The `[[seat]] model` key: the model name sent to the provider.
        model: String,
        /// The `[[seat]] api_key_env` key: the environment variable holding the API key (`None`: no
        /// key is sent); the key itself is never written to a file or a log.
        api_key_env: Option<String>,
    },
    /// Anthropic Messages.
    Anthropic {
        /// The `[[seat]] base_url` key: the Messages API base; default [`DEFAULT_ANTHROPIC_URL`].
        base_url: String,
        /// The `[[seat]] model` key: the model name sent to Anthropic.
        model: String,
        /// The `[[seat]] api_key_env` key: the environment variable holding the API key (`None`: no
        /// key is sent).
        api_key_env: Option<String>,
    },
    /// Google Gemini generateContent.
    Gemini {
        /// The `[[seat]] base_url` key: the generateContent API base; default
        /// [`DEFAULT_GEMINI_URL`].
        base_url: String,
        /// The `[[seat]] model` key: the model name sent to Gemini.
        model: String,
        /// The `[[seat]] api_key_env` key: the environment variable holding the API key (`None`: no
        /// key is sent).
        api_key_env: Option<String>,
    },
    /// An external program: the ask on stdin, the answer on stdout.
    Command {
        /// The `[[seat]] command` key: the program and its arguments, at least the program.
        command: Vec<String>,
        /// The environment variables the program is given besides [`COMMAND_BASE_ENV`]
        /// (its own keys, say): the operator's other keys never reach it.
        env: Vec<String>,
    },
    /// The `coin` reference seat: 50 on every market. It and the two below are answered inside
    /// the engine, without network (spec §4.3, §8.1).
    Coin,
    /// The `climatology` reference seat: the sealed base rates of each market.
    Climatology,
    /// The `momentum` reference seat: 55 in the direction of each market's last change.
    Momentum,
}

impl Adapter {
    /// The adapter's name as written in the `[[seat]] adapter` key (one of [`ADAPTERS`]); a
    /// reference seat's sealed model.
    pub fn name(&self) -> &'static str {
        match self {
            Adapter::OpenAi { .. } => "openai",
            Adapter::Anthropic { .. } => "anthropic",
            Adapter::Gemini { .. } => "gemini",
            Adapter::Command { .. } => "command",
            Adapter::Coin => "coin",
            Adapter::Climatology => "climatology",
            Adapter::Momentum => "momentum",
        }
    }

    /// Whether the engine answers for the seat itself: a baseline seat, whose sealed model is
    /// the adapter's name ([`crate::score::baselines::is_baseline`], spec §4.3, §4.5).
    pub fn is_reference(&self) -> bool {
        crate::score::baselines::is_baseline(self.name())
    }

    /// The configured model, for model adapters.
    pub fn model(&self) -> Option<&str> {
        match self {
            Adapter::OpenAi { model, .. }
            | Adapter::Anthropic { model, .. }
            | Adapter::Gemini { model, .. } => Some(model),
            _ => None,
        }
    }
}

/// The environment variables every command seat's program is given when they are set
/// (besides those its `env` names); nothing else of the operator's environment reaches it.
pub const COMMAND_BASE_ENV: [&str; 5] = ["PATH", "HOME", "LANG", "LC_ALL", "TZ"];

/// Longest seat name (characters).
pub const MAX_SEAT_NAME_CHARS: usize = 64;

/// Whether `name` is a seat name: 1 to [`MAX_SEAT_NAME_CHARS`] of `A-Z a-z 0-9 . _ -`, the
/// first a letter or a digit. A seat name is a file name in the league directory
/// (`replies/<run_id>/<seat>.txt`), a thread's name and a word of the logs, so it can be
/// neither a path (`/`, `..`), nor hold a control character, a space or a NUL.
pub fn is_seat_name(name: &str) -> bool {
    name.len() <= MAX_SEAT_NAME_CHARS
        && name
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// Whether `name` is an environment variable name: letters, digits and `_`, not empty.
fn is_env_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Every adapter name the file accepts.
pub const ADAPTERS: [&str; 7] = [
    "openai",
    "anthropic",
    "gemini",
    "command",
    "coin",
    "climatology",
    "momentum",
];

/// One `[[seat]]` table, checked: a forecaster of the roster (spec §3.10, Table 8), in roster
/// order.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    /// The `[[seat]] name` key: unique, a file name in the league directory (see [`is_seat_name`]).
    pub name: String,
    /// The `[[seat]] adapter` key with the keys that adapter reads.
    pub adapter: Adapter,
    /// Its lab (the consensus weighs a family's later seats 1/3, §5.3); default: the name.
    pub family: String,
    /// The `[[seat]] side` key: a US or a Chinese lab (spec §5.8); `None` when not declared.
    pub side: Option<Side>,
    /// The provider the seat is called through, a short public name the operator declares
    /// (`provider = "openai"`); sealed in the roster (spec §3.10, Table 8) and published in
    /// `league-roster.json`. `None` when the seat declares none.
    pub provider: Option<String>,
    /// Sealed in the answer line as `mode` (§3.13 requirement 1).
    pub mode: String,
    /// The `[[seat]] timeout_seconds` key: one attempt's timeout in seconds (model and command
    /// adapters); default [`DEFAULT_SEAT_TIMEOUT_SECONDS`].
    pub timeout_seconds: u32,
    /// The `[[seat]] retries` key: retries after a failed attempt, with backoff, until the
    /// reference time; default [`DEFAULT_SEAT_RETRIES`].
    pub retries: u32,
    /// The `[[seat]] max_tokens` key: the most tokens a reply may have (model adapters); default
    /// [`DEFAULT_MAX_TOKENS`].
    pub max_tokens: u32,
    /// The `[[seat]] temperature` key, 0 to 2 (model adapters); `None`: the provider's default.
    pub temperature: Option<f64>,
}

impl Seat {
    /// The seat as sealed in the roster line and published in `league-roster.json` (spec §3.10,
    /// Table 8): a reference seat's model is its adapter's name.
    pub fn roster_seat(&self) -> RosterSeat {
        RosterSeat {
            seat: self.name.clone(),
            family: self.family.clone(),
            side: self.side,
            model: self.adapter.model().map(str::to_owned).or_else(|| {
                self.adapter
                    .is_reference()
                    .then(|| self.adapter.name().into())
            }),
            provider: self.provider.clone(),
        }
    }
}

/// Times of day in New York (hour, minute).
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// The `[schedule] morning_run_et` key, (hour, minute) New York time: the counted run of each
    /// session (spec §3.4); default [`DEFAULT_MORNING_RUN_ET`].
    pub morning_run: (u32, u32),
    /// The other runs of each session (spec §3.4: evening runs, earlier or later runs), New
    /// York times of day in declared order: one before the reference is asked on the session
    /// day, one at or after the 16:00 close on the day before. None counts (the scheduled
    /// morning run does); each is sealed, scored and published `not_counted`.
    pub other_runs: Vec<(u32, u32)>,
    /// The `[schedule] reference_et` key, (hour, minute) New York time: answers count until then
    /// (spec §3.3); default [`DEFAULT_REFERENCE_ET`].
    pub reference: (u32, u32),
    /// The `[schedule] score_et` key, (hour, minute) New York time: when the session's close is
    /// scored, after the 16:00 close; default [`DEFAULT_SCORE_ET`].
    pub score: (u32, u32),
    /// The `[schedule] stamp_every_minutes` key: the stamping cadence of the session day in minutes
    /// (a floor: lines are also stamped on arrival); default [`DEFAULT_STAMP_EVERY_MINUTES`].
    pub stamp_every_minutes: u32,
    /// Seconds from the first line sealed after the last stamp to the stamp that covers it
    /// (1 to [`MAX_STAMP_SETTLE_SECONDS`]: two stamped lists never share a second; spec §3.2, requirement 12: a sealed line is stamped
    /// on arrival).
    pub stamp_settle_seconds: u32,
    /// The `[schedule] upgrade_every_minutes` key: how often pending OpenTimestamps proofs are
    /// upgraded, in minutes; default [`DEFAULT_UPGRADE_EVERY_MINUTES`].
    pub upgrade_every_minutes: u32,
    /// The first session the schedule counts (default: the first session after `init`).
    pub first_session: Option<Date>,
}

/// One `[[anchors.tsa]]` entry: an RFC 3161 time-stamping authority (spec §3.2).
#[derive(Clone, Debug, PartialEq)]
pub struct Tsa {
    /// The `name` key: the authority's short name, letters, digits and `-`.
    pub name: String,
    /// The `url` key: the authority's RFC 3161 endpoint (http or https).
    pub url: String,
}

/// The `[anchors]` table, checked: where each stamped list is anchored (spec §3.2).
#[derive(Clone, Debug, PartialEq)]
pub struct Anchors {
    /// The `ots_calendars` key: the OpenTimestamps calendar URLs; default
    /// [`DEFAULT_OTS_CALENDARS`].
    pub ots_calendars: Vec<String>,
    /// The `tsa` key: the RFC 3161 authorities; default [`DEFAULT_TSA`].
    pub tsa: Vec<Tsa>,
    /// The `rekor_url` key: the Rekor transparency log's base URL; default [`DEFAULT_REKOR_URL`],
    /// `None` when written as `""` (no log).
    pub rekor_url: Option<String>,
    /// The operator's ECDSA P-256 key (PEM) that signs each list logged in Rekor, the path as
    /// written (relative to the config file's directory); `None`: a fresh key per entry, so
    /// the entry shows the list's digest and the log's time but not who logged it.
    pub rekor_key: Option<String>,
    /// The Rekor log's public key (PEM), the path as written (relative to the config file's
    /// directory); `None`: the public-good log's key shipped in `www/trust/`.
    pub rekor_log_key: Option<String>,
    /// Which API the log at `rekor_url` speaks.
    pub rekor_api: RekorApi,
    /// The `timeout_seconds` key: one anchor request's timeout in seconds; default
    /// [`DEFAULT_ANCHOR_TIMEOUT_SECONDS`].
    pub timeout_seconds: u32,
    /// The `retries` key: retries with backoff after a failed anchor request; default
    /// [`DEFAULT_ANCHOR_RETRIES`].
    pub retries: u32,
}

/// The API of a Rekor log (spec §3.2 Level 2): the entry stored beside each stamped list
/// follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RekorApi {
    /// Rekor v1: `POST /api/v1/log/entries` with a hashedrekord 0.0.1 entry; the answer (an
    /// entry with its SET and inclusion proof) is stored as `<list>.rekor.json`.
    #[default]
    V1,
    /// Rekor v2 (rekor-tiles): `POST /api/v2/log/entries` with a hashedrekord 0.0.2 request;
    /// the answer (a TransparencyLogEntry, Ed25519 checkpoint) is stored in a Sigstore bundle
    /// v0.3, `<list>.sigstore.json`.
    V2,
}

impl RekorApi {
    /// As written in the config (`v1`, `v2`).
    pub fn as_str(self) -> &'static str {
        match self {
            RekorApi::V1 => "v1",
            RekorApi::V2 => "v2",
        }
    }
}

/// The `[prices] provider` key with the keys that provider reads: where the one-minute bars that
/// score each session come from.
#[derive(Clone, Debug, PartialEq)]
pub enum PriceSource {
    /// `provider = "csv"`: a file of `symbol,time,open,high,low,close,volume` 1-minute bars.
    Csv {
        /// The `path` key: the file, as written (relative to the config file's directory).
        path: String,
    },
    /// `provider = "yahoo"`: Yahoo chart v8, 1-minute bars.
    Yahoo {
        /// The `base_url` key; default [`DEFAULT_YAHOO_URL`].
        base_url: String,
    },
}

/// The `[prices]` table, checked: the price provider and the symbols it is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Prices {
    /// The `provider` key, with its `path` or `base_url`.
    pub provider: PriceSource,
    /// Asset code -> the provider's symbol, for every market of [`MARKETS`].
    pub symbols: BTreeMap<String, String>,
    /// The trading tracks' fund and cash-rate tickers (`arena-protocol.json`, spec §4.7) ->
    /// the provider's symbol (`prices.fund_symbols`); a ticker not named is its own symbol.
    pub fund_symbols: BTreeMap<String, String>,
}

impl Prices {
    /// The provider's symbol of a fund or rate ticker.
    pub fn fund_symbol<'a>(&'a self, ticker: &'a str) -> &'a str {
        self.fund_symbols.get(ticker).map_or(ticker, String::as_str)
    }
}

/// One `[crowd.polymarket]` or `[crowd.kalshi]` table, checked and enabled: a venue whose prices
/// are read into the run line (spec §4.9).
#[derive(Clone, Debug, PartialEq)]
pub struct CrowdSource {
    /// The `base_url` key: Polymarket's Gamma API or Kalshi's trade API v2; default
    /// [`DEFAULT_POLYMARKET_URL`] or [`DEFAULT_KALSHI_URL`].
    pub base_url: String,
    /// Polymarket: the order books' base URL (`clob_url`); Kalshi: none (one API).
    pub book_url: Option<String>,
    /// Asset code -> the template of the day's contract (Polymarket: the Gamma market slug;
    /// Kalshi: the event ticker), filled by [`contract_name`]. A market not named has no
    /// contract on the venue. Default: none.
    pub contracts: BTreeMap<String, String>,
}

/// The contract `template` names for `session` (see [`CONTRACT_PLACEHOLDERS`]).
pub fn contract_name(template: &str, session: Date) -> String {
    let month = MONTHS[(session.month.clamp(1, 12) - 1) as usize];
    let mut out = String::with_capacity(template.len() + 8);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let key = &rest[open + 1..open + close];
        match key {
            "yyyy" => out.push_str(&format!("{:04}", session.year)),
            "yy" => out.push_str(&format!("{:02}", session.year.rem_euclid(100))),
            "mm" => out.push_str(&format!("{:02}", session.month)),
            "dd" => out.push_str(&format!("{:02}", session.day)),
            "d" => out.push_str(&session.day.to_string()),
            "month" => out.push_str(month),
            "MON" => out.push_str(&month[..3].to_ascii_uppercase()),
            other => {
                out.push('{');
                out.push_str(other);
                out.push('}');
            }
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// Why a contract template cannot be used, if it cannot.
fn template_problem(t: &str) -> Option<String> {
    if t.is_empty() || t.len() > 200 {
        return Some("a template is 1 to 200 characters".into());
    }
    if !t
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~{}".contains(&b))
    {
        return Some(format!(
            "{t:?}: letters, digits, - . _ ~ and {{placeholders}} only"
        ));
    }
    let mut rest = t;
    while let Some(open) = rest.find(['{', '}']) {
        if rest.as_bytes()[open] == b'}' {
            return Some(format!("{t:?}: '}}' without '{{'"));
        }
        let Some(close) = rest[open..].find('}') else {
            return Some(format!("{t:?}: '{{' without '}}'"));
        };
        let key = &rest[open + 1..open + close];
        if !CONTRACT_PLACEHOLDERS.contains(&key) {
            return Some(format!(
                "{t:?}: {{{key}}} is not one of {}",
                CONTRACT_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(" ")
            ));
        }
        rest = &rest[open + close + 1..];
    }
    None
}

/// The `[crowd]` table, checked (spec §4.9): the venues read into the run line; default none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Crowd {
    /// The `[crowd.polymarket]` table; `None` when absent or `enabled = false`.
    pub polymarket: Option<CrowdSource>,
    /// The `[crowd.kalshi]` table; `None` when absent or `enabled = false`.
    pub kalshi: Option<CrowdSource>,
}

/// `[experiment]`: where the reader experiment keeps its records (spec §6).
#[derive(Clone, Default, PartialEq)]
pub struct Experiment {
    /// A `postgres://` or `postgresql://` URL selecting PostgreSQL; None: SQLite in the league
    /// directory. It may hold a password, so it is never printed ([`fmt::Debug`] hides it).
    pub database_url: Option<String>,
    /// The reverse proxies in front of `sealbook serve` whose `X-Forwarded-For` is read for
    /// the API's limits ([`crate::experiment::client`]); empty: the header is never read.
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl fmt::Debug for Experiment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Experiment")
            .field("database_url", &self.database_url.as_ref().map(|_| "(set)"))
            .field("trusted_proxies", &self.trusted_proxies)
            .finish()
    }
}

/// The schemes `[experiment] database_url` accepts.
pub const DATABASE_URL_SCHEMES: [&str; 2] = ["postgres://", "postgresql://"];

/// A league's configuration file (`league.toml`), checked by [`LeagueConfig::from_toml`]; every
/// default filled in.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueConfig {
    /// The `[league] name` key: the league's name, not empty.
    pub name: String,
    /// The `[league] methodology_version` key: the scoring methodology version sealed in every run
    /// line (spec §3.10).
    pub methodology_version: String,
    /// The `[[seat]]` tables in roster order: 1 to [`MAX_SEATS`] seats with unique names.
    pub seats: Vec<Seat>,
    /// The `[schedule]` table: when each job runs on NYSE sessions, New York time.
    pub schedule: Schedule,
    /// The `[anchors]` table: the calendars, authorities and log each stamped list goes to.
    pub anchors: Anchors,
    /// The `[prices]` table: the provider of the bars each session is scored on.
    pub prices: Prices,
    /// The `[crowd]` table: the venues whose prices are read into the run line.
    pub crowd: Crowd,
    /// The `[experiment]` table: where the reader experiment keeps its records.
    pub experiment: Experiment,
}

// The file as written (every field optional; checked after parsing).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    league: Option<toml::Spanned<LeagueToml>>,
    #[serde(default)]
    seat: Vec<toml::Spanned<SeatToml>>,
    schedule: Option<toml::Spanned<ScheduleToml>>,
    anchors: Option<toml::Spanned<AnchorsToml>>,
    prices: Option<toml::Spanned<PricesToml>>,
    // Not spanned: toml cannot span a table only defined by `[crowd.polymarket]` headers.
    crowd: Option<CrowdToml>,
    experiment: Option<toml::Spanned<ExperimentToml>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperimentToml {
    database_url: Option<String>,
    trusted_proxies: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeagueToml {
    name: Option<String>,
    methodology_version: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatToml {
    name: Option<String>,
    adapter: Option<String>,
    base_url: Option<String>,
    model: Option<String>,
    api_key_env: Option<String>,
    command: Option<Vec<String>>,
    env: Option<Vec<String>>,
    family: Option<String>,
    side: Option<String>,
    provider: Option<String>,
    mode: Option<String>,
    timeout_seconds: Option<u32>,
    retries: Option<u32>,
    max_tokens: Option<u32>,
    temperature: Option<f64>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ScheduleToml {
    morning_run_et: Option<String>,
    other_runs_et: Option<Vec<String>>,
    reference_et: Option<String>,
    score_et: Option<String>,
    stamp_every_minutes: Option<u32>,
    stamp_settle_seconds: Option<u32>,
    upgrade_every_minutes: Option<u32>,
    first_session: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TsaToml {
    name: String,
    url: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct AnchorsToml {
    ots_calendars: Option<Vec<String>>,
    tsa: Option<Vec<TsaToml>>,
    rekor_url: Option<String>,
    rekor_key: Option<String>,
    rekor_log_key: Option<String>,
    rekor_api: Option<String>,
    timeout_seconds: Option<u32>,
    retries: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PricesToml {
    provider: Option<String>,
    path: Option<String>,
    base_url: Option<String>,
    #[serde(default)]
    symbols: BTreeMap<String, String>,
    #[serde(default)]
    fund_symbols: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrowdSourceToml {
    #[serde(default = "yes")]
    enabled: bool,
    base_url: Option<String>,
    clob_url: Option<String>,
    #[serde(default)]
    contracts: BTreeMap<String, String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrowdToml {
    polymarket: Option<CrowdSourceToml>,
    kalshi: Option<CrowdSourceToml>,
}

/// Most bytes a config file may have.
pub const MAX_CONFIG_BYTES: usize = 1 << 20;
/// Most seats a league may have.
pub const MAX_SEATS: usize = 256;

/// Errors positioned in one file's text.
struct Source<'a> {
    file: &'a str,
    text: &'a str,
}

impl Source<'_> {
    fn line_of(&self, offset: usize) -> u64 {
        let end = offset.min(self.text.len());
        1 + self.text.as_bytes()[..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count() as u64
    }

    fn err(&self, line: u64, field: &str, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: self.file.to_string(),
            line,
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The line of `key = ...` inside `span` (a table's text), else the table's first line.
    fn key_line(&self, span: &Range<usize>, key: &str) -> u64 {
        let end = span.end.min(self.text.len());
        let start = span.start.min(end);
        let mut offset = start;
        for l in self.text[start..end].split_inclusive('\n') {
            let t = l.trim_start();
            if t.strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with('='))
            {
                return self.line_of(offset);
            }
            offset += l.len();
        }
        self.line_of(start)
    }

    /// The dotted field a parse error at `offset` is in: the table header above it and the
    /// key on its line, with `[[seat]]` tables numbered from 0.
    fn field_at(&self, offset: usize, message: &str) -> String {
        let end = offset.min(self.text.len());
        let before = &self.text[..end];
        let mut table = String::new();
        let mut seats = 0usize;
        for l in before.lines() {
            let t = l.trim();
            if let Some(h) = t.strip_prefix("[[").and_then(|h| h.split("]]").next()) {
                let h = h.trim();
                if h == "seat" {
                    seats += 1;
                    table = format!("seat[{}]", seats - 1);
                } else {
                    table = h.to_string();
                }
            } else if let Some(h) = t.strip_prefix('[').and_then(|h| h.split(']').next()) {
                table = h.trim().to_string();
            }
        }
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[line_start..]
            .find('\n')
            .map_or(self.text.len(), |i| line_start + i);
        let line = &self.text[line_start..line_end];
        // serde names the key in these messages.
        let named = ["unknown field `", "missing field `"]
            .iter()
            .find_map(|p| message.split(p).nth(1))
            .and_then(|r| r.split('`').next())
            .map(str::to_owned);
        let key = named.or_else(|| {
            let (k, _) = line.split_once('=')?;
            let k = k.trim();
            (!k.is_empty() && !k.starts_with('[')).then(|| k.trim_matches('"').to_string())
        });
        match (table.is_empty(), key) {
            (true, Some(k)) => k,
            (false, Some(k)) => format!("{table}.{k}"),
            (false, None) => table,
            (true, None) => "(file)".into(),
        }
    }
}

fn time_of_day(
    src: &Source,
    v: Option<String>,
    default: &str,
    span: &Range<usize>,
    field: &str,
) -> Result<(u32, u32), ConfigError> {
    let s = v.unwrap_or_else(|| default.to_string());
    parse_hhmm(&s).ok_or_else(|| {
        src.err(
            src.key_line(span, field.rsplit('.').next().unwrap_or(field)),
            field,
            format!("{s:?} is not a New York time of day HH:MM"),
        )
    })
}

fn url(src: &Source, s: &str, line: u64, field: &str) -> Result<String, ConfigError> {
    if !(s.starts_with("http://") || s.starts_with("https://")) || s.len() < 10 {
        return Err(src.err(
            line,
            field,
            format!("{s:?} is not an http:// or https:// URL"),
        ));
    }
    Ok(s.trim_end_matches('/').to_string())
}

fn positive(src: &Source, v: u32, line: u64, field: &str) -> Result<u32, ConfigError> {
    if v == 0 {
        return Err(src.err(line, field, "must be 1 or more"));
    }
    Ok(v)
}

/// `[league]` (spec §3.9): the league's name and methodology version, both required.
fn check_league(
    src: &Source,
    league: Option<toml::Spanned<LeagueToml>>,
) -> Result<(String, String), ConfigError> {
    let league = league.ok_or_else(|| src.err(0, "league", "missing: a [league] table"))?;
    let lspan = league.span();
    let league = league.into_inner();
    let need = |v: Option<String>, key: &str| {
        v.filter(|s| !s.trim().is_empty()).ok_or_else(|| {
            src.err(
                src.line_of(lspan.start),
                &format!("league.{key}"),
                "missing or empty",
            )
        })
    };
    let name = need(league.name, "name")?;
    let methodology_version = need(league.methodology_version, "methodology_version")?;
    Ok((name, methodology_version))
}

/// The `[[seat]]` tables: at least one, at most [`MAX_SEATS`], each checked by [`check_seat`].
fn check_seats(src: &Source, raw: Vec<toml::Spanned<SeatToml>>) -> Result<Vec<Seat>, ConfigError> {
    if raw.is_empty() {
        return Err(src.err(0, "seat", "missing: at least one [[seat]]"));
    }
    if raw.len() > MAX_SEATS {
        return Err(src.err(
            src.line_of(raw[MAX_SEATS].span().start),
            &format!("seat[{MAX_SEATS}]"),
            format!("more than {MAX_SEATS} seats"),
        ));
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (i, s) in raw.into_iter().enumerate() {
        let seat = check_seat(src, i, s, &seats)?;
        seats.push(seat);
    }
    Ok(seats)
}

/// The `i`th `[[seat]]` table: a seat name not taken by the `seats` before it, an adapter
/// with the settings it needs (and none that belong to another adapter), the seat's limits.
fn check_seat(
    src: &Source,
    i: usize,
    s: toml::Spanned<SeatToml>,
    seats: &[Seat],
) -> Result<Seat, ConfigError> {
    let span = s.span();
    let s = s.into_inner();
    let at = |key: &str| (src.key_line(&span, key), format!("seat[{i}].{key}"));
    let header = src.line_of(span.start);
    let field_err = |key: &str, message: String| {
        let (line, field) = at(key);
        src.err(line, &field, message)
    };
    let name = s
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .ok_or_else(|| src.err(header, &format!("seat[{i}].name"), "missing or empty"))?;
    if !is_seat_name(&name) {
        let shown: String = name.chars().take(MAX_SEAT_NAME_CHARS + 1).collect();
        return Err(field_err(
                    "name",
                    format!(
                        "{shown:?} is not a seat name: 1 to {MAX_SEAT_NAME_CHARS} characters of A-Z a-z 0-9 . _ -, the first a letter or a digit"
                    ),
                ));
    }
    if seats.iter().any(|o| o.name == name) {
        return Err(field_err("name", format!("seat {name:?} is listed twice")));
    }
    let kind = s.adapter.clone().ok_or_else(|| {
        src.err(
            header,
            &format!("seat[{i}].adapter"),
            format!("missing: one of {}", ADAPTERS.join(", ")),
        )
    })?;
    let adapter = seat_adapter(src, i, &span, &s, &kind)?;
    // Settings that belong to other adapters are errors, not silently ignored.
    let network = matches!(kind.as_str(), "openai" | "anthropic" | "gemini");
    for (key, present, applies) in [
        ("base_url", s.base_url.is_some(), network),
        ("model", s.model.is_some(), network),
        ("api_key_env", s.api_key_env.is_some(), network),
        ("max_tokens", s.max_tokens.is_some(), network),
        ("temperature", s.temperature.is_some(), network),
        ("command", s.command.is_some(), kind == "command"),
        ("env", s.env.is_some(), kind == "command"),
        (
            "timeout_seconds",
            s.timeout_seconds.is_some(),
            !adapter.is_reference(),
        ),
        ("retries", s.retries.is_some(), !adapter.is_reference()),
    ] {
        if present && !applies {
            return Err(field_err(key, format!("does not apply to adapter {kind}")));
        }
    }
    let side = match &s.side {
        None => None,
        Some(x) => Some(
            Side::parse(x)
                .ok_or_else(|| field_err("side", format!("{x:?} is not a side: US or China")))?,
        ),
    };
    if let Some(problem) = s.provider.as_deref().and_then(provider_problem) {
        return Err(field_err(
            "provider",
            format!("not a provider name: {problem}"),
        ));
    }
    if let Some(t) = s.temperature {
        if !(0.0..=2.0).contains(&t) {
            return Err(field_err("temperature", format!("{t} is outside 0-2")));
        }
    }
    let (tl, tf) = at("timeout_seconds");
    let (ml, mf) = at("max_tokens");
    Ok(Seat {
        family: s
            .family
            .filter(|f| !f.trim().is_empty())
            .unwrap_or_else(|| name.clone()),
        name,
        adapter,
        side,
        provider: s.provider,
        mode: s.mode.unwrap_or_else(|| DEFAULT_MODE.into()),
        timeout_seconds: positive(
            src,
            s.timeout_seconds.unwrap_or(DEFAULT_SEAT_TIMEOUT_SECONDS),
            tl,
            &tf,
        )?,
        retries: s.retries.unwrap_or(DEFAULT_SEAT_RETRIES),
        max_tokens: positive(src, s.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS), ml, &mf)?,
        temperature: s.temperature,
    })
}

/// The adapter of the `i`th seat (table text `span`) named `kind`, with the settings it needs:
/// a model adapter's URL, model and key variable, a command's program and environment.
fn seat_adapter(
    src: &Source,
    i: usize,
    span: &Range<usize>,
    s: &SeatToml,
    kind: &str,
) -> Result<Adapter, ConfigError> {
    let at = |key: &str| (src.key_line(span, key), format!("seat[{i}].{key}"));
    let header = src.line_of(span.start);
    let field_err = |key: &str, message: String| {
        let (line, field) = at(key);
        src.err(line, &field, message)
    };
    let required = |v: &Option<String>, key: &str| {
        v.clone().filter(|x| !x.trim().is_empty()).ok_or_else(|| {
            src.err(
                header,
                &format!("seat[{i}].{key}"),
                format!("missing: adapter {kind} needs {key}"),
            )
        })
    };
    let model_adapter =
        |default_url: Option<&str>| -> Result<(String, String, Option<String>), ConfigError> {
            let base_url = match (&s.base_url, default_url) {
                (Some(u), _) => {
                    let (line, field) = at("base_url");
                    url(src, u, line, &field)?
                }
                (None, Some(d)) => d.to_string(),
                (None, None) => required(&s.base_url, "base_url")?,
            };
            if let Some(k) = &s.api_key_env {
                if !is_env_name(k) {
                    return Err(field_err(
                        "api_key_env",
                        format!("{k:?} is not an environment variable name (letters, digits, _)"),
                    ));
                }
            }
            let model = required(&s.model, "model")?;
            if crate::score::baselines::is_baseline(&model) {
                // The scorer tells a baseline seat by the model it seals (spec §4.5).
                return Err(field_err(
                    "model",
                    format!("{model:?} is a baseline's model name; a model seat cannot seal it"),
                ));
            }
            Ok((base_url, model, s.api_key_env.clone()))
        };
    let adapter = match kind {
        "openai" => {
            let (base_url, model, api_key_env) = model_adapter(None)?;
            Adapter::OpenAi {
                base_url,
                model,
                api_key_env,
            }
        }
        "anthropic" => {
            let (base_url, model, api_key_env) = model_adapter(Some(DEFAULT_ANTHROPIC_URL))?;
            Adapter::Anthropic {
                base_url,
                model,
                api_key_env,
            }
        }
        "gemini" => {
            let (base_url, model, api_key_env) = model_adapter(Some(DEFAULT_GEMINI_URL))?;
            Adapter::Gemini {
                base_url,
                model,
                api_key_env,
            }
        }
        "command" => {
            let command = s.command.clone().unwrap_or_default();
            if command.is_empty() || command[0].is_empty() {
                return Err(src.err(
                    header,
                    &format!("seat[{i}].command"),
                    "missing: adapter command needs command = [\"program\", \"arg\", ...]",
                ));
            }
            let env = s.env.clone().unwrap_or_default();
            for (j, v) in env.iter().enumerate() {
                if !is_env_name(v) {
                    let (line, _) = at("env");
                    return Err(src.err(
                        line,
                        &format!("seat[{i}].env[{j}]"),
                        format!("{v:?} is not an environment variable name (letters, digits, _)"),
                    ));
                }
            }
            Adapter::Command { command, env }
        }
        "coin" => Adapter::Coin,
        "climatology" => Adapter::Climatology,
        "momentum" => Adapter::Momentum,
        other => {
            return Err(field_err(
                "adapter",
                format!(
                    "{other:?} is not an adapter: one of {}",
                    ADAPTERS.join(", ")
                ),
            ))
        }
    };
    Ok(adapter)
}

/// An optional table and the span [`Source::key_line`] searches: the table as written, or,
/// when the file has none, every key unset and the whole file as the span.
fn table_or_default<T: Default>(
    src: &Source,
    table: Option<toml::Spanned<T>>,
) -> (Range<usize>, T) {
    match table {
        Some(t) => (t.span(), t.into_inner()),
        None => (0..src.text.len(), T::default()),
    }
}

/// `[schedule]`: the New York times of the runs, the reference and scoring (spec §3.3), the
/// stamping cadence and the first session; every key has a default. See [`check_run_times`].
fn check_schedule(
    src: &Source,
    schedule: Option<toml::Spanned<ScheduleToml>>,
) -> Result<Schedule, ConfigError> {
    let (sspan, sch) = table_or_default(src, schedule);
    let first_session = match &sch.first_session {
        None => None,
        Some(d) => Some(Date::parse(d).ok_or_else(|| {
            src.err(
                src.key_line(&sspan, "first_session"),
                "schedule.first_session",
                format!("{d:?} is not a date YYYY-MM-DD"),
            )
        })?),
    };
    let schedule = Schedule {
            morning_run: time_of_day(
                src,
                sch.morning_run_et,
                DEFAULT_MORNING_RUN_ET,
                &sspan,
                "schedule.morning_run_et",
            )?,
            other_runs: sch
                .other_runs_et
                .unwrap_or_default()
                .into_iter()
                .map(|t| {
                    time_of_day(
                        src,
                        Some(t),
                        "",
                        &sspan,
                        "schedule.other_runs_et",
                    )
                })
                .collect::<Result<_, _>>()?,
            reference: time_of_day(
                src,
                sch.reference_et,
                DEFAULT_REFERENCE_ET,
                &sspan,
                "schedule.reference_et",
            )?,
            score: time_of_day(
                src,
                sch.score_et,
                DEFAULT_SCORE_ET,
                &sspan,
                "schedule.score_et",
            )?,
            stamp_every_minutes: positive(
                src,
                sch.stamp_every_minutes
                    .unwrap_or(DEFAULT_STAMP_EVERY_MINUTES),
                src.key_line(&sspan, "stamp_every_minutes"),
                "schedule.stamp_every_minutes",
            )?,
            stamp_settle_seconds: match positive(
                src,
                sch.stamp_settle_seconds
                    .unwrap_or(DEFAULT_STAMP_SETTLE_SECONDS),
                src.key_line(&sspan, "stamp_settle_seconds"),
                "schedule.stamp_settle_seconds",
            )? {
                s if s > MAX_STAMP_SETTLE_SECONDS => {
                    return Err(src.err(
                        src.key_line(&sspan, "stamp_settle_seconds"),
                        "schedule.stamp_settle_seconds",
                        format!("{s} is more than {MAX_STAMP_SETTLE_SECONDS}: a sealed line is stamped within a minute of its seal (spec §3.2)"),
                    ))
                }
                s => s,
            },
            upgrade_every_minutes: positive(
                src,
                sch.upgrade_every_minutes
                    .unwrap_or(DEFAULT_UPGRADE_EVERY_MINUTES),
                src.key_line(&sspan, "upgrade_every_minutes"),
                "schedule.upgrade_every_minutes",
            )?,
            first_session,
        };
    check_run_times(src, &sspan, &schedule)?;
    Ok(schedule)
}

/// The order of a schedule's times (spec §3.3): the morning run before the reference, every
/// other run distinct and outside the reference-to-close window, scoring after the close;
/// errors name the line in the `[schedule]` table `sspan`.
fn check_run_times(
    src: &Source,
    sspan: &Range<usize>,
    schedule: &Schedule,
) -> Result<(), ConfigError> {
    if schedule.morning_run >= schedule.reference {
        return Err(src.err(
            src.key_line(sspan, "morning_run_et"),
            "schedule.morning_run_et",
            "the morning run must start before the reference time (spec §3.3)",
        ));
    }
    for (i, &t) in schedule.other_runs.iter().enumerate() {
        let problem = if t == schedule.morning_run {
            Some("is the morning run's time".to_string())
        } else if schedule.other_runs[..i].contains(&t) {
            Some("is named twice".to_string())
        } else if t >= schedule.reference && t < (16, 0) {
            Some("falls between the reference and the 16:00 close: a run must be asked before its session's reference (spec §3.3) or after the close, for the next session".to_string())
        } else {
            None
        };
        if let Some(p) = problem {
            return Err(src.err(
                src.key_line(sspan, "other_runs_et"),
                "schedule.other_runs_et",
                format!("{:02}:{:02} {p}", t.0, t.1),
            ));
        }
    }
    if schedule.score < (16, 0) {
        return Err(src.err(
            src.key_line(sspan, "score_et"),
            "schedule.score_et",
            "scoring starts after the 16:00 close",
        ));
    }
    Ok(())
}

/// `[anchors]`: the OpenTimestamps calendars, the RFC 3161 authorities, the Rekor log and its
/// API, and the anchor clients' limits; every key has a default.
fn check_anchors(
    src: &Source,
    anchors: Option<toml::Spanned<AnchorsToml>>,
) -> Result<Anchors, ConfigError> {
    let (aspan, anc) = table_or_default(src, anchors);
    let al = |k: &str| src.key_line(&aspan, k);
    let ots_calendars = anc
        .ots_calendars
        .unwrap_or_else(|| {
            DEFAULT_OTS_CALENDARS
                .iter()
                .map(|s| s.to_string())
                .collect()
        })
        .iter()
        .enumerate()
        .map(|(i, u)| {
            url(
                src,
                u,
                al("ots_calendars"),
                &format!("anchors.ots_calendars[{i}]"),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let tsa = check_tsa(src, anc.tsa, al("tsa"))?;
    let rekor_url = match anc.rekor_url.as_deref() {
        None => Some(DEFAULT_REKOR_URL.to_string()),
        Some("") => None,
        Some(u) => Some(url(src, u, al("rekor_url"), "anchors.rekor_url")?),
    };
    let path = |v: Option<String>, key: &str| match v {
        Some(p) if p.is_empty() => Err(src.err(
            al(key),
            &format!("anchors.{key}"),
            "empty: leave it out for the default",
        )),
        v => Ok(v),
    };
    let rekor_api = match anc.rekor_api.as_deref() {
        None | Some("v1") => RekorApi::V1,
        Some("v2") => RekorApi::V2,
        Some(other) => {
            return Err(src.err(
                al("rekor_api"),
                "anchors.rekor_api",
                format!(
                    "{other:?} is not a Rekor API: \"v1\" (api/v1) or \"v2\" (rekor-tiles, api/v2)"
                ),
            ))
        }
    };
    if rekor_api == RekorApi::V2 && rekor_url.is_some() && anc.rekor_log_key.is_none() {
        return Err(src.err(
                al("rekor_api"),
                "anchors.rekor_log_key",
                "required with rekor_api = \"v2\": the v2 log's Ed25519 public key (PEM); the shipped key is the v1 log's",
            ));
    }
    let anchors = Anchors {
        ots_calendars,
        tsa,
        rekor_url,
        rekor_key: path(anc.rekor_key, "rekor_key")?,
        rekor_log_key: path(anc.rekor_log_key, "rekor_log_key")?,
        rekor_api,
        timeout_seconds: positive(
            src,
            anc.timeout_seconds
                .unwrap_or(DEFAULT_ANCHOR_TIMEOUT_SECONDS),
            al("timeout_seconds"),
            "anchors.timeout_seconds",
        )?,
        retries: anc.retries.unwrap_or(DEFAULT_ANCHOR_RETRIES),
    };
    Ok(anchors)
}

/// `anchors.tsa` (the default authorities when absent): each a name of letters, digits and `-`
/// and an http(s) URL; errors name `line`, the `tsa` key's.
fn check_tsa(src: &Source, list: Option<Vec<TsaToml>>, line: u64) -> Result<Vec<Tsa>, ConfigError> {
    let tsa = match list {
        None => DEFAULT_TSA
            .iter()
            .map(|(n, u)| Tsa {
                name: n.to_string(),
                url: u.to_string(),
            })
            .collect(),
        Some(list) => list
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                if t.name.is_empty()
                    || !t
                        .name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                {
                    return Err(src.err(
                        line,
                        &format!("anchors.tsa[{i}].name"),
                        format!("{:?} is not a name of letters, digits and -", t.name),
                    ));
                }
                Ok(Tsa {
                    url: url(src, &t.url, line, &format!("anchors.tsa[{i}].url"))?,
                    name: t.name,
                })
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(tsa)
}

/// `[prices]`: the provider, the symbols of the twelve markets (each defaults to the provider's
/// own) and the funds' symbols.
fn check_prices(
    src: &Source,
    prices: Option<toml::Spanned<PricesToml>>,
) -> Result<Prices, ConfigError> {
    let prices =
        prices.ok_or_else(|| src.err(0, "prices", "missing: a [prices] table with provider"))?;
    let pspan = prices.span();
    let p = prices.into_inner();
    let pl = |k: &str| src.key_line(&pspan, k);
    let provider = price_provider(src, &p, &pspan)?;
    let mut symbols = BTreeMap::new();
    for (m, y) in MARKETS.iter().zip(YAHOO_SYMBOLS) {
        let default = match provider {
            PriceSource::Csv { .. } => m.to_string(),
            PriceSource::Yahoo { .. } => y.to_string(),
        };
        symbols.insert(m.to_string(), default);
    }
    for (asset, sym) in p.symbols {
        if !MARKETS.contains(&asset.as_str()) {
            return Err(src.err(
                pl("symbols").max(pl(&asset)),
                &format!("prices.symbols.{asset}"),
                format!(
                    "{asset:?} is not one of the twelve markets {}",
                    MARKETS.join(" ")
                ),
            ));
        }
        if sym.is_empty() {
            return Err(src.err(
                pl(&asset),
                &format!("prices.symbols.{asset}"),
                "empty symbol",
            ));
        }
        symbols.insert(asset, sym);
    }
    for (ticker, sym) in &p.fund_symbols {
        if ticker.is_empty() || sym.is_empty() {
            return Err(src.err(
                pl("fund_symbols").max(pl(ticker)),
                &format!("prices.fund_symbols.{ticker}"),
                "empty ticker or symbol",
            ));
        }
    }
    let prices = Prices {
        provider,
        symbols,
        fund_symbols: p.fund_symbols,
    };
    Ok(prices)
}

/// `prices.provider` with the one setting that applies to it: a CSV file's path, or Yahoo's URL.
fn price_provider(
    src: &Source,
    p: &PricesToml,
    pspan: &Range<usize>,
) -> Result<PriceSource, ConfigError> {
    let pl = |k: &str| src.key_line(pspan, k);
    let provider = match p.provider.as_deref() {
        Some("csv") => {
            if p.base_url.is_some() {
                return Err(src.err(
                    pl("base_url"),
                    "prices.base_url",
                    "does not apply to provider csv",
                ));
            }
            PriceSource::Csv {
                path: p.path.clone().filter(|x| !x.is_empty()).ok_or_else(|| {
                    src.err(
                        src.line_of(pspan.start),
                        "prices.path",
                        "missing: provider csv needs path",
                    )
                })?,
            }
        }
        Some("yahoo") => {
            if p.path.is_some() {
                return Err(src.err(
                    pl("path"),
                    "prices.path",
                    "does not apply to provider yahoo",
                ));
            }
            PriceSource::Yahoo {
                base_url: match &p.base_url {
                    None => DEFAULT_YAHOO_URL.into(),
                    Some(u) => url(src, u, pl("base_url"), "prices.base_url")?,
                },
            }
        }
        Some(other) => {
            return Err(src.err(
                pl("provider"),
                "prices.provider",
                format!("{other:?} is not a provider: csv or yahoo"),
            ))
        }
        None => {
            return Err(src.err(
                src.line_of(pspan.start),
                "prices.provider",
                "missing: csv or yahoo",
            ))
        }
    };
    Ok(provider)
}

/// The line of a venue's `[crowd.<venue>]` header or `<venue> = {...}` key.
fn venue_line(src: &Source, name: &str) -> u64 {
    let header = format!("[crowd.{name}]");
    let mut offset = 0;
    for l in src.text.split_inclusive('\n') {
        if l.trim_start().starts_with(&header) {
            return src.line_of(offset);
        }
        offset += l.len();
    }
    src.key_line(&(0..src.text.len()), name)
}

/// One crowd venue (spec §4.6): `None` unless enabled; its URLs and its contract templates,
/// each for one of the twelve markets.
fn crowd_source(
    src: &Source,
    s: Option<CrowdSourceToml>,
    name: &str,
    default: &str,
    default_book: Option<&str>,
) -> Result<Option<CrowdSource>, ConfigError> {
    let line = venue_line(src, name);
    let Some(s) = s.filter(|s| s.enabled) else {
        return Ok(None);
    };
    let book_url = match (s.clob_url, default_book) {
        (None, d) => d.map(String::from),
        (Some(u), Some(_)) => Some(url(src, &u, line, &format!("crowd.{name}.clob_url"))?),
        (Some(_), None) => {
            return Err(src.err(
                line,
                &format!("crowd.{name}.clob_url"),
                "applies to polymarket only",
            ))
        }
    };
    for (asset, t) in &s.contracts {
        let field = format!("crowd.{name}.contracts.{asset}");
        if !MARKETS.contains(&asset.as_str()) {
            return Err(src.err(
                line,
                &field,
                format!(
                    "{asset:?} is not one of the twelve markets {}",
                    MARKETS.join(" ")
                ),
            ));
        }
        if let Some(problem) = template_problem(t) {
            return Err(src.err(line, &field, problem));
        }
    }
    Ok(Some(CrowdSource {
        base_url: match s.base_url {
            None => default.into(),
            Some(u) => url(src, &u, line, &format!("crowd.{name}.base_url"))?,
        },
        book_url,
        contracts: s.contracts,
    }))
}

/// `[crowd]`: the prediction-market venues compared with the league; none when absent.
fn check_crowd(src: &Source, crowd: Option<CrowdToml>) -> Result<Crowd, ConfigError> {
    Ok(match crowd {
        None => Crowd::default(),
        Some(c) => Crowd {
            polymarket: crowd_source(
                src,
                c.polymarket,
                "polymarket",
                DEFAULT_POLYMARKET_URL,
                Some(DEFAULT_POLYMARKET_CLOB_URL),
            )?,
            kalshi: crowd_source(src, c.kalshi, "kalshi", DEFAULT_KALSHI_URL, None)?,
        },
    })
}

/// `[experiment]`: the reader experiment's database URL (PostgreSQL; SQLite when absent) and
/// the proxies whose forwarded address it trusts.
fn check_experiment(
    src: &Source,
    experiment: Option<toml::Spanned<ExperimentToml>>,
) -> Result<Experiment, ConfigError> {
    let experiment = match experiment {
        None => Experiment::default(),
        Some(e) => {
            let line = src.key_line(&e.span(), "database_url");
            let proxies_line = src.key_line(&e.span(), "trusted_proxies");
            let e = e.into_inner();
            let trusted_proxies = crate::experiment::client::parse_trusted(
                e.trusted_proxies.iter().flatten().map(String::as_str),
            )
            .map_err(|bad| {
                src.err(
                    proxies_line,
                    "experiment.trusted_proxies",
                    format!("{bad:?} is not an IP address (name each proxy's address)"),
                )
            })?;
            let database_url = e.database_url.filter(|u| !u.is_empty());
            if let Some(u) = &database_url {
                if !DATABASE_URL_SCHEMES.iter().any(|s| u.starts_with(s)) {
                    // The value may hold a password: the message does not repeat it.
                    return Err(src.err(
                        line,
                        "experiment.database_url",
                        "not a postgres:// or postgresql:// URL",
                    ));
                }
            }
            Experiment {
                database_url,
                trusted_proxies,
            }
        }
    };
    Ok(experiment)
}

impl LeagueConfig {
    /// Reads a league config file; `file_name` is how errors name it.
    pub fn from_toml(bytes: &[u8], file_name: &str) -> Result<LeagueConfig, ConfigError> {
        let src0 = Source {
            file: file_name,
            text: "",
        };
        if bytes.len() > MAX_CONFIG_BYTES {
            return Err(src0.err(0, "(file)", format!("larger than {MAX_CONFIG_BYTES} bytes")));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count() as u64;
            src0.err(line, "(file)", "not UTF-8")
        })?;
        let src = Source {
            file: file_name,
            text,
        };
        let raw: FileToml = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            let message = e.message().trim().to_string();
            src.err(
                if e.span().is_some() {
                    src.line_of(offset)
                } else {
                    0
                },
                &src.field_at(offset, &message),
                message,
            )
        })?;
        Self::check(&src, raw)
    }

    /// Checks the parsed file table by table: `[league]`, the seats, `[schedule]`, `[anchors]`,
    /// `[prices]`, `[crowd]`, `[experiment]`; the first error found is returned.
    fn check(src: &Source, raw: FileToml) -> Result<LeagueConfig, ConfigError> {
        let (name, methodology_version) = check_league(src, raw.league)?;
        let seats = check_seats(src, raw.seat)?;
        let schedule = check_schedule(src, raw.schedule)?;
        let anchors = check_anchors(src, raw.anchors)?;
        let prices = check_prices(src, raw.prices)?;
        let crowd = check_crowd(src, raw.crowd)?;
        let experiment = check_experiment(src, raw.experiment)?;
        Ok(LeagueConfig {
            name,
            methodology_version,
            seats,
            schedule,
            anchors,
            prices,
            crowd,
            experiment,
        })
    }

    /// The roster the league declares (spec §3.9), in seat order.
    pub fn roster(&self) -> Vec<RosterSeat> {
        self.seats.iter().map(Seat::roster_seat).collect()
    }
}

/// The configuration file's JSON Schema (draft 2020-12; TOML read as JSON), every default
/// taken from the constants the reader uses.
pub fn league_config_schema() -> serde_json::Value {
    use serde_json::json;
    let hhmm = |d: &str, what: &str| {
        json!({"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "default": d,
               "description": format!("{what}, New York time (America/New_York), HH:MM")})
    };
    let url = |d: Option<&str>, what: &str| {
        let mut v = json!({"type": "string", "pattern": "^https?://", "description": what});
        if let Some(d) = d {
            v["default"] = json!(d);
        }
        v
    };
    let contracts = |what: &str| {
        json!({"type": "object", "default": {},
               "description": format!("Asset code -> {what}, a template whose placeholders {} are filled from the session's date; a market not named has no contract here.",
                   CONTRACT_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(" ")),
               "propertyNames": {"enum": MARKETS},
               "additionalProperties": {"type": "string", "pattern": "^([A-Za-z0-9._~-]|\\{(yyyy|yy|mm|dd|d|month|MON)\\})+$"}})
    };
    let count = |d: u32, min: u32, what: &str| json!({"type": "integer", "minimum": min, "default": d, "description": what});
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://sealbook.invalid/schema/league-config.schema.json",
        "title": "sealbook league configuration (league.toml)",
        "description": "A sealbook league: its seats, schedule, anchors, prices and crowd sources. Only [league], one [[seat]] and [prices] are required.",
        "type": "object",
        "additionalProperties": false,
        "required": ["league", "seat", "prices"],
        "properties": {
            "league": {
                "type": "object", "additionalProperties": false,
                "required": ["name", "methodology_version"],
                "properties": {
                    "name": {"type": "string", "minLength": 1, "description": "The league's name."},
                    "methodology_version": {"type": "string", "minLength": 1, "description": "The scoring methodology version sealed in every run line (spec §3.10)."}
                }
            },
            "seat": {
                "type": "array", "minItems": 1, "maxItems": MAX_SEATS,
                "description": "The seats, in roster order.",
                "items": {
                    "type": "object", "additionalProperties": false,
                    "required": ["name", "adapter"],
                    "properties": {
                        "name": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$", "maxLength": MAX_SEAT_NAME_CHARS, "description": "Unique seat name: a file name in the league directory and a word of the logs, so letters, digits, '.', '_' and '-', the first a letter or a digit."},
                        "adapter": {"enum": ADAPTERS, "description": "openai: OpenAI-compatible chat completions; anthropic: Messages; gemini: generateContent; command: a program (ask on stdin, answer on stdout); coin: 50 everywhere; climatology: the sealed base rates; momentum: 55 in the direction of the last change."},
                        "base_url": url(None, "API base URL (required for openai; anthropic and gemini default to the provider's)."),
                        "model": {"type": "string", "description": "Model name sent to the provider (model adapters)."},
                        "api_key_env": {"type": "string", "pattern": "^[A-Za-z0-9_]+$", "description": "Environment variable holding the API key; keys are never written to a file or log."},
                        "command": {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "Program and arguments (adapter command)."},
                        "env": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z0-9_]+$"}, "default": [], "description": format!("Environment variables the program is given (adapter command), besides {} when set; no other variable of the operator's environment (no other seat's key) reaches it.", COMMAND_BASE_ENV.join(", "))},
                        "family": {"type": "string", "description": "The seat's lab; default: the seat's name (spec §5.3)."},
                        "side": {"enum": ["US", "China"], "description": "A US or a Chinese lab (spec §5.8); default: none."},
                        "provider": {"type": "string", "minLength": 1, "maxLength": MAX_PROVIDER_BYTES, "pattern": "^[^/\\s\\x00-\\x1f\\x7f-\\x9f]+$",
                                     "description": format!("The provider the seat is called through, a short public name (\"openai\", \"anthropic\", \"deepseek\", \"local\"), never a URL or a key: 1 to {MAX_PROVIDER_BYTES} bytes without whitespace, control characters or '/'. Sealed in the roster and published in league-roster.json (spec §3.10, Table 8); default: none (null there).")},
                        "mode": {"type": "string", "default": DEFAULT_MODE, "description": "Sealed in the answer line as mode."},
                        "timeout_seconds": count(DEFAULT_SEAT_TIMEOUT_SECONDS, 1, "Per-attempt timeout (model and command adapters)."),
                        "retries": count(DEFAULT_SEAT_RETRIES, 0, "Retries after a failed attempt, with backoff, until the deadline (the reference time)."),
                        "max_tokens": count(DEFAULT_MAX_TOKENS, 1, "Most tokens a reply may have (model adapters)."),
                        "temperature": {"type": "number", "minimum": 0, "maximum": 2, "description": "Sampling temperature (model adapters); default: the provider's."}
                    }
                }
            },
            "schedule": {
                "type": "object", "additionalProperties": false,
                "description": "When jobs run, on NYSE sessions (America/New_York).",
                "properties": {
                    "morning_run_et": hhmm(DEFAULT_MORNING_RUN_ET, "The counted morning run (spec §3.4)"),
                    "other_runs_et": {"type": "array", "uniqueItems": true, "default": [], "items": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}, "description": "The session's other runs (spec §3.4), New York times HH:MM: before the reference on the session day, or at or after the 16:00 close on the day before (an evening run). Each is sealed, scored and published not_counted (run_role earlier_run); the morning run counts."},
                    "reference_et": hhmm(DEFAULT_REFERENCE_ET, "The reference time: answers count until then (spec §3.3)"),
                    "score_et": hhmm(DEFAULT_SCORE_ET, "Close scoring, after the 16:00 close"),
                    "stamp_every_minutes": count(DEFAULT_STAMP_EVERY_MINUTES, 1, "Stamping cadence during the session day (a floor: sealed lines are also stamped on arrival)."),
                    "stamp_settle_seconds": {"type": "integer", "minimum": 1, "maximum": MAX_STAMP_SETTLE_SECONDS, "default": DEFAULT_STAMP_SETTLE_SECONDS, "description": "Seconds from a line's seal to the stamp that covers it; lines sealed within them share one stamped list."},
                    "upgrade_every_minutes": count(DEFAULT_UPGRADE_EVERY_MINUTES, 1, "How often pending OpenTimestamps proofs are upgraded."),
                    "first_session": {"type": "string", "format": "date", "description": "First session the schedule counts; default: the first session after init."}
                }
            },
            "anchors": {
                "type": "object", "additionalProperties": false,
                "properties": {
                    "ots_calendars": {"type": "array", "items": url(None, "OpenTimestamps calendar"), "default": DEFAULT_OTS_CALENDARS},
                    "tsa": {"type": "array", "default": DEFAULT_TSA.iter().map(|(n, u)| json!({"name": n, "url": u})).collect::<Vec<_>>(),
                            "items": {"type": "object", "additionalProperties": false, "required": ["name", "url"],
                                      "properties": {"name": {"type": "string", "pattern": "^[A-Za-z0-9-]+$"}, "url": url(None, "RFC 3161 endpoint")}}},
                    "rekor_url": {"type": "string", "default": DEFAULT_REKOR_URL, "description": "Rekor transparency log; empty: none."},
                    "rekor_key": {"type": "string", "minLength": 1, "description": "The operator's ECDSA P-256 private key (PEM) that signs each list logged in Rekor, relative to the config file's directory (an absolute path keeps it out of the published league directory); default: a fresh key per entry (the entry then shows the list's digest and time, not who logged it)."},
                    "rekor_log_key": {"type": "string", "minLength": 1, "description": "The Rekor log's public key (PEM), relative to the config file's directory; default: the public-good log's key shipped in www/trust/ (a v1 log's; required with rekor_api = \"v2\")."},
                    "rekor_api": {"type": "string", "enum": ["v1", "v2"], "default": "v1", "description": "The API the log at rekor_url speaks: v1 (api/v1, the entry stored as <list>.rekor.json) or v2 (rekor-tiles, api/v2, the entry stored in a Sigstore bundle <list>.sigstore.json)."},
                    "timeout_seconds": count(DEFAULT_ANCHOR_TIMEOUT_SECONDS, 1, "Per-request timeout."),
                    "retries": count(DEFAULT_ANCHOR_RETRIES, 0, "Retries with backoff; a failure is recorded and never blocks the book.")
                }
            },
            "prices": {
                "type": "object", "additionalProperties": false, "required": ["provider"],
                "properties": {
                    "provider": {"enum": ["csv", "yahoo"]},
                    "path": {"type": "string", "description": "csv: symbol,time,open,high,low,close,volume 1-minute bars; relative to the config file's directory."},
                    "base_url": url(Some(DEFAULT_YAHOO_URL), "yahoo: chart v8 base URL."),
                    "symbols": {"type": "object", "description": "Asset code -> provider symbol; default: the code (csv) or the Yahoo symbol (yahoo).",
                                "propertyNames": {"enum": MARKETS}, "additionalProperties": {"type": "string", "minLength": 1},
                                "default": MARKETS.iter().zip(YAHOO_SYMBOLS).map(|(m, y)| (m.to_string(), json!(y))).collect::<serde_json::Map<_, _>>()},
                    "fund_symbols": {"type": "object", "description": "The trading tracks' fund and cash-rate tickers (arena-protocol.json: SPY ... IBIT, VIXY, ^IRX) -> provider symbol (spec §4.7); default: the ticker itself.",
                                "additionalProperties": {"type": "string", "minLength": 1}}
                }
            },
            "crowd": {
                "type": "object", "additionalProperties": false,
                "description": "Crowd prices read into the run line (spec §4.9); default: none.",
                "properties": {
                    "polymarket": {"type": "object", "additionalProperties": false, "properties": {
                        "enabled": {"type": "boolean", "default": true},
                        "base_url": url(Some(DEFAULT_POLYMARKET_URL), "Polymarket Gamma API (the market list)"),
                        "clob_url": url(Some(DEFAULT_POLYMARKET_CLOB_URL), "Polymarket CLOB API (the order books)"),
                        "contracts": contracts("the Gamma market slug of the day's up-or-down market")}},
                    "kalshi": {"type": "object", "additionalProperties": false, "properties": {
                        "enabled": {"type": "boolean", "default": true},
                        "base_url": url(Some(DEFAULT_KALSHI_URL), "Kalshi trade API v2"),
                        "contracts": contracts("the event ticker of the day's strike ladder")}}
                }
            },
            "experiment": {
                "type": "object", "additionalProperties": false,
                "description": "The reader experiment's records (spec §6); default: SQLite in the league directory (experiment.sqlite).",
                "properties": {
                    "database_url": {"type": "string", "pattern": "^postgres(ql)?://",
                        "description": "PostgreSQL for the experiment's records. The environment variable SEALBOOK_EXPERIMENT_DATABASE_URL, when set and not empty, wins over this key. The URL (and any password in it) is never written to a log line."},
                    "trusted_proxies": {"type": "array", "items": {"type": "string"},
                        "description": "The IP addresses of the reverse proxies in front of sealbook serve: a request from one of them counts against the rightmost X-Forwarded-For entry that is not one of them. Default: none, and X-Forwarded-For is never read."}
                }
            }
        }
    })
}

/// [`league_config_schema`] as published: pretty JSON with a final LF.
pub fn league_config_schema_bytes() -> Vec<u8> {
    let mut b = serde_json::to_vec_pretty(&league_config_schema()).expect("a JSON value");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The minimal file of the league's documentation.
    pub const MINIMAL: &str = r#"[league]
name = "my league"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "http://127.0.0.1:9000/v1"
model = "gpt-test"
api_key_env = "ALPHA_KEY"
family = "lab-a"
side = "US"

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "csv"
path = "prices.csv"
"#;

    fn parse(s: &str) -> Result<LeagueConfig, ConfigError> {
        LeagueConfig::from_toml(s.as_bytes(), "league.toml")
    }

    /// The stamp's settle window (spec §3.2): 5 s unless set, set within 1..=60 s, and a
    /// value outside refused naming its line and field.
    #[test]
    fn the_stamp_settle_window_is_bounded() {
        assert_eq!(
            parse(MINIMAL).unwrap().schedule.stamp_settle_seconds,
            DEFAULT_STAMP_SETTLE_SECONDS
        );
        let with = |v: &str| {
            parse(&format!(
                "{MINIMAL}\n[schedule]\nstamp_settle_seconds = {v}\n"
            ))
        };
        assert_eq!(with("2").unwrap().schedule.stamp_settle_seconds, 2);
        assert_eq!(with("60").unwrap().schedule.stamp_settle_seconds, 60);
        for bad in ["0", "61", "86400"] {
            let e = with(bad).unwrap_err();
            assert_eq!(e.field, "schedule.stamp_settle_seconds", "{bad}: {e}");
            assert_eq!(e.line, MINIMAL.lines().count() as u64 + 3, "{bad}: {e}");
        }
    }

    /// The API a Rekor log speaks is declared: v1 unless set, v2 with the v2 log's key, and
    /// anything else refused naming its line and field.
    #[test]
    fn the_rekor_api_is_declared() {
        assert_eq!(parse(MINIMAL).unwrap().anchors.rekor_api, RekorApi::V1);
        let with = |v: &str| parse(&format!("{MINIMAL}\n[anchors]\n{v}\n"));
        let c = with("rekor_api = \"v2\"\nrekor_log_key = \"log-v2.pub\"").unwrap();
        assert_eq!(c.anchors.rekor_api, RekorApi::V2);
        assert_eq!(
            with("rekor_api = \"v1\"").unwrap().anchors.rekor_api,
            RekorApi::V1
        );
        let e = with("rekor_api = \"tiles\"").unwrap_err();
        assert_eq!(e.field, "anchors.rekor_api", "{e}");
        assert_eq!(e.line, MINIMAL.lines().count() as u64 + 3, "{e}");
        assert!(
            e.to_string().contains("\"tiles\" is not a Rekor API"),
            "{e}"
        );
        // The shipped key is a v1 log's: a v2 log needs its own.
        let e = with("rekor_api = \"v2\"").unwrap_err();
        assert_eq!(e.field, "anchors.rekor_log_key", "{e}");
        // No log, nothing to check the key against.
        assert!(with("rekor_api = \"v2\"\nrekor_url = \"\"").is_ok());
    }

    #[test]
    fn the_experiment_database_url() {
        assert_eq!(parse(MINIMAL).unwrap().experiment.database_url, None);
        let url = "postgres://reader:s3cret-pw@127.0.0.1:5432/league";
        let c = parse(&format!(
            "{MINIMAL}\n[experiment]\ndatabase_url = \"{url}\"\n"
        ))
        .unwrap();
        assert_eq!(c.experiment.database_url.as_deref(), Some(url));
        assert!(
            !format!("{c:?}").contains("s3cret-pw"),
            "the password is not in the config's Debug"
        );
        let bad = "mysql://reader:s3cret-pw@127.0.0.1/league";
        let e = parse(&format!(
            "{MINIMAL}\n[experiment]\ndatabase_url = \"{bad}\"\n"
        ))
        .unwrap_err();
        assert_eq!(e.field, "experiment.database_url");
        assert_eq!(e.line, MINIMAL.lines().count() as u64 + 3);
        assert!(!e.to_string().contains("s3cret-pw"), "{e}");
        let e = parse(&format!("{MINIMAL}\n[experiment]\nurl = \"x\"\n")).unwrap_err();
        assert!(e.field.starts_with("experiment"), "{}", e.field);
    }

    #[test]
    fn the_experiment_trusted_proxies() {
        assert!(parse(MINIMAL)
            .unwrap()
            .experiment
            .trusted_proxies
            .is_empty());
        let c = parse(&format!(
            "{MINIMAL}\n[experiment]\ntrusted_proxies = [\"127.0.0.1\", \"::1\"]\n"
        ))
        .unwrap();
        let want: Vec<std::net::IpAddr> =
            vec!["127.0.0.1".parse().unwrap(), "::1".parse().unwrap()];
        assert_eq!(c.experiment.trusted_proxies, want);
        let e = parse(&format!(
            "{MINIMAL}\n[experiment]\n\ntrusted_proxies = [\"10.0.0.0/8\"]\n"
        ))
        .unwrap_err();
        assert_eq!(e.field, "experiment.trusted_proxies");
        assert_eq!(e.line, MINIMAL.lines().count() as u64 + 4);
        assert!(
            e.to_string()
                .contains("\"10.0.0.0/8\" is not an IP address"),
            "{e}"
        );
    }

    #[test]
    fn the_minimal_file_parses_with_defaults() {
        let c = parse(MINIMAL).unwrap();
        assert_eq!(
            (c.name.as_str(), c.methodology_version.as_str()),
            ("my league", "m-1")
        );
        assert_eq!(c.seats.len(), 2);
        assert_eq!(
            c.seats[0].adapter,
            Adapter::OpenAi {
                base_url: "http://127.0.0.1:9000/v1".into(),
                model: "gpt-test".into(),
                api_key_env: Some("ALPHA_KEY".into())
            }
        );
        assert_eq!(
            (c.seats[0].family.as_str(), c.seats[0].side),
            ("lab-a", Some(Side::Us))
        );
        assert_eq!(
            (c.seats[1].adapter.clone(), c.seats[1].family.as_str()),
            (Adapter::Coin, "coin")
        );
        assert_eq!(c.seats[0].timeout_seconds, DEFAULT_SEAT_TIMEOUT_SECONDS);
        assert_eq!(c.schedule.morning_run, (8, 30));
        assert_eq!(c.schedule.reference, (9, 30));
        assert_eq!(c.schedule.score, (16, 10));
        assert_eq!(
            c.anchors
                .tsa
                .iter()
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>(),
            ["freetsa", "digicert", "sectigo"]
        );
        assert_eq!(c.anchors.rekor_url.as_deref(), Some(DEFAULT_REKOR_URL));
        assert_eq!(
            (
                c.anchors.rekor_key.as_ref(),
                c.anchors.rekor_log_key.as_ref()
            ),
            (None, None)
        );
        assert_eq!(
            c.prices.provider,
            PriceSource::Csv {
                path: "prices.csv".into()
            }
        );
        assert_eq!(c.prices.symbols.len(), 12);
        assert_eq!(c.prices.symbols["SPX"], "SPX");
        assert_eq!(c.crowd, Crowd::default());
        let r = c.roster();
        assert_eq!(r[0].model.as_deref(), Some("gpt-test"));
        assert_eq!(r[1].model.as_deref(), Some("coin"));
    }

    #[test]
    fn every_adapter_and_setting() {
        let c = parse(
            r#"
[league]
name = "x"
methodology_version = "m-2"

[[seat]]
name = "a"
adapter = "anthropic"
model = "claude-test"
api_key_env = "A_KEY"
max_tokens = 1000
temperature = 0.2

[[seat]]
name = "g"
adapter = "gemini"
base_url = "http://127.0.0.1:9001/v1beta/"
model = "gemini-test"
timeout_seconds = 5
retries = 0

[[seat]]
name = "cmd"
adapter = "command"
command = ["python3", "seat.py"]
env = ["CMD_KEY"]

[[seat]]
name = "clim"
adapter = "climatology"

[[seat]]
name = "mom"
adapter = "momentum"
side = "China"
mode = "reference"

[schedule]
morning_run_et = "08:00"
reference_et = "09:30"
score_et = "16:30"
stamp_every_minutes = 15
first_session = "2026-11-02"

[anchors]
ots_calendars = ["http://127.0.0.1:9100"]
tsa = [{ name = "local", url = "http://127.0.0.1:9200/tsr" }]
rekor_url = ""
rekor_key = "keys/rekor.pem"

[prices]
provider = "yahoo"
base_url = "http://127.0.0.1:9300"
symbols = { GOLD = "XAUUSD=X" }

[crowd]
polymarket = { base_url = "http://127.0.0.1:9400" }
kalshi = { enabled = false }
"#,
        )
        .unwrap();
        let kinds: Vec<_> = c.seats.iter().map(|s| s.adapter.name()).collect();
        assert_eq!(
            kinds,
            ["anthropic", "gemini", "command", "climatology", "momentum"]
        );
        assert_eq!(
            c.seats[0].adapter,
            Adapter::Anthropic {
                base_url: DEFAULT_ANTHROPIC_URL.into(),
                model: "claude-test".into(),
                api_key_env: Some("A_KEY".into())
            }
        );
        assert_eq!(
            (c.seats[0].max_tokens, c.seats[0].temperature),
            (1000, Some(0.2))
        );
        assert_eq!(
            c.seats[1].adapter,
            Adapter::Gemini {
                base_url: "http://127.0.0.1:9001/v1beta".into(),
                model: "gemini-test".into(),
                api_key_env: None
            }
        );
        assert_eq!((c.seats[1].timeout_seconds, c.seats[1].retries), (5, 0));
        assert_eq!(
            c.seats[2].adapter,
            Adapter::Command {
                command: vec!["python3".into(), "seat.py".into()],
                env: vec!["CMD_KEY".into()],
            }
        );
        assert_eq!(
            (c.seats[4].side, c.seats[4].mode.as_str()),
            (Some(Side::China), "reference")
        );
        assert_eq!(c.schedule.morning_run, (8, 0));
        assert_eq!(c.schedule.stamp_every_minutes, 15);
        assert_eq!(c.schedule.first_session, Date::parse("2026-11-02"));
        assert_eq!(
            c.anchors.tsa,
            vec![Tsa {
                name: "local".into(),
                url: "http://127.0.0.1:9200/tsr".into()
            }]
        );
        assert_eq!(c.anchors.rekor_url, None);
        assert_eq!(c.anchors.rekor_key.as_deref(), Some("keys/rekor.pem"));
        assert_eq!(c.anchors.rekor_log_key, None);
        assert_eq!(
            c.prices.provider,
            PriceSource::Yahoo {
                base_url: "http://127.0.0.1:9300".into()
            }
        );
        assert_eq!(
            (
                c.prices.symbols["GOLD"].as_str(),
                c.prices.symbols["SPX"].as_str()
            ),
            ("XAUUSD=X", "^GSPC")
        );
        assert_eq!(
            c.crowd.polymarket,
            Some(CrowdSource {
                base_url: "http://127.0.0.1:9400".into(),
                book_url: Some(DEFAULT_POLYMARKET_CLOB_URL.into()),
                contracts: BTreeMap::new(),
            })
        );
        assert_eq!(c.crowd.kalshi, None);
    }

    #[test]
    fn fund_symbols_map_tickers_to_the_providers_symbols() {
        let c = parse(&edit(
            "path = \"prices.csv\"",
            "path = \"prices.csv\"\n\n[prices.fund_symbols]\n\"^IRX\" = \"DEMO-IRX\"\nSPY = \"DEMO-SPY\"",
        ))
        .unwrap();
        assert_eq!(c.prices.fund_symbol("^IRX"), "DEMO-IRX");
        assert_eq!(c.prices.fund_symbol("SPY"), "DEMO-SPY");
        // A ticker not named is its own symbol.
        assert_eq!(c.prices.fund_symbol("QQQ"), "QQQ");
        assert!(parse(MINIMAL).unwrap().prices.fund_symbols.is_empty());
        let e = parse(&edit(
            "path = \"prices.csv\"",
            "path = \"prices.csv\"\n\n[prices.fund_symbols]\nSPY = \"\"",
        ))
        .unwrap_err();
        assert_eq!(e.field, "prices.fund_symbols.SPY", "{e:?}");
        assert!(e.line > 0, "{e:?}");
    }

    /// Replaces the first occurrence of `from` in the minimal file.
    fn edit(from: &str, to: &str) -> String {
        assert!(MINIMAL.contains(from), "{from}");
        MINIMAL.replacen(from, to, 1)
    }

    #[test]
    fn every_error_names_file_line_and_field() {
        let mut bad = Vec::new();
        for (text, line, field, says) in [
            (edit("name = \"my league\"", "name = 3"), 2, "league.name", "invalid type"),
            (edit("name = \"my league\"", "nam = \"x\""), 2, "league.nam", "unknown field"),
            (edit("methodology_version = \"m-1\"\n", ""), 1, "league.methodology_version", "missing"),
            (edit("[league]\n", "[leagu]\n"), 1, "leagu", "unknown field"),
            (edit("adapter = \"openai\"", "adapter = \"opneai\""), 7, "seat[0].adapter", "not an adapter"),
            (edit("adapter = \"coin\"", "adapter = \"coins\""), 16, "seat[1].adapter", "not an adapter"),
            (edit("base_url = \"http://127.0.0.1:9000/v1\"\n", ""), 5, "seat[0].base_url", "needs base_url"),
            (edit("base_url = \"http://127.0.0.1:9000/v1\"", "base_url = \"127.0.0.1\""), 8, "seat[0].base_url", "URL"),
            (edit("model = \"gpt-test\"\n", ""), 5, "seat[0].model", "needs model"),
            (edit("model = \"gpt-test\"", "model = \"coin\""), 9, "seat[0].model", "baseline"),
            (edit("api_key_env = \"ALPHA_KEY\"", "api_key_env = \"sk-live key\""), 10, "seat[0].api_key_env", "environment variable"),
            (edit("side = \"US\"", "side = \"EU\""), 12, "seat[0].side", "not a side"),
            (edit("adapter = \"coin\"", "adapter = \"coin\"\nmodel = \"x\""), 17, "seat[1].model", "does not apply"),
            (edit("name = \"coin\"", "name = \"alpha\""), 15, "seat[1].name", "twice"),
            (edit("[[seat]]\nname = \"coin\"\n", "[[seat]]\n"), 14, "seat[1].name", "missing"),
            (edit("name = \"alpha\"", "name = \"alpha\\u0000\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \"al\\u001bpha\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \"../../../../tmp/x\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \"../../proof/2026-10-21/123000Z\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \"a/b\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \"gpt 5\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", "name = \".hidden\""), 6, "seat[0].name", "not a seat name"),
            (edit("name = \"alpha\"", &format!("name = \"{}\"", "a".repeat(65))), 6, "seat[0].name", "not a seat name"),
            (edit("adapter = \"coin\"", "adapter = \"coin\"\nenv = [\"X\"]"), 17, "seat[1].env", "does not apply"),
            (edit("adapter = \"coin\"", "adapter = \"command\"\ncommand = [\"x\"]\nenv = [\"OK\", \"NO WAY\"]"), 18, "seat[1].env[1]", "environment variable"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\ntimeout_seconds = -1"), 12, "seat[0].timeout_seconds", "invalid value"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\ntimeout_seconds = 0"), 12, "seat[0].timeout_seconds", "1 or more"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\ntemperature = 9.0"), 12, "seat[0].temperature", "outside"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\nprovider = \"https://api.openai.com/v1\""), 12, "seat[0].provider", "a URL"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\nprovider = \"api.openai.com/v1\""), 12, "seat[0].provider", "contains \"/\""),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\nprovider = \"open ai\""), 12, "seat[0].provider", "whitespace"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\nprovider = \"\""), 12, "seat[0].provider", "empty"),
            (edit("family = \"lab-a\"", &format!("family = \"lab-a\"\nprovider = \"{}\"", "p".repeat(65))), 12, "seat[0].provider", "longer than 64 bytes"),
            (edit("family = \"lab-a\"", "family = \"lab-a\"\nprovider = 3"), 12, "seat[0].provider", "invalid type"),
            (edit("adapter = \"coin\"", "adapter = \"coin\"\nprovider = \"local\\u0007\""), 17, "seat[1].provider", "control character"),
            (edit("provider = \"csv\"", "provider = \"bloomberg\""), 19, "prices.provider", "not a provider"),
            (edit("path = \"prices.csv\"\n", ""), 18, "prices.path", "needs path"),
            (edit("path = \"prices.csv\"", "path = \"prices.csv\"\nsymbols = { ES = \"x\" }"), 21, "prices.symbols.ES", "twelve markets"),
            (format!("{MINIMAL}[schedule]\nmorning_run_et = \"8:30\"\n"), 22, "schedule.morning_run_et", "HH:MM"),
            (format!("{MINIMAL}[schedule]\nmorning_run_et = \"09:45\"\n"), 22, "schedule.morning_run_et", "before the reference"),
            (format!("{MINIMAL}[schedule]\nscore_et = \"15:00\"\n"), 22, "schedule.score_et", "after the 16:00 close"),
            (format!("{MINIMAL}[schedule]\nfirst_session = \"soon\"\n"), 22, "schedule.first_session", "not a date"),
            (format!("{MINIMAL}[schedule]\nother_runs_et = [\"7:45\"]\n"), 22, "schedule.other_runs_et", "HH:MM"),
            (format!("{MINIMAL}[schedule]\nother_runs_et = [\"08:30\"]\n"), 22, "schedule.other_runs_et", "the morning run's time"),
            (format!("{MINIMAL}[schedule]\nother_runs_et = [\"09:00\", \"09:00\"]\n"), 22, "schedule.other_runs_et", "named twice"),
            (format!("{MINIMAL}[schedule]\nother_runs_et = [\"12:00\"]\n"), 22, "schedule.other_runs_et", "between the reference and the 16:00 close"),
            (format!("{MINIMAL}[anchors]\ntsa = [{{ name = \"a b\", url = \"http://x.example\" }}]\n"), 22, "anchors.tsa[0].name", "letters"),
            (format!("{MINIMAL}[anchors]\nrekor_url = \"ftp://rekor\"\n"), 22, "anchors.rekor_url", "URL"),
            (format!("{MINIMAL}[anchors]\nrekor_key = \"\"\n"), 22, "anchors.rekor_key", "empty"),
            (format!("{MINIMAL}[crowd]\npolymarket = {{ base_url = \"x\" }}\n"), 22, "crowd.polymarket.base_url", "URL"),
            (format!("{MINIMAL}[crowd]\nmanifold = {{}}\n"), 22, "crowd.manifold", "unknown field"),
            (format!("{MINIMAL}x = [\n"), 22, "prices", ""),
        ] {
            let e = parse(&text).expect_err(&text);
            if (e.file.as_str(), e.line, e.field.as_str()) != ("league.toml", line, field) || !e.message.contains(says) {
                bad.push(format!("want {line} {field} {says:?}, got {e}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        // A name error quotes the name escaped and cut, never a control character as is.
        let e = parse(&edit(
            "name = \"alpha\"",
            &format!("name = \"a\\u0000{}\"", "b".repeat(500)),
        ))
        .unwrap_err();
        assert!(
            !e.message.contains('\0') && e.message.contains("\\0") && e.message.len() < 300,
            "{e}"
        );
        // Names of letters, digits, '.', '_' and '-' up to the bound are seat names.
        for name in [
            "deepseek-v3.2_chat",
            "GPT-5",
            "0",
            &"q".repeat(MAX_SEAT_NAME_CHARS),
        ] {
            let c = parse(&edit("name = \"alpha\"", &format!("name = \"{name}\""))).unwrap();
            assert_eq!(c.seats[0].name, name);
        }
        let e = parse("").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (0, "league"));
        let e = parse("[league]\nname = \"x\"\nmethodology_version = \"m\"\n[prices]\nprovider = \"csv\"\npath = \"p\"\n").unwrap_err();
        assert_eq!(e.field, "seat");
        let e = LeagueConfig::from_toml(b"[league]\nname = \"\xff\"\n", "l.toml").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "(file)"));
    }

    /// A seat's provider (spec §3.10, Table 8): a short public name the roster carries, none
    /// when not declared; a URL is refused naming its line and field, without quoting it.
    #[test]
    fn a_seats_provider_is_a_short_public_name_in_the_roster() {
        let c = parse(&edit(
            "side = \"US\"",
            "side = \"US\"\nprovider = \"openai\"",
        ))
        .unwrap();
        assert_eq!(c.seats[0].provider.as_deref(), Some("openai"));
        assert_eq!(c.seats[1].provider, None);
        let r = c.roster();
        assert_eq!(
            (r[0].provider.as_deref(), r[1].provider.as_deref()),
            (Some("openai"), None)
        );
        let e = parse(&edit(
            "side = \"US\"",
            "side = \"US\"\nprovider = \"https://u:sk-live-123@api.example/v1\"",
        ))
        .unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.line, e.field.as_str()),
            ("league.toml", 13, "seat[0].provider"),
            "{e}"
        );
        assert!(
            e.message.contains("URL") && !e.to_string().contains("sk-live"),
            "{e}"
        );
        let s = league_config_schema();
        let p = &s["properties"]["seat"]["items"]["properties"]["provider"];
        assert_eq!(p["maxLength"], MAX_PROVIDER_BYTES);
        assert_eq!(p["type"], "string");
    }

    #[test]
    fn the_schema_states_the_readers_defaults() {
        let s = league_config_schema();
        assert_eq!(
            s["properties"]["schedule"]["properties"]["morning_run_et"]["default"],
            DEFAULT_MORNING_RUN_ET
        );
        assert_eq!(
            s["properties"]["seat"]["items"]["properties"]["adapter"]["enum"]
                .as_array()
                .unwrap()
                .len(),
            7
        );
        assert_eq!(
            s["required"],
            serde_json::json!(["league", "seat", "prices"])
        );
        assert!(league_config_schema_bytes().ends_with(b"}\n"));
    }

    #[test]
    fn crowd_contracts_by_day() {
        let c = parse(&format!(
            "{MINIMAL}\n[crowd.polymarket]\nclob_url = \"http://127.0.0.1:9401/\"\ncontracts = {{ SPX = \"spx-up-or-down-on-{{month}}-{{d}}-{{yyyy}}\" }}\n\n[crowd.kalshi]\ncontracts = {{ SPX = \"KXINXU-{{yy}}{{MON}}{{dd}}H1600\", TNX = \"KXTNOTED-{{yy}}{{MON}}{{dd}}\" }}\n"
        ))
        .unwrap();
        let p = c.crowd.polymarket.unwrap();
        let k = c.crowd.kalshi.unwrap();
        assert_eq!(p.base_url, DEFAULT_POLYMARKET_URL);
        assert_eq!(p.book_url.as_deref(), Some("http://127.0.0.1:9401"));
        assert_eq!(
            (k.base_url.as_str(), k.book_url),
            (DEFAULT_KALSHI_URL, None)
        );
        let day = Date::new(2026, 10, 6).unwrap();
        assert_eq!(
            contract_name(&p.contracts["SPX"], day),
            "spx-up-or-down-on-october-6-2026"
        );
        assert_eq!(
            contract_name(&k.contracts["SPX"], day),
            "KXINXU-26OCT06H1600"
        );
        assert_eq!(contract_name("a-{mm}", day), "a-10");
        let bad = |crowd: &str| parse(&format!("{MINIMAL}\n{crowd}\n")).unwrap_err();
        for (crowd, field, says) in [
            (
                "[crowd.kalshi]\ncontracts = { SPY = \"X\" }",
                "crowd.kalshi.contracts.SPY",
                "twelve markets",
            ),
            (
                "[crowd.kalshi]\ncontracts = { SPX = \"X-{yyyyy}\" }",
                "crowd.kalshi.contracts.SPX",
                "not one of",
            ),
            (
                "[crowd.kalshi]\ncontracts = { SPX = \"X-{yy\" }",
                "crowd.kalshi.contracts.SPX",
                "without",
            ),
            (
                "[crowd.kalshi]\ncontracts = { SPX = \"X/../{yy}\" }",
                "crowd.kalshi.contracts.SPX",
                "only",
            ),
            (
                "[crowd.kalshi]\ncontracts = { SPX = \"\" }",
                "crowd.kalshi.contracts.SPX",
                "1 to 200",
            ),
            (
                "[crowd.kalshi]\nclob_url = \"http://127.0.0.1:1\"",
                "crowd.kalshi.clob_url",
                "polymarket only",
            ),
            (
                "[crowd.polymarket]\nclob_url = \"ftp://x\"",
                "crowd.polymarket.clob_url",
                "URL",
            ),
        ] {
            let e = bad(crowd);
            assert_eq!(e.field, field, "{crowd}: {e}");
            assert!(e.message.contains(says) && e.line > 0, "{crowd}: {e}");
        }
        let s = league_config_schema();
        let kp = &s["properties"]["crowd"]["properties"];
        assert_eq!(
            kp["polymarket"]["properties"]["clob_url"]["default"],
            DEFAULT_POLYMARKET_CLOB_URL
        );
        assert_eq!(
            kp["kalshi"]["properties"]["contracts"]["default"],
            serde_json::json!({})
        );
    }
}
