//! Paired session gains, power, equivalence and the primary endpoint (spec §4.6, §8).
//!
//! For a forecaster A and a baseline C on the same events, `G_s` is the mean over session
//! s's events of `B_C - B_A` (positive: A loses less). Every event weighs equally within its
//! session and every session equally in the window; the estimate is the mean of the `G_s`.
//! The intervals (moving block bootstrap, block 5, 10,000 resamples, seed 20261102,
//! percentile) are computed by `core::stats`; [`primary_endpoint`] takes them through a
//! function argument and applies the verdict rule.

use super::mean;
use serde::Serialize;
use std::collections::BTreeMap;

/// `(z_{0.975} + z_{0.80})^2`, rounded as the spec states it: n = 7.85 sigma^2 / delta^2.
pub const POWER_FACTOR: f64 = 7.85;
/// The equivalence margin for every confirmatory comparison, Brier units.
pub const EQUIVALENCE_MARGIN: f64 = 0.01;
/// The primary endpoint's moving-block bootstrap: block length in sessions.
pub const PRIMARY_BLOCK: usize = 5;
pub const PRIMARY_RESAMPLES: usize = 10_000;
pub const PRIMARY_SEED: u64 = 20261102;
/// Sessions of the primary window: session 11 to the check date.
pub const PRIMARY_FIRST_SESSION: u32 = 11;

/// One paired event: its session, the baseline's Brier and the forecaster's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedEvent {
    pub session: u32,
    pub baseline_brier: f64,
    pub forecaster_brier: f64,
}

/// `(session, G_s)` in session order.
pub fn session_gains(events: &[PairedEvent]) -> Vec<(u32, f64)> {
    let mut by: BTreeMap<u32, (f64, usize)> = BTreeMap::new();
    for e in events {
        let s = by.entry(e.session).or_insert((0.0, 0));
        s.0 += e.baseline_brier - e.forecaster_brier;
        s.1 += 1;
    }
    by.into_iter().map(|(s, (sum, n))| (s, sum / n as f64)).collect()
}

/// Independent sessions needed to detect `delta` at 5% two-sided with 80% power.
pub fn power_sessions(sigma_g: f64, delta: f64) -> f64 {
    POWER_FACTOR * sigma_g * sigma_g / (delta * delta)
}

/// The smallest difference `n` sessions detect: `sqrt(7.85 sigma^2 / n)`.
pub fn detectable_delta(sigma_g: f64, sessions: f64) -> f64 {
    (POWER_FACTOR * sigma_g * sigma_g / sessions).sqrt()
}

/// The standard deviation of a session mean of `k` forecasts with per-forecast standard
/// deviation `sd` and within-session correlation `rho`: `sd sqrt((1 + (k-1) rho) / k)`
/// (the design effect of §4.6; the proxy the statistics file used before five sessions).
pub fn session_mean_sd(sd: f64, k: f64, rho: f64) -> f64 {
    sd * ((1.0 + (k - 1.0) * rho) / k).sqrt()
}

/// A confidence interval (lower, upper).
pub type Interval = (f64, f64);

/// "No material difference": the 90% interval of the paired difference (two one-sided
/// tests at 5%) lies inside +-margin.
pub fn equivalent(ci90: Interval, margin: f64) -> bool {
    ci90.0 > -margin && ci90.1 < margin
}

/// The primary endpoint's verdict (§8), read in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The 95% interval lies wholly above zero.
    Confirmed,
    /// Confirmed, and the 90% interval also lies inside +-0.01: "confirmed and smaller than
    /// the margin".
    ConfirmedSmallerThanMargin,
    /// Not confirmed, and the 90% interval lies inside +-0.01.
    NoMaterialGain,
    /// Anything else; a non-significant gain is not read as equivalence.
    Inconclusive,
}

pub fn verdict(ci95: Interval, ci90: Interval) -> Verdict {
    if ci95.0 > 0.0 {
        if equivalent(ci90, EQUIVALENCE_MARGIN) {
            Verdict::ConfirmedSmallerThanMargin
        } else {
            Verdict::Confirmed
        }
    } else if equivalent(ci90, EQUIVALENCE_MARGIN) {
        Verdict::NoMaterialGain
    } else {
        Verdict::Inconclusive
    }
}

/// Intervals supplied by `core::stats` for a series of session gains.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Intervals {
    pub ci95: Interval,
    pub ci90: Interval,
}

/// The primary endpoint's figure (`primary_endpoint.{estimate, ci95, ci90, verdict}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrimaryEndpoint {
    pub estimate: Option<f64>,
    pub sessions: usize,
    pub ci95: Option<Interval>,
    pub ci90: Option<Interval>,
    pub verdict: Option<Verdict>,
    /// Why there is no interval or verdict, if there is none.
    pub note: Option<String>,
}

/// The primary endpoint from the consensus-vs-climatology session gains of the window.
/// `intervals` is the seam `core::stats` fills: a moving block bootstrap over the gains in
/// session order ([`PRIMARY_BLOCK`], [`PRIMARY_RESAMPLES`], [`PRIMARY_SEED`], percentile);
/// it returns None when it cannot form an interval.
pub fn primary_endpoint(gains: &[(u32, f64)], intervals: impl FnOnce(&[f64]) -> Option<Intervals>) -> PrimaryEndpoint {
    let g: Vec<f64> = gains.iter().map(|&(_, g)| g).collect();
    let estimate = mean(g.iter().copied());
    if g.len() < PRIMARY_BLOCK {
        return PrimaryEndpoint {
            estimate,
            sessions: g.len(),
            ci95: None,
            ci90: None,
            verdict: None,
            note: Some(format!("{} sessions; the block bootstrap needs at least {PRIMARY_BLOCK}", g.len())),
        };
    }
    match intervals(&g) {
        Some(iv) => PrimaryEndpoint {
            estimate,
            sessions: g.len(),
            ci95: Some(iv.ci95),
            ci90: Some(iv.ci90),
            verdict: Some(verdict(iv.ci95, iv.ci90)),
            note: None,
        },
        None => PrimaryEndpoint {
            estimate,
            sessions: g.len(),
            ci95: None,
            ci90: None,
            verdict: None,
            note: Some("no interval could be formed".into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_weigh_sessions_equally() {
        let ev = [
            PairedEvent { session: 12, baseline_brier: 0.25, forecaster_brier: 0.20 },
            PairedEvent { session: 11, baseline_brier: 0.25, forecaster_brier: 0.25 },
            PairedEvent { session: 11, baseline_brier: 0.25, forecaster_brier: 0.15 },
        ];
        let g = session_gains(&ev);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].0, 11);
        assert!((g[0].1 - 0.05).abs() < 1e-15 && (g[1].1 - 0.05).abs() < 1e-15);
    }

    #[test]
    fn spec_power_numbers() {
        // §4.6: forecast-level sd 0.062, rho 0.41, 12 markets: 126 sessions detect 0.0105,
        // a 0.005 drop needs 554 sessions.
        let sg = session_mean_sd(0.062, 12.0, 0.41);
        assert_eq!((detectable_delta(sg, 126.0) * 1e4).round() / 1e4, 0.0105);
        assert_eq!(power_sessions(sg, 0.005).floor(), 554.0);
        // Hit rate: 55% vs 50% at rho 0.2 needs 209 sessions.
        assert_eq!(power_sessions(session_mean_sd(0.5, 12.0, 0.2), 0.05).floor(), 209.0);
        // Design effect: 12 forecasts at rho 0.2 carry 3.75 independent ones.
        assert!(((0.5f64 / session_mean_sd(0.5, 12.0, 0.2)).powi(2) - 3.75).abs() < 1e-12);
    }

    #[test]
    fn verdict_rules() {
        assert_eq!(verdict((0.001, 0.02), (0.003, 0.018)), Verdict::Confirmed);
        assert_eq!(verdict((0.001, 0.009), (0.002, 0.008)), Verdict::ConfirmedSmallerThanMargin);
        assert_eq!(verdict((-0.004, 0.009), (-0.003, 0.008)), Verdict::NoMaterialGain);
        assert_eq!(verdict((-0.02, 0.009), (-0.015, 0.008)), Verdict::Inconclusive);
        let short = primary_endpoint(&[(11, 0.01)], |_| unreachable!());
        assert!(short.verdict.is_none() && short.note.is_some());
        let p = primary_endpoint(&[(11, 0.01), (12, 0.02), (13, 0.0), (14, 0.01), (15, 0.01)], |g| {
            assert_eq!(g.len(), 5);
            Some(Intervals { ci95: (0.001, 0.02), ci90: (0.002, 0.018) })
        });
        assert_eq!(p.estimate, Some(0.01));
        assert_eq!(p.verdict, Some(Verdict::Confirmed));
    }
}
