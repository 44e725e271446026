//! The small HTTP/1.1 server the demo's services run on: 127.0.0.1, an ephemeral port, std
//! threads (one accept loop, one thread per connection, at most [`MAX_CONNECTIONS`] at once),
//! one request per connection (`Connection: close`), bounded reads. It stops when its
//! [`Server`] handle is dropped.
//!
//! It exists so the demo's model endpoint, timestamp authority and calendar server are real
//! servers the league's own clients reach over TCP, exactly as they reach the real services.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Longest request head (request line and headers) read.
pub const MAX_HEAD_BYTES: usize = 16 << 10;
/// Largest request body read: an ask for twelve markets is tens of kilobytes, a
/// timestamp query under a hundred bytes.
pub const MAX_BODY_BYTES: usize = 4 << 20;
/// Connections served at once; one more is answered 503 and closed.
pub const MAX_CONNECTIONS: usize = 64;
/// A client that sends nothing for this long is dropped.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// One request as received.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// The request target as sent (`/v1/chat/completions`, `/digest`).
    pub path: String,
    /// Headers (lowercase name, trimmed value), in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What a handler answers.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
        }
    }

    pub fn text(status: u16, body: &str) -> Response {
        Response::new(status, "text/plain", body.as_bytes())
    }
}

type Handler = dyn Fn(&Request) -> Response + Send + Sync;

/// A running server; dropping it stops the accept loop (connections being served finish).
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl Server {
    /// Binds 127.0.0.1 on a free port and serves `handler` on a thread named `name`.
    pub fn start(
        name: &str,
        handler: impl Fn(&Request) -> Response + Send + Sync + 'static,
    ) -> std::io::Result<Server> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let busy = Arc::new(AtomicUsize::new(0));
        let stopping = stop.clone();
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                for conn in listener.incoming() {
                    if stopping.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(conn) = conn else { continue };
                    if busy.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                        busy.fetch_sub(1, Ordering::SeqCst);
                        let _ = write_response(&conn, &Response::text(503, "busy"));
                        continue;
                    }
                    // The slot is freed when the guard drops: after `serve`, when a handler
                    // panics, and when no thread could be had (the closure is dropped unrun).
                    let slot = Slot(busy.clone());
                    let handler = handler.clone();
                    let _ = std::thread::Builder::new().spawn(move || {
                        let _slot = slot;
                        let _ = serve(conn, &*handler);
                    });
                }
            })?;
        Ok(Server { addr, stop })
    }

    /// `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// One of the [`MAX_CONNECTIONS`] slots, taken; given back on drop.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
    }
}

/// Reads one request (bounded), answers it, closes.
fn serve(mut s: TcpStream, handler: &Handler) -> std::io::Result<()> {
    s.set_read_timeout(Some(READ_TIMEOUT))?;
    s.set_write_timeout(Some(READ_TIMEOUT))?;
    s.set_nodelay(true)?;
    let request = match read_request(&mut s)? {
        Ok(r) => r,
        Err(bad) => {
            write_response(&s, &bad)?;
            // Read on a little so the unread rest of the request does not reset the
            // connection before the client has read the answer.
            s.shutdown(std::net::Shutdown::Write)?;
            s.set_read_timeout(Some(Duration::from_millis(500)))?;
            let _ = std::io::copy(&mut (&mut s).take(1 << 16), &mut std::io::sink());
            return Ok(());
        }
    };
    write_response(&s, &handler(&request))
}

/// The request, or the error answer for a request that cannot be read.
fn read_request(s: &mut TcpStream) -> std::io::Result<Result<Request, Response>> {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 1024];
    let split = loop {
        if let Some(i) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        if head.len() > MAX_HEAD_BYTES {
            return Ok(Err(Response::text(431, "request head too large")));
        }
        let n = s.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        head.extend_from_slice(&buf[..n]);
    };
    let mut body = head.split_off(split + 4);
    head.truncate(split);
    let Ok(head) = String::from_utf8(head) else {
        return Ok(Err(Response::text(400, "request head is not UTF-8")));
    };
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_string();
    let path = first.next().unwrap_or_default().to_string();
    let mut headers = Vec::new();
    for l in lines {
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let mut request = Request {
        method,
        path,
        headers,
        body: Vec::new(),
    };
    if request
        .header("transfer-encoding")
        .is_some_and(|t| !t.eq_ignore_ascii_case("identity"))
    {
        return Ok(Err(Response::text(411, "send a Content-Length")));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(v) => match v.parse::<usize>() {
            Ok(n) if n <= MAX_BODY_BYTES => n,
            Ok(_) => return Ok(Err(Response::text(413, "request body too large"))),
            Err(_) => return Ok(Err(Response::text(400, "invalid Content-Length"))),
        },
    };
    if body.len() > length {
        body.truncate(length);
    }
    let have = body.len();
    body.resize(length, 0);
    s.read_exact(&mut body[have..])?;
    request.body = body;
    Ok(Ok(request))
}

fn write_response(mut s: &TcpStream, r: &Response) -> std::io::Result<()> {
    let reason = match r.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Status",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        r.status,
        r.content_type,
        r.body.len()
    );
    // One write: a head and a body written apart would wait on the client's delayed
    // acknowledgement of the head (Nagle's algorithm), tens of milliseconds per request.
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(&r.body);
    s.write_all(&bytes)?;
    s.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(url: &str, raw: &[u8]) -> String {
        let addr = url.trim_start_matches("http://");
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(raw).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn answers_bounded_requests_and_stops_when_dropped() {
        let server = Server::start("test-http1", |r| {
            Response::new(
                200,
                "text/plain",
                format!("{} {} {}", r.method, r.path, r.body.len()),
            )
        })
        .unwrap();
        let url = server.url();
        let out = exchange(
            &url,
            b"POST /digest HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        );
        assert!(out.starts_with("HTTP/1.1 200 OK\r\n"), "{out}");
        assert!(out.ends_with("POST /digest 5"), "{out}");
        let out = exchange(
            &url,
            format!(
                "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
                MAX_BODY_BYTES + 1
            )
            .as_bytes(),
        );
        assert!(out.starts_with("HTTP/1.1 413 "), "{out}");
        let out = exchange(&url, b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n");
        assert!(out.starts_with("HTTP/1.1 400 "), "{out}");
        let huge = vec![b'a'; MAX_HEAD_BYTES + 2048];
        let out = exchange(&url, &huge);
        assert!(out.starts_with("HTTP/1.1 431 "), "{out}");
        drop(server);
        // The accept loop has stopped: a connection is refused, or accepted by the kernel
        // backlog and never answered (the listener is closed right after).
        std::thread::sleep(Duration::from_millis(100));
        let addr = url.trim_start_matches("http://");
        if let Ok(mut s) = TcpStream::connect(addr) {
            s.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
            let _ = s.write_all(b"GET / HTTP/1.1\r\n\r\n");
            let mut out = Vec::new();
            let _ = s.read_to_end(&mut out);
            assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        }
    }

    #[test]
    fn a_handler_that_panics_gives_its_connection_slot_back() {
        let server = Server::start("test-http1-panic", |r| {
            assert!(r.path != "/panic", "the handler panics on /panic");
            Response::text(200, "ok")
        })
        .unwrap();
        let url = server.url();
        // More panicking exchanges than there are slots, one at a time: each closes its
        // connection unanswered, and each must free its slot.
        for _ in 0..MAX_CONNECTIONS + 8 {
            let out = exchange(&url, b"GET /panic HTTP/1.1\r\nHost: x\r\n\r\n");
            assert!(out.is_empty(), "{out}");
        }
        let out = exchange(&url, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(out.starts_with("HTTP/1.1 200 OK\r\n"), "{out}");
    }
}
