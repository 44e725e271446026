//! The log's public key as the reader supplies it, and the log ID derived from it.

use crate::pki::signature::{self, HashAlg, PublicKey, Scheme, SigError};
use sha2::{Digest, Sha256};

/// The log's public key as the reader supplied it.
#[derive(Debug, Clone)]
pub struct LogKey {
    pub key: PublicKey,
    /// SHA-256 of the SubjectPublicKeyInfo DER: Rekor's log ID.
    pub log_id: [u8; 32],
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
        let key = PublicKey::from_spki_der(&der)?;
        Ok(LogKey {
            key,
            log_id: Sha256::digest(&der).into(),
        })
    }

    /// Rekor signs SHA-256 digests: ECDSA with SHA-256, or RSA PKCS#1 v1.5 with SHA-256.
    pub(super) fn verify(&self, message: &[u8], sig: &[u8]) -> Result<(), SigError> {
        let scheme = match self.key {
            PublicKey::Rsa(_) => Scheme::RsaPkcs1v15(HashAlg::Sha256),
            _ => Scheme::Ecdsa(HashAlg::Sha256),
        };
        signature::verify(&self.key, scheme, message, sig)
    }
}
