//! RFC 3161 signed time (spec §3.2 Level 2+; RFC 3161 §3.4 HTTP transport). For each
//! authority: a TimeStampReq with the data's SHA-256, a fresh random 8-byte nonce and certReq
//! is POSTed as `application/timestamp-query`; the reply must be a granted TimeStampResp whose
//! token carries our imprint and nonce and whose signature verifies under its signer's key
//! (the chain is left to `tsr verify`, with the reader's trust anchors; a reply without
//! certificates is checked with the `untrusted` ones given). The reply is stored unchanged,
//! never over an existing file; a rejected reply writes nothing. Decoding and every check are
//! `sealbook_core::tsp`.

use super::Retry;
use crate::files::write_new;
use crate::http_client::{excerpt, Body, HttpClient};
use sealbook_core::checks::{Check, Report, Status};
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::pki::x509::Certificate;
use sealbook_core::tsp::request::{self, TimeStampReq};
use sealbook_core::tsp::response::{self, check, Imprinted, Parsed, VerifyOptions};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Largest reply read; real replies with their chain are a few KB.
const MAX_REPLY_BYTES: usize = 1 << 20;

/// An authority to ask and where its reply goes.
#[derive(Clone, Debug)]
pub struct Target {
    /// The name in `<file>.<name>.tsr`.
    pub name: String,
    pub url: String,
    pub out: PathBuf,
}

/// One authority's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct AuthorityResult {
    pub tsa: String,
    pub url: String,
    pub ok: bool,
    /// The reply stored.
    pub written: Option<String>,
    pub gen_time: Option<String>,
    pub serial: Option<String>,
    pub error: Option<String>,
    pub checks: Vec<Check>,
    /// Requests made (1 + retries used).
    #[serde(skip)]
    pub attempts: u32,
    /// The certificates the stored token carries (DER), signer first as the token lists them.
    #[serde(skip)]
    pub certificates: Vec<Vec<u8>>,
}

/// Asks every target in parallel, each with `retry`, for a token on `data`; returns each
/// outcome in the order given.
pub fn request_all(
    data: &[u8],
    targets: &[Target],
    untrusted: &[Certificate],
    retry: &Retry,
) -> Vec<AuthorityResult> {
    let client = HttpClient::new(retry.timeout);
    std::thread::scope(|s| {
        let jobs: Vec<_> = targets
            .iter()
            .map(|t| s.spawn(|| ask(&client, t, data, untrusted, retry)))
            .collect();
        jobs.into_iter()
            .map(|j| j.join().expect("request thread"))
            .collect()
    })
}

/// One authority: request (retried until a good token or the retries are spent), check, store.
fn ask(
    client: &HttpClient,
    target: &Target,
    data: &[u8],
    untrusted: &[Certificate],
    retry: &Retry,
) -> AuthorityResult {
    let url = target.url.as_str();
    let mut r = AuthorityResult {
        tsa: target.name.clone(),
        url: url.to_string(),
        ok: false,
        written: None,
        gen_time: None,
        serial: None,
        error: None,
        checks: Vec::new(),
        attempts: 0,
        certificates: Vec::new(),
    };
    let (reply, attempts) = retry.run(|| {
        let reply = exchange(client, url, data, untrusted).map_err(|e| (e, None))?;
        match rejection(&reply, untrusted) {
            None => Ok(reply),
            Some(why) => Err((
                format!("{url}: reply rejected, nothing written: {why}"),
                Some(Box::new(reply)),
            )),
        }
    });
    r.attempts = attempts;
    let (reply, error) = match reply {
        Ok(reply) => (Some(reply), None),
        Err((e, reply)) => (reply.map(|r| *r), Some(e)),
    };
    if let Some(reply) = reply {
        if let Some(t) = &reply.verdict.tst_info {
            r.gen_time = Some(t.gen_time.to_iso());
            r.serial = Some(sealbook_core::hex::encode(&t.serial));
        }
        r.checks = reply.verdict.checks;
        if error.is_none() {
            if let Err(e) = write_new(&target.out, &reply.bytes) {
                r.error = Some(format!("{}: cannot write: {e}", target.out.display()));
            } else {
                r.ok = true;
                r.written = Some(target.out.display().to_string());
                r.certificates = reply.certificates;
            }
        }
    }
    if error.is_some() {
        r.error = error;
    }
    r
}

/// Why a reply is not a good token for us, or `None`.
fn rejection(reply: &Reply, untrusted: &[Certificate]) -> Option<String> {
    let verdict = &reply.verdict;
    let required: &[&str] = match verdict.check(check::STATUS) {
        Some(c) if c.status == Status::Fail => &[check::STATUS],
        _ => &[check::IMPRINT, check::NONCE, check::SIGNATURE],
    };
    let failed: Vec<String> = required
        .iter()
        .filter(|id| verdict.check(id).map(|c| c.status) != Some(Status::Pass))
        .map(|id| {
            verdict
                .check(id)
                .map_or(format!("{id}: not checked"), |c| format!("{id}: {}", c.msg))
        })
        .collect();
    if failed.is_empty() {
        return None;
    }
    let mut why = failed.join("; ");
    if reply.certificates.is_empty() && untrusted.is_empty() {
        why.push_str(" (the reply carries no certificate: give the authority's with --untrusted)");
    }
    Some(why)
}

/// A TimeStampResp as received, and its verdict.
struct Reply {
    bytes: Vec<u8>,
    verdict: response::TokenVerdict,
    /// The certificates the token carries (DER).
    certificates: Vec<Vec<u8>>,
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
    let certificates = parsed
        .token()
        .map(|t| t.certificates.iter().map(|c| c.raw.clone()).collect())
        .unwrap_or_default();
    let opts = VerifyOptions {
        expected_nonce: req.nonce.clone(),
        untrusted: untrusted.to_vec(),
        ..Default::default()
    };
    let verdict = response::verify(&parsed, Imprinted::Data(data), &opts);
    Ok(Reply {
        bytes,
        verdict,
        certificates,
    })
}

/// Writes `certificates` (DER) as one PEM file in `dir` named `<name>-<first 16 hex digits of
/// its SHA-256>.pem` unless a file of that name exists (it then holds the same bytes); returns
/// its path. The name changes with the chain, so a renewed certificate never replaces the one
/// older tokens were signed under.
pub fn save_chain(dir: &Path, name: &str, certificates: &[Vec<u8>]) -> std::io::Result<PathBuf> {
    let pem: String = certificates
        .iter()
        .map(|c| sealbook_core::pki::x509::pem_block(c, "CERTIFICATE"))
        .collect();
    let path = dir.join(format!(
        "{name}-{}.pem",
        &sealbook_core::hex::sha256_hex(pem.as_bytes())[..16]
    ));
    if !path.exists() {
        std::fs::create_dir_all(dir)?;
        write_new(&path, pem.as_bytes())?;
    }
    Ok(path)
}
