//! A hostile month under `sealbook serve --league` on 127.0.0.1: a league of OpenAI,
//! Anthropic and Gemini seats answering with the recorded bodies of
//! `../shared/vectors/llm-apis`, beside seats that misbehave (an unknown horizon
//! `items.GOLD.2y`, duplicate keys, invalid UTF-8, a lone surrogate, a body over the size
//! bound, a refusal, a safety block, a slow seat, a seat that never answers, a `command` seat
//! that exits without reading its ask, one that prints another seat's key), anchored at a
//! calendar that answers, one that is down, one that hangs, and a local `openssl ts`
//! authority, priced from a CSV file. The server runs every session of a month on a set clock
//! at high speed, is killed by SIGKILL in the middle of a morning run and started again, and
//! at the end: every session of the NYSE calendar (core's) has its morning run in the book or
//! is reported missed, every run is closed, the league publishes, scores, verifies (chain and
//! answers), rescores from the book and passes `conformance`, the operator's files are never
//! served, and no configured key is in any file or log. The wall time is printed, never
//! asserted; every wait is bounded.

use super::common;

use common::fake_http::Answer;
use common::serve::Server;
use common::{arg, bin, LeagueInit, MARKETS};
use sealbook_core::calendar::{is_session, new_york_time, Date, Instant};
use sealbook_core::records::book_lines::BookLines;
use sealbook_tests::fake_http;
use sealbook_tests::llm_vectors::{recordings, Provider};
use sealbook_tests::tsp_pki::{make_pki, tsa_section, TempDir};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Distinctive fake keys: each may appear in the requests to its endpoints only.
const KEYS: [(&str, &str); 3] = [
    ("SB_SOAK_OPENAI_KEY", "sk-FAKE-soak-openai-4b7e19c2d8a0"),
    ("SB_SOAK_ANTHROPIC_KEY", "sk-ant-FAKE-soak-a9d03c5e7b12"),
    ("SB_SOAK_GEMINI_KEY", "AIzaFAKE-soak-gemini-6f28e1b4c9"),
];

/// The month: from the Monday's morning run to the last session's close and score.
const FIRST: (i32, u32, u32) = (2026, 11, 2);
const LAST: (i32, u32, u32) = (2026, 12, 1);
/// The session whose morning run the server is killed in, and started again.
const KILLED: (i32, u32, u32) = (2026, 11, 16);

fn date((y, m, d): (i32, u32, u32)) -> Date {
    Date::new(y, m, d).unwrap()
}

/// The league's clock speed: one real second is `SPEED` seconds of the league's time, so the
/// month's 29 days take about four minutes; the morning run's hour is a third of a second.
const SPEED: u32 = 12_000;

// ---- the seats ------------------------------------------------------------------------------

/// A well-formed answer for every market on 1d and 1w, `shift` moving its probabilities.
fn good_answer(shift: usize) -> String {
    let mut items = serde_json::Map::new();
    for (i, m) in MARKETS.iter().enumerate() {
        let p = 30 + (i * 7 + shift) % 45;
        items.insert(
            m.to_string(),
            serde_json::json!({"1d": {"prob_up": p, "action": "hold", "risk": "a surprise"},
                               "1w": {"prob_up": 100 - p, "action": "trim"}}),
        );
    }
    let body = serde_json::json!({"items": items, "years": "Up, with swings."});
    format!("My forecast:\n```json\n{body}\n```\n")
}

/// The recorded 200 body of `file`, with the model's text replaced by `text` at `path`.
fn recorded_with(provider: Provider, file: &str, text: Option<&str>) -> Vec<u8> {
    let r = recordings()
        .into_iter()
        .find(|r| r.provider == provider && r.file == file && r.status == 200)
        .unwrap_or_else(|| panic!("{file}: no 200 recording"));
    let Some(text) = text else {
        return r.body;
    };
    let mut body: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    match provider {
        Provider::OpenAi => body["choices"][0]["message"]["content"] = text.into(),
        Provider::Anthropic => body["content"][0]["text"] = text.into(),
        Provider::Gemini => body["candidates"][0]["content"]["parts"][0]["text"] = text.into(),
    }
    serde_json::to_vec(&body).unwrap()
}

const OPENAI: &str = "pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml";
const ANTHROPIC: &str = "pydantic-ai_cassette_test_anthropic_model_instructions.yaml";
const GEMINI: &str = "firebase-testdata_googleai_unary-success-basic-reply-short.json";
const GEMINI_BLOCKED: &str = "firebase-testdata_googleai_unary-failure-finish-reason-safety.json";

/// An OpenAI reply whose text is `{"items": items}` in a code fence.
fn openai_items(items: &str) -> Vec<u8> {
    let text = format!("My forecast:\n```json\n{{\"items\": {items}}}\n```\n");
    recorded_with(Provider::OpenAi, OPENAI, Some(&text))
}

/// A TCP server on 127.0.0.1 that accepts and never answers (it holds the last 256
/// connections open, at most 100,000 in all): a seat or calendar that hangs until the
/// client's timeout.
fn hanging() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = VecDeque::new();
        for c in l.incoming().take(100_000) {
            held.push_back(c);
            if held.len() > 256 {
                held.pop_front();
            }
        }
    });
    url
}

/// A URL where nothing listens.
fn down() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", l.local_addr().unwrap())
}

/// The `[[seat]]` tables of the month's seats, each HTTP seat at its own fake endpoint; the
/// command seats' scripts are written into `tmp`.
fn seats(tmp: &Path) -> String {
    let serve = |body: Vec<u8>, delay: Duration| {
        fake_http::start(move |_, _| Answer {
            delay,
            ..Answer::json(200, body.clone())
        })
        .url
    };
    let openai = |name: &str, url: &str| {
        format!("[[seat]]\nname = \"{name}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-4o-mini\"\napi_key_env = \"SB_SOAK_OPENAI_KEY\"\nfamily = \"{name}\"\ntimeout_seconds = 1\nretries = 0\n\n")
    };
    let mut c = String::new();
    c += &openai(
        "gpt",
        &serve(
            recorded_with(Provider::OpenAi, OPENAI, Some(&good_answer(0))),
            Duration::ZERO,
        ),
    );
    c += &format!(
        "[[seat]]\nname = \"claude_slow\"\nadapter = \"anthropic\"\nbase_url = \"{}\"\nmodel = \"claude-sonnet-4-5\"\napi_key_env = \"SB_SOAK_ANTHROPIC_KEY\"\nfamily = \"anthropic\"\ntimeout_seconds = 1\nretries = 0\n\n",
        serve(
            recorded_with(Provider::Anthropic, ANTHROPIC, Some(&good_answer(11))),
            Duration::from_millis(150)
        )
    );
    for (name, body) in [
        (
            "gemini",
            recorded_with(Provider::Gemini, GEMINI, Some(&good_answer(23))),
        ),
        (
            "gemini_blocked",
            recorded_with(Provider::Gemini, GEMINI_BLOCKED, None),
        ),
    ] {
        c += &format!(
            "[[seat]]\nname = \"{name}\"\nadapter = \"gemini\"\nbase_url = \"{}\"\nmodel = \"gemini-2.5-flash\"\napi_key_env = \"SB_SOAK_GEMINI_KEY\"\nfamily = \"{name}\"\ntimeout_seconds = 1\nretries = 0\n\n",
            serve(body, Duration::ZERO)
        );
    }
    let good = recorded_with(Provider::OpenAi, OPENAI, Some(&good_answer(5)));
    let hostile: Vec<(&str, Vec<u8>)> = vec![
        (
            "gold_2y",
            openai_items(
                r#"{"SPX": {"1d": {"prob_up": 61}}, "GOLD": {"2y": {"prob_up": 70}, "1d": {"prob_up": 52}}}"#,
            ),
        ),
        (
            "dups",
            openai_items(
                r#"{"SPX": {"1d": {"prob_up": 40, "prob_up": 60}}, "SPX": {"1w": {"prob_up": 55}}}"#,
            ),
        ),
        ("bad_utf8", {
            let mut b = good.clone();
            let at = b.windows(7).position(|w| w == b"My fore").unwrap();
            b[at + 2] = 0xff;
            b
        }),
        (
            "surrogate",
            String::from_utf8(good.clone())
                .unwrap()
                .replacen("My forecast", "My \\ud800forecast", 1)
                .into_bytes(),
        ),
        ("oversized", vec![b' '; 3 << 20]),
        ("refused", {
            let mut body: serde_json::Value = serde_json::from_slice(&good).unwrap();
            body["choices"][0]["message"]["content"] = serde_json::Value::Null;
            body["choices"][0]["message"]["refusal"] = "I can't help with that request.".into();
            serde_json::to_vec(&body).unwrap()
        }),
    ];
    for (name, body) in hostile {
        c += &openai(name, &serve(body, Duration::ZERO));
    }
    c += &openai("silent", &hanging());
    // A program that exits without reading its ask, and one that prints another seat's key
    // (as it is, and spelled with JSON escapes) in its answer's free text.
    let deaf = tmp.join("deaf.sh");
    std::fs::write(&deaf, "exit 0\n").unwrap();
    let key = KEYS[0].1;
    let escaped: String = key
        .chars()
        .map(|c| format!("\\\\u{:04x}", c as u32))
        .collect();
    let thief = tmp.join("thief.sh");
    std::fs::write(
        &thief,
        format!(
            "cat > /dev/null\nprintf '%s' '{{\"items\": {{\"SPX\": {{\"1d\": {{\"prob_up\": 52, \"risk\": \"the key {key}\"}}}}}}, \"years\": \"'\nprintf '{escaped}'\nprintf '\"}}'\n"
        ),
    )
    .unwrap();
    for (name, script) in [("deaf", &deaf), ("thief", &thief)] {
        c += &format!(
            "[[seat]]\nname = \"{name}\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"{}\"]\ntimeout_seconds = 1\nretries = 0\n\n",
            script.display()
        );
    }
    for r in ["coin", "momentum", "climatology"] {
        c += &format!("[[seat]]\nname = \"{r}\"\nadapter = \"{r}\"\n\n");
    }
    c
}

// ---- prices ---------------------------------------------------------------------------------

/// Minute bars of every market, its trading track's fund and the 13-week bill rate, on every
/// day from the Thursday before the month to the Friday after it, at 09:15-09:45 and
/// 15:50-16:05 New York time (what the snapshot, the reference and the close read).
fn prices_csv() -> String {
    let protocol = sealbook_core::arena::league::league_protocol();
    let fund_of = |m: &str| {
        protocol
            .versions
            .iter()
            .flat_map(|r| &r.funds)
            .find(|f| f.market == m)
            .map(|f| f.symbol.clone())
    };
    let mut spans = Vec::new();
    let mut d = date((2026, 10, 29));
    while d <= date((2026, 12, 4)) {
        for ((h0, m0), (h1, m1)) in [((9, 15), (9, 45)), ((15, 50), (16, 5))] {
            let s = |h, m| new_york_time(d, h, m).0 / 1_000_000;
            spans.push((s(h0, m0), s(h1, m1)));
        }
        d = d.add_days(1);
    }
    let mut out = String::from("symbol,time,open,high,low,close,volume\n");
    for (i, m) in MARKETS.iter().chain(&["^IRX"]).enumerate() {
        let base = 50.0 + 25.0 * i as f64;
        let symbols: Vec<String> = std::iter::once(m.to_string()).chain(fund_of(m)).collect();
        let mut k = 0usize;
        for &(from, to) in &spans {
            for t in (from..to).step_by(60) {
                k += 1;
                // A wave of about a day and a half, so the month has ups and downs.
                let wave = ((k % 90) as f64 - 45.0).abs() / 45.0 - 0.5;
                let mut c = base * (1.0 + 0.02 * wave * if i % 2 == 0 { 1.0 } else { -1.0 });
                if *m == "^IRX" {
                    c = 3.9 + 0.001 * (k % 7) as f64;
                }
                let time = sealbook_core::prices::rfc3339(t);
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

// ---- anchors --------------------------------------------------------------------------------

/// A calendar on 127.0.0.1 answering `POST /digest` with the recorded calendar answer, every
/// upgrade request as pending.
fn calendar() -> String {
    let recorded = std::fs::read(
        sealbook_tests::vectors_dir()
            .join("ots-calendar/DERIVED_calendar_POST_digest_response_body.bin"),
    )
    .unwrap();
    fake_http::start(move |_, r| {
        if r.method == "POST" && r.path == "/digest" {
            Answer::new(200, "application/octet-stream", recorded.clone())
        } else {
            Answer::new(
                404,
                "text/plain",
                b"Pending confirmation in Bitcoin blockchain".to_vec(),
            )
        }
    })
    .url
}

/// A local `openssl ts -reply` authority over the test PKI; its URL and its directory.
fn authority() -> (String, TempDir) {
    let d = TempDir::new("soakmonth");
    let tsas = make_pki(&d);
    d.write("tsaserial", "01\n");
    let mut cnf = String::from_utf8(d.read("openssl.cnf")).unwrap();
    let rsa = tsas.iter().find(|t| t.name == "tsa_inter").unwrap();
    let section = tsa_section(&mut cnf, rsa, "sha256", "sha256", 1);
    d.write("openssl.cnf", &cnf);
    let url = common::fake_tsa::start_tsa(d.0.clone());
    (format!("{url}/ok/{section}"), d)
}

// ---- the server and the book ----------------------------------------------------------------

/// `sealbook serve --league dir --at at --speed SPEED`, the keys in its environment, its
/// stderr going to `log`.
fn start(dir: &Path, log: &Path, at: &str) -> Server {
    let mut c = Command::new(bin());
    c.args(["serve", "--addr", "127.0.0.1:0", "--league", arg(dir)])
        .args([
            "--at",
            at,
            "--speed",
            &SPEED.to_string(),
            "--stop-grace",
            "5",
        ])
        .env_remove("SEALBOOK_LOG_FORMAT")
        .stderr(std::fs::File::create(log).unwrap());
    for (k, v) in KEYS {
        c.env(k, v);
    }
    common::serve::start(c, Some(log.to_path_buf()))
}

/// `sealbook` with the keys in its environment: exit code, stdout, stderr.
fn sealbook(args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new(bin());
    c.args(args);
    for (k, v) in KEYS {
        c.env(k, v);
    }
    let o = c.output().unwrap();
    (
        o.status.code().expect("sealbook exited by a signal"),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// GET `target`: status and body.
fn get(s: &Server, target: &str) -> (u16, String) {
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        c,
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut raw = Vec::new();
    c.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a complete head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

fn healthz(s: &Server) -> serde_json::Value {
    serde_json::from_str(&get(s, "/healthz").1).unwrap()
}

/// SIGTERM, then the exit code and the log (waited for at most a minute).
fn terminate(mut s: Server) -> (i32, String) {
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    for _ in 0..600 {
        if let Some(status) = s.child.try_wait().unwrap() {
            let log = std::fs::read_to_string(s.log.as_ref().unwrap()).unwrap();
            return (status.code().expect("exited, not killed"), log);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("serve did not stop within a minute of SIGTERM");
}

/// The book's lines as JSON objects.
fn book_lines(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read(dir.join("council-book.jsonl"))
        .unwrap_or_default()
        .split(|b| *b == b'\n')
        .filter_map(|l| serde_json::from_slice(l).ok())
        .collect()
}

/// The latest time any line of the book or the ask chain states (`at`, `booked_at`).
fn last_sealed(dir: &Path) -> Instant {
    let mut last = Instant(0);
    for file in ["council-book.jsonl", "asks.jsonl"] {
        for line in std::fs::read(dir.join(file))
            .unwrap()
            .split(|b| *b == b'\n')
        {
            let Ok(v) = serde_json::from_slice::<serde_json::Value>(line) else {
                continue;
            };
            for k in ["at", "booked_at"] {
                if let Some(t) = v[k].as_str().and_then(Instant::parse_rfc3339) {
                    last = last.max(t);
                }
            }
        }
    }
    last
}

/// The whole second a minute after `t`.
fn a_minute_after(t: Instant) -> Instant {
    Instant((t.0.div_euclid(1_000_000) + 61) * 1_000_000)
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn a_hostile_month_under_serve_league() {
    let started = std::time::Instant::now();
    // SEALBOOK_SOAK_KEEP=1 keeps the month's directory (league, logs) for a look afterwards.
    let tmp = tempfile::Builder::new()
        .prefix("soak-month")
        .disable_cleanup(std::env::var_os("SEALBOOK_SOAK_KEEP").is_some())
        .tempdir()
        .unwrap();
    eprintln!("the month's directory: {}", tmp.path().display());
    let (tsa_url, pki) = authority();
    let config = format!(
        "[league]\nname = \"a hostile month\"\nmethodology_version = \"m-1\"\n\n{}\
         [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
         [anchors]\nots_calendars = [\"{}\", \"{}\", \"{}\"]\n\
         tsa = [{{ name = \"local\", url = \"{tsa_url}\" }}]\nrekor_url = \"\"\n\
         timeout_seconds = 1\nretries = 0\n",
        seats(tmp.path()),
        calendar(),
        down(),
        hanging(),
    );
    let config_path = tmp.path().join("league.toml");
    std::fs::write(&config_path, config).unwrap();
    let dir = tmp.path().join("league");
    let first = date(FIRST);
    let (prices, at) = (prices_csv(), new_york_time(first, 0, 0).to_rfc3339());
    let how = LeagueInit {
        at: Some(&at),
        offline: true,
        files: &[("prices.csv", &prices)],
        env: &KEYS,
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, &config_path, &how);
    assert_eq!(code, 0, "{out}{err}");
    // What an operator leaves in the league's directory and must never be served: a private
    // key, a copy of the experiment's database, a link to the config under a public name.
    std::fs::write(
        dir.join("operator-key.pem"),
        "-----BEGIN PRIVATE KEY-----\nnot served\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();

    // The month's first half, killed by SIGKILL in the middle of a morning run.
    let log1 = tmp.path().join("stderr-1.log");
    let mut s = start(&dir, &log1, &new_york_time(first, 8, 25).to_rfc3339());
    let killed_run = format!("{}-am", date(KILLED));
    let in_run = |dir: &Path| {
        book_lines(dir)
            .iter()
            .any(|l| l["kind"] == "run" && l["run_id"] == killed_run.as_str())
    };
    let mut found = false;
    for _ in 0..6000 {
        if in_run(&dir) {
            found = true;
            break;
        }
        if let Some(status) = s.child.try_wait().unwrap() {
            panic!(
                "serve exited ({status:?}):\n{}",
                std::fs::read_to_string(&log1).unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    assert!(found, "the run {killed_run} never started");
    s.child.kill().unwrap(); // SIGKILL
    s.child.wait().unwrap();
    drop(s);
    let log_first = std::fs::read_to_string(&log1).unwrap();
    let book_before = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks_before = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let answered_before: BTreeSet<String> = book_lines(&dir)
        .iter()
        .filter(|l| l["run_id"] == killed_run.as_str() && l["kind"] == "answer")
        .map(|l| l["seat"].as_str().unwrap().to_string())
        .collect();
    std::fs::copy(
        dir.join("experiment.sqlite"),
        dir.join("experiment-copy.db"),
    )
    .unwrap();
    std::os::unix::fs::symlink(dir.join("league.toml"), dir.join("council-notes.json")).unwrap();

    // The second half, from a minute after the last sealed line: the interrupted run is
    // finished (before its deadline) or closed (after it).
    let restart = a_minute_after(last_sealed(&dir));
    let log2 = tmp.path().join("stderr-2.log");
    let mut s = start(&dir, &log2, &restart.to_rfc3339());
    let last = date(LAST);
    // The close's score of the last session is at 16:10 ET, then published.
    let scored_last = new_york_time(last, 16, 9).to_rfc3339();
    let mut h = healthz(&s);
    for _ in 0..2400 {
        h = healthz(&s);
        if h["next_due"]
            .as_str()
            .is_some_and(|n| n > scored_last.as_str())
        {
            break;
        }
        if let Some(status) = s.child.try_wait().unwrap() {
            panic!(
                "serve exited ({status:?}):\n{}",
                std::fs::read_to_string(&log2).unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(h["scheduler"], "running", "{h}");
    assert!(
        h["next_due"]
            .as_str()
            .is_some_and(|n| n > scored_last.as_str()),
        "the schedule never got past the last session's score: {h}"
    );
    assert_eq!(h["jobs"]["publish"]["outcome"], "ok", "{h}");
    let runs_missed_served: Vec<String> = h["runs_missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let (_, metrics) = get(&s, "/metrics");
    let missed_metric = metrics
        .lines()
        .find(|l| l.starts_with("sealbook_runs_missed_total"))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no sealbook_runs_missed_total:\n{metrics}"));
    assert_eq!(
        missed_metric,
        runs_missed_served.len() as f64,
        "{h}\n{metrics}"
    );
    // The published set is served; the operator's files never are.
    assert_eq!(get(&s, "/data/manifest.json").0, 200);
    assert_eq!(get(&s, "/data/council-book.jsonl").0, 200);
    for p in [
        "/data/league.toml",
        "/data/operator-key.pem",
        "/data/experiment.sqlite",
        "/data/experiment-copy.db",
        "/data/council-notes.json",
        "/data/prices.csv",
        "/data/council-book.jsonl.lock",
    ] {
        let (status, body) = get(&s, p);
        assert_eq!(status, 404, "{p}: {body}");
    }
    let (code, log_second) = terminate(s);
    assert_eq!(code, 0, "a clean stop on SIGTERM\n{log_second}");
    let logs = format!("{log_first}{log_second}");
    assert!(!logs.contains("panicked"), "{logs}");
    assert!(
        log_second.contains("resuming the run an earlier process left unfinished")
            || book_lines(&dir).iter().any(|l| l["kind"] == "no_answer"
                && l["run_id"] == killed_run.as_str()
                && !answered_before.contains(l["seat"].as_str().unwrap())),
        "the interrupted run was neither finished nor closed:\n{log_second}"
    );

    // Nothing sealed before the kill was rewritten.
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    assert_eq!(&book[..book_before.len()], &book_before[..]);
    assert_eq!(&asks[..asks_before.len()], &asks_before[..]);

    // Every session of the month: its morning run is in the book, or reported missed by the
    // league's status and (after the restart) by /healthz, and logged.
    let end = a_minute_after(last_sealed(&dir)).to_rfc3339();
    let d = arg(&dir);
    let (code, out, err) = sealbook(&["league", "status", d, "--at", &end, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let status: serde_json::Value = serde_json::from_str(&out).unwrap();
    let missed: BTreeSet<String> = status["runs_missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let lines = BookLines::parse(&book).unwrap();
    let ran: BTreeSet<String> = lines.runs.iter().filter_map(|r| r.run_id.clone()).collect();
    let mut sessions = Vec::new();
    let mut day = first;
    while day <= last {
        if is_session(day).unwrap() {
            sessions.push(format!("{day}-am"));
        }
        day = day.add_days(1);
    }
    for run in &sessions {
        assert!(
            ran.contains(run) != missed.contains(run),
            "{run}: ran {} and missed {}\n{status}",
            ran.contains(run),
            missed.contains(run)
        );
        if missed.contains(run) {
            assert!(
                logs.lines()
                    .any(|l| l.contains("run missed") && l.contains(run.as_str())),
                "{run} missed without a log line"
            );
        }
    }
    for run in &runs_missed_served {
        assert!(
            missed.contains(run),
            "{run}: /healthz says missed: {status}"
        );
    }
    assert!(ran.contains(&killed_run));
    // No seat was asked twice in a run, the interrupted one included.
    let chain = sealbook_core::records::ask_chain::AskChain::parse(&asks).unwrap();
    let mut asked: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (_, a) in &chain.asks {
        if let Some(seat) = &a.seat {
            *asked.entry((a.run_id.clone(), seat.clone())).or_default() += 1;
        }
    }
    assert!(asked.values().all(|n| *n == 1), "{asked:?}");
    // Every run is closed: each seat asked has its answer or its no_answer.
    for r in status["runs"].as_array().unwrap() {
        assert_eq!(r["pending"], serde_json::json!([]), "{r}");
    }
    let asked_per_run: BTreeMap<String, usize> = status["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["run_id"].as_str().unwrap().to_string(),
                r["asked"].as_array().unwrap().len(),
            )
        })
        .collect();
    let roster = std::fs::read_to_string(&config_path)
        .unwrap()
        .matches("[[seat]]")
        .count();
    assert!(
        asked_per_run.values().all(|n| *n == roster),
        "{roster} seats: {asked_per_run:?}"
    );

    // The league publishes, scores, verifies and passes its own checker.
    let (code, out, err) = sealbook(&[
        "league",
        "score",
        d,
        "--session",
        &last.to_string(),
        "--at",
        &end,
        "--json",
    ]);
    assert_eq!(code, 0, "league score: {out}{err}");
    let (code, out, err) = sealbook(&["league", "publish", d, "--json"]);
    assert_eq!(code, 0, "league publish: {out}{err}");
    for ledger in ["council-book.jsonl", "asks.jsonl"] {
        let (code, out, err) = sealbook(&["verify", arg(&dir.join(ledger)), "--json"]);
        assert_eq!(code, 0, "verify {ledger}: {out}{err}");
    }
    let (code, out, err) = sealbook(&[
        "verify",
        d,
        "--answers",
        "--ca",
        arg(&pki.path("rootA.pem")),
        "--json",
    ]);
    assert_eq!(code, 0, "verify --answers: {out}{err}");
    let (code, out, err) = sealbook(&[
        "score",
        "--book",
        arg(&dir.join("council-book.jsonl")),
        "--asks",
        arg(&dir.join("asks.jsonl")),
        "--json",
    ]);
    assert_eq!(code, 0, "score --book: {out}{err}");
    let (code, out, err) = sealbook(&["conformance", arg(&dir.join("council-forecasts.csv"))]);
    assert_eq!(code, 0, "conformance: {out}{err}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    assert!(!lines.scores.is_empty(), "no score line");

    // No configured key in any file of the league or any log line.
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for (_, key) in KEYS {
            assert!(!contains(&bytes, key), "a key is in {}", f.display());
        }
    }
    for (_, key) in KEYS {
        assert!(!logs.contains(key), "a key is in the log");
    }
    let redacted = book_lines(&dir)
        .iter()
        .filter(|l| l["seat"] == "thief" && l["redacted"] == true)
        .count();
    assert!(redacted > 0, "the thief's answers are not marked redacted");

    let late = logs.matches("fell behind").count();
    println!(
        "a hostile month: {late} fell-behind warnings, {} sessions, {} runs in the book, {} missed ({:?}), {} book lines, {} score lines; {:.0} s wall",
        sessions.len(),
        ran.len(),
        missed.len(),
        missed,
        lines.kinds.len(),
        lines.scores.len(),
        started.elapsed().as_secs_f64()
    );
}
