//! The log's public key as the reader supplies it, and the log ID derived from it: Rekor v1
//! keys (ECDSA or RSA; the log ID is the SHA-256 of the SubjectPublicKeyInfo) and Rekor v2
//! keys (Ed25519, OID 1.3.101.112; the log ID is the C2SP signed-note key ID,
//! SHA-256(name || "\n" || 0x01 || key), spec §3.2 Level 2).

use crate::pki::signature::{self, HashAlg, PublicKey, Scheme, SigError};
use sha2::{Digest, Sha256};

/// The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410 §4): SEQUENCE { SEQUENCE {
/// OID 1.3.101.112 }, BIT STRING (33 bytes, 0 unused bits) }, followed by the 32-byte key.
const ED25519_SPKI_PREFIX: [u8; 12] = [
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
];

/// The key material: an X.509 key (Rekor v1) or an Ed25519 key (Rekor v2).
#[derive(Debug, Clone)]
pub enum LogPublicKey {
    /// An X.509 SubjectPublicKeyInfo key (Rekor v1).
    Pki(PublicKey),
    /// An Ed25519 key (Rekor v2 checkpoints).
    Ed25519(ed25519_dalek::VerifyingKey),
}

/// The log's public key as the reader supplied it.
#[derive(Debug, Clone)]
pub struct LogKey {
    /// The key material.
    pub key: LogPublicKey,
    /// Rekor's log ID: for a v1 key the SHA-256 of the SubjectPublicKeyInfo DER; for an
    /// Ed25519 key the trusted root's `logId.keyId` when the key came from one, else the
    /// SHA-256 of the SubjectPublicKeyInfo (the log ID of a v2 entry is then derived from the
    /// checkpoint's signer name, [`LogKey::note_key_id`]).
    pub log_id: [u8; 32],
    /// The log ID was stated by a trusted root, not derived from the key.
    pub log_id_stated: bool,
    /// The log's base URL in the trusted root the key came from; empty for a bare key.
    pub name: String,
    /// The window a trusted root gives the key (`publicKey.validFor`); `None` for a bare key.
    pub valid_for: Option<ValidFor>,
}

/// A trusted root's `validFor` (Sigstore `TimeRange`): the key or authority may be used for
/// times from `start` (inclusive) to `end` (exclusive; open when absent), Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidFor {
    /// From this time, inclusive (Unix seconds).
    pub start: i64,
    /// Until this time, exclusive; open when absent.
    pub end: Option<i64>,
}

impl ValidFor {
    /// `t` (Unix seconds) lies in the window.
    pub fn contains(&self, t: i64) -> bool {
        self.start <= t && self.end.is_none_or(|e| t < e)
    }

    /// The window as an ISO 8601 interval, `start/end`, `start/..` when open.
    pub fn interval(&self) -> String {
        let iso = |t: i64| crate::pki::der::Time::from_unix(t).to_iso();
        format!(
            "{}/{}",
            iso(self.start),
            self.end.map_or_else(|| "..".to_string(), iso)
        )
    }
}

impl LogKey {
    /// From PEM (`-----BEGIN PUBLIC KEY-----`) or DER SubjectPublicKeyInfo.
    pub fn parse(input: &[u8]) -> Result<LogKey, String> {
        let der = if input.starts_with(&[0x30]) {
            input.to_vec()
        } else {
            let mut b = crate::pki::x509::pem_blocks(input, "PUBLIC KEY")?;
            if b.len() != 1 {
                return Err(format!("{} PUBLIC KEY blocks; expected one", b.len()));
            }
            b.remove(0)
        };
        Self::from_spki_der(&der)
    }

    /// From a DER SubjectPublicKeyInfo.
    pub fn from_spki_der(der: &[u8]) -> Result<LogKey, String> {
        let key = match der.strip_prefix(&ED25519_SPKI_PREFIX[..]) {
            Some(raw) => {
                let raw: [u8; 32] = raw
                    .try_into()
                    .map_err(|_| "Ed25519 key is not 32 bytes".to_string())?;
                LogPublicKey::Ed25519(
                    ed25519_dalek::VerifyingKey::from_bytes(&raw)
                        .map_err(|_| "Ed25519 key is not a curve point".to_string())?,
                )
            }
            None => LogPublicKey::Pki(PublicKey::from_spki_der(der)?),
        };
        Ok(LogKey {
            key,
            log_id: Sha256::digest(der).into(),
            log_id_stated: false,
            name: String::new(),
            valid_for: None,
        })
    }

    /// An Ed25519 (Rekor v2) key.
    pub fn is_ed25519(&self) -> bool {
        matches!(self.key, LogPublicKey::Ed25519(_))
    }

    /// The C2SP signed-note key ID of an Ed25519 key under the signer `name`:
    /// SHA-256(name || "\n" || 0x01 || key); its first 4 bytes are the signature's key hint.
    /// None for a v1 key.
    pub fn note_key_id(&self, name: &str) -> Option<[u8; 32]> {
        let LogPublicKey::Ed25519(k) = &self.key else {
            return None;
        };
        let mut h = Sha256::new();
        h.update(name.as_bytes());
        h.update(b"\n\x01");
        h.update(k.as_bytes());
        Some(h.finalize().into())
    }

    /// Rekor v1 signs SHA-256 digests: ECDSA with SHA-256, or RSA PKCS#1 v1.5 with SHA-256;
    /// Rekor v2 signs with pure Ed25519 (RFC 8032).
    pub(super) fn verify(&self, message: &[u8], sig: &[u8]) -> Result<(), SigError> {
        match &self.key {
            LogPublicKey::Pki(key) => {
                let scheme = match key {
                    PublicKey::Rsa(_) => Scheme::RsaPkcs1v15(HashAlg::Sha256),
                    _ => Scheme::Ecdsa(HashAlg::Sha256),
                };
                signature::verify(key, scheme, message, sig)
            }
            LogPublicKey::Ed25519(k) => {
                let sig = ed25519_dalek::Signature::from_slice(sig)
                    .map_err(|_| SigError::Ed25519Invalid)?;
                k.verify_strict(message, &sig)
                    .map_err(|_| SigError::Ed25519Invalid)
            }
        }
    }
}
