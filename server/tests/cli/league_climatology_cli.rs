//! `sealbook league init --history` and `sealbook league climatology`: the climatology table
//! (spec §4.3, Requirement 9) built from the real daily histories of
//! `../shared/vectors/prices-history/daily/`, its content hash sealed in the declaration
//! (asks.jsonl line 1) before the season; a rebuild from the same files holds to the seal, a
//! rebuild over another window does not (exit 1, nothing written).

use super::common;

use common::{arg, sealbook_json, LeagueInit};
use sealbook_core::league::config::YAHOO_SYMBOLS;
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::names::MARKETS;
use sealbook_core::score::baselines::ClimatologyTable;
use std::path::Path;

fn history() -> std::path::PathBuf {
    sealbook_tests::vectors_dir().join("prices-history/daily")
}

/// The minimal league config written into `tmp`, its provider's symbols Yahoo's (the names
/// of the daily history files); its path.
fn yahoo_config(tmp: &std::path::Path) -> std::path::PathBuf {
    let config = tmp.join("league.toml");
    let mut text = common::MINIMAL_CONFIG.to_string();
    text.push_str("[prices.symbols]\n");
    for (m, y) in MARKETS.iter().zip(YAHOO_SYMBOLS) {
        text.push_str(&format!("{m} = \"{y}\"\n"));
    }
    std::fs::write(&config, text).unwrap();
    config
}

/// `league init DIR --config CONFIG --at AT --offline EXTRA --json` of a league whose empty
/// `p.csv` is put in DIR first: the exit code and the one JSON line it prints.
fn init_json(dir: &Path, config: &Path, at: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let mut args = extra.to_vec();
    args.push("--json");
    let how = LeagueInit {
        at: Some(at),
        offline: true,
        files: &[("p.csv", common::EMPTY_PRICES)],
        args: &args,
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(dir, config, &how);
    assert_eq!(out.lines().count(), 1, "one JSON line expected\n{out}{err}");
    (code, serde_json::from_str(&out).unwrap())
}

#[test]
fn init_seals_the_table_and_a_rebuild_holds_to_it() {
    let tmp = tempfile::tempdir().unwrap();
    let config = yahoo_config(tmp.path());
    let dir = tmp.path().join("league");
    let h = history();
    let (code, v) = init_json(
        &dir,
        &config,
        "2026-10-16T20:00:00Z",
        &["--history", arg(&h)],
    );
    assert_eq!(code, 0, "{v}");
    let table_bytes = std::fs::read(dir.join("council-clim-window.json")).unwrap();
    let table = ClimatologyTable::parse(&table_bytes).unwrap();
    assert!(table.sha256_ok(None));
    assert_eq!(table.q("SPX", "1d").map(|q| q > 0.5), Some(true));
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let chain = AskChain::parse(&asks).unwrap();
    let sealed = chain.declaration().unwrap().climatology_sha256.clone();
    assert_eq!(sealed.as_deref(), Some(table.sha256.as_str()));

    // Anyone with the same files rebuilds the sealed table.
    std::fs::remove_file(dir.join("council-clim-window.json")).unwrap();
    let (code, v) = sealbook_json(&["league", "climatology", arg(&dir), "--history", arg(&h)]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        (v["ok"].as_bool(), v["written"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(
        std::fs::read(dir.join("council-clim-window.json")).unwrap(),
        table_bytes
    );

    // Another window is another table: refused, the sealed one left as it was.
    let (code, v) = sealbook_json(&[
        "league",
        "climatology",
        arg(&dir),
        "--history",
        arg(&h),
        "--to",
        "2024-12-31",
    ]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["sealed"].as_str(), Some(table.sha256.as_str()));
    assert_ne!(v["sha256"].as_str(), Some(table.sha256.as_str()));
    assert_eq!(
        std::fs::read(dir.join("council-clim-window.json")).unwrap(),
        table_bytes
    );

    // The table edited after sealing (its own sha256 restated): the run is refused before
    // anything is sealed, naming the file and the field.
    let text = String::from_utf8(table_bytes.clone()).unwrap();
    let at = text.find("\"p_up\": 0.").unwrap() + "\"p_up\": 0.".len();
    let digit = text.as_bytes()[at] - b'0';
    let edited = format!("{}{}{}", &text[..at], (digit + 1) % 10, &text[at + 1..]);
    let restated = ClimatologyTable::parse(edited.as_bytes()).unwrap().sha256;
    std::fs::write(
        dir.join("council-clim-window.json"),
        edited.replace(&table.sha256, &restated),
    )
    .unwrap();
    let (code, out, err) =
        common::sealbook(&["league", "run", arg(&dir), "--at", "2026-10-19T12:30:00Z"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("council-clim-window.json: sha256: the table's content hashes to ")
            && err.contains("climatology_sha256 sealed in asks.jsonl line 1"),
        "{err}"
    );
    assert!(
        !dir.join("council-book.jsonl").exists()
            || std::fs::read(dir.join("council-book.jsonl"))
                .unwrap()
                .is_empty()
    );

    // A window that does not end before the declaration is refused.
    let dir2 = tmp.path().join("late");
    let (code, v) = init_json(
        &dir2,
        &config,
        "2025-06-02T20:00:00Z",
        &["--history", arg(&h)],
    );
    assert_eq!(code, 2, "{v}");
    assert!(!dir2.join("asks.jsonl").exists());
}

/// `conformance --climatology T --asks A` and its Python peer (tests/py/conformance_peer.py)
/// hold the table to the content hash the declaration sealed (spec §4.3, Requirement 9): the
/// sealed table passes; an edited table (its own sha256 restated or not) is refused naming
/// the file and the field `sha256`; a missing table, or a declaration that seals none, is
/// refused naming `climatology_sha256`. Both checkers agree on each.
#[test]
fn conformance_holds_the_table_to_the_declarations_seal() {
    let tmp = tempfile::tempdir().unwrap();
    let config = yahoo_config(tmp.path());
    let make = |name: &str, with_history: bool| {
        let dir = tmp.path().join(name);
        let h = history();
        let history_args = ["--history", arg(&h)];
        let extra: &[&str] = if with_history { &history_args } else { &[] };
        let (code, v) = init_json(&dir, &config, "2026-10-16T20:00:00Z", extra);
        assert_eq!(code, 0, "{v}");
        dir
    };
    let dir = make("league", true);
    // A forecasts file with no row: the table is what is checked.
    let csv = tmp.path().join("council-forecasts.csv");
    let header: Vec<&str> = sealbook_core::contract::forecasts_csv::TABLE_C1_COLUMNS
        .iter()
        .chain(sealbook_core::contract::forecasts_csv::CONTRACT_COLUMNS.iter())
        .copied()
        .collect();
    std::fs::write(&csv, format!("{}\n", header.join(","))).unwrap();
    let check = |table: &std::path::Path, asks: &std::path::Path| {
        let (code, v) = sealbook_json(&[
            "conformance",
            arg(&csv),
            "--climatology",
            arg(table),
            "--asks",
            arg(asks),
        ]);
        let out = sealbook_tests::python_script("conformance_peer.py")
            .arg(&csv)
            .args(["--climatology", arg(table), "--asks", arg(asks)])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let peer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (&v["climatology"]["ok"], &v["climatology"]["field"]),
            (&peer["climatology"]["ok"], &peer["climatology"]["field"]),
            "sealbook {v} vs the peer {peer}"
        );
        (code, v)
    };
    let table = dir.join("council-clim-window.json");
    let asks = dir.join("asks.jsonl");
    let (code, v) = check(&table, &asks);
    assert_eq!((code, &v["ok"]), (0, &serde_json::json!(true)), "{v}");

    // One probability changed, the stated sha256 kept, then restated as the new content's.
    let bytes = std::fs::read(&table).unwrap();
    let sealed = ClimatologyTable::parse(&bytes).unwrap().sha256;
    let text = String::from_utf8(bytes).unwrap();
    let at = text.find("\"p_up\": 0.").unwrap() + "\"p_up\": 0.".len();
    let digit = text.as_bytes()[at] - b'0';
    let edited = format!("{}{}{}", &text[..at], (digit + 1) % 10, &text[at + 1..]);
    let mut content: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&edited).unwrap();
    content.remove("sha256");
    let restated = {
        let out = std::process::Command::new(sealbook_tests::python())
            .args([
                "-c",
                "import hashlib,json,sys; print(hashlib.sha256(json.dumps(json.load(sys.stdin), sort_keys=True).encode()).hexdigest())",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin
                    .take()
                    .unwrap()
                    .write_all(serde_json::to_string(&content).unwrap().as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    assert_eq!(restated.len(), 64);
    assert_ne!(restated, sealed);
    for (what, body) in [
        ("kept", edited.clone()),
        ("restated", edited.replace(&sealed, &restated)),
    ] {
        std::fs::write(&table, &body).unwrap();
        let (code, v) = check(&table, &asks);
        assert_eq!(code, 1, "{what}: {v}");
        let c = &v["climatology"];
        assert_eq!(
            (&c["ok"], &c["field"]),
            (&serde_json::json!(false), &serde_json::json!("sha256")),
            "{what}: {v}"
        );
        let message = c["message"].as_str().unwrap();
        assert!(
            message.contains("council-clim-window.json: sha256: ")
                && message.contains("climatology_sha256 sealed in asks.jsonl line 1"),
            "{what}: {message}"
        );
    }

    // No table where the declaration seals one.
    std::fs::remove_file(&table).unwrap();
    let (code, v) = check(&table, &asks);
    assert_eq!(
        (code, &v["climatology"]["field"]),
        (1, &serde_json::json!("climatology_sha256")),
        "{v}"
    );

    // A declaration that seals no table: the check cannot be made, so it fails.
    let bare = make("bare", false);
    std::fs::write(&table, text).unwrap();
    let (code, v) = check(&table, &bare.join("asks.jsonl"));
    assert_eq!(
        (code, &v["climatology"]["field"]),
        (1, &serde_json::json!("climatology_sha256")),
        "{v}"
    );
}
