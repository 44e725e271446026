//! Shared-error counts (spec §5.3): `all_wrong` and `minority_right` per market session.
//!
//! Rows count with up meaning a change greater than zero; a stated 50 is neither right nor
//! wrong, so that seat does not count as answering the row.

use super::brier::hit;
use serde::{Deserialize, Serialize};

/// Answering seats `all_wrong` needs.
pub const ALL_WRONG_MIN_ANSWERS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agreement {
    /// Seats taking a side.
    pub answering: usize,
    pub wrong: usize,
    /// Every answering seat wrong, with at least four answering.
    pub all_wrong: bool,
    /// The consensus wrong and at least one seat right.
    pub minority_right: bool,
}

/// The counts for one market session from the seats' stated probabilities (0-100), the
/// published consensus (None if none) and the outcome.
pub fn agreement(stated: &[f64], consensus_pct: Option<f64>, up: bool) -> Agreement {
    let calls: Vec<bool> = stated.iter().filter_map(|&p| hit(p, up)).collect();
    let answering = calls.len();
    let wrong = calls.iter().filter(|h| !**h).count();
    let consensus_wrong = consensus_pct.and_then(|c| hit(c, up)) == Some(false);
    Agreement {
        answering,
        wrong,
        all_wrong: answering >= ALL_WRONG_MIN_ANSWERS && wrong == answering,
        minority_right: consensus_wrong && wrong < answering,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let a = agreement(&[40.0, 45.0, 30.0, 49.0, 50.0], Some(41.0), true);
        assert_eq!(
            (a.answering, a.wrong, a.all_wrong, a.minority_right),
            (4, 4, true, false)
        );
        let b = agreement(&[40.0, 45.0, 55.0], Some(45.0), true);
        assert!(!b.all_wrong && b.minority_right);
        assert!(!agreement(&[40.0, 45.0, 30.0], Some(40.0), true).all_wrong);
    }
}
