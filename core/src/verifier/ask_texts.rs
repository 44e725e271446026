//! Appendix B step 5, the ask texts: every `asks/<sha256>.md` hashes to its name and to the
//! `ask_sha256` of the runs and ask lines that name it; every answer repeats its run's
//! `ask_sha256`; the per-seat text hashes sealed in `asks.jsonl` are listed (spec §3.9,
//! §3.11 P3). A text that does not hash to its name (changed, a line appended), and a text a
//! run names that was not given, are failures naming the file.

use crate::league::ask::sha256_hex;
use crate::score::ask_chain::AskChain;
use crate::score::book_lines::BookLines;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    pub error: Option<String>,
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
    pub problems: Vec<String>,
    pub seat_asks: Vec<SeatAsk>,
}

impl AskTextsReport {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
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
    // ask_sha256 -> where it is named (e.g. "run 2026-10-21-am (book line 214)").
    let mut named: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut run_of: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &book.runs {
        if let Some(h) = &r.ask_sha256 {
            let id = r.run_id.clone().unwrap_or_default();
            named
                .entry(h.to_ascii_lowercase())
                .or_default()
                .push(format!("run {id} (book line {})", r.n));
            run_of.entry(h.to_ascii_lowercase()).or_default().push(id);
        }
    }
    if let Some(chain) = asks {
        for (line, a) in chain.asks.iter().filter(|(_, a)| a.seat.is_none()) {
            named
                .entry(a.ask_sha256.to_ascii_lowercase())
                .or_default()
                .push(format!("ask line {line} of asks.jsonl ({})", a.run_id));
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
            None => Some(format!(
                "{name}: not named asks/<sha256>.md, so nothing says which text it is"
            )),
            Some(h) if *h != sha256 => Some(format!(
                "{name}: hashes to {sha256}, not to the {h} its name states: the text was changed after it was published"
            )),
            Some(h) if against_runs && !named.contains_key(h) => Some(format!(
                "{name}: no run line or ask line names this text's hash"
            )),
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
            out.problems.push(format!(
                "asks/{hash}.md: named by {} but not given",
                by.join(", ")
            ));
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
                out.problems.push(format!(
                    "book line {}: the answer's ask_sha256 {mine} is not its run's ({theirs}, book line {})",
                    a.n,
                    run.map_or(0, |r| r.n)
                ));
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
            r.problems[0].starts_with(&format!("{name}: hashes to ")),
            "{r:?}"
        );

        // Missing, and an answer that does not repeat its run's hash.
        let r = check_ask_texts(&[], Some(&book(&h, &"0".repeat(64))), None);
        assert_eq!(r.problems.len(), 2, "{r:?}");
        assert!(r.problems[0].contains("but not given"), "{r:?}");
        assert!(r.problems[1].starts_with("book line 2: the answer's ask_sha256"));
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
        assert!(r.problems[0].contains("no run line or ask line names"));
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
