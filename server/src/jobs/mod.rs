//! The league's clock loop behind `sealbook serve --league` (spec §3.1 a league day): a
//! scheduler thread reads the league's clock, asks the engine what is due
//! ([`Engine::poll`](sealbook_core::league::engine::Engine::poll)), hands the actions to the
//! driver ([`League::apply`]) as jobs, and sleeps until the engine's next due instant
//! ([`Engine::next_due`](sealbook_core::league::engine::Engine::next_due)) or until shutdown.
//! What is due when is decided in core; this loop only waits and carries out.
//!
//! A stamp writes its stamped list when due, on this thread ([`write_list`]); asking its
//! anchors ([`anchor_list`]) and upgrading pending OpenTimestamps proofs every
//! `schedule.upgrade_every_minutes` ([`next_upgrade_at`], [`upgrade_league`]) are done by an
//! anchoring thread of their own ([`Anchoring`]), one job at a time, so that an authority
//! that hangs or fails, with all its timeouts and retries, never delays a run, a deadline's
//! closing or a score (spec §3.2). An upgrade is not handed over while the last one is still
//! queued or running. A morning run whose window to ask closed before it could start
//! ([`Engine::missed_runs`](sealbook_core::league::engine::Engine::missed_runs)) is logged,
//! counted and shown in [`Health`], once. An authority whose latest anchor failed makes the
//! league `degraded` in [`Health`], not unhealthy. A score job that seals lines is followed by a
//! publish ([`League::publish_now`], as `sealbook league publish`), so the served
//! `manifest.json` lists every score line (spec Appendix C): the engine says when
//! ([`Engine::publish_due`](sealbook_core::league::engine::Engine::publish_due)), from the
//! sealed score on and again a minute after a publish that failed. A score that fails is
//! reported to the engine
//! ([`Engine::on_score_failed`](sealbook_core::league::engine::Engine::on_score_failed)),
//! which makes it due again after a backoff. Each job (a run, a deadline's closing, a stamp,
//! an upgrade, a score, a publish, and each seat's ask within a run) is logged as one line
//! ([`crate::logging`]), counted in [`Metrics`] and recorded in [`Health`]. A job that fails is
//! logged and recorded; the loop goes on with the next. Jobs that end a league minute or more
//! after the next job was due (a slow price source or seat at a high `--speed`; the rule is
//! core's [`schedule_lag`]) are logged as `fell behind`, naming the late job, the lag and the
//! step that took the time, counted in [`Metrics`] (`sealbook_schedule_late_total`, and
//! `sealbook_schedule_last_lag_seconds`) and make [`Health`] degraded until a poll's jobs end
//! on time again ([`report_late`]).
//!
//! On shutdown (SIGTERM or SIGINT) the job in hand ends and no other starts. A run's seats
//! still being asked are waited for at most the stop's grace (`--stop-grace`, counted from
//! the request, [`League::ask_until`]): what answered by then is sealed, and the seats left
//! are logged and keep no line, so a start before the run's deadline asks them again
//! ([`Scheduler::run`] resumes an unfinished run first) and one after it seals their
//! `no_answer`. The anchoring in hand gets what is left of the grace ([`Anchoring::stop`]).

pub mod health;

use crate::anchor::league::{
    anchor_list, record_not_asked, stamp_lists, upgrade_league, write_list, Listed, WrittenList,
};
use crate::anchor::ots::read_proof;
use crate::files::{read_bounded, with_suffix};
use crate::league::clock::Clock;
use crate::league::driver::League;
use crate::metrics::Metrics;
use crate::outcome::Unusable;
use crate::prices::PriceProvider;
use health::{Behind, FailingAnchor, Health, LastJob, NextJob, SchedulerState};
use sealbook_core::calendar::Instant;
use sealbook_core::league::anchor_record::{self, AnchorRecord, MAX_RECORD_BYTES};
use sealbook_core::league::config::LeagueConfig;
use sealbook_core::league::engine::Action;
use sealbook_core::league::schedule::{next_upgrade_at, schedule_lag};
use sealbook_core::ots::upgrade::is_complete;
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::path::Path;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Longest single sleep: the loop looks at the clock at least this often, so a system clock
/// stepped forward is noticed within it.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// A shutdown request the scheduler waits on, with when it was asked.
#[derive(Debug, Default)]
pub struct Shutdown {
    requested: Mutex<Option<std::time::Instant>>,
    wake: Condvar,
}

impl Shutdown {
    pub fn new() -> Shutdown {
        Shutdown::default()
    }

    /// Asks the scheduler to stop after the job in hand, and wakes it (the first request's
    /// instant is kept: the stop's grace runs from it).
    pub fn request(&self) {
        let mut at = self.requested.lock().unwrap_or_else(|p| p.into_inner());
        at.get_or_insert_with(std::time::Instant::now);
        self.wake.notify_all();
    }

    pub fn is_requested(&self) -> bool {
        self.requested_at().is_some()
    }

    /// When the stop was asked, if it was.
    pub fn requested_at(&self) -> Option<std::time::Instant> {
        *self.requested.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sleeps until `until` (at most [`MAX_SLEEP`]) or a shutdown request; true when asked to
    /// stop.
    fn wait_until(&self, until: std::time::Instant) -> bool {
        let until = until.min(std::time::Instant::now() + MAX_SLEEP);
        let mut stop = self.requested.lock().unwrap_or_else(|p| p.into_inner());
        while stop.is_none() {
            let now = std::time::Instant::now();
            if now >= until {
                break;
            }
            stop = match self.wake.wait_timeout(stop, until - now) {
                Ok((g, _)) => g,
                Err(p) => p.into_inner().0,
            };
        }
        stop.is_some()
    }
}

/// One job: what it is, which run or session it is for, and the actions it carries out.
#[derive(Debug)]
struct Job {
    kind: &'static str,
    run_id: Option<String>,
    session: Option<String>,
    horizon: Option<&'static str>,
    actions: Vec<Action>,
}

/// The jobs of one poll's actions, in order: a snapshot starts a run (its asks and seals
/// follow inside the driver), the `no_answer` seals of a passed deadline close it, a stamp,
/// each horizon's score.
fn jobs(actions: Vec<Action>) -> Vec<Job> {
    let mut out: Vec<Job> = Vec::new();
    for a in actions {
        let job = match &a {
            Action::TakeSnapshot { run_id, session } => Job {
                kind: "run",
                run_id: Some(run_id.clone()),
                session: Some(session.to_string()),
                horizon: None,
                actions: Vec::new(),
            },
            Action::Seal { content, .. } => {
                let run_id = content
                    .get("run_id")
                    .and_then(|v| v.as_str())
                    .map(str::to_owned);
                if let Some(last) = out.last_mut() {
                    if last.kind == "close" && last.run_id == run_id {
                        last.actions.push(a);
                        continue;
                    }
                }
                Job {
                    kind: "close",
                    run_id,
                    session: None,
                    horizon: None,
                    actions: Vec::new(),
                }
            }
            Action::Stamp => Job {
                kind: "stamp",
                run_id: None,
                session: None,
                horizon: None,
                actions: Vec::new(),
            },
            Action::Score {
                run_id,
                session,
                horizon,
                ..
            } => Job {
                kind: "score",
                run_id: Some(run_id.clone()),
                session: Some(session.to_string()),
                horizon: Some(horizon.as_str()),
                actions: Vec::new(),
            },
            Action::ResolveCrowd { session } | Action::RecordArenaPrices { session } => Job {
                kind: "score",
                run_id: None,
                session: Some(session.to_string()),
                horizon: None,
                actions: Vec::new(),
            },
            Action::PublishLeague => Job {
                kind: "publish",
                run_id: None,
                session: None,
                horizon: None,
                actions: Vec::new(),
            },
            Action::Publish { .. } | Action::Ask { .. } => Job {
                kind: "run",
                run_id: None,
                session: None,
                horizon: None,
                actions: Vec::new(),
            },
        };
        out.push(Job {
            actions: vec![a],
            ..job
        });
    }
    out
}

/// The last time each authority (kind, name or URL) anchored a list.
type LastAnchors = BTreeMap<(String, String), Instant>;

/// What the league's proof folder says of its anchors.
struct AnchorState {
    /// Stamped lists whose `.ots` is still pending.
    pending: u64,
    /// The last time each authority (kind, name or URL) anchored a list.
    last: LastAnchors,
    /// Each authority whose anchor of the newest list that names it failed.
    failing: Vec<FailingAnchor>,
}

/// Reads the league's proof folder into its [`AnchorState`].
fn anchor_state(dir: &Path) -> Result<AnchorState, Unusable> {
    let mut pending = 0;
    let mut last = LastAnchors::new();
    // Lists are read oldest first: the newest record naming an authority decides.
    let mut latest: BTreeMap<(String, String), FailingAnchor> = BTreeMap::new();
    let mut failed: BTreeSet<(String, String)> = BTreeSet::new();
    for rel in stamp_lists(dir)? {
        let proof = with_suffix(&dir.join(&rel), ".ots");
        if proof.exists() && !is_complete(&read_proof(&proof)?.0.timestamp) {
            pending += 1;
        }
        let record_path = dir.join(anchor_record::record_path(&rel));
        if !record_path.exists() {
            continue;
        }
        let bytes = read_bounded(&record_path, MAX_RECORD_BYTES as u64, "anchor record")?;
        let record = AnchorRecord::parse(&bytes, &record_path.display().to_string())
            .map_err(|e| Unusable::file(&record_path, e))?;
        for a in &record.anchors {
            let kind = match serde_json::to_value(a.kind) {
                Ok(serde_json::Value::String(kind)) => kind,
                _ => continue,
            };
            let key = (kind.clone(), a.authority.clone());
            if a.ok {
                failed.remove(&key);
            } else {
                failed.insert(key.clone());
                latest.insert(
                    key.clone(),
                    FailingAnchor {
                        kind,
                        authority: a.authority.clone(),
                        list: rel.clone(),
                        error: a.error.clone(),
                    },
                );
            }
            let Some(at) = Instant::parse_rfc3339(&a.at).filter(|_| a.ok) else {
                continue;
            };
            let e = last.entry(key).or_insert(at);
            *e = (*e).max(at);
        }
    }
    let failing = failed
        .into_iter()
        .filter_map(|k| latest.remove(&k))
        .collect();
    Ok(AnchorState {
        pending,
        last,
        failing,
    })
}

/// What an anchoring job is handed: a written list to anchor, or an upgrade.
enum AnchorJob {
    Anchor {
        written: Box<WrittenList>,
        list: String,
        now: Instant,
        started: std::time::Instant,
    },
    Upgrade,
}

/// Why the anchors of a list were not asked: the server stopped first.
const NOT_ASKED_STOPPING: &str =
    "not asked: sealbook was stopping (SIGTERM or SIGINT); the upgrades ask it again";

/// What stands for a list in hand at a stop whose grace ran out: the record written before
/// its anchors were asked.
const KEPT_STOPPING: &str = "its anchor record stands as written when its anchors were asked (cut short where no authority answered); the upgrades ask them again";

/// The scheduler's handle on its anchoring thread (see the module doc).
struct Anchoring {
    tx: std::sync::mpsc::Sender<AnchorJob>,
    /// An upgrade is queued or running.
    upgrading: Arc<AtomicBool>,
    reporter: Reporter,
    /// Set on shutdown: the thread finishes the job in hand and starts no other.
    stopping: Arc<AtomicBool>,
    /// The lists handed over whose anchors are not recorded yet, in the order handed (the
    /// first is the one in hand).
    unrecorded: Arc<Mutex<Vec<String>>>,
    thread: std::thread::JoinHandle<()>,
}

impl Anchoring {
    /// Starts the anchoring thread of the league in `dir`; [`Anchoring::stop`] ends it.
    fn spawn(reporter: Reporter, config: LeagueConfig, clock: Clock) -> std::io::Result<Self> {
        let (tx, rx) = std::sync::mpsc::channel::<AnchorJob>();
        let upgrading = Arc::new(AtomicBool::new(false));
        let stopping = Arc::new(AtomicBool::new(false));
        let unrecorded = Arc::new(Mutex::new(Vec::new()));
        let (r, up, stop, lists) = (
            reporter.clone(),
            upgrading.clone(),
            stopping.clone(),
            unrecorded.clone(),
        );
        let thread = std::thread::Builder::new()
            .name("league-anchoring".into())
            .spawn(move || {
                for job in rx {
                    let stopping = stop.load(Ordering::SeqCst);
                    match job {
                        AnchorJob::Anchor {
                            written, list, now, ..
                        } if stopping => {
                            drop(written);
                            not_asked(&r, &config, &list, NOT_ASKED_STOPPING, now);
                            recorded(&lists, &list);
                        }
                        AnchorJob::Anchor {
                            written,
                            list,
                            now,
                            started,
                        } => {
                            anchor_job(&r, &config, *written, list.clone(), now, started);
                            recorded(&lists, &list);
                        }
                        AnchorJob::Upgrade if stopping => up.store(false, Ordering::SeqCst),
                        AnchorJob::Upgrade => {
                            upgrade_job(&r, &config, clock.now());
                            up.store(false, Ordering::SeqCst);
                        }
                    }
                    r.health.anchor_jobs(-1);
                }
            })?;
        Ok(Anchoring {
            tx,
            upgrading,
            reporter,
            stopping,
            unrecorded,
            thread,
        })
    }

    /// Orderly end on shutdown: no new anchoring job is started (a queued list gets a record
    /// naming every anchor as not asked, so the upgrades ask them later), and the job in hand
    /// is waited for at most `grace`. When the grace runs out, the list in hand keeps the record
    /// written before its anchors were asked (cut short) and those still queued get one naming
    /// theirs not asked.
    fn stop(self, grace: Duration, config: &LeagueConfig, now: Instant) {
        self.stopping.store(true, Ordering::SeqCst);
        let Anchoring {
            tx,
            reporter,
            unrecorded,
            thread,
            ..
        } = self;
        drop(tx);
        let waiting = lock(&unrecorded).first().cloned();
        if let Some(list) = &waiting {
            tracing::info!(
                target: "sealbook::scheduler",
                list = list.as_str(),
                grace_seconds = grace.as_secs(),
                "stopping: waiting for the anchors of the list in hand"
            );
        }
        let until = std::time::Instant::now() + grace;
        while !thread.is_finished() && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        if thread.is_finished() {
            let _ = thread.join();
            if let Some(list) = waiting {
                tracing::info!(
                    target: "sealbook::scheduler",
                    list = list.as_str(),
                    "stopping: the anchoring in hand finished"
                );
            }
            return;
        }
        let lists = lock(&unrecorded).clone();
        tracing::warn!(
            target: "sealbook::scheduler",
            list = lists.first().map(String::as_str),
            grace_seconds = grace.as_secs(),
            "stopping: the anchoring in hand did not finish within the grace; it is recorded as cut short"
        );
        // The list in hand has the record written before its anchors were asked, naming
        // them cut short; the lists queued behind it get one naming theirs not asked.
        for list in &lists {
            not_asked(&reporter, config, list, NOT_ASKED_STOPPING, now);
        }
    }

    /// Hands `job` over; a thread that is gone (it panicked) has it done here instead.
    fn hand(&self, job: AnchorJob, config: &LeagueConfig, clock: &Clock) {
        self.reporter.health.anchor_jobs(1);
        if let AnchorJob::Anchor { list, .. } = &job {
            lock(&self.unrecorded).push(list.clone());
        }
        if let Err(std::sync::mpsc::SendError(job)) = self.tx.send(job) {
            match job {
                AnchorJob::Anchor {
                    written,
                    list,
                    now,
                    started,
                } => {
                    anchor_job(&self.reporter, config, *written, list.clone(), now, started);
                    recorded(&self.unrecorded, &list);
                }
                AnchorJob::Upgrade => {
                    upgrade_job(&self.reporter, config, clock.now());
                    self.upgrading.store(false, Ordering::SeqCst);
                }
            }
            self.reporter.health.anchor_jobs(-1);
        }
    }
}

/// A handle that hands written lists to the anchoring thread from elsewhere: the league's
/// stamp on arrival, taken while the replies of a run are sealed ([`League::stamp_hook`]).
/// Dropped before [`Anchoring::stop`], whose thread ends once every handle is gone.
struct AnchorHandle {
    tx: std::sync::mpsc::Sender<AnchorJob>,
    reporter: Reporter,
    unrecorded: Arc<Mutex<Vec<String>>>,
}

impl Anchoring {
    fn handle(&self) -> AnchorHandle {
        AnchorHandle {
            tx: self.tx.clone(),
            reporter: self.reporter.clone(),
            unrecorded: self.unrecorded.clone(),
        }
    }
}

impl AnchorHandle {
    /// Writes the stamped list at `now` (local files, quick) and hands its anchors to the
    /// anchoring thread, so a hanging authority never holds the next seal (spec §3.2); a
    /// thread that is gone has them asked here. A list not written is logged.
    fn stamp(&self, dir: &Path, config: &LeagueConfig, now: Instant) {
        let started = std::time::Instant::now();
        let written = match write_list(dir, now) {
            Ok(Listed::Written(w)) => w,
            Ok(Listed::Unchanged(_)) => return,
            Err(e) => {
                tracing::warn!(
                    target: "sealbook::job",
                    kind = "stamp",
                    outcome = "failed",
                    error = e.to_string().as_str(),
                    at = now.to_rfc3339().as_str(),
                    "the stamp on arrival could not be written"
                );
                return;
            }
        };
        let list = written.list().to_string();
        self.reporter.health.anchor_jobs(1);
        lock(&self.unrecorded).push(list.clone());
        let job = AnchorJob::Anchor {
            written: Box::new(written),
            list,
            now,
            started,
        };
        if let Err(std::sync::mpsc::SendError(AnchorJob::Anchor {
            written, list, now, ..
        })) = self.tx.send(job)
        {
            anchor_job(&self.reporter, config, *written, list.clone(), now, started);
            recorded(&self.unrecorded, &list);
            self.reporter.health.anchor_jobs(-1);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Takes `list` off the lists whose anchors are not recorded yet.
fn recorded(unrecorded: &Mutex<Vec<String>>, list: &str) {
    lock(unrecorded).retain(|l| l != list);
}

/// Records every configured anchor of the list `list` as failed with `why` (when the list has
/// no record yet), so that the upgrades ask them again; logged as a `stamp` job.
fn not_asked(r: &Reporter, config: &LeagueConfig, list: &str, why: &str, now: Instant) {
    let started = std::time::Instant::now();
    let result = record_not_asked(&r.dir, config, list, why, now);
    let done = Done {
        kind: "stamp",
        run_id: None,
        session: None,
        horizon: None,
        detail: Some(format!("wrote {list}; {why}")),
    };
    let outcome = match result {
        Ok(true) => Outcome::Degraded(why.to_string()),
        Ok(false) => Outcome::Degraded(KEPT_STOPPING.to_string()),
        Err(e) => Outcome::Failed(e.to_string()),
    };
    r.record(done, now, started, outcome);
}

/// Asks the anchors of a written list and records the stamp job: `ok`, or `degraded` when an
/// authority failed (recorded beside the list, asked again by the upgrades).
fn anchor_job(
    r: &Reporter,
    config: &LeagueConfig,
    written: WrittenList,
    list: String,
    now: Instant,
    started: std::time::Instant,
) {
    let result = anchor_list(&r.dir, config, written);
    r.count_anchors();
    let outcome = match result {
        Err(e) => Outcome::Failed(e.to_string()),
        Ok(report) => {
            let failed: Vec<String> = report
                .record
                .iter()
                .flat_map(|rec| rec.failed())
                .map(|a| {
                    format!(
                        "{}: {}",
                        a.authority,
                        a.error.as_deref().unwrap_or("failed")
                    )
                })
                .collect();
            if failed.is_empty() {
                Outcome::Ok
            } else {
                Outcome::Degraded(format!("anchors failed (recorded): {}", failed.join("; ")))
            }
        }
    };
    let done = Done {
        kind: "stamp",
        run_id: None,
        session: None,
        horizon: None,
        detail: Some(format!("wrote {list}")),
    };
    r.record(done, now, started, outcome);
}

fn upgrade_job(r: &Reporter, config: &LeagueConfig, now: Instant) {
    let started = std::time::Instant::now();
    let result = upgrade_league(&r.dir, config, now);
    let detail = result.as_ref().ok().map(|r| {
        format!(
            "{} pending proof(s) asked, {} complete; {} record(s) with failed anchors retried; {} failed anchor(s) waiting or given up",
            r.proofs.len(),
            r.proofs.iter().filter(|p| p.complete).count(),
            r.records.len(),
            r.not_retried
        )
    });
    r.count_anchors();
    let done = Done {
        kind: "upgrade",
        run_id: None,
        session: None,
        horizon: None,
        detail,
    };
    r.record(done, now, started, Outcome::of(result.map(|_| ())));
}

/// The scheduler of one league: the driver (both ledgers held), the price provider and what
/// it reports to.
pub struct Scheduler {
    pub league: League,
    pub prices: Box<dyn PriceProvider>,
    pub health: Arc<Health>,
    pub metrics: Arc<Metrics>,
    pub shutdown: Arc<Shutdown>,
    /// On shutdown, how long (from the request) the seats of a run still being asked and the
    /// anchoring in hand are waited for.
    pub stop_grace: Duration,
}

impl Scheduler {
    /// Runs the loop until shutdown is requested.
    pub fn run(mut self) {
        tracing::info!(
            target: "sealbook::scheduler",
            league = self.league.config.name.as_str(),
            at = self.league.clock.now().to_rfc3339().as_str(),
            clock_set = self.league.clock.set,
            "scheduler started"
        );
        let reporter = self.reporter();
        reporter.count_anchors();
        let (shutdown, grace) = (self.shutdown.clone(), self.stop_grace);
        self.league.ask_until = Some(crate::seats::GiveUp::new(move || {
            shutdown.requested_at().map(|at| at + grace)
        }));
        let anchoring = match Anchoring::spawn(
            reporter,
            self.league.config.clone(),
            self.league.clock.clone(),
        ) {
            Ok(a) => a,
            Err(e) => panic!("cannot start the anchoring thread: {e}"),
        };
        // The stamp on arrival, taken while a run's replies are sealed, has its anchors asked
        // on the anchoring thread as the scheduler's own stamps do.
        let hand = anchoring.handle();
        let (dir, config) = (self.league.dir.clone(), self.league.config.clone());
        self.league.stamp_hook = Some(Box::new(move |now| hand.stamp(&dir, &config, now)));
        self.resume_unfinished();
        let mut missed: BTreeSet<String> = BTreeSet::new();
        let mut last_upgrade = None;
        while !self.shutdown.is_requested() {
            let now = self.league.clock.now();
            let actions = self.league.engine.poll(now);
            self.report_missed(now, &mut missed);
            // What is due next once this poll's jobs are done, to tell when they delayed it.
            let due_next = self.next_due(now, last_upgrade);
            let mut slowest: Option<(&'static str, Duration)> = None;
            for job in jobs(actions) {
                let (kind, started) = (job.kind, std::time::Instant::now());
                if job.kind == "stamp" {
                    self.stamp(now, &anchoring);
                } else {
                    self.carry_out(job, now);
                }
                let took = started.elapsed();
                if slowest.is_none_or(|(_, t)| took > t) {
                    slowest = Some((kind, took));
                }
                if self.shutdown.is_requested() {
                    break;
                }
            }
            let step = slowest.unwrap_or(("poll", Duration::ZERO));
            report_late(
                &self.reporter(),
                due_next,
                now,
                self.league.clock.now(),
                step,
            );
            let now = self.league.clock.now();
            self.show_next(now, last_upgrade);
            if !self.shutdown.is_requested() && self.league.engine.publish_due(now).is_some() {
                self.publish(now);
            }
            let now = self.league.clock.now();
            if !self.shutdown.is_requested()
                && now >= next_upgrade_at(&self.league.config, last_upgrade, now)
            {
                last_upgrade = Some(now);
                if !anchoring.upgrading.swap(true, Ordering::SeqCst) {
                    anchoring.hand(AnchorJob::Upgrade, &self.league.config, &self.league.clock);
                }
            }
            let now = self.league.clock.now();
            let next = self.show_next(now, last_upgrade);
            if self.shutdown.wait_until(self.league.clock.when(next)) {
                break;
            }
        }
        // The grace runs from the stop's request: what a run's seats took of it is not given
        // again to the anchoring.
        self.league.stamp_hook = None;
        let grace_left = self.shutdown.requested_at().map_or(self.stop_grace, |at| {
            (at + self.stop_grace).saturating_duration_since(std::time::Instant::now())
        });
        anchoring.stop(grace_left, &self.league.config, self.league.clock.now());
        tracing::info!(
            target: "sealbook::scheduler",
            at = self.league.clock.now().to_rfc3339().as_str(),
            "scheduler stopped"
        );
    }

    /// Takes up the run an earlier process left unfinished before its deadline (killed
    /// mid-run; spec §3.1 requirement 12), as `league run` does: the seats with neither an
    /// answer nor a `no_answer` line are asked, and nothing sealed is asked or written again.
    fn resume_unfinished(&mut self) {
        let now = self.league.clock.now();
        match self.league.resume_unfinished(now) {
            Ok(None) => {}
            Ok(Some((run_id, actions))) => {
                let seats = self
                    .league
                    .events
                    .iter()
                    .rev()
                    .find(|e| e["event"] == "resumed")
                    .map(|e| e["seats"].to_string())
                    .unwrap_or_default();
                tracing::info!(
                    target: "sealbook::scheduler",
                    run_id = run_id.as_str(),
                    seats = seats.as_str(),
                    at = now.to_rfc3339().as_str(),
                    "resuming the run an earlier process left unfinished"
                );
                let job = Job {
                    kind: "run",
                    run_id: Some(run_id),
                    session: None,
                    horizon: None,
                    actions,
                };
                self.carry_out(job, now);
            }
            Err(e) => {
                let done = Done {
                    kind: "run",
                    run_id: None,
                    session: None,
                    horizon: None,
                    detail: Some("resuming an unfinished run".into()),
                };
                self.record(done, now, std::time::Instant::now(), Err(e.to_string()));
            }
        }
    }

    /// The next due job after `now` (the engine's, the upgrade cadence's, or an owed publish),
    /// shown in [`Health`] and [`Metrics`]; returns its instant.
    fn show_next(&self, now: Instant, last_upgrade: Option<Instant>) -> Instant {
        let (at, job) = self.next_due(now, last_upgrade);
        self.health.set_next(NextJob {
            job,
            at: at.to_rfc3339(),
        });
        self.metrics.set_next_due(at.0 as f64 / 1e6);
        at
    }

    /// The next due job after `now` and its kind: the engine's, the upgrade cadence's, or an
    /// owed publish.
    fn next_due(&self, now: Instant, last_upgrade: Option<Instant>) -> (Instant, &'static str) {
        let upgrade = next_upgrade_at(&self.league.config, last_upgrade, now);
        // The upgrade cadence always lies ahead, so there is always a next instant.
        let mut next = (upgrade, "upgrade");
        if let Some((at, due)) = self.league.engine.next_due_job(now) {
            if at <= next.0 {
                next = (at, due.as_str());
            }
        }
        if let Some(at) = self.league.engine.publish_at().filter(|t| *t < next.0) {
            next = (at.max(now), "publish");
        }
        next
    }

    fn reporter(&self) -> Reporter {
        Reporter {
            health: self.health.clone(),
            metrics: self.metrics.clone(),
            dir: self.league.dir.clone(),
        }
    }

    /// Logs the seats a stop left unanswered in the job just carried out (their replies not
    /// waited for past the stop's grace): they have no line, so a start before the run's
    /// deadline asks them again and one after it seals their `no_answer`.
    fn report_left_unanswered(&mut self, now: Instant) {
        let left = std::mem::take(&mut self.league.left_unanswered);
        let mut by_run: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (run_id, seat) in left {
            by_run.entry(run_id).or_default().push(seat);
        }
        for (run_id, seats) in by_run {
            let seats = seats.join(", ");
            tracing::warn!(
                target: "sealbook::scheduler",
                run_id = run_id.as_str(),
                seats = seats.as_str(),
                grace_seconds = self.stop_grace.as_secs(),
                at = now.to_rfc3339().as_str(),
                "stopping: seats left unanswered, not waited for past the grace; a start before the run's deadline asks them again"
            );
        }
    }

    /// Logs, counts and shows every morning run missed by `now` not reported yet (`missed`).
    fn report_missed(&self, now: Instant, missed: &mut BTreeSet<String>) {
        for run_id in self.league.engine.missed_runs(now) {
            if !missed.insert(run_id.clone()) {
                continue;
            }
            self.metrics.run_missed();
            self.health.run_missed(&run_id);
            tracing::warn!(
                target: "sealbook::job",
                kind = "run",
                run_id = run_id.as_str(),
                outcome = "missed",
                error = "its window to ask closed before it could start",
                at = now.to_rfc3339().as_str(),
                "run missed"
            );
        }
    }

    /// Writes the stamped list now and hands its anchors to the anchoring thread (which
    /// records the job); a list not written is recorded here.
    fn stamp(&mut self, now: Instant, anchoring: &Anchoring) {
        let started = std::time::Instant::now();
        let done = |detail: Option<String>| Done {
            kind: "stamp",
            run_id: None,
            session: None,
            horizon: None,
            detail,
        };
        match write_list(&self.league.dir, now) {
            Err(e) => self.record(done(None), now, started, Err(e.to_string())),
            Ok(Listed::Unchanged(r)) => {
                let since = r.unchanged_since.unwrap_or_default();
                self.record(
                    done(Some(format!("no ledger grew since {since}"))),
                    now,
                    started,
                    Ok(()),
                );
            }
            Ok(Listed::Written(written)) => {
                let list = written.list().to_string();
                let job = AnchorJob::Anchor {
                    written: Box::new(written),
                    list,
                    now,
                    started,
                };
                anchoring.hand(job, &self.league.config, &self.league.clock);
            }
        }
    }

    /// Carries out the engine's [`Action::PublishLeague`]: the league's open-data files and
    /// manifest, recorded as a job (the engine is told how it went).
    fn publish(&mut self, now: Instant) {
        let started = std::time::Instant::now();
        let result = self.league.publish_now(now);
        let detail = result.as_ref().ok().cloned();
        let done = Done {
            kind: "publish",
            run_id: None,
            session: None,
            horizon: None,
            detail,
        };
        self.record(done, now, started, result.map(|_| ()));
    }

    /// Carries out one job.
    fn carry_out(&mut self, job: Job, now: Instant) {
        let started = std::time::Instant::now();
        let score = job.actions.iter().find_map(|a| match a {
            Action::Score {
                run_id, horizon, ..
            } => Some((run_id.clone(), *horizon)),
            _ => None,
        });
        let result = self
            .league
            .apply(job.actions, self.prices.as_ref())
            .and_then(|()| match (job.kind, &job.run_id) {
                // Spec §3.3: a snapshot that ended past the reference starts no run.
                ("run", Some(id)) if !self.league.engine.has_run_id(id) => Err(Unusable::new(
                    format!("run {id} missed: its price snapshot ended at or after the session's reference; nothing was sealed or asked"),
                )),
                _ => Ok(()),
            });
        // A seat whose ask failed inside sealbook (recorded as that seat's failure, the others
        // sealed) makes the job a failure, as it makes `league run` exit 1.
        let faults = std::mem::take(&mut self.league.faults);
        let unconfigured = std::mem::take(&mut self.league.unconfigured);
        let result = result.and_then(|()| {
            if faults.is_empty() {
                Ok(())
            } else {
                Err(Unusable::new(format!(
                    "the ask of seat(s) {} failed inside sealbook; each is recorded as that seat's failure",
                    faults.join(", ")
                )))
            }
        });
        let result = result.and_then(|()| {
            if unconfigured.is_empty() {
                Ok(())
            } else {
                Err(Unusable::new(format!(
                    "seat(s) could not be asked, each recorded as that seat's failure: {}",
                    unconfigured.join("; ")
                )))
            }
        });
        if let (Some((run_id, horizon)), Err(_)) = (&score, &result) {
            let failed_at = self.league.clock.now();
            self.league
                .engine
                .on_score_failed(run_id, *horizon, failed_at);
        }
        let events = std::mem::take(&mut self.league.events);
        for e in &events {
            match e["event"].as_str() {
                Some("reply") => {
                    let seat = e["seat"].as_str().unwrap_or("");
                    let error = e["error"].as_str();
                    let seconds = e["seconds"].as_f64().unwrap_or(0.0);
                    self.metrics.seat_asked(seat, seconds, error.is_some());
                    tracing::info!(
                        target: "sealbook::job",
                        kind = "ask",
                        run_id = e["run_id"].as_str(),
                        seat,
                        outcome = if error.is_some() { "failed" } else { "ok" },
                        duration_ms = (seconds * 1000.0).round() as u64,
                        attempts = e["attempts"].as_u64(),
                        error,
                        at = e["arrived"].as_str(),
                        "job"
                    );
                }
                Some("sealed") if e["kind"] == "answer" => {
                    self.metrics.answer_sealed(e["seat"].as_str().unwrap_or(""));
                }
                // The score stands; the session's arena prices are asked again with the next
                // day's recordings (core's ARENA_PRICE_ATTEMPTS).
                Some("arena_prices_failed") => {
                    tracing::warn!(
                        target: "sealbook::league",
                        session = e["session"].as_str(),
                        error = e["error"].as_str(),
                        "arena prices not recorded"
                    );
                }
                _ => {}
            }
        }
        if let (true, Some(run_id)) = (job.kind == "run", &job.run_id) {
            self.health.ran(run_id);
        }
        self.report_left_unanswered(now);
        let done = Done {
            kind: job.kind,
            run_id: job.run_id,
            session: job.session,
            horizon: job.horizon,
            detail: None,
        };
        self.record(done, now, started, result.map_err(|e| e.to_string()));
    }

    /// Counts, records and logs one finished job.
    fn record(
        &self,
        job: Done,
        now: Instant,
        started: std::time::Instant,
        result: Result<(), String>,
    ) {
        self.reporter()
            .record(job, now, started, Outcome::of(result));
    }
}

/// Says whether the jobs of the poll at `polled`, ended at `ended`, put the schedule behind
/// (core's [`schedule_lag`]): when they did, the late job, its lag and the step that took the
/// time (the poll's longest job, with its real duration) are logged as `fell behind`, counted
/// in [`Metrics`] and shown in [`Health`] (degraded); when they did not, [`Health`] shows the
/// schedule caught up. At a high `--speed`, a slow price source or a slow seat is seen here.
fn report_late(
    reporter: &Reporter,
    (due, next): (Instant, &'static str),
    polled: Instant,
    ended: Instant,
    (step, took): (&'static str, Duration),
) {
    let Some(lag) = schedule_lag(due, polled, ended) else {
        reporter.health.set_behind(None);
        return;
    };
    let why = format!(
        "the {next} job due at {} starts {} s late on the league's clock: the {step} job took {} ms",
        due.to_rfc3339(),
        lag / 1_000_000,
        took.as_millis()
    );
    reporter.metrics.schedule_late((lag / 1_000_000) as f64);
    reporter.health.set_behind(Some(Behind {
        job: next,
        due: due.to_rfc3339(),
        lag_seconds: lag / 1_000_000,
        step,
        step_ms: took.as_millis() as u64,
    }));
    tracing::warn!(
        target: "sealbook::job",
        kind = next,
        outcome = "late",
        step,
        step_ms = took.as_millis() as u64,
        lag_seconds = lag / 1_000_000,
        error = why.as_str(),
        at = ended.to_rfc3339().as_str(),
        "fell behind"
    );
}

/// How a job ended.
enum Outcome {
    Ok,
    /// Done, with an authority that failed (recorded; see [`Health`]).
    Degraded(String),
    Failed(String),
}

impl Outcome {
    fn of(result: Result<(), impl ToString>) -> Outcome {
        match result {
            Ok(()) => Outcome::Ok,
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }
}

/// Where finished jobs are reported: shared by the scheduler and its anchoring thread.
#[derive(Clone)]
struct Reporter {
    health: Arc<Health>,
    metrics: Arc<Metrics>,
    dir: PathBuf,
}

impl Reporter {
    /// Reads the proof folder into the stamps-pending and last-anchor gauges and the failing
    /// authorities of [`Health`].
    fn count_anchors(&self) {
        match anchor_state(&self.dir) {
            Ok(state) => {
                self.metrics.set_stamps_pending(state.pending);
                for ((kind, authority), at) in state.last {
                    self.metrics
                        .set_last_anchor(&kind, &authority, at.0 as f64 / 1e6);
                }
                self.health.set_anchors_failing(state.failing);
            }
            Err(e) => tracing::warn!(
                target: "sealbook::scheduler",
                error = e.to_string().as_str(),
                "cannot read the proof folder's anchors"
            ),
        }
    }

    /// Counts, records and logs one finished job.
    fn record(&self, job: Done, now: Instant, started: std::time::Instant, outcome: Outcome) {
        let duration_ms = started.elapsed().as_millis() as u64;
        let (outcome, error) = match outcome {
            Outcome::Ok => ("ok", None),
            Outcome::Degraded(e) => ("degraded", Some(e)),
            Outcome::Failed(e) => ("failed", Some(e)),
        };
        self.metrics.job(job.kind, outcome == "failed");
        self.health.job(
            job.kind,
            LastJob {
                at: now.to_rfc3339(),
                outcome,
                error: error.clone(),
                duration_ms,
            },
        );
        let at = now.to_rfc3339();
        if let Some(error) = &error {
            tracing::warn!(
                target: "sealbook::job",
                kind = job.kind,
                run_id = job.run_id.as_deref(),
                session = job.session.as_deref(),
                horizon = job.horizon,
                outcome,
                duration_ms,
                detail = job.detail.as_deref(),
                error = error.as_str(),
                at = at.as_str(),
                "job"
            );
        } else {
            tracing::info!(
                target: "sealbook::job",
                kind = job.kind,
                run_id = job.run_id.as_deref(),
                session = job.session.as_deref(),
                horizon = job.horizon,
                outcome,
                duration_ms,
                detail = job.detail.as_deref(),
                at = at.as_str(),
                "job"
            );
        }
    }
}

/// What a finished job was, for its log line.
struct Done {
    kind: &'static str,
    run_id: Option<String>,
    session: Option<String>,
    horizon: Option<&'static str>,
    detail: Option<String>,
}

/// Starts `scheduler` on its own thread. The thread records in `health` how it ended:
/// stopped on shutdown, or died (a panic) with the panic's message.
pub fn spawn(scheduler: Scheduler) -> std::io::Result<std::thread::JoinHandle<()>> {
    let health = scheduler.health.clone();
    guarded(health, move || scheduler.run())
}

/// Runs `body` on a thread named `league-scheduler`, recording its end in `health`.
fn guarded(
    health: Arc<Health>,
    body: impl FnOnce() + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("league-scheduler".into())
        .spawn(move || {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
                Ok(()) => health.scheduler_ended(SchedulerState::Stopped, None),
                Err(p) => {
                    let why = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "panicked".into());
                    tracing::error!(target: "sealbook::scheduler", error = why.as_str(), "scheduler died");
                    health.scheduler_ended(SchedulerState::Died, Some(why));
                }
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sealbook_core::calendar::{Date, Horizon};
    use sealbook_core::records::names::string;

    #[test]
    fn a_poll_becomes_jobs_by_kind() {
        let seal = |run: &str, seat: &str| {
            let mut content = sealbook_core::book::canon::Object::new();
            content.insert("run_id", string(run));
            content.insert("seat", string(seat));
            Action::Seal {
                ledger: sealbook_core::league::engine::LeagueLedger::Book,
                content,
            }
        };
        let session = Date::parse("2026-10-21").unwrap();
        let js = jobs(vec![
            Action::TakeSnapshot {
                run_id: "2026-10-22-am".into(),
                session,
            },
            seal("2026-10-21-am", "beta"),
            seal("2026-10-21-am", "gamma"),
            Action::Stamp,
            Action::Score {
                run_id: "2026-10-21-am".into(),
                session,
                horizon: Horizon::W1,
                of: 1,
                late: Vec::new(),
            },
        ]);
        let kinds: Vec<_> = js
            .iter()
            .map(|j| (j.kind, j.actions.len(), j.run_id.as_deref(), j.horizon))
            .collect();
        assert_eq!(
            kinds,
            [
                ("run", 1, Some("2026-10-22-am"), None),
                ("close", 2, Some("2026-10-21-am"), None),
                ("stamp", 1, None, None),
                ("score", 1, Some("2026-10-21-am"), Some("1w")),
            ]
        );
    }

    #[test]
    fn a_scheduler_thread_that_panics_is_reported_dead() {
        let h = Arc::new(Health::new("l", false));
        guarded(h.clone(), || panic!("the ledger vanished"))
            .unwrap()
            .join()
            .unwrap();
        let (ok, doc) = h.report();
        assert!(!ok);
        assert_eq!(doc["scheduler"], "died");
        assert_eq!(
            doc["problems"][0],
            "the scheduler died: the ledger vanished"
        );
        let h = Arc::new(Health::new("l", false));
        guarded(h.clone(), || {}).unwrap().join().unwrap();
        assert_eq!(h.report().1["scheduler"], "stopped");
    }

    #[test]
    fn shutdown_wakes_a_sleeping_wait() {
        let s = Arc::new(Shutdown::new());
        let waiter = {
            let s = s.clone();
            std::thread::spawn(move || s.wait_until(std::time::Instant::now() + MAX_SLEEP))
        };
        s.request();
        assert!(
            waiter.join().unwrap(),
            "woken by the request, not the timeout"
        );
        assert!(s.wait_until(std::time::Instant::now() + MAX_SLEEP));
    }
}
