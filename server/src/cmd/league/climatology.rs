//! `sealbook league climatology DIR --history HIST [--from DATE] [--to DATE]`: rebuilds the
//! league's climatology table (`council-clim-window.json`, spec §4.3, Requirement 9) from the
//! price provider's daily histories in HIST and holds it to the content hash the declaration
//! sealed. `league init --history HIST` builds the table the same way and seals its hash in
//! the declaration, before the season.
//!
//! HIST holds daily history CSV files (core's [`sealbook_core::prices::daily`] layouts); a
//! market's files are those named after its provider symbol (`[prices.symbols]` of the
//! league's config): `^GSPC.csv` or `<source>_^GSPC.csv`, taken in name order (a later file's
//! bar replaces an earlier one's of the same date). The table is core's
//! [`clim_window_bytes`] over the window (default 2016-01-01 to 2025-12-31, the spec's).
//!
//! Exit 0: the rebuilt table's content hash is the sealed one (the table is written when the
//! directory has none), or the league seals none (the table is written when absent, marked as
//! not sealed); 1: it differs from the sealed hash (nothing written); 2: unusable input.

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Date;
use sealbook_core::league::config::LeagueConfig;
use sealbook_core::prices::daily::{is_history_of, merge_daily, parse_daily};
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::names::{ASKS_FILE, CLIM_FILE, MARKETS};
use sealbook_core::score::baselines::{clim_window_bytes, ClimHistory, ClimatologyTable};
use std::path::{Path, PathBuf};

/// The spec's window (§4.3: 2016 to 2025, ending before the season).
pub const DEFAULT_FROM: &str = "2016-01-01";
pub const DEFAULT_TO: &str = "2025-12-31";

/// Largest daily history file read (a century of daily bars is a few megabytes).
const MAX_HISTORY_BYTES: u64 = 64 << 20;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory.
    dir: PathBuf,
    /// The folder of the provider's daily history files.
    #[arg(long, value_name = "DIR")]
    history: PathBuf,
    /// The window's first day.
    #[arg(long, value_name = "YYYY-MM-DD", default_value = DEFAULT_FROM)]
    from: String,
    /// The window's last day.
    #[arg(long, value_name = "YYYY-MM-DD", default_value = DEFAULT_TO)]
    to: String,
}

/// The window's days from the options (`--from`, `--to` name them in errors).
pub fn window(from: &str, to: &str) -> Result<(Date, Date), Unusable> {
    let day = |s: &str, opt: &str| {
        Date::parse(s).ok_or_else(|| {
            Unusable::new(format!("{opt} {s:?} is not a YYYY-MM-DD date")).field(opt)
        })
    };
    let (f, t) = (day(from, "--from")?, day(to, "--to")?);
    if t < f {
        return Err(Unusable::new(format!("--to {to} is before --from {from}")).field("--to"));
    }
    Ok((f, t))
}

/// The table of the markets' daily histories in `history` over `from..=to`.
pub fn build_table(
    config: &LeagueConfig,
    history: &Path,
    from: Date,
    to: Date,
) -> Result<Vec<u8>, Unusable> {
    let entries =
        std::fs::read_dir(history).map_err(|e| Unusable::io(history, "read directory", &e))?;
    let mut names = Vec::new();
    for e in entries {
        let e = e.map_err(|e| Unusable::io(history, "read directory", &e))?;
        if e.path().is_file() {
            if let Some(n) = e.file_name().to_str() {
                names.push(n.to_string());
            }
        }
    }
    names.sort();
    let mut histories = Vec::new();
    for asset in MARKETS {
        let symbol = config
            .prices
            .symbols
            .get(asset)
            .map_or(asset, String::as_str);
        let mut sources = Vec::new();
        let mut files = Vec::new();
        for name in names.iter().filter(|n| is_history_of(n, symbol)) {
            let path = history.join(name);
            let bytes = read_bounded(&path, MAX_HISTORY_BYTES, "daily history")?;
            let bars = parse_daily(&bytes).map_err(|e| {
                Unusable::file(&path, e.message)
                    .at_line(e.line as u64)
                    .field(e.field)
            })?;
            sources.push((name.clone(), sealbook_core::hex::sha256_hex(&bytes)));
            files.push(bars);
        }
        histories.push(ClimHistory {
            asset: asset.to_string(),
            sources,
            bars: merge_daily(&files),
        });
    }
    clim_window_bytes(&histories, from, to, &format!("{from}..{to}"))
        .map_err(|e| Unusable::new(format!("the climatology table cannot be written: {e}")))
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let config = crate::league::config::read_config(&args.dir)?;
    let (from, to) = window(&args.from, &args.to)?;
    let bytes = build_table(&config, &args.history, from, to)?;
    let rebuilt = ClimatologyTable::parse(&bytes)
        .map_err(|e| Unusable::new(format!("the rebuilt table does not read back: {e}")))?;
    let asks_path = args.dir.join(ASKS_FILE);
    let sealed = if asks_path.is_file() {
        let asks = read_bounded(&asks_path, 1 << 30, "ask chain")?;
        AskChain::parse(&asks)
            .map_err(|e| Unusable::file(&asks_path, e.to_string()))?
            .declaration()
            .and_then(|d| d.climatology_sha256.clone())
    } else {
        None
    };
    let path = args.dir.join(CLIM_FILE);
    let held = sealed
        .as_deref()
        .is_none_or(|s| s.eq_ignore_ascii_case(&rebuilt.sha256));
    let written = held && !path.exists();
    if written {
        std::fs::write(&path, &bytes).map_err(|e| Unusable::io(&path, "write", &e))?;
    }
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": held, "file": path.display().to_string(), "sha256": rebuilt.sha256,
                "sealed": sealed, "written": written, "rows": rebuilt.entries.len()})
        );
    } else {
        match &sealed {
            Some(_) if held => println!(
                "{CLIM_FILE}: rebuilt from {}, {} rows; its content hash {} is the one sealed in {ASKS_FILE} line 1{}",
                args.history.display(),
                rebuilt.entries.len(),
                rebuilt.sha256,
                if written { " (written)" } else { "" }
            ),
            Some(s) => println!(
                "FAILED: {CLIM_FILE}: rebuilt from {}, its content hashes to {}, not to {s}, the climatology_sha256 sealed in {ASKS_FILE} line 1",
                args.history.display(),
                rebuilt.sha256
            ),
            None => println!(
                "{CLIM_FILE}: rebuilt from {}, {} rows, content hash {}{}; NOT SEALED: this league's declaration seals no climatology table",
                args.history.display(),
                rebuilt.entries.len(),
                rebuilt.sha256,
                if written { " (written)" } else { "" }
            ),
        }
    }
    Ok(if held { Exit::Ok } else { Exit::Failed })
}
