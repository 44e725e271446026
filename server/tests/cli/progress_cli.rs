//! The progress bar of `verify` and `score`: drawn on stderr only when stderr is a terminal
//! and the input is large. Redirected, stderr and stdout stay exactly what they were without
//! a bar; on a pseudo-terminal (util-linux `script`) the bar is drawn and then cleared, by the
//! one-thread verifier and by the ranges of `--threads`.

use super::common;

use common::{bin, sealbook};
use std::path::Path;
use std::process::Command;

/// 33 MiB with no line feed: read to the end, then refused with one fixed message.
fn large_file(dir: &Path) -> String {
    let p = dir.join("big.jsonl");
    std::fs::write(&p, vec![b'x'; 33 << 20]).unwrap();
    p.display().to_string()
}

#[test]
fn redirected_stderr_is_unchanged() {
    let t = tempfile::tempdir().unwrap();
    let big = large_file(t.path());
    let (code, out, err) = sealbook(&["verify", &big]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("sealbook: {big}: 0 complete lines (34603008 bytes without a final LF), nothing to verify\n")
    );
    for threads in ["1", "3"] {
        assert_eq!(
            sealbook(&["verify", "--threads", threads, &big]),
            (code, out.clone(), err.clone()),
            "--threads {threads}"
        );
    }
    let (code, out, err) = sealbook(&["score", "--forecasts", &big]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("sealbook: {big}:1: row 1: the header is 34603008 bytes long, at most 65536 bytes are read\n")
    );
}

/// Runs `sealbook args` with stderr on a pseudo-terminal and stdout discarded; returns what
/// the terminal showed, or None where `script` is not installed.
fn on_a_terminal(args: &str) -> Option<String> {
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: no /usr/bin/script for a pseudo-terminal");
        return None;
    }
    let out = Command::new("/usr/bin/script")
        .args(["-qec", &format!("{} {args} >/dev/null", bin()), "/dev/null"])
        .output()
        .expect("run script");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_terminal_sees_the_bar_then_a_clean_line() {
    let t = tempfile::tempdir().unwrap();
    let big = large_file(t.path());
    for (args, label) in [
        (format!("verify {big}"), format!("verify {big} [")),
        (
            format!("verify --threads 1 {big}"),
            format!("verify {big} ["),
        ),
        (
            format!("verify --threads 3 {big}"),
            format!("verify {big} ["),
        ),
        (format!("score --forecasts {big}"), format!("score {big} [")),
    ] {
        let Some(shown) = on_a_terminal(&args) else {
            return;
        };
        assert!(shown.contains(&label), "{args}: {shown:?}");
        assert!(
            shown.contains("MiB/s") && shown.contains(" left"),
            "{args}: {shown:?}"
        );
        assert!(shown.contains("\r\x1b[K"), "the bar is cleared: {shown:?}");
        assert!(
            shown.contains("34603008 bytes"),
            "the message follows: {shown:?}"
        );
    }
    // A small input draws nothing even on a terminal.
    let small = t.path().join("small.jsonl");
    std::fs::write(&small, b"xx").unwrap();
    if let Some(shown) = on_a_terminal(&format!("verify {}", small.display())) {
        assert!(!shown.contains("MiB"), "{shown:?}");
    }
}
