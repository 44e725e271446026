//! The schedule and the counting rule (spec §3.1, §3.3, §3.4): when a session's morning run
//! asks, when answers stop counting (the reference), when the close is scored and when each
//! horizon's window closes; which run counts; the declaration sealed as the ask chain's first
//! line. Times are New York time on NYSE sessions ([`crate::calendar`]).

use crate::calendar::{
    horizon_end_date, is_session, new_york_time, reference_cut, Date, Horizon, Instant,
};
use crate::league::config::LeagueConfig;
use crate::records::ask_chain::{Declaration, SCHEDULED_MORNING_RUN};
use crate::records::names::{is_morning_run, morning_run_id, other_run_id};

/// The declaration of a league (spec §3.4, requirement 6), sealed at `at` (RFC 3339 UTC).
/// Its `climatology_sha256` is the caller's to set (the table the league sealed, if any).
pub fn declaration(config: &LeagueConfig, at: &str, first_session: Date) -> Declaration {
    let hm = |(h, m): (u32, u32)| format!("{h:02}:{m:02}");
    Declaration {
        at: at.to_string(),
        ask_at_et: hm(config.schedule.morning_run),
        reference_at_et: hm(config.schedule.reference),
        label: None,
        runs: None,
        other_runs_et: (!config.schedule.other_runs.is_empty())
            .then(|| config.schedule.other_runs.iter().copied().map(hm).collect()),
        counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
        methodology: Some(config.methodology_version.clone()),
        first_session: Some(first_session.to_string()),
        stamp_every_minutes: Some(config.schedule.stamp_every_minutes),
        score_at_et: Some(hm(config.schedule.score)),
        league: Some(config.name.clone()),
        seats: Some(config.roster()),
        climatology_sha256: None,
    }
}

/// The first session on or after `d` (None outside the calendar's years).
pub fn session_on_or_after(d: Date) -> Option<Date> {
    let mut d = d;
    for _ in 0..10 {
        if is_session(d)? {
            return Some(d);
        }
        d = d.add_days(1);
    }
    None
}

/// The first session a league initialised at `now` counts: the session of `now`'s New York
/// date if its morning run is still ahead, else the next session.
pub fn first_counted_session(config: &LeagueConfig, now: Instant) -> Option<Date> {
    let (d, _) = now.new_york();
    let first = session_on_or_after(d)?;
    if first == d && now >= morning_run_at(config, d) {
        return session_on_or_after(d.add_days(1));
    }
    Some(first)
}

/// When the session's morning run asks.
pub fn morning_run_at(config: &LeagueConfig, session: Date) -> Instant {
    let (h, m) = config.schedule.morning_run;
    new_york_time(session, h, m)
}

/// One run of a session's schedule (spec §3.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSlot {
    /// The run's id: `<session>-am` for the morning run, `<session>-<hhmm>` for another (spec
    /// §3.4).
    pub run_id: String,
    /// When it asks.
    pub at: Instant,
    /// Until when it may still be taken: the reference for the counted morning run; for
    /// another run, the next run's time of the session (or the reference), so that a run
    /// whose window a late process missed is not asked in a later run's place.
    pub until: Instant,
    /// Whether the declared counting rule counts it (the scheduled morning run).
    pub counted: bool,
}

/// The runs of `session` in the order they ask (spec §3.4): the scheduled morning run and the
/// declared other runs (`schedule.other_runs`), one before the reference asked on the session
/// day, one at or after the 16:00 close asked the calendar day before (an evening run: the
/// session a line sealed then is for, [`crate::calendar::session_for`]).
pub fn run_slots(config: &LeagueConfig, session: Date) -> Vec<RunSlot> {
    let reference = reference_at(config, session);
    let mut slots = vec![RunSlot {
        run_id: morning_run_id(session),
        at: morning_run_at(config, session),
        until: reference,
        counted: true,
    }];
    for &(h, m) in &config.schedule.other_runs {
        let day = if (h, m) >= (16, 0) {
            session.add_days(-1)
        } else {
            session
        };
        slots.push(RunSlot {
            run_id: other_run_id(session, (h, m)),
            at: new_york_time(day, h, m),
            until: reference,
            counted: false,
        });
    }
    slots.sort_by_key(|s| s.at);
    for i in 0..slots.len() {
        if !slots[i].counted {
            if let Some(next) = slots.get(i + 1) {
                slots[i].until = next.at.min(reference);
            }
        }
    }
    slots
}

/// The reference time of the session: answers sealed at or after it get their own reference
/// (spec §3.3); the engine's deadline for asking.
pub fn reference_at(config: &LeagueConfig, session: Date) -> Instant {
    let (h, m) = config.schedule.reference;
    if (h, m) == (9, 30) {
        reference_cut(session)
    } else {
        new_york_time(session, h, m)
    }
}

/// When a session's close is scored.
pub fn score_at(config: &LeagueConfig, session: Date) -> Instant {
    let (h, m) = config.schedule.score;
    new_york_time(session, h, m)
}

/// When the horizon of a run for `session` is scored: the scoring time of the horizon's last
/// session (Bitcoin's calendar days end on a session too, [`horizon_end_date`]).
pub fn horizon_score_at(config: &LeagueConfig, session: Date, h: Horizon) -> Option<Instant> {
    Some(score_at(config, horizon_end_date(session, h, false)?))
}

/// The reference instant of an answer's cell (spec §3.3, "我为所有十二个市场使用一个时钟"):
/// the session's common reference for every market, Bitcoin included, when the line was
/// sealed before it; an answer sealed at or after the reference has its own reference
/// (`late`), the first 1-minute bar starting at or after the line's seal.
pub fn reference_instant(
    config: &LeagueConfig,
    session: Date,
    sealed_at: Instant,
) -> (Instant, bool) {
    reference_instant_from(reference_at(config, session), sealed_at)
}

/// [`reference_instant`] given the session's common reference `common` (a reader takes it
/// from the sealed declaration's `reference_at_et`).
pub fn reference_instant_from(common: Instant, sealed_at: Instant) -> (Instant, bool) {
    let late = sealed_at >= common;
    if late {
        let minute = 60 * 1_000_000;
        let start = sealed_at.0.div_euclid(minute) * minute;
        let bar = if start == sealed_at.0 {
            start
        } else {
            start + minute
        };
        return (Instant(bar), late);
    }
    (common, false)
}

/// When pending OpenTimestamps proofs are next upgraded (and failed anchors asked again):
/// `schedule.upgrade_every_minutes` after the last upgrade, at any hour (calendars and Bitcoin
/// keep no session times); `now` when none has run yet.
pub fn next_upgrade_at(config: &LeagueConfig, last: Option<Instant>, now: Instant) -> Instant {
    let every = i64::from(config.schedule.upgrade_every_minutes) * 60 * 1_000_000;
    last.map_or(now, |t| Instant(t.0 + every))
}

/// The first wait before a failed score is asked again (a price source that is down, bars not
/// yet served).
pub const SCORE_RETRY_FIRST_MINUTES: i64 = 1;
/// The longest wait between two attempts at a failing score.
pub const SCORE_RETRY_MAX_MINUTES: i64 = 60;

/// When a score that has failed `failures` times (at least once), the last time at
/// `failed_at`, is due again: [`SCORE_RETRY_FIRST_MINUTES`] after the first failure, doubling
/// with each further one, at most [`SCORE_RETRY_MAX_MINUTES`].
pub fn score_retry_at(failed_at: Instant, failures: u32) -> Instant {
    let doublings = failures.saturating_sub(1).min(16);
    let minutes = (SCORE_RETRY_FIRST_MINUTES << doublings).min(SCORE_RETRY_MAX_MINUTES);
    Instant(failed_at.0 + minutes * 60 * 1_000_000)
}

/// The most session days [`missed_sessions`] looks at (about four years of sessions).
pub const MAX_MISSED_LOOKBACK_DAYS: i64 = 1500;

/// The sessions from `first` (at most [`MAX_MISSED_LOOKBACK_DAYS`] days before `now`'s New
/// York date) whose morning run window, from the morning run to the reference (spec §3.1), has
/// closed by `now` with no run taken (`has_run` false): missed runs. A run asked after the
/// reference never counts (spec §3.4), so a missed run is not asked late; it is reported.
pub fn missed_sessions(
    config: &LeagueConfig,
    first: Date,
    now: Instant,
    has_run: impl Fn(Date) -> bool,
) -> Vec<Date> {
    let (today, _) = now.new_york();
    let mut d = first.max(today.add_days(-MAX_MISSED_LOOKBACK_DAYS));
    let mut out = Vec::new();
    while d <= today {
        match is_session(d) {
            None => break,
            Some(true) if now >= reference_at(config, d) && !has_run(d) => out.push(d),
            Some(_) => {}
        }
        d = d.add_days(1);
    }
    out
}

/// The counting rule of the declaration: the session's scheduled morning run counts.
pub fn counts(run_id: &str, session: Date) -> bool {
    is_morning_run(run_id, session)
}

/// How far past its due instant (league clock) a job may start before the schedule counts as
/// behind: a minute.
pub const BEHIND_AFTER_MICROS: i64 = 60 * 1_000_000;

/// How far behind the schedule fell (spec §3.1: each job at its time), in league clock
/// microseconds, when the jobs of the poll at `polled` ended at `ended` and the next job was
/// due at `due`: `None` when that is less than [`BEHIND_AFTER_MICROS`], or when the next job was
/// due at the poll itself (it is one of that poll's own jobs).
pub fn schedule_lag(due: Instant, polled: Instant, ended: Instant) -> Option<i64> {
    let lag = ended.0 - due.0;
    (due > polled && lag >= BEHIND_AFTER_MICROS).then_some(lag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::config::LeagueConfig;
    use crate::records::ask_chain::AskChain;
    use crate::score::roster::roster_from_asks;

    fn config() -> LeagueConfig {
        LeagueConfig::from_toml(
            b"[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n",
            "league.toml",
        )
        .unwrap()
    }

    #[test]
    fn times_and_the_declaration() {
        let c = config();
        let d = Date::parse("2026-10-21").unwrap();
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        assert_eq!(morning_run_at(&c, d), t("2026-10-21T12:30:00Z"));
        assert_eq!(reference_at(&c, d), t("2026-10-21T13:30:00Z"));
        assert_eq!(score_at(&c, d), t("2026-10-21T20:10:00Z"));
        assert_eq!(
            horizon_score_at(&c, d, Horizon::W1),
            Some(t("2026-10-28T20:10:00Z"))
        );
        // One clock for all twelve markets, Bitcoin included (§3.3): sealed before the
        // reference, the common 09:30 reference; at or after it, the first bar at or after
        // the seal, its own.
        assert_eq!(
            reference_instant(&c, d, t("2026-10-21T13:00:19Z")),
            (t("2026-10-21T13:30:00Z"), false)
        );
        assert_eq!(
            reference_instant(&c, d, t("2026-10-21T13:31:00Z")),
            (t("2026-10-21T13:31:00Z"), true)
        );
        assert_eq!(
            reference_instant(&c, d, t("2026-10-21T13:31:05Z")),
            (t("2026-10-21T13:32:00Z"), true)
        );
        assert!(counts("2026-10-21-am", d) && !counts("2026-10-21-pm", d));
        // Missed: a session whose reference has passed with no run; not one still open, not
        // a weekend, not one before the first session.
        let first = Date::parse("2026-10-22").unwrap();
        let none = |_: Date| false;
        assert!(missed_sessions(&c, first, t("2026-10-22T13:29:59Z"), none).is_empty());
        assert_eq!(
            missed_sessions(&c, first, t("2026-10-22T13:30:00Z"), none),
            [first]
        );
        let fri = Date::parse("2026-10-23").unwrap();
        let mon = Date::parse("2026-10-26").unwrap();
        assert_eq!(
            missed_sessions(&c, first, t("2026-10-26T14:00:00Z"), |x| x == fri),
            [first, mon],
            "Friday ran; Saturday and Sunday are no sessions"
        );
        // A failing score: 1, 2, 4 ... minutes after each failure, at most an hour.
        let f = t("2026-10-21T20:10:00Z");
        assert_eq!(score_retry_at(f, 1), t("2026-10-21T20:11:00Z"));
        assert_eq!(score_retry_at(f, 3), t("2026-10-21T20:14:00Z"));
        assert_eq!(score_retry_at(f, 7), t("2026-10-21T21:10:00Z"));
        assert_eq!(score_retry_at(f, u32::MAX), t("2026-10-21T21:10:00Z"));
        let now = t("2026-10-24T05:00:00Z");
        assert_eq!(next_upgrade_at(&c, None, now), now, "none yet: at once");
        assert_eq!(
            next_upgrade_at(&c, Some(t("2026-10-24T03:00:00Z")), now),
            Instant(
                t("2026-10-24T03:00:00Z").0
                    + i64::from(c.schedule.upgrade_every_minutes) * 60_000_000
            )
        );
        // A Saturday init counts from Monday; an init after the morning run from the next day.
        assert_eq!(
            first_counted_session(&c, t("2026-10-24T12:00:00Z")),
            Date::parse("2026-10-26")
        );
        assert_eq!(
            first_counted_session(&c, t("2026-10-21T04:16:00Z")),
            Some(d)
        );
        assert_eq!(
            first_counted_session(&c, t("2026-10-21T12:31:00Z")),
            Date::parse("2026-10-22")
        );
        // The declaration reads back through the ask chain's and the roster's readers.
        let decl = declaration(&c, "2026-10-21T04:16:00Z", d);
        let mut w = crate::book::writer::BookWriter::new();
        let chain = w.append(&decl.to_object()).unwrap().bytes;
        let read = AskChain::parse(&chain).unwrap();
        assert_eq!(read.declaration(), Some(&decl));
        assert_eq!(decl.counting_rule.as_deref(), Some(SCHEDULED_MORNING_RUN));
        assert_eq!(roster_from_asks(&chain).unwrap().seats, c.roster());
    }

    #[test]
    fn jobs_that_end_a_minute_past_the_next_due_instant_put_the_schedule_behind() {
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let polled = t("2026-10-21T12:30:00Z");
        let due = t("2026-10-21T13:30:00Z");
        // Ended before the next job was due, or less than a minute after: on time.
        assert_eq!(schedule_lag(due, polled, t("2026-10-21T13:00:00Z")), None);
        assert_eq!(schedule_lag(due, polled, t("2026-10-21T13:30:59Z")), None);
        // A minute or more after it: behind by that much.
        assert_eq!(
            schedule_lag(due, polled, t("2026-10-21T13:31:00Z")),
            Some(60 * 1_000_000)
        );
        assert_eq!(
            schedule_lag(due, polled, t("2026-10-21T13:45:00Z")),
            Some(15 * 60 * 1_000_000)
        );
        // A job due at the poll itself is one of that poll's own jobs, never late.
        assert_eq!(
            schedule_lag(polled, polled, t("2026-10-21T13:45:00Z")),
            None
        );
    }
}
