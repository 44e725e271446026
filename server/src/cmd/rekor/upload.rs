//! `sealbook rekor upload <list.txt> --key <p256-private-key.pem> [--url URL] [--pubkey
//! <log.pub>] [--timeout S]`: logs a stamped list in Rekor (spec §3.2, §3.11 requirement 3).
//! The list is signed with the reader's ECDSA P-256 key (SHA-256, RFC 6979), a hashedrekord
//! 0.0.1 entry naming its SHA-256 is POSTed to `<url>/api/v1/log/entries`, and the returned
//! entry must pass every check of `core::rekor::verify` under the log's key (default: the
//! production key shipped in www/trust/) before it is stored unchanged as
//! `<list>.rekor.json` (never over an existing file).
//!
//! Exit codes: 0 entry logged, verified and stored; 1 the log refused or its answer did not
//! verify (nothing written); 2 unusable input (unreadable list or key, an existing output).

use super::{print_integrated_time, read_log_key, PRODUCTION_URL};
use crate::cmd::stamped::print_checks;
use crate::files::{read_bounded, with_suffix, write_new, MAX_STAMPED_FILE_BYTES};
use crate::http_client::{excerpt, Body, HttpClient};
use crate::outcome::{CmdResult, Exit, Unusable};
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::{DecodePrivateKey, EncodePublicKey, LineEnding};
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::rekor::{self, LogEntry, Verdict, MAX_ENTRY_BYTES};
use serde::Serialize;
use std::path::{Path, PathBuf};
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
    verdict: Option<&'a Verdict>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let out = with_suffix(&args.list, ".rekor.json");
    if out.exists() {
        return Err(Unusable::file(
            &out,
            "already exists; refusing to overwrite",
        ));
    }
    let list = read_bounded(&args.list, MAX_STAMPED_FILE_BYTES, "stamped list")?;
    let signer = read_signing_key(&args.key)?;
    let log_key = read_log_key(args.pubkey.as_deref())?;
    let sha256: [u8; 32] = HashAlg::Sha256.digest(&list).try_into().expect("32 bytes");
    let signature: Signature = signer.sign(&list);
    let public_pem = signer
        .verifying_key()
        .to_public_key_pem(LineEnding::LF)
        .expect("a P-256 key encodes");
    let proposal = rekor::hashedrekord_proposal(
        &sha256,
        signature.to_der().as_bytes(),
        public_pem.as_bytes(),
    );

    let client = HttpClient::new(Duration::from_secs(args.timeout));
    let url = format!("{}/api/v1/log/entries", args.url.trim_end_matches('/'));
    let answer = submit(&client, &url, &proposal);
    let verdict = answer
        .as_ref()
        .ok()
        .map(|(entry, _)| rekor::verify(entry, Some(&sha256), &log_key));
    let error = match (&answer, &verdict) {
        (Err(e), _) => Some(e.clone()),
        (Ok(_), Some(v)) if !v.ok => Some(format!(
            "{url}: the returned entry does not verify: {}",
            failures(v)
        )),
        _ => None,
    };
    let mut written = None;
    if let (Ok((_, bytes)), None) = (&answer, &error) {
        write_new(&out, bytes).map_err(|e| Unusable::io(&out, "write entry", &e))?;
        written = Some(out.display().to_string());
    }
    let ok = written.is_some();
    if json {
        let o = Output {
            ok,
            list: args.list.display().to_string(),
            sha256: sealbook_core::hex::encode(&sha256),
            written,
            error,
            verdict: verdict.as_ref(),
        };
        println!("{}", serde_json::to_string(&o).expect("output serializes"));
    } else {
        if let Some(v) = &verdict {
            println!("entry logIndex {} from {url}", v.log_index);
            print_checks(&v.checks);
            print_integrated_time(v);
        }
        match (&written, &error) {
            (Some(w), _) => println!("stored {w}"),
            (None, e) => println!("FAILED, nothing written: {}", e.as_deref().unwrap_or("")),
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}

fn failures(v: &Verdict) -> String {
    use sealbook_core::checks::Report;
    v.failures().join("; ")
}

/// POSTs the proposed entry; returns the logged entry and the answer's bytes.
fn submit(client: &HttpClient, url: &str, proposal: &[u8]) -> Result<(LogEntry, Vec<u8>), String> {
    let body = Body {
        content_type: Some("application/json"),
        bytes: proposal,
    };
    let (status, bytes) = client.exchange(url, "application/json", Some(body), MAX_ENTRY_BYTES)?;
    if status != 201 && status != 200 {
        return Err(format!("{url}: HTTP {status}: {}", excerpt(&bytes)));
    }
    if bytes.len() > MAX_ENTRY_BYTES {
        return Err(format!("{url}: answer longer than {MAX_ENTRY_BYTES} bytes"));
    }
    let entry =
        LogEntry::parse(&bytes).map_err(|e| format!("{url}: answer is not a log entry: {e}"))?;
    Ok((entry, bytes))
}

/// A P-256 signing key from PKCS#8 or SEC1 PEM.
fn read_signing_key(path: &Path) -> Result<SigningKey, Unusable> {
    let bytes = read_bounded(path, 64 << 10, "private key")?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| Unusable::file(path, "not PEM text").field("--key"))?;
    if text.contains("-----BEGIN EC PRIVATE KEY-----") {
        return p256::SecretKey::from_sec1_pem(text)
            .map(SigningKey::from)
            .map_err(|e| {
                Unusable::file(path, format!("not a P-256 SEC1 key: {e}")).field("--key")
            });
    }
    SigningKey::from_pkcs8_pem(text).map_err(|e| {
        Unusable::file(
            path,
            format!(
                "not an ECDSA P-256 private key in PKCS#8 PEM ({e}); only P-256 keys are supported"
            ),
        )
        .field("--key")
    })
}
