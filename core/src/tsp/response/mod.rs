//! RFC 3161 (as updated by RFC 5816) timestamp responses and tokens: decoding and
//! verification (spec seed 000 §3.2 Level 2+, Appendix B step 9).
//!
//! A token is a CMS SignedData (RFC 5652) whose eContent is a DER TSTInfo. [`token`] decodes
//! a `.tsr` or `.tst` into [`Parsed`]; [`verify`](mod@verify) then checks it, doing what
//! `openssl ts -verify` does and more, and lists every check with its result:
//! imprint = hash of the data; exactly one SignerInfo, its certificate found by issuer and
//! serial (or subject key identifier), never by position; signed attributes with contentType
//! and messageDigest; the signature over the signed attributes as encoded (re-tagged SET,
//! RFC 5652 §5.4); ESSCertID / ESSCertIDv2 bound to the signer and its chain (RFC 2634 §5.4,
//! RFC 5035, RFC 5816; [`ess`]); the leaf's extendedKeyUsage timeStamping and critical
//! (RFC 3161 §2.3); a path to a reader-supplied trust anchor valid **at genTime** (RFC 3161
//! App. B) and, separately, at a supplied "now" (what OpenSSL checks by default); the `tsa`
//! name against the signer (RFC 3161 §2.4.2).

pub mod ess;
pub mod token;
pub mod verify;

pub use token::{
    oid, parse, signer_algorithm, Accuracy, Attribute, GeneralName, HashParams, MessageImprint,
    Parsed, SignerId, SignerInfo, StatusInfo, TimeStampResp, TimeStampToken, TstInfo,
};
pub use verify::{
    check, read_certificate_files, verify, verify_bytes, verify_token, Imprinted, NamedBytes,
    TokenVerdict, VerifyOptions,
};
