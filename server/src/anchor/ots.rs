//! OpenTimestamps (spec §3.2; Appendix B step 6): stamping files at calendars and upgrading
//! pending proofs, with the semantics of opentimestamps-client's `ots stamp` and
//! `ots upgrade`. Each file's sha256 gets a random 16-byte nonce, the results are joined in
//! one merkle tree (`core::ots::upgrade::start_stamps`), its tip is POSTed to every calendar
//! in parallel and the pending answers are merged into each proof; an upgrade asks each
//! pending commitment's calendar (`GET /timestamp/<hex>`) and merges what it answers. The
//! protocol and every merge are `sealbook_core::ots`; this module moves the bytes and files.

use super::Retry;
use crate::calendar_server_client::{CalendarServerClient, Lookup};
use crate::files::{read_bounded, with_suffix, write_new, MAX_STAMPED_FILE_BYTES};
use crate::outcome::Unusable;
use sealbook_core::hex;
use sealbook_core::ots::calendar_server::url_whitelisted;
use sealbook_core::ots::{detached, evaluate, upgrade, DetachedTimestampFile, Op, Timestamp};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Largest `.ots` file read. Real proofs are well under 10 KB; the parser itself is linear
/// in its input, this only bounds the read.
pub const MAX_PROOF_BYTES: u64 = 64 << 20;

/// Reads and parses a detached `.ots` file; returns its bytes too. A malformed proof is
/// unusable input naming the reference's error class and the byte offset.
pub fn read_proof(path: &Path) -> Result<(DetachedTimestampFile, Vec<u8>), Unusable> {
    let bytes = read_bounded(path, MAX_PROOF_BYTES, "proof")?;
    let file = DetachedTimestampFile::deserialize(&bytes).map_err(|e| {
        Unusable::file(path, format!("not a valid OpenTimestamps proof: {e}")).field("proof")
    })?;
    Ok((file, bytes))
}

/// One calendar's answer to a submission.
#[derive(Clone, Debug, Serialize)]
pub struct CalendarResult {
    pub calendar: String,
    pub ok: bool,
    pub error: Option<String>,
    /// Requests made (1 + retries used).
    #[serde(skip)]
    pub attempts: u32,
}

/// What [`stamp_files`] did.
#[derive(Debug)]
pub struct Stamped {
    /// The merkle tip submitted.
    pub tip: Vec<u8>,
    pub calendars: Vec<CalendarResult>,
    /// The proofs written, in the order of the files.
    pub written: Vec<PathBuf>,
    /// Why nothing was written (too few calendars answered).
    pub error: Option<String>,
}

/// A fresh random nonce for one file.
pub fn random_nonce() -> Result<[u8; 16], Unusable> {
    let mut n = [0u8; 16];
    getrandom::getrandom(&mut n)
        .map_err(|e| Unusable::new(format!("no system randomness for the nonce: {e}")))?;
    Ok(n)
}

/// Submits `tip` to every calendar in parallel, each with `retry`; returns each calendar's
/// answer in the order given.
fn submit_all(
    calendars: &[String],
    tip: &[u8],
    retry: &Retry,
) -> Vec<(Result<Timestamp, String>, u32)> {
    let client = CalendarServerClient::new(retry.timeout);
    std::thread::scope(|s| {
        let jobs: Vec<_> = calendars
            .iter()
            .map(|url| s.spawn(|| retry.run(|| client.submit(url, tip))))
            .collect();
        jobs.into_iter()
            .map(|j| {
                j.join()
                    .unwrap_or_else(|_| (Err("calendar request panicked".into()), 1))
            })
            .collect()
    })
}

/// Stamps `files` at `calendars` and writes each `<file>.ots` (never over an existing file)
/// when at least `need` calendars answered. `nonce` fixes every file's nonce (tests only);
/// otherwise each file gets a random one. An unreadable file, an existing `.ots` or a failed
/// write is unusable input; calendars that fail are reported in the result.
pub fn stamp_files(
    files: &[PathBuf],
    calendars: &[String],
    need: u64,
    retry: &Retry,
    nonce: Option<[u8; 16]>,
) -> Result<Stamped, Unusable> {
    let mut entries = Vec::new();
    let mut outputs = Vec::new();
    for path in files {
        let out = with_suffix(path, ".ots");
        if out.exists() {
            return Err(Unusable::file(
                &out,
                "already exists; not overwriting a proof",
            ));
        }
        let bytes = read_bounded(path, MAX_STAMPED_FILE_BYTES, "file to stamp")?;
        let digest = detached::hash_file(&Op::Sha256, &bytes).expect("sha256 is a hash");
        let nonce = match nonce {
            Some(n) => n,
            None => random_nonce()?,
        };
        entries.push((Op::Sha256, digest, nonce));
        outputs.push(out);
    }
    let (mut proofs, tip) =
        upgrade::start_stamps(&entries).expect("sha256 digests and at least one file");

    let mut results = Vec::new();
    let mut merged = 0u64;
    for (url, (answer, attempts)) in calendars.iter().zip(submit_all(calendars, &tip, retry)) {
        let error = match answer {
            Ok(ts) => proofs
                .iter_mut()
                .try_for_each(|f| upgrade::merge_answer(&mut f.timestamp, &ts).map(drop))
                .map_err(|e| format!("{url}: answer cannot be merged: {e}"))
                .err(),
            Err(e) => Some(e),
        };
        merged += u64::from(error.is_none());
        results.push(CalendarResult {
            calendar: url.clone(),
            ok: error.is_none(),
            error,
            attempts,
        });
    }

    let mut written = Vec::new();
    let error = if merged < need {
        Some(format!(
            "EmptyTimestampError: {merged} of {} calendars answered, {need} needed; no proof written",
            calendars.len()
        ))
    } else {
        for (file, out) in proofs.iter().zip(&outputs) {
            let bytes = file
                .serialize()
                .map_err(|_| Unusable::file(out, "EmptyTimestampError: nothing to write"))?;
            write_new(out, &bytes).map_err(|e| Unusable::io(out, "write proof", &e))?;
            written.push(out.clone());
        }
        None
    };
    Ok(Stamped {
        tip,
        calendars: results,
        written,
        error,
    })
}

/// Stamps `data` (the file `proof` is for) again at `calendars` with a fresh nonce and merges
/// every answer into the existing proof, which is then replaced (atomically, see
/// [`Save::Replace`]). For calendars that failed when the proof was first made.
pub fn add_calendars(
    proof: &Path,
    data: &[u8],
    calendars: &[String],
    retry: &Retry,
) -> Result<Vec<CalendarResult>, Unusable> {
    let (mut file, _) = read_proof(proof)?;
    if !file.matches_target(data) {
        return Err(Unusable::file(proof, "is not a proof of its list").field("proof"));
    }
    let digest = file.file_digest().to_vec();
    let (mut fresh, tip) =
        upgrade::start_stamps(&[(Op::Sha256, digest, random_nonce()?)]).expect("a sha256 digest");
    let mut results = Vec::new();
    for (url, (answer, attempts)) in calendars.iter().zip(submit_all(calendars, &tip, retry)) {
        let error = match answer {
            Ok(ts) => upgrade::merge_answer(&mut fresh[0].timestamp, &ts)
                .map(drop)
                .map_err(|e| format!("{url}: answer cannot be merged: {e}"))
                .err(),
            Err(e) => Some(e),
        };
        results.push(CalendarResult {
            calendar: url.clone(),
            ok: error.is_none(),
            error,
            attempts,
        });
    }
    if results.iter().any(|r| r.ok) {
        file.timestamp.merge(&fresh[0].timestamp).map_err(|_| {
            Unusable::file(proof, "the new stamp does not start at the proof's digest")
        })?;
        replace(proof, &file)?;
    }
    Ok(results)
}

/// How an upgraded proof is saved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Save {
    /// As `ots upgrade` does: the original is first copied to `<file.ots>.bak` (refused if
    /// that exists), then the upgrade replaces the file.
    KeepBackup,
    /// The upgrade replaces the file (written beside it, synced, renamed over it): an upgrade
    /// only adds to a proof, so nothing of the original is lost.
    Replace,
    /// Nothing is written.
    DryRun,
}

/// Which calendars an upgrade asks.
#[derive(Clone, Debug)]
pub struct UpgradeOptions {
    /// Ask these for every pending commitment instead of the calendar the proof names.
    pub calendars: Vec<String>,
    /// Otherwise ask the named calendar only if it matches one of these patterns.
    pub whitelist: Vec<String>,
    pub save: Save,
}

/// One request to a calendar.
#[derive(Clone, Debug, Serialize)]
pub struct Asked {
    /// The calendar the pending attestation names.
    pub calendar: String,
    /// The URL asked (differs with an override).
    pub url: Option<String>,
    pub commitment: String,
    /// found | pending | error | skipped
    pub result: &'static str,
    pub message: String,
}

/// What an upgrade of one proof found and did.
#[derive(Clone, Debug, Serialize)]
pub struct ProofResult {
    pub proof: String,
    pub asked: Vec<Asked>,
    pub new_attestations: Vec<String>,
    pub saved: bool,
    pub backup: Option<String>,
    pub complete: bool,
}

/// Asks the calendars of every pending commitment of the proof at `path` for a complete
/// answer, merges what they give and saves the proof as `opts.save` says. A calendar that
/// fails or has nothing yet is reported, never an error; an unreadable or malformed proof,
/// a `.bak` in the way or a failed write is unusable input.
pub fn upgrade_proof(
    path: &Path,
    opts: &UpgradeOptions,
    retry: &Retry,
) -> Result<ProofResult, Unusable> {
    let client = CalendarServerClient::new(retry.timeout);
    let (mut file, original) = read_proof(path)?;
    let unlistable = |e: evaluate::EvalError| Unusable::file(path, e.to_string()).field("proof");
    let mut r = ProofResult {
        proof: path.display().to_string(),
        asked: Vec::new(),
        new_attestations: Vec::new(),
        saved: false,
        backup: None,
        complete: upgrade::is_complete(&file.timestamp),
    };
    if r.complete {
        return Ok(r);
    }
    let mut seen = std::collections::BTreeSet::new();
    for (uri, commitment) in evaluate::pending_commitments(&file.timestamp).map_err(unlistable)? {
        let urls = if !opts.calendars.is_empty() {
            opts.calendars.clone()
        } else if url_whitelisted(&uri, &opts.whitelist) {
            vec![uri.clone()]
        } else {
            r.asked.push(Asked {
                calendar: uri.clone(),
                url: None,
                commitment: hex::encode(&commitment),
                result: "skipped",
                message: "calendar not in whitelist (add it with --whitelist)".into(),
            });
            continue;
        };
        for url in urls {
            if !seen.insert((url.clone(), commitment.clone())) {
                continue;
            }
            let (answer, _) = retry.run(|| client.lookup(&url, &commitment));
            let (result, message) = match answer {
                Ok(Lookup::Found(answer)) => {
                    match upgrade::merge_answer(&mut file.timestamp, &answer) {
                        Ok(m) => {
                            r.new_attestations
                                .extend(m.new_attestations.iter().map(|a| a.to_string()));
                            (
                                "found",
                                format!("{} new attestation(s)", m.new_attestations.len()),
                            )
                        }
                        Err(e) => ("error", format!("answer cannot be merged: {e}")),
                    }
                }
                Ok(Lookup::NotFound(reason)) => ("pending", reason),
                Err(e) => ("error", e),
            };
            r.asked.push(Asked {
                calendar: uri.clone(),
                url: Some(url),
                commitment: hex::encode(&commitment),
                result,
                message,
            });
        }
    }
    r.complete = upgrade::is_complete(&file.timestamp);
    if !r.new_attestations.is_empty() {
        match opts.save {
            Save::DryRun => {}
            Save::KeepBackup => {
                let backup = backup_original(path, &original)?;
                replace(path, &file)?;
                r.saved = true;
                r.backup = Some(backup.display().to_string());
            }
            Save::Replace => {
                replace(path, &file)?;
                r.saved = true;
            }
        }
    }
    Ok(r)
}

/// Copies `original` to `<path>.bak`, never over an existing file.
fn backup_original(path: &Path, original: &[u8]) -> Result<PathBuf, Unusable> {
    let backup = with_suffix(path, ".bak");
    write_new(&backup, original).map_err(|e| {
        Unusable::io(
            &backup,
            "back up the original proof (as ots upgrade does)",
            &e,
        )
    })?;
    Ok(backup)
}

/// Writes `file` to a temporary file beside `path`, syncs it and renames it over `path`. At
/// every step the proof's earlier bytes exist on disk under `path` (or its backup).
fn replace(path: &Path, file: &DetachedTimestampFile) -> Result<(), Unusable> {
    let bytes = file
        .serialize()
        .map_err(|_| Unusable::file(path, "EmptyTimestampError: nothing to write"))?;
    let tmp = with_suffix(path, &format!(".upgrade-{}.tmp", std::process::id()));
    let written = write_new(&tmp, &bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(Unusable::io(
            path,
            "write the upgraded proof (the original is unchanged)",
            &e,
        ));
    }
    // Make the rename durable too.
    if let Some(dir) = path.parent().map(|d| {
        if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        }
    }) {
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}
