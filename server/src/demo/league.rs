//! The engine-made DEMO league (spec §3.1 a league day, over [`SESSIONS`] sessions): the
//! demo's services run in this process on 127.0.0.1 (the model endpoint, the timestamp
//! authority, the calendar server), and the league is made by the operator's own commands,
//! run as child processes exactly as an operator runs them, each with a set clock:
//!
//! 1. `sealbook league init DIR --config league.toml --at T`: the built-in seats (coin,
//!    climatology, momentum) and the demo model seats, which go through the real
//!    `adapter = "openai"` seat to [`super::endpoint`]; prices from [`super::prices`]'s file
//!    through the csv provider;
//! 2. for every session: `sealbook league run DIR --at <08:30 ET>` (snapshot, ask, every
//!    answer sealed on receipt), then `sealbook league stamp DIR --at <09:00 ET>`: the stamped
//!    list of both ledgers with an OpenTimestamps proof from the demo calendar and an RFC 3161
//!    token from the demo authority (no Rekor: the demo has no log); after the close, `sealbook league score DIR --session S --at
//!    <16:10 ET>` for every run with a horizon ending that day; after the last run the clock
//!    goes on, session by session, until the 6m horizons of the first [`SCORED_6M_RUNS`] runs
//!    are scored, and a last stamped list covers the score lines;
//! 3. `sealbook league publish DIR`: the forecasts file, the stats document, the proof pages
//!    and `manifest.json`.
//!
//! Every file says DEMO: the league's name, the seats, the price symbols (`DEMO-<asset>`),
//! the authority's certificates, the calendar's name, `DEMO.txt`.

use super::calendar::DemoCalendar;
use super::endpoint::{DemoEndpoint, DEMO_MODELS};
use super::prices::{climatology, demo_symbol, price_file, Span, DEMO_SEED};
use super::tsa::DemoTsa;
use super::Clock;
use crate::cmd::league::publish::CLIM_FILE;
use crate::outcome::Unusable;
use sealbook_core::calendar::{
    horizon_end_date, new_york_time, nth_session_from, Date, Horizon, Instant,
};
use sealbook_core::league::layout::MARKETS;
use sealbook_core::score::baselines::clim_content_sha256;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

/// Sessions the demo league runs (enough for every table of the Scores page, spec §5).
pub const SESSIONS: u32 = 40;
/// Runs whose 6m horizon the demo goes on to score after the last run (a seat is ranked on
/// a horizon from ten sessions, `core::score::eligibility`).
pub const SCORED_6M_RUNS: u32 = 13;
/// The demo's first session: session 1 of the league numbering (2026-10-19).
pub const FIRST_SESSION: Date = sealbook_core::calendar::SESSION_ONE;
/// The price file, beside the config in the league directory.
pub const PRICES_FILE: &str = "demo-prices.csv";
/// The calendar the pending attestations name (no such host: the proofs stay pending).
pub const CALENDAR_URI: &str = "https://demo-calendar.sealbook.invalid";
/// The authority's name in token file names (`<list>.demo.tsr`).
pub const TSA_NAME: &str = "demo";
/// What the league directory's `DEMO.txt` says.
pub const DEMO_TEXT: &str = "DEMO league made by `sealbook demo`.\n\nEverything here is invented: the seats are demo models answering from an in-process \
endpoint, the prices are a seeded random walk (symbols DEMO-<asset>), the RFC 3161 tokens come \
from a DEMO authority whose key and root were made for this demo alone (tsa/demo-root.pem: \
choose it as a trust anchor to see Level 2+), and the OpenTimestamps proofs are pending at a \
DEMO calendar that never reaches Bitcoin. Nothing here is a real forecast.\n";

/// The league.toml the demo initialises its league with.
pub fn config_toml(endpoint: &str, calendar: &str, tsa: &str) -> String {
    let mut t = String::from(
        "# DEMO league: invented seats and prices, made by `sealbook demo`.\n[league]\nname = \"sealbook DEMO league\"\nmethodology_version = \"demo-1\"\n\n",
    );
    t += &format!("[schedule]\nfirst_session = \"{FIRST_SESSION}\"\n\n");
    for (name, adapter) in [
        ("coin", "coin"),
        ("climatology", "climatology"),
        ("momentum", "momentum"),
    ] {
        t += &format!(
            "[[seat]]\nname = \"{name}\"\nadapter = \"{adapter}\"\nfamily = \"reference\"\n\n"
        );
    }
    for m in DEMO_MODELS {
        t += &format!(
            "[[seat]]\nname = \"{}\"\nadapter = \"openai\"\nbase_url = \"{endpoint}\"\nmodel = \"{}\"\nfamily = \"{}\"\nside = \"{}\"\ntimeout_seconds = 30\nretries = 1\n\n",
            m.seat, m.model, m.family, m.side
        );
    }
    t += &format!("[prices]\nprovider = \"csv\"\npath = \"{PRICES_FILE}\"\n\n[prices.symbols]\n");
    for m in MARKETS {
        t += &format!("{m} = \"{}\"\n", demo_symbol(m));
    }
    t += &format!(
        "\n[anchors]\nots_calendars = [\"{calendar}\"]\ntsa = [{{ name = \"{TSA_NAME}\", url = \"{tsa}\" }}]\nrekor_url = \"\"\n"
    );
    t
}

/// `council-clim-window.json` (spec §4.3) from the price file's year before the first session,
/// with its content hash.
fn clim_window(prices: &[u8]) -> Result<Vec<u8>, Unusable> {
    use sealbook_core::book::canon::{self, DumpOptions, Value};
    use sealbook_core::league::layout::{float, int, object, string};
    let table = climatology(prices, FIRST_SESSION)
        .into_iter()
        .map(|(asset, h, p, ex, n, ni)| {
            Value::Object(object([
                ("asset", string(&asset)),
                ("h", string(h.as_str())),
                ("p_up", float(p)),
                ("p_up_ex_draw", float(ex)),
                ("n", int(n)),
                ("n_independent", int(ni)),
            ]))
        })
        .collect();
    let mut o = object([
        (
            "rule",
            string("close strictly above the close one horizon earlier"),
        ),
        (
            "window",
            string(&format!("DEMO: the synthetic year before {FIRST_SESSION}")),
        ),
        ("table", Value::Array(table)),
    ]);
    let sha =
        clim_content_sha256(&o).map_err(|e| Unusable::new(format!("DEMO climatology: {e}")))?;
    o.insert("sha256", string(&sha));
    let mut bytes = canon::to_bytes(&Value::Object(o), DumpOptions::SEAL)
        .map_err(|e| Unusable::new(format!("DEMO climatology: {e}")))?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Runs `sealbook <args>` (this binary) and returns its stdout, or the error it reported.
fn sealbook(args: &[&str]) -> Result<String, Unusable> {
    let exe = std::env::current_exe()
        .map_err(|e| Unusable::new(format!("cannot find the sealbook binary: {e}")))?;
    let out = Command::new(exe)
        .args(args)
        .env_remove("SEALBOOK_OTS_TEST_NONCE")
        .output()
        .map_err(|e| Unusable::new(format!("cannot run sealbook {}: {e}", args.join(" "))))?;
    if !out.status.success() {
        let tail: String = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| !l.starts_with("{\"event\""))
            .collect::<Vec<_>>()
            .join("\n");
        return Err(Unusable::new(format!(
            "DEMO: `sealbook {}` failed ({}): {}{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stdout).trim(),
            tail
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Unusable> {
    if let Some(p) = path.parent() {
        std::fs::create_dir_all(p).map_err(|e| Unusable::io(p, "create directory", &e))?;
    }
    std::fs::write(path, bytes).map_err(|e| Unusable::io(path, "write", &e))
}

/// The stamped list of both ledgers at `at`, anchored at the demo calendar and authority
/// (`sealbook league stamp`, with the league's configured anchors).
fn stamp(dir: &str, at: Instant) -> Result<(), Unusable> {
    sealbook(&["league", "stamp", dir, "--at", &at.to_rfc3339()]).map(drop)
}

/// What [`write_league`] made.
pub struct Made {
    pub sessions: u32,
    /// Stamped lists written: the demo's own (each morning before the reference, and after the
    /// last close) and those `league run` and `league score` take on the schedule.
    pub stamps: usize,
    /// Every file of the directory, relative, sorted.
    pub files: Vec<String>,
}

fn walk(root: &Path, rel: &str, out: &mut Vec<String>) -> Result<(), Unusable> {
    let dir = root.join(rel);
    let rd = std::fs::read_dir(&dir).map_err(|e| Unusable::io(&dir, "list", &e))?;
    for e in rd {
        let e = e.map_err(|e| Unusable::io(&dir, "list", &e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        let r = if rel.is_empty() {
            name
        } else {
            format!("{rel}/{name}")
        };
        if e.path().is_dir() {
            walk(root, &r, out)?;
        } else {
            out.push(r);
        }
    }
    Ok(())
}

/// Makes the DEMO league in `dir` (which must be empty or absent), over `sessions` sessions.
pub fn write_league(dir: &Path, sessions: u32) -> Result<Made, Unusable> {
    if dir.exists() {
        let mut rd = std::fs::read_dir(dir).map_err(|e| Unusable::io(dir, "list", &e))?;
        if rd.next().is_some() {
            return Err(Unusable::file(
                dir,
                "not empty: the DEMO league is made in an empty (or new) directory",
            )
            .field("--out"));
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| Unusable::io(dir, "create directory", &e))?;
    let d = dir.display().to_string();
    let now: Arc<Mutex<Instant>> = Arc::new(Mutex::new(new_york_time(FIRST_SESSION, 8, 0)));
    let set = |t: Instant| {
        if let Ok(mut n) = now.lock() {
            *n = t;
        }
    };
    let reading = now.clone();
    let clock: Clock = Arc::new(move || reading.lock().map(|t| *t).unwrap_or(Instant(0)));
    let endpoint = DemoEndpoint::start()
        .map_err(|e| Unusable::new(format!("cannot start the DEMO model endpoint: {e}")))?;
    let calendar =
        DemoCalendar::start(clock.clone(), Some(CALENDAR_URI.into())).map_err(Unusable::new)?;
    let tsa = DemoTsa::start(clock).map_err(Unusable::new)?;

    let outside = || Unusable::new("the NYSE calendar does not reach the demo's last session");
    let last_run =
        nth_session_from(FIRST_SESSION, sessions.saturating_sub(1)).ok_or_else(outside)?;
    // Scoring goes on after the last run until the 6m horizons of the first runs close.
    let scored_runs = sessions.min(SCORED_6M_RUNS);
    let last = nth_session_from(FIRST_SESSION, scored_runs.saturating_sub(1))
        .and_then(|d| horizon_end_date(d, Horizon::M6, false))
        .map_or(last_run, |d| d.max(last_run));
    let span = Span {
        first_session: FIRST_SESSION,
        fine_until: last_run,
        last_day: last.add_days(10),
        seed: DEMO_SEED,
    };
    let prices = price_file(&span);
    write(&dir.join(PRICES_FILE), &prices)?;
    write(&dir.join(CLIM_FILE), &clim_window(&prices)?)?;
    write(&dir.join("DEMO.txt"), DEMO_TEXT.as_bytes())?;
    for (rel, bytes) in tsa.files() {
        write(&dir.join(rel), &bytes)?;
    }
    // The config is read from outside the league (init copies it in as league.toml).
    let config = std::env::temp_dir().join(format!("sealbook-demo-{}.toml", std::process::id()));
    write(
        &config,
        config_toml(&endpoint.base_url(), &calendar.url(), &tsa.url()).as_bytes(),
    )?;
    let declared = new_york_time(FIRST_SESSION.add_days(-3), 12, 0).to_rfc3339();
    let init = sealbook(&[
        "league",
        "init",
        &d,
        "--config",
        &config.display().to_string(),
        "--at",
        &declared,
    ]);
    let _ = std::fs::remove_file(&config);
    init?;

    let mut run_days = Vec::new();
    let mut k = 0;
    loop {
        let day = nth_session_from(FIRST_SESSION, k).ok_or_else(outside)?;
        if day > last {
            break;
        }
        k += 1;
        if k <= sessions {
            let at = new_york_time(day, 8, 30);
            set(at);
            sealbook(&["league", "run", &d, "--at", &at.to_rfc3339()])?;
            run_days.push(day);
            let at = new_york_time(day, 9, 0);
            set(at);
            stamp(&d, at)?;
        }
        let close = new_york_time(day, 16, 10);
        set(close);
        for s in &run_days {
            let due = Horizon::ALL
                .iter()
                .any(|h| horizon_end_date(*s, *h, false) == Some(day));
            if due {
                let session = s.to_string();
                sealbook(&[
                    "league",
                    "score",
                    &d,
                    "--session",
                    &session,
                    "--at",
                    &close.to_rfc3339(),
                ])?;
            }
        }
    }
    // The last close's score lines, stamped too.
    let at = new_york_time(last, 16, 20);
    set(at);
    stamp(&d, at)?;
    sealbook(&["league", "publish", &d])?;
    let mut files = Vec::new();
    walk(dir, "", &mut files)?;
    files.sort();
    let stamps = files
        .iter()
        .filter(|f| f.starts_with("proof/") && f.ends_with(".txt"))
        .count();
    Ok(Made {
        sessions,
        stamps,
        files,
    })
}
