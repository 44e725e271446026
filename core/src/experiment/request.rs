//! The experiment API's request bodies and errors (spec §6.1, §6.3): every refusal names a
//! stable code and the field it is about, so the page and the tests can tell them apart.
//! The bodies are small JSON objects; anything else is refused before it is read further.

use super::wire::{ApiMsg, ErrorBody, ErrorDoc};
use super::{Direction, Instant, OpenSession, ReaderId, Stage, CONFIDENCE};
use crate::calendar::Date;
use crate::records::names::MARKETS;
use serde_json::{Map, Value};

/// The largest request body read, bytes: the largest valid body is under 200.
pub const MAX_BODY: usize = 4096;

/// Whether a request's `Content-Type` names a JSON body: `application/json`, in any case,
/// with or without parameters (`; charset=utf-8`). Every POST of the API must (spec §6.1):
/// a page of another origin may send `text/plain`, form or multipart bodies without asking
/// first, but a JSON body makes the browser ask (a preflight), which the API answers with
/// access only for the configured origin.
pub fn is_json_content_type(value: Option<&str>) -> bool {
    value.is_some_and(|v| {
        v.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .eq_ignore_ascii_case("application/json")
    })
}

/// The HTTP status of a POST whose body is not declared JSON (Unsupported Media Type).
pub const UNSUPPORTED_MEDIA_TYPE: u16 = 415;

/// The error document of a POST whose body is not declared JSON.
pub fn unsupported_media_type_doc() -> ErrorDoc {
    ErrorDoc {
        error: ErrorBody {
            code: "unsupported_media_type".into(),
            field: Some("content-type".into()),
            message: "the body must be sent as Content-Type: application/json".into(),
            msg: None,
        },
    }
}

/// A refused request: the HTTP status, a stable code, the field it concerns, what is wrong
/// (an id with its arguments, whose `Display` is the English sentence) and, for
/// `rate_limited`, the seconds after which to retry (the `Retry-After` header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status code of the answer (400, 404, 409, 429, 500, 503).
    pub status: u16,
    /// Stable machine-readable code, e.g. `bad_confidence`, `session_closed`.
    pub code: &'static str,
    /// The body field or header the refusal concerns (e.g. `confidence`); None for the request as a
    /// whole.
    pub field: Option<&'static str>,
    /// What is wrong, as a message id with its arguments.
    pub message: ApiMsg,
    /// Seconds until a retry may succeed (`Retry-After`); only for `rate_limited`.
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: u16, code: &'static str, field: Option<&'static str>, message: ApiMsg) -> Self {
        ApiError {
            status,
            code,
            field,
            message,
            retry_after: None,
        }
    }

    fn bad(code: &'static str, field: &'static str, message: ApiMsg) -> Self {
        ApiError::new(400, code, Some(field), message)
    }

    /// 400 `body_too_large`: the body has `len` bytes, more than [`MAX_BODY`].
    pub fn body_too_large(len: usize) -> Self {
        ApiError::new(
            400,
            "body_too_large",
            None,
            ApiMsg::BodyTooLarge {
                bytes: len as u64,
                max: MAX_BODY as u64,
            },
        )
    }

    /// 409 `session_closed`: the session's forecasts closed at its reference time `closes_at`
    /// (§6.3).
    pub fn session_closed(closes_at: Instant) -> Self {
        ApiError::new(
            409,
            "session_closed",
            Some("session"),
            ApiMsg::SessionClosed {
                at: closes_at.to_rfc3339(),
            },
        )
    }

    /// 409 `bad_stage`: a `final` call came before the reader's `private` call for the market
    /// (§6.4).
    pub fn final_without_private() -> Self {
        ApiError::new(409, "bad_stage", Some("stage"), ApiMsg::FinalWithoutPrivate)
    }

    /// 400 `unknown_reader`: the identifier is well formed but was never issued.
    pub fn unknown_reader() -> Self {
        ApiError::bad("unknown_reader", "reader", ApiMsg::UnknownReader)
    }

    /// 429 `rate_limited`: the hashed address asked too often; retry after `retry_after_secs`
    /// seconds (§6.3).
    pub fn rate_limited(retry_after_secs: u64) -> Self {
        ApiError {
            retry_after: Some(retry_after_secs),
            ..ApiError::new(
                429,
                "rate_limited",
                None,
                ApiMsg::RateLimited {
                    seconds: retry_after_secs,
                },
            )
        }
    }

    /// The reader has [`crate::experiment::rules::MAX_FORECASTS_PER_MARKET`] forecasts for
    /// the market in the session already (spec §6.3: only the first counts).
    pub fn too_many_forecasts() -> Self {
        ApiError::new(
            409,
            "too_many_forecasts",
            Some("market"),
            ApiMsg::TooManyForecasts {
                max: crate::experiment::rules::MAX_FORECASTS_PER_MARKET as u32,
            },
        )
    }

    /// The path is no endpoint of the API.
    pub fn not_found() -> Self {
        ApiError::new(404, "not_found", None, ApiMsg::NotFound)
    }

    /// The store failed (its own words are for the operator's log, not for the client).
    pub fn storage_failed() -> Self {
        ApiError::new(500, "storage", None, ApiMsg::StorageFailed)
    }

    /// 503 `no_session`: no NYSE session is open to forecasts (outside the calendar's years).
    pub fn no_session() -> Self {
        ApiError::new(503, "no_session", None, ApiMsg::NoSession)
    }

    /// The error document, `{"error": {"code", "field", "message", "msg"}}`.
    pub fn to_doc(&self) -> ErrorDoc {
        ErrorDoc {
            error: ErrorBody {
                code: self.code.into(),
                field: self.field.map(String::from),
                message: self.message.to_string(),
                msg: Some(self.message.clone()),
            },
        }
    }
}

/// The body as a JSON object with only the `allowed` keys.
fn object(body: &[u8], allowed: &[&'static str]) -> Result<Map<String, Value>, ApiError> {
    if body.len() > MAX_BODY {
        return Err(ApiError::body_too_large(body.len()));
    }
    let v: Value = serde_json::from_slice(body).map_err(|e| {
        ApiError::new(
            400,
            "bad_json",
            None,
            ApiMsg::NotJson {
                detail: e.to_string(),
            },
        )
    })?;
    let Value::Object(o) = v else {
        return Err(ApiError::new(400, "bad_json", None, ApiMsg::NotObject));
    };
    if let Some(k) = o.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ApiError::new(
            400,
            "unknown_field",
            None,
            ApiMsg::UnknownField {
                key: k.clone(),
                allowed: allowed.iter().map(|a| a.to_string()).collect(),
            },
        ));
    }
    Ok(o)
}

/// A reader identifier field or query parameter: `malformed_reader` unless it is one.
pub fn reader_field(v: Option<&str>) -> Result<ReaderId, ApiError> {
    let v = v.ok_or_else(|| ApiError::bad("malformed_reader", "reader", ApiMsg::ReaderMissing))?;
    ReaderId::parse(v)
        .ok_or_else(|| ApiError::bad("malformed_reader", "reader", ApiMsg::ReaderMalformed))
}

fn str_field<'a>(o: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    o.get(key).and_then(Value::as_str)
}

/// The `session` field: the open session; `session_closed` for an earlier session,
/// `unknown_session` for anything else.
fn session_field(o: &Map<String, Value>, open: OpenSession) -> Result<Date, ApiError> {
    let s = str_field(o, "session")
        .ok_or_else(|| ApiError::bad("unknown_session", "session", ApiMsg::SessionMissing))?;
    match Date::parse(s) {
        Some(d) if d == open.session => Ok(d),
        // An earlier session has closed: its reference time has passed (§6.3).
        Some(d) if d < open.session && crate::calendar::is_session(d) == Some(true) => {
            Err(ApiError::session_closed(crate::calendar::reference_cut(d)))
        }
        _ => Err(ApiError::bad(
            "unknown_session",
            "session",
            ApiMsg::NotOpenSession {
                session: s.to_string(),
                open: open.session.to_string(),
            },
        )),
    }
}

/// `POST /api/experiment/reader`: `{}` or `{"reset": bool}`; the value of `reset`.
pub fn parse_new_reader(body: &[u8]) -> Result<bool, ApiError> {
    let o = object(body, &["reset"])?;
    match o.get("reset") {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(ApiError::new(
            400,
            "bad_json",
            Some("reset"),
            ApiMsg::ResetNotBool,
        )),
    }
}

/// `POST /api/experiment/peek`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeekRequest {
    /// The reader who asks to see the council.
    pub reader: ReaderId,
    /// The open session it asks in.
    pub session: Date,
}

/// Reads a peek body `{"reader", "session"}`: only those keys, a well-formed identifier and the
/// open session.
pub fn parse_peek(body: &[u8], open: OpenSession) -> Result<PeekRequest, ApiError> {
    let o = object(body, &["reader", "session"])?;
    let reader = reader_field(str_field(&o, "reader"))?;
    let session = session_field(&o, open)?;
    Ok(PeekRequest { reader, session })
}

/// `POST /api/experiment/forecast`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForecastRequest {
    /// The reader who forecasts.
    pub reader: ReaderId,
    /// The open session.
    pub session: Date,
    /// Market code of Table 1, one of the league's markets.
    pub market: &'static str,
    /// The side chosen.
    pub direction: Direction,
    /// Confidence in the chosen side, integer percent within [`CONFIDENCE`].
    pub confidence: u8,
    /// Which call of which protocol (§6.4).
    pub stage: Stage,
}

/// Reads a forecast body: only its six keys, each valid (each refusal names its code and field).
pub fn parse_forecast(body: &[u8], open: OpenSession) -> Result<ForecastRequest, ApiError> {
    let o = object(
        body,
        &[
            "reader",
            "session",
            "market",
            "direction",
            "confidence",
            "stage",
        ],
    )?;
    let reader = reader_field(str_field(&o, "reader"))?;
    let session = session_field(&o, open)?;
    let market = str_field(&o, "market")
        .and_then(|m| MARKETS.iter().find(|x| **x == m).copied())
        .ok_or_else(|| {
            ApiError::bad(
                "unknown_market",
                "market",
                ApiMsg::UnknownMarket {
                    markets: MARKETS.iter().map(|m| m.to_string()).collect(),
                },
            )
        })?;
    let direction = str_field(&o, "direction")
        .and_then(Direction::parse)
        .ok_or_else(|| ApiError::bad("bad_direction", "direction", ApiMsg::BadDirection))?;
    let (lo, hi) = CONFIDENCE;
    let confidence = o
        .get("confidence")
        .and_then(Value::as_u64)
        .filter(|c| (lo as u64..=hi as u64).contains(c))
        .ok_or_else(|| {
            ApiError::bad(
                "bad_confidence",
                "confidence",
                ApiMsg::BadConfidence { min: lo, max: hi },
            )
        })? as u8;
    let stage = match o.get("stage") {
        None | Some(Value::Null) => Stage::Single,
        Some(v) => v
            .as_str()
            .and_then(Stage::parse)
            .ok_or_else(|| ApiError::bad("bad_stage", "stage", ApiMsg::BadStage))?,
    };
    Ok(ForecastRequest {
        reader,
        session,
        market,
        direction,
        confidence,
        stage,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_json_content_type_is_json() {
        for yes in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            " application/json ;charset=UTF-8",
        ] {
            assert!(is_json_content_type(Some(yes)), "{yes}");
        }
        for no in [
            None,
            Some(""),
            Some("text/plain"),
            Some("text/plain; charset=application/json"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
            Some("application/jsonx"),
            Some("application/json-seq"),
        ] {
            assert!(!is_json_content_type(no), "{no:?}");
        }
        let doc = serde_json::to_value(unsupported_media_type_doc()).unwrap();
        assert_eq!(doc["error"]["code"], "unsupported_media_type");
        assert_eq!(doc["error"]["field"], "content-type");
    }

    fn open() -> OpenSession {
        let session = Date::parse("2026-12-03").unwrap();
        OpenSession {
            session,
            closes_at: crate::calendar::reference_cut(session),
        }
    }

    const R: &str = "r-0123456789abcdef0123456789abcdef";

    fn code(body: &str) -> (&'static str, Option<&'static str>) {
        let e = parse_forecast(body.as_bytes(), open()).unwrap_err();
        (e.code, e.field)
    }

    #[test]
    fn forecast_bodies() {
        let ok = format!(
            r#"{{"reader":"{R}","session":"2026-12-03","market":"GOLD","direction":"down","confidence":95}}"#
        );
        let f = parse_forecast(ok.as_bytes(), open()).unwrap();
        assert_eq!(
            (f.market, f.confidence, f.stage),
            ("GOLD", 95, Stage::Single)
        );
        let with = |k: &str, v: &str| {
            let mut o: Map<String, Value> = serde_json::from_str(&ok).unwrap();
            o.insert(k.into(), serde_json::from_str(v).unwrap());
            Value::Object(o).to_string()
        };
        assert_eq!(code("[]"), ("bad_json", None));
        assert_eq!(code("{"), ("bad_json", None));
        assert_eq!(code(&with("x", "1")), ("unknown_field", None));
        assert_eq!(
            code(&with("reader", "\"r-12\"")),
            ("malformed_reader", Some("reader"))
        );
        assert_eq!(
            code(&with("session", "\"2026-12-04\"")),
            ("unknown_session", Some("session"))
        );
        // Thanksgiving is no session; the day before the open one has closed.
        assert_eq!(
            code(&with("session", "\"2026-11-26\"")).0,
            "unknown_session"
        );
        assert_eq!(code(&with("session", "\"2026-12-02\"")).0, "session_closed");
        assert_eq!(
            code(&with("market", "\"spx\"")),
            ("unknown_market", Some("market"))
        );
        assert_eq!(
            code(&with("direction", "\"flat\"")),
            ("bad_direction", Some("direction"))
        );
        for c in ["54", "96", "70.0", "\"70\"", "-60"] {
            assert_eq!(
                code(&with("confidence", c)),
                ("bad_confidence", Some("confidence")),
                "{c}"
            );
        }
        assert_eq!(
            code(&with("stage", "\"late\"")),
            ("bad_stage", Some("stage"))
        );
        let f = parse_forecast(with("stage", "\"private\"").as_bytes(), open()).unwrap();
        assert_eq!(f.stage, Stage::Private);
        let big = format!(
            "{{\"reset\": false, \"pad\": \"{}\"}}",
            "x".repeat(MAX_BODY)
        );
        assert_eq!(
            parse_new_reader(big.as_bytes()).unwrap_err().code,
            "body_too_large"
        );
    }

    /// Every refusal, with the English the API sent when messages were plain text.
    #[test]
    fn every_refusal_reads_as_the_api_wrote_it() {
        let all = [
            (
                ApiMsg::BodyTooLarge {
                    bytes: 4097,
                    max: 4096,
                },
                "the request body has 4097 bytes or more; at most 4096 are read",
            ),
            (
                ApiMsg::NotJson {
                    detail: "EOF while parsing an object at line 1 column 1".into(),
                },
                "the body is not JSON: EOF while parsing an object at line 1 column 1",
            ),
            (ApiMsg::NotObject, "the body must be a JSON object"),
            (
                ApiMsg::UnknownField {
                    key: "group".into(),
                    allowed: vec!["reset".into()],
                },
                r#"unknown field "group"; the fields are reset"#,
            ),
            (ApiMsg::ReaderMissing, "reader is missing"),
            (
                ApiMsg::ReaderMalformed,
                r#"reader must be "r-" and 32 lowercase hexadecimal digits"#,
            ),
            (
                ApiMsg::UnknownReader,
                "no reader has this identifier; ask for a new one",
            ),
            (ApiMsg::SessionMissing, "session is missing"),
            (
                ApiMsg::NotOpenSession {
                    session: "2026-12-04".into(),
                    open: "2026-12-03".into(),
                },
                r#"session "2026-12-04" is not the open session, 2026-12-03"#,
            ),
            (
                ApiMsg::SessionClosed {
                    at: "2026-12-02T14:30:00Z".into(),
                },
                "forecasts for this session closed at its reference time, 2026-12-02T14:30:00Z",
            ),
            (ApiMsg::ResetNotBool, "reset must be true or false"),
            (
                ApiMsg::UnknownMarket {
                    markets: vec!["GOLD".into(), "SPX".into()],
                },
                "market must be one of GOLD SPX",
            ),
            (ApiMsg::BadDirection, r#"direction must be "up" or "down""#),
            (
                ApiMsg::BadConfidence { min: 55, max: 95 },
                "confidence must be an integer percent from 55 to 95",
            ),
            (
                ApiMsg::BadStage,
                r#"stage must be "single", "private" or "final""#,
            ),
            (
                ApiMsg::FinalWithoutPrivate,
                "a final forecast needs a private forecast for the same market and session first",
            ),
            (
                ApiMsg::RateLimited { seconds: 56 },
                "too many requests from this address; retry in 56 s",
            ),
            (
                ApiMsg::TooManyForecasts { max: 12 },
                "this reader already has 12 forecasts for this market in this session, the most kept; the first one counts",
            ),
            (ApiMsg::NoSession, "the league has no open session"),
            (
                ApiMsg::StorageFailed,
                "the forecast store failed; nothing was recorded",
            ),
            (ApiMsg::NotFound, "no such experiment endpoint"),
        ];
        for (m, english) in all {
            assert_eq!(m.to_string(), english);
            let wire = serde_json::to_string(&m).unwrap();
            assert_eq!(serde_json::from_str::<ApiMsg>(&wire).unwrap(), m, "{wire}");
        }
        // The document keeps the English and carries the id beside it.
        let doc = serde_json::to_value(ApiError::rate_limited(56).to_doc()).unwrap();
        assert_eq!(
            doc["error"]["message"],
            "too many requests from this address; retry in 56 s"
        );
        assert_eq!(
            doc["error"]["msg"],
            serde_json::json!({"id": "rate_limited", "seconds": 56})
        );
    }

    #[test]
    fn rate_limits_carry_their_wait() {
        let e = ApiError::rate_limited(17);
        assert_eq!((e.status, e.retry_after), (429, Some(17)));
        assert_eq!(ApiError::unknown_reader().retry_after, None);
        let doc = serde_json::to_value(e.to_doc()).unwrap();
        assert_eq!(doc["error"]["code"], "rate_limited");
        assert_eq!(doc["error"]["field"], Value::Null);
    }

    #[test]
    fn reader_bodies() {
        assert!(!parse_new_reader(b"{}").unwrap());
        assert!(parse_new_reader(br#"{"reset": true}"#).unwrap());
        assert_eq!(
            parse_new_reader(br#"{"group": "seeing"}"#)
                .unwrap_err()
                .code,
            "unknown_field"
        );
        assert_eq!(
            parse_new_reader(br#"{"reset": 1}"#).unwrap_err().code,
            "bad_json"
        );
    }
}
