//! The HTTP seats: OpenAI-compatible chat completions, Anthropic Messages and Gemini
//! `generateContent`, over ureq (blocking, rustls). Core builds the bodies and reads the
//! replies; this file sends them with the seat's key in the provider's header
//! (`Authorization: Bearer`, `x-api-key`, `x-goog-api-key`; never in a URL), within the seat's
//! timeout and the run's deadline, retrying as [`RetryPolicy`] says.

use super::{local_error, summary, ApiKey, RetryPolicy, SeatAdapter, SeatReply};
use sealbook_core::league::wire::{anthropic, AskRequest, Reply, RetryAdvice, Wire};
use std::io::Read;
use std::time::{Duration, Instant};

/// One attempt's reply: status, the headers that matter, the body.
type Received = (u16, Vec<(String, String)>, Vec<u8>);

/// One HTTP seat, as configured.
#[derive(Debug)]
pub struct HttpSeat {
    pub name: String,
    pub wire: Wire,
    pub base_url: String,
    /// `None` for a local server that wants no key (llama.cpp, Ollama, vLLM).
    pub key: Option<ApiKey>,
    /// Per attempt: connect, send and the whole reply.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    pub max_reply_bytes: usize,
    agent: ureq::Agent,
}

impl HttpSeat {
    pub fn new(
        name: &str,
        wire: Wire,
        base_url: &str,
        key: Option<ApiKey>,
        timeout: Duration,
    ) -> HttpSeat {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("sealbook/", env!("CARGO_PKG_VERSION")))
            .build();
        HttpSeat {
            name: name.to_string(),
            wire,
            base_url: base_url.to_string(),
            key,
            timeout,
            retry: RetryPolicy::default(),
            max_reply_bytes: super::DEFAULT_MAX_REPLY_BYTES,
            agent: config.into(),
        }
    }

    /// One attempt: the status, the headers that matter and the body (at most the bound plus
    /// one byte), or a transport error in words.
    fn attempt(
        &self,
        url: &str,
        body: &[u8],
        timeout: Duration,
    ) -> Result<Received, (String, String)> {
        let mut req = self
            .agent
            .post(url)
            .config()
            .timeout_global(Some(timeout))
            .build()
            .header("Content-Type", "application/json")
            .header("Accept", "application/json");
        if let Some(key) = &self.key {
            req = match self.wire {
                Wire::OpenAi => req.header("Authorization", format!("Bearer {}", key.expose())),
                Wire::Anthropic => req.header("x-api-key", key.expose()),
                Wire::Gemini => req.header("x-goog-api-key", key.expose()),
            };
        }
        if self.wire == Wire::Anthropic {
            req = req.header("anthropic-version", anthropic::API_VERSION);
        }
        let timed_out = || {
            (
                "timeout".to_string(),
                format!("no complete reply within {} ms", timeout.as_millis()),
            )
        };
        let mut resp = req.send(body).map_err(|e| match e {
            ureq::Error::Timeout(_) => timed_out(),
            e => ("transport".to_string(), self.scrub(&e.to_string())),
        })?;
        let status = resp.status().as_u16();
        let headers = ["content-type", "retry-after", "retry-after-ms"]
            .iter()
            .filter_map(|h| {
                let v = resp.headers().get(*h)?.to_str().ok()?;
                Some((h.to_string(), v.to_string()))
            })
            .collect();
        let mut bytes = Vec::new();
        resp.body_mut()
            .as_reader()
            .take(self.max_reply_bytes as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(
                |e| match e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
                    Some(ureq::Error::Timeout(_)) => timed_out(),
                    _ => (
                        "transport".to_string(),
                        self.scrub(&format!("reading the reply: {e}")),
                    ),
                },
            )?;
        Ok((status, headers, bytes))
    }

    fn scrub(&self, s: &str) -> String {
        match &self.key {
            Some(k) => k.scrub_str(s),
            None => s.to_string(),
        }
    }
}

impl SeatAdapter for HttpSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn ask(&self, request: &AskRequest, deadline: Instant) -> SeatReply {
        let url = self.wire.endpoint(&self.base_url, &request.model);
        let body = self.wire.request_body(request);
        let mut earlier = Vec::new();
        let mut attempts = 0;
        loop {
            let now = Instant::now();
            let Some(left) = deadline
                .checked_duration_since(now)
                .filter(|d| !d.is_zero())
            else {
                return SeatReply {
                    seat: self.name.clone(),
                    outcome: local_error(
                        "deadline",
                        format!("the deadline passed after {attempts} attempt(s)"),
                        RetryAdvice::No,
                    ),
                    status: None,
                    raw: Vec::new(),
                    arrived: now,
                    attempts,
                    earlier,
                };
            };
            attempts += 1;
            let (outcome, status, raw) = match self.attempt(&url, &body, self.timeout.min(left)) {
                Ok((status, headers, bytes)) => {
                    let raw = match &self.key {
                        Some(k) => k.scrub(&bytes),
                        None => bytes,
                    };
                    let outcome = if raw.len() > self.max_reply_bytes {
                        local_error(
                            "oversized",
                            format!("the reply is larger than {} bytes", self.max_reply_bytes),
                            RetryAdvice::No,
                        )
                    } else {
                        let h: Vec<(&str, &str)> = headers
                            .iter()
                            .map(|(k, v)| (k.as_str(), v.as_str()))
                            .collect();
                        let mut o = self.wire.read(&Reply {
                            status,
                            headers: &h,
                            body: &raw,
                        });
                        if let sealbook_core::league::wire::Finish::Error { message, .. } =
                            &mut o.finish
                        {
                            *message = self.scrub(message);
                        }
                        o
                    };
                    (outcome, Some(status), raw)
                }
                Err((kind, message)) => (
                    local_error(&kind, message, RetryAdvice::Backoff),
                    None,
                    Vec::new(),
                ),
            };
            let arrived = Instant::now();
            let left = deadline.saturating_duration_since(arrived);
            match self.retry.wait(&outcome.retry, attempts, left) {
                Some(wait) => {
                    earlier.push(summary(status, &outcome));
                    std::thread::sleep(wait);
                }
                None => {
                    return SeatReply {
                        seat: self.name.clone(),
                        outcome,
                        status,
                        raw,
                        arrived,
                        attempts,
                        earlier,
                    }
                }
            }
        }
    }
}
