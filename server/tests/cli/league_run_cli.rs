//! `sealbook league run|score|status` end to end on 127.0.0.1: a league day with OpenAI,
//! Anthropic and Gemini seats pointed at fake endpoints that answer with the recorded replies
//! of `../shared/vectors/llm-apis` (and slow, failing, 429 with retry-after, malformed,
//! refused, blocked and oversized replies), a command seat, the reference seats, and prices
//! from a recorded CSV. The book then passes `sealbook verify` and the spec's Appendix B step
//! 4 script, and its forecasts go through `sealbook score --book`. A second writer is refused,
//! no API key reaches any file, stdout or stderr, and a run killed by SIGKILL during its
//! appends loses no acknowledged line.

use super::common;
use sealbook_core::hex::sha256_hex;

use common::{arg, bin, LeagueInit, MARKETS};
use sealbook_core::book::canon::{self, Value};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::contract::forecasts_csv::CsvTable;
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::score::book_rows::book_rows;
use sealbook_core::score::counting::Counting;
use sealbook_core::score::roster::roster_from_asks;
use sealbook_tests::fake_http::{self, Answer, Request};
use sealbook_tests::llm_vectors::{recordings, Provider, Recording};
use sealbook_tests::python_script;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

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
        // The 10-year yield's events end 15:00 ET (19:00Z).
        spans.push((
            t(&format!("2026-10-{day}T18:50:00Z")),
            t(&format!("2026-10-{day}T19:05:00Z")),
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
    let mut c = Command::new(bin());
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

/// `sealbook league score DIR --session SESSION --at AT --json`: exit code, stdout, stderr.
fn score_json(d: &str, at: &str) -> (i32, String, String) {
    output(&[
        "league",
        "score",
        d,
        "--session",
        SESSION,
        "--at",
        at,
        "--json",
    ])
}

/// A new league directory (init at 00:00 ET of the session, the keys set, its endpoints not
/// asked: some are dead on purpose) with the prices file in it, put there first as the
/// pre-flight wants.
fn init(tmp: &Path, config_text: &str) -> std::path::PathBuf {
    let config = tmp.join("league.toml");
    std::fs::write(&config, config_text).unwrap();
    let dir = tmp.join("league");
    let prices = prices_csv(false);
    let how = LeagueInit {
        at: Some("2026-10-21T04:00:00Z"),
        offline: true,
        files: &[("prices.csv", &prices)],
        env: &KEYS,
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, &config, &how);
    assert_eq!(code, 0, "{out}{err}");
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

/// Every row's contract is the one its run line sealed before the ask (spec §3, Table 1): no
/// placeholder, the 10-year yield's day ending 15:00 ET; `conformance --book` accepts the
/// published file and refuses each defect injected into it.
fn contracts_sealed_before_the_ask(
    dir: &Path,
    rows: &[sealbook_core::contract::forecasts_csv::ForecastRow],
) {
    use sealbook_core::contract::event::{EventContract, UNSTATED};
    use sealbook_core::contract::forecasts_csv::{csv_field, CsvTable};
    assert!(rows
        .iter()
        .all(|r| !r.contract.values().contains(&UNSTATED)));
    for r in rows
        .iter()
        .filter(|r| r.asset == "TNX" && r.horizon.as_str() == "1d")
    {
        assert_eq!(r.contract.end_at, "2026-10-21T19:00:00Z", "{r:?}");
    }
    let csv_path = dir.join("council-forecasts.csv");
    let book_path = dir.join("council-book.jsonl");
    let csv = std::fs::read(&csv_path).unwrap();
    assert!(!contains(&csv, UNSTATED));
    let (code, out, err) = output(&["conformance", arg(&csv_path), "--book", arg(&book_path)]);
    assert_eq!(code, 0, "conformance --book: {out}{err}");
    let table = CsvTable::parse(&csv).unwrap();
    let col = |n: &str| table.header.iter().position(|h| h == n).unwrap();
    let keys = [
        "asset",
        "horizon",
        "event_reference_at",
        "event_end_at",
        "rule",
        "resolver_version",
        "reference_rule",
        "price_provider",
        "price_symbol",
    ];
    let write = |records: &[Vec<String>]| -> Vec<u8> {
        let mut t = table.header.join(",") + "\n";
        for f in records {
            t += &f.iter().map(|v| csv_field(v)).collect::<Vec<_>>().join(",");
            t += "\n";
        }
        t.into_bytes()
    };
    let tnx = table
        .records
        .iter()
        .position(|r| r.fields[col("asset")] == "TNX" && r.fields[col("horizon")] == "1d")
        .unwrap();
    for (field, value, needs_book) in [
        ("rule", UNSTATED, false),
        ("price_symbol", "^TNX-elsewhere", true),
        ("event_end_at", "2026-10-21T20:00:00Z", false),
    ] {
        let mut records: Vec<Vec<String>> =
            table.records.iter().map(|r| r.fields.clone()).collect();
        let f = &mut records[tnx];
        f[col(field)] = value.to_string();
        // The identifiers rebuilt over the changed contract, so only the defect fails.
        let c = EventContract::from_values(keys.map(|k| f[col(k)].as_str()));
        f[col("event_id")] = c.event_id();
        f[col("event_id_v2")] = c.event_id_v2();
        let bad = dir.join("bad-forecasts.csv");
        std::fs::write(&bad, write(&records)).unwrap();
        let (code, out, _) = output(&["conformance", arg(&bad), "--json"]);
        assert_eq!(code, if needs_book { 0 } else { 1 }, "{field}: {out}");
        let (code, out, _) = output(&[
            "conformance",
            arg(&bad),
            "--book",
            arg(&book_path),
            "--json",
        ]);
        assert_eq!(code, 1, "{field}: {out}");
        assert!(
            out.contains(&format!(r#""column":"{field}""#)),
            "{field}: {out}"
        );
    }
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
    // reference seats answered; the malformed and oversized replies are sealed on receipt as
    // what they are (invalid, unreadable); the failing seat did not answer.
    assert_eq!(v["answers_sealed"], 12, "{log}");
    assert_eq!(v["seats_asked"], 10);

    // Before the deadline one seat is pending; after the close the score closes it.
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
    assert_eq!(s["runs"][0]["pending"], serde_json::json!(["gpt_failing"]));
    assert_eq!(s["scores_due"], serde_json::json!([]));
    let (code, out, err) = output(&["league", "status", d, "--at", SCORE_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        s["scores_due"],
        serde_json::json!([{"run_id": "2026-10-21-am", "horizon": "1d"}])
    );
    outputs += &(out + &err);

    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out.clone() + &err);
    let sc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(sc["score_lines"], 1, "{out}");
    // Scoring again has nothing due.
    let (code, out, err) = score_json(d, SCORE_AT);
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
    let (code, out, err) = score_json(d, "2026-10-28T20:15:00Z");
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
    for seat in [
        "gpt_refused",
        "claude",
        "gemini",
        "gemini_blocked",
        "gpt_malformed",
        "gpt_oversized",
    ] {
        assert_eq!(
            statuses(seat),
            BTreeSet::from(["refused_shape".to_string()]),
            "{seat}: sealed as received and marked"
        );
    }
    assert_eq!(
        statuses("gpt_failing"),
        BTreeSet::from(["no_answer".to_string()])
    );
    // One clock for all twelve markets (spec §3.3): SPX and Bitcoin sealed before the
    // reference are both scored from the session's reference, in the common event.
    let spx = rows
        .iter()
        .find(|r| r.seat == "gpt" && r.asset == "SPX" && r.horizon.as_str() == "1d")
        .unwrap();
    assert!(spx.same_event && spx.reference.is_some(), "{spx:?}");
    let btc = rows
        .iter()
        .find(|r| r.seat == "gpt" && r.asset == "BTC" && r.horizon.as_str() == "1d")
        .unwrap();
    assert!(btc.same_event && btc.reference.is_some(), "{btc:?}");
    assert_eq!(btc.contract.reference_at, spx.contract.reference_at);
    contracts_sealed_before_the_ask(&dir, &rows);

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
                Some(sha256_hex(kept.unwrap()).as_str()),
                "{seat}"
            );
        }
        seen.insert(seat, a.model.clone().unwrap_or_default());
    }
    assert_eq!(seen["gpt"], gpt_model);
    assert_eq!(seen.len(), 12);
    // The unreadable replies say why, and how many bytes came.
    let line_of = |seat: &str| {
        parsed
            .answers
            .values()
            .find(|a| a.seat.as_deref() == Some(seat))
            .unwrap()
    };
    let oversized = line_of("gpt_oversized");
    assert!(
        oversized.shape.as_ref().unwrap().1.contains("oversized"),
        "{oversized:?}"
    );
    assert!(oversized.own_bytes.unwrap() > 1 << 20);
    assert!(line_of("gpt_malformed")
        .shape
        .as_ref()
        .unwrap()
        .1
        .contains("malformed"));
    // The provider's own reasons: the Gemini block's finishReason, the OpenAI refusal.
    let blocked = line_of("gemini_blocked");
    assert_eq!(
        (
            blocked.provider_finish.as_deref(),
            blocked.finish.as_deref()
        ),
        (Some("SAFETY"), Some("blocked"))
    );
    assert_eq!(line_of("gpt_refused").finish.as_deref(), Some("refused"));
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
///   cargo test -p sealbook-server --test cli league_run_cli::whole_run -- --ignored --nocapture
/// ```
#[test]
#[ignore]
fn whole_run_timing() {
    let bin = std::env::var("SEALBOOK_BENCH_BIN").unwrap_or_else(|_| bin().to_owned());
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
    use sealbook_core::records::names::{float, object, string};
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
            .and_then(sealbook_core::records::book_lines::number)
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

/// A one-off `league run` stamps its last lines before it exits (spec §3.2, requirement 12):
/// the cadence's list as it starts (no list yet), before its own lines, then one covering
/// every line it sealed, so none waits for the next process. A process after that, with
/// nothing sealed since and the cadence not come round, stamps nothing; a `league score`
/// after the close stamps the score line it sealed before it exits.
#[test]
fn a_one_off_run_or_score_stamps_its_last_lines_before_it_exits() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "[league]\nname = \"cadence\"\nmethodology_version = \"m-1\"\n\n\
                [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
                [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
                [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n";
    let dir = init(tmp.path(), text);
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 0, "{out}{err}");
    // The set clock runs with real time from 12:30:00, so on a loaded machine a list can be
    // named a second or more later: its minute is what the cadence fixes.
    let both = list_names(&dir);
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(
        both.iter().all(|l| l.starts_with("proof/2026-10-21/1230")),
        "{both:?}"
    );
    let listed = std::fs::read_to_string(dir.join(&both[1])).unwrap();
    let count = |f: &str| {
        let b = std::fs::read(dir.join(f)).unwrap();
        b.iter().filter(|b| **b == b'\n').count()
    };
    for (ledger, file) in [
        ("daily/council/book.jsonl", "council-book.jsonl"),
        ("daily/council/asks.jsonl", "asks.jsonl"),
    ] {
        assert!(
            listed.contains(&format!("{ledger}: {} lines", count(file))),
            "the list covers every line of {file}: {listed}"
        );
    }
    let (code, out, err) = output(&[
        "league",
        "score",
        d,
        "--session",
        SESSION,
        "--at",
        "2026-10-21T12:45:00Z",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        list_names(&dir),
        both,
        "nothing sealed since, the cadence not due"
    );
    // A one-off score after the close stamps the score line it sealed before it exits.
    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "{out}{err}");
    let sc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(sc["score_lines"], 1, "{out}");
    let all = list_names(&dir);
    assert!(all.len() > both.len(), "{all:?}");
    let last = std::fs::read_to_string(dir.join(all.last().unwrap())).unwrap();
    assert!(
        last.contains(&format!(
            "daily/council/book.jsonl: {} lines",
            count("council-book.jsonl")
        )),
        "the score's list covers the score line: {last}"
    );
}

/// The OpenAI-compatible body of the recorded exchange with the model's text replaced.
fn openai_body(text: &str) -> Vec<u8> {
    let r = recorded(
        Provider::OpenAi,
        "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
    );
    let mut body: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    body["choices"][0]["message"]["content"] = text.into();
    serde_json::to_vec(&body).unwrap()
}

/// A league whose seats answer everything the engine marks (a horizon `2y`, markets that are
/// not among the twelve, words and out-of-range numbers for probabilities, nested junk,
/// duplicate keys) or send bytes that cannot be read (a garbled envelope, one bad UTF-8 byte,
/// a lone `\ud800` escape), or refuse: every answer is sealed on receipt, and the league is
/// then scored, published, rescored from the book, verified answer by answer, checked for
/// conformance and replayed, each exiting 0.
#[test]
fn hostile_answers_are_sealed_and_every_reader_reads_them() {
    let answer = |items: &str, extra: &str| {
        format!("My forecast:\n```json\n{{\"items\": {items}{extra}}}\n```\n")
    };
    let good =
        r#"{"SPX": {"1d": {"prob_up": 55, "action": "hold"}}, "BTC": {"1d": {"prob_up": 40}}}"#;
    let texts: Vec<(&str, Vec<u8>)> = vec![
        ("gpt", openai_body(&answer(good, ""))),
        (
            "gold_2y",
            openai_body(&answer(
                r#"{"SPX": {"1d": {"prob_up": 61}}, "GOLD": {"2y": {"prob_up": 70}, "1d": {"prob_up": 52}}}"#,
                "",
            )),
        ),
        (
            "unknown",
            openai_body(&answer(
                r#"{"ES": {"1d": {"prob_up": 5}}, "FOO": {"1w": {"prob_up": 5}}, "SPX": {"1d": {"prob_up": 45}}}"#,
                "",
            )),
        ),
        (
            "words",
            openai_body(&answer(
                r#"{"SPX": {"1d": {"prob_up": "sixty", "crowd_up": "x"}}, "GOLD": {"1d": {"prob_up": true}}}"#,
                r#", "years": 2030"#,
            )),
        ),
        (
            "ranges",
            openai_body(&answer(
                r#"{"SPX": {"1d": {"prob_up": 1.5}, "1w": {"prob_up": 150}}, "GOLD": {"1d": {"prob_up": -3, "crowd_up": 1e400}}}"#,
                "",
            )),
        ),
        (
            "nested",
            openai_body(&answer(
                r#"{"SPX": {"1d": {"prob_up": {"a": [1, {"b": null}]}, "action": [[]], "risk": {"x": 1}}}, "WTI": {"1d": {"prob_up": [50], "entry": {}}}}"#,
                r#", "decisions": {"arena-3": {"weights": {"SPY": [50]}}, "x": [[[{}]]]}"#,
            )),
        ),
        (
            "dups",
            openai_body(&answer(
                r#"{"SPX": {"1d": {"prob_up": 40, "prob_up": 60}}, "SPX": {"1w": {"prob_up": 55}}}"#,
                "",
            )),
        ),
        ("garbled", b"{\"choices\": [{\"message\": ".to_vec()),
        ("bad_utf8", {
            let mut b = openai_body(&answer(good, ""));
            let at = b.windows(7).position(|w| w == b"My fore").unwrap();
            b[at + 2] = 0xff;
            b
        }),
        ("surrogate", {
            let body = String::from_utf8(openai_body(&answer(good, ""))).unwrap();
            body.replacen("My forecast", "My \\ud800forecast", 1)
                .into_bytes()
        }),
        ("refused", {
            let r = recorded(
                Provider::OpenAi,
                "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
            );
            let mut body: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
            body["choices"][0]["message"]["content"] = serde_json::Value::Null;
            body["choices"][0]["message"]["refusal"] = "I can't help with that request.".into();
            serde_json::to_vec(&body).unwrap()
        }),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let mut c = String::from("[league]\nname = \"hostile\"\nmethodology_version = \"m-1\"\n\n");
    for (seat, body) in &texts {
        let body = body.clone();
        let url = serve(move |_, _| Answer::json(200, body.clone()));
        c += &format!("[[seat]]\nname = \"{seat}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"{seat}\"\ntimeout_seconds = 20\nretries = 0\n\n");
    }
    c += "[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n";
    c += "[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n";
    c += NO_ANCHORS;
    let dir = init(tmp.path(), &c);
    let d = arg(&dir);

    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["answers_sealed"], texts.len() + 1, "{err}");

    // What each line says of its reply.
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let by = |seat: &str| {
        lines
            .answers
            .values()
            .find(|a| a.seat.as_deref() == Some(seat))
            .unwrap_or_else(|| panic!("{seat}: no answer line"))
    };
    let shape = |seat: &str| by(seat).shape.as_ref().map(|s| s.0.as_str());
    assert_eq!(shape("gpt"), None);
    for seat in ["gold_2y", "unknown", "words", "ranges", "nested"] {
        assert_eq!(shape(seat), Some("invalid"), "{seat}");
    }
    let set_aside = |seat: &str| -> Vec<String> {
        by(seat).set_aside.iter().map(|s| s.field.clone()).collect()
    };
    assert_eq!(set_aside("gold_2y"), ["items.GOLD.2y"]);
    assert_eq!(set_aside("unknown"), ["items.ES", "items.FOO"]);
    assert!(set_aside("nested").is_empty());
    assert_eq!(
        by("dups").duplicate_keys,
        ["items.SPX.1d.prob_up", "items.SPX"]
    );
    for seat in ["garbled", "bad_utf8", "surrogate"] {
        let a = by(seat);
        let (s, reason) = a.shape.clone().unwrap();
        assert_eq!((s.as_str(), a.has_items), ("invalid", false), "{seat}");
        assert!(
            reason.starts_with("the reply cannot be read: malformed"),
            "{seat}: {reason}"
        );
        let kept = std::fs::read(dir.join(format!("replies/2026-10-21-am/{seat}.txt"))).unwrap();
        assert_eq!(a.own_sha256.as_deref(), Some(sha256_hex(&kept).as_str()));
        assert_eq!(a.own_bytes, Some(kept.len() as u64));
        assert_eq!(kept, texts.iter().find(|(s, _)| *s == seat).unwrap().1);
    }
    let r = by("refused");
    assert_eq!(
        (
            r.finish.as_deref(),
            r.finish_reason.as_deref(),
            r.provider_finish.as_deref()
        ),
        (
            Some("refused"),
            Some("I can't help with that request."),
            Some("stop")
        )
    );

    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "league score: {out}{err}");
    let (code, out, err) = output(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "league publish: {out}{err}");
    let (code, out, err) = output(&[
        "score",
        "--book",
        arg(&dir.join("council-book.jsonl")),
        "--asks",
        arg(&dir.join("asks.jsonl")),
        "--json",
    ]);
    assert_eq!(code, 0, "score --book: {out}{err}");
    let (code, out, err) = output(&["verify", d, "--answers", "--json"]);
    assert_eq!(code, 0, "verify --answers: {out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let gold = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["seat"] == "gold_2y")
        .unwrap();
    assert_eq!(gold["shape"], "invalid");
    assert_eq!(gold["set_aside"][0]["field"], "items.GOLD.2y");
    assert_eq!(gold["set_aside"][0]["message"]["id"], "not_horizon");
    let (code, out, err) = output(&["verify", d, "--answers"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(r#"set aside (invalid): items.GOLD.2y: "2y" is not 1d, 1w, 1m or 6m"#),
        "{out}"
    );
    let (code, out, err) = output(&["conformance", arg(&dir.join("council-forecasts.csv"))]);
    assert_eq!(code, 0, "conformance: {out}{err}");
    let (code, out, err) = output(&["replay", d, "--json"]);
    assert_eq!(code, 0, "replay: {out}{err}");
}

// ---- hostile seats ---------------------------------------------------------------------------

/// A league of `seats` (TOML `[[seat]]` tables) and the reference coin, named `name`.
fn small_config(name: &str, seats: &str) -> String {
    format!(
        "[league]\nname = \"{name}\"\nmethodology_version = \"m-1\"\n\n{seats}\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n{NO_ANCHORS}"
    )
}

/// A command seat running `script` with /bin/sh.
fn sh_seat(name: &str, script: &Path, extra: &str) -> String {
    format!(
        "[[seat]]\nname = \"{name}\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"{}\"]\ntimeout_seconds = 20\n{extra}\n",
        script.display()
    )
}

/// Every file under `dir`, read, with its path.
fn all_files(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut paths = Vec::new();
    files_under(dir, &mut paths);
    paths
        .into_iter()
        .map(|p| {
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect()
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// A command seat that exits without reading its ask (larger than a pipe holds, so the write
/// to it breaks whenever it exits) is that seat's failure: `league run` goes on, the other
/// seats' answers are sealed and the deaf seat's error is recorded. Racy by nature (the
/// child may exit before or during the write), so run a few times.
#[test]
fn a_seat_that_does_not_read_its_ask_fails_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let answer = tmp.path().join("answer.txt");
    std::fs::write(&answer, good_answer()).unwrap();
    let deaf = tmp.path().join("deaf.sh");
    std::fs::write(&deaf, "exit 0\n").unwrap();
    let local = tmp.path().join("local.sh");
    std::fs::write(
        &local,
        format!("cat > /dev/null; cat {}\n", answer.display()),
    )
    .unwrap();
    // The league's name is in the ask: a long one makes the ask larger than a pipe's buffer.
    let name = "a long league name ".repeat(10_000);
    let config = small_config(
        &name,
        &(sh_seat("deaf", &deaf, "") + &sh_seat("local", &local, "")),
    );
    for round in 0..5 {
        let t = tempfile::tempdir().unwrap();
        let dir = init(t.path(), &config);
        let o = cmd(&["league", "run", arg(&dir), "--at", RUN_AT, "--json"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(0),
            "round {round}: {:?} (a signal ends the process with no code)\n{err}",
            o.status
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["seats_asked"], 2, "round {round}");
        // local and coin answered; deaf did not.
        assert_eq!(v["answers_sealed"], 2, "round {round}: {err}");
        let events = v["events"].as_array().unwrap();
        let deaf_reply = events
            .iter()
            .find(|e| e["event"] == "reply" && e["seat"] == "deaf")
            .unwrap_or_else(|| panic!("round {round}: no reply event for deaf: {err}"));
        assert!(
            deaf_reply["error"]
                .as_str()
                .is_some_and(|e| e.contains("did not read its whole ask")),
            "round {round}: {deaf_reply}"
        );
        let note = dir.join("replies/2026-10-21-am/deaf.error.txt");
        let note = std::fs::read_to_string(&note).unwrap();
        assert!(note.contains("did not read its whole ask"), "{note}");
        let book =
            BookLines::parse(&std::fs::read(dir.join("council-book.jsonl")).unwrap()).unwrap();
        let seats: BTreeSet<&str> = book
            .answers
            .values()
            .filter_map(|a| a.seat.as_deref())
            .collect();
        assert_eq!(seats, BTreeSet::from(["coin", "local"]), "round {round}");
    }
}

/// A command seat's program gets PATH and the like and the variables its seat declares, not
/// the other seats' keys: a program that prints its environment into its answer's free text
/// leaves no other seat's variable in the book, and its own declared key is redacted.
#[test]
fn a_command_seat_sees_only_its_own_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("env.sh");
    std::fs::write(
        &script,
        "cat > /dev/null\nprintf '{\"items\": {}, \"years\": \"%s\"}' \"$(env | tr -d '\"\\\\' | tr '\\n' ' ')\"\n",
    )
    .unwrap();
    let good = serde_json::json!({"choices": [{"index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": good_answer()}}], "model": "gpt-test"});
    let good = serde_json::to_vec(&good).unwrap();
    let url = serve(move |_, _| Answer::json(200, good.clone()));
    let seats = format!(
        "[[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-test\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\ntimeout_seconds = 20\n\n{}",
        sh_seat("env-seat", &script, "env = [\"SB_TEST_CMD_KEY\"]")
    );
    let dir = init(tmp.path(), &small_config("env", &seats));
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let env_line = lines
        .answers
        .values()
        .find(|a| a.seat.as_deref() == Some("env-seat"))
        .expect("the env seat answered");
    let years = env_line.years.clone().unwrap_or_default();
    // The environment was printed and sealed ...
    assert!(years.contains("PATH="), "{years}");
    // ... with the seat's own variable (its value redacted) and no other seat's.
    assert!(years.contains("SB_TEST_CMD_KEY=[REDACTED]"), "{years}");
    for (var, _) in KEYS.iter().filter(|(k, _)| *k != "SB_TEST_CMD_KEY") {
        assert!(!years.contains(var), "{var} reached the command: {years}");
    }
    assert!(
        !contains(&book, "CARGO_"),
        "the test's environment reached the command"
    );
    let line = book
        .split(|b| *b == b'\n')
        .find(|l| contains(l, "\"seat\": \"env-seat\"") && contains(l, "\"answer\""))
        .unwrap();
    assert!(contains(line, "\"redacted\": true"));
    for (path, bytes) in all_files(&dir) {
        for (_, key) in KEYS {
            assert!(!contains(&bytes, key), "{}: holds a key", path.display());
        }
    }
}

/// A key echoed by a provider in a form other than its own bytes is redacted too: JSON
/// escapes in the model's answer (decoded by the reader), and a 401 message that shows the
/// key masked in the middle. Nothing of either reaches a file of the league or an output, and
/// the answer line says it was redacted.
#[test]
fn escaped_and_masked_keys_are_redacted() {
    let (_, key) = KEYS[0];
    let escaped: String = key
        .chars()
        .map(|c| format!("\\u{:04x}", c as u32))
        .collect();
    // The answer with `years` holding the key as JSON escapes (in the content string, so
    // escaped twice in the body).
    let answer = good_answer().replace(
        "\"years\":\"Up, with swings.\"",
        &format!("\"years\":\"leak {escaped} end\""),
    );
    assert!(answer.contains(&escaped), "{answer}");
    let body = serde_json::json!({"choices": [{"index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": answer}}], "model": "gpt-test"});
    let body = serde_json::to_vec(&body).unwrap();
    let leaky = serve(move |_, _| Answer::json(200, body.clone()));
    let masked = format!("{}{}{}", &key[..8], "*".repeat(20), &key[key.len() - 4..]);
    let message = format!(
        r#"{{"error": {{"message": "Incorrect API key provided: {masked}. You can find your API key at https://example.com.", "type": "invalid_request_error", "code": "invalid_api_key"}}}}"#
    );
    let unauthorized = serve(move |_, _| Answer::json(401, message.clone().into_bytes()));
    let seat = |name: &str, url: &str| {
        format!("[[seat]]\nname = \"{name}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-test\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\ntimeout_seconds = 20\nretries = 0\n\n")
    };
    let tmp = tempfile::tempdir().unwrap();
    let config = small_config(
        "keys",
        &(seat("leaky", &leaky) + &seat("unauthorized", &unauthorized)),
    );
    let dir = init(tmp.path(), &config);
    let d = arg(&dir);
    let mut outputs = String::new();
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out + &err);
    // After the close the silent seat's no_answer line is sealed with its reason.
    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "{out}{err}");
    outputs += &(out + &err);
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let text = String::from_utf8(book.clone()).unwrap();
    let leaky_line = text
        .lines()
        .find(|l| l.contains("\"seat\": \"leaky\"") && l.contains("\"answer\""))
        .expect("the leaky seat's answer");
    assert!(
        leaky_line.contains("\"years\": \"leak [REDACTED] end\""),
        "{leaky_line}"
    );
    assert!(leaky_line.contains("\"redacted\": true"), "{leaky_line}");
    let no_answer = text
        .lines()
        .find(|l| l.contains("\"seat\": \"unauthorized\"") && l.contains("no_answer"))
        .expect("the unauthorized seat's no_answer");
    assert!(
        no_answer.contains("Incorrect API key provided: [REDACTED]."),
        "{no_answer}"
    );
    // The raw reply kept hashes to the answer's own_sha256, and holds no escaped key.
    let raw = std::fs::read(dir.join("replies/2026-10-21-am/leaky.txt")).unwrap();
    let own = BookLines::parse(&book)
        .unwrap()
        .answers
        .values()
        .find(|a| a.seat.as_deref() == Some("leaky"))
        .and_then(|a| a.own_sha256.clone())
        .unwrap();
    assert_eq!(sha256_hex(&raw), own);
    let masked_tail = format!("**{}", &key[key.len() - 4..]);
    let fragments = [
        key.to_string(),
        key[..8].to_string(),
        escaped[..24].to_string(),
        escaped[..24].replace('\\', "\\\\"),
        masked_tail,
    ];
    for (path, bytes) in all_files(&dir) {
        for f in &fragments {
            assert!(!contains(&bytes, f), "{}: holds {f}", path.display());
        }
    }
    for f in &fragments {
        assert!(
            !outputs.contains(f.as_str()),
            "an output holds {f}: {outputs}"
        );
    }
}

/// Seat names are file names and thread names: a name with a NUL, a control character or a
/// path in it is refused when the league is made, naming the file, line and field.
#[test]
fn a_seat_name_that_is_not_a_plain_name_is_refused() {
    for name in [
        "a\\u0000b",
        "x\\u001b[2J",
        "../../../../tmp/x",
        "../../proof/2026-10-21/123000Z",
        "two words",
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let config = tmp.path().join("league.toml");
        let text = small_config(
            "names",
            &format!("[[seat]]\nname = \"{name}\"\nadapter = \"momentum\"\n\n"),
        );
        std::fs::write(&config, text).unwrap();
        let dir = tmp.path().join("league");
        let how = LeagueInit {
            at: Some("2026-10-21T04:00:00Z"),
            ..LeagueInit::default()
        };
        let (code, out, err) = common::init_league(&dir, &config, &how);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(
            err.contains("league.toml:6")
                && err.contains("seat[0].name")
                && err.contains("not a seat name"),
            "{name}: {err}"
        );
        assert!(!err.contains('\0') && !err.contains('\u{1b}'), "{err:?}");
        assert!(!dir.join("council-book.jsonl").exists());
    }
}

/// A price path that names a file which is no price CSV (an environment, a key file) is an
/// error that names the file and says so, without quoting any of its bytes.
#[test]
fn a_price_file_that_is_not_a_csv_is_never_quoted() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = init(tmp.path(), &small_config("prices", ""));
    let secret = "sk-abcdefSECRETvalue0123456789";
    std::fs::write(
        dir.join("prices.csv"),
        format!("PATH=/usr/bin\0SECRET_KEY={secret}\0HOME=/root\0"),
    )
    .unwrap();
    for json in [false, true] {
        let mut args = vec!["league", "run", arg(&dir), "--at", RUN_AT];
        if json {
            args.push("--json");
        }
        let (code, out, err) = output(&args);
        let all = out + &err;
        assert_eq!(code, 2, "{all}");
        assert!(
            all.contains("prices.csv") && all.contains("not a price CSV"),
            "{all}"
        );
        for part in ["SECRET_KEY", "sk-abc", "PATH=/usr"] {
            assert!(!all.contains(part), "{part}: {all}");
        }
    }
}

/// A TCP server on 127.0.0.1 that accepts (at most 64 connections, each held open) and never
/// answers: an authority that hangs until the client's timeout.
fn hanging() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in l.incoming().take(64) {
            held.push(c);
        }
    });
    url
}

/// Spec §3.2: anchoring never delays asking or sealing. Every authority (the calendar, the
/// timestamp authority) accepts and never answers, each request timing out after 3 s and
/// asked twice, so the run's stamp takes 7 s or more; the answers are still sealed at once
/// after the run line, and the list and its record (each anchor failed, why) are written.
#[test]
fn hanging_anchors_never_delay_the_asks() {
    let tmp = tempfile::tempdir().unwrap();
    let e = endpoints();
    let (cal, tsa) = (hanging(), hanging());
    let text = format!(
        "[league]\nname = \"hanging anchors\"\nmethodology_version = \"m-1\"\n\n\
         [[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{}/v1\"\nmodel = \"gpt-4o-mini\"\n\
         api_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"openai\"\ntimeout_seconds = 20\n\n\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
         [anchors]\nots_calendars = [\"{cal}\"]\ntsa = [{{ name = \"hang\", url = \"{tsa}\" }}]\n\
         rekor_url = \"\"\ntimeout_seconds = 3\nretries = 1\n",
        e.openai
    );
    let dir = init(tmp.path(), &text);
    let started = std::time::Instant::now();
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", RUN_AT]);
    let took = started.elapsed();
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        took >= Duration::from_secs(6),
        "the run waits for its anchors before it ends: {took:?}"
    );
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let run_at = lines.runs[0].at.unwrap();
    let first = lines
        .answers
        .values()
        .filter_map(|a| a.booked_at)
        .min()
        .expect("an answer sealed");
    assert_eq!(lines.answers.len(), 2, "gpt and coin");
    assert!(
        first.0 - run_at.0 < 5_000_000,
        "the first answer is sealed {} ms after the run line, behind the anchors' timeouts",
        (first.0 - run_at.0) / 1000
    );
    // Two lists, in the run's first minute (their seconds follow the set clock, which runs
    // on in real time): the cadence's as the run starts and the closing one over the answers.
    let lists = list_names(&dir);
    assert!(
        lists.len() == 2 && lists.iter().all(|l| l.starts_with("proof/2026-10-21/1230")),
        "{lists:?}"
    );
    for list in &lists {
        let record: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.join(format!("{list}.anchors.json"))).unwrap(),
        )
        .unwrap();
        let anchors = record["anchors"].as_array().unwrap();
        assert_eq!(anchors.len(), 2, "{record}");
        assert!(
            anchors
                .iter()
                .all(|a| a["ok"] == false && a["attempts"] == 2),
            "{record}"
        );
    }
}

/// Spec §3.2, requirement 12: a line is stamped on arrival, within the settle window, while
/// the run still waits for a slower seat, and a hanging authority never delays the next seal.
/// The calendar and the timestamp authority accept and never answer (3 s, asked once); `gpt`
/// answers at once, `slow` after 6 s; the settle window is 1 s. A list is written a second or
/// two after `gpt`'s answer, covering it, its anchors recorded as failed; `slow`'s answer is
/// still sealed within a second of its arrival, its anchors hanging meanwhile.
#[test]
fn a_sealed_answer_is_stamped_on_arrival_while_the_authorities_hang() {
    let tmp = tempfile::tempdir().unwrap();
    let e = endpoints();
    let (cal, tsa) = (hanging(), hanging());
    let openai = recorded(
        Provider::OpenAi,
        "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml",
    );
    let mut body: serde_json::Value = serde_json::from_slice(&openai.body).unwrap();
    body["choices"][0]["message"]["content"] = good_answer().into();
    let good = serde_json::to_vec(&body).unwrap();
    let slow = serve(move |_, _| {
        let mut a = Answer::json(200, good.clone());
        a.delay = Duration::from_secs(6);
        a
    });
    let seat = |name: &str, url: &str| {
        format!(
            "[[seat]]\nname = \"{name}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\n\
             api_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"openai\"\ntimeout_seconds = 20\n\n"
        )
    };
    let text = format!(
        "[league]\nname = \"stamped on arrival\"\nmethodology_version = \"m-1\"\n\n{}{}\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [schedule]\nstamp_settle_seconds = 1\n\n\
         [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
         [anchors]\nots_calendars = [\"{cal}\"]\ntsa = [{{ name = \"hang\", url = \"{tsa}\" }}]\n\
         rekor_url = \"\"\ntimeout_seconds = 3\nretries = 0\n",
        seat("gpt", &e.openai),
        seat("slow", &slow),
    );
    let dir = init(tmp.path(), &text);
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let answer = |seat: &str| {
        lines
            .answers
            .values()
            .find(|a| a.seat.as_deref() == Some(seat))
            .unwrap_or_else(|| panic!("{seat} sealed"))
            .clone()
    };
    let (gpt, slow) = (answer("gpt"), answer("slow"));
    let gpt_sealed = gpt.booked_at.unwrap();
    // The list that covers gpt's answer line: the first whose book count reaches it.
    let lists = list_names(&dir);
    let covering = lists
        .iter()
        .find(|l| {
            let text = std::fs::read_to_string(dir.join(l)).unwrap();
            text.lines()
                .find_map(|x| x.strip_prefix("daily/council/book.jsonl: "))
                .and_then(|x| x.split(' ').next())
                .and_then(|n| n.parse::<u64>().ok())
                .is_some_and(|n| n >= gpt.n)
        })
        .unwrap_or_else(|| panic!("no list covers gpt's line {}: {lists:?}", gpt.n));
    let hhmmss = covering.rsplit('/').next().unwrap();
    let listed_at = sealbook_core::calendar::Instant::parse_rfc3339(&format!(
        "2026-10-21T{}:{}:{}Z",
        &hhmmss[0..2],
        &hhmmss[2..4],
        &hhmmss[4..6]
    ))
    .unwrap();
    assert!(
        listed_at.0 < slow.booked_at.unwrap().0,
        "gpt's answer is stamped while slow is still asked: {covering} {lists:?}"
    );
    assert!(
        listed_at.0 - gpt_sealed.0 < 4_000_000,
        "stamped {} ms after its seal: {lists:?}",
        (listed_at.0 - gpt_sealed.0) / 1000
    );
    let record: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join(format!("{covering}.anchors.json"))).unwrap(),
    )
    .unwrap();
    let anchors = record["anchors"].as_array().unwrap();
    assert!(
        anchors.len() == 2 && anchors.iter().all(|a| a["ok"] == false),
        "{record}"
    );
    let (arrived, sealed) = (slow.at.unwrap(), slow.booked_at.unwrap());
    assert!(
        sealed.0 - arrived.0 < 1_000_000,
        "slow's answer sealed {} ms after it arrived, behind the hanging anchors",
        (sealed.0 - arrived.0) / 1000
    );
}

/// Spec §3.3, §3.4: a price source so slow that the snapshot ends past the 09:30 ET reference
/// (every chart request answered after 400 ms, the run started at 09:29:57) starts no run:
/// neither the run line nor the reference seats' answers are sealed after the reference, no
/// seat is asked, the command says the run is missed, and `league status` lists it.
#[test]
fn a_snapshot_that_ends_past_the_reference_starts_no_run() {
    let tmp = tempfile::tempdir().unwrap();
    let e = endpoints();
    let yahoo = serve(|_, _| {
        let mut a = Answer::json(
            200,
            br#"{"chart": {"result": [{"meta": {"symbol": "X"}, "indicators": {"quote": [{}]}}], "error": null}}"#.to_vec(),
        );
        a.delay = Duration::from_millis(400);
        a
    });
    let symbols: Vec<String> = MARKETS.iter().map(|m| format!("{m} = \"{m}\"")).collect();
    let text = format!(
        "[league]\nname = \"slow prices\"\nmethodology_version = \"m-1\"\n\n\
         [[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{}/v1\"\nmodel = \"gpt-4o-mini\"\n\
         api_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"openai\"\ntimeout_seconds = 20\n\n\
         [[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n\
         [prices]\nprovider = \"yahoo\"\nbase_url = \"{yahoo}\"\nsymbols = {{ {} }}\n\n{NO_ANCHORS}",
        e.openai,
        symbols.join(", ")
    );
    let dir = init(tmp.path(), &text);
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", "2026-10-21T13:29:57Z"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("run 2026-10-21-am missed"), "{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap_or_default();
    let lines = BookLines::parse(&book).unwrap();
    assert!(
        lines.runs.is_empty(),
        "no run line sealed after the reference"
    );
    assert!(
        lines.answers.is_empty(),
        "no answer sealed after the reference"
    );
    let (code, out, err) = output(&[
        "league",
        "status",
        arg(&dir),
        "--at",
        "2026-10-21T13:31:00Z",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["runs_missed"], serde_json::json!(["2026-10-21-am"]));
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
    // The run's closing stamp covers every line it sealed: a stamp after it writes nothing.
    let latest = list_names(&dir).pop().unwrap();
    assert!(latest.starts_with("proof/2026-10-21/1230"), "{latest}");
    let (code, out, err) = output(&["league", "stamp", d, "--at", "2026-10-21T12:45:00Z"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(list_names(&dir).pop().unwrap(), latest);
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
    // The set clock runs on in real time from --at: a loaded machine reads it a second or more
    // later ("12:35:01.29").
    assert!(
        err.contains("the clock reads 2026-10-21T12:35:0")
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
        let chain = sealbook_core::records::ask_chain::AskChain::parse(&asks).unwrap();
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

/// A seat whose `api_key_env` is not set when the run starts (set at init, gone since) is a
/// recorded failure and a non-zero exit: `league run` asks the other seats and seals their
/// answers, exits 1 naming the seat and the variable (`unconfigured`), keeps the reason as the
/// seat's error note, and the run's close seals its `no_answer` with that reason.
#[test]
fn a_seat_whose_key_variable_is_missing_fails_the_run() {
    let tmp = tempfile::tempdir().unwrap();
    let body = openai_body(&format!("```json\n{}\n```", good_answer()));
    let url = serve(move |_, _| Answer::json(200, body.clone()));
    let seat = format!("[[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\ntimeout_seconds = 20\n\n");
    let dir = init(tmp.path(), &small_config("keys", &seat));
    let o = cmd(&["league", "run", arg(&dir), "--at", RUN_AT, "--json"])
        .env_remove("SB_TEST_OPENAI_KEY")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(
        v["unconfigured"],
        serde_json::json!([
            "gpt: environment variable SB_TEST_OPENAI_KEY (api_key_env) is not set"
        ])
    );
    assert_eq!(v["answers_sealed"], 1, "the coin answered: {v}");
    let note = std::fs::read_to_string(dir.join("replies/2026-10-21-am/gpt.error.txt")).unwrap();
    assert!(
        note.contains("SB_TEST_OPENAI_KEY (api_key_env) is not set"),
        "{note}"
    );
    // After the deadline the run is closed: the seat's no_answer says why.
    let (code, out, err) = output(&["league", "run", arg(&dir), "--at", "2026-10-21T13:35:00Z"]);
    assert_eq!(code, 0, "{out}{err}");
    let seats = lines_by_seat(&dir);
    assert_eq!(seats["gpt"], ["no_answer"], "{seats:?}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    assert!(contains(
        &book,
        "SB_TEST_OPENAI_KEY (api_key_env) is not set"
    ));
}

/// CPython's `csv` reading a forecasts file from stdin: each row's raw fields and the sealed
/// values the rule of docs/publishing.md ("Cells a spreadsheet would run") gives, as JSON.
const PY_FORECASTS_READ_BACK: &str = r#"
import csv, io, json, re, sys
NUMBERS = {"line", "prob_up", "ref", "close", "actual_pct", "seat_versions_in_run", "attempt"}
NUMBERS_OR_TEXT = {"exp_pct", "target", "invalidation"}
number = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")
def sealed(column, field):
    if column in NUMBERS or field[:1] != "'" or field[1:2] == "" or field[1] not in "=+-@\t\r'":
        return field
    if column in NUMBERS_OR_TEXT and number.match(field[1:]):
        return field
    return field[1:]
rows = list(csv.DictReader(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="")))
print(json.dumps([{"raw": r, "sealed": {c: sealed(c, v) for c, v in r.items()}} for r in rows]))
"#;

/// A seat whose cells hold text a spreadsheet would run (`=HYPERLINK(...)`, `+1+2`,
/// `-2+3+cmd|...`, `@SUM(...)`, TAB and CR first) beside negative numbers: `league publish`
/// writes every such text field of `council-forecasts.csv` with a quote first and every
/// number as it is; CPython's `csv` with the documented rule, and core's reader, read back the
/// values the book sealed; `conformance` and `score --forecasts` (against the book) pass.
#[test]
fn formula_text_in_answers_is_published_inert_and_read_back_as_sealed() {
    let tmp = tempfile::tempdir().unwrap();
    let hyperlink = "=HYPERLINK(\"http://evil.example\",\"click\")";
    let calc = "-2+3+cmd|' /C calc'!A0";
    // A valid answer: text in the text fields, negative numbers in the numeric ones.
    let formula = serde_json::json!({"items": {
        "SPX": {"1d": {"prob_up": 55, "action": hyperlink, "exp_pct": -0.25, "target": 6700.5,
                        "source_domains": ["-evil.example", "ok.example"],
                        "source_urls": "@SUM(A1:A9)"}},
        "GOLD": {"1d": {"prob_up": 45, "action": "\t=1", "exp_pct": -1e3,
                         "source_urls": "\r=1"}}}});
    // Text where the schema asks for numbers: sealed as invalid, its cells still published.
    let levels = serde_json::json!({"items": {
        "SPX": {"1d": {"prob_up": 40, "action": "'quoted", "target": "+1+2",
                        "invalidation": calc, "exp_pct": "-0.5"}}}});
    let mut seats = String::new();
    for (name, answer) in [("formula", &formula), ("levels", &levels)] {
        let file = tmp.path().join(format!("{name}.json"));
        std::fs::write(&file, answer.to_string()).unwrap();
        let script = tmp.path().join(format!("{name}.sh"));
        std::fs::write(
            &script,
            format!("cat > /dev/null\ncat '{}'\n", file.display()),
        )
        .unwrap();
        seats += &sh_seat(name, &script, "");
    }
    let dir = init(tmp.path(), &small_config("formulas", &seats));
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "league score: {out}{err}");
    let (code, out, err) = output(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "league publish: {out}{err}");
    let csv_path = dir.join("council-forecasts.csv");
    let csv = std::fs::read(&csv_path).unwrap();

    // CPython's csv reads the raw fields: no text field begins with a trigger, every number
    // is written as a number, and the documented rule gives back what core's reader gives.
    let py = sealbook_tests::peer_output(
        sealbook_tests::python_inline(PY_FORECASTS_READ_BACK),
        &csv,
        "CPython csv",
    );
    let py: Vec<serde_json::Value> = serde_json::from_slice(&py).unwrap();
    let table = sealbook_core::contract::forecasts_csv::CsvTable::parse(&csv).unwrap();
    assert_eq!(py.len(), table.records.len());
    let triggers = ['=', '+', '-', '@', '\t', '\r'];
    for (p, rec) in py.iter().zip(&table.records) {
        for (c, core_value) in table.header.iter().zip(&rec.fields) {
            let raw = p["raw"][c].as_str().unwrap();
            if raw.starts_with(triggers) {
                assert!(
                    sealbook_core::contract::forecasts_csv::parse_number(raw).is_some(),
                    "row {}, column {c}: {raw:?} would run as a formula",
                    rec.row
                );
            }
            assert_eq!(p["sealed"][c], core_value.as_str(), "row {} {c}", rec.row);
        }
    }
    // The cells as sealed, raw and read back.
    let cell = |seat: &str, asset: &str, column: &str| -> (String, String) {
        let i = table.records.iter().position(|r| {
            let get = |c: &str| r.fields[table.column(c).unwrap()].as_str();
            get("seat") == seat && get("asset") == asset && get("horizon") == "1d"
        });
        let i = i.unwrap_or_else(|| panic!("no row {seat} {asset} 1d"));
        let raw = py[i]["raw"][column].as_str().unwrap().to_string();
        (
            raw,
            table.records[i].fields[table.column(column).unwrap()].clone(),
        )
    };
    let q = |v: &str| format!("'{v}");
    for (seat, asset, column, sealed, raw) in [
        // An action outside the five allowed is kept in action_word (§3.6), inert as any text.
        (
            "formula",
            "SPX",
            "action_word",
            hyperlink.to_string(),
            q(hyperlink),
        ),
        ("formula", "SPX", "action", "".into(), "".into()),
        ("formula", "SPX", "exp_pct", "-0.25".into(), "-0.25".into()),
        ("formula", "SPX", "target", "6700.5".into(), "6700.5".into()),
        (
            "formula",
            "SPX",
            "source_domains",
            "-evil.example;ok.example".into(),
            q("-evil.example;ok.example"),
        ),
        (
            "formula",
            "SPX",
            "source_urls",
            "@SUM(A1:A9)".into(),
            q("@SUM(A1:A9)"),
        ),
        ("formula", "SPX", "prob_up", "55".into(), "55".into()),
        ("formula", "GOLD", "action_word", "\t=1".into(), q("\t=1")),
        ("formula", "GOLD", "exp_pct", "-1000".into(), "-1000".into()),
        ("formula", "GOLD", "source_urls", "\r=1".into(), q("\r=1")),
        (
            "levels",
            "SPX",
            "action_word",
            "'quoted".into(),
            q("'quoted"),
        ),
        ("levels", "SPX", "target", "+1+2".into(), q("+1+2")),
        ("levels", "SPX", "invalidation", calc.to_string(), q(calc)),
        ("levels", "SPX", "exp_pct", "-0.5".into(), "-0.5".into()),
    ] {
        assert_eq!(
            cell(seat, asset, column),
            (raw, sealed),
            "{seat} {asset} {column}"
        );
    }

    // Every reader accepts the file: the conformance checker, and the scorer held to the book
    // row by row (the seat, run and probability of each row against its sealed line).
    let (code, out, err) = output(&["conformance", arg(&csv_path)]);
    assert_eq!(code, 0, "conformance: {out}{err}");
    let (code, out, err) = output(&[
        "score",
        "--forecasts",
        arg(&csv_path),
        "--book",
        arg(&dir.join("council-book.jsonl")),
        "--asks",
        arg(&dir.join("asks.jsonl")),
        "--json",
    ]);
    assert_eq!(code, 0, "score --forecasts: {out}{err}");
}

/// Recorded bars for the draw band (spec §3.5): SPX and NDX every minute of the four
/// sessions before 2026-10-21 (each minute alternating 100 and 100.1, a band of about 0.197%),
/// every market on the session's day at 100 until 19:00Z, then SPX 100.1 (inside its band)
/// and NDX 101 (outside); GOLD and the others have no bar before the session's day.
fn band_prices_csv() -> String {
    let t = |s: &str| {
        sealbook_core::calendar::Instant::parse_rfc3339(s)
            .unwrap()
            .0
            / 1_000_000
    };
    let mut out = String::from("symbol,time,open,high,low,close,volume\n");
    let mut row = |s: &str, time: i64, c: f64| {
        let time = sealbook_core::prices::rfc3339(time);
        out.push_str(&format!("{s},{time},{c},{c},{c},{c},100\n"));
    };
    for m in MARKETS {
        if m == "SPX" || m == "NDX" {
            for day in ["15", "16", "19", "20"] {
                let from = t(&format!("2026-10-{day}T13:30:00Z"));
                let to = t(&format!("2026-10-{day}T20:00:00Z"));
                for (k, s) in (from..to).step_by(60).enumerate() {
                    row(m, s, if k % 2 == 0 { 100.0 } else { 100.1 });
                }
            }
        }
        let late = t("2026-10-21T19:00:00Z");
        for s in (t("2026-10-21T12:00:00Z")..t("2026-10-21T20:05:00Z")).step_by(60) {
            let c = match m {
                "SPX" if s >= late => 100.1,
                "NDX" if s >= late => 101.0,
                _ => 100.0,
            };
            row(m, s, c);
        }
    }
    out
}

#[test]
fn a_score_seals_the_draw_band_of_the_four_prior_sessions_or_why_there_is_none() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = init(tmp.path(), &small_config("band", ""));
    std::fs::write(dir.join("prices.csv"), band_prices_csv()).unwrap();
    let d = arg(&dir);
    let (code, out, err) = output(&["league", "run", d, "--at", RUN_AT]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "{out}{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let score = lines.scores.first().expect("a score line");
    // The band from those minutes: about the mean of |0.1%| and |100/100.1 - 1| (each session
    // has one more rise than fall), scaled by 0.1 x sqrt(390).
    let up = 100.0 * (100.1f64 / 100.0 - 1.0);
    let down = (100.0 * (100.0f64 / 100.1 - 1.0)).abs();
    let band = score.noise["SPX"];
    assert!(
        (band - 0.1 * ((up + down) / 2.0) * 390f64.sqrt()).abs() < 1e-4,
        "{band}"
    );
    assert_eq!(score.noise["NDX"], band);
    assert_eq!(score.noise.len(), 2, "{:?}", score.noise);
    assert_eq!(score.results["SPX"].draw, Some(true));
    assert_eq!(score.results["NDX"].draw, Some(false));
    // A provider that never served GOLD's prior sessions: no band, no draw, the reason sealed.
    assert_eq!(score.results["GOLD"].draw, None);
    assert!(
        score.noise_missing["GOLD"].contains("2026-10-15"),
        "{:?}",
        score.noise_missing
    );
    assert_eq!(score.noise_missing.len(), MARKETS.len() - 2);

    // The published rows carry the draw; the ex-draw score drops SPX's.
    let (code, out, err) = output(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read(dir.join("council-forecasts.csv")).unwrap();
    let table = sealbook_core::contract::forecasts_csv::CsvTable::parse(&csv).unwrap();
    let cols = sealbook_core::contract::forecasts_csv::Columns::new(&table).unwrap();
    let draw_of = |asset: &str| -> Vec<String> {
        table
            .records
            .iter()
            .filter(|r| cols.get(r, "asset") == asset && cols.get(r, "horizon") == "1d")
            .map(|r| cols.get(r, "draw").to_string())
            .collect()
    };
    assert_eq!(draw_of("SPX"), ["true"]);
    assert_eq!(draw_of("NDX"), ["false"]);
    assert_eq!(draw_of("GOLD"), [""]);
    let stats: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("council-stats.json")).unwrap()).unwrap();
    let one_day = &stats["seats"]["coin"]["1d"];
    assert_eq!(
        (one_day["dropped_draws"].as_u64(), one_day["n"].as_u64()),
        (Some(1), Some(12))
    );

    // conformance with the book holds the file to the sealed bands; an emptied draw column is
    // refused by it and by the Python peer.
    let csv_path = dir.join("council-forecasts.csv");
    let book_path = dir.join("council-book.jsonl");
    let peer = |csv: &Path| -> serde_json::Value {
        let out = sealbook_tests::python_script("conformance_peer.py")
            .args([csv, Path::new("--book"), &book_path])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let (code, out, err) = output(&["conformance", arg(&csv_path), "--book", arg(&book_path)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(peer(&csv_path)["failures"], serde_json::json!([]));
    let draw_col = table.header.iter().position(|h| h == "draw").unwrap();
    use sealbook_core::contract::forecasts_csv::csv_field;
    let mut emptied = table.header.join(",") + "\r\n";
    for r in &table.records {
        let mut f = r.fields.clone();
        f[draw_col] = String::new();
        emptied += &f.iter().map(|v| csv_field(v)).collect::<Vec<_>>().join(",");
        emptied += "\r\n";
    }
    let bad = dir.join("no-draw.csv");
    std::fs::write(&bad, &emptied).unwrap();
    let (code, out, err) = output(&[
        "conformance",
        arg(&bad),
        "--book",
        arg(&book_path),
        "--json",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let rep: serde_json::Value = serde_json::from_str(&out).unwrap();
    let failed: Vec<&str> = rep["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["column"].as_str().unwrap())
        .collect();
    assert_eq!(failed, ["draw", "draw"], "{out}");
    let theirs = peer(&bad);
    assert_eq!(theirs["failures"].as_array().unwrap().len(), 2, "{theirs}");
    assert!(theirs.to_string().contains("draw"), "{theirs}");
}

// ---- several runs per session ----------------------------------------------------------------

/// Spec §3.4, requirement 5: a league that declares a 09:00 ET run besides the morning run
/// asks both, on a fake OpenAI endpoint that answers each run differently; both are sealed with
/// their own ask hash and scored; the published CSV labels the 09:00 run `not_counted`,
/// `earlier_run`, and `conformance` accepts it; the statistics are those of the counted rows
/// alone (the CSV without the other run's rows gives the same seat figures).
#[test]
fn a_second_declared_run_is_sealed_scored_and_published_not_counted() {
    let answer = |p: u32| {
        let mut items = serde_json::Map::new();
        for m in MARKETS {
            items.insert(m.to_string(), serde_json::json!({"1d": {"prob_up": p}}));
        }
        format!(
            "My forecast:\n```json\n{}\n```\n",
            serde_json::json!({"items": items})
        )
    };
    // The first ask gets 70 everywhere, any later one 5.
    let bodies = [openai_body(&answer(70)), openai_body(&answer(5))];
    let url = serve(move |hit, _| Answer::json(200, bodies[hit.min(1)].clone()));
    let tmp = tempfile::tempdir().unwrap();
    let seat = format!("[[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_TEST_OPENAI_KEY\"\nfamily = \"openai\"\ntimeout_seconds = 20\nretries = 0\n\n");
    let config = small_config("two runs", &seat) + "\n[schedule]\nother_runs_et = [\"09:00\"]\n";
    let dir = init(tmp.path(), &config);
    let d = arg(&dir);
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let first = canon::parse_line_object(asks.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(
        first.get("other_runs_et"),
        Some(&Value::Array(vec![Value::Str("09:00".into())])),
        "the declaration names the other run"
    );

    for (at, run_id) in [
        (RUN_AT, "2026-10-21-am"),
        ("2026-10-21T13:00:00Z", "2026-10-21-0900"),
    ] {
        let (code, out, err) = output(&["league", "run", d, "--at", at, "--json"]);
        assert_eq!(code, 0, "{at}: {out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["run_id"], run_id);
        assert_eq!(v["answers_sealed"], 2, "{err}");
    }
    let (code, out, err) = output(&["league", "run", d, "--at", "2026-10-21T13:10:00Z"]);
    assert_eq!(code, 2, "nothing more is due: {out}{err}");
    assert!(err.contains("other runs at 09:00"), "{err}");

    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    let runs: Vec<(&str, &str)> = lines
        .runs
        .iter()
        .map(|r| {
            (
                r.run_id.as_deref().unwrap(),
                r.ask_sha256.as_deref().unwrap(),
            )
        })
        .collect();
    assert_eq!(runs.len(), 2);
    assert_eq!((runs[0].0, runs[1].0), ("2026-10-21-am", "2026-10-21-0900"));
    assert_ne!(runs[0].1, runs[1].1, "each run its own ask hash");

    let (code, out, err) = score_json(d, SCORE_AT);
    assert_eq!(code, 0, "league score: {out}{err}");
    let lines = BookLines::parse(&std::fs::read(dir.join("council-book.jsonl")).unwrap()).unwrap();
    let scored: BTreeSet<u64> = lines.scores.iter().map(|s| s.of).collect();
    assert_eq!(
        scored,
        lines.runs.iter().map(|r| r.n).collect(),
        "both runs scored"
    );
    let (code, out, err) = output(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "league publish: {out}{err}");

    let csv_path = dir.join("council-forecasts.csv");
    let csv = std::fs::read(&csv_path).unwrap();
    let table = CsvTable::parse(&csv).unwrap();
    let col = |name: &str| table.column(name).unwrap();
    let (run, seat, status, role, prob, horizon) = (
        col("run_id"),
        col("seat"),
        col("status"),
        col("run_role"),
        col("prob_up"),
        col("horizon"),
    );
    let gpt: BTreeSet<(&str, &str, &str, &str)> = table
        .records
        .iter()
        .map(|r| &r.fields)
        .filter(|f| f[seat] == "gpt" && f[horizon] == "1d")
        .map(|f| {
            (
                f[run].as_str(),
                f[status].as_str(),
                f[role].as_str(),
                f[prob].as_str(),
            )
        })
        .collect();
    assert_eq!(
        gpt,
        BTreeSet::from([
            ("2026-10-21-0900", "not_counted", "earlier_run", "5"),
            ("2026-10-21-am", "counted", "session_run", "70"),
        ])
    );
    let (code, out, err) = output(&["conformance", arg(&csv_path)]);
    assert_eq!(code, 0, "conformance: {out}{err}");

    // The statistics of the published CSV are those of its counted rows alone: the same as
    // the file's without the other run's rows (each on one line, its run id first).
    let text = String::from_utf8(csv).unwrap();
    let counted_only = tmp.path().join("counted.csv");
    let kept: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("2026-10-21-0900,"))
        .collect();
    assert!(kept.len() < text.len());
    std::fs::write(&counted_only, kept).unwrap();
    let seats_of = |path: &Path| {
        let (code, out, err) = output(&["score", "--forecasts", arg(path), "--json"]);
        assert_eq!(code, 0, "score --forecasts: {out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["seats"].clone()
    };
    let all = seats_of(&csv_path);
    assert!(
        all["gpt"]["1d"]["n"].as_u64().is_some_and(|n| n > 0),
        "{all}"
    );
    assert_eq!(all, seats_of(&counted_only));
}
