//! `ChainVerifier` on arbitrary bytes fed in arbitrary chunkings: the report (problems,
//! prefix hashes, partial tail) must not depend on how the book was cut. The first 8 bytes
//! seed the chunk sizes, requested prefixes and line-length limit; the rest is the book.
//! `TimeOrder` on the same bytes must find the lines sealed before their predecessor that a
//! tree of every line finds (`canon::parse`, `sealing_time_of`), whatever path it reads a
//! line by.

use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::chain::{verify, ChainVerifier, VerifyOptions};
use sealbook_core::book::time_order::{sealing_time_of, time_order};

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
    let prefix_at = (0..next(&mut s) % 4).map(|_| next(&mut s) % 8).collect();
    let max_line_bytes = if next(&mut s).is_multiple_of(4) {
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

    let times = time_order(book);
    let mut last = None;
    let mut want = Vec::new();
    let complete = book.len() - book.iter().rev().take_while(|&&b| b != b'\n').count();
    for (i, line) in book[..complete].split(|&b| b == b'\n').enumerate() {
        if i as u64 == whole.lines {
            break;
        }
        let Ok(Value::Object(o)) = canon::parse(line) else {
            continue;
        };
        let Some(at) = sealing_time_of(&o) else {
            continue;
        };
        if let Some((prev_line, prev)) = last {
            if at < prev {
                want.push((i as u64 + 1, at.to_rfc3339(), prev_line, prev.to_rfc3339()));
            }
        }
        last = Some((i as u64 + 1, at));
    }
    let got: Vec<_> = times
        .backwards
        .iter()
        .map(|b| {
            (
                b.line,
                b.sealed_at.clone(),
                b.after_line,
                b.after_sealed_at.clone(),
            )
        })
        .collect();
    assert_eq!(got.len() as u64 + times.omitted, want.len() as u64);
    assert_eq!(
        got[..],
        want[..got.len()],
        "time order differs from the tree's"
    );

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
}
