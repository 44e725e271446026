//! The engine-made DEMO league (spec §3.1 a league day, over [`SESSIONS`] sessions): the
//! demo's services run in this process on 127.0.0.1 (the model endpoint, the timestamp
//! authority, the calendar server), and the league is made by the operator's own engine and
//! driver, in this process, on a step clock ([`StepClock`]) the demo moves from instant to
//! instant, exactly as `sealbook serve --league` polls the engine on its clock:
//!
//! 1. the league is initialised as `sealbook league init` does ([`init_league`]), with the
//!    built-in seats (coin, climatology, momentum) and the demo model seats, which go through
//!    the real `adapter = "openai"` seat to [`super::endpoint`]; prices from
//!    [`super::prices`]'s file through the csv provider;
//! 2. for every session the engine is polled at 08:30 ET (snapshot, ask, every answer sealed
//!    on receipt; a stamped list on the cadence) and at 09:00 ET, the deadline (the run
//!    closes and is stamped: the stamped list of both ledgers with an OpenTimestamps proof
//!    from the demo calendar and an RFC 3161 token from the demo authority; no Rekor: the
//!    demo has no log); on one session ([`LATE_SESSION`]) one model seat ([`LATE_SEAT`])
//!    answers at 09:29 ET, a minute before the reference, and the stamp on arrival
//!    (`schedule.stamp_settle_seconds` later) proves it sealed before the reference (spec
//!    §3.2, requirement 12); after the close, at 16:10 ET, for the score lines that have come due;
//!    after the last run the clock goes on, session by session, until the 6m horizons of the
//!    first [`SCORED_6M_RUNS`] runs are scored, and a last stamped list covers the score
//!    lines;
//! 3. the league is published as `sealbook league publish` does ([`publish_league`]): the
//!    forecasts file, the stats document, the proof pages, the trading tracks' files (the
//!    demo models decide on arena-3, pro-1 and agent-portfolio-1 in their answers, the score
//!    job records the funds' DEMO prices) and `manifest.json`.
//!
//! The step clock makes the sealed times independent of the machine's speed, and the demo
//! endpoint lets its models answer each ask in a fixed order, each once the one before it is
//! sealed ([`DemoEndpoint::in_turn`]): the
//! same seed gives the same book and ask chain, byte for byte. Only what must be fresh
//! differs from one demo to the next: the authority's key and tokens, the proofs' nonces.
//!
//! Every file says DEMO: the league's name, the seats, the price symbols (`DEMO-<asset>`),
//! the authority's certificates, the calendar's name, `DEMO.txt`.

use super::endpoint::{DemoEndpoint, DemoKalshi, DEMO_KALSHI, DEMO_MODELS, DEMO_PROVIDER};
use super::ots_calendar::DemoOtsCalendar;
use super::prices::{clim_window, demo_fund_symbol, demo_symbol, price_file, Span, DEMO_SEED};
use super::tsa::DemoTsa;
use crate::league::clock::{Clock, StepClock};
use crate::league::driver::{self, League};
use crate::league::init::{init_league, CONFIG_FILE};
use crate::league::publish::{publish_league, Published, CLIM_FILE};
use crate::outcome::Unusable;
use sealbook_core::calendar::{
    horizon_end_date, new_york_time, nth_session_from, Date, Horizon, Instant,
};
use sealbook_core::league::engine::Action;
use sealbook_core::records::names::{morning_run_id, BOOK_FILE, MARKETS, PROOF_FOLDER};
use std::path::Path;

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

/// The markets with a DEMO crowd contract (each closes at a time spec §4.9 states, so each can
/// be bet on, seeds 001/003).
pub const DEMO_CROWD: [&str; 6] = ["SPX", "NDX", "TNX", "DXY", "GOLD", "BTC"];

/// The provider the demo's baseline seats declare: sealbook computes them itself.
pub const BASELINE_PROVIDER: &str = "local";

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
            "[[seat]]\nname = \"{name}\"\nadapter = \"{adapter}\"\nfamily = \"reference\"\nprovider = \"{BASELINE_PROVIDER}\"\n\n"
        );
    }
    for m in DEMO_MODELS {
        t += &format!(
            "[[seat]]\nname = \"{}\"\nadapter = \"openai\"\nbase_url = \"{endpoint}\"\nmodel = \"{}\"\nfamily = \"{}\"\nside = \"{}\"\nprovider = \"{DEMO_PROVIDER}\"\ntimeout_seconds = 30\nretries = 1\n\n",
            m.seat, m.model, m.family, m.side
        );
    }
    // The DEMO crowd (spec §4.9), served by the endpoint beside its models.
    let crowd = format!("{}/crowd", endpoint.trim_end_matches("/v1"));
    t += &format!("[crowd.polymarket]\nbase_url = \"{crowd}\"\nclob_url = \"{crowd}\"\n\n[crowd.polymarket.contracts]\n");
    for m in DEMO_CROWD {
        t += &format!(
            "{m} = \"demo-{}-up-or-down-{{yyyy}}-{{mm}}-{{dd}}\"\n",
            m.to_ascii_lowercase()
        );
    }
    // Kalshi's strike ladders for markets the Polymarket demo crowd does not list.
    t += &format!("\n[crowd.kalshi]\nbase_url = \"{crowd}/kalshi\"\n\n[crowd.kalshi.contracts]\n");
    for (m, template, _) in DEMO_KALSHI {
        t += &format!("{m} = \"{template}\"\n");
    }
    t += "\n";
    t += &format!("[prices]\nprovider = \"csv\"\npath = \"{PRICES_FILE}\"\n\n[prices.symbols]\n");
    for m in MARKETS {
        t += &format!("{m} = \"{}\"\n", demo_symbol(m));
    }
    t += "\n[prices.fund_symbols]\n";
    let protocol = sealbook_core::arena::league::league_protocol();
    let rules: Vec<&sealbook_core::arena::protocol::RuleSet> = protocol.versions.iter().collect();
    for ticker in sealbook_core::arena::league::price_symbols(&rules) {
        t += &format!("\"{ticker}\" = \"{}\"\n", demo_fund_symbol(&ticker));
    }
    t += &format!(
        "\n[anchors]\nots_calendars = [\"{calendar}\"]\ntsa = [{{ name = \"{TSA_NAME}\", url = \"{tsa}\" }}]\nrekor_url = \"\"\n"
    );
    t
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Unusable> {
    if let Some(p) = path.parent() {
        std::fs::create_dir_all(p).map_err(|e| Unusable::io(p, "create directory", &e))?;
    }
    std::fs::write(path, bytes).map_err(|e| Unusable::io(path, "write", &e))
}

/// How far the demo's clock moves on at each reading (the times a run writes stay in order).
pub const STEP_MICROS: i64 = 1_000;

/// The morning run, its deadline and the close the demo polls the engine at (New York time).
pub const MORNING: (u32, u32) = (8, 30);
pub const DEADLINE: (u32, u32) = (9, 0);
pub const CLOSE: (u32, u32) = (16, 10);
/// The session (counted from the first, 0-based) on which [`LATE_SEAT`] answers late, and
/// when its answer arrives (New York time): a minute before the 09:30 ET reference.
pub const LATE_SESSION: u32 = 1;
pub const LATE_ANSWER: (u32, u32) = (9, 29);
/// The model seat that answers late on [`LATE_SESSION`] (the last to answer in turn, so the
/// others answer as on every session).
pub const LATE_SEAT: &str = DEMO_MODELS[DEMO_MODELS.len() - 1].seat;
/// The last stamped list, after the last close's score lines.
pub const LAST_STAMP: (u32, u32) = (16, 20);

/// Moves the clock to `t`, polls the engine and carries out what it says; a stamp that could
/// not be written or anchored stops the demo (every list of the demo is anchored).
fn step_to(
    league: &mut League,
    step: &StepClock,
    t: Instant,
    actions: Option<Vec<Action>>,
    prices: &dyn crate::prices::PriceProvider,
) -> Result<(), Unusable> {
    step.move_to(t);
    let actions = actions.unwrap_or_else(|| league.engine.poll(league.clock.now()));
    league.apply(actions, prices)?;
    league.wait_stamps();
    for e in std::mem::take(&mut league.events) {
        let failed =
            e["event"] == "stamp_failed" || (e["event"] == "stamped" && e["anchors_ok"] == false);
        if failed {
            return Err(Unusable::new(format!(
                "DEMO: the stamp at {} failed: {e}",
                t.to_rfc3339()
            )));
        }
    }
    Ok(())
}

/// What [`write_league`] made.
pub struct Made {
    pub sessions: u32,
    /// Stamped lists written: those the engine takes on the schedule (on the cadence, at
    /// each run's deadline) and the last one, after the last close.
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

/// The last session the demo polls: scoring goes on after the last of `sessions` runs until
/// the 6m horizons of the first [`SCORED_6M_RUNS`] runs close.
pub fn last_scored_session(sessions: u32) -> Option<Date> {
    let last_run = nth_session_from(FIRST_SESSION, sessions.saturating_sub(1))?;
    let scored_runs = sessions.min(SCORED_6M_RUNS);
    Some(
        nth_session_from(FIRST_SESSION, scored_runs.saturating_sub(1))
            .and_then(|d| horizon_end_date(d, Horizon::M6, false))
            .map_or(last_run, |d| d.max(last_run)),
    )
}

/// Where the reader experiment's clock starts on the DEMO league when `--at` does not set it:
/// 08:45 ET on the demo's last run session, once that session's council is sealed (the run
/// is polled at 08:30 ET) and 45 minutes before its forecasts close. The demo's season is
/// written on its own dates, ahead of or behind the system clock; on this clock the session
/// a reader forecasts is one the demo has a sealed council for, and the sessions it shows
/// as scored are the ones closed before it (spec §6.1).
pub fn experiment_start(sessions: u32) -> Option<Instant> {
    let last_run = nth_session_from(FIRST_SESSION, sessions.saturating_sub(1))?;
    Some(new_york_time(last_run, 8, 45))
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
    let step = StepClock::new(new_york_time(FIRST_SESSION, 8, 0), STEP_MICROS);
    let reading = step.clone();
    let clock = Clock::stepped(&reading);
    let calendar =
        DemoOtsCalendar::start(clock.clone(), Some(CALENDAR_URI.into())).map_err(Unusable::new)?;
    let tsa = DemoTsa::start(clock.clone()).map_err(Unusable::new)?;

    let outside = || Unusable::new("the NYSE calendar does not reach the demo's last session");
    let last_run =
        nth_session_from(FIRST_SESSION, sessions.saturating_sub(1)).ok_or_else(outside)?;
    let last = last_scored_session(sessions).ok_or_else(outside)?;
    let span = Span {
        first_session: FIRST_SESSION,
        fine_until: last_run,
        last_day: last.add_days(10),
        seed: DEMO_SEED,
    };
    let prices = price_file(&span);
    let endpoint = DemoEndpoint::in_turn(dir.join(BOOK_FILE), DemoKalshi::new(&prices, clock))
        .map_err(|e| Unusable::new(format!("cannot start the DEMO model endpoint: {e}")))?;
    write(&dir.join(PRICES_FILE), &prices)?;
    write(
        &dir.join(CLIM_FILE),
        &clim_window(&prices, FIRST_SESSION)
            .map_err(|e| Unusable::new(format!("DEMO climatology: {e}")))?,
    )?;
    write(
        &dir.join(sealbook_core::records::names::DEMO_NOTICE_FILE),
        DEMO_TEXT.as_bytes(),
    )?;
    for (rel, bytes) in tsa.files() {
        write(&dir.join(rel), &bytes)?;
    }
    let config = config_toml(&endpoint.base_url(), &calendar.url(), &tsa.url());
    let declared = new_york_time(FIRST_SESSION.add_days(-3), 12, 0);
    init_league(dir, config.as_bytes(), &dir.join(CONFIG_FILE), declared)?;

    let mut league = League::open_quiet(dir, Clock::stepped(&step))?;
    let provider = driver::provider(dir, &league.config)?;
    let prices = provider.as_ref();
    let at = |day: Date, (h, m): (u32, u32)| new_york_time(day, h, m);
    for k in 0.. {
        let day = nth_session_from(FIRST_SESSION, k).ok_or_else(outside)?;
        if day > last {
            break;
        }
        if k < sessions {
            if k == LATE_SESSION {
                league.hold_ask = Some((morning_run_id(day), LATE_SEAT.to_string()));
            }
            step_to(&mut league, &step, at(day, MORNING), None, prices)?;
            step_to(&mut league, &step, at(day, DEADLINE), None, prices)?;
            if k == LATE_SESSION {
                // The late seat's answer arrives, is sealed at once and stamped on arrival.
                let held = std::mem::take(&mut league.held);
                if held.is_empty() {
                    return Err(Unusable::new(format!(
                        "DEMO: {LATE_SEAT} was not asked on {day}"
                    )));
                }
                step_to(&mut league, &step, at(day, LATE_ANSWER), Some(held), prices)?;
                let due = league.engine.arrival_stamp_at().ok_or_else(|| {
                    Unusable::new(format!(
                        "DEMO: no stamp on arrival due after {LATE_SEAT}'s answer on {day}"
                    ))
                })?;
                step_to(&mut league, &step, due, None, prices)?;
            }
        }
        step_to(&mut league, &step, at(day, CLOSE), None, prices)?;
    }
    // The last close's score lines, stamped too.
    step_to(
        &mut league,
        &step,
        at(last, LAST_STAMP),
        Some(vec![Action::Stamp]),
        prices,
    )?;
    drop(league);
    if let Published::ChainBroken { error, .. } = publish_league(dir)? {
        return Err(Unusable::new(format!("DEMO: {error}")));
    }
    let mut files = Vec::new();
    walk(dir, "", &mut files)?;
    files.sort();
    let stamps = files
        .iter()
        .filter(|f| f.starts_with(PROOF_FOLDER) && f.ends_with(".txt"))
        .count();
    Ok(Made {
        sessions,
        stamps,
        files,
    })
}
