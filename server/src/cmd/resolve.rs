//! `sealbook resolve`: a row's outcome from the provider's data (spec §3.5, Appendix C),
//! through `core::prices`.
//!
//! `sealbook resolve --chart <yahoo.json>... --reference-at <t> --end-at <t>` prints ref,
//! close, actual_pct, up, the bars they came from, the draw band and draw.
//! `sealbook resolve --chart <yahoo.json>... --forecasts council-forecasts.csv` recomputes
//! ref, close, actual_pct and draw of every row of the chart's symbol whose window the data
//! covers; exit 1 when a cell differs (named by row and column), rows not covered are listed.
//! Several charts of one symbol are merged (e.g. the band's sessions and the event's day).

use super::input;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Instant;
use sealbook_core::contract::price_check::{self, BandOptions};
use sealbook_core::prices::band::{self, BandClock, ContractFrom, BAND_SESSIONS};
use sealbook_core::prices::rule::{self, MinuteSeries, SeriesError};
use sealbook_core::prices::yahoo;
use std::path::PathBuf;

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ClockArg {
    /// NYSE sessions, 09:30-16:00 New York time.
    Nyse,
    /// UTC calendar days (Bitcoin).
    UtcDays,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Yahoo Finance chart v8 responses with 1m bars (bare, or a recorded request with
    /// response.bodyJson / response.body), all of one symbol.
    #[arg(long, value_name = "YAHOO_JSON", required = true, num_args = 1..)]
    chart: Vec<PathBuf>,
    /// When the reference price is taken (RFC 3339).
    #[arg(
        long,
        value_name = "RFC3339",
        required_unless_present = "forecasts",
        conflicts_with = "forecasts"
    )]
    reference_at: Option<String>,
    /// When the event ends (RFC 3339).
    #[arg(
        long,
        value_name = "RFC3339",
        required_unless_present = "forecasts",
        conflicts_with = "forecasts"
    )]
    end_at: Option<String>,
    /// Check the outcome columns of every row of the chart's symbol in this file instead.
    #[arg(long, value_name = "CSV")]
    forecasts: Option<PathBuf>,
    /// Sessions before the reference the draw band averages over.
    #[arg(long, value_name = "N", default_value_t = BAND_SESSIONS)]
    band_sessions: u32,
    /// Days of the band's sessions [default: utc-days for a CRYPTOCURRENCY chart, else nyse].
    #[arg(long, value_enum)]
    band_clock: Option<ClockArg>,
    /// A front-month contract in force from an instant on, `<RFC3339>=<LABEL>` (repeat for
    /// each roll); minute returns across a change of label are left out of the band.
    #[arg(long, value_name = "FROM=LABEL")]
    contract: Vec<String>,
}

fn instant(text: &str, flag: &str) -> Result<Instant, Unusable> {
    Instant::parse_rfc3339(text)
        .ok_or_else(|| Unusable::new(format!("{text:?} is not an RFC 3339 time")).field(flag))
}

fn series(paths: &[PathBuf]) -> Result<MinuteSeries, Unusable> {
    let mut charts = Vec::with_capacity(paths.len());
    for p in paths {
        let bytes = crate::files::read_bounded(p, yahoo::MAX_RESPONSE_BYTES as u64, "chart")?;
        let chart = yahoo::parse_chart(&bytes).map_err(|e| {
            let u = Unusable::file(p, e.message);
            if e.path.is_empty() {
                u
            } else {
                u.field(e.path)
            }
        })?;
        charts.push(chart);
    }
    MinuteSeries::from_charts(&charts).map_err(|e| match &e {
        SeriesError::NotMinuteBars { index, .. } | SeriesError::MixedSymbols { index, .. } => {
            Unusable::file(&paths[*index], e.to_string())
        }
        _ => Unusable::new(e.to_string()),
    })
}

fn band_options(args: &Args, series: &MinuteSeries) -> Result<BandOptions, Unusable> {
    let clock = match args.band_clock {
        Some(ClockArg::Nyse) => BandClock::Nyse,
        Some(ClockArg::UtcDays) => BandClock::UtcDays,
        None => BandClock::for_instrument(series.instrument_type.as_deref()),
    };
    let mut contracts = Vec::new();
    for c in &args.contract {
        let (from, label) = c
            .split_once('=')
            .filter(|(_, l)| !l.is_empty())
            .ok_or_else(|| {
                Unusable::new(format!("{c:?} is not <RFC3339>=<LABEL>")).field("--contract")
            })?;
        contracts.push(ContractFrom {
            from: instant(from, "--contract")?,
            label: label.into(),
        });
    }
    Ok(BandOptions {
        sessions: args.band_sessions,
        clock,
        contracts,
    })
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let series = series(&args.chart)?;
    let opts = band_options(&args, &series)?;
    if let Some(path) = &args.forecasts {
        let csv = input::read(path, "forecasts file", "check")?;
        let report = price_check::check_forecasts(&csv, &series, &opts).map_err(|e| {
            let u = Unusable::file(path, format!("row {}: {}", e.row, e.message)).at_line(e.line);
            match e.column {
                Some(c) => u.field(c),
                None => u,
            }
        })?;
        if json {
            let doc = serde_json::json!({ "ok": report.ok(), "file": path.display().to_string(), "check": report });
            println!("{doc}");
        } else {
            print!("{}", report.render());
        }
        return Ok(if report.ok() { Exit::Ok } else { Exit::Failed });
    }
    let reference_at = instant(
        args.reference_at.as_deref().expect("clap requires it"),
        "--reference-at",
    )?;
    let end_at = instant(
        args.end_at.as_deref().expect("clap requires it"),
        "--end-at",
    )?;
    let res = rule::resolve(&series.bars, reference_at, end_at)
        .map_err(|e| Unusable::new(format!("{}: {e}", series.symbol)))?;
    let band = band::draw_band(
        &series.bars,
        reference_at,
        opts.clock,
        opts.sessions,
        &opts.contracts,
    );
    let draw = band
        .as_ref()
        .ok()
        .map(|b| sealbook_core::prices::band::is_draw(res.actual_pct, b.band_pct));
    if json {
        let doc = serde_json::json!({
            "ok": true,
            "symbol": series.symbol,
            "reference_at": reference_at.to_rfc3339(),
            "end_at": end_at.to_rfc3339(),
            "resolution": res,
            "band": band.as_ref().ok(),
            "band_error": band.as_ref().err().map(|e| e.to_string()),
            "draw": draw,
        });
        println!("{doc}");
        return Ok(Exit::Ok);
    }
    println!(
        "{}  reference_at {}  end_at {}",
        series.symbol,
        reference_at.to_rfc3339(),
        end_at.to_rfc3339()
    );
    println!(
        "ref         {:?}  (close of the 1m bar {} - {})",
        res.reference, res.reference_bar.start, res.reference_bar.end
    );
    println!(
        "close       {:?}  (close of the 1m bar {} - {})",
        res.close, res.end_bar.start, res.end_bar.end
    );
    println!("actual_pct  {:?}", res.actual_pct);
    println!("up          {}", res.up);
    match &band {
        Ok(b) => {
            let days: Vec<&str> = b.sessions.iter().map(|s| s.date.as_str()).collect();
            println!(
                "band_pct    {:?}  ({} sessions: {})",
                b.band_pct,
                b.sessions.len(),
                days.join(" ")
            );
            println!("draw        {}", draw.expect("band known"));
        }
        Err(e) => {
            println!("band_pct    not computed: {e}");
            println!("draw        unknown");
        }
    }
    Ok(Exit::Ok)
}
