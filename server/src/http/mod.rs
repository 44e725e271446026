//! The read-only static HTTP server behind `sealbook serve`: the verifier page, its assets
//! under `www/`, and a data directory under `/data/` (maintree HTTP layout contract).
//! GET and HEAD only. The page and `www/` files carry a strong ETag (the SHA-256 of the bytes
//! sent) and are revalidated, except content-hashed names, which are cached for good; `www/`
//! files are sent from their precompressed `.br` / `.gz` copies when the client accepts them.
//! Data files are revalidated by length and modification time, since books grow. Under
//! `/data/` only the published set is served ([`data`]).

mod data;
mod encoding;
mod files;
mod listing;
mod mime;
mod route;
mod timed_io;

use crate::jobs::health::Health;
use crate::metrics::{self, Metrics};
use bytes::Bytes;
use data::DataFound;
pub use data::{read_manifest, Data};
use encoding::Coding;
use files::{FileBody, Found};
use http_body_util::{combinators::BoxBody, BodyExt, Empty, Full};
use hyper::body::Incoming;
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use route::Route;
use sha2::{Digest, Sha256};
use std::convert::Infallible;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};
use timed_io::TimedIo;
pub use timed_io::Timeouts;

type Body = BoxBody<Bytes, io::Error>;

/// The three roots the server maps requests onto.
#[derive(Clone, Debug)]
pub struct Site {
    /// The page served at `/` and `/index.html`.
    pub index: PathBuf,
    /// Static assets: `/<p>` is `www/<p>`.
    pub www: PathBuf,
    /// `/data/<p>` is `<data>/<p>` when the data directory serves it ([`Data`]); without
    /// one, `/data/` is not found.
    pub data: Option<Arc<Data>>,
    /// The league whose schedule runs beside the server: `/healthz` and `/metrics`.
    pub league: Option<Ops>,
    /// The reader experiment's API under `/api/experiment/` (spec §6).
    pub experiment: Option<Arc<crate::experiment::Experiment>>,
    /// The data directory is a DEMO league: the page is served marked as such
    /// ([`sealbook_core::records::names::mark_demo_page`]), so it offers to open the league.
    pub demo: bool,
}

/// What a served league shows of its running schedule.
#[derive(Clone, Debug)]
pub struct Ops {
    pub health: Arc<Health>,
    pub metrics: Arc<Metrics>,
}

/// Accepts connections on `listener` and answers them until the process ends; each
/// connection is closed when it stalls longer than `timeouts` allow.
pub async fn serve(
    listener: tokio::net::TcpListener,
    site: Site,
    timeouts: Timeouts,
) -> io::Result<()> {
    let site = Arc::new(site);
    loop {
        let (stream, peer) = match accept(&listener).await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors and the like: wait instead of spinning.
                eprintln!("sealbook serve: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let site = site.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let site = site.clone();
                async move { Ok::<_, Infallible>(handle(&site, req, peer).await) }
            });
            let io = TimedIo::new(stream, timeouts);
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.header)
                .serve_connection(TokioIo::new(io), service)
                .await;
        });
    }
}

/// The next connection, with Nagle's algorithm off: a response's last small segment would
/// otherwise wait for the client's delayed ACK (about 40 ms) on every keep-alive request.
async fn accept(
    listener: &tokio::net::TcpListener,
) -> io::Result<(tokio::net::TcpStream, std::net::IpAddr)> {
    let (stream, peer) = listener.accept().await?;
    stream.set_nodelay(true)?;
    Ok((stream, peer.ip()))
}

/// The page's policy: everything from this origin only, wasm compiled from its own bytes
/// (`'wasm-unsafe-eval'`, no `'unsafe-eval'`), module workers from this origin, no inline
/// script and no `<style>` element from elsewhere (inline `style` attributes are allowed: the
/// charts size themselves with one), no plugins, no `<base>`, no framing. `connect-src` also
/// allows `https:` because the reader may fetch a block header from an Esplora explorer of
/// their choice (checked on the page by proof of work, so the explorer is trusted for nothing
/// but naming the block).
const PAGE_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self' https:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// Published files are data, never active content on this origin: sandboxed into an opaque
/// origin (no cookies, storage or requests of this origin), where the only script that may run
/// is the proof page's own inline language choice, allowed by its hash
/// ([`sealbook_core::league::proof_page::script_csp_source`]).
fn data_csp() -> &'static HeaderValue {
    static CSP: std::sync::OnceLock<HeaderValue> = std::sync::OnceLock::new();
    CSP.get_or_init(|| {
        let script = sealbook_core::league::proof_page::script_csp_source();
        HeaderValue::from_str(&format!("sandbox allow-scripts; default-src 'none'; script-src {script}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"))
            .expect("a policy of ASCII text")
    })
}

/// Collapses runs of `/` into one, so `//data//proof` is `/data/proof`: a redirect built from
/// the path can never start with `//` (a protocol-relative URL naming another host).
fn normalise(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}

/// Answers `req`, and gives every answer (errors and redirects included) the same security
/// headers; the policy depends only on whether the path is under `/data/`.
async fn handle(site: &Site, req: Request<Incoming>, peer: std::net::IpAddr) -> Response<Body> {
    let path = normalise(req.uri().path());
    let mut resp = match (path.strip_prefix("/api/experiment/"), &site.experiment) {
        (Some(op), Some(ex)) => {
            let op = op.to_string();
            experiment(ex, req, &op, peer).await
        }
        _ => answer(site, &req, &path).await,
    };
    let h = resp.headers_mut();
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    let csp = if path == "/data" || path.starts_with("/data/") {
        data_csp().clone()
    } else {
        HeaderValue::from_static(PAGE_CSP)
    };
    h.insert(header::CONTENT_SECURITY_POLICY, csp);
    resp
}

async fn answer(site: &Site, req: &Request<Incoming>, path: &str) -> Response<Body> {
    let head = match *req.method() {
        Method::GET => false,
        Method::HEAD => true,
        _ => {
            let mut r = text(
                StatusCode::METHOD_NOT_ALLOWED,
                "read-only: GET and HEAD only\n",
            );
            r.headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return r;
        }
    };
    let route = match route::route(path) {
        Ok(r) if site.league.is_none() => r.without_league(),
        Ok(r) => r,
        Err(route::BadPath(why)) => {
            return text(StatusCode::BAD_REQUEST, &format!("bad path: {why}\n"))
        }
    };
    let wants_json = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    match route {
        Route::Index => {
            let index = site.index.clone();
            let found = blocking(move || match std::fs::metadata(&index) {
                Ok(m) if m.is_file() => Found::File(index, m),
                _ => Found::Nothing,
            })
            .await;
            match found {
                Found::File(p, m) => asset(req, None, p, m, head, site.demo).await,
                _ => not_found(),
            }
        }
        Route::Healthz | Route::Metrics => {
            let Some(ops) = &site.league else {
                return not_found();
            };
            let (status, ctype, body) = if route == Route::Healthz {
                let (ok, doc) = ops.health.report();
                let status = if ok {
                    StatusCode::OK
                } else {
                    StatusCode::SERVICE_UNAVAILABLE
                };
                (status, "application/json", format!("{doc}\n"))
            } else {
                (StatusCode::OK, metrics::CONTENT_TYPE, ops.metrics.render())
            };
            let len = body.len();
            Response::builder()
                .status(status)
                .header(header::CONTENT_TYPE, ctype)
                .header(header::CONTENT_LENGTH, len)
                .header(header::CACHE_CONTROL, "no-store")
                .body(if head { empty() } else { full(body) })
                .expect("valid response")
        }
        Route::DataRoot => redirect("/data/"),
        Route::Data { segments, .. }
            if segments
                .iter()
                .any(|s| crate::experiment::is_database_file(s)) =>
        {
            not_found()
        }
        Route::Data { segments, dir } => match &site.data {
            None => not_found(),
            Some(data) => {
                let data = data.clone();
                let found = blocking(move || data.find(&segments, dir)).await;
                match found {
                    DataFound::File(p, m) if !dir => file(req, p, m, head, Links::Refuse).await,
                    // A directory with a published page (a day's proof page): the page, except
                    // for a client asking for the JSON listing.
                    DataFound::Dir(_, Some((p, m))) if dir && !wants_json => {
                        file(req, p, m, head, Links::Refuse).await
                    }
                    DataFound::Dir(entries, _) if dir => {
                        listing(entries, path.to_string(), wants_json, head).await
                    }
                    DataFound::Dir(..) => redirect(&format!("{path}/")),
                    _ => not_found(),
                }
            }
        },
        Route::Www { segments, dir } => {
            let root = site.www.clone();
            let (found, root) = blocking(move || (files::find(&root, &segments), root)).await;
            match found {
                Found::File(p, m) if !dir => asset(req, Some(root), p, m, head, false).await,
                _ => not_found(), // no listing outside the data directory
            }
        }
    }
}

/// Requests at `/api/experiment/<op>`: a POST only with a body declared JSON (else 415), the
/// body read up to its cap (one byte more tells an oversized body apart), CORS headers only
/// for the configured origin, JSON answers that are never cached.
async fn experiment(
    ex: &crate::experiment::Experiment,
    req: Request<Incoming>,
    op: &str,
    peer: std::net::IpAddr,
) -> Response<Body> {
    use sealbook_core::experiment::request::{ApiError, MAX_BODY};
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let allowed = origin
        .as_deref()
        .filter(|o| ex.allowed_origin.as_deref() == Some(*o))
        .map(str::to_string);
    let method = req.method().as_str().to_string();
    let query = req.uri().query().map(str::to_string);
    // The address the limits count: the peer, or behind a trusted proxy the client it names.
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let client =
        sealbook_core::experiment::client::client_address(peer, &forwarded, &ex.trusted_proxies);
    let json_body = sealbook_core::experiment::request::is_json_content_type(
        req.headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok()),
    );
    // A POST whose body is not declared JSON is one a page of any origin can send without a
    // preflight: refused unread, and with no CORS header.
    let refused = method == "POST" && !json_body;
    let allowed = allowed.filter(|_| !refused);
    let answer = if refused {
        use sealbook_core::experiment::request as rq;
        crate::experiment::api::Answer {
            status: rq::UNSUPPORTED_MEDIA_TYPE,
            body: serde_json::to_value(rq::unsupported_media_type_doc()).expect("plain fields"),
            retry_after: None,
            forecasts_covered: None,
        }
    } else if method == "OPTIONS" {
        crate::experiment::api::Answer {
            status: 204,
            body: serde_json::Value::Null,
            retry_after: None,
            forecasts_covered: None,
        }
    } else {
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        let body = match declared {
            Some(n) if n > MAX_BODY as u64 => Err(n as usize),
            _ => match http_body_util::Limited::new(req.into_body(), MAX_BODY)
                .collect()
                .await
            {
                Ok(b) => Ok(b.to_bytes()),
                Err(_) => Err(MAX_BODY + 1),
            },
        };
        match body {
            Ok(b) => {
                crate::experiment::api::handle(ex, &method, op, query.as_deref(), &b, client).await
            }
            Err(n) => ApiError::body_too_large(n).into(),
        }
    };
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut b = Response::builder()
        .status(status)
        .header(header::CACHE_CONTROL, "no-store");
    if let Some(o) = &allowed {
        b = b
            .header(header::ACCESS_CONTROL_ALLOW_ORIGIN, o)
            .header(header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST")
            .header(header::ACCESS_CONTROL_ALLOW_HEADERS, "content-type")
            .header(header::VARY, "Origin");
    }
    if let Some(s) = answer.retry_after {
        b = b.header(header::RETRY_AFTER, s);
    }
    if let Some(n) = answer.forecasts_covered {
        b = b.header(crate::experiment::api::FORECASTS_COVERED_HEADER, n);
    }
    if status == StatusCode::NO_CONTENT {
        return b.body(empty()).expect("valid response");
    }
    let text = format!("{}\n", answer.body);
    b.header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, text.len())
        .body(full(text))
        .expect("valid response")
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f)
        .await
        .expect("file lookup task panicked")
}

/// Whether a file is opened through a symbolic link at its last component.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// `www/` files: their real path was checked to stay inside `www/`.
    Follow,
    /// Data files: a link put in place after the lookup is not opened (`O_NOFOLLOW`).
    Refuse,
}

async fn open(path: &std::path::Path, links: Links) -> io::Result<tokio::fs::File> {
    let mut o = tokio::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    if links == Links::Refuse {
        o.custom_flags(libc::O_NOFOLLOW);
    }
    o.open(path).await
}

/// A file response with validators; `304` when the client's copy is current.
async fn file(
    req: &Request<Incoming>,
    path: PathBuf,
    meta: std::fs::Metadata,
    head: bool,
    links: Links,
) -> Response<Body> {
    let len = meta.len();
    let modified = meta.modified().ok();
    let nanos = modified
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let etag = format!("\"{len:x}-{nanos:x}\"");
    let last_modified = modified.map(httpdate::fmt_http_date);
    let hdr = |name| {
        req.headers()
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let fresh = match (
        hdr(header::IF_NONE_MATCH),
        hdr(header::IF_MODIFIED_SINCE),
        modified,
    ) {
        (Some(inm), _, _) => inm.split(',').any(|t| t.trim() == etag || t.trim() == "*"),
        (None, Some(ims), Some(m)) => {
            let secs =
                |t: std::time::SystemTime| t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
            httpdate::parse_http_date(ims).is_ok_and(|since| secs(m) <= secs(since))
        }
        _ => false,
    };
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let mut b = Response::builder()
        .header(header::CACHE_CONTROL, "no-cache")
        .header(header::ETAG, &etag)
        .header(header::CONTENT_TYPE, mime::content_type(name));
    if let Some(lm) = &last_modified {
        b = b.header(header::LAST_MODIFIED, lm);
    }
    if fresh {
        return b
            .status(StatusCode::NOT_MODIFIED)
            .body(empty())
            .expect("valid response");
    }
    b = b.header(header::CONTENT_LENGTH, len);
    if head {
        return b.body(empty()).expect("valid response");
    }
    match open(&path, links).await {
        Ok(f) => b
            .body(FileBody::new(f, len).boxed())
            .expect("valid response"),
        Err(_) => not_found(),
    }
}

/// Files up to this size are hashed for their ETag; larger ones under `www/` are revalidated
/// by length and modification time like data files.
const HASHED_ETAG_MAX: u64 = 64 << 20;

/// The page or a `www/` file: a precompressed copy when the client accepts one (only under
/// `www_root`, and only a sibling that stays inside it and is not older than the file), a strong ETag from the SHA-256 of the
/// bytes sent, `Vary: Accept-Encoding` when copies exist, and `immutable` caching for
/// content-hashed names.
async fn asset(
    req: &Request<Incoming>,
    www_root: Option<PathBuf>,
    path: PathBuf,
    meta: std::fs::Metadata,
    head: bool,
    demo: bool,
) -> Response<Body> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_string();
    let accepted = encoding::accepted(
        req.headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok()),
    );
    let lookup_path = path.clone();
    let original_modified = meta.modified().ok();
    let (variants, chosen) = blocking(move || {
        let Some(root) = www_root else {
            return (false, None);
        };
        let sibling = |c: Coding| {
            let mut s = lookup_path.clone().into_os_string();
            s.push(c.suffix());
            let s = PathBuf::from(s);
            match std::fs::metadata(&s) {
                // A copy older than its file is stale (the file was edited after the build).
                Ok(m)
                    if m.is_file()
                        && files::stays_inside(&root, &s)
                        && m.modified().ok() >= original_modified =>
                {
                    Some((c, s, m))
                }
                _ => None,
            }
        };
        let variants = [Coding::Br, Coding::Gzip]
            .into_iter()
            .any(|c| sibling(c).is_some());
        let chosen = accepted.into_iter().find_map(sibling);
        (variants, chosen)
    })
    .await;
    if meta.len() > HASHED_ETAG_MAX {
        return file(req, path, meta, head, Links::Follow).await;
    }
    let (coding, path, meta) = match chosen {
        Some((c, p, m)) if m.len() <= HASHED_ETAG_MAX => (Some(c), p, m),
        _ => (None, path, meta),
    };
    let read_path = path.clone();
    let Ok(mut bytes) = blocking(move || std::fs::read(read_path)).await else {
        return not_found();
    };
    if demo && coding.is_none() {
        bytes = sealbook_core::records::names::mark_demo_page(&bytes);
    }
    let etag = format!("\"{:x}\"", Sha256::digest(&bytes));
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|inm| {
            inm.split(',').any(|t| {
                let t = t.trim();
                t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag
            })
        });
    let cache = if encoding::is_hashed(&name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut b = Response::builder()
        .header(header::CACHE_CONTROL, cache)
        .header(header::ETAG, &etag)
        .header(header::CONTENT_TYPE, mime::content_type(&name));
    if variants {
        b = b.header(header::VARY, "Accept-Encoding");
    }
    if let Some(c) = coding {
        b = b.header(header::CONTENT_ENCODING, c.token());
    }
    if let Some(lm) = meta.modified().ok().map(httpdate::fmt_http_date) {
        b = b.header(header::LAST_MODIFIED, lm);
    }
    if fresh {
        return b
            .status(StatusCode::NOT_MODIFIED)
            .body(empty())
            .expect("valid response");
    }
    b = b.header(header::CONTENT_LENGTH, bytes.len());
    let body = if head {
        empty()
    } else {
        Full::new(Bytes::from(bytes))
            .map_err(|never: Infallible| match never {})
            .boxed()
    };
    b.body(body).expect("valid response")
}

async fn listing(
    entries: Vec<listing::Entry>,
    url_path: String,
    json: bool,
    head: bool,
) -> Response<Body> {
    let (body, ctype) = if json {
        (listing::json(&url_path, &entries), "application/json")
    } else {
        (
            listing::html(&url_path, &entries),
            "text/html; charset=utf-8",
        )
    };
    let len = body.len();
    let body = if head { empty() } else { full(body) };
    Response::builder()
        .header(header::CONTENT_TYPE, ctype)
        .header(header::CONTENT_LENGTH, len)
        .header(header::CACHE_CONTROL, "no-cache")
        .header(header::VARY, "Accept")
        .body(body)
        .expect("valid response")
}

fn empty() -> Body {
    Empty::new()
        .map_err(|never: Infallible| match never {})
        .boxed()
}

fn full(s: String) -> Body {
    Full::new(Bytes::from(s))
        .map_err(|never: Infallible| match never {})
        .boxed()
}

fn text(status: StatusCode, msg: &str) -> Response<Body> {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(full(msg.to_string()))
        .expect("valid response")
}

fn not_found() -> Response<Body> {
    text(StatusCode::NOT_FOUND, "not found\n")
}

fn redirect(location: &str) -> Response<Body> {
    let mut r = text(StatusCode::MOVED_PERMANENTLY, "moved\n");
    if let Ok(v) = HeaderValue::from_str(location) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The socket the server answers on has Nagle's algorithm off (asked of the accepted
    /// stream itself, as the kernel reports it).
    #[test]
    fn accepted_connections_have_no_delay() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let client = tokio::spawn(tokio::net::TcpStream::connect(addr));
            let (accepted, _) = accept(&listener).await.unwrap();
            assert!(accepted.nodelay().unwrap(), "TCP_NODELAY is set on accept");
            let client = client.await.unwrap().unwrap();
            assert!(
                !client.nodelay().unwrap(),
                "the client's default is untouched"
            );
        });
    }

    #[test]
    fn repeated_slashes_collapse() {
        for (raw, norm) in [
            ("/", "/"),
            ("//", "/"),
            ("//data//proof", "/data/proof"),
            ("///data///proof///", "/data/proof/"),
            ("/data/a%2F%2Fb", "/data/a%2F%2Fb"),
        ] {
            assert_eq!(normalise(raw), norm, "{raw}");
        }
    }
}
