//! Continuous ranked probability score of a Normal forecast (seed 004's CRPS), as
//! properscoring's `crps_gaussian(x, mu, sig)`:
//! CRPS = sig (z (2 Phi(z) - 1) + 2 phi(z) - 1/sqrt(pi)), z = (x - mu) / sig.

use super::special::{normal_cdf_ndtr, normal_pdf};

/// CRPS of N(mu, sig^2) against the outcome x; `None` unless sig > 0 and all inputs are finite.
/// `crps_gaussian(0, 0, 1) = 0.23369497725510913`.
pub fn crps_gaussian(x: f64, mu: f64, sig: f64) -> Option<f64> {
    if sig.is_nan() || sig <= 0.0 || !x.is_finite() || !mu.is_finite() || !sig.is_finite() {
        return None;
    }
    let sx = (x - mu) / sig;
    let pdf = normal_pdf(sx);
    let cdf = normal_cdf_ndtr(sx);
    let pi_inv = 1.0 / std::f64::consts::PI.sqrt();
    Some(sig * (sx * (2.0 * cdf - 1.0) + 2.0 * pdf - pi_inv))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_number() {
        assert_eq!(crps_gaussian(0.0, 0.0, 1.0), Some(0.23369497725510913));
        assert_eq!(crps_gaussian(0.0, 0.0, 0.0), None);
    }
}
