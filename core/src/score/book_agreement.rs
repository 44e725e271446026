//! Whether `council-forecasts.csv` scores the answers that were sealed (spec Appendix C,
//! Table C1: `line` is the `n` of the sealed answer line, `sealed_at` its `at`, and an
//! `issue` row's cell is the cell "as sealed in the answer line").
//!
//! Every `issue` row must name an `answer` line of the same seat and run, answered at its
//! `sealed_at`, whose `items.<asset>.<horizon>.prob_up` is the row's `prob_up`: equal as
//! numbers, or both not stated (absent, null, or not a number 0-100). A row whose cell the
//! league set aside (`cell_status` invalid, status `refused_shape`) may leave `prob_up` empty
//! whatever was sealed. `no_answer` rows (a seat that sent no answer line), `correction`
//! rows (cells of later correction lines) and rows naming a line without a `kind` (a book
//! reduced to its sealing times, which every book line has but which says nothing of the
//! answer) are not checked here and are counted apart.
//! A mismatch means the scored answer is not the one that was sealed.

use super::notes::Note;
use crate::contract::forecasts_csv::ForecastRow;
use crate::records::book_lines::{number, BookLines};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Mismatches listed in full; beyond this only counted.
pub const MAX_LISTED: usize = 100;

/// One forecasts row that disagrees with the book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mismatch {
    /// Record number in the forecasts file (header = 1, as a spreadsheet counts).
    pub csv_row: u64,
    /// The book line the row's `line` column names.
    pub book_line: u64,
    /// The book field that disagrees (`kind`, `seat`, `run_id`, `at`,
    /// `items.<asset>.<horizon>.prob_up`).
    pub field: String,
    /// How the row and the book disagree; its JSON is the English text ([`Note`]).
    pub message: Note<MismatchWhy>,
}

/// How a forecasts row disagrees with the book line it names (Appendix C, Table C1). The
/// values are as the English shows them: `csv` and `sealed` texts as written in the file and
/// the line, probabilities as Rust prints the numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MismatchWhy {
    /// The row's `line` is not an answer line: `found` is the kind of the line it names, `None`
    /// when the book has no such line.
    NotAnAnswer { found: Option<String> },
    /// The row's `seat` or `run_id` (`field`) is not the answer line's; `sealed` is `None` when
    /// the line has none.
    Differs {
        field: String,
        csv: String,
        sealed: Option<String>,
    },
    /// The row's `sealed_at` is not the answer line's `at`.
    SealedAt,
    /// The row's `prob_up` is not the sealed one; `None` is "not stated".
    ProbUp {
        csv: Option<String>,
        sealed: Option<String>,
    },
}

impl fmt::Display for MismatchWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MismatchWhy::NotAnAnswer { found: None } => {
                f.write_str("expected an answer line, found no such line in the book")
            }
            MismatchWhy::NotAnAnswer { found: Some(k) } => {
                write!(f, "expected an answer line, found a {k} line")
            }
            MismatchWhy::Differs { field, csv, sealed } => write!(
                f,
                "CSV {field} {csv:?}, sealed {:?}",
                sealed.as_deref().unwrap_or("(none)")
            ),
            MismatchWhy::SealedAt => f.write_str("the CSV's sealed_at is not the answer line's at"),
            MismatchWhy::ProbUp { csv, sealed } => {
                let show = |p: &Option<String>| p.clone().unwrap_or_else(|| "not stated".into());
                write!(f, "CSV prob_up {}, sealed {}", show(csv), show(sealed))
            }
        }
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "council-forecasts.csv row {} vs council-book.jsonl line {}, field {}: {}",
            self.csv_row, self.book_line, self.field, self.message
        )
    }
}

/// The `book_agreement` key of the stats document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookAgreement {
    pub ok: bool,
    /// `issue` rows checked against their answer line.
    pub checked: usize,
    pub not_checked_no_answer: usize,
    pub not_checked_correction: usize,
    pub not_checked_no_kind: usize,
    pub mismatch_count: usize,
    /// The first [`MAX_LISTED`] mismatches, in file order.
    pub mismatches: Vec<Mismatch>,
}

/// The first thing wrong with `r` against the book, as (field, why).
fn check(r: &ForecastRow, book: &BookLines) -> Option<(String, MismatchWhy)> {
    let Some(a) = book.answers.get(&r.line) else {
        return Some((
            "kind".into(),
            MismatchWhy::NotAnAnswer {
                found: book.kinds.get(&r.line).cloned(),
            },
        ));
    };
    let same = |field: &str, csv: &str, book: Option<&String>| {
        (book.map(String::as_str) != Some(csv)).then(|| {
            (
                field.to_string(),
                MismatchWhy::Differs {
                    field: field.to_string(),
                    csv: csv.to_string(),
                    sealed: book.cloned(),
                },
            )
        })
    };
    if let Some(m) = same("seat", &r.seat, a.seat.as_ref())
        .or_else(|| same("run_id", &r.run_id, a.run_id.as_ref()))
    {
        return Some(m);
    }
    if a.at != Some(r.sealed_at) {
        return Some(("at".into(), MismatchWhy::SealedAt));
    }
    let field = format!("items.{}.{}.prob_up", r.asset, r.horizon.as_str());
    let sealed = a.prob_up(&r.asset, r.horizon.as_str());
    let stated = sealed
        .and_then(number)
        .filter(|p| (0.0..=100.0).contains(p));
    let set_aside = r.cell_status == "invalid" || r.status == "refused_shape";
    let agrees = match (r.prob_up, stated) {
        (None, None) => true,
        (Some(csv), Some(book)) => csv == book,
        (None, Some(_)) => set_aside,
        (Some(_), None) => false,
    };
    let show = |p: Option<f64>| p.map(|p| p.to_string());
    (!agrees).then(|| {
        (
            field,
            MismatchWhy::ProbUp {
                csv: show(r.prob_up),
                sealed: show(stated),
            },
        )
    })
}

/// Checks every `issue` row of `rows` against the book's answer lines.
pub fn book_agreement(rows: &[ForecastRow], book: &BookLines) -> BookAgreement {
    let mut out = BookAgreement {
        ok: true,
        checked: 0,
        not_checked_no_answer: 0,
        not_checked_correction: 0,
        not_checked_no_kind: 0,
        mismatch_count: 0,
        mismatches: Vec::new(),
    };
    for r in rows {
        if r.line_kind != "issue" {
            out.not_checked_correction += 1;
            continue;
        }
        if r.status == "no_answer" {
            out.not_checked_no_answer += 1;
            continue;
        }
        if book.kinds.get(&r.line).is_some_and(String::is_empty) {
            out.not_checked_no_kind += 1;
            continue;
        }
        out.checked += 1;
        if let Some((field, message)) = check(r, book) {
            out.mismatch_count += 1;
            if out.mismatches.len() < MAX_LISTED {
                out.mismatches.push(Mismatch {
                    csv_row: r.row,
                    book_line: r.line,
                    field,
                    message: Note::Msg(message),
                });
            }
        }
    }
    out.ok = out.mismatch_count == 0;
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::calendar::{Horizon, Instant};

    const BOOK: &str = concat!(
        r#"{"n": 1, "kind": "run", "run_id": "r1"}"#,
        "\n",
        r#"{"n": 2, "kind": "answer", "run_id": "r1", "seat": "a", "at": "2026-10-20T12:31:00Z", "items": {"SPX": {"1d": {"prob_up": 62}, "1w": {"prob_up": 55.5}, "1m": {"prob_up": "lots"}, "6m": {}}}}"#,
        "\n",
        r#"{"n": 3, "kind": "answer", "run_id": "r1", "seat": "b", "at": "2026-10-20T12:32:00Z", "items": {"SPX": {"1d": {"prob_up": null}}}}"#,
        "\n",
        r#"{"n": 4, "at": "2026-10-20T12:33:00Z"}"#,
        "\n",
    );

    /// A counted `issue` row of run r1 on SPX, unresolved (also the crowd tests' base row).
    pub(crate) fn row(n: u64, seat: &str, line: u64, h: Horizon, p: Option<f64>) -> ForecastRow {
        let at = if seat == "a" {
            "2026-10-20T12:31:00Z"
        } else {
            "2026-10-20T12:32:00Z"
        };
        ForecastRow {
            row: n,
            run_id: "r1".into(),
            line,
            sealed_at: Instant::parse_rfc3339(at).unwrap(),
            ..ForecastRow::for_test(seat, "2026-10-20", "SPX", "SPX", h, p)
        }
    }

    fn good() -> Vec<ForecastRow> {
        vec![
            row(2, "a", 2, Horizon::D1, Some(62.0)),
            row(3, "a", 2, Horizon::W1, Some(55.5)),
            row(4, "a", 2, Horizon::M1, None),
            row(5, "a", 2, Horizon::M6, None),
            row(6, "b", 3, Horizon::D1, None),
        ]
    }

    #[test]
    fn agreeing_rows_pass() {
        let book = BookLines::parse(BOOK.as_bytes()).unwrap();
        let mut rows = good();
        rows.push(ForecastRow {
            line_kind: "correction".into(),
            prob_up: Some(1.0),
            ..row(7, "a", 9, Horizon::D1, None)
        });
        rows.push(ForecastRow {
            status: "no_answer".into(),
            ..row(8, "c", 1, Horizon::D1, None)
        });
        rows.push(row(9, "a", 4, Horizon::D1, Some(1.0)));
        let r = book_agreement(&rows, &book);
        assert!(r.ok, "{r:?}");
        assert_eq!(
            (
                r.checked,
                r.not_checked_correction,
                r.not_checked_no_answer,
                r.not_checked_no_kind
            ),
            (5, 1, 1, 1)
        );
    }

    #[test]
    fn tampered_rows_are_named() {
        let book = BookLines::parse(BOOK.as_bytes()).unwrap();
        let cases: Vec<(ForecastRow, &str, &str)> = vec![
            (
                row(2, "a", 2, Horizon::D1, Some(63.0)),
                "items.SPX.1d.prob_up",
                "CSV prob_up 63, sealed 62",
            ),
            (
                row(3, "a", 2, Horizon::W1, None),
                "items.SPX.1w.prob_up",
                "CSV prob_up not stated, sealed 55.5",
            ),
            (
                row(4, "a", 2, Horizon::M1, Some(50.0)),
                "items.SPX.1m.prob_up",
                "sealed not stated",
            ),
            (
                row(6, "b", 2, Horizon::D1, None),
                "seat",
                "CSV seat \"b\", sealed \"a\"",
            ),
            (
                ForecastRow {
                    run_id: "r2".into(),
                    ..row(2, "a", 2, Horizon::D1, Some(62.0))
                },
                "run_id",
                "sealed \"r1\"",
            ),
            (
                row(2, "a", 1, Horizon::D1, Some(62.0)),
                "kind",
                "found a run line",
            ),
            (
                row(2, "a", 40, Horizon::D1, Some(62.0)),
                "kind",
                "no such line",
            ),
            (row(6, "a", 3, Horizon::D1, None), "seat", "sealed \"b\""),
        ];
        for (r, field, says) in cases {
            let (n, line) = (r.row, r.line);
            let rep = book_agreement(&[r], &book);
            assert!(!rep.ok);
            let m = &rep.mismatches[0];
            assert_eq!(
                (m.csv_row, m.book_line, m.field.as_str()),
                (n, line, field),
                "{m}"
            );
            assert!(m.message.to_string().contains(says), "{m}");
            // The document carries the English text of the message.
            assert_eq!(
                serde_json::to_value(m).unwrap()["message"],
                m.message.to_string()
            );
            assert!(m.to_string().starts_with(&format!("council-forecasts.csv row {n} vs council-book.jsonl line {line}, field {field}: ")), "{m}");
        }
        let late = ForecastRow {
            sealed_at: Instant::parse_rfc3339("2026-10-20T12:31:01Z").unwrap(),
            ..row(2, "a", 2, Horizon::D1, Some(62.0))
        };
        assert_eq!(book_agreement(&[late], &book).mismatches[0].field, "at");
        // A cell the league set aside may be empty whatever was sealed, not different.
        let invalid = ForecastRow {
            cell_status: "invalid".into(),
            ..row(2, "a", 2, Horizon::D1, None)
        };
        assert!(book_agreement(&[invalid], &book).ok);
        let many: Vec<ForecastRow> = (0..MAX_LISTED as u64 + 5)
            .map(|i| row(i + 2, "a", 2, Horizon::D1, Some(1.0)))
            .collect();
        let rep = book_agreement(&many, &book);
        assert_eq!(
            (rep.mismatch_count, rep.mismatches.len()),
            (MAX_LISTED + 5, MAX_LISTED)
        );
    }
}
