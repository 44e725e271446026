//! `sealbook tsr verify (--data <file> | --digest <hex>) --in <t.tsr|t.tst> --ca <roots.pem>
//! [--untrusted <certs.pem>] [--json]`: every check of `core::tsp::verify` (spec §3.2 Level 2+,
//! Appendix B step 9). Two bottom lines: `ok`, with certificate validity checked at the
//! token's genTime (RFC 3161 App. B; the exit code follows it), and `ok_now`, validity checked
//! at the current time (what `openssl ts -verify` reports by default).
//!
//! Exit codes: 0 ok; 1 a check failed; 2 unusable input (DER errors name file and byte offset).

use super::{read_certificates, read_timestamp};
use crate::cmd::stamped::{print_checks, Stamped, Target};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::tsp::response::{self, Imprinted, TokenVerdict, VerifyOptions};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: Target,
    /// The response (.tsr) or bare token (.tst, .p7s).
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Trust anchors (PEM or DER certificates), e.g. www/trust/tsa-roots-*.pem (repeatable).
    #[arg(long = "ca", value_name = "FILE", required = true)]
    ca: Vec<PathBuf>,
    /// Extra certificates to build the path with, e.g. the TSA certificate when the token
    /// carries none (repeatable).
    #[arg(long, value_name = "FILE")]
    untrusted: Vec<PathBuf>,
}

#[derive(Serialize)]
struct Output<'a> {
    file: String,
    /// The Unix time `ok_now` checked certificate validity at.
    now: i64,
    #[serde(flatten)]
    verdict: &'a TokenVerdict,
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let stamped = args.target.read()?;
    let parsed = read_timestamp(&args.input)?;
    let mut anchors = Vec::new();
    for p in &args.ca {
        anchors.extend(read_certificates(p, "--ca")?);
    }
    if anchors.is_empty() {
        return Err(
            Unusable::new("no trust anchor: the --ca files hold no certificate").field("--ca"),
        );
    }
    let mut untrusted = Vec::new();
    for p in &args.untrusted {
        untrusted.extend(read_certificates(p, "--untrusted")?);
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    // The data is hashed as a stream with the token's own imprint algorithm; with none the
    // token can name (a rejection, an unknown algorithm) there is nothing to compare.
    let alg = parsed
        .token()
        .and_then(|t| t.tst_info.message_imprint.hash_alg());
    let digest = match (stamped, alg) {
        (Stamped::Digest(d), _) => d,
        (file, Some(alg)) => file.digest(alg)?,
        (Stamped::File(..), None) => Vec::new(),
    };
    let imprinted = Imprinted::Digest(&digest);
    let opts = VerifyOptions {
        anchors,
        untrusted,
        now: Some(now),
        ..Default::default()
    };
    let verdict = response::verify(&parsed, imprinted, &opts);
    let file = args.input.display().to_string();
    if json {
        println!(
            "{}",
            serde_json::to_string(&Output {
                file,
                now,
                verdict: &verdict
            })
            .expect("verdict serializes")
        );
    } else {
        print_verdict(&file, now, &verdict);
    }
    Ok(if verdict.ok { Exit::Ok } else { Exit::Failed })
}

fn print_verdict(file: &str, now: i64, v: &TokenVerdict) {
    println!("timestamp: {file}");
    if let Some(t) = &v.tst_info {
        println!(
            "genTime: {}  policy {}  serial {}",
            t.gen_time.to_iso(),
            sealbook_core::tsp::policy::display(&t.policy),
            sealbook_core::hex::encode(&t.serial)
        );
        if let Some(a) = &t.tsa {
            println!("TSA name: {}", a.text);
        }
    }
    if let Some(s) = &v.signer {
        println!("signer: {} ({})", s.subject, s.key);
    }
    if !v.chain.is_empty() {
        println!("chain (leaf first):");
        for c in &v.chain {
            println!(
                "  {}  [{} .. {}]  sha256 {}",
                c.subject, c.not_before, c.not_after, c.sha256
            );
        }
    }
    println!("checks:");
    print_checks(&v.checks);
    if let Some(m) = &v.missing_signer {
        println!("signer certificate not supplied: the signature cannot be checked; pass the certificate with {m} (and its intermediate) with --untrusted FILE");
    }
    let word = |ok: bool| if ok { "OK" } else { "FAILED" };
    println!(
        "verdict (certificate validity checked at genTime, RFC 3161 App. B): {}",
        word(v.ok)
    );
    if let Some(ok_now) = v.ok_now {
        let at = sealbook_core::pki::der::Time::from_unix(now).to_iso();
        println!(
            "verdict now (validity checked at {at}, as `openssl ts -verify` does by default): {}",
            word(ok_now)
        );
    }
}
