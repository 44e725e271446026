//! `sealbook rekor ...`: Sigstore Rekor transparency-log entries for stamped lists (spec §3.2,
//! §3.11 requirement 3, Appendix B step 10). `verify` reads an entry offline; `upload` logs a
//! stamped list. Parsing and every check are `sealbook_core::rekor`.

pub mod upload;
pub mod verify;

pub use crate::anchor::rekor::{read_log_key, PRODUCTION_URL};
use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum RekorCommand {
    /// Verify a log entry or a Sigstore bundle for a file or digest: body, inclusion proof,
    /// checkpoint, SET, and a bundle's RFC 3161 tokens.
    Verify(verify::Args),
    /// Log a stamped list as a hashedrekord entry; store the entry as <list>.rekor.json.
    Upload(upload::Args),
}

pub fn run(command: RekorCommand, json: bool) -> CmdResult {
    match command {
        RekorCommand::Verify(args) => verify::run(args, json),
        RekorCommand::Upload(args) => upload::run(args, json),
    }
}

/// Prints when the entry's facts became public (spec §3.11: from integratedTime on, P1a and
/// P2 hold for everyone, not only for the operator) - claimed only for a verified entry whose
/// SET signs the time; an entry without a SET is in the log but its time is unsigned, and a
/// Rekor v2 entry has no time at all.
pub fn print_integrated_time(v: &sealbook_core::rekor::EntryVerdict) {
    let (Some(iso), Some(unix)) = (&v.integrated_time_iso, v.integrated_time) else {
        println!("integratedTime: none (a Rekor v2 entry): the log signs no time; only an RFC 3161 token can prove one");
        return;
    };
    let t = format!("integratedTime: {iso} (UTC; Unix time {unix})");
    // The log checks all passed: the entry verified, or only its kind is not read.
    let in_log = v.ok || (v.log_ok && v.unsupported_kind.is_some());
    if in_log && v.integrated_time_signed {
        println!("{t}: from then on the logged list is public - P1a and P2 hold for everyone (spec §3.11)");
    } else if in_log {
        println!("{t}: unsigned - the entry has no signedEntryTimestamp, so no time is established from it; the inclusion proof and the signed checkpoint show the list is in the log (Level 2)");
    } else {
        println!("{t}: not established, the entry did not verify");
    }
}
