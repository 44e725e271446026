//! Per-seat diagnostics (spec seed 000 §5.3, requirement 17, Fig. 11) and the error indicators
//! behind the error N_eff (§5.1, `n_eff_errors`).
//!
//! * mean r: a seat's mean correlation with every other seat (defined pairs only);
//! * majority agreement: the share of the seat's directional cells (stated probability not 50)
//!   on the same side of 50 as the majority of the other seats' directional answers in that
//!   cell; cells where the others tie (or none is directional) are left out.
//! * error indicator: 1 when a directional answer was wrong, 0 when right (up = strictly above
//!   the reference; a draw counts as not up); a stated 50 is neither and is left out.

use serde::{Deserialize, Serialize};

use super::panel::{CorrelationMatrix, Panel};
use super::{Answer, NeffError};

/// A seat's two distinctiveness counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatProfile {
    /// The seat.
    pub seat: String,
    /// Its mean correlation with the other seats, over pairs with one defined.
    pub mean_r: Option<f64>,
    /// Other seats with a defined correlation.
    pub pairs: usize,
    /// Directional cells with a majority among the others, and those agreeing with it.
    pub majority_cells: usize,
    /// See `majority_cells`.
    pub majority_agree: usize,
    /// `majority_agree / majority_cells`.
    pub majority_agreement: Option<f64>,
}

fn side(p: f64) -> i32 {
    if p > 50.0 {
        1
    } else if p < 50.0 {
        -1
    } else {
        0
    }
}

/// Mean r and majority agreement for every seat of a panel (in the panel's seat order).
pub fn seat_profiles(panel: &Panel, matrix: &CorrelationMatrix) -> Vec<SeatProfile> {
    let n = panel.seats.len();
    (0..n)
        .map(|i| {
            let rs: Vec<f64> = (0..n)
                .filter(|&j| j != i)
                .filter_map(|j| matrix.r[i][j])
                .collect();
            let mut cells = 0;
            let mut agree = 0;
            for c in 0..panel.cells.len() {
                let Some(p) = panel.value(i, c) else { continue };
                let own = side(p);
                if own == 0 {
                    continue;
                }
                let vote: i32 = (0..n)
                    .filter(|&j| j != i)
                    .filter_map(|j| panel.value(j, c))
                    .map(side)
                    .sum();
                if vote == 0 {
                    continue;
                }
                cells += 1;
                if vote.signum() == own {
                    agree += 1;
                }
            }
            SeatProfile {
                seat: panel.seats[i].clone(),
                mean_r: (!rs.is_empty()).then(|| rs.iter().sum::<f64>() / rs.len() as f64),
                pairs: rs.len(),
                majority_cells: cells,
                majority_agree: agree,
                majority_agreement: (cells > 0).then(|| agree as f64 / cells as f64),
            }
        })
        .collect()
}

/// A scored answer: the stated probability (percent) and whether the event resolved up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoredAnswer {
    /// The seat.
    pub seat: String,
    /// The market.
    pub market: String,
    /// The horizon.
    pub horizon: String,
    /// The probability of up, percent.
    pub prob: f64,
    /// Whether the market closed up.
    pub up: bool,
}

/// 1.0 wrong, 0.0 right, `None` for a stated 50.
pub fn error_indicator(prob: f64, up: bool) -> Option<f64> {
    match side(prob) {
        0 => None,
        s => Some(if (s == 1) == up { 0.0 } else { 1.0 }),
    }
}

/// The panel of error indicators of one scored session (optionally one horizon); read it with
/// `Similarity::Pearson` for the error N_eff. Seats whose answers are all 50 have no row.
pub fn error_panel<'a>(
    rows: &'a [ScoredAnswer],
    horizon: Option<&str>,
) -> Result<Panel, NeffError> {
    let answer = |a: &'a ScoredAnswer, prob: f64| Answer {
        seat: a.seat.as_str(),
        market: a.market.as_str(),
        horizon: a.horizon.as_str(),
        prob,
    };
    // Validate the stated probabilities (range, one answer per seat and cell) with their row numbers.
    Panel::from_answers(
        &rows.iter().map(|a| answer(a, a.prob)).collect::<Vec<_>>(),
        horizon,
    )?;
    let indicators: Vec<Answer<&str>> = rows
        .iter()
        .filter_map(|a| error_indicator(a.prob, a.up).map(|e| answer(a, e)))
        .collect();
    Panel::from_answers(&indicators, horizon)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neff::panel::Similarity;

    #[test]
    fn majority_agreement_skips_fifty_and_ties() {
        let rows: Vec<Answer<&str>> = [
            ("a", "m1", 60.0),
            ("b", "m1", 70.0),
            ("c", "m1", 40.0),
            ("a", "m2", 50.0),
            ("b", "m2", 55.0),
            ("c", "m2", 45.0),
        ]
        .iter()
        .map(|&(s, m, p)| Answer {
            seat: s,
            market: m,
            horizon: "1d",
            prob: p,
        })
        .collect();
        let panel = Panel::from_answers(&rows, None).unwrap();
        let prof = seat_profiles(&panel, &panel.correlations(&Similarity::Pearson));
        // a: m1 others b up, c down -> tie, skipped; m2 own 50 -> skipped.
        assert_eq!(
            (prof[0].majority_cells, prof[0].majority_agreement),
            (0, None)
        );
        // b: m1 others a up, c down -> tie; m2 others a 50, c down -> majority down, b up -> disagree.
        assert_eq!((prof[1].majority_cells, prof[1].majority_agree), (1, 0));
    }

    #[test]
    fn error_indicators() {
        assert_eq!(error_indicator(60.0, true), Some(0.0));
        assert_eq!(error_indicator(60.0, false), Some(1.0));
        assert_eq!(error_indicator(40.0, false), Some(0.0));
        assert_eq!(error_indicator(50.0, true), None);
    }
}
