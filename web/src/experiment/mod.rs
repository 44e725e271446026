//! The reader experiment's page (spec §6): the open session's 12 markets, each called up or
//! down with a confidence from 55% to 95%, with no sign-up, name or contact. The first visit
//! asks the server for an anonymous identifier, kept in `localStorage` with its group for good;
//! the seeing group sees the council's sealed answers at once, the blind group after its first
//! forecast of the session (a request to see them before is recorded as a peek). Forecasts
//! close at the reference time; once the session is scored the reader's Brier score and hit
//! rate stand beside the council's. The revision protocol (§6.4) is offered as a second way of
//! calling. Served as www/experiment.html, which calls [`run_experiment_app`]; the decisions
//! live in [`decide`], the API's shapes in [`api`], and this module only renders.

pub mod api;
pub mod decide;
mod net;
mod view;

use crate::i18n::{tr, M};
use api::{Accepted, ApiError, Direction, NewReader, PeekReply, SessionView, Stage};
use decide::{Mode, ReaderStart};
use sealbook_core::calendar::Instant;
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::prelude::*;

/// A market's form as the reader is filling it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Draft {
    pub direction: Option<Direction>,
    pub confidence: String,
}

pub enum Msg {
    Reader(Result<NewReader, ApiError>),
    Loaded(Result<SessionView, ApiError>),
    Tick,
    Mode(Mode),
    Direction(String, Direction),
    Confidence(String, String),
    Submit(String, Stage),
    Sent(String, Result<Accepted, ApiError>),
    Peek,
    Peeked(Result<PeekReply, ApiError>),
}

pub struct ExperimentApp {
    reader: Option<String>,
    session: Option<Rc<SessionView>>,
    /// The server's clock, as the device's clock plus `skew`.
    now: Instant,
    /// The server's clock minus the device's, in microseconds, measured when the session was
    /// read: the countdown and the page's own refusal follow the server's clock, which
    /// decides (spec §6.3), whatever the device's says.
    skew: i64,
    mode: Mode,
    drafts: BTreeMap<String, Draft>,
    /// The revision protocol's displays, by market, as the private calls' answers gave them.
    displays: BTreeMap<String, api::Display>,
    /// Markets with a call on its way.
    sending: Vec<String>,
    /// A market's validation messages, each for its field, or the call's refusal.
    errors: BTreeMap<String, decide::CallErrors>,
    /// What the live region announces.
    announce: String,
    /// Why the page cannot go on (no session, the server unreachable).
    failure: Option<String>,
    /// A peek was recorded since the session was read.
    peeked: bool,
    /// The browser refused to keep the identifier.
    storage_refused: bool,
    _ticker: Option<net::Ticker>,
}

/// Reads a JSON answer with the expected status into `T`, or the API's error.
fn read<T: serde::de::DeserializeOwned>(
    reply: Result<net::Reply, String>,
    ok: u16,
) -> Result<(T, net::Reply), ApiError> {
    let reply = reply.map_err(|message| ApiError {
        code: "unreachable".into(),
        field: None,
        message,
    })?;
    if reply.status != ok {
        return Err(ApiError::of(reply.status, &reply.body));
    }
    match serde_json::from_str(&reply.body) {
        Ok(v) => Ok((v, reply)),
        Err(e) => Err(ApiError {
            code: "bad_answer".into(),
            field: None,
            message: tr(M::ExpAnswerUnreadable, &[("why", &e)]),
        }),
    }
}

impl ExperimentApp {
    fn new_reader(ctx: &Context<Self>, reset: bool) {
        ctx.link().send_future(async move {
            let reply = net::request(
                "POST",
                "/api/experiment/reader",
                Some(&api::reader_body(reset)),
            )
            .await;
            Msg::Reader(read::<NewReader>(reply, 201).map(|(r, _)| r))
        });
    }

    fn load(&self, ctx: &Context<Self>) {
        let Some(reader) = self.reader.clone() else {
            return;
        };
        ctx.link().send_future(async move {
            let reply = net::request("GET", &api::session_url(&reader), None).await;
            Msg::Loaded(read::<SessionView>(reply, 200).map(|(s, _)| s))
        });
    }

    fn submit(&mut self, ctx: &Context<Self>, market: String, stage: Stage) {
        let Some(session) = self.session.clone() else {
            return;
        };
        // The clock at the moment of the call: a background tab's ticks may be throttled.
        self.now = self.server_now();
        if let Some(why) = self.closed_message(&session) {
            self.announce = why.clone();
            self.errors.insert(market, decide::CallErrors::of_call(why));
            return;
        }
        let draft = self.drafts.get(&market).cloned().unwrap_or_default();
        let (direction, confidence) =
            match decide::validate_call(draft.direction, &draft.confidence) {
                Ok(call) => call,
                Err(errors) => {
                    self.announce =
                        format!("{}: {}", self.market_name(&market), errors.all().join(" "));
                    self.errors.insert(market, errors);
                    return;
                }
            };
        self.errors.remove(&market);
        self.sending.push(market.clone());
        let body = api::to_json(&api::ForecastBody {
            reader: &session.reader,
            session: &session.session,
            market: &market,
            direction,
            confidence,
            stage,
        });
        ctx.link().send_future(async move {
            let reply = net::request("POST", "/api/experiment/forecast", Some(&body)).await;
            Msg::Sent(market, read::<Accepted>(reply, 201).map(|(a, _)| a))
        });
    }

    /// The server's clock now.
    fn server_now(&self) -> Instant {
        Instant(net::now().0 + self.skew)
    }

    /// The sentence that refuses a call once the reference time has passed.
    fn closed_message(&self, session: &SessionView) -> Option<String> {
        let close = Instant::parse_rfc3339(&session.closes_at)?;
        (decide::window(close, self.now) == decide::Window::Closed).then(|| {
            tr(
                M::ExpClosedAt,
                &[
                    ("session", &session.session),
                    ("close", &decide::close_text(close)),
                ],
            )
        })
    }

    /// The market's name in the page's language.
    fn market_name(&self, market: &str) -> String {
        self.session
            .as_ref()
            .and_then(|s| s.markets.iter().find(|m| m.market == market))
            .map_or_else(
                || market.to_string(),
                |m| decide::market_name(&m.market, &m.name),
            )
    }
}

impl Component for ExperimentApp {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.link().clone();
        let mut app = ExperimentApp {
            reader: None,
            session: None,
            now: net::now(),
            skew: 0,
            mode: Mode::OneCall,
            drafts: BTreeMap::new(),
            displays: BTreeMap::new(),
            sending: Vec::new(),
            errors: BTreeMap::new(),
            announce: String::new(),
            failure: None,
            peeked: false,
            storage_refused: false,
            _ticker: net::Ticker::every_second(move || link.send_message(Msg::Tick)),
        };
        match decide::reader_start(net::stored_reader().as_deref()) {
            ReaderStart::Known(id) => {
                app.reader = Some(id);
                app.load(ctx);
            }
            ReaderStart::New { reset } => Self::new_reader(ctx, reset),
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Reader(Ok(r)) => {
                self.storage_refused = !net::store_reader(&r.reader);
                self.reader = Some(r.reader);
                self.load(ctx);
            }
            Msg::Reader(Err(e)) => self.failure = Some(e.message),
            Msg::Loaded(Ok(session)) => {
                if let Some(server) = session
                    .server_time
                    .as_deref()
                    .and_then(Instant::parse_rfc3339)
                {
                    self.skew = server.0 - net::now().0;
                }
                self.now = self.server_now();
                self.session = Some(Rc::new(session));
                self.failure = None;
            }
            Msg::Loaded(Err(e)) => {
                // The server does not know the stored identifier (a new database, a malformed
                // value): the page had one and lost it, a reset (spec §6.3).
                if matches!(e.code.as_str(), "unknown_reader" | "malformed_reader") {
                    self.reader = None;
                    Self::new_reader(ctx, true);
                    return false;
                }
                self.failure = Some(e.message);
            }
            Msg::Tick => {
                self.now = self.server_now();
                return self.session.is_some();
            }
            Msg::Mode(mode) => self.mode = mode,
            Msg::Direction(market, d) => {
                self.drafts.entry(market).or_default().direction = Some(d);
            }
            Msg::Confidence(market, text) => {
                self.drafts.entry(market).or_default().confidence = text;
                return false; // the input shows what was typed; nothing else changes
            }
            Msg::Submit(market, stage) => self.submit(ctx, market, stage),
            Msg::Sent(market, result) => {
                self.sending.retain(|m| *m != market);
                let name = self.market_name(&market);
                match result {
                    Ok(accepted) => {
                        let f = &accepted.forecast;
                        let call = decide::call_text(f.direction, f.confidence);
                        let said = match f.stage {
                            Stage::Private => M::ExpRecordedPrivate,
                            Stage::Final => M::ExpRecordedFinal,
                            Stage::Single if f.first => M::ExpRecordedFirst,
                            Stage::Single => M::ExpRecorded,
                        };
                        self.announce = tr(said, &[("market", &name), ("call", &call)]);
                        if f.stage == Stage::Private {
                            if let Some(display) = accepted.display {
                                self.displays.insert(market.clone(), display);
                            }
                        }
                        self.drafts.remove(&market);
                        self.load(ctx);
                    }
                    Err(e) => {
                        self.announce = format!("{name}: {}", e.message);
                        self.errors
                            .insert(market, decide::CallErrors::of_call(e.message));
                    }
                }
            }
            Msg::Peek => {
                let Some(session) = &self.session else {
                    return false;
                };
                let body = api::peek_body(&session.reader, &session.session);
                ctx.link().send_future(async move {
                    let reply = net::request("POST", "/api/experiment/peek", Some(&body)).await;
                    Msg::Peeked(read::<PeekReply>(reply, 200).map(|(p, _)| p))
                });
                return false;
            }
            Msg::Peeked(Ok(reply)) => {
                if reply.council.is_some() {
                    self.load(ctx);
                } else {
                    self.peeked = true;
                    self.announce = view::peek_notice().into();
                }
            }
            Msg::Peeked(Err(e)) => self.announce = e.message,
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        view::page(self, ctx)
    }
}

/// Mounts the experiment page into `#app`.
#[cfg_attr(feature = "experiment", wasm_bindgen::prelude::wasm_bindgen)]
pub fn run_experiment_app() {
    crate::shell::mount::<ExperimentApp>();
}
