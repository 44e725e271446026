//! One job loop for the pages whose worker computes one job at a time from the reader's files
//! (the Scores and Accounts pages): a page says what its job is ([`Job`]: the worker's script,
//! how many stages a job has, how the worker reads a job and computes it, the page's sentences
//! when it fails) and this module does the rest on both sides of the worker.
//!
//! - On the page, [`JobLoop`] starts the worker, numbers the jobs, posts a job (or keeps it
//!   waiting until the worker is up), and reads what the worker says ([`JobLoop::hear`]): the
//!   current job's stages and result, its failure, or a crash; what an older job says is
//!   dropped, so a newer job supersedes an older one.
//! - In the worker, [`serve_jobs`] listens for jobs, runs each ([`Job::run`]) with its stages
//!   posted as they start ([`Stages`]), and posts its result only while it is the newest job.
//!
//! Page to worker: a plain JS object with the job's number under [`JOB`], the page's language
//! ([`module_worker::give_lang`]) and the job's files under the keys the page's protocol names.
//! Worker to page: one [`FromWorker`] serialized as a JSON string.

use crate::i18n::{t, tr, M};
use crate::module_worker::{self, ModuleWorker};
use std::cell::Cell;
use std::future::Future;
use std::marker::PhantomData;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The key of a job object that carries the job's number.
pub const JOB: &str = "job";

/// What a page's worker computes: the page's side (its worker, stages and sentences) and the
/// worker's (reading a job from the page's message and computing it).
pub trait Job: 'static {
    /// What the worker computes for a job and posts to the page.
    type Computed: serde::Serialize + serde::de::DeserializeOwned + 'static;
    /// A job's input as the worker reads it from the page's message.
    type Request: 'static;
    /// The worker's script (`www/<page>-worker.js`).
    const WORKER_URL: &'static str;
    /// The worker in the page's errors ([`M::WeTheScorer`]).
    const WHAT: M;
    /// How many stages a job reports.
    const STEPS: u32;
    /// The page's sentence (its `{why}` filled) when the worker stopped on an internal error.
    const CRASHED: M;
    /// The page's sentence (its `{why}` filled) when the worker stopped or could not start.
    const BROKEN: M;
    /// The page's sentence (its `{why}` filled) when a job could not be posted to the worker.
    const NOT_HANDED: M;

    /// In the worker: the job's input read from the job object the page posted.
    fn request(data: &JsValue) -> Self::Request;

    /// In the worker: computes the job, saying each stage as it starts through `stages`; an
    /// error is the job's failure, in the page's language.
    fn run(
        request: Self::Request,
        stages: Stages,
    ) -> impl Future<Output = Result<Self::Computed, String>> + 'static;
}

/// What a page's worker says, serialized as a JSON string: it is up, a stage of job `job` has
/// started, the job's result `T` or why it failed, or it stopped on an internal error.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromWorker<T> {
    Ready,
    /// Stage `step` of `steps` has started.
    Progress {
        job: u32,
        step: u32,
        steps: u32,
        label: String,
    },
    Done {
        job: u32,
        computed: T,
    },
    Failed {
        job: u32,
        message: String,
    },
    Crashed {
        message: String,
    },
}

impl<T: serde::Serialize + serde::de::DeserializeOwned> FromWorker<T> {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a worker message always serializes")
    }

    pub fn from_json(text: &str) -> Result<FromWorker<T>, String> {
        serde_json::from_str(text).map_err(|e| tr(M::WeFromWorkerUnreadable, &[("detail", &e)]))
    }
}

/// What a page shows of its job: nothing yet, a stage running, the result as shown (`S`), or
/// why there is none.
pub enum JobStatus<S> {
    Waiting,
    Running {
        step: u32,
        steps: u32,
        label: String,
    },
    Done(Rc<S>),
    Failed(String),
}

/// What the page makes of a message of its worker ([`JobLoop::hear`]).
pub enum Heard<T, S> {
    /// The worker is up; `start`: a job was waiting for it, to be posted now.
    Ready { start: bool },
    /// The page's status from now on: a stage of the current job, its failure, or the
    /// worker's crash.
    Status(JobStatus<S>),
    /// The current job's result.
    Done(T),
    /// A message of a superseded job: nothing changes.
    Stale,
}

/// The page's side of the loop without the worker: whether the worker is up, whether a job
/// waits for it, and the current job's number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Turns {
    ready: bool,
    pending: bool,
    job: u32,
}

impl Turns {
    /// The next job's number, or None (the job waits) while the worker is not up.
    fn next(&mut self) -> Option<u32> {
        if !self.ready {
            self.pending = true;
            return None;
        }
        self.job += 1;
        Some(self.job)
    }
}

/// A page's worker and its jobs (see the module's documentation).
pub struct JobLoop<J: Job> {
    worker: Option<ModuleWorker>,
    turns: Turns,
    _job: PhantomData<J>,
}

impl<J: Job> JobLoop<J> {
    /// Starts the page's worker ([`Job::WORKER_URL`]); each message reaches the page as
    /// `received(..)`, an unreadable one or a worker error as `broken(..)`. With the loop, why
    /// the worker could not start (the page's failure), or `Ok`.
    pub fn spawn<C: yew::Component>(
        link: &yew::html::Scope<C>,
        received: fn(FromWorker<J::Computed>) -> C::Message,
        broken: fn(String) -> C::Message,
    ) -> (JobLoop<J>, Result<(), String>) {
        let (worker, started) = match module_worker::spawn_for(
            link,
            J::WORKER_URL,
            J::WHAT,
            FromWorker::from_json,
            received,
            broken,
        ) {
            Ok(w) => (Some(w), Ok(())),
            Err(e) => (None, Err(e)),
        };
        let jobs = JobLoop {
            worker,
            turns: Turns::default(),
            _job: PhantomData,
        };
        (jobs, started)
    }

    /// Whether the worker started and has not stopped.
    pub fn up(&self) -> bool {
        self.worker.is_some()
    }

    /// Whether the worker has said it is ready.
    pub fn ready(&self) -> bool {
        self.turns.ready
    }

    /// The status of a job about to start: stage 0 of [`Job::STEPS`], `label`.
    pub fn starting<S>(label: String) -> JobStatus<S> {
        JobStatus::Running {
            step: 0,
            steps: J::STEPS,
            label,
        }
    }

    /// Posts a new job, its files put into the job object by `fill`: the page's status from
    /// now on, or None (the status unchanged) when there is no worker, or when it is not up
    /// yet: the job then waits, and [`JobLoop::hear`] says to post it again once it is.
    pub fn post<S>(&mut self, fill: impl FnOnce(&js_sys::Object)) -> Option<JobStatus<S>> {
        let worker = &self.worker.as_ref()?.worker;
        let job = self.turns.next()?;
        let object = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&object, &JOB.into(), &JsValue::from(job));
        module_worker::give_lang(&object);
        fill(&object);
        Some(match worker.post_message(&object) {
            Ok(()) => Self::starting(t(M::AccStepStarting).into()),
            Err(e) => JobStatus::Failed(tr(J::NOT_HANDED, &[("why", &format!("{e:?}"))])),
        })
    }

    /// Drops the running job's result, whatever it is.
    pub fn supersede(&mut self) {
        self.turns.job += 1;
    }

    /// What a message of the worker means to the page; a crash stops the worker.
    pub fn hear<S>(&mut self, msg: FromWorker<J::Computed>) -> Heard<J::Computed, S> {
        let current = self.turns.job;
        match msg {
            FromWorker::Ready => {
                self.turns.ready = true;
                Heard::Ready {
                    start: std::mem::take(&mut self.turns.pending),
                }
            }
            FromWorker::Progress {
                job,
                step,
                steps,
                label,
            } if job == current => Heard::Status(JobStatus::Running { step, steps, label }),
            FromWorker::Done { job, computed } if job == current => Heard::Done(computed),
            FromWorker::Failed { job, message } if job == current => {
                Heard::Status(JobStatus::Failed(message))
            }
            FromWorker::Crashed { message } => {
                self.worker = None;
                Heard::Status(JobStatus::Failed(tr(J::CRASHED, &[("why", &message)])))
            }
            _ => Heard::Stale,
        }
    }

    /// The worker stopped (`why`): the page's status from now on.
    pub fn broken<S>(&mut self, why: String) -> JobStatus<S> {
        self.worker = None;
        JobStatus::Failed(tr(J::BROKEN, &[("why", &why)]))
    }
}

thread_local! {
    /// In the worker: the newest job's number.
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

/// In the worker: posts `msg` to the page.
fn post<T: serde::Serialize + serde::de::DeserializeOwned>(msg: &FromWorker<T>) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&msg.to_json()));
}

/// In the worker: says the stages of one job as they start.
pub struct Stages {
    job: u32,
    steps: u32,
}

impl Stages {
    /// Stage `step` (of the job's [`Job::STEPS`]) has started, doing `label`.
    pub fn start(&self, step: u32, label: &str) {
        // A stage carries no result: its message reads the same whatever the job computes.
        post(&FromWorker::<()>::Progress {
            job: self.job,
            step,
            steps: self.steps,
            label: label.into(),
        });
    }
}

/// The worker's loop, called by its entry point: listens for the page's jobs and runs each
/// with `J`; a newer job supersedes an older one (the older one's result is dropped, its
/// failure still said); a panic is said as the worker's crash. Says it is ready.
pub fn serve_jobs<J: Job>() {
    std::panic::set_hook(Box::new(|info| {
        post(&FromWorker::<J::Computed>::Crashed {
            message: tr(M::WeInternal, &[("detail", info)]),
        })
    }));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        module_worker::take_lang(&data);
        let job = js_sys::Reflect::get(&data, &JOB.into())
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0) as u32;
        let request = J::request(&data);
        CURRENT_JOB.with(|c| c.set(job));
        wasm_bindgen_futures::spawn_local(async move {
            let stages = Stages {
                job,
                steps: J::STEPS,
            };
            let msg = match J::run(request, stages).await {
                Ok(computed) if CURRENT_JOB.with(|c| c.get()) == job => {
                    FromWorker::Done { job, computed }
                }
                Ok(_) => return,
                Err(message) => FromWorker::Failed { job, message },
            };
            post(&msg);
        });
    });
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget(); // lives as long as the worker
    post(&FromWorker::<J::Computed>::Ready);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sum;

    impl Job for Sum {
        type Computed = u32;
        type Request = ();
        const WORKER_URL: &'static str = "/sum-worker.js";
        const WHAT: M = M::WeTheScorer;
        const STEPS: u32 = 3;
        const CRASHED: M = M::ScoresCrashed;
        const BROKEN: M = M::ScoresBroken;
        const NOT_HANDED: M = M::ScoresNotGiven;

        fn request(_: &JsValue) {}

        async fn run(_: (), _: Stages) -> Result<u32, String> {
            Ok(0)
        }
    }

    fn idle() -> JobLoop<Sum> {
        JobLoop {
            worker: None,
            turns: Turns::default(),
            _job: PhantomData,
        }
    }

    fn running(h: Heard<u32, ()>) -> Option<(u32, u32, String)> {
        match h {
            Heard::Status(JobStatus::Running { step, steps, label }) => Some((step, steps, label)),
            _ => None,
        }
    }

    /// A job asked for before the worker is up waits for it, and is posted once it says it is
    /// ready, once; then each job gets the next number.
    #[test]
    fn a_job_waits_for_the_worker_and_jobs_are_numbered() {
        let mut jobs = idle();
        assert_eq!(jobs.turns.next(), None);
        assert!(!jobs.ready());
        assert!(matches!(
            jobs.hear::<()>(FromWorker::Ready),
            Heard::Ready { start: true }
        ));
        assert!(jobs.ready());
        assert!(matches!(
            jobs.hear::<()>(FromWorker::Ready),
            Heard::Ready { start: false }
        ));
        assert_eq!(jobs.turns.next(), Some(1));
        assert_eq!(jobs.turns.next(), Some(2));
        jobs.supersede();
        assert_eq!(jobs.turns.next(), Some(4));
    }

    /// Only the current job's stages, result and failure reach the page: a superseded job's are
    /// dropped, whatever they are.
    #[test]
    fn a_superseded_job_says_nothing() {
        let mut jobs = idle();
        jobs.hear::<()>(FromWorker::Ready);
        let old = jobs.turns.next().unwrap();
        let new = jobs.turns.next().unwrap();
        let progress = |job| FromWorker::Progress {
            job,
            step: 2,
            steps: 3,
            label: "scoring".into(),
        };
        assert!(running(jobs.hear(progress(old))).is_none());
        assert_eq!(
            running(jobs.hear(progress(new))),
            Some((2, 3, "scoring".to_string()))
        );
        assert!(matches!(
            jobs.hear::<()>(FromWorker::Done {
                job: old,
                computed: 7
            }),
            Heard::Stale
        ));
        assert!(matches!(
            jobs.hear::<()>(FromWorker::Done {
                job: new,
                computed: 7
            }),
            Heard::Done(7)
        ));
        let failed = |job| FromWorker::Failed {
            job,
            message: "no".into(),
        };
        assert!(matches!(jobs.hear::<()>(failed(old)), Heard::Stale));
        assert!(matches!(
            jobs.hear::<()>(failed(new)),
            Heard::Status(JobStatus::Failed(m)) if m == "no"
        ));
        jobs.supersede();
        assert!(matches!(jobs.hear::<()>(failed(new)), Heard::Stale));
    }

    /// A crash, whichever job it came in, is the page's failure in the page's sentence; and
    /// the messages read back as they were written.
    #[test]
    fn a_crash_is_the_pages_failure_and_messages_read_back() {
        let mut jobs = idle();
        let crashed = jobs.hear::<()>(FromWorker::Crashed {
            message: "boom".into(),
        });
        let Heard::Status(JobStatus::Failed(m)) = crashed else {
            panic!("a crash is a failure");
        };
        assert_eq!(m, tr(M::ScoresCrashed, &[("why", &"boom")]));
        assert!(!jobs.up());
        assert!(matches!(
            jobs.broken::<()>("gone".into()),
            JobStatus::Failed(m) if m == tr(M::ScoresBroken, &[("why", &"gone")])
        ));
        let progress = FromWorker::<()>::Progress {
            job: 4,
            step: 1,
            steps: 2,
            label: "reading".into(),
        };
        let json = progress.to_json();
        assert_eq!(
            FromWorker::<Vec<u8>>::from_json(&json),
            Ok(FromWorker::Progress {
                job: 4,
                step: 1,
                steps: 2,
                label: "reading".into()
            })
        );
        let done = FromWorker::Done {
            job: 4,
            computed: vec![1u8, 2],
        };
        assert_eq!(FromWorker::from_json(&done.to_json()), Ok(done));
        assert!(FromWorker::<u32>::from_json("{\"type\":\"later\"}").is_err());
    }
}
