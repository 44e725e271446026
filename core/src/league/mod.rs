//! The league engine's decisions (spec §3.1-3.4, §3.6-3.10, §3.13, Appendix A and C): the
//! league's configuration, the schedule and counting rule, the ask and
//! the answer, the reference seats and the engine that says what to do next. Nothing here
//! does I/O or reads a clock: the caller hands in bytes and the time and carries out the
//! actions.

#![warn(missing_docs)]

pub mod anchor_record;
pub mod answer;
pub mod ask;
pub mod close;
pub mod config;
pub mod contracts;
pub mod crowd_resolution;
pub mod engine;
pub mod league_file;
pub mod manifest;
pub mod open_data;
pub mod preflight;
pub mod proof_page;
pub mod publish_plan;
pub mod redact;
pub mod reference;
pub mod retrieval;
pub mod schedule;
pub mod served;
pub mod snapshot;
pub mod wire;
