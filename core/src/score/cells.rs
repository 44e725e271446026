//! Empty cells and the three results of a seat (spec §3.9, requirement 8; Appendix C status
//! values): the Brier score on stated probabilities, coverage, and the service score in
//! which every unstated cell of a sent answer counts as 50% (0.25).

use super::brier::{brier, MeanScore, COIN_BRIER};
use crate::contract::forecasts_csv::ForecastRow;
use serde::{Deserialize, Serialize};

/// What one answer cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// A stated probability (0-100); `explicit_50` marks a stated exactly-50.
    Stated { p_pct: f64, explicit_50: bool },
    /// Left empty by the model, filled as 50% for the service score only (`counted_50`).
    Counted50,
    /// A cell with no usable probability (`invalid`, `refused_shape`, empty `prob_up`);
    /// also 50% in the service score.
    Unstated,
    /// The seat sent no answer line (`no_answer`): missing from the run's scores.
    NoAnswer,
}

/// The cell a forecasts-file row holds ([`Cell::classify`] of its columns).
pub(crate) fn cell_of(r: &ForecastRow) -> Cell {
    Cell::classify(&r.status, &r.cell_status, r.prob_up)
}

impl Cell {
    /// Classifies a forecasts-file row from its `status`, `cell_status` and `prob_up`.
    pub fn classify(status: &str, cell_status: &str, prob_up: Option<f64>) -> Cell {
        match (status, cell_status, prob_up) {
            ("no_answer", _, _) => Cell::NoAnswer,
            ("counted_50", _, _) => Cell::Counted50,
            ("refused_shape", _, _) | (_, "invalid", _) | (_, _, None) => Cell::Unstated,
            (_, cs, Some(p)) => Cell::Stated {
                p_pct: p,
                explicit_50: cs == "explicit_50",
            },
        }
    }

    /// The stated probability, if any (what consensus and agreement counts use).
    pub fn stated(self) -> Option<f64> {
        match self {
            Cell::Stated { p_pct, .. } => Some(p_pct),
            _ => None,
        }
    }
}

/// A seat's three results on one horizon, with the empty-cell counts reported beside them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatCells {
    /// Brier on stated probabilities (resolved cells).
    pub stated: MeanScore,
    /// Brier with every unstated cell of a sent answer at 0.25 (resolved cells).
    pub service: MeanScore,
    /// Stated cells / cells expected (every row of the seat, no-answer rows included).
    pub coverage: Option<f64>,
    pub expected: usize,
    pub explicit_50: usize,
    pub counted_50: usize,
    pub unstated: usize,
    pub no_answer: usize,
}

/// Summarises a seat's cells; `outcome` is Some(up) for resolved cells.
pub fn seat_cells(cells: impl IntoIterator<Item = (Cell, Option<bool>)>) -> SeatCells {
    let (mut stated, mut service) = (Vec::new(), Vec::new());
    let mut s = SeatCells {
        stated: MeanScore { mean: None, n: 0 },
        service: MeanScore { mean: None, n: 0 },
        coverage: None,
        expected: 0,
        explicit_50: 0,
        counted_50: 0,
        unstated: 0,
        no_answer: 0,
    };
    let mut n_stated = 0usize;
    for (cell, up) in cells {
        s.expected += 1;
        match cell {
            Cell::Stated { p_pct, explicit_50 } => {
                n_stated += 1;
                s.explicit_50 += explicit_50 as usize;
                if let Some(up) = up {
                    stated.push(brier(p_pct, up));
                    service.push(brier(p_pct, up));
                }
            }
            Cell::Counted50 | Cell::Unstated => {
                if cell == Cell::Counted50 {
                    s.counted_50 += 1;
                } else {
                    s.unstated += 1;
                }
                if up.is_some() {
                    service.push(COIN_BRIER);
                }
            }
            Cell::NoAnswer => s.no_answer += 1,
        }
    }
    s.stated = MeanScore::of(stated);
    s.service = MeanScore::of(service);
    s.coverage = (s.expected > 0).then(|| n_stated as f64 / s.expected as f64);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_results() {
        let cells = [
            (
                Cell::classify("counted", "elicited", Some(70.0)),
                Some(true),
            ),
            (
                Cell::classify("counted", "explicit_50", Some(50.0)),
                Some(false),
            ),
            (Cell::classify("counted_50", "", None), Some(true)),
            (Cell::classify("counted", "invalid", None), Some(true)),
            (Cell::classify("no_answer", "", None), Some(true)),
        ];
        let s = seat_cells(cells);
        assert_eq!((s.stated.n, s.service.n, s.expected), (2, 4, 5));
        assert_eq!(
            (s.explicit_50, s.counted_50, s.unstated, s.no_answer),
            (1, 1, 1, 1)
        );
        assert!((s.stated.mean.unwrap() - (0.09 + 0.25) / 2.0).abs() < 1e-15);
        assert!((s.service.mean.unwrap() - (0.09 + 0.25 * 3.0) / 4.0).abs() < 1e-15);
        assert_eq!(s.coverage, Some(0.4));
    }
}
