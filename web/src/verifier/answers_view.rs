//! Every answer's own proof on the Verify page (core's `verifier::answers`): the counting
//! rule, one sentence per run (its answers, then its cells), a table of answers and a table of
//! cells (seat x market x horizon), both filtered by seat, market and verdict, whose rows open
//! onto their chain of evidence (the covering list, each anchor and the time it proves,
//! corrections as the scorer applies them); then Appendix B step 5, the ask texts. Core decides
//! everything; this only shows it. Elements tests read carry `data-testid`.

use crate::format::count;
use crate::i18n::{t, tr, M};
use crate::verifier::paged::Paged;
use crate::verifier::permalink::{self, CopyLink};
use sealbook_core::records::names::{ASKS_FILE, BITCOIN};
use sealbook_core::score::counting::{Counting, Rule};
use sealbook_core::score::notes::Note;
use sealbook_core::verifier::answer_words::Party;
use sealbook_core::verifier::answers::{
    Anchor, AnswerVerdict, AnswersReport, CellVerdict, Verdict,
};
use sealbook_core::verifier::overall::Suspect;
use sealbook_core::verifier::AskTextsReport;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub report: AnswersReport,
    /// Line ranges where a check failed (core's `Overall::suspect`): their rows are set apart,
    /// never shown with a verdict.
    #[prop_or_default]
    pub suspect: Vec<Suspect>,
}

/// Rows of the answers' and cells' tables a page.
const ROWS_PER_PAGE: usize = 50;

/// A row in lines where a check failed: its line and what it is, never a verdict.
fn tampered_row(line: u64, seat: &str, testid: &'static str, columns: usize) -> Html {
    html! {
        <tr class="tampered" data-testid={testid} data-line={line.to_string()} data-seat={seat.to_string()} data-tampered="true">
            <td class="num">{ line }</td>
            <td colspan={(columns - 1).to_string()} class="bad">{ t(M::AnsTamperedRow) }</td>
        </tr>
    }
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

/// The league's counting rule in the page's language (its English is core's
/// [`Counting::describe`], the CLI's).
pub fn counting_rule(c: &Counting) -> String {
    let when = c
        .declared_at
        .as_ref()
        .map(|at| tr(M::EaRuleDeclared, &[("file", &ASKS_FILE), ("at", at)]))
        .unwrap_or_default();
    match &c.rule {
        Rule::Listed { runs } => tr(
            M::EaRuleListed,
            &[("runs", &runs.join(", ")), ("when", &when)],
        ),
        Rule::ScheduledMorningRun { first_session } => {
            let from = first_session
                .as_ref()
                .map(|s| tr(M::EaRuleFrom, &[("session", s)]))
                .unwrap_or_default();
            tr(M::EaRuleScheduled, &[("from", &from), ("when", &when)])
        }
        Rule::Inferred => tr(M::EaRuleInferred, &[("when", &when)]),
    }
}

/// An answer's or cell's status in the page's language (core's codes, Table C1: `counted`,
/// `counted_50` a cell not stated and counted at 50, `not_counted`, `refused_shape`, `copy`,
/// `no_cells`); a code it does not know is shown as it is.
pub fn status_label(status: &str) -> &str {
    match status {
        "counted" => t(M::AnsStatusCounted),
        "counted_50" => t(M::AnsStatusCounted50),
        "not_counted" => t(M::AnsStatusNotCounted),
        "refused_shape" => t(M::AnsStatusRefusedShape),
        "copy" => t(M::AnsStatusCopy),
        "no_cells" => t(M::AnsStatusNoCells),
        other => other,
    }
}

/// The verdict in the page's language (its English is core's [`Verdict::label`], the CLI's).
pub fn verdict_label(v: Verdict) -> &'static str {
    t(match v {
        Verdict::ProvenBeforeReference => M::EaVerdictProven,
        Verdict::AnchoredOnlyAfterReference => M::EaVerdictAnchoredAfter,
        Verdict::OperatorClockOnly => M::EaVerdictOperatorClock,
        Verdict::SealedAfterReference => M::EaVerdictLate,
    })
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
        <ul>{ for anchors.iter().map(|x| html! { <li>{ format!("{} ({}): {}", said(&x.by), x.level, said(&x.words)) }</li> }) }</ul>
    }
}

/// A sentence of the report as the verify worker worded it in the page's language: the report
/// reaches the page as JSON, which holds every note as its text.
fn said<T>(note: &Note<T>) -> &str {
    note.text().unwrap_or_default()
}

/// Who proves a verdict, said after its label: the proving anchors' parties.
fn by_words(by: &[Note<Party>]) -> String {
    if by.is_empty() {
        String::new()
    } else {
        let by: Vec<&str> = by.iter().map(said).collect();
        tr(M::AnsProvenBy, &[("by", &by.join(", "))])
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
            <td class="num">{ c.prob_up.map(|p| crate::format::short(p, 2)).unwrap_or_else(|| "–".into()) }</td>
            <td>{ status_label(&c.status) }</td>
            <td>{ &c.reference_at }</td>
            <td>
                <details class="evidence">
                    <summary>{ verdict_label(c.verdict) }{ by_words(&c.proven_by) }</summary>
                    <p>{ said(&c.words) }</p>
                    if c.asset == BITCOIN && c.verdict == Verdict::AnchoredOnlyAfterReference {
                        <p class="note" data-testid="bitcoin-own-reference">{ t(M::AnsBitcoinOwnReference) }</p>
                    }
                    if let Some(a) = answer {
                        <p>{ match (&a.list, a.list_lines) {
                            (Some(l), Some(n)) => tr(M::AnsCoveredBy, &[("line", &a.line), ("list", l), ("n", &count(n))]),
                            _ => tr(M::AnsNotCovered, &[("line", &a.line)]),
                        } }</p>
                        { anchors_list(&a.anchors) }
                    }
                </details>
            </td>
        </tr>
    }
}

/// An answer's row; `linked` when the page's address names it, `manifest` the league's URL
/// its permalink opens.
fn row(a: &AnswerVerdict, linked: bool, manifest: Option<&str>) -> Html {
    let link = manifest.and_then(|m| permalink::answer_link(m, a.line));
    html! {
        <tr data-testid="answer-row" data-line={a.line.to_string()} data-verdict={verdict_key(a.verdict)} data-seat={a.seat.clone()}
            id={format!("answer-{}", a.line)} class={classes!(linked.then_some("linked"))} aria-current={linked.then_some("true")}>
            <td class="num">{ a.line }</td>
            <td>{ &a.run_id }</td>
            <td>{ &a.seat }</td>
            <td>{ status_label(&a.status) }</td>
            <td>{ &a.sealed_at }</td>
            <td>{ &a.reference_at }</td>
            <td>
                <details class="evidence" open={linked}>
                    <summary>{ verdict_label(a.verdict) }{ by_words(&a.proven_by) }</summary>
                    <p>{ said(&a.words) }</p>
                    <p>{ match (&a.list, a.list_lines) {
                        (Some(l), Some(n)) => tr(M::AnsFirstList, &[("list", l), ("n", &count(n))]),
                        _ => t(M::AnsNoList).to_string(),
                    } }</p>
                    if let Some(l) = &a.anchored_list {
                        <p>{ tr(M::AnsFirstAnchored, &[("list", l)]) }</p>
                    }
                    { anchors_list(&a.anchors) }
                </details>
                if let Some(href) = link {
                    <CopyLink href={href} label={t(M::AnsCopyLink)} testid="copy-answer-link" />
                }
                { for a.corrections.iter().map(|c| html! {
                    <p class="note" data-testid="correction">{ tr(M::AnsCorrected, &[("line", &c.line), ("words", &said(&c.words)),
                        ("reason", &c.reason.as_deref().unwrap_or(t(M::AnsNoReason)))]) }</p>
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
    // The answer the address names (`#answer=<line>`), read once when the table appears.
    let named = use_state(|| permalink::answer_in_address(r.answers.iter().map(|a| a.line)));
    let linked = named.as_ref().and_then(|n| n.as_ref().ok()).copied();
    {
        use_effect_with(linked, |linked| {
            if let Some(line) = *linked {
                permalink::scroll_to_answer(line, 30);
            }
        });
    }
    let manifest = crate::league_load::url_from_address();
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
    let suspect = |line: u64| {
        p.suspect
            .iter()
            .any(|s| s.book == r.book && s.contains(line))
    };
    let answer_rows: Vec<Html> = shown
        .into_iter()
        .map(|a| {
            if suspect(a.line) {
                tampered_row(a.line, &a.seat, "answer-row", 7)
            } else {
                row(a, linked == Some(a.line), manifest.as_deref())
            }
        })
        .collect();
    let cell_rows: Vec<Html> = shown_cells
        .into_iter()
        .map(|c| {
            if suspect(c.line) {
                tampered_row(c.line, &c.seat, "cell-row", 8)
            } else {
                cell_row(c, answer_of(c.line))
            }
        })
        .collect();
    // The page of the answers' table that holds the named answer opens first.
    let linked_row = linked.and_then(|line| {
        r.answers
            .iter()
            .filter(|a| seat.is_empty() || a.seat == *seat)
            .filter(|a| market.is_empty() || a.markets.contains(&*market))
            .filter(|a| verdict.is_empty() || verdict_key(a.verdict) == verdict.as_str())
            .position(|a| a.line == line)
    });
    html! {
        <section class="answers" aria-labelledby="answers-title" data-testid="answers">
            <h2 id="answers-title" class="section-title">{ t(M::AnsTitle) }</h2>
            if let Some(Err(e)) = &*named {
                <p class="callout bad" role="alert" data-testid="answer-link-error">{ crate::i18n::core_messages::answer_link_error(e) }</p>
            }
            <p data-testid="counting-rule">{ tr(M::AnsCounted, &[("rule", &counting_rule(&r.counting))]) }</p>
            if let Some(d) = &r.declaration {
                <p data-testid="declaration">{ tr(M::AnsDeclaration, &[("words", &said(&d.words))]) }</p>
            }
            { for r.counting.notes.iter().map(|n| html! { <p class="note">{ said(n) }</p> }) }
            { for r.counting.flags.iter().map(|f| html! { <p class="bad" data-testid="counting-flag">{ said(f) }</p> }) }
            <ul class="run-summaries">{ for r.runs.iter().map(|s| html! {
                <li><span data-testid="run-summary">{ said(&s.summary) }</span><br/><span class="note" data-testid="run-cells-summary">{ tr(M::AnsCells, &[("summary", &said(&s.cells_summary))]) }</span></li>
            }) }</ul>
            { for r.problems.iter().map(|f| html! { <p class="bad" data-testid="answers-problem">{ said(f) }</p> }) }
            <div class="filters">
                <label>{ t(M::AnsSeat) }
                    <select onchange={on_seat} data-testid="filter-seat">
                        <option value="" selected={seat.is_empty()}>{ t(M::AnsAll) }</option>
                        { for seats.iter().map(|s| html! { <option value={s.to_string()} selected={*seat == *s}>{ *s }</option> }) }
                    </select>
                </label>
                <label>{ t(M::AnsMarket) }
                    <select onchange={on_market} data-testid="filter-market">
                        <option value="" selected={market.is_empty()}>{ t(M::AnsAll) }</option>
                        { for markets.iter().map(|m| html! { <option value={m.to_string()} selected={*market == *m}>{ *m }</option> }) }
                    </select>
                </label>
                <label>{ t(M::AnsVerdict) }
                    <select onchange={on_verdict} data-testid="filter-verdict">
                        <option value="" selected={verdict.is_empty()}>{ t(M::AnsAll) }</option>
                        { for VERDICTS.iter().map(|v| html! { <option value={verdict_key(*v)} selected={verdict.as_str() == verdict_key(*v)}>{ verdict_label(*v) }</option> }) }
                    </select>
                </label>
            </div>
            <Paged rows={answer_rows} size={ROWS_PER_PAGE} start={linked_row} class="answers-table" testid="answers-table"
                head={html! { <thead><tr><th>{ t(M::ProblemsLine) }</th><th>{ t(M::ScRun) }</th><th>{ t(M::ExpSeat) }</th><th>{ t(M::AnsStatus) }</th><th>{ t(M::AnsSealed) }</th><th>{ t(M::AnsReference) }</th><th>{ t(M::AnsEvidence) }</th></tr></thead> }} />
            <h3 class="section-title">{ t(M::AnsCellsTitle) }</h3>
            <p class="note">{ t(M::AnsCellsNote) }</p>
            <Paged rows={cell_rows} size={ROWS_PER_PAGE} class={classes!("answers-table", "cells-table")} testid="cells"
                head={html! { <thead><tr><th>{ t(M::ProblemsLine) }</th><th>{ t(M::ExpSeat) }</th><th>{ t(M::ExpMarket) }</th><th>{ t(M::ScHorizon) }</th><th>{ "P(up)" }</th><th>{ t(M::AnsStatus) }</th><th>{ t(M::AnsReference) }</th><th>{ t(M::AnsEvidence) }</th></tr></thead> }} />
            if let Some(from) = r.unanchored_from {
                <p class="note">{ tr(M::AnsUncovered, &[("from", &from)]) }</p>
            }
        </section>
    }
}

/// Appendix B step 5 on the page.
pub fn ask_texts(r: &AskTextsReport) -> Html {
    html! {
        <section class="ask-texts" aria-label={t(M::AnsAskTexts)} data-testid="ask-texts" data-ok={r.ok().to_string()}>
            <h2 class="section-title">{ t(M::AnsAskTitle) }</h2>
            <ul>{ for r.texts.iter().map(|x| html! {
                <li>{ format!("{}: {}", x.name, if x.ok { format!("{}{}", t(M::AnsHashesToName), if x.runs.is_empty() { String::new() } else { tr(M::AnsAskOf, &[("runs", &x.runs.join(", "))]) }) } else { t(M::AnsFailed).to_string() }) }</li>
            }) }</ul>
            { for r.problems.iter().map(|p| html! { <p class="bad" data-testid="ask-text-problem">{ crate::i18n::core_messages::ask_text_problem(p) }</p> }) }
            if !r.seat_asks.is_empty() {
                <p class="note">{ tr(M::AnsSeatAsks, &[("n", &r.seat_asks.len())]) }</p>
            }
        </section>
    }
}
