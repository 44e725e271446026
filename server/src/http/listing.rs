//! The plain listing of a data directory (`/data/` and below): readers see what is published
//! (the entries are chosen by [`super::data`]).

use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct Entry {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub size: u64,
}

/// The listing as JSON: `{"path": "/data/...", "entries": [{"name", "type", "size"}]}`.
pub fn json(url_path: &str, entries: &[Entry]) -> String {
    serde_json::json!({ "path": url_path, "entries": entries }).to_string()
}

/// The listing as a small HTML page.
pub fn html(url_path: &str, entries: &[Entry]) -> String {
    let title = escape(url_path);
    let mut s = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Index of {title}</title><style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem}}\
         td{{padding:.15rem 1rem .15rem 0}}td.n{{text-align:right;font-variant-numeric:tabular-nums}}</style></head>\
         <body><h1>Index of {title}</h1><table>\n"
    );
    if url_path != "/data/" {
        s.push_str("<tr><td><a href=\"../\">../</a></td><td></td></tr>\n");
    }
    for e in entries {
        let slash = if e.kind == "dir" { "/" } else { "" };
        let size = if e.kind == "dir" {
            String::new()
        } else {
            e.size.to_string()
        };
        s.push_str(&format!(
            "<tr><td><a href=\"{}{slash}\">{}{slash}</a></td><td class=\"n\">{size}</td></tr>\n",
            percent_encode(&e.name),
            escape(&e.name)
        ));
    }
    s.push_str("</table></body></html>\n");
    s
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Percent-encodes a file name for use as a relative link (everything but unreserved bytes).
fn percent_encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_and_encoded() {
        let e = [Entry {
            name: "<a&b> \"x\".txt".into(),
            kind: "file",
            size: 3,
        }];
        let h = html("/data/", &e);
        assert!(h.contains("href=\"%3Ca%26b%3E%20%22x%22.txt\""), "{h}");
        assert!(h.contains("&lt;a&amp;b&gt; &quot;x&quot;.txt"), "{h}");
        assert!(!h.contains("<a&b>"));
    }
}
