//! The data directory behind `/data/`: what of it is served, decided by
//! [`sealbook_core::league::served`] (spec Appendix C: the published files are those
//! `manifest.json` lists).
//!
//! - [`Data::published`] (a league directory, `serve --league` and `serve --data` of a folder
//!   with a manifest): only the files the manifest lists, and `manifest.json` itself. The
//!   manifest is read again whenever its length, modification time or inode changes (`league
//!   publish` rewrites it through a rename while the server runs); while it is missing or
//!   unreadable nothing is served. A listed file is sent as it is on disk now, not checked
//!   against its listed size and SHA-256: the book and the ask chain only grow between two
//!   publishes, and a reader holds what they fetched to the manifest themselves (the page
//!   does, failing closed on a size or hash that differs).
//! - [`Data::unlisted`] (`serve --data DIR --serve-unlisted`): every file except what the
//!   deny list names ([`private_name`], [`private_bytes`]).
//!
//! In both, a symbolic link at any component of the path is not followed (a link named like a
//! published file could point at `league.toml` or outside the directory), and listings name
//! only what would be served. A published directory whose `index.html` is listed too (a day's
//! proof page) comes with that page ([`PublishedSet::index_page`]), which a browser's request
//! for the directory is answered with.

use super::listing::Entry;
use sealbook_core::league::manifest::{Manifest, MANIFEST_FILE, MAX_MANIFEST_BYTES};
use sealbook_core::league::served::{
    private_bytes, private_name, Listed, PublishedSet, SNIFF_BYTES,
};
use std::fs::Metadata;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// A served data directory and the rule for what of it is served.
#[derive(Debug)]
pub struct Data {
    root: PathBuf,
    mode: Mode,
}

#[derive(Debug)]
enum Mode {
    /// The manifest's files, the manifest as last read.
    Published(Mutex<Option<Cached>>),
    /// Every file but the deny list's.
    Unlisted,
}

/// The manifest as read at one version of the file (`set` is `None` when it did not parse).
#[derive(Debug)]
struct Cached {
    stamp: Stamp,
    set: Option<Arc<PublishedSet>>,
}

/// What tells one version of `manifest.json` from the next.
#[derive(Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    fn of(m: &Metadata) -> Stamp {
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(m);
        #[cfg(not(unix))]
        let inode = 0;
        Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            inode,
        }
    }
}

/// What a data path is, as served.
#[derive(Debug)]
pub enum DataFound {
    File(PathBuf, Metadata),
    /// A directory, with its listing when one was asked for, and its published page when it
    /// has one.
    Dir(Vec<Entry>, Option<(PathBuf, Metadata)>),
    Nothing,
}

impl Data {
    /// Serves only what `root/manifest.json` lists.
    pub fn published(root: PathBuf) -> Data {
        Data {
            root,
            mode: Mode::Published(Mutex::new(None)),
        }
    }

    /// Serves every file of `root` except the deny list's.
    pub fn unlisted(root: PathBuf) -> Data {
        Data {
            root,
            mode: Mode::Unlisted,
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether the file `name` at the directory's top is served.
    pub fn serves(&self, name: &str) -> bool {
        matches!(self.find(&[name.to_string()], false), DataFound::File(..))
    }

    /// Looks `segments` (checked by [`super::route`]) up as served; `listing`: a directory's
    /// entries are wanted.
    pub fn find(&self, segments: &[String], listing: bool) -> DataFound {
        if segments.iter().any(|s| private_name(s)) {
            return DataFound::Nothing;
        }
        match &self.mode {
            Mode::Published(cache) => {
                let Some(set) = self.set(cache) else {
                    return DataFound::Nothing;
                };
                match set.lookup(segments) {
                    Listed::No => DataFound::Nothing,
                    Listed::File => match no_links(&self.root, segments) {
                        Some((p, m)) if m.is_file() => DataFound::File(p, m),
                        _ => DataFound::Nothing,
                    },
                    Listed::Dir => match no_links(&self.root, segments) {
                        Some((_, m)) if m.is_dir() => {
                            let page = set
                                .index_page(segments)
                                .and_then(|p| no_links(&self.root, &p))
                                .filter(|(_, m)| m.is_file());
                            DataFound::Dir(
                                if listing {
                                    self.published_entries(&set, segments)
                                } else {
                                    Vec::new()
                                },
                                page,
                            )
                        }
                        _ => DataFound::Nothing,
                    },
                }
            }
            Mode::Unlisted => match no_links(&self.root, segments) {
                Some((p, m)) if m.is_file() && !sniffs_private(&p) => DataFound::File(p, m),
                Some((p, m)) if m.is_dir() => DataFound::Dir(
                    if listing {
                        unlisted_entries(&p)
                    } else {
                        Vec::new()
                    },
                    None,
                ),
                _ => DataFound::Nothing,
            },
        }
    }

    /// The listed entries of directory `segments` that are on disk as what they are listed as
    /// (a file, or a directory), reached through no symbolic link.
    fn published_entries(&self, set: &PublishedSet, segments: &[String]) -> Vec<Entry> {
        let mut out = Vec::new();
        for e in set.entries(segments) {
            if private_name(&e.name) {
                continue;
            }
            let mut path: Vec<String> = segments.to_vec();
            path.push(e.name.clone());
            match no_links(&self.root, &path) {
                Some((_, m)) if e.dir && m.is_dir() => out.push(Entry {
                    name: e.name,
                    kind: "dir",
                    size: 0,
                }),
                Some((_, m)) if !e.dir && m.is_file() => out.push(Entry {
                    name: e.name,
                    kind: "file",
                    size: m.len(),
                }),
                _ => {}
            }
        }
        out
    }

    /// The published set as `manifest.json` says now: read again when the file changed.
    fn set(&self, cache: &Mutex<Option<Cached>>) -> Option<Arc<PublishedSet>> {
        let path = self.root.join(MANIFEST_FILE);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() => m,
            _ => return None,
        };
        let stamp = Stamp::of(&meta);
        let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cache.as_ref().filter(|c| c.stamp == stamp) {
            return c.set.clone();
        }
        let set = match read_manifest(&path) {
            Ok(m) => Some(Arc::new(PublishedSet::of(&m))),
            Err(e) => {
                tracing::warn!(target: "sealbook::serve", file = %path.display(), error = %e,
                    "the manifest cannot be read: /data/ serves nothing until it can");
                None
            }
        };
        *cache = Some(Cached {
            stamp,
            set: set.clone(),
        });
        set
    }
}

/// `path` read (at most [`MAX_MANIFEST_BYTES`] and one more) and parsed.
pub fn read_manifest(path: &Path) -> Result<Manifest, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            f.take(MAX_MANIFEST_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        })
        .map_err(|e| format!("cannot be read: {e}"))?;
    Manifest::parse(&bytes).map_err(|e| e.to_string())
}

/// `root` joined with `segments` and its metadata, when no component below `root` is a
/// symbolic link and every component but the last is a directory.
fn no_links(root: &Path, segments: &[String]) -> Option<(PathBuf, Metadata)> {
    let mut path = root.to_path_buf();
    let mut meta = std::fs::metadata(&path).ok()?;
    for s in segments {
        if !meta.is_dir() {
            return None;
        }
        path.push(s);
        meta = std::fs::symlink_metadata(&path).ok()?;
        if meta.file_type().is_symlink() {
            return None;
        }
    }
    Some((path, meta))
}

/// Whether the file at `path` starts with private contents (or cannot be read: refused).
fn sniffs_private(path: &Path) -> bool {
    let mut head = Vec::with_capacity(SNIFF_BYTES.min(8192));
    match std::fs::File::open(path).and_then(|f| f.take(SNIFF_BYTES as u64).read_to_end(&mut head))
    {
        Ok(_) => private_bytes(&head),
        Err(_) => true,
    }
}

/// The entries of directory `dir` served without a manifest: no dot-file, no name or content
/// on the deny list, no symbolic link; sorted by name.
fn unlisted_entries(dir: &Path) -> Vec<Entry> {
    let Ok(items) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in items.flatten() {
        let Ok(name) = item.file_name().into_string() else {
            continue;
        };
        if private_name(&name) {
            continue;
        }
        let Ok(meta) = std::fs::symlink_metadata(item.path()) else {
            continue;
        };
        if meta.is_dir() {
            out.push(Entry {
                name,
                kind: "dir",
                size: 0,
            });
        } else if meta.is_file() && !sniffs_private(&item.path()) {
            out.push(Entry {
                name,
                kind: "file",
                size: meta.len(),
            });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}
