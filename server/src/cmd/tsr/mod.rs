//! `sealbook tsr ...`: RFC 3161 signed time (spec §3.2 Level 2+, Appendix B step 9).
//! `info` and `verify` read `.tsr` responses and bare `.tst`/`.p7s` tokens offline; `request`
//! asks timestamp authorities over HTTP ([`crate::http_client`]). Decoding and every check
//! are `sealbook_core::tsp::response`.

pub mod info;
pub mod request;
pub mod verify;

use crate::files::read_bounded;
use crate::outcome::{CmdResult, Unusable};
use clap::Subcommand;
use sealbook_core::pki::x509::{self, Certificate};
use sealbook_core::tsp::response::{self, Parsed};
use std::path::Path;

/// Largest timestamp or certificate file read (real tokens with their chain are under 10 KB).
pub const MAX_TIMESTAMP_BYTES: u64 = 1 << 20;

#[derive(Subcommand, Debug)]
pub enum TsrCommand {
    /// Print a response or token as `openssl ts -reply -text` does.
    Info(info::Args),
    /// Verify a response or token for a file or digest against trust anchors you choose.
    Verify(verify::Args),
    /// Ask timestamp authorities for tokens on a file; store each reply as <file>.<tsa>.tsr.
    Request(request::Args),
}

pub fn run(command: TsrCommand, json: bool) -> CmdResult {
    match command {
        TsrCommand::Info(args) => info::run(args, json),
        TsrCommand::Verify(args) => verify::run(args, json),
        TsrCommand::Request(args) => request::run(args, json),
    }
}

/// Reads and decodes a `.tsr` or `.tst`; malformed DER is unusable input naming the byte offset.
pub fn read_timestamp(path: &Path) -> Result<Parsed, Unusable> {
    let bytes = read_bounded(path, MAX_TIMESTAMP_BYTES, "timestamp")?;
    response::parse(&bytes).map_err(|e| {
        Unusable::file(
            path,
            format!(
                "not a timestamp response or token: byte offset {}: {}",
                e.offset, e.message
            ),
        )
        .field("timestamp")
    })
}

/// Reads certificates (PEM or DER); `flag` names the option in errors.
pub fn read_certificates(path: &Path, flag: &str) -> Result<Vec<Certificate>, Unusable> {
    let bytes = read_bounded(path, MAX_TIMESTAMP_BYTES, "certificates")?;
    x509::parse_certificates(&bytes).map_err(|e| Unusable::file(path, e).field(flag))
}
