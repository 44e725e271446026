//! The seats: one adapter interface over the model providers and an external command (spec
//! §3.1 step 2: every seat asked at once with the same text; §3.13 requirement 2: per-seat
//! timeout, retries with backoff, a deadline, keys only from the environment).
//!
//! What to send and what a reply means is core's ([`sealbook_core::league::wire`]); this
//! module only moves bytes: [`http::HttpSeat`] over hyper's HTTP/1.1 client on tokio,
//! [`command::CommandSeat`] over a child process. [`ask_all`] asks every HTTP seat of a run as
//! a task on one event loop and every other seat on its own thread, and hands each reply back
//! through a channel the moment it arrives (read on a fixed pool of threads, see there), with
//! the raw body (its SHA-256 is the answer line's `own_sha256`) and the arrival instant, so
//! the caller can seal it at once.

pub mod command;
pub mod http;

use sealbook_core::league::redact::Secrets;
use sealbook_core::league::wire::{AskRequest, Finish, RetryAdvice, SeatOutcome};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest reply body read from a provider or a command (bytes). An answer for 12 markets
/// by 4 horizons is tens of kilobytes; anything past this bound is an error, never read on.
pub const DEFAULT_MAX_REPLY_BYTES: usize = 2 << 20;

/// One seat's ask as a task of the seats' event loop (a tokio runtime).
pub type SeatFuture = Pin<Box<dyn Future<Output = SeatReply> + Send + 'static>>;

/// A seat that can be asked. Implementations never panic on what the other side sends and
/// return by `deadline` (give or take one read of a socket or pipe).
pub trait SeatAdapter: Send + Sync + fmt::Debug {
    /// The seat's name in the roster.
    fn name(&self) -> &str;
    /// Asks once or more (retries) and returns the final reply.
    fn ask(&self, request: &AskRequest, deadline: Instant) -> SeatReply;
    /// The same ask as a future for the seats' event loop, for a seat that only waits on
    /// sockets and timers; `None` (the default) for a seat that needs a thread of its own
    /// (a child process), which [`ask_all`] then asks with [`SeatAdapter::ask`].
    fn ask_on_loop(&self, _request: &AskRequest, _deadline: Instant) -> Option<SeatFuture> {
        None
    }
}

/// When a seat's asking is to give up before its deadline: `None` while nothing asks it to,
/// else the instant (a server stopping, whose grace ends then). A seat that runs a child
/// process ([`command::CommandSeat`]) looks at it while it waits and kills the child then,
/// replying with the error kind [`STOPPED_KIND`].
#[derive(Clone)]
pub struct GiveUp(Arc<dyn Fn() -> Option<Instant> + Send + Sync>);

impl GiveUp {
    pub fn new(at: impl Fn() -> Option<Instant> + Send + Sync + 'static) -> GiveUp {
        GiveUp(Arc::new(at))
    }

    /// The instant to give up at, once one is asked.
    pub fn at(&self) -> Option<Instant> {
        (self.0)()
    }
}

impl fmt::Debug for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GiveUp")
    }
}

/// The error kind of a seat whose asking gave up before its deadline because the process is
/// stopping ([`GiveUp`]): not the seat's failure, and not kept (the seat is asked again by the
/// next process before the run's deadline).
pub const STOPPED_KIND: &str = "stopped";

/// Whether `reply` is a seat's asking given up because the process is stopping.
pub fn is_stopped(reply: &SeatReply) -> bool {
    matches!(&reply.outcome.finish, Finish::Error { kind, .. } if kind == STOPPED_KIND)
}

/// The final reply of one seat to one ask.
#[derive(Clone, PartialEq)]
pub struct SeatReply {
    pub seat: String,
    pub outcome: SeatOutcome,
    /// HTTP status of the last attempt (`None` for a command, or when no answer came).
    pub status: Option<u16>,
    /// The last attempt's body as received (at most the size bound, plus one byte when it was
    /// over). API keys echoed by a provider are replaced by `[REDACTED]`.
    pub raw: Vec<u8>,
    /// When the last attempt's body was complete (or when the seat gave up).
    pub arrived: Instant,
    pub attempts: u32,
    /// One line per earlier failed attempt (`http 500 api_error: ...`), for the log.
    pub earlier: Vec<String>,
    /// Whether a key was replaced in `raw` (the answer line then says it was redacted).
    pub redacted: bool,
}

impl SeatReply {
    /// SHA-256 of the raw body, lowercase hex: the answer line's `own_sha256`.
    pub fn own_sha256(&self) -> String {
        sealbook_core::hex::sha256_hex(&self.raw)
    }
}

impl fmt::Debug for SeatReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeatReply")
            .field("seat", &self.seat)
            .field("outcome", &self.outcome)
            .field("status", &self.status)
            .field("raw_bytes", &self.raw.len())
            .field("attempts", &self.attempts)
            .field("earlier", &self.earlier)
            .finish()
    }
}

/// An API key read from the environment. It is only ever put in a request header: its Debug
/// and Display print `[REDACTED]`, and it is not Clone-able into other types by accident.
#[derive(Clone)]
pub struct ApiKey(String);

impl ApiKey {
    /// The key in environment variable `var`; the error names the variable, never a value.
    pub fn from_env(var: &str) -> Result<ApiKey, String> {
        match std::env::var(var) {
            Ok(k) if !k.trim().is_empty() => Ok(ApiKey(k.trim().to_string())),
            Ok(_) => Err(format!("environment variable {var} (api_key_env) is empty")),
            Err(_) => Err(format!(
                "environment variable {var} (api_key_env) is not set"
            )),
        }
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// `bytes` with the key, and any fragment of it, replaced by `[REDACTED]` (providers
    /// echo a bad key in error bodies, and raw replies are published); the rule is
    /// [`sealbook_core::league::redact`]'s.
    #[cfg(test)]
    pub(crate) fn scrub(&self, bytes: &[u8]) -> Vec<u8> {
        self.scrub_found(bytes).unwrap_or_else(|| bytes.to_vec())
    }

    /// [`ApiKey::scrub`], `None` when there was nothing to replace.
    pub(crate) fn scrub_found(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        Secrets::new([&self.0]).scrub_bytes(bytes)
    }

    pub(crate) fn scrub_str(&self, s: &str) -> String {
        Secrets::new([&self.0]).scrubbed(s)
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey([REDACTED])")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[REDACTED]")
    }
}

/// How a seat retries: up to `max_attempts`, waiting `base * 2^k` (k = attempts so far, capped
/// at `max_backoff`) times a random factor in [0.5, 1.5), or the provider's `retry-after`;
/// never past the deadline: a wait that would end after it ends the seat's asking instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    pub max_attempts: u32,
    pub base: Duration,
    pub max_backoff: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 4,
            base: Duration::from_millis(500),
            max_backoff: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// The wait before attempt `attempts + 1` after `advice`, or `None` to stop.
    pub fn wait(&self, advice: &RetryAdvice, attempts: u32, left: Duration) -> Option<Duration> {
        if attempts >= self.max_attempts {
            return None;
        }
        let wait = match advice {
            RetryAdvice::No => return None,
            RetryAdvice::After(d) => *d,
            RetryAdvice::Backoff => {
                let exp = self
                    .base
                    .saturating_mul(1u32 << attempts.saturating_sub(1).min(16))
                    .min(self.max_backoff);
                exp.mul_f64(0.5 + jitter())
            }
        };
        // Leave room for the attempt itself: a wait that eats the whole time left is useless.
        (wait < left).then_some(wait)
    }
}

/// A random fraction in [0, 1) for backoff jitter, from the OS (no seed to share between
/// seats, so retries of many seats do not fall in step).
fn jitter() -> f64 {
    let mut b = [0u8; 8];
    if getrandom::getrandom(&mut b).is_err() {
        return 0.5;
    }
    (u64::from_le_bytes(b) >> 11) as f64 / (1u64 << 53) as f64
}

/// An outcome made by this module (timeouts, transport errors, size bound).
pub(crate) fn local_error(kind: &str, message: String, retry: RetryAdvice) -> SeatOutcome {
    SeatOutcome {
        text: None,
        provider_model: None,
        provider_finish: None,
        finish: Finish::Error {
            kind: kind.to_string(),
            message,
        },
        retry,
    }
}

/// One line for an attempt that will be retried.
pub(crate) fn summary(status: Option<u16>, o: &SeatOutcome) -> String {
    let status = status.map(|s| format!("http {s} ")).unwrap_or_default();
    match &o.finish {
        Finish::Error { kind, message } => format!("{status}{kind}: {message}"),
        other => format!("{status}{other:?}"),
    }
}

/// The runtime a seat's future runs on: one thread (the caller's), sockets and timers.
pub(crate) fn seat_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the seats' event loop: {e}"))
}

/// The error kind of a seat whose ask panicked: a fault of this program, not of the seat's
/// provider, recorded as that seat's failure (the other seats' asks go on) and reported by
/// the run ([`is_fault`]).
pub const PANIC_KIND: &str = "panic";

/// Whether `reply` is a fault of this program (its ask panicked) rather than the seat's.
pub fn is_fault(reply: &SeatReply) -> bool {
    matches!(&reply.outcome.finish, Finish::Error { kind, .. } if kind == PANIC_KIND)
}

/// The reply of a seat whose ask panicked with `payload`.
pub(crate) fn panicked(seat: &str, payload: &(dyn std::any::Any + Send)) -> SeatReply {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into());
    let mut r = not_started(seat, "");
    r.outcome = local_error(
        PANIC_KIND,
        format!("the seat's ask failed inside sealbook (a panic: {what})"),
        RetryAdvice::No,
    );
    r
}

/// A thread's name for seat `name`: its characters outside `A-Z a-z 0-9 . _ -` replaced by
/// `_` (a thread's name can hold no NUL; the config allows no other seat name anyway).
fn thread_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .take(64)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("seat-{safe}")
}

/// The reply of a seat that could not be asked at all (no thread, no event loop): said as
/// that seat's reply rather than lost.
pub(crate) fn not_started(seat: &str, why: &str) -> SeatReply {
    SeatReply {
        seat: seat.to_string(),
        outcome: local_error("spawn", why.to_string(), RetryAdvice::No),
        status: None,
        raw: Vec::new(),
        arrived: Instant::now(),
        attempts: 0,
        earlier: Vec::new(),
        redacted: false,
    }
}

/// Asks every seat at once, each with its own request (the same text, the seat's model) and
/// the run's deadline, and sends each reply on the returned channel the moment the seat is
/// done, so the first answer is sealed while the others are still being written. The channel
/// closes when every seat has replied.
///
/// One event loop runs the run's seats: a tokio runtime whose worker threads are the reply
/// pool (`seat-replies-<i>`, one per core), owned by a thread of its own (`seat-loop`). A seat
/// that only waits on sockets (every HTTP seat, [`SeatAdapter::ask_on_loop`]) is a task of
/// it: the task stamps its reply when the body's last byte is read and runs `then` (what a
/// reply needs before it can be written: reading it, sealing its line) at once, on the same
/// worker, with no hand-over to another thread. A seat that needs a thread (a command) gets
/// its own, which only waits on its child and hands the reply to a task of the loop. So a
/// burst of replies is read by a few threads, whatever the number of seats.
pub fn ask_all<T, F>(
    asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)>,
    deadline: Instant,
    then: F,
) -> mpsc::Receiver<T>
where
    T: Send + 'static,
    F: Fn(SeatReply) -> T + Send + Sync + 'static,
{
    let (tx, rx) = mpsc::channel();
    if asks.is_empty() {
        return rx;
    }
    let then = Arc::new(then);
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(asks.len());
    let names: Vec<String> = asks.iter().map(|(s, _)| s.name().to_string()).collect();
    let (then_if_refused, tx_if_refused) = (then.clone(), tx.clone());
    let spawned = std::thread::Builder::new()
        .name("seat-loop".into())
        .spawn(move || {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let built = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(workers)
                .thread_name_fn(move || {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    format!("seat-replies-{i}")
                })
                .enable_io()
                .enable_time()
                .build();
            let rt = match built {
                Ok(rt) => rt,
                Err(e) => {
                    for (seat, _) in asks {
                        let why = format!("cannot start the seats' event loop: {e}");
                        let _ = tx.send(then(not_started(seat.name(), &why)));
                    }
                    return;
                }
            };
            // A panic of the loop itself ends it; the seats it had not replied for are then
            // missing from the channel, which its reader reports.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                rt.block_on(run_seats(asks, deadline, then, tx))
            }));
        });
    if let Err(e) = spawned {
        // No loop, no ask: said as each seat's reply rather than lost (read on this thread).
        for name in names {
            let why = format!("cannot start a thread: {e}");
            let _ = tx_if_refused.send(then_if_refused(not_started(&name, &why)));
        }
    }
    rx
}

/// Every seat's ask as a task of the running loop (a command seat's on a thread of its own,
/// its reply brought back to a task), each task reading its reply with `then` and sending
/// the result on `out`; returns when every seat has replied.
async fn run_seats<T, F>(
    asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)>,
    deadline: Instant,
    then: Arc<F>,
    out: mpsc::Sender<T>,
) where
    T: Send + 'static,
    F: Fn(SeatReply) -> T + Send + Sync + 'static,
{
    let mut tasks = Vec::new();
    for (seat, request) in asks {
        let name = seat.name().to_string();
        let on_loop = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            seat.ask_on_loop(&request, deadline)
        }));
        let ask: SeatFuture = match on_loop {
            Err(payload) => {
                let reply = panicked(&name, payload.as_ref());
                Box::pin(async move { reply })
            }
            Ok(Some(task)) => task,
            Ok(None) => {
                let (reply_tx, reply_rx) = tokio::sync::oneshot::channel();
                let thread_seat = name.clone();
                let spawned =
                    std::thread::Builder::new()
                        .name(thread_name(&name))
                        .spawn(move || {
                            let asked =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                    seat.ask(&request, deadline)
                                }));
                            let reply = asked
                                .unwrap_or_else(|payload| panicked(&thread_seat, payload.as_ref()));
                            let _ = reply_tx.send(reply);
                        });
                let name = name.clone();
                Box::pin(async move {
                    match (spawned, reply_rx.await) {
                        (Ok(_), Ok(reply)) => reply,
                        (Err(e), _) => not_started(&name, &format!("cannot start a thread: {e}")),
                        (Ok(_), Err(_)) => {
                            not_started(&name, "the seat's thread ended without a reply")
                        }
                    }
                })
            }
        };
        let (then, out) = (then.clone(), out.clone());
        tasks.push((
            name,
            tokio::spawn(async move {
                let reply = ask.await;
                let _ = out.send(then(reply));
            }),
        ));
    }
    for (name, task) in tasks {
        // A task that panicked (asking, or reading its reply) still gives its seat a reply,
        // unless reading that one panics too: the seat is then missing from the channel.
        if let Err(e) = task.await {
            let payload: Box<dyn std::any::Any + Send> = match e.try_into_panic() {
                Ok(p) => p,
                Err(e) => Box::new(format!("the seat's task failed: {e}")),
            };
            let reply = panicked(&name, payload.as_ref());
            if let Ok(read) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| then(reply)))
            {
                let _ = out.send(read);
            }
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod bench;
