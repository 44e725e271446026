//! Permalinks to a verdict and to one answer: the league's manifest URL in the address
//! (`?league=<manifest URL>`) and the answer by its book line (`#answer=<line>`, the line that
//! sealed it, spec §3.3: a sealed line never moves, so the link stays true).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The fragment key that names an answer.
pub const ANSWER_KEY: &str = "answer";

/// The fragment that names the answer sealed at book line `line`: `answer=<line>`.
pub fn answer_fragment(line: u64) -> String {
    format!("{ANSWER_KEY}={line}")
}

/// Why the address's answer could not be found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum AnswerLinkError {
    /// `answer=` holds no book line number (`text` as given, cut short).
    Malformed { text: String },
    /// No answer was sealed at this line of the book.
    Unknown { line: u64 },
}

impl fmt::Display for AnswerLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerLinkError::Malformed { text } => {
                write!(
                    f,
                    "the address names answer \"{text}\", which is not a book line number"
                )
            }
            AnswerLinkError::Unknown { line } => {
                write!(
                    f,
                    "the address names the answer at line {line}, and no answer was sealed there"
                )
            }
        }
    }
}

/// Most characters of a malformed key repeated back.
const SHOWN_CHARS: usize = 40;

/// The answer a fragment (`#` and all, or without it, e.g. `#answer=42`) names: `None` when it
/// names none, else its book line, or why it is not one. Other `&`-separated keys are ignored.
pub fn answer_in_fragment(fragment: &str) -> Option<Result<u64, AnswerLinkError>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let value = fragment
        .split('&')
        .find_map(|kv| kv.strip_prefix(ANSWER_KEY)?.strip_prefix('='))?;
    let line = value
        .parse::<u64>()
        .ok()
        .filter(|n| *n >= 1 && value.bytes().all(|b| b.is_ascii_digit()));
    Some(line.ok_or_else(|| AnswerLinkError::Malformed {
        text: value.chars().take(SHOWN_CHARS).collect(),
    }))
}

/// The answer line a fragment names, checked against the lines that hold answers.
pub fn find_answer(
    fragment: &str,
    answer_lines: impl IntoIterator<Item = u64>,
) -> Option<Result<u64, AnswerLinkError>> {
    let named = answer_in_fragment(fragment)?;
    Some(named.and_then(|line| {
        answer_lines
            .into_iter()
            .any(|l| l == line)
            .then_some(line)
            .ok_or(AnswerLinkError::Unknown { line })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_names_an_answer_by_its_line_and_round_trips() {
        assert_eq!(
            answer_in_fragment(&format!("#{}", answer_fragment(42))),
            Some(Ok(42))
        );
        assert_eq!(answer_in_fragment("x=1&answer=7"), Some(Ok(7)));
        assert_eq!(answer_in_fragment("#details"), None);
        assert_eq!(answer_in_fragment(""), None);
    }

    #[test]
    fn a_malformed_or_unknown_answer_is_said_not_guessed() {
        for bad in [
            "",
            "0",
            "-3",
            "+4",
            "4x",
            "2026-10-19-am/coin",
            "99999999999999999999999",
        ] {
            let got = answer_in_fragment(&format!("#answer={bad}"));
            assert!(
                matches!(got, Some(Err(AnswerLinkError::Malformed { .. }))),
                "{bad}: {got:?}"
            );
        }
        let long = "y".repeat(500);
        let Some(Err(AnswerLinkError::Malformed { text })) =
            answer_in_fragment(&format!("answer={long}"))
        else {
            panic!("a long key is malformed")
        };
        assert_eq!(text.len(), SHOWN_CHARS);
        assert_eq!(find_answer("#answer=5", [2, 5, 9]), Some(Ok(5)));
        assert_eq!(
            find_answer("#answer=6", [2, 5, 9]),
            Some(Err(AnswerLinkError::Unknown { line: 6 }))
        );
        assert!(find_answer("#answer=6", [2, 5, 9])
            .unwrap()
            .unwrap_err()
            .to_string()
            .contains("line 6"));
    }
}
