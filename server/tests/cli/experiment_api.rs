//! The reader experiment's API over real sockets (spec §6; `sealbook serve --experiment`):
//! every validation error, the rate limit, the first-forecast rule, the blind/seeing rule (a
//! blind reader's answers hold no council before its first forecast), the peek, the revision
//! protocol, the closed session, and after the run a search of the database files and the
//! server's log for the client's address. The client connects from 127.0.0.2, so finding that
//! string anywhere means it was stored.

use super::common;

use common::bin;
use common::serve::Server;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const CLIENT: &str = "127.0.0.2";
const DATABASE_URL: &str = "SEALBOOK_EXPERIMENT_DATABASE_URL";
const SESSION: &str = "2026-12-03";

/// A league directory with a run for the session sealed before 12:00Z, the clock the tests
/// start at: two seats' 1d answers, and the coin baseline's, which is no council member
/// (spec §4.5): the council holds alpha and beta only.
fn league(dir: &Path) {
    let mut book = String::new();
    book +=
        &json!({"n": 1, "kind": "run", "run_id": "2026-12-03-am", "at": "2026-12-03T11:30:00Z"})
            .to_string();
    book.push('\n');
    for (n, seat, model, p) in [
        (2, "alpha", "m-alpha", 61),
        (3, "beta", "m-beta", 55),
        (4, "coin", "coin", 50),
    ] {
        let items = json!({"SPX": {"1d": {"prob_up": p}}, "GOLD": {"1d": {"prob_up": 100 - p}}});
        book += &json!({"n": n, "kind": "answer", "seat": seat, "model": model,
                        "run_id": "2026-12-03-am", "at": "2026-12-03T11:40:00Z", "items": items})
        .to_string();
        book.push('\n');
    }
    std::fs::write(dir.join("council-book.jsonl"), book).unwrap();
}

/// A running `sealbook serve --experiment` on `dir` with its clock set to `at`: stderr to
/// `log`, stdout to the file beside it (`.stdout`), both searched for the client's address.
fn start(dir: &Path, at: &str, log: &Path, rate: u32) -> Server {
    start_with(dir, at, log, rate, None)
}

/// [`start`] with `SEALBOOK_EXPERIMENT_DATABASE_URL` set to `url` (else removed).
fn start_with(dir: &Path, at: &str, log: &Path, rate: u32, url: Option<&str>) -> Server {
    let mut command = Command::new(bin());
    command
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--experiment",
            "--serve-unlisted",
            "--data",
        ])
        .arg(dir)
        .args(["--at", at])
        .env("SEALBOOK_EXPERIMENT_RATE_PER_MINUTE", rate.to_string());
    match url {
        Some(u) => command.env(DATABASE_URL, u),
        None => command.env_remove(DATABASE_URL),
    };
    command.stderr(std::fs::File::create(log).unwrap());
    common::serve::start_to(
        command,
        Some(log.to_path_buf()),
        Some(&log.with_extension("stdout")),
    )
}

/// A connection from [`CLIENT`] (bound before connecting, so the server sees that address).
fn connect(addr: &str) -> TcpStream {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let s = rt.block_on(async {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind(format!("{CLIENT}:0").parse().unwrap()).unwrap();
        sock.connect(addr.parse().unwrap()).await.unwrap()
    });
    let s = s.into_std().unwrap();
    s.set_nonblocking(false).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s
}

struct Reply {
    status: u16,
    headers: String,
    body: Value,
}

fn call(s: &Server, method: &str, target: &str, body: &str) -> Reply {
    call_with(
        s,
        method,
        target,
        "Content-Type: application/json\r\n",
        body,
    )
}

/// [`call`] with the header lines `extra` in place of the JSON content type.
fn call_with(s: &Server, method: &str, target: &str, extra: &str, body: &str) -> Reply {
    let mut c = connect(&s.addr);
    write!(
        c,
        "{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    c.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    Reply {
        status,
        headers: head.to_ascii_lowercase(),
        body: serde_json::from_str(body).unwrap_or(Value::Null),
    }
}

fn new_reader(s: &Server) -> (String, String) {
    let r = call(s, "POST", "/api/experiment/reader", "{}");
    assert_eq!(r.status, 201, "{}", r.body);
    (
        r.body["reader"].as_str().unwrap().to_string(),
        r.body["group"].as_str().unwrap().to_string(),
    )
}

fn reader_of(s: &Server, group: &str) -> String {
    for _ in 0..64 {
        let (id, g) = new_reader(s);
        if g == group {
            return id;
        }
    }
    panic!("no {group} reader in 64 draws");
}

fn forecast(id: &str, market: &str, stage: Option<&str>) -> String {
    let mut v = json!({"reader": id, "session": SESSION, "market": market, "direction": "up", "confidence": 70});
    if let Some(st) = stage {
        v["stage"] = json!(st);
    }
    v.to_string()
}

fn code(r: &Reply) -> (u16, &str) {
    (r.status, r.body["error"]["code"].as_str().unwrap_or(""))
}

#[test]
fn the_api_keeps_its_rules_and_no_address() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);
    let log = tmp.path().join("serve.log");
    let s = start(&dir, "2026-12-03T12:00:00Z", &log, 1000);

    // Validation.
    let (id, _) = new_reader(&s);
    let post = |body: &str| call(&s, "POST", "/api/experiment/forecast", body);
    let with = |k: &str, v: Value| {
        let mut o: Value = serde_json::from_str(&forecast(&id, "SPX", None)).unwrap();
        o[k] = v;
        o.to_string()
    };
    assert_eq!(code(&post("{")), (400, "bad_json"));
    assert_eq!(
        code(&post(&with("extra", json!(1)))),
        (400, "unknown_field")
    );
    assert_eq!(
        code(&post(&with("reader", json!("r-1")))),
        (400, "malformed_reader")
    );
    let stranger = format!("r-{}", "0".repeat(32));
    assert_eq!(
        code(&post(&with("reader", json!(stranger)))),
        (400, "unknown_reader")
    );
    assert_eq!(
        code(&post(&with("market", json!("FTSE")))),
        (400, "unknown_market")
    );
    assert_eq!(
        code(&post(&with("session", json!("2026-12-07")))),
        (400, "unknown_session")
    );
    assert_eq!(
        code(&post(&with("session", json!("2026-12-02")))),
        (409, "session_closed")
    );
    assert_eq!(
        code(&post(&with("direction", json!("sideways")))),
        (400, "bad_direction")
    );
    assert_eq!(
        code(&post(&with("confidence", json!(96)))),
        (400, "bad_confidence")
    );
    assert_eq!(
        code(&post(&with("confidence", json!(54)))),
        (400, "bad_confidence")
    );
    assert_eq!(
        code(&post(&with("stage", json!("draft")))),
        (400, "bad_stage")
    );
    assert_eq!(code(&post(&"x".repeat(5000))), (400, "body_too_large"));
    let r = post(&with("confidence", json!(96)));
    assert_eq!(r.body["error"]["field"], "confidence");
    let r = call(&s, "GET", "/api/experiment/session?reader=nope", "");
    assert_eq!(code(&r), (400, "malformed_reader"));
    assert!(
        !r.headers.contains("access-control-"),
        "CORS closed by default"
    );

    // The first-forecast rule.
    let a = post(&forecast(&id, "SPX", None));
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.body["forecast"]["first"], true);
    let b = post(&forecast(&id, "SPX", None));
    assert_eq!(
        b.body["forecast"]["first"], false,
        "a later forecast is kept and marked"
    );
    assert_eq!(
        post(&forecast(&id, "GOLD", None)).body["forecast"]["first"],
        true
    );

    // Blind: no council in any answer before the first forecast; the peek is recorded once.
    let blind = reader_of(&s, "blind");
    let sess = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={blind}"),
        "",
    );
    assert_eq!(sess.status, 200, "{}", sess.body);
    assert_eq!(sess.body["council"], Value::Null);
    assert_eq!(sess.body["council_hidden"], "before_first_forecast");
    assert_eq!(sess.body["markets"].as_array().unwrap().len(), 12);
    assert_eq!(sess.body["closes_at"], "2026-12-03T14:30:00Z");
    let peek_body = json!({"reader": blind, "session": SESSION}).to_string();
    let pk = call(&s, "POST", "/api/experiment/peek", &peek_body);
    assert_eq!(pk.body, json!({"peeked": true, "council": null}));
    for r in [&sess, &pk] {
        let text = r.body.to_string();
        assert!(
            !text.contains("prob_up") && !text.contains("alpha"),
            "{text}"
        );
    }
    let sess = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={blind}"),
        "",
    );
    assert_eq!(sess.body["peeked"], true);
    assert_eq!(post(&forecast(&blind, "SPX", None)).status, 201);
    let sess = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={blind}"),
        "",
    );
    assert_eq!(sess.body["council"]["consensus"]["SPX"]["seats"], 2);
    assert_eq!(sess.body["council_hidden"], Value::Null);

    // Seeing: the council at once.
    let seeing = reader_of(&s, "seeing");
    let sess = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={seeing}"),
        "",
    );
    assert_eq!(sess.body["council"]["consensus"]["SPX"]["direction"], "up");
    let answers = sess.body["council"]["answers"].as_array().unwrap();
    assert_eq!(
        answers.len(),
        4,
        "alpha and beta on two markets, no baseline"
    );
    assert!(answers.iter().all(|a| a["seat"] != "coin"), "{answers:?}");

    // The revision protocol: final needs a private first; the arm is kept for the cell.
    assert_eq!(
        code(&post(&forecast(&seeing, "GOLD", Some("final")))),
        (409, "bad_stage")
    );
    let p = post(&forecast(&seeing, "GOLD", Some("private")));
    assert_eq!(p.status, 201, "{}", p.body);
    assert_eq!(p.body["forecast"]["first"], true);
    let arm = p.body["forecast"]["arm"].as_str().unwrap().to_string();
    assert_eq!(p.body["display"]["arm"], arm.as_str());
    if arm == "council" {
        assert_eq!(p.body["display"]["consensus"]["direction"], "down");
    } else {
        assert!(!p.body["display"].to_string().contains("prob_up"));
    }
    let f = post(&forecast(&seeing, "GOLD", Some("final")));
    assert_eq!(f.status, 201);
    assert_eq!(
        (
            f.body["forecast"]["arm"].as_str(),
            &f.body["forecast"]["first"]
        ),
        (Some(arm.as_str()), &json!(false))
    );

    // Scored: once the run's 1d score line is in the book (SPX closed up, GOLD down), the
    // session answer gives the reader's first forecasts (SPX up 70, GOLD up 70) beside the
    // consensus (SPX 58, GOLD 42) and each seat (alpha 61/39, beta 55/45), by hand.
    assert_eq!(
        call(
            &s,
            "GET",
            &format!("/api/experiment/session?reader={id}"),
            ""
        )
        .body["scored"],
        Value::Null
    );
    let mut book = std::fs::read_to_string(dir.join("council-book.jsonl")).unwrap();
    book += &json!({"n": 5, "kind": "score", "of": 1, "horizon": "1d", "results": {
        "SPX": {"ref": 100, "close": 101}, "GOLD": {"ref": 100, "close": 99}}})
    .to_string();
    book.push('\n');
    std::fs::write(dir.join("council-book.jsonl"), book).unwrap();
    // The score line is in the book, but the session is still open on the server's clock
    // (12:00Z; it closes at 16:00 ET, 21:00Z): no outcome is shown before then (spec §6.1).
    assert_eq!(
        call(
            &s,
            "GET",
            &format!("/api/experiment/session?reader={id}"),
            ""
        )
        .body["scored"],
        Value::Null
    );
    drop(s);
    let s = start(
        &dir,
        "2026-12-03T21:00:01Z",
        &log.with_extension("closed.log"),
        1000,
    );
    let sc = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={id}"),
        "",
    )
    .body["scored"]
        .clone();
    let close = |v: &Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-9;
    assert_eq!(
        (&sc["session"], &sc["run_id"]),
        (&json!(SESSION), &json!("2026-12-03-am")),
        "{sc}"
    );
    // You: (0.7 - 1)^2 = 0.09 and (0.7 - 0)^2 = 0.49; one hit in two.
    assert!(close(&sc["reader"]["brier"], 0.29), "{sc}");
    assert_eq!(
        (&sc["reader"]["hit_rate"], &sc["reader"]["n"]),
        (&json!(0.5), &json!(2))
    );
    // The consensus: (0.58 - 1)^2 = (0.42 - 0)^2 = 0.1764; both hits.
    assert!(close(&sc["council"]["brier"], 0.1764), "{sc}");
    assert_eq!(sc["council"]["hit_rate"], 1.0);
    assert_eq!(sc["seats"][0]["seat"], "alpha");
    assert!(close(&sc["seats"][0]["brier"], 0.1521), "{sc}");
    assert!(close(&sc["seats"][1]["brier"], 0.2025), "{sc}");
    // A reader without a forecast has no scored session.
    let (fresh, _) = new_reader(&s);
    assert_eq!(
        call(
            &s,
            "GET",
            &format!("/api/experiment/session?reader={fresh}"),
            ""
        )
        .body["scored"],
        Value::Null
    );

    // The analysis.
    let st = call(&s, "GET", "/api/experiment/stats", "");
    assert_eq!(st.status, 200);
    assert!(st.body["label"].as_str().unwrap().contains("g1: blind"));
    assert_eq!(st.body["revision"]["pairs"], 1);
    let readers = st.body["identifiers"].as_u64().unwrap();
    assert!(readers >= 3);
    assert_eq!(
        st.body["g0"]["first_forecasts"].as_u64().unwrap()
            + st.body["g1"]["first_forecasts"].as_u64().unwrap(),
        4
    );

    // The database is not served.
    assert_eq!(call(&s, "GET", "/data/experiment.sqlite", "").status, 404);
    drop(s);

    // The rate limit: a small budget per address and minute.
    let s = start(
        &dir,
        "2026-12-03T12:00:00Z",
        &log.with_extension("2.log"),
        3,
    );
    let mut limited = None;
    for _ in 0..4 {
        let r = call(&s, "GET", "/api/experiment/stats", "");
        if r.status == 429 {
            limited = Some(r);
            break;
        }
    }
    let r = limited.expect("the fourth request in a minute is refused");
    assert_eq!(code(&r), (429, "rate_limited"));
    assert!(r.headers.contains("\r\nretry-after: "), "{}", r.headers);
    drop(s);

    // Closed at the reference time: a server whose clock passes 14:30Z.
    let s = start(
        &dir,
        "2026-12-03T14:29:59Z",
        &log.with_extension("3.log"),
        1000,
    );
    let (late, _) = new_reader(&s);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        code(&call(
            &s,
            "POST",
            "/api/experiment/forecast",
            &forecast(&late, "SPX", None)
        )),
        (409, "session_closed")
    );
    drop(s);
    // Once the session has closed, the API's analysis is the whole book's.
    let s = start(
        &dir,
        "2026-12-03T21:00:01Z",
        &log.with_extension("4.log"),
        1000,
    );
    let api_stats = call(&s, "GET", "/api/experiment/stats", "").body;
    drop(s);

    // The CLI reads the same store: the same analysis, and the forecasts without addresses.
    let out = Command::new(bin())
        .args(["experiment", "stats"])
        .arg(&dir)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        cli, api_stats,
        "sealbook experiment stats --json is GET /api/experiment/stats"
    );
    let export = tmp.path().join("export.jsonl");
    let out = Command::new(bin())
        .args(["experiment", "export"])
        .arg(&dir)
        .arg("--out")
        .arg(&export)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = std::fs::read_to_string(&export)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines.iter().filter(|l| l["first"] == true).count(), 4);
    assert!(lines
        .iter()
        .all(|l| l["group"].is_string() && l.get("address").is_none()));
    let out = Command::new(bin())
        .args(["experiment", "export", "--csv"])
        .arg(&dir)
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.starts_with("reader,group,session,market,direction,confidence,stage,at,first,arm\n")
    );
    assert_eq!(csv.lines().count(), 7);

    // No trace of the client's address in the database files or the logs.
    let mut searched = 0;
    for e in std::fs::read_dir(&dir)
        .unwrap()
        .chain(std::fs::read_dir(tmp.path()).unwrap())
    {
        let p = e.unwrap().path();
        if p.is_file() {
            let bytes = std::fs::read(&p).unwrap();
            assert!(
                !bytes.windows(CLIENT.len()).any(|w| w == CLIENT.as_bytes()),
                "{} holds the client address",
                p.display()
            );
            searched += 1;
        }
    }
    assert!(dir.join("experiment.sqlite").is_file());
    assert!(searched >= 4, "searched {searched} files");
}

/// The league file (spec §6.2, Appendix C): `sealbook league publish` writes
/// `council-league.json` with the experiment's analysis under `experiment`, listed in the
/// manifest. Before any reader it holds the label that says which group is blind; after
/// readers forecast a session the fixture league has scored, it is what `sealbook experiment
/// stats --json` prints, and the reader's session answer scores them beside the council.
#[test]
fn the_league_file_publishes_the_experiment() {
    let tmp = common::demo();
    let dir = tmp.path();
    let publish = |dir: &Path| {
        let (code, v) = common::sealbook_json(&["league", "publish", common::arg(dir)]);
        assert_eq!(code, 0, "{v}");
        let league: Value =
            serde_json::from_slice(&std::fs::read(dir.join("council-league.json")).unwrap())
                .unwrap();
        let manifest: Value =
            serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
        assert!(
            manifest.to_string().contains("\"council-league.json\""),
            "listed in the manifest: {manifest}"
        );
        league
    };
    let before = publish(dir);
    assert!(before["league"].as_str().unwrap().starts_with("DEMO"));
    let ex = &before["experiment"];
    assert!(ex["label"].as_str().unwrap().contains("g1: blind"), "{ex}");
    assert_eq!(
        (&ex["identifiers"], &ex["g0"]["first_forecasts"]),
        (&json!(0), &json!(0))
    );
    assert!(
        !dir.join("experiment.sqlite").exists(),
        "publishing creates no store"
    );

    // Readers of both groups forecast 2026-10-20 (scored in the fixture) before its reference.
    let log = dir.join("serve.log");
    let s = start(dir, "2026-10-20T12:00:00Z", &log, 1000);
    let mut ids = Vec::new();
    for group in ["seeing", "blind"] {
        let id = reader_of(&s, group);
        for market in ["SPX", "GOLD"] {
            let body = json!({"reader": id, "session": "2026-10-20", "market": market,
                              "direction": "up", "confidence": 70});
            let r = call(&s, "POST", "/api/experiment/forecast", &body.to_string());
            assert_eq!(r.status, 201, "{}", r.body);
        }
        ids.push(id);
    }
    // Scored once the session has closed (16:00 ET, 20:00Z in October) on the server's clock.
    drop(s);
    let s = start(
        dir,
        "2026-10-20T20:00:01Z",
        &log.with_extension("closed.log"),
        1000,
    );
    for id in ids {
        let sc = call(
            &s,
            "GET",
            &format!("/api/experiment/session?reader={id}"),
            "",
        )
        .body["scored"]
            .clone();
        assert_eq!(sc["session"], "2026-10-20", "{sc}");
        assert_eq!(
            (&sc["reader"]["n"], &sc["council"]["n"]),
            (&json!(2), &json!(2))
        );
        // Two calls of 70% up: each scores 0.09 when up and 0.49 when down.
        let hit = sc["reader"]["hit_rate"].as_f64().unwrap();
        let brier = sc["reader"]["brier"].as_f64().unwrap();
        assert!(
            (brier - (0.09 * hit + 0.49 * (1.0 - hit))).abs() < 1e-9,
            "{sc}"
        );
        assert_eq!(sc["seats"].as_array().unwrap().len(), 4, "{sc}");
    }
    drop(s);
    let after = publish(dir);
    let out = Command::new(bin())
        .args(["experiment", "stats"])
        .arg(dir)
        .arg("--json")
        .env_remove(DATABASE_URL)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        after["experiment"], stats,
        "the published section is the CLI's analysis"
    );
    // The exported dataset gives the same analysis, byte for byte, without the store.
    let dataset = dir.join("experiment-dataset.json");
    let (code, _, err) = common::sealbook(&[
        "experiment",
        "export",
        common::arg(dir),
        "--dataset",
        "--out",
        common::arg(&dataset),
    ]);
    assert_eq!(code, 0, "{err}");
    let again = Command::new(bin())
        .args(["experiment", "stats", "--from"])
        .arg(&dataset)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(again.stdout).unwrap(),
        String::from_utf8(out.stdout).unwrap()
    );
    assert_eq!(
        stats["g0"]["scored"].as_u64().unwrap() + stats["g1"]["scored"].as_u64().unwrap(),
        4
    );
}

/// `[experiment] database_url` in `league.toml` selects PostgreSQL; the environment variable,
/// when set and not empty, wins over it. The URL's password is in no log line or output.
#[test]
fn the_database_url_comes_from_the_config_unless_the_environment_names_one() {
    let Some(pg) = common::postgres::Pg::start_or_skip("the experiment's database URL test") else {
        return;
    };
    const PASSWORD: &str = "cfg-s3cret-pw";
    const ENV_PASSWORD: &str = "env-s3cret-pw";
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);
    std::fs::write(
        dir.join("league.toml"),
        format!(
            "{}[experiment]\ndatabase_url = \"{}\"\n",
            common::MINIMAL_CONFIG,
            pg.url_with_password(PASSWORD)
        ),
    )
    .unwrap();
    let log = tmp.path().join("serve.log");
    let s = start_with(&dir, "2026-12-03T12:00:00Z", &log, 1000, Some(""));
    let (id, _) = new_reader(&s);
    let r = call(
        &s,
        "POST",
        "/api/experiment/forecast",
        &forecast(&id, "SPX", None),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    drop(s);
    assert!(
        !dir.join("experiment.sqlite").exists(),
        "the config's PostgreSQL holds the records, not SQLite"
    );
    let stats = |url: Option<&str>| {
        let mut c = Command::new(bin());
        c.args(["experiment", "stats"]).arg(&dir).arg("--json");
        match url {
            Some(u) => c.env(DATABASE_URL, u),
            None => c.env_remove(DATABASE_URL),
        };
        c.output().unwrap()
    };
    let out = stats(None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["identifiers"], 1, "read back from the config's database");
    // The environment wins: a URL on a port where nothing listens fails, although the
    // config's URL would work.
    let refused = format!("postgres://sb:{ENV_PASSWORD}@127.0.0.1:1/postgres");
    let out = stats(Some(&refused));
    assert_eq!(out.status.code(), Some(2), "the environment's URL was used");
    let err = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(err.contains("postgresql: error connecting"), "{err}");
    // A server started on it fails the same way, naming no password.
    let bad_log = tmp.path().join("refused.log");
    let status = Command::new(bin())
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--experiment",
            "--serve-unlisted",
            "--data",
        ])
        .arg(&dir)
        .env(DATABASE_URL, &refused)
        .stdout(std::fs::File::create(tmp.path().join("refused.stdout")).unwrap())
        .stderr(std::fs::File::create(&bad_log).unwrap())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    let mut searched = 0;
    for p in [
        log.clone(),
        log.with_extension("stdout"),
        bad_log,
        tmp.path().join("refused.stdout"),
    ] {
        let text = std::fs::read_to_string(&p).unwrap();
        for pw in [PASSWORD, ENV_PASSWORD] {
            assert!(
                !text.contains(pw),
                "{} shows a password: {text}",
                p.display()
            );
        }
        searched += 1;
    }
    assert!(
        !err.contains(ENV_PASSWORD) && !err.contains(PASSWORD),
        "{err}"
    );
    assert_eq!(searched, 4);
}

/// The book as it stood at the API's clock (spec §6.1): a league whose book runs ahead of the
/// clock (the DEMO's season, a replay) shows no council sealed after the clock, and no
/// session's outcome before the session closes at 16:00 ET, although the score line is in the
/// book, at the 09:30 reference and after it.
#[test]
fn no_council_before_its_seal_and_no_outcome_before_the_close() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);
    // The session's 1d score line (SPX closed up), and the next session's run and answers,
    // all written ahead of the clocks below.
    let mut book = std::fs::read_to_string(dir.join("council-book.jsonl")).unwrap();
    let score = json!({"n": 5, "kind": "score", "of": 1, "horizon": "1d", "at": "2026-12-03T21:10:00Z",
                       "results": {"SPX": {"ref": 100, "close": 101}, "GOLD": {"ref": 100, "close": 99}}});
    let next_run =
        json!({"n": 6, "kind": "run", "run_id": "2026-12-04-am", "at": "2026-12-04T13:30:00Z"});
    let next_answer = json!({"n": 7, "kind": "answer", "seat": "alpha", "run_id": "2026-12-04-am",
                             "at": "2026-12-04T13:31:00Z", "items": {"SPX": {"1d": {"prob_up": 70}}}});
    for line in [score, next_run, next_answer] {
        book += &line.to_string();
        book.push('\n');
    }
    std::fs::write(dir.join("council-book.jsonl"), book).unwrap();
    let log = tmp.path().join("serve.log");

    // A forecast before the reference, then past it (the clock runs in real time).
    let s = start(&dir, "2026-12-03T14:29:58Z", &log, 1000);
    let id = reader_of(&s, "seeing");
    let r = call(
        &s,
        "POST",
        "/api/experiment/forecast",
        &forecast(&id, "SPX", None),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut view = Value::Null;
    for _ in 0..100 {
        view = call(
            &s,
            "GET",
            &format!("/api/experiment/session?reader={id}"),
            "",
        )
        .body;
        if view["session"] != SESSION {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(view["session"], "2026-12-04", "{view}");
    let server_time = view["server_time"].as_str().unwrap();
    assert!(server_time.starts_with("2026-12-03T14:30:"), "{view}");
    // 2026-12-04's run is in the book but sealed after the clock: no council.
    assert_eq!(view["council"], Value::Null, "{view}");
    // 2026-12-03 is scored in the book but has not closed: no outcome.
    assert_eq!(view["scored"], Value::Null, "{view}");
    // Nor through the analysis: the seeing group (g0) has no scored forecast yet.
    let stats = call(&s, "GET", "/api/experiment/stats", "").body;
    assert_eq!(
        (&stats["g0"]["scored"], &stats["g0"]["brier"]),
        (&json!(0), &Value::Null),
        "{stats}"
    );
    drop(s);

    // After the close, the session is scored: the reader's call of 70% up on SPX, which rose.
    let s = start(
        &dir,
        "2026-12-03T21:00:01Z",
        &log.with_extension("2.log"),
        1000,
    );
    let view = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={id}"),
        "",
    )
    .body;
    assert_eq!(view["scored"]["session"], SESSION, "{view}");
    assert_eq!(view["scored"]["reader"]["n"], 1, "{view}");
    let brier = view["scored"]["reader"]["brier"].as_f64().unwrap();
    assert!((brier - 0.09).abs() < 1e-12, "{view}");
    let stats = call(&s, "GET", "/api/experiment/stats", "").body;
    assert_eq!(stats["g0"]["scored"], 1, "{stats}");
    drop(s);

    // Once 2026-12-04's run is sealed, it is the council shown for that session.
    let s = start(
        &dir,
        "2026-12-04T13:32:00Z",
        &log.with_extension("3.log"),
        1000,
    );
    let view = call(
        &s,
        "GET",
        &format!("/api/experiment/session?reader={id}"),
        "",
    )
    .body;
    assert_eq!(view["council"]["run_id"], "2026-12-04-am", "{view}");
    drop(s);
}

/// A POST must declare a JSON body: a cross-origin page can send `text/plain`, a form or
/// multipart without a preflight, so those are refused unread (415) with no CORS header, even
/// from the configured origin; a JSON body (any case, any parameters) is taken.
#[test]
fn posts_must_declare_a_json_body() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);
    let log = tmp.path().join("serve.log");
    let origin = "https://reader.example";
    let mut command = Command::new(bin());
    command
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--experiment",
            "--serve-unlisted",
            "--data",
        ])
        .arg(&dir)
        .args(["--at", "2026-12-03T12:00:00Z"])
        .env("SEALBOOK_EXPERIMENT_RATE_PER_MINUTE", "1000")
        .env("SEALBOOK_EXPERIMENT_ALLOWED_ORIGIN", origin)
        .env_remove(DATABASE_URL)
        .stderr(std::fs::File::create(&log).unwrap());
    let s = common::serve::start_to(
        command,
        Some(log.clone()),
        Some(&log.with_extension("stdout")),
    );
    let before = call(&s, "GET", "/api/experiment/stats", "").body;
    for ctype in [
        "",
        "Content-Type: text/plain\r\n",
        "Content-Type: text/plain;charset=UTF-8\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "Content-Type: multipart/form-data; boundary=x\r\n",
        "Content-Type: application/jsonx\r\n",
    ] {
        for target in ["/api/experiment/reader", "/api/experiment/forecast"] {
            let r = call_with(
                &s,
                "POST",
                target,
                &format!("Origin: {origin}\r\n{ctype}"),
                "{}",
            );
            assert_eq!(r.status, 415, "{ctype:?} {target}: {}", r.body);
            assert_eq!(r.body["error"]["code"], "unsupported_media_type");
            assert!(
                !r.headers.contains("access-control-"),
                "{ctype:?}: {}",
                r.headers
            );
        }
    }
    assert_eq!(
        call(&s, "GET", "/api/experiment/stats", "").body,
        before,
        "no refused POST reached the store"
    );
    // The preflight is answered for the configured origin, and a JSON POST from it is taken.
    let pre = call_with(
        &s,
        "OPTIONS",
        "/api/experiment/reader",
        &format!("Origin: {origin}\r\nAccess-Control-Request-Method: POST\r\n"),
        "",
    );
    assert_eq!(pre.status, 204);
    assert!(pre
        .headers
        .contains(&format!("access-control-allow-origin: {origin}")));
    let r = call_with(
        &s,
        "POST",
        "/api/experiment/reader",
        &format!("Origin: {origin}\r\nContent-Type: Application/JSON; charset=utf-8\r\n"),
        "{}",
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r
        .headers
        .contains(&format!("access-control-allow-origin: {origin}")));
}

/// A running `sealbook serve --experiment` on `dir` with `extra` arguments and a budget of
/// two requests per address and minute.
fn start_two_a_minute(dir: &Path, log: &Path, extra: &[&str]) -> Server {
    let mut command = Command::new(bin());
    command
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--experiment",
            "--serve-unlisted",
            "--data",
        ])
        .arg(dir)
        .args(["--at", "2026-12-03T12:00:00Z"])
        .args(extra)
        .env("SEALBOOK_EXPERIMENT_RATE_PER_MINUTE", "2")
        .env_remove(DATABASE_URL)
        .stderr(std::fs::File::create(log).unwrap());
    common::serve::start_to(
        command,
        Some(log.to_path_buf()),
        Some(&log.with_extension("stdout")),
    )
}

/// The status of `GET /api/experiment/stats` from [`CLIENT`] sending `X-Forwarded-For:
/// forwarded`.
fn stats_via(s: &Server, forwarded: &str) -> u16 {
    call_with(
        s,
        "GET",
        "/api/experiment/stats",
        &format!("X-Forwarded-For: {forwarded}\r\n"),
        "",
    )
    .status
}

/// Behind a reverse proxy every reader connects from the proxy's address. By default
/// `X-Forwarded-For` is never read (a client could name any address): requests naming three
/// different clients share the one budget of the connecting address. With the connecting
/// address named a trusted proxy (`--trusted-proxy`, or `[experiment] trusted_proxies` in
/// league.toml), each client named by the proxy has its own budget, and a client cannot pick a
/// fresh one by writing its own entries to the left of the one the proxy appended.
#[test]
fn x_forwarded_for_counts_only_behind_a_named_proxy() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);

    // Default: the header is ignored; the third request of the minute is refused.
    let s = start_two_a_minute(&dir, &tmp.path().join("default.log"), &[]);
    assert_eq!(stats_via(&s, "198.51.100.1"), 200);
    assert_eq!(stats_via(&s, "198.51.100.2"), 200);
    assert_eq!(stats_via(&s, "198.51.100.3"), 429);
    drop(s);

    // The proxy named on the command line (which replaces the configuration's list), then in
    // the league's configuration.
    for (what, configured, extra) in [
        ("flag", "10.9.9.9", &["--trusted-proxy", CLIENT][..]),
        ("config", CLIENT, &[][..]),
    ] {
        std::fs::write(
            dir.join("league.toml"),
            format!(
                "{}[experiment]\ntrusted_proxies = [\"{configured}\"]\n",
                common::MINIMAL_CONFIG
            ),
        )
        .unwrap();
        let s = start_two_a_minute(&dir, &tmp.path().join(format!("{what}.log")), extra);
        // Three clients, three budgets.
        for client in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
            assert_eq!(stats_via(&s, client), 200, "{what}: {client}");
        }
        // One client writing fresh addresses to the left of the proxy's entry: one budget.
        assert_eq!(stats_via(&s, "6.6.6.1, 198.51.100.9"), 200, "{what}");
        assert_eq!(stats_via(&s, "6.6.6.2, 198.51.100.9"), 200, "{what}");
        assert_eq!(stats_via(&s, "6.6.6.3, 198.51.100.9"), 429, "{what}");
        // No header, or an entry that is not an address: the proxy's own budget.
        assert_eq!(stats_via(&s, "unknown"), 200, "{what}");
        assert_eq!(stats_via(&s, "unknown"), 200, "{what}");
        assert_eq!(stats_via(&s, "unknown"), 429, "{what}");
        drop(s);
    }

    // A proxy that is not an IP address is refused at start, naming the flag.
    let out = Command::new(bin())
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--experiment",
            "--serve-unlisted",
            "--data",
        ])
        .arg(&dir)
        .args(["--trusted-proxy", "10.0.0.0/8"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--trusted-proxy") && err.contains("\"10.0.0.0/8\" is not an IP address"),
        "{err}"
    );
}

/// The count of stored forecasts a stats answer says it covers.
fn forecasts_covered(r: &Reply) -> u64 {
    r.headers
        .lines()
        .find_map(|l| l.strip_prefix("x-experiment-forecasts: "))
        .unwrap_or_else(|| panic!("no x-experiment-forecasts header: {}", r.headers))
        .trim()
        .parse()
        .unwrap()
}

/// Read-your-writes: after each acknowledged forecast the stats cover it (the header counts it,
/// the analysis has the reader's first forecasts), while a poll with nothing new is answered
/// the same. A reader's repeats of one market are bounded: the eleventh is refused with 409
/// `too_many_forecasts` and stores nothing; another market still takes forecasts.
#[test]
fn stats_cover_every_acknowledged_forecast_and_repeats_are_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    std::fs::create_dir(&dir).unwrap();
    league(&dir);
    let s = start(
        &dir,
        "2026-12-03T12:00:00Z",
        &tmp.path().join("serve.log"),
        1000,
    );
    let stats = || {
        let r = call(&s, "GET", "/api/experiment/stats", "");
        assert_eq!(r.status, 200, "{}", r.body);
        r
    };
    let firsts = |r: &Reply| {
        r.body["g0"]["first_forecasts"].as_u64().unwrap()
            + r.body["g1"]["first_forecasts"].as_u64().unwrap()
    };
    assert_eq!(forecasts_covered(&stats()), 0);
    let (id, _) = new_reader(&s);
    for n in 1..=10 {
        let r = call(
            &s,
            "POST",
            "/api/experiment/forecast",
            &forecast(&id, "SPX", None),
        );
        assert_eq!(r.status, 201, "forecast {n}: {}", r.body);
        let st = stats();
        assert_eq!(forecasts_covered(&st), n);
        assert_eq!(firsts(&st), 1);
    }
    let polled = stats();
    assert_eq!(stats().body, polled.body);
    let r = call(
        &s,
        "POST",
        "/api/experiment/forecast",
        &forecast(&id, "SPX", None),
    );
    assert_eq!(code(&r), (409, "too_many_forecasts"), "{}", r.body);
    assert_eq!(r.body["error"]["field"], "market");
    assert_eq!(
        r.body["error"]["msg"],
        json!({"id": "too_many_forecasts", "max": 10})
    );
    assert_eq!(
        forecasts_covered(&stats()),
        10,
        "the refused forecast is not stored"
    );
    let r = call(
        &s,
        "POST",
        "/api/experiment/forecast",
        &forecast(&id, "GOLD", None),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let st = stats();
    assert_eq!((forecasts_covered(&st), firsts(&st)), (11, 2));
}
