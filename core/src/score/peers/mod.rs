//! The peer benchmarks' scoring rules, selectable as profiles beside the council's own
//! (the other seeds of the spec's family): `agentpit` (seeds 001/003), `ladder` (seed 002), `arena` (seed 004).

pub mod agentpit;
pub mod arena;
pub mod ladder;
pub mod profile_stats;
pub mod records;

use serde::{Deserialize, Serialize};
use std::fmt;

/// A probability vector that does not fit the question's outcomes, one variant per sentence
/// (its `Display` is the CLI's English). Numbers and vectors are kept as Rust prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VectorError {
    /// The winner's index is not one of the `outcomes` outcomes.
    WinnerNotOutcome { winner: usize, outcomes: usize },
    /// A probability outside 0-1.
    ProbabilityOutside { p: String },
    /// A (bearish, neutral, bullish) vector with a negative or non-finite value.
    NegativeOrNonFinite { vector: String },
    /// A (bearish, neutral, bullish) vector whose sum is not 1.
    SumNotOne { vector: String, sum: String },
    /// A legacy confidence outside 0-1.
    ConfidenceOutside { confidence: String },
}

impl fmt::Display for VectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VectorError::WinnerNotOutcome { winner, outcomes } => {
                write!(f, "winner {winner} is not one of {outcomes} outcomes")
            }
            VectorError::ProbabilityOutside { p } => write!(f, "probability {p} is outside 0-1"),
            VectorError::NegativeOrNonFinite { vector } => {
                write!(f, "{vector} has a negative or non-finite value")
            }
            VectorError::SumNotOne { vector, sum } => write!(f, "{vector} sums to {sum}, not 1"),
            VectorError::ConfidenceOutside { confidence } => {
                write!(f, "confidence {confidence} is outside 0-1")
            }
        }
    }
}

impl std::error::Error for VectorError {}

/// A scoring profile, as `sealbook score --profile` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// Seed 000, the council league (the default).
    Council,
    /// Seeds 001/003.
    Agentpit,
    /// Seed 002.
    Ladder,
    /// Seed 004.
    Arena,
}

impl Profile {
    /// The name `--profile` takes (the inverse of [`Profile::parse`]).
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Council => "council",
            Profile::Agentpit => "agentpit",
            Profile::Ladder => "ladder",
            Profile::Arena => "arena",
        }
    }

    pub fn parse(s: &str) -> Option<Profile> {
        match s {
            "council" => Some(Profile::Council),
            "agentpit" => Some(Profile::Agentpit),
            "ladder" => Some(Profile::Ladder),
            "arena" => Some(Profile::Arena),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in [
            Profile::Council,
            Profile::Agentpit,
            Profile::Ladder,
            Profile::Arena,
        ] {
            assert_eq!(Profile::parse(p.as_str()), Some(p));
        }
    }
}
