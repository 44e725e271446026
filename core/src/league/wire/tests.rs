//! Request bodies and the reply cases no recording holds (429 with `retry-after`, quota,
//! 529, refusals, streamed and garbled bodies). The recorded replies are read in
//! `tests/cross/llm_wire_vectors.rs`.

use super::*;
use serde_json::json;

fn ask() -> AskRequest {
    AskRequest {
        system: "You forecast.".into(),
        user: "SPX 1d?".into(),
        model: "m-1".into(),
        max_tokens: 800,
        temperature: Some(0.0),
    }
}

fn body(wire: Wire, a: &AskRequest) -> serde_json::Value {
    serde_json::from_slice(&wire.request_body(a)).unwrap()
}

fn reply<'a>(status: u16, headers: &'a [(&'a str, &'a str)], body: &'a [u8]) -> Reply<'a> {
    Reply {
        status,
        headers,
        body,
    }
}

#[test]
fn request_bodies() {
    assert_eq!(
        body(Wire::OpenAi, &ask()),
        json!({"model": "m-1", "max_tokens": 800, "stream": false, "temperature": 0.0,
               "messages": [{"role": "system", "content": "You forecast."},
                            {"role": "user", "content": "SPX 1d?"}]})
    );
    assert_eq!(
        body(Wire::Anthropic, &ask()),
        json!({"model": "m-1", "max_tokens": 800, "stream": false, "temperature": 0.0,
               "system": "You forecast.",
               "messages": [{"role": "user", "content": "SPX 1d?"}]})
    );
    assert_eq!(
        body(Wire::Gemini, &ask()),
        json!({"contents": [{"role": "user", "parts": [{"text": "SPX 1d?"}]}],
               "systemInstruction": {"parts": [{"text": "You forecast."}]},
               "generationConfig": {"maxOutputTokens": 800, "temperature": 0.0}})
    );
    let bare = AskRequest {
        system: String::new(),
        temperature: None,
        ..ask()
    };
    assert_eq!(
        body(Wire::OpenAi, &bare)["messages"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert!(body(Wire::OpenAi, &bare).get("temperature").is_none());
    assert!(body(Wire::Anthropic, &bare).get("system").is_none());
    assert!(body(Wire::Gemini, &bare).get("systemInstruction").is_none());
    assert!(body(Wire::Gemini, &bare)["generationConfig"]
        .get("temperature")
        .is_none());
}

#[test]
fn endpoints_carry_no_key() {
    assert_eq!(
        Wire::OpenAi.endpoint("http://127.0.0.1:9000/v1/", "x"),
        "http://127.0.0.1:9000/v1/chat/completions"
    );
    assert_eq!(
        Wire::Anthropic.endpoint("https://api.anthropic.com", "x"),
        "https://api.anthropic.com/v1/messages"
    );
    assert_eq!(
        Wire::Gemini.endpoint("https://g.example", "models/gemini-2.5-flash"),
        "https://g.example/v1beta/models/gemini-2.5-flash:generateContent"
    );
    // A model name cannot smuggle a path or a query (or a key) into the URL.
    assert_eq!(
        Wire::Gemini.endpoint("https://g.example", "a/../b?key=k"),
        "https://g.example/v1beta/models/a%2F..%2Fb%3Fkey%3Dk:generateContent"
    );
}

/// A seat that names no `base_url` calls the provider's documented endpoints: the defaults are
/// hosts, and the wire adds each API's version once.
#[test]
fn the_default_base_urls_reach_the_providers_documented_endpoints() {
    use crate::league::config::{DEFAULT_ANTHROPIC_URL, DEFAULT_GEMINI_URL};
    assert_eq!(
        Wire::Anthropic.endpoint(DEFAULT_ANTHROPIC_URL, "claude-x"),
        "https://api.anthropic.com/v1/messages"
    );
    assert_eq!(
        Wire::Anthropic.models_endpoint(DEFAULT_ANTHROPIC_URL),
        "https://api.anthropic.com/v1/models"
    );
    assert_eq!(
        Wire::Gemini.endpoint(DEFAULT_GEMINI_URL, "gemini-2.5-flash"),
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent"
    );
    assert_eq!(
        Wire::Gemini.models_endpoint(DEFAULT_GEMINI_URL),
        "https://generativelanguage.googleapis.com/v1beta/models"
    );
}

#[test]
fn retry_advice() {
    let h = [("Retry-After", "7")];
    for wire in [Wire::OpenAi, Wire::Anthropic, Wire::Gemini] {
        let o = wire.read(&reply(429, &h, br#"{"error": {"message": "slow down"}}"#));
        assert_eq!(
            o.retry,
            RetryAdvice::After(Duration::from_secs(7)),
            "{wire:?}"
        );
        assert!(matches!(o.finish, Finish::Error { .. }));
        let o = wire.read(&reply(429, &[], b"{}"));
        assert_eq!(o.retry, RetryAdvice::Backoff, "{wire:?}");
        let o = wire.read(&reply(503, &[], b"<html>upstream</html>"));
        assert_eq!(o.retry, RetryAdvice::Backoff, "{wire:?}");
        assert_eq!(
            o.finish,
            Finish::Error {
                kind: "http_503".into(),
                message: "<html>upstream</html>".into()
            }
        );
        for status in [400, 401, 403, 404] {
            assert_eq!(
                wire.read(&reply(status, &h, b"{}")).retry,
                RetryAdvice::No,
                "{wire:?} {status}"
            );
        }
    }
    let ms = [("retry-after-ms", "1500")];
    assert_eq!(
        Wire::OpenAi.read(&reply(429, &ms, b"{}")).retry,
        RetryAdvice::After(Duration::from_millis(1500))
    );
    let date = [("retry-after", "Wed, 21 Oct 2026 07:28:00 GMT")];
    assert_eq!(
        Wire::OpenAi.read(&reply(429, &date, b"{}")).retry,
        RetryAdvice::Backoff
    );
    // The value parser, with the caller's clock for the date form.
    let now = crate::calendar::Instant::parse_rfc3339("2026-10-21T07:27:30Z");
    assert_eq!(
        retry_after_value("Wed, 21 Oct 2026 07:28:00 GMT", now),
        Some(Duration::from_secs(30))
    );
    assert_eq!(
        retry_after_value("Wed, 21 Oct 2026 07:27:00 GMT", now),
        Some(Duration::ZERO),
        "a date past is no wait"
    );
    assert_eq!(
        retry_after_value("Wed, 21 Oct 2026 07:28:00 GMT", None),
        None
    );
    assert_eq!(retry_after_value(" 2 ", now), Some(Duration::from_secs(2)));
    assert_eq!(
        retry_after_value("1.5", None),
        Some(Duration::from_millis(1500))
    );
    for bad in [
        "-1",
        "soon",
        "Wed, 21 Oct 2026 07:28:00 UTC",
        "Wed, 32 Oct 2026 07:28:00 GMT",
        "Wed, 21 Okt 2026 07:28:00 GMT",
        "21 Oct 2026 07:28:00 GMT",
        "Wed, 21 Oct 2026 7:28:00 GMT",
    ] {
        assert_eq!(retry_after_value(bad, now), None, "{bad}");
    }
    // Quota exhaustion: a 429 that waiting does not cure.
    let quota = br#"{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota", "param": null, "code": "insufficient_quota"}}"#;
    let o = Wire::OpenAi.read(&reply(429, &h, quota));
    assert_eq!(o.retry, RetryAdvice::No);
    assert!(matches!(&o.finish, Finish::Error { kind, .. } if kind == "insufficient_quota"));
    // Anthropic's overloaded 529.
    let o = Wire::Anthropic.read(&reply(
        529,
        &[],
        br#"{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}"#,
    ));
    assert_eq!(o.retry, RetryAdvice::Backoff);
    assert_eq!(
        o.finish,
        Finish::Error {
            kind: "overloaded_error".into(),
            message: "Overloaded".into()
        }
    );
}

#[test]
fn refused_truncated_streamed_garbled() {
    let refusal = br#"{"model": "gpt-x", "choices": [{"index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": null, "refusal": "I can't help with that."}}]}"#;
    let o = Wire::OpenAi.read(&reply(200, &[], refusal));
    assert_eq!(o.finish, Finish::Refused("I can't help with that.".into()));
    assert_eq!(o.provider_model.as_deref(), Some("gpt-x"));

    let refusal =
        br#"{"type": "message", "model": "claude-x", "content": [], "stop_reason": "refusal"}"#;
    let o = Wire::Anthropic.read(&reply(200, &[], refusal));
    assert_eq!(o.finish, Finish::Refused("refusal".into()));

    let length = br#"{"model": "m", "choices": [{"finish_reason": "length", "message": {"content": "{\"items\": "}}]}"#;
    let o = Wire::OpenAi.read(&reply(200, &[], length));
    assert_eq!(o.finish, Finish::Truncated);
    assert_eq!(o.text.as_deref(), Some("{\"items\": "));

    let parts = br#"{"model": "m", "choices": [{"finish_reason": "stop", "message": {"content": [{"type": "text", "text": "a"}, {"type": "image_url"}, {"type": "text", "text": "b"}]}}]}"#;
    assert_eq!(
        Wire::OpenAi.read(&reply(200, &[], parts)).text.as_deref(),
        Some("ab")
    );

    let sse = b"data: {\"choices\": []}\n\ndata: [DONE]\n\n";
    for wire in [Wire::OpenAi, Wire::Anthropic, Wire::Gemini] {
        let o = wire.read(&reply(200, &[], sse));
        assert!(matches!(&o.finish, Finish::Error { kind, .. } if kind == "streamed"));
        let ct = [("content-type", "text/event-stream; charset=utf-8")];
        let o = wire.read(&reply(200, &ct, b"{}"));
        assert!(matches!(&o.finish, Finish::Error { kind, .. } if kind == "streamed"));
        assert_eq!(o.retry, RetryAdvice::No);

        let o = wire.read(&reply(200, &[], b"{\"choices\": [{\"mess"));
        assert!(matches!(&o.finish, Finish::Error { kind, .. } if kind == "malformed"));
        assert_eq!(o.retry, RetryAdvice::Backoff);
        assert_eq!(o.text, None);
        // Valid JSON that is not the provider's shape: no text, never a panic.
        for junk in [
            &b"[]"[..],
            b"null",
            b"{\"choices\": 3}",
            b"{\"content\": {}}",
        ] {
            let o = wire.read(&reply(200, &[], junk));
            assert!(matches!(o.finish, Finish::Error { .. }), "{wire:?} {o:?}");
        }
    }
}

#[test]
fn long_messages_are_clipped_to_one_line() {
    let long = format!(
        r#"{{"error": {{"message": "{}\nline two", "type": "server_error"}}}}"#,
        "x".repeat(5000)
    );
    let o = Wire::OpenAi.read(&reply(500, &[], long.as_bytes()));
    let Finish::Error { message, .. } = o.finish else {
        panic!()
    };
    assert!(message.chars().count() <= MAX_MESSAGE_CHARS + 1);
    assert!(!message.contains('\n'));
}

#[test]
fn an_unknown_finish_reason_is_clipped_to_one_line() {
    // Found by the `wire` fuzz target: a finishReason with an escaped newline and no
    // finishMessage was passed through whole.
    let body = format!(
        r#"{{"candidates": [{{"content": {{"parts": [{{"text": "b"}}]}}, "finishReason": "WEIRD\nline two{}"}}]}}"#,
        "a".repeat(2000)
    );
    let o = Wire::Gemini.read(&reply(200, &[], body.as_bytes()));
    let Finish::Error { message, .. } = o.finish else {
        panic!("{:?}", o.finish)
    };
    assert!(message.chars().count() <= MAX_MESSAGE_CHARS + 1);
    assert!(!message.chars().any(char::is_control), "{message:?}");
}
