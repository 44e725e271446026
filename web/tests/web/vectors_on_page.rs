//! The verifier page's core entry points on the real vectors in ../shared/vectors (each per its
//! MANIFEST.md), called natively: what the page's worker computes for dropped files
//! (`verifier::*Result::check`) and the headline and trust lines the page prints from it. The
//! CLI reaches the same conclusions in tests/cross/rekor_vectors.rs, tests/cross/tsp_real_vectors.rs,
//! tests/cross/ots_vectors.rs and tests/cross/bitcoin_headers_vectors.rs.

#![forbid(unsafe_code)]

use sealbook_core::verifier::overall::Overall;
use sealbook_core::verifier::{
    HeadersInput, ListInput, RekorResult, TokenResult, TrustInput, TrustLevel, VerifierReport,
};
use sealbook_web::verifier::proof_view::header_lines as header_lines_of;
use sealbook_web::verifier::report_view::summary;
use sealbook_web::verifier::verdict_view::title;
use std::path::PathBuf;

/// The verdict card's title and the details' summary, as the page shows them.
fn headline(r: &VerifierReport) -> String {
    format!("{}: {}", title(&Overall::of(r)), summary(r))
}

fn vectors(rel: &str) -> PathBuf {
    sealbook_tests::vectors_dir().join(rel)
}

fn read(rel: &str) -> Vec<u8> {
    let p = vectors(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn report() -> VerifierReport {
    serde_json::from_str(r#"{"books":[],"lists":[],"unmatched":[]}"#).unwrap()
}

/// A Rekor entry dropped as `<list>.rekor.json` beside its list, with the production key.
fn rekor_on_page(list: &str, list_bytes: &[u8], entry: &[u8]) -> VerifierReport {
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
    let trusted: Vec<String> = r.still_trusted().iter().map(|t| t.to_string()).collect();
    let trusted = trusted.join("\n");
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

/// `HEIGHT HEX` lines for header files named by their height (`main-` prefixes dropped).
fn pasted(rel: &[&str]) -> String {
    rel.iter()
        .map(|r| {
            let name = r.rsplit('/').next().unwrap();
            let h: u64 = name
                .trim_end_matches(".bin")
                .trim_start_matches("main-")
                .parse()
                .unwrap();
            format!(
                "{h} {}\n",
                sealbook_core::hex::encode(&read(&format!("bitcoin-headers/{r}")))
            )
        })
        .collect()
}

fn header_lines(text: &str) -> Vec<String> {
    let h = HeadersInput::parse(text);
    assert_eq!(h.error, None);
    header_lines_of(h.analysis.as_ref().unwrap())
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// bitcoin-headers/MANIFEST.md, pasted into the page's header box.
#[test]
fn pasted_headers_reach_the_manifest_conclusions() {
    let run: Vec<String> = (822528..=822551)
        .map(|h| format!("continuous/0{h}.bin"))
        .collect();
    let run: Vec<&str> = run.iter().map(String::as_str).collect();
    let lines = header_lines(&pasted(&run));
    assert_eq!(
        lines[0],
        "24 header(s): 24 with valid proof of work, 23 linked to a supplied parent, 1 run(s)"
    );
    assert!(lines[1].starts_with("Heaviest run: 24 header(s) from 0000..4d97e93a (height 822528) to 0000..f55678ce (height 822551), total work 0x623c3d68b8435e6fdd200"), "{}", lines[1]);
    assert!(
        lines[2].contains("1703320483 (2023-12-23T08:34:43Z); its time 1703325798 is above it"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].contains("1703321613 (2023-12-23T08:53:33Z)"),
        "{}",
        lines[3]
    );

    let mut rt = vec!["continuous/0822528.bin".to_string()];
    rt.extend((824532..=824544).map(|h| format!("retarget/0{h}.bin")));
    let rt: Vec<&str> = rt.iter().map(String::as_str).collect();
    let lines = header_lines(&pasted(&rt));
    assert!(lines.iter().any(|l| l == "Retarget at height 824544: timespan 1189914 s from heights 822528..824543 (2015 intervals; clamped 1189914), 0x1703e8b3 x 1189914/1209600 = 0x1703d869: matches the new nBits 0x1703d869"), "{lines:#?}");

    let lines = header_lines(&pasted(&[
        "stale/main-0823225.bin",
        "stale/0823226.bin",
        "stale/main-0823226.bin",
    ]));
    assert!(lines.iter().any(|l| l.starts_with("Fork on 0000..68faa71d (height 823225): 0000..ae71e056 and 0000..faef2cbd compete with equal work; from headers alone it cannot be told which is on the main chain")), "{lines:#?}");
}

/// A token dropped as `token_name` beside `list` (its stamped file), FreeTSA's root chosen as
/// the trust anchor, "now" 2026-11-30 (after the FreeTSA certificate expired).
fn token_on_page(list: &str, data: &[u8], token_name: &str, token: &[u8]) -> VerifierReport {
    let lists = [ListInput::parse(list, data)];
    let trust = TrustInput {
        anchor_files: vec![(
            "freetsaCA.pem".into(),
            read("tsa-real/freetsa-signsinpe/certs/freetsaCA.pem"),
        )],
        now: 1_795_996_800,
        ..Default::default()
    };
    let mut r = report();
    r.tokens = vec![TokenResult::check(token_name, token, &lists, &[], &trust)];
    r.lists = lists.iter().map(Into::into).collect();
    r
}

/// tsa-real/MANIFEST.md on the page: the FreeTSA token verifies at genTime (not now), the
/// edited file fails on the imprint, the rejection is the authority's, and the DigiCert token
/// without its certificate fails closed naming the certificate to drop.
#[test]
fn real_tsa_tokens_reach_the_manifest_conclusions() {
    let dir = "tsa-real/freetsa-signsinpe";
    let r = token_on_page(
        "README.md",
        &read(&format!("{dir}/3c480471/README.md")),
        "README.md.freetsa.tsr",
        &read(&format!("{dir}/3c480471/README.md.tsr")),
    );
    let t = &r.tokens[0];
    assert!(t.ok && t.ok_now == Some(false), "{t:#?}");
    assert_eq!(r.level(), TrustLevel::Level2Plus);
    assert_eq!(t.gen_time.as_deref(), Some("2019-02-15T22:36:59.615695Z"));
    assert!(
        headline(&r).starts_with(
            "Verified: README.md was timestamped at 2019-02-15T22:36:59.615695Z by O=Free TSA"
        ),
        "{}",
        headline(&r)
    );

    let r = token_on_page(
        "README.md",
        &read(&format!("{dir}/7381ce0a/README.md")),
        "README.md.freetsa.tsr",
        &read(&format!("{dir}/7381ce0a/README.md.tsr")),
    );
    assert!(!r.tokens[0].ok);
    assert!(headline(&r).contains("does not verify: imprint: token stamps SHA-1 24c153ee8dd595b3a2ad77cd98862f00f6f2be8a, the data hashes to 02462e0c6fe0e84f32ce5ed9b0a68dbcb488461d"), "{}", headline(&r));

    let r = token_on_page(
        "README.md",
        &read(&format!("{dir}/3c480471/README.md")),
        "README.md.freetsa.tsr",
        &read(&format!("{dir}/c82ae436/README.tsr")),
    );
    assert!(!r.tokens[0].ok);
    assert!(headline(&r).contains("does not verify: status: rejection (2): unrecognized or unsupported Algorithm Identifier. - the authority's answer: no timestamp was granted"), "{}", headline(&r));

    let r = token_on_page(
        "json_firmado.jws",
        &read("tsa-real/digicert-firmadorjsoncli/json_firmado.jws"),
        "json_firmado.jws.digicert.tsr",
        &read("tsa-real/digicert-firmadorjsoncli/timestamp.tsr"),
    );
    let t = &r.tokens[0];
    assert!(!t.ok);
    assert!(
        t.missing_signer
            .as_deref()
            .unwrap()
            .contains("serial 0bae66bc5aba7f9587c6f9e904e33304"),
        "{t:#?}"
    );
    assert!(
        headline(&r).contains("does not verify: signer: signer certificate not supplied"),
        "{}",
        headline(&r)
    );
    assert_ne!(r.level(), TrustLevel::Level2Plus);
}

/// ots/extra/MANIFEST.md on the page, the proofs dropped without the files they stamp: the
/// heights are listed (both for the proof with two), the pending calendars named, nothing
/// claimed verified.
#[test]
fn extra_ots_proofs_list_their_heights_and_stay_open() {
    use sealbook_core::verifier::{ProofResult, ProofState};
    use sealbook_web::verifier::proof_view::bitcoin_heights;
    let cases: [(&str, &[u64]); 3] = [
        ("gdp2q25-2nd.pdf.ots", &[912095]),
        ("large_test.ots", &[449397, 449399]),
        ("small_test.ots", &[]),
    ];
    for (name, heights) in cases {
        let p = ProofResult::check(
            name,
            &read(&format!("ots/extra/{name}")),
            &[],
            &HeadersInput::default(),
        );
        assert_eq!(p.state(), ProofState::Open, "{name}");
        let mut got = bitcoin_heights(std::slice::from_ref(&p));
        got.sort();
        assert_eq!(got, heights, "{name}");
        let info = p.info.as_deref().unwrap();
        for h in heights {
            assert!(
                info.contains(&format!("verify BitcoinBlockHeaderAttestation({h})")),
                "{name}"
            );
        }
        if name.contains("test") {
            assert!(
                info.contains(
                    "verify PendingAttestation('https://alice.btc.calendar.opentimestamps.org')"
                ),
                "{name}"
            );
        }
    }
}
