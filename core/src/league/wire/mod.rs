//! The model providers' wire formats, with no I/O: the request body a seat sends, and what a
//! provider's reply (status, the headers that matter, body bytes) says (spec §3.1 step 2,
//! every seat asked the same text; §3.6, the provider's model and version string sealed with
//! the answer; §3.13 requirement 2).
//!
//! Three formats cover the seats: OpenAI-compatible chat completions ([`openai`]: OpenAI,
//! DeepSeek, Qwen, Kimi, xAI, Mistral, OpenRouter, vLLM, llama.cpp, Ollama), Anthropic
//! Messages ([`anthropic`]) and Google Gemini `generateContent` ([`gemini`]). Only whole JSON
//! bodies are read (requests say `stream: false`); a streamed (SSE) body is an error, never
//! half-read. Non-text parts (thinking, tool calls, thought summaries) are skipped; an enum
//! value a reader does not know is reported, never a crash.

pub mod anthropic;
pub mod gemini;
pub mod openai;

use core::time::Duration;
use serde_json::Value;

pub use super::ask::AskRequest;

/// How a reply ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Finish {
    /// The model finished its answer.
    Stop,
    /// The model declined (OpenAI `message.refusal`, Anthropic `stop_reason: refusal`).
    Refused(String),
    /// The provider withheld the answer (Gemini `SAFETY` and kin, `promptFeedback.blockReason`,
    /// OpenAI `content_filter`).
    Blocked(String),
    /// The answer hit the token limit (`length`, `max_tokens`, `MAX_TOKENS`).
    Truncated,
    /// No answer: an HTTP error, an error envelope, a body that is not the provider's format,
    /// or a finish reason this reader does not know. `kind` is the provider's error type or
    /// status (`invalid_request_error`, `NOT_FOUND`, ...) or one of this module's own:
    /// `http_<status>`, `malformed`, `streamed`, `no_text`, `no_candidate`, `unknown_finish`.
    Error {
        /// The error's kind, as above.
        kind: String,
        /// The provider's message or this reader's own, clipped for the logs.
        message: String,
    },
}

/// Whether asking again may help.
#[derive(Clone, Debug, PartialEq)]
pub enum RetryAdvice {
    /// Asking again will not help: the model answered, refused or was blocked, or the request
    /// itself was refused (a 4xx other than 408, 409 and 429), or the body was streamed.
    No,
    /// The provider said when (`retry-after`, `retry-after-ms`).
    After(Duration),
    /// A transient failure (5xx, 529, a 429 without a time, a garbled body): back off.
    Backoff,
}

/// What one provider reply says.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatOutcome {
    /// The model's text: text parts joined in order, non-text parts skipped.
    pub text: Option<String>,
    /// The model and version string the provider reports (OpenAI and Anthropic `model`,
    /// Gemini `modelVersion`).
    pub provider_model: Option<String>,
    /// The provider's own finish reason as sent (`stop`, `end_turn`, `STOP`, ...).
    pub provider_finish: Option<String>,
    /// How the reply ended, in this module's terms.
    pub finish: Finish,
    /// Whether and when to ask again.
    pub retry: RetryAdvice,
}

/// A provider's HTTP reply as received.
#[derive(Clone, Copy, Debug)]
pub struct Reply<'a> {
    /// The HTTP status code.
    pub status: u16,
    /// Response headers (name, value); names compare case-insensitively.
    pub headers: &'a [(&'a str, &'a str)],
    /// The body's bytes as received (JSON unless the reply is an error page or a stream).
    pub body: &'a [u8],
}

impl Reply<'_> {
    /// The value of the header `name` (case-insensitive), trimmed; `None` when absent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    }
}

/// The three formats, for callers that pick one by configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wire {
    /// OpenAI-compatible chat completions ([`openai`]): the `openai` adapter.
    OpenAi,
    /// Anthropic Messages ([`anthropic`]): the `anthropic` adapter.
    Anthropic,
    /// Google Gemini `generateContent` ([`gemini`]): the `gemini` adapter.
    Gemini,
}

impl Wire {
    /// The request URL under the seat's `base_url` (no key in it: keys go in headers).
    pub fn endpoint(self, base_url: &str, model: &str) -> String {
        match self {
            Wire::OpenAi => openai::endpoint(base_url),
            Wire::Anthropic => anthropic::endpoint(base_url),
            Wire::Gemini => gemini::endpoint(base_url, model),
        }
    }

    /// The request body for `ask` in this format: compact JSON, `stream: false` where the format
    /// has it.
    pub fn request_body(self, ask: &AskRequest) -> Vec<u8> {
        match self {
            Wire::OpenAi => openai::request_body(ask),
            Wire::Anthropic => anthropic::request_body(ask),
            Wire::Gemini => gemini::request_body(ask),
        }
    }

    /// What `reply` says, in this format.
    pub fn read(self, reply: &Reply<'_>) -> SeatOutcome {
        match self {
            Wire::OpenAi => openai::read(reply),
            Wire::Anthropic => anthropic::read(reply),
            Wire::Gemini => gemini::read(reply),
        }
    }

    /// The provider's model list under the seat's `base_url`: the cheapest request that needs
    /// the key and spends no tokens (OpenAI-compatible `GET {base_url}/models`, Anthropic
    /// `GET {base_url}/v1/models`, Gemini `GET {base_url}/v1beta/models`).
    pub fn models_endpoint(self, base_url: &str) -> String {
        join_base(
            base_url,
            match self {
                Wire::OpenAi => "/models",
                Wire::Anthropic => "/v1/models",
                Wire::Gemini => "/v1beta/models",
            },
        )
    }

    /// The request headers that carry `key` (never the URL): OpenAI `Authorization: Bearer`,
    /// Anthropic `x-api-key` with the `anthropic-version` its requests need, Gemini
    /// `x-goog-api-key`.
    pub fn key_headers(self, key: &str) -> Vec<(&'static str, String)> {
        match self {
            Wire::OpenAi => vec![("authorization", format!("Bearer {key}"))],
            Wire::Anthropic => vec![
                ("x-api-key", key.to_string()),
                ("anthropic-version", anthropic::API_VERSION.to_string()),
            ],
            Wire::Gemini => vec![("x-goog-api-key", key.to_string())],
        }
    }
}

/// Longest provider message kept in an outcome (characters); error bodies can be pages long.
pub const MAX_MESSAGE_CHARS: usize = 500;

/// `s` cut to [`MAX_MESSAGE_CHARS`] characters, control characters replaced by spaces, so a
/// message is safe to put on one log line.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s
        .chars()
        .take(MAX_MESSAGE_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if s.chars().count() > MAX_MESSAGE_CHARS {
        out.push('…');
    }
    out
}

pub(crate) fn join_base(base_url: &str, path: &str) -> String {
    format!("{}{path}", base_url.trim_end_matches('/'))
}

/// True for a streamed (server-sent events) reply: by its content type, or by a body that
/// starts as SSE does.
pub(crate) fn is_streamed(reply: &Reply<'_>) -> bool {
    if reply
        .header("content-type")
        .is_some_and(|ct| ct.to_ascii_lowercase().starts_with("text/event-stream"))
    {
        return true;
    }
    let start = reply.body.trim_ascii_start();
    start.starts_with(b"data:") || start.starts_with(b"event:")
}

pub(crate) fn streamed_outcome() -> SeatOutcome {
    error(
        "streamed",
        "the provider sent a streamed (server-sent events) body; seats ask with stream: false \
         and read whole JSON bodies only",
        RetryAdvice::No,
    )
}

pub(crate) fn error(kind: &str, message: &str, retry: RetryAdvice) -> SeatOutcome {
    SeatOutcome {
        text: None,
        provider_model: None,
        provider_finish: None,
        finish: Finish::Error {
            kind: kind.to_string(),
            message: clip(message),
        },
        retry,
    }
}

/// The provider's requested wait: `retry-after-ms` (milliseconds), else `retry-after`
/// ([`retry_after_value`]). An HTTP-date form needs the clock and is left to the caller's
/// backoff here.
pub(crate) fn retry_after(reply: &Reply<'_>) -> Option<Duration> {
    if let Some(ms) = reply.header("retry-after-ms") {
        if let Ok(ms) = ms.parse::<f64>() {
            if (0.0..1e12).contains(&ms) {
                return Some(Duration::from_micros((ms * 1000.0) as u64));
            }
        }
    }
    retry_after_value(reply.header("retry-after")?, None)
}

/// A `Retry-After` header's wait (RFC 9110 §10.2.3): delay-seconds (an integer, or a decimal
/// as some providers send), or an HTTP-date (IMF-fixdate, `Wed, 21 Oct 2026 07:28:00 GMT`),
/// which is a wait only given `now` (the caller's clock): the time from `now` to it, zero
/// when it is past. None for anything else.
pub fn retry_after_value(value: &str, now: Option<crate::calendar::Instant>) -> Option<Duration> {
    let value = value.trim();
    if let Ok(s) = value.parse::<f64>() {
        return (0.0..1e9)
            .contains(&s)
            .then(|| Duration::from_millis((s * 1000.0) as u64));
    }
    let at = imf_fixdate(value)?;
    let ahead = at.0.saturating_sub(now?.0).max(0);
    Some(Duration::from_micros(ahead as u64))
}

/// An IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
fn imf_fixdate(s: &str) -> Option<crate::calendar::Instant> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let parts: Vec<&str> = s.split(' ').collect();
    let [wkday, day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let num = |t: &str, len: usize| -> Option<u32> {
        (t.len() == len && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let wkday = wkday.strip_suffix(',')?;
    if !DAYS.contains(&wkday) {
        return None;
    }
    let month = MONTHS.iter().position(|m| m == month)? as u32 + 1;
    let date = crate::calendar::Date::new(num(year, 4)? as i32, month, num(day, 2)?)?;
    let hms: Vec<&str> = time.split(':').collect();
    let [h, m, sec] = hms.as_slice() else {
        return None;
    };
    let (h, m, sec) = (num(h, 2)?, num(m, 2)?, num(sec, 2)?);
    if h > 23 || m > 59 || sec > 60 {
        return None;
    }
    Some(crate::calendar::Instant::from_utc(date, h, m, sec))
}

/// Retry advice for an HTTP status outside 2xx: 408, 409, 429 and 5xx (Anthropic's 529
/// "overloaded" included) are transient, and a time the provider gives is honoured; other
/// 4xx (400 bad request, 401 key, 403, 404 model, 413, 422) will fail the same way again.
pub(crate) fn retry_for_status(reply: &Reply<'_>) -> RetryAdvice {
    match reply.status {
        408 | 409 | 429 | 500..=599 => match retry_after(reply) {
            Some(d) => RetryAdvice::After(d),
            None => RetryAdvice::Backoff,
        },
        _ => RetryAdvice::No,
    }
}

/// The body as JSON, or the outcome that says why it is not: an HTTP error's own text, a
/// streamed body, or a garbled one.
pub(crate) fn body_json(reply: &Reply<'_>) -> Result<Value, Box<SeatOutcome>> {
    if is_streamed(reply) {
        return Err(Box::new(streamed_outcome()));
    }
    match serde_json::from_slice::<Value>(reply.body) {
        Ok(v) => Ok(v),
        Err(e) if (200..300).contains(&reply.status) => Err(Box::new(error(
            "malformed",
            &format!("the body is not JSON: {e}"),
            RetryAdvice::Backoff,
        ))),
        Err(_) => Err(Box::new(status_error(reply))),
    }
}

/// A non-2xx reply that carries no error envelope: `http_<status>`, the body's own text.
pub(crate) fn status_error(reply: &Reply<'_>) -> SeatOutcome {
    error(
        &format!("http_{}", reply.status),
        &String::from_utf8_lossy(reply.body),
        retry_for_status(reply),
    )
}

/// A provider's error envelope `e`: its `kind` (the provider's own code or type, else
/// `http_<status>`) and `message` (else the envelope as JSON). An envelope inside a 2xx reply
/// is taken as transient; otherwise the status decides ([`retry_for_status`]).
pub(crate) fn envelope_error(reply: &Reply<'_>, kind: Option<&str>, e: &Value) -> SeatOutcome {
    let kind = kind
        .map(str::to_string)
        .unwrap_or_else(|| format!("http_{}", reply.status));
    let message = str_at(e, "message")
        .map(str::to_string)
        .unwrap_or_else(|| e.to_string());
    let retry = if (200..300).contains(&reply.status) {
        RetryAdvice::Backoff
    } else {
        retry_for_status(reply)
    };
    error(&kind, &message, retry)
}

pub(crate) fn str_at<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str)
}

#[cfg(test)]
mod tests;
