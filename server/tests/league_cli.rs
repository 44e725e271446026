//! `sealbook league init` and `sealbook schema league-config|answer`: the declaration sealed as
//! line 1 of asks.jsonl (a valid sealed chain the verifier accepts, read back by core's ask
//! chain and roster readers), an existing league refused, a bad config named by file, line
//! and field, and the schemas written from the code.

mod common;

use common::{arg, sealbook, sealbook_json};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::score::ask_chain::{AskChain, SCHEDULED_MORNING_RUN};
use sealbook_core::score::roster::roster_from_asks;

const MINIMAL: &str = r#"[league]
name = "my league"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "http://127.0.0.1:9000/v1"
model = "gpt-test"
api_key_env = "ALPHA_KEY"
family = "lab-a"
side = "US"

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "csv"
path = "prices.csv"
"#;

#[test]
fn init_seals_the_declaration_first_and_refuses_an_existing_league() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    std::fs::write(&config, MINIMAL).unwrap();
    let dir = tmp.path().join("league");
    let (code, v) = sealbook_json(&[
        "league",
        "init",
        arg(&dir),
        "--config",
        arg(&config),
        "--at",
        "2026-10-21T04:16:00Z",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["first_session"], "2026-10-21");
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let report = verify(&asks, VerifyOptions::default());
    assert!(report.ok && report.lines == 1, "{report:?}");
    let chain = AskChain::parse(&asks).unwrap();
    let d = chain.declaration().expect("line 1 is the declaration");
    assert_eq!(
        (
            d.at.as_str(),
            d.counting_rule.as_deref(),
            d.methodology.as_deref()
        ),
        (
            "2026-10-21T04:16:00Z",
            Some(SCHEDULED_MORNING_RUN),
            Some("m-1")
        )
    );
    assert_eq!(
        (d.ask_at_et.as_str(), d.reference_at_et.as_str()),
        ("08:30", "09:30")
    );
    let roster = roster_from_asks(&asks).unwrap();
    assert_eq!(roster.seats.len(), 2);
    assert_eq!(
        std::fs::read_to_string(dir.join("league.toml")).unwrap(),
        MINIMAL
    );

    // A second init is refused and leaves the league as it was.
    let (code, out, err) = sealbook(&["league", "init", arg(&dir), "--config", arg(&config)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read(dir.join("asks.jsonl")).unwrap(), asks);
}

#[test]
fn a_bad_config_names_file_line_and_field() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    std::fs::write(
        &config,
        MINIMAL.replace("adapter = \"coin\"", "adapter = \"coins\""),
    )
    .unwrap();
    let dir = tmp.path().join("league");
    let (code, v) = sealbook_json(&["league", "init", arg(&dir), "--config", arg(&config)]);
    assert_eq!(code, 2, "{v}");
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["field"].as_str()),
        (Some(16), Some("seat[1].adapter")),
        "{v}"
    );
    assert!(v["error"]["file"]
        .as_str()
        .unwrap()
        .ends_with("league.toml"));
    assert!(!dir.exists(), "nothing is created for an unusable config");
}

#[test]
fn the_schemas_are_written_from_the_code() {
    let tmp = tempfile::tempdir().unwrap();
    for (which, probe) in [
        (
            "league-config",
            "/properties/seat/items/properties/adapter/enum",
        ),
        (
            "answer",
            "/properties/items/properties/BTC/properties/1d/properties/crowd_up",
        ),
    ] {
        let out = tmp.path().join(format!("{which}.json"));
        let (code, v) = sealbook_json(&["schema", which, "--out", arg(&out)]);
        assert_eq!(code, 0, "{v}");
        let schema: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert!(schema.pointer(probe).is_some(), "{which}: {probe}");
    }
}
