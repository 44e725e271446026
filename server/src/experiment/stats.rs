//! `GET /api/experiment/stats` (spec §6.2) served from a cache, never on the store's writer
//! thread: the records are read on a connection of their own and the analysis computed on a
//! thread of its own ("experiment-stats"), so a forecast is never queued behind a stats
//! computation, and pollers of the stats share computations.
//!
//! The bound on staleness: an answer covers every write the store committed before the request
//! came (the store's commit count is read before the records, [`super::store::Commits`]), the
//! book as the request sees it, and the request's time ([`Computed::answers`]); the response
//! says how many stored forecasts it covers ([`Computed::forecasts`]). A cached answer is
//! served while it still covers all three; else the request waits for the stats thread, which
//! computes one answer at a time and answers a request that waited from the latest one when
//! that covers it.

use super::store::{Commits, Connection, StoreError};
use super::BookView;
use sealbook_core::calendar::Instant;
use sealbook_core::experiment::analysis::Dataset;
use std::sync::{mpsc, Arc, Mutex};

/// One computed answer and what it covers.
pub struct Computed {
    /// The store's commit count read before its records were: it has every write committed up
    /// to that count.
    pub commits: u64,
    /// The stored forecasts it covers.
    pub forecasts: usize,
    /// The answer's body.
    pub body: serde_json::Value,
    book: Arc<BookView>,
    now: Instant,
    /// The first instant at which the same records and book give another answer (None:
    /// never).
    until: Option<Instant>,
}

impl Computed {
    /// Whether this answers a request at `now` that sees `book`, the store having committed
    /// `commits` groups before it: it has every one of those writes, the same book, and `now`
    /// falls where the book as known is what it was when this was computed.
    pub fn answers(&self, commits: u64, book: &Arc<BookView>, now: Instant) -> bool {
        self.commits >= commits
            && Arc::ptr_eq(&self.book, book)
            && self.now <= now
            && self.until.is_none_or(|u| now < u)
    }
}

/// What the stats thread computes from the records, the book and the request's time: the
/// answer's body and until when it holds ([`super::stats_answer`] in the server).
pub type Compute =
    Box<dyn Fn(Dataset, &BookView, Instant) -> (serde_json::Value, Option<Instant>) + Send>;

type Reply = Box<dyn FnOnce(Result<Arc<Computed>, StoreError>) + Send>;

struct Job {
    commits: u64,
    book: Arc<BookView>,
    now: Instant,
    reply: Reply,
}

/// The cache and its thread.
pub struct StatsCache {
    latest: Arc<Mutex<Option<Arc<Computed>>>>,
    commits: Commits,
    jobs: mpsc::Sender<Job>,
}

fn latest_answering(
    latest: &Mutex<Option<Arc<Computed>>>,
    commits: u64,
    book: &Arc<BookView>,
    now: Instant,
) -> Option<Arc<Computed>> {
    latest
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .filter(|c| c.answers(commits, book, now))
        .cloned()
}

impl StatsCache {
    /// Starts the stats thread over `reader`, a connection of its own to the store whose
    /// commits `commits` counts; `compute` makes an answer from what it reads.
    pub fn start(
        mut reader: Box<dyn Connection>,
        commits: Commits,
        compute: Compute,
    ) -> StatsCache {
        let (tx, rx) = mpsc::channel::<Job>();
        let latest: Arc<Mutex<Option<Arc<Computed>>>> = Arc::default();
        let (kept, counted) = (latest.clone(), commits.clone());
        std::thread::Builder::new()
            .name("experiment-stats".into())
            .spawn(move || {
                while let Ok(job) = rx.recv() {
                    // A request that waited while another was computed may be answered by it.
                    if let Some(c) = latest_answering(&kept, job.commits, &job.book, job.now) {
                        (job.reply)(Ok(c));
                        continue;
                    }
                    let before = counted.count();
                    let mut read = None;
                    let r = reader.batch(&mut |tx| read = Some(tx.all()));
                    let data = match r.and_then(|()| {
                        read.take()
                            .unwrap_or_else(|| Err(StoreError("no records read".into())))
                    }) {
                        Ok(d) => d,
                        Err(e) => {
                            (job.reply)(Err(e));
                            continue;
                        }
                    };
                    let forecasts = data.forecasts.len();
                    let (body, until) = compute(data, &job.book, job.now);
                    let c = Arc::new(Computed {
                        commits: before,
                        forecasts,
                        body,
                        book: job.book,
                        now: job.now,
                        until,
                    });
                    *kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(c.clone());
                    (job.reply)(Ok(c));
                }
            })
            .expect("spawn the experiment's stats thread");
        StatsCache {
            latest,
            commits,
            jobs: tx,
        }
    }

    fn submit(&self, book: Arc<BookView>, now: Instant, reply: Reply) {
        let commits = self.commits.count();
        if let Some(c) = latest_answering(&self.latest, commits, &book, now) {
            return reply(Ok(c));
        }
        let job = Job {
            commits,
            book,
            now,
            reply,
        };
        if let Err(mpsc::SendError(job)) = self.jobs.send(job) {
            (job.reply)(Err(StoreError("the stats thread stopped".into())));
        }
    }

    /// The answer for a request at `now` that sees `book` ([`Computed::answers`]).
    pub async fn get(
        &self,
        book: Arc<BookView>,
        now: Instant,
    ) -> Result<Arc<Computed>, StoreError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.submit(
            book,
            now,
            Box::new(move |r| {
                let _ = tx.send(r);
            }),
        );
        rx.await
            .unwrap_or_else(|_| Err(StoreError("the stats thread stopped".into())))
    }

    /// The same, blocking the calling thread (tests).
    #[cfg(test)]
    pub fn get_blocking(
        &self,
        book: Arc<BookView>,
        now: Instant,
    ) -> Result<Arc<Computed>, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.submit(
            book,
            now,
            Box::new(move |r| {
                let _ = tx.send(r);
            }),
        );
        rx.recv()
            .unwrap_or_else(|_| Err(StoreError("the stats thread stopped".into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::store::Store;
    use crate::experiment::{open_reader, open_store};
    use sealbook_core::calendar::Date;
    use sealbook_core::experiment::{Direction, Forecast, Group, Reader, ReaderId, Stage};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// How long a test waits for something that must happen before it calls it a hang.
    const HANG: Duration = Duration::from_secs(60);

    fn reader(i: u8) -> Reader {
        Reader {
            reader: ReaderId::from_random([i; 16]),
            group: Group::Seeing,
            created_at: Instant(i as i64),
            reset: false,
        }
    }

    fn forecast(r: &Reader, market: &str) -> Forecast {
        Forecast {
            reader: r.reader.clone(),
            session: Date::parse("2026-12-03").unwrap(),
            market: market.into(),
            direction: Direction::Up,
            confidence: 70,
            stage: Stage::Single,
            at: Instant(5),
            first: true,
            arm: None,
        }
    }

    fn book() -> Arc<BookView> {
        Arc::new(BookView {
            lines: Default::default(),
            families: Vec::new(),
        })
    }

    /// A SQLite store in `dir` and a stats cache over a second connection to it whose answer
    /// is the count of forecasts read, holding for 10 µs; `computed` counts computations.
    fn counting(dir: &std::path::Path, computed: Arc<AtomicUsize>) -> (Store, StatsCache) {
        let store = open_store(dir, None).unwrap();
        let stats = StatsCache::start(
            open_reader(dir, None).unwrap(),
            store.commits(),
            Box::new(move |data, _, now| {
                computed.fetch_add(1, Ordering::SeqCst);
                (
                    serde_json::json!(data.forecasts.len()),
                    Some(Instant(now.0 + 10)),
                )
            }),
        );
        (store, stats)
    }

    #[test]
    fn every_acknowledged_write_is_covered_and_an_unchanged_store_is_not_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let computed = Arc::new(AtomicUsize::new(0));
        let (store, stats) = counting(dir.path(), computed.clone());
        let (b, t) = (book(), Instant(1_000));
        let first = stats.get_blocking(b.clone(), t).unwrap();
        assert_eq!((first.forecasts, &first.body), (0, &serde_json::json!(0)));
        // Nothing written, the same book, a time before the answer's bound: the same answer.
        let again = stats.get_blocking(b.clone(), Instant(t.0 + 9)).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        // An acknowledged write is in the next answer.
        let r = reader(1);
        let f = forecast(&r, "SPX");
        store
            .run_blocking(move |tx| {
                tx.insert_reader(&r)?;
                tx.insert_forecast(&f)
            })
            .unwrap();
        let after = stats.get_blocking(b.clone(), Instant(t.0 + 9)).unwrap();
        assert_eq!((after.forecasts, &after.body), (1, &serde_json::json!(1)));
        assert!(after.commits > first.commits);
        assert_eq!(computed.load(Ordering::SeqCst), 2);
        // Past its bound in time, or with another book, it is computed again.
        let later = stats.get_blocking(b.clone(), Instant(t.0 + 19)).unwrap();
        assert!(!Arc::ptr_eq(&after, &later));
        let other_book = stats.get_blocking(book(), Instant(t.0 + 19)).unwrap();
        assert!(!Arc::ptr_eq(&later, &other_book));
        assert_eq!(computed.load(Ordering::SeqCst), 4);
        assert_eq!(other_book.forecasts, 1);
    }

    #[test]
    fn the_stats_never_wait_for_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let (store, stats) = counting(dir.path(), Arc::default());
        let r = reader(1);
        let f = forecast(&r, "SPX");
        store
            .run_blocking(move |tx| {
                tx.insert_reader(&r)?;
                tx.insert_forecast(&f)
            })
            .unwrap();
        // The writer thread busy in a transaction that has written and not committed.
        let (started, on_writer) = mpsc::channel();
        let (release, held) = mpsc::channel::<()>();
        let store = Arc::new(store);
        let writer = {
            let store = store.clone();
            std::thread::spawn(move || {
                let r = reader(2);
                store.run_blocking(move |tx| {
                    tx.insert_reader(&r)?;
                    started.send(()).unwrap();
                    let _ = held.recv_timeout(HANG);
                    Ok(())
                })
            })
        };
        on_writer.recv_timeout(HANG).expect("the writer started");
        // The stats are answered meanwhile, from what was committed.
        let (sent, answer) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = sent.send(stats.get_blocking(book(), Instant(1_000)));
        });
        let got = answer
            .recv_timeout(HANG)
            .expect("the stats were answered while the writer was busy")
            .unwrap();
        assert_eq!(got.forecasts, 1);
        release.send(()).unwrap();
        writer.join().unwrap().unwrap();
    }

    #[test]
    fn a_forecast_is_never_queued_behind_a_stats_computation() {
        let dir = tempfile::tempdir().unwrap();
        let store = open_store(dir.path(), None).unwrap();
        // A computation that lasts until the test releases it.
        let (computing, in_compute) = mpsc::channel();
        let (release, held) = mpsc::channel::<()>();
        let held = Mutex::new(held);
        let stats = StatsCache::start(
            open_reader(dir.path(), None).unwrap(),
            store.commits(),
            Box::new(move |data, _, _| {
                computing.send(()).unwrap();
                let _ = held.lock().unwrap().recv_timeout(HANG);
                (serde_json::json!(data.forecasts.len()), None)
            }),
        );
        let (sent, answer) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = sent.send(stats.get_blocking(book(), Instant(1_000)));
        });
        in_compute
            .recv_timeout(HANG)
            .expect("the stats are computing");
        // A forecast is stored and acknowledged while the computation holds.
        let (done, stored) = mpsc::channel();
        let store = Arc::new(store);
        {
            let store = store.clone();
            std::thread::spawn(move || {
                let r = reader(1);
                let f = forecast(&r, "SPX");
                let _ = done.send(store.run_blocking(move |tx| {
                    tx.insert_reader(&r)?;
                    tx.insert_forecast(&f)
                }));
            });
        }
        stored
            .recv_timeout(HANG)
            .expect("the forecast was acknowledged during the computation")
            .unwrap();
        release.send(()).unwrap();
        let got = answer.recv_timeout(HANG).unwrap().unwrap();
        assert_eq!(got.forecasts, 0, "read before the forecast was written");
    }
}
