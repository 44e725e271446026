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
        return Err(format!(
            "a calendar accepts digests of 1 to {MAX_DIGEST_LENGTH} bytes, got {}",
            digest.len()
        ));
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
            format!(
                "Calendar response exceeded size limit ({} > {MAX_RESPONSE_LENGTH} bytes)",
                body.len()
            ),
        ));
    }
    Timestamp::deserialize(msg, body)
}

/// The reason text of a 404 answer as the reference shows it: the first 160 bytes, every
/// byte outside `[A-Za-z0-9#-.,; ]` (no newlines) replaced by `_`.
pub fn sanitised_reason(body: &[u8]) -> String {
    body.iter()
        .take(160)
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"#-.,; ".contains(&b) {
                b as char
            } else {
                '_'
            }
        })
        .collect()
}

/// The calendars `ots upgrade` asks by default (`DEFAULT_CALENDAR_WHITELIST`): a pending
/// attestation naming any other URI is ignored unless the reader whitelists it, so a proof
/// cannot make the client contact an arbitrary server.
pub const DEFAULT_WHITELIST: [&str; 3] = [
    "https://*.calendar.opentimestamps.org",
    "https://*.calendar.eternitywall.com",
    "https://*.calendar.catallaxy.com",
];

/// A calendar URL split as `urllib.parse.urlparse` splits it (only what the whitelist uses).
#[derive(Clone, Debug, PartialEq, Eq)]
struct UrlParts<'a> {
    scheme: &'a str,
    netloc: &'a str,
    path: &'a str,
    /// A `;params`, `?query` or `#fragment` is present.
    extra: bool,
}

fn url_parts(url: &str) -> Option<UrlParts<'_>> {
    let (scheme, rest) = url.split_once("://")?;
    let end = rest.find('/').unwrap_or(rest.len());
    let (netloc, path) = rest.split_at(end);
    let extra = rest.contains(['?', '#']) || path.contains(';');
    Some(UrlParts {
        scheme,
        netloc,
        path,
        extra,
    })
}

/// `fnmatch` for host patterns: `*` any run of characters, `?` one character (no `[...]`
/// classes; case-sensitive, as `fnmatch` is on POSIX).
fn glob_match(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && (pattern[p] == b'?' || pattern[p] == text[t]) {
            p += 1;
            t += 1;
        } else if p < pattern.len() && pattern[p] == b'*' {
            star = Some((p, t));
            p += 1;
        } else if let Some((sp, st)) = star {
            p = sp + 1;
            t = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

/// `UrlWhitelist.__contains__`: `url` is allowed when some pattern has the same scheme and
/// path and its host glob matches. A pattern without a scheme allows both http and https
/// (`UrlWhitelist.add`). URLs with params, a query or a fragment are never allowed.
pub fn url_whitelisted(url: &str, patterns: &[String]) -> bool {
    let Some(u) = url_parts(url) else {
        return false;
    };
    if u.extra {
        return false;
    }
    patterns.iter().any(|pat| {
        let expanded: Vec<String> = if pat.starts_with("http://") || pat.starts_with("https://") {
            vec![pat.clone()]
        } else {
            vec![format!("http://{pat}"), format!("https://{pat}")]
        };
        expanded.iter().filter_map(|p| url_parts(p)).any(|p| {
            !p.extra
                && p.scheme == u.scheme
                && p.path == u.path
                && glob_match(p.netloc.as_bytes(), u.netloc.as_bytes())
        })
    })
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
        assert_eq!(
            calendar_url("https://a.example/", "digest"),
            "https://a.example/digest"
        );
        assert_eq!(
            calendar_url("http://127.0.0.1:8080/cal/", "timestamp/ab"),
            "http://127.0.0.1:8080/cal/timestamp/ab"
        );
        assert_eq!(
            calendar_url("http://127.0.0.1:8080/cal", "digest"),
            "http://127.0.0.1:8080/digest"
        );
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

    #[test]
    fn whitelist_as_url_whitelist_matches() {
        let default: Vec<String> = DEFAULT_WHITELIST.iter().map(|s| s.to_string()).collect();
        assert!(url_whitelisted(
            "https://alice.btc.calendar.opentimestamps.org",
            &default
        ));
        assert!(url_whitelisted(
            "https://finney.calendar.eternitywall.com",
            &default
        ));
        assert!(!url_whitelisted(
            "http://alice.btc.calendar.opentimestamps.org",
            &default
        ));
        assert!(!url_whitelisted(
            "https://alice.btc.calendar.opentimestamps.org/x",
            &default
        ));
        assert!(!url_whitelisted(
            "https://calendar.opentimestamps.org.evil.example",
            &default
        ));
        assert!(!url_whitelisted(
            "https://a.calendar.opentimestamps.org?x",
            &default
        ));
        assert!(!url_whitelisted("https://evil.example", &default));
        let local = vec!["127.0.0.1:8080".to_string()];
        assert!(url_whitelisted("http://127.0.0.1:8080", &local));
        assert!(url_whitelisted("https://127.0.0.1:8080", &local));
        assert!(!url_whitelisted("http://127.0.0.1:8081", &local));
        assert!(glob_match(b"*.a.*", b"x.a.b"));
        assert!(glob_match(b"a?c", b"abc"));
        assert!(!glob_match(b"a?c", b"ac"));
    }
}
