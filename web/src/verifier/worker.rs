//! The verifier worker: reads the dropped files in chunks and runs `sealbook-core` on them
//! off the page's thread (chains, stamps, OpenTimestamps proofs against the pasted headers,
//! RFC 3161 tokens against the chosen trust anchors, Rekor entries against the log key),
//! posting progress and the final [`VerifierReport`] with its verdict ([`Overall`]); and, asked
//! on their own, analyses Bitcoin header files dropped as files.
//!
//! The worker runs two wasm modules built from this file. www/worker.js (a module worker) loads
//! the chain module (`verify-chain`: chains, stamped lists, the answers, the report documents)
//! and calls its [`worker_main`], so a book and its stamped lists are verified with that small
//! module alone. A message that needs another verifier (an OpenTimestamps proof, an RFC 3161
//! token, a Rekor entry, a certificate, pasted headers or header files:
//! [`needs_full`]) makes the chain module load the full verifier's module (`verify-worker`)
//! through the loader www/worker.js gave it, and hand the worker over to it
//! ([`worker_takeover`]) with the messages that came meanwhile; from then on the full module
//! answers every message, and its range workers still run the chain module. A new job supersedes
//! a running one: the old one stops at its next chunk.

use crate::i18n::{core_messages, t, tr, M};
use crate::verifier::protocol::{
    FromWorker, ANCHOR, ANCHORS, ASK_TEXTS, BOOKS, CERTS, CLIMATOLOGY, FILE, HEADERS, HEADER_FILES,
    JOB, LISTS, LOG_KEY, NAME, NOW, PRINTABLE, PROOFS, REKOR, REPORT_DOCUMENT, SOURCE, THREADS,
    TOKENS,
};
use crate::verifier::range_worker::{range_workers, verify_in_ranges, LinesAhead};
use sealbook_core::records::published::PublishedFile;
#[cfg(feature = "verify-worker")]
use sealbook_core::verifier::header_files::analyze_header_files;
use sealbook_core::verifier::overall::Overall;
use sealbook_core::verifier::report_document::{ReportContext, ReportDocument};
use sealbook_core::verifier::session::{LeagueRead, Session, Verified, MAX_SMALL_BYTES};
use sealbook_core::verifier::timeline::Timeline;
#[cfg(feature = "verify-worker")]
use sealbook_core::verifier::MAX_PROOF_BYTES;
use sealbook_core::verifier::{BookReader, FileError, VerifierReport, MAX_LIST_BYTES};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, DedicatedWorkerGlobalScope, File, MessageEvent};

/// Bytes read from a book per step; also the granularity of progress messages.
pub const CHUNK_BYTES: u64 = 4 << 20;

thread_local! {
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
    /// The last finished job, its report before its sentences were worded and what was read:
    /// what the report document is made of when the page asks for it.
    static LAST_DONE: RefCell<Option<(u32, VerifierReport, ReportContext)>> = const { RefCell::new(None) };
}

/// The report document of job `job` read from `source`: core's [`ReportDocument`] as JSON (the
/// CLI's), or as a printable page in the page's language ([`crate::verifier::report_html`]) when
/// `printable`; `None` when that job is not the last finished one.
fn report_document(job: u32, source: String, printable: bool) -> Option<String> {
    LAST_DONE.with(|last| {
        let mut last = last.borrow_mut();
        let (done, report, context) = last.as_mut()?;
        if *done != job {
            return None;
        }
        context.source = source;
        if printable {
            #[cfg(feature = "verify-chain")]
            return Some(printable_report(report, context));
        }
        Some(ReportDocument::of(report, context).to_json())
    })
}

/// The printable page of `report`: the verdict read from its messages, its sentences then
/// worded in the page's language.
#[cfg(feature = "verify-chain")]
fn printable_report(report: &VerifierReport, context: &ReportContext) -> String {
    let verdict = Overall::of(report);
    let mut worded = report.clone();
    if let Some(answers) = &mut worded.answers {
        answers.word(&crate::i18n::answer_words::PageWording);
    }
    let mut doc = ReportDocument::of(&worded, context);
    doc.verdict = verdict;
    doc.file_problems = sealbook_core::verifier::report_document::problems(report)
        .iter()
        .map(core_messages::file_problem)
        .collect();
    crate::verifier::report_html::render(&doc)
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(msg: &FromWorker) {
    // Posting a string to the page cannot fail for lack of cloneability.
    let _ = scope().post_message(&JsValue::from_str(&msg.to_json()));
    #[cfg(not(feature = "verify-worker"))]
    if matches!(msg, FromWorker::Done { .. }) {
        prefetch_full();
    }
}

thread_local! {
    /// In the full verifier's module: the chain module's [`report_document`], for the job it
    /// finished before it handed the worker over.
    #[cfg(feature = "verify-worker")]
    static CHAIN_DOCUMENT: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// The chain module's loader of the full verifier's module (www/worker.js's), and the
    /// messages waiting for it once one needed it: `None` until then.
    #[cfg(not(feature = "verify-worker"))]
    static HANDOFF: RefCell<(Option<js_sys::Function>, Option<Vec<JsValue>>)> =
        const { RefCell::new((None, None)) };
    /// In the chain module: whether the full verifier's module was asked for in the background.
    #[cfg(not(feature = "verify-worker"))]
    static PREFETCHED: Cell<bool> = const { Cell::new(false) };
}

/// Entry point of the worker, in the chain module: listens for messages and announces it is
/// ready. `load_full` returns a promise of the full verifier's module (its glue's namespace,
/// initialized), the same one however often it is called: called in the background after the
/// first verdict ([`prefetch_full`]) and by the first message that needs it ([`needs_full`]).
#[cfg(not(feature = "verify-worker"))]
#[cfg_attr(feature = "verify-chain", wasm_bindgen::prelude::wasm_bindgen)]
pub fn worker_main(load_full: js_sys::Function) {
    HANDOFF.with(|h| h.borrow_mut().0 = Some(load_full));
    listen();
    post(&FromWorker::Ready);
}

/// Entry point of the full verifier's module, called by the chain module's [`hand_over`]: takes
/// the worker's messages over, starts range workers with the chain module `chain` (which
/// www/range-worker.js loads), asks `chain_document` (the chain module's [`report_document`],
/// `(job, source, printable)` to a string or undefined) for the report document of a job the
/// chain module finished, and handles `waiting` (an array of the messages the chain module
/// received since the first that needed this module), in order. The worker was announced ready
/// by the chain module.
#[cfg(feature = "verify-worker")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_takeover(chain: JsValue, chain_document: js_sys::Function, waiting: js_sys::Array) {
    crate::verifier::range_worker::set_range_module(chain);
    CHAIN_DOCUMENT.with(|d| *d.borrow_mut() = Some(chain_document));
    listen();
    for data in waiting.iter() {
        handle(data);
    }
}

/// Whether the message `data` needs the full verifier's module: a job with an OpenTimestamps
/// proof, an RFC 3161 token, a Rekor entry, a certificate, or pasted headers (any text: only
/// that module parses it); or header files to analyse. A job of books, stamped lists, ask texts
/// and the trust anchors and log key, and a report document, does not.
pub fn needs_full(data: &JsValue) -> bool {
    let has = |k: &str| js_sys::Reflect::has(data, &k.into()).unwrap_or(false);
    if has(HEADER_FILES) {
        return true;
    }
    if has(REPORT_DOCUMENT) {
        return false;
    }
    let any = |k: &str| {
        js_sys::Reflect::get(data, &k.into())
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
            .is_some_and(|v| js_sys::Array::from(&v).length() > 0)
    };
    let headers = js_sys::Reflect::get(data, &HEADERS.into())
        .ok()
        .and_then(|h| h.as_string())
        .unwrap_or_default();
    !headers.is_empty() || [PROOFS, TOKENS, REKOR, CERTS].into_iter().any(any)
}

/// Loads (fetches and compiles) the full verifier's module in the background, once, after the
/// chain module posted its first verdict: a reader who then goes offline still has it when an
/// OpenTimestamps proof, a token or a Rekor entry arrives. The worker stays with the chain module
/// until a message needs the full one ([`hand_over`], whose load www/worker.js answers with this
/// one's module). A load that fails is forgotten by the loader and tried again by [`hand_over`].
#[cfg(not(feature = "verify-worker"))]
fn prefetch_full() {
    if PREFETCHED.with(|p| p.replace(true)) {
        return;
    }
    let Some(load) = HANDOFF.with(|h| h.borrow().0.clone()) else {
        return;
    };
    if let Ok(promise) = load.call0(&JsValue::NULL).map(js_sys::Promise::from) {
        // Its failure is the next load's to report: nothing is waiting for this one.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = JsFuture::from(promise).await;
        });
    }
}

/// Hands the worker over to the full verifier's module with `data` (a message it needs):
/// supersedes the running job, loads the module once and queues the messages that arrive
/// meanwhile. A module that cannot be loaded is the worker's crash (the page starts a new one).
#[cfg(not(feature = "verify-worker"))]
fn hand_over(data: JsValue) {
    if let Some(job) = js_sys::Reflect::get(&data, &JOB.into())
        .ok()
        .and_then(|v| v.as_f64())
    {
        CURRENT_JOB.with(|c| c.set(job as u32));
    }
    let load = HANDOFF.with(|h| {
        let mut h = h.borrow_mut();
        match &mut h.1 {
            Some(waiting) => {
                waiting.push(data);
                None
            }
            None => {
                h.1 = Some(vec![data]);
                Some(h.0.clone())
            }
        }
    });
    let Some(load) = load else {
        return; // loading already
    };
    wasm_bindgen_futures::spawn_local(async move {
        let crashed = |detail: String| {
            post(&FromWorker::Crashed {
                message: tr(M::WeInternal, &[("detail", &detail)]),
            })
        };
        let Some(load) = load else {
            return crashed("no loader of the full verifier's module".into());
        };
        let full = match load.call0(&JsValue::NULL).map(js_sys::Promise::from) {
            Ok(p) => JsFuture::from(p).await,
            Err(e) => Err(e),
        };
        let takeover = full.and_then(|m| {
            js_sys::Reflect::get(&m, &"worker_takeover".into())?.dyn_into::<js_sys::Function>()
        });
        let takeover = match takeover {
            Ok(f) => f,
            Err(e) => return crashed(format!("{e:?}")),
        };
        let waiting: js_sys::Array = HANDOFF
            .with(|h| h.borrow_mut().1.take().unwrap_or_default())
            .into_iter()
            .collect();
        let document = Closure::<dyn Fn(u32, String, bool) -> Option<String>>::new(report_document)
            .into_js_value();
        // From here on, the full module's listener replaces this one.
        if let Err(e) = takeover.call3(&JsValue::NULL, &wasm_bindgen::module(), &document, &waiting)
        {
            crashed(format!("{e:?}"));
        }
    });
}

/// Listens for the page's messages: this module's from now on.
fn listen() {
    // Core never panics on bad input; should a bug panic anyway, say so instead of hanging.
    std::panic::set_hook(Box::new(|info| {
        post(&FromWorker::Crashed {
            message: tr(M::WeInternal, &[("detail", info)]),
        })
    }));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        #[cfg(not(feature = "verify-worker"))]
        if HANDOFF.with(|h| h.borrow().1.is_some()) || needs_full(&data) {
            return hand_over(data);
        }
        handle(data);
    });
    scope().set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget(); // lives as long as the worker
}

/// The report document of job `job` from the chain module, when it finished that job before it
/// handed the worker over.
#[cfg(feature = "verify-worker")]
fn chain_report_document(job: u32, source: String, printable: bool) -> Option<String> {
    let f = CHAIN_DOCUMENT.with(|d| d.borrow().clone())?;
    f.call3(
        &JsValue::NULL,
        &job.into(),
        &source.into(),
        &printable.into(),
    )
    .ok()?
    .as_string()
}

/// Handles one message of the page.
fn handle(data: JsValue) {
    // The job's errors are worded in the page's language.
    crate::module_worker::take_lang(&data);
    if let Some(job) = js_sys::Reflect::get(&data, &REPORT_DOCUMENT.into())
        .ok()
        .and_then(|v| v.as_f64())
    {
        let source = js_sys::Reflect::get(&data, &SOURCE.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let printable = js_sys::Reflect::get(&data, &PRINTABLE.into())
            .ok()
            .is_some_and(|v| v.is_truthy());
        let job = job as u32;
        let result = report_document(job, source.clone(), printable);
        #[cfg(feature = "verify-worker")]
        let result = result.or_else(|| chain_report_document(job, source, printable));
        post(&FromWorker::Document {
            job,
            printable,
            result: result.ok_or_else(|| t(M::ReportNotReady).to_string()),
        });
        return;
    }
    #[cfg(feature = "verify-worker")]
    if js_sys::Reflect::has(&data, &HEADER_FILES.into()).unwrap_or(false) {
        let named = files(&data, HEADER_FILES);
        wasm_bindgen_futures::spawn_local(async move {
            post(&FromWorker::HeaderRun {
                result: header_run(&named).await,
            });
        });
        return;
    }
    let job = js_sys::Reflect::get(&data, &JOB.into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0) as u32;
    let books = files(&data, BOOKS);
    let lists = files(&data, LISTS);
    let proofs = files(&data, PROOFS);
    let ask_texts = files(&data, ASK_TEXTS);
    let climatology = files(&data, CLIMATOLOGY);
    let headers = js_sys::Reflect::get(&data, &HEADERS.into())
        .ok()
        .and_then(|h| h.as_string())
        .unwrap_or_default();
    let threads = js_sys::Reflect::get(&data, &THREADS.into())
        .ok()
        .and_then(|v| v.as_f64())
        .filter(|t| *t >= 1.0)
        .map_or(1, |t| t.min(1024.0) as usize);
    let now_ms = js_sys::Reflect::get(&data, &NOW.into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let signed = SignedTime {
        tokens: files(&data, TOKENS),
        rekor: files(&data, REKOR),
        certs: files(&data, CERTS),
        anchors: files(&data, ANCHORS),
        log_key: files(&data, LOG_KEY),
        now: (now_ms / 1000.0).floor() as i64,
    };
    CURRENT_JOB.with(|c| c.set(job));
    wasm_bindgen_futures::spawn_local(async move {
        let msg = match run(
            job,
            Job {
                books,
                lists,
                proofs,
                ask_texts,
                climatology,
                headers,
                signed,
                threads,
            },
        )
        .await
        {
            Ok(Some((report, overall))) => FromWorker::Done {
                job,
                timeline: Box::new(Timeline::of(&report)),
                report: Box::new(report),
                overall: Box::new(overall),
            },
            Ok(None) => return, // superseded
            Err(message) => FromWorker::Failed { job, message },
        };
        post(&msg);
    });
}

/// A file of the job (any Blob: a dropped File, or a bundle file the page fetched) with the
/// name the page shows for it.
pub(crate) struct Named {
    pub(crate) file: Blob,
    pub(crate) name: String,
    /// A certificate the reader marked as a trust anchor.
    #[cfg_attr(not(feature = "verify-worker"), allow(dead_code))]
    pub(crate) anchor: bool,
}

fn files(data: &JsValue, key: &str) -> Vec<Named> {
    let get = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok();
    let Some(list) = get(data, key) else {
        return Vec::new();
    };
    js_sys::Array::from(&list)
        .iter()
        .filter_map(|item| {
            let file = get(&item, FILE)?.dyn_into::<Blob>().ok()?;
            let name = get(&item, NAME)
                .and_then(|n| n.as_string())
                .or_else(|| file.dyn_ref::<File>().map(File::name))
                .unwrap_or_default();
            let anchor = get(&item, ANCHOR).is_some_and(|a| a.is_truthy());
            Some(Named { file, name, anchor })
        })
        .collect()
}

fn superseded(job: u32) -> bool {
    CURRENT_JOB.with(|c| c.get()) != job
}

/// Reads bytes `[start, end)` of `file` into `buf` (cleared first).
pub(crate) async fn read_range(
    f: &Named,
    start: u64,
    end: u64,
    buf: &mut Vec<u8>,
) -> Result<(), String> {
    let blob = f
        .file
        .slice_with_f64_and_f64(start as f64, end as f64)
        .map_err(|e| {
            tr(
                M::WeFileSlice,
                &[
                    ("name", &f.name),
                    ("start", &start),
                    ("end", &end),
                    ("detail", &format!("{e:?}")),
                ],
            )
        })?;
    let array = JsFuture::from(blob.array_buffer())
        .await
        .map_err(|e| crate::module_worker::unreadable(&f.name, &e))?;
    let bytes = js_sys::Uint8Array::new(&array);
    buf.resize(bytes.length() as usize, 0);
    bytes.copy_to(buf);
    Ok(())
}

/// The files and pasted headers of one job.
struct Job {
    books: Vec<Named>,
    lists: Vec<Named>,
    proofs: Vec<Named>,
    ask_texts: Vec<Named>,
    /// The climatology table, when given (spec §4.3).
    climatology: Vec<Named>,
    headers: String,
    signed: SignedTime,
    /// Cores the page reports (`navigator.hardwareConcurrency`): a large book is verified on
    /// that many range workers ([`crate::verifier::range_worker`]).
    threads: usize,
}

/// The job's RFC 3161 tokens, Rekor entries, certificates (none in the chain module's jobs) and
/// trust choices.
#[cfg_attr(not(feature = "verify-worker"), allow(dead_code))]
struct SignedTime {
    tokens: Vec<Named>,
    rekor: Vec<Named>,
    certs: Vec<Named>,
    anchors: Vec<Named>,
    log_key: Vec<Named>,
    now: i64,
}

/// Reads a small file whole (tokens, entries, certificates, keys), refusing one over `limit`.
async fn read_small(
    f: &Named,
    limit: u64,
    buf: &mut Vec<u8>,
) -> Result<Result<Vec<u8>, FileError>, String> {
    let size = f.file.size() as u64;
    if size > limit {
        return Ok(Err(FileError::TooLarge {
            name: f.name.clone(),
            size,
            limit,
        }));
    }
    read_range(f, 0, size, buf).await?;
    Ok(Ok(buf.clone()))
}

/// Reads the trust anchors and log key (the chain module's jobs carry the shipped ones too),
/// the certificates, tokens and Rekor entries (none in the chain module's jobs) into the
/// session. `Ok(false)` when a newer job superseded this one.
async fn read_signed_time(
    job: u32,
    s: &SignedTime,
    session: &mut Session,
    buf: &mut Vec<u8>,
) -> Result<bool, String> {
    for a in &s.anchors {
        let bytes = read_small(a, MAX_SIGNED_FILE_BYTES, buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        session.trust_anchor(&a.name, bytes);
    }
    if let Some(k) = s.log_key.first() {
        let bytes = read_small(k, MAX_SIGNED_FILE_BYTES, buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        session.log_key(&k.name, bytes);
    }
    // The chain module is given no certificate, token or Rekor entry ([`needs_full`]); reading
    // them would link the session's paths for them into it.
    #[cfg(not(feature = "verify-worker"))]
    let _ = job;
    #[cfg(feature = "verify-worker")]
    for c in &s.certs {
        let bytes = read_small(c, MAX_SIGNED_FILE_BYTES, buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        session.certificate(&c.name, bytes, c.anchor);
    }
    #[cfg(feature = "verify-worker")]
    for (kind, files) in [
        (LeagueRead::TimestampToken, &s.tokens),
        (LeagueRead::RekorEntry, &s.rekor),
    ] {
        for f in files {
            let size = f.file.size() as u64;
            if size > MAX_SIGNED_FILE_BYTES {
                session.too_large(kind, &f.name, size, MAX_SIGNED_FILE_BYTES);
            } else {
                read_range(f, 0, size, buf).await?;
                session.feed_as(kind, &f.name, std::mem::take(buf));
            }
            if superseded(job) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Bitcoin header files dropped as files of their own, read and analysed as one run (core's
/// [`analyze_header_files`]), worded in the page's language when they cannot be.
#[cfg(feature = "verify-worker")]
async fn header_run(
    named: &[Named],
) -> Result<(Vec<String>, sealbook_core::ots::bitcoin::HeaderAnalysis), String> {
    let mut buf = Vec::new();
    let mut read = Vec::with_capacity(named.len());
    for f in named {
        let bytes = read_small(f, MAX_HEADER_FILE_BYTES, &mut buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        read.push((f.name.clone(), bytes));
    }
    analyze_header_files(&read).map_err(|e| crate::i18n::ots_messages::header_file(&e))
}

/// Largest header file read: one raw header is 80 bytes.
#[cfg(feature = "verify-worker")]
const MAX_HEADER_FILE_BYTES: u64 = 80;

/// Largest book kept in memory for the answers' verdicts (bytes); a larger one is judged by
/// `sealbook verify DIR --answers`.
const MAX_JUDGED_BOOK_BYTES: u64 = 256 << 20;

/// Largest token, Rekor entry, certificate, key or ask text read (bytes); real ones are a few KiB.
const MAX_SIGNED_FILE_BYTES: u64 = 1 << 20;

/// One job: read the lists, proofs, signed time, books (in chunks, or on range workers), ask
/// texts and climatology table into core's [`Session`], finish it (the anchors checked by this
/// module's `StampChecks`) and give the verdict. `Ok(None)` when a newer job superseded this
/// one.
async fn run(
    job: u32,
    Job {
        books,
        lists,
        proofs,
        ask_texts,
        climatology,
        headers,
        signed,
        threads,
    }: Job,
) -> Result<Option<(VerifierReport, Overall)>, String> {
    let mut buf = Vec::new();
    let mut session = Session::new("", signed.now);
    for list in &lists {
        let size = list.file.size() as u64;
        if size > MAX_LIST_BYTES {
            session.too_large(LeagueRead::StampedList, &list.name, size, MAX_LIST_BYTES);
        } else {
            read_range(list, 0, size, &mut buf).await?;
            session.stamped_list(&list.name, std::mem::take(&mut buf));
        }
        if superseded(job) {
            return Ok(None);
        }
    }
    // The chain module is given no proof and no pasted headers ([`needs_full`]); parsing the
    // headers would link the Bitcoin header analysis into it, and reading proofs the session's
    // path for them.
    #[cfg(not(feature = "verify-worker"))]
    let _ = (&headers, &proofs);
    #[cfg(feature = "verify-worker")]
    session.headers_read(sealbook_core::verifier::HeadersInput::parse(&headers));
    #[cfg(feature = "verify-worker")]
    for proof in &proofs {
        let size = proof.file.size() as u64;
        if size > MAX_PROOF_BYTES {
            session.too_large(LeagueRead::Proof, &proof.name, size, MAX_PROOF_BYTES);
        } else {
            read_range(proof, 0, size, &mut buf).await?;
            session.feed_as(LeagueRead::Proof, &proof.name, std::mem::take(&mut buf));
        }
        if superseded(job) {
            return Ok(None);
        }
    }
    if !read_signed_time(job, &signed, &mut session, &mut buf).await? {
        return Ok(None);
    }
    let names: Vec<String> = books.iter().map(|b| b.name.clone()).collect();
    let plan = session.stamp_plan(&names);
    let total: u64 = books.iter().map(|b| b.file.size() as u64).sum();
    let mut done = 0u64;
    let is_asks = |name: &str| PublishedFile::of(name) == PublishedFile::AskChain;
    // The book whose answers are judged: the first that is not the ask chain.
    let council = names.iter().position(|n| !is_asks(n));
    for (i, book) in books.iter().enumerate() {
        let size = book.file.size() as u64;
        // The book's bytes, kept for the answers' verdicts when small enough.
        let mut bytes = (size <= MAX_JUDGED_BOOK_BYTES).then(|| Vec::with_capacity(size as usize));
        let workers = range_workers(size, threads);
        if workers > 1 {
            // The council book's lines, read beside the range workers.
            let mut lines = (council == Some(i) && bytes.is_some()).then(LinesAhead::default);
            let before = done;
            let name = names[i].clone();
            let progress = Rc::new(move |checked: u64, lines: u64| {
                post(&FromWorker::Progress {
                    job,
                    book: name.clone(),
                    done: before + checked,
                    total,
                    lines,
                })
            });
            let read = verify_in_ranges(
                book,
                size,
                plan.prefix_at(i),
                workers,
                bytes.as_mut(),
                lines.as_mut(),
                progress,
                || superseded(job),
            )
            .await?;
            let Some(read) = read else {
                return Ok(None);
            };
            done += size;
            // The book's chain is verified: its line count as joined.
            post(&FromWorker::Progress {
                job,
                book: names[i].clone(),
                done,
                total,
                lines: read.report.lines,
            });
            let lines = match (lines, bytes.as_deref()) {
                (Some(mut l), Some(b)) => {
                    l.feed_to(b, b.len());
                    Some(l.reader.finish())
                }
                _ => None,
            };
            session.book_read(&names[i], is_asks(&names[i]), read, bytes, lines);
            continue;
        }
        let mut verifier = BookReader::new(plan.prefix_at(i));
        let mut start = 0;
        while start < size {
            let end = (start + CHUNK_BYTES).min(size);
            read_range(book, start, end, &mut buf).await?;
            if superseded(job) {
                return Ok(None);
            }
            verifier.feed(&buf);
            if let Some(b) = bytes.as_mut() {
                b.extend_from_slice(&buf);
            }
            done += end - start;
            start = end;
            post(&FromWorker::Progress {
                job,
                book: names[i].clone(),
                done,
                total,
                lines: verifier.lines(),
            });
        }
        session.book_read(
            &names[i],
            is_asks(&names[i]),
            verifier.finish(),
            bytes,
            None,
        );
    }
    for t in &ask_texts {
        let bytes = read_small(t, MAX_SIGNED_FILE_BYTES, &mut buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        session.feed_as(LeagueRead::AskText, &t.name, bytes);
    }
    if let Some(c) = climatology.first() {
        let bytes = read_small(c, MAX_SMALL_BYTES, &mut buf)
            .await?
            .map_err(|e| core_messages::file_error(&e))?;
        session.feed_as(LeagueRead::Climatology, &c.name, bytes);
    }
    #[cfg(feature = "verify-worker")]
    let checks = sealbook_core::verifier::session::AllStampChecks;
    #[cfg(not(feature = "verify-worker"))]
    let checks = sealbook_core::verifier::session::ChainOnly;
    let Verified {
        report, context, ..
    } = session.finish_dropped(&checks);
    // The verdict is computed once, here, while the answers' parties are still messages.
    let overall = Overall::of(&report);
    LAST_DONE.with(|last| *last.borrow_mut() = Some((job, report.clone(), context)));
    // The answers' sentences leave the worker in the page's language.
    #[cfg(feature = "verify-chain")]
    let report = {
        let mut report = report;
        if let Some(answers) = &mut report.answers {
            answers.word(&crate::i18n::answer_words::PageWording);
        }
        report
    };
    Ok(Some((report, overall)))
}
