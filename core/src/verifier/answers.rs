//! Every answer's own proof (spec §3.2, §3.3, §3.11 P1b): for each answer line of a council
//! book, and each of its cells (seat, market, horizon), whether it was sealed before its
//! reference and which parties besides the operator prove it.
//!
//! Per answer line: its session and reference instant (the declared reference time, 09:30 ET
//! by default, for every market, Bitcoin included: one clock, spec §3.3; a line sealed at or
//! after it has its own, the first 1-minute bar at or after its seal,
//! [`reference_instant_from`]; in a book scored before the one clock, a Bitcoin cell the score
//! line gave its own reference, `same_event` false, is judged against that bar), its arrival (`at`) and seal (`max(at, booked_at)`) times, the
//! first stamped list whose checked prefix contains it, and every anchor of the first such
//! list with an anchor that establishes a time (else with any anchor), with the time it
//! proves the list existed by:
//! - an RFC 3161 token verified to a trust anchor the reader chose: its genTime (Level 2+,
//!   the authority named);
//! - a Rekor entry: its integratedTime, only when the signed entry timestamp is present and
//!   verified (Level 2); an entry without one proves the list is in the log, at no time;
//! - an OpenTimestamps proof verified against a supplied Bitcoin header: the header time plus
//!   [`OTS_BOUND_SECS`], the practical bound of §3.11 (header time need not be mining time).
//!
//! The verdict ([`Verdict`]): sealed after the reference (late: its own reference, not in the
//! common event); proven before the reference (some anchor's time is before it); anchored only
//! after the reference (anchors exist, none before it: on 2026-10-20 a 09:00:25 ET stamp
//! reached a block with header time 09:55:20 ET); or the operator's clock only (Level 1: no
//! anchor covers the line yet, every line after the last stamped prefix included).
//!
//! Which answers count is the book's rows' ([`crate::score::book_rows`], with the counting
//! rule of the sealed declaration, [`Counting`]); corrections (§3.10) are shown beside the
//! line they name.
//!
//! Every sentence of the report is a message with its arguments ([`super::answer_words`]),
//! held as a [`Note`]: its JSON and the CLI's text are the English, and the page's worker words
//! it in the reader's language ([`AnswersReport::word`]).

use super::answer_words::{
    parties, AnchorSays, AnswersProblem, AnswersWording, CorrectionChange, CorrectionSays, Counted,
    DeclarationSays, Party, RunSays, VerdictSays,
};
use super::report::VerifierReport;
use super::results::{BookResult, ProofState};
use crate::calendar::{new_york_time, reference_cut, sealing_time, Date, Instant};
use crate::league::schedule::reference_instant_from;
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::{
    BookLineError, BookLineMessage, BookLines, CorrectionLine, SetAside,
};
use crate::records::names::{parse_hhmm, BITCOIN};
use crate::records::roster::{RosterError, RosterMessage};
use crate::score::book_rows::rows_from_lines;
use crate::score::counting::Counting;
use crate::score::notes::Note;
use crate::score::roster::league_roster_of_runs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How long after a block's header time the anchored prefix is taken to have existed at the
/// latest (spec §3.11: "in practice a few hours"; header time is at most about two hours
/// ahead of network time when a block is accepted and need not equal mining time).
pub const OTS_BOUND_SECS: i64 = 2 * 3600;

/// Whether an answer (or cell) was sealed before its reference, and who proves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// An anchor outside the operator proves the line existed before the reference.
    ProvenBeforeReference,
    /// Anchors cover the line, but none proves it existed before the reference.
    AnchoredOnlyAfterReference,
    /// No anchor covers the line yet: the operator's clock alone (Level 1).
    OperatorClockOnly,
    /// Sealed at or after the reference: late, its own reference, not in the common event.
    SealedAfterReference,
}

impl Verdict {
    /// In words, as the CLI and the page print it.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::ProvenBeforeReference => "proven before the reference",
            Verdict::AnchoredOnlyAfterReference => "anchored only after the reference",
            Verdict::OperatorClockOnly => "operator's clock only",
            Verdict::SealedAfterReference => "sealed after the reference (late)",
        }
    }
}

/// What kind of party an anchor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnchorKind {
    Rfc3161,
    Rekor,
    OpenTimestamps,
}

/// One verified anchor of a stamped list and the time it proves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anchor {
    pub kind: AnchorKind,
    /// The token, entry or proof file.
    pub file: String,
    /// Who proves it: the authority, the Rekor log, the Bitcoin block.
    pub by: Note<Party>,
    /// The rung of the trust ladder it gives ("Level 2+", "Level 2").
    pub level: String,
    /// The time the anchor states (genTime, integratedTime, header time), RFC 3339 UTC.
    pub time: Option<String>,
    /// The latest time it proves the list existed by; None when it establishes no time.
    pub existed_by: Option<String>,
    /// In plain words.
    pub words: Note<AnchorSays>,
}

/// A correction line shown beside the line it names (spec §3.10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorrectionNote {
    pub line: u64,
    pub of: u64,
    pub at: Option<String>,
    pub same_as: Option<u64>,
    pub source: Option<String>,
    pub reason: Option<String>,
    /// The corrected fields' names.
    pub fields: Vec<String>,
    /// What the correction changes, in plain words, as the scorer applies it.
    pub words: Note<CorrectionSays>,
}

/// What correction `c` changes, as [`crate::score::book_rows`] applies it (spec §3.10).
fn correction_says(c: &CorrectionLine) -> CorrectionSays {
    use crate::book::canon::Value;
    let mut changes = Vec::new();
    if let Some(line) = c.same_as {
        changes.push(CorrectionChange::Copy { line });
    }
    for key in ["model", "mode"] {
        if let Some(v) = c.field_str(key) {
            changes.push(CorrectionChange::Restores {
                field: key.to_string(),
                value: v.to_string(),
            });
        }
    }
    if let Some(items) = c.items().and_then(Value::as_object) {
        let cells: Vec<String> = items
            .iter()
            .flat_map(|(asset, hs)| {
                let asset = asset.as_str().unwrap_or("?").to_string();
                hs.as_object()
                    .into_iter()
                    .flat_map(|o| o.iter())
                    .map(move |(h, _)| format!("{asset} {}", h.as_str().unwrap_or("?")))
            })
            .collect();
        changes.push(CorrectionChange::RestoresCells { cells });
    }
    if let Some(results) = c.fields.get("results").and_then(Value::as_object) {
        for (asset, _) in results.iter() {
            let asset = asset.as_str().unwrap_or("?");
            let prices: Vec<(String, String)> = ["ref", "close"]
                .iter()
                .filter_map(|k| c.result(asset, k).map(|x| (k.to_string(), x.to_string())))
                .collect();
            if !prices.is_empty() {
                changes.push(CorrectionChange::CorrectsPrices {
                    asset: asset.to_string(),
                    prices,
                });
            }
        }
    }
    if changes.is_empty() {
        changes.push(CorrectionChange::Nothing);
    }
    CorrectionSays {
        changes,
        source: c.source.clone(),
    }
}

impl From<&CorrectionLine> for CorrectionNote {
    fn from(c: &CorrectionLine) -> CorrectionNote {
        CorrectionNote {
            words: Note::Msg(correction_says(c)),
            line: c.n,
            of: c.of,
            at: c.at.map(Instant::to_rfc3339),
            same_as: c.same_as,
            source: c.source.clone(),
            reason: c.reason.clone(),
            fields: c
                .fields
                .iter()
                .map(|(k, _)| k.as_str().unwrap_or("?").to_string())
                .collect(),
        }
    }
}

/// One answer line's verdict and its chain of evidence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnswerVerdict {
    pub line: u64,
    pub run_id: String,
    pub seat: String,
    pub model: Option<String>,
    pub session: String,
    /// `counted`, `not_counted`, `refused_shape`, `copy` (a re-sealed copy, §3.10) or
    /// `no_cells` (well-formed but states no cell).
    pub status: String,
    /// The answer time (`at`).
    pub arrived_at: String,
    pub booked_at: Option<String>,
    /// When it entered the book: `max(at, booked_at)`.
    pub sealed_at: String,
    /// The session's common reference.
    pub reference_at: String,
    /// The first stamped list whose checked prefix contains the line, and its line count.
    pub list: Option<String>,
    pub list_lines: Option<u64>,
    /// The first covering list with a verified anchor, when it is not `list`.
    pub anchored_list: Option<String>,
    pub anchors: Vec<Anchor>,
    pub verdict: Verdict,
    /// The anchors that prove it before the reference (their `by`).
    pub proven_by: Vec<Note<Party>>,
    /// The verdict in plain words.
    pub words: Note<VerdictSays>,
    /// Correction lines naming this line.
    pub corrections: Vec<CorrectionNote>,
    /// The markets of its cells, in the order the cells are listed.
    #[serde(default)]
    pub markets: Vec<String>,
    /// The engine's mark on the line (`invalid`, `refused_shape`; spec §3.9) and its reason.
    #[serde(default)]
    pub shape: Option<String>,
    #[serde(default)]
    pub shape_reason: Option<String>,
    /// Parts of a marked line's `items` that are not cells, set aside with the reason
    /// ([`crate::records::book_lines::AnswerLine::set_aside`]).
    #[serde(default)]
    pub set_aside: Vec<SetAside>,
}

/// One cell (seat, market, horizon) of an answer line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellVerdict {
    pub line: u64,
    pub seat: String,
    pub asset: String,
    pub horizon: String,
    pub prob_up: Option<f64>,
    /// The row's status (Table C1).
    pub status: String,
    /// The cell's reference instant (Bitcoin: the first bar at or after the seal).
    pub reference_at: String,
    pub verdict: Verdict,
    pub proven_by: Vec<Note<Party>>,
    /// The verdict in plain words, against the cell's own reference.
    pub words: Note<VerdictSays>,
}

/// One run's answers in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSummary {
    pub run_id: String,
    pub session: String,
    /// The run the counting rule counts for its session.
    pub counted_run: bool,
    pub answers: usize,
    pub counted_answers: usize,
    pub proven_before: usize,
    pub anchored_after: usize,
    pub operator_only: usize,
    pub late: usize,
    /// The parties proving the counted answers before the reference.
    pub by: Vec<Note<Party>>,
    pub summary: Note<RunSays>,
    /// The run's counted cells in a sentence (a Bitcoin cell against its own reference).
    pub cells_summary: Note<RunSays>,
}

/// Whether the declaration (the ask chain's first line) is proven sealed before the first run
/// it governs (spec §3.4, requirement 6): its anchors, judged against that run's time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclarationProof {
    pub sealed_at: String,
    /// The first run line's time in the book.
    pub first_run_at: Option<String>,
    pub list: Option<String>,
    pub anchors: Vec<Anchor>,
    /// Judged as an answer against its reference, with the first run's time as the reference.
    pub verdict: Verdict,
    pub words: Note<DeclarationSays>,
}

/// The per-answer report of one book.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnswersReport {
    pub book: String,
    pub counting: Counting,
    pub counting_rule: String,
    pub runs: Vec<RunSummary>,
    pub answers: Vec<AnswerVerdict>,
    pub cells: Vec<CellVerdict>,
    pub corrections: Vec<CorrectionNote>,
    /// The first line after the longest checked stamped prefix (no anchor covers it).
    pub unanchored_from: Option<u64>,
    /// Checks that failed or could not be performed: each a failure.
    pub problems: Vec<Note<AnswersProblem>>,
    /// The declaration's own proof, when the ask chain was given.
    #[serde(default)]
    pub declaration: Option<DeclarationProof>,
}

impl AnswersReport {
    /// Nothing failed: the verdicts rest on a chain that holds, and the counting rule explains
    /// every run.
    pub fn ok(&self) -> bool {
        self.problems.is_empty() && self.counting.flags.is_empty()
    }

    /// Words every sentence of the report with `w` (the reader's language): the anchors'
    /// parties and words, each verdict, correction, run summary, the declaration, the
    /// counting notes and flags, and the problems. Sentences already text stay as they are.
    pub fn word(&mut self, w: &dyn AnswersWording) {
        let party = |n: &mut Note<Party>| n.word(&|m| w.party(m));
        let anchors = |anchors: &mut Vec<Anchor>| {
            for a in anchors {
                party(&mut a.by);
                a.words.word(&|m| w.anchor(m));
            }
        };
        let correction = |c: &mut CorrectionNote| c.words.word(&|m| w.correction(m));
        for a in &mut self.answers {
            anchors(&mut a.anchors);
            a.proven_by.iter_mut().for_each(party);
            a.words.word(&|m| w.verdict(m));
            a.corrections.iter_mut().for_each(correction);
        }
        for c in &mut self.cells {
            c.proven_by.iter_mut().for_each(party);
            c.words.word(&|m| w.verdict(m));
        }
        self.corrections.iter_mut().for_each(correction);
        for r in &mut self.runs {
            r.by.iter_mut().for_each(party);
            r.summary.word(&|m| w.run(m));
            r.cells_summary.word(&|m| w.run(m));
        }
        if let Some(d) = &mut self.declaration {
            anchors(&mut d.anchors);
            d.words.word(&|m| w.declaration(m));
        }
        for n in self
            .counting
            .notes
            .iter_mut()
            .chain(self.counting.flags.iter_mut())
        {
            n.word(&|m| w.counting(m));
        }
        for p in &mut self.problems {
            p.word(&|m| w.problem(m));
        }
    }
}

/// The `CN=` value of a distinguished name as printed (`CN=www.freetsa.org, O=Free TSA`), else
/// the name itself: the authority as a reader names it.
pub(super) fn common_name(dn: &str) -> String {
    dn.split(',')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("CN="))
        .unwrap_or(dn)
        .to_string()
}

/// The verified anchors of stamped list `list` in `report`.
fn anchors_of(list: &str, report: &VerifierReport) -> Vec<Anchor> {
    let mut out = Vec::new();
    for t in report
        .tokens
        .iter()
        .filter(|t| t.ok && t.list.as_deref() == Some(list))
    {
        let by = t
            .authority
            .as_deref()
            .map_or_else(|| t.name.clone(), common_name);
        let time = t
            .gen_time
            .as_deref()
            .and_then(Instant::parse_rfc3339)
            .map(Instant::to_rfc3339);
        out.push(Anchor {
            kind: AnchorKind::Rfc3161,
            file: t.name.clone(),
            words: Note::Msg(AnchorSays::Token {
                authority: t.authority.clone().unwrap_or_else(|| by.clone()),
                root: t.chain.last().map(|c| c.subject.clone()),
                gen_time: time.clone(),
            }),
            by: Note::Msg(Party::Authority(by)),
            level: "Level 2+".into(),
            existed_by: time.clone(),
            time,
        });
    }
    for r in report
        .rekor
        .iter()
        .filter(|r| r.ok && r.list.as_deref() == Some(list))
    {
        let time = r
            .integrated_time
            .as_deref()
            .and_then(Instant::parse_rfc3339)
            .map(Instant::to_rfc3339);
        out.push(Anchor {
            kind: AnchorKind::Rekor,
            file: r.name.clone(),
            words: Note::Msg(match (r.time_signed, &time) {
                (true, _) => AnchorSays::RekorSigned {
                    integrated_time: time.clone(),
                },
                (false, Some(_)) => AnchorSays::RekorUnsigned {
                    integrated_time: time.clone(),
                },
                (false, None) => AnchorSays::RekorNoTime,
            }),
            by: Note::Msg(Party::Rekor {
                log_index: r.log_index,
            }),
            level: "Level 2".into(),
            existed_by: if r.time_signed { time.clone() } else { None },
            time,
        });
    }
    for p in report
        .proofs
        .iter()
        .filter(|p| p.state() == ProofState::Verified && p.stamped_file.as_deref() == Some(list))
    {
        let Some(v) = p.report.as_ref().and_then(|r| r.verdict.as_ref()) else {
            continue;
        };
        let Some(b) = v.earliest.and_then(|i| v.bitcoin.get(i)) else {
            continue;
        };
        let header = b.header_time.map(|s| Instant(i64::from(s) * 1_000_000));
        let by_time = header.map(|h| Instant(h.0 + OTS_BOUND_SECS * 1_000_000));
        out.push(Anchor {
            kind: AnchorKind::OpenTimestamps,
            file: p.name.clone(),
            by: Note::Msg(Party::BitcoinBlock { height: b.height }),
            level: "Level 2".into(),
            time: header.map(Instant::to_rfc3339),
            existed_by: by_time.map(Instant::to_rfc3339),
            words: Note::Msg(match (header, by_time) {
                (Some(header), Some(bound)) => AnchorSays::Bitcoin {
                    height: b.height,
                    header,
                    bound,
                },
                _ => AnchorSays::BitcoinUntimed { height: b.height },
            }),
        });
    }
    out
}

/// A cell's reference instant and whether it is late (sealed at or after the common
/// reference): the common reference for every market sealed before it (spec §3.3, one clock);
/// a Bitcoin cell sealed before it that the book scored from its own reference (`same_event`
/// false: a book scored under the earlier rule, each answer's first bar at or after its seal)
/// is judged against that bar, as it was scored.
fn cell_reference(
    common: Instant,
    asset: &str,
    same_event: bool,
    sealed: Instant,
) -> (Instant, bool) {
    let (reference, late) = reference_instant_from(common, sealed);
    if asset == BITCOIN && !same_event && !late {
        let minute = 60 * 1_000_000;
        let bar = sealed.0.div_euclid(minute) * minute;
        let bar = if bar == sealed.0 { bar } else { bar + minute };
        return (Instant(bar), false);
    }
    (reference, late)
}

/// The verdict against `reference` of a line covered by `anchors` (`late`: sealed at or after
/// it), and the anchors proving it before the reference.
fn judge(reference: Instant, late: bool, anchors: &[Anchor]) -> (Verdict, Vec<Party>) {
    if late {
        return (Verdict::SealedAfterReference, Vec::new());
    }
    let before: Vec<Party> = anchors
        .iter()
        .filter(|a| {
            a.existed_by
                .as_deref()
                .and_then(Instant::parse_rfc3339)
                .is_some_and(|t| t < reference)
        })
        .filter_map(|a| a.by.msg().cloned())
        .collect();
    if !before.is_empty() {
        (Verdict::ProvenBeforeReference, before)
    } else if anchors.iter().any(|a| a.existed_by.is_some()) {
        (Verdict::AnchoredOnlyAfterReference, Vec::new())
    } else {
        (Verdict::OperatorClockOnly, Vec::new())
    }
}

/// The verdict `v` of a line sealed at `sealed` against `reference`, with its evidence: the
/// parties `by` proving it before the reference, the `anchors` of its first anchored list, the
/// first stamped list covering it.
fn verdict_says(
    v: Verdict,
    sealed: Instant,
    reference: Instant,
    by: Vec<Party>,
    anchors: &[Anchor],
    list: Option<&str>,
) -> VerdictSays {
    match v {
        Verdict::SealedAfterReference => VerdictSays::Late { sealed, reference },
        Verdict::ProvenBeforeReference => VerdictSays::Proven {
            sealed,
            reference,
            by,
        },
        Verdict::AnchoredOnlyAfterReference => VerdictSays::AnchoredAfter {
            sealed,
            first: anchors
                .iter()
                .filter_map(|a| {
                    let t = a.existed_by.as_deref().and_then(Instant::parse_rfc3339)?;
                    Some((a.by.msg()?.clone(), t))
                })
                .min_by_key(|(_, t)| *t),
            reference,
        },
        Verdict::OperatorClockOnly => match list {
            None => VerdictSays::OperatorUncovered { sealed },
            Some(l) => VerdictSays::OperatorUntimed {
                sealed,
                list: l.to_string(),
            },
        },
    }
}

/// The common reference of `session`: the declared `reference_at_et`, else 09:30 ET.
fn common_reference(session: Date, declared: Option<&str>) -> Instant {
    match declared.and_then(parse_hhmm) {
        Some((9, 30)) | None => reference_cut(session),
        Some((h, m)) => new_york_time(session, h, m),
    }
}

/// The per-answer report of the council book `book_name` (its bytes `book`), with the ask
/// chain `asks` (the declaration and the roster) and the verification `report` that checked
/// the book's stamps and the lists' anchors. An unreadable book line, ask chain or roster is an
/// error naming the file, line and field.
pub fn answer_verdicts(
    book_name: &str,
    book: &[u8],
    asks: Option<&[u8]>,
    report: &VerifierReport,
) -> Result<AnswersReport, String> {
    let lines = BookLines::parse(book).map_err(|e| format!("{book_name}: {e}"))?;
    answer_verdicts_of_lines(book_name, &lines, asks, report).map_err(|e| e.to_string())
}

/// Why the answers could not be judged (Appendix B step 5; spec §3.9): the ask chain (or the
/// roster) or a book line could not be read, or the book is too large for the page. `Display`
/// is the CLI's English; the page renders each variant in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum AnswersError {
    /// A line of the ask chain (or a run line's roster) could not be read.
    AskChain {
        file: String,
        line: u64,
        field: String,
        message: RosterMessage,
    },
    /// The council's book is too large to judge answer by answer in memory.
    TooLarge { name: String },
    /// A line of the book could not be read.
    BookLine {
        name: String,
        line: u64,
        field: String,
        message: BookLineMessage,
    },
}

impl AnswersError {
    /// The ask chain's (or a run line's roster's) error.
    pub fn roster(e: RosterError) -> AnswersError {
        AnswersError::AskChain {
            file: e.file.to_string(),
            line: e.line,
            field: e.field,
            message: e.message,
        }
    }

    /// The error of a line of the book called `name`.
    pub fn book_line(name: &str, e: BookLineError) -> AnswersError {
        AnswersError::BookLine {
            name: name.to_string(),
            line: e.line,
            field: e.field,
            message: e.message,
        }
    }
}

impl std::fmt::Display for AnswersError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswersError::AskChain {
                file,
                line,
                field,
                message,
            } => write!(f, "{file} line {line}, field {field}: {message}"),
            AnswersError::TooLarge { name } => write!(
                f,
                "{name}: too large to judge answer by answer here; use sealbook verify DIR --answers"
            ),
            AnswersError::BookLine {
                name,
                line,
                field,
                message,
            } => write!(f, "{name}: book line {line}, field {field}: {message}"),
        }
    }
}

/// [`answer_verdicts`] of a book whose lines are already read ([`BookLines::parse`], or
/// [`crate::records::book_lines::BookLinesReader`] chunk by chunk): the same report.
pub fn answer_verdicts_of_lines(
    book_name: &str,
    lines: &BookLines,
    asks: Option<&[u8]>,
    report: &VerifierReport,
) -> Result<AnswersReport, AnswersError> {
    let mut counting = Counting::from_asks(asks).map_err(AnswersError::roster)?;
    let declared_reference = match asks {
        Some(a) => AskChain::parse(a)
            .map_err(AnswersError::roster)?
            .declaration()
            .map(|d| d.reference_at_et.clone()),
        None => None,
    };
    let mut problems = Vec::new();
    // The roster only adds the no_answer rows of seats that sent no answer line.
    let roster = match league_roster_of_runs(asks, &lines.run_rosters) {
        Ok(r) => r,
        Err(e) => {
            problems.push(Note::Msg(AnswersProblem::RosterUnreadable(e)));
            league_roster_of_runs(None, &lines.run_rosters).map_err(AnswersError::roster)?
        }
    };
    let rows = rows_from_lines(lines, &roster, &mut counting)
        .map_err(|e| AnswersError::book_line(book_name, e))?;
    // Each answer line's rows, in row order.
    let mut rows_of_line: std::collections::BTreeMap<u64, Vec<_>> =
        std::collections::BTreeMap::new();
    for r in &rows {
        rows_of_line.entry(r.line).or_default().push(r);
    }
    let result: Option<&BookResult> = report.books.iter().find(|b| b.name == book_name);
    match result {
        None => problems.push(Note::Msg(AnswersProblem::NotVerified {
            book: book_name.to_string(),
        })),
        Some(b) if !b.report.ok => problems.push(Note::Msg(AnswersProblem::ChainBroken {
            book: book_name.to_string(),
            first_bad_line: b.report.first_bad_line,
        })),
        Some(_) => {}
    }
    let stamps = result.map_or(&[][..], |b| b.stamps.as_slice());
    for s in stamps.iter().filter(|s| !s.ok()) {
        problems.push(Note::Msg(AnswersProblem::PrefixMismatch {
            list: s.check.list.clone(),
            list_line: s.list_line,
            lines: s.check.lines,
        }));
    }
    // Checked lists covering each line, in the order they grew: (lines, list).
    let mut covering: Vec<(u64, &str)> = stamps
        .iter()
        .filter(|s| s.ok())
        .map(|s| (s.check.lines, s.check.list.as_str()))
        .collect();
    covering.sort_unstable();
    covering.dedup();
    let anchors: Vec<Vec<Anchor>> = covering
        .iter()
        .map(|(_, l)| anchors_of(l, report))
        .collect();
    let run_session: std::collections::BTreeMap<&str, (Date, bool)> = {
        let mut m = std::collections::BTreeMap::new();
        for r in &rows {
            let counted = r.run_role == "session_run";
            if let Some(d) = Date::parse(&r.session) {
                let e = m.entry(r.run_id.as_str()).or_insert((d, counted));
                e.1 |= counted;
            }
        }
        m
    };
    let copies = lines.resealed_copies();
    let mut answers = Vec::new();
    let mut cells = Vec::new();
    for a in lines.answers.values() {
        let (Some(at), Some(run_id), Some(seat)) = (a.at, a.run_id.as_deref(), a.seat.as_deref())
        else {
            continue; // rows_from_lines has rejected such lines already
        };
        let sealed = sealing_time(at, a.booked_at);
        let session = run_session
            .get(run_id)
            .map(|(d, _)| *d)
            .or_else(|| crate::calendar::session_for(at));
        let Some(session) = session else { continue };
        let common = common_reference(session, declared_reference.as_deref());
        let line_rows: Vec<_> = rows_of_line
            .get(&a.n)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .copied()
            .filter(|r| r.seat == seat)
            .collect();
        let status = if copies.contains(&a.n) {
            "copy".to_string()
        } else if line_rows
            .iter()
            .any(|r| r.status == "counted" || r.status == "counted_50")
        {
            "counted".to_string()
        } else {
            line_rows
                .first()
                .map_or("no_cells".to_string(), |r| r.status.clone())
        };
        let first = covering.iter().position(|(n, _)| *n >= a.n);
        // The first covering list with an anchor that establishes a time, else with any.
        let anchored = first.and_then(|f| {
            (f..covering.len())
                .find(|&i| anchors[i].iter().any(|a| a.existed_by.is_some()))
                .or_else(|| (f..covering.len()).find(|&i| !anchors[i].is_empty()))
        });
        let line_anchors = anchored.map(|i| anchors[i].clone()).unwrap_or_default();
        let late = sealed >= common;
        let (verdict, proven_by) = judge(common, late, &line_anchors);
        let list = first.map(|f| covering[f].1.to_string());
        answers.push(AnswerVerdict {
            line: a.n,
            run_id: run_id.to_string(),
            seat: seat.to_string(),
            model: line_rows
                .first()
                .map(|r| r.model.clone())
                .or_else(|| a.model.clone()),
            session: session.to_string(),
            status,
            arrived_at: at.to_rfc3339(),
            booked_at: a.booked_at.map(Instant::to_rfc3339),
            sealed_at: sealed.to_rfc3339(),
            reference_at: common.to_rfc3339(),
            list_lines: first.map(|f| covering[f].0),
            anchored_list: anchored
                .filter(|&i| Some(i) != first)
                .map(|i| covering[i].1.to_string()),
            words: Note::Msg(verdict_says(
                verdict,
                sealed,
                common,
                proven_by.clone(),
                &line_anchors,
                list.as_deref(),
            )),
            list,
            anchors: line_anchors.clone(),
            verdict,
            proven_by: proven_by.into_iter().map(Note::Msg).collect(),
            corrections: lines
                .corrections
                .iter()
                .filter(|c| c.of == a.n)
                .map(CorrectionNote::from)
                .collect(),
            markets: Vec::new(),
            shape: a.shape.as_ref().map(|(s, _)| s.as_str().to_string()),
            shape_reason: a.shape.as_ref().map(|(_, r)| r.clone()),
            set_aside: a.set_aside.clone(),
        });
        let mut markets: Vec<String> = Vec::new();
        for r in &line_rows {
            if !markets.contains(&r.asset) {
                markets.push(r.asset.clone());
            }
            let (reference, cell_late) = cell_reference(common, &r.asset, r.same_event, sealed);
            let (v, by) = judge(reference, cell_late, &line_anchors);
            cells.push(CellVerdict {
                words: Note::Msg(verdict_says(
                    v,
                    sealed,
                    reference,
                    by.clone(),
                    &line_anchors,
                    first.map(|f| covering[f].1),
                )),
                line: a.n,
                seat: seat.to_string(),
                asset: r.asset.clone(),
                horizon: r.horizon.as_str().to_string(),
                prob_up: r.prob_up,
                status: r.status.clone(),
                reference_at: reference.to_rfc3339(),
                verdict: v,
                proven_by: by.into_iter().map(Note::Msg).collect(),
            });
        }
        if let Some(last) = answers.last_mut() {
            last.markets = markets;
        }
    }
    let runs = summarize(lines, &answers, &cells, &run_session);
    let declaration = declaration_proof(&counting, lines, report);
    Ok(AnswersReport {
        declaration,
        book: book_name.to_string(),
        counting_rule: counting.describe(),
        counting,
        runs,
        answers,
        cells,
        corrections: lines.corrections.iter().map(CorrectionNote::from).collect(),
        unanchored_from: result.map_or(Some(1), |b| b.unanchored_from),
        problems,
    })
}

/// The declaration's anchors (the ask chain's checked stamps covering its line 1) against the
/// book's first run.
fn declaration_proof(
    counting: &Counting,
    lines: &BookLines,
    report: &VerifierReport,
) -> Option<DeclarationProof> {
    use crate::records::published::PublishedFile;
    let sealed = Instant::parse_rfc3339(counting.declared_at.as_deref()?)?;
    let first_run = lines.runs.iter().filter_map(|r| r.at).min();
    let chain = report
        .books
        .iter()
        .find(|b| PublishedFile::of(&b.name) == PublishedFile::AskChain);
    let mut covering: Vec<(u64, &str)> = chain
        .map(|b| {
            b.stamps
                .iter()
                .filter(|s| s.ok() && s.check.lines >= 1)
                .map(|s| (s.check.lines, s.check.list.as_str()))
                .collect()
        })
        .unwrap_or_default();
    covering.sort_unstable();
    let with_anchors: Vec<(&str, Vec<Anchor>)> = covering
        .iter()
        .map(|(_, l)| (*l, anchors_of(l, report)))
        .collect();
    let pick = with_anchors
        .iter()
        .find(|(_, a)| a.iter().any(|x| x.existed_by.is_some()))
        .or(with_anchors.first());
    let anchors = pick.map(|(_, a)| a.clone()).unwrap_or_default();
    let list = pick.map(|(l, _)| l.to_string());
    let (verdict, words) = match first_run {
        None => (Verdict::OperatorClockOnly, DeclarationSays::NoRun),
        Some(run) => {
            let (v, by) = judge(run, sealed >= run, &anchors);
            let says = match v {
                Verdict::SealedAfterReference => DeclarationSays::Late { sealed, run },
                Verdict::ProvenBeforeReference => DeclarationSays::Proven { sealed, run, by },
                Verdict::AnchoredOnlyAfterReference => {
                    DeclarationSays::AnchoredAfter { sealed, run }
                }
                Verdict::OperatorClockOnly => DeclarationSays::OperatorOnly { sealed, run },
            };
            (v, says)
        }
    };
    Some(DeclarationProof {
        sealed_at: sealed.to_rfc3339(),
        first_run_at: first_run.map(Instant::to_rfc3339),
        list,
        anchors,
        verdict,
        words: Note::Msg(words),
    })
}

/// Run `run_id`'s counted answers (or cells) in a sentence: how many of `verdicts` (each with
/// the parties proving it) are proven before the reference, and by whom, and how many are not.
fn counted_says(run_id: &str, what: Counted, verdicts: &[(Verdict, &[Note<Party>])]) -> RunSays {
    let count = |v: Verdict| verdicts.iter().filter(|(x, _)| *x == v).count();
    let mut by: Vec<Party> = Vec::new();
    for b in verdicts.iter().flat_map(|(_, by)| parties(by)) {
        if !by.contains(&b) {
            by.push(b);
        }
    }
    RunSays::Counted {
        run_id: run_id.to_string(),
        what,
        proven: count(Verdict::ProvenBeforeReference),
        of: verdicts.len(),
        by,
        anchored_after: count(Verdict::AnchoredOnlyAfterReference),
        operator_only: count(Verdict::OperatorClockOnly),
        late: count(Verdict::SealedAfterReference),
    }
}

fn summarize(
    lines: &BookLines,
    answers: &[AnswerVerdict],
    cells: &[CellVerdict],
    run_session: &std::collections::BTreeMap<&str, (Date, bool)>,
) -> Vec<RunSummary> {
    let mut out = Vec::new();
    for r in &lines.runs {
        let Some(run_id) = r.run_id.as_deref() else {
            continue;
        };
        let of_run: Vec<&AnswerVerdict> = answers.iter().filter(|a| a.run_id == run_id).collect();
        let counted: Vec<&&AnswerVerdict> =
            of_run.iter().filter(|a| a.status == "counted").collect();
        let count = |v: Verdict| counted.iter().filter(|a| a.verdict == v).count();
        let mut by: Vec<Note<Party>> = Vec::new();
        for a in &counted {
            for b in &a.proven_by {
                if !by.contains(b) {
                    by.push(b.clone());
                }
            }
        }
        let (session, counted_run) = run_session
            .get(run_id)
            .map(|(d, c)| (d.to_string(), *c))
            .unwrap_or_default();
        let (proven, after, operator, late) = (
            count(Verdict::ProvenBeforeReference),
            count(Verdict::AnchoredOnlyAfterReference),
            count(Verdict::OperatorClockOnly),
            count(Verdict::SealedAfterReference),
        );
        let answer_verdicts: Vec<(Verdict, &[Note<Party>])> = counted
            .iter()
            .map(|a| (a.verdict, a.proven_by.as_slice()))
            .collect();
        // The counted cells of the counted answers (`counted`: a stated or explained cell).
        let counted_lines: BTreeSet<u64> = counted.iter().map(|a| a.line).collect();
        let cell_verdicts: Vec<(Verdict, &[Note<Party>])> = cells
            .iter()
            .filter(|c| counted_lines.contains(&c.line) && c.status.starts_with("counted"))
            .map(|c| (c.verdict, c.proven_by.as_slice()))
            .collect();
        let (summary, cells_summary) = if counted_run {
            (
                counted_says(run_id, Counted::Answers, &answer_verdicts),
                counted_says(run_id, Counted::Cells, &cell_verdicts),
            )
        } else {
            (
                RunSays::Reference {
                    run_id: run_id.to_string(),
                    answers: of_run.len(),
                },
                RunSays::ReferenceCells {
                    run_id: run_id.to_string(),
                },
            )
        };
        out.push(RunSummary {
            run_id: run_id.to_string(),
            session,
            counted_run,
            answers: of_run.len(),
            counted_answers: counted.len(),
            proven_before: proven,
            anchored_after: after,
            operator_only: operator,
            late,
            by,
            summary: Note::Msg(summary),
            cells_summary: Note::Msg(cells_summary),
        });
    }
    out
}

/// Adds to `report` the verdict of every answer of the council book among `books` (name and
/// bytes, `None` when they were not kept) with the ask chain among them, and Appendix B step 5
/// when ask texts were given; what cannot be judged is said in `answers_error`. The page's
/// worker and `sealbook verify --answers` both call this.
pub fn attach_answers(
    report: &mut VerifierReport,
    books: &[(String, Option<Vec<u8>>)],
    ask_texts: &[(String, Vec<u8>)],
) {
    attach_answers_read(report, books, ask_texts, None)
}

/// [`attach_answers`] with the council book's lines already read, when `read` names it (the
/// page reads them chunk by chunk while other workers verify the chain): the same report,
/// each line parsed once.
pub fn attach_answers_read(
    report: &mut VerifierReport,
    books: &[(String, Option<Vec<u8>>)],
    ask_texts: &[(String, Vec<u8>)],
    read: Option<(&str, Result<BookLines, BookLineError>)>,
) {
    use crate::records::published::PublishedFile;
    let is_asks = |n: &str| PublishedFile::of(n) == PublishedFile::AskChain;
    let asks = books
        .iter()
        .find(|(n, _)| is_asks(n))
        .and_then(|(_, b)| b.as_deref());
    let council = books.iter().find(|(n, _)| !is_asks(n));
    let chain = match asks.map(AskChain::parse).transpose() {
        Ok(c) => c,
        Err(e) => {
            report.answers_error = Some(AnswersError::roster(e));
            None
        }
    };
    let mut lines = None;
    match council {
        None => {}
        Some((name, None)) => {
            report.answers_error = Some(AnswersError::TooLarge { name: name.clone() })
        }
        Some((name, Some(bytes))) => {
            let parsed = match read {
                Some((n, parsed)) if n == name => parsed,
                _ => BookLines::parse(bytes),
            };
            match &parsed {
                Ok(l) => match answer_verdicts_of_lines(name, l, asks, report) {
                    Ok(a) => report.answers = Some(a),
                    Err(e) => report.answers_error = Some(e),
                },
                Err(e) => report.answers_error = Some(AnswersError::book_line(name, e.clone())),
            }
            lines = parsed.ok();
        }
    }
    if !ask_texts.is_empty() {
        report.ask_texts = Some(super::ask_texts::check_ask_texts(
            ask_texts,
            lines.as_ref(),
            chain.as_ref(),
        ));
    }
}

/// Holds the climatology table given with `books` (the page's dropped or fetched
/// `council-clim-window.json`, None when not given) to the content hash the ask chain's
/// declaration sealed (spec §4.3), as a session does: [`super::report::sealed_climatology`].
pub fn attach_climatology(
    report: &mut VerifierReport,
    books: &[(String, Option<Vec<u8>>)],
    table: Option<&[u8]>,
) {
    use crate::records::published::PublishedFile;
    let chain = books
        .iter()
        .find(|(n, _)| PublishedFile::of(n) == PublishedFile::AskChain)
        .and_then(|(_, b)| b.as_deref())
        .and_then(|b| AskChain::parse(b).ok());
    report.climatology = super::report::sealed_climatology(chain.as_ref(), table);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::parse_line_object;
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::stamp_list;
    use crate::book::writer::BookWriter;
    use crate::records::ask_chain::{Declaration, SCHEDULED_MORNING_RUN};
    use crate::verifier::results::{RekorResult, TokenResult};
    use crate::verifier::{BookReader, ListInput, StampPlan};

    fn seal(lines: &[&str]) -> Vec<u8> {
        let mut w = BookWriter::new();
        lines
            .iter()
            .flat_map(|l| {
                w.append(&parse_line_object(l.as_bytes()).unwrap())
                    .unwrap()
                    .bytes
            })
            .collect()
    }

    fn answer(seat: &str, at: &str, extra: &str) -> String {
        format!(
            r#"{{"kind": "answer", "run_id": "2026-10-21-am", "seat": "{seat}", "at": "{at}", "model": "m-{seat}", "items": {{"SPX": {{"1d": {{"prob_up": 60}}}}, "BTC": {{"1d": {{"prob_up": 55}}}}}}{extra}}}"#
        )
    }

    fn entry(book: &[u8], lines: u64) -> (String, u64, String, String) {
        let head: Vec<u8> = book
            .split_inclusive(|b| *b == b'\n')
            .take(lines as usize)
            .flatten()
            .copied()
            .collect();
        let r = verify(&head, VerifyOptions::default());
        (
            "daily/council/book.jsonl".into(),
            lines,
            r.sha256,
            r.last_link.unwrap(),
        )
    }

    #[test]
    fn one_clock_and_the_bitcoin_bars_of_books_scored_before_it() {
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let common = t("2026-10-21T13:30:00Z");
        let early = t("2026-10-21T12:31:10Z");
        // Sealed before the reference: every market on the common reference, Bitcoin too.
        assert_eq!(cell_reference(common, "BTC", true, early), (common, false));
        assert_eq!(cell_reference(common, "SPX", true, early), (common, false));
        // A book scored under the earlier rule gave Bitcoin its own bar (same_event false):
        // the cell is judged against the bar it was scored from, and is not late.
        assert_eq!(
            cell_reference(common, "BTC", false, early),
            (t("2026-10-21T12:32:00Z"), false)
        );
        // Sealed after the reference: late, its own bar, for every market.
        let late = t("2026-10-21T13:31:05Z");
        for asset in ["BTC", "SPX"] {
            assert_eq!(
                cell_reference(common, asset, false, late),
                (t("2026-10-21T13:32:00Z"), true)
            );
        }
    }

    /// A league day: four answers, two stamped lists, a signed token on the first list and a
    /// signed Rekor entry after the reference on the second.
    fn league() -> (Vec<u8>, Vec<u8>, VerifierReport) {
        let book = seal(&[
            r#"{"kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z", "ask_sha256": "aa"}"#,
            &answer("a", "2026-10-21T12:31:00Z", ""),
            &answer(
                "b",
                "2026-10-21T12:32:00Z",
                r#", "booked_at": "2026-10-21T13:20:00Z""#,
            ),
            &answer("c", "2026-10-21T13:31:05Z", ""),
            &answer("d", "2026-10-21T13:25:00Z", ""),
            r#"{"kind": "correction", "at": "2026-10-21T15:00:00Z", "of": 2, "source": "run receipt", "reason": "model restored", "fields": {"model": "m-a2"}}"#,
            r#"{"kind": "correction", "at": "2026-10-21T15:01:00Z", "of": 3, "source": "run receipt", "reason": "restored", "fields": {"mode": "web", "items": {"GC": {"1d": {"prob_up": 40}}}}}"#,
        ]);
        let asks = BookWriter::new()
            .append(
                &Declaration {
                    at: "2026-10-21T04:16:00Z".into(),
                    ask_at_et: "08:30".into(),
                    reference_at_et: "09:30".into(),
                    counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
                    seats: Some(
                        ["a", "b", "c", "d"]
                            .map(|s| crate::records::roster::RosterSeat {
                                seat: s.into(),
                                family: s.into(),
                                side: None,
                                model: None,
                                provider: None,
                            })
                            .to_vec(),
                    ),
                    ..Default::default()
                }
                .to_object(),
            )
            .unwrap()
            .bytes;
        let lists = vec![
            ListInput::parse(
                "proof/2026-10-21/130019Z.txt",
                stamp_list::render(&[entry(&book, 2)]).as_bytes(),
            ),
            ListInput::parse(
                "proof/2026-10-21/132337Z.txt",
                stamp_list::render(&[entry(&book, 3)]).as_bytes(),
            ),
        ];
        let names = vec![crate::records::names::BOOK_FILE.to_string()];
        let plan = StampPlan::new(&names, &lists);
        let mut r = BookReader::new(plan.prefix_at(0));
        r.feed(&book);
        let mut report = VerifierReport::new(plan.resolve(vec![r.finish()]), &lists);
        report.tokens.push(TokenResult {
            name: "proof/2026-10-21/130019Z.txt.freetsa.tsr".into(),
            list: Some("proof/2026-10-21/130019Z.txt".into()),
            ok: true,
            gen_time: Some("2026-10-21T13:00:19Z".into()),
            authority: Some("FreeTSA".into()),
            ..Default::default()
        });
        report.rekor.push(RekorResult {
            name: "proof/2026-10-21/132337Z.txt.rekor.json".into(),
            list: Some("proof/2026-10-21/132337Z.txt".into()),
            ok: true,
            integrated_time: Some("2026-10-21T23:45:03Z".into()),
            time_signed: true,
            log_index: Some(7),
            ..Default::default()
        });
        (book, asks, report)
    }

    #[test]
    fn a_rekor_entry_is_worded_by_the_time_it_carries() {
        let (_, _, mut report) = league();
        let list = "proof/2026-10-21/132337Z.txt";
        let words = |report: &VerifierReport| match &anchors_of(list, report)[0].words {
            Note::Msg(m) => m.clone(),
            other => panic!("{other:?}"),
        };
        assert!(matches!(words(&report), AnchorSays::RekorSigned { .. }));
        report.rekor[0].time_signed = false;
        assert!(matches!(words(&report), AnchorSays::RekorUnsigned { .. }));
        // A Rekor v2 entry: no integratedTime at all, never "integratedTime ?".
        report.rekor[0].integrated_time = None;
        assert_eq!(words(&report), AnchorSays::RekorNoTime);
        assert!(!words(&report).to_string().contains('?'));
        assert_eq!(anchors_of(list, &report)[0].existed_by, None);
    }

    #[test]
    fn lines_read_in_chunks_give_the_report_of_the_whole_book() {
        use crate::records::book_lines::BookLinesReader;
        let (book, asks, report) = league();
        let name = crate::records::names::BOOK_FILE.to_string();
        let books = vec![
            (name.clone(), Some(book.clone())),
            ("asks.jsonl".to_string(), Some(asks)),
        ];
        let texts = vec![("asks/00.md".to_string(), b"an ask".to_vec())];
        let mut whole = report.clone();
        attach_answers(&mut whole, &books, &texts);
        assert!(whole.answers.is_some(), "{:?}", whole.answers_error);
        // A damaged copy too: an unreadable line is the same error either way.
        let mut damaged = book.clone();
        damaged.splice(5..5, b"oops".iter().copied());
        for bytes in [book, damaged] {
            let books = vec![(name.clone(), Some(bytes.clone())), books[1].clone()];
            let mut one = report.clone();
            attach_answers(&mut one, &books, &texts);
            let one = serde_json::to_string(&one).unwrap();
            for step in [1, 7, 64, 333, bytes.len()] {
                let mut r = BookLinesReader::default();
                for chunk in bytes.chunks(step) {
                    r.feed(chunk);
                }
                let mut read = report.clone();
                attach_answers_read(&mut read, &books, &texts, Some((&name, r.finish())));
                assert_eq!(serde_json::to_string(&read).unwrap(), one, "step {step}");
            }
        }
    }

    #[test]
    fn each_verdict_kind_on_a_constructed_league() {
        let (book, asks, report) = league();
        let r = answer_verdicts("council-book.jsonl", &book, Some(&asks), &report).unwrap();
        assert!(r.ok(), "{:?} {:?}", r.problems, r.counting);
        let v = |line: u64| r.answers.iter().find(|a| a.line == line).unwrap();
        // Line 2: in the 13:00:19Z list, signed by FreeTSA before 13:30Z.
        assert_eq!(v(2).verdict, Verdict::ProvenBeforeReference);
        assert_eq!(
            v(2).proven_by,
            [Note::Msg(Party::Authority("FreeTSA".into()))]
        );
        assert_eq!(v(2).list.as_deref(), Some("proof/2026-10-21/130019Z.txt"));
        assert_eq!(
            v(2).model.as_deref(),
            Some("m-a2"),
            "the correction restores it"
        );
        assert_eq!(v(2).corrections[0].line, 6);
        assert_eq!(
            v(2).corrections[0].words.to_string(),
            "restores the model \"m-a2\" (source: run receipt)"
        );
        assert_eq!(
            v(3).corrections[0].words.to_string(),
            "restores the mode \"web\"; restores 1 cell not in the sealed answer (GC 1d): listed apart as correction rows, not counted (source: run receipt)"
        );
        assert_eq!(v(2).markets, ["BTC", "SPX"]);
        // Line 3: booked at 13:20Z, only in the second list, whose anchor is after 09:30 ET.
        assert_eq!(v(3).sealed_at, "2026-10-21T13:20:00Z");
        assert_eq!(v(3).verdict, Verdict::AnchoredOnlyAfterReference);
        assert!(
            v(3).words
                .to_string()
                .contains("only by 2026-10-21T23:45:03Z"),
            "{}",
            v(3).words
        );
        // Line 4: sealed after the reference; line 5: after the last stamped prefix.
        assert_eq!(v(4).verdict, Verdict::SealedAfterReference);
        assert_eq!(v(5).verdict, Verdict::OperatorClockOnly);
        assert_eq!(v(5).list, None);
        assert_eq!(r.unanchored_from, Some(4));
        // One clock (spec §3.3): Bitcoin sealed after the reference is late, its own
        // reference the first bar at or after the seal; sealed before it, the common one.
        let btc = r
            .cells
            .iter()
            .find(|c| c.line == 4 && c.asset == "BTC")
            .unwrap();
        assert_eq!(btc.reference_at, "2026-10-21T13:32:00Z");
        assert_eq!(btc.verdict, Verdict::SealedAfterReference);
        let btc2 = r
            .cells
            .iter()
            .find(|c| c.line == 2 && c.asset == "BTC")
            .unwrap();
        assert_eq!(
            (btc2.reference_at.as_str(), btc2.verdict),
            ("2026-10-21T13:30:00Z", Verdict::ProvenBeforeReference),
        );
        assert_eq!(
            r.cells.len(),
            8,
            "a restored cell is not a cell of the sealed answer"
        );
        assert_eq!(
            r.runs[0].cells_summary.to_string(),
            "2026-10-21-am: 2 of 8 counted cells proven before the reference by FreeTSA; 2 anchored only after the reference; 2 on the operator's clock only; 2 sealed late"
        );
        let spx = r
            .cells
            .iter()
            .find(|c| c.line == 2 && c.asset == "SPX")
            .unwrap();
        assert!(
            spx.words.to_string().ends_with(
                "proven before the reference 2026-10-21T13:30:00Z (09:30:00 ET) by FreeTSA"
            ),
            "{}",
            spx.words
        );
        assert_eq!(
            r.runs[0].summary.to_string(),
            "2026-10-21-am: 1 of 4 counted answers proven before the reference by FreeTSA; 1 anchored only after the reference; 1 on the operator's clock only; 1 sealed late"
        );
        // The declaration: sealed before the first run, by the operator's clock (no stamp of
        // the ask chain was given).
        let d = r.declaration.as_ref().unwrap();
        assert_eq!(d.verdict, Verdict::OperatorClockOnly);
        assert!(
            d.words
                .to_string()
                .contains("before the first run (2026-10-21T12:30:00Z)"),
            "{}",
            d.words
        );
        // The report crosses to the page and back, its sentences as their English.
        let json = serde_json::to_string(&r).unwrap();
        let back = serde_json::from_str::<AnswersReport>(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        assert_eq!(back.answers[1].words.to_string(), v(3).words.to_string());
    }

    #[test]
    fn an_ots_block_after_the_reference_and_unverified_books() {
        let ots = Anchor {
            kind: AnchorKind::OpenTimestamps,
            file: "130025Z.txt.ots".into(),
            by: Note::Msg(Party::BitcoinBlock { height: 972334 }),
            level: "Level 2".into(),
            time: Some("2026-10-20T13:55:20Z".into()),
            existed_by: Some("2026-10-20T15:55:20Z".into()),
            words: Note::Msg(AnchorSays::BitcoinUntimed { height: 972334 }),
        };
        let reference = Instant::parse_rfc3339("2026-10-20T13:30:00Z").unwrap();
        assert_eq!(
            judge(reference, false, std::slice::from_ref(&ots)).0,
            Verdict::AnchoredOnlyAfterReference
        );
        // A block hours before the reference proves it.
        let early = Anchor {
            existed_by: Some("2026-10-20T11:00:00Z".into()),
            ..ots.clone()
        };
        assert_eq!(
            judge(reference, false, &[ots, early]),
            (
                Verdict::ProvenBeforeReference,
                vec![Party::BitcoinBlock { height: 972334 }]
            )
        );
        // A Rekor entry without a signed entry timestamp establishes no time.
        let unsigned = Anchor {
            kind: AnchorKind::Rekor,
            existed_by: None,
            ..Anchor {
                kind: AnchorKind::Rekor,
                file: String::new(),
                by: Note::Msg(Party::Rekor { log_index: None }),
                level: "Level 2".into(),
                time: Some("2026-10-20T12:00:00Z".into()),
                existed_by: None,
                words: Note::Msg(AnchorSays::RekorUnsigned {
                    integrated_time: None,
                }),
            }
        };
        assert_eq!(
            judge(reference, false, &[unsigned]).0,
            Verdict::OperatorClockOnly
        );
        // No chain checked, or a broken one: a failure, never a pass.
        let (book, asks, mut report) = league();
        report.books.clear();
        let r = answer_verdicts("council-book.jsonl", &book, Some(&asks), &report).unwrap();
        assert!(
            !r.ok() && r.problems[0].to_string().contains("not verified"),
            "{:?}",
            r.problems
        );
        assert!(r
            .answers
            .iter()
            .all(|a| a.verdict != Verdict::ProvenBeforeReference));
        // Without the ask chain the counted run is inferred, and the report says so.
        let (book, _, report) = league();
        let r = answer_verdicts("council-book.jsonl", &book, None, &report).unwrap();
        assert!(r.counting.notes[0]
            .to_string()
            .contains("not read from a sealed declaration"));
    }
}
