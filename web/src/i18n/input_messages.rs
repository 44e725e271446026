//! The Scores page's league input files in the page's language: why the league's files cannot
//! be scored ([`input_error`], spec §3.9, Appendix C), and why `council-forecasts.csv` (spec
//! Appendix C, Table C1), the registered predictions (§8.4), `council-clim-window.json` (§4.3)
//! or the book's sealing times (§3.3) cannot be read, each error's place (row, line,
//! column, field path) and message id rendered by [`tr`]. The English is what core's
//! `Display` writes for the CLI (`web/tests/web/i18n_input_files.rs` holds it to that).
//!
//! A field's text is shown quoted as the CLI quotes it (Rust's `{:?}`); file names, field
//! paths, column names, JSON type names and the CSV or JSON reader's own words are kept as
//! they are.

use super::book_messages::{book_line_error, roster_error};
use super::{tr, M};
use sealbook_core::contract::forecasts_csv::{CsvError, CsvMsg};
use sealbook_core::records::names::{BOOK_FILE, CLIM_FILE, FORECASTS_FILE};
use sealbook_core::records::sealing::{SealingError, SealingMsg, WHOLE_LINE};
use sealbook_core::score::baselines::{ClimError, ClimMsg};
use sealbook_core::score::files::InputError;
use sealbook_core::score::scorecard::{RegisteredError, RegisteredMsg};

/// A field's text as the CLI quotes it.
fn quoted(s: &str) -> String {
    format!("{s:?}")
}

/// A forecasts-file error with its row, line and (when one is at fault) column, as
/// `CsvError`'s `Display` places them: `row 3 (line 4), column prob_up: ...`.
pub fn csv_error(e: &CsvError) -> String {
    let message = csv_msg(&e.message);
    match &e.column {
        Some(column) => tr(
            M::InCsvAtColumn,
            &[
                ("row", &e.row),
                ("line", &e.line),
                ("column", column),
                ("message", &message),
            ],
        ),
        None => tr(
            M::InCsvAt,
            &[("row", &e.row), ("line", &e.line), ("message", &message)],
        ),
    }
}

/// What is wrong with a row or field of `council-forecasts.csv`.
pub fn csv_msg(m: &CsvMsg) -> String {
    match m {
        CsvMsg::NotCsv { detail } => tr(M::InCsvNotCsv, &[("detail", detail)]),
        CsvMsg::HeaderTooWide { columns, max } => {
            tr(M::InCsvHeaderTooWide, &[("columns", columns), ("max", max)])
        }
        CsvMsg::HeaderTooLong { bytes, max } => {
            tr(M::InCsvHeaderTooLong, &[("bytes", bytes), ("max", max)])
        }
        CsvMsg::NotUtf8 { byte } => tr(M::InCsvNotUtf8, &[("byte", byte)]),
        CsvMsg::FieldCount { fields, header } => tr(
            M::InCsvFieldCount,
            &[("fields", fields), ("header", header)],
        ),
        CsvMsg::NamedTwice => tr(M::InCsvNamedTwice, &[]),
        CsvMsg::MissingColumn => tr(M::InCsvMissingColumn, &[]),
        CsvMsg::NoHeader => tr(M::InCsvNoHeader, &[]),
        CsvMsg::NotNumber { value } => tr(M::InCsvNotNumber, &[("value", &quoted(value))]),
        CsvMsg::NotTime { value } => tr(M::InNotTime, &[("value", &quoted(value))]),
        CsvMsg::NotLineNumber { value } => tr(M::InNotLineNumber, &[("value", &quoted(value))]),
        CsvMsg::NotHorizon { value } => tr(M::InCsvNotHorizon, &[("value", &quoted(value))]),
        CsvMsg::NotBool { value } => tr(M::InCsvNotBool, &[("value", &quoted(value))]),
    }
}

/// A registered-predictions error with the field it names (`predictions[3].p: ...`).
pub fn registered_error(e: &RegisteredError) -> String {
    tr(
        M::InAt,
        &[("at", &e.path), ("message", &registered_msg(&e.message))],
    )
}

/// What is wrong with a field of the registered-predictions file.
pub fn registered_msg(m: &RegisteredMsg) -> String {
    match m {
        RegisteredMsg::NotJson { offset, detail } => {
            tr(M::InNotJson, &[("offset", offset), ("detail", detail)])
        }
        RegisteredMsg::NotObject { found } => tr(M::InExpectedObjectFound, &[("found", found)]),
        RegisteredMsg::NotList { found } => tr(M::InExpectedListFound, &[("found", found)]),
        RegisteredMsg::NotString { found } => tr(M::InExpectedStringFound, &[("found", found)]),
        RegisteredMsg::NotNumber { found } => tr(M::InExpectedNumberFound, &[("found", found)]),
        RegisteredMsg::Missing => tr(M::InMissing, &[]),
        RegisteredMsg::LoneSurrogate => tr(M::InRegLoneSurrogate, &[]),
        RegisteredMsg::RegisteredTwice { id, first } => {
            tr(M::InRegTwice, &[("id", &quoted(id)), ("first", first)])
        }
        RegisteredMsg::NotProbability { p } => tr(M::InRegNotProbability, &[("p", p)]),
        RegisteredMsg::NotDate { value } => tr(M::InRegNotDate, &[("value", &quoted(value))]),
        RegisteredMsg::NotVerdict { value } => tr(M::InRegNotVerdict, &[("value", &quoted(value))]),
        RegisteredMsg::UncitedVerdict => tr(M::InRegUncited, &[]),
    }
}

/// A climatology-file error with the field it names (`table[0].p_up: ...`).
pub fn clim_error(e: &ClimError) -> String {
    tr(
        M::InAt,
        &[("at", &e.path), ("message", &clim_msg(&e.message))],
    )
}

/// What is wrong with a field of `council-clim-window.json`.
pub fn clim_msg(m: &ClimMsg) -> String {
    match m {
        ClimMsg::NotJson { offset, detail } => {
            tr(M::InNotJson, &[("offset", offset), ("detail", detail)])
        }
        ClimMsg::NotObject { found } => tr(M::InExpectedObjectFound, &[("found", found)]),
        ClimMsg::LoneSurrogate { code_point } => tr(
            M::InClimLoneSurrogate,
            &[("surrogate", &format!("\\u{code_point:04x}"))],
        ),
        ClimMsg::NotString { found } => tr(M::InExpectedStringFound, &[("found", found)]),
        ClimMsg::NotList { found } => tr(M::InExpectedListFound, &[("found", found)]),
        ClimMsg::Missing => tr(M::InMissing, &[]),
        ClimMsg::RowNotObject => tr(M::InExpectedObject, &[]),
        ClimMsg::StringExpected => tr(M::InExpectedString, &[]),
        ClimMsg::OutOfRange => tr(M::InOutOfRange, &[]),
        ClimMsg::NotNumber { found } => tr(M::InExpectedNumberFound, &[("found", found)]),
        ClimMsg::NotInteger { found } => tr(M::InExpectedIntegerFound, &[("found", found)]),
        ClimMsg::OutsideUnit { p } => tr(M::InClimOutsideUnit, &[("p", p)]),
    }
}

/// A sealing-time error with its book line and field (`book line 4, field at: ...`); the
/// whole line's field ([`WHOLE_LINE`]) is worded in the page's language.
pub fn sealing_error(e: &SealingError) -> String {
    let field = if e.field == WHOLE_LINE {
        super::t(M::InSealWholeLine)
    } else {
        e.field.as_str()
    };
    tr(
        M::InSealAt,
        &[
            ("line", &e.line),
            ("field", &field),
            ("message", &sealing_msg(&e.message)),
        ],
    )
}

/// What is wrong with a book line's `at`, `booked_at` or `n`.
pub fn sealing_msg(m: &SealingMsg) -> String {
    match m {
        SealingMsg::NotJson { offset, detail } => {
            tr(M::InNotJson, &[("offset", offset), ("detail", detail)])
        }
        SealingMsg::NotObject { found } => tr(M::InExpectedObjectFound, &[("found", found)]),
        SealingMsg::NotTime { value } => tr(M::InNotTime, &[("value", &quoted(value))]),
        SealingMsg::NotString { found } => tr(M::InExpectedStringFound, &[("found", found)]),
        SealingMsg::Missing => tr(M::InMissing, &[]),
        SealingMsg::NotLineNumber { n } => tr(M::InNotLineNumber, &[("value", n)]),
    }
}

/// Why the league's files cannot be scored, naming the file and where in it.
pub fn input_error(e: &InputError) -> String {
    let in_file = |file: &str, detail: &str| tr(M::InFile, &[("file", &file), ("detail", &detail)]);
    match e {
        InputError::Forecasts(inner) => in_file(FORECASTS_FILE, &csv_error(inner)),
        InputError::Book(inner) => in_file(BOOK_FILE, &sealing_error(inner)),
        InputError::Climatology(inner) => in_file(CLIM_FILE, &clim_error(inner)),
        InputError::BookLine(inner) => in_file(BOOK_FILE, &book_line_error(inner)),
        InputError::Roster(inner) => roster_error(inner),
        InputError::NoRows => tr(M::InNoRows, &[]),
    }
}
