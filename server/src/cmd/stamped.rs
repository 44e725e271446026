//! What a signed-time or log verification is checked against, shared by `tsr verify` and
//! `rekor verify`: the stamped file itself (`--data`) or its digest in hex (`--digest`); and
//! how their checks are printed.

use crate::files::{self, MAX_STAMPED_FILE_BYTES};
use crate::outcome::Unusable;
use sealbook_core::checks::{Check, Status};
use sealbook_core::hex;
use sealbook_core::pki::signature::HashAlg;
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

/// The stamped file, opened and not yet read, or the digest given for it.
pub enum Stamped {
    File(PathBuf, std::fs::File),
    Digest(Vec<u8>),
}

impl Stamped {
    /// The file's digest under `alg`, read as a stream (never whole in memory); a given
    /// digest as it is.
    pub fn digest(self, alg: HashAlg) -> Result<Vec<u8>, Unusable> {
        match self {
            Stamped::File(path, f) => {
                let mut h = alg.hasher();
                files::hash_stream(&path, f, MAX_STAMPED_FILE_BYTES, "stamped file", |c| {
                    h.update(c)
                })?;
                Ok(h.finish())
            }
            Stamped::Digest(d) => Ok(d),
        }
    }
}

impl Target {
    pub fn read(&self) -> Result<Stamped, Unusable> {
        match (&self.data, &self.digest) {
            (Some(path), _) => Ok(Stamped::File(
                path.clone(),
                files::open(path, "stamped file")?,
            )),
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
        println!("  {s:<4}  {}: {}", c.id, c.msg);
    }
}
