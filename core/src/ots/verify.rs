//! The verdict on a proof: which Bitcoin attestations a supplied header run confirms, the time
//! bound that gives, which checks were made and what is still trusted (spec §3.11 P1a and
//! the trust ladder of §3.12: Level 2 needs a PoW-checked header whose merkle root the proof
//! reaches; Appendix B step 6).

use super::attestation::Attestation;
use super::bitcoin::{
    analyze_headers, check_run, format_utc, BlockHeader, HeaderAnalysis, HeaderError, HeaderRun,
    LabelledHeader,
};
use super::evaluate::{attestations, AttestationPath, EvalError};
pub use super::messages::{AttestationMsg, LevelMsg, ProofCheck, TimeBound, TrustedMsg, LEVEL_2};
use super::timestamp::Timestamp;
use crate::hex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One Bitcoin attestation checked against the supplied headers. As JSON, `message` is the
/// English sentence (as `sealbook ots verify --json` always wrote it) and `msg` its id with
/// its arguments, which is what is read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "BitcoinCheckWire", from = "BitcoinCheckWire")]
pub struct BitcoinCheck {
    /// The height the attestation claims.
    pub height: u64,
    /// How the stamped digest reaches the attestation.
    pub path: AttestationPath,
    /// Index in the supplied run of the header whose merkle root equals the commitment.
    pub header_index: Option<usize>,
    /// That header's block hash, display order (hex).
    pub block_hash: Option<String>,
    /// That header's `nTime` (Unix seconds, as the miner wrote it).
    pub header_time: Option<u32>,
    /// The same time as ISO 8601 UTC.
    pub header_time_utc: Option<String>,
    /// Median time past of the 11 supplied headers before this one, when supplied.
    pub median_time_past: Option<u32>,
    /// Headers from this block to the end of the run (1 = the block alone).
    pub confirmations_supplied: usize,
    /// A supplied header matches the commitment and its proof of work holds.
    pub verified: bool,
    /// The outcome, as a message id with its arguments.
    pub message: AttestationMsg,
}

#[derive(Serialize, Deserialize)]
struct BitcoinCheckWire {
    height: u64,
    path: AttestationPath,
    header_index: Option<usize>,
    block_hash: Option<String>,
    header_time: Option<u32>,
    header_time_utc: Option<String>,
    median_time_past: Option<u32>,
    confirmations_supplied: usize,
    verified: bool,
    #[serde(default, skip_deserializing)]
    message: String,
    msg: AttestationMsg,
}

impl From<BitcoinCheck> for BitcoinCheckWire {
    fn from(c: BitcoinCheck) -> Self {
        BitcoinCheckWire {
            height: c.height,
            path: c.path,
            header_index: c.header_index,
            block_hash: c.block_hash,
            header_time: c.header_time,
            header_time_utc: c.header_time_utc,
            median_time_past: c.median_time_past,
            confirmations_supplied: c.confirmations_supplied,
            verified: c.verified,
            message: c.message.to_string(),
            msg: c.message,
        }
    }
}

impl From<BitcoinCheckWire> for BitcoinCheck {
    fn from(w: BitcoinCheckWire) -> Self {
        BitcoinCheck {
            height: w.height,
            path: w.path,
            header_index: w.header_index,
            block_hash: w.block_hash,
            header_time: w.header_time,
            header_time_utc: w.header_time_utc,
            median_time_past: w.median_time_past,
            confirmations_supplied: w.confirmations_supplied,
            verified: w.verified,
            message: w.msg,
        }
    }
}

/// The whole verdict. As JSON, `level`, `header_error`, `checks`, `time_bound` and
/// `still_trusted` are the English sentences (as `sealbook ots verify --json` always wrote
/// them) and `msg` holds them as ids with their arguments, which is what is read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "VerdictWire", from = "VerdictWire")]
pub struct OtsVerdict {
    /// True when at least one Bitcoin attestation is confirmed by a supplied header with valid
    /// proof of work.
    pub ok: bool,
    /// The trust-ladder level reached, or why none was.
    pub level: LevelMsg,
    /// The earliest verified attestation (lowest header time), index into `bitcoin`.
    pub earliest: Option<usize>,
    /// Every Bitcoin attestation of the proof, checked.
    pub bitcoin: Vec<BitcoinCheck>,
    /// Calendars holding pending attestations (sorted): `ots upgrade` asks them for a complete
    /// proof.
    pub pending: Vec<String>,
    /// Attestations not checked here (Litecoin, Ethereum, unknown notaries).
    pub unchecked: Vec<AttestationPath>,
    /// The supplied header run, when it passed the checks.
    pub headers: Option<HeaderRun>,
    /// Why the supplied headers were rejected.
    pub header_error: Option<HeaderError>,
    /// The supplied headers as a set (heights from the attestations they match): total
    /// work, median time past, retargets, forks.
    pub header_analysis: Option<HeaderAnalysis>,
    /// The checks performed.
    pub checks: Vec<ProofCheck>,
    /// The P1a time bound (spec §3.11), when verified.
    pub time_bound: Option<TimeBound>,
    /// What a reader still has to trust.
    pub still_trusted: Vec<TrustedMsg>,
}

#[derive(Serialize, Deserialize)]
struct VerdictWire {
    ok: bool,
    #[serde(default, skip_deserializing)]
    level: String,
    earliest: Option<usize>,
    bitcoin: Vec<BitcoinCheck>,
    pending: Vec<String>,
    unchecked: Vec<AttestationPath>,
    headers: Option<HeaderRun>,
    #[serde(default, skip_deserializing)]
    header_error: Option<String>,
    #[serde(default)]
    header_analysis: Option<HeaderAnalysis>,
    #[serde(default, skip_deserializing)]
    checks: Vec<String>,
    #[serde(default, skip_deserializing)]
    time_bound: Option<String>,
    #[serde(default, skip_deserializing)]
    still_trusted: Vec<String>,
    msg: VerdictMsgs,
}

/// The typed twins of [`OtsVerdict`]'s sentences, under `msg` in its JSON.
#[derive(Serialize, Deserialize)]
struct VerdictMsgs {
    level: LevelMsg,
    header_error: Option<HeaderError>,
    checks: Vec<ProofCheck>,
    time_bound: Option<TimeBound>,
    still_trusted: Vec<TrustedMsg>,
}

impl From<OtsVerdict> for VerdictWire {
    fn from(v: OtsVerdict) -> Self {
        VerdictWire {
            ok: v.ok,
            level: v.level.to_string(),
            earliest: v.earliest,
            bitcoin: v.bitcoin,
            pending: v.pending,
            unchecked: v.unchecked,
            headers: v.headers,
            header_error: v.header_error.as_ref().map(ToString::to_string),
            header_analysis: v.header_analysis,
            checks: v.checks.iter().map(ToString::to_string).collect(),
            time_bound: v.time_bound.as_ref().map(ToString::to_string),
            still_trusted: v.still_trusted.iter().map(ToString::to_string).collect(),
            msg: VerdictMsgs {
                level: v.level,
                header_error: v.header_error,
                checks: v.checks,
                time_bound: v.time_bound,
                still_trusted: v.still_trusted,
            },
        }
    }
}

impl From<VerdictWire> for OtsVerdict {
    fn from(w: VerdictWire) -> Self {
        OtsVerdict {
            ok: w.ok,
            level: w.msg.level,
            earliest: w.earliest,
            bitcoin: w.bitcoin,
            pending: w.pending,
            unchecked: w.unchecked,
            headers: w.headers,
            header_error: w.msg.header_error,
            header_analysis: w.header_analysis,
            checks: w.msg.checks,
            time_bound: w.msg.time_bound,
            still_trusted: w.msg.still_trusted,
        }
    }
}

/// Verifies `ts` (a timestamp on the stamped digest; the caller has checked that the digest is
/// the stamped file's) against a set of supplied headers, in any order and in any number of
/// runs, each with the height the reader gave it (`HEIGHT HEX`) or none. The headers are read
/// as a set ([`analyze_headers`]): an attestation is confirmed by the header with its merkle
/// root, with that header's proof of work, the median time past of its supplied ancestors, and
/// every rule checked on the run it is linked into; a failure elsewhere in the set does not
/// touch it. A header's height comes from its label, from a labelled header it is linked to,
/// or from the attestation it matches.
pub fn verify_bitcoin(ts: &Timestamp, headers: &[LabelledHeader]) -> Result<OtsVerdict, EvalError> {
    let paths = attestations(ts)?;
    let mut claims = Vec::new();
    let mut pending = BTreeSet::new();
    let mut unchecked = Vec::new();
    for p in paths {
        match &p.attestation {
            Attestation::Bitcoin { height } => claims.push((*height, p.clone())),
            Attestation::Pending { uri } => {
                pending.insert(uri.clone());
            }
            _ => unchecked.push(p),
        }
    }
    // The headers as a set: the reader's labels, and the attested heights of the headers the
    // attestations match where the reader gave none.
    let roots: Vec<Vec<u8>> = claims
        .iter()
        .map(|(_, p)| hex::decode(&p.commitment).unwrap_or_default())
        .collect();
    let matched: Vec<Option<usize>> = roots
        .iter()
        .map(|r| {
            headers
                .iter()
                .position(|h| h.header.merkle_root.as_slice() == r.as_slice())
        })
        .collect();
    let labelled: Vec<LabelledHeader> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| LabelledHeader {
            height: h.height.or_else(|| {
                matched
                    .iter()
                    .zip(&claims)
                    .find(|(m, _)| **m == Some(i))
                    .map(|(_, (height, _))| *height)
            }),
            header: h.header.clone(),
        })
        .collect();
    let (header_analysis, header_error) = if headers.is_empty() {
        (None, None)
    } else {
        match analyze_headers(&labelled) {
            Ok(a) => (Some(a), None),
            Err(e) => (None, Some(e)),
        }
    };
    let set = header_analysis.as_ref().map(HeaderSet::new);
    let bitcoin: Vec<BitcoinCheck> = claims
        .into_iter()
        .zip(matched)
        .map(|((height, path), index)| {
            check_one(
                height,
                path,
                index,
                headers,
                set.as_ref(),
                header_error.as_ref(),
            )
        })
        .collect();
    // The run the earliest confirmed attestation is on, as the supplied chain of headers.
    let earliest = bitcoin
        .iter()
        .enumerate()
        .filter(|(_, c)| c.verified)
        .min_by_key(|(_, c)| (c.header_time, c.height))
        .map(|(i, _)| i);
    let run = match (&set, earliest.and_then(|i| bitcoin[i].header_index)) {
        (Some(set), Some(i)) => {
            let chain: Vec<BlockHeader> = set
                .chain_through(i)
                .into_iter()
                .map(|k| headers[k].header.clone())
                .collect();
            check_run(&chain).ok()
        }
        _ => None,
    };
    // A header error reported beside the verdict is one that rejected an attestation.
    let header_error = header_error.or_else(|| {
        bitcoin.iter().find_map(|c| match &c.message {
            AttestationMsg::RunRejected { why } => Some(why.clone()),
            _ => None,
        })
    });
    let ok = earliest.is_some();
    let missing_only = !bitcoin.is_empty()
        && bitcoin.iter().all(|c| {
            matches!(
                c.message,
                AttestationMsg::NoHeader { .. } | AttestationMsg::RootNotSupplied { .. }
            )
        });
    let level = if ok {
        LevelMsg::Level2
    } else if bitcoin.is_empty() && !pending.is_empty() && unchecked.is_empty() {
        LevelMsg::PendingOnly
    } else if bitcoin.is_empty() && !pending.is_empty() {
        LevelMsg::PendingAndOtherChains
    } else if bitcoin.is_empty() {
        LevelMsg::NoBitcoin
    } else if headers.is_empty() || (missing_only && header_error.is_none()) {
        LevelMsg::NoHeader
    } else {
        LevelMsg::Failed
    };
    let mut checks = vec![ProofCheck::Recomputed];
    if !headers.is_empty() {
        checks.push(ProofCheck::Headers {
            count: headers.len(),
        });
        checks.push(ProofCheck::MerkleCompared);
        if bitcoin.iter().any(|c| c.median_time_past.is_some()) {
            checks.push(ProofCheck::MedianTimePast);
        }
    }
    let time_bound = earliest.map(|i| {
        let c = &bitcoin[i];
        TimeBound {
            time_utc: c.header_time_utc.clone().unwrap_or_else(|| "?".into()),
            height: c.height,
            mtp_utc: c.median_time_past.map(format_utc),
        }
    });
    let mut still_trusted = Vec::new();
    if ok {
        still_trusted.push(TrustedMsg::BestChain);
        if bitcoin[earliest.unwrap_or(0)].median_time_past.is_none() {
            still_trusted.push(TrustedMsg::HeaderTime);
        }
    }
    Ok(OtsVerdict {
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

/// The supplied headers as the analysis linked them: which run (connected by previous-block
/// hashes) each is on, and how far the supplied descendants of each reach.
struct HeaderSet<'a> {
    analysis: &'a HeaderAnalysis,
    /// The first header of the run each header is on.
    run_of: Vec<usize>,
    /// Each header's children among the supplied headers.
    children: Vec<Vec<usize>>,
    /// Headers from each one down its longest line of supplied descendants (1 = itself).
    depth: Vec<usize>,
}

impl<'a> HeaderSet<'a> {
    fn new(analysis: &'a HeaderAnalysis) -> HeaderSet<'a> {
        let facts = &analysis.headers;
        let n = facts.len();
        let mut children = vec![Vec::new(); n];
        for (i, f) in facts.iter().enumerate() {
            if let Some(p) = f.parent {
                children[p].push(i);
            }
        }
        // Parents form a forest: walk it from the first headers down, then back up.
        let mut order: Vec<usize> = (0..n).filter(|&i| facts[i].parent.is_none()).collect();
        let mut run_of: Vec<usize> = (0..n).collect();
        let mut k = 0;
        while k < order.len() {
            let i = order[k];
            for &c in &children[i] {
                run_of[c] = run_of[i];
                order.push(c);
            }
            k += 1;
        }
        let mut depth = vec![1; n];
        for &i in order.iter().rev() {
            if let Some(p) = facts[i].parent {
                depth[p] = depth[p].max(depth[i] + 1);
            }
        }
        HeaderSet {
            analysis,
            run_of,
            children,
            depth,
        }
    }

    /// The height of header `i`: labelled, attested, or carried along links from either.
    fn height(&self, i: usize) -> Option<u64> {
        self.analysis.headers[i].height
    }

    /// The first failed check on the run header `i` is on.
    fn run_error(&self, i: usize) -> Option<&HeaderError> {
        self.analysis
            .errors
            .iter()
            .find(|e| self.run_of.get(e.index) == Some(&self.run_of[i]))
    }

    /// The supplied chain through `i`: its ancestors back to the run's first header, then its
    /// longest line of descendants.
    fn chain_through(&self, i: usize) -> Vec<usize> {
        let mut chain = vec![i];
        while let Some(p) = self.analysis.headers[*chain.last().expect("one")].parent {
            chain.push(p);
        }
        chain.reverse();
        let mut at = i;
        while let Some(&next) = self.children[at]
            .iter()
            .max_by_key(|&&c| (self.depth[c], std::cmp::Reverse(c)))
        {
            chain.push(next);
            at = next;
        }
        chain
    }
}

fn check_one(
    height: u64,
    path: AttestationPath,
    index: Option<usize>,
    headers: &[LabelledHeader],
    set: Option<&HeaderSet>,
    set_error: Option<&HeaderError>,
) -> BitcoinCheck {
    let commitment = hex::decode(&path.commitment).unwrap_or_default();
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
        message: AttestationMsg::NoHeader { height },
    };
    let Some(i) = index else {
        if !headers.is_empty() {
            let root = c
                .path
                .merkle_root
                .as_ref()
                .map(|m| m.display.clone())
                .unwrap_or_default();
            c.message = if commitment.len() != 32 {
                AttestationMsg::CommitmentLength {
                    bytes: commitment.len(),
                }
            } else if let Some(set) = set {
                let n = set.analysis.headers.len();
                if (0..n).any(|k| set.height(k) == Some(height)) {
                    // The header of block `height` was supplied, and has another root.
                    AttestationMsg::NoMatchingRoot { root, height }
                } else if (0..n).all(|k| set.height(k).is_some()) {
                    AttestationMsg::NoHeader { height }
                } else {
                    // A header of unknown height may be block `height`'s: a missing header and
                    // a mismatch cannot be told apart.
                    AttestationMsg::RootNotSupplied { root, height }
                }
            } else {
                AttestationMsg::RootNotSupplied { root, height }
            };
        }
        return c;
    };
    let h = &headers[i].header;
    c.block_hash = Some(h.hash_display());
    c.header_time = Some(h.time);
    c.header_time_utc = Some(format_utc(h.time));
    if let Err(pow) = h.check_pow() {
        c.message = AttestationMsg::Pow { pow };
        return c;
    }
    let Some(set) = set else {
        // The set could not be analysed (too many headers), so no run rule was checked.
        if let Some(why) = set_error {
            c.message = AttestationMsg::RunRejected { why: why.clone() };
        }
        return c;
    };
    c.confirmations_supplied = set.depth[i];
    c.median_time_past = set.analysis.headers[i].mtp_before;
    if let Some(mtp) = c.median_time_past {
        if h.time <= mtp {
            c.message = AttestationMsg::TimeNotAboveMtp { time: h.time, mtp };
            return c;
        }
    }
    if let Some(why) = set.run_error(i) {
        c.message = AttestationMsg::RunRejected { why: why.clone() };
        return c;
    }
    c.verified = true;
    c.message = match headers[i].height {
        Some(label) if label != height => AttestationMsg::AttestsLabelDiffers {
            height,
            time_utc: format_utc(h.time),
            label,
        },
        _ => AttestationMsg::Attests {
            height,
            time_utc: format_utc(h.time),
        },
    };
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
