//! Digest and signature algorithms of X.509 (RFC 5280 §4.1.1.2, RFC 4055, RFC 5758) and CMS
//! (RFC 5652 §5.3, RFC 5754): SHA-1/256/384/512; RSA PKCS#1 v1.5 and RSASSA-PSS; ECDSA on
//! P-256 and P-384. Keys come from a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7). Verification is
//! done by the pure-Rust RustCrypto crates, so it runs the same natively and in wasm32.

use crate::pki::der::{self, tag, Tlv};
use ecdsa::signature::hazmat::PrehashVerifier;
use sha2::Digest;

pub mod oid {
    pub const SHA1: &str = "1.3.14.3.2.26";
    pub const SHA256: &str = "2.16.840.1.101.3.4.2.1";
    pub const SHA384: &str = "2.16.840.1.101.3.4.2.2";
    pub const SHA512: &str = "2.16.840.1.101.3.4.2.3";
    pub const RSA_ENCRYPTION: &str = "1.2.840.113549.1.1.1";
    pub const SHA1_WITH_RSA: &str = "1.2.840.113549.1.1.5";
    pub const SHA256_WITH_RSA: &str = "1.2.840.113549.1.1.11";
    pub const SHA384_WITH_RSA: &str = "1.2.840.113549.1.1.12";
    pub const SHA512_WITH_RSA: &str = "1.2.840.113549.1.1.13";
    pub const RSASSA_PSS: &str = "1.2.840.113549.1.1.10";
    pub const MGF1: &str = "1.2.840.113549.1.1.8";
    pub const EC_PUBLIC_KEY: &str = "1.2.840.10045.2.1";
    pub const ECDSA_SHA1: &str = "1.2.840.10045.4.1";
    pub const ECDSA_SHA256: &str = "1.2.840.10045.4.3.2";
    pub const ECDSA_SHA384: &str = "1.2.840.10045.4.3.3";
    pub const ECDSA_SHA512: &str = "1.2.840.10045.4.3.4";
    pub const P256: &str = "1.2.840.10045.3.1.7";
    pub const P384: &str = "1.3.132.0.34";
}

/// An AlgorithmIdentifier (RFC 5280 §4.1.1.2): OID and the raw parameters element, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlgorithmIdentifier {
    pub oid: String,
    /// The parameters element as encoded (tag included), `None` when absent.
    pub params: Option<Vec<u8>>,
}

impl AlgorithmIdentifier {
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
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

impl HashAlg {
    pub fn from_oid(oid: &str) -> Option<HashAlg> {
        Some(match oid {
            oid::SHA1 => HashAlg::Sha1,
            oid::SHA256 => HashAlg::Sha256,
            oid::SHA384 => HashAlg::Sha384,
            oid::SHA512 => HashAlg::Sha512,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            HashAlg::Sha1 => "SHA-1",
            HashAlg::Sha256 => "SHA-256",
            HashAlg::Sha384 => "SHA-384",
            HashAlg::Sha512 => "SHA-512",
        }
    }

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

    pub fn digest(self, data: &[u8]) -> Vec<u8> {
        match self {
            HashAlg::Sha1 => sha1::Sha1::digest(data).to_vec(),
            HashAlg::Sha256 => sha2::Sha256::digest(data).to_vec(),
            HashAlg::Sha384 => sha2::Sha384::digest(data).to_vec(),
            HashAlg::Sha512 => sha2::Sha512::digest(data).to_vec(),
        }
    }
}

/// A public key taken from a SubjectPublicKeyInfo.
#[derive(Debug, Clone)]
pub enum PublicKey {
    Rsa(rsa::RsaPublicKey),
    P256(p256::ecdsa::VerifyingKey),
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
    RsaPkcs1v15(HashAlg),
    RsaPss { hash: HashAlg, salt_len: usize },
    Ecdsa(HashAlg),
}

impl Scheme {
    /// The scheme named by a signature AlgorithmIdentifier. In CMS the signatureAlgorithm may
    /// name only the key type (`rsaEncryption`, `id-ecPublicKey`), the hash then being the
    /// SignerInfo's digestAlgorithm (RFC 5652 §5.3, RFC 5754 §3): pass it as `digest`.
    pub fn from_alg(alg: &AlgorithmIdentifier, digest: Option<HashAlg>) -> Result<Scheme, String> {
        let need_digest =
            || digest.ok_or_else(|| format!("{} needs a separate digest algorithm", alg.oid));
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
            o => return Err(format!("unsupported signature algorithm {o}")),
        })
    }

    pub fn hash(self) -> HashAlg {
        match self {
            Scheme::RsaPkcs1v15(h) | Scheme::Ecdsa(h) | Scheme::RsaPss { hash: h, .. } => h,
        }
    }

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
fn parse_pss_params(params: Option<&[u8]>) -> Result<Scheme, String> {
    let p = params.ok_or("RSASSA-PSS without parameters")?;
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
    let (hash, mgf_hash, salt_len) = parse().map_err(|e| format!("RSASSA-PSS parameters {e}"))?;
    if mgf_hash != Some(hash) {
        return Err("RSASSA-PSS: mask generation must be MGF1 with the signature's hash".into());
    }
    if salt_len > 1024 {
        return Err("RSASSA-PSS: salt length out of range".into());
    }
    Ok(Scheme::RsaPss { hash, salt_len })
}

/// Verifies `signature` over `message` with `key` under `scheme`; `Err` says why it fails.
pub fn verify(
    key: &PublicKey,
    scheme: Scheme,
    message: &[u8],
    signature: &[u8],
) -> Result<(), String> {
    let hashed = scheme.hash().digest(message);
    verify_prehashed(key, scheme, &hashed, signature)
}

/// As [`verify`], with the message already hashed by `scheme.hash()`.
pub fn verify_prehashed(
    key: &PublicKey,
    scheme: Scheme,
    hashed: &[u8],
    signature: &[u8],
) -> Result<(), String> {
    match (key, scheme) {
        (PublicKey::Rsa(k), Scheme::RsaPkcs1v15(h)) => {
            let padding = match h {
                HashAlg::Sha1 => rsa::Pkcs1v15Sign::new::<sha1::Sha1>(),
                HashAlg::Sha256 => rsa::Pkcs1v15Sign::new::<sha2::Sha256>(),
                HashAlg::Sha384 => rsa::Pkcs1v15Sign::new::<sha2::Sha384>(),
                HashAlg::Sha512 => rsa::Pkcs1v15Sign::new::<sha2::Sha512>(),
            };
            k.verify(padding, hashed, signature)
                .map_err(|e| format!("RSA PKCS#1 v1.5 signature invalid ({e})"))
        }
        (PublicKey::Rsa(k), Scheme::RsaPss { hash, salt_len }) => {
            let padding = match hash {
                HashAlg::Sha1 => rsa::Pss::new_with_salt::<sha1::Sha1>(salt_len),
                HashAlg::Sha256 => rsa::Pss::new_with_salt::<sha2::Sha256>(salt_len),
                HashAlg::Sha384 => rsa::Pss::new_with_salt::<sha2::Sha384>(salt_len),
                HashAlg::Sha512 => rsa::Pss::new_with_salt::<sha2::Sha512>(salt_len),
            };
            k.verify(padding, hashed, signature)
                .map_err(|e| format!("RSASSA-PSS signature invalid ({e})"))
        }
        (PublicKey::P256(k), Scheme::Ecdsa(_)) => {
            let sig = p256::ecdsa::Signature::from_der(signature).map_err(|_| {
                "ECDSA signature is not a valid DER Ecdsa-Sig-Value for P-256".to_string()
            })?;
            k.verify_prehash(hashed, &sig)
                .map_err(|_| "ECDSA P-256 signature invalid".to_string())
        }
        (PublicKey::P384(k), Scheme::Ecdsa(_)) => {
            let sig = p384::ecdsa::Signature::from_der(signature).map_err(|_| {
                "ECDSA signature is not a valid DER Ecdsa-Sig-Value for P-384".to_string()
            })?;
            k.verify_prehash(hashed, &sig)
                .map_err(|_| "ECDSA P-384 signature invalid".to_string())
        }
        (k, s) => Err(format!(
            "signature algorithm {} does not fit a {} key",
            s.describe(),
            k.describe()
        )),
    }
}
