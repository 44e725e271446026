//! `sealbook schema event-contract [--out FILE]`: writes `event-contract.schema.json` (§3.13)
//! as `core::contract` generates it from the contract's keys.

use crate::outcome::{CmdResult, Exit, Unusable};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which schema.
    which: Which,
    /// Where to write it.
    #[arg(long, value_name = "FILE", default_value = "event-contract.schema.json")]
    out: PathBuf,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Which {
    /// The event contract: the nine keys event_id_v2 is computed over.
    EventContract,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let bytes = match args.which {
        Which::EventContract => sealbook_core::contract::event_contract_schema_bytes(),
    };
    std::fs::write(&args.out, &bytes).map_err(|e| Unusable::io(&args.out, "write schema", &e))?;
    let sha256 = sealbook_core::hex::encode(&Sha256::digest(&bytes));
    if json {
        println!("{}", serde_json::json!({"ok": true, "file": args.out.display().to_string(), "bytes": bytes.len(), "sha256": sha256}));
    } else {
        println!("wrote {} ({} bytes, sha256 {sha256})", args.out.display(), bytes.len());
    }
    Ok(Exit::Ok)
}
