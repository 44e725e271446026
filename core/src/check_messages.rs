//! What one check of an RFC 3161 token or a Rekor entry found (spec §3.2 Level 2+, §3.11;
//! Appendix B steps 9-10), as a message id with typed arguments: the CLI prints the English
//! sentence ([`fmt::Display`]), the page renders the id in the reader's language. The data a
//! sentence names (subjects, hashes, OIDs, times, counts) are its arguments, untranslated;
//! `detail` arguments hold the words of a decoder or library underneath.
//!
//! The signature and certification-path errors the PKI reports ([`SigError`], [`PathError`])
//! are such messages too: they are typed here, with their sentences, and `pki` returns them
//! (`pki::signature` and `pki::x509` re-export them), so this floor of shared words reads no
//! module above it (ARCHITECTURE.md, "The floors").

#![warn(missing_docs)]

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a SignerInfo names its certificate (RFC 5652 §5.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignerRef {
    /// IssuerAndSerialNumber: the issuer's name and the serial, hex.
    IssuerSerial {
        /// The issuer's name, RFC 4514 style.
        issuer: String,
        /// The serial number, hex.
        serial: String,
    },
    /// SubjectKeyIdentifier, hex.
    KeyId {
        /// The key identifier, hex.
        id: String,
    },
}

impl fmt::Display for SignerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignerRef::IssuerSerial { issuer, serial } => {
                write!(f, "issuer \"{issuer}\", serial {serial}")
            }
            SignerRef::KeyId { id } => write!(f, "subject key identifier {id}"),
        }
    }
}

/// One signing-certificate attribute that binds the signer (RFC 2634 §5.4, RFC 5035).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EssBinding {
    /// `signingCertificate` or `signingCertificateV2`.
    pub attribute: String,
    /// How many ESSCertIDs it lists.
    pub ids: usize,
    /// Its first ESSCertID hashes with SHA-1.
    pub sha1: bool,
}

impl fmt::Display for EssBinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} id{}{}) binds the signer",
            self.attribute,
            self.ids,
            if self.ids == 1 { "" } else { "s" },
            if self.sha1 { ", SHA-1" } else { "" }
        )
    }
}

/// Why a signature algorithm cannot be used or a signature does not verify, as a message id
/// with typed arguments: `Display` writes the CLI's English, the page its own language.
/// `detail` holds the words of the library or DER decoder underneath, untranslated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SigError {
    /// `rsaEncryption` or `id-ecPublicKey` named as the signature algorithm without a digest.
    NeedsDigest {
        /// The key-type OID used as the signature algorithm.
        oid: String,
    },
    /// A signature algorithm not among those `pki::oid` names.
    UnsupportedAlgorithm {
        /// The algorithm's OID.
        oid: String,
    },
    /// RSASSA-PSS named with no parameters (RFC 4055 §3.1 requires them in a signature).
    PssWithoutParams,
    /// RSASSA-PSS-params that do not decode (RFC 4055 §3.1).
    PssParams {
        /// The decoder's words.
        detail: String,
    },
    /// A mask generation function other than MGF1 with a supported hash (RFC 4055 §2.2).
    PssMaskGeneration,
    /// A salt length beyond what the key's modulus allows.
    PssSaltRange,
    /// An RSA PKCS#1 v1.5 signature that does not verify (RFC 8017 §8.2.2).
    RsaInvalid {
        /// The library's words.
        detail: String,
    },
    /// An RSASSA-PSS signature that does not verify (RFC 8017 §8.1.2).
    PssInvalid {
        /// The library's words.
        detail: String,
    },
    /// The ECDSA signature is not a DER Ecdsa-Sig-Value for `curve` (`P-256`, `P-384`).
    EcdsaNotDer {
        /// The key's curve.
        curve: String,
    },
    /// An ECDSA signature that does not verify on `curve` (FIPS 186-5 §6.4.2).
    EcdsaInvalid {
        /// The key's curve.
        curve: String,
    },
    /// An Ed25519 signature (RFC 8032) that is not 64 bytes or does not verify.
    Ed25519Invalid,
    /// The scheme (as `pki::signature::Scheme::describe` words it) does not fit the key (as
    /// `PublicKey::describe` words it).
    KeyMismatch {
        /// The signature scheme.
        scheme: String,
        /// The key it was to be checked with.
        key: String,
    },
}

impl fmt::Display for SigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SigError::NeedsDigest { oid } => {
                write!(f, "{oid} needs a separate digest algorithm")
            }
            SigError::UnsupportedAlgorithm { oid } => {
                write!(f, "unsupported signature algorithm {oid}")
            }
            SigError::PssWithoutParams => f.write_str("RSASSA-PSS without parameters"),
            SigError::PssParams { detail } => write!(f, "RSASSA-PSS parameters {detail}"),
            SigError::PssMaskGeneration => {
                f.write_str("RSASSA-PSS: mask generation must be MGF1 with the signature's hash")
            }
            SigError::PssSaltRange => f.write_str("RSASSA-PSS: salt length out of range"),
            SigError::RsaInvalid { detail } => {
                write!(f, "RSA PKCS#1 v1.5 signature invalid ({detail})")
            }
            SigError::PssInvalid { detail } => write!(f, "RSASSA-PSS signature invalid ({detail})"),
            SigError::EcdsaNotDer { curve } => write!(
                f,
                "ECDSA signature is not a valid DER Ecdsa-Sig-Value for {curve}"
            ),
            SigError::EcdsaInvalid { curve } => write!(f, "ECDSA {curve} signature invalid"),
            SigError::Ed25519Invalid => f.write_str("Ed25519 signature invalid"),
            SigError::KeyMismatch { scheme, key } => {
                write!(f, "signature algorithm {scheme} does not fit a {key} key")
            }
        }
    }
}

impl std::error::Error for SigError {}

impl From<SigError> for String {
    fn from(e: SigError) -> String {
        e.to_string()
    }
}

/// A certificate's place in a path, as a path error names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum CertRole {
    /// The signer's own certificate.
    Leaf,
    /// The anchor the reader trusts.
    TrustAnchor,
    /// The `n`th certificate above the leaf.
    Intermediate(usize),
}

impl fmt::Display for CertRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertRole::Leaf => f.write_str("leaf"),
            CertRole::TrustAnchor => f.write_str("trust anchor"),
            CertRole::Intermediate(i) => write!(f, "intermediate {i}"),
        }
    }
}

/// Why a built path is not valid at a time (`pki::x509::validate_path`): the certificate's role and
/// subject, and what is wrong with it. `Display` writes the CLI's English.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct PathError {
    /// Which certificate of the path.
    pub who: CertRole,
    /// Its subject, RFC 4514 style.
    pub subject: String,
    /// What is wrong with it.
    pub problem: PathProblem,
}

/// What is wrong with one certificate of a path (RFC 5280 §6.1.3, §6.1.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum PathProblem {
    /// Outside its validity period at `at`; times are ISO 8601 UTC.
    NotValidAt {
        /// The time the path was validated at.
        at: String,
        /// The certificate's notBefore.
        not_before: String,
        /// The certificate's notAfter.
        not_after: String,
    },
    /// A critical extension this verifier does not implement (RFC 5280 §4.2).
    UnrecognisedCritical {
        /// The extension's OID.
        oid: String,
    },
    /// More certificates below it than its pathLenConstraint allows (RFC 5280 §4.2.1.9).
    PathLenExceeded {
        /// Its pathLenConstraint.
        max: u64,
    },
    /// basicConstraints cA false.
    NotCa,
    /// No basicConstraints and nothing else that makes it a CA.
    NoBasicConstraints,
    /// A keyUsage without keyCertSign on an issuer (RFC 5280 §4.2.1.3).
    NoKeyCertSign,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (who, subject) = (&self.who, &self.subject);
        match &self.problem {
            PathProblem::NotValidAt {
                at,
                not_before,
                not_after,
            } => write!(
                f,
                "{who} \"{subject}\" is not valid at {at} (valid {not_before} to {not_after})"
            ),
            PathProblem::UnrecognisedCritical { oid } => write!(
                f,
                "{who} \"{subject}\" has unrecognised critical extension {oid}"
            ),
            PathProblem::PathLenExceeded { max } => {
                write!(f, "{who} \"{subject}\" pathLenConstraint {max} exceeded")
            }
            PathProblem::NotCa => write!(
                f,
                "{who} \"{subject}\" is not a CA (basicConstraints cA false)"
            ),
            PathProblem::NoBasicConstraints => {
                write!(f, "{who} \"{subject}\" is not a CA (no basicConstraints)")
            }
            PathProblem::NoKeyCertSign => {
                write!(f, "{who} \"{subject}\" keyUsage lacks keyCertSign")
            }
        }
    }
}

impl std::error::Error for PathError {}

/// The outcome of one check. Variants are grouped by the check that makes them (the ids of
/// `tsp::response::check` and `rekor::check`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckMsg {
    // --- RFC 3161 tokens (core/src/tsp/response/) ---
    /// PKIStatusInfo (RFC 3161 §2.4.2): the status name and number, the authority's free
    /// texts, the failInfo bits set, and whether the response holds no token though refused.
    Status {
        /// The PKIStatus name (`granted`, `rejection`, ...).
        name: String,
        /// The PKIStatus number.
        code: u64,
        /// The authority's free texts (`statusString`).
        texts: Vec<String>,
        /// The names of the failInfo bits set.
        fail_info: Vec<String>,
        /// The response holds no token though its status is refused.
        no_token: bool,
    },
    /// TSTInfo version is 1 (RFC 3161 §2.4.2).
    TstVersionOk,
    /// TSTInfo version other than 1.
    TstVersionBad {
        /// The version found.
        version: u64,
    },
    /// The imprint's hash is collision-broken: a digest made with it no longer binds the data
    /// from `since` (an ISO date).
    ImprintAlgWeak {
        /// The hash's name.
        alg: String,
        /// The date from which its digests no longer bind, ISO 8601.
        since: String,
    },
    /// `params` is how the hash parameters are encoded: `Absent`, `Null` or `Other`.
    ImprintAlgOk {
        /// The imprint's hash algorithm name.
        alg: String,
        /// How its parameters are encoded.
        params: String,
    },
    /// The messageImprint names a hash algorithm this verifier does not implement.
    ImprintAlgUnsupported {
        /// The algorithm's OID.
        oid: String,
    },
    /// The imprint cannot be recomputed: its hash algorithm is not supported.
    ImprintNoAlgorithm,
    /// The messageImprint is the digest of the data (RFC 3161 §2.4.2).
    ImprintMatches {
        /// The hash's name.
        alg: String,
        /// The digest, hex.
        digest: String,
    },
    /// The messageImprint is not the digest of the data.
    ImprintDiffers {
        /// The hash's name.
        alg: String,
        /// The digest the token stamps, hex.
        stamped: String,
        /// The digest of the data, hex.
        data: String,
    },
    /// The reader gave no nonce to expect, so none is checked.
    NonceNotExpected,
    /// The token echoes the request's nonce (RFC 3161 §2.4.2).
    NonceEchoed {
        /// The nonce, hex.
        nonce: String,
    },
    /// The token's nonce is not the one expected.
    NonceDiffers {
        /// The nonce expected, hex.
        expected: String,
        /// The nonce in the token, hex.
        found: String,
    },
    /// A nonce was expected and the token has none.
    NonceMissing {
        /// The nonce expected, hex.
        expected: String,
    },
    /// The SignedData holds a number of SignerInfos other than one (RFC 3161 §2.4.2).
    SignerInfoCount {
        /// How many it holds.
        n: usize,
    },
    /// The token embeds no certificates and the signer's was not supplied.
    SignerNotSupplied {
        /// How the SignerInfo names the certificate needed.
        sid: SignerRef,
    },
    /// No certificate, embedded or supplied, is the one the SignerInfo names.
    SignerNotAmong {
        /// How the SignerInfo names it.
        sid: SignerRef,
    },
    /// The signer certificate found; `position` is (its number, the count) in the token, or
    /// `None` when supplied separately; `claimants` how many certificates claim the id.
    SignerFound {
        /// The signer certificate's subject, RFC 4514 style.
        subject: String,
        /// How the SignerInfo names it.
        sid: SignerRef,
        /// (its number from 1, the count) among the token's certificates; None when supplied.
        position: Option<(usize, usize)>,
        /// How many certificates match the identifier.
        claimants: usize,
    },
    /// The SignerInfo has no signed attributes, which TSTInfo content requires (RFC 5652 §5.3).
    NoSignedAttrsForTstInfo,
    /// The SignerInfo has no signed attributes.
    NoSignedAttrs,
    /// A required signed attribute (contentType, messageDigest) is absent (RFC 5652 §11).
    AttrMissing {
        /// The attribute's OID.
        oid: String,
    },
    /// A signed attribute with other than one value.
    AttrValues {
        /// The attribute's OID.
        oid: String,
        /// How many values it has.
        n: usize,
    },
    /// An attribute value that does not decode: the DER decoder's words.
    AttrUnreadable {
        /// The decoder's words.
        detail: String,
    },
    /// The contentType attribute equals the eContentType (RFC 5652 §11.1).
    ContentTypeOk {
        /// The content type's OID.
        oid: String,
    },
    /// The contentType attribute differs from the eContentType.
    ContentTypeDiffers {
        /// The attribute's OID.
        attribute: String,
        /// The eContentType's OID.
        econtent: String,
    },
    /// The messageDigest attribute is not an OCTET STRING (RFC 5652 §11.2).
    MessageDigestNotOctets,
    /// The SignerInfo's digestAlgorithm is not one this verifier implements.
    DigestAlgUnsupported {
        /// The algorithm's OID.
        oid: String,
    },
    /// The messageDigest attribute is the digest of the encoded TSTInfo (RFC 5652 §5.4).
    MessageDigestOk {
        /// The digest algorithm's name.
        alg: String,
        /// The digest, hex.
        digest: String,
    },
    /// The messageDigest attribute is not the digest of the encoded TSTInfo.
    MessageDigestDiffers {
        /// The digest algorithm's name.
        alg: String,
        /// The digest computed, hex.
        computed: String,
        /// The digest the attribute holds, hex.
        attribute: String,
    },
    /// The signer's public key did not decode: the decoder's words.
    SignerKeyUnusable {
        /// The decoder's words.
        detail: String,
    },
    /// No signed attributes, so no signature over them to verify.
    NoSignedAttrsToVerify,
    /// The signature over the signed attributes does not verify, or its algorithm cannot be used.
    Signature(SigError),
    /// The signature digests with a collision-broken hash, not trusted for signatures made
    /// from `since` (an ISO date).
    SignatureAlgWeak {
        /// The hash's name.
        alg: String,
        /// The date from which signatures with it are not trusted, ISO 8601.
        since: String,
    },
    /// `scheme` as `Scheme::describe`, `key` as `PublicKey::describe`.
    SignatureOk {
        /// The signature scheme.
        scheme: String,
        /// The signer's key.
        key: String,
    },
    /// The path (subjects, leaf first) is valid at genTime `time`.
    ChainValidAtGenTime {
        /// genTime, ISO 8601 UTC.
        time: String,
        /// The path's subjects, leaf first.
        path: Vec<String>,
    },
    /// The path is valid at the supplied "now" `time`.
    ChainValidNow {
        /// The "now" supplied, ISO 8601 UTC.
        time: String,
        /// The path's subjects, leaf first.
        path: Vec<String>,
    },
    /// No trust anchor was supplied to build a path to.
    NoTrustAnchor,
    /// No path from the signer to a supplied trust anchor (RFC 5280 §6.1).
    NoPathToAnchor {
        /// The signer certificate's subject.
        subject: String,
    },
    /// No path was built, so none is validated now.
    NoPath,
    /// The built path is not valid at the time (RFC 5280 §6.1.3).
    Path(PathError),
    /// No current time was supplied, so the path is not validated now.
    NoCurrentTime,
    /// A signing-certificate attribute with other than one value (RFC 2634 §5.4).
    EssValues {
        /// `signingCertificate` or `signingCertificateV2`.
        attribute: String,
        /// How many values it has.
        n: usize,
    },
    /// A signing-certificate attribute that does not decode.
    EssUnreadable {
        /// `signingCertificate` or `signingCertificateV2`.
        attribute: String,
        /// The decoder's words.
        detail: String,
    },
    /// A signing-certificate attribute that lists no ESSCertID.
    EssEmpty {
        /// `signingCertificate` or `signingCertificateV2`.
        attribute: String,
    },
    /// The first ESSCertID does not identify the signer certificate (RFC 5035 §5.4).
    EssFirstNotSigner {
        /// `signingCertificate` or `signingCertificateV2`.
        attribute: String,
        /// The ID is an ESSCertIDv2.
        v2: bool,
        /// The ID's hash algorithm name.
        alg: String,
        /// The ID's certificate hash, hex.
        hash: String,
        /// The signer certificate's subject.
        subject: String,
    },
    /// The `index`th ESSCertID (from 1) matches no certificate of the chain.
    EssNotInChain {
        /// `signingCertificate` or `signingCertificateV2`.
        attribute: String,
        /// The ESSCertID's position, from 1.
        index: usize,
        /// Its certificate hash, hex.
        hash: String,
    },
    /// Neither signingCertificate nor signingCertificateV2 is present (RFC 3161 §2.4.1).
    EssNone,
    /// The signing-certificate attributes present bind the signer.
    EssBinds {
        /// Each attribute that binds it.
        bindings: Vec<EssBinding>,
    },
    /// The signer certificate has no extendedKeyUsage (RFC 3161 §2.3 requires timeStamping).
    EkuMissing {
        /// The certificate's subject.
        subject: String,
    },
    /// The purposes listed (OIDs), not exactly timeStamping.
    EkuNotTimeStamping {
        /// The purpose OIDs listed.
        purposes: Vec<String>,
    },
    /// The extendedKeyUsage is not marked critical (RFC 3161 §2.3).
    EkuNotCritical,
    /// The keyUsage bits set neither digitalSignature nor nonRepudiation, or set another bit.
    KeyUsageBits {
        /// The keyUsage bits as an integer (RFC 5280 §4.2.1.3 order).
        bits: u32,
    },
    /// extendedKeyUsage is exactly timeStamping and critical (RFC 3161 §2.3).
    EkuOk,
    /// TSTInfo has no `tsa` field, so there is no name to hold to the signer.
    TsaAbsent,
    /// TSTInfo's `tsa` names the signer certificate (RFC 3161 §2.4.2).
    TsaNamesSigner {
        /// The GeneralName's kind (`directoryName`, ...).
        kind: String,
        /// The name.
        name: String,
    },
    /// TSTInfo's `tsa` does not name the signer certificate.
    TsaNotSigner {
        /// The GeneralName's kind.
        kind: String,
        /// The name.
        name: String,
        /// The signer certificate's subject.
        signer: String,
    },
    /// No authority was pinned by the caller, so the signer is not held to one.
    NothingPinned,
    /// The signer is the authority the caller pinned.
    PinnedOk {
        /// The signer certificate's subject.
        signer: String,
    },
    /// The signer is not the authority the caller pinned.
    PinnedDiffers {
        /// The signer certificate's subject.
        signer: String,
        /// The pinned authority's subject.
        pinned: String,
    },

    // --- Rekor entries (core/src/rekor/) ---
    /// The entry's body decodes.
    BodyOk {
        /// The body's `kind` (`hashedrekord`, ...).
        kind: String,
        /// The body's `apiVersion`.
        version: String,
    },
    /// The body does not decode: the entry reader's words (field and problem).
    BodyUnreadable {
        /// The entry reader's words.
        detail: String,
    },
    /// No data or digest was given to hold the body's hash to.
    NoDataGiven,
    /// The body cannot be read, so its hash cannot be compared.
    BodyHashUnreadable,
    /// The body's hash algorithm is not sha256.
    BodyHashAlg {
        /// The algorithm the body names.
        alg: String,
    },
    /// The body's hash is the data's SHA-256.
    BodyHashOk {
        /// The digest, hex.
        digest: String,
    },
    /// The body's hash is not the data's SHA-256.
    BodyHashDiffers {
        /// The digest the body names, hex.
        body: String,
        /// The data's digest, hex.
        data: String,
    },
    /// The entry was given without its uuid.
    UuidAbsent,
    /// The uuid ends with the entry's leaf hash (RFC 6962 §2.1).
    UuidOk {
        /// The leaf hash, hex.
        leaf: String,
    },
    /// The uuid does not end with the entry's leaf hash.
    UuidDiffers {
        /// The uuid.
        uuid: String,
        /// The leaf hash, hex.
        leaf: String,
    },
    /// The entry's logID is the SHA-256 of the supplied log key.
    LogIdOk {
        /// The logID, hex.
        id: String,
    },
    /// A Rekor v2 log's ID: the supplied Ed25519 key's C2SP signed-note key ID under the
    /// log's name (the checkpoint's origin).
    LogIdNoteKeyOk {
        /// The key ID, hex.
        id: String,
        /// The log's name.
        origin: String,
    },
    /// The entry's logID is not the supplied key's.
    LogIdDiffers {
        /// The entry's logID, hex.
        entry: String,
        /// The supplied key's ID, hex.
        key: String,
    },
    /// The entry carries no inclusion proof.
    NoInclusionProof,
    /// The leaf index is not below the tree size.
    LeafIndexTooLarge {
        /// The leaf index.
        index: u64,
        /// The tree size.
        size: u64,
    },
    /// The proof has more hashes than the tree needs (RFC 9162 §2.1.3.2).
    ProofTooLong,
    /// The proof has fewer hashes than the tree needs (RFC 9162 §2.1.3.2).
    ProofTooShort,
    /// The inclusion proof reaches the entry's root (RFC 9162 §2.1.3.2).
    InclusionOk {
        /// The leaf index.
        index: u64,
        /// The tree size.
        size: u64,
        /// How many hashes the proof has.
        hashes: usize,
        /// The root reached, hex.
        root: String,
    },
    /// The inclusion proof reaches another root than the entry claims.
    InclusionDiffers {
        /// The root reached, hex.
        reached: String,
        /// The root claimed, hex.
        claimed: String,
    },
    /// The inclusion proof has no checkpoint.
    NoCheckpoint,
    /// The checkpoint note does not parse: the parser's words.
    CheckpointUnreadable {
        /// The parser's words.
        detail: String,
    },
    /// The checkpoint has no signature under the supplied key's hint (C2SP signed note).
    NoCheckpointSignature {
        /// The 4-byte key hint looked for, hex.
        hint: String,
    },
    /// The checkpoint's signature does not verify.
    CheckpointSignature {
        /// The name the signature line gives its key.
        signer: String,
        /// Why it does not verify.
        error: SigError,
    },
    /// The checkpoint's tree size differs from the proof's.
    CheckpointSizeDiffers {
        /// The checkpoint's size.
        checkpoint: u64,
        /// The proof's size.
        proof: u64,
    },
    /// The checkpoint's root differs from the proof's.
    CheckpointRootDiffers {
        /// The checkpoint's root, hex.
        checkpoint: String,
        /// The proof's root, hex.
        proof: String,
    },
    /// The checkpoint, signed by the log, states the proof's size and root.
    CheckpointOk {
        /// The checkpoint's origin, the log's name.
        origin: String,
        /// The tree size it signs.
        size: u64,
    },
    /// The entry has no signedEntryTimestamp: its integratedTime is unsigned.
    SetAbsent {
        /// The integratedTime, ISO 8601 UTC.
        time: String,
    },
    /// The signedEntryTimestamp verifies over integratedTime and logIndex.
    SetOk {
        /// integratedTime, Unix seconds.
        time: i64,
        /// logIndex.
        index: u64,
    },
    /// The signedEntryTimestamp does not verify, or its algorithm cannot be used.
    Set(SigError),
    /// The body is of a kind (`intoto 0.0.2`, `dsse 0.0.1`, ...) whose content is not read:
    /// what it logs is not checked against the file.
    KindNotRead {
        /// The body's `kind` and `apiVersion`.
        kind: String,
    },
    /// SET only: a verified signed entry timestamp and no inclusion proof.
    InclusionPromised {
        /// The entry's logIndex.
        index: u64,
    },
    /// A Rekor v2 entry: no integratedTime, no SET.
    NoIntegratedTime,
    /// The time lies in the trusted root's `validFor` window (an ISO 8601 interval) of the
    /// log key or time-stamp authority `key`.
    ValidForOk {
        /// The log key's or authority's name.
        key: String,
        /// The time held to the window, ISO 8601 UTC.
        time: String,
        /// The window, an ISO 8601 interval.
        window: String,
    },
    /// The time lies outside the window: the key or authority was not to be trusted then.
    OutsideValidFor {
        /// The log key's or authority's name.
        key: String,
        /// The time, ISO 8601 UTC.
        time: String,
        /// The window, an ISO 8601 interval.
        window: String,
    },
    /// No time is proven, so the window is not held to.
    ValidForNoTime {
        /// The log key's or authority's name.
        key: String,
        /// The window, an ISO 8601 interval.
        window: String,
    },
    // --- what a Sigstore bundle says (core/src/rekor/bundle.rs) ---
    /// The signing certificate's subjectAltName identity, as stated (not checked against a
    /// Fulcio root).
    CertificateIdentity {
        /// The subjectAltName value (an email or URI).
        identity: String,
    },
    /// A verified RFC 3161 token in the bundle signs `time` (UTC); `by` is the authority.
    TimeProvenByTsa {
        /// The signed time, ISO 8601 UTC.
        time: String,
        /// The authority's name.
        by: String,
    },
    /// A verified SET signs integratedTime `time`; `by` is the log.
    TimeProvenByLog {
        /// integratedTime, ISO 8601 UTC.
        time: String,
        /// The log's name.
        by: String,
    },
    /// Neither a verified SET nor a verified token signs a time.
    NoTimeProven,
}

impl CheckMsg {
    /// A certification path as the sentences write it: quoted subjects, leaf first, joined by
    /// ` <- `.
    pub fn path_text(path: &[String]) -> String {
        path.iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(" <- ")
    }
}

impl fmt::Display for CheckMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckMsg as C;
        match self {
            C::Status {
                name,
                code,
                texts,
                fail_info,
                no_token,
            } => {
                write!(f, "{name} ({code})")?;
                if !texts.is_empty() {
                    write!(f, ": {}", texts.join("; "))?;
                }
                if !fail_info.is_empty() {
                    write!(f, " [failInfo: {}]", fail_info.join(", "))?;
                }
                if *no_token {
                    f.write_str(" - the authority's answer: no timestamp was granted, the response holds no token")?;
                }
                Ok(())
            }
            C::TstVersionOk => f.write_str("TSTInfo version 1"),
            C::TstVersionBad { version } => write!(f, "TSTInfo version {version} (must be 1)"),
            C::ImprintAlgWeak { alg, since } => write!(
                f,
                "{alg} is collision-broken: its digests no longer bind the data from {since}"
            ),
            C::ImprintAlgOk { alg, params } => write!(f, "{alg} (parameters {params})"),
            C::ImprintAlgUnsupported { oid } => write!(f, "unsupported hash algorithm {oid}"),
            C::ImprintNoAlgorithm => f.write_str("cannot compute: unsupported hash algorithm"),
            C::ImprintMatches { alg, digest } => write!(f, "{alg} {digest} matches"),
            C::ImprintDiffers { alg, stamped, data } => {
                write!(f, "token stamps {alg} {stamped}, the data hashes to {data}")
            }
            C::NonceNotExpected => f.write_str("no nonce expected"),
            C::NonceEchoed { nonce } => f.write_str(nonce),
            C::NonceDiffers { expected, found } => {
                write!(f, "expected nonce {expected}, found {found}")
            }
            C::NonceMissing { expected } => write!(f, "expected nonce {expected}, found none"),
            C::SignerInfoCount { n } => {
                write!(f, "{n} SignerInfos; RFC 3161 §2.4.2 requires exactly one")
            }
            C::SignerNotSupplied { sid } => write!(
                f,
                "signer certificate not supplied: the token embeds no certificates; the certificate with {sid} is needed to check the signature"
            ),
            C::SignerNotAmong { sid } => write!(
                f,
                "signer certificate ({sid}) not among the token's or supplied certificates"
            ),
            C::SignerFound {
                subject,
                sid,
                position,
                claimants,
            } => {
                write!(f, "\"{subject}\" found by {sid}")?;
                match position {
                    Some((i, n)) => write!(f, " (certificate {i} of {n} in the token)")?,
                    None => f.write_str(" (supplied separately)")?,
                }
                if *claimants > 1 {
                    write!(f, "; {claimants} certificates claim this identifier")?;
                }
                Ok(())
            }
            C::NoSignedAttrsForTstInfo => f.write_str(
                "SignerInfo has no signed attributes (required for TSTInfo content)",
            ),
            C::NoSignedAttrs => f.write_str("no signed attributes"),
            C::AttrMissing { oid } => write!(f, "signed attribute {oid} missing"),
            C::AttrValues { oid, n } => {
                write!(f, "signed attribute {oid} has {n} values (must be 1)")
            }
            C::AttrUnreadable { detail } => f.write_str(detail),
            C::ContentTypeOk { oid } => write!(f, "{oid} = eContentType"),
            C::ContentTypeDiffers {
                attribute,
                econtent,
            } => write!(
                f,
                "contentType attribute {attribute} differs from eContentType {econtent}"
            ),
            C::MessageDigestNotOctets => f.write_str("messageDigest is not an OCTET STRING"),
            C::DigestAlgUnsupported { oid } => write!(f, "unsupported digest algorithm {oid}"),
            C::MessageDigestOk { alg, digest } => write!(f, "{alg} of TSTInfo = {digest}"),
            C::MessageDigestDiffers {
                alg,
                computed,
                attribute,
            } => write!(
                f,
                "{alg} of TSTInfo is {computed}, attribute says {attribute}"
            ),
            C::SignerKeyUnusable { detail } => write!(f, "signer key unusable: {detail}"),
            C::NoSignedAttrsToVerify => f.write_str("no signed attributes to verify"),
            C::Signature(e) | C::Set(e) => write!(f, "{e}"),
            C::SignatureAlgWeak { alg, since } => write!(
                f,
                "the signature digests with {alg}, collision-broken: signatures with it are not trusted from {since}"
            ),
            C::SignatureOk { scheme, key } => write!(f, "{scheme} with {key} key"),
            C::ChainValidAtGenTime { time, path } => {
                write!(f, "valid at genTime {time}: {}", CheckMsg::path_text(path))
            }
            C::ChainValidNow { time, path } => {
                write!(f, "valid now ({time}): {}", CheckMsg::path_text(path))
            }
            C::NoTrustAnchor => f.write_str("no trust anchor supplied"),
            C::NoPathToAnchor { subject } => write!(
                f,
                "no path from \"{subject}\" to a supplied trust anchor (unable to get local issuer certificate)"
            ),
            C::NoPath => f.write_str("no path"),
            C::Path(e) => write!(f, "{e}"),
            C::NoCurrentTime => f.write_str("no current time supplied"),
            C::EssValues { attribute, n } => {
                write!(f, "{attribute} has {n} values (must be 1)")
            }
            C::EssUnreadable { attribute, detail } => write!(f, "{attribute}: {detail}"),
            C::EssEmpty { attribute } => write!(f, "{attribute} lists no certificate"),
            C::EssFirstNotSigner {
                attribute,
                v2,
                alg,
                hash,
                subject,
            } => write!(
                f,
                "{attribute}: first ESSCertID{} ({alg} {hash}) does not identify the signer certificate \"{subject}\"",
                if *v2 { "v2" } else { "" }
            ),
            C::EssNotInChain {
                attribute,
                index,
                hash,
            } => write!(
                f,
                "{attribute}: ESSCertID {index} ({hash}) matches no certificate of the chain"
            ),
            C::EssNone => f.write_str(
                "neither signingCertificate nor signingCertificateV2 attribute present (RFC 3161 §2.4.1)",
            ),
            C::EssBinds { bindings } => {
                for (i, b) in bindings.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{b}")?;
                }
                Ok(())
            }
            C::EkuMissing { subject } => write!(
                f,
                "\"{subject}\" has no extendedKeyUsage (timeStamping required)"
            ),
            C::EkuNotTimeStamping { purposes } => write!(
                f,
                "extendedKeyUsage is {purposes:?}; must be exactly timeStamping (1.3.6.1.5.5.7.3.8)"
            ),
            C::EkuNotCritical => {
                f.write_str("extendedKeyUsage timeStamping is not marked critical")
            }
            C::KeyUsageBits { bits } => {
                write!(f, "keyUsage bits {bits:#x} do not fit a timestamping key")
            }
            C::EkuOk => f.write_str("extendedKeyUsage = timeStamping, critical"),
            C::TsaAbsent => f.write_str("TSTInfo has no tsa field"),
            C::TsaNamesSigner { kind, name } => write!(f, "{kind} \"{name}\" names the signer"),
            C::TsaNotSigner { kind, name, signer } => write!(
                f,
                "{kind} \"{name}\" does not name the signer \"{signer}\""
            ),
            C::NothingPinned => f.write_str("no authority pinned"),
            C::PinnedOk { signer } => write!(f, "signer \"{signer}\" is the pinned authority"),
            C::PinnedDiffers { signer, pinned } => write!(
                f,
                "signer \"{signer}\" is not the pinned authority \"{pinned}\""
            ),

            C::BodyOk { kind, version } => write!(f, "{kind} {version}"),
            C::BodyUnreadable { detail } => f.write_str(detail),
            C::NoDataGiven => f.write_str("no data or digest given"),
            C::BodyHashUnreadable => f.write_str("body unreadable"),
            C::BodyHashAlg { alg } => write!(f, "body hash algorithm is {alg:?}, not sha256"),
            C::BodyHashOk { digest } => write!(f, "body names sha256 {digest}"),
            C::BodyHashDiffers { body, data } => {
                write!(f, "body names sha256 {body}, the data is {data}")
            }
            C::UuidAbsent => f.write_str("entry given without its uuid"),
            C::UuidOk { leaf } => write!(f, "uuid ends with the leaf hash {leaf}"),
            C::UuidDiffers { uuid, leaf } => {
                write!(f, "uuid {uuid} does not end with the leaf hash {leaf}")
            }
            C::LogIdOk { id } => write!(f, "logID {id} = SHA-256 of the supplied key"),
            C::LogIdNoteKeyOk { id, origin } => write!(
                f,
                "logID {id} = the key ID of the supplied Ed25519 key under the log's name \"{origin}\" (C2SP signed note)"
            ),
            C::LogIdDiffers { entry, key } => {
                write!(f, "logID {entry} is not the supplied key's {key}")
            }
            C::NoInclusionProof => f.write_str("entry has no inclusion proof"),
            C::LeafIndexTooLarge { index, size } => {
                write!(f, "leaf index {index} is not below tree size {size}")
            }
            C::ProofTooLong => f.write_str("proof has more hashes than the tree needs"),
            C::ProofTooShort => f.write_str("proof has fewer hashes than the tree needs"),
            C::InclusionOk {
                index,
                size,
                hashes,
                root,
            } => write!(
                f,
                "leaf {index} of {size} ({hashes} hashes) reaches root {root}"
            ),
            C::InclusionDiffers { reached, claimed } => {
                write!(f, "proof reaches {reached}, entry claims root {claimed}")
            }
            C::NoCheckpoint => f.write_str("inclusion proof has no checkpoint"),
            C::CheckpointUnreadable { detail } => write!(f, "checkpoint unreadable: {detail}"),
            C::NoCheckpointSignature { hint } => write!(
                f,
                "no checkpoint signature with the supplied key's hint {hint}"
            ),
            C::CheckpointSignature { signer, error } => {
                write!(f, "checkpoint signature by \"{signer}\": {error}")
            }
            C::CheckpointSizeDiffers { checkpoint, proof } => write!(
                f,
                "checkpoint tree size {checkpoint} differs from the proof's {proof}"
            ),
            C::CheckpointRootDiffers { checkpoint, proof } => write!(
                f,
                "checkpoint root {checkpoint} differs from the proof's {proof}"
            ),
            C::CheckpointOk { origin, size } => {
                write!(f, "\"{origin}\" signed size {size} and the proof's root")
            }
            C::SetAbsent { time } => write!(
                f,
                "entry has no signedEntryTimestamp: integratedTime {time} is unsigned, no time is established from it"
            ),
            C::KindNotRead { kind } => write!(
                f,
                "unsupported kind {kind}: what the entry logs is not read, so not checked against the file"
            ),
            C::InclusionPromised { index } => write!(
                f,
                "SET only: the log promised inclusion of entry {index}; no proof of inclusion"
            ),
            C::NoIntegratedTime => f.write_str(
                "entry has no integratedTime (Rekor v2): the log signs no time; only an RFC 3161 token proves one",
            ),
            C::SetOk { time, index } => {
                write!(f, "signs integratedTime {time} and logIndex {index}")
            }
            C::ValidForOk { key, time, window } => write!(
                f,
                "{time} lies in the trusted root's validity window of {key} ({window})"
            ),
            C::OutsideValidFor { key, time, window } => write!(
                f,
                "{time} lies outside the trusted root's validity window of {key} ({window}): not trusted at that time"
            ),
            C::ValidForNoTime { key, window } => write!(
                f,
                "no time proven to hold {key} to its validity window ({window})"
            ),
            C::CertificateIdentity { identity } => write!(
                f,
                "certificate identity: {identity} (as the certificate states it; the certificate is not checked against a Fulcio root)"
            ),
            C::TimeProvenByTsa { time, by } => write!(
                f,
                "time proven: {time} (UTC), signed by the time-stamp authority {by} (RFC 3161 token over the bundle's signature)"
            ),
            C::TimeProvenByLog { time, by } => write!(
                f,
                "time proven: {time} (UTC), integratedTime signed by the log {by} (signed entry timestamp)"
            ),
            C::NoTimeProven => f.write_str(
                "time proven: none - no verified signed entry timestamp or RFC 3161 token signs a time",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentences the CLI printed before the checks' messages were typed, word for word.
    #[test]
    fn display_is_the_clis_english() {
        let cases: Vec<(CheckMsg, &str)> = vec![
            (
                CheckMsg::Status {
                    name: "rejection".into(),
                    code: 2,
                    texts: vec!["bad".into(), "worse".into()],
                    fail_info: vec!["badAlg".into(), "badRequest".into()],
                    no_token: true,
                },
                "rejection (2): bad; worse [failInfo: badAlg, badRequest] - the authority's answer: no timestamp was granted, the response holds no token",
            ),
            (
                CheckMsg::Status {
                    name: "granted".into(),
                    code: 0,
                    texts: vec![],
                    fail_info: vec![],
                    no_token: false,
                },
                "granted (0)",
            ),
            (
                CheckMsg::ImprintAlgOk {
                    alg: "SHA-256".into(),
                    params: "Null".into(),
                },
                "SHA-256 (parameters Null)",
            ),
            (
                CheckMsg::SignerFound {
                    subject: "CN=TSA".into(),
                    sid: SignerRef::IssuerSerial {
                        issuer: "CN=Root".into(),
                        serial: "0a".into(),
                    },
                    position: Some((1, 2)),
                    claimants: 2,
                },
                "\"CN=TSA\" found by issuer \"CN=Root\", serial 0a (certificate 1 of 2 in the token); 2 certificates claim this identifier",
            ),
            (
                CheckMsg::SignerFound {
                    subject: "CN=TSA".into(),
                    sid: SignerRef::KeyId { id: "beef".into() },
                    position: None,
                    claimants: 1,
                },
                "\"CN=TSA\" found by subject key identifier beef (supplied separately)",
            ),
            (
                CheckMsg::ChainValidAtGenTime {
                    time: "2026-10-21T13:00:36Z".into(),
                    path: vec!["CN=TSA".into(), "CN=Root".into()],
                },
                "valid at genTime 2026-10-21T13:00:36Z: \"CN=TSA\" <- \"CN=Root\"",
            ),
            (
                CheckMsg::ChainValidNow {
                    time: "2026-12-02T00:00:00Z".into(),
                    path: vec!["CN=TSA".into()],
                },
                "valid now (2026-12-02T00:00:00Z): \"CN=TSA\"",
            ),
            (
                CheckMsg::Path(PathError {
                    who: CertRole::Intermediate(1),
                    subject: "CN=Sub".into(),
                    problem: PathProblem::NotValidAt {
                        at: "2030-01-01T00:00:00Z".into(),
                        not_before: "2020-01-01T00:00:00Z".into(),
                        not_after: "2029-01-01T00:00:00Z".into(),
                    },
                }),
                "intermediate 1 \"CN=Sub\" is not valid at 2030-01-01T00:00:00Z (valid 2020-01-01T00:00:00Z to 2029-01-01T00:00:00Z)",
            ),
            (
                CheckMsg::EssBinds {
                    bindings: vec![
                        EssBinding {
                            attribute: "signingCertificate".into(),
                            ids: 1,
                            sha1: true,
                        },
                        EssBinding {
                            attribute: "signingCertificateV2".into(),
                            ids: 3,
                            sha1: false,
                        },
                    ],
                },
                "signingCertificate (1 id, SHA-1) binds the signer; signingCertificateV2 (3 ids) binds the signer",
            ),
            (
                CheckMsg::EkuNotTimeStamping {
                    purposes: vec!["1.3.6.1.5.5.7.3.1".into()],
                },
                "extendedKeyUsage is [\"1.3.6.1.5.5.7.3.1\"]; must be exactly timeStamping (1.3.6.1.5.5.7.3.8)",
            ),
            (
                CheckMsg::KeyUsageBits { bits: 0x20 },
                "keyUsage bits 0x20 do not fit a timestamping key",
            ),
            (
                CheckMsg::NonceMissing {
                    expected: "01".into(),
                },
                "expected nonce 01, found none",
            ),
            (
                CheckMsg::Signature(SigError::EcdsaInvalid {
                    curve: "P-256".into(),
                }),
                "ECDSA P-256 signature invalid",
            ),
            (
                CheckMsg::BodyHashAlg { alg: "sha1".into() },
                "body hash algorithm is \"sha1\", not sha256",
            ),
            (
                CheckMsg::CheckpointSignature {
                    signer: "rekor.sigstore.dev".into(),
                    error: SigError::EcdsaNotDer {
                        curve: "P-256".into(),
                    },
                },
                "checkpoint signature by \"rekor.sigstore.dev\": ECDSA signature is not a valid DER Ecdsa-Sig-Value for P-256",
            ),
            (
                CheckMsg::SetOk {
                    time: 1761051636,
                    index: 42,
                },
                "signs integratedTime 1761051636 and logIndex 42",
            ),
        ];
        for (msg, english) in cases {
            assert_eq!(msg.to_string(), english);
        }
    }

    /// The page gets the message through the worker as JSON: it comes back the same.
    #[test]
    fn messages_cross_the_worker_as_json() {
        let m = CheckMsg::SignerFound {
            subject: "CN=TSA".into(),
            sid: SignerRef::KeyId { id: "beef".into() },
            position: Some((2, 3)),
            claimants: 1,
        };
        let back: CheckMsg = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
    }
}
