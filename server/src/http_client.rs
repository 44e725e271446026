//! A blocking HTTP(S) client for the services sealbook submits to (OpenTimestamps calendars,
//! RFC 3161 timestamp authorities, Rekor): ureq with rustls (ring) and the Mozilla roots built
//! in; every request (connect, send, whole answer) ends within the timeout, answers are read
//! up to a bound, redirects are not followed (the service asked is the one the reader chose).

use std::io::{Read, Write};
use std::time::Duration;

pub struct HttpClient {
    agent: ureq::Agent,
    timeout: Duration,
}

/// A request body and its media type (none: ureq sends no Content-Type).
pub struct Body<'a> {
    pub content_type: Option<&'a str>,
    pub bytes: &'a [u8],
}

impl HttpClient {
    pub fn new(timeout: Duration) -> HttpClient {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("sealbook/", env!("CARGO_PKG_VERSION")))
            .build();
        HttpClient {
            agent: config.into(),
            timeout,
        }
    }

    /// One request (POST when `body` is given, else GET); returns the status and at most
    /// `max + 1` bytes of the answer (one more than allowed, so the caller can tell an
    /// over-long answer). Errors are sentences naming the URL.
    pub fn exchange(
        &self,
        url: &str,
        accept: &str,
        body: Option<Body<'_>>,
        max: usize,
    ) -> Result<(u16, Vec<u8>), String> {
        self.exchange_with(url, accept, body, max, &[])
            .map(|(status, _, bytes)| (status, bytes))
    }

    /// One GET of `url` with the request headers `headers` (name, value) besides `Accept`;
    /// returns the status and at most `max + 1` bytes of the answer. Errors are sentences
    /// naming the URL, never a header's value.
    pub fn get_with_headers(
        &self,
        url: &str,
        accept: &str,
        headers: &[(&str, &str)],
        max: usize,
    ) -> Result<(u16, Vec<u8>), String> {
        let mut req = self.agent.get(url).header("Accept", accept);
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let mut resp = req.call().map_err(|e| match e {
            ureq::Error::Timeout(_) => self.timed_out(url),
            ureq::Error::Http(_) => format!("{url}: a request header is not valid"),
            e => format!("{url}: {e}"),
        })?;
        let status = resp.status().as_u16();
        let bytes = self.read_body(url, &mut resp, max)?;
        Ok((status, bytes))
    }

    /// [`HttpClient::exchange`], also returning the answer's headers named in `headers`
    /// (name as asked, value) that it has.
    pub fn exchange_with(
        &self,
        url: &str,
        accept: &str,
        body: Option<Body<'_>>,
        max: usize,
        headers: &[&str],
    ) -> Result<(u16, Headers, Vec<u8>), String> {
        let sent = match body {
            Some(b) => {
                let mut req = self.agent.post(url).header("Accept", accept);
                if let Some(t) = b.content_type {
                    req = req.header("Content-Type", t);
                }
                req.send(b.bytes)
            }
            None => self.agent.get(url).header("Accept", accept).call(),
        };
        let mut resp = sent.map_err(|e| match e {
            ureq::Error::Timeout(_) => self.timed_out(url),
            e => format!("{url}: {e}"),
        })?;
        let status = resp.status().as_u16();
        let kept = headers
            .iter()
            .filter_map(|h| {
                let v = resp.headers().get(*h)?.to_str().ok()?;
                Some((h.to_string(), v.to_string()))
            })
            .collect();
        let bytes = self.read_body(url, &mut resp, max)?;
        Ok((status, kept, bytes))
    }

    /// One GET of `url` whose body, when the status is 200, is streamed into `sink`: at most
    /// `max + 1` bytes (one more than allowed, so the caller can tell an over-long answer), each
    /// also handed to `seen` (to hash it on the way). Returns the status and the bytes written;
    /// another status writes nothing. Errors are sentences naming the URL, or the sink's error.
    pub fn get_into(
        &self,
        url: &str,
        accept: &str,
        max: u64,
        sink: &mut dyn Write,
        seen: &mut dyn FnMut(&[u8]),
    ) -> Result<(u16, u64), GetError> {
        let mut resp = self
            .agent
            .get(url)
            .header("Accept", accept)
            .call()
            .map_err(|e| match e {
                ureq::Error::Timeout(_) => GetError::Http(self.timed_out(url)),
                e => GetError::Http(format!("{url}: {e}")),
            })?;
        let status = resp.status().as_u16();
        if status != 200 {
            return Ok((status, 0));
        }
        let mut body = resp.body_mut().as_reader().take(max.saturating_add(1));
        let mut buf = vec![0u8; 64 << 10];
        let mut written = 0u64;
        loop {
            let n = match body.read(&mut buf) {
                Ok(0) => return Ok((status, written)),
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(GetError::Http(
                        match e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
                            Some(ureq::Error::Timeout(_)) => self.timed_out(url),
                            _ => format!("{url}: reading the answer: {e}"),
                        },
                    ))
                }
            };
            seen(&buf[..n]);
            sink.write_all(&buf[..n]).map_err(GetError::Sink)?;
            written += n as u64;
        }
    }

    /// At most `max + 1` bytes of the answer's body (one more than allowed, so the caller can
    /// tell an answer over its cap), a timeout while reading said as one.
    fn read_body(
        &self,
        url: &str,
        resp: &mut ureq::http::Response<ureq::Body>,
        max: usize,
    ) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        resp.body_mut()
            .as_reader()
            .take(max as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(
                |e| match e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
                    Some(ureq::Error::Timeout(_)) => self.timed_out(url),
                    _ => format!("{url}: reading the answer: {e}"),
                },
            )?;
        Ok(bytes)
    }

    fn timed_out(&self, url: &str) -> String {
        format!(
            "{url}: no complete answer within {} s (timeout)",
            self.timeout.as_secs()
        )
    }
}

/// Why [`HttpClient::get_into`] stopped: the exchange (a sentence naming the URL) or the sink.
#[derive(Debug)]
pub enum GetError {
    Http(String),
    Sink(std::io::Error),
}

/// Answer headers as (name, value).
pub type Headers = Vec<(String, String)>;

/// The start of an error answer as printable text (at most 300 bytes, control characters
/// dropped), for messages.
pub fn excerpt(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}
