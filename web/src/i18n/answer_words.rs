//! The answers report's sentences in the page's language ([`sealbook_core::verifier::answer_words`],
//! spec §3.2, §3.3, §3.10, §3.11, and the counting rule's notes, §3.4): the verify worker words
//! them before the report leaves it. The English of each is the message's `Display`, what
//! `sealbook verify --answers` prints.

use super::book_messages::roster_error;
use super::{t, tr, M};
use sealbook_core::calendar::Instant;
use sealbook_core::records::names::ASKS_FILE;
use sealbook_core::score::counting::CountingNote;
use sealbook_core::verifier::answer_words::{
    new_york_clock, AnchorSays, AnswersProblem, AnswersWording, CorrectionChange, CorrectionSays,
    Counted, DeclarationSays, Party, RunSays, VerdictSays,
};

/// The page's wording of the answers report.
pub struct PageWording;

/// `a`, `a and b`, `a, b and c` in the page's language.
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => tr(
            M::AwAnd,
            &[("init", &init.join(t(M::AwListSep))), ("last", last)],
        ),
    }
}

fn parties(by: &[Party]) -> String {
    join(&by.iter().map(|p| PageWording.party(p)).collect::<Vec<_>>())
}

/// `t` in UTC and on the New York clock, each labelled: `2026-10-21T13:29:58Z (09:29:58 ET)`.
fn at(t: Instant) -> String {
    tr(
        M::AwAtEt,
        &[("utc", &t.to_rfc3339()), ("et", &new_york_clock(t))],
    )
}

/// `t` on the New York clock, labelled: `09:29:58 ET`.
fn et(t: Instant) -> String {
    tr(M::AwEt, &[("et", &new_york_clock(t))])
}

fn or_unknown(t: &Option<String>) -> &str {
    t.as_deref().unwrap_or("?")
}

impl AnswersWording for PageWording {
    fn party(&self, m: &Party) -> String {
        match m {
            Party::Authority(_) | Party::Rekor { log_index: None } => m.to_string(),
            Party::Rekor { log_index: Some(i) } => tr(M::AwRekorIndex, &[("index", i)]),
            Party::BitcoinBlock { height } => tr(M::AwBitcoinBlock, &[("height", height)]),
        }
    }

    fn anchor(&self, m: &AnchorSays) -> String {
        match m {
            AnchorSays::Token {
                authority,
                root,
                gen_time,
            } => tr(
                M::AwToken,
                &[
                    ("authority", authority),
                    ("root", &or_unknown(root)),
                    ("time", &or_unknown(gen_time)),
                ],
            ),
            AnchorSays::RekorSigned { integrated_time } => {
                tr(M::AwRekorSigned, &[("time", &or_unknown(integrated_time))])
            }
            AnchorSays::RekorUnsigned { integrated_time } => tr(
                M::AwRekorUnsigned,
                &[("time", &or_unknown(integrated_time))],
            ),
            AnchorSays::RekorNoTime => tr(M::AwRekorNoTime, &[]),
            AnchorSays::Bitcoin {
                height,
                header,
                bound,
            } => tr(
                M::AwBitcoin,
                &[
                    ("height", height),
                    ("header", &header.to_rfc3339()),
                    ("header_et", &et(*header)),
                    ("bound", &at(*bound)),
                ],
            ),
            AnchorSays::BitcoinUntimed { height } => tr(M::AwBitcoinUntimed, &[("height", height)]),
        }
    }

    fn verdict(&self, m: &VerdictSays) -> String {
        match m {
            VerdictSays::Late { sealed, reference } => tr(
                M::AwLate,
                &[("sealed", &at(*sealed)), ("reference", &at(*reference))],
            ),
            VerdictSays::Proven {
                sealed,
                reference,
                by,
            } => tr(
                M::AwProven,
                &[
                    ("sealed", &at(*sealed)),
                    ("reference", &at(*reference)),
                    ("by", &parties(by)),
                ],
            ),
            VerdictSays::AnchoredAfter {
                sealed,
                first,
                reference,
            } => {
                let (first, first_at) = match first {
                    Some((p, t)) => (self.party(p), at(*t)),
                    None => ("?".into(), "? (?)".into()),
                };
                tr(
                    M::AwAnchoredAfter,
                    &[
                        ("sealed", &at(*sealed)),
                        ("first", &first),
                        ("first_at", &first_at),
                        ("reference", &at(*reference)),
                    ],
                )
            }
            VerdictSays::OperatorUncovered { sealed } => {
                tr(M::AwOperatorUncovered, &[("sealed", &at(*sealed))])
            }
            VerdictSays::OperatorUntimed { sealed, list } => tr(
                M::AwOperatorUntimed,
                &[("sealed", &at(*sealed)), ("list", list)],
            ),
        }
    }

    fn correction(&self, m: &CorrectionSays) -> String {
        let changes: Vec<String> = m
            .changes
            .iter()
            .map(|c| match c {
                CorrectionChange::Copy { line } => tr(M::AwCopy, &[("line", line)]),
                CorrectionChange::Restores { field, value } => tr(
                    M::AwRestores,
                    &[("field", field), ("value", &format!("{value:?}"))],
                ),
                CorrectionChange::RestoresCells { cells } => tr(
                    super::plural(cells.len() as u64, M::AwRestoresCell, M::AwRestoresCells),
                    &[("n", &cells.len()), ("cells", &cells.join(t(M::AwListSep)))],
                ),
                CorrectionChange::CorrectsPrices { asset, prices } => {
                    let prices: Vec<String> = prices
                        .iter()
                        .map(|(key, value)| tr(M::AwPriceTo, &[("key", key), ("value", value)]))
                        .collect();
                    tr(
                        M::AwCorrectsPrices,
                        &[("asset", asset), ("prices", &join(&prices))],
                    )
                }
                CorrectionChange::Nothing => t(M::AwNothing).to_string(),
            })
            .collect();
        let source = m
            .source
            .as_ref()
            .map(|s| tr(M::AwSource, &[("source", s)]))
            .unwrap_or_default();
        format!("{}{source}", changes.join(t(M::AwPartSep)))
    }

    fn declaration(&self, m: &DeclarationSays) -> String {
        let times = |sealed: &Instant, run: &Instant| (sealed.to_rfc3339(), run.to_rfc3339());
        match m {
            DeclarationSays::NoRun => t(M::AwDeclNoRun).to_string(),
            DeclarationSays::Late { sealed, run } => {
                let (sealed, run) = times(sealed, run);
                tr(M::AwDeclLate, &[("sealed", &sealed), ("run", &run)])
            }
            DeclarationSays::Proven { sealed, run, by } => {
                let (sealed, run) = times(sealed, run);
                tr(
                    M::AwDeclProven,
                    &[("sealed", &sealed), ("run", &run), ("by", &parties(by))],
                )
            }
            DeclarationSays::AnchoredAfter { sealed, run } => {
                let (sealed, run) = times(sealed, run);
                tr(
                    M::AwDeclAnchoredAfter,
                    &[("sealed", &sealed), ("run", &run)],
                )
            }
            DeclarationSays::OperatorOnly { sealed, run } => {
                let (sealed, run) = times(sealed, run);
                tr(M::AwDeclOperatorOnly, &[("sealed", &sealed), ("run", &run)])
            }
        }
    }

    fn run(&self, m: &RunSays) -> String {
        match m {
            RunSays::Counted {
                run_id,
                what,
                proven,
                of,
                by,
                anchored_after,
                operator_only,
                late,
            } => {
                let by = if by.is_empty() {
                    String::new()
                } else {
                    tr(M::AnsProvenBy, &[("by", &parties(by))])
                };
                let sentence = match what {
                    Counted::Answers => M::AwRunAnswers,
                    Counted::Cells => M::AwRunCells,
                };
                let mut out = tr(
                    sentence,
                    &[("run", run_id), ("proven", proven), ("of", of), ("by", &by)],
                );
                for (n, m) in [
                    (anchored_after, M::AwRunAnchoredAfter),
                    (operator_only, M::AwRunOperator),
                    (late, M::AwRunLate),
                ] {
                    if *n > 0 {
                        out.push_str(&tr(m, &[("n", n)]));
                    }
                }
                out
            }
            RunSays::Reference { run_id, answers } => {
                tr(M::AwRunReference, &[("run", run_id), ("n", answers)])
            }
            RunSays::ReferenceCells { run_id } => tr(M::AwRunReferenceCells, &[("run", run_id)]),
        }
    }

    fn counting(&self, m: &CountingNote) -> String {
        let file = &ASKS_FILE;
        match m {
            CountingNote::NoAskChain => tr(
                M::AwNoAskChain,
                &[("file", file), ("rule", &t(M::AwInferredRule))],
            ),
            CountingNote::NoDeclaration => tr(
                M::AwNoDeclaration,
                &[("file", file), ("rule", &t(M::AwInferredRule))],
            ),
            CountingNote::UnknownRule { rule } => tr(
                M::AwUnknownRule,
                &[("file", file), ("rule", &format!("{rule:?}"))],
            ),
            CountingNote::NoRule => tr(M::AwNoRule, &[("file", file)]),
            CountingNote::BothCount {
                first_line,
                first_run,
                line,
                run_id,
                session,
            } => tr(
                M::AwBothCount,
                &[
                    ("first_line", first_line),
                    ("first_run", first_run),
                    ("line", line),
                    ("run", run_id),
                    ("session", session),
                ],
            ),
            CountingNote::MorningRunElsewhere {
                line,
                run_id,
                session,
            } => tr(
                M::AwMorningElsewhere,
                &[("line", line), ("run", run_id), ("session", session)],
            ),
            CountingNote::DeclaredLate { declared_at, runs } => {
                let runs: Vec<String> = runs
                    .iter()
                    .map(|(line, run)| tr(M::AwLineRun, &[("line", line), ("run", run)]))
                    .collect();
                tr(
                    M::AwDeclaredLate,
                    &[
                        ("file", file),
                        ("at", &or_unknown(declared_at)),
                        ("runs", &runs.join(t(M::AwListSep))),
                    ],
                )
            }
            CountingNote::NotGoverned { sessions } => tr(
                M::AwNotGoverned,
                &[("sessions", &sessions.join(t(M::AwListSep)))],
            ),
        }
    }

    fn problem(&self, m: &AnswersProblem) -> String {
        match m {
            AnswersProblem::RosterUnreadable(e) => {
                tr(M::AwRosterUnreadable, &[("error", &roster_error(e))])
            }
            AnswersProblem::NotVerified { book } => tr(M::AwNotVerified, &[("book", book)]),
            AnswersProblem::ChainBroken {
                book,
                first_bad_line,
            } => tr(
                M::AwChainBroken,
                &[
                    ("book", book),
                    (
                        "line",
                        &first_bad_line.map_or("?".to_string(), |n| n.to_string()),
                    ),
                ],
            ),
            AnswersProblem::PrefixMismatch {
                list,
                list_line,
                lines,
            } => tr(
                M::AwPrefixMismatch,
                &[("list", list), ("list_line", list_line), ("lines", lines)],
            ),
        }
    }
}
