//! The seams `core::stats` fills: the interval and resampling methods the scoring rules call
//! for (spec §4.6, §8; seeds 001 and 002). The scorer decides which figure gets which
//! interval ([`super::eligibility::interval_rule`]) and hands over the values; the
//! statistics module computes.

use super::eligibility::IntervalRule;
use super::endpoint::{Interval, Intervals};
use serde::Serialize;

/// Confidence level of the league's intervals (§8: "intervals are 95%").
pub const LEVEL_95: f64 = 0.95;

/// What `core::stats` implements for the scorer. Every method returns None when it cannot
/// form an interval from the values given.
pub trait StatsSeams {
    /// Student t interval of the mean of per-session means (one-day figures, 5-19 sessions).
    fn t_interval(&self, session_means: &[f64], level: f64) -> Option<Interval>;
    /// Percentile bootstrap of the mean with the session as cluster: `clusters[s]` holds the
    /// per-forecast values of session s (one-day figures, 20+ sessions).
    fn cluster_bootstrap(&self, clusters: &[Vec<f64>], level: f64) -> Option<Interval>;
    /// Newey-West interval of the mean of a session-ordered series with the given lag
    /// (horizons of h sessions: lag h-1).
    fn hac_interval(&self, series: &[f64], lag: u32, level: f64) -> Option<Interval>;
    /// Moving block bootstrap percentile intervals (95% and 90%) of the mean of a
    /// session-ordered series (the primary endpoint: block 5, 10,000 resamples, seed
    /// 20261102; numpy `default_rng(seed)` draws).
    fn moving_block_bootstrap(&self, series: &[f64], block: usize, resamples: usize, seed: u64) -> Option<Intervals>;
    /// Percentile bootstrap of the mean of independent values (seed 002: the paired edge
    /// values, 600 resamples, 90%; seed 001: the agent-minus-crowd differences, 95%).
    fn iid_bootstrap(&self, values: &[f64], resamples: usize, level: f64, seed: u64) -> Option<Interval>;
    /// The logistic calibration fit `logit P(Y=1) = a + b logit(p)` over stated
    /// probabilities `p` (0-1, as given: 0 and 1 included) with standard errors clustered by
    /// `cluster` (the session) (§4.4).
    fn logistic_calibration(&self, p: &[f64], y: &[bool], cluster: &[u32]) -> Option<LogisticFit>;
}

/// The logistic calibration fit and its session-clustered standard errors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LogisticFit {
    pub a: f64,
    pub b: f64,
    pub se_a: f64,
    pub se_b: f64,
}

/// The interval a figure gets under `rule` from its per-session values (session order).
pub fn interval_for(rule: &IntervalRule, sessions: &[Vec<f64>], stats: &dyn StatsSeams) -> Option<Interval> {
    let means = || sessions.iter().filter(|v| !v.is_empty()).map(|v| v.iter().sum::<f64>() / v.len() as f64).collect::<Vec<_>>();
    match rule {
        IntervalRule::None { .. } => None,
        IntervalRule::StudentT => stats.t_interval(&means(), LEVEL_95),
        IntervalRule::SessionBootstrap => stats.cluster_bootstrap(sessions, LEVEL_95),
        IntervalRule::HacOrBlock { lag, .. } => stats.hac_interval(&means(), *lag, LEVEL_95),
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// Records which method was asked for; answers with a recognisable interval.
    pub struct Recorder;

    impl StatsSeams for Recorder {
        fn t_interval(&self, m: &[f64], _: f64) -> Option<Interval> {
            Some((1.0, m.len() as f64))
        }
        fn cluster_bootstrap(&self, c: &[Vec<f64>], _: f64) -> Option<Interval> {
            Some((2.0, c.len() as f64))
        }
        fn hac_interval(&self, s: &[f64], lag: u32, _: f64) -> Option<Interval> {
            Some((3.0 + lag as f64, s.len() as f64))
        }
        fn moving_block_bootstrap(&self, s: &[f64], block: usize, _: usize, _: u64) -> Option<Intervals> {
            Some(Intervals { ci95: (-1.0, block as f64), ci90: (-0.5, s.len() as f64) })
        }
        fn iid_bootstrap(&self, v: &[f64], resamples: usize, level: f64, _: u64) -> Option<Interval> {
            Some((level, (v.len() * resamples) as f64))
        }
        fn logistic_calibration(&self, p: &[f64], _: &[bool], cluster: &[u32]) -> Option<LogisticFit> {
            Some(LogisticFit { a: p.len() as f64, b: cluster.len() as f64, se_a: 0.0, se_b: 0.0 })
        }
    }

    #[test]
    fn rule_picks_the_method() {
        let sessions = vec![vec![0.2, 0.3], vec![0.1]];
        assert_eq!(interval_for(&IntervalRule::StudentT, &sessions, &Recorder), Some((1.0, 2.0)));
        assert_eq!(interval_for(&IntervalRule::SessionBootstrap, &sessions, &Recorder), Some((2.0, 2.0)));
        assert_eq!(interval_for(&IntervalRule::HacOrBlock { lag: 4, min_block: 5 }, &sessions, &Recorder), Some((7.0, 2.0)));
        assert_eq!(interval_for(&IntervalRule::None { needed: 5, reason: String::new() }, &sessions, &Recorder), None);
    }
}
