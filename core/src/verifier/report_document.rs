//! The verification report a reader keeps (spec Appendix B; §3.3, §3.11 P1b): one document,
//! the same from `sealbook verify DIR --answers --json` and from the verifier page's "Download
//! report", built here from the typed [`VerifierReport`] with its answers attached. It carries
//! whether everything holds, the trust-ladder level, the reader's verdict ([`Overall`]), every
//! answer's and cell's verdict, the ask texts, the problems found in the files, every file's
//! SHA-256, the trust anchors used, the time of the verification and the sealbook version.
//!
//! Core reads no clock: the caller gives the time of the verification, and the files' digests
//! as it read them ([`FileDigest::of`]).

use super::answers::AnswersError;
use super::answers::AnswersReport;
use super::ask_texts::{AskTextsEnglish, AskTextsReport};
use super::kinds::ListError;
use super::league_check::LeagueCheck;
use super::overall::{Overall, State};
use super::report::VerifierReport;
use super::results::{CheckRow, FileError, ProofState};
use super::stamp_plan::UncheckedWhy;
use crate::checks::Status;
use crate::ots::attestation::Attestation;
use crate::prices::rfc3339;
use crate::records::names::CLIM_FILE;
use crate::score::baselines::ClimSeal;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The sealbook version that made the document (the crates share one version).
pub const SEALBOOK_VERSION: &str = env!("CARGO_PKG_VERSION");

/// One file read for the verification: its name as shown (its path inside the league), its
/// size and its SHA-256 (lowercase hex).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FileDigest {
    pub name: String,
    pub bytes: u64,
    pub sha256: String,
}

impl FileDigest {
    /// The digest of `bytes` read whole as `name`.
    pub fn of(name: &str, bytes: &[u8]) -> FileDigest {
        FileDigest {
            name: name.to_string(),
            bytes: bytes.len() as u64,
            sha256: crate::hex::sha256_hex(bytes),
        }
    }
}

/// What the document says besides the report: where the files came from, when they were
/// verified, and what was read.
#[derive(Clone, Debug, Default)]
pub struct ReportContext {
    /// Where the files were read: the CLI's directory, the page's manifest URL, or the
    /// dropped files' folder.
    pub source: String,
    /// The time of the verification (seconds since the epoch, UTC).
    pub verified_at: i64,
    /// Every file read (books, lists, proofs, tokens, entries, certificates, ask texts).
    pub files: Vec<FileDigest>,
    /// The trust anchors the tokens were checked against: files given as roots, and dropped
    /// certificates the reader chose as roots.
    pub trust_anchors: Vec<FileDigest>,
}

/// The document (serialized as it is written: `sealbook verify DIR --answers --json`).
#[derive(Serialize)]
pub struct ReportDocument<'a> {
    /// Every check holds: the answers' verdicts rest on a chain that holds, the counting rule
    /// explains every run, every ask text hashes to its name, and no file problem (the CLI's
    /// exit code 0).
    pub ok: bool,
    /// [`ReportContext::source`].
    pub dir: &'a str,
    /// The trust-ladder rung the files reach as a whole.
    pub level: &'static str,
    #[serde(flatten)]
    pub answers: Option<&'a AnswersReport>,
    pub ask_texts: AskTextsEnglish<'a>,
    /// `council-clim-window.json` held to the content hash the declaration sealed (spec §4.3;
    /// [`VerifierReport::climatology`]); null when no declaration seals a table. A failure is
    /// also among `file_problems`.
    pub climatology: Option<&'a ClimSeal>,
    /// Checks of the files that failed or could not be performed.
    pub file_problems: Vec<String>,
    /// The reader's verdict: failed, unchecked or passed, where, at which level, by whom.
    pub verdict: Overall,
    /// RFC 3339, UTC.
    pub verified_at: String,
    pub sealbook_version: &'static str,
    pub files: Vec<FileDigest>,
    pub trust_anchors: Vec<FileDigest>,
    /// The Rekor log key the entries were checked against, by name.
    pub rekor_log_key: Option<&'a str>,
    /// `sealbook verify DIR`: the manifest, the replay and the recounts of the league's
    /// published figures ([`LeagueCheck`]); absent from the answers' document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub league: Option<&'a LeagueCheck>,
}

/// The ask texts report when none were given.
static NO_ASK_TEXTS: std::sync::OnceLock<AskTextsReport> = std::sync::OnceLock::new();

impl<'a> ReportDocument<'a> {
    /// The document of `report` (its answers and ask texts attached) in `context`.
    pub fn of(report: &'a VerifierReport, context: &'a ReportContext) -> ReportDocument<'a> {
        let texts = report
            .ask_texts
            .as_ref()
            .unwrap_or_else(|| NO_ASK_TEXTS.get_or_init(AskTextsReport::default));
        let file_problems = file_problems(report);
        let ok = report.answers.as_ref().is_some_and(AnswersReport::ok)
            && texts.ok()
            && file_problems.is_empty();
        let mut files = context.files.clone();
        files.sort();
        ReportDocument {
            ok,
            dir: &context.source,
            level: report.level().label(),
            answers: report.answers.as_ref(),
            ask_texts: texts.english(),
            climatology: report.climatology.as_ref(),
            file_problems,
            verdict: Overall::of(report),
            verified_at: rfc3339(context.verified_at),
            sealbook_version: SEALBOOK_VERSION,
            files,
            trust_anchors: context.trust_anchors.clone(),
            rekor_log_key: report.trust.log_key_file.as_deref(),
            league: None,
        }
    }

    /// The document of a whole league (`sealbook verify DIR --json`): the session's document
    /// with the league's checks, `ok` only when the league's one verdict passed, and that
    /// verdict's state.
    pub fn of_league(
        report: &'a VerifierReport,
        context: &'a ReportContext,
        league: &'a LeagueCheck,
    ) -> ReportDocument<'a> {
        let mut doc = ReportDocument::of(report, context);
        doc.verdict.state = match league.state(&doc.verdict) {
            // A check of the answers' document that failed (a run the declaration does not
            // explain) fails the league.
            State::Passed if !doc.ok => State::Failed,
            state => state,
        };
        doc.ok = doc.verdict.state == State::Passed;
        doc.league = Some(league);
        doc
    }

    /// The document as JSON, one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("the report document serializes")
    }
}

/// A check of the files that failed or could not be performed, naming its file and, where a
/// command-line option would check it, the option; its `Display` is the English sentence the
/// document carries, and a page words it in the reader's language from its fields.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FileProblem<'a> {
    /// An OpenTimestamps proof that failed: its error, else refuted by the supplied headers.
    ProofFailed {
        name: &'a str,
        error: Option<&'a FileError>,
    },
    /// An OpenTimestamps proof whose Bitcoin attestation could not be checked: no block
    /// headers were given (`--headers`).
    ProofNoHeaders { name: &'a str },
    /// A token, entry or list that could not be read or checked, as its error says.
    Error(&'a FileError),
    /// A token whose chain was not checked against a trust anchor the reader chose (`--ca`):
    /// the check that failed.
    TokenNoRoots { name: &'a str, check: &'a CheckRow },
    /// A token or Rekor entry: the check that failed.
    CheckFailed { name: &'a str, check: &'a CheckRow },
    /// A token or Rekor entry that did not verify, no check named.
    DidNotVerify { name: &'a str },
    /// A Rekor entry that could not be checked, no log key given (`--rekor-key`).
    RekorNoKey(&'a FileError),
    /// A book (not the council's) whose chain does not hold.
    ChainBroken { name: &'a str },
    /// A stamped list that checks nothing, and why.
    ChecksNothing {
        list: &'a str,
        reason: &'a UncheckedWhy,
    },
    /// A stamped list that could not be read.
    List(&'a ListError),
    /// The answers could not be judged.
    Answers(&'a AnswersError),
    /// `council-clim-window.json` is not the table the declaration sealed (missing,
    /// unreadable or different; spec §4.3).
    Climatology(&'a ClimSeal),
}

impl fmt::Display for FileProblem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let check = |c: &CheckRow| format!("{}: {}", c.id, c.msg);
        match self {
            FileProblem::ProofFailed { name, error: None } => {
                write!(f, "{name}: refuted by the supplied headers")
            }
            FileProblem::ProofFailed {
                name,
                error: Some(e),
            } => write!(f, "{name}: {e}"),
            FileProblem::ProofNoHeaders { name } => write!(
                f,
                "{name}: its Bitcoin attestation could not be checked: give the block headers with --headers"
            ),
            FileProblem::Error(e) => write!(f, "{e}"),
            FileProblem::TokenNoRoots { name, check: c } => write!(
                f,
                "{name}: not checked against a trust anchor you chose ({}): give the roots with --ca",
                check(c)
            ),
            FileProblem::CheckFailed { name, check: c } => write!(f, "{name}: {}", check(c)),
            FileProblem::DidNotVerify { name } => write!(f, "{name}: did not verify"),
            FileProblem::RekorNoKey(e) => {
                write!(f, "{e}: give the log's public key with --rekor-key")
            }
            FileProblem::ChainBroken { name } => write!(f, "{name}: the chain does not hold"),
            FileProblem::ChecksNothing { list, reason } => {
                write!(f, "{list}: checks nothing: {reason}")
            }
            FileProblem::List(e) => write!(f, "{e}"),
            FileProblem::Answers(e) => write!(f, "{e}"),
            FileProblem::Climatology(c) => match clim_failure(c) {
                Some(why) => f.write_str(&why),
                None => write!(f, "{CLIM_FILE}: held"),
            },
        }
    }
}

/// Checks of the files that failed or could not be performed, in English (the document's
/// `file_problems`): [`problems`] as sentences.
pub fn file_problems(report: &VerifierReport) -> Vec<String> {
    problems(report).iter().map(ToString::to_string).collect()
}

/// Checks of the files that failed or could not be performed: a refuted or unchecked
/// OpenTimestamps proof, a token or Rekor entry that did not verify, a book whose chain does
/// not hold (the council's own is in the answers' problems), a list that checks nothing or
/// cannot be read, the answers that could not be judged, a climatology table that is not the
/// one sealed.
pub fn problems(report: &VerifierReport) -> Vec<FileProblem<'_>> {
    let mut problems = Vec::new();
    for p in &report.proofs {
        let bitcoin = p
            .attestations
            .iter()
            .any(|a| matches!(a.attestation, Attestation::Bitcoin { .. }));
        match p.state() {
            ProofState::Failed => problems.push(FileProblem::ProofFailed {
                name: &p.name,
                error: p.error.as_ref(),
            }),
            ProofState::Open if bitcoin => {
                problems.push(FileProblem::ProofNoHeaders { name: &p.name });
            }
            _ => {}
        }
    }
    let no_roots = report.trust.anchor_files.is_empty();
    for t in report.tokens.iter().filter(|t| !t.ok) {
        problems.push(match (&t.error, first_failed(&t.checks)) {
            (Some(e), _) => FileProblem::Error(e),
            (None, Some(c)) if no_roots => FileProblem::TokenNoRoots {
                name: &t.name,
                check: c,
            },
            (None, Some(c)) => FileProblem::CheckFailed {
                name: &t.name,
                check: c,
            },
            (None, None) => FileProblem::DidNotVerify { name: &t.name },
        });
    }
    let no_log_key = report.trust.log_key_file.is_none();
    for r in report.rekor.iter().filter(|r| !r.ok) {
        problems.push(match (&r.error, first_failed(&r.checks)) {
            (Some(e), _) if no_log_key => FileProblem::RekorNoKey(e),
            (Some(e), _) => FileProblem::Error(e),
            (None, Some(c)) => FileProblem::CheckFailed {
                name: &r.name,
                check: c,
            },
            (None, None) => FileProblem::DidNotVerify { name: &r.name },
        });
    }
    // The council book's chain is among the answers' problems.
    let council = report.answers.as_ref().map(|a| a.book.as_str());
    for b in report
        .books
        .iter()
        .filter(|b| !b.report.ok && Some(b.name.as_str()) != council)
    {
        problems.push(FileProblem::ChainBroken { name: &b.name });
    }
    for u in &report.unchecked_lists {
        problems.push(FileProblem::ChecksNothing {
            list: &u.list,
            reason: &u.reason,
        });
    }
    for e in report.lists.iter().filter_map(|l| l.error.as_ref()) {
        problems.push(FileProblem::List(e));
    }
    if let Some(e) = &report.answers_error {
        problems.push(FileProblem::Answers(e));
    }
    if let Some(c) = report.climatology.as_ref().filter(|c| c.failed()) {
        problems.push(FileProblem::Climatology(c));
    }
    problems
}

/// The climatology check's failure in English, naming the file and the field.
fn clim_failure(c: &ClimSeal) -> Option<String> {
    c.failure(CLIM_FILE)
}

/// The first check of `checks` that failed.
fn first_failed(checks: &[CheckRow]) -> Option<&CheckRow> {
    checks.iter().find(|c| c.status == Status::Fail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::answers::AnswersError;
    use crate::verifier::stamp_plan::StampOutcome;

    fn empty_report() -> VerifierReport {
        VerifierReport::new(
            StampOutcome {
                books: Vec::new(),
                unmatched: Vec::new(),
                unchecked: Vec::new(),
            },
            &[],
        )
    }

    #[test]
    fn a_file_digest_is_its_size_and_sha256() {
        let d = FileDigest::of("DEMO.txt", b"abc");
        assert_eq!(d.bytes, 3);
        assert_eq!(
            d.sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    /// Without the answers judged the document does not say everything holds, and says why;
    /// the files are listed in name order whatever order they were read in.
    #[test]
    fn no_answers_is_not_ok_and_the_files_are_in_name_order() {
        let mut report = empty_report();
        report.answers_error = Some(AnswersError::TooLarge {
            name: "council-book.jsonl".into(),
        });
        let context = ReportContext {
            source: "https://example.org/league/manifest.json".into(),
            verified_at: 1_796_000_000,
            files: vec![
                FileDigest::of("proof/b.txt", b"b"),
                FileDigest::of("asks.jsonl", b"a"),
            ],
            trust_anchors: Vec::new(),
        };
        let doc = ReportDocument::of(&report, &context);
        assert!(!doc.ok);
        assert_eq!(doc.file_problems.len(), 1);
        assert!(
            doc.file_problems[0].contains("council-book.jsonl"),
            "{:?}",
            doc.file_problems
        );
        let names: Vec<&str> = doc.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["asks.jsonl", "proof/b.txt"]);
        assert_eq!(doc.verified_at, "2026-11-30T00:53:20Z");
        let json: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
        assert_eq!(json["sealbook_version"], SEALBOOK_VERSION);
        assert_eq!(json["dir"], "https://example.org/league/manifest.json");
        assert_eq!(json["verdict"]["state"], "unchecked");
        // No answers: none of the answers' fields, rather than empty ones that look judged.
        assert!(
            json.get("answers").is_none() && json.get("runs").is_none(),
            "{json}"
        );
    }
}
