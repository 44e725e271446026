//! sealbook-core: the verification logic of sealbook, with no I/O.
//!
//! Callers hand in bytes and get typed results, so the same code runs in the native CLI and
//! server and, compiled to WebAssembly, in the reader's browser (DESIGN.md, "Layout").
//! The specification is "Sealed Before the Open" (seed 000); section numbers in the doc
//! comments refer to it.

pub mod book;
pub mod checks;
pub mod canon;
pub mod hex;
pub mod stamp_list;
pub mod der;
pub mod signature;
pub mod x509;
pub mod tsp;
pub mod tsq;
pub mod tsp_text;
pub mod rekor;
