//! The reader experiment's HTTP API as the page reads and writes it (spec §6.1-§6.4): the
//! answers of `POST /api/experiment/reader`, `GET /api/experiment/session`,
//! `POST /api/experiment/peek` and `POST /api/experiment/forecast`, and the bodies the page
//! sends, all core's [`sealbook_core::experiment::wire`]. Unknown fields are ignored, so the
//! server may add some without breaking the page.

use crate::format::sentence;
use crate::i18n::{core_messages, tr, M};
use serde::Deserialize;

pub use sealbook_core::experiment::council::{Council, CouncilAnswer, MarketConsensus};
/// The API's wire is core's: the server writes these types and the page reads them.
pub use sealbook_core::experiment::wire::{
    reader_body, to_json, Accepted, Display, ErrorDoc, ForecastBody, MarketRow, NewReader,
    PeekBody, PeekReply, Score, Scored, SeatScore, SessionView, Snapshot,
};
pub use sealbook_core::experiment::{Arm, Direction, Forecast, Group, Stage};

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
        match serde_json::from_str::<ErrorDoc>(body) {
            Ok(d) => ApiError {
                code: d.error.code,
                field: d.error.field,
                message: match &d.error.msg {
                    Some(m) => sentence(&core_messages::api(m)),
                    None => d.error.message,
                },
            },
            Err(_) => ApiError {
                code: format!("http_{status}"),
                field: None,
                message: tr(M::ApiNoExplanation, &[("status", &status)]),
            },
        }
    }
}

/// `POST /api/experiment/peek`'s body.
pub fn peek_body(reader: &str, session: &str) -> String {
    to_json(&PeekBody { reader, session })
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
        let s: SessionView = serde_json::from_str(SESSION).unwrap();
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
        let s: SessionView = serde_json::from_str(
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
            to_json(&b),
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
