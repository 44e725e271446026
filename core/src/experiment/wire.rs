//! The experiment API's wire (spec §6.1-§6.4; the contract in the README's reader experiment
//! section): the answers of `POST /api/experiment/reader`, `GET /api/experiment/session`,
//! `POST /api/experiment/peek` and `POST /api/experiment/forecast`, the error document, and
//! the bodies the page sends. The server writes these types and the page reads them, so a
//! field renamed here changes both sides at once.
//!
//! The server sends each answer through `serde_json::Value`, whose object keys are sorted; the
//! page ignores unknown fields, so the server may add some without breaking it.

use super::council::{Council, CouncilAnswer, MarketConsensus};
use super::{Direction, Forecast, Group, Stage};
use crate::neff::panel::NeffReading;
use crate::score::brier::brier;
use serde::{Deserialize, Serialize};
use std::fmt;

/// `POST /api/experiment/reader`'s answer: a new anonymous identifier and its one group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewReader {
    /// The new identifier, `r-` and 32 lowercase hex digits; the page keeps it.
    pub reader: String,
    /// The group it was assigned to, once and for good (§6.1).
    pub group: Group,
    /// Whether the server runs the DEMO league (the page says so).
    #[serde(default)]
    pub demo: bool,
}

/// One of the session's 12 markets (Table 2) and the reader's latest call on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarketRow {
    /// Market code of Table 1 (`SPX`, ... `BTC`).
    pub market: String,
    /// The market's display name (e.g. `S&P 500`).
    pub name: String,
    /// The reader's stored forecast for this market, the latest call.
    #[serde(default)]
    pub forecast: Option<Forecast>,
}

/// Why the council is withheld from a blind reader (spec §6.1).
pub const HIDDEN_BEFORE_FIRST_FORECAST: &str = "before_first_forecast";

/// `GET /api/experiment/session`'s answer: the open session as this reader may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionView {
    /// The session's date, `YYYY-MM-DD`.
    pub session: String,
    /// The reference time (09:30 ET) at which forecasts close, RFC 3339 UTC.
    pub closes_at: String,
    /// Whether the server runs the DEMO league.
    #[serde(default)]
    pub demo: bool,
    /// The reader's identifier, as asked with.
    pub reader: String,
    /// The reader's group.
    pub group: Group,
    /// The session's 12 markets, in Table 2's order, each with the reader's latest call.
    pub markets: Vec<MarketRow>,
    /// The council's sealed answers; None while the reader may not see them, or when no run is
    /// sealed for the session.
    #[serde(default)]
    pub council: Option<Council>,
    /// Why `council` is withheld ([`HIDDEN_BEFORE_FIRST_FORECAST`]), if it is.
    #[serde(default)]
    pub council_hidden: Option<String>,
    /// Whether this blind reader has peeked at the council this session (§6.2).
    #[serde(default)]
    pub peeked: bool,
    /// The reader's most recent scored session beside the council ([`score_session`]).
    #[serde(default)]
    pub scored: Option<Scored>,
    /// The server's clock when it answered, RFC 3339 UTC: the page counts down to
    /// `closes_at` on this clock, not the device's (a reader's device may be off, and a DEMO
    /// or a replay is served at a set clock).
    #[serde(default)]
    pub server_time: Option<String>,
}

/// A Brier score and hit rate over `n` scored forecasts (spec §6.2: the Brier of the
/// probability of up, lower is better; a hit is a call on the side the market closed).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// Mean Brier score, `(p - o)^2` with p the probability of up in 0-1 (§4.2); lower is better.
    pub brier: f64,
    /// Fraction of calls on the side the market closed.
    pub hit_rate: f64,
    /// Scored forecasts the figures are taken over.
    pub n: u32,
}

/// One seat's score on the reader's markets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatScore {
    /// The seat's roster name.
    pub seat: String,
    /// Its Brier and hit rate over the reader's markets.
    #[serde(flatten)]
    pub score: Score,
}

/// The reader's own score after a session is scored, beside the council's on the same markets
/// (spec §6.1: "after the session is scored the reader sees their own Brier and hit rate
/// beside the council's").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    /// The scored session, `YYYY-MM-DD`.
    #[serde(default)]
    pub session: String,
    /// The run whose 1d score line scored it.
    #[serde(default)]
    pub run_id: String,
    /// The reader's first forecasts of the session (§6.3: the first call counts).
    pub reader: Score,
    /// The council's published consensus on the same markets (§4.5).
    pub council: Score,
    /// Each seat's sealed 1d answer on the same markets, where it answered them.
    #[serde(default)]
    pub seats: Vec<SeatScore>,
}

fn score_of(calls: impl IntoIterator<Item = (f64, bool)>) -> Option<Score> {
    let (mut sum, mut hits, mut n) = (0.0, 0u32, 0u32);
    for (p_pct, up) in calls {
        sum += brier(p_pct, up);
        let dir = Direction::of_prob_up(p_pct);
        hits += u32::from(dir == Some(if up { Direction::Up } else { Direction::Down }));
        n += 1;
    }
    (n > 0).then(|| Score {
        brier: sum / n as f64,
        hit_rate: hits as f64 / n as f64,
        n,
    })
}

/// The reader's score on `session` beside the council's (spec §6.1, §6.2): the reader's first
/// forecasts (`first`) of the session on markets the 1d score line resolved (`outcomes`,
/// strictly up), and on exactly those markets the consensus and each seat of `council`
/// (a probability of exactly 50% is no hit). None when no first forecast is resolved or the
/// council has no consensus on any of those markets.
pub fn score_session(
    session: &str,
    forecasts: &[Forecast],
    council: &Council,
    outcomes: &std::collections::BTreeMap<String, bool>,
) -> Option<Scored> {
    let mine: Vec<(&Forecast, bool)> = forecasts
        .iter()
        .filter(|f| f.first)
        .filter_map(|f| outcomes.get(&f.market).map(|up| (f, *up)))
        .filter(|(f, _)| council.consensus.contains_key(&f.market))
        .collect();
    let reader = score_of(mine.iter().map(|(f, up)| (f.prob_up_pct(), *up)))?;
    let consensus = score_of(
        mine.iter()
            .map(|(f, up)| (council.consensus[&f.market].prob_up * 100.0, *up)),
    )?;
    let mut seats: Vec<&str> = council.answers.iter().map(|a| a.seat.as_str()).collect();
    seats.sort_unstable();
    seats.dedup();
    let seats = seats
        .into_iter()
        .filter_map(|seat| {
            let calls = mine.iter().filter_map(|(f, up)| {
                let a: &CouncilAnswer = council
                    .answers
                    .iter()
                    .find(|a| a.seat == seat && a.market == f.market)?;
                Some((a.prob_up * 100.0, *up))
            });
            score_of(calls).map(|score| SeatScore {
                seat: seat.to_owned(),
                score,
            })
        })
        .collect();
    Some(Scored {
        session: session.to_owned(),
        run_id: council.run_id.clone(),
        reader,
        council: consensus,
        seats,
    })
}

/// The control display's facts: the market's row of the run's sealed price snapshot (spec
/// §6.4), numbers as sealed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Market code of Table 1.
    pub market: String,
    /// Last price as sealed in the snapshot, in the asset's quote currency.
    #[serde(default)]
    pub price: Option<serde_json::Number>,
    /// Percent change from the previous close, as sealed.
    #[serde(default)]
    pub change_pct: Option<serde_json::Number>,
    /// Lowest price of the last 52 weeks, as sealed.
    #[serde(default)]
    pub low_52w: Option<serde_json::Number>,
    /// Highest price of the last 52 weeks, as sealed.
    #[serde(default)]
    pub high_52w: Option<serde_json::Number>,
    /// When the provider's price was read for this market (RFC 3339), as sealed.
    #[serde(default)]
    pub read_at: Option<String>,
    /// When the snapshot as a whole was taken (RFC 3339), as sealed.
    #[serde(default)]
    pub taken_at: Option<String>,
}

/// What the revision protocol shows between the private and the final call (spec §6.4),
/// tagged by its arm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "arm", rename_all = "lowercase")]
pub enum Display {
    /// The council's consensus and answers for the market (None when no run is sealed).
    Council {
        /// Market code of Table 1.
        market: String,
        /// The consensus on the market.
        #[serde(default)]
        consensus: Option<MarketConsensus>,
        /// Each seat's sealed 1d answer on the market.
        #[serde(default)]
        answers: Option<Vec<CouncilAnswer>>,
        /// The run's N_eff reading the consensus comes with (Requirement 14).
        #[serde(default)]
        independence: Option<NeffReading>,
    },
    /// The market's row of the sealed snapshot (None when none is on file).
    Control {
        /// Market code of Table 1.
        market: String,
        /// The market's row of the sealed price snapshot.
        #[serde(default)]
        snapshot: Option<Snapshot>,
    },
}

/// `POST /api/experiment/forecast`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accepted {
    /// The forecast as stored, with `first` and the arm decided on receipt.
    pub forecast: Forecast,
    /// The revision protocol's display after a private call.
    #[serde(default)]
    pub display: Option<Display>,
}

/// `POST /api/experiment/peek`'s answer: `peeked` when a blind reader's peek was recorded
/// (then no council), else the council.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeekReply {
    /// Whether the peek was recorded (a blind reader before its first forecast).
    #[serde(default)]
    pub peeked: bool,
    /// The council's sealed answers, when the reader may see them.
    #[serde(default)]
    pub council: Option<Council>,
}

/// The API's error document, `{"error": {"code", "field", "message"}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorDoc {
    /// The refusal.
    pub error: ErrorBody,
}

/// The error document's body: a stable code, the field at fault and what is wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Stable machine-readable code, e.g. `bad_confidence`.
    pub code: String,
    /// The body field or header the refusal concerns; None for the request as a whole.
    #[serde(default)]
    pub field: Option<String>,
    /// The English sentence ([`ApiMsg`]'s `Display`).
    pub message: String,
    /// What is wrong, as an id with its arguments; absent from a document that is not the
    /// API's own (then `message` is all there is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub msg: Option<ApiMsg>,
}

/// What is wrong with a request (spec §6.1, §6.3), as the error document's `msg` carries it to
/// the page, which words it in the reader's language; the English is the document's `message`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum ApiMsg {
    /// The body has `bytes` bytes or more, over the `max` read.
    BodyTooLarge {
        /// Bytes received (at least).
        bytes: u64,
        /// The most read.
        max: u64,
    },
    /// The body is not JSON: `detail` is the JSON parser's own words.
    NotJson {
        /// The JSON parser's message.
        detail: String,
    },
    /// The body is JSON but not an object.
    NotObject,
    /// The body has the key `key`; the request's keys are `allowed`.
    UnknownField {
        /// The key not allowed.
        key: String,
        /// The keys the request takes.
        allowed: Vec<String>,
    },
    /// `reader` is missing or not a string.
    ReaderMissing,
    /// `reader` is not `r-` and 32 lowercase hex digits.
    ReaderMalformed,
    /// No reader has the identifier.
    UnknownReader,
    /// `session` is missing or not a string.
    SessionMissing,
    /// `session` (as sent) is not the open session `open`.
    NotOpenSession {
        /// The session as sent.
        session: String,
        /// The open session, `YYYY-MM-DD`.
        open: String,
    },
    /// The session closed at its reference time `at` (RFC 3339).
    SessionClosed {
        /// The session's reference time, RFC 3339 UTC.
        at: String,
    },
    /// `reset` is not a boolean.
    ResetNotBool,
    /// The market is none of `markets`.
    UnknownMarket {
        /// The league's market codes.
        markets: Vec<String>,
    },
    /// `direction` is not `up` or `down`.
    BadDirection,
    /// The confidence is not an integer percent from `min` to `max`.
    BadConfidence {
        /// Lowest confidence accepted, percent.
        min: u8,
        /// Highest confidence accepted, percent.
        max: u8,
    },
    /// `stage` is not `single`, `private` or `final`.
    BadStage,
    /// A final forecast came before its private one.
    FinalWithoutPrivate,
    /// Too many requests from the address; retry in `seconds`.
    RateLimited {
        /// Seconds to wait before retrying.
        seconds: u64,
    },
    /// The reader already has `max` forecasts for the market in the session, the most kept.
    TooManyForecasts {
        /// The most forecasts kept per reader, market and session.
        max: u32,
    },
    /// The league has no open session.
    NoSession,
    /// The forecast store failed; nothing was recorded.
    StorageFailed,
    /// The path is no endpoint of the API.
    NotFound,
}

impl fmt::Display for ApiMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiMsg::BodyTooLarge { bytes, max } => write!(
                f,
                "the request body has {bytes} bytes or more; at most {max} are read"
            ),
            ApiMsg::NotJson { detail } => write!(f, "the body is not JSON: {detail}"),
            ApiMsg::NotObject => f.write_str("the body must be a JSON object"),
            ApiMsg::UnknownField { key, allowed } => write!(
                f,
                "unknown field {key:?}; the fields are {}",
                allowed.join(", ")
            ),
            ApiMsg::ReaderMissing => f.write_str("reader is missing"),
            ApiMsg::ReaderMalformed => {
                f.write_str("reader must be \"r-\" and 32 lowercase hexadecimal digits")
            }
            ApiMsg::UnknownReader => {
                f.write_str("no reader has this identifier; ask for a new one")
            }
            ApiMsg::SessionMissing => f.write_str("session is missing"),
            ApiMsg::NotOpenSession { session, open } => {
                write!(f, "session {session:?} is not the open session, {open}")
            }
            ApiMsg::SessionClosed { at } => write!(
                f,
                "forecasts for this session closed at its reference time, {at}"
            ),
            ApiMsg::ResetNotBool => f.write_str("reset must be true or false"),
            ApiMsg::UnknownMarket { markets } => {
                write!(f, "market must be one of {}", markets.join(" "))
            }
            ApiMsg::BadDirection => f.write_str("direction must be \"up\" or \"down\""),
            ApiMsg::BadConfidence { min, max } => write!(
                f,
                "confidence must be an integer percent from {min} to {max}"
            ),
            ApiMsg::BadStage => f.write_str("stage must be \"single\", \"private\" or \"final\""),
            ApiMsg::FinalWithoutPrivate => f.write_str(
                "a final forecast needs a private forecast for the same market and session first",
            ),
            ApiMsg::RateLimited { seconds } => write!(
                f,
                "too many requests from this address; retry in {seconds} s"
            ),
            ApiMsg::TooManyForecasts { max } => write!(
                f,
                "this reader already has {max} forecasts for this market in this session, the most kept; the first one counts"
            ),
            ApiMsg::NoSession => f.write_str("the league has no open session"),
            ApiMsg::StorageFailed => f.write_str("the forecast store failed; nothing was recorded"),
            ApiMsg::NotFound => f.write_str("no such experiment endpoint"),
        }
    }
}

/// `POST /api/experiment/reader`'s body: `{}`, or `{"reset": true}` when the page held an
/// identifier before and lost it (the reset share, spec §6.3).
pub fn reader_body(reset: bool) -> String {
    if reset {
        r#"{"reset": true}"#.into()
    } else {
        "{}".into()
    }
}

/// `POST /api/experiment/peek`'s body.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeekBody<'a> {
    /// The reader's identifier.
    pub reader: &'a str,
    /// The open session, `YYYY-MM-DD`.
    pub session: &'a str,
}

/// `POST /api/experiment/forecast`'s body: one call for one market.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ForecastBody<'a> {
    /// The reader's identifier.
    pub reader: &'a str,
    /// The open session, `YYYY-MM-DD`.
    pub session: &'a str,
    /// Market code of Table 1.
    pub market: &'a str,
    /// The side chosen.
    pub direction: Direction,
    /// Confidence in the chosen side, integer percent (55-95).
    pub confidence: u8,
    /// Which call of which protocol (§6.4).
    pub stage: Stage,
}

/// The body's JSON text.
pub fn to_json<T: Serialize>(body: &T) -> String {
    serde_json::to_string(body).expect("strings and integers serialize")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::{Date, Instant};
    use crate::experiment::request::{parse_forecast, parse_new_reader, parse_peek};
    use crate::experiment::{OpenSession, ReaderId};
    use std::collections::BTreeMap;

    const R: &str = "r-0123456789abcdef0123456789abcdef";

    fn forecast(market: &str, direction: Direction, confidence: u8, first: bool) -> Forecast {
        Forecast {
            reader: ReaderId::parse(R).unwrap(),
            session: Date::parse("2026-12-03").unwrap(),
            market: market.into(),
            direction,
            confidence,
            stage: Stage::Single,
            at: Instant::parse_rfc3339("2026-12-03T12:00:00Z").unwrap(),
            first,
            arm: None,
        }
    }

    fn council() -> Council {
        let cons = |p: f64| MarketConsensus {
            prob_up: p,
            direction: Direction::of_prob_up(p * 100.0),
            seats: 2,
        };
        let ans = |seat: &str, market: &str, p: f64| CouncilAnswer {
            seat: seat.into(),
            market: market.into(),
            prob_up: p,
            line: 2,
        };
        Council {
            run_id: "2026-12-03-am".into(),
            sealed_at: "2026-12-03T12:40:00Z".into(),
            consensus: [("SPX".to_string(), cons(0.6)), ("GOLD".into(), cons(0.5))]
                .into_iter()
                .collect(),
            answers: vec![
                ans("alpha", "SPX", 0.7),
                ans("alpha", "GOLD", 0.4),
                ans("beta", "SPX", 0.5),
            ],
            independence: None,
        }
    }

    #[test]
    fn a_scored_session_by_hand() {
        // SPX closed up, GOLD down, NDX up (no consensus: not compared), WTI unresolved.
        let outcomes: BTreeMap<String, bool> = [("SPX", true), ("GOLD", false), ("NDX", true)]
            .into_iter()
            .map(|(m, u)| (m.to_string(), u))
            .collect();
        let forecasts = [
            forecast("SPX", Direction::Up, 80, true),
            forecast("SPX", Direction::Down, 95, false), // a later call: not counted
            forecast("GOLD", Direction::Up, 70, true),
            forecast("NDX", Direction::Up, 90, true),
            forecast("WTI", Direction::Up, 90, true),
        ];
        let s = score_session("2026-12-03", &forecasts, &council(), &outcomes).unwrap();
        // Reader: SPX p=0.8 up -> (0.8-1)^2 = 0.04, hit; GOLD p=0.7 down -> 0.49, miss.
        assert_eq!(s.reader.n, 2);
        assert!((s.reader.brier - (0.04 + 0.49) / 2.0).abs() < 1e-12);
        assert_eq!(s.reader.hit_rate, 0.5);
        // Consensus: SPX 0.6 up -> 0.16, hit; GOLD 0.5 -> 0.25, no side, no hit.
        assert!((s.council.brier - (0.16 + 0.25) / 2.0).abs() < 1e-12);
        assert_eq!((s.council.hit_rate, s.council.n), (0.5, 2));
        // alpha: SPX 0.7 -> 0.09 hit; GOLD 0.4 -> 0.16 hit. beta: SPX 0.5 -> 0.25, no hit.
        assert_eq!(s.seats.len(), 2);
        assert_eq!(s.seats[0].seat, "alpha");
        assert!((s.seats[0].score.brier - 0.125).abs() < 1e-12);
        assert_eq!((s.seats[0].score.hit_rate, s.seats[0].score.n), (1.0, 2));
        assert_eq!(s.seats[1].seat, "beta");
        assert_eq!(
            (
                s.seats[1].score.brier,
                s.seats[1].score.hit_rate,
                s.seats[1].score.n
            ),
            (0.25, 0.0, 1)
        );
        assert_eq!(
            (s.session.as_str(), s.run_id.as_str()),
            ("2026-12-03", "2026-12-03-am")
        );
        // Nothing resolved: no score.
        assert_eq!(
            score_session("2026-12-03", &forecasts, &council(), &BTreeMap::new()),
            None
        );
        let later_only = [forecast("SPX", Direction::Up, 80, false)];
        assert_eq!(
            score_session("2026-12-03", &later_only, &council(), &outcomes),
            None
        );
    }

    #[test]
    fn the_page_bodies_are_what_the_server_reads() {
        let session = Date::parse("2026-12-03").unwrap();
        let open = OpenSession {
            session,
            closes_at: crate::calendar::reference_cut(session),
        };
        assert!(!parse_new_reader(reader_body(false).as_bytes()).unwrap());
        assert!(parse_new_reader(reader_body(true).as_bytes()).unwrap());
        let p = to_json(&PeekBody {
            reader: R,
            session: "2026-12-03",
        });
        assert_eq!(p, format!(r#"{{"reader":"{R}","session":"2026-12-03"}}"#));
        assert_eq!(parse_peek(p.as_bytes(), open).unwrap().session, session);
        let f = to_json(&ForecastBody {
            reader: R,
            session: "2026-12-03",
            market: "SPX",
            direction: Direction::Up,
            confidence: 70,
            stage: Stage::Private,
        });
        let req = parse_forecast(f.as_bytes(), open).unwrap();
        assert_eq!(
            (req.market, req.direction, req.confidence, req.stage),
            ("SPX", Direction::Up, 70, Stage::Private)
        );
    }

    #[test]
    fn displays_are_tagged_by_arm() {
        let d = Display::Control {
            market: "GOLD".into(),
            snapshot: None,
        };
        assert_eq!(
            serde_json::to_value(&d).unwrap(),
            serde_json::json!({"arm": "control", "market": "GOLD", "snapshot": null})
        );
        let c = council();
        let d = Display::Council {
            market: "SPX".into(),
            consensus: c.consensus.get("SPX").cloned(),
            answers: Some(c.answers[..1].to_vec()),
            independence: c.independence,
        };
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["arm"], "council");
        assert_eq!(v["consensus"]["direction"], "up");
        let back: Display = serde_json::from_value(v).unwrap();
        assert_eq!(back, d);
        // An integer price stays an integer (the snapshot's bytes, not a float's).
        let s: Snapshot =
            serde_json::from_str(r#"{"market": "SPX", "price": 6000, "change_pct": 0.5}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&s.price).unwrap(),
            "6000",
            "the number as sealed"
        );
    }

    #[test]
    fn error_documents() {
        let e: ErrorDoc = serde_json::from_str(
            r#"{"error": {"code": "session_closed", "field": null, "message": "closed"}}"#,
        )
        .unwrap();
        assert_eq!(
            (e.error.code.as_str(), e.error.field),
            ("session_closed", None)
        );
    }
}
