//! The demo's OpenTimestamps calendar server on 127.0.0.1 (spec §3.2: stamped lists are
//! submitted to calendar servers; the protocol of opentimestamps-server `otsserver/rpc.py`,
//! `../shared/vectors/ots-calendar`). It accepts digests and answers each with a pending
//! attestation, exactly as a real calendar does before its Bitcoin transaction confirms; it
//! never commits anything to Bitcoin, so the demo's proofs stay pending and every answer and
//! its status page say so.
//!
//! - `POST /digest` (1 to 64 bytes): 200 `application/octet-stream`, a bare timestamp on the
//!   digest: append a 16-byte nonce, sha256, prepend the 4-byte big-endian time, append an
//!   8-byte tag, then the pending attestation naming this calendar. Nonce and tag are hashes
//!   of the digest (a real server uses a random nonce and an HMAC), so a proof depends only
//!   on the digest, the clock and the URI.
//! - `GET /timestamp/<hex>`: 404 `Pending confirmation in Bitcoin blockchain` for a
//!   commitment it issued, 404 `Not found` otherwise, 400 for a commitment that is not hex.
//! - `GET /`: a text status page saying that proofs stay pending.

use super::http1::{Request, Response, Server};
use crate::league::clock::Clock;
use sealbook_core::hex;
use sealbook_core::ots::attestation::Attestation;
use sealbook_core::ots::calendar_server::MAX_DIGEST_LENGTH;
use sealbook_core::ots::timestamp::Node;
use sealbook_core::ots::{Op, Timestamp};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

/// The reason a pending commitment's lookup gives (the real server's text).
pub const PENDING: &str = "Pending confirmation in Bitcoin blockchain";
/// The status page.
pub const STATUS_PAGE: &str = "sealbook DEMO OpenTimestamps calendar\n\nThis calendar accepts digests and answers with pending attestations. It never commits \
     anything to Bitcoin: every DEMO proof stays pending, and `ots upgrade` will keep saying \
     so.\n";
/// Most commitments remembered (a demo issues a few hundred).
pub const MAX_COMMITMENTS: usize = 1 << 16;

/// `sha256(label || data)`.
fn tagged(label: &str, data: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(label.as_bytes());
    h.update(data);
    h.finalize().into()
}

/// The calendar's answer to `digest` at unix time `secs`, and the commitment it leads to.
pub fn pending_timestamp(
    digest: &[u8],
    secs: u32,
    uri: &str,
) -> Result<(Timestamp, Vec<u8>), String> {
    let nonce = tagged("sealbook DEMO calendar nonce", digest)[..16].to_vec();
    let ops = [
        Op::Append(nonce),
        Op::Sha256,
        Op::Prepend(secs.to_be_bytes().to_vec()),
    ];
    let mut msg = digest.to_vec();
    for op in &ops {
        msg = op.apply(&msg).map_err(|e| e.0)?;
    }
    let mac = Op::Append(tagged("sealbook DEMO calendar tag", &msg)[..8].to_vec());
    let commitment = mac.apply(&msg).map_err(|e| e.0)?;
    let mut leaf = Node::default();
    leaf.attestations.insert(Attestation::pending(uri)?);
    let mut node = leaf;
    for op in ops.into_iter().chain([mac]).rev() {
        let mut parent = Node::default();
        parent.ops.insert(op, node);
        node = parent;
    }
    Ok((
        Timestamp {
            msg: digest.to_vec(),
            root: node,
        },
        commitment,
    ))
}

/// A running demo calendar.
pub struct DemoOtsCalendar {
    server: Server,
}

impl DemoOtsCalendar {
    /// Starts the calendar; its pending attestations name `uri` (None: its own URL).
    pub fn start(clock: Clock, uri: Option<String>) -> Result<DemoOtsCalendar, String> {
        // The URL is known only once the port is bound, and the handler needs it.
        let named: Arc<Mutex<String>> = Arc::new(Mutex::new(uri.clone().unwrap_or_default()));
        let issued: Arc<Mutex<BTreeSet<Vec<u8>>>> = Arc::default();
        let (n, i) = (named.clone(), issued.clone());
        let server = Server::start("demo-calendar", move |r: &Request| {
            let uri = n.lock().map(|u| u.clone()).unwrap_or_default();
            handle(r, &clock, &uri, &i)
        })
        .map_err(|e| format!("cannot start the DEMO calendar: {e}"))?;
        let uri = uri.unwrap_or_else(|| server.url());
        Attestation::pending(&uri).map_err(|e| format!("DEMO calendar URI {uri:?}: {e}"))?;
        if let Ok(mut u) = named.lock() {
            *u = uri;
        }
        Ok(DemoOtsCalendar { server })
    }

    /// Where clients submit (`http://127.0.0.1:<port>`).
    pub fn url(&self) -> String {
        self.server.url()
    }
}

fn handle(r: &Request, clock: &Clock, uri: &str, issued: &Mutex<BTreeSet<Vec<u8>>>) -> Response {
    match (r.method.as_str(), r.path.as_str()) {
        ("POST", "/digest") => {
            if r.body.len() > MAX_DIGEST_LENGTH {
                return Response::text(400, "digest too long");
            }
            if r.body.is_empty() {
                return Response::text(400, "invalid Content-Length");
            }
            let secs = clock
                .peek()
                .0
                .div_euclid(1_000_000)
                .clamp(0, u32::MAX as i64) as u32;
            let answer = pending_timestamp(&r.body, secs, uri)
                .and_then(|(t, c)| t.serialize().map(|b| (b, c)).map_err(|e| e.to_string()));
            match answer {
                Ok((bytes, commitment)) => {
                    if let Ok(mut set) = issued.lock() {
                        if set.len() < MAX_COMMITMENTS {
                            set.insert(commitment);
                        }
                    }
                    Response::new(200, "application/octet-stream", bytes)
                }
                Err(e) => Response::text(500, &format!("DEMO calendar: {e}")),
            }
        }
        ("GET", path) if path.starts_with("/timestamp/") => {
            let Some(c) = hex::decode(&path["/timestamp/".len()..]) else {
                return Response::text(400, "commitment must be hex-encoded bytes");
            };
            let known = issued.lock().map(|s| s.contains(&c)).unwrap_or(false);
            Response::text(404, if known { PENDING } else { "Not found" })
        }
        ("GET", "/") => Response::text(200, STATUS_PAGE),
        _ => Response::text(404, "not found"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar_server_client::{CalendarServerClient, Lookup};
    use crate::league::clock::StepClock;
    use crate::run_in_process as sealbook;
    use sealbook_core::calendar::Instant;
    use sealbook_core::ots::calendar_server::parse_response;
    use std::time::Duration;

    fn clock() -> Clock {
        Clock::stepped(&StepClock::new(
            Instant::parse_rfc3339("2026-10-21T12:31:00Z").unwrap(),
            1,
        ))
    }

    #[test]
    fn the_answer_has_the_shape_of_a_real_calendar_answer() {
        // The recorded answer of alice.btc.calendar.opentimestamps.org to this digest.
        let dir = sealbook_tests::vectors_dir().join("ots-calendar");
        let digest =
            std::fs::read(dir.join("DERIVED_calendar_POST_digest_request_body.bin")).unwrap();
        let real =
            std::fs::read(dir.join("DERIVED_calendar_POST_digest_response_body.bin")).unwrap();
        let uri = "https://alice.btc.calendar.opentimestamps.org";
        let (t, commitment) = pending_timestamp(&digest, 1473226180, uri).unwrap();
        let ours = t.serialize().unwrap();
        // The same ops in the same order: append 16 bytes, sha256, prepend the same 4-byte
        // time, append 8 bytes, the same pending attestation; only nonce and tag differ.
        assert_eq!(ours.len(), real.len());
        assert_eq!(ours[..2], real[..2]);
        assert_eq!(ours[18..27], real[18..27]);
        assert_eq!(ours[35..], real[35..]);
        assert_eq!(commitment.len(), 44);
        assert_eq!(commitment[..4], 1473226180u32.to_be_bytes());
    }

    #[test]
    fn the_calendar_client_gets_pending_proofs_that_stay_pending() {
        let cal = DemoOtsCalendar::start(clock(), None).unwrap();
        let client = CalendarServerClient::new(Duration::from_secs(10));
        let digest = [7u8; 32];
        let t = client.submit(&cal.url(), &digest).unwrap();
        // Parsed back by core's reader as the client does, ending in our pending attestation.
        let bytes = t.serialize().unwrap();
        assert_eq!(parse_response(&digest, &bytes).unwrap(), t);
        let (expected, commitment) = pending_timestamp(&digest, 1792585860, &cal.url()).unwrap();
        assert_eq!(t, expected);
        // The lookup of its commitment: pending, with the real server's reason.
        match client.lookup(&cal.url(), &commitment).unwrap() {
            Lookup::NotFound(reason) => assert_eq!(reason, PENDING),
            Lookup::Found(_) => panic!("a DEMO proof never completes"),
        }
        match client.lookup(&cal.url(), &[1, 2, 3]).unwrap() {
            Lookup::NotFound(reason) => assert_eq!(reason, "Not found"),
            Lookup::Found(_) => panic!(),
        }
        // Too long a digest is refused as the real server refuses it.
        let e = client.submit(&cal.url(), &[0u8; 65]).unwrap_err();
        assert!(e.contains("64"), "{e}");
        // A stable URI can be named instead of the port.
        let named =
            DemoOtsCalendar::start(clock(), Some("https://demo.calendar.invalid".into())).unwrap();
        let t = client.submit(&named.url(), &digest).unwrap();
        let (expected, _) =
            pending_timestamp(&digest, 1792585860, "https://demo.calendar.invalid").unwrap();
        assert_eq!(t, expected);
        assert!(DemoOtsCalendar::start(clock(), Some("bad uri!".into())).is_err());
    }

    #[test]
    fn ots_stamp_submits_to_it_and_ots_upgrade_reports_pending() {
        let cal = DemoOtsCalendar::start(clock(), None).unwrap();
        let d = tempfile::tempdir().unwrap();
        let list = d.path().join("list.txt");
        std::fs::write(&list, b"daily/council/book.jsonl: 3 lines\n").unwrap();
        let list = list.display().to_string();
        let url = cal.url();
        assert_eq!(sealbook(&["ots", "stamp", &list, "--calendar", &url]), 0);
        let proof = format!("{list}.ots");
        assert!(std::path::Path::new(&proof).exists());
        // Pending: `ots upgrade` asks the calendar (named by the proof, whitelisted here) and
        // the proof stays as it was (exit 1: not complete), unchanged on disk.
        let before = std::fs::read(&proof).unwrap();
        assert_eq!(
            sealbook(&["ots", "upgrade", &proof, "--whitelist", &url]),
            1
        );
        assert_eq!(std::fs::read(&proof).unwrap(), before);
        // python-opentimestamps reads the proof: one pending attestation, on this calendar.
        let mut peer = sealbook_tests::python_script("ots_peer.py")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the Python peer starts");
        let line = serde_json::json!({"id": 1, "kind": "detached", "hex": hex::encode(&before)});
        {
            use std::io::Write;
            let mut stdin = peer.stdin.take().unwrap();
            writeln!(stdin, "{line}").unwrap();
        }
        let out = peer.wait_with_output().unwrap();
        let answer: serde_json::Value =
            serde_json::from_slice(out.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
        assert_eq!(answer["error"], serde_json::Value::Null, "{answer}");
        assert_eq!(answer["reserialized"], hex::encode(&before));
        let atts = answer["attestations"].as_array().unwrap();
        assert_eq!(atts.len(), 1, "{answer}");
        assert!(
            atts[0]
                .as_str()
                .unwrap()
                .starts_with(&format!("PendingAttestation('{url}')|")),
            "{answer}"
        );
        // The status page says the proofs stay pending.
        let page = crate::http_client::HttpClient::new(Duration::from_secs(5))
            .exchange(&format!("{url}/"), "text/plain", None, 4096)
            .unwrap();
        assert_eq!(page.0, 200);
        assert!(String::from_utf8_lossy(&page.1).contains("stays pending"));
    }
}
