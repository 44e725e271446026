//! The Accounts page recounts the same as the command line: on seasons generated and
//! published by the independent Python engine (tests/py/arena_peer.py), the page's
//! `accounts::compute` gives, byte for byte, the verdict `sealbook replay DIR --json` prints
//! after its `"dir"`, on the files as published, with a tampered trade and with a changed
//! code text; its figures and charts come from the engine's own rows; and a missing or
//! unreadable file makes it say it cannot recount, naming the file.
//!
//! The CLI is `$SEALBOOK_BIN` when set, else `cargo run -p sealbook-server --bin sealbook`.

#![forbid(unsafe_code)]

use sealbook_core::verifier::recount::Recount;
use sealbook_tests::tmp::TempDir;
use sealbook_web::accounts::compute::{compute, Computed};
use std::path::Path;

fn peer(args: &[&str]) {
    let out = sealbook_tests::python_script("arena_peer.py")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A published season of the peer's, with an `arena-code.json` over two code files.
fn season(seed: u32) -> TempDir {
    let d = TempDir::new(&format!("accounts-page-{seed}"));
    let dir = d.path().to_str().unwrap();
    peer(&["gen", dir, &seed.to_string()]);
    std::fs::write(d.path().join("engine.rs"), "fn engine() {}\n").unwrap();
    std::fs::create_dir_all(d.path().join("tools")).unwrap();
    std::fs::write(d.path().join("tools/replay.py"), "print('replay')\n").unwrap();
    peer(&["code", dir, "engine.rs", "tools/replay.py"]);
    d
}

/// Every file of `dir` as the page is given it: its path inside the dropped folder.
fn dropped(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let label = format!(
                    "published/{}",
                    p.strip_prefix(dir).unwrap().to_str().unwrap()
                );
                out.push((label, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// (exit code, stdout) of `sealbook replay DIR --json`.
fn cli(dir: &Path) -> (i32, String) {
    let out = sealbook_tests::sealbook_cli()
        .arg("replay")
        .arg(dir)
        .arg("--json")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The CLI's document is `{"dir":<dir>,` then the page's verdict, and a final newline.
fn assert_same(dir: &Path, page: &Computed) -> (i32, Recount) {
    let (code, text) = cli(dir);
    let dir_json = serde_json::to_string(dir.to_str().unwrap()).unwrap();
    let expected = format!("{{\"dir\":{dir_json},{}\n", &page.recount_json[1..]);
    assert_eq!(text, expected, "the page's verdict differs from the CLI's");
    let r: Recount = serde_json::from_str(&page.recount_json).unwrap();
    assert_eq!(serde_json::to_string(&r).unwrap(), page.recount_json);
    assert_eq!(code, if r.ok { 0 } else { 1 });
    (code, r)
}

#[test]
fn the_page_verdict_is_the_cli_verdict() {
    let d = season(21);
    let files = dropped(d.path());
    let page = compute(&files).unwrap();
    let (code, r) = assert_same(d.path(), &page);
    assert_eq!(code, 0);
    assert!(r.ok && r.replay.rows > 100);
    assert_eq!(r.replay.exact, r.replay.rows);
    let c = r.code.as_ref().unwrap();
    assert_eq!(c.len(), 2);
    assert!(c.iter().all(|x| x.ok));
    // One figure per replayed account, and a chart per seat against its benchmarks.
    assert_eq!(page.accounts.figures.len(), r.replay.accounts);
    let seats = page
        .accounts
        .figures
        .iter()
        .filter(|f| !f.benchmark)
        .count();
    assert!(seats >= 3);
    assert!(page.accounts.charts.len() >= seats);
    for ch in &page.accounts.charts {
        assert!(ch.lines.len() >= 2, "{} has no benchmark", ch.account);
        assert!(ch.lines[1..].iter().all(|l| l.account.starts_with('_')));
    }
    // The last point of each seat's curve is its recomputed equity, which the published row
    // of that session states (every row is exact).
    let rows = std::fs::read_to_string(d.path().join("arena-accounts.jsonl")).unwrap();
    for ch in page
        .accounts
        .charts
        .iter()
        .filter(|c| !c.account.starts_with('_'))
    {
        let (k, e) = ch.lines[0]
            .equity
            .iter()
            .enumerate()
            .rev()
            .find_map(|(k, e)| e.map(|e| (k, e)))
            .unwrap();
        let published = rows
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|v| {
                v["version"] == ch.version.as_str()
                    && v["account"] == ch.account.as_str()
                    && v["session"] == ch.sessions[k].as_str()
            })
            .unwrap();
        let cents = (published["equity"].as_f64().unwrap() * 100.0).round() as i64;
        assert_eq!(e, cents, "{} {}", ch.version, ch.account);
    }
}

#[test]
fn a_tampered_trade_or_code_text_is_not_ok_on_both() {
    let d = season(22);
    let trades = d.path().join("arena-trades.jsonl");
    let text = std::fs::read_to_string(&trades).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut t: serde_json::Value = serde_json::from_str(&lines[30]).unwrap();
    t["cost"] = serde_json::json!(t["cost"].as_f64().unwrap() + 7.0);
    lines[30] = t.to_string();
    std::fs::write(&trades, lines.join("\n") + "\n").unwrap();
    let page = compute(&dropped(d.path())).unwrap();
    let (code, r) = assert_same(d.path(), &page);
    assert_eq!((code, r.ok, r.replay.different), (1, false, 1));
    let touched = r
        .replay
        .differences
        .iter()
        .find(|x| x.field.starts_with("trade "))
        .unwrap();
    assert_eq!(
        (touched.account.as_str(), touched.session.as_str()),
        (
            t["account"].as_str().unwrap(),
            t["session"].as_str().unwrap()
        )
    );
    std::fs::write(&trades, text).unwrap();
    std::fs::write(
        d.path().join("arena-code-tools-replay.py.txt"),
        "print('changed')\n",
    )
    .unwrap();
    let page = compute(&dropped(d.path())).unwrap();
    let (code, r) = assert_same(d.path(), &page);
    assert_eq!((code, r.ok, r.replay.different), (1, false, 0));
    assert!(!r.code.unwrap()[1].ok);
}

#[test]
fn a_missing_or_unreadable_file_is_named_and_nothing_is_recounted() {
    let d = season(23);
    let files = dropped(d.path());
    let without: Vec<_> = files
        .iter()
        .filter(|(l, _)| !l.ends_with("arena-prices.jsonl"))
        .cloned()
        .collect();
    let e = compute(&without).unwrap_err().say();
    assert!(
        e.starts_with("cannot recount the accounts: arena-prices.jsonl not given"),
        "{e}"
    );
    let mut broken = files.clone();
    let (_, trades) = broken
        .iter_mut()
        .find(|(l, _)| l.ends_with("arena-trades.jsonl"))
        .unwrap();
    trades.extend_from_slice(b"{\"version\": \"arena-3\"}\n");
    let e = compute(&broken).unwrap_err().say();
    assert!(e.starts_with("arena-trades.jsonl:"), "{e}");
    assert!(e.contains("missing field"), "{e}");
    let mut twice = files.clone();
    let again = twice
        .iter()
        .find(|(l, _)| l.ends_with("arena-accounts.jsonl"))
        .unwrap()
        .clone();
    twice.push((format!("copy/{}", again.0), again.1));
    assert!(compute(&twice)
        .unwrap_err()
        .say()
        .contains("same published file"));
    // Other published files beside them are not the page's and change nothing.
    let mut with_others = files.clone();
    with_others.push(("published/manifest.json".into(), b"{}".to_vec()));
    assert_eq!(
        compute(&with_others).unwrap(),
        compute(&dropped(d.path())).unwrap()
    );
    // A book beside them holds the decisions to those sealed in it (spec §4.11): a book that
    // seals none of them makes the verdict not ok, naming the first decision.
    let mut with_book = files;
    with_book.push(("published/council-book.jsonl".into(), b"{}\n".to_vec()));
    let r: serde_json::Value =
        serde_json::from_str(&compute(&with_book).unwrap().recount_json).unwrap();
    assert_eq!(r["ok"], false, "{r}");
    assert!(
        r["decisions_vs_book"].as_str().unwrap().starts_with(
            "arena-decisions.jsonl:1: differs from the decisions sealed in council-book.jsonl"
        ),
        "{r}"
    );
}
