//! The verifier's parts together: proofs, tokens and entries against real vectors, and the
//! rungs of the trust ladder they reach.

use super::*;
use crate::book::canon::{Object, Value};
use crate::book::chain::{verify, ChainReport, VerifyOptions};
use crate::book::stamp_list;
use crate::book::writer::BookWriter;
use crate::checks::Status;
use crate::ots::attestation::Attestation;
use crate::ots::DetachedTimestampFile;
use crate::ots::Op;

fn book(n: usize) -> Vec<u8> {
    let mut w = BookWriter::new();
    let mut out = Vec::new();
    for i in 0..n {
        let mut o = Object::new();
        o.insert("i", Value::Int((i as i64).into()));
        out.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    out
}

fn entry(ledger: &str, bytes: &[u8], lines: u64) -> (String, u64, String, String) {
    let head: Vec<u8> = bytes
        .split_inclusive(|b| *b == b'\n')
        .take(lines as usize)
        .flatten()
        .copied()
        .collect();
    let r = verify(&head, VerifyOptions::default());
    (ledger.into(), lines, r.sha256, r.last_link.unwrap())
}

fn vectors() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vectors/ots")
}

fn read(rel: &str) -> Vec<u8> {
    let p = vectors().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Block 358391's header as a `HEIGHT HEX` line: known to be that block's, so a proof claiming
/// another root for it is refuted (a bare header of unknown height could be another block's).
fn header_358391() -> HeadersInput {
    let hex = String::from_utf8(read("headers/block_358391.header.hex")).unwrap();
    HeadersInput::parse(&format!("358391 {}", hex.trim()))
}

const EXAMPLES: &str = "opentimestamps-client/examples/";

/// The proof result for a vector pair `<name>` + `<name>.ots` with the given headers.
fn proof_of(name: &str, headers: &HeadersInput) -> ProofResult {
    let files = [ListInput::parse(name, &read(&format!("{EXAMPLES}{name}")))];
    ProofResult::check(
        &format!("{name}.ots"),
        &read(&format!("{EXAMPLES}{name}.ots")),
        &files,
        headers,
    )
}

fn verifier_report(
    books: Vec<BookResult>,
    lists: Vec<ListResult>,
    proofs: Vec<ProofResult>,
) -> VerifierReport {
    VerifierReport {
        books,
        lists,
        unmatched: vec![],
        proofs,
        headers: HeadersInput::default(),
        tokens: vec![],
        rekor: vec![],
        trust: TrustReport::default(),
        unchecked_lists: vec![],
        answers: None,
        answers_error: None,
        ask_texts: None,
        climatology: None,
    }
}

/// A book's result as the stamp plan makes it.
fn book_result(name: &str, report: ChainReport, stamps: Vec<StampResult>) -> BookResult {
    BookResult::new(
        name.into(),
        BookRead {
            report,
            kind: LedgerKind::Unknown,
        },
        stamps,
    )
}

#[test]
fn lists_that_are_not_lists_or_are_broken_are_told_apart() {
    let not_a_list = ListResult::from(&ListInput::parse("bad.txt", b"nothing here\n"));
    assert!(
        not_a_list.not_a_list && not_a_list.error.is_none(),
        "{not_a_list:?}"
    );
    let broken = ListResult::from(&ListInput::parse(
        "b.txt",
        b"x.jsonl: 3 lines, sha256 ABC, last link abc\n",
    ));
    let error = broken.error.unwrap();
    assert!(
        matches!(&error, ListError::Unreadable { name, error } if name == "b.txt" && error.line == 1),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "b.txt: line 1: sha256 must be 64 lowercase hex digits: \"x.jsonl: 3 lines, sha256 ABC, last link abc\""
    );
}

#[test]
fn level_one_needs_every_chain_to_hold() {
    let good = verify(&book(2), VerifyOptions::default());
    let mut bad_bytes = book(2);
    let last = bad_bytes.len() - 5;
    bad_bytes[last] ^= 1;
    let bad = verify(&bad_bytes, VerifyOptions::default());
    let mk = |reports: Vec<ChainReport>| {
        let books = reports
            .into_iter()
            .map(|report| book_result("b.jsonl", report, vec![]))
            .collect();
        verifier_report(books, vec![], vec![])
    };
    assert_eq!(mk(vec![good.clone()]).level(), TrustLevel::Level1);
    assert_eq!(mk(vec![good, bad]).level(), TrustLevel::Level0);
    assert_eq!(mk(vec![]).level(), TrustLevel::Level0);
}

#[test]
fn real_proofs_against_block_358391() {
    let headers = header_358391();
    assert_eq!((headers.count, &headers.error), (1, &None));

    let hello = proof_of("hello-world.txt", &headers);
    assert_eq!(hello.state(), ProofState::Verified, "{hello:?}");
    let root = hello
        .attestations
        .iter()
        .find_map(|a| a.merkle_root.clone())
        .unwrap();
    assert_eq!(
        root.internal,
        "007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a"
    );
    assert_eq!(
        root.display,
        "8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00"
    );
    assert!(hello
        .info
        .as_deref()
        .unwrap()
        .contains("verify BitcoinBlockHeaderAttestation(358391)"));

    let unheaded = proof_of("hello-world.txt", &HeadersInput::default());
    assert_eq!(unheaded.state(), ProofState::Open);

    let bad = proof_of("bad-stamp.txt", &headers);
    assert_eq!(bad.state(), ProofState::Failed, "{bad:?}");
    assert_eq!(
        proof_of("bad-stamp.txt", &HeadersInput::default()).state(),
        ProofState::Open
    );

    let pending = proof_of("incomplete.txt", &headers);
    assert_eq!(pending.state(), ProofState::Open);
    let v = pending.report.as_ref().unwrap().verdict.as_ref().unwrap();
    assert!(
        v.level.to_string().starts_with("not yet verifiable"),
        "{}",
        v.level
    );
    assert_eq!(
        v.pending,
        vec!["https://alice.btc.calendar.opentimestamps.org".to_string()]
    );

    // The stamped file's bytes changed: the digest no longer matches.
    let files = [ListInput::parse("hello-world.txt", b"Hello World?\n")];
    let edited = ProofResult::check(
        "hello-world.txt.ots",
        &read(&format!("{EXAMPLES}hello-world.txt.ots")),
        &files,
        &headers,
    );
    assert_eq!(edited.state(), ProofState::Failed);
    assert!(!edited.report.unwrap().digest_matches);

    let truncated = ProofResult::check(
        "t.txt.ots",
        &read(&format!("{EXAMPLES}hello-world.txt.ots"))[..40],
        &[],
        &headers,
    );
    assert_eq!(truncated.state(), ProofState::Failed);
    assert!(truncated
        .error
        .unwrap()
        .to_string()
        .starts_with("t.txt.ots: not a readable OpenTimestamps proof: "));

    let alone = ProofResult::check(
        "hello-world.txt.ots",
        &read(&format!("{EXAMPLES}hello-world.txt.ots")),
        &[],
        &headers,
    );
    assert_eq!(
        alone.state(),
        ProofState::Open,
        "its file was not dropped: shown, not refuted"
    );
    assert!(!alone.attestations.is_empty());

    let garbled = HeadersInput::parse("00ff\n");
    assert_eq!(
        garbled.error.as_ref().unwrap().to_string(),
        "header 1: a block header is 80 bytes, got 2",
        "{garbled:?}"
    );
    // The headers as JSON keep the English and are read back from the id.
    let json = serde_json::to_string(&garbled).unwrap();
    assert_eq!(
        json,
        r#"{"count":0,"error":"header 1: a block header is 80 bytes, got 2","analysis":null,"msg":{"id":"header","number":1,"message":{"id":"not_eighty_bytes","got":2}}}"#
    );
    assert_eq!(
        serde_json::from_str::<HeadersInput>(&json).unwrap(),
        garbled
    );
}

#[test]
fn a_proof_alone_reaches_level_two_only_when_verified() {
    let headers = header_358391();
    let hello = proof_of("hello-world.txt", &headers);
    assert_eq!(
        verifier_report(vec![], vec![], vec![hello.clone()]).level(),
        TrustLevel::Level2
    );
    assert!(verifier_report(vec![], vec![], vec![hello.clone()]).verified());
    let bad = proof_of("bad-stamp.txt", &headers);
    assert_eq!(
        verifier_report(vec![], vec![], vec![hello, bad.clone()]).level(),
        TrustLevel::Level0
    );
    assert!(!verifier_report(vec![], vec![], vec![bad]).verified());
    let open = proof_of("hello-world.txt", &HeadersInput::default());
    assert_eq!(
        verifier_report(vec![], vec![], vec![open.clone()]).level(),
        TrustLevel::Level0
    );
    assert!(!verifier_report(vec![], vec![], vec![open]).verified());
}

/// Level 2 with a book: the proof must be verified and stamp a list whose entries were
/// checked against the book and match. A proof built here for a real list cannot reach a
/// real block, so the verified case borrows the verified report of the hello-world vector.
#[test]
fn level_two_needs_a_verified_proof_of_a_list_that_checks_out() {
    let b = book(4);
    let list_text = stamp_list::render(&[entry("daily/council/book.jsonl", &b, 3)]);
    let list = ListInput::parse("proof/d/130025Z.txt", list_text.as_bytes());
    let plan = StampPlan::new(
        &["council-book.jsonl".to_string()],
        std::slice::from_ref(&list),
    );
    let mut reader = BookReader::new(plan.prefix_at(0));
    reader.feed(&b);
    let mut outcome = plan.resolve(vec![reader.finish()]);
    let BookResult { report, stamps, .. } = outcome.books.remove(0);
    assert!(stamps.iter().all(StampResult::ok));

    // A one-leaf proof claiming block 358391 for sha256(list): refuted by the real header.
    let digest = crate::ots::detached::hash_file(&Op::Sha256, list_text.as_bytes()).unwrap();
    let mut file = DetachedTimestampFile::new(Op::Sha256, digest).unwrap();
    file.timestamp
        .root
        .attestations
        .insert(Attestation::Bitcoin { height: 358391 });
    let headers = header_358391();
    let proof = ProofResult::check(
        "proof/d/130025Z.txt.ots",
        &file.serialize().unwrap(),
        std::slice::from_ref(&list),
        &headers,
    );
    assert_eq!(proof.stamped_file.as_deref(), Some("proof/d/130025Z.txt"));
    assert!(proof.report.as_ref().unwrap().digest_matches);
    assert_eq!(
        proof.state(),
        ProofState::Failed,
        "the digest is not block 358391's merkle root"
    );

    let book_result = book_result("council-book.jsonl", report, stamps);
    let lists = vec![ListResult::from(&list)];
    let failed = verifier_report(
        vec![book_result.clone()],
        lists.clone(),
        vec![proof.clone()],
    );
    assert_eq!(failed.level(), TrustLevel::Level1);
    assert!(!failed.verified());

    let mut verified = proof.clone();
    verified.report = proof_of("hello-world.txt", &headers).report;
    assert_eq!(verified.state(), ProofState::Verified);
    let s = verifier_report(
        vec![book_result.clone()],
        lists.clone(),
        vec![verified.clone()],
    );
    assert_eq!(s.level(), TrustLevel::Level2);
    assert!(s.verified());

    // A verified proof of a file no book entry was checked against does not lift the book.
    let mut elsewhere = verified.clone();
    elsewhere.stamped_file = Some("hello-world.txt".into());
    assert_eq!(
        verifier_report(vec![book_result.clone()], lists.clone(), vec![elsewhere]).level(),
        TrustLevel::Level1
    );

    // The anchored list does not match the book: no Level 2.
    let mut mismatched = book_result.clone();
    mismatched.stamps[0].check.sha256_ok = false;
    assert_eq!(
        verifier_report(vec![mismatched], lists.clone(), vec![verified.clone()]).level(),
        TrustLevel::Level1
    );

    // A broken chain stays at Level 0 whatever the proofs say.
    let mut broken = book_result;
    broken.report.ok = false;
    assert_eq!(
        verifier_report(vec![broken], lists, vec![verified]).level(),
        TrustLevel::Level0
    );
}

fn shared(rel: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/vectors")
        .join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn hello_with(token: &str, certs: Vec<CertInput>, anchors: &str) -> TokenResult {
    let lists = [ListInput::parse(
        "DATA_hello.txt",
        &shared("tsa/rfc3161-client/DATA_hello.txt"),
    )];
    let trust = TrustInput {
        anchor_files: vec![(anchors.to_string(), shared(anchors))],
        log_key: None,
        now: 1_796_000_000,
    };
    TokenResult::check(
        "DATA_hello.txt.sigstage.tsr",
        &shared(token),
        &lists,
        &certs,
        &trust,
    )
}

/// A real sigstage token (ECDSA P-384) over `hello` verifies to the root the reader chose
/// (MANIFEST: OK with root chain-part2) and raises a list with no book to Level 2+.
#[test]
fn a_real_token_verifies_to_the_chosen_root_and_reaches_level_2_plus() {
    let t = hello_with(
        "tsa/rfc3161-client/sigstage/response-sha256.tsr",
        vec![],
        "tsa/rfc3161-client/sigstage/chain-part2.pem",
    );
    assert!(t.ok, "{t:?}");
    assert_eq!(t.list.as_deref(), Some("DATA_hello.txt"));
    assert!(
        t.gen_time
            .as_deref()
            .unwrap()
            .starts_with("2025-05-09T11:58:5"),
        "{:?}",
        t.gen_time
    );
    assert!(
        t.signature_algorithm.as_deref().unwrap().contains("ECDSA"),
        "{:?}",
        t.signature_algorithm
    );
    assert_eq!(t.imprint_algorithm.as_deref(), Some("SHA-256"));
    assert_eq!(t.chain.len(), 2);
    let mut report = verifier_report(vec![], vec![], vec![]);
    report.tokens.push(t);
    assert_eq!(report.level(), TrustLevel::Level2Plus);
    assert!(
        report.still_trusted()[0]
            .to_string()
            .contains("timestamp authority"),
        "{:?}",
        report.still_trusted()
    );
    let back: VerifierReport =
        serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
    assert_eq!(back, report);
}

#[test]
fn a_tampered_token_fails_at_the_signature() {
    let t = hello_with(
        "tsa/rfc3161-client/sigstage/response-invalid-signature.tsr",
        vec![],
        "tsa/rfc3161-client/sigstage/chain-part2.pem",
    );
    assert!(!t.ok);
    assert!(
        t.first_failure().unwrap().starts_with("signature:"),
        "{:?}",
        t.first_failure()
    );
    let mut report = verifier_report(vec![], vec![], vec![]);
    report.tokens.push(t);
    assert_eq!(report.level(), TrustLevel::Level0);
    assert!(!report.verified());
}

/// The token without certificates verifies once the leaf is dropped beside it (untrusted);
/// the wrong anchor fails the chain check.
#[test]
fn dropped_certificates_are_untrusted_intermediates_unless_marked() {
    let leaf = CertInput {
        name: "tsa/leaf.pem".into(),
        bytes: shared("tsa/rfc3161-client/sigstage/chain-part1.pem"),
        anchor: false,
    };
    let no_cert = "tsa/rfc3161-client/sigstage/response-no-embedded-cert.tsr";
    let root = "tsa/rfc3161-client/sigstage/chain-part2.pem";
    assert!(!hello_with(no_cert, vec![], root).ok);
    assert!(hello_with(no_cert, vec![leaf.clone()], root).ok);
    let wrong = hello_with(
        no_cert,
        vec![leaf.clone()],
        "tsa/atl-core/freetsa-root-ca.pem",
    );
    assert!(
        wrong
            .first_failure()
            .unwrap()
            .starts_with("chain_at_gen_time"),
        "{:?}",
        wrong.first_failure()
    );
    let marked = CertInput {
        name: "root.pem".into(),
        bytes: shared(root),
        anchor: true,
    };
    assert!(
        hello_with(
            no_cert,
            vec![leaf, marked],
            "tsa/atl-core/freetsa-root-ca.pem"
        )
        .ok
    );
}

#[test]
fn unreadable_anchor_files_are_named() {
    let lists = [ListInput::parse("DATA_hello.txt", b"hello")];
    let trust = TrustInput {
        anchor_files: vec![("mine.pem".into(), b"not a certificate".to_vec())],
        log_key: None,
        now: 0,
    };
    let t = TokenResult::check(
        "DATA_hello.txt.tsr",
        &shared("tsa/rfc3161-client/sigstage/response-sha256.tsr"),
        &lists,
        &[],
        &trust,
    );
    assert!(
        t.error
            .as_ref()
            .unwrap()
            .to_string()
            .starts_with("mine.pem:"),
        "{:?}",
        t.error
    );
}

/// A real Rekor entry checked against a list it does not cover: the log's proofs hold,
/// the body names another hash; a tampered entry fails at its named check.
#[test]
fn rekor_entries_are_checked_for_their_list() {
    let lists = [ListInput::parse("130019Z.txt", b"not what the entry logs")];
    let trust = TrustInput {
        anchor_files: vec![],
        log_key: Some((
            "rekor-sigstage.pub".into(),
            shared("rekor/rekor-sigstage.pub"),
        )),
        now: 0,
    };
    let r = RekorResult::check(
        "130019Z.txt.rekor.json",
        &shared("rekor/sigstage-entry-1688.json"),
        &lists,
        &trust,
    );
    assert!(!r.ok);
    let failed: Vec<&str> = r
        .checks
        .iter()
        .filter(|c| c.status == Status::Fail)
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(failed, ["body_hash"], "{r:?}");
    assert_eq!(r.log_index, Some(1688));
    let mut report = verifier_report(vec![], vec![], vec![]);
    report.rekor.push(r);
    assert_eq!(report.level(), TrustLevel::Level0);
}

/// A dropped Sigstore bundle beside the file it logs, with a trusted root as the log trust:
/// the Rekor v2 bundle verifies (Ed25519 checkpoint, TSA token), one byte of its artifact
/// fails at the body hash, and a SET-only entry does not reach Level 2.
#[test]
fn sigstore_bundles_are_checked_for_their_list() {
    let root = || {
        Some((
            "trusted_root.staging.json".into(),
            shared("sigstore-bundles/trusted_root.staging.json"),
        ))
    };
    let trust = TrustInput {
        anchor_files: vec![],
        log_key: root(),
        now: 0,
    };
    let bundle = shared("sigstore-bundles/staging-rekor-v2.txt.sigstore.json");
    let artifact = shared("sigstore-bundles/staging-rekor-v2.txt");
    let lists = [ListInput::parse("staging-rekor-v2.txt", &artifact)];
    let r = RekorResult::check(
        "staging-rekor-v2.txt.sigstore.json",
        &bundle,
        &lists,
        &trust,
    );
    assert!(r.ok, "{r:?}");
    assert_eq!(
        (r.log_index, r.set_only, &r.integrated_time),
        (Some(645), false, &None)
    );
    // What the bundle says, in the CLI's words: the certificate's identity, and the time the
    // staging authority's token proves.
    let said: Vec<String> = r.says.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(
        said[0],
        "certificate identity: email:jku@goto.fi (as the certificate states it; the certificate is not checked against a Fulcio root)"
    );
    assert!(
        said[1].starts_with("time proven: 2025-")
            && said[1].contains("signed by the time-stamp authority"),
        "{said:?}"
    );
    let mut other = artifact.clone();
    other[3] ^= 1;
    let lists = [ListInput::parse("staging-rekor-v2.txt", &other)];
    let r = RekorResult::check(
        "staging-rekor-v2.txt.sigstore.json",
        &bundle,
        &lists,
        &trust,
    );
    assert_eq!(
        r.first_failure().map(|f| f.starts_with("body_hash")),
        Some(true),
        "{r:?}"
    );

    let mut report = verifier_report(vec![], vec![], vec![]);
    report.rekor.push(RekorResult {
        name: "a.txt.sigstore.json".into(),
        list: Some("a.txt".into()),
        ok: true,
        set_only: true,
        ..Default::default()
    });
    assert_eq!(report.level(), TrustLevel::Level0);
}

/// The ladder's top rungs: a verified Rekor entry anchors its list (Level 2), a verified
/// token gives signed time (Level 2+) even beside a failed one, and with a book dropped
/// only lists that check out against it count.
#[test]
fn rekor_entries_and_tokens_raise_the_level() {
    let rekor = |ok| RekorResult {
        name: "a.txt.rekor.json".into(),
        list: Some("a.txt".into()),
        ok,
        ..Default::default()
    };
    let token = |name: &str, ok| TokenResult {
        name: name.into(),
        list: Some("a.txt".into()),
        ok,
        ..Default::default()
    };
    let mut r = verifier_report(vec![], vec![], vec![]);
    r.rekor.push(rekor(true));
    assert_eq!(r.level(), TrustLevel::Level2);
    assert!(r.verified());
    r.tokens.push(token("a.txt.x.tsr", false));
    assert_eq!(r.level(), TrustLevel::Level2);
    assert!(!r.verified());
    r.tokens.push(token("a.txt.y.tsr", true));
    assert_eq!(r.level(), TrustLevel::Level2Plus);
    let b = book(3);
    let report = verify(&b, VerifyOptions::default());
    r.books
        .push(book_result("council-book.jsonl", report, vec![]));
    assert_eq!(
        r.level(),
        TrustLevel::Level1,
        "a.txt was not checked against the book"
    );
}
