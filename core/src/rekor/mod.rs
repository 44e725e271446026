//! Sigstore Rekor v1 log entries (spec seed 000 §3.2 Level 2, §3.11 requirement 3,
//! Appendix B step 10): the entry body names the stamped list's SHA-256, the RFC 6962 / RFC 9162
//! inclusion proof leads to the root, the checkpoint (a signed note) signed by the log's key
//! commits to that root and tree size, and the signed entry timestamp (SET) signs the entry's
//! canonical payload. integratedTime is the time from which the list is public to everyone.
//!
//! An entry without a SET (production Rekor returns such entries; sigstore bundles v0.2+ carry
//! them) is still in the log when its inclusion proof and signed checkpoint verify (Level 2),
//! but its integratedTime is unsigned and establishes no time, as sigstore's own verifiers
//! treat it.
//!
//! Input is the JSON the Rekor API returns for `GET /api/v1/log/entries/{uuid}` or
//! `?logIndex=N`: the `{uuid: entry}` object, a one-element list of it, or the bare entry.
//!
//! [`entry`] decodes the entry, [`proof`] holds the RFC 6962 inclusion proof, [`checkpoint`]
//! the signed note, [`set`] the signed entry timestamp, [`key`] the log's key, and
//! [`verify`](mod@verify) runs the checks in order.

pub mod checkpoint;
pub mod entry;
pub mod key;
pub mod proof;
pub mod set;
pub mod verify;

pub use checkpoint::Checkpoint;
pub use entry::{
    hashedrekord_proposal, Body, EntryError, InclusionProof, LogEntry, MAX_ENTRY_BYTES,
    MAX_PROOF_HASHES,
};
pub use key::LogKey;
pub use proof::{leaf_hash, root_from_inclusion_proof};
pub use verify::{check, verify, verify_bytes, Verdict};
