//! When a figure may be ranked (spec §4.6, requirement 10). When it may carry an interval is
//! `core::stats::intervals::interval_rule`.

/// Resolved forecasts a seat needs on a horizon before it is ranked.
pub const RANK_MIN_FORECASTS: usize = 30;
/// Distinct sessions with at least one resolved forecast needed before it is ranked.
pub const RANK_MIN_SESSIONS: usize = 10;
/// The 30/10 rule: at least 30 resolved forecasts in at least 10 sessions.
pub fn ranked(resolved: usize, sessions: usize) -> bool {
    resolved >= RANK_MIN_FORECASTS && sessions >= RANK_MIN_SESSIONS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_ten() {
        assert!(ranked(30, 10) && !ranked(29, 12) && !ranked(200, 9));
    }
}
