//! The registered primary endpoint (spec seed 000 §8) and the paired session gains it reads.
//!
//! For each session s, G_s = mean over the session's events of [(q_e - y_e)^2 - (p_e - y_e)^2]
//! (baseline loss minus model loss; positive means the model lost less). The estimate is the mean
//! of G_s over sessions, each session weighted equally; its intervals come from a moving block
//! bootstrap over sessions (block 5, 10,000 resamples, seed 20261102, percentile 95% and 90%).
//! EndpointVerdict, read in order: the 95% interval entirely above zero -> confirmed (and, when the 90%
//! interval also lies inside the +-0.01 equivalence margin, "confirmed and smaller than the
//! margin"); else the 90% interval entirely inside +-0.01 -> no material gain; else inconclusive.
//! "Entirely above" and "entirely inside" are strict (lo > 0; -0.01 < lo and hi < 0.01).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::bootstrap::{
    bootstrap_mean, percentile_interval_sorted, BootstrapError, PercentileInterval, Resampling,
};
use super::numpy_reduce;

/// Block length of the primary endpoint's moving block bootstrap (§8).
pub const PRIMARY_BLOCK: usize = 5;
/// Resamples of the primary endpoint (§8).
pub const PRIMARY_REPS: usize = 10_000;
/// Seed of the primary endpoint, and of every other registered bootstrap (§8, Appendix D).
pub const PRIMARY_SEED: u64 = 20_261_102;
/// The primary window starts at session 11 (2026-11-02) and runs to the check date (§8).
pub const PRIMARY_FIRST_SESSION: u32 = 11;
/// The equivalence margin of every confirmatory comparison, in Brier points (§4.6).
pub const EQUIVALENCE_MARGIN: f64 = 0.01;

/// One event's pair of losses in a session.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedLoss {
    /// Session number in the league's count (the primary window starts at
    /// [`PRIMARY_FIRST_SESSION`]).
    pub session: u32,
    /// Loss of the baseline (climatology, coin, crowd, the published consensus ...).
    pub baseline_loss: f64,
    /// Loss of the forecaster being tested.
    pub model_loss: f64,
}

/// G_s for one session.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionGain {
    /// Trading-session number the gain belongs to.
    pub session: u32,
    /// G_s: mean of baseline loss minus model loss over the session's events (positive: the model
    /// lost less).
    pub gain: f64,
    /// Number of events averaged into `gain`.
    pub events: usize,
}

/// Paired session gains G_s, in session order; each G_s is `np.mean(baseline - model)` over the
/// session's events in input order.
pub fn session_gains(rows: &[PairedLoss]) -> Vec<SessionGain> {
    let mut by_session: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    for r in rows {
        by_session
            .entry(r.session)
            .or_default()
            .push(r.baseline_loss - r.model_loss);
    }
    by_session
        .into_iter()
        .map(|(session, d)| SessionGain {
            session,
            gain: numpy_reduce::sum(&d) / d.len() as f64,
            events: d.len(),
        })
        .collect()
}

/// The primary endpoint's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndpointVerdict {
    /// The 95% interval lies entirely above zero: the model beats the baseline.
    Confirmed,
    /// Not confirmed, and the 90% interval lies strictly inside +-margin: no material gain.
    NoMaterialGain,
    /// Neither of the above.
    Inconclusive,
}

/// Settings of a block-bootstrap comparison read like the primary endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndpointConfig {
    /// Block length in sessions of the moving block bootstrap (§8: 5).
    pub block: usize,
    /// Number of bootstrap resamples (§8: 10,000).
    pub reps: usize,
    /// Seed of numpy's `default_rng` for the resampling (§8: 20261102).
    pub seed: u64,
    /// Equivalence margin in Brier points (§4.6: 0.01).
    pub margin: f64,
}

impl EndpointConfig {
    /// The registered settings of §8.
    pub const PRIMARY: EndpointConfig = EndpointConfig {
        block: PRIMARY_BLOCK,
        reps: PRIMARY_REPS,
        seed: PRIMARY_SEED,
        margin: EQUIVALENCE_MARGIN,
    };
}

/// Estimate, intervals and verdict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndpointResult {
    /// Number of session gains G_s averaged.
    pub sessions: usize,
    /// Mean of G_s over sessions, each session weighted equally.
    pub estimate: f64,
    /// Percentile 95% interval of the bootstrap replicates of the estimate.
    pub ci95: PercentileInterval,
    /// Percentile 90% interval, read against the equivalence margin.
    pub ci90: PercentileInterval,
    /// The §8 reading of the two intervals.
    pub verdict: EndpointVerdict,
    /// Confirmed and the 90% interval also inside the margin ("confirmed and smaller than it").
    pub confirmed_below_margin: bool,
    /// Settings the result was computed with.
    pub config: EndpointConfig,
}

/// Read the verdict from the two intervals (§8), margin m: confirmed if ci95.lo > 0; else no
/// material gain if -m < ci90.lo and ci90.hi < m; else inconclusive.
pub fn verdict(
    ci95: &PercentileInterval,
    ci90: &PercentileInterval,
    margin: f64,
) -> (EndpointVerdict, bool) {
    let inside = -margin < ci90.lo && ci90.hi < margin;
    if ci95.lo > 0.0 {
        (EndpointVerdict::Confirmed, inside)
    } else if inside {
        (EndpointVerdict::NoMaterialGain, false)
    } else {
        (EndpointVerdict::Inconclusive, false)
    }
}

/// The primary endpoint (or a comparison registered to be read the same way, e.g. the
/// shadow-consensus secondary analysis) over session gains in session order.
pub fn block_bootstrap_endpoint(
    gains: &[f64],
    config: EndpointConfig,
) -> Result<EndpointResult, BootstrapError> {
    let mut reps = bootstrap_mean(
        gains,
        Resampling::MovingBlock {
            block: config.block,
        },
        config.reps,
        config.seed,
    )?;
    reps.sort_by(f64::total_cmp);
    let estimate = numpy_reduce::sum(gains) / gains.len() as f64;
    let ci95 = percentile_interval_sorted(&reps, 0.95).ok_or(BootstrapError::Empty)?;
    let ci90 = percentile_interval_sorted(&reps, 0.90).ok_or(BootstrapError::Empty)?;
    let (verdict, confirmed_below_margin) = verdict(&ci95, &ci90, config.margin);
    Ok(EndpointResult {
        sessions: gains.len(),
        estimate,
        ci95,
        ci90,
        verdict,
        confirmed_below_margin,
        config,
    })
}

/// The §8 primary endpoint with its registered settings.
pub fn primary_endpoint(gains: &[f64]) -> Result<EndpointResult, BootstrapError> {
    block_bootstrap_endpoint(gains, EndpointConfig::PRIMARY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ci(level: f64, lo: f64, hi: f64) -> PercentileInterval {
        PercentileInterval { level, lo, hi }
    }

    #[test]
    fn verdict_rules() {
        assert_eq!(
            verdict(&ci(0.95, 0.001, 0.02), &ci(0.9, 0.002, 0.019), 0.01),
            (EndpointVerdict::Confirmed, false)
        );
        assert_eq!(
            verdict(&ci(0.95, 0.001, 0.009), &ci(0.9, 0.002, 0.008), 0.01),
            (EndpointVerdict::Confirmed, true)
        );
        assert_eq!(
            verdict(&ci(0.95, -0.009, 0.009), &ci(0.9, -0.008, 0.008), 0.01),
            (EndpointVerdict::NoMaterialGain, false)
        );
        assert_eq!(
            verdict(&ci(0.95, -0.02, 0.009), &ci(0.9, -0.011, 0.008), 0.01),
            (EndpointVerdict::Inconclusive, false)
        );
        assert_eq!(
            verdict(&ci(0.95, 0.0, 0.009), &ci(0.9, 0.001, 0.01), 0.01),
            (EndpointVerdict::Inconclusive, false)
        );
    }

    #[test]
    fn gains_group_by_session() {
        let rows = [
            PairedLoss {
                session: 12,
                baseline_loss: 0.25,
                model_loss: 0.20,
            },
            PairedLoss {
                session: 11,
                baseline_loss: 0.25,
                model_loss: 0.30,
            },
            PairedLoss {
                session: 12,
                baseline_loss: 0.25,
                model_loss: 0.10,
            },
        ];
        let g = session_gains(&rows);
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].session, g[0].events), (11, 1));
        assert!((g[0].gain + 0.05).abs() < 1e-15);
        assert!((g[1].gain - 0.10).abs() < 1e-15);
    }
}
