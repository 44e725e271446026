//! Anthropic Messages: `POST {base_url}/v1/messages` with `x-api-key` and
//! `anthropic-version` headers; the system text and `max_tokens` are top-level fields.

use super::{
    body_json, clip, envelope_error, error, status_error, str_at, AskRequest, Finish, Reply,
    RetryAdvice, SeatOutcome,
};
use serde_json::{json, Value};

/// The `anthropic-version` header the body below is written for.
pub const API_VERSION: &str = "2023-06-01";

/// The Messages URL: `{base_url}/v1/messages`.
pub fn endpoint(base_url: &str) -> String {
    super::join_base(base_url, "/v1/messages")
}

/// The request body: the model, `max_tokens`, the user message, `stream: false`, the system
/// text (when there is one) and the temperature (when set) as top-level fields.
pub fn request_body(ask: &AskRequest) -> Vec<u8> {
    let mut body = json!({
        "model": ask.model,
        "max_tokens": ask.max_tokens,
        "messages": [{"role": "user", "content": ask.user}],
        "stream": false,
    });
    if !ask.system.is_empty() {
        body["system"] = json!(ask.system);
    }
    if let Some(t) = ask.temperature.filter(|t| t.is_finite()) {
        body["temperature"] = json!(t);
    }
    serde_json::to_vec(&body).expect("a JSON value serializes")
}

/// Reads a message or an error envelope `{type: "error", error: {type, message}}`.
pub fn read(reply: &Reply<'_>) -> SeatOutcome {
    let v = match body_json(reply) {
        Ok(v) => v,
        Err(o) => return *o,
    };
    if str_at(&v, "type") == Some("error") || v.get("error").is_some_and(Value::is_object) {
        let e = v.get("error").unwrap_or(&Value::Null);
        return envelope_error(reply, str_at(e, "type"), e);
    }
    if !(200..300).contains(&reply.status) {
        return status_error(reply);
    }
    let provider_model = str_at(&v, "model").map(str::to_string);
    let Some(blocks) = v.get("content").and_then(Value::as_array) else {
        return SeatOutcome {
            provider_model,
            ..error(
                "malformed",
                "the message has no content array",
                RetryAdvice::Backoff,
            )
        };
    };
    // Only `text` blocks are the answer; `thinking`, `redacted_thinking`, `tool_use` and
    // any later block type are skipped.
    let texts: Vec<&str> = blocks
        .iter()
        .filter(|b| str_at(b, "type") == Some("text"))
        .filter_map(|b| str_at(b, "text"))
        .collect();
    let text = (!texts.is_empty()).then(|| texts.concat());
    let provider_finish = str_at(&v, "stop_reason").map(str::to_string);
    let finish = match provider_finish.as_deref() {
        Some("end_turn" | "stop_sequence") | None => match text {
            Some(_) => Finish::Stop,
            None => Finish::Error {
                kind: "no_text".into(),
                message: "the message has no text block".into(),
            },
        },
        Some("max_tokens" | "model_context_window_exceeded") => Finish::Truncated,
        Some("refusal") => Finish::Refused("refusal".into()),
        Some(other @ ("tool_use" | "pause_turn")) => match text {
            Some(_) => Finish::Stop,
            None => Finish::Error {
                kind: "no_text".into(),
                message: clip(&format!("stop_reason {other} with no text block")),
            },
        },
        Some(other) => Finish::Error {
            kind: "unknown_finish".into(),
            message: clip(&format!("stop_reason {other}")),
        },
    };
    SeatOutcome {
        text,
        provider_model,
        provider_finish,
        finish,
        retry: RetryAdvice::No,
    }
}
