//! The chain verifier as independent ranges joined by a stitch (`verify_split`, what
//! `sealbook verify --threads` runs on threads) on arbitrary bytes: the report must be the
//! one-pass `verify`'s for every set of cuts. The first 8 bytes seed the cuts, requested
//! prefixes, problem limit and line-length limit; the rest is the book. Half of the cuts fall
//! exactly on line starts, so breaks at a range boundary are common. The book's lines read for
//! the answers' verdicts chunk by chunk at the same cuts (`BookLinesReader`, what the page's
//! verifier worker does beside its range workers) must be `BookLines::parse`'s.

use sealbook_core::book::chain::{verify, verify_split, VerifyOptions};
use sealbook_core::records::book_lines::{BookLines, BookLinesReader};

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if data.len() < 8 {
        return;
    }
    let (ctl, book) = data.split_at(8);
    let mut s = u64::from_le_bytes(ctl.try_into().unwrap()) | 1;
    let opts = VerifyOptions {
        prefix_at: (0..next(&mut s) % 4).map(|_| next(&mut s) % 8).collect(),
        max_problems: 1 + (next(&mut s) % 4) as usize,
        max_line_bytes: if next(&mut s).is_multiple_of(4) {
            1 + (next(&mut s) % 200) as usize
        } else {
            1 << 20
        },
    };
    let whole = verify(book, opts.clone());
    let lines = format!("{:?}", BookLines::parse(book));
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            book.iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect();
    for _ in 0..4 {
        let cuts: Vec<usize> = (0..next(&mut s) % 8)
            .map(|_| {
                if next(&mut s).is_multiple_of(2) {
                    starts[(next(&mut s) % starts.len() as u64) as usize]
                } else {
                    (next(&mut s) % (book.len() as u64 + 1)) as usize
                }
            })
            .collect();
        assert_eq!(
            verify_split(book, opts.clone(), &cuts),
            whole,
            "report depends on the cuts {cuts:?}"
        );
        let mut sorted = cuts.clone();
        sorted.sort_unstable();
        let mut r = BookLinesReader::default();
        let mut at = 0;
        for c in sorted.into_iter().chain([book.len()]) {
            r.feed(&book[at..c]);
            at = c;
        }
        assert_eq!(
            format!("{:?}", r.finish()),
            lines,
            "the book's lines depend on the cuts {cuts:?}"
        );
    }
    assert_eq!(
        verify_split(book, opts, &starts),
        whole,
        "report differs with every line its own range"
    );
}
