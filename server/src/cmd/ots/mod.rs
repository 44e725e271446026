//! `sealbook ots ...`: OpenTimestamps proofs (spec §3.2, §3.11 P1a, Appendix B step 6).
//! `info` and `verify` read proofs offline; `stamp` and `upgrade` talk to calendars through
//! [`crate::calendar_client`]. Everything that is not file or network I/O is in
//! `sealbook_core::ots`.

pub mod info;
pub mod stamp;
pub mod upgrade;
pub mod verify;

use crate::outcome::{CmdResult, Unusable};
use clap::Subcommand;
use sealbook_core::ots::DetachedTimestampFile;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest `.ots` file read. Real proofs are well under 10 KB; the parser itself is linear
/// in its input, this only bounds the read.
pub const MAX_PROOF_BYTES: u64 = 64 << 20;
/// Largest stamped (or verified) file, hashed in memory.
pub const MAX_STAMPED_FILE_BYTES: u64 = 4 << 30;

#[derive(Subcommand, Debug)]
pub enum OtsCommand {
    /// Print a proof as `ots info` does: file hash, the operation tree, attestations.
    Info(info::Args),
    /// Verify a proof for a file or digest against Bitcoin block headers (offline).
    Verify(verify::Args),
    /// Stamp files: submit their digests to calendars and write <file>.ots.
    Stamp(stamp::Args),
    /// Ask the calendars of pending proofs for complete ones; keeps the original as .bak.
    Upgrade(upgrade::Args),
}

pub fn run(command: OtsCommand, json: bool) -> CmdResult {
    match command {
        OtsCommand::Info(args) => info::run(args, json),
        OtsCommand::Verify(args) => verify::run(args, json),
        OtsCommand::Stamp(args) => stamp::run(args, json),
        OtsCommand::Upgrade(args) => upgrade::run(args, json),
    }
}

/// Reads a whole file of at most `max` bytes; `what` names it in errors.
pub fn read_bounded(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, Unusable> {
    let f = std::fs::File::open(path).map_err(|e| Unusable::io(path, &format!("open {what}"), &e))?;
    let mut bytes = Vec::new();
    f.take(max + 1).read_to_end(&mut bytes).map_err(|e| Unusable::io(path, &format!("read {what}"), &e))?;
    if bytes.len() as u64 > max {
        return Err(Unusable::file(path, format!("{what} is larger than {max} bytes")));
    }
    Ok(bytes)
}

/// Reads and parses a detached `.ots` file; returns its bytes too. A malformed proof is
/// unusable input naming the reference's error class and the byte offset.
pub fn read_proof(path: &Path) -> Result<(DetachedTimestampFile, Vec<u8>), Unusable> {
    let bytes = read_bounded(path, MAX_PROOF_BYTES, "proof")?;
    let file = DetachedTimestampFile::deserialize(&bytes)
        .map_err(|e| Unusable::file(path, format!("not a valid OpenTimestamps proof: {e}")).field("proof"))?;
    Ok((file, bytes))
}

/// Creates `path` (never replacing an existing file) with `bytes`, synced to disk.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// `<path><suffix>`, e.g. `a.txt` + `.ots`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}
