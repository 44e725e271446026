//! `sealbook serve --league` over real sockets on 127.0.0.1: the scheduler runs a league day on
//! a set clock at high speed (the morning run against a fake OpenAI endpoint and a failing
//! one, the deadline, the stamps at a fake OpenTimestamps calendar answering with the recorded
//! reply of `../shared/vectors/ots-calendar`, the upgrades, the close's score), `/metrics` is
//! read by Python's `prometheus_client` parser and agrees with the book and the proof folder,
//! `/healthz` reports each job and the next due instant, every stderr line of
//! `--log-format json` is read by Python's `json` module, no API key appears in any log or
//! file, and SIGTERM stops the server cleanly (exit 0). A run that cannot be carried out and a
//! calendar that is down make `/healthz` answer 503. Every wait is bounded.

use super::common;

use common::fake_http::Answer;
use common::fake_yahoo::{self, ChartQuery};
use common::serve::Server;
use common::{arg, bin, sealbook, unix, LeagueInit, MARKETS};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::records::book_lines::BookLines;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A distinctive fake key: it must appear nowhere but in the requests to the endpoints.
const KEY: &str = "sk-FAKE-observe-7c1d93e0a5b2";
const KEY_ENV: &str = "SB_TEST_OBSERVE_KEY";

/// A fake chat completions endpoint answering every request with `status` and `body(key)`,
/// the key being what the request carried (a failing provider echoes it, as real ones do).
fn endpoint(status: u16, body: impl Fn(&str) -> String + Send + Sync + 'static) -> String {
    common::fake_http::start(move |r| {
        let key = r.authorization.unwrap_or_default();
        let b = body(key.trim_start_matches("Bearer "));
        Answer::new(status, "application/json", b.into_bytes())
    })
}

fn good_answer() -> String {
    let mut items = serde_json::Map::new();
    for (i, m) in MARKETS.iter().enumerate() {
        items.insert(
            m.to_string(),
            serde_json::json!({"1d": {"prob_up": 30 + i * 3, "action": "hold"}}),
        );
    }
    let text = format!("```json\n{}\n```", serde_json::json!({"items": items}));
    serde_json::json!({"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-test-2026",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": text}}]})
    .to_string()
}

/// Minute bars of `market` from the session before's reference to after the close: (start in
/// Unix seconds, price).
fn bars(market: &str) -> Vec<(i64, f64)> {
    let Some(i) = MARKETS.iter().position(|m| *m == market) else {
        return Vec::new();
    };
    fake_yahoo::rising_bars(
        50.0 + 25.0 * i as f64,
        "2026-10-20T13:30:00Z",
        "2026-10-21T20:05:00Z",
    )
}

/// The bars of [`bars`] as the CSV provider reads them.
fn prices_csv() -> String {
    let mut out = String::from("symbol,time,open,high,low,close,volume\n");
    for m in MARKETS {
        for (s, c) in bars(m) {
            out.push_str(&format!(
                "{m},{},{c:.4},{c:.4},{c:.4},{c:.4},100\n",
                sealbook_core::prices::rfc3339(s)
            ));
        }
    }
    out
}

/// A fake Yahoo chart v8 server: `GET /v8/finance/chart/<code>?interval=1m&period1=&period2=`
/// answers the chart of [`bars`] in [period1, period2) with the asset code as its symbol (a
/// daily request gets no bars: the snapshot's range then comes from the minutes). While `down`
/// holds, a request for a window ending after 16:00 ET of 2026-10-21 (the close's prices) gets
/// Yahoo's answer when it has no data: 404 with a chart error.
fn yahoo(down: Arc<AtomicBool>) -> String {
    yahoo_slow(down, Duration::ZERO)
}

/// [`yahoo`], every answer `delay` late.
fn yahoo_slow(down: Arc<AtomicBool>, delay: Duration) -> String {
    common::fake_http::start(move |r| Answer {
        delay,
        ..yahoo_answer(&down, r)
    })
}

/// The answer of [`yahoo`] to `r`.
fn yahoo_answer(down: &AtomicBool, r: common::fake_http::Request) -> Answer {
    let q = ChartQuery::of(&r);
    if down.load(Ordering::SeqCst) && q.period2 > unix("2026-10-21T20:00:00Z") {
        return fake_yahoo::no_data();
    }
    q.chart(&bars(&q.symbol))
}

/// A fake OpenTimestamps calendar: `POST /digest` gets the recorded pending answer, anything
/// else 404 (nothing to upgrade yet).
fn calendar() -> String {
    let recorded = std::fs::read(
        sealbook_tests::vectors_dir()
            .join("ots-calendar/DERIVED_calendar_POST_digest_response_body.bin"),
    )
    .unwrap();
    common::fake_http::start(move |r| {
        if r.method == "POST" && r.path == "/digest" {
            Answer::new(200, "application/octet-stream", recorded.clone())
        } else {
            Answer::new(
                404,
                "application/octet-stream",
                b"Pending confirmation in Bitcoin blockchain".to_vec(),
            )
        }
    })
}

/// A URL where nothing listens.
fn down() -> String {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", l.local_addr().unwrap())
}

/// The `[prices]` of the recorded price file beside the league.
const CSV_PRICES: &str = "[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n";

fn config(good: &str, failing: &str, calendar: &str, prices: &str) -> String {
    let seat = |name: &str, url: &str| {
        format!("[[seat]]\nname = \"{name}\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-test\"\napi_key_env = \"{KEY_ENV}\"\nfamily = \"lab-a\"\ntimeout_seconds = 10\nretries = 0\n\n")
    };
    format!(
        "[league]\nname = \"observed \\\"league\\\"\"\nmethodology_version = \"m-1\"\n\n{}{}[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n[anchors]\nots_calendars = [\"{calendar}\"]\ntsa = []\nrekor_url = \"\"\nretries = 0\ntimeout_seconds = 5\n\n{prices}",
        seat("gpt", good),
        seat("gpt_failing", failing)
    )
}

/// A league made with `league init` at 00:00 ET of 2026-10-21, its prices beside it.
fn league(tmp: &Path, calendar: &str) -> PathBuf {
    league_with(tmp, calendar, CSV_PRICES)
}

/// [`league`] with other `[prices]`.
fn league_with(tmp: &Path, calendar: &str, prices: &str) -> PathBuf {
    let good = endpoint(200, |_| good_answer());
    let failing = endpoint(500, |key| {
        format!(
            r#"{{"error": {{"message": "internal error for key {key}", "type": "server_error"}}}}"#
        )
    });
    let config_path = tmp.join("league.toml");
    std::fs::write(&config_path, config(&good, &failing, calendar, prices)).unwrap();
    init(tmp, &config_path)
}

/// `league init` of the config at `config_path` into `tmp/league` at 00:00 ET of the session,
/// the prices file put in it first and the key set (the calendars of some tests hang or are
/// down on purpose, so the pre-flight does not ask the endpoints).
fn init(tmp: &Path, config_path: &Path) -> PathBuf {
    let dir = tmp.join("league");
    let prices = prices_csv();
    let how = LeagueInit {
        at: Some("2026-10-21T04:00:00Z"),
        offline: true,
        files: &[("prices.csv", &prices)],
        env: &[(KEY_ENV, KEY)],
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, config_path, &how);
    assert_eq!(code, 0, "{out}{err}");
    dir
}

/// A running `sealbook serve --league`, its stderr going to the file `stderr`.
fn start(dir: &Path, stderr: &Path, args: &[&str]) -> Server {
    let mut command = Command::new(bin());
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--league", arg(dir)])
        .args(args)
        .env(KEY_ENV, KEY)
        .env_remove("SEALBOOK_LOG_FORMAT")
        .stderr(std::fs::File::create(stderr).unwrap());
    common::serve::start(command, Some(stderr.to_path_buf()))
}

/// GET `target`: status, headers (lower-cased names) and body.
fn get(s: &Server, target: &str) -> (u16, Vec<(String, String)>, String) {
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        c,
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut raw = String::new();
    c.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a complete head");
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    (status.parse().unwrap(), headers, body.to_string())
}

fn header<'a>(h: &'a [(String, String)], name: &str) -> Option<&'a str> {
    h.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// `/healthz` until `done` holds, polled at most `tries` times.
fn health_until(
    s: &Server,
    tries: usize,
    done: impl Fn(&serde_json::Value) -> bool,
) -> (u16, serde_json::Value) {
    let mut last = None;
    for _ in 0..tries {
        let (status, _, body) = get(s, "/healthz");
        let doc: serde_json::Value = serde_json::from_str(&body).unwrap();
        if done(&doc) {
            return (status, doc);
        }
        last = Some(doc);
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("/healthz never got there: {last:?}");
}

/// SIGTERM, then the exit code (waited for a bounded time).
fn terminate(mut s: Server) -> (i32, String) {
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    for _ in 0..300 {
        if let Some(status) = s.child.try_wait().unwrap() {
            let log = std::fs::read_to_string(s.log.as_ref().unwrap()).unwrap();
            return (status.code().expect("exited, not killed"), log);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("serve did not stop within 30 s of SIGTERM");
}

/// The samples of a Prometheus text exposition as Python's `prometheus_client` reads them:
/// (name, labels, value).
fn prometheus_samples(text: &str) -> Vec<(String, serde_json::Value, f64)> {
    let script = "import json, sys\nfrom prometheus_client.parser import text_string_to_metric_families as parse\nprint(json.dumps([[s.name, s.labels, s.value] for f in parse(sys.stdin.read()) for s in f.samples]))\n";
    let out = sealbook_tests::peer_output(
        sealbook_tests::python_inline(script),
        text.as_bytes(),
        "prometheus_client (pip install prometheus_client into the test venv)",
    );
    serde_json::from_slice(&out).unwrap()
}

fn sample(samples: &[(String, serde_json::Value, f64)], name: &str, label: (&str, &str)) -> f64 {
    let hits: Vec<_> = samples
        .iter()
        .filter(|(n, l, _)| n == name && (label.0.is_empty() || l[label.0] == label.1))
        .collect();
    assert_eq!(hits.len(), 1, "{name} {label:?}: {samples:?}");
    hits[0].2
}

/// Every line of a JSON log as Python's `json` module reads it, one object a line.
fn python_json_lines(log: &str) -> Vec<serde_json::Value> {
    let script = "import json, sys\nout = []\nfor line in sys.stdin:\n    doc = json.loads(line)\n    assert isinstance(doc, dict), line\n    out.append(doc)\nprint(json.dumps(out))\n";
    let out = sealbook_tests::peer_output(
        sealbook_tests::python_inline(script),
        log.as_bytes(),
        &format!("reading the log with Python's json\n{log}\n"),
    );
    serde_json::from_slice(&out).unwrap()
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

#[test]
fn a_league_day_on_a_fast_clock_with_health_metrics_and_json_logs() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = calendar();
    let dir = league(tmp.path(), &cal);
    // One real second is 50 minutes of the league's day: 08:29 ET to the 16:10 ET score in
    // about ten seconds.
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &[
            "--at",
            "2026-10-21T12:29:00Z",
            "--speed",
            "3000",
            "--log-format",
            "json",
        ],
    );

    // Every score due at the close (the session's and the recorded fund prices) has run once
    // the next due job lies after 20:10 UTC; a snapshot between two of them is not the end.
    // The score lines are stamped on arrival, seconds later: done once a stamp job is
    // recorded after the score and no anchoring job is pending.
    let (_, h) = health_until(&s, 600, |h| {
        !h["jobs"]["score"].is_null()
            && h["next_due"]
                .as_str()
                .is_some_and(|n| n > "2026-10-21T20:10:00Z")
            && h["jobs"]["stamp"]["at"].as_str() > h["jobs"]["score"]["at"].as_str()
            && h["anchor_jobs_pending"] == 0
    });
    assert_eq!(h["league"], "observed \"league\"");
    assert_eq!(h["clock_set"], true);
    assert_eq!(h["scheduler"], "running");
    for kind in ["run", "close", "stamp", "upgrade", "score"] {
        assert_eq!(h["jobs"][kind]["outcome"], "ok", "{kind}: {h}");
    }
    // Asked at 08:30 ET (give or take the few milliseconds a poll takes, times 3000).
    let run_at = h["jobs"]["run"]["at"].as_str().unwrap();
    assert!(run_at.starts_with("2026-10-21T12:3"), "{h}");
    assert!(
        h["next_due"].as_str().unwrap() > "2026-10-21T20:10:00Z",
        "the next job lies after the score: {h}"
    );
    assert_eq!(h["next"]["at"], h["next_due"], "{h}");
    assert!(
        ["run", "close", "stamp", "score", "upgrade", "publish"]
            .contains(&h["next"]["job"].as_str().unwrap()),
        "{h}"
    );
    let (status, headers, _) = get(&s, "/healthz");
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    assert_eq!(header(&headers, "cache-control"), Some("no-store"));
    assert_eq!(header(&headers, "x-content-type-options"), Some("nosniff"));
    assert!(header(&headers, "content-security-policy").is_some());

    // /metrics as the Prometheus peer reads it, against the book.
    let (status, headers, text) = get(&s, "/metrics");
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let m = prometheus_samples(&text);
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    for seat in ["gpt", "coin"] {
        let sealed = lines
            .answers
            .values()
            .filter(|a| a.seat.as_deref() == Some(seat))
            .count();
        assert_eq!(sealed, 1, "{seat}");
        assert_eq!(
            sample(&m, "sealbook_answers_sealed_total", ("seat", seat)),
            sealed as f64
        );
    }
    assert_eq!(
        sample(
            &m,
            "sealbook_seat_ask_failures_total",
            ("seat", "gpt_failing")
        ),
        1.0
    );
    assert_eq!(
        sample(&m, "sealbook_seat_ask_failures_total", ("seat", "gpt")),
        0.0
    );
    assert_eq!(
        sample(&m, "sealbook_seat_ask_seconds_count", ("seat", "gpt")),
        1.0
    );
    for kind in ["run", "close", "score"] {
        assert_eq!(sample(&m, "sealbook_jobs_total", ("kind", kind)), 1.0);
        assert_eq!(
            sample(&m, "sealbook_jobs_failed_total", ("kind", kind)),
            0.0
        );
    }
    // The proof folder: every list's .ots pending at the calendar, each anchor recorded.
    let mut files = Vec::new();
    files_under(&dir.join("proof"), &mut files);
    let name = |p: &PathBuf| p.file_name().unwrap().to_str().unwrap().to_string();
    let proofs = files
        .iter()
        .filter(|p| name(p).ends_with(".txt.ots"))
        .count();
    assert!(proofs >= 1, "{files:?}");
    assert_eq!(
        sample(&m, "sealbook_stamps_pending", ("", "")),
        proofs as f64,
        "{files:?} {h}"
    );
    // A stamp with no ledger grown since the last list writes none.
    let lists = files.iter().filter(|p| name(p).ends_with("Z.txt")).count();
    assert!(sample(&m, "sealbook_jobs_total", ("kind", "stamp")) >= lists as f64);
    assert_eq!(
        sample(&m, "sealbook_jobs_failed_total", ("kind", "stamp")),
        0.0
    );
    let last_anchor = files
        .iter()
        .filter(|p| name(p).ends_with(".anchors.json"))
        .flat_map(|p| {
            let r: serde_json::Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
            r["anchors"].as_array().unwrap().clone()
        })
        .filter(|a| a["ok"] == true && a["authority"] == cal.as_str())
        .map(|a| {
            sealbook_core::calendar::Instant::parse_rfc3339(a["at"].as_str().unwrap())
                .unwrap()
                .0 as f64
                / 1e6
        })
        .fold(f64::MIN, f64::max);
    assert_eq!(
        sample(
            &m,
            "sealbook_last_anchor_timestamp_seconds",
            ("authority", &cal)
        ),
        last_anchor
    );
    assert_eq!(lines.scores.len(), 1, "the day's score line");
    assert!(verify(&book, VerifyOptions::default()).ok);

    let (code, log) = terminate(s);
    assert_eq!(code, 0, "a clean stop on SIGTERM\n{log}");

    // Every stderr line is a JSON object; one line per job, the asks per seat.
    let docs = python_json_lines(&log);
    let jobs: Vec<_> = docs.iter().filter(|d| d["message"] == "job").collect();
    let of_kind = |k: &str| jobs.iter().filter(|d| d["kind"] == k).collect::<Vec<_>>();
    assert_eq!(of_kind("run").len(), 1);
    assert_eq!(of_kind("run")[0]["run_id"], "2026-10-21-am");
    assert_eq!(of_kind("run")[0]["outcome"], "ok");
    let asks = of_kind("ask");
    assert_eq!(asks.len(), 2, "{asks:?}");
    let failed = asks.iter().find(|d| d["seat"] == "gpt_failing").unwrap();
    assert_eq!(failed["outcome"], "failed");
    assert!(
        failed["error"].as_str().unwrap().contains("500")
            || failed["error"].as_str().unwrap().contains("server_error"),
        "{failed}"
    );
    assert!(asks.iter().all(|d| d["duration_ms"].is_u64()));
    assert_eq!(of_kind("score")[0]["horizon"], "1d");
    let stamps = of_kind("stamp");
    assert_eq!(
        stamps
            .iter()
            .filter(|d| d["detail"].as_str().unwrap().starts_with("wrote proof/"))
            .count(),
        lists,
        "{stamps:?}"
    );
    assert!(stamps.iter().all(|d| d["outcome"] == "ok"));
    assert!(of_kind("upgrade").iter().all(|d| d["outcome"] == "ok"));
    assert!(docs.iter().any(|d| d["message"] == "scheduler stopped"));
    assert!(docs
        .iter()
        .all(|d| d["level"].is_string() && d["timestamp"].is_string()));

    // The key: in no log line, no file of the league.
    assert!(!log.contains(KEY), "the API key reached the log");
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        assert!(
            !bytes.windows(KEY.len()).any(|w| w == KEY.as_bytes()),
            "the API key is in {}",
            f.display()
        );
    }
}

/// The close's prices are not served at first: the score fails, `/healthz` answers 503 and
/// names the score as the next job, and the scheduler asks again after its backoff (no
/// restart) until the source recovers; the score line is then sealed and published: the
/// served `manifest.json` lists the book with the SHA-256 of the book on disk.
#[test]
fn a_failed_score_is_retried_until_it_succeeds_then_published() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = calendar();
    let down = Arc::new(AtomicBool::new(true));
    let prices = format!(
        "[prices]\nprovider = \"yahoo\"\nbase_url = \"{}\"\nsymbols = {{ {} }}\n",
        yahoo(down.clone()),
        MARKETS
            .iter()
            .map(|m| format!("{m} = \"{m}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let dir = league_with(tmp.path(), &cal, &prices);
    // One real second is about 17 minutes of the league's day: the morning run, then the
    // close. The run's hour before the reference is 3.6 real seconds, so that a loaded machine
    // starting the server late does not miss the only run whose prices the source holds.
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:29:00Z", "--speed", "1000"],
    );
    let (status, h) = health_until(&s, 900, |h| h["jobs"]["score"]["outcome"] == "failed");
    assert_eq!(status, 503, "{h}");
    assert!(h["problems"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("the last score failed")));
    // The provider answers for the 10-year yield, whose one-day window ends 15:00 ET (Table
    // 1), but for none of the eleven markets whose windows end at 16:00 ET: the attempt fails
    // naming them, and no line missing them is sealed.
    let error = h["jobs"]["score"]["error"].as_str().unwrap();
    assert!(
        error.contains("the price provider gave no bars for 11 market(s)"),
        "{h}"
    );
    assert!(error.contains("SPX") && !error.contains("TNX"), "{error}");
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    assert!(
        BookLines::parse(&book).unwrap().scores.is_empty(),
        "no score line is sealed while the provider fails"
    );
    assert!(
        !dir.join("manifest.json").exists(),
        "nothing to publish yet"
    );
    // Nothing is served before the first publish, the operator's config never.
    for p in ["/data/league.toml", "/data/council-book.jsonl"] {
        assert_eq!(get(&s, p).0, 404, "{p}");
    }
    // Asked again without a restart: the next job is the score, a minute or more later.
    let (_, h) = health_until(&s, 300, |h| {
        h["next"]["job"] == "score" && h["jobs"]["score"]["outcome"] == "failed"
    });
    assert!(h["next"]["at"].as_str().unwrap() > h["jobs"]["score"]["at"].as_str().unwrap());
    let (_, _, text) = get(&s, "/metrics");
    let failed_before = sample(
        &prometheus_samples(&text),
        "sealbook_jobs_failed_total",
        ("kind", "score"),
    );
    assert!(failed_before >= 1.0);
    down.store(false, Ordering::SeqCst);
    let (status, h) = health_until(&s, 600, |h| {
        h["jobs"]["score"]["outcome"] == "ok" && h["jobs"]["publish"]["outcome"] == "ok"
    });
    assert_eq!(status, 200, "{h}");
    let (_, _, text) = get(&s, "/metrics");
    let m = prometheus_samples(&text);
    let failed = sample(&m, "sealbook_jobs_failed_total", ("kind", "score"));
    assert!(failed >= failed_before);
    assert_eq!(
        sample(&m, "sealbook_jobs_total", ("kind", "score")),
        failed + 1.0,
        "every failure, then the one that sealed the line"
    );
    assert_eq!(
        sample(&m, "sealbook_jobs_failed_total", ("kind", "publish")),
        0.0
    );

    // The served manifest lists the book as it was when published (the book only grows).
    let (status, _, body) = get(&s, "/data/manifest.json");
    assert_eq!(status, 200);
    // The operator's config (its seats' endpoints, key variable names, database URL) and the
    // price file beside the league are not published.
    for p in ["/data/league.toml", "/data/prices.csv"] {
        let (status, _, body) = get(&s, p);
        assert_eq!(status, 404, "{p}: {body}");
    }
    let (_, _, listing) = get(&s, "/data/");
    assert!(
        listing.contains("council-book.jsonl")
            && !listing.contains("league.toml")
            && !listing.contains("prices.csv"),
        "{listing}"
    );
    let manifest: serde_json::Value = serde_json::from_str(&body).unwrap();
    let listed = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == "council-book.jsonl")
        .unwrap_or_else(|| panic!("the book is not listed: {manifest}"));
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let published = &book[..listed["bytes"].as_u64().unwrap() as usize];
    assert_eq!(listed["sha256"], sealbook_core::hex::sha256_hex(published));
    let lines = BookLines::parse(published).unwrap();
    assert_eq!(lines.scores.len(), 1, "the day's score line is published");
    assert_eq!(
        lines.scores[0].results.len(),
        MARKETS.len(),
        "every market is priced once the provider answers"
    );
    assert!(verify(&book, VerifyOptions::default()).ok);
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
}

#[test]
fn a_run_that_fails_makes_healthz_answer_503_and_logs_are_human_by_default() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = league(tmp.path(), &down());
    // The ask text cannot be published: a file stands where its folder goes.
    std::fs::write(dir.join("asks"), b"not a folder").unwrap();
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:29:59Z", "--speed", "10"],
    );
    let (status, h) = health_until(&s, 300, |h| {
        !h["jobs"]["run"].is_null() && !h["jobs"]["stamp"].is_null()
    });
    assert_eq!(status, 503, "{h}");
    assert_eq!(h["ok"], false);
    assert_eq!(h["status"], "unhealthy");
    assert_eq!(h["jobs"]["run"]["outcome"], "failed");
    assert_eq!(
        h["jobs"]["stamp"]["outcome"], "degraded",
        "the calendar is down, the list is written: {h}"
    );
    assert_eq!(h["anchors_failing"][0]["kind"], "ots", "{h}");
    assert_eq!(h["problems"].as_array().unwrap().len(), 1, "{h}");
    assert!(
        h["jobs"]["run"]["error"].as_str().unwrap().contains("asks"),
        "{h}"
    );
    assert_eq!(h["problems"][0], "the last run failed");
    let (_, _, text) = get(&s, "/metrics");
    let m = prometheus_samples(&text);
    assert_eq!(
        sample(&m, "sealbook_jobs_failed_total", ("kind", "run")),
        1.0
    );
    let (code, log) = terminate(s);
    assert_eq!(code, 0);
    let job = log
        .lines()
        .find(|l| l.contains("job") && l.contains("kind=\"run\""))
        .unwrap_or_else(|| panic!("no human job line for the run:\n{log}"));
    assert!(
        job.contains("WARN") && job.contains("outcome=\"failed\""),
        "{job}"
    );
    assert!(
        !log.trim_start().starts_with('{'),
        "human lines, not JSON:\n{log}"
    );
}

#[test]
fn without_a_league_healthz_and_metrics_are_plain_files() {
    let tmp = tempfile::tempdir().unwrap();
    let www = tmp.path().join("www");
    std::fs::create_dir_all(&www).unwrap();
    let (code, out, _) = sealbook(&["serve", "--league", "x", "--data", "y"]);
    assert_eq!(code, 2, "--league and --data exclude each other: {out}");
    let o = Command::new(bin())
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("SEALBOOK_LOG_FORMAT", "xml")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("SEALBOOK_LOG_FORMAT"));
    let mut command = Command::new(bin());
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--www", arg(&www)])
        .stderr(Stdio::null());
    let s = common::serve::start(command, None);
    assert_eq!(get(&s, "/healthz").0, 404);
    std::fs::write(www.join("metrics"), b"a file").unwrap();
    let (status, _, body) = get(&s, "/metrics");
    assert_eq!((status, body.as_str()), (200, "a file"));
}

/// A TCP server on 127.0.0.1 that accepts (at most 64 connections, each held open) and never
/// answers: an authority that hangs until the client's timeout. It counts the connections it
/// accepted.
struct Hanging {
    url: String,
    accepted: Arc<AtomicUsize>,
}

impl Hanging {
    /// Waits (at most `tries` tenths of a second) until a request reached the calendar: a
    /// list's anchors are being asked.
    fn until_asked(&self, tries: usize) {
        for _ in 0..tries {
            if self.accepted.load(Ordering::SeqCst) > 0 {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("no request reached the calendar {}", self.url);
    }
}

/// A [`Hanging`] calendar, listening.
fn hanging_calendar() -> Hanging {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    let accepted = Arc::new(AtomicUsize::new(0));
    let counted = accepted.clone();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in l.incoming().take(64) {
            counted.fetch_add(1, Ordering::SeqCst);
            held.push(c);
        }
    });
    Hanging { url, accepted }
}
/// The league's calendar accepts and never answers (6 s a request, asked twice: 13 s or more
/// a stamp, about 130 minutes of the league's clock at 600x). The deadline's closing an hour
/// after the run does not wait behind the stamp: it is carried out within minutes of the
/// deadline. The stamp then ends `degraded`, and `/healthz` stays 200 with
/// `"status": "degraded"`, naming the calendar.
#[test]
fn a_hanging_calendar_never_delays_the_schedule_and_only_degrades_health() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = hanging_calendar().url;
    let dir = league(tmp.path(), &cal);
    let toml = dir.join("league.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let (five, twice) = (
        "rekor_url = \"\"\nretries = 0\ntimeout_seconds = 5\n",
        "rekor_url = \"\"\nretries = 1\ntimeout_seconds = 6\n",
    );
    assert!(text.contains(five), "{text}");
    std::fs::write(&toml, text.replace(five, twice)).unwrap();
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:29:00Z", "--speed", "600"],
    );
    let (_, h) = health_until(&s, 300, |h| !h["jobs"]["close"].is_null());
    let closed = h["jobs"]["close"]["at"].as_str().unwrap().to_string();
    assert!(
        closed.as_str() < "2026-10-21T13:45:00Z",
        "the deadline (13:30Z) closed at {closed}, behind the stamp: {h}"
    );
    assert_eq!(h["jobs"]["run"]["outcome"], "ok", "{h}");
    // A stamp that found no ledger grown may end first; the anchored one ends degraded.
    let (status, h) = health_until(&s, 400, |h| h["jobs"]["stamp"]["outcome"] == "degraded");
    assert_eq!(status, 200, "{h}");
    assert_eq!(h["ok"], true);
    assert_eq!(h["status"], "degraded");
    assert_eq!(h["anchors_failing"][0]["authority"], cal.as_str(), "{h}");
    assert!(h["jobs"]["stamp"]["error"]
        .as_str()
        .unwrap()
        .contains("anchors failed"));
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let lines = BookLines::parse(&book).unwrap();
    assert_eq!(lines.runs.len(), 1);
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
}

/// A server started after a session's window to ask has closed with no run: the run is
/// missed, never asked late; it is logged, counted in `sealbook_runs_missed_total` and named
/// by `/healthz` (503) and by `sealbook league status`.
#[test]
fn a_missed_run_is_logged_counted_and_shown() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = league(tmp.path(), &down());
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T14:00:00Z", "--speed", "10"],
    );
    let (status, h) = health_until(&s, 300, |h| {
        !h["runs_missed"].as_array().unwrap().is_empty()
    });
    assert_eq!(status, 503, "{h}");
    assert_eq!(h["runs_missed"], serde_json::json!(["2026-10-21-am"]));
    assert!(
        h["problems"][0]
            .as_str()
            .unwrap()
            .starts_with("the run 2026-10-21-am was missed"),
        "{h}"
    );
    let (_, _, text) = get(&s, "/metrics");
    let m = prometheus_samples(&text);
    assert_eq!(sample(&m, "sealbook_runs_missed_total", ("", "")), 1.0);
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    let line = log
        .lines()
        .find(|l| l.contains("run missed"))
        .unwrap_or_else(|| panic!("no log line for the missed run:\n{log}"));
    assert!(
        line.contains("2026-10-21-am") && line.contains("WARN"),
        "{line}"
    );
    assert_eq!(
        log.matches("run missed").count(),
        1,
        "reported once:\n{log}"
    );
    assert!(
        !dir.join("council-book.jsonl").exists() || {
            let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
            BookLines::parse(&book).unwrap().runs.is_empty()
        }
    );
    let (code, out, err) = sealbook(&[
        "league",
        "status",
        arg(&dir),
        "--at",
        "2026-10-21T14:00:00Z",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["runs_missed"], serde_json::json!(["2026-10-21-am"]));
    let (code, out, _) = sealbook(&[
        "league",
        "status",
        arg(&dir),
        "--at",
        "2026-10-21T14:00:00Z",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("runs missed: 1 (2026-10-21-am)\n"), "{out}");
}

/// The answer a `command` seat prints (the answer object itself, in a code fence).
fn command_answer() -> String {
    let mut items = serde_json::Map::new();
    for (i, m) in MARKETS.iter().enumerate() {
        items.insert(
            m.to_string(),
            serde_json::json!({"1d": {"prob_up": 40 + i, "action": "hold"}}),
        );
    }
    format!("```json\n{}\n```", serde_json::json!({"items": items}))
}

/// A league of a `command` seat that answers at once (`fast`), one that answers only once the
/// file `marker` exists (`slow`, at most a minute), and the coin; no anchors. Returns the
/// league directory and the marker's path.
fn resumable_league(tmp: &Path) -> (PathBuf, PathBuf) {
    let answer = tmp.join("answer.txt");
    std::fs::write(&answer, command_answer()).unwrap();
    let marker = tmp.join("go");
    let mut c = String::from("[league]\nname = \"resumed\"\nmethodology_version = \"m-1\"\n\n");
    c += &format!(
        "[[seat]]\nname = \"fast\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; cat {}\"]\ntimeout_seconds = 120\n\n",
        answer.display()
    );
    c += &format!(
        "[[seat]]\nname = \"slow\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"cat > /dev/null; i=0; while [ ! -e {m} ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; cat {a}\"]\ntimeout_seconds = 120\n\n",
        m = marker.display(),
        a = answer.display()
    );
    c += "[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n";
    c += "[anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n\n";
    c += CSV_PRICES;
    let config = tmp.join("league.toml");
    std::fs::write(&config, c).unwrap();
    (init(tmp, &config), marker)
}

/// The kinds of the book's lines of each seat (`answer`, `no_answer`).
fn kinds_by_seat(dir: &Path) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut out: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap_or_default();
    for line in book.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(line) else {
            continue;
        };
        if let (Some(kind), Some(seat)) = (v["kind"].as_str(), v["seat"].as_str()) {
            out.entry(seat.into()).or_default().push(kind.into());
        }
    }
    out
}

/// Polls the book every 100 ms, at most `tries` times, until `done` holds of its lines by
/// seat.
fn book_until(
    dir: &Path,
    tries: usize,
    done: impl Fn(&std::collections::BTreeMap<String, Vec<String>>) -> bool,
) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut seats = kinds_by_seat(dir);
    for _ in 0..tries {
        if done(&seats) {
            return seats;
        }
        std::thread::sleep(Duration::from_millis(100));
        seats = kinds_by_seat(dir);
    }
    panic!("the book never got there: {seats:?}");
}

/// A `serve --league` killed by SIGKILL while one seat of the morning run is still being
/// asked, and started again before the run's deadline, finishes that run: the silent seat is
/// asked and its answer sealed, no seat is asked twice (one ask line each), every line sealed
/// before the kill is byte for byte where it was, and both books verify.
#[test]
fn a_server_killed_mid_run_finishes_the_run_when_started_again() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, marker) = resumable_league(tmp.path());
    let s = start(
        &dir,
        &tmp.path().join("stderr-1.log"),
        &["--at", "2026-10-21T12:30:30Z"],
    );
    let seats = book_until(&dir, 600, |s| {
        s.contains_key("fast") && s.contains_key("coin")
    });
    let mut s = s;
    s.child.kill().unwrap(); // SIGKILL
    s.child.wait().unwrap();
    drop(s);
    assert_eq!(seats.get("slow"), None, "{seats:?}");
    let book_before = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks_before = std::fs::read(dir.join("asks.jsonl")).unwrap();

    std::fs::write(&marker, b"").unwrap();
    let log = tmp.path().join("stderr-2.log");
    let s = start(&dir, &log, &["--at", "2026-10-21T12:40:00Z"]);
    let seats = book_until(&dir, 600, |s| s.contains_key("slow"));
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    assert!(
        log.contains("resuming the run an earlier process left unfinished"),
        "{log}"
    );
    for seat in ["fast", "slow", "coin"] {
        assert_eq!(seats[seat], ["answer"], "{seat}: {seats:?}");
    }
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    assert!(book.len() > book_before.len());
    assert_eq!(
        &book[..book_before.len()],
        &book_before[..],
        "sealed lines rewritten"
    );
    assert_eq!(
        &asks[..asks_before.len()],
        &asks_before[..],
        "ask lines rewritten"
    );
    let chain = sealbook_core::records::ask_chain::AskChain::parse(&asks).unwrap();
    let mut asked: Vec<String> = chain
        .asks
        .iter()
        .filter_map(|(_, a)| a.seat.clone())
        .collect();
    asked.sort();
    assert_eq!(asked, ["coin", "fast", "slow"], "one ask line per seat");
    for bytes in [&book, &asks] {
        let r = verify(bytes, VerifyOptions::default());
        assert!(r.ok && !r.partial_tail, "{r:?}");
    }
}

/// The league of [`league`] with its calendar at `calendar`, every request to it given
/// `timeout` seconds and no retry.
fn league_with_calendar_timeout(tmp: &Path, calendar: &str, timeout: u32) -> PathBuf {
    let dir = league(tmp, calendar);
    let toml = dir.join("league.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let five = "rekor_url = \"\"\nretries = 0\ntimeout_seconds = 5\n";
    assert!(text.contains(five), "{text}");
    let set = format!("rekor_url = \"\"\nretries = 0\ntimeout_seconds = {timeout}\n");
    std::fs::write(&toml, text.replace(five, &set)).unwrap();
    dir
}

/// The anchor records of every stamped list of `dir`, by list (None: the list has none).
fn anchor_records(dir: &Path) -> Vec<(PathBuf, Option<serde_json::Value>)> {
    let mut all = Vec::new();
    if dir.join("proof").exists() {
        files_under(&dir.join("proof"), &mut all);
    }
    all.retain(|p| p.extension().is_some_and(|x| x == "txt"));
    all.sort();
    all.into_iter()
        .map(|list| {
            let mut record = list.clone().into_os_string();
            record.push(".anchors.json");
            let doc = std::fs::read(&record)
                .ok()
                .map(|b| serde_json::from_slice(&b).unwrap());
            (list, doc)
        })
        .collect()
}

/// SIGTERM while a stamped list's calendar is being asked (it accepts and never answers; 4 s
/// a request): the server starts no new job, waits for the anchoring in hand (well within its
/// 30 s grace) and exits 0, and every stamped list it wrote has its anchor record, so the
/// upgrades know what to ask again.
#[test]
fn sigterm_waits_for_the_anchoring_in_hand_and_exits_0() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = hanging_calendar();
    let dir = league_with_calendar_timeout(tmp.path(), &cal.url, 4);
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:29:00Z", "--speed", "600"],
    );
    cal.until_asked(300);
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    let records = anchor_records(&dir);
    assert!(!records.is_empty(), "no stamped list:\n{log}");
    for (list, record) in &records {
        let record = record
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no anchor record:\n{log}", list.display()));
        let a = &record["anchors"][0];
        assert_eq!(a["ok"], false, "{record}");
        assert!(
            !a["error"].as_str().unwrap().starts_with("cut short"),
            "waited for, within the grace: {record}"
        );
    }
    assert!(log.contains("scheduler stopped"), "{log}");
}

/// With `--stop-grace 1` and a calendar that would take 20 s to time out, SIGTERM does not
/// wait for it: the server exits 0 and the list in hand gets an anchor record naming its
/// calendar as cut short, which the next upgrade asks again.
#[test]
fn sigterm_gives_the_anchoring_in_hand_its_grace_and_records_it_cut_short() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = hanging_calendar();
    let dir = league_with_calendar_timeout(tmp.path(), &cal.url, 20);
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &[
            "--at",
            "2026-10-21T12:29:00Z",
            "--speed",
            "600",
            "--stop-grace",
            "1",
        ],
    );
    cal.until_asked(300);
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    assert!(log.contains("did not finish within the grace"), "{log}");
    let records = anchor_records(&dir);
    let cut: Vec<_> = records
        .iter()
        .filter_map(|(_, r)| r.as_ref())
        .filter(|r| {
            r["anchors"][0]["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("cut short"))
        })
        .collect();
    assert_eq!(cut.len(), 1, "{records:?}\n{log}");
    assert_eq!(cut[0]["anchors"][0]["authority"], cal.url.as_str());
    assert!(
        records.iter().all(|(_, r)| r.is_some()),
        "every list has a record: {records:?}"
    );
}

/// The docs' example at 3000x (one real second is 50 minutes of the league's day) with a slow
/// price source: every Yahoo answer takes 200 ms (10 league minutes), so the morning run's
/// snapshot runs past the 09:30 reference and the run is missed. The schedule says why it
/// fell behind: a `fell behind` warning names the late job, the lag on the league's clock and
/// the step that took the time (the run), beside the run's own failure; it is counted in
/// `/metrics` (`sealbook_schedule_late_total`, `sealbook_schedule_last_lag_seconds`) and shown
/// in `/healthz` (`schedule_behind` while behind, `schedule_last_behind` after it caught up).
#[test]
fn a_slow_price_source_at_high_speed_says_why_the_schedule_fell_behind() {
    let tmp = tempfile::tempdir().unwrap();
    let prices = format!(
        "[prices]\nprovider = \"yahoo\"\nbase_url = \"{}\"\nsymbols = {{ {} }}\n",
        yahoo_slow(Arc::new(AtomicBool::new(false)), Duration::from_millis(200)),
        MARKETS
            .iter()
            .map(|m| format!("{m} = \"{m}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let dir = league_with(tmp.path(), &down(), &prices);
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &[
            "--at",
            "2026-10-21T12:29:00Z",
            "--speed",
            "3000",
            "--log-format",
            "json",
        ],
    );
    health_until(&s, 600, |h| h["jobs"]["run"]["outcome"] == "failed");
    // Counted and shown, not only logged: the late job and its lag in /healthz while it is
    // behind (and as the last time it fell behind), the count and the lag in /metrics.
    let (_, h) = health_until(&s, 600, |h| !h["schedule_last_behind"].is_null());
    let behind = h["schedule_last_behind"].clone();
    assert_eq!(behind["step"], "run", "{h}");
    let lag = behind["lag_seconds"].as_i64().unwrap();
    assert!(lag >= 60, "{h}");
    let (_, _, text) = get(&s, "/metrics");
    let m = prometheus_samples(&text);
    assert!(
        sample(&m, "sealbook_schedule_late_total", ("", "")) >= 1.0,
        "{text}"
    );
    assert!(
        sample(&m, "sealbook_schedule_last_lag_seconds", ("", "")) >= 60.0,
        "{text}"
    );
    // The next poll's jobs end on time: caught up.
    let (_, h) = health_until(&s, 600, |h| h["schedule_behind"].is_null());
    assert!(!h["schedule_last_behind"].is_null(), "{h}");
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    let late: Vec<serde_json::Value> = log
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["message"] == "fell behind")
        .collect();
    assert!(!late.is_empty(), "no fell-behind line:\n{log}");
    let v = &late[0];
    assert_eq!(
        (&v["level"], &v["outcome"], &v["step"]),
        (&"WARN".into(), &"late".into(), &"run".into()),
        "{v}"
    );
    assert!(v["lag_seconds"].as_u64().unwrap() >= 60, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("the run job took"),
        "{v}"
    );
}

/// SIGKILL while a stamped list's calendar is being asked leaves no chance to record anything:
/// the list's anchor record, written before the calendar was asked, names it cut short. Started
/// again past the retry backoff, the server's upgrade asks that calendar again and counts the
/// retry in the record.
#[test]
fn a_server_killed_while_anchoring_leaves_the_list_recorded_as_cut_short() {
    let tmp = tempfile::tempdir().unwrap();
    let cal = hanging_calendar();
    let dir = league_with_calendar_timeout(tmp.path(), &cal.url, 20);
    let mut s = start(
        &dir,
        &tmp.path().join("stderr-1.log"),
        &["--at", "2026-10-21T12:29:00Z", "--speed", "600"],
    );
    cal.until_asked(300);
    s.child.kill().unwrap(); // SIGKILL
    s.child.wait().unwrap();
    drop(s);
    let records = anchor_records(&dir);
    assert_eq!(records.len(), 1, "{records:?}");
    let (list, record) = &records[0];
    let record = record
        .as_ref()
        .unwrap_or_else(|| panic!("{} has no anchor record", list.display()));
    let a = &record["anchors"][0];
    assert_eq!(a["authority"], cal.url.as_str(), "{record}");
    assert_eq!(a["ok"], false, "{record}");
    assert!(
        a["error"].as_str().unwrap().starts_with("cut short"),
        "{record}"
    );
    assert_eq!(a.get("retries"), None, "never retried yet: {record}");

    // Two hours later on the league's clock (past the first hour's backoff), the upgrade that
    // runs at start asks the calendar again.
    let asked_before = cal.accepted.load(Ordering::SeqCst);
    let log = tmp.path().join("stderr-2.log");
    let s = start(
        &dir,
        &log,
        &["--at", "2026-10-21T14:30:00Z", "--stop-grace", "1"],
    );
    for _ in 0..300 {
        if cal.accepted.load(Ordering::SeqCst) > asked_before {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        cal.accepted.load(Ordering::SeqCst) > asked_before,
        "the upgrade never asked the calendar again"
    );
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
}

/// A league of an OpenAI seat at `url` (its key in [`KEY_ENV`], 600 s to answer, no retry)
/// and the coin; no anchors.
fn one_model_league(tmp: &Path, url: &str) -> PathBuf {
    let mut c = String::from("[league]\nname = \"stopped\"\nmethodology_version = \"m-1\"\n\n");
    c += &format!(
        "[[seat]]\nname = \"gpt\"\nadapter = \"openai\"\nbase_url = \"{url}/v1\"\nmodel = \"gpt-test\"\napi_key_env = \"{KEY_ENV}\"\nfamily = \"lab-a\"\ntimeout_seconds = 600\nretries = 0\n\n"
    );
    c += "[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n";
    c += "[anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n\n";
    c += CSV_PRICES;
    let config = tmp.join("league.toml");
    std::fs::write(&config, c).unwrap();
    init(tmp, &config)
}

/// SIGTERM with `--stop-grace 1` while a seat of the morning run is still being asked (its
/// endpoint holds every request for two minutes; the run's deadline is an hour away on a
/// clock at real speed): the server does not wait for the seat. It exits 0 within the bounded
/// wait of [`terminate`], the coin's answer sealed, a log line naming the seat left, and the
/// seat with no line and no error note. Started again before the deadline, with the endpoint
/// answering, the server asks the seat again and seals its answer; nothing sealed before the
/// stop is rewritten, the seat has one ask line, and both books verify. Started again only
/// after the deadline instead, the server seals the seat's `no_answer`.
#[test]
fn sigterm_during_a_run_gives_its_seats_the_grace_and_a_restart_asks_them_again() {
    let tmp = tempfile::tempdir().unwrap();
    let hang = Arc::new(AtomicBool::new(true));
    let asked = Arc::new(AtomicUsize::new(0));
    let url = {
        let (hang, asked) = (hang.clone(), asked.clone());
        common::fake_http::start(move |r| {
            if r.path.ends_with("/chat/completions") {
                asked.fetch_add(1, Ordering::SeqCst);
            }
            let a = Answer::new(200, "application/json", good_answer().into_bytes());
            if hang.load(Ordering::SeqCst) {
                Answer {
                    delay: Duration::from_secs(120),
                    ..a
                }
            } else {
                a
            }
        })
    };
    let dir = one_model_league(tmp.path(), &url);
    let s = start(
        &dir,
        &tmp.path().join("stderr-1.log"),
        &["--at", "2026-10-21T12:30:30Z", "--stop-grace", "1"],
    );
    book_until(&dir, 600, |s| s.contains_key("coin"));
    for _ in 0..300 {
        if asked.load(Ordering::SeqCst) > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(asked.load(Ordering::SeqCst), 1, "the seat is being asked");
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    let left = log
        .lines()
        .find(|l| l.contains("seats left unanswered"))
        .unwrap_or_else(|| panic!("no line names the seats left:\n{log}"));
    assert!(
        left.contains("gpt") && left.contains("2026-10-21-am"),
        "{left}"
    );
    let seats = kinds_by_seat(&dir);
    assert_eq!(
        seats.get("gpt"),
        None,
        "no line for the seat left: {seats:?}"
    );
    assert_eq!(seats["coin"], ["answer"]);
    let mut kept = Vec::new();
    if dir.join("replies").exists() {
        files_under(&dir.join("replies"), &mut kept);
    }
    assert!(
        kept.iter().all(|p| !p.to_string_lossy().contains("gpt")),
        "no reply or error note kept for the seat left: {kept:?}"
    );
    let book_before = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks_before = std::fs::read(dir.join("asks.jsonl")).unwrap();

    hang.store(false, Ordering::SeqCst);
    let s = start(
        &dir,
        &tmp.path().join("stderr-2.log"),
        &["--at", "2026-10-21T12:40:00Z", "--stop-grace", "1"],
    );
    let seats = book_until(&dir, 600, |s| s.contains_key("gpt"));
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    assert!(
        log.contains("resuming the run an earlier process left unfinished"),
        "{log}"
    );
    assert_eq!(seats["gpt"], ["answer"], "{seats:?}");
    assert_eq!(
        asked.load(Ordering::SeqCst),
        2,
        "asked once by each process"
    );
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    assert_eq!(
        &book[..book_before.len()],
        &book_before[..],
        "sealed lines rewritten"
    );
    assert_eq!(
        &asks[..asks_before.len()],
        &asks_before[..],
        "ask lines rewritten"
    );
    let chain = sealbook_core::records::ask_chain::AskChain::parse(&asks).unwrap();
    let mut asked_lines: Vec<String> = chain
        .asks
        .iter()
        .filter_map(|(_, a)| a.seat.clone())
        .collect();
    asked_lines.sort();
    assert_eq!(asked_lines, ["coin", "gpt"], "one ask line per seat");
    for bytes in [&book, &asks] {
        let r = verify(bytes, VerifyOptions::default());
        assert!(r.ok && !r.partial_tail, "{r:?}");
    }

    // The same stop, started again only after the run's deadline (09:30 ET, 13:30Z): the
    // seat left is not asked; its `no_answer` is sealed.
    let tmp = tempfile::tempdir().unwrap();
    let hanging = common::fake_http::start(|_| Answer {
        delay: Duration::from_secs(120),
        ..Answer::new(200, "application/json", good_answer().into_bytes())
    });
    let dir = one_model_league(tmp.path(), &hanging);
    let s = start(
        &dir,
        &tmp.path().join("stderr-1.log"),
        &["--at", "2026-10-21T12:30:30Z", "--stop-grace", "1"],
    );
    book_until(&dir, 600, |s| s.contains_key("coin"));
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    assert!(log.contains("seats left unanswered"), "{log}");
    let book_before = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    let s = start(
        &dir,
        &tmp.path().join("stderr-2.log"),
        &["--at", "2026-10-21T13:31:00Z", "--stop-grace", "1"],
    );
    let seats = book_until(&dir, 600, |s| s.contains_key("gpt"));
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");
    assert_eq!(seats["gpt"], ["no_answer"], "{seats:?}");
    assert!(
        !log.contains("resuming the run"),
        "not asked after the deadline: {log}"
    );
    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    assert_eq!(
        &book[..book_before.len()],
        &book_before[..],
        "sealed lines rewritten"
    );
    assert!(verify(&book, VerifyOptions::default()).ok);
}

/// Spec §3.3, §3.4: a morning run whose price snapshot ends past the 09:30 ET reference is a
/// missed run, never a counted one. Under `serve --league` at 3000x, the first session runs
/// and is scored on time; on the second, every Yahoo answer takes 400 ms (20 league minutes),
/// so its snapshot ends past the reference. That run is missed (`/healthz` lists it): the
/// book holds no line of it (no run line, no reference seat's answer sealed after the
/// reference), and the league's own `council-forecasts.csv`, published after, passes
/// `sealbook conformance` with the first session's rows only.
#[test]
fn a_snapshot_past_the_reference_is_a_missed_run_and_the_published_csv_conforms() {
    let tmp = tempfile::tempdir().unwrap();
    let second_session = unix("2026-10-22T00:00:00Z");
    let yahoo = common::fake_http::start(move |r| {
        let query = r.path.split_once('?').map_or("", |(_, q)| q);
        let period2: i64 = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("period2="))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let slow = period2 > second_session;
        Answer {
            delay: if slow {
                Duration::from_millis(400)
            } else {
                Duration::ZERO
            },
            ..yahoo_answer(&AtomicBool::new(false), r)
        }
    });
    let prices = format!(
        "[prices]\nprovider = \"yahoo\"\nbase_url = \"{yahoo}\"\nsymbols = {{ {} }}\n",
        MARKETS
            .iter()
            .map(|m| format!("{m} = \"{m}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let dir = league_with(tmp.path(), &down(), &prices);
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:29:00Z", "--speed", "3000"],
    );
    let (_, h) = health_until(&s, 900, |h| {
        h["runs_missed"]
            .as_array()
            .is_some_and(|m| m.contains(&"2026-10-22-am".into()))
    });
    assert_eq!(
        h["jobs"]["score"]["outcome"], "ok",
        "the first session scored: {h}"
    );
    let (code, log) = terminate(s);
    assert_eq!(code, 0, "{log}");

    let book = std::fs::read(dir.join("council-book.jsonl")).unwrap();
    assert!(verify(&book, VerifyOptions::default()).ok);
    let lines = BookLines::parse(&book).unwrap();
    let runs: Vec<&str> = lines
        .runs
        .iter()
        .filter_map(|r| r.run_id.as_deref())
        .collect();
    assert_eq!(runs, ["2026-10-21-am"], "the missed run sealed no run line");
    assert!(
        !String::from_utf8_lossy(&book).contains("2026-10-22-am"),
        "no line of the missed run"
    );
    let (code, out, err) = sealbook(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    let csv_path = dir.join("council-forecasts.csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(csv.lines().count() > 1, "the first session's rows: {csv}");
    assert!(
        csv.contains("2026-10-21-am") && !csv.contains("2026-10-22-am"),
        "{csv}"
    );
    let (code, out, err) = sealbook(&["conformance", arg(&csv_path)]);
    assert_eq!(code, 0, "conformance: {out}{err}");
}

/// Whether process `pid` is still alive (not a zombie).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| {
            let state = stat.rsplit(") ").next().unwrap_or("").chars().next();
            state != Some('Z')
        })
        .unwrap_or(false)
}

/// SIGTERM with `--stop-grace 1` while a `command` seat's program is still running (it would
/// sleep five minutes): the seat gives up at the grace's end and its program is killed, so no
/// child of the league outlives the server; the seat is left unanswered (no line, no error
/// note) and the server exits 0.
#[test]
fn sigterm_kills_a_command_seat_still_being_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let pid_file = tmp.path().join("seat.pid");
    let mut c = String::from("[league]\nname = \"stopped\"\nmethodology_version = \"m-1\"\n\n");
    c += &format!(
        "[[seat]]\nname = \"slow\"\nadapter = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"echo $$ > {}; cat > /dev/null; exec sleep 300\"]\ntimeout_seconds = 600\n\n",
        pid_file.display()
    );
    c += "[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n";
    c += "[anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n\n";
    c += CSV_PRICES;
    let config = tmp.path().join("league.toml");
    std::fs::write(&config, c).unwrap();
    let dir = init(tmp.path(), &config);
    let s = start(
        &dir,
        &tmp.path().join("stderr.log"),
        &["--at", "2026-10-21T12:30:30Z", "--stop-grace", "1"],
    );
    book_until(&dir, 600, |s| s.contains_key("coin"));
    let mut pid = String::new();
    for _ in 0..300 {
        pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
        if pid.ends_with('\n') {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let pid = pid.trim().to_string();
    assert!(!pid.is_empty() && alive(&pid), "the seat's program runs");
    let (code, log) = terminate(s);
    let mut gone = false;
    for _ in 0..50 {
        if !alive(&pid) {
            gone = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    if !gone {
        // Not left behind by the test either.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
    }
    assert!(gone, "the seat's program outlived the server:\n{log}");
    assert_eq!(code, 0, "{log}");
    assert!(
        log.lines()
            .any(|l| l.contains("seats left unanswered") && l.contains("slow")),
        "{log}"
    );
    let seats = kinds_by_seat(&dir);
    assert_eq!(seats.get("slow"), None, "{seats:?}");
    let mut kept = Vec::new();
    if dir.join("replies").exists() {
        files_under(&dir.join("replies"), &mut kept);
    }
    assert!(
        kept.iter().all(|p| !p.to_string_lossy().contains("slow")),
        "no error note for a seat the stop left: {kept:?}"
    );
}
