//! Opening a whole league from its `manifest.json` (a URL the reader types, or
//! `?league=<url>` in the page's address): the manifest and then every file it lists are
//! fetched, each file is held to its listed size and SHA-256 by
//! `sealbook_core::league::manifest` (a missing file or a mismatch is a failure naming the
//! file: nothing is taken on trust), and the files are handed, with their paths, to the same
//! verifier a drop feeds. A dropped folder holding a `manifest.json` is used the same way
//! ([`from_drop`], core's `verifier::dropped_league`): each listed file is looked for among the
//! dropped ones, held to its size and SHA-256, and the dropped files it does not list are
//! named. The page only moves bytes; the reading and checking are core's.

use crate::dropped::Labelled;
use sealbook_core::league::manifest::{
    FileCheck, FileState, Manifest, ManifestCheck, MAX_MANIFEST_BYTES,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, Response};

/// The query parameter naming a manifest's URL.
pub const QUERY_PARAM: &str = "league";

/// A league as fetched or dropped: the files to verify (those that match the manifest, and
/// the dropped files it does not list), every listed file's check, and the dropped files the
/// manifest does not list.
pub struct Loaded {
    pub files: Vec<Labelled>,
    pub check: ManifestCheck,
    pub unlisted: Vec<String>,
    /// Whether the files were dropped (else fetched).
    pub dropped: bool,
}

/// The label a file is known by on the page: its path inside a dropped folder, else its name.
pub fn label_of(file: &File, path: Option<&str>) -> String {
    let relative = || {
        js_sys::Reflect::get(file, &"webkitRelativePath".into())
            .ok()
            .and_then(|p| p.as_string())
    };
    path.map(str::to_string)
        .or_else(relative)
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| file.name())
}

/// The dropped manifest among `files`, if one was dropped.
pub fn dropped_manifest(files: &[Labelled]) -> Option<usize> {
    let labels: Vec<String> = files
        .iter()
        .map(|(f, p)| label_of(f, p.as_deref()))
        .collect();
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    sealbook_core::verifier::dropped_league::find_manifest(&refs)
}

/// The bytes of each of `files`, with its label; an unreadable file is an error naming it.
pub async fn read_labelled(files: &[Labelled]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::with_capacity(files.len());
    for (f, p) in files {
        let label = label_of(f, p.as_deref());
        let bytes = read_file(f).await.map_err(|e| format!("{label}: {e}"))?;
        out.push((label, bytes));
    }
    Ok(out)
}

async fn read_file(file: &File) -> Result<Vec<u8>, String> {
    let buf = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| format!("could not be read ({})", js_message(&e)))?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// Checks the dropped `files` against the manifest among them (at `manifest_at`): every listed
/// file dropped with its listed size is read and hashed; `progress(done, total)` as they are.
/// An unreadable manifest is an error; a listed file missing or different is in the check
/// (and left out of the files to verify).
pub async fn from_drop(
    files: Vec<Labelled>,
    manifest_at: usize,
    progress: impl Fn(usize, usize),
) -> Result<Loaded, String> {
    use sealbook_core::verifier::dropped_league::{check_dropped, match_dropped};
    let labels: Vec<String> = files
        .iter()
        .map(|(f, p)| label_of(f, p.as_deref()))
        .collect();
    let manifest_label = labels[manifest_at].clone();
    let manifest_file = &files[manifest_at].0;
    if manifest_file.size() > MAX_MANIFEST_BYTES as f64 {
        return Err(format!(
            "{manifest_label}: {} bytes, more than {MAX_MANIFEST_BYTES}",
            manifest_file.size()
        ));
    }
    let bytes = read_file(manifest_file)
        .await
        .map_err(|e| format!("{manifest_label}: {e}"))?;
    let manifest = Manifest::parse(&bytes).map_err(|e| format!("{manifest_label}: {e}"))?;
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    let matched = match_dropped(&manifest, &refs, manifest_at);
    let sizes: Vec<u64> = files.iter().map(|(f, _)| f.size() as u64).collect();
    let total = manifest.files.len();
    // Read every listed file dropped with its listed size (the others are not read).
    let mut read: Vec<Result<Vec<u8>, String>> = Vec::with_capacity(total);
    for (i, (listed, at)) in manifest.files.iter().zip(&matched.listed).enumerate() {
        progress(i, total);
        read.push(match at {
            Some(d) if sizes[*d] == listed.bytes => read_file(&files[*d].0).await,
            _ => Ok(Vec::new()),
        });
    }
    progress(total, total);
    let check = check_dropped(&manifest, &matched, &sizes, |i| match &read[i] {
        Ok(b) => Ok(b.as_slice()),
        Err(e) => Err(e.clone()),
    });
    let mut keep: Vec<bool> = vec![true; files.len()];
    keep[manifest_at] = false;
    for (c, at) in check.files.iter().zip(&matched.listed) {
        if let (false, Some(d)) = (c.ok(), at) {
            keep[*d] = false;
        }
    }
    let files = files
        .into_iter()
        .zip(labels)
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(((f, _), label), _)| (f, Some(label)))
        .collect();
    Ok(Loaded {
        files,
        check,
        unlisted: matched.unlisted,
        dropped: true,
    })
}

/// `?league=...` of the page's address, if given.
pub fn url_from_address() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(QUERY_PARAM)
        .filter(|u| !u.trim().is_empty())
}

fn js_message(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

/// `url` made absolute against `base`.
fn resolve(url: &str, base: &str) -> Result<String, String> {
    web_sys::Url::new_with_base(url, base)
        .map(|u| u.href())
        .map_err(|e| format!("{url}: not a URL ({})", js_message(&e)))
}

/// Why a fetch gave no bytes.
enum NotFetched {
    /// The answer declares more bytes than allowed (its Content-Length): not read.
    TooLarge(u64),
    Failed(String),
}

impl From<String> for NotFetched {
    fn from(s: String) -> Self {
        NotFetched::Failed(s)
    }
}

impl From<&str> for NotFetched {
    fn from(s: &str) -> Self {
        NotFetched::Failed(s.into())
    }
}

impl NotFetched {
    fn describe(&self, max: u64) -> String {
        match self {
            NotFetched::TooLarge(n) => format!("{n} bytes, more than {max}"),
            NotFetched::Failed(why) => why.clone(),
        }
    }
}

/// GETs `url`; an answer whose Content-Length exceeds `max` is not read.
async fn fetch_bytes(url: &str, max: u64) -> Result<Vec<u8>, NotFetched> {
    let window = web_sys::window().ok_or("no window to fetch from")?;
    let response: Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| format!("the request failed ({})", js_message(&e)))?
        .dyn_into()
        .map_err(|_| "not an HTTP response".to_string())?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()).into());
    }
    let declared = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(n) = declared.filter(|n| *n > max) {
        return Err(NotFetched::TooLarge(n));
    }
    let buf = JsFuture::from(
        response
            .array_buffer()
            .map_err(|e| NotFetched::Failed(js_message(&e)))?,
    )
    .await
    .map_err(|e| format!("the body could not be read ({})", js_message(&e)))?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// A `File` holding `bytes`, named by the last segment of `path`.
fn file_of(path: &str, bytes: &[u8]) -> Result<File, String> {
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    let name = path.rsplit('/').next().unwrap_or(path);
    File::new_with_u8_array_sequence(&parts, name).map_err(|e| js_message(&e))
}

/// Fetches the manifest at `url` and every file it lists, checking each; `progress(done,
/// total)` is called as files arrive. An unreadable manifest is an error; a file that is
/// missing or differs is in the check (and left out of the files to verify).
pub async fn load(url: &str, progress: impl Fn(usize, usize)) -> Result<Loaded, String> {
    let here = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .ok_or("the page has no address")?;
    let manifest_url = resolve(url.trim(), &here)?;
    let max = MAX_MANIFEST_BYTES as u64;
    let bytes = fetch_bytes(&manifest_url, max)
        .await
        .map_err(|e| format!("{manifest_url}: {}", e.describe(max)))?;
    let manifest = Manifest::parse(&bytes).map_err(|e| format!("{manifest_url}: {e}"))?;
    let total = manifest.files.len();
    let mut files = Vec::new();
    let mut checks = Vec::new();
    for (i, listed) in manifest.files.iter().enumerate() {
        progress(i, total);
        let fetched = match resolve(&listed.path, &manifest_url) {
            Ok(u) => fetch_bytes(&u, listed.bytes).await,
            Err(e) => Err(NotFetched::Failed(e)),
        };
        let check = match &fetched {
            Ok(b) => Manifest::check_file(listed, Ok(b)),
            Err(NotFetched::TooLarge(found)) => FileCheck {
                path: listed.path.clone(),
                state: FileState::SizeDiffers {
                    listed: listed.bytes,
                    found: *found,
                },
            },
            Err(why) => Manifest::check_file(listed, Err(&why.describe(listed.bytes))),
        };
        if let (true, Ok(bytes)) = (check.ok(), fetched) {
            files.push((file_of(&listed.path, &bytes)?, Some(listed.path.clone())));
        }
        checks.push(check);
    }
    progress(total, total);
    Ok(Loaded {
        files,
        check: ManifestCheck {
            league: manifest.league.clone(),
            files: checks,
        },
        unlisted: Vec::new(),
        dropped: false,
    })
}
