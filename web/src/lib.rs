//! sealbook-web: the verifier page, thin over `sealbook-core`.
//!
//! A reader drops the published book, its stamped lists and their OpenTimestamps proofs; a Web
//! Worker running the same `core` compiled to WebAssembly recomputes every seal, link and
//! stamped prefix (spec §3.2, Appendix B steps 3-4) and checks each proof against the block
//! headers the reader pastes (Appendix B step 6, §3.11) with no server in the loop. Exports:
//! - [`run_app`]: mounts the page (index.html calls it);
//! - [`experiment::run_experiment_app`]: mounts the reader experiment's page (spec §6);
//! - [`accounts::run_accounts_app`]: mounts the Accounts page (spec §4.11, Appendix B
//!   steps 7-8), whose worker is [`accounts::worker::accounts_worker_main`];
//! - [`verifier::worker::worker_main`]: the worker's entry in its chain module (www/worker.js
//!   calls it), which hands the worker over to the full verifier's module when a file needs it
//!   ([`verifier::worker::worker_takeover`]);
//! - [`verifier::range_worker::range_worker_main`]: the entry of a worker verifying one range of a large
//!   book (www/range-worker.js calls it);
//! - [`verify_book`]: one-shot chain verification for the benchmark harness.
//!
//! Each export is compiled in only with its cargo feature (web/Cargo.toml), and web/bundle
//! builds one wasm per feature: `verify-page` (the page), `verify-chain` (its worker's first
//! module and the range workers), `verify-worker` (the worker's full module and `verify_book`),
//! `scores`, `accounts` and `experiment` (each page with its
//! worker). A page's wasm thus holds only what its exports reach.

#![forbid(unsafe_code)]

#[cfg(feature = "accounts")]
pub mod accounts;
pub mod dropped;
#[cfg(feature = "experiment")]
pub mod experiment;
pub mod format;
pub mod i18n;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod job_loop;
pub mod league_load;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod league_query;
pub mod module_worker;
pub mod save;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod scores;
pub mod shell;
pub mod verifier;

use sealbook_core::book::chain::{verify, VerifyOptions};

/// Verifies a whole book held in memory and returns core's `ChainReport` as JSON (no prefixes
/// requested). A stable export for the wasm benchmark.
#[cfg_attr(feature = "verify-worker", wasm_bindgen::prelude::wasm_bindgen)]
pub fn verify_book(book: &[u8]) -> String {
    serde_json::to_string(&verify(book, VerifyOptions::default()))
        .expect("ChainReport always serializes")
}

/// Mounts the verifier page into `#app` (or the body if there is none).
#[cfg_attr(feature = "verify-page", wasm_bindgen::prelude::wasm_bindgen)]
pub fn run_app() {
    shell::mount::<verifier::app::App>();
}
