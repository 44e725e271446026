//! `core::league::wire` on every recorded provider reply in `../shared/vectors/llm-apis`
//! (its MANIFEST.md says what each shows): the text, the provider's model string, how the
//! reply finished and whether to retry, for OpenAI, Anthropic and Gemini; non-text parts
//! skipped; unknown enums reported, not crashed on; streamed bodies refused. The requests
//! recorded beside the replies check the request bodies the seats build.

#![forbid(unsafe_code)]

use sealbook_core::league::wire::{AskRequest, Finish, Reply, RetryAdvice, SeatOutcome, Wire};
use sealbook_tests::llm_vectors::{llm_vectors_dir, recordings, Provider, Recording};
use serde_json::{json, Value};

fn wire(p: Provider) -> Wire {
    match p {
        Provider::OpenAi => Wire::OpenAi,
        Provider::Anthropic => Wire::Anthropic,
        Provider::Gemini => Wire::Gemini,
    }
}

fn read(r: &Recording) -> SeatOutcome {
    let headers: Vec<(&str, &str)> = r
        .headers
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    wire(r.provider).read(&Reply {
        status: r.status,
        headers: &headers,
        body: &r.body,
    })
}

/// What each recording must read as: (file, interaction, text, provider model, finish, retry).
/// `finish` is `stop`, `truncated`, `refused:<reason>`, `blocked:<reason>` or `error:<kind>`.
/// (file, interaction, text, provider model, finish, retry).
type Expectation = (
    &'static str,
    usize,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    &'static str,
);

const EXPECTED: &[Expectation] = &[
    ("pydantic-ai_cassette_test_max_completion_tokensgpt-4o-mini.yaml", 0,
        Some("Hello! How can I assist you today?"), Some("gpt-4o-mini-2024-07-18"), "stop", "no"),
    ("pydantic-ai_cassette_test_openai_web_search_tool_model_not_supported.yaml", 0,
        None, None, "error:invalid_request_error", "no"),
    ("pydantic-ai_cassette_test_openai_text_output_function.yaml", 0,
        None, Some("gpt-4o-2024-08-06"), "error:no_text", "no"),
    ("pydantic-ai_cassette_test_openai_text_output_function.yaml", 1,
        Some("The largest city in Mexico is Mexico City."), Some("gpt-4o-2024-08-06"), "stop", "no"),
    ("pydantic-ai_cassette_test_run_stream_sync_streams_real_model.yaml", 0,
        None, None, "error:streamed", "no"),
    ("pydantic-ai_cassette_test_run_stream_sync_streams_real_model.yaml", 1,
        None, None, "error:streamed", "no"),
    ("pydantic-ai_cassette_test_anthropic_model_instructions.yaml", 0,
        Some("The capital of France is Paris."), Some("claude-3-opus-20240229"), "stop", "no"),
    ("pydantic-ai_cassette_test_anthropic_output_tool_with_thinking.yaml", 0,
        Some("{\"response\": 6}"), Some("claude-sonnet-4-20250514"), "stop", "no"),
    ("pydantic-ai_cassette_test_anthropic_opus_46_adaptive_thinking_accepts_tool_outputunified.yaml", 0,
        None, Some("claude-opus-4-6"), "error:no_text", "no"),
    ("pydantic-ai_cassette_test_request_stream_fallback_for_high_max_tokens.yaml", 0,
        None, None, "error:streamed", "no"),
    ("pydantic-ai_cassette_test_anthropic_count_tokens_error.yaml", 0,
        None, None, "error:not_found_error", "no"),
    ("pydantic-ai_cassette_test_anthropic_explicit_effort_xhigh_unsupported_model_errors.yaml", 0,
        None, None, "error:invalid_request_error", "no"),
    ("firebase-testdata_googleai_unary-success-basic-reply-short.json", 0,
        Some("Google's headquarters, also known as the"), Some("gemini-2.0-flash"), "stop", "no"),
    ("firebase-testdata_googleai_unary-success-basic-reply-long.json", 0,
        Some("Making professional-quality coffee at hom"), Some("gemini-2.0-flash"), "stop", "no"),
    ("firebase-testdata_googleai_unary-success-thinking-reply-thought-summary.json", 0,
        Some("Mountain View"), Some("gemini-2.5-flash"), "stop", "no"),
    ("firebase-testdata_googleai_unary-failure-finish-reason-safety.json", 0,
        Some("Safety error incoming in 5, 4, 3, 2..."), Some("gemini-2.0-flash"), "blocked:SAFETY", "no"),
    ("firebase-testdata_googleai_unary-failure-only-prompt-feedback.json", 0,
        None, Some("gemini-2.0-flash"), "blocked:Message", "no"),
    ("firebase-testdata_googleai_unary-failure-with-message-no-content.json", 0,
        None, None, "error:OTHER", "backoff"),
    ("firebase-testdata_googleai_unary-failure-api-key.json", 0,
        None, None, "error:INVALID_ARGUMENT", "no"),
    ("firebase-testdata_googleai_unary-failure-unknown-model.json", 0,
        None, None, "error:NOT_FOUND", "no"),
    ("firebase-testdata_googleai_streaming-success-basic-reply-short.txt", 0,
        None, None, "error:streamed", "no"),
    ("firebase-testdata_googleai_streaming-failure-prompt-blocked-safety.txt", 0,
        None, None, "error:streamed", "no"),
    ("firebase-testdata_googleai_streaming-success-empty-parts.txt", 0,
        None, None, "error:streamed", "no"),
    ("firebase-testdata_vertexai_unary-failure-quota-exceeded.json", 0,
        None, None, "error:RESOURCE_EXHAUSTED", "backoff"),
    ("firebase-testdata_vertexai_unary-failure-prompt-blocked-safety.json", 0,
        None, None, "blocked:SAFETY", "no"),
    ("firebase-testdata_vertexai_unary-failure-prompt-blocked-safety-with-message.json", 0,
        None, None, "blocked:SAFETY: Reasons", "no"),
    ("firebase-testdata_vertexai_unary-failure-finish-reason-safety-no-content.json", 0,
        None, Some("gemini-1.5-flash"), "blocked:SAFETY", "no"),
    ("firebase-testdata_vertexai_unary-failure-unknown-enum-finish-reason.json", 0,
        Some("Some text"), None, "error:unknown_finish", "no"),
    ("firebase-testdata_vertexai_unary-failure-unknown-enum-prompt-blocked.json", 0,
        None, None, "blocked:FAKE_NEW_BLOCK_REASON", "no"),
    ("firebase-testdata_vertexai_unary-success-partial-usage-metadata.json", 0,
        Some("Mountain View, California, United States"), None, "stop", "no"),
];

fn finish_name(f: &Finish) -> String {
    match f {
        Finish::Stop => "stop".into(),
        Finish::Truncated => "truncated".into(),
        Finish::Refused(r) => format!("refused:{r}"),
        Finish::Blocked(r) => format!("blocked:{r}"),
        Finish::Error { kind, .. } => format!("error:{kind}"),
    }
}

fn retry_name(r: &RetryAdvice) -> &'static str {
    match r {
        RetryAdvice::No => "no",
        RetryAdvice::After(_) => "after",
        RetryAdvice::Backoff => "backoff",
    }
}

#[test]
fn every_recording_reads_as_expected() {
    let all = recordings();
    let mut checked = 0;
    for r in &all {
        let Some(&(_, _, text, model, finish, retry)) =
            EXPECTED.iter().find(|e| e.0 == r.file && e.1 == r.index)
        else {
            panic!("{} #{}: no expectation (a new vector?)", r.file, r.index)
        };
        let o = read(r);
        let at = format!("{} #{}: {o:?}", r.file, r.index);
        match text {
            // Long replies: the start is enough to show the right part was read.
            Some(t) if t.len() > 30 => {
                assert!(o.text.as_deref().unwrap_or("").starts_with(t), "{at}")
            }
            t => assert_eq!(o.text.as_deref(), t, "{at}"),
        }
        if model.is_some() {
            assert_eq!(o.provider_model.as_deref(), model, "{at}");
        }
        let got = finish_name(&o.finish);
        assert!(
            got == finish || (finish.starts_with("blocked:") && got.starts_with(finish)),
            "{at}: finish {got}, want {finish}"
        );
        assert_eq!(retry_name(&o.retry), retry, "{at}");
        if let Finish::Error { message, .. } = &o.finish {
            assert!(!message.is_empty(), "{at}");
        }
        checked += 1;
    }
    assert_eq!(
        checked,
        EXPECTED.len(),
        "every expectation has its recording"
    );
}

/// Every file the MANIFEST lists is read, and no file is there that it does not list.
#[test]
fn manifest_lists_every_file() {
    let manifest = std::fs::read_to_string(llm_vectors_dir().join("MANIFEST.md")).unwrap();
    let listed: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    let mut files: Vec<String> = recordings()
        .iter()
        .map(|r| {
            let folder = match r.provider {
                Provider::OpenAi => "openai",
                Provider::Anthropic => "anthropic",
                Provider::Gemini => "gemini",
            };
            format!("{folder}/{}", r.file)
        })
        .collect();
    files.dedup();
    let mut listed_sorted: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
    listed_sorted.sort();
    files.sort();
    assert_eq!(files, listed_sorted);
    assert_eq!(files.len(), 28);
}

/// The 429 recording keeps its meaning when the provider adds a `retry-after`.
#[test]
fn quota_recording_with_retry_after() {
    let r = recordings()
        .into_iter()
        .find(|r| r.file.contains("quota-exceeded"))
        .unwrap();
    let o = Wire::Gemini.read(&Reply {
        status: r.status,
        headers: &[("retry-after", "3")],
        body: &r.body,
    });
    assert_eq!(
        o.retry,
        RetryAdvice::After(std::time::Duration::from_secs(3))
    );
}

/// The request bodies for the recorded plain-text requests say what the recorded ones say:
/// the same model, messages (or Anthropic's top-level `system`), `stream: false`.
#[test]
fn request_bodies_match_recorded_requests() {
    let mut compared = 0;
    for r in recordings() {
        let Some(req) = &r.request else { continue };
        if req["stream"] != json!(false) || req.get("tools").is_some() {
            continue;
        }
        let texts = |m: &Value| -> String {
            match &m["content"] {
                Value::String(s) => s.clone(),
                Value::Array(parts) => parts.iter().filter_map(|p| p["text"].as_str()).collect(),
                _ => String::new(),
            }
        };
        let msgs = req["messages"].as_array().unwrap();
        let of_role = |role: &str| {
            msgs.iter()
                .filter(|m| m["role"] == role)
                .map(texts)
                .collect::<String>()
        };
        let system = match r.provider {
            Provider::Anthropic => req["system"].as_str().unwrap_or("").to_string(),
            _ => of_role("system"),
        };
        let ask = AskRequest {
            system,
            user: of_role("user"),
            model: req["model"].as_str().unwrap().to_string(),
            max_tokens: req["max_tokens"]
                .as_u64()
                .or(req["max_completion_tokens"].as_u64())
                .unwrap_or(1000) as u32,
            temperature: None,
        };
        let ours: Value = serde_json::from_slice(&wire(r.provider).request_body(&ask)).unwrap();
        assert_eq!(ours["model"], req["model"], "{}", r.file);
        assert_eq!(ours["stream"], json!(false), "{}", r.file);
        if r.provider == Provider::Anthropic {
            assert_eq!(ours.get("system"), req.get("system"), "{}", r.file);
            assert_eq!(ours["max_tokens"], req["max_tokens"], "{}", r.file);
        }
        let ours_msgs: Vec<(Value, String)> = ours["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["role"].clone(), texts(m)))
            .collect();
        let recorded: Vec<(Value, String)> =
            msgs.iter().map(|m| (m["role"].clone(), texts(m))).collect();
        assert_eq!(ours_msgs, recorded, "{}", r.file);
        compared += 1;
    }
    assert!(compared >= 4, "compared {compared} requests");
}

/// A seat that names no `base_url` sends its asks where the recorded Anthropic exchanges went:
/// every recorded Messages request's URL, its query aside, is the default endpoint.
#[test]
fn the_default_anthropic_endpoint_is_where_the_recorded_requests_went() {
    let ours = Wire::Anthropic.endpoint(sealbook_core::league::config::DEFAULT_ANTHROPIC_URL, "m");
    let messages: Vec<String> = recordings()
        .into_iter()
        .filter(|r| r.provider == Provider::Anthropic)
        .filter_map(|r| r.uri)
        .map(|u| u.split('?').next().unwrap_or_default().to_owned())
        .filter(|u| u.ends_with("/messages"))
        .collect();
    assert!(
        messages.len() >= 5,
        "recorded Messages requests: {messages:?}"
    );
    for uri in &messages {
        assert_eq!(&ours, uri);
    }
}
