//! The experiment page's markup: the session's status and countdown, the council as the
//! reader's group and the protocol allow ([`decide::council_panel`]), one fieldset per market,
//! and the scores once the session is scored. Every decision is [`decide`]'s.

use super::api::{
    Council, CouncilAnswer, Direction, Forecast, Group, MarketConsensus, MarketRow, SessionView,
    Stage,
};
use super::decide::{self, CouncilPanel, Display, Mode, Step, Window};
use super::{ExperimentApp, Msg};
use crate::i18n::{html_tr, t, tr, M};
use crate::shell::{Page, Shell};
use sealbook_core::calendar::Instant;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What the page says once a blind reader has asked to see the models before forecasting.
pub fn peek_notice() -> &'static str {
    t(M::ExpPeekNotice)
}

pub fn page(app: &ExperimentApp, ctx: &Context<ExperimentApp>) -> Html {
    let body = match (&app.session, &app.failure) {
        (_, Some(why)) => {
            html! { <p class="callout bad" role="alert" id="experiment-error">{ why.clone() }</p> }
        }
        (None, None) => {
            html! { <p class="note" id="experiment-loading">{ t(M::ExpOpening) }</p> }
        }
        (Some(session), None) => session_view(app, ctx, session),
    };
    html! {
        <Shell page={Page::Experiment} ready={app.session.is_some() || app.failure.is_some()} title={t(M::ExpTitle)}
            lede={html! { t(M::ExpLede) }}
            footer={html_tr(M::ExpFooter, &[("stats", html! { <code>{ "/api/experiment/stats" }</code> })])}>
            { body }
            <p class="visually-hidden" role="status" aria-live="polite" id="experiment-live">{ app.announce.clone() }</p>
        </Shell>
    }
}

fn session_view(app: &ExperimentApp, ctx: &Context<ExperimentApp>, session: &SessionView) -> Html {
    let close = Instant::parse_rfc3339(&session.closes_at);
    let window = close.map(|c| decide::window(c, app.now));
    let closed = window == Some(Window::Closed);
    let panel = decide::council_panel(session, app.mode, app.peeked);
    let shown = match panel {
        CouncilPanel::Shown(c) => Some(c),
        _ => None,
    };
    let (done, total) = decide::progress(session);
    let group = match session.group {
        Group::Seeing => t(M::ExpGroupSeeing),
        Group::Blind => t(M::ExpGroupBlind),
    };
    let countdown = match (close, window) {
        (Some(close), Some(Window::Open { secs })) => html! {
            <p class="countdown" id="countdown" role="timer" data-closed="false">
                { html_tr(M::ExpCloseIn, &[
                    ("left", html! { <strong>{ decide::countdown_text(secs) }</strong> }),
                    ("close", html! { <bdi>{ decide::close_text(close) }</bdi> }),
                ]) }
            </p>
        },
        _ => html! {
            <p class="callout warn countdown" id="countdown" data-closed="true">{ app.closed_message(session).unwrap_or_else(|| tr(M::ExpClosed, &[("session", &session.session)])) }</p>
        },
    };
    html! {
        <>
            <section class="card experiment-status" id="experiment-status" aria-labelledby="session-title" data-group={group_name(session.group)} data-demo={session.demo.to_string()}>
                <h2 class="section-title" id="session-title">
                    if session.demo { <span class="badge demo" id="demo-label" title={t(M::ExpDemoTitle)}>{ "DEMO" }</span>{ " " } }
                    { tr(M::ExpSessionOf, &[("session", &session.session)]) }
                </h2>
                <p id="group-note">{ group }</p>
                { countdown }
                if app.storage_refused {
                    <p class="callout warn">{ t(M::ExpStorageRefused) }</p>
                }
            </section>
            if let Some(scored) = &session.scored { { scored_view(scored) } }
            { mode_view(app, ctx, closed) }
            { council_view(ctx, panel) }
            <section class="experiment-markets" aria-labelledby="markets-title">
                <h2 class="section-title" id="markets-title">{ t(M::ExpYourCalls) }</h2>
                <p class="experiment-progress" id="experiment-progress" data-done={done.to_string()} data-total={total.to_string()}>
                    <progress max={total.to_string()} value={done.to_string()} aria-hidden="true"></progress>
                    <span>{ tr(M::ExpProgress, &[("done", &done), ("total", &total)]) }</span>
                </p>
                if decide::warn_first_call_counts(session) && !closed {
                    <p class="callout warn" id="first-call-warning">{ t(M::ExpFirstCallCounts) }</p>
                }
                <ol class="markets" id="markets">
                    { for session.markets.iter().map(|row| market_view(app, ctx, row, shown, closed)) }
                </ol>
            </section>
        </>
    }
}

fn group_name(g: Group) -> &'static str {
    match g {
        Group::Seeing => "seeing",
        Group::Blind => "blind",
    }
}

fn scored_view(scored: &super::api::Scored) -> Html {
    let (rows, sentence) = decide::score_rows(scored);
    html! {
        <section class="card" id="scored" aria-labelledby="scored-title">
            <h2 class="section-title" id="scored-title">{ tr(M::ExpScoredTitle, &[("session", &scored.session)]) }</h2>
            <table class="scores-table">
                <caption>{ t(M::ExpScoredCaption) }</caption>
                <thead><tr><th scope="col">{ t(M::ExpWho) }</th><th scope="col">{ t(M::ExpBrier) }</th><th scope="col">{ t(M::ExpHitRate) }</th><th scope="col">{ t(M::ExpMarkets) }</th></tr></thead>
                <tbody>
                    { for rows.iter().map(|r| html! {
                        <tr data-who={r.kind}><th scope="row">{ r.who.clone() }</th><td class="num" data-key="brier">{ r.brier.clone() }</td><td class="num" data-key="hit_rate">{ r.hit_rate.clone() }</td><td class="num">{ r.n }</td></tr>
                    }) }
                </tbody>
            </table>
            <p class="note" id="scored-sentence">{ sentence }</p>
        </section>
    }
}

fn mode_view(app: &ExperimentApp, ctx: &Context<ExperimentApp>, closed: bool) -> Html {
    let choose = |mode: Mode| ctx.link().callback(move |_: Event| Msg::Mode(mode));
    html! {
        <section class="card" aria-labelledby="mode-title">
            <fieldset class="mode" disabled={closed}>
                <legend id="mode-title">{ t(M::ExpModeLegend) }</legend>
                <div class="choice">
                    <input type="radio" name="mode" id="mode-one" checked={app.mode == Mode::OneCall} onchange={choose(Mode::OneCall)}/>
                    <label for="mode-one">{ t(M::ExpModeOne) }</label>
                </div>
                <div class="choice">
                    <input type="radio" name="mode" id="mode-two" checked={app.mode == Mode::TwoCalls} onchange={choose(Mode::TwoCalls)} aria-describedby="mode-two-note"/>
                    <label for="mode-two">{ t(M::ExpModeTwo) }</label>
                </div>
                <p class="note" id="mode-two-note">{ t(M::ExpModeTwoNote) }</p>
            </fieldset>
        </section>
    }
}

fn council_view(ctx: &Context<ExperimentApp>, panel: CouncilPanel<'_>) -> Html {
    let body = match panel {
        CouncilPanel::Shown(c) => council_table(c),
        CouncilPanel::Blind { peeked: false } => html! {
            <>
                <p class="note" id="peek-before">{ t(M::ExpBlindNote) }</p>
                <button type="button" class="button secondary" id="peek" aria-describedby="peek-before" onclick={ctx.link().callback(|_| Msg::Peek)}>{ t(M::ExpShowModels) }</button>
            </>
        },
        CouncilPanel::Blind { peeked: true } => {
            html! { <p class="callout warn" id="peek-notice">{ peek_notice() }</p> }
        }
        CouncilPanel::Revision => {
            html! { <p class="note">{ t(M::ExpTwoCallsNote) }</p> }
        }
        CouncilPanel::NotSealed => {
            html! { <p class="note" id="council-unsealed">{ t(M::ExpNoCouncil) }</p> }
        }
    };
    html! {
        <section class="card" id="council" aria-labelledby="council-title">
            <h2 class="section-title" id="council-title">{ t(M::ExpCouncilTitle) }</h2>
            { body }
        </section>
    }
}

fn council_table(c: &Council) -> Html {
    html! {
        <>
            <p class="note">{ tr(M::ExpRunSealed, &[("run", &c.run_id), ("at", &c.sealed_at)]) }</p>
            <div class="table-scroll">
                <table class="scores-table" id="consensus">
                    <caption>{ t(M::ExpConsensusCaption) }</caption>
                    <thead><tr><th scope="col">{ t(M::ExpMarket) }</th><th scope="col">{ t(M::ExpDirection) }</th><th scope="col">{ t(M::ExpChanceUp) }</th><th scope="col">{ t(M::ExpSeats) }</th></tr></thead>
                    <tbody>
                        { for c.consensus.iter().map(|(m, k)| html! {
                            <tr data-market={m.clone()}><th scope="row">{ m.clone() }</th><td>{ decide::consensus_direction(k) }</td><td class="num">{ decide::percent(k.prob_up) }</td><td class="num">{ k.seats }</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if let Some(r) = &c.independence { <p class="note" id="council-independence">{ decide::independence_text(r) }</p> }
            <details class="scores-details">
                <summary>{ tr(M::ExpEverySeat, &[("n", &c.answers.len())]) }</summary>
                { answers_table(&c.answers.iter().collect::<Vec<_>>(), "answers") }
            </details>
        </>
    }
}

fn answers_table(answers: &[&CouncilAnswer], id: &str) -> Html {
    html! {
        <div class="table-scroll">
            <table class="scores-table" id={id.to_string()}>
                <thead><tr><th scope="col">{ t(M::ExpSeat) }</th><th scope="col">{ t(M::ExpMarket) }</th><th scope="col">{ t(M::ExpChanceUp) }</th><th scope="col">{ t(M::ExpBookLine) }</th></tr></thead>
                <tbody>
                    { for answers.iter().map(|a| html! {
                        <tr><td>{ a.seat.clone() }</td><td>{ a.market.clone() }</td><td class="num">{ decide::percent(a.prob_up) }</td><td class="num">{ a.line }</td></tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

fn consensus_line(k: &MarketConsensus) -> String {
    tr(
        M::ExpConsensusLine,
        &[
            ("direction", &decide::consensus_direction(k)),
            ("chance", &decide::percent(k.prob_up)),
            ("seats", &k.seats),
        ],
    )
}

fn market_view(
    app: &ExperimentApp,
    ctx: &Context<ExperimentApp>,
    row: &MarketRow,
    council: Option<&Council>,
    closed: bool,
) -> Html {
    let m = row.market.clone();
    let step = decide::market_step(row, app.mode);
    let consensus = council.and_then(|c| c.consensus.get(&row.market));
    let body = match step {
        Step::Done(f) => done_view(f),
        Step::Call(stage) => call_form(app, ctx, row, stage, closed, html! {}),
        Step::Final { private } => {
            let display = app.displays.get(&row.market);
            let before = html! {
                <>
                    <p class="call" data-stage="private">{ tr(M::ExpPrivateDone, &[("call", &decide::call_text(private.direction, private.confidence))]) }</p>
                    { display_view(display, &row.market) }
                </>
            };
            call_form(app, ctx, row, Stage::Final, closed, before)
        }
    };
    html! {
        <li class="market" data-market={m} data-step={step_name(&step)}>
            <h3 class="market-name"><bdi>{ decide::market_name(&row.market, &row.name) }</bdi><span class="market-code">{ format!(" ({})", row.market) }</span></h3>
            if let Some(k) = consensus { <p class="consensus" data-testid="market-consensus">{ consensus_line(k) }</p> }
            { body }
        </li>
    }
}

fn step_name(step: &Step<'_>) -> &'static str {
    match step {
        Step::Call(Stage::Private) => "private",
        Step::Call(_) => "call",
        Step::Final { .. } => "final",
        Step::Done(_) => "done",
    }
}

fn done_view(f: &Forecast) -> Html {
    let which = match (f.stage, f.first) {
        (Stage::Final, _) => M::ExpDoneFinal,
        (_, true) => M::ExpDoneCounts,
        (_, false) => M::ExpDone,
    };
    html! { <p class="call" data-stage={stage_name(f.stage)}>{ tr(which, &[("call", &decide::call_text(f.direction, f.confidence))]) }</p> }
}

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Single => "single",
        Stage::Private => "private",
        Stage::Final => "final",
    }
}

fn display_view(display: Option<&super::api::Display>, market: &str) -> Html {
    let Some(display) = display else {
        return html! { <p class="note">{ t(M::ExpShownWithPrivate) }</p> };
    };
    match decide::display_of(display) {
        Display::Council {
            consensus,
            answers,
            independence,
        } => html! {
            <div class="display" data-arm="council">
                <p><strong>{ t(M::ExpDrawnCouncil) }</strong></p>
                if let Some(k) = consensus { <p>{ consensus_line(&k) }</p> }
                if let Some(r) = independence { <p class="note" data-independence="">{ decide::independence_text(&r) }</p> }
                { answers_table(&answers.iter().collect::<Vec<_>>(), &format!("display-{market}")) }
            </div>
        },
        Display::Facts(facts) if facts.is_empty() => html! {
            <div class="display" data-arm="control">
                <p><strong>{ t(M::ExpDrawnFigures) }</strong></p>
                <p>{ t(M::ExpNoFigures) }</p>
            </div>
        },
        Display::Facts(facts) => html! {
            <div class="display" data-arm="control">
                <p><strong>{ t(M::ExpDrawnFigures) }</strong></p>
                <dl class="facts">
                    { for facts.into_iter().map(|(k, v)| html! { <><dt>{ k }</dt><dd>{ v }</dd></> }) }
                </dl>
            </div>
        },
    }
}

fn call_form(
    app: &ExperimentApp,
    ctx: &Context<ExperimentApp>,
    row: &MarketRow,
    stage: Stage,
    closed: bool,
    before: Html,
) -> Html {
    let m = row.market.clone();
    let draft = app.drafts.get(&row.market).cloned().unwrap_or_default();
    let sending = app.sending.contains(&row.market);
    let errors = app.errors.get(&row.market).cloned().unwrap_or_default();
    let on_submit = {
        let m = m.clone();
        ctx.link().callback(move |e: SubmitEvent| {
            e.prevent_default();
            Msg::Submit(m.clone(), stage)
        })
    };
    let pick = |d: Direction| {
        let m = m.clone();
        ctx.link()
            .callback(move |_: Event| Msg::Direction(m.clone(), d))
    };
    let on_confidence = {
        let m = m.clone();
        ctx.link().callback(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            Msg::Confidence(m.clone(), input.value())
        })
    };
    let name = decide::market_name(&row.market, &row.name);
    let legend = match stage {
        Stage::Single => tr(M::ExpLegendSingle, &[("market", &name)]),
        Stage::Private => tr(M::ExpLegendPrivate, &[("market", &name)]),
        Stage::Final => tr(M::ExpLegendFinal, &[("market", &name)]),
    };
    let send = match stage {
        Stage::Single => t(M::ExpSendForecast),
        Stage::Private => t(M::ExpSendPrivate),
        Stage::Final => t(M::ExpSendFinal),
    };
    let (up, down, conf, err, hint, dir_err, conf_err) = (
        format!("{m}-up"),
        format!("{m}-down"),
        format!("{m}-confidence"),
        format!("{m}-error"),
        format!("{m}-hint"),
        format!("{m}-direction-error"),
        format!("{m}-confidence-error"),
    );
    // Each input is described by its own field's message, and by the call's refusal.
    let described = |own: Option<&String>, own_id: &str, base: Option<&str>| -> Option<String> {
        let ids: Vec<&str> = base
            .into_iter()
            .chain(own.map(|_| own_id))
            .chain(errors.call.as_ref().map(|_| err.as_str()))
            .collect();
        (!ids.is_empty()).then(|| ids.join(" "))
    };
    let conf_described = described(errors.confidence.as_ref(), &conf_err, Some(hint.as_str()));
    let dir_described = described(errors.direction.as_ref(), &dir_err, None);
    let invalid = |e: &Option<String>| (e.is_some() || errors.call.is_some()).then_some("true");
    html! {
        <>
            { before }
            <form class="call-form" novalidate=true onsubmit={on_submit} data-stage={stage_name(stage)}>
                <fieldset disabled={closed || sending}>
                    <legend class="visually-hidden">{ legend }</legend>
                    <div class="directions">
                        <span class="choice">
                            <input type="radio" name={format!("{m}-direction")} id={up.clone()} value="up" checked={draft.direction == Some(Direction::Up)} onchange={pick(Direction::Up)} aria-describedby={dir_described.clone()} aria-invalid={invalid(&errors.direction)}/>
                            <label for={up}>{ t(M::ExpUp) }</label>
                        </span>
                        <span class="choice">
                            <input type="radio" name={format!("{m}-direction")} id={down.clone()} value="down" checked={draft.direction == Some(Direction::Down)} onchange={pick(Direction::Down)} aria-describedby={dir_described} aria-invalid={invalid(&errors.direction)}/>
                            <label for={down}>{ t(M::ExpDown) }</label>
                        </span>
                    </div>
                    if let Some(e) = &errors.direction { <p class="field-error" id={dir_err}>{ e.clone() }</p> }
                    <div class="confidence">
                        <label for={conf.clone()}>{ t(M::ExpConfidence) }</label>
                        <input type="number" id={conf} min="55" max="95" step="1" inputmode="numeric" value={draft.confidence.clone()} oninput={on_confidence} aria-describedby={conf_described} aria-invalid={invalid(&errors.confidence)}/>
                        <span class="note" id={hint}>{ t(M::ExpRange) }</span>
                    </div>
                    if let Some(e) = &errors.confidence { <p class="field-error" id={conf_err}>{ e.clone() }</p> }
                    <button type="submit" class="button primary">{ if sending { t(M::ExpSending) } else { send } }</button>
                </fieldset>
                if let Some(e) = &errors.call { <p class="field-error" id={err}>{ e.clone() }</p> }
            </form>
        </>
    }
}
