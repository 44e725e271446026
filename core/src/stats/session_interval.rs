//! One place that turns §4.6's allowed interval methods into numbers, for a score whose rows
//! are grouped by session (spec seed 000 §4.6, requirement 10).
//!
//! [`intervals::interval_rule`](super::intervals::interval_rule) says which methods a horizon
//! and session count allow; [`session_interval`] computes one of them:
//! * t on session means: [`t_interval`](super::intervals::t_interval) of the per-session means;
//! * session-cluster bootstrap: pooled row mean, sessions drawn iid, 10,000 resamples, seed
//!   20261102, percentile interval;
//! * Newey-West: HAC interval of the session means with the method's lag, Normal quantile;
//! * block bootstrap: moving blocks of the method's length over the session means, 10,000
//!   resamples, seed 20261102, percentile interval.

use serde::{Deserialize, Serialize};

use super::bootstrap::{bootstrap_mean, cluster_bootstrap_mean, percentile_interval, Resampling};
use super::endpoint::{PRIMARY_REPS, PRIMARY_SEED};
use super::hac::{newey_west_mean, Quantile};
use super::intervals::{t_interval, IntervalMethod};
use super::numpy_reduce;

/// An interval with the method that made it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionInterval {
    /// The §4.6 method that computed the interval.
    pub method: IntervalMethod,
    /// Coverage as a fraction in (0, 1), e.g. 0.95.
    pub level: f64,
    /// Lower end, in the units of the row values.
    pub lo: f64,
    /// Upper end, in the units of the row values.
    pub hi: f64,
}

/// The interval of `method` over `sessions` (each session's row values, sessions in order).
/// `None` if a session is empty where a session mean is needed, a value is not finite, or the
/// method cannot run on this many sessions (e.g. a block longer than the series).
pub fn session_interval(
    sessions: &[Vec<f64>],
    method: IntervalMethod,
    level: f64,
) -> Option<SessionInterval> {
    let means = || -> Option<Vec<f64>> { sessions.iter().map(|s| numpy_reduce::mean(s)).collect() };
    let (lo, hi) = match method {
        IntervalMethod::TSessionMeans => {
            let t = t_interval(&means()?, level)?;
            (t.lo, t.hi)
        }
        IntervalMethod::SessionClusterBootstrap => {
            let reps = cluster_bootstrap_mean(sessions, PRIMARY_REPS, PRIMARY_SEED).ok()?;
            let ci = percentile_interval(&reps, level)?;
            (ci.lo, ci.hi)
        }
        IntervalMethod::NeweyWest { lag } => {
            newey_west_mean(&means()?, lag)?.interval(level, Quantile::Normal)?
        }
        IntervalMethod::BlockBootstrap { block } => {
            let reps = bootstrap_mean(
                &means()?,
                Resampling::MovingBlock { block },
                PRIMARY_REPS,
                PRIMARY_SEED,
            )
            .ok()?;
            let ci = percentile_interval(&reps, level)?;
            (ci.lo, ci.hi)
        }
    };
    Some(SessionInterval {
        method,
        level,
        lo,
        hi,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_brackets_the_mean() {
        let sessions: Vec<Vec<f64>> = (0..30)
            .map(|s| {
                (0..12)
                    .map(|m| f64::from((s * 7 + m * 5) % 13) / 13.0)
                    .collect()
            })
            .collect();
        for method in [
            IntervalMethod::TSessionMeans,
            IntervalMethod::SessionClusterBootstrap,
            IntervalMethod::NeweyWest { lag: 4 },
            IntervalMethod::BlockBootstrap { block: 5 },
        ] {
            let ci = session_interval(&sessions, method, 0.95).unwrap();
            assert!(
                ci.lo < ci.hi && ci.lo < 0.5 && ci.hi > 0.4,
                "{method:?}: {ci:?}"
            );
        }
        assert!(session_interval(&[vec![]], IntervalMethod::TSessionMeans, 0.95).is_none());
    }
}
