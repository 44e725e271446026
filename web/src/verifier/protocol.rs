//! Messages between the page and its verifier worker.
//!
//! Page to worker: a plain JS object `{job, books: [{file, name}], lists: [{file, name}],
//! proofs: [{file, name}], headers: "<hex headers, one per line>", tokens: [{file, name}],
//! rekor: [{file, name}], certs: [{file, name, anchor}], anchors: [{file, name}],
//! log_key: [{file, name}], ask_texts: [{file, name}], now: <Date.now()>, threads:
//! <navigator.hardwareConcurrency>, lang: "en" | "zh" | "ar"}` (`anchors` and `log_key` are
//! the shipped bundle's files, fetched once with the first files, or the reader's own; `file` may be any
//! Blob; `lang` is the page's language, [`crate::module_worker::LANG`], in which the worker
//! words its errors and the answers report's sentences) (File objects are structured-cloned, so the worker reads them itself,
//! chunk by chunk; `name` is the label the page shows, the path inside a chosen folder when
//! there is one). Worker to page: one [`FromWorker`] serialized as a JSON string.

use crate::i18n::{tr, M};
use sealbook_core::ots::bitcoin::HeaderAnalysis;
use sealbook_core::verifier::overall::Overall;
use sealbook_core::verifier::timeline::Timeline;
use sealbook_core::verifier::VerifierReport;
use serde::{Deserialize, Serialize};

/// Property names of the page-to-worker job object.
pub const JOB: &str = "job";
pub const BOOKS: &str = "books";
pub const LISTS: &str = "lists";
pub const PROOFS: &str = "proofs";
/// The block headers the reader pasted or fetched (text).
pub const HEADERS: &str = "headers";
pub const TOKENS: &str = "tokens";
pub const REKOR: &str = "rekor";
pub const CERTS: &str = "certs";
/// On a `certs` item: the reader marked this certificate as a trust anchor.
pub const ANCHOR: &str = "anchor";
pub const ANCHORS: &str = "anchors";
pub const LOG_KEY: &str = "log_key";
/// The ask texts (`asks/<sha256>.md`, Appendix B step 5).
pub const ASK_TEXTS: &str = "ask_texts";
/// The climatology table (`council-clim-window.json`, spec §4.3), held to the hash the
/// declaration sealed.
pub const CLIMATOLOGY: &str = "climatology";
/// The cores the page reports (`navigator.hardwareConcurrency`): how many workers may share
/// a large book's chain verification.
pub const THREADS: &str = "threads";
/// The page's clock (`Date.now()`, milliseconds): the "now" certificate chains are also checked at.
pub const NOW: &str = "now";
/// A request of its own (no `job`): Bitcoin header files dropped as files (`.bin`, 80 bytes),
/// `[{file, name}]`, analysed as one run in the worker, which answers [`FromWorker::HeaderRun`].
pub const HEADER_FILES: &str = "header_files";
/// A request of its own (no `job`): the report document of the finished job it names, read
/// from `source` (the manifest URL, or the dropped files); the worker answers
/// [`FromWorker::Document`].
pub const REPORT_DOCUMENT: &str = "report_document";
pub const SOURCE: &str = "source";
/// On a `report_document` request: the printable page rather than the JSON.
pub const PRINTABLE: &str = "printable";
pub const FILE: &str = "file";
pub const NAME: &str = "name";

// Externally tagged (`{"done": {...}}`), not `tag = "type"`: an internally tagged enum is read
// through serde's buffered `Content`, which doubled the page's code for every type a message
// holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker has loaded its wasm and listens for jobs.
    Ready,
    /// Bytes of books read so far in job `job`, over all its books.
    Progress {
        job: u32,
        book: String,
        done: u64,
        total: u64,
        lines: u64,
    },
    /// The report, and the verdict core computed from it before its sentences were worded.
    Done {
        job: u32,
        report: Box<VerifierReport>,
        overall: Box<Overall>,
        /// Each session day's marks on one axis, computed beside the verdict.
        #[serde(default)]
        timeline: Box<Timeline>,
    },
    /// A file could not be read at all.
    Failed { job: u32, message: String },
    /// The run of the dropped header files (core's `verifier::header_files`): their names in
    /// reading order and the analysis, or why they could not be analysed (in the page's
    /// language).
    HeaderRun {
        result: Result<(Vec<String>, HeaderAnalysis), String>,
    },
    /// The report document of job `job` (core's `verifier::report_document`, the JSON
    /// `sealbook verify DIR --answers --json` prints), or why there is none.
    Document {
        job: u32,
        /// The printable page (HTML) rather than the JSON.
        printable: bool,
        result: Result<String, String>,
    },
    /// The worker's wasm panicked (a bug); the worker must not be used again.
    Crashed { message: String },
}

impl FromWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("FromWorker always serializes")
    }

    pub fn from_json(text: &str) -> Result<FromWorker, String> {
        serde_json::from_str(text).map_err(|e| tr(M::WeFromVerifierUnreadable, &[("detail", &e)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message the page cannot read is said in the page's language, with serde's words.
    #[test]
    fn an_unreadable_message_is_said_in_the_pages_language() {
        use crate::i18n::{self, Lang};
        i18n::set(Lang::En);
        let en = FromWorker::from_json("{\"nonsense\": {}}").unwrap_err();
        assert!(
            en.starts_with("unreadable message from the verifier: unknown variant `nonsense`"),
            "{en}"
        );
        i18n::set(Lang::Zh);
        let zh = FromWorker::from_json("{\"nonsense\": {}}").unwrap_err();
        assert!(
            zh.starts_with("来自验证器的消息无法读取：unknown variant `nonsense`"),
            "{zh}"
        );
        #[cfg(any(feature = "scores", feature = "accounts"))]
        {
            let page = crate::job_loop::FromWorker::<u32>::from_json("[").unwrap_err();
            assert!(page.starts_with("来自工作线程的消息无法读取："), "{page}");
        }
        i18n::set(Lang::En);
    }
    use sealbook_core::verifier::{HeadersInput, ListInput, ProofResult, ProofState};

    /// A report with a verified OpenTimestamps proof survives the trip from the worker.
    #[test]
    fn a_proof_report_crosses_from_the_worker() {
        let vectors =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vectors/ots");
        let read =
            |rel: &str| std::fs::read(vectors.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let examples = "opentimestamps-client/examples/";
        let headers = HeadersInput::parse(
            std::str::from_utf8(&read("headers/block_358391.header.hex")).unwrap(),
        );
        let files = [ListInput::parse(
            "hello-world.txt",
            &read(&format!("{examples}hello-world.txt")),
        )];
        let proof = ProofResult::check(
            "hello-world.txt.ots",
            &read(&format!("{examples}hello-world.txt.ots")),
            &files,
            &headers,
        );
        assert_eq!(proof.state(), ProofState::Verified);
        let report = VerifierReport {
            books: vec![],
            lists: vec![(&files[0]).into()],
            unmatched: vec![],
            proofs: vec![proof],
            headers,
            tokens: vec![],
            rekor: vec![],
            trust: Default::default(),
            unchecked_lists: vec![],
            answers: None,
            answers_error: None,
            ask_texts: None,
            climatology: None,
        };
        let overall = sealbook_core::verifier::overall::Overall::of(&report);
        let msg = FromWorker::Done {
            job: 3,
            report: Box::new(report),
            overall: Box::new(overall.clone()),
            timeline: Box::default(),
        };
        let back = FromWorker::from_json(&msg.to_json()).unwrap();
        let FromWorker::Done {
            report,
            overall: back_overall,
            ..
        } = &back
        else {
            panic!("{back:?}")
        };
        assert_eq!(**back_overall, overall, "the verdict crosses as computed");
        assert_eq!(report.proofs[0].state(), ProofState::Verified);
        assert_eq!(report.headers.count, 1);
        assert_eq!(report.level(), sealbook_core::verifier::TrustLevel::Level2);
    }
}
