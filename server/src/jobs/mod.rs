//! The league's clock loop behind `sealbook serve --league` (spec §3.1 a league day): a
//! scheduler thread reads the league's clock, asks the engine what is due
//! ([`Engine::poll`](sealbook_core::league::engine::Engine::poll)), hands the actions to the
//! driver ([`League::apply`]) as jobs, and sleeps until the engine's next due instant
//! ([`Engine::next_due`](sealbook_core::league::engine::Engine::next_due)) or until shutdown.
//! What is due when is decided in core; this loop only waits and carries out.
//!
//! Each job (a run, a deadline's closing, a stamp, a score, and each seat's ask within a run)
//! is logged as one line ([`crate::logging`]), counted in [`Metrics`] and recorded in
//! [`Health`]. A job that fails is logged and recorded; the loop goes on with the next.

pub mod health;

use crate::cmd::league::driver::League;
use crate::metrics::Metrics;
use crate::prices::PriceProvider;
use health::{Health, LastJob, SchedulerState};
use sealbook_core::calendar::Instant;
use sealbook_core::league::engine::Action;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Longest single sleep: the loop looks at the clock at least this often, so a system clock
/// stepped forward is noticed within it.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// A shutdown request the scheduler waits on.
#[derive(Debug, Default)]
pub struct Shutdown {
    requested: Mutex<bool>,
    wake: Condvar,
}

impl Shutdown {
    pub fn new() -> Shutdown {
        Shutdown::default()
    }

    /// Asks the scheduler to stop after the job in hand, and wakes it.
    pub fn request(&self) {
        *self.requested.lock().unwrap_or_else(|p| p.into_inner()) = true;
        self.wake.notify_all();
    }

    pub fn is_requested(&self) -> bool {
        *self.requested.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sleeps until `until` (at most [`MAX_SLEEP`]) or a shutdown request; true when asked to
    /// stop.
    fn wait_until(&self, until: std::time::Instant) -> bool {
        let until = until.min(std::time::Instant::now() + MAX_SLEEP);
        let mut stop = self.requested.lock().unwrap_or_else(|p| p.into_inner());
        while !*stop {
            let now = std::time::Instant::now();
            if now >= until {
                break;
            }
            stop = match self.wake.wait_timeout(stop, until - now) {
                Ok((g, _)) => g,
                Err(p) => p.into_inner().0,
            };
        }
        *stop
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

/// The scheduler of one league: the driver (both ledgers held), the price provider and what
/// it reports to.
pub struct Scheduler {
    pub league: League,
    pub prices: Box<dyn PriceProvider>,
    pub health: Arc<Health>,
    pub metrics: Arc<Metrics>,
    pub shutdown: Arc<Shutdown>,
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
        while !self.shutdown.is_requested() {
            let now = self.league.clock.now();
            let actions = self.league.engine.poll(now);
            for job in jobs(actions) {
                self.carry_out(job, now);
                if self.shutdown.is_requested() {
                    break;
                }
            }
            let now = self.league.clock.now();
            let next = self.league.engine.next_due(now);
            self.health.set_next_due(next.map(Instant::to_rfc3339));
            self.metrics.set_next_due(next.map(|t| t.0 as f64 / 1e6));
            let wake = match next {
                Some(t) => self.league.clock.when(t),
                None => std::time::Instant::now() + MAX_SLEEP,
            };
            if self.shutdown.wait_until(wake) {
                break;
            }
        }
        tracing::info!(
            target: "sealbook::scheduler",
            at = self.league.clock.now().to_rfc3339().as_str(),
            "scheduler stopped"
        );
    }

    fn carry_out(&mut self, job: Job, now: Instant) {
        let started = std::time::Instant::now();
        let stamp = job.kind == "stamp";
        let result = self.league.apply(job.actions, self.prices.as_ref());
        let events = std::mem::take(&mut self.league.events);
        let mut stamp_note = None;
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
                Some("stamp_due") => stamp_note = e["note"].as_str().map(str::to_owned),
                _ => {}
            }
        }
        let duration_ms = started.elapsed().as_millis() as u64;
        if stamp {
            // The driver has no stamper to call: the stamp is due, not done, and neither
            // counted nor recorded as a job.
            tracing::info!(
                target: "sealbook::job",
                kind = "stamp",
                outcome = "due",
                note = stamp_note.as_deref(),
                at = now.to_rfc3339().as_str(),
                "job"
            );
            return;
        }
        let error = result.err().map(|e| e.to_string());
        let outcome = if error.is_some() { "failed" } else { "ok" };
        self.metrics.job(job.kind, error.is_some());
        self.health.job(
            job.kind,
            LastJob {
                at: now.to_rfc3339(),
                outcome,
                error: error.clone(),
                duration_ms,
            },
        );
        let fields = (
            job.run_id.as_deref(),
            job.session.as_deref(),
            job.horizon,
            now.to_rfc3339(),
        );
        if let Some(error) = &error {
            tracing::warn!(
                target: "sealbook::job",
                kind = job.kind,
                run_id = fields.0,
                session = fields.1,
                horizon = fields.2,
                outcome,
                duration_ms,
                error = error.as_str(),
                at = fields.3.as_str(),
                "job"
            );
        } else {
            tracing::info!(
                target: "sealbook::job",
                kind = job.kind,
                run_id = fields.0,
                session = fields.1,
                horizon = fields.2,
                outcome,
                duration_ms,
                at = fields.3.as_str(),
                "job"
            );
        }
    }
}

/// Starts `scheduler` on its own thread. The thread records in `health` how it ended:
/// stopped on shutdown, or died (a panic) with the panic's message.
pub fn spawn(scheduler: Scheduler) -> std::io::Result<std::thread::JoinHandle<()>> {
    let health = scheduler.health.clone();
    std::thread::Builder::new()
        .name("league-scheduler".into())
        .spawn(move || {
            let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| scheduler.run()));
            match ended {
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
    use sealbook_core::league::layout::string;

    #[test]
    fn a_poll_becomes_jobs_by_kind() {
        let seal = |run: &str, seat: &str| {
            let mut content = sealbook_core::book::canon::Object::new();
            content.insert("run_id", string(run));
            content.insert("seat", string(seat));
            Action::Seal {
                ledger: sealbook_core::league::engine::Ledger::Book,
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
