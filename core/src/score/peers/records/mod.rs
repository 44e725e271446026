//! The input files of the peer profiles: one JSONL file per benchmark, one record per line,
//! each with a `kind`. The peer benchmarks publish no bulk export (seed 002: "Not yet
//! available: bulk export"), so these are the formats a researcher writes from what each
//! benchmark does publish, in that benchmark's own words. Field tables ([`fields`]) are the single
//! source of the parser's checks and of the published JSON Schemas ([`records_schema`],
//! `sealbook schema agentpit-records|ladder-records|arena-records`).
//!
//! Common rules: UTF-8, one JSON object per line (read as CPython's `json.loads` reads it,
//! [`crate::book::canon`]), blank lines skipped; unknown fields are refused (a misspelt field must
//! not silently become a default); probabilities and prices are fractions 0-1, not percent;
//! names are 1-256 characters. Errors name the 1-based line and the field.
//!
//! One module per benchmark reads its file: [`agentpit`] (seeds 001/003), [`ladder`]
//! (seed 002), [`arena`] (seed 004); [`lines`] reads lines and fields for all three against
//! their [`fields`] tables, and [`error`] says what is wrong with a record.

pub mod agentpit;
pub mod arena;
pub mod error;
pub mod fields;
pub mod ladder;
mod lines;

pub use agentpit::{
    read_agentpit, AgentpitBet, AgentpitForecast, AgentpitRecord, Missing, AGENTPIT_KINDS,
};
pub use arena::{
    read_arena, ArenaDirectional, ArenaNumeric, ArenaRecord, ArenaStatus, Encoding, ARENA_KINDS,
};
pub use error::{RecordError, RecordMsg};
pub use fields::{
    records_schema, records_schema_bytes, Field, FieldType, Kind, MAX_OUTCOMES, MAX_TEXT,
    SUM_TOLERANCE,
};
pub use ladder::{read_ladder, LadderForecast, LADDER_KINDS};
