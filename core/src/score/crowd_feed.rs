//! The crowd's prices read from the venues' own JSON (spec §4.9) into the run line's quotes
//! ([`crate::records::book_lines::Quote`]): bytes in, typed values out, every error naming the file
//! and the JSON path of the field at fault.
//!
//! Polymarket:
//! - Gamma `GET /markets?slug=...`: a bare array of markets, or the keyset form
//!   `{"markets": [...]}`. `outcomes`, `outcomePrices` and `clobTokenIds` are JSON arrays
//!   written as strings (the keyset form may write `clobTokenIds` as a real array); the
//!   volume is `volumeNum` (US dollars), else the decimal string `volume`.
//! - CLOB `GET /book?token_id=...`: `asset_id`, `timestamp` (ms, a string), `bids` and `asks`
//!   of `{price, size}` strings in any order (the best bid is the highest, the best ask the
//!   lowest), `last_trade_price` (a string).
//! - The quote is the book of the market's "Up" (else "Yes") outcome token. Its price is
//!   the venue's displayed price: the midpoint of the best bid and ask when both exist and
//!   the spread is at most [`MAX_MID_SPREAD`], else the last trade, else Gamma's outcome
//!   price.
//!
//! Kalshi (trade API v2):
//! - `GET /events/<ticker>?with_nested_markets=true` (`{"event": {"markets": [...]}}`), the
//!   same without nesting (`{"event": ..., "markets": [...]}`), `GET /events` (`{"events":
//!   [{"markets": [...]}]}`) and `GET /markets` (`{"markets": [...]}`) all give markets.
//!   Prices are the `*_dollars` strings (`yes_bid_dollars`, ...), else the older integer
//!   cents (`yes_bid`, ...); volumes `volume_fp` (a decimal string of contracts), else
//!   `volume`. A side quoted at 0 is a side with no order.
//! - `GET /markets/<ticker>` (`{"market": {...}}`) gives the one market. A market's `status`
//!   (`active` while it trades; `settled` or `finalized` once paid out) and `result` (`yes`,
//!   `no`; empty while open) are read with it ([`kalshi_resolution`]).
//! - `GET /markets/<ticker>/orderbook`: `orderbook_fp` (or `orderbook`) with `yes_dollars` and
//!   `no_dollars` as `[price, size]` string pairs, both sides bids (an empty side is `null`
//!   or absent): the best yes bid is the highest yes price, the best yes ask one dollar less
//!   the highest no price.
//! - The daily contract is a strike ladder. In a ladder of `greater` markets each market's
//!   price is that of "above its `floor_strike`"; in a mutually exclusive ladder of
//!   `between` buckets (with `less` and `greater` ends) the price of "above a bucket's floor"
//!   is the sum of the prices of that bucket and every bucket above it. The two strikes
//!   around the previous close give the price of "above the previous close" by
//!   [`super::crowd::kalshi_above_close`] (bid and ask likewise), and the quote's volume is
//!   the dollar face value (contracts x `notional_value_dollars`, 1 when absent) traded in
//!   the markets of those two strikes.
//!
//! Neither feed gives the time of the last trade; `last_trade_at` stays empty.

use super::crowd::kalshi_above_close;
use crate::book::canon::{self, Object, Value};
use crate::records::crowd::{Quote, Strike};
use std::fmt;

/// Largest answer read.
pub const MAX_FEED_BYTES: usize = 16 << 20;
/// Most markets or book levels read from one answer.
pub const MAX_ITEMS: usize = 100_000;
/// The widest spread at which the midpoint is the displayed price (Polymarket's rule).
pub const MAX_MID_SPREAD: f64 = 0.10;

/// An answer that cannot be read: the file (or URL), the JSON path and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedError {
    pub file: String,
    /// `[3].outcomePrices`, `event.markets[2].floor_strike`; empty for the document.
    pub field: String,
    pub message: String,
}

impl fmt::Display for FeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: field {}: {}", self.file, self.field, self.message)
        }
    }
}

impl std::error::Error for FeedError {}

struct Doc<'a> {
    file: &'a str,
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.into()
    } else {
        format!("{path}.{key}")
    }
}

impl Doc<'_> {
    fn err(&self, field: &str, message: impl Into<String>) -> FeedError {
        FeedError {
            file: self.file.into(),
            field: field.into(),
            message: message.into(),
        }
    }

    fn parse(&self, bytes: &[u8]) -> Result<Value, FeedError> {
        if bytes.len() > MAX_FEED_BYTES {
            return Err(self.err(
                "",
                format!("answer of {} bytes exceeds {MAX_FEED_BYTES}", bytes.len()),
            ));
        }
        canon::parse(bytes).map_err(|e| self.err("", format!("not JSON: {e}")))
    }

    fn object<'v>(&self, v: &'v Value, path: &str) -> Result<&'v Object, FeedError> {
        v.as_object()
            .ok_or_else(|| self.err(path, format!("expected an object, found {}", v.type_name())))
    }

    fn array<'v>(&self, v: &'v Value, path: &str) -> Result<&'v [Value], FeedError> {
        match v {
            Value::Array(a) if a.len() <= MAX_ITEMS => Ok(a),
            Value::Array(a) => Err(self.err(path, format!("{} items exceed {MAX_ITEMS}", a.len()))),
            _ => Err(self.err(path, format!("expected a list, found {}", v.type_name()))),
        }
    }

    /// A present, non-null member.
    fn get<'v>(&self, o: &'v Object, key: &str) -> Option<&'v Value> {
        o.get(key).filter(|v| !matches!(v, Value::Null))
    }

    fn required<'v>(&self, o: &'v Object, path: &str, key: &str) -> Result<&'v Value, FeedError> {
        self.get(o, key)
            .ok_or_else(|| self.err(&join(path, key), "missing"))
    }

    fn string(&self, v: &Value, path: &str) -> Result<String, FeedError> {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| self.err(path, format!("expected a string, found {}", v.type_name())))
    }

    fn opt_string(&self, o: &Object, path: &str, key: &str) -> Result<Option<String>, FeedError> {
        self.get(o, key)
            .map(|v| self.string(v, &join(path, key)))
            .transpose()
    }

    fn opt_bool(&self, o: &Object, path: &str, key: &str) -> Result<Option<bool>, FeedError> {
        match self.get(o, key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(self.err(
                &join(path, key),
                format!("expected a bool, found {}", v.type_name()),
            )),
        }
    }

    /// A finite number, written as a JSON number or (as the venues write prices) a decimal
    /// string.
    fn number(&self, v: &Value, path: &str) -> Result<f64, FeedError> {
        let x = match v {
            Value::Float(f) => *f,
            Value::Int(i) => i.as_str().parse::<f64>().unwrap_or(f64::INFINITY),
            Value::Str(s) => {
                let t = s.as_str().unwrap_or("").trim();
                if t.is_empty()
                    || t.len() > 64
                    || !t
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
                {
                    return Err(self.err(path, format!("{t:?} is not a decimal number")));
                }
                t.parse::<f64>()
                    .map_err(|_| self.err(path, format!("{t:?} is not a decimal number")))?
            }
            _ => return Err(self.err(path, format!("expected a number, found {}", v.type_name()))),
        };
        if !x.is_finite() {
            return Err(self.err(path, "not a finite number"));
        }
        Ok(x)
    }

    fn opt_number(&self, o: &Object, path: &str, key: &str) -> Result<Option<f64>, FeedError> {
        self.get(o, key)
            .map(|v| self.number(v, &join(path, key)))
            .transpose()
    }

    /// A price in dollars, 0-1.
    fn price(&self, v: &Value, path: &str) -> Result<f64, FeedError> {
        let p = self.number(v, path)?;
        if !(0.0..=1.0).contains(&p) {
            return Err(self.err(path, format!("{p} is not a price 0-1 in dollars")));
        }
        Ok(p)
    }

    fn opt_price(&self, o: &Object, path: &str, key: &str) -> Result<Option<f64>, FeedError> {
        self.get(o, key)
            .map(|v| self.price(v, &join(path, key)))
            .transpose()
    }

    /// A count or amount, 0 or more.
    fn amount(&self, v: &Value, path: &str) -> Result<f64, FeedError> {
        let x = self.number(v, path)?;
        if x < 0.0 {
            return Err(self.err(path, format!("{x} is negative")));
        }
        Ok(x)
    }

    /// A list written as a JSON string holding a JSON array (Gamma's `outcomes`), or as an
    /// array.
    fn string_list(&self, v: &Value, path: &str) -> Result<Vec<Value>, FeedError> {
        let inner;
        let list = match v {
            Value::Str(s) => {
                let text = s
                    .as_str()
                    .ok_or_else(|| self.err(path, "not valid UTF-8 text"))?;
                inner = canon::parse(text.as_bytes())
                    .map_err(|e| self.err(path, format!("not a JSON list in a string: {e}")))?;
                &inner
            }
            other => other,
        };
        Ok(self.array(list, path)?.to_vec())
    }
}

/// One Polymarket market as Gamma lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyMarket {
    pub id: Option<String>,
    pub slug: String,
    pub question: Option<String>,
    pub outcomes: Vec<String>,
    pub outcome_prices: Vec<f64>,
    /// The CLOB token id of each outcome, in the order of `outcomes`.
    pub token_ids: Vec<String>,
    /// US dollars traded.
    pub volume: f64,
    pub active: Option<bool>,
    pub closed: Option<bool>,
    pub end_date: Option<String>,
    /// Gamma's `umaResolutionStatus` (the UMA oracle's stage: `proposed`, `disputed`,
    /// `resolved`, ...), when given.
    pub uma_resolution_status: Option<String>,
}

impl PolyMarket {
    /// The outcome that stands for "up": `Up`, else `Yes` (either case).
    pub fn up_index(&self) -> Option<usize> {
        ["up", "yes"].iter().find_map(|want| {
            self.outcomes
                .iter()
                .position(|o| o.eq_ignore_ascii_case(want))
        })
    }
}

/// The markets of a Gamma `/markets` answer (a bare array or `{"markets": [...]}`).
pub fn polymarket_markets(bytes: &[u8], file: &str) -> Result<Vec<PolyMarket>, FeedError> {
    let d = Doc { file };
    let doc = d.parse(bytes)?;
    let (list, base) = match &doc {
        Value::Object(o) => (d.required(o, "", "markets")?, "markets"),
        v => (v, ""),
    };
    let items = d.array(list, base)?;
    let mut out = Vec::with_capacity(items.len());
    for (i, m) in items.iter().enumerate() {
        out.push(poly_market(&d, m, &format!("{base}[{i}]"))?);
    }
    Ok(out)
}

fn poly_market(d: &Doc, v: &Value, path: &str) -> Result<PolyMarket, FeedError> {
    let m = d.object(v, path)?;
    let p = |k: &str| join(path, k);
    let id = match d.get(m, "id") {
        None => None,
        Some(Value::Int(i)) => Some(i.as_str().to_owned()),
        Some(v) => Some(d.string(v, &p("id"))?),
    };
    let slug = d.string(d.required(m, path, "slug")?, &p("slug"))?;
    let outcomes = d
        .string_list(d.required(m, path, "outcomes")?, &p("outcomes"))?
        .iter()
        .enumerate()
        .map(|(i, o)| d.string(o, &format!("{}[{i}]", p("outcomes"))))
        .collect::<Result<Vec<_>, _>>()?;
    let outcome_prices = match d.get(m, "outcomePrices") {
        None => Vec::new(),
        Some(v) => d
            .string_list(v, &p("outcomePrices"))?
            .iter()
            .enumerate()
            .map(|(i, x)| d.price(x, &format!("{}[{i}]", p("outcomePrices"))))
            .collect::<Result<Vec<_>, _>>()?,
    };
    let token_ids = match d.get(m, "clobTokenIds") {
        None => Vec::new(),
        Some(v) => d
            .string_list(v, &p("clobTokenIds"))?
            .iter()
            .enumerate()
            .map(|(i, x)| d.string(x, &format!("{}[{i}]", p("clobTokenIds"))))
            .collect::<Result<Vec<_>, _>>()?,
    };
    for (key, n) in [
        ("outcomePrices", outcome_prices.len()),
        ("clobTokenIds", token_ids.len()),
    ] {
        if n != 0 && n != outcomes.len() {
            return Err(d.err(
                &p(key),
                format!("{n} items for {} outcomes", outcomes.len()),
            ));
        }
    }
    let volume = match d.get(m, "volumeNum") {
        Some(v) => d.amount(v, &p("volumeNum"))?,
        None => match d.get(m, "volume") {
            Some(v) => d.amount(v, &p("volume"))?,
            None => 0.0,
        },
    };
    Ok(PolyMarket {
        id,
        slug,
        question: d.opt_string(m, path, "question")?,
        outcomes,
        outcome_prices,
        token_ids,
        volume,
        active: d.opt_bool(m, path, "active")?,
        closed: d.opt_bool(m, path, "closed")?,
        end_date: d.opt_string(m, path, "endDate")?,
        uma_resolution_status: d.opt_string(m, path, "umaResolutionStatus")?,
    })
}

/// The top of one outcome token's CLOB book.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyBook {
    pub asset_id: String,
    /// When the book was read, ms since the epoch.
    pub timestamp_ms: Option<i64>,
    pub best_bid: Option<f64>,
    pub best_ask: Option<f64>,
    pub last_trade_price: Option<f64>,
}

/// A CLOB `/book` answer.
pub fn polymarket_book(bytes: &[u8], file: &str) -> Result<PolyBook, FeedError> {
    let d = Doc { file };
    let doc = d.parse(bytes)?;
    let b = d.object(&doc, "")?;
    let asset_id = d.string(d.required(b, "", "asset_id")?, "asset_id")?;
    let timestamp_ms = match d.get(b, "timestamp") {
        None => None,
        Some(v) => {
            let t = d.number(v, "timestamp")?;
            if !(0.0..=253_402_300_799_999.0).contains(&t) || t.fract() != 0.0 {
                return Err(d.err("timestamp", format!("{t} is not a time in milliseconds")));
            }
            Some(t as i64)
        }
    };
    let side = |key: &str, best: fn(f64, f64) -> f64| -> Result<Option<f64>, FeedError> {
        let Some(levels) = d.get(b, key) else {
            return Ok(None);
        };
        let mut top: Option<f64> = None;
        for (i, l) in d.array(levels, key)?.iter().enumerate() {
            let lp = format!("{key}[{i}]");
            let o = d.object(l, &lp)?;
            let price = d.price(d.required(o, &lp, "price")?, &join(&lp, "price"))?;
            let size = d.amount(d.required(o, &lp, "size")?, &join(&lp, "size"))?;
            if size > 0.0 {
                top = Some(top.map_or(price, |t| best(t, price)));
            }
        }
        Ok(top)
    };
    Ok(PolyBook {
        asset_id,
        timestamp_ms,
        best_bid: side("bids", f64::max)?,
        best_ask: side("asks", f64::min)?,
        last_trade_price: d.opt_price(b, "", "last_trade_price")?,
    })
}

/// The displayed price: the midpoint when both sides exist and the spread is at most
/// [`MAX_MID_SPREAD`], else the last trade.
fn displayed(bid: Option<f64>, ask: Option<f64>, last: Option<f64>) -> Option<f64> {
    match (bid, ask) {
        (Some(b), Some(a)) if a >= b && a - b <= MAX_MID_SPREAD + 1e-12 => Some((a + b) / 2.0),
        _ => last,
    }
}

/// The quote of a Polymarket market from its "up" token's book (see the module doc).
pub fn polymarket_quote(market: &PolyMarket, book: &PolyBook) -> Result<Quote, String> {
    let up = market.up_index().ok_or_else(|| {
        format!(
            "market {}: no Up or Yes outcome among {:?}",
            market.slug, market.outcomes
        )
    })?;
    let token = market
        .token_ids
        .get(up)
        .ok_or_else(|| format!("market {}: no CLOB token ids", market.slug))?;
    if *token != book.asset_id {
        return Err(format!(
            "market {}: the book is of token {}, the {} outcome's token is {token}",
            market.slug, book.asset_id, market.outcomes[up]
        ));
    }
    let p_up = displayed(book.best_bid, book.best_ask, book.last_trade_price)
        .or_else(|| market.outcome_prices.get(up).copied())
        .ok_or_else(|| {
            format!(
                "market {}: no bid and ask, no last trade and no outcome price",
                market.slug
            )
        })?;
    Ok(Quote {
        p_up,
        vol: market.volume,
        bid: book.best_bid,
        ask: book.best_ask,
        last_trade_at: None,
        lo: None,
        hi: None,
        prev_close: None,
    })
}

/// The resolution of a Polymarket up-or-down market as Gamma answers it once the market has
/// closed (spec §4.9; seeds 001/003 settle the bets on it): `Ok(None)` while the market is not
/// closed, `Ok(Some(true))` when the Up (else Yes) outcome's price has settled to 1 and every
/// other outcome's to 0, `Ok(Some(false))` when another outcome's has settled to 1 and the Up
/// outcome's to 0. A closed market whose prices are anything else (not yet settled, a 50-50
/// split, a missing price) is an error naming the market and its prices: a bet is never
/// settled on a guess. A closed market whose `umaResolutionStatus` is given and is not
/// `resolved` (the oracle's answer `proposed` and open to dispute, or `disputed`) is not
/// settled either, whatever its prices: an error naming the market and that status, so the
/// bet stays open with the reason; without the field the prices decide alone.
pub fn polymarket_resolution(market: &PolyMarket) -> Result<Option<bool>, String> {
    if market.closed != Some(true) {
        return Ok(None);
    }
    if let Some(status) = market
        .uma_resolution_status
        .as_deref()
        .filter(|s| *s != "resolved")
    {
        return Err(format!(
            "market {}: closed but its umaResolutionStatus is {status:?}, not \"resolved\": not settled yet",
            market.slug
        ));
    }
    let up = market.up_index().ok_or_else(|| {
        format!(
            "market {}: no Up or Yes outcome among {:?}",
            market.slug, market.outcomes
        )
    })?;
    let settled = market.outcome_prices.len() == market.outcomes.len()
        && market.outcome_prices.iter().all(|p| *p == 0.0 || *p == 1.0)
        && market.outcome_prices.iter().filter(|p| **p == 1.0).count() == 1;
    if !settled {
        return Err(format!(
            "market {}: closed but outcomePrices {:?} of {:?} are not settled to 1 and 0",
            market.slug, market.outcome_prices, market.outcomes
        ));
    }
    Ok(Some(market.outcome_prices[up] == 1.0))
}

/// One Kalshi market of a strike ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct KalshiMarket {
    pub ticker: String,
    pub event_ticker: Option<String>,
    pub status: Option<String>,
    /// `greater`, `less`, `between`, `custom`, ...
    pub strike_type: Option<String>,
    pub floor_strike: Option<f64>,
    pub cap_strike: Option<f64>,
    pub yes_bid: Option<f64>,
    pub yes_ask: Option<f64>,
    pub last_price: Option<f64>,
    /// Contracts traded.
    pub volume: f64,
    /// Dollars one contract pays.
    pub notional: f64,
    /// The settled outcome (`yes`, `no`; empty while the market is open).
    pub result: Option<String>,
}

impl KalshiMarket {
    /// The market with the bid and ask of its order book.
    pub fn with_book(mut self, book: &KalshiBook) -> KalshiMarket {
        self.yes_bid = book.best_yes_bid;
        self.yes_ask = book.best_yes_ask;
        self
    }

    fn price(&self) -> Option<f64> {
        let last = self.last_price.filter(|_| self.volume > 0.0);
        displayed(self.yes_bid, self.yes_ask, last)
    }
}

/// The markets of a Kalshi events or markets answer (see the module doc for the shapes).
pub fn kalshi_markets(bytes: &[u8], file: &str) -> Result<Vec<KalshiMarket>, FeedError> {
    let d = Doc { file };
    let doc = d.parse(bytes)?;
    let top = d.object(&doc, "")?;
    let mut lists: Vec<(&Value, String)> = Vec::new();
    if let Some(ev) = d.get(top, "event") {
        let e = d.object(ev, "event")?;
        if let Some(m) = d.get(e, "markets") {
            lists.push((m, "event.markets".into()));
        }
    }
    if let Some(evs) = d.get(top, "events") {
        for (i, ev) in d.array(evs, "events")?.iter().enumerate() {
            let path = format!("events[{i}]");
            let e = d.object(ev, &path)?;
            if let Some(m) = d.get(e, "markets") {
                lists.push((m, join(&path, "markets")));
            }
        }
    }
    if let Some(m) = d.get(top, "markets") {
        lists.push((m, "markets".into()));
    }
    let single = d.get(top, "market");
    if lists.is_empty()
        && single.is_none()
        && d.get(top, "event").is_none()
        && d.get(top, "events").is_none()
    {
        return Err(d.err("", "neither market, markets, event nor events"));
    }
    let mut out = Vec::new();
    if let Some(m) = single {
        out.push(kalshi_market(&d, m, "market")?);
    }
    for (list, path) in lists {
        for (i, m) in d.array(list, &path)?.iter().enumerate() {
            if out.len() >= MAX_ITEMS {
                return Err(d.err(&path, format!("more than {MAX_ITEMS} markets")));
            }
            out.push(kalshi_market(&d, m, &format!("{path}[{i}]"))?);
        }
    }
    Ok(out)
}

fn kalshi_market(d: &Doc, v: &Value, path: &str) -> Result<KalshiMarket, FeedError> {
    let m = d.object(v, path)?;
    // A price: the dollars string, else the integer cents.
    let price = |key: &str| -> Result<Option<f64>, FeedError> {
        let dollars = format!("{key}_dollars");
        if let Some(p) = d.opt_price(m, path, &dollars)? {
            return Ok(Some(p));
        }
        match d.get(m, key) {
            None => Ok(None),
            Some(v) => {
                let cp = join(path, key);
                let c = d.number(v, &cp)?;
                if !(0.0..=100.0).contains(&c) {
                    return Err(d.err(&cp, format!("{c} is not a price 0-100 in cents")));
                }
                Ok(Some(c / 100.0))
            }
        }
    };
    let quoted = |p: Option<f64>| p.filter(|&x| x > 0.0);
    let volume = match d.get(m, "volume_fp") {
        Some(v) => d.amount(v, &join(path, "volume_fp"))?,
        None => match d.get(m, "volume") {
            Some(v) => d.amount(v, &join(path, "volume"))?,
            None => 0.0,
        },
    };
    let notional = match d.get(m, "notional_value_dollars") {
        Some(v) => d.amount(v, &join(path, "notional_value_dollars"))?,
        None => 1.0,
    };
    Ok(KalshiMarket {
        ticker: d.string(d.required(m, path, "ticker")?, &join(path, "ticker"))?,
        event_ticker: d.opt_string(m, path, "event_ticker")?,
        status: d.opt_string(m, path, "status")?,
        strike_type: d.opt_string(m, path, "strike_type")?,
        floor_strike: d.opt_number(m, path, "floor_strike")?,
        cap_strike: d.opt_number(m, path, "cap_strike")?,
        yes_bid: quoted(price("yes_bid")?),
        yes_ask: quoted(price("yes_ask")?),
        last_price: price("last_price")?,
        volume,
        notional,
        result: d.opt_string(m, path, "result")?,
    })
}

/// The top of a Kalshi market's order book, in yes terms.
#[derive(Clone, Debug, PartialEq)]
pub struct KalshiBook {
    pub best_yes_bid: Option<f64>,
    /// One dollar less the best no bid.
    pub best_yes_ask: Option<f64>,
}

/// A Kalshi `/markets/<ticker>/orderbook` answer.
pub fn kalshi_orderbook(bytes: &[u8], file: &str) -> Result<KalshiBook, FeedError> {
    let d = Doc { file };
    let doc = d.parse(bytes)?;
    let top = d.object(&doc, "")?;
    let (book, base) = match d.get(top, "orderbook_fp") {
        Some(b) => (b, "orderbook_fp"),
        None => (d.required(top, "", "orderbook")?, "orderbook"),
    };
    let book = d.object(book, base)?;
    let best = |key: &str| -> Result<Option<f64>, FeedError> {
        let path = join(base, key);
        let Some(levels) = d.get(book, key) else {
            return Ok(None);
        };
        let mut top: Option<f64> = None;
        for (i, l) in d.array(levels, &path)?.iter().enumerate() {
            let lp = format!("{path}[{i}]");
            let pair = d.array(l, &lp)?;
            if pair.len() != 2 {
                return Err(d.err(&lp, format!("{} items, [price, size] expected", pair.len())));
            }
            let price = d.price(&pair[0], &format!("{lp}[0]"))?;
            let size = d.amount(&pair[1], &format!("{lp}[1]"))?;
            if size > 0.0 && price > 0.0 {
                top = Some(top.map_or(price, |t: f64| t.max(price)));
            }
        }
        Ok(top)
    };
    Ok(KalshiBook {
        best_yes_bid: best("yes_dollars")?,
        best_yes_ask: best("no_dollars")?.map(|no| ((1.0 - no) * 1e6).round() / 1e6),
    })
}

/// One strike of a ladder: its level, the prices of "above it" and the market it is from.
#[derive(Clone, Debug, PartialEq)]
struct Rung {
    level: f64,
    p_above: f64,
    bid: Option<f64>,
    ask: Option<f64>,
    /// Dollar face value traded in the market of this strike.
    vol: f64,
}

fn rungs(markets: &[KalshiMarket]) -> Result<Vec<Rung>, String> {
    fn kind(m: &KalshiMarket) -> &str {
        m.strike_type.as_deref().unwrap_or("")
    }
    let exclusive = markets.iter().any(|m| kind(m) == "between");
    let mut out = Vec::new();
    for m in markets {
        match kind(m) {
            "greater" | "between" => {}
            "less" if exclusive => continue,
            other => {
                return Err(format!(
                    "market {}: strike_type {other:?} is not part of an above or range ladder",
                    m.ticker
                ))
            }
        }
        let level = m
            .floor_strike
            .ok_or_else(|| format!("market {}: no floor_strike", m.ticker))?;
        let p = m
            .price()
            .ok_or_else(|| format!("market {}: no bid and ask and no last trade", m.ticker))?;
        out.push((level, m, p));
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let Some(w) = out.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!(
            "markets {} and {} have the same floor_strike {}",
            w[0].1.ticker, w[1].1.ticker, w[0].0
        ));
    }
    let mut rungs: Vec<Rung> = out
        .iter()
        .map(|(level, m, p)| Rung {
            level: *level,
            p_above: *p,
            bid: m.yes_bid,
            ask: m.yes_ask,
            vol: m.volume * m.notional,
        })
        .collect();
    if exclusive {
        // "Above a bucket's floor" is that bucket or any above it.
        let (mut p, mut bid, mut ask) = (0.0, Some(0.0), Some(0.0));
        for r in rungs.iter_mut().rev() {
            p += r.p_above;
            bid = bid.zip(r.bid).map(|(a, b)| a + b);
            ask = ask.zip(r.ask).map(|(a, b)| a + b);
            r.p_above = p.min(1.0);
            r.bid = bid.map(|b: f64| b.min(1.0));
            r.ask = ask.map(|a: f64| a.min(1.0));
        }
    }
    Ok(rungs)
}

/// The quote of "above the previous close" from a Kalshi strike ladder (see the module doc).
pub fn kalshi_quote(markets: &[KalshiMarket], prev_close: f64) -> Result<Quote, String> {
    if !prev_close.is_finite() {
        return Err(format!("previous close {prev_close} is not a number"));
    }
    let rungs = rungs(markets)?;
    let (Some(first), Some(last)) = (rungs.first(), rungs.last()) else {
        return Err("the ladder has no markets".into());
    };
    let below = rungs.iter().rev().find(|r| r.level <= prev_close);
    let above = rungs.iter().find(|r| r.level >= prev_close);
    let (Some(lo), Some(hi)) = (below, above) else {
        return Err(format!(
            "previous close {prev_close} lies outside the ladder's strikes {} to {}",
            first.level, last.level
        ));
    };
    let strike = |r: &Rung, p: f64| Strike {
        level: r.level,
        p_above: p,
    };
    let interpolate = |a: Option<f64>, b: Option<f64>| {
        a.zip(b)
            .and_then(|(a, b)| kalshi_above_close(strike(lo, a), strike(hi, b), prev_close))
    };
    let p_up = kalshi_above_close(strike(lo, lo.p_above), strike(hi, hi.p_above), prev_close)
        .ok_or_else(|| {
            format!(
                "strikes {} and {} do not bracket {prev_close}",
                lo.level, hi.level
            )
        })?;
    let vol = if lo.level == hi.level {
        lo.vol
    } else {
        lo.vol + hi.vol
    };
    Ok(Quote {
        p_up,
        vol,
        bid: interpolate(lo.bid, hi.bid),
        ask: interpolate(lo.ask, hi.ask),
        last_trade_at: None,
        lo: Some(strike(lo, lo.p_above)),
        hi: Some(strike(hi, hi.p_above)),
        prev_close: Some(prev_close),
    })
}

/// A bound on a settled close: the level and whether it is strict.
type Bound = (f64, bool);

/// Whether a Kalshi market's `status` says it has been paid out.
fn kalshi_settled(m: &KalshiMarket) -> bool {
    matches!(m.status.as_deref(), Some("settled" | "finalized"))
}

/// The resolution of the crowd's Kalshi contract "above the previous close" (spec §4.9; seeds
/// 001/003 settle the bets on it) from its strike ladder's markets as Kalshi answers them
/// after the close (`status`, `result`), and the previous close sealed with the quote
/// (`Quote::prev_close`). Each settled market bounds the close x: `greater` (above
/// `floor_strike` f) `yes` is x > f and `no` x <= f; a `between` bucket `yes` is
/// f <= x <= `cap_strike`; `less` (below `cap_strike` c) `yes` is x < c and `no` x >= c. A
/// bound that puts x above the previous close says Up, one that puts it at or below it says
/// Down. `Ok(None)` while nothing settled says either (markets still trading). An error, never
/// a guess: a settled market whose result is neither `yes` nor `no` (a voided market),
/// markets whose bounds contradict each other, or a ladder wholly settled that says neither
/// (the close fell between the two strikes around the previous close).
pub fn kalshi_resolution(
    markets: &[KalshiMarket],
    prev_close: f64,
) -> Result<Option<bool>, String> {
    if !prev_close.is_finite() {
        return Err(format!("previous close {prev_close} is not a number"));
    }
    let (mut up, mut down) = (None::<&str>, None::<&str>);
    // The bounds on the close the settled markets give together: (level, strict).
    let (mut lower, mut upper) = (None::<Bound>, None::<Bound>);
    for m in markets.iter().filter(|m| kalshi_settled(m)) {
        let kind = m.strike_type.as_deref().unwrap_or("");
        let result = m.result.as_deref().unwrap_or("");
        let yes = match result {
            "yes" => true,
            "no" => false,
            other => {
                return Err(format!(
                    "market {}: {} with result {other:?}, neither yes nor no (voided?)",
                    m.ticker,
                    m.status.as_deref().unwrap_or("")
                ))
            }
        };
        let (floor, cap) = (m.floor_strike, m.cap_strike);
        // What the market says of the close x: above a level (strictly or not), at most a
        // level (strictly below or not).
        let (above, below): (Option<Bound>, Option<Bound>) = match (kind, yes) {
            ("greater", true) => (floor.map(|f| (f, true)), None),
            ("greater", false) => (None, floor.map(|f| (f, false))),
            ("between", true) => (floor.map(|f| (f, false)), cap.map(|c| (c, false))),
            ("less", true) => (None, cap.map(|c| (c, true))),
            ("less", false) => (cap.map(|c| (c, false)), None),
            _ => (None, None),
        };
        if let Some((f, strict)) = above {
            if f > prev_close || (strict && f == prev_close) {
                up = up.or(Some(&m.ticker));
            }
            if lower.is_none_or(|(l, s)| f > l || (f == l && strict && !s)) {
                lower = Some((f, strict));
            }
        }
        if let Some((c, strict)) = below {
            if c <= prev_close {
                down = down.or(Some(&m.ticker));
            }
            if upper.is_none_or(|(u, s)| c < u || (c == u && strict && !s)) {
                upper = Some((c, strict));
            }
        }
    }
    if let (Some((l, ls)), Some((u, us))) = (lower, upper) {
        if l > u || (l == u && (ls || us)) {
            return Err(format!(
                "the settled markets contradict each other: the close above {l} and at most {u}"
            ));
        }
    }
    match (up, down) {
        (Some(u), Some(d)) => Err(format!(
            "markets {u} (above the previous close {prev_close}) and {d} (not above it) contradict each other"
        )),
        (Some(_), None) => Ok(Some(true)),
        (None, Some(_)) => Ok(Some(false)),
        (None, None) if !markets.is_empty() && markets.iter().all(kalshi_settled) => Err(format!(
            "every market settled but none says whether the close is above the previous close {prev_close}"
        )),
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn km(t: &str, kind: &str, floor: f64, bid: f64, ask: f64, vol: f64) -> KalshiMarket {
        KalshiMarket {
            ticker: t.into(),
            event_ticker: None,
            status: None,
            strike_type: Some(kind.into()),
            floor_strike: Some(floor),
            cap_strike: None,
            yes_bid: Some(bid),
            yes_ask: Some(ask),
            last_price: None,
            volume: vol,
            notional: 1.0,
            result: None,
        }
    }

    #[test]
    fn a_closed_market_resolves_only_when_its_prices_settled_to_one_and_zero() {
        let read = |closed: &str, prices: &str| {
            let body = format!(
                r#"[{{"slug":"spx-up","closed":{closed},"outcomes":"[\"Up\", \"Down\"]","outcomePrices":"{prices}"}}]"#
            );
            let m = polymarket_markets(body.as_bytes(), "gamma").unwrap();
            polymarket_resolution(&m[0])
        };
        assert_eq!(read("true", r#"[\"1\", \"0\"]"#), Ok(Some(true)));
        assert_eq!(read("true", r#"[\"0\", \"1\"]"#), Ok(Some(false)));
        // Open: no resolution yet, whatever the prices.
        assert_eq!(read("false", r#"[\"1\", \"0\"]"#), Ok(None));
        // Closed but not settled: an error that names the market and the prices.
        for unsettled in [
            r#"[\"0.5\", \"0.5\"]"#,
            r#"[\"0.97\", \"0.03\"]"#,
            r#"[\"1\", \"1\"]"#,
        ] {
            let e = read("true", unsettled).unwrap_err();
            assert!(e.contains("spx-up") && e.contains("not settled"), "{e}");
        }
    }

    #[test]
    fn a_closed_market_settles_only_once_its_uma_resolution_is_resolved() {
        let read = |uma: Option<&str>| {
            let field = uma.map_or(String::new(), |u| {
                format!(r#","umaResolutionStatus":"{u}""#)
            });
            let body = format!(
                r#"[{{"slug":"spx-up","closed":true{field},"outcomes":"[\"Up\", \"Down\"]","outcomePrices":"[\"0\", \"1\"]"}}]"#
            );
            let m = polymarket_markets(body.as_bytes(), "gamma").unwrap();
            polymarket_resolution(&m[0])
        };
        // Resolved, or no status at all: the settled prices decide.
        assert_eq!(read(Some("resolved")), Ok(Some(false)));
        assert_eq!(read(None), Ok(Some(false)));
        // Proposed (open to dispute) or disputed: not settled, with the status as the reason,
        // even though the prices already read 0 and 1.
        for pending in ["proposed", "disputed", ""] {
            let e = read(Some(pending)).unwrap_err();
            assert!(
                e.contains("spx-up")
                    && e.contains(&format!("{pending:?}"))
                    && e.contains("not settled"),
                "{e}"
            );
        }
        // Open: no resolution yet, whatever the oracle says.
        let body = br#"[{"slug":"spx-up","closed":false,"umaResolutionStatus":"disputed","outcomes":"[\"Up\", \"Down\"]","outcomePrices":"[\"0.5\", \"0.5\"]"}]"#;
        let m = polymarket_markets(body, "gamma").unwrap();
        assert_eq!(polymarket_resolution(&m[0]), Ok(None));
        // A status that is not a string is an error naming the field.
        let body = br#"[{"slug":"spx-up","closed":true,"umaResolutionStatus":3,"outcomes":"[\"Up\", \"Down\"]","outcomePrices":"[\"0\", \"1\"]"}]"#;
        let e = polymarket_markets(body, "gamma").unwrap_err().to_string();
        assert!(e.contains("umaResolutionStatus"), "{e}");
    }

    #[test]
    fn above_ladder_interpolates_at_the_close() {
        let ladder = [
            km("T6725", "greater", 6725.0, 0.41, 0.43, 700.0),
            km("T6700", "greater", 6700.0, 0.61, 0.63, 500.0),
        ];
        let q = kalshi_quote(&ladder, 6710.0).unwrap();
        assert!((q.p_up - 0.54).abs() < 1e-12, "{q:?}");
        assert!((q.bid.unwrap() - 0.53).abs() < 1e-12);
        assert_eq!(q.vol, 1200.0);
        assert_eq!(q.lo.unwrap().level, 6700.0);
        assert_eq!(q.prev_close, Some(6710.0));
        let e = kalshi_quote(&ladder, 6800.0).unwrap_err();
        assert!(e.contains("outside the ladder"), "{e}");
        // On a strike: that strike's price and volume once.
        let q = kalshi_quote(&ladder, 6700.0).unwrap();
        assert!((q.p_up - 0.62).abs() < 1e-12 && q.vol == 500.0);
    }

    #[test]
    fn range_ladder_sums_the_buckets_above() {
        let mut less = km("T10", "less", 0.0, 0.3, 0.32, 10.0);
        less.floor_strike = None;
        less.cap_strike = Some(10.0);
        let ladder = [
            less,
            km("B10.5", "between", 10.0, 0.4, 0.42, 20.0),
            km("T11", "greater", 11.0, 0.2, 0.22, 30.0),
        ];
        let q = kalshi_quote(&ladder, 10.5).unwrap();
        // above 10: 0.41 + 0.21 = 0.62; above 11: 0.21; halfway 0.415
        assert!((q.lo.unwrap().p_above - 0.62).abs() < 1e-12);
        assert!((q.p_up - 0.415).abs() < 1e-12, "{q:?}");
        let mut odd = ladder[1..].to_vec();
        odd[0].strike_type = Some("custom".into());
        assert!(kalshi_quote(&odd, 10.5).unwrap_err().contains("custom"));
    }

    #[test]
    fn displayed_price_rule() {
        assert_eq!(displayed(Some(0.4), Some(0.5), Some(0.1)), Some(0.45));
        assert_eq!(displayed(Some(0.3), Some(0.5), Some(0.1)), Some(0.1));
        assert_eq!(displayed(None, Some(0.5), None), None);
    }

    #[test]
    fn errors_name_the_field() {
        let cases: [(&[u8], &str); 6] = [
            (
                br#"[{"slug":"a","outcomes":"[\"Up\",\"Down\"]","outcomePrices":"[\"0.5\"]"}]"#,
                "[0].outcomePrices",
            ),
            (
                br#"[{"slug":"a","outcomes":"[\"Up\"","clobTokenIds":"[]"}]"#,
                "[0].outcomes",
            ),
            (
                br#"[{"slug":"a","outcomes":["Up"],"volumeNum":-1}]"#,
                "[0].volumeNum",
            ),
            (
                br#"[{"slug":"a","outcomes":["Up"],"outcomePrices":["1e999"]}]"#,
                "[0].outcomePrices[0]",
            ),
            (br#"{"markets":3}"#, "markets"),
            (br#"[{"outcomes":[]}]"#, "[0].slug"),
        ];
        for (text, field) in cases {
            let e = polymarket_markets(text, "gamma.json").unwrap_err();
            assert_eq!(e.field, field, "{e}");
            assert!(e.to_string().starts_with("gamma.json: "));
        }
        let e = polymarket_book(
            br#"{"asset_id":"1","bids":[{"price":"1.5","size":"1"}]}"#,
            "b",
        )
        .unwrap_err();
        assert_eq!(e.field, "bids[0].price");
        let e = kalshi_markets(
            br#"{"event":{"markets":[{"ticker":"T","yes_bid":250}]}}"#,
            "k",
        )
        .unwrap_err();
        assert_eq!(e.field, "event.markets[0].yes_bid");
        let e =
            kalshi_orderbook(br#"{"orderbook_fp":{"yes_dollars":[["0.5"]]}}"#, "o").unwrap_err();
        assert_eq!(e.field, "orderbook_fp.yes_dollars[0]");
        assert!(kalshi_markets(b"{}", "k").is_err());
    }
}
