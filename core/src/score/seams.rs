//! The seams between scoring and statistics (spec §4.4, §4.6, §8; seeds 001 and 002): the
//! interval and resampling methods the scoring rules call for, and [`CoreStats`], their
//! implementation by `core::stats` (numpy/arch/statsmodels-exact), which the stats document
//! uses by default. The scorer decides which figure gets which interval
//! ([`crate::stats::intervals::interval_rule`], [`reported_method`]) and hands over the
//! values; the statistics module computes. Tests may pass a double to see what was asked.

use crate::stats::bootstrap::{bootstrap_mean, percentile_interval, BootstrapError, Resampling};
use crate::stats::endpoint::{block_bootstrap_endpoint, EndpointConfig, EndpointResult};
use crate::stats::intervals::{IntervalMethod, IntervalRule};
use crate::stats::logistic::{calibration_fit, CalibrationFit, LogisticError};
use crate::stats::session_interval::session_interval;

/// Confidence level of the league's intervals (§8: "intervals are 95%").
pub const LEVEL_95: f64 = 0.95;

/// A confidence interval (lower, upper).
pub type Interval = (f64, f64);

/// What `core::stats` implements for the scorer. Every method returns None (or the reason)
/// when it cannot form an interval from the values given.
pub trait StatsSeams {
    /// The interval `method` gives over per-session values (`sessions[s]` holds session s's
    /// per-forecast values, sessions in order): t on session means, the session-cluster
    /// bootstrap, Newey-West on session means or a block bootstrap over them (§4.6).
    fn session_interval(
        &self,
        sessions: &[Vec<f64>],
        method: IntervalMethod,
        level: f64,
    ) -> Option<Interval>;
    /// Moving block bootstrap of the mean of session gains in session order, read like the
    /// primary endpoint: estimate, percentile 95% and 90% intervals, verdict (§8).
    fn block_bootstrap_endpoint(
        &self,
        gains: &[f64],
        config: EndpointConfig,
    ) -> Result<EndpointResult, BootstrapError>;
    /// Percentile bootstrap of the mean of independent values (seed 002: the paired edge
    /// values, 600 resamples, 90%; seed 001: the agent-minus-crowd differences, 95%).
    fn iid_bootstrap(
        &self,
        values: &[f64],
        resamples: usize,
        level: f64,
        seed: u64,
    ) -> Option<Interval>;
    /// The logistic calibration fit `logit P(Y=1) = a + b logit(p)` over stated
    /// probabilities `p` (0-1) with standard errors clustered by `cluster` (the session)
    /// (§4.4), or why the fit has no answer (a probability of exactly 0 or 1, separation, a
    /// single session, ...).
    fn logistic_calibration(
        &self,
        p: &[f64],
        y: &[bool],
        cluster: &[u64],
    ) -> Result<CalibrationFit, LogisticError>;
}

/// The statistics of `core::stats`: numpy `default_rng` draws, arch's resampling schemes,
/// statsmodels' HAC and clustered logit.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoreStats;

impl StatsSeams for CoreStats {
    fn session_interval(
        &self,
        sessions: &[Vec<f64>],
        method: IntervalMethod,
        level: f64,
    ) -> Option<Interval> {
        session_interval(sessions, method, level).map(|ci| (ci.lo, ci.hi))
    }
    fn block_bootstrap_endpoint(
        &self,
        gains: &[f64],
        config: EndpointConfig,
    ) -> Result<EndpointResult, BootstrapError> {
        block_bootstrap_endpoint(gains, config)
    }
    fn iid_bootstrap(
        &self,
        values: &[f64],
        resamples: usize,
        level: f64,
        seed: u64,
    ) -> Option<Interval> {
        let reps = bootstrap_mean(values, Resampling::Iid, resamples, seed).ok()?;
        percentile_interval(&reps, level).map(|ci| (ci.lo, ci.hi))
    }
    fn logistic_calibration(
        &self,
        p: &[f64],
        y: &[bool],
        cluster: &[u64],
    ) -> Result<CalibrationFit, LogisticError> {
        calibration_fit(p, y, cluster)
    }
}

/// The method whose interval the stats document reports among those §4.6 allows: for a
/// one-session horizon the session-cluster bootstrap once it is allowed (20 sessions), before
/// that t on session means; for an h-session horizon Newey-West with lag h-1 (the block
/// bootstrap is the other allowed choice; the primary endpoint uses one).
pub fn reported_method(rule: &IntervalRule) -> Option<IntervalMethod> {
    let has = |want: fn(&IntervalMethod) -> bool| rule.methods.iter().copied().find(want);
    has(|m| matches!(m, IntervalMethod::SessionClusterBootstrap))
        .or_else(|| has(|m| matches!(m, IntervalMethod::TSessionMeans)))
        .or_else(|| has(|m| matches!(m, IntervalMethod::NeweyWest { .. })))
}

/// The 95% interval a figure gets under `rule` from its per-session values (session order),
/// with the method that made it.
pub fn interval_for(
    rule: &IntervalRule,
    sessions: &[Vec<f64>],
    stats: &dyn StatsSeams,
) -> Option<(IntervalMethod, Interval)> {
    let method = reported_method(rule)?;
    stats
        .session_interval(sessions, method, LEVEL_95)
        .map(|ci| (method, ci))
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::stats::bootstrap::PercentileInterval;
    use crate::stats::endpoint::EndpointVerdict;
    use crate::stats::intervals::interval_rule;

    /// Records which method was asked for; answers with a recognisable interval.
    pub struct Recorder;

    impl StatsSeams for Recorder {
        fn session_interval(
            &self,
            s: &[Vec<f64>],
            method: IntervalMethod,
            _: f64,
        ) -> Option<Interval> {
            let code = match method {
                IntervalMethod::TSessionMeans => 1.0,
                IntervalMethod::SessionClusterBootstrap => 2.0,
                IntervalMethod::NeweyWest { lag } => 3.0 + lag as f64,
                IntervalMethod::BlockBootstrap { block } => 100.0 + block as f64,
            };
            Some((code, s.len() as f64))
        }
        fn block_bootstrap_endpoint(
            &self,
            g: &[f64],
            config: EndpointConfig,
        ) -> Result<EndpointResult, BootstrapError> {
            let ci = |level, lo, hi| PercentileInterval { level, lo, hi };
            Ok(EndpointResult {
                sessions: g.len(),
                estimate: 0.0,
                ci95: ci(0.95, -1.0, config.block as f64),
                ci90: ci(0.90, -0.5, g.len() as f64),
                verdict: EndpointVerdict::Inconclusive,
                confirmed_below_margin: false,
                config,
            })
        }
        fn iid_bootstrap(
            &self,
            v: &[f64],
            resamples: usize,
            level: f64,
            _: u64,
        ) -> Option<Interval> {
            Some((level, (v.len() * resamples) as f64))
        }
        fn logistic_calibration(
            &self,
            p: &[f64],
            _: &[bool],
            cluster: &[u64],
        ) -> Result<CalibrationFit, LogisticError> {
            let (a, b) = (p.len() as f64, cluster.len() as f64);
            Ok(CalibrationFit {
                n: p.len(),
                clusters: 0,
                a,
                b,
                se_a: 0.0,
                se_b: 0.0,
                cov: [[0.0; 2]; 2],
                se_a_model: 0.0,
                se_b_model: 0.0,
                iterations: 0,
            })
        }
    }

    #[test]
    fn rule_picks_the_method() {
        let sessions = vec![vec![0.2, 0.3], vec![0.1]];
        let t = IntervalMethod::TSessionMeans;
        assert_eq!(
            interval_for(&interval_rule(1, 5), &sessions, &Recorder),
            Some((t, (1.0, 2.0)))
        );
        let boot = IntervalMethod::SessionClusterBootstrap;
        assert_eq!(
            interval_for(&interval_rule(1, 20), &sessions, &Recorder),
            Some((boot, (2.0, 2.0)))
        );
        let nw = IntervalMethod::NeweyWest { lag: 4 };
        assert_eq!(
            interval_for(&interval_rule(5, 25), &sessions, &Recorder),
            Some((nw, (7.0, 2.0)))
        );
        assert_eq!(
            interval_for(&interval_rule(1, 4), &sessions, &Recorder),
            None
        );
    }

    #[test]
    fn core_stats_answers() {
        let sessions: Vec<Vec<f64>> = (0..25)
            .map(|s| vec![f64::from(s % 7) / 10.0, 0.3])
            .collect();
        let (m, (lo, hi)) = interval_for(&interval_rule(1, 25), &sessions, &CoreStats).unwrap();
        assert_eq!(m, IntervalMethod::SessionClusterBootstrap);
        assert!(lo < hi && lo < 0.3 && hi > 0.3, "{lo} {hi}");
        let e = CoreStats
            .logistic_calibration(&[0.0, 0.5, 0.7], &[true, false, true], &[1, 2, 3])
            .unwrap_err();
        assert_eq!(e, LogisticError::Probability { row: 0, p: 0.0 });
        assert!(CoreStats
            .block_bootstrap_endpoint(&[0.1, 0.2], EndpointConfig::PRIMARY)
            .is_err());
    }
}
