//! `sealbook ots stamp <file>... [--calendar URL]... [--timeout S] [--min-calendars M]`: the
//! `ots stamp` of opentimestamps-client (spec §3.2: each stamped list is submitted to public
//! calendars). Each file's sha256 gets a random 16-byte nonce, the results are joined in one
//! merkle tree, its tip is POSTed to every calendar in parallel, and the pending answers are
//! merged into each file's proof, written to `<file>.ots` (never over an existing file); see
//! [`crate::anchor::ots::stamp_files`].
//!
//! Exit codes: 0 every proof written; 1 fewer than M calendars answered (nothing written);
//! 2 unusable input (unreadable file, an existing `.ots`, bad arguments).
//!
//! Test-only: `SEALBOOK_OTS_TEST_NONCE=<32 hex digits>` replaces the random nonce (every file
//! gets that nonce), so a test can rebuild a known proof byte for byte. Never set it for real
//! stamps: the nonce is what keeps a proof from revealing the digests of the other files
//! stamped with it.

use crate::anchor::ots::{stamp_files, CalendarResult};
use crate::anchor::Retry;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::hex;
use sealbook_core::ots::calendar_server::DEFAULT_CALENDARS;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// Environment variable fixing the nonce, for tests only (see the module docs).
pub const TEST_NONCE_VAR: &str = "SEALBOOK_OTS_TEST_NONCE";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The files to stamp; each gets <file>.ots.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// A calendar to submit to (repeatable; default: the four public OpenTimestamps
    /// aggregators).
    #[arg(long = "calendar", value_name = "URL")]
    calendars: Vec<String>,
    /// Seconds to wait for each calendar.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    timeout: u64,
    /// Calendars that must answer (default: 2, or 1 when only one calendar is given).
    #[arg(long, short = 'm', value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    min_calendars: Option<u64>,
}

#[derive(Serialize)]
struct Output {
    ok: bool,
    /// The merkle tip submitted (hex).
    tip: String,
    calendars: Vec<CalendarResult>,
    /// The proofs written.
    written: Vec<String>,
    error: Option<String>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let calendars: Vec<String> = if args.calendars.is_empty() {
        DEFAULT_CALENDARS.iter().map(|s| s.to_string()).collect()
    } else {
        args.calendars.clone()
    };
    let need = args.min_calendars.unwrap_or(2.min(calendars.len() as u64));
    if need > calendars.len() as u64 {
        return Err(Unusable::new(format!(
            "--min-calendars {need} is more than the {} calendars given",
            calendars.len()
        ))
        .field("--min-calendars"));
    }
    let nonce = test_nonce()?;
    let retry = Retry::once(Duration::from_secs(args.timeout));
    let stamped = stamp_files(&args.files, &calendars, need, &retry, nonce)?;

    let ok = stamped.error.is_none();
    let out = Output {
        ok,
        tip: hex::encode(&stamped.tip),
        calendars: stamped.calendars,
        written: stamped
            .written
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        error: stamped.error,
    };
    if json {
        println!(
            "{}",
            serde_json::to_string(&out).expect("stamp report serializes")
        );
    } else {
        for c in &out.calendars {
            match &c.error {
                None => println!("calendar {}: pending attestation received", c.calendar),
                Some(e) => println!("calendar {}: FAILED: {e}", c.calendar),
            }
        }
        for w in &out.written {
            println!("wrote {w}");
        }
        if let Some(e) = &out.error {
            println!("{e}");
        }
    }
    Ok(if ok { Exit::Ok } else { Exit::Failed })
}

fn test_nonce() -> Result<Option<[u8; 16]>, Unusable> {
    let Some(v) = std::env::var_os(TEST_NONCE_VAR) else {
        return Ok(None);
    };
    let bad =
        || Unusable::new(format!("{TEST_NONCE_VAR} must be 32 hex digits")).field(TEST_NONCE_VAR);
    let text = v.to_str().ok_or_else(bad)?;
    let bytes = hex::decode(text).ok_or_else(bad)?;
    Ok(Some(bytes.try_into().map_err(|_| bad())?))
}
