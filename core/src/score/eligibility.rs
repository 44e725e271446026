//! When a figure may be ranked or given an interval (spec §4.6, requirement 10).

use serde::Serialize;

/// Resolved forecasts a seat needs on a horizon before it is ranked.
pub const RANK_MIN_FORECASTS: usize = 30;
/// Distinct sessions with at least one resolved forecast needed before it is ranked.
pub const RANK_MIN_SESSIONS: usize = 10;
/// Scored sessions before any interval is shown (one-day horizon).
pub const INTERVAL_MIN_SESSIONS: u32 = 5;
/// Scored sessions from which the one-day interval is the session-cluster bootstrap.
pub const BOOTSTRAP_MIN_SESSIONS: u32 = 20;

/// The 30/10 rule: at least 30 resolved forecasts in at least 10 sessions.
pub fn ranked(resolved: usize, sessions: usize) -> bool {
    resolved >= RANK_MIN_FORECASTS && sessions >= RANK_MIN_SESSIONS
}

/// Which interval a figure gets, or why it has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum IntervalRule {
    /// Too few sessions: `needed` scored sessions are required.
    None { needed: u32, reason: String },
    /// One-day horizon, 5-19 sessions: Student t on session means.
    StudentT,
    /// One-day horizon, 20+ sessions: bootstrap with the session (12 markets) as cluster.
    SessionBootstrap,
    /// Horizon of h > 1 sessions, from 5h sessions: Newey-West HAC with lag h-1, or a block
    /// bootstrap with blocks of at least h sessions.
    HacOrBlock { lag: u32, min_block: u32 },
}

/// The interval rule for a horizon of `h` sessions after `scored_sessions` scored sessions.
/// (In a 126-session season a week gets intervals from session 25, a month from 105, six
/// months never: it would need 630.)
pub fn interval_rule(h: u32, scored_sessions: u32) -> IntervalRule {
    let needed = if h <= 1 { INTERVAL_MIN_SESSIONS } else { 5 * h };
    if scored_sessions < needed {
        return IntervalRule::None {
            needed,
            reason: format!("{scored_sessions} scored sessions; an interval needs {needed}"),
        };
    }
    if h <= 1 {
        if scored_sessions < BOOTSTRAP_MIN_SESSIONS {
            IntervalRule::StudentT
        } else {
            IntervalRule::SessionBootstrap
        }
    } else {
        IntervalRule::HacOrBlock { lag: h - 1, min_block: h }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_ten_and_intervals() {
        assert!(ranked(30, 10) && !ranked(29, 12) && !ranked(200, 9));
        assert!(matches!(interval_rule(1, 4), IntervalRule::None { needed: 5, .. }));
        assert_eq!(interval_rule(1, 5), IntervalRule::StudentT);
        assert_eq!(interval_rule(1, 20), IntervalRule::SessionBootstrap);
        // §4.6: a week from session 25, a month from 105, six months needs 630.
        assert!(matches!(interval_rule(5, 24), IntervalRule::None { .. }));
        assert_eq!(interval_rule(5, 25), IntervalRule::HacOrBlock { lag: 4, min_block: 5 });
        assert!(matches!(interval_rule(21, 104), IntervalRule::None { .. }));
        assert!(matches!(interval_rule(21, 105), IntervalRule::HacOrBlock { .. }));
        assert!(matches!(interval_rule(126, 126), IntervalRule::None { needed: 630, .. }));
    }
}
