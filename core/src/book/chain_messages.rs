//! What is wrong with a line of the book, as a message id with typed arguments (spec §3.2;
//! Appendix B step 4): the CLI prints the English sentence ([`fmt::Display`]), the page
//! renders the id in the reader's language from its catalog.

use crate::book::canon::EncodeError;
use crate::book::chain::ChainCheck;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why one check of one line failed. The arguments are the facts the sentence names (a line
/// number, a byte offset, a field); hashes are not in the message but beside it, in the
/// problem's `expected` and `found`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum ProblemMsg {
    /// Line 1's `n` is not 1.
    FirstN,
    /// `n` is not the line's position `expected` (the lines before it are numbered right).
    NotPosition {
        /// The line's position.
        expected: i64,
    },
    /// `n` is not `expected`, one more than the previous line's `n` (after a gap).
    NotNext {
        /// The previous line's `n` plus one.
        expected: i64,
    },
    /// Line 1's `prev` is not the empty string.
    FirstPrev,
    /// `prev` is not the stored link of line `line`.
    PrevNotLink {
        /// The previous line's number.
        line: u64,
    },
    /// The line has no `field` (one of `n`, `prev`, `seal`, `link`).
    MissingField {
        /// The missing field.
        field: ChainCheck,
    },
    /// The line is `bytes` long, over the verifier's `max` bytes, so it is not parsed.
    TooLong {
        /// The line's length.
        bytes: u64,
        /// The longest line the verifier parses.
        max: u64,
    },
    /// A CR at byte `at` that does not end the line.
    BareCr {
        /// Byte offset of the CR in the line.
        at: u64,
    },
    /// `json.loads` would refuse the line: `detail` is the parser's own words (Python's
    /// `json` wording), found at byte `at`.
    NotJson {
        /// The parser's message.
        detail: String,
        /// Byte offset in the line.
        at: u64,
    },
    /// The line is JSON but not an object: `kind` is the value's Python type (`list`, `str`).
    NotObject {
        /// The Python type name of the value.
        kind: String,
    },
    /// The line holds the lone surrogate `code_point`, which has no UTF-8 and so no seal.
    LoneSurrogate {
        /// The surrogate (U+D800 to U+DFFF).
        code_point: u32,
    },
    /// `seal` is not SHA-256 of J(content).
    SealMismatch,
    /// `link` is not SHA-256 of J(line without `link`).
    LinkMismatch,
}

impl fmt::Display for ProblemMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemMsg::FirstN => f.write_str("the first line's n must be 1"),
            ProblemMsg::NotPosition { expected } => {
                write!(f, "n is not the line's position {expected}")
            }
            ProblemMsg::NotNext { expected } => {
                write!(
                    f,
                    "n is not {expected}, one more than the previous line's n"
                )
            }
            ProblemMsg::FirstPrev => f.write_str("prev of line 1 must be the empty string"),
            ProblemMsg::PrevNotLink { line } => write!(f, "prev is not the link of line {line}"),
            ProblemMsg::MissingField { field } => write!(f, "missing field {}", field.name()),
            ProblemMsg::TooLong { bytes, max } => write!(
                f,
                "line is {bytes} bytes, longer than the {max}-byte limit; not parsed"
            ),
            ProblemMsg::BareCr { at } => write!(
                f,
                "bare CR at byte {at} of the line: Python's universal newlines would split \
                 the line there, so the reference cannot read it as one JSON line"
            ),
            ProblemMsg::NotJson { detail, at } => {
                write!(f, "not valid JSON: {detail} at byte {at}")
            }
            ProblemMsg::NotObject { kind } => write!(f, "line is a JSON {kind}, not an object"),
            ProblemMsg::LoneSurrogate { code_point } => write!(
                f,
                "cannot be sealed: {}",
                EncodeError::LoneSurrogate {
                    code_point: *code_point
                }
            ),
            ProblemMsg::SealMismatch => f.write_str("seal is not SHA-256 of the line's content"),
            ProblemMsg::LinkMismatch => {
                f.write_str("link is not SHA-256 of the line without its link")
            }
        }
    }
}

impl From<EncodeError> for ProblemMsg {
    fn from(e: EncodeError) -> Self {
        match e {
            EncodeError::LoneSurrogate { code_point } => ProblemMsg::LoneSurrogate { code_point },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message, with the English the verifier printed when messages were plain text.
    fn every_message() -> Vec<(ProblemMsg, &'static str)> {
        vec![
            (ProblemMsg::FirstN, "the first line's n must be 1"),
            (
                ProblemMsg::NotPosition { expected: 5 },
                "n is not the line's position 5",
            ),
            (
                ProblemMsg::NotNext { expected: 8 },
                "n is not 8, one more than the previous line's n",
            ),
            (
                ProblemMsg::FirstPrev,
                "prev of line 1 must be the empty string",
            ),
            (
                ProblemMsg::PrevNotLink { line: 4 },
                "prev is not the link of line 4",
            ),
            (
                ProblemMsg::MissingField {
                    field: ChainCheck::Prev,
                },
                "missing field prev",
            ),
            (
                ProblemMsg::TooLong { bytes: 41, max: 40 },
                "line is 41 bytes, longer than the 40-byte limit; not parsed",
            ),
            (
                ProblemMsg::BareCr { at: 8 },
                "bare CR at byte 8 of the line: Python's universal newlines would split the line \
                 there, so the reference cannot read it as one JSON line",
            ),
            (
                ProblemMsg::NotJson {
                    detail: "expecting value".into(),
                    at: 7,
                },
                "not valid JSON: expecting value at byte 7",
            ),
            (
                ProblemMsg::NotObject {
                    kind: "list".into(),
                },
                "line is a JSON list, not an object",
            ),
            (
                ProblemMsg::LoneSurrogate { code_point: 0xd800 },
                "cannot be sealed: string holds the lone surrogate \\ud800, which UTF-8 cannot \
                 encode (Python's .encode() fails on it too, so no seal exists for this line)",
            ),
            (
                ProblemMsg::SealMismatch,
                "seal is not SHA-256 of the line's content",
            ),
            (
                ProblemMsg::LinkMismatch,
                "link is not SHA-256 of the line without its link",
            ),
        ]
    }

    /// The id of a message, as the wire and the page's catalog name it.
    fn id(m: &ProblemMsg) -> String {
        serde_json::to_value(m).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn every_message_reads_as_the_cli_printed_it() {
        let all = every_message();
        let mut ids: Vec<String> = all.iter().map(|(m, _)| id(m)).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 13, "a message is missing from the list: {ids:?}");
        for (m, english) in all {
            assert_eq!(m.to_string(), english, "{m:?}");
            let wire = serde_json::to_string(&m).unwrap();
            assert_eq!(
                serde_json::from_str::<ProblemMsg>(&wire).unwrap(),
                m,
                "{wire}"
            );
        }
    }

    #[test]
    fn a_problem_in_json_keeps_its_english_and_is_read_back_from_its_id() {
        let p = crate::book::chain::Problem {
            line: 5,
            check: ChainCheck::Prev,
            message: ProblemMsg::PrevNotLink { line: 4 },
            expected: Some("ab".into()),
            found: Some("cd".into()),
        };
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(
            json,
            r#"{"line":5,"check":"prev","message":"prev is not the link of line 4","expected":"ab","found":"cd","msg":{"id":"prev_not_link","line":4}}"#
        );
        let back: crate::book::chain::Problem = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        // The English is written for readers of the JSON; the id is what is read.
        let edited = json.replace("link of line 4\"", "link of line 9\"");
        let back: crate::book::chain::Problem = serde_json::from_str(&edited).unwrap();
        assert_eq!(back.message.to_string(), "prev is not the link of line 4");
    }

    #[test]
    fn the_wire_names_the_id_and_its_arguments() {
        assert_eq!(
            serde_json::to_string(&ProblemMsg::PrevNotLink { line: 4 }).unwrap(),
            r#"{"id":"prev_not_link","line":4}"#
        );
        assert_eq!(
            serde_json::to_string(&ProblemMsg::MissingField {
                field: ChainCheck::Seal
            })
            .unwrap(),
            r#"{"id":"missing_field","field":"seal"}"#
        );
        assert!(serde_json::from_str::<ProblemMsg>(r#"{"id":"no_such_message"}"#).is_err());
        assert!(
            serde_json::from_str::<ProblemMsg>(r#"{"id":"prev_not_link","line":4,"x":1}"#).is_err()
        );
    }
}
