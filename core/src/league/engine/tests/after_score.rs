//! What follows a sealed score line (spec §4.9, §4.7, §4.11, Appendix C): the crowd's
//! resolutions after the day's score, then the arena prices of the session and of every
//! session they resolve, and a publish owed from the score on; each handed out by the engine
//! when the step before it is reported.

use super::*;

/// A league with the morning run of `session` sealed and answered by every seat.
fn run_through_the_day(session: Date) -> (Engine, Driver) {
    let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
    let mut d = Driver::default();
    d.seal(
        LeagueLedger::Asks,
        &declaration(&config, "2026-10-21T04:16:00Z", session).to_object(),
    );
    let mut e = Engine::new(config, Climatology::new(), session, true);
    let a = e.poll(t("2026-10-21T12:30:00Z"));
    d.apply(&mut e, a);
    let a = e.on_snapshot(
        "2026-10-21-am",
        &snapshot(),
        None,
        t("2026-10-21T12:30:05Z"),
    );
    d.apply(&mut e, a);
    for seat in ["alpha", "beta", "gamma", "delta"] {
        let a = e.on_reply(
            "2026-10-21-am",
            seat,
            Reply {
                raw: GOOD.as_bytes().to_vec(),
                text: Some(GOOD.into()),
                provider_model: Some("m-2026".into()),
                ..Reply::default()
            },
            t("2026-10-21T12:31:00Z"),
        );
        d.apply(&mut e, a);
    }
    (e, d)
}

/// One step the server carried out, in order.
#[derive(Debug, PartialEq)]
enum Step {
    Resolve(Date),
    Prices(Date),
}

/// Carries out the follow-ups `actions` of a score as the server's driver does: each action's follow-ups are carried out
/// before the next action; the crowd resolves bets of `resolves` (or fails when None), the
/// arena prices of the sessions in `failing` fail.
fn carry_out(
    e: &mut Engine,
    actions: Vec<Action>,
    resolves: Option<&BTreeSet<Date>>,
    failing: &BTreeSet<Date>,
) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut queue: std::collections::VecDeque<Action> = actions.into();
    while let Some(a) = queue.pop_front() {
        let next = match a {
            Action::ResolveCrowd { session } => {
                steps.push(Step::Resolve(session));
                match resolves {
                    Some(r) => e.on_crowd_resolved(session, r),
                    None => e.on_crowd_failed(session),
                }
            }
            Action::RecordArenaPrices { session } => {
                steps.push(Step::Prices(session));
                e.on_arena_prices(session, !failing.contains(&session));
                Vec::new()
            }
            other => panic!("not after a score: {other:?}"),
        };
        for a in next.into_iter().rev() {
            queue.push_front(a);
        }
    }
    steps
}

fn date(s: &str) -> Date {
    Date::parse(s).unwrap()
}

/// After the day's score: the crowd first, then the session's arena prices and those of every
/// earlier session its resolutions settle, oldest first; a publish is owed from the score on,
/// never before one.
#[test]
fn the_day_s_score_is_followed_by_the_crowd_then_the_arena_prices_then_a_publish() {
    let session = date("2026-10-21");
    let (mut e, _) = run_through_the_day(session);
    // Nothing is owed before a score line is sealed, whatever the time.
    assert_eq!(e.publish_due(t("2026-10-21T20:09:59Z")), None);
    assert_eq!(e.publish_at(), None);
    let at = t("2026-10-21T20:10:00Z");
    let scores: Vec<Action> = e
        .poll(at)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Score {
                    horizon: Horizon::D1,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(scores.len(), 1, "{scores:?}");
    // The score alone hands out the crowd's resolution, not yet any price recording.
    let Action::Score { run_id, .. } = &scores[0] else {
        unreachable!()
    };
    let after = e.on_scored(run_id, Horizon::D1, at);
    assert_eq!(after, [Action::ResolveCrowd { session }]);
    let earlier = date("2026-10-19");
    let resolved = BTreeSet::from([earlier]);
    let steps = carry_out(&mut e, after, Some(&resolved), &BTreeSet::new());
    assert_eq!(
        steps,
        [
            Step::Resolve(session),
            Step::Prices(earlier),
            Step::Prices(session),
        ]
    );
    // The publish is owed from the score's sealing on.
    assert_eq!(e.publish_at(), Some(at));
    assert_eq!(e.publish_due(t("2026-10-21T20:09:59Z")), None);
    assert_eq!(e.publish_due(at), Some(Action::PublishLeague));
    // A failed publish is due again a minute later; a successful one owes nothing.
    e.on_published(false, t("2026-10-21T20:10:02Z"));
    assert_eq!(e.publish_due(t("2026-10-21T20:11:01Z")), None);
    assert_eq!(
        e.publish_due(t("2026-10-21T20:11:02Z")),
        Some(Action::PublishLeague)
    );
    e.on_published(true, t("2026-10-21T20:11:02Z"));
    assert_eq!(e.publish_due(t("2026-10-30T00:00:00Z")), None);
}

/// A longer horizon's score owes a publish but reads no crowd and records no prices; a crowd
/// that could not be read still records the session's own prices.
#[test]
fn only_the_day_s_score_reads_the_crowd_and_a_failed_reading_still_records_the_session() {
    let session = date("2026-10-21");
    let (mut e, _) = run_through_the_day(session);
    let at = t("2026-10-28T20:10:00Z");
    assert_eq!(e.on_scored("2026-10-21-am", Horizon::W1, at), []);
    assert_eq!(e.publish_due(at), Some(Action::PublishLeague));
    // A run the engine does not know has no session: nothing to resolve.
    assert_eq!(e.on_scored("2026-10-22-am", Horizon::D1, at), []);
    let steps = carry_out(
        &mut e,
        vec![Action::ResolveCrowd { session }],
        None,
        &BTreeSet::new(),
    );
    assert_eq!(steps, [Step::Resolve(session), Step::Prices(session)]);
}

/// A session whose prices failed to record is asked again with the next recordings, oldest
/// first, at most [`ARENA_PRICE_ATTEMPTS`] times in all; a success asks no more.
#[test]
fn failed_arena_prices_are_retried_a_bounded_number_of_times() {
    let (mut e, _) = run_through_the_day(date("2026-10-21"));
    let (d1, d2, d3, d4, d5) = (
        date("2026-10-21"),
        date("2026-10-22"),
        date("2026-10-23"),
        date("2026-10-26"),
        date("2026-10-27"),
    );
    let none = BTreeSet::new();
    let failing = BTreeSet::from([d1]);
    let mut recorded = Vec::new();
    for s in [d1, d2, d3, d4, d5] {
        let steps = carry_out(
            &mut e,
            vec![Action::ResolveCrowd { session: s }],
            Some(&none),
            &failing,
        );
        recorded.push(steps);
    }
    assert_eq!(
        recorded,
        [
            vec![Step::Resolve(d1), Step::Prices(d1)],
            vec![Step::Resolve(d2), Step::Prices(d1), Step::Prices(d2)],
            vec![Step::Resolve(d3), Step::Prices(d1), Step::Prices(d3)],
            vec![Step::Resolve(d4), Step::Prices(d4)],
            vec![Step::Resolve(d5), Step::Prices(d5)],
        ]
    );
    // A retry that succeeds is not asked again.
    e.on_arena_prices(d4, false);
    assert_eq!(
        e.on_crowd_failed(d5),
        [
            Action::RecordArenaPrices { session: d4 },
            Action::RecordArenaPrices { session: d5 }
        ]
    );
    e.on_arena_prices(d4, true);
    assert_eq!(
        e.on_crowd_failed(d5),
        [Action::RecordArenaPrices { session: d5 }]
    );
}

/// One league day of `session` carried out on `d`'s ledgers: the morning run (only the
/// reference seats answer), the deadline's `no_answer` lines, and the day's score line sealed.
fn a_scored_day(e: &mut Engine, d: &mut Driver, session: Date) {
    let at = |hms: &str| t(&format!("{session}T{hms}Z"));
    let a = e.poll(at("12:30:00"));
    d.apply(e, a);
    let run_id = d.snapshots.last().cloned().unwrap();
    assert!(run_id.starts_with(&session.to_string()), "{run_id}");
    let mut taken = snapshot();
    taken.taken_at = format!("{session}T12:29:00Z");
    let a = e.on_snapshot(&run_id, &taken, None, at("12:30:05"));
    d.apply(e, a);
    let a = e.poll(at("13:30:00"));
    d.apply(e, a);
    let before = d.scores.len();
    let a = e.poll(at("20:10:00"));
    d.apply(e, a);
    let (h, of, _) = d.scores[before..]
        .iter()
        .filter(|s| s.0 == Horizon::D1)
        .max_by_key(|s| s.1)
        .cloned()
        .unwrap();
    let results: BTreeMap<String, (f64, f64)> = MARKETS
        .iter()
        .map(|m| (m.to_string(), (101.5, 102.0)))
        .collect();
    let line = score_content(at("20:10:05"), &run_id, of, h, &results, BTreeMap::new());
    d.seal(LeagueLedger::Book, &line.to_object());
}

/// A restarted engine takes up the arena prices still owed, counting the attempts made from
/// the book (one for each day's score sealed at or after the session): a restart neither
/// forgets a session nor grants it new attempts, so the league tries a session as often when
/// each step is its own process (cron) as when one server runs them all.
#[test]
fn a_restarted_engine_counts_the_owed_arena_prices_attempts_from_the_book() {
    let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
    let (d1, d2, d3, d4) = (
        date("2026-10-21"),
        date("2026-10-22"),
        date("2026-10-23"),
        date("2026-10-26"),
    );
    let mut d = Driver::default();
    d.seal(
        LeagueLedger::Asks,
        &declaration(&config, "2026-10-21T04:16:00Z", d1).to_object(),
    );
    let mut e = Engine::new(config.clone(), Climatology::new(), d1, true);
    let resume = |d: &Driver, recorded: &[PriceLine]| {
        let mut e = Engine::resume(
            config.clone(),
            Climatology::new(),
            d1,
            true,
            &d.book.1,
            &d.asks.1,
            &[],
        )
        .unwrap();
        let owed = e.resume_arena_prices(&BookLines::parse(&d.book.1).unwrap(), recorded);
        (e, owed)
    };
    // Before any score nothing is owed.
    assert_eq!(resume(&d, &[]).1, []);
    a_scored_day(&mut e, &mut d, d1);
    // Scored and not recorded: owed, its own day's attempt counted, handed out again with the
    // next day's recordings.
    let (mut r, owed) = resume(&d, &[]);
    assert_eq!(owed, [(d1, 1)]);
    assert_eq!(
        r.on_crowd_failed(d2),
        [
            Action::RecordArenaPrices { session: d1 },
            Action::RecordArenaPrices { session: d2 }
        ]
    );
    // Recorded (a close of the session): nothing owed.
    let close = PriceLine::Close {
        symbol: "SPY".into(),
        session: d1,
        price: 600_000_000,
    };
    let (mut r, owed) = resume(&d, std::slice::from_ref(&close));
    assert_eq!(owed, []);
    assert_eq!(
        r.on_crowd_failed(d2),
        [Action::RecordArenaPrices { session: d2 }]
    );
    a_scored_day(&mut e, &mut d, d2);
    assert_eq!(resume(&d, &[]).1, [(d1, 2), (d2, 1)]);
    assert_eq!(resume(&d, &[close]).1, [(d2, 1)]);
    a_scored_day(&mut e, &mut d, d3);
    // d1 has had its three attempts (after its own score, d2's and d3's): no more.
    let (mut r, owed) = resume(&d, &[]);
    assert_eq!(owed, [(d2, 2), (d3, 1)]);
    assert_eq!(
        r.on_crowd_failed(d4),
        [
            Action::RecordArenaPrices { session: d2 },
            Action::RecordArenaPrices { session: d3 },
            Action::RecordArenaPrices { session: d4 }
        ]
    );
    // The attempt after the restart is counted as any other: d2's third was its last.
    r.on_arena_prices(d2, false);
    r.on_arena_prices(d3, false);
    assert_eq!(
        r.on_crowd_failed(d4),
        [
            Action::RecordArenaPrices { session: d3 },
            Action::RecordArenaPrices { session: d4 }
        ]
    );
}
