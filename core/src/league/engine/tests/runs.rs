//! Several runs per session (spec §3.4, requirement 5): the declared schedule names an
//! evening run (asked the day before) and a later run besides the morning run; each is asked
//! in its own window, sealed with its own ask hash, scored, and read back with only the
//! morning run counted.

use super::*;

fn config() -> LeagueConfig {
    let toml = format!("{CONFIG}\n[schedule]\nother_runs_et = [\"18:00\", \"09:00\"]\n");
    LeagueConfig::from_toml(toml.as_bytes(), "league.toml").unwrap()
}

#[test]
fn a_session_with_an_evening_run_and_a_later_run_seals_and_scores_all_three() {
    let config = config();
    let session = Date::parse("2026-10-21").unwrap();
    let mut d = Driver::default();
    let decl = declaration(&config, "2026-10-20T04:16:00Z", session);
    assert_eq!(
        decl.other_runs_et,
        Some(vec!["18:00".to_string(), "09:00".to_string()])
    );
    d.seal(LeagueLedger::Asks, &decl.to_object());
    let mut e = Engine::new(config.clone(), Climatology::new(), session, true);

    // The evening run of 2026-10-21 is asked at 18:00 ET the day before (22:00Z).
    assert_eq!(
        e.next_due_job(t("2026-10-20T21:00:00Z")),
        Some((t("2026-10-20T22:00:00Z"), Due::Run))
    );
    assert!(e.poll(t("2026-10-20T21:59:59Z")).is_empty());
    let run = |e: &mut Engine, d: &mut Driver, at: &str, run_id: &str, replied: &str| {
        let a = e.poll(t(at));
        d.apply(e, a);
        assert_eq!(d.snapshots.last().map(String::as_str), Some(run_id));
        let a = e.on_snapshot(run_id, &snapshot(), None, Instant(t(at).0 + 5_000_000));
        d.apply(e, a);
        for seat in ["alpha", "beta", "gamma", "delta"] {
            let a = e.on_reply(
                run_id,
                seat,
                Reply {
                    raw: GOOD.as_bytes().to_vec(),
                    text: Some(GOOD.into()),
                    provider_model: Some("m-2026".into()),
                    ..Reply::default()
                },
                t(replied),
            );
            d.apply(e, a);
        }
    };
    run(
        &mut e,
        &mut d,
        "2026-10-20T22:00:00Z",
        "2026-10-21-1800",
        "2026-10-20T22:01:00Z",
    );
    // Then the morning run at 08:30 ET, then the 09:00 ET run: nothing in between.
    let a = e.poll(t("2026-10-20T22:10:00Z"));
    assert_eq!(a, [Action::Stamp]);
    assert_eq!(
        e.next_due_job(t("2026-10-20T22:10:00Z")),
        Some((t("2026-10-21T12:30:00Z"), Due::Run))
    );
    let a = e.poll(t("2026-10-21T12:00:00Z"));
    assert!(
        !a.iter().any(|a| matches!(a, Action::TakeSnapshot { .. })),
        "{a:?}"
    );
    run(
        &mut e,
        &mut d,
        "2026-10-21T12:30:00Z",
        "2026-10-21-am",
        "2026-10-21T12:31:00Z",
    );
    let a = e.poll(t("2026-10-21T12:59:59Z"));
    assert!(
        !a.iter().any(|a| matches!(a, Action::TakeSnapshot { .. })),
        "{a:?}"
    );
    d.apply(&mut e, a);
    run(
        &mut e,
        &mut d,
        "2026-10-21T13:00:00Z",
        "2026-10-21-0900",
        "2026-10-21T13:01:00Z",
    );
    assert_eq!(
        d.snapshots,
        ["2026-10-21-1800", "2026-10-21-am", "2026-10-21-0900"]
    );
    // Three ask texts, three ask hashes; every run's deadline is the session's reference.
    assert_eq!(d.published.len(), 3);
    let chain = AskChain::parse(&d.asks.1).unwrap();
    let hashes: BTreeSet<&str> = chain
        .asks
        .iter()
        .map(|(_, a)| a.ask_sha256.as_str())
        .collect();
    assert_eq!(hashes.len(), 3);
    assert!(d
        .asked
        .iter()
        .all(|(.., dl)| *dl == t("2026-10-21T13:30:00Z")));
    assert_eq!(chain.declaration(), Some(&decl));
    assert!(e.missed_runs(t("2026-10-21T14:00:00Z")).is_empty());

    // After the close, each run's day is scored on its own run line.
    let a = e.poll(t("2026-10-21T20:10:00Z"));
    d.apply(&mut e, a);
    let lines = BookLines::parse(&d.book.1).unwrap();
    let run_lines: Vec<u64> = lines.runs.iter().map(|r| r.n).collect();
    let scored: Vec<u64> = d
        .scores
        .iter()
        .filter(|(h, ..)| *h == Horizon::D1)
        .map(|(_, of, _)| *of)
        .collect();
    assert_eq!(scored, run_lines);

    // Read back: the declared rule counts the morning run; the others are not counted,
    // labelled earlier_run, with no flag or fallback.
    let roster = roster_from_asks(&d.asks.1).unwrap();
    let mut counting = crate::score::counting::Counting::from_asks(Some(&d.asks.1)).unwrap();
    let rows = book_rows(&d.book.1, &roster, &mut counting).unwrap();
    assert!(
        counting.notes.is_empty() && counting.flags.is_empty(),
        "{counting:?}"
    );
    let spx = |run_id: &str| {
        rows.iter()
            .find(|r| {
                r.run_id == run_id
                    && r.seat == "alpha"
                    && r.asset == "SPX"
                    && r.horizon == Horizon::D1
            })
            .map(|r| (r.session.as_str(), r.status.as_str(), r.run_role.as_str()))
    };
    assert_eq!(
        spx("2026-10-21-am"),
        Some(("2026-10-21", "counted", "session_run"))
    );
    for other in ["2026-10-21-1800", "2026-10-21-0900"] {
        assert_eq!(
            spx(other),
            Some(("2026-10-21", "not_counted", "earlier_run")),
            "{other}"
        );
    }
}

#[test]
fn a_run_whose_window_passed_is_not_asked_in_the_next_runs_place() {
    let config = config();
    let session = Date::parse("2026-10-21").unwrap();
    let mut e = Engine::new(config, Climatology::new(), session, true);
    // Polled first at 08:45 ET: the evening run's window closed at the morning run.
    let taken: Vec<String> = e
        .poll(t("2026-10-21T12:45:00Z"))
        .into_iter()
        .filter_map(|a| match a {
            Action::TakeSnapshot { run_id, .. } => Some(run_id),
            _ => None,
        })
        .collect();
    assert_eq!(taken, ["2026-10-21-am"]);
    // A fresh engine first polled at 09:05 ET: the counted run is still due, and the 09:00 run.
    let mut e = Engine::new(self::config(), Climatology::new(), session, true);
    let taken: Vec<String> = e
        .poll(t("2026-10-21T13:05:00Z"))
        .into_iter()
        .filter_map(|a| match a {
            Action::TakeSnapshot { run_id, .. } => Some(run_id),
            _ => None,
        })
        .collect();
    assert_eq!(taken, ["2026-10-21-am", "2026-10-21-0900"]);
    // Missed runs are the counted ones: another run alone leaves the session missed.
    let mut e = Engine::new(self::config(), Climatology::new(), session, true);
    let a = e.poll(t("2026-10-20T22:00:00Z"));
    assert!(
        matches!(&a[..], [Action::TakeSnapshot { run_id, .. }] if run_id == "2026-10-21-1800"),
        "{a:?}"
    );
    assert_eq!(e.missed_runs(t("2026-10-21T13:30:00Z")), ["2026-10-21-am"]);
}
