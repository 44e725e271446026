//! A league whose seat changes model and whose methodology changes (spec §3.10): `league
//! init/run/score/publish` over three sessions with a seat on a fake OpenAI endpoint that
//! answers as `gpt-a` on the first session and as `gpt-b` from the second on, trading the
//! portfolio track, and the league's `methodology_version` moved from `m-1` to `m-2` before
//! the third. The published files show it: `council-stats.json` has two `segments` and the
//! seat's `new_model_version`; the accounts hold the new version's own account
//! `gpt_ver:gpt-b:2`, opened at its first decision's session; and the independent Python
//! peers agree: tests/py/arena_peer.py replays every account row and trade from the book,
//! tests/py/score_peer.py reads the versions and the segments from the forecasts file.

use super::common;

use common::fake_http::Answer;
use common::fake_yahoo::{self, ChartQuery};
use common::{arg, bin, LeagueInit, MARKETS};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

const SESSIONS: [&str; 3] = ["2026-10-21", "2026-10-22", "2026-10-23"];

/// Minute bars of any symbol over the three sessions, the level the symbol's own.
fn bars(symbol: &str) -> Vec<(i64, f64)> {
    fake_yahoo::rising_bars(
        20.0 + symbol.bytes().map(f64::from).sum::<f64>() / 4.0,
        "2026-10-20T13:30:00Z",
        "2026-10-23T20:05:00Z",
    )
}

/// The seat's answer: every market on 1d and 1w, and a portfolio decision.
fn answer(shift: usize) -> String {
    let mut items = serde_json::Map::new();
    for (i, m) in MARKETS.iter().enumerate() {
        let p = 30 + (i * 7 + shift * 11) % 45;
        items.insert(
            m.to_string(),
            serde_json::json!({"1d": {"prob_up": p}, "1w": {"prob_up": 100 - p}}),
        );
    }
    let w = 10 + 5 * (shift % 3);
    let body = serde_json::json!({"items": items, "years": "Up.",
        "decisions": {"arena-3": {"weights": {"SPY": w, "QQQ": 10}}, "pro-1": "hold"}});
    body.to_string()
}

/// `sealbook <args>`: exit code, stdout, stderr.
/// The seat's fake API key, in the environment variable the league's config names.
const KEY_ENV: &str = "SB_MODEL_CHANGE_KEY";
const KEY: &str = "sk-FAKE-model-change";

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(bin())
        .args(args)
        .env(KEY_ENV, KEY)
        .output()
        .unwrap();
    (
        o.status.code().expect("exited"),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

fn config(methodology: &str, openai: &str, yahoo: &str) -> String {
    let symbols: Vec<String> = MARKETS.iter().map(|m| format!("{m} = \"{m}\"")).collect();
    format!(
        "[league]\nname = \"a model change\"\nmethodology_version = \"{methodology}\"\n\n\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{openai}/v1\"\nmodel = \"gpt-a\"\napi_key_env = \"SB_MODEL_CHANGE_KEY\"\ntimeout_seconds = 20\nretries = 0\n\n\
         [prices]\nprovider = \"yahoo\"\nbase_url = \"{yahoo}\"\nsymbols = {{ {} }}\n\n\
         [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n",
        symbols.join(", ")
    )
}

fn json(path: PathBuf) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn peer(script: &str, args: &[&Path]) -> serde_json::Value {
    let out = sealbook_tests::python_script(script)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The league of the module doc, run and published: its directory.
fn the_league(tmp: &Path) -> PathBuf {
    let model = Arc::new(Mutex::new("gpt-a".to_string()));
    let calls = Arc::new(Mutex::new(0usize));
    let (m, c) = (model.clone(), calls.clone());
    let openai = common::fake_http::start(move |_| {
        let shift = {
            let mut c = c.lock().unwrap();
            *c += 1;
            *c
        };
        let body = serde_json::json!({"id": "chatcmpl-1", "object": "chat.completion",
            "model": m.lock().unwrap().clone(), "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": answer(shift)}}]});
        Answer::json(200, body.to_string().into_bytes())
    });
    let yahoo = common::fake_http::start(|r| {
        let q = ChartQuery::of(&r);
        q.chart(&bars(&q.symbol))
    });
    let config_path = tmp.join("league.toml");
    std::fs::write(&config_path, config("m-1", &openai, &yahoo)).unwrap();
    let dir = tmp.join("league");
    std::fs::create_dir_all(&dir).unwrap();
    let how = LeagueInit {
        at: Some("2026-10-21T04:00:00Z"),
        offline: true,
        env: &[(KEY_ENV, KEY)],
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, &config_path, &how);
    assert_eq!(code, 0, "{out}{err}");
    for (k, session) in SESSIONS.iter().enumerate() {
        if k == 1 {
            // The provider's model string changes: a new model version of the seat.
            *model.lock().unwrap() = "gpt-b".into();
        }
        if k == 2 {
            // The methodology changes: a new measurement segment (Requirement 15).
            let own = dir.join("league.toml");
            let text = std::fs::read_to_string(&own).unwrap();
            assert!(text.contains("methodology_version = \"m-1\""), "{text}");
            std::fs::write(&own, text.replace("\"m-1\"", "\"m-2\"")).unwrap();
        }
        let at = format!("{session}T12:30:00Z");
        let (code, out, err) = run(&["league", "run", arg(&dir), "--at", &at]);
        assert_eq!(code, 0, "run {session}: {out}{err}");
        let at = format!("{session}T20:15:00Z");
        let (code, out, err) = run(&[
            "league",
            "score",
            arg(&dir),
            "--session",
            session,
            "--at",
            &at,
        ]);
        assert_eq!(code, 0, "score {session}: {out}{err}");
    }
    let (code, out, err) = run(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 0, "publish: {out}{err}");
    assert!(*calls.lock().unwrap() >= 3);
    dir
}

#[test]
fn a_seat_that_changes_model_gets_its_versions_account_and_the_methodology_its_segments() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = the_league(tmp.path());

    // The stats document: two methodology segments, and the seat's new model version.
    let stats = json(dir.join("council-stats.json"));
    let segments = stats["segments"].as_object().expect("segments");
    assert_eq!(
        segments.keys().collect::<Vec<_>>(),
        ["m-1", "m-2"],
        "{segments:?}"
    );
    let nmv = &stats["new_model_version"]["gpt"];
    assert_eq!(
        (
            &nmv["model"],
            &nmv["version"],
            &nmv["since"],
            &nmv["previous_model"]
        ),
        (
            &serde_json::json!("gpt-b"),
            &serde_json::json!(2),
            &serde_json::json!(SESSIONS[1]),
            &serde_json::json!("gpt-a")
        ),
        "{nmv}"
    );
    assert_eq!(nmv["account"], "gpt_ver:gpt-b:2");
    assert_eq!(stats["new_model_version"].as_object().unwrap().len(), 1);

    // The accounts: the version's own, from its first decision's session, on every file that
    // publishes accounts.
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("arena-accounts.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sessions_of = |account: &str| -> Vec<String> {
        rows.iter()
            .filter(|r| r["version"] == "arena-3" && r["account"] == account)
            .map(|r| r["session"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(sessions_of("gpt"), SESSIONS);
    assert_eq!(sessions_of("gpt_ver:gpt-b:2"), SESSIONS[1..]);
    assert!(sessions_of("coin_ver:coin:2").is_empty());
    let league = json(dir.join("council-league.json"));
    let summary = league["accounts"]["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["version"] == "arena-3" && a["account"] == "gpt_ver:gpt-b:2")
        .expect("the version's account in council-league.json");
    assert_eq!(
        (&summary["kind"], &summary["first_session"]),
        (&serde_json::json!("seat"), &serde_json::json!(SESSIONS[1]))
    );

    // The Python peers agree with the published files.
    let p = peer("arena_peer.py", &[Path::new("league"), &dir]);
    assert_eq!(p["different"], 0, "{p}");
    assert_eq!(p["rows"], p["peer_rows"], "{p}");
    assert_eq!(p["decisions_equal"], true, "{p}");
    assert_eq!(p["trades_equal"], true, "{p}");
    let csv = dir.join("council-forecasts.csv");
    // The league was made offline, without a climatology: the peer gets a flat 50% table
    // (the figures compared here do not read it).
    let table: Vec<serde_json::Value> = MARKETS
        .iter()
        .flat_map(|a| sealbook_core::calendar::Horizon::ALL.map(|h| (a, h)))
        .map(|(a, h)| serde_json::json!({"asset": a, "h": h.as_str(), "p_up": 0.5}))
        .collect();
    let clim = tmp.path().join("flat-clim.json");
    std::fs::write(&clim, serde_json::json!({ "table": table }).to_string()).unwrap();
    let versions = peer(
        "score_peer.py",
        &[Path::new("--model-versions"), &csv, &clim],
    );
    let pv = &versions["gpt"];
    for k in [
        "model",
        "version",
        "since",
        "since_line",
        "previous_model",
        "account",
    ] {
        assert_eq!(nmv[k], pv[k], "new_model_version.gpt.{k}");
    }
    assert_eq!(versions.as_object().unwrap().len(), 1, "{versions}");
    let segs = peer(
        "score_peer.py",
        &[Path::new("--segments"), &csv, &clim, Path::new(SESSIONS[0])],
    );
    assert_eq!(stats["methodology"]["versions"], segs["versions"]);
    for (v, s) in segs["segments"].as_object().unwrap() {
        for k in ["rows", "first_session", "last_session"] {
            assert_eq!(segments[v][k], s[k], "segments.{v}.{k}");
        }
    }
}
