//! One rule for empty input files across the commands: a file of 0 bytes is unusable input
//! (exit 2), named in the message, in text and in `--json` (`ok: false`); never a pass, never
//! a document of zero rows. Also the forecasts file's header bound, as the CLI reports it.

use super::common;

use common::{arg as s, demo, sealbook};
use serde_json::Value;
use std::path::Path;

/// Runs `args` twice, as text and with `--json`, and checks both say `file` is empty and
/// that there is nothing to `verb`.
fn refused_as_empty(args: &[&str], file: &Path, verb: &str) {
    let want = format!("{}: empty: 0 lines, nothing to {verb}", file.display());
    let (code, out, err) = sealbook(args);
    assert_eq!(code, 2, "{args:?}\nstdout:\n{out}\nstderr:\n{err}");
    assert_eq!(err, format!("sealbook: {want}\n"), "{args:?}");
    assert!(out.is_empty(), "{args:?} printed a document: {out}");

    let mut with_json = args.to_vec();
    with_json.push("--json");
    let (code, out, err) = sealbook(&with_json);
    assert_eq!(code, 2, "{with_json:?}\nstdout:\n{out}\nstderr:\n{err}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"));
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["error"]["file"], file.display().to_string(), "{v}");
    assert_eq!(
        v["error"]["message"],
        format!("empty: 0 lines, nothing to {verb}"),
        "{v}"
    );
}

#[test]
fn every_command_refuses_an_empty_file_with_exit_2() {
    let t = tempfile::tempdir().unwrap();
    let empty = t.path().join("council-book.jsonl");
    std::fs::write(&empty, b"").unwrap();
    let e = s(&empty);
    let d = demo();
    let book = d.path().join("council-book.jsonl");
    let csv = d.path().join("council-forecasts.csv");

    refused_as_empty(&["verify", e], &empty, "verify");
    // With stamped lists given too: still nothing to verify, never a pass.
    let list = common::stamp_lists(d.path()).remove(0);
    refused_as_empty(&["verify", e, "--stamp", s(&list)], &empty, "verify");

    refused_as_empty(&["score", "--book", e], &empty, "score");
    refused_as_empty(&["score", "--forecasts", e], &empty, "score");
    refused_as_empty(
        &["score", "--forecasts", s(&csv), "--book", e],
        &empty,
        "score",
    );
    refused_as_empty(&["score", "--book", s(&book), "--asks", e], &empty, "score");
    refused_as_empty(&["score", "--book", s(&book), "--clim", e], &empty, "score");
    refused_as_empty(&["neff", "--book", e], &empty, "score");
    refused_as_empty(&["neff", "--forecasts", e], &empty, "score");
    refused_as_empty(
        &["neff", "--all", "--book", s(&book), "--asks", e],
        &empty,
        "score",
    );
    for profile in ["agentpit", "ladder", "arena"] {
        refused_as_empty(
            &["score", "--profile", profile, "--forecasts", e],
            &empty,
            "score",
        );
    }
    refused_as_empty(&["conformance", e], &empty, "check");
    refused_as_empty(&["scorecard", e], &empty, "score");
}

#[test]
fn a_book_of_only_a_partial_line_is_not_a_pass() {
    let t = tempfile::tempdir().unwrap();
    let partial = t.path().join("book.jsonl");
    std::fs::write(&partial, b"{\"n\": 1").unwrap();
    let (code, out, err) = sealbook(&["verify", s(&partial)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("0 complete lines (7 bytes without a final LF), nothing to verify"),
        "{err}"
    );
}

#[test]
fn a_forecasts_header_over_the_bound_names_file_line_and_limit() {
    let t = tempfile::tempdir().unwrap();
    let wide = t.path().join("council-forecasts.csv");
    let names: Vec<String> = (0..100_000).map(|i| format!("c{i}")).collect();
    std::fs::write(&wide, format!("{}\n", names.join(","))).unwrap();
    for args in [
        vec!["score", "--forecasts", s(&wide)],
        vec!["neff", "--forecasts", s(&wide)],
    ] {
        let (code, _, err) = sealbook(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(
            err,
            format!(
                "sealbook: {}:1: row 1: the header has 100000 columns, at most 1024 are read\n",
                wide.display()
            ),
            "{args:?}"
        );
    }
}
