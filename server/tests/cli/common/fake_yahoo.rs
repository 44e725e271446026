//! The answers of a fake Yahoo chart v8 server (`GET /v8/finance/chart/<symbol>?interval=
//! &period1=&period2=`), shaped as Yahoo's own: the tests start it with
//! [`super::fake_http::start`] and choose per request which answer to give.

use super::fake_http::{Answer, Request};

/// A chart request's symbol (`%5E` read as `^`) and query.
pub struct ChartQuery {
    pub symbol: String,
    pub interval: String,
    pub period1: i64,
    pub period2: i64,
}

impl ChartQuery {
    /// Reads `r`'s path; a missing or unreadable period is 0.
    pub fn of(r: &Request) -> ChartQuery {
        let (path, query) = r.path.split_once('?').unwrap_or((&r.path, ""));
        let q = |k: &str| {
            query
                .split('&')
                .filter_map(|kv| kv.split_once('='))
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.to_string())
                .unwrap_or_default()
        };
        ChartQuery {
            symbol: path.rsplit('/').next().unwrap_or("").replace("%5E", "^"),
            interval: q("interval"),
            period1: q("period1").parse().unwrap_or(0),
            period2: q("period2").parse().unwrap_or(0),
        }
    }

    /// The chart of the one-minute `bars` (unix second, price) in [period1, period2); a daily
    /// request gets none.
    pub fn chart(&self, bars: &[(i64, f64)]) -> Answer {
        let mine: Vec<(i64, f64)> = bars
            .iter()
            .copied()
            .filter(|(t, _)| self.interval == "1m" && (self.period1..self.period2).contains(t))
            .collect();
        let prices: Vec<f64> = mine.iter().map(|b| b.1).collect();
        let mut result = serde_json::json!({
            "meta": {"symbol": self.symbol, "dataGranularity": self.interval},
            "indicators": {"quote": [{"open": prices, "high": prices, "low": prices,
                "close": prices, "volume": vec![100; prices.len()]}]}});
        if !mine.is_empty() {
            result["timestamp"] = mine.iter().map(|b| b.0).collect();
        }
        let body = serde_json::json!({"chart": {"result": [result], "error": null}});
        Answer::new(200, "application/json", body.to_string().into_bytes())
    }
}

/// One-minute bars (start in Unix seconds, price) from `from` to before `to` (RFC 3339), from
/// `level` up 0.002% a minute.
pub fn rising_bars(level: f64, from: &str, to: &str) -> Vec<(i64, f64)> {
    (super::unix(from)..super::unix(to))
        .step_by(60)
        .enumerate()
        .map(|(k, s)| (s, level * (1.0 + 0.00002 * k as f64)))
        .collect()
}

/// Yahoo's own answer for a symbol it has no data for.
pub fn no_data() -> Answer {
    let body = serde_json::json!({"chart": {"result": null, "error": {
        "code": "Not Found", "description": "No data found, symbol may be delisted"}}});
    Answer::new(404, "application/json", body.to_string().into_bytes())
}
