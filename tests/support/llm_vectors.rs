//! The recorded model-provider replies in `../shared/vectors/llm-apis` (see its MANIFEST.md),
//! read at run time: pydantic-ai's VCR cassettes (YAML) for OpenAI and Anthropic, Firebase's
//! mock responses (JSON and SSE text) for Gemini. The wire readers are tested on them and the
//! fake model endpoints answer with them.

use std::path::{Path, PathBuf};

/// Which wire format a recording speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Gemini,
}

/// One recorded exchange.
#[derive(Clone, Debug)]
pub struct Recording {
    pub provider: Provider,
    /// The file's name in its provider folder.
    pub file: String,
    /// The interaction's index in a cassette (0 for Gemini files).
    pub index: usize,
    /// The recorded request body, when the recording has one.
    pub request: Option<serde_json::Value>,
    /// The URL the recorded request went to, when the recording has one (a cassette's `uri`).
    pub uri: Option<String>,
    pub status: u16,
    /// Response headers, one pair per value.
    pub headers: Vec<(String, String)>,
    /// The body as the provider would send it: `parsed_body` serialized as JSON, an SSE
    /// recording's text as it is, a Gemini file's bytes as they are.
    pub body: Vec<u8>,
}

impl Recording {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub fn llm_vectors_dir() -> PathBuf {
    crate::vectors_dir().join("llm-apis")
}

/// Every recording under `llm-apis`, in file-name order.
pub fn recordings() -> Vec<Recording> {
    let dir = llm_vectors_dir();
    let mut out = Vec::new();
    for (folder, provider) in [
        ("openai", Provider::OpenAi),
        ("anthropic", Provider::Anthropic),
        ("gemini", Provider::Gemini),
    ] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(folder))
            .unwrap_or_else(|e| panic!("{folder}: {e}"))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for path in files {
            match provider {
                Provider::Gemini => out.push(gemini_file(&path)),
                _ => out.extend(cassette(provider, &path)),
            }
        }
    }
    out
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn cassette(provider: Provider, path: &Path) -> Vec<Recording> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: serde_json::Value = serde_yaml_ng::from_str(&text)
        .unwrap_or_else(|e| panic!("{}: not YAML: {e}", path.display()));
    let interactions = doc["interactions"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: no interactions", path.display()));
    interactions
        .iter()
        .enumerate()
        .map(|(index, it)| {
            let resp = &it["response"];
            let mut headers = Vec::new();
            if let Some(h) = resp["headers"].as_object() {
                for (k, vs) in h {
                    for v in vs.as_array().into_iter().flatten() {
                        headers.push((k.clone(), v.as_str().unwrap_or_default().to_string()));
                    }
                }
            }
            let body = match (&resp["parsed_body"], &resp["body"]["string"]) {
                (serde_json::Value::Null, serde_json::Value::String(s)) => s.as_bytes().to_vec(),
                (v, _) => serde_json::to_vec(v).unwrap(),
            };
            Recording {
                provider,
                file: name(path),
                index,
                request: it["request"].get("parsed_body").cloned(),
                uri: it["request"]["uri"].as_str().map(str::to_owned),
                status: resp["status"]["code"].as_u64().expect("status code") as u16,
                headers,
                body,
            }
        })
        .collect()
}

/// A Gemini mock response: JSON bodies carry their HTTP status in a google.rpc envelope's
/// `error.code` (200 otherwise); `.txt` files are SSE streams.
fn gemini_file(path: &Path) -> Recording {
    let body = std::fs::read(path).unwrap();
    let sse = path.extension().is_some_and(|e| e == "txt");
    let status = if sse {
        200
    } else {
        let v: serde_json::Value =
            serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        v["error"]["code"].as_u64().unwrap_or(200) as u16
    };
    let ct = if sse {
        "text/event-stream"
    } else {
        "application/json; charset=UTF-8"
    };
    Recording {
        provider: Provider::Gemini,
        file: name(path),
        index: 0,
        request: None,
        uri: None,
        status,
        headers: vec![("content-type".into(), ct.into())],
        body,
    }
}
