//! How RFC 3161 tokens and Sigstore Rekor entries are shown (spec §3.2 Level 2+, §3.11;
//! Appendix B steps 9-10): per token its genTime, authority, serial, policy, imprint and
//! signature algorithms, the chain built (leaf first, anchor last) and every check with its
//! result and reason; per Rekor entry its integratedTime, log index and checks; and the trust
//! anchors the verification used. Elements tests read carry `data-testid`.

use crate::i18n::{self, check_messages, core_messages, html_tr, tr, M};
use sealbook_core::checks::{CheckMsg, Status};
use sealbook_core::pki::x509::CertSummary;
use sealbook_core::tsp::response;
use sealbook_core::verifier::{CheckRow, RekorResult, TokenResult, TrustReport};
use yew::prelude::*;

fn status_word(s: Status) -> (&'static str, &'static str) {
    match s {
        Status::Pass => ("pass", "ok"),
        Status::Fail => ("fail", "bad"),
        Status::Warn => ("warn", "open"),
        Status::Skip => ("skip", "muted"),
    }
}

fn checks(rows: &[CheckRow]) -> Html {
    html! {
        <>
            <h3 class="subsection-title">{ i18n::t(M::ChecksMade) }</h3>
            <ul class="signed-checks" data-testid="signed-checks">
                { for rows.iter().map(|c| {
                    let (word, class) = status_word(c.status);
                    html! {
                        <li class={classes!("signed-check", class)} data-testid="signed-check" data-id={c.id.clone()} data-status={word}>
                            <span class={classes!("check-status", class)}>{ word }</span>
                            <code class="check-id">{ check_messages::check_name(&c.id) }</code>
                            <span class="check-detail">{ check_messages::message(&c.msg) }</span>
                        </li>
                    }
                }) }
            </ul>
        </>
    }
}

fn fact(label: &str, value: Option<&str>, testid: &'static str) -> Html {
    html! {
        <div><dt>{ label }</dt><dd data-testid={testid}>{ value.unwrap_or(i18n::t(M::BookNoneParen)) }</dd></div>
    }
}

fn chain(certs: &[CertSummary]) -> Html {
    if certs.is_empty() {
        return html! {};
    }
    let last = certs.len() - 1;
    html! {
        <>
            <h3 class="subsection-title">{ i18n::t(M::ChainBuilt) }</h3>
            <ol class="cert-chain" data-testid="token-chain">
                { for certs.iter().enumerate().map(|(i, c)| html! {
                    <li class="cert">
                        <span class="cert-role">{ i18n::t(if i == 0 { M::CertSigner } else if i == last { M::CertAnchor } else { M::CertIntermediate }) }</span>
                        <span class="cert-subject">{ &c.subject }</span>
                        <span class="cert-meta">{ tr(M::CertValid, &[("from", &c.not_before), ("to", &c.not_after), ("key", &c.key)]) }<code class="hash">{ &c.sha256 }</code></span>
                    </li>
                }) }
            </ol>
        </>
    }
}

/// The first failed check, named.
fn failure_line(error: Option<String>, first: Option<String>) -> Html {
    let Some(why) = error.or(first) else {
        return html! {};
    };
    html! { <p class="callout bad" data-testid="signed-error">{ why }</p> }
}

pub fn token(t: &TokenResult) -> Html {
    let (pill, class) = match (t.ok, t.ok_now) {
        (true, Some(false)) => (i18n::t(M::TokenVerifiedAtGen), "ok"),
        (true, _) => (i18n::t(M::Verified), "ok"),
        (false, _) => (i18n::t(M::StateFailed), "bad"),
    };
    // What the two chain checks found (core's ids `chain_at_gen_time` and `chain_now`).
    let chain_check = |id: &str| {
        t.checks
            .iter()
            .find(|c| c.id == id)
            .map(|c| match c.status {
                Status::Pass => i18n::t(M::TokenValid).to_string(),
                Status::Fail => tr(
                    M::TokenNotValid,
                    &[("why", &check_messages::message(&c.msg))],
                ),
                Status::Warn | Status::Skip => check_messages::message(&c.msg),
            })
    };
    let at_gen_time = chain_check(response::check::CHAIN_AT_GEN_TIME);
    let now = chain_check(response::check::CHAIN_NOW).map(|n| match (t.ok, t.ok_now) {
        (true, Some(false)) => tr(M::TokenStillProves, &[("chain", &n)]),
        _ => n,
    });
    html! {
        <article class={classes!("card", "proof", class)} data-testid="token" data-name={t.name.clone()} data-ok={t.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &t.name }</h2>
                <span class={classes!("pill", class)}>{ pill }</span>
            </div>
            if let Some(list) = &t.list {
                <p class="note">{ html_tr(M::TokenOn, &[("list", html! { <code>{ list }</code> })]) }</p>
            }
            if let Some(m) = &t.missing_signer {
                <p class="callout bad" data-testid="missing-signer">{ tr(M::TokenNoSigner, &[("who", &check_messages::missing_signer(&t.checks).unwrap_or_else(|| m.clone()))]) }</p>
            }
            { failure_line(t.error.as_ref().map(core_messages::file_error), (!t.ok).then(|| check_messages::first_failure(&t.checks)).flatten()) }
            if t.gen_time.is_some() {
                <dl class="facts">
                    { fact("genTime", t.gen_time.as_deref(), "gen-time") }
                    { fact(i18n::t(M::FactAuthority), t.authority.as_deref(), "authority") }
                    { fact(i18n::t(M::FactSerial), t.serial.as_deref(), "serial") }
                    { fact(i18n::t(M::FactPolicy), t.policy.as_deref(), "policy") }
                    { fact(i18n::t(M::FactImprintAlg), t.imprint_algorithm.as_deref(), "imprint-alg") }
                    { fact(i18n::t(M::FactSignatureAlg), t.signature_algorithm.as_deref(), "signature-alg") }
                    { fact(i18n::t(M::FactChainAtGen), at_gen_time.as_deref(), "at-gen-time") }
                    { fact(i18n::t(M::FactChainNow), now.as_deref(), "now") }
                </dl>
            }
            { chain(&t.chain) }
            if !t.checks.is_empty() { { checks(&t.checks) } }
        </article>
    }
}

pub fn rekor_entry(r: &RekorResult) -> Html {
    let (pill, class) = if r.ok {
        (i18n::t(M::RekorIncluded), "ok")
    } else {
        (i18n::t(M::StateFailed), "bad")
    };
    html! {
        <article class={classes!("card", "proof", class)} data-testid="rekor" data-name={r.name.clone()} data-ok={r.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &r.name }</h2>
                <span class={classes!("pill", class)}>{ pill }</span>
            </div>
            if let Some(list) = &r.list {
                <p class="note">{ html_tr(M::RekorFor, &[("list", html! { <code>{ list }</code> })]) }</p>
            }
            { failure_line(r.error.as_ref().map(core_messages::file_error), (!r.ok).then(|| check_messages::first_failure(&r.checks)).flatten()) }
            if r.ok && !r.time_signed && !r.says.iter().any(|m| matches!(m, CheckMsg::TimeProvenByTsa { .. })) {
                <p class="note" data-testid="rekor-unsigned-time">{ i18n::t(M::RekorUnsignedTime) }</p>
            }
            if !r.says.is_empty() {
                <ul class="notes" data-testid="rekor-says">
                    { for r.says.iter().map(|m| html! { <li>{ check_messages::message(m) }</li> }) }
                </ul>
            }
            if r.integrated_time.is_some() {
                <dl class="facts">
                    if r.time_signed || !r.ok {
                        { fact(i18n::t(M::FactIntegratedPublic), r.integrated_time.as_deref(), "integrated-time") }
                    } else {
                        { fact(i18n::t(M::FactIntegratedUnsigned), r.integrated_time.as_deref(), "integrated-time") }
                    }
                    { fact(i18n::t(M::FactLogIndex), r.log_index.map(|i| i.to_string()).as_deref(), "log-index") }
                </dl>
            }
            if !r.checks.is_empty() { { checks(&r.checks) } }
        </article>
    }
}

/// The anchors the verification used, as read by the verifier.
pub fn anchors_used(t: &TrustReport) -> Html {
    html! {
        <details class="stamp-details" data-testid="anchors-used">
            <summary>{ tr(M::AnchorsUsed, &[("n", &t.anchors.len()), ("files", &t.anchor_files.join(", "))]) }</summary>
            if let Some(e) = &t.anchors_error {
                <p class="callout bad" role="alert">{ e }</p>
            }
            <ul class="cert-chain">
                { for t.anchors.iter().map(|c| html! {
                    <li class="cert"><span class="cert-subject">{ &c.subject }</span><span class="cert-meta">{ "SHA-256 " }<code class="hash">{ &c.sha256 }</code></span></li>
                }) }
            </ul>
            if let Some(k) = &t.log_key_file {
                <p class="note">{ i18n::t(M::RekorLogKey) }<code>{ k }</code></p>
            }
        </details>
    }
}
