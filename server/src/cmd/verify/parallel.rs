//! `sealbook verify` on several threads: the book is cut at line boundaries into one range per
//! thread, each range is checked by core's `RangeVerifier` from its own file handle, a
//! `BookHasher` hashes the whole book beside them (the book's and the stamped prefixes'
//! SHA-256, spec §3.2), and core's `Stitch` joins the ranges in order into the report the
//! one-thread verifier gives, byte for byte. Every thread streams in 1 MiB reads, so memory
//! stays independent of the book's length.

use crate::outcome::Unusable;
use crate::progress::Progress;
use sealbook_core::book::chain::{
    cut_points, BookHasher, RangeResult, RangeVerifier, Stitch, VerifyOptions,
};
use sealbook_core::verifier::{BookRead, KindSniffer};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

const CHUNK: usize = 1 << 20;

/// Reads `path`'s first `len` bytes from `start` on in 1 MiB chunks, handing each to `eat`
/// (which returns false to stop early). Reading fewer bytes than asked is an error: the book
/// changed while it was read.
fn stream(
    path: &Path,
    start: u64,
    len: u64,
    done: &AtomicU64,
    mut eat: impl FnMut(&[u8]) -> bool,
) -> Result<(), Unusable> {
    let mut f = File::open(path).map_err(|e| Unusable::io(path, "open book", &e))?;
    f.seek(SeekFrom::Start(start))
        .map_err(|e| Unusable::io(path, "read book", &e))?;
    let mut buf = vec![0u8; CHUNK];
    let mut left = len;
    while left > 0 {
        let want = left.min(CHUNK as u64) as usize;
        match f.read(&mut buf[..want]) {
            Ok(0) => {
                return Err(Unusable::file(
                    path,
                    format!(
                        "the book became shorter while it was read (byte {} of {})",
                        start + len - left,
                        start + len
                    ),
                ))
            }
            Ok(n) => {
                left -= n as u64;
                done.fetch_add(n as u64, Ordering::Relaxed);
                if !eat(&buf[..n]) {
                    return Ok(());
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Unusable::io(path, "read book", &e)),
        }
    }
    Ok(())
}

/// Where each range starts: 0, then the first line start at or after each of `cuts`.
fn range_starts(path: &Path, len: u64, cuts: &[u64]) -> Result<Vec<u64>, Unusable> {
    let mut f = File::open(path).map_err(|e| Unusable::io(path, "open book", &e))?;
    let mut starts = vec![0];
    let mut buf = vec![0u8; 64 << 10];
    for &cut in cuts {
        let at = cut.max(*starts.last().expect("starts has 0"));
        if at == 0 {
            continue;
        }
        // The line start at or after `at`: just after the first LF at or after `at - 1`.
        let mut pos = at - 1;
        let start = loop {
            if pos >= len {
                break len;
            }
            f.seek(SeekFrom::Start(pos))
                .map_err(|e| Unusable::io(path, "read book", &e))?;
            let want = (len - pos).min(buf.len() as u64) as usize;
            let n = f
                .read(&mut buf[..want])
                .map_err(|e| Unusable::io(path, "read book", &e))?;
            if n == 0 {
                break len;
            }
            if let Some(p) = buf[..n].iter().position(|&b| b == b'\n') {
                break pos + p as u64 + 1;
            }
            pos += n as u64;
        };
        if start < len && start > *starts.last().expect("starts has 0") {
            starts.push(start);
        }
    }
    Ok(starts)
}

/// Verifies the book at `path` (a regular file of `len` bytes) with `threads` range
/// verifiers, recording the prefixes at `prefix_at`.
pub fn verify_file(
    path: &Path,
    len: u64,
    prefix_at: Vec<u64>,
    threads: usize,
) -> Result<BookRead, Unusable> {
    let opts = VerifyOptions {
        prefix_at,
        ..Default::default()
    };
    let starts = range_starts(path, len, &cut_points(len, threads))?;
    let bounds: Vec<(u64, u64)> = starts
        .iter()
        .zip(starts.iter().skip(1).chain(std::iter::once(&len)))
        .map(|(&a, &b)| (a, b - a))
        .collect();
    let mut stitch = Stitch::new(&opts);
    let checked = AtomicU64::new(0);
    let hashed = AtomicU64::new(0);
    let mut progress = Progress::new(&format!("verify {}", path.display()), len);
    let (hashes, kind, results) = std::thread::scope(|s| {
        let hasher = s.spawn(|| {
            let mut h = BookHasher::new(&opts);
            let mut kind = KindSniffer::default();
            stream(path, 0, len, &hashed, |c| {
                h.feed(c);
                kind.feed(c);
                true
            })
            .map(|()| (h.finish(), kind.finish()))
        });
        let workers: Vec<_> = bounds
            .iter()
            .enumerate()
            .map(|(i, &(start, size))| {
                let mut v = if i == 0 {
                    stitch.verifier()
                } else {
                    RangeVerifier::new(&opts)
                };
                let checked = &checked;
                s.spawn(move || {
                    stream(path, start, size, checked, |c| {
                        v.feed(c);
                        !v.needs_restart()
                    })
                    .map(|()| v.finish())
                })
            })
            .collect();
        while !(hasher.is_finished() && workers.iter().all(|w| w.is_finished())) {
            std::thread::sleep(Duration::from_millis(50));
            progress.set(checked.load(Ordering::Relaxed));
        }
        let results: Vec<Result<RangeResult, Unusable>> = workers
            .into_iter()
            .map(|w| w.join().expect("a range verifier does not panic"))
            .collect();
        let hashed = hasher.join().expect("the book hasher does not panic");
        hashed.map(|(h, k)| (h, k, results))
    })?;
    for (result, &(start, size)) in results.into_iter().zip(&bounds) {
        let result = result.map_err(|e| at_line(e, stitch.lines()))?;
        if stitch.push(result).is_err() {
            // The range's first line left the state after it unknown: verify it again from
            // the state the ranges before it ended in.
            let mut v = stitch.verifier();
            stream(path, start, size, &AtomicU64::new(0), |c| {
                v.feed(c);
                true
            })
            .map_err(|e| at_line(e, stitch.lines()))?;
            stitch
                .push(v.finish())
                .expect("a range verified from the joined state needs no restart");
        }
    }
    progress.finish();
    Ok(BookRead {
        report: stitch.finish(hashes),
        kind,
    })
}

/// A read error in a range: at the range's first line, the closest line known.
fn at_line(e: Unusable, lines_before: u64) -> Unusable {
    if e.line.is_some() {
        e
    } else {
        e.at_line(lines_before + 1)
    }
}
