//! Which rows and figures count (spec §4.5, §4.6, §5.1): a row's admission to the common
//! events, the rule the consensus, the primary endpoint and N_eff share; and when a figure may
//! be ranked (requirement 10). When it may carry an interval is
//! `core::stats::intervals::interval_rule`.

use super::baselines::is_baseline;
use super::cells::cell_of;
use crate::calendar::{reference_cut, Date, Instant};
use crate::contract::forecasts_csv::ForecastRow;
use std::collections::BTreeMap;

/// Whether a row enters the common events (§4.5, §5.1): a council seat's row (a baseline's,
/// [`is_baseline`], is a benchmark beside the council, §4.3, §4.5), `counted`, with a stated
/// probability, on the common event (`same_event`: not the seat's own reference), from an
/// `issue` line (correction cells are not in the sealed answers), and, when the book's
/// sealing times are given, sealed before the session's 09:30 ET reference.
pub(crate) enum Admission {
    Out,
    AfterReference,
    In,
}

pub(crate) fn admission(
    r: &ForecastRow,
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> Admission {
    if is_baseline(&r.model)
        || r.status != "counted"
        || !r.same_event
        || r.line_kind != "issue"
        || cell_of(r).stated().is_none()
    {
        return Admission::Out;
    }
    match sealing_times {
        // No sealing time for the row's line counts as not sealed before the reference.
        Some(times)
            if Date::parse(&r.session)
                .zip(times.get(&r.line))
                .is_none_or(|(d, t)| *t >= reference_cut(d)) =>
        {
            Admission::AfterReference
        }
        _ => Admission::In,
    }
}

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
