//! Shadow-consensus weights (spec seed 000 §5.3): each seat weighted by the inverse of its mean
//! pairwise correlation with the other seats, computed over the one-day probability pictures of
//! the counted runs sealed before registration (answers sealed before the reference only), the
//! mean correlation floored at 0.05; a seat with no eligible answer in that window takes the
//! median of the other seats' weights. On each event the weights are renormalised over the
//! seats that answered; trimming, family weights and the clamp are the published consensus'.
//!
//! A seat's mean correlation pools every defined (run, other seat) pair of the window.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::panel::CorrelationMatrix;
use super::NeffError;
use crate::stats::numpy_reduce::median;

/// The floor on a seat's mean correlation (so no weight exceeds 20).
pub const MEAN_R_FLOOR: f64 = 0.05;

/// Frozen weights per seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShadowWeights {
    /// Seat -> weight (before renormalisation), code-point order.
    pub weights: BTreeMap<String, f64>,
    /// Seat -> pooled mean r (absent for seats that took the median weight).
    pub mean_r: BTreeMap<String, f64>,
    /// Seat -> the (run, other seat) correlations pooled into its mean r.
    pub pairs: BTreeMap<String, usize>,
    /// Seats that took the median weight.
    pub median_filled: Vec<String>,
}

/// Weights for `roster` from the window's per-run correlation matrices (one per run, one-day).
pub fn shadow_weights(
    runs: &[CorrelationMatrix],
    roster: &[String],
) -> Result<ShadowWeights, NeffError> {
    let mut pooled: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for m in runs {
        let n = m.seats.len();
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                if let Some(r) = m.r[i][j] {
                    let e = pooled.entry(m.seats[i].as_str()).or_insert((0.0, 0));
                    e.0 += r;
                    e.1 += 1;
                }
            }
        }
    }
    let mut weights = BTreeMap::new();
    let mut mean_r = BTreeMap::new();
    let mut pairs = BTreeMap::new();
    let mut missing = Vec::new();
    for seat in roster {
        match pooled.get(seat.as_str()) {
            Some(&(sum, count)) if count > 0 => {
                let r = sum / count as f64;
                mean_r.insert(seat.clone(), r);
                pairs.insert(seat.clone(), count);
                weights.insert(seat.clone(), 1.0 / r.max(MEAN_R_FLOOR));
            }
            _ => missing.push(seat.clone()),
        }
    }
    let known: Vec<f64> = weights.values().copied().collect();
    let fill = median(&known).ok_or(NeffError::NoCorrelationInWindow)?;
    for seat in &missing {
        weights.insert(seat.clone(), fill);
    }
    missing.sort();
    Ok(ShadowWeights {
        weights,
        mean_r,
        pairs,
        median_filled: missing,
    })
}

impl ShadowWeights {
    /// Weights renormalised over the seats that answered an event (unknown seats are skipped),
    /// in the order given.
    pub fn renormalised(&self, answering: &[&str]) -> Vec<(String, f64)> {
        let known: Vec<(&str, f64)> = answering
            .iter()
            .filter_map(|s| self.weights.get(*s).map(|&w| (*s, w)))
            .collect();
        let total: f64 = known.iter().map(|(_, w)| w).sum();
        known
            .into_iter()
            .map(|(s, w)| (s.to_string(), w / total))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(seats: &[&str], r: &[&[f64]]) -> CorrelationMatrix {
        CorrelationMatrix {
            seats: seats.iter().map(|s| s.to_string()).collect(),
            r: r.iter()
                .map(|row| row.iter().map(|&v| Some(v)).collect())
                .collect(),
            common: vec![vec![12; seats.len()]; seats.len()],
        }
    }

    #[test]
    fn floor_median_and_renormalisation() {
        let m = matrix(
            &["a", "b", "c"],
            &[&[1.0, 0.5, -0.2], &[0.5, 1.0, 0.3], &[-0.2, 0.3, 1.0]],
        );
        let roster: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let w = shadow_weights(&[m], &roster).unwrap();
        // a: mean 0.15 -> 6.667; b: 0.4 -> 2.5; c: 0.05 -> floor -> 20; d: median 6.667.
        assert!((w.weights["a"] - 1.0 / 0.15).abs() < 1e-12);
        assert!((w.weights["b"] - 2.5).abs() < 1e-12);
        assert!((w.weights["c"] - 20.0).abs() < 1e-12);
        assert_eq!(w.weights["d"], w.weights["a"]);
        assert_eq!(w.median_filled, vec!["d".to_string()]);
        assert_eq!((w.pairs["a"], w.pairs.get("d")), (2, None));
        let rn = w.renormalised(&["b", "c"]);
        assert!((rn[0].1 - 2.5 / 22.5).abs() < 1e-15 && (rn[0].1 + rn[1].1 - 1.0).abs() < 1e-15);
    }
}
