//! The experiment's storage (spec §6): one [`Tx`] trait with a SQLite and a PostgreSQL
//! implementation, and a [`Store`] that runs every operation on one writer thread and commits
//! them in groups. An operation's answer is released only after the commit that holds it
//! returned (SQLite with `synchronous=FULL`, PostgreSQL with its default synchronous commit),
//! so every acknowledged forecast is durable; requests arriving during a commit wait for the
//! next one, which then carries all of them (group commit).

use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::Dataset;
use sealbook_core::experiment::{
    Arm, Direction, Forecast, Group, Peek, Reader, ReaderId, Stage, Visit,
};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// A storage failure (the database's own message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(format!("sqlite: {e}"))
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError(format!("postgresql: {e}"))
    }
}

/// The operations of one transaction. `lock_reader` takes the reader's row for the rest of
/// the transaction (PostgreSQL: `FOR UPDATE`, so that servers sharing one database decide a
/// reader's first forecast one at a time; SQLite has one writer already).
pub trait Tx {
    fn insert_reader(&mut self, r: &Reader) -> Result<(), StoreError>;
    fn reader(&mut self, id: &ReaderId, lock: bool) -> Result<Option<Reader>, StoreError>;
    /// The reader's forecasts in the session, in receipt order.
    fn forecasts(&mut self, id: &ReaderId, session: Date) -> Result<Vec<Forecast>, StoreError>;
    fn insert_forecast(&mut self, f: &Forecast) -> Result<(), StoreError>;
    /// The sessions in which the reader has a forecast, ascending.
    fn sessions(&mut self, id: &ReaderId) -> Result<Vec<Date>, StoreError>;
    /// Records the peek unless one is recorded for the reader and session; whether it was new.
    fn insert_peek(&mut self, p: &Peek) -> Result<bool, StoreError>;
    /// Whether a peek is recorded for the reader and session.
    fn peeked(&mut self, id: &ReaderId, session: Date) -> Result<bool, StoreError>;
    /// Records the visit unless one is recorded for the reader and session.
    fn insert_visit(&mut self, v: &Visit) -> Result<bool, StoreError>;
    /// Every stored record (the analysis' input without the sessions' facts).
    fn all(&mut self) -> Result<Dataset, StoreError>;
}

/// A database connection that runs a group of operations in one transaction.
pub trait Connection: Send {
    /// Begins a transaction, calls `f` with it, commits.
    fn batch(&mut self, f: &mut dyn FnMut(&mut dyn Tx)) -> Result<(), StoreError>;
}

type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;
type Job = Box<dyn FnOnce(&mut dyn Tx) -> Done + Send>;

/// Operations per transaction at most: a bound on how long the first request of a group waits.
const MAX_GROUP: usize = 1024;

/// How many groups the writer thread has committed, counted after each commit and before its
/// operations are answered: a count read after an operation was answered includes it. A
/// reader on another connection that reads the count first and then the records has every
/// write up to that count ([`super::stats`]).
#[derive(Clone, Debug, Default)]
pub struct Commits(Arc<AtomicU64>);

impl Commits {
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The experiment's store: a writer thread over one connection.
pub struct Store {
    jobs: mpsc::Sender<Job>,
    commits: Commits,
    /// `sqlite` or `postgresql`.
    pub backend: &'static str,
}

impl Store {
    /// Runs `conn` on its own thread until the store is dropped.
    pub fn start(mut conn: Box<dyn Connection>, backend: &'static str) -> Store {
        let (tx, rx) = mpsc::channel::<Job>();
        let commits = Commits::default();
        let counted = commits.clone();
        std::thread::Builder::new()
            .name(format!("experiment-{backend}"))
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut group = vec![first];
                    while group.len() < MAX_GROUP {
                        match rx.try_recv() {
                            Ok(j) => group.push(j),
                            Err(_) => break,
                        }
                    }
                    let mut done = Vec::with_capacity(group.len());
                    let mut group = group.into_iter();
                    let r = conn.batch(&mut |tx| {
                        for job in group.by_ref() {
                            done.push(job(tx));
                        }
                    });
                    if r.is_ok() {
                        counted.0.fetch_add(1, Ordering::SeqCst);
                    }
                    for d in done {
                        d(r.clone());
                    }
                }
            })
            .expect("spawn the experiment store's thread");
        Store {
            jobs: tx,
            commits,
            backend,
        }
    }

    /// The count of committed groups ([`Commits`]).
    pub fn commits(&self) -> Commits {
        self.commits.clone()
    }

    fn submit<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn Tx) -> Result<T, StoreError> + Send + 'static,
        reply: impl FnOnce(Result<T, StoreError>) + Send + 'static,
    ) {
        let job: Job = Box::new(move |tx| {
            let r = f(tx);
            Box::new(move |committed: Result<(), StoreError>| reply(committed.and(r)))
        });
        if let Err(mpsc::SendError(job)) = self.jobs.send(job) {
            // The writer thread is gone: answer with an error, never hang.
            drop(job);
        }
    }

    /// Runs `f` in the next group and waits for its commit (for async callers).
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn Tx) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.submit(f, move |r| {
            let _ = tx.send(r);
        });
        rx.await
            .unwrap_or_else(|_| Err(StoreError("the store's writer stopped".into())))
    }

    /// The same, blocking the calling thread (commands and tests).
    pub fn run_blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn Tx) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.submit(f, move |r| {
            let _ = tx.send(r);
        });
        rx.recv()
            .unwrap_or_else(|_| Err(StoreError("the store's writer stopped".into())))
    }
}

// Column encodings shared by both backends: times as microseconds since the epoch, the
// session as `YYYY-MM-DD`, enums as their API words, booleans as 0/1.

pub(super) fn bad(what: &str, v: impl fmt::Debug) -> StoreError {
    StoreError(format!("stored {what} {v:?} is not valid"))
}

pub(super) fn reader_id(s: String) -> Result<ReaderId, StoreError> {
    ReaderId::parse(&s).ok_or_else(|| bad("reader", s))
}

pub(super) fn date(s: String) -> Result<Date, StoreError> {
    Date::parse(&s).ok_or_else(|| bad("session", s))
}

pub(super) fn group(s: String) -> Result<Group, StoreError> {
    Group::parse(&s).ok_or_else(|| bad("group", s))
}

/// The row of a forecast, in the column order of both schemas.
pub(super) struct ForecastRow {
    pub reader: String,
    pub session: String,
    pub market: String,
    pub direction: String,
    pub confidence: i64,
    pub stage: String,
    pub at_us: i64,
    pub first: i64,
    pub arm: Option<String>,
}

impl ForecastRow {
    pub fn of(f: &Forecast) -> ForecastRow {
        ForecastRow {
            reader: f.reader.to_string(),
            session: f.session.to_string(),
            market: f.market.clone(),
            direction: f.direction.as_str().into(),
            confidence: f.confidence as i64,
            stage: f.stage.as_str().into(),
            at_us: f.at.0,
            first: f.first as i64,
            arm: f.arm.map(|a| a.as_str().into()),
        }
    }

    pub fn forecast(self) -> Result<Forecast, StoreError> {
        Ok(Forecast {
            reader: reader_id(self.reader)?,
            session: date(self.session)?,
            direction: Direction::parse(&self.direction)
                .ok_or_else(|| bad("direction", &self.direction))?,
            confidence: u8::try_from(self.confidence)
                .map_err(|_| bad("confidence", self.confidence))?,
            stage: Stage::parse(&self.stage).ok_or_else(|| bad("stage", &self.stage))?,
            at: Instant(self.at_us),
            first: self.first != 0,
            arm: match self.arm {
                None => None,
                Some(a) => Some(Arm::parse(&a).ok_or_else(|| bad("arm", &a))?),
            },
            market: self.market,
        })
    }
}
