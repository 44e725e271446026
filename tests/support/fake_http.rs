//! The fake HTTP/1.1 server of the tests: model endpoints, OpenTimestamps calendars,
//! timestamp authorities, Rekor, price feeds, all on 127.0.0.1. One thread per connection
//! ([`start`]), or every connection a task of one event loop on one thread ([`start_async`],
//! for a burst of a thousand requests at once, where a thread each would compete with the
//! client for the cores); bounded reads (a 64 KiB head, a 16 MiB body), `Connection: close`;
//! each request is counted and kept, and answered by the test's handler, after the answer's
//! delay.

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
    handler: &Handler,
    hits: &AtomicUsize,
    seen: &Mutex<Vec<Request>>,
) -> std::io::Result<()> {
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() >= MAX_HEAD || s.read(&mut byte)? == 0 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    let (mut req, len) = parse_head(&head);
    req.body = vec![0u8; len];
    s.read_exact(&mut req.body)?;
    let a = answer(req, handler, hits, seen);
    std::thread::sleep(a.delay);
    s.write_all(&response(&a))?;
    s.flush()
}

/// A test's handler, shared by the connections.
type Handler = dyn Fn(usize, &Request) -> Answer + Send + Sync;

/// The largest request head read.
const MAX_HEAD: usize = 65_536;

/// A request's head (through the blank line) read into a request with no body yet, and the
/// body's length (`content-length`, at most 16 MiB).
fn parse_head(head: &[u8]) -> (Request, usize) {
    let head = String::from_utf8_lossy(head).into_owned();
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
    let req = Request {
        method,
        path,
        headers,
        body: Vec::new(),
    };
    (req, len.min(16 << 20))
}

/// The request kept and counted, and the handler's answer to it.
fn answer(
    req: Request,
    handler: &Handler,
    hits: &AtomicUsize,
    seen: &Mutex<Vec<Request>>,
) -> Answer {
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(req.clone());
    let hit = hits.fetch_add(1, Ordering::SeqCst);
    handler(hit, &req)
}

/// The bytes of `a` as an HTTP/1.1 response that closes the connection.
fn response(a: &Answer) -> Vec<u8> {
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
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(&a.body);
    bytes
}

/// As [`start`], with every connection a task of one event loop (a tokio runtime on a thread
/// of its own) instead of a thread: the answers' delays wait on the loop's timer, so a
/// thousand held requests cost no thread each and go out together when they are due.
pub fn start_async(handler: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static) -> Fake {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let url = format!("http://{}", listener.local_addr().expect("local address"));
    listener
        .set_nonblocking(true)
        .expect("non-blocking listener");
    let hits = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let handler: Arc<Handler> = Arc::new(handler);
    let (h2, s2) = (hits.clone(), seen.clone());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .expect("the fake endpoint's runtime");
    std::thread::Builder::new()
        .name("fake-http-loop".into())
        .spawn(move || {
            rt.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).expect("listener on the loop");
                while let Ok((conn, _)) = listener.accept().await {
                    let (handler, hits, seen) = (handler.clone(), h2.clone(), s2.clone());
                    tokio::spawn(async move {
                        let served = serve_async(conn, &*handler, &hits, &seen);
                        let _ = tokio::time::timeout(Duration::from_secs(600), served).await;
                    });
                }
            })
        })
        .expect("the fake endpoint's thread");
    Fake { url, hits, seen }
}

async fn serve_async(
    mut s: tokio::net::TcpStream,
    handler: &Handler,
    hits: &AtomicUsize,
    seen: &Mutex<Vec<Request>>,
) -> std::io::Result<()> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut buf = Vec::new();
    let mut chunk = [0u8; 16_384];
    let end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        if buf.len() >= MAX_HEAD {
            return Ok(());
        }
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut chunk)).await??;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let (mut req, len) = parse_head(&buf[..end]);
    req.body = buf[end..].to_vec();
    req.body.truncate(len);
    let mut rest = vec![0u8; len - req.body.len()];
    tokio::time::timeout(Duration::from_secs(10), s.read_exact(&mut rest)).await??;
    req.body.extend_from_slice(&rest);
    let a = answer(req, handler, hits, seen);
    tokio::time::sleep(a.delay).await;
    s.write_all(&response(&a)).await?;
    s.flush().await
}
