//! `league::manifest::Manifest::parse` on arbitrary bytes: never a panic; a manifest it
//! accepts lists only safe, sorted, distinct paths with 64-hex SHA-256s, and writes back to
//! bytes that read as the same manifest.

use sealbook_core::league::manifest::{path_is_safe, Manifest};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(m) = Manifest::parse(data) {
        assert!(m
            .files
            .iter()
            .all(|f| path_is_safe(&f.path) && f.sha256.len() == 64));
        assert!(m.files.windows(2).all(|w| w[0].path < w[1].path));
        assert_eq!(Manifest::parse(&m.to_bytes()).as_ref(), Ok(&m));
    }
}
