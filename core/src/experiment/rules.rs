//! The experiment's rules on receipt (spec §6.1, §6.3, §6.4, requirement 16): which forecast
//! is a reader's first, when the session is closed, the order of the revision protocol's two
//! calls and its arm, how many forecasts of one market a reader may send in a session, and
//! whether a reader may be shown the council.

use super::request::ApiError;
use super::{Arm, Forecast, Group, Instant, OpenSession, Stage};

/// Forecasts kept per reader, market and session; a further one is refused
/// ([`ApiError::too_many_forecasts`]) and stores nothing. What the analysis reads of a market
/// and session (spec §6.2-§6.4) is the reader's first `single` or `private` call, its first
/// `private` call and the first `final` call after it, and the page shows the latest: a
/// reader who follows either protocol needs at most three, and the rest leaves room to change
/// one's mind while bounding what one identifier can make the store hold (12 markets times
/// this, per session).
pub const MAX_FORECASTS_PER_MARKET: usize = 10;

/// What the store records for an accepted forecast besides the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The identifier's first `single` or `private` forecast for this market and session.
    pub first: bool,
    /// The revision protocol's arm: drawn for the first `private` call of the cell, the same
    /// for every later call of it; None for `single`.
    pub arm: Option<Arm>,
}

/// Decides an incoming forecast of `stage` at `now` for the open session, given the
/// identifier's earlier forecasts for the same market and session (`earlier`, any order) and
/// one random byte for the arm. Refuses with `session_closed` at or after the reference time,
/// with `too_many_forecasts` when `earlier` holds [`MAX_FORECASTS_PER_MARKET`] already, and
/// with `bad_stage` for a `final` call without a `private` one before it.
pub fn accept(
    open: OpenSession,
    now: Instant,
    stage: Stage,
    earlier: &[Forecast],
    arm_byte: u8,
) -> Result<Accepted, ApiError> {
    if now >= open.closes_at {
        return Err(ApiError::session_closed(open.closes_at));
    }
    if earlier.len() >= MAX_FORECASTS_PER_MARKET {
        return Err(ApiError::too_many_forecasts());
    }
    let first = stage != Stage::Final
        && !earlier
            .iter()
            .any(|f| f.first || matches!(f.stage, Stage::Single | Stage::Private));
    let private_arm = earlier
        .iter()
        .filter(|f| f.stage == Stage::Private)
        .min_by_key(|f| f.at)
        .map(|f| f.arm);
    let arm = match stage {
        Stage::Single => None,
        Stage::Private => Some(private_arm.flatten().unwrap_or(Arm::from_random(arm_byte))),
        Stage::Final => match private_arm {
            Some(arm) => arm,
            None => return Err(ApiError::final_without_private()),
        },
    };
    Ok(Accepted { first, arm })
}

/// Whether a reader of `group` may be sent the council's answers for the session: the seeing
/// group always, the blind group once it has a first forecast in the session, any market
/// (§6.1). `session_forecasts` are the identifier's forecasts in the session.
pub fn may_see_council(group: Group, session_forecasts: &[Forecast]) -> bool {
    group == Group::Seeing || session_forecasts.iter().any(|f| f.first)
}

#[cfg(test)]
mod tests {
    use super::super::{Direction, ReaderId};
    use super::*;
    use crate::calendar::Date;

    fn open() -> OpenSession {
        let session = Date::parse("2026-12-03").unwrap();
        OpenSession {
            session,
            closes_at: crate::calendar::reference_cut(session),
        }
    }

    fn f(stage: Stage, first: bool, arm: Option<Arm>, at: i64) -> Forecast {
        Forecast {
            reader: ReaderId::from_random([1; 16]),
            session: open().session,
            market: "SPX".into(),
            direction: Direction::Up,
            confidence: 60,
            stage,
            at: Instant(at),
            first,
            arm,
        }
    }

    #[test]
    fn first_forecast_rule() {
        let o = open();
        let now = Instant(o.closes_at.0 - 1);
        let a = accept(o, now, Stage::Single, &[], 0).unwrap();
        assert_eq!(
            a,
            Accepted {
                first: true,
                arm: None
            }
        );
        let earlier = [f(Stage::Single, true, None, 1)];
        assert!(!accept(o, now, Stage::Single, &earlier, 0).unwrap().first);
        assert!(!accept(o, now, Stage::Private, &earlier, 0).unwrap().first);
        let p = accept(o, now, Stage::Private, &[], 1).unwrap();
        assert_eq!(
            p,
            Accepted {
                first: true,
                arm: Some(Arm::Control)
            }
        );
    }

    #[test]
    fn closed_at_the_reference_time() {
        let o = open();
        let e = accept(o, o.closes_at, Stage::Single, &[], 0).unwrap_err();
        assert_eq!((e.status, e.code), (409, "session_closed"));
        assert!(accept(o, Instant(o.closes_at.0 - 1), Stage::Single, &[], 0).is_ok());
    }

    #[test]
    fn revision_protocol_order_and_arm() {
        let o = open();
        let now = Instant(o.closes_at.0 - 1);
        let e = accept(o, now, Stage::Final, &[], 0).unwrap_err();
        assert_eq!((e.status, e.code), (409, "bad_stage"));
        let e = accept(o, now, Stage::Final, &[f(Stage::Single, true, None, 1)], 0).unwrap_err();
        assert_eq!(e.code, "bad_stage");
        let private = [f(Stage::Private, true, Some(Arm::Control), 1)];
        let fin = accept(o, now, Stage::Final, &private, 0).unwrap();
        assert_eq!(
            fin,
            Accepted {
                first: false,
                arm: Some(Arm::Control)
            }
        );
        // A second private call keeps the cell's arm, whatever the new byte says.
        let again = accept(o, now, Stage::Private, &private, 0).unwrap();
        assert_eq!(
            again,
            Accepted {
                first: false,
                arm: Some(Arm::Control)
            }
        );
    }

    #[test]
    fn a_market_takes_a_bounded_number_of_forecasts_and_the_first_still_counts() {
        let o = open();
        let now = Instant(o.closes_at.0 - 1);
        let mut earlier = vec![f(Stage::Single, true, None, 1)];
        while earlier.len() < MAX_FORECASTS_PER_MARKET {
            let a = accept(o, now, Stage::Single, &earlier, 0).unwrap();
            assert!(!a.first);
            earlier.push(f(Stage::Single, a.first, a.arm, earlier.len() as i64 + 1));
        }
        for stage in [Stage::Single, Stage::Private, Stage::Final] {
            let e = accept(o, now, stage, &earlier, 0).unwrap_err();
            assert_eq!(
                (e.status, e.code, e.field),
                (409, "too_many_forecasts", Some("market"))
            );
        }
        // The revision protocol fits: its private and final calls after a change of mind.
        let mut cell = vec![f(Stage::Single, true, None, 1)];
        for _ in 0..MAX_FORECASTS_PER_MARKET - 3 {
            cell.push(f(Stage::Single, false, None, 2));
        }
        let p = accept(o, now, Stage::Private, &cell, 1).unwrap();
        cell.push(f(Stage::Private, p.first, p.arm, 3));
        let fin = accept(o, now, Stage::Final, &cell, 0).unwrap();
        assert_eq!(fin.arm, p.arm);
        // A closed session says so first.
        let e = accept(o, o.closes_at, Stage::Single, &earlier, 0).unwrap_err();
        assert_eq!(e.code, "session_closed");
    }

    #[test]
    fn blind_sees_after_a_first_forecast() {
        assert!(may_see_council(Group::Seeing, &[]));
        assert!(!may_see_council(Group::Blind, &[]));
        assert!(may_see_council(
            Group::Blind,
            &[f(Stage::Private, true, Some(Arm::Council), 1)]
        ));
    }
}
