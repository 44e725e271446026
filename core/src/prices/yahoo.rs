//! Yahoo Finance chart v8 responses (the provider `yahoo_finance_chart_v8_1m`, §3.1 Table 2
//! note) read into typed bars.
//!
//! Accepted shapes: the bare body `{"chart":{"result":[...],"error":null}}`, and a recorded
//! request `{"request":{...},"response":{..., "bodyJson":{...}}}` or with the body as a JSON
//! string in `response.body`. One result per response (one symbol).
//!
//! Each bar is `timestamp[i]` with `indicators.quote[0].{open,high,low,close,volume}[i]`.
//! A `null` value stays `None`: a minute without trades is a gap, never a zero. A response
//! without `timestamp` and with empty quotes (a weekend, a holiday) has zero bars; quote arrays
//! whose length differs from the timestamps are an error. A non-null `chart.error` is an
//! error. Every error names the JSON path of the value at fault
//! (e.g. `chart.result[0].indicators.quote[0].close[17]`).

use crate::book::canon::{self, Object, Value};
use std::fmt;

/// Largest response read (a 1m chart of Yahoo's longest 1m range is well under 10 MB).
pub const MAX_RESPONSE_BYTES: usize = 64 << 20;
/// Most bars in one response (about 50 years of daily bars, or 8 months of minutes).
pub const MAX_BARS: usize = 500_000;
/// Bar times must lie in 1900..10000 (seconds since the epoch).
pub const MIN_TIMESTAMP: i64 = -2_208_988_800;
/// Last accepted bar time: 9999-12-31T23:59:59Z, in seconds since the epoch.
pub const MAX_TIMESTAMP: i64 = 253_402_300_799;

/// One bar: its start and the quote values, each `None` where Yahoo wrote `null`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Bar start, seconds since the epoch (UTC).
    pub start: i64,
    /// Opening price of the minute, in the asset's quote currency.
    pub open: Option<f64>,
    /// Highest price of the minute.
    pub high: Option<f64>,
    /// Lowest price of the minute.
    pub low: Option<f64>,
    /// Closing price of the minute; the reference rule reads only this (spec §3.3).
    pub close: Option<f64>,
    /// Traded volume (units as Yahoo reports them, e.g. shares or contracts).
    pub volume: Option<u64>,
}

impl Bar {
    /// A bar without a close carries no price (Yahoo's all-null minute).
    pub fn is_gap(&self) -> bool {
        self.close.is_none()
    }
}

/// One trading period of `meta.tradingPeriods` (seconds since the epoch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Period start, seconds since the epoch (UTC).
    pub start: i64,
    /// Period end, seconds since the epoch (UTC), exclusive.
    pub end: i64,
    /// Yahoo's abbreviation of the exchange's time zone (e.g. `EDT`).
    pub timezone: Option<String>,
    /// The exchange's offset from UTC in seconds (e.g. -14400).
    pub gmtoffset: Option<i64>,
}

/// `meta.tradingPeriods`, which Yahoo writes either as an array of per-day arrays of regular
/// periods, or (with pre/post data) as an object `{pre, regular, post}` of such arrays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TradingPeriods {
    /// The array form: regular periods only.
    Regular(Vec<Period>),
    /// The object form.
    Split {
        /// Pre-market periods.
        pre: Vec<Period>,
        /// Regular-session periods.
        regular: Vec<Period>,
        /// After-hours periods.
        post: Vec<Period>,
    },
}

impl TradingPeriods {
    /// The regular-session periods, whichever form Yahoo wrote.
    pub fn regular(&self) -> &[Period] {
        match self {
            TradingPeriods::Regular(r) | TradingPeriods::Split { regular: r, .. } => r,
        }
    }
}

/// The parts of `meta` the rule and a reader need.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartMeta {
    /// `meta.symbol`: the provider's symbol (e.g. `^GSPC`).
    pub symbol: String,
    /// `meta.instrumentType` (`INDEX`, `FUTURE`, `CRYPTOCURRENCY`, ...).
    pub instrument_type: Option<String>,
    /// `meta.exchangeTimezoneName`, an IANA zone (e.g. `America/New_York`).
    pub exchange_timezone_name: Option<String>,
    /// `meta.gmtoffset`: the exchange's offset from UTC in seconds.
    pub gmtoffset: Option<i64>,
    /// `1m`, `5m`, `1d`, ...
    pub data_granularity: Option<String>,
    /// `meta.regularMarketTime`: time of the last regular-market price, seconds since the epoch.
    pub regular_market_time: Option<i64>,
    /// `meta.regularMarketPrice`: the last regular-market price.
    pub regular_market_price: Option<f64>,
    /// `meta.tradingPeriods`, when present.
    pub trading_periods: Option<TradingPeriods>,
}

/// A chart: its meta and its bars in time order.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The parts of `meta` read.
    pub meta: ChartMeta,
    /// The bars in time order; gaps kept as bars without a close.
    pub bars: Vec<Bar>,
}

/// Why a response is not a usable chart: the JSON path at fault and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartError {
    /// `chart.result[0].timestamp[3]`; empty for the document itself.
    pub path: String,
    /// What is wrong at `path`.
    pub message: String,
}

impl fmt::Display for ChartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ChartError {}

fn err(path: &str, message: impl Into<String>) -> ChartError {
    ChartError {
        path: path.into(),
        message: message.into(),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.into()
    } else {
        format!("{path}.{key}")
    }
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Object, ChartError> {
    v.as_object()
        .ok_or_else(|| err(path, format!("expected an object, found {}", v.type_name())))
}

fn array<'a>(v: &'a Value, path: &str) -> Result<&'a [Value], ChartError> {
    match v {
        Value::Array(a) => Ok(a),
        _ => Err(err(
            path,
            format!("expected an array, found {}", v.type_name()),
        )),
    }
}

fn required<'a>(o: &'a Object, path: &str, key: &str) -> Result<&'a Value, ChartError> {
    o.get(key).ok_or_else(|| err(&join(path, key), "missing"))
}

/// A present, non-null member.
fn optional<'a>(o: &'a Object, key: &str) -> Option<&'a Value> {
    o.get(key).filter(|v| !matches!(v, Value::Null))
}

fn string(v: &Value, path: &str) -> Result<String, ChartError> {
    v.as_str()
        .map(str::to_owned)
        .ok_or_else(|| err(path, format!("expected a string, found {}", v.type_name())))
}

fn integer(v: &Value, path: &str) -> Result<i64, ChartError> {
    match v {
        Value::Int(i) => i
            .to_i64()
            .ok_or_else(|| err(path, format!("integer {} out of range", i.as_str()))),
        _ => Err(err(
            path,
            format!("expected an integer, found {}", v.type_name()),
        )),
    }
}

fn timestamp(v: &Value, path: &str) -> Result<i64, ChartError> {
    let t = integer(v, path)?;
    if !(MIN_TIMESTAMP..=MAX_TIMESTAMP).contains(&t) {
        return Err(err(path, format!("time {t} outside the years 1900-9999")));
    }
    Ok(t)
}

/// A price: a finite number or null.
fn price(v: &Value, path: &str) -> Result<Option<f64>, ChartError> {
    let x = match v {
        Value::Null => return Ok(None),
        Value::Float(f) => *f,
        Value::Int(i) => i
            .to_i64()
            .ok_or_else(|| err(path, format!("integer {} out of range", i.as_str())))?
            as f64,
        _ => {
            return Err(err(
                path,
                format!("expected a number or null, found {}", v.type_name()),
            ))
        }
    };
    if !x.is_finite() {
        return Err(err(path, format!("{x} is not a finite price")));
    }
    Ok(Some(x))
}

/// A volume: a non-negative whole number or null.
fn volume(v: &Value, path: &str) -> Result<Option<u64>, ChartError> {
    match v {
        Value::Null => Ok(None),
        Value::Int(i) => i
            .as_str()
            .parse::<u64>()
            .map(Some)
            .map_err(|_| err(path, format!("{} is not a volume", i.as_str()))),
        Value::Float(f) if f.is_finite() && *f >= 0.0 && f.fract() == 0.0 && *f < 1.8e19 => {
            Ok(Some(*f as u64))
        }
        _ => Err(err(
            path,
            format!(
                "expected a whole non-negative number or null, found {}",
                v.type_name()
            ),
        )),
    }
}

/// Parses one chart response, bare or wrapped; see the module doc.
pub fn parse_chart(bytes: &[u8]) -> Result<Chart, ChartError> {
    if bytes.len() > MAX_RESPONSE_BYTES {
        return Err(err(
            "",
            format!(
                "response of {} bytes exceeds {MAX_RESPONSE_BYTES}",
                bytes.len()
            ),
        ));
    }
    let doc = canon::parse(bytes).map_err(|e| err("", format!("not JSON: {e}")))?;
    let top = object(&doc, "")?;
    if top.get("chart").is_some() {
        return chart_body(top, "");
    }
    let response = object(required(top, "", "response")?, "response")?;
    if let Some(body) = response.get("bodyJson") {
        return chart_body(object(body, "response.bodyJson")?, "response.bodyJson");
    }
    let text = match response.get("body") {
        Some(Value::Str(s)) => s
            .as_str()
            .ok_or_else(|| err("response.body", "not valid UTF-8 text"))?,
        Some(v) => {
            return Err(err(
                "response.body",
                format!("expected a string, found {}", v.type_name()),
            ))
        }
        None => return Err(err("response", "neither bodyJson nor body")),
    };
    let body = canon::parse(text.as_bytes())
        .map_err(|e| err("response.body", format!("not JSON: {e}")))?;
    chart_body(object(&body, "response.body")?, "response.body")
}

fn chart_body(top: &Object, base: &str) -> Result<Chart, ChartError> {
    let path = join(base, "chart");
    let chart = object(required(top, base, "chart")?, &path)?;
    if let Some(e) = optional(chart, "error") {
        let epath = join(&path, "error");
        let describe = |k: &str| {
            e.as_object()
                .and_then(|o| o.get(k))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        return Err(err(
            &epath,
            format!(
                "Yahoo reports an error: {} {}",
                describe("code"),
                describe("description")
            )
            .trim_end()
            .to_owned(),
        ));
    }
    let rpath = join(&path, "result");
    let results = array(required(chart, &path, "result")?, &rpath)?;
    if results.len() != 1 {
        return Err(err(
            &rpath,
            format!(
                "{} results; one symbol per response expected",
                results.len()
            ),
        ));
    }
    result(&results[0], &format!("{rpath}[0]"))
}

fn result(v: &Value, path: &str) -> Result<Chart, ChartError> {
    let r = object(v, path)?;
    let mpath = join(path, "meta");
    let meta = meta(object(required(r, path, "meta")?, &mpath)?, &mpath)?;
    let tpath = join(path, "timestamp");
    let times = match optional(r, "timestamp") {
        Some(t) => array(t, &tpath)?,
        None => &[],
    };
    if times.len() > MAX_BARS {
        return Err(err(
            &tpath,
            format!("{} bars exceed {MAX_BARS}", times.len()),
        ));
    }
    let mut starts = Vec::with_capacity(times.len());
    for (i, t) in times.iter().enumerate() {
        let p = format!("{tpath}[{i}]");
        let t = timestamp(t, &p)?;
        if let Some(&prev) = starts.last() {
            if t <= prev {
                return Err(err(
                    &p,
                    format!("{t} does not follow {prev}: bar times must increase"),
                ));
            }
        }
        starts.push(t);
    }
    let ipath = join(path, "indicators");
    let indicators = object(required(r, path, "indicators")?, &ipath)?;
    let qpath = join(&ipath, "quote");
    let quotes = array(required(indicators, &ipath, "quote")?, &qpath)?;
    let quote = match quotes.first() {
        Some(q) => object(q, &format!("{qpath}[0]"))?,
        None if starts.is_empty() => {
            return Ok(Chart {
                meta,
                bars: Vec::new(),
            })
        }
        None => {
            return Err(err(
                &qpath,
                format!("no quote for {} timestamps", starts.len()),
            ))
        }
    };
    let q0 = format!("{qpath}[0]");
    let column = |key: &str| -> Result<&[Value], ChartError> {
        let cpath = join(&q0, key);
        match quote.get(key) {
            None if starts.is_empty() => Ok(&[]),
            None => Err(err(
                &cpath,
                format!("missing for {} timestamps", starts.len()),
            )),
            Some(v) => {
                let a = array(v, &cpath)?;
                if a.len() != starts.len() {
                    return Err(err(
                        &cpath,
                        format!("{} values for {} timestamps", a.len(), starts.len()),
                    ));
                }
                Ok(a)
            }
        }
    };
    let (open, high, low, close, vol) = (
        column("open")?,
        column("high")?,
        column("low")?,
        column("close")?,
        column("volume")?,
    );
    let mut bars = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let at = |key: &str| format!("{q0}.{key}[{i}]");
        bars.push(Bar {
            start,
            open: price(&open[i], &at("open"))?,
            high: price(&high[i], &at("high"))?,
            low: price(&low[i], &at("low"))?,
            close: price(&close[i], &at("close"))?,
            volume: volume(&vol[i], &at("volume"))?,
        });
    }
    Ok(Chart { meta, bars })
}

fn meta(m: &Object, path: &str) -> Result<ChartMeta, ChartError> {
    let opt_str = |k: &str| {
        optional(m, k)
            .map(|v| string(v, &join(path, k)))
            .transpose()
    };
    let opt_int = |k: &str| {
        optional(m, k)
            .map(|v| integer(v, &join(path, k)))
            .transpose()
    };
    let symbol = string(required(m, path, "symbol")?, &join(path, "symbol"))?;
    let regular_market_price = match optional(m, "regularMarketPrice") {
        Some(v) => price(v, &join(path, "regularMarketPrice"))?,
        None => None,
    };
    let trading_periods = optional(m, "tradingPeriods")
        .map(|v| trading_periods(v, &join(path, "tradingPeriods")))
        .transpose()?;
    Ok(ChartMeta {
        symbol,
        instrument_type: opt_str("instrumentType")?,
        exchange_timezone_name: opt_str("exchangeTimezoneName")?,
        gmtoffset: opt_int("gmtoffset")?,
        data_granularity: opt_str("dataGranularity")?,
        regular_market_time: opt_int("regularMarketTime")?,
        regular_market_price,
        trading_periods,
    })
}

fn trading_periods(v: &Value, path: &str) -> Result<TradingPeriods, ChartError> {
    match v {
        Value::Array(_) => Ok(TradingPeriods::Regular(period_days(v, path)?)),
        Value::Object(o) => {
            let part =
                |k: &str| optional(o, k).map_or(Ok(Vec::new()), |v| period_days(v, &join(path, k)));
            Ok(TradingPeriods::Split {
                pre: part("pre")?,
                regular: part("regular")?,
                post: part("post")?,
            })
        }
        _ => Err(err(
            path,
            format!("expected an array or object, found {}", v.type_name()),
        )),
    }
}

/// `[[period, ...], ...]` (one inner array per day), flattened in order.
fn period_days(v: &Value, path: &str) -> Result<Vec<Period>, ChartError> {
    let mut out = Vec::new();
    for (i, day) in array(v, path)?.iter().enumerate() {
        let dpath = format!("{path}[{i}]");
        for (j, p) in array(day, &dpath)?.iter().enumerate() {
            let ppath = format!("{dpath}[{j}]");
            let o = object(p, &ppath)?;
            let start = timestamp(required(o, &ppath, "start")?, &join(&ppath, "start"))?;
            let end = timestamp(required(o, &ppath, "end")?, &join(&ppath, "end"))?;
            if end < start {
                return Err(err(
                    &join(&ppath, "end"),
                    format!("{end} is before start {start}"),
                ));
            }
            let timezone = optional(o, "timezone")
                .map(|v| string(v, &join(&ppath, "timezone")))
                .transpose()?;
            let gmtoffset = optional(o, "gmtoffset")
                .map(|v| integer(v, &join(&ppath, "gmtoffset")))
                .transpose()?;
            out.push(Period {
                start,
                end,
                timezone,
                gmtoffset,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(quote: &str, ts: &str) -> String {
        format!(
            r#"{{"chart":{{"result":[{{"meta":{{"symbol":"X","dataGranularity":"1m"}},{ts}"indicators":{{"quote":[{quote}]}}}}],"error":null}}}}"#
        )
    }

    #[test]
    fn null_bars_are_gaps() {
        let b = body(
            r#"{"open":[1.5,null],"high":[2,null],"low":[1,null],"close":[1.25,null],"volume":[10,null]}"#,
            r#""timestamp":[60,120],"#,
        );
        let c = parse_chart(b.as_bytes()).unwrap();
        assert_eq!(c.meta.symbol, "X");
        assert_eq!(c.bars.len(), 2);
        assert_eq!(
            c.bars[0],
            Bar {
                start: 60,
                open: Some(1.5),
                high: Some(2.0),
                low: Some(1.0),
                close: Some(1.25),
                volume: Some(10)
            }
        );
        assert!(c.bars[1].is_gap() && c.bars[1].volume.is_none());
    }

    #[test]
    fn errors_name_the_path() {
        let cases = [
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":["1"],"volume":[1]}"#, r#""timestamp":[60],"#), "chart.result[0].indicators.quote[0].close[0]"),
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":[1,2],"volume":[1]}"#, r#""timestamp":[60],"#), "chart.result[0].indicators.quote[0].close"),
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":[1],"volume":[-1]}"#, r#""timestamp":[60],"#), "chart.result[0].indicators.quote[0].volume[0]"),
            (body(r#"{"open":[1,1],"high":[1,1],"low":[1,1],"close":[1,1],"volume":[1,1]}"#, r#""timestamp":[60,60],"#), "chart.result[0].timestamp[1]"),
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":[1],"volume":[1]}"#, r#""timestamp":[1e3],"#), "chart.result[0].timestamp[0]"),
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":[1],"volume":[1]}"#, ""), "chart.result[0].indicators.quote[0].open"),
            (body(r#"{"open":[1],"high":[1],"low":[1],"close":[NaN],"volume":[1]}"#, r#""timestamp":[60],"#), "chart.result[0].indicators.quote[0].close[0]"),
            (r#"{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found"}}}"#.into(), "chart.error"),
            (r#"{"chart":{"result":[],"error":null}}"#.into(), "chart.result"),
            (r#"{"response":{"body":"{\"chart\":3}"}}"#.into(), "response.body.chart"),
            (r#"{"response":{"bodyJson":{"chart":{"result":[{"meta":{}}]}}}}"#.into(), "response.bodyJson.chart.result[0].meta.symbol"),
            (r#"[1]"#.into(), ""),
        ];
        for (text, path) in cases {
            let e = parse_chart(text.as_bytes()).unwrap_err();
            assert_eq!(e.path, path, "{text}: {e}");
        }
        let e = parse_chart(br#"{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found"}}}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "chart.error: Yahoo reports an error: Not Found No data found"
        );
    }

    #[test]
    fn empty_quote_without_timestamps_is_zero_bars() {
        for q in ["{}", ""] {
            let c = parse_chart(body(q, "").as_bytes()).unwrap();
            assert!(c.bars.is_empty());
        }
    }

    #[test]
    fn trading_periods_both_shapes() {
        let p = r#"{"start":10,"end":20,"timezone":"EDT","gmtoffset":-14400}"#;
        let arr = format!(
            r#"{{"chart":{{"result":[{{"meta":{{"symbol":"X","tradingPeriods":[[{p}],[{p}]]}},"indicators":{{"quote":[{{}}]}}}}]}}}}"#
        );
        let c = parse_chart(arr.as_bytes()).unwrap();
        assert_eq!(c.meta.trading_periods.as_ref().unwrap().regular().len(), 2);
        let obj = format!(
            r#"{{"chart":{{"result":[{{"meta":{{"symbol":"X","tradingPeriods":{{"pre":[[{p}]],"regular":[[{p}]]}}}},"indicators":{{"quote":[{{}}]}}}}]}}}}"#
        );
        match parse_chart(obj.as_bytes())
            .unwrap()
            .meta
            .trading_periods
            .unwrap()
        {
            TradingPeriods::Split { pre, regular, post } => {
                assert_eq!((pre.len(), regular.len(), post.len()), (1, 1, 0))
            }
            t => panic!("{t:?}"),
        }
    }
}
