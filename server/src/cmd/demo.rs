//! `sealbook demo --out DIR`: makes the DEMO league with the league engine (see
//! [`crate::demo::league`]).

use crate::demo::league::{write_league, SESSIONS};
use crate::outcome::{CmdResult, Exit};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory to make the league in (created if missing; it must be empty).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let made = write_league(&args.out, SESSIONS)?;
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "out": args.out.display().to_string(),
                "sessions": made.sessions, "stamps": made.stamps, "files": made.files})
        );
    } else {
        println!(
            "DEMO league made in {}: {} sessions run by the league engine, {} stamped lists, {} files",
            args.out.display(),
            made.sessions,
            made.stamps,
            made.files.len()
        );
    }
    Ok(Exit::Ok)
}
