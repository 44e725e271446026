//! Seed 004 rules (the directional arena): the confidence-weighted directional score
//! `50 +- 50c`, probability vectors over (bearish, neutral, bullish) and the legacy
//! direction-plus-confidence split into the Brier diagnostic, the Normal CRPS's 0-100
//! display transform, accuracy, and the 30-settlement leaderboard gate. The Normal CRPS
//! itself is `core::stats`' (`crps_gaussian`).

use super::VectorError;
use serde::{Deserialize, Serialize};

/// Settled forecasts an agent needs to be leaderboard-eligible.
pub const SETTLEMENT_GATE: usize = 30;

/// Tolerance on a probability vector's sum.
pub const VECTOR_SUM_TOLERANCE: f64 = 1e-9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Bearish,
    Neutral,
    Bullish,
}

impl Direction {
    const ORDER: [Direction; 3] = [Direction::Bearish, Direction::Neutral, Direction::Bullish];
    fn index(self) -> usize {
        self as usize
    }
}

/// The outcome of a directional question: a move inside or exactly on the stored threshold
/// (absolute, in the question's units) resolves neutral.
pub fn resolve(open: f64, close: f64, threshold: f64) -> Direction {
    let mv = close - open;
    if mv.abs() <= threshold {
        Direction::Neutral
    } else if mv > 0.0 {
        Direction::Bullish
    } else {
        Direction::Bearish
    }
}

/// `50 + 50c` when the call is right, `50 - 50c` when wrong (0-100; not a Brier or CRPS).
pub fn directional_score(call: Direction, confidence: f64, outcome: Direction) -> f64 {
    if call == outcome {
        50.0 + 50.0 * confidence
    } else {
        50.0 - 50.0 * confidence
    }
}

/// A submission in either encoding, as the Brier diagnostic stores it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Submission {
    /// (bearish, neutral, bullish), non-negative, summing to 1.
    pub vector: [f64; 3],
    pub direction: Direction,
    pub confidence: f64,
}

impl Submission {
    /// A full vector, used verbatim; direction and confidence are its argmax and maximum
    /// (ties go to the first in bearish, neutral, bullish order).
    pub fn from_vector(v: [f64; 3]) -> Result<Submission, VectorError> {
        if v.iter().any(|p| !p.is_finite() || *p < 0.0) {
            return Err(VectorError::NegativeOrNonFinite {
                vector: format!("{v:?}"),
            });
        }
        let sum: f64 = v.iter().sum();
        if (sum - 1.0).abs() > VECTOR_SUM_TOLERANCE {
            return Err(VectorError::SumNotOne {
                vector: format!("{v:?}"),
                sum: sum.to_string(),
            });
        }
        let mut k = 0;
        for i in 1..3 {
            if v[i] > v[k] {
                k = i;
            }
        }
        Ok(Submission {
            vector: v,
            direction: Direction::ORDER[k],
            confidence: v[k],
        })
    }

    /// The legacy pair: `confidence` on the direction, `1 - confidence` split evenly over
    /// the other two outcomes.
    pub fn legacy(direction: Direction, confidence: f64) -> Result<Submission, VectorError> {
        if !(0.0..=1.0).contains(&confidence) {
            return Err(VectorError::ConfidenceOutside {
                confidence: confidence.to_string(),
            });
        }
        let mut v = [(1.0 - confidence) / 2.0; 3];
        v[direction.index()] = confidence;
        Ok(Submission {
            vector: v,
            direction,
            confidence,
        })
    }

    pub fn directional_score(&self, outcome: Direction) -> f64 {
        directional_score(self.direction, self.confidence, outcome)
    }

    /// The categorical Brier diagnostic `sum_k (p_k - y_k)^2` over the three outcomes.
    pub fn brier(&self, outcome: Direction) -> f64 {
        self.vector
            .iter()
            .enumerate()
            .map(|(k, p)| (p - if k == outcome.index() { 1.0 } else { 0.0 }).powi(2))
            .sum()
    }
}

/// The 0-100 display score of a raw CRPS: `100 exp(-CRPS / scale)` with the challenge's
/// reference scale, fixed independently of any agent's stated uncertainty. Monotone: 100 for
/// a perfect forecast, toward 0 as the CRPS grows. (Seed 004 states a monotone 0-100
/// transform with a challenge-level scale without printing its formula; this is ours.)
/// `libm::exp`, not `f64::exp`: the platform's exp differs in the last digit between the native
/// build and wasm, and the page must print the CLI's bytes.
pub fn crps_display(crps: f64, reference_scale: f64) -> Option<f64> {
    (crps >= 0.0 && reference_scale > 0.0).then(|| 100.0 * libm::exp(-crps / reference_scale))
}

/// Correct settled forecasts / settled forecasts.
pub fn accuracy(correct: usize, settled: usize) -> Option<f64> {
    (settled > 0).then(|| correct as f64 / settled as f64)
}

/// The 30-settlement sample gate for the leaderboard.
pub fn leaderboard_eligible(settled: usize) -> bool {
    settled >= SETTLEMENT_GATE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert_eq!(
            directional_score(Direction::Bullish, 0.7, Direction::Bullish),
            85.0
        );
        assert_eq!(
            directional_score(Direction::Bullish, 0.7, Direction::Neutral),
            15.0
        );
        let legacy = Submission::legacy(Direction::Bullish, 0.6).unwrap();
        assert_eq!(legacy.vector, [0.2, 0.2, 0.6]);
        let v = Submission::from_vector([0.2, 0.2, 0.6]).unwrap();
        assert_eq!((v.direction, v.confidence), (Direction::Bullish, 0.6));
        assert_eq!(
            v.directional_score(Direction::Bullish),
            legacy.directional_score(Direction::Bullish)
        );
        assert!((v.brier(Direction::Bearish) - (0.64 + 0.04 + 0.36)).abs() < 1e-15);
        assert!(Submission::from_vector([0.5, 0.6, 0.0]).is_err());
        assert_eq!(resolve(100.0, 100.5, 0.5), Direction::Neutral);
        assert_eq!(resolve(100.0, 99.0, 0.5), Direction::Bearish);
        assert_eq!(crps_display(0.0, 1.0), Some(100.0));
        assert!(crps_display(0.5, 1.0).unwrap() > crps_display(0.6, 1.0).unwrap());
        assert!(leaderboard_eligible(30) && !leaderboard_eligible(29));
        assert_eq!(accuracy(3, 4), Some(0.75));
    }
}
