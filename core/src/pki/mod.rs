//! The public-key infrastructure under RFC 3161 tokens and Rekor entries: a bounded DER
//! reader, X.509 certificates and path validation, digest and signature algorithms.
//!
//! - [`der`]: ITU-T X.690 DER, bounded, with byte offsets in every error
//! - [`der_write`]: the DER writer (requests, and the demo authority's certificates and tokens)
//! - [`x509`]: certificates (RFC 5280), the extensions a timestamp verifier needs, paths
//! - [`signature`]: SHA-1/2 digests; RSA PKCS#1 v1.5 and PSS, ECDSA P-256 and P-384

#![warn(missing_docs)]

pub mod der;
pub mod der_write;
pub mod signature;
pub mod x509;
