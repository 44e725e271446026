//! File helpers shared by the commands: bounded reads, create-only writes.

use crate::outcome::Unusable;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest stamped (or verified) file. `ots stamp` and `tsr request` hash it in memory; the
/// verifiers stream it ([`hash_stream`]), so for them the bound is one of time only (a few
/// seconds of hashing), and it makes a target such as `/dev/zero` end with an error.
pub const MAX_STAMPED_FILE_BYTES: u64 = 4 << 30;

/// Chunk in which [`hash_stream`] reads.
const STREAM_CHUNK: usize = 1 << 20;

/// Opens `path` (`what` names it in errors), for [`hash_stream`] later.
pub fn open(path: &Path, what: &str) -> Result<std::fs::File, Unusable> {
    std::fs::File::open(path).map_err(|e| Unusable::io(path, &format!("open {what}"), &e))
}

/// Feeds the file to `feed` in 1 MiB chunks, one chunk in memory at a time; more than `max`
/// bytes, or a read error, is unusable input naming `path`.
pub fn hash_stream(
    path: &Path,
    mut file: std::fs::File,
    max: u64,
    what: &str,
    mut feed: impl FnMut(&[u8]),
) -> Result<(), Unusable> {
    let mut buf = vec![0u8; STREAM_CHUNK];
    let mut total = 0u64;
    loop {
        match file.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => {
                total += n as u64;
                if total > max {
                    return Err(Unusable::file(
                        path,
                        format!("{what} is larger than {max} bytes"),
                    ));
                }
                feed(&buf[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Unusable::io(path, &format!("read {what}"), &e)),
        }
    }
}

/// Reads a whole file of at most `max` bytes; `what` names it in errors.
pub fn read_bounded(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, Unusable> {
    read_bounded_with(path, max, what, None)
}

/// [`read_bounded`], with a progress bar labelled `progress` on a terminal's stderr when the
/// file is large.
pub fn read_bounded_with(
    path: &Path,
    max: u64,
    what: &str,
    progress: Option<&str>,
) -> Result<Vec<u8>, Unusable> {
    let f =
        std::fs::File::open(path).map_err(|e| Unusable::io(path, &format!("open {what}"), &e))?;
    let meta = f.metadata().ok();
    let total = meta.as_ref().map_or(0, |m| m.len());
    // A regular file states its size: one over the bound is refused before a byte is read.
    if meta.as_ref().is_some_and(|m| m.is_file()) && total > max {
        return Err(too_large(path, what, Some(total), max));
    }
    let mut bar = progress
        .map(|label| crate::progress::Progress::new(&format!("{label} {}", path.display()), total));
    let mut bytes = Vec::new();
    let mut f = f.take(max + 1);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                bytes.extend_from_slice(&buf[..n]);
                if let Some(b) = &mut bar {
                    b.add(n);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Unusable::io(path, &format!("read {what}"), &e)),
        }
    }
    if bytes.len() as u64 > max {
        return Err(too_large(path, what, None, max));
    }
    Ok(bytes)
}

/// The error for a file over its size bound: its size when known (a regular file's, known
/// before reading), and the bound.
pub fn too_large(path: &Path, what: &str, size: Option<u64>, max: u64) -> Unusable {
    match size {
        Some(n) => Unusable::file(
            path,
            format!("{what} is {n} bytes, more than the limit of {max} bytes"),
        ),
        None => Unusable::file(
            path,
            format!("{what} is larger than the limit of {max} bytes"),
        ),
    }
}

/// Creates `path` (never replacing an existing file) with `bytes`, synced to disk, and whole
/// or not at all: the bytes go to `<path>.<pid>-<n>.new.tmp` first (n counts the process's
/// writes, so two threads never share one), which is then linked into
/// place (the link fails if `path` exists) and removed. A process killed while writing leaves
/// at most that temporary file, never a truncated `path` (a stamped list cut short would stop
/// the league from starting again).
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = with_suffix(path, &format!(".{}-{n}.new.tmp", std::process::id()));
    // One a killed process with the same id left behind.
    let _ = std::fs::remove_file(&tmp);
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::hard_link(&tmp, path)
    })();
    let _ = std::fs::remove_file(&tmp);
    written
}

/// `<path><suffix>`, e.g. `a.txt` + `.ots`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new file is written whole and nothing else stays beside it; an existing one is never
    /// replaced, and the refusal is `AlreadyExists`, as the stamped lists' one-per-second rule
    /// reads it.
    #[test]
    fn write_new_creates_once_and_leaves_nothing_beside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("123000Z.txt");
        write_new(&path, b"first\n").unwrap();
        let e = write_new(&path, b"second\n").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"first\n");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["123000Z.txt"]);
    }
}
