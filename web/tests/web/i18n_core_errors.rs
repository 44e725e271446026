//! Core's file-reading errors in the reader's language: why a stamped list cannot be read on
//! the verifier page (core's `ListError` with `StampListMsg`, web/src/i18n/core_messages.rs),
//! why the Accounts page cannot replay the arena files (`RecountError`, `ReplayError`,
//! `RecordMsg`, `FieldMsg`, `ChoiceMsg`, `ProtocolMsg`, `CodeError`) and why the Scores page
//! cannot read the reader experiment's dataset or the league file (`DatasetError`,
//! `LeagueFileError`; web/src/i18n/replay_messages.rs). Every variant is listed through an
//! exhaustive `match`, so a new variant fails here until it is worded. The English page says
//! byte for byte what the CLI prints (core's `Display`); Chinese and Arabic translate the
//! sentence and its place, fill every argument and keep every number, file name, field and
//! quoted value.

#![forbid(unsafe_code)]

use super::common;

use sealbook_core::arena::code::CodeError;
use sealbook_core::arena::protocol::{Protocol, ProtocolError, ProtocolMsg};
use sealbook_core::arena::records::{
    ChoiceMsg, FieldMsg, RecordError, RecordMsg, DECISIONS_FILE, PRICES_FILE,
};
use sealbook_core::arena::replay::ReplayError;
use sealbook_core::book::stamp_list::{StampListError, StampListMsg};
use sealbook_core::experiment::analysis::DatasetError;
use sealbook_core::league::league_file::LeagueFileError;
use sealbook_core::verifier::recount::RecountError;
use sealbook_core::verifier::{ListError, ListInput, ListResult};
use sealbook_web::i18n::{self, core_messages as cm, replay_messages as rm, Lang};

/// The words of `english` that hold a digit, split also at `:` (so `file:12` keeps the file and
/// the line apart), and each of `names`: what every translation keeps.
fn kept(english: &str, names: &[&str]) -> Vec<String> {
    english
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ',' | ':'))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .chain(names.iter().copied())
        .map(str::to_string)
        .collect()
}

/// [`common::said_in_every_language`] with [`kept`]'s words, and no English location word
/// ("line N", "column", "field", "version") left in a translation.
fn said_in_every_language(english: &str, render: impl Fn() -> String, names: &[&str]) {
    for n in names {
        assert!(english.contains(n), "the case's {n:?} is not in {english}");
    }
    for said in common::said_in_every_language(english, &render, &kept(english, names)) {
        for word in ["column ", "field ", "version "] {
            assert!(!said.contains(word), "the English {word:?} is kept: {said}");
        }
        assert!(
            !said
                .split("line ")
                .skip(1)
                .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit())),
            "the English \"line N\" is kept: {said}"
        );
    }
}

/// A sentence that quotes a JSON form with braces (`{"bets": {...}}`): the English is the
/// CLI's, the translations differ from it and keep the quoted value and the forms.
fn said_with_braces(english: &str, render: impl Fn() -> String, keeps: &[&str]) {
    i18n::set(Lang::En);
    assert_eq!(render(), english, "the English page differs from the CLI");
    for lang in [Lang::Zh, Lang::Ar] {
        i18n::set(lang);
        let said = render();
        assert_ne!(said, english, "not translated to {}", lang.code());
        for k in keeps {
            assert!(said.contains(k), "{} lost {k:?}: {said}", lang.code());
        }
    }
    i18n::set(Lang::En);
}

mod stamp_lists {
    use super::*;

    const LIST: &str = "proof/2026-10-20/130025Z.txt";
    const ENTRY: &str = "daily/council/book.jsonl: 15x lines, sha256 59673b9e, last link 3782";

    /// Every message of a stamped list, in a `ListError` naming the list.
    fn all() -> Vec<ListError> {
        fn index(m: &StampListMsg) -> usize {
            match m {
                StampListMsg::NotUtf8 => 0,
                StampListMsg::NoEntry => 1,
                StampListMsg::NoLastLink { .. } => 2,
                StampListMsg::NoSha256 { .. } => 3,
                StampListMsg::NoLedgerCount { .. } => 4,
                StampListMsg::CountNotLines { .. } => 5,
                StampListMsg::CountNotWhole { .. } => 6,
                StampListMsg::CountTooLarge { .. } => 7,
                StampListMsg::BadSha256 { .. } => 8,
                StampListMsg::BadLastLink { .. } => 9,
                StampListMsg::EmptyLedger { .. } => 10,
            }
        }
        let entry = || ENTRY.to_string();
        let msgs = vec![
            StampListMsg::NotUtf8,
            StampListMsg::NoEntry,
            StampListMsg::NoLastLink { entry: entry() },
            StampListMsg::NoSha256 { entry: entry() },
            StampListMsg::NoLedgerCount { entry: entry() },
            StampListMsg::CountNotLines { entry: entry() },
            StampListMsg::CountNotWhole { entry: entry() },
            StampListMsg::CountTooLarge { entry: entry() },
            StampListMsg::BadSha256 { entry: entry() },
            StampListMsg::BadLastLink { entry: entry() },
            StampListMsg::EmptyLedger { entry: entry() },
        ];
        let seen: Vec<usize> = msgs.iter().map(index).collect();
        assert_eq!(seen, (0..11).collect::<Vec<_>>());
        let mut all: Vec<ListError> = msgs
            .into_iter()
            .map(|message| ListError::Unreadable {
                name: LIST.into(),
                error: StampListError {
                    line: if message == StampListMsg::NoEntry {
                        0
                    } else {
                        3
                    },
                    message,
                },
            })
            .collect();
        all.push(ListError::TooLarge {
            name: LIST.into(),
            size: 1048577,
            limit: 1048576,
        });
        for e in &all {
            match e {
                ListError::Unreadable { .. } | ListError::TooLarge { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_list_error_has_the_clis_english_and_two_translations() {
        for e in all() {
            let english = e.to_string();
            let entry = format!("{ENTRY:?}");
            let names: Vec<&str> = match &e {
                ListError::Unreadable { error, .. } if error.message.entry().is_some() => {
                    vec![LIST, &entry]
                }
                _ => vec![LIST],
            };
            said_in_every_language(&english, || cm::list_error(&e), &names);
        }
    }

    #[test]
    fn a_bad_line_count_is_said_in_chinese() {
        let list = ListInput::parse(
            "130025Z.txt",
            b"# notes\nx.jsonl: 3x lines, sha256 ab, last link cd\n",
        );
        let e = ListResult::from(&list).error.expect("a broken list");
        assert_eq!(
            e.to_string(),
            "130025Z.txt: line 2: line count is not a whole number: \"x.jsonl: 3x lines, sha256 ab, last link cd\""
        );
        i18n::set(Lang::Zh);
        let said = cm::list_error(&e);
        i18n::set(Lang::En);
        assert_eq!(
            said,
            "130025Z.txt：第 2 行：行数不是整数：\"x.jsonl: 3x lines, sha256 ab, last link cd\""
        );
    }
}

mod replay {
    use super::*;

    fn protocol(version: Option<&str>, field: Option<&str>, message: ProtocolMsg) -> RecountError {
        RecountError::Replay(ReplayError::Protocol(ProtocolError {
            version: version.map(str::to_string),
            field: field.map(str::to_string),
            message,
        }))
    }

    fn record(file: &'static str, line: usize, message: RecordMsg) -> RecountError {
        RecountError::Replay(ReplayError::Record(RecordError {
            file,
            line,
            message,
        }))
    }

    fn field(name: &str, what: FieldMsg) -> RecordMsg {
        RecordMsg::Field {
            field: name.into(),
            what,
        }
    }

    /// Every protocol message, with the names its rendering must keep.
    fn protocol_msgs() -> Vec<(ProtocolMsg, Vec<&'static str>)> {
        fn index(m: &ProtocolMsg) -> usize {
            match m {
                ProtocolMsg::Json { .. } => 0,
                ProtocolMsg::NotProtocol { .. } => 1,
                ProtocolMsg::NotRounding { .. } => 2,
                ProtocolMsg::RuleSetCount => 3,
                ProtocolMsg::VersionTwice => 4,
                ProtocolMsg::SameStart => 5,
                ProtocolMsg::VersionLength => 6,
                ProtocolMsg::NotDate { .. } => 7,
                ProtocolMsg::MustBePositive => 8,
                ProtocolMsg::BetRuleTrack => 9,
                ProtocolMsg::BadStake => 10,
                ProtocolMsg::Range { .. } => 11,
                ProtocolMsg::MinCloseMinutes => 12,
                ProtocolMsg::FavouriteMax => 13,
                ProtocolMsg::Topics => 14,
                ProtocolMsg::CategoryMax => 15,
                ProtocolMsg::RoundLimits => 16,
                ProtocolMsg::FundCount => 17,
                ProtocolMsg::BadFund { .. } => 18,
                ProtocolMsg::ListedTwice { .. } => 19,
                ProtocolMsg::AlsoTraded { .. } => 20,
                ProtocolMsg::OutsideBasisPoints { .. } => 21,
                ProtocolMsg::BoundsCrossed => 22,
                ProtocolMsg::LongOnlyInvested => 23,
                ProtocolMsg::Negative => 24,
                ProtocolMsg::BadWindow => 25,
                ProtocolMsg::BenchmarkName { .. } => 26,
                ProtocolMsg::NotTradedFund { .. } => 27,
                ProtocolMsg::WeightNotAllowed { .. } => 28,
                ProtocolMsg::RandomFunds { .. } => 29,
                ProtocolMsg::BenchmarkRule { .. } => 30,
            }
        }
        let all = vec![
            (
                ProtocolMsg::Json {
                    line: 4,
                    column: 17,
                    detail: "expected `,` or `}`".into(),
                },
                vec!["expected `,` or `}`"],
            ),
            (
                ProtocolMsg::NotProtocol {
                    value: "\"arena\"".into(),
                    expected: "\"sealbook-arena\"".into(),
                },
                vec!["\"arena\"", "\"sealbook-arena\""],
            ),
            (
                ProtocolMsg::NotRounding {
                    value: "\"float\"".into(),
                    rule: "half-even cents".into(),
                },
                vec!["\"float\"", "half-even cents"],
            ),
            (ProtocolMsg::RuleSetCount, vec![]),
            (ProtocolMsg::VersionTwice, vec![]),
            (ProtocolMsg::SameStart, vec![]),
            (ProtocolMsg::VersionLength, vec![]),
            (
                ProtocolMsg::NotDate {
                    value: "\"2026-13-01\"".into(),
                },
                vec!["\"2026-13-01\""],
            ),
            (ProtocolMsg::MustBePositive, vec![]),
            (ProtocolMsg::BetRuleTrack, vec![]),
            (ProtocolMsg::BadStake, vec![]),
            (ProtocolMsg::Range { lo: 2, hi: 252 }, vec![]),
            (ProtocolMsg::MinCloseMinutes, vec!["max_close_days"]),
            (ProtocolMsg::FavouriteMax, vec![]),
            (ProtocolMsg::Topics, vec![]),
            (ProtocolMsg::CategoryMax, vec![]),
            (ProtocolMsg::RoundLimits, vec![]),
            (ProtocolMsg::FundCount, vec![]),
            (ProtocolMsg::BadFund { fund: 7 }, vec![]),
            (ProtocolMsg::ListedTwice { name: "SPY".into() }, vec!["SPY"]),
            (
                ProtocolMsg::AlsoTraded {
                    market: "SPX".into(),
                },
                vec!["SPX"],
            ),
            (
                ProtocolMsg::OutsideBasisPoints {
                    value: "100001".into(),
                },
                vec![],
            ),
            (ProtocolMsg::BoundsCrossed, vec![]),
            (ProtocolMsg::LongOnlyInvested, vec![]),
            (ProtocolMsg::Negative, vec![]),
            (ProtocolMsg::BadWindow, vec!["HH:MM", "start", "end"]),
            (
                ProtocolMsg::BenchmarkName {
                    name: "\"spy\"".into(),
                },
                vec!["\"spy\"", "_"],
            ),
            (
                ProtocolMsg::NotTradedFund {
                    benchmark: "_hold_all".into(),
                    fund: "XLE".into(),
                },
                vec!["_hold_all", "XLE"],
            ),
            (
                ProtocolMsg::WeightNotAllowed {
                    benchmark: "_hold_all".into(),
                    weight: "-500".into(),
                    fund: "SPY".into(),
                },
                vec!["_hold_all", "SPY"],
            ),
            (
                ProtocolMsg::RandomFunds {
                    benchmark: "_random".into(),
                    max: 11,
                },
                vec!["_random", "random_funds"],
            ),
            (
                ProtocolMsg::BenchmarkRule {
                    benchmark: "_random".into(),
                },
                vec!["_random", "weights_bp", "random_funds", "seed"],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(m, _)| index(m)).collect();
        assert_eq!(seen, (0..31).collect::<Vec<_>>());
        all
    }

    /// Every record message, with the names its rendering must keep.
    fn record_msgs() -> Vec<(RecordMsg, Vec<&'static str>)> {
        fn index(m: &RecordMsg) -> usize {
            match m {
                RecordMsg::TooManyLines { .. } => 0,
                RecordMsg::Json { .. } => 1,
                RecordMsg::Field { what, .. } => match what {
                    FieldMsg::Missing => 2,
                    FieldMsg::NotTime { .. } => 3,
                    FieldMsg::NotDate { .. } => 4,
                    FieldMsg::NotPrice { .. } => 5,
                    FieldMsg::NotDollars { .. } => 6,
                    FieldMsg::NotRate { .. } => 7,
                    FieldMsg::NotTokenPrice { .. } => 8,
                    FieldMsg::NotKind { .. } => 9,
                    FieldMsg::NotShares { .. } => 10,
                    FieldMsg::Choice(c) => match c {
                        ChoiceMsg::MustBeObject => 11,
                        ChoiceMsg::NotWeight { .. } => 12,
                        ChoiceMsg::NotPick { .. } => 13,
                        ChoiceMsg::BadOutcome => 14,
                        ChoiceMsg::NotCap { .. } => 15,
                        ChoiceMsg::NotChoice { .. } => 16,
                    },
                },
            }
        }
        let v = |s: &str| s.to_string();
        let choice = |f: &str, c: ChoiceMsg| field(f, FieldMsg::Choice(c));
        let all = vec![
            (RecordMsg::TooManyLines { max: 2000000 }, vec![]),
            (
                RecordMsg::Json {
                    detail: v("missing `account`"),
                },
                vec!["missing `account`"],
            ),
            (field("outcome", FieldMsg::Missing), vec!["outcome"]),
            (
                field(
                    "at",
                    FieldMsg::NotTime {
                        value: v("\"noon\""),
                    },
                ),
                vec!["at", "\"noon\""],
            ),
            (
                field(
                    "session",
                    FieldMsg::NotDate {
                        value: v("\"today\""),
                    },
                ),
                vec!["session", "\"today\""],
            ),
            (
                field("price", FieldMsg::NotPrice { value: v("\"-1\"") }),
                vec!["price", "\"-1\""],
            ),
            (
                field("cash", FieldMsg::NotDollars { value: v("1e300") }),
                vec!["cash", "1e300"],
            ),
            (
                field(
                    "rate",
                    FieldMsg::NotRate {
                        value: v("\"4.123456\""),
                    },
                ),
                vec!["rate", "\"4.123456\""],
            ),
            (
                field(
                    "outcomes[0].ask",
                    FieldMsg::NotTokenPrice {
                        value: v("\"1.2\""),
                    },
                ),
                vec!["outcomes[0].ask", "\"1.2\""],
            ),
            (
                field(
                    "kind",
                    FieldMsg::NotKind {
                        value: v("\"tick\""),
                    },
                ),
                vec!["kind", "\"tick\"", "bar", "resolution"],
            ),
            (
                field("qty", FieldMsg::NotShares { value: v("\"x\"") }),
                vec!["qty", "\"x\""],
            ),
            (
                choice("decision.weights", ChoiceMsg::MustBeObject),
                vec!["decision.weights"],
            ),
            (
                choice(
                    "decision.weights.SPY",
                    ChoiceMsg::NotWeight { value: v("12.345") },
                ),
                vec!["decision.weights.SPY", "12.345"],
            ),
            (
                choice(
                    "decision.bets.m1",
                    ChoiceMsg::NotPick { value: v("\"Up\"") },
                ),
                vec![
                    "decision.bets.m1",
                    "\"Up\"",
                    r#"{"outcome": <label>, "cap": <price 0-1, optional>}"#,
                ],
            ),
            (
                choice("decision.bets.m1.outcome", ChoiceMsg::BadOutcome),
                vec!["decision.bets.m1.outcome"],
            ),
            (
                choice(
                    "decision.bets.m1.cap",
                    ChoiceMsg::NotCap { value: v("1.5") },
                ),
                vec!["decision.bets.m1.cap", "1.5"],
            ),
            (
                choice(
                    "decision",
                    ChoiceMsg::NotChoice {
                        value: v("\"buy\""),
                    },
                ),
                vec![
                    "decision",
                    "\"buy\"",
                    "\"hold\"",
                    r#"{"weights": {...}}"#,
                    r#"{"bets": {...}}"#,
                ],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(m, _)| index(m)).collect();
        assert_eq!(seen, (0..17).collect::<Vec<_>>());
        all
    }

    /// Every way the replay is refused, with the names its rendering must keep.
    fn all() -> Vec<(RecountError, Vec<&'static str>)> {
        fn index(e: &RecountError) -> usize {
            match e {
                RecountError::Replay(ReplayError::Protocol(_)) => 0,
                RecountError::Replay(ReplayError::Record(_)) => 1,
                RecountError::NoRows => 2,
                RecountError::Code(CodeError::Json { .. }) => 3,
                RecountError::Code(CodeError::TooManyFiles { .. }) => 4,
                RecountError::Code(CodeError::BadEntry { .. }) => 5,
            }
        }
        let mut all = Vec::new();
        for (i, (m, mut names)) in protocol_msgs().into_iter().enumerate() {
            names.push("arena-protocol.json");
            // The file's own errors name no version; a version's name its version and field.
            let e = match (i, &m) {
                (_, ProtocolMsg::Json { .. }) => protocol(None, None, m),
                (_, ProtocolMsg::NotProtocol { .. }) => protocol(None, Some("protocol"), m),
                (_, ProtocolMsg::NotRounding { .. }) => protocol(None, Some("rounding"), m),
                (_, ProtocolMsg::RuleSetCount) => protocol(None, Some("versions"), m),
                _ => {
                    names.extend(["arena-3", "weight_min_bp"]);
                    protocol(Some("arena-3"), Some("weight_min_bp"), m)
                }
            };
            all.push((e, names));
        }
        for (m, mut names) in record_msgs() {
            let file = if matches!(
                &m,
                RecordMsg::Field {
                    what: FieldMsg::Choice(_),
                    ..
                }
            ) {
                DECISIONS_FILE
            } else {
                PRICES_FILE
            };
            names.push(file);
            all.push((record(file, 12, m), names));
        }
        all.push((RecountError::NoRows, vec!["arena-accounts.jsonl"]));
        all.push((
            RecountError::Code(CodeError::Json {
                line: 1,
                column: 9,
                detail: "expected a sequence".into(),
            }),
            vec!["arena-code.json", "expected a sequence"],
        ));
        all.push((
            RecountError::Code(CodeError::TooManyFiles { max: 1000 }),
            vec!["arena-code.json", "files"],
        ));
        all.push((
            RecountError::Code(CodeError::BadEntry { index: 3 }),
            vec!["arena-code.json", "files[3]", "sha256"],
        ));
        let mut seen: Vec<usize> = all.iter().map(|(e, _)| index(e)).collect();
        seen.dedup();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_replay_error_has_the_clis_english_and_two_translations() {
        for (e, names) in all() {
            let english = e.to_string();
            let braces = matches!(
                &e,
                RecountError::Replay(ReplayError::Record(RecordError {
                    message: RecordMsg::Field {
                        what: FieldMsg::Choice(
                            ChoiceMsg::NotPick { .. } | ChoiceMsg::NotChoice { .. }
                        ),
                        ..
                    },
                    ..
                }))
            ) || matches!(
                &e,
                RecountError::Replay(ReplayError::Protocol(ProtocolError {
                    message: ProtocolMsg::Json { .. },
                    ..
                }))
            );
            if braces {
                said_with_braces(&english, || rm::recount_error(&e), &names);
            } else {
                said_in_every_language(&english, || rm::recount_error(&e), &names);
            }
        }
    }

    #[test]
    fn a_bad_protocol_file_is_said_in_chinese_on_the_accounts_page() {
        let mut p = Protocol::standard();
        p.versions[0].metrics_sessions = 1;
        let version = p.versions[0].version.clone();
        let files: Vec<(String, Vec<u8>)> = [
            ("arena-protocol.json", p.to_json()),
            ("arena-decisions.jsonl", Vec::new()),
            ("arena-prices.jsonl", Vec::new()),
            ("arena-trades.jsonl", Vec::new()),
            ("arena-accounts.jsonl", Vec::new()),
        ]
        .into_iter()
        .map(|(n, b)| (n.to_string(), b))
        .collect();
        let e = sealbook_web::accounts::compute::compute(&files).unwrap_err();
        i18n::set(Lang::En);
        assert_eq!(
            e.say(),
            format!(
                "arena-protocol.json: version {version}: field metrics_sessions: must be 2-252"
            )
        );
        i18n::set(Lang::Zh);
        let said = e.say();
        i18n::set(Lang::En);
        assert_eq!(
            said,
            format!(
                "arena-protocol.json：版本 {version}：字段 metrics_sessions：必须在 2-252 之间"
            )
        );
    }

    #[test]
    fn a_bad_price_line_is_said_in_arabic_on_the_accounts_page() {
        let files: Vec<(String, Vec<u8>)> = [
            ("arena-protocol.json", Protocol::standard().to_json()),
            ("arena-decisions.jsonl", Vec::new()),
            (
                "arena-prices.jsonl",
                br#"{"symbol":"SPY","kind":"close","session":"2026-10-20","price":"0"}"#.to_vec(),
            ),
            ("arena-trades.jsonl", Vec::new()),
            ("arena-accounts.jsonl", Vec::new()),
        ]
        .into_iter()
        .map(|(n, b)| (n.to_string(), b))
        .collect();
        let e = sealbook_web::accounts::compute::compute(&files).unwrap_err();
        let english = "arena-prices.jsonl:1: field price: \"0\" is not a positive price with at most six decimals";
        said_in_every_language(
            english,
            || e.say(),
            &["arena-prices.jsonl", "price", "\"0\""],
        );
    }
}

mod decisions {
    use super::*;
    use sealbook_core::arena::league::DecisionsDiffer;
    use sealbook_core::records::book_lines::{BookLineError, BookLineMessage};

    fn all() -> Vec<(DecisionsDiffer, Vec<&'static str>)> {
        fn index(e: &DecisionsDiffer) -> usize {
            match e {
                DecisionsDiffer::Book(_) => 0,
                DecisionsDiffer::Line {
                    sealed: Some(_), ..
                } => 1,
                DecisionsDiffer::Line { sealed: None, .. } => 2,
            }
        }
        const PUBLISHED: &str = r#"{"account":"m1","decision":"hold"}"#;
        let all = vec![
            (
                DecisionsDiffer::Book(BookLineError {
                    line: 7,
                    field: "arena".into(),
                    message: BookLineMessage::NotJson {
                        offset: 12,
                        detail: "expected value".into(),
                    },
                }),
                vec!["council-book.jsonl", "arena", "expected value"],
            ),
            (
                DecisionsDiffer::Line {
                    line: 2,
                    published: Some(PUBLISHED.into()),
                    sealed: Some(PUBLISHED.replace("hold", "weights").to_string()),
                },
                vec!["arena-decisions.jsonl", "council-book.jsonl", PUBLISHED],
            ),
            (
                DecisionsDiffer::Line {
                    line: 4,
                    published: Some(PUBLISHED.into()),
                    sealed: None,
                },
                vec!["arena-decisions.jsonl", "council-book.jsonl", PUBLISHED],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(e, _)| index(e)).collect();
        assert_eq!(seen, (0..3).collect::<Vec<_>>());
        all
    }

    /// The Accounts page says why the decisions are not the book's as `sealbook replay --json`
    /// does on an English page, translated on the others; a missing line is said too.
    #[test]
    fn every_decisions_difference_has_the_clis_english_and_two_translations() {
        for (e, names) in all() {
            said_with_braces(&e.to_string(), || rm::decisions_differ(&e), &names);
        }
        let (missing, _) = all().remove(2);
        i18n::set(Lang::Zh);
        let said = rm::decisions_differ(&missing);
        i18n::set(Lang::En);
        assert_eq!(
            said,
            "arena-decisions.jsonl 第 4 行：与 council-book.jsonl 中封印的决定不同：已发布 {\"account\":\"m1\",\"decision\":\"hold\"}，已封印 （无此行）"
        );
    }
}

mod experiment_files {
    use super::*;
    use sealbook_web::scores::experiment::analysis_json;

    #[test]
    fn dataset_and_league_file_errors_have_the_clis_english_and_two_translations() {
        let dataset = DatasetError {
            file: "reader-experiment-dataset.json".into(),
            line: 3,
            column: 14,
            detail: "unknown variant `g2`".into(),
        };
        said_in_every_language(
            &dataset.to_string(),
            || rm::dataset_error(&dataset),
            &["reader-experiment-dataset.json", "unknown variant `g2`"],
        );
        let league = LeagueFileError {
            line: 2,
            column: 13,
            detail: "invalid type: integer `3`".into(),
        };
        said_in_every_language(
            &league.to_string(),
            || rm::league_file_error(&league),
            &["council-league.json", "invalid type: integer `3`"],
        );
    }

    #[test]
    fn the_scores_page_says_why_a_dataset_cannot_be_read_in_chinese() {
        let bytes = b"{\"readers\": 3}";
        let english =
            sealbook_core::experiment::analysis::parse_dataset(bytes, "d.json").unwrap_err();
        i18n::set(Lang::En);
        assert_eq!(
            analysis_json(Some(("d.json", bytes)), None).unwrap_err(),
            english.to_string()
        );
        i18n::set(Lang::Zh);
        let said = analysis_json(Some(("d.json", bytes)), None).unwrap_err();
        i18n::set(Lang::En);
        assert_eq!(
            said,
            format!(
                "d.json：第 {} 行，第 {} 列：不是实验数据集：{}",
                english.line, english.column, english.detail
            )
        );
        let league = analysis_json(None, Some(b"{\n  \"league\": 3\n}")).unwrap_err();
        assert!(
            league.starts_with("council-league.json: line 2, column 13: "),
            "{league}"
        );
    }
}
