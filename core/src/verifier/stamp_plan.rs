//! Which stamped-list entry is checked against which book (spec §3.2; Appendix B step 3).
//!
//! A list names its ledgers by path (`daily/council/book.jsonl`), while a reader's copy of a
//! book may be called anything (`council-book (1).jsonl` after a second download). An entry is
//! matched to a given book by what the book is, in this order: the name (the same path, base
//! name or published `<dir>-<base>` form); the content (the book's first N lines hash to the
//! entry's sha256); the line kinds (the council book's run and answer lines, the ask chain's
//! declaration line, against the kind the entry's path names); and a list's only entry applies
//! to the only book given. The CLI may instead choose the entry by its ledger (`--ledger`).
//! A list that checks nothing against the given books is a failure, never a pass: a check the
//! reader asked for was not made.

use super::kinds::{BookRead, LedgerKind, ListInput};
use super::results::BookResult;
use crate::book::stamp_list::{self, StampCheck, StampEntry};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a list entry was matched to the book it is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchedBy {
    /// The entry's ledger path names the book's file.
    Name,
    /// The book's first N lines hash to the entry's sha256.
    Content,
    /// The book's lines are of the kind the entry's ledger path names.
    Kind,
    /// The list's only entry, with only one book given.
    OnlyEntry,
    /// Chosen by the reader (`sealbook verify --ledger`).
    Ledger,
}

impl MatchedBy {
    /// In words, as the page and the CLI print it.
    pub fn describe(self) -> &'static str {
        match self {
            MatchedBy::Name => "matched by name",
            MatchedBy::Content => "matched by content",
            MatchedBy::Kind => "matched by line kinds",
            MatchedBy::OnlyEntry => "the list's only entry",
            MatchedBy::Ledger => "chosen with --ledger",
        }
    }
}

/// One list entry checked against a book, with how it was matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StampResult {
    #[serde(flatten)]
    pub check: StampCheck,
    /// 1-based line of the list holding the entry.
    pub list_line: usize,
    pub matched_by: MatchedBy,
}

impl StampResult {
    pub fn ok(&self) -> bool {
        self.check.ok()
    }
}

/// A list entry checked against none of the given books.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnmatchedEntry {
    pub list: String,
    pub ledger: String,
    pub lines: u64,
    pub list_line: usize,
    /// Why it was not checked.
    pub reason: String,
}

/// A stamped list none of whose entries could be checked against a given book: a failure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "UncheckedListWire", from = "UncheckedListWire")]
pub struct UncheckedList {
    pub list: String,
    /// Why: an id with its arguments; its `Display` is the English sentence.
    pub reason: UncheckedWhy,
}

/// Why a stamped list checks nothing (Appendix B step 3 needs the book its entry stamps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum UncheckedWhy {
    /// No entry names the ledger the reader chose.
    NotChosen { ledger: String },
    /// No entry (`entries`: each ledger with its stamped line count) names one of `books`,
    /// hashes like its first lines or has its line kinds.
    NamesNoBook {
        entries: Vec<(String, u64)>,
        books: Vec<String>,
    },
}

impl fmt::Display for UncheckedWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UncheckedWhy::NotChosen { ledger } => {
                write!(f, "no entry names the ledger {ledger} chosen with --ledger")
            }
            UncheckedWhy::NamesNoBook { entries, books } => {
                match entries.len() {
                    1 => f.write_str("its entry")?,
                    n => write!(f, "none of its {n} entries")?,
                }
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(ledger, lines)| format!("{ledger}: {lines} lines"))
                    .collect();
                write!(f, " ({}) names ", entries.join(", "))?;
                match books.as_slice() {
                    [one] => write!(f, "the book {one}")?,
                    many => write!(f, "any of the books {}", many.join(", "))?,
                }
                f.write_str(", hashes like its first lines or has its line kinds")
            }
        }
    }
}

/// An [`UncheckedList`] as JSON: `reason` is the English sentence (as `sealbook verify
/// --json` always wrote it), `why` the id with its arguments, which is what is read back.
#[derive(Serialize, Deserialize)]
struct UncheckedListWire {
    list: String,
    #[serde(default, skip_deserializing)]
    reason: String,
    why: UncheckedWhy,
}

impl From<UncheckedList> for UncheckedListWire {
    fn from(u: UncheckedList) -> Self {
        UncheckedListWire {
            list: u.list,
            reason: u.reason.to_string(),
            why: u.reason,
        }
    }
}

impl From<UncheckedListWire> for UncheckedList {
    fn from(w: UncheckedListWire) -> Self {
        UncheckedList {
            list: w.list,
            reason: w.why,
        }
    }
}

/// The stamp checks of a set of books, once read.
#[derive(Clone, Debug, Default)]
pub struct StampOutcome {
    /// One per book, in the order given.
    pub books: Vec<BookResult>,
    pub unmatched: Vec<UnmatchedEntry>,
    pub unchecked: Vec<UncheckedList>,
}

#[derive(Clone, Debug)]
struct PlannedList {
    name: String,
    entries: Vec<StampEntry>,
}

/// Which list entries are checked against which book: made from the books' names and the
/// lists before the books are read (it says which prefixes to record), then resolved with
/// what the books hold.
#[derive(Clone, Debug, Default)]
pub struct StampPlan {
    books: Vec<String>,
    lists: Vec<PlannedList>,
    /// The ledger the reader chose (`--ledger`): its entries apply to the first book.
    chosen: Option<String>,
}

const NAMES_ANOTHER: &str = "names another ledger";
const NOT_CHOSEN: &str = "not the ledger chosen with --ledger";

impl StampPlan {
    /// The plan for `book_names` (in the order they will be read) and every readable list.
    pub fn new(book_names: &[String], lists: &[ListInput]) -> StampPlan {
        StampPlan {
            books: book_names.to_vec(),
            lists: lists
                .iter()
                .filter_map(|l| {
                    let parsed = l.parsed.as_ref().ok()?;
                    Some(PlannedList {
                        name: l.name.clone(),
                        entries: parsed.entries.clone(),
                    })
                })
                .collect(),
            chosen: None,
        }
    }

    /// The plan for one book against the entries of each list that name `ledger`: its path
    /// exactly, else in the sense of `stamp_list::ledger_matches` (so `council-book.jsonl`
    /// chooses `daily/council/book.jsonl`).
    pub fn with_ledger(book_name: &str, lists: &[ListInput], ledger: &str) -> StampPlan {
        StampPlan {
            chosen: Some(ledger.to_string()),
            ..StampPlan::new(&[book_name.to_string()], lists)
        }
    }

    /// The book an entry names, if any.
    fn by_name(&self, e: &StampEntry) -> Option<usize> {
        self.books
            .iter()
            .position(|b| stamp_list::ledger_matches(&e.ledger, b))
    }

    /// The entries of `list` the chosen ledger picks.
    fn chosen_in<'a>(&self, list: &'a PlannedList, ledger: &str) -> Vec<&'a StampEntry> {
        let exact: Vec<_> = list.entries.iter().filter(|e| e.ledger == ledger).collect();
        if !exact.is_empty() {
            return exact;
        }
        list.entries
            .iter()
            .filter(|e| stamp_list::ledger_matches(&e.ledger, ledger))
            .collect()
    }

    /// The line counts at which book `i`'s verifier must record prefixes: every entry that
    /// may be checked against it (by name, content, kind or choice).
    pub fn prefix_at(&self, i: usize) -> Vec<u64> {
        let mut out = Vec::new();
        for list in &self.lists {
            match &self.chosen {
                Some(ledger) if i == 0 => {
                    out.extend(self.chosen_in(list, ledger).iter().map(|e| e.lines))
                }
                Some(_) => {}
                None => out.extend(
                    list.entries
                        .iter()
                        .filter(|e| self.by_name(e).is_none_or(|j| j == i))
                        .map(|e| e.lines),
                ),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Matches every entry to a book with what the books hold (`reads`, one per book, in
    /// order), checks each match, and reports the entries and lists that checked nothing.
    pub fn resolve(&self, reads: Vec<BookRead>) -> StampOutcome {
        let mut per_book: Vec<Vec<StampResult>> = vec![Vec::new(); reads.len()];
        let mut out = StampOutcome::default();
        for list in &self.lists {
            let matched = match &self.chosen {
                Some(ledger) => {
                    let chosen = self.chosen_in(list, ledger);
                    list.entries
                        .iter()
                        .map(|e| {
                            (!reads.is_empty() && chosen.contains(&e))
                                .then_some((0, MatchedBy::Ledger))
                        })
                        .collect()
                }
                None => self.match_list(list, &reads),
            };
            for (e, m) in list.entries.iter().zip(&matched) {
                match m {
                    Some((i, by)) => per_book[*i].push(StampResult {
                        check: stamp_list::check(&list.name, e, &reads[*i].report),
                        list_line: e.list_line,
                        matched_by: *by,
                    }),
                    None => out.unmatched.push(UnmatchedEntry {
                        list: list.name.clone(),
                        ledger: e.ledger.clone(),
                        lines: e.lines,
                        list_line: e.list_line,
                        reason: if self.chosen.is_some() {
                            NOT_CHOSEN
                        } else {
                            NAMES_ANOTHER
                        }
                        .to_string(),
                    }),
                }
            }
            if !reads.is_empty() && matched.iter().all(Option::is_none) {
                out.unchecked.push(UncheckedList {
                    list: list.name.clone(),
                    reason: self.why_unchecked(list),
                });
            }
        }
        out.books = reads
            .into_iter()
            .zip(per_book)
            .enumerate()
            .map(|(i, (read, stamps))| {
                BookResult::new(self.books.get(i).cloned().unwrap_or_default(), read, stamps)
            })
            .collect();
        out
    }

    /// For each entry of `list`, the book it is checked against and how it was matched.
    fn match_list(
        &self,
        list: &PlannedList,
        reads: &[BookRead],
    ) -> Vec<Option<(usize, MatchedBy)>> {
        let mut matched: Vec<Option<(usize, MatchedBy)>> = list
            .entries
            .iter()
            .map(|e| {
                self.by_name(e)
                    .filter(|&i| i < reads.len())
                    .map(|i| (i, MatchedBy::Name))
            })
            .collect();
        let mut claimed: Vec<bool> = (0..reads.len())
            .map(|i| matched.iter().flatten().any(|(j, _)| *j == i))
            .collect();
        // Content: the prefix the entry stamps is the book's own (an empty prefix names none).
        for (k, e) in list.entries.iter().enumerate() {
            if matched[k].is_some() || e.lines == 0 {
                continue;
            }
            let same = (0..reads.len()).find(|&i| {
                !claimed[i]
                    && reads[i]
                        .report
                        .prefix(e.lines)
                        .is_some_and(|p| p.sha256 == e.sha256)
            });
            if let Some(i) = same {
                matched[k] = Some((i, MatchedBy::Content));
                claimed[i] = true;
            }
        }
        // Kind: one unmatched entry of a kind and one unclaimed book of that kind.
        for kind in [LedgerKind::CouncilBook, LedgerKind::AskChain] {
            let entries: Vec<usize> = (0..list.entries.len())
                .filter(|&k| {
                    matched[k].is_none() && LedgerKind::of_ledger(&list.entries[k].ledger) == kind
                })
                .collect();
            let books: Vec<usize> = (0..reads.len())
                .filter(|&i| !claimed[i] && reads[i].kind == kind)
                .collect();
            if let ([k], [i]) = (entries.as_slice(), books.as_slice()) {
                matched[*k] = Some((*i, MatchedBy::Kind));
                claimed[*i] = true;
            }
        }
        if let ([None], [false]) = (matched.as_slice(), claimed.as_slice()) {
            matched[0] = Some((0, MatchedBy::OnlyEntry));
        }
        matched
    }

    fn why_unchecked(&self, list: &PlannedList) -> UncheckedWhy {
        if let Some(ledger) = &self.chosen {
            return UncheckedWhy::NotChosen {
                ledger: ledger.clone(),
            };
        }
        UncheckedWhy::NamesNoBook {
            entries: list
                .entries
                .iter()
                .map(|e| (e.ledger.clone(), e.lines))
                .collect(),
            books: self.books.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unchecked_reason_reads_as_the_cli_printed_it() {
        let cases = [
            (
                UncheckedWhy::NotChosen {
                    ledger: "nope.jsonl".into(),
                },
                "no entry names the ledger nope.jsonl chosen with --ledger",
            ),
            (
                UncheckedWhy::NamesNoBook {
                    entries: vec![("daily/council/book.jsonl".into(), 3)],
                    books: vec!["other.jsonl".into()],
                },
                "its entry (daily/council/book.jsonl: 3 lines) names the book other.jsonl, hashes \
                 like its first lines or has its line kinds",
            ),
            (
                UncheckedWhy::NamesNoBook {
                    entries: vec![("a.jsonl".into(), 1), ("b.jsonl".into(), 2)],
                    books: vec!["x.jsonl".into(), "y.jsonl".into()],
                },
                "none of its 2 entries (a.jsonl: 1 lines, b.jsonl: 2 lines) names any of the \
                 books x.jsonl, y.jsonl, hashes like its first lines or has its line kinds",
            ),
        ];
        for (why, english) in cases {
            assert_eq!(why.to_string(), english);
            let u = UncheckedList {
                list: "proof.txt".into(),
                reason: why,
            };
            let json = serde_json::to_value(&u).unwrap();
            assert_eq!(json["reason"], english);
            assert_eq!(serde_json::from_value::<UncheckedList>(json).unwrap(), u);
        }
    }
    use crate::book::canon::{Object, Value};
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::writer::BookWriter;
    use crate::verifier::kinds::BookReader;

    /// A sealed book of `n` lines, each `{"kind": kind, "i": i}` (no kind when `kind` is empty).
    fn book_of(kind: &str, n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let mut o = Object::new();
            o.insert("i", Value::Int((i as i64).into()));
            if !kind.is_empty() {
                o.insert("kind", Value::Str(kind.into()));
            }
            out.extend_from_slice(&w.append(&o).unwrap().bytes);
        }
        out
    }

    fn entry(ledger: &str, bytes: &[u8], lines: u64) -> (String, u64, String, String) {
        let head: Vec<u8> = bytes
            .split_inclusive(|b| *b == b'\n')
            .take(lines as usize)
            .flatten()
            .copied()
            .collect();
        let r = verify(&head, VerifyOptions::default());
        (ledger.into(), lines, r.sha256, r.last_link.unwrap())
    }

    fn read(plan: &StampPlan, i: usize, bytes: &[u8]) -> BookRead {
        let mut r = BookReader::new(plan.prefix_at(i));
        r.feed(bytes);
        r.finish()
    }

    fn outcome(names: &[&str], books: &[&[u8]], lists: &[ListInput]) -> StampOutcome {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let plan = StampPlan::new(&names, lists);
        let reads = books
            .iter()
            .enumerate()
            .map(|(i, b)| read(&plan, i, b))
            .collect();
        plan.resolve(reads)
    }

    fn ways(o: &StampOutcome, i: usize) -> Vec<(MatchedBy, bool)> {
        o.books[i]
            .stamps
            .iter()
            .map(|s| (s.matched_by, s.ok()))
            .collect()
    }

    #[test]
    fn matches_entries_by_ledger_and_checks_them() {
        let council = book_of("answer", 6);
        let asks = book_of("schedule", 3);
        let two = stamp_list::render(&[
            entry("asks.jsonl", &asks, 2),
            entry("daily/council/book.jsonl", &council, 4),
        ]);
        let lists = vec![
            ListInput::parse("proof.txt", two.as_bytes()),
            ListInput::parse("bad.txt", b"nothing here\n"),
        ];
        let names = vec!["council-book.jsonl".to_string(), "asks.jsonl".to_string()];
        let plan = StampPlan::new(&names, &lists);
        assert_eq!(plan.prefix_at(0), vec![4]);
        assert_eq!(plan.prefix_at(1), vec![2]);
        let o = plan.resolve(vec![read(&plan, 0, &council), read(&plan, 1, &asks)]);
        assert!(o.unmatched.is_empty() && o.unchecked.is_empty(), "{o:?}");
        assert_eq!(ways(&o, 0), [(MatchedBy::Name, true)]);
        assert_eq!(ways(&o, 1), [(MatchedBy::Name, true)]);
        assert_eq!(o.books[0].stamps[0].list_line, 2);

        // Only the council book given: the asks entry is reported as unmatched.
        let o = outcome(&["council-book.jsonl"], &[&council], &lists);
        assert_eq!(
            o.unmatched,
            vec![UnmatchedEntry {
                list: "proof.txt".into(),
                ledger: "asks.jsonl".into(),
                lines: 2,
                list_line: 1,
                reason: NAMES_ANOTHER.into(),
            }]
        );
        assert!(o.unchecked.is_empty());
    }

    #[test]
    fn a_single_entry_list_applies_to_a_single_book_of_any_name() {
        let b = book_of("", 3);
        let other = book_of("x", 4);
        let lists = vec![ListInput::parse(
            "l.txt",
            stamp_list::render(&[entry("daily/council/book.jsonl", &b, 3)]).as_bytes(),
        )];
        let plan = StampPlan::new(&["renamed.jsonl".to_string()], &lists);
        assert_eq!(plan.prefix_at(0), vec![3]);
        let o = outcome(&["renamed.jsonl"], &[&b], &lists);
        assert_eq!(ways(&o, 0), [(MatchedBy::Content, true)]);
        // Another book under another name: still checked (and fails), never skipped.
        let o = outcome(&["renamed.jsonl"], &[&other], &lists);
        assert_eq!(ways(&o, 0), [(MatchedBy::OnlyEntry, false)]);
        // Two books, neither named, neither holding the prefix: the list checks nothing.
        let o = outcome(&["renamed.jsonl", "x.jsonl"], &[&other, &other], &lists);
        assert_eq!(o.unmatched.len(), 1);
        assert_eq!(o.unchecked.len(), 1, "{o:?}");
        assert!(o.unchecked[0].reason.to_string().starts_with("its entry (daily/council/book.jsonl: 3 lines) names any of the books renamed.jsonl, x.jsonl"), "{}", o.unchecked[0].reason);
    }

    /// The renamed copies of a two-ledger list's book: by content when untouched, by its line
    /// kinds when rewritten, so a rewrite fails under any name.
    #[test]
    fn renamed_books_are_matched_by_content_or_kind() {
        let council = book_of("answer", 5);
        let asks = book_of("schedule", 2);
        let list = ListInput::parse(
            "200530Z.txt",
            stamp_list::render(&[
                entry("daily/council/book.jsonl", &council, 4),
                entry("daily/council/asks.jsonl", &asks, 2),
            ])
            .as_bytes(),
        );
        let lists = [list];
        let mut rewritten = book_of("answer", 5);
        let pos = rewritten.iter().position(|b| *b == b'\n').unwrap() + 10;
        rewritten[pos] ^= 1;
        for name in [
            "council-book (1).jsonl",
            "copy of council-book.jsonl",
            "Council-Book.JSONL",
        ] {
            let o = outcome(&[name], &[&council], &lists);
            assert_eq!(ways(&o, 0), [(MatchedBy::Content, true)], "{name}");
            assert_eq!(o.unmatched.len(), 1);
            let o = outcome(&[name], &[&rewritten], &lists);
            assert_eq!(ways(&o, 0), [(MatchedBy::Kind, false)], "{name}");
            assert!(!o.books[0].stamps[0].check.sha256_ok);
        }
        // Both renamed, both dropped: each goes to its own entry.
        let o = outcome(&["a.jsonl", "b.jsonl"], &[&asks, &rewritten], &lists);
        assert_eq!(ways(&o, 0), [(MatchedBy::Content, true)]);
        assert_eq!(ways(&o, 1), [(MatchedBy::Kind, false)]);
        assert_eq!(
            o.books[1].stamps[0].check.ledger,
            "daily/council/book.jsonl"
        );
        // A book of neither kind whose content matches no entry: the list checks nothing.
        let o = outcome(&["other.jsonl"], &[&book_of("", 3)], &lists);
        assert!(o.books[0].stamps.is_empty());
        assert_eq!(o.unchecked.len(), 1);
        assert_eq!(o.unchecked[0].list, "200530Z.txt");
        // The report the page receives carries the stamps and how they were matched.
        let o = outcome(&["council-book (1).jsonl"], &[&rewritten], &lists);
        let report = crate::verifier::VerifierReport::new(o, &lists);
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.contains(r#""matched_by":"kind""#), "{json}");
        assert!(json.contains(r#""list_line":1,"#), "{json}");
        let back: crate::verifier::VerifierReport = serde_json::from_str(&json).unwrap();
        assert_eq!(back, report);
        assert!(!report.verified());
        // No book given: the list is only the subject of its anchors; nothing failed.
        let o = outcome(&[], &[], &lists);
        assert!(o.unchecked.is_empty() && o.books.is_empty());
    }

    #[test]
    fn a_chosen_ledger_picks_the_entry() {
        let council = book_of("answer", 5);
        let asks = book_of("schedule", 2);
        let lists = [ListInput::parse(
            "l.txt",
            stamp_list::render(&[
                entry("daily/council/book.jsonl", &council, 4),
                entry("daily/council/asks.jsonl", &asks, 2),
            ])
            .as_bytes(),
        )];
        for ledger in ["daily/council/book.jsonl", "council-book.jsonl"] {
            let plan = StampPlan::with_ledger("x.jsonl", &lists, ledger);
            assert_eq!(plan.prefix_at(0), vec![4]);
            let o = plan.resolve(vec![read(&plan, 0, &council)]);
            assert_eq!(ways(&o, 0), [(MatchedBy::Ledger, true)], "{ledger}");
            assert_eq!(o.unmatched[0].reason, NOT_CHOSEN);
        }
        let plan = StampPlan::with_ledger("x.jsonl", &lists, "nope.jsonl");
        let o = plan.resolve(vec![read(&plan, 0, &council)]);
        assert_eq!(o.unchecked.len(), 1);
        assert!(
            o.unchecked[0].reason.to_string().contains("nope.jsonl"),
            "{o:?}"
        );
    }

    #[test]
    fn unanchored_lines_follow_the_last_matching_prefix() {
        let b = book_of("answer", 6);
        let lists = [
            ListInput::parse(
                "a.txt",
                stamp_list::render(&[entry("book.jsonl", &b, 2)]).as_bytes(),
            ),
            ListInput::parse(
                "b.txt",
                stamp_list::render(&[entry("book.jsonl", &b, 4)]).as_bytes(),
            ),
        ];
        let o = outcome(&["book.jsonl"], &[&b], &lists);
        assert_eq!(
            (o.books[0].unanchored_from, o.books[0].unanchored_lines),
            (Some(5), 2)
        );
        let o = outcome(&["book.jsonl"], &[&b[..0]], &lists);
        assert_eq!(
            (o.books[0].unanchored_from, o.books[0].unanchored_lines),
            (None, 0)
        );
        let o = outcome(&["book.jsonl"], &[&b], &[]);
        assert_eq!(
            (o.books[0].unanchored_from, o.books[0].unanchored_lines),
            (Some(1), 6)
        );
        let whole = [ListInput::parse(
            "c.txt",
            stamp_list::render(&[entry("book.jsonl", &b, 6)]).as_bytes(),
        )];
        let o = outcome(&["book.jsonl"], &[&b], &whole);
        assert_eq!(
            (o.books[0].unanchored_from, o.books[0].unanchored_lines),
            (None, 0)
        );
    }
}
