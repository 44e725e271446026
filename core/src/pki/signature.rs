//! Digest and signature algorithms of X.509 (RFC 5280 §4.1.1.2, RFC 4055, RFC 5758) and CMS
//! (RFC 5652 §5.3, RFC 5754): SHA-1/256/384/512; RSA PKCS#1 v1.5 and RSASSA-PSS; ECDSA on
//! P-256 and P-384. Keys come from a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7). Verification is
//! done by the pure-Rust RustCrypto crates, so it runs the same natively and in wasm32.

use crate::pki::der::{self, tag, Tlv};
use ecdsa::signature::hazmat::PrehashVerifier;
use sha2::Digest;

/// Why a signature algorithm cannot be used or a signature does not verify: a check message,
/// typed with its sentences among the others ([`crate::check_messages`]).
pub use crate::check_messages::SigError;

/// The object identifiers of the digest, key and signature algorithms read here.
pub mod oid {
    /// id-sha1 (FIPS 180-4).
    pub const SHA1: &str = "1.3.14.3.2.26";
    /// id-sha256 (RFC 5754 §2).
    pub const SHA256: &str = "2.16.840.1.101.3.4.2.1";
    /// id-sha384 (RFC 5754 §2).
    pub const SHA384: &str = "2.16.840.1.101.3.4.2.2";
    /// id-sha512 (RFC 5754 §2).
    pub const SHA512: &str = "2.16.840.1.101.3.4.2.3";
    /// rsaEncryption: an RSA key (RFC 8017 App. A.1).
    pub const RSA_ENCRYPTION: &str = "1.2.840.113549.1.1.1";
    /// sha1WithRSAEncryption (RFC 8017).
    pub const SHA1_WITH_RSA: &str = "1.2.840.113549.1.1.5";
    /// sha256WithRSAEncryption (RFC 4055 §5).
    pub const SHA256_WITH_RSA: &str = "1.2.840.113549.1.1.11";
    /// sha384WithRSAEncryption (RFC 4055 §5).
    pub const SHA384_WITH_RSA: &str = "1.2.840.113549.1.1.12";
    /// sha512WithRSAEncryption (RFC 4055 §5).
    pub const SHA512_WITH_RSA: &str = "1.2.840.113549.1.1.13";
    /// id-RSASSA-PSS (RFC 4055 §3.1).
    pub const RSASSA_PSS: &str = "1.2.840.113549.1.1.10";
    /// id-mgf1 (RFC 4055 §2.2).
    pub const MGF1: &str = "1.2.840.113549.1.1.8";
    /// id-ecPublicKey: an elliptic-curve key (RFC 5480 §2.1.1).
    pub const EC_PUBLIC_KEY: &str = "1.2.840.10045.2.1";
    /// ecdsa-with-SHA1 (RFC 3279).
    pub const ECDSA_SHA1: &str = "1.2.840.10045.4.1";
    /// ecdsa-with-SHA256 (RFC 5758 §3.2).
    pub const ECDSA_SHA256: &str = "1.2.840.10045.4.3.2";
    /// ecdsa-with-SHA384 (RFC 5758 §3.2).
    pub const ECDSA_SHA384: &str = "1.2.840.10045.4.3.3";
    /// ecdsa-with-SHA512 (RFC 5758 §3.2).
    pub const ECDSA_SHA512: &str = "1.2.840.10045.4.3.4";
    /// secp256r1, NIST P-256 (RFC 5480 §2.1.1.1).
    pub const P256: &str = "1.2.840.10045.3.1.7";
    /// secp384r1, NIST P-384 (RFC 5480 §2.1.1.1).
    pub const P384: &str = "1.3.132.0.34";
}

/// An AlgorithmIdentifier (RFC 5280 §4.1.1.2): OID and the raw parameters element, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlgorithmIdentifier {
    /// The algorithm's object identifier, dotted.
    pub oid: String,
    /// The parameters element as encoded (tag included), `None` when absent.
    pub params: Option<Vec<u8>>,
}

impl AlgorithmIdentifier {
    /// Reads an AlgorithmIdentifier SEQUENCE.
    pub fn parse(t: &Tlv<'_>) -> der::Result<Self> {
        if t.tag != tag::SEQUENCE {
            return t.error("AlgorithmIdentifier: expected SEQUENCE");
        }
        let mut r = t.reader();
        let oid = r.expect(tag::OID, "AlgorithmIdentifier.algorithm")?.oid()?;
        let params = if r.is_empty() {
            None
        } else {
            Some(r.read()?.raw.to_vec())
        };
        r.finish("AlgorithmIdentifier")?;
        Ok(AlgorithmIdentifier { oid, params })
    }

    /// True when parameters are absent or NULL (both occur for hash algorithms, RFC 5754 §2).
    pub fn params_absent_or_null(&self) -> bool {
        matches!(self.params.as_deref(), None | Some([0x05, 0x00]))
    }
}

/// The hash functions these formats use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum HashAlg {
    /// SHA-1 (collision-broken: see [`HashAlg::is_weak`]).
    Sha1,
    /// SHA-256.
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512.
    Sha512,
}

impl HashAlg {
    /// The hash an object identifier names, if it is one of these.
    pub fn from_oid(oid: &str) -> Option<HashAlg> {
        Some(match oid {
            oid::SHA1 => HashAlg::Sha1,
            oid::SHA256 => HashAlg::Sha256,
            oid::SHA384 => HashAlg::Sha384,
            oid::SHA512 => HashAlg::Sha512,
            _ => return None,
        })
    }

    /// The hash's name as FIPS 180-4 spells it.
    pub fn name(self) -> &'static str {
        match self {
            HashAlg::Sha1 => "SHA-1",
            HashAlg::Sha256 => "SHA-256",
            HashAlg::Sha384 => "SHA-384",
            HashAlg::Sha512 => "SHA-512",
        }
    }

    /// The digest's length in bytes.
    pub fn output_len(self) -> usize {
        match self {
            HashAlg::Sha1 => 20,
            HashAlg::Sha256 => 32,
            HashAlg::Sha384 => 48,
            HashAlg::Sha512 => 64,
        }
    }

    /// SHA-1 is collision-broken: accepted where old authorities still use it, but flagged.
    pub fn is_weak(self) -> bool {
        self == HashAlg::Sha1
    }

    /// The first day a digest of data made with this hash no longer binds the data: two
    /// documents with one SHA-1 digest were published on 2017-02-23 (SHAttered).
    pub fn digest_distrusted_since(self) -> Option<&'static str> {
        self.is_weak().then_some("2017-02-23")
    }

    /// The first day a signature made with this hash is no longer trusted: NIST SP 800-131A
    /// disallows SHA-1 for generating digital signatures after 2013.
    pub fn signature_distrusted_since(self) -> Option<&'static str> {
        self.is_weak().then_some("2014-01-01")
    }

    /// A hasher to feed data in pieces (a large stamped file need not be in memory).
    pub fn hasher(self) -> Hasher {
        Hasher(match self {
            HashAlg::Sha1 => HasherState::Sha1(sha1::Sha1::new()),
            HashAlg::Sha256 => HasherState::Sha256(sha2::Sha256::new()),
            HashAlg::Sha384 => HasherState::Sha384(sha2::Sha384::new()),
            HashAlg::Sha512 => HasherState::Sha512(sha2::Sha512::new()),
        })
    }

    /// The digest of `data`.
    pub fn digest(self, data: &[u8]) -> Vec<u8> {
        match self {
            HashAlg::Sha1 => sha1::Sha1::digest(data).to_vec(),
            HashAlg::Sha256 => sha2::Sha256::digest(data).to_vec(),
            HashAlg::Sha384 => sha2::Sha384::digest(data).to_vec(),
            HashAlg::Sha512 => sha2::Sha512::digest(data).to_vec(),
        }
    }
}

/// A [`HashAlg`] being fed data in pieces.
#[derive(Clone)]
pub struct Hasher(HasherState);

#[derive(Clone)]
enum HasherState {
    Sha1(sha1::Sha1),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
}

impl Hasher {
    /// Feeds the next piece of data.
    pub fn update(&mut self, data: &[u8]) {
        match &mut self.0 {
            HasherState::Sha1(h) => h.update(data),
            HasherState::Sha256(h) => h.update(data),
            HasherState::Sha384(h) => h.update(data),
            HasherState::Sha512(h) => h.update(data),
        }
    }

    /// The digest of everything fed.
    pub fn finish(self) -> Vec<u8> {
        match self.0 {
            HasherState::Sha1(h) => h.finalize().to_vec(),
            HasherState::Sha256(h) => h.finalize().to_vec(),
            HasherState::Sha384(h) => h.finalize().to_vec(),
            HasherState::Sha512(h) => h.finalize().to_vec(),
        }
    }
}

/// A public key taken from a SubjectPublicKeyInfo.
#[derive(Debug, Clone)]
pub enum PublicKey {
    /// An RSA key (at most [`MAX_RSA_BITS`]).
    Rsa(rsa::RsaPublicKey),
    /// An ECDSA key on P-256.
    P256(p256::ecdsa::VerifyingKey),
    /// An ECDSA key on P-384.
    P384(p384::ecdsa::VerifyingKey),
}

impl PartialEq for PublicKey {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PublicKey::Rsa(a), PublicKey::Rsa(b)) => a == b,
            (PublicKey::P256(a), PublicKey::P256(b)) => a == b,
            (PublicKey::P384(a), PublicKey::P384(b)) => a == b,
            _ => false,
        }
    }
}

/// Largest RSA modulus accepted (bits); bounds the work an input can ask for.
pub const MAX_RSA_BITS: usize = 8192;

impl PublicKey {
    /// Parses a DER SubjectPublicKeyInfo.
    pub fn from_spki_der(spki: &[u8]) -> Result<PublicKey, String> {
        let t = der::parse_one(spki, "SubjectPublicKeyInfo").map_err(|e| e.to_string())?;
        Self::from_spki(&t).map_err(|e| e.to_string())
    }

    /// Reads a SubjectPublicKeyInfo element already parsed (RFC 5280 §4.1.2.7): RSA, or an EC
    /// key on P-256 or P-384.
    pub fn from_spki(t: &Tlv<'_>) -> der::Result<PublicKey> {
        let mut r = t.reader();
        let alg_t = r.expect(tag::SEQUENCE, "SubjectPublicKeyInfo.algorithm")?;
        let alg = AlgorithmIdentifier::parse(&alg_t)?;
        let bits_t = r.expect(tag::BIT_STRING, "SubjectPublicKeyInfo.subjectPublicKey")?;
        r.finish("SubjectPublicKeyInfo")?;
        let key = bits_t.bit_string_octets()?;
        match alg.oid.as_str() {
            oid::RSA_ENCRYPTION => {
                let seq = der::parse_one(key, "RSAPublicKey").map_err(|e| der::DerError {
                    offset: bits_t.value_offset() + 1 + e.offset,
                    message: e.message,
                })?;
                let mut kr = seq.reader();
                let n = kr.expect(tag::INTEGER, "RSAPublicKey.modulus")?;
                let e = kr.expect(tag::INTEGER, "RSAPublicKey.publicExponent")?;
                kr.finish("RSAPublicKey")?;
                let n = rsa::BigUint::from_bytes_be(n.integer_bytes()?);
                let e = rsa::BigUint::from_bytes_be(e.integer_bytes()?);
                rsa::RsaPublicKey::new_with_max_size(n, e, MAX_RSA_BITS)
                    .map(PublicKey::Rsa)
                    .or_else(|e| bits_t.error(format!("unusable RSA key: {e}")))
            }
            oid::EC_PUBLIC_KEY => {
                let curve = match alg.params.as_deref() {
                    Some(p) => der::parse_one(p, "namedCurve")?.oid()?,
                    None => return alg_t.error("EC key without a named curve"),
                };
                match curve.as_str() {
                    oid::P256 => p256::ecdsa::VerifyingKey::from_sec1_bytes(key)
                        .map(PublicKey::P256)
                        .or_else(|_| bits_t.error("invalid P-256 point")),
                    oid::P384 => p384::ecdsa::VerifyingKey::from_sec1_bytes(key)
                        .map(PublicKey::P384)
                        .or_else(|_| bits_t.error("invalid P-384 point")),
                    c => alg_t.error(format!("unsupported elliptic curve {c}")),
                }
            }
            o => alg_t.error(format!("unsupported public key algorithm {o}")),
        }
    }

    /// A short description: `RSA-4096`, `EC P-256`.
    pub fn describe(&self) -> String {
        match self {
            PublicKey::Rsa(k) => {
                use rsa::traits::PublicKeyParts;
                format!("RSA-{}", k.n().bits())
            }
            PublicKey::P256(_) => "EC P-256".into(),
            PublicKey::P384(_) => "EC P-384".into(),
        }
    }
}

/// A signature scheme with its hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2).
    RsaPkcs1v15(HashAlg),
    /// RSASSA-PSS with MGF1 of the same hash (RFC 8017 §8.1, RFC 4055 §3.1).
    RsaPss {
        /// The message hash, also MGF1's.
        hash: HashAlg,
        /// The salt's length in bytes.
        salt_len: usize,
    },
    /// ECDSA (FIPS 186-5 §6.4).
    Ecdsa(HashAlg),
}

impl Scheme {
    /// The scheme named by a signature AlgorithmIdentifier. In CMS the signatureAlgorithm may
    /// name only the key type (`rsaEncryption`, `id-ecPublicKey`), the hash then being the
    /// SignerInfo's digestAlgorithm (RFC 5652 §5.3, RFC 5754 §3): pass it as `digest`.
    pub fn from_alg(
        alg: &AlgorithmIdentifier,
        digest: Option<HashAlg>,
    ) -> Result<Scheme, SigError> {
        let need_digest = || {
            digest.ok_or_else(|| SigError::NeedsDigest {
                oid: alg.oid.clone(),
            })
        };
        Ok(match alg.oid.as_str() {
            oid::SHA1_WITH_RSA => Scheme::RsaPkcs1v15(HashAlg::Sha1),
            oid::SHA256_WITH_RSA => Scheme::RsaPkcs1v15(HashAlg::Sha256),
            oid::SHA384_WITH_RSA => Scheme::RsaPkcs1v15(HashAlg::Sha384),
            oid::SHA512_WITH_RSA => Scheme::RsaPkcs1v15(HashAlg::Sha512),
            oid::RSA_ENCRYPTION => Scheme::RsaPkcs1v15(need_digest()?),
            oid::ECDSA_SHA1 => Scheme::Ecdsa(HashAlg::Sha1),
            oid::ECDSA_SHA256 => Scheme::Ecdsa(HashAlg::Sha256),
            oid::ECDSA_SHA384 => Scheme::Ecdsa(HashAlg::Sha384),
            oid::ECDSA_SHA512 => Scheme::Ecdsa(HashAlg::Sha512),
            oid::EC_PUBLIC_KEY => Scheme::Ecdsa(need_digest()?),
            oid::RSASSA_PSS => parse_pss_params(alg.params.as_deref())?,
            o => return Err(SigError::UnsupportedAlgorithm { oid: o.to_string() }),
        })
    }

    /// The scheme's message hash.
    pub fn hash(self) -> HashAlg {
        match self {
            Scheme::RsaPkcs1v15(h) | Scheme::Ecdsa(h) | Scheme::RsaPss { hash: h, .. } => h,
        }
    }

    /// The scheme in words, for messages ("RSASSA-PSS with SHA-256 (MGF1, salt 32)").
    pub fn describe(self) -> String {
        match self {
            Scheme::RsaPkcs1v15(h) => format!("RSA PKCS#1 v1.5 with {}", h.name()),
            Scheme::RsaPss { hash, salt_len } => {
                format!("RSASSA-PSS with {} (MGF1, salt {salt_len})", hash.name())
            }
            Scheme::Ecdsa(h) => format!("ECDSA with {}", h.name()),
        }
    }
}

/// RSASSA-PSS-params (RFC 4055 §3.1): hash (default SHA-1), MGF1 with the same hash, salt
/// length (default 20), trailer field 1.
fn parse_pss_params(params: Option<&[u8]>) -> Result<Scheme, SigError> {
    let p = params.ok_or(SigError::PssWithoutParams)?;
    let parse = || -> der::Result<(HashAlg, Option<HashAlg>, usize)> {
        let seq = der::parse_one(p, "RSASSA-PSS-params")?;
        let mut r = seq.reader();
        let mut hash = HashAlg::Sha1;
        let mut mgf_hash = Some(HashAlg::Sha1);
        let mut salt = 20usize;
        if let Some(h) = r.optional(tag::ctx_cons(0))? {
            let a = AlgorithmIdentifier::parse(&h.reader().read()?)?;
            hash = HashAlg::from_oid(&a.oid)
                .ok_or(())
                .or_else(|_| h.error("unsupported PSS hash"))?;
        }
        if let Some(m) = r.optional(tag::ctx_cons(1))? {
            let a = AlgorithmIdentifier::parse(&m.reader().read()?)?;
            mgf_hash = None;
            if a.oid == oid::MGF1 {
                if let Some(inner) = &a.params {
                    let ia = AlgorithmIdentifier::parse(&der::parse_one(inner, "MGF1 hash")?)?;
                    mgf_hash = HashAlg::from_oid(&ia.oid);
                }
            }
        }
        if let Some(s) = r.optional(tag::ctx_cons(2))? {
            salt = s
                .reader()
                .expect(tag::INTEGER, "saltLength")?
                .small_uint()? as usize;
        }
        if let Some(t) = r.optional(tag::ctx_cons(3))? {
            if t.reader()
                .expect(tag::INTEGER, "trailerField")?
                .small_uint()?
                != 1
            {
                return t.error("trailerField must be 1");
            }
        }
        r.finish("RSASSA-PSS-params")?;
        Ok((hash, mgf_hash, salt))
    };
    let (hash, mgf_hash, salt_len) = parse().map_err(|e| SigError::PssParams {
        detail: e.to_string(),
    })?;
    if mgf_hash != Some(hash) {
        return Err(SigError::PssMaskGeneration);
    }
    if salt_len > 1024 {
        return Err(SigError::PssSaltRange);
    }
    Ok(Scheme::RsaPss { hash, salt_len })
}

/// Verifies `signature` over `message` with `key` under `scheme`; `Err` says why it fails.
pub fn verify(
    key: &PublicKey,
    scheme: Scheme,
    message: &[u8],
    signature: &[u8],
) -> Result<(), SigError> {
    let hashed = scheme.hash().digest(message);
    check_prehashed(key, scheme, &hashed, signature)
}

/// As [`verify`], with the message already hashed by `scheme.hash()`.
pub fn verify_prehashed(
    key: &PublicKey,
    scheme: Scheme,
    hashed: &[u8],
    signature: &[u8],
) -> Result<(), String> {
    check_prehashed(key, scheme, hashed, signature).map_err(String::from)
}

/// As [`verify_prehashed`], saying why as a [`SigError`].
pub fn check_prehashed(
    key: &PublicKey,
    scheme: Scheme,
    hashed: &[u8],
    signature: &[u8],
) -> Result<(), SigError> {
    match (key, scheme) {
        (PublicKey::Rsa(k), Scheme::RsaPkcs1v15(h)) => {
            let padding = match h {
                HashAlg::Sha1 => rsa::Pkcs1v15Sign::new::<sha1::Sha1>(),
                HashAlg::Sha256 => rsa::Pkcs1v15Sign::new::<sha2::Sha256>(),
                HashAlg::Sha384 => rsa::Pkcs1v15Sign::new::<sha2::Sha384>(),
                HashAlg::Sha512 => rsa::Pkcs1v15Sign::new::<sha2::Sha512>(),
            };
            k.verify(padding, hashed, signature)
                .map_err(|e| SigError::RsaInvalid {
                    detail: e.to_string(),
                })
        }
        (PublicKey::Rsa(k), Scheme::RsaPss { hash, salt_len }) => {
            let padding = match hash {
                HashAlg::Sha1 => rsa::Pss::new_with_salt::<sha1::Sha1>(salt_len),
                HashAlg::Sha256 => rsa::Pss::new_with_salt::<sha2::Sha256>(salt_len),
                HashAlg::Sha384 => rsa::Pss::new_with_salt::<sha2::Sha384>(salt_len),
                HashAlg::Sha512 => rsa::Pss::new_with_salt::<sha2::Sha512>(salt_len),
            };
            k.verify(padding, hashed, signature)
                .map_err(|e| SigError::PssInvalid {
                    detail: e.to_string(),
                })
        }
        (PublicKey::P256(k), Scheme::Ecdsa(_)) => {
            let sig =
                p256::ecdsa::Signature::from_der(signature).map_err(|_| SigError::EcdsaNotDer {
                    curve: "P-256".into(),
                })?;
            k.verify_prehash(hashed, &sig)
                .map_err(|_| SigError::EcdsaInvalid {
                    curve: "P-256".into(),
                })
        }
        (PublicKey::P384(k), Scheme::Ecdsa(_)) => {
            let sig =
                p384::ecdsa::Signature::from_der(signature).map_err(|_| SigError::EcdsaNotDer {
                    curve: "P-384".into(),
                })?;
            k.verify_prehash(hashed, &sig)
                .map_err(|_| SigError::EcdsaInvalid {
                    curve: "P-384".into(),
                })
        }
        (k, s) => Err(SigError::KeyMismatch {
            scheme: s.describe(),
            key: k.describe(),
        }),
    }
}

#[cfg(test)]
mod hasher_tests {
    use super::*;

    #[test]
    fn a_hasher_fed_in_pieces_gives_the_one_shot_digest() {
        let data: Vec<u8> = (0..50_000u32).map(|i| (i % 253) as u8).collect();
        for alg in [
            HashAlg::Sha1,
            HashAlg::Sha256,
            HashAlg::Sha384,
            HashAlg::Sha512,
        ] {
            let mut h = alg.hasher();
            for piece in data.chunks(4099) {
                h.update(piece);
            }
            let d = h.finish();
            assert_eq!(d, alg.digest(&data), "{}", alg.name());
            assert_eq!(d.len(), alg.output_len());
        }
    }
}
