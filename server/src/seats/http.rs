//! The HTTP seats: OpenAI-compatible chat completions, Anthropic Messages and Gemini
//! `generateContent`, over hyper's HTTP/1.1 client on tokio (rustls with ring and the Mozilla
//! roots for `https`). Core builds the bodies and reads the replies; this file sends them with
//! the seat's key in the provider's header (`Authorization: Bearer`, `x-api-key`,
//! `x-goog-api-key`; never in a URL), within the seat's timeout and the run's deadline,
//! retrying as [`RetryPolicy`] says.
//!
//! An ask is a future ([`HttpSeat::ask_async`]): [`super::ask_all`] runs every HTTP seat of a
//! run as a task on one event loop (spec §3.1 step 2, every seat at once; requirement 12, each
//! reply stamped the moment its last byte is read), and [`SeatAdapter::ask`] drives the same
//! future on a runtime of its own for a caller that asks one seat.

use super::{local_error, summary, ApiKey, RetryPolicy, SeatAdapter, SeatFuture, SeatReply};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use sealbook_core::league::wire::{anthropic, AskRequest, Reply, RetryAdvice, Wire};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio_rustls::rustls;

/// One attempt's reply: status, the headers that matter, the body, and when its last byte
/// was read.
struct Received {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    arrived: Instant,
}

/// An attempt that got no reply: the error kind (`timeout`, `transport`) and the words.
type Failed = (String, String);

/// One HTTP seat, as configured.
#[derive(Clone, Debug)]
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
    /// The TLS settings when not [`tls_config`]'s (a test's server with its own root).
    tls: Option<Arc<rustls::ClientConfig>>,
}

/// The TLS client configuration of every seat: rustls with the ring provider, TLS 1.2 and
/// 1.3, the Mozilla roots built in, HTTP/1.1 by ALPN. Made once.
fn tls_config() -> Result<Arc<rustls::ClientConfig>, String> {
    static TLS: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    TLS.get_or_init(|| {
        client_config(rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        })
    })
    .clone()
}

/// [`tls_config`]'s settings with `roots` as the trusted roots.
fn client_config(roots: rustls::RootCertStore) -> Result<Arc<rustls::ClientConfig>, String> {
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| format!("TLS configuration: {e}"))?
    .with_root_certificates(roots)
    .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Ends a spawned connection task when the attempt that spawned it is dropped (done, timed
/// out or past the deadline), so no socket outlives its attempt.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl HttpSeat {
    pub fn new(
        name: &str,
        wire: Wire,
        base_url: &str,
        key: Option<ApiKey>,
        timeout: Duration,
    ) -> HttpSeat {
        HttpSeat {
            name: name.to_string(),
            wire,
            base_url: base_url.to_string(),
            key,
            timeout,
            retry: RetryPolicy::default(),
            max_reply_bytes: super::DEFAULT_MAX_REPLY_BYTES,
            tls: None,
        }
    }

    /// The same seat trusting `roots` instead of the Mozilla roots.
    #[cfg(test)]
    pub(super) fn trusting(mut self, roots: rustls::RootCertStore) -> HttpSeat {
        self.tls = client_config(roots).ok();
        self
    }

    /// One attempt within `timeout` (connect, send and the whole reply): the status, the
    /// headers that matter and the body (at most the bound plus one byte), or why not.
    async fn attempt(
        &self,
        url: &str,
        body: &Bytes,
        timeout: Duration,
    ) -> Result<Received, Failed> {
        match tokio::time::timeout(timeout, self.exchange(url, body)).await {
            Ok(r) => r.map_err(|e| ("transport".to_string(), self.scrub(&e))),
            Err(_) => Err((
                "timeout".to_string(),
                format!("no complete reply within {} ms", timeout.as_millis()),
            )),
        }
    }

    /// Connects to `url`'s host (TLS for `https`), sends one POST and reads the reply.
    async fn exchange(&self, url: &str, body: &Bytes) -> Result<Received, String> {
        let uri: hyper::Uri = url
            .parse()
            .map_err(|e| format!("base_url gives a bad URL {url:?}: {e}"))?;
        let tls = match uri.scheme_str() {
            Some("http") => false,
            Some("https") => true,
            other => return Err(format!("URL scheme {other:?} is not http or https")),
        };
        let authority = uri
            .authority()
            .ok_or_else(|| format!("URL {url:?} has no host"))?
            .clone();
        let host = authority
            .host()
            .trim_start_matches('[')
            .trim_end_matches(']');
        let port = authority.port_u16().unwrap_or(if tls { 443 } else { 80 });
        let tcp = tokio::net::TcpStream::connect((host, port))
            .await
            .map_err(|e| format!("connecting to {host}:{port}: {e}"))?;
        let _ = tcp.set_nodelay(true);
        let path = uri.path_and_query().map_or("/", |p| p.as_str());
        let mut req = hyper::Request::post(path)
            .header(hyper::header::HOST, authority.as_str())
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .header(hyper::header::ACCEPT, "application/json")
            .header(
                hyper::header::USER_AGENT,
                concat!("sealbook/", env!("CARGO_PKG_VERSION")),
            );
        if let Some(key) = &self.key {
            // The provider's own headers for the key (core's, as the pre-flight sends them).
            for (name, value) in self.wire.key_headers(key.expose()) {
                req = req.header(name, value);
            }
        } else if self.wire == Wire::Anthropic {
            req = req.header("anthropic-version", anthropic::API_VERSION);
        }
        let req = req
            .body(Full::new(body.clone()))
            // A key that is not a valid header value; the words never carry the value.
            .map_err(|_| "the request's headers are not valid (check the API key)".to_string())?;
        if tls {
            let name = rustls::pki_types::ServerName::try_from(host.to_string())
                .map_err(|e| format!("{host:?} is not a TLS server name: {e}"))?;
            let config = match &self.tls {
                Some(c) => c.clone(),
                None => tls_config()?,
            };
            let stream = tokio_rustls::TlsConnector::from(config)
                .connect(name, tcp)
                .await
                .map_err(|e| format!("TLS with {host}:{port}: {e}"))?;
            self.send(stream, req).await
        } else {
            self.send(tcp, req).await
        }
    }

    /// Sends `req` over `io` (HTTP/1.1) and reads the reply, its body to the bound plus one
    /// byte; the reply's instant is taken right after the body's last byte.
    async fn send<S>(&self, io: S, req: hyper::Request<Full<Bytes>>) -> Result<Received, String>
    where
        S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
    {
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(io))
            .await
            .map_err(|e| format!("HTTP handshake: {e}"))?;
        let _conn = AbortOnDrop(tokio::spawn(async move {
            let _ = conn.await;
        }));
        let resp = sender
            .send_request(req)
            .await
            .map_err(|e| format!("sending the request: {e}"))?;
        let status = resp.status().as_u16();
        let headers = ["content-type", "retry-after", "retry-after-ms"]
            .iter()
            .filter_map(|h| {
                let v = resp.headers().get(*h)?.to_str().ok()?;
                Some((h.to_string(), v.to_string()))
            })
            .collect();
        let limit = self.max_reply_bytes.saturating_add(1);
        let mut bytes = Vec::new();
        let mut incoming = resp.into_body();
        while bytes.len() < limit {
            match incoming.frame().await {
                None => break,
                Some(Err(e)) => return Err(format!("reading the reply: {e}")),
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        let take = data.len().min(limit - bytes.len());
                        bytes.extend_from_slice(&data[..take]);
                    }
                }
            }
        }
        Ok(Received {
            status,
            headers,
            body: bytes,
            arrived: Instant::now(),
        })
    }

    fn scrub(&self, s: &str) -> String {
        match &self.key {
            Some(k) => k.scrub_str(s),
            None => s.to_string(),
        }
    }

    /// Asks once or more (retries, waiting on the loop's timer) until a final reply, the
    /// attempts or the deadline run out.
    pub async fn ask_async(&self, request: &AskRequest, deadline: Instant) -> SeatReply {
        let url = self.wire.endpoint(&self.base_url, &request.model);
        let body = Bytes::from(self.wire.request_body(request));
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
                    redacted: false,
                };
            };
            attempts += 1;
            let mut redacted = false;
            let (outcome, status, raw, arrived) =
                match self.attempt(&url, &body, self.timeout.min(left)).await {
                    Ok(got) => {
                        let raw = match self.key.as_ref().and_then(|k| k.scrub_found(&got.body)) {
                            Some(clean) => {
                                redacted = true;
                                clean
                            }
                            None => got.body,
                        };
                        let outcome = if raw.len() > self.max_reply_bytes {
                            local_error(
                                "oversized",
                                format!("the reply is larger than {} bytes", self.max_reply_bytes),
                                RetryAdvice::No,
                            )
                        } else {
                            let h: Vec<(&str, &str)> = got
                                .headers
                                .iter()
                                .map(|(k, v)| (k.as_str(), v.as_str()))
                                .collect();
                            let mut o = self.wire.read(&Reply {
                                status: got.status,
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
                        (outcome, Some(got.status), raw, got.arrived)
                    }
                    Err((kind, message)) => (
                        local_error(&kind, message, RetryAdvice::Backoff),
                        None,
                        Vec::new(),
                        Instant::now(),
                    ),
                };
            let left = deadline.saturating_duration_since(Instant::now());
            match self.retry.wait(&outcome.retry, attempts, left) {
                Some(wait) => {
                    earlier.push(summary(status, &outcome));
                    tokio::time::sleep(wait).await;
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
                        redacted,
                    }
                }
            }
        }
    }
}

impl SeatAdapter for HttpSeat {
    fn name(&self) -> &str {
        &self.name
    }

    /// The ask on a runtime of its own, on this thread (or on a scoped thread when this one
    /// already runs a runtime, which cannot be entered twice).
    fn ask(&self, request: &AskRequest, deadline: Instant) -> SeatReply {
        let run = || match super::seat_runtime() {
            Ok(rt) => rt.block_on(self.ask_async(request, deadline)),
            Err(e) => super::not_started(&self.name, &e),
        };
        if tokio::runtime::Handle::try_current().is_ok() {
            std::thread::scope(|s| s.spawn(run).join())
                .unwrap_or_else(|_| super::not_started(&self.name, "the seat's thread panicked"))
        } else {
            run()
        }
    }

    fn ask_on_loop(&self, request: &AskRequest, deadline: Instant) -> Option<SeatFuture> {
        let (seat, request) = (self.clone(), request.clone());
        Some(Box::pin(
            async move { seat.ask_async(&request, deadline).await },
        ))
    }
}
