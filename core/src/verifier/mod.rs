//! One verification session of the verifier page: which dropped files are books, stamped lists
//! and OpenTimestamps proofs; which list entry is checked against which book (spec §3.2;
//! Appendix B steps 3 and 4); which proof is checked for which list and against which block
//! headers (Appendix B step 6; §3.11 P1a); the combined result and the rung of the trust
//! ladder it reaches (DESIGN.md "Trust ladder": Level 0 the operator's word, Level 1 the chain,
//! Level 2 anchored outside the operator with the header's proof of work checked).
//!
//! Pure logic over names, bytes, parsed lists and chain reports: the page's worker reads the
//! files and feeds books chunk by chunk; everything it decides is here, so it runs natively in
//! tests.

use crate::book::chain::ChainReport;
use crate::book::stamp_list::{self, StampCheck, StampEntry, StampedList};
use crate::checks::{Check, Status};
use crate::ots::bitcoin::{analyze_headers, parse_labelled, BlockHeader, HeaderAnalysis};
use crate::ots::evaluate::{attestations, info_text, AttestationPath};
use crate::ots::report::{check_proof, stamped_file_name, ProofReport};
use crate::ots::DetachedTimestampFile;
use crate::pki::x509::CertSummary;
use crate::rekor;
use crate::tsp::response::{self as tsp, NamedBytes};
use serde::{Deserialize, Serialize};

/// Largest stamped list read (bytes). Real lists are a few hundred bytes per ledger.
pub const MAX_LIST_BYTES: u64 = 1 << 20;
/// Largest `.ots` proof read (bytes). Real proofs are a few kilobytes.
pub const MAX_PROOF_BYTES: u64 = 1 << 20;
/// Largest pasted header text read (bytes): thousands of 80-byte headers in hex.
pub const MAX_HEADERS_TEXT_BYTES: usize = 1 << 20;

/// What a dropped file is to the verifier, judged by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    /// A sealed JSONL ledger (`council-book.jsonl`, `asks.jsonl`).
    Book,
    /// A stamped list (`proof/<day>/<HHMMSS>Z.txt`), or another text a proof may stamp.
    StampedList,
    /// An OpenTimestamps proof (`proof/<day>/<HHMMSS>Z.txt.ots`).
    Proof,
    /// An RFC 3161 response or token (`<list>.<tsa>.tsr`, `.tst`).
    TimestampToken,
    /// A Sigstore Rekor entry (`<list>.rekor.json`).
    RekorEntry,
    /// A certificate (`.pem`, `.crt`, `.cer`, or any file in a `tsa/` folder): an untrusted
    /// intermediate unless the reader marks it as a trust anchor.
    Certificate,
    /// A published file this page does not check (`.json`, `.csv`, ...).
    NotChecked,
}

impl FileKind {
    pub fn of(name: &str) -> FileKind {
        let lower = name.to_ascii_lowercase();
        let in_tsa_folder = lower.starts_with("tsa/") || lower.contains("/tsa/");
        if lower.ends_with(".jsonl") {
            FileKind::Book
        } else if lower.ends_with(".rekor.json") {
            FileKind::RekorEntry
        } else if lower.ends_with(".tsr") || lower.ends_with(".tst") {
            FileKind::TimestampToken
        } else if lower.ends_with(".pem")
            || lower.ends_with(".crt")
            || lower.ends_with(".cer")
            || in_tsa_folder
        {
            FileKind::Certificate
        } else if lower.ends_with(".txt") {
            FileKind::StampedList
        } else if stamped_file_name(&lower).is_some() {
            FileKind::Proof
        } else {
            FileKind::NotChecked
        }
    }
}

/// A `.txt` file as read: a stamped list, a text that is no list at all (a README, a file an
/// `.ots` proof stamps), or a list that cannot be used. Its bytes are kept for the proofs.
#[derive(Clone, Debug)]
pub struct ListInput {
    pub name: String,
    pub parsed: Result<StampedList, String>,
    /// The file holds no line that looks like a list entry: it is not a stamped list.
    pub not_a_list: bool,
    /// The file's bytes; `None` when it could not be read.
    pub bytes: Option<Vec<u8>>,
}

impl ListInput {
    /// Parses the list's bytes; errors name the list and its line.
    pub fn parse(name: &str, bytes: &[u8]) -> ListInput {
        let parsed = stamp_list::parse(bytes);
        // `stamp_list::parse` reports "no ledger entry" for the file as a whole (line 0); every
        // malformed entry line is reported with its line number and stays an error.
        let not_a_list = matches!(&parsed, Err(e) if e.line == 0);
        ListInput {
            name: name.to_string(),
            parsed: parsed.map_err(|e| format!("{name}: {e}")),
            not_a_list,
            bytes: Some(bytes.to_vec()),
        }
    }

    /// A list that could not be read at all (too large, unreadable).
    pub fn unusable(name: &str, why: String) -> ListInput {
        ListInput {
            name: name.to_string(),
            parsed: Err(format!("{name}: {why}")),
            not_a_list: false,
            bytes: None,
        }
    }
}

/// A list entry that names none of the dropped books.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnmatchedEntry {
    pub list: String,
    pub ledger: String,
    pub lines: u64,
}

/// Which list entries are checked against which book.
#[derive(Clone, Debug, Default)]
pub struct StampPlan {
    /// For each book (in the order given), the (list name, entry) pairs to check.
    pub per_book: Vec<Vec<(String, StampEntry)>>,
    pub unmatched: Vec<UnmatchedEntry>,
}

impl StampPlan {
    /// Matches every entry of every readable list to a book by `stamp_list::ledger_matches`;
    /// a list with a single entry and a single book dropped is matched as
    /// `stamp_list::entry_for` does, whatever the book's file is called.
    pub fn new(book_names: &[String], lists: &[ListInput]) -> StampPlan {
        let mut plan = StampPlan {
            per_book: vec![Vec::new(); book_names.len()],
            unmatched: Vec::new(),
        };
        for list in lists {
            let Ok(parsed) = &list.parsed else { continue };
            for entry in &parsed.entries {
                let by_name = book_names
                    .iter()
                    .position(|b| stamp_list::ledger_matches(&entry.ledger, b));
                let book =
                    by_name.or((book_names.len() == 1 && parsed.entries.len() == 1).then_some(0));
                match book {
                    Some(i) => plan.per_book[i].push((list.name.clone(), entry.clone())),
                    None => plan.unmatched.push(UnmatchedEntry {
                        list: list.name.clone(),
                        ledger: entry.ledger.clone(),
                        lines: entry.lines,
                    }),
                }
            }
        }
        plan
    }

    /// The line counts at which book `i`'s verifier must record prefixes.
    pub fn prefix_at(&self, i: usize) -> Vec<u64> {
        self.per_book[i].iter().map(|(_, e)| e.lines).collect()
    }

    /// Checks book `i`'s planned entries against its report.
    pub fn checks(&self, i: usize, report: &ChainReport) -> Vec<StampCheck> {
        self.per_book[i]
            .iter()
            .map(|(list, entry)| stamp_list::check(list, entry, report))
            .collect()
    }
}

/// The dropped file a proof stamps: `dir/130025Z.txt.ots` proves `dir/130025Z.txt` (same path
/// inside the drop); failing that, the only dropped file with that base name. Returns the
/// index into `file_names`.
pub fn pair_proof(proof_name: &str, file_names: &[String]) -> Option<usize> {
    pair_stamped(stamped_file_name(proof_name)?, file_names)
}

/// The dropped stamped list an RFC 3161 token covers: `dir/130019Z.txt.freetsa.tsr` (or
/// `.tst`, or without the authority: `130019Z.txt.tsr`) covers `dir/130019Z.txt`, matched as
/// [`pair_proof`] does.
pub fn pair_token(token_name: &str, file_names: &[String]) -> Option<usize> {
    let lower = token_name.to_ascii_lowercase();
    if !(lower.ends_with(".tsr") || lower.ends_with(".tst")) {
        return None;
    }
    let stem = &token_name[..token_name.len() - 4];
    let without_authority = stem
        .rfind('.')
        .filter(|&i| !stem[i..].contains('/'))
        .map(|i| &stem[..i]);
    pair_stamped(stem, file_names)
        .or_else(|| without_authority.and_then(|s| pair_stamped(s, file_names)))
}

/// The dropped stamped list a Rekor entry covers: `dir/130019Z.txt.rekor.json` covers
/// `dir/130019Z.txt`.
pub fn pair_rekor_entry(entry_name: &str, file_names: &[String]) -> Option<usize> {
    let suffix = ".rekor.json";
    let cut = entry_name.len().checked_sub(suffix.len())?;
    if !entry_name.is_char_boundary(cut) || !entry_name[cut..].eq_ignore_ascii_case(suffix) {
        return None;
    }
    pair_stamped(&entry_name[..cut], file_names)
}

/// The file named `stamped` (same path in the drop), else the only one with its base name.
fn pair_stamped(stamped: &str, file_names: &[String]) -> Option<usize> {
    if let Some(i) = file_names.iter().position(|n| n == stamped) {
        return Some(i);
    }
    let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let want = base(stamped);
    let mut same_base = file_names
        .iter()
        .enumerate()
        .filter(|(_, n)| base(n) == want);
    match (same_base.next(), same_base.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// Block headers pasted or fetched by the reader, parsed for the proofs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadersInput {
    /// How many headers were read (0 when none were given or they could not be read).
    pub count: usize,
    /// Why the text could not be read as headers (`header N: ...`, counted from 1).
    pub error: Option<String>,
    #[serde(skip)]
    pub headers: Vec<BlockHeader>,
    /// The headers as a set: runs, total work, median time past, retargets, forks.
    #[serde(default)]
    pub analysis: Option<HeaderAnalysis>,
}

impl HeadersInput {
    /// Reads 80-byte headers as hex, one per line, or `HEIGHT HEX` lines naming heights
    /// (blank text: no headers), and analyses them as a set.
    pub fn parse(text: &str) -> HeadersInput {
        if text.len() > MAX_HEADERS_TEXT_BYTES {
            let error = Some(format!(
                "the headers text is {} bytes, more than the {MAX_HEADERS_TEXT_BYTES} read",
                text.len()
            ));
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
                headers: labelled.into_iter().map(|l| l.header).collect(),
            },
            Err(e) => HeadersInput {
                error: Some(format!("header {}: {}", e.index + 1, e.message)),
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
    pub error: Option<String>,
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
                    format!("not a readable OpenTimestamps proof: {e}"),
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
                out.error = Some(format!("{name}: {e}"));
                return out;
            }
        }
        let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        let Some(i) = pair_proof(name, &names) else {
            out.error = Some(format!(
                "{name}: the file it stamps ({}) is not among the dropped stamped lists (.txt); add it to check the proof",
                stamped_file_name(name).unwrap_or(name)
            ));
            return out;
        };
        let target = &files[i];
        out.stamped_file = Some(target.name.clone());
        let Some(bytes) = &target.bytes else {
            out.error = Some(format!(
                "{name}: its stamped file {} could not be read",
                target.name
            ));
            return out;
        };
        let Some(digest) = file.hash_target(bytes) else {
            out.error = Some(format!(
                "{name}: its file-hash operation cannot hash a file"
            ));
            return out;
        };
        match check_proof(&file, &digest, &headers.headers, None) {
            Ok(report) => out.report = Some(report),
            Err(e) => out.error = Some(format!("{name}: {e}")),
        }
        out
    }

    /// A proof that could not be read at all (too large, unreadable, malformed).
    pub fn unreadable(name: &str, why: String) -> ProofResult {
        ProofResult {
            error: Some(format!("{name}: {why}")),
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
            Some(v) if v.header_error.is_some() => ProofState::Failed,
            Some(v) if v.bitcoin.iter().any(|c| c.header_index.is_some()) => ProofState::Failed,
            Some(v) if !v.bitcoin.is_empty() && v.headers.is_some() => ProofState::Failed,
            Some(_) => ProofState::Open,
        }
    }
}

/// One book's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookResult {
    pub name: String,
    pub report: ChainReport,
    pub stamps: Vec<StampCheck>,
}

/// One `.txt` file's result: how many entries it has, or why it was unusable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListResult {
    pub name: String,
    pub entries: usize,
    pub error: Option<String>,
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

/// Rungs of the trust ladder (DESIGN.md "Trust ladder"; spec §3.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TrustLevel {
    /// Nothing checked holds: only the operator's word.
    Level0,
    /// The chain (n, prev, seal, link) holds in every dropped book.
    Level1,
    /// Anchored outside the operator: a stamped list that checks out against its book has an
    /// OpenTimestamps proof verified against a Bitcoin header with valid proof of work (with
    /// no book dropped: the anchored files themselves), or such a list has a verified Rekor
    /// entry.
    Level2,
    /// Signed time: an RFC 3161 token on such a list verifies, with its chain valid at
    /// genTime, to a trust anchor the reader chose.
    Level2Plus,
}

impl TrustLevel {
    pub fn label(self) -> &'static str {
        match self {
            TrustLevel::Level0 => "Level 0",
            TrustLevel::Level1 => "Level 1",
            TrustLevel::Level2 => "Level 2",
            TrustLevel::Level2Plus => "Level 2+",
        }
    }
}

/// Trust anchors and the Rekor log key the reader chose (by default the page's shipped
/// bundle, www/trust/), and the time "now" the chains are also checked at (the page passes
/// `Date.now()`; core has no clock).
#[derive(Clone, Debug, Default)]
pub struct TrustInput {
    /// Anchor files (PEM or DER), with their names.
    pub anchor_files: Vec<(String, Vec<u8>)>,
    /// The Rekor log's public key file (PEM or DER), with its name.
    pub log_key: Option<(String, Vec<u8>)>,
    /// Unix seconds.
    pub now: i64,
}

/// What the session trusted, as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrustReport {
    pub anchor_files: Vec<String>,
    /// Every anchor read, with its fingerprint.
    pub anchors: Vec<CertSummary>,
    /// Why the anchor files could not be read.
    pub anchors_error: Option<String>,
    pub log_key_file: Option<String>,
    pub now: i64,
}

impl TrustInput {
    fn named(files: &[(String, Vec<u8>)]) -> Vec<NamedBytes<'_>> {
        files
            .iter()
            .map(|(name, bytes)| NamedBytes { name, bytes })
            .collect()
    }

    pub fn report(&self) -> TrustReport {
        let (anchors, anchors_error) =
            match tsp::read_certificate_files(&Self::named(&self.anchor_files)) {
                Ok(c) => (c.iter().map(|c| c.summary()).collect(), None),
                Err(e) => (Vec::new(), Some(e)),
            };
        TrustReport {
            anchor_files: self.anchor_files.iter().map(|(n, _)| n.clone()).collect(),
            anchors,
            anchors_error,
            log_key_file: self.log_key.as_ref().map(|(n, _)| n.clone()),
            now: self.now,
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

/// One check of a token or entry, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRow {
    pub id: String,
    pub status: Status,
    pub detail: String,
}

impl From<&Check> for CheckRow {
    fn from(c: &Check) -> CheckRow {
        CheckRow {
            id: c.id.to_string(),
            status: c.status,
            detail: c.detail.clone(),
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
    pub error: Option<String>,
    /// Every check passed with the chain valid at genTime.
    pub ok: bool,
    /// The same with the chain checked at "now" (as `openssl ts -verify` does).
    pub ok_now: Option<bool>,
    pub gen_time: Option<String>,
    /// The authority: the token's `tsa` name, else the signer's subject.
    pub authority: Option<String>,
    pub serial: Option<String>,
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
            out.error = Some(format!("{name}: the stamped list it covers is not among the dropped files; add it to check the token"));
            return out;
        };
        out.list = Some(lists[i].name.clone());
        let Some(data) = &lists[i].bytes else {
            out.error = Some(format!(
                "{name}: its stamped list {} could not be read",
                lists[i].name
            ));
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
            Err(e) => {
                out.error = Some(e);
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
        out.policy = tst.map(|t| t.policy.clone());
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
        .map(|c| format!("{}: {}", c.id, c.detail))
}

/// One `<list>.rekor.json` file's result (spec §3.11; Appendix B step 10).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RekorResult {
    pub name: String,
    pub list: Option<String>,
    pub error: Option<String>,
    pub ok: bool,
    /// From then on the list is public (integratedTime, UTC), when `time_signed`.
    pub integrated_time: Option<String>,
    /// A verified SET signs integratedTime; false for an entry without one, which is in the
    /// log (inclusion proof and signed checkpoint) but establishes no time.
    #[serde(default)]
    pub time_signed: bool,
    pub log_index: Option<u64>,
    pub checks: Vec<CheckRow>,
}

impl RekorResult {
    pub fn check(name: &str, bytes: &[u8], lists: &[ListInput], trust: &TrustInput) -> RekorResult {
        let mut out = RekorResult {
            name: name.to_string(),
            ..Default::default()
        };
        let names: Vec<String> = lists.iter().map(|l| l.name.clone()).collect();
        let Some(i) = pair_rekor_entry(name, &names) else {
            out.error = Some(format!("{name}: the stamped list it covers is not among the dropped files; add it to check the entry"));
            return out;
        };
        out.list = Some(lists[i].name.clone());
        let (Some(data), Some((key_name, key))) = (&lists[i].bytes, &trust.log_key) else {
            out.error = Some(format!(
                "{name}: its list could not be read or no Rekor log key was given"
            ));
            return out;
        };
        match rekor::verify_bytes(name, bytes, data, key_name, key) {
            Ok(v) => {
                out.ok = v.ok;
                out.integrated_time = Some(v.integrated_time_iso);
                out.time_signed = v.integrated_time_signed;
                out.log_index = Some(v.log_index);
                out.checks = v.checks.iter().map(CheckRow::from).collect();
            }
            Err(e) => out.error = Some(e),
        }
        out
    }

    /// The first failed check, as `id: detail`.
    pub fn first_failure(&self) -> Option<String> {
        first_failure(&self.checks)
    }
}

/// Everything the page shows after a session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionReport {
    pub books: Vec<BookResult>,
    pub lists: Vec<ListResult>,
    pub unmatched: Vec<UnmatchedEntry>,
    #[serde(default)]
    pub proofs: Vec<ProofResult>,
    #[serde(default)]
    pub headers: HeadersInput,
    #[serde(default)]
    pub tokens: Vec<TokenResult>,
    #[serde(default)]
    pub rekor: Vec<RekorResult>,
    #[serde(default)]
    pub trust: TrustReport,
}

impl SessionReport {
    pub fn chains_hold(&self) -> bool {
        !self.books.is_empty() && self.books.iter().all(|b| b.report.ok)
    }

    pub fn stamps_hold(&self) -> bool {
        self.books
            .iter()
            .flat_map(|b| &b.stamps)
            .all(StampCheck::ok)
            && self.lists.iter().all(|l| l.error.is_none())
    }

    pub fn stamp_count(&self) -> usize {
        self.books.iter().map(|b| b.stamps.len()).sum()
    }

    /// No proof is refuted and the pasted headers could be read.
    pub fn proofs_hold(&self) -> bool {
        self.headers.error.is_none() && self.proofs.iter().all(|p| p.state() != ProofState::Failed)
    }

    /// True when `list` has at least one entry checked against a dropped book and every such
    /// check matches.
    fn list_checks_out(&self, list: &str) -> bool {
        let mut checks = self
            .books
            .iter()
            .flat_map(|b| &b.stamps)
            .filter(|c| c.list == list)
            .peekable();
        checks.peek().is_some() && checks.all(StampCheck::ok)
    }

    /// Everything checked holds and something was checked.
    pub fn verified(&self) -> bool {
        let (external, signed_time) = self.anchored();
        let anything = !self.books.is_empty() || external || signed_time;
        anything
            && (self.books.is_empty() || self.chains_hold())
            && self.stamps_hold()
            && self.proofs_hold()
            && self.signed_time_holds()
    }

    /// The rung reached. Stamps do not raise the level by themselves: a stamped list is the
    /// operator's word until an anchor is checked. Level 2 needs, besides Level 1 and matching
    /// stamps, a verified proof or Rekor entry of a list that checks out against its book;
    /// Level 2+ a token on such a list verified to an anchor the reader chose. With no book
    /// dropped, the verified anchors cover the lists they stamp and nothing else. A refuted
    /// OpenTimestamps proof holds the level back; a failed token or entry only does not count.
    pub fn level(&self) -> TrustLevel {
        let (external, signed_time) = self.anchored();
        if self.books.is_empty() {
            let held = self.proofs_hold() && self.stamps_hold();
            return match (signed_time, external) {
                (true, _) if held => TrustLevel::Level2Plus,
                (_, true) if held => TrustLevel::Level2,
                _ => TrustLevel::Level0,
            };
        }
        if !self.chains_hold() {
            return TrustLevel::Level0;
        }
        match (signed_time, external) {
            _ if !(self.stamps_hold() && self.proofs_hold()) => TrustLevel::Level1,
            (true, _) => TrustLevel::Level2Plus,
            (_, true) => TrustLevel::Level2,
            _ => TrustLevel::Level1,
        }
    }

    /// (a verified OTS proof or Rekor entry, a verified RFC 3161 token) on a list that counts:
    /// one that checks out against its book, or any list when no book was dropped.
    fn anchored(&self) -> (bool, bool) {
        let counts =
            |l: Option<&str>| l.is_some_and(|l| self.books.is_empty() || self.list_checks_out(l));
        let ots = self
            .proofs
            .iter()
            .any(|p| p.state() == ProofState::Verified && counts(p.stamped_file.as_deref()));
        let rekor = self.rekor.iter().any(|r| r.ok && counts(r.list.as_deref()));
        let tsa = self
            .tokens
            .iter()
            .any(|t| t.ok && counts(t.list.as_deref()));
        (ots || rekor, tsa)
    }

    /// What the level reached still trusts (DESIGN.md "Trust ladder"), one line per anchor.
    pub fn still_trusted(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.level() {
            TrustLevel::Level0 => out.push("the operator's word: nothing checked holds".to_string()),
            TrustLevel::Level1 => out.push("the operator's word for when each line was written: the chain shows only that nothing was changed since".to_string()),
            _ => {
                for t in self.tokens.iter().filter(|t| t.ok) {
                    out.push(format!(
                        "{}: the timestamp authority {} and the trust anchor {} say the list existed at {} (chain valid at genTime{})",
                        t.name,
                        t.authority.as_deref().unwrap_or("?"),
                        t.chain.last().map_or("?", |c| c.subject.as_str()),
                        t.gen_time.as_deref().unwrap_or("?"),
                        match t.ok_now {
                            Some(false) => "; not valid now",
                            _ => "",
                        }
                    ));
                }
                for r in self.rekor.iter().filter(|r| r.ok) {
                    out.push(if r.time_signed {
                        format!(
                            "{}: the Rekor log key you chose, and that the log is watched: the list is public since {}",
                            r.name,
                            r.integrated_time.as_deref().unwrap_or("?")
                        )
                    } else {
                        format!(
                            "{}: the Rekor log key you chose, and that the log is watched: the list is in the log; its integratedTime {} is unsigned (no signed entry timestamp), so no time is established from it",
                            r.name,
                            r.integrated_time.as_deref().unwrap_or("?")
                        )
                    });
                }
                for p in self.proofs.iter().filter(|p| p.state() == ProofState::Verified) {
                    out.push(format!("{}: Bitcoin's proof of work, and that the headers you supplied are on the main chain", p.name));
                }
            }
        }
        out
    }

    /// Every token and Rekor entry dropped verified.
    pub fn signed_time_holds(&self) -> bool {
        self.tokens.iter().all(|t| t.ok) && self.rekor.iter().all(|r| r.ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::{Object, Value};
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::writer::BookWriter;
    use crate::ots::attestation::Attestation;
    use crate::ots::Op;

    fn book(n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let mut o = Object::new();
            o.insert("i", Value::Int((i as i64).into()));
            out.extend_from_slice(&w.append(&o).unwrap().bytes);
        }
        out
    }

    fn entry(ledger: &str, bytes: &[u8], lines: u64) -> (String, u64, String, String) {
        let head: Vec<u8> = bytes
            .split_inclusive(|b| *b == b'\n')
            .take(lines as usize)
            .flatten()
            .copied()
            .collect();
        let r = verify(&head, VerifyOptions::default());
        (ledger.into(), lines, r.sha256, r.last_link.unwrap())
    }

    fn vectors() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vectors/ots")
    }

    fn read(rel: &str) -> Vec<u8> {
        let p = vectors().join(rel);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    fn header_358391() -> HeadersInput {
        HeadersInput::parse(&String::from_utf8(read("headers/block_358391.header.hex")).unwrap())
    }

    const EXAMPLES: &str = "opentimestamps-client/examples/";

    /// The session for a vector pair `<name>` + `<name>.ots` with the given headers.
    fn proof_of(name: &str, headers: &HeadersInput) -> ProofResult {
        let files = [ListInput::parse(name, &read(&format!("{EXAMPLES}{name}")))];
        ProofResult::check(
            &format!("{name}.ots"),
            &read(&format!("{EXAMPLES}{name}.ots")),
            &files,
            headers,
        )
    }

    fn session(
        books: Vec<BookResult>,
        lists: Vec<ListResult>,
        proofs: Vec<ProofResult>,
    ) -> SessionReport {
        SessionReport {
            books,
            lists,
            unmatched: vec![],
            proofs,
            headers: HeadersInput::default(),
            tokens: vec![],
            rekor: vec![],
            trust: TrustReport::default(),
        }
    }

    #[test]
    fn classifies_by_extension() {
        assert_eq!(FileKind::of("council-book.JSONL"), FileKind::Book);
        assert_eq!(FileKind::of("130025Z.txt"), FileKind::StampedList);
        assert_eq!(FileKind::of("130025Z.txt.ots"), FileKind::Proof);
        assert_eq!(FileKind::of("130025Z.txt.OTS"), FileKind::Proof);
        assert_eq!(FileKind::of(".ots"), FileKind::NotChecked);
        assert_eq!(FileKind::of("130025Z.txt.tsr"), FileKind::TimestampToken);
        assert_eq!(FileKind::of("forecasts.csv"), FileKind::NotChecked);
    }

    #[test]
    fn pairs_a_proof_with_its_file_by_path_then_by_unique_base_name() {
        let names: Vec<String> = [
            "proof/2026-10-20/130025Z.txt",
            "proof/2026-10-21/130025Z.txt",
            "other/x.txt",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            pair_proof("proof/2026-10-21/130025Z.txt.ots", &names),
            Some(1)
        );
        assert_eq!(
            pair_proof("130025Z.txt.ots", &names),
            None,
            "two days' lists share the base name"
        );
        assert_eq!(pair_proof("x.txt.ots", &names), Some(2));
        assert_eq!(pair_proof("y.txt.ots", &names), None);
        assert_eq!(pair_proof("130025Z.txt", &names), None, "not a proof");
    }

    #[test]
    fn matches_entries_by_ledger_and_checks_them() {
        let council = book(6);
        let asks = book(3);
        let two = stamp_list::render(&[
            entry("asks.jsonl", &asks, 2),
            entry("daily/council/book.jsonl", &council, 4),
        ]);
        let lists = vec![
            ListInput::parse("proof.txt", two.as_bytes()),
            ListInput::parse("bad.txt", b"nothing here\n"),
        ];
        let names = vec!["council-book.jsonl".to_string(), "asks.jsonl".to_string()];
        let plan = StampPlan::new(&names, &lists);
        assert_eq!(plan.prefix_at(0), vec![4]);
        assert_eq!(plan.prefix_at(1), vec![2]);
        assert!(plan.unmatched.is_empty());
        let r0 = verify(
            &council,
            VerifyOptions {
                prefix_at: plan.prefix_at(0),
                ..Default::default()
            },
        );
        let checks = plan.checks(0, &r0);
        assert!(checks[0].ok(), "{checks:?}");
        let not_a_list = ListResult::from(&lists[1]);
        assert!(
            not_a_list.not_a_list && not_a_list.error.is_none(),
            "{not_a_list:?}"
        );
        let broken = ListResult::from(&ListInput::parse(
            "b.txt",
            b"x.jsonl: 3 lines, sha256 ABC, last link abc\n",
        ));
        assert_eq!(broken.error.unwrap().split(':').next(), Some("b.txt"));

        // Only the council book dropped: the asks entry is reported as unmatched.
        let plan = StampPlan::new(&names[..1], &lists);
        assert_eq!(
            plan.unmatched,
            vec![UnmatchedEntry {
                list: "proof.txt".into(),
                ledger: "asks.jsonl".into(),
                lines: 2
            }]
        );
    }

    #[test]
    fn a_single_entry_list_applies_to_a_single_book_of_any_name() {
        let b = book(3);
        let lists = vec![ListInput::parse(
            "l.txt",
            stamp_list::render(&[entry("daily/council/book.jsonl", &b, 3)]).as_bytes(),
        )];
        let plan = StampPlan::new(&["renamed.jsonl".to_string()], &lists);
        assert_eq!(plan.prefix_at(0), vec![3]);
        let two_books = ["renamed.jsonl".to_string(), "other.jsonl".to_string()];
        let plan = StampPlan::new(&two_books, &lists);
        assert_eq!(plan.unmatched.len(), 1);
    }

    #[test]
    fn level_one_needs_every_chain_to_hold() {
        let good = verify(&book(2), VerifyOptions::default());
        let mut bad_bytes = book(2);
        let last = bad_bytes.len() - 5;
        bad_bytes[last] ^= 1;
        let bad = verify(&bad_bytes, VerifyOptions::default());
        let mk = |reports: Vec<ChainReport>| {
            let books = reports
                .into_iter()
                .map(|report| BookResult {
                    name: "b.jsonl".into(),
                    report,
                    stamps: vec![],
                })
                .collect();
            session(books, vec![], vec![])
        };
        assert_eq!(mk(vec![good.clone()]).level(), TrustLevel::Level1);
        assert_eq!(mk(vec![good, bad]).level(), TrustLevel::Level0);
        assert_eq!(mk(vec![]).level(), TrustLevel::Level0);
    }

    #[test]
    fn real_proofs_against_block_358391() {
        let headers = header_358391();
        assert_eq!((headers.count, &headers.error), (1, &None));

        let hello = proof_of("hello-world.txt", &headers);
        assert_eq!(hello.state(), ProofState::Verified, "{hello:?}");
        let root = hello
            .attestations
            .iter()
            .find_map(|a| a.merkle_root.clone())
            .unwrap();
        assert_eq!(
            root.internal,
            "007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a"
        );
        assert_eq!(
            root.display,
            "8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00"
        );
        assert!(hello
            .info
            .as_deref()
            .unwrap()
            .contains("verify BitcoinBlockHeaderAttestation(358391)"));

        let unheaded = proof_of("hello-world.txt", &HeadersInput::default());
        assert_eq!(unheaded.state(), ProofState::Open);

        let bad = proof_of("bad-stamp.txt", &headers);
        assert_eq!(bad.state(), ProofState::Failed, "{bad:?}");
        assert_eq!(
            proof_of("bad-stamp.txt", &HeadersInput::default()).state(),
            ProofState::Open
        );

        let pending = proof_of("incomplete.txt", &headers);
        assert_eq!(pending.state(), ProofState::Open);
        let v = pending.report.as_ref().unwrap().verdict.as_ref().unwrap();
        assert!(v.level.starts_with("not yet verifiable"), "{}", v.level);
        assert_eq!(
            v.pending,
            vec!["https://alice.btc.calendar.opentimestamps.org".to_string()]
        );

        // The stamped file's bytes changed: the digest no longer matches.
        let files = [ListInput::parse("hello-world.txt", b"Hello World?\n")];
        let edited = ProofResult::check(
            "hello-world.txt.ots",
            &read(&format!("{EXAMPLES}hello-world.txt.ots")),
            &files,
            &headers,
        );
        assert_eq!(edited.state(), ProofState::Failed);
        assert!(!edited.report.unwrap().digest_matches);

        let truncated = ProofResult::check(
            "t.txt.ots",
            &read(&format!("{EXAMPLES}hello-world.txt.ots"))[..40],
            &[],
            &headers,
        );
        assert_eq!(truncated.state(), ProofState::Failed);
        assert!(truncated
            .error
            .unwrap()
            .starts_with("t.txt.ots: not a readable OpenTimestamps proof: "));

        let alone = ProofResult::check(
            "hello-world.txt.ots",
            &read(&format!("{EXAMPLES}hello-world.txt.ots")),
            &[],
            &headers,
        );
        assert_eq!(
            alone.state(),
            ProofState::Open,
            "its file was not dropped: shown, not refuted"
        );
        assert!(!alone.attestations.is_empty());

        let garbled = HeadersInput::parse("00ff\n");
        assert!(
            garbled
                .error
                .as_deref()
                .unwrap()
                .starts_with("header 1: a block header is 80 bytes"),
            "{garbled:?}"
        );
    }

    #[test]
    fn a_proof_alone_reaches_level_two_only_when_verified() {
        let headers = header_358391();
        let hello = proof_of("hello-world.txt", &headers);
        assert_eq!(
            session(vec![], vec![], vec![hello.clone()]).level(),
            TrustLevel::Level2
        );
        assert!(session(vec![], vec![], vec![hello.clone()]).verified());
        let bad = proof_of("bad-stamp.txt", &headers);
        assert_eq!(
            session(vec![], vec![], vec![hello, bad.clone()]).level(),
            TrustLevel::Level0
        );
        assert!(!session(vec![], vec![], vec![bad]).verified());
        let open = proof_of("hello-world.txt", &HeadersInput::default());
        assert_eq!(
            session(vec![], vec![], vec![open.clone()]).level(),
            TrustLevel::Level0
        );
        assert!(!session(vec![], vec![], vec![open]).verified());
    }

    /// Level 2 with a book: the proof must be verified and stamp a list whose entries were
    /// checked against the book and match. A proof built here for a real list cannot reach a
    /// real block, so the verified case borrows the verified report of the hello-world vector.
    #[test]
    fn level_two_needs_a_verified_proof_of_a_list_that_checks_out() {
        let b = book(4);
        let list_text = stamp_list::render(&[entry("daily/council/book.jsonl", &b, 3)]);
        let list = ListInput::parse("proof/d/130025Z.txt", list_text.as_bytes());
        let plan = StampPlan::new(
            &["council-book.jsonl".to_string()],
            std::slice::from_ref(&list),
        );
        let report = verify(
            &b,
            VerifyOptions {
                prefix_at: plan.prefix_at(0),
                ..Default::default()
            },
        );
        let stamps = plan.checks(0, &report);
        assert!(stamps.iter().all(StampCheck::ok));

        // A one-leaf proof claiming block 358391 for sha256(list): refuted by the real header.
        let digest = crate::ots::detached::hash_file(&Op::Sha256, list_text.as_bytes()).unwrap();
        let mut file = DetachedTimestampFile::new(Op::Sha256, digest).unwrap();
        file.timestamp
            .root
            .attestations
            .insert(Attestation::Bitcoin { height: 358391 });
        let headers = header_358391();
        let proof = ProofResult::check(
            "proof/d/130025Z.txt.ots",
            &file.serialize().unwrap(),
            std::slice::from_ref(&list),
            &headers,
        );
        assert_eq!(proof.stamped_file.as_deref(), Some("proof/d/130025Z.txt"));
        assert!(proof.report.as_ref().unwrap().digest_matches);
        assert_eq!(
            proof.state(),
            ProofState::Failed,
            "the digest is not block 358391's merkle root"
        );

        let book_result = BookResult {
            name: "council-book.jsonl".into(),
            report,
            stamps,
        };
        let lists = vec![ListResult::from(&list)];
        let failed = session(
            vec![book_result.clone()],
            lists.clone(),
            vec![proof.clone()],
        );
        assert_eq!(failed.level(), TrustLevel::Level1);
        assert!(!failed.verified());

        let mut verified = proof.clone();
        verified.report = proof_of("hello-world.txt", &headers).report;
        assert_eq!(verified.state(), ProofState::Verified);
        let s = session(
            vec![book_result.clone()],
            lists.clone(),
            vec![verified.clone()],
        );
        assert_eq!(s.level(), TrustLevel::Level2);
        assert!(s.verified());

        // A verified proof of a file no book entry was checked against does not lift the book.
        let mut elsewhere = verified.clone();
        elsewhere.stamped_file = Some("hello-world.txt".into());
        assert_eq!(
            session(vec![book_result.clone()], lists.clone(), vec![elsewhere]).level(),
            TrustLevel::Level1
        );

        // The anchored list does not match the book: no Level 2.
        let mut mismatched = book_result.clone();
        mismatched.stamps[0].sha256_ok = false;
        assert_eq!(
            session(vec![mismatched], lists.clone(), vec![verified.clone()]).level(),
            TrustLevel::Level1
        );

        // A broken chain stays at Level 0 whatever the proofs say.
        let mut broken = book_result;
        broken.report.ok = false;
        assert_eq!(
            session(vec![broken], lists, vec![verified]).level(),
            TrustLevel::Level0
        );
    }

    fn shared(rel: &str) -> Vec<u8> {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/vectors")
            .join(rel);
        std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    #[test]
    fn file_kinds_of_signed_time_files() {
        assert_eq!(
            FileKind::of("proof/2026-11-30/130019Z.txt.freetsa.tsr"),
            FileKind::TimestampToken
        );
        assert_eq!(FileKind::of("x.txt.digicert.TST"), FileKind::TimestampToken);
        assert_eq!(
            FileKind::of("proof/130019Z.txt.rekor.json"),
            FileKind::RekorEntry
        );
        assert_eq!(FileKind::of("tsa/freetsa-chain.pem"), FileKind::Certificate);
        assert_eq!(FileKind::of("proof/tsa/cacert"), FileKind::Certificate);
        assert_eq!(FileKind::of("root.crt"), FileKind::Certificate);
        assert_eq!(FileKind::of("forecasts.json"), FileKind::NotChecked);
    }

    #[test]
    fn tokens_and_entries_pair_with_the_list_they_cover() {
        let names = vec![
            "proof/d/130019Z.txt".to_string(),
            "proof/d/140000Z.txt".to_string(),
        ];
        assert_eq!(
            pair_token("proof/d/130019Z.txt.freetsa.tsr", &names),
            Some(0)
        );
        assert_eq!(pair_token("130019Z.txt.digicert.tsr", &names), Some(0));
        assert_eq!(pair_token("proof/d/140000Z.txt.tst", &names), Some(1));
        assert_eq!(pair_token("proof/d/150000Z.txt.freetsa.tsr", &names), None);
        assert_eq!(pair_token("proof/d/130019Z.txt.ots", &names), None);
        assert_eq!(
            pair_rekor_entry("proof/d/140000Z.txt.rekor.json", &names),
            Some(1)
        );
        assert_eq!(pair_rekor_entry("140000Z.txt.json", &names), None);
    }

    fn hello_with(token: &str, certs: Vec<CertInput>, anchors: &str) -> TokenResult {
        let lists = [ListInput::parse(
            "DATA_hello.txt",
            &shared("tsa/rfc3161-client/DATA_hello.txt"),
        )];
        let trust = TrustInput {
            anchor_files: vec![(anchors.to_string(), shared(anchors))],
            log_key: None,
            now: 1_796_000_000,
        };
        TokenResult::check(
            "DATA_hello.txt.sigstage.tsr",
            &shared(token),
            &lists,
            &certs,
            &trust,
        )
    }

    /// A real sigstage token (ECDSA P-384) over `hello` verifies to the root the reader chose
    /// (MANIFEST: OK with root chain-part2) and raises a list with no book to Level 2+.
    #[test]
    fn a_real_token_verifies_to_the_chosen_root_and_reaches_level_2_plus() {
        let t = hello_with(
            "tsa/rfc3161-client/sigstage/response-sha256.tsr",
            vec![],
            "tsa/rfc3161-client/sigstage/chain-part2.pem",
        );
        assert!(t.ok, "{t:?}");
        assert_eq!(t.list.as_deref(), Some("DATA_hello.txt"));
        assert!(
            t.gen_time
                .as_deref()
                .unwrap()
                .starts_with("2025-05-09T11:58:5"),
            "{:?}",
            t.gen_time
        );
        assert!(
            t.signature_algorithm.as_deref().unwrap().contains("ECDSA"),
            "{:?}",
            t.signature_algorithm
        );
        assert_eq!(t.imprint_algorithm.as_deref(), Some("SHA-256"));
        assert_eq!(t.chain.len(), 2);
        let mut report = session(vec![], vec![], vec![]);
        report.tokens.push(t);
        assert_eq!(report.level(), TrustLevel::Level2Plus);
        assert!(
            report.still_trusted()[0].contains("timestamp authority"),
            "{:?}",
            report.still_trusted()
        );
        let back: SessionReport =
            serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn a_tampered_token_fails_at_the_signature() {
        let t = hello_with(
            "tsa/rfc3161-client/sigstage/response-invalid-signature.tsr",
            vec![],
            "tsa/rfc3161-client/sigstage/chain-part2.pem",
        );
        assert!(!t.ok);
        assert!(
            t.first_failure().unwrap().starts_with("signature:"),
            "{:?}",
            t.first_failure()
        );
        let mut report = session(vec![], vec![], vec![]);
        report.tokens.push(t);
        assert_eq!(report.level(), TrustLevel::Level0);
        assert!(!report.verified());
    }

    /// The token without certificates verifies once the leaf is dropped beside it (untrusted);
    /// the wrong anchor fails the chain check.
    #[test]
    fn dropped_certificates_are_untrusted_intermediates_unless_marked() {
        let leaf = CertInput {
            name: "tsa/leaf.pem".into(),
            bytes: shared("tsa/rfc3161-client/sigstage/chain-part1.pem"),
            anchor: false,
        };
        let no_cert = "tsa/rfc3161-client/sigstage/response-no-embedded-cert.tsr";
        let root = "tsa/rfc3161-client/sigstage/chain-part2.pem";
        assert!(!hello_with(no_cert, vec![], root).ok);
        assert!(hello_with(no_cert, vec![leaf.clone()], root).ok);
        let wrong = hello_with(
            no_cert,
            vec![leaf.clone()],
            "tsa/atl-core/freetsa-root-ca.pem",
        );
        assert!(
            wrong
                .first_failure()
                .unwrap()
                .starts_with("chain_at_gen_time"),
            "{:?}",
            wrong.first_failure()
        );
        let marked = CertInput {
            name: "root.pem".into(),
            bytes: shared(root),
            anchor: true,
        };
        assert!(
            hello_with(
                no_cert,
                vec![leaf, marked],
                "tsa/atl-core/freetsa-root-ca.pem"
            )
            .ok
        );
    }

    #[test]
    fn unreadable_anchor_files_are_named() {
        let lists = [ListInput::parse("DATA_hello.txt", b"hello")];
        let trust = TrustInput {
            anchor_files: vec![("mine.pem".into(), b"not a certificate".to_vec())],
            log_key: None,
            now: 0,
        };
        let t = TokenResult::check(
            "DATA_hello.txt.tsr",
            &shared("tsa/rfc3161-client/sigstage/response-sha256.tsr"),
            &lists,
            &[],
            &trust,
        );
        assert!(
            t.error.as_deref().unwrap().starts_with("mine.pem:"),
            "{:?}",
            t.error
        );
    }

    /// A real Rekor entry checked against a list it does not cover: the log's proofs hold,
    /// the body names another hash; a tampered entry fails at its named check.
    #[test]
    fn rekor_entries_are_checked_for_their_list() {
        let lists = [ListInput::parse("130019Z.txt", b"not what the entry logs")];
        let trust = TrustInput {
            anchor_files: vec![],
            log_key: Some((
                "rekor-sigstage.pub".into(),
                shared("rekor/rekor-sigstage.pub"),
            )),
            now: 0,
        };
        let r = RekorResult::check(
            "130019Z.txt.rekor.json",
            &shared("rekor/sigstage-entry-1688.json"),
            &lists,
            &trust,
        );
        assert!(!r.ok);
        let failed: Vec<&str> = r
            .checks
            .iter()
            .filter(|c| c.status == Status::Fail)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(failed, ["body_hash"], "{r:?}");
        assert_eq!(r.log_index, Some(1688));
        let mut report = session(vec![], vec![], vec![]);
        report.rekor.push(r);
        assert_eq!(report.level(), TrustLevel::Level0);
    }

    /// The ladder's top rungs: a verified Rekor entry anchors its list (Level 2), a verified
    /// token gives signed time (Level 2+) even beside a failed one, and with a book dropped
    /// only lists that check out against it count.
    #[test]
    fn rekor_entries_and_tokens_raise_the_level() {
        let rekor = |ok| RekorResult {
            name: "a.txt.rekor.json".into(),
            list: Some("a.txt".into()),
            ok,
            ..Default::default()
        };
        let token = |name: &str, ok| TokenResult {
            name: name.into(),
            list: Some("a.txt".into()),
            ok,
            ..Default::default()
        };
        let mut r = session(vec![], vec![], vec![]);
        r.rekor.push(rekor(true));
        assert_eq!(r.level(), TrustLevel::Level2);
        assert!(r.verified());
        r.tokens.push(token("a.txt.x.tsr", false));
        assert_eq!(r.level(), TrustLevel::Level2);
        assert!(!r.verified());
        r.tokens.push(token("a.txt.y.tsr", true));
        assert_eq!(r.level(), TrustLevel::Level2Plus);
        let b = book(3);
        let report = verify(&b, VerifyOptions::default());
        r.books.push(BookResult {
            name: "council-book.jsonl".into(),
            report,
            stamps: vec![],
        });
        assert_eq!(
            r.level(),
            TrustLevel::Level1,
            "a.txt was not checked against the book"
        );
    }
}
