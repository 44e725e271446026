//! A provider's daily history as CSV (spec §4.3: the climatology is estimated on daily
//! histories): one bar per row with its date, open and close, in the layouts Yahoo's
//! downloads and `yfinance` write:
//!
//! - `Date,Open,High,Low,Close,Adj Close,Volume` (the classic download; `null` rows are gaps);
//! - `Date,Open,High,Low,Close` or `Date,Close,High,Low,Open,Volume` (any column order: the
//!   columns are found by name);
//! - `yfinance`'s three header rows `Price,Close,...` / `Ticker,...` / `Date,,...`;
//! - dates as `YYYY-MM-DD`, optionally followed by a time and offset
//!   (`2018-01-01 00:00:00+00:00`): the bar's date is the first ten characters, the
//!   exchange's own date.
//!
//! A row whose open or close is `null` or empty is a gap (left out); any other value that is
//! not a finite number is an error naming the line and the column. Dates must increase.

use crate::calendar::Date;
use std::fmt;

/// One daily bar: its date, open and close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DailyBar {
    /// The exchange's trading date (the first ten characters of the `Date` column).
    pub date: Date,
    /// Opening price in the asset's quote currency.
    pub open: f64,
    /// Closing price in the asset's quote currency (`Close`, not `Adj Close`).
    pub close: f64,
}

/// Why a daily history cannot be read: the 1-based line and the column at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyError {
    /// 1-based line number in the file.
    pub line: usize,
    /// The column at fault as the header names it (e.g. `Close`), or `header` for the header row.
    pub field: String,
    /// What is wrong with the value.
    pub message: String,
}

impl fmt::Display for DailyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, {}: {}", self.line, self.field, self.message)
    }
}

impl std::error::Error for DailyError {}

fn err(line: usize, field: &str, message: impl Into<String>) -> DailyError {
    DailyError {
        line,
        field: field.into(),
        message: message.into(),
    }
}

/// Reads a daily history (see the module's note on the layouts accepted).
pub fn parse_daily(bytes: &[u8]) -> Result<Vec<DailyBar>, DailyError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        err(
            1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count(),
            "text",
            "not UTF-8",
        )
    })?;
    let mut lines = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.is_empty());
    let Some((hline, header)) = lines.next() else {
        return Err(err(1, "header", "the file is empty"));
    };
    let names: Vec<&str> = header.split(',').collect();
    if names[0] != "Date" && names[0] != "Price" {
        return Err(err(
            hline,
            "header",
            format!("the first column is {:?}, not Date", names[0]),
        ));
    }
    let col = |name: &str| {
        names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| err(hline, "header", format!("no {name} column")))
    };
    let (open_at, close_at) = (col("Open")?, col("Close")?);
    let multi = names[0] == "Price";
    let mut out: Vec<DailyBar> = Vec::new();
    for (n, line) in lines {
        let cells: Vec<&str> = line.split(',').collect();
        if multi && (cells[0] == "Ticker" || cells[0] == "Date") && out.is_empty() {
            continue;
        }
        if cells.len() != names.len() {
            return Err(err(
                n,
                "row",
                format!("{} cells, the header has {}", cells.len(), names.len()),
            ));
        }
        let date_cell = cells[0];
        let date = date_cell
            .get(..10)
            .filter(|_| date_cell.len() == 10 || matches!(date_cell.as_bytes()[10], b' ' | b'T'))
            .and_then(Date::parse)
            .ok_or_else(|| err(n, "Date", format!("{date_cell:?} is not a date")))?;
        if let Some(prev) = out.last() {
            if date <= prev.date {
                return Err(err(
                    n,
                    "Date",
                    format!("{date_cell} is not after the previous row's date"),
                ));
            }
        }
        let num = |i: usize, field: &str| -> Result<Option<f64>, DailyError> {
            let c = cells[i];
            if c.is_empty() || c == "null" {
                return Ok(None);
            }
            match c.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(err(n, field, format!("{c:?} is not a finite number"))),
            }
        };
        if let (Some(open), Some(close)) = (num(open_at, "Open")?, num(close_at, "Close")?) {
            out.push(DailyBar { date, open, close });
        }
    }
    Ok(out)
}

/// One market's history from several files: every file's bars by date, a later file's bar
/// replacing an earlier one's on the same date.
pub fn merge_daily(files: &[Vec<DailyBar>]) -> Vec<DailyBar> {
    let mut by_date: std::collections::BTreeMap<Date, DailyBar> = Default::default();
    for f in files {
        for b in f {
            by_date.insert(b.date, *b);
        }
    }
    by_date.into_values().collect()
}

/// Whether a daily history file named `file` is the provider's history of `symbol`: its name
/// without `.csv` is the symbol, or ends with `_` and the symbol (`slowturtle_^GSPC.csv` is
/// `^GSPC`'s; a source's prefix keeps two files of one symbol apart).
pub fn is_history_of(file: &str, symbol: &str) -> bool {
    let Some(stem) = file.strip_suffix(".csv") else {
        return false;
    };
    !symbol.is_empty()
        && (stem == symbol || stem.strip_suffix(symbol).is_some_and(|p| p.ends_with('_')))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn layouts_and_gaps() {
        let classic = b"Date,Open,High,Low,Close,Adj Close,Volume\n2016-01-04,1,2,0.5,1.5,1.5,0\r\n2016-01-05,null,null,null,null,null,null\n2016-01-06,2,2,2,1.25,1,0\n";
        let bars = parse_daily(classic).unwrap();
        assert_eq!(
            bars,
            vec![
                DailyBar {
                    date: d("2016-01-04"),
                    open: 1.0,
                    close: 1.5
                },
                DailyBar {
                    date: d("2016-01-06"),
                    open: 2.0,
                    close: 1.25
                }
            ]
        );
        let yf = b"Price,Close,High,Low,Open,Volume\nTicker,X,X,X,X,X\nDate,,,,,\n2025-09-08,66.5,67,65,65.8,1\n";
        assert_eq!(
            parse_daily(yf).unwrap(),
            vec![DailyBar {
                date: d("2025-09-08"),
                open: 65.8,
                close: 66.5
            }]
        );
        let tz = b"Date,Open,High,Low,Close\n2018-01-01 00:00:00+00:00,3,3,3,4\n";
        assert_eq!(parse_daily(tz).unwrap()[0].date, d("2018-01-01"));
    }

    #[test]
    fn errors_name_line_and_field() {
        let e = parse_daily(b"Date,Open,Close\n2016-01-04,1,x\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2, Close: \"x\" is not a finite number");
        let e = parse_daily(b"Date,Open,Close\n2016-01-04,1,2\n2016-01-04,1,2\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "Date"));
        let e = parse_daily(b"Date,Open\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1, header: no Close column");
        let e = parse_daily(b"Date,Open,Close\n2016-13-01,1,2\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "Date"));
        let e = parse_daily(b"Date,Open,Close\n2016-01-01,1\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "row"));
        let e = parse_daily(b"Date,Open,Close\n2016-01-01\xc3,1,2\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "text"));
        assert!(parse_daily(b"").is_err());
        assert!(parse_daily(b"Date,Open,Close\n2016-01-01,inf,2\n").is_err());
        assert!(parse_daily("Date,Open,Close\n2016-01-01é,1,2\n".as_bytes()).is_err());
    }

    #[test]
    fn file_names() {
        assert!(is_history_of("^GSPC.csv", "^GSPC"));
        assert!(is_history_of("slowturtle_^GSPC.csv", "^GSPC"));
        assert!(!is_history_of("slowturtle_^GSPC.csv", "GSPC"));
        assert!(!is_history_of("x_BZ=F.csv", "Z=F"));
        assert!(!is_history_of("^GSPC.json", "^GSPC"));
    }

    #[test]
    fn later_file_wins() {
        let a = parse_daily(b"Date,Open,Close\n2016-01-04,1,2\n2016-01-05,1,2\n").unwrap();
        let b = parse_daily(b"Date,Open,Close\n2016-01-05,5,6\n2016-01-06,7,8\n").unwrap();
        let m = merge_daily(&[a, b]);
        assert_eq!(
            m.iter().map(|b| b.open).collect::<Vec<_>>(),
            vec![1.0, 5.0, 7.0]
        );
    }
}
