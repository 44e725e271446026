//! The crowd's layout (spec §4.9, Appendix C `crowd`): the venues, a Kalshi strike, a
//! contract's sealed quote and a run line's `crowd` object as the book seals them, and the
//! `rows` key of a crowd line. The book's writer and its reader both take them from here;
//! which contract is compared and how it is scored are decisions of `score::crowd`.

use crate::book::canon::Value;
use crate::records::names::{float, insert_some, object, string};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The market a crowd price was read from, `polymarket` or `kalshi` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Venue {
    /// Polymarket: a contract's up price read directly.
    Polymarket,
    /// Kalshi: up interpolated between the strikes around the previous close.
    Kalshi,
}

/// One Kalshi strike: the level and the price (0-1) of "above it".
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strike {
    /// The index level of the strike (`strike` on a run line).
    pub level: f64,
    /// The price, 0-1, of the index closing above `level` (`p_above`).
    pub p_above: f64,
}

/// One contract's sealed quote on a run line.
#[derive(Clone, Debug, PartialEq)]
pub struct Quote {
    /// Price 0-1 of up (Kalshi: of above the previous close).
    pub p_up: f64,
    /// Sealed volume, US dollars.
    pub vol: f64,
    /// `bid`: the best bid, 0-1, when the venue gave one.
    pub bid: Option<f64>,
    /// `ask`: the best ask, 0-1, when the venue gave one.
    pub ask: Option<f64>,
    /// `last_trade_at`: RFC 3339 time of the contract's last trade, when known.
    pub last_trade_at: Option<String>,
    /// Kalshi: the adjacent strikes and the previous close `p_up` was interpolated from.
    pub lo: Option<Strike>,
    /// Kalshi: the strike above the previous close (`lo` is the one below).
    pub hi: Option<Strike>,
    /// Kalshi: the previous close, the level `p_up` is interpolated at.
    pub prev_close: Option<f64>,
}

/// A run line's `crowd`.
#[derive(Clone, Debug, PartialEq)]
pub struct CrowdPrices {
    /// `at`: when the prices were read, RFC 3339.
    pub at: String,
    /// `odds`: Polymarket quotes by market code.
    pub odds: BTreeMap<String, Quote>,
    /// `kalshi`: Kalshi quotes by market code.
    pub kalshi: BTreeMap<String, Quote>,
}

fn strike_value(s: &Strike) -> Value {
    Value::Object(object([
        ("strike", float(s.level)),
        ("p_above", float(s.p_above)),
    ]))
}

fn quote_value(q: &Quote) -> Value {
    let mut o = object([("p_up", float(q.p_up)), ("vol", float(q.vol))]);
    insert_some(&mut o, "bid", q.bid.map(float));
    insert_some(&mut o, "ask", q.ask.map(float));
    insert_some(
        &mut o,
        "last_trade_at",
        q.last_trade_at.as_deref().map(string),
    );
    insert_some(&mut o, "lo", q.lo.as_ref().map(strike_value));
    insert_some(&mut o, "hi", q.hi.as_ref().map(strike_value));
    insert_some(&mut o, "prev_close", q.prev_close.map(float));
    Value::Object(o)
}

/// A run line's `crowd`: `{"at", "odds": {<code>: quote}, "kalshi": {<code>: quote}}`.
pub fn crowd_value(c: &CrowdPrices) -> Value {
    let venue = |m: &BTreeMap<String, Quote>| {
        Value::Object(object(m.iter().map(|(k, q)| (k.as_str(), quote_value(q)))))
    };
    Value::Object(object([
        ("at", string(&c.at)),
        ("odds", venue(&c.odds)),
        ("kalshi", venue(&c.kalshi)),
    ]))
}

/// The `rows` key of a contract: `<code>` (Polymarket) or `<code>@kalshi`.
pub fn crowd_row_key(code: &str, venue: Venue) -> String {
    match venue {
        Venue::Polymarket => code.to_string(),
        Venue::Kalshi => format!("{code}@kalshi"),
    }
}

/// The contract a crowd line's `rows` key names ([`crowd_row_key`]); None for a key of
/// another form.
pub fn parse_row_key(key: &str) -> Option<(&str, Venue)> {
    match key.split_once('@') {
        None => Some((key, Venue::Polymarket)),
        Some((code, "kalshi")) => Some((code, Venue::Kalshi)),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_key_reads_back_as_written() {
        for venue in [Venue::Polymarket, Venue::Kalshi] {
            let key = crowd_row_key("SPX", venue);
            assert_eq!(parse_row_key(&key), Some(("SPX", venue)));
        }
        assert_eq!(crowd_row_key("TNX", Venue::Kalshi), "TNX@kalshi");
        assert_eq!(parse_row_key("TNX@polymarket"), None);
    }
}
