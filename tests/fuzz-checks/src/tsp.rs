//! DER input of every kind a reader may drop: timestamp responses and tokens (parsed, rendered
//! and verified), requests, and certificate bags (parsed and path-searched).

use sealbook_core::pki::x509;
use sealbook_core::tsp::{request, response, text};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(parsed) = response::parse(data) {
        let _ = text::render(&parsed);
        let certs = parsed
            .token()
            .map(|t| t.certificates.clone())
            .unwrap_or_default();
        let opts = response::VerifyOptions {
            anchors: certs,
            now: Some(1_800_000_000),
            ..Default::default()
        };
        let _ = response::verify(&parsed, response::Imprinted::Data(b"x"), &opts);
    }
    let _ = request::TimeStampReq::from_der(data);
    if let Ok(certs) = x509::parse_certificates(data) {
        if let Some(leaf) = certs.first() {
            for p in x509::build_paths(leaf, &certs, &certs) {
                let _ = x509::validate_path(&p, 1_800_000_000);
            }
        }
    }
}
