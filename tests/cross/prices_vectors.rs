//! core::prices against the real Yahoo Finance chart v8 responses in ../shared/vectors/yahoo
//! (read per its MANIFEST.md), hostile inputs, and the forecasts check on a recorded day.

#![forbid(unsafe_code)]

use sealbook_core::calendar::Instant;
use sealbook_core::contract::price_check::{check_forecasts, BandOptions, CHECK_COLUMNS};
use sealbook_core::prices::band::{BandClock, BandError};
use sealbook_core::prices::rule::{resolve, End, MinuteSeries, RuleError, SeriesError};
use sealbook_core::prices::yahoo::{
    parse_chart, Chart, TradingPeriods, MAX_BARS, MAX_RESPONSE_BYTES,
};
use sealbook_core::prices::{rfc3339, PRICE_PROVIDER, REFERENCE_RULE_V1};
use sha2::{Digest, Sha256};

const AAPL_1M: &str = "nyf2_chart_AAPL_1m_2024-10-02_regular.json";

fn vector(name: &str) -> Vec<u8> {
    std::fs::read(sealbook_tests::vectors_dir().join("yahoo").join(name)).unwrap()
}

fn chart(name: &str) -> Chart {
    parse_chart(&vector(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn at(s: &str) -> Instant {
    Instant::parse_rfc3339(s).unwrap()
}

#[test]
fn manifest_hashes_hold() {
    let manifest = String::from_utf8(vector("MANIFEST.md")).unwrap();
    let mut n = 0;
    for line in manifest.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line
            .split('|')
            .map(|c| c.trim().trim_matches('`'))
            .collect();
        let (name, sha) = (cells[1], cells[4]);
        assert_eq!(hex(&Sha256::digest(vector(name))), sha, "{name}");
        n += 1;
    }
    let files = std::fs::read_dir(sealbook_tests::vectors_dir().join("yahoo"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!((n, files), (10, 10), "every file is in the MANIFEST table");
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn aapl_one_minute_session() {
    let c = chart(AAPL_1M);
    assert_eq!(c.meta.symbol, "AAPL");
    assert_eq!(c.meta.data_granularity.as_deref(), Some("1m"));
    assert_eq!(
        c.meta.exchange_timezone_name.as_deref(),
        Some("America/New_York")
    );
    assert_eq!(c.meta.gmtoffset, Some(-14400));
    assert_eq!(c.bars.len(), 391);
    // The regular session of 2024-10-02, 13:30Z-20:00Z: 390 minutes.
    let (open, close) = (1727875800, 1727899200);
    assert_eq!(
        c.bars
            .iter()
            .filter(|b| (open..close).contains(&b.start))
            .count(),
        390
    );
    // The all-null bar at 15:15Z is a gap, not zeros.
    let gap = &c.bars[105];
    assert_eq!(rfc3339(gap.start), "2024-10-02T15:15:00Z");
    assert!(
        gap.is_gap()
            && gap.open.is_none()
            && gap.high.is_none()
            && gap.low.is_none()
            && gap.volume.is_none()
    );
    assert_eq!(c.bars.iter().filter(|b| b.is_gap()).count(), 1);
    // The trailing bar: next day's close instant, volume 0, every price the regular market price.
    let last = c.bars.last().unwrap();
    assert_eq!(rfc3339(last.start), "2024-10-03T20:00:00Z");
    assert_eq!(last.volume, Some(0));
    // Yahoo's bar values are float32 widened: 225.67 as f32 (the meta price is written 225.67).
    assert_eq!(
        [last.open, last.high, last.low, last.close],
        [Some(225.67f32 as f64); 4]
    );
    assert_eq!(c.meta.regular_market_price, Some(225.67));
    match c.meta.trading_periods.as_ref().unwrap() {
        TradingPeriods::Regular(p) => {
            assert_eq!(p.len(), 3);
            assert_eq!((p[1].start, p[1].end), (open, close));
            assert_eq!(
                p[2].end, last.start,
                "the trailing bar starts at the last period's end"
            );
        }
        t => panic!("array form expected, got {t:?}"),
    }

    let s = MinuteSeries::from_charts(&[c]).unwrap();
    let r = resolve(
        &s.bars,
        at("2024-10-02T13:30:00Z"),
        at("2024-10-02T20:00:00Z"),
    )
    .unwrap();
    assert_eq!(
        (r.reference_bar.start.as_str(), r.end_bar.start.as_str()),
        ("2024-10-02T13:30:00Z", "2024-10-02T19:59:00Z")
    );
    assert_eq!(r.actual_pct, 100.0 * (r.close / r.reference - 1.0));
    assert!(r.up);
    // The null minute: an end at 15:16 takes 15:14's close; a reference at 15:15 takes 15:16's.
    let r = resolve(
        &s.bars,
        at("2024-10-02T13:30:00Z"),
        at("2024-10-02T15:16:00Z"),
    )
    .unwrap();
    assert_eq!(r.end_bar.start, "2024-10-02T15:14:00Z");
    let r = resolve(
        &s.bars,
        at("2024-10-02T15:15:00Z"),
        at("2024-10-02T16:00:00Z"),
    )
    .unwrap();
    assert_eq!(r.reference_bar.start, "2024-10-02T15:16:00Z");
    // The trailing bar is outside every window: 2024-10-03 is not in the data.
    assert_eq!(
        resolve(
            &s.bars,
            at("2024-10-02T13:30:00Z"),
            at("2024-10-03T20:00:00Z")
        ),
        Err(RuleError::NotCovered {
            which: End::EndAt,
            at: at("2024-10-03T20:00:00Z")
        })
    );
    assert_eq!(
        resolve(
            &s.bars,
            at("2024-10-03T13:30:00Z"),
            at("2024-10-03T20:00:00Z")
        ),
        Err(RuleError::NotCovered {
            which: End::ReferenceAt,
            at: at("2024-10-03T13:30:00Z")
        })
    );
    // The band needs the four sessions before, which this one-day recording lacks.
    let band = sealbook_core::prices::band::draw_band(
        &s.bars,
        at("2024-10-02T13:30:00Z"),
        BandClock::Nyse,
        4,
        &[],
    );
    assert!(
        matches!(band, Err(BandError::SessionNotCovered { .. })),
        "{band:?}"
    );
    // With the 2024-10-02 session as the one before the next morning's reference it works.
    let band = sealbook_core::prices::band::draw_band(
        &s.bars,
        at("2024-10-03T13:30:00Z"),
        BandClock::Nyse,
        1,
        &[],
    )
    .unwrap();
    assert_eq!(band.sessions[0].date, "2024-10-02");
    assert_eq!(band.sessions[0].priced_bars, 389);
    assert!(
        band.band_pct > 0.0 && band.band_pct < 1.0,
        "{}",
        band.band_pct
    );
}

#[test]
fn other_recordings_per_manifest() {
    let weekend = chart("nyf2_chart_AAPL_1m_2025-02-01_weekend_empty.json");
    assert_eq!(
        (weekend.meta.symbol.as_str(), weekend.bars.len()),
        ("AAPL", 0)
    );
    let s = MinuteSeries::from_charts(&[weekend]).unwrap();
    assert!(matches!(
        resolve(
            &s.bars,
            at("2025-02-01T13:30:00Z"),
            at("2025-02-01T20:00:00Z")
        ),
        Err(RuleError::NotCovered { .. })
    ));

    let tsla = chart("nyf2_chart_TSLA_30m_2021-11-22_includePrePost.json");
    assert_eq!(tsla.bars.len(), 30);
    assert_eq!(
        (
            rfc3339(tsla.bars[0].start).as_str(),
            rfc3339(tsla.bars[29].start).as_str()
        ),
        ("2021-11-22T09:00:00Z", "2021-11-22T23:30:00Z")
    );
    match tsla.meta.trading_periods.as_ref().unwrap() {
        TradingPeriods::Split { pre, regular, post } => {
            assert_eq!((pre.len(), regular.len(), post.len()), (1, 1, 1));
            assert_eq!((regular[0].start, regular[0].end), (1637591400, 1637614800));
        }
        t => panic!("object form expected, got {t:?}"),
    }
    assert!(matches!(
        MinuteSeries::from_charts(&[tsla]),
        Err(SeriesError::NotMinuteBars { index: 0, .. })
    ));

    let btc = chart("nyf2_chart_BTC-USD_1d_2020-01-01.json");
    assert_eq!(btc.meta.instrument_type.as_deref(), Some("CRYPTOCURRENCY"));
    assert_eq!(
        (
            btc.meta.exchange_timezone_name.as_deref(),
            btc.meta.gmtoffset
        ),
        (Some("UTC"), Some(0))
    );
    assert_eq!(
        btc.bars.iter().map(|b| b.start).collect::<Vec<_>>(),
        [1577836800, 1577923200, 1578009600]
    );
    assert_eq!(
        BandClock::for_instrument(btc.meta.instrument_type.as_deref()),
        BandClock::UtcDays
    );

    for name in [
        "nyf2_chart_GC=F_1d_2020-01-01.json",
        "yf2_chart_BZ=F_1d_2020-01-01.json",
    ] {
        let c = chart(name);
        assert_eq!(c.meta.instrument_type.as_deref(), Some("FUTURE"), "{name}");
        assert_eq!(c.bars.len(), 1, "{name}");
        assert_eq!(
            BandClock::for_instrument(c.meta.instrument_type.as_deref()),
            BandClock::Nyse
        );
    }
    assert_eq!(
        chart("nyf2_chart_GC=F_1d_2020-01-01.json").bars[0].start,
        1577941200
    );

    for (name, n, tz, off) in [
        (
            "yfrs_history_chart_AAPL_1d_6mo.json",
            127,
            "America/New_York",
            -14400,
        ),
        (
            "yfrs_history_chart_GS2C.DE_1d_5d_partial_last.json",
            5,
            "Europe/Berlin",
            3600,
        ),
    ] {
        let c = chart(name);
        assert_eq!(c.bars.len(), n, "{name}");
        assert_eq!(
            (c.meta.exchange_timezone_name.as_deref(), c.meta.gmtoffset),
            (Some(tz), Some(off)),
            "{name}"
        );
        assert_eq!(
            Some(c.bars.last().unwrap().start),
            c.meta.regular_market_time,
            "{name}: the partial last bar"
        );
    }

    let tnx = chart("lpad_chart_TNX_5m_1d.json");
    assert_eq!(
        (
            tnx.meta.symbol.as_str(),
            tnx.meta.data_granularity.as_deref(),
            tnx.bars.len()
        ),
        ("^TNX", Some("5m"), 15)
    );
    assert!(tnx.bars.iter().all(|b| b.volume == Some(0)));
    assert_eq!(tnx.meta.gmtoffset, Some(-21600));
}

#[test]
fn fake_vector_is_rejected_with_its_path() {
    let e = parse_chart(&vector("nyf2_FAKE_chart_notimestamp_quotes_length.json")).unwrap_err();
    assert!(
        e.path
            .starts_with("response.bodyJson.chart.result[0].indicators.quote[0]."),
        "{e}"
    );
    assert_eq!(e.message, "1 values for 0 timestamps");
}

fn quote_doc(ts: &str, quote: &str) -> String {
    format!(
        r#"{{"chart":{{"result":[{{"meta":{{"symbol":"X","dataGranularity":"1m"}},"timestamp":{ts},"indicators":{{"quote":[{quote}]}}}}],"error":null}}}}"#
    )
}

#[test]
fn hostile_inputs_get_named_errors() {
    let q1 = r#"{"open":[1],"high":[1],"low":[1],"close":[1],"volume":[1]}"#;
    let cases: Vec<(String, &str)> = vec![
        (quote_doc(r#"["60"]"#, q1), "chart.result[0].timestamp[0]"),
        (quote_doc("[60]", r#"{"open":[1],"high":[1],"low":[1],"close":[true],"volume":[1]}"#), "chart.result[0].indicators.quote[0].close[0]"),
        (quote_doc("[60]", r#"{"open":[1],"high":[1],"low":[1],"close":[1e400],"volume":[1]}"#), "chart.result[0].indicators.quote[0].close[0]"),
        (quote_doc("[60]", r#"{"open":[1],"high":[1],"low":[1],"close":{"0":1},"volume":[1]}"#), "chart.result[0].indicators.quote[0].close"),
        (quote_doc("[60]", r#"{"open":[1],"high":[1,2],"low":[1],"close":[1],"volume":[1]}"#), "chart.result[0].indicators.quote[0].high"),
        (quote_doc("[60]", r#"{"open":[1],"high":[1],"low":[1],"close":[1],"volume":[1.5]}"#), "chart.result[0].indicators.quote[0].volume[0]"),
        (quote_doc("[99999999999999999999999]", q1), "chart.result[0].timestamp[0]"),
        (quote_doc("[60]", "7"), "chart.result[0].indicators.quote[0]"),
        (quote_doc("60", q1), "chart.result[0].timestamp"),
        (r#"{"chart":{"result":[{"meta":[],"indicators":{}}]}}"#.into(), "chart.result[0].meta"),
        (r#"{"chart":{"result":[{"meta":{"symbol":7},"indicators":{}}]}}"#.into(), "chart.result[0].meta.symbol"),
        (r#"{"chart":{"result":[{"meta":{"symbol":"X","tradingPeriods":[[{"start":5,"end":1}]]},"indicators":{"quote":[]}}]}}"#.into(), "chart.result[0].meta.tradingPeriods[0][0].end"),
        (r#"{"chart":{"result":[{"meta":{"symbol":"X","tradingPeriods":"x"},"indicators":{"quote":[]}}]}}"#.into(), "chart.result[0].meta.tradingPeriods"),
        (r#"{"chart":{"result":[{"meta":{"symbol":"X"}},{"meta":{"symbol":"Y"}}]}}"#.into(), "chart.result"),
        (r#"{"response":{"status":404,"body":"<html>"}}"#.into(), "response.body"),
        (r#"{"response":{"bodyJson":{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}}}"#.into(), "response.bodyJson.chart.error"),
        ("{\"chart\":".into(), ""),
        ("[".repeat(5000), ""),
    ];
    for (text, path) in cases {
        let e = parse_chart(text.as_bytes()).expect_err(&text[..text.len().min(120)]);
        assert_eq!(e.path, path, "{}: {e}", &text[..text.len().min(120)]);
        assert!(!e.message.is_empty());
    }
    // Huge arrays: more timestamps than the bound, and a response over the byte bound.
    let ts = format!(
        "[{}]",
        (0..=MAX_BARS as i64)
            .map(|i| (i * 60).to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let e = parse_chart(quote_doc(&ts, "{}").as_bytes()).unwrap_err();
    assert_eq!(e.path, "chart.result[0].timestamp");
    let big = vec![b' '; MAX_RESPONSE_BYTES + 1];
    assert!(parse_chart(&big).unwrap_err().message.contains("exceeds"));
    // Every truncation of a real response is an error, never a panic.
    let real = vector(AAPL_1M);
    for cut in (0..real.len()).step_by(211) {
        assert!(parse_chart(&real[..cut]).is_err(), "prefix of {cut} bytes");
    }
}

fn csv(rows: &[[&str; 9]]) -> Vec<u8> {
    let mut s = CHECK_COLUMNS.join(",") + ",seat\n";
    for r in rows {
        s += &(r.join(",") + ",s1\n");
    }
    s.into_bytes()
}

#[test]
fn forecasts_check_on_the_recorded_day() {
    let s = MinuteSeries::from_charts(&[chart(AAPL_1M)]).unwrap();
    let r = resolve(
        &s.bars,
        at("2024-10-02T13:30:00Z"),
        at("2024-10-02T20:00:00Z"),
    )
    .unwrap();
    let (rf, cl, pct) = (
        format!("{:?}", r.reference),
        format!("{:?}", r.close),
        format!("{:.4}", r.actual_pct),
    );
    let (a, b) = ("2024-10-02T13:30:00Z", "2024-10-02T20:00:00Z");
    let rows = [
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            "225.70",
            "226.81",
            &pct,
            "false",
        ], // row 2: rounded, ok
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            &rf,
            &cl,
            &pct,
            "false",
        ], // row 3: full precision, ok
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            &rf,
            "226.82",
            &pct,
            "false",
        ], // row 4: close off
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            &rf,
            &cl,
            "0.4919",
            "false",
        ], // row 5: actual_pct off
        [
            "MSFT",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            "1",
            "1",
            "0",
            "false",
        ], // another symbol
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            "2024-10-03T13:30:00Z",
            "2024-10-03T20:00:00Z",
            "1",
            "1",
            "0",
            "false",
        ], // row 7: not covered
        [
            "AAPL",
            PRICE_PROVIDER,
            "close_to_close_v0",
            a,
            b,
            "1",
            "1",
            "0",
            "false",
        ], // row 8: another rule
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            "yesterday",
            b,
            "1",
            "1",
            "0",
            "false",
        ], // row 9: bad time
        [
            "AAPL",
            PRICE_PROVIDER,
            REFERENCE_RULE_V1,
            a,
            b,
            "",
            "",
            "",
            "",
        ], // row 10: unresolved
    ];
    let opts = BandOptions {
        sessions: 4,
        clock: BandClock::Nyse,
        contracts: vec![],
    };
    let rep = check_forecasts(&csv(&rows), &s, &opts).unwrap();
    assert_eq!(
        (rep.rows_for_symbol, rep.rows_checked, rep.draws_checked),
        (8, 4, 0)
    );
    let bad: Vec<(u64, &str)> = rep
        .mismatches
        .iter()
        .map(|m| (m.row, m.column.as_str()))
        .collect();
    assert_eq!(bad, [(4, "close"), (5, "actual_pct"), (9, "reference_at")]);
    assert_eq!(rep.mismatches[0].recomputed, cl);
    let skipped: Vec<(u64, &str)> = rep
        .not_checked
        .iter()
        .map(|n| (n.row, n.scope.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [
            (2, "draw"),
            (3, "draw"),
            (4, "draw"),
            (5, "draw"),
            (7, "row"),
            (8, "row"),
            (10, "row")
        ]
    );
    assert!(rep
        .render()
        .contains("MISMATCH row 4 (line 4), column close"));
    // A file without the columns is refused, naming the column.
    let e = check_forecasts(b"price_symbol,ref\nAAPL,1\n", &s, &opts).unwrap_err();
    assert_eq!((e.row, e.column.as_deref()), (1, Some("price_provider")));
}
