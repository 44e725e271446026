//! Sigstore bundles and trusted roots (core::rekor::bundle), the bundle verified against a
//! fixed P-256 log key and a fixed Ed25519 (Rekor v2) log key; a Rekor v2 log's answer
//! wrapped in the bundle the league writes, which must read back.

use sealbook_core::rekor;

/// The Rekor staging log key (a public key from ../shared/vectors/rekor/rekor-sigstage.pub).
const KEY: &[u8] = b"-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEDODRU688UYGuy54mNUlaEBiQdTE9
nYLr0lg6RXowI/QV/RE1azBn4Eg5/2uTOMbhB1/gfcHzijzFi9Tk+g1Prg==
-----END PUBLIC KEY-----
";
/// The staging Rekor v2 log key (../shared/vectors/sigstore-bundles/rekor-staging-v2-ed25519.pub).
const KEY_V2: &[u8] = b"-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAPn+AREHoBaZ7wgS1zBqpxmLSGnyhxXj4lFxSdWVB8o8=
-----END PUBLIC KEY-----
";

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let keys = [
        rekor::LogKey::parse(KEY).expect("fixed key"),
        rekor::LogKey::parse(KEY_V2).expect("fixed key"),
    ];
    if let Ok(bundle) = rekor::Bundle::parse(data) {
        let _ = rekor::verify_bundle(&bundle, Some(&[0u8; 32]), &keys, &[]);
    }
    // A log's answer the league wraps in its bundle: whatever is wrapped reads back.
    if let Ok(b) = rekor::bundle::message_signature_bundle(data, &[0u8; 32], b"sig", b"key") {
        let bundle = rekor::Bundle::parse(&b).expect("the league's bundle reads back");
        let _ = rekor::verify_bundle(&bundle, Some(&[0u8; 32]), &keys, &[]);
    }
    if let Ok(root) = rekor::TrustedRoot::parse(data) {
        let keys: Vec<_> = root.logs.into_iter().map(|(_, k)| k).collect();
        let _ = keys.len();
    }
}
