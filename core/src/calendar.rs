//! NYSE sessions, New York time and forecast horizons (spec §3.1, §3.3, §3.7, §8.1).
//!
//! A session is a day the NYSE is open; session 1 is 2026-10-19 (§8.1: session 11 =
//! 2026-11-02, 30 = 2026-11-30, 52 = 2026-12-31, the 126-session season ends about
//! 2027-04-20). New York time follows the US daylight-saving rules (since 2007: second Sunday
//! of March to first Sunday of November; 1987-2006: first Sunday of April to last Sunday of
//! October; 02:00 local), encoded here so that no time-zone database is needed at run time.
//! Holidays are computed from the NYSE rules (NYSE Rule 7.2) for every year from
//! [`FIRST_YEAR`] on, with the exchange's unscheduled closures of those years; before it the
//! calendar answers `None` rather than guessing. A closure the exchange has not announced yet
//! (a national day of mourning) cannot be predicted: a league that meets one learns it from
//! its price source's missing bars.

#![warn(missing_docs)]

use std::fmt;

/// First year whose NYSE holidays this calendar knows.
pub const FIRST_YEAR: i32 = 2000;

/// Unscheduled full-day closures since [`FIRST_YEAR`]: the attacks of 11 September 2001,
/// Hurricane Sandy (2012), and national days of mourning (Presidents Reagan 2004, Ford 2007,
/// G. H. W. Bush 2018, Carter 2025).
const SPECIAL_CLOSURES: &[(i32, u32, u32)] = &[
    (2001, 9, 11),
    (2001, 9, 12),
    (2001, 9, 13),
    (2001, 9, 14),
    (2004, 6, 11),
    (2007, 1, 2),
    (2012, 10, 29),
    (2012, 10, 30),
    (2018, 12, 5),
    (2025, 1, 9),
];

/// A civil (proleptic Gregorian) date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1-12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl Date {
    /// The date, if it exists.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse(s: &str) -> Option<Date> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        Date::new(
            digits(&b[0..4])? as i32,
            digits(&b[5..7])?,
            digits(&b[8..10])?,
        )
    }

    /// Days since 1970-01-01 (negative before).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = self.year as i64 - if self.month <= 2 { 1 } else { 0 };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = self.month as i64;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146097 + doe - 719468
    }

    /// The date `days` after 1970-01-01.
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719468;
        let era = z.div_euclid(146097);
        let doe = z - era * 146097;
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + if month <= 2 { 1 } else { 0 }) as i32;
        Date { year, month, day }
    }

    /// The date `n` days later (earlier when `n` is negative).
    pub fn add_days(self, n: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + n)
    }

    /// 0 = Monday .. 6 = Sunday.
    pub fn weekday(self) -> u32 {
        // 1970-01-01 was a Thursday (3).
        (self.days_since_epoch() + 3).rem_euclid(7) as u32
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn digits(b: &[u8]) -> Option<u32> {
    let mut v = 0u32;
    for &c in b {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (c - b'0') as u32;
    }
    Some(v)
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

/// An instant, as microseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub i64);

const MICROS_PER_SEC: i64 = 1_000_000;

impl Instant {
    /// RFC 3339 in UTC, `YYYY-MM-DDTHH:MM:SSZ`, with microseconds only when it has any
    /// (`2026-10-21T13:00:19.500000Z`).
    pub fn to_rfc3339(self) -> String {
        let secs = self.0.div_euclid(MICROS_PER_SEC).rem_euclid(86400);
        let micros = self.0.rem_euclid(MICROS_PER_SEC);
        let hms = format!(
            "{}T{:02}:{:02}:{:02}",
            self.utc_date(),
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        );
        if micros == 0 {
            hms + "Z"
        } else {
            format!("{hms}.{micros:06}Z")
        }
    }

    /// The instant of a UTC date and time of day.
    pub fn from_utc(date: Date, hour: u32, minute: u32, second: u32) -> Instant {
        let secs = date.days_since_epoch() * 86400 + (hour * 3600 + minute * 60 + second) as i64;
        Instant(secs * MICROS_PER_SEC)
    }

    /// Parses an RFC 3339 time: `YYYY-MM-DDTHH:MM:SS`, optional fraction (up to 9 digits,
    /// kept to the microsecond), then `Z` or `±HH:MM`. A space may stand for `T`.
    pub fn parse_rfc3339(s: &str) -> Option<Instant> {
        let b = s.as_bytes();
        if b.len() < 20 || !(b[10] == b'T' || b[10] == b't' || b[10] == b' ') {
            return None;
        }
        let date = Date::parse(&s[..10])?;
        if b[13] != b':' || b[16] != b':' {
            return None;
        }
        let (h, mi, se) = (
            digits(&b[11..13])?,
            digits(&b[14..16])?,
            digits(&b[17..19])?,
        );
        if h > 23 || mi > 59 || se > 59 {
            return None;
        }
        let mut i = 19;
        let mut micros = 0i64;
        if b[i] == b'.' {
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let frac = &b[start..i];
            if frac.is_empty() || frac.len() > 9 {
                return None;
            }
            for k in 0..6 {
                micros = micros * 10 + frac.get(k).map_or(0, |c| (c - b'0') as i64);
            }
        }
        let offset_secs: i64 = match &b[i..] {
            b"Z" | b"z" => 0,
            [sign @ (b'+' | b'-'), hh @ ..] if hh.len() == 5 && hh[2] == b':' => {
                let (oh, om) = (digits(&hh[0..2])?, digits(&hh[3..5])?);
                if oh > 23 || om > 59 {
                    return None;
                }
                let o = (oh * 3600 + om * 60) as i64;
                if *sign == b'-' {
                    -o
                } else {
                    o
                }
            }
            _ => return None,
        };
        let base = Instant::from_utc(date, h, mi, se);
        Some(Instant(base.0 + micros - offset_secs * MICROS_PER_SEC))
    }

    /// The UTC date of this instant.
    pub fn utc_date(self) -> Date {
        Date::from_days_since_epoch(self.0.div_euclid(86400 * MICROS_PER_SEC))
    }

    /// The New York civil date and seconds after midnight of this instant.
    pub fn new_york(self) -> (Date, u32) {
        let local = self.0 + new_york_offset_secs(self) * MICROS_PER_SEC;
        let day = local.div_euclid(86400 * MICROS_PER_SEC);
        let secs = (local.rem_euclid(86400 * MICROS_PER_SEC) / MICROS_PER_SEC) as u32;
        (Date::from_days_since_epoch(day), secs)
    }
}

/// The `n`-th `weekday` (0 = Monday) of a month, `n` counted from 1.
fn nth_weekday(year: i32, month: u32, weekday: u32, n: u32) -> Date {
    let first = Date {
        year,
        month,
        day: 1,
    };
    let delta = (weekday + 7 - first.weekday()) % 7;
    first.add_days((delta + 7 * (n - 1)) as i64)
}

fn last_weekday(year: i32, month: u32, weekday: u32) -> Date {
    let last = Date {
        year,
        month,
        day: days_in_month(year, month),
    };
    let delta = (last.weekday() + 7 - weekday) % 7;
    last.add_days(-(delta as i64))
}

/// UTC offset of New York at `t`, in seconds (-4 h in daylight time, -5 h otherwise).
/// US rule since 2007: daylight time from the second Sunday of March, 02:00 EST (07:00 UTC),
/// to the first Sunday of November, 02:00 EDT (06:00 UTC).
pub fn new_york_offset_secs(t: Instant) -> i64 {
    let year = t.utc_date().year;
    // 02:00 EST is 07:00Z; 02:00 EDT is 06:00Z.
    let (start, end) = if year >= 2007 {
        (nth_weekday(year, 3, 6, 2), nth_weekday(year, 11, 6, 1))
    } else {
        (nth_weekday(year, 4, 6, 1), last_weekday(year, 10, 6))
    };
    let (start, end) = (
        Instant::from_utc(start, 7, 0, 0),
        Instant::from_utc(end, 6, 0, 0),
    );
    if t >= start && t < end {
        -4 * 3600
    } else {
        -5 * 3600
    }
}

/// The instant of New York wall-clock time `hour:minute` on `date` (for times away from the
/// 01:00-03:00 changeover hours, which have no ambiguity).
pub fn new_york_time(date: Date, hour: u32, minute: u32) -> Instant {
    let as_if_utc = Instant::from_utc(date, hour, minute, 0);
    // Try standard time, then daylight time; the offset that maps back to itself is right.
    for off in [-5 * 3600i64, -4 * 3600] {
        let t = Instant(as_if_utc.0 - off * MICROS_PER_SEC);
        if new_york_offset_secs(t) == off {
            return t;
        }
    }
    Instant(as_if_utc.0 + 5 * 3600 * MICROS_PER_SEC)
}

/// Easter Sunday (anonymous Gregorian algorithm).
fn easter(year: i32) -> Date {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date {
        year,
        month: month as u32,
        day: day as u32,
    }
}

/// A fixed-date holiday moved as NYSE Rule 7.2 moves it: Saturday to the Friday before,
/// Sunday to the Monday after.
fn observed(d: Date) -> Date {
    match d.weekday() {
        5 => d.add_days(-1),
        6 => d.add_days(1),
        _ => d,
    }
}

/// The NYSE full-day holidays of `year` (None before [`FIRST_YEAR`]).
pub fn nyse_holidays(year: i32) -> Option<Vec<Date>> {
    if year < FIRST_YEAR {
        return None;
    }
    let mut h = Vec::with_capacity(11);
    // New Year's Day: a Saturday New Year is not moved to the Friday before (Rule 7.2).
    let ny = Date {
        year,
        month: 1,
        day: 1,
    };
    if ny.weekday() != 5 {
        h.push(observed(ny));
    }
    h.push(nth_weekday(year, 1, 0, 3)); // Martin Luther King Jr. Day
    h.push(nth_weekday(year, 2, 0, 3)); // Washington's Birthday
    h.push(easter(year).add_days(-2)); // Good Friday
    h.push(last_weekday(year, 5, 0)); // Memorial Day
    if year >= 2022 {
        h.push(observed(Date {
            year,
            month: 6,
            day: 19,
        })); // Juneteenth (NYSE since 2022)
    }
    h.push(observed(Date {
        year,
        month: 7,
        day: 4,
    })); // Independence Day
    h.push(nth_weekday(year, 9, 0, 1)); // Labor Day
    h.push(nth_weekday(year, 11, 3, 4)); // Thanksgiving
    h.push(observed(Date {
        year,
        month: 12,
        day: 25,
    })); // Christmas
    h.extend(
        SPECIAL_CLOSURES
            .iter()
            .filter(|(y, ..)| *y == year)
            .map(|&(year, month, day)| Date { year, month, day }),
    );
    h.sort();
    Some(h)
}

/// Whether the NYSE is open on `date` (None before [`FIRST_YEAR`]).
pub fn is_session(date: Date) -> Option<bool> {
    let holidays = nyse_holidays(date.year)?;
    Some(date.weekday() < 5 && !holidays.contains(&date))
}

/// [`is_session`] with each year's holidays computed once, for walks over many days.
struct SessionWalker {
    year: i32,
    holidays: Vec<Date>,
}

impl SessionWalker {
    fn new() -> Self {
        SessionWalker {
            year: i32::MIN,
            holidays: Vec::new(),
        }
    }

    fn is_session(&mut self, d: Date) -> Option<bool> {
        if d.year != self.year {
            self.holidays = nyse_holidays(d.year)?;
            self.year = d.year;
        }
        Some(d.weekday() < 5 && !self.holidays.contains(&d))
    }
}

/// Session 1 of the paper's season (§8.1, 2026-10-19). A league numbers its sessions from its
/// own declaration (`first_session` of the ask chain's schedule line, §3.4); this is the
/// numbering only where no declaration exists: a forecasts file scored on its own, without
/// its league's `asks.jsonl`.
pub const SESSION_ONE: Date = Date {
    year: 2026,
    month: 10,
    day: 19,
};

/// The paper's session number of `date` (1 = [`SESSION_ONE`], 2026-10-19), if `date` is a
/// session on or after it: [`session_number_in`] of the paper's season.
pub fn session_number(date: Date) -> Option<u32> {
    session_number_in(SESSION_ONE, date)
}

/// The session number of `date` in the season whose session 1 is the first session on or
/// after `one` (a league's declared first session), if `date` is a session on or after it.
pub fn session_number_in(one: Date, date: Date) -> Option<u32> {
    let mut walker = SessionWalker::new();
    if date < one || !walker.is_session(date)? {
        return None;
    }
    let mut n = 0u32;
    let mut d = one;
    while d <= date {
        if walker.is_session(d)? {
            n += 1;
        }
        d = d.add_days(1);
    }
    Some(n)
}

/// The date of session `n` (1-based).
pub fn session_date(n: u32) -> Option<Date> {
    if n == 0 {
        return None;
    }
    nth_session_from(SESSION_ONE, n - 1)
}

/// The session `k` sessions after session `start` (k = 0 is `start` itself).
pub fn nth_session_from(start: Date, k: u32) -> Option<Date> {
    let mut walker = SessionWalker::new();
    if !walker.is_session(start)? {
        return None;
    }
    let mut d = start;
    let mut left = k;
    while left > 0 {
        d = d.add_days(1);
        if walker.is_session(d)? {
            left -= 1;
        }
    }
    Some(d)
}

/// The session a forecast sealed at `t` is for: the New York date of `t` if it is a session
/// and `t` is before that day's 16:00 close, else the next session.
pub fn session_for(t: Instant) -> Option<Date> {
    let (d, secs) = t.new_york();
    if is_session(d)? && secs < 16 * 3600 {
        return Some(d);
    }
    let mut n = d.add_days(1);
    while !is_session(n)? {
        n = n.add_days(1);
    }
    Some(n)
}

/// The common reference cut of a session: 09:30 New York time (§3.3).
pub fn reference_cut(session: Date) -> Instant {
    new_york_time(session, 9, 30)
}

/// The close of a session, 16:00 New York time (the 10-year yield's event ends 15:00, §4.3).
pub fn session_close(session: Date) -> Instant {
    new_york_time(session, 16, 0)
}

/// When a line was sealed in the book: `max(at, booked_at)` (Appendix C; `booked_at` is
/// absent on lines booked as they were written).
pub fn sealing_time(at: Instant, booked_at: Option<Instant>) -> Instant {
    booked_at.map_or(at, |b| b.max(at))
}

/// Whether a line sealed at `max(at, booked_at)` entered before the session's 09:30 ET
/// reference, the rule for the common-event statistics (§3.3, §5.1; Bitcoin included).
pub fn sealed_before_reference(at: Instant, booked_at: Option<Instant>, session: Date) -> bool {
    sealing_time(at, booked_at) < reference_cut(session)
}

/// The four scored horizons (§3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Horizon {
    /// One day (`1d`): the session's close.
    D1,
    /// One week (`1w`): 5 sessions (7 days for Bitcoin).
    W1,
    /// One month (`1m`): 21 sessions (30 days for Bitcoin).
    M1,
    /// Six months (`6m`): 126 sessions (182 days for Bitcoin).
    M6,
}

impl Horizon {
    /// Every horizon, shortest first.
    pub const ALL: [Horizon; 4] = [Horizon::D1, Horizon::W1, Horizon::M1, Horizon::M6];

    /// The horizon a published name (`1d`, `1w`, `1m`, `6m`) names.
    pub fn parse(s: &str) -> Option<Horizon> {
        match s {
            "1d" => Some(Horizon::D1),
            "1w" => Some(Horizon::W1),
            "1m" => Some(Horizon::M1),
            "6m" => Some(Horizon::M6),
            _ => None,
        }
    }

    /// The horizon's published name.
    pub fn as_str(self) -> &'static str {
        match self {
            Horizon::D1 => "1d",
            Horizon::W1 => "1w",
            Horizon::M1 => "1m",
            Horizon::M6 => "6m",
        }
    }

    /// Trading sessions spanned by the window of a session-traded market: 1, 5, 21, 126.
    pub fn sessions(self) -> u32 {
        match self {
            Horizon::D1 => 1,
            Horizon::W1 => 5,
            Horizon::M1 => 21,
            Horizon::M6 => 126,
        }
    }

    /// Calendar days of Bitcoin's window beyond the scoring session: 0, 7, 30, 182.
    pub fn bitcoin_days(self) -> u32 {
        match self {
            Horizon::D1 => 0,
            Horizon::W1 => 7,
            Horizon::M1 => 30,
            Horizon::M6 => 182,
        }
    }
}

impl fmt::Display for Horizon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The New York date on which an event from `session` over `horizon` ends (its 16:00 ET
/// close; the contract's `end_at` is authoritative, this derives it).
///
/// Session-traded markets: 1d is the reference session itself (09:30 to 16:00); a longer
/// horizon of h sessions ends at the close of the h-th session after the reference session.
/// The spec fixes the counts (5, 21, 126) but not the end session; this reading follows its
/// one dated example (§4.10: the first week forecasts, from session 1 on 2026-10-19, resolve
/// on 2026-10-26, session 6) and matches Bitcoin's calendar-day windows (2026-10-19 + 7 days
/// = 2026-10-26). Bitcoin: the scoring session's date plus 0, 7, 30 or 182 calendar days
/// (§3.7, "from the sealing minute to the 16:00 ET close"). Which clock an asset follows is
/// the caller's (the contract's `rule`).
pub fn horizon_end_date(session: Date, horizon: Horizon, calendar_days: bool) -> Option<Date> {
    if calendar_days {
        is_session(session)?.then(|| session.add_days(horizon.bitcoin_days() as i64))
    } else {
        nth_session_from(
            session,
            if horizon == Horizon::D1 {
                0
            } else {
                horizon.sessions()
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn spec_session_numbers() {
        // §8.1: session 1 is 2026-10-19, the season's first session.
        for (n, s) in [
            (1, "2026-10-19"),
            (10, "2026-10-30"),
            (11, "2026-11-02"),
            (30, "2026-11-30"),
            (52, "2026-12-31"),
            (126, "2027-04-20"),
        ] {
            assert_eq!(session_date(n), Some(d(s)), "session {n}");
            assert_eq!(session_number(d(s)), Some(n), "{s}");
        }
        // Closed: Thanksgiving and Christmas 2026 (§8.1), a Saturday.
        for s in ["2026-11-26", "2026-12-25", "2026-10-24"] {
            assert_eq!(is_session(d(s)), Some(false), "{s}");
            assert_eq!(session_number(d(s)), None);
        }
        // Every year from 2000 on has its holidays; before, the calendar does not answer.
        assert_eq!(is_session(d("2028-01-03")), Some(true));
        assert_eq!(is_session(d("2030-12-25")), Some(false));
        assert_eq!(is_session(d("1999-12-31")), None);
    }

    #[test]
    fn nyse_published_holidays() {
        // NYSE's published holiday lists for 2026 and 2027.
        let want = |l: &[&str]| l.iter().map(|s| d(s)).collect::<Vec<_>>();
        assert_eq!(
            nyse_holidays(2026).unwrap(),
            want(&[
                "2026-01-01",
                "2026-01-19",
                "2026-02-16",
                "2026-04-03",
                "2026-05-25",
                "2026-06-19",
                "2026-07-03",
                "2026-09-07",
                "2026-11-26",
                "2026-12-25"
            ])
        );
        assert_eq!(
            nyse_holidays(2027).unwrap(),
            want(&[
                "2027-01-01",
                "2027-01-18",
                "2027-02-15",
                "2027-03-26",
                "2027-05-31",
                "2027-06-18",
                "2027-07-05",
                "2027-09-06",
                "2027-11-25",
                "2027-12-24"
            ])
        );
        // 2022: New Year's Day on a Saturday is not observed; Juneteenth on Monday 20 June.
        let h22 = nyse_holidays(2022).unwrap();
        assert!(
            !h22.contains(&d("2021-12-31"))
                && h22.contains(&d("2022-06-20"))
                && h22.contains(&d("2022-12-26"))
        );
        assert!(nyse_holidays(2025).unwrap().contains(&d("2025-01-09")));
    }

    #[test]
    fn new_york_clock() {
        // §3.1: the 2026-10-20 reference 09:30 EDT = 13:30:00Z.
        assert_eq!(
            reference_cut(d("2026-10-20")),
            Instant::parse_rfc3339("2026-10-20T13:30:00Z").unwrap()
        );
        // After the first Sunday of November 2026 (1 Nov), 09:30 EST = 14:30Z.
        assert_eq!(
            reference_cut(d("2026-11-02")),
            Instant::parse_rfc3339("2026-11-02T14:30:00Z").unwrap()
        );
        // 2027: DST from 14 March.
        assert_eq!(
            reference_cut(d("2027-03-12")),
            Instant::parse_rfc3339("2027-03-12T14:30:00Z").unwrap()
        );
        assert_eq!(
            reference_cut(d("2027-03-15")),
            Instant::parse_rfc3339("2027-03-15T13:30:00Z").unwrap()
        );
        // Changeover instants.
        let t = Instant::parse_rfc3339("2026-11-01T05:59:59Z").unwrap();
        assert_eq!(new_york_offset_secs(t), -4 * 3600);
        assert_eq!(new_york_offset_secs(Instant(t.0 + 1_000_000)), -5 * 3600);
        assert_eq!(
            Instant::parse_rfc3339("2026-10-20T09:00:25-04:00"),
            Instant::parse_rfc3339("2026-10-20T13:00:25Z")
        );
        assert_eq!(
            Instant::parse_rfc3339("2026-10-20T13:00:25.5Z").unwrap().0 % 1_000_000,
            500_000
        );
        for bad in [
            "2026-10-20",
            "2026-10-20T25:00:00Z",
            "2026-02-30T00:00:00Z",
            "2026-10-20T13:00:25",
            "2026-10-20T13:00:25+5",
        ] {
            assert_eq!(Instant::parse_rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn sealing_rule() {
        // §3.1: answers at 12:31-12:42Z, booked 13:00:25Z, before the 13:30Z reference.
        let at = Instant::parse_rfc3339("2026-10-20T12:31:11Z").unwrap();
        let booked = Instant::parse_rfc3339("2026-10-20T13:00:25Z").unwrap();
        assert_eq!(sealing_time(at, Some(booked)), booked);
        assert!(sealed_before_reference(at, Some(booked), d("2026-10-20")));
        // Meta AI sealed at 16:16:52Z: after the reference.
        let late = Instant::parse_rfc3339("2026-10-20T16:16:52Z").unwrap();
        assert!(!sealed_before_reference(late, None, d("2026-10-20")));
        assert_eq!(session_for(late), Some(d("2026-10-20")));
        assert_eq!(
            session_for(Instant::parse_rfc3339("2026-10-23T21:00:00Z").unwrap()),
            Some(d("2026-10-26"))
        );
    }

    #[test]
    fn horizons() {
        assert_eq!(Horizon::ALL.map(Horizon::sessions), [1, 5, 21, 126]);
        assert_eq!(Horizon::ALL.map(Horizon::bitcoin_days), [0, 7, 30, 182]);
        let s = d("2026-10-20");
        assert_eq!(horizon_end_date(s, Horizon::D1, false), Some(s));
        assert_eq!(
            horizon_end_date(s, Horizon::W1, false),
            Some(d("2026-10-27"))
        );
        assert_eq!(
            horizon_end_date(s, Horizon::W1, true),
            Some(d("2026-10-27"))
        );
        // §4.10: the first week forecasts (session 1) resolve on 2026-10-26.
        assert_eq!(
            horizon_end_date(d("2026-10-19"), Horizon::W1, false),
            Some(d("2026-10-26"))
        );
        assert_eq!(
            horizon_end_date(d("2026-10-19"), Horizon::M6, false),
            session_date(127)
        );
    }

    #[test]
    fn civil_round_trip() {
        for n in [-1000i64, -1, 0, 1, 20_000, 20_745, 100_000] {
            assert_eq!(Date::from_days_since_epoch(n).days_since_epoch(), n);
        }
        assert_eq!(d("2026-10-19").weekday(), 0);
        assert_eq!(easter(2026), d("2026-04-05"));
        assert_eq!(easter(2027), d("2027-03-28"));
    }
}
