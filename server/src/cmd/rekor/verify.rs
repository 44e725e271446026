//! `sealbook rekor verify <entry.json | bundle.sigstore.json> (--data <file> | --digest <hex>)
//! (--pubkey <log.pub> | --trusted-root <trusted_root.json>) [--json]`: the entry (the API's
//! `{uuid: entry}`, a one-element list or the bare entry; or every transparency-log entry of
//! a Sigstore bundle, Rekor v1 or v2) names the file's SHA-256, its inclusion proof reaches
//! the root, the checkpoint signed by the log key (ECDSA, or Ed25519 for Rekor v2) binds that
//! root and tree size, and the SET signs integratedTime (Appendix B step 10). A bundle's
//! RFC 3161 tokens are verified over its signature with the trusted root's time-stamp
//! authorities, and the command says which time is proven by whom.
//!
//! An entry without a SET passes on its inclusion proof and checkpoint, with integratedTime
//! reported as unsigned (no time established); an entry with a SET and no inclusion proof is
//! "SET only" (the log promised inclusion; no proof of inclusion).
//!
//! Exit codes: 0 every check passed; 1 a check failed; 2 unusable input, including an entry
//! of a kind not read (`intoto`, `dsse`, ...) whose log checks all passed ("unsupported
//! kind", the log checks printed) and a bundle without a transparency-log entry.

use super::print_integrated_time;
use crate::cmd::stamped::{print_checks, Stamped, Target};
use crate::files::read_bounded;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::rekor::{
    self, Bundle, BundleVerdict, EntryVerdict, LogEntry, LogKey, TrustedRoot, MAX_ENTRY_BYTES,
};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The log entry as Rekor's API returns it, or a Sigstore bundle (JSON).
    entry: PathBuf,
    #[command(flatten)]
    target: Target,
    #[command(flatten)]
    trust: Trust,
}

#[derive(clap::Args, Debug)]
#[group(required = true, multiple = false)]
struct Trust {
    /// The log's public key (PEM or DER SubjectPublicKeyInfo; ECDSA, RSA or Ed25519).
    #[arg(long, value_name = "FILE")]
    pubkey: Option<PathBuf>,
    /// A Sigstore trusted root (trusted_root.json): its logs' keys and, for a bundle's
    /// RFC 3161 tokens, its time-stamp authorities.
    #[arg(long, value_name = "FILE")]
    trusted_root: Option<PathBuf>,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    #[serde(flatten)]
    verdict: &'a EntryVerdict,
}

#[derive(Serialize)]
struct BundleOutput<'a> {
    file: String,
    bundle: &'a BundleVerdict,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let sha256: [u8; 32] = match args.target.read()? {
        file @ Stamped::File(..) => file.digest(HashAlg::Sha256)?.try_into().expect("32 bytes"),
        Stamped::Digest(d) => d.try_into().map_err(|_| {
            Unusable::new("a Rekor entry is checked against a SHA-256: 64 hex digits")
                .field("--digest")
        })?,
    };
    let (keys, authorities) = match (&args.trust.pubkey, &args.trust.trusted_root) {
        (Some(p), _) => (vec![super::read_log_key(Some(p))?], Vec::new()),
        (None, Some(p)) => {
            let bytes = read_bounded(p, MAX_ENTRY_BYTES as u64, "trusted root")?;
            let root = TrustedRoot::parse(&bytes)
                .map_err(|e| Unusable::file(p, e.message).field(e.field))?;
            if root.logs.is_empty() {
                return Err(Unusable::file(p, "lists no transparency log").field("tlogs"));
            }
            (
                root.logs
                    .into_iter()
                    .map(|(_, k)| k)
                    .collect::<Vec<LogKey>>(),
                root.authorities,
            )
        }
        (None, None) => unreachable!("clap requires --pubkey or --trusted-root"),
    };
    let bytes = read_bounded(&args.entry, MAX_ENTRY_BYTES as u64, "log entry")?;
    let file = args.entry.display().to_string();
    if rekor::is_bundle(&bytes) {
        let bundle = Bundle::parse(&bytes)
            .map_err(|e| Unusable::file(&args.entry, e.message).field(e.field))?;
        let v = rekor::verify_bundle(&bundle, Some(&sha256), &keys, &authorities);
        return bundle_result(&args.entry, file, &v, json);
    }
    let entry = LogEntry::parse(&bytes)
        .map_err(|e| Unusable::file(&args.entry, e.message).field(e.field))?;
    let key = keys
        .iter()
        .find(|k| sealbook_core::hex::encode(&k.log_id).eq_ignore_ascii_case(&entry.log_id))
        .unwrap_or(&keys[0]);
    let verdict = rekor::verify(&entry, Some(&sha256), key);
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
        println!("verdict: {}", verdict_line(&verdict));
    }
    entry_exit(&args.entry, &verdict, json)
}

/// The verdict line of one entry.
fn verdict_line(v: &EntryVerdict) -> String {
    match (v.ok, v.set_only, v.integrated_time_signed) {
        (true, true, _) => {
            "OK (SET only: the log promised inclusion; no proof of inclusion)".into()
        }
        (true, false, true) => "OK".into(),
        (true, false, false) if v.integrated_time.is_none() => {
            "OK (in the log; the entry has no time)".into()
        }
        (true, false, false) => "OK (in the log; integratedTime unsigned)".into(),
        _ => match &v.unsupported_kind {
            Some(kind) if v.log_ok => format!(
                "unsupported kind {kind}: every log check passed; what the entry logs is not checked against the file"
            ),
            _ => "FAILED".into(),
        },
    }
}

/// Exit 2 after the verdict is printed: the input is not one this verifier can decide on.
fn unusable(path: &std::path::Path, json: bool, why: &str) -> CmdResult {
    if !json {
        eprintln!("{}: {why}", path.display());
    }
    Ok(Exit::Unusable)
}

fn entry_exit(path: &std::path::Path, v: &EntryVerdict, json: bool) -> CmdResult {
    if v.ok {
        return Ok(Exit::Ok);
    }
    match &v.unsupported_kind {
        Some(kind) if v.log_ok => unusable(
            path,
            json,
            &format!("unsupported kind {kind} (every log check passed)"),
        ),
        _ => Ok(Exit::Failed),
    }
}

fn bundle_result(path: &std::path::Path, file: String, v: &BundleVerdict, json: bool) -> CmdResult {
    if json {
        println!(
            "{}",
            serde_json::to_string(&BundleOutput { file, bundle: v }).expect("verdict serializes")
        );
    } else {
        println!("bundle: {file}  ({}, version {})", v.media_type, v.version);
        let says = v.says();
        // The certificate's identities come first, the times after the checks.
        let (ids, times) = says.split_at(v.identity.len());
        for m in ids {
            println!("{m}");
        }
        for (i, e) in v.entries.iter().enumerate() {
            println!("tlog entry {i}: logIndex {}", e.log_index);
            print_checks(&e.checks);
            print_integrated_time(e);
            println!("  entry verdict: {}", verdict_line(e));
        }
        for (i, t) in v.timestamps.iter().enumerate() {
            println!(
                "RFC 3161 token {i}: genTime {}",
                t.gen_time.as_deref().unwrap_or("?")
            );
            print_checks(&t.checks);
            println!("  token verdict: {}", if t.ok { "OK" } else { "FAILED" });
        }
        for e in v.timestamp_errors.iter().chain(&v.timestamps_unchecked) {
            println!("RFC 3161 {e}");
        }
        for m in times {
            println!("{m}");
        }
        println!(
            "verdict: {}",
            if v.ok {
                "OK".to_string()
            } else if v.entries.is_empty() {
                "no transparency-log entry in the bundle".to_string()
            } else if let (Some(kind), true) = (&v.unsupported_kind, v.log_ok) {
                format!("unsupported kind {kind}: every log check passed; what the entry logs is not checked against the file")
            } else {
                "FAILED".to_string()
            }
        );
    }
    if v.ok {
        Ok(Exit::Ok)
    } else if v.entries.is_empty() {
        unusable(
            path,
            json,
            "holds no transparency-log entry (verificationMaterial.tlogEntries)",
        )
    } else if let (Some(kind), true, true) = (
        &v.unsupported_kind,
        v.log_ok,
        v.timestamps.iter().all(|t| t.ok) && v.timestamp_errors.is_empty(),
    ) {
        unusable(
            path,
            json,
            &format!("unsupported kind {kind} (every log check passed)"),
        )
    } else {
        Ok(Exit::Failed)
    }
}
