//! What the OpenTimestamps verdict and the Bitcoin header checks say, as message ids with typed
//! arguments (spec §3.11 P1a, §3.12 trust ladder; Appendix B step 6): the CLI prints the
//! English sentence ([`fmt::Display`], exactly as `sealbook ots verify` and `sealbook ots
//! headers` always printed it), the page renders the id in the reader's language. Hashes,
//! heights, times and nBits are arguments, never translated.

use super::bitcoin::RETARGET_INTERVAL;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The heights of the difficulty period a retarget at `height` is recomputed from: its first
/// and last block (a message read back from JSON may carry any height, so never below 0).
pub fn retarget_period(height: u64) -> (u64, u64) {
    (
        height.saturating_sub(RETARGET_INTERVAL),
        height.saturating_sub(1),
    )
}

/// The trust-ladder reading of a verified proof.
pub const LEVEL_2: &str = "Level 2: Bitcoin anchor, header proof of work checked";

/// Why compact `nBits` or a header's proof of work is refused (Bitcoin's `SetCompact` and
/// `CheckProofOfWork`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum PowError {
    /// The block hash (display order) is above the target `bits` encodes.
    AboveTarget {
        /// The block hash, display order (hex).
        hash: String,
        /// The header's compact `nBits`.
        bits: u32,
    },
    /// `bits` encodes a negative target (`SetCompact`'s sign bit).
    NegativeTarget {
        /// The compact `nBits`.
        bits: u32,
    },
    /// `bits` encodes a target over 256 bits.
    Overflow {
        /// The compact `nBits`.
        bits: u32,
    },
    /// `bits` encodes a zero target.
    ZeroTarget {
        /// The compact `nBits`.
        bits: u32,
    },
    /// The target is above the network's proof-of-work limit `limit` (compact).
    EasierThanLimit {
        /// The compact `nBits`.
        bits: u32,
        /// The limit, compact (`0x1d00ffff` on main net).
        limit: u32,
    },
}

impl fmt::Display for PowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PowError::AboveTarget { hash, bits } => write!(
                f,
                "proof of work fails: hash {hash} is above the target of nBits 0x{bits:08x}"
            ),
            PowError::NegativeTarget { bits } => {
                write!(f, "nBits 0x{bits:08x} encodes a negative target")
            }
            PowError::Overflow { bits } => write!(f, "nBits 0x{bits:08x} overflows 256 bits"),
            PowError::ZeroTarget { bits } => write!(f, "nBits 0x{bits:08x} encodes a zero target"),
            PowError::EasierThanLimit { bits, limit } => write!(
                f,
                "nBits 0x{bits:08x} is easier than the main-net limit 0x{limit:08x}"
            ),
        }
    }
}

/// Why a header, a run of headers or a set of headers is refused; the header it is about is
/// named beside it ([`super::bitcoin::HeaderError`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum HeaderMsg {
    /// `got` bytes where a header has 80.
    NotEightyBytes {
        /// The length given.
        got: usize,
    },
    /// Text that is not hexadecimal.
    NotHex,
    /// Binary input of `bytes` bytes, not a multiple of 80.
    BinaryLength {
        /// The length given.
        bytes: usize,
    },
    /// No header at all.
    NoHeader,
    /// A header that fails proof of work.
    Pow {
        /// Why.
        pow: PowError,
    },
    /// The header's previous-block hash is not the hash (display order) of header `previous`.
    DoesNotFollow {
        /// The index of the header it should follow.
        previous: usize,
        /// That header's hash, display order.
        hash: String,
    },
    /// More headers than are read at once.
    TooMany {
        /// The bound.
        max: usize,
    },
    /// The headers' previous-block hashes form a cycle.
    Cycle,
    /// Labelled `height`, but its parent (header `parent`) is at `parent_height`.
    HeightMismatch {
        /// The height the reader gave it.
        height: u64,
        /// The index of its parent among the supplied headers.
        parent: usize,
        /// The parent's height.
        parent_height: u64,
    },
    /// Its time is not above the median time past of the 11 supplied headers before it.
    TimeNotAboveMtp {
        /// The header's `nTime`.
        time: u32,
        /// The median time past before it.
        mtp: u32,
    },
    /// At retarget height `height`, `bits` differs from the `expected` the period gives.
    RetargetMismatch {
        /// The `nBits` the header states.
        bits: u32,
        /// The retarget's height.
        height: u64,
        /// The `nBits` the retarget rule gives.
        expected: u32,
    },
    /// `nBits` changes at `height`, which is not a multiple of 2016.
    NotRetargetHeight {
        /// `nBits` of the parent.
        from_bits: u32,
        /// `nBits` of the header.
        to_bits: u32,
        /// The header's height.
        height: u64,
    },
}

impl fmt::Display for HeaderMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderMsg::NotEightyBytes { got } => {
                write!(f, "a block header is 80 bytes, got {got}")
            }
            HeaderMsg::NotHex => f.write_str("a block header must be given as hex (160 hex digits)"),
            HeaderMsg::BinaryLength { bytes } => {
                write!(f, "binary headers are 80 bytes each; got {bytes} bytes")
            }
            HeaderMsg::NoHeader => f.write_str("no block header supplied"),
            HeaderMsg::Pow { pow } => pow.fmt(f),
            HeaderMsg::DoesNotFollow { previous, hash } => write!(
                f,
                "does not follow header {previous} (its previous-block hash is not {hash})"
            ),
            HeaderMsg::TooMany { max } => write!(f, "more than {max} headers"),
            HeaderMsg::Cycle => f.write_str("the headers link in a cycle"),
            HeaderMsg::HeightMismatch {
                height,
                parent,
                parent_height,
            } => write!(
                f,
                "height {height} given, but it builds on header {parent} at height {parent_height}"
            ),
            HeaderMsg::TimeNotAboveMtp { time, mtp } => write!(
                f,
                "time {time} is not above the median time past {mtp} of the 11 headers before it"
            ),
            HeaderMsg::RetargetMismatch {
                bits,
                height,
                expected,
            } => write!(
                f,
                "nBits 0x{bits:08x} at height {height}, but the retarget from heights {}..{} gives 0x{expected:08x}",
                retarget_period(*height).0,
                retarget_period(*height).1
            ),
            HeaderMsg::NotRetargetHeight {
                from_bits,
                to_bits,
                height,
            } => write!(
                f,
                "nBits change from 0x{from_bits:08x} to 0x{to_bits:08x} at height {height}, which is not a retarget height (a multiple of 2016)"
            ),
        }
    }
}

/// A check of a set of headers that could not be made with the headers given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum NoteMsg {
    /// Header `header` is header `first` again.
    Repeats {
        /// The repeated header's index.
        header: usize,
        /// The index of its first appearance.
        first: usize,
    },
    /// The retarget at `height` needs the period's first header, at `first`.
    RetargetNotRecomputed {
        /// The retarget's height.
        height: u64,
        /// The height of the period's first block.
        first: u64,
    },
    /// `nBits` changes at a header whose height is unknown.
    BitsChangeUnplaced {
        /// The header's index.
        header: usize,
        /// `nBits` of its parent.
        from_bits: u32,
        /// `nBits` of the header.
        to_bits: u32,
    },
}

impl fmt::Display for NoteMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoteMsg::Repeats { header, first } => {
                write!(f, "header {header} repeats header {first}; counted once")
            }
            NoteMsg::RetargetNotRecomputed { height, first } => write!(
                f,
                "retarget at height {height} not recomputed: the period's first header (height {first}) was not supplied"
            ),
            NoteMsg::BitsChangeUnplaced {
                header,
                from_bits,
                to_bits,
            } => write!(
                f,
                "header {header}: nBits change from 0x{from_bits:08x} to 0x{to_bits:08x} (a retarget); not recomputed: give heights as HEIGHT HEX lines and the period's first header"
            ),
        }
    }
}

/// A supplied header as a finding names it: its shortened hash, with its height when known,
/// else its place among the supplied headers (neither for a fork's parent of unknown height).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderAt {
    /// `0000..1a2b3c4d`: the first four and last eight hex digits of the display hash.
    pub hash: String,
    /// Its height, when known.
    pub height: Option<u64>,
    /// Its index among the supplied headers, when its height is not known.
    pub index: Option<usize>,
}

impl fmt::Display for HeaderAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.height, self.index) {
            (Some(h), _) => write!(f, "{} (height {h})", self.hash),
            (None, Some(i)) => write!(f, "{} (header {i})", self.hash),
            (None, None) => f.write_str(&self.hash),
        }
    }
}

/// A conclusion about a set of headers (spec §3.11, Appendix B step 6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum Finding {
    /// How many headers, how many with valid proof of work, how many linked, how many runs.
    Counts {
        /// Headers supplied.
        headers: usize,
        /// Headers with valid proof of work.
        pow_ok: usize,
        /// Headers linked to another supplied header.
        linked: usize,
        /// Runs of linked headers.
        runs: usize,
    },
    /// The heaviest run: its length, first and last header, total work (hex without leading
    /// zeros, and approximately), and whether another run carries the same work.
    Heaviest {
        /// Headers in the run.
        length: usize,
        /// Its first header.
        first: HeaderAt,
        /// Its last header.
        tip: HeaderAt,
        /// Its total work, hex without leading zeros.
        work: String,
        /// The same, approximately.
        approx: f64,
        /// Whether another run carries the same work.
        tied: bool,
    },
    /// The median time past of the 11 headers before the tip, and whether the tip's time is
    /// above it.
    MtpBefore {
        /// The tip.
        at: HeaderAt,
        /// The median time past before it (Unix seconds).
        mtp: u32,
        /// The same, ISO 8601 UTC.
        mtp_utc: String,
        /// The tip's `nTime`.
        time: u32,
        /// Whether `time` is above `mtp`.
        above: bool,
    },
    /// The tip's own `GetMedianTimePast`.
    MtpItself {
        /// The tip.
        at: HeaderAt,
        /// Its median time past (Unix seconds).
        mtp: u32,
        /// The same, ISO 8601 UTC.
        mtp_utc: String,
    },
    /// A difficulty retarget recomputed from the period's first and last headers.
    Retarget {
        /// The retarget's height.
        height: u64,
        /// The previous period's span, seconds.
        timespan: i64,
        /// That span clamped to between a quarter and four times the target.
        clamped: u64,
        /// `nBits` of the previous period.
        old_bits: String,
        /// Two weeks, in seconds.
        target_timespan: u64,
        /// `nBits` the rule gives.
        expected_bits: String,
        /// `nBits` the header states.
        bits: String,
        /// Whether the two agree.
        ok: bool,
    },
    /// Competing blocks on `parent`; `heavier` is on the heavier run of `length` headers to
    /// `tip`.
    ForkDecided {
        /// The common parent.
        parent: HeaderAt,
        /// The competing children's hashes.
        branches: Vec<String>,
        /// The child on the heavier run.
        heavier: String,
        /// That run's length, in headers.
        length: usize,
        /// That run's last hash.
        tip: String,
    },
    /// Competing blocks with equal work: the headers cannot tell.
    ForkUndecided {
        /// The common parent.
        parent: HeaderAt,
        /// The competing children's hashes.
        branches: Vec<String>,
    },
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Counts {
                headers,
                pow_ok,
                linked,
                runs,
            } => write!(
                f,
                "{headers} header(s): {pow_ok} with valid proof of work, {linked} linked to a supplied parent, {runs} run(s)"
            ),
            Finding::Heaviest {
                length,
                first,
                tip,
                work,
                approx,
                tied,
            } => write!(
                f,
                "heaviest run: {length} header(s) from {first} to {tip}, total work 0x{work} (about {approx:.4e} hashes){}",
                if *tied {
                    "; another run carries the same work (the fork below is undecided)"
                } else {
                    ""
                }
            ),
            Finding::MtpBefore {
                at,
                mtp,
                mtp_utc,
                time,
                above,
            } => write!(
                f,
                "median time past of the 11 headers before {at}: {mtp} ({mtp_utc}); its time {time} is {} it",
                if *above { "above" } else { "NOT above" }
            ),
            Finding::MtpItself { at, mtp, mtp_utc } => write!(
                f,
                "median time past of {at} itself (GetMedianTimePast, it and the 10 before): {mtp} ({mtp_utc})"
            ),
            Finding::Retarget {
                height,
                timespan,
                clamped,
                old_bits,
                target_timespan,
                expected_bits,
                bits,
                ok,
            } => write!(
                f,
                "retarget at height {height}: timespan {timespan} s from heights {}..{} (2015 intervals; clamped {clamped}), {old_bits} x {clamped}/{target_timespan} = {expected_bits}: {} the new nBits {bits}",
                retarget_period(*height).0,
                retarget_period(*height).1,
                if *ok { "matches" } else { "does NOT match" }
            ),
            Finding::ForkDecided {
                parent,
                branches,
                heavier,
                length,
                tip,
            } => write!(
                f,
                "fork on {parent}: {} compete, all with valid proof of work; {heavier} is on the heavier run ({length} header(s) to {tip}); the other branch is stale",
                branches.join(" and ")
            ),
            Finding::ForkUndecided { parent, branches } => write!(
                f,
                "fork on {parent}: {} compete with equal work; from headers alone it cannot be told which is on the main chain: supply the header that follows",
                branches.join(" and ")
            ),
        }
    }
}

/// What one Bitcoin attestation's check found (the verdict's `bitcoin[].message`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum AttestationMsg {
    /// No header of block `height` was supplied (none at all, or every supplied header's
    /// height is known and none is `height`).
    NoHeader {
        /// The attested height.
        height: u64,
    },
    /// The commitment is `bytes` long, so it cannot be a merkle root.
    CommitmentLength {
        /// The commitment's length.
        bytes: usize,
    },
    /// The header of block `height` was supplied (its height labelled, or linked to a known
    /// one) and its merkle root is not `root` (display order), the proof's claim.
    NoMatchingRoot {
        /// The proof's merkle root, display order.
        root: String,
        /// The attested height.
        height: u64,
    },
    /// No supplied header has the merkle root `root`, and some supplied header's height is not
    /// known, so a missing header cannot be told from a mismatch.
    RootNotSupplied {
        /// The proof's merkle root, display order.
        root: String,
        /// The attested height.
        height: u64,
    },
    /// The matching header fails proof of work.
    Pow {
        /// Why.
        pow: PowError,
    },
    /// The matching header is fine, but the run it is in was rejected.
    RunRejected {
        /// The run's failure.
        why: super::bitcoin::HeaderError,
    },
    /// The matching header's time is not above the median time past of the 11 before it.
    TimeNotAboveMtp {
        /// The header's `nTime`.
        time: u32,
        /// The median time past before it.
        mtp: u32,
    },
    /// Verified: the block attests existence as of its header time.
    Attests {
        /// The attested height.
        height: u64,
        /// The header's time, ISO 8601 UTC.
        time_utc: String,
    },
    /// Verified as [`AttestationMsg::Attests`], but the reader labelled the matching header
    /// `label`, not the attested height.
    AttestsLabelDiffers {
        /// The attested height.
        height: u64,
        /// The header's time, ISO 8601 UTC.
        time_utc: String,
        /// The height the reader gave the header.
        label: u64,
    },
}

impl fmt::Display for AttestationMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttestationMsg::NoHeader { height } => {
                write!(f, "no header supplied for block {height}")
            }
            AttestationMsg::CommitmentLength { bytes } => {
                write!(f, "commitment is {bytes} bytes, a merkle root is 32")
            }
            AttestationMsg::NoMatchingRoot { root, height } => write!(
                f,
                "Digest does not match merkleroot: the supplied header of block {height} does not have the merkle root {root} (display order) the proof claims"
            ),
            AttestationMsg::RootNotSupplied { root, height } => write!(
                f,
                "no supplied header has the merkle root {root} (display order) the proof claims for block {height}: supply block {height}'s header, labelled \"{height} HEX\" to tell a missing header from a mismatch"
            ),
            AttestationMsg::Pow { pow } => pow.fmt(f),
            AttestationMsg::RunRejected { why } => write!(f, "header run rejected: {why}"),
            AttestationMsg::TimeNotAboveMtp { time, mtp } => write!(
                f,
                "header time {time} is not above the median time past {mtp}"
            ),
            AttestationMsg::Attests { height, time_utc } => write!(
                f,
                "Bitcoin block {height} attests existence as of {time_utc}"
            ),
            AttestationMsg::AttestsLabelDiffers {
                height,
                time_utc,
                label,
            } => write!(
                f,
                "Bitcoin block {height} attests existence as of {time_utc}; the headers supplied label this header {label}, not {height}"
            ),
        }
    }
}

/// The trust-ladder level a proof reached, or why none was (spec §3.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum LevelMsg {
    /// Level 2: a Bitcoin attestation matches a supplied header whose proof of work holds.
    Level2,
    /// Only pending calendar attestations: not yet verifiable.
    PendingOnly,
    /// Pending calendar attestations beside attestations on another chain (Litecoin, an
    /// unknown notary) that sealbook does not check.
    PendingAndOtherChains,
    /// No Bitcoin attestation: not verifiable.
    NoBitcoin,
    /// The attested block's header was not supplied.
    NoHeader,
    /// No Bitcoin attestation matches a supplied header with valid proof of work.
    Failed,
}

impl fmt::Display for LevelMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LevelMsg::Level2 => LEVEL_2,
            LevelMsg::PendingOnly => "not yet verifiable: pending calendar attestations only (upgrade from the calendars listed)",
            LevelMsg::PendingAndOtherChains => "not yet verifiable on Bitcoin: pending calendar attestations (upgrade from the calendars listed) and attestations on other chains, which sealbook does not check",
            LevelMsg::NoBitcoin => "not verifiable: no Bitcoin attestation",
            LevelMsg::NoHeader => "not verified: supply the block header of the attested height",
            LevelMsg::Failed => {
                "FAILED: no Bitcoin attestation matches a supplied header with valid proof of work"
            }
        })
    }
}

/// A check the verdict made, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum ProofCheck {
    /// The operations from the stamped digest to every attestation.
    Recomputed,
    /// `count` headers: hash, proof of work and (more than one) links.
    Headers {
        /// Headers checked.
        count: usize,
    },
    /// The header's merkle root compared with the commitment.
    MerkleCompared,
    /// The header's time compared with the median time past before it.
    MedianTimePast,
}

impl fmt::Display for ProofCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofCheck::Recomputed => {
                f.write_str("operations recomputed from the stamped digest to every attestation")
            }
            ProofCheck::Headers { count } => write!(
                f,
                "{count} supplied header(s): double-SHA256 hash, proof of work against nBits (target within the main-net limit 0x1d00ffff){}",
                if *count > 1 { ", linked by previous-block hash" } else { "" }
            ),
            ProofCheck::MerkleCompared => f.write_str(
                "merkle root of the header compared with the computed commitment (internal byte order)",
            ),
            ProofCheck::MedianTimePast => f.write_str(
                "header time above the median time past of the 11 supplied headers before it",
            ),
        }
    }
}

/// The P1a time bound (spec §3.11): the header time of the earliest verified block, and the
/// median time past below it when the 11 headers before it were supplied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeBound {
    /// The earliest verified block's header time, ISO 8601 UTC.
    pub time_utc: String,
    /// That block's height.
    pub height: u64,
    /// The median time past below it, when the 11 headers before it were supplied.
    pub mtp_utc: Option<String>,
}

impl fmt::Display for TimeBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the stamped file (for a stamped list: the anchored ledger prefix) existed no later than a few hours after {} (header time of block {}; spec §3.11 practical bound: header time is above the median of the 11 blocks before it{} and at most about two hours ahead of network time when accepted, and need not equal mining time)",
            self.time_utc,
            self.height,
            self.mtp_utc
                .as_ref()
                .map(|m| format!(", here {m}"))
                .unwrap_or_default()
        )
    }
}

/// What a reader of a verified proof still has to trust.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum TrustedMsg {
    /// That the header is the block at that height in the best chain.
    BestChain,
    /// That the header time is near mining time (median time past not checked).
    HeaderTime,
}

impl fmt::Display for TrustedMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TrustedMsg::BestChain => "that the supplied header is the block at the attested height in the best Bitcoin chain (not checkable offline; compare the block hash with independent explorers or a node)",
            TrustedMsg::HeaderTime => "that the header time is not far from mining time (median time past not checked: supply the 11 headers before the attested block)",
        })
    }
}

/// Why the block headers a reader pasted could not be read (the verifier page's header text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "snake_case", deny_unknown_fields)]
pub enum HeadersTextError {
    /// The text is `bytes` long, over the `max` read.
    TooLong {
        /// The text's length.
        bytes: usize,
        /// The bound.
        max: usize,
    },
    /// Header `number` (counted from 1) is not a header.
    Header {
        /// The header's number, from 1.
        number: usize,
        /// Why it is not one.
        message: HeaderMsg,
    },
}

impl fmt::Display for HeadersTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeadersTextError::TooLong { bytes, max } => write!(
                f,
                "the headers text is {bytes} bytes, more than the {max} read"
            ),
            HeadersTextError::Header { number, message } => {
                write!(f, "header {number}: {message}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ots::bitcoin::HeaderError;

    fn at(height: Option<u64>, index: Option<usize>) -> HeaderAt {
        HeaderAt {
            hash: "0000..1a2b3c4d".into(),
            height,
            index,
        }
    }

    /// Messages with the English the CLI printed when they were plain text.
    #[test]
    fn display_is_the_clis_former_english() {
        let said: Vec<(String, &str)> = vec![
            (
                PowError::AboveTarget { hash: "00ab".into(), bits: 0x1d00ffff }.to_string(),
                "proof of work fails: hash 00ab is above the target of nBits 0x1d00ffff",
            ),
            (
                PowError::EasierThanLimit { bits: 0x1e00ffff, limit: 0x1d00ffff }.to_string(),
                "nBits 0x1e00ffff is easier than the main-net limit 0x1d00ffff",
            ),
            (
                HeaderError { index: 5, message: HeaderMsg::RetargetMismatch { bits: 0x17034219, height: 824544, expected: 0x17034220 } }.to_string(),
                "header 5: nBits 0x17034219 at height 824544, but the retarget from heights 822528..824543 gives 0x17034220",
            ),
            (
                NoteMsg::RetargetNotRecomputed { height: 824544, first: 822528 }.to_string(),
                "retarget at height 824544 not recomputed: the period's first header (height 822528) was not supplied",
            ),
            (
                Finding::Heaviest { length: 2, first: at(Some(7), Some(0)), tip: at(None, Some(3)), work: "200020002".into(), approx: 8590065666.0, tied: true }.to_string(),
                "heaviest run: 2 header(s) from 0000..1a2b3c4d (height 7) to 0000..1a2b3c4d (header 3), total work 0x200020002 (about 8.5901e9 hashes); another run carries the same work (the fork below is undecided)",
            ),
            (
                Finding::ForkUndecided { parent: at(None, None), branches: vec!["a".into(), "b".into()] }.to_string(),
                "fork on 0000..1a2b3c4d: a and b compete with equal work; from headers alone it cannot be told which is on the main chain: supply the header that follows",
            ),
            (
                Finding::Retarget { height: 4032, timespan: 1209000, clamped: 1209000, old_bits: "0x1d00ffff".into(), target_timespan: 1209600, expected_bits: "0x1d00ff7f".into(), bits: "0x1d00ffff".into(), ok: false }.to_string(),
                "retarget at height 4032: timespan 1209000 s from heights 2016..4031 (2015 intervals; clamped 1209000), 0x1d00ffff x 1209000/1209600 = 0x1d00ff7f: does NOT match the new nBits 0x1d00ffff",
            ),
            (
                AttestationMsg::RunRejected { why: HeaderError { index: 1, message: HeaderMsg::DoesNotFollow { previous: 0, hash: "00ff".into() } } }.to_string(),
                "header run rejected: header 1: does not follow header 0 (its previous-block hash is not 00ff)",
            ),
            (
                ProofCheck::Headers { count: 1 }.to_string(),
                "1 supplied header(s): double-SHA256 hash, proof of work against nBits (target within the main-net limit 0x1d00ffff)",
            ),
            (
                TimeBound { time_utc: "2015-05-28T15:41:18Z".into(), height: 358391, mtp_utc: Some("2015-05-28T14:50:01Z".into()) }.to_string(),
                "the stamped file (for a stamped list: the anchored ledger prefix) existed no later than a few hours after 2015-05-28T15:41:18Z (header time of block 358391; spec §3.11 practical bound: header time is above the median of the 11 blocks before it, here 2015-05-28T14:50:01Z and at most about two hours ahead of network time when accepted, and need not equal mining time)",
            ),
            (LevelMsg::Level2.to_string(), LEVEL_2),
        ];
        for (said, english) in said {
            assert_eq!(said, english);
        }
    }

    #[test]
    fn messages_cross_json_by_id() {
        let m = AttestationMsg::RunRejected {
            why: HeaderError {
                index: 2,
                message: HeaderMsg::Pow {
                    pow: PowError::ZeroTarget { bits: 0 },
                },
            },
        };
        let wire = serde_json::to_string(&m).unwrap();
        assert_eq!(
            wire,
            r#"{"id":"run_rejected","why":{"index":2,"message":{"id":"pow","pow":{"id":"zero_target","bits":0}}}}"#
        );
        assert_eq!(serde_json::from_str::<AttestationMsg>(&wire).unwrap(), m);
        assert!(serde_json::from_str::<LevelMsg>(r#"{"id":"level_3"}"#).is_err());
    }
}
