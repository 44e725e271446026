//! Bitcoin block headers, checked offline: the 80-byte header, its double-SHA256 hash, proof
//! of work against the compact target `nBits`, runs of consecutive headers linked by
//! previous-block hash with their total work, and the median time past of 11 headers
//! (spec §3.11: header time is bounded below by the median of the previous 11 blocks and in
//! practice the anchored prefix existed no later than a few hours after header time).

use crate::hex;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::cmp::Ordering;
use std::fmt;

/// Main-net proof-of-work limit in compact form (the target of difficulty 1).
pub const POW_LIMIT_BITS: u32 = 0x1d00ffff;

/// A parsed 80-byte block header. Hash fields are in internal (header) byte order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockHeader {
    pub version: i32,
    pub prev_block: [u8; 32],
    pub merkle_root: [u8; 32],
    pub time: u32,
    pub bits: u32,
    pub nonce: u32,
    pub raw: [u8; 80],
}

/// Why a header or a run of headers was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeaderError {
    /// 0-based position in the supplied run (0 for a single header).
    pub index: usize,
    pub message: String,
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
            message: format!("a block header is 80 bytes, got {}", bytes.len()),
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
        let bytes = hex::decode(t).ok_or_else(|| HeaderError {
            index: 0,
            message: "a block header must be given as hex (160 hex digits)".into(),
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
                message: format!(
                    "binary headers are 80 bytes each; got {} bytes",
                    bytes.len()
                ),
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
    pub fn check_pow(&self) -> Result<U256, String> {
        let target = target_from_bits(self.bits)?;
        let hash = U256::from_le_bytes(&self.hash());
        if hash > target {
            return Err(format!(
                "proof of work fails: hash {} is above the target of nBits 0x{:08x}",
                self.hash_display(),
                self.bits
            ));
        }
        Ok(work_from_target(&target))
    }
}

/// Decodes compact `nBits` (Bitcoin's `SetCompact`) and rejects negative, overflowing, zero
/// or above-limit targets as `CheckProofOfWork` does.
pub fn target_from_bits(bits: u32) -> Result<U256, String> {
    let size = bits >> 24;
    let mut word = bits & 0x007f_ffff;
    let target = if size <= 3 {
        word >>= 8 * (3 - size);
        U256::from_u64(u64::from(word))
    } else {
        U256::from_u64(u64::from(word)).shl(8 * (size - 3))
    };
    if word != 0 && bits & 0x0080_0000 != 0 {
        return Err(format!("nBits 0x{bits:08x} encodes a negative target"));
    }
    if word != 0 && (size > 34 || (word > 0xff && size > 33) || (word > 0xffff && size > 32)) {
        return Err(format!("nBits 0x{bits:08x} overflows 256 bits"));
    }
    if target.is_zero() {
        return Err(format!("nBits 0x{bits:08x} encodes a zero target"));
    }
    if bits != POW_LIMIT_BITS && target > target_from_bits(POW_LIMIT_BITS)? {
        return Err(format!(
            "nBits 0x{bits:08x} is easier than the main-net limit 0x{POW_LIMIT_BITS:08x}"
        ));
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
            message: "no block header supplied".into(),
        });
    }
    let mut total = U256::ZERO;
    for (i, h) in headers.iter().enumerate() {
        let work = h
            .check_pow()
            .map_err(|message| HeaderError { index: i, message })?;
        total = total.add(&work);
        if i > 0 && h.prev_block != headers[i - 1].hash() {
            return Err(HeaderError {
                index: i,
                message: format!(
                    "does not follow header {} (its previous-block hash is not {})",
                    i - 1,
                    headers[i - 1].hash_display()
                ),
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
    pub const ZERO: U256 = U256([0; 4]);

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

    pub fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }

    fn bit(&self, i: u32) -> bool {
        self.0[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

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

    /// Big-endian hex, 64 digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().rev().map(|l| format!("{l:016x}")).collect()
    }

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
