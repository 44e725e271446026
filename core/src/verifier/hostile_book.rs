//! Every answer the league engine seals from a hostile reply has its verdict (spec §3.2: every
//! reply is sealed as received; §3.9: marked, never repaired; Appendix B step 5): the book of
//! the engine's property test ([`hostile_book`]) read as a reader reads it. The test lives here,
//! on the verifier's floor, because the verifier reads the league's lines and not the reverse
//! (ARCHITECTURE.md, "The floors").

use super::answers::answer_verdicts_of_lines;
use super::{BookReader, StampPlan, VerifierReport};
use crate::league::engine::tests::hostile::{hostile_book, HostileBook};
use crate::records::book_lines::BookLines;
use crate::records::names::BOOK_FILE;

#[test]
fn every_answer_sealed_from_any_reply_has_its_verdict() {
    let HostileBook { book, asks, .. } = hostile_book();
    let lines = BookLines::parse(&book).unwrap();
    let names = vec![BOOK_FILE.to_string()];
    let plan = StampPlan::new(&names, &[]);
    let mut r = BookReader::new(plan.prefix_at(0));
    r.feed(&book);
    let report = VerifierReport::new(plan.resolve(vec![r.finish()]), &[]);
    let verdicts = answer_verdicts_of_lines(BOOK_FILE, &lines, Some(&asks), &report).unwrap();
    assert_eq!(verdicts.answers.len(), lines.answers.len());
    assert!(verdicts.answers.iter().any(|a| !a.set_aside.is_empty()));
}
