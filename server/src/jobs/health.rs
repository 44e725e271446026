//! What `GET /healthz` reports of a running league: its name, the last job of each kind with
//! its time and outcome, the next due job of the schedule (its kind and instant) and whether
//! the scheduler thread is alive. Unhealthy (HTTP 503) when the last run, stamp, score or
//! publish failed (a failed score stays unhealthy until an attempt succeeds), a morning run
//! was missed and none has run since, or the scheduler thread has died. An authority whose
//! latest anchor failed leaves the league healthy (HTTP 200) and `"status": "degraded"`, the
//! failing authorities listed in `anchors_failing` (spec §3.2: a failed anchor never blocks
//! the book). `runs_missed` lists every run missed since the server started
//! ([`sealbook_core::league::engine::Engine::missed_runs`]). A schedule that fell behind
//! ([`sealbook_core::league::schedule::schedule_lag`]) is `degraded` too, with the late job and
//! its lag in `schedule_behind`, until a poll's jobs end on time again; the last time it fell
//! behind stays in `schedule_last_behind`.

use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Job kinds whose last failure makes the league unhealthy.
const MUST_SUCCEED: [&str; 4] = ["run", "stamp", "score", "publish"];

/// The schedule's next due job.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct NextJob {
    /// `run`, `close`, `stamp`, `score` or `upgrade`.
    pub job: &'static str,
    /// When (RFC 3339 UTC).
    pub at: String,
}

/// The last job of one kind.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LastJob {
    /// The league clock's time when the job started (RFC 3339 UTC).
    pub at: String,
    /// `ok`, `degraded` (done, an authority failed) or `failed`.
    pub outcome: &'static str,
    pub error: Option<String>,
    pub duration_ms: u64,
}

/// The scheduler thread's state.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SchedulerState {
    Running,
    /// Ended on shutdown.
    Stopped,
    /// Ended without being asked to (a panic or an error it could not go on from).
    Died,
}

/// An authority whose latest anchor failed.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FailingAnchor {
    /// `ots`, `tsa` or `rekor`.
    pub kind: String,
    pub authority: String,
    /// The stamped list it last failed to anchor, and why.
    pub list: String,
    pub error: Option<String>,
}

/// The schedule fell behind: the next job started late.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Behind {
    /// The kind of the job that is late (`run`, `close`, `stamp`, `score`, `upgrade`,
    /// `publish`).
    pub job: &'static str,
    /// When it was due (RFC 3339 UTC, league clock).
    pub due: String,
    /// How late it starts, league clock seconds.
    pub lag_seconds: i64,
    /// The job that took the time, and how long it took (real milliseconds).
    pub step: &'static str,
    pub step_ms: u64,
}

#[derive(Debug)]
struct State {
    scheduler: SchedulerState,
    reason: Option<String>,
    jobs: BTreeMap<String, LastJob>,
    next: Option<NextJob>,
    anchors_failing: Vec<FailingAnchor>,
    runs_missed: Vec<String>,
    /// The run id of the last run job carried out.
    last_run: Option<String>,
    /// Anchoring jobs handed to the anchoring thread and not finished.
    anchor_jobs_pending: u64,
    /// The schedule is behind (none: on time).
    behind: Option<Behind>,
    /// The last time the schedule fell behind.
    last_behind: Option<Behind>,
}

/// The league's health, shared by the scheduler (which records) and the HTTP server.
#[derive(Debug)]
pub struct Health {
    league: String,
    clock_set: bool,
    state: Mutex<State>,
}

impl Health {
    pub fn new(league: &str, clock_set: bool) -> Health {
        Health {
            league: league.to_string(),
            clock_set,
            state: Mutex::new(State {
                scheduler: SchedulerState::Running,
                reason: None,
                jobs: BTreeMap::new(),
                next: None,
                anchors_failing: Vec::new(),
                runs_missed: Vec::new(),
                last_run: None,
                anchor_jobs_pending: 0,
                behind: None,
                last_behind: None,
            }),
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let mut guard = self.state.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut guard)
    }

    /// Records the last job of `kind`.
    pub fn job(&self, kind: &str, job: LastJob) {
        self.with(|s| {
            s.jobs.insert(kind.to_string(), job);
        });
    }

    /// The authorities whose latest anchor failed (none: every anchor is up).
    pub fn set_anchors_failing(&self, failing: Vec<FailingAnchor>) {
        self.with(|s| s.anchors_failing = failing);
    }

    /// The morning run `run_id` was missed.
    pub fn run_missed(&self, run_id: &str) {
        self.with(|s| s.runs_missed.push(run_id.to_string()));
    }

    /// The run `run_id` was carried out (whatever its outcome).
    pub fn ran(&self, run_id: &str) {
        self.with(|s| s.last_run = Some(run_id.to_string()));
    }

    /// An anchoring job was handed over (`+1`) or finished (`-1`).
    pub fn anchor_jobs(&self, delta: i64) {
        self.with(|s| {
            s.anchor_jobs_pending = s.anchor_jobs_pending.saturating_add_signed(delta);
        });
    }

    /// The schedule fell behind (`Some`), or the last poll's jobs ended on time (`None`).
    pub fn set_behind(&self, behind: Option<Behind>) {
        self.with(|s| {
            if let Some(b) = &behind {
                s.last_behind = Some(b.clone());
            }
            s.behind = behind;
        });
    }

    /// The schedule's next due job.
    pub fn set_next(&self, next: NextJob) {
        self.with(|s| s.next = Some(next));
    }

    /// The scheduler thread ended: `Stopped` on shutdown, else `Died` with why.
    pub fn scheduler_ended(&self, state: SchedulerState, reason: Option<String>) {
        self.with(|s| {
            if s.scheduler == SchedulerState::Running {
                s.scheduler = state;
                s.reason = reason;
            }
        });
    }

    /// Whether the league is healthy, and the `/healthz` document.
    pub fn report(&self) -> (bool, serde_json::Value) {
        self.with(|s| {
            let mut problems: Vec<String> = MUST_SUCCEED
                .iter()
                .filter(|k| s.jobs.get(**k).is_some_and(|j| j.outcome == "failed"))
                .map(|k| format!("the last {k} failed"))
                .collect();
            // Run ids start with their session's date: the later sorts after.
            if let Some(missed) = s.runs_missed.last() {
                if s.last_run.as_ref().is_none_or(|r| r < missed) {
                    problems.push(format!(
                        "the run {missed} was missed (its window to ask closed before it could start)"
                    ));
                }
            }
            if s.scheduler == SchedulerState::Died {
                problems.push(format!(
                    "the scheduler died: {}",
                    s.reason.as_deref().unwrap_or("no reason given")
                ));
            }
            let ok = problems.is_empty();
            let status = match (ok, s.anchors_failing.is_empty() && s.behind.is_none()) {
                (false, _) => "unhealthy",
                (true, false) => "degraded",
                (true, true) => "ok",
            };
            let doc = serde_json::json!({
                "ok": ok,
                "status": status,
                "anchors_failing": s.anchors_failing,
                "anchor_jobs_pending": s.anchor_jobs_pending,
                "runs_missed": s.runs_missed,
                "schedule_behind": s.behind,
                "schedule_last_behind": s.last_behind,
                "league": self.league,
                "clock_set": self.clock_set,
                "scheduler": s.scheduler,
                "problems": problems,
                "jobs": s.jobs,
                "next_due": s.next.as_ref().map(|n| &n.at),
                "next": s.next,
            });
            (ok, doc)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(outcome: &'static str) -> LastJob {
        LastJob {
            at: "2026-10-21T12:30:00Z".into(),
            outcome,
            error: (outcome != "ok").then(|| "no prices".to_string()),
            duration_ms: 5,
        }
    }

    #[test]
    fn unhealthy_when_the_last_run_stamp_score_or_publish_failed_or_the_thread_died() {
        let h = Health::new("l", true);
        assert!(h.report().0);
        h.job("score", job("failed"));
        let (ok, doc) = h.report();
        assert!(!ok, "a failed score is unhealthy until one succeeds");
        assert_eq!(doc["problems"][0], "the last score failed");
        h.job("score", job("ok"));
        assert!(h.report().0);
        h.job("publish", job("failed"));
        assert!(!h.report().0);
        h.job("publish", job("ok"));
        h.job("run", job("failed"));
        assert!(!h.report().0);
        h.job("run", job("ok"));
        assert!(h.report().0, "the last run counts");
        h.job("stamp", job("failed"));
        let (ok, doc) = h.report();
        assert!(!ok);
        assert_eq!(doc["problems"][0], "the last stamp failed");
        assert_eq!(doc["jobs"]["stamp"]["error"], "no prices");
        h.job("stamp", job("ok"));
        h.scheduler_ended(SchedulerState::Died, Some("panicked".into()));
        h.scheduler_ended(SchedulerState::Stopped, None);
        let (ok, doc) = h.report();
        assert!(!ok);
        assert_eq!(doc["scheduler"], "died");
        assert_eq!(doc["next"], serde_json::Value::Null);
        h.set_next(NextJob {
            job: "score",
            at: "2026-10-21T20:10:00Z".into(),
        });
        let doc = h.report().1;
        assert_eq!(
            doc["next"],
            serde_json::json!({"job": "score", "at": "2026-10-21T20:10:00Z"})
        );
        assert_eq!(doc["next_due"], "2026-10-21T20:10:00Z");
        let stopped = Health::new("l", false);
        stopped.set_anchors_failing(vec![FailingAnchor {
            kind: "ots".into(),
            authority: "http://127.0.0.1:9".into(),
            list: "proof/2026-10-21/123000Z.txt".into(),
            error: Some("timed out".into()),
        }]);
        let (ok, doc) = stopped.report();
        assert!(
            ok,
            "a failing authority degrades, it does not make the league unhealthy"
        );
        assert_eq!(doc["status"], "degraded");
        assert_eq!(doc["anchors_failing"][0]["authority"], "http://127.0.0.1:9");
        stopped.set_anchors_failing(Vec::new());
        assert_eq!(stopped.report().1["status"], "ok");
        stopped.ran("2026-10-21-am");
        stopped.run_missed("2026-10-22-am");
        let (ok, doc) = stopped.report();
        assert!(!ok);
        assert_eq!(doc["status"], "unhealthy");
        assert_eq!(doc["runs_missed"][0], "2026-10-22-am");
        assert!(doc["problems"][0]
            .as_str()
            .unwrap()
            .starts_with("the run 2026-10-22-am was missed"));
        stopped.ran("2026-10-23-am");
        let (ok, doc) = stopped.report();
        assert!(ok, "a later run has run: {doc}");
        assert_eq!(doc["runs_missed"][0], "2026-10-22-am", "still listed");
        stopped.scheduler_ended(SchedulerState::Stopped, None);
        assert!(stopped.report().0);
    }

    #[test]
    fn a_schedule_behind_is_degraded_until_it_caught_up() {
        let h = Health::new("l", true);
        assert_eq!(h.report().1["schedule_behind"], serde_json::Value::Null);
        let behind = Behind {
            job: "close",
            due: "2026-10-21T13:30:00Z".into(),
            lag_seconds: 900,
            step: "run",
            step_ms: 300,
        };
        h.set_behind(Some(behind.clone()));
        let (ok, doc) = h.report();
        assert!(ok, "behind is degraded, not unhealthy: {doc}");
        assert_eq!(doc["status"], "degraded");
        assert_eq!(doc["schedule_behind"]["job"], "close");
        assert_eq!(doc["schedule_behind"]["lag_seconds"], 900);
        assert_eq!(doc["schedule_behind"]["step"], "run");
        h.set_behind(None);
        let (ok, doc) = h.report();
        assert!(ok);
        assert_eq!(doc["status"], "ok", "caught up: {doc}");
        assert_eq!(doc["schedule_behind"], serde_json::Value::Null);
        assert_eq!(doc["schedule_last_behind"]["due"], "2026-10-21T13:30:00Z");
        h.job("run", job("failed"));
        h.set_behind(Some(behind));
        assert_eq!(
            h.report().1["status"],
            "unhealthy",
            "a failure still decides"
        );
    }
}
