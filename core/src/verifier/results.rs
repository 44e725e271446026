//! Each dropped file's result: a book's chain and stamps, a list, an OpenTimestamps proof
//! (Appendix B step 6; §3.11 P1a), an RFC 3161 token (§3.2 Level 2+) and a Rekor entry
//! (Appendix B step 10).

use super::kinds::{BookRead, ListError, ListInput};
use super::pairing::{pair_proof, pair_rekor_entry, pair_token};
use super::stamp_plan::StampResult;
use super::trust::TrustInput;
use super::MAX_HEADERS_TEXT_BYTES;
use crate::book::chain::ChainReport;
use crate::checks::{Check, CheckMsg, Status};
use crate::ots::bitcoin::{analyze_headers, parse_labelled, HeaderAnalysis, LabelledHeader};
use crate::ots::evaluate::{
    attestations, info_text, AttestationPath, EvalError, MAX_LISTING_BYTES,
};
use crate::ots::messages::{HeadersTextError, LevelMsg};
use crate::ots::report::{check_proof, stamped_file_name, ProofReport};
use crate::ots::DetachedTimestampFile;
use crate::pki::x509::CertSummary;
use crate::rekor;
use crate::tsp::response::{self as tsp, NamedBytes};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a dropped `.ots` proof, RFC 3161 token or Rekor entry could not be checked, naming the
/// file (spec §3.2 Level 2+, §3.11 P1a; Appendix B steps 6 and 10). `Display` is the CLI's
/// English; the page renders each variant in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum FileError {
    /// A token, entry or certificate over the size read whole.
    TooLarge { name: String, size: u64, limit: u64 },
    /// A proof over the size read.
    ProofTooLarge { name: String, size: u64, limit: u64 },
    /// The bytes are not an OpenTimestamps proof; `detail` is the parser's own words.
    ProofUnreadable { name: String, detail: String },
    /// The proof's operations could not be evaluated; `detail` is the evaluator's own words.
    ProofOperation { name: String, detail: String },
    /// The proof's listing would exceed `max` bytes.
    ProofListingTooLarge { name: String, max: u64 },
    /// The list the proof stamps (`stamped`, from its name) was not dropped.
    StampedNotDropped { name: String, stamped: String },
    /// The list the proof stamps was dropped but could not be read.
    StampedUnreadable { name: String, stamped: String },
    /// The proof's file-hash operation cannot hash a file.
    NoFileHash { name: String },
    /// The list the token covers was not dropped.
    TokenListNotDropped { name: String },
    /// The list the token covers was dropped but could not be read.
    TokenListUnreadable { name: String, list: String },
    /// The list the Rekor entry covers was not dropped.
    EntryListNotDropped { name: String },
    /// The entry's list could not be read, or no log key was given.
    EntryListOrKeyMissing { name: String },
    /// The token or entry parser's own sentence, which names the file.
    Parser { detail: String },
}

impl FileError {
    /// An evaluation error of proof `name`.
    fn eval(name: &str, e: EvalError) -> FileError {
        match e {
            EvalError::TooLarge => FileError::ProofListingTooLarge {
                name: name.to_string(),
                max: MAX_LISTING_BYTES as u64,
            },
            EvalError::Op(e) => FileError::ProofOperation {
                name: name.to_string(),
                detail: e.to_string(),
            },
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::TooLarge { name, size, limit } => {
                write!(f, "{name}: {size} bytes is too large (limit {limit})")
            }
            FileError::ProofTooLarge { name, size, limit } => write!(
                f,
                "{name}: {size} bytes is too large for an OpenTimestamps proof (limit {limit})"
            ),
            FileError::ProofUnreadable { name, detail } => {
                write!(f, "{name}: not a readable OpenTimestamps proof: {detail}")
            }
            FileError::ProofOperation { name, detail } => write!(f, "{name}: {detail}"),
            FileError::ProofListingTooLarge { name, max } => {
                write!(f, "{name}: the proof's listing would exceed {max} bytes")
            }
            FileError::StampedNotDropped { name, stamped } => write!(
                f,
                "{name}: the file it stamps ({stamped}) is not among the dropped stamped lists (.txt); add it to check the proof"
            ),
            FileError::StampedUnreadable { name, stamped } => {
                write!(f, "{name}: its stamped file {stamped} could not be read")
            }
            FileError::NoFileHash { name } => {
                write!(f, "{name}: its file-hash operation cannot hash a file")
            }
            FileError::TokenListNotDropped { name } => write!(
                f,
                "{name}: the stamped list it covers is not among the dropped files; add it to check the token"
            ),
            FileError::TokenListUnreadable { name, list } => {
                write!(f, "{name}: its stamped list {list} could not be read")
            }
            FileError::EntryListNotDropped { name } => write!(
                f,
                "{name}: the stamped list it covers is not among the dropped files; add it to check the entry"
            ),
            FileError::EntryListOrKeyMissing { name } => write!(
                f,
                "{name}: its list could not be read or no Rekor log key was given"
            ),
            FileError::Parser { detail } => f.write_str(detail),
        }
    }
}

/// One book's result: its chain, the stamp entries checked against it, and the lines no
/// stamp that checks out covers (spec §3.2: they rest on the operator's word alone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookResult {
    pub name: String,
    pub report: ChainReport,
    pub stamps: Vec<StampResult>,
    /// The first line after the longest prefix a matching stamp covers; `None` when every
    /// complete line is covered (or there is none).
    #[serde(default)]
    pub unanchored_from: Option<u64>,
    /// How many complete lines that is.
    #[serde(default)]
    pub unanchored_lines: u64,
}

impl BookResult {
    /// The result of book `name` as read, with its stamp checks.
    pub fn new(name: String, read: BookRead, stamps: Vec<StampResult>) -> BookResult {
        let covered = stamps
            .iter()
            .filter(|s| s.ok())
            .map(|s| s.check.lines)
            .max()
            .unwrap_or(0);
        let lines = read.report.lines;
        BookResult {
            name,
            unanchored_from: (lines > covered).then_some(covered + 1),
            unanchored_lines: lines.saturating_sub(covered),
            report: read.report,
            stamps,
        }
    }
}

/// One `.txt` file's result: how many entries it has, or why it was unusable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListResult {
    pub name: String,
    pub entries: usize,
    pub error: Option<ListError>,
    /// Not a stamped list (no entry line); not an error.
    pub not_a_list: bool,
}

impl From<&ListInput> for ListResult {
    fn from(l: &ListInput) -> ListResult {
        let (entries, error) = match &l.parsed {
            Ok(p) => (p.entries.len(), None),
            Err(_) if l.not_a_list => (0, None),
            Err(e) => (0, Some(e.clone())),
        };
        ListResult {
            name: l.name.clone(),
            entries,
            error,
            not_a_list: l.not_a_list,
        }
    }
}

/// Block headers pasted or fetched by the reader, parsed for the proofs. As JSON, `error` is
/// the English sentence and `msg` its id with its arguments, which is what is read back; the
/// parsed headers stay behind.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(from = "HeadersInputWire")]
pub struct HeadersInput {
    /// How many headers were read (0 when none were given or they could not be read).
    pub count: usize,
    /// Why the text could not be read as headers (`header N: ...`, counted from 1).
    pub error: Option<HeadersTextError>,
    /// The headers, each with the height its `HEIGHT HEX` line gave.
    pub headers: Vec<LabelledHeader>,
    /// The headers as a set: runs, total work, median time past, retargets, forks.
    pub analysis: Option<HeaderAnalysis>,
}

#[derive(Deserialize)]
struct HeadersInputWire {
    count: usize,
    #[serde(default)]
    analysis: Option<HeaderAnalysis>,
    #[serde(default)]
    msg: Option<HeadersTextError>,
}

impl From<HeadersInputWire> for HeadersInput {
    fn from(w: HeadersInputWire) -> Self {
        HeadersInput {
            count: w.count,
            error: w.msg,
            headers: Vec::new(),
            analysis: w.analysis,
        }
    }
}

impl Serialize for HeadersInput {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            count: usize,
            error: Option<String>,
            analysis: &'a Option<HeaderAnalysis>,
            msg: &'a Option<HeadersTextError>,
        }
        Out {
            count: self.count,
            error: self.error.as_ref().map(ToString::to_string),
            analysis: &self.analysis,
            msg: &self.error,
        }
        .serialize(s)
    }
}

impl HeadersInput {
    /// Reads 80-byte headers as hex, one per line, or `HEIGHT HEX` lines naming heights
    /// (blank text: no headers), and analyses them as a set.
    pub fn parse(text: &str) -> HeadersInput {
        if text.len() > MAX_HEADERS_TEXT_BYTES {
            let error = Some(HeadersTextError::TooLong {
                bytes: text.len(),
                max: MAX_HEADERS_TEXT_BYTES,
            });
            return HeadersInput {
                error,
                ..Default::default()
            };
        }
        if text.trim().is_empty() {
            return HeadersInput::default();
        }
        match parse_labelled(text.as_bytes()) {
            Ok(labelled) => HeadersInput {
                count: labelled.len(),
                error: None,
                analysis: analyze_headers(&labelled).ok(),
                headers: labelled,
            },
            Err(e) => HeadersInput {
                error: Some(HeadersTextError::Header {
                    number: e.index + 1,
                    message: e.message,
                }),
                ..Default::default()
            },
        }
    }
}

/// One `.ots` proof's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofResult {
    pub name: String,
    /// The dropped file it was checked for.
    pub stamped_file: Option<String>,
    /// Why the proof could not be read or checked (unreadable, malformed, its file not dropped).
    pub error: Option<FileError>,
    /// The op tree as `ots info` prints it.
    pub info: Option<String>,
    /// Every attestation with its commitment and op path (and merkle root in both orders).
    pub attestations: Vec<AttestationPath>,
    /// The check against the stamped file and the supplied headers.
    pub report: Option<ProofReport>,
}

/// Where a proof stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProofState {
    /// A Bitcoin attestation is confirmed by a supplied header with valid proof of work.
    Verified,
    /// Not verified yet and not refuted: no header supplied, pending only, no Bitcoin
    /// attestation, or its stamped file not dropped.
    Open,
    /// Refuted: unreadable, the stamped file's digest differs, or the supplied headers match
    /// no Bitcoin attestation.
    Failed,
}

impl ProofResult {
    /// A proof read from `bytes` and, when its stamped file is among `files`, checked for it
    /// against `headers`.
    pub fn check(
        name: &str,
        bytes: &[u8],
        files: &[ListInput],
        headers: &HeadersInput,
    ) -> ProofResult {
        let file = match DetachedTimestampFile::deserialize(bytes) {
            Ok(f) => f,
            Err(e) => {
                return ProofResult::unreadable(
                    name,
                    FileError::ProofUnreadable {
                        name: name.to_string(),
                        detail: e.to_string(),
                    },
                )
            }
        };
        let mut out = ProofResult::named(name);
        match (info_text(&file), attestations(&file.timestamp)) {
            (Ok(info), Ok(paths)) => {
                out.info = Some(info);
                out.attestations = paths;
            }
            (Err(e), _) | (_, Err(e)) => {
                out.error = Some(FileError::eval(name, e));
                return out;
            }
        }
        let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        let Some(i) = pair_proof(name, &names) else {
            out.error = Some(FileError::StampedNotDropped {
                name: name.to_string(),
                stamped: stamped_file_name(name).unwrap_or(name).to_string(),
            });
            return out;
        };
        let target = &files[i];
        out.stamped_file = Some(target.name.clone());
        let Some(bytes) = &target.bytes else {
            out.error = Some(FileError::StampedUnreadable {
                name: name.to_string(),
                stamped: target.name.clone(),
            });
            return out;
        };
        let Some(digest) = file.hash_target(bytes) else {
            out.error = Some(FileError::NoFileHash {
                name: name.to_string(),
            });
            return out;
        };
        match check_proof(&file, &digest, &headers.headers, None) {
            Ok(report) => out.report = Some(report),
            Err(e) => out.error = Some(FileError::eval(name, e)),
        }
        out
    }

    /// A proof that could not be read at all (too large, unreadable, malformed).
    pub fn unreadable(name: &str, error: FileError) -> ProofResult {
        ProofResult {
            error: Some(error),
            ..ProofResult::named(name)
        }
    }

    fn named(name: &str) -> ProofResult {
        ProofResult {
            name: name.to_string(),
            stamped_file: None,
            error: None,
            info: None,
            attestations: Vec::new(),
            report: None,
        }
    }

    pub fn state(&self) -> ProofState {
        let Some(report) = &self.report else {
            return if self.stamped_file.is_some() || self.info.is_none() {
                ProofState::Failed
            } else {
                ProofState::Open
            };
        };
        match &report.verdict {
            _ if report.ok => ProofState::Verified,
            None => ProofState::Failed, // the digest does not match
            // A header that does not confirm, or rules the headers break; a header not yet
            // supplied leaves the proof open.
            Some(v) if v.level == LevelMsg::Failed || v.header_error.is_some() => {
                ProofState::Failed
            }
            Some(_) => ProofState::Open,
        }
    }
}

/// A certificate file dropped beside the tokens: untrusted unless the reader marked it an anchor.
#[derive(Clone, Debug)]
pub struct CertInput {
    pub name: String,
    pub bytes: Vec<u8>,
    pub anchor: bool,
}

/// One check of a token or entry, as the page shows it: `msg` is what the page words in the
/// reader's language (its `Display` is the English).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRow {
    pub id: String,
    pub status: Status,
    pub msg: CheckMsg,
}

impl From<&Check> for CheckRow {
    fn from(c: &Check) -> CheckRow {
        CheckRow {
            id: c.id.to_string(),
            status: c.status,
            msg: c.msg.clone(),
        }
    }
}

/// One `.tsr`/`.tst` file's result (spec §3.2 Level 2+; RFC 3161 App. B).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenResult {
    pub name: String,
    /// The stamped list it was checked for.
    pub list: Option<String>,
    /// Why it could not be checked (unreadable, its list not dropped, anchors unreadable).
    pub error: Option<FileError>,
    /// Every check passed with the chain valid at genTime.
    pub ok: bool,
    /// The same with the chain checked at "now" (as `openssl ts -verify` does).
    pub ok_now: Option<bool>,
    pub gen_time: Option<String>,
    /// The authority: the token's `tsa` name, else the signer's subject.
    pub authority: Option<String>,
    pub serial: Option<String>,
    /// The policy OID, with OpenSSL's name for it where it has one.
    pub policy: Option<String>,
    pub imprint_algorithm: Option<String>,
    pub signature_algorithm: Option<String>,
    /// The path built, leaf first, anchor last.
    pub chain: Vec<CertSummary>,
    pub checks: Vec<CheckRow>,
    /// Issuer and serial of the signer certificate neither the token nor the dropped
    /// certificates hold: the certificate to drop beside the token.
    #[serde(default)]
    pub missing_signer: Option<String>,
}

impl TokenResult {
    /// Checks the token `name` for the dropped list it covers, with the certificates dropped
    /// beside it and the reader's anchors.
    pub fn check(
        name: &str,
        bytes: &[u8],
        lists: &[ListInput],
        certs: &[CertInput],
        trust: &TrustInput,
    ) -> TokenResult {
        let mut out = TokenResult {
            name: name.to_string(),
            ..Default::default()
        };
        let names: Vec<String> = lists.iter().map(|l| l.name.clone()).collect();
        let Some(i) = pair_token(name, &names) else {
            out.error = Some(FileError::TokenListNotDropped {
                name: name.to_string(),
            });
            return out;
        };
        out.list = Some(lists[i].name.clone());
        let Some(data) = &lists[i].bytes else {
            out.error = Some(FileError::TokenListUnreadable {
                name: name.to_string(),
                list: lists[i].name.clone(),
            });
            return out;
        };
        let mut anchors = TrustInput::named(&trust.anchor_files);
        let untrusted: Vec<NamedBytes<'_>> = certs
            .iter()
            .filter(|c| !c.anchor)
            .map(|c| NamedBytes {
                name: &c.name,
                bytes: &c.bytes,
            })
            .collect();
        anchors.extend(certs.iter().filter(|c| c.anchor).map(|c| NamedBytes {
            name: &c.name,
            bytes: &c.bytes,
        }));
        let (parsed, v) = match tsp::verify_bytes(
            NamedBytes { name, bytes },
            data,
            &anchors,
            &untrusted,
            trust.now,
        ) {
            Ok(r) => r,
            Err(detail) => {
                out.error = Some(FileError::Parser { detail });
                return out;
            }
        };
        let tst = v.tst_info.as_ref();
        out.ok = v.ok;
        out.ok_now = v.ok_now;
        out.gen_time = v.gen_time.clone();
        out.authority = tst
            .and_then(|t| t.tsa.as_ref())
            .map(|n| n.text.clone())
            .or_else(|| v.signer.as_ref().map(|s| s.subject.clone()));
        out.serial = tst.map(|t| crate::hex::encode(&t.serial));
        out.policy = tst.map(|t| crate::tsp::policy::display(&t.policy));
        out.imprint_algorithm = tst.map(|t| {
            t.message_imprint.hash_alg().map_or_else(
                || t.message_imprint.hash_oid.clone(),
                |h| h.name().to_string(),
            )
        });
        out.signature_algorithm = parsed.token().and_then(tsp::signer_algorithm);
        out.chain = v.chain;
        out.checks = v.checks.iter().map(CheckRow::from).collect();
        out.missing_signer = v.missing_signer;
        out
    }

    /// The first failed check, as `id: detail`.
    pub fn first_failure(&self) -> Option<String> {
        first_failure(&self.checks)
    }
}

fn first_failure(checks: &[CheckRow]) -> Option<String> {
    checks
        .iter()
        .find(|c| c.status == Status::Fail)
        .map(|c| format!("{}: {}", c.id, c.msg))
}

/// One `<list>.rekor.json` file's result (spec §3.11; Appendix B step 10).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RekorResult {
    pub name: String,
    pub list: Option<String>,
    /// Why it could not be checked (unreadable, its list not dropped, no log key).
    pub error: Option<FileError>,
    pub ok: bool,
    /// From then on the list is public (integratedTime, UTC), when `time_signed`.
    pub integrated_time: Option<String>,
    /// A verified SET signs integratedTime; false for an entry without one, which is in the
    /// log (inclusion proof and signed checkpoint) but establishes no time.
    #[serde(default)]
    pub time_signed: bool,
    /// SET only: the log promised inclusion (a verified SET); no proof of inclusion.
    #[serde(default)]
    pub set_only: bool,
    pub log_index: Option<u64>,
    pub checks: Vec<CheckRow>,
    /// A Sigstore bundle's certificate identity as stated and the times it proves, by whom
    /// (spec §3.2 Level 2+); empty for an API entry.
    #[serde(default)]
    pub says: Vec<CheckMsg>,
}

impl RekorResult {
    pub fn check(name: &str, bytes: &[u8], lists: &[ListInput], trust: &TrustInput) -> RekorResult {
        let mut out = RekorResult {
            name: name.to_string(),
            ..Default::default()
        };
        let names: Vec<String> = lists.iter().map(|l| l.name.clone()).collect();
        let Some(i) = pair_rekor_entry(name, &names) else {
            out.error = Some(FileError::EntryListNotDropped {
                name: name.to_string(),
            });
            return out;
        };
        out.list = Some(lists[i].name.clone());
        let (Some(data), Some((key_name, key))) = (&lists[i].bytes, &trust.log_key) else {
            out.error = Some(FileError::EntryListOrKeyMissing {
                name: name.to_string(),
            });
            return out;
        };
        match rekor::verify_file(name, bytes, data, key_name, key) {
            Ok((v, says)) => {
                out.says = says;
                out.ok = v.ok;
                out.integrated_time = v.integrated_time_iso;
                out.set_only = v.set_only;
                out.time_signed = v.integrated_time_signed;
                out.log_index = Some(v.log_index);
                out.checks = v.checks.iter().map(CheckRow::from).collect();
            }
            Err(detail) => out.error = Some(FileError::Parser { detail }),
        }
        out
    }

    /// The first failed check, as `id: detail`.
    pub fn first_failure(&self) -> Option<String> {
        first_failure(&self.checks)
    }
}
