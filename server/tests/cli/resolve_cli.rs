//! `sealbook resolve` on the real AAPL 1m recording (../shared/vectors/yahoo): a window's
//! outcome, the forecasts check with its row/column report and exit codes, unusable charts.

use super::common;

use common::{sealbook, sealbook_json};
use sealbook_core::prices::{PRICE_PROVIDER, REFERENCE_RULE_V1};

fn yahoo(name: &str) -> String {
    sealbook_tests::vectors_dir()
        .join("yahoo")
        .join(name)
        .to_str()
        .unwrap()
        .to_owned()
}

fn aapl() -> String {
    yahoo("nyf2_chart_AAPL_1m_2024-10-02_regular.json")
}

#[test]
fn a_window_from_the_recording() {
    let chart = aapl();
    let args = [
        "resolve",
        "--chart",
        &chart,
        "--reference-at",
        "2024-10-02T09:30:00-04:00",
        "--end-at",
        "2024-10-02T20:00:00Z",
    ];
    let (code, out, err) = sealbook(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ref         225.6999969482422  (close of the 1m bar 2024-10-02T13:30:00Z - 2024-10-02T13:31:00Z)"), "{out}");
    assert!(out.contains("close       226.80999755859375  (close of the 1m bar 2024-10-02T19:59:00Z - 2024-10-02T20:00:00Z)"), "{out}");
    assert!(
        out.contains(
            "band_pct    not computed: the data holds no bar of the band session 2024-09-26"
        ),
        "{out}"
    );
    let (code, doc) = sealbook_json(&args);
    assert_eq!(code, 0);
    let r = &doc["resolution"];
    assert_eq!(r["ref"], 225.6999969482422);
    assert_eq!(
        r["actual_pct"],
        100.0 * (226.80999755859375f64 / 225.6999969482422 - 1.0)
    );
    assert_eq!(r["up"], true);
    assert_eq!(r["end_bar"]["start"], "2024-10-02T19:59:00Z");
    assert!(doc["draw"].is_null() && doc["band"].is_null() && doc["band_error"].is_string());
}

#[test]
fn forecasts_check_names_row_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("council-forecasts.csv");
    let head = "seat,price_symbol,price_provider,reference_rule,reference_at,event_end_at,ref,close,actual_pct,draw";
    let row = |close: &str| {
        format!("s,AAPL,{PRICE_PROVIDER},{REFERENCE_RULE_V1},2024-10-02T13:30:00Z,2024-10-02T20:00:00Z,225.70,{close},0.4918,false")
    };
    let other = format!("s,AAPL,{PRICE_PROVIDER},{REFERENCE_RULE_V1},2024-10-03T13:30:00Z,2024-10-03T20:00:00Z,1,1,0,false");
    std::fs::write(
        &csv,
        format!("{head}\n{}\n{}\n{other}\n", row("226.81"), row("226.90")),
    )
    .unwrap();
    let chart = aapl();
    let args = [
        "resolve",
        "--chart",
        &chart,
        "--forecasts",
        csv.to_str().unwrap(),
    ];
    let (code, out, _) = sealbook(&args);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("AAPL: 3 rows, 2 checked (draw on 0), 1 mismatches, 3 not checked\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "MISMATCH row 3 (line 3), column close: file \"226.90\", recomputed 226.80999755859375"
        ),
        "{out}"
    );
    assert!(out.contains("not checked: row 4 (line 4), row: the data holds no bar for the minute of reference_at 2024-10-03T13:30:00Z"), "{out}");
    let (code, doc) = sealbook_json(&args);
    assert_eq!(code, 1);
    assert_eq!(doc["ok"], false);
    let m = &doc["check"]["mismatches"][0];
    assert_eq!(
        (m["row"].as_u64(), m["column"].as_str(), m["file"].as_str()),
        (Some(3), Some("close"), Some("226.90"))
    );
    // The good rows alone pass.
    std::fs::write(&csv, format!("{head}\n{}\n{other}\n", row("226.81"))).unwrap();
    let (code, out, _) = sealbook(&args);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn unusable_charts_and_times_exit_2() {
    let fake = yahoo("nyf2_FAKE_chart_notimestamp_quotes_length.json");
    let (code, _, err) = sealbook(&[
        "resolve",
        "--chart",
        &fake,
        "--reference-at",
        "2024-10-02T13:30:00Z",
        "--end-at",
        "2024-10-02T20:00:00Z",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("nyf2_FAKE")
            && err.contains("field response.bodyJson.chart.result[0].indicators.quote[0]."),
        "{err}"
    );
    let tsla = yahoo("nyf2_chart_TSLA_30m_2021-11-22_includePrePost.json");
    let (code, _, err) = sealbook(&[
        "resolve",
        "--chart",
        &tsla,
        "--reference-at",
        "2021-11-22T14:30:00Z",
        "--end-at",
        "2021-11-22T21:00:00Z",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("30m, the rule needs 1m bars"), "{err}");
    let chart = aapl();
    let (code, doc) = sealbook_json(&[
        "resolve",
        "--chart",
        &chart,
        "--reference-at",
        "13:30",
        "--end-at",
        "2024-10-02T20:00:00Z",
    ]);
    assert_eq!(code, 2);
    assert_eq!(doc["error"]["field"], "--reference-at");
    let (code, _, err) = sealbook(&[
        "resolve",
        "--chart",
        &chart,
        "--reference-at",
        "2024-10-02T13:30:00Z",
    ]);
    assert_eq!(code, 2, "{err}");
}
