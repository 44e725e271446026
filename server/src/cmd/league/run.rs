//! `sealbook league run DIR [--at RFC3339]`: one run now (spec §3.1 steps 1-3): the price
//! snapshot, the ask published and sealed, every seat asked at once, each answer sealed on
//! receipt. `--at` sets the engine's clock to that instant, advancing with real time from
//! there; the run line then records `clock: set`. A run that is not due (outside the windows
//! of a session's morning run and its declared other runs, or already sealed) is refused (exit 2), and so is one whose price snapshot
//! ends at or after the session's reference (spec §3.3: nothing is sealed; the run is missed).
//! A stamp due with the run writes its list first and asks its anchors beside the asks; the
//! lines sealed after the run's last stamp are stamped before it exits. A
//! seat whose ask failed inside sealbook (a panic) is recorded as that seat's failure, the
//! other seats' answers are sealed, and the run exits 1 naming it (`faults`); so does a seat
//! that cannot be asked on this machine, its `api_key_env` not set (`unconfigured`; its
//! `no_answer` line says why).

use crate::league::clock::Clock;
use crate::league::driver::{provider, League};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::league::engine::Action;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory (made by `sealbook league init`).
    dir: PathBuf,
    /// Start the engine's clock at this instant (tests, replays of recorded days).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let clock = Clock::from_arg(args.at.as_deref())?;
    let mut league = League::open(&args.dir, clock)?;
    let prices = provider(&args.dir, &league.config)?;
    let now = league.clock.now();
    // A run an earlier process left unfinished is finished first, before its deadline.
    let resumed = league.resume_unfinished(now)?;
    let mut actions = resumed.as_ref().map(|(_, a)| a.clone()).unwrap_or_default();
    actions.extend(
        league
            .engine
            .try_poll(now)
            .map_err(|e| Unusable::new(e.to_string()).field("--at"))?,
    );
    let taken = actions.iter().find_map(|a| match a {
        Action::TakeSnapshot { run_id, .. } => Some(run_id.clone()),
        _ => None,
    });
    // After an unfinished run's deadline, its seats still silent are sealed no_answer.
    let closed = actions.iter().find_map(|a| match a {
        Action::Seal { content, .. }
            if content.get("kind").and_then(|k| k.as_str()) == Some("no_answer") =>
        {
            content
                .get("run_id")
                .and_then(|r| r.as_str())
                .map(str::to_owned)
        }
        _ => None,
    });
    let Some(run_id) = taken
        .or_else(|| resumed.as_ref().map(|(r, _)| r.clone()))
        .or(closed)
    else {
        let (h, m) = league.config.schedule.morning_run;
        let (rh, rm) = league.config.schedule.reference;
        let others: Vec<String> = league
            .config
            .schedule
            .other_runs
            .iter()
            .map(|(h, m)| format!("{h:02}:{m:02}"))
            .collect();
        let others = if others.is_empty() {
            String::new()
        } else {
            format!(
                "; its other runs at {} New York time, each until the next run of the session",
                others.join(", ")
            )
        };
        return Err(Unusable::new(format!(
            "no run is due at {}: a session's morning run is asked from {h:02}:{m:02} to {rh:02}:{rm:02} New York time, once{others}",
            now.to_rfc3339()
        )));
    };
    league.apply(actions, prices.as_ref())?;
    if !league.engine.has_run_id(&run_id) {
        // Spec §3.3: the snapshot ended at or after the reference; nothing was sealed.
        let taken_at = league
            .events
            .iter()
            .find(|e| e["event"] == "snapshot")
            .and_then(|e| e["taken_at"].as_str().map(str::to_owned))
            .unwrap_or_default();
        return Err(Unusable::new(format!(
            "run {run_id} missed: its price snapshot (taken at {taken_at}) ended at or after the session's reference, so nothing was sealed or asked"
        )));
    }
    // A deadline that passed while the seats were asked closes the run now.
    let after: Vec<Action> = league
        .engine
        .poll(league.clock.now())
        .into_iter()
        .filter(|a| matches!(a, Action::Seal { .. } | Action::Stamp))
        .collect();
    league.apply(after, prices.as_ref())?;
    // Every line is sealed: the last ones are stamped before the process exits, and the
    // anchors asked beside the seals are waited for now.
    league.stamp_before_exit();
    league.wait_stamps();
    let count = |event: &str, kind: Option<&str>| {
        league
            .events
            .iter()
            .filter(|e| e["event"] == event && kind.is_none_or(|k| e["kind"] == k))
            .count()
    };
    let answers = count("sealed", Some("answer"));
    let asked = league
        .events
        .iter()
        .find(|e| e["event"] == "asked")
        .and_then(|e| e["seats"].as_array().map(Vec::len))
        .unwrap_or(0);
    let faults = &league.faults;
    let unconfigured = &league.unconfigured;
    let ok = faults.is_empty() && unconfigured.is_empty();
    if json {
        let mut out = serde_json::json!({"ok": ok, "run_id": run_id,
            "clock_set": league.clock.set, "answers_sealed": answers, "seats_asked": asked,
            "events": league.events});
        if !faults.is_empty() {
            out["faults"] = serde_json::json!(faults);
        }
        if !unconfigured.is_empty() {
            out["unconfigured"] = serde_json::json!(unconfigured);
        }
        println!("{out}");
    } else {
        println!(
            "run {run_id}: {asked} seat(s) asked, {answers} answer line(s) sealed, {} no_answer line(s){}",
            count("sealed", Some("no_answer")),
            if league.clock.set { " (clock set)" } else { "" }
        );
        if !faults.is_empty() {
            eprintln!(
                "sealbook: the ask of seat(s) {} failed inside sealbook; each is recorded as that seat's failure",
                faults.join(", ")
            );
        }
    }
    if !unconfigured.is_empty() && !json {
        eprintln!(
            "sealbook: seat(s) could not be asked, each recorded as that seat's failure: {}",
            unconfigured.join("; ")
        );
    }
    // Every other seat's answer is sealed; the run itself did not go as it should.
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
