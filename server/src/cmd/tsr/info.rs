//! `sealbook tsr info <t.tsr|t.tst> [--json]`: the facts `openssl ts -reply -text` prints, in
//! its layout (`core::tsp::text`); with `--json`, the decoded status, TSTInfo and certificates.

use super::read_timestamp;
use crate::outcome::{CmdResult, Exit};
use sealbook_core::pki::x509::CertSummary;
use sealbook_core::tsp::response::{Parsed, StatusInfo, TstInfo};
use sealbook_core::tsp::text;
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A TimeStampResp (.tsr) or bare TimeStampToken (.tst, .p7s), DER.
    timestamp: PathBuf,
}

#[derive(Serialize)]
struct Output<'a> {
    ok: bool,
    file: String,
    /// "response" or "token".
    kind: &'static str,
    status: Option<&'a StatusInfo>,
    tst_info: Option<&'a TstInfo>,
    /// The certificates the token carries, in their order.
    certificates: Vec<CertSummary>,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let parsed = read_timestamp(&args.timestamp)?;
    if json {
        let token = parsed.token();
        let out = Output {
            ok: true,
            file: args.timestamp.display().to_string(),
            kind: if matches!(parsed, Parsed::Response(_)) {
                "response"
            } else {
                "token"
            },
            status: match &parsed {
                Parsed::Response(r) => Some(&r.status),
                Parsed::Token(_) => None,
            },
            tst_info: token.map(|t| &t.tst_info),
            certificates: token
                .map(|t| t.certificates.iter().map(|c| c.summary()).collect())
                .unwrap_or_default(),
        };
        println!("{}", serde_json::to_string(&out).expect("info serializes"));
    } else {
        print!("{}", text::render(&parsed));
    }
    Ok(Exit::Ok)
}
