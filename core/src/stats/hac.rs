//! Newey-West (HAC) standard error of a mean, Bartlett kernel (spec seed 000 §4.6: for an
//! h-session horizon, lag h - 1).
//!
//! Equals statsmodels `OLS(x, ones).fit(cov_type='HAC', cov_kwds={'maxlags': L})` (its default
//! `use_correction=False`): with e_t = x_t - mean,
//! S = sum e_t^2 + sum_{l=1..L} (1 - l/(L+1)) 2 sum_t e_t e_{t-l}, Var(mean) = S / n^2.
//! The same long-run variance S / n is `arch.covariance.kernel.Bartlett(x, bandwidth=L)`.

use serde::{Deserialize, Serialize};

use super::numpy_reduce;
use super::special::{normal_ppf, student_t_ppf};

/// A mean with its HAC standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HacMean {
    /// Number of observations.
    pub n: usize,
    /// Newey-West lag L (Bartlett weights 1 - l/(L+1)); h - 1 for an h-session horizon (§4.6).
    pub lag: usize,
    /// Sample mean of the observations.
    pub mean: f64,
    /// Long-run variance S / n.
    pub long_run_variance: f64,
    /// sqrt(S) / n.
    pub se: f64,
}

/// Which quantile an interval uses.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantile {
    /// Normal (statsmodels' default for robust covariances, `use_t=False`).
    Normal,
    /// Student t with n - 1 degrees of freedom.
    StudentT,
}

/// Newey-West mean and standard error; `None` if empty, not finite, or `lag >= n`.
pub fn newey_west_mean(x: &[f64], lag: usize) -> Option<HacMean> {
    let n = x.len();
    if n == 0 || lag >= n || x.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let mean = numpy_reduce::mean(x)?;
    let e: Vec<f64> = x.iter().map(|v| v - mean).collect();
    let mut s: f64 = e.iter().map(|v| v * v).sum();
    for l in 1..=lag {
        let w = 1.0 - l as f64 / (lag as f64 + 1.0);
        let gamma: f64 = (l..n).map(|t| e[t] * e[t - l]).sum();
        s += w * 2.0 * gamma;
    }
    let s = s.max(0.0);
    Some(HacMean {
        n,
        lag,
        mean,
        long_run_variance: s / n as f64,
        se: s.sqrt() / n as f64,
    })
}

impl HacMean {
    /// Two-sided interval mean +- q se.
    pub fn interval(&self, level: f64, quantile: Quantile) -> Option<(f64, f64)> {
        let p = (1.0 + level) / 2.0;
        let q = match quantile {
            Quantile::Normal => normal_ppf(p).ok()?,
            Quantile::StudentT => student_t_ppf(p, (self.n as f64 - 1.0).max(1.0)).ok()?,
        };
        Some((self.mean - q * self.se, self.mean + q * self.se))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_zero_is_the_plain_standard_error() {
        let x = [1.0, 2.0, 4.0, 7.0];
        let h = newey_west_mean(&x, 0).unwrap();
        let e2: f64 = x.iter().map(|v| (v - 3.5) * (v - 3.5)).sum();
        assert!((h.se - e2.sqrt() / 4.0).abs() < 1e-15);
        assert!(newey_west_mean(&x, 4).is_none());
    }
}
