//! The stats document's `n_eff[]` rows (spec §5.1): per run and horizon, how many independent
//! voices the seats' stated probabilities carry, N_eff = n / (1 + (n - 1) rho) with rho the
//! mean pairwise Pearson r over the markets both seats answered (`core::neff`).
//!
//! Eligibility, as §5.1 and `core::neff` state it: counted runs only (`counted` rows with a
//! stated probability; `counted_50` fillers are not answers, a stated 50 is), the common event
//! only (own-reference cells and correction cells left out), answers sealed before the
//! reference (the book's `max(at, booked_at)` against 09:30 ET when the book is given; see
//! [`super::league::admission`], the rule the consensus uses too), and of each seat in a run
//! its latest answer line only.

use super::league::{admission, Admission};
use crate::calendar::{Horizon, Instant};
use crate::contract::forecasts_csv::ForecastRow;
use crate::neff::panel::CorrelationMatrix;
use crate::neff::panel::MIN_COMMON_CELLS;
use crate::neff::spectrum::{spectrum, Spectrum};
use crate::neff::{Answer, NeffError, NeffReading, Panel, Similarity};
use serde::Serialize;
use std::collections::BTreeMap;

/// One N_eff reading (`n_eff[] = {run_id, horizon, n, rho, n_eff, ...}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NeffRow {
    pub run_id: String,
    pub session: String,
    pub horizon: String,
    /// Seats answering, pairs with and without a correlation, rho and N_eff.
    #[serde(flatten)]
    pub reading: NeffReading,
    /// Why the reading has no value, if it has none.
    pub note: Option<String>,
}

/// The N_eff rows of a forecasts file, in run and horizon order.
pub fn neff_rows(
    rows: &[ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> Vec<NeffRow> {
    run_cells(rows, sealing_times)
        .into_iter()
        .map(|((run_id, h), rs)| {
            let answers = answers_of(&rs, h);
            let (reading, note) = match Panel::from_answers(&answers, None) {
                Ok(panel) => {
                    let reading = panel.reading(&Similarity::Pearson);
                    let note = reading.rho.is_none().then(|| format!("no pair of seats has a correlation over {MIN_COMMON_CELLS} or more common markets"));
                    (reading, note)
                }
                Err(e) => (NeffReading { n: 0, pairs: 0, undefined_pairs: 0, rho: None, n_eff: None }, Some(panel_error_note(&e, &rs))),
            };
            NeffRow { run_id: run_id.into(), session: rs[0].session.clone(), horizon: h.as_str().into(), reading, note }
        })
        .collect()
}

/// Why the panel of `rs` cannot be formed. The panel counts rows from 0 within the run; this
/// names the file's row instead.
pub(crate) fn panel_error_note(e: &NeffError, rs: &[&ForecastRow]) -> String {
    match e {
        NeffError::Duplicate {
            row, seat, market, ..
        } => {
            format!("council-forecasts.csv row {}: seat {seat} answered {market} twice in its latest answer line", rs[*row].row)
        }
        NeffError::Probability { row, .. } => format!(
            "council-forecasts.csv row {}, column prob_up: not a number from 0 to 100",
            rs[*row].row
        ),
        _ => e.to_string(),
    }
}

/// Per run and horizon, the admitted rows of each seat's latest answer line (§5.1).
pub(crate) fn run_cells<'a>(
    rows: &'a [ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> BTreeMap<(&'a str, Horizon), Vec<&'a ForecastRow>> {
    let admitted: Vec<&ForecastRow> = rows
        .iter()
        .filter(|r| matches!(admission(r, sealing_times), Admission::In))
        .collect();
    let mut latest: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for r in &admitted {
        let l = latest
            .entry((r.run_id.as_str(), r.seat.as_str()))
            .or_insert(r.line);
        *l = (*l).max(r.line);
    }
    let mut runs: BTreeMap<(&str, Horizon), Vec<&ForecastRow>> = BTreeMap::new();
    for r in admitted {
        if latest[&(r.run_id.as_str(), r.seat.as_str())] == r.line {
            runs.entry((r.run_id.as_str(), r.horizon))
                .or_default()
                .push(r);
        }
    }
    runs
}

fn answers_of(rs: &[&ForecastRow], h: Horizon) -> Vec<Answer> {
    rs.iter()
        .map(|r| Answer {
            seat: r.seat.clone(),
            market: r.asset.clone(),
            horizon: h.as_str().into(),
            prob: r.prob_up.unwrap_or(f64::NAN),
        })
        .collect()
}

/// The correlation matrix behind one `n_eff[]` row and its eigen-structure (§5.1,
/// requirement 17), for the Scores page's heat map.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    run_cells(rows, sealing_times)
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
