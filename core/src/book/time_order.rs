//! Sealing times in book order (spec §3.2, Appendix C): a line's sealing time is
//! `max(at, booked_at)`, and the lines of a book are sealed one after another, so each line's
//! sealing time is at or after its predecessor's. A line sealed "before" the line above it
//! means the operator's clock went back (a clock set by hand, a restored machine): the chain
//! still holds, but the times a reader reads "sealed before the reference" from (§3.3) are not
//! in order, and the reader is told so, line by line.
//!
//! [`TimeOrder`] streams the book's bytes like the chain verifier ([`super::chain`]) and reads
//! each complete line's `at` and `booked_at`; a line without a readable `at` is passed over
//! (the chain verifier reports what is wrong with it).

use crate::book::canon::{self, Object, Value};
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
    pub line: u64,
    /// Its sealing time, RFC 3339 UTC.
    pub sealed_at: String,
    /// The nearest line above it with a sealing time, and that time.
    pub after_line: u64,
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
#[derive(Debug)]
pub struct TimeOrder {
    /// The bytes of the line not yet ended by an LF (dropped past `max_line_bytes`).
    pending: Vec<u8>,
    /// The pending line is longer than `max_line_bytes`: its bytes are skipped to its LF.
    skipping: bool,
    max_line_bytes: usize,
    line: u64,
    last: Option<(u64, Instant)>,
    report: TimeOrderReport,
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
        }
    }

    pub fn feed(&mut self, mut chunk: &[u8]) {
        while let Some(i) = chunk.iter().position(|b| *b == b'\n') {
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
        let Ok(Value::Object(o)) = canon::parse(text) else {
            return;
        };
        let Some(at) = sealing_time_of(&o) else {
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

    /// The report; a last line without LF is not counted (spec Appendix B step 3).
    pub fn finish(self) -> TimeOrderReport {
        self.report
    }
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
