//! The HTTP side of the OpenTimestamps calendar protocol (spec §3.2: stamped lists are
//! submitted to public calendars and their pending proofs upgraded later). Requests, paths,
//! bodies and answers are built and read by `sealbook_core::ots::calendar`; this module only
//! moves the bytes, with a bounded time per request and a bounded answer size.
//!
//! Redirects are not followed: the calendar asked is the one the reader chose or whitelisted.

use sealbook_core::ots::calendar::{self, ACCEPT, MAX_RESPONSE_LENGTH};
use sealbook_core::ots::Timestamp;
use std::io::Read;
use std::time::Duration;

/// A blocking client for calendars; each request (connect, send, whole answer) ends within
/// the timeout.
pub struct CalendarClient {
    agent: ureq::Agent,
    timeout: Duration,
}

/// A calendar's answer to `GET /timestamp/<commitment>`.
pub enum Lookup {
    /// 200: a timestamp on the commitment.
    Found(Timestamp),
    /// 404: the calendar has nothing yet; the sanitised reason it gave.
    NotFound(String),
}

impl CalendarClient {
    pub fn new(timeout: Duration) -> CalendarClient {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("sealbook/", env!("CARGO_PKG_VERSION")))
            .build();
        CalendarClient { agent: config.into(), timeout }
    }

    /// `POST <base>/digest`: the calendar's pending timestamp on `digest`.
    pub fn submit(&self, base: &str, digest: &[u8]) -> Result<Timestamp, String> {
        let url = calendar::calendar_url(base, "digest");
        let body = calendar::digest_request_body(digest)?;
        let (status, bytes) = self.exchange(&url, Some(&body))?;
        if status != 200 {
            return Err(format!("{url}: HTTP {status}: {}", calendar::sanitised_reason(&bytes)));
        }
        calendar::parse_response(digest, &bytes).map_err(|e| format!("{url}: not a timestamp: {e}"))
    }

    /// `GET <base>/timestamp/<hex commitment>`.
    pub fn lookup(&self, base: &str, commitment: &[u8]) -> Result<Lookup, String> {
        let url = calendar::calendar_url(base, &calendar::timestamp_request_path(commitment));
        let (status, bytes) = self.exchange(&url, None)?;
        match status {
            200 => calendar::parse_response(commitment, &bytes)
                .map(Lookup::Found)
                .map_err(|e| format!("{url}: not a timestamp: {e}")),
            404 => Ok(Lookup::NotFound(calendar::sanitised_reason(&bytes))),
            s => Err(format!("{url}: HTTP {s}: {}", calendar::sanitised_reason(&bytes))),
        }
    }

    /// One request; returns the status and at most `MAX_RESPONSE_LENGTH + 1` bytes of the
    /// answer (one more than allowed, so `parse_response` can tell an over-long answer).
    fn exchange(&self, url: &str, body: Option<&[u8]>) -> Result<(u16, Vec<u8>), String> {
        let sent = match body {
            Some(b) => self.agent.post(url).header("Accept", ACCEPT).send(b),
            None => self.agent.get(url).header("Accept", ACCEPT).call(),
        };
        let mut resp = sent.map_err(|e| self.describe(url, e))?;
        let status = resp.status().as_u16();
        let mut bytes = Vec::new();
        resp.body_mut().as_reader().take(MAX_RESPONSE_LENGTH as u64 + 1).read_to_end(&mut bytes).map_err(
            |e| match e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
                Some(ureq::Error::Timeout(_)) => self.timed_out(url),
                _ => format!("{url}: reading the answer: {e}"),
            },
        )?;
        Ok((status, bytes))
    }

    fn describe(&self, url: &str, e: ureq::Error) -> String {
        match e {
            ureq::Error::Timeout(_) => self.timed_out(url),
            e => format!("{url}: {e}"),
        }
    }

    fn timed_out(&self, url: &str) -> String {
        format!("{url}: no complete answer within {} s (timeout)", self.timeout.as_secs())
    }
}
