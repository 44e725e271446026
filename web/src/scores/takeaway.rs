//! The Scores page's first card: core's [`Takeaway`] of the stats document in words (spec
//! §4.3, §4.6, §5.1, §8): lower Brier is better, who beat the coin and who lost to it as far
//! as their 95% intervals reach, what the primary endpoint says of the consensus against the
//! climatology, and, when an N_eff reading exceeds its seats, what N_eff counts. Core makes
//! every decision; this only words it.

use super::html::json_name;
use crate::format::fixed;
use crate::i18n::{stats_notes, t, tr, M};
use sealbook_core::score::league::LeagueStats;
use sealbook_core::score::seams::Interval;
use sealbook_core::score::takeaway::{takeaway, ClimReading, RankedSeat, Takeaway, VsCoin};
use yew::prelude::*;

/// Brier scores and their intervals are shown to three decimals.
const DECIMALS: usize = 3;

fn interval(ci: Interval) -> String {
    format!("[{}, {}]", fixed(ci.0, DECIMALS), fixed(ci.1, DECIMALS))
}

/// `seat 0.201 [0.180, 0.220]`, or without the interval when there is none.
fn seat_figure(s: &RankedSeat) -> String {
    match s.ci95 {
        Some(ci) => format!("{} {} {}", s.seat, fixed(s.brier, DECIMALS), interval(ci)),
        None => format!("{} {}", s.seat, fixed(s.brier, DECIMALS)),
    }
}

fn seat_list(seats: &[&RankedSeat]) -> String {
    seats
        .iter()
        .map(|s| seat_figure(s))
        .collect::<Vec<_>>()
        .join(t(M::ScTkJoin))
}

/// One claim about the coin, naming its seats (`data-seats`, for scripts and tests).
fn coin_claim(tk: &Takeaway, v: VsCoin, message: M, claim: &str) -> Html {
    let seats = tk.against_coin(v);
    if seats.is_empty() {
        return html! {};
    }
    let names: Vec<&str> = seats.iter().map(|s| s.seat.as_str()).collect();
    html! {
        <p data-claim={claim.to_string()} data-seats={names.join(",")}>{ tr(message, &[("seats", &seat_list(&seats))]) }</p>
    }
}

fn climatology(tk: &Takeaway, doc: &LeagueStats) -> Html {
    let c = &tk.vs_climatology;
    let gain = c.estimate.map_or_else(|| "-".into(), |g| fixed(g, 4));
    let ci = |ci: Option<Interval>| ci.unwrap_or((f64::NAN, f64::NAN));
    let said = |m: M, (lo, hi): Interval| {
        tr(
            m,
            &[
                ("gain", &gain),
                ("sessions", &c.sessions),
                ("lo", &fixed(lo, 4)),
                ("hi", &fixed(hi, 4)),
            ],
        )
    };
    let text = match c.reading {
        ClimReading::Better => said(M::ScTkClimBetter, ci(c.ci95)),
        ClimReading::Worse => said(M::ScTkClimWorse, ci(c.ci95)),
        ClimReading::NoMaterialGain => said(M::ScTkClimNoGain, ci(c.ci90)),
        ClimReading::NotSeparated => said(M::ScTkClimNotSeparated, ci(c.ci95)),
        ClimReading::NoVerdict => {
            let why = doc
                .primary_endpoint
                .note
                .as_ref()
                .map_or_else(|| t(M::ScNoVerdict).to_string(), stats_notes::note);
            tr(M::ScTkClimNone, &[("why", &why)])
        }
    };
    let reading = json_name(&c.reading);
    html! { <>
        <p data-claim="climatology" data-reading={reading}>{ text }</p>
        <p class="note">{ t(M::ScTkClimSeats) }</p>
    </> }
}

/// The first card of the stats document, or nothing when no seat has a score.
pub fn card(doc: &LeagueStats) -> Html {
    let Some(tk) = takeaway(doc) else {
        return html! {};
    };
    let h: &dyn std::fmt::Display = &tk.horizon;
    let coin = if tk.against_coin(VsCoin::Beat).is_empty() {
        html! { <p data-claim="beat-coin" data-seats="">{ t(M::ScTkNoneBeatCoin) }</p> }
    } else {
        coin_claim(&tk, VsCoin::Beat, M::ScTkBeatCoin, "beat-coin")
    };
    let neff = tk.neff_above_seats.as_ref().map(|a| {
        html! {
            <p data-claim="neff" data-n={a.n.to_string()}>{ tr(M::ScTkNeff, &[
                ("neff", &fixed(a.n_eff, 1)),
                ("n", &a.n),
                ("run", &a.run_id),
                ("h", &a.horizon),
                ("rho", &fixed(a.rho, 3)),
                ("k", &a.readings),
            ]) }</p>
        }
    });
    html! {
        <section class="card scores-card takeaway" id="scores-takeaway" aria-labelledby="scores-takeaway-title" data-horizon={tk.horizon.clone()}>
            <h2 class="section-title" id="scores-takeaway-title">{ t(M::ScTkTitle) }</h2>
            <p class="takeaway-lead"><strong>{ tr(M::ScTkLead, &[("h", h)]) }</strong></p>
            { coin }
            { coin_claim(&tk, VsCoin::Lost, M::ScTkLostCoin, "lost-coin") }
            { coin_claim(&tk, VsCoin::NotSeparated, M::ScTkNotSeparated, "not-separated") }
            { coin_claim(&tk, VsCoin::NoInterval, M::ScTkNoInterval, "no-interval") }
            { climatology(&tk, doc) }
            { for neff }
        </section>
    }
}
