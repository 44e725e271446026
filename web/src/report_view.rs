//! How a [`SessionReport`] is shown: the verdict, the trust ladder, and per book the counts,
//! the first bad line with both hashes, the problem list and each stamp's two comparisons.
//! Elements tests read carry `data-testid`.

use crate::format;
use crate::session::{BookResult, SessionReport, TrustLevel};
use sealbook_core::book::{Check, Problem};
use sealbook_core::stamp_list::StampCheck;
use yew::prelude::*;

/// What a check is, in a reader's words.
fn check_label(check: Check) -> &'static str {
    match check {
        Check::Json => "JSON",
        Check::N => "line number (n)",
        Check::Prev => "previous link (prev)",
        Check::Seal => "seal",
        Check::Link => "link",
    }
}

/// One sentence summing up the session (without the verdict word).
fn summary(r: &SessionReport) -> String {
    if let Some(book) = r.books.iter().find(|b| !b.report.ok) {
        let line = format::count(book.report.first_bad_line.unwrap_or_default());
        return match book.report.problems.first() {
            Some(p) => format!("{} breaks at line {line}: the {} check failed.", book.name, check_label(p.check)),
            None => format!("{} breaks at line {line}.", book.name),
        };
    }
    if r.lists.iter().any(|l| l.error.is_some()) {
        return "The chain holds, but a stamped list could not be read.".into();
    }
    if !r.stamps_hold() {
        return "The chain holds, but a stamped list does not match the book.".into();
    }
    let lines: u64 = r.books.iter().map(|b| b.report.lines).sum();
    let stamps = match r.stamp_count() {
        0 => "no stamped list was checked".to_string(),
        1 => "its stamp matches".to_string(),
        n => format!("all {n} stamps match"),
    };
    format!("The chain holds over {}; {stamps}.", format::lines(lines))
}

fn verified(r: &SessionReport) -> bool {
    r.chains_hold() && r.stamps_hold()
}

/// The verdict as one sentence, for the screen reader announcement.
pub fn headline(r: &SessionReport) -> String {
    format!("{}: {}", if verified(r) { "Verified" } else { "Not verified" }, summary(r))
}

/// `message` with its first letter capitalized (core's messages start in lower case).
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

pub fn view(r: &SessionReport) -> Html {
    let ok = verified(r);
    html! {
        <div class="results">
            <section class={classes!("verdict", if ok { "ok" } else { "bad" })} data-testid="verdict" data-ok={ok.to_string()}>
                { status_icon(ok) }
                <div>
                    <h2 class="verdict-title">{ if ok { "Verified" } else { "Not verified" } }</h2>
                    <p class="verdict-text">{ summary(r) }</p>
                    <p class="verdict-level"><a href="#trust-ladder">{ level_text(r.level()) }{ " · what is still trusted" }</a></p>
                </div>
            </section>
            { for r.books.iter().map(book_card) }
            { lists_and_unmatched(r) }
            { ladder(r) }
        </div>
    }
}

fn status_icon(ok: bool) -> Html {
    let path = if ok { "M7 12.5l3.2 3.2L17 9" } else { "M8 8l8 8M16 8l-8 8" };
    html! {
        <svg class="status-icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="10.5" fill="currentColor"/>
            <path d={path} fill="none" stroke="var(--on-status)" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}

fn level_text(level: TrustLevel) -> &'static str {
    match level {
        TrustLevel::Level0 => "Level 0: the operator's word only",
        TrustLevel::Level1 => "Level 1 reached",
    }
}

fn ladder(r: &SessionReport) -> Html {
    let level = r.level();
    let reached = level >= TrustLevel::Level1;
    html! {
        <section class="card ladder" id="trust-ladder" aria-labelledby="ladder-title">
            <div class="card-head">
                <h2 id="ladder-title" class="section-title">{ "Trust ladder" }</h2>
                <span class={classes!("pill", if reached { "ok" } else { "bad" })} data-testid="level">{ level_text(level) }</span>
            </div>
            <ol class="rungs">
                <li class={classes!("rung", if reached { "reached" } else { "failed" })}>
                    <span class="rung-level">{ "1" }</span>
                    <div class="rung-body">
                        <h3>{ "Chain" }</h3>
                        <p>{ "Every line's n, prev, seal and link recomputed in this browser." }</p>
                    </div>
                    <span class="rung-state">{ if reached { "Holds" } else { "Broken" } }</span>
                </li>
                <li class="rung pending">
                    <span class="rung-level">{ "2" }</span>
                    <div class="rung-body">
                        <h3>{ "Anchored outside the operator" }</h3>
                        <p>{ "OpenTimestamps proof in Bitcoin (with the block header's proof of work) and Sigstore Rekor inclusion of the stamped list." }</p>
                    </div>
                    <span class="rung-state">{ "Not checked here yet" }</span>
                </li>
                <li class="rung pending">
                    <span class="rung-level">{ "2+" }</span>
                    <div class="rung-body">
                        <h3>{ "Signed time" }</h3>
                        <p>{ "RFC 3161 timestamp tokens on the stamped list, verified to an authority's root you choose." }</p>
                    </div>
                    <span class="rung-state">{ "Not checked here yet" }</span>
                </li>
            </ol>
            <p class="still-trusted" data-testid="still-trusted">
                <strong>{ "Still trusted: " }</strong>
                if reached {
                    { "the operator's clock. The chain shows that no sealed line was edited, removed or reordered since it was written, but not when it was written: the times in the book, and when each stamped list was made, are the operator's word until the list's anchors are checked." }
                } else {
                    { "everything. A broken chain means this copy of the book is not the one that was sealed, so nothing in it can be taken beyond the operator's word." }
                }
            </p>
        </section>
    }
}

fn hash(value: Option<&str>) -> Html {
    match value {
        Some(v) if !v.is_empty() => html! { <code class="hash">{ v }</code> },
        _ => html! { <span class="muted">{ "(none)" }</span> },
    }
}

fn book_card(b: &BookResult) -> Html {
    let r = &b.report;
    let problems = r.problems.len() as u64 + r.problems_omitted;
    html! {
        <article class="card book" data-testid="book" data-name={b.name.clone()} data-ok={r.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &b.name }</h2>
                <span class={classes!("pill", if r.ok { "ok" } else { "bad" })}>{ if r.ok { "Chain holds" } else { "Chain broken" } }</span>
            </div>
            <dl class="stats">
                <div class="stat"><dt>{ "Lines checked" }</dt><dd data-testid="lines-checked">{ format::count(r.lines) }</dd></div>
                <div class="stat"><dt>{ "Bytes" }</dt><dd data-testid="bytes" title={format!("{} bytes", format::count(r.bytes))}>{ format::bytes(r.bytes) }</dd></div>
                <div class="stat"><dt>{ "Problems" }</dt><dd data-testid="problem-count">{ format::count(problems) }</dd></div>
                <div class="stat"><dt>{ "First bad line" }</dt><dd data-testid="first-bad-line">{ r.first_bad_line.map(format::count).unwrap_or_else(|| "none".into()) }</dd></div>
            </dl>
            <dl class="hashes">
                <div><dt>{ "SHA-256 of the checked lines" }</dt><dd>{ hash(Some(&r.sha256)) }</dd></div>
                <div><dt>{ "Last link" }</dt><dd>{ hash(r.last_link.as_deref()) }</dd></div>
            </dl>
            if r.partial_tail {
                <p class="callout warn" data-testid="partial-tail">
                    { format!("The file ends with {} after its last line break. That unfinished line is not counted or checked yet: a line counts once its LF is written (the byte rule of §3.2).", format::bytes(r.partial_tail_bytes)) }
                </p>
            }
            if let Some(p) = r.problems.first() {
                { first_problem(p) }
            }
            if problems > 1 {
                { problem_table(&r.problems, r.problems_omitted) }
            }
            { stamps(&b.stamps) }
        </article>
    }
}

fn first_problem(p: &Problem) -> Html {
    html! {
        <div class="callout bad first-problem" data-testid="first-problem">
            <h3>
                { format!("Line {}: the ", format::count(p.line)) }
                <span data-testid="failed-check" data-check={p.check.name()}>{ check_label(p.check) }</span>
                { " check failed" }
            </h3>
            <p>{ sentence(&p.message) }</p>
            if p.expected.is_some() || p.found.is_some() {
                <dl class="compare">
                    <div><dt>{ "Expected (recomputed here)" }</dt><dd data-testid="expected">{ hash(p.expected.as_deref()) }</dd></div>
                    <div><dt>{ "Found (in the line)" }</dt><dd data-testid="found">{ hash(p.found.as_deref()) }</dd></div>
                </dl>
            }
        </div>
    }
}

fn problem_table(problems: &[Problem], omitted: u64) -> Html {
    html! {
        <div class="problems">
            <h3 class="subsection-title">{ "All problems found" }</h3>
            <div class="table-wrap">
                <table data-testid="problems">
                    <thead><tr><th scope="col">{ "Line" }</th><th scope="col">{ "Check" }</th><th scope="col">{ "What is wrong" }</th></tr></thead>
                    <tbody>
                        { for problems.iter().map(|p| html! {
                            <tr>
                                <td class="num">{ format::count(p.line) }</td>
                                <td>{ p.check.name() }</td>
                                <td>{ sentence(&p.message) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if omitted > 0 {
                <p class="note">{ format!("…and {} more not listed.", format::count(omitted)) }</p>
            }
        </div>
    }
}

fn stamps(checks: &[StampCheck]) -> Html {
    html! {
        <div class="stamps">
            <h3 class="subsection-title">{ "Stamps" }</h3>
            if checks.is_empty() {
                <p class="note">{ "No stamped list names this book. Add the day's list (proof/<day>/<time>Z.txt) to check that the book still begins with what was stamped." }</p>
            } else {
                <ul class="stamp-list">
                    // With many stamps, the hashes of those that match fold away.
                    { for checks.iter().map(|c| stamp(c, checks.len() <= 2 || !c.ok())) }
                </ul>
            }
        </div>
    }
}

fn comparison(label: &str, ok: bool, stamped: Option<&str>, computed: Option<&str>, testid: &'static str) -> Html {
    html! {
        <div class={classes!("comparison", if ok { "ok" } else { "bad" })} data-testid={testid} data-ok={ok.to_string()}>
            <dt>
                <span class="mark" aria-hidden="true">{ if ok { "✓" } else { "✗" } }</span>
                { format!("{label}: {}", if ok { "matches" } else { "does not match" }) }
            </dt>
            <dd>
                <span class="which">{ "stamped" }</span>{ hash(stamped) }
                <span class="which">{ "this file" }</span>{ hash(computed) }
            </dd>
        </div>
    }
}

/// One stamp; `open`: its hashes shown at once (else behind a disclosure).
fn stamp(c: &StampCheck, open: bool) -> Html {
    let ok = c.ok();
    html! {
        <li class={classes!("stamp", if ok { "ok" } else { "bad" })} data-testid="stamp" data-ok={ok.to_string()} data-list={c.list.clone()}>
            <div class="stamp-head">
                <div>
                    <strong class="stamp-title">{ &c.list }</strong>
                    <span class="stamp-covers">{ format!("{} · first {}", c.ledger, format::lines(c.lines)) }</span>
                </div>
                <span class={classes!("pill", if ok { "ok" } else { "bad" })}>{ if ok { "Matches" } else { "Does not match" } }</span>
            </div>
            if let Some(m) = &c.message {
                <p class="stamp-message">{ sentence(m) }</p>
            }
            <details class="stamp-details" {open}>
                <summary>{ "Prefix SHA-256 and last link, stamped and in this file" }</summary>
                <dl class="compare">
                    { comparison("Prefix SHA-256", c.sha256_ok, Some(&c.expected_sha256), c.found_sha256.as_deref(), "stamp-sha256") }
                    { comparison("Last link", c.last_link_ok, Some(&c.expected_last_link), c.found_last_link.as_deref(), "stamp-last-link") }
                </dl>
            </details>
        </li>
    }
}

fn lists_and_unmatched(r: &SessionReport) -> Html {
    let broken: Vec<_> = r.lists.iter().filter_map(|l| l.error.as_ref()).collect();
    let texts: Vec<_> = r.lists.iter().filter(|l| l.not_a_list).map(|l| l.name.as_str()).collect();
    if broken.is_empty() && r.unmatched.is_empty() && texts.is_empty() {
        return html! {};
    }
    html! {
        <section class="card" aria-labelledby="lists-title">
            <h2 id="lists-title" class="section-title">{ "Stamped lists" }</h2>
            if !broken.is_empty() {
                <ul class="plain-list" data-testid="list-errors">
                    { for broken.iter().map(|e| html! { <li class="callout bad">{ format!("Cannot read the list: {e}") }</li> }) }
                </ul>
            }
            if !r.unmatched.is_empty() {
                <p class="note">{ "These entries name a ledger that was not dropped, so they were not checked:" }</p>
                <ul class="plain-list" data-testid="unmatched">
                    { for r.unmatched.iter().map(|u| html! { <li><strong>{ &u.list }</strong>{ format!(" · {}: first {}", u.ledger, format::lines(u.lines)) }</li> }) }
                </ul>
            }
            if !texts.is_empty() {
                <p class="note" data-testid="not-lists">{ format!("Not stamped lists (no ledger entry line), so not checked: {}.", texts.join(", ")) }</p>
            }
        </section>
    }
}
