//! The Scores page's league input files in the reader's language (web/src/i18n/input_messages.rs):
//! every message of core's `CsvMsg` (council-forecasts.csv), `RegisteredMsg` (the registered
//! predictions), `ClimMsg` (council-clim-window.json) and `SealingMsg` (the book's sealing
//! times) is listed through an exhaustive `match`, so a new variant fails here until it is
//! worded. The English page says byte for byte what the CLI prints (core's `Display`); Chinese
//! and Arabic translate the sentence and its place (row, line, column, field), fill every
//! argument and keep every number, file name, column, field path and quoted value.

#![forbid(unsafe_code)]

use super::common;

use sealbook_core::contract::forecasts_csv::{read_forecasts, CsvError, CsvMsg};
use sealbook_core::records::sealing::{book_sealing_times, SealingError, SealingMsg, WHOLE_LINE};
use sealbook_core::score::baselines::{ClimError, ClimMsg, ClimatologyTable};
use sealbook_core::score::scorecard::{parse_registered, RegisteredError, RegisteredMsg};
use sealbook_web::i18n::{self, input_messages as im, Lang};
use sealbook_web::scores::compute::{compute, Inputs};

/// [`common::said_in_every_language`], with every kept word in the English too and no English
/// location word ("row", "line", "column", "field") left in a translation.
fn said_in_every_language(english: &str, render: impl Fn() -> String, keeps: &[&str]) {
    for k in keeps {
        assert!(english.contains(k), "the case's {k:?} is not in {english}");
    }
    for said in common::said_in_every_language(english, render, keeps) {
        for word in ["row ", "line ", "column ", "field ", "(line)"] {
            assert!(!said.contains(word), "the English {word:?} is kept: {said}");
        }
    }
}

mod csv {
    use super::*;

    fn err(row: u64, line: u64, column: Option<&str>, message: CsvMsg) -> CsvError {
        CsvError {
            row,
            line,
            column: column.map(str::to_string),
            message,
        }
    }

    /// Every message, in a `CsvError` with the data its rendering must keep.
    fn all() -> Vec<(CsvError, Vec<&'static str>)> {
        fn index(m: &CsvMsg) -> usize {
            match m {
                CsvMsg::NotCsv { .. } => 0,
                CsvMsg::HeaderTooWide { .. } => 1,
                CsvMsg::HeaderTooLong { .. } => 2,
                CsvMsg::NotUtf8 { .. } => 3,
                CsvMsg::FieldCount { .. } => 4,
                CsvMsg::NamedTwice => 5,
                CsvMsg::MissingColumn => 6,
                CsvMsg::NoHeader => 7,
                CsvMsg::NotNumber { .. } => 8,
                CsvMsg::NotTime { .. } => 9,
                CsvMsg::NotLineNumber { .. } => 10,
                CsvMsg::NotHorizon { .. } => 11,
                CsvMsg::NotBool { .. } => 12,
            }
        }
        let value = |v: &str| v.to_string();
        let all = vec![
            (
                err(
                    7,
                    9,
                    None,
                    CsvMsg::NotCsv {
                        detail:
                            "CSV error: record 6 (line: 9, byte: 412): found record with 3 fields"
                                .into(),
                    },
                ),
                vec![
                    "7",
                    "9",
                    "CSV error: record 6 (line: 9, byte: 412): found record with 3 fields",
                ],
            ),
            (
                err(
                    1,
                    1,
                    None,
                    CsvMsg::HeaderTooWide {
                        columns: 1025,
                        max: 1024,
                    },
                ),
                vec!["1025", "1024"],
            ),
            (
                err(
                    1,
                    2,
                    None,
                    CsvMsg::HeaderTooLong {
                        bytes: 65539,
                        max: 65536,
                    },
                ),
                vec!["65539", "65536", "2"],
            ),
            (
                err(12, 14, Some("model"), CsvMsg::NotUtf8 { byte: 3 }),
                vec!["12", "14", "model", "UTF-8", "3"],
            ),
            (
                err(
                    3,
                    3,
                    None,
                    CsvMsg::FieldCount {
                        fields: 39,
                        header: 40,
                    },
                ),
                vec!["39", "40"],
            ),
            (
                err(1, 1, Some("prob_up"), CsvMsg::NamedTwice),
                vec!["prob_up"],
            ),
            (
                err(1, 1, Some("event_id_v2"), CsvMsg::MissingColumn),
                vec!["event_id_v2"],
            ),
            (err(1, 1, None, CsvMsg::NoHeader), vec![]),
            (
                err(
                    6,
                    6,
                    Some("prob_up"),
                    CsvMsg::NotNumber {
                        value: value("fifty"),
                    },
                ),
                vec!["6", "prob_up", "\"fifty\""],
            ),
            (
                err(
                    4,
                    5,
                    Some("sealed_at"),
                    CsvMsg::NotTime {
                        value: value("2026-10-20 12:31"),
                    },
                ),
                vec!["4", "5", "sealed_at", "\"2026-10-20 12:31\"", "RFC 3339"],
            ),
            (
                err(
                    8,
                    8,
                    Some("line"),
                    CsvMsg::NotLineNumber { value: value("0") },
                ),
                vec!["8", "\"0\""],
            ),
            (
                err(
                    2,
                    2,
                    Some("horizon"),
                    CsvMsg::NotHorizon { value: value("2d") },
                ),
                vec!["horizon", "\"2d\"", "1d", "1w", "1m", "6m"],
            ),
            (
                err(
                    10,
                    11,
                    Some("same_event"),
                    CsvMsg::NotBool {
                        value: value("yes"),
                    },
                ),
                vec!["10", "11", "same_event", "\"yes\"", "true", "false"],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(e, _)| index(&e.message)).collect();
        assert_eq!(seen, (0..13).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_csv_error_has_the_clis_english_and_two_translations() {
        for (e, keeps) in all() {
            said_in_every_language(&e.to_string(), || im::csv_error(&e), &keeps);
        }
    }

    #[test]
    fn a_bad_value_is_placed_in_chinese() {
        let (e, _) = all().swap_remove(8);
        i18n::set(Lang::Zh);
        let said = im::csv_error(&e);
        i18n::set(Lang::En);
        assert_eq!(
            said,
            "第 6 条记录（第 6 行），列 prob_up：\"fifty\" 不是数字"
        );
    }

    /// A file the reader refuses: the page's English is the CLI's, and the Arabic keeps the
    /// column it names.
    #[test]
    fn a_refused_file_reads_the_same_on_the_page_and_the_cli() {
        let e = read_forecasts(b"run_id,session\nx,y\n").unwrap_err();
        assert_eq!(e.message, CsvMsg::MissingColumn);
        said_in_every_language(&e.to_string(), || im::csv_error(&e), &["seat"]);
    }
}

mod registered {
    use super::*;

    fn err(path: &str, message: RegisteredMsg) -> RegisteredError {
        RegisteredError {
            path: path.into(),
            message,
        }
    }

    fn all() -> Vec<(RegisteredError, Vec<&'static str>)> {
        fn index(m: &RegisteredMsg) -> usize {
            match m {
                RegisteredMsg::NotJson { .. } => 0,
                RegisteredMsg::NotObject { .. } => 1,
                RegisteredMsg::NotList { .. } => 2,
                RegisteredMsg::NotString { .. } => 3,
                RegisteredMsg::NotNumber { .. } => 4,
                RegisteredMsg::Missing => 5,
                RegisteredMsg::LoneSurrogate => 6,
                RegisteredMsg::RegisteredTwice { .. } => 7,
                RegisteredMsg::NotProbability { .. } => 8,
                RegisteredMsg::NotDate { .. } => 9,
                RegisteredMsg::NotVerdict { .. } => 10,
                RegisteredMsg::UncitedVerdict => 11,
            }
        }
        let all = vec![
            (
                err(
                    "$",
                    RegisteredMsg::NotJson {
                        offset: 17,
                        detail: "unexpected end of input".into(),
                    },
                ),
                vec!["$", "17", "unexpected end of input"],
            ),
            (
                err("$", RegisteredMsg::NotObject { found: "list" }),
                vec!["list"],
            ),
            (
                err("predictions", RegisteredMsg::NotList { found: "dict" }),
                vec!["predictions", "dict"],
            ),
            (
                err(
                    "predictions[2].cites",
                    RegisteredMsg::NotString { found: "int" },
                ),
                vec!["predictions[2].cites", "int"],
            ),
            (
                err(
                    "predictions[0].p",
                    RegisteredMsg::NotNumber { found: "str" },
                ),
                vec!["predictions[0].p", "str"],
            ),
            (
                err("predictions[3].check_date", RegisteredMsg::Missing),
                vec!["predictions[3].check_date"],
            ),
            (
                err("predictions[4].id", RegisteredMsg::LoneSurrogate),
                vec!["predictions[4].id", "Unicode"],
            ),
            (
                err(
                    "predictions[5].id",
                    RegisteredMsg::RegisteredTwice {
                        id: "F1".into(),
                        first: 0,
                    },
                ),
                vec!["predictions[5].id", "\"F1\"", "predictions[0]"],
            ),
            (
                err(
                    "predictions[0].p",
                    RegisteredMsg::NotProbability { p: "1.2".into() },
                ),
                vec!["predictions[0].p", "1.2", "0", "1"],
            ),
            (
                err(
                    "predictions[0].check_date",
                    RegisteredMsg::NotDate {
                        value: "2026-11-31".into(),
                    },
                ),
                vec!["\"2026-11-31\"", "YYYY-MM-DD"],
            ),
            (
                err(
                    "predictions[0].verdict",
                    RegisteredMsg::NotVerdict {
                        value: "yes".into(),
                    },
                ),
                vec!["\"yes\"", "\"true\"", "\"not_true\"", "null"],
            ),
            (
                err("predictions[0].cites", RegisteredMsg::UncitedVerdict),
                vec!["predictions[0].cites"],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(e, _)| index(&e.message)).collect();
        assert_eq!(seen, (0..12).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_registered_error_has_the_clis_english_and_two_translations() {
        for (e, keeps) in all() {
            said_in_every_language(&e.to_string(), || im::registered_error(&e), &keeps);
        }
    }

    /// The page names the dropped file before the field, as `sealbook scorecard` does.
    #[test]
    fn the_page_names_the_file_in_the_readers_language() {
        let bytes = br#"{"predictions": [{"id": "F1", "p": 1.2, "check_date": "2026-11-30"}]}"#;
        let e = parse_registered(bytes).unwrap_err();
        let page = || {
            compute(&Inputs {
                registered: Some(("registered-predictions.json", bytes)),
                ..Inputs::default()
            })
            .unwrap_err()
        };
        said_in_every_language(
            &format!("registered-predictions.json: {e}"),
            page,
            &["registered-predictions.json", "predictions[0].p", "1.2"],
        );
        i18n::set(Lang::Zh);
        let said = page();
        i18n::set(Lang::En);
        assert_eq!(
            said,
            "registered-predictions.json：predictions[0].p：1.2 不是 0 到 1 之间的概率"
        );
    }
}

mod climatology {
    use super::*;

    fn err(path: &str, message: ClimMsg) -> ClimError {
        ClimError {
            path: path.into(),
            message,
        }
    }

    fn all() -> Vec<(ClimError, Vec<&'static str>)> {
        fn index(m: &ClimMsg) -> usize {
            match m {
                ClimMsg::NotJson { .. } => 0,
                ClimMsg::NotObject { .. } => 1,
                ClimMsg::LoneSurrogate { .. } => 2,
                ClimMsg::NotString { .. } => 3,
                ClimMsg::NotList { .. } => 4,
                ClimMsg::Missing => 5,
                ClimMsg::RowNotObject => 6,
                ClimMsg::StringExpected => 7,
                ClimMsg::OutOfRange => 8,
                ClimMsg::NotNumber { .. } => 9,
                ClimMsg::NotInteger { .. } => 10,
                ClimMsg::OutsideUnit { .. } => 11,
            }
        }
        let all = vec![
            (
                err(
                    "$",
                    ClimMsg::NotJson {
                        offset: 0,
                        detail: "unexpected UTF-8 BOM".into(),
                    },
                ),
                vec!["$", "0", "unexpected UTF-8 BOM"],
            ),
            (err("$", ClimMsg::NotObject { found: "list" }), vec!["list"]),
            (
                err("$", ClimMsg::LoneSurrogate { code_point: 0xd83d }),
                vec!["\\ud83d", "UTF-8", ".encode()"],
            ),
            (
                err("sha256", ClimMsg::NotString { found: "int" }),
                vec!["sha256", "int"],
            ),
            (
                err("table", ClimMsg::NotList { found: "dict" }),
                vec!["table", "dict"],
            ),
            (err("table", ClimMsg::Missing), vec!["table"]),
            (err("table[3]", ClimMsg::RowNotObject), vec!["table[3]"]),
            (
                err("table[0].asset", ClimMsg::StringExpected),
                vec!["table[0].asset"],
            ),
            (err("table[1].n", ClimMsg::OutOfRange), vec!["table[1].n"]),
            (
                err("table[2].p_up", ClimMsg::NotNumber { found: "str" }),
                vec!["table[2].p_up", "str"],
            ),
            (
                err(
                    "table[2].n_independent",
                    ClimMsg::NotInteger { found: "float" },
                ),
                vec!["table[2].n_independent", "float"],
            ),
            (
                err("table[0].p_up", ClimMsg::OutsideUnit { p: "1.5".into() }),
                vec!["table[0].p_up", "1.5", "0-1"],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(e, _)| index(&e.message)).collect();
        assert_eq!(seen, (0..12).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_climatology_error_has_the_clis_english_and_two_translations() {
        for (e, keeps) in all() {
            said_in_every_language(&e.to_string(), || im::clim_error(&e), &keeps);
        }
    }

    #[test]
    fn a_refused_table_reads_the_same_on_the_page_and_the_cli() {
        let e = ClimatologyTable::parse(br#"{"table": [{"asset": "SPX", "h": "1d", "p_up": 2}]}"#)
            .unwrap_err();
        said_in_every_language(
            &e.to_string(),
            || im::clim_error(&e),
            &["table[0].p_up", "2"],
        );
    }
}

mod sealing {
    use super::*;

    fn err(line: u64, field: &str, message: SealingMsg) -> SealingError {
        SealingError {
            line,
            field: field.into(),
            message,
        }
    }

    fn all() -> Vec<(SealingError, Vec<&'static str>)> {
        fn index(m: &SealingMsg) -> usize {
            match m {
                SealingMsg::NotJson { .. } => 0,
                SealingMsg::NotObject { .. } => 1,
                SealingMsg::NotTime { .. } => 2,
                SealingMsg::NotString { .. } => 3,
                SealingMsg::Missing => 4,
                SealingMsg::NotLineNumber { .. } => 5,
            }
        }
        let all = vec![
            (
                err(
                    41,
                    WHOLE_LINE,
                    SealingMsg::NotJson {
                        offset: 23,
                        detail: "expected ',' or '}'".into(),
                    },
                ),
                vec!["41", "23", "expected ',' or '}'"],
            ),
            (
                err(2, WHOLE_LINE, SealingMsg::NotObject { found: "list" }),
                vec!["2", "list"],
            ),
            (
                err(
                    17,
                    "booked_at",
                    SealingMsg::NotTime {
                        value: "yesterday".into(),
                    },
                ),
                vec!["17", "booked_at", "\"yesterday\"", "RFC 3339"],
            ),
            (
                err(5, "at", SealingMsg::NotString { found: "int" }),
                vec!["5", "at", "int"],
            ),
            (err(9, "at", SealingMsg::Missing), vec!["9", "at"]),
            (
                err(12, "n", SealingMsg::NotLineNumber { n: "-3".into() }),
                vec!["12", "-3"],
            ),
        ];
        let seen: Vec<usize> = all.iter().map(|(e, _)| index(&e.message)).collect();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
        all
    }

    #[test]
    fn every_sealing_error_has_the_clis_english_and_two_translations() {
        for (e, keeps) in all() {
            said_in_every_language(&e.to_string(), || im::sealing_error(&e), &keeps);
        }
    }

    #[test]
    fn a_line_that_is_not_an_object_is_placed_in_chinese() {
        let e = book_sealing_times(b"[1]\n").unwrap_err();
        said_in_every_language(&e.to_string(), || im::sealing_error(&e), &["1", "list"]);
        i18n::set(Lang::Zh);
        let said = im::sealing_error(&e);
        i18n::set(Lang::En);
        assert_eq!(said, "账本第 1 行，字段 (整行)：应为对象，实际为 list");
    }
}
