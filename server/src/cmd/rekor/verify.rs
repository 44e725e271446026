//! `sealbook rekor verify <entry.json> (--data <file> | --digest <hex>) --pubkey <log.pub>
//! [--json]`: the entry (`{uuid: entry}`, a one-element list or the bare entry) names the
//! file's SHA-256, its inclusion proof reaches the root, the checkpoint signed by the log key
//! binds that root and tree size, and the SET signs integratedTime (Appendix B step 10). An
//! entry without a SET passes on its inclusion proof and checkpoint, with integratedTime
//! reported as unsigned (no time established).
//!
//! Exit codes: 0 every check passed; 1 a check failed; 2 unusable input.

use super::{print_integrated_time, read_log_key};
use crate::cmd::stamped::{print_checks, Stamped, Target};
use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::rekor::{self, LogEntry, Verdict, MAX_ENTRY_BYTES};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The log entry as Rekor's API returns it (JSON).
    entry: PathBuf,
    #[command(flatten)]
    target: Target,
    /// The log's public key (PEM or DER SubjectPublicKeyInfo).
    #[arg(long, value_name = "FILE")]
    pubkey: PathBuf,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    #[serde(flatten)]
    verdict: &'a Verdict,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let sha256: [u8; 32] = match args.target.read()? {
        file @ Stamped::File(..) => file.digest(HashAlg::Sha256)?.try_into().expect("32 bytes"),
        Stamped::Digest(d) => d.try_into().map_err(|_| {
            Unusable::new("a Rekor entry is checked against a SHA-256: 64 hex digits")
                .field("--digest")
        })?,
    };
    let key = read_log_key(Some(&args.pubkey))?;
    let bytes = read_bounded(&args.entry, MAX_ENTRY_BYTES as u64, "log entry")?;
    let entry = LogEntry::parse(&bytes)
        .map_err(|e| Unusable::file(&args.entry, e.message).field(e.field))?;
    let verdict = rekor::verify(&entry, Some(&sha256), &key);
    let file = args.entry.display().to_string();
    if json {
        println!(
            "{}",
            serde_json::to_string(&Output {
                file,
                verdict: &verdict
            })
            .expect("verdict serializes")
        );
    } else {
        println!("entry: {file}  logIndex {}", verdict.log_index);
        print_checks(&verdict.checks);
        print_integrated_time(&verdict);
        println!(
            "verdict: {}",
            match (verdict.ok, verdict.integrated_time_signed) {
                (true, true) => "OK",
                (true, false) => "OK (in the log; integratedTime unsigned)",
                _ => "FAILED",
            }
        );
    }
    Ok(if verdict.ok { Exit::Ok } else { Exit::Failed })
}
