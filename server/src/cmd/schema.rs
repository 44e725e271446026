//! `sealbook schema event-contract|agentpit-records|ladder-records|arena-records|league-config|
//! answer|manifest|arena-protocol [--out FILE]`:
//! prints the schema on stdout (or writes it to FILE): the event contract (§3.13) as `core::contract` generates it
//! from the contract's keys, or a peer profile's records-file line as
//! `core::score::peers::records` generates it from its field tables, or the league
//! configuration file as `core::league::config` documents it with the defaults it applies, or
//! a seat's answer as `core::league::answer` checks it, or a league's `manifest.json` as
//! `core::league::manifest` writes and reads it, or the trading tracks' versioned rules
//! (`arena-protocol.json`) as `core::arena::protocol` documents every key.

use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::score::peers::records::{
    records_schema_bytes, AGENTPIT_KINDS, ARENA_KINDS, LADDER_KINDS,
};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which schema.
    which: Which,
    /// Write it to this file and print what was written (default: the schema on stdout, as
    /// every other command prints its output).
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
    /// The league configuration file (league.toml).
    LeagueConfig,
    /// A seat's answer: items.<ASSET>.<horizon>.{prob_up, action, ...}.
    Answer,
    /// A league's manifest.json: every published file with its size and SHA-256.
    Manifest,
    /// The trading tracks' versioned rules (arena-protocol.json, spec Appendix A).
    ArenaProtocol,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (name, bytes) = match args.which {
        Which::EventContract => (
            "event-contract",
            sealbook_core::records::contract_schema::event_contract_schema_bytes(),
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
        Which::LeagueConfig => (
            "league-config",
            sealbook_core::league::config::league_config_schema_bytes(),
        ),
        Which::Answer => (
            "answer",
            sealbook_core::league::answer::answer_schema_bytes(),
        ),
        Which::Manifest => (
            "manifest",
            sealbook_core::league::manifest::manifest_schema_bytes(),
        ),
        Which::ArenaProtocol => (
            "arena-protocol",
            sealbook_core::arena::protocol::protocol_schema_bytes(),
        ),
    };
    // On stdout, the schema is the output, byte for byte (`--json` adds nothing to a JSON file).
    let Some(out) = args.out else {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(&bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| Unusable::new(format!("write the {name} schema to stdout: {e}")))?;
        return Ok(Exit::Ok);
    };
    std::fs::write(&out, &bytes).map_err(|e| Unusable::io(&out, "write schema", &e))?;
    let sha256 = sealbook_core::hex::sha256_hex(&bytes);
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
