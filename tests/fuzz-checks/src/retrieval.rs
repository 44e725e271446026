//! `league::retrieval::Retrieval::parse` on arbitrary bytes: never a panic; a record it accepts
//! lists only safe, sorted, distinct paths with 64-hex SHA-256s, and writes back to bytes that
//! read as the same record; its check against files never panics.

use sealbook_core::league::manifest::path_is_safe;
use sealbook_core::league::retrieval::Retrieval;

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(r) = Retrieval::parse(data) {
        assert!(r
            .files
            .iter()
            .all(|f| path_is_safe(&f.path) && f.sha256.len() == 64));
        assert!(r.files.windows(2).all(|w| w[0].path < w[1].path));
        assert_eq!(Retrieval::parse(&r.to_bytes()).as_ref(), Ok(&r));
        let _ = r.check(Some(data), |p| (p.len() % 2 == 0).then_some(data));
    }
}
