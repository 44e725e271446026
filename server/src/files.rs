//! File helpers shared by the commands: bounded reads, create-only writes.

use crate::outcome::Unusable;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest stamped (or verified) file, hashed in memory.
pub const MAX_STAMPED_FILE_BYTES: u64 = 4 << 30;

/// Reads a whole file of at most `max` bytes; `what` names it in errors.
pub fn read_bounded(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, Unusable> {
    let f =
        std::fs::File::open(path).map_err(|e| Unusable::io(path, &format!("open {what}"), &e))?;
    let mut bytes = Vec::new();
    f.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Unusable::io(path, &format!("read {what}"), &e))?;
    if bytes.len() as u64 > max {
        return Err(Unusable::file(
            path,
            format!("{what} is larger than {max} bytes"),
        ));
    }
    Ok(bytes)
}

/// Creates `path` (never replacing an existing file) with `bytes`, synced to disk.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// `<path><suffix>`, e.g. `a.txt` + `.ots`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}
