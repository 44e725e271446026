//! The league driver: carries out what [`sealbook_core::league::engine::Engine`] says, with
//! the league directory's two ledgers, the seats, the price provider and a clock (spec §3.1
//! a league day, §3.2-3.4, requirement 12):
//!
//! - `Seal`: one line through [`LedgerFile::append`] (answer lines with their seal time in
//!   `booked_at` beside the arrival time `at`), fsynced before the next step, then
//!   `on_sealed`; each sealed line is acknowledged on stderr as it becomes durable.
//! - `Publish`: the file written under the league directory (synced, then renamed in).
//! - `TakeSnapshot`: the 12 markets' bars from the provider, the snapshot from core.
//! - `Ask`: every asked seat at once through [`ask_all`]; each reply is read into its
//!   answer line and the line prepared (serialized and sealed, its seal time in `booked_at`)
//!   on `ask_all`'s pool of reply threads, then chained and written by this one the moment it
//!   arrives (replies already waiting together as one group, at most [`MAX_GROUP_LINES`]:
//!   one write, one fsync), its raw bytes then kept as `replies/<run_id>/<seat>.txt`
//!   (published after the session; `own_sha256` is their SHA-256).
//! - `Score`: prices from the provider by the published rule ([`close::score_line`]), with
//!   each market's draw band from the bars of the sessions before the reference (or the band
//!   the run's first score sealed, [`close::sealed_bands`]); a
//!   score re-taken on request that differs is sealed as a correction naming it. The sealed
//!   score is reported (`on_scored`) and what the engine says follows is carried out before
//!   the next action.
//! - `ResolveCrowd`: the crowd's venues read for the runs whose bets wait on them and a
//!   `crowd` line sealed per run as core builds it; reported with the sessions resolved
//!   (`on_crowd_resolved`), or as failed with the event `crowd_resolutions_failed`.
//! - `RecordArenaPrices`: the trading tracks' prices of the session (each fund's bars in the
//!   execution window, its close, the cash rate) recorded in `arena-prices.jsonl`
//!   ([`sealbook_core::arena::league::session_price_lines`]), once per session; a fund the
//!   provider cannot price gives no line and is named in the `arena_prices` event; a failure
//!   (the prices file unreadable, or no fund priced at all,
//!   [`sealbook_core::arena::league::recording_lines`]) leaves the event
//!   `arena_prices_failed`; reported with `on_arena_prices`, which hands the session out again
//!   with the next day's recordings. A league opened takes up the recordings an earlier
//!   process left owed (the event `arena_prices_owed`; core counts the attempts from the book,
//!   [`sealbook_core::league::engine::ARENA_PRICE_ATTEMPTS`]).
//! - `PublishLeague`: the league's open-data files and manifest ([`publish_league`]),
//!   reported with `on_published`.
//! - `Stamp`: the stamped list of both ledgers under `proof/` written when its turn comes,
//!   its anchors asked on a thread beside the asks and seals ([`stamp_beside`]) and waited
//!   for at the end (spec §3.2; as `sealbook league stamp`, [`crate::anchor::league::stamp_league`]).
//!
//! The clock is the system's, one set to a given instant that then advances with real
//! elapsed time (so seal times stay ordered), or a step clock its caller moves from instant
//! to instant (the demo); the run line records a set clock.

use super::clock::Clock;
use super::config::read_config;
use super::publish::{publish_league, Published};
use crate::anchor::league::{check_latest_list, stamp_beside, stamp_lists, StampInFlight};
use crate::ledger::{DirLock, DirLockError, LedgerError, LedgerFile, Sealed, MAX_GROUP_LINES};
use crate::outcome::Unusable;
use crate::prices::crowd::{crowd_prices, crowd_resolutions, kalshi_resolutions};
use crate::prices::csv::CsvProvider;
use crate::prices::yahoo::YahooProvider;
use crate::prices::PriceProvider;
use crate::seats::command::CommandSeat;
use crate::seats::http::HttpSeat;
use crate::seats::{
    ask_all, is_fault, is_stopped, ApiKey, GiveUp, RetryPolicy, SeatAdapter, SeatReply, PANIC_KIND,
};
use sealbook_core::arena::league as arena_league;
use sealbook_core::arena::records::{
    jsonl, price_line, read_prices, PRICES_FILE as ARENA_PRICES_FILE,
};
use sealbook_core::book::canon::{EncodeError, Object};
use sealbook_core::book::seal::{prepare_line, PreparedLine};
use sealbook_core::book::time_order::sealing_time_of;
use sealbook_core::calendar::{sealing_time, Date, Horizon, Instant};
use sealbook_core::league::ask::AskRequest;
use sealbook_core::league::close;
use sealbook_core::league::config::{is_seat_name, Adapter, LeagueConfig, PriceSource};
use sealbook_core::league::crowd_resolution::{
    resolution_asks, resolution_line, ResolutionOutcome,
};
use sealbook_core::league::engine::{Action, Engine, LeagueLedger, Reply, ReplyReader};
use sealbook_core::league::redact::Secrets;
use sealbook_core::league::reference::{climatology_of, Climatology};
use sealbook_core::league::snapshot::{lookback_from, minute_window_from, take_snapshot};
use sealbook_core::league::wire::{Finish, Wire};
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::book_lines::build::{mark_redacted, ScoreContent, REDACTED_FIELD};
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::names::{stamp_list_time, ASKS_FILE, BOOK_FILE, CLIM_FILE, MARKETS};
use sealbook_core::score::baselines::{check_clim_seal, ClimatologyTable};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Where the raw replies are kept: `replies/<run_id>/<seat>.txt`.
pub use sealbook_core::records::names::REPLIES_DIR;
/// Beside them, why a seat gave up without a reply: `replies/<run_id>/<seat>.error.txt`.
pub const ERROR_SUFFIX: &str = ".error.txt";
/// Largest error note read back.
const MAX_ERROR_NOTE: u64 = 64 << 10;

/// The provider the league's config names.
pub fn provider(dir: &Path, config: &LeagueConfig) -> Result<Box<dyn PriceProvider>, Unusable> {
    match &config.prices.provider {
        PriceSource::Csv { path } => Ok(Box::new(CsvProvider::open(
            dir,
            path,
            &config.prices.symbols,
        )?)),
        PriceSource::Yahoo { base_url } => Ok(Box::new(YahooProvider::new(
            base_url,
            &config.prices.symbols,
        ))),
    }
}

/// A seat that could not be set up (a key missing from the environment): it is asked, and
/// answers with the reason, so the run goes on and the seat's `no_answer` says why.
#[derive(Debug)]
struct Unavailable {
    name: String,
    reason: String,
}

impl SeatAdapter for Unavailable {
    fn name(&self) -> &str {
        &self.name
    }

    fn ask(&self, _: &AskRequest, _: std::time::Instant) -> SeatReply {
        SeatReply {
            seat: self.name.clone(),
            outcome: crate::seats::local_error(
                "config",
                self.reason.clone(),
                sealbook_core::league::wire::RetryAdvice::No,
            ),
            status: None,
            raw: Vec::new(),
            arrived: std::time::Instant::now(),
            attempts: 0,
            earlier: Vec::new(),
            redacted: false,
        }
    }
}

/// Why `seat` cannot be asked on this machine: the key variable it names is not set (or
/// empty).
pub fn key_problem(seat: &sealbook_core::league::config::Seat) -> Option<String> {
    match &seat.adapter {
        Adapter::OpenAi { api_key_env, .. }
        | Adapter::Anthropic { api_key_env, .. }
        | Adapter::Gemini { api_key_env, .. } => ApiKey::from_env(api_key_env.as_deref()?).err(),
        _ => None,
    }
}

/// The adapter of every seat the engine asks (reference seats are answered by the engine); a
/// `command` seat gives up (killing its child) at `give_up`.
pub fn adapters(
    config: &LeagueConfig,
    give_up: Option<&GiveUp>,
) -> BTreeMap<String, Arc<dyn SeatAdapter>> {
    let mut out: BTreeMap<String, Arc<dyn SeatAdapter>> = BTreeMap::new();
    for s in &config.seats {
        let timeout = Duration::from_secs(u64::from(s.timeout_seconds));
        let http = |wire: Wire, base_url: &str, key_env: &Option<String>| -> Arc<dyn SeatAdapter> {
            let key = match key_env.as_deref().map(ApiKey::from_env) {
                None => None,
                Some(Ok(k)) => Some(k),
                Some(Err(reason)) => {
                    return Arc::new(Unavailable {
                        name: s.name.clone(),
                        reason,
                    })
                }
            };
            let mut seat = HttpSeat::new(&s.name, wire, base_url, key, timeout);
            seat.retry = RetryPolicy {
                max_attempts: s.retries + 1,
                ..RetryPolicy::default()
            };
            Arc::new(seat)
        };
        let adapter: Arc<dyn SeatAdapter> = match &s.adapter {
            Adapter::OpenAi {
                base_url,
                api_key_env,
                ..
            } => http(Wire::OpenAi, base_url, api_key_env),
            Adapter::Anthropic {
                base_url,
                api_key_env,
                ..
            } => http(Wire::Anthropic, base_url, api_key_env),
            Adapter::Gemini {
                base_url,
                api_key_env,
                ..
            } => http(Wire::Gemini, base_url, api_key_env),
            Adapter::Command { command, env } => {
                let mut seat = CommandSeat::new(&s.name, command.clone(), env, timeout);
                seat.give_up = give_up.cloned();
                Arc::new(seat)
            }
            Adapter::Coin | Adapter::Climatology | Adapter::Momentum => continue,
        };
        out.insert(s.name.clone(), adapter);
    }
    out
}

/// Error kinds of a reply whose bytes arrived but cannot be read as the provider's reply:
/// a body that is not JSON (or not UTF-8, or holds a lone surrogate escape), a streamed body,
/// a body over the size bound. Such a reply is sealed on receipt as an `invalid` answer line
/// without `items` (its raw bytes kept and hashed); every other error leaves the seat
/// unanswered (retried until the deadline, then `no_answer`).
pub const UNREADABLE_KINDS: [&str; 3] = ["malformed", "streamed", "oversized"];

/// The operator's secrets for `config`: the values, in this process's environment, of every
/// variable the config names (each model seat's `api_key_env`, each command seat's `env`).
pub fn secrets(config: &LeagueConfig) -> Secrets {
    let names = config.seats.iter().flat_map(|s| match &s.adapter {
        Adapter::OpenAi { api_key_env, .. }
        | Adapter::Anthropic { api_key_env, .. }
        | Adapter::Gemini { api_key_env, .. } => api_key_env.iter().cloned().collect(),
        Adapter::Command { env, .. } => env.clone(),
        Adapter::Coin | Adapter::Climatology | Adapter::Momentum => Vec::new(),
    });
    Secrets::new(names.filter_map(|n| std::env::var(n).ok()))
}

/// `reply` with the secrets replaced in everything of it that is kept or logged (its raw
/// bytes, text, model string, error and earlier attempts).
fn scrub_seat_reply(reply: &mut SeatReply, secrets: &Secrets) {
    if secrets.is_empty() {
        return;
    }
    if let Some(raw) = secrets.scrub_bytes(&reply.raw) {
        reply.raw = raw;
    }
    let o = &mut reply.outcome;
    for s in [&mut o.text, &mut o.provider_model].into_iter().flatten() {
        *s = secrets.scrubbed(s);
    }
    match &mut o.finish {
        Finish::Error { message: s, .. } | Finish::Refused(s) | Finish::Blocked(s) => {
            *s = secrets.scrubbed(s)
        }
        Finish::Stop | Finish::Truncated => {}
    }
    for e in &mut reply.earlier {
        *e = secrets.scrubbed(e);
    }
}

/// Where a seat's raw reply (or its error note, `suffix` [`ERROR_SUFFIX`]) is kept:
/// `replies/<run_id>/<seat><suffix>`; `None` when the run or the seat is not a plain file
/// name (the config allows no such seat name; a path is never made of one).
fn reply_file(run_id: &str, seat: &str, suffix: &str) -> Option<String> {
    let plain_run = !run_id.is_empty()
        && run_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
    (plain_run && is_seat_name(seat)).then(|| format!("{REPLIES_DIR}/{run_id}/{seat}{suffix}"))
}

/// A seat's final reply as the engine reads it: text when a reply arrived (a refusal, a
/// block or a truncation is sealed as received and marked by the answer reader, with the
/// provider's own finish reason), the reason when bytes arrived that cannot be read (sealed
/// `invalid`), none with the reason when nothing did.
pub fn engine_reply(r: &SeatReply) -> Reply {
    let o = &r.outcome;
    let mut unreadable = None;
    let (text, error) = match &o.finish {
        Finish::Stop | Finish::Truncated => (Some(o.text.clone().unwrap_or_default()), None),
        Finish::Refused(why) | Finish::Blocked(why) => {
            (Some(o.text.clone().unwrap_or_else(|| why.clone())), None)
        }
        Finish::Error { kind, message }
            if UNREADABLE_KINDS.contains(&kind.as_str()) && !r.raw.is_empty() =>
        {
            unreadable = Some(format!("{kind}: {message}"));
            (None, None)
        }
        Finish::Error { kind, message } => {
            let mut e = format!("{kind}: {message}");
            if r.attempts > 1 {
                e += &format!(" (after {} attempts)", r.attempts);
            }
            (None, Some(e))
        }
    };
    Reply {
        text,
        provider_model: o.provider_model.clone(),
        error,
        raw: r.raw.clone(),
        unreadable,
        provider_finish: o.provider_finish.clone(),
        finish: match &o.finish {
            Finish::Stop | Finish::Error { .. } => None,
            f => Some(f.clone()),
        },
    }
}

/// A seat's reply as its thread hands it to the driver ([`receive`]).
struct Received {
    reply: SeatReply,
    /// The league clock's reading when the reply was taken in (the answer's `at`).
    arrived: Instant,
    /// The reply as the engine reads it ([`engine_reply`]).
    read: Reply,
    /// The answer line (None when no text came) and the line prepared for the book.
    line: Option<(Object, Result<PreparedLine, EncodeError>)>,
}

/// Done as a reply arrives, on [`ask_all`]'s pool of reply threads: the reply read into
/// its answer line by the engine's [`ReplyReader`], the seal time read from the clock into
/// `booked_at`, and the line prepared ([`prepare_line`]: serialized and sealed), so that the
/// book's one writer has only to chain it, write it and wait for the fsync.
///
/// The reader replaces the operator's secrets in the line (and marks it); the reply is then
/// scrubbed the same way for what is kept and logged (its raw bytes keep the SHA-256 the line
/// states).
fn receive(
    mut reply: SeatReply,
    readers: &BTreeMap<String, Option<ReplyReader>>,
    clock: &Clock,
    secrets: &Secrets,
) -> Received {
    let read = engine_reply(&reply);
    let arrived = clock.of(reply.arrived);
    let line = readers
        .get(&reply.seat)
        .and_then(Option::as_ref)
        .and_then(|r| r.answer(&reply.seat, &read, arrived))
        .map(|mut content| {
            // A key the seat itself replaced in the raw reply (before the reader saw it).
            if reply.redacted && content.get(REDACTED_FIELD).is_none() {
                mark_redacted(&mut content);
            }
            content.insert(
                "booked_at",
                sealbook_core::book::canon::Value::Str(clock.now().to_rfc3339().as_str().into()),
            );
            let prepared = prepare_line(&content);
            (content, prepared)
        });
    let (read, _) = secrets.scrub_reply(&read);
    scrub_seat_reply(&mut reply, secrets);
    Received {
        reply,
        arrived,
        read,
        line,
    }
}

/// One league directory opened for writing: the directory and both ledgers locked, the
/// engine resumed.
pub struct League {
    pub dir: PathBuf,
    pub config: LeagueConfig,
    book: LedgerFile,
    asks: LedgerFile,
    /// The league's one-writer lock, held until the league is dropped.
    _lock: DirLock,
    /// The latest sealing time of a line written to either ledger: an answer's seal time
    /// (`booked_at`) is never earlier.
    sealed_until: Option<Instant>,
    pub engine: Engine,
    pub clock: Clock,
    /// What was done, in order (the `--json` output's `events`).
    pub events: Vec<serde_json::Value>,
    /// Events stay off stderr (`serve --league` writes its own log line per job from them).
    quiet: bool,
    /// The seats whose ask failed inside this program (a panic, a reply lost): each is
    /// recorded as that seat's failure and the others' answers are sealed, but the run that
    /// asked them did not go as it should (`league run` exits non-zero).
    pub faults: Vec<String>,
    /// The seats that could not be asked because their configuration does not hold on this
    /// machine (an `api_key_env` not set), each `<seat>: <why>`: each has its failure
    /// recorded (its `no_answer` says why), and the run that asked them did not go as it
    /// should (`league run` exits non-zero).
    pub unconfigured: Vec<String>,
    /// When set, the instant past which the replies of a run's seats are no longer waited
    /// for (a server stopping: see [`AskUntil`]); `None` from it while no stop is asked.
    pub ask_until: Option<AskUntil>,
    /// The seats left unanswered when the wait for their replies was cut short
    /// ([`League::ask_until`]), each `(run_id, seat)`: they have no line and no error note, so
    /// a process started before the run's deadline asks them again, and one started after it
    /// seals their `no_answer`.
    pub left_unanswered: Vec<(String, String)>,
    /// Stamps whose anchors are still being asked on threads of their own
    /// ([`stamp_beside`]); [`League::wait_stamps`] waits for them and records each.
    in_flight: Vec<StampInFlight>,
    /// When set, how a stamp is taken instead ([`League::stamp_now`]): handed the instant,
    /// it writes the list and has the anchors asked elsewhere (`serve --league` hands them
    /// to its anchoring thread).
    pub stamp_hook: Option<StampHook>,
    /// A seat of a run whose ask is held back, `(run_id, seat)`: its [`Action::Ask`] goes to
    /// [`League::held`] instead of out, for a caller that sends it later (the DEMO league's
    /// seat that answers a minute before the reference, spec §3.2). None: every ask goes out.
    pub hold_ask: Option<(String, String)>,
    /// The asks held back ([`League::hold_ask`]), to hand to [`League::apply`] later.
    pub held: Vec<Action>,
}

/// Takes a stamp at the instant it is handed (see [`League::stamp_hook`]).
pub type StampHook = Box<dyn FnMut(Instant) + Send>;

/// Until when a stopping server waits for the replies of the seats it is asking: `None`
/// while no stop is asked, else the instant the stop's grace ends. A `command` seat kills its
/// child then ([`GiveUp`]).
pub type AskUntil = GiveUp;

/// How often the wait for replies looks whether a stop was asked (a stop's grace is whole
/// seconds).
const STOP_POLL: Duration = Duration::from_millis(100);

/// How long past a stop's grace the replies are still taken: long enough for the `command`
/// seats, which give up at the grace's end, to have killed their children and said so.
const STOP_SETTLE: Duration = Duration::from_millis(500);

/// What the wait for the next reply of a run's seats ended with.
enum NextReply {
    Reply(Box<Received>),
    /// The instant asked to wake at came first (a stamp on arrival is due).
    Wake,
    /// Every seat has replied.
    Done,
    /// A stop's grace ran out with seats still being asked.
    Cut,
}

fn locked(e: LedgerError) -> Unusable {
    match e {
        LedgerError::Locked { .. } => Unusable::new(format!(
            "{e}: another sealbook league process is working on this league; wait for it to end"
        )),
        e => e.into(),
    }
}

/// Takes the league directory's one-writer lock (spec §3.2), trying for `wait`: a league
/// another process is writing is refused, naming that process when the system says.
pub fn lock_league(dir: &Path, wait: Duration) -> Result<DirLock, Unusable> {
    DirLock::acquire(dir, wait).map_err(|e| match e {
        DirLockError::Held { .. } => Unusable::new(format!(
            "{e}: another sealbook league process is working on this league; wait for it to end"
        )),
        DirLockError::Io { dir, error } => Unusable::io(&dir, "lock the league directory", &error),
    })
}

/// The climatology seat's rates from the league's sealed table (`council-clim-window.json`,
/// spec §4.3): held to the content hash the declaration sealed (`sealed`); a league declared
/// before tables were sealed reads a table whose content hashes to the SHA-256 it states, or
/// none (the seat answers 50). A sealed table missing, unreadable or different is refused.
fn sealed_climatology(dir: &Path, sealed: Option<&str>) -> Result<Climatology, Unusable> {
    let path = dir.join(CLIM_FILE);
    let bytes = if path.exists() {
        Some(crate::files::read_bounded(
            &path,
            MAX_CLIM_BYTES,
            "climatology table",
        )?)
    } else {
        None
    };
    let seal = check_clim_seal(sealed, bytes.as_deref());
    if let Some(why) = seal.failure(CLIM_FILE) {
        return Err(Unusable::new(why));
    }
    match bytes.map(|b| ClimatologyTable::parse(&b)) {
        Some(Ok(table)) => Ok(climatology_of(&table)),
        Some(Err(e)) => Err(Unusable::file(&path, e.message.to_string()).field(e.path)),
        None => Ok(Climatology::new()),
    }
}

/// Largest climatology table read (12 markets by 4 horizons is a few kilobytes).
const MAX_CLIM_BYTES: u64 = 1 << 20;

/// Largest ask text read back (the common text with its snapshot is a few kilobytes).
const MAX_ASK_BYTES: u64 = 4 << 20;

/// The engine of the league whose books are `book` and `asks` (the declaration names the
/// first counted session).
pub fn resume(
    config: &LeagueConfig,
    clock_set: bool,
    book: &[u8],
    asks: &[u8],
    asks_path: &Path,
) -> Result<Engine, Unusable> {
    let chain = AskChain::parse(asks).map_err(|e| Unusable::file(asks_path, e.to_string()))?;
    let first = chain
        .declaration()
        .and_then(|d| d.first_session.as_deref())
        .and_then(sealbook_core::calendar::Date::parse)
        .ok_or_else(|| {
            Unusable::file(asks_path, "the declaration names no first_session")
                .field("first_session")
        })?;
    let dir = asks_path.parent().unwrap_or(Path::new("."));
    let sealed = chain
        .declaration()
        .and_then(|d| d.climatology_sha256.as_deref());
    let climatology = sealed_climatology(dir, sealed)?;
    // The stamping cadence goes on from the stamped lists already under proof/.
    let stamped: Vec<Instant> = stamp_lists(dir)?
        .iter()
        .filter_map(|l| stamp_list_time(l))
        .collect();
    Engine::resume(
        config.clone(),
        climatology,
        first,
        clock_set,
        book,
        asks,
        &stamped,
    )
    .map_err(Unusable::new)
}

/// Hands `engine` the arena price recordings an earlier process left owed, as core counts
/// them from the book and `arena-prices.jsonl` ([`Engine::resume_arena_prices`]): the sessions
/// and the attempts already made, or why the prices file could not be read (its recordings
/// then fail and say so).
fn owed_arena_prices(
    dir: &Path,
    book: &[u8],
    engine: &mut Engine,
) -> Result<Vec<(Date, u32)>, Unusable> {
    let path = dir.join(ARENA_PRICES_FILE);
    let bytes = if path.is_file() {
        read(&path)?
    } else {
        Vec::new()
    };
    let recorded = read_prices(&bytes)
        .map_err(|e| Unusable::file(&path, e.message.to_string()).at_line(e.line as u64))?;
    let book_path = dir.join(BOOK_FILE);
    let lines = BookLines::parse(book).map_err(|e| Unusable::file(&book_path, e.to_string()))?;
    Ok(engine.resume_arena_prices(&lines, &recorded))
}

impl League {
    /// Opens `dir` as the only writer of its ledgers (a second writer is refused) and resumes
    /// the engine from the books.
    pub fn open(dir: &Path, clock: Clock) -> Result<League, Unusable> {
        League::open_with(dir, clock, false)
    }

    /// [`League::open`] with its events kept off stderr from the start (`quiet`).
    pub fn open_quiet(dir: &Path, clock: Clock) -> Result<League, Unusable> {
        League::open_with(dir, clock, true)
    }

    fn open_with(dir: &Path, clock: Clock, quiet: bool) -> Result<League, Unusable> {
        let config = read_config(dir)?;
        let asks_path = dir.join(ASKS_FILE);
        if !asks_path.exists() {
            return Err(Unusable::file(
                &asks_path,
                "the league has no ask chain: create it with `sealbook league init`",
            ));
        }
        let lock = lock_league(dir, Duration::ZERO)?;
        // Before a ledger is opened (which creates a missing one): a ledger that no longer
        // holds what the latest stamped list stamped is refused, never continued.
        check_latest_list(dir)?;
        let book_path = dir.join(BOOK_FILE);
        if !book_path.exists() {
            let asks_bytes = read(&asks_path)?;
            if let Err((n, run_id)) =
                sealbook_core::league::engine::missing_book_verdict(&asks_bytes)
            {
                return Err(Unusable::file(
                    &book_path,
                    format!("the book is missing, but {ASKS_FILE} line {n} records the ask of run {run_id}: the league's book is not started afresh; restore it first"),
                ));
            }
        }
        let (asks, asks_report) = LedgerFile::open(&asks_path).map_err(locked)?;
        let (book, book_report) = LedgerFile::open(&dir.join(BOOK_FILE)).map_err(locked)?;
        let book_bytes = read(&dir.join(BOOK_FILE))?;
        let asks_bytes = read(&asks_path)?;
        let mut engine = resume(&config, clock.set, &book_bytes, &asks_bytes, &asks_path)?;
        engine.set_secrets(secrets(&config));
        let owed = owed_arena_prices(dir, &book_bytes, &mut engine);

        let mut league = League {
            dir: dir.to_path_buf(),
            config,
            book,
            asks,
            _lock: lock,
            sealed_until: engine.last_sealed().map(|l| l.at),
            engine,
            clock,
            events: Vec::new(),
            quiet,
            faults: Vec::new(),
            unconfigured: Vec::new(),
            ask_until: None,
            left_unanswered: Vec::new(),
            in_flight: Vec::new(),
            stamp_hook: None,
            hold_ask: None,
            held: Vec::new(),
        };
        league.recall_errors()?;
        let opened = serde_json::json!({"event": "opened",
            "book": league.book.path().display().to_string(), "book_lines": league.book.lines(),
            "book_last_link": league.book.last_link(), "asks_lines": league.asks.lines()});
        league.event(opened);
        for (name, report) in [(ASKS_FILE, asks_report), (BOOK_FILE, book_report)] {
            if let Some(s) = report.set_aside {
                league.event(serde_json::json!({"event": "set_aside", "ledger": name,
                    "side_file": s.path.display().to_string(), "bytes": s.bytes}));
            }
        }
        match owed {
            Ok(owed) if owed.is_empty() => {}
            Ok(owed) => {
                let sessions: Vec<serde_json::Value> = owed
                    .iter()
                    .map(
                        |(s, made)| serde_json::json!({"session": s.to_string(), "attempts": made}),
                    )
                    .collect();
                league
                    .event(serde_json::json!({"event": "arena_prices_owed", "sessions": sessions}));
            }
            Err(e) => league.event(serde_json::json!({"event": "arena_prices_unreadable",
                "error": e.to_string()})),
        }
        Ok(league)
    }

    /// Takes up the run an earlier process left unfinished before its deadline (spec §3.1,
    /// requirement 12; the engine's [`Engine::unfinished_run`]): its published ask text is read
    /// back and handed to the engine, which says which seats to ask (and which ask lines to
    /// seal first). None when no run is unfinished at `now`.
    pub fn resume_unfinished(
        &mut self,
        now: Instant,
    ) -> Result<Option<(String, Vec<Action>)>, Unusable> {
        let Some(run) = self.engine.unfinished_run(now) else {
            return Ok(None);
        };
        let path = self
            .dir
            .join(sealbook_core::records::names::ask_path(&run.ask_sha256));
        let bytes = crate::files::read_bounded(&path, MAX_ASK_BYTES, "ask text")?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Unusable::file(&path, "the ask text is not UTF-8"))?;
        let actions = self
            .engine
            .resume_run(&run.run_id, &text, now)
            .map_err(|e| Unusable::file(&path, e.to_string()))?;
        self.event(serde_json::json!({"event": "resumed", "run_id": run.run_id,
            "seats": run.seats, "deadline": run.deadline.to_rfc3339()}));
        Ok(Some((run.run_id, actions)))
    }

    /// Tells the engine why seats of earlier processes gave up (their error notes), so their
    /// `no_answer` lines say it.
    fn recall_errors(&mut self) -> Result<(), Unusable> {
        let Ok(runs) = std::fs::read_dir(self.dir.join(REPLIES_DIR)) else {
            return Ok(());
        };
        let now = self.clock.now();
        for run in runs.flatten() {
            let run_id = run.file_name().to_string_lossy().into_owned();
            let Ok(files) = std::fs::read_dir(run.path()) else {
                continue;
            };
            for f in files.flatten() {
                let name = f.file_name().to_string_lossy().into_owned();
                let Some(seat) = name.strip_suffix(ERROR_SUFFIX) else {
                    continue;
                };
                let note = crate::files::read_bounded(&f.path(), MAX_ERROR_NOTE, "error note")?;
                let reply = Reply {
                    error: Some(String::from_utf8_lossy(&note).into_owned()),
                    ..Reply::default()
                };
                // A seat no longer pending ignores it.
                let acts = self.engine.on_reply(&run_id, seat, reply, now);
                debug_assert!(acts.is_empty());
            }
        }
        Ok(())
    }

    /// Records an event and prints it on stderr at once, one JSON object a line (a sealed
    /// line is acknowledged only once it is durable), in one write: a reader never sees half
    /// an acknowledgement.
    pub fn event(&mut self, e: serde_json::Value) {
        if !self.quiet {
            let line = format!("{e}\n");
            let mut err = std::io::stderr().lock();
            let _ = err.write_all(line.as_bytes());
            let _ = err.flush();
        }
        self.events.push(e);
    }

    fn ledger(&mut self, which: LeagueLedger) -> (&mut LedgerFile, &'static str) {
        match which {
            LeagueLedger::Book => (&mut self.book, BOOK_FILE),
            LeagueLedger::Asks => (&mut self.asks, ASKS_FILE),
        }
    }

    /// Seals one line (durable on return) and tells the engine.
    fn seal(&mut self, which: LeagueLedger, content: &Object) -> Result<u64, Unusable> {
        let kind = content
            .get("kind")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string();
        let seat = content
            .get("seat")
            .and_then(|v| v.as_str())
            .map(str::to_owned);
        let clock = self.clock.clone();
        let last = self.sealed_until;
        let mut booked = None;
        let (ledger, name) = self.ledger(which);
        let sealed = if kind == "answer" {
            ledger.append_booked(content, "booked_at", || {
                // One reading of the clock per line (a step clock advances on each).
                let now = clock.now();
                let t = last.map_or(now, |l| now.max(l));
                booked = Some(t);
                t.to_rfc3339()
            })
        } else {
            ledger.append(content)
        }
        .map_err(Unusable::from)?;
        self.saw_sealed(content);
        if let Some(t) = booked {
            self.sealed_until = Some(self.sealed_until.map_or(t, |l| l.max(t)));
        }
        self.engine.on_sealed(which, sealed.n, content);
        self.event(
            serde_json::json!({"event": "sealed", "ledger": name, "n": sealed.n,
            "kind": kind, "seat": seat, "seal": sealed.seal}),
        );
        Ok(sealed.n)
    }

    /// Keeps the latest sealing time written (`max(at, booked_at)` of `content`).
    fn saw_sealed(&mut self, content: &Object) {
        if let Some(t) = sealing_time_of(content) {
            self.sealed_until = Some(self.sealed_until.map_or(t, |l| l.max(t)));
        }
    }

    /// Chains and writes book lines prepared together as one group (one write; see
    /// [`LedgerFile::write_prepared`]). Nothing is acknowledged here: the lines go to `unacked`
    /// until an fsync covers them ([`League::ack_durable`]).
    fn write_group(
        &mut self,
        lines: Vec<(Object, PreparedLine)>,
        unacked: &mut VecDeque<(Object, Sealed)>,
    ) -> Result<(), Unusable> {
        if lines.is_empty() {
            return Ok(());
        }
        // Replies are read and their seal times taken on several threads, so one may reach
        // this writer after a line booked a moment later: its seal time is taken again here,
        // so the book's sealing times never go backwards (spec Appendix C, `booked_at`).
        let mut in_order = Vec::with_capacity(lines.len());
        for (mut content, prepared) in lines {
            let t = sealing_time_of(&content);
            let prepared = match (t, self.sealed_until) {
                (Some(t), Some(last)) if t < last => {
                    let booked = self.clock.now().max(last);
                    content.insert(
                        "booked_at",
                        sealbook_core::book::canon::Value::Str(booked.to_rfc3339().as_str().into()),
                    );
                    prepare_line(&content).map_err(|e| Unusable::from(self.book.encode_error(e)))?
                }
                _ => prepared,
            };
            self.saw_sealed(&content);
            in_order.push((content, prepared));
        }
        let (contents, prepared): (Vec<Object>, Vec<PreparedLine>) = in_order.into_iter().unzip();
        let sealed = self.book.write_prepared(prepared).map_err(Unusable::from)?;
        unacked.extend(contents.into_iter().zip(sealed));
        Ok(())
    }

    /// Tells the engine of, and acknowledges, every line of `unacked` that an fsync has
    /// covered (waiting for the last of them first when `wait`), in book order.
    fn ack_durable(
        &mut self,
        unacked: &mut VecDeque<(Object, Sealed)>,
        wait: bool,
    ) -> Result<u64, Unusable> {
        let durability = self.book.durability();
        if let (true, Some((_, last))) = (wait, unacked.back()) {
            durability.wait(last.n).map_err(Unusable::from)?;
        }
        let durable = durability.durable();
        while unacked.front().is_some_and(|(_, s)| s.n <= durable) {
            let (content, s) = unacked.pop_front().expect("a line in front");
            self.engine.on_sealed(LeagueLedger::Book, s.n, &content);
            let field = |k: &str| content.get(k).and_then(|v| v.as_str()).map(str::to_owned);
            self.event(
                serde_json::json!({"event": "sealed", "ledger": BOOK_FILE, "n": s.n,
                "kind": field("kind"), "seat": field("seat"), "seal": s.seal}),
            );
        }
        Ok(durable)
    }

    /// Writes `bytes` as `rel` under the league directory (synced, renamed in).
    fn publish(&mut self, rel: &str, bytes: &[u8]) -> Result<(), Unusable> {
        let path = self.dir.join(rel);
        write_durable(&path, bytes)?;
        self.event(serde_json::json!({"event": "published", "path": rel, "bytes": bytes.len()}));
        Ok(())
    }

    /// Carries out `actions` and everything they lead to, with `provider` for prices. A stamp
    /// (one the actions name, or one on arrival while the replies of an ask are sealed,
    /// [`Engine::arrival_stamp`]) writes its list when its turn comes and asks the anchors
    /// beside the rest (spec §3.2: anchoring never delays asking or sealing); they are waited
    /// for, and the stamp recorded, by [`League::wait_stamps`]. On a step clock (the demo)
    /// they are waited for at once.
    pub fn apply(
        &mut self,
        actions: Vec<Action>,
        provider: &dyn PriceProvider,
    ) -> Result<(), Unusable> {
        let mut queue: VecDeque<Action> = actions.into();
        let mut asks: Vec<(String, AskRequest, Instant)> = Vec::new();
        loop {
            while let Some(a) = queue.pop_front() {
                match a {
                    Action::Seal { ledger, content } => {
                        self.seal(ledger, &content)?;
                    }
                    Action::Publish { path, bytes } => self.publish(&path, &bytes)?,
                    Action::TakeSnapshot { run_id, session } => {
                        let next = self.snapshot(&run_id, session, provider);
                        queue.extend(next);
                    }
                    Action::Ask {
                        run_id,
                        seat,
                        request,
                        deadline,
                    } if self
                        .hold_ask
                        .as_ref()
                        .is_some_and(|(r, s)| *r == run_id && *s == seat) =>
                    {
                        self.hold_ask = None;
                        self.held.push(Action::Ask {
                            run_id,
                            seat,
                            request,
                            deadline,
                        });
                    }
                    Action::Ask {
                        run_id,
                        seat,
                        request,
                        deadline,
                    } => asks.push((format!("{run_id}\u{0}{seat}"), request, deadline)),
                    Action::Stamp => self.stamp_now(),
                    Action::Score {
                        run_id,
                        session,
                        horizon,
                        of,
                        ..
                    } => {
                        let next = self.score(&run_id, session, horizon, of, provider)?;
                        first(&mut queue, next);
                    }
                    Action::ResolveCrowd { session } => {
                        let next = self.resolve_crowd(session);
                        first(&mut queue, next);
                    }
                    Action::RecordArenaPrices { session } => {
                        self.arena_prices(session, provider);
                    }
                    Action::PublishLeague => {
                        let now = self.clock.now();
                        self.publish_now(now).map_err(Unusable::new)?;
                    }
                }
            }
            if asks.is_empty() {
                return Ok(());
            }
            let batch = std::mem::take(&mut asks);
            queue.extend(self.ask(batch)?);
        }
    }

    /// Takes a stamp now: through [`League::stamp_hook`] when set, else the list written
    /// and its anchors asked on a thread of their own (waited for at once on a step clock).
    fn stamp_now(&mut self) {
        let now = self.clock.now();
        if let Some(hook) = self.stamp_hook.as_mut() {
            hook(now);
            return;
        }
        let s = stamp_beside(&self.dir, &self.config, now);
        if self.clock.is_step() {
            // A step clock waits for no one, and the services that stamp with it read it
            // here, as on every machine.
            let _ = self.stamp_recorded(s.join().map_err(|e| e.to_string()));
        } else {
            self.in_flight.push(s);
        }
    }

    /// Before a one-off process exits: the lines it sealed since its last stamp are stamped
    /// now ([`Engine::closing_stamp`]; spec §3.2, requirement 12), not left for the next
    /// process, waiting at most until the second after the last list. Its anchors are asked
    /// beside and waited for by [`League::wait_stamps`]. Not on a step clock, which only its
    /// caller moves.
    pub fn stamp_before_exit(&mut self) {
        if self.clock.is_step() {
            return;
        }
        let Some(due) = self.engine.closing_stamp_at() else {
            return;
        };
        let wake = self.clock.when(due);
        let now = std::time::Instant::now();
        if wake > now {
            std::thread::sleep(wake - now);
        }
        if self.engine.closing_stamp(self.clock.now()).is_some() {
            self.stamp_now();
        }
    }

    /// Waits for the anchors of every stamp still in flight (each bounded by its timeout and
    /// retries) and records each; call once nothing is left to seal.
    pub fn wait_stamps(&mut self) {
        for s in std::mem::take(&mut self.in_flight) {
            // Recorded as an event either way; a failure never stops the run.
            let _ = self.stamp_recorded(s.join().map_err(|e| e.to_string()));
        }
    }

    /// The stamp on arrival (spec §3.2, requirement 12), when the engine says it is due now.
    /// Not on a step clock: each reading moves it on, and how often the wait for replies
    /// would read it depends on the threads' timing (the demo's book stays the same bytes);
    /// its caller polls the engine, which takes the stamp then.
    fn stamp_on_arrival(&mut self) {
        if self.clock.is_step() {
            return;
        }
        if self.engine.arrival_stamp(self.clock.now()).is_some() {
            self.stamp_now();
        }
    }

    /// When the wait for replies wakes for the stamp on arrival (never on a step clock,
    /// which only its caller moves).
    fn arrival_wake(&self) -> Option<std::time::Instant> {
        if self.clock.is_step() {
            return None;
        }
        self.engine.arrival_stamp_at().map(|t| self.clock.when(t))
    }

    /// A stamp's outcome (a failed anchor is recorded beside the list and asked again by
    /// `league upgrade`; it never stops the run) recorded as a `stamped` or `stamp_failed`
    /// event, and returned.
    fn stamp_recorded(
        &mut self,
        result: Result<crate::anchor::league::StampReport, String>,
    ) -> Result<crate::anchor::league::StampReport, String> {
        match &result {
            Ok(r) => self.event(serde_json::json!({"event": "stamped", "list": r.list,
                "unchanged_since": r.unchanged_since, "anchors_ok": r.ok(),
                "anchors": r.record.as_ref().map(|a| &a.anchors)})),
            Err(e) => self.event(serde_json::json!({"event": "stamp_failed", "error": e})),
        }
        result
    }

    fn snapshot(
        &mut self,
        run_id: &str,
        session: Date,
        provider: &dyn PriceProvider,
    ) -> Vec<Action> {
        let now = self.clock.now();
        let (from, minutes_from) = (lookback_from(now), minute_window_from(now));
        // The snapshot is the run's: its reads stop at the run's deadline.
        let deadline = sealbook_core::league::schedule::reference_at(&self.config, session);
        provider.set_deadline(Some(self.clock.when(deadline)));
        let mut bars = BTreeMap::new();
        let mut errors = BTreeMap::new();
        for m in MARKETS {
            let read = provider
                .history_bars(m, from, minutes_from)
                .and_then(|mut older| {
                    older.extend(provider.minute_bars(m, minutes_from, now)?);
                    Ok(older)
                });
            match read {
                Ok(b) => {
                    bars.insert(m.to_string(), b);
                }
                Err(e) => {
                    errors.insert(m.to_string(), e);
                }
            }
        }
        provider.set_deadline(None);
        let snap = take_snapshot(now, &bars);
        self.event(serde_json::json!({"event": "snapshot", "run_id": run_id,
            "taken_at": snap.taken_at, "markets": snap.rows.len(), "missing": snap.missing(),
            "errors": errors, "snapshot_sha256": snap.sha256()}));
        // The crowd's prices (spec §4.9), when configured: a reading that fails is named in
        // the log and the run goes on without them (never a partial set).
        let prev_close: BTreeMap<String, f64> = snap
            .rows
            .iter()
            .filter_map(|r| Some((r.asset.clone(), r.prev_close?)))
            .collect();
        let crowd = match crowd_prices(&self.config, session, now, &prev_close) {
            Ok(c) => c,
            Err(e) => {
                self.event(
                    serde_json::json!({"event": "crowd_failed", "run_id": run_id,
                    "error": e}),
                );
                None
            }
        };
        self.engine
            .on_snapshot(run_id, &snap, crowd, self.clock.now())
    }

    /// Asks the seats at once; each reply is kept and sealed the moment it arrives. Returns
    /// what the engine wants done besides sealing, to be carried out after the replies.
    fn ask(&mut self, batch: Vec<(String, AskRequest, Instant)>) -> Result<Vec<Action>, Unusable> {
        let adapters = adapters(&self.config, self.ask_until.as_ref());
        for (key, _, _) in &batch {
            let seat = key.split_once('\u{0}').map_or("", |(_, s)| s);
            let problem = self
                .config
                .seats
                .iter()
                .find(|s| s.name == seat)
                .and_then(key_problem);
            if let Some(why) = problem {
                self.unconfigured.push(format!("{seat}: {why}"));
            }
        }
        let mut by_seat = BTreeMap::new();
        let mut work = Vec::new();
        let mut deadline = None;
        for (key, request, dl) in batch {
            let (run_id, seat) = key.split_once('\u{0}').expect("run and seat");
            let Some(adapter) = adapters.get(seat) else {
                continue;
            };
            by_seat.insert(seat.to_string(), run_id.to_string());
            deadline = Some(deadline.map_or(dl, |d: Instant| d.max(dl)));
            work.push((adapter.clone(), request));
        }
        let Some(deadline) = deadline else {
            return Ok(Vec::new());
        };
        let mut later = Vec::new();
        let mut kept = Vec::new();
        self.event(
            serde_json::json!({"event": "asked", "seats": by_seat.keys().collect::<Vec<_>>(),
            "deadline": deadline.to_rfc3339()}),
        );
        let asked_at = std::time::Instant::now();
        let readers: BTreeMap<String, Option<ReplyReader>> = by_seat
            .iter()
            .map(|(seat, run_id)| (seat.clone(), self.engine.reply_reader(run_id)))
            .collect();
        let clock = self.clock.clone();
        let secrets = self.engine.secrets().clone();
        let rx = ask_all(work, self.clock.when(deadline), move |reply| {
            receive(reply, &readers, &clock, &secrets)
        });
        // Each reply is sealed and written the moment it is taken; replies that arrived
        // together (waiting in the channel) are written as one group. A sync thread starts
        // an fsync as soon as a group is written, while this thread goes on with the replies
        // that came meanwhile, so one fsync covers every line written while the previous one
        // ran (a group commit). A line is acknowledged, and told to the engine, only once an
        // fsync that covers it has returned.
        let durability = self.book.durability();
        let (sync_tx, sync_rx) = std::sync::mpsc::channel::<u64>();
        let syncer = std::thread::Builder::new()
            .name("book-sync".into())
            .spawn(move || {
                for n in sync_rx {
                    // A failure poisons the ledger; the driver's own waits report it.
                    if durability.wait(n).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| Unusable::new(format!("cannot start the book's sync thread: {e}")))?;
        let sealed = self.seal_replies(&rx, &by_seat, asked_at, &sync_tx, &mut later, &mut kept);
        drop(sync_tx);
        // The thread ends once the fsyncs asked of it are done (each returns, or fails).
        let _ = syncer.join();
        let (replied, cut) = sealed?;
        // Seats that gave up because the process is stopping count as left, as those cut.
        let cut = cut || (by_seat.keys().any(|seat| !replied.contains(seat)) && self.stopping());
        if cut {
            // A stop cut the wait short: the seats still being asked keep no line and no note,
            // so the run is unfinished for the next process (spec §3.1, requirement 12).
            let left: Vec<(String, String)> = by_seat
                .iter()
                .filter(|(seat, _)| !replied.contains(*seat))
                .map(|(seat, run_id)| (run_id.clone(), seat.clone()))
                .collect();
            if !left.is_empty() {
                self.event(serde_json::json!({"event": "left_unanswered",
                    "seats": left.iter().map(|(_, s)| s).collect::<Vec<_>>(),
                    "run_id": left[0].0}));
            }
            self.left_unanswered.extend(left);
        }
        // A seat whose reply never came back (its ask, and reading that it failed, panicked)
        // is that seat's failure, recorded as such; the others' answers are sealed.
        for (seat, run_id) in &by_seat {
            if replied.contains(seat) || cut {
                continue;
            }
            let why = format!("{PANIC_KIND}: the seat's reply was lost inside sealbook");
            self.faults.push(seat.clone());
            self.event(serde_json::json!({"event": "seat_fault", "seat": seat,
                "run_id": run_id, "error": why}));
            if let Some(rel) = reply_file(run_id, seat, ERROR_SUFFIX) {
                let path = self.dir.join(rel);
                write_file(&path, why.as_bytes(), false)?;
                kept.push(path);
            }
            let now = self.clock.now();
            later.extend(self.engine.on_answer(run_id, seat, Some(why), None, now));
        }
        for path in &kept {
            sync_file(path)?;
        }
        if let Some(dir) = kept.first().and_then(|p| p.parent()) {
            sync_dir(dir)?;
        }
        Ok(later)
    }

    /// The next reply of a run's seats, waited for until every seat has replied or, once a
    /// stop is asked ([`League::ask_until`]), until its grace ends; a reply already arrived
    /// is taken first.
    fn next_reply(
        &self,
        rx: &std::sync::mpsc::Receiver<Received>,
        wake: Option<std::time::Instant>,
    ) -> NextReply {
        use std::sync::mpsc::RecvTimeoutError;
        let left = |w: std::time::Instant| w.saturating_duration_since(std::time::Instant::now());
        let Some(until) = &self.ask_until else {
            return match wake {
                None => rx
                    .recv()
                    .map_or(NextReply::Done, |r| NextReply::Reply(Box::new(r))),
                Some(w) => match rx.recv_timeout(left(w)) {
                    Ok(r) => NextReply::Reply(Box::new(r)),
                    Err(RecvTimeoutError::Timeout) => NextReply::Wake,
                    Err(RecvTimeoutError::Disconnected) => NextReply::Done,
                },
            };
        };
        loop {
            if wake.is_some_and(|w| left(w).is_zero()) {
                if let Ok(r) = rx.try_recv() {
                    return NextReply::Reply(Box::new(r));
                }
                return NextReply::Wake;
            }
            let wait = match until.at() {
                None => STOP_POLL,
                Some(end) => {
                    let end = end + STOP_SETTLE;
                    let left = end.saturating_duration_since(std::time::Instant::now());
                    if left.is_zero() {
                        return match rx.try_recv() {
                            Ok(r) => NextReply::Reply(Box::new(r)),
                            Err(std::sync::mpsc::TryRecvError::Disconnected) => NextReply::Done,
                            Err(std::sync::mpsc::TryRecvError::Empty) => NextReply::Cut,
                        };
                    }
                    left.min(STOP_POLL)
                }
            };
            let wait = wake.map_or(wait, |w| wait.min(left(w)));
            match rx.recv_timeout(wait) {
                Ok(r) => return NextReply::Reply(Box::new(r)),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return NextReply::Done,
            }
        }
    }

    /// Whether a stop was asked ([`League::ask_until`]).
    fn stopping(&self) -> bool {
        self.ask_until.as_ref().and_then(GiveUp::at).is_some()
    }

    /// The loop of [`League::ask`]: takes replies as they come until every seat has replied
    /// (or a stop's grace ends, [`League::next_reply`]), writes their lines, hands each
    /// group's last line to the sync thread on `sync`, and acknowledges lines as fsyncs cover
    /// them (waiting for the disk only when no reply is waiting). A reply's raw body is kept
    /// (in `kept`) only once the lines written up to its turn are durable. Returns the seats
    /// that replied and whether the wait was cut short by a stop, with every written line
    /// acknowledged, or the first error.
    fn seal_replies(
        &mut self,
        rx: &std::sync::mpsc::Receiver<Received>,
        by_seat: &BTreeMap<String, String>,
        asked_at: std::time::Instant,
        sync: &std::sync::mpsc::Sender<u64>,
        later: &mut Vec<Action>,
        kept: &mut Vec<PathBuf>,
    ) -> Result<(BTreeSet<String>, bool), Unusable> {
        // The seats that replied.
        let mut replied = BTreeSet::new();
        // Raw replies to keep once the book is durable up to the line number beside each.
        let mut notes: VecDeque<(u64, PathBuf, Vec<u8>)> = VecDeque::new();
        // Lines written, not yet covered by an fsync, in book order.
        let mut unacked = VecDeque::new();
        let unacked = &mut unacked;
        loop {
            let mut batch = Vec::new();
            if unacked.is_empty() {
                // Every line written is durable and told to the engine: the stamp on arrival
                // covers them when its settle window has passed.
                self.stamp_on_arrival();
                match self.next_reply(rx, self.arrival_wake()) {
                    NextReply::Reply(first) => batch.push(*first),
                    NextReply::Wake => continue,
                    NextReply::Done => return Ok((replied, false)),
                    NextReply::Cut => return Ok((replied, true)),
                }
            }
            // At most a group's worth, so the sync thread starts on the first lines of a
            // burst while the writer goes on with the rest.
            let room = MAX_GROUP_LINES.saturating_sub(batch.len());
            batch.extend(rx.try_iter().take(room));
            if batch.is_empty() {
                // Nothing came while the disk synced: wait for the fsync of what is written.
                let durable = self.ack_durable(unacked, true)?;
                keep_notes(&mut notes, durable, kept)?;
                continue;
            }
            let mut answers = Vec::new();
            let mut batch_notes = Vec::new();
            for received in batch {
                let Received {
                    reply: r,
                    arrived,
                    read: reply,
                    line,
                } = received;
                let Some(run_id) = by_seat.get(&r.seat).cloned() else {
                    continue;
                };
                if is_stopped(&r) {
                    // Given up because the process is stopping: left unanswered, nothing kept.
                    continue;
                }
                replied.insert(r.seat.clone());
                if is_fault(&r) {
                    self.faults.push(r.seat.clone());
                    self.event(serde_json::json!({"event": "seat_fault", "seat": r.seat,
                        "run_id": run_id, "error": reply.error}));
                }
                self.event(serde_json::json!({"event": "reply", "seat": r.seat,
                    "run_id": run_id, "arrived": arrived.to_rfc3339(), "status": r.status,
                    "attempts": r.attempts, "earlier": r.earlier, "error": reply.error,
                    "bytes": r.raw.len(), "own_sha256": r.own_sha256(),
                    "seconds": r.arrived.saturating_duration_since(asked_at).as_secs_f64()}));
                // The raw reply, or why there is none (for the seat's no_answer line at the
                // deadline, which a later process may write).
                let (rel, bytes) = match &reply.error {
                    None => (reply_file(&run_id, &r.seat, ".txt"), r.raw),
                    Some(e) => (
                        reply_file(&run_id, &r.seat, ERROR_SUFFIX),
                        e.clone().into_bytes(),
                    ),
                };
                match rel {
                    Some(rel) => batch_notes.push((self.dir.join(rel), bytes)),
                    None => self.event(serde_json::json!({"event": "reply_not_kept",
                        "seat": r.seat, "run_id": run_id,
                        "why": "the seat or run name is not a plain file name"})),
                }
                let (content, mut prepared) = match line {
                    Some((content, prepared)) => (Some(content), Some(prepared)),
                    None => (None, None),
                };
                for a in self
                    .engine
                    .on_answer(&run_id, &r.seat, reply.error, content, arrived)
                {
                    match a {
                        Action::Seal {
                            ledger: LeagueLedger::Book,
                            content,
                        } => {
                            // The engine hands back the content it was given, prepared on a
                            // reply thread; any other line is prepared here.
                            let line = match prepared.take() {
                                Some(p) => p,
                                None => prepare_line(&content),
                            }
                            .map_err(|e| Unusable::from(self.book.encode_error(e)))?;
                            answers.push((content, line));
                        }
                        Action::Seal { ledger, content } => {
                            self.seal(ledger, &content)?;
                        }
                        other => later.push(other),
                    }
                }
            }
            self.write_group(answers, unacked)?;
            if let Some((_, last)) = unacked.back() {
                // The sync thread is gone only after a failed fsync, which the next wait reports.
                let _ = sync.send(last.n);
            }
            // Kept once the answers are durable; synced after the last reply so no seal waits
            // for them.
            let upto = self.book.lines();
            notes.extend(batch_notes.into_iter().map(|(p, b)| (upto, p, b)));
            let durable = self.ack_durable(unacked, false)?;
            keep_notes(&mut notes, durable, kept)?;
        }
    }

    /// The score line of a run's horizon priced now, with the unpriced markets and why, and
    /// the markets whose bars the provider failed to give (with its error); an error when no
    /// market could be priced.
    fn price_line(
        &self,
        book: &[u8],
        run_id: &str,
        session: Date,
        horizon: Horizon,
        of: u64,
        provider: &dyn PriceProvider,
    ) -> Result<PricedLine, Unusable> {
        let lines = BookLines::parse(book)
            .map_err(|e| Unusable::file(&self.dir.join(BOOK_FILE), e.to_string()))?;
        let answers: Vec<close::SealedAnswer> = lines
            .answers
            .values()
            .filter(|a| a.run_id.as_deref() == Some(run_id))
            .filter_map(|a| Some((a.n, sealing_time(a.at?, a.booked_at))))
            .collect();
        // The run line's sealed contracts fix each window (none: the rule of its time).
        let sealed = lines
            .runs
            .iter()
            .find(|r| r.run_id.as_deref() == Some(run_id))
            .map(|r| r.contracts.clone())
            .unwrap_or_default();
        let rule = close::RunRule::of(&sealed);
        let windows = close::bar_windows(&self.config, rule, session, horizon, &answers);
        let mut bars = BTreeMap::new();
        let mut errors = BTreeMap::new();
        for (m, (from, to)) in windows {
            match provider.minute_bars(m, from, to) {
                Ok(b) => {
                    bars.insert(m.to_string(), b);
                }
                Err(e) => {
                    errors.insert(m.to_string(), e);
                }
            }
        }
        // The draw band: the one the run sealed with its first score, else from the bars of
        // the sessions before the reference; a provider failure waits like a market's.
        let sealed_bands = close::sealed_bands(&lines.scores, of);
        let mut bands: BTreeMap<String, Result<f64, String>> = sealed_bands
            .iter()
            .map(|(m, b)| (m.clone(), Ok(*b)))
            .collect();
        for (m, window) in close::band_bar_windows(&self.config, session, &sealed_bands) {
            if !bars.contains_key(m) {
                continue;
            }
            let band = match window {
                Ok((from, to)) => match provider.minute_bars(m, from, to) {
                    Ok(b) => close::market_band(&self.config, session, m, &b),
                    Err(e) => {
                        errors.insert(format!("{m} (draw band)"), e.clone());
                        Err(format!(
                            "the provider gave no bars of the band sessions: {e}"
                        ))
                    }
                },
                Err(e) => Err(e),
            };
            bands.insert(m.to_string(), band);
        }
        let (line, mut unpriced) = close::score_line(
            &self.config,
            rule,
            self.clock.now(),
            run_id,
            of,
            session,
            horizon,
            &answers,
            &bars,
            &bands,
        );
        unpriced.extend(errors.clone());
        if line.results.is_empty() {
            return Err(Unusable::new(format!(
                "run {run_id} horizon {}: no market could be priced: {}",
                horizon.as_str(),
                unpriced
                    .iter()
                    .map(|(m, e)| format!("{m}: {e}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )));
        }
        Ok((line, unpriced, errors))
    }

    /// Seals the score line of a run's horizon and returns what the engine says follows it
    /// ([`Engine::on_scored`]). An attempt in which the provider failed to give some markets'
    /// bars fails (the schedule asks again) while [`close::waits_for_unfetched`] says so,
    /// rather than seal a line missing them.
    fn score(
        &mut self,
        run_id: &str,
        session: Date,
        horizon: Horizon,
        of: u64,
        provider: &dyn PriceProvider,
    ) -> Result<Vec<Action>, Unusable> {
        let book = read(&self.dir.join(BOOK_FILE))?;
        let (line, unpriced, unfetched) =
            self.price_line(&book, run_id, session, horizon, of, provider)?;
        let due = sealbook_core::league::schedule::horizon_score_at(&self.config, session, horizon)
            .unwrap_or_else(|| sealbook_core::league::schedule::score_at(&self.config, session));
        if close::waits_for_unfetched(due, self.clock.now(), unfetched.len()) {
            return Err(unfetched_error(run_id, horizon, &unfetched));
        }
        let content = line.to_object();
        let n = self.seal(LeagueLedger::Book, &content)?;
        self.event(serde_json::json!({"event": "scored", "run_id": run_id,
            "horizon": horizon.as_str(), "n": n, "markets": line.results.len(),
            "unpriced": unpriced}));
        // Reported at the line's own time (the clock is not read again: a step clock would
        // move on).
        let at = sealing_time_of(&content)
            .ok_or_else(|| Unusable::new(format!("run {run_id}: the score line has no time")))?;
        Ok(self.engine.on_scored(run_id, horizon, at))
    }

    /// Carries out [`Action::ResolveCrowd`] of `session` ([`League::record_crowd_resolutions`])
    /// and returns what the engine says follows; a failure leaves the event
    /// `crowd_resolutions_failed` and is reported ([`Engine::on_crowd_failed`]).
    fn resolve_crowd(&mut self, session: Date) -> Vec<Action> {
        match self.record_crowd_resolutions() {
            Ok(resolved) => self.engine.on_crowd_resolved(session, &resolved),
            Err(e) => {
                self.event(serde_json::json!({"event": "crowd_resolutions_failed",
                    "error": e.to_string()}));
                self.engine.on_crowd_failed(session)
            }
        }
    }

    /// Carries out [`Action::RecordArenaPrices`] of `session` ([`League::record_arena_prices`])
    /// and reports it ([`Engine::on_arena_prices`]); a failure leaves the event
    /// `arena_prices_failed`.
    fn arena_prices(&mut self, session: Date, provider: &dyn PriceProvider) {
        let result = self.record_arena_prices(session, provider);
        if let Err(e) = &result {
            self.event(serde_json::json!({"event": "arena_prices_failed",
                "session": session.to_string(), "error": e.to_string()}));
        }
        self.engine.on_arena_prices(session, result.is_ok());
    }

    /// Carries out [`Action::PublishLeague`] taken at `now` ([`publish_league`]) and reports it
    /// ([`Engine::on_published`]): what was written, or why nothing was.
    pub fn publish_now(&mut self, now: Instant) -> Result<String, String> {
        let result = match publish_league(&self.dir) {
            Ok(Published::Written {
                listed, written, ..
            }) => Ok(format!(
                "{listed} files listed in the manifest; {} written",
                written.len()
            )),
            Ok(Published::ChainBroken { error, .. }) => Err(error),
            Err(e) => Err(e.to_string()),
        };
        self.engine.on_published(result.is_ok(), now);
        result
    }

    /// Seals a `crowd` line per run whose bets wait on their markets' resolution, as core
    /// decides it ([`resolution_asks`]: which contracts, Kalshi's at the previous close sealed
    /// with its quote; [`resolution_line`]: the line and why each contract left stays open):
    /// this reads the venues ([`crowd_resolutions`], [`kalshi_resolutions`]) and seals. The
    /// event `bets_open` names the open contracts. Returns the sessions a sealed line resolves
    /// bets of.
    fn record_crowd_resolutions(&mut self) -> Result<BTreeSet<Date>, Unusable> {
        let protocol = self.engine.protocol().clone();
        let book_path = self.dir.join(BOOK_FILE);
        let book = BookLines::parse(&read(&book_path)?)
            .map_err(|e| Unusable::file(&book_path, e.to_string()))?;
        let now = self.clock.now();
        let mut resolved = BTreeSet::new();
        for ask in resolution_asks(&protocol, &book, now) {
            let polymarket = crowd_resolutions(&self.config, ask.session, &ask.polymarket);
            let kalshi = kalshi_resolutions(&self.config, ask.session, &ask.kalshi_sealed);
            let ResolutionOutcome { line, open } = resolution_line(&ask, now, polymarket, kalshi);
            if let Some(line) = line {
                self.seal(LeagueLedger::Book, &line.to_object())?;
                resolved.insert(ask.session);
            }
            if !open.is_empty() {
                self.event(
                    serde_json::json!({"event": "bets_open", "run_id": ask.run_id,
                    "session": ask.session.to_string(), "open": open}),
                );
            }
        }
        Ok(resolved)
    }

    /// Records `session`'s prices of the trading tracks in force in `arena-prices.jsonl` (see
    /// the module doc); a session already recorded is left as it is.
    fn record_arena_prices(
        &mut self,
        session: Date,
        provider: &dyn PriceProvider,
    ) -> Result<(), Unusable> {
        let protocol = self.engine.protocol().clone();
        let path = self.dir.join(ARENA_PRICES_FILE);
        let mut bytes = if path.is_file() {
            read(&path)?
        } else {
            Vec::new()
        };
        let recorded = read_prices(&bytes)
            .map_err(|e| Unusable::file(&path, e.message.to_string()).at_line(e.line as u64))?;
        // The bets' crowd markets and resolutions of the session, from the sealed book.
        let book_path = self.dir.join(BOOK_FILE);
        let book = BookLines::parse(&read(&book_path)?)
            .map_err(|e| Unusable::file(&book_path, e.to_string()))?;
        let arena_league::PriceRecording {
            rules,
            bet_lines,
            fetch,
        } = arena_league::price_recording(&protocol, &recorded, &book, session);
        let Some(fetch) = fetch else {
            if !bet_lines.is_empty() {
                bytes.extend(jsonl(bet_lines.iter().map(price_line)));
                write_durable(&path, &bytes)?;
                self.event(serde_json::json!({"event": "arena_prices",
                    "session": session.to_string(), "lines": bet_lines.len(), "unpriced": {}}));
            }
            return Ok(());
        };
        let mut bars = BTreeMap::new();
        let mut unpriced = BTreeMap::new();
        for ticker in fetch.symbols {
            match provider.symbol_bars(
                self.config.prices.fund_symbol(&ticker),
                fetch.from,
                fetch.to,
            ) {
                Ok(b) => {
                    bars.insert(ticker, b);
                }
                Err(e) => {
                    unpriced.insert(ticker, e);
                }
            }
        }
        let arena_league::RecordedLines { lines, recorded } =
            arena_league::recording_lines(&rules, session, &bars, bet_lines);
        if !recorded {
            if !lines.is_empty() {
                bytes.extend(jsonl(lines.iter().map(price_line)));
                write_durable(&path, &bytes)?;
            }
            let why: Vec<String> = unpriced.iter().map(|(t, e)| format!("{t}: {e}")).collect();
            let why = if why.is_empty() {
                "the price provider has no bar of any fund in the session's window".to_string()
            } else {
                format!(
                    "the price provider priced no fund of the trading tracks ({})",
                    why.join("; ")
                )
            };
            return Err(Unusable::file(
                &path,
                format!("no close of {session} recorded: {why}"),
            ));
        }
        bytes.extend(jsonl(lines.iter().map(price_line)));
        write_durable(&path, &bytes)?;
        self.event(
            serde_json::json!({"event": "arena_prices", "session": session.to_string(),
            "lines": lines.len(), "unpriced": unpriced}),
        );
        Ok(())
    }

    /// Re-takes every sealed score line of `session`'s runs as core decides
    /// ([`close::retakes`], [`close::retaken`]): a re-taken line whose prices differ from the
    /// line's (or from its last correction's) is sealed as a `correction` naming it (spec
    /// §3.10); returns how many.
    pub fn retake(&mut self, session: Date, provider: &dyn PriceProvider) -> Result<u64, Unusable> {
        let book_path = self.dir.join(BOOK_FILE);
        let book = read(&book_path)?;
        let lines =
            BookLines::parse(&book).map_err(|e| Unusable::file(&book_path, e.to_string()))?;
        let retakes = close::retakes(&book, &lines, session)
            .map_err(|n| Unusable::file(&book_path, "the score line does not read").at_line(n))?;
        let mut corrected = 0;
        for r in retakes {
            let (fresh, _, unfetched) =
                self.price_line(&book, &r.run_id, session, r.horizon, r.of, provider)?;
            let now = self.clock.now();
            match close::retaken(&r, &fresh, unfetched.len(), now) {
                close::Retaken::Unfetched => {
                    return Err(unfetched_error(&r.run_id, r.horizon, &unfetched))
                }
                close::Retaken::Agrees => {}
                close::Retaken::Correct(c) => {
                    // A correction is sealed at `now`: never earlier than a sealed line.
                    self.engine
                        .check_clock(now)
                        .map_err(|e| Unusable::new(e.to_string()).field("--at"))?;
                    let n = self.seal(LeagueLedger::Book, &c.to_object())?;
                    self.event(serde_json::json!({"event": "corrected", "of": r.n,
                        "horizon": r.horizon.as_str(), "n": n}));
                    corrected += 1;
                }
            }
        }
        Ok(corrected)
    }
}

/// Puts `next`, the actions an action led to, at the front of `queue` in their order: they
/// are carried out before the actions after the one that led to them (a score's crowd
/// resolution and price recordings before the next run's score).
fn first(queue: &mut VecDeque<Action>, next: Vec<Action>) {
    for a in next.into_iter().rev() {
        queue.push_front(a);
    }
}

/// A score line priced now ([`League::price_line`]): the line, the markets it leaves out with
/// why, and those of them whose bars the provider failed to give.
type PricedLine = (
    ScoreContent,
    BTreeMap<String, String>,
    BTreeMap<String, String>,
);

/// The error of a score attempt that waits for the markets the provider failed to give.
fn unfetched_error(
    run_id: &str,
    horizon: Horizon,
    unfetched: &BTreeMap<String, String>,
) -> Unusable {
    Unusable::new(format!(
        "run {run_id} horizon {}: the price provider gave no bars for {} market(s), asked again before the line is sealed: {}",
        horizon.as_str(),
        unfetched.len(),
        unfetched
            .iter()
            .map(|(m, e)| format!("{m}: {e}"))
            .collect::<Vec<_>>()
            .join("; ")
    ))
}

fn read(path: &Path) -> Result<Vec<u8>, Unusable> {
    std::fs::read(path).map_err(|e| Unusable::io(path, "read", &e))
}

/// Writes `bytes` to `path` (parents created) by a synced temporary file renamed in, then
/// syncs the directory: the file is whole or absent after a crash.
pub fn write_durable(path: &Path, bytes: &[u8]) -> Result<(), Unusable> {
    write_file(path, bytes, true)?;
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Writes `bytes` to `path` (parents created) through a temporary file renamed in, so the
/// file is whole or absent; `sync`: the temporary file is synced before the rename.
/// Writes (unsynced) each raw reply of `notes` whose book lines are durable (`upto <=
/// durable`), in order, and records it in `kept` to be synced after the run's last reply.
fn keep_notes(
    notes: &mut VecDeque<(u64, PathBuf, Vec<u8>)>,
    durable: u64,
    kept: &mut Vec<PathBuf>,
) -> Result<(), Unusable> {
    while notes.front().is_some_and(|(upto, _, _)| *upto <= durable) {
        let (_, path, bytes) = notes.pop_front().expect("a note in front");
        write_file(&path, &bytes, false)?;
        kept.push(path);
    }
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8], sync: bool) -> Result<(), Unusable> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Unusable::io(dir, "create directory", &e))?;
    let tmp = crate::files::with_suffix(path, ".tmp");
    let mut f = std::fs::File::create(&tmp).map_err(|e| Unusable::io(&tmp, "create", &e))?;
    f.write_all(bytes)
        .and_then(|()| if sync { f.sync_all() } else { Ok(()) })
        .map_err(|e| Unusable::io(&tmp, "write", &e))?;
    std::fs::rename(&tmp, path).map_err(|e| Unusable::io(path, "rename into place", &e))
}

fn sync_file(path: &Path) -> Result<(), Unusable> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| Unusable::io(path, "sync", &e))
}

fn sync_dir(dir: &Path) -> Result<(), Unusable> {
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Unusable::io(dir, "sync directory", &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_file_is_made_only_of_plain_names() {
        assert_eq!(
            reply_file("2026-10-21-am", "gpt-5.1_mini", ".txt").as_deref(),
            Some("replies/2026-10-21-am/gpt-5.1_mini.txt")
        );
        for seat in [
            "../../../../tmp/x",
            "../../proof/2026-10-21/123000Z",
            "a/b",
            "..",
            ".",
            "",
            "a\0b",
            "a b",
        ] {
            assert_eq!(
                reply_file("2026-10-21-am", seat, ERROR_SUFFIX),
                None,
                "{seat:?}"
            );
        }
        for run in ["", "..", "../x", "a/b"] {
            assert_eq!(reply_file(run, "gpt", ".txt"), None, "{run:?}");
        }
    }

    #[test]
    fn a_reply_is_scrubbed_in_everything_kept_or_logged() {
        let key = "sk-FLKEYabcdefghijklmnopCANARY";
        let secrets = Secrets::new([key]);
        let mut reply = crate::seats::not_started("gpt", "401: sk-FLKEY****NARY");
        reply.raw = format!("{{\"e\": \"{}\"}}", key.replace('s', "\\u0073")).into_bytes();
        reply.outcome.provider_model = Some(format!("model {key}"));
        reply.earlier = vec![format!("http 500 {key}")];
        scrub_seat_reply(&mut reply, &secrets);
        let shown = format!(
            "{:?} {} {:?}",
            reply.outcome,
            String::from_utf8_lossy(&reply.raw),
            reply.earlier
        );
        for part in [key, "sk-FLKEY", "\\u0073k-FLKEY", "NARY"] {
            assert!(!shown.contains(part), "{part} in {shown}");
        }
        assert_eq!(reply.raw, b"{\"e\": \"[REDACTED]\"}");
    }
}
