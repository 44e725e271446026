//! `sealbook ots ...`: OpenTimestamps proofs (spec §3.2, §3.11 P1a, Appendix B step 6).
//! `info` and `verify` read proofs offline; `stamp` and `upgrade` talk to calendars through
//! [`crate::anchor::ots`]. Everything that is not file or network I/O is in
//! `sealbook_core::ots`.

pub mod headers;
pub mod info;
pub mod stamp;
pub mod upgrade;
pub mod verify;

pub use crate::anchor::ots::read_proof;
pub use crate::files::{read_bounded, MAX_STAMPED_FILE_BYTES};
use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum OtsCommand {
    /// Print a proof as `ots info` does: file hash, the operation tree, attestations.
    Info(info::Args),
    /// Verify a proof for a file or digest against Bitcoin block headers (offline).
    Verify(verify::Args),
    /// Check Bitcoin block headers alone: proof of work, links, total work, median time
    /// past, retargets, forks.
    Headers(headers::Args),
    /// Stamp files: submit their digests to calendars and write <file>.ots.
    Stamp(stamp::Args),
    /// Ask the calendars of pending proofs for complete ones; keeps the original as .bak.
    Upgrade(upgrade::Args),
}

pub fn run(command: OtsCommand, json: bool) -> CmdResult {
    match command {
        OtsCommand::Info(args) => info::run(args, json),
        OtsCommand::Verify(args) => verify::run(args, json),
        OtsCommand::Headers(args) => headers::run(args, json),
        OtsCommand::Stamp(args) => stamp::run(args, json),
        OtsCommand::Upgrade(args) => upgrade::run(args, json),
    }
}
