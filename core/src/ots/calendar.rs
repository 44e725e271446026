//! The OpenTimestamps calendar protocol, as bytes (spec §3.2: stamped lists are submitted to
//! public calendars; python-opentimestamps `opentimestamps/calendar.py`). The HTTP exchange
//! itself lives in the server crate; this module builds request paths and bodies and reads
//! the answers.
//!
//! - `POST <calendar>/digest`, body = the raw digest (at most 64 bytes); a 200 answer is a
//!   bare timestamp on that digest ending in a pending attestation.
//! - `GET <calendar>/timestamp/<hex commitment>`; a 200 answer is a bare timestamp on the
//!   commitment (complete once it reaches a Bitcoin attestation); 404 carries a reason.

use super::serialize::{ErrorKind, OtsError};
use super::timestamp::Timestamp;
use crate::hex;

/// The calendars `ots stamp` uses when none are given.
pub const DEFAULT_CALENDARS: [&str; 4] = [
    "https://a.pool.opentimestamps.org",
    "https://b.pool.opentimestamps.org",
    "https://a.pool.eternitywall.com",
    "https://ots.btc.catallaxy.com",
];

/// The calendar server refuses longer digests.
pub const MAX_DIGEST_LENGTH: usize = 64;
/// The reference client reads at most this many bytes of an answer.
pub const MAX_RESPONSE_LENGTH: usize = 10_000;
/// `Accept` header the reference client sends.
pub const ACCEPT: &str = "application/vnd.opentimestamps.v1";

/// `urljoin(calendar_url, path)` for the relative paths the client uses (`digest`,
/// `timestamp/<hex>`): the last path segment of the base is replaced, so
/// `https://a.example` and `https://a.example/` both give `https://a.example/digest`.
pub fn calendar_url(base: &str, path: &str) -> String {
    let after_scheme = base.find("://").map(|i| i + 3).unwrap_or(0);
    match base[after_scheme..].find('/') {
        None => format!("{base}/{path}"),
        Some(slash) => {
            let last = base.rfind('/').unwrap_or(after_scheme + slash);
            format!("{}{path}", &base[..=last])
        }
    }
}

/// The body of `POST /digest`: the digest itself.
pub fn digest_request_body(digest: &[u8]) -> Result<Vec<u8>, String> {
    if digest.is_empty() || digest.len() > MAX_DIGEST_LENGTH {
        return Err(format!("a calendar accepts digests of 1 to {MAX_DIGEST_LENGTH} bytes, got {}", digest.len()));
    }
    Ok(digest.to_vec())
}

/// The path of `GET /timestamp/<hex>` relative to the calendar URL.
pub fn timestamp_request_path(commitment: &[u8]) -> String {
    format!("timestamp/{}", hex::encode(commitment))
}

/// Reads a calendar's 200 answer (to either request): a bare timestamp on `msg`. Unlike the
/// reference client, bytes after the timestamp are rejected (`TrailingGarbageError`).
pub fn parse_response(msg: &[u8], body: &[u8]) -> Result<Timestamp, OtsError> {
    if body.len() > MAX_RESPONSE_LENGTH {
        return Err(OtsError::new(
            ErrorKind::DeserializationError,
            MAX_RESPONSE_LENGTH,
            format!("Calendar response exceeded size limit ({} > {MAX_RESPONSE_LENGTH} bytes)", body.len()),
        ));
    }
    Timestamp::deserialize(msg, body)
}

/// The reason text of a 404 answer as the reference shows it: the first 160 bytes, every
/// byte outside `[A-Za-z0-9#-.,; ]` (no newlines) replaced by `_`.
pub fn sanitised_reason(body: &[u8]) -> String {
    body.iter()
        .take(160)
        .map(|&b| if b.is_ascii_alphanumeric() || b"#-.,; ".contains(&b) { b as char } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(
            calendar_url("https://a.pool.opentimestamps.org", "digest"),
            "https://a.pool.opentimestamps.org/digest"
        );
        assert_eq!(calendar_url("https://a.example/", "digest"), "https://a.example/digest");
        assert_eq!(
            calendar_url("http://127.0.0.1:8080/cal/", "timestamp/ab"),
            "http://127.0.0.1:8080/cal/timestamp/ab"
        );
        assert_eq!(calendar_url("http://127.0.0.1:8080/cal", "digest"), "http://127.0.0.1:8080/digest");
    }

    #[test]
    fn reasons_and_bodies() {
        assert_eq!(
            sanitised_reason(b"Pending confirmation in Bitcoin blockchain\nx"),
            "Pending confirmation in Bitcoin blockchain_x"
        );
        assert!(digest_request_body(&[0; 65]).is_err());
        assert_eq!(digest_request_body(&[7; 32]).unwrap(), vec![7; 32]);
    }
}
