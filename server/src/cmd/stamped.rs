//! What a signed-time or log verification is checked against, shared by `tsr verify` and
//! `rekor verify`: the stamped file itself (`--data`) or its digest in hex (`--digest`); and
//! how their checks are printed.

use crate::files::{read_bounded, MAX_STAMPED_FILE_BYTES};
use crate::outcome::Unusable;
use sealbook_core::checks::{Check, Status};
use sealbook_core::hex;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[group(required = true, multiple = false)]
pub struct Target {
    /// The stamped file (e.g. the stamped list).
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
    /// The stamped file's digest, in hex.
    #[arg(long, value_name = "HEX")]
    digest: Option<String>,
}

/// The stamped bytes, or the digest given for them.
pub enum Stamped {
    Data(Vec<u8>),
    Digest(Vec<u8>),
}

impl Target {
    pub fn read(&self) -> Result<Stamped, Unusable> {
        match (&self.data, &self.digest) {
            (Some(path), _) => Ok(Stamped::Data(read_bounded(
                path,
                MAX_STAMPED_FILE_BYTES,
                "stamped file",
            )?)),
            (None, Some(h)) => match hex::decode(h) {
                Some(d) if !d.is_empty() => Ok(Stamped::Digest(d)),
                _ => Err(Unusable::new(format!("{h:?} is not a digest in hex")).field("--digest")),
            },
            (None, None) => unreachable!("clap requires --data or --digest"),
        }
    }
}

/// One line per check: `  pass  id: detail`.
pub fn print_checks(checks: &[Check]) {
    for c in checks {
        let s = match c.status {
            Status::Pass => "pass",
            Status::Fail => "FAIL",
            Status::Warn => "warn",
            Status::Skip => "skip",
        };
        println!("  {s:<4}  {}: {}", c.id, c.detail);
    }
}
