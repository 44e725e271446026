//! `sealbook fetch URL DIR [--timeout SECS] [--max-bytes N] [--json]`: spec Appendix B step 1,
//! a published league brought whole into a directory, to be checked by `sealbook verify DIR`.
//! The manifest at URL is read by core (`league::manifest`: its format, every path safe and
//! listed once, sorted); every listed file is fetched from beside it (core's
//! [`listed_url`]), hashed while it arrives and held to its listed size and SHA-256
//! ([`Manifest::check_digest`]) before it is put in place: a file that differs is never written
//! under its name. A file already in DIR with its listed size and SHA-256 is kept, not fetched
//! again, so a second run resumes an interrupted one; one that differs is fetched again. The
//! manifest is written as fetched, and then beside it the retrieval record (`retrieval.json`,
//! core's [`Retrieval`], spec Appendix C): the manifest's address, SHA-256 and declared
//! generation time, when it was retrieved, and each file in DIR as listed with its size,
//! SHA-256 and retrieval time (UTC; a file kept on a resumed run keeps the time an earlier
//! record gives it). `sealbook verify DIR` holds the files to it.
//!
//! Paths come only from a manifest core accepted (relative, plain segments, no `..`); the
//! command also refuses to write through a symbolic link inside DIR, so no listed path can
//! leave it. Redirects are not followed, each request ends within `--timeout`, no answer is
//! read past its listed size, and a manifest listing more than `--max-bytes` in all is refused
//! before a byte is fetched.
//!
//! Exit codes: 0 every listed file is in DIR as listed; 1 a listed file is missing on the
//! server or differs from its listing (each named); 2 the manifest could not be had or read,
//! the arguments are unusable, or a file could not be written in DIR.

use crate::http_client::{GetError, HttpClient};
use crate::league::clock::Clock;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::calendar::Instant;
use sealbook_core::league::manifest::{
    listed_url, FileCheck, Manifest, ManifestFile, MissingWhy, MANIFEST_FILE, MAX_MANIFEST_BYTES,
};
use sealbook_core::league::retrieval::{Retrieval, RETRIEVAL_FILE};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The name of the file a download is written to before it is checked and put in place.
const PART_FILE: &str = ".sealbook-fetch.part";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league's manifest: an http:// or https:// address of its `manifest.json`.
    url: String,
    /// The directory to bring the league into (created when absent; files already there as
    /// listed are kept).
    dir: PathBuf,
    /// Seconds each request may take, from connecting to its last byte.
    #[arg(long, default_value_t = 300, value_name = "SECS")]
    timeout: u64,
    /// Most bytes the listed files may total; a manifest listing more is refused before any
    /// file is fetched.
    #[arg(long, default_value_t = 8 << 30, value_name = "N")]
    max_bytes: u64,
}

/// What became of one listed file.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum Outcome {
    /// Fetched, as listed, and put in place.
    Fetched,
    /// Already in DIR as listed.
    Kept,
    /// Missing on the server or differing from its listing; not written.
    Failed,
    /// Could not be written in DIR.
    NotWritten,
}

#[derive(Serialize)]
struct FileOutcome {
    path: String,
    outcome: Outcome,
    /// What is wrong, for a file that failed or was not written.
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

#[derive(Serialize)]
struct Document<'a> {
    ok: bool,
    manifest: &'a str,
    dir: String,
    league: &'a str,
    fetched: usize,
    kept: usize,
    bytes_fetched: u64,
    /// The retrieval record written beside the manifest.
    retrieval: &'a str,
    files: &'a [FileOutcome],
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let url = args.url.as_str();
    if listed_url(url, MANIFEST_FILE).is_none() {
        return Err(Unusable::new(format!(
            "{url}: not an http:// or https:// address of a league's {MANIFEST_FILE}"
        ))
        .field("URL"));
    }
    let clock = Clock::system()?;
    let client = HttpClient::new(Duration::from_secs(args.timeout.max(1)));
    let manifest_bytes = fetch_manifest(&client, url)?;
    let manifest_at = to_second(clock.now());
    let manifest = Manifest::parse(&manifest_bytes)
        .map_err(|e| Unusable::new(format!("{url}: {}", e.message)).field(e.field))?;
    let listed: u64 = manifest
        .files
        .iter()
        .fold(0u64, |sum, f| sum.saturating_add(f.bytes));
    if listed > args.max_bytes {
        return Err(Unusable::new(format!(
            "{url}: the manifest lists {listed} bytes, more than the limit of {} (--max-bytes raises it)",
            args.max_bytes
        ))
        .field("--max-bytes"));
    }
    let dir = args.dir.as_path();
    std::fs::create_dir_all(dir).map_err(|e| Unusable::io(dir, "create the directory", &e))?;
    if refuses_link(dir, Path::new(PART_FILE)).is_some() {
        return Err(Unusable::file(
            dir,
            format!("{PART_FILE} is a symbolic link; remove it"),
        ));
    }

    // An earlier run's record, for the retrieval times of the files it kept.
    let earlier = std::fs::read(dir.join(RETRIEVAL_FILE))
        .ok()
        .and_then(|b| Retrieval::parse(&b).ok());
    let mut record = Retrieval::new(url, &manifest_bytes, &manifest, manifest_at);
    let mut outcomes = Vec::with_capacity(manifest.files.len());
    let mut bytes_fetched = 0u64;
    for file in &manifest.files {
        let (outcome, problem) = bring(&client, url, dir, file, &mut bytes_fetched);
        let now = || to_second(clock.now()).to_rfc3339();
        match outcome {
            Outcome::Fetched => record.record(file, &now()),
            Outcome::Kept => {
                let at = earlier
                    .as_ref()
                    .and_then(|e| e.retrieved_at(file).map(str::to_owned))
                    .unwrap_or_else(now);
                record.record(file, &at)
            }
            Outcome::Failed | Outcome::NotWritten => {}
        }
        outcomes.push(FileOutcome {
            path: file.path.clone(),
            outcome,
            problem,
        });
    }
    let written = write_in_place(dir, Path::new(MANIFEST_FILE), &manifest_bytes);
    if let Err(problem) = written {
        outcomes.push(FileOutcome {
            path: MANIFEST_FILE.into(),
            outcome: Outcome::NotWritten,
            problem: Some(problem),
        });
    }
    let written = write_in_place(dir, Path::new(RETRIEVAL_FILE), &record.to_bytes());
    if let Err(problem) = written {
        outcomes.push(FileOutcome {
            path: RETRIEVAL_FILE.into(),
            outcome: Outcome::NotWritten,
            problem: Some(problem),
        });
    }
    let count = |o: fn(&Outcome) -> bool| outcomes.iter().filter(|f| o(&f.outcome)).count();
    let failed = count(|o| matches!(o, Outcome::Failed));
    let not_written = count(|o| matches!(o, Outcome::NotWritten));
    let doc = Document {
        ok: failed == 0 && not_written == 0,
        manifest: url,
        dir: dir.display().to_string(),
        league: &manifest.league,
        fetched: count(|o| matches!(o, Outcome::Fetched)),
        kept: count(|o| matches!(o, Outcome::Kept)),
        bytes_fetched,
        retrieval: RETRIEVAL_FILE,
        files: &outcomes,
    };
    if json {
        println!(
            "{}",
            serde_json::to_string(&doc).expect("the fetch document serializes")
        );
    } else {
        print_human(&doc, manifest.files.len());
    }
    Ok(if failed > 0 {
        Exit::Failed
    } else if not_written > 0 {
        Exit::Unusable
    } else {
        Exit::Ok
    })
}

fn print_human(doc: &Document<'_>, listed: usize) {
    println!(
        "league: {} ({listed} files listed in {})",
        doc.league, doc.manifest
    );
    println!(
        "fetched {} files ({} bytes), kept {} already in {} as listed",
        doc.fetched, doc.bytes_fetched, doc.kept, doc.dir
    );
    for f in doc.files.iter().filter(|f| f.problem.is_some()) {
        let what = match f.outcome {
            Outcome::NotWritten => "NOT WRITTEN",
            _ => "FAILED",
        };
        println!("{what}: {}", f.problem.as_deref().unwrap_or_default());
    }
    println!(
        "retrieval times: {}",
        Path::new(&doc.dir).join(doc.retrieval).display()
    );
    if doc.ok {
        println!(
            "every listed file is in {} as listed; next: sealbook verify {}",
            doc.dir, doc.dir
        );
    }
}

/// `t` to the whole second: a retrieval time is stated in seconds.
fn to_second(t: Instant) -> Instant {
    Instant(t.0.div_euclid(1_000_000) * 1_000_000)
}

/// The manifest's bytes, at most [`MAX_MANIFEST_BYTES`].
fn fetch_manifest(client: &HttpClient, url: &str) -> Result<Vec<u8>, Unusable> {
    let mut bytes = Vec::new();
    let got = client.get_into(
        url,
        "application/json",
        MAX_MANIFEST_BYTES as u64,
        &mut bytes,
        &mut |_| {},
    );
    match got {
        Ok((200, n)) if n > MAX_MANIFEST_BYTES as u64 => Err(Unusable::new(format!(
            "{url}: more than {MAX_MANIFEST_BYTES} bytes; not a manifest sealbook reads"
        ))),
        Ok((200, _)) => Ok(bytes),
        Ok((status, _)) => Err(Unusable::new(format!("{url}: HTTP {status}"))),
        Err(GetError::Http(e)) => Err(Unusable::new(e)),
        Err(GetError::Sink(e)) => Err(Unusable::new(format!("{url}: {e}"))),
    }
}

/// Brings one listed file into `dir`: kept when already there as listed, else fetched, checked
/// and put in place. Returns the outcome and, when it is not as listed, what is wrong.
fn bring(
    client: &HttpClient,
    manifest_url: &str,
    dir: &Path,
    file: &ManifestFile,
    bytes_fetched: &mut u64,
) -> (Outcome, Option<String>) {
    let rel = Path::new(&file.path);
    if let Some(link) = refuses_link(dir, rel) {
        return (
            Outcome::NotWritten,
            Some(format!(
                "{}: not written: {} is a symbolic link, and a listed file stays inside {}",
                file.path,
                link.display(),
                dir.display()
            )),
        );
    }
    if already_as_listed(&dir.join(rel), file) {
        return (Outcome::Kept, None);
    }
    let Some(url) = listed_url(manifest_url, &file.path) else {
        // Core's manifest accepts only paths that resolve; kept as a failure, never a panic.
        let check = Manifest::check_digest(
            file,
            Err(MissingWhy::NotAUrl {
                detail: file.path.clone(),
            }),
        );
        return (Outcome::Failed, Some(check.describe()));
    };
    let part = dir.join(PART_FILE);
    let mut sink = match std::fs::File::create(&part) {
        Ok(f) => f,
        Err(e) => {
            return (
                Outcome::NotWritten,
                Some(format!("{}: {e}", part.display())),
            )
        }
    };
    let mut hasher = Sha256::new();
    let got = client.get_into(&url, "*/*", file.bytes, &mut sink, &mut |chunk| {
        hasher.update(chunk)
    });
    drop(sink);
    let found = match got {
        Ok((200, n)) => {
            *bytes_fetched = bytes_fetched.saturating_add(n);
            Ok((n, <[u8; 32]>::from(hasher.finalize())))
        }
        Ok((status, _)) => Err(MissingWhy::Http { status }),
        Err(GetError::Http(detail)) => Err(MissingWhy::RequestFailed { detail }),
        Err(GetError::Sink(e)) => {
            let _ = std::fs::remove_file(&part);
            return (
                Outcome::NotWritten,
                Some(format!("{}: {e}", part.display())),
            );
        }
    };
    let check: FileCheck = Manifest::check_digest(file, found);
    if !check.ok() {
        let _ = std::fs::remove_file(&part);
        return (Outcome::Failed, Some(check.describe()));
    }
    match put_in_place(dir, rel, &part) {
        Ok(()) => (Outcome::Fetched, None),
        Err(problem) => {
            let _ = std::fs::remove_file(&part);
            (Outcome::NotWritten, Some(problem))
        }
    }
}

/// Whether `path` is a regular file of `file`'s listed size and SHA-256.
fn already_as_listed(path: &Path, file: &ManifestFile) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return false;
    };
    if !meta.is_file() || meta.len() != file.bytes {
        return false;
    }
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    let mut hasher = Sha256::new();
    let mut reader = f.take(file.bytes.saturating_add(1));
    let mut buf = vec![0u8; 64 << 10];
    let mut size = 0u64;
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                hasher.update(&buf[..n]);
                size += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    Manifest::check_digest(file, Ok((size, <[u8; 32]>::from(hasher.finalize())))).ok()
}

/// The first symbolic link on the way from `dir` to `dir/rel` (its last segment included), if
/// any: writing through it could leave `dir`.
fn refuses_link(dir: &Path, rel: &Path) -> Option<PathBuf> {
    let mut at = dir.to_path_buf();
    for segment in rel.components() {
        at.push(segment);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => return Some(at),
            Ok(_) => {}
            Err(_) => return None, // absent from here on: created below as folders and a file
        }
    }
    None
}

/// Moves the checked download `part` to `dir/rel`, creating its folders.
fn put_in_place(dir: &Path, rel: &Path, part: &Path) -> Result<(), String> {
    let target = dir.join(rel);
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("{}: cannot create the folder: {e}", parent.display()))?;
    }
    std::fs::rename(part, &target).map_err(|e| format!("{}: {e}", target.display()))
}

/// Writes `bytes` to `dir/rel` through the part file, so a reader never sees half of it.
fn write_in_place(dir: &Path, rel: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(link) = refuses_link(dir, rel) {
        return Err(format!(
            "{} is a symbolic link; not written",
            link.display()
        ));
    }
    let part = dir.join(PART_FILE);
    std::fs::write(&part, bytes).map_err(|e| format!("{}: {e}", part.display()))?;
    put_in_place(dir, rel, &part)
}
