//! The DEMO league (spec §3.1, a league day, run end to end on invented data): the demo's
//! own services on 127.0.0.1 and the league engine driven against them ([`league`]).
//!
//! - [`endpoint`]: an OpenAI-compatible model endpoint with deterministic demo models;
//! - [`prices`]: the seeded synthetic price file;
//! - [`tsa`]: an RFC 3161 authority with a fresh DEMO root; [`der`] its DER writer;
//! - [`ots_calendar`]: an OpenTimestamps calendar server whose proofs stay pending;
//! - [`http1`]: the small HTTP server they run on.

pub mod ots_calendar;

pub mod endpoint;
mod http1;
pub mod league;
pub mod prices;
pub mod tsa;
