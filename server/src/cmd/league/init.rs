//! `sealbook league init DIR --config league.toml [--at RFC3339]`: creates the league
//! directory, keeps a copy of the config as `league.toml`, and seals the declaration (the
//! counting-run rule and schedule, the methodology version, the roster; spec §3.4, §3.9) as
//! the first line of `asks.jsonl`, before any run. A directory that already holds a league
//! (`asks.jsonl`, `council-book.jsonl` or `league.toml`) is refused (exit 2), and so is a
//! config whose pre-flight fails (`league check`'s: a key variable not set, a file that does
//! not resolve from the league directory, a program not found, an endpoint that does not
//! answer; `--offline` skips the endpoints): nothing is created then.
//!
//! With `--history DIR`, the climatology table (`council-clim-window.json`, spec §4.3) is built
//! from the provider's daily histories there first (as `sealbook league climatology` does);
//! a table in the directory before init (built so, or by the demo) has its content hash sealed
//! in the declaration (`climatology_sha256`), so the climatology seat's base rates are fixed
//! before the season.
//!
//! The line is written with a plain create-only append, synced to disk with its directory.

use crate::files::{read_bounded, write_new};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::book::writer::BookWriter;
use sealbook_core::calendar::Instant;
use sealbook_core::league::config::{LeagueConfig, MAX_CONFIG_BYTES};
use sealbook_core::league::schedule::{declaration, first_counted_session};
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE, CLIM_FILE};
use sealbook_core::score::baselines::ClimatologyTable;
use std::path::{Path, PathBuf};

/// The config's copy inside the league directory.
pub const CONFIG_FILE: &str = "league.toml";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory to create.
    dir: PathBuf,
    /// The league's configuration (TOML; see `sealbook schema league-config`).
    #[arg(long, value_name = "FILE")]
    config: PathBuf,
    /// Take this instant as now (tests, replays); the declaration's time comes from it.
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// Skip the pre-flight's endpoints (no network); the keys, files and programs are still
    /// checked.
    #[arg(long)]
    offline: bool,
    /// Seconds each endpoint of the pre-flight has to answer.
    #[arg(long, value_name = "SECS", default_value_t = super::check::DEFAULT_TIMEOUT_SECONDS, value_parser = clap::value_parser!(u64).range(1..=300))]
    timeout: u64,
    /// The folder of the price provider's daily histories: build the climatology table from
    /// them and seal its hash in the declaration.
    #[arg(long, value_name = "DIR")]
    history: Option<PathBuf>,
    /// The climatology window's first day (with --history).
    #[arg(long, value_name = "YYYY-MM-DD", default_value = super::climatology::DEFAULT_FROM)]
    clim_from: String,
    /// The climatology window's last day (with --history; before the declaration's day).
    #[arg(long, value_name = "YYYY-MM-DD", default_value = super::climatology::DEFAULT_TO)]
    clim_to: String,
}

/// The clock: `--at` when given (tests, replays), else the system time to the second.
pub fn now(at: Option<&str>) -> Result<Instant, Unusable> {
    match at {
        Some(s) => Instant::parse_rfc3339(s).ok_or_else(|| {
            Unusable::new(format!("--at {s:?} is not an RFC 3339 time")).field("--at")
        }),
        None => {
            let d = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|_| Unusable::new("the system clock is before 1970"))?;
            // Whole seconds: the sealed times are RFC 3339 to the second.
            Ok(Instant(d.as_secs() as i64 * 1_000_000))
        }
    }
}

fn sync_dir(dir: &Path) -> Result<(), Unusable> {
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(|e| Unusable::io(dir, "sync directory", &e))
}

/// Refuses a directory that already holds a league.
fn refuse_existing(dir: &Path) -> Result<(), Unusable> {
    for name in [ASKS_FILE, BOOK_FILE, CONFIG_FILE] {
        let p = dir.join(name);
        if p.exists() {
            return Err(Unusable::file(
                &p,
                "a league already exists here: init refuses to overwrite it",
            ));
        }
    }
    Ok(())
}

/// The config's bytes read (`config_path` names it in errors).
fn parse(bytes: &[u8], config_path: &Path) -> Result<LeagueConfig, Unusable> {
    LeagueConfig::from_toml(bytes, &config_path.display().to_string()).map_err(|e| {
        Unusable::file(config_path, e.message)
            .at_line(e.line)
            .field(e.field)
    })
}

/// The content hash of the climatology table in `dir`, if there is one, to seal in the
/// declaration; a table that does not read or whose content does not hash to the hash it
/// states is refused.
fn sealed_table(dir: &Path) -> Result<Option<String>, Unusable> {
    let path = dir.join(CLIM_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let bytes = read_bounded(&path, 1 << 20, "climatology table")?;
    let table = ClimatologyTable::parse(&bytes)
        .map_err(|e| Unusable::file(&path, e.message.to_string()).field(e.path))?;
    if !table.sha256_ok(None) {
        return Err(Unusable::file(
            &path,
            format!(
                "the table's content hashes to {}, not to the sha256 it states",
                table.sha256
            ),
        )
        .field("sha256"));
    }
    Ok(Some(table.sha256))
}

/// What [`init_league`] sealed.
pub struct Initialised {
    pub config: LeagueConfig,
    pub first_session: sealbook_core::calendar::Date,
    pub declared_at: String,
    pub seal: String,
    pub link: String,
}

/// Creates the league in `dir` from the config's bytes (`config_path` names it in errors)
/// and seals the declaration at `now`; see the module doc.
pub fn init_league(
    dir: &Path,
    bytes: &[u8],
    config_path: &Path,
    now: Instant,
) -> Result<Initialised, Unusable> {
    let config = parse(bytes, config_path)?;
    refuse_existing(dir)?;
    let first = match config.schedule.first_session {
        Some(d) => d,
        None => first_counted_session(&config, now)
            .ok_or_else(|| Unusable::new("the NYSE calendar does not cover the date of now"))?,
    };
    let at = now.to_rfc3339();
    let mut decl = declaration(&config, &at, first);
    decl.climatology_sha256 = sealed_table(dir)?;
    let line = BookWriter::new()
        .append(&decl.to_object())
        .map_err(|e| Unusable::new(format!("the declaration cannot be sealed: {e}")))?;
    std::fs::create_dir_all(dir).map_err(|e| Unusable::io(dir, "create directory", &e))?;
    let config_copy = dir.join(CONFIG_FILE);
    write_new(&config_copy, bytes).map_err(|e| Unusable::io(&config_copy, "write", &e))?;
    let asks = dir.join(ASKS_FILE);
    write_new(&asks, &line.bytes).map_err(|e| Unusable::io(&asks, "write", &e))?;
    sync_dir(dir)?;
    Ok(Initialised {
        config,
        first_session: first,
        declared_at: at,
        seal: line.seal,
        link: line.link,
    })
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let bytes = read_bounded(&args.config, MAX_CONFIG_BYTES as u64, "league config")?;
    let now = now(args.at.as_deref())?;
    // The pre-flight, as `league check` runs it on the league made here: a relative path is
    // read from the league directory, where the config's copy is kept.
    let config = parse(&bytes, &args.config)?;
    refuse_existing(&args.dir)?;
    let checked = super::check::preflight(
        &config,
        &args.dir,
        std::time::Duration::from_secs(args.timeout),
        args.offline,
    );
    if checked.failed() {
        return Err(super::check::refusal(&args.config, &checked));
    }
    if let Some(history) = &args.history {
        let (from, to) = super::climatology::window(&args.clim_from, &args.clim_to)?;
        if to >= now.utc_date() {
            return Err(Unusable::new(format!(
                "--clim-to {to}: the climatology window must end before the declaration's day"
            ))
            .field("--clim-to"));
        }
        let table = super::climatology::build_table(&config, history, from, to)?;
        std::fs::create_dir_all(&args.dir)
            .map_err(|e| Unusable::io(&args.dir, "create directory", &e))?;
        let path = args.dir.join(CLIM_FILE);
        std::fs::write(&path, table).map_err(|e| Unusable::io(&path, "write", &e))?;
    }
    let Initialised {
        config,
        first_session: first,
        declared_at: at,
        seal,
        link,
    } = init_league(&args.dir, &bytes, &args.config, now)?;
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "dir": args.dir.display().to_string(), "league": config.name,
                "seats": config.seats.len(), "first_session": first.to_string(), "declared_at": at,
                "seal": seal, "link": link})
        );
    } else {
        println!(
            "league {:?} initialised in {}: {} seats, counting from {first}; declaration sealed at {at} as {} line 1 (seal {})",
            config.name,
            args.dir.display(),
            config.seats.len(),
            ASKS_FILE,
            seal
        );
    }
    Ok(Exit::Ok)
}
