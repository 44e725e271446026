//! Seed 001/003 rules (AgentpitBench): the multi-outcome Brier `1/2 sum (p - y)^2`, the
//! comparison with the crowd (the market price at sweep time) on the same markets with a
//! two-sided sign test (`core::stats::sign_test`, differences agent minus crowd, so `negative`
//! counts the markets where the agent did better) and a bootstrap interval of the mean difference (from `core::stats`),
//! a verdict only when that interval excludes zero, and bet profit and loss.

use super::super::seams::StatsSeams;
use super::VectorError;
use serde::{Deserialize, Serialize};

/// `1/2 sum_k (p_k - y_k)^2` over every outcome of a market (0 perfect, 1 worst); `winner`
/// indexes the outcome that happened. Probabilities are 0-1.
pub fn multi_brier(probs: &[f64], winner: usize) -> Result<f64, VectorError> {
    if winner >= probs.len() {
        return Err(VectorError::WinnerNotOutcome {
            winner,
            outcomes: probs.len(),
        });
    }
    if let Some(p) = probs.iter().find(|p| !(0.0..=1.0).contains(*p)) {
        return Err(VectorError::ProbabilityOutside { p: p.to_string() });
    }
    Ok(0.5
        * probs
            .iter()
            .enumerate()
            .map(|(k, p)| (p - if k == winner { 1.0 } else { 0.0 }).powi(2))
            .sum::<f64>())
}

/// Profit and loss of one bet: payout minus tokens spent. `stake` tokens buy shares at
/// `fill_price` (0-1) that pay 1 token each if the outcome wins.
pub fn bet_pnl(stake: f64, fill_price: f64, won: bool) -> f64 {
    let payout = if won { stake / fill_price } else { 0.0 };
    payout - stake
}

/// The agent against the crowd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CrowdVerdict {
    Better,
    Worse,
    Inconclusive,
}

/// The verdict from the interval of the mean of (agent Brier - crowd Brier): better when the
/// interval lies below zero, worse when above, otherwise inconclusive.
pub fn crowd_verdict(ci_mean_difference: (f64, f64)) -> CrowdVerdict {
    if ci_mean_difference.1 < 0.0 {
        CrowdVerdict::Better
    } else if ci_mean_difference.0 > 0.0 {
        CrowdVerdict::Worse
    } else {
        CrowdVerdict::Inconclusive
    }
}

/// The verdict from the 95% bootstrap interval of the mean of per-market differences
/// (agent Brier minus crowd Brier on the same markets), via `core::stats`.
pub fn verdict_vs_crowd(
    differences: &[f64],
    stats: &dyn StatsSeams,
    resamples: usize,
    seed: u64,
) -> Option<((f64, f64), CrowdVerdict)> {
    let ci = stats.iid_bootstrap(differences, resamples, 0.95, seed)?;
    Some((ci, crowd_verdict(ci)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert!(
            (multi_brier(&[0.7, 0.2, 0.1], 0).unwrap() - 0.5 * (0.09 + 0.04 + 0.01)).abs() < 1e-15
        );
        assert_eq!(multi_brier(&[0.5, 0.5], 0).unwrap(), 0.25);
        assert!(multi_brier(&[0.5, 0.5], 2).is_err());
        assert_eq!(bet_pnl(100.0, 0.25, true), 300.0);
        assert_eq!(bet_pnl(100.0, 0.25, false), -100.0);
        assert_eq!(crowd_verdict((-0.03, -0.001)), CrowdVerdict::Better);
        assert_eq!(crowd_verdict((-0.03, 0.001)), CrowdVerdict::Inconclusive);
        assert_eq!(crowd_verdict((0.002, 0.01)), CrowdVerdict::Worse);
        let recorder = crate::score::seams::testing::Recorder;
        assert_eq!(
            verdict_vs_crowd(&[0.1, 0.2], &recorder, 1000, 7),
            Some(((0.95, 2000.0), CrowdVerdict::Worse))
        );
        // The sign test is core::stats' (differences agent minus crowd: negative = agent better).
        let s = crate::stats::sign_test::sign_test(&[-0.1, -0.2, 0.0, 0.3, -0.05]);
        assert_eq!((s.negative, s.positive, s.ties), (3, 1, 1));
        assert!((s.p_value - 0.625).abs() < 1e-15);
    }
}
