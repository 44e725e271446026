//! Recorded 1-minute bars as CSV (the league's `csv` price provider, spec §3.3): a header
//! `symbol,time,open,high,low,close,volume`, then one bar per row.
//!
//! - `symbol`: the provider's symbol (the asset code `SPX` ... `BTC` unless the league maps
//!   an asset to another symbol); non-empty, no quotes.
//! - `time`: the bar's start, RFC 3339 in UTC (`Z` or `+00:00`), on a whole minute.
//! - `open`, `high`, `low`, `close`: finite numbers, or empty for a minute without trades
//!   (kept as a gap, never a zero, as with Yahoo's `null`).
//! - `volume`: a whole number >= 0, or empty.
//!
//! Within one symbol the times strictly increase. Lines end in LF or CRLF; a UTF-8 BOM and
//! empty lines are skipped. Quoted fields are not part of the format. Every error names the
//! file, the line and the field. Input is bounded by [`MAX_CSV_BYTES`] and [`MAX_CSV_ROWS`].
//!
//! An error never quotes the file's content beyond one field of a row after the right header,
//! and at most [`MAX_QUOTED_CHARS`] characters of it: the path may name a file that is no
//! price CSV at all (`/proc/self/environ`, a key file), whose bytes must not reach a message
//! or a log.

use super::yahoo::Bar;
use crate::calendar::Instant;
use std::collections::BTreeMap;
use std::fmt;

/// Largest price file read (about four million rows of typical width).
pub const MAX_CSV_BYTES: usize = 256 << 20;
/// Most bars in one file (twelve markets by a year of minutes is about four million).
pub const MAX_CSV_ROWS: usize = 5_000_000;
/// The header the file must start with.
pub const HEADER: &str = "symbol,time,open,high,low,close,volume";
const FIELDS: [&str; 7] = ["symbol", "time", "open", "high", "low", "close", "volume"];
/// Most characters of a field an error quotes.
pub const MAX_QUOTED_CHARS: usize = 40;

/// `s` quoted (Rust string escapes, so control characters show as escapes), cut to its first
/// [`MAX_QUOTED_CHARS`] characters with `...` after the quote when longer.
fn quoted(s: &str) -> String {
    match s.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((cut, _)) => format!("{:?}...", &s[..cut]),
        None => format!("{s:?}"),
    }
}

/// Why a price file cannot be read: the file, 1-based line and field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError {
    /// The price file's path as the caller named it.
    pub file: String,
    /// 1-based line number (0 for the file as a whole, e.g. too large).
    pub line: u64,
    /// The column name (empty for the line as a whole).
    pub field: String,
    /// What is wrong, quoting at most [`MAX_QUOTED_CHARS`] characters of the field.
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if !self.field.is_empty() {
            write!(f, ": field {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for CsvError {}

/// The bars of a price file, by symbol, each symbol's in time order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CsvBars {
    by_symbol: BTreeMap<String, Vec<Bar>>,
}

impl CsvBars {
    /// The symbols the file holds.
    pub fn symbols(&self) -> impl Iterator<Item = &str> {
        self.by_symbol.keys().map(String::as_str)
    }

    /// Every bar of `symbol` (None: the file has no row for it).
    pub fn bars(&self, symbol: &str) -> Option<&[Bar]> {
        self.by_symbol.get(symbol).map(Vec::as_slice)
    }

    /// The bars of `symbol` whose start lies in `[from, to)` (None: no row for the symbol).
    pub fn window(&self, symbol: &str, from: Instant, to: Instant) -> Option<&[Bar]> {
        let bars = self.bars(symbol)?;
        let start = |b: &Bar| super::instant_of(b.start);
        let i = bars.partition_point(|b| start(b) < from);
        let j = bars.partition_point(|b| start(b) < to).max(i);
        Some(&bars[i..j])
    }
}

/// Reads a price file (`file` names it in errors); see the module doc for the format.
pub fn parse_bars_csv(bytes: &[u8], file: &str) -> Result<CsvBars, CsvError> {
    let err = |line: u64, field: &str, message: String| CsvError {
        file: file.to_string(),
        line,
        field: field.to_string(),
        message,
    };
    if bytes.len() > MAX_CSV_BYTES {
        return Err(err(
            0,
            "",
            format!(
                "the file has {} bytes, more than the {MAX_CSV_BYTES} read",
                bytes.len()
            ),
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut out = CsvBars::default();
    let mut rows = 0usize;
    let mut header_seen = false;
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let line = i as u64 + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if raw.is_empty() {
            continue;
        }
        let text = std::str::from_utf8(raw)
            .map_err(|_| err(line, "", "the line is not valid UTF-8".into()))?;
        if !header_seen {
            if text != HEADER {
                // Not a price CSV (or not one yet): its first line is not quoted.
                return Err(err(
                    line,
                    "",
                    format!(
                        "not a price CSV: the header must be {HEADER:?}, and the first line ({} bytes, not shown) is not",
                        raw.len()
                    ),
                ));
            }
            header_seen = true;
            continue;
        }
        let cells: Vec<&str> = text.split(',').collect();
        if cells.len() != FIELDS.len() {
            return Err(err(
                line,
                "",
                format!("{} fields, the header has {}", cells.len(), FIELDS.len()),
            ));
        }
        if let Some(k) = cells.iter().position(|c| c.contains('"')) {
            return Err(err(
                line,
                FIELDS[k],
                "quoted fields are not part of the format".into(),
            ));
        }
        rows += 1;
        if rows > MAX_CSV_ROWS {
            return Err(err(line, "", format!("more than {MAX_CSV_ROWS} rows")));
        }
        let symbol = cells[0].trim();
        if symbol.is_empty() {
            return Err(err(line, "symbol", "empty".into()));
        }
        let start = bar_start(cells[1].trim()).map_err(|m| err(line, "time", m))?;
        let price = |k: usize| -> Result<Option<f64>, CsvError> {
            let c = cells[k].trim();
            if c.is_empty() {
                return Ok(None);
            }
            match c.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(err(
                    line,
                    FIELDS[k],
                    format!("{} is not a finite number", quoted(c)),
                )),
            }
        };
        let (open, high, low, close) = (price(2)?, price(3)?, price(4)?, price(5)?);
        let v = cells[6].trim();
        let volume = if v.is_empty() {
            None
        } else {
            Some(v.parse::<u64>().map_err(|_| {
                err(
                    line,
                    "volume",
                    format!("{} is not a whole number >= 0", quoted(v)),
                )
            })?)
        };
        let bars = out.by_symbol.entry(symbol.to_string()).or_default();
        if let Some(last) = bars.last() {
            if last.start >= start {
                return Err(err(
                    line,
                    "time",
                    format!(
                        "{} is not after the previous {} bar ({}): times must increase",
                        super::rfc3339(start),
                        quoted(symbol),
                        super::rfc3339(last.start)
                    ),
                ));
            }
        }
        bars.push(Bar {
            start,
            open,
            high,
            low,
            close,
            volume,
        });
    }
    if !header_seen {
        return Err(err(
            1,
            "",
            format!("no header: the file must start with {HEADER:?}"),
        ));
    }
    Ok(out)
}

/// A bar start: RFC 3339 in UTC on a whole minute, as seconds since the epoch.
fn bar_start(s: &str) -> Result<i64, String> {
    let utc = s.ends_with('Z') || s.ends_with('z') || s.ends_with("+00:00");
    let t = Instant::parse_rfc3339(s)
        .filter(|_| utc)
        .ok_or_else(|| format!("{} is not an RFC 3339 time in UTC", quoted(s)))?;
    if t.0.rem_euclid(60 * 1_000_000) != 0 {
        return Err(format!(
            "{} is not on a whole minute (a 1-minute bar's start)",
            quoted(s)
        ));
    }
    Ok(t.0.div_euclid(1_000_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "symbol,time,open,high,low,close,volume\r\n\
        SPX,2026-10-21T13:30:00Z,6650,6652.5,6649,6651.25,1200\r\n\
        BTC,2026-10-21T13:30:00Z,90000,90010,89990,90005,\r\n\
        SPX,2026-10-21T13:31:00Z,,,,,\r\n\
        SPX,2026-10-21T13:32:00+00:00,6651,6653,6650,6652,900\r\n\n";

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    #[test]
    fn reads_bars_by_symbol_with_gaps_kept() {
        let b = parse_bars_csv(GOOD.as_bytes(), "prices.csv").unwrap();
        assert_eq!(b.symbols().collect::<Vec<_>>(), ["BTC", "SPX"]);
        let spx = b.bars("SPX").unwrap();
        assert_eq!(spx.len(), 3);
        assert_eq!(spx[0].start, t("2026-10-21T13:30:00Z").0 / 1_000_000);
        assert_eq!(spx[0].close, Some(6651.25));
        assert_eq!(spx[0].volume, Some(1200));
        assert!(spx[1].is_gap() && spx[1].open.is_none() && spx[1].volume.is_none());
        assert_eq!(b.bars("BTC").unwrap()[0].volume, None);
        let w = b
            .window("SPX", t("2026-10-21T13:31:00Z"), t("2026-10-21T13:32:00Z"))
            .unwrap();
        assert_eq!(w.len(), 1);
        assert!(w[0].is_gap());
        assert_eq!(
            b.window("SPX", t("2026-10-21T14:00:00Z"), t("2026-10-21T13:00:00Z"))
                .unwrap()
                .len(),
            0
        );
        assert!(b.bars("GOLD").is_none());
        // The BOM is skipped.
        let bom = [b"\xEF\xBB\xBF".as_slice(), GOOD.as_bytes()].concat();
        assert_eq!(parse_bars_csv(&bom, "p").unwrap(), b);
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let h = "symbol,time,open,high,low,close,volume\n";
        let cases: [(&str, u64, &str, &str); 11] = [
            ("", 1, "", "no header"),
            ("symbol,time,close\nSPX,x,1\n", 1, "", "the header must be"),
            ("SPX,2026-10-21T13:30:00Z,1,1,1,1\n", 2, "", "6 fields"),
            (",2026-10-21T13:30:00Z,1,1,1,1,1\n", 2, "symbol", "empty"),
            ("SPX,2026-10-21 09:30,1,1,1,1,1\n", 2, "time", "RFC 3339"),
            (
                "SPX,2026-10-21T09:30:00-04:00,1,1,1,1,1\n",
                2,
                "time",
                "in UTC",
            ),
            (
                "SPX,2026-10-21T13:30:05Z,1,1,1,1,1\n",
                2,
                "time",
                "whole minute",
            ),
            (
                "SPX,2026-10-21T13:30:00Z,1,1,1,NaN,1\n",
                2,
                "close",
                "finite",
            ),
            (
                "SPX,2026-10-21T13:30:00Z,1,1,1,1,-3\n",
                2,
                "volume",
                "whole number",
            ),
            (
                "SPX,2026-10-21T13:30:00Z,\"1\",1,1,1,1\n",
                2,
                "open",
                "quoted",
            ),
            (
                "SPX,2026-10-21T13:31:00Z,1,1,1,1,1\nSPX,2026-10-21T13:31:00Z,1,1,1,1,1\n",
                3,
                "time",
                "times must increase",
            ),
        ];
        for (body, line, field, msg) in cases {
            let text = if body.starts_with("symbol") || body.is_empty() {
                body.to_string()
            } else {
                format!("{h}{body}")
            };
            let e = parse_bars_csv(text.as_bytes(), "prices.csv").unwrap_err();
            assert_eq!((e.line, e.field.as_str()), (line, field), "{body}: {e}");
            assert!(e.message.contains(msg), "{body}: {e}");
            assert!(e.to_string().starts_with(&format!("prices.csv:{line}")));
        }
        let e = parse_bars_csv(b"symbol,time,open,high,low,close,volume\n\xFF\n", "p").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn errors_never_quote_a_file_that_is_not_a_price_csv() {
        let secret = "sk-abcdefghijklmnopqrstuvwxyz0123456789";
        // An environment file (NUL-separated, one "line") and a key file (LF-separated).
        let environ = format!("PATH=/usr/bin\0SECRET_KEY={secret}\0HOME=/root\0");
        let keys = format!("# keys\nSECRET_KEY={secret}\nOTHER=1\n");
        for body in [environ, keys] {
            let e = parse_bars_csv(body.as_bytes(), "/proc/self/environ").unwrap_err();
            let shown = e.to_string();
            assert!(shown.contains("not a price CSV"), "{shown}");
            assert!(shown.contains("/proc/self/environ:1"), "{shown}");
            for part in ["SECRET_KEY", "sk-abc", "PATH=", "# keys"] {
                assert!(!shown.contains(part), "{part} in {shown}");
            }
        }
        // After the right header a bad field is quoted, cut to its first characters.
        let long = format!("{secret}{secret}");
        let body = format!("{HEADER}\nSPX,2026-10-21T13:30:00Z,{long},1,1,1,1\n");
        let e = parse_bars_csv(body.as_bytes(), "p.csv").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "open"));
        let shown = e.to_string();
        assert!(
            shown.contains(&format!("{:?}...", &long[..MAX_QUOTED_CHARS])),
            "{shown}"
        );
        assert!(!shown.contains(&long[..MAX_QUOTED_CHARS + 1]), "{shown}");
        let body = format!("{HEADER}\nSPX,{long},1,1,1,1,1\n");
        let shown = parse_bars_csv(body.as_bytes(), "p.csv")
            .unwrap_err()
            .to_string();
        assert!(!shown.contains(&long[..MAX_QUOTED_CHARS + 1]), "{shown}");
        // A control character is escaped, never printed as is.
        let body = format!("{HEADER}\nSPX,2026-10-21T13:30:00Z,1\u{1b}[2J,1,1,1,1\n");
        let shown = parse_bars_csv(body.as_bytes(), "p.csv")
            .unwrap_err()
            .to_string();
        assert!(
            !shown.contains('\u{1b}') && shown.contains("\\u{1b}"),
            "{shown}"
        );
    }
}
