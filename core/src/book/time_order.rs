//! Sealing times in book order (spec §3.2, Appendix C): a line's sealing time is
//! `max(at, booked_at)`, and the lines of a book are sealed one after another, so each line's
//! sealing time is at or after its predecessor's. A line sealed "before" the line above it
//! means the operator's clock went back (a clock set by hand, a restored machine): the chain
//! still holds, but the times a reader reads "sealed before the reference" from (§3.3) are not
//! in order, and the reader is told so, line by line.
//!
//! [`TimeOrder`] streams the book's bytes like the chain verifier ([`super::chain`]) and reads
//! each complete line's `at` and `booked_at`; a line without a readable `at` is passed over
//! (the chain verifier reports what is wrong with it). A line is read as the chain verifier
//! reads it, without building a tree where it can be: a line stored in seal form through
//! [`canonical_form`]'s scanner, another spelling through [`SealForm`], and only a line both
//! decline (so one that may not be JSON at all) through [`canon::parse`]. Each path accepts
//! only lines that `canon::parse` reads as an object, with the same member values.

use crate::book::canon::{self, Object, Value};
use crate::book::canonical_form::{self, MemberSpan};
use crate::book::seal_form::SealForm;
use crate::calendar::{sealing_time, Instant};
use serde::Serialize;

/// A line's sealing time, `max(at, booked_at)` (spec Appendix C); None without a readable `at`.
pub fn sealing_time_of(line: &Object) -> Option<Instant> {
    let time = |k: &str| {
        line.get(k)
            .and_then(Value::as_str)
            .and_then(Instant::parse_rfc3339)
    };
    Some(sealing_time(time("at")?, time("booked_at")))
}

/// One line sealed earlier than the line before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Backwards {
    /// 1-based line number.
    pub line: u64,
    /// Its sealing time, RFC 3339 UTC.
    pub sealed_at: String,
    /// The nearest line above it with a sealing time, and that time.
    pub after_line: u64,
    /// The sealing time of `after_line`, RFC 3339 UTC.
    pub after_sealed_at: String,
}

impl std::fmt::Display for Backwards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} is sealed at {}, before line {} (sealed at {}): the operator's clock went back",
            self.line, self.sealed_at, self.after_line, self.after_sealed_at
        )
    }
}

/// What [`TimeOrder`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TimeOrderReport {
    /// The first lines sealed before their predecessor (at most [`MAX_KEPT`]).
    pub backwards: Vec<Backwards>,
    /// Further such lines, only counted.
    pub omitted: u64,
}

impl TimeOrderReport {
    /// Every line's sealing time is at or after its predecessor's.
    pub fn in_order(&self) -> bool {
        self.backwards.is_empty() && self.omitted == 0
    }
}

/// How many backward steps a report keeps; the rest are counted.
pub const MAX_KEPT: usize = 100;

/// Streams a book and finds the lines sealed before their predecessor.
pub struct TimeOrder {
    /// The bytes of the line not yet ended by an LF (dropped past `max_line_bytes`).
    pending: Vec<u8>,
    /// The pending line is longer than `max_line_bytes`: its bytes are skipped to its LF.
    skipping: bool,
    max_line_bytes: usize,
    line: u64,
    last: Option<(u64, Instant)>,
    report: TimeOrderReport,
    /// Scratch reused from line to line: the members of a line in seal form, and the
    /// transcoder for other spellings.
    spans: Vec<MemberSpan>,
    seal_form: SealForm,
}

impl std::fmt::Debug for TimeOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TimeOrder")
            .field("line", &self.line)
            .field("last", &self.last)
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

impl Default for TimeOrder {
    fn default() -> Self {
        TimeOrder::new(crate::book::chain::DEFAULT_MAX_LINE_BYTES)
    }
}

impl TimeOrder {
    /// A reader that passes over lines longer than `max_line_bytes` (as the chain verifier
    /// refuses them).
    pub fn new(max_line_bytes: usize) -> TimeOrder {
        TimeOrder {
            pending: Vec::new(),
            skipping: false,
            max_line_bytes,
            line: 0,
            last: None,
            report: TimeOrderReport::default(),
            spans: Vec::new(),
            seal_form: SealForm::new(),
        }
    }

    /// Reads the next bytes of the book; lines may be split across chunks anywhere.
    pub fn feed(&mut self, mut chunk: &[u8]) {
        while let Some(i) = memchr::memchr(b'\n', chunk) {
            let (head, rest) = chunk.split_at(i);
            chunk = &rest[1..];
            self.line += 1;
            if self.skipping {
                self.skipping = false;
            } else if self.pending.is_empty() {
                self.take(head);
            } else {
                let mut text = std::mem::take(&mut self.pending);
                text.extend_from_slice(head);
                self.take(&text);
            }
        }
        if !self.skipping {
            if self.pending.len() + chunk.len() > self.max_line_bytes {
                self.pending = Vec::new();
                self.skipping = true;
            } else {
                self.pending.extend_from_slice(chunk);
            }
        }
    }

    fn take(&mut self, text: &[u8]) {
        let Some(at) = self.sealing_time(text) else {
            return;
        };
        if let Some((prev_line, prev)) = self.last {
            if at < prev {
                if self.report.backwards.len() < MAX_KEPT {
                    self.report.backwards.push(Backwards {
                        line: self.line,
                        sealed_at: at.to_rfc3339(),
                        after_line: prev_line,
                        after_sealed_at: prev.to_rfc3339(),
                    });
                } else {
                    self.report.omitted += 1;
                }
            }
        }
        self.last = Some((self.line, at));
    }

    /// [`sealing_time_of`] the object `text` holds; None when `text` is not a JSON object
    /// (`canon::parse`'s reading) or has no readable `at`.
    fn sealing_time(&mut self, text: &[u8]) -> Option<Instant> {
        let time = |value: Option<&[u8]>| value.and_then(instant_of_json);
        if canonical_form::seal_form_members(text, &mut self.spans) {
            // Keys in seal form hold no escapes and no duplicates: their bytes are the keys.
            let value = |key: &[u8]| {
                let span = self.spans.iter().find(|m| &text[m.key.clone()] == key)?;
                Some(&text[span.value.clone()])
            };
            return Some(sealing_time(time(value(b"at"))?, time(value(b"booked_at"))));
        }
        if self.seal_form.members(text) {
            let form = &self.seal_form;
            let value = |key: &[u8]| Some(form.value(form.iter().find(|m| form.key(m) == key)?));
            return Some(sealing_time(time(value(b"at"))?, time(value(b"booked_at"))));
        }
        let Ok(Value::Object(o)) = canon::parse(text) else {
            return None;
        };
        sealing_time_of(&o)
    }

    /// The report; a last line without LF is not counted (spec Appendix B step 3).
    pub fn finish(self) -> TimeOrderReport {
        self.report
    }
}

/// The instant a JSON value spells when it is a string holding an RFC 3339 time, as
/// [`sealing_time_of`] reads it. `json` is the value as the scanner or the transcoder left it
/// (valid JSON, valid UTF-8): a string without escapes is its own text between the quotes.
fn instant_of_json(json: &[u8]) -> Option<Instant> {
    let inner = json.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    if memchr::memchr(b'\\', inner).is_none() {
        return Instant::parse_rfc3339(std::str::from_utf8(inner).ok()?);
    }
    canon::parse(json)
        .ok()?
        .as_str()
        .and_then(Instant::parse_rfc3339)
}

/// [`TimeOrder`] over a whole book in memory.
pub fn time_order(book: &[u8]) -> TimeOrderReport {
    let mut t = TimeOrder::default();
    t.feed(book);
    t.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::writer::BookWriter;

    fn book(times: &[(&str, Option<&str>)]) -> Vec<u8> {
        let mut w = BookWriter::new();
        times
            .iter()
            .flat_map(|(at, booked)| {
                let mut o = Object::new();
                o.insert("kind", Value::Str("answer".into()));
                o.insert("at", Value::Str((*at).into()));
                if let Some(b) = booked {
                    o.insert("booked_at", Value::Str((*b).into()));
                }
                w.append(&o).unwrap().bytes
            })
            .collect()
    }

    #[test]
    fn times_in_order_or_equal_pass() {
        let b = book(&[
            ("2026-10-21T12:30:00Z", None),
            ("2026-10-21T12:30:00Z", None),
            // An answer that arrived before the line above but was booked after it: its
            // sealing time is booked_at.
            ("2026-10-21T12:29:00Z", Some("2026-10-21T12:30:01Z")),
            ("2026-10-21T12:31:00Z", None),
        ]);
        assert!(time_order(&b).in_order());
    }

    #[test]
    fn a_line_sealed_before_its_predecessor_is_named_in_any_chunking() {
        let b = book(&[
            ("2026-10-21T12:30:00Z", None),
            ("2026-10-21T12:31:00Z", Some("2026-10-21T12:31:05Z")),
            ("2026-10-21T11:00:00Z", None),
            ("2026-10-21T11:05:00Z", None),
        ]);
        let want = TimeOrderReport {
            backwards: vec![Backwards {
                line: 3,
                sealed_at: "2026-10-21T11:00:00Z".into(),
                after_line: 2,
                after_sealed_at: "2026-10-21T12:31:05Z".into(),
            }],
            omitted: 0,
        };
        assert_eq!(time_order(&b), want);
        for size in [1, 7, 100] {
            let mut t = TimeOrder::default();
            for c in b.chunks(size) {
                t.feed(c);
            }
            assert_eq!(t.finish(), want, "chunks of {size}");
        }
        assert!(want.backwards[0].to_string().contains("clock went back"));
    }

    /// Each way of reading a line (seal form, another spelling, the tree) gives the sealing
    /// time the tree gives, on lines every path sees: canonical ones, escaped and duplicated
    /// keys and values, non-string times, lines the transcoder declines but the parser reads
    /// (a lone surrogate), and lines that are not JSON objects at all.
    #[test]
    fn every_spelling_reads_the_time_the_tree_reads() {
        let lines: &[&[u8]] = &[
            br#"{"at": "2026-10-21T12:30:00Z", "kind": "answer"}"#,
            br#"{"at": "2026-10-21T12:30:00Z", "booked_at": "2026-10-21T12:31:00.250Z"}"#,
            br#"{"at": "2026-10-21T12:30:00Z", "booked_at": "2026-10-21T12:29:00Z"}"#,
            br#"{"at": "2026-10-21T12:30:00Z", "booked_at": 5}"#,
            br#"{"at": "2026-10-21T12:30:00\u005a"}"#,
            br#"{"at": "2026-10-21T12:30:00Z\n"}"#,
            br#"{"booked_at":"2026-10-21T12:31:00Z","at":"2026-10-21T12:30:00Z"}"#,
            br#"{"at": "2026-10-21T11:00:00Z", "at": "2026-10-21T13:00:00Z"}"#,
            br#"{"at": "2026-10-21T13:00:00Z", "at": 1}"#,
            br#"{"\u0061t": "2026-10-21T12:30:00Z"}"#,
            br#"{"at": "2026-10-21T12:30:00Z", "x": "\ud800"}"#,
            br#"{"at": "\ud800"}"#,
            br#"{"at": "2026-10-21T12:30:00+02:00"}"#,
            br#"{"at": "2026-10-21 12:30:00Z"}"#,
            br#"{"at": "not a time"}"#,
            br#"{"at": ["2026-10-21T12:30:00Z"]}"#,
            br#"{"at": null}"#,
            br#"{"kind": "run"}"#,
            b"{\"at\": \"2026-10-21T12:30:00Z\"}\r",
            br#" {"at": "2026-10-21T12:30:00Z"} "#,
            br#"["2026-10-21T12:30:00Z"]"#,
            br#""2026-10-21T12:30:00Z""#,
            br#"{"at": "2026-10-21T12:30:00Z""#,
            br#"{"at": "2026-10-21T12:30:00Z"} x"#,
            b"{\"at\": \"2026-10-21T12:30:00Z\", \"x\": \"\xff\"}",
            b"",
        ];
        let mut t = TimeOrder::default();
        for line in lines {
            let want = match canon::parse(line) {
                Ok(Value::Object(o)) => sealing_time_of(&o),
                _ => None,
            };
            let text = String::from_utf8_lossy(line);
            assert_eq!(t.sealing_time(line), want, "{text}");
        }
    }

    #[test]
    fn unreadable_and_overlong_lines_are_passed_over() {
        let mut b = book(&[("2026-10-21T12:30:00Z", None)]);
        b.extend_from_slice(b"not json\n");
        b.extend_from_slice(&[b'x'; 2000]);
        b.extend_from_slice(b"\n");
        b.extend(book(&[("2026-10-21T12:00:00Z", None)]));
        let mut t = TimeOrder::new(1000);
        t.feed(&b);
        let r = t.finish();
        assert_eq!(r.backwards.len(), 1);
        assert_eq!((r.backwards[0].line, r.backwards[0].after_line), (4, 1));
    }
}
