//! `sealbook tsr request <file> [--url URL]... [--tsa freetsa|digicert|sectigo]...
//! [--out F] [--timeout S]`: asks RFC 3161 authorities for signed time on a file (spec §3.2
//! Level 2+), as [`crate::anchor::tsa`] does: a fresh nonce per request, the reply checked
//! for our imprint, nonce and signature (a reply without certificates with the ones given by
//! `--untrusted`), and stored unchanged as `<file>.<tsa>.tsr` (or `--out`), never over an
//! existing file; a rejected reply writes nothing.
//!
//! Exit codes: 0 every authority gave a good token; 1 at least one did not (the good ones
//! are written); 2 unusable input (unreadable file, an existing output, bad arguments).

use crate::anchor::tsa::{request_all, AuthorityResult, Target};
use crate::anchor::Retry;
use crate::files::{read_bounded, with_suffix, MAX_STAMPED_FILE_BYTES};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::hex::sha256_hex;
use sealbook_core::tsp::request;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Authority {
    Freetsa,
    Digicert,
    Sectigo,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file to timestamp (e.g. a stamped list).
    file: PathBuf,
    /// An authority's URL (repeatable).
    #[arg(long = "url", value_name = "URL")]
    urls: Vec<String>,
    /// A default authority by name (repeatable). With neither --url nor --tsa: all three.
    #[arg(long = "tsa", value_enum)]
    tsas: Vec<Authority>,
    /// Where to store the reply (only with a single authority; default <file>.<tsa>.tsr).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The authority's certificate (and intermediates), to check the signature of a reply
    /// that carries none (repeatable).
    #[arg(long, value_name = "FILE")]
    untrusted: Vec<PathBuf>,
    /// Seconds to wait for each authority.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    timeout: u64,
}

#[derive(Serialize)]
struct Output {
    ok: bool,
    file: String,
    sha256: String,
    authorities: Vec<AuthorityResult>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let mut urls: Vec<String> = args.urls.clone();
    for t in &args.tsas {
        let name = clap::ValueEnum::to_possible_value(t).expect("no skipped variants");
        let (_, url) = request::AUTHORITIES
            .iter()
            .find(|(n, _)| *n == name.get_name())
            .expect("every --tsa name is a default authority");
        urls.push(url.to_string());
    }
    if urls.is_empty() {
        urls = request::AUTHORITIES
            .iter()
            .map(|(_, u)| u.to_string())
            .collect();
    }
    if args.out.is_some() && urls.len() != 1 {
        return Err(Unusable::new(format!(
            "--out names one file but {} authorities are asked",
            urls.len()
        ))
        .field("--out"));
    }
    let bytes = read_bounded(&args.file, MAX_STAMPED_FILE_BYTES, "file to timestamp")?;
    let mut untrusted = Vec::new();
    for p in &args.untrusted {
        untrusted.extend(super::read_certificates(p, "--untrusted")?);
    }
    // Every output is checked before anything is asked, so a run never half-overwrites.
    let mut targets = Vec::new();
    for url in &urls {
        let name = request::authority_name(url);
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| with_suffix(&args.file, &format!(".{name}.tsr")));
        if out.exists() || targets.iter().any(|t: &Target| t.out == out) {
            return Err(Unusable::file(
                &out,
                "already exists (or is named twice); refusing to overwrite",
            ));
        }
        targets.push(Target {
            name: name.to_string(),
            url: url.clone(),
            out,
        });
    }

    let retry = Retry::once(Duration::from_secs(args.timeout));
    let results: Vec<AuthorityResult> = request_all(&bytes, &targets, &untrusted, &retry);
    let ok = results.iter().all(|r| r.ok);
    let sha256 = sha256_hex(&bytes);
    if json {
        let out = Output {
            ok,
            file: args.file.display().to_string(),
            sha256,
            authorities: results,
        };
        println!(
            "{}",
            serde_json::to_string(&out).expect("output serializes")
        );
    } else {
        println!("{}  sha256 {sha256}", args.file.display());
        for r in &results {
            match (&r.written, &r.error) {
                (Some(w), _) => println!(
                    "  {}: {} genTime {} serial {}",
                    r.tsa,
                    w,
                    r.gen_time.as_deref().unwrap_or("?"),
                    r.serial.as_deref().unwrap_or("?")
                ),
                (None, e) => println!(
                    "  {}: FAILED ({}): {}",
                    r.tsa,
                    r.url,
                    e.as_deref().unwrap_or("")
                ),
            }
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}
