//! The page's root component: file intake (drop anywhere, or the keyboard-operable picker), the
//! verifier worker's life cycle, progress, the block headers the reader pastes (or, on request,
//! fetches from a block explorer) for the OpenTimestamps proofs, and the results view.

use crate::dropped::{self, Labelled};
use crate::format;
use crate::i18n::{html_tr, ots_messages, plural, t, tr, M};
use crate::league_load;
use crate::module_worker::{self, ModuleWorker};
use crate::shell::{opener, Page, Progress, Shell, Zone};
use crate::verifier::demo_probe;
use crate::verifier::explorer;
use crate::verifier::paged::Paged;
use crate::verifier::proof_view;
use crate::verifier::protocol::{
    FromWorker, ANCHOR, ANCHORS, ASK_TEXTS, BOOKS, CERTS, CLIMATOLOGY, FILE, HEADERS, HEADER_FILES,
    JOB, LISTS, LOG_KEY, NAME, NOW, PRINTABLE, PROOFS, REKOR, REPORT_DOCUMENT, SOURCE, THREADS,
    TOKENS,
};
use crate::verifier::report_actions::{self, ReportActions};
use crate::verifier::report_view;
use crate::verifier::timeline_view::TimelineView;
use crate::verifier::trust::{self, Bundle, Manifest, TrustFile};
use crate::verifier::verdict_view::{self, RootOffer, VerdictCard};
use sealbook_core::ots::bitcoin::HeaderAnalysis;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
use sealbook_core::verifier::header_files::is_header_file;
use sealbook_core::verifier::overall::Overall;
use sealbook_core::verifier::timeline::Timeline;
use sealbook_core::verifier::{FileKind, VerifierReport};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, File, HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Where the worker script is served (HTTP layout: `/<p>` is `www/<p>`).
const WORKER_URL: &str = "/worker.js";

/// The block explorer asked for a header when the reader presses a fetch button (never
/// otherwise): an Esplora API base ([`explorer`]).
pub use crate::verifier::explorer::DEFAULT_EXPLORER;

/// A file the reader gave the page.
pub struct Picked {
    file: File,
    /// The path inside a chosen folder (`proof/2026-10-20/130025Z.txt`), else the file name:
    /// the days' lists share names, so the path is what tells them apart.
    label: String,
    size: u64,
    last_modified: f64,
    kind: FileKind,
    /// A certificate the reader marked as a trust anchor (else an untrusted intermediate).
    anchor: bool,
}

impl Picked {
    /// `path`: the file's path inside a dropped folder, if it came from one.
    fn new(file: File, path: Option<String>) -> Picked {
        let label = league_load::label_of(&file, path.as_deref());
        Picked {
            kind: FileKind::of(&label),
            anchor: false,
            size: file.size() as u64,
            last_modified: file.last_modified(),
            label,
            file,
        }
    }

    /// The same file given twice (dropped again, or picked again).
    fn same_as(&self, other: &Picked) -> bool {
        self.label == other.label
            && self.size == other.size
            && self.last_modified == other.last_modified
    }
}

pub enum Status {
    /// No book yet.
    Waiting,
    Running {
        book: String,
        done: u64,
        total: u64,
        lines: u64,
    },
    /// The report and core's verdict over it.
    Done(Rc<VerifierReport>, Rc<Overall>),
    Failed(String),
}

pub enum Msg {
    Add(Vec<Labelled>),
    DropFailed(String),
    Remove(usize),
    Clear,
    FromWorker(FromWorker),
    WorkerBroken(String),
    /// The header text as the reader edits it.
    HeadersEdited(String),
    /// Check the proofs with the header text.
    CheckHeaders,
    ExplorerEdited(String),
    /// Fetch the header of the block at this height from the explorer.
    FetchHeader(u64),
    Fetched(u64, Result<String, String>),
    /// The page is on screen: ready for a drop.
    PageReady,
    /// The reader opened the trust panel: the shipped bundle is fetched to be shown.
    TrustOpened,
    /// The shipped trust bundle, fetched with the first files (or when the panel is opened).
    BundleLoaded(Result<Rc<Bundle>, String>),
    /// The reader's own trust anchors (PEM/DER files).
    OwnAnchors(Vec<File>),
    /// The reader's own Rekor log key.
    OwnLogKey(Vec<File>),
    /// Back to the shipped bundle.
    RestoreBundle,
    /// Mark or unmark a dropped certificate as a trust anchor.
    ToggleAnchor(usize),
    /// The manifest URL as the reader edits it.
    LeagueUrlEdited(String),
    /// Fetch the league the manifest URL names.
    OpenLeague,
    /// Files of the league fetched so far, of all listed.
    LeagueProgress(usize, usize),
    LeagueLoaded(Result<league_load::Loaded, league_load::LoadError>),
    /// Save the report of the verification shown: the printable page (`true`) or the JSON.
    DownloadReport(bool),
}

/// The run of the dropped header files: their names in reading order and the analysis, or why
/// they could not be analysed.
pub type HeaderRun = Result<(Vec<String>, HeaderAnalysis), String>;

/// A league opened from its manifest.
pub enum League {
    Idle,
    Loading {
        done: usize,
        total: usize,
    },
    /// Every listed file's check against the manifest, the dropped files it does not list,
    /// and whether the files were dropped (else fetched).
    Checked {
        check: sealbook_core::league::manifest::ManifestCheck,
        unlisted: Vec<String>,
        dropped: bool,
    },
    Failed(String),
}

/// The trust anchors and Rekor log key in use.
pub struct Trust {
    /// The shipped bundle has been asked for: it is fetched with the first files, not at
    /// start, so the page's first load carries none of it.
    asked: bool,
    /// The shipped bundle: not there yet (`None`), loaded, or unavailable.
    bundle: Option<Result<Rc<Bundle>, String>>,
    own_anchors: Vec<TrustFile>,
    own_log_key: Option<TrustFile>,
}

impl Trust {
    fn loading(&self) -> bool {
        self.bundle.is_none()
    }

    fn bundle(&self) -> Option<&Bundle> {
        self.bundle.as_ref()?.as_ref().ok().map(|b| &**b)
    }

    fn anchors(&self) -> Vec<&TrustFile> {
        if !self.own_anchors.is_empty() {
            return self.own_anchors.iter().collect();
        }
        self.bundle().map(|b| vec![&b.anchors]).unwrap_or_default()
    }

    fn log_key(&self) -> Option<&TrustFile> {
        self.own_log_key
            .as_ref()
            .or_else(|| self.bundle().map(|b| &b.log_key))
    }
}

/// The cores the browser reports (`navigator.hardwareConcurrency`; 1 when it does not say).
fn hardware_concurrency() -> f64 {
    let get = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok();
    get(&js_sys::global(), "navigator")
        .and_then(|n| get(&n, "hardwareConcurrency"))
        .and_then(|n| n.as_f64())
        .filter(|n| *n >= 1.0)
        .unwrap_or(1.0)
}

fn own_files(files: Vec<File>) -> Vec<TrustFile> {
    files
        .into_iter()
        .map(|f| TrustFile {
            name: f.name(),
            blob: f.into(),
        })
        .collect()
}

fn start_worker(link: &yew::html::Scope<App>) -> Result<ModuleWorker, String> {
    module_worker::spawn_for(
        link,
        WORKER_URL,
        M::WeTheVerifier,
        FromWorker::from_json,
        Msg::FromWorker,
        Msg::WorkerBroken,
    )
}

/// Files listed a page at a time: a league has hundreds.
const FILES_PER_PAGE: usize = 10;

/// The Performance API mark set when the page is ready for a drop: what loads before it is the
/// page's first load.
pub const READY_MARK: &str = "sealbook-ready-for-a-drop";

pub struct App {
    link: yew::html::Scope<App>,
    files: Vec<Picked>,
    /// Started once the page is ready for a drop (or sooner, by the first thing to check or a
    /// league to open), so the page's first load carries only its own view code; the
    /// verifiers' wasm comes with the worker.
    worker: Option<ModuleWorker>,
    /// The worker has reported ready.
    ready: bool,
    /// A job is waiting for the worker to report ready.
    pending: bool,
    job: u32,
    status: Status,
    /// Block headers for the proofs (hex, one per line), as pasted or fetched.
    headers: String,
    /// The Esplora API base asked on request ([`DEFAULT_EXPLORER`]).
    explorer: String,
    /// The last fetch: in progress (`None`) or its outcome, for the block at this height.
    fetch: Option<(u64, Option<Result<String, String>>)>,
    trust: Trust,
    anchors_input: NodeRef,
    log_key_input: NodeRef,
    /// The manifest URL field, and the league opened from it.
    league_url: String,
    league: League,
    /// Bitcoin headers dropped as files of their own (`.bin`, 80 bytes), by name, analysed in
    /// the worker; the run's analysis once it answers.
    header_files: Vec<(String, File)>,
    header_run: Option<HeaderRun>,
    /// The header files wait for the worker to report ready.
    headers_pending: bool,
    /// The page is on screen (ready for a drop).
    page_ready: bool,
    /// The last report's days on one time axis (core's `verifier::timeline`).
    timeline: Rc<Timeline>,
    /// This site serves the DEMO league ([`demo_probe`]): the cold page offers to open it.
    demo_served: bool,
    /// Why the last report download failed.
    report_error: Option<String>,
}

impl App {
    /// A book or a proof: something to check.
    fn has_subject(&self) -> bool {
        self.files.iter().any(|f| {
            matches!(
                f.kind,
                FileKind::Book
                    | FileKind::Proof
                    | FileKind::TimestampToken
                    | FileKind::RekorEntry
                    | FileKind::AskText
            )
        })
    }

    /// Starts (or restarts) verification of the current files.
    fn start(&mut self) {
        if !self.has_subject() {
            self.status = Status::Waiting;
            self.pending = false;
            return;
        }
        self.ensure_bundle();
        self.job += 1;
        let total = self
            .files
            .iter()
            .filter(|f| f.kind == FileKind::Book)
            .map(|f| f.size)
            .sum();
        self.status = Status::Running {
            book: String::new(),
            done: 0,
            total,
            lines: 0,
        };
        self.ensure_worker();
        if self.worker.is_none() {
            return; // the status says why it could not start
        }
        if self.ready && !self.trust.loading() {
            self.post_job();
        } else {
            self.pending = true;
        }
    }

    /// Starts the verifier worker unless it is running; a worker that cannot start is the
    /// status's failure.
    fn ensure_worker(&mut self) {
        if self.worker.is_some() {
            return;
        }
        match start_worker(&self.link) {
            Ok(w) => self.worker = Some(w),
            Err(why) => {
                self.pending = false;
                self.status = Status::Failed(why);
            }
        }
    }

    /// Fetches the shipped trust bundle unless it was asked for already.
    fn ensure_bundle(&mut self) {
        if self.trust.asked {
            return;
        }
        self.trust.asked = true;
        let link = self.link.clone();
        wasm_bindgen_futures::spawn_local(async move {
            link.send_message(Msg::BundleLoaded(trust::load_bundle().await.map(Rc::new)));
        });
    }

    /// Asks the worker for the analysis of the dropped header files (once it is ready).
    fn post_header_files(&mut self) {
        self.ensure_worker();
        let Some(ModuleWorker { worker, .. }) = &self.worker else {
            return;
        };
        if !self.ready {
            self.headers_pending = true;
            return;
        }
        self.headers_pending = false;
        let set = |o: &js_sys::Object, k: &str, v: &JsValue| {
            js_sys::Reflect::set(o, &k.into(), v).map(|_| ())
        };
        let items = js_sys::Array::new();
        let mut posted: Result<(), JsValue> = Ok(());
        for (name, file) in &self.header_files {
            let o = js_sys::Object::new();
            posted = posted
                .and_then(|_| set(&o, FILE, file))
                .and_then(|_| set(&o, NAME, &name.as_str().into()));
            items.push(&o);
        }
        let request = js_sys::Object::new();
        module_worker::give_lang(&request);
        let posted = posted
            .and_then(|_| set(&request, HEADER_FILES, &items))
            .and_then(|_| worker.post_message(&request));
        if let Err(e) = posted {
            self.header_run = Some(Err(tr(M::VerifierNotGiven, &[("why", &format!("{e:?}"))])));
        }
    }

    fn post_job(&mut self) {
        self.pending = false;
        let Some(ModuleWorker { worker, .. }) = &self.worker else {
            return;
        };
        let set = |o: &js_sys::Object, k: &str, v: &JsValue| {
            js_sys::Reflect::set(o, &k.into(), v).map(|_| ())
        };
        let named = |f: &Picked| {
            let o = js_sys::Object::new();
            set(&o, FILE, &f.file)
                .and_then(|_| set(&o, NAME, &f.label.as_str().into()))
                .map(|_| JsValue::from(o))
        };
        let of_kind = |kind| -> Result<JsValue, JsValue> {
            let items: Result<js_sys::Array, JsValue> = self
                .files
                .iter()
                .filter(|f| f.kind == kind)
                .map(named)
                .collect();
            items.map(JsValue::from)
        };
        let certs = || -> Result<JsValue, JsValue> {
            let items = js_sys::Array::new();
            for f in self
                .files
                .iter()
                .filter(|f| f.kind == FileKind::Certificate)
            {
                let o = named(f)?;
                set(&o.clone().unchecked_into(), ANCHOR, &f.anchor.into())?;
                items.push(&o);
            }
            Ok(items.into())
        };
        let trust_files = |files: Vec<&TrustFile>| -> Result<JsValue, JsValue> {
            let items = js_sys::Array::new();
            for t in files {
                let o = js_sys::Object::new();
                set(&o, FILE, &t.blob)?;
                set(&o, NAME, &t.name.as_str().into())?;
                items.push(&o);
            }
            Ok(items.into())
        };
        let job = js_sys::Object::new();
        module_worker::give_lang(&job);
        let set = |k: &str, v: &JsValue| set(&job, k, v);
        let posted = set(JOB, &self.job.into())
            .and_then(|_| set(BOOKS, &of_kind(FileKind::Book)?))
            .and_then(|_| set(LISTS, &of_kind(FileKind::StampedList)?))
            .and_then(|_| set(PROOFS, &of_kind(FileKind::Proof)?))
            .and_then(|_| set(TOKENS, &of_kind(FileKind::TimestampToken)?))
            .and_then(|_| set(REKOR, &of_kind(FileKind::RekorEntry)?))
            .and_then(|_| set(ASK_TEXTS, &of_kind(FileKind::AskText)?))
            .and_then(|_| set(CLIMATOLOGY, &of_kind(FileKind::Climatology)?))
            .and_then(|_| set(CERTS, &certs()?))
            .and_then(|_| set(ANCHORS, &trust_files(self.trust.anchors())?))
            .and_then(|_| {
                set(
                    LOG_KEY,
                    &trust_files(self.trust.log_key().into_iter().collect())?,
                )
            })
            .and_then(|_| set(NOW, &js_sys::Date::now().into()))
            .and_then(|_| set(THREADS, &hardware_concurrency().into()))
            .and_then(|_| set(HEADERS, &self.headers.as_str().into()))
            .and_then(|_| worker.post_message(&job));
        if let Err(e) = posted {
            self.status = Status::Failed(tr(M::VerifierNotGiven, &[("why", &format!("{e:?}"))]));
        }
    }

    /// Where the files of the report came from: the league's manifest URL, else the files the
    /// reader dropped.
    fn report_source(&self) -> String {
        match &self.league {
            League::Checked { dropped: false, .. } => self.league_url.clone(),
            _ => "dropped files".to_string(),
        }
    }

    fn add(&mut self, new: Vec<Labelled>) {
        for picked in new.into_iter().map(|(file, path)| Picked::new(file, path)) {
            if !self.files.iter().any(|f| f.same_as(&picked)) {
                self.files.push(picked);
            }
        }
        // Books first, then lists by path (so the days' lists read in order), then proofs.
        self.files
            .sort_by(|a, b| (a.kind, &a.label).cmp(&(b.kind, &b.label)));
    }

    /// Files dropped or picked: header files to their own run, a folder with its manifest to the league check, the rest to the verifier.
    fn add_files(&mut self, ctx: &Context<Self>, files: Vec<Labelled>) -> bool {
        if files.is_empty() {
            return false;
        }
        // Raw header files (`.bin`, 80 bytes) are a header run of their own.
        let (headers, files): (Vec<Labelled>, Vec<Labelled>) =
            files.into_iter().partition(|(f, p)| {
                is_header_file(&league_load::label_of(f, p.as_deref()), f.size() as u64)
            });
        if !headers.is_empty() {
            for (file, path) in headers {
                let name = league_load::label_of(&file, path.as_deref());
                if !self.header_files.iter().any(|(n, _)| *n == name) {
                    self.header_files.push((name, file));
                }
            }
            self.post_header_files();
        }
        if files.is_empty() {
            return true;
        }
        // A dropped folder with its manifest.json: checked against it, then verified.
        if let Some(at) = league_load::dropped_manifest(&files) {
            if matches!(self.league, League::Loading { .. }) {
                return false;
            }
            self.league = League::Loading { done: 0, total: 0 };
            self.ensure_worker(); // loads while the folder is read
            self.ensure_bundle();
            let link = ctx.link().clone();
            wasm_bindgen_futures::spawn_local(async move {
                let progress = {
                    let link = link.clone();
                    move |done, total| link.send_message(Msg::LeagueProgress(done, total))
                };
                let loaded = league_load::from_drop(files, at, progress).await;
                link.send_message(Msg::LeagueLoaded(loaded));
            });
            return true;
        }
        self.add(files);
        self.start();
        true
    }

    /// Fetches the league the manifest URL names.
    fn open_league(&mut self, ctx: &Context<Self>) -> bool {
        if self.league_url.trim().is_empty() || matches!(self.league, League::Loading { .. }) {
            return false;
        }
        self.league = League::Loading { done: 0, total: 0 };
        self.ensure_worker(); // loads while the league's files are fetched
        self.ensure_bundle();
        let link = ctx.link().clone();
        let url = self.league_url.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let progress = {
                let link = link.clone();
                move |done, total| link.send_message(Msg::LeagueProgress(done, total))
            };
            let loaded = league_load::load(&url, progress).await;
            link.send_message(Msg::LeagueLoaded(loaded));
        });
        true
    }

    /// A league opened from its manifest replaces the files given before.
    fn league_loaded(&mut self, loaded: league_load::Loaded) -> bool {
        if !loaded.dropped {
            crate::verifier::permalink::show_in_address(&self.league_url);
        }
        // The league replaces what was given before: its files are the ones checked.
        self.files.clear();
        self.league = League::Checked {
            check: loaded.check,
            unlisted: loaded.unlisted,
            dropped: loaded.dropped,
        };
        self.add(loaded.files);
        self.start();
        true
    }

    /// Asks the worker for the report document of the verification shown.
    fn download_report(&mut self, printable: bool) -> bool {
        let Some(ModuleWorker { worker, .. }) = &self.worker else {
            return false;
        };
        let request = js_sys::Object::new();
        module_worker::give_lang(&request);
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&request, &k.into(), v);
        let posted = set(REPORT_DOCUMENT, &self.job.into())
            .and_then(|_| set(SOURCE, &self.report_source().into()))
            .and_then(|_| set(PRINTABLE, &printable.into()))
            .and_then(|_| worker.post_message(&request));
        self.report_error = posted
            .err()
            .map(|e| tr(M::RptSaveFailed, &[("why", &format!("{e:?}"))]));
        true
    }

    /// The page is on screen: the first load ends and the worker starts loading.
    fn on_page_ready(&mut self) -> bool {
        // Ready for a drop: the first load ends here (marked for the Performance API).
        // The verifier worker, and with it the verifiers' wasm, then loads in the
        // background; the shipped trust bundle comes with the first files (or when
        // the reader opens the trust panel), so the cold page fetches nothing else.
        if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
            let _ = performance.mark(READY_MARK);
        }
        self.page_ready = true;
        self.ensure_worker();
        // A cold page served beside a DEMO league offers to open it.
        if self.files.is_empty() && self.league_url.is_empty() && demo_probe::served() {
            self.demo_served = true;
        }
        true
    }

    /// Fetches the header of the block at `height` from the explorer.
    fn fetch_header(&mut self, ctx: &Context<Self>, height: u64) -> bool {
        self.fetch = Some((height, None));
        let base = self.explorer.trim().trim_end_matches('/').to_string();
        let link = ctx.link().clone();
        wasm_bindgen_futures::spawn_local(async move {
            link.send_message(Msg::Fetched(
                height,
                explorer::fetch_header(&base, height)
                    .await
                    .map_err(|e| e.say()),
            ));
        });
        true
    }

    /// A fetched header joins the pasted ones and the proofs are checked again.
    fn fetched(&mut self, height: u64, result: Result<String, String>) -> bool {
        if let Ok(header) = &result {
            if !self.headers.contains(header.as_str()) {
                let sep = if self.headers.trim().is_empty() {
                    ""
                } else {
                    "\n"
                };
                self.headers = format!("{}{sep}{header}", self.headers.trim_end());
            }
            self.start();
        }
        self.fetch = Some((height, Some(result)));
        true
    }

    /// The worker crashed or could not be reached: a fresh one, if this one had started.
    fn worker_broken(&mut self, message: String) -> bool {
        // A wasm instance that panicked cannot be trusted again: start a fresh worker,
        // but only if this one had started (else it would fail again, forever).
        let had_started = self.ready;
        self.worker = None;
        self.ready = false;
        self.pending = false;
        self.status = Status::Failed(if !had_started {
            tr(M::VerifierCannotStart, &[("why", &message)])
        } else {
            match start_worker(&self.link) {
                Ok(w) => {
                    self.worker = Some(w);
                    tr(M::VerifierRestarted, &[("why", &message)])
                }
                Err(why) => tr(
                    M::VerifierRestartFailed,
                    &[("why", &message), ("again", &why)],
                ),
            }
        });
        true
    }

    /// A message of the verifier worker.
    fn on_worker_message(&mut self, msg: FromWorker) -> bool {
        match msg {
            FromWorker::HeaderRun { result } => {
                if self.header_files.is_empty() {
                    return false; // cleared since
                }
                self.header_run = Some(result);
            }
            FromWorker::Ready => {
                self.ready = true;
                if self.headers_pending {
                    self.post_header_files();
                }
                if self.pending && !self.trust.loading() {
                    self.post_job();
                }
            }
            FromWorker::Progress {
                job,
                book,
                done,
                total,
                lines,
            } => {
                if job != self.job {
                    return false;
                }
                self.status = Status::Running {
                    book,
                    done,
                    total,
                    lines,
                };
            }
            FromWorker::Done {
                job,
                report,
                overall,
                timeline,
            } => {
                if job != self.job {
                    return false;
                }
                self.timeline = Rc::new(*timeline);
                self.status = Status::Done(Rc::new(*report), Rc::new(*overall));
            }
            FromWorker::Document {
                job,
                printable,
                result,
            } => {
                if job != self.job {
                    return false;
                }
                let (name, mime) = if printable {
                    (report_actions::HTML_FILE, "text/html")
                } else {
                    (report_actions::JSON_FILE, "application/json")
                };
                self.report_error = result
                    .and_then(|text| {
                        let text = if printable { text } else { format!("{text}\n") };
                        crate::save::save(name, &text, mime)
                    })
                    .err()
                    .map(|why| tr(M::RptSaveFailed, &[("why", &why)]));
            }
            FromWorker::Failed { job, message } => {
                if job != self.job {
                    return false;
                }
                self.status = Status::Failed(message);
            }
            FromWorker::Crashed { message } => return self.worker_broken(message),
        }
        true
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        App {
            trust: Trust {
                asked: false,
                bundle: None,
                own_anchors: Vec::new(),
                own_log_key: None,
            },
            anchors_input: NodeRef::default(),
            log_key_input: NodeRef::default(),
            link: ctx.link().clone(),
            files: Vec::new(),
            worker: None,
            ready: false,
            pending: false,
            job: 0,
            status: Status::Waiting,
            headers: String::new(),
            explorer: DEFAULT_EXPLORER.to_string(),
            fetch: None,
            league_url: match league_load::url_from_address() {
                Some(u) => {
                    ctx.link().send_message(Msg::OpenLeague);
                    u
                }
                None => String::new(),
            },
            league: League::Idle,
            header_files: Vec::new(),
            header_run: None,
            headers_pending: false,
            page_ready: false,
            timeline: Rc::default(),
            demo_served: false,
            report_error: None,
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            ctx.link().send_message(Msg::PageReady);
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Add(files) => return self.add_files(ctx, files),
            Msg::LeagueUrlEdited(url) => {
                self.league_url = url;
                return false;
            }
            Msg::OpenLeague => return self.open_league(ctx),
            Msg::LeagueProgress(done, total) => {
                if let League::Loading { .. } = self.league {
                    self.league = League::Loading { done, total };
                }
            }
            Msg::LeagueLoaded(Err(why)) => {
                self.league = League::Failed(why.say());
            }
            Msg::LeagueLoaded(Ok(loaded)) => return self.league_loaded(loaded),
            Msg::DropFailed(why) => {
                self.status = Status::Failed(tr(M::DropFailed, &[("why", &why)]));
            }
            Msg::Remove(i) => {
                if i < self.files.len() {
                    self.files.remove(i);
                }
                self.start();
            }
            Msg::FromWorker(msg) => return self.on_worker_message(msg),
            Msg::Clear => {
                self.header_files.clear();
                self.header_run = None;
                self.headers_pending = false;
                self.files.clear();
                self.start();
            }
            Msg::DownloadReport(printable) => return self.download_report(printable),
            Msg::PageReady => return self.on_page_ready(),
            Msg::TrustOpened => {
                if self.trust.asked {
                    return false;
                }
                self.ensure_bundle();
            }
            Msg::BundleLoaded(bundle) => {
                self.trust.bundle = Some(bundle);
                if self.pending && self.ready {
                    self.post_job();
                }
            }
            Msg::OwnAnchors(files) => {
                if files.is_empty() {
                    return false;
                }
                self.trust.own_anchors = own_files(files);
                self.start();
            }
            Msg::OwnLogKey(files) => {
                let Some(key) = own_files(files).into_iter().next() else {
                    return false;
                };
                self.trust.own_log_key = Some(key);
                self.start();
            }
            Msg::RestoreBundle => {
                self.trust.own_anchors.clear();
                self.trust.own_log_key = None;
                self.start();
            }
            Msg::ToggleAnchor(i) => {
                if let Some(f) = self.files.get_mut(i) {
                    f.anchor = !f.anchor;
                }
                self.start();
            }
            Msg::HeadersEdited(text) => {
                self.headers = text;
                return false;
            }
            Msg::CheckHeaders => self.start(),
            Msg::ExplorerEdited(text) => {
                self.explorer = text;
                return false;
            }
            Msg::FetchHeader(height) => return self.fetch_header(ctx, height),
            Msg::Fetched(height, result) => return self.fetched(height, result),
            Msg::WorkerBroken(message) => return self.worker_broken(message),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        // Ready for a drop: the page is on screen; the worker loads in the background, the
        // trust bundle with the first files.
        let ready = self.page_ready;
        let zone = Zone {
            title: t(if self.files.is_empty() {
                M::DropHere
            } else {
                M::DropMore
            })
            .into(),
            touch_title: Some(
                t(if self.files.is_empty() {
                    M::DropHereTouch
                } else {
                    M::DropMoreTouch
                })
                .into(),
            ),
            hint: html_tr(
                M::VerifyHint,
                &[
                    ("book", html! { <code>{ BOOK_FILE }</code> }),
                    ("asks", html! { <code>{ ASKS_FILE }</code> }),
                    ("list", html! { <code>{ "proof/<day>/<time>Z.txt" }</code> }),
                    ("ots", html! { <code>{ "<time>Z.txt.ots" }</code> }),
                    ("tsr", html! { <code>{ "<time>Z.txt.<tsa>.tsr" }</code> }),
                    ("rekor", html! { <code>{ "<time>Z.txt.rekor.json" }</code> }),
                ],
            ),
            compact: !self.files.is_empty(),
            before: html! {},
            actions: html! {
                if self.demo_served && self.files.is_empty() && matches!(self.league, League::Idle) {
                    <a class="button secondary" href={demo_probe::league_href(crate::i18n::lang().code())} data-testid="try-demo">{ t(M::TryDemo) }</a>
                }
            },
            accept: None,
        };
        html! {
            <Shell page={Page::Verify} {ready} title={t(M::VerifyTitle)} {zone}
                lede={html! { t(M::VerifyLede) }}
                footer={html_tr(M::VerifyFooter, &[("spec", html! { <cite>{ "Sealed Before the Open" }</cite> })])}
                on_files={link.callback(Msg::Add)} on_drop_failed={link.callback(Msg::DropFailed)}
                top={self.view_status(ctx)}>
                <div id="details" class="details" data-testid="details">
                    if matches!(self.status, Status::Done(..)) {
                        <h2 class="section-title details-title">{ t(M::VdDetailsTitle) }</h2>
                    }
                    { self.view_league(ctx) }
                    { self.view_files(ctx) }
                    { self.view_trust(ctx) }
                    { self.view_header_run() }
                    if let Status::Done(report, overall) = &self.status {
                        { report_view::view(report, overall, self.view_headers(ctx, report)) }
                    }
                </div>
            </Shell>
        }
    }
}

impl App {
    /// The run of dropped header files: core's checks and conclusions in words.
    fn view_header_run(&self) -> Html {
        let Some(run) = &self.header_run else {
            return html! {};
        };
        let body = match run {
            Err(why) => html! { <p class="callout bad" data-testid="header-run-error">{ why }</p> },
            Ok((names, a)) => html! {
                <>
                    <p class={if a.ok { "callout ok" } else { "callout bad" }} data-testid="header-run-verdict">
                        { if a.ok {
                            tr(M::HeaderRunOk, &[("n", &a.count), ("files", &names.len())])
                        } else {
                            tr(plural(a.errors.len() as u64, M::HeaderRunFailedOne, M::HeaderRunFailedMany), &[("n", &a.count), ("files", &names.len()), ("bad", &a.errors.len())])
                        } }
                    </p>
                    <ul class="header-findings">{ for a.findings.iter().map(|f| html! { <li data-testid="header-finding">{ ots_messages::finding(f) }</li> }) }</ul>
                    { for a.errors.iter().map(|e| html! { <p class="bad" data-testid="header-error">{ ots_messages::header_error(e) }</p> }) }
                    { for a.notes.iter().map(|n| html! { <p class="note" data-testid="header-note">{ ots_messages::note(n) }</p> }) }
                </>
            },
        };
        html! {
            <section class="header-run" aria-labelledby="header-run-title" data-testid="header-run"
                data-ok={matches!(run, Ok((_, a)) if a.ok).to_string()}>
                <h2 id="header-run-title" class="section-title">{ t(M::HeaderRunTitle) }</h2>
                { body }
            </section>
        }
    }

    /// Opening a league from its manifest.json, and what the manifest check found.
    fn view_league(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let edited = link.callback(|e: InputEvent| {
            Msg::LeagueUrlEdited(e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let open = link.callback(|_: MouseEvent| Msg::OpenLeague);
        let loading = matches!(self.league, League::Loading { .. });
        let status = match &self.league {
            League::Idle => html! {},
            League::Loading { done, total } => html! {
                <p class="note" data-testid="league-status" data-state="loading">
                    { if *total == 0 { t(M::LeagueFetchingManifest).to_string() } else { tr(M::LeagueFetched, &[("done", done), ("total", total)]) } }
                </p>
            },
            League::Failed(why) => html! {
                <p class="callout bad" data-testid="league-status" data-state="failed" data-ok="false">
                    { tr(M::LeagueFailed, &[("why", why)]) }
                </p>
            },
            League::Checked {
                check,
                unlisted,
                dropped,
            } => {
                let failures: Vec<_> = check.failures().collect();
                let n = check.files.len();
                let league = format!("{:?}", check.league);
                let all = if *dropped {
                    M::LeagueAllDropped
                } else {
                    M::LeagueAllFetched
                };
                html! {
                    <>
                        if failures.is_empty() {
                            // A line of the details: the verdict card above says what holds.
                            <p class="note" data-testid="league-status" data-state="checked" data-ok="true">
                                { html_tr(all, &[("league", data(&league)), ("n", n.to_string().into())]) }
                            </p>
                        } else {
                            <p class="callout bad" data-testid="league-status" data-state="checked" data-ok="false">
                                { html_tr(M::LeagueSomeBad, &[("league", data(&league)), ("bad", failures.len().to_string().into()), ("n", n.to_string().into())]) }
                            </p>
                            <ul class="league-failures" data-testid="league-failures">
                                { for failures.iter().map(|f| html! {
                                    <li data-testid="league-failure" data-path={f.path.clone()}>{ crate::i18n::core_messages::file_check(f) }</li>
                                }) }
                            </ul>
                        }
                        if !unlisted.is_empty() {
                            <p class="note" data-testid="league-unlisted-note">
                                { tr(M::LeagueUnlisted, &[("n", &unlisted.len())]) }
                            </p>
                            <ul class="league-failures" data-testid="league-unlisted">
                                { for unlisted.iter().map(|u| html! { <li data-testid="league-unlisted-file" data-path={u.clone()}>{ u }</li> }) }
                            </ul>
                        }
                    </>
                }
            }
        };
        html! {
            <section class="league" aria-labelledby="league-title">
                <h2 id="league-title" class="section-title">{ t(M::LeagueTitle) }</h2>
                <p class="note">{ t(M::LeagueNote) }</p>
                <div class="league-open">
                    <label for="league-url">{ t(M::LeagueUrlLabel) }</label>
                    <input id="league-url" type="url" value={self.league_url.clone()} oninput={edited} placeholder="https://…/manifest.json" data-testid="league-url"/>
                    <button type="button" class="button" onclick={open} disabled={loading} data-testid="open-league">{ t(M::LeagueOpen) }</button>
                </div>
                { status }
            </section>
        }
    }

    fn view_files(&self, ctx: &Context<Self>) -> Html {
        if self.files.is_empty() {
            return html! {};
        }
        let clear = ctx.link().callback(|_: MouseEvent| Msg::Clear);
        let others: Vec<&str> = self
            .files
            .iter()
            .filter(|f| f.kind == FileKind::NotChecked)
            .map(|f| f.label.as_str())
            .collect();
        html! {
            <section class="files" aria-labelledby="files-title">
                <div class="files-head">
                    <h2 id="files-title" class="section-title">{ t(M::FilesTitle) }</h2>
                    <button type="button" class="button quiet" onclick={clear}>{ t(M::FilesClearAll) }</button>
                </div>
                <Paged class="file-list" testid="file-list" size={FILES_PER_PAGE}
                    rows={self.files.iter().enumerate().filter(|(_, f)| f.kind != FileKind::NotChecked).map(|(i, f)| {
                        let remove = ctx.link().callback(move |_: MouseEvent| Msg::Remove(i));
                        let (badge, class) = match f.kind {
                            FileKind::Book => (M::BadgeBook, "badge book"),
                            FileKind::Proof => (M::BadgeProof, "badge proof"),
                            FileKind::TimestampToken => (M::BadgeToken, "badge proof"),
                            FileKind::RekorEntry => (M::BadgeRekor, "badge proof"),
                            FileKind::AskText => (M::BadgeAsk, "badge list"),
                            FileKind::Climatology => (M::BadgeClim, "badge list"),
                            FileKind::Certificate if f.anchor => (M::BadgeAnchor, "badge book"),
                            FileKind::Certificate => (M::BadgeCert, "badge list"),
                            _ => (M::BadgeList, "badge list"),
                        };
                        let badge = t(badge);
                        let toggle = ctx.link().callback(move |_: Event| Msg::ToggleAnchor(i));
                        html! {
                            <li class="file">
                                <bdi class="file-name" dir="ltr">{ &f.label }</bdi>
                                <span class="file-meta">
                                    <span class={class}>{ badge }</span>
                                    <span class="file-size">{ format::bytes(f.size) }</span>
                                    if f.kind == FileKind::Certificate {
                                        <label class="anchor-toggle">
                                            <input type="checkbox" checked={f.anchor} onchange={toggle} data-testid="mark-anchor"/>
                                            { t(M::TrustAsAnchor) }
                                        </label>
                                    }
                                </span>
                                <button type="button" class="icon-button" onclick={remove} aria-label={tr(M::RemoveFile, &[("file", &f.label)])}>
                                    <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
                                </button>
                            </li>
                        }
                    }).collect::<Vec<_>>()} />
                if !others.is_empty() {
                    <details class="others">
                        <summary>{ tr(plural(others.len() as u64, M::OthersOne, M::OthersMany), &[("n", &others.len())]) }</summary>
                        <p class="note">{ t(M::OthersNote) }</p>
                        <Paged class="others-list" testid="others-list" size={FILES_PER_PAGE} rows={others.iter().map(|l| html! { <li>{ *l }</li> }).collect::<Vec<_>>()} />
                    </details>
                }
            </section>
        }
    }

    /// The trust anchors in use: the shipped bundle's manifest, or the reader's own files.
    fn view_trust(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let picked = |make: fn(Vec<File>) -> Msg| {
            link.callback(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                let files = dropped::from_list(input.files())
                    .into_iter()
                    .map(|(f, _)| f)
                    .collect();
                input.set_value("");
                make(files)
            })
        };
        let restore = link.callback(|_: MouseEvent| Msg::RestoreBundle);
        let own = !self.trust.own_anchors.is_empty() || self.trust.own_log_key.is_some();
        let manifest: Option<&Manifest> = self.trust.bundle().map(|b| &b.manifest);
        html! {
            <details class="card trust-panel" data-testid="trust-panel" ontoggle={link.callback(|_: Event| Msg::TrustOpened)}>
                <summary class="trust-summary">
                    <span class="section-title">{ t(M::TrustTitle) }</span>
                    <span class="note" data-testid="trust-source">{ match (&self.trust.bundle, own) {
                        (_, true) => t(M::TrustOwn).to_string(),
                        (None, _) if !self.trust.asked => t(M::TrustWithFirstFiles).to_string(),
                        (None, _) => t(M::TrustLoading).to_string(),
                        (Some(Ok(b)), _) => tr(M::TrustShipped, &[("date", &b.manifest.date), ("n", &b.manifest.certificates.len())]),
                        (Some(Err(_)), _) => t(M::TrustUnavailable).to_string(),
                    } }</span>
                </summary>
                <p class="note">
                    { t(M::TrustNote) }
                </p>
                if let Some(Err(e)) = &self.trust.bundle {
                    <p class="callout bad" role="alert">{ e }</p>
                }
                if own {
                    <ul class="trust-own" data-testid="trust-own">
                        { for self.trust.own_anchors.iter().map(|own| html! { <li>{ t(M::TrustAnchorsFile) }<code>{ &own.name }</code></li> }) }
                        if let Some(k) = &self.trust.own_log_key { <li>{ t(M::RekorLogKey) }<code>{ &k.name }</code></li> }
                    </ul>
                }
                if let Some(m) = manifest {
                    <div class="manifest" data-testid="manifest">
                        <p class="note">
                            { html_tr(M::TrustBundleLine, &[("bundle", html! { <bdi>{ m.bundle.clone() }</bdi> }), ("state", t(if self.trust.own_anchors.is_empty() { M::TrustInUse } else { M::TrustReplaced }).into()), ("date", html! { <bdi>{ m.date.clone() }</bdi> }), ("purpose", data(&m.purpose))]) }
                            { t(M::RekorLogKey) }<code>{ &m.rekor_log_key.file }</code>
                            { t(if self.trust.own_log_key.is_some() { M::TrustReplacedParen } else { M::TrustInUseParen }) }
                        </p>
                        <ul class="cert-chain">
                            { for m.certificates.iter().map(|c| html! {
                                <li class="cert" data-testid="manifest-cert">
                                    <span class="cert-role">{ &c.authority }</span>
                                    <span class="cert-subject">{ &c.subject }</span>
                                    <span class="cert-meta">{ tr(M::TrustValidCert, &[("from", &c.not_before), ("to", &c.not_after)]) }<code class="hash">{ &c.sha256 }</code></span>
                                    <span class="cert-meta">{ html_tr(M::TrustSource, &[("source", data(&c.source))]) }</span>
                                </li>
                            }) }
                        </ul>
                    </div>
                }
                <div class="headers-actions">
                    <button type="button" class="button secondary" onclick={opener(&self.anchors_input)}>{ t(M::TrustOwnAnchors) }</button>
                    <button type="button" class="button secondary" onclick={opener(&self.log_key_input)}>{ t(M::TrustOwnLogKey) }</button>
                    if own {
                        <button type="button" class="button quiet" onclick={restore} data-testid="restore-bundle">{ t(M::TrustBack) }</button>
                    }
                </div>
                <input ref={self.anchors_input.clone()} type="file" multiple=true accept=".pem,.crt,.cer,.der" class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={picked(Msg::OwnAnchors)} data-testid="anchors-input"/>
                <input ref={self.log_key_input.clone()} type="file" accept=".pub,.pem,.der,.json" class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={picked(Msg::OwnLogKey)} data-testid="log-key-input"/>
            </details>
        }
    }

    fn view_status(&self, ctx: &Context<Self>) -> Html {
        // The live region carries one short sentence; the full report is not read out at once.
        let announce = match &self.status {
            Status::Waiting => String::new(),
            Status::Running { .. } => t(M::CheckingFiles).to_string(),
            Status::Done(_, overall) => verdict_view::announcement(overall),
            Status::Failed(_) => String::new(), // the alert below is announced by itself
        };
        html! {
            <>
                <p class="visually-hidden" role="status" aria-live="polite">{ announce }</p>
                { self.view_progress_or_result(ctx) }
            </>
        }
    }

    fn view_progress_or_result(&self, ctx: &Context<Self>) -> Html {
        match &self.status {
            Status::Waiting if self.files.is_empty() => html! {},
            Status::Waiting => html! {
                <p class="note" data-testid="status">{ t(M::WaitingHint) }</p>
            },
            Status::Running {
                book,
                done,
                total,
                lines,
            } => {
                let pct = if *total == 0 {
                    100.0
                } else {
                    *done as f64 * 100.0 / *total as f64
                };
                let label = if book.is_empty() {
                    t(M::StartingVerifier).to_string()
                } else {
                    tr(
                        M::CheckingBook,
                        &[
                            ("book", book),
                            ("lines", &format::lines(*lines)),
                            ("done", &format::bytes(*done)),
                            ("total", &format::bytes(*total)),
                        ],
                    )
                };
                html! { <Progress label={label} value={pct} max={100.0} /> }
            }
            Status::Failed(why) => html! {
                <div class="callout bad" role="alert" data-testid="status"><p>{ why }</p></div>
            },
            Status::Done(_, overall) => {
                // A published root first (its name says so), then the other certificates.
                let mut roots: Vec<RootOffer> = self
                    .files
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.kind == FileKind::Certificate && !f.anchor)
                    .map(|(index, f)| RootOffer {
                        index,
                        label: f.label.clone(),
                    })
                    .collect();
                roots.sort_by_key(|r| !r.label.rsplit('/').next().unwrap_or("").contains("root"));
                let manifest = match &self.league {
                    League::Checked { dropped: false, .. } => {
                        Some(AttrValue::from(self.league_url.clone()))
                    }
                    _ => None,
                };
                html! {
                    <>
                        <VerdictCard overall={overall.clone()} {roots}
                            on_choose_root={ctx.link().callback(Msg::ToggleAnchor)} />
                        <TimelineView timeline={self.timeline.clone()} />
                        <ReportActions on_download={ctx.link().callback(Msg::DownloadReport)} {manifest}
                            error={self.report_error.clone().map(AttrValue::from)} />
                    </>
                }
            }
        }
    }
}

impl App {
    /// The reader's block-header form: paste headers (checked offline), or, on request, fetch
    /// one from the configured explorer.
    fn view_headers(&self, ctx: &Context<Self>, report: &VerifierReport) -> Html {
        let link = ctx.link();
        let on_headers = link.callback(|e: InputEvent| {
            Msg::HeadersEdited(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        });
        let on_explorer = link.callback(|e: InputEvent| {
            Msg::ExplorerEdited(e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let check = link.callback(|_: MouseEvent| Msg::CheckHeaders);
        let heights = proof_view::bitcoin_heights(&report.proofs);
        let read = report.headers.count;
        html! {
            <section class="card headers-panel" aria-labelledby="headers-title" data-testid="headers-panel">
                <h2 id="headers-title" class="section-title">{ t(M::HeadersTitle) }</h2>
                <p class="note">
                    { html_tr(M::HeadersNote, &[
                        ("cmd", html! { <code>{ "bitcoin-cli getblockheader <hash> false" }</code> }),
                        ("line", html! { <code>{ "HEIGHT HEX" }</code> }),
                    ]) }
                </p>
                <label class="field-label" for="headers-input">{ t(M::HeadersLabel) }</label>
                <textarea id="headers-input" class="headers-input" data-testid="headers-input" rows="3" spellcheck="false" autocomplete="off"
                    placeholder={t(M::EaHeadersPlaceholder)} value={self.headers.clone()} oninput={on_headers}></textarea>
                <div class="headers-actions">
                    <button type="button" class="button primary" onclick={check} data-testid="check-headers">{ t(M::HeadersCheck) }</button>
                    if let Some(e) = &report.headers.error {
                        <p class="headers-status bad" data-testid="headers-error" role="alert">{ tr(M::HeadersUnreadable, &[("why", &ots_messages::headers_text(e))]) }</p>
                    } else if read > 0 {
                        <p class="headers-status" data-testid="headers-read">{ tr(plural(read as u64, M::HeadersReadOne, M::HeadersReadMany), &[("n", &read)]) }</p>
                    }
                </div>
                if let Some(a) = &report.headers.analysis {
                    { proof_view::header_analysis(a) }
                }
                if !heights.is_empty() {
                    <details class="explorer" data-testid="explorer">
                        <summary>{ t(M::ExplorerSummary) }</summary>
                        <p class="note">
                            { html_tr(M::ExplorerNote, &[
                                ("height_url", html! { <code>{ "{base}/block-height/{height}" }</code> }),
                                ("header_url", html! { <code>{ "{base}/block/{hash}/header" }</code> }),
                            ]) }
                        </p>
                        <label class="field-label" for="explorer-input">{ t(M::ExplorerLabel) }</label>
                        <input id="explorer-input" class="explorer-input" type="url" data-testid="explorer-input" spellcheck="false" value={self.explorer.clone()} oninput={on_explorer}/>
                        <div class="headers-actions">
                            { for heights.iter().map(|&h| {
                                let fetch = link.callback(move |_: MouseEvent| Msg::FetchHeader(h));
                                html! { <button type="button" class="button secondary" onclick={fetch} data-testid="fetch-header" data-height={h.to_string()}>{ tr(M::ExplorerFetch, &[("height", &h)]) }</button> }
                            }) }
                        </div>
                        { match &self.fetch {
                            Some((h, None)) => html! { <p class="headers-status" role="status">{ tr(M::ExplorerAsking, &[("height", h)]) }</p> },
                            Some((h, Some(Ok(_)))) => html! { <p class="headers-status" data-testid="fetch-status">{ tr(M::ExplorerAdded, &[("height", h)]) }</p> },
                            Some((h, Some(Err(e)))) => html! { <p class="headers-status bad" data-testid="fetch-status" role="alert">{ tr(M::ExplorerFailed, &[("height", h), ("why", e)]) }</p> },
                            None => html! {},
                        } }
                    </details>
                }
            </section>
        }
    }
}

/// Text the page shows as its publisher wrote it (a league's name, a trust bundle's purpose and
/// sources): marked as English and isolated, so a translated sentence around it reads in order
/// and a screen reader speaks it as English.
fn data(text: &str) -> Html {
    html! { <bdi class="data" lang="en">{ text.to_string() }</bdi> }
}
