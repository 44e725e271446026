//! The per-day timeline, drawn from core's [`Timeline`] (spec §3.2, §3.3, §3.11): one session day
//! at a time (a picker when there are several), each lane a strip of inline SVG with its label
//! and the axis's times as HTML text (so the text keeps its size on a phone), and the same
//! marks as a table for screen readers. Core places every mark; this only draws. The labels
//! follow the page's direction (right-aligned in Arabic, their text unmirrored); the strips and
//! the axis are laid out left to right in every language, time running rightwards as on every
//! chart.

use crate::i18n::{t, tr, M};
use crate::verifier::verdict_view::authority_name;
use sealbook_core::verifier::timeline::{Day, Lane, Mark, MarkState, Subject, Timeline, AXIS};
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub timeline: Rc<Timeline>,
}

/// The state's class (its colour) and its words.
fn state(s: MarkState) -> (&'static str, M) {
    match s {
        MarkState::Proven => ("proven", M::EaVerdictProven),
        MarkState::AnchoredAfter => ("after", M::EaVerdictAnchoredAfter),
        MarkState::OperatorClock => ("clock", M::EaVerdictOperatorClock),
        MarkState::Late => ("late", M::EaVerdictLate),
        MarkState::Stamped => ("stamped", M::TlStamped),
        MarkState::Verified => ("verified", M::TlVerified),
        MarkState::Unchecked => ("unchecked", M::TlUnchecked),
        MarkState::Pending => ("pending", M::TlPending),
        MarkState::Failed => ("failed", M::TlFailed),
    }
}

fn lane(l: &Lane) -> String {
    match l {
        Lane::Seat(seat) => seat.clone(),
        Lane::Lists => t(M::TlLists).to_string(),
        Lane::Authority(name) => authority_name(name).to_string(),
        Lane::Rekor => "Rekor".to_string(),
        Lane::Bitcoin => t(M::PartyBitcoin).to_string(),
    }
}

fn subject(s: &Subject) -> String {
    match s {
        Subject::Line(n) => tr(M::TlLine, &[("n", n)]),
        Subject::File(name) => name.clone(),
        Subject::Block(height) => tr(M::TlBlock, &[("height", height)]),
    }
}

/// The room left either side of the axis, in position units: a mark at the first or last
/// instant is drawn whole (its stroke would otherwise be cut in half by the strip's edge).
const PAD: u16 = 12;

/// The strip's view box: the axis and its padding.
fn view_box() -> String {
    format!("-{PAD} 0 {} 20", AXIS + 2 * PAD)
}

/// A tick's place under the strip, on the same padded scale.
fn pct(x: u16) -> String {
    let at = f64::from(x) + f64::from(PAD);
    format!("left: {:.2}%", at * 100.0 / f64::from(AXIS + 2 * PAD))
}

/// One lane: its label, then a strip with the reference line and a tick per mark.
fn strip(day: &Day, lane_label: String, marks: &[Mark]) -> Html {
    let x = |v: u16| v.to_string();
    html! {
        <div class="tl-row">
            <div class="tl-label">{ lane_label }</div>
            <svg class="tl-strip" dir="ltr" viewBox={view_box()} preserveAspectRatio="none" aria-hidden="true">
                { for day.ticks.iter().map(|tk| html! {
                    <line class="tl-grid" x1={x(tk.x)} x2={x(tk.x)} y1="0" y2="20" vector-effect="non-scaling-stroke"/>
                }) }
                <line class="tl-ref" x1={x(day.reference.x)} x2={x(day.reference.x)} y1="0" y2="20" vector-effect="non-scaling-stroke"/>
                { for marks.iter().filter_map(|m| m.x.map(|mx| html! {
                    <line class={classes!("tl-mark", state(m.state).0)} x1={x(mx)} x2={x(mx)} y1="3" y2="17" vector-effect="non-scaling-stroke"/>
                })) }
            </svg>
        </div>
    }
}

#[function_component(TimelineView)]
pub fn timeline_view(props: &TimelineProps) -> Html {
    let days = &props.timeline.days;
    let chosen = use_state(|| days.len().saturating_sub(1));
    let Some(day) = days.get((*chosen).min(days.len().saturating_sub(1))) else {
        return html! {};
    };
    let pick = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let s: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = s.value().parse::<usize>() {
                chosen.set(i);
            }
        })
    };
    let shown = (*chosen).min(days.len() - 1);
    let mut used: Vec<MarkState> = day
        .rows
        .iter()
        .flat_map(|r| r.marks.iter().map(|m| m.state))
        .collect();
    used.sort_by_key(|s| *s as u8);
    used.dedup();
    let reference = tr(M::TlReference, &[("time", &day.reference.label)]);
    html! {
        <section class="card timeline" aria-labelledby="timeline-title" data-testid="timeline" data-day={day.session.clone()}>
            <h2 id="timeline-title" class="section-title">{ t(M::TlTitle) }</h2>
            <p class="note">{ t(M::TlNote) }</p>
            if days.len() > 1 {
                <label class="tl-pick">
                    { t(M::TlDay) }{ " " }
                    <select onchange={pick} data-testid="timeline-day">
                        { for days.iter().enumerate().map(|(i, d)| html! {
                            <option value={i.to_string()} selected={i == shown}>{ d.session.clone() }</option>
                        }) }
                    </select>
                </label>
            } else {
                <p class="tl-pick"><bdi>{ day.session.clone() }</bdi></p>
            }
            <div class="tl-chart" aria-hidden="true" data-testid="timeline-chart">
                { for day.rows.iter().map(|r| strip(day, lane(&r.lane), &r.marks)) }
                <div class="tl-axis" dir="ltr">
                    { for day.ticks.iter().map(|tk| html! { <span class="tl-tick" style={pct(tk.x)}>{ tk.label.clone() }</span> }) }
                </div>
            </div>
            <ul class="tl-legend">
                <li><span class="tl-key ref"></span>{ reference.clone() }</li>
                { for used.iter().map(|s| { let (class, words) = state(*s); html! {
                    <li><span class={classes!("tl-key", class)}></span>{ t(words) }</li>
                } }) }
            </ul>
            <details class="tl-table">
                <summary>{ t(M::TlTable) }</summary>
                <div class="table-wrap">
                    <table data-testid="timeline-table">
                        <caption class="visually-hidden">{ format!("{} · {}", day.session, reference) }</caption>
                        <thead><tr><th>{ t(M::TlColWho) }</th><th>{ t(M::TlColWhat) }</th><th>{ t(M::TlColTime) }</th><th>{ t(M::TlColState) }</th></tr></thead>
                        <tbody>
                            { for day.rows.iter().flat_map(|r| r.marks.iter().map(move |m| (r, m))).map(|(r, m)| html! {
                                <tr data-state={state(m.state).0}>
                                    <td>{ lane(&r.lane) }</td>
                                    <td><bdi>{ subject(&m.subject) }</bdi></td>
                                    <td>{ m.at.clone().unwrap_or_else(|| t(M::TlNoTime).to_string()) }</td>
                                    <td>{ t(state(m.state).1) }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            </details>
        </section>
    }
}
