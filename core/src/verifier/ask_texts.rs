//! Appendix B step 5, the ask texts: every `asks/<sha256>.md` hashes to its name and to the
//! `ask_sha256` of the runs and ask lines that name it; every answer repeats its run's
//! `ask_sha256`; the per-seat text hashes sealed in `asks.jsonl` are listed (spec §3.9,
//! §3.11 P3). A text that does not hash to its name (changed, a line appended), and a text a
//! run names that was not given, are failures naming the file.

use crate::hex::sha256_hex;
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::BookLines;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One ask text's check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskTextResult {
    pub name: String,
    /// The SHA-256 of the file as given.
    pub sha256: String,
    /// The SHA-256 its name states (`asks/<sha256>.md`), when it states one.
    pub named: Option<String>,
    pub ok: bool,
    /// The runs whose `ask_sha256` it is.
    pub runs: Vec<String>,
    pub error: Option<AskTextProblem>,
}

/// A line that names an ask text's hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum NamedBy {
    /// A run line of the book.
    Run { run_id: String, line: u64 },
    /// A run-wide ask line of `asks.jsonl`.
    AskLine { line: u64, run_id: String },
}

impl fmt::Display for NamedBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamedBy::Run { run_id, line } => write!(f, "run {run_id} (book line {line})"),
            NamedBy::AskLine { line, run_id } => {
                write!(f, "ask line {line} of asks.jsonl ({run_id})")
            }
        }
    }
}

/// What is wrong with the ask texts (Appendix B step 5; spec §3.9). `Display` is the CLI's
/// English; the page renders each variant in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case")]
pub enum AskTextProblem {
    /// The file is not named `asks/<sha256>.md`.
    Unnamed { name: String },
    /// The file hashes to `sha256`, not to the `named` hash of its name.
    Changed {
        name: String,
        sha256: String,
        named: String,
    },
    /// No run line or ask line names the text's hash.
    NamedByNone { name: String },
    /// The text of `hash` is named by `by` but was not given.
    NotGiven { hash: String, by: Vec<NamedBy> },
    /// The answer on book line `line` states `answer` as its ask's hash, not its run's `run`
    /// (the run line `run_line`, 0 when the run has no line).
    AnswerNotItsRuns {
        line: u64,
        answer: String,
        run: String,
        run_line: u64,
    },
}

impl fmt::Display for AskTextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskTextProblem::Unnamed { name } => write!(
                f,
                "{name}: not named asks/<sha256>.md, so nothing says which text it is"
            ),
            AskTextProblem::Changed { name, sha256, named } => write!(
                f,
                "{name}: hashes to {sha256}, not to the {named} its name states: the text was changed after it was published"
            ),
            AskTextProblem::NamedByNone { name } => {
                write!(f, "{name}: no run line or ask line names this text's hash")
            }
            AskTextProblem::NotGiven { hash, by } => {
                write!(f, "asks/{hash}.md: named by ")?;
                for (i, b) in by.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{b}")?;
                }
                f.write_str(" but not given")
            }
            AskTextProblem::AnswerNotItsRuns {
                line,
                answer,
                run,
                run_line,
            } => write!(
                f,
                "book line {line}: the answer's ask_sha256 {answer} is not its run's ({run}, book line {run_line})"
            ),
        }
    }
}

/// A per-seat text hash sealed in the ask chain at send time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAsk {
    /// Its line in `asks.jsonl`.
    pub line: u64,
    pub run_id: String,
    pub seat: String,
    pub text_sha256: Option<String>,
}

/// The whole step: each text, the hashes no given text matches, and the answers whose
/// `ask_sha256` is not their run's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskTextsReport {
    pub texts: Vec<AskTextResult>,
    /// Failures: texts that do not hash to their names, texts named but not given, answers
    /// that do not repeat their run's `ask_sha256`.
    pub problems: Vec<AskTextProblem>,
    pub seat_asks: Vec<SeatAsk>,
}

impl AskTextsReport {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }

    /// The report as `sealbook verify --answers --json` prints it: the same fields, each
    /// problem its English sentence.
    pub fn english(&self) -> AskTextsEnglish<'_> {
        AskTextsEnglish {
            texts: self
                .texts
                .iter()
                .map(|t| AskTextEnglish {
                    name: &t.name,
                    sha256: &t.sha256,
                    named: t.named.as_deref(),
                    ok: t.ok,
                    runs: &t.runs,
                    error: t.error.as_ref().map(ToString::to_string),
                })
                .collect(),
            problems: self.problems.iter().map(ToString::to_string).collect(),
            seat_asks: &self.seat_asks,
        }
    }
}

/// [`AskTextsReport`] with its problems in English ([`AskTextsReport::english`]).
#[derive(Serialize)]
pub struct AskTextsEnglish<'a> {
    pub texts: Vec<AskTextEnglish<'a>>,
    pub problems: Vec<String>,
    pub seat_asks: &'a [SeatAsk],
}

/// [`AskTextResult`] with its error in English.
#[derive(Serialize)]
pub struct AskTextEnglish<'a> {
    pub name: &'a str,
    pub sha256: &'a str,
    pub named: Option<&'a str>,
    pub ok: bool,
    pub runs: &'a [String],
    pub error: Option<String>,
}

/// The hash a name `…/<64 hex>.md` states.
fn named_hash(name: &str) -> Option<String> {
    let base = name.rsplit('/').next()?;
    let stem = base.strip_suffix(".md")?;
    (stem.len() == 64 && stem.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| stem.to_ascii_lowercase())
}

/// Checks the ask texts `texts` (name, bytes) against the book's run and answer lines and the
/// ask chain's ask lines; with no book, each text against its name only (a reader who drops
/// only some files gets the checks those files allow).
pub fn check_ask_texts(
    texts: &[(String, Vec<u8>)],
    book: Option<&BookLines>,
    asks: Option<&AskChain>,
) -> AskTextsReport {
    let against_runs = book.is_some() || asks.is_some();
    let empty = BookLines::default();
    let book = book.unwrap_or(&empty);
    let mut out = AskTextsReport::default();
    // ask_sha256 -> the lines that name it.
    let mut named: BTreeMap<String, Vec<NamedBy>> = BTreeMap::new();
    let mut run_of: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &book.runs {
        if let Some(h) = &r.ask_sha256 {
            let id = r.run_id.clone().unwrap_or_default();
            named
                .entry(h.to_ascii_lowercase())
                .or_default()
                .push(NamedBy::Run {
                    run_id: id.clone(),
                    line: r.n,
                });
            run_of.entry(h.to_ascii_lowercase()).or_default().push(id);
        }
    }
    if let Some(chain) = asks {
        for (line, a) in chain.asks.iter().filter(|(_, a)| a.seat.is_none()) {
            named
                .entry(a.ask_sha256.to_ascii_lowercase())
                .or_default()
                .push(NamedBy::AskLine {
                    line: *line,
                    run_id: a.run_id.clone(),
                });
        }
        out.seat_asks = chain
            .asks
            .iter()
            .filter_map(|(line, a)| {
                Some(SeatAsk {
                    line: *line,
                    run_id: a.run_id.clone(),
                    seat: a.seat.clone()?,
                    text_sha256: a.text_sha256.clone(),
                })
            })
            .collect();
    }
    for (name, bytes) in texts {
        let sha256 = sha256_hex(bytes);
        let stated = named_hash(name);
        let runs = run_of.get(&sha256).cloned().unwrap_or_default();
        let error = match &stated {
            None => Some(AskTextProblem::Unnamed { name: name.clone() }),
            Some(h) if *h != sha256 => Some(AskTextProblem::Changed {
                name: name.clone(),
                sha256: sha256.clone(),
                named: h.clone(),
            }),
            Some(h) if against_runs && !named.contains_key(h) => {
                Some(AskTextProblem::NamedByNone { name: name.clone() })
            }
            Some(_) => None,
        };
        if let Some(e) = &error {
            out.problems.push(e.clone());
        }
        out.texts.push(AskTextResult {
            name: name.clone(),
            sha256,
            named: stated,
            ok: error.is_none(),
            runs,
            error,
        });
    }
    for (hash, by) in &named {
        let given = out.texts.iter().any(|t| t.named.as_deref() == Some(hash));
        if !given {
            out.problems.push(AskTextProblem::NotGiven {
                hash: hash.clone(),
                by: by.clone(),
            });
        }
    }
    for a in book.answers.values() {
        let run = book
            .runs
            .iter()
            .find(|r| r.run_id.is_some() && r.run_id == a.run_id);
        if let (Some(mine), Some(theirs)) = (
            a.ask_sha256.as_deref(),
            run.and_then(|r| r.ask_sha256.as_deref()),
        ) {
            if !mine.eq_ignore_ascii_case(theirs) {
                out.problems.push(AskTextProblem::AnswerNotItsRuns {
                    line: a.n,
                    answer: mine.to_string(),
                    run: theirs.to_string(),
                    run_line: run.map_or(0, |r| r.n),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(ask: &str, answer_ask: &str) -> BookLines {
        BookLines::parse(
            format!(
                "{{\"n\": 1, \"kind\": \"run\", \"run_id\": \"r\", \"at\": \"2026-10-21T12:30:00Z\", \"ask_sha256\": \"{ask}\"}}\n{{\"n\": 2, \"kind\": \"answer\", \"run_id\": \"r\", \"seat\": \"a\", \"at\": \"2026-10-21T12:31:00Z\", \"ask_sha256\": \"{answer_ask}\", \"items\": {{}}}}\n"
            )
            .as_bytes(),
        )
        .unwrap()
    }

    #[test]
    fn a_text_with_a_line_appended_fails_naming_the_file() {
        let text = b"# the ask\nprices...\n".to_vec();
        let h = sha256_hex(&text);
        let name = format!("asks/{h}.md");
        let r = check_ask_texts(&[(name.clone(), text.clone())], Some(&book(&h, &h)), None);
        assert!(r.ok(), "{r:?}");
        assert_eq!(r.texts[0].runs, ["r"]);

        let mut appended = text.clone();
        appended.extend_from_slice(b"one more line\n");
        let r = check_ask_texts(&[(name.clone(), appended)], Some(&book(&h, &h)), None);
        assert!(!r.ok());
        assert!(
            r.problems[0]
                .to_string()
                .starts_with(&format!("{name}: hashes to ")),
            "{r:?}"
        );

        // Missing, and an answer that does not repeat its run's hash.
        let r = check_ask_texts(&[], Some(&book(&h, &"0".repeat(64))), None);
        assert_eq!(r.problems.len(), 2, "{r:?}");
        assert_eq!(
            r.problems[0],
            AskTextProblem::NotGiven {
                hash: h.clone(),
                by: vec![NamedBy::Run {
                    run_id: "r".into(),
                    line: 1
                }],
            },
            "{r:?}"
        );
        assert_eq!(
            r.problems[0].to_string(),
            format!("asks/{h}.md: named by run r (book line 1) but not given")
        );
        assert!(r.problems[1]
            .to_string()
            .starts_with("book line 2: the answer's ask_sha256"));
        // A text no run names.
        let other = b"other".to_vec();
        let r = check_ask_texts(
            &[
                (name, text),
                (format!("asks/{}.md", sha256_hex(&other)), other),
            ],
            Some(&book(&h, &h)),
            None,
        );
        assert_eq!(r.problems.len(), 1);
        assert!(matches!(r.problems[0], AskTextProblem::NamedByNone { .. }));
        // Without a book the texts are checked against their names only.
        let other = b"other".to_vec();
        let r = check_ask_texts(
            &[(format!("asks/{}.md", sha256_hex(&other)), other)],
            None,
            None,
        );
        assert!(r.ok(), "{r:?}");
    }
}
