//! `/api/experiment/*` (spec §6; the contract in the README): each operation takes the parsed
//! request and answers a status and a JSON document. Validation and the rules are core's; the
//! answer to a write is sent only after the store committed it.

use super::store::StoreError;
use super::Experiment;
use sealbook_core::calendar::Instant;
use sealbook_core::experiment::council::{control_display, Council};
use sealbook_core::experiment::request::{self, ApiError};
use sealbook_core::experiment::rules;
use sealbook_core::experiment::{
    open_session, Arm, Forecast, Group, Peek, Reader, ReaderId, Stage, Visit,
};
use sealbook_core::league::layout::MARKETS;
use serde_json::{json, Value};
use std::net::IpAddr;

/// An answer: status, body and, for 429, the seconds to wait.
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub retry_after: Option<u64>,
}

impl From<ApiError> for Answer {
    fn from(e: ApiError) -> Answer {
        let retry_after = (e.code == "rate_limited").then(|| {
            e.message
                .split_whitespace()
                .find_map(|w| w.parse::<u64>().ok())
                .unwrap_or(60)
        });
        Answer {
            status: e.status,
            body: e.to_json(),
            retry_after,
        }
    }
}

fn ok(status: u16, body: Value) -> Answer {
    Answer {
        status,
        body,
        retry_after: None,
    }
}

fn storage_failed(e: StoreError) -> Answer {
    // The database's message names no client; it is logged for the operator, not sent.
    tracing::error!(target: "sealbook::experiment", error = %e, "storage failed");
    ok(
        500,
        json!({"error": {"code": "storage", "field": null, "message": "the forecast store failed; nothing was recorded"}}),
    )
}

fn random<const N: usize>() -> Result<[u8; N], Answer> {
    let mut b = [0u8; N];
    getrandom::getrandom(&mut b)
        .map_err(|_| storage_failed(StoreError("no random bytes".into())))?;
    Ok(b)
}

const NAMES: [(&str, &str); 12] = [
    ("SPX", "S&P 500"),
    ("NDX", "Nasdaq 100"),
    ("DJI", "Dow Jones Industrial Average"),
    ("SOX", "PHLX Semiconductor"),
    ("TNX", "US 10-year yield"),
    ("DXY", "US dollar index"),
    ("VIX", "CBOE volatility index"),
    ("GOLD", "Gold"),
    ("WTI", "WTI crude oil"),
    ("BRENT", "Brent crude oil"),
    ("COPPER", "Copper"),
    ("BTC", "Bitcoin"),
];

fn forecast_json(f: &Forecast) -> Value {
    serde_json::to_value(f).expect("plain fields")
}

fn council_json(c: &Council) -> Value {
    serde_json::to_value(c).expect("plain fields")
}

/// One request, routed by method and path below `/api/experiment/`.
pub async fn handle(
    ex: &Experiment,
    method: &str,
    op: &str,
    query: Option<&str>,
    body: &[u8],
    addr: IpAddr,
) -> Answer {
    let now = ex.clock.now();
    let hash = match ex.privacy.admit(addr, now) {
        Ok(h) => h,
        Err(e) => return e.into(),
    };
    let r = match (method, op) {
        ("POST", "reader") => new_reader(ex, body, &hash, now).await,
        ("GET", "session") => session(ex, query, now).await,
        ("POST", "peek") => peek(ex, body, now).await,
        ("POST", "forecast") => forecast(ex, body, now).await,
        ("GET", "stats") => stats(ex).await,
        _ => Ok(ok(
            404,
            json!({"error": {"code": "not_found", "field": null, "message": "no such experiment endpoint"}}),
        )),
    };
    r.unwrap_or_else(|a| a)
}

async fn new_reader(
    ex: &Experiment,
    body: &[u8],
    hash: &super::privacy::Hash,
    now: Instant,
) -> Result<Answer, Answer> {
    let said_reset = request::parse_new_reader(body)?;
    let repeat = ex.privacy.new_reader(hash, now)?;
    let bytes: [u8; 17] = random()?;
    let mut id = [0u8; 16];
    id.copy_from_slice(&bytes[..16]);
    let reader = Reader {
        reader: ReaderId::from_random(id),
        group: Group::from_random(bytes[16]),
        created_at: now,
        reset: said_reset || repeat,
    };
    let r = reader.clone();
    ex.store
        .run(move |tx| tx.insert_reader(&r))
        .await
        .map_err(storage_failed)?;
    Ok(ok(
        201,
        json!({"reader": reader.reader, "group": reader.group, "demo": ex.demo}),
    ))
}

fn open(now: Instant) -> Result<sealbook_core::experiment::OpenSession, Answer> {
    open_session(now).ok_or_else(|| ApiError::no_session().into())
}

fn query_param<'a>(query: Option<&'a str>, key: &str) -> Option<&'a str> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
}

async fn session(ex: &Experiment, query: Option<&str>, now: Instant) -> Result<Answer, Answer> {
    let id = request::reader_field(query_param(query, "reader"))?;
    let o = open(now)?;
    let visit = Visit {
        reader: id.clone(),
        session: o.session,
        at: now,
    };
    let (reader, forecasts, peeked) = ex
        .store
        .run(move |tx| {
            let Some(r) = tx.reader(&visit.reader, false)? else {
                return Ok((None, vec![], false));
            };
            tx.insert_visit(&visit)?;
            let f = tx.forecasts(&visit.reader, visit.session)?;
            let p = tx.peeked(&visit.reader, visit.session)?;
            Ok((Some(r), f, p))
        })
        .await
        .map_err(storage_failed)?;
    let reader = reader.ok_or_else(|| Answer::from(ApiError::unknown_reader()))?;
    let visible = rules::may_see_council(reader.group, &forecasts);
    let council = visible
        .then(|| ex.book().council(o.session, ex.demo))
        .flatten();
    let markets: Vec<Value> = NAMES
        .iter()
        .map(|(m, name)| {
            let latest = forecasts.iter().rev().find(|f| f.market == *m);
            json!({"market": m, "name": name, "forecast": latest.map(forecast_json)})
        })
        .collect();
    debug_assert_eq!(markets.len(), MARKETS.len());
    Ok(ok(
        200,
        json!({
            "session": o.session.to_string(),
            "closes_at": o.closes_at.to_rfc3339(),
            "demo": ex.demo,
            "reader": reader.reader,
            "group": reader.group,
            "markets": markets,
            "council": council.as_ref().map(council_json),
            "council_hidden": (!visible).then_some("before_first_forecast"),
            "peeked": peeked,
            "scored": Value::Null,
        }),
    ))
}

async fn peek(ex: &Experiment, body: &[u8], now: Instant) -> Result<Answer, Answer> {
    let o = open(now)?;
    let req = request::parse_peek(body, o)?;
    let p = Peek {
        reader: req.reader,
        session: req.session,
        at: now,
    };
    let (reader, hidden) = ex
        .store
        .run(move |tx| {
            let Some(r) = tx.reader(&p.reader, true)? else {
                return Ok((None, false));
            };
            let f = tx.forecasts(&p.reader, p.session)?;
            let hidden = !rules::may_see_council(r.group, &f);
            if hidden {
                tx.insert_peek(&p)?;
            }
            Ok((Some(r), hidden))
        })
        .await
        .map_err(storage_failed)?;
    reader.ok_or_else(|| Answer::from(ApiError::unknown_reader()))?;
    if hidden {
        return Ok(ok(200, json!({"peeked": true, "council": null})));
    }
    let council = ex.book().council(o.session, ex.demo);
    Ok(ok(
        200,
        json!({"peeked": false, "council": council.as_ref().map(council_json)}),
    ))
}

async fn forecast(ex: &Experiment, body: &[u8], now: Instant) -> Result<Answer, Answer> {
    let o = open(now)?;
    let req = request::parse_forecast(body, o)?;
    let [arm_byte] = random::<1>()?;
    let decided = ex
        .store
        .run(move |tx| {
            if tx.reader(&req.reader, true)?.is_none() {
                return Ok(Err(ApiError::unknown_reader()));
            }
            let earlier: Vec<Forecast> = tx
                .forecasts(&req.reader, req.session)?
                .into_iter()
                .filter(|f| f.market == req.market)
                .collect();
            let a = match rules::accept(o, now, req.stage, &earlier, arm_byte) {
                Ok(a) => a,
                Err(e) => return Ok(Err(e)),
            };
            let f = Forecast {
                reader: req.reader,
                session: req.session,
                market: req.market.to_owned(),
                direction: req.direction,
                confidence: req.confidence,
                stage: req.stage,
                at: now,
                first: a.first,
                arm: a.arm,
            };
            tx.insert_forecast(&f)?;
            Ok(Ok(f))
        })
        .await
        .map_err(storage_failed)?;
    let f = decided?;
    let display = match (f.stage, f.arm) {
        (Stage::Private, Some(arm)) => Some(display(ex, o.session, &f.market, arm)),
        _ => None,
    };
    Ok(ok(
        201,
        json!({"forecast": forecast_json(&f), "display": display}),
    ))
}

/// What the revision protocol shows between the private and the final call (§6.4).
fn display(
    ex: &Experiment,
    session: sealbook_core::calendar::Date,
    market: &str,
    arm: Arm,
) -> Value {
    let book = ex.book();
    let run =
        sealbook_core::experiment::council::latest_run(&book.lines, (!ex.demo).then_some(session));
    match arm {
        Arm::Council => {
            let c = book.council(session, ex.demo);
            json!({
                "arm": "council",
                "market": market,
                "consensus": c.as_ref().and_then(|c| c.consensus.get(market)),
                "answers": c.as_ref().map(|c| c.answers.iter().filter(|a| a.market == market).collect::<Vec<_>>()),
            })
        }
        Arm::Control => {
            let snapshot = run.and_then(|r| {
                let sha = r.snapshot_sha256.as_deref()?;
                let ask = r.ask_sha256.as_deref()?;
                if !sealbook_core::hex::is_sha256_hex(ask) {
                    return None;
                }
                let text = std::fs::read(ex.dir.join("asks").join(format!("{ask}.md"))).ok()?;
                control_display(&text, sha, market)
            });
            json!({"arm": "control", "market": market, "snapshot": snapshot})
        }
    }
}

async fn stats(ex: &Experiment) -> Result<Answer, Answer> {
    let data = ex.store.run(|tx| tx.all()).await.map_err(storage_failed)?;
    let a = ex.analysis(data);
    Ok(ok(200, serde_json::to_value(a).expect("plain fields")))
}
