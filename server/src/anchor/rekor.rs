//! Sigstore Rekor transparency-log entries for stamped lists (spec §3.2, §3.11 requirement 3,
//! Appendix B step 10). The list is signed with an ECDSA P-256 key (SHA-256, RFC 6979), a
//! hashedrekord 0.0.1 entry naming its SHA-256 is POSTed to `<url>/api/v1/log/entries`, and
//! the returned entry must pass every check of `core::rekor::verify` under the log's key
//! before it is stored unchanged (never over an existing file). Signing stays here, out of
//! core; parsing and every check are `sealbook_core::rekor`.

use super::Retry;
use crate::files::{read_bounded, write_new};
use crate::http_client::{excerpt, Body, HttpClient};
use crate::outcome::Unusable;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::{DecodePrivateKey, EncodePublicKey, LineEnding};
use sealbook_core::checks::Report;
use sealbook_core::pki::signature::HashAlg;
use sealbook_core::rekor::{self, EntryVerdict, LogEntry, LogKey, MAX_ENTRY_BYTES};
use std::path::{Path, PathBuf};

/// The public-good Rekor's log key, shipped in www/trust/ (source in www/trust/README.md).
pub const PRODUCTION_LOG_KEY: &[u8] = include_bytes!("../../../www/trust/rekor-sigstore-prod.pub");
/// The public-good Rekor.
pub const PRODUCTION_URL: &str = "https://rekor.sigstore.dev";

/// The log's key from a file (PEM or DER SubjectPublicKeyInfo), or the production key.
pub fn read_log_key(path: Option<&Path>) -> Result<LogKey, Unusable> {
    match path {
        None => Ok(LogKey::parse(PRODUCTION_LOG_KEY).expect("the shipped production key parses")),
        Some(p) => {
            let bytes = read_bounded(p, 64 << 10, "log public key")?;
            LogKey::parse(&bytes).map_err(|e| Unusable::file(p, e).field("--pubkey"))
        }
    }
}

/// A P-256 signing key from PKCS#8 or SEC1 PEM.
pub fn read_signing_key(path: &Path) -> Result<SigningKey, Unusable> {
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

/// A fresh random P-256 key, for a list logged without a key of the operator's: the entry
/// then shows the list's digest and the log's time, not who logged it.
pub fn fresh_signing_key() -> Result<SigningKey, Unusable> {
    loop {
        let mut bytes = [0u8; 32];
        getrandom::getrandom(&mut bytes)
            .map_err(|e| Unusable::new(format!("no system randomness for a key: {e}")))?;
        // Out-of-range scalars (probability about 2^-32) are drawn again.
        if let Ok(k) = SigningKey::from_bytes(&bytes.into()) {
            return Ok(k);
        }
    }
}

/// What [`upload_list`] did.
#[derive(Debug)]
pub struct Logged {
    /// The list's SHA-256.
    pub sha256: [u8; 32],
    /// The entries URL posted to.
    pub url: String,
    /// The returned entry's verdict, when the log answered with an entry.
    pub verdict: Option<EntryVerdict>,
    /// The entry stored.
    pub written: Option<PathBuf>,
    /// Why nothing was stored.
    pub error: Option<String>,
    /// Requests made (1 + retries used).
    pub attempts: u32,
}

/// Logs the stamped list `list` (its bytes) in the Rekor at `base_url`, signed by `signer`, and stores the
/// returned entry as `out` once it verifies under `log_key`. An existing `out` or a failed
/// write is unusable input; a refusal, a failed request or an entry that does
/// not verify (each retried with `retry`) is reported in the result, nothing written.
pub fn upload_list(
    list: &[u8],
    out: &Path,
    signer: &SigningKey,
    base_url: &str,
    log_key: &LogKey,
    retry: &Retry,
) -> Result<Logged, Unusable> {
    if out.exists() {
        return Err(Unusable::file(out, "already exists; refusing to overwrite"));
    }
    let bytes = list;
    let sha256: [u8; 32] = HashAlg::Sha256.digest(bytes).try_into().expect("32 bytes");
    let signature: Signature = signer.sign(bytes);
    let public_pem = signer
        .verifying_key()
        .to_public_key_pem(LineEnding::LF)
        .expect("a P-256 key encodes");
    let proposal = rekor::hashedrekord_proposal(
        &sha256,
        signature.to_der().as_bytes(),
        public_pem.as_bytes(),
    );

    let client = HttpClient::new(retry.timeout);
    let url = format!("{}/api/v1/log/entries", base_url.trim_end_matches('/'));
    let (answer, attempts) = retry.run(|| {
        let (entry, bytes) = submit(&client, &url, &proposal).map_err(|e| (e, None))?;
        let verdict = rekor::verify(&entry, Some(&sha256), log_key);
        if verdict.ok {
            Ok((bytes, verdict))
        } else {
            let why = format!(
                "{url}: the returned entry does not verify: {}",
                verdict.failures().join("; ")
            );
            Err((why, Some(Box::new(verdict))))
        }
    });
    stored(sha256, url, attempts, answer, out, "write entry")
}

/// Logs the stamped list `list` in the Rekor v2 log (rekor-tiles) at `base_url`: a
/// hashedrekord 0.0.2 request (the list's SHA-256, `signer`'s signature over the list, its
/// public key) is POSTed to `<url>/api/v2/log/entries`; the answer, a TransparencyLogEntry, is
/// put in a Sigstore bundle v0.3 that must verify under `log_keys` (the Ed25519 checkpoint
/// and the inclusion proof against it, the body naming the list) before it is stored as
/// `out`. Errors and retries as [`upload_list`].
pub fn upload_list_v2(
    list: &[u8],
    out: &Path,
    signer: &SigningKey,
    base_url: &str,
    log_keys: &[LogKey],
    retry: &Retry,
) -> Result<Logged, Unusable> {
    if out.exists() {
        return Err(Unusable::file(out, "already exists; refusing to overwrite"));
    }
    let sha256: [u8; 32] = HashAlg::Sha256.digest(list).try_into().expect("32 bytes");
    let signature: Signature = signer.sign(list);
    let signature = signature.to_der().as_bytes().to_vec();
    let public_der = signer
        .verifying_key()
        .to_public_key_der()
        .expect("a P-256 key encodes");
    let request = rekor::bundle::hashedrekord_v2_request(
        &sha256,
        &signature,
        public_der.as_bytes(),
        rekor::bundle::KEY_DETAILS_P256_SHA256,
    );
    let client = HttpClient::new(retry.timeout);
    let url = format!("{}/api/v2/log/entries", base_url.trim_end_matches('/'));
    let (answer, attempts) = retry.run(|| {
        let answer = post(&client, &url, &request).map_err(|e| (e, None))?;
        let bundle = rekor::bundle::message_signature_bundle(
            &answer,
            &sha256,
            &signature,
            public_der.as_bytes(),
        )
        .map_err(|e| {
            (
                format!("{url}: answer is not a transparency log entry: {e}"),
                None,
            )
        })?;
        let read = rekor::Bundle::parse(&bundle)
            .map_err(|e| (format!("{url}: the bundle made of the answer: {e}"), None))?;
        let v = rekor::verify_bundle(&read, Some(&sha256), log_keys, &[]);
        let first = v.entries.into_iter().next();
        match first {
            Some(e) if v.ok => Ok((bundle, e)),
            Some(e) => {
                let why = format!(
                    "{url}: the returned entry does not verify: {}",
                    e.failures().join("; ")
                );
                Err((why, Some(Box::new(e))))
            }
            None => Err((format!("{url}: no log key to check the entry with"), None)),
        }
    });
    stored(sha256, url, attempts, answer, out, "write bundle")
}

/// A log's answer after its retries: the bytes to store and their verdict, or why not and the
/// verdict of what the log returned.
type LogAnswer = Result<(Vec<u8>, EntryVerdict), (String, Option<Box<EntryVerdict>>)>;

/// What a log's answer became: the verified `bytes` stored as `out` (`what` names the write
/// in its error), or why nothing was stored and the verdict of what the log returned.
fn stored(
    sha256: [u8; 32],
    url: String,
    attempts: u32,
    answer: LogAnswer,
    out: &Path,
    what: &str,
) -> Result<Logged, Unusable> {
    let mut logged = Logged {
        sha256,
        url,
        verdict: None,
        written: None,
        error: None,
        attempts,
    };
    match answer {
        Ok((bytes, verdict)) => {
            write_new(out, &bytes).map_err(|e| Unusable::io(out, what, &e))?;
            logged.verdict = Some(verdict);
            logged.written = Some(out.to_path_buf());
        }
        Err((e, verdict)) => {
            logged.error = Some(e);
            logged.verdict = verdict.map(|v| *v);
        }
    }
    Ok(logged)
}

/// POSTs a JSON request; returns the answer's bytes when the log accepted it (HTTP 200/201).
fn post(client: &HttpClient, url: &str, request: &[u8]) -> Result<Vec<u8>, String> {
    let body = Body {
        content_type: Some("application/json"),
        bytes: request,
    };
    let (status, bytes) = client.exchange(url, "application/json", Some(body), MAX_ENTRY_BYTES)?;
    if status != 201 && status != 200 {
        return Err(format!("{url}: HTTP {status}: {}", excerpt(&bytes)));
    }
    if bytes.len() > MAX_ENTRY_BYTES {
        return Err(format!("{url}: answer longer than {MAX_ENTRY_BYTES} bytes"));
    }
    Ok(bytes)
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
