//! The Accounts page's results, drawn from core's types with Yew's `html!` (every string goes
//! in as text): the verdict and the replay's summary (spec Appendix B step 7's wording), the
//! rows that differ with both values, the `arena-code.json` check per file (step 8), each
//! recomputed account's figures, and its equity and drawdown charts against its benchmarks
//! (§4.7-4.8), each with a table of the same numbers for screen readers.

use crate::format;
use crate::i18n::{t, tr, M};
use crate::scores::charts::{chart, f1, legend, marker, ticks, Frame};
use crate::scores::html::{card, details, head, json_number, pill, table_wrap};
use sealbook_core::arena::code::CodeCheck;
use sealbook_core::arena::reading::{BenchmarkKind, RatioReading};
use sealbook_core::arena::replay::{Difference, ReplayVerdict};
use sealbook_core::verifier::recount::{
    Accounts, Chart, DecisionsVsBook, Figures, Recount, SummaryCheck,
};
use yew::prelude::*;

/// Cents as dollars with separators: `-1234567` -> `-$12,345.67`.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.unsigned_abs();
    format!("{sign}${}.{:02}", format::count(c / 100), c % 100)
}

fn pct(x: f64) -> String {
    format!("{:.2}%", x * 100.0)
}

/// What an account is, in words: a seat's own name, or what a benchmark holds (its name in
/// the rules, `_cash`, is a label, not a description).
pub fn account_name(account: &str, kind: Option<&BenchmarkKind>) -> String {
    let percent = |bp: i64| format!("{}%", format::short(bp as f64 / 100.0, 2));
    match kind {
        None if account.starts_with('_') => format!("{account}{}", t(M::AccBenchmark)),
        None => account.to_string(),
        Some(BenchmarkKind::Cash) => t(M::AccBmCash).to_string(),
        Some(BenchmarkKind::Random { funds }) => tr(M::AccBmRandom, &[("n", funds)]),
        Some(BenchmarkKind::Hold { weights_bp }) => match weights_bp.as_slice() {
            [(fund, 10_000)] => tr(M::AccBmAllIn, &[("fund", fund)]),
            [(fund, -10_000)] => tr(M::AccBmShort, &[("fund", fund)]),
            w if w.len() <= 3 => {
                let weights: Vec<String> = w
                    .iter()
                    .map(|(fund, bp)| format!("{} {fund}", percent(*bp)))
                    .collect();
                tr(M::AccBmMix, &[("weights", &weights.join(t(M::ScTkJoin)))])
            }
            w => tr(M::AccBmFunds, &[("n", &w.len())]),
        },
    }
}

/// Each account's name in words, by (version, account).
fn names(a: &Accounts) -> impl Fn(&str, &str) -> String + '_ {
    move |version: &str, account: &str| {
        let kind = a
            .figures
            .iter()
            .find(|f| f.version == version && f.account == account)
            .and_then(|f| f.kind.as_ref());
        account_name(account, kind)
    }
}

/// A Sharpe or Sortino cell: the ratio with the sessions it covers (flagged when its sign is
/// not the return's), or why there is none.
fn ratio_td(r: &RatioReading) -> Html {
    match r {
        RatioReading::Over {
            value,
            window,
            against_return,
        } => html! {
            <td class="num ratio" data-v={json_number(*value)} data-window={window.to_string()} data-against={against_return.to_string()}>
                { format::fixed(*value, 2) }
                if *against_return { <span aria-describedby="ratio-against">{ "†" }</span> }
                <span class="ratio-window">{ tr(M::AccRatioWindow, &[("n", window)]) }</span>
            </td>
        },
        RatioReading::Cash => html! {
            <td class="num muted ratio" data-none="cash" title={t(M::AccRatioCashWhy)}>{ "–" }<span class="ratio-window">{ t(M::AccRatioCash) }</span></td>
        },
        RatioReading::TooFew { sessions, window } => html! {
            <td class="num muted ratio" data-none="too_few">{ "–" }<span class="ratio-window">{ tr(M::AccRatioTooFew, &[("sessions", sessions), ("n", window)]) }</span></td>
        },
        RatioReading::Undefined { window } => html! {
            <td class="num muted ratio" data-none="undefined">{ "–" }<span class="ratio-window">{ tr(M::AccRatioUndefined, &[("n", window)]) }</span></td>
        },
    }
}

fn verdict_name(v: ReplayVerdict) -> &'static str {
    match v {
        ReplayVerdict::Exact => t(M::AccExactLower),
        ReplayVerdict::WithinRounding => t(M::AccWithinLower),
        ReplayVerdict::Different => t(M::AccDifferent),
        ReplayVerdict::NotRecounted => t(M::AccNotRecountedLower),
    }
}

/// The whole result: verdict, summary, differences, code, figures, charts.
/// The recount's results; `decisions_why` says in the page's language why the decisions are
/// not the book's (else the verdict's own words are shown).
pub fn results(r: &Recount, a: &Accounts, decisions_why: Option<&str>) -> Html {
    html! {
        <div class="results" id="accounts-results">
            { verdict(r, decisions_why) }
            { summary(r) }
            { league_summary(r.summary.as_ref()) }
            { differences(&r.replay.differences) }
            { code(r.code.as_deref()) }
            { figures(&a.figures) }
            { charts(a) }
        </div>
    }
}

fn verdict(r: &Recount, decisions_why: Option<&str>) -> Html {
    let code_bad = r.code.as_ref().is_some_and(|c| c.iter().any(|x| !x.ok));
    let mut why = Vec::new();
    if r.replay.different > 0 {
        why.push(tr(M::AccDifferentRows, &[("n", &r.replay.different)]));
    }
    if code_bad {
        why.push(t(M::AccCodeBad).to_string());
    }
    if let Some(DecisionsVsBook::Different(d)) = &r.decisions_vs_book {
        let d = decisions_why.unwrap_or(d);
        why.push(tr(M::AccDecisionsNotBook, &[("why", &d)]));
    }
    if let Some(s) = &r.summary {
        if let Some(u) = &s.unreadable {
            why.push(tr(M::AccLeagueUnreadable, &[("why", u)]));
        }
        if !s.differences.is_empty() {
            why.push(tr(M::AccLeagueDiffers, &[("n", &s.differences.len())]));
        }
    }
    let (class, title) = if r.ok {
        ("ok", t(M::AccReproduced))
    } else {
        ("bad", t(M::AccNotReproduced))
    };
    let code_note = match &r.code {
        None => t(M::AccNoCode).to_string(),
        Some(c) => tr(
            M::AccCodeMatch,
            &[("ok", &c.iter().filter(|x| x.ok).count()), ("n", &c.len())],
        ),
    };
    let book_note = match &r.decisions_vs_book {
        None => t(M::AccNoBook).to_string(),
        Some(DecisionsVsBook::Equal(n)) => tr(M::AccBookEqual, &[("n", n)]),
        Some(DecisionsVsBook::Different(_)) => String::new(),
    };
    let league_note = match &r.summary {
        None => t(M::AccNoLeague).to_string(),
        Some(s) if s.ok => tr(M::AccLeagueHolds, &[("n", &s.accounts)]),
        Some(_) => String::new(),
    };
    html! {
        <div class={classes!("callout", class)} role="status" id="accounts-verdict" data-ok={if r.ok { "true" } else { "false" }}>
            <p><strong>{ title }</strong></p>
            { for why.into_iter().map(|w| html! { <p>{ tr(M::AccSentence, &[("text", &format::sentence(&w))]) }</p> }) }
            if r.replay.not_recounted > 0 {
                <p>{ tr(M::AccRowsNotRecounted, &[("n", &r.replay.not_recounted)]) }</p>
            }
            <p>{ code_note }</p>
            if !book_note.is_empty() {
                <p id="accounts-book-note">{ book_note }</p>
            }
            if !league_note.is_empty() {
                <p id="accounts-league-note">{ league_note }</p>
            }
        </div>
    }
}

fn summary(r: &Recount) -> Html {
    let p = &r.replay;
    let span = match (&p.first_session, &p.last_session) {
        (Some(a), Some(b)) => format!(" ({a} .. {b})"),
        _ => String::new(),
    };
    let item = |id: &str, label: &str, value: String, v: String| {
        html! { <div><dt>{ label.to_string() }</dt><dd id={format!("sum-{id}")} data-v={v}>{ value }</dd></div> }
    };
    let n =
        |id: &str, label: &str, v: usize| item(id, label, format::count(v as u64), v.to_string());
    card(
        "accounts-summary",
        t(M::AccSumTitle),
        html! { <>
            <p class="note">{ tr(M::AccSumNote, &[("rows", &format::count(p.rows as u64)), ("accounts", &format::count(p.accounts as u64)), ("sessions", &format::count(p.sessions as u64)), ("span", &span), ("trades", &format::count(p.trades as u64)), ("rules", &p.rules.join(", "))]) }</p>
            <dl class="figures">
                { n("rows", t(M::AccRows), p.rows) }
                { n("accounts", t(M::NavAccounts), p.accounts) }
                { n("sessions", t(M::ScSessions), p.sessions) }
                { n("trades", t(M::AccTrades), p.trades) }
                { item("rules", t(M::ScoresRules), p.rules.join(", "), p.rules.join(",")) }
                { n("exact", &format::sentence(t(M::AccExactLower)), p.exact) }
                { n("within_rounding", &format::sentence(t(M::AccWithinLower)), p.within_rounding) }
                { n("different", t(M::AccDifferent), p.different) }
                { n("not_recounted", t(M::AccNotRecounted), p.not_recounted) }
            </dl>
        </> },
    )
}

/// `council-league.json`'s accounts summary held to the recount (spec §4.7): each field that
/// differs with both values, as core names it; nothing when the league file was not given.
fn league_summary(s: Option<&SummaryCheck>) -> Html {
    let Some(s) = s.filter(|s| !s.differences.is_empty()) else {
        return html! {};
    };
    let rows = s.differences.iter().map(|d| {
        html! {
            <tr data-field={d.field.clone()}>
                <th scope="row" class="mono wrap">{ d.field.clone() }</th>
                <td class="wrap" data-v={d.published.clone()}>{ d.published.clone() }</td>
                <td class="wrap" data-v={d.recounted.clone()}>{ d.recounted.clone() }</td>
            </tr>
        }
    });
    card(
        "accounts-league-summary",
        t(M::AccLeagueTitle),
        table_wrap(
            t(M::AccLeagueLabel),
            html! {
                <table class="scores-table" id="league-summary-table">
                    <thead>{ head(&[t(M::AccField), t(M::AccPublished), t(M::AccRecounted)]) }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
            },
        ),
    )
}

fn differences(ds: &[Difference]) -> Html {
    if ds.is_empty() {
        return card(
            "accounts-differences",
            t(M::AccDiffTitle),
            html! { <p class="note">{ t(M::AccDiffNone) }</p> },
        );
    }
    let rows = ds.iter().map(|d| {
        let class = if d.verdict == ReplayVerdict::Different { "bad" } else { "neutral" };
        html! {
            <tr data-verdict={crate::scores::html::json_name(&d.verdict)} data-row={format!("{} {} {}", d.version, d.account, d.session)}>
                <td>{ pill(class, verdict_name(d.verdict)) }</td>
                <td>{ d.version.clone() }</td>
                <th scope="row">{ d.account.clone() }</th>
                <td>{ d.session.clone() }</td>
                <td>{ d.field.clone() }</td>
                <td class="wrap">{ d.published.clone().unwrap_or_else(|| "-".into()) }</td>
                <td class="wrap">{ d.recomputed.clone().unwrap_or_else(|| "-".into()) }</td>
            </tr>
        }
    });
    card(
        "accounts-differences",
        t(M::AccDiffTitle),
        table_wrap(
            t(M::AccDiffLabel),
            html! {
                <table class="scores-table" id="differences-table">
                    <thead>{ head(&[t(M::ScVerdict), t(M::ScoresRules), t(M::AccAccount), t(M::AccSession), t(M::AccField), t(M::AccPublished), t(M::AccRecomputed)]) }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
            },
        ),
    )
}

fn code(c: Option<&[CodeCheck]>) -> Html {
    let body = match c {
        None => {
            html! { <p class="note">{ t(M::AccCodeNone) }</p> }
        }
        Some(c) => {
            let rows = c.iter().map(|x| {
                let state = match (&x.actual, x.ok) {
                    (_, true) => pill("ok", t(M::AccMatches)),
                    (Some(_), false) => pill("bad", t(M::AccDifferent)),
                    (None, false) => pill("bad", t(M::AccNotGiven)),
                };
                html! {
                    <tr data-ok={if x.ok { "true" } else { "false" }}>
                        <th scope="row">{ x.file.clone() }</th>
                        <td>{ x.text.clone() }</td>
                        <td>{ state }</td>
                        <td class="mono wrap">{ x.expected.clone() }</td>
                        <td class="mono wrap">{ x.actual.clone().unwrap_or_else(|| "-".into()) }</td>
                    </tr>
                }
            });
            table_wrap(
                t(M::AccCodeLabel),
                html! {
                    <table class="scores-table" id="code-table">
                        <thead>{ head(&[t(M::AccCodeFile), t(M::AccCodeText), t(M::ProblemsCheck), t(M::AccShaListed), t(M::AccShaText)]) }</thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                },
            )
        }
    };
    card("accounts-code", t(M::AccCodeTitle), body)
}

fn figures(fs: &[Figures]) -> Html {
    let rows = fs.iter().map(|f| {
        html! {
            <tr data-account={f.account.clone()} data-version={f.version.clone()}>
                <td>{ f.version.clone() }</td>
                <th scope="row" title={f.account.clone()}>{ account_name(&f.account, f.kind.as_ref()) }</th>
                <td class="num">{ f.sessions }</td>
                <td class="num" data-v={f.equity.to_string()}>{ dollars(f.equity) }</td>
                <td class="num" data-v={json_number(f.ret)}>{ pct(f.ret) }</td>
                <td class="num" data-v={json_number(f.drawdown)}>{ pct(f.drawdown) }</td>
                { ratio_td(&f.sharpe_reading()) }
                { ratio_td(&f.sortino_reading()) }
                <td class="num">{ f.trades }</td>
                <td class="num">{ dollars(f.costs_total) }</td>
                <td class="num">{ f.rejected }</td>
            </tr>
        }
    });
    // The window of the first ratio whose sign is not its return's, for the note.
    let against = fs.iter().find_map(|f| {
        [f.sharpe_reading(), f.sortino_reading()]
            .into_iter()
            .find_map(|r| match r {
                RatioReading::Over {
                    window,
                    against_return: true,
                    ..
                } => Some(window),
                _ => None,
            })
    });
    let cash = fs.iter().any(|f| f.sharpe_reading() == RatioReading::Cash);
    card(
        "accounts-figures",
        t(M::AccFigTitle),
        html! { <>
            <p class="note">{ t(M::AccFigNote) }</p>
            { table_wrap(t(M::AccFigLabel), html! {
                <table class="scores-table" id="figures-table">
                    <thead>{ head(&[t(M::ScoresRules), t(M::AccAccount), t(M::ScSessions), t(M::AccEquity), t(M::AccReturn), t(M::AccMaxDrawdown), t(M::AccSharpe), t(M::AccSortino), t(M::AccTrades), t(M::AccCosts), t(M::AccRejected)]) }</thead>
                    <tbody>{ for rows }</tbody>
                </table>
            }) }
            if let Some(n) = against {
                <p class="note" id="ratio-against">{ tr(M::AccRatioAgainst, &[("n", &n)]) }</p>
            }
            if cash {
                <p class="note" id="ratio-cash">{ t(M::AccRatioCashWhy) }</p>
            }
        </> },
    )
}

/// The session ticks: about five evenly spaced sessions, labelled month-day.
fn session_ticks(sessions: &[String]) -> Vec<(f64, String)> {
    let n = sessions.len();
    if n == 0 {
        return vec![];
    }
    let every = n.div_ceil(5).max(1);
    (0..n)
        .filter(|i| i % every == 0 || *i == n - 1)
        .filter(|i| *i == n - 1 || n - 1 - i >= every / 2 || every == 1)
        .map(|i| {
            (
                i as f64,
                sessions[i].get(5..).unwrap_or(&sessions[i]).to_string(),
            )
        })
        .collect()
}

/// A path through the points that exist, broken where a session has none.
fn path(f: &Frame, ys: &[Option<f64>]) -> String {
    let mut d = String::new();
    let mut pen_up = true;
    for (i, y) in ys.iter().enumerate() {
        match y {
            Some(y) => {
                d.push_str(&format!(
                    "{}{} {}",
                    if pen_up { "M" } else { "L" },
                    f1(f.x(i as f64)),
                    f1(f.y(*y))
                ));
                pen_up = false;
            }
            None => pen_up = true,
        }
    }
    d
}

/// One chart of lines `(label, values)` over the chart's sessions; line 0 is the account.
fn line_chart(
    label: &str,
    sessions: &[String],
    lines: &[(String, Vec<Option<f64>>)],
    (lo, hi): (f64, f64),
    y_title: &str,
    y_label: &dyn Fn(f64) -> String,
) -> Html {
    let f = Frame {
        x0: 0.0,
        x1: (sessions.len().max(2) - 1) as f64,
        y0: lo,
        y1: hi,
    };
    let y_ticks: Vec<(f64, String)> = ticks(lo, hi, 4)
        .into_iter()
        .map(|t| (t, y_label(t)))
        .collect();
    let drawn = lines.iter().enumerate().map(|(i, (name, ys))| {
        let last = ys.iter().enumerate().rev().find_map(|(k, y)| y.map(|y| (k, y)));
        let class = classes!(
            "curve",
            format!("series-{}", i % 4),
            (i == 0).then_some("own"),
            (i >= 4).then_some("dashed")
        );
        html! { <g>
            <path class={class} d={path(&f, ys)}><title>{ name.clone() }</title></path>
            { for last.map(|(k, y)| marker(i, f.x(k as f64), f.y(y), &format!("{name}: {} on {}", y_label(y), sessions.get(k).cloned().unwrap_or_default()))) }
        </g> }
    });
    chart(
        label,
        html! { <>
            <title>{ label.to_string() }</title>
            { f.axes_labelled(&session_ticks(sessions), &y_ticks, t(M::AccAxisSession), y_title) }
            { for drawn }
        </> },
    )
}

fn range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((a, b)) => Some((a.min(v), b.max(v))),
    })
}

fn one_chart(c: &Chart, name: &dyn Fn(&str, &str) -> String) -> Html {
    let id = format!("chart-{}-{}", c.version, c.account);
    let equity: Vec<(String, Vec<Option<f64>>)> = c
        .lines
        .iter()
        .map(|l| {
            (
                name(&c.version, &l.account),
                l.equity
                    .iter()
                    .map(|e| e.map(|c| c as f64 / 100.0))
                    .collect(),
            )
        })
        .collect();
    let drawdown: Vec<(String, Vec<Option<f64>>)> = c
        .lines
        .iter()
        .map(|l| {
            (
                name(&c.version, &l.account),
                l.drawdown.iter().map(|d| d.map(|d| -d * 100.0)).collect(),
            )
        })
        .collect();
    let start = c.starting_cash as f64 / 100.0;
    let (lo, hi) = range(
        equity
            .iter()
            .flat_map(|(_, v)| v.iter().flatten().copied())
            .chain([start]),
    )
    .unwrap_or((start, start));
    let pad = ((hi - lo) * 0.05).max(1.0);
    let e_range = (lo - pad, hi + pad);
    let dd_lo = range(
        drawdown
            .iter()
            .flat_map(|(_, v)| v.iter().flatten().copied()),
    )
    .map_or(-1.0, |(a, _)| a.min(-1.0));
    let money_tick = |v: f64| {
        if v.abs() < 1000.0 {
            format!("${v:.0}")
        } else if v % 1000.0 == 0.0 {
            format!("${:.0}k", v / 1000.0)
        } else {
            format!("${:.1}k", v / 1000.0)
        }
    };
    let accounts: Vec<String> = c.lines.iter().map(|l| l.account.clone()).collect();
    let names: Vec<String> = c
        .lines
        .iter()
        .map(|l| name(&c.version, &l.account))
        .collect();
    let against = names.get(1..).unwrap_or_default().join(t(M::ScTkJoin));
    let who = if c.lines.first().is_some_and(|l| l.account.starts_with('_')) {
        tr(M::AccBenchmarksOf, &[("rules", &c.version)])
    } else {
        format!("{} ({})", c.account, c.version)
    };
    let table_rows = c.sessions.iter().enumerate().map(|(k, s)| {
        html! { <tr>
            <th scope="row">{ s.clone() }</th>
            { for c.lines.iter().map(|l| html! {
                <td class="num">{ l.equity[k].map_or("-".into(), dollars) }{ " / " }{ l.drawdown[k].map_or("-".into(), pct) }</td>
            }) }
        </tr> }
    });
    let head_cells: Vec<&str> = std::iter::once(t(M::AccSession))
        .chain(names.iter().map(String::as_str))
        .collect();
    html! {
        <figure class="account-chart" id={id} data-account={c.account.clone()} data-version={c.version.clone()} data-lines={accounts.join(",")}>
            <figcaption><h3 class="subsection-title">{ who.clone() }</h3></figcaption>
            { line_chart(
                &tr(M::AccEquityOf, &[("who", &who), ("against", &against)]),
                &c.sessions, &equity, e_range, t(M::AccAxisEquity), &money_tick) }
            { line_chart(
                &tr(M::AccDrawdownOf, &[("who", &who), ("against", &against)]),
                &c.sessions, &drawdown, (dd_lo * 1.05, 0.0), t(M::AccAxisDrawdown), &|v| format!("{v:.1}%")) }
            { legend(&names.iter().enumerate().map(|(i, n)| (i, n.clone())).collect::<Vec<_>>()) }
            { details(
                tr(M::AccNumbersBehind, &[("who", &who)]),
                &tr(M::AccNumbersLabel, &[("who", &who)]),
                html! {
                    <table class="scores-table">
                        <caption>{ t(M::AccNumbersCaption) }</caption>
                        <thead>{ head(&head_cells) }</thead>
                        <tbody>{ for table_rows }</tbody>
                    </table>
                }) }
        </figure>
    }
}

fn charts(a: &Accounts) -> Html {
    let name = names(a);
    card(
        "accounts-charts",
        t(M::AccChartsTitle),
        html! { <>
            <p class="note">{ t(M::AccChartsNote) }</p>
            { for a.charts.iter().map(|c| one_chart(c, &name)) }
        </> },
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::scores::html::render;

    /// The verdict's reasons start a sentence (`format::sentence` capitalizes its first
    /// letter): a file name must not be first, or `council-league.json` reads
    /// `Council-league.json`.
    #[test]
    fn the_summary_reasons_keep_the_file_name_as_it_is() {
        for lang in [
            crate::i18n::Lang::En,
            crate::i18n::Lang::Zh,
            crate::i18n::Lang::Ar,
        ] {
            crate::i18n::set(lang);
            for said in [
                tr(M::AccLeagueDiffers, &[("n", &1)]),
                tr(M::AccLeagueUnreadable, &[("why", &"x")]),
            ] {
                let said = crate::format::sentence(&said);
                assert!(
                    said.contains("council-league.json"),
                    "{}: {said}",
                    lang.code()
                );
            }
        }
        crate::i18n::set(crate::i18n::Lang::En);
    }

    #[test]
    fn money_and_ticks() {
        assert_eq!(dollars(-1_234_567), "-$12,345.67");
        assert_eq!(dollars(5), "$0.05");
    }

    #[test]
    fn a_benchmark_is_named_by_what_it_holds() {
        let hold = |w: &[(&str, i64)]| BenchmarkKind::Hold {
            weights_bp: w.iter().map(|(s, x)| (s.to_string(), *x)).collect(),
        };
        assert_eq!(account_name("gpt", None), "gpt");
        assert_eq!(
            account_name("_cash", Some(&BenchmarkKind::Cash)),
            "Cash only (benchmark)"
        );
        assert_eq!(
            account_name("_world", Some(&hold(&[("SPY", 10_000)]))),
            "All in SPY, held (benchmark)"
        );
        assert_eq!(
            account_name("_spy_short", Some(&hold(&[("SPY", -10_000)]))),
            "Short SPY, held (benchmark)"
        );
        assert_eq!(
            account_name("_passive", Some(&hold(&[("SPY", 6_000), ("IEF", 4_000)]))),
            "60% SPY, 40% IEF, held (benchmark)"
        );
        assert_eq!(
            account_name("_random", Some(&BenchmarkKind::Random { funds: 5 })),
            "5 funds drawn at random each session (benchmark)"
        );
        assert_eq!(account_name("_new", None), "_new (benchmark)");
    }

    #[test]
    fn names_are_text() {
        let d = Difference {
            version: "arena-3".into(),
            account: "<b>x</b>".into(),
            session: "2026-10-19".into(),
            verdict: ReplayVerdict::Different,
            field: "cash".into(),
            published: Some("1.00".into()),
            recomputed: Some("2.00".into()),
        };
        let html = render(differences(&[d]));
        assert!(
            html.contains("&lt;b&gt;x&lt;/b&gt;") && !html.contains("<b>x"),
            "{html}"
        );
    }
}
