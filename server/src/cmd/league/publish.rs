//! `sealbook league publish DIR [--json] [--wait SECONDS]`: takes the league's one-writer lock
//! and runs [`publish_league`](crate::league::publish::publish_league), which writes the
//! league's open-data files and manifest (spec Appendix C).

use crate::league::driver::lock_league;
use crate::league::publish::{publish_league, Published};
use crate::outcome::{CmdResult, Exit};
use sealbook_core::league::manifest::MANIFEST_FILE;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory.
    dir: PathBuf,
    /// How long to wait for a league process that is writing the league (a run, a score) to
    /// end before refusing, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_WAIT_SECONDS)]
    wait: u64,
}

/// How long `league publish` waits for the league's writer by default: a run asks its seats
/// until the reference time, so a publish that overlaps one is refused soon rather than
/// left hanging, and run again after it.
pub const DEFAULT_WAIT_SECONDS: u64 = 10;

pub fn run(args: Args, json: bool) -> CmdResult {
    let dir = &args.dir;
    // The league's one-writer lock, as a run holds it: the manifest is made from ledgers no
    // process is appending to, so it never lists a book that has grown since.
    // (A path that is no directory is reported by the publish itself, as before.)
    let _lock = if dir.is_dir() {
        Some(lock_league(dir, std::time::Duration::from_secs(args.wait))?)
    } else {
        None
    };
    match publish_league(dir)? {
        Published::ChainBroken { error, path } => {
            let detail = error.split_once(": ").map_or("", |(_, d)| d);
            eprintln!("sealbook: {}: {detail}; nothing published", path.display());
            if json {
                println!(
                    "{}",
                    serde_json::json!({"ok": false, "dir": dir.display().to_string(), "error": error})
                );
            }
            Ok(Exit::Failed)
        }
        Published::Written {
            league,
            methodology,
            listed,
            written,
            unchanged,
        } => {
            if json {
                println!(
                    "{}",
                    serde_json::json!({"ok": true, "dir": dir.display().to_string(), "league": league,
                        "methodology_version": methodology, "published": listed + 1,
                        "written": written, "unchanged": unchanged})
                );
            } else {
                println!(
                    "league {:?} published in {}: {} files listed in {MANIFEST_FILE}; {} written, {} unchanged",
                    league,
                    dir.display(),
                    listed,
                    written.len(),
                    unchanged.len()
                );
                for p in &written {
                    println!("  wrote {p}");
                }
            }
            Ok(Exit::Ok)
        }
    }
}
