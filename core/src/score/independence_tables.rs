//! The stats document's `independence` section (spec seed 000 §5, requirement 17, Tables 6-7,
//! Fig. 9-12): beside the headline `n_eff[]` rows ([`super::independence`]), per run and horizon
//! every companion figure of §5.1-§5.3 and §5.8, from the same admitted answers (counted runs,
//! answers sealed before the reference, common events, each seat's latest answer line):
//!
//! * the one-market-per-group variant ([`MARKET_GROUPS`]: S&P 500, Nasdaq 100, Dow; WTI, Brent),
//!   the uncentred deviation-from-50 variant and, when the climatology table is given, the
//!   deviation-from-climatology variant (100 x `p_up`, all rows, §4.3);
//! * the participation ratio and the largest eigenvalue's share of the correlation matrix;
//! * per seat its mean r with the other seats and its agreement with their majority;
//! * the error-indicator N_eff from the resolved events (`n_eff_errors`);
//! * the sides test (within- vs between-side mean r, the largest gap between the sides' mean
//!   probabilities and its exact permutation p) when the roster gives every seat a side;
//! * Table 7's descriptive figures: sharpness K, the share of probabilities from 40 to 60 and the
//!   spread between seats (population SD per cell, averaged over the cells);
//!
//! each for the horizons (twelve markets) and for the whole run (`horizon: "all"`, the 48-cell
//! matrix of Fig. 11 and §5.8); and the shadow consensus' weights (§5.3) from the one-day panels
//! of the counted runs of the design window (sessions before 11, the window the weights are
//! frozen from); and per run Table 6's path from the file to the counted record ([`RunFunnel`]).
//! Every figure carries its n (seats, pairs, cells) or a note saying why it has
//! none.

use super::baselines::{is_baseline, ClimatologyTable};
use super::calibration::{share_40_60, sharpness_k, spread};
use super::ids::RowIds;
use super::independence::{panel_error_note, run_cells, RunCells};
use super::mean;
use super::notes::{Note, StatsNote};
use super::roster::Roster;
use crate::calendar::{reference_cut, session_number_in, Date, Horizon, Instant};
use crate::contract::forecasts_csv::ForecastRow;
use crate::neff::panel::{
    one_market_per_group, CorrelationMatrix, NeffReading, Panel, Similarity, MIN_COMMON_CELLS,
};
use crate::neff::seats::{error_panel, seat_profiles, ScoredAnswer, SeatProfile};
use crate::neff::shadow::{shadow_weights, ShadowWeights};
use crate::neff::sides::{sides_test, SidesTest};
use crate::neff::spectrum::{spectrum, Spectrum};
use crate::neff::Answer;
use crate::stats::endpoint::PRIMARY_FIRST_SESSION;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The `horizon` of a whole-run reading (all cells of every horizon).
pub const ALL_HORIZONS: &str = "all";

/// The co-moving groups of §5.1, each member by name and the asset codes or price symbols it
/// goes by (ASCII case-insensitive). The one-market-per-group variant keeps the first member of
/// each group that the run has and drops the others.
pub const MARKET_GROUPS: &[&[(&str, &[&str])]] = &[
    &[
        (
            "S&P 500",
            &["SPX", "^GSPC", "GSPC", "SP500", "S&P 500", "ES=F"],
        ),
        (
            "Nasdaq 100",
            &["NDX", "^NDX", "NASDAQ100", "Nasdaq 100", "NQ=F"],
        ),
        ("Dow", &["DJI", "^DJI", "DJIA", "Dow", "YM=F"]),
    ],
    &[
        ("WTI", &["WTI", "CL", "CL=F"]),
        ("Brent", &["BRENT", "BZ", "BZ=F"]),
    ],
];

/// The `independence` section.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Independence {
    /// The roster read (families for the consensus, sides for the sides test) and its source.
    pub roster: Roster,
    /// [`MARKET_GROUPS`] by member name.
    pub groups: Vec<Vec<String>>,
    /// Whether the deviation-from-climatology variant had a table to read.
    pub climatology: bool,
    /// Per run: each horizon, then the whole run (`all`).
    pub runs: Vec<RunIndependence>,
    pub shadow: ShadowSection,
    /// Table 6, per run in the file.
    pub funnel: Vec<RunFunnel>,
}

/// Table 6: one run's rows from the open file to the counted record. Every count but
/// `corrections` is of the answer lines' cells (`line_kind` issue).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunFunnel {
    pub run_id: String,
    pub session: String,
    pub rows: usize,
    /// Cells added by later correction lines.
    pub corrections: usize,
    /// Seats with an answer line (status other than `no_answer`).
    pub seats: usize,
    /// Cells whose line was sealed (`max(at, booked_at)` in the book) before the session's
    /// 09:30 ET reference; `None` without the book.
    pub sealed_before_reference: Option<usize>,
    /// `cell_status` explicit_50 and invalid.
    pub explicit_50: usize,
    pub invalid: usize,
    /// One-day cells with status `counted`.
    pub counted_one_day: usize,
    pub note: Option<Note>,
}

/// One N_eff reading with the cells it was read over, or why it has no value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// Seats (`n`), pairs with and without a correlation, mean r (`rho`) and N_eff.
    #[serde(flatten)]
    pub reading: NeffReading,
    pub cells: usize,
    pub note: Option<Note>,
}

/// §5's figures for one run and horizon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunIndependence {
    pub run_id: String,
    pub session: String,
    /// `1d`, `1w`, `1m`, `6m` or `all`.
    pub horizon: String,
    /// Seats answering and cells (market, horizon) answered.
    pub n: usize,
    pub cells: usize,
    /// The headline Pearson reading (for a horizon, the `n_eff[]` row's).
    pub pearson: Reading,
    pub one_market_per_group: Reading,
    /// Markets the grouped reading left out.
    pub dropped_markets: Vec<String>,
    pub from_fifty: Reading,
    pub from_climatology: Reading,
    pub spectrum: Option<Spectrum>,
    pub spectrum_note: Option<Note>,
    /// Mean r and majority agreement per seat, in code-point order.
    pub seats: Vec<SeatProfile>,
    /// Error indicators (1 wrong, 0 right; a stated 50 is neither) of the resolved events.
    pub errors: Reading,
    pub sides: Option<SidesTest>,
    pub sides_note: Option<Note>,
    /// Table 7: K = (2/n) sum |p - 50| and the share from 40 to 60 over every answer.
    pub k: Option<f64>,
    pub share_40_60: Option<f64>,
    /// Table 7: the population SD of the seats' probabilities per cell, averaged over the
    /// `spread_cells` cells two or more seats answered.
    pub spread: Option<f64>,
    pub spread_cells: usize,
}

/// The shadow consensus' weights (§5.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShadowSection {
    /// The runs whose one-day correlation matrices were pooled.
    pub window: Vec<String>,
    pub weights: Option<ShadowWeights>,
    pub note: Option<Note>,
}

fn answer(r: &ForecastRow) -> Answer<&str> {
    Answer {
        seat: r.seat.as_str(),
        market: r.asset.as_str(),
        horizon: r.horizon.as_str(),
        prob: r.prob_up.unwrap_or(f64::NAN),
    }
}

/// [`StatsNote::NeffAboveSeats`] when the reading's N_eff exceeds its seats (spec §5.1).
pub(crate) fn above_seats(r: &NeffReading) -> Option<StatsNote> {
    r.n_eff
        .is_some_and(|v| v > r.n as f64)
        .then_some(StatsNote::NeffAboveSeats)
}

fn reading(r: NeffReading, cells: usize) -> Reading {
    let note = if r.n < 2 {
        Some(StatsNote::FewerThanTwoSeats)
    } else if r.rho.is_none() {
        Some(StatsNote::NoPairOverCells {
            min: MIN_COMMON_CELLS,
        })
    } else if r.n_eff.is_none() {
        Some(StatsNote::RhoNotPositive)
    } else {
        above_seats(&r)
    };
    Reading {
        reading: r,
        cells,
        note: note.map(Note::Msg),
    }
}

fn no_reading(note: StatsNote) -> Reading {
    Reading {
        reading: NeffReading {
            n: 0,
            pairs: 0,
            undefined_pairs: 0,
            rho: None,
            n_eff: None,
        },
        cells: 0,
        note: Some(note.into()),
    }
}

/// What every panel of the document reads besides its rows.
struct Context<'a> {
    clim: Option<Similarity>,
    roster: &'a Roster,
}

/// The groups among `present` markets: per group of [`MARKET_GROUPS`], the markets matching its
/// members in member order, kept when at least two are present.
fn groups_present(rows: &[&ForecastRow]) -> Vec<Vec<String>> {
    let markets: BTreeMap<&str, &str> = rows
        .iter()
        .map(|r| (r.asset.as_str(), r.contract.price_symbol.as_str()))
        .collect();
    let matches = |names: &[&str], asset: &str, symbol: &str| {
        names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(asset) || n.eq_ignore_ascii_case(symbol))
    };
    MARKET_GROUPS
        .iter()
        .map(|group| {
            let mut found: Vec<String> = Vec::new();
            for (_, names) in group.iter() {
                for (asset, symbol) in &markets {
                    if matches(names, asset, symbol) && !found.iter().any(|f| f == asset) {
                        found.push(asset.to_string());
                    }
                }
            }
            found
        })
        .filter(|g| g.len() >= 2)
        .collect()
}

fn run_panel(
    run_id: &str,
    horizon: &str,
    rows: &[&ForecastRow],
    ctx: &Context<'_>,
) -> RunIndependence {
    let answers: Vec<Answer<&str>> = rows.iter().map(|r| answer(r)).collect();
    // Every reading is set below, from the panel or from why there is none.
    let mut out = RunIndependence {
        run_id: run_id.into(),
        session: rows[0].session.clone(),
        horizon: horizon.into(),
        n: 0,
        cells: 0,
        pearson: no_reading(StatsNote::FewerThanTwoSeats),
        one_market_per_group: no_reading(StatsNote::FewerThanTwoSeats),
        dropped_markets: Vec::new(),
        from_fifty: no_reading(StatsNote::FewerThanTwoSeats),
        from_climatology: no_reading(StatsNote::FewerThanTwoSeats),
        spectrum: None,
        spectrum_note: None,
        seats: Vec::new(),
        errors: no_reading(StatsNote::FewerThanTwoSeats),
        sides: None,
        sides_note: None,
        k: None,
        share_40_60: None,
        spread: None,
        spread_cells: 0,
    };
    let panel = match Panel::from_answers(&answers, None) {
        Ok(p) => p,
        Err(e) => {
            let note = panel_error_note(e, rows);
            for r in [
                &mut out.pearson,
                &mut out.one_market_per_group,
                &mut out.from_fifty,
                &mut out.from_climatology,
                &mut out.errors,
            ] {
                *r = no_reading(note.clone());
            }
            out.spectrum_note = Some(note.clone().into());
            out.sides_note = Some(note.into());
            return out;
        }
    };
    let cells = panel.cells.len();
    let matrix = panel.correlations(&Similarity::Pearson);
    (out.n, out.cells) = (panel.seats.len(), cells);
    out.pearson = reading(matrix.reading(), cells);

    let groups = groups_present(rows);
    out.dropped_markets = groups.iter().flat_map(|g| g[1..].iter().cloned()).collect();
    out.one_market_per_group =
        match Panel::from_answers(&one_market_per_group(&answers, &groups), None) {
            Ok(p) => reading(p.reading(&Similarity::Pearson), p.cells.len()),
            Err(e) => no_reading(panel_error_note(e, rows)),
        };
    out.from_fifty = reading(panel.reading(&Similarity::FromFifty), cells);
    out.from_climatology = match &ctx.clim {
        Some(sim @ Similarity::FromReference(q)) => reading(
            panel.reading(sim),
            panel.cells.iter().filter(|c| q.contains_key(c)).count(),
        ),
        _ => no_reading(StatsNote::NoClimatology),
    };

    out.spectrum = spectrum(&matrix);
    let why_no_spectrum = match out.pearson.reading.undefined_pairs {
        0 => StatsNote::NoPositiveTrace,
        pairs => StatsNote::IncompleteMatrix { pairs },
    };
    out.spectrum_note = out.spectrum.is_none().then_some(why_no_spectrum.into());
    out.seats = seat_profiles(&panel, &matrix);
    out.errors = error_reading(rows);
    (out.sides, out.sides_note) = sides(&panel, &matrix, ctx.roster);
    out.k = sharpness_k(answers.iter().map(|a| a.prob));
    out.share_40_60 = share_40_60(answers.iter().map(|a| a.prob));
    let spreads: Vec<f64> = (0..cells)
        .filter_map(|c| {
            let ps: Vec<f64> = (0..panel.seats.len())
                .filter_map(|s| panel.value(s, c))
                .collect();
            (ps.len() >= 2).then(|| spread(&ps)).flatten()
        })
        .collect();
    out.spread_cells = spreads.len();
    out.spread = mean(spreads);
    out
}

fn error_reading(rows: &[&ForecastRow]) -> Reading {
    let scored: Vec<ScoredAnswer> = rows
        .iter()
        .filter(|r| r.resolved())
        .filter_map(|r| {
            Some(ScoredAnswer {
                seat: r.seat.clone(),
                market: r.asset.clone(),
                horizon: r.horizon.as_str().into(),
                prob: r.prob_up?,
                up: r.up()?,
            })
        })
        .collect();
    if scored.is_empty() {
        return no_reading(StatsNote::NoResolvedEvent);
    }
    match error_panel(&scored, None) {
        Ok(p) => reading(p.reading(&Similarity::Pearson), p.cells.len()),
        Err(e) => no_reading(StatsNote::Neff(e)),
    }
}

fn sides(
    panel: &Panel,
    matrix: &CorrelationMatrix,
    roster: &Roster,
) -> (Option<SidesTest>, Option<Note>) {
    if roster.seats.iter().all(|s| s.side.is_none()) {
        return (None, Some(StatsNote::NoSides.into()));
    }
    let mut side_of = BTreeMap::new();
    for seat in &panel.seats {
        match roster.side_of(seat) {
            Some(s) => side_of.insert(seat.clone(), s.as_str().to_string()),
            None => {
                let seat = seat.clone();
                return (None, Some(StatsNote::NoSideInRoster { seat }.into()));
            }
        };
    }
    match sides_test(panel, matrix, &side_of) {
        Ok(t) => (Some(t), None),
        Err(e) => (None, Some(StatsNote::Neff(e).into())),
    }
}

/// The shadow weights from the one-day panels of the design window's runs: sessions 1 to 10
/// of the season whose session 1 is `season_one` (the league's declared first session).
fn shadow(
    runs: &RunCells<'_>,
    rows: &[ForecastRow],
    roster: &Roster,
    season_one: Date,
) -> ShadowSection {
    let mut window = Vec::new();
    let mut matrices = Vec::new();
    for ((run_id, h), rs) in runs {
        let in_window = Date::parse(&rs[0].session)
            .and_then(|d| session_number_in(season_one, d))
            .is_some_and(|s| s < PRIMARY_FIRST_SESSION);
        if *h != Horizon::D1 || !in_window {
            continue;
        }
        if let Ok(p) = Panel::from_answers(&rs.iter().map(|r| answer(r)).collect::<Vec<_>>(), None)
        {
            window.push(run_id.to_string());
            matrices.push(p.correlations(&Similarity::Pearson));
        }
    }
    if matrices.is_empty() {
        let note = StatsNote::NoShadowWindow {
            session: PRIMARY_FIRST_SESSION,
        };
        return ShadowSection {
            window,
            weights: None,
            note: Some(note.into()),
        };
    }
    // The council's seats only: a baseline is weighed by no shadow consensus (§4.5, §5.3).
    let mut seats: Vec<String> = roster
        .seats
        .iter()
        .filter(|s| !s.is_baseline())
        .map(|s| s.seat.clone())
        .collect();
    let baselines: BTreeSet<&str> = roster
        .seats
        .iter()
        .filter(|s| s.is_baseline())
        .map(|s| s.seat.as_str())
        .chain(
            rows.iter()
                .filter(|r| is_baseline(&r.model))
                .map(|r| r.seat.as_str()),
        )
        .collect();
    let others: BTreeSet<&str> = rows
        .iter()
        .map(|r| r.seat.as_str())
        .filter(|s| !baselines.contains(s) && !seats.iter().any(|x| x == s))
        .collect();
    seats.extend(others.into_iter().map(String::from));
    match shadow_weights(&matrices, &seats) {
        Ok(w) => ShadowSection {
            window,
            weights: Some(w),
            note: None,
        },
        Err(e) => ShadowSection {
            window,
            weights: None,
            note: Some(StatsNote::Neff(e).into()),
        },
    }
}

/// The `independence` section from the forecasts rows, the book's sealing times (the 09:30 ET
/// cut), the climatology table and the roster, sessions numbered in the paper's season.
pub fn independence(
    rows: &[ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
    climatology: Option<&ClimatologyTable>,
    roster: &Roster,
) -> Independence {
    independence_in(
        rows,
        sealing_times,
        climatology,
        roster,
        crate::calendar::SESSION_ONE,
    )
}

/// [`independence`] with sessions numbered from `season_one` (the league's declared first
/// session, spec §3.4).
pub fn independence_in(
    rows: &[ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
    climatology: Option<&ClimatologyTable>,
    roster: &Roster,
    season_one: Date,
) -> Independence {
    let ids = RowIds::in_season(rows, season_one);
    independence_of(
        rows,
        &ids,
        &run_cells(rows, &ids, sealing_times),
        sealing_times,
        climatology,
        roster,
    )
}

/// [`independence`] over the panels [`run_cells`] read from `rows`.
pub(crate) fn independence_of(
    rows: &[ForecastRow],
    ids: &RowIds<'_>,
    by_run: &RunCells<'_>,
    sealing_times: Option<&BTreeMap<u64, Instant>>,
    climatology: Option<&ClimatologyTable>,
    roster: &Roster,
) -> Independence {
    // The reference is only read at the panels' cells, so every entry of the table can be
    // given: the first entry of an (asset, horizon), as `ClimatologyTable::q` finds it.
    let clim = climatology.map(|c| {
        let mut q = BTreeMap::new();
        for e in &c.entries {
            q.entry((e.asset.clone(), e.h.clone()))
                .or_insert(100.0 * e.p_up);
        }
        Similarity::FromReference(q)
    });
    let ctx = Context { clim, roster };
    let mut runs = Vec::new();
    let mut whole: Vec<&ForecastRow> = Vec::new();
    let mut keys = by_run.iter().peekable();
    while let Some(((run_id, h), rs)) = keys.next() {
        runs.push(run_panel(run_id, h.as_str(), rs, &ctx));
        whole.extend(rs.iter().copied());
        if keys.peek().is_none_or(|((next, _), _)| next != run_id) {
            runs.push(run_panel(run_id, ALL_HORIZONS, &whole, &ctx));
            whole.clear();
        }
    }
    Independence {
        roster: roster.clone(),
        groups: MARKET_GROUPS
            .iter()
            .map(|g| g.iter().map(|(name, _)| name.to_string()).collect())
            .collect(),
        climatology: climatology.is_some(),
        shadow: shadow(by_run, rows, roster, ids.season_one),
        funnel: funnel(rows, ids, sealing_times),
        runs,
    }
}

fn funnel(
    rows: &[ForecastRow],
    ids: &RowIds<'_>,
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> Vec<RunFunnel> {
    // Per run id (code-point order of the run ids), its rows in file order.
    let mut by_run: Vec<Vec<&ForecastRow>> = vec![Vec::new(); ids.runs.names.len()];
    for (r, &run) in rows.iter().zip(&ids.runs.ids) {
        by_run[run as usize].push(r);
    }
    ids.runs
        .names
        .iter()
        .zip(by_run)
        .map(|(&run_id, rs)| {
            let issue: Vec<&ForecastRow> = rs
                .iter()
                .copied()
                .filter(|r| r.line_kind != "correction")
                .collect();
            let count = |f: &dyn Fn(&ForecastRow) -> bool| issue.iter().filter(|r| f(r)).count();
            let before = |times: &BTreeMap<u64, Instant>, r: &ForecastRow| {
                Date::parse(&r.session)
                    .zip(times.get(&r.line))
                    .is_some_and(|(d, t)| *t < reference_cut(d))
            };
            RunFunnel {
                run_id: run_id.into(),
                session: rs[0].session.clone(),
                rows: issue.len(),
                corrections: rs.len() - issue.len(),
                seats: issue
                    .iter()
                    .filter(|r| r.status != "no_answer")
                    .map(|r| r.seat.as_str())
                    .collect::<BTreeSet<_>>()
                    .len(),
                sealed_before_reference: sealing_times.map(|t| count(&|r| before(t, r))),
                explicit_50: count(&|r| r.cell_status == "explicit_50"),
                invalid: count(&|r| r.cell_status == "invalid"),
                counted_one_day: count(&|r| r.status == "counted" && r.horizon == Horizon::D1),
                note: sealing_times
                    .is_none()
                    .then_some(Note::Msg(StatsNote::FunnelNeedsBook)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::roster::{RosterSeat, Side};

    /// A counted one-day answer of `seat` on `asset` (priced as `symbol`) in session 2 (2026-10-20).
    fn row(seat: &str, asset: &str, symbol: &str, p: f64, line: u64) -> ForecastRow {
        let sealed_at = Instant::parse_rfc3339("2026-10-20T12:40:00Z").unwrap();
        ForecastRow {
            row: line,
            line,
            sealed_at,
            ..ForecastRow::for_test(seat, "2026-10-20", asset, symbol, Horizon::D1, Some(p))
        }
    }

    fn rows() -> Vec<ForecastRow> {
        let markets = [
            ("SP", "^GSPC"),
            ("NASDAQ", "^NDX"),
            ("DOW", "^DJI"),
            ("OIL", "CL=F"),
            ("BRENT", "BZ=F"),
            ("GOLD", "GC=F"),
        ];
        let mut rows = Vec::new();
        for (s, seat) in ["a", "b", "c", "d"].iter().enumerate() {
            for (m, (asset, symbol)) in markets.iter().enumerate() {
                rows.push(row(
                    seat,
                    asset,
                    symbol,
                    (40 + (s * 3 + m * 7) % 23) as f64,
                    10 + s as u64,
                ));
            }
        }
        rows
    }

    #[test]
    fn groups_match_symbols_and_every_figure_says_why_it_has_none() {
        let rows = rows();
        let ind = independence(&rows, None, None, &Roster::default());
        let labels: Vec<&str> = ind.runs.iter().map(|r| r.horizon.as_str()).collect();
        assert_eq!(labels, ["1d", ALL_HORIZONS]);
        let r = &ind.runs[0];
        assert_eq!((r.n, r.cells), (4, 6));
        // Price symbols place markets whatever their asset codes: S&P 500 and WTI stay.
        assert_eq!(r.dropped_markets, ["NASDAQ", "DOW", "BRENT"]);
        assert_eq!(r.one_market_per_group.cells, 3);
        assert!(r.pearson.reading.rho.is_some() && r.pearson.note.is_none());
        let msg = |n: &Option<Note>| n.as_ref().and_then(Note::msg).cloned();
        assert_eq!(
            msg(&r.from_climatology.note),
            Some(StatsNote::NoClimatology)
        );
        assert_eq!(msg(&r.errors.note), Some(StatsNote::NoResolvedEvent));
        assert_eq!(msg(&r.sides_note), Some(StatsNote::NoSides));
        assert_eq!(
            r.sides_note.as_ref().unwrap().to_string(),
            "the roster gives no sides"
        );
        assert_eq!(r.seats.len(), 4);
        // Session 2 is in the shadow weights' window.
        assert_eq!(ind.shadow.window, ["2026-10-20-am"]);
        assert_eq!(ind.shadow.weights.as_ref().unwrap().weights.len(), 4);

        // Sides from the roster: every answering seat needs one.
        let seat = |s: &str, side: Option<Side>| RosterSeat {
            seat: s.into(),
            family: s.into(),
            side,
            model: None,
            provider: None,
        };
        let mut roster = Roster {
            seats: vec![
                seat("a", Some(Side::Us)),
                seat("b", Some(Side::Us)),
                seat("c", Some(Side::China)),
            ],
            source: None,
            note: None,
        };
        let ind = independence(&rows, None, None, &roster);
        assert_eq!(
            msg(&ind.runs[0].sides_note),
            Some(StatsNote::NoSideInRoster { seat: "d".into() })
        );
        roster.seats.push(seat("d", Some(Side::China)));
        let ind = independence(&rows, None, None, &roster);
        let t = ind.runs[1].sides.as_ref().unwrap();
        assert_eq!(
            (t.splits, t.sides.clone()),
            (6, ["China".to_string(), "US".to_string()])
        );

        // A seat answering a market twice in its latest line: every figure names the row.
        let mut twice = rows.clone();
        twice.push(row("a", "GOLD", "GC=F", 50.0, 10));
        let r = &independence(&twice, None, None, &Roster::default()).runs[0];
        assert_eq!(
            msg(&r.pearson.note),
            Some(StatsNote::AnsweredTwice {
                row: 10,
                seat: "a".into(),
                market: "GOLD".into()
            })
        );
        assert!(
            r.pearson
                .note
                .as_ref()
                .unwrap()
                .to_string()
                .starts_with("council-forecasts.csv row 10: seat a answered GOLD twice"),
            "{:?}",
            r.pearson.note
        );
        assert_eq!(r.sides_note, r.pearson.note);
    }
}
