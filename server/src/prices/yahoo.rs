//! The `yahoo` price provider: Yahoo Finance chart v8 1-minute bars (the provider
//! `yahoo_finance_chart_v8_1m` every league row names, spec §3.1 Table 2 note, §3.3), fetched
//! from `prices.base_url` under the symbol `prices.symbols` maps the asset to.
//!
//! One request is `GET <base>/v8/finance/chart/<symbol>?interval=1m&period1=<s>&period2=<s>`.
//! Yahoo serves at most [`MAX_DAYS_PER_REQUEST`] days of 1-minute bars per request, so a
//! longer window is asked in consecutive pieces; each answer is parsed by core
//! ([`sealbook_core::prices::yahoo::parse_chart`]), cut to its own piece (Yahoo appends the
//! current minute to every answer) and the pieces merged by
//! [`MinuteSeries::from_charts`] (one symbol, 1-minute bars, no minute given two ways).
//! Each request has a timeout and a bounded answer; a 429 or 5xx answer, or a failed
//! connection, is retried with exponential backoff a bounded number of times, a 429 or 503
//! `Retry-After` honoured up to a cap and never past the job's deadline
//! ([`PriceProvider::set_deadline`], [`super::fetch`]). Every error names the asset, the
//! symbol and the URL.

use super::fetch::{url_component, Fetcher};
use super::PriceProvider;
use crate::http_client::excerpt;
use sealbook_core::calendar::Instant;
use sealbook_core::prices::rule::MinuteSeries;
use sealbook_core::prices::yahoo::{parse_chart, Bar, Chart};
use sealbook_core::records::names::MARKETS;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Most days of 1-minute bars Yahoo serves in one request.
pub const MAX_DAYS_PER_REQUEST: i64 = 7;
/// Most requests one window may take (a 52-week window with room to spare).
pub const MAX_REQUESTS_PER_WINDOW: i64 = 60;

/// The Yahoo chart v8 provider.
pub struct YahooProvider {
    base_url: String,
    /// Asset code -> Yahoo symbol.
    symbols: BTreeMap<String, String>,
    fetcher: Fetcher,
    /// The deadline of the job in hand.
    deadline: Mutex<Option<std::time::Instant>>,
}

impl YahooProvider {
    /// A provider asking `base_url` (no trailing slash needed) for each asset under its
    /// symbol in `symbols` (the config's `prices.symbols`, which names all twelve markets).
    pub fn new(base_url: &str, symbols: &BTreeMap<String, String>) -> YahooProvider {
        YahooProvider {
            base_url: base_url.trim_end_matches('/').to_string(),
            symbols: symbols.clone(),
            fetcher: Fetcher::default(),
            deadline: Mutex::new(None),
        }
    }

    /// The same provider fetching with other limits (the tests' small bound and short
    /// backoff).
    #[cfg(test)]
    pub fn with_fetcher(mut self, fetcher: Fetcher) -> YahooProvider {
        self.fetcher = fetcher;
        self
    }

    fn url(&self, symbol: &str, period1: i64, period2: i64) -> String {
        self.url_of("1m", symbol, period1, period2)
    }

    fn url_of(&self, interval: &str, symbol: &str, period1: i64, period2: i64) -> String {
        format!(
            "{}/v8/finance/chart/{}?interval={interval}&period1={period1}&period2={period2}",
            self.base_url,
            url_component(symbol)
        )
    }

    /// One piece's answer body.
    fn fetch(&self, url: &str) -> Result<Vec<u8>, String> {
        let deadline = *self.deadline.lock().unwrap_or_else(|p| p.into_inner());
        match self.fetcher.get_until(url, deadline)? {
            (200, body) => Ok(body),
            // Yahoo explains a refused request in a chart error body; core reads it.
            (status, body) => Err(match parse_chart(&body) {
                Err(e) if e.path.ends_with("chart.error") => format!("{url}: HTTP {status}: {e}"),
                _ => format!("{url}: HTTP {status}: {}", excerpt(&body)),
            }),
        }
    }
}

impl PriceProvider for YahooProvider {
    fn set_deadline(&self, deadline: Option<std::time::Instant>) {
        *self.deadline.lock().unwrap_or_else(|p| p.into_inner()) = deadline;
    }

    /// Daily bars, in one request: Yahoo keeps 1-minute bars for about 30 days only.
    fn history_bars(&self, asset: &str, from: Instant, to: Instant) -> Result<Vec<Bar>, String> {
        let symbol = self
            .symbols
            .get(asset)
            .ok_or_else(|| format!("{asset}: no Yahoo symbol configured"))?;
        let (start, end) = (secs_floor(from), secs_ceil(to));
        if start >= end {
            return Ok(Vec::new());
        }
        let url = self.url_of("1d", symbol, start, end);
        let body = self
            .fetch(&url)
            .map_err(|e| format!("{asset} ({symbol}): {e}"))?;
        let chart = parse_chart(&body).map_err(|e| format!("{asset} ({symbol}): {url}: {e}"))?;
        if !chart.meta.symbol.eq_ignore_ascii_case(symbol) {
            return Err(format!(
                "{asset}: asked Yahoo for {symbol}, the answer is for {}",
                chart.meta.symbol
            ));
        }
        let mut bars: Vec<Bar> = chart
            .bars
            .into_iter()
            .filter(|b| (start..end).contains(&b.start))
            .collect();
        bars.sort_by_key(|b| b.start);
        Ok(bars)
    }

    fn minute_bars(&self, asset: &str, from: Instant, to: Instant) -> Result<Vec<Bar>, String> {
        if !MARKETS.contains(&asset) {
            return Err(format!("{asset}: not a market of the league"));
        }
        let symbol = self
            .symbols
            .get(asset)
            .ok_or_else(|| format!("{asset}: no Yahoo symbol configured"))?;
        self.minutes_of(asset, symbol, from, to)
    }

    fn symbol_bars(&self, symbol: &str, from: Instant, to: Instant) -> Result<Vec<Bar>, String> {
        self.minutes_of(symbol, symbol, from, to)
    }
}

impl YahooProvider {
    /// The 1-minute bars of Yahoo's `symbol` in [from, to), errors naming `asset` (the market
    /// or fund asked for) and the symbol.
    fn minutes_of(
        &self,
        asset: &str,
        symbol: &str,
        from: Instant,
        to: Instant,
    ) -> Result<Vec<Bar>, String> {
        let (start, end) = (secs_floor(from), secs_ceil(to));
        if start >= end {
            return Ok(Vec::new());
        }
        let step = MAX_DAYS_PER_REQUEST * 86_400;
        let pieces = (end - start + step - 1) / step;
        if pieces > MAX_REQUESTS_PER_WINDOW {
            return Err(format!(
                "{asset} ({symbol}): a window of {} days needs {pieces} requests, more than {MAX_REQUESTS_PER_WINDOW}",
                (end - start) / 86_400
            ));
        }
        let mut charts: Vec<Chart> = Vec::new();
        let mut p1 = start;
        while p1 < end {
            let p2 = (p1 + step).min(end);
            let url = self.url(symbol, p1, p2);
            let body = self
                .fetch(&url)
                .map_err(|e| format!("{asset} ({symbol}): {e}"))?;
            let mut chart =
                parse_chart(&body).map_err(|e| format!("{asset} ({symbol}): {url}: {e}"))?;
            chart.bars.retain(|b| (p1..p2).contains(&b.start));
            charts.push(chart);
            p1 = p2;
        }
        let series = MinuteSeries::from_charts(&charts)
            .map_err(|e| format!("{asset} ({symbol}): {}: {e}", self.url(symbol, start, end)))?;
        if !series.symbol.eq_ignore_ascii_case(symbol) {
            return Err(format!(
                "{asset}: asked Yahoo for {symbol}, the answers are for {}",
                series.symbol
            ));
        }
        let (from_s, to_s) = (from.0, to.0);
        Ok(series
            .bars
            .into_iter()
            .filter(|b| {
                let t = b.start.saturating_mul(1_000_000);
                from_s <= t && t < to_s
            })
            .collect())
    }
}

fn secs_floor(t: Instant) -> i64 {
    t.0.div_euclid(1_000_000)
}

fn secs_ceil(t: Instant) -> i64 {
    -(-t.0).div_euclid(1_000_000)
}

// The fake servers of the integration tests, shared (this module reads only the path).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../tests/cli/common/fake_http.rs"]
pub(super) mod fake_http;

#[cfg(test)]
mod tests {
    use super::fake_http::{self, Answer};
    use super::*;
    use crate::prices::fetch::MAX_BODY_BYTES;
    use sealbook_core::prices::instant_of;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    fn vector(name: &str) -> Vec<u8> {
        let path = sealbook_tests::vectors_dir().join("yahoo").join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The chart body a recorded request wraps (`response.body` as text, or
    /// `response.bodyJson`), as Yahoo sent it.
    fn body_of(name: &str) -> Vec<u8> {
        let v: serde_json::Value = serde_json::from_slice(&vector(name)).unwrap();
        match &v["response"]["body"] {
            serde_json::Value::String(s) => s.clone().into_bytes(),
            _ => serde_json::to_vec(&v["response"]["bodyJson"]).unwrap(),
        }
    }

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    pub(super) fn fetcher(max_body: usize) -> Fetcher {
        Fetcher::new(
            Duration::from_secs(10),
            max_body,
            3,
            Duration::from_millis(5),
        )
    }

    fn provider(url: &str) -> YahooProvider {
        let symbols = BTreeMap::from([("SPX".to_string(), "AAPL".to_string())]);
        YahooProvider::new(url, &symbols).with_fetcher(fetcher(MAX_BODY_BYTES))
    }

    /// A fake Yahoo answering from the vectors: the 2024-10-02 session for the piece that
    /// holds it, the recorded empty weekend for any other piece; every path is kept.
    fn fake_yahoo(first: Option<u16>) -> (String, Arc<Mutex<Vec<String>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let hits = AtomicUsize::new(0);
        let (session, weekend) = (
            body_of("nyf2_chart_AAPL_1m_2024-10-02_regular.json"),
            body_of("nyf2_chart_AAPL_1m_2025-02-01_weekend_empty.json"),
        );
        let s2 = seen.clone();
        let url = fake_http::start(move |r| {
            s2.lock().unwrap().push(r.path.clone());
            if hits.fetch_add(1, Ordering::SeqCst) == 0 {
                if let Some(status) = first {
                    return Answer::new(status, "text/plain", b"slow down".to_vec());
                }
            }
            let q = |k: &str| -> i64 {
                r.path
                    .split(['?', '&'])
                    .find_map(|kv| kv.strip_prefix(&format!("{k}=")))
                    .and_then(|v| v.parse().ok())
                    .unwrap()
            };
            let (p1, p2) = (q("period1"), q("period2"));
            let body = if p1 <= 1727876400 && 1727876400 < p2 {
                session.clone()
            } else {
                weekend.clone()
            };
            Answer::new(200, "application/json", body)
        });
        (url, seen)
    }

    #[test]
    fn one_session_from_the_recorded_chart() {
        let (url, seen) = fake_yahoo(None);
        let bars = provider(&url)
            .minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
            .unwrap();
        // 390 regular minutes, the null one kept as a gap; the trailing pseudo-bar of the
        // next day is outside the window.
        assert_eq!(bars.len(), 390);
        assert_eq!(bars[0].start, 1727875800);
        assert_eq!(bars.iter().filter(|b| b.is_gap()).count(), 1);
        assert!(bars.windows(2).all(|w| w[0].start < w[1].start));
        assert_eq!(
            *seen.lock().unwrap(),
            ["/v8/finance/chart/AAPL?interval=1m&period1=1727875800&period2=1727899200"]
        );
    }

    #[test]
    fn a_long_window_is_asked_in_seven_day_pieces_and_merged() {
        let (url, seen) = fake_yahoo(None);
        let bars = provider(&url)
            .minute_bars("SPX", t("2024-09-20T00:00:00Z"), t("2024-10-10T00:00:00Z"))
            .unwrap();
        // The session's 390 minutes and the recorded answer's trailing bar (2024-10-03
        // 20:00Z), which lies inside its piece; the empty pieces add nothing.
        assert_eq!(bars.len(), 391);
        assert_eq!(bars[390].start, 1727985600);
        let paths = seen.lock().unwrap().clone();
        assert_eq!(paths.len(), 3, "{paths:?}");
        assert!(paths[0].ends_with("period1=1726790400&period2=1727395200"));
        assert!(paths[1].ends_with("period1=1727395200&period2=1728000000"));
        assert!(paths[2].ends_with("period1=1728000000&period2=1728518400"));
    }

    #[test]
    fn the_52_week_range_in_daily_bars_in_one_request() {
        let body = vector("yfrs_history_chart_AAPL_1d_6mo.json");
        let recorded = parse_chart(&body).unwrap().bars;
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s2 = seen.clone();
        let url = fake_http::start(move |r| {
            s2.lock().unwrap().push(r.path.clone());
            Answer::new(200, "application/json", body.clone())
        });
        let symbols = BTreeMap::from([("SPX".to_string(), "AAPL".to_string())]);
        let p = YahooProvider::new(&url, &symbols).with_fetcher(fetcher(MAX_BODY_BYTES));
        let (from, to) = (recorded[1].start, recorded[recorded.len() - 1].start);
        let bars = p
            .history_bars("SPX", instant_of(from), instant_of(to))
            .unwrap();
        // Every recorded day in [from, to): the first and the last are outside.
        assert_eq!(bars.len(), recorded.len() - 2);
        assert!(bars.iter().all(|b| (from..to).contains(&b.start)));
        assert_eq!(
            *seen.lock().unwrap(),
            [format!(
                "/v8/finance/chart/AAPL?interval=1d&period1={from}&period2={to}"
            )]
        );
        // An answer for another symbol is refused.
        let other = BTreeMap::from([("SPX".to_string(), "MSFT".to_string())]);
        let e = YahooProvider::new(&url, &other)
            .with_fetcher(fetcher(MAX_BODY_BYTES))
            .history_bars("SPX", instant_of(from), instant_of(to))
            .unwrap_err();
        assert!(e.contains("the answer is for AAPL"), "{e}");
    }

    #[test]
    fn a_429_then_success() {
        let (url, seen) = fake_yahoo(Some(429));
        let bars = provider(&url)
            .minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
            .unwrap();
        assert_eq!(bars.len(), 390);
        assert_eq!(seen.lock().unwrap().len(), 2);
    }

    /// A fake Yahoo answering `first` to the first request and the recorded 2024-10-02
    /// session after; the arrival time of every request is kept.
    fn yahoo_after(first: Answer) -> (String, Arc<Mutex<Vec<std::time::Instant>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let first = Mutex::new(Some(first));
        let session = body_of("nyf2_chart_AAPL_1m_2024-10-02_regular.json");
        let s2 = seen.clone();
        let url = fake_http::start(move |_| {
            s2.lock().unwrap().push(std::time::Instant::now());
            first
                .lock()
                .unwrap()
                .take()
                .unwrap_or_else(|| Answer::new(200, "application/json", session.clone()))
        });
        (url, seen)
    }

    fn session_bars(p: &YahooProvider) -> Result<Vec<Bar>, String> {
        p.minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
    }

    /// A 429 or 503 `Retry-After` (seconds or an HTTP date) is waited out instead of the
    /// backoff, cut to the cap, and never past the job's deadline.
    #[test]
    fn retry_after_is_honoured_capped_and_within_the_deadline() {
        let slow = || Answer::new(429, "text/plain", b"slow down".to_vec());
        // Seconds: the second request comes no sooner than asked (the backoff is 5 ms).
        let (url, seen) = yahoo_after(slow().with_header("Retry-After", "1"));
        assert_eq!(session_bars(&provider(&url)).unwrap().len(), 390);
        let seen = seen.lock().unwrap().clone();
        assert_eq!(seen.len(), 2);
        assert!(seen[1].duration_since(seen[0]) >= Duration::from_secs(1));

        // An HTTP date an hour ahead, cut to the cap: within a deadline ten seconds away.
        let in_an_hour = std::time::SystemTime::now() + Duration::from_secs(3600);
        let (url, seen) = yahoo_after(
            Answer::new(503, "text/plain", b"busy".to_vec())
                .with_header("Retry-After", &httpdate::fmt_http_date(in_an_hour)),
        );
        let symbols = BTreeMap::from([("SPX".to_string(), "AAPL".to_string())]);
        let capped = YahooProvider::new(&url, &symbols)
            .with_fetcher(fetcher(MAX_BODY_BYTES).with_max_retry_after(Duration::from_millis(50)));
        capped.set_deadline(Some(std::time::Instant::now() + Duration::from_secs(10)));
        assert_eq!(session_bars(&capped).unwrap().len(), 390);
        assert_eq!(seen.lock().unwrap().len(), 2);

        // A wait that would end after the job's deadline is not made.
        let (url, seen) = yahoo_after(slow().with_header("Retry-After", "1"));
        let p = provider(&url);
        p.set_deadline(Some(std::time::Instant::now() + Duration::from_millis(300)));
        let e = session_bars(&p).unwrap_err();
        assert!(e.contains("HTTP 429") && e.contains("deadline"), "{e}");
        assert_eq!(seen.lock().unwrap().len(), 1);
        // The deadline cleared, the same provider waits and gets the bars.
        p.set_deadline(None);
        assert_eq!(session_bars(&p).unwrap().len(), 390);
    }

    #[test]
    fn a_500_forever_is_an_error_naming_the_url() {
        let hits = Arc::new(AtomicUsize::new(0));
        let h2 = hits.clone();
        let url = fake_http::start(move |_| {
            h2.fetch_add(1, Ordering::SeqCst);
            Answer::new(500, "text/plain", b"down".to_vec())
        });
        let e = provider(&url)
            .minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
            .unwrap_err();
        assert!(e.starts_with("SPX (AAPL): "), "{e}");
        assert!(
            e.contains(&format!("{url}/v8/finance/chart/AAPL?interval=1m&period1=")),
            "{e}"
        );
        assert!(e.contains("HTTP 500") && e.contains("3 attempts"), "{e}");
        assert_eq!(hits.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn an_answer_over_the_bound_is_an_error() {
        let (url, _) = fake_yahoo(None);
        let e = provider(&url)
            .with_fetcher(fetcher(1000))
            .minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
            .unwrap_err();
        assert!(e.contains("exceeds 1000 bytes") && e.contains(&url), "{e}");
    }

    #[test]
    fn refusals_and_bad_bodies_name_the_symbol_and_url() {
        let url = fake_http::start(|r| {
            if r.path.contains("/X%5EBAD") {
                Answer::new(
                    404,
                    "application/json",
                    br#"{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}"#.to_vec(),
                )
            } else {
                Answer::new(200, "application/json", b"{\"chart\":".to_vec())
            }
        });
        let symbols = BTreeMap::from([
            ("SPX".to_string(), "X^BAD".to_string()),
            ("GOLD".to_string(), "GC=F".to_string()),
        ]);
        let p = YahooProvider::new(&url, &symbols);
        let w = (t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"));
        let e = p.minute_bars("SPX", w.0, w.1).unwrap_err();
        assert!(
            e.starts_with("SPX (X^BAD): ")
                && e.contains("/v8/finance/chart/X%5EBAD?")
                && e.contains("HTTP 404")
                && e.contains("No data found"),
            "{e}"
        );
        let e = p.minute_bars("GOLD", w.0, w.1).unwrap_err();
        assert!(
            e.starts_with("GOLD (GC=F): ") && e.contains("/GC%3DF?") && e.contains("not JSON"),
            "{e}"
        );
        assert!(p
            .minute_bars("NDX", w.0, w.1)
            .unwrap_err()
            .contains("no Yahoo symbol"));
        assert!(p
            .minute_bars("AAPL", w.0, w.1)
            .unwrap_err()
            .contains("not a market"));
        assert!(p.minute_bars("SPX", w.1, w.0).unwrap().is_empty());
        let e = p
            .minute_bars("SPX", t("2020-01-01T00:00:00Z"), t("2024-01-01T00:00:00Z"))
            .unwrap_err();
        assert!(e.contains("more than 60"), "{e}");
    }

    #[test]
    fn a_closed_port_is_retried_then_named() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", port.local_addr().unwrap());
        drop(port);
        let e = provider(&url)
            .minute_bars("SPX", t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z"))
            .unwrap_err();
        assert!(e.contains(&url) && e.contains("3 attempts"), "{e}");
    }
}
