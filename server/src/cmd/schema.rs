//! `sealbook schema event-contract|agentpit-records|ladder-records|arena-records [--out FILE]`:
//! writes `<which>.schema.json`: the event contract (§3.13) as `core::contract` generates it
//! from the contract's keys, or a peer profile's records-file line as
//! `core::score::peers::records` generates it from its field tables.

use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::score::peers::records::{
    records_schema_bytes, AGENTPIT_KINDS, ARENA_KINDS, LADDER_KINDS,
};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which schema.
    which: Which,
    /// Where to write it (default: <which>.schema.json).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Which {
    /// The event contract: the nine keys event_id_v2 is computed over.
    EventContract,
    /// One line of a `score --profile agentpit` records file (seeds 001/003).
    AgentpitRecords,
    /// One line of a `score --profile ladder` records file (seed 002).
    LadderRecords,
    /// One line of a `score --profile arena` records file (seed 004).
    ArenaRecords,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (name, bytes) = match args.which {
        Which::EventContract => (
            "event-contract",
            sealbook_core::contract::event::event_contract_schema_bytes(),
        ),
        Which::AgentpitRecords => (
            "agentpit-records",
            records_schema_bytes("agentpit", AGENTPIT_KINDS),
        ),
        Which::LadderRecords => (
            "ladder-records",
            records_schema_bytes("ladder", LADDER_KINDS),
        ),
        Which::ArenaRecords => ("arena-records", records_schema_bytes("arena", ARENA_KINDS)),
    };
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("{name}.schema.json")));
    std::fs::write(&out, &bytes).map_err(|e| Unusable::io(&out, "write schema", &e))?;
    let sha256 = sealbook_core::hex::encode(&Sha256::digest(&bytes));
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "file": out.display().to_string(), "bytes": bytes.len(), "sha256": sha256})
        );
    } else {
        println!(
            "wrote {} ({} bytes, sha256 {sha256})",
            out.display(),
            bytes.len()
        );
    }
    Ok(Exit::Ok)
}
