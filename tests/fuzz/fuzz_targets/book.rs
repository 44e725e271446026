//! `ChainVerifier` on arbitrary bytes fed in arbitrary chunkings: the report (problems,
//! prefix hashes, partial tail) must not depend on how the book was cut. The first 8 bytes
//! seed the chunk sizes, requested prefixes and line-length limit; the rest is the book.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sealbook_core::book::chain::{verify, ChainVerifier, VerifyOptions};

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (ctl, book) = data.split_at(8);
    let mut s = u64::from_le_bytes(ctl.try_into().unwrap()) | 1;
    let prefix_at = (0..next(&mut s) % 4).map(|_| next(&mut s) % 8).collect();
    let max_line_bytes = if next(&mut s) % 4 == 0 {
        1 + (next(&mut s) % 200) as usize
    } else {
        1 << 20
    };
    let opts = VerifyOptions {
        prefix_at,
        max_problems: 1 + (next(&mut s) % 4) as usize,
        max_line_bytes,
    };

    let whole = verify(book, opts.clone());

    let mut v = ChainVerifier::new(opts.clone());
    let mut rest = book;
    while !rest.is_empty() {
        let n = match next(&mut s) % 4 {
            0 => 1,
            1 => 1 + (next(&mut s) % 8) as usize,
            _ => 1 + (next(&mut s) % 300) as usize,
        }
        .min(rest.len());
        v.feed(&rest[..n]);
        v.feed(&[]);
        rest = &rest[n..];
    }
    assert_eq!(v.lines(), whole.lines);
    assert_eq!(v.finish(), whole, "report depends on chunking");

    if book.len() <= 4096 {
        let mut v = ChainVerifier::new(opts);
        for b in book {
            v.feed(std::slice::from_ref(b));
        }
        assert_eq!(v.finish(), whole, "report differs when fed byte by byte");
    }
});
