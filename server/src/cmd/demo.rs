//! `sealbook demo --out DIR`: writes the DEMO league (see [`crate::demo`]).

use crate::outcome::{CmdResult, Exit};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory to write into (created if missing; demo files in it are overwritten).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let written = crate::demo::write(&args.out)?;
    if json {
        let files: Vec<_> = written.iter().map(|p| p.display().to_string()).collect();
        println!(
            "{}",
            serde_json::json!({"ok": true, "out": args.out.display().to_string(), "files": files})
        );
    } else {
        println!(
            "DEMO league written to {} ({} files)",
            args.out.display(),
            written.len()
        );
        for p in &written {
            println!("  {}", p.display());
        }
    }
    Ok(Exit::Ok)
}
