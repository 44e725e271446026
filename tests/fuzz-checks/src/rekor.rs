//! Rekor entry JSON and checkpoints, verified against a fixed P-256 log key.

use sealbook_core::rekor;

/// The Rekor staging log key (a public key from ../shared/vectors/rekor/rekor-sigstage.pub).
const KEY: &[u8] = b"-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEDODRU688UYGuy54mNUlaEBiQdTE9
nYLr0lg6RXowI/QV/RE1azBn4Eg5/2uTOMbhB1/gfcHzijzFi9Tk+g1Prg==
-----END PUBLIC KEY-----
";

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let key = rekor::LogKey::parse(KEY).expect("fixed key");
    if let Ok(entry) = rekor::LogEntry::parse(data) {
        let _ = rekor::verify(&entry, Some(&[0u8; 32]), &key);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = rekor::Checkpoint::parse(text);
    }
}
