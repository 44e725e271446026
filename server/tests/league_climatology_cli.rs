//! `sealbook league init --history` and `sealbook league climatology`: the climatology table
//! (spec §4.3, Requirement 9) built from the real daily histories of
//! `../shared/vectors/prices-history/daily/`, its content hash sealed in the declaration
//! (asks.jsonl line 1) before the season; a rebuild from the same files holds to the seal, a
//! rebuild over another window does not (exit 1, nothing written).

mod common;

use common::{arg, sealbook_json};
use sealbook_core::league::config::YAHOO_SYMBOLS;
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::names::MARKETS;
use sealbook_core::score::baselines::ClimatologyTable;

fn history() -> std::path::PathBuf {
    sealbook_tests::vectors_dir().join("prices-history/daily")
}

#[test]
fn init_seals_the_table_and_a_rebuild_holds_to_it() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    // The provider's symbols are Yahoo's, the names of the daily history files.
    let mut text = common::MINIMAL_CONFIG.to_string();
    text.push_str("[prices.symbols]\n");
    for (m, y) in MARKETS.iter().zip(YAHOO_SYMBOLS) {
        text.push_str(&format!("{m} = \"{y}\"\n"));
    }
    std::fs::write(&config, text).unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("p.csv"),
        "symbol,time,open,high,low,close,volume\n",
    )
    .unwrap();
    let h = history();
    let (code, v) = sealbook_json(&[
        "league",
        "init",
        arg(&dir),
        "--config",
        arg(&config),
        "--at",
        "2026-10-16T20:00:00Z",
        "--offline",
        "--history",
        arg(&h),
    ]);
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
    std::fs::create_dir_all(&dir2).unwrap();
    std::fs::write(
        dir2.join("p.csv"),
        "symbol,time,open,high,low,close,volume\n",
    )
    .unwrap();
    let (code, v) = sealbook_json(&[
        "league",
        "init",
        arg(&dir2),
        "--config",
        arg(&config),
        "--at",
        "2025-06-02T20:00:00Z",
        "--offline",
        "--history",
        arg(&h),
    ]);
    assert_eq!(code, 2, "{v}");
    assert!(!dir2.join("asks.jsonl").exists());
}
