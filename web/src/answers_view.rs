//! Every answer's own proof on the Verify page (core's `verifier::answers`): the counting
//! rule, one sentence per run (its answers, then its cells), a table of answers and a table of
//! cells (seat x market x horizon), both filtered by seat, market and verdict, whose rows open
//! onto their chain of evidence (the covering list, each anchor and the time it proves,
//! corrections as the scorer applies them); then Appendix B step 5, the ask texts. Core decides
//! everything; this only shows it. Elements tests read carry `data-testid`.

use crate::verifier::answers::{Anchor, AnswerVerdict, AnswersReport, CellVerdict, Verdict};
use crate::verifier::AskTextsReport;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub report: AnswersReport,
}

const VERDICTS: [Verdict; 4] = [
    Verdict::ProvenBeforeReference,
    Verdict::AnchoredOnlyAfterReference,
    Verdict::OperatorClockOnly,
    Verdict::SealedAfterReference,
];

fn verdict_key(v: Verdict) -> &'static str {
    match v {
        Verdict::ProvenBeforeReference => "proven_before_reference",
        Verdict::AnchoredOnlyAfterReference => "anchored_only_after_reference",
        Verdict::OperatorClockOnly => "operator_clock_only",
        Verdict::SealedAfterReference => "sealed_after_reference",
    }
}

fn select_value(e: &Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

fn anchors_list(anchors: &[Anchor]) -> Html {
    html! {
        <ul>{ for anchors.iter().map(|x| html! { <li>{ format!("{} ({}): {}", x.by, x.level, x.words) }</li> }) }</ul>
    }
}

fn by_words(by: &[String]) -> String {
    if by.is_empty() {
        String::new()
    } else {
        format!(" by {}", by.join(", "))
    }
}

/// A cell's row: its verdict against its own reference, opening onto its answer's evidence.
fn cell_row(c: &CellVerdict, answer: Option<&AnswerVerdict>) -> Html {
    html! {
        <tr data-testid="cell-row" data-line={c.line.to_string()} data-seat={c.seat.clone()} data-asset={c.asset.clone()} data-horizon={c.horizon.clone()} data-verdict={verdict_key(c.verdict)}>
            <td class="num">{ c.line }</td>
            <td>{ &c.seat }</td>
            <td>{ &c.asset }</td>
            <td>{ &c.horizon }</td>
            <td class="num">{ c.prob_up.map(|p| p.to_string()).unwrap_or_else(|| "–".into()) }</td>
            <td>{ &c.status }</td>
            <td>{ &c.reference_at }</td>
            <td>
                <details class="evidence">
                    <summary>{ c.verdict.label() }{ by_words(&c.proven_by) }</summary>
                    <p>{ &c.words }</p>
                    if let Some(a) = answer {
                        <p>{ match (&a.list, a.list_lines) {
                            (Some(l), Some(n)) => format!("Its answer (line {}) is first covered by {l} ({n} lines)", a.line),
                            _ => format!("No checked stamped list covers its answer (line {}) yet.", a.line),
                        } }</p>
                        { anchors_list(&a.anchors) }
                    }
                </details>
            </td>
        </tr>
    }
}

fn row(a: &AnswerVerdict) -> Html {
    html! {
        <tr data-testid="answer-row" data-line={a.line.to_string()} data-verdict={verdict_key(a.verdict)} data-seat={a.seat.clone()}>
            <td class="num">{ a.line }</td>
            <td>{ &a.run_id }</td>
            <td>{ &a.seat }</td>
            <td>{ &a.status }</td>
            <td>{ &a.sealed_at }</td>
            <td>{ &a.reference_at }</td>
            <td>
                <details class="evidence">
                    <summary>{ a.verdict.label() }{ by_words(&a.proven_by) }</summary>
                    <p>{ &a.words }</p>
                    <p>{ match (&a.list, a.list_lines) {
                        (Some(l), Some(n)) => format!("First stamped list covering it: {l} ({n} lines)"),
                        _ => "No checked stamped list covers it yet.".to_string(),
                    } }</p>
                    if let Some(l) = &a.anchored_list {
                        <p>{ format!("First covering list with an anchor: {l}") }</p>
                    }
                    { anchors_list(&a.anchors) }
                </details>
                { for a.corrections.iter().map(|c| html! {
                    <p class="note" data-testid="correction">{ format!("Corrected by line {}: {} ({})", c.line,
                        c.words, c.reason.as_deref().unwrap_or("no reason given")) }</p>
                }) }
            </td>
        </tr>
    }
}

/// The answers' table with its filters.
#[function_component(AnswersTable)]
pub fn answers_table(p: &Props) -> Html {
    let seat = use_state_eq(String::new);
    let market = use_state_eq(String::new);
    let verdict = use_state_eq(String::new);
    let r = &p.report;
    let mut seats: Vec<&str> = r.answers.iter().map(|a| a.seat.as_str()).collect();
    seats.sort_unstable();
    seats.dedup();
    let mut markets: Vec<&str> = r.cells.iter().map(|c| c.asset.as_str()).collect();
    markets.sort_unstable();
    markets.dedup();
    let on_seat = {
        let seat = seat.clone();
        Callback::from(move |e: Event| seat.set(select_value(&e)))
    };
    let on_market = {
        let market = market.clone();
        Callback::from(move |e: Event| market.set(select_value(&e)))
    };
    let on_verdict = {
        let verdict = verdict.clone();
        Callback::from(move |e: Event| verdict.set(select_value(&e)))
    };
    // An answer is shown for a market when it states a cell of it.
    let shown: Vec<&AnswerVerdict> = r
        .answers
        .iter()
        .filter(|a| seat.is_empty() || a.seat == *seat)
        .filter(|a| market.is_empty() || a.markets.contains(&*market))
        .filter(|a| verdict.is_empty() || verdict_key(a.verdict) == verdict.as_str())
        .collect();
    let shown_cells: Vec<&CellVerdict> = r
        .cells
        .iter()
        .filter(|c| seat.is_empty() || c.seat == *seat)
        .filter(|c| market.is_empty() || c.asset == *market)
        .filter(|c| verdict.is_empty() || verdict_key(c.verdict) == verdict.as_str())
        .collect();
    let answer_of = |line: u64| r.answers.iter().find(|a| a.line == line);
    html! {
        <section class="answers" aria-labelledby="answers-title" data-testid="answers">
            <h2 id="answers-title" class="section-title">{ "Every answer: sealed before its reference, proven by whom" }</h2>
            <p data-testid="counting-rule">{ format!("Counted runs: {}", r.counting_rule) }</p>
            if let Some(d) = &r.declaration {
                <p data-testid="declaration">{ format!("The declaration: {}", d.words) }</p>
            }
            { for r.counting.notes.iter().map(|n| html! { <p class="note">{ n }</p> }) }
            { for r.counting.flags.iter().map(|f| html! { <p class="bad" data-testid="counting-flag">{ f }</p> }) }
            <ul class="run-summaries">{ for r.runs.iter().map(|s| html! {
                <li><span data-testid="run-summary">{ &s.summary }</span><br/><span class="note" data-testid="run-cells-summary">{ format!("Cells: {}", s.cells_summary) }</span></li>
            }) }</ul>
            { for r.problems.iter().map(|f| html! { <p class="bad" data-testid="answers-problem">{ f }</p> }) }
            <div class="filters">
                <label>{ "Seat " }
                    <select onchange={on_seat} data-testid="filter-seat">
                        <option value="" selected={seat.is_empty()}>{ "all" }</option>
                        { for seats.iter().map(|s| html! { <option value={s.to_string()} selected={*seat == *s}>{ *s }</option> }) }
                    </select>
                </label>
                <label>{ " Market " }
                    <select onchange={on_market} data-testid="filter-market">
                        <option value="" selected={market.is_empty()}>{ "all" }</option>
                        { for markets.iter().map(|m| html! { <option value={m.to_string()} selected={*market == *m}>{ *m }</option> }) }
                    </select>
                </label>
                <label>{ " Verdict " }
                    <select onchange={on_verdict} data-testid="filter-verdict">
                        <option value="" selected={verdict.is_empty()}>{ "all" }</option>
                        { for VERDICTS.iter().map(|v| html! { <option value={verdict_key(*v)} selected={verdict.as_str() == verdict_key(*v)}>{ v.label() }</option> }) }
                    </select>
                </label>
            </div>
            <div class="table-wrap">
                <table class="answers-table">
                    <thead><tr><th>{ "Line" }</th><th>{ "Run" }</th><th>{ "Seat" }</th><th>{ "Status" }</th><th>{ "Sealed" }</th><th>{ "Reference" }</th><th>{ "Verdict and evidence" }</th></tr></thead>
                    <tbody>{ for shown.into_iter().map(row) }</tbody>
                </table>
            </div>
            <h3 class="section-title">{ "Every cell: seat, market, horizon" }</h3>
            <p class="note">{ "Each cell against its own reference: the session's common one, or for Bitcoin the first 1-minute bar at or after the seal." }</p>
            <div class="table-wrap">
                <table class="answers-table cells-table" data-testid="cells">
                    <thead><tr><th>{ "Line" }</th><th>{ "Seat" }</th><th>{ "Market" }</th><th>{ "Horizon" }</th><th>{ "P(up)" }</th><th>{ "Status" }</th><th>{ "Reference" }</th><th>{ "Verdict and evidence" }</th></tr></thead>
                    <tbody>{ for shown_cells.into_iter().map(|c| cell_row(c, answer_of(c.line))) }</tbody>
                </table>
            </div>
            if let Some(from) = r.unanchored_from {
                <p class="note">{ format!("Lines {from} on are not covered by any checked stamped list: the operator's clock only (Level 1).") }</p>
            }
        </section>
    }
}

/// Appendix B step 5 on the page.
pub fn ask_texts(r: &AskTextsReport) -> Html {
    html! {
        <section class="ask-texts" aria-label="Ask texts" data-testid="ask-texts" data-ok={r.ok().to_string()}>
            <h2 class="section-title">{ "Ask texts (Appendix B step 5)" }</h2>
            <ul>{ for r.texts.iter().map(|t| html! {
                <li>{ format!("{}: {}", t.name, if t.ok { format!("hashes to its name{}", if t.runs.is_empty() { String::new() } else { format!(", the ask of {}", t.runs.join(", ")) }) } else { "FAILED".to_string() }) }</li>
            }) }</ul>
            { for r.problems.iter().map(|p| html! { <p class="bad" data-testid="ask-text-problem">{ p }</p> }) }
            if !r.seat_asks.is_empty() {
                <p class="note">{ format!("{} per-seat text hashes are sealed in asks.jsonl.", r.seat_asks.len()) }</p>
            }
        </section>
    }
}
