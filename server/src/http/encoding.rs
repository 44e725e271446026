//! Content negotiation and cache policy for static assets: which precompressed copy
//! (`<file>.br`, `<file>.gz`, written by the bundle build) answers an `Accept-Encoding`
//! (RFC 9110 §12.5.3), and which names are content-hashed (cached for good).

/// A precompressed copy the server may send instead of the file itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Br,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` value.
    pub fn token(self) -> &'static str {
        match self {
            Coding::Br => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The suffix of the file holding this copy.
    pub fn suffix(self) -> &'static str {
        match self {
            Coding::Br => ".br",
            Coding::Gzip => ".gz",
        }
    }
}

/// The codings the client accepts, best first: by q-value, brotli before gzip at equal q;
/// a coding with `q=0` (named, or through `*`) is never listed.
pub fn accepted(header: Option<&str>) -> Vec<Coding> {
    let Some(header) = header else {
        return Vec::new();
    };
    let (mut br, mut gzip, mut star) = (None, None, None);
    for item in header.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let mut q = 1.0f32;
        for p in parts {
            if let Some((k, v)) = p.split_once('=') {
                if k.trim().eq_ignore_ascii_case("q") {
                    q = v.trim().parse().unwrap_or(0.0);
                }
            }
        }
        match name.as_str() {
            "br" => br = Some(q),
            "gzip" | "x-gzip" => gzip = Some(q),
            "*" => star = Some(q),
            _ => {}
        }
    }
    let br = br.or(star).unwrap_or(0.0);
    let gzip = gzip.or(star).unwrap_or(0.0);
    let mut out = Vec::new();
    if br > 0.0 && br >= gzip {
        out.push(Coding::Br);
    }
    if gzip > 0.0 {
        out.push(Coding::Gzip);
    }
    if br > 0.0 && br < gzip {
        out.push(Coding::Br);
    }
    out
}

/// Whether `name` carries a content hash as the bundle writes it: `<stem>-<16 hex>.<ext>`
/// (for example `sealbook_web_bg-a85b04b68ce34aba.wasm`).
pub fn is_hashed(name: &str) -> bool {
    let Some((_, rest)) = name.rsplit_once('-') else {
        return false;
    };
    let Some((hash, ext)) = rest.split_once('.') else {
        return false;
    };
    hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && !ext.is_empty()
        && !ext.ends_with(".br")
        && !ext.ends_with(".gz")
}

#[cfg(test)]
mod tests {
    use super::*;
    use Coding::*;

    #[test]
    fn negotiation() {
        for (h, want) in [
            (None, vec![]),
            (Some(""), vec![]),
            (Some("gzip, deflate, br, zstd"), vec![Br, Gzip]),
            (Some("gzip"), vec![Gzip]),
            (Some("br;q=0, gzip"), vec![Gzip]),
            (Some("br;q=0.5, gzip;q=0.8"), vec![Gzip, Br]),
            (Some("BR, GZIP;Q=0"), vec![Br]),
            (Some("*"), vec![Br, Gzip]),
            (Some("*;q=0"), vec![]),
            (Some("gzip, *;q=0"), vec![Gzip]),
            (Some("identity"), vec![]),
            (Some("br;q=bogus"), vec![]),
        ] {
            assert_eq!(accepted(h), want, "{h:?}");
        }
    }

    #[test]
    fn hashed_names() {
        assert!(is_hashed("sealbook_web_bg-a85b04b68ce34aba.wasm"));
        assert!(is_hashed("sealbook_web-9908f78164d0c538.js"));
        for n in [
            "sealbook_web.js",
            "sealbook_web_bg.wasm",
            "worker.js",
            "x-a85b04b68ce34ab.wasm",
            "x-A85B04B68CE34ABA.wasm",
            "x-a85b04b68ce34aba",
            "x-a85b04b68ce34aba.wasm.br",
        ] {
            assert!(!is_hashed(n), "{n}");
        }
    }
}
