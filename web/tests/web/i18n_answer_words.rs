//! The answers report's sentences in the reader's language (web/src/i18n/answer_words.rs): every
//! message of core's `answer_words` (who proves a line, what an anchor proves, each verdict,
//! correction, declaration, run summary and problem) and of `CountingNote`, listed through an
//! exhaustive `match`, so a new variant fails here until it is worded. The English page says
//! byte for byte what `sealbook verify --answers` prints (core's `Display`); Chinese and Arabic
//! translate it, fill every argument and keep every time, number, line and name.

#![forbid(unsafe_code)]

use super::common;

use common::{keeps, said_as_is_in_every_language, said_in_every_language};
use sealbook_core::calendar::Instant;
use sealbook_core::records::roster::{RosterError, RosterMessage};
use sealbook_core::score::counting::CountingNote;
use sealbook_core::verifier::answer_words::{
    AnchorSays, AnswersProblem, AnswersWording, CorrectionChange, CorrectionSays, Counted,
    DeclarationSays, Party, RunSays, VerdictSays,
};
use sealbook_web::i18n::answer_words::PageWording;

/// What a translation of `english` keeps: its words that hold a digit, and each of `names`
/// that it says.
fn kept(english: &str, names: &[&str]) -> Vec<String> {
    let said: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| english.contains(n))
        .collect();
    keeps(english, &said)
}

fn at(s: &str) -> Instant {
    Instant::parse_rfc3339(s).unwrap()
}

fn parties() -> Vec<Party> {
    vec![
        Party::Authority("www.freetsa.org".into()),
        Party::Rekor {
            log_index: Some(12),
        },
        Party::BitcoinBlock { height: 972334 },
    ]
}

#[test]
fn parties_are_named_in_every_language() {
    for p in parties()
        .into_iter()
        .chain([Party::Rekor { log_index: None }])
    {
        let english = p.to_string();
        let render = || PageWording.party(&p);
        match &p {
            // A name is said as it is.
            Party::Authority(_) | Party::Rekor { log_index: None } => {
                said_as_is_in_every_language(&english, render)
            }
            Party::Rekor { log_index: Some(_) } | Party::BitcoinBlock { .. } => {
                said_in_every_language(&english, render, &keeps(&english, &[]));
            }
        }
    }
}

#[test]
fn anchors_are_said_in_every_language() {
    let cases = [
        AnchorSays::Token {
            authority: "CN=www.freetsa.org, O=Free TSA".into(),
            root: Some("CN=Free TSA Root".into()),
            gen_time: Some("2026-10-21T13:00:21Z".into()),
        },
        AnchorSays::Token {
            authority: "sealbook DEMO".into(),
            root: None,
            gen_time: None,
        },
        AnchorSays::RekorSigned {
            integrated_time: Some("2026-10-21T13:00:22Z".into()),
        },
        AnchorSays::RekorUnsigned {
            integrated_time: Some("2026-10-21T13:00:22Z".into()),
        },
        AnchorSays::RekorNoTime,
        AnchorSays::Bitcoin {
            height: 972334,
            header: at("2026-10-20T13:55:20Z"),
            bound: at("2026-10-20T15:55:20Z"),
        },
        AnchorSays::BitcoinUntimed { height: 358391 },
    ];
    for m in &cases {
        match m {
            AnchorSays::Token { .. }
            | AnchorSays::RekorSigned { .. }
            | AnchorSays::RekorUnsigned { .. }
            | AnchorSays::RekorNoTime
            | AnchorSays::Bitcoin { .. }
            | AnchorSays::BitcoinUntimed { .. } => {}
        }
        let english = m.to_string();
        let names = [
            "CN=www.freetsa.org, O=Free TSA",
            "CN=Free TSA Root",
            "sealbook DEMO",
        ];
        said_in_every_language(&english, || PageWording.anchor(m), &kept(&english, &names));
    }
}

#[test]
fn verdicts_are_said_in_every_language() {
    let sealed = at("2026-10-21T13:20:00Z");
    let reference = at("2026-10-21T13:30:00Z");
    let cases = [
        VerdictSays::Late {
            sealed: at("2026-10-21T13:31:00Z"),
            reference,
        },
        VerdictSays::Proven {
            sealed,
            reference,
            by: parties(),
        },
        VerdictSays::Proven {
            sealed,
            reference,
            by: parties()[..1].to_vec(),
        },
        VerdictSays::AnchoredAfter {
            sealed,
            first: Some((
                Party::BitcoinBlock { height: 972334 },
                at("2026-10-21T15:55:20Z"),
            )),
            reference,
        },
        VerdictSays::AnchoredAfter {
            sealed,
            first: None,
            reference,
        },
        VerdictSays::OperatorUncovered { sealed },
        VerdictSays::OperatorUntimed {
            sealed,
            list: "proof/2026-10-21/130025Z.txt".into(),
        },
    ];
    for m in &cases {
        match m {
            VerdictSays::Late { .. }
            | VerdictSays::Proven { .. }
            | VerdictSays::AnchoredAfter { .. }
            | VerdictSays::OperatorUncovered { .. }
            | VerdictSays::OperatorUntimed { .. } => {}
        }
        let english = m.to_string();
        let [zh, ar] = said_in_every_language(
            &english,
            || PageWording.verdict(m),
            &kept(&english, &["www.freetsa.org"]),
        );
        if let VerdictSays::Proven { by, .. } = m {
            if by.len() > 1 {
                assert!(
                    zh.contains("比特币区块 972334") && zh.contains(" 和 "),
                    "{zh}"
                );
                assert!(ar.contains("بيتكوين") && !ar.contains(" and "), "{ar}");
            }
        }
    }
}

#[test]
fn corrections_are_said_in_every_language() {
    let cases = [
        CorrectionSays {
            changes: vec![CorrectionChange::Copy { line: 4 }],
            source: None,
        },
        CorrectionSays {
            changes: vec![
                CorrectionChange::Restores {
                    field: "mode".into(),
                    value: "web".into(),
                },
                CorrectionChange::RestoresCells {
                    cells: vec!["GC 1d".into()],
                },
            ],
            source: Some("run receipt".into()),
        },
        CorrectionSays {
            changes: vec![CorrectionChange::RestoresCells {
                cells: vec!["GC 1d".into(), "SPX 1w".into()],
            }],
            source: None,
        },
        CorrectionSays {
            changes: vec![CorrectionChange::CorrectsPrices {
                asset: "SPX".into(),
                prices: vec![
                    ("ref".into(), "5800.5".into()),
                    ("close".into(), "5812.25".into()),
                ],
            }],
            source: Some("exchange".into()),
        },
        CorrectionSays {
            changes: vec![CorrectionChange::Nothing],
            source: None,
        },
    ];
    for m in &cases {
        for c in &m.changes {
            match c {
                CorrectionChange::Copy { .. }
                | CorrectionChange::Restores { .. }
                | CorrectionChange::RestoresCells { .. }
                | CorrectionChange::CorrectsPrices { .. }
                | CorrectionChange::Nothing => {}
            }
        }
        let english = m.to_string();
        let names = [
            "\"web\"",
            "mode",
            "SPX",
            "ref",
            "close",
            "run receipt",
            "exchange",
        ];
        said_in_every_language(
            &english,
            || PageWording.correction(m),
            &kept(&english, &names),
        );
    }
}

#[test]
fn declarations_are_said_in_every_language() {
    let (sealed, run) = (at("2026-10-18T20:00:00Z"), at("2026-10-19T12:30:00Z"));
    let cases = [
        DeclarationSays::NoRun,
        DeclarationSays::Late {
            sealed: run,
            run: sealed,
        },
        DeclarationSays::Proven {
            sealed,
            run,
            by: parties(),
        },
        DeclarationSays::AnchoredAfter { sealed, run },
        DeclarationSays::OperatorOnly { sealed, run },
    ];
    for m in &cases {
        match m {
            DeclarationSays::NoRun
            | DeclarationSays::Late { .. }
            | DeclarationSays::Proven { .. }
            | DeclarationSays::AnchoredAfter { .. }
            | DeclarationSays::OperatorOnly { .. } => {}
        }
        let english = m.to_string();
        said_in_every_language(
            &english,
            || PageWording.declaration(m),
            &keeps(&english, &[]),
        );
    }
}

#[test]
fn run_summaries_are_said_in_every_language() {
    let counted = |what, by: Vec<Party>, (a, o, l)| RunSays::Counted {
        run_id: "2026-10-21-am".into(),
        what,
        proven: 4,
        of: 8,
        by,
        anchored_after: a,
        operator_only: o,
        late: l,
    };
    let cases = [
        counted(Counted::Answers, parties(), (1, 2, 1)),
        counted(Counted::Cells, parties()[..1].to_vec(), (0, 0, 0)),
        counted(Counted::Answers, vec![], (0, 3, 0)),
        RunSays::Reference {
            run_id: "2026-10-21-test".into(),
            answers: 7,
        },
        RunSays::ReferenceCells {
            run_id: "2026-10-21-test".into(),
        },
    ];
    for m in &cases {
        match m {
            RunSays::Counted { .. }
            | RunSays::Reference { .. }
            | RunSays::ReferenceCells { .. } => {}
        }
        let english = m.to_string();
        said_in_every_language(&english, || PageWording.run(m), &keeps(&english, &[]));
    }
}

#[test]
fn counting_notes_are_said_in_every_language() {
    let cases = [
        CountingNote::NoAskChain,
        CountingNote::NoDeclaration,
        CountingNote::UnknownRule {
            rule: "best_of_ten".into(),
        },
        CountingNote::NoRule,
        CountingNote::BothCount {
            first_line: 3,
            first_run: "2026-10-22-am".into(),
            line: 9,
            run_id: "2026-10-22-x".into(),
            session: "2026-10-22".into(),
        },
        CountingNote::MorningRunElsewhere {
            line: 12,
            run_id: "2026-10-26-am".into(),
            session: "2026-10-23".into(),
        },
        CountingNote::DeclaredLate {
            declared_at: Some("2026-10-22T14:00:00Z".into()),
            runs: vec![(1, "2026-10-22-am".into()), (5, "2026-10-22-pm".into())],
        },
        CountingNote::NotGoverned {
            sessions: vec!["2026-10-19".into(), "2026-10-20".into()],
        },
    ];
    for m in &cases {
        match m {
            CountingNote::NoAskChain
            | CountingNote::NoDeclaration
            | CountingNote::UnknownRule { .. }
            | CountingNote::NoRule
            | CountingNote::BothCount { .. }
            | CountingNote::MorningRunElsewhere { .. }
            | CountingNote::DeclaredLate { .. }
            | CountingNote::NotGoverned { .. } => {}
        }
        let english = m.to_string();
        let names = ["asks.jsonl", "\"best_of_ten\"", "counting_rule"];
        said_in_every_language(
            &english,
            || PageWording.counting(m),
            &kept(&english, &names),
        );
    }
}

#[test]
fn problems_are_said_in_every_language() {
    let cases = [
        AnswersProblem::RosterUnreadable(RosterError {
            file: "asks.jsonl",
            line: 2,
            field: "seats".into(),
            message: RosterMessage::Empty,
        }),
        AnswersProblem::NotVerified {
            book: "council-book.jsonl".into(),
        },
        AnswersProblem::ChainBroken {
            book: "council-book.jsonl".into(),
            first_bad_line: Some(17),
        },
        AnswersProblem::ChainBroken {
            book: "council-book.jsonl".into(),
            first_bad_line: None,
        },
        AnswersProblem::PrefixMismatch {
            list: "proof/2026-10-21/130025Z.txt".into(),
            list_line: 2,
            lines: 40,
        },
    ];
    for m in &cases {
        match m {
            AnswersProblem::RosterUnreadable(_)
            | AnswersProblem::NotVerified { .. }
            | AnswersProblem::ChainBroken { .. }
            | AnswersProblem::PrefixMismatch { .. } => {}
        }
        let english = m.to_string();
        let names = [
            "council-book.jsonl",
            "asks.jsonl",
            "seats",
            "proof/2026-10-21/130025Z.txt",
        ];
        // A list and its line are kept apart (Arabic isolates the list's name).
        let keep: Vec<String> = kept(&english, &names)
            .into_iter()
            .filter(|k| !k.ends_with(".txt:2"))
            .collect();
        said_in_every_language(&english, || PageWording.problem(m), &keep);
    }
}

/// A date in an Arabic sentence is isolated, so its hyphens keep it one number read left to
/// right (`2026-10-19`, not `19-10-2026`); so is the rule's own date.
#[test]
fn dates_stay_left_to_right_in_arabic() {
    use sealbook_web::i18n::{self, Lang};
    i18n::set(Lang::Ar);
    let governed = PageWording.counting(&CountingNote::NotGoverned {
        sessions: vec!["2026-10-19".into()],
    });
    let inferred = PageWording.counting(&CountingNote::NoAskChain);
    i18n::set(Lang::En);
    assert!(
        governed.contains("\u{2068}2026-10-19\u{2069}"),
        "{governed}"
    );
    assert!(
        inferred.contains("\u{2066}2026-10-21\u{2069}"),
        "{inferred}"
    );
}
