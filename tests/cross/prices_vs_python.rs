//! core::prices against an independent Python reading (tests/py/prices_peer.py: the json
//! module and numpy): reference and end prices, actual_pct and the draw band, bit for bit, on
//! the real AAPL 1m recording and on generated minute data (nulls, missing minutes, a futures
//! roll, Bitcoin's calendar days), then the forecasts check on rows the peer resolved.

#![forbid(unsafe_code)]

use sealbook_core::calendar::Instant;
use sealbook_core::contract::price_check::{check_forecasts, BandOptions, CHECK_COLUMNS};
use sealbook_core::prices::band::is_draw;
use sealbook_core::prices::band::{draw_band, BandClock, ContractFrom};
use sealbook_core::prices::rule::{resolve, MinuteSeries, Resolution, RuleError};
use sealbook_core::prices::yahoo::parse_chart;
use sealbook_core::prices::{instant_of, rfc3339, PRICE_PROVIDER, REFERENCE_RULE_V1};
use serde_json::Value;

fn peer(args: &[&str]) -> Value {
    let out = sealbook_tests::python_script("prices_peer.py")
        .args(args)
        .output()
        .expect("run the Python peer");
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn f(bits: &Value) -> f64 {
    f64::from_bits(bits.as_u64().unwrap())
}

/// Our result for a window against the peer's, exactly.
fn same(ours: &Result<Resolution, RuleError>, theirs: &Value, what: &str) {
    match (ours, theirs.get("error")) {
        (Ok(r), None) => {
            assert_eq!(
                r.reference.to_bits(),
                theirs["ref"].as_u64().unwrap(),
                "{what}: ref"
            );
            assert_eq!(
                r.close.to_bits(),
                theirs["close"].as_u64().unwrap(),
                "{what}: close"
            );
            assert_eq!(
                r.actual_pct.to_bits(),
                theirs["actual_pct"].as_u64().unwrap(),
                "{what}: actual_pct {}",
                r.actual_pct
            );
            assert_eq!(r.up, theirs["up"].as_bool().unwrap(), "{what}: up");
            assert_eq!(
                r.reference_bar.start,
                rfc3339(theirs["ref_start"].as_i64().unwrap()),
                "{what}: reference bar"
            );
            assert_eq!(
                r.end_bar.start,
                rfc3339(theirs["end_start"].as_i64().unwrap()),
                "{what}: end bar"
            );
        }
        (Err(e), Some(msg)) => {
            let kind = match e {
                RuleError::NotCovered { which, .. } => format!("{which} not covered"),
                RuleError::NoReferenceBar { .. } => "no reference bar".into(),
                RuleError::NoEndBar { .. } => "no end bar".into(),
                e => format!("{e}"),
            };
            assert_eq!(kind.as_str(), msg.as_str().unwrap(), "{what}");
        }
        (o, t) => panic!("{what}: ours {o:?}, peer {t:?}"),
    }
}

#[test]
fn aapl_recording_matches_the_peer() {
    let path =
        sealbook_tests::vectors_dir().join("yahoo/nyf2_chart_AAPL_1m_2024-10-02_regular.json");
    let series =
        MinuteSeries::from_charts(&[parse_chart(&std::fs::read(&path).unwrap()).unwrap()]).unwrap();
    let t = |s: &str| Instant::parse_rfc3339(s).unwrap().0 / 1_000_000;
    let windows = [
        (t("2024-10-02T13:30:00Z"), t("2024-10-02T20:00:00Z")),
        (t("2024-10-02T13:30:00Z"), t("2024-10-02T15:16:00Z")), // ends on the null minute
        (t("2024-10-02T15:15:00Z"), t("2024-10-02T19:00:00Z")), // starts on it
        (t("2024-10-02T13:30:30Z"), t("2024-10-02T14:00:30Z")),
        (t("2024-10-02T15:15:00Z"), t("2024-10-02T15:16:00Z")), // only the null minute
        (t("2024-10-02T13:00:00Z"), t("2024-10-02T20:00:00Z")), // before the data
        (t("2024-10-03T13:30:00Z"), t("2024-10-03T20:00:00Z")), // the trailing bar's day
        (t("2024-10-02T19:59:00Z"), t("2024-10-03T20:01:00Z")),
    ];
    let mut args = vec!["vector".to_string(), path.to_str().unwrap().to_string()];
    for (r, e) in windows {
        args.extend([r.to_string(), e.to_string()]);
    }
    let theirs = peer(&args.iter().map(String::as_str).collect::<Vec<_>>());
    for (i, (r, e)) in windows.iter().enumerate() {
        let ours = resolve(&series.bars, instant_of(*r), instant_of(*e));
        same(
            &ours,
            &theirs[i],
            &format!("window {} - {}", rfc3339(*r), rfc3339(*e)),
        );
    }
    // The band over the recorded session, for the next morning's reference: the null minute
    // at 15:15Z breaks two pairs, so 387 returns.
    let next = t("2024-10-03T13:30:00Z");
    let theirs = peer(&["band", path.to_str().unwrap(), &next.to_string(), "1"]);
    let ours = draw_band(&series.bars, instant_of(next), BandClock::Nyse, 1, &[]).unwrap();
    assert_eq!(theirs["returns"], 387);
    assert_eq!(theirs["days"], serde_json::json!(["2024-10-02"]));
    assert_eq!(
        ours.band_pct.to_bits(),
        theirs["band_pct"].as_u64().unwrap(),
        "AAPL band {}",
        ours.band_pct
    );
}

#[test]
fn generated_minutes_match_the_peer() {
    for seed in 0..6 {
        let case = peer(&["gen", &seed.to_string()]);
        let charts: Vec<_> = case["charts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| parse_chart(c.as_str().unwrap().as_bytes()).unwrap())
            .collect();
        let series = MinuteSeries::from_charts(&charts).unwrap();
        let contracts: Vec<ContractFrom> = case["contracts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| ContractFrom {
                from: instant_of(c[0].as_i64().unwrap()),
                label: c[1].as_str().unwrap().into(),
            })
            .collect();
        let clock = BandClock::for_instrument(series.instrument_type.as_deref());
        assert_eq!(
            clock == BandClock::UtcDays,
            case["crypto"].as_bool().unwrap()
        );
        let reference_at = instant_of(case["reference_at"].as_i64().unwrap());
        let band = draw_band(&series.bars, reference_at, clock, 4, &contracts).unwrap();
        assert_eq!(
            band.band_pct.to_bits(),
            case["band"]["band_pct"].as_u64().unwrap(),
            "seed {seed}: band {}",
            band.band_pct
        );
        let days: Vec<&str> = band.sessions.iter().map(|s| s.date.as_str()).collect();
        assert_eq!(
            serde_json::json!(days),
            case["band"]["days"],
            "seed {seed}: band sessions"
        );

        // The windows, then a forecasts file written from the peer's results: it must pass,
        // and a flipped draw or a nudged close must be named by row and column.
        let mut rows = vec![CHECK_COLUMNS.join(",")];
        for (i, w) in case["windows"].as_array().unwrap().iter().enumerate() {
            let (r, e) = (w[0].as_i64().unwrap(), w[1].as_i64().unwrap());
            let theirs = &case["results"][i];
            same(
                &resolve(&series.bars, instant_of(r), instant_of(e)),
                theirs,
                &format!("seed {seed} window {i}"),
            );
            // Rows on the reference's day share its band (window 3 may start the day before).
            if theirs.get("error").is_none() && r >= case["reference_at"].as_i64().unwrap() {
                let draw = is_draw(f(&theirs["actual_pct"]), f(&case["band"]["band_pct"]));
                rows.push(format!(
                    "{},{PRICE_PROVIDER},{REFERENCE_RULE_V1},{},{},{:?},{:?},{:?},{draw}",
                    series.symbol,
                    rfc3339(r),
                    rfc3339(e),
                    f(&theirs["ref"]),
                    f(&theirs["close"]),
                    f(&theirs["actual_pct"])
                ));
            }
        }
        let opts = BandOptions {
            sessions: 4,
            clock,
            contracts: contracts.clone(),
        };
        let n = rows.len() - 1;
        let rep = check_forecasts((rows.join("\n") + "\n").as_bytes(), &series, &opts).unwrap();
        assert!(rep.ok(), "seed {seed}: {}", rep.render());
        assert_eq!(
            (rep.rows_checked, rep.draws_checked),
            (n, n),
            "seed {seed}: {}",
            rep.render()
        );
        let last = rows.last().unwrap().clone();
        let flipped = match last.strip_suffix("true") {
            Some(s) => format!("{s}false"),
            None => format!("{}true", last.strip_suffix("false").unwrap()),
        };
        rows.push(flipped);
        let rep = check_forecasts((rows.join("\n") + "\n").as_bytes(), &series, &opts).unwrap();
        let bad: Vec<(u64, &str)> = rep
            .mismatches
            .iter()
            .map(|m| (m.row, m.column.as_str()))
            .collect();
        assert_eq!(bad, [(n as u64 + 2, "draw")], "seed {seed}");
    }
}

/// The league engine's band ([`sealbook_core::league::close::market_band`], what the score
/// line seals) on six consecutive real SPY 1-minute sessions (2026-03-23 to 03-30, regular
/// hours; 03-27 lacks two minutes), for the references of 03-27, 03-30 and 03-31: the same
/// bits as the peer's numpy reading of the CSV and as `resolve`'s [`draw_band`].
#[test]
fn the_league_band_on_six_real_spy_sessions_matches_the_peer() {
    use sealbook_core::calendar::Date;
    use sealbook_core::league::close::market_band;
    use sealbook_core::league::config::LeagueConfig;
    use sealbook_core::league::schedule::reference_at;
    use sealbook_core::prices::yahoo::Bar;
    let path = sealbook_tests::vectors_dir()
        .join("prices-history/intraday/stockdatasave_SPY_1m_2026-03-23_2026-03-31.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let bars: Vec<Bar> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let t = Instant::parse_rfc3339(&f[0].replace(' ', "T").replace("+00:00", "Z"))
                .unwrap_or_else(|| panic!("time {}", f[0]));
            let n = |i: usize| Some(f[i].parse::<f64>().unwrap());
            Bar {
                start: t.0 / 1_000_000,
                open: n(4),
                high: n(2),
                low: n(3),
                close: n(1),
                volume: f[5].parse().ok(),
            }
        })
        .collect();
    assert_eq!(bars.len(), 2427);
    let config = LeagueConfig::from_toml(
        b"[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n",
        "league.toml",
    )
    .unwrap();
    for (day, first) in [
        ("2026-03-27", "2026-03-23"),
        ("2026-03-30", "2026-03-24"),
        ("2026-03-31", "2026-03-25"),
    ] {
        let session = Date::parse(day).unwrap();
        let at = reference_at(&config, session);
        let league = market_band(&config, session, "SPX", &bars).unwrap();
        let resolve = draw_band(&bars, at, BandClock::Nyse, 4, &[]).unwrap();
        assert_eq!(resolve.sessions[0].date, first);
        let theirs = peer(&[
            "band-csv",
            path.to_str().unwrap(),
            &(at.0 / 1_000_000).to_string(),
            "4",
        ]);
        assert_eq!(theirs["days"][0], first);
        assert_eq!(
            league.to_bits(),
            theirs["band_pct"].as_u64().unwrap(),
            "{day}: {league}"
        );
        assert_eq!(league.to_bits(), resolve.band_pct.to_bits(), "{day}");
        // About 0.08 of a session's standard deviation (§3.5): a few hundredths of a percent.
        assert!((0.01..0.2).contains(&league), "{day}: {league}");
    }
    // A reference whose four sessions the data does not all hold gets no band, never a
    // smaller sample.
    let short = market_band(&config, Date::parse("2026-03-24").unwrap(), "SPX", &bars);
    assert!(short.unwrap_err().contains("2026-03-18"));
}
