//! Interval rules and the closed-form statistics of spec seed 000 §4.6: when an interval may be
//! shown, Student t intervals on session means, TOST equivalence at +-0.01, the power figure
//! n = 7.85 sigma^2 / delta^2 and the design effect 1 + (k - 1) rho.

use serde::{Deserialize, Serialize};

use super::numpy_reduce;
use super::special::{student_t_cdf, student_t_ppf, student_t_sf};

/// Fewest scored sessions before any interval is shown (§4.6).
pub const MIN_SESSIONS_T: usize = 5;
/// Fewest scored sessions before the session-cluster bootstrap interval is shown (§4.6).
pub const MIN_SESSIONS_BOOTSTRAP: usize = 20;
/// The power constant (z_0.975 + z_0.80)^2 ~ 7.85 for a two-sided 5% test with 80% power (§4.6).
pub const POWER_CONSTANT: f64 = 7.85;

/// An interval method that §4.6 allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "method")]
pub enum IntervalMethod {
    /// Student t on session means (one-session horizon, from 5 sessions).
    TSessionMeans,
    /// Session-cluster bootstrap (one-session horizon, from 20 sessions).
    SessionClusterBootstrap,
    /// Newey-West HAC on session means with lag h - 1 (h-session horizon, from 5h sessions).
    NeweyWest {
        /// Bartlett lag, h - 1.
        lag: usize,
    },
    /// Block bootstrap over sessions with blocks of h sessions (from 5h sessions).
    BlockBootstrap {
        /// Block length in sessions, h.
        block: usize,
    },
}

/// What §4.6 allows for a horizon of `horizon_sessions` after `sessions` scored sessions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntervalRule {
    /// Forecast horizon in trading sessions (at least 1; 1 is a next-session question).
    pub horizon_sessions: usize,
    /// Scored sessions so far.
    pub sessions: usize,
    /// Sessions needed before the first interval.
    pub first_interval_at: usize,
    /// Allowed methods (empty: no interval yet).
    pub methods: Vec<IntervalMethod>,
    /// Why there is no interval (None when `methods` is not empty).
    pub reason: Option<String>,
}

/// §4.6: no interval before 5 sessions; for one session, t on session means from 5 sessions and
/// the session-cluster bootstrap from 20; for an h-session horizon (h > 1), nothing before 5h
/// sessions, then Newey-West with lag h - 1 or a block bootstrap with blocks of h sessions.
/// (Week: from session 25; month: from 105; six months: 630, never within a 126-session season.)
pub fn interval_rule(horizon_sessions: usize, sessions: usize) -> IntervalRule {
    let h = horizon_sessions.max(1);
    let first = if h == 1 { MIN_SESSIONS_T } else { 5 * h };
    let mut methods = Vec::new();
    if h == 1 {
        if sessions >= MIN_SESSIONS_T {
            methods.push(IntervalMethod::TSessionMeans);
        }
        if sessions >= MIN_SESSIONS_BOOTSTRAP {
            methods.push(IntervalMethod::SessionClusterBootstrap);
        }
    } else if sessions >= first {
        methods.push(IntervalMethod::NeweyWest { lag: h - 1 });
        methods.push(IntervalMethod::BlockBootstrap { block: h });
    }
    let mut rule = IntervalRule {
        horizon_sessions: h,
        sessions,
        first_interval_at: first,
        methods,
        reason: None,
    };
    rule.reason = rule.why_none().map(|w| w.to_string());
    rule
}

/// Why §4.6 allows no interval yet, as a message id with its arguments (the page words it in
/// the reader's language); `Display` is the English of [`IntervalRule::reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoIntervalWhy {
    /// One-session horizon: fewer than `first` scored sessions.
    TooFewSessions {
        /// Scored sessions so far.
        sessions: usize,
        /// Sessions needed before the first interval (5).
        first: usize,
    },
    /// An `h`-session horizon needs `first` (5h) scored sessions.
    HorizonNeeds {
        /// Scored sessions so far.
        sessions: usize,
        /// Horizon length in trading sessions.
        h: usize,
        /// Sessions needed before the first interval (5h).
        first: usize,
    },
}

impl std::fmt::Display for NoIntervalWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoIntervalWhy::TooFewSessions { sessions, first } => write!(
                f,
                "{sessions} scored sessions; intervals start at {first} (spec 4.6)"
            ),
            NoIntervalWhy::HorizonNeeds { sessions, h, first } => write!(
                f,
                "{sessions} scored sessions; a {h}-session horizon needs {first} (5h, spec 4.6)"
            ),
        }
    }
}

impl IntervalRule {
    /// Why there is no interval (None when a method is allowed); [`IntervalRule::reason`] is
    /// its English.
    pub fn why_none(&self) -> Option<NoIntervalWhy> {
        let (sessions, first) = (self.sessions, self.first_interval_at);
        self.methods
            .is_empty()
            .then_some(if self.horizon_sessions == 1 {
                NoIntervalWhy::TooFewSessions { sessions, first }
            } else {
                NoIntervalWhy::HorizonNeeds {
                    sessions,
                    h: self.horizon_sessions,
                    first,
                }
            })
    }
}

/// A Student t interval for a mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TInterval {
    /// Number of values (session means).
    pub n: usize,
    /// Sample mean of the values.
    pub mean: f64,
    /// Standard error: sample sd (ddof 1) / sqrt(n).
    pub se: f64,
    /// Degrees of freedom, n - 1.
    pub df: f64,
    /// Coverage as a fraction in (0, 1), e.g. 0.95.
    pub level: f64,
    /// Lower end: mean - t_{(1+level)/2, df} se.
    pub lo: f64,
    /// Upper end: mean + t_{(1+level)/2, df} se.
    pub hi: f64,
}

/// t interval on session means (§4.6): mean +- t_{(1+level)/2, n-1} sd/sqrt(n), numpy's mean and
/// sd. `None` with fewer than 2 values, a non-finite value or a level outside (0, 1).
pub fn t_interval(values: &[f64], level: f64) -> Option<TInterval> {
    if values.len() < 2 || values.iter().any(|x| !x.is_finite()) || !(level > 0.0 && level < 1.0) {
        return None;
    }
    let n = values.len();
    let mean = numpy_reduce::mean(values)?;
    let se = numpy_reduce::std(values, 1)? / (n as f64).sqrt();
    let df = (n - 1) as f64;
    let q = student_t_ppf((1.0 + level) / 2.0, df).ok()?;
    Some(TInterval {
        n,
        mean,
        se,
        df,
        level,
        lo: mean - q * se,
        hi: mean + q * se,
    })
}

/// Two one-sided tests of |mean| < margin.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tost {
    /// Mean being tested (e.g. a paired Brier difference, in Brier points).
    pub mean: f64,
    /// Standard error of the mean.
    pub se: f64,
    /// Degrees of freedom of the Student t reference.
    pub df: f64,
    /// Equivalence margin, same units as the mean (§4.6: 0.01 Brier points).
    pub margin: f64,
    /// p of H0: mean <= -margin.
    pub p_lower: f64,
    /// p of H0: mean >= +margin.
    pub p_upper: f64,
    /// max(p_lower, p_upper).
    pub p_value: f64,
    /// p_value < alpha: equivalence shown (the (1 - 2 alpha) interval lies inside the margin).
    pub equivalent: bool,
}

/// TOST for a mean with standard error `se` and `df` degrees of freedom, at level `alpha` per
/// side (5% in §4.6, i.e. the 90% interval within +-margin).
pub fn tost(mean: f64, se: f64, df: f64, margin: f64, alpha: f64) -> Tost {
    let p_lower = student_t_sf((mean + margin) / se, df);
    let p_upper = student_t_cdf((mean - margin) / se, df);
    let p_value = p_lower.max(p_upper);
    Tost {
        mean,
        se,
        df,
        margin,
        p_lower,
        p_upper,
        p_value,
        equivalent: p_value < alpha,
    }
}

/// TOST on paired session differences (t with n - 1 df), as statsmodels'
/// `DescrStatsW(d).ttost_mean(-margin, margin)`.
pub fn tost_session_means(values: &[f64], margin: f64, alpha: f64) -> Option<Tost> {
    if values.len() < 2 || values.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let n = values.len();
    let mean = numpy_reduce::mean(values)?;
    let se = numpy_reduce::std(values, 1)? / (n as f64).sqrt();
    Some(tost(mean, se, (n - 1) as f64, margin, alpha))
}

/// Independent sessions needed to detect `delta` with a two-sided 5% test at 80% power:
/// n = 7.85 sigma_G^2 / delta^2 (§4.6).
pub fn sessions_needed(sigma_g: f64, delta: f64) -> f64 {
    POWER_CONSTANT * sigma_g * sigma_g / (delta * delta)
}

/// The smallest effect detectable after `sessions` sessions: sqrt(7.85 sigma_G^2 / n).
pub fn detectable_effect(sigma_g: f64, sessions: f64) -> f64 {
    (POWER_CONSTANT * sigma_g * sigma_g / sessions).sqrt()
}

/// The sd of a session mean of k forecasts with forecast-level sd `sd` and within-session
/// correlation rho: sd * sqrt((1 + (k - 1) rho) / k). With sd 0.062, rho 0.41, k 12 this is the
/// proxy behind "126 sessions detect 0.0105; 0.005 needs 554" (§4.6).
pub fn session_mean_sd(sd: f64, k: f64, rho: f64) -> f64 {
    sd * (design_effect(k, rho) / k).sqrt()
}

/// Kish's design effect 1 + (k - 1) rho of a cluster of k items with correlation rho (§4.6).
pub fn design_effect(k: f64, rho: f64) -> f64 {
    1.0 + (k - 1.0) * rho
}

/// Independent items a cluster of k carries: k / (1 + (k - 1) rho); 3.75 for k = 12, rho = 0.2.
pub fn effective_count(k: f64, rho: f64) -> f64 {
    k / design_effect(k, rho)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_thresholds_of_the_spec() {
        assert!(interval_rule(1, 4).methods.is_empty());
        assert_eq!(
            interval_rule(1, 5).methods,
            vec![IntervalMethod::TSessionMeans]
        );
        assert_eq!(interval_rule(1, 20).methods.len(), 2);
        assert!(interval_rule(5, 24).methods.is_empty());
        assert_eq!(
            interval_rule(5, 25).methods,
            vec![
                IntervalMethod::NeweyWest { lag: 4 },
                IntervalMethod::BlockBootstrap { block: 5 }
            ]
        );
        assert!(interval_rule(21, 104).methods.is_empty());
        assert_eq!(interval_rule(21, 105).first_interval_at, 105);
        let six = interval_rule(126, 126);
        assert!(six.methods.is_empty());
        assert_eq!(six.first_interval_at, 630);
        assert_eq!(
            six.reason.as_deref(),
            Some("126 scored sessions; a 126-session horizon needs 630 (5h, spec 4.6)")
        );
        assert_eq!(
            six.why_none(),
            Some(NoIntervalWhy::HorizonNeeds {
                sessions: 126,
                h: 126,
                first: 630
            })
        );
        assert_eq!(
            interval_rule(1, 3).reason.as_deref(),
            Some("3 scored sessions; intervals start at 5 (spec 4.6)")
        );
        assert_eq!(interval_rule(1, 5).why_none(), None);
        assert_eq!(interval_rule(1, 5).reason, None);
    }

    #[test]
    fn worked_numbers() {
        assert_eq!(design_effect(12.0, 0.2), 3.2);
        assert_eq!(effective_count(12.0, 0.2), 3.75);
        assert_eq!((3.0 * effective_count(10.0, 0.2)).round(), 11.0);
        let sg = session_mean_sd(0.062, 12.0, 0.41);
        assert_eq!(sessions_needed(sg, 0.005).floor(), 554.0);
        assert_eq!(
            (detectable_effect(sg, 126.0) * 10_000.0).round() / 10_000.0,
            0.0105
        );
        let hit = session_mean_sd(0.5, 12.0, 0.2);
        assert_eq!(sessions_needed(hit, 0.05).floor(), 209.0);
    }
}
