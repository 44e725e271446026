//! Bitcoin block headers, checked offline: the 80-byte header, its double-SHA256 hash, proof
//! of work against the compact target `nBits`, runs of consecutive headers linked by
//! previous-block hash with their total work, and the median time past of 11 headers
//! (spec §3.11: header time is bounded below by the median of the previous 11 blocks and in
//! practice the anchored prefix existed no later than a few hours after header time).

pub use super::messages::{Finding, HeaderAt, HeaderMsg, NoteMsg, PowError};
use crate::hex;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// Main-net proof-of-work limit in compact form (the target of difficulty 1).
pub const POW_LIMIT_BITS: u32 = 0x1d00ffff;

/// A parsed 80-byte block header. Hash fields are in internal (header) byte order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockHeader {
    /// `nVersion`.
    pub version: i32,
    /// `hashPrevBlock`: the previous block's hash.
    pub prev_block: [u8; 32],
    /// `hashMerkleRoot`: what an OpenTimestamps Bitcoin attestation commits to.
    pub merkle_root: [u8; 32],
    /// `nTime`: Unix seconds, as the miner wrote it (not a trusted clock: spec §3.11).
    pub time: u32,
    /// `nBits`: the target in compact form.
    pub bits: u32,
    /// `nNonce`.
    pub nonce: u32,
    /// The 80 bytes as given (the block hash is their double SHA-256).
    pub raw: [u8; 80],
}

/// Why a header or a run of headers was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderError {
    /// 0-based position in the supplied run (0 for a single header).
    pub index: usize,
    /// What is wrong, as a message id with its arguments.
    pub message: HeaderMsg,
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "header {}: {}", self.index, self.message)
    }
}

fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b.try_into().expect("4 bytes"))
}

impl BlockHeader {
    /// Parses exactly 80 bytes.
    pub fn parse(bytes: &[u8]) -> Result<BlockHeader, HeaderError> {
        let raw: [u8; 80] = bytes.try_into().map_err(|_| HeaderError {
            index: 0,
            message: HeaderMsg::NotEightyBytes { got: bytes.len() },
        })?;
        Ok(BlockHeader {
            version: le_u32(&raw[0..4]) as i32,
            prev_block: raw[4..36].try_into().expect("32"),
            merkle_root: raw[36..68].try_into().expect("32"),
            time: le_u32(&raw[68..72]),
            bits: le_u32(&raw[72..76]),
            nonce: le_u32(&raw[76..80]),
            raw,
        })
    }

    /// Parses 160 hex digits (surrounding whitespace ignored).
    pub fn parse_hex(text: &str) -> Result<BlockHeader, HeaderError> {
        let t = text.trim();
        let bytes = hex::decode(t).ok_or(HeaderError {
            index: 0,
            message: HeaderMsg::NotHex,
        })?;
        BlockHeader::parse(&bytes)
    }

    /// Parses a run of headers: hex separated by whitespace (one per line, as explorers give
    /// them) or, if `bytes` is not text, concatenated 80-byte binary headers.
    pub fn parse_many(bytes: &[u8]) -> Result<Vec<BlockHeader>, HeaderError> {
        let as_text = std::str::from_utf8(bytes).ok().filter(|t| {
            t.bytes()
                .all(|b| b.is_ascii_hexdigit() || b.is_ascii_whitespace())
        });
        let with_index = |i: usize| move |e: HeaderError| HeaderError { index: i, ..e };
        match as_text {
            Some(t) => t
                .split_ascii_whitespace()
                .enumerate()
                .map(|(i, h)| BlockHeader::parse_hex(h).map_err(with_index(i)))
                .collect(),
            None if bytes.chunks_exact(80).remainder().is_empty() => bytes
                .chunks(80)
                .enumerate()
                .map(|(i, c)| BlockHeader::parse(c).map_err(with_index(i)))
                .collect(),
            None => Err(HeaderError {
                index: 0,
                message: HeaderMsg::BinaryLength { bytes: bytes.len() },
            }),
        }
    }

    /// Double SHA-256 of the 80 bytes, internal byte order.
    pub fn hash(&self) -> [u8; 32] {
        Sha256::digest(Sha256::digest(self.raw)).into()
    }

    /// The block hash as explorers print it (reversed).
    pub fn hash_display(&self) -> String {
        let mut h = self.hash();
        h.reverse();
        hex::encode(&h)
    }

    /// Checks proof of work: `nBits` decodes to a positive target not above the main-net
    /// limit, and the hash (as a 256-bit little-endian number) is at most the target.
    /// Returns the block's work (expected number of hashes).
    pub fn check_pow(&self) -> Result<U256, PowError> {
        self.check_pow_within(POW_LIMIT_BITS)
    }

    /// [`Self::check_pow`] against another network's limit (tests use regtest's `0x207fffff`).
    fn check_pow_within(&self, limit_bits: u32) -> Result<U256, PowError> {
        let target = target_within(self.bits, limit_bits)?;
        let hash = U256::from_le_bytes(&self.hash());
        if hash > target {
            return Err(PowError::AboveTarget {
                hash: self.hash_display(),
                bits: self.bits,
            });
        }
        Ok(work_from_target(&target))
    }
}

/// Decodes compact `nBits` (Bitcoin's `SetCompact`) and rejects negative, overflowing, zero
/// or above-limit targets as `CheckProofOfWork` does.
pub fn target_from_bits(bits: u32) -> Result<U256, PowError> {
    target_within(bits, POW_LIMIT_BITS)
}

fn target_within(bits: u32, limit_bits: u32) -> Result<U256, PowError> {
    let size = bits >> 24;
    let mut word = bits & 0x007f_ffff;
    let target = if size <= 3 {
        word >>= 8 * (3 - size);
        U256::from_u64(u64::from(word))
    } else {
        U256::from_u64(u64::from(word)).shl(8 * (size - 3))
    };
    if word != 0 && bits & 0x0080_0000 != 0 {
        return Err(PowError::NegativeTarget { bits });
    }
    if word != 0 && (size > 34 || (word > 0xff && size > 33) || (word > 0xffff && size > 32)) {
        return Err(PowError::Overflow { bits });
    }
    if target.is_zero() {
        return Err(PowError::ZeroTarget { bits });
    }
    if bits != limit_bits && target > target_within(limit_bits, limit_bits)? {
        return Err(PowError::EasierThanLimit {
            bits,
            limit: limit_bits,
        });
    }
    Ok(target)
}

/// Bitcoin's `GetBlockProof`: 2^256 / (target + 1), computed as ~target / (target + 1) + 1.
pub fn work_from_target(target: &U256) -> U256 {
    let denom = target.add(&U256::from_u64(1));
    target.not().div(&denom).add(&U256::from_u64(1))
}

/// Median of the times of 11 consecutive headers (`GetMedianTimePast`): a block is valid only
/// if its time is above the median time past of the 11 blocks before it.
pub fn median_time_past(times: &[u32]) -> Option<u32> {
    if times.len() != 11 {
        return None;
    }
    let mut t = times.to_vec();
    t.sort_unstable();
    Some(t[5])
}

/// A checked run of consecutive headers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeaderRun {
    /// Headers in the run.
    pub count: usize,
    /// Block hashes, display order, first to last.
    pub hashes: Vec<String>,
    /// Sum of the blocks' work, hex (like `chainwork`).
    pub total_work: String,
    /// Approximate total work as a float, for reading.
    pub total_work_approx: f64,
}

/// Checks that every header has valid proof of work and links to the one before it.
pub fn check_run(headers: &[BlockHeader]) -> Result<HeaderRun, HeaderError> {
    if headers.is_empty() {
        return Err(HeaderError {
            index: 0,
            message: HeaderMsg::NoHeader,
        });
    }
    let mut total = U256::ZERO;
    for (i, h) in headers.iter().enumerate() {
        let work = h.check_pow().map_err(|pow| HeaderError {
            index: i,
            message: HeaderMsg::Pow { pow },
        })?;
        total = total.add(&work);
        if i > 0 && h.prev_block != headers[i - 1].hash() {
            return Err(HeaderError {
                index: i,
                message: HeaderMsg::DoesNotFollow {
                    previous: i - 1,
                    hash: headers[i - 1].hash_display(),
                },
            });
        }
    }
    Ok(HeaderRun {
        count: headers.len(),
        hashes: headers.iter().map(BlockHeader::hash_display).collect(),
        total_work: total.to_hex(),
        total_work_approx: total.to_f64(),
    })
}

/// Blocks per difficulty period (Bitcoin's `DifficultyAdjustmentInterval`).
pub const RETARGET_INTERVAL: u64 = 2016;
/// The period's target timespan in seconds (two weeks: `nPowTargetTimespan`).
pub const TARGET_TIMESPAN: u64 = 14 * 24 * 60 * 60;

/// Bitcoin's `CalculateNextWorkRequired` on main net: the `nBits` of the first block of a
/// period, from the time of the previous period's first block, the time and `nBits` of its
/// last block. The timespan covers 2015 intervals, not 2016 (Bitcoin's off-by-one, kept by
/// consensus), is clamped to [timespan/4, timespan*4], and the result is capped at the
/// proof-of-work limit. Returns (actual timespan, clamped timespan, new nBits).
pub fn next_work_required(
    first_time: u32,
    last_time: u32,
    last_bits: u32,
) -> Result<(i64, u64, u32), PowError> {
    next_work_within(first_time, last_time, last_bits, POW_LIMIT_BITS)
}

fn next_work_within(
    first_time: u32,
    last_time: u32,
    last_bits: u32,
    limit_bits: u32,
) -> Result<(i64, u64, u32), PowError> {
    let actual = i64::from(last_time) - i64::from(first_time);
    let t = TARGET_TIMESPAN as i64;
    let clamped = actual.clamp(t / 4, t * 4) as u64;
    let target = target_within(last_bits, limit_bits)?;
    let limit = target_within(limit_bits, limit_bits)?;
    let new = target
        .mul_u64(clamped)
        .div(&U256::from_u64(TARGET_TIMESPAN));
    let new = if new > limit { limit } else { new };
    Ok((actual, clamped, new.to_compact()))
}

/// A header as supplied, with the height the reader gave for it (a `HEIGHT HEX` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelledHeader {
    /// The height the reader wrote before the header, if any.
    pub height: Option<u64>,
    /// The header.
    pub header: BlockHeader,
}

/// Reads headers as [`BlockHeader::parse_many`] does, and also lines `HEIGHT HEX` (a decimal
/// height of at most 9 digits, then the header) that name a header's height.
pub fn parse_labelled(bytes: &[u8]) -> Result<Vec<LabelledHeader>, HeaderError> {
    let text = std::str::from_utf8(bytes).ok().filter(|t| {
        t.bytes()
            .all(|b| b.is_ascii_hexdigit() || b.is_ascii_whitespace())
    });
    let Some(text) = text else {
        return Ok(BlockHeader::parse_many(bytes)?
            .into_iter()
            .map(|header| LabelledHeader {
                height: None,
                header,
            })
            .collect());
    };
    let mut out = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        let label = match tokens.as_slice() {
            [h, _] if h.len() <= 9 && h.bytes().all(|b| b.is_ascii_digit()) => h.parse().ok(),
            _ => None,
        };
        let hexes = if label.is_some() {
            &tokens[1..]
        } else {
            &tokens[..]
        };
        for h in hexes {
            let i = out.len();
            let header = BlockHeader::parse_hex(h).map_err(|e| HeaderError { index: i, ..e })?;
            out.push(LabelledHeader {
                height: label,
                header,
            });
        }
    }
    Ok(out)
}

/// One supplied header, as the set of headers places it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeaderFacts {
    /// The block hash, display order (hex).
    pub hash: String,
    /// Known from a label, or from a labelled header it is linked to.
    pub height: Option<u64>,
    /// `nTime`.
    pub time: u32,
    /// `nBits`, as `0x1703a30c`.
    pub bits: String,
    /// The hash is at or below the target `nBits` states, and that target within the limit.
    pub pow_ok: bool,
    /// Index of the supplied header it builds on.
    pub parent: Option<usize>,
    /// Median of the 11 supplied ancestors before it (the rule its time must exceed).
    pub mtp_before: Option<u32>,
    /// `GetMedianTimePast` of this block: the median of itself and its 10 ancestors.
    pub median_time_past: Option<u32>,
}

/// A difficulty retarget recomputed from the period's first and last headers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RetargetCheck {
    /// Height of the period's first block (a multiple of 2016).
    pub height: u64,
    /// `nTime` of the previous period's first block.
    pub first_time: u32,
    /// `nTime` of the previous period's last block.
    pub last_time: u32,
    /// `last_time - first_time`, seconds.
    pub actual_timespan: i64,
    /// That span clamped to a quarter and four times two weeks (Bitcoin Core's
    /// `CalculateNextWorkRequired`).
    pub clamped_timespan: u64,
    /// `nBits` of the previous period.
    pub old_bits: String,
    /// `nBits` the retarget rule gives for this period.
    pub expected_bits: String,
    /// `nBits` the period's first block states.
    pub bits: String,
    /// Whether the two agree.
    pub ok: bool,
}

/// One child of a fork and the heaviest supplied run built on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForkBranch {
    /// The child's block hash.
    pub hash: String,
    /// Headers on the branch's heaviest run, the child included.
    pub length: usize,
    /// That run's work, hex.
    pub work: String,
    /// The hash of the run's last header.
    pub tip: String,
}

/// Two or more supplied headers on the same parent: competing blocks (one became stale).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fork {
    /// The common parent's hash.
    pub parent: String,
    /// Its height, when known.
    pub parent_height: Option<u64>,
    /// Each child and its heaviest run.
    pub branches: Vec<ForkBranch>,
    /// The branch on the heavier run, when the supplied headers decide it.
    pub heavier: Option<String>,
}

/// What a set of headers shows without a node (spec §3.11, Appendix B step 6): proof of work
/// of each, the links between them, the runs they form and their total work, median time
/// past, every retarget whose period's first header was supplied, and forks with the branch
/// on the heavier run. As JSON, `errors`, `notes` and `findings` are the English sentences (as
/// `sealbook ots headers --json` always wrote them) and `msg` holds them as ids with their
/// arguments, which is what is read back.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(from = "AnalysisWire")]
pub struct HeaderAnalysis {
    /// No header failed proof of work, a height, the median-time-past rule or a retarget.
    pub ok: bool,
    /// Headers supplied.
    pub count: usize,
    /// Headers whose previous-block hash names another supplied header.
    pub links: usize,
    /// Each supplied header, in the order given.
    pub headers: Vec<HeaderFacts>,
    /// The heaviest run: its first and last header (indices), length and total work (hex).
    pub best_first: usize,
    /// See `best_first`.
    pub best_tip: usize,
    /// See `best_first`.
    pub best_length: usize,
    /// See `best_first`.
    pub best_work: String,
    /// Every retarget that could be recomputed.
    pub retargets: Vec<RetargetCheck>,
    /// Every fork among the supplied headers.
    pub forks: Vec<Fork>,
    /// Failed checks, naming the header (0-based index).
    pub errors: Vec<HeaderError>,
    /// Checks that could not be made with the headers given.
    pub notes: Vec<NoteMsg>,
    /// The conclusions, in order.
    pub findings: Vec<Finding>,
}

/// The typed twins of [`HeaderAnalysis`]'s sentences, under `msg` in its JSON.
#[derive(Deserialize)]
struct AnalysisMsgs {
    errors: Vec<HeaderError>,
    notes: Vec<NoteMsg>,
    findings: Vec<Finding>,
}

/// [`HeaderAnalysis`] as JSON, read back.
#[derive(Deserialize)]
struct AnalysisWire {
    ok: bool,
    count: usize,
    links: usize,
    headers: Vec<HeaderFacts>,
    best_first: usize,
    best_tip: usize,
    best_length: usize,
    best_work: String,
    retargets: Vec<RetargetCheck>,
    forks: Vec<Fork>,
    msg: AnalysisMsgs,
}

impl From<AnalysisWire> for HeaderAnalysis {
    fn from(w: AnalysisWire) -> Self {
        HeaderAnalysis {
            ok: w.ok,
            count: w.count,
            links: w.links,
            headers: w.headers,
            best_first: w.best_first,
            best_tip: w.best_tip,
            best_length: w.best_length,
            best_work: w.best_work,
            retargets: w.retargets,
            forks: w.forks,
            errors: w.msg.errors,
            notes: w.msg.notes,
            findings: w.msg.findings,
        }
    }
}

/// Sentences as the CLI prints them.
fn english<T: fmt::Display>(said: &[T]) -> Vec<String> {
    said.iter().map(T::to_string).collect()
}

impl Serialize for HeaderAnalysis {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            ok: bool,
            count: usize,
            links: usize,
            headers: &'a [HeaderFacts],
            best_first: usize,
            best_tip: usize,
            best_length: usize,
            best_work: &'a str,
            retargets: &'a [RetargetCheck],
            forks: &'a [Fork],
            errors: Vec<String>,
            notes: Vec<String>,
            findings: Vec<String>,
            msg: MsgsOut<'a>,
        }
        #[derive(Serialize)]
        struct MsgsOut<'a> {
            errors: &'a [HeaderError],
            notes: &'a [NoteMsg],
            findings: &'a [Finding],
        }
        Out {
            ok: self.ok,
            count: self.count,
            links: self.links,
            headers: &self.headers,
            best_first: self.best_first,
            best_tip: self.best_tip,
            best_length: self.best_length,
            best_work: &self.best_work,
            retargets: &self.retargets,
            forks: &self.forks,
            errors: english(&self.errors),
            notes: english(&self.notes),
            findings: english(&self.findings),
            msg: MsgsOut {
                errors: &self.errors,
                notes: &self.notes,
                findings: &self.findings,
            },
        }
        .serialize(s)
    }
}

/// Most headers analysed at once (the page's and the CLI's header inputs stay below this).
pub const MAX_ANALYSED_HEADERS: usize = 200_000;

fn short(hash: &str) -> String {
    let t = hash.trim_start_matches('0');
    format!(
        "{}..{}",
        &hash[..4.min(hash.len())],
        &t[t.len().saturating_sub(8)..]
    )
}

/// Analyses a set of headers in any order. Duplicates count once (the first is kept).
pub fn analyze_headers(input: &[LabelledHeader]) -> Result<HeaderAnalysis, HeaderError> {
    analyze_within(input, POW_LIMIT_BITS)
}

fn analyze_within(
    input: &[LabelledHeader],
    limit_bits: u32,
) -> Result<HeaderAnalysis, HeaderError> {
    if input.is_empty() {
        return Err(HeaderError {
            index: 0,
            message: HeaderMsg::NoHeader,
        });
    }
    if input.len() > MAX_ANALYSED_HEADERS {
        return Err(HeaderError {
            index: MAX_ANALYSED_HEADERS,
            message: HeaderMsg::TooMany {
                max: MAX_ANALYSED_HEADERS,
            },
        });
    }
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let graph = HeaderGraph::link(input, &mut notes);
    let work = proof_of_work(input, &graph.live, limit_bits, &mut errors);
    let height = graph.heights(input, &mut errors);
    let facts = header_facts(input, &graph, &work, &height, &mut errors);
    let retargets = check_retargets(input, &graph, &height, limit_bits, &mut errors, &mut notes);
    let best = graph.heaviest_runs(&work);
    let forks = graph.forks(&facts, &height, &best);
    let roots: Vec<usize> = graph
        .order
        .iter()
        .copied()
        .filter(|&i| graph.parent[i].is_none())
        .collect();
    let best_first = roots
        .iter()
        .copied()
        .max_by(|&a, &b| best[a].work.cmp(&best[b].work).then(b.cmp(&a)))
        .ok_or(HeaderError {
            index: 0,
            message: HeaderMsg::Cycle,
        })?;
    let heaviest = best[best_first];
    let links = graph.parent.iter().filter(|p| p.is_some()).count();
    let pow_ok = work
        .iter()
        .enumerate()
        .filter(|(i, w)| graph.live[*i] && w.is_some())
        .count();
    let mut findings = vec![Finding::Counts {
        headers: graph.n,
        pow_ok,
        linked: links,
        runs: roots.len(),
    }];
    findings.extend(conclusions(
        &graph, &facts, &height, best_first, heaviest, &retargets, &forks,
    ));
    Ok(HeaderAnalysis {
        ok: errors.is_empty(),
        count: graph.n,
        links,
        headers: facts,
        best_first,
        best_tip: heaviest.tip,
        best_length: heaviest.length,
        best_work: heaviest.work.to_hex(),
        retargets,
        forks,
        errors,
        notes,
        findings,
    })
}

/// The supplied headers linked by previous-block hash: a forest, since links follow hashes.
struct HeaderGraph {
    n: usize,
    /// The first copy of each header; later duplicates are not live.
    live: Vec<bool>,
    /// Index of the supplied header each one builds on.
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    /// Roots first, then children: every live header once.
    order: Vec<usize>,
}

/// The heaviest run of headers from one header down its children.
#[derive(Clone, Copy)]
struct Run {
    /// Its total work, the first header's own included.
    work: U256,
    length: usize,
    tip: usize,
}

impl HeaderGraph {
    /// Links each header to its parent; a repeated header is noted and counts once.
    fn link(input: &[LabelledHeader], notes: &mut Vec<NoteMsg>) -> HeaderGraph {
        let hashes: Vec<[u8; 32]> = input.iter().map(|l| l.header.hash()).collect();
        let mut by_hash: BTreeMap<[u8; 32], usize> = BTreeMap::new();
        for (i, h) in hashes.iter().enumerate() {
            if let Some(&j) = by_hash.get(h) {
                notes.push(NoteMsg::Repeats {
                    header: i,
                    first: j,
                });
            } else {
                by_hash.insert(*h, i);
            }
        }
        let n = input.len();
        let live: Vec<bool> = (0..n).map(|i| by_hash[&hashes[i]] == i).collect();
        let parent: Vec<Option<usize>> = (0..n)
            .map(|i| {
                live[i]
                    .then(|| by_hash.get(&input[i].header.prev_block).copied())
                    .flatten()
            })
            .collect();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, p) in parent.iter().enumerate() {
            if let Some(p) = *p {
                children[p].push(i);
            }
        }
        let mut order: Vec<usize> = (0..n).filter(|&i| live[i] && parent[i].is_none()).collect();
        let mut k = 0;
        while k < order.len() {
            let i = order[k];
            order.extend(children[i].iter().copied());
            k += 1;
        }
        HeaderGraph {
            n,
            live,
            parent,
            children,
            order,
        }
    }

    /// Heights from the labels, carried along links both ways; a link whose heights do not
    /// differ by one is an error.
    fn heights(&self, input: &[LabelledHeader], errors: &mut Vec<HeaderError>) -> Vec<Option<u64>> {
        let parent = &self.parent;
        let mut height: Vec<Option<u64>> = vec![None; self.n];
        for &i in &self.order {
            if let Some(h) = input[i].height {
                height[i] = Some(h);
            }
        }
        for _ in 0..2 {
            for &i in &self.order {
                if let (Some(p), None) = (parent[i], height[i]) {
                    height[i] = height[p].map(|h| h + 1);
                }
            }
            for &i in self.order.iter().rev() {
                if let (Some(p), Some(h)) = (parent[i], height[i]) {
                    if height[p].is_none() && h > 0 {
                        height[p] = Some(h - 1);
                    }
                }
            }
        }
        for &i in &self.order {
            let Some(p) = parent[i] else { continue };
            if let (Some(h), Some(hp)) = (height[i], height[p]) {
                if h != hp + 1 {
                    errors.push(HeaderError {
                        index: i,
                        message: HeaderMsg::HeightMismatch {
                            height: h,
                            parent: p,
                            parent_height: hp,
                        },
                    });
                }
            }
        }
        height
    }

    /// The times of the `k` ancestors of header `i`, nearest first, if all were supplied.
    fn ancestor_times(&self, input: &[LabelledHeader], i: usize, k: usize) -> Option<Vec<u32>> {
        let mut t = Vec::with_capacity(k);
        let mut at = self.parent[i];
        while t.len() < k {
            let a = at?;
            t.push(input[a].header.time);
            at = self.parent[a];
        }
        Some(t)
    }

    /// The heaviest run below each header (its own work included), children before parents.
    fn heaviest_runs(&self, work: &[Option<U256>]) -> Vec<Run> {
        let mut best: Vec<Run> = (0..self.n)
            .map(|i| Run {
                work: work[i].unwrap_or(U256::ZERO),
                length: 1,
                tip: i,
            })
            .collect();
        for &i in self.order.iter().rev() {
            let mut top: Option<Run> = None;
            for &c in &self.children[i] {
                if top.is_none_or(|t| best[c].work > t.work) {
                    top = Some(best[c]);
                }
            }
            if let Some(t) = top {
                best[i] = Run {
                    work: best[i].work.add(&t.work),
                    length: t.length + 1,
                    tip: t.tip,
                };
            }
        }
        best
    }

    /// Every header with two or more children, each branch with its heaviest run, and the
    /// branch on the heavier run when the work decides it.
    fn forks(&self, facts: &[HeaderFacts], height: &[Option<u64>], best: &[Run]) -> Vec<Fork> {
        let mut forks = Vec::new();
        for &i in &self.order {
            let children = &self.children[i];
            if children.len() < 2 {
                continue;
            }
            let branches: Vec<ForkBranch> = children
                .iter()
                .map(|&c| ForkBranch {
                    hash: facts[c].hash.clone(),
                    length: best[c].length,
                    work: best[c].work.to_hex(),
                    tip: facts[best[c].tip].hash.clone(),
                })
                .collect();
            let top = children.iter().map(|&c| best[c].work).max().expect("two");
            let heaviest: Vec<usize> = children
                .iter()
                .copied()
                .filter(|&c| best[c].work == top)
                .collect();
            forks.push(Fork {
                parent: facts[i].hash.clone(),
                parent_height: height[i],
                branches,
                heavier: (heaviest.len() == 1).then(|| facts[heaviest[0]].hash.clone()),
            });
        }
        forks
    }
}

/// Each header's proof of work against its own `nBits` (within `limit_bits`): its work, or
/// an error for a live header that fails.
fn proof_of_work(
    input: &[LabelledHeader],
    live: &[bool],
    limit_bits: u32,
    errors: &mut Vec<HeaderError>,
) -> Vec<Option<U256>> {
    input
        .iter()
        .enumerate()
        .map(|(i, l)| match l.header.check_pow_within(limit_bits) {
            Ok(w) => Some(w),
            Err(pow) => {
                if live[i] {
                    errors.push(HeaderError {
                        index: i,
                        message: HeaderMsg::Pow { pow },
                    });
                }
                None
            }
        })
        .collect()
}

/// What each header is, with its median time past; a live header whose time is not above
/// the median of its 11 ancestors is an error (spec §3.11).
fn header_facts(
    input: &[LabelledHeader],
    graph: &HeaderGraph,
    work: &[Option<U256>],
    height: &[Option<u64>],
    errors: &mut Vec<HeaderError>,
) -> Vec<HeaderFacts> {
    let mut facts = Vec::with_capacity(graph.n);
    for i in 0..graph.n {
        let h = &input[i].header;
        let mtp_before = graph
            .ancestor_times(input, i, 11)
            .and_then(|t| median_time_past(&t));
        let median = graph.ancestor_times(input, i, 10).and_then(|mut t| {
            t.push(h.time);
            median_time_past(&t)
        });
        if let (true, Some(m)) = (graph.live[i], mtp_before) {
            if h.time <= m {
                errors.push(HeaderError {
                    index: i,
                    message: HeaderMsg::TimeNotAboveMtp {
                        time: h.time,
                        mtp: m,
                    },
                });
            }
        }
        facts.push(HeaderFacts {
            hash: h.hash_display(),
            height: height[i],
            time: h.time,
            bits: format!("0x{:08x}", h.bits),
            pow_ok: work[i].is_some(),
            parent: graph.parent[i],
            mtp_before,
            median_time_past: median,
        });
    }
    facts
}

/// Every retarget whose period's first header was supplied, recomputed; a `bits` change
/// off a retarget height is an error, and one at an unknown height a note.
fn check_retargets(
    input: &[LabelledHeader],
    graph: &HeaderGraph,
    height: &[Option<u64>],
    limit_bits: u32,
    errors: &mut Vec<HeaderError>,
    notes: &mut Vec<NoteMsg>,
) -> Vec<RetargetCheck> {
    let at_height: BTreeMap<u64, usize> = graph
        .order
        .iter()
        .filter_map(|&i| height[i].map(|h| (h, i)))
        .collect();
    let mut retargets = Vec::new();
    for &i in &graph.order {
        let Some(p) = graph.parent[i] else { continue };
        let (hb, pb) = (input[i].header.bits, input[p].header.bits);
        match height[i] {
            Some(hi) if hi % RETARGET_INTERVAL == 0 && hi >= RETARGET_INTERVAL => {
                let Some(&f) = at_height.get(&(hi - RETARGET_INTERVAL)) else {
                    notes.push(NoteMsg::RetargetNotRecomputed {
                        height: hi,
                        first: hi - RETARGET_INTERVAL,
                    });
                    continue;
                };
                let (first_time, last_time) = (input[f].header.time, input[p].header.time);
                match next_work_within(first_time, last_time, pb, limit_bits) {
                    Ok((actual, clamped, expected)) => {
                        let ok = expected == hb;
                        if !ok {
                            errors.push(HeaderError {
                                index: i,
                                message: HeaderMsg::RetargetMismatch {
                                    bits: hb,
                                    height: hi,
                                    expected,
                                },
                            });
                        }
                        retargets.push(RetargetCheck {
                            height: hi,
                            first_time,
                            last_time,
                            actual_timespan: actual,
                            clamped_timespan: clamped,
                            old_bits: format!("0x{pb:08x}"),
                            expected_bits: format!("0x{expected:08x}"),
                            bits: format!("0x{hb:08x}"),
                            ok,
                        });
                    }
                    Err(pow) => errors.push(HeaderError {
                        index: p,
                        message: HeaderMsg::Pow { pow },
                    }),
                }
            }
            Some(hi) if hb != pb => errors.push(HeaderError {
                index: i,
                message: HeaderMsg::NotRetargetHeight {
                    from_bits: pb,
                    to_bits: hb,
                    height: hi,
                },
            }),
            None if hb != pb => notes.push(NoteMsg::BitsChangeUnplaced {
                header: i,
                from_bits: pb,
                to_bits: hb,
            }),
            _ => {}
        }
    }
    retargets
}

/// The conclusions after the counts, in order: the heaviest run (and whether an undecided
/// fork on it ties it), its tip's median time past, each retarget, each fork.
fn conclusions(
    graph: &HeaderGraph,
    facts: &[HeaderFacts],
    height: &[Option<u64>],
    best_first: usize,
    heaviest: Run,
    retargets: &[RetargetCheck],
    forks: &[Fork],
) -> Vec<Finding> {
    let at = |i: usize| HeaderAt {
        hash: short(&facts[i].hash),
        height: height[i],
        index: Some(i),
    };
    let mut findings = Vec::new();
    // The heaviest run is not unique when a fork on it is undecided.
    let mut tied = false;
    let mut at_node = heaviest.tip;
    while let Some(p) = graph.parent[at_node] {
        tied |= forks
            .iter()
            .any(|f| f.heavier.is_none() && f.parent == facts[p].hash);
        at_node = p;
    }
    findings.push(Finding::Heaviest {
        length: heaviest.length,
        first: at(best_first),
        tip: at(heaviest.tip),
        work: heaviest.work.to_hex().trim_start_matches('0').to_string(),
        approx: heaviest.work.to_f64(),
        tied,
    });
    let tip = &facts[heaviest.tip];
    if let Some(m) = tip.mtp_before {
        findings.push(Finding::MtpBefore {
            at: at(heaviest.tip),
            mtp: m,
            mtp_utc: format_utc(m),
            time: tip.time,
            above: tip.time > m,
        });
    }
    if let Some(m) = tip.median_time_past {
        findings.push(Finding::MtpItself {
            at: at(heaviest.tip),
            mtp: m,
            mtp_utc: format_utc(m),
        });
    }
    for r in retargets {
        findings.push(Finding::Retarget {
            height: r.height,
            timespan: r.actual_timespan,
            clamped: r.clamped_timespan,
            old_bits: r.old_bits.clone(),
            target_timespan: TARGET_TIMESPAN,
            expected_bits: r.expected_bits.clone(),
            bits: r.bits.clone(),
            ok: r.ok,
        });
    }
    findings.extend(forks.iter().map(fork_finding));
    findings
}

/// A fork as a finding: decided by the heavier run, or not.
fn fork_finding(f: &Fork) -> Finding {
    let branches: Vec<String> = f.branches.iter().map(|b| short(&b.hash)).collect();
    let parent = HeaderAt {
        hash: short(&f.parent),
        height: f.parent_height,
        index: None,
    };
    match &f.heavier {
        Some(h) => {
            let b = f.branches.iter().find(|b| &b.hash == h).expect("a branch");
            Finding::ForkDecided {
                parent,
                branches,
                heavier: short(h),
                length: b.length,
                tip: short(&b.tip),
            }
        }
        None => Finding::ForkUndecided { parent, branches },
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a Unix time (proleptic Gregorian, UTC).
pub fn format_utc(unix: u32) -> String {
    let secs = u64::from(unix);
    let rem = secs % 86_400;
    let d = crate::calendar::Date::from_days_since_epoch((secs / 86_400) as i64);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        d.year,
        d.month,
        d.day,
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// A 256-bit unsigned integer (four little-endian 64-bit limbs), just enough for targets
/// and work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct U256([u64; 4]);

impl U256 {
    /// Zero.
    pub const ZERO: U256 = U256([0; 4]);

    /// `v` as a 256-bit number.
    pub fn from_u64(v: u64) -> U256 {
        U256([v, 0, 0, 0])
    }

    /// From 32 little-endian bytes (how a block hash is compared with its target).
    pub fn from_le_bytes(b: &[u8; 32]) -> U256 {
        let mut l = [0u64; 4];
        for (i, limb) in l.iter_mut().enumerate() {
            *limb = u64::from_le_bytes(b[i * 8..i * 8 + 8].try_into().expect("8"));
        }
        U256(l)
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }

    fn bit(&self, i: u32) -> bool {
        self.0[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// Shifted left by `n` bits (bits past 256 are lost).
    pub fn shl(&self, n: u32) -> U256 {
        let mut r = [0u64; 4];
        if n >= 256 {
            return U256(r);
        }
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        for i in (limbs..4).rev() {
            r[i] = self.0[i - limbs] << bits;
            if bits > 0 && i > limbs {
                r[i] |= self.0[i - limbs - 1] >> (64 - bits);
            }
        }
        U256(r)
    }

    /// Wrapping addition.
    pub fn add(&self, o: &U256) -> U256 {
        let mut r = [0u64; 4];
        let mut carry = false;
        for (i, limb) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *limb = s2;
            carry = c1 || c2;
        }
        U256(r)
    }

    fn sub(&self, o: &U256) -> U256 {
        let mut r = [0u64; 4];
        let mut borrow = false;
        for (i, limb) in r.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *limb = d2;
            borrow = b1 || b2;
        }
        U256(r)
    }

    /// Every bit flipped.
    pub fn not(&self) -> U256 {
        U256(self.0.map(|l| !l))
    }

    /// Long division; `d` must be non-zero.
    pub fn div(&self, d: &U256) -> U256 {
        let mut q = U256::ZERO;
        let mut rem = U256::ZERO;
        for i in (0..256).rev() {
            rem = rem.shl(1);
            if self.bit(i) {
                rem.0[0] |= 1;
            }
            if rem >= *d {
                rem = rem.sub(d);
                q.0[(i / 64) as usize] |= 1 << (i % 64);
            }
        }
        q
    }

    /// Wrapping multiplication by a 64-bit number.
    pub fn mul_u64(&self, m: u64) -> U256 {
        let mut r = [0u64; 4];
        let mut carry = 0u128;
        for (i, limb) in r.iter_mut().enumerate() {
            let v = u128::from(self.0[i]) * u128::from(m) + carry;
            *limb = v as u64;
            carry = v >> 64;
        }
        U256(r)
    }

    /// Shifted right by `n` bits.
    pub fn shr(&self, n: u32) -> U256 {
        let mut r = [0u64; 4];
        if n >= 256 {
            return U256(r);
        }
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        for (i, limb) in r.iter_mut().enumerate().take(4 - limbs) {
            *limb = self.0[i + limbs] >> bits;
            if bits > 0 && i + limbs + 1 < 4 {
                *limb |= self.0[i + limbs + 1] << (64 - bits);
            }
        }
        U256(r)
    }

    /// Number of significant bits (0 for zero).
    pub fn bits(&self) -> u32 {
        (0..4)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map_or(0, |i| 64 * i as u32 + 64 - self.0[i].leading_zeros())
    }

    /// Bitcoin's `GetCompact`: the compact `nBits` form of a non-negative target.
    pub fn to_compact(&self) -> u32 {
        let mut size = self.bits().div_ceil(8);
        let mut compact = if size <= 3 {
            (self.0[0] << (8 * (3 - size))) as u32
        } else {
            self.shr(8 * (size - 3)).0[0] as u32
        };
        if compact & 0x0080_0000 != 0 {
            compact >>= 8;
            size += 1;
        }
        compact | size << 24
    }

    /// Big-endian hex, 64 digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().rev().map(|l| format!("{l:016x}")).collect()
    }

    /// The nearest `f64` (for difficulty figures shown, never for a check).
    pub fn to_f64(&self) -> f64 {
        self.0
            .iter()
            .rev()
            .fold(0.0, |acc, &l| acc * 18_446_744_073_709_551_616.0 + l as f64)
    }
}

impl Ord for U256 {
    fn cmp(&self, o: &U256) -> Ordering {
        self.0.iter().rev().cmp(o.0.iter().rev())
    }
}

impl PartialOrd for U256 {
    fn partial_cmp(&self, o: &U256) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The genesis block header (a well-known constant) and block 1 from the vectors.
    const GENESIS: &str = "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c";
    const BLOCK1: &str = "010000006fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000982051fd1e4ba744bbbe680e1fee14677ba1a3c3540bf7b1cdb606e857233e0e61bc6649ffff001d01e36299";

    #[test]
    fn genesis_and_block1_form_a_run() {
        let g = BlockHeader::parse_hex(GENESIS).unwrap();
        assert_eq!(
            g.hash_display(),
            "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"
        );
        let b1 = BlockHeader::parse_hex(BLOCK1).unwrap();
        let run = check_run(&[g.clone(), b1.clone()]).unwrap();
        // Difficulty 1: work 0x100010001 per block.
        assert_eq!(run.total_work, format!("{:064x}", 2 * 0x1_0001_0001u64));
        let err = check_run(&[b1, g]).unwrap_err();
        assert_eq!(err.index, 1);
    }

    #[test]
    fn compact_targets() {
        assert_eq!(
            target_from_bits(0x1d00ffff).unwrap().to_hex(),
            format!("00000000ffff{}", "0".repeat(52))
        );
        assert!(target_from_bits(0x1d00ffff + 1).is_err()); // above limit
        assert!(target_from_bits(0x04923456).is_err()); // negative
        assert!(target_from_bits(0xff123456).is_err()); // overflow
        assert!(target_from_bits(0x00000000).is_err()); // zero
        assert!(target_from_bits(0x181686f5).is_ok());
    }

    #[test]
    fn pow_fails_when_nonce_changes() {
        let mut raw = hex::decode(BLOCK1).unwrap();
        raw[79] ^= 1;
        assert!(BlockHeader::parse(&raw).unwrap().check_pow().is_err());
    }

    const REGTEST: u32 = 0x207fffff;

    /// A header on `prev` mined at regtest difficulty (about two nonces per header).
    fn mine(prev: &BlockHeader, time: u32, tag: u8) -> LabelledHeader {
        let mut raw = [0u8; 80];
        raw[0] = 4;
        raw[4..36].copy_from_slice(&prev.hash());
        raw[36] = tag;
        raw[68..72].copy_from_slice(&time.to_le_bytes());
        raw[72..76].copy_from_slice(&REGTEST.to_le_bytes());
        for nonce in 0u32.. {
            raw[76..80].copy_from_slice(&nonce.to_le_bytes());
            let h = BlockHeader::parse(&raw).unwrap();
            if h.check_pow_within(REGTEST).is_ok() {
                return LabelledHeader {
                    height: None,
                    header: h,
                };
            }
        }
        unreachable!()
    }

    #[test]
    fn a_fork_is_decided_by_the_heavier_run_and_only_by_it() {
        let mut root = mine(&BlockHeader::parse(&[0u8; 80]).unwrap(), 1000, 0);
        root.height = Some(100);
        let a = mine(&root.header, 1600, 1);
        let b = mine(&root.header, 1601, 2);
        let r = analyze_within(&[root.clone(), a.clone(), b.clone()], REGTEST).unwrap();
        assert!(r.ok, "{:?}", r.errors);
        assert_eq!(r.forks.len(), 1);
        assert_eq!(r.forks[0].heavier, None);
        assert!(
            r.findings[2].to_string().contains("cannot be told"),
            "{}",
            r.findings[2]
        );
        assert_eq!(r.headers[1].height, Some(101));
        // The header that follows b decides, in whatever order the headers come.
        let c = mine(&b.header, 2200, 3);
        let r = analyze_within(&[c.clone(), a.clone(), root.clone(), b.clone()], REGTEST).unwrap();
        assert_eq!(
            r.forks[0].heavier.as_deref(),
            Some(b.header.hash_display().as_str())
        );
        assert_eq!((r.best_length, r.best_tip), (3, 0));
        assert_eq!(r.headers[0].height, Some(102));
        assert!(
            r.findings[2]
                .to_string()
                .contains("is on the heavier run (2 header(s)"),
            "{}",
            r.findings[2]
        );
        // A follower without proof of work adds no work: still undecided, and an error.
        let mut forged = c.header.raw;
        forged[76..80].copy_from_slice(&u32::MAX.to_le_bytes());
        let forged = BlockHeader::parse(&forged).unwrap();
        let forged = if forged.check_pow_within(REGTEST).is_ok() {
            let mut raw = forged.raw;
            raw[75] = 0x1f; // a harder target it cannot meet by chance
            BlockHeader::parse(&raw).unwrap()
        } else {
            forged
        };
        let r = analyze_within(
            &[
                root,
                a,
                b,
                LabelledHeader {
                    height: None,
                    header: forged,
                },
            ],
            REGTEST,
        )
        .unwrap();
        assert_eq!(r.forks[0].heavier, None);
        assert!(!r.ok);
    }

    #[test]
    fn compact_round_trips_and_retarget_clamps() {
        for bits in [
            0x1d00ffffu32,
            0x1703e8b3,
            0x1703d869,
            0x170371b1,
            0x05009234,
            0x03123456,
            0x207fffff,
        ] {
            assert_eq!(
                target_within(bits, REGTEST).unwrap().to_compact(),
                bits,
                "{bits:08x}"
            );
        }
        // Exactly two weeks: unchanged. Far too slow or fast: clamped to 4x either way.
        let t = TARGET_TIMESPAN as u32;
        assert_eq!(next_work_required(0, t, 0x1703e8b3).unwrap().2, 0x1703e8b3);
        let (_, clamped, _) = next_work_required(0, 1, 0x1703e8b3).unwrap();
        assert_eq!(clamped, TARGET_TIMESPAN / 4);
        let (actual, clamped, bits) = next_work_required(0, 100 * t, 0x1703e8b3).unwrap();
        assert_eq!((actual, clamped), (i64::from(100 * t), TARGET_TIMESPAN * 4));
        assert_eq!(
            bits,
            target_from_bits(0x1703e8b3)
                .unwrap()
                .mul_u64(4)
                .to_compact()
        );
        // Never easier than the limit.
        assert_eq!(
            next_work_required(0, 100 * t, 0x1d00ffff).unwrap().2,
            0x1d00ffff
        );
    }

    #[test]
    fn labelled_lines_give_heights() {
        let text = format!("7 {BLOCK1}\n{GENESIS} {BLOCK1}\n");
        let l = parse_labelled(text.as_bytes()).unwrap();
        assert_eq!(
            l.iter().map(|l| l.height).collect::<Vec<_>>(),
            [Some(7), None, None]
        );
        let r = analyze_headers(&l).unwrap();
        // Block 1 twice counts once; labelled 7 but built on genesis-as-given: genesis is 6.
        assert_eq!(r.headers[1].height, Some(6));
        assert_eq!(r.links, 1);
        let bad = format!("7 {BLOCK1}\n3 {GENESIS}\n");
        let r = analyze_headers(&parse_labelled(bad.as_bytes()).unwrap()).unwrap();
        assert!(!r.ok);
        assert!(
            r.errors[0]
                .to_string()
                .contains("height 7 given, but it builds on header 1 at height 3"),
            "{:?}",
            r.errors
        );
    }

    #[test]
    fn mtp_and_dates() {
        let times = [10, 3, 7, 1, 9, 2, 8, 4, 6, 5, 11];
        assert_eq!(median_time_past(&times), Some(6));
        assert_eq!(median_time_past(&times[..10]), None);
        assert_eq!(format_utc(1432827678), "2015-05-28T15:41:18Z");
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
    }
}
