//! The Scores page's statistical notes in the reader's language: every note core writes into
//! the stats document (core::score::notes::StatsNote, with the bootstrap's, the logistic
//! fit's and the N_eff panel's errors inside it) and a peer document's generator. The English
//! page says what `sealbook score` writes (core's `Display`); Chinese and Arabic translate it
//! and keep every number, seat, market and file name; the CLI's JSON stays English whatever
//! the page's language.
//!
//! The two checks below are `said_in_every_language` and `said_as_is_in_every_language` of
//! web/tests/web/i18n_vs_glossary.rs, copied (that file's helpers are private to it).

#![forbid(unsafe_code)]

use super::common;

use common::{
    keeps, render_results as render, said_as_is_in_every_language, said_in_every_language,
};
use sealbook_core::neff::NeffError;
use sealbook_core::records::roster::{RosterError, RosterMessage};
use sealbook_core::score::notes::{Note, StatsNote};
use sealbook_core::score::peers::profile_stats::Generator;
use sealbook_core::stats::bootstrap::BootstrapError;
use sealbook_core::stats::logistic::LogisticError;
use sealbook_web::i18n::{self, stats_notes as sn, Lang};
use sealbook_web::scores::tables::Documents;

fn bootstrap_errors() -> Vec<BootstrapError> {
    fn index(e: &BootstrapError) -> usize {
        match e {
            BootstrapError::Empty => 0,
            BootstrapError::BadBlock { .. } => 1,
            BootstrapError::BadReps { .. } => 2,
            BootstrapError::NotFinite { .. } => 3,
        }
    }
    let all = vec![
        BootstrapError::Empty,
        BootstrapError::BadBlock { block: 5, n: 3 },
        BootstrapError::BadReps { reps: 0 },
        BootstrapError::NotFinite { index: 7 },
    ];
    assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    all
}

fn logistic_errors() -> Vec<LogisticError> {
    fn index(e: &LogisticError) -> usize {
        match e {
            LogisticError::Lengths => 0,
            LogisticError::Probability { .. } => 1,
            LogisticError::FewerThanThree => 2,
            LogisticError::OutcomesEqual => 3,
            LogisticError::ForecastsEqual => 4,
            LogisticError::OneCluster => 5,
            LogisticError::Separation => 6,
            LogisticError::NoConvergence => 7,
            LogisticError::NoFit => 8,
        }
    }
    let all = vec![
        LogisticError::Lengths,
        LogisticError::Probability { row: 4, p: 1.5 },
        LogisticError::FewerThanThree,
        LogisticError::OutcomesEqual,
        LogisticError::ForecastsEqual,
        LogisticError::OneCluster,
        LogisticError::Separation,
        LogisticError::NoConvergence,
        LogisticError::NoFit,
    ];
    assert_eq!(
        all.iter().map(index).collect::<Vec<_>>(),
        (0..9).collect::<Vec<_>>()
    );
    all
}

fn neff_errors() -> Vec<NeffError> {
    fn index(e: &NeffError) -> usize {
        match e {
            NeffError::Duplicate { .. } => 0,
            NeffError::Probability { .. } => 1,
            NeffError::NoSide { .. } => 2,
            NeffError::NotTwoSides { .. } => 3,
            NeffError::TooManySplits { .. } => 4,
            NeffError::NoCellBothSides => 5,
            NeffError::NoCorrelationInWindow => 6,
        }
    }
    let all = vec![
        NeffError::Duplicate {
            row: 3,
            seat: "seat-q7".into(),
            market: "GOLD".into(),
            horizon: "1d".into(),
        },
        NeffError::Probability {
            row: 9,
            seat: "seat-q7".into(),
            market: "SPX".into(),
            horizon: "1w".into(),
        },
        NeffError::NoSide {
            seat: "seat-q7".into(),
        },
        NeffError::NotTwoSides { found: 3 },
        NeffError::TooManySplits {
            splits: 352716,
            max: 200000,
        },
        NeffError::NoCellBothSides,
        NeffError::NoCorrelationInWindow,
    ];
    assert_eq!(
        all.iter().map(index).collect::<Vec<_>>(),
        (0..7).collect::<Vec<_>>()
    );
    all
}

/// Every note, each variant at least once (a new variant fails the exhaustive match), with
/// every bootstrap, logistic and N_eff error inside its variant.
fn all() -> Vec<StatsNote> {
    fn index(n: &StatsNote) -> usize {
        match n {
            StatsNote::NoClimatology => 0,
            StatsNote::ClimatologyHashMismatch => 1,
            StatsNote::Bootstrap { .. } => 2,
            StatsNote::Logistic(_) => 3,
            StatsNote::NoPairOverMarkets { .. } => 4,
            StatsNote::NoPairOverCells { .. } => 5,
            StatsNote::FewerThanTwoSeats => 6,
            StatsNote::RhoNotPositive => 7,
            StatsNote::NeffAboveSeats => 8,
            StatsNote::NoResolvedEvent => 9,
            StatsNote::AnsweredTwice { .. } => 10,
            StatsNote::NotAProbability { .. } => 11,
            StatsNote::Neff(_) => 12,
            StatsNote::NoPositiveTrace => 13,
            StatsNote::IncompleteMatrix { .. } => 14,
            StatsNote::NoSides => 15,
            StatsNote::NoSideInRoster { .. } => 16,
            StatsNote::NoShadowWindow { .. } => 17,
            StatsNote::FunnelNeedsBook => 18,
            StatsNote::NoAskChainOrBook => 19,
            StatsNote::NoRosterInBook => 20,
            StatsNote::RosterUnreadable(_) => 21,
            StatsNote::TertileNoBounds { .. } => 22,
            StatsNote::TertileUnresolved { .. } => 23,
            StatsNote::TertileNoMarket => 24,
            StatsNote::NoExactWindowRow { .. } => 25,
        }
    }
    let mut all = vec![StatsNote::NoClimatology, StatsNote::ClimatologyHashMismatch];
    all.extend(
        bootstrap_errors()
            .into_iter()
            .map(|error| StatsNote::Bootstrap { sessions: 4, error }),
    );
    all.extend(logistic_errors().into_iter().map(StatsNote::Logistic));
    all.extend([
        StatsNote::NoPairOverMarkets { min: 3 },
        StatsNote::NoPairOverCells { min: 3 },
        StatsNote::FewerThanTwoSeats,
        StatsNote::RhoNotPositive,
        StatsNote::NeffAboveSeats,
        StatsNote::NoResolvedEvent,
        StatsNote::AnsweredTwice {
            row: 12,
            seat: "s1".into(),
            market: "GOLD".into(),
        },
        StatsNote::NotAProbability { row: 41 },
    ]);
    all.extend(neff_errors().into_iter().map(StatsNote::Neff));
    all.extend([
        StatsNote::NoPositiveTrace,
        StatsNote::IncompleteMatrix { pairs: 2 },
        StatsNote::NoSides,
        StatsNote::NoSideInRoster {
            seat: "seat-q7".into(),
        },
        StatsNote::NoShadowWindow { session: 11 },
        StatsNote::FunnelNeedsBook,
        StatsNote::NoAskChainOrBook,
        StatsNote::NoRosterInBook,
        StatsNote::RosterUnreadable(RosterError {
            file: "council-book.jsonl",
            line: 151,
            field: "roster[0].family".into(),
            message: RosterMessage::Missing,
        }),
        StatsNote::TertileNoBounds { last: 10 },
        StatsNote::TertileUnresolved {
            low: 12,
            high: 29,
            min: 30,
        },
        StatsNote::TertileNoMarket,
        StatsNote::NoExactWindowRow {
            markets: vec!["GOLD".into()],
        },
    ]);
    let mut seen: Vec<usize> = all.iter().map(index).collect();
    seen.dedup();
    assert_eq!(seen, (0..26).collect::<Vec<_>>());
    all
}

/// The seats, markets, files and fields the notes above name: a translation keeps them.
const NAMES: &[&str] = &[
    "s1",
    "seat-q7",
    "GOLD",
    "SPX",
    "1w",
    "council-book.jsonl",
    "roster[0].family",
];

#[test]
fn every_note_has_the_clis_english_and_two_translations() {
    for n in all() {
        let english = n.to_string();
        let names: Vec<&str> = NAMES
            .iter()
            .copied()
            .filter(|k| english.contains(k))
            .collect();
        let keeps = keeps(&english, &names);
        said_in_every_language(&english, || sn::stats_note(&n), &keeps);
        // The note as the document holds it: the same sentence.
        let note = Note::Msg(n.clone());
        assert_eq!(note.to_string(), english);
        said_in_every_language(&english, || sn::note(&note), &keeps);
    }
}

#[test]
fn a_note_read_back_from_the_json_is_shown_as_it_is() {
    let read: Note = serde_json::from_str(r#""no resolved event yet""#).unwrap();
    said_as_is_in_every_language("no resolved event yet", || sn::note(&read));
}

#[test]
fn the_peer_generator_has_the_documents_english_and_two_translations() {
    let g = Generator::NumpyFresh;
    said_in_every_language(
        &g.to_string(),
        || sn::generator(&g),
        &[Generator::NUMPY.to_string()],
    );
}

#[test]
fn a_seat_answering_twice_is_named_in_chinese() {
    let n = StatsNote::AnsweredTwice {
        row: 12,
        seat: "s1".into(),
        market: "GOLD".into(),
    };
    i18n::set(Lang::Zh);
    let said = sn::stats_note(&n);
    i18n::set(Lang::En);
    assert_eq!(
        said,
        "council-forecasts.csv 第 12 行：席位 s1 在其最新答案行中两次回答了 GOLD"
    );
}

/// On the demo league (no climatology table given), the page's document in Chinese carries
/// its notes in Chinese, and the page shows them, while the JSON the CLI writes (and the page
/// offers to download) is the same English bytes in every language; in English the two are
/// the same bytes.
#[test]
fn the_page_words_the_demo_documents_notes_and_keeps_the_clis_json() {
    use sealbook_web::scores::compute::{compute, Inputs};
    let dir = std::env::temp_dir().join(format!("sealbook-stats-notes-{}", std::process::id()));
    let demo = dir.join("demo");
    sealbook_tests::demo_fixture::write(&demo).expect("the fixture league is written");
    let read = |f: &str| std::fs::read(demo.join(f)).unwrap();
    let (csv, book, asks) = (
        read("council-forecasts.csv"),
        read("council-book.jsonl"),
        read("asks.jsonl"),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let run = |lang: Lang| {
        i18n::set(lang);
        let page = compute(&Inputs {
            forecasts: Some(&csv),
            book: Some(&book),
            asks: Some(&asks),
            ..Inputs::default()
        })
        .unwrap();
        i18n::set(Lang::En);
        (page.stats_json.unwrap(), page.shown_stats_json.unwrap())
    };
    let (en_cli, en_shown) = run(Lang::En);
    let (zh_cli, zh_shown) = run(Lang::Zh);
    assert_eq!(
        zh_cli, en_cli,
        "the CLI's JSON does not depend on the page's language"
    );
    assert_eq!(
        en_shown, en_cli,
        "the English page shows the CLI's sentences"
    );
    let english = StatsNote::NoClimatology.to_string();
    assert!(
        en_cli.contains(&format!("\"note\":\"{english}\"")),
        "{en_cli}"
    );
    i18n::set(Lang::Zh);
    let chinese = sn::stats_note(&StatsNote::NoClimatology);
    i18n::set(Lang::En);
    assert!(
        zh_shown.contains(&format!("\"note\":\"{chinese}\"")),
        "{zh_shown}"
    );
    assert!(!zh_shown.contains(&english), "{zh_shown}");

    // The page reads the worded document and shows the note.
    let docs = Documents::read(Some(&zh_shown), None, None).unwrap();
    i18n::set(Lang::Zh);
    let html = render(&docs);
    i18n::set(Lang::En);
    assert!(
        html.contains(&format!(r#"<p class="note">{chinese}</p>"#)),
        "{html}"
    );
}
