//! `sealbook serve` over real sockets: the HTTP layout, MIME types (application/wasm
//! included), refused traversal (encoded, backslash, symlink), no listing outside the data
//! directory, HEAD, conditional GET, read-only methods, redirects that stay on the origin
//! however many slashes the path has, the security headers on every answer, and connections
//! closed after the idle and write timeouts (bounded waits on the server's own socket count).
//! Requests are written by hand so paths reach the server exactly as given, never normalised
//! by a client.

use super::common;

use common::bin;
use common::serve::Server;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const SECRET: &str = "SECRET-OUTSIDE-THE-ROOTS";

fn start(args: &[&str]) -> Server {
    let mut command = Command::new(bin());
    command
        .arg("serve")
        .args(["--addr", "127.0.0.1:0"])
        .args(args)
        .stderr(Stdio::inherit());
    common::serve::start(command, None)
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends one raw request (`method target`, extra header lines) and reads the reply to EOF.
fn request(s: &Server, method: &str, target: &str, extra: &str) -> Reply {
    let mut c = TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(c, "{method} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}Content-Length: 0\r\n\r\n", s.addr).unwrap();
    let mut raw = Vec::new();
    c.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

fn get(s: &Server, target: &str) -> Reply {
    request(s, "GET", target, "")
}

/// index.html, www/ and data/ side by side with a secret file next to them.
fn site() -> (tempfile::TempDir, Vec<String>) {
    let t = tempfile::tempdir().unwrap();
    let p = t.path();
    let w = |rel: &str, bytes: &[u8]| {
        let f = p.join(rel);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, bytes).unwrap();
    };
    w("secret.txt", SECRET.as_bytes());
    w("index.html", b"<!doctype html><title>sealbook</title>");
    w("www/app.js", b"export {}");
    w("www/worker.mjs", b"self.onmessage = () => {}");
    w("www/style.css", b"body{}");
    w("www/pkg/sealbook_web_bg.wasm", b"\0asm\x01\0\0\0");
    w("www/sub/readme.txt", b"not listed");
    w("www/.hidden.js", b"hidden");
    w("data/council-book.jsonl", b"{\"n\": 1}\n");
    w(
        "data/proof/2026-10-20/130025Z.txt",
        b"daily/council/book.jsonl: 1 lines\n",
    );
    w("data/proof/2026-10-20/130025Z.txt.ots", b"\0OpenTimestamps");
    w("data/proof/2026-10-20/130025Z.txt.freetsa.tsr", b"0\x82");
    w("data/council-stats.json", b"{}");
    w("data/a b&<c>.txt", b"odd name");
    w("data/.hidden", b"hidden");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(p.join("secret.txt"), p.join("data/link-out.txt")).unwrap();
        std::os::unix::fs::symlink(p, p.join("data/dir-out")).unwrap();
        std::os::unix::fs::symlink(p.join("secret.txt"), p.join("www/link-out.js")).unwrap();
        std::os::unix::fs::symlink(
            p.join("data/council-book.jsonl"),
            p.join("data/link-in.jsonl"),
        )
        .unwrap();
    }
    let s = |x: &str| p.join(x).display().to_string();
    // A plain folder without a manifest: served with --serve-unlisted.
    let args = vec![
        "--index".into(),
        s("index.html"),
        "--www".into(),
        s("www"),
        "--data".into(),
        s("data"),
        "--serve-unlisted".into(),
    ];
    (t, args)
}

fn serve_site() -> (tempfile::TempDir, Server) {
    let (t, args) = site();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let s = start(&args);
    (t, s)
}

#[test]
fn layout_and_mime_types() {
    let (_t, s) = serve_site();
    for (path, ctype, body) in [
        (
            "/",
            "text/html; charset=utf-8",
            &b"<!doctype html><title>sealbook</title>"[..],
        ),
        (
            "/index.html",
            "text/html; charset=utf-8",
            b"<!doctype html><title>sealbook</title>",
        ),
        ("/app.js", "text/javascript; charset=utf-8", b"export {}"),
        (
            "/worker.mjs",
            "text/javascript; charset=utf-8",
            b"self.onmessage = () => {}",
        ),
        ("/style.css", "text/css; charset=utf-8", b"body{}"),
        (
            "/pkg/sealbook_web_bg.wasm",
            "application/wasm",
            b"\0asm\x01\0\0\0",
        ),
        (
            "/data/council-book.jsonl",
            "text/plain; charset=utf-8",
            b"{\"n\": 1}\n",
        ),
        ("/data/council-stats.json", "application/json", b"{}"),
        (
            "/data/proof/2026-10-20/130025Z.txt",
            "text/plain; charset=utf-8",
            b"daily/council/book.jsonl: 1 lines\n",
        ),
        (
            "/data/proof/2026-10-20/130025Z.txt.ots",
            "application/octet-stream",
            b"\0OpenTimestamps",
        ),
        (
            "/data/proof/2026-10-20/130025Z.txt.freetsa.tsr",
            "application/octet-stream",
            b"0\x82",
        ),
        (
            "/data/a%20b%26%3Cc%3E.txt",
            "text/plain; charset=utf-8",
            b"odd name",
        ),
    ] {
        let r = get(&s, path);
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        assert_eq!(r.header("content-type"), Some(ctype), "{path}");
        assert_eq!(r.body, body, "{path}");
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert!(
            r.header("etag").is_some() && r.header("cache-control").is_some(),
            "{path}"
        );
    }
    assert_eq!(get(&s, "/nope.js").status, 404);
    assert_eq!(
        get(&s, "/app.js?v=1").status,
        200,
        "a query string does not change the file"
    );
}

#[test]
fn traversal_and_escapes_are_refused() {
    let (_t, s) = serve_site();
    for target in [
        "/../secret.txt",
        "/data/../secret.txt",
        "/data/../../secret.txt",
        "/data/%2e%2e/secret.txt",
        "/%2e%2e/secret.txt",
        "/data/%2E%2E/secret.txt",
        "/data/..%2fsecret.txt",
        "/data/%2e%2e%2fsecret.txt",
        "/data/..%5csecret.txt",
        "/data/%5c..%5csecret.txt",
        "/data\\..\\secret.txt",
        "/data/..\\secret.txt",
        "//secret.txt",
        "/data//../secret.txt",
        "/data/link-out.txt",
        "/data/link-in.jsonl",
        "/data/dir-out/secret.txt",
        "/data/dir-out/",
        "/link-out.js",
        "/.hidden.js",
        "/data/.hidden",
        "/data/%00",
        "http://localhost/../secret.txt",
        "/data/%252e%252e/secret.txt",
    ] {
        let r = get(&s, target);
        assert!(
            matches!(r.status, 400 | 404),
            "{target}: {} {}",
            r.status,
            r.text()
        );
        assert!(!r.text().contains(SECRET), "{target} leaked the secret");
    }
}

#[test]
fn only_the_data_directory_is_listed() {
    let (_t, s) = serve_site();
    for dir in ["/pkg/", "/sub/", "/pkg", "/sub"] {
        let r = get(&s, dir);
        assert_eq!(r.status, 404, "{dir}: {}", r.text());
    }
    let r = get(&s, "/data/");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    let html = r.text();
    for shown in [
        "href=\"council-book.jsonl\"",
        "href=\"proof/\"",
        "a b&amp;&lt;c&gt;.txt",
    ] {
        assert!(html.contains(shown), "listing lacks {shown}: {html}");
    }
    // No symbolic link is followed, even one that stays inside the directory.
    for hidden in [".hidden", "link-out", "link-in", "dir-out", "<c>"] {
        assert!(!html.contains(hidden), "listing shows {hidden}: {html}");
    }
    assert!(get(&s, "/data/proof/2026-10-20/")
        .text()
        .contains("href=\"130025Z.txt.ots\""));
    let j = request(&s, "GET", "/data/proof/", "Accept: application/json\r\n");
    assert_eq!(j.header("content-type"), Some("application/json"));
    let v: serde_json::Value = serde_json::from_slice(&j.body).unwrap();
    assert_eq!(v["entries"][0]["name"], "2026-10-20");
    assert_eq!(v["entries"][0]["type"], "dir");
    for (from, to) in [("/data", "/data/"), ("/data/proof", "/data/proof/")] {
        let r = get(&s, from);
        assert_eq!((r.status, r.header("location")), (301, Some(to)), "{from}");
    }
    assert_eq!(
        get(&s, "/data/council-book.jsonl/").status,
        404,
        "a file is not a directory"
    );
}

#[test]
fn head_conditional_get_and_read_only() {
    let (t, s) = serve_site();
    let h = request(&s, "HEAD", "/pkg/sealbook_web_bg.wasm", "");
    assert_eq!(h.status, 200);
    assert_eq!(h.header("content-type"), Some("application/wasm"));
    assert_eq!(h.header("content-length"), Some("8"));
    assert!(h.body.is_empty(), "HEAD has no body");
    assert_eq!(request(&s, "HEAD", "/data/", "").status, 200);

    let etag = get(&s, "/data/council-book.jsonl")
        .header("etag")
        .unwrap()
        .to_string();
    let r = request(
        &s,
        "GET",
        "/data/council-book.jsonl",
        &format!("If-None-Match: {etag}\r\n"),
    );
    assert_eq!(r.status, 304);
    assert!(r.body.is_empty());

    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let r = request(&s, method, "/data/council-book.jsonl", "");
        assert_eq!(r.status, 405, "{method}");
        assert_eq!(r.header("allow"), Some("GET, HEAD"), "{method}");
    }
    assert_eq!(
        std::fs::read(t.path().join("data/council-book.jsonl")).unwrap(),
        b"{\"n\": 1}\n"
    );
}

#[test]
fn demo_is_served_and_no_data_means_no_data() {
    let data = tempfile::tempdir().unwrap();
    let www = tempfile::tempdir().unwrap();
    let d = data.path().join("league");
    let index = data.path().join("index.html");
    std::fs::write(
        &index,
        "<html><head><title>t</title></head><body></body></html>\n",
    )
    .unwrap();
    let s = start(&[
        "--demo",
        "--data",
        d.to_str().unwrap(),
        "--www",
        www.path().to_str().unwrap(),
        "--index",
        index.to_str().unwrap(),
    ]);
    // The page is served marked as beside a DEMO league, in its head.
    let page = get(&s, "/").text();
    assert_eq!(
        page,
        "<html><head><title>t</title>  <meta name=\"sealbook-demo\" content=\"1\">\n</head><body></body></html>\n"
    );
    let book = get(&s, "/data/council-book.jsonl");
    assert_eq!(book.status, 200);
    assert_eq!(
        book.body,
        std::fs::read(d.join("council-book.jsonl")).unwrap()
    );
    // The engine-made demo: run lines on a set clock, the DEMO root published, every file in
    // the manifest.
    assert!(book
        .text()
        .lines()
        .any(|l| l.contains("\"clock\": \"set\"")));
    assert!(get(&s, "/data/DEMO.txt").text().contains("DEMO"));
    assert!(get(&s, "/data/tsa/demo-root.pem")
        .text()
        .starts_with("-----BEGIN CERTIFICATE-----"));
    let manifest = get(&s, "/data/manifest.json").text();
    assert!(manifest.contains("\"council-book.jsonl\""), "{manifest}");
    assert!(get(&s, "/data/proof/2026-10-20/")
        .text()
        .contains("130000Z.txt.demo.tsr"));
    drop(s);

    let s = start(&[
        "--www",
        www.path().to_str().unwrap(),
        "--index",
        index.to_str().unwrap(),
    ]);
    // Served beside no DEMO league, the page is its file's bytes.
    assert_eq!(get(&s, "/").body, std::fs::read(&index).unwrap());
    assert_eq!(get(&s, "/data/").status, 404);
    assert_eq!(get(&s, "/data/council-book.jsonl").status, 404);
}

#[test]
fn unusable_serve_arguments_exit_2() {
    let missing = Path::new("/nonexistent/sealbook-data");
    let out = Command::new(bin())
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/sealbook-data"));
    let out = Command::new(bin())
        .args(["serve", "--addr", "not-an-address"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn repeated_slashes_never_redirect_to_another_host() {
    let (_t, s) = serve_site();
    for (from, to) in [
        ("//data//proof", "/data/proof/"),
        ("//data/proof", "/data/proof/"),
        ("/data//proof", "/data/proof/"),
        ("///data///proof", "/data/proof/"),
        ("//data", "/data/"),
        ("//data//proof//2026-10-20", "/data/proof/2026-10-20/"),
        ("/data/proof//2026-10-20?x=1", "/data/proof/2026-10-20/"),
    ] {
        let r = get(&s, from);
        assert_eq!(r.status, 301, "{from}: {}", r.text());
        let location = r.header("location").unwrap_or_default();
        assert!(
            location.starts_with('/') && !location.starts_with("//"),
            "{from} redirects off the origin: {location:?}"
        );
        assert_eq!(location, to, "{from}");
        assert_eq!(get(&s, location).status, 200, "{from} -> {location}");
    }
    // A listing reached through doubled slashes is the data directory's, sandboxed.
    let r = get(&s, "//data//proof//");
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-security-policy")
        .is_some_and(|c| c.contains("sandbox")));
}

/// The policy the page and its assets are served with.
const PAGE_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self' https:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

#[test]
fn every_answer_carries_the_security_headers() {
    let (_t, s) = serve_site();
    let mut seen = std::collections::BTreeSet::new();
    for (method, target, status) in [
        ("GET", "/", 200),
        ("GET", "/index.html", 200),
        ("GET", "/app.js", 200),
        ("GET", "/worker.mjs", 200),
        ("GET", "/style.css", 200),
        ("GET", "/pkg/sealbook_web_bg.wasm", 200),
        ("HEAD", "/app.js", 200),
        ("GET", "/nope.js", 404),
        ("GET", "/pkg/", 404),
        ("GET", "/%ff", 400),
        ("GET", "/../secret.txt", 400),
        ("POST", "/", 405),
        ("DELETE", "/app.js", 405),
        ("GET", "/data/council-book.jsonl", 200),
        ("GET", "/data/", 200),
        ("GET", "/data", 301),
        ("GET", "/data/proof", 301),
        ("GET", "/data/nope", 404),
        ("GET", "/data/%2e%2e/x", 400),
        ("PUT", "/data/council-book.jsonl", 405),
    ] {
        let r = request(&s, method, target, "");
        assert_eq!(r.status, status, "{method} {target}: {}", r.text());
        seen.insert(r.status);
        let h = |n| {
            r.header(n)
                .unwrap_or_else(|| panic!("{method} {target}: no {n}"))
        };
        assert_eq!(h("x-content-type-options"), "nosniff", "{method} {target}");
        assert_eq!(h("referrer-policy"), "no-referrer", "{method} {target}");
        assert_eq!(h("x-frame-options"), "DENY", "{method} {target}");
        let csp = h("content-security-policy");
        if target.starts_with("/data") {
            assert!(
                csp.starts_with("sandbox allow-scripts; default-src 'none'; script-src 'sha256-")
                    && !csp.contains("allow-same-origin")
                    && csp.contains("frame-ancestors 'none'"),
                "{method} {target}: {csp}"
            );
        } else {
            assert_eq!(csp, PAGE_CSP, "{method} {target}");
        }
    }
    assert_eq!(seen.len(), 5, "200, 301, 400, 404 and 405 were all seen");
}

/// The server's open sockets (the listener and every connection it holds), from /proc.
#[cfg(target_os = "linux")]
fn open_sockets(s: &Server) -> usize {
    std::fs::read_dir(format!("/proc/{}/fd", s.child.id()))
        .unwrap()
        .filter_map(|e| std::fs::read_link(e.unwrap().path()).ok())
        .filter(|l| l.to_string_lossy().starts_with("socket:"))
        .count()
}

/// Waits (bounded: at most `secs` seconds, polled every 100 ms) until the server holds no
/// more than `n` sockets; returns the last count seen.
#[cfg(target_os = "linux")]
fn wait_for_sockets(s: &Server, n: usize, secs: u64) -> usize {
    let mut last = open_sockets(s);
    for _ in 0..secs * 10 {
        if last <= n {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        last = open_sockets(s);
    }
    last
}

/// Waits (bounded, as above) until the server holds at least `n` sockets; returns the count.
#[cfg(target_os = "linux")]
fn wait_for_at_least(s: &Server, n: usize, secs: u64) -> usize {
    let mut last = open_sockets(s);
    for _ in 0..secs * 10 {
        if last >= n {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        last = open_sockets(s);
    }
    last
}

#[cfg(target_os = "linux")]
#[test]
fn idle_connections_are_closed_after_the_idle_timeout() {
    let (_t, args) = site();
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend(["--idle-timeout", "1"]);
    let s = start(&args);
    assert_eq!(
        wait_for_sockets(&s, 1, 5),
        1,
        "only the listener before any client"
    );

    // An idle keep-alive connection: one answer read, then nothing sent.
    let mut idle = TcpStream::connect(&s.addr).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    write!(idle, "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut buf = [0u8; 4096];
    let mut answer = Vec::new();
    while !answer.ends_with(b"body{}") {
        let n = idle.read(&mut buf).unwrap();
        assert!(n > 0, "{:?}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buf[..n]);
    }
    // Connections that send nothing at all.
    let silent: Vec<TcpStream> = (0..8)
        .map(|_| TcpStream::connect(&s.addr).unwrap())
        .collect();
    assert_eq!(
        wait_for_at_least(&s, 10, 5),
        10,
        "the clients are connected"
    );

    // The idle one is closed by the server: EOF, not the read timeout.
    let n = idle
        .read(&mut buf)
        .expect("EOF from the server, not a read timeout");
    assert_eq!(n, 0, "the idle connection was closed");
    let left = wait_for_sockets(&s, 1, 20);
    assert_eq!(left, 1, "the server still holds {} connections", left - 1);
    drop(silent);
}

#[cfg(target_os = "linux")]
#[test]
fn unread_answers_are_dropped_after_the_write_timeout() {
    let (t, args) = site();
    // 48 MiB: more than the loopback socket buffers of both ends hold.
    const BIG: usize = 48 << 20;
    std::fs::write(t.path().join("data/big.bin"), vec![7u8; BIG]).unwrap();
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The idle timeout stays long: only the write timeout can end these connections.
    args.extend(["--write-timeout", "1", "--idle-timeout", "600"]);
    let s = start(&args);
    assert_eq!(
        wait_for_sockets(&s, 1, 5),
        1,
        "only the listener before any client"
    );
    // Clients that ask for a large file and never read it.
    let unread: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut c = TcpStream::connect(&s.addr).unwrap();
            write!(c, "GET /data/big.bin HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
            c
        })
        .collect();
    // The server has taken them (not all need be counted at once: each is dropped a second
    // after its socket buffers fill), then lets every one go.
    assert!(
        wait_for_at_least(&s, 2, 10) >= 2,
        "the clients are connected"
    );
    let left = wait_for_sockets(&s, 1, 20);
    assert_eq!(left, 1, "the server still holds {} connections", left - 1);
    // Each unread answer ends short of its length: the server gave up writing it.
    for mut c in unread {
        c.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let mut got = Vec::new();
        // EOF after the bytes already buffered, or a reset: either way the server let go.
        if let Err(e) = c.read_to_end(&mut got) {
            assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}");
        }
        assert!(
            got.len() < BIG,
            "{} bytes: the whole file was sent",
            got.len()
        );
    }
}

/// A content-hashed asset with its precompressed copies, and an unhashed one with a gzip copy.
fn encoded_site() -> (tempfile::TempDir, Server) {
    let t = tempfile::tempdir().unwrap();
    let p = t.path();
    let w = |rel: &str, bytes: &[u8]| {
        let f = p.join(rel);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, bytes).unwrap();
    };
    w("index.html", b"<!doctype html><title>sealbook</title>");
    w("www/pkg/app-0123456789abcdef.wasm", b"\0asm\x01\0\0\0plain");
    w("www/pkg/app-0123456789abcdef.wasm.br", b"BROTLI-BYTES");
    w("www/pkg/app-0123456789abcdef.wasm.gz", b"GZIP-BYTES!!");
    w("www/pkg/entry.js", b"export * from './app.js';");
    w("www/pkg/entry.js.gz", b"GZ-ENTRY");
    w("www/plain.css", b"body{}");
    w("outside.br", SECRET.as_bytes());
    #[cfg(unix)]
    std::os::unix::fs::symlink(p.join("outside.br"), p.join("www/plain.css.br")).unwrap();
    let s = start(&[
        "--index",
        p.join("index.html").to_str().unwrap(),
        "--www",
        p.join("www").to_str().unwrap(),
    ]);
    (t, s)
}

fn sha256_etag(bytes: &[u8]) -> String {
    use sha2::Digest;
    format!("\"{:x}\"", sha2::Sha256::digest(bytes))
}

#[test]
fn precompressed_copies_are_chosen_by_accept_encoding() {
    let (_t, s) = encoded_site();
    let wasm = "/pkg/app-0123456789abcdef.wasm";
    for (accept, coding, body) in [
        ("", None, &b"\0asm\x01\0\0\0plain"[..]),
        (
            "Accept-Encoding: gzip, deflate, br\r\n",
            Some("br"),
            b"BROTLI-BYTES",
        ),
        ("Accept-Encoding: gzip\r\n", Some("gzip"), b"GZIP-BYTES!!"),
        (
            "Accept-Encoding: br;q=0, gzip\r\n",
            Some("gzip"),
            b"GZIP-BYTES!!",
        ),
        (
            "Accept-Encoding: br;q=0.2, gzip;q=0.9\r\n",
            Some("gzip"),
            b"GZIP-BYTES!!",
        ),
        (
            "Accept-Encoding: br;q=0, gzip;q=0\r\n",
            None,
            b"\0asm\x01\0\0\0plain",
        ),
        ("Accept-Encoding: *\r\n", Some("br"), b"BROTLI-BYTES"),
        (
            "Accept-Encoding: identity\r\n",
            None,
            b"\0asm\x01\0\0\0plain",
        ),
    ] {
        let r = request(&s, "GET", wasm, accept);
        assert_eq!(r.status, 200, "{accept}");
        assert_eq!(r.header("content-encoding"), coding, "{accept}");
        assert_eq!(r.body, body, "{accept}");
        assert_eq!(r.header("vary"), Some("Accept-Encoding"), "{accept}");
        assert_eq!(
            r.header("content-type"),
            Some("application/wasm"),
            "{accept}"
        );
        assert_eq!(r.header("content-length"), Some(&*body.len().to_string()));
        assert_eq!(r.header("etag"), Some(&*sha256_etag(body)), "{accept}");
        assert_eq!(
            r.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{accept}"
        );
        // The security headers stay on every answer.
        assert!(r.header("content-security-policy").is_some(), "{accept}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));

        let h = request(&s, "HEAD", wasm, accept);
        assert_eq!(h.status, 200);
        assert!(h.body.is_empty(), "HEAD has no body");
        for name in [
            "content-encoding",
            "content-length",
            "etag",
            "vary",
            "cache-control",
        ] {
            assert_eq!(h.header(name), r.header(name), "HEAD {name} {accept}");
        }
    }
    // A copy that resolves outside www/ is never sent, and a file without copies has no Vary.
    let r = request(&s, "GET", "/plain.css", "Accept-Encoding: br\r\n");
    assert_eq!(r.body, b"body{}");
    assert_eq!(r.header("content-encoding"), None);
    #[cfg(not(unix))]
    assert_eq!(r.header("vary"), None);
    assert!(!r.text().contains(SECRET));
}

#[test]
fn only_hashed_names_are_immutable_and_the_rest_revalidate_by_sha256() {
    let (_t, s) = encoded_site();
    for (target, bytes) in [
        ("/pkg/entry.js", &b"export * from './app.js';"[..]),
        ("/plain.css", b"body{}"),
        ("/", b"<!doctype html><title>sealbook</title>"),
    ] {
        let r = get(&s, target);
        assert_eq!(r.status, 200, "{target}");
        assert_eq!(r.header("cache-control"), Some("no-cache"), "{target}");
        let etag = sha256_etag(bytes);
        assert_eq!(r.header("etag"), Some(&*etag), "{target}");
        for inm in [
            etag.clone(),
            format!("W/{etag}"),
            format!("\"x\", {etag}"),
            "*".into(),
        ] {
            let r = request(&s, "GET", target, &format!("If-None-Match: {inm}\r\n"));
            assert_eq!(r.status, 304, "{target} {inm}");
            assert!(r.body.is_empty());
            assert_eq!(r.header("etag"), Some(&*etag));
        }
        let stale = request(&s, "GET", target, "If-None-Match: \"0000\"\r\n");
        assert_eq!(stale.status, 200, "{target}");
        assert_eq!(stale.body, bytes);
    }
    // The gzip copy is its own representation, with its own tag.
    let gz = request(&s, "GET", "/pkg/entry.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert_eq!(gz.header("vary"), Some("Accept-Encoding"));
    assert_eq!(gz.header("cache-control"), Some("no-cache"));
    assert_eq!(gz.header("etag"), Some(&*sha256_etag(b"GZ-ENTRY")));
    let plain_tag = sha256_etag(b"export * from './app.js';");
    let r = request(
        &s,
        "GET",
        "/pkg/entry.js",
        &format!("Accept-Encoding: gzip\r\nIf-None-Match: {plain_tag}\r\n"),
    );
    assert_eq!(
        r.status, 200,
        "the identity tag does not validate the gzip copy"
    );
    // A copy older than its file (edited after the build) is never sent.
    let t = _t.path();
    let entry = t.join("www/pkg/entry.js");
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(t.join("www/pkg/entry.js.gz"))
        .unwrap()
        .set_modified(old)
        .unwrap();
    std::fs::write(&entry, b"export const edited = 1;").unwrap();
    let r = request(&s, "GET", "/pkg/entry.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(r.header("content-encoding"), None);
    assert_eq!(r.body, b"export const edited = 1;");
    // The precompressed file asked for by name is sent as itself.
    let r = get(&s, "/pkg/app-0123456789abcdef.wasm.br");
    assert_eq!(r.body, b"BROTLI-BYTES");
    assert_eq!(r.header("content-encoding"), None);
    assert_eq!(r.header("cache-control"), Some("no-cache"));
}
