//! The fake HTTP/1.1 server of the tests: model endpoints, OpenTimestamps calendars,
//! timestamp authorities, Rekor, price feeds, all on 127.0.0.1. One thread per connection,
//! bounded reads (a 64 KiB head, a 16 MiB body), `Connection: close`; each request is counted
//! and kept, and answered by the test's handler, after the answer's delay.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A request as the server read it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// Header names lower-cased, values trimmed, in the order sent.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first value of header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What the handler answers: status, headers (`content-length` and `connection` are the
/// server's), body, and a delay before answering.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub delay: Duration,
}

impl Answer {
    pub fn new(status: u16, content_type: &str, body: Vec<u8>) -> Answer {
        Answer {
            status,
            headers: vec![("content-type".into(), content_type.into())],
            body,
            delay: Duration::ZERO,
        }
    }

    /// An `application/json` answer.
    pub fn json(status: u16, body: impl Into<Vec<u8>>) -> Answer {
        Answer::new(status, "application/json", body.into())
    }

    /// The same answer with the header `name: value` too.
    pub fn with_header(mut self, name: &str, value: &str) -> Answer {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
}

/// A running fake server: its URL, how many requests it has had, and what they were.
pub struct Fake {
    /// `http://127.0.0.1:port`.
    pub url: String,
    pub hits: Arc<AtomicUsize>,
    pub seen: Arc<Mutex<Vec<Request>>>,
}

impl Fake {
    /// The requests so far, in the order they were read.
    pub fn requests(&self) -> Vec<Request> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// Starts a server on a free port of 127.0.0.1 calling `handler(hit, request)` for each
/// request (`hit` counts from 0 on this server). It lives as long as the test process.
pub fn start(handler: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static) -> Fake {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let url = format!("http://{}", listener.local_addr().expect("local address"));
    let hits = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let handler = Arc::new(handler);
    let (h2, s2) = (hits.clone(), seen.clone());
    std::thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            let (handler, hits, seen) = (handler.clone(), h2.clone(), s2.clone());
            std::thread::spawn(move || {
                let _ = serve(conn, &*handler, &hits, &seen);
            });
        }
    });
    Fake { url, hits, seen }
}

fn serve(
    mut s: TcpStream,
    handler: &(dyn Fn(usize, &Request) -> Answer + Send + Sync),
    hits: &AtomicUsize,
    seen: &Mutex<Vec<Request>>,
) -> std::io::Result<()> {
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() >= 65_536 || s.read(&mut byte)? == 0 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_string();
    let path = first.next().unwrap_or_default().to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; len.min(16 << 20)];
    s.read_exact(&mut body)?;
    let req = Request {
        method,
        path,
        headers,
        body,
    };
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(req.clone());
    let hit = hits.fetch_add(1, Ordering::SeqCst);
    let a = handler(hit, &req);
    std::thread::sleep(a.delay);
    let reason = match a.status {
        200 => "OK",
        201 => "Created",
        404 => "Not Found",
        409 => "Conflict",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    };
    let mut out = format!("HTTP/1.1 {} {reason}\r\n", a.status);
    for (k, v) in &a.headers {
        if !["content-length", "transfer-encoding", "connection"]
            .iter()
            .any(|h| k.eq_ignore_ascii_case(h))
        {
            out.push_str(&format!("{k}: {v}\r\n"));
        }
    }
    out.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        a.body.len()
    ));
    s.write_all(out.as_bytes())?;
    s.write_all(&a.body)?;
    s.flush()
}
