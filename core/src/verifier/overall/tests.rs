//! The reader's verdict on real books, stamped lists, tokens and proofs: each state, the level,
//! where a failure lies, what is left unchecked, the coverage and the answers' tally.

use super::*;
use crate::book::canon::{parse_line_object, Object, Value};
use crate::book::chain::{verify, VerifyOptions};
use crate::book::stamp_list;
use crate::book::writer::BookWriter;
use crate::ots::attestation::Attestation;
use crate::ots::{DetachedTimestampFile, Op};
use crate::verifier::{
    attach_answers, BookReader, HeadersInput, ListInput, ProofResult, StampPlan,
};

const BOOK: &str = "council-book.jsonl";
const LEDGER: &str = "daily/council/book.jsonl";

/// A book of `n` lines `{"i": i}`, with line `edit` (counted from 1) holding `{"i": -1}`
/// instead, re-chained from there as an operator rewriting the book would.
fn book(n: usize, edit: Option<usize>) -> Vec<u8> {
    let mut w = BookWriter::new();
    let mut out = Vec::new();
    for i in 1..=n {
        let mut o = Object::new();
        let v = if edit == Some(i) { -1 } else { i as i64 };
        o.insert("i", Value::Int(v.into()));
        out.extend_from_slice(&w.append(&o).unwrap().bytes);
    }
    out
}

fn entry(bytes: &[u8], lines: u64) -> (String, u64, String, String) {
    let head: Vec<u8> = bytes
        .split_inclusive(|b| *b == b'\n')
        .take(lines as usize)
        .flatten()
        .copied()
        .collect();
    let r = verify(&head, VerifyOptions::default());
    (LEDGER.into(), lines, r.sha256, r.last_link.unwrap())
}

/// A list over the first `lines` lines of `of`, named `proof/d/<name>.txt`.
fn list(name: &str, of: &[u8], lines: u64) -> ListInput {
    ListInput::parse(
        &format!("proof/d/{name}.txt"),
        stamp_list::render(&[entry(of, lines)]).as_bytes(),
    )
}

/// The report of `book` checked against `lists`, as the worker and the CLI build it.
fn report(book: &[u8], lists: &[ListInput]) -> VerifierReport {
    let plan = StampPlan::new(&[BOOK.to_string()], lists);
    let mut reader = BookReader::new(plan.prefix_at(0));
    reader.feed(book);
    VerifierReport::new(plan.resolve(vec![reader.finish()]), lists)
}

/// The verdict of `r`, held to the CLI's: a failure is never `verified`, a pass always is.
fn overall(r: &VerifierReport) -> Overall {
    let o = Overall::of(r);
    match o.state {
        State::Failed => assert!(!r.verified(), "{o:?}"),
        State::Passed => assert!(r.verified(), "{o:?}"),
        State::Unchecked => {}
    }
    assert_eq!(o.level, r.level());
    o
}

/// A token on the sigstage authority's list `list` that verifies in everything but the path to
/// a root (`chain`: the failed chain check's message), as a token of an authority whose root
/// the reader has not chosen reads; `signature`: whether its signature check passes.
fn token_failing(list: &str, chain: CheckMsg, signature: bool) -> TokenResult {
    use crate::pki::signature::SigError;
    use crate::verifier::CheckRow;
    let row = |id: &str, ok: bool, msg: CheckMsg| CheckRow {
        id: id.to_string(),
        status: if ok { Status::Pass } else { Status::Fail },
        msg,
    };
    let sig = if signature {
        CheckMsg::NoTrustAnchor // its words do not matter here, only its status
    } else {
        CheckMsg::Signature(SigError::EcdsaInvalid {
            curve: "P-384".into(),
        })
    };
    TokenResult {
        name: format!("{list}.sigstage.tsr"),
        list: Some(list.to_string()),
        ok: false,
        gen_time: Some("2025-05-09T11:58:52Z".into()),
        authority: Some("CN=sigstore-tsa".into()),
        checks: vec![
            row(tsp_check::IMPRINT, true, CheckMsg::NoTrustAnchor),
            row(tsp_check::SIGNATURE, signature, sig),
            row(tsp_check::CHAIN_AT_GEN_TIME, false, chain.clone()),
            row(tsp_check::CHAIN_NOW, false, chain),
        ],
        ..Default::default()
    }
}

/// A token on list `list` that verified to a chosen root of `authority`.
fn verified_token(list: &str, authority: &str) -> TokenResult {
    TokenResult {
        name: format!("{list}.{authority}.tsr"),
        list: Some(list.to_string()),
        ok: true,
        gen_time: Some("2026-10-21T13:00:19Z".into()),
        authority: Some(authority.into()),
        ..Default::default()
    }
}

#[test]
fn a_book_and_its_list_pass_at_level_1_with_every_line_on_the_operators_clock() {
    let b = book(4, None);
    let o = overall(&report(&b, &[list("130025Z", &b, 3)]));
    assert_eq!(o.state, State::Passed);
    assert_eq!(o.level, TrustLevel::Level1);
    assert!(o.failures.is_empty() && o.unchecked.is_empty(), "{o:?}");
    assert_eq!(
        o.coverage,
        vec![Coverage {
            book: BOOK.into(),
            lines: 4,
            covered: vec![],
            unanchored_from: Some(1),
        }]
    );
}

#[test]
fn a_broken_chain_fails_at_its_first_bad_line_and_nothing_after_it_is_a_normal_row() {
    let mut b = book(6, None);
    let at = b
        .split_inclusive(|c| *c == b'\n')
        .take(3)
        .map(<[u8]>::len)
        .sum::<usize>()
        + 8; // inside line 4
    b[at] ^= 1;
    let o = overall(&report(&b, &[]));
    assert_eq!(o.state, State::Failed);
    assert_eq!(o.level, TrustLevel::Level0);
    let Failure::Chain { book, line, check } = &o.failures[0] else {
        panic!("{o:?}")
    };
    assert_eq!((book.as_str(), *line), (BOOK, 4));
    assert!(check.is_some());
    assert!(!o.suspect(BOOK, 3) && o.suspect(BOOK, 4) && o.suspect(BOOK, 6));
    assert!(!o.suspect("other.jsonl", 4));
}

/// The operator edits line 97 and re-chains every line after it: the chain holds, the list
/// over 94 lines still matches, the list over 102 lines does not, so the change lies in
/// lines 95-102.
#[test]
fn a_rechained_edit_lies_between_the_list_that_matches_and_the_one_that_fails() {
    let sealed = book(110, None);
    let lists = [
        list("130025Z", &sealed, 94),
        list("140025Z", &sealed, 102),
        list("120025Z", &sealed, 40),
    ];
    let rewritten = book(110, Some(97));
    let r = report(&rewritten, &lists);
    assert!(r.chains_hold(), "the rewrite re-chains");
    let o = overall(&r);
    assert_eq!(o.state, State::Failed);
    assert_eq!(
        o.failures,
        vec![Failure::Prefix {
            book: BOOK.into(),
            list: "proof/d/140025Z.txt".into(),
            from: 95,
            to: 102,
        }]
    );
    assert!(!o.suspect(BOOK, 94) && o.suspect(BOOK, 95) && o.suspect(BOOK, 102));
    assert!(!o.suspect(BOOK, 103));
    // The untouched book passes the same lists.
    assert_eq!(overall(&report(&sealed, &lists)).state, State::Passed);
    // With no list before the edit, the change lies anywhere up to the failing list.
    let o = overall(&report(&rewritten, &lists[1..2]));
    assert!(
        matches!(
            o.failures[..],
            [Failure::Prefix {
                from: 1,
                to: 102,
                ..
            }]
        ),
        "{o:?}"
    );
}

/// More evidence never turns the verdict red: a token whose root the reader has not chosen
/// (no path to the anchors given, or no anchor at all) leaves it amber, naming the authority;
/// chosen, it passes at Level 2+; a token whose signature fails is red; one whose signer
/// certificate is missing is amber.
#[test]
fn a_token_with_an_unchosen_root_is_unchecked_and_a_bad_signature_fails() {
    let b = book(4, None);
    let listed = || report(&b, &[list("130025Z", &b, 3)]);
    let on = "proof/d/130025Z.txt";
    let no_path = CheckMsg::NoPathToAnchor {
        subject: "CN=sigstore-tsa".into(),
    };
    for chain in [no_path.clone(), CheckMsg::NoTrustAnchor] {
        let mut r = listed();
        r.tokens.push(token_failing(on, chain.clone(), true));
        r.tokens.push(token_failing(on, chain, true));
        let o = overall(&r);
        assert_eq!((o.state, o.level), (State::Unchecked, TrustLevel::Level1));
        assert!(o.failures.is_empty());
        assert_eq!(
            o.unchecked,
            vec![Unchecked::RootNotChosen {
                authority: "CN=sigstore-tsa".into(),
                tokens: 2
            }]
        );
    }

    let mut chosen = listed();
    chosen.tokens.push(verified_token(on, "CN=sigstore-tsa"));
    let o = overall(&chosen);
    assert_eq!((o.state, o.level), (State::Passed, TrustLevel::Level2Plus));

    // A failed signature is a failure whatever the path.
    let mut bad = listed();
    bad.tokens.push(token_failing(on, no_path.clone(), false));
    let o = overall(&bad);
    assert_eq!(o.state, State::Failed);
    assert_eq!(
        o.failures,
        vec![Failure::Token {
            file: format!("{on}.sigstage.tsr")
        }]
    );
    // So is a path that was built but is not valid at genTime (an expired certificate).
    let mut expired = listed();
    expired
        .tokens
        .push(token_failing(on, CheckMsg::NoPath, true));
    assert_eq!(overall(&expired).state, State::Failed);

    let mut no_signer = listed();
    let mut t = token_failing(on, no_path, true);
    t.missing_signer = Some("issuer CN=sigstore-tsa-selfsigned, serial 01".into());
    no_signer.tokens.push(t);
    let o = overall(&no_signer);
    assert_eq!(o.state, State::Unchecked);
    assert!(
        matches!(&o.unchecked[..], [Unchecked::SignerMissing { .. }]),
        "{o:?}"
    );
    // A token whose list was not given is amber too.
    let mut no_list = listed();
    no_list.tokens.push(TokenResult {
        name: "proof/d/other.txt.sigstage.tsr".into(),
        error: Some(FileError::TokenListNotDropped {
            name: "proof/d/other.txt.sigstage.tsr".into(),
        }),
        ..Default::default()
    });
    assert!(matches!(
        overall(&no_list).unchecked[..],
        [Unchecked::ListMissing { .. }]
    ));
}

/// An OpenTimestamps proof over list `l` holding `attestation`, checked with `headers`.
fn proof(l: &ListInput, attestation: Attestation, headers: &HeadersInput) -> ProofResult {
    let bytes = l.bytes.as_deref().unwrap();
    let digest = crate::ots::detached::hash_file(&Op::Sha256, bytes).unwrap();
    let mut file = DetachedTimestampFile::new(Op::Sha256, digest).unwrap();
    file.timestamp.root.attestations.insert(attestation);
    ProofResult::check(
        &format!("{}.ots", l.name),
        &file.serialize().unwrap(),
        std::slice::from_ref(l),
        headers,
    )
}

/// A pending proof, or one waiting for its block's header, holds a Level 1 verdict at amber
/// with what would check it; once another anchor takes the book to Level 2+ they are listed
/// but the verdict is green. A header that refutes a proof is red.
#[test]
fn pending_proofs_and_missing_headers_are_amber_only_below_level_2() {
    let b = book(4, None);
    let lists = [list("130025Z", &b, 3), list("140025Z", &b, 4)];
    let mut r = report(&b, &lists);
    let none = HeadersInput::default();
    let pending = Attestation::Pending {
        uri: "https://alice.btc.calendar.opentimestamps.org".into(),
    };
    r.proofs.push(proof(&lists[0], pending, &none));
    r.proofs.push(proof(
        &lists[1],
        Attestation::Bitcoin { height: 358391 },
        &none,
    ));
    assert!(r.proofs.iter().all(|p| p.state() == ProofState::Open));
    let o = overall(&r);
    assert_eq!((o.state, o.level), (State::Unchecked, TrustLevel::Level1));
    assert_eq!(
        o.unchecked,
        vec![
            Unchecked::ProofsPending { proofs: 1 },
            Unchecked::HeadersMissing {
                proofs: 1,
                heights: vec![358391]
            },
        ]
    );
    r.tokens
        .push(verified_token("proof/d/130025Z.txt", "DEMO TSA"));
    let o = overall(&r);
    assert_eq!((o.state, o.level), (State::Passed, TrustLevel::Level2Plus));
    assert_eq!(o.unchecked.len(), 2, "still said: {o:?}");

    // A header for the block that is not the proof's: the proof is refuted, red.
    let header = HeadersInput::parse(&format!("358391 {}", "00".repeat(80)));
    let mut refuted = report(&b, &lists);
    refuted.headers = header.clone();
    refuted.proofs.push(proof(
        &lists[1],
        Attestation::Bitcoin { height: 358391 },
        &header,
    ));
    assert_eq!(header.error, None);
    assert_eq!(refuted.proofs[0].state(), ProofState::Failed);
    let o = overall(&refuted);
    assert_eq!(o.state, State::Failed);
    assert!(matches!(&o.failures[..], [Failure::Proof { .. }]), "{o:?}");
}

/// Coverage per party: the longest prefix each anchors, at its level, and the lines after it.
#[test]
fn coverage_names_each_partys_prefix_and_the_lines_left_to_the_operator() {
    let b = book(30, None);
    let lists = [
        list("130025Z", &b, 18),
        list("140025Z", &b, 25),
        list("150025Z", &b, 12),
    ];
    let mut r = report(&b, &lists);
    r.tokens
        .push(verified_token("proof/d/130025Z.txt", "DEMO TSA"));
    r.tokens
        .push(verified_token("proof/d/140025Z.txt", "DEMO TSA"));
    r.rekor.push(crate::verifier::RekorResult {
        name: "proof/d/150025Z.txt.rekor.json".into(),
        list: Some("proof/d/150025Z.txt".into()),
        ok: true,
        time_signed: true,
        ..Default::default()
    });
    // A token on a list of no book does not cover the book.
    r.tokens
        .push(verified_token("proof/d/elsewhere.txt", "Other TSA"));
    let o = overall(&r);
    assert_eq!(o.state, State::Passed);
    assert_eq!(
        o.coverage,
        vec![Coverage {
            book: BOOK.into(),
            lines: 30,
            covered: vec![
                Covered {
                    party: PartyGroup::Authority("DEMO TSA".into()),
                    level: TrustLevel::Level2Plus,
                    to: 25,
                },
                Covered {
                    party: PartyGroup::Rekor,
                    level: TrustLevel::Level2,
                    to: 12,
                },
            ],
            unanchored_from: Some(26),
        }]
    );
}

#[test]
fn nothing_to_check_is_unchecked_not_passed() {
    let o = overall(&VerifierReport::new(
        crate::verifier::StampOutcome {
            books: vec![],
            unmatched: vec![],
            unchecked: vec![],
        },
        &[],
    ));
    assert_eq!(o.state, State::Unchecked);
    assert_eq!(o.unchecked, vec![Unchecked::NothingChecked]);
}

/// The counted answers of a league day: those proven before 09:30 ET and by whom, the late one,
/// and the one only the operator's clock vouches for.
#[test]
fn the_counted_answers_are_tallied_by_verdict_and_by_party() {
    let answer = |seat: &str, at: &str| {
        format!(
            r#"{{"kind": "answer", "run_id": "2026-10-21-am", "seat": "{seat}", "at": "{at}", "model": "m-{seat}", "items": {{"SPX": {{"1d": {{"prob_up": 60}}}}}}}}"#
        )
    };
    let lines = [
        r#"{"kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z", "ask_sha256": "aa"}"#.to_string(),
        answer("a", "2026-10-21T12:31:00Z"),
        answer("b", "2026-10-21T12:32:00Z"),
        answer("c", "2026-10-21T13:31:05Z"),
        answer("d", "2026-10-21T13:25:00Z"),
    ];
    let mut w = BookWriter::new();
    let b: Vec<u8> = lines
        .iter()
        .flat_map(|l| {
            w.append(&parse_line_object(l.as_bytes()).unwrap())
                .unwrap()
                .bytes
        })
        .collect();
    let lists = [
        ListInput::parse(
            "proof/2026-10-21/130019Z.txt",
            stamp_list::render(&[entry(&b, 3)]).as_bytes(),
        ),
        ListInput::parse(
            "proof/2026-10-21/132337Z.txt",
            stamp_list::render(&[entry(&b, 4)]).as_bytes(),
        ),
    ];
    let names = vec![crate::records::names::BOOK_FILE.to_string()];
    let plan = StampPlan::new(&names, &lists);
    let mut reader = BookReader::new(plan.prefix_at(0));
    reader.feed(&b);
    let mut r = VerifierReport::new(plan.resolve(vec![reader.finish()]), &lists);
    r.tokens
        .push(verified_token("proof/2026-10-21/130019Z.txt", "FreeTSA"));
    r.rekor.push(crate::verifier::RekorResult {
        name: "proof/2026-10-21/132337Z.txt.rekor.json".into(),
        list: Some("proof/2026-10-21/132337Z.txt".into()),
        ok: true,
        integrated_time: Some("2026-10-21T13:24:00Z".into()),
        time_signed: true,
        log_index: Some(7),
        ..Default::default()
    });
    let books = vec![(names[0].clone(), Some(b.clone()))];
    attach_answers(&mut r, &books, &[]);
    let answers = r.answers.as_ref().expect("the answers are judged");
    let counted = answers
        .answers
        .iter()
        .filter(|a| a.status == "counted")
        .count();
    assert!(counted >= 3, "{:?}", answers.answers);
    let o = overall(&r);
    let t = o.answers.expect("a tally");
    assert_eq!(t.counted, counted);
    assert_eq!(
        t.proven_before + t.anchored_after + t.operator_only + t.late,
        t.counted
    );
    // a and b (lines 2, 3) in the 13:00:19Z list, FreeTSA; d (line 5) only on the clock.
    assert_eq!(t.proven_before, 2, "{t:?}");
    assert_eq!(t.by, vec![(PartyGroup::Authority("FreeTSA".into()), 2)]);
    assert!(t.late >= 1, "c answered after 09:30 ET: {t:?}");
}

#[test]
fn a_climatology_table_that_is_not_the_sealed_one_fails_and_a_missing_one_is_unchecked() {
    let b = book(4, None);
    let with = |seal: ClimSeal| {
        let mut r = report(&b, &[list("130025Z", &b, 3)]);
        r.climatology = Some(seal);
        overall(&r)
    };
    let sealed = "a".repeat(64);
    let differs = with(ClimSeal::Differs {
        sealed: sealed.clone(),
        found: "b".repeat(64),
    });
    assert_eq!(differs.state, State::Failed);
    assert_eq!(
        differs.failures,
        vec![Failure::Climatology {
            file: CLIM_FILE.into()
        }]
    );
    let unreadable = with(ClimSeal::Unreadable {
        sealed: sealed.clone(),
        field: "rows".into(),
        why: "not JSON".into(),
    });
    assert_eq!(unreadable.state, State::Failed);
    let missing = with(ClimSeal::Missing { sealed });
    assert_eq!(missing.state, State::Unchecked);
    assert_eq!(
        missing.unchecked,
        vec![Unchecked::ClimatologyMissing {
            file: CLIM_FILE.into()
        }]
    );
    let held = with(ClimSeal::Held {
        sha256: "a".repeat(64),
    });
    assert_eq!(held.state, State::Passed);
}
