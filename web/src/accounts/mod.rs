//! The Accounts page (spec §4.7-4.8 and §4.11, Appendix B steps 7-8): the reader drops the
//! trading tracks' published files (`arena-protocol.json`, `arena-decisions.jsonl`,
//! `arena-prices.jsonl`, `arena-trades.jsonl`, `arena-accounts.jsonl`, and `arena-code.json`
//! with its `arena-code-<file>.txt` texts), or the whole published folder, or opens a league
//! with `?league=<manifest URL>`; a Web Worker running `sealbook-core` replays every sealed
//! decision with the engine and compares every published row (the same verdict as
//! `sealbook replay --json`), and the page draws the summary, the rows that differ, the code
//! check, each account's figures and its equity and drawdown charts against its benchmarks.
//! Served as www/accounts.html, which calls [`run_accounts_app`].

pub mod compute;
pub mod protocol;
pub mod view;
pub mod worker;

use crate::dropped::Labelled;
use crate::i18n::{t, tr, M};
use crate::job_loop::{Heard, JobLoop, JobStatus};
use crate::league_load::{self, Loaded};
use crate::league_query;
use crate::scores::html::unread;
use crate::scores::save_json;
use crate::shell::{Page, Progress, Shell, Zone};
use compute::{arena_kind, Computed, NEEDED};
use protocol::{AccountsFromWorker, AccountsJob, FILES, LABELS};
use sealbook_core::arena::code::CODE_FILE;
use sealbook_core::league::league_file::LEAGUE_FILE;
use sealbook_core::records::names::BOOK_FILE;
use sealbook_core::records::published::ArenaFile;
use sealbook_core::verifier::recount::{Accounts, Recount};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::File;
use yew::prelude::*;

/// The name the downloaded verdict gets.
const VERDICT_FILE: &str = "arena-replay.json";

/// A finished recount: the verdict's bytes (for the download), read back, the accounts, and
/// why the decisions are not the book's in the page's language.
pub struct Shown {
    json: String,
    recount: Recount,
    accounts: Accounts,
    decisions_why: Option<String>,
}

pub type Status = JobStatus<Shown>;

pub enum Msg {
    Add(Vec<Labelled>),
    DropFailed(String),
    /// The league `?league=` names, or why none of it may be used ([`league_query::usable`]).
    LeagueLoaded(Result<Loaded, String>),
    Clear,
    FromWorker(AccountsFromWorker),
    WorkerBroken(String),
    Download,
}

pub struct AccountsApp {
    /// The trading-track files given: (kind, label, file), one per kind (one per name for
    /// the code texts).
    files: Vec<(ArenaFile, String, File)>,
    /// `council-book.jsonl` when given: the decisions are held to the ones sealed in it
    /// (spec §4.11).
    book: Option<(String, File)>,
    /// `council-league.json` when given: its accounts summary is held to the recount (spec
    /// §4.7).
    league: Option<(String, File)>,
    /// Names of given files that are none of these.
    ignored: Vec<String>,
    jobs: JobLoop<AccountsJob>,
    status: Status,
}

fn base_name(label: &str) -> &str {
    label.rsplit('/').next().unwrap_or(label)
}

impl AccountsApp {
    fn add(&mut self, files: Vec<Labelled>) {
        for (f, path) in files {
            let label = league_load::label_of(&f, path.as_deref());
            if compute::is_book(&label) {
                self.book = Some((label, f));
                continue;
            }
            if compute::is_league(&label) {
                self.league = Some((label, f));
                continue;
            }
            match arena_kind(&label) {
                Some(kind) => {
                    self.files.retain(|(k, l, _)| {
                        *k != kind
                            || (kind == ArenaFile::CodeText && base_name(l) != base_name(&label))
                    });
                    self.files.push((kind, label, f));
                }
                None => self.ignored.push(label),
            }
        }
        self.files.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    }

    fn start(&mut self) {
        if self.files.is_empty() {
            self.status = Status::Waiting;
            return;
        }
        let single = self.book.iter().chain(&self.league).map(|(l, f)| (l, f));
        let given = self.files.iter().map(|(_, l, f)| (l, f)).chain(single);
        let posted = self.jobs.post(|job| {
            let files = js_sys::Array::new();
            let labels = js_sys::Array::new();
            for (label, f) in given {
                files.push(f);
                labels.push(&JsValue::from_str(label));
            }
            for (k, v) in [(FILES, files), (LABELS, labels)] {
                let _ = js_sys::Reflect::set(job, &k.into(), &v);
            }
        });
        if let Some(status) = posted {
            self.status = status;
        }
    }

    fn zone(&self, ctx: &Context<Self>) -> Zone {
        let any = !self.files.is_empty() || !self.ignored.is_empty();
        Zone {
            title: t(M::AccountsDrop).into(),
            touch_title: None,
            hint: html! { t(M::AccountsHint) },
            compact: any,
            before: html! {},
            actions: if any {
                html! { <button type="button" class="button quiet" onclick={ctx.link().callback(|_| Msg::Clear)}>{ t(M::Clear) }</button> }
            } else {
                html! {}
            },
            accept: Some(".json,.jsonl,.txt".into()),
        }
    }

    /// The files taken, the needed ones not given, and the ones not read.
    fn given(&self) -> Html {
        if self.files.is_empty() && self.ignored.is_empty() {
            return html! {};
        }
        let texts = self
            .files
            .iter()
            .filter(|(k, _, _)| *k == ArenaFile::CodeText)
            .count();
        let row = |kind: ArenaFile, name: &str| {
            let f = self.files.iter().find(|(k, _, _)| *k == kind);
            html! {
                <li class="file" data-role={name.to_string()} data-given={if f.is_some() { "true" } else { "false" }}>
                    <span class="badge">{ name.to_string() }</span>
                    <bdi class="file-name" dir={if f.is_some() { "ltr" } else { "auto" }}>{ f.map_or_else(|| t(M::AccNotGiven).to_string(), |(_, l, _)| l.clone()) }</bdi>
                </li>
            }
        };
        html! {
            <>
                <ul class="file-list" aria-label={t(M::AccFilesGiven)}>
                    { for NEEDED.iter().map(|(k, n)| row(*k, n)) }
                    { row(ArenaFile::Code, CODE_FILE) }
                    <li class="file" data-role="code-texts">
                        <span class="badge">{ t(M::AccCodeTexts) }</span>
                        <span class="file-name">{ format!("{texts} arena-code-<file>.txt") }</span>
                    </li>
                    <li class="file" data-role={BOOK_FILE} data-given={if self.book.is_some() { "true" } else { "false" }}>
                        <span class="badge">{ BOOK_FILE }</span>
                        <span class="file-name">{ self.book.as_ref().map_or_else(|| t(M::AccBookNotGiven).to_string(), |(l, _)| l.clone()) }</span>
                    </li>
                    <li class="file" data-role={LEAGUE_FILE} data-given={if self.league.is_some() { "true" } else { "false" }}>
                        <span class="badge">{ LEAGUE_FILE }</span>
                        <span class="file-name">{ self.league.as_ref().map_or_else(|| t(M::AccLeagueNotGiven).to_string(), |(l, _)| l.clone()) }</span>
                    </li>
                </ul>
                if !self.ignored.is_empty() {
                    { unread("accounts-ignored", &self.ignored, |files| tr(M::AccNotRead, &[("files", &files)])) }
                }
            </>
        }
    }

    fn status_view(&self, ctx: &Context<Self>) -> Html {
        match &self.status {
            Status::Waiting => html! {},
            Status::Running { step, steps, label } => html! {
                <Progress label={tr(M::StepOf, &[("step", step), ("steps", steps), ("label", label)])} value={f64::from(*step)} max={f64::from(*steps)} />
            },
            Status::Failed(message) => html! {
                <div class="callout bad" role="alert" id="accounts-error" data-ok="false">
                    <p><strong>{ t(M::AccNotRecounted) }</strong></p>
                    <p>{ message.clone() }</p>
                </div>
            },
            Status::Done(shown) => html! { <>
                <div class="scores-actions">
                    <button type="button" class="button secondary" id="download-recount" onclick={ctx.link().callback(|_| Msg::Download)}>{ t(M::AccDownload) }</button>
                    <span class="note">{ t(M::AccSameBytes) }</span>
                </div>
                { view::results(&shown.recount, &shown.accounts, shown.decisions_why.as_deref()) }
            </> },
        }
    }

    fn done(&mut self, computed: Computed) {
        self.status = match serde_json::from_str::<Recount>(&computed.recount_json) {
            Ok(recount) => Status::Done(Rc::new(Shown {
                json: computed.recount_json,
                recount,
                accounts: computed.accounts,
                decisions_why: computed.decisions_why,
            })),
            Err(e) => Status::Failed(tr(M::AccVerdictUnread, &[("why", &e)])),
        };
    }
}

impl Component for AccountsApp {
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
                status = JobLoop::<AccountsJob>::starting(label);
            }
        }
        AccountsApp {
            files: Vec::new(),
            book: None,
            league: None,
            ignored: Vec::new(),
            jobs,
            status,
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
            Msg::LeagueLoaded(Err(why)) => self.status = Status::Failed(why),
            Msg::Clear => {
                self.files.clear();
                self.book = None;
                self.league = None;
                self.ignored.clear();
                self.jobs.supersede(); // drops a running job's result
                self.status = Status::Waiting;
            }
            Msg::DropFailed(why) => {
                self.status = Status::Failed(tr(M::AccDropFailed, &[("why", &why)]));
            }
            Msg::FromWorker(m) => match self.jobs.hear(m) {
                Heard::Ready { start } => {
                    if start {
                        self.start();
                    }
                }
                Heard::Status(status) => self.status = status,
                Heard::Done(computed) => self.done(computed),
                Heard::Stale => return false, // a superseded job
            },
            Msg::Download => {
                if let Status::Done(shown) = &self.status {
                    if let Err(e) = save_json(VERDICT_FILE, &format!("{}\n", shown.json)) {
                        self.status = Status::Failed(tr(M::AccDownloadFailed, &[("why", &e)]));
                    }
                }
            }
            Msg::WorkerBroken(why) => self.status = self.jobs.broken(why),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        html! {
            <Shell page={Page::Accounts} ready={self.jobs.ready()} title={t(M::AccountsTitle)} zone={self.zone(ctx)}
                lede={html! { t(M::AccountsLede) }}
                footer={html! { t(M::AccountsFooter) }}
                on_files={link.callback(Msg::Add)} on_drop_failed={link.callback(Msg::DropFailed)}>
                { self.given() }
                { self.status_view(ctx) }
            </Shell>
        }
    }
}

/// Mounts the Accounts page into `#app`.
#[cfg_attr(feature = "accounts", wasm_bindgen::prelude::wasm_bindgen)]
pub fn run_accounts_app() {
    crate::shell::mount::<AccountsApp>();
}
