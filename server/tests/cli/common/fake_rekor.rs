//! A fake Rekor on 127.0.0.1 (with [`super::fake_http`]): `POST /<mode>/api/v1/log/entries`
//! checks the proposed hashedrekord's signature as Rekor does, appends it to an RFC 6962 tree
//! (test-only builder) and answers with the entry, an inclusion proof, a checkpoint and a SET
//! signed by a P-256 test log key; the modes `badset`, `badproof`, `conflict` and `garbage`
//! misbehave as named.

use super::fake_http::{Answer, Request};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::{EncodePublicKey, LineEnding};
use sealbook_core::hex;
use sealbook_core::pki::signature::{self, HashAlg, PublicKey, Scheme};
use sealbook_core::rekor;
use serde_json::Value;
use std::sync::Mutex;

/// RFC 6962 §2.1 tree hash and audit path by the recursive definition (test-only builder).
pub fn mth(leaves: &[[u8; 32]]) -> [u8; 32] {
    if leaves.len() == 1 {
        return leaves[0];
    }
    let k = leaves.len().next_power_of_two() / 2;
    node(&mth(&leaves[..k]), &mth(&leaves[k..]))
}

pub fn node(l: &[u8; 32], r: &[u8; 32]) -> [u8; 32] {
    HashAlg::Sha256
        .digest(&[&[1u8][..], l, r].concat())
        .try_into()
        .unwrap()
}

pub fn audit_path(m: usize, leaves: &[[u8; 32]]) -> Vec<[u8; 32]> {
    if leaves.len() == 1 {
        return vec![];
    }
    let k = leaves.len().next_power_of_two() / 2;
    let (mut p, other) = if m < k {
        (audit_path(m, &leaves[..k]), mth(&leaves[k..]))
    } else {
        (audit_path(m - k, &leaves[k..]), mth(&leaves[..k]))
    };
    p.push(other);
    p
}

/// How the fake log misbehaves (first path segment of its URL).
#[derive(Clone, Copy, PartialEq)]
pub enum Mode {
    Honest,
    BadSet,
    BadProof,
    Conflict,
    Garbage,
}

pub const INTEGRATED_TIME: i64 = 1_764_460_800;
pub const SHARD_OFFSET: u64 = 1000;

pub struct FakeRekor {
    pub key: SigningKey,
    pub leaves: Mutex<Vec<[u8; 32]>>,
}

impl FakeRekor {
    pub fn new() -> FakeRekor {
        let key = SigningKey::from_bytes(&[7u8; 32].into()).unwrap();
        // Earlier entries of other people, so the proof has siblings on both sides.
        let leaves = (0..6u8).map(|i| rekor::leaf_hash(&[b'x', i])).collect();
        FakeRekor {
            key,
            leaves: Mutex::new(leaves),
        }
    }

    pub fn public_pem(&self) -> String {
        self.key
            .verifying_key()
            .to_public_key_pem(LineEnding::LF)
            .unwrap()
    }

    pub fn log_id(&self) -> String {
        let der = self.key.verifying_key().to_public_key_der().unwrap();
        hex::encode(&HashAlg::Sha256.digest(der.as_bytes()))
    }

    pub fn sign(&self, message: &[u8]) -> Vec<u8> {
        let sig: Signature = self.key.sign(message);
        sig.to_der().as_bytes().to_vec()
    }

    /// Rekor's checks of a proposed hashedrekord: kind, a SHA-256 and a signature over it by
    /// the enclosed key.
    pub fn accept(body: &[u8]) -> Result<(), String> {
        let v: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
        if (v["kind"].as_str(), v["apiVersion"].as_str()) != (Some("hashedrekord"), Some("0.0.1")) {
            return Err("not hashedrekord 0.0.1".into());
        }
        let spec = &v["spec"];
        if spec["data"]["hash"]["algorithm"] != "sha256" {
            return Err("not sha256".into());
        }
        let digest = hex::decode(spec["data"]["hash"]["value"].as_str().ok_or("no hash")?)
            .ok_or("hash not hex")?;
        let sig = B64
            .decode(
                spec["signature"]["content"]
                    .as_str()
                    .ok_or("no signature")?,
            )
            .map_err(|e| e.to_string())?;
        let pem = B64
            .decode(
                spec["signature"]["publicKey"]["content"]
                    .as_str()
                    .ok_or("no key")?,
            )
            .map_err(|e| e.to_string())?;
        let spki = sealbook_core::pki::x509::pem_blocks(&pem, "PUBLIC KEY")?
            .pop()
            .ok_or("no PUBLIC KEY")?;
        let key = PublicKey::from_spki_der(&spki)?;
        signature::verify_prehashed(&key, Scheme::Ecdsa(HashAlg::Sha256), &digest, &sig)
    }

    pub fn answer(&self, r: Request) -> Answer {
        let json =
            |status, v: Value| Answer::new(status, "application/json", v.to_string().into_bytes());
        let mode = match r.path.split('/').nth(1) {
            Some("honest") => Mode::Honest,
            Some("badset") => Mode::BadSet,
            Some("badproof") => Mode::BadProof,
            Some("conflict") => Mode::Conflict,
            Some("garbage") => Mode::Garbage,
            _ => {
                return json(
                    404,
                    serde_json::json!({"code": 404, "message": "no such path"}),
                )
            }
        };
        if !r.path.ends_with("/api/v1/log/entries") || r.method != "POST" {
            return json(
                404,
                serde_json::json!({"code": 404, "message": "no such path"}),
            );
        }
        if r.content_type.as_deref() != Some("application/json") {
            return json(
                415,
                serde_json::json!({"code": 415, "message": "expected application/json"}),
            );
        }
        if let Err(e) = Self::accept(&r.body) {
            return json(
                400,
                serde_json::json!({"code": 400, "message": format!("invalid entry: {e}")}),
            );
        }
        match mode {
            Mode::Conflict => {
                return json(
                    409,
                    serde_json::json!({"code": 409, "message": "an equivalent entry already exists in the transparency log"}),
                )
            }
            Mode::Garbage => {
                return Answer::new(201, "application/json", b"{\"not\": \"an entry\"".to_vec())
            }
            _ => {}
        }
        let leaf = rekor::leaf_hash(&r.body);
        let mut leaves = self.leaves.lock().unwrap();
        leaves.push(leaf);
        let (index, size) = (leaves.len() as u64 - 1, leaves.len() as u64);
        let root = mth(&leaves);
        let mut hashes = audit_path(index as usize, &leaves);
        if mode == Mode::BadProof {
            hashes[0][0] ^= 1;
        }
        let body_b64 = B64.encode(&r.body);
        let log_id = self.log_id();
        let log_index = index + SHARD_OFFSET;
        let signed_time = if mode == Mode::BadSet {
            INTEGRATED_TIME + 1
        } else {
            INTEGRATED_TIME
        };
        let payload = format!(
            r#"{{"body":"{body_b64}","integratedTime":{signed_time},"logID":"{log_id}","logIndex":{log_index}}}"#
        );
        let note = format!("fake.rekor - 42\n{size}\n{}\n", B64.encode(root));
        let hint = &HashAlg::Sha256.digest(
            self.key
                .verifying_key()
                .to_public_key_der()
                .unwrap()
                .as_bytes(),
        )[..4];
        let checkpoint = format!(
            "{note}\n\u{2014} fake.rekor {}\n",
            B64.encode([hint, &self.sign(note.as_bytes())].concat())
        );
        let uuid = format!("24296fb24b8ad77a{}", hex::encode(&leaf));
        let entry = serde_json::json!({ uuid: {
            "body": body_b64,
            "integratedTime": INTEGRATED_TIME,
            "logID": log_id,
            "logIndex": log_index,
            "verification": {
                "inclusionProof": {
                    "checkpoint": checkpoint,
                    "hashes": hashes.iter().map(|h| hex::encode(h)).collect::<Vec<_>>(),
                    "logIndex": index,
                    "rootHash": hex::encode(&root),
                    "treeSize": size,
                },
                "signedEntryTimestamp": B64.encode(self.sign(payload.as_bytes())),
            },
        }});
        json(201, entry)
    }
}
