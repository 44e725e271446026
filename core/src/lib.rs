//! sealbook-core: the verification logic of sealbook, with no I/O.
//!
//! Callers hand in bytes and get typed results, so the same code runs in the native CLI and
//! server and, compiled to WebAssembly, in the reader's browser (ARCHITECTURE.md, "Layout").
//! The specification is "Sealed Before the Open" (seed 000); section numbers in the doc
//! comments refer to it.
//!
//! The modules, from the sealed book outward to what is scored from it:

#![forbid(unsafe_code)]

// The sealed record and what anchors it outside the operator.
/// The sealed book: canonical JSON, seal and link, the writer, chain verification, stamped lists.
pub mod book;
/// OpenTimestamps proofs: the format, evaluation, Bitcoin headers, the calendar-server protocol.
pub mod ots;
/// DER, X.509 certificates and paths, digest and signature algorithms (under `tsp` and `rekor`).
pub mod pki;
/// Sigstore Rekor entries: body hash, RFC 6962 inclusion proof, checkpoint, signed timestamp.
pub mod rekor;
/// RFC 3161 timestamps: responses and tokens, requests, the `openssl ts -text` rendering.
pub mod tsp;
/// What the page and `sealbook verify DIR` do with a set of files: kinds, pairing, verdicts.
pub mod verifier;

// What is forecast, and against which prices.
/// The NYSE calendar: trading sessions, New York time, forecast horizons.
pub mod calendar;
/// Event contracts and identifiers, `council-forecasts.csv`, the §3.13 conformance checker.
pub mod contract;
/// Prices from the league's provider and the outcome fields computed from them.
pub mod prices;

// The published records.
/// The one owner of every published file name and line layout: the names and paths, the
/// JSON value builders the layouts share (spec Appendix C).
pub mod records;

// The operator's side.
/// The trading tracks: the portfolio and pro leagues and seed 002's agent portfolios as rule
/// sets of one engine, and the replay of every published account.
pub mod arena;
/// The league engine's decisions: names, config, schedule, ask and answer, the providers'
/// wire formats, the engine.
pub mod league;

// How the forecasts are scored.
/// The reader experiment: assignment, the first-forecast rule, the revision protocol, the
/// published analysis (spec §6).
pub mod experiment;
/// How many independent voices: N_eff from the seats' pairwise correlations.
pub mod neff;
/// The scores: Brier family, baselines, consensus, calibration, eligibility, the league tables.
pub mod score;
/// Statistics matching the Python peers: seeded RNG, bootstraps, HAC, intervals, logistic fit.
pub mod stats;

// Shared by every layer.
/// What each RFC 3161 token and Rekor entry check found, as message ids with typed arguments.
pub mod check_messages;
/// Named checks with pass / fail / warn / skip results, as every verdict lists them.
pub mod checks;
/// Where a published document differs from its recount, field by field.
pub mod figures;
/// Lowercase hexadecimal, as digests are printed throughout the spec.
pub mod hex;
/// Sentence templates with `{name}` arguments and digit grouping, for the pages' languages.
pub mod text;
