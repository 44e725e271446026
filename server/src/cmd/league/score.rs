//! `sealbook league score DIR --session YYYY-MM-DD [--at RFC3339]`: after the close, the
//! session's score line, and each longer horizon's `score_h` line whose window has closed
//! (spec §3.1 step 5, §3.3), priced from the league's provider by the published rule. Seats
//! still silent after the run's deadline are sealed `no_answer` first. Nothing due is not an
//! error; a session without a run is (exit 2). `--retake` first re-takes the session's sealed
//! score lines: one whose prices now differ gets a `correction` line naming it by `of`.

use crate::league::clock::Clock;
use crate::league::driver::{provider, League};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Date;
use sealbook_core::league::engine::Action;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory.
    dir: PathBuf,
    /// The session whose run is scored.
    #[arg(long, value_name = "YYYY-MM-DD")]
    session: String,
    /// Take this instant as now (tests, replays).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// Also re-take the session's sealed score lines; one whose prices now differ gets a
    /// correction line naming it (the sealed line stays).
    #[arg(long)]
    retake: bool,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let session = Date::parse(&args.session).ok_or_else(|| {
        Unusable::new(format!(
            "--session {:?} is not a date YYYY-MM-DD",
            args.session
        ))
        .field("--session")
    })?;
    let clock = Clock::from_arg(args.at.as_deref())?;
    let mut league = League::open(&args.dir, clock)?;
    if !league.engine.has_run_for(session) {
        return Err(Unusable::new(format!(
            "the league has no run for session {session}"
        )));
    }
    let prices = provider(&args.dir, &league.config)?;
    let now = league.clock.now();
    // A clock earlier than a sealed line seals nothing (the engine's refusal); a re-take's
    // correction is refused the same way when it comes to be sealed.
    let behind =
        |e: sealbook_core::league::engine::ClockBehind| Unusable::new(e.to_string()).field("--at");
    let actions: Vec<Action> = league
        .engine
        .try_poll(now)
        .map_err(behind)?
        .into_iter()
        .filter(|a| match a {
            Action::Score { session: s, .. } => *s == session,
            Action::TakeSnapshot { .. } => false,
            _ => true,
        })
        .collect();
    let retaken = if args.retake {
        league.retake(session, prices.as_ref())?
    } else {
        0
    };
    league.apply(actions, prices.as_ref())?;
    league.stamp_before_exit();
    league.wait_stamps();
    let scored: Vec<&serde_json::Value> = league
        .events
        .iter()
        .filter(|e| e["event"] == "scored")
        .collect();
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "session": session.to_string(),
                "score_lines": scored.len(), "corrections": retaken, "events": league.events})
        );
    } else if scored.is_empty() && retaken == 0 {
        println!(
            "session {session}: no score line due at {}",
            league.clock.now().to_rfc3339()
        );
    } else {
        for e in &scored {
            println!(
                "session {session}: horizon {} scored as book line {} ({} markets priced, {} unpriced)",
                e["horizon"].as_str().unwrap_or(""),
                e["n"],
                e["markets"],
                e["unpriced"].as_object().map_or(0, |o| o.len())
            );
        }
    }
    if !json && retaken > 0 {
        println!("session {session}: {retaken} score line(s) re-taken with different prices: correction line(s) sealed");
    }
    Ok(Exit::Ok)
}
