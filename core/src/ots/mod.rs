//! OpenTimestamps proofs (spec §3.2 "stamps and anchors", §3.11 P1a, Appendix B step 6):
//! read and write `.ots` files byte-for-byte as python-opentimestamps does, walk them from the
//! stamped digest to every attestation, check Bitcoin attestations against block headers
//! offline, and grow proofs with calendar answers.
//!
//! - [`serialize`]: wire primitives and the reference's error classes
//! - [`ops`], [`attestation`], [`timestamp`], [`detached`]: the proof format
//! - [`evaluate`]: attestations with commitments and op paths; `ots info` text
//! - [`bitcoin`]: 80-byte headers, proof of work, header runs, median time past
//! - [`transaction`]: spotting a Bitcoin transaction on a path (`ots info` prints its id)
//! - [`verify`]: the verdict with its time bound and what is still trusted
//! - [`messages`]: what the verdict and the header checks say, as ids with typed arguments
//! - [`report`]: one proof checked for one stamped file (digest, verdict, bare merkle root)
//! - [`calendar_server`], [`upgrade`]: the calendar-server protocol as bytes; stamp and upgrade
//!   merges

#![warn(missing_docs)]

pub mod attestation;
pub mod bitcoin;
pub mod calendar_server;
pub mod detached;
pub mod evaluate;
pub mod messages;
pub mod ops;
pub mod report;
pub mod serialize;
pub mod timestamp;
pub mod transaction;
pub mod upgrade;
pub mod verify;

pub use attestation::Attestation;
pub use detached::DetachedTimestampFile;
pub use ops::Op;
pub use serialize::{ErrorKind, OtsError};
pub use timestamp::{Node, Timestamp};
