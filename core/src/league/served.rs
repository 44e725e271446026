//! What `sealbook serve` may send of a data directory under `/data/` (spec Appendix C: the
//! published files are the ones `manifest.json` lists with their SHA-256). Two decisions live
//! here, the server only carries them out:
//!
//! - [`PublishedSet`]: the published set of a league directory, built from its manifest. A
//!   path is served only when the manifest lists it (or it is `manifest.json` itself); a
//!   directory is shown only when it holds a listed file, and its listing names only listed
//!   entries. Everything else (`league.toml`, the operator's keys, lock files, databases, raw
//!   replies of a session not yet closed, which `league publish` does not list) is not found.
//!   A directory whose `index.html` is itself listed (a day's proof page,
//!   `proof/<day>/index.html`) is answered with that page rather than a listing
//!   ([`PublishedSet::index_page`]).
//! - [`private_name`] / [`private_bytes`]: the deny list for a plain folder served without a
//!   manifest (`serve --serve-unlisted`): names and contents that are an operator's and never
//!   a reader's, whatever the folder.

use super::manifest::{Manifest, ManifestFile, MANIFEST_FILE};
use super::proof_page::PAGE_NAME;

/// The published set of one data directory: the manifest's files plus `manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedSet {
    /// Listed paths, sorted (the manifest's order), `manifest.json` among them.
    paths: Vec<String>,
}

/// What a path is in the published set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// A listed file (or `manifest.json`).
    File,
    /// A directory holding at least one listed file (the root always is one).
    Dir,
    /// Neither: not served.
    No,
}

/// One entry of a published directory's listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetEntry {
    /// The entry's name: one path segment, without a slash.
    pub name: String,
    /// True for a directory holding listed files, false for a listed file.
    pub dir: bool,
}

impl PublishedSet {
    /// The set `manifest` publishes: its files and the manifest itself.
    pub fn of(manifest: &Manifest) -> PublishedSet {
        let mut paths: Vec<String> = manifest
            .files
            .iter()
            .map(|f: &ManifestFile| f.path.clone())
            .collect();
        paths.push(MANIFEST_FILE.to_string());
        paths.sort();
        paths.dedup();
        PublishedSet { paths }
    }

    /// Whether `segments` (a path under the data directory, one name a segment) is a listed
    /// file, a directory of listed files, or not published.
    pub fn lookup(&self, segments: &[String]) -> Listed {
        if segments.is_empty() {
            return Listed::Dir;
        }
        let path = segments.join("/");
        if self.paths.binary_search(&path).is_ok() {
            return Listed::File;
        }
        let prefix = format!("{path}/");
        // The first listed path at or after the prefix starts with it when the directory
        // holds any listed file (paths are sorted).
        let i = self.paths.partition_point(|p| p.as_str() < prefix.as_str());
        match self.paths.get(i) {
            Some(p) if p.starts_with(&prefix) => Listed::Dir,
            _ => Listed::No,
        }
    }

    /// The listed entries directly inside the directory `segments`, sorted by name, each once:
    /// listed files, and directories that hold listed files.
    pub fn entries(&self, segments: &[String]) -> Vec<SetEntry> {
        let prefix = if segments.is_empty() {
            String::new()
        } else {
            format!("{}/", segments.join("/"))
        };
        let start = self.paths.partition_point(|p| p.as_str() < prefix.as_str());
        let mut out: Vec<SetEntry> = Vec::new();
        for p in self.paths[start..]
            .iter()
            .take_while(|p| p.starts_with(&prefix))
        {
            let rest = &p[prefix.len()..];
            let entry = match rest.split_once('/') {
                Some((dir, _)) => SetEntry {
                    name: dir.to_string(),
                    dir: true,
                },
                None => SetEntry {
                    name: rest.to_string(),
                    dir: false,
                },
            };
            if out.last() != Some(&entry) {
                out.push(entry);
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name).then(a.dir.cmp(&b.dir)));
        out.dedup();
        out
    }

    /// The page a reader's request for the directory `segments` is answered with: its
    /// `index.html` when that file is itself in the published set (the league's proof pages,
    /// spec Appendix C), as the segments of its path; None when the directory publishes no
    /// page (it is answered with its listing), or is not a published directory.
    pub fn index_page(&self, segments: &[String]) -> Option<Vec<String>> {
        if self.lookup(segments) != Listed::Dir {
            return None;
        }
        let mut page = segments.to_vec();
        page.push(PAGE_NAME.to_string());
        (self.lookup(&page) == Listed::File).then_some(page)
    }

    /// Every listed path, sorted.
    pub fn paths(&self) -> &[String] {
        &self.paths
    }
}

/// The league's configuration, which may hold a database URL with its password.
pub const CONFIG_NAME: &str = "league.toml";

/// Whether a file or directory named `name` is never served from a folder without a
/// manifest: dot-files, `league.toml`, lock files (`*.lock`), and databases by name
/// (`*.sqlite`, `*.sqlite3`, `*.db`, the reader experiment's `experiment.sqlite*`, and
/// SQLite's side files `*-wal`, `*-shm`, `*-journal`).
pub fn private_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.starts_with('.')
        || lower == CONFIG_NAME
        || lower.starts_with("experiment.sqlite")
        || [
            ".lock", ".sqlite", ".sqlite3", ".db", "-wal", "-shm", "-journal",
        ]
        .iter()
        .any(|s| lower.ends_with(s))
}

/// How many leading bytes of a file [`private_bytes`] looks at.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// SQLite's database header (file format §1.3.1).
const SQLITE_MAGIC: &[u8] = b"SQLite format 3\0";
/// The two magic numbers a SQLite write-ahead log starts with (big-endian).
const WAL_MAGICS: [[u8; 4]; 2] = [[0x37, 0x7f, 0x06, 0x82], [0x37, 0x7f, 0x06, 0x83]];
/// The end of every PEM private key's boundary line (`-----BEGIN PRIVATE KEY-----`,
/// `... RSA PRIVATE KEY-----`, `... EC PRIVATE KEY-----`, `... ENCRYPTED PRIVATE KEY-----`,
/// `... OPENSSH PRIVATE KEY-----`).
const PEM_PRIVATE: &[u8] = b"PRIVATE KEY-----";

/// Whether a file starting with `head` (its first [`SNIFF_BYTES`] bytes, or all of it) is
/// never served from a folder without a manifest, whatever its name: a SQLite database or
/// write-ahead log, or a PEM private key.
pub fn private_bytes(head: &[u8]) -> bool {
    let head = &head[..head.len().min(SNIFF_BYTES)];
    head.starts_with(SQLITE_MAGIC)
        || WAL_MAGICS.iter().any(|m| head.starts_with(m))
        || head.windows(PEM_PRIVATE.len()).any(|w| w == PEM_PRIVATE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(p: &str) -> Vec<String> {
        p.split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }

    fn set() -> PublishedSet {
        let m = Manifest::build(
            "l",
            "m-1",
            "sealbook test",
            [
                ("council-book.jsonl", &b"{}\n"[..]),
                ("proof/2026-10-20/130025Z.txt", b"list"),
                ("proof/2026-10-20/index.html", b"<p>"),
                ("proof-notes.txt", b"x"),
                ("replies/run-1/gpt.txt", b"raw"),
                ("tsa/root.pem", b"cert"),
            ],
        )
        .unwrap();
        PublishedSet::of(&m)
    }

    #[test]
    fn only_listed_files_and_their_directories_are_in_the_set() {
        let s = set();
        for (p, want) in [
            ("", Listed::Dir),
            ("manifest.json", Listed::File),
            ("council-book.jsonl", Listed::File),
            ("proof", Listed::Dir),
            ("proof/2026-10-20", Listed::Dir),
            ("proof/2026-10-20/130025Z.txt", Listed::File),
            ("proof/2026-10-20/index.html", Listed::File),
            ("proof-notes.txt", Listed::File),
            ("replies/run-1/gpt.txt", Listed::File),
            ("replies/run-2/gpt.txt", Listed::No),
            ("replies/run-2", Listed::No),
            ("league.toml", Listed::No),
            ("council-book.jsonl.lock", Listed::No),
            ("experiment.sqlite", Listed::No),
            ("proof/2026-10-21", Listed::No),
            ("pro", Listed::No),
            ("council-book.jsonl/x", Listed::No),
        ] {
            assert_eq!(s.lookup(&segs(p)), want, "{p}");
        }
    }

    #[test]
    fn listings_name_only_listed_entries() {
        let s = set();
        let names = |p: &str| -> Vec<(String, bool)> {
            s.entries(&segs(p))
                .into_iter()
                .map(|e| (e.name, e.dir))
                .collect()
        };
        let own = |v: &[(&str, bool)]| -> Vec<(String, bool)> {
            v.iter().map(|(n, d)| (n.to_string(), *d)).collect()
        };
        assert_eq!(
            names(""),
            own(&[
                ("council-book.jsonl", false),
                ("manifest.json", false),
                ("proof", true),
                ("proof-notes.txt", false),
                ("replies", true),
                ("tsa", true),
            ])
        );
        assert_eq!(
            names("proof/2026-10-20"),
            own(&[("130025Z.txt", false), ("index.html", false)])
        );
        assert_eq!(names("replies"), own(&[("run-1", true)]));
        assert!(names("nope").is_empty());
        assert!(names("council-book.jsonl").is_empty());
    }

    #[test]
    fn a_directory_is_answered_with_its_page_only_when_the_page_is_listed() {
        let s = set();
        assert_eq!(
            s.index_page(&segs("proof/2026-10-20")),
            Some(segs("proof/2026-10-20/index.html"))
        );
        // A directory without a listed page, a file, and what is not published: no page.
        for p in [
            "",
            "proof",
            "replies/run-1",
            "council-book.jsonl",
            "proof/2026-10-21",
        ] {
            assert_eq!(s.index_page(&segs(p)), None, "{p}");
        }
        // The same directory, its page not in the manifest (on disk or not): no page.
        let m = Manifest::build(
            "l",
            "m-1",
            "sealbook test",
            [("proof/2026-10-20/130025Z.txt", &b"list"[..])],
        )
        .unwrap();
        assert_eq!(
            PublishedSet::of(&m).index_page(&segs("proof/2026-10-20")),
            None
        );
    }

    #[test]
    fn the_deny_list_names_what_is_the_operators() {
        for name in [
            ".env",
            ".git",
            "league.toml",
            "League.TOML",
            "council-book.jsonl.lock",
            "asks.jsonl.lock",
            "experiment.sqlite",
            "experiment.sqlite-wal",
            "copy.sqlite",
            "backup.db",
            "x.sqlite3",
            "old-shm",
            "x-journal",
        ] {
            assert!(private_name(name), "{name}");
        }
        for name in [
            "council-book.jsonl",
            "manifest.json",
            "demo-root.pem",
            "130025Z.txt.ots",
            "locked.txt",
            "dbx",
            "DEMO.txt",
        ] {
            assert!(!private_name(name), "{name}");
        }
    }

    #[test]
    fn private_contents_are_recognised_whatever_the_name() {
        assert!(private_bytes(b"SQLite format 3\0\x10\0rest"));
        assert!(private_bytes(&[0x37, 0x7f, 0x06, 0x82, 0, 0, 0, 1]));
        assert!(private_bytes(&[0x37, 0x7f, 0x06, 0x83]));
        for pem in [
            "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI\n-----END PRIVATE KEY-----\n",
            "-----BEGIN EC PRIVATE KEY-----\nabc\n",
            "-----BEGIN RSA PRIVATE KEY-----\nabc\n",
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nabc\n",
            "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n",
            "-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n",
        ] {
            assert!(private_bytes(pem.as_bytes()), "{pem}");
        }
        for public in [
            &b"-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n"[..],
            b"-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----\n",
            b"{\"n\": 1}\n",
            b"SQLite format 2",
            b"",
            b"\0OpenTimestamps",
        ] {
            assert!(
                !private_bytes(public),
                "{}",
                String::from_utf8_lossy(public)
            );
        }
        // Only the first SNIFF_BYTES are looked at.
        let mut late = vec![b' '; SNIFF_BYTES];
        late.extend_from_slice(b"-----BEGIN PRIVATE KEY-----");
        assert!(!private_bytes(&late));
    }
}
