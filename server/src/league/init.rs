//! The league's creation (`sealbook league init`, the demo): keeps a copy of the config as
//! `league.toml` in the league directory and seals the declaration (the counting-run rule and
//! schedule, the methodology version, the roster; spec §3.4, §3.9) as the first line of
//! `asks.jsonl`, before any run. A directory that already holds a league (`asks.jsonl`,
//! `council-book.jsonl` or `league.toml`) is refused, and nothing is created then.
//!
//! A climatology table (`council-clim-window.json`, spec §4.3) in the directory before init
//! has its content hash sealed in the declaration (`climatology_sha256`), so the climatology
//! seat's base rates are fixed before the season.
//!
//! The line is written with a plain create-only append, synced to disk with its directory.
//!
//! The declaration is then stamped at once ([`stamp_declaration`]; spec §3.2, requirement 12:
//! proven from `init` on): a stamped list covering it is written under `proof/` and every
//! configured authority asked for it, as `sealbook league stamp` does ([`stamp_league`]), each
//! bounded by the config's `[anchors]` timeout and retries. With `--offline`, or no authority
//! configured, no list is written and the output says so; an authority that fails is recorded
//! beside the list, and the league stays created: its first run's stamp covers the declaration
//! again (and `league upgrade` asks the failed authority again).

use crate::anchor::league::{stamp_league, StampReport};
use crate::files::{read_bounded, write_new};
use crate::outcome::Unusable;
use sealbook_core::book::writer::BookWriter;
use sealbook_core::calendar::Instant;
use sealbook_core::league::config::LeagueConfig;
use sealbook_core::league::schedule::{declaration, first_counted_session};
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE, CLIM_FILE};
use sealbook_core::score::baselines::ClimatologyTable;
use std::path::Path;

/// The config's copy inside the league directory.
pub const CONFIG_FILE: &str = "league.toml";

fn sync_dir(dir: &Path) -> Result<(), Unusable> {
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(|e| Unusable::io(dir, "sync directory", &e))
}

/// Refuses a directory that already holds a league.
pub fn refuse_existing(dir: &Path) -> Result<(), Unusable> {
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
pub fn parse(bytes: &[u8], config_path: &Path) -> Result<LeagueConfig, Unusable> {
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

/// What became of the declaration's stamp ([`stamp_declaration`]).
pub enum DeclarationStamp {
    /// Not asked: why (offline, no authority configured).
    Skipped(&'static str),
    /// The list written and every authority asked (each one's outcome in the report).
    Asked(StampReport),
    /// The list could not be written (why).
    Failed(String),
}

impl DeclarationStamp {
    /// The `stamp` member of `league init --json`.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            DeclarationStamp::Skipped(why) => serde_json::json!({"ok": false, "skipped": why}),
            DeclarationStamp::Asked(r) => serde_json::json!({"ok": r.ok(), "list": r.list,
                "anchors": r.record.as_ref().map(|a| &a.anchors)}),
            DeclarationStamp::Failed(e) => serde_json::json!({"ok": false, "error": e}),
        }
    }
}

/// Stamps the declaration just sealed in `dir` (see the module doc): skipped when `offline`
/// or when the config names no authority.
pub fn stamp_declaration(
    dir: &Path,
    config: &LeagueConfig,
    now: Instant,
    offline: bool,
) -> DeclarationStamp {
    let a = &config.anchors;
    if offline {
        return DeclarationStamp::Skipped("--offline: no authority asked");
    }
    if a.ots_calendars.is_empty() && a.tsa.is_empty() && a.rekor_url.is_none() {
        return DeclarationStamp::Skipped("no authority configured in [anchors]");
    }
    match stamp_league(dir, config, now) {
        Ok(r) => DeclarationStamp::Asked(r),
        Err(e) => DeclarationStamp::Failed(e.to_string()),
    }
}
