//! One verification session of the page: which dropped files are books and which are stamped
//! lists, which list entry is checked against which book, and the combined result (spec §3.2;
//! Appendix B steps 3 and 4). Pure logic over names, parsed lists and chain reports, with no
//! browser types, so it runs natively in tests.
//!
//! This is orchestration the CLI's `verify` also does; it belongs in `sealbook-core` and lives
//! here until it is moved there.

use sealbook_core::book::ChainReport;
use sealbook_core::stamp_list::{self, StampCheck, StampEntry, StampedList};
use serde::{Deserialize, Serialize};

/// Largest stamped list the page reads (bytes). Real lists are a few hundred bytes per ledger.
pub const MAX_LIST_BYTES: u64 = 1 << 20;

/// What a dropped file is to the verifier, judged by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A sealed JSONL ledger (`council-book.jsonl`, `asks.jsonl`).
    Book,
    /// A stamped list (`proof/<day>/<HHMMSS>Z.txt`).
    StampedList,
    /// A published file this page does not check yet (`.ots`, `.tsr`, `.json`, `.csv`, ...).
    NotChecked,
}

impl FileKind {
    pub fn of(name: &str) -> FileKind {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".jsonl") {
            FileKind::Book
        } else if lower.ends_with(".txt") {
            FileKind::StampedList
        } else {
            FileKind::NotChecked
        }
    }
}

/// A `.txt` file as read: a stamped list, a text that is no list at all (a README, DEMO.txt),
/// or a list that cannot be used.
#[derive(Clone, Debug)]
pub struct ListInput {
    pub name: String,
    pub parsed: Result<StampedList, String>,
    /// The file holds no line that looks like a list entry: it is not a stamped list.
    pub not_a_list: bool,
}

impl ListInput {
    /// Parses the list's bytes; errors name the list and its line.
    pub fn parse(name: &str, bytes: &[u8]) -> ListInput {
        let parsed = stamp_list::parse(bytes);
        // `stamp_list::parse` reports "no ledger entry" for the file as a whole (line 0); every
        // malformed entry line is reported with its line number and stays an error.
        let not_a_list = matches!(&parsed, Err(e) if e.line == 0);
        ListInput { name: name.to_string(), parsed: parsed.map_err(|e| format!("{name}: {e}")), not_a_list }
    }

    /// A list that could not be read at all (too large, unreadable).
    pub fn unusable(name: &str, why: String) -> ListInput {
        ListInput { name: name.to_string(), parsed: Err(format!("{name}: {why}")), not_a_list: false }
    }
}

/// A list entry that names none of the dropped books.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnmatchedEntry {
    pub list: String,
    pub ledger: String,
    pub lines: u64,
}

/// Which list entries are checked against which book.
#[derive(Clone, Debug, Default)]
pub struct StampPlan {
    /// For each book (in the order given), the (list name, entry) pairs to check.
    pub per_book: Vec<Vec<(String, StampEntry)>>,
    pub unmatched: Vec<UnmatchedEntry>,
}

impl StampPlan {
    /// Matches every entry of every readable list to a book by `stamp_list::ledger_matches`;
    /// a list with a single entry and a single book dropped is matched as
    /// `stamp_list::entry_for` does, whatever the book's file is called.
    pub fn new(book_names: &[String], lists: &[ListInput]) -> StampPlan {
        let mut plan = StampPlan { per_book: vec![Vec::new(); book_names.len()], unmatched: Vec::new() };
        for list in lists {
            let Ok(parsed) = &list.parsed else { continue };
            for entry in &parsed.entries {
                let by_name = book_names.iter().position(|b| stamp_list::ledger_matches(&entry.ledger, b));
                let book = by_name.or((book_names.len() == 1 && parsed.entries.len() == 1).then_some(0));
                match book {
                    Some(i) => plan.per_book[i].push((list.name.clone(), entry.clone())),
                    None => plan.unmatched.push(UnmatchedEntry {
                        list: list.name.clone(),
                        ledger: entry.ledger.clone(),
                        lines: entry.lines,
                    }),
                }
            }
        }
        plan
    }

    /// The line counts at which book `i`'s verifier must record prefixes.
    pub fn prefix_at(&self, i: usize) -> Vec<u64> {
        self.per_book[i].iter().map(|(_, e)| e.lines).collect()
    }

    /// Checks book `i`'s planned entries against its report.
    pub fn checks(&self, i: usize, report: &ChainReport) -> Vec<StampCheck> {
        self.per_book[i].iter().map(|(list, entry)| stamp_list::check(list, entry, report)).collect()
    }
}

/// One book's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookResult {
    pub name: String,
    pub report: ChainReport,
    pub stamps: Vec<StampCheck>,
}

/// One `.txt` file's result: how many entries it has, or why it was unusable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListResult {
    pub name: String,
    pub entries: usize,
    pub error: Option<String>,
    /// Not a stamped list (no entry line); not an error.
    pub not_a_list: bool,
}

impl From<&ListInput> for ListResult {
    fn from(l: &ListInput) -> ListResult {
        let (entries, error) = match &l.parsed {
            Ok(p) => (p.entries.len(), None),
            Err(_) if l.not_a_list => (0, None),
            Err(e) => (0, Some(e.clone())),
        };
        ListResult { name: l.name.clone(), entries, error, not_a_list: l.not_a_list }
    }
}

/// Rungs of the trust ladder (DESIGN.md "Trust ladder"; spec §3.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TrustLevel {
    /// Nothing checked holds: only the operator's word.
    Level0,
    /// The chain (n, prev, seal, link) holds in every dropped book.
    Level1,
}

/// Everything the page shows after a session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionReport {
    pub books: Vec<BookResult>,
    pub lists: Vec<ListResult>,
    pub unmatched: Vec<UnmatchedEntry>,
}

impl SessionReport {
    pub fn chains_hold(&self) -> bool {
        !self.books.is_empty() && self.books.iter().all(|b| b.report.ok)
    }

    pub fn stamps_hold(&self) -> bool {
        self.books.iter().flat_map(|b| &b.stamps).all(StampCheck::ok)
            && self.lists.iter().all(|l| l.error.is_none())
    }

    pub fn stamp_count(&self) -> usize {
        self.books.iter().map(|b| b.stamps.len()).sum()
    }

    /// The rung reached. Stamps do not raise the level by themselves: a stamped list is the
    /// operator's word until its anchors are checked (Level 2).
    pub fn level(&self) -> TrustLevel {
        if self.chains_hold() {
            TrustLevel::Level1
        } else {
            TrustLevel::Level0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sealbook_core::book::{verify, BookWriter, VerifyOptions};
    use sealbook_core::canon::{Object, Value};

    fn book(n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let mut o = Object::new();
            o.insert("i", Value::Int((i as i64).into()));
            out.extend_from_slice(&w.append(&o).unwrap().bytes);
        }
        out
    }

    fn entry(ledger: &str, bytes: &[u8], lines: u64) -> (String, u64, String, String) {
        let head: Vec<u8> = bytes.split_inclusive(|b| *b == b'\n').take(lines as usize).flatten().copied().collect();
        let r = verify(&head, VerifyOptions::default());
        (ledger.into(), lines, r.sha256, r.last_link.unwrap())
    }

    #[test]
    fn classifies_by_extension() {
        assert_eq!(FileKind::of("council-book.JSONL"), FileKind::Book);
        assert_eq!(FileKind::of("130025Z.txt"), FileKind::StampedList);
        assert_eq!(FileKind::of("130025Z.txt.ots"), FileKind::NotChecked);
    }

    #[test]
    fn matches_entries_by_ledger_and_checks_them() {
        let council = book(6);
        let asks = book(3);
        let two = stamp_list::render(&[entry("asks.jsonl", &asks, 2), entry("daily/council/book.jsonl", &council, 4)]);
        let lists = vec![ListInput::parse("proof.txt", two.as_bytes()), ListInput::parse("bad.txt", b"nothing here\n")];
        let names = vec!["council-book.jsonl".to_string(), "asks.jsonl".to_string()];
        let plan = StampPlan::new(&names, &lists);
        assert_eq!(plan.prefix_at(0), vec![4]);
        assert_eq!(plan.prefix_at(1), vec![2]);
        assert!(plan.unmatched.is_empty());
        let r0 = verify(&council, VerifyOptions { prefix_at: plan.prefix_at(0), ..Default::default() });
        let checks = plan.checks(0, &r0);
        assert!(checks[0].ok(), "{checks:?}");
        let not_a_list = ListResult::from(&lists[1]);
        assert!(not_a_list.not_a_list && not_a_list.error.is_none(), "{not_a_list:?}");
        let broken = ListResult::from(&ListInput::parse("b.txt", b"x.jsonl: 3 lines, sha256 ABC, last link abc\n"));
        assert_eq!(broken.error.unwrap().split(':').next(), Some("b.txt"));

        // Only the council book dropped: the asks entry is reported as unmatched.
        let plan = StampPlan::new(&names[..1], &lists);
        assert_eq!(plan.unmatched, vec![UnmatchedEntry { list: "proof.txt".into(), ledger: "asks.jsonl".into(), lines: 2 }]);
    }

    #[test]
    fn a_single_entry_list_applies_to_a_single_book_of_any_name() {
        let b = book(3);
        let lists = vec![ListInput::parse("l.txt", stamp_list::render(&[entry("daily/council/book.jsonl", &b, 3)]).as_bytes())];
        let plan = StampPlan::new(&["renamed.jsonl".to_string()], &lists);
        assert_eq!(plan.prefix_at(0), vec![3]);
        let two_books = ["renamed.jsonl".to_string(), "other.jsonl".to_string()];
        let plan = StampPlan::new(&two_books, &lists);
        assert_eq!(plan.unmatched.len(), 1);
    }

    #[test]
    fn level_one_needs_every_chain_to_hold() {
        let good = verify(&book(2), VerifyOptions::default());
        let mut bad_bytes = book(2);
        let last = bad_bytes.len() - 5;
        bad_bytes[last] ^= 1;
        let bad = verify(&bad_bytes, VerifyOptions::default());
        let mk = |reports: Vec<ChainReport>| SessionReport {
            books: reports.into_iter().map(|report| BookResult { name: "b.jsonl".into(), report, stamps: vec![] }).collect(),
            lists: vec![],
            unmatched: vec![],
        };
        assert_eq!(mk(vec![good.clone()]).level(), TrustLevel::Level1);
        assert_eq!(mk(vec![good, bad]).level(), TrustLevel::Level0);
        assert_eq!(mk(vec![]).level(), TrustLevel::Level0);
    }
}
