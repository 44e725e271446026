//! The two-sided sign test (seed 001: model vs crowd per question; exact binomial, p = 1/2).
//!
//! Ties (zero differences) are dropped. The p-value is scipy's
//! `binomtest(k, n, 0.5, alternative='two-sided').pvalue`, which for p = 1/2 is
//! min(1, 2 P(X <= min(k, n - k))).

use serde::{Deserialize, Serialize};

use super::special::binom_half_cdf;

/// Counts and p-value of a sign test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SignTest {
    /// Differences above zero.
    pub positive: u64,
    /// Differences below zero.
    pub negative: u64,
    /// Zero or non-finite differences, left out of the test.
    pub ties: u64,
    /// Two-sided exact p; 1 when there is no non-tied difference.
    pub p_value: f64,
}

/// Two-sided exact binomial test of k successes in n trials at p = 1/2.
pub fn binom_test_half(k: u64, n: u64) -> f64 {
    if n == 0 || 2 * k == n {
        return 1.0;
    }
    (2.0 * binom_half_cdf(k.min(n - k), n)).min(1.0)
}

/// Sign test over paired differences (e.g. crowd Brier minus model Brier per question).
/// Non-finite differences are not counted as either sign and are reported as ties.
pub fn sign_test(differences: &[f64]) -> SignTest {
    let positive = differences.iter().filter(|&&d| d > 0.0).count() as u64;
    let negative = differences.iter().filter(|&&d| d < 0.0).count() as u64;
    let ties = differences.len() as u64 - positive - negative;
    SignTest {
        positive,
        negative,
        ties,
        p_value: binom_test_half(positive, positive + negative),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        assert_eq!(binom_test_half(5, 10), 1.0);
        assert!((binom_test_half(0, 5) - 0.0625).abs() < 1e-17);
        assert!((binom_test_half(5, 5) - 0.0625).abs() < 1e-17);
        let s = sign_test(&[1.0, -2.0, 0.0, 3.0]);
        assert_eq!((s.positive, s.negative, s.ties), (2, 1, 1));
        assert_eq!(s.p_value, 1.0);
    }
}
