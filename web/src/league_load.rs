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
use crate::i18n::{core_messages, tr, M};
use sealbook_core::league::manifest::{
    FileCheck, FileState, Manifest, ManifestCheck, ManifestError, MissingWhy, MAX_MANIFEST_BYTES,
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

/// Why a league could not be opened at all (a listed file that is missing or differs is not
/// this: it is in the [`ManifestCheck`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The page has no address to resolve the manifest's against.
    NoAddress,
    /// The manifest (`at`: its label or address) could not be had.
    Manifest { at: String, why: MissingWhy },
    /// The manifest is not one core reads.
    NotRead { at: String, error: ManifestError },
    /// A fetched file could not be handed on as a file (the browser's words).
    FileNotMade { path: String, detail: String },
}

impl LoadError {
    /// What went wrong, in the page's language.
    pub fn say(&self) -> String {
        match self {
            LoadError::NoAddress => tr(M::LmNoAddress, &[]),
            LoadError::Manifest { at, why } => {
                format!("{at}: {}", core_messages::missing_why(why))
            }
            LoadError::NotRead { at, error } => {
                format!("{at}: {}", core_messages::manifest_error(error))
            }
            LoadError::FileNotMade { path, detail } => {
                tr(M::LmFileNotMade, &[("path", path), ("detail", detail)])
            }
        }
    }
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

/// The bytes of each of `files`, with its label; an unreadable file is an error naming it (in
/// the page's language).
pub async fn read_labelled(files: &[Labelled]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::with_capacity(files.len());
    for (f, p) in files {
        let label = label_of(f, p.as_deref());
        let bytes = read_file(f)
            .await
            .map_err(|e| format!("{label}: {}", core_messages::missing_why(&e)))?;
        out.push((label, bytes));
    }
    Ok(out)
}

async fn read_file(file: &File) -> Result<Vec<u8>, MissingWhy> {
    let buf = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| MissingWhy::Unreadable {
            detail: js_message(&e),
        })?;
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
) -> Result<Loaded, LoadError> {
    use sealbook_core::verifier::dropped_league::{check_dropped, match_dropped};
    let labels: Vec<String> = files
        .iter()
        .map(|(f, p)| label_of(f, p.as_deref()))
        .collect();
    let manifest_label = labels[manifest_at].clone();
    let manifest_file = &files[manifest_at].0;
    if manifest_file.size() > MAX_MANIFEST_BYTES as f64 {
        return Err(LoadError::Manifest {
            at: manifest_label,
            why: MissingWhy::TooLarge {
                bytes: manifest_file.size() as u64,
                max: MAX_MANIFEST_BYTES as u64,
            },
        });
    }
    let bytes = read_file(manifest_file)
        .await
        .map_err(|why| LoadError::Manifest {
            at: manifest_label.clone(),
            why,
        })?;
    let manifest = Manifest::parse(&bytes).map_err(|error| LoadError::NotRead {
        at: manifest_label.clone(),
        error,
    })?;
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    let matched = match_dropped(&manifest, &refs, manifest_at);
    let sizes: Vec<u64> = files.iter().map(|(f, _)| f.size() as u64).collect();
    let total = manifest.files.len();
    // Read every listed file dropped with its listed size (the others are not read).
    let mut read: Vec<Result<Vec<u8>, MissingWhy>> = Vec::with_capacity(total);
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
fn resolve(url: &str, base: &str) -> Result<String, MissingWhy> {
    web_sys::Url::new_with_base(url, base)
        .map(|u| u.href())
        .map_err(|e| MissingWhy::NotAUrl {
            detail: js_message(&e),
        })
}

/// GETs `url`; an answer whose Content-Length exceeds `max` is not read.
pub(crate) async fn fetch_bytes(url: &str, max: u64) -> Result<Vec<u8>, MissingWhy> {
    let window = web_sys::window().ok_or(MissingWhy::NoWindow)?;
    let response: Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| MissingWhy::RequestFailed {
            detail: js_message(&e),
        })?
        .dyn_into()
        .map_err(|_| MissingWhy::NotHttpResponse)?;
    if !response.ok() {
        return Err(MissingWhy::Http {
            status: response.status(),
        });
    }
    let declared = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(bytes) = declared.filter(|n| *n > max) {
        return Err(MissingWhy::TooLarge { bytes, max });
    }
    let body_unreadable = |e: JsValue| MissingWhy::BodyUnreadable {
        detail: js_message(&e),
    };
    let buf = JsFuture::from(response.array_buffer().map_err(body_unreadable)?)
        .await
        .map_err(body_unreadable)?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// A `File` holding `bytes`, named by the last segment of `path`.
fn file_of(path: &str, bytes: &[u8]) -> Result<File, LoadError> {
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    let name = path.rsplit('/').next().unwrap_or(path);
    File::new_with_u8_array_sequence(&parts, name).map_err(|e| LoadError::FileNotMade {
        path: path.to_string(),
        detail: js_message(&e),
    })
}

/// Fetches the manifest at `url` and every file it lists, checking each; `progress(done,
/// total)` is called as files arrive. An unreadable manifest is an error; a file that is
/// missing or differs is in the check (and left out of the files to verify).
pub async fn load(url: &str, progress: impl Fn(usize, usize)) -> Result<Loaded, LoadError> {
    let here = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .ok_or(LoadError::NoAddress)?;
    let manifest_url = resolve(url.trim(), &here).map_err(|why| LoadError::Manifest {
        at: url.trim().to_string(),
        why,
    })?;
    let max = MAX_MANIFEST_BYTES as u64;
    let bytes = fetch_bytes(&manifest_url, max)
        .await
        .map_err(|why| LoadError::Manifest {
            at: manifest_url.clone(),
            why,
        })?;
    let manifest = Manifest::parse(&bytes).map_err(|error| LoadError::NotRead {
        at: manifest_url.clone(),
        error,
    })?;
    let total = manifest.files.len();
    let mut files = Vec::new();
    let mut checks = Vec::new();
    for (i, listed) in manifest.files.iter().enumerate() {
        progress(i, total);
        let fetched = match resolve(&listed.path, &manifest_url) {
            Ok(u) => fetch_bytes(&u, listed.bytes).await,
            Err(why) => Err(why),
        };
        let check = match &fetched {
            Ok(b) => Manifest::check_file(listed, Ok(b)),
            Err(MissingWhy::TooLarge { bytes, .. }) => FileCheck {
                path: listed.path.clone(),
                state: FileState::SizeDiffers {
                    listed: listed.bytes,
                    found: *bytes,
                },
            },
            Err(why) => Manifest::check_file(listed, Err(why.clone())),
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
