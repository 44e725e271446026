//! When each book line was sealed: `max(at, booked_at)` (spec §3.3, Appendix C), the time
//! basis of the common-event statistics (`time_basis: book_sealed_at`). The forecasts file's
//! `sealed_at` is the answer time only; its `line` column names the book line to read here.

use crate::book::canon::{self, Value};
use crate::calendar::{sealing_time, Instant};
use std::collections::BTreeMap;
use std::fmt;

/// A book line whose sealing time cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealingError {
    /// 1-based line of the book.
    pub line: u64,
    /// The field at fault, or [`WHOLE_LINE`].
    pub field: String,
    /// What is wrong with the field.
    pub message: SealingMsg,
}

/// The `field` of an error about the whole line (not JSON, not an object).
pub const WHOLE_LINE: &str = "(line)";

/// What is wrong with a book line's sealing time, as a message id with its arguments (the
/// Scores page words it in the reader's language; `Display` is the English the CLI writes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealingMsg {
    /// Not JSON (`detail` is the JSON reader's own words).
    NotJson {
        /// Byte offset in the line where the JSON reader stopped.
        offset: usize,
        /// The JSON reader's message.
        detail: String,
    },
    /// JSON but not an object; `found` is the value's Python type name.
    NotObject {
        /// Python type name of the value found (`list`, `str`, ...).
        found: &'static str,
    },
    /// Not an RFC 3339 time.
    NotTime {
        /// The string found.
        value: String,
    },
    /// `at` or `booked_at` holds a value that is not a string.
    NotString {
        /// Python type name of the value found.
        found: &'static str,
    },
    /// The line has no `at`.
    Missing,
    /// `n` is an integer below 1 or beyond 64 bits, as the line writes it.
    NotLineNumber {
        /// The line's `n` as written.
        n: String,
    },
}

impl fmt::Display for SealingMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealingMsg::NotJson { offset, detail } => {
                write!(f, "not JSON at byte {offset}: {detail}")
            }
            SealingMsg::NotObject { found } => write!(f, "expected an object, found {found}"),
            SealingMsg::NotTime { value } => write!(f, "{value:?} is not an RFC 3339 time"),
            SealingMsg::NotString { found } => write!(f, "expected a string, found {found}"),
            SealingMsg::Missing => f.write_str("missing"),
            SealingMsg::NotLineNumber { n } => write!(f, "{n} is not a line number"),
        }
    }
}

impl fmt::Display for SealingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "book line {}, field {}: {}",
            self.line, self.field, self.message
        )
    }
}

impl std::error::Error for SealingError {}

/// Book line number `n` -> sealing time, for every complete line (a last line without LF is
/// not yet counted, as in the stamped lists' byte rule).
pub fn book_sealing_times(book: &[u8]) -> Result<BTreeMap<u64, Instant>, SealingError> {
    let mut out = BTreeMap::new();
    let mut rest = book;
    let mut line = 0u64;
    while let Some(end) = memchr::memchr(b'\n', rest) {
        line += 1;
        let text = &rest[..end];
        rest = &rest[end + 1..];
        let err = |field: &str, message: SealingMsg| SealingError {
            line,
            field: field.into(),
            message,
        };
        // canon::parse_line_object's two refusals, typed.
        let o = &match canon::parse(text) {
            Ok(Value::Object(o)) => o,
            Ok(v) => {
                return Err(err(
                    WHOLE_LINE,
                    SealingMsg::NotObject {
                        found: v.type_name(),
                    },
                ))
            }
            Err(e) => {
                return Err(err(
                    WHOLE_LINE,
                    SealingMsg::NotJson {
                        offset: e.offset,
                        detail: e.message,
                    },
                ))
            }
        };
        let time = |k: &str| -> Result<Option<Instant>, SealingError> {
            match o.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Str(s)) => {
                    let s = s.as_str().unwrap_or_default();
                    Instant::parse_rfc3339(s)
                        .map(Some)
                        .ok_or_else(|| err(k, SealingMsg::NotTime { value: s.into() }))
                }
                Some(v) => Err(err(
                    k,
                    SealingMsg::NotString {
                        found: v.type_name(),
                    },
                )),
            }
        };
        let at = time("at")?.ok_or_else(|| err("at", SealingMsg::Missing))?;
        let booked = time("booked_at")?;
        let n = match o.get("n") {
            Some(Value::Int(n)) => n.to_i64().filter(|n| *n >= 1).ok_or_else(|| {
                err(
                    "n",
                    SealingMsg::NotLineNumber {
                        n: n.as_str().to_string(),
                    },
                )
            })? as u64,
            _ => line,
        };
        out.insert(n, sealing_time(at, booked));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_max_of_at_and_booked_at() {
        let book = b"{\"n\": 1, \"at\": \"2026-10-20T12:31:11Z\", \"booked_at\": \"2026-10-20T13:00:25Z\"}\n{\"n\": 2, \"at\": \"2026-10-20T16:16:52Z\"}\n{\"n\": 3, \"at\": \"x\"";
        let t = book_sealing_times(book).unwrap();
        assert_eq!(t.len(), 2, "the last line has no LF yet");
        assert_eq!(
            t[&1],
            Instant::parse_rfc3339("2026-10-20T13:00:25Z").unwrap()
        );
        assert_eq!(
            t[&2],
            Instant::parse_rfc3339("2026-10-20T16:16:52Z").unwrap()
        );
        let e = book_sealing_times(b"{\"n\": 1}\n{\"n\": 2, \"at\": 5}\n").unwrap_err();
        assert_eq!(
            (e.line, e.field.as_str(), &e.message),
            (1, "at", &SealingMsg::Missing)
        );
        assert_eq!(e.to_string(), "book line 1, field at: missing");
        let e = book_sealing_times(b"[1]\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "book line 1, field (line): expected an object, found list"
        );
        let e = book_sealing_times(b"{\"at\": \"x\"\n").unwrap_err();
        assert_eq!(e.field, WHOLE_LINE);
        assert!(
            e.to_string()
                .starts_with("book line 1, field (line): not JSON at byte "),
            "{e}"
        );
        let e = book_sealing_times(b"{\"n\": 0, \"at\": \"2026-10-20T12:31:11Z\"}\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "book line 1, field n: 0 is not a line number"
        );
    }
}
