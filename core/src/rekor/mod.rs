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
//! Rekor v2 (the tile-based log) signs its checkpoints with Ed25519 (a C2SP signed note) and
//! gives its entries no integratedTime and no SET: such an entry is in the log when its
//! inclusion proof and checkpoint verify, and only an RFC 3161 token proves a time. An entry
//! with a SET and no inclusion proof (cosign's older offline bundles) is "SET only": the log
//! promised inclusion, nothing proves it.
//!
//! Input is a Sigstore bundle ([`bundle`]) or the JSON the Rekor API returns for `GET /api/v1/log/entries/{uuid}` or
//! `?logIndex=N`: the `{uuid: entry}` object, a one-element list of it, or the bare entry.
//!
//! [`entry`] decodes the entry, [`proof`] holds the RFC 6962 inclusion proof, [`checkpoint`]
//! the signed note, [`set`] the signed entry timestamp, [`key`] the log's key, and
//! [`verify`](mod@verify) runs the checks in order.

#![warn(missing_docs)]

pub mod bundle;
pub mod checkpoint;
pub mod entry;
pub mod key;
pub mod proof;
pub mod set;
pub mod verify;

pub use bundle::{
    is_bundle, read_log_trust, verify_bundle, verify_file, Bundle, BundleVerdict, Content,
    ProvenTime, TrustedRoot,
};
pub use checkpoint::Checkpoint;
pub use entry::{
    hashedrekord_proposal, Body, EntryError, InclusionProof, LogEntry, KINDS_READ, MAX_ENTRY_BYTES,
    MAX_PROOF_HASHES,
};
pub use key::{LogKey, LogPublicKey, ValidFor};
pub use proof::{leaf_hash, root_from_inclusion_proof};
pub use verify::{check, verify, verify_bytes, EntryVerdict};
