//! The draw band from the provider's minute bars (§3.5): `0.1 x mean|r_1min| x sqrt(390)`,
//! the mean absolute one-minute percent return over the four minute-bar sessions before the
//! reference, minutes across a front-month roll excluded ([`draw_band_pct`]), and whether a
//! change is a draw ([`is_draw`]).
//!
//! Readings fixed here:
//! - Sessions: the NYSE sessions before the session the reference belongs to
//!   ([`calendar::session_for`]; a late reference inside a session does not count that
//!   session's morning), each its regular window 09:30-16:00 New York time: bars whose start
//!   lies in `[09:30, 16:00)`. Bitcoin (Yahoo `instrumentType` `CRYPTOCURRENCY`) uses the UTC
//!   calendar days before the reference's UTC day, `[00:00Z, 24:00Z)`; the formula keeps its
//!   `sqrt(390)`.
//! - A one-minute return needs two bars with closes exactly 60 s apart: a null minute breaks
//!   the pair instead of joining its neighbours into a two-minute return (which is not a
//!   one-minute return and would inflate the mean).
//! - Rolls: contract labels by time ("from this instant the front month is CLF7"); a return
//!   whose two bars carry different labels is excluded. A return never spans a session
//!   boundary: both its bars start inside one session's regular window, 60 s apart, so the
//!   overnight Globex bars of the futures (WTI, Brent, gold, copper) never enter, and a
//!   front-month change the provider makes between two windows (a continuous `=F` series
//!   changes contract between trading days) leaves the band as it is; the league's engine
//!   needs no roll dates for it. Only a change inside a window needs a label.
//! - Coverage: every session must hold at least one bar (null or not) in the data; a session
//!   the data does not reach is an error, never a smaller sample.

use super::yahoo::Bar;
use super::{instant_of, BAR_SECONDS};
use crate::calendar::{self, Date, Instant};
use crate::stats::numpy_reduce::mean;
use serde::Serialize;
use std::fmt;

/// Minutes in a regular NYSE session; the draw band scales the mean one-minute move by its
/// square root (§3.5).
pub const SESSION_MINUTES: f64 = 390.0;

/// Fraction of the session-scaled mean minute move that makes the draw band (§3.5).
pub const DRAW_BAND_FACTOR: f64 = 0.1;

/// One minute bar for the draw band: its close and the futures contract it belongs to
/// (None for markets without rolls).
#[derive(Clone, Debug, PartialEq)]
pub struct MinuteBar<'a> {
    /// Close of the minute, in the asset's quote currency.
    pub close: f64,
    /// Front-month contract label in force for the minute (e.g. `CLF7`); None without rolls.
    pub contract: Option<&'a str>,
}

/// The draw band in percent, `0.1 x mean|r_1min| x sqrt(390)` (§3.5), from the minute-bar
/// sessions before the reference (the league uses four). One-minute percent returns are
/// taken within each session; a return across a change of front-month contract (a roll) is
/// excluded. None when no return remains.
pub fn draw_band_pct(sessions: &[Vec<MinuteBar<'_>>]) -> Option<f64> {
    let mut abs_returns = Vec::new();
    for bars in sessions {
        for w in bars.windows(2) {
            if w[0].contract != w[1].contract || w[0].close <= 0.0 {
                continue;
            }
            abs_returns.push((100.0 * (w[1].close / w[0].close - 1.0)).abs());
        }
    }
    mean(&abs_returns).map(|m| DRAW_BAND_FACTOR * m * SESSION_MINUTES.sqrt())
}

/// Whether a change (percent) is a draw: inside the band or on its edge.
pub fn is_draw(change_pct: f64, band_pct: f64) -> bool {
    change_pct.abs() <= band_pct
}

/// Sessions the league's band uses (§3.5).
pub const BAND_SESSIONS: u32 = 4;
/// Most sessions a caller may ask for.
pub const MAX_BAND_SESSIONS: u32 = 260;

/// Which days make the band's sessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BandClock {
    /// NYSE sessions, 09:30-16:00 New York time.
    Nyse,
    /// UTC calendar days (Bitcoin).
    UtcDays,
}

impl BandClock {
    /// Calendar days for cryptocurrencies, NYSE sessions for everything else.
    pub fn for_instrument(instrument_type: Option<&str>) -> BandClock {
        if instrument_type == Some("CRYPTOCURRENCY") {
            BandClock::UtcDays
        } else {
            BandClock::Nyse
        }
    }
}

/// A front-month contract label in force from `from` on.
#[derive(Clone, Debug, PartialEq)]
pub struct ContractFrom {
    /// First instant the label is in force.
    pub from: Instant,
    /// Contract label, e.g. `CLF7`; returns between bars of different labels are excluded.
    pub label: String,
}

/// One session of the band.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BandSession {
    /// The session's date (`YYYY-MM-DD`; the UTC day for Bitcoin).
    pub date: String,
    /// Start of the window, RFC 3339 UTC (09:30 New York, or 00:00Z).
    pub open: String,
    /// End of the window, RFC 3339 UTC, exclusive (16:00 New York, or the next 00:00Z).
    pub close: String,
    /// Bars with a close inside the window.
    pub priced_bars: usize,
}

/// The band and the sessions it came from (oldest first).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Band {
    /// The draw band in percent (§3.5); a change with absolute value at or below it is a draw.
    pub band_pct: f64,
    /// Whether the sessions are NYSE sessions or UTC days.
    pub clock: BandClock,
    /// The sessions the returns came from, oldest first.
    pub sessions: Vec<BandSession>,
}

/// Why no draw band can be computed for a reference (§3.5).
#[derive(Clone, Debug, PartialEq)]
pub enum BandError {
    /// The calendar does not know the years around the reference.
    OutsideCalendar {
        /// The reference instant.
        at: Instant,
    },
    /// The number of sessions asked for is 0 or above [`MAX_BAND_SESSIONS`].
    BadSessionCount {
        /// The number asked for.
        n: u32,
    },
    /// The data holds no bar in this session.
    SessionNotCovered {
        /// The session's date (NYSE) or UTC day (Bitcoin).
        date: Date,
    },
    /// The sessions hold no one-minute return.
    NoReturns,
}

impl fmt::Display for BandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BandError::OutsideCalendar { at } => write!(
                f,
                "the NYSE calendar does not cover the sessions before {}",
                at.to_rfc3339()
            ),
            BandError::BadSessionCount { n } => {
                write!(f, "{n} band sessions: between 1 and {MAX_BAND_SESSIONS}")
            }
            BandError::SessionNotCovered { date } => {
                write!(f, "the data holds no bar of the band session {date}")
            }
            BandError::NoReturns => f.write_str("the band sessions hold no one-minute return"),
        }
    }
}

/// The `n` session windows `(date, open, close)` before the reference, oldest first.
pub fn band_windows(
    reference_at: Instant,
    clock: BandClock,
    n: u32,
) -> Result<Vec<(Date, Instant, Instant)>, BandError> {
    if n == 0 || n > MAX_BAND_SESSIONS {
        return Err(BandError::BadSessionCount { n });
    }
    let outside = BandError::OutsideCalendar { at: reference_at };
    let mut out = Vec::with_capacity(n as usize);
    match clock {
        BandClock::UtcDays => {
            let day = reference_at.utc_date();
            for k in (1..=n as i64).rev() {
                let d = day.add_days(-k);
                out.push((
                    d,
                    Instant::from_utc(d, 0, 0, 0),
                    Instant::from_utc(d.add_days(1), 0, 0, 0),
                ));
            }
        }
        BandClock::Nyse => {
            let mut d = calendar::session_for(reference_at).ok_or(outside.clone())?;
            while out.len() < n as usize {
                d = d.add_days(-1);
                if calendar::is_session(d).ok_or(outside.clone())? {
                    out.push((d, calendar::reference_cut(d), calendar::session_close(d)));
                }
            }
            out.reverse();
        }
    }
    Ok(out)
}

/// The label in force at `t`, if any.
fn contract_at(contracts: &[ContractFrom], t: Instant) -> Option<&str> {
    contracts
        .iter()
        .filter(|c| c.from <= t)
        .max_by_key(|c| c.from)
        .map(|c| c.label.as_str())
}

/// The draw band for a reference at `reference_at` from time-ordered one-minute `bars`.
pub fn draw_band(
    bars: &[Bar],
    reference_at: Instant,
    clock: BandClock,
    n: u32,
    contracts: &[ContractFrom],
) -> Result<Band, BandError> {
    let mut runs: Vec<Vec<MinuteBar<'_>>> = Vec::new();
    let mut sessions = Vec::new();
    for (date, open, close) in band_windows(reference_at, clock, n)? {
        let lo = bars.partition_point(|b| instant_of(b.start) < open);
        let hi = bars.partition_point(|b| instant_of(b.start) < close);
        let window = &bars[lo..hi];
        if window.is_empty() {
            return Err(BandError::SessionNotCovered { date });
        }
        // Runs of consecutive priced minutes; a null or missing minute ends a run.
        let mut prev: Option<i64> = None;
        for b in window {
            let Some(c) = b.close else {
                prev = None;
                continue;
            };
            if prev != Some(b.start - BAR_SECONDS) {
                runs.push(Vec::new());
            }
            runs.last_mut().expect("pushed").push(MinuteBar {
                close: c,
                contract: contract_at(contracts, instant_of(b.start)),
            });
            prev = Some(b.start);
        }
        sessions.push(BandSession {
            date: date.to_string(),
            open: open.to_rfc3339(),
            close: close.to_rfc3339(),
            priced_bars: window.iter().filter(|b| !b.is_gap()).count(),
        });
    }
    let band_pct = draw_band_pct(&runs).ok_or(BandError::NoReturns)?;
    Ok(Band {
        band_pct,
        clock,
        sessions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    #[test]
    fn four_sessions_before_the_reference() {
        // 2026-10-21 (Wed): the four sessions before are Thu 15, Fri 16, Mon 19, Tue 20.
        let w = band_windows(at("2026-10-21T13:30:00Z"), BandClock::Nyse, 4).unwrap();
        let dates: Vec<String> = w.iter().map(|(d, _, _)| d.to_string()).collect();
        assert_eq!(
            dates,
            ["2026-10-15", "2026-10-16", "2026-10-19", "2026-10-20"]
        );
        assert_eq!(w[0].1.to_rfc3339(), "2026-10-15T13:30:00Z");
        assert_eq!(w[0].2.to_rfc3339(), "2026-10-15T20:00:00Z");
        // Thanksgiving 2026-11-26 is skipped; a reference after Friday's close belongs to Monday.
        let w = band_windows(at("2026-11-27T22:00:00Z"), BandClock::Nyse, 2).unwrap();
        assert_eq!(
            w.iter().map(|(d, _, _)| d.to_string()).collect::<Vec<_>>(),
            ["2026-11-25", "2026-11-27"]
        );
        let w = band_windows(at("2026-10-21T13:00:19Z"), BandClock::UtcDays, 4).unwrap();
        assert_eq!(w[0].1.to_rfc3339(), "2026-10-17T00:00:00Z");
        assert_eq!(w[3].2.to_rfc3339(), "2026-10-21T00:00:00Z");
        assert_eq!(
            band_windows(at("2026-10-21T13:30:00Z"), BandClock::Nyse, 0),
            Err(BandError::BadSessionCount { n: 0 })
        );
        assert!(matches!(
            band_windows(at("2000-01-04T15:00:00Z"), BandClock::Nyse, 4),
            Err(BandError::OutsideCalendar { .. })
        ));
    }

    /// Spec §3.5: minutes across a front-month change are excluded. The band's returns never
    /// span a session boundary, so a roll-sized jump between two sessions (every price from
    /// the second session's Globex evening on doubled, overnight bars included) leaves the
    /// band the same to the last bit, with no roll date given; the same jump inside one run
    /// of minutes would have changed it.
    #[test]
    fn a_roll_between_sessions_leaves_the_band_unchanged() {
        let reference = at("2026-10-21T13:30:00Z");
        let windows = band_windows(reference, BandClock::Nyse, BAND_SESSIONS).unwrap();
        let (first, last) = (windows[0].1 .0 / 1_000_000, windows[3].2 .0 / 1_000_000);
        // The roll: from 18:00 New York time after the second session's close.
        let roll = calendar::new_york_time(windows[1].0, 18, 0).0 / 1_000_000;
        // Every minute, day and night (Globex trades overnight), a price wiggling by a few
        // hundredths of a percent.
        let bars = |jump: f64| -> Vec<Bar> {
            (first..last)
                .step_by(60)
                .enumerate()
                .map(|(i, start)| {
                    let c =
                        (100.0 + [0.0, 0.03, -0.02, 0.05, -0.04][i % 5] + (i % 7) as f64 * 0.01)
                            * if start >= roll { jump } else { 1.0 };
                    Bar {
                        start,
                        open: Some(c),
                        high: Some(c),
                        low: Some(c),
                        close: Some(c),
                        volume: None,
                    }
                })
                .collect()
        };
        let flat = draw_band(&bars(1.0), reference, BandClock::Nyse, BAND_SESSIONS, &[]).unwrap();
        let rolled = draw_band(&bars(2.0), reference, BandClock::Nyse, BAND_SESSIONS, &[]).unwrap();
        assert_eq!(flat.band_pct.to_bits(), rolled.band_pct.to_bits());
        assert_eq!(flat.sessions, rolled.sessions);
        assert!(rolled.sessions.iter().all(|s| s.priced_bars == 390));
        // The same bars as one run of minutes across the roll: the jump would count.
        let one_run = |b: &[Bar]| {
            let minutes: Vec<MinuteBar<'_>> = b
                .iter()
                .map(|b| MinuteBar {
                    close: b.close.unwrap(),
                    contract: None,
                })
                .collect();
            draw_band_pct(&[minutes]).unwrap()
        };
        assert!(one_run(&bars(2.0)) > 1.1 * one_run(&bars(1.0)));
    }

    #[test]
    fn gaps_break_pairs_and_rolls_are_excluded() {
        let open = calendar::reference_cut(Date::new(2026, 10, 20).unwrap()).0 / 1_000_000;
        let b = |m: i64, c: Option<f64>| Bar {
            start: open + 60 * m,
            open: c,
            high: c,
            low: c,
            close: c,
            volume: None,
        };
        // 100 -> 101 (1%), null, 99 -> 99.99 (1%), missing minute, 50 -> 55 across a roll.
        let bars = vec![
            b(0, Some(100.0)),
            b(1, Some(101.0)),
            b(2, None),
            b(3, Some(99.0)),
            b(4, Some(99.99)),
            b(6, Some(50.0)),
            b(7, Some(55.0)),
        ];
        let roll = [ContractFrom {
            from: instant_of(open + 60 * 7),
            label: "CLF7".into(),
        }];
        let band = draw_band(&bars, at("2026-10-21T13:30:00Z"), BandClock::Nyse, 1, &roll).unwrap();
        let r1 = (100.0f64 * (101.0 / 100.0 - 1.0)).abs();
        let r2 = (100.0f64 * (99.99 / 99.0 - 1.0)).abs();
        assert_eq!(
            band.band_pct,
            DRAW_BAND_FACTOR * ((r1 + r2) / 2.0) * SESSION_MINUTES.sqrt()
        );
        assert_eq!(band.sessions[0].priced_bars, 6);
        // Without the roll, the 10% minute counts.
        let no_roll =
            draw_band(&bars, at("2026-10-21T13:30:00Z"), BandClock::Nyse, 1, &[]).unwrap();
        assert!(no_roll.band_pct > band.band_pct);
        // A session the data does not reach.
        assert_eq!(
            draw_band(&bars, at("2026-10-21T13:30:00Z"), BandClock::Nyse, 2, &[]),
            Err(BandError::SessionNotCovered {
                date: Date::new(2026, 10, 19).unwrap()
            })
        );
        assert_eq!(
            draw_band(
                &bars[..1],
                at("2026-10-21T13:30:00Z"),
                BandClock::Nyse,
                1,
                &[]
            ),
            Err(BandError::NoReturns)
        );
    }
}
