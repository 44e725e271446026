//! The seats against fake model endpoints: real HTTP servers on 127.0.0.1 started here,
//! answering with the recorded replies of `../shared/vectors/llm-apis` and with slow, failing,
//! rate-limited, malformed, refused and oversized replies; the command seat against real
//! processes; and a run in a child process that shows no API key reaches any output or file.

use super::command::CommandSeat;
use super::http::HttpSeat;
use super::*;
use sealbook_core::league::wire::{Reply, Wire};
use sealbook_tests::llm_vectors::{recordings, Provider};
use std::sync::atomic::Ordering;

pub(super) use sealbook_tests::fake_http::{start as fake, Answer};

pub(super) fn ask(model: &str) -> AskRequest {
    AskRequest {
        system: "You forecast markets. Answer in JSON.".into(),
        user: "SPX NDX ... 1d 1w 1m 6m".into(),
        model: model.into(),
        max_tokens: 2000,
        temperature: Some(0.2),
    }
}

pub(super) fn seat(wire: Wire, url: &str, key: Option<&str>) -> HttpSeat {
    let mut s = HttpSeat::new(
        "alpha",
        wire,
        url,
        key.map(|k| ApiKey(k.to_string())),
        Duration::from_secs(10),
    );
    s.retry = RetryPolicy {
        max_attempts: 1,
        base: Duration::from_millis(20),
        max_backoff: Duration::from_millis(100),
    };
    s
}

pub(super) fn far() -> Instant {
    Instant::now() + Duration::from_secs(60)
}

fn base_url(wire: Wire, url: &str) -> String {
    match wire {
        Wire::OpenAi => format!("{url}/v1"),
        _ => url.to_string(),
    }
}

pub(super) const OK_OPENAI: &[u8] = br#"{"model": "gpt-test-1", "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "{\"items\": {}}", "refusal": null}}]}"#;

/// Every recording, served by a fake endpoint, reads through the seat as core reads the
/// recorded bytes; the request goes to the provider's path with the key in its header.
#[test]
fn recorded_replies_through_fake_endpoints() {
    let mut served = 0;
    for rec in recordings() {
        let wire = match rec.provider {
            Provider::OpenAi => Wire::OpenAi,
            Provider::Anthropic => Wire::Anthropic,
            Provider::Gemini => Wire::Gemini,
        };
        let (status, headers, body) = (rec.status, rec.headers.clone(), rec.body.clone());
        let f = fake(move |_, _| Answer {
            status,
            headers: headers.clone(),
            body: body.clone(),
            delay: Duration::ZERO,
        });
        let s = seat(wire, &base_url(wire, &f.url), Some("k-test-recorded-0001"));
        let r = s.ask(&ask("model-x"), far());
        let h: Vec<(&str, &str)> = rec
            .headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let direct = wire.read(&Reply {
            status: rec.status,
            headers: &h,
            body: &rec.body,
        });
        assert_eq!(r.outcome, direct, "{} #{}", rec.file, rec.index);
        assert_eq!(r.raw, rec.body, "{}", rec.file);
        assert_eq!(r.status, Some(rec.status));
        assert_eq!(r.attempts, 1);
        let seen = f.seen.lock().unwrap()[0].clone();
        let (path, key_header, key_value) = match wire {
            Wire::OpenAi => (
                "/v1/chat/completions",
                "authorization",
                "Bearer k-test-recorded-0001",
            ),
            Wire::Anthropic => ("/v1/messages", "x-api-key", "k-test-recorded-0001"),
            Wire::Gemini => (
                "/v1beta/models/model-x:generateContent",
                "x-goog-api-key",
                "k-test-recorded-0001",
            ),
        };
        assert_eq!(seen.path, path);
        assert!(!seen.path.contains("k-test"));
        assert_eq!(seen.header(key_header), Some(key_value), "{}", rec.file);
        if wire == Wire::Anthropic {
            assert_eq!(seen.header("anthropic-version"), Some("2023-06-01"));
        }
        assert_eq!(seen.body, wire.request_body(&ask("model-x")));
        served += 1;
    }
    assert_eq!(served, 30);
}

#[test]
fn slow_endpoint_times_out_and_retries_until_the_deadline() {
    let f = fake(|_, _| Answer {
        delay: Duration::from_secs(3),
        ..Answer::json(200, OK_OPENAI)
    });
    let mut s = seat(Wire::OpenAi, &f.url, None);
    s.timeout = Duration::from_millis(200);
    s.retry.max_attempts = 10;
    let r = s.ask(&ask("m"), Instant::now() + Duration::from_millis(900));
    assert!(
        matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "timeout" || kind == "deadline"),
        "{r:?}"
    );
    assert!(r.attempts >= 2, "{r:?}");
    assert!(
        r.attempts < 10,
        "the deadline, not the attempt count, ended it: {r:?}"
    );
    assert_eq!(r.raw, b"");
}

#[test]
fn failing_then_ok() {
    let f = fake(|hit, _| match hit {
        0 => Answer::json(
            500,
            br#"{"error": {"message": "boom", "type": "server_error"}}"#,
        ),
        _ => Answer::json(200, OK_OPENAI),
    });
    let mut s = seat(Wire::OpenAi, &f.url, None);
    s.retry.max_attempts = 3;
    let r = s.ask(&ask("m"), far());
    assert_eq!(r.outcome.finish, Finish::Stop, "{r:?}");
    assert_eq!(r.outcome.text.as_deref(), Some("{\"items\": {}}"));
    assert_eq!(r.outcome.provider_model.as_deref(), Some("gpt-test-1"));
    assert_eq!(r.attempts, 2);
    assert_eq!(r.earlier, vec!["http 500 server_error: boom".to_string()]);
    assert_eq!(r.raw, OK_OPENAI);
    assert_eq!(f.hits.load(Ordering::SeqCst), 2);
}

#[test]
fn rate_limited_with_retry_after_then_ok() {
    let f = fake(|hit, _| {
        match hit {
        0 => Answer {
            headers: vec![("retry-after".into(), "1".into())],
            ..Answer::json(
                429,
                br#"{"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}}"#,
            )
        },
        _ => Answer::json(
            200,
            br#"{"type": "message", "model": "claude-test", "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn"}"#,
        ),
    }
    });
    let mut s = seat(Wire::Anthropic, &f.url, Some("k-anthropic-test-1"));
    s.retry.max_attempts = 3;
    let r = s.ask(&ask("m"), far());
    assert_eq!(r.outcome.finish, Finish::Stop, "{r:?}");
    assert_eq!(r.attempts, 2);
    assert!(
        r.earlier[0].starts_with("http 429 rate_limit_error"),
        "{r:?}"
    );

    // A retry-after that does not fit before the deadline ends the asking at once.
    let f = fake(|_, _| Answer {
        headers: vec![("retry-after".into(), "30".into())],
        ..Answer::json(
            429,
            br#"{"error": {"message": "later", "code": "rate_limit_exceeded"}}"#,
        )
    });
    let mut s = seat(Wire::OpenAi, &f.url, None);
    s.retry.max_attempts = 3;
    let r = s.ask(&ask("m"), Instant::now() + Duration::from_secs(5));
    assert_eq!(r.attempts, 1, "{r:?}");
    assert_eq!(r.outcome.retry, RetryAdvice::After(Duration::from_secs(30)));
}

#[test]
fn malformed_refused_and_oversized() {
    let f = fake(|_, _| Answer::json(200, b"{\"choices\": [{\"message\": {\"content\": \"tr"));
    let mut s = seat(Wire::OpenAi, &f.url, None);
    s.retry.max_attempts = 2;
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "malformed"));
    assert_eq!(r.attempts, 2, "a garbled body is retried");
    assert_eq!(r.raw, b"{\"choices\": [{\"message\": {\"content\": \"tr");

    let f = fake(|_, _| {
        Answer::json(
            200,
            br#"{"model": "gpt-x", "choices": [{"finish_reason": "stop", "message": {"content": null, "refusal": "I can't help with that."}}]}"#,
        )
    });
    let r = seat(Wire::OpenAi, &f.url, None).ask(&ask("m"), far());
    assert_eq!(
        r.outcome.finish,
        Finish::Refused("I can't help with that.".into())
    );

    let big = vec![b' '; 50_000];
    let f = fake(move |_, _| Answer::json(200, big.as_slice()));
    let mut s = seat(Wire::Gemini, &f.url, None);
    s.max_reply_bytes = 10_000;
    s.retry.max_attempts = 3;
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "oversized"));
    assert_eq!(
        r.raw.len(),
        10_001,
        "read to the bound and one byte, no further"
    );
    assert_eq!(r.attempts, 1);
}

#[test]
fn unreachable_endpoint_is_a_transport_error() {
    // A port that was just free: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let r = seat(Wire::OpenAi, &format!("http://127.0.0.1:{port}"), None).ask(&ask("m"), far());
    assert!(
        matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "transport"),
        "{r:?}"
    );
}

/// Fourteen seats asked at once: each reply comes through the channel when that seat is done,
/// the quick ones before the one that takes long, and every seat answers once.
#[test]
fn all_seats_at_once_replies_as_they_come() {
    let f = fake(|_, seen| {
        let slow = String::from_utf8_lossy(&seen.body).contains("slow-model");
        Answer {
            delay: if slow {
                Duration::from_millis(1500)
            } else {
                Duration::ZERO
            },
            ..Answer::json(200, OK_OPENAI)
        }
    });
    let mut asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = Vec::new();
    for i in 0..14 {
        let mut s = seat(Wire::OpenAi, &f.url, None);
        s.name = format!("seat{i:02}");
        let model = if i == 0 { "slow-model" } else { "fast-model" };
        asks.push((Arc::new(s), ask(model)));
    }
    let rx = ask_all(asks, far(), |r| r);
    let replies: Vec<SeatReply> = rx.iter().collect();
    assert_eq!(replies.len(), 14);
    assert_eq!(
        replies.last().unwrap().seat,
        "seat00",
        "the slow seat came last"
    );
    let mut names: Vec<&str> = replies.iter().map(|r| r.seat.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 14);
    for r in &replies {
        assert_eq!(r.outcome.finish, Finish::Stop);
        assert_eq!(r.own_sha256().len(), 64);
    }
    // Every seat got the same text.
    let seen = f.seen.lock().unwrap();
    let user: Vec<String> = seen
        .iter()
        .map(|s| {
            let v: serde_json::Value = serde_json::from_slice(&s.body).unwrap();
            v["messages"][1]["content"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(user.iter().all(|u| u == &user[0]));
}

/// The names of this process's threads (Linux: `/proc/self/task/*/comm`, at most 15 bytes).
#[cfg(target_os = "linux")]
fn thread_names() -> Vec<String> {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
        .map(|n| n.trim_end().to_string())
        .collect()
}

/// Three hundred HTTP seats waiting on their replies at once are tasks of the event loop: no
/// thread of their own while they wait, and each still replies once.
#[cfg(target_os = "linux")]
#[test]
fn http_seats_wait_on_one_event_loop() {
    let f = sealbook_tests::fake_http::start_async(|_, _| Answer {
        delay: Duration::from_millis(1500),
        ..Answer::json(200, OK_OPENAI)
    });
    let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..300)
        .map(|i| {
            let mut s = seat(Wire::OpenAi, &f.url, None);
            s.name = format!("probe{i:03}");
            (Arc::new(s) as Arc<dyn SeatAdapter>, ask("m"))
        })
        .collect();
    let rx = ask_all(asks, far(), |r| r);
    let start = Instant::now();
    while f.hits.load(Ordering::SeqCst) < 300 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let names = thread_names();
    assert!(
        !names.iter().any(|n| n.starts_with("seat-probe")),
        "a seat on a thread of its own: {names:?}"
    );
    assert!(names.iter().any(|n| n == "seat-loop"), "{names:?}");
    let replies: Vec<SeatReply> = rx.iter().collect();
    let mut seats: Vec<&str> = replies.iter().map(|r| r.seat.as_str()).collect();
    seats.sort();
    seats.dedup();
    assert_eq!(
        (replies.len(), seats.len()),
        (300, 300),
        "each seat replied once"
    );
    assert!(replies
        .iter()
        .all(|r| r.outcome.finish == Finish::Stop && r.raw == OK_OPENAI));
    assert_eq!(f.hits.load(Ordering::SeqCst), 300);
}

/// A seat that answers at once.
#[cfg(target_os = "linux")]
#[derive(Debug)]
struct AtOnce(String);

#[cfg(target_os = "linux")]
impl SeatAdapter for AtOnce {
    fn name(&self) -> &str {
        &self.0
    }

    fn ask(&self, _: &AskRequest, _: Instant) -> SeatReply {
        SeatReply {
            seat: self.0.clone(),
            outcome: local_error("none", String::new(), RetryAdvice::No),
            status: None,
            raw: self.0.as_bytes().to_vec(),
            arrived: Instant::now(),
            attempts: 1,
            earlier: Vec::new(),
            redacted: false,
        }
    }
}

/// Every reply is read exactly once, on a pool of at most one thread per core whatever the
/// number of seats.
#[test]
fn replies_are_read_on_a_bounded_pool() {
    let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..200)
        .map(|i| {
            let s = AtOnce(format!("seat{i:03}"));
            (Arc::new(s) as Arc<dyn SeatAdapter>, ask("m"))
        })
        .collect();
    let rx = ask_all(asks, far(), move |r| {
        let name = std::thread::current().name().unwrap_or("").to_string();
        (r.seat, name)
    });
    let got: Vec<(String, String)> = rx.iter().collect();
    let mut seats: Vec<&str> = got.iter().map(|(s, _)| s.as_str()).collect();
    seats.sort();
    seats.dedup();
    assert_eq!((got.len(), seats.len()), (200, 200), "each reply read once");
    let mut readers: Vec<&str> = got.iter().map(|(_, t)| t.as_str()).collect();
    readers.sort();
    readers.dedup();
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(readers.len() <= cores, "{readers:?} on {cores} cores");
    assert!(
        readers.iter().all(|t| t.starts_with("seat-replies-")),
        "{readers:?}"
    );
}

/// A seat that panics where `how` says: in its ask on a thread of its own, in making its
/// task for the loop, or in its task; or answers when `how` is "answer".
#[derive(Debug)]
struct Hostile {
    name: String,
    how: &'static str,
}

impl SeatAdapter for Hostile {
    fn name(&self) -> &str {
        &self.name
    }

    fn ask(&self, _: &AskRequest, _: Instant) -> SeatReply {
        if self.how == "thread" {
            panic!("a seat's thread panics");
        }
        not_started(&self.name, "answered")
    }

    fn ask_on_loop(&self, _: &AskRequest, _: Instant) -> Option<SeatFuture> {
        match self.how {
            "making" => panic!("a seat's task cannot be made"),
            "task" => Some(Box::pin(async { panic!("a seat's task panics") })),
            _ => None,
        }
    }
}

#[test]
fn a_panicking_seat_is_its_own_failure_and_the_others_answer() {
    let seat = |name: &str, how| -> Arc<dyn SeatAdapter> {
        Arc::new(Hostile {
            name: name.into(),
            how,
        })
    };
    let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = vec![
        seat("ok-1", "answer"),
        seat("thread", "thread"),
        // A NUL cannot be in a thread's name: the seat's thread is named without it.
        seat("nul\0name", "answer"),
        seat("making", "making"),
        seat("task", "task"),
        seat("ok-2", "answer"),
    ]
    .into_iter()
    .map(|s| (s, ask("m")))
    .collect();
    let rx = ask_all(asks, far(), |r| r);
    let mut got: Vec<SeatReply> = Vec::new();
    while let Ok(r) = rx.recv_timeout(Duration::from_secs(30)) {
        got.push(r);
    }
    got.sort_by(|a, b| a.seat.cmp(&b.seat));
    let seats: Vec<&str> = got.iter().map(|r| r.seat.as_str()).collect();
    assert_eq!(
        seats,
        ["making", "nul\0name", "ok-1", "ok-2", "task", "thread"]
    );
    for r in &got {
        let panicked = ["making", "task", "thread"].contains(&r.seat.as_str());
        assert_eq!(is_fault(r), panicked, "{r:?}");
        if panicked {
            assert!(
                matches!(&r.outcome.finish, Finish::Error { message, .. } if message.contains("panic")),
                "{r:?}"
            );
        } else {
            assert!(
                matches!(&r.outcome.finish, Finish::Error { message, .. } if message == "answered"),
                "{r:?}"
            );
        }
    }
    assert_eq!(thread_name("a/b\0c d"), "seat-a_b_c_d");
}

fn sh(script: &str) -> Vec<String> {
    vec!["/bin/sh".into(), "-c".into(), script.into()]
}

#[test]
fn command_seat() {
    let s = CommandSeat::new("cmd", sh("cat"), &[], Duration::from_secs(20));
    let r = s.ask(&ask("m"), far());
    assert_eq!(r.outcome.finish, Finish::Stop);
    assert_eq!(
        r.outcome.text.as_deref(),
        Some("You forecast markets. Answer in JSON.\n\nSPX NDX ... 1d 1w 1m 6m")
    );
    assert_eq!(r.raw, r.outcome.text.as_deref().unwrap().as_bytes());

    // A command that ignores stdin and hangs is killed at its timeout.
    let s = CommandSeat::new("cmd", sh("sleep 30"), &[], Duration::from_millis(300));
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "timeout"));
    // ... and so is one whose child keeps stdout open after it exits.
    let s = CommandSeat::new(
        "cmd",
        sh("sleep 30 & echo started"),
        &[],
        Duration::from_millis(300),
    );
    let r = s.ask(&ask("m"), far());
    assert!(
        matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "timeout"),
        "{r:?}"
    );

    let mut s = CommandSeat::new("cmd", sh("yes"), &[], Duration::from_secs(20));
    s.max_reply_bytes = 4096;
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "oversized"));
    assert_eq!(r.raw.len(), 4097);

    let s = CommandSeat::new(
        "cmd",
        sh("echo partial; exit 3"),
        &[],
        Duration::from_secs(20),
    );
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "exit"));
    assert_eq!(r.raw, b"partial\n", "what it printed is kept");

    let s = CommandSeat::new(
        "cmd",
        vec!["/nonexistent/model".into()],
        &[],
        Duration::from_secs(5),
    );
    let r = s.ask(&ask("m"), far());
    assert!(matches!(&r.outcome.finish, Finish::Error { kind, .. } if kind == "command"));
}

#[test]
fn a_command_gets_only_the_environment_its_seat_declares() {
    // cargo runs tests with CARGO_MANIFEST_DIR set: not given unless the seat names it.
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let env_of = |declared: &[String]| {
        let s = CommandSeat::new(
            "cmd",
            sh("cat > /dev/null; env"),
            declared,
            Duration::from_secs(20),
        );
        let r = s.ask(&ask("m"), far());
        assert_eq!(r.outcome.finish, Finish::Stop, "{r:?}");
        r.outcome.text.unwrap_or_default()
    };
    let plain = env_of(&[]);
    assert!(plain.lines().any(|l| l.starts_with("PATH=")), "{plain}");
    // (The shell sets PWD, which may be that directory: only the variable is looked for.)
    assert!(!plain.contains("CARGO_MANIFEST_DIR"), "{plain}");
    let names: Vec<&str> = plain
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, _)| k)
        .collect();
    assert!(
        names
            .iter()
            .all(|k| ["PATH", "HOME", "LANG", "LC_ALL", "TZ", "PWD", "SHLVL", "_"].contains(k)),
        "{names:?}"
    );
    let declared = env_of(&[
        "CARGO_MANIFEST_DIR".into(),
        "SEALBOOK_SURELY_UNSET_VAR".into(),
    ]);
    assert!(
        declared.contains(&format!("CARGO_MANIFEST_DIR={dir}")),
        "{declared}"
    );
    assert!(
        !declared.contains("SEALBOOK_SURELY_UNSET_VAR"),
        "{declared}"
    );
}

#[test]
fn a_command_that_does_not_read_its_ask_fails_alone() {
    // An ask larger than a pipe holds: the write breaks whenever the command exits.
    let mut big = ask("m");
    big.user = "x".repeat(1 << 20);
    for script in [
        "exit 0",
        "exec 0<&-; echo answer",
        "head -c 10 > /dev/null; echo answer",
    ] {
        let s = CommandSeat::new("cmd", sh(script), &[], Duration::from_secs(20));
        let r = s.ask(&big, far());
        assert!(
            matches!(&r.outcome.finish, Finish::Error { kind, message }
                if kind == "command" && message.contains("did not read its whole ask")),
            "{script}: {r:?}"
        );
    }
    // One that reads it all answers.
    let s = CommandSeat::new("cmd", sh("wc -c"), &[], Duration::from_secs(20));
    let r = s.ask(&big, far());
    assert_eq!(r.outcome.finish, Finish::Stop, "{r:?}");
}

#[test]
fn api_key_from_the_environment_only() {
    let e = ApiKey::from_env("SEALBOOK_TEST_SURELY_UNSET_KEY_VAR").unwrap_err();
    assert!(e.contains("SEALBOOK_TEST_SURELY_UNSET_KEY_VAR"));
    let k = ApiKey("sk-abcdefgh12345678".into());
    assert_eq!(format!("{k:?} {k}"), "ApiKey([REDACTED]) [REDACTED]");
    assert_eq!(
        k.scrub(b"x sk-abcdefgh12345678 ysk-abcdefgh12345678"),
        b"x [REDACTED] y[REDACTED]"
    );
}

/// The key of the no-key-in-logs test: distinctive, so that a grep finds any copy.
const LEAK_KEY: &str = "sk-sealbook-LEAKCHECK-7f3a9c1e5b";
const LEAK_VAR: &str = "SEALBOOK_LEAKCHECK_KEY";

/// Does nothing in a normal run. As a child (`SEALBOOK_SEATS_CHILD=leak`, the key in
/// `SEALBOOK_LEAKCHECK_KEY`, a directory in `SEALBOOK_SEATS_DIR`): asks seats of every wire
/// against fake endpoints, some of which echo the key back in their bodies as Gemini's
/// invalid-key reply does, seals every reply in a ledger in the directory, writes the raw
/// replies beside it, and prints every reply, error and seat configuration (Debug and
/// Display) on stdout and stderr.
#[test]
fn child_leak_run() {
    if std::env::var_os("SEALBOOK_SEATS_CHILD").is_none() {
        return;
    }
    let dir = std::path::PathBuf::from(std::env::var_os("SEALBOOK_SEATS_DIR").unwrap());
    let key = ApiKey::from_env(LEAK_VAR).expect("key in the environment");
    let f = fake(|hit, seen| {
        let got = seen
            .header("authorization")
            .or(seen.header("x-api-key"))
            .or(seen.header("x-goog-api-key"))
            .unwrap_or("")
            .to_string();
        match hit % 3 {
            0 => Answer::json(200, OK_OPENAI),
            // Echo the key, as providers do in invalid-key errors.
            1 => Answer::json(
                400,
                format!(r#"{{"error": {{"code": 400, "message": "API key not valid: {got}", "status": "INVALID_ARGUMENT", "type": "invalid_request_error"}}}}"#)
                    .as_bytes(),
            ),
            _ => Answer::json(500, format!("upstream saw key {got}").as_bytes()),
        }
    });
    let (mut ledger, _) = crate::ledger::LedgerFile::open(&dir.join("council-book.jsonl")).unwrap();
    for (i, wire) in [Wire::OpenAi, Wire::Anthropic, Wire::Gemini]
        .into_iter()
        .cycle()
        .take(9)
        .enumerate()
    {
        let mut s = seat(wire, &base_url(wire, &f.url), None);
        s.key = Some(key.clone());
        s.retry.max_attempts = 2;
        println!("seat {s:?}");
        eprintln!("seat {s:?}");
        let r = s.ask(&ask("m"), far());
        println!("reply {r:?}");
        eprintln!("reply {r:?} {:?}", r.outcome.finish);
        std::fs::write(dir.join(format!("raw-{i}.json")), &r.raw).unwrap();
        let mut content = sealbook_core::book::canon::Object::new();
        let text = format!("{:?} {:?}", r.outcome, r.earlier);
        content.insert(
            "kind",
            sealbook_core::book::canon::Value::Str("answer".into()),
        );
        content.insert(
            "reply",
            sealbook_core::book::canon::Value::Str(text.as_str().into()),
        );
        content.insert(
            "own_sha256",
            sealbook_core::book::canon::Value::Str(r.own_sha256().as_str().into()),
        );
        ledger.append(&content).unwrap();
    }
    // A seat whose variable is missing says which variable, never a value.
    println!("{:?}", ApiKey::from_env("SEALBOOK_LEAKCHECK_MISSING"));
    println!("leak run done; {} requests", f.hits.load(Ordering::SeqCst));
    let seen = f.seen.lock().unwrap();
    assert!(
        seen.iter()
            .all(|s| s.headers.iter().any(|(_, v)| v.contains(LEAK_KEY))),
        "every request carried the key"
    );
}

#[test]
fn no_api_key_in_any_output_or_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "seats::tests::child_leak_run",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("SEALBOOK_SEATS_CHILD", "leak")
        .env("SEALBOOK_SEATS_DIR", dir.path())
        .env(LEAK_VAR, LEAK_KEY)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("leak run done; "), "{stdout}");
    assert!(
        stdout.contains("[REDACTED]"),
        "the echoed keys were seen and scrubbed"
    );
    assert!(!stdout.contains(LEAK_KEY), "key on stdout");
    assert!(!stderr.contains(LEAK_KEY), "key on stderr");
    // The key minus its first character, in case of an off-by-one scrub.
    assert!(!stdout.contains(&LEAK_KEY[1..]) && !stderr.contains(&LEAK_KEY[1..]));
    let mut files = 0;
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let bytes = std::fs::read(e.unwrap().path()).unwrap();
        assert!(
            !bytes
                .windows(LEAK_KEY.len() - 1)
                .any(|w| w == &LEAK_KEY.as_bytes()[1..]),
            "key in a file"
        );
        files += 1;
    }
    assert!(
        files >= 10,
        "the book and the raw replies were written ({files})"
    );
}

/// `openssl s_server` on 127.0.0.1 with a fresh self-signed P-256 certificate for 127.0.0.1,
/// answering `reply` (else its `-www` status page): the server, its port, and the
/// certificate (DER).
struct OpensslServer {
    child: std::process::Child,
    port: u16,
    cert_der: Vec<u8>,
    _dir: tempfile::TempDir,
}

impl Drop for OpensslServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn openssl_server(reply: Option<&[u8]>) -> OpensslServer {
    let dir = tempfile::tempdir().unwrap();
    let made = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            // A server's certificate, not a CA's (webpki refuses a CA used as the end entity).
            "-addext",
            "basicConstraints=critical,CA:FALSE",
            "-addext",
            "extendedKeyUsage=serverAuth",
            "-days",
            "1",
            "-keyout",
            "key.pem",
            "-out",
            "cert.pem",
        ])
        .current_dir(dir.path())
        .output()
        .expect("openssl is installed");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // `-www`: a status page for a GET; with a reply given, s_server sends the bytes written
    // to its stdin once a client's handshake is done, whatever the client sent.
    let mut command = std::process::Command::new("openssl");
    command
        .args(["s_server", "-key", "key.pem", "-cert", "cert.pem"])
        .args(["-accept", &format!("127.0.0.1:{port}")])
        .args(if reply.is_some() {
            &[][..]
        } else {
            &["-www"][..]
        })
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    let mut child = command.spawn().expect("openssl s_server");
    // Listening once it says ACCEPT (no probe connection: s_server serves one at a time).
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut out, &mut line).unwrap_or(0) > 0
        && !line.contains("ACCEPT")
    {
        line.clear();
    }
    // Drain what it echoes from the client, so its stdout never fills.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    if let Some(reply) = reply {
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), reply).unwrap();
    }
    let der = std::process::Command::new("openssl")
        .args(["x509", "-in", "cert.pem", "-outform", "DER"])
        .current_dir(dir.path())
        .output()
        .expect("openssl x509");
    assert!(der.status.success());
    OpensslServer {
        child,
        port,
        cert_der: der.stdout,
        _dir: dir,
    }
}

/// An `https` provider whose certificate no built-in root signed (a self-signed one, served
/// by `openssl s_server` on 127.0.0.1) is refused at the handshake: a transport error that
/// says why, no request sent, never an answer.
#[test]
fn https_with_an_unknown_root_is_refused() {
    let server = openssl_server(None);
    let url = format!("https://127.0.0.1:{}/v1", server.port);
    let r = seat(Wire::OpenAi, &url, None).ask(&ask("m"), far());
    drop(server);
    match &r.outcome.finish {
        Finish::Error { kind, message } => {
            assert_eq!(kind, "transport", "{r:?}");
            assert!(
                message.contains("TLS") && message.contains("certificate"),
                "{message}"
            );
        }
        other => panic!("an answer over an untrusted TLS server: {other:?}"),
    }
    assert_eq!((r.status, r.raw.as_slice()), (None, &b""[..]));
}

/// A server with its own root, that root trusted: the seat's TLS path (rustls, the address
/// as the server name, HTTP/1.1 by ALPN, hyper over the encrypted stream) reads the reply
/// that `openssl s_server` sends, an OpenAI completion, to its text.
#[test]
fn https_with_a_trusted_root_is_read() {
    let body = serde_json::json!({
        "model": "m", "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": "{\"items\": {}}"}}]
    })
    .to_string();
    let reply = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let server = openssl_server(Some(reply.as_bytes()));
    let mut roots = tokio_rustls::rustls::RootCertStore::empty();
    roots
        .add(tokio_rustls::rustls::pki_types::CertificateDer::from(
            server.cert_der.clone(),
        ))
        .unwrap();
    let url = format!("https://127.0.0.1:{}/v1", server.port);
    let r = seat(Wire::OpenAi, &url, None)
        .trusting(roots)
        .ask(&ask("m"), far());
    drop(server);
    assert_eq!(r.status, Some(200), "{r:?}");
    assert_eq!(r.raw, body.as_bytes());
    assert_eq!(r.outcome.text.as_deref(), Some("{\"items\": {}}"), "{r:?}");
}
