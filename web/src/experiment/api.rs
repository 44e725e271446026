//! The reader experiment's HTTP API as the page reads and writes it (spec §6.1-§6.4): the
//! answers of `POST /api/experiment/reader`, `GET /api/experiment/session`,
//! `POST /api/experiment/peek` and `POST /api/experiment/forecast`, and the bodies the page
//! sends. Unknown fields are ignored, so the server may add some without breaking the page.

use serde::{Deserialize, Serialize};

pub use sealbook_core::experiment::council::{
    Council, CouncilAnswer as Answer, MarketConsensus as Consensus,
};
/// Core's own types: a field renamed there fails to compile here.
pub use sealbook_core::experiment::{Arm, Direction, Forecast, Group, Stage};

/// `POST /api/experiment/reader`'s answer: a new anonymous identifier and its group.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct NewReader {
    pub reader: String,
    pub group: Group,
    #[serde(default)]
    pub demo: bool,
}

/// `GET /api/experiment/session`'s answer: the open session as this reader may see it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Session {
    /// The session's date, `YYYY-MM-DD`.
    pub session: String,
    /// The reference time (09:30 ET) at which forecasts close, RFC 3339 UTC.
    pub closes_at: String,
    #[serde(default)]
    pub demo: bool,
    pub reader: String,
    pub group: Group,
    pub markets: Vec<MarketRow>,
    /// The council's sealed answers; `None` while the reader may not see them, or when no run
    /// is sealed for the session.
    #[serde(default)]
    pub council: Option<Council>,
    /// Why `council` is withheld (`"before_first_forecast"`), if it is.
    #[serde(default)]
    pub council_hidden: Option<String>,
    #[serde(default)]
    pub peeked: bool,
    #[serde(default)]
    pub scored: Option<Scored>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct MarketRow {
    pub market: String,
    pub name: String,
    /// The reader's stored forecast for this market, the latest call.
    #[serde(default)]
    pub forecast: Option<Forecast>,
}

/// The session's scores, once its score line is sealed.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Scored {
    pub reader: Score,
    pub council: Score,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Score {
    pub brier: f64,
    pub hit_rate: f64,
    pub n: u32,
}

/// `POST /api/experiment/forecast`'s answer.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Accepted {
    pub forecast: Forecast,
    /// The revision protocol's display after a private call: the council's consensus and
    /// answers for the market, or the control display (the market's last sealed snapshot).
    #[serde(default)]
    pub display: Option<serde_json::Value>,
}

/// `POST /api/experiment/peek`'s answer.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct PeekReply {
    #[serde(default)]
    pub peeked: bool,
    #[serde(default)]
    pub council: Option<Council>,
}

/// The API's error body, `{"error": {"code", "field", "message"}}`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
struct ErrorBody {
    error: ApiError,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ApiError {
    pub code: String,
    #[serde(default)]
    pub field: Option<String>,
    pub message: String,
}

impl ApiError {
    /// The error an answer with HTTP `status` and `body` carries; a body that is not the
    /// API's error shape (a proxy's page, a cut connection) gets a sentence of its own.
    pub fn of(status: u16, body: &str) -> ApiError {
        match serde_json::from_str::<ErrorBody>(body) {
            Ok(b) => b.error,
            Err(_) => ApiError {
                code: format!("http_{status}"),
                field: None,
                message: format!("The server answered HTTP {status} without an explanation."),
            },
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

#[derive(Serialize)]
struct PeekBody<'a> {
    reader: &'a str,
    session: &'a str,
}

/// `POST /api/experiment/peek`'s body.
pub fn peek_body(reader: &str, session: &str) -> String {
    serde_json::to_string(&PeekBody { reader, session }).expect("strings serialize")
}

/// One call for one market, as the page sends it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ForecastBody<'a> {
    pub reader: &'a str,
    pub session: &'a str,
    pub market: &'a str,
    pub direction: Direction,
    pub confidence: u8,
    pub stage: Stage,
}

impl ForecastBody<'_> {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("strings and integers serialize")
    }
}

/// The session's URL for `reader` (the identifier is `r-` and hex, but it is escaped anyway).
pub fn session_url(reader: &str) -> String {
    let escaped: String = reader
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("/api/experiment/session?reader={escaped}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SESSION: &str = r#"{"session": "2026-12-03", "closes_at": "2026-12-03T14:30:00Z", "demo": true,
 "reader": "r-0123456789abcdef0123456789abcdef", "group": "seeing",
 "markets": [{"market": "SPX", "name": "S&P 500", "forecast": null},
             {"market": "NDX", "name": "Nasdaq 100", "forecast": {"reader": "r-0123456789abcdef0123456789abcdef", "session": "2026-12-03", "market": "NDX", "direction": "down", "confidence": 70, "stage": "single", "at": "2026-12-02T10:00:00Z", "first": true, "arm": null}}],
 "council": {"run_id": "2026-12-03-am", "sealed_at": "2026-12-03T12:00:00Z",
             "consensus": {"SPX": {"prob_up": 0.58, "direction": "up", "seats": 9}},
             "answers": [{"seat": "a", "market": "SPX", "prob_up": 0.61, "line": 12}]},
 "council_hidden": null, "peeked": false, "scored": null, "later": "ignored"}"#;

    #[test]
    fn reads_the_session_answer() {
        let s: Session = serde_json::from_str(SESSION).unwrap();
        assert_eq!(s.group, Group::Seeing);
        assert!(s.demo);
        assert_eq!(s.markets.len(), 2);
        let f = s.markets[1].forecast.as_ref().unwrap();
        assert_eq!(
            (f.direction, f.confidence, f.stage),
            (Direction::Down, 70, Stage::Single)
        );
        assert!(f.first && f.arm.is_none());
        let c = s.council.unwrap();
        assert_eq!(c.consensus["SPX"].seats, 9);
        assert_eq!(c.answers[0].line, 12);
        assert!(s.scored.is_none());
    }

    #[test]
    fn reads_a_blind_session_and_a_score() {
        let s: Session = serde_json::from_str(
            r#"{"session": "2026-12-03", "closes_at": "2026-12-03T14:30:00Z", "reader": "r-x", "group": "blind", "markets": [], "council": null, "council_hidden": "before_first_forecast", "peeked": true,
                "scored": {"reader": {"brier": 0.21, "hit_rate": 0.58, "n": 12}, "council": {"brier": 0.24, "hit_rate": 0.5, "n": 12}}}"#,
        )
        .unwrap();
        assert_eq!(s.group, Group::Blind);
        assert!(s.council.is_none() && s.peeked && !s.demo);
        assert_eq!(s.council_hidden.as_deref(), Some("before_first_forecast"));
        assert_eq!(s.scored.unwrap().council.hit_rate, 0.5);
    }

    #[test]
    fn error_bodies() {
        let e = ApiError::of(
            409,
            r#"{"error": {"code": "session_closed", "field": null, "message": "Forecasts closed at 14:30 UTC."}}"#,
        );
        assert_eq!(e.code, "session_closed");
        assert_eq!(e.message, "Forecasts closed at 14:30 UTC.");
        let e = ApiError::of(502, "<html>bad gateway</html>");
        assert_eq!(e.code, "http_502");
        assert!(e.message.contains("502"));
    }

    #[test]
    fn bodies() {
        assert_eq!(reader_body(false), "{}");
        assert_eq!(reader_body(true), r#"{"reset": true}"#);
        assert_eq!(
            peek_body("r-1", "2026-12-03"),
            r#"{"reader":"r-1","session":"2026-12-03"}"#
        );
        let b = ForecastBody {
            reader: "r-1",
            session: "2026-12-03",
            market: "SPX",
            direction: Direction::Up,
            confidence: 70,
            stage: Stage::Private,
        };
        assert_eq!(
            b.to_json(),
            r#"{"reader":"r-1","session":"2026-12-03","market":"SPX","direction":"up","confidence":70,"stage":"private"}"#
        );
        assert_eq!(
            session_url("r-ab12"),
            "/api/experiment/session?reader=r-ab12"
        );
        assert_eq!(
            session_url("r&x=1"),
            "/api/experiment/session?reader=r%26x%3D1"
        );
    }
}
