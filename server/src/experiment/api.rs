//! `/api/experiment/*` (spec §6; the contract in the README): each operation takes the parsed
//! request and answers a status and one of core's wire types (`experiment::wire`) as a JSON
//! document. Validation, the rules and the reader's score are core's; the answer to a write is
//! sent only after the store committed it.

use super::store::StoreError;
use super::Experiment;
use sealbook_core::calendar::Instant;
use sealbook_core::experiment::council::{self, control_display, AsOf};
use sealbook_core::experiment::request::{self, ApiError};
use sealbook_core::experiment::rules;
use sealbook_core::experiment::wire::{
    self, Accepted, Display, MarketRow, NewReader, PeekReply, SessionView,
};
use sealbook_core::experiment::{open_session, Arm, Group, Peek, Reader, ReaderId, Stage, Visit};
use sealbook_core::records::names::MARKET_NAMES;
use serde::Serialize;
use serde_json::Value;
use std::net::IpAddr;

/// An answer: status, body, for 429 the seconds to wait, and for the stats the count of stored
/// forecasts they cover (the [`FORECASTS_COVERED_HEADER`] header).
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub retry_after: Option<u64>,
    pub forecasts_covered: Option<usize>,
}

/// The header of `GET /api/experiment/stats` that says how many stored forecasts the analysis
/// covers: every forecast acknowledged before the request, at least.
pub const FORECASTS_COVERED_HEADER: &str = "x-experiment-forecasts";

impl From<ApiError> for Answer {
    fn from(e: ApiError) -> Answer {
        Answer {
            status: e.status,
            body: json_of(&e.to_doc()),
            retry_after: e.retry_after,
            forecasts_covered: None,
        }
    }
}

/// A wire type as the JSON document sent (object keys sorted).
fn json_of<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("plain fields")
}

fn ok<T: Serialize>(status: u16, body: &T) -> Answer {
    Answer {
        status,
        body: json_of(body),
        retry_after: None,
        forecasts_covered: None,
    }
}

fn storage_failed(e: StoreError) -> Answer {
    // The database's message names no client; it is logged for the operator, not sent.
    tracing::error!(target: "sealbook::experiment", error = %e, "storage failed");
    ApiError::storage_failed().into()
}

fn random<const N: usize>() -> Result<[u8; N], Answer> {
    let mut b = [0u8; N];
    getrandom::getrandom(&mut b)
        .map_err(|_| storage_failed(StoreError("no random bytes".into())))?;
    Ok(b)
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
        ("GET", "stats") => stats(ex, now).await,
        _ => Err(ApiError::not_found().into()),
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
        &NewReader {
            reader: reader.reader.to_string(),
            group: reader.group,
            demo: ex.demo,
        },
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
    let book = ex.book();
    let scored_book = book.clone();
    let (reader, forecasts, peeked, scored) = ex
        .store
        .run(move |tx| {
            let Some(r) = tx.reader(&visit.reader, false)? else {
                return Ok((None, vec![], false, None));
            };
            tx.insert_visit(&visit)?;
            let f = tx.forecasts(&visit.reader, visit.session)?;
            let p = tx.peeked(&visit.reader, visit.session)?;
            // The reader's most recent session with a score line in the book (spec §6.1).
            let last_scored = tx
                .sessions(&visit.reader)?
                .into_iter()
                .rev()
                .find(|d| council::is_scored(&scored_book.lines, *d, AsOf::At(now)));
            let scored = match last_scored {
                Some(d) if d == visit.session => Some((d, f.clone())),
                Some(d) => Some((d, tx.forecasts(&visit.reader, d)?)),
                None => None,
            };
            Ok((Some(r), f, p, scored))
        })
        .await
        .map_err(storage_failed)?;
    let reader = reader.ok_or_else(|| Answer::from(ApiError::unknown_reader()))?;
    let visible = rules::may_see_council(reader.group, &forecasts);
    let council = visible.then(|| book.council(o.session, now)).flatten();
    let markets = MARKET_NAMES
        .iter()
        .map(|(m, name)| MarketRow {
            market: (*m).into(),
            name: (*name).into(),
            forecast: forecasts.iter().rev().find(|f| f.market == *m).cloned(),
        })
        .collect();
    let scored = scored.and_then(|(d, f)| {
        council::reader_scored(&book.lines, &book.families, d, &f, AsOf::At(now))
    });
    Ok(ok(
        200,
        &SessionView {
            session: o.session.to_string(),
            closes_at: o.closes_at.to_rfc3339(),
            demo: ex.demo,
            reader: reader.reader.to_string(),
            group: reader.group,
            markets,
            council,
            council_hidden: (!visible).then(|| wire::HIDDEN_BEFORE_FIRST_FORECAST.to_owned()),
            peeked,
            scored,
            server_time: Some(now.to_rfc3339()),
        },
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
    let reply = if hidden {
        PeekReply {
            peeked: true,
            council: None,
        }
    } else {
        PeekReply {
            peeked: false,
            council: ex.book().council(o.session, now),
        }
    };
    Ok(ok(200, &reply))
}

async fn forecast(ex: &Experiment, body: &[u8], now: Instant) -> Result<Answer, Answer> {
    let o = open(now)?;
    let req = request::parse_forecast(body, o)?;
    let [arm_byte] = random::<1>()?;
    let decided = ex
        .store
        .run(move |tx| super::decide_forecast(tx, req, o, now, arm_byte))
        .await
        .map_err(storage_failed)?;
    let f = decided?;
    let display = match (f.stage, f.arm) {
        (Stage::Private, Some(arm)) => Some(display(ex, o.session, &f.market, arm, now)),
        _ => None,
    };
    Ok(ok(
        201,
        &Accepted {
            forecast: f,
            display,
        },
    ))
}

/// What the revision protocol shows between the private and the final call (§6.4).
fn display(
    ex: &Experiment,
    session: sealbook_core::calendar::Date,
    market: &str,
    arm: Arm,
    now: Instant,
) -> Display {
    let book = ex.book();
    let market = market.to_owned();
    match arm {
        Arm::Council => {
            let c = book.council(session, now);
            Display::Council {
                consensus: c.as_ref().and_then(|c| c.consensus.get(&market).cloned()),
                independence: c.as_ref().and_then(|c| c.independence),
                answers: c.map(|c| {
                    c.answers
                        .into_iter()
                        .filter(|a| a.market == market)
                        .collect()
                }),
                market,
            }
        }
        Arm::Control => {
            let run = council::latest_run(&book.lines, Some(session), AsOf::At(now));
            let snapshot = run.and_then(|r| {
                let sha = r.snapshot_sha256.as_deref()?;
                let ask = r.ask_sha256.as_deref()?;
                if !sealbook_core::hex::is_sha256_hex(ask) {
                    return None;
                }
                let text = std::fs::read(ex.dir.join("asks").join(format!("{ask}.md"))).ok()?;
                control_display(&text, sha, &market)
            });
            Display::Control { market, snapshot }
        }
    }
}

/// The analysis from the stats cache (never through the store's writer), with the count of
/// stored forecasts it covers.
async fn stats(ex: &Experiment, now: Instant) -> Result<Answer, Answer> {
    let c = ex.stats.get(ex.book(), now).await.map_err(storage_failed)?;
    Ok(Answer {
        status: 200,
        body: c.body.clone(),
        retry_after: None,
        forecasts_covered: Some(c.forecasts),
    })
}
