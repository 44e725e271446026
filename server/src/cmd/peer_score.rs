//! `sealbook score --profile agentpit|ladder|arena --forecasts <records.jsonl> [--json]`: a
//! peer benchmark's stats document from its records file (formats:
//! `core::score::peers::records`; schemas: `sealbook schema <profile>-records`), computed by
//! `core::score::peers::profile_stats` with `core::stats`' bootstraps.

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::score::peers::profile_stats::{
    peer_stats, AgentpitStats, ArenaStats, Figure, LadderStats, PeerStats,
};
use sealbook_core::score::peers::Profile;
use sealbook_core::score::seams::CoreStats;
use std::path::Path;

/// Scores `path` under a peer `profile` (not council).
pub fn run(profile: Profile, path: &Path, json: bool) -> CmdResult {
    let bytes = input::read(path, "records file", "score")?;
    let doc = peer_stats(profile, &bytes, &CoreStats).expect("a peer profile").map_err(|e| {
        let name = serde_json::to_value(profile).expect("profile").as_str().unwrap_or_default().to_string();
        let message = if e.field.is_none() {
            format!("{}; --profile {name} reads a JSONL records file (its format: sealbook schema {name}-records)", e.message)
        } else {
            e.message.to_string()
        };
        let u = Unusable::file(path, message).at_line(e.line as u64);
        match e.field {
            Some(f) => u.field(f),
            None => u,
        }
    })?;
    if json {
        println!("{}", serde_json::to_string(&doc).expect("stats serialize"));
    } else {
        match &doc {
            PeerStats::Agentpit(d) => print_agentpit(d),
            PeerStats::Ladder(d) => print_ladder(d),
            PeerStats::Arena(d) => print_arena(d),
        }
    }
    Ok(Exit::Ok)
}

fn num(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.4}"))
}

/// `value [lo, hi]`, or the value alone.
fn fig(f: &Figure) -> String {
    match f.interval {
        Some((lo, hi)) => format!("{} [{lo:.4}, {hi:.4}]", num(f.value)),
        None => num(f.value),
    }
}

fn print_agentpit(d: &AgentpitStats) {
    println!(
        "agentpit: {} records; {:.0}% intervals, {} resamples, default_rng({})",
        d.records,
        d.bootstrap.level * 100.0,
        d.bootstrap.resamples,
        d.bootstrap.seed
    );
    println!(
        "{:<16} {:>5} {:>5} {:>5} {:>26} {:>8} {:>27} {:>9} {:>13} {:>10}",
        "agent",
        "n",
        "miss",
        "infra",
        "brier",
        "crowd",
        "agent - crowd",
        "sign p",
        "verdict",
        "bet P&L"
    );
    for (name, a) in &d.agents {
        let verdict = a.vs_crowd.verdict.map_or("-".to_string(), |v| {
            serde_json::to_value(v)
                .expect("verdict")
                .as_str()
                .unwrap_or_default()
                .to_string()
        });
        println!(
            "{name:<16} {:>5} {:>5} {:>5} {:>26} {:>8} {:>27} {:>9.4} {:>13} {:>10.2}",
            a.scored,
            a.missing,
            a.infrastructure_failures,
            fig(&a.brier),
            num(a.crowd_brier.value),
            fig(&a.vs_crowd.mean_difference),
            a.vs_crowd.sign_test.p_value,
            verdict,
            a.bets.pnl
        );
    }
}

fn print_ladder(d: &LadderStats) {
    let q = &d.questions;
    println!(
        "ladder: {} records, {} questions ({} yes, {} no, {} annulled, {} open); {:.0}% intervals, {} resamples, default_rng({})",
        d.records, q.total, q.yes, q.no, q.annulled, q.open, d.bootstrap.level * 100.0, d.bootstrap.resamples, d.bootstrap.seed
    );
    println!(
        "{:<20} {:>5} {:>8} {:>26} {:>8} {:>28} {:>7} {:>8} {:>8}",
        "model", "n", "coverage", "brier", "market", "edge", "league", "ROI", ""
    );
    for (name, m) in &d.models {
        println!(
            "{:<20} {:>5} {:>8} {:>26} {:>8} {:>28} {:>7} {:>8} {:>8}",
            format!("{name}{}", if m.search_enabled { "*" } else { "" }),
            m.answered_resolved,
            num(m.coverage),
            fig(&m.scores.brier),
            num(m.scores.market_brier.value),
            fig(&m.scores.edge),
            num(m.league_score.value),
            num(m.returns.roi),
            if m.provisional { "PROVISIONAL" } else { "" }
        );
    }
}

fn print_arena(d: &ArenaStats) {
    println!(
        "arena: {} records; leaderboard gate {} settled; no intervals (seed 004 states none)",
        d.records, d.settlement_gate
    );
    println!(
        "{:<20} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8}  eligible",
        "agent", "settled", "score", "accuracy", "brier", "crps", "display", "excluded"
    );
    for (name, a) in &d.agents {
        println!(
            "{name:<20} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8}  {}",
            a.settled,
            num(a.directional.score.value),
            num(a.directional.accuracy.value),
            num(a.directional.brier.value),
            num(a.numeric.crps.value),
            num(a.numeric.display.value),
            a.cancelled + a.open,
            if a.leaderboard_eligible { "yes" } else { "no" }
        );
    }
}
