//! Calibration and sharpness (spec §4.4, Table 7).
//!
//! Directional-confidence calibration folds each resolved probability onto the side it
//! supports (p < 50 becomes 100 - p with the outcome flipped; exactly 50 is left out) and
//! bins the folded forecasts at `[50,60) [60,70) [70,80) [80,100]`; a bin is drawn from 20
//! forecasts (`calib_min`). The logistic fit `logit P(Y=1) = a + b logit(p)` with
//! session-clustered standard errors is `core::stats`' (seam: it takes the (p, y, session)
//! triples this module's callers collect).

use super::mean;
use serde::{Deserialize, Serialize};

/// Forecasts a bin needs before it is drawn.
pub const CALIB_MIN: usize = 20;

/// Folded-bin edges, percent; the last bin includes 100.
pub const BIN_EDGES: [(f64, f64); 4] = [(50.0, 60.0), (60.0, 70.0), (70.0, 80.0), (80.0, 100.0)];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CalibrationBin {
    pub lo: f64,
    pub hi: f64,
    pub n: usize,
    /// Mean folded probability stated, percent.
    pub mean_stated: Option<f64>,
    /// Share of folded forecasts whose supported side happened.
    pub realized: Option<f64>,
    /// n >= [`CALIB_MIN`].
    pub shown: bool,
}

/// Folded calibration bins over resolved (p_pct, up) pairs.
pub fn folded_calibration(rows: impl IntoIterator<Item = (f64, bool)>) -> Vec<CalibrationBin> {
    let mut bins: Vec<(Vec<f64>, usize)> = vec![(Vec::new(), 0); BIN_EDGES.len()];
    for (p, up) in rows {
        if p == 50.0 {
            continue;
        }
        let (folded, hit) = if p < 50.0 { (100.0 - p, !up) } else { (p, up) };
        let k = BIN_EDGES
            .iter()
            .position(|&(lo, hi)| folded >= lo && (folded < hi || hi == 100.0 && folded <= hi));
        if let Some(k) = k {
            bins[k].0.push(folded);
            bins[k].1 += hit as usize;
        }
    }
    BIN_EDGES
        .iter()
        .zip(bins)
        .map(|(&(lo, hi), (ps, hits))| CalibrationBin {
            lo,
            hi,
            n: ps.len(),
            realized: (!ps.is_empty()).then(|| hits as f64 / ps.len() as f64),
            mean_stated: mean(ps.iter().copied()),
            shown: ps.len() >= CALIB_MIN,
        })
        .collect()
}

/// Sharpness `K = (2/n) sum |p_j - 50|` over stated probabilities, 0 (always 50) to 100.
pub fn sharpness_k(ps: impl IntoIterator<Item = f64>) -> Option<f64> {
    mean(ps.into_iter().map(|p| (p - 50.0).abs())).map(|m| 2.0 * m)
}

/// Sharpness against climatology: `K_clim = (2/n) sum |p_j - 100 q_j|` over (p_pct, q in 0-1).
pub fn sharpness_k_clim(rows: impl IntoIterator<Item = (f64, f64)>) -> Option<f64> {
    mean(rows.into_iter().map(|(p, q)| (p - 100.0 * q).abs())).map(|m| 2.0 * m)
}

/// Share of stated probabilities between 40 and 60 inclusive (Table 7, §4.4).
pub fn share_40_60(ps: impl IntoIterator<Item = f64>) -> Option<f64> {
    mean(
        ps.into_iter()
            .map(|p| ((40.0..=60.0).contains(&p)) as u8 as f64),
    )
}

/// Population standard deviation of the seats' probabilities on one cell, in points (the
/// spread of §5.2 and §8's tertiles).
pub fn spread(ps: &[f64]) -> Option<f64> {
    crate::stats::numpy_reduce::std(ps, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_and_bins() {
        let mut rows = vec![(30.0, false); 15]; // folds to 70, hit
        rows.extend(vec![(70.0, false); 5]); // 70, miss
        rows.push((50.0, true)); // excluded
        rows.push((100.0, true)); // last bin includes 100
        rows.push((59.99, true));
        let b = folded_calibration(rows);
        assert_eq!(b.iter().map(|b| b.n).collect::<Vec<_>>(), [1, 0, 20, 1]);
        assert_eq!(b[2].realized, Some(0.75));
        assert_eq!(b[2].mean_stated, Some(70.0));
        assert!(b[2].shown && !b[0].shown);
    }

    #[test]
    fn sharpness() {
        assert_eq!(sharpness_k([50.0, 50.0]), Some(0.0));
        assert_eq!(sharpness_k([0.0, 100.0]), Some(100.0));
        assert_eq!(sharpness_k([55.0, 45.0, 60.0, 50.0]), Some(10.0));
        assert_eq!(sharpness_k_clim([(60.0, 0.6), (50.0, 0.6)]), Some(10.0));
        assert_eq!(share_40_60([40.0, 61.0]), Some(0.5));
        assert_eq!(spread(&[40.0, 60.0]), Some(10.0));
    }
}
