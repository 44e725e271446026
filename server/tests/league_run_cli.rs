//! `sealbook league run|score|status` end to end on 127.0.0.1: a league day with OpenAI,
//! Anthropic and Gemini seats pointed at fake endpoints that answer with the recorded replies
//! of `../shared/vectors/llm-apis` (and slow, failing, 429 with retry-after, malformed,
//! refused, blocked and oversized replies), a command seat, the reference seats, and prices
//! from a recorded CSV. The book then passes `sealbook verify` and the spec's Appendix B step
//! 4 script, and its forecasts go through `sealbook score --book`. A second writer is refused,
//! no API key reaches any file, stdout or stderr, and a run killed by SIGKILL during its
//! appends loses no acknowledged line.

mod common;

use common::{arg, sealbook, BIN};
use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::score::book_lines::BookLines;
use sealbook_core::score::book_rows::book_rows;
use sealbook_core::score::counting::Counting;
use sealbook_core::score::roster::roster_from_asks;
use sealbook_tests::fake_http::{self, Answer, Request};
use sealbook_tests::llm_vectors::{recordings, Provider, Recording};
use sealbook_tests::python_script;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const MARKETS: [&str; 12] = [
    "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
];
const SESSION: &str = "2026-10-21";
/// 08:30 New York time on the session: the morning run.
const RUN_AT: &str = "2026-10-21T12:30:00Z";
/// After the 16:10 ET scoring time.
const SCORE_AT: &str = "2026-10-21T20:15:00Z";

/// Distinctive fake keys: none may appear in any file or output.
const KEYS: [(&str, &str); 4] = [
    ("SB_TEST_OPENAI_KEY", "sk-FAKE-openai-5e1f0c9a7d3b"),
    ("SB_TEST_ANTHROPIC_KEY", "sk-ant-FAKE-b4c2e8d61f07"),
    ("SB_TEST_GEMINI_KEY", "AIzaFAKE-gemini-93a1d7c5e2"),
    ("SB_TEST_CMD_KEY", "cmd-FAKE-secret-0c7e2a94b1"),
];

// ---- fake endpoints (sealbook_tests::fake_http) ----------------------------------------------

/// Serves `handler(hit, request)` on 127.0.0.1; the hit count is per server.
fn serve(handler: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static) -> String {
    fake_http::start(handler).url
}

/// The key the request carried, in whichever header the provider uses.
fn key_of(h: &Request) -> String {
    h.header("authorization")
        .or(h.header("x-api-key"))
        .or(h.header("x-goog-api-key"))
        .map(|v| v.trim_start_matches("Bearer ").to_string())
        .unwrap_or_default()
}

fn recorded(provider: Provider, file: &str) -> Recording {
    recordings()
        .into_iter()
        .find(|r| r.provider == provider && r.file == file && r.status == 200)
        .unwrap_or_else(|| panic!("{file}: no 200 recording"))
}

fn recorded_reply(r: &Recording, delay: Duration) -> Answer {
    Answer {
        status: r.status,
        headers: r
            .headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            .cloned()
            .collect(),
        body: r.body.clone(),
        delay,
    }
}

// ---- the league ----------------------------------------------------------------------------

/// A well-formed answer for every market on 1d and 1w.
fn good_answer() -> String {
    let mut items = serde_json::Map::new();
    for (i, m) in MARKETS.iter().enumerate() {
        let p = 30 + (i * 7) % 45;
        items.insert(
            m.to_string(),
            serde_json::json!({"1d": {"prob_up": p, "action": "hold", "risk": "a surprise"},
                               "1w": {"prob_up": 100 - p, "action": "trim"}}),
        );
    }
    let body = serde_json::json!({"items": items, "years": "Up, with swings."});
    format!("My forecast:\n```json\n{body}\n```\n")
}

/// Minute bars for every market: every minute from the session before's reference to after
/// the session's close, then each later day's minutes around the reference and the close
/// (what the rule reads) up to the week's end. `revised` changes the session's last bar.
fn prices_csv(revised: bool) -> String {
    let t = |s: &str| {
        sealbook_core::calendar::Instant::parse_rfc3339(s)
            .unwrap()
            .0
            / 1_000_000
    };
    let mut spans = vec![(t("2026-10-20T13:30:00Z"), t("2026-10-21T20:05:00Z"))];
    for day in 22..=28 {
        spans.push((
            t(&format!("2026-10-{day}T13:00:00Z")),
            t(&format!("2026-10-{day}T13:45:00Z")),
        ));
        spans.push((
            t(&format!("2026-10-{day}T19:45:00Z")),
            t(&format!("2026-10-{day}T20:05:00Z")),
        ));
    }
    let last_bar = t("2026-10-21T19:59:00Z");
    // The trading tracks' funds (arena-protocol.json) trade beside their markets, each under
    // its own ticker (no prices.fund_symbols: the ticker is the symbol), except COPPER's,
    // which the provider cannot price; and the 13-week bill rate.
    let protocol = sealbook_core::arena::league::league_protocol();
    let fund_of = |m: &str| {
        protocol
            .versions
            .iter()
            .flat_map(|r| &r.funds)
            .find(|f| f.market == m && m != "COPPER")
            .map(|f| f.symbol.clone())
    };
    let mut out = String::from("symbol,time,open,high,low,close,volume\n");
    let rates = ["^IRX"];
    for (i, m) in MARKETS.iter().chain(&rates).enumerate() {
        let base = 50.0 + 25.0 * i as f64;
        let dir = if i % 3 == 0 { -1.0 } else { 1.0 };
        let mut k = 0usize;
        for &(from, to) in &spans {
            for t in (from..to).step_by(60) {
                k += 1;
                let time = sealbook_core::prices::rfc3339(t);
                let symbols: Vec<String> =
                    std::iter::once(m.to_string()).chain(fund_of(m)).collect();
                if k % 97 == 13 {
                    // A minute without trades now and then.
                    for s in &symbols {
                        out.push_str(&format!("{s},{time},,,,,\n"));
                    }
                    continue;
                }
                let mut c = base * (1.0 + dir * 0.00002 * k as f64) + 0.01 * ((k * 7) % 5) as f64;
                if *m == "^IRX" {
                    c = 3.9 + 0.001 * (k % 7) as f64;
                }
                if revised && t == last_bar {
                    c *= 1.01;
                }
                for s in &symbols {
                    out.push_str(&format!(
                        "{s},{time},{c:.4},{:.4},{:.4},{c:.4},{}\n",
                        c + 0.05,
                        c - 0.05,
                        100 + k % 50
                    ));
                }
            }
        }
    }
    out
}

struct Endpoints {
    openai: String,
    rate_limited: String,
    anthropic_slow: String,
    gemini: String,
    gemini_blocked: String,
    failing: String,
    malformed: String,
    refused: String,
    oversized: String,
}

/// How long the slowest seat that answers takes.
const SLOW: Duration = Duration::from_millis(1500);

fn endpoints() -> Endpoints {
    let openai = recorded(
        Provider::OpenAi,
        "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
    );
    // The recorded body with the model's text replaced by a league answer.
    let mut body: serde_json::Value = serde_json::from_slice(&openai.body).unwrap();
    body["choices"][0]["message"]["content"] = good_answer().into();
    let good = serde_json::to_vec(&body).unwrap();
    let mut refusal = body.clone();
    refusal["choices"][0]["message"]["content"] = serde_json::Value::Null;
    refusal["choices"][0]["message"]["refusal"] = "I can't help with that request.".into();
    let refusal = serde_json::to_vec(&refusal).unwrap();
    let anthropic = recorded(
        Provider::Anthropic,
        "pydantic-ai_cassette_test_anthropic_model_instructions.yaml",
    );
    let gemini = recorded(
        Provider::Gemini,
        "firebase-testdata_googleai_unary-success-basic-reply-short.json",
    );
    let blocked = recorded(
        Provider::Gemini,
        "firebase-testdata_googleai_unary-failure-finish-reason-safety.json",
    );
    let good2 = good.clone();
    Endpoints {
        openai: serve(move |_, _| Answer::json(200, good.clone())),
        // 429 with retry-after (the body echoes the key, as providers do), then the answer.
        rate_limited: serve(move |hit, h| {
            if hit == 0 {
                let mut r = Answer::json(
                    429,
                    format!(r#"{{"error": {{"message": "Rate limit reached for key {}", "type": "rate_limit_error"}}}}"#, key_of(h)).into_bytes(),
                );
                r.headers.push(("retry-after".into(), "1".into()));
                r
            } else {
                Answer::json(200, good2.clone())
            }
        }),
        anthropic_slow: serve(move |_, _| recorded_reply(&anthropic, SLOW)),
        gemini: serve(move |_, _| recorded_reply(&gemini, Duration::ZERO)),
        gemini_blocked: serve(move |_, _| recorded_reply(&blocked, Duration::ZERO)),
        failing: serve(|_, h| {
            Answer::json(
                500,
                format!(r#"{{"error": {{"message": "internal error for {}", "type": "server_error"}}}}"#, key_of(h)).into_bytes(),
            )
        }),
        malformed: serve(|_, _| Answer::json(200, b"{\"choices\": [{\"message\": ".to_vec())),
        refused: serve(move |_, _| Answer::json(200, refusal.clone())),
        oversized: serve(|_, _| Answer::json(200, vec![b' '; 3 << 20])),
    }
}

fn config(e: &Endpoints, answer_file: &Path) -> String {
    let openai = |name: &str, url: &str, extra: &str| {
        format!("[[seat]]\nname = \"{name}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"openai\"\ntimeout_seconds = 20\n{extra}\n")
    };
    let mut c =
        String::from("[league]\nname = \"a league day\"\nmethodology_version = \"m-1\"\n\n");
    c += &openai("gpt", &e.openai, "side = \"US\"");
    c += &openai("gpt_429", &e.rate_limited, "");
    c += &openai("gpt_failing", &e.failing, "retries = 1");
    c += &openai("gpt_malformed", &e.malformed, "retries = 1");
    c += &openai("gpt_refused", &e.refused, "");
    c += &openai("gpt_oversized", &e.oversized, "");
    c += &format!("[[seat]]\nname = \"claude\"\nadapter = \"anthropic\"\nbase_url = \"{}\"\nmodel = \"claude-sonnet-4-5\"\napi_key_env = \"SB_TEST_ANTHROPIC_KEY\"\nfamily = \"anthropic\"\ntimeout_seconds = 20\n\n", e.anthropic_slow);
    for (name, url) in [("gemini", &e.gemini), ("gemini_blocked", &e.gemini_blocked)] {
        c += &format!("[[seat]]\nname = \"{name}\"\nadapter = \"gemini\"\nbase_url = \"{url}\"\nmodel = \"gemini-2.5-flash\"\napi_key_env = \"SB_TEST_GEMINI_KEY\"\nfamily = \"google\"\ntimeout_seconds = 20\n\n");
    }
    c += &format!(
        "[[seat]]\nname = \"local\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; cat {}\"]\ntimeout_seconds = 20\n\n",
        answer_file.display()
    );
    for r in ["coin", "momentum", "climatology"] {
        c += &format!("[[seat]]\nname = \"{r}\"\nadapter = \"{r}\"\n\n");
    }
    c += "[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n";
    c += NO_ANCHORS;
    c
}

/// The anchors are league_stamp_cli's (against its own fakes on 127.0.0.1); a run here writes
/// its stamped lists only, and never reaches for the default public calendars, authorities
/// and log.
const NO_ANCHORS: &str = "[anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n";

/// `sealbook` with the fake keys in its environment.
fn cmd(args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args);
    for (k, v) in KEYS {
        c.env(k, v);
    }
    c
}

fn output(args: &[&str]) -> (i32, String, String) {
    let o = cmd(args).output().unwrap();
    (
        o.status.code().expect("exited"),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// A new league directory (init at 00:00 ET of the session) with the prices file in it.
fn init(tmp: &Path, config_text: &str) -> std::path::PathBuf {
    let config = tmp.join("league.toml");
    std::fs::write(&config, config_text).unwrap();
    let dir = tmp.join("league");
    let (code, out, err) = sealbook(&[
        "league",
        "init",
        arg(&dir),
        "--config",
        arg(&config),
        "--at",
        "2026-10-21T04:00:00Z",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::write(dir.join("prices.csv"), prices_csv(false)).unwrap();
    dir
}

/// A child that dies with the test, should the test fail first.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads a child's stderr lines on a thread, each sent the moment it is printed.
fn lines_of(r: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn files_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn sha256_hex(b: &[u8]) -> String {
    sealbook_core::hex::encode(&Sha256::digest(b))
}

#[test]
fn a_league_day_on_fake_endpoints() {
    let tmp = tempfile::tempdir().unwrap();
    let answer_file = tmp.path().join("local-answer.txt");
    std::fs::write(&answer_file, good_answer()).unwrap();
    let e = endpoints();
    let dir = init(tmp.path(), &config(&e, &answer_file));
    let d = arg(&dir);
    let mut outputs = String::new();

    // The run, in a child: while it asks (the slow seat holds it), a second run is refused.
    let mut run = KillOnDrop(
        cmd(&["league", "run", d, "--at", RUN_AT, "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stdout = run.0.stdout.take().unwrap();
    let events = lines_of(run.0.stderr.take().unwrap());
    let mut log = Vec::new();
    loop {
        let line = events
            .recv_timeout(Duration::from_secs(120))
            .expect("the run asks its seats");
        let asked = line.contains(r#""event":"asked""#);
        log.push(line);
        if asked {
            break;
        }
    }
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 2, "a second writer is refused: {out}{err}");
    assert!(
        err.contains("another writer holds the league") && err.contains(d),
        "{err}"
    );
    outputs += &(out + &err);
    let mut run_out = String::new();
    stdout.read_to_string(&mut run_out).unwrap();
    let status = run.0.wait().unwrap();
    log.extend(events.iter());
    let log = log.join("\n");
    assert!(status.success(), "{run_out}\n{log}");
    outputs += &run_out;
    outputs += &log;
    let v: serde_json::Value = serde_json::from_str(&run_out).unwrap();
    assert_eq!(v["run_id"], "2026-10-21-am");
    assert_eq!(v["clock_set"], true);
    // gpt, gpt_429, gpt_refused, claude, gemini, gemini_blocked, local and the three
    // reference seats answered; the failing, malformed and oversized seats did not.
    assert_eq!(v["answers_sealed"], 10, "{log}");
    assert_eq!(v["seats_asked"], 10);

    // Before the deadline three seats are pending; after the close the score closes them.
    let (code, out, err) = output(&[
        "league",
        "status",
        d,
        "--at",
        "2026-10-21T13:00:00Z",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out.clone() + &err);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        s["runs"][0]["pending"],
        serde_json::json!(["gpt_failing", "gpt_malformed", "gpt_oversized"])
    );
    assert_eq!(s["scores_due"], serde_json::json!([]));
    let (code, out, err) = output(&["league", "status", d, "--at", SCORE_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        s["scores_due"],
        serde_json::json!([{"run_id": "2026-10-21-am", "horizon": "1d"}])
    );
    outputs += &(out + &err);

    let (code, out, err) = output(&[
        "league",
        "score",
        d,
        "--session",
        SESSION,
        "--at",
        SCORE_AT,
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out.clone() + &err);
    let sc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(sc["score_lines"], 1, "{out}");
    // Scoring again has nothing due.
    let (code, out, err) = output(&[
        "league",
        "score",
        d,
        "--session",
        SESSION,
        "--at",
        SCORE_AT,
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["score_lines"],
        0
    );
    outputs += &(out + &err);
    let (code, out, err) = output(&["league", "status", d, "--at", SCORE_AT, "--json"]);
    assert_eq!(code, 0);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["runs"][0]["pending"], serde_json::json!([]));
    assert_eq!(s["runs"][0]["scored"], serde_json::json!(["1d"]));
    assert_eq!(s["scores_due"], serde_json::json!([]));
    outputs += &(out + &err);

    // Prices revised at the provider: a re-take seals one correction naming the score line,
    // and a second re-take finds nothing new.
    std::fs::write(dir.join("prices.csv"), prices_csv(true)).unwrap();
    let retake = |outputs: &mut String| {
        let (code, out, err) = output(&[
            "league",
            "score",
            d,
            "--session",
            SESSION,
            "--at",
            "2026-10-21T21:00:00Z",
            "--retake",
            "--json",
        ]);
        assert_eq!(code, 0, "{out}{err}");
        *outputs += &(out.clone() + &err);
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let r = retake(&mut outputs);
    assert_eq!(
        (r["corrections"].as_u64(), r["score_lines"].as_u64()),
        (Some(1), Some(0)),
        "{r}"
    );
    let score_n = sc["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "scored")
        .unwrap()["n"]
        .clone();
    let corrected = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "corrected")
        .unwrap();
    assert_eq!(corrected["of"], score_n);
    assert_eq!(retake(&mut outputs)["corrections"], 0);

    // A week later the 1w window has closed: its score_h line.
    let (code, out, err) = output(&[
        "league",
        "score",
        d,
        "--session",
        SESSION,
        "--at",
        "2026-10-28T20:15:00Z",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out.clone() + &err);
    let w: serde_json::Value = serde_json::from_str(&out).unwrap();
    let scored: Vec<&serde_json::Value> = w["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "scored")
        .collect();
    assert_eq!(scored.len(), 1, "{out}");
    assert_eq!(scored[0]["horizon"], "1w");
    assert_eq!(scored[0]["markets"], 12, "{out}");
    let (_, out, _) = output(&[
        "league",
        "status",
        d,
        "--at",
        "2026-10-28T20:16:00Z",
        "--json",
    ]);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["runs"][0]["scored"], serde_json::json!(["1d", "1w"]));
    outputs += &out;

    // Published after the close: the run's raw replies are listed in the manifest, each
    // hashing to its answer line's own_sha256.
    let (code, out, err) = output(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let listed: BTreeSet<String> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    assert!(
        listed.contains("replies/2026-10-21-am/gpt.txt"),
        "{listed:?}"
    );
    // The trading tracks: the score job recorded the session's fund prices (COPPER's fund
    // has none: no line, never an invented price), and publish wrote the arena files from the
    // book; the reference seats decided "hold" on both versions in force; every file listed.
    for f in [
        "arena-prices.jsonl",
        "arena-protocol.json",
        "arena-decisions.jsonl",
        "arena-trades.jsonl",
        "arena-accounts.jsonl",
        "arena-code.json",
        "arena-code-core-src-arena-engine.rs.txt",
        "council-league.json",
    ] {
        assert!(listed.contains(f), "{f}: {listed:?}");
    }
    let arena_prices = std::fs::read_to_string(dir.join("arena-prices.jsonl")).unwrap();
    assert!(
        arena_prices.contains(r#"{"symbol":"SPY","kind":"close","session":"2026-10-21""#),
        "{arena_prices}"
    );
    assert!(arena_prices.contains(r#""symbol":"^IRX","kind":"rate","session":"2026-10-21""#));
    assert!(!arena_prices.contains("CPER"));
    let decisions = std::fs::read_to_string(dir.join("arena-decisions.jsonl")).unwrap();
    for seat in ["coin", "momentum"] {
        for version in ["arena-3", "pro-1", "agent-portfolio-1"] {
            assert!(
                decisions.contains(&format!(r#"{{"account":"{seat}","decision":"hold","#))
                    && decisions.contains(&format!(r#""version":"{version}"}}"#)),
                "{seat} {version}: {decisions}"
            );
        }
    }
    let league: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("council-league.json")).unwrap()).unwrap();
    let accounts = league["accounts"]["accounts"].as_array().unwrap();
    for name in [
        "coin",
        "_spy",
        "_hold_all",
        "_passive",
        "_cash",
        "_random",
        "_spy_long",
        "_spy_short",
        "_world",
        "_bitcoin",
    ] {
        assert!(
            accounts.iter().any(|a| a["account"] == name),
            "{name}: {league}"
        );
    }
    let (code, out, err) = output(&["replay", d, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (r["different"].as_u64(), r["not_recounted"].as_u64()),
        (Some(0), Some(0)),
        "{r}"
    );
    assert_eq!(r["exact"], r["rows"], "{r}");

    // The books verify with the project's verifier and the spec's Appendix B step 4 script.
    // The run and the score stamped as they went: every list checks both books' prefixes.
    let mut lists = Vec::new();
    for day in std::fs::read_dir(dir.join("proof")).unwrap() {
        for f in std::fs::read_dir(day.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|x| x == "txt") {
                lists.push(p);
            }
        }
    }
    assert!(lists.len() >= 2, "{lists:?}");
    for f in ["council-book.jsonl", "asks.jsonl"] {
        let mut a = vec!["verify".to_string(), arg(&dir.join(f)).to_string()];
        for l in &lists {
            a.extend(["--stamp".to_string(), arg(l).to_string()]);
        }
        let (code, out, err) = output(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code, 0, "{f}: {out}{err}");
        assert!(out.contains("chain ok"), "{out}");
    }
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let py = python_script("appendix_b_step4.py")
        .current_dir(&dir)
        .output()
        .unwrap();
    let lines = book
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    assert!(
        py.status.success(),
        "{}",
        String::from_utf8_lossy(&py.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&py.stdout).trim(),
        format!("chain ok: {lines} lines")
    );

    // The forecasts go through the scorer from the book.
    let (code, out, err) = output(&[
        "score",
        "--book",
        arg(&dir.join("council-book.jsonl")),
        "--asks",
        arg(&dir.join("asks.jsonl")),
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out + &err);

    // What the book says, read as the scorer reads it.
    assert!(verify(&book, VerifyOptions::default()).ok);
    let parsed = BookLines::parse(&book).unwrap();
    assert!(parsed.runs[0].clock_set);
    let roster = roster_from_asks(&asks).unwrap();
    // Counted by the rule the league declared in asks.jsonl line 1.
    let mut counting = Counting::from_asks(Some(&asks)).unwrap();
    let rows = book_rows(&book, &roster, &mut counting).unwrap();
    assert!(
        counting.notes.is_empty() && counting.flags.is_empty(),
        "{counting:?}"
    );
    let statuses = |seat: &str| -> BTreeSet<String> {
        rows.iter()
            .filter(|r| r.seat == seat)
            .map(|r| r.status.clone())
            .collect()
    };
    // The model answers state 1d and 1w; the reference seats every horizon, so the others
    // count as 50 for the models.
    for seat in ["gpt", "gpt_429", "local"] {
        assert_eq!(
            statuses(seat),
            BTreeSet::from(["counted".to_string(), "counted_50".to_string()]),
            "{seat}"
        );
    }
    for seat in ["coin", "momentum", "climatology"] {
        assert_eq!(
            statuses(seat),
            BTreeSet::from(["counted".to_string()]),
            "{seat}"
        );
    }
    for seat in ["gpt_refused", "claude", "gemini", "gemini_blocked"] {
        assert_eq!(
            statuses(seat),
            BTreeSet::from(["refused_shape".to_string()]),
            "{seat}: sealed as received and marked"
        );
    }
    for seat in ["gpt_failing", "gpt_malformed", "gpt_oversized"] {
        assert_eq!(
            statuses(seat),
            BTreeSet::from(["no_answer".to_string()]),
            "{seat}"
        );
    }
    // SPX is scored from the session's reference, each Bitcoin row from its own.
    let spx = rows
        .iter()
        .find(|r| r.seat == "gpt" && r.asset == "SPX" && r.horizon.as_str() == "1d")
        .unwrap();
    assert!(spx.same_event && spx.reference.is_some(), "{spx:?}");
    let btc = rows
        .iter()
        .find(|r| r.seat == "gpt" && r.asset == "BTC" && r.horizon.as_str() == "1d")
        .unwrap();
    assert!(!btc.same_event && btc.reference.is_some(), "{btc:?}");

    // Each answer: arrival and seal times, the provider's model, the raw reply kept with
    // its SHA-256 sealed as own_sha256.
    let gpt_model = serde_json::from_slice::<serde_json::Value>(
        &recorded(
            Provider::OpenAi,
            "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
        )
        .body,
    )
    .unwrap()["model"]
        .as_str()
        .unwrap()
        .to_string();
    let mut seen = BTreeMap::new();
    for a in parsed.answers.values() {
        let seat = a.seat.clone().unwrap();
        let (at, booked) = (a.at.unwrap(), a.booked_at.unwrap());
        assert!(at <= booked, "{seat}: arrival before seal");
        let kept = std::fs::read(dir.join(format!("replies/2026-10-21-am/{seat}.txt")));
        if ["coin", "momentum", "climatology"].contains(&seat.as_str()) {
            assert!(kept.is_err(), "reference seats have no raw reply to keep");
        } else {
            assert_eq!(
                a.own_sha256.as_deref(),
                Some(sha256_hex(&kept.unwrap()).as_str()),
                "{seat}"
            );
        }
        seen.insert(seat, a.model.clone().unwrap_or_default());
    }
    assert_eq!(seen["gpt"], gpt_model);
    assert_eq!(seen.len(), 10);
    // The no_answer lines say why.
    let reasons: BTreeMap<String, String> = book
        .split(|b| *b == b'\n')
        .filter_map(|l| match canon::parse(l) {
            Ok(Value::Object(o)) if o.get("kind").and_then(Value::as_str) == Some("no_answer") => {
                Some((
                    o.get("seat").and_then(Value::as_str).unwrap().to_string(),
                    o.get("reason").and_then(Value::as_str).unwrap().to_string(),
                ))
            }
            _ => None,
        })
        .collect();
    assert!(
        reasons["gpt_oversized"].contains("oversized"),
        "{reasons:?}"
    );
    assert!(
        reasons["gpt_failing"].contains("after 2 attempts"),
        "{reasons:?}"
    );
    assert!(reasons["gpt_failing"].contains("[REDACTED]"), "{reasons:?}");

    // No API key in any file under the league directory, nor in any output.
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    assert!(files.len() > 15, "{files:?}");
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for (_, key) in KEYS {
            assert!(
                !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
                "{} holds a key",
                f.display()
            );
        }
    }
    for (_, key) in KEYS {
        assert!(!outputs.contains(key), "an output holds a key");
    }
}

/// Kills `league run` by SIGKILL while it appends, in a bounded loop: every line it
/// acknowledged (printed after the line was durable) is in the book with the seal it
/// printed, and after reopening (a partial tail set aside) both books verify.
#[test]
fn a_run_killed_during_its_appends_loses_no_acknowledged_line() {
    let mut c = String::from("[league]\nname = \"crash\"\nmethodology_version = \"m-1\"\n\n");
    for i in 0..60 {
        let adapter = ["coin", "momentum", "climatology"][i % 3];
        c += &format!("[[seat]]\nname = \"ref{i:02}\"\nadapter = \"{adapter}\"\n\n");
    }
    c += "[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n";
    c += NO_ANCHORS;
    // splitmix64, so every run kills at the same points.
    let mut state: u64 = 20261021;
    let mut next = move |n: u64| {
        state = state.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        (z ^ (z >> 31)) % n
    };
    let mut killed_mid_run = 0;
    for round in 0..8 {
        let tmp = tempfile::tempdir().unwrap();
        let dir = init(tmp.path(), &c);
        let d = arg(&dir);
        let mut child = KillOnDrop(
            cmd(&["league", "run", d, "--at", RUN_AT])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
        let rx = lines_of(child.0.stderr.take().unwrap());
        // A random number of acknowledgements (up to the 122 lines of the run), then kill.
        let want = next(122);
        let mut acks = Vec::new();
        let mut early = 0;
        while (acks.len() as u64) < want {
            match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(line) => {
                    if line.contains(r#""event":"sealed""#) {
                        acks.push(line);
                    }
                }
                Err(_) => {
                    early += 1;
                    break;
                }
            }
        }
        child.0.kill().unwrap(); // SIGKILL
        let status = child.0.wait().unwrap();
        acks.extend(rx.iter().filter(|l| l.contains(r#""event":"sealed""#)));
        // A line cut by the kill (no end) is not an acknowledgement.
        acks.retain(|l| serde_json::from_str::<serde_json::Value>(l).is_ok());
        if !status.success() {
            killed_mid_run += 1;
        }
        assert_eq!(
            early, 0,
            "round {round}: the run ended before {want} acknowledgements"
        );

        // Reopen ten minutes on (a clock set back to the run's start would seal times going
        // backwards): a second run sets any partial tail aside and finishes the run the kill
        // interrupted, or finds it finished and not due again.
        let (code, out, err) = output(&["league", "run", d, "--at", "2026-10-21T12:40:00Z"]);
        assert!(
            code == 0 || err.contains("no run is due"),
            "round {round}: {code} {out}{err}"
        );
        // Every seat of the roster has its one answer line.
        let parsed =
            BookLines::parse(&std::fs::read(dir.join("council-book.jsonl")).unwrap()).unwrap();
        if !parsed.runs.is_empty() {
            let mut seats: Vec<String> = parsed
                .answers
                .values()
                .filter_map(|a| a.seat.clone())
                .collect();
            seats.sort();
            let want: Vec<String> = (0..60).map(|i| format!("ref{i:02}")).collect();
            assert_eq!(seats, want, "round {round}");
        }
        let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
        let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
        for (name, bytes) in [("council-book.jsonl", &book), ("asks.jsonl", &asks)] {
            let r = verify(bytes, VerifyOptions::default());
            assert!(r.ok && !r.partial_tail, "round {round}: {name}: {r:?}");
        }
        for ack in &acks {
            let v: serde_json::Value = serde_json::from_str(ack).unwrap();
            let bytes = if v["ledger"] == "asks.jsonl" {
                &asks
            } else {
                &book
            };
            let n = v["n"].as_u64().unwrap() as usize;
            let line = bytes
                .split(|b| *b == b'\n')
                .nth(n - 1)
                .unwrap_or_else(|| panic!("round {round}: acknowledged line {n} lost: {ack}"));
            let Ok(Value::Object(o)) = canon::parse(line) else {
                panic!("round {round}: line {n}")
            };
            assert_eq!(
                o.get("seal").and_then(Value::as_str),
                v["seal"].as_str(),
                "round {round}: {ack}"
            );
        }
    }
    assert!(killed_mid_run > 0, "no kill landed before the run ended");
}

/// Benchmark, ignored in normal runs (it prints times; tests never assert them): the wall time
/// of a whole `league run` (process start to exit: config, CSV, snapshot, ask, 14 seats'
/// answers sealed) against fake endpoints whose slowest seat answers after 1.5 s, and each
/// answer's arrival-to-`booked_at` gap from the book. BENCHMARKS.md has the figures.
///
/// ```sh
/// SEALBOOK_BENCH_BIN=target/release/sealbook \
///   cargo test -p sealbook-server --test league_run_cli whole_run -- --ignored --nocapture
/// ```
#[test]
#[ignore]
fn whole_run_timing() {
    let bin = std::env::var("SEALBOOK_BENCH_BIN").unwrap_or_else(|_| BIN.to_string());
    let openai = recorded(
        Provider::OpenAi,
        "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
    );
    let mut body: serde_json::Value = serde_json::from_slice(&openai.body).unwrap();
    body["choices"][0]["message"]["content"] = good_answer().into();
    let good = serde_json::to_vec(&body).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let answer_file = tmp.path().join("local-answer.txt");
    std::fs::write(&answer_file, good_answer()).unwrap();
    let mut c = String::from("[league]\nname = \"bench\"\nmethodology_version = \"m-1\"\n\n");
    // 11 model seats answering after 100 ms ... 1,500 ms, a command seat, two reference seats.
    for i in 0..11u64 {
        let delay = Duration::from_millis(100 + i * 140);
        let g = good.clone();
        let url = serve(move |_, _| Answer {
            delay,
            ..Answer::json(200, g.clone())
        });
        c += &format!("[[seat]]\nname = \"m{i:02}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\ntimeout_seconds = 20\n\n");
    }
    c += &format!(
        "[[seat]]\nname = \"local\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; cat {}\"]\n\n",
        answer_file.display()
    );
    c += "[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n[[seat]]\nname = \"momentum\"\nadapter = \"momentum\"\n\n[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n";
    c += NO_ANCHORS;
    let slowest = Duration::from_millis(100 + 10 * 140);
    for round in 0..5 {
        let t = tempfile::tempdir().unwrap();
        let dir = init(t.path(), &c);
        let start = std::time::Instant::now();
        let o = Command::new(&bin)
            .args(["league", "run", arg(&dir), "--at", RUN_AT, "--json"])
            .envs(KEYS)
            .stderr(Stdio::null())
            .output()
            .unwrap();
        let wall = start.elapsed();
        assert!(o.status.success());
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["answers_sealed"], 14);
        let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
        let mut gaps: Vec<i64> = BookLines::parse(&book)
            .unwrap()
            .answers
            .values()
            .map(|a| a.booked_at.unwrap().0 - a.at.unwrap().0)
            .collect();
        gaps.sort();
        println!(
            "round {round}: whole run {:.3} s, slowest seat {:.3} s, overhead {:.3} s (target < 1 s); \
             arrival to booked_at p50 {:.2} ms, max {:.2} ms over {} answers",
            wall.as_secs_f64(),
            slowest.as_secs_f64(),
            wall.as_secs_f64() - slowest.as_secs_f64(),
            gaps[gaps.len() / 2] as f64 / 1e3,
            gaps[gaps.len() - 1] as f64 / 1e3,
            gaps.len()
        );
    }
}

/// The climatology seat answers the league's sealed table (spec §4.3), and a table whose
/// content does not hash to its stated SHA-256 stops the run before anything is sealed.
#[test]
fn the_climatology_seat_answers_the_sealed_table() {
    use sealbook_core::book::canon::{self as c, DumpOptions};
    use sealbook_core::league::layout::{float, object, string};
    use sealbook_core::score::baselines::clim_content_sha256;
    let tmp = tempfile::tempdir().unwrap();
    let text = "[league]\nname = \"clim\"\nmethodology_version = \"m-1\"\n\n\
                [[seat]]\nname = \"climatology\"\nadapter = \"climatology\"\n\n\
                [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
                [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n";
    let dir = init(tmp.path(), text);
    let row = |asset: &str, h: &str, p: f64| {
        Value::Object(object([
            ("asset", string(asset)),
            ("h", string(h)),
            ("p_up", float(p)),
        ]))
    };
    let mut o = object([(
        "table",
        Value::Array(vec![row("SPX", "1d", 0.61), row("GOLD", "1w", 0.375)]),
    )]);
    let sha = clim_content_sha256(&o).unwrap();
    o.insert("sha256", string(&sha));
    let good = c::to_bytes(&Value::Object(o), DumpOptions::SEAL).unwrap();
    let table = dir.join("council-clim-window.json");

    // A table edited after its hash was taken is refused, naming the file and field.
    let edited = String::from_utf8(good.clone())
        .unwrap()
        .replace("0.61", "0.71");
    std::fs::write(&table, edited).unwrap();
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", RUN_AT]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("council-clim-window.json") && err.contains("sha256"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(dir.join("council-book.jsonl")).unwrap_or_default(),
        b"",
        "nothing sealed"
    );

    std::fs::write(&table, &good).unwrap();
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let answer = lines.answers.values().next().expect("the seat's answer");
    let p = |asset: &str, h: &str| {
        answer
            .prob_up(asset, h)
            .and_then(sealbook_core::score::book_lines::number)
    };
    assert_eq!(p("SPX", "1d"), Some(61.0));
    assert_eq!(p("GOLD", "1w"), Some(37.5));
    assert_eq!(p("BTC", "1d"), Some(50.0), "no rate in the table: 50");
    // Before the session's score line its raw replies stay private.
    let (code, out, err) = output(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(!manifest.contains("replies/"), "{manifest}");
}

/// The stamped lists under `proof/`, sorted, relative to the league directory.
fn list_names(dir: &Path) -> Vec<String> {
    let mut all = Vec::new();
    files_under(&dir.join("proof"), &mut all);
    let mut lists: Vec<String> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| p.strip_prefix(dir).unwrap().to_string_lossy().into_owned())
        .collect();
    lists.sort();
    lists
}

/// Each process goes on with the stamping cadence from the last stamped list under proof/
/// (spec §3.2): a `league score` ten minutes after the run's list stamps nothing, though the
/// run sealed lines after its list; past the run's deadline the next process stamps them.
#[test]
fn a_new_process_stamps_on_the_cadence_of_the_last_list() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "[league]\nname = \"cadence\"\nmethodology_version = \"m-1\"\n\n\
                [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
                [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
                [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n";
    let dir = init(tmp.path(), text);
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 0, "{out}{err}");
    // The run stamps on the cadence as it starts (no list yet), before its own lines.
    assert_eq!(list_names(&dir), ["proof/2026-10-21/123000Z.txt"]);
    let score = |at: &str| {
        let (code, out, err) = output(&["league", "score", d, "--session", SESSION, "--at", at]);
        assert_eq!(code, 0, "{out}{err}");
    };
    score("2026-10-21T12:40:00Z");
    assert_eq!(
        list_names(&dir),
        ["proof/2026-10-21/123000Z.txt"],
        "ten minutes after the last list the cadence has not come round"
    );
    // 09:05 New York: past the run's deadline, which closes the run and stamps it.
    score("2026-10-21T13:05:00Z");
    assert_eq!(
        list_names(&dir),
        [
            "proof/2026-10-21/123000Z.txt",
            "proof/2026-10-21/130500Z.txt"
        ]
    );
}

// ---- one writer, one history ------------------------------------------------------------------

/// A league of a seat that answers at once (`fast`), one that answers only once `marker`
/// exists (`slow`; it gives up after a minute, bounded), and the three reference seats.
fn writer_league(tmp: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let answer = tmp.join("answer.txt");
    std::fs::write(&answer, good_answer()).unwrap();
    let marker = tmp.join("go");
    let mut c = String::from("[league]\nname = \"one writer\"\nmethodology_version = \"m-1\"\n\n");
    c += &format!(
        "[[seat]]\nname = \"fast\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; cat {}\"]\ntimeout_seconds = 120\n\n",
        answer.display()
    );
    c += &format!(
        "[[seat]]\nname = \"slow\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; i=0; while [ ! -e {m} ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; cat {a}\"]\ntimeout_seconds = 120\n\n",
        m = marker.display(),
        a = answer.display()
    );
    for r in ["coin", "momentum", "climatology"] {
        c += &format!("[[seat]]\nname = \"{r}\"\nadapter = \"{r}\"\n\n");
    }
    c += "[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n";
    c += NO_ANCHORS;
    (init(tmp, &c), marker)
}

/// Starts `league run` in a child and returns once its stderr shows a line for which
/// `until` holds (within two minutes), with the child and the rest of its stderr.
fn run_until(
    d: &str,
    at: &str,
    until: impl Fn(&str) -> bool,
) -> (KillOnDrop, std::sync::mpsc::Receiver<String>) {
    let mut run = KillOnDrop(
        cmd(&["league", "run", d, "--at", at, "--json"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let events = lines_of(run.0.stderr.take().unwrap());
    loop {
        let line = events
            .recv_timeout(Duration::from_secs(120))
            .expect("the run gets that far");
        if until(&line) {
            break;
        }
    }
    (run, events)
}

fn lock_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut all = Vec::new();
    files_under(dir, &mut all);
    all.retain(|p| p.extension().is_some_and(|x| x == "lock"));
    all
}

fn books_verify(dir: &Path) {
    for name in ["council-book.jsonl", "asks.jsonl"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let r = verify(&bytes, VerifyOptions::default());
        assert!(r.ok && !r.partial_tail, "{name}: {r:?}");
    }
}

/// Answer and no_answer lines of the book, by seat.
fn lines_by_seat(dir: &Path) -> BTreeMap<String, Vec<String>> {
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in book.split(|b| *b == b'\n') {
        let Ok(Value::Object(o)) = canon::parse(line) else {
            continue;
        };
        let (Some(kind), Some(seat)) = (
            o.get("kind").and_then(Value::as_str),
            o.get("seat").and_then(Value::as_str),
        ) else {
            continue;
        };
        out.entry(seat.into()).or_default().push(kind.into());
    }
    out
}

/// The lock is held on the league directory for the whole run: with every lock file removed,
/// a second run is still refused (exit 2, naming the holder, inviting no deletion), and a
/// publish that overlaps the run waits its bounded time and is refused; once the run ends,
/// both books verify and the publish goes through.
#[test]
fn one_writer_with_every_lock_file_removed_and_publish_waits_for_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, marker) = writer_league(tmp.path());
    let d = arg(&dir);
    let (mut run, events) = run_until(d, RUN_AT, |l| l.contains(r#""event":"asked""#));
    for f in lock_files(&dir) {
        std::fs::remove_file(f).unwrap();
    }
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 2, "a second writer is refused: {out}{err}");
    assert!(err.contains("another writer holds the league"), "{err}");
    assert!(
        err.contains(&format!("(pid {})", run.0.id())),
        "the holder is named: {err}"
    );
    assert!(!err.contains("delete") && !err.contains("remove"), "{err}");
    let (code, out, err) = output(&["league", "score", d, "--session", SESSION, "--at", SCORE_AT]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("another writer holds the league"), "{err}");
    let (code, out, err) = output(&["league", "publish", d, "--wait", "1"]);
    assert_eq!(code, 2, "publish during a run is refused: {out}{err}");
    assert!(err.contains("another writer holds the league"), "{err}");
    assert!(!dir.join("manifest.json").exists());

    std::fs::write(&marker, b"").unwrap();
    let status = run.0.wait().unwrap();
    let log: Vec<String> = events.iter().collect();
    assert!(status.success(), "{log:?}");
    books_verify(&dir);
    assert_eq!(lock_files(&dir), Vec::<std::path::PathBuf>::new());
    let seats = lines_by_seat(&dir);
    for seat in ["fast", "slow", "coin", "momentum", "climatology"] {
        assert_eq!(
            seats.get(seat).map(Vec::as_slice),
            Some(&["answer".to_string()][..])
        );
    }
    let (code, out, err) = output(&["league", "publish", d]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A book rolled back below the league's latest stamped list, or deleted, is refused by the
/// next run (and the next stamp), naming the list; a deleted book in a league whose ask chain
/// records a run is refused without any list.
#[test]
fn a_book_behind_its_latest_stamped_list_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, marker) = writer_league(tmp.path());
    std::fs::write(&marker, b"").unwrap();
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = output(&["league", "stamp", d, "--at", "2026-10-21T12:45:00Z"]);
    assert_eq!(code, 0, "{out}{err}");
    let latest = list_names(&dir).pop().unwrap();
    assert_eq!(latest, "proof/2026-10-21/124500Z.txt");
    let book_path = dir.join("council-book.jsonl");
    let book = std::fs::read(&book_path).unwrap();
    let lines = book.iter().filter(|b| **b == b'\n').count();
    assert!(lines > 3, "{lines}");
    let next_run = "2026-10-22T12:30:00Z";

    // Rolled back to three lines.
    let cut = book
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(2)
        .unwrap()
        .0
        + 1;
    std::fs::write(&book_path, &book[..cut]).unwrap();
    let (code, out, err) = output(&["league", "run", d, "--at", next_run]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&latest)
            && err.contains(&format!(
                "has 3 lines, fewer than the {lines} lines stamped"
            )),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&book_path).unwrap(),
        &book[..cut],
        "nothing written"
    );
    let (code, out, err) = output(&["league", "stamp", d, "--at", "2026-10-22T12:31:00Z"]);
    assert_eq!(code, 2, "a rollback is never stamped: {out}{err}");
    assert_eq!(list_names(&dir).pop().unwrap(), latest);

    // Deleted.
    std::fs::remove_file(&book_path).unwrap();
    let (code, out, err) = output(&["league", "run", d, "--at", next_run]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(&latest) && err.contains("is missing"), "{err}");
    assert!(!book_path.exists(), "no book started afresh");
    // Deleted, and no stamped list left either: the ask chain still shows the run.
    let proof = tmp.path().join("proof-aside");
    std::fs::rename(dir.join("proof"), &proof).unwrap();
    let (code, out, err) = output(&["league", "run", d, "--at", next_run]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("asks.jsonl line") && err.contains("2026-10-21-am"),
        "{err}"
    );
    assert!(!book_path.exists(), "no book started afresh");

    // Restored, the league goes on.
    std::fs::rename(&proof, dir.join("proof")).unwrap();
    std::fs::write(&book_path, &book).unwrap();
    let (code, out, err) = output(&["league", "run", d, "--at", next_run]);
    assert_eq!(code, 0, "{out}{err}");
    books_verify(&dir);
}

/// A clock set earlier than the last sealed line is refused (exit 2, naming the line's time),
/// and `verify` warns of a book whose sealing times go backwards, while its report of a book
/// in order is as it was.
#[test]
fn a_clock_earlier_than_the_last_sealed_line_is_refused_and_verify_warns() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, marker) = writer_league(tmp.path());
    std::fs::write(&marker, b"").unwrap();
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", "2026-10-22T12:30:00Z"]);
    assert_eq!(code, 0, "{out}{err}");
    let book_path = dir.join("council-book.jsonl");
    let book = std::fs::read(&book_path).unwrap();
    // The session before is still in its morning window by this clock: refused all the same.
    let (code, out, err) = output(&["league", "run", d, "--at", "2026-10-21T12:35:00Z"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("the clock reads 2026-10-21T12:35:00")
            && err.contains("earlier than council-book.jsonl line")
            && err.contains("sealed at 2026-10-22T12:3"),
        "{err}"
    );
    assert_eq!(std::fs::read(&book_path).unwrap(), book, "nothing written");

    // verify: the league's book is in order, and its report says nothing of times.
    let (code, out, _) = output(&["verify", arg(&book_path)]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("warning"), "{out}");
    let (_, out, _) = output(&["verify", arg(&book_path), "--json"]);
    assert!(!out.contains("time_backwards"), "{out}");

    // A book whose third line is sealed before the second.
    let mut w = sealbook_core::book::writer::BookWriter::new();
    let mut bytes = Vec::new();
    for (i, at) in [
        "2026-10-22T12:30:00Z",
        "2026-10-22T12:31:00Z",
        "2026-10-21T12:35:00Z",
    ]
    .iter()
    .enumerate()
    {
        let text = format!(r#"{{"kind": "answer", "seat": "s{i}", "at": "{at}"}}"#);
        let Ok(Value::Object(o)) = canon::parse(text.as_bytes()) else {
            unreachable!()
        };
        bytes.extend(w.append(&o).unwrap().bytes);
    }
    let back = tmp.path().join("back.jsonl");
    std::fs::write(&back, &bytes).unwrap();
    let (code, out, _) = output(&["verify", arg(&back)]);
    assert_eq!(code, 0, "the chain holds: {out}");
    assert!(
        out.contains("warning: sealing time goes backwards: line 3 is sealed at 2026-10-21T12:35:00Z, before line 2 (sealed at 2026-10-22T12:31:00Z)"),
        "{out}"
    );
    let (_, out, _) = output(&["verify", arg(&back), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["time_backwards"][0]["line"], 3);
    assert_eq!(v["time_backwards"][0]["after_line"], 2);
}

/// A run killed after its run line and one answer is finished by the next `league run` before
/// the deadline (the silent seats asked, each seat one answer line, one ask line each), and
/// closed by one after the deadline (`no_answer` for the silent seat); either way the books
/// verify and the league scores.
#[test]
fn a_killed_run_is_finished_before_its_deadline_or_closed_after_it() {
    for after_deadline in [false, true] {
        let tmp = tempfile::tempdir().unwrap();
        let (dir, marker) = writer_league(tmp.path());
        let d = arg(&dir);
        let (mut run, _events) = run_until(d, RUN_AT, |l| {
            l.contains(r#""event":"sealed""#)
                && l.contains(r#""kind":"answer""#)
                && l.contains(r#""seat":"fast""#)
        });
        run.0.kill().unwrap(); // SIGKILL
        run.0.wait().unwrap();
        let seats = lines_by_seat(&dir);
        assert_eq!(seats.get("slow"), None, "{seats:?}");

        let at = if after_deadline {
            "2026-10-21T13:35:00Z"
        } else {
            std::fs::write(&marker, b"").unwrap();
            "2026-10-21T12:40:00Z"
        };
        let (code, out, err) = output(&["league", "run", d, "--at", at]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.starts_with("run 2026-10-21-am: "), "{out}");
        let seats = lines_by_seat(&dir);
        let slow = if after_deadline {
            "no_answer"
        } else {
            "answer"
        };
        assert_eq!(seats["slow"], [slow], "{seats:?}");
        for seat in ["fast", "coin", "momentum", "climatology"] {
            assert_eq!(seats[seat], ["answer"], "{seat}: {seats:?}");
        }
        let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
        let chain = sealbook_core::score::ask_chain::AskChain::parse(&asks).unwrap();
        let asked: Vec<_> = chain
            .asks
            .iter()
            .filter_map(|(_, a)| a.seat.clone())
            .collect();
        assert_eq!(asked.len(), 5, "one ask line per seat: {asked:?}");
        books_verify(&dir);
        // Once finished, nothing is due again.
        let (code, _, err) = output(&["league", "run", d, "--at", "2026-10-21T13:40:00Z"]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("no run is due"), "{err}");
        let (code, out, err) =
            output(&["league", "score", d, "--session", SESSION, "--at", SCORE_AT]);
        assert_eq!(code, 0, "{out}{err}");
        books_verify(&dir);
    }
}
