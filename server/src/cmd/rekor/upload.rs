//! `sealbook rekor upload <list.txt> --key <p256-private-key.pem> [--url URL] [--pubkey
//! <log.pub>] [--timeout S]`: logs a stamped list in Rekor (spec §3.2, §3.11 requirement 3).
//! The list is signed with the reader's ECDSA P-256 key and logged as a hashedrekord entry
//! ([`crate::anchor::rekor::upload_list`]); the returned entry must verify under the log's key
//! (default: the production key shipped in www/trust/) before it is stored unchanged as
//! `<list>.rekor.json` (never over an existing file).
//!
//! Exit codes: 0 entry logged, verified and stored; 1 the log refused or its answer did not
//! verify (nothing written); 2 unusable input (unreadable list or key, an existing output).

use super::{print_integrated_time, read_log_key, PRODUCTION_URL};
use crate::anchor::rekor::{read_signing_key, upload_list};
use crate::anchor::Retry;
use crate::cmd::stamped::print_checks;
use crate::files::{read_bounded, with_suffix, MAX_STAMPED_FILE_BYTES};
use crate::outcome::{CmdResult, Exit};
use sealbook_core::rekor::EntryVerdict;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The stamped list to log.
    list: PathBuf,
    /// Your ECDSA P-256 private key, PEM (PKCS#8 `PRIVATE KEY` or SEC1 `EC PRIVATE KEY`).
    #[arg(long, value_name = "FILE")]
    key: PathBuf,
    /// The Rekor server.
    #[arg(long, default_value = PRODUCTION_URL)]
    url: String,
    /// The log's public key (default: the production key shipped in www/trust/).
    #[arg(long, value_name = "FILE")]
    pubkey: Option<PathBuf>,
    /// Seconds to wait for the log.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
    timeout: u64,
}

#[derive(Serialize)]
struct Output<'a> {
    ok: bool,
    list: String,
    sha256: String,
    written: Option<String>,
    error: Option<String>,
    verdict: Option<&'a EntryVerdict>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let out = with_suffix(&args.list, ".rekor.json");
    if out.exists() {
        return Err(crate::outcome::Unusable::file(
            &out,
            "already exists; refusing to overwrite",
        ));
    }
    let list = read_bounded(&args.list, MAX_STAMPED_FILE_BYTES, "stamped list")?;
    let signer = read_signing_key(&args.key)?;
    let log_key = read_log_key(args.pubkey.as_deref())?;
    let retry = Retry::once(Duration::from_secs(args.timeout));
    let logged = upload_list(&list, &out, &signer, &args.url, &log_key, &retry)?;
    let url = &logged.url;
    let written = logged.written.as_ref().map(|p| p.display().to_string());
    let ok = written.is_some();
    if json {
        let o = Output {
            ok,
            list: args.list.display().to_string(),
            sha256: sealbook_core::hex::encode(&logged.sha256),
            written,
            error: logged.error,
            verdict: logged.verdict.as_ref(),
        };
        println!("{}", serde_json::to_string(&o).expect("output serializes"));
    } else {
        if let Some(v) = &logged.verdict {
            println!("entry logIndex {} from {url}", v.log_index);
            print_checks(&v.checks);
            print_integrated_time(v);
        }
        match (&written, &logged.error) {
            (Some(w), _) => println!("stored {w}"),
            (None, e) => println!("FAILED, nothing written: {}", e.as_deref().unwrap_or("")),
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
