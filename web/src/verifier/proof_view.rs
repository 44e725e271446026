//! How an OpenTimestamps proof's result is shown (spec §3.2 stamps and anchors, §3.11 P1a,
//! Appendix B step 6): the file it stamps and whether its digest matches, every attestation
//! (Bitcoin with the computed merkle root in both byte orders, pending calendars, other and
//! unknown notaries) with the op path that reaches it, the verdict against the supplied
//! headers with its time bound, the checks made and what is still trusted, and the proof as
//! `ots info` prints it. Elements tests read carry `data-testid`.

use crate::format::sentence;
use crate::i18n::{core_messages, ots_messages};
use crate::i18n::{html_tr, t, tr, M};
use sealbook_core::ots::bitcoin::HeaderAnalysis;
use sealbook_core::ots::evaluate::AttestationPath;
use sealbook_core::ots::verify::{AttestationMsg, BitcoinCheck, OtsVerdict};
use sealbook_core::ots::Attestation;
use sealbook_core::verifier::{ProofResult, ProofState};
use yew::prelude::*;

pub fn state_name(state: ProofState) -> &'static str {
    match state {
        ProofState::Verified => "verified",
        ProofState::Open => "open",
        ProofState::Failed => "failed",
    }
}

/// The heights of the Bitcoin attestations of `proofs` (sorted, once each).
pub fn bitcoin_heights(proofs: &[ProofResult]) -> Vec<u64> {
    let mut heights: Vec<u64> = proofs
        .iter()
        .flat_map(|p| &p.attestations)
        .filter_map(|a| match a.attestation {
            Attestation::Bitcoin { height } => Some(height),
            _ => None,
        })
        .collect();
    heights.sort_unstable();
    heights.dedup();
    heights
}

/// The earliest Bitcoin block a verified proof is anchored in.
pub fn anchor_height(p: &ProofResult) -> Option<u64> {
    let v = p.report.as_ref()?.verdict.as_ref()?;
    v.earliest.map(|i| v.bitcoin[i].height)
}

/// Why a failed proof failed, in one sentence fragment.
pub fn failure(p: &ProofResult) -> String {
    if let Some(e) = &p.error {
        return core_messages::file_error(e);
    }
    let Some(report) = &p.report else {
        return tr(M::ProofNotChecked, &[("file", &p.name)]);
    };
    let Some(v) = &report.verdict else {
        let file = p
            .stamped_file
            .as_deref()
            .unwrap_or_else(|| t(M::ProofTheFile));
        return tr(M::ProofOtherFile, &[("proof", &p.name), ("file", &file)]);
    };
    if let Some(e) = &v.header_error {
        return tr(
            M::ProofHeadersRejected,
            &[("file", &p.name), ("why", &ots_messages::header_error(e))],
        );
    }
    let what = match v.bitcoin.iter().find(|c| !c.verified) {
        Some(c) => ots_messages::attestation(&c.message),
        None => ots_messages::level(&v.level),
    };
    tr(M::ProofSays, &[("file", &p.name), ("what", &what)])
}

pub fn view(p: &ProofResult) -> Html {
    let state = p.state();
    let (pill, class) = match state {
        ProofState::Verified => (t(M::ProofVerifiedInBitcoin), "ok"),
        ProofState::Open => (t(M::ProofNotVerifiedYet), "open"),
        ProofState::Failed => (t(M::StateFailed), "bad"),
    };
    let verdict = p.report.as_ref().and_then(|r| r.verdict.as_ref());
    html! {
        <article class={classes!("card", "proof", class)} data-testid="proof" data-name={p.name.clone()} data-state={state_name(state)}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &p.name }</h2>
                <span class={classes!("pill", class)}>{ pill }</span>
            </div>
            { subject(p) }
            if let Some(e) = &p.error {
                <p class={classes!("callout", if state == ProofState::Failed { "bad" } else { "warn" })} data-testid="proof-error">{ core_messages::file_error(e) }</p>
            }
            if let Some(v) = verdict {
                <p class="proof-level" data-testid="proof-level">{ sentence(&ots_messages::level(&v.level)) }</p>
                if let Some(bound) = &v.time_bound {
                    <p class="callout ok time-bound" data-testid="time-bound"><strong>{ t(M::OtsTimeBoundLabel) }</strong>{ ots_messages::time_bound(bound) }</p>
                }
                if let Some(e) = &v.header_error {
                    <p class="callout bad" data-testid="header-error">{ tr(M::OtsHeadersRejected, &[("why", &ots_messages::header_error(e))]) }</p>
                }
            }
            if !p.attestations.is_empty() {
                <h3 class="subsection-title">{ tr(M::OtsAttestations, &[("n", &p.attestations.len())]) }</h3>
                <ul class="attestations">
                    { for p.attestations.iter().map(|a| attestation(a, verdict)) }
                </ul>
            }
            if let Some(v) = verdict {
                { checks_and_trust(v) }
            }
            // The listing is what python-opentimestamps' `ots info` prints, byte for byte
            // (tests/cross/ots_vs_python.rs compares it with the real command): a peer tool's text
            // shown as data, like a hash, so it keeps its English and runs left to right on
            // every page; the summary above it says whose listing it is in the reader's language.
            if let Some(info) = &p.info {
                <details class="stamp-details">
                    <summary>{ html_tr(M::ProofWhole, &[("ots", html! { <code>{ "ots info" }</code> })]) }</summary>
                    <pre class="ots-info" data-testid="ots-info" lang="en" dir="ltr">{ info }</pre>
                </details>
            }
        </article>
    }
}

fn subject(p: &ProofResult) -> Html {
    let Some(file) = &p.stamped_file else {
        return html! {};
    };
    let Some(report) = &p.report else {
        return html! {};
    };
    let ok = report.digest_matches;
    html! {
        <dl class="compare">
            <div class={classes!("comparison", if ok { "ok" } else { "bad" })} data-testid="proof-digest" data-ok={ok.to_string()}>
                <dt>
                    <span class="mark" aria-hidden="true">{ if ok { "✓" } else { "✗" } }</span>
                    { tr(if ok { M::ProofDigestMatches } else { M::ProofDigestDiffers }, &[("op", &report.file_hash_op), ("file", &file)]) }
                </dt>
                <dd>
                    <span class="which">{ t(M::CompareStamped) }</span><code class="hash">{ &report.file_digest }</code>
                    <span class="which">{ t(M::CompareThisFile) }</span><code class="hash">{ &report.target_digest }</code>
                </dd>
            </div>
        </dl>
    }
}

fn attestation(a: &AttestationPath, verdict: Option<&OtsVerdict>) -> Html {
    let check: Option<&BitcoinCheck> =
        verdict.and_then(|v| v.bitcoin.iter().find(|c| &c.path == a));
    let (kind, title, note) = match &a.attestation {
        Attestation::Bitcoin { height } => {
            ("bitcoin", tr(M::AttBitcoin, &[("height", height)]), None)
        }
        Attestation::Pending { uri } => (
            "pending",
            t(M::AttPending).to_string(),
            Some(html! { <p class="note">{ html_tr(M::AttPendingNote, &[
                ("uri", html! { <code class="uri" data-testid="calendar">{ uri }</code> }),
                ("cmd1", html! { <code>{ "sealbook ots upgrade" }</code> }),
                ("cmd2", html! { <code>{ "ots upgrade" }</code> }),
            ]) }</p> }),
        ),
        Attestation::Litecoin { height } => (
            "litecoin",
            tr(M::AttLitecoin, &[("height", height)]),
            Some(not_checked()),
        ),
        Attestation::Ethereum { height } => (
            "ethereum",
            tr(M::AttEthereum, &[("height", height)]),
            Some(not_checked()),
        ),
        Attestation::Unknown { tag, .. } => (
            "unknown",
            tr(M::AttUnknown, &[("tag", &sealbook_core::hex::encode(tag))]),
            Some(html! { <p class="note">{ t(M::AttUnknownNote) }</p> }),
        ),
    };
    let (pill, class) = match check {
        Some(c) if c.verified => (t(M::AttConfirmed), "ok"),
        // Its block's header not (known to be) supplied: open, not refuted.
        Some(c)
            if matches!(
                c.message,
                AttestationMsg::NoHeader { .. } | AttestationMsg::RootNotSupplied { .. }
            ) =>
        {
            (t(M::AttNeedsHeader), "open")
        }
        Some(_) => (t(M::AttNotConfirmed), "bad"),
        None => (t(M::AttNotChecked), "open"),
    };
    html! {
        <li class={classes!("attestation", class)} data-testid="attestation" data-kind={kind}>
            <div class="stamp-head">
                <strong class="attestation-title" data-testid="attestation-title">{ title }</strong>
                if kind == "bitcoin" {
                    <span class={classes!("pill", class)}>{ pill }</span>
                }
            </div>
            { note.unwrap_or_default() }
            if let Some(root) = &a.merkle_root {
                <dl class="hashes">
                    <div><dt>{ t(M::OtsRootInternal) }</dt><dd><code class="hash" data-testid="root-internal">{ &root.internal }</code></dd></div>
                    <div><dt>{ t(M::OtsRootDisplay) }</dt><dd><code class="hash" data-testid="root-display">{ &root.display }</code></dd></div>
                </dl>
            } else {
                <dl class="hashes">
                    <div><dt>{ t(M::OtsCommitment) }</dt><dd><code class="hash">{ &a.commitment }</code></dd></div>
                </dl>
            }
            if let Some(c) = check {
                if let Some(hash) = &c.block_hash {
                    <dl class="hashes">
                        <div><dt>{ t(M::AttBlockHash) }</dt><dd><code class="hash" data-testid="block-hash">{ hash }</code></dd></div>
                        <div><dt>{ t(M::AttHeaderTime) }</dt><dd data-testid="header-time">{ c.header_time_utc.clone().unwrap_or_default() }</dd></div>
                    </dl>
                }
                <p class={classes!("attestation-message", class)} data-testid="attestation-message">{ sentence(&ots_messages::attestation(&c.message)) }</p>
            }
            <details class="stamp-details">
                <summary>{ tr(M::AttOperations, &[("n", &a.path.len())]) }</summary>
                <ol class="op-path" data-testid="op-path">
                    { for a.path.iter().map(|op| html! { <li><code>{ op }</code></li> }) }
                </ol>
            </details>
        </li>
    }
}

fn not_checked() -> Html {
    html! { <p class="note">{ t(M::AttOnlyBitcoin) }</p> }
}

fn checks_and_trust(v: &OtsVerdict) -> Html {
    html! {
        <>
            <h3 class="subsection-title">{ t(M::ChecksMade) }</h3>
            <ul class="check-list" data-testid="proof-checks">
                { for v.checks.iter().map(|c| html! { <li>{ sentence(&ots_messages::check(c)) }</li> }) }
            </ul>
            if !v.still_trusted.is_empty() {
                <div class="still-trusted" data-testid="proof-still-trusted">
                    <strong>{ t(M::StillTrusted) }</strong>
                    <ul>{ for v.still_trusted.iter().map(|t| html! { <li>{ ots_messages::trusted(t) }</li> }) }</ul>
                </div>
            }
        </>
    }
}

/// What the pasted headers show as a set (core's `analyze_headers`): the heaviest run and its
/// work, median time past, retargets, forks, and the checks that failed or could not be made.
pub fn header_analysis(a: &HeaderAnalysis) -> Html {
    html! {
        <div class={classes!("header-analysis", if a.ok { "ok" } else { "bad" })} data-testid="headers-analysis" data-ok={a.ok.to_string()}>
            <ul class="checks-list">
                { for header_lines(a).into_iter().map(|(class, line)| html! { <li class={class}>{ line }</li> }) }
            </ul>
        </div>
    }
}

/// The lines [`header_analysis`] shows, with their class: findings, failures, unmade checks.
pub fn header_lines(a: &HeaderAnalysis) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = a
        .findings
        .iter()
        .map(|f| ("finding", sentence(&ots_messages::finding(f))))
        .collect();
    out.extend(a.errors.iter().map(|e| {
        (
            "bad",
            tr(M::HeaderFailed, &[("why", &ots_messages::header_error(e))]),
        )
    }));
    out.extend(a.notes.iter().map(|n| {
        (
            "note",
            tr(M::HeaderNotChecked, &[("why", &ots_messages::note(n))]),
        )
    }));
    out
}
