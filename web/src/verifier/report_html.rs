//! The verification report as a printable page: a self-contained HTML document (its own print
//! stylesheet, no script, nothing fetched) made from core's report document
//! (`verifier::report_document`): the verdict, the time of the verification and the sealbook
//! version, where the files came from, the trust anchors used, every file's SHA-256, the
//! problems found and every answer's verdict. The words are the page's language; the data
//! (names, hashes, times) as the files state them.

use crate::i18n::{t, tr, M};
use crate::verifier::answers_view::verdict_label;
use crate::verifier::report_view::level_text;
use crate::verifier::verdict_view::{answer_sentences, coverage, failure, title, unchecked};
use sealbook_core::verifier::overall::State;
use sealbook_core::verifier::report_document::{FileDigest, ReportDocument};
use std::fmt::Write;

/// `s` with `& < > " '` escaped for HTML text and attribute values (the proof page's rule).
pub use sealbook_core::league::proof_page::escape;

/// The page's own stylesheet: black on white, tables that wrap rather than run off the page.
const STYLE: &str = "body{font:11pt/1.4 system-ui,sans-serif;color:#000;background:#fff;margin:1.5em}\
h1{font-size:16pt;margin:0 0 .3em}h2{font-size:13pt;margin:1.2em 0 .4em;break-after:avoid}\
.verdict{border:2px solid #000;padding:.6em .8em;break-inside:avoid}.verdict p{margin:.25em 0}\
table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:9pt}\
th,td{border:1px solid #888;padding:2px 4px;text-align:start;vertical-align:top;overflow-wrap:anywhere}\
thead{display:table-header-group}tr{break-inside:avoid}code{font-size:8.5pt;overflow-wrap:anywhere}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}dt{font-weight:600}dd{margin:0}";

fn files_table(out: &mut String, files: &[FileDigest]) {
    let _ = write!(
        out,
        "<table data-testid=\"report-files\"><thead><tr><th style=\"width:40%\">{}</th><th style=\"width:12%\">{}</th><th>SHA-256</th></tr></thead><tbody>",
        escape(t(M::RptFile)),
        escape(t(M::RptBytes)),
    );
    for f in files {
        let _ = write!(
            out,
            "<tr><td dir=\"ltr\">{}</td><td>{}</td><td><code>{}</code></td></tr>",
            escape(&f.name),
            f.bytes,
            escape(&f.sha256)
        );
    }
    out.push_str("</tbody></table>");
}

/// The printable page of `doc`, in the page's language.
pub fn render(doc: &ReportDocument<'_>) -> String {
    let o = &doc.verdict;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html><html lang=\"{}\" dir=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>",
        crate::i18n::lang().code(),
        crate::i18n::lang().dir(),
        escape(t(M::RptTitle)),
    );
    let _ = write!(out, "<h1>{}</h1>", escape(t(M::RptTitle)));
    let state = match o.state {
        State::Failed => "failed",
        State::Unchecked => "unchecked",
        State::Passed => "passed",
    };
    let _ = write!(
        out,
        "<section class=\"verdict\" data-testid=\"report-verdict\" data-state=\"{state}\"><p><strong>{}</strong> · {}</p>",
        escape(title(o)),
        escape(level_text(o.level))
    );
    let mut lines: Vec<String> = o.failures.iter().map(failure).collect();
    lines.extend(o.unchecked.iter().map(unchecked));
    if let Some(a) = &o.answers {
        lines.extend(answer_sentences(a));
    }
    lines.extend(o.coverage.iter().map(coverage));
    for l in lines {
        let _ = write!(out, "<p>{}</p>", escape(&l));
    }
    out.push_str("</section>");
    let _ = write!(
        out,
        "<dl data-testid=\"report-about\"><dt>{}</dt><dd>{}</dd><dt>{}</dt><dd>{}</dd><dt>{}</dt><dd dir=\"ltr\">{}</dd><dt>{}</dt><dd>{}</dd></dl>",
        escape(t(M::RptVerifiedAt)),
        escape(&doc.verified_at),
        escape(t(M::RptVersion)),
        escape(doc.sealbook_version),
        escape(t(M::RptSource)),
        escape(doc.dir),
        escape(t(M::RptAllHold)),
        escape(t(if doc.ok { M::RptYes } else { M::RptNo })),
    );
    let _ = write!(out, "<h2>{}</h2>", escape(t(M::RptAnchors)));
    if doc.trust_anchors.is_empty() {
        let _ = write!(out, "<p>{}</p>", escape(t(M::RptNoAnchors)));
    } else {
        files_table(&mut out, &doc.trust_anchors);
    }
    if let Some(k) = doc.rekor_log_key {
        let _ = write!(
            out,
            "<p>{}<code>{}</code></p>",
            escape(t(M::RekorLogKey)),
            escape(k)
        );
    }
    if !doc.file_problems.is_empty() {
        let _ = write!(out, "<h2>{}</h2><ul>", escape(t(M::RptProblems)));
        for p in &doc.file_problems {
            let _ = write!(out, "<li>{}</li>", escape(p));
        }
        out.push_str("</ul>");
    }
    let _ = write!(
        out,
        "<h2>{}</h2>",
        escape(&tr(M::RptFiles, &[("n", &doc.files.len())]))
    );
    files_table(&mut out, &doc.files);
    if let Some(a) = doc.answers {
        let _ = write!(out, "<h2>{}</h2><ul>", escape(t(M::AnsTitle)));
        for r in &a.runs {
            let _ = write!(out, "<li>{}</li>", escape(&r.summary.to_string()));
        }
        out.push_str("</ul>");
        let _ = write!(
            out,
            "<table data-testid=\"report-answers\"><thead><tr><th style=\"width:6%\">{}</th><th style=\"width:14%\">{}</th><th style=\"width:12%\">{}</th><th style=\"width:10%\">{}</th><th style=\"width:17%\">{}</th><th style=\"width:17%\">{}</th><th>{}</th></tr></thead><tbody>",
            escape(t(M::ProblemsLine)),
            escape(t(M::ScRun)),
            escape(t(M::ExpSeat)),
            escape(t(M::AnsStatus)),
            escape(t(M::AnsSealed)),
            escape(t(M::AnsReference)),
            escape(t(M::AnsEvidence)),
        );
        for v in &a.answers {
            let by: Vec<String> = v.proven_by.iter().map(ToString::to_string).collect();
            let _ = write!(
                out,
                "<tr data-line=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}{}</td></tr>",
                v.line,
                v.line,
                escape(&v.run_id),
                escape(&v.seat),
                escape(crate::verifier::answers_view::status_label(&v.status)),
                escape(&v.sealed_at),
                escape(&v.reference_at),
                escape(verdict_label(v.verdict)),
                if by.is_empty() { String::new() } else { escape(&tr(M::AnsProvenBy, &[("by", &by.join(", "))])) },
            );
        }
        out.push_str("</tbody></table>");
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn text_from_the_files_cannot_become_markup() {
        assert_eq!(
            escape("<script>a&b</script>\"'"),
            "&lt;script&gt;a&amp;b&lt;/script&gt;&quot;&#39;"
        );
    }
}
