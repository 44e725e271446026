//! The verdict on a proof: which Bitcoin attestations a supplied header run confirms, the time
//! bound that gives, which checks were made and what is still trusted (spec §3.11 P1a and
//! the trust ladder of §3.12: Level 2 needs a PoW-checked header whose merkle root the proof
//! reaches; Appendix B step 6).

use super::attestation::Attestation;
use super::bitcoin::{
    analyze_headers, check_run, format_utc, median_time_past, BlockHeader, HeaderAnalysis,
    HeaderRun, LabelledHeader,
};
use super::evaluate::{attestations, AttestationPath, EvalError};
use super::timestamp::Timestamp;
use crate::hex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What the trust-ladder reading of a verdict is.
pub const LEVEL_2: &str = "Level 2: Bitcoin anchor, header proof of work checked";

/// One Bitcoin attestation checked against the supplied headers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BitcoinCheck {
    pub height: u64,
    pub path: AttestationPath,
    /// Index in the supplied run of the header whose merkle root equals the commitment.
    pub header_index: Option<usize>,
    pub block_hash: Option<String>,
    pub header_time: Option<u32>,
    pub header_time_utc: Option<String>,
    /// Median time past of the 11 supplied headers before this one, when supplied.
    pub median_time_past: Option<u32>,
    /// Headers from this block to the end of the run (1 = the block alone).
    pub confirmations_supplied: usize,
    pub verified: bool,
    pub message: String,
}

/// The whole verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// True when at least one Bitcoin attestation is confirmed by a supplied header with valid
    /// proof of work.
    pub ok: bool,
    /// The trust-ladder level reached, or why none was.
    pub level: String,
    /// The earliest verified attestation (lowest header time), index into `bitcoin`.
    pub earliest: Option<usize>,
    pub bitcoin: Vec<BitcoinCheck>,
    /// Calendars holding pending attestations (sorted): `ots upgrade` asks them for a complete
    /// proof.
    pub pending: Vec<String>,
    /// Attestations not checked here (Litecoin, Ethereum, unknown notaries).
    pub unchecked: Vec<AttestationPath>,
    /// The supplied header run, when it passed the checks.
    pub headers: Option<HeaderRun>,
    /// Why the supplied headers were rejected.
    pub header_error: Option<String>,
    /// The supplied headers as a set (heights from the attestations they match): total
    /// work, median time past, retargets, forks.
    #[serde(default)]
    pub header_analysis: Option<HeaderAnalysis>,
    /// The checks performed, in words.
    pub checks: Vec<String>,
    /// The P1a time bound (spec §3.11), when verified.
    pub time_bound: Option<String>,
    /// What a reader still has to trust.
    pub still_trusted: Vec<String>,
}

/// Verifies `ts` (a timestamp on the stamped digest; the caller has checked that the digest is
/// the stamped file's) against a run of consecutive headers in ascending order. The run may
/// start with the 11 blocks before the attested one (for median time past) and continue with
/// confirmations after it.
pub fn verify_bitcoin(ts: &Timestamp, headers: &[BlockHeader]) -> Result<Verdict, EvalError> {
    let paths = attestations(ts)?;
    let (run, header_error) = if headers.is_empty() {
        (None, None)
    } else {
        match check_run(headers) {
            Ok(r) => (Some(r), None),
            Err(e) => (None, Some(e.to_string())),
        }
    };
    let mut bitcoin = Vec::new();
    let mut pending = BTreeSet::new();
    let mut unchecked = Vec::new();
    for p in paths {
        match &p.attestation {
            Attestation::Bitcoin { height } => bitcoin.push(check_one(
                *height,
                p.clone(),
                headers,
                run.is_some(),
                header_error.as_deref(),
            )),
            Attestation::Pending { uri } => {
                pending.insert(uri.clone());
            }
            _ => unchecked.push(p),
        }
    }
    // The headers as a set, with the heights the attestations give the headers they match.
    let header_analysis = (!headers.is_empty())
        .then(|| {
            let labelled: Vec<LabelledHeader> = headers
                .iter()
                .enumerate()
                .map(|(i, h)| LabelledHeader {
                    height: bitcoin
                        .iter()
                        .find(|c| c.header_index == Some(i))
                        .map(|c| c.height),
                    header: h.clone(),
                })
                .collect();
            analyze_headers(&labelled).ok()
        })
        .flatten();
    // A failed retarget, height or median-time-past rule rejects the run like a broken link.
    let header_error = header_error.or_else(|| {
        header_analysis
            .as_ref()
            .and_then(|a| a.errors.first().cloned())
    });
    if header_error.is_some() {
        for c in bitcoin.iter_mut().filter(|c| c.verified) {
            c.verified = false;
            c.message = format!(
                "header run rejected: {}",
                header_error.as_deref().unwrap_or("?")
            );
        }
    }
    let earliest = bitcoin
        .iter()
        .enumerate()
        .filter(|(_, c)| c.verified)
        .min_by_key(|(_, c)| (c.header_time, c.height))
        .map(|(i, _)| i);
    let ok = earliest.is_some();
    let level = if ok {
        LEVEL_2.to_string()
    } else if bitcoin.is_empty() && !pending.is_empty() {
        "not yet verifiable: pending calendar attestations only (upgrade from the calendars listed)"
            .to_string()
    } else if bitcoin.is_empty() {
        "not verifiable: no Bitcoin attestation".to_string()
    } else if headers.is_empty() {
        "not verified: supply the block header of the attested height".to_string()
    } else {
        "FAILED: no Bitcoin attestation matches a supplied header with valid proof of work"
            .to_string()
    };
    let mut checks =
        vec!["operations recomputed from the stamped digest to every attestation".to_string()];
    if !headers.is_empty() {
        checks.push(format!(
            "{} supplied header(s): double-SHA256 hash, proof of work against nBits (target within the main-net limit 0x1d00ffff){}",
            headers.len(),
            if headers.len() > 1 { ", linked by previous-block hash" } else { "" }
        ));
        checks.push(
            "merkle root of the header compared with the computed commitment (internal byte order)"
                .into(),
        );
        if bitcoin.iter().any(|c| c.median_time_past.is_some()) {
            checks.push(
                "header time above the median time past of the 11 supplied headers before it"
                    .into(),
            );
        }
    }
    let time_bound = earliest.map(|i| {
        let c = &bitcoin[i];
        format!(
            "the stamped file (for a stamped list: the anchored ledger prefix) existed no later than a few hours after {} (header time of block {}; spec §3.11 practical bound: header time is above the median of the 11 blocks before it{} and at most about two hours ahead of network time when accepted, and need not equal mining time)",
            c.header_time_utc.as_deref().unwrap_or("?"),
            c.height,
            c.median_time_past
                .map(|m| format!(", here {}", format_utc(m)))
                .unwrap_or_default()
        )
    });
    let mut still_trusted = Vec::new();
    if ok {
        still_trusted.push("that the supplied header is the block at the attested height in the best Bitcoin chain (not checkable offline; compare the block hash with independent explorers or a node)".into());
        if bitcoin[earliest.unwrap_or(0)].median_time_past.is_none() {
            still_trusted.push("that the header time is not far from mining time (median time past not checked: supply the 11 headers before the attested block)".into());
        }
    }
    Ok(Verdict {
        ok,
        level,
        earliest,
        bitcoin,
        pending: pending.into_iter().collect(),
        unchecked,
        headers: run,
        header_error,
        header_analysis,
        checks,
        time_bound,
        still_trusted,
    })
}

fn check_one(
    height: u64,
    path: AttestationPath,
    headers: &[BlockHeader],
    run_ok: bool,
    run_error: Option<&str>,
) -> BitcoinCheck {
    let commitment = hex::decode(&path.commitment).unwrap_or_default();
    let index = headers
        .iter()
        .position(|h| h.merkle_root.as_slice() == commitment.as_slice());
    let mut c = BitcoinCheck {
        height,
        path,
        header_index: index,
        block_hash: None,
        header_time: None,
        header_time_utc: None,
        median_time_past: None,
        confirmations_supplied: 0,
        verified: false,
        message: String::new(),
    };
    let Some(i) = index else {
        c.message = if headers.is_empty() {
            format!("no header supplied for block {height}")
        } else if commitment.len() != 32 {
            format!(
                "commitment is {} bytes, a merkle root is 32",
                commitment.len()
            )
        } else {
            format!("Digest does not match merkleroot: no supplied header has merkle root {} (display order) claimed for block {height}",
                c.path.merkle_root.as_ref().map(|m| m.display.as_str()).unwrap_or(""))
        };
        return c;
    };
    let h = &headers[i];
    c.block_hash = Some(h.hash_display());
    c.header_time = Some(h.time);
    c.header_time_utc = Some(format_utc(h.time));
    c.confirmations_supplied = headers.len() - i;
    if i >= 11 {
        let times: Vec<u32> = headers[i - 11..i].iter().map(|h| h.time).collect();
        c.median_time_past = median_time_past(&times);
    }
    if let Err(e) = h.check_pow() {
        c.message = e;
        return c;
    }
    if !run_ok {
        c.message = format!("header run rejected: {}", run_error.unwrap_or("?"));
        return c;
    }
    if let Some(m) = c.median_time_past {
        if h.time <= m {
            c.message = format!(
                "header time {} is not above the median time past {}",
                h.time, m
            );
            return c;
        }
    }
    c.verified = true;
    c.message = format!(
        "Bitcoin block {height} attests existence as of {}",
        format_utc(h.time)
    );
    c
}

/// Which byte order a bare merkle root given by a reader matched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RootOrder {
    /// As stored in the header.
    Internal,
    /// Reversed, as explorers print it.
    Display,
}

/// Compares a merkle root typed by a reader (hex, either byte order) with the proof's Bitcoin
/// commitments. A match is weaker than [`verify_bitcoin`]: nothing ties the root to a block
/// with proof of work. Returns the index into `paths` and the order that matched.
pub fn match_merkle_root(paths: &[AttestationPath], root_hex: &str) -> Option<(usize, RootOrder)> {
    let want = root_hex.trim().to_ascii_lowercase();
    paths.iter().enumerate().find_map(|(i, p)| {
        let m = p.merkle_root.as_ref()?;
        if !matches!(p.attestation, Attestation::Bitcoin { .. }) {
            return None;
        }
        if m.internal == want {
            Some((i, RootOrder::Internal))
        } else if m.display == want {
            Some((i, RootOrder::Display))
        } else {
            None
        }
    })
}
