//! Content types by file extension (what the verifier page and readers need).

/// The `Content-Type` for a file name.
pub fn content_type(name: &str) -> &'static str {
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        // Books and ask chains open as text in a browser tab; readers see what is published.
        "jsonl" | "ndjson" | "txt" | "log" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pem" => "application/x-pem-file",
        "crt" | "cer" | "der" => "application/pkix-cert",
        _ => "application/octet-stream", // .ots, .tsr, .tsq and anything unknown
    }
}

#[cfg(test)]
mod tests {
    use super::content_type;

    #[test]
    fn types() {
        assert_eq!(content_type("sealbook_web_bg.wasm"), "application/wasm");
        assert_eq!(
            content_type("sealbook_web.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("worker.MJS"), "text/javascript; charset=utf-8");
        assert_eq!(
            content_type("council-book.jsonl"),
            "text/plain; charset=utf-8"
        );
        assert_eq!(content_type("130025Z.txt.ots"), "application/octet-stream");
        assert_eq!(
            content_type("130019Z.txt.digicert.tsr"),
            "application/octet-stream"
        );
        assert_eq!(content_type("Makefile"), "application/octet-stream");
    }
}
