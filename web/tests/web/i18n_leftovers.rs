//! Sentences the browser audit (tests/e2e/i18n.test.mjs, `englishLeft`) found still English on
//! the Chinese and Arabic pages, now in the reader's language: how a forecasts row disagrees
//! with the sealed answer line it names (core's `MismatchWhy`, spec Appendix C), the files not
//! read beyond the first few, the header box's example and a stand-in backend's missing
//! calibration fit. The English page says what the CLI prints; the CLI's JSON stays English.

#![forbid(unsafe_code)]

use super::common;

use common::{keeps, said_in_every_language};
use sealbook_core::score::book_agreement::{Mismatch, MismatchWhy};
use sealbook_core::score::notes::Note;
use sealbook_core::stats::logistic::LogisticError;
use sealbook_web::i18n::{self, stats_notes as sn, t, Lang, M};
use sealbook_web::scores::html::first_names;

/// Every kind of disagreement, each once: a new variant fails the `match` until it is listed.
fn mismatches() -> Vec<MismatchWhy> {
    fn index(w: &MismatchWhy) -> usize {
        match w {
            MismatchWhy::NotAnAnswer { found: None } => 0,
            MismatchWhy::NotAnAnswer { found: Some(_) } => 1,
            MismatchWhy::Differs {
                sealed: Some(_), ..
            } => 2,
            MismatchWhy::Differs { sealed: None, .. } => 3,
            MismatchWhy::SealedAt => 4,
            MismatchWhy::ProbUp { csv: Some(_), .. } => 5,
            MismatchWhy::ProbUp { csv: None, .. } => 6,
        }
    }
    let all = vec![
        MismatchWhy::NotAnAnswer { found: None },
        MismatchWhy::NotAnAnswer {
            found: Some("run".into()),
        },
        MismatchWhy::Differs {
            field: "seat".into(),
            csv: "demo-alpha".into(),
            sealed: Some("demo-beta".into()),
        },
        MismatchWhy::Differs {
            field: "run_id".into(),
            csv: "r2".into(),
            sealed: None,
        },
        MismatchWhy::SealedAt,
        MismatchWhy::ProbUp {
            csv: Some("63".into()),
            sealed: None,
        },
        MismatchWhy::ProbUp {
            csv: None,
            sealed: Some("55.5".into()),
        },
    ];
    assert_eq!(
        all.iter().map(index).collect::<Vec<_>>(),
        (0..7).collect::<Vec<_>>()
    );
    all
}

/// The names a translation keeps: fields, seats, runs, line kinds and the CSV's columns.
const NAMES: &[&str] = &[
    "\"demo-alpha\"",
    "\"demo-beta\"",
    "\"r2\"",
    "run_id",
    "seat",
    "run",
    "sealed_at",
    "prob_up",
    "CSV",
];

#[test]
fn every_mismatch_has_the_clis_english_and_two_translations() {
    for w in mismatches() {
        let english = w.to_string();
        let names: Vec<&str> = NAMES
            .iter()
            .copied()
            .filter(|k| english.contains(k))
            .collect();
        said_in_every_language(&english, || sn::mismatch(&w), &keeps(&english, &names));
        let note = Note::Msg(w.clone());
        assert_eq!(note.to_string(), english);
    }
}

#[test]
fn a_mismatch_worded_by_the_page_is_its_text_and_the_clis_line_is_unchanged() {
    let mut m = Mismatch {
        csv_row: 7,
        book_line: 2,
        field: "items.SPX.1d.prob_up".into(),
        message: Note::Msg(MismatchWhy::ProbUp {
            csv: Some("63".into()),
            sealed: Some("62".into()),
        }),
    };
    assert_eq!(
        m.to_string(),
        "council-forecasts.csv row 7 vs council-book.jsonl line 2, field items.SPX.1d.prob_up: CSV prob_up 63, sealed 62"
    );
    i18n::set(Lang::Zh);
    m.message.word(&sn::mismatch);
    i18n::set(Lang::En);
    assert_eq!(
        serde_json::to_value(&m).unwrap()["message"],
        "CSV 中的 prob_up 为 63，封印的为 62"
    );
}

#[test]
fn the_files_beyond_the_first_three_are_counted_in_the_language() {
    let names: Vec<String> = (1..=11).map(|i| format!("f{i}.txt")).collect();
    let english = "f1.txt, f2.txt, f3.txt and 8 more";
    let [zh, _] = said_in_every_language(english, || first_names(&names), &["f3.txt", "8"]);
    assert!(zh.ends_with("f3.txt 及另外 8 个"), "{zh}");
    // Three names or fewer are listed as they are.
    for lang in Lang::ALL {
        i18n::set(lang);
        assert_eq!(first_names(&names[..2]), "f1.txt, f2.txt");
    }
    i18n::set(Lang::En);
}

#[test]
fn the_header_box_example_and_the_missing_fit_are_translated() {
    said_in_every_language(
        "0200000… (160 hex digits per header)",
        || t(M::EaHeadersPlaceholder).to_string(),
        &["0200000…", "160"],
    );
    let e = LogisticError::NoFit;
    said_in_every_language(&e.to_string(), || sn::logistic(&e), &[] as &[&str]);
}

#[test]
fn every_time_verdict_is_in_the_language() {
    use sealbook_core::verifier::answers::Verdict;
    use sealbook_web::verifier::answers_view::verdict_label;
    fn index(v: Verdict) -> usize {
        match v {
            Verdict::ProvenBeforeReference => 0,
            Verdict::AnchoredOnlyAfterReference => 1,
            Verdict::OperatorClockOnly => 2,
            Verdict::SealedAfterReference => 3,
        }
    }
    let all = [
        Verdict::ProvenBeforeReference,
        Verdict::AnchoredOnlyAfterReference,
        Verdict::OperatorClockOnly,
        Verdict::SealedAfterReference,
    ];
    assert_eq!(all.map(index), [0, 1, 2, 3]);
    for v in all {
        said_in_every_language(v.label(), || verdict_label(v).to_string(), &[] as &[&str]);
    }
}

#[test]
fn the_counting_rule_has_the_clis_english_and_two_translations() {
    use sealbook_core::score::counting::{Counting, Rule};
    use sealbook_web::verifier::answers_view::counting_rule;
    let rules = [
        Rule::Listed {
            runs: vec!["2026-10-19-am".into(), "2026-10-20-am".into()],
        },
        Rule::ScheduledMorningRun {
            first_session: Some("2026-10-21".into()),
        },
        Rule::ScheduledMorningRun {
            first_session: None,
        },
        Rule::Inferred,
    ];
    for rule in rules {
        for declared_at in [None, Some("2026-10-16T20:00:00Z".to_string())] {
            let c = Counting {
                rule: rule.clone(),
                declared_at,
                notes: Vec::new(),
                flags: Vec::new(),
            };
            let english = c.describe();
            let names = ["asks.jsonl", "<session>-am"];
            let names: Vec<&str> = names.into_iter().filter(|n| english.contains(n)).collect();
            said_in_every_language(&english, || counting_rule(&c), &keeps(&english, &names));
        }
    }
}

#[test]
fn the_experiments_group_label_and_readings_are_cores_words_in_english() {
    use sealbook_core::experiment::analysis::{F28_MEASURE, F29_MEASURE, GROUP_LABEL};
    for (m, english, kept) in [
        (M::EaExpGroupLabel, GROUP_LABEL, &["g0", "g1"][..]),
        (M::EaExpF28, F28_MEASURE, &[][..]),
        (M::EaExpF29, F29_MEASURE, &[][..]),
    ] {
        said_in_every_language(english, || t(m).to_string(), kept);
    }
}

#[test]
fn where_the_roster_was_read_is_in_the_language() {
    use sealbook_core::score::notes::RosterSource;
    fn index(s: &RosterSource) -> usize {
        match s {
            RosterSource::AskLines { lines } if lines.len() == 1 => 0,
            RosterSource::AskLines { .. } => 1,
            RosterSource::BookLines { first, last, .. } if first == last => 2,
            RosterSource::BookLines { .. } => 3,
        }
    }
    let all = [
        RosterSource::AskLines {
            lines: vec!["2".into()],
        },
        RosterSource::AskLines {
            lines: vec!["1".into(), "2".into()],
        },
        RosterSource::BookLines {
            first: 151,
            last: 151,
            runs: 1,
        },
        RosterSource::BookLines {
            first: 1,
            last: 3,
            runs: 2,
        },
    ];
    assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    for s in all {
        let english = s.to_string();
        let names: Vec<&str> = ["asks.jsonl", "council-book.jsonl"]
            .into_iter()
            .filter(|n| english.contains(n))
            .collect();
        said_in_every_language(&english, || sn::roster_source(&s), &keeps(&english, &names));
    }
}
