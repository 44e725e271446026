//! The reader's verdict over one verification, computed once from the typed report (spec §3.2,
//! §3.3, §3.11; ARCHITECTURE.md "Trust ladder"): one state, one level, where a failure lies,
//! what could not be checked and the action that would check it, which line ranges of each
//! book an anchor outside the operator covers, and how many counted answers are proven sealed
//! before their reference, by which parties.
//!
//! Three states ([`State`]): `Failed` when a check failed (a seal, link, prefix, signature or
//! digest; exactly the failures that make [`VerifierReport::verified`] false, so the CLI's
//! fail-closed exit code and this verdict never disagree about a failure); `Unchecked` when
//! nothing failed but something could not be checked (a root the reader has not chosen, a
//! pending proof with no other anchor, a missing header, list or key); `Passed` when every
//! check the files allow passed, at the level stated.

use super::answer_words::Party;
use super::answers::{AnswersReport, Verdict};
use super::report::VerifierReport;
use super::results::{BookResult, FileError, ProofResult, ProofState, TokenResult};
use super::trust::TrustLevel;
use crate::book::chain::ChainCheck;
use crate::checks::{CheckMsg, Status};
use crate::records::names::CLIM_FILE;
use crate::score::baselines::ClimSeal;
use crate::score::notes::Note;
use crate::tsp::response::check as tsp_check;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The verdict's colour: red, amber or green.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// A check failed: the files are not what was sealed and stamped.
    Failed,
    /// Nothing failed, but something could not be checked (see [`Overall::unchecked`]).
    Unchecked,
    /// Every check the files allow passed, at [`Overall::level`].
    Passed,
}

/// Who proves a line or an answer, grouped by party (spec §3.11): Bitcoin through
/// OpenTimestamps, each RFC 3161 authority by name, the Rekor log.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum PartyGroup {
    /// OpenTimestamps calendars, proven in Bitcoin blocks.
    Bitcoin,
    /// A time-stamp authority (RFC 3161), by its name.
    Authority(String),
    Rekor,
}

impl PartyGroup {
    /// The group a proving party belongs to.
    pub fn of(party: &Party) -> PartyGroup {
        match party {
            Party::Authority(name) => PartyGroup::Authority(name.clone()),
            Party::Rekor { .. } => PartyGroup::Rekor,
            Party::BitcoinBlock { .. } => PartyGroup::Bitcoin,
        }
    }
}

impl fmt::Display for PartyGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartyGroup::Bitcoin => f.write_str("Bitcoin (OpenTimestamps)"),
            PartyGroup::Authority(name) => f.write_str(name),
            PartyGroup::Rekor => f.write_str("Rekor"),
        }
    }
}

/// Where a check failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum Failure {
    /// The book's chain breaks at `line` (its first failed check, when one is named).
    Chain {
        book: String,
        line: u64,
        check: Option<ChainCheck>,
    },
    /// The chain holds, but stamped list `list` over the first `to` lines does not match the
    /// book while every list over fewer than `from` lines does: the change (a re-chained edit,
    /// or lines removed) lies in lines `from..=to`.
    Prefix {
        book: String,
        list: String,
        from: u64,
        to: u64,
    },
    /// A stamped list could not be read.
    ListUnreadable { list: String },
    /// A stamped list names no line of any book given.
    ListChecksNothing { list: String },
    /// The pasted Bitcoin headers could not be read.
    HeadersUnreadable,
    /// An OpenTimestamps proof is refuted: its digest differs from its list's, or the
    /// headers given match none of its Bitcoin attestations.
    Proof { file: String },
    /// An RFC 3161 token fails a check other than the path to a root the reader chose (its
    /// signature, its imprint), or cannot be read.
    Token { file: String },
    /// A Rekor entry fails a check, or cannot be read.
    Rekor { file: String },
    /// An ask text does not hash to its name (Appendix B step 5).
    AskTexts,
    /// The climatology table given is not the table the declaration sealed (spec §4.3): it
    /// cannot be read, or its content hashes to another hash.
    Climatology { file: String },
}

/// What could not be checked, with what would check it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum Unchecked {
    /// Tokens of `authority` verify but for the path to a root: the reader has not chosen its
    /// root. Action: choose it (its certificate is published with the league) as a trust
    /// anchor.
    RootNotChosen { authority: String, tokens: usize },
    /// A token's signer certificate is neither in the token nor dropped. Action: drop it.
    SignerMissing { file: String },
    /// OpenTimestamps proofs hold only pending attestations. Action: wait for Bitcoin, then
    /// `ots upgrade` them.
    ProofsPending { proofs: usize },
    /// Proofs reach Bitcoin blocks whose headers were not given. Action: give the headers.
    HeadersMissing { proofs: usize, heights: Vec<u64> },
    /// A proof, token or entry whose list was not dropped. Action: drop the list.
    ListMissing { file: String },
    /// Rekor entries with no log key to check them. Action: choose the log key.
    LogKeyMissing { file: String },
    /// The declaration seals a climatology table that was not given (spec §4.3). Action:
    /// drop it (`file`).
    ClimatologyMissing { file: String },
    /// No book and no anchor: nothing to check. Action: drop the book.
    NothingChecked,
}

impl Unchecked {
    /// Whether it holds the verdict at amber at `level`: a pending proof or a missing header
    /// does not once another anchor has taken the book outside the operator (Level 2).
    fn blocks(&self, level: TrustLevel) -> bool {
        match self {
            Unchecked::ProofsPending { .. } | Unchecked::HeadersMissing { .. } => {
                level < TrustLevel::Level2
            }
            _ => true,
        }
    }
}

/// Lines `1..=to` of a book proven outside the operator, at `level`, by `party`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Covered {
    pub party: PartyGroup,
    pub level: TrustLevel,
    pub to: u64,
}

/// One book's lines and the ranges anchored outside the operator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    pub book: String,
    /// Complete lines read.
    pub lines: u64,
    /// One per party, the longest prefix it covers; highest level first, then longest.
    pub covered: Vec<Covered>,
    /// The lines no anchor covers, `from..=lines` (the operator's clock alone, Level 1).
    pub unanchored_from: Option<u64>,
}

/// Lines of a book that must not be shown as normal rows: `from..=to` (`to` open: to the end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suspect {
    pub book: String,
    pub from: u64,
    pub to: Option<u64>,
}

impl Suspect {
    pub fn contains(&self, line: u64) -> bool {
        line >= self.from && self.to.is_none_or(|to| line <= to)
    }
}

/// The counted answers of the council book and who proves them sealed before their reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswersTally {
    pub counted: usize,
    pub proven_before: usize,
    /// Per party, how many counted answers it proves before their reference.
    pub by: Vec<(PartyGroup, usize)>,
    pub anchored_after: usize,
    pub operator_only: usize,
    pub late: usize,
}

/// The reader's verdict (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overall {
    pub state: State,
    /// The one level the verification reached ([`VerifierReport::level`]).
    pub level: TrustLevel,
    pub failures: Vec<Failure>,
    pub unchecked: Vec<Unchecked>,
    pub coverage: Vec<Coverage>,
    pub suspect: Vec<Suspect>,
    pub answers: Option<AnswersTally>,
}

impl Overall {
    /// The verdict over `r`. Call it before the answers' sentences are worded
    /// ([`AnswersReport::word`]): the parties are read from their messages.
    pub fn of(r: &VerifierReport) -> Overall {
        let level = r.level();
        let mut failures = Vec::new();
        let mut suspect = Vec::new();
        for b in &r.books {
            if !b.report.ok {
                let line = b.report.first_bad_line.unwrap_or(1);
                failures.push(Failure::Chain {
                    book: b.name.clone(),
                    line,
                    check: b.report.problems.first().map(|p| p.check),
                });
                suspect.push(Suspect {
                    book: b.name.clone(),
                    from: line,
                    to: None,
                });
                continue;
            }
            let bad = b
                .stamps
                .iter()
                .filter(|s| !s.ok())
                .min_by_key(|s| s.check.lines);
            if let Some(bad) = bad {
                let to = bad.check.lines;
                let from = b
                    .stamps
                    .iter()
                    .filter(|s| s.ok() && s.check.lines < to)
                    .map(|s| s.check.lines)
                    .max()
                    .unwrap_or(0)
                    + 1;
                failures.push(Failure::Prefix {
                    book: b.name.clone(),
                    list: bad.check.list.clone(),
                    from,
                    to,
                });
                suspect.push(Suspect {
                    book: b.name.clone(),
                    from,
                    to: Some(to),
                });
            }
        }
        for l in r.lists.iter().filter(|l| l.error.is_some()) {
            failures.push(Failure::ListUnreadable {
                list: l.name.clone(),
            });
        }
        for u in &r.unchecked_lists {
            failures.push(Failure::ListChecksNothing {
                list: u.list.clone(),
            });
        }
        if r.headers.error.is_some() {
            failures.push(Failure::HeadersUnreadable);
        }
        let mut unchecked = Vec::new();
        proofs(&r.proofs, &mut failures, &mut unchecked);
        tokens(&r.tokens, &mut failures, &mut unchecked);
        for e in r.rekor.iter().filter(|e| !e.ok) {
            match &e.error {
                Some(FileError::EntryListNotDropped { .. }) => {
                    unchecked.push(Unchecked::ListMissing {
                        file: e.name.clone(),
                    })
                }
                Some(FileError::EntryListOrKeyMissing { .. }) if r.trust.log_key_file.is_none() => {
                    unchecked.push(Unchecked::LogKeyMissing {
                        file: e.name.clone(),
                    })
                }
                Some(FileError::EntryListOrKeyMissing { .. }) => {
                    unchecked.push(Unchecked::ListMissing {
                        file: e.name.clone(),
                    })
                }
                _ => failures.push(Failure::Rekor {
                    file: e.name.clone(),
                }),
            }
        }
        if r.ask_texts.as_ref().is_some_and(|a| !a.ok()) {
            failures.push(Failure::AskTexts);
        }
        match &r.climatology {
            Some(ClimSeal::Missing { .. }) => unchecked.push(Unchecked::ClimatologyMissing {
                file: CLIM_FILE.to_string(),
            }),
            Some(c) if c.failed() => failures.push(Failure::Climatology {
                file: CLIM_FILE.to_string(),
            }),
            _ => {}
        }
        let (external, signed_time) = r.anchored();
        if r.books.is_empty() && !external && !signed_time && unchecked.is_empty() {
            unchecked.push(Unchecked::NothingChecked);
        }
        let state = if !failures.is_empty() {
            State::Failed
        } else if unchecked.iter().any(|u| u.blocks(level)) {
            State::Unchecked
        } else {
            State::Passed
        };
        Overall {
            state,
            level,
            failures,
            unchecked,
            coverage: coverage(r),
            suspect,
            answers: r.answers.as_ref().map(tally),
        }
    }

    /// Whether line `line` of `book` lies where a check failed (not to be shown as a normal row).
    pub fn suspect(&self, book: &str, line: u64) -> bool {
        self.suspect
            .iter()
            .any(|s| s.book == book && s.contains(line))
    }
}

fn proofs(proofs: &[ProofResult], failures: &mut Vec<Failure>, unchecked: &mut Vec<Unchecked>) {
    let mut pending = 0;
    let mut waiting = 0;
    let mut heights = Vec::new();
    for p in proofs {
        match p.state() {
            ProofState::Verified => {}
            ProofState::Failed => failures.push(Failure::Proof {
                file: p.name.clone(),
            }),
            ProofState::Open => {
                match (&p.error, p.report.as_ref().and_then(|r| r.verdict.as_ref())) {
                    (Some(_), _) => unchecked.push(Unchecked::ListMissing {
                        file: p.name.clone(),
                    }),
                    (None, Some(v)) if !v.bitcoin.is_empty() => {
                        waiting += 1;
                        heights.extend(v.bitcoin.iter().map(|c| c.height));
                    }
                    _ => pending += 1,
                }
            }
        }
    }
    if pending > 0 {
        unchecked.push(Unchecked::ProofsPending { proofs: pending });
    }
    if waiting > 0 {
        heights.sort_unstable();
        heights.dedup();
        unchecked.push(Unchecked::HeadersMissing {
            proofs: waiting,
            heights,
        });
    }
}

/// The only failed check of a token that verifies is the path to a root the reader chose.
pub(super) fn root_not_chosen(t: &TokenResult) -> bool {
    let mut failed = t
        .checks
        .iter()
        .filter(|c| c.status == Status::Fail && c.id != tsp_check::CHAIN_NOW);
    matches!(
        (failed.next(), failed.next()),
        (Some(c), None) if c.id == tsp_check::CHAIN_AT_GEN_TIME
            && matches!(c.msg, CheckMsg::NoPathToAnchor { .. } | CheckMsg::NoTrustAnchor)
    )
}

fn tokens(tokens: &[TokenResult], failures: &mut Vec<Failure>, unchecked: &mut Vec<Unchecked>) {
    for t in tokens.iter().filter(|t| !t.ok) {
        match &t.error {
            Some(FileError::TokenListNotDropped { .. }) => unchecked.push(Unchecked::ListMissing {
                file: t.name.clone(),
            }),
            Some(_) => failures.push(Failure::Token {
                file: t.name.clone(),
            }),
            None if t.missing_signer.is_some() => unchecked.push(Unchecked::SignerMissing {
                file: t.name.clone(),
            }),
            None if root_not_chosen(t) => {
                let authority = t.authority.clone().unwrap_or_else(|| t.name.clone());
                let known = unchecked.iter_mut().find_map(|u| match u {
                    Unchecked::RootNotChosen {
                        authority: a,
                        tokens,
                    } if *a == authority => Some(tokens),
                    _ => None,
                });
                match known {
                    Some(n) => *n += 1,
                    None => unchecked.push(Unchecked::RootNotChosen {
                        authority,
                        tokens: 1,
                    }),
                }
            }
            None => failures.push(Failure::Token {
                file: t.name.clone(),
            }),
        }
    }
}

/// Each book's prefixes covered by a list that checks out against it and carries a verified
/// anchor, one per party: the council's book first (the one whose answers are judged), then
/// the others by name, whatever order the books were given in (the CLI and the page read
/// them in different orders and say the same).
fn coverage(r: &VerifierReport) -> Vec<Coverage> {
    let council = r.answers.as_ref().map(|a| a.book.as_str());
    let mut books: Vec<&BookResult> = r.books.iter().collect();
    books.sort_by_key(|b| (Some(b.name.as_str()) != council, b.name.as_str()));
    books
        .into_iter()
        .map(|b| {
            let mut covered: Vec<Covered> = Vec::new();
            let mut add = |party: PartyGroup, level: TrustLevel, to: u64| match covered
                .iter_mut()
                .find(|c| c.party == party)
            {
                Some(c) if c.to < to => {
                    c.to = to;
                    c.level = level;
                }
                Some(_) => {}
                None => covered.push(Covered { party, level, to }),
            };
            if b.report.ok {
                for s in b.stamps.iter().filter(|s| s.ok()) {
                    let list = s.check.list.as_str();
                    let to = s.check.lines;
                    for t in r
                        .tokens
                        .iter()
                        .filter(|t| t.ok && t.list.as_deref() == Some(list))
                    {
                        let name = t.authority.clone().unwrap_or_else(|| t.name.clone());
                        add(PartyGroup::Authority(name), TrustLevel::Level2Plus, to);
                    }
                    // SET only: the log's promise, no proof of inclusion, so not Level 2.
                    if r.rekor
                        .iter()
                        .any(|e| e.ok && !e.set_only && e.list.as_deref() == Some(list))
                    {
                        add(PartyGroup::Rekor, TrustLevel::Level2, to);
                    }
                    if r.proofs.iter().any(|p| {
                        p.state() == ProofState::Verified && p.stamped_file.as_deref() == Some(list)
                    }) {
                        add(PartyGroup::Bitcoin, TrustLevel::Level2, to);
                    }
                }
            }
            covered.sort_by(|a, b| b.level.cmp(&a.level).then(b.to.cmp(&a.to)));
            let longest = covered.iter().map(|c| c.to).max().unwrap_or(0);
            Coverage {
                book: b.name.clone(),
                lines: b.report.lines,
                unanchored_from: (b.report.lines > longest).then_some(longest + 1),
                covered,
            }
        })
        .collect()
}

/// The counted answers' verdicts, and the parties proving them before their reference.
fn tally(a: &AnswersReport) -> AnswersTally {
    let mut out = AnswersTally {
        counted: 0,
        proven_before: 0,
        by: Vec::new(),
        anchored_after: 0,
        operator_only: 0,
        late: 0,
    };
    for v in a.answers.iter().filter(|v| v.status == "counted") {
        out.counted += 1;
        match v.verdict {
            Verdict::ProvenBeforeReference => out.proven_before += 1,
            Verdict::AnchoredOnlyAfterReference => out.anchored_after += 1,
            Verdict::OperatorClockOnly => out.operator_only += 1,
            Verdict::SealedAfterReference => out.late += 1,
        }
        if v.verdict != Verdict::ProvenBeforeReference {
            continue;
        }
        let mut groups: Vec<PartyGroup> = v
            .proven_by
            .iter()
            .filter_map(|n| match n {
                Note::Msg(p) => Some(PartyGroup::of(p)),
                Note::Text(_) => None,
            })
            .collect();
        groups.sort();
        groups.dedup();
        for g in groups {
            match out.by.iter_mut().find(|(p, _)| *p == g) {
                Some((_, n)) => *n += 1,
                None => out.by.push((g, 1)),
            }
        }
    }
    out.by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

#[cfg(test)]
mod tests;
