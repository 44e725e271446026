//! The Scores page's tables and figures, rendered with Yew's `html!` from core's own document
//! types read back from the CLI's JSON: the stats document (`sealbook score --json`, spec
//! §4-§5, §8, [`LeagueStats`]), a peer profile's document ([`PeerStats`]), the §8.4
//! scorecards ([`DatedScorecard`]) and a run's correlation matrix. A field renamed in core
//! fails to compile here; every string is text, never markup. Pure functions of their inputs,
//! so they are tested natively.

use super::charts;
use super::compute::MatrixView;
use super::html::{
    card, details, head, int_td, interval, json_name, json_number, method_name, num_td,
    num_td_titled, pct_td, pill, table_wrap,
};
use crate::i18n::{core_messages, stats_notes, t, tr, M};
use sealbook_core::records::names::FORECASTS_FILE;
use sealbook_core::score::baselines::ClimSeal;
use sealbook_core::score::book_agreement::BookAgreement;
use sealbook_core::score::crowd_book::{CrowdFigures, CrowdSplit, CrowdStats};
use sealbook_core::score::independence_tables::Reading;
use sealbook_core::score::league::{ConsensusHorizon, LeagueStats, RowsFrom, SeatHorizon};
use sealbook_core::score::notes::Note;
use sealbook_core::score::peers::agentpit::CrowdVerdict;
use sealbook_core::score::peers::profile_stats::{
    AgentpitStats, ArenaStats, Figure, Generator, LadderStats, PeerStats,
};
use sealbook_core::score::scorecard::{DatedScorecard, State};
use sealbook_core::score::seams::Interval;
use sealbook_core::score::takeaway::ranked;
use sealbook_core::stats::endpoint::EndpointVerdict;
use sealbook_core::stats::intervals::{IntervalMethod, IntervalRule};
use std::collections::BTreeMap;
use yew::prelude::*;

/// Horizons in reading order.
pub use sealbook_core::score::takeaway::HORIZONS;

/// The documents the page shows, read back from the CLI's JSON.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Documents {
    pub stats: Option<LeagueStats>,
    pub scorecards: Option<Vec<DatedScorecard>>,
    pub peer: Option<PeerStats>,
    /// The reader experiment's analysis ([`super::experiment`]).
    pub experiment: Option<sealbook_core::experiment::analysis::Analysis>,
}

impl Documents {
    /// Reads each document given as the CLI's JSON into core's types.
    pub fn read(
        stats_json: Option<&str>,
        scorecards_json: Option<&str>,
        peer_json: Option<&str>,
    ) -> Result<Documents, String> {
        Ok(Documents {
            stats: stats_json
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| tr(M::EaStatsNotReadBack, &[("detail", &e)]))?,
            scorecards: scorecards_json
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| tr(M::EaScorecardsNotReadBack, &[("detail", &e)]))?,
            peer: peer_json
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| tr(M::EaPeerNotReadBack, &[("detail", &e)]))?,
            experiment: None,
        })
    }

    /// With the experiment's analysis, given as `sealbook experiment stats --json` prints it.
    pub fn with_experiment(mut self, json: Option<&str>) -> Result<Documents, String> {
        self.experiment = json
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| tr(M::EaExperimentNotReadBack, &[("detail", &e)]))?;
        Ok(self)
    }
}

/// The results: a peer profile's document, the stats document and/or the scorecards.
pub fn results(docs: &Documents) -> Html {
    html! { <>
        { for docs.peer.as_ref().map(peer_document) }
        { for docs.stats.as_ref().map(document) }
        { for docs.scorecards.as_deref().map(scorecards) }
        { for docs.experiment.as_ref().map(super::experiment::experiment) }
    </> }
}

/// An interval cell's text: the interval and its method, or why there is none.
fn interval_text(
    ci: Option<Interval>,
    method: Option<&IntervalMethod>,
    rule: &IntervalRule,
) -> Html {
    match interval(ci) {
        Some(ci) => html! { <>{ ci }{ " " }<span class="muted">{ method_name(method) }</span></> },
        None => {
            html! { { rule.why_none().map_or_else(|| t(M::ScNoneFormed).into(), |w| core_messages::no_interval(&w)) } }
        }
    }
}

/// The §8.4 scorecards: one row per check date, then every prediction's state on each.
pub fn scorecards(cards: &[DatedScorecard]) -> Html {
    let rows = cards.iter().map(|c| {
        html! {
            <tr data-as-of={c.as_of.clone()}>
                <th scope="row">{ c.as_of.clone() }</th>
                { int_td(Some(c.card.resolved)) }
                { int_td(Some(c.card.past_due)) }
                { num_td(c.card.brier_resolved) }
                { pct_td(c.card.resolved_share) }
                { num_td(c.card.worst_case) }
                { num_td(c.card.bss_vs_half) }
            </tr>
        }
    });
    let every = cards.iter().map(|c| {
        let rows = c.rows.iter().map(|r| {
            let class = match r.state {
                State::True => "ok",
                State::NotTrue => "bad",
                State::Unresolved => "warn",
                State::NotDue => "neutral",
            };
            let state = json_name(&r.state);
            let said = t(match r.state {
                State::True => M::ScStateTrue,
                State::NotTrue => M::ScStateNotTrue,
                State::Unresolved => M::ScStateUnresolved,
                State::NotDue => M::ScStateNotDue,
            });
            html! {
                <tr data-id={r.id.clone()}>
                    <th scope="row">{ r.id.clone() }</th>
                    { num_td(Some(r.p)) }
                    <td>{ r.check_date.clone() }</td>
                    <td><span class={classes!("pill", class)} data-state={state}>{ said }</span></td>
                </tr>
            }
        });
        let date: &dyn std::fmt::Display = &c.as_of;
        let table = html! {
            <table class="scores-table">
                <caption>{ tr(M::ScCardCaption, &[("date", date)]) }</caption>
                <thead>{ head(&[t(M::ScCardPrediction), "p", t(M::ScCardCheckDate), t(M::ScCardState)]) }</thead>
                <tbody>{ for rows }</tbody>
            </table>
        };
        details(
            tr(M::ScCardEvery, &[("date", date)]),
            &tr(M::ScCardPredictionsOn, &[("date", date)]),
            table,
        )
    });
    let table = html! {
        <table class="scores-table" id="scorecards">
            <caption>{ t(M::ScCardsCaption) }</caption>
            <thead>{ head(&[t(M::ScCardAsOf), t(M::ScCardResolved), t(M::ScCardPastDue), t(M::ScCardBrierResolved), t(M::ScCardResolvedShare), t(M::ScCardWorstCase), t(M::ScCardBssHalf)]) }</thead>
            <tbody>{ for rows }</tbody>
        </table>
    };
    card(
        "scores-scorecard",
        t(M::ScCardTitle),
        html! { <>
            <p class="note">{ t(M::ScCardNote) }</p>
            { table_wrap(t(M::ScCardsCaption), table) }
            { for every }
        </> },
    )
}

/// A peer profile's figure: the value, then its interval or why it has none.
fn figure_tds(f: &Figure) -> Html {
    let ci = interval(f.interval).unwrap_or_else(|| {
        f.note
            .as_ref()
            .map_or_else(|| "-".into(), core_messages::peer_note)
    });
    html! { <>{ num_td(f.value) }<td class="ci">{ ci }</td></> }
}

fn peer_card(
    title: &str,
    note: &str,
    boot_note: String,
    records: usize,
    caption: &str,
    cols: &[&str],
    rows: Html,
) -> Html {
    let table = html! {
        <table class="scores-table" id="peer-table">
            <caption>{ caption.to_string() }</caption>
            <thead>{ head(cols) }</thead>
            <tbody>{ rows }</tbody>
        </table>
    };
    card(
        "scores-peer",
        title,
        html! { <>
            <p class="note">{ note }{ boot_note }{ " " }{ tr(M::ScPeerRecords, &[("n", &records)]) }</p>
            { table_wrap(title, table) }
        </> },
    )
}

/// How a profile's intervals were drawn, after a space (the note's next sentence).
fn boot_note(generator: &Note<Generator>, level: f64, resamples: usize, seed: u64) -> String {
    let generator = match generator {
        Note::Msg(g) => stats_notes::generator(g),
        Note::Text(s) => s.clone(),
    };
    let intervals = tr(
        M::ScPeerIntervals,
        &[
            ("level", &crate::format::short(level * 100.0, 2)),
            ("resamples", &resamples),
            ("seed", &seed),
            ("generator", &generator),
        ],
    );
    format!(" {intervals}")
}

fn agentpit(doc: &AgentpitStats) -> Html {
    let rows = doc.agents.iter().map(|(agent, a)| {
        let v = &a.vs_crowd;
        let verdict = match &v.verdict {
            Some(x) => {
                let (class, said) = match x {
                    CrowdVerdict::Better => ("ok", M::ScApBetter),
                    CrowdVerdict::Worse => ("bad", M::ScApWorse),
                    CrowdVerdict::Inconclusive => ("neutral", M::ScApInconclusive),
                };
                pill(class, t(said))
            }
            None => html! { { v.verdict_note.as_ref().map_or_else(|| "-".into(), core_messages::peer_note) } },
        };
        let st = &v.sign_test;
        html! {
            <tr data-agent={agent.clone()}>
                <th scope="row"><bdi lang="en">{ agent.clone() }</bdi></th>
                { figure_tds(&a.brier) }
                { figure_tds(&a.crowd_brier) }
                { figure_tds(&v.mean_difference) }
                { int_td(Some(a.scored)) }
                <td class="num">{ format!("{} / {} / {}", st.agent_better, st.crowd_better, st.ties) }</td>
                { num_td(Some(st.p_value)) }
                <td>{ verdict }</td>
                { pct_td(a.coverage) }
                { num_td(Some(a.bets.pnl)) }
            </tr>
        }
    });
    let b = &doc.bootstrap;
    peer_card(
        t(M::ScApTitle),
        t(M::ScApNote),
        boot_note(&b.generator, b.level, b.resamples, b.seed),
        doc.records,
        t(M::ScApAgents),
        &[
            t(M::ScApAgent),
            t(M::ExpBrier),
            t(M::ScInterval95),
            t(M::ScApCrowdBrier),
            t(M::ScInterval95),
            t(M::ScApDiff),
            t(M::ScInterval95),
            t(M::ScApMarkets),
            t(M::ScApSignTest),
            "p",
            t(M::ScVerdict),
            t(M::ScCoverage),
            t(M::ScApBetPnl),
        ],
        html! { { for rows } },
    )
}

fn ladder(doc: &LadderStats) -> Html {
    let rows = doc.models.iter().map(|(model, m)| {
        let state = if m.provisional {
            pill("warn", t(M::ScLdProvisional))
        } else {
            pill("ok", t(M::ScRanked))
        };
        html! {
            <tr data-model={model.clone()}>
                <th scope="row"><bdi lang="en">{ model.clone() }</bdi>{ if m.search_enabled { "*" } else { "" } }</th>
                { figure_tds(&m.scores.edge) }
                { figure_tds(&m.league_score) }
                { figure_tds(&m.scores.brier) }
                { int_td(Some(m.answered_resolved)) }
                { pct_td(m.coverage) }
                <td>{ state }</td>
            </tr>
        }
    });
    let b = &doc.bootstrap;
    peer_card(
        t(M::ScLdTitle),
        t(M::ScLdNote),
        boot_note(&b.generator, b.level, b.resamples, b.seed),
        doc.records,
        t(M::ScLdModels),
        &[
            t(M::ScModel),
            t(M::ScLdEdge),
            t(M::ScInterval90),
            t(M::ScLdLeagueScore),
            t(M::ScInterval90),
            t(M::ExpBrier),
            t(M::ScInterval90),
            t(M::ScLdResolvedAnswered),
            t(M::ScCoverage),
            t(M::ScLdStatus),
        ],
        html! { { for rows } },
    )
}

fn arena(doc: &ArenaStats) -> Html {
    let rows = doc.agents.iter().map(|(agent, a)| {
        let d = &a.directional;
        let eligible = if a.leaderboard_eligible {
            pill("ok", t(M::ScArEligible))
        } else {
            pill("neutral", t(M::ScArUnderGate))
        };
        html! {
            <tr data-agent={agent.clone()}>
                <th scope="row"><bdi lang="en">{ agent.clone() }</bdi></th>
                { figure_tds(&d.score) }
                { pct_td(d.accuracy.value) }
                { figure_tds(&d.brier) }
                { figure_tds(&a.numeric.crps) }
                { num_td(a.numeric.display.value) }
                { int_td(Some(a.settled)) }
                <td>{ eligible }</td>
            </tr>
        }
    });
    peer_card(
        t(M::ScArTitle),
        &tr(M::ScArNote, &[("gate", &doc.settlement_gate)]),
        String::new(),
        doc.records,
        t(M::ScApAgents),
        &[
            t(M::ScApAgent),
            t(M::ScArDirectional),
            t(M::ScArInterval),
            t(M::ScArAccuracy),
            t(M::ScArBrierDiag),
            t(M::ScArInterval),
            "CRPS",
            t(M::ScArInterval),
            t(M::ScArCrpsDisplay),
            t(M::ScArSettled),
            t(M::ScArLeaderboard),
        ],
        html! { { for rows } },
    )
}

/// A peer profile's document (`sealbook score --profile agentpit|ladder|arena --json`): one
/// table per profile in that benchmark's own terms.
pub fn peer_document(doc: &PeerStats) -> Html {
    match doc {
        PeerStats::Agentpit(d) => agentpit(d),
        PeerStats::Ladder(d) => ladder(d),
        PeerStats::Arena(d) => arena(d),
    }
}

/// Every section drawn from the stats document, in reading order.
pub fn document(doc: &LeagueStats) -> Html {
    html! { <>
        { super::takeaway::card(doc) }
        { summary(doc) }
        { for doc.book_agreement.as_ref().map(agreement) }
        { endpoint(doc) }
        { seats(doc) }
        { consensus(doc) }
        { for doc.crowd.as_ref().map(crowd) }
        { calibration(doc) }
        { neff(doc) }
        { independence(doc) }
        { grid(doc) }
    </> }
}

fn summary(doc: &LeagueStats) -> Html {
    let clim = match doc.climatology_sha256_ok {
        Some(true) => pill("ok", t(M::ScClimOk)),
        Some(false) => pill("bad", t(M::ScClimBad)),
        None => pill("neutral", t(M::ScClimNone)),
    };
    // The table held to the hash the declaration sealed (spec §4.3, Requirement 9).
    let sealed = match (&doc.climatology_seal, doc.climatology_sha256_ok) {
        (Some(ClimSeal::Held { .. }), _) => {
            html! { <span data-clim-seal="held">{ " " }{ pill("ok", t(M::ScClimSealed)) }</span> }
        }
        (Some(ClimSeal::NotSealed { .. }), _) | (None, Some(_)) => {
            html! { <span data-clim-seal="not_sealed">{ " " }{ pill("neutral", t(M::ScClimNotSealed)) }</span> }
        }
        (
            Some(
                ClimSeal::Missing { sealed }
                | ClimSeal::Unreadable { sealed, .. }
                | ClimSeal::Differs { sealed, .. },
            ),
            _,
        ) => {
            let file = sealbook_core::records::names::CLIM_FILE;
            html! { <span data-clim-seal="failed">{ " " }{ pill("bad", tr(M::ScClimSealBroken, &[("sealed", sealed), ("file", &file)])) }</span> }
        }
        (None, None) => html! {},
    };
    let from = match doc.rows_from {
        RowsFrom::Book => html! { <span data-rows-from="book">{ t(M::ScFromBook) }</span> },
        RowsFrom::Forecasts => {
            html! { <span data-rows-from="forecasts">{ tr(M::ScFromCsv, &[("file", &FORECASTS_FILE)]) }</span> }
        }
    };
    html! {
        <p class="scores-summary" id="scores-summary">
            <span data-rows={doc.rows.to_string()}>{ tr(M::ScRows, &[("n", &crate::format::count(doc.rows as u64))]) }</span>
            { " " }{ from }
            { t(M::ScTimeBasis) }<code>{ doc.time_basis.clone() }</code>
            { tr(M::ScExcluded, &[("n", &doc.excluded_after_reference)]) }
            { clim }
            { sealed }
        </p>
    }
}

/// Whether the forecasts file's cells are the ones sealed in the book (`book_agreement`).
fn agreement(a: &BookAgreement) -> Html {
    let skipped = a.not_checked_no_answer + a.not_checked_correction + a.not_checked_no_kind;
    if a.ok {
        return html! {
            <p class="callout ok" id="book-agreement" data-ok="true">{ tr(M::ScAgreementOk, &[("n", &a.checked), ("skipped", &skipped)]) }</p>
        };
    }
    let items = a.mismatches.iter().map(|m| {
        html! { <li>{ tr(M::ScMismatchLine, &[("row", &m.csv_row), ("line", &m.book_line), ("field", &m.field), ("message", &m.message)]) }</li> }
    });
    html! {
        <div class="callout bad" role="alert" id="book-agreement" data-ok="false">
            <p>{ tr(M::ScMismatches, &[("bad", &a.mismatch_count), ("n", &a.checked)]) }</p>
            <ul>{ for items }</ul>
        </div>
    }
}

/// AI against the crowd (§4.9, Table 11): each seat's `crowd_up` against the sealed market
/// price on the same contract, admitted (sealed volume at the floor or above) and thin apart,
/// with the shared-session share d and the 2d rule; then every question.
fn crowd(c: &CrowdStats) -> Html {
    let split_rows = |who: &str, split: &CrowdSplit| -> Html {
        let parts: [(&str, &CrowdFigures); 2] = [
            (t(M::ScAdmitted), &split.admitted),
            (t(M::ScThin), &split.thin),
        ];
        let rows = parts.into_iter().filter(|(_, f)| f.n > 0).map(|(k, f)| {
            let readable = match f.gap_readable {
                Some(true) => pill("ok", t(M::ScBeyond2d)),
                Some(false) => pill("neutral", t(M::ScWithin2d)),
                None => pill("neutral", "-"),
            };
            html! {
                <tr data-seat={who.to_string()} data-split={k}>
                    <th scope="row">{ who.to_string() }</th>
                    <td>{ k }</td>
                    { int_td(Some(f.n)) }
                    { int_td(Some(f.questions)) }
                    { num_td(f.model_brier) }
                    { num_td(f.crowd_brier) }
                    { num_td(f.bss_crowd) }
                    { num_td(f.gap) }
                    { num_td(f.model_distance) }
                    { num_td(f.crowd_distance) }
                    { num_td(f.d) }
                    <td>{ readable }</td>
                </tr>
            }
        });
        html! { { for rows } }
    };
    let table = html! {
        <table class="scores-table" id="crowd-table">
            <caption>{ t(M::ScCrowdCaption) }</caption>
            <thead>{ head(&[t(M::ExpSeat), t(M::ScContracts), "n", t(M::ScQuestions), t(M::ScModelBrier), t(M::ScCrowdBrier), t(M::ScBssVsCrowd), t(M::ScGap), t(M::ScSeatFrom50), t(M::ScCrowdFrom50), "d", t(M::Sc2dRule)]) }</thead>
            <tbody>
                { split_rows(t(M::ScAllSeats), &c.overall) }
                { for c.seats.iter().map(|(seat, split)| split_rows(seat, split)) }
            </tbody>
        </table>
    };
    let questions = c.questions.iter().map(|q| {
        let seats: Vec<String> = q.seats.iter().map(|(s, v)| format!("{s} {v:.0}")).collect();
        let resolved = match q.up {
            Some(true) => t(M::ExpDirUp),
            Some(false) => t(M::ExpDirDown),
            None => t(M::ScOpen),
        };
        let price = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.2}"));
        html! {
            <tr>
                <th scope="row">{ q.run_id.clone() }</th>
                <td>{ q.code.clone() }</td>
                <td>{ json_name(&q.venue) }</td>
                { num_td(Some(q.p_up)) }
                <td class="num">{ format!("${:.0}", q.vol) }</td>
                <td class="num">{ format!("{} / {}", price(q.bid), price(q.ask)) }</td>
                <td>{ q.last_trade_at.clone().unwrap_or_else(|| "-".into()) }</td>
                <td>{ resolved }</td>
                <td class="ci">{ seats.join(", ") }</td>
            </tr>
        }
    });
    let questions = html! {
        <table class="scores-table" id="crowd-questions">
            <caption>{ t(M::ScQuestionsCaption) }</caption>
            <thead>{ head(&[t(M::ScRun), t(M::ExpMarket), t(M::ScVenue), t(M::ExpFactPrice), t(M::ScVolume), t(M::ScBidAsk), t(M::ScLastTrade), t(M::ScResolved), t(M::ScSeatsCrowdUp)]) }</thead>
            <tbody>{ for questions }</tbody>
        </table>
    };
    let mismatches = (!c.kalshi_mismatches.is_empty()).then(|| {
        let items = c.kalshi_mismatches.iter().map(|m| {
            let recomputed = m.recomputed.map_or("null".into(), json_number);
            html! { <li>{ tr(M::ScKalshiLine, &[("line", &m.run_line), ("field", &m.field), ("sealed", &json_number(m.sealed)), ("recomputed", &recomputed)]) }</li> }
        });
        html! {
            <div class="callout warn" id="kalshi-mismatches">
                <p>{ t(M::ScKalshi) }</p>
                <ul>{ for items }</ul>
            </div>
        }
    });
    card(
        "scores-crowd",
        t(M::ScCrowdTitle),
        html! { <>
            <p class="note">{ tr(M::ScCrowdNote, &[("floor", &crate::format::short(c.volume_floor_usd, 2))]) }</p>
            { table_wrap(t(M::ScCrowdLabel), table) }
            { for mismatches }
            { details(tr(M::ScAllQuestions, &[("n", &c.questions.len())]), t(M::ScEveryQuestion), questions) }
        </> },
    )
}

fn endpoint(doc: &LeagueStats) -> Html {
    let p = &doc.primary_endpoint;
    let verdict = p.verdict.as_ref().map(json_name);
    let verdict_pill = match &p.verdict {
        Some(EndpointVerdict::Confirmed) => pill("ok", t(M::ScConfirmed)),
        Some(EndpointVerdict::NoMaterialGain) => pill("neutral", t(M::ScNoGain)),
        Some(EndpointVerdict::Inconclusive) => pill("warn", t(M::ScInconclusive)),
        None => pill("neutral", t(M::ScNoVerdict)),
    };
    let below = if p.confirmed_below_margin {
        t(M::ScBelowMargin)
    } else {
        ""
    };
    let cfg = &p.config;
    let fig = |label: &str, key: &str, value: Html| {
        html! { <div><dt>{ label.to_string() }</dt><dd data-key={key.to_string()}>{ value }</dd></div> }
    };
    let estimate = match p.estimate {
        Some(e) => html! { <span data-v={json_number(e)}>{ format!("{e:.4}") }</span> },
        None => html! { "-" },
    };
    card(
        "scores-endpoint",
        t(M::ScEndpointTitle),
        html! { <>
            <p class="note">{ tr(M::ScEndpointNote, &[("block", &cfg.block), ("reps", &cfg.reps), ("seed", &cfg.seed), ("margin", &crate::format::short(cfg.margin, 4))]) }</p>
            <dl class="figures" id="endpoint" data-verdict={verdict.unwrap_or_default()}>
                { fig(t(M::ScEstimate), "estimate", estimate) }
                { fig(t(M::ScSessions), "sessions", html! { { p.sessions } }) }
                { fig(t(M::ScInterval95), "ci95", html! { { interval(p.ci95).unwrap_or_else(|| t(M::BookNone).into()) } }) }
                { fig(t(M::ScInterval90), "ci90", html! { { interval(p.ci90).unwrap_or_else(|| t(M::BookNone).into()) } }) }
                { fig(t(M::ScVerdict), "verdict", html! { <>{ verdict_pill }{ below }</> }) }
            </dl>
            if let Some(note) = &p.note {
                <p class="note">{ stats_notes::note(note) }</p>
            }
        </> },
    )
}

/// The coin's skill score cell: the value, with its interval or why it has none as a tooltip.
fn coin_td(f: &SeatHorizon) -> Html {
    let c = &f.bss_coin;
    let title = match interval(c.ci95) {
        Some(ci) => tr(M::ScInterval95Ci, &[("ci", &ci), ("n", &c.n)]),
        None => {
            let why = f.interval.why_none().map_or_else(
                || t(M::ScNoIntervalFormed).to_string(),
                |w| core_messages::no_interval(&w),
            );
            format!("n {}; {why}", c.n)
        }
    };
    num_td_titled(c.value, title)
}

fn seats(doc: &LeagueStats) -> Html {
    let tables = HORIZONS.iter().filter_map(|&h| {
        let rows: Vec<Html> = ranked(doc, h)
            .into_iter()
            .map(|(seat, f)| {
                let logit = match &f.logistic {
                    Some(l) => format!("a {:.2}, b {:.2}", l.a, l.b),
                    None => f.logistic_note.as_ref().map_or_else(|| "-".into(), stats_notes::note),
                };
                let ranked = if f.ranked {
                    pill("ok", t(M::ScRanked))
                } else {
                    pill("neutral", t(M::ScNotYet))
                };
                html! {
                    <tr data-seat={seat.clone()} data-h={h}>
                        <th scope="row">{ seat.clone() }</th>
                        { num_td(f.brier) }
                        { coin_td(f) }
                        { num_td(f.bss_clim) }
                        { num_td(f.bss_crowd) }
                        { num_td(f.k) }
                        { pct_td(f.coverage) }
                        { int_td(Some(f.n)) }
                        { int_td(Some(f.sessions)) }
                        { num_td(f.brier_ex_draw) }
                        <td>{ ranked }</td>
                        <td class="ci">{ interval_text(f.ci95, f.ci95_method.as_ref(), &f.interval) }</td>
                        <td class="ci">{ logit }</td>
                    </tr>
                }
            })
            .collect();
        if rows.is_empty() {
            return None;
        }
        let table = html! {
            <table class="scores-table" id={format!("seats-{h}")}>
                <caption>{ tr(M::ScSeatsH, &[("h", &h)]) }</caption>
                <thead>{ head(&[t(M::ExpSeat), t(M::ExpBrier), t(M::ScBssCoin), t(M::ScBssClim), t(M::ScBssCrowd), "K", t(M::ScCoverage), "n", t(M::ScSessions), t(M::ScBrierExDraw), t(M::ScEligibility), t(M::ScInterval95), t(M::ScLogisticFit)]) }</thead>
                <tbody>{ rows }</tbody>
            </table>
        };
        Some(table_wrap(&tr(M::ScSeatsH, &[("h", &h)]), table))
    });
    card(
        "scores-seats",
        t(M::ScSeatsTitle),
        html! { <>
            <p class="note">{ t(M::ScSeatsNote) }</p>
            { for tables }
        </> },
    )
}

/// The consensus' horizons in reading order.
fn consensus_horizons(
    doc: &LeagueStats,
) -> impl Iterator<Item = (&'static str, &ConsensusHorizon)> {
    HORIZONS
        .iter()
        .filter_map(|&h| Some((h, doc.consensus.get(h)?)))
}

fn consensus(doc: &LeagueStats) -> Html {
    let rows = consensus_horizons(doc).map(|(h, f)| {
        html! {
            <tr data-h={h}>
                <th scope="row">{ h }</th>
                { num_td(f.brier) }
                { num_td(f.dispersion) }
                { num_td(f.members) }
                { num_td(f.bss_clim) }
                { num_td(f.momentum_brier) }
                { int_td(Some(f.n)) }
                { int_td(Some(f.sessions)) }
                { int_td(Some(f.all_wrong)) }
                <td class="ci">{ interval_text(f.ci95, f.ci95_method.as_ref(), &f.interval) }</td>
            </tr>
        }
    });
    let table = html! {
        <table class="scores-table" id="consensus">
            <caption>{ t(M::ScConsensusH) }</caption>
            <thead>{ head(&[t(M::ScHorizon), t(M::ExpBrier), t(M::ScDispersion), t(M::ScMembersBrier), t(M::ScBssClim), t(M::ScMomentumBrier), "n", t(M::ScSessions), t(M::ScAllWrong), t(M::ScInterval95)]) }</thead>
            <tbody>{ for rows }</tbody>
        </table>
    };
    card(
        "scores-consensus",
        t(M::ScConsensusTitle),
        html! { <>
            <p class="note">{ t(M::ScConsensusNote) }</p>
            { table_wrap(t(M::ScConsensusH), table) }
        </> },
    )
}

fn calibration(doc: &LeagueStats) -> Html {
    let series: Vec<charts::CalibrationSeries> = consensus_horizons(doc)
        .map(|(h, c)| {
            let points = c
                .calibration
                .iter()
                .filter(|b| b.shown)
                .filter_map(|b| Some((b.mean_stated?, b.realized?, b.n)))
                .collect();
            (tr(M::ScConsensusSeries, &[("h", &h)]), points)
        })
        .collect();
    let legend: Vec<(usize, String)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.0.clone()))
        .collect();
    card(
        "scores-calibration",
        t(M::ScCalibrationTitle),
        html! { <>
            <p class="note">{ t(M::ScCalibrationNote) }</p>
            <figure class="chart-box">{ charts::calibration(&series) }{ charts::legend(&legend) }</figure>
            { seat_calibration(doc) }
        </> },
    )
}

/// Every seat's folded bins and logistic fit (§4.5) as a table: realized share over mean
/// stated probability and n per bin (bins under the 20-forecast minimum in grey), then a and b
/// with their session-clustered standard errors.
fn seat_calibration(doc: &LeagueStats) -> Html {
    let mut bin_heads: Vec<String> = Vec::new();
    let mut rows = Vec::new();
    for (seat, hs) in &doc.seats {
        for h in HORIZONS {
            let Some(f) = hs.get(h) else { continue };
            if bin_heads.is_empty() {
                bin_heads = f
                    .calibration
                    .iter()
                    .map(|b| {
                        let close = if b.hi == 100.0 { "]" } else { ")" };
                        format!("[{}, {}{close}", json_number(b.lo), json_number(b.hi))
                    })
                    .collect();
            }
            let cells = f.calibration.iter().map(|b| match (b.realized, b.mean_stated) {
                (Some(r), Some(m)) => html! {
                    <td class={classes!("num", (!b.shown).then_some("muted"))} data-v={json_number(r)} data-n={b.n.to_string()}>
                        { format!("{:.0}% ", r * 100.0) }<span class="muted">{ tr(M::ScBinAt, &[("m", &format!("{m:.1}")), ("n", &b.n)]) }</span>
                    </td>
                },
                _ => html! { <td class="num muted">{ "-" }</td> },
            });
            let fit = match &f.logistic {
                Some(l) => tr(
                    M::ScFit,
                    &[
                        ("a", &format!("{:.3}", l.a)),
                        ("sa", &format!("{:.3}", l.se_a)),
                        ("b", &format!("{:.3}", l.b)),
                        ("sb", &format!("{:.3}", l.se_b)),
                        ("n", &l.clusters),
                    ],
                ),
                None => f
                    .logistic_note
                    .as_ref()
                    .map_or_else(|| "-".into(), stats_notes::note),
            };
            rows.push(html! {
                <tr data-seat={seat.clone()} data-h={h}>
                    <th scope="row">{ seat.clone() }</th>
                    <td>{ h }</td>
                    { for cells }
                    <td class="ci">{ fit }</td>
                </tr>
            });
        }
    }
    if rows.is_empty() {
        return html! {};
    }
    let table = html! {
        <table class="scores-table" id="seat-calibration">
            <caption>{ t(M::ScSeatCalCaption) }</caption>
            <thead><tr>
                <th scope="col">{ t(M::ExpSeat) }</th><th scope="col">{ t(M::ScHorizon) }</th>
                { for bin_heads.iter().map(|b| html! { <th scope="col">{ b.clone() }</th> }) }
                <th scope="col">{ t(M::ScLogisticSe) }</th>
            </tr></thead>
            <tbody>{ rows }</tbody>
        </table>
    };
    details(t(M::ScEverySeat).into(), t(M::ScSeatCalLabel), table)
}

fn neff(doc: &LeagueStats) -> Html {
    let rows = &doc.n_eff;
    let series: Vec<charts::NeffSeries> = HORIZONS
        .iter()
        .filter_map(|&h| {
            let rho = doc.n_eff_mean_rho.get(h)?.rho;
            let points = rows
                .iter()
                .filter(|r| r.horizon == h)
                .filter_map(|r| {
                    Some((r.reading.n, r.reading.n_eff?)).filter(|_| r.reading.rho.is_some())
                })
                .collect();
            Some((
                tr(M::ScNeffLegend, &[("h", &h), ("rho", &format!("{rho:.3}"))]),
                rho,
                points,
            ))
        })
        .collect();
    let legend: Vec<(usize, String)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.0.clone()))
        .collect();
    let trs = rows.iter().map(|r| {
        html! {
            <tr>
                <th scope="row">{ r.run_id.clone() }</th>
                <td>{ r.horizon.clone() }</td>
                { int_td(Some(r.reading.n)) }
                { num_td(r.reading.rho) }
                { num_td(r.reading.n_eff) }
                <td class="ci">{ r.note.as_ref().map(stats_notes::note).unwrap_or_default() }</td>
            </tr>
        }
    });
    let table = html! {
        <table class="scores-table" id="neff-table">
            <caption>{ t(M::ScNeffCaption) }</caption>
            <thead>{ head(&[t(M::ScRun), t(M::ScHorizon), "n", t(M::ScMeanR), t(M::ScNeff), t(M::ScNote)]) }</thead>
            <tbody>{ for trs }</tbody>
        </table>
    };
    card(
        "scores-neff",
        t(M::ScNeffTitle),
        html! { <>
            <p class="note">{ t(M::ScNeffNote) }</p>
            <figure class="chart-box">{ charts::neff_curve(&series) }{ charts::legend(&legend) }</figure>
            { details(tr(M::ScAllReadings, &[("n", &rows.len())]), t(M::ScNeffCaption), table) }
        </> },
    )
}

/// An N_eff variant's cell: its value, or "-" with the reason as a tooltip.
fn reading_td(r: &Reading) -> Html {
    match r.reading.n_eff {
        Some(v) => num_td(Some(v)),
        None => {
            html! { <td class="num muted" title={r.note.as_ref().map(stats_notes::note).unwrap_or_default()}>{ "-" }</td> }
        }
    }
}

/// §5's companion figures (`independence`): the roster, every N_eff variant, the spectrum,
/// the error-indicator reading and the sides test per run and horizon, each seat's mean r and
/// majority agreement, the shadow-consensus weights and Table 6's path to the counted record.
fn independence(doc: &LeagueStats) -> Html {
    let ind = &doc.independence;
    let roster = &ind.roster;
    let seats = roster.seats.iter().map(|s| {
        html! {
            <tr>
                <th scope="row">{ s.seat.clone() }</th>
                <td>{ s.family.clone() }</td>
                <td>{ s.side.map_or("-", |x| x.as_str()) }</td>
                <td>{ s.model.clone().unwrap_or_else(|| "-".into()) }</td>
            </tr>
        }
    });
    let source = match (&roster.source, &roster.note) {
        (Some(src), _) => tr(M::ScRosterFrom, &[("src", src)]),
        (None, Some(note)) => stats_notes::note(note),
        (None, None) => t(M::ScNoRoster).into(),
    };
    let roster_table = html! {
        <table class="scores-table" id="roster-table">
            <caption>{ t(M::ScRoster) }</caption>
            <thead>{ head(&[t(M::ExpSeat), t(M::ScFamily), t(M::ScSide), t(M::ScModel)]) }</thead>
            <tbody>{ for seats }</tbody>
        </table>
    };
    let runs = ind.runs.iter().map(|r| {
        let sides = match &r.sides {
            Some(sd) => tr(
                M::ScSidesText,
                &[
                    ("within", &format!("{:.2}", sd.within_r.unwrap_or(f64::NAN))),
                    (
                        "between",
                        &format!("{:.2}", sd.between_r.unwrap_or(f64::NAN)),
                    ),
                    ("gap", &format!("{:.1}", sd.max_gap)),
                    ("wide", &sd.at_least_as_wide),
                    ("splits", &sd.splits),
                    ("p", &format!("{:.2}", sd.p_value)),
                ],
            ),
            None => r
                .sides_note
                .as_ref()
                .map_or_else(|| "-".into(), stats_notes::note),
        };
        html! {
            <tr data-run={r.run_id.clone()} data-h={r.horizon.clone()}>
                <th scope="row">{ r.run_id.clone() }</th>
                <td>{ r.horizon.clone() }</td>
                { int_td(Some(r.n)) }
                { reading_td(&r.pearson) }
                { reading_td(&r.one_market_per_group) }
                { reading_td(&r.from_fifty) }
                { reading_td(&r.from_climatology) }
                { reading_td(&r.errors) }
                { num_td(r.spectrum.as_ref().map(|s| s.largest_share)) }
                { num_td(r.spectrum.as_ref().map(|s| s.participation_ratio)) }
                { num_td(r.k) }
                { pct_td(r.share_40_60) }
                { num_td(r.spread) }
                <td class="ci">{ sides }</td>
            </tr>
        }
    });
    let runs = html! {
        <table class="scores-table" id="independence-table">
            <caption>{ t(M::ScIndCaption) }</caption>
            <thead>{ head(&[t(M::ScRun), t(M::ScHorizon), "n", t(M::ScNeff), t(M::ScOnePerGroup), t(M::ScFrom50), t(M::ScFromClim), t(M::ScErrors), t(M::ScEigenShareHead), t(M::ScParticipation), "K", t(M::ScShare4060), t(M::ScSpread), t(M::ScSides)]) }</thead>
            <tbody>{ for runs }</tbody>
        </table>
    };
    // Each seat's mean r and majority agreement on the latest run's whole panel.
    let latest = ind
        .runs
        .iter()
        .rev()
        .find(|r| r.horizon == "all")
        .map(|last| {
            let rows = last.seats.iter().map(|s| {
                html! {
                    <tr>
                        <th scope="row">{ s.seat.clone() }</th>
                        { num_td(s.mean_r) }
                        { pct_td(s.majority_agreement) }
                        { int_td(Some(s.majority_cells)) }
                    </tr>
                }
            });
            let table = html! {
                <table class="scores-table" id="seat-independence">
                    <caption>{ tr(M::ScSeatsInRun, &[("run", &last.run_id)]) }</caption>
                    <thead>{ head(&[t(M::ExpSeat), t(M::ScMeanR), t(M::ScMajority), t(M::ScCells)]) }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
            };
            details(
                t(M::ScSeatsLatest).into(),
                t(M::ScSeatsLatest),
                table,
            )
        });
    let shadow = &ind.shadow;
    let shadow_view = match &shadow.weights {
        Some(w) => {
            let rows = w.weights.iter().map(|(seat, v)| {
                html! {
                    <tr>
                        <th scope="row">{ seat.clone() }</th>
                        { num_td(Some(*v)) }
                        { num_td(w.mean_r.get(seat).copied()) }
                        { int_td(w.pairs.get(seat).copied()) }
                    </tr>
                }
            });
            let table = html! {
                <table class="scores-table" id="shadow-table">
                    <caption>{ tr(M::ScShadowCaption, &[("runs", &shadow.window.join(", "))]) }</caption>
                    <thead>{ head(&[t(M::ExpSeat), t(M::ScWeight), t(M::ScMeanR), t(M::ScCorrelations)]) }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
            };
            details(t(M::ScShadowWeights).into(), t(M::ScShadowWeights), table)
        }
        None => match &shadow.note {
            Some(note) => {
                html! { <p class="note">{ tr(M::ScShadowNote, &[("note", &stats_notes::note(note))]) }</p> }
            }
            None => html! {},
        },
    };
    let funnel = ind.funnel.iter().map(|f| {
        html! {
            <tr>
                <th scope="row">{ f.run_id.clone() }</th>
                { int_td(Some(f.rows)) }
                { int_td(Some(f.corrections)) }
                { int_td(Some(f.seats)) }
                { int_td(f.sealed_before_reference) }
                { int_td(Some(f.explicit_50)) }
                { int_td(Some(f.invalid)) }
                { int_td(Some(f.counted_one_day)) }
            </tr>
        }
    });
    let funnel = html! {
        <table class="scores-table" id="funnel-table">
            <caption>{ t(M::ScFunnelCaption) }</caption>
            <thead>{ head(&[t(M::ScRun), t(M::AccRows), t(M::ScCorrections), t(M::ExpSeats), t(M::ScSealedBefore), t(M::ScExplicit50), t(M::ScInvalid), t(M::ScCountedOneDay)]) }</thead>
            <tbody>{ for funnel }</tbody>
        </table>
    };
    card(
        "scores-independence",
        t(M::ScIndTitle),
        html! { <>
            <p class="note">{ tr(M::ScIndNote, &[("source", &source)]) }</p>
            { details(t(M::ScRoster).into(), t(M::ScRoster), roster_table) }
            { details(tr(M::ScEveryRun, &[("n", &ind.runs.len())]), t(M::ScIndCaption), runs) }
            { for latest }
            { shadow_view }
            { details(t(M::ScFunnel).into(), t(M::ScFunnel), funnel) }
        </> },
    )
}

fn grid(doc: &LeagueStats) -> Html {
    let grid = &doc.grid;
    let mut markets: Vec<&String> = grid.values().flat_map(BTreeMap::keys).collect();
    markets.sort();
    markets.dedup();
    let horizons = HORIZONS.iter().map(|&h| {
        // Seats in the horizon's ranking, then any seat it does not rank.
        let mut order: Vec<&String> = ranked(doc, h).into_iter().map(|(s, _)| s).collect();
        order.extend(grid.keys().filter(|s| !doc.seats.get(*s).is_some_and(|hs| hs.contains_key(h))));
        let rows = order.into_iter().filter_map(|seat| Some((seat, grid.get(seat)?))).map(|(seat, ms)| {
            let cells = markets.iter().map(|m| {
                match ms.get(*m).and_then(|hs| hs.get(h)).filter(|c| c.brier.is_some()) {
                    Some(c) => {
                        let b = c.brier.unwrap_or(f64::NAN);
                        let rate = c.hit_rate.rate.map_or("-".into(), |r| format!("{:.0}%", r * 100.0));
                        html! { <td class="num" data-v={json_number(b)} title={tr(M::ScGridCell, &[("n", &c.n), ("rate", &rate)])}>{ format!("{b:.3}") }</td> }
                    }
                    None => html! { <td class="num muted">{ "-" }</td> },
                }
            });
            html! { <tr><th scope="row">{ seat.clone() }</th>{ for cells }</tr> }
        });
        let table = html! {
            <table class="scores-table grid-table" id={format!("grid-{h}")}>
                <caption>{ tr(M::ScModelMarketH, &[("h", &h)]) }</caption>
                <thead><tr>
                    <th scope="col">{ t(M::ExpSeat) }</th>
                    { for markets.iter().map(|m| html! { <th scope="col">{ (*m).clone() }</th> }) }
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        };
        html! {
            <details class="scores-details" open={h == "1d"}>
                <summary>{ tr(M::ScHorizonH, &[("h", &h)]) }</summary>
                { table_wrap(&tr(M::ScModelMarketH, &[("h", &h)]), table) }
            </details>
        }
    });
    card(
        "scores-grid",
        t(M::ScGridTitle),
        html! { <>
            <p class="note">{ t(M::ScGridNote) }</p>
            { for horizons }
        </> },
    )
}

/// The heat map and eigenvalues of one run's correlation matrix.
pub fn matrix(m: &MatrixView) -> Html {
    let label = tr(M::ScMatrixLabel, &[("run", &m.run_id), ("h", &m.horizon)]);
    let eigen = if m.eigenvalues.is_empty() {
        html! { <p class="note" id="eigen">{ t(M::ScNoEigen) }</p> }
    } else {
        html! {
            <div id="eigen">
                <p class="note">{ tr(M::ScEigenShare, &[("share", &format!("{:.3}", m.largest_share.unwrap_or(f64::NAN))), ("ratio", &format!("{:.2}", m.participation_ratio.unwrap_or(f64::NAN)))]) }</p>
                <ol class="eigenvalues" aria-label={t(M::ScEigenList)}>
                    { for m.eigenvalues.iter().enumerate().map(|(i, l)| html! {
                        <li data-v={json_number(*l)}>{ "λ" }<sub>{ i + 1 }</sub>{ format!(" = {l:.4}") }</li>
                    }) }
                </ol>
            </div>
        }
    };
    html! { <>
        <figure class="chart-box heat-box">{ charts::heat_map(&label, &m.seats, &m.r) }</figure>
        { matrix_table(&label, m) }
        { eigen }
    </> }
}

/// The heat map's numbers as a table, for screen readers and for copying.
fn matrix_table(label: &str, m: &MatrixView) -> Html {
    let rows = m.seats.iter().zip(&m.r).map(|(seat, row)| {
        html! { <tr><th scope="row">{ seat.clone() }</th>{ for row.iter().map(|v| num_td(*v)) }</tr> }
    });
    let table = html! {
        <table class="scores-table" id="matrix-table">
            <caption>{ label.to_string() }</caption>
            <thead><tr>
                <th scope="col">{ t(M::ExpSeat) }</th>
                { for m.seats.iter().map(|s| html! { <th scope="col">{ s.clone() }</th> }) }
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    };
    details(t(M::ScMatrixTable).into(), label, table)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::html::render;
    use super::*;

    #[test]
    fn the_matrix_is_also_a_table() {
        let m = MatrixView {
            run_id: "r".into(),
            horizon: "1d".into(),
            seats: vec!["a".into(), "b&c".into()],
            r: vec![vec![Some(1.0), None], vec![None, Some(1.0)]],
            eigenvalues: vec![],
            largest_share: None,
            participation_ratio: None,
        };
        let html = render(matrix(&m));
        assert!(html.contains(r#"<th scope="col">b&amp;c</th>"#), "{html}");
        assert!(html.contains(r#"<tr><th scope="row">a</th><td data-v="1.0" class="num">1.0000</td><td class="num muted">-</td></tr>"#), "{html}");
    }

    #[test]
    fn scorecards_show_every_date_and_prediction() {
        let cards = r#"[{"as_of": "2026-11-30", "resolved": 1, "past_due": 2, "brier_resolved": 0.04, "resolved_share": 0.5, "worst_case": 0.2, "bss_vs_half": 0.84,
            "rows": [{"id": "F1", "p": 0.8, "check_date": "2026-11-30", "state": "true"}, {"id": "F<2>", "p": 0.4, "check_date": "2026-11-30", "state": "unresolved"}]}]"#;
        let docs = Documents::read(None, Some(cards), None).unwrap();
        let html = render(results(&docs));
        assert!(html.contains(r#"<tr data-as-of="2026-11-30"><th scope="row">2026-11-30</th><td data-v="1" class="num">1</td><td data-v="2" class="num">2</td><td data-v="0.04" class="num">0.0400</td>"#), "{html}");
        assert!(
            html.contains(r#"<span data-state="unresolved" class="pill warn">unresolved</span>"#),
            "{html}"
        );
        assert!(
            html.contains("F&lt;2&gt;") && !html.contains("F<2>"),
            "{html}"
        );
        assert!(
            !html.contains("scores-seats"),
            "no stats document, no seat tables"
        );
        assert!(Documents::read(Some("{"), None, None)
            .unwrap_err()
            .contains("stats document"));
        assert!(
            Documents::read(None, Some(r#"[{"as_of": "x"}]"#), None)
                .unwrap_err()
                .contains("scorecards"),
            "a document missing core's fields is refused, not shown empty"
        );
    }
}
