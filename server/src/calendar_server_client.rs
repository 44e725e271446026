//! The HTTP side of the OpenTimestamps calendar-server protocol (spec §3.2: stamped lists are
//! submitted to public calendar servers and their pending proofs upgraded later). Requests,
//! paths, bodies and answers are built and read by `sealbook_core::ots::calendar_server`; this
//! module only moves the bytes through [`crate::http_client`] (bounded time per request, bounded
//! answer size, no redirects: the server asked is the one the reader chose or whitelisted).

use crate::http_client::{Body, HttpClient};
use sealbook_core::ots::calendar_server::{self, ACCEPT, MAX_RESPONSE_LENGTH};
use sealbook_core::ots::Timestamp;
use std::time::Duration;

/// A blocking client for calendar servers; each request (connect, send, whole answer) ends within
/// the timeout.
pub struct CalendarServerClient {
    http: HttpClient,
}

/// A calendar's answer to `GET /timestamp/<commitment>`.
pub enum Lookup {
    /// 200: a timestamp on the commitment.
    Found(Timestamp),
    /// 404: the calendar has nothing yet; the sanitised reason it gave.
    NotFound(String),
}

impl CalendarServerClient {
    pub fn new(timeout: Duration) -> CalendarServerClient {
        CalendarServerClient {
            http: HttpClient::new(timeout),
        }
    }

    /// `POST <base>/digest`: the calendar's pending timestamp on `digest`.
    pub fn submit(&self, base: &str, digest: &[u8]) -> Result<Timestamp, String> {
        let url = calendar_server::calendar_url(base, "digest");
        let body = calendar_server::digest_request_body(digest)?;
        let body = Body {
            content_type: None,
            bytes: &body,
        };
        let (status, bytes) = self
            .http
            .exchange(&url, ACCEPT, Some(body), MAX_RESPONSE_LENGTH)?;
        if status != 200 {
            return Err(format!(
                "{url}: HTTP {status}: {}",
                calendar_server::sanitised_reason(&bytes)
            ));
        }
        calendar_server::parse_response(digest, &bytes)
            .map_err(|e| format!("{url}: not a timestamp: {e}"))
    }

    /// `GET <base>/timestamp/<hex commitment>`.
    pub fn lookup(&self, base: &str, commitment: &[u8]) -> Result<Lookup, String> {
        let url = calendar_server::calendar_url(
            base,
            &calendar_server::timestamp_request_path(commitment),
        );
        let (status, bytes) = self
            .http
            .exchange(&url, ACCEPT, None, MAX_RESPONSE_LENGTH)?;
        match status {
            200 => calendar_server::parse_response(commitment, &bytes)
                .map(Lookup::Found)
                .map_err(|e| format!("{url}: not a timestamp: {e}")),
            404 => Ok(Lookup::NotFound(calendar_server::sanitised_reason(&bytes))),
            s => Err(format!(
                "{url}: HTTP {s}: {}",
                calendar_server::sanitised_reason(&bytes)
            )),
        }
    }
}
