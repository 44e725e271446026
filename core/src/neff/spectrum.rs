//! Eigen-structure of a correlation matrix (spec seed 000 §5.1, requirement 17): the largest
//! eigenvalue's share of the trace (near 1: one common factor carries the similarity) and the
//! participation ratio (sum lambda)^2 / sum lambda^2, a second count of dimensions.

use serde::{Deserialize, Serialize};

use super::panel::CorrelationMatrix;
use crate::stats::eigen::symmetric_eigenvalues;

/// Eigenvalues and the two summaries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spectrum {
    /// Descending.
    pub eigenvalues: Vec<f64>,
    /// Their sum.
    pub trace: f64,
    /// The largest eigenvalue over the trace.
    pub largest_share: f64,
    /// (sum of eigenvalues)^2 / sum of their squares: the effective number of dimensions.
    pub participation_ratio: f64,
}

/// The spectrum of a correlation matrix; `None` unless every pair is defined (and n >= 1).
pub fn spectrum(m: &CorrelationMatrix) -> Option<Spectrum> {
    let n = m.seats.len();
    let dense = m.dense()?;
    let mut ev = symmetric_eigenvalues(&dense, n)?;
    ev.reverse();
    let trace: f64 = ev.iter().sum();
    let sq: f64 = ev.iter().map(|l| l * l).sum();
    if n == 0 || trace.is_nan() || trace <= 0.0 || sq.is_nan() || sq <= 0.0 {
        return None;
    }
    Some(Spectrum {
        largest_share: ev[0] / trace,
        participation_ratio: trace * trace / sq,
        trace,
        eigenvalues: ev,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equicorrelated() {
        // n = 4, r = 0.5: eigenvalues 1 + 3(0.5) = 2.5 and 0.5 (x3).
        let r = |i: usize, j: usize| Some(if i == j { 1.0 } else { 0.5 });
        let m = CorrelationMatrix {
            seats: (0..4).map(|i| i.to_string()).collect(),
            r: (0..4).map(|i| (0..4).map(|j| r(i, j)).collect()).collect(),
            common: vec![vec![12; 4]; 4],
        };
        let s = spectrum(&m).unwrap();
        assert!((s.largest_share - 2.5 / 4.0).abs() < 1e-14);
        assert!((s.participation_ratio - 16.0 / (6.25 + 0.75)).abs() < 1e-13);
    }
}
