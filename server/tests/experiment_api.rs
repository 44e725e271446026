//! The reader experiment's API over real sockets (spec §6; `sealbook serve --experiment`):
//! every validation error, the rate limit, the first-forecast rule, the blind/seeing rule (a
//! blind reader's answers hold no council before its first forecast), the peek, the revision
//! protocol, the closed session, and after the run a search of the database files and the
//! server's log for the client's address. The client connects from 127.0.0.2, so finding that
//! string anywhere means it was stored.

mod common;

use common::serve::Server;
use common::BIN;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const CLIENT: &str = "127.0.0.2";
const SESSION: &str = "2026-12-03";

/// A league directory with a sealed run for the session: two seats' 1d answers.
fn league(dir: &Path) {
    let mut book = String::new();
    book +=
        &json!({"n": 1, "kind": "run", "run_id": "2026-12-03-am", "at": "2026-12-03T12:30:00Z"})
            .to_string();
    book.push('\n');
    for (n, seat, p) in [(2, "alpha", 61), (3, "beta", 55)] {
        let items = json!({"SPX": {"1d": {"prob_up": p}}, "GOLD": {"1d": {"prob_up": 100 - p}}});
        book += &json!({"n": n, "kind": "answer", "seat": seat, "run_id": "2026-12-03-am",
                        "at": "2026-12-03T12:40:00Z", "items": items})
        .to_string();
        book.push('\n');
    }
    std::fs::write(dir.join("council-book.jsonl"), book).unwrap();
}

/// A running `sealbook serve --experiment` on `dir` with its clock set to `at`: stderr to
/// `log`, stdout to the file beside it (`.stdout`), both searched for the client's address.
fn start(dir: &Path, at: &str, log: &Path, rate: u32) -> Server {
    let mut command = Command::new(BIN);
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--experiment", "--data"])
        .arg(dir)
        .args(["--at", at])
        .env("SEALBOOK_EXPERIMENT_RATE_PER_MINUTE", rate.to_string())
        .env_remove("SEALBOOK_EXPERIMENT_DATABASE_URL")
        .stderr(std::fs::File::create(log).unwrap());
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
    let mut c = connect(&s.addr);
    write!(
        c,
        "{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
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
    assert_eq!(sess.body["council"]["answers"].as_array().unwrap().len(), 4);

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
    let api_stats = call(&s, "GET", "/api/experiment/stats", "").body;
    drop(s);

    // The CLI reads the same store: the same analysis, and the forecasts without addresses.
    let out = Command::new(BIN)
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
    let out = Command::new(BIN)
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
    let out = Command::new(BIN)
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
