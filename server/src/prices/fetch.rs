//! GET with the price and crowd sources' rules: a timeout per request, a bounded answer, and
//! a 429 or 5xx answer (or a failed connection) retried with exponential backoff a bounded
//! number of times. A 429 or 503 that says when to come back (`Retry-After`, seconds or an
//! HTTP date, read by the seats' parser [`retry_after_value`]) is asked again then instead,
//! the wait capped ([`MAX_RETRY_AFTER`]); no retry waits until or past the job's deadline.
//! Errors are sentences naming the URL.

use crate::http_client::{excerpt, HttpClient};
use sealbook_core::calendar::Instant;
use sealbook_core::league::wire::retry_after_value;
use std::time::Duration;

/// Largest answer read (seven days of 24-hour Yahoo minutes is about 2 MB).
pub const MAX_BODY_BYTES: usize = 8 << 20;
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// Attempts per request (the first and the retries).
pub const ATTEMPTS: u32 = 4;
/// The wait before the first retry; it doubles with each further retry.
pub const BACKOFF: Duration = Duration::from_millis(500);
/// The longest `Retry-After` wait honoured (a longer one is cut to it).
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(60);

pub struct Fetcher {
    client: HttpClient,
    max_body: usize,
    attempts: u32,
    backoff: Duration,
    max_retry_after: Duration,
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
            max_retry_after: MAX_RETRY_AFTER,
        }
    }

    /// The same fetcher honouring a `Retry-After` up to `cap` (the tests' short cap).
    #[cfg(test)]
    pub fn with_max_retry_after(mut self, cap: Duration) -> Fetcher {
        self.max_retry_after = cap;
        self
    }

    /// The status and body of the first answer that is neither a 429 nor a 5xx (those and
    /// failed connections are retried); an error when the retries run out or the answer is
    /// over the bound.
    pub fn get(&self, url: &str) -> Result<(u16, Vec<u8>), String> {
        self.get_until(url, None)
    }

    /// [`Fetcher::get`] for a job that must be done by `deadline`: a retry whose wait would
    /// end at or after it is not made.
    pub fn get_until(
        &self,
        url: &str,
        deadline: Option<std::time::Instant>,
    ) -> Result<(u16, Vec<u8>), String> {
        let mut last = String::new();
        let mut wait = Duration::ZERO;
        for attempt in 0..self.attempts {
            if attempt > 0 {
                if deadline.is_some_and(|d| std::time::Instant::now() + wait >= d) {
                    return Err(format!(
                        "{last} (gave up after {attempt} attempt(s): the next would start after the job's deadline)"
                    ));
                }
                std::thread::sleep(wait);
            }
            let backoff = self.backoff.saturating_mul(1 << attempt.min(16));
            match self.client.exchange_with(
                url,
                "application/json",
                None,
                self.max_body,
                &["retry-after"],
            ) {
                Err(e) => {
                    last = e;
                    wait = backoff;
                }
                Ok((_, _, body)) if body.len() > self.max_body => {
                    return Err(format!("{url}: the answer exceeds {} bytes", self.max_body))
                }
                Ok((status, headers, body)) if status == 429 || status >= 500 => {
                    last = format!("{url}: HTTP {status}: {}", excerpt(&body));
                    let asked = headers
                        .iter()
                        .find(|(k, _)| k == "retry-after")
                        .filter(|_| status == 429 || status == 503)
                        .and_then(|(_, v)| retry_after_value(v, system_now()));
                    wait = asked.map_or(backoff, |d| d.min(self.max_retry_after));
                }
                Ok((status, _, body)) => return Ok((status, body)),
            }
        }
        Err(format!("{last} (gave up after {} attempts)", self.attempts))
    }
}

/// The system clock, for a `Retry-After` given as a date.
fn system_now() -> Option<Instant> {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(Instant(d.as_micros() as i64))
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
