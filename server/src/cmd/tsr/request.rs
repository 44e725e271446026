//! `sealbook tsr request <file> [--url URL]... [--tsa freetsa|digicert|sectigo]...
//! [--out F] [--timeout S]`: asks RFC 3161 authorities for signed time on a file (spec §3.2
//! Level 2+; RFC 3161 §3.4 HTTP transport). For each authority: a TimeStampReq with the
//! file's SHA-256, a fresh random 8-byte nonce and certReq is POSTed as
//! `application/timestamp-query`; the reply must be a granted TimeStampResp whose token
//! carries our imprint and nonce and whose signature verifies under its signer's key (the
//! chain is left to `tsr verify`, with the reader's trust anchors; a reply without
//! certificates is checked with the ones given by `--untrusted`). The reply is stored
//! unchanged as `<file>.<tsa>.tsr` (or `--out`), never over an existing file; a rejected
//! reply writes nothing.
//!
//! Exit codes: 0 every authority gave a good token; 1 at least one did not (the good ones
//! are written); 2 unusable input (unreadable file, an existing output, bad arguments).

use crate::files::{read_bounded, with_suffix, write_new, MAX_STAMPED_FILE_BYTES};
use crate::http_client::{excerpt, Body, HttpClient};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::checks::{Check, Report, Status};
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::pki::x509::Certificate;
use sealbook_core::tsp::request::{self, TimeStampReq};
use sealbook_core::tsp::response::{self, check, Imprinted, Parsed, VerifyOptions};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// Largest reply read; real replies with their chain are a few KB.
const MAX_REPLY_BYTES: usize = 1 << 20;

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
struct AuthorityResult {
    tsa: String,
    url: String,
    ok: bool,
    /// The reply stored.
    written: Option<String>,
    gen_time: Option<String>,
    serial: Option<String>,
    error: Option<String>,
    checks: Vec<Check>,
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
        if out.exists() || targets.iter().any(|(_, _, o)| *o == out) {
            return Err(Unusable::file(
                &out,
                "already exists (or is named twice); refusing to overwrite",
            ));
        }
        targets.push((name, url.clone(), out));
    }

    let client = HttpClient::new(Duration::from_secs(args.timeout));
    let results: Vec<AuthorityResult> = std::thread::scope(|s| {
        let jobs: Vec<_> = targets
            .iter()
            .map(|(name, url, out)| s.spawn(|| ask(&client, name, url, out, &bytes, &untrusted)))
            .collect();
        jobs.into_iter()
            .map(|j| j.join().expect("request thread"))
            .collect()
    });
    let ok = results.iter().all(|r| r.ok);
    let sha256 = sealbook_core::hex::encode(&HashAlg::Sha256.digest(&bytes));
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

/// One authority: request, check, store.
fn ask(
    client: &HttpClient,
    name: &str,
    url: &str,
    out: &std::path::Path,
    data: &[u8],
    untrusted: &[Certificate],
) -> AuthorityResult {
    let mut r = AuthorityResult {
        tsa: name.to_string(),
        url: url.to_string(),
        ok: false,
        written: None,
        gen_time: None,
        serial: None,
        error: None,
        checks: Vec::new(),
    };
    match exchange(client, url, data, untrusted) {
        Err(e) => r.error = Some(e),
        Ok(Reply {
            bytes,
            verdict,
            carries_certificates,
        }) => {
            if let Some(t) = &verdict.tst_info {
                r.gen_time = Some(t.gen_time.to_iso());
                r.serial = Some(sealbook_core::hex::encode(&t.serial));
            }
            let required: &[&str] = match verdict.check(check::STATUS) {
                Some(c) if c.status == Status::Fail => &[check::STATUS],
                _ => &[check::IMPRINT, check::NONCE, check::SIGNATURE],
            };
            let failed: Vec<String> = required
                .iter()
                .filter(|id| verdict.check(id).map(|c| c.status) != Some(Status::Pass))
                .map(|id| {
                    verdict.check(id).map_or(format!("{id}: not checked"), |c| {
                        format!("{id}: {}", c.detail)
                    })
                })
                .collect();
            r.checks = verdict.checks;
            if !failed.is_empty() {
                let mut why = format!(
                    "{url}: reply rejected, nothing written: {}",
                    failed.join("; ")
                );
                if !carries_certificates && untrusted.is_empty() {
                    why.push_str(" (the reply carries no certificate: give the authority's with --untrusted)");
                }
                r.error = Some(why);
            } else if let Err(e) = write_new(out, &bytes) {
                r.error = Some(format!("{}: cannot write: {e}", out.display()));
            } else {
                r.ok = true;
                r.written = Some(out.display().to_string());
            }
        }
    }
    r
}

/// A TimeStampResp as received, and its verdict.
struct Reply {
    bytes: Vec<u8>,
    verdict: response::Verdict,
    carries_certificates: bool,
}

/// POSTs a fresh request; returns the reply and its verdict (no trust anchors: the chain
/// checks fail by design and are not looked at here).
fn exchange(
    client: &HttpClient,
    url: &str,
    data: &[u8],
    untrusted: &[Certificate],
) -> Result<Reply, String> {
    let mut nonce = [0u8; 8];
    getrandom::getrandom(&mut nonce).map_err(|e| format!("no random nonce: {e}"))?;
    let req = TimeStampReq::for_data(HashAlg::Sha256, data, Some(&nonce), true);
    let der = req.to_der()?;
    let body = Body {
        content_type: Some(request::QUERY_MEDIA_TYPE),
        bytes: &der,
    };
    let (status, bytes) =
        client.exchange(url, request::REPLY_MEDIA_TYPE, Some(body), MAX_REPLY_BYTES)?;
    if status != 200 {
        return Err(format!("{url}: HTTP {status}: {}", excerpt(&bytes)));
    }
    if bytes.len() > MAX_REPLY_BYTES {
        return Err(format!("{url}: reply longer than {MAX_REPLY_BYTES} bytes"));
    }
    let parsed = response::parse(&bytes).map_err(|e| {
        format!(
            "{url}: reply is not a TimeStampResp: byte offset {}: {}",
            e.offset, e.message
        )
    })?;
    if let Parsed::Token(_) = parsed {
        return Err(format!("{url}: reply is a bare token, not a TimeStampResp"));
    }
    let carries_certificates = parsed.token().is_some_and(|t| !t.certificates.is_empty());
    let opts = VerifyOptions {
        expected_nonce: req.nonce.clone(),
        untrusted: untrusted.to_vec(),
        ..Default::default()
    };
    let verdict = response::verify(&parsed, Imprinted::Data(data), &opts);
    Ok(Reply {
        bytes,
        verdict,
        carries_certificates,
    })
}
