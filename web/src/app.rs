//! The page's root component: file intake (drop anywhere, or the keyboard-operable picker), the
//! verifier worker's life cycle, progress, and the results view.

use crate::dropped::{self, Dropped, Labelled};
use crate::format;
use crate::protocol::{FromWorker, BOOKS, FILE, JOB, LISTS, NAME};
use crate::report_view;
use crate::session::{FileKind, SessionReport};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, Event, File, HtmlInputElement, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

/// Where the worker script is served (HTTP layout: `/<p>` is `www/<p>`).
const WORKER_URL: &str = "/worker.js";

/// A file the reader gave the page.
pub struct Picked {
    file: File,
    /// The path inside a chosen folder (`proof/2026-10-20/130025Z.txt`), else the file name:
    /// the days' lists share names, so the path is what tells them apart.
    label: String,
    size: u64,
    last_modified: f64,
    kind: FileKind,
}

impl Picked {
    /// `path`: the file's path inside a dropped folder, if it came from one.
    fn new(file: File, path: Option<String>) -> Picked {
        let relative = || js_sys::Reflect::get(&file, &"webkitRelativePath".into()).ok().and_then(|p| p.as_string());
        let label = path.or_else(relative).filter(|p| !p.is_empty()).unwrap_or_else(|| file.name());
        Picked { kind: FileKind::of(&file.name()), size: file.size() as u64, last_modified: file.last_modified(), label, file }
    }

    /// The same file given twice (dropped again, or picked again).
    fn same_as(&self, other: &Picked) -> bool {
        self.label == other.label && self.size == other.size && self.last_modified == other.last_modified
    }
}

pub enum Status {
    /// No book yet.
    Waiting,
    Running { book: String, done: u64, total: u64, lines: u64 },
    Done(Rc<SessionReport>),
    Failed(String),
}

pub enum Msg {
    Add(Vec<Labelled>),
    DropFailed(String),
    Remove(usize),
    Clear,
    Dragging(bool),
    FromWorker(FromWorker),
    WorkerBroken(String),
}

type Listener<E> = Closure<dyn FnMut(E)>;

/// The verifier worker and the page's listeners on it; terminated when dropped.
struct VerifierWorker {
    worker: Worker,
    _on_message: Listener<MessageEvent>,
    _on_error: Listener<Event>,
}

impl VerifierWorker {
    fn spawn(ctx: &Context<App>) -> Result<VerifierWorker, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(WORKER_URL, &opts)
            .map_err(|e| format!("this browser could not start the verifier (a module Web Worker): {e:?}"))?;
        let link = ctx.link().clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            link.send_message(match FromWorker::from_json(&text) {
                Ok(m) => Msg::FromWorker(m),
                Err(why) => Msg::WorkerBroken(why),
            });
        });
        let link = ctx.link().clone();
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let detail = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string());
            link.send_message(Msg::WorkerBroken(detail.unwrap_or_else(|| "the verifier stopped".into())));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(VerifierWorker { worker, _on_message: on_message, _on_error: on_error })
    }
}

impl Drop for VerifierWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

pub struct App {
    files: Vec<Picked>,
    /// Started at once, so the page needs no network after it has loaded.
    worker: Option<VerifierWorker>,
    ready: bool,
    /// A job is waiting for the worker to report ready.
    pending: bool,
    job: u32,
    status: Status,
    dragging: bool,
    input: NodeRef,
    folder_input: NodeRef,
}

impl App {
    fn has_book(&self) -> bool {
        self.files.iter().any(|f| f.kind == FileKind::Book)
    }

    /// Starts (or restarts) verification of the current files.
    fn start(&mut self) {
        if !self.has_book() {
            self.status = Status::Waiting;
            self.pending = false;
            return;
        }
        self.job += 1;
        let total = self.files.iter().filter(|f| f.kind == FileKind::Book).map(|f| f.size).sum();
        self.status = Status::Running { book: String::new(), done: 0, total, lines: 0 };
        if self.ready {
            self.post_job();
        } else {
            self.pending = true;
        }
    }

    fn post_job(&mut self) {
        self.pending = false;
        let Some(VerifierWorker { worker, .. }) = &self.worker else { return };
        let set = |o: &js_sys::Object, k: &str, v: &JsValue| js_sys::Reflect::set(o, &k.into(), v).map(|_| ());
        let named = |f: &Picked| {
            let o = js_sys::Object::new();
            set(&o, FILE, &f.file).and_then(|_| set(&o, NAME, &f.label.as_str().into())).map(|_| JsValue::from(o))
        };
        let of_kind = |kind| -> Result<JsValue, JsValue> {
            let items: Result<js_sys::Array, JsValue> = self.files.iter().filter(|f| f.kind == kind).map(named).collect();
            items.map(JsValue::from)
        };
        let job = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| set(&job, k, v);
        let posted = set(JOB, &self.job.into())
            .and_then(|_| set(BOOKS, &of_kind(FileKind::Book)?))
            .and_then(|_| set(LISTS, &of_kind(FileKind::StampedList)?))
            .and_then(|_| worker.post_message(&job));
        if let Err(e) = posted {
            self.status = Status::Failed(format!("could not hand the files to the verifier: {e:?}"));
        }
    }

    fn add(&mut self, new: Vec<Labelled>) {
        for picked in new.into_iter().map(|(file, path)| Picked::new(file, path)) {
            if !self.files.iter().any(|f| f.same_as(&picked)) {
                self.files.push(picked);
            }
        }
        // Books first, then lists by path (so the days' lists read in order).
        let rank = |k: FileKind| match k {
            FileKind::Book => 0,
            FileKind::StampedList => 1,
            FileKind::NotChecked => 2,
        };
        self.files.sort_by(|a, b| (rank(a.kind), &a.label).cmp(&(rank(b.kind), &b.label)));
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let (worker, status) = match VerifierWorker::spawn(ctx) {
            Ok(w) => (Some(w), Status::Waiting),
            Err(why) => (None, Status::Failed(why)),
        };
        App {
            files: Vec::new(),
            worker,
            ready: false,
            pending: false,
            job: 0,
            status,
            dragging: false,
            input: NodeRef::default(),
            folder_input: NodeRef::default(),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Add(files) => {
                if files.is_empty() {
                    return false;
                }
                self.add(files);
                self.start();
            }
            Msg::DropFailed(why) => {
                self.status = Status::Failed(format!("Could not take the dropped folder: {why}"));
            }
            Msg::Remove(i) => {
                if i < self.files.len() {
                    self.files.remove(i);
                }
                self.start();
            }
            Msg::Clear => {
                self.files.clear();
                self.start();
            }
            Msg::Dragging(on) => {
                if self.dragging == on {
                    return false;
                }
                self.dragging = on;
            }
            Msg::FromWorker(FromWorker::Ready) => {
                self.ready = true;
                if self.pending {
                    self.post_job();
                }
            }
            Msg::FromWorker(FromWorker::Progress { job, book, done, total, lines }) => {
                if job != self.job {
                    return false;
                }
                self.status = Status::Running { book, done, total, lines };
            }
            Msg::FromWorker(FromWorker::Done { job, report }) => {
                if job != self.job {
                    return false;
                }
                self.status = Status::Done(Rc::new(report));
            }
            Msg::FromWorker(FromWorker::Failed { job, message }) => {
                if job != self.job {
                    return false;
                }
                self.status = Status::Failed(message);
            }
            Msg::FromWorker(FromWorker::Crashed { message }) | Msg::WorkerBroken(message) => {
                // A wasm instance that panicked cannot be trusted again: start a fresh worker,
                // but only if this one had started (else it would fail again, forever).
                let had_started = self.ready;
                self.worker = None;
                self.ready = false;
                self.pending = false;
                self.status = Status::Failed(if !had_started {
                    format!("The verifier could not start: {message}. Reload the page to try again.")
                } else {
                    match VerifierWorker::spawn(ctx) {
                        Ok(w) => {
                            self.worker = Some(w);
                            format!("The verifier stopped: {message}. It has been restarted; add the files again to retry.")
                        }
                        Err(why) => format!("The verifier stopped: {message}; restarting it failed: {why}"),
                    }
                });
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let on_dragover = link.callback(|e: DragEvent| {
            e.prevent_default();
            Msg::Dragging(true)
        });
        let on_dragleave = link.callback(|e: DragEvent| {
            // Leaving for a child element also fires dragleave; only the page's edge counts.
            let left_page = e.related_target().is_none();
            Msg::Dragging(!left_page)
        });
        let walker = link.clone();
        let on_drop = link.batch_callback(move |e: DragEvent| {
            e.prevent_default();
            let Some(transfer) = e.data_transfer() else { return vec![Msg::Dragging(false)] };
            match dropped::take(&transfer) {
                Dropped::Files(files) => vec![Msg::Dragging(false), Msg::Add(files)],
                Dropped::Entries(entries) => {
                    let link = walker.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        link.send_message(match dropped::walk(entries).await {
                            Ok(files) => Msg::Add(files),
                            Err(why) => Msg::DropFailed(why),
                        });
                    });
                    vec![Msg::Dragging(false)]
                }
            }
        });
        let on_change = link.callback(|e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let files = dropped::from_list(input.files());
            input.set_value(""); // picking the same file again must fire `change` again
            Msg::Add(files)
        });
        let ready = if self.ready { "true" } else { "false" };
        html! {
            <div class="page" ondragover={on_dragover} ondragleave={on_dragleave} ondrop={on_drop} data-worker-ready={ready}>
                <header class="masthead">
                    <div class="masthead-inner">
                        <span class="brand">
                            <svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1.2 13.6-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"/></svg>
                            { "sealbook" }
                        </span>
                        <span class="masthead-note">{ "Runs in your browser · nothing is uploaded" }</span>
                    </div>
                </header>
                <main class="content" id="main">
                    <section class="intro">
                        <h1>{ "Check a sealed book yourself" }</h1>
                        <p class="lede">
                            { "Drop the published book and its stamped lists. This page recomputes every line's seal and link and every stamped prefix with its own copy of the verifier, compiled to WebAssembly. Your files never leave this device, and no server is asked for an answer." }
                        </p>
                    </section>
                    { self.view_dropzone(on_change) }
                    { self.view_files(ctx) }
                    { self.view_status() }
                </main>
                <footer class="footer">
                    <p>
                        { "The checks follow " }<cite>{ "Sealed Before the Open" }</cite>{ ", §3.2 and Appendix B steps 3–4: seal = SHA-256 of the line's content, link = SHA-256 of the line without its link, each line's prev = the previous link, and a stamp's sha256 = the first N lines as stored." }
                    </p>
                </footer>
            </div>
        }
    }
}

impl App {
    fn view_dropzone(&self, on_change: Callback<Event>) -> Html {
        // Each picker is opened in the click handler itself, so the browser sees the gesture.
        let opener = |input: &NodeRef| {
            let input = input.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(input) = input.cast::<HtmlInputElement>() {
                    input.click();
                }
            })
        };
        html! {
            <section class={classes!("dropzone", self.dragging.then_some("dragging"), (!self.files.is_empty()).then_some("compact"))} aria-labelledby="dropzone-title" data-testid="dropzone">
                <svg class="dropzone-icon" viewBox="0 0 48 48" aria-hidden="true">
                    <path d="M14 6h14l10 10v26H14z" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>
                    <path d="M28 6v10h10" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>
                    <path d="M20 29l4.5 4.5L33 25" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
                </svg>
                <h2 id="dropzone-title" class="dropzone-title">{ if self.files.is_empty() { "Drop files here" } else { "Drop more files here" } }</h2>
                <p class="dropzone-hint">
                    { "The book (" }<code>{ "council-book.jsonl" }</code>{ ", " }<code>{ "asks.jsonl" }</code>
                    { ") and any stamped lists (" }<code>{ "proof/<day>/<time>Z.txt" }</code>{ "), or the whole downloaded folder" }
                </p>
                <div class="dropzone-actions">
                    <button type="button" class="button primary" onclick={opener(&self.input)} aria-describedby="pick-files-sr">{ "Choose files…" }</button>
                    <button type="button" class="button secondary" onclick={opener(&self.folder_input)} aria-describedby="pick-folder-sr">{ "Choose a folder…" }</button>
                </div>
                <span id="pick-files-sr" class="visually-hidden">{ "Opens a file picker; choose one or more books (.jsonl) and stamped lists (.txt)." }</span>
                <span id="pick-folder-sr" class="visually-hidden">{ "Opens a folder picker; every book and stamped list inside the folder is checked." }</span>
                <input ref={self.input.clone()} type="file" multiple=true class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={on_change.clone()} data-testid="file-input"/>
                <input ref={self.folder_input.clone()} type="file" webkitdirectory=true class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={on_change} data-testid="folder-input"/>
            </section>
        }
    }

    fn view_files(&self, ctx: &Context<Self>) -> Html {
        if self.files.is_empty() {
            return html! {};
        }
        let clear = ctx.link().callback(|_: MouseEvent| Msg::Clear);
        let others: Vec<&str> = self.files.iter().filter(|f| f.kind == FileKind::NotChecked).map(|f| f.label.as_str()).collect();
        html! {
            <section class="files" aria-labelledby="files-title">
                <div class="files-head">
                    <h2 id="files-title" class="section-title">{ "Your files" }</h2>
                    <button type="button" class="button quiet" onclick={clear}>{ "Clear all" }</button>
                </div>
                <ul class="file-list">
                    { for self.files.iter().enumerate().filter(|(_, f)| f.kind != FileKind::NotChecked).map(|(i, f)| {
                        let remove = ctx.link().callback(move |_: MouseEvent| Msg::Remove(i));
                        let (badge, class) = match f.kind {
                            FileKind::Book => ("Book", "badge book"),
                            _ => ("Stamped list", "badge list"),
                        };
                        html! {
                            <li class="file">
                                <span class="file-name">{ &f.label }</span>
                                <span class="file-meta">
                                    <span class={class}>{ badge }</span>
                                    <span class="file-size">{ format::bytes(f.size) }</span>
                                </span>
                                <button type="button" class="icon-button" onclick={remove} aria-label={format!("Remove {}", f.label)}>
                                    <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
                                </button>
                            </li>
                        }
                    }) }
                </ul>
                if !others.is_empty() {
                    <details class="others">
                        <summary>{ format!("{} other {} not checked by this version of the page", others.len(), if others.len() == 1 { "file" } else { "files" }) }</summary>
                        <p class="note">{ "Anchor proofs (.ots, .tsr, Rekor entries), ask texts and score files come in later versions." }</p>
                        <ul class="others-list">{ for others.iter().map(|l| html! { <li>{ *l }</li> }) }</ul>
                    </details>
                }
            </section>
        }
    }

    fn view_status(&self) -> Html {
        // The live region carries one short sentence; the full report is not read out at once.
        let announce = match &self.status {
            Status::Waiting => String::new(),
            Status::Running { .. } => "Checking the files…".to_string(),
            Status::Done(report) => report_view::headline(report),
            Status::Failed(_) => String::new(), // the alert below is announced by itself
        };
        html! {
            <>
                <p class="visually-hidden" role="status" aria-live="polite">{ announce }</p>
                { self.view_progress_or_result() }
            </>
        }
    }

    fn view_progress_or_result(&self) -> Html {
        match &self.status {
            Status::Waiting if self.files.is_empty() => html! {},
            Status::Waiting => html! {
                <p class="note" data-testid="status">{ "Add the book (a .jsonl file) to start the check." }</p>
            },
            Status::Running { book, done, total, lines } => {
                let pct = if *total == 0 { 100.0 } else { *done as f64 * 100.0 / *total as f64 };
                html! {
                    <section class="progress" data-testid="status" aria-label="Progress">
                        <p class="progress-label" id="progress-label">
                            if book.is_empty() {
                                { "Starting the verifier…" }
                            } else {
                                { format!("Checking {book}: {} so far · {} of {}", format::lines(*lines), format::bytes(*done), format::bytes(*total)) }
                            }
                        </p>
                        <progress max="100" value={format!("{pct:.1}")} aria-labelledby="progress-label"></progress>
                    </section>
                }
            }
            Status::Failed(why) => html! {
                <div class="callout bad" role="alert" data-testid="status"><p>{ why }</p></div>
            },
            Status::Done(report) => report_view::view(report),
        }
    }
}
