//! GET with the price and crowd sources' rules: a timeout per request, a bounded answer, and
//! a 429 or 5xx answer (or a failed connection) retried with exponential backoff a bounded
//! number of times. Errors are sentences naming the URL.

use crate::http_client::{excerpt, HttpClient};
use std::time::Duration;

/// Largest answer read (seven days of 24-hour Yahoo minutes is about 2 MB).
pub const MAX_BODY_BYTES: usize = 8 << 20;
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// Attempts per request (the first and the retries).
pub const ATTEMPTS: u32 = 4;
/// The wait before the first retry; it doubles with each further retry.
pub const BACKOFF: Duration = Duration::from_millis(500);

pub struct Fetcher {
    client: HttpClient,
    max_body: usize,
    attempts: u32,
    backoff: Duration,
}

impl Default for Fetcher {
    fn default() -> Fetcher {
        Fetcher::new(TIMEOUT, MAX_BODY_BYTES, ATTEMPTS, BACKOFF)
    }
}

impl Fetcher {
    pub fn new(timeout: Duration, max_body: usize, attempts: u32, backoff: Duration) -> Fetcher {
        Fetcher {
            client: HttpClient::new(timeout),
            max_body,
            attempts: attempts.max(1),
            backoff,
        }
    }

    /// The status and body of the first answer that is neither a 429 nor a 5xx (those and
    /// failed connections are retried); an error when the retries run out or the answer is
    /// over the bound.
    pub fn get(&self, url: &str) -> Result<(u16, Vec<u8>), String> {
        let mut last = String::new();
        for attempt in 0..self.attempts {
            if attempt > 0 {
                std::thread::sleep(self.backoff.saturating_mul(1 << (attempt - 1).min(16)));
            }
            match self
                .client
                .exchange(url, "application/json", None, self.max_body)
            {
                Err(e) => last = e,
                Ok((_, body)) if body.len() > self.max_body => {
                    return Err(format!("{url}: the answer exceeds {} bytes", self.max_body))
                }
                Ok((status, body)) if status == 429 || status >= 500 => {
                    last = format!("{url}: HTTP {status}: {}", excerpt(&body));
                }
                Ok(answer) => return Ok(answer),
            }
        }
        Err(format!("{last} (gave up after {} attempts)", self.attempts))
    }
}

/// A name as one URL path segment or query value (`^GSPC` -> `%5EGSPC`, `GC=F` -> `GC%3DF`):
/// unreserved characters kept, every other byte percent-encoded.
pub fn url_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
