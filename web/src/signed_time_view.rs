//! How RFC 3161 tokens and Sigstore Rekor entries are shown (spec §3.2 Level 2+, §3.11;
//! Appendix B steps 9-10): per token its genTime, authority, serial, policy, imprint and
//! signature algorithms, the chain built (leaf first, anchor last) and every check with its
//! result and reason; per Rekor entry its integratedTime, log index and checks; and the trust
//! anchors the verification used. Elements tests read carry `data-testid`.

use crate::verifier::{CheckRow, RekorResult, TokenResult, TrustReport};
use sealbook_core::checks::Status;
use sealbook_core::pki::x509::CertSummary;
use sealbook_core::tsp::response;
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
            <h3 class="subsection-title">{ "Checks made in this browser" }</h3>
            <ul class="signed-checks" data-testid="signed-checks">
                { for rows.iter().map(|c| {
                    let (word, class) = status_word(c.status);
                    html! {
                        <li class={classes!("signed-check", class)} data-testid="signed-check" data-id={c.id.clone()} data-status={word}>
                            <span class={classes!("check-status", class)}>{ word }</span>
                            <code class="check-id">{ &c.id }</code>
                            <span class="check-detail">{ &c.detail }</span>
                        </li>
                    }
                }) }
            </ul>
        </>
    }
}

fn fact(label: &str, value: Option<&str>, testid: &'static str) -> Html {
    html! {
        <div><dt>{ label }</dt><dd data-testid={testid}>{ value.unwrap_or("(none)") }</dd></div>
    }
}

fn chain(certs: &[CertSummary]) -> Html {
    if certs.is_empty() {
        return html! {};
    }
    let last = certs.len() - 1;
    html! {
        <>
            <h3 class="subsection-title">{ "Chain built" }</h3>
            <ol class="cert-chain" data-testid="token-chain">
                { for certs.iter().enumerate().map(|(i, c)| html! {
                    <li class="cert">
                        <span class="cert-role">{ if i == 0 { "signer" } else if i == last { "trust anchor" } else { "intermediate" } }</span>
                        <span class="cert-subject">{ &c.subject }</span>
                        <span class="cert-meta">{ format!("valid {} to {} · {} · SHA-256 ", c.not_before, c.not_after, c.key) }<code class="hash">{ &c.sha256 }</code></span>
                    </li>
                }) }
            </ol>
        </>
    }
}

/// The first failed check, named.
fn failure_line(error: Option<&str>, first: Option<String>) -> Html {
    let Some(why) = error.map(str::to_string).or(first) else {
        return html! {};
    };
    html! { <p class="callout bad" data-testid="signed-error">{ why }</p> }
}

pub fn token(t: &TokenResult) -> Html {
    let (pill, class) = match (t.ok, t.ok_now) {
        (true, Some(false)) => ("Verified at genTime (not now)", "ok"),
        (true, _) => ("Verified", "ok"),
        (false, _) => ("Failed", "bad"),
    };
    // What the two chain checks found (core's ids `chain_at_gen_time` and `chain_now`).
    let chain_check = |id: &str| {
        t.checks
            .iter()
            .find(|c| c.id == id)
            .map(|c| match c.status {
                Status::Pass => "valid".to_string(),
                Status::Fail => format!("not valid: {}", c.detail),
                Status::Warn | Status::Skip => c.detail.clone(),
            })
    };
    let at_gen_time = chain_check(response::check::CHAIN_AT_GEN_TIME);
    let now = chain_check(response::check::CHAIN_NOW).map(|n| match (t.ok, t.ok_now) {
        (true, Some(false)) => format!(
            "{n} (the token still proves the time: RFC 3161 App. B checks the chain at genTime)"
        ),
        _ => n,
    });
    html! {
        <article class={classes!("card", "proof", class)} data-testid="token" data-name={t.name.clone()} data-ok={t.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &t.name }</h2>
                <span class={classes!("pill", class)}>{ pill }</span>
            </div>
            if let Some(list) = &t.list {
                <p class="note">{ "RFC 3161 timestamp on " }<code>{ list }</code></p>
            }
            if let Some(m) = &t.missing_signer {
                <p class="callout bad" data-testid="missing-signer">{ format!("Signer certificate not supplied: the token embeds no certificates, so its signature cannot be checked. Drop the certificate with {m} (and its intermediate) as a .pem file beside the token.") }</p>
            }
            { failure_line(t.error.as_deref(), (!t.ok).then(|| t.first_failure()).flatten()) }
            if t.gen_time.is_some() {
                <dl class="facts">
                    { fact("genTime", t.gen_time.as_deref(), "gen-time") }
                    { fact("Authority", t.authority.as_deref(), "authority") }
                    { fact("Serial", t.serial.as_deref(), "serial") }
                    { fact("Policy", t.policy.as_deref(), "policy") }
                    { fact("Imprint algorithm", t.imprint_algorithm.as_deref(), "imprint-alg") }
                    { fact("Signature algorithm", t.signature_algorithm.as_deref(), "signature-alg") }
                    { fact("Chain at genTime (the verdict)", at_gen_time.as_deref(), "at-gen-time") }
                    { fact("Chain now", now.as_deref(), "now") }
                </dl>
            }
            { chain(&t.chain) }
            if !t.checks.is_empty() { { checks(&t.checks) } }
        </article>
    }
}

pub fn rekor_entry(r: &RekorResult) -> Html {
    let (pill, class) = if r.ok {
        ("Included in the log", "ok")
    } else {
        ("Failed", "bad")
    };
    html! {
        <article class={classes!("card", "proof", class)} data-testid="rekor" data-name={r.name.clone()} data-ok={r.ok.to_string()}>
            <div class="card-head">
                <h2 class="section-title file-title">{ &r.name }</h2>
                <span class={classes!("pill", class)}>{ pill }</span>
            </div>
            if let Some(list) = &r.list {
                <p class="note">{ "Sigstore Rekor entry for " }<code>{ list }</code></p>
            }
            { failure_line(r.error.as_deref(), (!r.ok).then(|| r.first_failure()).flatten()) }
            if r.ok && !r.time_signed {
                <p class="note" data-testid="rekor-unsigned-time">{ "In the log: the inclusion proof and the signed checkpoint verify. The entry has no signed entry timestamp, so its integratedTime is unsigned and no time is established from it." }</p>
            }
            if r.integrated_time.is_some() {
                <dl class="facts">
                    if r.time_signed || !r.ok {
                        { fact("integratedTime (public from)", r.integrated_time.as_deref(), "integrated-time") }
                    } else {
                        { fact("integratedTime (unsigned, no time established)", r.integrated_time.as_deref(), "integrated-time") }
                    }
                    { fact("Log index", r.log_index.map(|i| i.to_string()).as_deref(), "log-index") }
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
            <summary>{ format!("Trust anchors used: {} from {}", t.anchors.len(), t.anchor_files.join(", ")) }</summary>
            if let Some(e) = &t.anchors_error {
                <p class="callout bad" role="alert">{ e }</p>
            }
            <ul class="cert-chain">
                { for t.anchors.iter().map(|c| html! {
                    <li class="cert"><span class="cert-subject">{ &c.subject }</span><span class="cert-meta">{ "SHA-256 " }<code class="hash">{ &c.sha256 }</code></span></li>
                }) }
            </ul>
            if let Some(k) = &t.log_key_file {
                <p class="note">{ "Rekor log key: " }<code>{ k }</code></p>
            }
        </details>
    }
}
