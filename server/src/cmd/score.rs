//! `sealbook score --forecasts <csv> [--book <b>] [--asks <a>] [--clim <json>] [--profile P] [--json]`: the
//! stats document (spec §4-§5, §8) from the league's published files, computed by
//! `core::score::league::league_stats_from_files` with `core::stats`' intervals — the same
//! entry point the browser calls, so both give the same document from the same bytes.

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Horizon;
use sealbook_core::score::league::{league_stats_from_files, LeagueStats};
use sealbook_core::score::peers::Profile;
use sealbook_core::score::seams::CoreStats;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    files: input::LeagueFiles,
    /// council-clim-window.json: the sealed climatology (BSS, K_clim, the primary endpoint).
    #[arg(long, value_name = "JSON")]
    clim: Option<PathBuf>,
    /// Scoring rules: council (seed 000). agentpit, ladder and arena score their own files.
    #[arg(long, default_value = "council")]
    profile: String,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    match Profile::parse(&args.profile) {
        Some(Profile::Council) => {}
        Some(_) => {
            return Err(Unusable::new(format!(
                "profile {} scores that benchmark's own question files, which council-forecasts.csv is not; only --profile council reads it",
                args.profile
            ))
            .field("--profile"))
        }
        None => return Err(Unusable::new(format!("unknown profile {:?}: council, agentpit, ladder or arena", args.profile)).field("--profile")),
    }
    let (csv, book) = args.files.read()?;
    let asks = args.files.read_asks()?;
    let clim = args.clim.as_deref().map(|p| input::read(p, "climatology")).transpose()?;
    let stats = league_stats_from_files(&csv, book.as_deref(), clim.as_deref(), asks.as_deref(), &CoreStats)
        .map_err(|e| input::unusable(e, &args.files.paths(args.clim.as_ref())))?;
    if json {
        println!("{}", serde_json::to_string(&stats).expect("stats serialize"));
    } else {
        print_human(&stats);
    }
    Ok(Exit::Ok)
}

fn num(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.4}"))
}

fn print_human(s: &LeagueStats) {
    println!("{} rows; time basis {}", s.rows, s.time_basis);
    println!("{:<16} {:>3} {:>6} {:>5} {:>7} {:>7} {:>7} {:>6}  95% interval", "seat", "h", "n", "sess", "brier", "bss_clim", "k", "ranked");
    for (seat, hs) in &s.seats {
        for (h, f) in Horizon::ALL.iter().filter_map(|h| hs.get(h.as_str()).map(|f| (h.as_str(), f))) {
            let ci = match (f.ci95, &f.interval.reason) {
                (Some((lo, hi)), _) => format!("[{lo:.4}, {hi:.4}]"),
                (None, Some(reason)) => reason.clone(),
                (None, None) => "none could be formed".into(),
            };
            println!(
                "{seat:<16} {h:>3} {:>6} {:>5} {:>7} {:>7} {:>7} {:>6}  {ci}",
                f.n,
                f.sessions,
                num(f.brier),
                num(f.bss_clim),
                num(f.k),
                f.ranked
            );
        }
    }
    for (h, c) in Horizon::ALL.iter().filter_map(|h| s.consensus.get(h.as_str()).map(|c| (h.as_str(), c))) {
        println!("consensus {h}: brier {} over {} events in {} sessions, dispersion {}", num(c.brier), c.n, c.sessions, num(c.dispersion));
    }
    println!("n_eff: {} readings, independence: {} (sealbook neff [--all] prints them)", s.n_eff.len(), s.independence.runs.len());
    let p = &s.primary_endpoint;
    match (p.ci95, p.ci90, p.verdict) {
        (Some(a), Some(b), Some(v)) => println!(
            "primary endpoint: {} over {} sessions, 95% [{:.4}, {:.4}], 90% [{:.4}, {:.4}], {}{}",
            num(p.estimate),
            p.sessions,
            a.0,
            a.1,
            b.0,
            b.1,
            serde_json::to_value(v).expect("verdict").as_str().unwrap_or_default(),
            if p.confirmed_below_margin { " (smaller than the margin)" } else { "" }
        ),
        _ => println!("primary endpoint: {} over {} sessions; {}", num(p.estimate), p.sessions, p.note.as_deref().unwrap_or("no interval")),
    }
}
