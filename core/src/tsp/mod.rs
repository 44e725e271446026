//! RFC 3161 timestamps (spec §3.2 Level 2+, Appendix B step 9): what a timestamp authority
//! signs for a stamped list, and how a reader checks it. Certificates and signatures are
//! [`crate::pki`]'s.
//!
//! - [`response`]: TimeStampResp and tokens (CMS SignedData over TSTInfo): decoding, verification
//! - [`request`]: TimeStampReq (`.tsq`): building and decoding; the league's authorities
//! - [`text`]: a response rendered as `openssl ts -reply -text` prints it
//! - [`policy`]: policy OIDs by OpenSSL's names

#![warn(missing_docs)]

pub mod policy;
pub mod request;
pub mod response;
pub mod text;
