//! How many independent voices (spec seed 000 §5): N_eff = n / (1 + (n - 1) rho) from the mean
//! pairwise correlation of the seats' stated probabilities, its variants and diagnostics.
//!
//! Inputs are plain rows ([`Answer`]: seat, market, horizon, probability in percent). The caller
//! applies §5.1's eligibility before handing rows in: counted runs only, answers sealed before
//! the reference only, each seat's latest answer line, cells with their own reference and cells
//! restored by correction lines left out, filled `counted_50` cells left out (a stated 50 stays).
//!
//! * [`panel`]: the seat x cell table and pairwise correlations (Pearson over the cells both seats
//!   answered; the uncentred deviation-from-50 and deviation-from-climatology variants), the
//!   headline [`panel::NeffReading`] and the one-market-per-group filter.
//! * [`spectrum`]: participation ratio and largest-eigenvalue share of the correlation matrix.
//! * [`seats`]: per-seat mean r and majority agreement; error indicators for the error N_eff.
//! * [`sides`]: within- vs between-side correlation and the exact permutation test over splits.
//! * [`shadow`]: the shadow consensus' inverse-correlation weights (§5.3).

#![warn(missing_docs)]

pub mod panel;
pub mod seats;
pub mod shadow;
pub mod sides;
pub mod spectrum;

use serde::{Deserialize, Serialize};

use crate::stats::numpy_reduce;

/// One stated probability: a seat's answer for a market at a horizon, in percent (0-100). The
/// names are owned (`String`, the default) or borrowed from the rows they were read from
/// (`&str`), so the scorer builds a panel of any size without copying a name.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer<S = String> {
    /// The seat that stated it.
    pub seat: S,
    /// The market (`spx`, `gold`, ...).
    pub market: S,
    /// The horizon (`1d`, `1w`, `1m`, `6m`).
    pub horizon: S,
    /// The probability of up, percent.
    pub prob: f64,
}

/// Why a reading cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NeffError {
    /// The same seat answered the same market and horizon twice (row index of the second).
    Duplicate {
        /// The second answer's row index.
        row: usize,
        /// The seat.
        seat: String,
        /// The market.
        market: String,
        /// The horizon.
        horizon: String,
    },
    /// A probability that is not finite or outside 0..=100 (row index).
    Probability {
        /// The row index.
        row: usize,
        /// The seat.
        seat: String,
        /// The market.
        market: String,
        /// The horizon.
        horizon: String,
    },
    /// The sides reading: a seat of the panel has no side label.
    NoSide {
        /// The seat without a label.
        seat: String,
    },
    /// The sides reading: the seats' labels are not exactly two sides.
    NotTwoSides {
        /// The labels found.
        found: usize,
    },
    /// The sides reading: more ways to split the seats than the test enumerates.
    TooManySplits {
        /// The splits the seats allow.
        splits: u64,
        /// [`sides::MAX_SPLITS`].
        max: u64,
    },
    /// The sides reading: no cell was answered by a seat of each side.
    NoCellBothSides,
    /// The shadow weights: no seat of the roster has a correlation in the window.
    NoCorrelationInWindow,
}

impl std::fmt::Display for NeffError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NeffError::Duplicate {
                row,
                seat,
                market,
                horizon,
            } => {
                write!(f, "row {row}: seat {seat} answered {market} {horizon} twice; pass each seat's latest answer only")
            }
            NeffError::Probability {
                row,
                seat,
                market,
                horizon,
            } => {
                write!(f, "row {row}: seat {seat}, {market} {horizon}: probability must be a number from 0 to 100")
            }
            NeffError::NoSide { seat } => write!(f, "sides: seat {seat} has no side"),
            NeffError::NotTwoSides { found } => {
                write!(f, "sides: need seats on exactly two sides, found {found}")
            }
            NeffError::TooManySplits { splits, max } => {
                write!(f, "sides: {splits} splits exceed the limit of {max}")
            }
            NeffError::NoCellBothSides => f.write_str("sides: no cell answered by both sides"),
            NeffError::NoCorrelationInWindow => {
                f.write_str("shadow weights: no seat of the roster has a correlation in the window")
            }
        }
    }
}

impl std::error::Error for NeffError {}

/// N_eff = n / (1 + (n - 1) rho) (Kish 1965; §5). `None` when the denominator is not positive.
/// 1.74 for n = 7, rho = 0.505; 1.46 for n = 8, rho = 0.64; 2.23 for n = 9, rho = 0.379.
pub fn n_eff(n: usize, rho: f64) -> Option<f64> {
    let d = 1.0 + (n as f64 - 1.0) * rho;
    (d > 0.0 && n > 0).then(|| n as f64 / d)
}

/// Pearson correlation of two equally long series (numpy means; clipped to [-1, 1]). `None`
/// with fewer than 2 points or a constant series.
pub fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let mx = numpy_reduce::mean(x)?;
    let my = numpy_reduce::mean(y)?;
    let dx: Vec<f64> = x.iter().map(|v| v - mx).collect();
    let dy: Vec<f64> = y.iter().map(|v| v - my).collect();
    uncentred(&dx, &dy)
}

/// Uncentred correlation sum(xy) / sqrt(sum x^2 sum y^2) (cosine similarity); `None` if either
/// series is all zero or the lengths differ.
pub fn uncentred(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.is_empty() {
        return None;
    }
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| a * b).sum();
    let sxx: f64 = x.iter().map(|a| a * a).sum();
    let syy: f64 = y.iter().map(|b| b * b).sum();
    if !(sxx > 0.0 && syy > 0.0) {
        return None;
    }
    Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r2(x: f64) -> f64 {
        (x * 100.0).round() / 100.0
    }

    #[test]
    fn worked_numbers_of_section_5_2() {
        assert_eq!(r2(n_eff(7, 0.505).unwrap()), 1.74);
        assert_eq!(r2(n_eff(8, 0.64).unwrap()), 1.46);
        assert_eq!(r2(n_eff(9, 0.379).unwrap()), 2.23);
        assert_eq!(n_eff(1, 0.3), Some(1.0));
        assert_eq!(n_eff(3, -0.6), None);
    }

    #[test]
    fn correlations() {
        assert_eq!(pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]), Some(1.0));
        assert_eq!(pearson(&[1.0, 1.0, 1.0], &[2.0, 4.0, 6.0]), None);
        assert_eq!(uncentred(&[1.0, -1.0], &[-1.0, 1.0]), Some(-1.0));
    }
}
