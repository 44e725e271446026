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
use crate::files::read_bounded;
use crate::league::clock::Clock;
use crate::league::init::{
    init_league, parse, refuse_existing, stamp_declaration, DeclarationStamp, Initialised,
};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::league::config::MAX_CONFIG_BYTES;
use sealbook_core::records::names::{ASKS_FILE, CLIM_FILE};
use std::path::PathBuf;

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

pub fn run(args: Args, json: bool) -> CmdResult {
    let bytes = read_bounded(&args.config, MAX_CONFIG_BYTES as u64, "league config")?;
    let now = Clock::instant_from_arg(args.at.as_deref())?;
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
    let stamp = stamp_declaration(&args.dir, &config, now, args.offline);
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "dir": args.dir.display().to_string(), "league": config.name,
                "seats": config.seats.len(), "first_session": first.to_string(), "declared_at": at,
                "seal": seal, "link": link, "stamp": stamp.to_json()})
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
        match &stamp {
            DeclarationStamp::Skipped(why) => {
                println!("declaration not stamped ({why}): the first run stamps it")
            }
            DeclarationStamp::Asked(r) => {
                if let Some(list) = &r.list {
                    println!("declaration stamped: wrote {list}");
                }
                if let Some(record) = &r.record {
                    record.anchors.iter().for_each(super::stamp::print_anchor);
                }
            }
            DeclarationStamp::Failed(_) => {}
        }
    }
    // The league is made whatever its stamp became; a failed authority is said, not fatal.
    let failed = match &stamp {
        DeclarationStamp::Asked(r) if !r.ok() => {
            Some("an authority failed (recorded beside the list)".to_string())
        }
        DeclarationStamp::Failed(e) => Some(format!("no stamped list was written: {e}")),
        _ => None,
    };
    if let Some(why) = failed {
        eprintln!(
            "sealbook: the declaration's stamp did not complete: {why}; the league is created, and its first run stamps the declaration again (`sealbook league upgrade` asks a failed authority again)"
        );
    }
    Ok(Exit::Ok)
}
