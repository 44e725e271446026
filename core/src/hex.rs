//! Lowercase hexadecimal, as SHA-256 digests are printed throughout the spec.

use sha2::{Digest, Sha256};

/// Lowercase hex of `bytes`.
pub fn encode(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// SHA-256 of `bytes` in lowercase hex: every `sha256` field of the published files, the
/// ask texts' names (`asks/<sha256>.md`) and the stamped lists' file hashes (spec §3.2).
pub fn sha256_hex(bytes: impl AsRef<[u8]>) -> String {
    encode(&Sha256::digest(bytes))
}

/// True when `text` is exactly the lowercase hex of `bytes` (no allocation).
pub fn matches(bytes: &[u8], text: &[u8]) -> bool {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    text.len() == bytes.len() * 2
        && bytes
            .iter()
            .zip(text.chunks_exact(2))
            .all(|(b, t)| t[0] == HEX[(b >> 4) as usize] && t[1] == HEX[(b & 15) as usize])
}

/// Decodes hex (either case); `None` on odd length or a non-hex character.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let t = text.as_bytes();
    if !t.len().is_multiple_of(2) {
        return None;
    }
    t.chunks(2)
        .map(|p| {
            let hi = (p[0] as char).to_digit(16)?;
            let lo = (p[1] as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

/// True when `text` is exactly 64 lowercase hex digits (a printed SHA-256).
pub fn is_sha256_hex(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip() {
        assert_eq!(super::encode(&[0, 0xab, 0xff]), "00abff");
        assert_eq!(super::decode("00ABff"), Some(vec![0, 0xab, 0xff]));
        assert_eq!(super::decode("0"), None);
        assert_eq!(super::decode("zz"), None);
        assert!(super::matches(&[0, 0xab], b"00ab"));
        assert!(!super::matches(&[0, 0xab], b"00AB"));
        assert!(!super::matches(&[0, 0xab], b"00ab0"));
    }
}
