//! OpenAI-compatible chat completions: `POST {base_url}/chat/completions` with
//! `Authorization: Bearer <key>`. The same body and reply shape are spoken by DeepSeek, Qwen,
//! Kimi, xAI, Mistral, OpenRouter, vLLM, llama.cpp and Ollama servers.
//!
//! The limit is sent as `max_tokens`, which every compatible server accepts (OpenAI's newer
//! `max_completion_tokens` is unknown to several of them).

use super::{
    body_json, clip, envelope_error, error, status_error, str_at, AskRequest, Finish, Reply,
    RetryAdvice, SeatOutcome,
};
use serde_json::{json, Value};

/// The chat completions URL: `{base_url}/chat/completions`.
pub fn endpoint(base_url: &str) -> String {
    super::join_base(base_url, "/chat/completions")
}

/// The request body: a system message (when the text has one), the user message, the model,
/// the token limit, the temperature when set, `stream: false`.
pub fn request_body(ask: &AskRequest) -> Vec<u8> {
    let mut messages = Vec::new();
    if !ask.system.is_empty() {
        messages.push(json!({"role": "system", "content": ask.system}));
    }
    messages.push(json!({"role": "user", "content": ask.user}));
    let mut body = json!({
        "model": ask.model,
        "messages": messages,
        "max_tokens": ask.max_tokens,
        "stream": false,
    });
    if let Some(t) = ask.temperature.filter(|t| t.is_finite()) {
        body["temperature"] = json!(t);
    }
    serde_json::to_vec(&body).expect("a JSON value serializes")
}

/// Reads a chat completion or an error envelope `{error: {message, type, param, code}}`.
pub fn read(reply: &Reply<'_>) -> SeatOutcome {
    let v = match body_json(reply) {
        Ok(v) => v,
        Err(o) => return *o,
    };
    if let Some(e) = v.get("error").filter(|e| !e.is_null()) {
        return error_envelope(reply, e);
    }
    if !(200..300).contains(&reply.status) {
        return status_error(reply);
    }
    let provider_model = str_at(&v, "model").map(str::to_string);
    let Some(choice) = v
        .get("choices")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
    else {
        return SeatOutcome {
            provider_model,
            ..error(
                "no_candidate",
                "the reply has no choices",
                RetryAdvice::Backoff,
            )
        };
    };
    let message = choice.get("message").unwrap_or(&Value::Null);
    let text = content_text(message.get("content").unwrap_or(&Value::Null));
    let provider_finish = str_at(choice, "finish_reason").map(str::to_string);
    let refusal = str_at(message, "refusal").filter(|r| !r.is_empty());
    let finish = if let Some(r) = refusal {
        Finish::Refused(clip(r))
    } else {
        match provider_finish.as_deref() {
            Some("stop") | None => {
                if text.is_none() {
                    Finish::Error {
                        kind: "no_text".into(),
                        message: "the message has no text content".into(),
                    }
                } else {
                    Finish::Stop
                }
            }
            Some("length") => Finish::Truncated,
            Some("content_filter") => Finish::Blocked("content_filter".into()),
            Some(other @ ("tool_calls" | "function_call")) => Finish::Error {
                kind: "no_text".into(),
                message: clip(&format!("finish_reason {other}: the model called a tool")),
            },
            Some(other) => Finish::Error {
                kind: "unknown_finish".into(),
                message: clip(&format!("finish_reason {other}")),
            },
        }
    };
    SeatOutcome {
        text,
        provider_model,
        provider_finish,
        finish,
        retry: RetryAdvice::No,
    }
}

/// `content` as a string, or (as some compatible servers send) an array of parts whose
/// `text` parts are joined; other parts are skipped.
fn content_text(content: &Value) -> Option<String> {
    match content {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => {
            let texts: Vec<&str> = parts
                .iter()
                .filter(|p| str_at(p, "type").is_none_or(|t| t == "text"))
                .filter_map(|p| str_at(p, "text"))
                .collect();
            (!texts.is_empty()).then(|| texts.concat())
        }
        _ => None,
    }
}

fn error_envelope(reply: &Reply<'_>, e: &Value) -> SeatOutcome {
    let code = str_at(e, "code");
    let outcome = envelope_error(reply, code.or_else(|| str_at(e, "type")), e);
    // Quota exhaustion comes as a 429 but waiting does not refill an account.
    if code == Some("insufficient_quota") || str_at(e, "type") == Some("insufficient_quota") {
        return SeatOutcome {
            retry: RetryAdvice::No,
            ..outcome
        };
    }
    outcome
}
