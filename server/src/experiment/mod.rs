//! The reader experiment's server side (spec §6): storage ([`store`], SQLite by default,
//! PostgreSQL by URL), the client address reduced to a salted daily hash ([`privacy`]), and the
//! API's operations ([`api`]). The decisions are core's (`sealbook_core::experiment`); this
//! module keeps the clock, the random bytes and the records.

pub mod api;
pub mod postgres;
pub mod privacy;
pub mod sqlite;
pub mod stats;
pub mod store;
#[cfg(test)]
mod store_tests;

use crate::league::clock::Clock;
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::Analysis;
use sealbook_core::experiment::council::{self, AsOf, Council};
use sealbook_core::league::config::DATABASE_URL_SCHEMES;
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use store::{Store, StoreError};

/// The environment variable that selects PostgreSQL (a `postgres://` or `postgresql://` URL).
pub const DATABASE_URL_ENV: &str = "SEALBOOK_EXPERIMENT_DATABASE_URL";
/// The environment variable naming the one origin allowed cross-origin requests (none by
/// default: the page is served from the same origin).
pub const ALLOWED_ORIGIN_ENV: &str = "SEALBOOK_EXPERIMENT_ALLOWED_ORIGIN";
/// Requests per hashed address and minute (environment override, for load tests on one
/// address).
pub const RATE_ENV: &str = "SEALBOOK_EXPERIMENT_RATE_PER_MINUTE";
/// New identifiers per hashed address and day (environment override, likewise).
pub const READERS_ENV: &str = "SEALBOOK_EXPERIMENT_READERS_PER_DAY";

/// The experiment's database URL for league directory `dir` (spec §6, the README's
/// `[experiment]`): [`DATABASE_URL_ENV`] when set and not empty wins; else `[experiment]
/// database_url` of `dir/league.toml` when the directory has one; else None (SQLite). A
/// `league.toml` that cannot be read is an error, not a silent SQLite.
pub fn database_url(dir: &Path) -> Result<Option<String>, crate::outcome::Unusable> {
    if let Some(u) = std::env::var(DATABASE_URL_ENV)
        .ok()
        .filter(|u| !u.is_empty())
    {
        return Ok(Some(u));
    }
    if !dir.join(crate::league::init::CONFIG_FILE).exists() {
        return Ok(None);
    }
    Ok(crate::league::config::read_config(dir)?
        .experiment
        .database_url)
}

/// The reverse proxies whose `X-Forwarded-For` the API reads for its limits
/// (`sealbook_core::experiment::client`): the `--trusted-proxy` values when any is given,
/// else `[experiment] trusted_proxies` of `dir/league.toml` when the directory has one, else
/// none. A value that is not an IP address is an error naming the flag or the file's line.
pub fn trusted_proxies(
    dir: &Path,
    flags: &[String],
) -> Result<Vec<std::net::IpAddr>, crate::outcome::Unusable> {
    use sealbook_core::experiment::client::parse_trusted;
    if !flags.is_empty() {
        return parse_trusted(flags.iter().map(String::as_str)).map_err(|bad| {
            crate::outcome::Unusable::new(format!(
                "{bad:?} is not an IP address (name each proxy's address)"
            ))
            .field("--trusted-proxy")
        });
    }
    if !dir.join(crate::league::init::CONFIG_FILE).exists() {
        return Ok(Vec::new());
    }
    Ok(crate::league::config::read_config(dir)?
        .experiment
        .trusted_proxies)
}

/// `message` with the password of `url`'s user information (`scheme://user:password@host`)
/// replaced, so that a database error quoting its connection string cannot put the password in
/// a log line.
pub fn redact(url: &str, message: &str) -> String {
    let password = url
        .split_once("://")
        .and_then(|(_, rest)| rest.split('/').next())
        .and_then(|authority| authority.rsplit_once('@'))
        .and_then(|(userinfo, _)| userinfo.split_once(':'))
        .map(|(_, pw)| pw)
        .filter(|pw| !pw.is_empty());
    match password {
        Some(pw) => message.replace(pw, "***"),
        None => message.to_owned(),
    }
}

/// Opens the store for league directory `dir`: PostgreSQL when `url` is given, else
/// `dir/experiment.sqlite`. Errors never hold the URL's password.
pub fn open_store(dir: &Path, url: Option<&str>) -> Result<Store, StoreError> {
    match url {
        Some(u) if DATABASE_URL_SCHEMES.iter().any(|s| u.starts_with(s)) => {
            match postgres::Postgres::connect(u) {
                Ok(pg) => Ok(Store::start(Box::new(pg), "postgresql")),
                Err(e) => Err(StoreError(redact(u, &e.0))),
            }
        }
        Some(_) => Err(StoreError(
            "the experiment's database URL is not a postgres:// or postgresql:// URL".into(),
        )),
        None => Ok(Store::start(
            Box::new(sqlite::Sqlite::open(&dir.join(sqlite::FILE))?),
            "sqlite",
        )),
    }
}

/// A second connection to the store [`open_store`] opened, for the stats thread
/// ([`stats::StatsCache`]): its records are read there, never on the writer's connection.
pub fn open_reader(
    dir: &Path,
    url: Option<&str>,
) -> Result<Box<dyn store::Connection>, StoreError> {
    match url {
        Some(u) => postgres::Postgres::connect(u)
            .map(|pg| Box::new(pg) as Box<dyn store::Connection>)
            .map_err(|e| StoreError(redact(u, &e.0))),
        None => Ok(Box::new(sqlite::Sqlite::open_reader(
            &dir.join(sqlite::FILE),
        )?)),
    }
}

/// Every stored record of league directory `dir`'s experiment, through the storage trait: from
/// the store [`database_url`] names, or from `dir/experiment.sqlite` when it exists; with
/// neither, no records (the experiment has not started). A store that cannot be opened or read
/// is an error naming it, never an empty dataset.
pub fn stored_dataset(
    dir: &Path,
) -> Result<sealbook_core::experiment::analysis::Dataset, crate::outcome::Unusable> {
    use crate::outcome::Unusable;
    let url = database_url(dir)?;
    let sqlite = dir.join(sqlite::FILE);
    if url.is_none() && !sqlite.is_file() {
        return Ok(Default::default());
    }
    let what = |m: String| match &url {
        Some(_) => Unusable::new(m),
        None => Unusable::file(&sqlite, m),
    };
    let store =
        open_store(dir, url.as_deref()).map_err(|e| what(format!("experiment store: {e}")))?;
    store
        .run_blocking(|tx| tx.all())
        .map_err(|e| what(format!("experiment store: {e}")))
}

/// Whether `name`, a file in the league directory, belongs to the experiment's database
/// (never served under `/data/`: the records are published only as the analysis).
pub fn is_database_file(name: &str) -> bool {
    name.starts_with(sqlite::FILE)
}

/// What the league's book says, read again when the file changes.
pub struct BookView {
    pub lines: BookLines,
    pub families: Vec<(String, String)>,
}

impl BookView {
    /// The book's lines and the roster's families from the league's `book` and `asks` bytes.
    pub fn of(
        book: &[u8],
        asks: Option<&[u8]>,
    ) -> Result<BookView, sealbook_core::records::book_lines::BookLineError> {
        Ok(BookView {
            lines: BookLines::parse(book)?,
            families: sealbook_core::score::roster::league_roster(asks, Some(book))
                .map(|r| r.families())
                .unwrap_or_default(),
        })
    }

    /// The council shown for `session`: its latest run's answers sealed by `now`, never
    /// another session's (spec §6.1).
    pub fn council(&self, session: Date, now: Instant) -> Option<Council> {
        let as_of = AsOf::At(now);
        let run = council::latest_run(&self.lines, Some(session), as_of)?;
        council::council_of_run(&self.lines, &self.families, run.run_id.as_deref()?, as_of)
    }
}

struct BookCache {
    stamp: (u64, Option<std::time::SystemTime>),
    view: Arc<BookView>,
}

/// The experiment as `sealbook serve` runs it.
pub struct Experiment {
    pub store: Store,
    /// `/api/experiment/stats`, computed off the store's writer thread.
    pub stats: stats::StatsCache,
    pub demo: bool,
    pub dir: PathBuf,
    pub clock: Clock,
    pub privacy: privacy::Privacy,
    pub allowed_origin: Option<String>,
    /// The reverse proxies whose `X-Forwarded-For` is read for the limits (empty: never).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    book: Mutex<Option<BookCache>>,
}

impl Experiment {
    /// The experiment over `store`, with `reader` (a second connection to it,
    /// [`open_reader`]) for the stats.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        store: Store,
        reader: Box<dyn store::Connection>,
        dir: PathBuf,
        demo: bool,
        clock: Clock,
        limits: privacy::Limits,
        allowed_origin: Option<String>,
        trusted_proxies: Vec<std::net::IpAddr>,
    ) -> Experiment {
        Experiment {
            stats: stats::StatsCache::start(reader, store.commits(), Box::new(stats_answer)),
            store,
            demo,
            dir,
            clock,
            privacy: privacy::Privacy::new(limits),
            allowed_origin,
            trusted_proxies,
            book: Mutex::new(None),
        }
    }

    /// The book as last read, read again when its length or modification time changed; an
    /// empty view when the league has no readable book yet.
    pub fn book(&self) -> Arc<BookView> {
        let path = self.dir.join(BOOK_FILE);
        let stamp = std::fs::metadata(&path)
            .map(|m| (m.len(), m.modified().ok()))
            .unwrap_or((0, None));
        let mut cache = self.book.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = cache.as_ref().filter(|c| c.stamp == stamp) {
            return c.view.clone();
        }
        let bytes = std::fs::read(&path).unwrap_or_default();
        let asks = std::fs::read(self.dir.join(ASKS_FILE)).ok();
        let lines = BookLines::parse(&bytes).unwrap_or_default();
        let families = sealbook_core::score::roster::league_roster(asks.as_deref(), Some(&bytes))
            .map(|r| r.families())
            .unwrap_or_default();
        let view = Arc::new(BookView { lines, families });
        *cache = Some(BookCache {
            stamp,
            view: view.clone(),
        });
        view
    }
}

/// The stats' answer: the analysis of everything stored with the book as it stood at `now`
/// (the same figures as `sealbook experiment stats` once every session in it has closed), and
/// the instant until which it holds for the same records and book.
pub fn stats_answer(
    data: sealbook_core::experiment::analysis::Dataset,
    book: &BookView,
    now: Instant,
) -> (serde_json::Value, Option<Instant>) {
    let until = sealbook_core::experiment::analysis::analysis_known_until(&data, &book.lines, now);
    let analysis = analysis_with_book(data, book, AsOf::At(now));
    (
        serde_json::to_value(&analysis).expect("plain fields"),
        until,
    )
}

/// Decides and stores one forecast in `tx` (spec §6.3, §6.4): the reader's row locked, its
/// earlier forecasts for the market and session read, core's rule applied, the forecast
/// inserted. A refusal stores nothing.
pub fn decide_forecast(
    tx: &mut dyn store::Tx,
    req: sealbook_core::experiment::request::ForecastRequest,
    open: sealbook_core::experiment::OpenSession,
    now: sealbook_core::calendar::Instant,
    arm_byte: u8,
) -> Result<
    Result<sealbook_core::experiment::Forecast, sealbook_core::experiment::request::ApiError>,
    StoreError,
> {
    use sealbook_core::experiment::{request::ApiError, rules, Forecast};
    if tx.reader(&req.reader, true)?.is_none() {
        return Ok(Err(ApiError::unknown_reader()));
    }
    let earlier: Vec<Forecast> = tx
        .forecasts(&req.reader, req.session)?
        .into_iter()
        .filter(|f| f.market == req.market)
        .collect();
    let a = match rules::accept(open, now, req.stage, &earlier, arm_byte) {
        Ok(a) => a,
        Err(e) => return Ok(Err(e)),
    };
    let f = Forecast {
        reader: req.reader,
        session: req.session,
        market: req.market.to_owned(),
        direction: req.direction,
        confidence: req.confidence,
        stage: req.stage,
        at: now,
        first: a.first,
        arm: a.arm,
    };
    tx.insert_forecast(&f)?;
    Ok(Ok(f))
}

/// The analysis of `data` with each session's council and outcomes from `book` as known
/// `as_of`.
pub fn analysis_with_book(
    data: sealbook_core::experiment::analysis::Dataset,
    book: &BookView,
    as_of: AsOf,
) -> Analysis {
    use sealbook_core::experiment::analysis::{analyse, with_book_facts};
    analyse(&with_book_facts(data, &book.lines, &book.families, as_of))
}

impl std::fmt::Debug for Experiment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Experiment")
            .field("store", &self.store.backend)
            .field("demo", &self.demo)
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}
