//! The roster's line format (spec seed 000 §3.2, §3.10, §5.3, §5.8, Table 8): each seat's family,
//! the lab it comes from, its side, a US or a Chinese lab, and the provider the operator declares
//! it is called through, as the ask chain's `roster` lines
//! (`{"kind": "roster", "at": ..., "seats": [{"seat", "model", "family", "side", "provider"}, ...]}`)
//! and the book's run lines (under `roster`) carry them. The roster the scorer reads from these
//! lines, and where it was read, is the scoring floor's (`score::roster`).
//!
//! Seats are a list of entries, or an object keyed by side (`"US"`, `"China"`) holding lists of
//! entries (the run line's "roster by side"); an entry's own `side`, if it states one, must then
//! agree with its key. `family` is required, `side` optional (without sides there is no sides
//! test), `model` optional, `provider` optional (a line written before seats declared one has
//! none) and, when stated, a provider name ([`provider_problem`]). One line listing a seat twice
//! is an error.

use crate::book::canon::{self, Object, Value};
use crate::records::names::{insert_some, object, string};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most seats one roster line may list.
pub const MAX_ROSTER_SEATS: usize = 1024;

/// The two sides of §5.8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// `US` in JSON.
    #[serde(rename = "US")]
    Us,
    /// `China` in JSON.
    China,
}

impl Side {
    /// The side a roster's `side` names (`US` or `China`); None for any other text.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "US" => Some(Side::Us),
            "China" => Some(Side::China),
            _ => None,
        }
    }

    /// The side as the roster writes it: `US` or `China`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::China => "China",
        }
    }
}

/// One seat of the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterSeat {
    /// `seat`: the seat's name, unique in the roster.
    pub seat: String,
    /// `family`: the model family (lab) the seat belongs to, for N_eff's grouping (spec §5).
    pub family: String,
    /// `side`: the seat's side for the §5.8 comparison, when declared.
    pub side: Option<Side>,
    /// `model`: the model the seat calls, when declared.
    pub model: Option<String>,
    /// The provider the seat is called through, as the operator declared it (spec §3.10,
    /// Table 8): a short public name ("openai", "deepseek", "local"), never a URL or a key;
    /// `None` when the operator declared none.
    #[serde(default)]
    pub provider: Option<String>,
}

/// Longest provider name, in bytes.
pub const MAX_PROVIDER_BYTES: usize = 64;

/// Why `name` is not a provider name, or `None` when it is one (spec §3.10, Table 8): a
/// provider name is a short public name ("openai", "anthropic", "deepseek", "local"), 1 to
/// [`MAX_PROVIDER_BYTES`] bytes with no whitespace, no control character and no `/`, so it can
/// be neither a URL (`://`) nor a path; the reason never quotes the name, which may be a
/// secret pasted in the wrong place.
pub fn provider_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("empty")
    } else if name.contains("://") {
        Some("a URL (it contains \"://\"): a provider is a short public name such as \"openai\", never a URL or a key")
    } else if name.contains('/') {
        Some("contains \"/\": a provider is a short public name such as \"openai\", never a URL, a path or a key")
    } else if name.chars().any(char::is_whitespace) {
        Some("contains whitespace: a provider is a short public name such as \"openai\"")
    } else if name.chars().any(char::is_control) {
        Some("contains a control character: a provider is a short public name such as \"openai\"")
    } else if name.len() > MAX_PROVIDER_BYTES {
        Some("longer than 64 bytes: a provider is a short public name such as \"openai\", never a key")
    } else {
        None
    }
}

/// A roster that cannot be read: the file, its 1-based line and the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterError {
    /// The file read, `asks.jsonl`.
    pub file: &'static str,
    /// 1-based line of the file.
    pub line: u64,
    /// The field at fault (`seats[2].side`), or the whole line.
    pub field: String,
    /// What is wrong with it.
    pub message: RosterMessage,
}

/// What is wrong with a roster or ask chain line's field: one variant per sentence, carrying
/// its arguments, so that a page can say it in the reader's language. `Display` is the CLI's
/// English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum RosterMessage {
    /// The line is not JSON; `detail` is the JSON parser's own words.
    NotJson {
        /// Byte offset where the parser stopped.
        offset: usize,
        /// The parser's message.
        detail: String,
    },
    /// The line or a seat entry is not a JSON object.
    ExpectedObject {
        /// Python type name of the value found.
        found: String,
    },
    /// A required field is absent.
    Missing,
    /// A required string is empty.
    Empty,
    /// A string holds a lone surrogate.
    NotUnicode,
    /// A field that must be a string is not one.
    ExpectedString {
        /// Python type name of the value found.
        found: String,
    },
    /// The ask chain has no roster line.
    NoRosterLine,
    /// Two entries name the same seat.
    ListedTwice {
        /// The seat's name.
        seat: String,
    },
    /// The line lists more than [`MAX_ROSTER_SEATS`] seats.
    TooManySeats {
        /// The most seats a line may list.
        max: usize,
    },
    /// A `side` other than `US` or `China`.
    NotSide {
        /// The text found.
        value: String,
    },
    /// `seats` that is not a list.
    ExpectedSeatList {
        /// Python type name of the value found.
        found: String,
    },
    /// Seats that are neither a list nor an object keyed by side.
    ExpectedSeats {
        /// Python type name of the value found.
        found: String,
    },
    /// An entry's own side disagrees with the side key it is listed under.
    SideUnderKey {
        /// The side the entry names.
        side: String,
        /// The key it is listed under.
        key: String,
    },
    /// A New York time of the declaration that is not `HH:MM`.
    NotHhmm {
        /// The text found.
        value: String,
    },
    /// An `at` or `deadline` that is not an RFC 3339 time.
    NotTime {
        /// The text found.
        value: String,
    },
    /// An entry of `runs` that is not a string.
    ExpectedRunId,
    /// `runs` or `other_runs_et` that is not a list.
    ExpectedList {
        /// Python type name of the value found.
        found: String,
    },
    /// `stamp_every_minutes` below 1 or too large for 32 bits.
    NotPositiveCount,
    /// A count that is not an integer.
    ExpectedInteger {
        /// Python type name of the value found.
        found: String,
    },
    /// `first_session` that is not a `YYYY-MM-DD` date.
    NotDate {
        /// The text found.
        value: String,
    },
    /// A seat's `provider` that is not a provider name ([`provider_problem`]); the value is not
    /// quoted.
    NotProvider,
}

impl fmt::Display for RosterMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RosterMessage as M;
        match self {
            M::NotJson { offset, detail } => write!(f, "not JSON at byte {offset}: {detail}"),
            M::ExpectedObject { found } => write!(f, "expected an object, found {found}"),
            M::Missing => f.write_str("missing"),
            M::Empty => f.write_str("empty"),
            M::NotUnicode => f.write_str("not valid Unicode"),
            M::ExpectedString { found } => write!(f, "expected a string, found {found}"),
            M::NoRosterLine => f.write_str("no line of kind roster"),
            M::ListedTwice { seat } => write!(f, "seat {seat:?} is listed twice"),
            M::TooManySeats { max } => write!(f, "more than {max} seats"),
            M::NotSide { value } => write!(f, "{value:?} is not a side: US or China"),
            M::ExpectedSeatList { found } => write!(f, "expected a list of seats, found {found}"),
            M::ExpectedSeats { found } => write!(
                f,
                "expected a list of seats or an object keyed by side, found {found}"
            ),
            M::SideUnderKey { side, key } => write!(f, "{side} under the key {key}"),
            M::NotHhmm { value } => write!(f, "{value:?} is not HH:MM"),
            M::NotTime { value } => write!(f, "{value:?} is not an RFC 3339 time"),
            M::ExpectedRunId => f.write_str("expected a run id string"),
            M::ExpectedList { found } => write!(f, "expected a list, found {found}"),
            M::NotPositiveCount => f.write_str("not a positive count"),
            M::ExpectedInteger { found } => write!(f, "expected an integer, found {found}"),
            M::NotDate { value } => write!(f, "{value:?} is not a date"),
            M::NotProvider => write!(
                f,
                "not a provider name: 1 to {MAX_PROVIDER_BYTES} bytes without whitespace, control characters or /"
            ),
        }
    }
}

/// A line of `asks.jsonl` as a JSON object, or why it is not one.
pub(crate) fn line_object(text: &[u8]) -> Result<Object, RosterMessage> {
    match canon::parse(text) {
        Ok(Value::Object(o)) => Ok(o),
        Ok(v) => Err(RosterMessage::ExpectedObject {
            found: v.type_name().into(),
        }),
        Err(e) => Err(RosterMessage::NotJson {
            offset: e.offset,
            detail: e.message,
        }),
    }
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} line {}, field {}: {}",
            self.file, self.line, self.field, self.message
        )
    }
}

impl std::error::Error for RosterError {}

/// The roster's seats as roster lines and run lines carry them: a list of
/// `{"seat", "family", "model", "side", "provider"}` (`model`, `side` and `provider` when known;
/// a seat without a provider is written as before seats declared one).
pub fn seats_value(seats: &[RosterSeat]) -> Value {
    Value::Array(
        seats
            .iter()
            .map(|s| {
                let mut o = object([("seat", string(&s.seat)), ("family", string(&s.family))]);
                insert_some(&mut o, "model", s.model.as_deref().map(string));
                insert_some(&mut o, "side", s.side.map(|d| string(d.as_str())));
                insert_some(&mut o, "provider", s.provider.as_deref().map(string));
                Value::Object(o)
            })
            .collect(),
    )
}

/// A `roster` line of the ask chain, sealed at `at` (RFC 3339 UTC) before the first ask it
/// rosters (spec §3.9).
pub fn roster_line(at: &str, seats: &[RosterSeat]) -> Object {
    object([
        ("kind", string("roster")),
        ("at", string(at)),
        ("seats", seats_value(seats)),
    ])
}

/// Complete lines (a last line without LF is not yet counted), numbered from 1.
pub(crate) fn lines(bytes: &[u8]) -> impl Iterator<Item = (u64, &[u8])> {
    let mut rest = bytes;
    let mut n = 0u64;
    std::iter::from_fn(move || {
        let end = memchr::memchr(b'\n', rest)?;
        let line = &rest[..end];
        rest = &rest[end + 1..];
        n += 1;
        Some((n, line))
    })
}

pub(crate) type FieldError = (String, RosterMessage);

pub(crate) fn parse_seats(v: &Value, field: &str) -> Result<Vec<RosterSeat>, FieldError> {
    let mut out: Vec<RosterSeat> = Vec::new();
    let mut push = |s: RosterSeat, at: String| -> Result<(), FieldError> {
        if out.iter().any(|o| o.seat == s.seat) {
            return Err((
                format!("{at}.seat"),
                RosterMessage::ListedTwice {
                    seat: s.seat.clone(),
                },
            ));
        }
        if out.len() == MAX_ROSTER_SEATS {
            return Err((
                at,
                RosterMessage::TooManySeats {
                    max: MAX_ROSTER_SEATS,
                },
            ));
        }
        out.push(s);
        Ok(())
    };
    match v {
        Value::Array(entries) => {
            for (i, e) in entries.iter().enumerate() {
                let at = format!("{field}[{i}]");
                push(parse_entry(e, &at, None)?, at)?;
            }
        }
        Value::Object(by_side) => {
            for (key, entries) in by_side.iter() {
                let key = key.as_str().unwrap_or_default();
                let side = Side::parse(key).ok_or_else(|| {
                    (
                        format!("{field}.{key}"),
                        RosterMessage::NotSide {
                            value: key.to_owned(),
                        },
                    )
                })?;
                let Value::Array(entries) = entries else {
                    return Err((
                        format!("{field}.{key}"),
                        RosterMessage::ExpectedSeatList {
                            found: entries.type_name().into(),
                        },
                    ));
                };
                for (i, e) in entries.iter().enumerate() {
                    let at = format!("{field}.{key}[{i}]");
                    push(parse_entry(e, &at, Some(side))?, at)?;
                }
            }
        }
        other => {
            return Err((
                field.into(),
                RosterMessage::ExpectedSeats {
                    found: other.type_name().into(),
                },
            ))
        }
    }
    Ok(out)
}

fn parse_entry(e: &Value, at: &str, keyed_side: Option<Side>) -> Result<RosterSeat, FieldError> {
    let o: &Object = e.as_object().ok_or_else(|| {
        (
            at.to_string(),
            RosterMessage::ExpectedObject {
                found: e.type_name().into(),
            },
        )
    })?;
    let text = |k: &str, required: bool| -> Result<Option<String>, FieldError> {
        match o.get(k) {
            None | Some(Value::Null) if !required => Ok(None),
            None | Some(Value::Null) => Err((format!("{at}.{k}"), RosterMessage::Missing)),
            Some(Value::Str(s)) => match s.as_str() {
                Some("") if required => Err((format!("{at}.{k}"), RosterMessage::Empty)),
                Some(s) => Ok(Some(s.to_string())),
                None => Err((format!("{at}.{k}"), RosterMessage::NotUnicode)),
            },
            Some(v) => Err((
                format!("{at}.{k}"),
                RosterMessage::ExpectedString {
                    found: v.type_name().into(),
                },
            )),
        }
    };
    let required = |k: &str| -> Result<String, FieldError> {
        text(k, true)?.ok_or_else(|| (format!("{at}.{k}"), RosterMessage::Missing))
    };
    let seat = required("seat")?;
    let family = required("family")?;
    let stated = match text("side", false)? {
        None => None,
        Some(s) => Some(Side::parse(&s).ok_or_else(|| {
            (
                format!("{at}.side"),
                RosterMessage::NotSide { value: s.clone() },
            )
        })?),
    };
    if let (Some(k), Some(s)) = (keyed_side, stated) {
        if k != s {
            return Err((
                format!("{at}.side"),
                RosterMessage::SideUnderKey {
                    side: s.as_str().into(),
                    key: k.as_str().into(),
                },
            ));
        }
    }
    let model = text("model", false)?;
    let provider = text("provider", false)?;
    if provider
        .as_deref()
        .is_some_and(|p| provider_problem(p).is_some())
    {
        return Err((format!("{at}.provider"), RosterMessage::NotProvider));
    }
    Ok(RosterSeat {
        seat,
        family,
        side: stated.or(keyed_side),
        model,
        provider,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(provider: Option<&str>) -> RosterSeat {
        RosterSeat {
            seat: "alpha".into(),
            family: "lab-a".into(),
            side: Some(Side::Us),
            model: Some("gpt-test".into()),
            provider: provider.map(str::to_owned),
        }
    }

    /// The line as the seal writes it, read back.
    fn written_and_read(seats: &[RosterSeat]) -> (String, Result<Vec<RosterSeat>, FieldError>) {
        let line = roster_line("2026-10-21T04:16:01Z", seats);
        let bytes =
            canon::to_bytes(&Value::Object(line.clone()), canon::DumpOptions::SEAL).unwrap();
        let read = parse_seats(line.get("seats").unwrap(), "seats");
        (String::from_utf8(bytes).unwrap(), read)
    }

    #[test]
    fn the_provider_round_trips_through_the_roster_line() {
        let seats = [seat(Some("openai")), seat(None)];
        let seats = [
            seats[0].clone(),
            RosterSeat {
                seat: "coin".into(),
                ..seats[1].clone()
            },
        ];
        let (text, read) = written_and_read(&seats);
        assert!(text.contains(r#""provider": "openai""#), "{text}");
        assert_eq!(text.matches("provider").count(), 1, "{text}");
        assert_eq!(read.unwrap(), seats);
    }

    #[test]
    fn a_line_written_before_providers_reads_with_none() {
        let old = r#"{"kind": "roster", "at": "2026-10-21T04:16:01Z", "seats": [{"seat": "alpha", "family": "lab-a", "model": "gpt-test", "side": "US"}, {"seat": "b", "family": "x", "provider": null}]}"#;
        let o = line_object(old.as_bytes()).unwrap();
        let read = parse_seats(o.get("seats").unwrap(), "seats").unwrap();
        assert_eq!(read[0], seat(None));
        assert_eq!(read[1].provider, None);
        // A seat without a provider is written as before: the line's bytes do not change.
        let (text, _) = written_and_read(&[seat(None)]);
        assert!(!text.contains("provider"), "{text}");
    }

    #[test]
    fn a_stated_provider_must_be_a_provider_name() {
        for bad in [
            "",
            "https://api.openai.com/v1",
            "api.openai.com/v1",
            "open ai",
            "tab\there",
            "bell\u{7}",
            &"p".repeat(MAX_PROVIDER_BYTES + 1),
        ] {
            assert!(provider_problem(bad).is_some(), "{bad:?}");
            let line = format!(
                r#"{{"seats": [{{"seat": "a", "family": "x"}}, {{"seat": "b", "family": "y", "provider": {}}}]}}"#,
                serde_json::to_string(bad).unwrap()
            );
            let o = line_object(line.as_bytes()).unwrap();
            let e = parse_seats(o.get("seats").unwrap(), "seats").unwrap_err();
            assert_eq!(
                e,
                ("seats[1].provider".to_string(), RosterMessage::NotProvider),
                "{bad:?}"
            );
        }
        let o =
            line_object(br#"{"seats": [{"seat": "a", "family": "x", "provider": 3}]}"#).unwrap();
        assert_eq!(
            parse_seats(o.get("seats").unwrap(), "seats").unwrap_err().0,
            "seats[0].provider"
        );
        for good in [
            "openai",
            "anthropic",
            "deepseek",
            "local",
            "demo-endpoint",
            &"p".repeat(MAX_PROVIDER_BYTES),
        ] {
            assert_eq!(provider_problem(good), None, "{good:?}");
        }
    }
}
