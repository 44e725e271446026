//! The per-day timeline of real books, stamped lists, tokens, entries and proofs, judged by the
//! answers module as the worker and the CLI judge them.

use super::*;
use crate::book::canon::parse_line_object;
use crate::book::chain::{verify, VerifyOptions};
use crate::book::stamp_list;
use crate::book::writer::BookWriter;
use crate::checks::{CheckMsg, Status};
use crate::ots::attestation::Attestation;
use crate::ots::{DetachedTimestampFile, Op};
use crate::tsp::response::check as tsp_check;
use crate::verifier::{
    attach_answers, BookReader, CheckRow, HeadersInput, ListInput, ProofResult, RekorResult,
    StampPlan, TokenResult,
};

const LIST_1: &str = "proof/2026-10-21/130019Z.txt";
const LIST_2: &str = "proof/2026-10-21/132337Z.txt";

/// A league day, 2026-10-21 (New York on daylight time, UTC-4): the morning run's answers of
/// seats a and b (08:31 and 08:32 ET), c (09:31:05 ET, late) and d (09:25 ET, after the last
/// list), with lists at 09:00:19 and 09:23:37 ET over the first 3 and 4 lines.
fn league_day() -> (Vec<u8>, Vec<ListInput>) {
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
    let entry = |n: usize| {
        let head: Vec<u8> = b
            .split_inclusive(|c| *c == b'\n')
            .take(n)
            .flatten()
            .copied()
            .collect();
        let r = verify(&head, VerifyOptions::default());
        (
            "daily/council/book.jsonl".to_string(),
            n as u64,
            r.sha256,
            r.last_link.unwrap(),
        )
    };
    let lists = vec![
        ListInput::parse(LIST_1, stamp_list::render(&[entry(3)]).as_bytes()),
        ListInput::parse(LIST_2, stamp_list::render(&[entry(4)]).as_bytes()),
    ];
    (b, lists)
}

fn report(b: &[u8], lists: &[ListInput]) -> VerifierReport {
    let names = vec![crate::records::names::BOOK_FILE.to_string()];
    let plan = StampPlan::new(&names, lists);
    let mut reader = BookReader::new(plan.prefix_at(0));
    reader.feed(b);
    VerifierReport::new(plan.resolve(vec![reader.finish()]), lists)
}

fn judged(mut r: VerifierReport, b: &[u8]) -> VerifierReport {
    let books = vec![(
        crate::records::names::BOOK_FILE.to_string(),
        Some(b.to_vec()),
    )];
    attach_answers(&mut r, &books, &[]);
    r
}

fn token(list: &str, authority: &str, gen_time: &str, ok: bool) -> TokenResult {
    TokenResult {
        name: format!("{list}.{authority}.tsr"),
        list: Some(list.to_string()),
        ok,
        gen_time: Some(gen_time.into()),
        authority: Some(format!("CN={authority}, O=Test")),
        ..Default::default()
    }
}

/// A token that verifies but for the path to a root the reader has not chosen; with
/// `signature` false its signature fails too.
fn unchosen(list: &str, gen_time: &str, signature: bool) -> TokenResult {
    let row = |id: &str, ok: bool| CheckRow {
        id: id.to_string(),
        status: if ok { Status::Pass } else { Status::Fail },
        msg: CheckMsg::NoTrustAnchor,
    };
    TokenResult {
        checks: vec![
            row(tsp_check::IMPRINT, true),
            row(tsp_check::SIGNATURE, signature),
            row(tsp_check::CHAIN_AT_GEN_TIME, false),
        ],
        ..token(list, "demo", gen_time, false)
    }
}

fn pending_proof(l: &ListInput) -> ProofResult {
    let bytes = l.bytes.as_deref().unwrap();
    let digest = crate::ots::detached::hash_file(&Op::Sha256, bytes).unwrap();
    let mut file = DetachedTimestampFile::new(Op::Sha256, digest).unwrap();
    file.timestamp
        .root
        .attestations
        .insert(Attestation::Pending {
            uri: "https://calendar.example".into(),
        });
    ProofResult::check(
        &format!("{}.ots", l.name),
        &file.serialize().unwrap(),
        std::slice::from_ref(l),
        &HeadersInput::default(),
    )
}

fn row<'a>(day: &'a Day, lane: &Lane) -> &'a Row {
    day.rows
        .iter()
        .find(|r| r.lane == *lane)
        .unwrap_or_else(|| panic!("no {lane:?} lane: {day:?}"))
}

fn at(m: &Mark) -> (&str, MarkState) {
    (m.at.as_deref().unwrap_or("-"), m.state)
}

/// Each answer's seal per seat, the lists, each anchor's time per party, a pending proof at
/// its list's time, and the reference, on one axis in New York time.
#[test]
fn a_league_day_shows_each_seal_list_and_anchor_against_the_reference() {
    let (b, lists) = league_day();
    let mut r = report(&b, &lists);
    r.tokens
        .push(token(LIST_1, "FreeTSA", "2026-10-21T13:00:21Z", true));
    r.rekor.push(RekorResult {
        name: format!("{LIST_2}.rekor.json"),
        list: Some(LIST_2.into()),
        ok: true,
        integrated_time: Some("2026-10-21T13:24:00Z".into()),
        time_signed: true,
        log_index: Some(7),
        ..Default::default()
    });
    r.proofs.push(pending_proof(&lists[0]));
    let t = Timeline::of(&judged(r, &b));
    assert_eq!(t.days.len(), 1, "{t:?}");
    let day = &t.days[0];
    assert_eq!(day.session, "2026-10-21");
    let lanes: Vec<&Lane> = day.rows.iter().map(|r| &r.lane).collect();
    assert_eq!(
        lanes,
        [
            &Lane::Seat("a".into()),
            &Lane::Seat("b".into()),
            &Lane::Seat("c".into()),
            &Lane::Seat("d".into()),
            &Lane::Lists,
            &Lane::Authority("FreeTSA".into()),
            &Lane::Rekor,
            &Lane::Bitcoin,
        ]
    );
    let seat = |s: &str| {
        let r = row(day, &Lane::Seat(s.into()));
        assert_eq!(r.marks.len(), 1, "{r:?}");
        at(&r.marks[0])
    };
    assert_eq!(seat("a"), ("08:31:00", MarkState::Proven));
    assert_eq!(seat("b"), ("08:32:00", MarkState::Proven));
    assert_eq!(seat("c"), ("09:31:05", MarkState::Late));
    assert_eq!(seat("d"), ("09:25:00", MarkState::OperatorClock));
    let lists_row: Vec<_> = row(day, &Lane::Lists).marks.iter().map(at).collect();
    assert_eq!(
        lists_row,
        [
            ("09:00:19", MarkState::Stamped),
            ("09:23:37", MarkState::Stamped)
        ]
    );
    let tsa = &row(day, &Lane::Authority("FreeTSA".into())).marks;
    assert_eq!(
        tsa.iter().map(at).collect::<Vec<_>>(),
        [("09:00:21", MarkState::Verified)]
    );
    let rekor = &row(day, &Lane::Rekor).marks;
    assert_eq!(
        rekor.iter().map(at).collect::<Vec<_>>(),
        [("09:24:00", MarkState::Verified)]
    );
    // The pending proof sits at its list's time, marked pending.
    let btc = &row(day, &Lane::Bitcoin).marks;
    assert_eq!(
        btc.iter().map(at).collect::<Vec<_>>(),
        [("09:00:19", MarkState::Pending)]
    );
    assert_eq!(btc[0].subject, Subject::File(format!("{LIST_1}.ots")));
    assert_eq!(btc[0].x, row(day, &Lane::Lists).marks[0].x);

    // The axis: 08:30 to 09:45 in quarter hours, the reference at 09:30, four fifths along.
    let ticks: Vec<&str> = day.ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        ticks,
        ["08:30", "08:45", "09:00", "09:15", "09:30", "09:45"]
    );
    assert_eq!(day.ticks.first().map(|t| t.x), Some(0));
    assert_eq!(day.ticks.last().map(|t| t.x), Some(AXIS));
    assert_eq!(
        day.reference,
        Tick {
            x: 800,
            label: "09:30".into()
        }
    );
    let x = |lane: &Lane| row(day, lane).marks[0].x.unwrap();
    assert!(x(&Lane::Seat("a".into())) < x(&Lane::Lists));
    assert!(x(&Lane::Lists) < day.reference.x);
    assert!(x(&Lane::Seat("c".into())) > day.reference.x);
}

/// A token whose root the reader has not chosen is unchecked (amber), one that fails its
/// signature is failed; a time far from the reference is kept, dated, off the axis.
#[test]
fn unchecked_and_failed_tokens_and_far_times_are_said_so() {
    let (b, lists) = league_day();
    let mut r = report(&b, &lists);
    r.tokens
        .push(unchosen(LIST_1, "2026-10-21T13:00:20Z", true));
    r.tokens
        .push(unchosen(LIST_2, "2026-10-28T13:23:40Z", false));
    let t = Timeline::of(&judged(r, &b));
    let day = &t.days[0];
    let demo = &row(day, &Lane::Authority("demo".into())).marks;
    assert_eq!(demo.len(), 2, "{demo:?}");
    assert_eq!(at(&demo[0]), ("09:00:20", MarkState::Unchecked));
    assert!(demo[0].x.is_some());
    assert_eq!(at(&demo[1]), ("2026-10-28 09:23:40", MarkState::Failed));
    assert_eq!(demo[1].x, None, "a week later is off the day's axis");
    // The far time does not stretch the axis.
    assert_eq!(day.ticks.last().map(|t| t.label.as_str()), Some("09:45"));
    // Without a chosen root, the answers have no anchor that proves a time: the clock only.
    assert_eq!(
        row(day, &Lane::Seat("a".into())).marks[0].state,
        MarkState::OperatorClock
    );
}

/// Stamped lists without a council book's answers still make a day each, by their New York
/// date: a list taken at 02:00 UTC belongs to the evening before.
#[test]
fn lists_alone_make_their_new_york_days() {
    let (b, mut lists) = league_day();
    let entry = lists[1].bytes.clone().unwrap();
    lists.push(ListInput::parse("proof/2026-10-22/020000Z.txt", &entry));
    let r = report(&b, &lists);
    assert!(r.answers.is_none());
    let t = Timeline::of(&r);
    let days: Vec<&str> = t.days.iter().map(|d| d.session.as_str()).collect();
    assert_eq!(days, ["2026-10-21"]);
    let marks: Vec<_> = t.days[0].rows[0].marks.iter().map(at).collect();
    assert_eq!(
        marks,
        [
            ("09:00:19", MarkState::Stamped),
            ("09:23:37", MarkState::Stamped),
            ("22:00:00", MarkState::Stamped)
        ]
    );
    // The axis reaches from before the reference to the evening's list.
    let day = &t.days[0];
    assert!(day.ticks.len() <= 7, "{:?}", day.ticks);
    assert!(day.reference.x > 0 && day.reference.x < AXIS);
}

/// A report with nothing dated has no day.
#[test]
fn nothing_dated_makes_no_day() {
    let (b, _) = league_day();
    let lists = [ListInput::parse("130019Z.txt", b"not a list\n")];
    assert_eq!(Timeline::of(&report(&b, &lists)), Timeline::default());
}
