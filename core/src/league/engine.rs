//! The league engine (spec §3.1-3.4, §3.9, requirement 12): a state machine told the time and
//! what happened, answering with what to do next. It never does I/O and reads no clock; the
//! server carries out each [`Action`] and reports back:
//!
//! - [`Engine::poll`]`(now)`: at the morning run time of a session, and at each of its declared
//!   other runs' times ([`crate::league::schedule::run_slots`], spec §3.4), each in its own
//!   window, [`Action::TakeSnapshot`];
//!   at the deadline (the reference time), a `no_answer` line for every seat still silent and
//!   then [`Action::Stamp`]; on arrival (`schedule.stamp_settle_seconds` after the first line
//!   sealed since the last stamp, [`Engine::arrival_stamp_at`]) and on the stamping cadence (a
//!   floor within the session day), `Stamp`; after the close, [`Action::Score`]
//!   for the day and, when each window closes, for each longer horizon.
//! - [`Engine::on_snapshot`]: the ask text is published and sealed in the ask chain, the run line
//!   in the book; every seat is asked the same text at once (one [`Action::Ask`] per model seat,
//!   its text hash sealed at send time); the reference seats answer at once.
//! - [`Engine::on_reply`]: each reply is sealed on receipt (one [`Action::Seal`]) with its
//!   arrival time, `own_sha256` (of the raw reply), the provider's model string, the seat's mode
//!   and the answer reader's marks; a reply after the deadline is sealed too (it gets its own
//!   reference when scored, `late_ref`).
//! - [`Engine::on_sealed`]: the line number a sealed line got (the score lines name the run
//!   line by `of`).
//! - [`Engine::on_scored`]: a score line is sealed; a publish is owed
//!   ([`Engine::publish_due`] hands out [`Action::PublishLeague`]) and, after the day's score,
//!   [`Action::ResolveCrowd`] (spec §4.9); its outcome ([`Engine::on_crowd_resolved`]) gives one
//!   [`Action::RecordArenaPrices`] for the session and for each session it resolves bets of
//!   (spec §4.7, §4.11), reported with [`Engine::on_arena_prices`].
//!
//! [`Engine::resume`] rebuilds the state from the books and the times of the stamped lists.

use crate::arena::eligibility::Round;
use crate::arena::league::{
    bets_rounds, bets_section, league_protocol, price_recording, rules_in_force,
};
use crate::arena::protocol::Protocol;
use crate::arena::records::PriceLine;
use crate::book::canon::{self, Object, Value};
use crate::book::time_order::sealing_time_of;
use crate::calendar::{session_for, Date, Horizon, Instant};
use crate::hex::sha256_hex;
use crate::league::answer::read_answer;
use crate::league::ask::{Ask, AskRequest, Snapshot};
use crate::league::config::LeagueConfig;
use crate::league::contracts::run_contracts;
use crate::league::publish_plan::PublishDue;
use crate::league::redact::Secrets;
use crate::league::reference::{reference_reply_in, Climatology};
use crate::league::schedule::{
    horizon_score_at, missed_sessions, morning_run_at, reference_at, run_slots, score_at,
    score_retry_at,
};
use crate::records::ask_chain::{AskChain, AskLine};
use crate::records::book_lines::build::{
    mark_redacted, AnswerContent, NoAnswerContent, RunContent, Shape,
};
use crate::records::book_lines::BookLines;
use crate::records::crowd::CrowdPrices;
use crate::records::names::{ask_path, morning_run_id};
use std::collections::{BTreeMap, BTreeSet};

/// Which ledger a line goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueLedger {
    /// The sealed book (`council-book.jsonl`, stamped as `daily/council/book.jsonl`): run, answer,
    /// score and crowd lines (spec §3.2).
    Book,
    /// The outgoing ask chain (`asks.jsonl`, stamped as `daily/council/asks.jsonl`): one line per
    /// seat asked (spec §3.4).
    Asks,
}

/// What the engine asks the server to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Read the twelve markets' prices (and the crowd's, when configured), then call
    /// [`Engine::on_snapshot`].
    TakeSnapshot {
        /// The run the snapshot is for (`run_id`, e.g. `2026-10-21-am`).
        run_id: String,
        /// The session the run forecasts.
        session: Date,
    },
    /// Publish a file of the league (`asks/<sha256>.md`).
    Publish {
        /// The file's path in the league directory.
        path: String,
        /// The file's bytes, written as they are.
        bytes: Vec<u8>,
    },
    /// Append one line and make it durable before anything else, then call
    /// [`Engine::on_sealed`].
    Seal {
        /// The ledger the line is appended to.
        ledger: LeagueLedger,
        /// The line's content; the writer adds `n`, `prev`, `seal` and `link` (spec §3.2).
        content: Object,
    },
    /// Ask a seat; report the outcome with [`Engine::on_reply`]. Retries stop at `deadline`.
    Ask {
        /// The run the seat is asked for (`run_id`).
        run_id: String,
        /// The seat's name (the `[[seat]] name` key).
        seat: String,
        /// What the seat is sent.
        request: AskRequest,
        /// The run's reference time: retries stop then.
        deadline: Instant,
    },
    /// Write the stamped list of every ledger and request the anchors.
    Stamp,
    /// Score the run's horizon (prices from the provider, the scorer's line).
    Score {
        /// The run whose horizon is scored (`run_id`).
        run_id: String,
        /// The session the run forecast.
        session: Date,
        /// The horizon to score (`1d`, `1w`, `1m`, `6m`).
        horizon: Horizon,
        /// The run line's `n`.
        of: u64,
        /// Answer lines sealed at or after the reference (line n, seat, arrival time): each
        /// has its own reference (`late_ref`, own event).
        late: Vec<(u64, String, Instant)>,
    },
    /// After the day's (1d) score line of `session`'s run is sealed ([`Engine::on_scored`]):
    /// read the crowd venues for every run whose bets wait on their contracts' resolution and
    /// seal a `crowd` line per run as core builds it (spec §4.9;
    /// [`crate::league::crowd_resolution::resolution_asks`], then
    /// [`crate::league::crowd_resolution::resolution_line`] over the readings), then call
    /// [`Engine::on_crowd_resolved`] with the sessions the sealed lines resolve bets of, or
    /// [`Engine::on_crowd_failed`].
    ResolveCrowd {
        /// The session whose day's score line was sealed.
        session: Date,
    },
    /// Record `session`'s prices of the trading tracks in force in `arena-prices.jsonl`
    /// (spec §4.7, §4.11; [`crate::arena::league::price_recording`], the bars it names, then
    /// [`crate::arena::league::session_price_lines`]); a session already recorded gets only
    /// the bets' lines not yet there. Report with [`Engine::on_arena_prices`].
    RecordArenaPrices {
        /// The session whose prices are recorded.
        session: Date,
    },
    /// Publish the league's open-data files and manifest, so the served `manifest.json` lists
    /// every score line (spec Appendix C); handed out by [`Engine::publish_due`] after a score
    /// line is sealed, reported with [`Engine::on_published`].
    PublishLeague,
}

/// How many times in all [`Action::RecordArenaPrices`] is handed out for a session whose
/// recording failed (spec §4.7, §4.11): the first attempt after its own day's score, then one
/// retry after each later day's score (its crowd resolution), oldest first.
///
/// The count is the book's, not the process's: a restarted engine
/// ([`Engine::resume_arena_prices`]) counts one attempt for each day's score sealed at or
/// after the session, so a league run as one server and one run as a one-off command a step
/// (cron) try a session the same number of times, and a restart neither forgets a session
/// still owed nor grants it new attempts. Granting attempts on restart would retry a session
/// the source never prices every day for ever under cron, which restarts each step; an operator
/// who repaired the source after the attempts ran out finds the session named in the
/// `arena_prices_failed` events.
pub const ARENA_PRICE_ATTEMPTS: u32 = 3;

/// A seat's reply as the adapter read it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// The reply's text (None: no text; the seat stays unanswered unless [`Self::unreadable`]).
    pub text: Option<String>,
    /// The model and version string the provider returned.
    pub provider_model: Option<String>,
    /// Why there is no text.
    pub error: Option<String>,
    /// The reply's bytes as received (a provider's whole response body, a command's stdout):
    /// the answer line's `own_sha256` is their SHA-256, so the published raw reply checks.
    pub raw: Vec<u8>,
    /// Bytes arrived that cannot be read as the provider's reply (a body that is not JSON or
    /// not UTF-8, a lone surrogate escape, a streamed body, a body over the size bound), and
    /// why: sealed on receipt as an `invalid` answer without `items` (spec §3.9), `raw` kept.
    pub unreadable: Option<String>,
    /// The provider's own finish reason as sent (OpenAI `finish_reason`, Anthropic
    /// `stop_reason`, Gemini `finishReason` or `promptFeedback.blockReason`).
    pub provider_finish: Option<String>,
    /// How the reply ended when not a plain stop: refused by the model, blocked by the
    /// provider (each with the provider's reason), or cut at the token limit.
    pub finish: Option<crate::league::wire::Finish>,
}

/// Reads one run's replies into answer lines (spec §3.6, Appendix C "answer"): made by
/// [`Engine::reply_reader`], used on any thread, its lines handed back through
/// [`Engine::on_answer`].
#[derive(Clone, Debug)]
pub struct ReplyReader {
    run_id: String,
    ask_sha256: String,
    seats: Vec<crate::league::config::Seat>,
    /// The trading tracks' rule versions in force in the run (what its decisions are read
    /// against).
    arena: Vec<String>,
    secrets: Secrets,
}

impl ReplyReader {
    /// The answer line's content for `seat`'s reply arrived at `arrived_at`, read as received
    /// and marked (never repaired); None when nothing came that can be sealed (no text and
    /// no unreadable bytes) or the seat is not in the roster.
    ///
    /// The operator's secrets are replaced first, in the reply's text and raw bytes (so
    /// `own_sha256` is of the raw reply as kept), then in every string of the line as read
    /// (a secret spelled with JSON escapes in the answer is decoded by the reading); a line
    /// in which anything was replaced says so ([`mark_redacted`]).
    pub fn answer(&self, seat: &str, reply: &Reply, arrived_at: Instant) -> Option<Object> {
        use crate::league::wire::Finish;
        let config_seat = self.seats.iter().find(|s| s.name == seat)?;
        if reply.text.is_none() && reply.unreadable.is_none() {
            return None;
        }
        let (reply, mut redacted) = self.secrets.scrub_reply(reply);
        let reply = &reply;
        let mut read = match (reply.text.as_deref(), &reply.unreadable) {
            (Some(text), _) => read_answer(text),
            (None, Some(why)) => crate::league::answer::ReadAnswer {
                items: None,
                years: None,
                shape: Some((Shape::Invalid, format!("the reply cannot be read: {why}"))),
                at_byte: None,
                decisions: None,
                duplicate_keys: Vec::new(),
            },
            (None, None) => return None,
        };
        let (finish, finish_reason) = match &reply.finish {
            Some(Finish::Refused(why)) => (Some("refused"), Some(why.clone())),
            Some(Finish::Blocked(why)) => (Some("blocked"), Some(why.clone())),
            Some(Finish::Truncated) => (Some("truncated"), None),
            _ => (None, None),
        };
        // A refusal or a block read as no answer says so in the mark's reason.
        if let (Some(f), Some(why), Some((_, reason))) =
            (finish, finish_reason.as_deref(), read.shape.as_mut())
        {
            *reason = format!("{f} ({why}): {reason}");
        }
        let decisions_reason = read.decisions_reason(&self.arena);
        let model = reply
            .provider_model
            .clone()
            .or_else(|| config_seat.adapter.model().map(str::to_owned))
            .unwrap_or_else(|| config_seat.adapter.name().to_string());
        let mut line = AnswerContent {
            at: rfc(arrived_at),
            run_id: self.run_id.clone(),
            seat: seat.into(),
            model,
            mode: config_seat.mode.clone(),
            ask_sha256: self.ask_sha256.clone(),
            items: read.items,
            years: read.years,
            own_sha256: Some(sha256_hex(&reply.raw)),
            own_bytes: reply.unreadable.as_ref().map(|_| reply.raw.len() as u64),
            booked_at: None,
            shape: read.shape,
            decisions: read.decisions,
            decisions_reason,
            duplicate_keys: read.duplicate_keys,
            provider_finish: reply.provider_finish.clone(),
            finish: finish.map(str::to_owned),
            finish_reason,
        }
        .to_object();
        if let Some(clean) = self.secrets.scrub_object(&line) {
            line = clean;
            redacted = true;
        }
        if redacted {
            mark_redacted(&mut line);
        }
        Some(line)
    }
}

#[derive(Clone, Debug, Default)]
struct Run {
    run_id: String,
    session: Option<Date>,
    ask_sha256: String,
    run_line: Option<u64>,
    deadline: Option<Instant>,
    /// Seats asked and not yet answered, with the last error.
    pending: BTreeMap<String, Option<String>>,
    /// Answer lines: seat -> (line n once sealed, arrival).
    answered: BTreeMap<String, (Option<u64>, Instant)>,
    closed: bool,
    scored: BTreeSet<Horizon>,
    /// Horizons whose score failed: how many times, and when last.
    failed: BTreeMap<Horizon, (u32, Instant)>,
    /// The trading tracks' rule versions in force, as the run line seals them.
    arena: Vec<String>,
    /// The run line's `snapshot_sha256`.
    snapshot_sha256: String,
    /// Seats whose ask line (`text_sha256`) the ask chain holds.
    ask_lines: BTreeSet<String>,
}

/// The kind of job [`Engine::next_due_job`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// A session's morning run.
    Run,
    /// An open run's deadline: its silent seats sealed `no_answer`.
    Close,
    /// A stamp: on arrival of a sealed line, or on the stamping cadence.
    Stamp,
    /// A horizon's score (or a failed score asked again).
    Score,
}

impl Due {
    /// The job's name (`run`, `close`, `stamp`, `score`), as the scheduler reports the next due
    /// job.
    pub fn as_str(self) -> &'static str {
        match self {
            Due::Run => "run",
            Due::Close => "close",
            Due::Stamp => "stamp",
            Due::Score => "score",
        }
    }
}

/// The engine of one league.
pub struct Engine {
    config: LeagueConfig,
    climatology: Climatology,
    first_session: Date,
    clock_set: bool,
    runs: Vec<Run>,
    last_stamp: Option<Instant>,
    /// The sealing time of the first line sealed after the last stamp (None: every sealed
    /// line is covered by a stamp asked for): the stamp on arrival is due
    /// `stamp_settle_seconds` after it ([`Engine::arrival_stamp`]).
    unstamped_since: Option<Instant>,
    /// The trading tracks' rules (`arena-protocol.json`, spec §4.7, §4.8).
    protocol: Protocol,
    /// The bets rounds opened so far (seeds 001/003: the history eligibility counts).
    bet_rounds: Vec<Round>,
    /// The operator's secrets, kept out of every answer and `no_answer` line.
    secrets: Secrets,
    /// The latest sealing time of any line of either ledger, with where it is: the clock
    /// never seals before it ([`Engine::check_clock`]).
    last_sealed: Option<LastSealed>,
    /// Sessions whose arena prices failed to record, with the attempts made so far
    /// ([`ARENA_PRICE_ATTEMPTS`]).
    arena_failed: BTreeMap<Date, u32>,
    /// When a publish is owed (after a score line, or after a failed publish).
    publish: PublishDue,
}

/// The line with the latest sealing time, `max(at, booked_at)` (spec Appendix C), of the
/// ledgers the engine has seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastSealed {
    /// The ledger the line is in.
    pub ledger: LeagueLedger,
    /// The line's `n` (0 when not yet known: a line the engine was told of before its seal).
    pub n: u64,
    /// Its sealing time, `max(at, booked_at)`.
    pub at: Instant,
}

/// The engine was told a time earlier than a line already sealed: it seals nothing then, since
/// a book whose times go backwards no longer orders its lines by time (spec §3.2; a reader
/// reads "sealed before the reference" from these times, §3.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockBehind {
    /// The time the engine was told.
    pub now: Instant,
    /// The line sealed later than `now`.
    pub last: LastSealed,
}

impl std::fmt::Display for ClockBehind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = match self.last.ledger {
            LeagueLedger::Book => crate::records::names::BOOK_FILE,
            LeagueLedger::Asks => crate::records::names::ASKS_FILE,
        };
        write!(
            f,
            "the clock reads {}, earlier than {file} line {} sealed at {}: a ledger's times never go backwards; the clock must read {} or later",
            rfc(self.now),
            self.last.n,
            rfc(self.last.at),
            rfc(self.last.at)
        )
    }
}

impl std::error::Error for ClockBehind {}

/// The latest sealing time among the lines of `ledger` (JSON Lines as stored), with its `n`.
fn latest_sealed(ledger: LeagueLedger, bytes: &[u8]) -> Option<LastSealed> {
    let mut last: Option<LastSealed> = None;
    for (i, text) in bytes.split(|b| *b == b'\n').enumerate() {
        let Ok(Value::Object(o)) = canon::parse(text) else {
            continue;
        };
        let Some(at) = sealing_time_of(&o) else {
            continue;
        };
        if last.as_ref().is_none_or(|l| at >= l.at) {
            let n = o
                .get("n")
                .and_then(|v| match v {
                    Value::Int(i) => i.to_i64(),
                    _ => None,
                })
                .map_or(i as u64 + 1, |n| n as u64);
            last = Some(LastSealed { ledger, n, at });
        }
    }
    last
}

/// The asks ledger's line for one seat's ask of run `run_id` (spec §3.4): the run's ask, the
/// text this seat is sent (its SHA-256) and its deadline.
fn seat_ask_line(
    run_id: &str,
    ask_sha256: &str,
    seat: &str,
    request: &crate::league::ask::AskRequest,
    deadline: Instant,
    now: Instant,
) -> Action {
    Action::Seal {
        ledger: LeagueLedger::Asks,
        content: AskLine {
            at: rfc(now),
            run_id: run_id.into(),
            ask_sha256: ask_sha256.into(),
            seat: Some(seat.into()),
            text_sha256: Some(request.text_sha256()),
            deadline: Some(rfc(deadline)),
        }
        .to_object(),
    }
}

fn rfc(t: Instant) -> String {
    t.to_rfc3339()
}

/// Each run line's roster (the seats' names), by `run_id`.
fn run_rosters(book: &[u8]) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for text in book.split(|b| *b == b'\n') {
        let Ok(Value::Object(o)) = canon::parse(text) else {
            continue;
        };
        if o.get("kind").and_then(Value::as_str) != Some("run") {
            continue;
        }
        let Some(run_id) = o.get("run_id").and_then(Value::as_str) else {
            continue;
        };
        let seats = match o.get("roster") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|s| s.as_object()?.get("seat")?.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        };
        out.insert(run_id.to_string(), seats);
    }
    out
}

/// Whether a league whose book file is missing may start one (spec §3.2: one book, one
/// history): not when its ask chain already records a run's ask, since that run's book was
/// lost (deleted, or restored in part) and a new book would begin a second history. The
/// refusal names the first such ask line (its `n`) and run.
pub fn missing_book_verdict(asks: &[u8]) -> Result<(), (u64, String)> {
    let Ok(chain) = AskChain::parse(asks) else {
        // An ask chain that does not parse is refused where the engine is resumed.
        return Ok(());
    };
    match chain.asks.first() {
        Some((n, a)) => Err((*n, a.run_id.clone())),
        None => Ok(()),
    }
}

/// A run whose run line is sealed but whose seats are not all answered, found by
/// [`Engine::unfinished_run`] (its process ended early).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedRun {
    /// The run's `run_id`.
    pub run_id: String,
    /// The run's ask, whose text is published as `asks/<ask_sha256>.md`.
    pub ask_sha256: String,
    /// The run's reference time: its silent seats are sealed `no_answer` then.
    pub deadline: Instant,
    /// The seats with neither an answer nor a `no_answer` line.
    pub seats: Vec<String>,
}

/// Why an unfinished run cannot be taken up again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// The engine knows no open run of that id.
    NoSuchRun {
        /// The run asked to resume.
        run_id: String,
    },
    /// The ask text handed in is not the run's ask.
    AskDiffers {
        /// The run asked to resume.
        run_id: String,
        /// The run line's `ask_sha256`.
        expected: String,
        /// The SHA-256 (hex) of the ask text handed in.
        found: String,
    },
    /// The ask text holds no snapshot the run line's `snapshot_sha256` names.
    Snapshot {
        /// The run asked to resume.
        run_id: String,
        /// Why the snapshot could not be read from the ask text.
        message: String,
    },
    /// `now` is earlier than a sealed line.
    ClockBehind(ClockBehind),
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::NoSuchRun { run_id } => write!(f, "no open run {run_id}"),
            ResumeError::AskDiffers {
                run_id,
                expected,
                found,
            } => write!(
                f,
                "run {run_id}: the ask text hashes to {found}, not to the run's ask_sha256 {expected}"
            ),
            ResumeError::Snapshot { run_id, message } => {
                write!(f, "run {run_id}: the ask's snapshot: {message}")
            }
            ResumeError::ClockBehind(c) => c.fmt(f),
        }
    }
}

impl std::error::Error for ResumeError {}

/// The snapshot as the ask text prints it (the JSON block under `## Snapshot`, spec §3.1),
/// read back into rows; the caller checks its SHA-256 against the run line's.
pub fn snapshot_from_ask(text: &str) -> Result<Snapshot, String> {
    let after = text
        .split_once("## Snapshot")
        .ok_or("no `## Snapshot` section")?
        .1;
    let block = after
        .split_once("```json\n")
        .ok_or("no JSON block in the snapshot section")?
        .1;
    let json = block
        .split_once("\n```")
        .ok_or("the snapshot's JSON block does not end")?
        .0;
    let Ok(Value::Object(o)) = canon::parse(json.as_bytes()) else {
        return Err("the snapshot is not a JSON object".into());
    };
    let num = |v: Option<&Value>| match v {
        Some(Value::Float(f)) => Some(*f),
        Some(Value::Int(i)) => i.to_i64().map(|i| i as f64),
        _ => None,
    };
    let taken_at = o
        .get("taken_at")
        .and_then(Value::as_str)
        .ok_or("no taken_at")?
        .to_string();
    let Some(Value::Array(markets)) = o.get("markets") else {
        return Err("no markets".into());
    };
    let mut rows = Vec::with_capacity(markets.len());
    for m in markets {
        let m = m.as_object().ok_or("a market is not an object")?;
        rows.push(crate::league::ask::MarketRow {
            asset: m
                .get("asset")
                .and_then(Value::as_str)
                .ok_or("a market has no asset")?
                .to_string(),
            price: num(m.get("price")).ok_or("a market has no price")?,
            prev_close: num(m.get("prev_close")),
            low_52w: num(m.get("low_52w")),
            high_52w: num(m.get("high_52w")),
            read_at: m
                .get("read_at")
                .and_then(Value::as_str)
                .ok_or("a market has no read_at")?
                .to_string(),
        });
    }
    Ok(Snapshot { taken_at, rows })
}

impl Engine {
    /// A new league's engine; `clock_set` marks every run line as run on a set clock.
    pub fn new(
        config: LeagueConfig,
        climatology: Climatology,
        first_session: Date,
        clock_set: bool,
    ) -> Engine {
        Engine {
            config,
            climatology,
            first_session,
            clock_set,
            runs: Vec::new(),
            last_stamp: None,
            unstamped_since: None,
            protocol: league_protocol(),
            bet_rounds: Vec::new(),
            secrets: Secrets::default(),
            last_sealed: None,
            arena_failed: BTreeMap::new(),
            publish: PublishDue::default(),
        }
    }

    /// The latest line sealed in either ledger, by sealing time.
    pub fn last_sealed(&self) -> Option<&LastSealed> {
        self.last_sealed.as_ref()
    }

    /// Refuses a `now` earlier than the latest line sealed (see [`ClockBehind`]): the caller
    /// stops before carrying anything out.
    pub fn check_clock(&self, now: Instant) -> Result<(), ClockBehind> {
        match &self.last_sealed {
            Some(last) if now < last.at => Err(ClockBehind {
                now,
                last: last.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// [`Engine::poll`], refusing with [`ClockBehind`] a `now` earlier than a sealed line at
    /// which something would be due (a run, a close, a stamp, a score: each seals or stamps
    /// at `now`). At such a `now` with nothing due, nothing is done and nothing is refused.
    pub fn try_poll(&mut self, now: Instant) -> Result<Vec<Action>, ClockBehind> {
        if let Err(behind) = self.check_clock(now) {
            return match self.due_at(now) {
                Some((t, _)) if t <= now => Err(behind),
                _ => Ok(Vec::new()),
            };
        }
        Ok(self.poll(now))
    }

    fn saw_sealed(&mut self, ledger: LeagueLedger, n: u64, content: &Object) {
        let time = sealing_time_of(content);
        // Every line told here waits for the next stamp, whatever its own time says (a score
        // line's `at` may precede the last stamp; a line without a time waits from the latest
        // sealed): a stamp taken when it is already in a list finds no ledger grown.
        if self.unstamped_since.is_none() {
            self.unstamped_since = time
                .or(self.last_sealed.as_ref().map(|l| l.at))
                .or(self.last_stamp);
        }
        if let Some(at) = time {
            if self.last_sealed.as_ref().is_none_or(|l| at >= l.at) {
                self.last_sealed = Some(LastSealed { ledger, n, at });
            }
        }
    }

    /// The operator's secrets (the values of the environment variables the config names,
    /// spec §3.13 requirement 2): every reply is scrubbed of them before it is read into a
    /// line ([`ReplyReader::answer`]), and every error before it becomes a `no_answer`
    /// reason ([`crate::league::redact`] says what is replaced).
    pub fn set_secrets(&mut self, secrets: Secrets) {
        self.secrets = secrets;
    }

    /// The secrets set by [`Engine::set_secrets`] (for the caller's logs and kept files).
    pub fn secrets(&self) -> &Secrets {
        &self.secrets
    }

    /// The trading tracks' rules the league runs: the asks list the versions in force, the
    /// run lines seal their names, the answers' decisions are read against them.
    pub fn protocol(&self) -> &Protocol {
        &self.protocol
    }

    /// The engine continuing the league whose books are `book` and `asks` and whose stamped
    /// lists were taken at `stamped` (read from their names under `proof/`, spec §3.2): the
    /// stamping cadence goes on from the latest of them, so a new process stamps only when the
    /// cadence (or a run's deadline) says.
    pub fn resume(
        config: LeagueConfig,
        climatology: Climatology,
        first_session: Date,
        clock_set: bool,
        book: &[u8],
        asks: &[u8],
        stamped: &[Instant],
    ) -> Result<Engine, String> {
        let mut e = Engine::new(config, climatology, first_session, clock_set);
        e.last_stamp = stamped.iter().copied().max();
        e.last_sealed = [
            latest_sealed(LeagueLedger::Book, book),
            latest_sealed(LeagueLedger::Asks, asks),
        ]
        .into_iter()
        .flatten()
        .max_by_key(|l| (l.at, l.ledger == LeagueLedger::Book));
        // Lines sealed after the latest stamped list (an earlier process ended before it
        // stamped them) are stamped on arrival of this one.
        e.unstamped_since = e
            .last_sealed
            .as_ref()
            .map(|l| l.at)
            .filter(|at| e.last_stamp.is_none_or(|s| *at > s));
        let lines = BookLines::parse(book).map_err(|x| x.to_string())?;
        let chain = AskChain::parse(asks).map_err(|x| x.to_string())?;
        let rosters = run_rosters(book);
        for r in &lines.runs {
            let Some(run_id) = r.run_id.clone() else {
                continue;
            };
            let session = r.at.and_then(session_for);
            // The rounds a run sealed with a bets version opened, recomputed as it opened them.
            if let (Some(s), Some(crowd)) = (session, &r.crowd) {
                if let Some((rule, _, sel)) = bets_rounds(&e.protocol, s, crowd, &e.bet_rounds) {
                    if r.arena.contains(&rule.version) {
                        e.bet_rounds.extend(sel.rounds);
                    }
                }
            }
            let mut run = Run {
                run_id: run_id.clone(),
                session,
                ask_sha256: r.ask_sha256.clone().unwrap_or_default(),
                run_line: Some(r.n),
                deadline: session.map(|s| reference_at(&e.config, s)),
                arena: r.arena.clone(),
                ..Default::default()
            };
            run.snapshot_sha256 = r.snapshot_sha256.clone().unwrap_or_default();
            for (_, a) in chain.asks.iter().filter(|(_, a)| a.run_id == run_id) {
                if let Some(seat) = &a.seat {
                    run.pending.insert(seat.clone(), None);
                    run.ask_lines.insert(seat.clone());
                }
            }
            // Every seat of the run's roster is owed a line, asked or not: a process that
            // ended before asking (or before the reference seats answered) leaves seats
            // that only the run line names.
            for seat in rosters.get(&run_id).into_iter().flatten() {
                run.pending.insert(seat.clone(), None);
            }
            for a in lines.answers.values() {
                if a.run_id.as_deref() == Some(run_id.as_str()) {
                    if let (Some(seat), Some(at)) = (&a.seat, a.at) {
                        run.pending.remove(seat);
                        run.answered.entry(seat.clone()).or_insert((Some(a.n), at));
                    }
                }
            }
            for s in lines.scores.iter().filter(|s| s.of == r.n) {
                run.scored.insert(s.horizon);
            }
            e.runs.push(run);
        }
        // no_answer lines close their seats.
        for text in book.split(|b| *b == b'\n') {
            let Ok(Value::Object(o)) = canon::parse(text) else {
                continue;
            };
            if o.get("kind").and_then(Value::as_str) != Some("no_answer") {
                continue;
            }
            let (Some(run_id), Some(seat)) = (
                o.get("run_id").and_then(Value::as_str),
                o.get("seat").and_then(Value::as_str),
            ) else {
                continue;
            };
            if let Some(run) = e.runs.iter_mut().find(|r| r.run_id == run_id) {
                run.pending.remove(seat);
                run.closed = true;
            }
        }
        Ok(e)
    }

    /// Whether a run of `session` has its run line sealed.
    pub fn has_run_for(&self, session: Date) -> bool {
        self.runs
            .iter()
            .any(|r| r.session == Some(session) && r.run_line.is_some())
    }

    /// Whether the engine knows the run `run_id` (taken in its window; a run whose snapshot
    /// ended past its reference is dropped, [`Engine::on_snapshot`]).
    pub fn has_run_id(&self, run_id: &str) -> bool {
        self.runs.iter().any(|r| r.run_id == run_id)
    }

    /// The first run (in book order) whose run line is sealed, whose deadline is after `now`,
    /// and some of whose roster seats have neither an answer nor a `no_answer` line: a run
    /// whose process ended before every seat was asked or answered (spec §3.1, requirement
    /// 12). [`Engine::resume_run`] finishes it; after its deadline, [`Engine::poll`] seals
    /// `no_answer` for those seats instead.
    pub fn unfinished_run(&self, now: Instant) -> Option<UnfinishedRun> {
        self.runs.iter().find_map(|r| {
            let deadline = r.deadline?;
            (r.run_line.is_some() && !r.closed && now < deadline && !r.pending.is_empty()).then(
                || UnfinishedRun {
                    run_id: r.run_id.clone(),
                    ask_sha256: r.ask_sha256.clone(),
                    deadline,
                    seats: r.pending.keys().cloned().collect(),
                },
            )
        })
    }

    /// The built-in seats' answers (coin, climatology, momentum: [`reference_reply_in`]),
    /// given at once as replies arrived at `now` (spec §4.2-§4.4).
    fn answer_references(
        &mut self,
        run_id: &str,
        answers: Vec<(String, String)>,
        now: Instant,
    ) -> Vec<Action> {
        let mut out = Vec::new();
        for (seat, text) in answers {
            out.extend(self.on_reply(
                run_id,
                &seat,
                Reply {
                    raw: text.clone().into_bytes(),
                    text: Some(text),
                    ..Reply::default()
                },
                now,
            ));
        }
        out
    }

    /// Finishes the unfinished run `run_id` at `now` (before its deadline): every seat still
    /// without an answer is asked the run's own ask (`ask_text`, the published
    /// `asks/<ask_sha256>.md`, checked against the run's hash) as the first process would have
    /// asked it; a seat whose ask line the ask chain lacks gets it sealed first, and the
    /// reference seats answer at once from the snapshot the ask text prints (checked against
    /// the run line's `snapshot_sha256`).
    pub fn resume_run(
        &mut self,
        run_id: &str,
        ask_text: &str,
        now: Instant,
    ) -> Result<Vec<Action>, ResumeError> {
        self.check_clock(now).map_err(ResumeError::ClockBehind)?;
        let no_run = || ResumeError::NoSuchRun {
            run_id: run_id.to_string(),
        };
        let run = self
            .runs
            .iter()
            .find(|r| r.run_id == run_id)
            .ok_or_else(no_run)?;
        let deadline = run.deadline.filter(|_| !run.closed).ok_or_else(no_run)?;
        let found = sha256_hex(ask_text.as_bytes());
        if found != run.ask_sha256 {
            return Err(ResumeError::AskDiffers {
                run_id: run_id.to_string(),
                expected: run.ask_sha256.clone(),
                found,
            });
        }
        let snapshot = snapshot_from_ask(ask_text)
            .and_then(|snap| {
                if snap.sha256() == run.snapshot_sha256 {
                    Ok(snap)
                } else {
                    Err(format!(
                        "it hashes to {}, not to the run line's snapshot_sha256 {}",
                        snap.sha256(),
                        run.snapshot_sha256
                    ))
                }
            })
            .map_err(|message| ResumeError::Snapshot {
                run_id: run_id.to_string(),
                message,
            })?;
        let ask = Ask {
            run_id: run_id.to_string(),
            text: ask_text.to_string(),
            snapshot_sha256: run.snapshot_sha256.clone(),
        };
        let (ask_sha, versions) = (run.ask_sha256.clone(), run.arena.clone());
        let waiting: Vec<String> = run.pending.keys().cloned().collect();
        let asked = run.ask_lines.clone();
        let seats: Vec<_> = self
            .config
            .seats
            .iter()
            .filter(|s| waiting.contains(&s.name))
            .cloned()
            .collect();
        let mut out = Vec::new();
        let mut reference_answers = Vec::new();
        for seat in &seats {
            let request = ask.request(
                seat.adapter.model().unwrap_or(seat.adapter.name()),
                seat.max_tokens,
                seat.temperature,
                None,
            );
            if !asked.contains(&seat.name) {
                out.push(seat_ask_line(
                    run_id, &ask_sha, &seat.name, &request, deadline, now,
                ));
                if let Some(r) = self.run_mut(run_id) {
                    r.ask_lines.insert(seat.name.clone());
                }
            }
            match reference_reply_in(&seat.adapter, &snapshot, &self.climatology, &versions) {
                Some(text) => reference_answers.push((seat.name.clone(), text)),
                None => out.push(Action::Ask {
                    run_id: run_id.into(),
                    seat: seat.name.clone(),
                    request,
                    deadline,
                }),
            }
        }
        out.extend(self.answer_references(run_id, reference_answers, now));
        Ok(out)
    }

    fn run_mut(&mut self, run_id: &str) -> Option<&mut Run> {
        self.runs.iter_mut().find(|r| r.run_id == run_id)
    }

    /// What is due at `now`. Nothing is, at a `now` earlier than a sealed line (see
    /// [`Engine::try_poll`], which says so).
    pub fn poll(&mut self, now: Instant) -> Vec<Action> {
        let mut out = Vec::new();
        if self.check_clock(now).is_err() {
            return out;
        }
        let (today, _) = now.new_york();
        // Today's runs, and tomorrow's evening run asked today (spec §3.4), each in its window.
        for session in [today, today.add_days(1)] {
            if crate::calendar::is_session(session) != Some(true) || session < self.first_session {
                continue;
            }
            for slot in run_slots(&self.config, session) {
                if now < slot.at
                    || now >= slot.until
                    || self.runs.iter().any(|r| r.run_id == slot.run_id)
                {
                    continue;
                }
                self.runs.push(Run {
                    run_id: slot.run_id.clone(),
                    session: Some(session),
                    ..Default::default()
                });
                out.push(Action::TakeSnapshot {
                    run_id: slot.run_id,
                    session,
                });
            }
        }
        let mut stamp = false;
        for run in &mut self.runs {
            let Some(deadline) = run.deadline else {
                continue;
            };
            if !run.closed && now >= deadline {
                for (seat, error) in std::mem::take(&mut run.pending) {
                    out.push(Action::Seal {
                        ledger: LeagueLedger::Book,
                        content: NoAnswerContent {
                            at: rfc(now),
                            run_id: run.run_id.clone(),
                            seat,
                            reason: error.unwrap_or_else(|| {
                                "no reply by the deadline (the reference time)".into()
                            }),
                        }
                        .to_object(),
                    });
                }
                run.closed = true;
                stamp = true;
            }
        }
        let cadence = i64::from(self.config.schedule.stamp_every_minutes) * 60 * 1_000_000;
        let in_day = crate::calendar::is_session(today) == Some(true)
            && now >= morning_run_at(&self.config, today)
            && now <= score_at(&self.config, today);
        if in_day && self.last_stamp.is_none_or(|t| now.0 - t.0 >= cadence) {
            stamp = true;
        }
        if stamp || self.arrival_due(now) {
            self.stamped(now);
            out.push(Action::Stamp);
        }
        for run in &mut self.runs {
            let (Some(session), Some(of)) = (run.session, run.run_line) else {
                continue;
            };
            let reference = reference_at(&self.config, session);
            for h in Horizon::ALL {
                if run.scored.contains(&h) {
                    continue;
                }
                let due = if h == Horizon::D1 {
                    Some(score_at(&self.config, session))
                } else {
                    horizon_score_at(&self.config, session, h)
                };
                let due = due.map(|d| retry_after_failures(d, run.failed.get(&h)));
                if due.is_some_and(|d| now >= d) {
                    run.scored.insert(h);
                    let late = run
                        .answered
                        .iter()
                        .filter(|(_, (_, at))| *at >= reference)
                        .map(|(seat, (n, at))| (n.unwrap_or(0), seat.clone(), *at))
                        .collect();
                    out.push(Action::Score {
                        run_id: run.run_id.clone(),
                        session,
                        horizon: h,
                        of,
                        late,
                    });
                }
            }
        }
        out
    }

    /// The instant the stamp on arrival is due (spec §3.2, requirement 12): the settle window
    /// (`schedule.stamp_settle_seconds`) after the first line sealed since the last stamp, so
    /// that lines arriving together share one stamped list; None when every sealed line is
    /// covered by a stamp already asked for. From `league init` on, whatever the time of day.
    pub fn arrival_stamp_at(&self) -> Option<Instant> {
        let settle = i64::from(self.config.schedule.stamp_settle_seconds) * 1_000_000;
        self.unstamped_since.map(|t| Instant(t.0 + settle))
    }

    fn arrival_due(&self, now: Instant) -> bool {
        self.arrival_stamp_at().is_some_and(|t| now >= t)
    }

    /// Takes the stamp at `now`: the lines sealed so far are in its list.
    fn stamped(&mut self, now: Instant) {
        self.last_stamp = Some(now);
        self.unstamped_since = None;
    }

    /// The stamp on arrival alone, for a caller in the middle of a run (sealing replies as
    /// they come, between two polls): [`Action::Stamp`] when its settle window has passed by
    /// `now` ([`Engine::arrival_stamp_at`]), else None. [`Engine::poll`] takes it too.
    pub fn arrival_stamp(&mut self, now: Instant) -> Option<Action> {
        if self.check_clock(now).is_err() || !self.arrival_due(now) {
            return None;
        }
        self.stamped(now);
        Some(Action::Stamp)
    }

    /// The instant a process about to exit takes its closing stamp (spec §3.2, requirement
    /// 12): lines it sealed since the last stamp are not left for the next process. No settle
    /// window (nothing more arrives), but a second after the last stamp, so that the two
    /// lists never share a name (`HHMMSSZ.txt`). None when every sealed line is covered.
    pub fn closing_stamp_at(&self) -> Option<Instant> {
        let first = self.unstamped_since?;
        let after_last = self
            .last_stamp
            .map(|s| Instant(s.0 - s.0.rem_euclid(1_000_000) + 1_000_000));
        Some(after_last.map_or(first, |a| a.max(first)))
    }

    /// The closing stamp ([`Engine::closing_stamp_at`]): [`Action::Stamp`] when one is due by
    /// `now`, else None (nothing unstamped, still the last stamp's second, or a clock behind
    /// the last sealed line).
    pub fn closing_stamp(&mut self, now: Instant) -> Option<Action> {
        if self.check_clock(now).is_err() || self.closing_stamp_at().is_none_or(|t| now < t) {
            return None;
        }
        self.stamped(now);
        Some(Action::Stamp)
    }

    /// The morning runs missed by `now` (spec §3.1): every session of the league whose window
    /// to ask closed with no run taken ([`missed_sessions`]), as run ids, oldest first. A run
    /// is taken only within its window ([`Engine::poll`]); one the server could not start in
    /// time is missed, never asked late.
    pub fn missed_runs(&self, now: Instant) -> Vec<String> {
        missed_sessions(&self.config, self.first_session, now, |d| {
            let morning = morning_run_id(d);
            self.runs.iter().any(|r| r.run_id == morning)
        })
        .into_iter()
        .map(morning_run_id)
        .collect()
    }

    /// The first instant at or after `now` at which [`Engine::poll`] has something to do: the
    /// next morning run still to ask, an open run's deadline, the next stamp of the cadence
    /// within a session day, a score whose window closes (or a failed score's next attempt).
    /// `now` itself when something is due already; None when nothing lies ahead within the
    /// calendar's years. Pure: a caller sleeps until then and polls (nothing is due strictly
    /// before).
    pub fn next_due(&self, now: Instant) -> Option<Instant> {
        self.next_due_job(now).map(|(t, _)| t)
    }

    /// [`Engine::next_due`] with the kind of job due then (of several due at once, the first
    /// of run, close, stamp, score).
    /// Before the latest sealed line's time nothing is due (see [`Engine::check_clock`]): a
    /// clock behind it is told the first instant at or after it.
    pub fn next_due_job(&self, now: Instant) -> Option<(Instant, Due)> {
        match &self.last_sealed {
            Some(last) if now < last.at => self.due_at(last.at),
            _ => self.due_at(now),
        }
    }

    /// [`Engine::next_due_job`] as the schedule alone says, whatever the sealed lines' times.
    fn due_at(&self, now: Instant) -> Option<(Instant, Due)> {
        use crate::calendar::is_session;
        // Two weeks always hold a session day; before the calendar's first year, nothing.
        const DAYS_AHEAD: i64 = 14;
        let mut due: Option<(Instant, Due)> = None;
        let mut consider = |t: Instant, kind: Due| {
            let t = t.max(now);
            if due.is_none_or(|(d, _)| t < d) {
                due = Some((t, kind));
            }
        };
        let (today, _) = now.new_york();
        let first_run_day = today.max(self.first_session);
        for i in 0..DAYS_AHEAD {
            let d = first_run_day.add_days(i);
            match is_session(d) {
                None => break,
                Some(false) => continue,
                Some(true) => {}
            }
            let next = run_slots(&self.config, d).into_iter().find(|slot| {
                !self.runs.iter().any(|r| r.run_id == slot.run_id) && slot.at.max(now) < slot.until
            });
            if let Some(slot) = next {
                consider(slot.at, Due::Run);
                break;
            }
        }
        for run in &self.runs {
            if let (false, Some(deadline)) = (run.closed, run.deadline) {
                consider(deadline, Due::Close);
            }
        }
        let cadence = i64::from(self.config.schedule.stamp_every_minutes) * 60 * 1_000_000;
        for i in 0..DAYS_AHEAD {
            let d = today.add_days(i);
            match is_session(d) {
                None => break,
                Some(false) => continue,
                Some(true) => {}
            }
            let mut t = morning_run_at(&self.config, d).max(now);
            if let Some(last) = self.last_stamp {
                t = t.max(Instant(last.0 + cadence));
            }
            if t <= score_at(&self.config, d) {
                consider(t, Due::Stamp);
                break;
            }
        }
        if let Some(t) = self.arrival_stamp_at() {
            consider(t, Due::Stamp);
        }
        for run in &self.runs {
            let (Some(session), Some(_)) = (run.session, run.run_line) else {
                continue;
            };
            for h in Horizon::ALL {
                if run.scored.contains(&h) {
                    continue;
                }
                let at = if h == Horizon::D1 {
                    Some(score_at(&self.config, session))
                } else {
                    horizon_score_at(&self.config, session, h)
                };
                if let Some(at) = at {
                    consider(retry_after_failures(at, run.failed.get(&h)), Due::Score);
                }
            }
        }
        due
    }

    /// The snapshot of a run is taken: publish and seal the ask and the run line, ask every
    /// seat the same text; the reference seats answer at once. A snapshot taken in by `now` at
    /// or after the run's reference (a slow price source) starts nothing: the run is missed.
    pub fn on_snapshot(
        &mut self,
        run_id: &str,
        snapshot: &Snapshot,
        crowd: Option<CrowdPrices>,
        now: Instant,
    ) -> Vec<Action> {
        let Some(session) = self.run_mut(run_id).and_then(|r| r.session) else {
            return Vec::new();
        };
        let deadline = reference_at(&self.config, session);
        if now >= deadline {
            // Spec §3.3, §3.4: the run line and the reference seats' answers would be sealed
            // at or after the reference, which a counted run never is. Nothing is sealed or
            // asked; the run is missed ([`Engine::missed_runs`]).
            self.runs.retain(|r| r.run_id != run_id);
            return Vec::new();
        }
        let crowd_markets: Vec<&str> = crowd
            .as_ref()
            .map(|c| {
                crate::records::names::MARKETS
                    .iter()
                    .copied()
                    .filter(|m| c.odds.contains_key(*m) || c.kalshi.contains_key(*m))
                    .collect()
            })
            .unwrap_or_default();
        let rules = rules_in_force(&self.protocol, session);
        let mut arena: Vec<String> = rules.iter().map(|r| r.version.clone()).collect();
        // Seeds 001/003: a bets version is in force in the run when a round opens.
        let bets = crowd
            .as_ref()
            .and_then(|c| bets_rounds(&self.protocol, session, c, &self.bet_rounds))
            .map(|(rule, markets, sel)| {
                let section = bets_section(rule, &markets, &sel);
                (rule.version.clone(), section, sel.rounds)
            });
        if let Some((version, _, rounds)) = &bets {
            arena.push(version.clone());
            self.bet_rounds.extend(rounds.iter().cloned());
        }
        // Spec §3, Table 1, requirement 1: every event's contract is fixed before the ask, sealed
        // in the run line and stated in the ask text.
        let contracts = run_contracts(&self.config, session);
        let ask = Ask::with_bets(
            &self.config.name,
            run_id,
            &rfc(deadline),
            snapshot,
            &crowd_markets,
            &rules,
            bets.as_ref().map(|(v, t, _)| (v.as_str(), t.as_str())),
            &contracts,
        );
        let ask_sha = ask.sha256();
        let mut out = vec![
            Action::Publish {
                path: ask_path(&ask_sha),
                bytes: ask.text.clone().into_bytes(),
            },
            Action::Seal {
                ledger: LeagueLedger::Asks,
                content: AskLine {
                    at: rfc(now),
                    run_id: run_id.into(),
                    ask_sha256: ask_sha.clone(),
                    ..Default::default()
                }
                .to_object(),
            },
            Action::Seal {
                ledger: LeagueLedger::Book,
                content: RunContent {
                    at: rfc(now),
                    run_id: run_id.into(),
                    ask_sha256: ask_sha.clone(),
                    snapshot_sha256: ask.snapshot_sha256.clone(),
                    roster: self.config.roster(),
                    methodology: self.config.methodology_version.clone(),
                    crowd,
                    contracts,
                    clock_set: self.clock_set,
                    arena: arena.clone(),
                }
                .to_object(),
            },
        ];
        let seats = self.config.seats.clone();
        let mut reference_answers = Vec::new();
        {
            let run = self.run_mut(run_id).expect("the run exists");
            run.ask_sha256 = ask_sha.clone();
            run.snapshot_sha256 = ask.snapshot_sha256.clone();
            run.deadline = Some(deadline);
            run.arena = arena;
            run.ask_lines = seats.iter().map(|s| s.name.clone()).collect();
        }
        for seat in &seats {
            let request = ask.request(
                seat.adapter.model().unwrap_or(seat.adapter.name()),
                seat.max_tokens,
                seat.temperature,
                None,
            );
            out.push(seat_ask_line(
                run_id, &ask_sha, &seat.name, &request, deadline, now,
            ));
            self.run_mut(run_id)
                .expect("the run exists")
                .pending
                .insert(seat.name.clone(), None);
            let versions = self.run_mut(run_id).expect("the run exists").arena.clone();
            match reference_reply_in(&seat.adapter, snapshot, &self.climatology, &versions) {
                Some(text) => reference_answers.push((seat.name.clone(), text)),
                None => out.push(Action::Ask {
                    run_id: run_id.into(),
                    seat: seat.name.clone(),
                    request,
                    deadline,
                }),
            }
        }
        out.extend(self.answer_references(run_id, reference_answers, now));
        out
    }

    /// A seat's reply arrived at `arrived_at`: seal it now, as received and marked. The same
    /// as reading it with [`Engine::reply_reader`] then [`Engine::on_answer`].
    pub fn on_reply(
        &mut self,
        run_id: &str,
        seat: &str,
        reply: Reply,
        arrived_at: Instant,
    ) -> Vec<Action> {
        let content = self
            .reply_reader(run_id)
            .and_then(|r| r.answer(seat, &reply, arrived_at));
        self.on_answer(run_id, seat, reply.error, content, arrived_at)
    }

    /// What reads the replies of `run_id` into answer lines, detached from the engine so that
    /// the thread that receives a reply can read it (and seal it) while the engine goes on;
    /// None for a run the engine does not know.
    pub fn reply_reader(&self, run_id: &str) -> Option<ReplyReader> {
        let run = self.runs.iter().find(|r| r.run_id == run_id)?;
        Some(ReplyReader {
            run_id: run_id.to_string(),
            ask_sha256: run.ask_sha256.clone(),
            seats: self.config.seats.clone(),
            arena: run.arena.clone(),
            secrets: self.secrets.clone(),
        })
    }

    /// A seat's reply, arrived at `arrived_at`, read by [`ReplyReader::answer`] into `content`
    /// (None: no text came, and `error` says why; the seat stays unanswered and the server may
    /// retry until the deadline). The [`Action::Seal`] returned carries `content` unchanged.
    pub fn on_answer(
        &mut self,
        run_id: &str,
        seat: &str,
        error: Option<String>,
        content: Option<Object>,
        arrived_at: Instant,
    ) -> Vec<Action> {
        if !self.config.seats.iter().any(|s| s.name == seat) {
            return Vec::new();
        }
        let error = error.map(|e| self.secrets.scrubbed(&e));
        let Some(run) = self.run_mut(run_id) else {
            return Vec::new();
        };
        let Some(content) = content else {
            if let Some(e) = run.pending.get_mut(seat) {
                *e = error.or(Some("no reply".into()));
            }
            return Vec::new();
        };
        // A second reply of a seat is a second answer line (the first with items counts).
        run.pending.remove(seat);
        run.answered
            .entry(seat.to_string())
            .or_insert((None, arrived_at));
        vec![Action::Seal {
            ledger: LeagueLedger::Book,
            content,
        }]
    }

    /// The [`Action::Score`] of `run_id`'s `horizon` failed at `now` (no line sealed): it is due
    /// again after a backoff ([`score_retry_at`]) that grows with each failure.
    pub fn on_score_failed(&mut self, run_id: &str, horizon: Horizon, now: Instant) {
        let Some(run) = self.run_mut(run_id) else {
            return;
        };
        if run.scored.remove(&horizon) {
            let f = run.failed.entry(horizon).or_insert((0, now));
            *f = (f.0.saturating_add(1), now);
        }
    }

    /// The score line of `run_id`'s `horizon` was sealed at `now`: a publish is owed from now
    /// ([`Engine::publish_due`]); after the day's (1d) score, the crowd's resolutions are read
    /// first ([`Action::ResolveCrowd`], spec §4.9), so that the session's bets settle in the
    /// same price recording that follows ([`Engine::on_crowd_resolved`]).
    pub fn on_scored(&mut self, run_id: &str, horizon: Horizon, now: Instant) -> Vec<Action> {
        self.publish.score_sealed(now);
        let session = self
            .runs
            .iter()
            .find(|r| r.run_id == run_id)
            .and_then(|r| r.session);
        match (horizon, session) {
            (Horizon::D1, Some(session)) => vec![Action::ResolveCrowd { session }],
            _ => Vec::new(),
        }
    }

    /// The [`Action::ResolveCrowd`] after `session`'s score sealed `crowd` lines resolving
    /// bets of the sessions `resolved` (none: nothing resolved yet): the arena prices are
    /// recorded for `session`, for each session resolved (its bets settle, spec §4.7, §4.11),
    /// and again for each session whose recording failed before and has attempts left
    /// ([`ARENA_PRICE_ATTEMPTS`]); one [`Action::RecordArenaPrices`] each, oldest first.
    pub fn on_crowd_resolved(&mut self, session: Date, resolved: &BTreeSet<Date>) -> Vec<Action> {
        let mut sessions = resolved.clone();
        sessions.insert(session);
        sessions.extend(
            self.arena_failed
                .iter()
                .filter(|(_, n)| **n < ARENA_PRICE_ATTEMPTS)
                .map(|(d, _)| *d),
        );
        sessions
            .into_iter()
            .map(|session| Action::RecordArenaPrices { session })
            .collect()
    }

    /// Takes up, at start, the arena price recordings still owed (spec §4.7, §4.11): a session
    /// of a run whose day's (1d) score is sealed in the book, whose recording
    /// ([`price_recording`] over `recorded`, the lines of `arena-prices.jsonl`) still wants
    /// bars or bets' lines, and which has attempts left: one attempt is counted for each day's
    /// score sealed at or after it ([`ARENA_PRICE_ATTEMPTS`]). Such a session is handed out
    /// again with the next recordings ([`Engine::on_crowd_resolved`]); returns them, oldest
    /// first, with the attempts counted.
    pub fn resume_arena_prices(
        &mut self,
        book: &BookLines,
        recorded: &[PriceLine],
    ) -> Vec<(Date, u32)> {
        let scored: BTreeSet<Date> = self
            .runs
            .iter()
            .filter(|r| r.scored.contains(&Horizon::D1))
            .filter_map(|r| r.session)
            .collect();
        let mut owed = Vec::new();
        for &session in &scored {
            let plan = price_recording(&self.protocol, recorded, book, session);
            if plan.fetch.is_none() && plan.bet_lines.is_empty() {
                continue;
            }
            let made = u32::try_from(scored.range(session..).count()).unwrap_or(u32::MAX);
            if made < ARENA_PRICE_ATTEMPTS {
                self.arena_failed.insert(session, made);
                owed.push((session, made));
            }
        }
        owed
    }

    /// The [`Action::ResolveCrowd`] after `session`'s score could not be carried out (a venue
    /// or the book could not be read): nothing is resolved now, the session's own prices are
    /// recorded all the same, and the runs still waiting are asked again after the next day's
    /// score (spec §4.9: a contract stays open until its venue resolves it).
    pub fn on_crowd_failed(&mut self, session: Date) -> Vec<Action> {
        self.on_crowd_resolved(session, &BTreeSet::new())
    }

    /// The [`Action::RecordArenaPrices`] of `session` ended (`ok`: recorded): a failure is
    /// counted, and handed out again with the next recordings while attempts are left
    /// ([`Engine::on_crowd_resolved`]).
    pub fn on_arena_prices(&mut self, session: Date, ok: bool) {
        if ok {
            self.arena_failed.remove(&session);
        } else {
            let n = self.arena_failed.entry(session).or_insert(0);
            *n = n.saturating_add(1);
        }
    }

    /// When the owed publish is due ([`Engine::publish_due`]), if one is owed.
    pub fn publish_at(&self) -> Option<Instant> {
        self.publish.at()
    }

    /// [`Action::PublishLeague`] when a publish is owed and due by `now` (spec Appendix C:
    /// the published manifest lists every score line): from a sealed score line
    /// ([`Engine::on_scored`]) on, and again after a failed publish
    /// ([`crate::league::publish_plan::PUBLISH_RETRY_MINUTES`] later), until one succeeds.
    /// Apart from [`Engine::poll`], for the server that publishes (a one-off command does not).
    pub fn publish_due(&self, now: Instant) -> Option<Action> {
        self.publish.is_due(now).then_some(Action::PublishLeague)
    }

    /// The [`Action::PublishLeague`] taken at `now` ended (`ok`: it wrote the files).
    pub fn on_published(&mut self, ok: bool, now: Instant) {
        self.publish.published(ok, now);
    }

    /// A line was sealed as line `n` of `ledger`.
    pub fn on_sealed(&mut self, ledger: LeagueLedger, n: u64, content: &Object) {
        self.saw_sealed(ledger, n, content);
        if ledger != LeagueLedger::Book {
            return;
        }
        let s = |k: &str| content.get(k).and_then(Value::as_str).map(str::to_owned);
        let (Some(kind), Some(run_id)) = (s("kind"), s("run_id")) else {
            return;
        };
        let Some(run) = self.run_mut(&run_id) else {
            return;
        };
        match kind.as_str() {
            "run" => run.run_line = Some(n),
            "answer" => {
                if let Some(seat) = s("seat") {
                    if let Some((line @ None, _)) = run.answered.get_mut(&seat) {
                        *line = Some(n);
                    }
                }
            }
            _ => {}
        }
    }
}

/// A score due at `due`, or later when it has failed: the next attempt's time.
fn retry_after_failures(due: Instant, failed: Option<&(u32, Instant)>) -> Instant {
    failed.map_or(due, |&(n, at)| due.max(score_retry_at(at, n)))
}

/// The score line of an [`Action::Score`] once the server has the prices: `results` maps each
/// market to its (reference, close) from the provider by the published rule, `late_ref` each
/// late answer line to its own references (spec §3.3); `up` is strictly above the reference.
pub fn score_content(
    at: Instant,
    run_id: &str,
    of: u64,
    horizon: Horizon,
    results: &BTreeMap<String, (f64, f64)>,
    late_ref: BTreeMap<u64, BTreeMap<String, f64>>,
) -> crate::records::book_lines::build::ScoreContent {
    use crate::records::book_lines::build::{ResultContent, ScoreContent};
    ScoreContent {
        at: rfc(at),
        run_id: run_id.into(),
        of,
        horizon,
        results: results
            .iter()
            .filter(|(_, (r, _))| *r != 0.0)
            .map(|(asset, (reference, close))| {
                (
                    asset.clone(),
                    ResultContent {
                        reference: *reference,
                        close: *close,
                        up: Some(close > reference),
                        ..Default::default()
                    },
                )
            })
            .collect(),
        noise: BTreeMap::new(),
        noise_missing: BTreeMap::new(),
        late_ref,
        seats: BTreeMap::new(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::writer::BookWriter;
    use crate::contract::event::EventContract;
    use crate::league::ask::MarketRow;
    use crate::league::schedule::declaration;
    use crate::records::book_lines::build::Shape;
    use crate::records::names::MARKETS;
    use crate::score::book_rows::book_rows;
    use crate::score::roster::roster_from_asks;

    mod after_score;
    pub(crate) mod hostile;
    mod runs;

    const CONFIG: &str = r#"
[league]
name = "test league"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "http://127.0.0.1:9000/v1"
model = "gpt-test"
family = "lab-a"

[[seat]]
name = "beta"
adapter = "anthropic"
model = "claude-test"

[[seat]]
name = "gamma"
adapter = "gemini"
model = "gemini-test"

[[seat]]
name = "delta"
adapter = "command"
command = ["./seat"]

[[seat]]
name = "coin"
adapter = "coin"

[[seat]]
name = "momentum"
adapter = "momentum"

[prices]
provider = "csv"
path = "prices.csv"
"#;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    type Scored = (Horizon, u64, Vec<(u64, String, Instant)>);

    /// Carries out the engine's actions the way the server does, on in-memory ledgers.
    #[derive(Default)]
    struct Driver {
        book: (BookWriter, Vec<u8>),
        asks: (BookWriter, Vec<u8>),
        published: Vec<String>,
        asked: Vec<(String, AskRequest, Instant)>,
        stamps: usize,
        scores: Vec<Scored>,
        snapshots: Vec<String>,
        after_score: Vec<Action>,
    }

    impl Driver {
        fn seal(&mut self, ledger: LeagueLedger, content: &Object) -> u64 {
            let (w, bytes) = match ledger {
                LeagueLedger::Book => &mut self.book,
                LeagueLedger::Asks => &mut self.asks,
            };
            bytes.extend_from_slice(&w.append(content).unwrap().bytes);
            w.lines()
        }

        fn apply(&mut self, e: &mut Engine, actions: Vec<Action>) {
            for a in actions {
                match a {
                    Action::Seal { ledger, content } => {
                        let n = self.seal(ledger, &content);
                        e.on_sealed(ledger, n, &content);
                    }
                    Action::Publish { path, .. } => self.published.push(path),
                    Action::Ask {
                        seat,
                        request,
                        deadline,
                        ..
                    } => self.asked.push((seat, request, deadline)),
                    Action::Stamp => self.stamps += 1,
                    Action::Score {
                        horizon, of, late, ..
                    } => self.scores.push((horizon, of, late)),
                    Action::TakeSnapshot { run_id, .. } => self.snapshots.push(run_id),
                    a @ (Action::ResolveCrowd { .. }
                    | Action::RecordArenaPrices { .. }
                    | Action::PublishLeague) => self.after_score.push(a),
                }
            }
        }
    }

    fn snapshot() -> Snapshot {
        Snapshot {
            taken_at: "2026-10-21T12:29:00Z".into(),
            rows: MARKETS
                .iter()
                .map(|m| MarketRow {
                    asset: m.to_string(),
                    price: 101.0,
                    prev_close: Some(100.0),
                    low_52w: Some(90.0),
                    high_52w: Some(110.0),
                    read_at: "2026-10-20T20:00:00Z".into(),
                })
                .collect(),
        }
    }

    const GOOD: &str = "My view:\n```json\n{\"items\": {\"SPX\": {\"1d\": {\"prob_up\": 60, \"action\": \"buy_strong\"}}, \"GOLD\": {\"1d\": {\"prob_up\": 40, \"action\": \"trim\"}}}, \"years\": \"up\"}\n```";

    /// The actions of a morning run's snapshot at 12:30:05, and the ask text it published.
    fn killed_run(config: &LeagueConfig, session: Date) -> (Driver, Vec<Action>, String) {
        let mut d = Driver::default();
        d.seal(
            LeagueLedger::Asks,
            &declaration(config, "2026-10-21T04:16:00Z", session).to_object(),
        );
        let mut e = Engine::new(config.clone(), Climatology::new(), session, true);
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T12:30:05Z"),
        );
        let text = a
            .iter()
            .find_map(|x| match x {
                Action::Publish { bytes, .. } => Some(String::from_utf8(bytes.clone()).unwrap()),
                _ => None,
            })
            .unwrap();
        // Killed right after the run line: no seat's ask line, no reference answer.
        let upto = a
            .iter()
            .position(|x| {
                matches!(
                    x,
                    Action::Seal {
                        ledger: LeagueLedger::Book,
                        ..
                    }
                )
            })
            .unwrap();
        let (done, rest) = a.split_at(upto + 1);
        d.apply(&mut e, done.to_vec());
        (d, rest.to_vec(), text)
    }

    #[test]
    fn a_run_killed_after_its_run_line_is_finished_before_its_deadline_and_closed_after() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let (mut d, skipped, text) = killed_run(&config, session);
        let resume = |d: &Driver| {
            Engine::resume(
                config.clone(),
                Climatology::new(),
                session,
                true,
                &d.book.1,
                &d.asks.1,
                &[],
            )
            .unwrap()
        };
        let mut e = resume(&d);
        // The morning window is still open but the run is sealed: no second snapshot.
        assert!(!e
            .poll(t("2026-10-21T12:40:00Z"))
            .iter()
            .any(|a| matches!(a, Action::TakeSnapshot { .. })));
        let u = e.unfinished_run(t("2026-10-21T12:40:00Z")).unwrap();
        assert_eq!(u.run_id, "2026-10-21-am");
        assert_eq!(u.deadline, t("2026-10-21T13:30:00Z"));
        assert_eq!(
            u.seats,
            ["alpha", "beta", "coin", "delta", "gamma", "momentum"]
        );
        // Not with an ask text that is not the run's.
        assert!(matches!(
            e.resume_run(
                "2026-10-21-am",
                &text.replace("Snapshot", "snapshot"),
                t("2026-10-21T12:40:00Z")
            ),
            Err(ResumeError::AskDiffers { .. })
        ));
        let a = e
            .resume_run("2026-10-21-am", &text, t("2026-10-21T12:40:00Z"))
            .unwrap();
        // The ask lines the first process never sealed are sealed as it would have sealed
        // them (the same text hashes), the model seats asked, the reference seats answered.
        let ask_lines = |acts: &[Action]| -> Vec<(String, String)> {
            acts.iter()
                .filter_map(|x| match x {
                    Action::Seal {
                        ledger: LeagueLedger::Asks,
                        content,
                    } => Some((
                        content.get("seat")?.as_str()?.to_string(),
                        content.get("text_sha256")?.as_str()?.to_string(),
                    )),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(ask_lines(&a), ask_lines(&skipped));
        d.apply(&mut e, a);
        let asked: Vec<_> = d.asked.iter().map(|(s, ..)| s.as_str()).collect();
        assert_eq!(asked, ["alpha", "beta", "gamma", "delta"]);
        let answered = |d: &Driver| -> Vec<String> {
            let lines = BookLines::parse(&d.book.1).unwrap();
            let mut v: Vec<String> = lines
                .answers
                .values()
                .filter_map(|a| a.seat.clone())
                .collect();
            v.sort();
            v
        };
        assert_eq!(answered(&d), ["coin", "momentum"]);
        let a = e.on_reply(
            "2026-10-21-am",
            "alpha",
            Reply {
                raw: GOOD.as_bytes().to_vec(),
                text: Some(GOOD.into()),
                ..Reply::default()
            },
            t("2026-10-21T12:41:00Z"),
        );
        d.apply(&mut e, a);

        // Killed again: the next process asks only the seats still silent, with no second
        // ask line for any.
        let mut e = resume(&d);
        d.asked.clear();
        let u = e.unfinished_run(t("2026-10-21T12:50:00Z")).unwrap();
        assert_eq!(u.seats, ["beta", "delta", "gamma"]);
        let a = e
            .resume_run("2026-10-21-am", &text, t("2026-10-21T12:50:00Z"))
            .unwrap();
        assert!(ask_lines(&a).is_empty());
        d.apply(&mut e, a);
        let asked: Vec<_> = d.asked.iter().map(|(s, ..)| s.as_str()).collect();
        assert_eq!(asked, ["beta", "gamma", "delta"]);

        // After the deadline nothing is asked: the silent seats are sealed no_answer.
        let mut e = resume(&d);
        assert_eq!(e.unfinished_run(t("2026-10-21T13:35:00Z")), None);
        let a = e.poll(t("2026-10-21T13:35:00Z"));
        let no_answer: Vec<_> = a
            .iter()
            .filter_map(|x| match x {
                Action::Seal { content, .. } => content.get("seat")?.as_str().map(str::to_owned),
                _ => None,
            })
            .collect();
        assert_eq!(no_answer, ["beta", "delta", "gamma"]);
        d.apply(&mut e, a);
        assert_eq!(resume(&d).unfinished_run(t("2026-10-21T13:36:00Z")), None);
        assert!(verify(&d.book.1, VerifyOptions::default()).ok);
        assert!(verify(&d.asks.1, VerifyOptions::default()).ok);
    }

    #[test]
    fn a_run_killed_before_its_reference_seats_answered_closes_them_after_the_deadline() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let (mut d, _, _) = killed_run(&config, session);
        let mut e = Engine::resume(
            config.clone(),
            Climatology::new(),
            session,
            true,
            &d.book.1,
            &d.asks.1,
            &[],
        )
        .unwrap();
        let a = e.poll(t("2026-10-21T14:00:00Z"));
        d.apply(&mut e, a);
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert_eq!(lines.runs.len(), 1);
        let closed: BTreeSet<String> = d
            .book
            .1
            .split(|b| *b == b'\n')
            .filter_map(|l| match canon::parse(l) {
                Ok(Value::Object(o))
                    if o.get("kind").and_then(Value::as_str) == Some("no_answer") =>
                {
                    o.get("seat").and_then(Value::as_str).map(str::to_owned)
                }
                _ => None,
            })
            .collect();
        let roster: BTreeSet<String> = config.seats.iter().map(|s| s.name.clone()).collect();
        assert_eq!(closed, roster, "every seat of the roster has its line");
    }

    #[test]
    fn the_clock_is_refused_before_the_last_sealed_line() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let (d, _, _) = killed_run(&config, session);
        let mut e = Engine::resume(
            config.clone(),
            Climatology::new(),
            session,
            true,
            &d.book.1,
            &d.asks.1,
            &[],
        )
        .unwrap();
        let last = e.last_sealed().cloned().unwrap();
        assert_eq!(
            last,
            LastSealed {
                ledger: LeagueLedger::Book,
                n: 1,
                at: t("2026-10-21T12:30:05Z")
            }
        );
        let err = e.check_clock(t("2026-10-21T12:00:00Z")).unwrap_err();
        assert!(
            err.to_string()
                .contains("council-book.jsonl line 1 sealed at 2026-10-21T12:30:05Z"),
            "{err}"
        );
        // 08:00 New York: nothing would be due then, so nothing is refused either.
        assert_eq!(e.try_poll(t("2026-10-21T12:00:00Z")), Ok(Vec::new()));
        // The next session's run, with a clock set back from it to this session's window.
        let later = e.try_poll(t("2026-10-22T12:30:00Z")).unwrap();
        assert!(later
            .iter()
            .any(|a| matches!(a, Action::TakeSnapshot { .. })));
        let mut e2 = Engine::resume(
            config.clone(),
            Climatology::new(),
            session,
            true,
            &d.book.1,
            &d.asks.1,
            &[],
        )
        .unwrap();
        e2.on_sealed(
            LeagueLedger::Book,
            2,
            &canon::parse(br#"{"kind": "answer", "at": "2026-10-22T12:31:00Z"}"#)
                .ok()
                .and_then(|v| v.as_object().cloned())
                .unwrap(),
        );
        let behind = e2.try_poll(t("2026-10-21T12:35:00Z")).unwrap_err();
        assert_eq!(behind.last.at, t("2026-10-22T12:31:00Z"));
        // Nothing is due at such a time by poll either, and the next due time is the line's.
        assert!(e2.poll(t("2026-10-21T13:35:00Z")).is_empty());
        assert!(e2
            .next_due(t("2026-10-21T12:35:00Z"))
            .is_some_and(|d| d >= t("2026-10-22T12:31:00Z")));
        assert!(matches!(
            e2.resume_run("2026-10-21-am", "", t("2026-10-21T12:35:00Z")),
            Err(ResumeError::ClockBehind(_))
        ));
        assert!(e.check_clock(t("2026-10-21T12:30:05Z")).is_ok());
    }

    #[test]
    fn a_whole_league_day() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut d = Driver::default();
        // league init: the declaration is the ask chain's first line.
        d.seal(
            LeagueLedger::Asks,
            &declaration(&config, "2026-10-21T04:16:00Z", session).to_object(),
        );
        let mut e = Engine::new(config.clone(), Climatology::new(), session, true);

        // Before the morning run nothing is due.
        let a = e.poll(t("2026-10-21T08:00:00Z"));
        assert!(a.is_empty(), "{a:?}");
        // 08:30 ET: take the snapshot (once), and stamp.
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        assert_eq!(d.snapshots, ["2026-10-21-am"]);
        assert!(e.poll(t("2026-10-21T12:30:01Z")).is_empty());
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T12:30:05Z"),
        );
        d.apply(&mut e, a);
        // Every model seat asked the same text at once, the deadline the reference time.
        let asked: Vec<_> = d.asked.iter().map(|(s, ..)| s.as_str()).collect();
        assert_eq!(asked, ["alpha", "beta", "gamma", "delta"]);
        assert!(d
            .asked
            .iter()
            .all(|(_, r, dl)| r.user == d.asked[0].1.user && *dl == t("2026-10-21T13:30:00Z")));
        assert_eq!(d.published.len(), 1);

        // Replies, each sealed on receipt.
        let reply = |text: Option<&str>, error: Option<&str>| Reply {
            raw: text.unwrap_or("").as_bytes().to_vec(),
            text: text.map(str::to_owned),
            provider_model: text.map(|_| "gpt-test-2026-10-01".to_string()),
            error: error.map(str::to_owned),
            ..Reply::default()
        };
        let a = e.on_reply(
            "2026-10-21-am",
            "alpha",
            reply(Some(GOOD), None),
            t("2026-10-21T12:31:00Z"),
        );
        assert_eq!(a.len(), 1);
        d.apply(&mut e, a);
        let a = e.on_reply(
            "2026-10-21-am",
            "delta",
            reply(Some("Up, I think {roughly}."), None),
            t("2026-10-21T12:32:00Z"),
        );
        d.apply(&mut e, a);
        let a = e.on_reply(
            "2026-10-21-am",
            "beta",
            reply(None, Some("HTTP 500")),
            t("2026-10-21T12:33:00Z"),
        );
        assert!(a.is_empty(), "a failed attempt seals nothing");
        // The deadline passes: beta and gamma are sealed no_answer, then a stamp.
        let a = e.poll(t("2026-10-21T13:30:00Z"));
        let kinds: Vec<_> = a
            .iter()
            .map(|x| match x {
                Action::Seal { content, .. } => content
                    .get("seat")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(kinds, ["beta", "gamma", "Stamp"]);
        d.apply(&mut e, a);
        // A late answer is sealed too.
        let a = e.on_reply(
            "2026-10-21-am",
            "gamma",
            reply(Some(GOOD), None),
            t("2026-10-21T13:31:05Z"),
        );
        d.apply(&mut e, a);
        let book_at_late = d.book.1.clone();
        let asks_at_late = d.asks.1.clone();

        // After the close: the day's score line is due, naming the run line and the late answer.
        let a = e.poll(t("2026-10-21T20:10:00Z"));
        d.apply(&mut e, a);
        assert_eq!(d.scores.len(), 1);
        let (h, of, late) = d.scores[0].clone();
        assert_eq!((h, of), (Horizon::D1, 1));
        assert_eq!(
            late,
            vec![(8, "gamma".to_string(), t("2026-10-21T13:31:05Z"))]
        );
        assert!(e
            .poll(t("2026-10-21T20:11:00Z"))
            .iter()
            .all(|a| !matches!(a, Action::Score { .. })));
        let results: BTreeMap<String, (f64, f64)> = MARKETS
            .iter()
            .map(|m| (m.to_string(), (101.5, 102.0)))
            .collect();
        let late_ref = BTreeMap::from([(8, BTreeMap::from([("SPX".to_string(), 101.75)]))]);
        let line = score_content(
            t("2026-10-21T20:10:05Z"),
            "2026-10-21-am",
            of,
            Horizon::D1,
            &results,
            late_ref,
        );
        d.seal(LeagueLedger::Book, &line.to_object());
        // The week's window closes five sessions later.
        let a = e.poll(t("2026-10-28T20:10:00Z"));
        d.apply(&mut e, a);
        assert_eq!(d.scores.last().map(|s| s.0), Some(Horizon::W1));

        // The books verify and read back as the scorer reads them.
        assert!(verify(&d.book.1, VerifyOptions::default()).ok);
        assert!(verify(&d.asks.1, VerifyOptions::default()).ok);
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert!(lines.runs[0].clock_set);
        let by_seat = |s: &str| {
            lines
                .answers
                .values()
                .find(|a| a.seat.as_deref() == Some(s))
                .unwrap()
        };
        assert_eq!(
            by_seat("alpha").model.as_deref(),
            Some("gpt-test-2026-10-01")
        );
        assert_eq!(
            by_seat("alpha").own_sha256,
            Some(sha256_hex(GOOD.as_bytes()))
        );
        assert_eq!(
            by_seat("delta").shape.as_ref().map(|s| s.0),
            Some(Shape::Refused)
        );
        assert_eq!(by_seat("coin").model.as_deref(), Some("coin"));
        let roster = roster_from_asks(&d.asks.1).unwrap();
        assert_eq!(roster.seats.len(), 6);
        let mut counting = crate::score::counting::Counting::from_asks(Some(&d.asks.1)).unwrap();
        let rows = book_rows(&d.book.1, &roster, &mut counting).unwrap();
        assert_eq!(
            counting.rule,
            crate::score::counting::Rule::ScheduledMorningRun {
                first_session: Some("2026-10-21".into())
            },
            "{counting:?}"
        );
        assert!(
            counting.notes.is_empty() && counting.flags.is_empty(),
            "{counting:?}"
        );
        let status = |seat: &str| {
            rows.iter()
                .filter(|r| r.seat == seat)
                .map(|r| r.status.clone())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(
            status("alpha"),
            ["counted", "counted_50"],
            "SPX and GOLD stated, the rest empty"
        );
        assert_eq!(status("beta"), ["no_answer"]);
        assert_eq!(status("delta"), ["refused_shape"]);
        assert_eq!(status("coin"), ["counted"]);
        assert_eq!(lines.score_error, None);
        assert_eq!(lines.scores.len(), 1, "{:?}", lines.kinds);
        // Scored from the sealed score line: the late answer from its own reference.
        let spx = |seat: &str| {
            rows.iter()
                .find(|r| r.seat == seat && r.asset == "SPX" && r.horizon == Horizon::D1)
                .unwrap()
        };
        assert_eq!(
            (spx("alpha").reference, spx("alpha").same_event),
            (Some(101.5), true)
        );
        assert_eq!(
            (spx("gamma").reference, spx("gamma").same_event),
            (Some(101.75), false)
        );
        // Every event's contract was sealed in the run line before the ask (spec §3, Table 1)
        // and the ask states it: no row carries a placeholder, the yield's day ends 15:00 ET.
        assert_eq!(lines.runs[0].contracts.len(), 48);
        assert!(rows.iter().all(|r| !r
            .contract
            .values()
            .contains(&crate::score::book_rows::UNSTATED)));
        let cell = |seat: &str, asset: &str| {
            rows.iter()
                .find(|r| r.seat == seat && r.asset == asset && r.horizon == Horizon::D1)
                .unwrap()
        };
        assert_eq!(cell("alpha", "TNX").contract.end_at, "2026-10-21T19:00:00Z");
        assert_eq!(cell("alpha", "GOLD").contract.price_provider, "csv_1m_bars");
        let ask_text = &d.asked[0].1.user;
        for c in lines.runs[0].contracts.values() {
            assert!(ask_text.contains(&format!("{}: price_symbol {}", c.asset, c.price_symbol)));
            assert!(
                ask_text.contains(&format!("{} {}", c.horizon, c.end_at)),
                "{ask_text}"
            );
        }
        // One clock (§3.3): Bitcoin sealed before the reference is in the common event; the
        // late answer's own event keeps the sealed contract but for its own reference.
        assert!(cell("alpha", "BTC").same_event);
        assert_eq!(
            cell("alpha", "BTC").contract.reference_at,
            "2026-10-21T13:30:00Z"
        );
        assert_eq!(
            cell("gamma", "SPX").contract,
            EventContract {
                reference_at: "2026-10-21T13:31:05Z".into(),
                ..lines.runs[0].contracts[&("SPX".to_string(), Horizon::D1)].clone()
            }
        );
        let chain = AskChain::parse(&d.asks.1).unwrap();
        assert_eq!(chain.asks.len(), 1 + 6, "the common ask and one per seat");
        assert!(chain
            .asks
            .iter()
            .skip(1)
            .all(|(_, a)| a.text_sha256.is_some()));

        // Resumed from the books after the late answer, the engine owes the same score line.
        let mut r = Engine::resume(
            config,
            Climatology::new(),
            session,
            true,
            &book_at_late,
            &asks_at_late,
            &[],
        )
        .unwrap();
        let a = r.poll(t("2026-10-21T20:10:00Z"));
        let scores: Vec<_> = a
            .iter()
            .filter_map(|x| match x {
                Action::Score {
                    horizon, of, late, ..
                } => Some((*horizon, *of, late.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(scores, vec![d.scores[0].clone()]);
        assert!(
            !a.iter().any(|x| matches!(x, Action::Seal { .. })),
            "no seat is sealed twice"
        );
    }

    /// A session whose window to ask closed before the engine was polled in it is missed: no
    /// snapshot is taken late, and `missed_runs` names it; a run taken in its window is not.
    #[test]
    fn a_window_closed_unpolled_is_a_missed_run_never_asked_late() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        assert!(e.missed_runs(t("2026-10-21T13:29:00Z")).is_empty());
        let late = t("2026-10-22T14:00:00Z");
        assert!(
            !e.poll(late)
                .iter()
                .any(|a| matches!(a, Action::TakeSnapshot { .. })),
            "past the reference no run is asked"
        );
        assert_eq!(e.missed_runs(late), ["2026-10-21-am", "2026-10-22-am"]);
        let mut e = Engine::new(
            LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap(),
            Climatology::new(),
            session,
            true,
        );
        assert!(e
            .poll(t("2026-10-21T12:30:00Z"))
            .iter()
            .any(|a| matches!(a, Action::TakeSnapshot { .. })));
        assert_eq!(e.missed_runs(late), ["2026-10-22-am"]);
    }

    /// A snapshot that ends at or after the reference seals nothing (the run line and the
    /// reference seats' answers would be sealed after it) and asks no seat: the run is missed.
    #[test]
    fn a_snapshot_past_the_reference_starts_no_run() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        assert!(e
            .poll(t("2026-10-21T13:29:58Z"))
            .iter()
            .any(|a| matches!(a, Action::TakeSnapshot { .. })));
        let acts = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T13:30:00Z"),
        );
        assert!(acts.is_empty(), "{acts:?}");
        assert_eq!(e.missed_runs(t("2026-10-21T13:30:00Z")), ["2026-10-21-am"]);
        assert!(
            e.poll(t("2026-10-21T13:30:01Z"))
                .iter()
                .all(|a| matches!(a, Action::Stamp)),
            "not asked again, nothing to close"
        );
        assert!(!e.has_run_for(session));
        // A second before the reference the run starts.
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        e.poll(t("2026-10-21T13:29:58Z"));
        let acts = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T13:29:59Z"),
        );
        assert!(acts.iter().any(|a| matches!(a, Action::Seal { .. })));
    }

    /// A resumed engine stamps on the cadence from the last stamped list under `proof/`, not
    /// at its own start: within the cadence of that list nothing is stamped, past it a poll
    /// stamps, and `next_due` names the instant the cadence comes round.
    #[test]
    fn resume_goes_on_with_the_stamping_cadence_of_the_last_list() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let asks = BookWriter::new()
            .append(&declaration(&config, "2026-10-21T04:16:00Z", session).to_object())
            .unwrap()
            .bytes;
        // 14:00 ET on a session day, after the morning run's window: only the cadence is due.
        let now = t("2026-10-21T18:00:00Z");
        let resumed = |stamped: &[Instant]| {
            Engine::resume(
                config.clone(),
                Climatology::new(),
                session,
                true,
                b"",
                &asks,
                stamped,
            )
            .unwrap()
        };
        let stamps = |a: &[Action]| a.iter().filter(|x| matches!(x, Action::Stamp)).count();
        let mut fresh = resumed(&[]);
        assert_eq!(stamps(&fresh.poll(now)), 1, "no list yet: stamp now");
        let lists = [t("2026-10-21T17:00:00Z"), t("2026-10-21T17:50:00Z")];
        let mut e = resumed(&lists);
        assert_eq!(e.next_due(now), Some(t("2026-10-21T18:20:00Z")));
        assert_eq!(stamps(&e.poll(now)), 0, "the latest list is 10 minutes old");
        assert_eq!(stamps(&e.poll(t("2026-10-21T18:19:59Z"))), 0);
        assert_eq!(stamps(&e.poll(t("2026-10-21T18:20:00Z"))), 1);
    }

    /// Spec §3.2, requirement 12: a sealed line is stamped on arrival. The first line sealed
    /// after a stamp makes a stamp due `stamp_settle_seconds` later (not sooner), lines sealed
    /// within that window share it, nothing sealed makes no stamp beside the cadence, and the
    /// cadence still stamps at least every `stamp_every_minutes` in the session day; an answer
    /// arriving a minute before the reference is stamped before it.
    #[test]
    fn a_sealed_line_is_stamped_on_arrival_after_the_settle_window() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        assert_eq!(config.schedule.stamp_settle_seconds, 5);
        let session = Date::parse("2026-10-21").unwrap();
        let mut d = Driver::default();
        let mut e = Engine::new(config.clone(), Climatology::new(), session, true);
        let stamps = |a: &[Action]| a.iter().filter(|x| matches!(x, Action::Stamp)).count();
        // 08:30 ET: the snapshot, and the cadence's first stamp (no list yet).
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        assert_eq!(stamps(&a), 1);
        d.apply(&mut e, a);
        assert_eq!(e.arrival_stamp_at(), None, "nothing sealed since the stamp");
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T12:30:05Z"),
        );
        assert_eq!(stamps(&a), 0, "sealing is never held for a stamp");
        d.apply(&mut e, a);
        // The ask lines, the run line and the reference seats' answers, sealed at 12:30:05,
        // share one stamp at 12:30:10.
        assert_eq!(e.arrival_stamp_at(), Some(t("2026-10-21T12:30:10Z")));
        assert_eq!(
            e.next_due_job(t("2026-10-21T12:30:06Z")),
            Some((t("2026-10-21T12:30:10Z"), Due::Stamp))
        );
        assert_eq!(stamps(&e.poll(t("2026-10-21T12:30:09Z"))), 0);
        assert_eq!(e.arrival_stamp(t("2026-10-21T12:30:09Z")), None);
        assert_eq!(
            e.arrival_stamp(t("2026-10-21T12:30:10Z")),
            Some(Action::Stamp)
        );
        assert_eq!(e.arrival_stamp_at(), None);
        assert_eq!(stamps(&e.poll(t("2026-10-21T12:30:11Z"))), 0, "taken once");
        // Two replies two seconds apart: one stamp, five seconds after the first.
        let reply = || Reply {
            raw: GOOD.as_bytes().to_vec(),
            text: Some(GOOD.into()),
            ..Reply::default()
        };
        for (seat, at) in [("alpha", "12:50:00"), ("beta", "12:50:02")] {
            let a = e.on_reply(
                "2026-10-21-am",
                seat,
                reply(),
                t(&format!("2026-10-21T{at}Z")),
            );
            d.apply(&mut e, a);
        }
        assert_eq!(stamps(&e.poll(t("2026-10-21T12:50:04Z"))), 0);
        assert_eq!(stamps(&e.poll(t("2026-10-21T12:50:05Z"))), 1);
        assert_eq!(stamps(&e.poll(t("2026-10-21T12:50:10Z"))), 0);
        // Nothing sealed: no stamp until the cadence comes round, 30 minutes after the last.
        assert_eq!(stamps(&e.poll(t("2026-10-21T13:05:00Z"))), 0);
        assert_eq!(
            e.next_due_job(t("2026-10-21T13:05:00Z")),
            Some((t("2026-10-21T13:20:05Z"), Due::Stamp))
        );
        assert_eq!(stamps(&e.poll(t("2026-10-21T13:20:05Z"))), 1, "the cadence");
        // 09:29 ET: gamma answers a minute before the reference and is stamped before it.
        let a = e.on_reply("2026-10-21-am", "gamma", reply(), t("2026-10-21T13:29:00Z"));
        d.apply(&mut e, a);
        let reference = reference_at(&config, session);
        assert_eq!(reference, t("2026-10-21T13:30:00Z"));
        let due = e.arrival_stamp_at().unwrap();
        assert!(due < reference, "{due:?}");
        assert_eq!(stamps(&e.poll(due)), 1);
    }

    /// A process about to exit stamps what it sealed since its last stamp at once (no settle
    /// window), but never in the second of its last list (list names are per second).
    #[test]
    fn a_closing_stamp_covers_the_last_lines_at_once_in_a_new_second() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut d = Driver::default();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        assert_eq!(e.closing_stamp_at(), None, "nothing sealed since the stamp");
        assert_eq!(e.closing_stamp(t("2026-10-21T12:30:00Z")), None);
        let sealed_at = Instant(t("2026-10-21T12:30:00Z").0 + 400_000);
        let a = e.on_snapshot("2026-10-21-am", &snapshot(), None, sealed_at);
        d.apply(&mut e, a);
        assert_eq!(e.closing_stamp_at(), Some(t("2026-10-21T12:30:01Z")));
        assert_eq!(e.closing_stamp(Instant(sealed_at.0 + 500_000)), None);
        assert_eq!(
            e.closing_stamp(t("2026-10-21T12:30:01Z")),
            Some(Action::Stamp)
        );
        assert_eq!(e.closing_stamp_at(), None, "taken once");
        assert_eq!(
            e.arrival_stamp_at(),
            None,
            "no stamp on arrival is left either"
        );
    }

    /// From `league init` on: a declaration sealed on a Saturday (no session day, no cadence)
    /// is stamped on arrival of the engine; one already in a stamped list is not stamped again.
    #[test]
    fn the_declaration_is_stamped_on_arrival_outside_the_session_day() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-26").unwrap();
        let asks = BookWriter::new()
            .append(&declaration(&config, "2026-10-24T16:00:00Z", session).to_object())
            .unwrap()
            .bytes;
        let resumed = |stamped: &[Instant]| {
            Engine::resume(
                config.clone(),
                Climatology::new(),
                session,
                true,
                b"",
                &asks,
                stamped,
            )
            .unwrap()
        };
        let stamps = |a: &[Action]| a.iter().filter(|x| matches!(x, Action::Stamp)).count();
        let mut e = resumed(&[]);
        assert_eq!(e.arrival_stamp_at(), Some(t("2026-10-24T16:00:05Z")));
        assert_eq!(
            e.next_due_job(t("2026-10-24T16:00:01Z")),
            Some((t("2026-10-24T16:00:05Z"), Due::Stamp))
        );
        assert_eq!(stamps(&e.poll(t("2026-10-24T16:00:04Z"))), 0);
        assert_eq!(stamps(&e.poll(t("2026-10-24T16:00:05Z"))), 1);
        assert_eq!(stamps(&e.poll(t("2026-10-24T18:00:00Z"))), 0, "a Saturday");
        let mut e = resumed(&[t("2026-10-24T16:00:01Z")]);
        assert_eq!(e.arrival_stamp_at(), None);
        assert_eq!(stamps(&e.poll(t("2026-10-24T16:00:05Z"))), 0);
    }

    /// Polled only at `next_due`, the engine does what it does when polled every minute, at
    /// the same instants: nothing is due before the instant `next_due` names.
    #[test]
    fn next_due_names_every_instant_a_minute_poll_acts_at() {
        let mut config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        // A settle window of a whole minute: lines sealed on the minute are stamped on the
        // minute, where a poll every minute finds them.
        config.schedule.stamp_settle_seconds = 60;
        let session = Date::parse("2026-10-21").unwrap();
        // What a poll did at `now` (summary), carrying out snapshots at once.
        let step = |e: &mut Engine, d: &mut Driver, now: Instant| -> Vec<String> {
            let a = e.poll(now);
            let summary: Vec<String> = a
                .iter()
                .map(|x| match x {
                    Action::Seal { content, .. } => format!(
                        "seal {}",
                        content.get("seat").and_then(Value::as_str).unwrap_or("")
                    ),
                    Action::Score {
                        run_id, horizon, ..
                    } => {
                        format!("score {run_id} {}", horizon.as_str())
                    }
                    other => format!("{other:?}"),
                })
                .collect();
            let snapshots: Vec<String> = a
                .iter()
                .filter_map(|x| match x {
                    Action::TakeSnapshot { run_id, .. } => Some(run_id.clone()),
                    _ => None,
                })
                .collect();
            d.apply(e, a);
            for run_id in snapshots {
                let a = e.on_snapshot(&run_id, &snapshot(), None, now);
                d.apply(e, a);
            }
            summary
        };
        let start = t("2026-10-20T23:00:00Z");
        let end = t("2026-10-29T12:00:00Z");
        let minute = 60 * 1_000_000;

        let mut every = Engine::new(config.clone(), Climatology::new(), session, true);
        let mut d1 = Driver::default();
        let mut by_minute = Vec::new();
        let mut now = start;
        while now < end {
            let did = step(&mut every, &mut d1, now);
            if !did.is_empty() {
                by_minute.push((now, did));
            }
            now = Instant(now.0 + minute);
        }

        let mut lazy = Engine::new(config, Climatology::new(), session, true);
        let mut d2 = Driver::default();
        let mut by_due = Vec::new();
        let mut now = start;
        let mut polls = 0;
        while let Some(due) = lazy.next_due(now) {
            assert!(due >= now);
            if due >= end {
                break;
            }
            polls += 1;
            assert!(
                polls < 1000,
                "next_due keeps naming instants with nothing to do"
            );
            let did = step(&mut lazy, &mut d2, due);
            assert!(!did.is_empty(), "nothing was due at {}", due.to_rfc3339());
            by_due.push((due, did));
            now = due;
        }
        assert_eq!(by_due, by_minute);
        // The day's morning run, its deadline, the stamps, the close and the week's score.
        let did: Vec<&str> = by_due
            .iter()
            .flat_map(|(_, d)| d)
            .map(String::as_str)
            .collect();
        assert!(did.contains(&"score 2026-10-21-am 1d"), "{did:?}");
        assert!(did.contains(&"score 2026-10-21-am 1w"), "{did:?}");
        assert!(did.iter().filter(|d| d.starts_with("TakeSnapshot")).count() >= 6);
        assert_eq!(d1.book.1, d2.book.1, "the same lines at the same times");
    }

    #[test]
    fn next_due_waits_for_the_first_session_and_runs_in_any_later_year() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let first = Date::parse("2026-10-26").unwrap();
        let e = Engine::new(config.clone(), Climatology::new(), first, true);
        // A Saturday, before the first session: the first session's 08:30 ET.
        assert_eq!(
            e.next_due(t("2026-10-24T15:00:00Z")),
            Some(t("2026-10-26T12:30:00Z"))
        );
        let far = Engine::new(
            config,
            Climatology::new(),
            Date::parse("2026-10-19").unwrap(),
            true,
        );
        // A Saturday in 2199: the calendar's rules hold for every year, so the next Monday.
        assert_eq!(
            far.next_due(t("2199-01-05T15:00:00Z")),
            Some(t("2199-01-07T13:30:00Z"))
        );
    }

    /// A score that fails is due again after a backoff that grows with each failure, and
    /// `next_due_job` names it; one that succeeds is not asked again.
    #[test]
    fn a_failed_score_is_due_again_after_a_backoff() {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        let mut d = Driver::default();
        assert_eq!(
            e.next_due_job(t("2026-10-21T12:00:00Z")),
            Some((t("2026-10-21T12:30:00Z"), Due::Run))
        );
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T12:30:05Z"),
        );
        d.apply(&mut e, a);
        assert_eq!(
            e.next_due_job(t("2026-10-21T13:00:00Z")).map(|(_, k)| k),
            Some(Due::Stamp),
            "the cadence's stamp before the deadline"
        );
        let a = e.poll(t("2026-10-21T13:30:00Z"));
        d.apply(&mut e, a);
        let close = t("2026-10-21T20:10:00Z");
        let scores = |a: &[Action]| {
            a.iter()
                .filter(|x| {
                    matches!(
                        x,
                        Action::Score {
                            horizon: Horizon::D1,
                            ..
                        }
                    )
                })
                .count()
        };
        assert_eq!(scores(&e.poll(close)), 1);
        // Failed at the close: due a minute later, then two minutes after the second failure.
        e.on_score_failed("2026-10-21-am", Horizon::D1, t("2026-10-21T20:10:02Z"));
        assert_eq!(scores(&e.poll(t("2026-10-21T20:11:00Z"))), 0);
        assert_eq!(
            e.next_due_job(t("2026-10-21T20:11:00Z")),
            Some((t("2026-10-21T20:11:02Z"), Due::Score))
        );
        assert_eq!(scores(&e.poll(t("2026-10-21T20:11:02Z"))), 1);
        e.on_score_failed("2026-10-21-am", Horizon::D1, t("2026-10-21T20:11:03Z"));
        assert_eq!(
            e.next_due(t("2026-10-21T20:11:04Z")),
            Some(t("2026-10-21T20:13:03Z"))
        );
        assert_eq!(scores(&e.poll(t("2026-10-21T20:13:03Z"))), 1);
        // This attempt succeeds: no more day scores, the week's window is what comes next.
        assert_eq!(scores(&e.poll(t("2026-10-21T21:00:00Z"))), 0);
        let next = e.next_due_job(t("2026-10-21T21:00:00Z"));
        assert!(
            next.is_some_and(|(at, _)| at > t("2026-10-22T00:00:00Z")),
            "{next:?}"
        );
        // A failure reported for a horizon not in hand changes nothing.
        e.on_score_failed("2026-10-21-am", Horizon::M6, t("2026-10-21T21:00:00Z"));
        assert_eq!(e.next_due_job(t("2026-10-21T21:00:00Z")), next);
    }

    /// Seeds 001/003 in the session loop: the crowd's sealed prices open the session's rounds,
    /// the ask asks for bets on the eligible markets, the run line seals the bets version, the
    /// answer's bets are sealed as received, and the engine's rows settle them from the
    /// recorded markets and the crowd's resolution; a resumed engine has the same rounds.
    #[test]
    fn bets_open_rounds_in_the_run_and_settle_through_the_engine() {
        use crate::arena::league::{arena_files, bet_price_lines};
        use crate::arena::records::{jsonl, price_line, read_rows, Status};
        use crate::records::book_lines::build::CrowdContent;
        use crate::records::crowd::Quote;
        use crate::records::crowd::Venue;
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config.clone(), Climatology::new(), session, true);
        let mut d = Driver::default();
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        let q = |p_up: f64, bid: f64, ask: f64| Quote {
            p_up,
            vol: 5_000.0,
            bid: Some(bid),
            ask: Some(ask),
            last_trade_at: None,
            lo: None,
            hi: None,
            prev_close: None,
        };
        let crowd = CrowdPrices {
            at: "2026-10-21T12:30:03Z".into(),
            odds: BTreeMap::from([
                ("SPX".to_string(), q(0.62, 0.61, 0.63)),
                ("GOLD".to_string(), q(0.9, 0.89, 0.91)),
            ]),
            kalshi: BTreeMap::new(),
        };
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            Some(crowd),
            t("2026-10-21T12:30:05Z"),
        );
        let text = a
            .iter()
            .find_map(|x| match x {
                Action::Publish { bytes, .. } => Some(String::from_utf8(bytes.clone()).unwrap()),
                _ => None,
            })
            .unwrap();
        assert!(text.contains("## Bets (bets-1)"), "{text}");
        assert!(text.contains("- SPX (equities): the daily up-or-down contract, outcomes Up, Down; closes 2026-10-21T20:00:00Z"));
        // GOLD's favourite is above 85c: not offered; no price is shown.
        assert!(!text.contains("- GOLD ("));
        assert!(!text.contains("0.63"));
        d.apply(&mut e, a);
        let book = String::from_utf8(d.book.1.clone()).unwrap();
        assert!(
            book.contains(r#""arena": ["arena-3", "pro-1", "agent-portfolio-1", "bets-1"]"#),
            "{book}"
        );
        // alpha bets on SPX Down; the reference seats hold.
        let mut answer: serde_json::Value = serde_json::from_str(
            r#"{"items": {"SPX": {"1d": {"prob_up": 40, "action": "trim"}}}, "years": "up"}"#,
        )
        .unwrap();
        answer["decisions"] = serde_json::json!({"bets-1": {"bets": {"SPX": {"outcome": "Down"}}}});
        let a = e.on_reply(
            "2026-10-21-am",
            "alpha",
            Reply {
                text: Some(answer.to_string()),
                provider_model: None,
                error: None,
                raw: answer.to_string().into_bytes(),
                ..Reply::default()
            },
            t("2026-10-21T12:31:00Z"),
        );
        d.apply(&mut e, a);
        // Before the close no market waits on its resolution; after it, every market of the
        // run does (GOLD too: not offered, still recorded), until the crowd line resolves it.
        use crate::arena::league::bets_awaiting_resolution;
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert!(
            bets_awaiting_resolution(e.protocol(), &lines, t("2026-10-21T19:59:59Z")).is_empty()
        );
        let after = t("2026-10-21T20:30:00Z");
        assert_eq!(
            bets_awaiting_resolution(e.protocol(), &lines, after),
            [(
                session,
                "2026-10-21-am".to_string(),
                vec![
                    ("SPX".to_string(), Venue::Polymarket),
                    ("GOLD".to_string(), Venue::Polymarket)
                ]
            )]
        );
        // The crowd resolves SPX down.
        let resolution = CrowdContent {
            at: "2026-10-21T20:30:00Z".into(),
            run_id: "2026-10-21-am".into(),
            rows: BTreeMap::from([(("SPX".to_string(), Venue::Polymarket), Some(false))]),
            ..Default::default()
        };
        d.seal(LeagueLedger::Book, &resolution.to_object());
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert_eq!(
            bets_awaiting_resolution(e.protocol(), &lines, after),
            [(
                session,
                "2026-10-21-am".to_string(),
                vec![("GOLD".to_string(), Venue::Polymarket)]
            )]
        );
        let prices = jsonl(
            bet_price_lines(e.protocol(), &lines, session)
                .iter()
                .map(price_line),
        );
        let files = arena_files(e.protocol(), &d.book.1, &prices).unwrap();
        let rows = read_rows(&files.accounts).unwrap();
        let alpha = rows
            .iter()
            .find(|r| r.version == "bets-1" && r.account == "alpha")
            .unwrap();
        // 100 tokens at Down's ask 1 - 0.61 = 0.39: 256.410256 shares; won: 256.41 paid.
        assert_eq!(
            (alpha.status, alpha.cash, alpha.equity),
            (Status::Traded, 25_641, 25_641)
        );
        let holds: Vec<&str> = rows
            .iter()
            .filter(|r| r.version == "bets-1" && r.status == Status::Hold)
            .map(|r| r.account.as_str())
            .collect();
        assert_eq!(holds, ["coin", "momentum"]);
        // The decisions file names the bet as sealed.
        let decisions = String::from_utf8(files.decisions).unwrap();
        assert!(
            decisions.contains(r#""decision":{"bets":{"SPX":{"outcome":"Down"}}}"#),
            "{decisions}"
        );
        // A resumed engine counts the same round, so the next session's eligibility agrees.
        let r = Engine::resume(
            config,
            Climatology::new(),
            session,
            true,
            &d.book.1,
            &d.asks.1,
            &[],
        )
        .unwrap();
        assert_eq!(r.bet_rounds, e.bet_rounds);
        assert_eq!(e.bet_rounds.len(), 1);
    }

    /// A bet on a Kalshi contract (the crowd's "above the previous close" from its ladder)
    /// waits for its Kalshi resolution and settles on the `crowd` line that seals it with its
    /// `kalshi:<ticker>` source, as on Polymarket's.
    #[test]
    fn a_bet_on_a_kalshi_contract_settles_on_its_kalshi_resolution() {
        use crate::arena::league::{arena_files, bet_price_lines, bets_awaiting_resolution};
        use crate::arena::records::{jsonl, price_line, read_rows, Status};
        use crate::records::book_lines::build::CrowdContent;
        use crate::records::crowd::Quote;
        use crate::records::crowd::{Strike, Venue};
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        let mut d = Driver::default();
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        let strike = |level: f64, p_above: f64| Some(Strike { level, p_above });
        let crowd = CrowdPrices {
            at: "2026-10-21T12:30:03Z".into(),
            odds: BTreeMap::new(),
            kalshi: BTreeMap::from([(
                "SPX".to_string(),
                Quote {
                    p_up: 0.55,
                    vol: 5_000.0,
                    bid: Some(0.54),
                    ask: Some(0.56),
                    last_trade_at: None,
                    lo: strike(6_700.0, 0.6),
                    hi: strike(6_725.0, 0.5),
                    prev_close: Some(6_710.0),
                },
            )]),
        };
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            Some(crowd),
            t("2026-10-21T12:30:05Z"),
        );
        d.apply(&mut e, a);
        let mut answer: serde_json::Value =
            serde_json::from_str(r#"{"items": {"SPX": {"1d": {"prob_up": 60}}}}"#).unwrap();
        answer["decisions"] = serde_json::json!({"bets-1": {"bets": {"SPX": {"outcome": "Up"}}}});
        let a = e.on_reply(
            "2026-10-21-am",
            "alpha",
            Reply {
                text: Some(answer.to_string()),
                provider_model: None,
                error: None,
                raw: answer.to_string().into_bytes(),
                ..Reply::default()
            },
            t("2026-10-21T12:31:00Z"),
        );
        d.apply(&mut e, a);
        let after = t("2026-10-21T20:30:00Z");
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert_eq!(
            bets_awaiting_resolution(e.protocol(), &lines, after),
            [(
                session,
                "2026-10-21-am".to_string(),
                vec![("SPX".to_string(), Venue::Kalshi)]
            )]
        );
        // The venue is asked for the contract at the previous close sealed with its quote.
        use crate::league::crowd_resolution::{resolution_asks, resolution_line};
        let asks = resolution_asks(e.protocol(), &lines, after);
        assert_eq!(asks.len(), 1);
        assert!(asks[0].polymarket.is_empty());
        assert_eq!(
            asks[0].kalshi_sealed,
            BTreeMap::from([("SPX".to_string(), 6_710.0)])
        );
        let key = ("SPX".to_string(), Venue::Kalshi);
        let resolution = CrowdContent {
            at: "2026-10-21T20:30:00Z".into(),
            run_id: "2026-10-21-am".into(),
            rows: BTreeMap::from([(key.clone(), Some(true))]),
            sources: BTreeMap::from([(key, "kalshi:KXINXU-26OCT21H1600".to_string())]),
        };
        let made = resolution_line(
            &asks[0],
            after,
            BTreeMap::new(),
            BTreeMap::from([(
                "SPX".to_string(),
                Ok(Some((true, "kalshi:KXINXU-26OCT21H1600".to_string()))),
            )]),
        );
        assert_eq!(made.line.as_ref(), Some(&resolution));
        assert!(made.open.is_empty());
        d.seal(LeagueLedger::Book, &resolution.to_object());
        let book = String::from_utf8(d.book.1.clone()).unwrap();
        assert!(
            book.contains(r#""SPX@kalshi": {"source": "kalshi:KXINXU-26OCT21H1600", "up": true}"#),
            "{book}"
        );
        let lines = BookLines::parse(&d.book.1).unwrap();
        assert!(bets_awaiting_resolution(e.protocol(), &lines, after).is_empty());
        let prices = jsonl(
            bet_price_lines(e.protocol(), &lines, session)
                .iter()
                .map(price_line),
        );
        let files = arena_files(e.protocol(), &d.book.1, &prices).unwrap();
        let rows = read_rows(&files.accounts).unwrap();
        let alpha = rows
            .iter()
            .find(|r| r.version == "bets-1" && r.account == "alpha")
            .unwrap();
        // 100 tokens at Up's ask 0.56: 178.571429 shares; won: 178.57 paid, none left open.
        assert_eq!(
            (alpha.status, alpha.cash, alpha.equity),
            (Status::Traded, 17_857, 17_857)
        );
        assert!(alpha.positions.is_empty());
    }

    /// The engine of [`CONFIG`] after 2026-10-21's morning run was taken and its ask sent
    /// (12:30 ET, the snapshot at 12:30:05), with the driver that carried it out.
    fn asked_at_the_morning_run() -> (Engine, Driver) {
        let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let mut e = Engine::new(config, Climatology::new(), session, true);
        let mut d = Driver::default();
        let a = e.poll(t("2026-10-21T12:30:00Z"));
        d.apply(&mut e, a);
        let a = e.on_snapshot(
            "2026-10-21-am",
            &snapshot(),
            None,
            t("2026-10-21T12:30:05Z"),
        );
        d.apply(&mut e, a);
        (e, d)
    }

    #[test]
    fn own_sha256_is_of_the_raw_reply_not_the_extracted_text() {
        let (mut e, _) = asked_at_the_morning_run();
        let raw = br#"{"id":"chatcmpl-1","choices":[{"message":{"content":"{}"}}]}"#.to_vec();
        let a = e.on_reply(
            "2026-10-21-am",
            "alpha",
            Reply {
                text: Some(GOOD.into()),
                provider_model: None,
                error: None,
                raw: raw.clone(),
                ..Reply::default()
            },
            t("2026-10-21T12:31:00Z"),
        );
        let [Action::Seal { content, .. }] = a.as_slice() else {
            panic!("{a:?}")
        };
        let own = content.get("own_sha256").and_then(Value::as_str);
        assert_eq!(own, Some(sha256_hex(&raw).as_str()));
        assert_ne!(own, Some(sha256_hex(GOOD.as_bytes()).as_str()));
    }

    /// Bytes that cannot be read are sealed on receipt as an `invalid` answer (their SHA-256
    /// and size), and a refusal or a block keeps the provider's own reason; the lines read
    /// back as sealed.
    #[test]
    fn unreadable_refused_and_blocked_replies_are_sealed_with_their_reasons() {
        use crate::league::wire::Finish;
        let (mut e, mut d) = asked_at_the_morning_run();
        let garbled = b"{\"choices\": [\xff".to_vec();
        let replies = [
            (
                "alpha",
                Reply {
                    raw: garbled.clone(),
                    unreadable: Some("malformed: the body is not JSON".into()),
                    ..Reply::default()
                },
            ),
            (
                "beta",
                Reply {
                    text: Some("I can't help with that.".into()),
                    raw: b"{}".to_vec(),
                    provider_finish: Some("refusal".into()),
                    finish: Some(Finish::Refused("refusal".into())),
                    ..Reply::default()
                },
            ),
            (
                "gamma",
                Reply {
                    text: Some("SAFETY".into()),
                    raw: b"{}".to_vec(),
                    provider_finish: Some("SAFETY".into()),
                    finish: Some(Finish::Blocked("SAFETY".into())),
                    ..Reply::default()
                },
            ),
        ];
        for (i, (seat, reply)) in replies.into_iter().enumerate() {
            let a = e.on_reply(
                "2026-10-21-am",
                seat,
                reply,
                t(&format!("2026-10-21T12:3{}:00Z", i + 1)),
            );
            assert_eq!(a.len(), 1, "{seat}: sealed on receipt");
            d.apply(&mut e, a);
        }
        let lines = BookLines::parse(&d.book.1).unwrap();
        let by = |s: &str| {
            lines
                .answers
                .values()
                .find(|a| a.seat.as_deref() == Some(s))
                .unwrap()
        };
        let a = by("alpha");
        assert_eq!(
            (
                a.shape.clone(),
                a.has_items,
                a.own_bytes,
                a.own_sha256.clone()
            ),
            (
                Some((
                    Shape::Invalid,
                    "the reply cannot be read: malformed: the body is not JSON".into()
                )),
                false,
                Some(garbled.len() as u64),
                Some(sha256_hex(&garbled))
            )
        );
        let b = by("beta");
        assert_eq!(
            (
                b.shape.clone().map(|s| s.0),
                b.provider_finish.as_deref(),
                b.finish.as_deref(),
                b.finish_reason.as_deref()
            ),
            (
                Some(Shape::Refused),
                Some("refusal"),
                Some("refused"),
                Some("refusal")
            )
        );
        assert!(b
            .shape
            .as_ref()
            .unwrap()
            .1
            .starts_with("refused (refusal): no JSON object"));
        let g = by("gamma");
        assert_eq!(
            (g.provider_finish.as_deref(), g.finish.as_deref()),
            (Some("SAFETY"), Some("blocked"))
        );
        // The seats answered: none of them is sealed no_answer at the deadline.
        let a = e.poll(t("2026-10-21T13:30:00Z"));
        let silent: Vec<String> = a
            .iter()
            .filter_map(|x| match x {
                Action::Seal { content, .. } => content
                    .get("seat")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                _ => None,
            })
            .collect();
        assert_eq!(silent, ["delta"]);
    }
}
