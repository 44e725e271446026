//! How a [`VerifierReport`] is shown below the verdict card (`verdict_view`): a summary of what
//! was checked, per book the counts, the first bad line with both hashes, the problem list and
//! each stamp's two comparisons (a page at a time), the OpenTimestamps proofs (see
//! `proof_view`) with the reader's block-header panel, the tokens and entries, the answers'
//! tables and the trust ladder. Elements tests read carry `data-testid`.

use crate::format::{self, sentence};
use crate::i18n::{check_messages, core_messages, html_tr, ots_messages, plural, t, tr, M};
use crate::verifier::paged::Paged;
use crate::verifier::proof_view;
use crate::verifier::signed_time_view;
use sealbook_core::book::chain::{ChainCheck, Problem};
use sealbook_core::verifier::overall::{Overall, Unchecked};
use sealbook_core::verifier::trust::StillTrusted;
use sealbook_core::verifier::{
    BookResult, MatchedBy, ProofState, StampResult, TrustLevel, VerifierReport,
};
use yew::prelude::*;

/// What a check is, in a reader's words.
pub fn check_label(check: ChainCheck) -> &'static str {
    t(match check {
        ChainCheck::Json => M::CheckJson,
        ChainCheck::N => M::CheckN,
        ChainCheck::Prev => M::CheckPrev,
        ChainCheck::Seal => M::CheckSeal,
        ChainCheck::Link => M::CheckLink,
    })
}

/// Clauses of the summary said before "and N more": one per anchored list would make a
/// season's summary thousands of characters long.
const SUMMARY_PARTS: usize = 4;

/// One sentence summing up what was checked (the verdict itself is the card's).
pub fn summary(r: &VerifierReport) -> String {
    if let Some(book) = r.books.iter().find(|b| !b.report.ok) {
        let line = format::count(book.report.first_bad_line.unwrap_or_default());
        return match book.report.problems.first() {
            Some(p) => tr(
                M::SumBreaksCheck,
                &[
                    ("book", &book.name),
                    ("line", &line),
                    ("check", &check_label(p.check)),
                ],
            ),
            None => tr(M::SumBreaks, &[("book", &book.name), ("line", &line)]),
        };
    }
    if r.lists.iter().any(|l| l.error.is_some()) {
        return t(M::SumListUnreadable).into();
    }
    if let Some(u) = r.unchecked_lists.first() {
        return tr(
            M::SumListChecksNothing,
            &[
                ("list", &u.list),
                ("reason", &core_messages::unchecked(&u.reason)),
            ],
        );
    }
    if !r.stamps_hold() {
        return t(M::SumStampMismatch).into();
    }
    if let Some(e) = &r.headers.error {
        return tr(
            M::SumHeadersUnreadable,
            &[("why", &ots_messages::headers_text(e))],
        );
    }
    if let Some(p) = r.proofs.iter().find(|p| p.state() == ProofState::Failed) {
        // starts with the file name, kept as is
        return tr(M::SumFailure, &[("what", &proof_view::failure(p))]);
    }
    if let Some(tok) = r.tokens.iter().find(|tok| !tok.ok) {
        let why = tok
            .error
            .as_ref()
            .map(core_messages::file_error)
            .or_else(|| check_messages::first_failure(&tok.checks))
            .unwrap_or_default();
        return tr(M::SumDoesNotVerify, &[("file", &tok.name), ("why", &why)]);
    }
    if let Some(e) = r.rekor.iter().find(|e| !e.ok) {
        let why = e
            .error
            .as_ref()
            .map(core_messages::file_error)
            .or_else(|| check_messages::first_failure(&e.checks))
            .unwrap_or_default();
        return tr(M::SumDoesNotVerify, &[("file", &e.name), ("why", &why)]);
    }
    let mut parts = Vec::new();
    if !r.books.is_empty() {
        let lines: u64 = r.books.iter().map(|b| b.report.lines).sum();
        let stamps = match r.stamp_count() {
            0 => t(M::SumNoStamp).to_string(),
            1 => t(M::SumOneStamp).to_string(),
            n => tr(M::SumAllStamps, &[("n", &n)]),
        };
        parts.push(tr(
            M::SumChainHolds,
            &[("lines", &format::lines(lines)), ("stamps", &stamps)],
        ));
    }
    for p in r
        .proofs
        .iter()
        .filter(|p| p.state() == ProofState::Verified)
    {
        let file = p.stamped_file.as_deref().unwrap_or(&p.name);
        parts.push(tr(
            M::SumAnchored,
            &[("file", &file), ("height", &anchor_or_unknown(p))],
        ));
    }
    for tok in r.tokens.iter().filter(|tok| tok.ok) {
        parts.push(tr(
            M::SumTimestamped,
            &[
                ("file", &tok.list.as_deref().unwrap_or(&tok.name)),
                ("time", &tok.gen_time.as_deref().unwrap_or("?")),
                ("authority", &tok.authority.as_deref().unwrap_or("?")),
            ],
        ));
    }
    for e in r.rekor.iter().filter(|e| e.ok) {
        let list = e.list.as_deref().unwrap_or(&e.name);
        parts.push(if e.time_signed {
            tr(
                M::SumInRekorSince,
                &[
                    ("file", &list),
                    ("time", &e.integrated_time.as_deref().unwrap_or("?")),
                ],
            )
        } else if e.integrated_time.is_none() {
            // A Rekor v2 entry: the log states no time at all.
            tr(M::SumInRekorNoTime, &[("file", &list)])
        } else {
            tr(M::SumInRekorUnsigned, &[("file", &list)])
        });
    }
    let open = r
        .proofs
        .iter()
        .filter(|p| p.state() == ProofState::Open)
        .count();
    if open > 0 {
        parts.push(tr(
            plural(open as u64, M::SumOpenOne, M::SumOpenMany),
            &[("n", &open)],
        ));
    }
    if parts.is_empty() {
        return t(M::SumNothing).into();
    }
    if parts.len() > SUMMARY_PARTS {
        let rest = parts.len() - SUMMARY_PARTS;
        parts.truncate(SUMMARY_PARTS);
        parts.push(tr(M::SumMore, &[("n", &rest)]));
    }
    tr(M::SumEnd, &[("parts", &parts.join(t(M::SumJoin)))])
}

fn anchor_or_unknown(p: &sealbook_core::verifier::ProofResult) -> String {
    proof_view::anchor_height(p)
        .map(|h| h.to_string())
        .unwrap_or_else(|| "?".into())
}

/// Cards (proofs, tokens, entries) shown a page at a time.
const CARDS_PER_PAGE: usize = 5;
/// A book's stamps shown a page at a time.
const STAMPS_PER_PAGE: usize = 10;

/// The whole report below the verdict card; `headers_panel` is the reader's block-header form,
/// shown with the proofs; `overall` the verdict, whose level the ladder shows and whose
/// failed line ranges the answers' tables set apart.
pub fn view(r: &VerifierReport, overall: &Overall, headers_panel: Html) -> Html {
    html! {
        <div class="results">
            <p class="note verdict-text" data-testid="summary">{ summary(r) }</p>
            { for r.books.iter().map(book_card) }
            { lists_and_unmatched(r) }
            if !r.proofs.is_empty() {
                <section class="proofs" aria-label={t(M::EaOtsProofsLabel)}>
                    <Paged rows={r.proofs.iter().map(|p| html! { <li>{ proof_view::view(p) }</li> }).collect::<Vec<_>>()} size={CARDS_PER_PAGE} class="plain-list" testid="proof-cards" />
                    { headers_panel }
                </section>
            }
            if !r.tokens.is_empty() || !r.rekor.is_empty() {
                <section class="proofs" aria-label={t(M::EaSignedTimeLabel)}>
                    <Paged rows={r.tokens.iter().map(|x| html! { <li>{ signed_time_view::token(x) }</li> }).collect::<Vec<_>>()} size={CARDS_PER_PAGE} class="plain-list" testid="token-cards" />
                    <Paged rows={r.rekor.iter().map(|x| html! { <li>{ signed_time_view::rekor_entry(x) }</li> }).collect::<Vec<_>>()} size={CARDS_PER_PAGE} class="plain-list" testid="rekor-cards" />
                    { signed_time_view::anchors_used(&r.trust) }
                </section>
            }
            if let Some(a) = &r.answers {
                <crate::verifier::answers_view::AnswersTable report={a.clone()} suspect={overall.suspect.clone()} />
            }
            if let Some(e) = &r.answers_error {
                <p class="bad" data-testid="answers-error">{ core_messages::answers_error(e) }</p>
            }
            if let Some(t) = &r.ask_texts {
                { crate::verifier::answers_view::ask_texts(t) }
            }
            { ladder(r, overall) }
        </div>
    }
}

pub fn level_text(level: TrustLevel) -> &'static str {
    t(match level {
        TrustLevel::Level0 => M::Level0Text,
        TrustLevel::Level1 => M::Level1Text,
        TrustLevel::Level2 => M::Level2Text,
        TrustLevel::Level2Plus => M::Level2PlusText,
    })
}

/// One rung: its number, title, description and state (`reached`, `failed` or `pending`).
fn rung(
    level: &str,
    title: &str,
    text: &str,
    state: &str,
    class: &'static str,
    testid: &'static str,
) -> Html {
    html! {
        <li class={classes!("rung", class)} data-testid={testid} data-state={class}>
            <span class="rung-level">{ level }</span>
            <div class="rung-body">
                <h3>{ title }</h3>
                <p>{ text }</p>
            </div>
            <span class="rung-state">{ state }</span>
        </li>
    }
}

fn ladder(r: &VerifierReport, overall: &Overall) -> Html {
    let level = overall.level;
    let no_book = r.books.is_empty();
    let chain = if no_book {
        (t(M::StateNoBook), "pending")
    } else if r.chains_hold() {
        (t(M::StateHolds), "reached")
    } else {
        (t(M::StateBroken), "failed")
    };
    let verified: Vec<_> = r
        .proofs
        .iter()
        .filter(|p| p.state() == ProofState::Verified)
        .collect();
    let rekor_ok: Vec<&str> = r
        .rekor
        .iter()
        .filter(|e| e.ok)
        .map(|e| e.name.as_str())
        .collect();
    let anchor = if level >= TrustLevel::Level2 && (!verified.is_empty() || !rekor_ok.is_empty()) {
        let mut what: Vec<String> = verified
            .iter()
            .copied()
            .map(|p| tr(M::StateBitcoinBlock, &[("height", &anchor_or_unknown(p))]))
            .collect();
        what.extend(
            rekor_ok
                .iter()
                .map(|n| tr(M::StateRekorEntry, &[("name", n)])),
        );
        (
            tr(M::StateReached, &[("what", &what.join(", "))]),
            "reached",
        )
    } else if r.rekor.iter().any(|e| !e.ok) {
        (t(M::StateRekorFailed).to_string(), "failed")
    } else if r.proofs.iter().any(|p| p.state() == ProofState::Failed) || r.headers.error.is_some()
    {
        (t(M::StateFailed).to_string(), "failed")
    } else if !verified.is_empty() {
        (t(M::StateProofNotForList).to_string(), "pending")
    } else if !r.proofs.is_empty()
        && !overall
            .unchecked
            .iter()
            .any(|u| matches!(u, Unchecked::HeadersMissing { .. }))
    {
        (t(M::StatePending).to_string(), "pending")
    } else if !r.proofs.is_empty() {
        (t(M::StatePasteHeader).to_string(), "pending")
    } else {
        (t(M::StateAddOts).to_string(), "pending")
    };
    let signed = if level == TrustLevel::Level2Plus {
        let auth: Vec<String> = r
            .tokens
            .iter()
            .filter(|t| t.ok)
            .map(|t| t.authority.clone().unwrap_or_default())
            .collect();
        (
            tr(M::StateReached, &[("what", &auth.join(", "))]),
            "reached",
        )
    } else if r.tokens.iter().any(|tok| !tok.ok) {
        (t(M::StateTokenFailed).to_string(), "failed")
    } else if r.tokens.iter().any(|tok| tok.ok) {
        (t(M::StateTokenNotForList).to_string(), "pending")
    } else {
        (t(M::StateAddTsr).to_string(), "pending")
    };
    let pill = if level > TrustLevel::Level0 {
        "ok"
    } else {
        "bad"
    };
    // The report's own line for each verified proof says less than the verdicts' lines, which
    // are shown instead.
    let report_trusted: Vec<String> = r
        .still_trusted()
        .iter()
        .filter(|t| !matches!(t, StillTrusted::BitcoinProof { .. }))
        .map(ots_messages::still_trusted)
        .collect();
    let trusted: Vec<String> = verified
        .iter()
        .filter_map(|p| p.report.as_ref()?.verdict.as_ref())
        .flat_map(|v| v.still_trusted.iter().copied())
        .fold(Vec::new(), |mut acc, t| {
            if !acc.contains(&t) {
                acc.push(t);
            }
            acc
        })
        .iter()
        .map(ots_messages::trusted)
        .collect();
    html! {
        <section class="card ladder" id="trust-ladder" aria-labelledby="ladder-title">
            <div class="card-head">
                <h2 id="ladder-title" class="section-title">{ t(M::LadderTitle) }</h2>
                <span class={classes!("pill", pill)} data-testid="level">{ level_text(level) }</span>
            </div>
            <ol class="rungs">
                { rung("1", t(M::RungChain), t(M::RungChainText), chain.0, chain.1, "rung-1") }
                { rung("2", t(M::RungAnchored), t(M::RungAnchoredText), &anchor.0, anchor.1, "rung-2") }
                { rung("2+", t(M::RungSigned), t(M::RungSignedText), &signed.0, signed.1, "rung-2plus") }
            </ol>
            <div class="still-trusted" data-testid="still-trusted">
                <strong>{ t(M::StillTrusted) }</strong>
                { match level {
                    TrustLevel::Level2 | TrustLevel::Level2Plus => html! {
                        <>
                            <ul>
                                { for trusted.iter().map(|t| html! { <li>{ t }</li> }) }
                                { for report_trusted.iter().map(|t| html! { <li>{ t }</li> }) }
                            </ul>
                            if no_book {
                                { t(M::TrustedNoBook) }
                            } else {
                                { t(M::TrustedAfterPrefix) }
                            }
                        </>
                    },
                    TrustLevel::Level1 => html! { t(M::TrustedLevel1) },
                    TrustLevel::Level0 if no_book => html! { t(M::TrustedLevel0NoBook) },
                    TrustLevel::Level0 => html! { t(M::TrustedLevel0) },
                } }
            </div>
        </section>
    }
}

fn hash(value: Option<&str>) -> Html {
    match value {
        Some(v) if !v.is_empty() => html! { <code class="hash">{ v }</code> },
        _ => html! { <span class="muted">{ t(M::BookNoneParen) }</span> },
    }
}

fn book_card(b: &BookResult) -> Html {
    let r = &b.report;
    let problems = r.problems.len() as u64 + r.problems_omitted;
    html! {
        <article class="card book" data-testid="book" data-name={b.name.clone()} data-ok={r.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &b.name }</h2>
                <span class={classes!("pill", if r.ok { "ok" } else { "bad" })}>{ t(if r.ok { M::BookChainHolds } else { M::BookChainBroken }) }</span>
            </div>
            <dl class="stats">
                <div class="stat"><dt>{ t(M::BookLinesChecked) }</dt><dd data-testid="lines-checked">{ format::count(r.lines) }</dd></div>
                <div class="stat"><dt>{ t(M::BookBytes) }</dt><dd data-testid="bytes" title={tr(M::BookBytesTitle, &[("n", &format::count(r.bytes))])}>{ format::bytes(r.bytes) }</dd></div>
                <div class="stat"><dt>{ t(M::BookProblems) }</dt><dd data-testid="problem-count">{ format::count(problems) }</dd></div>
                <div class="stat"><dt>{ t(M::BookFirstBad) }</dt><dd data-testid="first-bad-line">{ r.first_bad_line.map(format::count).unwrap_or_else(|| t(M::BookNone).into()) }</dd></div>
            </dl>
            <dl class="hashes">
                <div><dt>{ t(M::BookSha256) }</dt><dd>{ hash(Some(&r.sha256)) }</dd></div>
                <div><dt>{ t(M::BookLastLink) }</dt><dd>{ hash(r.last_link.as_deref()) }</dd></div>
            </dl>
            if r.partial_tail {
                <p class="callout warn" data-testid="partial-tail">
                    { tr(M::BookPartialTail, &[("size", &format::bytes(r.partial_tail_bytes))]) }
                </p>
            }
            if let Some(p) = r.problems.first() {
                { first_problem(p) }
            }
            if problems > 1 {
                { problem_table(&r.problems, r.problems_omitted) }
            }
            { stamps(&b.stamps) }
            if let Some(from) = b.unanchored_from {
                <p class="callout warn" data-testid="unanchored">
                    { tr(M::BookUnanchored, &[("from", &from), ("to", &r.lines)]) }
                </p>
            }
        </article>
    }
}

fn first_problem(p: &Problem) -> Html {
    html! {
        <div class="callout bad first-problem" data-testid="first-problem">
            <h3>
                { html_tr(M::ProblemLine, &[
                    ("line", html! { format::count(p.line) }),
                    ("check", html! { <span data-testid="failed-check" data-check={p.check.name()}>{ check_label(p.check) }</span> }),
                ]) }
            </h3>
            <p data-testid="problem-message">{ sentence(&core_messages::problem(&p.message)) }</p>
            if p.expected.is_some() || p.found.is_some() {
                <dl class="compare">
                    <div><dt>{ t(M::ProblemExpected) }</dt><dd data-testid="expected">{ hash(p.expected.as_deref()) }</dd></div>
                    <div><dt>{ t(M::ProblemFound) }</dt><dd data-testid="found">{ hash(p.found.as_deref()) }</dd></div>
                </dl>
            }
        </div>
    }
}

fn problem_table(problems: &[Problem], omitted: u64) -> Html {
    html! {
        <div class="problems">
            <h3 class="subsection-title">{ t(M::ProblemsAll) }</h3>
            <div class="table-wrap">
                <table data-testid="problems">
                    <thead><tr><th scope="col">{ t(M::ProblemsLine) }</th><th scope="col">{ t(M::ProblemsCheck) }</th><th scope="col">{ t(M::ProblemsWhat) }</th></tr></thead>
                    <tbody>
                        { for problems.iter().map(|p| html! {
                            <tr>
                                <td class="num">{ format::count(p.line) }</td>
                                <td>{ p.check.name() }</td>
                                <td>{ sentence(&core_messages::problem(&p.message)) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if omitted > 0 {
                <p class="note">{ tr(M::ProblemsMore, &[("n", &format::count(omitted))]) }</p>
            }
        </div>
    }
}

fn stamps(checks: &[StampResult]) -> Html {
    html! {
        <div class="stamps">
            <h3 class="subsection-title">{ t(M::StampsTitle) }</h3>
            if checks.is_empty() {
                <p class="note">{ html_tr(M::StampsNone, &[("path", html! { <code>{ "proof/<day>/<time>Z.txt" }</code> })]) }</p>
            } else {
                // With many stamps, the hashes of those that match fold away, a page at a time.
                <Paged rows={checks.iter().map(|c| stamp(c, checks.len() <= 2 || !c.ok())).collect::<Vec<_>>()} size={STAMPS_PER_PAGE} class="stamp-list" testid="stamp-list" />
            }
        </div>
    }
}

fn comparison(
    label: &str,
    ok: bool,
    stamped: Option<&str>,
    computed: Option<&str>,
    testid: &'static str,
) -> Html {
    html! {
        <div class={classes!("comparison", if ok { "ok" } else { "bad" })} data-testid={testid} data-ok={ok.to_string()}>
            <dt>
                <span class="mark" aria-hidden="true">{ if ok { "✓" } else { "✗" } }</span>
                { tr(if ok { M::CompareMatches } else { M::CompareDiffers }, &[("what", &label)]) }
            </dt>
            <dd>
                <span class="which">{ t(M::CompareStamped) }</span>{ hash(stamped) }
                <span class="which">{ t(M::CompareThisFile) }</span>{ hash(computed) }
            </dd>
        </div>
    }
}

/// One stamp; `open`: its hashes shown at once (else behind a disclosure).
fn stamp(s: &StampResult, open: bool) -> Html {
    let ok = s.ok();
    let c = &s.check;
    // A match by name reads as it always has; any other way is said.
    let how = match s.matched_by {
        MatchedBy::Name => String::new(),
        by => format!(" · {}", by.describe()),
    };
    html! {
        <li class={classes!("stamp", if ok { "ok" } else { "bad" })} data-testid="stamp" data-ok={ok.to_string()} data-list={c.list.clone()}>
            <div class="stamp-head">
                <div>
                    <strong class="stamp-title">{ &c.list }</strong>
                    <span class="stamp-covers">{ tr(M::StampCovers, &[("ledger", &c.ledger), ("lines", &format::lines(c.lines)), ("how", &how)]) }</span>
                </div>
                <span class={classes!("pill", if ok { "ok" } else { "bad" })}>{ t(if ok { M::StampMatches } else { M::StampDiffers }) }</span>
            </div>
            if let Some(m) = &c.message {
                <p class="stamp-message">{ sentence(&core_messages::stamp(m)) }</p>
            }
            <details class="stamp-details" {open}>
                <summary>{ t(M::StampDetails) }</summary>
                <dl class="compare">
                    { comparison(t(M::StampPrefix), c.sha256_ok, Some(&c.expected_sha256), c.found_sha256.as_deref(), "stamp-sha256") }
                    { comparison(t(M::BookLastLink), c.last_link_ok, Some(&c.expected_last_link), c.found_last_link.as_deref(), "stamp-last-link") }
                </dl>
            </details>
        </li>
    }
}

fn lists_and_unmatched(r: &VerifierReport) -> Html {
    let broken: Vec<_> = r.lists.iter().filter_map(|l| l.error.as_ref()).collect();
    // A text an .ots proof stamps is shown with its proof, not as a list that was skipped.
    let stamped = |name: &str| {
        r.proofs
            .iter()
            .any(|p| p.stamped_file.as_deref() == Some(name))
    };
    let texts: Vec<_> = r
        .lists
        .iter()
        .filter(|l| l.not_a_list && !stamped(&l.name))
        .map(|l| l.name.as_str())
        .collect();
    if broken.is_empty()
        && r.unmatched.is_empty()
        && texts.is_empty()
        && r.unchecked_lists.is_empty()
    {
        return html! {};
    }
    html! {
        <section class="card" aria-labelledby="lists-title">
            <h2 id="lists-title" class="section-title">{ t(M::ListsTitle) }</h2>
            if !broken.is_empty() {
                <ul class="plain-list" data-testid="list-errors">
                    { for broken.iter().map(|e| html! { <li class="callout bad">{ tr(M::ListUnreadable, &[("why", &core_messages::list_error(e))]) }</li> }) }
                </ul>
            }
            if !r.unchecked_lists.is_empty() {
                <ul class="plain-list" data-testid="unchecked-lists">
                    { for r.unchecked_lists.iter().map(|u| html! { <li class="callout bad"><strong>{ &u.list }</strong>{ tr(M::ListChecksNothing, &[("why", &core_messages::unchecked(&u.reason))]) }</li> }) }
                </ul>
            }
            if !r.unmatched.is_empty() {
                <p class="note">{ t(M::ListsUnmatched) }</p>
                <ul class="plain-list" data-testid="unmatched">
                    { for r.unmatched.iter().map(|u| html! { <li><strong>{ &u.list }</strong>{ tr(M::ListUnmatchedEntry, &[("ledger", &u.ledger), ("lines", &format::lines(u.lines))]) }</li> }) }
                </ul>
            }
            if !texts.is_empty() {
                <p class="note" data-testid="not-lists">{ tr(M::ListsNotLists, &[("files", &texts.join(", "))]) }</p>
            }
        </section>
    }
}
