//! Why a peer benchmark's records file cannot be scored, in the page's three languages: every
//! `RecordMsg` and `VectorError` core has (listed through exhaustive matches, so a new one
//! fails here until it has a sample and a catalog entry), the English page saying what
//! `sealbook score --profile ...` prints (core's `Display`), Chinese and Arabic translating
//! it and keeping every number, file name and value; and the Scores page's `compute` showing
//! a bad records file's error with the file name, line and field in the page's language.

#![forbid(unsafe_code)]

use super::common;

use common::{keeps, said_in_every_language};
use sealbook_core::score::peers::records::RecordMsg as R;
use sealbook_core::score::peers::records::{read_agentpit, read_arena, read_ladder, RecordError};
use sealbook_core::score::peers::{Profile, VectorError};
use sealbook_web::i18n::{self, peer_messages as pm, Lang};
use sealbook_web::scores::compute::{compute, Inputs};

fn kinds() -> Vec<String> {
    vec!["forecast".into(), "bet".into()]
}

fn vectors() -> Vec<VectorError> {
    fn index(e: &VectorError) -> usize {
        match e {
            VectorError::WinnerNotOutcome { .. } => 0,
            VectorError::ProbabilityOutside { .. } => 1,
            VectorError::NegativeOrNonFinite { .. } => 2,
            VectorError::SumNotOne { .. } => 3,
            VectorError::ConfidenceOutside { .. } => 4,
        }
    }
    let all = vec![
        VectorError::WinnerNotOutcome {
            winner: 3,
            outcomes: 2,
        },
        VectorError::ProbabilityOutside { p: "1.5".into() },
        VectorError::NegativeOrNonFinite {
            vector: "[-0.1, 0.6, 0.5]".into(),
        },
        VectorError::SumNotOne {
            vector: "[0.2, 0.6, 0.3]".into(),
            sum: "1.1".into(),
        },
        VectorError::ConfidenceOutside {
            confidence: "1.2".into(),
        },
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..5).collect::<Vec<_>>());
    all
}

fn messages() -> Vec<R> {
    fn index(m: &R) -> usize {
        match m {
            R::NotJson { .. } => 0,
            R::NotObject { .. } => 1,
            R::KindMissing { .. } => 2,
            R::NotAKind { .. } => 3,
            R::UnknownField { .. } => 4,
            R::Missing => 5,
            R::Null => 6,
            R::NotString { .. } => 7,
            R::TextLength { .. } => 8,
            R::NotNumber { .. } => 9,
            R::NotFinite => 10,
            R::OutsideUnit { .. } => 11,
            R::NotPositive { .. } => 12,
            R::NotBool { .. } => 13,
            R::ChoiceNotString { .. } => 14,
            R::NotAChoice { .. } => 15,
            R::NotOutcomeMap { .. } => 16,
            R::OutcomeCount { .. } => 17,
            R::LabelNotUnicode => 18,
            R::SumNotOne { .. } => 19,
            R::PriceAboveOne { .. } => 20,
            R::NotDate { .. } => 21,
            R::OutcomesNotCrowds { .. } => 22,
            R::MissingWithProbabilities => 23,
            R::MissingRequired => 24,
            R::WinnerNotOutcome { .. } => 25,
            R::AnotherCrowd { .. } => 26,
            R::AnotherWinner { .. } => 27,
            R::SecondSweepForecast { .. } => 28,
            R::AnnulledReasonOnly => 29,
            R::AnotherQuestion { .. } => 30,
            R::SecondQuestionForecast { .. } => 31,
            R::SecondChallengeForecast { .. } => 32,
            R::ActualRequired => 33,
            R::OnlyWhenResolved => 34,
            R::NoFiniteCrps { .. } => 35,
            R::AnotherNumericChallenge { .. } => 36,
            R::Vector(_) => 37,
            R::NotADirection { .. } => 38,
            R::NeedsThreeDirections => 39,
            R::ConfidenceRequired => 40,
            R::DirectionRequired => 41,
            R::NoEncoding => 42,
            R::BothEncodings => 43,
            R::NegativeThreshold { .. } => 44,
            R::OutcomeAndObservations => 45,
            R::ResolvedNeedsOutcome => 46,
            R::AnotherDirectionalChallenge { .. } => 47,
        }
    }
    let outcomes = || vec!["no".to_string(), "yes".to_string()];
    let all = vec![
        R::NotJson {
            detail: "Expecting value: line 1 column 12 (char 11)".into(),
        },
        R::NotObject { type_name: "list" },
        R::KindMissing { kinds: kinds() },
        R::NotAKind {
            kind: "sweep".into(),
            kinds: kinds(),
        },
        R::UnknownField {
            kind: "forecast".into(),
        },
        R::Missing,
        R::Null,
        R::NotString { type_name: "int" },
        R::TextLength {
            max: 256,
            chars: 300,
        },
        R::NotNumber { type_name: "bool" },
        R::NotFinite,
        R::OutsideUnit { value: "80".into() },
        R::NotPositive { value: "0".into() },
        R::NotBool { type_name: "str" },
        R::ChoiceNotString {
            choices: vec!["yes".into(), "no".into(), "annulled".into(), "open".into()],
            type_name: "int",
        },
        R::NotAChoice {
            value: "tie".into(),
            choices: vec!["yes".into(), "no".into(), "annulled".into(), "open".into()],
        },
        R::NotOutcomeMap { type_name: "list" },
        R::OutcomeCount { max: 64, n: 1 },
        R::LabelNotUnicode,
        R::SumNotOne {
            sum: "0.8999999999999999".into(),
            tolerance: "0.000000001".into(),
        },
        R::PriceAboveOne {
            price: "1.2".into(),
        },
        R::NotDate {
            value: "10/10/2026".into(),
        },
        R::OutcomesNotCrowds {
            labels: vec!["maybe".into(), "no".into()],
            outcomes: outcomes(),
        },
        R::MissingWithProbabilities,
        R::MissingRequired,
        R::WinnerNotOutcome {
            winner: "maybe".into(),
            outcomes: outcomes(),
        },
        R::AnotherCrowd {
            market: "m1".into(),
            sweep: "2026-10-10".into(),
            first: 1,
        },
        R::AnotherWinner {
            market: "m1".into(),
            first: 3,
        },
        R::SecondSweepForecast {
            agent: "Claude".into(),
            market: "m1".into(),
            sweep: "2026-10-10".into(),
            first: 1,
        },
        R::AnnulledReasonOnly,
        R::AnotherQuestion {
            question: "q7".into(),
            first: 12,
        },
        R::SecondQuestionForecast {
            model: "GPT-5".into(),
            question: "q7".into(),
            first: 4,
        },
        R::SecondChallengeForecast {
            agent: "a".into(),
            challenge: "c1".into(),
            first: 2,
        },
        R::ActualRequired,
        R::OnlyWhenResolved,
        R::NoFiniteCrps {
            point: "1e308".into(),
            sd: "0.2".into(),
            actual: "-1e308".into(),
        },
        R::AnotherNumericChallenge {
            challenge: "n1".into(),
            first: 5,
        },
        R::Vector(VectorError::SumNotOne {
            vector: "[0.2, 0.6, 0.3]".into(),
            sum: "1.1".into(),
        }),
        R::NotADirection { label: "up".into() },
        R::NeedsThreeDirections,
        R::ConfidenceRequired,
        R::DirectionRequired,
        R::NoEncoding,
        R::BothEncodings,
        R::NegativeThreshold {
            value: "-0.5".into(),
        },
        R::OutcomeAndObservations,
        R::ResolvedNeedsOutcome,
        R::AnotherDirectionalChallenge {
            challenge: "c1".into(),
            first: 9,
        },
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..48).collect::<Vec<_>>());
    all
}

#[test]
fn every_record_message_has_the_clis_english_and_two_translations() {
    for m in messages() {
        let english = m.to_string();
        said_in_every_language(&english, || pm::record_msg(&m), &keeps(&english, &[]));
    }
}

#[test]
fn every_vector_error_has_the_clis_english_and_two_translations() {
    for e in vectors() {
        let english = e.to_string();
        let keeps = keeps(&english, &[]);
        assert!(!keeps.is_empty(), "{english}");
        said_in_every_language(&english, || pm::vector_error(&e), &keeps);
    }
}

/// The location words are translated too; the file name, line and field are kept.
#[test]
fn the_line_and_field_are_named_in_every_language() {
    let with_field = RecordError {
        line: 17,
        field: Some("probabilities.yes".into()),
        message: R::OutsideUnit {
            value: "1.7".into(),
        },
    };
    let without = RecordError {
        line: 2,
        field: None,
        message: R::NotObject { type_name: "list" },
    };
    for e in [&with_field, &without] {
        let english = format!("agentpit-records.jsonl: {e}");
        let mut keeps = keeps(&english, &[]);
        keeps.push("agentpit-records.jsonl".into());
        keeps.extend(e.field.clone());
        said_in_every_language(
            &english,
            || pm::record_error("agentpit-records.jsonl", e),
            &keeps,
        );
    }
    i18n::set(Lang::Zh);
    let said = pm::record_error("agentpit-records.jsonl", &with_field);
    i18n::set(Lang::Ar);
    let arabic = pm::record_error("agentpit-records.jsonl", &with_field);
    i18n::set(Lang::En);
    assert_eq!(
        said,
        "agentpit-records.jsonl：第 17 行，字段 probabilities.yes：1.7 超出 0-1 的范围"
    );
    assert!(
        arabic.contains("السطر 17") && arabic.contains("الحقل"),
        "{arabic}"
    );
}

/// Errors the readers really give, through the Scores page's `compute` as the page shows
/// them: the English page says `name: ` and then what the CLI says; Chinese says it in
/// Chinese with the same line and field.
#[test]
fn the_scores_page_shows_a_bad_records_file_in_the_pages_language() {
    let forecast = r#"{"kind": "forecast", "agent": "Claude", "sweep": "2026-10-10", "market_id": "m1", "probabilities": {"yes": 0.7, "no": 0.3}, "crowd": {"yes": 0.6, "no": 0.4}, "winner": "yes"}"#;
    let ladder = r#"{"kind": "forecast", "model": "GPT-5", "question_id": "q1", "category": "Markets", "probability": 0.8, "market_price": 0.5, "resolution": "yes"}"#;
    let vector = r#"{"kind": "directional", "agent": "b", "challenge_id": "c1", "status": "resolved", "probabilities": {"bearish": 0.2, "neutral": 0.6, "bullish": 0.3}, "outcome": "neutral"}"#;
    let cases: Vec<(Profile, String, RecordError)> = vec![
        {
            let text = format!("{forecast}\n{forecast}");
            let e = read_agentpit(text.as_bytes()).unwrap_err();
            (Profile::Agentpit, text, e)
        },
        {
            let text = format!("{forecast}\n[1]");
            let e = read_agentpit(text.as_bytes()).unwrap_err();
            (Profile::Agentpit, text, e)
        },
        {
            let text = ladder.replace("0.8", "80");
            let e = read_ladder(text.as_bytes()).unwrap_err();
            (Profile::Ladder, text, e)
        },
        {
            let text = vector.to_string();
            let e = read_arena(text.as_bytes()).unwrap_err();
            (Profile::Arena, text, e)
        },
    ];
    assert!(matches!(
        cases[3].2.message,
        R::Vector(VectorError::SumNotOne { .. })
    ));
    for (profile, text, e) in &cases {
        let shown = |lang| {
            i18n::set(lang);
            let said = compute(&Inputs {
                peer: Some((*profile, "records.jsonl", text.as_bytes())),
                ..Inputs::default()
            })
            .unwrap_err();
            i18n::set(Lang::En);
            said
        };
        assert_eq!(shown(Lang::En), format!("records.jsonl: {e}"));
        let zh = shown(Lang::Zh);
        assert!(
            zh.starts_with(&format!("records.jsonl：第 {} 行", e.line)),
            "{zh}"
        );
        if let Some(f) = &e.field {
            assert!(zh.contains(&format!("字段 {f}：")), "{zh}");
        }
        assert_ne!(shown(Lang::Ar), shown(Lang::En));
    }
}
