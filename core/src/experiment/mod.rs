//! The reader experiment (spec §6, requirement 16 of §3.13): anonymous readers forecast the
//! session's 12 markets beside the council. Each reader is assigned once, at random, to the
//! group that sees the council's sealed answers at once or to the blind group that sees them
//! only after its first forecast of the session (§6.1); the first forecast per identifier,
//! market and session counts (§6.3); the revision protocol records a private call, shows the
//! council or a control display at random, then records the final call (§6.4).
//!
//! This module decides and computes; the server stores, keeps the clock and supplies the
//! random bytes. [`rules`] holds the request rules, [`request`] the validation of the API's
//! bodies, [`client`] which address a request counts against, [`council`] what the council's
//! sealed answers say, [`analysis`] the published figures (§6.2), [`wire`] the API's answers
//! and bodies as both the server and the page use them.

#![warn(missing_docs)]

pub mod analysis;
pub mod client;
pub mod council;
pub mod request;
pub mod rules;
pub mod wire;

use crate::calendar::{self, Date, Instant};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Confidence bounds, integer percent of the chosen side (§6.1).
pub const CONFIDENCE: (u8, u8) = (55, 95);

/// Length of a reader identifier: `r-` and 32 lowercase hex digits (128 random bits).
pub const READER_ID_LEN: usize = 34;

/// An anonymous reader identifier, `r-<32 lowercase hex>` (§6.1: no name, no account).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReaderId(String);

impl ReaderId {
    /// The identifier made from 16 random bytes.
    pub fn from_random(bytes: [u8; 16]) -> ReaderId {
        ReaderId(format!("r-{}", crate::hex::encode(&bytes)))
    }

    /// The identifier, if `s` is one.
    pub fn parse(s: &str) -> Option<ReaderId> {
        let b = s.as_bytes();
        let ok = b.len() == READER_ID_LEN
            && b.starts_with(b"r-")
            && b[2..]
                .iter()
                .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c));
        ok.then(|| ReaderId(s.to_owned()))
    }

    /// The identifier's text, `r-` and 32 lowercase hex digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ReaderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for ReaderId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ReaderId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ReaderId, D::Error> {
        let s = String::deserialize(d)?;
        ReaderId::parse(&s).ok_or_else(|| serde::de::Error::custom("malformed reader id"))
    }
}

/// A reader's group, assigned once and never changed (§6.1). In the published analysis the
/// seeing group is `g0` and the blind group `g1` ([`analysis::GROUP_LABEL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// Sees the council's sealed answers at once.
    Seeing,
    /// Sees them only after its first forecast of the session.
    Blind,
}

impl Group {
    /// The 1:1 assignment from one random byte (its low bit).
    pub fn from_random(byte: u8) -> Group {
        if byte & 1 == 0 {
            Group::Seeing
        } else {
            Group::Blind
        }
    }

    /// The stored and published spelling, `seeing` or `blind`.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Seeing => "seeing",
            Group::Blind => "blind",
        }
    }

    /// The group spelled `seeing` or `blind`; None for anything else.
    pub fn parse(s: &str) -> Option<Group> {
        match s {
            "seeing" => Some(Group::Seeing),
            "blind" => Some(Group::Blind),
            _ => None,
        }
    }
}

/// The forecast's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// The market closes above its reference price.
    Up,
    /// The market closes below it.
    Down,
}

impl Direction {
    /// The API's spelling, `up` or `down`.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
        }
    }

    /// The direction spelled `up` or `down`; None for anything else.
    pub fn parse(s: &str) -> Option<Direction> {
        match s {
            "up" => Some(Direction::Up),
            "down" => Some(Direction::Down),
            _ => None,
        }
    }

    /// The direction a probability of up (percent) points to; None at exactly 50.
    pub fn of_prob_up(p_pct: f64) -> Option<Direction> {
        if p_pct > 50.0 {
            Some(Direction::Up)
        } else if p_pct < 50.0 {
            Some(Direction::Down)
        } else {
            None
        }
    }
}

/// Which call of which protocol a forecast is (§6.4): `single` is the experiment's one call,
/// `private` and `final` the revision protocol's two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// The experiment's one call per market and session (§6.1).
    Single,
    /// The revision protocol's first call, recorded with the council hidden (§6.4).
    Private,
    /// The revision protocol's second call, after the council or control display (§6.4).
    Final,
}

impl Stage {
    /// The API's spelling, `single`, `private` or `final`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Single => "single",
            Stage::Private => "private",
            Stage::Final => "final",
        }
    }

    /// The stage spelled `single`, `private` or `final`; None for anything else.
    pub fn parse(s: &str) -> Option<Stage> {
        match s {
            "single" => Some(Stage::Single),
            "private" => Some(Stage::Private),
            "final" => Some(Stage::Final),
            _ => None,
        }
    }
}

/// The revision protocol's random arm (§6.4): the council's answers or the control display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arm {
    /// The council's sealed answers are shown.
    Council,
    /// The control display is shown instead.
    Control,
}

impl Arm {
    /// The 1:1 draw from one random byte (its low bit).
    pub fn from_random(byte: u8) -> Arm {
        if byte & 1 == 0 {
            Arm::Council
        } else {
            Arm::Control
        }
    }

    /// The stored spelling, `council` or `control`.
    pub fn as_str(self) -> &'static str {
        match self {
            Arm::Council => "council",
            Arm::Control => "control",
        }
    }

    /// The arm spelled `council` or `control`; None for anything else.
    pub fn parse(s: &str) -> Option<Arm> {
        match s {
            "council" => Some(Arm::Council),
            "control" => Some(Arm::Control),
            _ => None,
        }
    }
}

/// RFC 3339 (UTC, `Z`) for [`Instant`] fields of the stored records.
pub mod rfc3339 {
    use crate::calendar::Instant;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the instant as `YYYY-MM-DDTHH:MM:SSZ` (microseconds when not whole seconds).
    pub fn serialize<S: Serializer>(t: &Instant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&t.to_rfc3339())
    }

    /// Reads an RFC 3339 time; a clear error naming the text otherwise.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Instant, D::Error> {
        let s = String::deserialize(d)?;
        Instant::parse_rfc3339(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("{s:?} is not an RFC 3339 time")))
    }
}

/// `YYYY-MM-DD` for [`Date`] fields of the stored records.
pub mod session_date {
    use crate::calendar::Date;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the date as `YYYY-MM-DD`.
    pub fn serialize<S: Serializer>(d: &Date, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&d.to_string())
    }

    /// Reads a `YYYY-MM-DD` date; a clear error naming the text otherwise.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let s = String::deserialize(d)?;
        Date::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("{s:?} is not a date")))
    }
}

/// A reader as stored: its one assignment and when it was made. `reset` is set when the page
/// said it had an identifier before and lost it, or when the hashed address that asked had
/// already been given one that day (§6.3: a reset identifier is a new reader, and counted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reader {
    /// The reader's anonymous identifier.
    pub reader: ReaderId,
    /// The group assigned at creation, never changed (§6.1).
    pub group: Group,
    /// When the identifier was created.
    #[serde(with = "rfc3339")]
    pub created_at: Instant,
    /// Whether this identifier replaces a lost one (§6.3: counted, and the reset share reported).
    pub reset: bool,
}

/// A stored forecast (§6.1, §6.4). `first` is decided on receipt by [`rules::accept`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forecast {
    /// The reader who sent it.
    pub reader: ReaderId,
    /// The NYSE session the forecast is for.
    #[serde(with = "session_date")]
    pub session: Date,
    /// Market code of Table 1 (`SPX`, ... `BTC`).
    pub market: String,
    /// The side chosen.
    pub direction: Direction,
    /// Confidence in the chosen side, integer percent in [`CONFIDENCE`] (55-95).
    pub confidence: u8,
    /// Which call of which protocol this is.
    pub stage: Stage,
    /// When the server received it.
    #[serde(with = "rfc3339")]
    pub at: Instant,
    /// Whether it is the reader's first forecast of this market and session, the one compared
    /// (§6.3).
    pub first: bool,
    /// The revision protocol's arm (`private` and `final` calls); None for `single`.
    pub arm: Option<Arm>,
}

impl Forecast {
    /// The forecast as a probability of up, percent: the confidence of the chosen side
    /// (§6.2: confidence c reads as probability c/100 of that side).
    pub fn prob_up_pct(&self) -> f64 {
        match self.direction {
            Direction::Up => self.confidence as f64,
            Direction::Down => 100.0 - self.confidence as f64,
        }
    }
}

/// A blind reader's request for the council before its first forecast of the session: a peek,
/// recorded once per reader and session and analysed as assigned (§6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Peek {
    /// The blind reader who asked.
    pub reader: ReaderId,
    /// The session it asked in.
    #[serde(with = "session_date")]
    pub session: Date,
    /// When it asked.
    #[serde(with = "rfc3339")]
    pub at: Instant,
}

/// A reader's first view of a session's page, recorded once per reader and session: the start
/// of the time to first forecast and of the return rate (§6.2, §6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visit {
    /// The reader.
    pub reader: ReaderId,
    /// The session viewed.
    #[serde(with = "session_date")]
    pub session: Date,
    /// When the page was first viewed.
    #[serde(with = "rfc3339")]
    pub at: Instant,
}

/// The session open to forecasts and when it closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenSession {
    /// The NYSE session date forecasts are taken for.
    pub session: Date,
    /// The session's reference time, 09:30 ET (§6.3: reader forecasts close at it).
    pub closes_at: Instant,
}

/// Days searched for the next session: longer than any NYSE closure in the calendar.
const SESSION_SEARCH_DAYS: i64 = 10;

/// The open session at `now`: the next NYSE session whose reference time is after `now`;
/// None outside the calendar's years.
pub fn open_session(now: Instant) -> Option<OpenSession> {
    let (today, _) = now.new_york();
    (0..SESSION_SEARCH_DAYS).find_map(|k| {
        let d = today.add_days(k);
        let closes_at = calendar::reference_cut(d);
        (calendar::is_session(d)? && closes_at > now).then_some(OpenSession {
            session: d,
            closes_at,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_ids() {
        let r = ReaderId::from_random([0xab; 16]);
        assert_eq!(r.as_str(), format!("r-{}", "ab".repeat(16)));
        assert_eq!(ReaderId::parse(r.as_str()), Some(r));
        for bad in [
            "",
            "r-",
            "r-ABABABABABABABABABABABABABABABAB",
            "x-abababababababababababababababab",
        ] {
            assert_eq!(ReaderId::parse(bad), None, "{bad}");
        }
        assert_eq!(ReaderId::parse(&format!("r-{}", "a".repeat(31))), None);
        assert_eq!(ReaderId::parse(&format!("r-{}", "g".repeat(32))), None);
    }

    #[test]
    fn open_session_is_the_next_reference_after_now() {
        let d = |s| Date::parse(s).unwrap();
        // Thursday 2026-12-03: before 09:30 ET (14:30Z) it is that day's session.
        let t = Instant::parse_rfc3339("2026-12-03T14:29:59Z").unwrap();
        let o = open_session(t).unwrap();
        assert_eq!(o.session, d("2026-12-03"));
        assert_eq!(o.closes_at.to_rfc3339(), "2026-12-03T14:30:00Z");
        // At the reference time it is closed: the next session.
        let t = Instant::parse_rfc3339("2026-12-03T14:30:00Z").unwrap();
        assert_eq!(open_session(t).unwrap().session, d("2026-12-04"));
        // Friday after the open: Monday.
        let t = Instant::parse_rfc3339("2026-12-04T20:00:00Z").unwrap();
        assert_eq!(open_session(t).unwrap().session, d("2026-12-07"));
        // Christmas Eve afternoon: the 25th is a holiday, the 26th a Saturday.
        let t = Instant::parse_rfc3339("2026-12-24T18:00:00Z").unwrap();
        assert_eq!(open_session(t).unwrap().session, d("2026-12-28"));
        assert_eq!(
            open_session(Instant::parse_rfc3339("1999-06-01T00:00:00Z").unwrap()),
            None
        );
    }

    #[test]
    fn draws_are_one_to_one() {
        assert_eq!(Group::from_random(0), Group::Seeing);
        assert_eq!(Group::from_random(1), Group::Blind);
        assert_eq!(Arm::from_random(2), Arm::Council);
        assert_eq!(Arm::from_random(3), Arm::Control);
        let blind = (0..=255u8)
            .filter(|b| Group::from_random(*b) == Group::Blind)
            .count();
        assert_eq!(blind, 128);
    }
}
