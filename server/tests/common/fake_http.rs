//! A minimal HTTP/1.1 server on 127.0.0.1 for the client tests (fake OpenTimestamps
//! calendar, timestamp authority and Rekor): one thread per connection, bounded reads,
//! `Connection: close`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub content_type: Option<String>,
    pub accept: Option<String>,
    pub authorization: Option<String>,
    pub body: Vec<u8>,
}

/// What the handler answers: status, content type, body, other headers, and a delay before
/// answering.
pub struct Answer {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub headers: Vec<(String, String)>,
    pub delay: Duration,
}

impl Answer {
    pub fn new(status: u16, content_type: &'static str, body: Vec<u8>) -> Answer {
        Answer {
            status,
            content_type,
            body,
            headers: Vec::new(),
            delay: Duration::ZERO,
        }
    }

    /// The same answer with the header `name: value` too.
    pub fn with_header(mut self, name: &str, value: &str) -> Answer {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
}

/// Starts a server calling `handler` for each request; returns its `http://127.0.0.1:port`.
/// The server lives as long as the test process.
pub fn start(handler: impl Fn(Request) -> Answer + Send + Sync + 'static) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let handler = Arc::new(handler);
    std::thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            let handler = handler.clone();
            std::thread::spawn(move || {
                let _ = serve(conn, &*handler);
            });
        }
    });
    url
}

fn serve(mut s: TcpStream, handler: &dyn Fn(Request) -> Answer) -> std::io::Result<()> {
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if s.read(&mut byte)? == 0 || head.len() > 16_384 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_string();
    let path = first.next().unwrap_or_default().to_string();
    let (mut length, mut content_type, mut accept, mut authorization) = (0usize, None, None, None);
    for l in lines {
        if let Some((k, v)) = l.split_once(':') {
            match k.trim().to_ascii_lowercase().as_str() {
                "content-length" => length = v.trim().parse().unwrap_or(0).min(1 << 20),
                "content-type" => content_type = Some(v.trim().to_string()),
                "accept" => accept = Some(v.trim().to_string()),
                "authorization" => authorization = Some(v.trim().to_string()),
                _ => {}
            }
        }
    }
    let mut body = vec![0; length];
    s.read_exact(&mut body)?;
    let a = handler(Request {
        method,
        path,
        content_type,
        accept,
        authorization,
        body,
    });
    std::thread::sleep(a.delay);
    let reason = match a.status {
        200 => "OK",
        201 => "Created",
        404 => "Not Found",
        409 => "Conflict",
        500 => "Internal Server Error",
        _ => "Status",
    };
    let extra: String = a
        .headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    write!(
        s,
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
        a.status,
        a.content_type,
        a.body.len()
    )?;
    s.write_all(&a.body)?;
    s.flush()
}
