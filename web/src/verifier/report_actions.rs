//! Beside the verdict: keep the verification (core's report document as JSON, the one
//! `sealbook verify DIR --answers --json` prints, or as a printable page) and link to it (the
//! league's manifest URL in the address).

use crate::i18n::{t, M};
use crate::verifier::permalink::{self, CopyLink};
use yew::prelude::*;

/// The report's download names.
pub const JSON_FILE: &str = "sealbook-report.json";
pub const HTML_FILE: &str = "sealbook-report.html";

#[derive(Properties, PartialEq)]
pub struct ActionsProps {
    /// Asks for the report: `true` the printable page, `false` the JSON.
    pub on_download: Callback<bool>,
    /// The league's manifest URL, when the files came from one (else no link can reopen them).
    #[prop_or_default]
    pub manifest: Option<AttrValue>,
    /// Why the last download failed.
    #[prop_or_default]
    pub error: Option<AttrValue>,
}

#[function_component(ReportActions)]
pub fn report_actions(p: &ActionsProps) -> Html {
    let json = p.on_download.reform(|_: MouseEvent| false);
    let html_page = p.on_download.reform(|_: MouseEvent| true);
    let link = p.manifest.as_deref().and_then(permalink::verdict_link);
    html! {
        <div class="report-actions" data-testid="report-actions">
            <button type="button" class="button secondary" onclick={json} data-testid="download-report">{ t(M::RptDownloadJson) }</button>
            <button type="button" class="button secondary" onclick={html_page} data-testid="download-printable">{ t(M::RptDownloadHtml) }</button>
            if let Some(href) = link {
                <CopyLink href={href} label={t(M::RptCopyVerdictLink)} testid="copy-verdict-link" />
            }
            <p class="note">{ t(M::RptSameAsCli) }</p>
            if let Some(e) = &p.error {
                <p class="callout bad" role="alert" data-testid="report-error">{ e.clone() }</p>
            }
        </div>
    }
}
