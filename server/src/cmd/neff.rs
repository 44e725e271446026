//! `sealbook neff [--forecasts <csv>] [--book <b>] [--asks <a>] [--clim <json>] [--all] [--json]`:
//! the stats document's N_eff rows alone (spec §5.1), per run and horizon, from
//! `core::score::files::neff_rows_from_files`; with `--all` also its `independence` section
//! (§5's variants, spectrum, per-seat figures, error N_eff, sides test and shadow weights,
//! `core::score::independence_tables`).

use super::input;
use crate::outcome::{CmdResult, Exit};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::{neff_and_independence_from_files, neff_rows_from_files};
use sealbook_core::score::independence::NeffRow;
use sealbook_core::score::independence_tables::{Independence, Reading};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    files: input::LeagueFiles,
    /// council-clim-window.json: the deviation-from-climatology variant (with --all).
    #[arg(long, value_name = "JSON")]
    clim: Option<PathBuf>,
    /// Also the independence section: every §5 figure per run and horizon.
    #[arg(long)]
    all: bool,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (csv, book) = args.files.read()?;
    let paths = args.files.paths(args.clim.as_ref());
    let (rows, independence) = if args.all {
        let asks = args.files.read_asks()?;
        let clim = args
            .clim
            .as_deref()
            .map(|p| input::read(p, "climatology", "score"))
            .transpose()?;
        let (rows, ind) = neff_and_independence_from_files(LeagueSources {
            forecasts: csv.as_deref(),
            book: book.as_deref(),
            climatology: clim.as_deref(),
            asks: asks.as_deref(),
        })
        .map_err(|e| input::unusable(e, &paths))?;
        (rows, Some(ind))
    } else {
        (
            neff_rows_from_files(LeagueSources {
                forecasts: csv.as_deref(),
                book: book.as_deref(),
                ..LeagueSources::default()
            })
            .map_err(|e| input::unusable(e, &paths))?,
            None,
        )
    };
    if json {
        match independence {
            Some(ind) => println!(
                "{}",
                serde_json::json!({ "n_eff": rows, "independence": ind })
            ),
            None => println!("{}", serde_json::json!({ "n_eff": rows })),
        }
        return Ok(Exit::Ok);
    }
    print_rows(&rows);
    if let Some(ind) = independence {
        print_independence(&ind);
    }
    Ok(Exit::Ok)
}

fn num(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.3}"))
}

fn print_rows(rows: &[NeffRow]) {
    println!(
        "{:<20} {:>3} {:>3} {:>6} {:>7} {:>6}",
        "run_id", "h", "n", "pairs", "rho", "n_eff"
    );
    for r in rows {
        let m = &r.reading;
        let note = r
            .note
            .as_ref()
            .map(|n| format!("  ({n})"))
            .unwrap_or_default();
        println!(
            "{:<20} {:>3} {:>3} {:>6} {:>7} {:>6}{note}",
            r.run_id,
            r.horizon,
            m.n,
            m.pairs,
            num(m.rho),
            num(m.n_eff)
        );
    }
}

fn print_independence(ind: &Independence) {
    let roster = match (&ind.roster.source, &ind.roster.note) {
        (Some(src), _) => format!("{} seats from {src}", ind.roster.seats.len()),
        (None, Some(note)) => note.to_string(),
        (None, None) => "none".into(),
    };
    println!("\nindependence (roster: {roster})");
    println!(
        "{:<20} {:>3} {:>3} {:>5}  {:>6} {:>6} {:>6} {:>6}  {:>6} {:>6}  {:>6}  {:>6} {:>6} {:>6}",
        "run_id",
        "h",
        "n",
        "cells",
        "n_eff",
        "group",
        "from50",
        "clim",
        "PR",
        "share",
        "errors",
        "within",
        "betw",
        "p"
    );
    let ne = |r: &Reading| num(r.reading.n_eff);
    for r in &ind.runs {
        let (pr, share) = r.spectrum.as_ref().map_or((None, None), |s| {
            (Some(s.participation_ratio), Some(s.largest_share))
        });
        let (within, between, p) = r.sides.as_ref().map_or((None, None, None), |t| {
            (t.within_r, t.between_r, Some(t.p_value))
        });
        println!(
            "{:<20} {:>3} {:>3} {:>5}  {:>6} {:>6} {:>6} {:>6}  {:>6} {:>6}  {:>6}  {:>6} {:>6} {:>6}",
            r.run_id,
            r.horizon,
            r.n,
            r.cells,
            ne(&r.pearson),
            ne(&r.one_market_per_group),
            ne(&r.from_fifty),
            ne(&r.from_climatology),
            num(pr),
            num(share),
            ne(&r.errors),
            num(within),
            num(between),
            num(p)
        );
    }
    println!("\nper seat, whole run: mean r with the other seats, agreement with their majority");
    for r in ind.runs.iter().filter(|r| r.horizon == "all") {
        for s in &r.seats {
            println!(
                "{:<20} {:<16} {:>6} {:>6} ({}/{})",
                r.run_id,
                s.seat,
                num(s.mean_r),
                num(s.majority_agreement),
                s.majority_agree,
                s.majority_cells
            );
        }
    }
    match &ind.shadow.weights {
        Some(w) => {
            println!(
                "\nshadow consensus weights ({} runs):",
                ind.shadow.window.len()
            );
            for (seat, weight) in &w.weights {
                let filled = if w.median_filled.contains(seat) {
                    "  (median of the others)"
                } else {
                    ""
                };
                println!("{seat:<16} {weight:>8.4}{filled}");
            }
        }
        None => println!(
            "\nshadow consensus weights: {}",
            ind.shadow
                .note
                .as_ref()
                .map_or_else(|| "none".into(), ToString::to_string)
        ),
    }
}
