//! The per-answer verdict (core's `verifier::answers`) on anchors checked from real third-party
//! files: FreeTSA responses (vectors/tsa-real, verified to FreeTSA's own root with the chain
//! at genTime) and an OpenTimestamps proof against block 358391's header (vectors/ots). The
//! answer is sealed in a book built here; the stamp that covers it is stated as checked, with
//! the vector's stamped file standing for the list, so what is tested is how each real anchor
//! becomes a verdict: who proves it, at which time, and that a token over an edited file
//! proves nothing.

#![forbid(unsafe_code)]

use sealbook_core::book::canon::parse_line_object;
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::book::stamp_list::StampCheck;
use sealbook_core::book::writer::BookWriter;
use sealbook_core::score::notes::Note;
use sealbook_core::verifier::answer_words::Party;
use sealbook_core::verifier::answers::AnchorKind;
use sealbook_core::verifier::{
    answer_verdicts, BookResult, HeadersInput, ListInput, MatchedBy, ProofResult, ProofState,
    StampResult, TokenResult, TrustInput, Verdict, VerifierReport,
};
use sealbook_tests::vectors_dir;

fn read(rel: &str) -> Vec<u8> {
    let p = vectors_dir().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A run and one answer sealed before the 2026-10-21 reference, with `list` stated as the
/// checked stamp covering both lines.
fn report_for(list: &str) -> (Vec<u8>, VerifierReport) {
    let mut w = BookWriter::new();
    let book: Vec<u8> = [
        r#"{"kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z"}"#,
        r#"{"kind": "answer", "run_id": "2026-10-21-am", "seat": "a", "at": "2026-10-21T12:31:00Z", "items": {"GOLD": {"1d": {"prob_up": 45}}}}"#,
    ]
    .iter()
    .flat_map(|l| w.append(&parse_line_object(l.as_bytes()).unwrap()).unwrap().bytes)
    .collect();
    let chain = verify(&book, VerifyOptions::default());
    let stamp = StampResult {
        check: StampCheck {
            list: list.into(),
            ledger: "daily/council/book.jsonl".into(),
            lines: 2,
            sha256_ok: true,
            last_link_ok: true,
            expected_sha256: chain.sha256.clone(),
            found_sha256: Some(chain.sha256.clone()),
            expected_last_link: chain.last_link.clone().unwrap(),
            found_last_link: chain.last_link.clone(),
            message: None,
        },
        list_line: 1,
        matched_by: MatchedBy::Name,
    };
    let mut report = VerifierReport::new(Default::default(), &[]);
    report.books.push(BookResult {
        name: "council-book.jsonl".into(),
        report: chain,
        stamps: vec![stamp],
        unanchored_from: None,
        unanchored_lines: 0,
    });
    (book, report)
}

#[test]
fn a_real_freetsa_token_proves_the_answer_and_an_edited_file_proves_nothing() {
    let dir = "tsa-real/freetsa-signsinpe";
    let trust = TrustInput {
        anchor_files: vec![(
            "freetsaCA.pem".into(),
            read(&format!("{dir}/certs/freetsaCA.pem")),
        )],
        log_key: None,
        now: 1_796_000_000,
    };
    for (commit, proves) in [("3c480471", true), ("939abab4", true), ("7381ce0a", false)] {
        let list = format!("{commit}/README.md");
        let lists = [ListInput::parse(&list, &read(&format!("{dir}/{list}")))];
        let token = TokenResult::check(
            &format!("{list}.freetsa.tsr"),
            &read(&format!("{dir}/{list}.tsr")),
            &lists,
            &[],
            &trust,
        );
        assert_eq!(token.ok, proves, "{commit}: {token:?}");
        let (book, mut report) = report_for(&list);
        report.tokens.push(token);
        let r = answer_verdicts("council-book.jsonl", &book, None, &report).unwrap();
        let a = &r.answers[0];
        if proves {
            assert_eq!(a.verdict, Verdict::ProvenBeforeReference, "{commit}");
            assert_eq!(
                a.proven_by,
                [Note::Msg(Party::Authority("www.freetsa.org".into()))]
            );
            assert_eq!(a.anchors[0].kind, AnchorKind::Rfc3161);
            assert_eq!(a.anchors[0].level, "Level 2+");
            let t = a.anchors[0].time.as_deref().unwrap();
            assert!(t.starts_with("2019-02-1"), "{commit}: genTime {t}");
        } else {
            // README.md was edited after the token: the token is no anchor of anything.
            assert_eq!(a.verdict, Verdict::OperatorClockOnly, "{commit}");
            assert!(a.anchors.is_empty());
        }
    }
}

#[test]
fn a_real_bitcoin_attestation_bounds_the_answer_by_its_header_time() {
    let examples = "ots/opentimestamps-client/examples";
    let headers = HeadersInput::parse(
        std::str::from_utf8(&read("ots/headers/block_358391.header.hex")).unwrap(),
    );
    let list = "hello-world.txt";
    let lists = [ListInput::parse(list, &read(&format!("{examples}/{list}")))];
    let proof = ProofResult::check(
        &format!("{list}.ots"),
        &read(&format!("{examples}/{list}.ots")),
        &lists,
        &headers,
    );
    assert_eq!(proof.state(), ProofState::Verified);
    let (book, mut report) = report_for(list);
    report.proofs.push(proof);
    let r = answer_verdicts("council-book.jsonl", &book, None, &report).unwrap();
    let a = &r.answers[0];
    assert_eq!(a.verdict, Verdict::ProvenBeforeReference);
    assert_eq!(
        a.proven_by,
        [Note::Msg(Party::BitcoinBlock { height: 358391 })]
    );
    assert_eq!(a.proven_by[0].to_string(), "Bitcoin block 358391");
    let anchor = &a.anchors[0];
    assert_eq!(anchor.kind, AnchorKind::OpenTimestamps);
    // Block 358391's header time, and the practical bound two hours after it.
    assert_eq!(anchor.time.as_deref(), Some("2015-05-28T15:41:18Z"));
    assert_eq!(anchor.existed_by.as_deref(), Some("2015-05-28T17:41:18Z"));
    assert_eq!(
        anchor.words.to_string(),
        "OpenTimestamps proof in Bitcoin block 358391 (header time 2015-05-28T15:41:18Z, 11:41:18 ET): the list existed no later than 2015-05-28T17:41:18Z (13:41:18 ET), the practical bound of spec §3.11"
    );
    // Without the header the proof is not verified: no anchor, the operator's clock only.
    let open = ProofResult::check(
        &format!("{list}.ots"),
        &read(&format!("{examples}/{list}.ots")),
        &lists,
        &HeadersInput::default(),
    );
    let (book, mut report) = report_for(list);
    report.proofs.push(open);
    let r = answer_verdicts("council-book.jsonl", &book, None, &report).unwrap();
    assert_eq!(r.answers[0].verdict, Verdict::OperatorClockOnly);
}
