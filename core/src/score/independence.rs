//! The stats document's `n_eff[]` rows (spec §5.1): per run and horizon, how many independent
//! voices the seats' stated probabilities carry, N_eff = n / (1 + (n - 1) rho) with rho the
//! mean pairwise Pearson r over the markets both seats answered (`core::neff`).
//!
//! Eligibility, as §5.1 and `core::neff` state it: counted runs only (`counted` rows with a
//! stated probability; `counted_50` fillers are not answers, a stated 50 is), the common event
//! only (own-reference cells and correction cells left out), answers sealed before the
//! reference (the book's `max(at, booked_at)` against 09:30 ET when the book is given; see
//! [`super::eligibility::admission`], the rule the consensus uses too), and of each seat in a run
//! its latest answer line only.

use super::baselines::is_baseline;
use super::cells::cell_of;
use super::eligibility::{admission, Admission};
use super::ids::RowIds;
use super::notes::{Note, StatsNote};
use crate::calendar::{Horizon, Instant};
use crate::contract::forecasts_csv::ForecastRow;
use crate::neff::panel::{CorrelationMatrix, NeffReading, Panel, Similarity, MIN_COMMON_CELLS};
use crate::neff::spectrum::{spectrum, Spectrum};
use crate::neff::{Answer, NeffError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One N_eff reading (`n_eff[] = {run_id, horizon, n, rho, n_eff, ...}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NeffRow {
    pub run_id: String,
    pub session: String,
    pub horizon: String,
    /// Seats answering, pairs with and without a correlation, rho and N_eff.
    #[serde(flatten)]
    pub reading: NeffReading,
    /// Why the reading has no value, if it has none.
    pub note: Option<Note>,
}

/// One horizon's mean correlation over its `n_eff[]` readings (§5.1): the rho at which the
/// curve N_eff = n / (1 + (n - 1) rho) is drawn, and how many readings it averages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HorizonRho {
    pub rho: f64,
    pub readings: usize,
}

/// Per horizon, the mean rho (numpy's mean) of the rows that have both a rho and an N_eff.
pub fn mean_rho_by_horizon(rows: &[NeffRow]) -> BTreeMap<String, HorizonRho> {
    let mut by: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for r in rows {
        if let (Some(rho), Some(_)) = (r.reading.rho, r.reading.n_eff) {
            by.entry(r.horizon.as_str()).or_default().push(rho);
        }
    }
    by.into_iter()
        .filter_map(|(h, rhos)| {
            let rho = crate::stats::numpy_reduce::mean(&rhos)?;
            Some((
                h.to_string(),
                HorizonRho {
                    rho,
                    readings: rhos.len(),
                },
            ))
        })
        .collect()
}

/// The N_eff rows of a forecasts file, in run and horizon order.
pub fn neff_rows(
    rows: &[ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> Vec<NeffRow> {
    neff_rows_of(&run_cells(rows, &RowIds::of(rows), sealing_times))
}

/// The N_eff rows of [`run_cells`]' panels.
pub(crate) fn neff_rows_of(cells: &RunCells<'_>) -> Vec<NeffRow> {
    cells
        .iter()
        .map(|((run_id, h), rs)| {
            let answers = answers_of(rs, *h);
            let (reading, note) = match Panel::from_answers(&answers, None) {
                Ok(panel) => {
                    let reading = panel.reading(&Similarity::Pearson);
                    let note = if reading.rho.is_none() {
                        Some(StatsNote::NoPairOverMarkets {
                            min: MIN_COMMON_CELLS,
                        })
                    } else {
                        super::independence_tables::above_seats(&reading)
                    };
                    (reading, note.map(Note::Msg))
                }
                Err(e) => (
                    NeffReading {
                        n: 0,
                        pairs: 0,
                        undefined_pairs: 0,
                        rho: None,
                        n_eff: None,
                    },
                    Some(panel_error_note(e, rs).into()),
                ),
            };
            NeffRow {
                run_id: (*run_id).into(),
                session: rs[0].session.clone(),
                horizon: h.as_str().into(),
                reading,
                note,
            }
        })
        .collect()
}

/// Why the panel of `rs` cannot be formed. The panel counts rows from 0 within the run; this
/// names the file's row instead.
pub(crate) fn panel_error_note(e: NeffError, rs: &[&ForecastRow]) -> StatsNote {
    match e {
        NeffError::Duplicate {
            row, seat, market, ..
        } => StatsNote::AnsweredTwice {
            row: rs[row].row,
            seat,
            market,
        },
        NeffError::Probability { row, .. } => StatsNote::NotAProbability { row: rs[row].row },
        e => StatsNote::Neff(e),
    }
}

/// Per run and horizon (in run id, then horizon order), the admitted rows of each seat's
/// latest answer line in file order.
pub(crate) type RunCells<'a> = Vec<((&'a str, Horizon), Vec<&'a ForecastRow>)>;

/// Per run and horizon, the admitted rows of each seat's latest answer line (§5.1), grouped
/// by the rows' interned run and seat ids.
pub(crate) fn run_cells<'a>(
    rows: &'a [ForecastRow],
    ids: &RowIds<'a>,
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> RunCells<'a> {
    latest_cells(rows, ids, |r| {
        matches!(admission(r, sealing_times), Admission::In)
    })
}

/// Whether a row is in the series over every sealed run (spec §5.1's `n_eff.per_run`): a
/// council seat's stated probability from an answer line (`issue`) of any run, counted or
/// not, whatever its sealing time and reference (late answers and own-reference cells
/// included); correction cells are not in the sealed answers and baselines are not seats.
fn in_every_run(r: &ForecastRow) -> bool {
    !is_baseline(&r.model)
        && matches!(r.status.as_str(), "counted" | "not_counted")
        && r.line_kind == "issue"
        && cell_of(r).stated().is_some()
}

/// The N_eff rows over every sealed run (spec §5.1 `n_eff.per_run`, the broader series beside
/// the counted one of [`neff_rows`]), in run and horizon order.
pub(crate) fn neff_rows_every_run(rows: &[ForecastRow], ids: &RowIds<'_>) -> Vec<NeffRow> {
    neff_rows_of(&latest_cells(rows, ids, in_every_run))
}

/// Per run and horizon, the rows `admit` lets in of each seat's latest answer line among them.
fn latest_cells<'a>(
    rows: &'a [ForecastRow],
    ids: &RowIds<'a>,
    admit: impl Fn(&ForecastRow) -> bool,
) -> RunCells<'a> {
    let admitted: Vec<usize> = (0..rows.len()).filter(|&i| admit(&rows[i])).collect();
    let seats = ids.seats.names.len();
    let key = |i: usize| ids.runs.ids[i] as usize * seats + ids.seats.ids[i] as usize;
    let mut latest: Vec<Option<u64>> = vec![None; ids.runs.names.len() * seats];
    for &i in &admitted {
        let l = &mut latest[key(i)];
        *l = Some(l.map_or(rows[i].line, |l| l.max(rows[i].line)));
    }
    let at = |run: usize, h: Horizon| run * Horizon::ALL.len() + h as usize;
    let mut groups: Vec<Vec<&ForecastRow>> =
        vec![Vec::new(); ids.runs.names.len() * Horizon::ALL.len()];
    for i in admitted {
        if latest[key(i)] == Some(rows[i].line) {
            groups[at(ids.runs.ids[i] as usize, rows[i].horizon)].push(&rows[i]);
        }
    }
    let mut out = Vec::new();
    for (run, name) in ids.runs.names.iter().enumerate() {
        for h in Horizon::ALL {
            let g = std::mem::take(&mut groups[at(run, h)]);
            if !g.is_empty() {
                out.push(((*name, h), g));
            }
        }
    }
    out
}

fn answers_of<'a>(rs: &[&'a ForecastRow], h: Horizon) -> Vec<Answer<&'a str>> {
    rs.iter()
        .map(|r| Answer {
            seat: r.seat.as_str(),
            market: r.asset.as_str(),
            horizon: h.as_str(),
            prob: r.prob_up.unwrap_or(f64::NAN),
        })
        .collect()
}

/// The correlation matrix behind one `n_eff[]` row and its eigen-structure (§5.1,
/// requirement 17), for the Scores page's heat map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMatrix {
    pub run_id: String,
    pub horizon: String,
    pub matrix: CorrelationMatrix,
    /// `None` unless every pair has a correlation.
    pub spectrum: Option<Spectrum>,
}

/// The matrices of the runs [`neff_rows`] reads, in the same order; runs whose panel cannot
/// be formed (the row's `note` says why) are left out.
pub fn run_matrices(
    rows: &[ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> Vec<RunMatrix> {
    run_cells(rows, &RowIds::of(rows), sealing_times)
        .into_iter()
        .filter_map(|((run_id, h), rs)| {
            let matrix = Panel::from_answers(&answers_of(&rs, h), None)
                .ok()?
                .correlations(&Similarity::Pearson);
            Some(RunMatrix {
                run_id: run_id.into(),
                horizon: h.as_str().into(),
                spectrum: spectrum(&matrix),
                matrix,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(seats: &[(&str, [f64; 4])]) -> Vec<ForecastRow> {
        let mut out = Vec::new();
        for (line, (seat, ps)) in seats.iter().enumerate() {
            for (asset, p) in ["SPX", "GC", "NDX", "CL"].into_iter().zip(ps) {
                out.push(ForecastRow {
                    line: line as u64 + 1,
                    ..ForecastRow::for_test(seat, "2026-11-02", asset, asset, Horizon::D1, Some(*p))
                });
            }
        }
        out
    }

    /// A negative mean correlation puts N_eff above n; §5.1 caps nothing, so the reading is
    /// the formula's and its note says why it exceeds the seats.
    #[test]
    fn neff_above_its_seats_is_published_with_its_note() {
        let r = neff_rows(
            &rows(&[
                ("a", [60.0, 40.0, 60.0, 40.0]),
                ("b", [40.0, 60.0, 40.0, 60.0]),
                ("c", [50.0, 48.0, 52.0, 50.0]),
            ]),
            None,
        );
        let (n, rho, n_eff) = (
            r[0].reading.n,
            r[0].reading.rho.unwrap(),
            r[0].reading.n_eff,
        );
        assert_eq!(n, 3);
        assert!(rho < 0.0, "{rho}");
        assert_eq!(n_eff, crate::neff::n_eff(3, rho));
        assert!(n_eff.unwrap() > 3.0);
        assert_eq!(
            r[0].note.as_ref().and_then(Note::msg),
            Some(&StatsNote::NeffAboveSeats)
        );
        // A positive mean correlation: no note.
        let r = neff_rows(
            &rows(&[
                ("a", [60.0, 40.0, 60.0, 40.0]),
                ("b", [62.0, 41.0, 57.0, 45.0]),
                ("c", [55.0, 48.0, 52.0, 46.0]),
            ]),
            None,
        );
        assert!(r[0].reading.n_eff.unwrap() < 3.0 && r[0].note.is_none());
    }

    /// §5.1's two series: the counted one leaves out a not_counted run's answers and an
    /// own-reference (late) cell; the one over every sealed run keeps both, and still leaves
    /// out correction cells.
    #[test]
    fn the_series_over_every_run_keeps_what_the_counted_one_leaves_out() {
        let mut rs = rows(&[
            ("a", [60.0, 40.0, 60.0, 40.0]),
            ("b", [62.0, 41.0, 57.0, 45.0]),
            ("c", [55.0, 48.0, 52.0, 46.0]),
            ("d", [70.0, 30.0, 65.0, 35.0]),
        ]);
        for r in rs.iter_mut().filter(|r| r.seat == "c") {
            r.status = "not_counted".into();
        }
        for r in rs.iter_mut().filter(|r| r.seat == "d") {
            r.same_event = false;
        }
        let mut correction = rs[0].clone();
        (correction.seat, correction.line, correction.line_kind) =
            ("e".into(), 9, "correction".into());
        rs.push(correction);
        let ids = RowIds::of(&rs);
        let counted = neff_rows(&rs, None);
        let every = neff_rows_every_run(&rs, &ids);
        assert_eq!((counted[0].reading.n, every[0].reading.n), (2, 4));
    }

    /// The coin seat (constant 50) is a baseline: not in N_eff's n.
    #[test]
    fn a_baseline_is_not_in_the_panel() {
        let r = neff_rows(
            &rows(&[
                ("a", [60.0, 40.0, 60.0, 40.0]),
                ("b", [62.0, 41.0, 57.0, 45.0]),
                ("coin", [50.0; 4]),
            ]),
            None,
        );
        assert_eq!((r[0].reading.n, r[0].reading.pairs), (2, 1));
    }
}
