//! Chain verification of one book on several web workers (spec §3.2, Appendix B step 4): the
//! verifier worker cuts the book at line boundaries ([`cut_points`]), starts one range worker
//! per range (www/range-worker.js, given the already compiled chain module, [`range_module`],
//! and the dropped file), hashes the whole book beside them with core's `BookHasher`, and joins their
//! `RangeResult`s in book order with core's `Stitch`: the report is the one-worker verifier's,
//! byte for byte. Every worker reads its own range in slices of the file, so no worker holds
//! the whole book.

use crate::i18n::{t, tr, M};
use crate::module_worker::{give_lang, take_lang};
use crate::verifier::worker::{read_range, Named, CHUNK_BYTES};
use sealbook_core::book::chain::{
    cut_points, line_start, BookHasher, RangeResult, RangeVerifier, Stitch, VerifyOptions,
};
use sealbook_core::records::book_lines::BookLinesReader;
use sealbook_core::verifier::{BookRead, KindSniffer};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, DedicatedWorkerGlobalScope, Event, MessageEvent, Worker, WorkerOptions};

/// The range worker's script.
const RANGE_WORKER_URL: &str = "/range-worker.js";

/// Most range workers started for one book, whatever the page reports of its cores.
pub const MAX_RANGE_WORKERS: usize = 8;

/// Property names of the task object the verifier worker posts to a range worker:
/// `{module, file, start, end, lang}` (the compiled `WebAssembly.Module`, the book's Blob, the
/// range's byte offsets, and the page's language, [`crate::module_worker::LANG`], in which the
/// range worker words its errors).
const MODULE: &str = "module";
const FILE: &str = "file";
const START: &str = "start";
const END: &str = "end";

thread_local! {
    /// The compiled chain module (`verify-chain`'s wasm) when this module is another: the full
    /// verifier's, which took the worker over from the chain module
    /// ([`crate::verifier::worker`]) and was handed it then.
    static RANGE_MODULE: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Sets the compiled module range workers are started with (the chain module, when this one is
/// the full verifier's).
#[cfg(feature = "verify-worker")]
pub(crate) fn set_range_module(module: JsValue) {
    RANGE_MODULE.with(|m| *m.borrow_mut() = Some(module));
}

/// The compiled module a range worker instantiates: the chain module, which www/range-worker.js
/// imports the glue of: this module when no other was handed over.
fn range_module() -> JsValue {
    RANGE_MODULE.with(|m| m.borrow().clone().unwrap_or_else(wasm_bindgen::module))
}

/// A range worker's messages to the verifier worker, each as a JSON string.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromRange {
    /// Bytes and complete lines of the range read so far.
    Progress { bytes: u64, lines: u64 },
    /// The range's result in its wire form ([`RangeResult::to_wire`]).
    Done { wire: String },
    /// The range could not be read.
    Failed { message: String },
}

impl FromRange {
    fn post(&self) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let text = serde_json::to_string(self).expect("FromRange always serializes");
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
}

fn get(v: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(v, &k.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Entry point of a range worker (www/range-worker.js calls it with the task once the wasm
/// module is instantiated): verifies bytes `[start, end)` of the file with its start state
/// unknown, posting progress per slice and then the result.
#[cfg_attr(feature = "verify-chain", wasm_bindgen::prelude::wasm_bindgen)]
pub fn range_worker_main(task: JsValue) {
    take_lang(&task);
    std::panic::set_hook(Box::new(|info| {
        FromRange::Failed {
            message: tr(M::WeInternal, &[("detail", info)]),
        }
        .post()
    }));
    wasm_bindgen_futures::spawn_local(async move {
        let msg = match verify_range(&task).await {
            Ok(wire) => FromRange::Done { wire },
            Err(message) => FromRange::Failed { message },
        };
        msg.post();
    });
}

async fn verify_range(task: &JsValue) -> Result<String, String> {
    let file: Blob = get(task, FILE)
        .dyn_into()
        .map_err(|_| t(M::WeRangeNoFile).to_string())?;
    let (start, end) = match (get(task, START).as_f64(), get(task, END).as_f64()) {
        (Some(s), Some(e)) if 0.0 <= s && s <= e => (s as u64, e as u64),
        _ => return Err(t(M::WeRangeNoBytes).into()),
    };
    let named = Named {
        file,
        name: String::new(),
        anchor: false,
    };
    let mut v = RangeVerifier::new(&VerifyOptions::default());
    let mut buf = Vec::new();
    let mut at = start;
    while at < end && !v.needs_restart() {
        let to = (at + CHUNK_BYTES).min(end);
        read_range(&named, at, to, &mut buf).await?;
        v.feed(&buf);
        at = to;
        FromRange::Progress {
            bytes: at - start,
            lines: v.lines(),
        }
        .post();
    }
    Ok(v.finish().to_wire())
}

/// What the verifier worker knows of one running range.
#[derive(Default)]
struct RangeState {
    bytes: u64,
    lines: u64,
    /// The final message's outcome: the result's wire text, or why there is none.
    outcome: Option<Result<String, String>>,
    /// Resolves the range's promise once `outcome` is set.
    resolve: Option<js_sys::Function>,
}

/// A started range worker; terminated when dropped (also when a newer job supersedes this
/// one).
struct RangeWorker {
    worker: Worker,
    state: Rc<RefCell<RangeState>>,
    finished: js_sys::Promise,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Drop for RangeWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

impl RangeWorker {
    /// Starts a worker on bytes `[start, end)` of `file`; `moved` is called after each of its
    /// progress messages.
    fn start(file: &Blob, start: u64, end: u64, moved: Rc<dyn Fn()>) -> Result<Self, String> {
        let opts = WorkerOptions::new();
        opts.set_type(web_sys::WorkerType::Module);
        let worker = Worker::new_with_options(RANGE_WORKER_URL, &opts)
            .map_err(|e| tr(M::WeRangeNotStarted, &[("detail", &format!("{e:?}"))]))?;
        let state = Rc::new(RefCell::new(RangeState::default()));
        let finished = js_sys::Promise::new(&mut |resolve, _reject| {
            state.borrow_mut().resolve = Some(resolve);
        });
        let end_with = |state: &Rc<RefCell<RangeState>>, outcome: Result<String, String>| {
            let resolve = {
                let mut s = state.borrow_mut();
                if s.outcome.is_some() {
                    return;
                }
                s.outcome = Some(outcome);
                s.resolve.take()
            };
            if let Some(r) = resolve {
                let _ = r.call0(&JsValue::NULL);
            }
        };
        let on_state = state.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            match serde_json::from_str::<FromRange>(&text) {
                Ok(FromRange::Progress { bytes, lines }) => {
                    {
                        let mut s = on_state.borrow_mut();
                        s.bytes = bytes;
                        s.lines = lines;
                    }
                    moved();
                }
                Ok(FromRange::Done { wire }) => end_with(&on_state, Ok(wire)),
                Ok(FromRange::Failed { message }) => end_with(&on_state, Err(message)),
                Err(e) => end_with(&on_state, Err(tr(M::WeRangeUnreadable, &[("detail", &e)]))),
            }
        });
        let err_state = state.clone();
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let detail = js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string());
            let why = match detail {
                Some(detail) => tr(M::WeRangeFailed, &[("detail", &detail)]),
                None => t(M::WeRangeFailedStopped).to_string(),
            };
            end_with(&err_state, Err(why));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let task = js_sys::Object::new();
        give_lang(&task);
        for (k, v) in [
            (MODULE, range_module()),
            (FILE, file.into()),
            (START, (start as f64).into()),
            (END, (end as f64).into()),
        ] {
            js_sys::Reflect::set(&task, &k.into(), &v)
                .map_err(|e| tr(M::WeRangeTaskNotBuilt, &[("detail", &format!("{e:?}"))]))?;
        }
        worker
            .post_message(&task)
            .map_err(|e| tr(M::WeRangeNotHanded, &[("detail", &format!("{e:?}"))]))?;
        Ok(RangeWorker {
            worker,
            state,
            finished,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

/// Where each range of `book` (`size` bytes) starts: 0, then the first line start at or after
/// each of core's cut points, read from small slices around them.
async fn range_starts(book: &Named, size: u64, workers: usize) -> Result<Vec<u64>, String> {
    const WINDOW: u64 = 64 << 10;
    let mut starts = vec![0u64];
    let mut buf = Vec::new();
    for cut in cut_points(size, workers) {
        let last = *starts.last().expect("starts has 0");
        // The line start at or after `at`: just after the first LF at or after `at - 1`.
        let mut pos = cut.max(last).max(1) - 1;
        let start = loop {
            if pos >= size {
                break size;
            }
            let to = (pos + WINDOW).min(size);
            read_range(book, pos, to, &mut buf).await?;
            let found = line_start(&buf, 1);
            if found < buf.len() || buf.last() == Some(&b'\n') {
                break pos + found as u64;
            }
            pos = to;
        };
        if start < size && start > last {
            starts.push(start);
        }
    }
    Ok(starts)
}

/// Whether every range worker has given its result (or failed).
fn all_answered(ranges: &[RangeWorker]) -> bool {
    ranges.iter().all(|w| w.state.borrow().outcome.is_some())
}

/// The number of range workers for a book of `size` bytes on a machine reporting `threads`
/// cores: 1 means the book is read by the verifier worker alone.
pub fn range_workers(size: u64, threads: usize) -> usize {
    cut_points(size, threads.min(MAX_RANGE_WORKERS)).len() + 1
}

/// A book's lines read for the answers' verdicts ([`BookLinesReader`]) from its kept bytes,
/// beside the range workers: the per-line part of the verdicts, done while the chain is
/// verified elsewhere.
#[derive(Default)]
pub(crate) struct LinesAhead {
    pub(crate) reader: BookLinesReader,
    /// Kept bytes fed to `reader` so far.
    pub(crate) fed: usize,
}

impl LinesAhead {
    /// Feeds the kept bytes not yet read, up to `to`.
    pub(crate) fn feed_to(&mut self, kept: &[u8], to: usize) {
        let to = to.min(kept.len());
        if self.fed < to {
            self.reader.feed(&kept[self.fed..to]);
            self.fed = to;
        }
    }
}

/// Lets the worker's event loop run (the range workers' messages) before going on.
async fn next_task() {
    let later = js_sys::Promise::new(&mut |resolve, _reject| {
        let global = js_sys::global();
        let timer = js_sys::Reflect::get(&global, &"setTimeout".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let scheduled = timer.is_some_and(|t| t.call2(&global, &resolve, &0.into()).is_ok());
        if !scheduled {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(later).await;
}

/// Verifies `book` on `workers` range workers with the verifier worker hashing it (and
/// sniffing its kind, and keeping its bytes in `kept` when given) beside them. While the
/// ranges run, the verifier worker also reads the kept bytes' lines into `lines` when given
/// (it stops once every range has answered; the caller reads the rest). `progress` is told the
/// bytes and lines the ranges have checked; `stop` is asked after each slice whether a newer
/// job superseded this one (`Ok(None)`).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn verify_in_ranges(
    book: &Named,
    size: u64,
    prefix_at: Vec<u64>,
    workers: usize,
    mut kept: Option<&mut Vec<u8>>,
    mut lines: Option<&mut LinesAhead>,
    progress: Rc<dyn Fn(u64, u64)>,
    stop: impl Fn() -> bool,
) -> Result<Option<BookRead>, String> {
    let opts = VerifyOptions {
        prefix_at,
        ..Default::default()
    };
    let starts = range_starts(book, size, workers).await?;
    let bounds: Vec<(u64, u64)> = starts
        .iter()
        .zip(starts.iter().skip(1).chain(std::iter::once(&size)))
        .map(|(&a, &b)| (a, b))
        .collect();
    let running: Rc<RefCell<Vec<Rc<RefCell<RangeState>>>>> = Rc::default();
    let moved: Rc<dyn Fn()> = {
        let running = running.clone();
        Rc::new(move || {
            let (bytes, lines) = running.borrow().iter().fold((0, 0), |(b, l), s| {
                let s = s.borrow();
                (b + s.bytes, l + s.lines)
            });
            progress(bytes, lines)
        })
    };
    let mut ranges = Vec::with_capacity(bounds.len());
    for &(start, end) in &bounds {
        let w = RangeWorker::start(&book.file, start, end, moved.clone())?;
        running.borrow_mut().push(w.state.clone());
        ranges.push(w);
    }
    // The sequential part beside the ranges: the book's and its prefixes' SHA-256.
    let mut hasher = BookHasher::new(&opts);
    let mut kind = KindSniffer::default();
    let mut buf = Vec::new();
    let mut at = 0;
    while at < size {
        let to = (at + CHUNK_BYTES).min(size);
        read_range(book, at, to, &mut buf).await?;
        if stop() {
            return Ok(None);
        }
        hasher.feed(&buf);
        kind.feed(&buf);
        if let Some(k) = kept.as_deref_mut() {
            k.extend_from_slice(&buf);
        }
        at = to;
        if let (Some(l), Some(k)) = (lines.as_deref_mut(), kept.as_deref()) {
            if !all_answered(&ranges) {
                l.feed_to(k, k.len());
            }
        }
    }
    // The ranges still running: read more lines meanwhile, a slice at a time.
    if let (Some(l), Some(k)) = (lines, kept.as_deref()) {
        while l.fed < k.len() && !all_answered(&ranges) {
            l.feed_to(k, l.fed + CHUNK_BYTES as usize);
            next_task().await;
            if stop() {
                return Ok(None);
            }
        }
    }
    let mut stitch = Stitch::new(&opts);
    for (w, &(start, end)) in ranges.iter().zip(&bounds) {
        JsFuture::from(w.finished.clone()).await.map_err(|e| {
            tr(
                M::WeRangeStopped,
                &[("name", &book.name), ("detail", &format!("{e:?}"))],
            )
        })?;
        if stop() {
            return Ok(None);
        }
        let outcome = w.state.borrow_mut().outcome.take();
        // A range whose worker failed (it could not start, or crashed) or whose first line
        // leaves the state unknown is verified again here, from the joined state: the check
        // is always made.
        let joined = match outcome {
            Some(Ok(wire)) => {
                let result = RangeResult::from_wire(&wire)
                    .map_err(|e| tr(M::WeRangeAnswer, &[("name", &book.name), ("detail", &e)]))?;
                stitch.push(result).is_ok()
            }
            _ => false,
        };
        if !joined {
            let mut v = stitch.verifier();
            let mut pos = start;
            while pos < end {
                let to = (pos + CHUNK_BYTES).min(end);
                read_range(book, pos, to, &mut buf).await?;
                if stop() {
                    return Ok(None);
                }
                v.feed(&buf);
                pos = to;
            }
            stitch
                .push(v.finish())
                .map_err(|_| tr(M::WeRangeNotJoined, &[("name", &book.name)]))?;
        }
    }
    drop(ranges);
    Ok(Some(BookRead {
        report: stitch.finish(hasher.finish()),
        kind: kind.finish(),
    }))
}
