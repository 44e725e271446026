//! The book's and the ask chain's reading errors, and why the league's files cannot be scored,
//! in the page's three languages (web/src/i18n/book_messages.rs): every message variant is
//! listed through an exhaustive `match`, so a new variant fails here until it is rendered; the
//! English page says what the CLI prints (core's `Display`), and Chinese and Arabic translate
//! it, fill every argument and keep every number, field and file name.

#![forbid(unsafe_code)]

use super::common;

use common::{keeps, said_in_every_language};
use sealbook_core::records::book_lines::{BookLineError, BookLineMessage, BookLines, Unit};
use sealbook_core::records::roster::{RosterError, RosterMessage};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::{league_stats_from_files, InputError};
use sealbook_core::score::seams::CoreStats;
use sealbook_web::i18n::{self, book_messages as bm, input_messages, Lang};

fn book_messages() -> Vec<BookLineMessage> {
    use BookLineMessage as B;
    fn index(m: &BookLineMessage) -> usize {
        match m {
            B::NotJson { .. } => 0,
            B::LoneSurrogate => 1,
            B::ExpectedString { .. } => 2,
            B::ExpectedObject { .. } => 3,
            B::ObjectExpected => 4,
            B::NotTime { .. } => 5,
            B::ExpectedNumber { .. } => 6,
            B::Outside { .. } => 7,
            B::Missing => 8,
            B::StrikesKalshiOnly => 9,
            B::BadMarketCode => 10,
            B::MarketCodeNotUtf8 => 11,
            B::ClockNotSet { .. } => 12,
            B::ExpectedRuleVersion { .. } => 13,
            B::ExpectedRuleVersions { .. } => 14,
            B::Contract { .. } => 15,
            B::ContractFor { .. } => 16,
            B::NotHorizon { .. } => 17,
            B::NotLineNumber { .. } => 18,
            B::ExpectedLineNumber { .. } => 19,
            B::ZeroReference => 20,
            B::ExpectedBool { .. } => 21,
            B::UpDisagrees { .. } => 22,
            B::LateRefKey => 23,
            B::NotShape { .. } => 24,
            B::BadContractKey => 25,
            B::ExpectedUpValue { .. } => 26,
            B::NamesNoLine { .. } => 27,
            B::NotBeforeCorrection { .. } => 28,
            B::AlsoRunOf { .. } => 29,
            B::OutsideCalendar => 30,
            B::ScoreOfNotRun { kind: Some(_), .. } => 31,
            B::ScoreOfNotRun { kind: None, .. } => 32,
            B::ResultTwice { .. } => 33,
            B::ContractDiffers { .. } => 34,
            B::NotAnswerOfRun { .. } => 35,
            B::CorrectsNonAnswer { .. } => 36,
            B::MissingRestoredTime => 37,
            B::MissingDecisionTime => 38,
            B::NamesNoRun { .. } => 39,
            B::TooManyRows { .. } => 40,
            B::CrowdPricesTwice { .. } => 41,
            B::NoCrowdPrices { .. } => 42,
            B::ResolvedTwice { .. } => 43,
            B::NotMarket { .. } => 44,
        }
    }
    let s = |v: &str| v.to_string();
    let all = vec![
        B::NotJson {
            offset: 17,
            detail: s("expected ',' after a member"),
        },
        B::LoneSurrogate,
        B::ExpectedString { found: s("int") },
        B::ExpectedObject { found: s("list") },
        B::ObjectExpected,
        B::NotTime { value: s("noon") },
        B::ExpectedNumber {
            unit: Unit::Price,
            found: s("str \"0.6\""),
        },
        B::Outside {
            value: s("620"),
            unit: Unit::Percentage,
        },
        B::Missing,
        B::StrikesKalshiOnly,
        B::BadMarketCode,
        B::MarketCodeNotUtf8,
        B::ClockNotSet { value: s("manual") },
        B::ExpectedRuleVersion { found: s("int") },
        B::ExpectedRuleVersions { found: s("dict") },
        B::Contract {
            detail: s("field rule: missing"),
        },
        B::ContractFor {
            found: s("GC 1w"),
            expected: s("SPX 1d"),
        },
        B::NotHorizon { value: s("2d") },
        B::NotLineNumber { value: s("-4") },
        B::ExpectedLineNumber {
            found: s("float 1.5"),
        },
        B::ZeroReference,
        B::ExpectedBool {
            found: s("str \"yes\""),
        },
        B::UpDisagrees {
            up: true,
            change: s("-0.25"),
        },
        B::LateRefKey,
        B::NotShape { value: s("odd") },
        B::BadContractKey,
        B::ExpectedUpValue { found: s("int") },
        B::NamesNoLine { line: 9 },
        B::NotBeforeCorrection {
            line: 12,
            correction: 11,
        },
        B::AlsoRunOf {
            run_id: s("2026-11-02-am"),
            line: 4,
        },
        B::OutsideCalendar,
        B::ScoreOfNotRun {
            line: 7,
            kind: Some(s("answer")),
        },
        B::ScoreOfNotRun {
            line: 70,
            kind: None,
        },
        B::ResultTwice {
            horizon: s("1w"),
            run: 1,
            first: 3,
        },
        B::ContractDiffers { run: 5 },
        B::NotAnswerOfRun { answer: 8, run: 2 },
        B::CorrectsNonAnswer {
            line: 1,
            kind: s("run"),
        },
        B::MissingRestoredTime,
        B::MissingDecisionTime,
        B::NamesNoRun { run_id: s("r-9") },
        B::TooManyRows { max: 2000000 },
        B::CrowdPricesTwice {
            run: s("r-1"),
            first: 6,
        },
        B::NoCrowdPrices { run: s("r-2") },
        B::ResolvedTwice {
            code: s("SPX"),
            up: true,
            line: 14,
            was: false,
        },
        B::NotMarket { value: s("ES") },
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..45).collect::<Vec<_>>());
    all
}

#[test]
fn every_units_english_is_the_clis() {
    let all = [
        Unit::Price,
        Unit::Percentage,
        Unit::Usd,
        Unit::StrikeLevel,
        Unit::PriceLevel,
        Unit::PercentageChange,
        Unit::Band,
    ];
    for u in all {
        // Exhaustive: a new unit fails to compile here until it is listed above.
        match u {
            Unit::Price
            | Unit::Percentage
            | Unit::Usd
            | Unit::StrikeLevel
            | Unit::PriceLevel
            | Unit::PercentageChange
            | Unit::Band => {}
        }
        let english = u.as_str();
        said_in_every_language(english, || bm::unit(u), &keeps(english, &[]));
    }
}

/// Each book line message, framed by the line and the field as the CLI prints it.
#[test]
fn every_book_line_error_has_the_clis_english_and_two_translations() {
    for (i, message) in book_messages().into_iter().enumerate() {
        let e = BookLineError {
            line: 40 + i as u64,
            field: "crowd.odds.SPX.p_up".into(),
            message,
        };
        let english = e.to_string();
        let keep = keeps(&english, &["crowd.odds.SPX.p_up"]);
        said_in_every_language(&english, || bm::book_line_error(&e), &keep);
    }
}

fn roster_messages() -> Vec<RosterMessage> {
    use RosterMessage as R;
    fn index(m: &RosterMessage) -> usize {
        match m {
            R::NotJson { .. } => 0,
            R::ExpectedObject { .. } => 1,
            R::Missing => 2,
            R::Empty => 3,
            R::NotUnicode => 4,
            R::ExpectedString { .. } => 5,
            R::NoRosterLine => 6,
            R::ListedTwice { .. } => 7,
            R::TooManySeats { .. } => 8,
            R::NotSide { .. } => 9,
            R::ExpectedSeatList { .. } => 10,
            R::ExpectedSeats { .. } => 11,
            R::SideUnderKey { .. } => 12,
            R::NotHhmm { .. } => 13,
            R::NotTime { .. } => 14,
            R::ExpectedRunId => 15,
            R::ExpectedList { .. } => 16,
            R::NotPositiveCount => 17,
            R::ExpectedInteger { .. } => 18,
            R::NotDate { .. } => 19,
            R::NotProvider => 20,
        }
    }
    let s = |v: &str| v.to_string();
    let all = vec![
        R::NotJson {
            offset: 3,
            detail: s("unexpected end of input"),
        },
        R::ExpectedObject { found: s("list") },
        R::Missing,
        R::Empty,
        R::NotUnicode,
        R::ExpectedString { found: s("int") },
        R::NoRosterLine,
        R::ListedTwice { seat: s("gpt-5") },
        R::TooManySeats { max: 1024 },
        R::NotSide { value: s("EU") },
        R::ExpectedSeatList { found: s("dict") },
        R::ExpectedSeats { found: s("int") },
        R::SideUnderKey {
            side: s("China"),
            key: s("US"),
        },
        R::NotHhmm { value: s("9.30") },
        R::NotTime { value: s("noon") },
        R::ExpectedRunId,
        R::ExpectedList { found: s("str") },
        R::NotPositiveCount,
        R::ExpectedInteger { found: s("float") },
        R::NotDate {
            value: s("2026-13-01"),
        },
        R::NotProvider,
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..21).collect::<Vec<_>>());
    all
}

#[test]
fn every_roster_error_has_the_clis_english_and_two_translations() {
    for (i, message) in roster_messages().into_iter().enumerate() {
        let e = RosterError {
            file: "asks.jsonl",
            line: 2 + i as u64,
            field: "seats[1].family".into(),
            message,
        };
        let english = e.to_string();
        let keep = keeps(&english, &["asks.jsonl", "seats[1].family"]);
        said_in_every_language(&english, || bm::roster_error(&e), &keep);
    }
}

/// Every `InputError`, the wrapped readers' errors made by reading bad bytes.
fn input_errors() -> Vec<InputError> {
    fn index(e: &InputError) -> usize {
        match e {
            InputError::Forecasts(_) => 0,
            InputError::Book(_) => 1,
            InputError::Climatology(_) => 2,
            InputError::BookLine(_) => 3,
            InputError::Roster(_) => 4,
            InputError::NoRows => 5,
        }
    }
    let all = vec![
        InputError::Forecasts(
            sealbook_core::contract::forecasts_csv::read_forecasts(b"run_id\nx\n").unwrap_err(),
        ),
        InputError::Book(
            sealbook_core::records::sealing::book_sealing_times(b"[1]\n").unwrap_err(),
        ),
        InputError::Climatology(
            sealbook_core::score::baselines::ClimatologyTable::parse(b"[").unwrap_err(),
        ),
        InputError::BookLine(BookLines::parse(b"{\"n\": 3, \"kind\": \"crowd\"}\n").unwrap_err()),
        InputError::Roster(RosterError {
            file: "council-book.jsonl",
            line: 1,
            field: "roster[0].family".into(),
            message: RosterMessage::Missing,
        }),
        InputError::NoRows,
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..6).collect::<Vec<_>>());
    all
}

#[test]
fn every_input_error_names_its_file_in_every_language() {
    for e in input_errors() {
        let english = e.to_string();
        let file = english.split([':', ' ']).next().unwrap().to_string();
        let file = if matches!(e, InputError::NoRows) {
            "council-forecasts.csv".to_string()
        } else {
            file
        };
        let keep = keeps(&english, &[&file]);
        said_in_every_language(&english, || input_messages::input_error(&e), &keep);
    }
}

/// What the Scores page shows for a book whose crowd line has no run id, read as the page
/// reads the files.
#[test]
fn a_crowd_line_without_its_run_is_named_in_chinese_and_arabic() {
    let book = b"{\"n\": 1, \"kind\": \"crowd\", \"rows\": {}}\n";
    let e = league_stats_from_files(
        LeagueSources {
            book: Some(book),
            ..LeagueSources::default()
        },
        &CoreStats,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "council-book.jsonl: book line 1, field run_id: missing"
    );
    i18n::set(Lang::Zh);
    let zh = input_messages::input_error(&e);
    i18n::set(Lang::Ar);
    let ar = input_messages::input_error(&e);
    i18n::set(Lang::En);
    assert_eq!(zh, "council-book.jsonl：账本第 1 行，字段 run_id：缺失");
    assert_eq!(
        ar,
        "في \u{2068}council-book.jsonl\u{2069}: \u{2068}سطر الدفتر 1، الحقل \u{2068}run_id\u{2069}: مفقود\u{2069}"
    );
}

#[test]
fn a_side_under_the_wrong_key_is_said_in_chinese() {
    let e = RosterError {
        file: "asks.jsonl",
        line: 2,
        field: "seats.US[0].side".into(),
        message: RosterMessage::SideUnderKey {
            side: "China".into(),
            key: "US".into(),
        },
    };
    i18n::set(Lang::Zh);
    let said = bm::roster_error(&e);
    i18n::set(Lang::En);
    assert_eq!(
        said,
        "asks.jsonl 第 2 行，字段 seats.US[0].side：China 位于键 US 之下"
    );
}
