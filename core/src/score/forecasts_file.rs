//! `council-forecasts.csv` as a league publishes it (spec Appendix C, Table C1): the rows
//! [`super::book_rows`] rebuilds from the sealed book, each with the rest of its cell as sealed
//! in its answer line, in the layout [`crate::contract::forecasts_csv::write_forecasts`] owns.
//!
//! The columns scoring reads come from [`super::book_rows`] (see its module doc). The others:
//! - `mode`: the answer line's `mode`, as corrected (§3.10: the last correction naming the
//!   line with `fields.mode`);
//! - a row with `line_kind` `correction` (a cell a correction line restores, see
//!   [`super::book_rows`]) takes its cell from the correction's `fields.items` and the rest
//!   from the answer line it corrects;
//! - `action`, `exp_pct`, `target`, `invalidation`, `source_domains`, `source_urls`: the cell
//!   `items.<asset>.<horizon>` of the answer line as sealed (a list is joined with `;`; a
//!   nested object is not a field and stays empty), except that a sealed action outside the
//!   five allowed ([`ACTIONS`]) is kept in `action_word` and `action` stays empty (§3.6: the
//!   word is kept, its probability and levels scored, not traded);
//! - `why_missing`: for a `no_answer` row, that the counted run has no answer line of the
//!   seat; for a `refused_shape` row, the line's `shape_reason` (else that it has no `items`);
//! - `seat_versions_in_run`: how many model versions (each answer line's `model`, as
//!   corrected) the seat answered with in the run, 2 or more marking a version change within it
//!   (§3.10; 0 for `no_answer`); `attempt`: the answer line's place among the seat's answer
//!   lines in the run, from 1;
//! - `entry` (after the contract columns): the cell's `entry` level as sealed (§3.6);
//! - `reference_price_at`: the start of the first one-minute bar the contract's reference rule
//!   reads (the first minute at or after `reference_at`; empty under another rule);
//! - `reference_at`: the row's event reference (`event_reference_at`): the session's 09:30 ET,
//!   or the line's own sealing time for a row scored from its own reference.

use super::counting::Counting;
use super::files::InputError;
use super::roster::league_roster;
use crate::book::canon::{Object, Value};
use crate::calendar::Instant;
use crate::contract::forecasts_csv::{csv_number, write_forecasts, ForecastRow, RowCells};
use crate::prices::rule::first_reference_bar;
use crate::prices::REFERENCE_RULE_V1;
use crate::records::book_lines::BookLines;
use crate::records::book_lines::ACTIONS;
use std::collections::BTreeMap;

/// The forecasts file of a league from its book and, when given, its ask chain (the roster
/// that names seats without an answer; else the book's run lines' roster).
pub fn forecasts_csv_from_book(book: &[u8], asks: Option<&[u8]>) -> Result<Vec<u8>, InputError> {
    let roster = league_roster(asks, Some(book)).map_err(InputError::Roster)?;
    let lines = BookLines::parse(book).map_err(InputError::BookLine)?;
    let mut counting = Counting::from_asks(asks).map_err(InputError::Roster)?;
    let rows = super::book_rows::rows_from_lines(&lines, &roster, &mut counting)
        .map_err(InputError::BookLine)?;
    let cells: Vec<RowCells> = rows.iter().map(|r| row_cells(&lines, r)).collect();
    Ok(write_forecasts(rows.iter().zip(&cells)))
}

/// A sealed value as one CSV field: strings as they are, numbers as the file writes them,
/// lists joined with `;`; objects and null are empty.
fn text(v: &Value) -> String {
    match v {
        Value::Str(s) => s.as_str().unwrap_or_default().to_string(),
        Value::Int(i) => i.as_str().to_string(),
        Value::Float(x) => csv_number(*x),
        Value::Bool(b) => b.to_string(),
        Value::Array(xs) => xs.iter().map(text).collect::<Vec<_>>().join(";"),
        Value::Null | Value::Object(_) => String::new(),
    }
}

/// The start of the first one-minute bar the reference rule reads for a contract with
/// reference time `reference_at` and rule `rule` (Table C1 `reference_price_at`): under
/// [`REFERENCE_RULE_V1`], the first minute starting at or after `reference_at` (13:00:19Z
/// gives 13:01:00Z, 13:30:00Z itself). The rule skips a bar without a close, and the score
/// line does not say which bar priced the event, so this is the bar the rule reads first.
/// Empty under another rule or an unreadable time.
fn reference_price_at(reference_at: &str, rule: &str) -> String {
    if rule != REFERENCE_RULE_V1 {
        return String::new();
    }
    Instant::parse_rfc3339(reference_at)
        .map_or_else(String::new, |t| first_reference_bar(t).to_rfc3339())
}

fn row_cells(lines: &BookLines, row: &ForecastRow) -> RowCells {
    let reference_at = row.contract.values()[2].to_string();
    let reference_price_at = reference_price_at(&reference_at, row.contract.values()[6]);
    // A restored cell's answer is the line its correction names; its cell is the correction's.
    let correction = (row.line_kind == "correction")
        .then(|| lines.corrections.iter().find(|c| c.n == row.line))
        .flatten();
    let answer_line = correction.map_or(row.line, |c| c.of);
    let answer = lines
        .answers
        .get(&answer_line)
        .filter(|a| a.seat.as_deref() == Some(row.seat.as_str()));
    let Some(a) = answer else {
        return RowCells {
            why_missing: "no answer line of the seat in the counted run".into(),
            seat_versions_in_run: "0".into(),
            reference_at,
            reference_price_at,
            ..Default::default()
        };
    };
    let answers_in_run: Vec<&crate::records::book_lines::AnswerLine> = lines
        .answers
        .values()
        .filter(|b| b.seat == a.seat && b.run_id == a.run_id)
        .collect();
    let attempt = answers_in_run
        .iter()
        .position(|b| b.n == a.n)
        .map_or(0, |i| i + 1);
    // §3.10: the model versions the seat answered with in the run (each line's model as
    // corrected); more than one marks a version change within the run.
    // A line that states no model is no version of its own.
    let versions: std::collections::BTreeSet<&str> = answers_in_run
        .iter()
        .filter_map(|b| lines.corrected_str(b.n, "model").or(b.model.as_deref()))
        .collect();
    let items = correction
        .and_then(|c| c.items())
        .and_then(Value::as_object)
        .unwrap_or(&a.items);
    let cell = cell_fields(items, &row.asset, row.horizon.as_str());
    let field = |k: &str| cell.get(k).cloned().unwrap_or_default();
    let why_missing = if row.status == "refused_shape" {
        a.shape
            .as_ref()
            .map_or_else(|| "the answer line has no items".into(), |(_, r)| r.clone())
    } else {
        String::new()
    };
    RowCells {
        mode: lines
            .corrected_str(a.n, "mode")
            .or(a.mode.as_deref())
            .unwrap_or_default()
            .to_string(),
        action: Some(field("action"))
            .filter(|a| ACTIONS.contains(&a.as_str()))
            .unwrap_or_default(),
        action_word: Some(field("action"))
            .filter(|a| !ACTIONS.contains(&a.as_str()))
            .unwrap_or_default(),
        exp_pct: field("exp_pct"),
        target: field("target"),
        invalidation: field("invalidation"),
        source_domains: field("source_domains"),
        source_urls: field("source_urls"),
        entry: field("entry"),
        reference_price_at,
        why_missing,
        seat_versions_in_run: versions.len().max(1).to_string(),
        reference_at,
        attempt: attempt.to_string(),
    }
}

/// The cell's fields as CSV text (empty when the cell is missing).
fn cell_fields(items: &Object, asset: &str, horizon: &str) -> BTreeMap<String, String> {
    let cell = items
        .get(asset)
        .and_then(Value::as_object)
        .and_then(|c| c.get(horizon))
        .and_then(Value::as_object);
    cell.map(|c| {
        c.iter()
            .filter_map(|(k, v)| Some((k.as_str()?.to_string(), text(v))))
            .collect()
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::conformance;
    use crate::contract::forecasts_csv::read_forecasts;

    fn book(lines: &[&str]) -> Vec<u8> {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{{\"n\": {}, {l}}}\n", i + 1))
            .collect::<String>()
            .into_bytes()
    }

    #[test]
    fn the_file_is_the_sealed_cells_and_reads_back_as_the_rows() {
        let b = book(&[
            r#""kind": "run", "run_id": "2026-11-02-am", "at": "2026-11-02T13:30:00Z", "methodology": "m7", "roster": [{"seat": "a", "family": "fa"}, {"seat": "c", "family": "fc"}]"#,
            r#""kind": "answer", "run_id": "2026-11-02-am", "seat": "a", "model": "ma", "mode": "api", "at": "2026-11-02T13:31:00Z", "items": {"SPX": {"1d": {"prob_up": 60, "action": "buy_dips", "entry": 6600, "target": 6700.5, "invalidation": "a close, below \"6600\"", "source_urls": ["https://x.test/a", "https://y.test/b"]}}}"#,
            r#""kind": "answer", "run_id": "2026-11-02-am", "seat": "a", "at": "2026-11-02T13:32:00Z", "items": {"SPX": {"1d": {"prob_up": 40}}}"#,
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 6650, "close": 6683.25}}"#,
        ]);
        let csv = forecasts_csv_from_book(&b, None).unwrap();
        let report = conformance::check(&csv);
        // A book whose run line seals no contracts: its derived contracts are marked by the
        // placeholder, which is all the checker refuses.
        assert!(
            !report.failures.is_empty()
                && report
                    .failures
                    .iter()
                    .all(|f| f.message.contains("placeholder")),
            "{}",
            report.render()
        );
        let text = String::from_utf8(csv.clone()).unwrap();
        assert!(
            text.contains(",buy_dips,,60,,6700.5,\"a close, below \"\"6600\"\"\",6650,6683.25,"),
            "{text}"
        );
        assert!(
            text.contains(",https://x.test/a;https://y.test/b,"),
            "{text}"
        );
        let rows = read_forecasts(&csv).unwrap();
        let lines = BookLines::parse(&b).unwrap();
        let roster = league_roster(None, Some(&b)).unwrap();
        let mut counting = Counting::from_asks(None).unwrap();
        let want =
            super::super::book_rows::rows_from_lines(&lines, &roster, &mut counting).unwrap();
        assert_eq!(rows.len(), want.len());
        for (got, want) in rows.iter().zip(&want) {
            // `row` is the file's record number once read back.
            assert_eq!(
                ForecastRow {
                    row: want.row,
                    ..got.clone()
                },
                *want
            );
        }
        let table = crate::contract::forecasts_csv::CsvTable::parse(&csv).unwrap();
        let col =
            |name: &str, r: usize| table.records[r].fields[table.column(name).unwrap()].clone();
        // a's two answer lines (one model stated: one version), then c's no_answer row.
        assert_eq!(
            (0..3)
                .map(|r| (
                    col("seat", r),
                    col("attempt", r),
                    col("seat_versions_in_run", r)
                ))
                .collect::<Vec<_>>(),
            [
                ("a".into(), "1".into(), "1".into()),
                ("a".into(), "2".into(), "1".into()),
                ("c".into(), "".into(), "0".into())
            ]
        );
        assert_eq!(col("mode", 0), "api");
        assert_eq!(col("status", 1), "not_counted");
        assert!(col("why_missing", 2).contains("no answer"));
        assert_eq!(col("reference_at", 0), "2026-11-02T14:30:00Z");
        // The entry level as sealed; none where the cell has none.
        assert_eq!(
            (col("entry", 0), col("entry", 1)),
            ("6600".into(), "".into())
        );
    }

    #[test]
    fn the_reference_bar_starts_at_the_first_minute_at_or_after_the_reference() {
        let v1 = REFERENCE_RULE_V1;
        // Appendix C's Bitcoin rows: sealed 13:00:19Z and 13:23:37Z, priced by 13:01 and 13:24.
        assert_eq!(
            reference_price_at("2026-10-21T13:00:19Z", v1),
            "2026-10-21T13:01:00Z"
        );
        assert_eq!(
            reference_price_at("2026-10-21T13:23:37Z", v1),
            "2026-10-21T13:24:00Z"
        );
        assert_eq!(
            reference_price_at("2026-10-21T13:30:00Z", v1),
            "2026-10-21T13:30:00Z"
        );
        assert_eq!(
            reference_price_at("2026-10-21T13:29:59.500000Z", v1),
            "2026-10-21T13:30:00Z"
        );
        assert_eq!(reference_price_at("2026-10-21T13:30:00Z", "other_rule"), "");
        assert_eq!(reference_price_at("not a time", v1), "");
    }

    #[test]
    fn corrected_mode_and_restored_cells_are_in_the_file() {
        let b = book(&[
            r#""kind": "run", "run_id": "2026-11-02-am", "at": "2026-11-02T13:30:00Z", "methodology": "m7""#,
            r#""kind": "answer", "run_id": "2026-11-02-am", "seat": "a", "model": "ma", "at": "2026-11-02T13:31:00Z", "items": {"SPX": {"1d": {"prob_up": 60}}}"#,
            r#""kind": "correction", "of": 2, "at": "2026-11-02T15:00:00Z", "source": "run receipt", "reason": "mode restored", "fields": {"mode": "web"}"#,
            r#""kind": "correction", "of": 2, "at": "2026-11-02T15:01:00Z", "source": "run receipt", "reason": "cell restored", "fields": {"items": {"GC": {"1d": {"prob_up": 35, "action": "wait"}}}}"#,
        ]);
        let csv = forecasts_csv_from_book(&b, None).unwrap();
        let report = conformance::check(&csv);
        // A book whose run line seals no contracts: its derived contracts are marked by the
        // placeholder, which is all the checker refuses.
        assert!(
            !report.failures.is_empty()
                && report
                    .failures
                    .iter()
                    .all(|f| f.message.contains("placeholder")),
            "{}",
            report.render()
        );
        let table = crate::contract::forecasts_csv::CsvTable::parse(&csv).unwrap();
        let col =
            |name: &str, r: usize| table.records[r].fields[table.column(name).unwrap()].clone();
        assert_eq!(table.records.len(), 2);
        let fields = [
            "line",
            "asset",
            "mode",
            "line_kind",
            "status",
            "prob_up",
            "action",
            "action_word",
            "attempt",
        ];
        let got: Vec<Vec<String>> = (0..2)
            .map(|r| fields.iter().map(|f| col(f, r)).collect())
            .collect();
        assert_eq!(
            got,
            [
                ["2", "SPX", "web", "issue", "counted", "60", "", "", "1"],
                [
                    "4",
                    "GC",
                    "web",
                    "correction",
                    "not_counted",
                    "35",
                    "",
                    "wait",
                    "1"
                ],
            ]
        );
        let rows = read_forecasts(&csv).unwrap();
        assert_eq!(rows[1].sealed_at.to_rfc3339(), "2026-11-02T15:01:00Z");
    }

    /// §3.10: a run in which the seat's model string changed is marked by the versions it
    /// answered with, not by its answer lines; a correction of `model` counts as corrected.
    #[test]
    fn a_version_change_within_a_run_is_marked() {
        let run = r#""kind": "run", "run_id": "2026-11-02-am", "at": "2026-11-02T13:30:00Z", "methodology": "m7", "roster": [{"seat": "a", "family": "fa"}]"#;
        let answer = |model: &str, minute: u32| {
            format!(
                r#""kind": "answer", "run_id": "2026-11-02-am", "seat": "a", "model": "{model}", "at": "2026-11-02T13:{minute}:00Z", "items": {{"SPX": {{"1d": {{"prob_up": 60}}}}}}"#
            )
        };
        let versions = |lines: &[&str]| {
            let csv = forecasts_csv_from_book(&book(lines), None).unwrap();
            let table = crate::contract::forecasts_csv::CsvTable::parse(&csv).unwrap();
            let k = table.column("seat_versions_in_run").unwrap();
            table
                .records
                .iter()
                .map(|r| r.fields[k].clone())
                .collect::<Vec<_>>()
        };
        let (m1, m1_again, m2) = (answer("m-1", 31), answer("m-1", 32), answer("m-2", 33));
        assert_eq!(versions(&[run, &m1, &m1_again]), ["1", "1"]);
        assert_eq!(versions(&[run, &m1, &m2]), ["2", "2"]);
        let corrected = r#""kind": "correction", "of": 3, "at": "2026-11-02T15:01:00Z", "source": "run receipt", "reason": "model restored", "fields": {"model": "m-1"}"#;
        assert_eq!(versions(&[run, &m1, &m2, corrected]), ["1", "1"]);
    }

    #[test]
    fn errors_name_the_line() {
        let b = book(&[
            r#""kind": "answer", "run_id": "x", "seat": "a", "at": "2026-11-02T13:31:00Z", "items": {}"#,
        ]);
        match forecasts_csv_from_book(&b, None).unwrap_err() {
            InputError::BookLine(e) => assert_eq!((e.line, e.field.as_str()), (1, "run_id")),
            e => panic!("{e}"),
        }
    }
}
