//! The Scores page (spec §4-§5, §8): the reader drops `council-forecasts.csv`
//! (and, if they have them, the book, `asks.jsonl` and `council-clim-window.json`) and/or the
//! registered predictions; a Web Worker running `sealbook-core` computes the stats document —
//! the same bytes `sealbook score --json` writes — every run's correlation matrix and the §8.4
//! scorecards, and the page draws the tables and SVG charts from them. Served as
//! www/scores.html, which calls [`run_scores_app`].

pub mod charts;
pub mod compute;
pub mod experiment;
pub mod html;
pub mod protocol;
pub mod tables;
pub mod takeaway;
pub mod worker;

use crate::dropped::Labelled;
use crate::i18n::{t, tr, M};
use crate::job_loop::{Heard, JobLoop, JobStatus};
use crate::league_load::Loaded;
use crate::league_query;
use crate::shell::{Page, Progress, Shell, Zone};
use compute::MatrixView;
use protocol::{
    ScoresFromWorker, ScoresJob, ASKS, BOOK, CLIM, EXPERIMENT, FORECASTS, LEAGUE, PROFILE, RECORDS,
    REGISTERED,
};
// The downloaded stats document keeps its published name.
use sealbook_core::records::names::STATS_FILE;
use sealbook_core::records::published::PublishedFile;
use sealbook_core::score::peers::Profile;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{Event, File, HtmlSelectElement};
use yew::prelude::*;

/// The rules the page offers: (value, label).
const PROFILES: [(&str, M); 4] = [
    ("council", M::ScProfileCouncil),
    ("agentpit", M::ScProfileAgentpit),
    ("ladder", M::ScProfileLadder),
    ("arena", M::ScProfileArena),
];

/// Results as shown: the document's bytes (for the download), the documents read back into
/// core's types, and the matrices for the run chooser.
pub struct Shown {
    /// What "Download" saves: the file name and the CLI's `--json` bytes.
    download: Option<(String, String)>,
    documents: tables::Documents,
    matrices: Vec<MatrixView>,
}

pub type Status = JobStatus<Shown>;

pub enum Msg {
    Add(Vec<Labelled>),
    /// The league `?league=` names, or why none of it may be used ([`league_query::usable`]).
    LeagueLoaded(Result<Loaded, String>),
    DropFailed(String),
    Clear,
    FromWorker(ScoresFromWorker),
    WorkerBroken(String),
    ChooseRun(usize),
    ChooseProfile(String),
    Download,
}

pub struct ScoresApp {
    forecasts: Option<File>,
    book: Option<File>,
    asks: Option<File>,
    clim: Option<File>,
    registered: Option<File>,
    /// The reader experiment's exported dataset and the league file.
    experiment: Option<File>,
    league: Option<File>,
    /// The rules chosen; a peer profile reads one records file (`.jsonl`).
    profile: Profile,
    records: Option<File>,
    /// Names of dropped files that are none of these.
    ignored: Vec<String>,
    jobs: JobLoop<ScoresJob>,
    status: Status,
    chosen: usize,
}

impl ScoresApp {
    /// Takes each file by the role its name gives it (a peer profile takes one records file);
    /// the others are listed as not read.
    fn add(&mut self, files: Vec<Labelled>) {
        for (f, path) in files {
            let label = path.unwrap_or_else(|| f.name());
            if self.profile != Profile::Council {
                if label.to_ascii_lowercase().ends_with(".jsonl") {
                    self.records = Some(f);
                } else {
                    self.ignored.push(label);
                }
                continue;
            }
            match PublishedFile::of(&label) {
                PublishedFile::Forecasts => self.forecasts = Some(f),
                PublishedFile::Book => self.book = Some(f),
                PublishedFile::AskChain => self.asks = Some(f),
                PublishedFile::Climatology => self.clim = Some(f),
                PublishedFile::RegisteredPredictions => self.registered = Some(f),
                PublishedFile::ExperimentDataset => self.experiment = Some(f),
                PublishedFile::LeagueFile => self.league = Some(f),
                _ => self.ignored.push(label),
            }
        }
    }

    fn start(&mut self) {
        let peer = self.profile != Profile::Council;
        if (peer && self.records.is_none())
            || (!peer
                && self.forecasts.is_none()
                && self.book.is_none()
                && self.registered.is_none()
                && self.experiment.is_none()
                && self.league.is_none())
        {
            self.status = Status::Waiting;
            return;
        }
        let posted = self.jobs.post(|job| {
            let set = |k: &str, v: &JsValue| {
                let _ = js_sys::Reflect::set(job, &k.into(), v);
            };
            if peer {
                set(PROFILE, &JsValue::from_str(self.profile.as_str()));
                if let Some(f) = &self.records {
                    set(RECORDS, f);
                }
            } else {
                for (key, file) in [
                    (FORECASTS, &self.forecasts),
                    (BOOK, &self.book),
                    (ASKS, &self.asks),
                    (CLIM, &self.clim),
                    (REGISTERED, &self.registered),
                    (EXPERIMENT, &self.experiment),
                    (LEAGUE, &self.league),
                ] {
                    if let Some(f) = file {
                        set(key, f);
                    }
                }
            }
        });
        if let Some(status) = posted {
            self.status = status;
        }
    }

    fn download(&self) -> Result<(), String> {
        let Status::Done(shown) = &self.status else {
            return Ok(());
        };
        let Some((name, json)) = &shown.download else {
            return Ok(());
        };
        // The CLI prints the document with a final newline.
        save_json(name, &format!("{json}\n"))
    }

    fn any_given(&self) -> bool {
        self.forecasts.is_some()
            || self.book.is_some()
            || self.asks.is_some()
            || self.clim.is_some()
            || self.registered.is_some()
            || self.records.is_some()
            || self.experiment.is_some()
            || self.league.is_some()
    }

    /// The drop zone's text and controls: the choice of rules, what to drop, "Clear".
    fn zone(&self, ctx: &Context<Self>) -> Zone {
        let link = ctx.link();
        let peer = self.profile != Profile::Council;
        let on_profile = link.callback(|e: Event| {
            let s: HtmlSelectElement = e.target_unchecked_into();
            Msg::ChooseProfile(s.value())
        });
        let profiles = PROFILES.iter().map(|(value, label)| {
            html! { <option value={*value} selected={*value == self.profile.as_str()}>{ t(*label) }</option> }
        });
        let (title, hint) = if peer {
            (
                t(M::ScoresDropRecords),
                tr(M::ScoresHintRecords, &[("profile", &self.profile.as_str())]),
            )
        } else {
            (t(M::ScoresDropCsv), t(M::ScoresHintCsv).to_string())
        };
        Zone {
            title: title.into(),
            touch_title: None,
            hint: html! { { hint } },
            compact: self.any_given(),
            before: html! {
                <div class="profile-choice">
                    <label for="profile-select">{ t(M::ScoresRules) }</label>
                    <select id="profile-select" onchange={on_profile}>{ for profiles }</select>
                </div>
            },
            actions: if self.any_given() {
                html! { <button type="button" class="button quiet" onclick={link.callback(|_| Msg::Clear)}>{ t(M::Clear) }</button> }
            } else {
                html! {}
            },
            accept: Some(if peer { ".jsonl" } else { ".csv,.jsonl,.json" }.into()),
        }
    }

    /// The files taken, by role, and the ones not read.
    fn given(&self) -> Html {
        let given = |label: &str, f: &Option<File>, role: &str| -> Html {
            html! {
                <li class="file" data-role={role.to_string()}>
                    <span class="badge">{ label.to_string() }</span>
                    <bdi class="file-name" dir={if f.is_some() { "ltr" } else { "auto" }}>{ f.as_ref().map(|f| f.name()).unwrap_or_else(|| t(M::AccNotGiven).into()) }</bdi>
                </li>
            }
        };
        let peer = self.profile != Profile::Council;
        let any = self.any_given();
        html! {
            <>
                if any && peer {
                    <ul class="file-list" aria-label={t(M::AccFilesGiven)}>
                        { given(t(M::ScRoleRecords), &self.records, "records") }
                    </ul>
                } else if any {
                    <ul class="file-list" aria-label={t(M::AccFilesGiven)}>
                        { given(t(M::ScRoleForecasts), &self.forecasts, "forecasts") }
                        { given(t(M::ScRoleBook), &self.book, "book") }
                        { given(t(M::ScRoleAsks), &self.asks, "asks") }
                        { given(t(M::ScRoleClim), &self.clim, "clim") }
                        { given(t(M::ScRoleRegistered), &self.registered, "registered") }
                        // The experiment's inputs are listed only when given: most drops
                        // are about the council's scores alone.
                        if self.experiment.is_some() { { given(t(M::ScRoleExperiment), &self.experiment, "experiment") } }
                        if self.league.is_some() { { given(t(M::ScRoleLeague), &self.league, "league") } }
                    </ul>
                }
                if !self.ignored.is_empty() {
                    { html::unread("scores-ignored", &self.ignored, |files| tr(M::ScoresNotRead, &[("why", &t(if peer { M::ScoresNotRecords } else { M::ScoresNotScored })), ("files", &files)])) }
                }
            </>
        }
    }

    fn status_view(&self, ctx: &Context<Self>) -> Html {
        let peer = self.profile != Profile::Council;
        match &self.status {
            Status::Waiting => html! {},
            Status::Running { step, steps, label } => html! {
                <Progress label={tr(M::StepOf, &[("step", step), ("steps", steps), ("label", label)])} value={f64::from(*step)} max={f64::from(*steps)} />
            },
            Status::Failed(message) => {
                html! { <p class="callout bad" role="alert" id="scores-error">{ message.clone() }</p> }
            }
            Status::Done(shown) => {
                let options = shown.matrices.iter().enumerate().map(|(i, m)| {
                    html! { <option value={i.to_string()} selected={i == self.chosen}>{ tr(M::ScoresRunOption, &[("run", &m.run_id), ("horizon", &m.horizon), ("n", &m.seats.len())]) }</option> }
                });
                let on_choose = ctx.link().callback(|e: Event| {
                    let s: HtmlSelectElement = e.target_unchecked_into();
                    Msg::ChooseRun(s.value().parse().unwrap_or(0))
                });
                let matrix = shown
                    .matrices
                    .get(self.chosen)
                    .map(tables::matrix)
                    .unwrap_or_default();
                html! {
                    <div class="results" id="scores-results">
                        if shown.download.is_some() {
                            <div class="scores-actions">
                                <button type="button" class="button secondary" id="download-stats" onclick={ctx.link().callback(|_| Msg::Download)}>{ t(M::ScoresDownload) }</button>
                                <span class="note">{ t(if peer { M::ScoresSameBytesPeer } else { M::ScoresSameBytes }) }</span>
                            </div>
                        }
                        { tables::results(&shown.documents) }
                        if !shown.matrices.is_empty() || (shown.download.is_some() && !peer) {
                            <section class="card scores-card" id="scores-matrix" aria-labelledby="scores-matrix-title">
                                <h2 class="section-title" id="scores-matrix-title">{ t(M::ScoresMatrixTitle) }</h2>
                                if shown.matrices.is_empty() {
                                    <p class="note">{ t(M::ScoresNoPanel) }</p>
                                } else {
                                    <label class="run-label" for="run-select">{ t(M::ScoresRunHorizon) }</label>
                                    <select id="run-select" onchange={on_choose}>{ for options }</select>
                                    { matrix }
                                }
                            </section>
                        }
                    </div>
                }
            }
        }
    }
}

pub use crate::save::save_json;

impl Component for ScoresApp {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let (jobs, started) = JobLoop::spawn(ctx.link(), Msg::FromWorker, Msg::WorkerBroken);
        let mut status = match started {
            Ok(()) => Status::Waiting,
            Err(e) => Status::Failed(e),
        };
        if jobs.up() {
            if let Some(label) = league_query::open(ctx.link(), Msg::LeagueLoaded) {
                status = JobLoop::<ScoresJob>::starting(label);
            }
        }
        ScoresApp {
            forecasts: None,
            book: None,
            asks: None,
            clim: None,
            registered: None,
            experiment: None,
            league: None,
            profile: Profile::Council,
            records: None,
            ignored: Vec::new(),
            jobs,
            status,
            chosen: 0,
        }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Add(files) => {
                if files.is_empty() {
                    return false;
                }
                self.add(files);
                self.start();
            }
            Msg::LeagueLoaded(Ok(loaded)) => {
                self.add(loaded.files);
                self.start();
            }
            Msg::LeagueLoaded(Err(why)) => {
                self.status = Status::Failed(crate::format::sentence(&why));
            }
            Msg::Clear => {
                (
                    self.forecasts,
                    self.book,
                    self.asks,
                    self.clim,
                    self.registered,
                    self.records,
                ) = (None, None, None, None, None, None);
                (self.experiment, self.league) = (None, None);
                self.ignored.clear();
                self.jobs.supersede(); // drops a running job's result
                self.status = Status::Waiting;
            }
            Msg::DropFailed(why) => {
                self.status = Status::Failed(tr(M::DropFailed, &[("why", &why)]));
            }
            Msg::FromWorker(m) => match self.jobs.hear(m) {
                Heard::Ready { start } => {
                    if start {
                        self.start();
                    }
                }
                Heard::Status(status) => self.status = status,
                Heard::Done(computed) => {
                    self.status = match tables::Documents::read(
                        computed
                            .shown_stats_json
                            .as_deref()
                            .or(computed.stats_json.as_deref()),
                        computed.scorecards_json.as_deref(),
                        computed
                            .shown_peer_json
                            .as_deref()
                            .or(computed.peer_json.as_deref()),
                    )
                    .and_then(|d| d.with_experiment(computed.experiment_json.as_deref()))
                    {
                        Ok(documents) => {
                            self.chosen = computed
                                .matrices
                                .iter()
                                .rposition(|m| !m.eigenvalues.is_empty())
                                .unwrap_or(0);
                            let download = match (computed.peer_json, computed.stats_json) {
                                (Some(json), _) => {
                                    Some((format!("{}-stats.json", self.profile.as_str()), json))
                                }
                                (None, Some(json)) => Some((STATS_FILE.to_string(), json)),
                                (None, None) => None,
                            };
                            Status::Done(Rc::new(Shown {
                                download,
                                documents,
                                matrices: computed.matrices,
                            }))
                        }
                        Err(e) => Status::Failed(e),
                    };
                }
                Heard::Stale => return false, // a superseded job
            },
            Msg::WorkerBroken(why) => self.status = self.jobs.broken(why),
            Msg::ChooseRun(i) => self.chosen = i,
            Msg::ChooseProfile(name) => {
                self.profile = Profile::parse(&name).unwrap_or(Profile::Council);
                self.records = None;
                self.ignored.clear();
                self.jobs.supersede(); // drops a running job's result
                self.start();
            }
            Msg::Download => {
                if let Err(e) = self.download() {
                    self.status = Status::Failed(tr(M::ScoresDownloadFailed, &[("why", &e)]));
                }
                return true;
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        html! {
            <Shell page={Page::Scores} ready={self.jobs.ready()} title={t(M::ScoresTitle)} zone={self.zone(ctx)}
                lede={html! { t(M::ScoresLede) }}
                footer={html! { t(M::ScoresFooter) }}
                on_files={link.callback(Msg::Add)} on_drop_failed={link.callback(Msg::DropFailed)}>
                { self.given() }
                { self.status_view(ctx) }
            </Shell>
        }
    }
}

/// Mounts the Scores page into `#app`.
#[cfg_attr(feature = "scores", wasm_bindgen::prelude::wasm_bindgen)]
pub fn run_scores_app() {
    crate::shell::mount::<ScoresApp>();
}
