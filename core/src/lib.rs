//! sealbook-core: the verification logic of sealbook, with no I/O.
//!
//! Callers hand in bytes and get typed results, so the same code runs in the native CLI and
//! server and, compiled to WebAssembly, in the reader's browser (DESIGN.md, "Layout").
//! The specification is "Sealed Before the Open" (seed 000); section numbers in the doc
//! comments refer to it.

pub mod book;
pub mod calendar;
pub mod canon;
pub mod canonical_form;
pub mod checks;
pub mod conformance;
pub mod contract;
pub mod der;
pub mod forecasts_csv;
pub mod hex;
pub mod league;
pub mod neff;
pub mod ots;
pub mod prices;
pub mod rekor;
pub mod score;
pub mod session;
pub mod signature;
pub mod stamp_list;
pub mod stats;
pub mod tsp;
pub mod tsp_text;
pub mod tsq;
pub mod x509;
