//! Maps a request path onto the HTTP layout (maintree contract): `/` and `/index.html` = the
//! page; `/data/<p>` = the data directory; `/healthz` and `/metrics` = a served league's
//! health and metrics (without a league, `www/` files like any other); any other `/<p>` = the
//! `www/` directory.
//!
//! Only this module decodes paths. Anything that could step outside a root is refused here:
//! `.`/`..` segments (also percent-encoded), backslashes, NUL and other control characters,
//! dot-files, and bytes that are not UTF-8. Symlinks are handled where files are looked up
//! ([`super::files`] for `www/`, [`super::data`] for `/data/`, which follows none).

/// Where a request path points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The page itself.
    Index,
    /// `/data` without its slash: redirect to `/data/`.
    DataRoot,
    /// A path under the data directory; `dir` when the request ended in `/`.
    Data { segments: Vec<String>, dir: bool },
    /// A path under `www/`.
    Www { segments: Vec<String>, dir: bool },
    /// The served league's health document.
    Healthz,
    /// The served league's metrics (Prometheus text format).
    Metrics,
}

impl Route {
    /// What the path is without a league: the `www/` file of that name.
    pub fn without_league(self) -> Route {
        let file = match self {
            Route::Healthz => "healthz",
            Route::Metrics => "metrics",
            other => return other,
        };
        Route::Www {
            segments: vec![file.to_string()],
            dir: false,
        }
    }
}

/// Why a path was refused (answered 400).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPath(pub &'static str);

/// Routes the path part of a request target (no query string).
pub fn route(path: &str) -> Result<Route, BadPath> {
    let rest = path
        .strip_prefix('/')
        .ok_or(BadPath("path must start with /"))?;
    match rest {
        "" | "index.html" => return Ok(Route::Index),
        "healthz" => return Ok(Route::Healthz),
        "metrics" => return Ok(Route::Metrics),
        _ => {}
    }
    let dir = rest.ends_with('/');
    let mut segments = Vec::new();
    for raw in rest.split('/') {
        if raw.is_empty() {
            continue;
        }
        let seg = decode_segment(raw)?;
        if seg == "." || seg == ".." {
            return Err(BadPath("path has a . or .. segment"));
        }
        if seg.starts_with('.') {
            return Err(BadPath("hidden files are not served"));
        }
        segments.push(seg);
    }
    if segments.first().map(String::as_str) == Some("data") {
        segments.remove(0);
        if segments.is_empty() && !dir {
            return Ok(Route::DataRoot);
        }
        return Ok(Route::Data { segments, dir });
    }
    Ok(Route::Www { segments, dir })
}

/// Percent-decodes one path segment and refuses what no file name here may hold.
fn decode_segment(raw: &str) -> Result<String, BadPath> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .ok_or(BadPath("truncated percent escape"))?;
            let hi = (hex[0] as char)
                .to_digit(16)
                .ok_or(BadPath("bad percent escape"))?;
            let lo = (hex[1] as char)
                .to_digit(16)
                .ok_or(BadPath("bad percent escape"))?;
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let seg = String::from_utf8(out).map_err(|_| BadPath("path is not UTF-8"))?;
    if seg.contains(['/', '\\']) {
        return Err(BadPath("path segment holds a slash or backslash"));
    }
    if seg.chars().any(char::is_control) {
        return Err(BadPath("path holds a control character"));
    }
    if seg.len() >= 2 && seg.as_bytes()[1] == b':' {
        return Err(BadPath("path segment looks like a drive letter"));
    }
    Ok(seg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn www(segs: &[&str], dir: bool) -> Route {
        Route::Www {
            segments: segs.iter().map(|s| s.to_string()).collect(),
            dir,
        }
    }

    fn data(segs: &[&str], dir: bool) -> Route {
        Route::Data {
            segments: segs.iter().map(|s| s.to_string()).collect(),
            dir,
        }
    }

    #[test]
    fn layout() {
        assert_eq!(route("/"), Ok(Route::Index));
        assert_eq!(route("/index.html"), Ok(Route::Index));
        assert_eq!(route("/style.css"), Ok(www(&["style.css"], false)));
        assert_eq!(
            route("/pkg/sealbook_web_bg.wasm"),
            Ok(www(&["pkg", "sealbook_web_bg.wasm"], false))
        );
        assert_eq!(route("/data"), Ok(Route::DataRoot));
        assert_eq!(route("/data/"), Ok(data(&[], true)));
        assert_eq!(
            route("/data/proof/2026-10-20/"),
            Ok(data(&["proof", "2026-10-20"], true))
        );
        assert_eq!(
            route("/data/council%20book.jsonl"),
            Ok(data(&["council book.jsonl"], false))
        );
        assert_eq!(route("//data//x"), Ok(data(&["x"], false)));
        assert_eq!(route("/healthz"), Ok(Route::Healthz));
        assert_eq!(route("/metrics"), Ok(Route::Metrics));
        assert_eq!(route("/metrics/"), Ok(www(&["metrics"], true)));
        assert_eq!(
            Route::Healthz.without_league(),
            www(&["healthz"], false),
            "a www/ file when no league is served"
        );
        assert_eq!(Route::Index.without_league(), Route::Index);
    }

    #[test]
    fn traversal_is_refused() {
        for p in [
            "/..",
            "/../etc/passwd",
            "/data/../Cargo.toml",
            "/data/%2e%2e/Cargo.toml",
            "/%2E%2E/x",
            "/data/.%2e/x",
            "/data/..%2fx",
            "/data/%2e%2e%2fx",
            "/data\\..\\x",
            "/data/%5c..%5cx",
            "/data/a%00b",
            "/C:/Windows",
            "/data/c%3a",
            "/.git/config",
            "/data/.hidden",
            "/%ff",
            "/%",
            "/%2",
            "/%zz",
            "relative",
        ] {
            assert!(route(p).is_err(), "{p} was accepted: {:?}", route(p));
        }
    }
}
