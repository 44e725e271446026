//! Logistic calibration fit logit P(Y=1) = a + b logit(p) with session-clustered standard errors
//! (spec seed 000 §4.4, Cox 1958), by Newton-Raphson (IRLS).
//!
//! The clustered covariance is statsmodels'
//! `Logit(y, [1, logit p]).fit(cov_type='cluster', cov_kwds={'groups': g})` with its defaults
//! (`use_correction=True`): H^-1 (sum_g s_g s_g') H^-1 * G/(G-1) * (N-1)/(N-k), where s_g is the
//! summed score x_i (y_i - mu_i) of cluster g, H = X'WX, k = 2. statsmodels then reads intervals
//! from the Normal distribution.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use libm::{exp, log};

/// The fitted calibration line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CalibrationFit {
    /// Number of (forecast, outcome) rows fitted.
    pub n: usize,
    /// Number of distinct clusters (sessions) in the clustered covariance.
    pub clusters: usize,
    /// Intercept a (tilt towards up or down).
    pub a: f64,
    /// Slope b (< 1: stated probabilities too far from one half; > 1: too close).
    pub b: f64,
    /// Session-clustered standard errors of a and b.
    pub se_a: f64,
    /// Session-clustered standard error of b.
    pub se_b: f64,
    /// Clustered covariance [[aa, ab], [ab, bb]].
    pub cov: [[f64; 2]; 2],
    /// Model-based (non-robust) standard errors sqrt(diag(H^-1)).
    pub se_a_model: f64,
    /// Model-based standard error of b.
    pub se_b_model: f64,
    /// Newton-Raphson steps taken until convergence.
    pub iterations: usize,
}

/// Why the fit has no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum LogisticError {
    /// Inputs of different lengths.
    Lengths,
    /// A probability outside the open interval (0, 1) at the given row (logit undefined).
    Probability {
        /// Zero-based row of the offending forecast.
        row: usize,
        /// The forecast probability as given.
        p: f64,
    },
    /// Fewer than 3 rows.
    FewerThanThree,
    /// Every outcome is the same.
    OutcomesEqual,
    /// Every forecast is the same (all logits equal).
    ForecastsEqual,
    /// A single cluster (session).
    OneCluster,
    /// The statistics backend makes no fit (a stand-in that computes point values only).
    NoFit,
    /// Perfect or quasi separation: the coefficients diverge.
    Separation,
    /// Newton did not converge in the iteration limit.
    NoConvergence,
}

impl std::fmt::Display for LogisticError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LogisticError::Lengths => write!(
                f,
                "calibration fit: probabilities, outcomes and sessions differ in length"
            ),
            LogisticError::Probability { row, p } => write!(
                f,
                "calibration fit: row {row}: probability {p} is not strictly between 0 and 1"
            ),
            LogisticError::FewerThanThree => f.write_str("calibration fit: fewer than 3 forecasts"),
            LogisticError::OutcomesEqual => f.write_str("calibration fit: all outcomes are equal"),
            LogisticError::ForecastsEqual => {
                f.write_str("calibration fit: all forecasts are equal")
            }
            LogisticError::OneCluster => f.write_str("calibration fit: one cluster only"),
            LogisticError::NoFit => {
                f.write_str("calibration fit: this statistics backend makes no fit")
            }
            LogisticError::Separation => write!(
                f,
                "calibration fit: outcomes are separated by the forecasts; the fit diverges"
            ),
            LogisticError::NoConvergence => {
                write!(f, "calibration fit: Newton iterations did not converge")
            }
        }
    }
}

impl std::error::Error for LogisticError {}

/// logit(p) = ln(p / (1 - p)).
pub fn logit(p: f64) -> f64 {
    log(p / (1.0 - p))
}

fn sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + exp(-z))
    } else {
        let e = exp(z);
        e / (1.0 + e)
    }
}

fn inv2(m: [[f64; 2]; 2]) -> Option<[[f64; 2]; 2]> {
    let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    Some([
        [m[1][1] / det, -m[0][1] / det],
        [-m[1][0] / det, m[0][0] / det],
    ])
}

fn mul2(a: [[f64; 2]; 2], b: [[f64; 2]; 2]) -> [[f64; 2]; 2] {
    let mut c = [[0.0; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            c[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    c
}

/// Fit a, b on probabilities `p` in (0, 1), outcomes `y` and cluster labels (sessions).
pub fn calibration_fit(
    p: &[f64],
    y: &[bool],
    clusters: &[u64],
) -> Result<CalibrationFit, LogisticError> {
    let n = p.len();
    if y.len() != n || clusters.len() != n {
        return Err(LogisticError::Lengths);
    }
    if n < 3 {
        return Err(LogisticError::FewerThanThree);
    }
    let mut x = Vec::with_capacity(n);
    for (row, &pi) in p.iter().enumerate() {
        if !(pi > 0.0 && pi < 1.0) {
            return Err(LogisticError::Probability { row, p: pi });
        }
        x.push(logit(pi));
    }
    let yv: Vec<f64> = y.iter().map(|&v| if v { 1.0 } else { 0.0 }).collect();
    if yv.iter().all(|&v| v == yv[0]) {
        return Err(LogisticError::OutcomesEqual);
    }
    if x.iter().all(|&v| v == x[0]) {
        return Err(LogisticError::ForecastsEqual);
    }
    // With one covariate, (quasi-)complete separation is a threshold splitting the outcomes.
    let range = |want: f64| {
        x.iter()
            .zip(&yv)
            .filter(|(_, &v)| v == want)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (&xi, _)| {
                (lo.min(xi), hi.max(xi))
            })
    };
    let (lo0, hi0) = range(0.0);
    let (lo1, hi1) = range(1.0);
    if hi0 <= lo1 || hi1 <= lo0 {
        return Err(LogisticError::Separation);
    }
    let mut groups: BTreeMap<u64, usize> = BTreeMap::new();
    for &c in clusters {
        let next = groups.len();
        groups.entry(c).or_insert(next);
    }
    let g = groups.len();
    if g < 2 {
        return Err(LogisticError::OneCluster);
    }

    let hessian = |beta: [f64; 2]| -> [[f64; 2]; 2] {
        let mut h = [[0.0; 2]; 2];
        for &xi in &x {
            let mu = sigmoid(beta[0] + beta[1] * xi);
            let w = mu * (1.0 - mu);
            h[0][0] += w;
            h[0][1] += w * xi;
            h[1][1] += w * xi * xi;
        }
        h[1][0] = h[0][1];
        h
    };
    let mut beta = [0.0f64, 0.0];
    let mut iterations = 0;
    let mut converged = false;
    for it in 1..=100 {
        iterations = it;
        let mut u = [0.0f64; 2];
        for (xi, yi) in x.iter().zip(&yv) {
            let r = yi - sigmoid(beta[0] + beta[1] * xi);
            u[0] += r;
            u[1] += r * xi;
        }
        let hinv = inv2(hessian(beta)).ok_or(LogisticError::Separation)?;
        let step = [
            hinv[0][0] * u[0] + hinv[0][1] * u[1],
            hinv[1][0] * u[0] + hinv[1][1] * u[1],
        ];
        beta = [beta[0] + step[0], beta[1] + step[1]];
        if !beta[0].is_finite()
            || !beta[1].is_finite()
            || beta[0].abs() > 1e3
            || beta[1].abs() > 1e3
        {
            return Err(LogisticError::Separation);
        }
        if step[0].abs().max(step[1].abs()) <= 1e-12 * (1.0 + beta[0].abs().max(beta[1].abs())) {
            converged = true;
            break;
        }
    }
    if !converged {
        return Err(LogisticError::NoConvergence);
    }
    let hinv = inv2(hessian(beta)).ok_or(LogisticError::Separation)?;
    let mut sums = vec![[0.0f64; 2]; g];
    for ((xi, yi), c) in x.iter().zip(&yv).zip(clusters) {
        let r = yi - sigmoid(beta[0] + beta[1] * xi);
        let s = &mut sums[groups[c]];
        s[0] += r;
        s[1] += r * xi;
    }
    let mut meat = [[0.0f64; 2]; 2];
    for s in &sums {
        for i in 0..2 {
            for j in 0..2 {
                meat[i][j] += s[i] * s[j];
            }
        }
    }
    let mut cov = mul2(mul2(hinv, meat), hinv);
    let gf = g as f64;
    let nf = n as f64;
    let correction = gf / (gf - 1.0) * ((nf - 1.0) / (nf - 2.0));
    for row in cov.iter_mut() {
        for v in row.iter_mut() {
            *v *= correction;
        }
    }
    Ok(CalibrationFit {
        n,
        clusters: g,
        a: beta[0],
        b: beta[1],
        se_a: cov[0][0].sqrt(),
        se_b: cov[1][1].sqrt(),
        cov,
        se_a_model: hinv[0][0].sqrt(),
        se_b_model: hinv[1][1].sqrt(),
        iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_input() {
        assert_eq!(
            calibration_fit(&[0.5, 1.0, 0.2], &[true, false, true], &[1, 1, 2]),
            Err(LogisticError::Probability { row: 1, p: 1.0 })
        );
        assert_eq!(
            calibration_fit(&[0.3, 0.6, 0.2], &[true, true, true], &[1, 1, 2]),
            Err(LogisticError::OutcomesEqual)
        );
        assert_eq!(
            calibration_fit(
                &[0.2, 0.3, 0.7, 0.8],
                &[false, false, true, true],
                &[1, 2, 1, 2]
            ),
            Err(LogisticError::Separation)
        );
    }
}
