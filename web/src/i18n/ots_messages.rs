//! What core's OpenTimestamps verdict and Bitcoin header checks say, in the page's language
//! (spec §3.11 P1a, §3.12; Appendix B step 6): each id of `sealbook_core::ots::messages` (and
//! the trust ladder's [`StillTrusted`] lines) is one catalog entry ([`M`]), its typed
//! arguments filled in by [`tr`]. The English entries are the sentences core's `Display`
//! writes for `sealbook ots verify` and `sealbook ots headers`, so an English page says what
//! the CLI says (`web/tests/web/i18n_vs_glossary.rs` holds them to it). Hashes, heights, times and
//! nBits are passed through as they are.

use super::{t, tr, M};
use sealbook_core::ots::bitcoin::HeaderError;
use sealbook_core::ots::messages::{
    retarget_period, AttestationMsg, Finding, HeaderAt, HeaderMsg, HeadersTextError, LevelMsg,
    NoteMsg, PowError, ProofCheck, TimeBound, TrustedMsg,
};
use sealbook_core::verifier::header_files::HeaderFileError;
use sealbook_core::verifier::trust::StillTrusted;

/// Compact nBits as Bitcoin prints them (`0x1d00ffff`).
fn bits(b: &u32) -> String {
    format!("0x{b:08x}")
}

/// Why nBits or a header's proof of work is refused.
pub fn pow(e: &PowError) -> String {
    match e {
        PowError::AboveTarget { hash, bits: b } => {
            tr(M::OtsPowAboveTarget, &[("hash", hash), ("bits", &bits(b))])
        }
        PowError::NegativeTarget { bits: b } => tr(M::OtsPowNegative, &[("bits", &bits(b))]),
        PowError::Overflow { bits: b } => tr(M::OtsPowOverflow, &[("bits", &bits(b))]),
        PowError::ZeroTarget { bits: b } => tr(M::OtsPowZero, &[("bits", &bits(b))]),
        PowError::EasierThanLimit { bits: b, limit } => tr(
            M::OtsPowEasier,
            &[("bits", &bits(b)), ("limit", &bits(limit))],
        ),
    }
}

/// What is wrong with a header (without naming it).
pub fn header_msg(m: &HeaderMsg) -> String {
    match m {
        HeaderMsg::NotEightyBytes { got } => tr(M::OtsHdrNot80, &[("got", got)]),
        HeaderMsg::NotHex => t(M::OtsHdrNotHex).to_string(),
        HeaderMsg::BinaryLength { bytes } => tr(M::OtsHdrBinaryLength, &[("bytes", bytes)]),
        HeaderMsg::NoHeader => t(M::OtsHdrNone).to_string(),
        HeaderMsg::Pow { pow: e } => pow(e),
        HeaderMsg::DoesNotFollow { previous, hash } => tr(
            M::OtsHdrNotFollow,
            &[("previous", previous), ("hash", hash)],
        ),
        HeaderMsg::TooMany { max } => tr(M::OtsHdrTooMany, &[("max", max)]),
        HeaderMsg::Cycle => t(M::OtsHdrCycle).to_string(),
        HeaderMsg::HeightMismatch {
            height,
            parent,
            parent_height,
        } => tr(
            M::OtsHdrHeightMismatch,
            &[
                ("height", height),
                ("parent", parent),
                ("parent_height", parent_height),
            ],
        ),
        HeaderMsg::TimeNotAboveMtp { time, mtp } => {
            tr(M::OtsHdrTimeMtp, &[("time", time), ("mtp", mtp)])
        }
        HeaderMsg::RetargetMismatch {
            bits: b,
            height,
            expected,
        } => tr(
            M::OtsHdrRetargetMismatch,
            &[
                ("bits", &bits(b)),
                ("height", height),
                ("from", &retarget_period(*height).0),
                ("to", &retarget_period(*height).1),
                ("expected", &bits(expected)),
            ],
        ),
        HeaderMsg::NotRetargetHeight {
            from_bits,
            to_bits,
            height,
        } => tr(
            M::OtsHdrNotRetargetHeight,
            &[
                ("from_bits", &bits(from_bits)),
                ("to_bits", &bits(to_bits)),
                ("height", height),
            ],
        ),
    }
}

/// A header's failure, naming the header by its place among those supplied.
pub fn header_error(e: &HeaderError) -> String {
    tr(
        M::OtsHeaderAt,
        &[("index", &e.index), ("what", &header_msg(&e.message))],
    )
}

/// A check of a set of headers that could not be made.
pub fn note(n: &NoteMsg) -> String {
    match n {
        NoteMsg::Repeats { header, first } => {
            tr(M::OtsNoteRepeats, &[("header", header), ("first", first)])
        }
        NoteMsg::RetargetNotRecomputed { height, first } => {
            tr(M::OtsNoteRetarget, &[("height", height), ("first", first)])
        }
        NoteMsg::BitsChangeUnplaced {
            header,
            from_bits,
            to_bits,
        } => tr(
            M::OtsNoteUnplaced,
            &[
                ("header", header),
                ("from_bits", &bits(from_bits)),
                ("to_bits", &bits(to_bits)),
            ],
        ),
    }
}

/// A header as a finding names it.
pub fn at(a: &HeaderAt) -> String {
    match (a.height, a.index) {
        (Some(height), _) => tr(M::OtsAtHeight, &[("hash", &a.hash), ("height", &height)]),
        (None, Some(index)) => tr(M::OtsAtIndex, &[("hash", &a.hash), ("index", &index)]),
        (None, None) => a.hash.clone(),
    }
}

/// A conclusion about a set of headers.
pub fn finding(f: &Finding) -> String {
    match f {
        Finding::Counts {
            headers,
            pow_ok,
            linked,
            runs,
        } => tr(
            M::OtsFindCounts,
            &[
                ("headers", headers),
                ("pow_ok", pow_ok),
                ("linked", linked),
                ("runs", runs),
            ],
        ),
        Finding::Heaviest {
            length,
            first,
            tip,
            work,
            approx,
            tied,
        } => tr(
            if *tied {
                M::OtsFindHeaviestTied
            } else {
                M::OtsFindHeaviest
            },
            &[
                ("length", length),
                ("first", &at(first)),
                ("tip", &at(tip)),
                ("work", &format!("0x{work}")),
                ("approx", &format!("{approx:.4e}")),
            ],
        ),
        Finding::MtpBefore {
            at: a,
            mtp,
            mtp_utc,
            time,
            above,
        } => tr(
            if *above {
                M::OtsFindMtpAbove
            } else {
                M::OtsFindMtpNotAbove
            },
            &[
                ("at", &at(a)),
                ("mtp", mtp),
                ("mtp_utc", mtp_utc),
                ("time", time),
            ],
        ),
        Finding::MtpItself {
            at: a,
            mtp,
            mtp_utc,
        } => tr(
            M::OtsFindMtpItself,
            &[("at", &at(a)), ("mtp", mtp), ("mtp_utc", mtp_utc)],
        ),
        Finding::Retarget {
            height,
            timespan,
            clamped,
            old_bits,
            target_timespan,
            expected_bits,
            bits: new_bits,
            ok,
        } => tr(
            if *ok {
                M::OtsFindRetargetOk
            } else {
                M::OtsFindRetargetBad
            },
            &[
                ("height", height),
                ("timespan", timespan),
                ("from", &retarget_period(*height).0),
                ("to", &retarget_period(*height).1),
                ("clamped", clamped),
                ("old_bits", old_bits),
                ("target", target_timespan),
                ("expected", expected_bits),
                ("bits", new_bits),
            ],
        ),
        Finding::ForkDecided {
            parent,
            branches,
            heavier,
            length,
            tip,
        } => tr(
            M::OtsFindForkDecided,
            &[
                ("parent", &at(parent)),
                ("branches", &branches.join(t(M::OtsBranchJoin))),
                ("heavier", heavier),
                ("length", length),
                ("tip", tip),
            ],
        ),
        Finding::ForkUndecided { parent, branches } => tr(
            M::OtsFindForkUndecided,
            &[
                ("parent", &at(parent)),
                ("branches", &branches.join(t(M::OtsBranchJoin))),
            ],
        ),
    }
}

/// What one Bitcoin attestation's check found.
pub fn attestation(m: &AttestationMsg) -> String {
    match m {
        AttestationMsg::NoHeader { height } => tr(M::OtsAttNoHeader, &[("height", height)]),
        AttestationMsg::CommitmentLength { bytes } => {
            tr(M::OtsAttCommitmentLength, &[("bytes", bytes)])
        }
        AttestationMsg::NoMatchingRoot { root, height } => {
            tr(M::OtsAttNoRoot, &[("root", root), ("height", height)])
        }
        AttestationMsg::RootNotSupplied { root, height } => tr(
            M::OtsAttRootNotSupplied,
            &[("root", root), ("height", height)],
        ),
        AttestationMsg::Pow { pow: e } => pow(e),
        AttestationMsg::RunRejected { why } => {
            tr(M::OtsAttRunRejected, &[("why", &header_error(why))])
        }
        AttestationMsg::TimeNotAboveMtp { time, mtp } => {
            tr(M::OtsAttTimeMtp, &[("time", time), ("mtp", mtp)])
        }
        AttestationMsg::Attests { height, time_utc } => tr(
            M::OtsAttAttests,
            &[("height", height), ("time_utc", time_utc)],
        ),
        AttestationMsg::AttestsLabelDiffers {
            height,
            time_utc,
            label,
        } => tr(
            M::OtsAttAttestsLabelDiffers,
            &[("height", height), ("time_utc", time_utc), ("label", label)],
        ),
    }
}

/// The trust-ladder level a proof reached, or why none was.
pub fn level(l: &LevelMsg) -> String {
    t(match l {
        LevelMsg::Level2 => M::OtsLevel2,
        LevelMsg::PendingOnly => M::OtsLevelPending,
        LevelMsg::PendingAndOtherChains => M::OtsLevelPendingAndOtherChains,
        LevelMsg::NoBitcoin => M::OtsLevelNoBitcoin,
        LevelMsg::NoHeader => M::OtsLevelNoHeader,
        LevelMsg::Failed => M::OtsLevelFailed,
    })
    .to_string()
}

/// A check the verdict made.
pub fn check(c: &ProofCheck) -> String {
    match c {
        ProofCheck::Recomputed => t(M::OtsCheckRecomputed).to_string(),
        ProofCheck::Headers { count } => tr(
            if *count > 1 {
                M::OtsCheckHeadersLinked
            } else {
                M::OtsCheckHeaders
            },
            &[("count", count)],
        ),
        ProofCheck::MerkleCompared => t(M::OtsCheckMerkle).to_string(),
        ProofCheck::MedianTimePast => t(M::OtsCheckMtp).to_string(),
    }
}

/// The P1a time bound (spec §3.11).
pub fn time_bound(b: &TimeBound) -> String {
    match &b.mtp_utc {
        Some(mtp) => tr(
            M::OtsTimeBoundMtp,
            &[("time", &b.time_utc), ("height", &b.height), ("mtp", mtp)],
        ),
        None => tr(
            M::OtsTimeBound,
            &[("time", &b.time_utc), ("height", &b.height)],
        ),
    }
}

/// What a reader of a verified proof still has to trust.
pub fn trusted(m: &TrustedMsg) -> String {
    t(match m {
        TrustedMsg::BestChain => M::OtsTrustedBestChain,
        TrustedMsg::HeaderTime => M::OtsTrustedHeaderTime,
    })
    .to_string()
}

/// Why the pasted headers could not be read.
pub fn headers_text(e: &HeadersTextError) -> String {
    match e {
        HeadersTextError::TooLong { bytes, max } => {
            tr(M::OtsHeadersTooLong, &[("bytes", bytes), ("max", max)])
        }
        HeadersTextError::Header { number, message } => tr(
            M::OtsHeaderAt,
            &[("index", number), ("what", &header_msg(message))],
        ),
    }
}

/// Why dropped header files could not be analysed, naming the file.
pub fn header_file(e: &HeaderFileError) -> String {
    tr(
        M::OtsNamed,
        &[("name", &e.name), ("what", &header_msg(&e.message))],
    )
}

/// What the verification still trusts at the level it reached, one line per anchor.
pub fn still_trusted(s: &StillTrusted) -> String {
    match s {
        StillTrusted::OperatorWord => t(M::OtsTrustOperatorWord).to_string(),
        StillTrusted::OperatorClock => t(M::OtsTrustOperatorClock).to_string(),
        StillTrusted::Token {
            name,
            authority,
            anchor,
            gen_time,
            not_valid_now,
        } => tr(
            if *not_valid_now {
                M::OtsTrustTokenNotNow
            } else {
                M::OtsTrustToken
            },
            &[
                ("name", name),
                ("authority", authority),
                ("anchor", anchor),
                ("gen_time", gen_time),
            ],
        ),
        StillTrusted::Rekor {
            name,
            integrated_time,
            time_signed,
        } => tr(
            if *time_signed {
                M::OtsTrustRekorSigned
            } else {
                M::OtsTrustRekorUnsigned
            },
            &[("name", name), ("time", integrated_time)],
        ),
        StillTrusted::BitcoinProof { name } => tr(M::OtsTrustBitcoin, &[("name", name)]),
    }
}
