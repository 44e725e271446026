//! sealbook-core: the verification logic of sealbook, with no I/O.
//!
//! Callers hand in bytes and get typed results, so the same code runs in the native CLI and
//! server and, compiled to WebAssembly, in the reader's browser (ARCHITECTURE.md, "Layout").
//! The specification is "Sealed Before the Open" (seed 000); section numbers in the doc
//! comments refer to it.
//!
//! The modules, from the sealed book outward to what is scored from it.
//!
//! The sealed record and what anchors it outside the operator:
//! - [`book`]: the sealed book: canonical JSON, seal and link, the writer, chain verification,
//!   stamped lists.
//! - [`ots`]: OpenTimestamps proofs: the format, evaluation, Bitcoin headers, the
//!   calendar-server protocol.
//! - [`pki`]: DER, X.509 certificates and paths, digest and signature algorithms (under
//!   [`tsp`] and [`rekor`]).
//! - [`rekor`]: Sigstore Rekor entries: body hash, RFC 6962 inclusion proof, checkpoint, signed
//!   timestamp.
//! - [`tsp`]: RFC 3161 timestamps: responses and tokens, requests, the `openssl ts -text`
//!   rendering.
//! - [`verifier`]: what the page and `sealbook verify DIR` do with a set of files: kinds,
//!   pairing, verdicts.
//!
//! What is forecast, and against which prices:
//! - [`calendar`]: the NYSE calendar: trading sessions, New York time, forecast horizons.
//! - [`contract`]: event contracts and identifiers, `council-forecasts.csv`, the §3.13
//!   conformance checker.
//! - [`prices`]: prices from the league's provider and the outcome fields computed from them.
//!
//! The published records:
//! - [`records`]: the one owner of every published file name and line layout: the names and
//!   paths, the JSON value builders the layouts share (spec Appendix C).
//!
//! The operator's side:
//! - [`arena`]: the trading tracks: the portfolio and pro leagues and seed 002's agent
//!   portfolios as rule sets of one engine, and the replay of every published account.
//! - [`league`]: the league engine's decisions: names, config, schedule, ask and answer, the
//!   providers' wire formats, the engine.
//!
//! How the forecasts are scored:
//! - [`experiment`]: the reader experiment: assignment, the first-forecast rule, the revision
//!   protocol, the published analysis (spec §6).
//! - [`neff`]: how many independent voices: N_eff from the seats' pairwise correlations.
//! - [`score`]: the scores: Brier family, baselines, consensus, calibration, eligibility, the
//!   league tables.
//! - [`stats`]: statistics matching the Python peers: seeded RNG, bootstraps, HAC, intervals,
//!   logistic fit.
//!
//! Shared by every layer:
//! - [`check_messages`]: what each RFC 3161 token and Rekor entry check found, as message ids
//!   with typed arguments.
//! - [`checks`]: named checks with pass / fail / warn / skip results, as every verdict lists
//!   them.
//! - [`figures`]: where a published document differs from its recount, field by field.
//! - [`hex`]: lowercase hexadecimal, as digests are printed throughout the spec.
//! - [`text`]: sentence templates with `{name}` arguments and digit grouping, for the pages'
//!   languages.

#![forbid(unsafe_code)]

// The sealed record and what anchors it outside the operator.
pub mod book;
pub mod ots;
pub mod pki;
pub mod rekor;
pub mod tsp;
pub mod verifier;

// What is forecast, and against which prices.
pub mod calendar;
pub mod contract;
pub mod prices;

// The published records.
pub mod records;

// The operator's side.
pub mod arena;
pub mod league;

// How the forecasts are scored.
pub mod experiment;
pub mod neff;
pub mod score;
pub mod stats;

// Shared by every layer.
pub mod check_messages;
pub mod checks;
pub mod figures;
pub mod hex;
pub mod text;
