//! What the experiment shows and scores of the council (spec §6.1, §6.2): a run's sealed 1d
//! answers per market, their consensus (the published rule of §4.5, [`crate::score::consensus`])
//! and the session's outcomes from its 1d score line.

use crate::calendar::{sealing_time, session_close, Date, Horizon, Instant};
use crate::neff::panel::{NeffReading, Panel, Similarity};
use crate::neff::Answer as NeffAnswer;
use crate::records::book_lines::{number, BookLines, RunLine};
use crate::records::names::MARKETS;
use crate::score::baselines::is_baseline;
use crate::score::consensus::{consensus, Answer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One seat's sealed 1d answer for one market.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CouncilAnswer {
    /// The seat's roster name.
    pub seat: String,
    /// Market code of Table 1 (`SPX`, ... `BTC`).
    pub market: String,
    /// Probability of up, 0-1.
    pub prob_up: f64,
    /// The answer's line number in the book.
    pub line: u64,
}

/// The consensus of one market.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarketConsensus {
    /// Probability of up, 0-1 (the published consensus, clamped to 2-98%).
    pub prob_up: f64,
    /// `up`, `down`, or None at exactly 50%.
    pub direction: Option<super::Direction>,
    /// Answers it is made of, before the trim.
    pub seats: usize,
}

/// A run's council as the experiment shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Council {
    /// The run whose answers these are (`run_id` of its run line).
    pub run_id: String,
    /// The latest sealing time, `max(at, booked_at)`, of the run's answers (RFC 3339).
    pub sealed_at: String,
    /// The consensus per market code, for markets with at least one answer.
    pub consensus: BTreeMap<String, MarketConsensus>,
    /// Every seat's answer, one per seat and market.
    pub answers: Vec<CouncilAnswer>,
    /// How many independent voices the consensus is made of (Requirement 14, spec §5.1): the
    /// seats, their mean pairwise Pearson r over the markets both answered and N_eff =
    /// n / (1 + (n - 1) r), over each seat's latest one-day answer per market. None when
    /// no reading can be formed.
    #[serde(default)]
    pub independence: Option<NeffReading>,
}

/// How much of the book the experiment uses (spec §6.1: a reader is shown a council once it
/// is sealed and a session's outcome once the session has closed, never before). A live
/// league's book never runs ahead of its clock; a book read at a set clock can (a replay, or
/// the DEMO league, whose season is written ahead of the clock it is served at), so what the
/// API shows is the book as it stood at the API's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsOf {
    /// Everything the book holds: the offline export (`sealbook experiment export`).
    Whole,
    /// What was sealed at or before the instant, and outcomes of sessions closed by then.
    At(Instant),
}

impl AsOf {
    /// Whether a line sealed at `at` (`booked_at`) is known: one without a time is.
    fn knows(self, at: Option<Instant>, booked_at: Option<Instant>) -> bool {
        match (self, at) {
            (AsOf::At(now), Some(at)) => sealing_time(at, booked_at) <= now,
            _ => true,
        }
    }

    /// Whether `session` has closed (16:00 ET, the latest of its events' ends, §3.3), so
    /// that its outcomes may be shown.
    pub fn closed(self, session: Date) -> bool {
        match self {
            AsOf::Whole => true,
            AsOf::At(now) => session_close(session) <= now,
        }
    }
}

/// The first instant after `now` at which the book as known `AsOf::At(..)` changes for the
/// analysis of `sessions` (spec §6.1, §6.2): a run or answer line sealed after `now` becomes
/// known, or one of `sessions` closes. Until then every figure computed `AsOf::At(now)` from
/// the same book and records stays the same, so it may be served again; None: never.
pub fn known_until(
    lines: &BookLines,
    sessions: impl IntoIterator<Item = Date>,
    now: Instant,
) -> Option<Instant> {
    let sealed = lines
        .runs
        .iter()
        .filter_map(|r| r.at.map(|at| sealing_time(at, r.booked_at)))
        .chain(
            lines
                .answers
                .values()
                .filter_map(|a| a.at.map(|at| sealing_time(at, a.booked_at))),
        );
    let closes = sessions.into_iter().map(session_close);
    sealed.chain(closes).filter(|t| *t > now).min()
}

/// The latest run line with a run id, in book order, whose session is `session` (its run id
/// starts with the date, as `<session>-am` does), or the latest of all when `session` is None;
/// of the run lines known `as_of`.
pub fn latest_run(lines: &BookLines, session: Option<Date>, as_of: AsOf) -> Option<&RunLine> {
    let prefix = session.map(|d| d.to_string());
    lines
        .runs
        .iter()
        .rev()
        .filter(|r| as_of.knows(r.at, r.booked_at))
        .find(|r| match (&r.run_id, &prefix) {
            (Some(id), Some(p)) => id.starts_with(p.as_str()),
            (Some(_), None) => true,
            (None, _) => false,
        })
}

/// The council of run `run_id`: every answer line of the run known `as_of` with a numeric 1d
/// `prob_up`
/// (0-100) for one of the 12 markets, and each market's consensus with the roster's family
/// weights (`families`: (seat, family) in roster order; seats not in it are their own family,
/// after the roster's). A baseline seat's answer ([`is_baseline`] of the line's model) is a
/// benchmark, not a council member (spec §4.3, §4.5): it is neither shown nor in the consensus.
/// None when the run has no such answer.
pub fn council_of_run(
    lines: &BookLines,
    families: &[(String, String)],
    run_id: &str,
    as_of: AsOf,
) -> Option<Council> {
    let mut answers = Vec::new();
    let mut sealed_at = None;
    for a in lines.answers.values() {
        if a.run_id.as_deref() != Some(run_id)
            || !as_of.knows(a.at, a.booked_at)
            || a.model.as_deref().is_some_and(is_baseline)
        {
            continue;
        }
        let Some(seat) = a.seat.as_deref() else {
            continue;
        };
        for m in MARKETS {
            let Some(p) = a
                .prob_up(m, Horizon::D1.as_str())
                .and_then(number)
                .filter(|p| (0.0..=100.0).contains(p))
            else {
                continue;
            };
            answers.push(CouncilAnswer {
                seat: seat.to_owned(),
                market: m.to_owned(),
                prob_up: p / 100.0,
                line: a.n,
            });
            if let Some(at) = a.at {
                let t = sealing_time(at, a.booked_at);
                sealed_at = Some(sealed_at.map_or(t, |s: crate::calendar::Instant| s.max(t)));
            }
        }
    }
    if answers.is_empty() {
        return None;
    }
    let order = |seat: &str| {
        families
            .iter()
            .position(|(s, _)| s == seat)
            .unwrap_or(usize::MAX)
    };
    let mut by_market: BTreeMap<String, MarketConsensus> = BTreeMap::new();
    for m in MARKETS {
        let mut of: Vec<&CouncilAnswer> = answers.iter().filter(|a| a.market == m).collect();
        of.sort_by_key(|a| (order(&a.seat), a.seat.clone()));
        let family = |seat: &str| {
            families
                .iter()
                .find(|(s, _)| s == seat)
                .map_or(seat.to_owned(), |(_, f)| f.clone())
        };
        let fam: Vec<String> = of.iter().map(|a| family(&a.seat)).collect();
        let input: Vec<Answer<'_>> = of
            .iter()
            .zip(&fam)
            .map(|(a, f)| Answer {
                seat: &a.seat,
                family: f,
                p_pct: a.prob_up * 100.0,
            })
            .collect();
        if let Some(c) = consensus(&input) {
            by_market.insert(
                m.to_owned(),
                MarketConsensus {
                    prob_up: c.p_pct / 100.0,
                    direction: super::Direction::of_prob_up(c.p_pct),
                    seats: c.n_answers,
                },
            );
        }
    }
    Some(Council {
        run_id: run_id.to_owned(),
        sealed_at: sealed_at.map_or_else(String::new, |t| t.to_rfc3339()),
        consensus: by_market,
        independence: independence(&answers),
        answers,
    })
}

/// The N_eff reading of the council's answers (§5.1): each seat's latest answer per market
/// (answers come in book order), Pearson r over common markets.
fn independence(answers: &[CouncilAnswer]) -> Option<NeffReading> {
    let mut latest: BTreeMap<(&str, &str), f64> = BTreeMap::new();
    for a in answers {
        latest.insert((&a.seat, &a.market), a.prob_up * 100.0);
    }
    let panel: Vec<NeffAnswer<&str>> = latest
        .into_iter()
        .map(|((seat, market), prob)| NeffAnswer {
            seat,
            market,
            horizon: Horizon::D1.as_str(),
            prob,
        })
        .collect();
    let reading = Panel::from_answers(&panel, None)
        .ok()?
        .reading(&Similarity::Pearson);
    Some(reading)
}

/// The outcomes of run `run` from its 1d score line: per market, whether it closed strictly up
/// (`actual_pct > 0`, §4.2). Empty while the session is not scored.
pub fn outcomes_of_run(lines: &BookLines, run: &RunLine) -> BTreeMap<String, bool> {
    lines
        .scores
        .iter()
        .rev()
        .find(|s| s.of == run.n && s.horizon == Horizon::D1)
        .map(|s| {
            s.results
                .iter()
                .map(|(m, o)| (m.clone(), o.actual_pct > 0.0))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `session` has closed `as_of` and its latest run has its 1d score line in the book
/// (spec §6.1: the session is scored).
pub fn is_scored(lines: &BookLines, session: Date, as_of: AsOf) -> bool {
    as_of.closed(session)
        && latest_run(lines, Some(session), as_of)
            .is_some_and(|run| !outcomes_of_run(lines, run).is_empty())
}

/// The reader's score on `session` beside the council's (spec §6.1, §6.2): the session's
/// latest run, its council with the roster's `families`, its 1d outcomes, and
/// [`super::wire::score_session`] on the reader's `forecasts` of that session. None while
/// the session is not scored `as_of` or nothing of the reader's is resolved.
pub fn reader_scored(
    lines: &BookLines,
    families: &[(String, String)],
    session: Date,
    forecasts: &[super::Forecast],
    as_of: AsOf,
) -> Option<super::wire::Scored> {
    if !is_scored(lines, session, as_of) {
        return None;
    }
    let run = latest_run(lines, Some(session), as_of)?;
    let outcomes = outcomes_of_run(lines, run);
    let council = council_of_run(lines, families, run.run_id.as_deref()?, as_of)?;
    super::wire::score_session(&session.to_string(), forecasts, &council, &outcomes)
}

/// The revision protocol's control display for `market` (§6.4): the market's row of the run's
/// sealed price snapshot (price, change from the previous close, 52-week range, when it was
/// read), no model content. The snapshot is the line of the ask text whose SHA-256 is the
/// run's `snapshot_sha256` (the ask prints its J bytes verbatim, spec §3.1); None when no line
/// of `ask_text` hashes to it, the market has no row or the row is not the snapshot's layout.
pub fn control_display(
    ask_text: &[u8],
    snapshot_sha256: &str,
    market: &str,
) -> Option<super::wire::Snapshot> {
    use serde_json::Value;
    let line = ask_text
        .split(|b| *b == b'\n')
        .find(|l| l.first() == Some(&b'{') && crate::hex::sha256_hex(l) == snapshot_sha256)?;
    let snap: Value = serde_json::from_slice(line).ok()?;
    let row = snap
        .get("markets")?
        .as_array()?
        .iter()
        .find(|r| r.get("asset").and_then(|a| a.as_str()) == Some(market))?;
    let number = |k: &str| match row.get(k) {
        Some(Value::Number(n)) => Some(n.clone()),
        _ => None,
    };
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(String::from);
    Some(super::wire::Snapshot {
        market: market.to_owned(),
        price: number("price"),
        change_pct: number("change_pct"),
        low_52w: number("low_52w"),
        high_52w: number("high_52w"),
        read_at: text(row.get("read_at")),
        taken_at: text(snap.get("taken_at")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run with two seats' 1d answers on SPX and GOLD, and (when `scored`) its score line:
    /// SPX closed up, GOLD down.
    fn book(scored: bool) -> BookLines {
        let mut t = String::from(
            r#"{"n": 1, "kind": "run", "run_id": "2026-12-03-am", "at": "2026-12-03T12:30:00Z"}"#,
        );
        for (n, seat, p) in [(2, "alpha", 61), (3, "beta", 55)] {
            t += &format!(
                "\n{{\"n\": {n}, \"kind\": \"answer\", \"seat\": \"{seat}\", \"run_id\": \"2026-12-03-am\", \"at\": \"2026-12-03T12:40:00Z\", \"items\": {{\"SPX\": {{\"1d\": {{\"prob_up\": {p}}}}}, \"GOLD\": {{\"1d\": {{\"prob_up\": {}}}}}}}}}",
                100 - p
            );
        }
        if scored {
            t += r#"
{"n": 4, "kind": "score", "of": 1, "horizon": "1d", "results": {"SPX": {"ref": 100, "close": 101}, "GOLD": {"ref": 100, "close": 99}}}"#;
        }
        t.push('\n');
        BookLines::parse(t.as_bytes()).unwrap()
    }

    /// The coin seat's sealed answer (model `coin`) is a baseline: not shown as the council,
    /// not in its consensus (spec §4.5).
    #[test]
    fn a_baseline_is_no_council_member() {
        let mut t = String::from(
            r#"{"n": 1, "kind": "run", "run_id": "2026-12-03-am", "at": "2026-12-03T12:30:00Z"}"#,
        );
        for (n, seat, model, p) in [
            (2, "alpha", "m-a", 61),
            (3, "beta", "m-b", 57),
            (4, "coin", "coin", 50),
        ] {
            t += &format!(
                "\n{{\"n\": {n}, \"kind\": \"answer\", \"seat\": \"{seat}\", \"model\": \"{model}\", \"run_id\": \"2026-12-03-am\", \"at\": \"2026-12-03T12:40:00Z\", \"items\": {{\"SPX\": {{\"1d\": {{\"prob_up\": {p}}}}}}}}}"
            );
        }
        t.push('\n');
        let lines = BookLines::parse(t.as_bytes()).unwrap();
        let c = council_of_run(&lines, &[], "2026-12-03-am", AsOf::Whole).unwrap();
        let seats: Vec<&str> = c.answers.iter().map(|a| a.seat.as_str()).collect();
        assert_eq!(seats, ["alpha", "beta"]);
        let spx = &c.consensus["SPX"];
        assert_eq!(spx.seats, 2);
        assert!((spx.prob_up - 0.59).abs() < 1e-12, "{}", spx.prob_up);
    }

    /// The consensus comes with its run's N_eff reading (Requirement 14): three seats over four
    /// markets, a seat's later answer line replacing its earlier one.
    #[test]
    fn the_council_carries_its_independence_reading() {
        let mut t = String::from(
            r#"{"n": 1, "kind": "run", "run_id": "2026-12-03-am", "at": "2026-12-03T12:30:00Z"}"#,
        );
        let answers = [
            (2, "alpha", [60, 40, 70, 50]),
            (3, "beta", [99, 99, 99, 99]),
            (4, "beta", [55, 45, 65, 40]),
            (5, "gamma", [40, 60, 45, 55]),
        ];
        for (n, seat, p) in answers {
            let items: Vec<String> = ["SPX", "GOLD", "NDX", "WTI"]
                .iter()
                .zip(p)
                .map(|(m, p)| format!("\"{m}\": {{\"1d\": {{\"prob_up\": {p}}}}}"))
                .collect();
            t += &format!(
                "\n{{\"n\": {n}, \"kind\": \"answer\", \"seat\": \"{seat}\", \"run_id\": \"2026-12-03-am\", \"at\": \"2026-12-03T12:40:00Z\", \"items\": {{{}}}}}",
                items.join(", ")
            );
        }
        t.push('\n');
        let lines = BookLines::parse(t.as_bytes()).unwrap();
        let c = council_of_run(&lines, &[], "2026-12-03-am", AsOf::Whole).unwrap();
        let r = c.independence.expect("a reading");
        assert_eq!((r.n, r.pairs, r.undefined_pairs), (3, 3, 0));
        // Pearson r by hand over the markets in code-point order (GOLD, NDX, SPX, WTI).
        let pearson = |x: [f64; 4], y: [f64; 4]| {
            let (mx, my) = (x.iter().sum::<f64>() / 4.0, y.iter().sum::<f64>() / 4.0);
            let sxy: f64 = x.iter().zip(&y).map(|(a, b)| (a - mx) * (b - my)).sum();
            let sxx: f64 = x.iter().map(|a| (a - mx) * (a - mx)).sum();
            let syy: f64 = y.iter().map(|b| (b - my) * (b - my)).sum();
            sxy / (sxx * syy).sqrt()
        };
        let (a, b, g) = (
            [40.0, 70.0, 60.0, 50.0],
            [45.0, 65.0, 55.0, 40.0],
            [60.0, 45.0, 40.0, 55.0],
        );
        let rho = (pearson(a, b) + pearson(a, g) + pearson(b, g)) / 3.0;
        assert!((r.rho.unwrap() - rho).abs() < 1e-12, "{:?} vs {rho}", r.rho);
        let n_eff = 3.0 / (1.0 + 2.0 * rho);
        assert!((r.n_eff.unwrap() - n_eff).abs() < 1e-9);
        // Two seats on one market: no correlation to read.
        let one = council_of_run(&book(false), &[], "2026-12-03-am", AsOf::Whole).unwrap();
        assert_eq!(one.independence.map(|r| r.rho), Some(None));
    }

    #[test]
    fn what_is_known_changes_only_at_a_sealing_or_a_close() {
        let lines = book(true);
        let d = Date::parse("2026-12-03").unwrap();
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let run_at = t("2026-12-03T12:30:00Z");
        let answers_at = t("2026-12-03T12:40:00Z");
        let close = session_close(d);
        let before = Instant(run_at.0 - 1);
        assert_eq!(known_until(&lines, [d], before), Some(run_at));
        assert_eq!(known_until(&lines, [d], run_at), Some(answers_at));
        assert_eq!(known_until(&lines, [d], answers_at), Some(close));
        assert_eq!(known_until(&lines, [d], close), None);
        assert_eq!(known_until(&lines, [], answers_at), None);
        // Just before each change the view is the earlier one; at it, the later one.
        let council = |now: Instant| {
            latest_run(&lines, Some(d), AsOf::At(now))
                .and_then(|r| council_of_run(&lines, &[], r.run_id.as_deref()?, AsOf::At(now)))
        };
        assert_eq!(council(Instant(answers_at.0 - 1)), council(run_at));
        assert_ne!(council(answers_at), council(Instant(answers_at.0 - 1)));
        assert!(!AsOf::At(Instant(close.0 - 1)).closed(d));
        assert!(AsOf::At(close).closed(d));
    }

    #[test]
    fn the_reader_is_scored_beside_the_council() {
        use crate::calendar::Instant;
        use crate::experiment::{Direction, Forecast, ReaderId, Stage};
        let d = Date::parse("2026-12-03").unwrap();
        let f = |market: &str, direction, confidence| Forecast {
            reader: ReaderId::from_random([1; 16]),
            session: d,
            market: market.into(),
            direction,
            confidence,
            stage: Stage::Single,
            at: Instant::parse_rfc3339("2026-12-03T12:50:00Z").unwrap(),
            first: true,
            arm: None,
        };
        let mine = [
            f("SPX", Direction::Down, 60),
            f("GOLD", Direction::Down, 90),
        ];
        let w = AsOf::Whole;
        assert!(!is_scored(&book(false), d, w));
        assert_eq!(reader_scored(&book(false), &[], d, &mine, w), None);
        let lines = book(true);
        assert!(is_scored(&lines, d, w));
        assert!(!is_scored(&lines, Date::parse("2026-12-04").unwrap(), w));
        let s = reader_scored(&lines, &[], d, &mine, w).unwrap();
        // Reader: SPX p(up)=0.40, up -> 0.36, miss; GOLD p(up)=0.10, down -> 0.01, hit.
        assert!((s.reader.brier - 0.185).abs() < 1e-12);
        assert_eq!((s.reader.hit_rate, s.reader.n), (0.5, 2));
        // Consensus of 61 and 55 (two families) is their mean, 58: SPX 0.58 up -> 0.1764,
        // GOLD 0.42 down -> 0.1764; both hits.
        assert!(
            (s.council.brier - 0.1764).abs() < 1e-9,
            "{}",
            s.council.brier
        );
        assert_eq!(s.council.hit_rate, 1.0);
        // alpha: 0.61 -> 0.1521 twice; beta: 0.55 -> 0.2025 twice.
        assert_eq!(s.seats.len(), 2);
        assert!((s.seats[0].score.brier - 0.1521).abs() < 1e-9);
        assert!((s.seats[1].score.brier - 0.2025).abs() < 1e-9);
        assert_eq!(s.run_id, "2026-12-03-am");
    }

    #[test]
    fn a_session_is_shown_as_the_book_stood_at_the_clock() {
        use crate::experiment::{Direction, Forecast, ReaderId, Stage};
        let d = Date::parse("2026-12-03").unwrap();
        let at = |s| AsOf::At(Instant::parse_rfc3339(s).unwrap());
        let lines = book(true);
        let mine = [Forecast {
            reader: ReaderId::from_random([1; 16]),
            session: d,
            market: "SPX".into(),
            direction: Direction::Up,
            confidence: 60,
            stage: Stage::Single,
            at: Instant::parse_rfc3339("2026-12-03T12:50:00Z").unwrap(),
            first: true,
            arm: None,
        }];
        // Before the run line (12:30Z): no run, no council.
        assert!(latest_run(&lines, Some(d), at("2026-12-03T12:29:59Z")).is_none());
        // After the run line, before the answers (12:40Z): the run, but no council yet.
        let run = latest_run(&lines, Some(d), at("2026-12-03T12:35:00Z")).unwrap();
        assert!(council_of_run(&lines, &[], "2026-12-03-am", at("2026-12-03T12:35:00Z")).is_none());
        assert_eq!(run.run_id.as_deref(), Some("2026-12-03-am"));
        let c = council_of_run(&lines, &[], "2026-12-03-am", at("2026-12-03T12:40:00Z")).unwrap();
        assert_eq!(c.answers.len(), 4);
        // The score line is in the book, but the session is open until 16:00 ET (21:00Z):
        // neither scored nor the reader's score shown, after the 09:30 reference included.
        for t in ["2026-12-03T14:30:00Z", "2026-12-03T20:59:59Z"] {
            assert!(!is_scored(&lines, d, at(t)), "{t}");
            assert_eq!(reader_scored(&lines, &[], d, &mine, at(t)), None, "{t}");
        }
        assert!(is_scored(&lines, d, at("2026-12-03T21:00:00Z")));
        assert!(reader_scored(&lines, &[], d, &mine, at("2026-12-03T21:00:00Z")).is_some());
    }
}
