//! `sealbook ots info <file.ots> [--json]`: what `ots info` prints (file hash, the operation
//! tree, attestations with Bitcoin merkle roots in display order), or with `--json` every
//! attestation with its commitment, op path and merkle root in both byte orders (spec §3.2).

use super::read_proof;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::hex;
use sealbook_core::ots::evaluate::{self, AttestationPath};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The detached proof (.ots).
    proof: PathBuf,
}

#[derive(Serialize)]
struct Output {
    ok: bool,
    proof: String,
    file_hash_op: &'static str,
    file_digest: String,
    attestations: Vec<AttestationPath>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (file, _) = read_proof(&args.proof)?;
    let unlistable =
        |e: evaluate::EvalError| Unusable::file(&args.proof, e.to_string()).field("proof");
    if json {
        let out = Output {
            ok: true,
            proof: args.proof.display().to_string(),
            file_hash_op: file.file_hash_op.name(),
            file_digest: hex::encode(file.file_digest()),
            attestations: evaluate::attestations(&file.timestamp).map_err(unlistable)?,
        };
        println!("{}", serde_json::to_string(&out).expect("info serializes"));
    } else {
        print!("{}", evaluate::info_text(&file).map_err(unlistable)?);
    }
    Ok(Exit::Ok)
}
