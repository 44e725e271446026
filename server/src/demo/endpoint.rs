//! The demo's model endpoint: an OpenAI-compatible chat-completions server on 127.0.0.1
//! (spec §3.1 step 2: every seat is asked the same text; §3.13 requirement 2). The demo's
//! model seats reach it through the league's own `adapter = "openai"` seat, as they would
//! reach a real provider, and it answers in the body shape of a real chat completion
//! (`../shared/vectors/llm-apis/openai`).
//!
//! Each demo model has a deterministic style, so the league's tables differ by seat. Its
//! answer is computed from the ask text's price snapshot (the ask's first ```` ```json ````
//! block, spec §3.1) and from nothing else: the same ask gives the same reply bytes, so the
//! sealed `own_sha256` of every answer is reproducible. Every model name and reply says DEMO.

use super::http1::{Request, Response, Server};
use super::prices::demo_symbol;
use crate::league::clock::Clock;
use sealbook_core::calendar::{session_close, Date, Instant};
use sealbook_core::league::config::contract_name;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a demo model answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Follows the last change: above 50 after a rise, below after a fall.
    Momentum,
    /// Leans against the last change and against the 52-week extremes.
    Contrarian,
    /// Scatters around 50 (a hash of the ask and the cell, no view at all).
    Noisy,
    /// Writes prose around a fenced JSON block, answers only the markets it "follows" that
    /// day, and declines to answer on some days (OpenAI's `message.refusal`).
    Wayward,
}

/// One demo model seat: its roster entry and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemoModel {
    /// The seat's name in the roster.
    pub seat: &'static str,
    /// The model name the seat asks for.
    pub model: &'static str,
    /// The model and version string the endpoint reports (sealed in the answer line).
    pub version: &'static str,
    pub family: &'static str,
    pub side: &'static str,
    pub style: Style,
}

/// The demo's model seats (two labs per side, spec §5.3 and §5.8).
pub const DEMO_MODELS: [DemoModel; 4] = [
    DemoModel {
        seat: "demo-trend",
        model: "demo-trend-1",
        version: "demo-trend-1-2026-10-01 (DEMO)",
        family: "demo-lab-a",
        side: "US",
        style: Style::Momentum,
    },
    DemoModel {
        seat: "demo-contra",
        model: "demo-contra-1",
        version: "demo-contra-1-2026-10-01 (DEMO)",
        family: "demo-lab-b",
        side: "US",
        style: Style::Contrarian,
    },
    DemoModel {
        seat: "demo-noise",
        model: "demo-noise-1",
        version: "demo-noise-1-2026-10-01 (DEMO)",
        family: "demo-lab-c",
        side: "China",
        style: Style::Noisy,
    },
    DemoModel {
        seat: "demo-prose",
        model: "demo-prose-1",
        version: "demo-prose-1-2026-10-01 (DEMO)",
        family: "demo-lab-d",
        side: "China",
        style: Style::Wayward,
    },
];

/// The provider every demo model seat declares (`[[seat]] provider`, sealed in the roster):
/// the in-process DEMO endpoint serves them all.
pub const DEMO_PROVIDER: &str = "demo-endpoint";

/// The horizons of the answer layout and each one's typical move (percent), which scales
/// targets, invalidation levels and buy_dips entries.
const HORIZONS: [(&str, f64); 4] = [("1d", 1.0), ("1w", 2.2), ("1m", 4.5), ("6m", 11.0)];

/// A running demo endpoint; the base URL for the seats' `base_url` is [`DemoEndpoint::base_url`].
pub struct DemoEndpoint {
    server: Server,
}

/// Longest a reply waits for its turn ([`DemoEndpoint::in_turn`]): a model before it that is
/// never asked does not hold it up for longer.
const TURN_WAIT: Duration = Duration::from_secs(5);

/// Whose turn it is to answer the ask being answered.
#[derive(Default)]
struct Turn {
    /// The ask's snapshot time (the same for every seat of a run).
    ask: String,
    /// How far the book has been read: the lines after it were sealed during this ask.
    read_to: u64,
    /// The seats whose answer lines were sealed during this ask.
    sealed: Vec<String>,
}

/// Lets the demo models' replies to one ask go in the order of [`DEMO_MODELS`], each one only
/// once the answer of the one before it is sealed in the league's book: the replies arrive
/// one by one, in the same order every run.
struct Turnstile {
    turn: Mutex<Turn>,
    book: PathBuf,
}

impl Turnstile {
    /// Reads the lines sealed since the last look; an unreadable book is read again later.
    fn read_on(&self, turn: &mut Turn) {
        use std::io::{Read, Seek};
        let Ok(mut f) = std::fs::File::open(&self.book) else {
            return;
        };
        let Ok(len) = f.metadata().map(|m| m.len()) else {
            return;
        };
        if len <= turn.read_to || f.seek(std::io::SeekFrom::Start(turn.read_to)).is_err() {
            return;
        }
        let mut new = Vec::new();
        if f.take(len - turn.read_to).read_to_end(&mut new).is_err() {
            return;
        }
        // Whole lines only: a line being written is read at the next look.
        let Some(end) = new.iter().rposition(|b| *b == b'\n') else {
            return;
        };
        for line in new[..end].split(|b| *b == b'\n') {
            let Ok(v) = serde_json::from_slice::<Value>(line) else {
                continue;
            };
            if let (Some("answer"), Some(seat)) = (v["kind"].as_str(), v["seat"].as_str()) {
                turn.sealed.push(seat.to_string());
            }
        }
        turn.read_to += end as u64 + 1;
    }

    /// Waits (at most [`TURN_WAIT`]) until model `index` may answer the ask `ask`: the first
    /// model at once, every other once the model before it has its answer sealed.
    fn wait(&self, ask: &str, index: usize) {
        let give_up = std::time::Instant::now() + TURN_WAIT;
        loop {
            let Ok(mut turn) = self.turn.lock() else {
                return;
            };
            if turn.ask != ask {
                let read_to = std::fs::metadata(&self.book).map_or(0, |m| m.len());
                *turn = Turn {
                    ask: ask.to_string(),
                    read_to,
                    sealed: Vec::new(),
                };
            }
            let Some(before) = index.checked_sub(1).map(|i| DEMO_MODELS[i].seat) else {
                return;
            };
            self.read_on(&mut turn);
            if turn.sealed.iter().any(|s| s == before) {
                return;
            }
            drop(turn);
            if std::time::Instant::now() >= give_up {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

impl DemoEndpoint {
    /// An endpoint answering every request at once.
    #[cfg(test)]
    pub fn start() -> std::io::Result<DemoEndpoint> {
        Ok(DemoEndpoint {
            server: Server::start("demo-endpoint", |r: &Request| handle(r, None, None))?,
        })
    }

    /// An endpoint whose models answer each ask in turn, in the order of [`DEMO_MODELS`],
    /// each once the answer of the one before it is sealed in `book` (see [`Turnstile`]), and
    /// whose crowd also answers as Kalshi for the [`DEMO_KALSHI`] contracts (`kalshi`).
    pub fn in_turn(book: PathBuf, kalshi: DemoKalshi) -> std::io::Result<DemoEndpoint> {
        let turnstile = Arc::new(Turnstile {
            turn: Mutex::new(Turn::default()),
            book,
        });
        Ok(DemoEndpoint {
            server: Server::start("demo-endpoint", move |r: &Request| {
                handle(r, Some(&turnstile), Some(&kalshi))
            })?,
        })
    }

    /// `http://127.0.0.1:<port>/v1`, as an OpenAI-compatible `base_url`.
    pub fn base_url(&self) -> String {
        format!("{}/v1", self.server.url())
    }
}

/// An OpenAI error envelope (`{error: {message, type, param, code}}`).
fn error(status: u16, kind: &str, code: Option<&str>, message: &str) -> Response {
    let body = json!({"error": {"message": message, "type": kind, "param": null, "code": code}});
    Response::new(status, "application/json", body.to_string())
}

/// The DEMO crowd's daily up-or-down markets (spec §4.9; seeds 001/003's bets are placed on
/// them): `GET /crowd/markets?slug=<slug>` answers as Polymarket's Gamma and
/// `GET /crowd/book?token_id=<slug>-up` as its CLOB. Every figure is a function of the slug
/// (the market and the session's date), so two demos read the same prices: the Up price
/// 10-90c, a bid 1c below and an ask 1c above, and a volume of $200-$30,199. Asked for the
/// closed market (`&closed=true`, as the bets' settlement asks Gamma), it answers the market
/// closed and resolved, its `outcomePrices` settled to 1 and 0: Up when a further figure of the
/// slug, 0-99, is below the Up price in cents (the crowd's price is the chance of Up).
fn crowd(r: &Request) -> Option<Response> {
    let json = |v: Value| Some(Response::new(200, "application/json", v.to_string()));
    let figures = |slug: &str| {
        let h = fnv(slug);
        (10 + (h % 81) as i64, 200 + ((h >> 20) % 30_000) as i64)
    };
    let cents = |c: i64| format!("{}.{:02}", c / 100, c % 100);
    if let Some(slug) = r
        .path
        .strip_prefix("/crowd/markets?slug=")
        .and_then(|q| q.strip_suffix("&closed=true"))
    {
        let (up, volume) = figures(slug);
        let won = ((fnv(slug) >> 40) % 100) < up as u64;
        let (p_up, p_down) = if won { ("1", "0") } else { ("0", "1") };
        return json(json!([{
            "slug": slug,
            "closed": true,
            "umaResolutionStatus": "resolved",
            "outcomes": "[\"Up\", \"Down\"]",
            "outcomePrices": format!("[\"{p_up}\", \"{p_down}\"]"),
            "clobTokenIds": format!("[\"{slug}-up\", \"{slug}-down\"]"),
            "volumeNum": volume,
        }]));
    }
    if let Some(slug) = r.path.strip_prefix("/crowd/markets?slug=") {
        let (up, volume) = figures(slug);
        return json(json!([{
            "slug": slug,
            "closed": false,
            "outcomes": "[\"Up\", \"Down\"]",
            "outcomePrices": format!("[\"{}\", \"{}\"]", cents(up), cents(100 - up)),
            "clobTokenIds": format!("[\"{slug}-up\", \"{slug}-down\"]"),
            "volumeNum": volume,
        }]));
    }
    let token = r.path.strip_prefix("/crowd/book?token_id=")?;
    let slug = token.strip_suffix("-up")?;
    let (up, _) = figures(slug);
    json(json!({
        "asset_id": token,
        "timestamp": "1760000000000",
        "bids": [{"price": cents(up - 1), "size": "500"}],
        "asks": [{"price": cents(up + 1), "size": "500"}],
        "last_trade_price": cents(up),
    }))
}

/// FNV-1a: a fixed, platform-free hash, from which the DEMO crowd's figures are drawn.
fn fnv(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The DEMO crowd's Kalshi contracts (spec §4.9; seeds 001/003's bets are placed on them):
/// market, event ticker template (as `[crowd.kalshi] contracts` gives it) and the ladder's
/// strike spacing. Markets the Polymarket demo crowd does not list, so the bets on them are
/// on Kalshi's contract; each closes at the session's close (`arena::eligibility::contract_close`).
pub const DEMO_KALSHI: [(&str, &str, f64); 2] = [
    ("DJI", "DEMOKXDJI-{yy}{MON}{dd}", 100.0),
    ("SOX", "DEMOKXSOX-{yy}{MON}{dd}", 20.0),
];

/// Strikes of a DEMO Kalshi ladder below and above the previous close's rung.
const RUNGS: std::ops::RangeInclusive<i64> = -4..=5;

/// The DEMO crowd as Kalshi: `GET /crowd/kalshi/events/<ticker>?with_nested_markets=true`
/// answers the [`DEMO_KALSHI`] event of the session the ticker names with its nested strike
/// ladder (`strike_type` `greater`), the layout of Kalshi's own event answer
/// (`../shared/vectors/kalshi`). The ladder is laid around the previous close the league's
/// snapshot reads for that session's morning run (the last close of the day before the last
/// day with bars before the session, from the demo's price file), so the quote
/// (`core::score::crowd_feed::kalshi_quote`) always brackets it. Every other figure is a
/// function of the ticker (FNV-1a, as the Polymarket demo): the chance of "above the previous
/// close" 15-85c, each rung 3c off it and 8c more per strike further, a bid 1c below and an
/// ask 1c above, a volume of 100-15,099 contracts. Once the session has closed (the demo's
/// clock at or after 16:00 ET) the same ladder is answered settled (`status` `finalized`,
/// `result` `yes`/`no`): Up when a further figure of the ticker, 0-99, is below the chance in
/// cents, the close then above the first strike over the previous close; otherwise at or
/// below the strike under it. Any other event is Kalshi's 404.
pub struct DemoKalshi {
    /// Per [`DEMO_KALSHI`] market, its last close of every day in the price file, by day.
    days: BTreeMap<&'static str, Vec<(Date, f64)>>,
    clock: Clock,
}

impl DemoKalshi {
    /// Reads the [`DEMO_KALSHI`] markets' daily closes from the demo's price file
    /// (`symbol,time,open,high,low,close,volume`, each symbol's rows in time order).
    pub fn new(prices: &[u8], clock: Clock) -> DemoKalshi {
        let symbols: BTreeMap<String, &'static str> = DEMO_KALSHI
            .iter()
            .map(|(asset, _, _)| (demo_symbol(asset), *asset))
            .collect();
        let mut days: BTreeMap<&'static str, Vec<(Date, f64)>> = BTreeMap::new();
        for line in String::from_utf8_lossy(prices).lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            let (Some(sym), Some(time), Some(close)) = (f.first(), f.get(1), f.get(5)) else {
                continue;
            };
            let Some(asset) = symbols.get(*sym) else {
                continue;
            };
            let (Some(t), Ok(close)) = (Instant::parse_rfc3339(time), close.parse::<f64>()) else {
                continue;
            };
            let day = t.new_york().0;
            let series = days.entry(asset).or_default();
            match series.last_mut() {
                Some(last) if last.0 == day => last.1 = close,
                _ => series.push((day, close)),
            }
        }
        DemoKalshi { days, clock }
    }

    /// The answer to `path`, when it asks for a Kalshi event; None for any other path.
    fn event(&self, path: &str) -> Option<Response> {
        let ticker = path
            .strip_prefix("/crowd/kalshi/events/")?
            .strip_suffix("?with_nested_markets=true")?;
        let not_found = Some(Response::new(
            404,
            "application/json",
            json!({"error": {"code": "not_found", "message": "not found (DEMO Kalshi)", "details": ""}})
                .to_string(),
        ));
        let found = DEMO_KALSHI.iter().find_map(|(asset, template, step)| {
            let days = self.days.get(asset)?;
            let i = days
                .iter()
                .position(|(d, _)| contract_name(template, *d) == ticker)?;
            // The snapshot's previous close: the day before the last day with bars.
            let prev_close = days.get(i.checked_sub(2)?)?.1;
            Some((*asset, days[i].0, prev_close, *step))
        });
        let Some((asset, session, prev_close, step)) = found else {
            return not_found;
        };
        let h = fnv(ticker);
        let chance = 15 + (h % 71) as i64;
        let up = ((h >> 40) % 100) < chance as u64;
        let settled = self.clock.peek() >= session_close(session);
        let base = (prev_close / step).floor() * step;
        let dollars = |c: i64| format!("{}.{:02}00", c / 100, c % 100);
        let markets: Vec<Value> = RUNGS
            .map(|k| {
                let strike = base + k as f64 * step;
                let p = if k <= 0 {
                    (chance + 3 + 8 * -k).min(99)
                } else {
                    (chance - 3 - 8 * (k - 1)).max(1)
                };
                let rung = (k - RUNGS.start()) as u64;
                let volume = 100 + ((h >> 20).wrapping_add(rung * 7_919) % 15_000);
                let t = format!("{ticker}-T{strike}");
                let mut m = json!({
                    "ticker": t,
                    "event_ticker": ticker,
                    "market_type": "binary",
                    "title": format!("DEMO {asset} above {strike} at the close?"),
                    "strike_type": "greater",
                    "floor_strike": strike,
                    "notional_value_dollars": "1.0000",
                    "volume_fp": format!("{volume}.00"),
                    "close_time": session_close(session).to_rfc3339(),
                    "status": "active",
                    "result": "",
                    "yes_bid_dollars": dollars(p - 1),
                    "yes_ask_dollars": dollars(p + 1),
                    "last_price_dollars": dollars(p),
                });
                if settled {
                    // Up: the close is above the first strike over the previous close.
                    let yes = if up { k <= 1 } else { k <= -1 };
                    m["status"] = json!("finalized");
                    m["result"] = json!(if yes { "yes" } else { "no" });
                    m["yes_bid_dollars"] = json!("0.0000");
                    m["yes_ask_dollars"] = json!("0.0000");
                    m["last_price_dollars"] = json!(if yes { "1.0000" } else { "0.0000" });
                }
                m
            })
            .collect();
        Some(Response::new(
            200,
            "application/json",
            json!({"event": {
                "event_ticker": ticker,
                "series_ticker": ticker.split('-').next().unwrap_or(ticker),
                "title": format!("DEMO {asset} at the close on {session}"),
                "category": "DEMO",
                "mutually_exclusive": false,
                "markets": markets,
            }})
            .to_string(),
        ))
    }
}

fn handle(r: &Request, turnstile: Option<&Turnstile>, kalshi: Option<&DemoKalshi>) -> Response {
    if r.method == "GET" {
        if let Some(answer) = crowd(r) {
            return answer;
        }
        if let Some(answer) = kalshi.and_then(|k| k.event(&r.path)) {
            return answer;
        }
    }
    if !r.path.ends_with("/chat/completions") {
        return error(
            404,
            "invalid_request_error",
            None,
            "Not found (DEMO endpoint: POST /v1/chat/completions)",
        );
    }
    if r.method != "POST" {
        return error(405, "invalid_request_error", None, "Use POST");
    }
    let Ok(body) = serde_json::from_slice::<Value>(&r.body) else {
        return error(400, "invalid_request_error", None, "The body is not JSON");
    };
    let model = body["model"].as_str().unwrap_or_default();
    let Some(m) = DEMO_MODELS.iter().find(|m| m.model == model) else {
        return error(
            404,
            "invalid_request_error",
            Some("model_not_found"),
            &format!("The model `{model}` does not exist (DEMO endpoint)"),
        );
    };
    if body["stream"].as_bool() == Some(true) {
        return error(
            400,
            "invalid_request_error",
            None,
            "The DEMO endpoint does not stream",
        );
    }
    let user = body["messages"]
        .as_array()
        .and_then(|ms| ms.iter().rev().find(|m| m["role"] == "user"))
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default();
    let prompt_chars: usize = body["messages"]
        .as_array()
        .map(|ms| {
            ms.iter()
                .filter_map(|m| m["content"].as_str())
                .map(str::len)
                .sum()
        })
        .unwrap_or(0);
    let reply = answer(m, user);
    if let Some(t) = turnstile {
        let ask = snapshot(user)
            .and_then(|s| s["taken_at"].as_str().map(str::to_owned))
            .unwrap_or_default();
        let index = DEMO_MODELS.iter().position(|d| d.model == m.model);
        t.wait(&ask, index.unwrap_or(0));
    }
    Response::new(
        200,
        "application/json",
        completion(m, &r.body, prompt_chars, &reply).to_string(),
    )
}

/// What the model says: its text, or a refusal.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelReply {
    Text(String),
    Refusal(String),
}

/// The chat completion body, in the field layout of a recorded OpenAI reply.
fn completion(m: &DemoModel, request: &[u8], prompt_chars: usize, reply: &ModelReply) -> Value {
    let (content, refusal) = match reply {
        ModelReply::Text(t) => (Value::String(t.clone()), Value::Null),
        ModelReply::Refusal(r) => (Value::Null, Value::String(r.clone())),
    };
    let completion_chars = match reply {
        ModelReply::Text(t) | ModelReply::Refusal(t) => t.len(),
    };
    let digest = Sha256::digest(request);
    let id = format!(
        "chatcmpl-DEMO{}",
        &sealbook_core::hex::encode(&digest)[..24]
    );
    // `created` is the snapshot's time, not the endpoint's clock: the reply bytes depend on
    // the request alone.
    let created = snapshot_time(request).unwrap_or(0);
    let (prompt_tokens, completion_tokens) =
        (prompt_chars.div_ceil(4), completion_chars.div_ceil(4));
    json!({
        "choices": [{
            "finish_reason": "stop",
            "index": 0,
            "logprobs": null,
            "message": {"annotations": [], "content": content, "refusal": refusal, "role": "assistant"}
        }],
        "created": created,
        "id": id,
        "model": m.version,
        "object": "chat.completion",
        "service_tier": "default",
        "system_fingerprint": "fp_demo",
        "usage": {
            "completion_tokens": completion_tokens,
            "completion_tokens_details": {"accepted_prediction_tokens": 0, "audio_tokens": 0, "reasoning_tokens": 0, "rejected_prediction_tokens": 0},
            "prompt_tokens": prompt_tokens,
            "prompt_tokens_details": {"audio_tokens": 0, "cached_tokens": 0},
            "total_tokens": prompt_tokens + completion_tokens
        }
    })
}

/// The snapshot's `taken_at` (seconds since the epoch) from a request body.
fn snapshot_time(request: &[u8]) -> Option<i64> {
    let body: Value = serde_json::from_slice(request).ok()?;
    let user = body["messages"]
        .as_array()?
        .iter()
        .rev()
        .find(|m| m["role"] == "user")?["content"]
        .as_str()?;
    let snap = snapshot(user)?;
    let t = sealbook_core::calendar::Instant::parse_rfc3339(snap["taken_at"].as_str()?)?;
    Some(t.0.div_euclid(1_000_000))
}

/// The ask's snapshot: the JSON of its first ```` ```json ```` block (spec §3.1; the ask
/// prints the snapshot's sealed bytes there).
pub fn snapshot(ask: &str) -> Option<Value> {
    let start = ask.find("```json\n")? + "```json\n".len();
    let end = start + ask[start..].find("\n```")?;
    serde_json::from_str(&ask[start..end]).ok()
}

/// The markets the ask wants a `crowd_up` for (§4.9), as its text lists them.
fn crowd_markets(ask: &str) -> Vec<String> {
    let Some(i) = ask.find("Separately, for ") else {
        return Vec::new();
    };
    let rest = &ask[i + "Separately, for ".len()..];
    let Some(j) = rest.find(" give items.<market>.1d.crowd_up") else {
        return Vec::new();
    };
    rest[..j].split(", ").map(str::to_string).collect()
}

/// A number in [0, 1) from the model, the snapshot's time to the minute and `what` (a set
/// clock's seconds and fractions vary with the machine; the minute does not).
fn unit(m: &DemoModel, taken_at: &str, what: &str) -> f64 {
    let minute = taken_at.get(..16).unwrap_or(taken_at);
    let d = Sha256::digest(format!("{}\n{minute}\n{what}", m.model).as_bytes());
    let x = u64::from_be_bytes(d[..8].try_into().expect("8 bytes"));
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// `x` rounded to one decimal.
fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A price level rounded to four significant figures past the integer part's size.
fn level(x: f64) -> f64 {
    if x.abs() >= 100.0 {
        (x * 100.0).round() / 100.0
    } else {
        (x * 10_000.0).round() / 10_000.0
    }
}

/// The model's answer to an ask (see [`Style`]).
pub fn answer(m: &DemoModel, ask: &str) -> ModelReply {
    let Some(snap) = snapshot(ask) else {
        return ModelReply::Text(
            "DEMO model: the ask has no price snapshot, so there is nothing to forecast.".into(),
        );
    };
    let taken_at = snap["taken_at"].as_str().unwrap_or_default().to_string();
    if m.style == Style::Wayward && unit(m, &taken_at, "refuse") < 0.12 {
        return ModelReply::Refusal(
            "DEMO model: I would rather not give market forecasts today.".into(),
        );
    }
    let crowd = crowd_markets(ask);
    let mut items = Map::new();
    for row in snap["markets"].as_array().into_iter().flatten() {
        let Some(asset) = row["asset"].as_str() else {
            continue;
        };
        let Some(price) = row["price"].as_f64() else {
            continue;
        };
        if m.style == Style::Wayward && unit(m, &taken_at, &format!("follow {asset}")) < 0.25 {
            continue;
        }
        let change = row["change_pct"].as_f64().unwrap_or(0.0);
        // Where the price sits in its 52-week range, -1 (the low) to 1 (the high).
        let place = match (row["low_52w"].as_f64(), row["high_52w"].as_f64()) {
            (Some(lo), Some(hi)) if hi > lo => {
                ((price - lo) / (hi - lo) * 2.0 - 1.0).clamp(-1.0, 1.0)
            }
            _ => 0.0,
        };
        let mut cells = Map::new();
        for (h, scale) in HORIZONS {
            let lean = match m.style {
                Style::Momentum => (change / scale * 9.0).clamp(-14.0, 14.0) + place * 2.0,
                Style::Contrarian => (-change / scale * 7.0).clamp(-12.0, 12.0) - place * 5.0,
                Style::Noisy => (unit(m, &taken_at, &format!("{asset} {h}")) - 0.5) * 36.0,
                Style::Wayward => {
                    (change * 4.0).clamp(-8.0, 8.0)
                        + (unit(m, &taken_at, &format!("{asset} {h}")) - 0.5) * 16.0
                }
            };
            let p = round1((50.0 + lean).clamp(3.0, 97.0));
            cells.insert(
                h.into(),
                cell(asset, h, price, scale, p, crowd.iter().any(|c| c == asset)),
            );
        }
        items.insert(asset.into(), Value::Object(cells));
    }
    let years = match m.style {
        Style::Momentum => {
            "DEMO: trends persist longer than expected; the years ahead follow them."
        }
        Style::Contrarian => "DEMO: extremes revert; the years ahead undo this year's moves.",
        Style::Noisy => "DEMO: no view on the years ahead.",
        Style::Wayward => "DEMO: it depends.",
    };
    let mut doc = json!({"items": items, "years": years});
    if let Some(d) = decisions(m, ask, &snap, &taken_at) {
        doc["decisions"] = d;
    }
    let text = match m.style {
        Style::Wayward => format!(
            "Here is my DEMO view for the session, as asked.\n\nI only follow some markets closely, so the others are left out.\n\n```json\n{}\n```\n\nTreat it as a toy: these are invented forecasts.",
            serde_json::to_string_pretty(&doc).expect("a JSON value")
        ),
        _ => doc.to_string(),
    };
    ModelReply::Text(text)
}

/// The trading tracks the ask lists (its `## Decisions` JSON block: version -> funds and
/// limits, `core::arena::league::tracks_json`).
fn tracks(ask: &str) -> Option<Map<String, Value>> {
    const OPEN: &str = "The same rules as JSON:\n\n```text\n";
    let start = ask.find(OPEN)? + OPEN.len();
    let end = start + ask[start..].find("\n```")?;
    match serde_json::from_str(&ask[start..end]).ok()? {
        Value::Object(o) => Some(o),
        _ => None,
    }
}

/// The model's decisions for each track the ask lists (spec §4.7, §4.8, seed 002's agent
/// portfolios), deterministic from the snapshot like its forecasts: some days "hold";
/// otherwise the funds its style favours (the momentum seat the risers, the contrarian the
/// fallers, the others at random), long only where the rules say so, each weight inside the
/// limits. The noisy seat now and then puts 40% in one fund (a decision the engine rejects:
/// above the 25%/30% limit), or, on a track with a most orders a session, spreads over one
/// fund more than it allows (rejected: too many orders); the wayward seat now and then writes
/// a decision the reader cannot take (a sentence).
fn decisions(m: &DemoModel, ask: &str, snap: &Value, taken_at: &str) -> Option<Value> {
    let bets = bets(m, ask, taken_at);
    let Some(tracks) = tracks(ask) else {
        return bets.map(|(v, d)| json!({ v: d }));
    };
    let change = |market: &str| {
        snap["markets"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| r["asset"] == market)
            .and_then(|r| r["change_pct"].as_f64())
            .unwrap_or(0.0)
    };
    let mut out = Map::new();
    for (version, rules) in &tracks {
        let u = |what: &str| unit(m, taken_at, &format!("{version} {what}"));
        if m.style == Style::Wayward && u("malformed") < 0.15 {
            out.insert(version.clone(), json!("DEMO: buy what went up"));
            continue;
        }
        if u("hold") < 0.3 {
            out.insert(version.clone(), json!("hold"));
            continue;
        }
        let mut scored: Vec<(f64, String)> = rules["funds"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(fund, market)| {
                let c = change(market.as_str().unwrap_or_default());
                let score = match m.style {
                    Style::Momentum => c,
                    Style::Contrarian => -c,
                    Style::Noisy | Style::Wayward => u(fund) - 0.5,
                };
                (score, fund.clone())
            })
            .collect();
        // Best first; ties by fund symbol, so the order is the same everywhere.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut weights = Map::new();
        let max_orders = rules["max_orders_per_session"].as_u64();
        if let (Style::Noisy, true, Some(n)) = (m.style, u("break") < 0.2, max_orders) {
            // One fund more than the orders a session allows, in equal parts: a decision
            // needing more orders than that, which the engine rejects (seed 002).
            let k = (n as usize + 1).min(scored.len());
            for (_, f) in scored.iter().take(k) {
                weights.insert(f.clone(), json!(100 / k.max(1)));
            }
        } else if m.style == Style::Noisy && u("break") < 0.2 {
            if let Some((_, f)) = scored.first() {
                weights.insert(f.clone(), json!(40));
            }
        } else if rules["long_only"] == true {
            for (_, f) in scored.iter().take(4) {
                weights.insert(f.clone(), json!(20));
            }
        } else {
            for (_, f) in scored.iter().take(3) {
                weights.insert(f.clone(), json!(25));
            }
            for (_, f) in scored.iter().rev().take(2) {
                weights.insert(f.clone(), json!(-15));
            }
        }
        out.insert(version.clone(), json!({ "weights": weights }));
    }
    if let Some((v, d)) = bets {
        out.insert(v, d);
    }
    Some(Value::Object(out))
}

/// The model's bets on the markets the ask's bets section lists (seeds 001/003), deterministic
/// like its other answers: some days "hold"; otherwise one or two of the listed markets, the
/// outcome by its style (the momentum seat with the market's move, the contrarian against it,
/// the others at random). The wayward seat now and then names an outcome the market does not
/// have (rejected), the noisy one now and then caps its price at 5c (the order is cancelled).
fn bets(m: &DemoModel, ask: &str, taken_at: &str) -> Option<(String, Value)> {
    const HEAD: &str = "## Bets (";
    let start = ask.find(HEAD)? + HEAD.len();
    let version = ask[start..].split(')').next()?.to_string();
    let markets: Vec<&str> = ask[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with("- "))
        .take_while(|l| l.starts_with("- "))
        .filter_map(|l| l[2..].split(' ').next())
        .collect();
    let u = |what: &str| unit(m, taken_at, &format!("{version} {what}"));
    if markets.is_empty() || u("hold") < 0.2 {
        return Some((version, json!("hold")));
    }
    let mut bets = Map::new();
    for (i, market) in markets.iter().enumerate().take(2) {
        if i == 1 && u("second") < 0.5 {
            break;
        }
        let up = match m.style {
            Style::Momentum => u(market) < 0.7,
            Style::Contrarian => u(market) < 0.3,
            Style::Noisy | Style::Wayward => u(market) < 0.5,
        };
        let mut bet = json!({"outcome": if up { "Up" } else { "Down" }});
        if m.style == Style::Wayward && u("sideways") < 0.2 {
            bet["outcome"] = json!("Sideways");
        }
        if m.style == Style::Noisy && u("cap") < 0.2 {
            bet["cap"] = json!(0.05);
        }
        bets.insert(market.to_string(), bet);
    }
    Some((version, json!({ "bets": bets })))
}

/// One answer cell: the probability, an action that follows from it, levels around the price.
fn cell(asset: &str, h: &str, price: f64, scale: f64, p: f64, crowd: bool) -> Value {
    let dir = if p >= 50.0 { 1.0 } else { -1.0 };
    let action = match p {
        p if p >= 62.0 => "buy_strong",
        p if p >= 55.0 => "buy_dips",
        p if p > 45.0 => "hold",
        p if p > 38.0 => "trim",
        _ => "sell",
    };
    let move_pct = (p - 50.0) / 50.0 * scale;
    let mut c = json!({
        "prob_up": p,
        "action": action,
        "target": level(price * (1.0 + move_pct / 100.0)),
        "invalidation": level(price * (1.0 - dir * scale / 100.0)),
        "exp_pct": round1(move_pct),
        "risk": format!("DEMO: {asset} moves against the view over {h}"),
        "revise_if": format!("DEMO: {asset} crosses {}", level(price * (1.0 - dir * scale / 200.0))),
    });
    if action == "buy_dips" {
        c["entry"] = json!(level(price * (1.0 - scale / 300.0)));
    }
    if crowd && h == "1d" {
        c["crowd_up"] = json!(round1((p + 50.0) / 2.0));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::http::HttpSeat;
    use crate::seats::SeatAdapter;
    use sealbook_core::league::answer::read_answer;
    use sealbook_core::league::ask::{Ask, MarketRow, Snapshot};
    use sealbook_core::league::wire::{Finish, Wire};
    use sealbook_core::records::book_lines::build::Shape;
    use sealbook_core::records::names::MARKETS;
    use sealbook_tests::llm_vectors::{recordings, Provider};
    use std::time::{Duration, Instant};

    /// A snapshot where every market rose `change` percent, near its 52-week `place`.
    fn ask(taken_at: &str, change: f64, crowd: &[&str]) -> Ask {
        let rows = MARKETS
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let prev = 100.0 + i as f64;
                MarketRow {
                    asset: m.to_string(),
                    price: prev * (1.0 + change / 100.0),
                    prev_close: Some(prev),
                    low_52w: Some(prev * 0.8),
                    high_52w: Some(prev * 1.2),
                    read_at: "2026-10-20T20:00:00Z".into(),
                }
            })
            .collect();
        let snap = Snapshot {
            taken_at: taken_at.into(),
            rows,
        };
        Ask::new(
            "DEMO league",
            "2026-10-21-am",
            "2026-10-21T13:30:00Z",
            &snap,
            crowd,
        )
    }

    /// The keys of an object, sorted.
    fn keys(v: &Value) -> Vec<String> {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    }

    /// Asks `model` through the league's own OpenAI seat.
    fn ask_seat(base_url: &str, model: &DemoModel, a: &Ask) -> crate::seats::SeatReply {
        let seat = HttpSeat::new(
            m_name(model),
            Wire::OpenAi,
            base_url,
            None,
            Duration::from_secs(20),
        );
        let req = a.request(model.model, 8192, None, None);
        seat.ask(&req, Instant::now() + Duration::from_secs(30))
    }

    fn m_name(m: &DemoModel) -> &str {
        m.seat
    }

    #[test]
    fn every_demo_seat_answers_through_the_openai_seat() {
        let endpoint = DemoEndpoint::start().unwrap();
        let a = ask("2026-10-21T12:30:00Z", 1.0, &["SPX", "GOLD"]);
        let mut probs = Vec::new();
        for m in DEMO_MODELS {
            let reply = ask_seat(&endpoint.base_url(), &m, &a);
            assert_eq!(reply.status, Some(200), "{m:?}: {reply:?}");
            assert_eq!(reply.outcome.provider_model.as_deref(), Some(m.version));
            match &reply.outcome.finish {
                Finish::Stop => {}
                Finish::Refused(r) => {
                    assert_eq!(m.style, Style::Wayward);
                    assert!(r.contains("DEMO"));
                    continue;
                }
                other => panic!("{m:?}: {other:?}"),
            }
            let text = reply.outcome.text.as_deref().unwrap();
            let read = read_answer(text);
            assert_eq!(read.shape, None, "{m:?}: {read:?}\n{text}");
            let items = read.items.unwrap();
            let spx = items.get("SPX").and_then(|c| c.as_object());
            if m.style == Style::Wayward {
                assert!(text.starts_with("Here is my DEMO view"), "{text}");
                assert!(items.len() <= 12);
            } else {
                assert_eq!(items.len(), 12, "{m:?}");
            }
            if let Some(spx) = spx {
                let d1 = spx.get("1d").unwrap().as_object().unwrap();
                let p =
                    sealbook_core::records::book_lines::number(d1.get("prob_up").unwrap()).unwrap();
                // crowd_up only where the ask asked for it.
                assert!(d1.get("crowd_up").is_some(), "{m:?}");
                probs.push((m.style, p));
            }
            assert!(items.get("NDX").is_none_or(|c| c
                .as_object()
                .unwrap()
                .get("1d")
                .unwrap()
                .as_object()
                .unwrap()
                .get("crowd_up")
                .is_none()));
            // The same ask gives the same bytes (own_sha256 is reproducible).
            let again = ask_seat(&endpoint.base_url(), &m, &a);
            assert_eq!(again.raw, reply.raw, "{m:?}");
        }
        let p = |s| probs.iter().find(|(t, _)| *t == s).map(|(_, p)| *p);
        // After a rise the momentum seat leans up and the contrarian down.
        assert!(p(Style::Momentum).unwrap() > 50.0, "{probs:?}");
        assert!(p(Style::Contrarian).unwrap() < 50.0, "{probs:?}");
        // After a fall they swap.
        let down = ask("2026-10-22T12:30:00Z", -1.0, &[]);
        let lean = |m: &DemoModel| {
            let r = ask_seat(&endpoint.base_url(), m, &down);
            let items = read_answer(r.outcome.text.as_deref().unwrap())
                .items
                .unwrap();
            let c = items
                .get("SPX")
                .unwrap()
                .as_object()
                .unwrap()
                .get("1d")
                .unwrap()
                .clone();
            sealbook_core::records::book_lines::number(
                c.as_object().unwrap().get("prob_up").unwrap(),
            )
            .unwrap()
        };
        assert!(lean(&DEMO_MODELS[0]) < 50.0);
        assert!(lean(&DEMO_MODELS[1]) > 50.0);
    }

    #[test]
    fn answers_depend_on_the_prices_and_the_minute_not_the_seconds() {
        let a = ask("2026-10-21T12:30:00.123456Z", 0.7, &[]);
        let b = ask("2026-10-21T12:30:01.987654Z", 0.7, &[]);
        let c = ask("2026-10-22T12:30:00.123456Z", 0.7, &[]);
        for m in DEMO_MODELS {
            assert_eq!(answer(&m, &a.text), answer(&m, &b.text), "{m:?}");
        }
        // The noisy seat draws anew on another day.
        assert_ne!(
            answer(&DEMO_MODELS[2], &a.text),
            answer(&DEMO_MODELS[2], &c.text)
        );
    }

    #[test]
    fn the_wayward_seat_refuses_on_some_days_and_writes_prose_on_others() {
        let endpoint = DemoEndpoint::start().unwrap();
        let m = DEMO_MODELS[3];
        let (mut refused, mut prose) = (0, 0);
        for day in 1..=40 {
            let a = ask(
                &format!("2026-11-{:02}T13:00:00Z", day % 28 + 1),
                day as f64 / 20.0 - 1.0,
                &[],
            );
            let a = Ask {
                text: a.text.replace("13:00:00Z", &format!("13:{day:02}:00Z")),
                ..a
            };
            let r = ask_seat(&endpoint.base_url(), &m, &a);
            match r.outcome.finish {
                Finish::Refused(_) => {
                    refused += 1;
                    // The league seals a refusal as received: no items, refused_shape.
                    assert_eq!(r.outcome.text, None);
                }
                Finish::Stop => {
                    prose += 1;
                    let read = read_answer(r.outcome.text.as_deref().unwrap());
                    assert_eq!(read.shape, None);
                    assert!(read.at_byte.unwrap() > 0, "the JSON sits inside prose");
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(
            refused >= 1 && prose >= 30,
            "refused {refused}, prose {prose}"
        );
        // An ask without a snapshot gets prose without an object: refused_shape when read.
        let r = HttpSeat::new(
            "x",
            Wire::OpenAi,
            &endpoint.base_url(),
            None,
            Duration::from_secs(10),
        )
        .ask(
            &sealbook_core::league::ask::AskRequest {
                system: String::new(),
                user: "hello".into(),
                model: m.model.into(),
                max_tokens: 10,
                temperature: None,
            },
            Instant::now() + Duration::from_secs(20),
        );
        let read = read_answer(r.outcome.text.as_deref().unwrap());
        assert_eq!(read.shape.map(|s| s.0), Some(Shape::Refused));
    }

    #[test]
    fn replies_have_the_recorded_openai_body_shape() {
        let recorded = recordings()
            .into_iter()
            .find(|r| {
                r.provider == Provider::OpenAi
                    && r.status == 200
                    && r.file.contains("max_completion_tokens")
            })
            .expect("the recorded gpt-4o-mini completion");
        let rec: Value = serde_json::from_slice(&recorded.body).unwrap();
        let endpoint = DemoEndpoint::start().unwrap();
        let a = ask("2026-10-21T12:30:00Z", 0.5, &[]);
        let r = ask_seat(&endpoint.base_url(), &DEMO_MODELS[0], &a);
        let ours: Value = serde_json::from_slice(&r.raw).unwrap();
        assert_eq!(keys(&ours), keys(&rec));
        for path in [
            ["choices", "0"].as_slice(),
            &["choices", "0", "message"],
            &["usage"],
            &["usage", "completion_tokens_details"],
            &["usage", "prompt_tokens_details"],
        ] {
            let get = |v: &Value| {
                path.iter()
                    .fold(v.clone(), |v, k| match k.parse::<usize>() {
                        Ok(i) => v[i].clone(),
                        Err(_) => v[*k].clone(),
                    })
            };
            assert_eq!(keys(&get(&ours)), keys(&get(&rec)), "{path:?}");
        }
        assert_eq!(ours["object"], rec["object"]);
        assert_eq!(ours["choices"][0]["finish_reason"], "stop");
        // core's wire reader gives the text the league seals.
        let outcome = Wire::OpenAi.read(&sealbook_core::league::wire::Reply {
            status: 200,
            headers: &[("content-type", "application/json")],
            body: &r.raw,
        });
        assert_eq!(outcome.finish, Finish::Stop);
        assert_eq!(outcome.text, r.outcome.text);
        // An unknown model gets OpenAI's error envelope, read as a non-retried error.
        let bad = DemoModel {
            model: "gpt-nope",
            ..DEMO_MODELS[0]
        };
        let r = ask_seat(&endpoint.base_url(), &bad, &a);
        assert_eq!(r.status, Some(404));
        assert!(
            matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "model_not_found"),
            "{r:?}"
        );
        assert_eq!(r.attempts, 1);
    }
}
