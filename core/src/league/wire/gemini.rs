//! Google Gemini `generateContent`: `POST {base_url}/v1beta/models/{model}:generateContent`
//! with the key in the `x-goog-api-key` header (never in the URL, where it would reach every
//! log that records a URL). The Vertex AI reply shape is the same and is read too.

use super::{
    body_json, clip, envelope_error, error, status_error, str_at, AskRequest, Finish, Reply,
    RetryAdvice, SeatOutcome,
};
use serde_json::{json, Value};

/// The URL for `model`; a `models/` prefix in the configured name is accepted.
pub fn endpoint(base_url: &str, model: &str) -> String {
    let model = model.strip_prefix("models/").unwrap_or(model);
    super::join_base(
        base_url,
        &format!("/v1beta/models/{}:generateContent", path_segment(model)),
    )
}

/// Percent-encodes what may not stand in one path segment, so a model name cannot reach
/// another path or the query.
fn path_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'@') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The request body: the user text as the one `contents` entry, `generationConfig` with
/// `maxOutputTokens` and the temperature (when set), and the system text (when there is one)
/// as `systemInstruction`.
pub fn request_body(ask: &AskRequest) -> Vec<u8> {
    let mut config = json!({"maxOutputTokens": ask.max_tokens});
    if let Some(t) = ask.temperature.filter(|t| t.is_finite()) {
        config["temperature"] = json!(t);
    }
    let mut body = json!({
        "contents": [{"role": "user", "parts": [{"text": ask.user}]}],
        "generationConfig": config,
    });
    if !ask.system.is_empty() {
        body["systemInstruction"] = json!({"parts": [{"text": ask.system}]});
    }
    serde_json::to_vec(&body).expect("a JSON value serializes")
}

/// Finish reasons that mean the provider withheld the answer.
const BLOCKING: [&str; 8] = [
    "SAFETY",
    "RECITATION",
    "BLOCKLIST",
    "PROHIBITED_CONTENT",
    "SPII",
    "IMAGE_SAFETY",
    "LANGUAGE",
    "IMAGE_PROHIBITED_CONTENT",
];

/// Reads a `GenerateContentResponse` or a google.rpc error envelope
/// `{error: {code, message, status, details}}`.
pub fn read(reply: &Reply<'_>) -> SeatOutcome {
    let v = match body_json(reply) {
        Ok(v) => v,
        Err(o) => return *o,
    };
    if let Some(e) = v.get("error").filter(|e| e.is_object()) {
        return envelope_error(reply, str_at(e, "status"), e);
    }
    if !(200..300).contains(&reply.status) {
        return status_error(reply);
    }
    let provider_model = str_at(&v, "modelVersion").map(str::to_string);
    let feedback = v.get("promptFeedback").unwrap_or(&Value::Null);
    let candidate = v
        .get("candidates")
        .and_then(Value::as_array)
        .and_then(|c| c.first());
    let block_reason = str_at(feedback, "blockReason");
    let block_message = str_at(feedback, "blockReasonMessage");
    if block_reason.is_some() || (candidate.is_none() && block_message.is_some()) {
        let reason = match (block_reason, block_message) {
            (Some(r), Some(m)) => format!("{r}: {m}"),
            (Some(r), None) => r.to_string(),
            (None, m) => m.unwrap_or_default().to_string(),
        };
        return SeatOutcome {
            text: None,
            provider_model,
            provider_finish: block_reason.map(str::to_string),
            finish: Finish::Blocked(clip(&reason)),
            retry: RetryAdvice::No,
        };
    }
    let Some(candidate) = candidate else {
        return SeatOutcome {
            provider_model,
            ..error(
                "no_candidate",
                "the reply has no candidates",
                RetryAdvice::Backoff,
            )
        };
    };
    // Parts marked `thought: true` are the model's thought summary, not its answer; parts
    // without text (function calls, inline data) are skipped.
    let texts: Vec<&str> = candidate
        .get("content")
        .and_then(|c| c.get("parts"))
        .and_then(Value::as_array)
        .map(|parts| {
            parts
                .iter()
                .filter(|p| p.get("thought").and_then(Value::as_bool) != Some(true))
                .filter_map(|p| str_at(p, "text"))
                .collect()
        })
        .unwrap_or_default();
    let text = (!texts.is_empty()).then(|| texts.concat());
    let provider_finish = str_at(candidate, "finishReason").map(str::to_string);
    let finish_message = str_at(candidate, "finishMessage");
    let described = |r: &str| match finish_message {
        Some(m) => clip(&format!("{r}: {m}")),
        None => clip(r),
    };
    let mut retry = RetryAdvice::No;
    let finish = match provider_finish.as_deref() {
        Some("STOP") | None => match text {
            Some(_) => Finish::Stop,
            None => Finish::Error {
                kind: "no_text".into(),
                message: "the candidate has no text part".into(),
            },
        },
        Some("MAX_TOKENS") => Finish::Truncated,
        Some(r) if BLOCKING.contains(&r) => Finish::Blocked(described(r)),
        Some("OTHER") => {
            retry = RetryAdvice::Backoff;
            Finish::Error {
                kind: "OTHER".into(),
                message: described("OTHER"),
            }
        }
        Some(r) => Finish::Error {
            kind: "unknown_finish".into(),
            message: described(&format!("finishReason {r}")),
        },
    };
    SeatOutcome {
        text,
        provider_model,
        provider_finish,
        finish,
        retry,
    }
}
