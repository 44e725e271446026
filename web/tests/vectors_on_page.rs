//! The verifier page's core entry points on the real vectors in ../shared/vectors (each per its
//! MANIFEST.md), called natively: what the page's worker computes for dropped files
//! (`verifier::*Result::check`) and the headline and trust lines the page prints from it. The
//! CLI reaches the same conclusions in tests/rekor_vectors.rs, tests/tsa_vectors.rs and
//! tests/bitcoin_headers_vectors.rs.

use sealbook_core::verifier::{ListInput, RekorResult, SessionReport, TrustInput, TrustLevel};
use sealbook_web::report_view::headline;
use std::path::PathBuf;

fn vectors(rel: &str) -> PathBuf {
    sealbook_tests::vectors_dir().join(rel)
}

fn read(rel: &str) -> Vec<u8> {
    let p = vectors(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn report() -> SessionReport {
    serde_json::from_str(r#"{"books":[],"lists":[],"unmatched":[]}"#).unwrap()
}

/// A Rekor entry dropped as `<list>.rekor.json` beside its list, with the production key.
fn rekor_on_page(list: &str, list_bytes: &[u8], entry: &[u8]) -> SessionReport {
    let lists = [ListInput::parse(list, list_bytes)];
    let trust = TrustInput {
        log_key: Some((
            "rekor-sigstore-prod.pub".into(),
            read("rekor/rekor-sigstore-prod.pub"),
        )),
        now: 1_764_000_000,
        ..Default::default()
    };
    let mut r = report();
    r.rekor = vec![RekorResult::check(
        &format!("{list}.rekor.json"),
        entry,
        &lists,
        &trust,
    )];
    r.lists = lists.iter().map(Into::into).collect();
    r
}

/// MANIFEST-prod-entry-154562758.md: in the log, integratedTime unsigned.
#[test]
fn rekor_entry_without_set_is_in_the_log_with_an_unsigned_time() {
    let data = read("rekor/bundle_v3_no_signed_time.txt");
    let r = rekor_on_page(
        "bundle_v3_no_signed_time.txt",
        &data,
        &read("rekor/prod-entry-154562758.api.json"),
    );
    let e = &r.rekor[0];
    assert!(e.ok, "{e:#?}");
    assert!(!e.time_signed);
    assert_eq!(e.integrated_time.as_deref(), Some("2024-12-10T21:41:25Z"));
    assert_eq!(r.level(), TrustLevel::Level2);
    let h = headline(&r);
    assert_eq!(h, "Verified: bundle_v3_no_signed_time.txt is in the Rekor log (its integratedTime is unsigned: no time established).", "{h}");
    let trusted = r.still_trusted().join("\n");
    assert!(
        trusted.contains("its integratedTime 2024-12-10T21:41:25Z is unsigned (no signed entry timestamp), so no time is established from it"),
        "{trusted}"
    );
    assert!(!trusted.contains("public since"), "{trusted}");

    // Other bytes under the same name fail on the body.
    let mut other = data.clone();
    other[0] ^= 1;
    let r = rekor_on_page(
        "bundle_v3_no_signed_time.txt",
        &other,
        &read("rekor/prod-entry-154562758.api.json"),
    );
    assert!(!r.rekor[0].ok);
    assert!(
        headline(&r).starts_with(
            "Not verified: bundle_v3_no_signed_time.txt.rekor.json does not verify: body_hash: "
        ),
        "{}",
        headline(&r)
    );

    // Without its checkpoint the entry has nothing signed left: it fails.
    let mut j: serde_json::Value =
        serde_json::from_slice(&read("rekor/prod-entry-154562758.api.json")).unwrap();
    j.as_object_mut().unwrap().values_mut().next().unwrap()["verification"]["inclusionProof"]
        .as_object_mut()
        .unwrap()
        .remove("checkpoint");
    let r = rekor_on_page(
        "bundle_v3_no_signed_time.txt",
        &data,
        serde_json::to_string(&j).unwrap().as_bytes(),
    );
    assert!(!r.rekor[0].ok);
    assert!(
        headline(&r).contains("checkpoint: inclusion proof has no checkpoint"),
        "{}",
        headline(&r)
    );
}
