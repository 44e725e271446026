//! The bounds on what the reading commands hold in memory (spec §3.11: a verifier never
//! allocates without bound): `score --book` refuses a book over `--max-input-bytes` from its
//! size before reading a byte of it, and `verify DIR --answers` refuses a directory whose
//! files to read total more than `--max-read-bytes`, both naming the file, its size, the
//! limit and the option that raises it. The big files are sparse (`set_len`): no real
//! gigabyte is written, and a command that read one anyway would show it in its peak
//! resident set, which the kernel reports to `wait4` (bounded, never timed).

#![cfg(target_os = "linux")]

use super::common;

use common::arg;
use common::measured::run_measured;
use std::path::Path;

/// Peak resident set allowed for a refusal: the binary and its buffers, never the file.
const MAX_RSS_KIB: i64 = 64 << 10;

/// A sparse file of `len` bytes (zeros; no block of it written).
fn sparse(path: &Path, len: u64) {
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// A 2 GB book is refused by `score --book` before it is read: the error names the file, its
/// size, the 1 GiB limit and `--max-input-bytes`; the process never holds the gigabyte it
/// used to read before refusing. The option lowers the bound as well: a small real book over
/// it is refused the same way.
#[test]
fn score_refuses_a_book_over_its_bound_before_reading_it() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("council-book.jsonl");
    sparse(&book, 2_000_000_000);
    let (code, out, err, rss) = run_measured(&["score", "--book", arg(&book)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(arg(&book)), "{err}");
    assert!(
        err.contains("book is 2000000000 bytes, more than the limit of 1073741824 bytes (--max-input-bytes raises it"),
        "{err}"
    );
    assert!(rss < MAX_RSS_KIB, "peak RSS {rss} KiB: the book was read");

    let demo = common::demo();
    let real = demo.path().join("council-book.jsonl");
    let size = std::fs::metadata(&real).unwrap().len();
    let (code, _, err, _) = run_measured(&[
        "score",
        "--book",
        arg(&real),
        "--max-input-bytes",
        &(size - 1).to_string(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "book is {size} bytes, more than the limit of {} bytes",
            size - 1
        )),
        "{err}"
    );
    let (code, out, err, _) = run_measured(&[
        "score",
        "--book",
        arg(&real),
        "--max-input-bytes",
        &size.to_string(),
    ]);
    assert_eq!(code, 0, "at the limit it is read: {out}{err}");
}

/// `verify DIR --answers` sums the sizes of the files it would read before reading any: the
/// demo league with 600 sparse 1 MiB proofs beside its lists (each within the proof's own
/// bound, 600 MiB in all) is refused under the 512 MiB default, naming the directory, the
/// total, the limit and `--max-read-bytes`, without the process ever holding them. With the
/// limit below the demo's own files it is refused; at their total it verifies.
#[test]
fn verify_answers_bounds_the_total_it_reads() {
    let demo = common::demo();
    let dir = demo.path();
    let (code, out, err, _) = run_measured(&["verify", arg(dir), "--answers", "--json"]);
    assert_ne!(code, 2, "the demo league is usable: {out}{err}");
    let day = dir.join("proof/2099-01-01");
    std::fs::create_dir_all(&day).unwrap();
    for i in 0..600 {
        sparse(&day.join(format!("{:06}Z.txt.ots", 100000 + i)), 1 << 20);
    }
    let (code, out, err, rss) = run_measured(&["verify", arg(dir), "--answers", "--json"]);
    assert_eq!(code, 2, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let message = v["error"]["message"].as_str().unwrap();
    assert_eq!(v["error"]["file"], arg(dir), "{v}");
    assert_eq!(v["error"]["field"], "--max-read-bytes", "{v}");
    assert!(
        message.contains("more than the limit of 536870912 bytes (--max-read-bytes raises it"),
        "{message}"
    );
    assert!(
        rss < MAX_RSS_KIB,
        "peak RSS {rss} KiB: the proofs were read"
    );
    std::fs::remove_dir_all(&day).unwrap();

    let (code, out, _, _) = run_measured(&[
        "verify",
        arg(dir),
        "--answers",
        "--json",
        "--max-read-bytes",
        "1000",
    ]);
    assert_eq!(code, 2, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total: u64 = v["error"]["message"]
        .as_str()
        .unwrap()
        .split(" total ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{v}"));
    let (code, out, err, _) = run_measured(&[
        "verify",
        arg(dir),
        "--answers",
        "--json",
        "--max-read-bytes",
        &total.to_string(),
    ]);
    assert_ne!(code, 2, "at the limit it is read: {out}{err}");
}
