//! `sealbook ots verify <file.ots> (--target <file> | --digest <hex>) [--header <hex>... |
//! --headers <file> | --merkle-root <hex>] [--json]`: Appendix B step 6 offline. The proof's
//! operations are replayed from the stamped digest and each Bitcoin attestation is compared
//! with the supplied headers, read as a set (any order, any runs; each proof of work, link,
//! retarget and median time past checked on the run it is in; spec §3.11 P1a; the trust
//! ladder's Level 2). A `HEIGHT HEX` line's height is kept: a header known to be the attested
//! block's and not matching refutes the proof; an attested block with no header is missing.
//!
//! Exit codes: 0 only when a Bitcoin attestation is confirmed by a supplied header with valid
//! proof of work (Level 2). 1 otherwise: the digest differs, no header matches, the headers
//! fail their checks, the proof is pending only (the calendars to upgrade from are named), or
//! only a bare `--merkle-root` matched - a weaker match, reported as such, because nothing
//! ties a typed root to a block with proof of work. 2: unusable input (unreadable or
//! malformed proof, target or headers).

use super::{read_proof, MAX_STAMPED_FILE_BYTES};
use crate::files;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::hex;
use sealbook_core::ots::bitcoin::{BlockHeader, LabelledHeader};
use sealbook_core::ots::report::{check_proof, ProofReport};
use sealbook_core::ots::DetachedTimestampFile;
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("stamped").required(true).args(["target", "digest"])))]
#[command(group(clap::ArgGroup::new("anchor").args(["header", "headers", "merkle_root"])))]
pub struct Args {
    /// The detached proof (.ots).
    proof: PathBuf,
    /// The stamped file; it is hashed with the proof's file-hash operation.
    #[arg(long, value_name = "FILE")]
    target: Option<PathBuf>,
    /// The stamped file's digest (hex), instead of the file.
    #[arg(long, value_name = "HEX")]
    digest: Option<String>,
    /// An 80-byte block header as 160 hex digits; repeat for more headers (in any order and
    /// runs: up to 11 before the attested block give its median time past, those after it
    /// confirmations).
    #[arg(long, value_name = "HEX")]
    header: Vec<String>,
    /// A file of headers in any order and runs: hex, one per line (`HEIGHT HEX` lines give a
    /// header's height), or concatenated 80-byte binary.
    #[arg(long, value_name = "FILE")]
    headers: Option<PathBuf>,
    /// A block merkle root (hex, internal or display order) to compare with the proof: a
    /// weaker match than a header, since no proof of work is checked.
    #[arg(long, value_name = "HEX")]
    merkle_root: Option<String>,
}

/// The `--json` object: the core report and the proof's path.
#[derive(Serialize)]
struct Output<'a> {
    proof: String,
    #[serde(flatten)]
    report: &'a ProofReport,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let (file, _) = read_proof(&args.proof)?;
    let target_digest = target_digest(&args, &file)?;
    let headers = supplied_headers(&args)?;

    let report = check_proof(&file, &target_digest, &headers, args.merkle_root.as_deref())
        .map_err(|e| Unusable::file(&args.proof, e.to_string()).field("proof"))?;
    if json {
        let out = Output {
            proof: args.proof.display().to_string(),
            report: &report,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("report serializes")
        );
    } else {
        print_human(&report, args.target.as_deref());
    }
    Ok(if report.ok { Exit::Ok } else { Exit::Failed })
}

fn target_digest(args: &Args, file: &DetachedTimestampFile) -> Result<Vec<u8>, Unusable> {
    if let Some(path) = &args.target {
        // Streamed with the proof's own file-hash operation: the target is never in memory.
        let mut hasher = file
            .target_hasher()
            .expect("a parsed proof's file-hash operation is a hash");
        let f = files::open(path, "target file")?;
        files::hash_stream(path, f, MAX_STAMPED_FILE_BYTES, "target file", |chunk| {
            hasher.update(chunk)
        })?;
        return Ok(hasher.finish());
    }
    let text = args.digest.as_deref().unwrap_or_default().trim();
    let bad = |m: String| Unusable::new(m).field("--digest");
    let digest =
        hex::decode(&text.to_ascii_lowercase()).ok_or_else(|| bad(format!("not hex: {text:?}")))?;
    if digest.len() != file.file_digest().len() {
        return Err(bad(format!(
            "a {} digest is {} bytes, got {}",
            file.file_hash_op.name(),
            file.file_digest().len(),
            digest.len()
        )));
    }
    Ok(digest)
}

fn supplied_headers(args: &Args) -> Result<Vec<LabelledHeader>, Unusable> {
    if let Some(path) = &args.headers {
        // `HEIGHT HEX` lines keep their heights: a header of a labelled height that does not
        // confirm is a mismatch, not a missing header.
        return super::headers::read_headers(std::slice::from_ref(path));
    }
    args.header
        .iter()
        .enumerate()
        .map(|(i, h)| {
            BlockHeader::parse_hex(h)
                .map(|header| LabelledHeader {
                    height: None,
                    header,
                })
                .map_err(|e| Unusable::new(format!("header {i}: {}", e.message)).field("--header"))
        })
        .collect()
}

fn print_human(out: &ProofReport, target: Option<&Path>) {
    let what = match target {
        Some(t) => format!("{} hashes to", t.display()),
        None => "the digest given is".to_string(),
    };
    if !out.digest_matches {
        println!("FAILED: the proof is for another file");
        println!(
            "  the proof stamps {} {}",
            out.file_hash_op, out.file_digest
        );
        println!("  {what} {}", out.target_digest);
        return;
    }
    println!(
        "file {} {}: the proof stamps it",
        out.file_hash_op, out.file_digest
    );
    let Some(v) = &out.verdict else { return };
    for c in &v.bitcoin {
        let mark = if c.verified {
            "verified"
        } else {
            "NOT verified"
        };
        println!("Bitcoin block {}: {mark}: {}", c.height, c.message);
        if let Some(m) = &c.path.merkle_root {
            println!(
                "  merkle root {} (display), {} (internal)",
                m.display, m.internal
            );
        }
        if let Some(h) = &c.block_hash {
            println!(
                "  block hash {h}, header time {}",
                c.header_time_utc.as_deref().unwrap_or("?")
            );
        }
    }
    if let Some(e) = &v.header_error {
        println!("headers rejected: {e}");
    }
    if let Some(a) = &v.header_analysis {
        println!("supplied headers:");
        for f in &a.findings {
            println!("  {f}");
        }
        for n in &a.notes {
            println!("  not checked: {n}");
        }
    }
    for p in &v.unchecked {
        println!(
            "not checked here: {} (commitment {})",
            p.attestation, p.commitment
        );
    }
    if !v.pending.is_empty() {
        println!("pending at calendars (sealbook ots upgrade asks them):");
        for uri in &v.pending {
            println!("  {uri}");
        }
    }
    if let Some(r) = &out.merkle_root {
        println!("{}", r.message);
    }
    println!("{}", v.level);
    if let Some(t) = &v.time_bound {
        println!("time bound: {t}");
    }
    println!("checks done:");
    for c in &v.checks {
        println!("  - {c}");
    }
    if !v.still_trusted.is_empty() {
        println!("still trusted:");
        for t in &v.still_trusted {
            println!("  - {t}");
        }
    }
}
