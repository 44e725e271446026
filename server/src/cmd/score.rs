//! `sealbook score [--forecasts <csv>] [--book <b>] [--asks <a>] [--clim <json>] [--profile P] [--json]`: the
//! stats document (spec §4-§5, §8) from the league's published files, computed by
//! `core::score::files::league_stats_from_files` with `core::stats`' intervals — the same
//! entry point the browser calls, so both give the same document from the same bytes.
//! With `--profile agentpit|ladder|arena`, `--forecasts` is that benchmark's JSONL records file
//! and [`peer_score`] prints its document instead.
//! Without `--forecasts` the rows are rebuilt from the book (`rows_from: "book"`,
//! `core::score::book_rows`); one of the two is required (exit 2).
//!
//! With the book it also prints the AI-vs-crowd table of §4.9 (`crowd`) and checks that every
//! `issue` row of the forecasts file is the cell sealed in the answer line it names
//! (`book_agreement`); a disagreement exits 1 (the scored answers are not the sealed ones),
//! after the document is printed.

use super::{input, peer_score};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Horizon;
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::book_agreement::BookAgreement;
use sealbook_core::score::crowd_book::{CrowdFigures, CrowdStats};
use sealbook_core::score::files::league_stats_from_files;
use sealbook_core::score::league::{LeagueStats, PrimaryEndpoint};
use sealbook_core::score::peers::Profile;
use sealbook_core::score::seams::CoreStats;
use sealbook_core::score::secondary::Secondary;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    files: input::LeagueFiles,
    /// council-clim-window.json: the sealed climatology (BSS, K_clim, the primary endpoint).
    #[arg(long, value_name = "JSON")]
    clim: Option<PathBuf>,
    /// Scoring rules: council (seed 000), or agentpit (seeds 001/003), ladder (seed 002),
    /// arena (seed 004), which read a JSONL records file as --forecasts (formats:
    /// `sealbook schema <profile>-records`).
    #[arg(long, default_value = "council")]
    profile: String,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    match Profile::parse(&args.profile) {
        Some(Profile::Council) => {}
        Some(peer) => {
            if let Some(extra) = [
                ("--book", args.files.book.is_some()),
                ("--clim", args.clim.is_some()),
            ]
            .iter()
            .find(|(_, given)| *given)
            {
                return Err(Unusable::new(format!("profile {} reads one records file (--forecasts); {} is for the council profile", args.profile, extra.0)).field(extra.0));
            }
            let Some(records) = &args.files.forecasts else {
                return Err(Unusable::new(format!(
                    "profile {} reads its records file as --forecasts",
                    args.profile
                ))
                .field("--forecasts"));
            };
            return peer_score::run(peer, records, json);
        }
        None => {
            return Err(Unusable::new(format!(
                "unknown profile {:?}: council, agentpit, ladder or arena",
                args.profile
            ))
            .field("--profile"))
        }
    }
    let (csv, book) = args.files.read()?;
    let asks = args.files.read_asks()?;
    let clim = args
        .clim
        .as_deref()
        .map(|p| input::read(p, "climatology", "score"))
        .transpose()?;
    let sources = LeagueSources {
        forecasts: csv.as_deref(),
        book: book.as_deref(),
        climatology: clim.as_deref(),
        asks: asks.as_deref(),
    };
    let stats = league_stats_from_files(sources, &CoreStats)
        .map_err(|e| input::unusable(e, &args.files.paths(args.clim.as_ref())))?;
    if json {
        println!(
            "{}",
            serde_json::to_string(&stats).expect("stats serialize")
        );
    } else {
        print_human(&stats);
    }
    // The scored answers are not the sealed ones: a failed verification, not unusable input.
    Ok(if stats.book_agreement.as_ref().is_some_and(|a| !a.ok) {
        Exit::Failed
    } else {
        Exit::Ok
    })
}

fn num(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.4}"))
}

fn print_human(s: &LeagueStats) {
    let from = serde_json::to_value(s.rows_from)
        .expect("rows_from")
        .as_str()
        .unwrap_or_default()
        .to_string();
    println!(
        "{} rows from the {from}; time basis {}",
        s.rows, s.time_basis
    );
    if let Some(c) = &s.counting {
        println!("counted runs: {}", c.describe());
        for n in &c.notes {
            println!("  note: {n}");
        }
        for f in &c.flags {
            println!("  FLAGGED: {f}");
        }
    }
    println!(
        "{:<16} {:>3} {:>6} {:>5} {:>7} {:>7} {:>7} {:>6}  95% interval",
        "seat", "h", "n", "sess", "brier", "bss_clim", "k", "ranked"
    );
    for (seat, hs) in &s.seats {
        for (h, f) in Horizon::ALL
            .iter()
            .filter_map(|h| hs.get(h.as_str()).map(|f| (h.as_str(), f)))
        {
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
    for (h, c) in Horizon::ALL
        .iter()
        .filter_map(|h| s.consensus.get(h.as_str()).map(|c| (h.as_str(), c)))
    {
        println!(
            "consensus {h}: brier {} over {} events in {} sessions, dispersion {}",
            num(c.brier),
            c.n,
            c.sessions,
            num(c.dispersion)
        );
    }
    println!(
        "n_eff: {} readings, independence: {} (sealbook neff [--all] prints them)",
        s.n_eff.len(),
        s.independence.runs.len()
    );
    if let (Some(m), Some(segments)) = (&s.methodology, &s.segments) {
        // Spec §3.10, Requirement 15: each methodology version is its own segment.
        println!(
            "methodology versions: {} (each its own segment; the primary endpoint and comparisons below are {}'s)",
            m.versions.join(", "),
            opt(&m.confirmatory)
        );
        for (v, g) in segments {
            println!(
                "segment {v}: {} rows, sessions {}..{}, primary endpoint {} over {} sessions",
                g.rows,
                g.first_session,
                g.last_session,
                num(g.primary_endpoint.estimate),
                g.primary_endpoint.sessions
            );
        }
    }
    let p = &s.primary_endpoint;
    match (p.ci95, p.ci90, p.verdict) {
        (Some(a), Some(b), Some(v)) => {
            println!(
            "primary endpoint: {} over {} sessions, 95% [{:.4}, {:.4}], 90% [{:.4}, {:.4}], {}{}",
            num(p.estimate),
            p.sessions,
            a.0,
            a.1,
            b.0,
            b.1,
            serde_json::to_value(v).expect("verdict").as_str().unwrap_or_default(),
            if p.confirmed_below_margin { " (smaller than the margin)" } else { "" }
        )
        }
        _ => println!(
            "primary endpoint: {} over {} sessions; {}",
            num(p.estimate),
            p.sessions,
            p.note
                .as_ref()
                .map_or_else(|| "no interval".into(), ToString::to_string)
        ),
    }
    if let Some(x) = &s.secondary {
        print_secondary(x);
    }
    if let Some(c) = &s.crowd {
        print_crowd(c);
    }
    if let Some(a) = &s.book_agreement {
        print_agreement(a);
    }
}

/// An endpoint-shaped figure on one line: estimate, sessions, intervals and verdict, or why
/// it has none.
fn endpoint_line(p: &PrimaryEndpoint) -> String {
    match (p.ci95, p.ci90, p.verdict) {
        (Some(a), Some(b), Some(v)) => format!(
            "{} over {} sessions, 95% [{:.4}, {:.4}], 90% [{:.4}, {:.4}], {}",
            num(p.estimate),
            p.sessions,
            a.0,
            a.1,
            b.0,
            b.1,
            serde_json::to_value(v)
                .expect("verdict")
                .as_str()
                .unwrap_or_default()
        ),
        _ => format!(
            "{} over {} sessions; {}",
            num(p.estimate),
            p.sessions,
            p.note
                .as_ref()
                .map_or_else(|| "no interval".into(), ToString::to_string)
        ),
    }
}

/// The registered secondary analyses and the sensitivity analysis (spec §8), briefly.
fn print_secondary(x: &Secondary) {
    println!(
        "secondary analyses (spec §8; no registered probability, no multiplicity adjustment):"
    );
    let t = &x.spread_tertiles;
    let bounds = t
        .bounds
        .map_or_else(|| "-".into(), |(a, b)| format!("{a:.2}, {b:.2} points"));
    println!(
        "  spread tertiles (bounds {bounds} from {} design events): consensus gain over climatology low {} ({} events), middle {} ({}), high {} ({})",
        t.design_events,
        num(t.low.gain),
        t.low.events,
        num(t.middle.gain),
        t.middle.events,
        num(t.high.gain),
        t.high.events
    );
    let ci = t.ci95.map_or_else(
        || "no interval".into(),
        |(a, b)| format!("95% [{a:.4}, {b:.4}]"),
    );
    println!(
        "  high minus low, market fixed: {} over {} markets, {ci}{}",
        num(t.estimate),
        t.markets,
        t.note
            .as_ref()
            .map_or_else(String::new, |n| format!("; {n}"))
    );
    let s = &x.shadow_consensus;
    println!(
        "  published minus shadow consensus Brier: {} ({} events)",
        endpoint_line(&s.endpoint),
        s.events
    );
    let e = &x.sensitivity;
    println!(
        "  sensitivity, {} only: {}",
        e.markets.join(" "),
        endpoint_line(&e.us_equity)
    );
    match (&e.exact_window, &e.exact_window_reason) {
        (Some(w), _) => println!(
            "  sensitivity, exact-window base rates: {}",
            endpoint_line(&w.endpoint)
        ),
        (None, why) => println!("  sensitivity, exact-window base rates: none; {}", opt(why)),
    }
}

fn opt<T: std::fmt::Display>(x: &Option<T>) -> String {
    x.as_ref().map_or_else(|| "-".into(), ToString::to_string)
}

fn up_word(up: Option<bool>) -> &'static str {
    match up {
        Some(true) => "up",
        Some(false) => "down",
        None => "-",
    }
}

/// The per-question table (Table 11 with resolutions) and the comparisons (§4.9).
fn print_crowd(c: &CrowdStats) {
    println!(
        "crowd: {} questions ({} unresolved); primary comparison: sealed volume >= ${}, thinner contracts apart",
        c.questions.len(),
        c.unresolved,
        c.volume_floor_usd
    );
    println!(
        "{:<14} {:<6} {:<10} {:>6} {:>10} {:>5} {:>5} {:<20} {:>4} {:>6}  seats' crowd_up",
        "run", "code", "venue", "p_up", "vol", "bid", "ask", "last trade", "up", "league"
    );
    for q in &c.questions {
        let venue = serde_json::to_value(q.venue)
            .expect("venue")
            .as_str()
            .unwrap_or_default()
            .to_string();
        let seats: Vec<String> = q.seats.iter().map(|(s, p)| format!("{s} {p}")).collect();
        println!(
            "{:<14} {:<6} {:<10} {:>6.4} {:>10} {:>5} {:>5} {:<20} {:>4} {:>6}  {}{}",
            q.run_id,
            q.code,
            venue,
            q.p_up,
            format!("{}{}", q.vol, if q.admitted { "" } else { "*" }),
            opt(&q.bid),
            opt(&q.ask),
            opt(&q.last_trade_at),
            up_word(q.up),
            up_word(q.league_up),
            seats.join(", "),
            q.p_up_recomputed
                .map_or_else(String::new, |p| format!(" (interpolated {p:.4})"))
        );
    }
    println!("(* below the volume floor)");
    println!(
        "{:<16} {:<8} {:>4} {:>7} {:>7} {:>9} {:>9} {:>9} {:>6}  2d rule",
        "seat", "side", "n", "model", "crowd", "bss_crowd", "hits m", "hits c", "d"
    );
    let line = |who: &str, side: &str, f: &CrowdFigures| {
        let rule = match f.gap_readable {
            Some(true) => "gap readable",
            Some(false) => "gap within 2d: no advantage read",
            None => "-",
        };
        println!(
            "{who:<16} {side:<8} {:>4} {:>7} {:>7} {:>9} {:>9} {:>9} {:>6}  {rule}",
            f.n,
            num(f.model_brier),
            num(f.crowd_brier),
            num(f.bss_crowd),
            format!("{}/{}", f.model_hits.hits, f.model_hits.n),
            format!("{}/{}", f.crowd_hits.hits, f.crowd_hits.n),
            num(f.d)
        );
    };
    for (seat, sp) in c
        .seats
        .iter()
        .map(|(s, sp)| (s.as_str(), sp))
        .chain([("overall", &c.overall)])
    {
        line(seat, "admitted", &sp.admitted);
        line(seat, "thin", &sp.thin);
    }
    for m in &c.kalshi_mismatches {
        println!(
            "Kalshi price mismatch: book line {}, field {}: sealed {}, interpolated {}",
            m.run_line,
            m.field,
            m.sealed,
            opt(&m.recomputed)
        );
    }
}

fn print_agreement(a: &BookAgreement) {
    println!(
        "forecasts vs book: {} issue rows checked against their answer lines (not checked: {} no_answer, {} correction, {} naming a line without a kind): {}",
        a.checked,
        a.not_checked_no_answer,
        a.not_checked_correction,
        a.not_checked_no_kind,
        if a.ok { "every row is the sealed cell".to_string() } else { format!("{} MISMATCHES", a.mismatch_count) }
    );
    for m in &a.mismatches {
        println!("  {m}");
    }
    if a.mismatch_count > a.mismatches.len() {
        println!("  ... and {} more", a.mismatch_count - a.mismatches.len());
    }
}
