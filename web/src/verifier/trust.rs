//! The trust anchors the page verifies RFC 3161 tokens and Rekor entries with (spec §3.2
//! Level 2+: "verified to a root the reader chose"): by default the dated bundle shipped in
//! www/trust/, fetched once from the page's own origin with the first files dropped, or when
//! the reader opens the trust panel, never by the cold page (verification itself makes no
//! network call); the reader can inspect its manifest and replace the anchors, or the Rekor
//! log key, with files of their own.

use crate::i18n::{core_messages, tr, M};
use sealbook_core::league::manifest::MissingWhy;
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, Response};

/// The shipped bundle's manifest (HTTP layout: `/<p>` is `www/<p>`).
pub const MANIFEST_URL: &str = "/trust/tsa-roots-2026-11-30.json";
/// Largest bundle file read (the PEM bundle is a few KiB).
const MAX_TRUST_FILE: f64 = (1 << 20) as f64;

/// One anchor as the manifest describes it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ManifestCert {
    pub authority: String,
    pub subject: String,
    pub sha256: String,
    pub not_before: String,
    pub not_after: String,
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ManifestKey {
    pub file: String,
    #[serde(default)]
    pub source: Option<String>,
}

/// www/trust/tsa-roots-<date>.json.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Manifest {
    pub bundle: String,
    pub date: String,
    pub purpose: String,
    pub certificates: Vec<ManifestCert>,
    pub rekor_log_key: ManifestKey,
}

/// A trust file with the name reports give it.
#[derive(Clone, Debug, PartialEq)]
pub struct TrustFile {
    pub name: String,
    pub blob: Blob,
}

/// The shipped bundle: its manifest, anchors and Rekor log key.
pub struct Bundle {
    pub manifest: Manifest,
    pub anchors: TrustFile,
    pub log_key: TrustFile,
}

/// Why `url` could not be had, in the page's language.
fn failed(url: &str, why: MissingWhy) -> String {
    format!("{url}: {}", core_messages::missing_why(&why))
}

async fn get(url: &str) -> Result<Response, String> {
    let window = web_sys::window().ok_or_else(|| failed(url, MissingWhy::NoWindow))?;
    let response: Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| {
            failed(
                url,
                MissingWhy::RequestFailed {
                    detail: format!("{e:?}"),
                },
            )
        })?
        .dyn_into()
        .map_err(|_| failed(url, MissingWhy::NotHttpResponse))?;
    if !response.ok() {
        return Err(failed(
            url,
            MissingWhy::Http {
                status: response.status(),
            },
        ));
    }
    Ok(response)
}

/// The body of `url` could not be read (the browser's words in `e`).
fn body_unreadable(url: &str, e: &wasm_bindgen::JsValue) -> String {
    failed(
        url,
        MissingWhy::BodyUnreadable {
            detail: format!("{e:?}"),
        },
    )
}

async fn blob(url: &str) -> Result<Blob, String> {
    let r = get(url).await?;
    let b: Blob = JsFuture::from(r.blob().map_err(|e| body_unreadable(url, &e))?)
        .await
        .map_err(|e| body_unreadable(url, &e))?
        .dyn_into()
        .map_err(|_| tr(M::WeTrustNotBlob, &[("url", &url)]))?;
    if b.size() > MAX_TRUST_FILE {
        return Err(tr(
            M::WeTrustTooLarge,
            &[("url", &url), ("bytes", &b.size())],
        ));
    }
    Ok(b)
}

/// A bundle file name from the manifest: a plain name inside www/trust/.
fn plain(name: &str) -> Result<&str, String> {
    if name.is_empty() || name.contains('/') || name.contains('\\') || name.starts_with('.') {
        return Err(tr(M::WeTrustNotBeside, &[("name", &format!("{name:?}"))]));
    }
    Ok(name)
}

/// Fetches the shipped bundle (same origin, once: with the first files, or for the trust panel).
pub async fn load_bundle() -> Result<Bundle, String> {
    let text = JsFuture::from(
        get(MANIFEST_URL)
            .await?
            .text()
            .map_err(|e| body_unreadable(MANIFEST_URL, &e))?,
    )
    .await
    .map_err(|e| body_unreadable(MANIFEST_URL, &e))?
    .as_string()
    .unwrap_or_default();
    let manifest: Manifest =
        serde_json::from_str(&text).map_err(|e| format!("{MANIFEST_URL}: {e}"))?;
    let anchors_name = plain(&manifest.bundle)?.to_string();
    let key_name = plain(&manifest.rekor_log_key.file)?.to_string();
    let anchors = TrustFile {
        blob: blob(&format!("/trust/{anchors_name}")).await?,
        name: format!("trust/{anchors_name}"),
    };
    let log_key = TrustFile {
        blob: blob(&format!("/trust/{key_name}")).await?,
        name: format!("trust/{key_name}"),
    };
    Ok(Bundle {
        manifest,
        anchors,
        log_key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped manifest reads as the page expects, and names files that exist beside it.
    #[test]
    fn the_shipped_manifest_reads() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www");
        let text = std::fs::read_to_string(dir.join(MANIFEST_URL.trim_start_matches('/'))).unwrap();
        let m: Manifest = serde_json::from_str(&text).unwrap();
        assert!(!m.certificates.is_empty());
        for f in [&m.bundle, &m.rekor_log_key.file] {
            assert!(dir.join("trust").join(plain(f).unwrap()).is_file(), "{f}");
        }
        assert!(plain("../x").is_err());
    }

    /// A bundle name that is not a plain file name is refused in the page's language.
    #[test]
    fn a_name_outside_the_bundle_is_refused_in_the_pages_language() {
        use crate::i18n::{self, Lang};
        i18n::set(Lang::En);
        assert_eq!(
            plain("../x"),
            Err("the manifest names \"../x\", not a file beside it".to_string())
        );
        for bad in ["", "a/b", "a\\b", ".hidden"] {
            assert!(plain(bad).is_err(), "{bad}");
        }
        i18n::set(Lang::Zh);
        assert_eq!(
            plain("../x"),
            Err("清单文件指定了 \"../x\"，而不是它旁边的文件".to_string())
        );
        i18n::set(Lang::En);
    }
}
