//! A dropped folder that holds a league's `manifest.json` (ARCHITECTURE.md "Published files": the
//! page loads a whole league from its manifest): the manifest is used as one opened by URL.
//! Each listed path is looked for among the dropped files under the manifest's own folder;
//! a listed file not dropped is missing, a dropped file the manifest does not list is named as
//! unlisted, and each listed file that was dropped is held to its listed size and SHA-256 by
//! [`Manifest::check_file`]. The page reads the bytes; everything decided is here.

use crate::league::manifest::{
    FileCheck, FileState, Manifest, ManifestCheck, MissingWhy, MANIFEST_FILE,
};

/// Which dropped file each listed file is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedMatch {
    /// For each listed file, in the manifest's order, the index of the dropped file at its
    /// path (None: not dropped).
    pub listed: Vec<Option<usize>>,
    /// The dropped files (their labels) the manifest does not list, in the order given; the
    /// manifest itself is not among them.
    pub unlisted: Vec<String>,
}

/// The dropped manifest among `labels` (paths inside the dropped folder, `/`-separated): the
/// `manifest.json` nearest the top (the shortest path; the first of equals).
pub fn find_manifest(labels: &[&str]) -> Option<usize> {
    labels
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == MANIFEST_FILE || l.ends_with(&format!("/{MANIFEST_FILE}")))
        .min_by_key(|(i, l)| (l.len(), *i))
        .map(|(i, _)| i)
}

/// The folder the manifest was dropped in, with its trailing `/` (`league/manifest.json` ->
/// `league/`; empty at the top).
pub fn manifest_folder(manifest_label: &str) -> &str {
    &manifest_label[..manifest_label.len() - MANIFEST_FILE.len()]
}

/// Matches the dropped `labels` to `manifest`, dropped as `labels[manifest_at]`: a listed path
/// `p` is the dropped file labelled `<the manifest's folder>p`.
pub fn match_dropped(manifest: &Manifest, labels: &[&str], manifest_at: usize) -> DroppedMatch {
    let folder = manifest_folder(labels[manifest_at]);
    let listed: Vec<Option<usize>> = manifest
        .files
        .iter()
        .map(|f| {
            labels
                .iter()
                .position(|l| l.strip_prefix(folder) == Some(f.path.as_str()))
        })
        .collect();
    let unlisted = labels
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != manifest_at && !listed.contains(&Some(*i)))
        .map(|(_, l)| l.to_string())
        .collect();
    DroppedMatch { listed, unlisted }
}

/// The check of every listed file: `sizes` are the dropped files' sizes (by label index); a
/// listed file dropped with its listed size is read with `found(i)` (`i` its place in the
/// manifest; `Err(why)` when it could not be read), one of another size is not read at all;
/// a file not dropped is missing ([`MissingWhy::NotDropped`]).
pub fn check_dropped<'a>(
    manifest: &Manifest,
    matched: &DroppedMatch,
    sizes: &[u64],
    mut found: impl FnMut(usize) -> Result<&'a [u8], MissingWhy>,
) -> ManifestCheck {
    let files: Vec<FileCheck> = manifest
        .files
        .iter()
        .zip(&matched.listed)
        .enumerate()
        .map(|(i, (f, at))| match at.map(|d| sizes.get(d).copied()) {
            None => Manifest::check_file(f, Err(MissingWhy::NotDropped)),
            Some(Some(size)) if size != f.bytes => FileCheck {
                path: f.path.clone(),
                state: FileState::SizeDiffers {
                    listed: f.bytes,
                    found: size,
                },
            },
            Some(_) => Manifest::check_file(f, found(i)),
        })
        .collect();
    ManifestCheck {
        league: manifest.league.clone(),
        files,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(files: &[(&str, &[u8])]) -> Manifest {
        Manifest::build("demo", "m7", "test", files.iter().map(|(p, b)| (*p, *b))).unwrap()
    }

    #[test]
    fn listed_missing_edited_and_unlisted_files_are_named() {
        let m = manifest(&[
            ("council-book.jsonl", b"book\n"),
            ("asks/aa.md", b"ask\n"),
            ("proof/2026-10-20/200530Z.txt", b"list\n"),
        ]);
        let labels = [
            "league/asks/aa.md",
            "league/manifest.json",
            "league/council-book.jsonl",
            "league/notes.txt",
            "other/council-book.jsonl",
        ];
        assert_eq!(find_manifest(&labels), Some(1));
        assert_eq!(
            find_manifest(&["a/b/manifest.json", "a/manifest.json", "a/x.manifest.json"]),
            Some(1)
        );
        assert_eq!(find_manifest(&["manifest.json.ots"]), None);
        let matched = match_dropped(&m, &labels, 1);
        // The manifest is sorted by path: asks/aa.md, council-book.jsonl, proof/...
        assert_eq!(matched.listed, [Some(0), Some(2), None]);
        assert_eq!(
            matched.unlisted,
            ["league/notes.txt", "other/council-book.jsonl"]
        );
        let sizes = [12, 0, 5, 3, 5];
        let mut read = Vec::new();
        let check = check_dropped(&m, &matched, &sizes, |i| {
            read.push(i);
            Ok(&b"book\n"[..])
        });
        assert_eq!(read, [1], "a file of another size is not read");
        let states: Vec<(&str, &FileState)> = check
            .files
            .iter()
            .map(|f| (f.path.as_str(), &f.state))
            .collect();
        assert_eq!(
            states,
            [
                (
                    "asks/aa.md",
                    &FileState::SizeDiffers {
                        listed: 4,
                        found: 12
                    }
                ),
                ("council-book.jsonl", &FileState::Ok),
                (
                    "proof/2026-10-20/200530Z.txt",
                    &FileState::Missing {
                        why: MissingWhy::NotDropped
                    }
                ),
            ]
        );
        assert_eq!(
            check.files[2].describe(),
            "proof/2026-10-20/200530Z.txt: listed in manifest.json but missing (not among the dropped files)"
        );
        // Same size, other bytes: the hash differs.
        let check = check_dropped(&m, &matched, &[4, 0, 5, 3, 5], |i| {
            Ok([&b"ASK\n"[..], b"book\n", b""][i])
        });
        assert!(matches!(
            check.files[0].state,
            FileState::HashDiffers { .. }
        ));
        // Dropped at the top: no folder.
        let matched = match_dropped(&m, &["manifest.json", "council-book.jsonl"], 0);
        assert_eq!(matched.listed, [None, Some(1), None]);
        assert!(matched.unlisted.is_empty());
    }
}
