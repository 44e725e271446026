//! A fake Rekor v2 log (rekor-tiles) on 127.0.0.1 (with [`super::fake_http`]):
//! `POST /<mode>/api/v2/log/entries` reads a hashedrekord 0.0.2 request, checks its ECDSA
//! P-256 signature over the digest with the enclosed key as the log does, appends the
//! canonical body to an RFC 6962 tree and answers with a TransparencyLogEntry: the body, an
//! inclusion proof and a checkpoint signed with an Ed25519 test key (a C2SP signed note). The
//! modes `badproof` (a wrong inclusion proof), `garbage` (not JSON, to its first request
//! only, then honest) and `hang` (no answer for longer than the league waits) misbehave as
//! named.

use super::fake_http::{Answer, Request};
use super::fake_rekor::{audit_path, mth};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use ed25519_dalek::{Signer, SigningKey};
use sealbook_core::pki::signature::{self, HashAlg, PublicKey, Scheme};
use sealbook_core::rekor;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The log's name, the checkpoint's origin line.
pub const ORIGIN: &str = "127.0.0.1/sealbook-test-log";

pub struct FakeRekorV2 {
    pub key: SigningKey,
    pub leaves: Mutex<Vec<[u8; 32]>>,
    /// How long `hang` waits before it answers.
    pub hang: Duration,
    /// `garbage` has answered its garbage.
    pub garbled: AtomicBool,
}

impl FakeRekorV2 {
    pub fn new(hang: Duration) -> FakeRekorV2 {
        // Earlier entries of other people, so the proof has siblings on both sides.
        let leaves = (0..5u8).map(|i| rekor::leaf_hash(&[b'y', i])).collect();
        FakeRekorV2 {
            key: SigningKey::from_bytes(&[9u8; 32]),
            leaves: Mutex::new(leaves),
            hang,
            garbled: AtomicBool::new(false),
        }
    }

    /// The log's public key as the verifier is given it: PEM SubjectPublicKeyInfo (RFC 8410).
    pub fn public_pem(&self) -> String {
        let mut der = sealbook_core::hex::decode("302a300506032b6570032100").unwrap();
        der.extend(self.key.verifying_key().as_bytes());
        format!(
            "-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n",
            B64.encode(der)
        )
    }

    /// The note key ID of the log's key under its name (C2SP signed note).
    fn key_id(&self) -> [u8; 32] {
        let msg = [
            ORIGIN.as_bytes(),
            b"\n\x01",
            self.key.verifying_key().as_bytes(),
        ]
        .concat();
        HashAlg::Sha256.digest(&msg).try_into().unwrap()
    }

    /// The log's checks of a hashedrekord 0.0.2 request; returns the canonical body.
    pub fn accept(body: &[u8]) -> Result<Vec<u8>, String> {
        let v: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        let h = &v["hashedRekordRequestV0_0_2"];
        let b64 = |v: &Value, what: &str| {
            B64.decode(v.as_str().ok_or(format!("no {what}"))?)
                .map_err(|e| format!("{what}: {e}"))
        };
        let digest = b64(&h["digest"], "digest")?;
        let sig = b64(&h["signature"]["content"], "signature")?;
        let verifier = &h["signature"]["verifier"];
        if verifier["keyDetails"] != "PKIX_ECDSA_P256_SHA_256" {
            return Err("keyDetails: not PKIX_ECDSA_P256_SHA_256".into());
        }
        let spki = b64(&verifier["publicKey"]["rawBytes"], "publicKey.rawBytes")?;
        let key = PublicKey::from_spki_der(&spki)?;
        signature::verify_prehashed(&key, Scheme::Ecdsa(HashAlg::Sha256), &digest, &sig)?;
        let canonical = serde_json::json!({
            "apiVersion": "0.0.2",
            "kind": "hashedrekord",
            "spec": { "hashedRekordV002": {
                "data": { "algorithm": "SHA2_256", "digest": h["digest"] },
                "signature": h["signature"],
            }},
        });
        Ok(serde_json::to_vec(&canonical).unwrap())
    }

    pub fn answer(&self, r: Request) -> Answer {
        let json =
            |status, v: Value| Answer::new(status, "application/json", v.to_string().into_bytes());
        let mode = r.path.split('/').nth(1).unwrap_or("").to_string();
        if !["honest", "badproof", "garbage", "hang"].contains(&mode.as_str())
            || !r.path.ends_with("/api/v2/log/entries")
            || r.method != "POST"
        {
            return json(404, serde_json::json!({"code": 5, "message": "Not Found"}));
        }
        let body = match Self::accept(&r.body) {
            Ok(b) => b,
            Err(e) => {
                return json(
                    400,
                    serde_json::json!({"code": 3, "message": format!("invalid request: {e}")}),
                )
            }
        };
        match mode.as_str() {
            "garbage" if !self.garbled.swap(true, Ordering::SeqCst) => {
                return Answer::new(201, "application/json", b"<html>busy</html>".to_vec())
            }
            "hang" => std::thread::sleep(self.hang),
            _ => {}
        }
        let leaf = rekor::leaf_hash(&body);
        let mut leaves = self.leaves.lock().unwrap();
        leaves.push(leaf);
        let (index, size) = (leaves.len() as u64 - 1, leaves.len() as u64);
        let root = mth(&leaves);
        let mut hashes = audit_path(index as usize, &leaves);
        if mode == "badproof" {
            hashes[0][0] ^= 1;
        }
        let note = format!("{ORIGIN}\n{size}\n{}\n", B64.encode(root));
        let id = self.key_id();
        let sig = self.key.sign(note.as_bytes()).to_bytes();
        let checkpoint = format!(
            "{note}\n\u{2014} {ORIGIN} {}\n",
            B64.encode([&id[..4], &sig[..]].concat())
        );
        json(
            201,
            serde_json::json!({
                "logIndex": index.to_string(),
                "logId": { "keyId": B64.encode(id) },
                "kindVersion": { "kind": "hashedrekord", "version": "0.0.2" },
                "inclusionProof": {
                    "logIndex": index.to_string(),
                    "rootHash": B64.encode(root),
                    "treeSize": size.to_string(),
                    "hashes": hashes.iter().map(|h| B64.encode(h)).collect::<Vec<_>>(),
                    "checkpoint": { "envelope": checkpoint },
                },
                "canonicalizedBody": B64.encode(&body),
            }),
        )
    }
}
