//! Recomputing `council-forecasts.csv`'s outcome columns (Appendix C: `ref`, `close`,
//! `actual_pct`, `draw`) from the provider's minute bars, so that a reader needs neither the
//! operator's word nor the operator's resolver.
//!
//! A row is checked when its `price_symbol` is the data's symbol, it names provider
//! [`PRICE_PROVIDER`] and rule [`REFERENCE_RULE_V1`], and the data covers its window: its own
//! `reference_at` (for Bitcoin the sealing second) and `event_end_at` ([`rule`]). `draw` is
//! checked when the data also holds the band's sessions ([`band`]). Every other row of that
//! symbol is listed as not checked, with the reason.
//!
//! A number matches when the file's value is the recomputed one rounded to the decimals the
//! file writes: `|file - recomputed| <= 0.5 x 10^-d` for `d` decimals (`225.67` has 2,
//! `1.5e-3` has 4), with a few ulps of slack for the decimal-to-binary conversion. A file
//! writing full `repr` precision is thereby held to the last digit.

use super::forecasts_csv::{parse_bool, parse_number, CsvError, CsvRecord, CsvTable};
use crate::calendar::Instant;
use crate::prices::band::{self, is_draw, Band, BandClock, BandError, ContractFrom};
use crate::prices::rule::{self, MinuteSeries, RuleError};
use crate::prices::{PRICE_PROVIDER, REFERENCE_RULE_V1};
use serde::Serialize;
use std::collections::BTreeMap;

/// The columns the check reads.
pub const CHECK_COLUMNS: [&str; 9] = [
    "price_symbol",
    "price_provider",
    "reference_rule",
    "reference_at",
    "event_end_at",
    "ref",
    "close",
    "actual_pct",
    "draw",
];

/// How the band is taken for each row.
#[derive(Clone, Debug, PartialEq)]
pub struct BandOptions {
    /// Sessions before the reference the band is taken from (the league uses
    /// [`band::BAND_SESSIONS`]).
    pub sessions: u32,
    /// NYSE sessions or UTC days (Bitcoin).
    pub clock: BandClock,
    /// Front-month contract labels by time, for futures that roll inside a session window.
    pub contracts: Vec<ContractFrom>,
}

/// A cell that differs from the recomputation, or a row the data contradicts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mismatch {
    /// 1-based record number (the header is 1).
    pub row: u64,
    /// 1-based physical line where the record starts.
    pub line: u64,
    /// The column at fault: an outcome column (`ref`, `close`, `actual_pct`, `draw`) or
    /// `reference_at` / `event_end_at` when the window itself is wrong.
    pub column: String,
    /// The file's text.
    pub file: String,
    /// What the data gives (empty when the data gives no value).
    pub recomputed: String,
    /// Why the values differ or the row cannot hold, in English.
    pub message: String,
}

/// A row (or only its `draw`) left unchecked, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NotChecked {
    /// 1-based record number (the header is 1).
    pub row: u64,
    /// 1-based physical line where the record starts.
    pub line: u64,
    /// `"row"` or the one column left unchecked (`draw`).
    pub scope: String,
    /// Why, in English (e.g. the data does not cover the window).
    pub reason: String,
}

/// The outcome of checking a forecasts file against one symbol's bars.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckReport {
    /// The provider's symbol checked (e.g. `^GSPC`).
    pub symbol: String,
    /// Rows whose `price_symbol` is the symbol.
    pub rows_for_symbol: usize,
    /// Rows whose ref, close and actual_pct were recomputed.
    pub rows_checked: usize,
    /// Of those, rows whose draw was recomputed too.
    pub draws_checked: usize,
    /// Every cell that differs, in file order.
    pub mismatches: Vec<Mismatch>,
    /// Rows of the symbol (or their `draw`) not checked, in file order.
    pub not_checked: Vec<NotChecked>,
}

impl CheckReport {
    /// Whether no cell differs (unchecked rows do not make it fail).
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// Lines for a terminal: a summary, each mismatch, each unchecked row.
    pub fn render(&self) -> String {
        let mut s = format!(
            "{}: {} rows, {} checked (draw on {}), {} mismatches, {} not checked\n",
            self.symbol,
            self.rows_for_symbol,
            self.rows_checked,
            self.draws_checked,
            self.mismatches.len(),
            self.not_checked.len()
        );
        for m in &self.mismatches {
            s += &format!(
                "MISMATCH row {} (line {}), column {}: {}\n",
                m.row, m.line, m.column, m.message
            );
        }
        for n in &self.not_checked {
            s += &format!(
                "not checked: row {} (line {}), {}: {}\n",
                n.row, n.line, n.scope, n.reason
            );
        }
        s
    }
}

/// Decimals a number is written with (digits after the point, less the exponent).
fn decimals_written(s: &str) -> i32 {
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().unwrap_or(0)),
        None => (s, 0),
    };
    let frac = mant.find('.').map_or(0, |i| (mant.len() - i - 1) as i32);
    (frac - exp.clamp(-400, 400)).clamp(-400, 400)
}

/// Whether the file's `text` is `x` rounded to the decimals it writes (module doc).
pub fn matches_written(text: &str, x: f64) -> bool {
    let Some(v) = parse_number(text) else {
        return false;
    };
    let tol = 0.5 * 10f64.powi(-decimals_written(text));
    (v - x).abs() <= tol + 4.0 * f64::EPSILON * v.abs().max(x.abs())
}

/// Checks every row of `csv` whose `price_symbol` is `series.symbol` (module doc).
pub fn check_forecasts(
    csv: &[u8],
    series: &MinuteSeries,
    band_opts: &BandOptions,
) -> Result<CheckReport, CsvError> {
    let table = CsvTable::parse(csv)?;
    if let Some(e) = table.check_shape(CHECK_COLUMNS).into_iter().next() {
        return Err(e);
    }
    let idx: Vec<usize> = CHECK_COLUMNS
        .iter()
        .map(|c| table.column(c).expect("shape checked"))
        .collect();
    let get = |rec: &'_ CsvRecord, name: &str| -> String {
        let i = CHECK_COLUMNS
            .iter()
            .position(|c| *c == name)
            .expect("a check column");
        rec.fields[idx[i]].clone()
    };
    let mut report = CheckReport {
        symbol: series.symbol.clone(),
        rows_for_symbol: 0,
        rows_checked: 0,
        draws_checked: 0,
        mismatches: Vec::new(),
        not_checked: Vec::new(),
    };
    let mut bands: BTreeMap<Instant, Result<Band, BandError>> = BTreeMap::new();
    for rec in table
        .records
        .iter()
        .filter(|r| get(r, "price_symbol") == series.symbol)
    {
        report.rows_for_symbol += 1;
        let skip = |report: &mut CheckReport, scope: &str, reason: String| {
            report.not_checked.push(NotChecked {
                row: rec.row,
                line: rec.line,
                scope: scope.into(),
                reason,
            })
        };
        let mismatch =
            |report: &mut CheckReport, column: &str, recomputed: String, message: String| {
                report.mismatches.push(Mismatch {
                    row: rec.row,
                    line: rec.line,
                    column: column.into(),
                    file: get(rec, column),
                    recomputed,
                    message,
                })
            };
        let (provider, rule_name) = (get(rec, "price_provider"), get(rec, "reference_rule"));
        if provider != PRICE_PROVIDER || rule_name != REFERENCE_RULE_V1 {
            skip(
                &mut report,
                "row",
                format!("provider {provider:?} with rule {rule_name:?} is not the one implemented"),
            );
            continue;
        }
        if ["ref", "close", "actual_pct"]
            .iter()
            .all(|c| get(rec, c).is_empty())
        {
            skip(&mut report, "row", "the row carries no outcome".into());
            continue;
        }
        let time = |report: &mut CheckReport, col: &str| {
            let text = get(rec, col);
            let t = Instant::parse_rfc3339(&text);
            if t.is_none() {
                mismatch(
                    report,
                    col,
                    String::new(),
                    format!("{text:?} is not an RFC 3339 time"),
                );
            }
            t
        };
        let (reference_at, end_at) = (
            time(&mut report, "reference_at"),
            time(&mut report, "event_end_at"),
        );
        let (Some(reference_at), Some(end_at)) = (reference_at, end_at) else {
            continue;
        };
        let res = match rule::resolve(&series.bars, reference_at, end_at) {
            Ok(r) => r,
            Err(e @ RuleError::NotCovered { .. }) => {
                skip(&mut report, "row", e.to_string());
                continue;
            }
            Err(e) => {
                let column = match &e {
                    RuleError::EmptyWindow => "event_end_at",
                    RuleError::NoEndBar { .. } => "close",
                    _ => "ref",
                };
                mismatch(
                    &mut report,
                    column,
                    String::new(),
                    format!("the data gives no value: {e}"),
                );
                continue;
            }
        };
        report.rows_checked += 1;
        let cells = [
            (
                "ref",
                res.reference,
                format!("close of the 1m bar starting {}", res.reference_bar.start),
            ),
            (
                "close",
                res.close,
                format!("close of the 1m bar ending {}", res.end_bar.end),
            ),
            (
                "actual_pct",
                res.actual_pct,
                "100 (close / ref - 1)".to_string(),
            ),
        ];
        for (col, x, how) in cells {
            let text = get(rec, col);
            if !matches_written(&text, x) {
                mismatch(
                    &mut report,
                    col,
                    format!("{x:?}"),
                    format!("file {text:?}, recomputed {x:?} ({how})"),
                );
            }
        }
        let band = bands.entry(reference_at).or_insert_with(|| {
            band::draw_band(
                &series.bars,
                reference_at,
                band_opts.clock,
                band_opts.sessions,
                &band_opts.contracts,
            )
        });
        match band {
            Ok(b) => {
                report.draws_checked += 1;
                let draw = is_draw(res.actual_pct, b.band_pct);
                let text = get(rec, "draw");
                if parse_bool(&text) != Some(draw) {
                    let how = format!("|{:?}| <= band {:?}", res.actual_pct, b.band_pct);
                    mismatch(
                        &mut report,
                        "draw",
                        draw.to_string(),
                        format!("file {text:?}, recomputed {draw} ({how})"),
                    );
                }
            }
            Err(e) => skip(&mut report, "draw", format!("band: {e}")),
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_precision() {
        assert_eq!(decimals_written("225.67"), 2);
        assert_eq!(decimals_written("1.5e-3"), 4);
        assert_eq!(decimals_written("12"), 0);
        assert!(matches_written("225.67", 225.6699981689453));
        assert!(!matches_written("225.66", 225.6699981689453));
        assert!(matches_written("0.30000000000000004", 0.1 + 0.2));
        assert!(!matches_written("0.3", 0.35000001));
        assert!(matches_written("-0.153", -0.15312));
        assert!(!matches_written("abc", 1.0));
        assert!(!matches_written("1e999", 1.0));
    }
}
