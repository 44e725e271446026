//! core's climatology table (`score::baselines::clim_window_bytes`, spec §4.3, Requirement 9)
//! against an independent build (tests/py/climatology_peer.py: pandas and numpy) over the
//! real daily histories of `../shared/vectors/prices-history/daily/` (2016-2025 for most of the
//! twelve markets; the gaps its MANIFEST names): the same bytes, so the same content hash.

use sealbook_core::calendar::Date;
use sealbook_core::league::config::YAHOO_SYMBOLS;
use sealbook_core::prices::daily::{is_history_of, merge_daily, parse_daily};
use sealbook_core::records::names::MARKETS;
use sealbook_core::score::baselines::{clim_window_bytes, ClimHistory, ClimatologyTable};
use std::path::PathBuf;

fn daily_dir() -> PathBuf {
    sealbook_tests::vectors_dir().join("prices-history/daily")
}

/// Every market's files (name order) and its history as core reads them.
fn histories() -> (Vec<ClimHistory>, Vec<String>) {
    let dir = daily_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut out = Vec::new();
    let mut args = Vec::new();
    for (asset, symbol) in MARKETS.iter().zip(YAHOO_SYMBOLS) {
        let mine: Vec<&String> = names.iter().filter(|n| is_history_of(n, symbol)).collect();
        let mut sources = Vec::new();
        let mut files = Vec::new();
        for n in &mine {
            let bytes = std::fs::read(dir.join(n)).unwrap();
            files.push(parse_daily(&bytes).unwrap_or_else(|e| panic!("{n}: {e}")));
            sources.push((n.to_string(), sealbook_core::hex::sha256_hex(&bytes)));
        }
        if !mine.is_empty() {
            args.push(format!(
                "{asset}={}",
                mine.iter()
                    .map(|n| dir.join(n).display().to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ));
        }
        out.push(ClimHistory {
            asset: asset.to_string(),
            sources,
            bars: merge_daily(&files),
        });
    }
    (out, args)
}

fn same_as_peer(from: &str, to: &str) -> ClimatologyTable {
    let (hist, args) = histories();
    // A market without a file is left out of the peer's arguments and of ours alike.
    let hist: Vec<ClimHistory> = hist.into_iter().filter(|h| !h.sources.is_empty()).collect();
    let window = format!("{from}..{to}");
    let ours = clim_window_bytes(
        &hist,
        Date::parse(from).unwrap(),
        Date::parse(to).unwrap(),
        &window,
    )
    .unwrap();
    let mut cmd = sealbook_tests::python_script("climatology_peer.py");
    cmd.args([from, to, window.as_str()]).args(&args);
    let theirs = sealbook_tests::peer_output(cmd, b"", "climatology peer");
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs),
        "{from}..{to}"
    );
    ClimatologyTable::parse(&ours).unwrap()
}

#[test]
fn the_spec_window_matches_the_peer_byte_for_byte() {
    let t = same_as_peer("2016-01-01", "2025-12-31");
    assert!(t.sha256_ok(None));
    let row = |a: &str, h: &str| {
        t.entries
            .iter()
            .find(|e| e.asset == a && e.h == h)
            .unwrap_or_else(|| panic!("{a} {h}"))
    };
    // The MANIFEST counts 2514 ^GSPC sessions in 2016-2025: every one is a 1d event.
    assert_eq!(row("SPX", "1d").n, Some(2514));
    assert_eq!(row("SPX", "1d").n_independent, Some(2514));
    // Bitcoin: every calendar day from 2016-01-01 the two files cover (to 2025-08-23).
    let btc = row("BTC", "1d").n.unwrap();
    assert!((3520..=3523).contains(&btc), "{btc}");
    // Every market has all four horizons but SOX and Brent, whose files start 2025-09-08:
    // no six-month event ends inside 2025.
    let missing: Vec<String> = ["SOX", "BRENT"]
        .iter()
        .filter(|a| t.q(a, "6m").is_none())
        .map(|a| a.to_string())
        .collect();
    assert_eq!(missing, ["SOX", "BRENT"]);
    assert_eq!(t.entries.len(), 12 * 4 - 2);
}

#[test]
fn another_window_matches_the_peer() {
    // Across the 2020 WTI negative close and the DXY file's end in mid-2022.
    same_as_peer("2019-03-01", "2022-09-30");
}
