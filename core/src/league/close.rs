//! The prices of a score line (spec §3.3, §3.5): for a run's horizon, each market's reference
//! and close by the published rule ([`crate::prices::rule::resolve`]: the first 1-minute bar
//! starting at or after the reference, the last bar ending by the window's end), and the
//! answers that have a reference of their own (`late_ref`):
//!
//! - every market, Bitcoin included: the session's reference ([`reference_at`]), one clock
//!   for all twelve (spec §3.3: an answer line enters the common event only if sealed before
//!   the session's reference; with sealing on arrival, the common reference of the all-day
//!   market is its price when the run's intake closes, after every counted seal);
//! - an answer sealed at or after the session's reference: its own reference for every market
//!   ([`reference_instant`]), the first bar at or after its seal, in `late_ref`.
//!
//! A score re-taken later (prices corrected at the provider) that differs from the sealed line
//! is a new `correction` line naming the sealed one by `of` ([`correction`], spec §3.10); the
//! sealed line stays as it is.
//!
//! The window ends where the run's sealed contract ends ([`RunRule`]; [`window_end`] derives
//! it: 16:00 ET of the horizon's last session, calendar days for Bitcoin, the 10-year yield
//! 15:00 ET). A run line that seals no contracts is scored by the rule of its time
//! ([`RunRule`]). A market whose bars
//! do not resolve is left out of the line and named with the rule's reason, never guessed.
//!
//! The draw band (§3.5, requirement 7) is sealed with the reference: the run's first score
//! line states each priced market's band in `noise` and its `draw` in `results`, the band
//! computed by [`crate::prices::band::draw_band`] (what `sealbook resolve` computes) from the
//! provider's 1-minute bars of the [`BAND_SESSIONS`] sessions before the common reference
//! ([`band_bar_windows`]; Bitcoin's UTC days). A later horizon's line re-states the band its
//! run already sealed ([`sealed_bands`]). A market whose band cannot be computed (the provider
//! failed, or its bars do not cover a session) gets no band and no `draw`; the line names why
//! in `noise_missing`. The provider's continuous futures series carries no front-month labels,
//! so the band excludes no roll ([`draw_band`] with no labels).

use crate::book::canon::{parse_line_object, Object, Value};
use crate::calendar::{horizon_end_date, session_close, session_for, Date, Horizon, Instant};
use crate::league::config::LeagueConfig;
use crate::league::contracts::Contracts;
use crate::league::engine::score_content;
use crate::league::schedule::{reference_at, reference_instant};
use crate::prices::band::{band_windows, draw_band, is_draw, BandClock, BAND_SESSIONS};
use crate::prices::rule::resolve;
use crate::prices::yahoo::Bar;
use crate::records::book_lines::build::{CorrectionContent, ScoreContent};
use crate::records::book_lines::{BookLines, ScoreLine};
use crate::records::names::{BITCOIN, MARKETS};
use std::collections::BTreeMap;

/// One answer line of the run: its `n` and its sealing time `max(at, booked_at)`.
pub type SealedAnswer = (u64, Instant);

pub use crate::league::contracts::window_end;

/// The rule a run is scored by, from its run line's sealed `contracts` (spec §3, Table 1):
/// each market's window ends at its sealed `end_at`, and every market is on one clock (an
/// answer sealed before the session's reference shares it, §3.3). A run line that seals none
/// (a book written before the engine sealed contracts) keeps the rule it was scored by: every
/// window ends 16:00 ET and each answer has its own Bitcoin reference (the first bar at or
/// after its seal), so a later horizon or a re-take prices it as its first score did.
#[derive(Clone, Copy, Debug)]
pub struct RunRule<'a> {
    sealed: &'a Contracts,
}

impl<'a> RunRule<'a> {
    /// The rule of a run whose run line seals `sealed` (empty: none).
    pub fn of(sealed: &'a Contracts) -> RunRule<'a> {
        RunRule { sealed }
    }

    /// Where `asset`'s window over `horizon` ends (None: no contract sealed for it, or outside
    /// the calendar's years).
    pub fn end(&self, session: Date, horizon: Horizon, asset: &str) -> Option<Instant> {
        if self.sealed.is_empty() {
            return horizon_end_date(session, horizon, asset == BITCOIN).map(session_close);
        }
        let c = self.sealed.get(&(asset.to_string(), horizon))?;
        Instant::parse_rfc3339(&c.end_at)
    }

    /// The answer's own reference for `asset` when it has one (sealed at or after the
    /// reference; or, in a run scored before contracts were sealed, Bitcoin's bar after the
    /// seal), with whether it is late.
    fn own_reference(
        &self,
        config: &LeagueConfig,
        session: Date,
        asset: &str,
        sealed_at: Instant,
    ) -> Option<(Instant, bool)> {
        let (own, late) = reference_instant(config, session, sealed_at);
        if late {
            return Some((own, true));
        }
        (self.sealed.is_empty() && asset == BITCOIN)
            .then(|| (first_bar_at_or_after(sealed_at), false))
    }
}

/// The start of the first 1-minute bar at or after `t`.
fn first_bar_at_or_after(t: Instant) -> Instant {
    let minute = 60 * 1_000_000;
    let start = t.0.div_euclid(minute) * minute;
    Instant(if start == t.0 { start } else { start + minute })
}

/// The bars each market's score needs: start `[from, to)` (a minute before the earliest
/// reference, a minute after the end).
pub fn bar_windows(
    config: &LeagueConfig,
    rule: RunRule<'_>,
    session: Date,
    horizon: Horizon,
    answers: &[SealedAnswer],
) -> BTreeMap<&'static str, (Instant, Instant)> {
    let minute = 60 * 1_000_000;
    let common = reference_at(config, session);
    MARKETS
        .iter()
        .filter_map(|m| {
            let end = rule.end(session, horizon, m)?;
            let first = answers
                .iter()
                .filter_map(|(_, at)| rule.own_reference(config, session, m, *at))
                .map(|(r, _)| r)
                .chain([common])
                .min()
                .unwrap_or(common);
            Some((*m, (Instant(first.0 - minute), Instant(end.0 + minute))))
        })
        .collect()
}

/// The days a market's draw band is taken over (§3.5): UTC days for Bitcoin, NYSE sessions
/// for the others.
pub fn band_clock(asset: &str) -> BandClock {
    if asset == BITCOIN {
        BandClock::UtcDays
    } else {
        BandClock::Nyse
    }
}

/// The bars each market's draw band needs (§3.5): start in `[open, close)` spanning the
/// [`BAND_SESSIONS`] sessions before the session's common reference. Markets whose band the
/// run already sealed (`sealed`) need none; a market whose sessions the calendar does not
/// cover gives the reason instead.
pub fn band_bar_windows(
    config: &LeagueConfig,
    session: Date,
    sealed: &BTreeMap<String, f64>,
) -> BTreeMap<&'static str, Result<(Instant, Instant), String>> {
    let common = reference_at(config, session);
    MARKETS
        .iter()
        .filter(|m| !sealed.contains_key(**m))
        .map(|m| {
            let w = band_windows(common, band_clock(m), BAND_SESSIONS)
                .map_err(|e| e.to_string())
                .and_then(|w| match (w.first(), w.last()) {
                    (Some(first), Some(last)) => Ok((first.1, last.2)),
                    _ => Err("no band session".to_string()),
                });
            (*m, w)
        })
        .collect()
}

/// A market's draw band in percent from its bars over [`band_bar_windows`] (§3.5), or why
/// there is none.
pub fn market_band(
    config: &LeagueConfig,
    session: Date,
    asset: &str,
    bars: &[Bar],
) -> Result<f64, String> {
    let common = reference_at(config, session);
    draw_band(bars, common, band_clock(asset), BAND_SESSIONS, &[])
        .map(|b| b.band_pct)
        .map_err(|e| e.to_string())
}

/// The bands run line `of` already sealed: each market's `noise` on its earliest score line.
pub fn sealed_bands(scores: &[ScoreLine], of: u64) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for s in scores.iter().filter(|s| s.of == of) {
        for (m, b) in &s.noise {
            out.entry(m.clone()).or_insert(*b);
        }
    }
    out
}

/// The score line of a run's horizon from each market's bars (time ordered; a market absent
/// from `bars` is unpriced) and each market's draw band (`bands`: the band in percent or why
/// there is none; a market absent has none); returns the line and each unpriced market with
/// the reason.
#[allow(clippy::too_many_arguments)]
pub fn score_line(
    config: &LeagueConfig,
    rule: RunRule<'_>,
    at: Instant,
    run_id: &str,
    of: u64,
    session: Date,
    horizon: Horizon,
    answers: &[SealedAnswer],
    bars: &BTreeMap<String, Vec<Bar>>,
    bands: &BTreeMap<String, Result<f64, String>>,
) -> (ScoreContent, BTreeMap<String, String>) {
    let common = reference_at(config, session);
    let mut results = BTreeMap::new();
    let mut changes = BTreeMap::new();
    let mut late_ref: BTreeMap<u64, BTreeMap<String, f64>> = BTreeMap::new();
    let mut unpriced = BTreeMap::new();
    for m in MARKETS {
        let Some(end) = rule.end(session, horizon, m) else {
            unpriced.insert(
                m.to_string(),
                "no contract sealed for the window, or the calendar does not cover it".into(),
            );
            continue;
        };
        let Some(b) = bars.get(m) else {
            unpriced.insert(m.to_string(), "no bars from the provider".into());
            continue;
        };
        match resolve(b, common, end) {
            Ok(r) => {
                results.insert(m.to_string(), (r.reference, r.close));
                changes.insert(m.to_string(), r.actual_pct);
            }
            Err(e) => {
                unpriced.insert(m.to_string(), e.to_string());
                continue;
            }
        }
        for (n, sealed) in answers {
            let Some((own, _)) = rule.own_reference(config, session, m, *sealed) else {
                continue;
            };
            match resolve(b, own, end) {
                Ok(r) => {
                    late_ref
                        .entry(*n)
                        .or_default()
                        .insert(m.to_string(), r.reference);
                }
                Err(e) => {
                    unpriced.insert(format!("{m} (answer line {n})"), e.to_string());
                }
            }
        }
    }
    let mut line = score_content(at, run_id, of, horizon, &results, late_ref);
    for (m, r) in line.results.iter_mut() {
        match bands.get(m) {
            Some(Ok(band)) => {
                line.noise.insert(m.clone(), *band);
                r.draw = changes.get(m).map(|pct| is_draw(*pct, *band));
            }
            Some(Err(why)) => {
                line.noise_missing.insert(m.clone(), why.clone());
            }
            None => {
                line.noise_missing
                    .insert(m.clone(), "no bars of the band sessions".into());
            }
        }
    }
    (line, unpriced)
}

/// How long after its due time a score whose price provider failed to give some markets'
/// bars is asked again before its line is sealed with the markets it has, each other market
/// named with the provider's error (spec §3.10: a sealed score line stays as it is, so a
/// market left out of it only because the provider did not answer is waited for).
pub const UNFETCHED_GRACE_HOURS: i64 = 24;

/// Whether a score attempt at `now` of a score due at `due`, in which the provider failed to
/// give the bars of `unfetched` markets, must fail (and be retried by the schedule) rather
/// than seal a line missing them: while the score is less than [`UNFETCHED_GRACE_HOURS`]
/// overdue. Markets whose bars came but do not resolve by the rule (a gap, no bars in the
/// window) are the rule's answer and never wait.
pub fn waits_for_unfetched(due: Instant, now: Instant, unfetched: usize) -> bool {
    unfetched > 0 && now.0 < due.0.saturating_add(UNFETCHED_GRACE_HOURS * 3_600_000_000)
}

/// The fields a correction of a score line re-states.
pub const CORRECTED_FIELDS: [&str; 2] = ["results", "late_ref"];

/// The correction of sealed score line `of` (its content `sealed`) by a re-taken `fresh`
/// line, or None when the re-taken prices agree.
pub fn correction(
    of: u64,
    sealed: &Object,
    fresh: &ScoreContent,
    at: Instant,
    source: &str,
) -> Option<CorrectionContent> {
    // A line sealed before the band was sealed with the reference states no `draw`: its
    // re-take is compared on the prices alone.
    let sealed_results = sealed.get("results").and_then(Value::as_object);
    let mut fresh = fresh.clone();
    for (asset, r) in fresh.results.iter_mut() {
        let states_draw = sealed_results
            .and_then(|o| o.get(asset))
            .and_then(Value::as_object)
            .is_some_and(|o| o.get("draw").is_some());
        if !states_draw {
            r.draw = None;
        }
    }
    let fresh = fresh.to_object();
    let empty = Value::Object(Object::new());
    let mut fields = Object::new();
    let mut differs = false;
    for k in CORRECTED_FIELDS {
        let new = fresh.get(k).unwrap_or(&empty);
        differs |= sealed.get(k).unwrap_or(&empty) != new;
        fields.insert(k, new.clone());
    }
    differs.then(|| CorrectionContent {
        at: at.to_rfc3339(),
        of,
        source: source.to_string(),
        reason: "the score was re-taken from the price provider and its prices differ".into(),
        fields,
    })
}

/// The `source` a re-taken score's correction names (spec §3.10).
pub const RETAKE_SOURCE: &str = "sealbook league score --retake";

/// One sealed score line to re-take (`league score --retake`, spec §3.10): the line's `n`, the
/// run it scores (`run_id`, the run line's `n`), its horizon, and the content a re-take is
/// compared with (the line's last correction's `fields`, else the line as sealed).
#[derive(Clone, Debug, PartialEq)]
pub struct Retake {
    /// The score line's `n` in the book.
    pub n: u64,
    /// The run the line scores (the run line's `run_id`).
    pub run_id: String,
    /// The `n` of that run line (the score line's `of`).
    pub of: u64,
    /// The horizon the line scores (`1d`, `1w`, `1m`, `6m`).
    pub horizon: Horizon,
    /// The content a re-take is compared with: the line's last correction's `fields`, else the line
    /// as sealed.
    pub sealed: Object,
}

/// What is re-taken of `session` ([`Retake`]): every score line of every run of the session,
/// the counted one and the others (spec §3.4), in book order; `book` is the book's bytes and
/// `lines` their reading. Err names the line `n` of a score line that does not read.
pub fn retakes(book: &[u8], lines: &BookLines, session: Date) -> Result<Vec<Retake>, u64> {
    let runs: Vec<(String, u64)> = lines
        .runs
        .iter()
        .filter(|r| r.at.and_then(session_for) == Some(session))
        .filter_map(|r| Some((r.run_id.clone()?, r.n)))
        .collect();
    let texts: Vec<&[u8]> = book.split(|b| *b == b'\n').collect();
    let mut out = Vec::new();
    for s in &lines.scores {
        let Some((run_id, of)) = runs.iter().find(|(_, n)| *n == s.of).cloned() else {
            continue;
        };
        let sealed = (s.n as usize)
            .checked_sub(1)
            .and_then(|i| texts.get(i))
            .and_then(|t| parse_line_object(t).ok())
            .ok_or(s.n)?;
        let last = texts
            .iter()
            .rev()
            .filter_map(|t| parse_line_object(t).ok())
            .filter(|o| {
                o.get("kind").and_then(Value::as_str) == Some("correction")
                    && o.get("of").is_some_and(|v| v.py_eq_int(s.n as i64))
            })
            .find_map(|o| o.get("fields").and_then(Value::as_object).cloned());
        out.push(Retake {
            n: s.n,
            run_id,
            of,
            horizon: s.horizon,
            sealed: last.unwrap_or(sealed),
        });
    }
    Ok(out)
}

/// What a re-take of `retake` priced at `at` makes.
#[derive(Clone, Debug, PartialEq)]
pub enum Retaken {
    /// The provider failed to give some markets' bars: nothing is sealed (a correction never
    /// drops a market because the provider did not answer for it).
    Unfetched,
    /// The re-taken prices agree with the sealed line (or its last correction).
    Agrees,
    /// The correction to seal at `at`.
    Correct(CorrectionContent),
}

/// The re-take of `retake` by the freshly priced line `fresh`, `unfetched` the number of
/// markets whose bars the provider failed to give ([`correction`] with [`RETAKE_SOURCE`]).
pub fn retaken(retake: &Retake, fresh: &ScoreContent, unfetched: usize, at: Instant) -> Retaken {
    if unfetched > 0 {
        return Retaken::Unfetched;
    }
    match correction(retake.n, &retake.sealed, fresh, at, RETAKE_SOURCE) {
        Some(c) => Retaken::Correct(c),
        None => Retaken::Agrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prices::instant_of;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    /// A minute bar every minute from `from` to `to`, the close rising by 1 a minute.
    fn bars(from: &str, to: &str, base: f64) -> Vec<Bar> {
        let (a, b) = (t(from).0 / 1_000_000, t(to).0 / 1_000_000);
        (a..b)
            .step_by(60)
            .map(|s| {
                let c = base + ((s - a) / 60) as f64;
                Bar {
                    start: s,
                    open: Some(c),
                    high: Some(c),
                    low: Some(c),
                    close: Some(c),
                    volume: Some(1),
                }
            })
            .collect()
    }

    #[test]
    fn a_score_waits_for_unfetched_markets_a_day_then_seals_what_it_has() {
        let due = t("2026-10-21T20:10:00Z");
        assert!(waits_for_unfetched(due, t("2026-10-21T20:11:00Z"), 11));
        assert!(waits_for_unfetched(due, t("2026-10-22T20:09:59Z"), 1));
        assert!(!waits_for_unfetched(due, t("2026-10-22T20:10:00Z"), 1));
        assert!(!waits_for_unfetched(due, t("2026-10-21T20:11:00Z"), 0));
    }

    #[test]
    fn one_clock_for_every_market_and_the_yield_ends_at_three() {
        let config = LeagueConfig::from_toml(
            b"[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n",
            "league.toml",
        )
        .unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        // 13:30Z is 09:30 ET; the close 20:00Z.
        let b = BTreeMap::from([
            (
                "SPX".to_string(),
                bars("2026-10-21T13:00:00Z", "2026-10-21T20:01:00Z", 100.0),
            ),
            (
                "BTC".to_string(),
                bars("2026-10-21T12:00:00Z", "2026-10-21T20:01:00Z", 1000.0),
            ),
            (
                "TNX".to_string(),
                bars("2026-10-21T13:00:00Z", "2026-10-21T20:01:00Z", 10.0),
            ),
        ]);
        let answers = [
            (5, t("2026-10-21T12:31:10Z")),
            (9, t("2026-10-21T13:35:00Z")),
        ];
        let sealed = crate::league::contracts::run_contracts(&config, session);
        let rule = RunRule::of(&sealed);
        let w = bar_windows(&config, rule, session, Horizon::D1, &answers);
        assert_eq!(
            w["SPX"],
            (t("2026-10-21T13:29:00Z"), t("2026-10-21T20:01:00Z"))
        );
        // Bitcoin is on the common clock: its window opens a minute before 09:30 ET.
        assert_eq!(w["BTC"].0, t("2026-10-21T13:29:00Z"));
        // The 10-year yield's one-day event ends 15:00 ET (Table 1), 19:00Z.
        assert_eq!(w["TNX"].1, t("2026-10-21T19:01:00Z"));
        let (line, unpriced) = score_line(
            &config,
            rule,
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &answers,
            &b,
            &BTreeMap::new(),
        );
        // SPX: reference the 13:30 bar (100 + 30), close the 19:59 bar (100 + 419).
        assert_eq!(line.results["SPX"].reference, 130.0);
        assert_eq!(line.results["SPX"].close, 519.0);
        assert_eq!(line.results["SPX"].up, Some(true));
        // Bitcoin: the answer sealed before the reference shares the common one (13:30 bar);
        // only the late answer has its own, for every market (13:35 bar).
        assert_eq!(line.results["BTC"].reference, 1090.0);
        assert!(!line.late_ref.contains_key(&5), "{:?}", line.late_ref);
        assert_eq!(
            line.late_ref[&9],
            BTreeMap::from([
                ("BTC".to_string(), 1095.0),
                ("SPX".to_string(), 135.0),
                ("TNX".to_string(), 45.0)
            ])
        );
        // TNX: close the 18:59 bar, the last ending by 15:00 ET (10 + 359).
        assert_eq!(line.results["TNX"].close, 369.0);
        assert_eq!(unpriced.len(), 9, "{unpriced:?}");
        assert!(unpriced["GOLD"].contains("no bars"));
        // A gap in the data at the reference is the rule's error, not a later bar.
        let mut holey = b.clone();
        holey
            .get_mut("SPX")
            .unwrap()
            .retain(|x| instant_of(x.start) != t("2026-10-21T13:30:00Z"));
        let (line, unpriced) = score_line(
            &config,
            rule,
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &answers,
            &holey,
            &BTreeMap::new(),
        );
        assert!(!line.results.contains_key("SPX"));
        assert!(unpriced["SPX"].contains("reference_at"), "{unpriced:?}");

        // A run line that seals no contracts is priced by the rule of its time: each answer's
        // own Bitcoin bar, every window to 16:00 ET.
        let none = Contracts::new();
        let old = RunRule::of(&none);
        let w = bar_windows(&config, old, session, Horizon::D1, &answers);
        assert_eq!(w["BTC"].0, t("2026-10-21T12:31:00Z"));
        assert_eq!(w["TNX"].1, t("2026-10-21T20:01:00Z"));
        let (line, _) = score_line(
            &config,
            old,
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &answers,
            &b,
            &BTreeMap::new(),
        );
        assert_eq!(
            line.late_ref[&5],
            BTreeMap::from([("BTC".to_string(), 1032.0)])
        );
        assert_eq!(line.results["TNX"].close, 429.0);
    }

    #[test]
    fn a_retaken_score_that_differs_is_a_correction() {
        let t0 = t("2026-10-21T20:10:00Z");
        let line = |close: f64| {
            score_content(
                t0,
                "2026-10-21-am",
                1,
                Horizon::D1,
                &BTreeMap::from([("SPX".to_string(), (100.0, close))]),
                BTreeMap::from([(4, BTreeMap::from([("BTC".to_string(), 9.5)]))]),
            )
        };
        let sealed = line(101.0).to_object();
        assert_eq!(correction(7, &sealed, &line(101.0), t0, "x"), None);
        // A line sealed without draws is not corrected for the draw a re-take states.
        let mut drawn = line(101.0);
        drawn.results.get_mut("SPX").unwrap().draw = Some(false);
        assert_eq!(correction(7, &sealed, &drawn, t0, "x"), None);
        let c = correction(
            7,
            &sealed,
            &line(99.0),
            t("2026-10-22T20:10:00Z"),
            "league score --retake",
        )
        .unwrap();
        assert_eq!((c.of, c.source.as_str()), (7, "league score --retake"));
        let o = c.to_object();
        assert_eq!(o.get("kind").and_then(Value::as_str), Some("correction"));
        let fields = o.get("fields").and_then(Value::as_object).unwrap();
        assert_eq!(fields.get("results"), line(99.0).to_object().get("results"));
        assert_eq!(fields.get("late_ref"), sealed.get("late_ref"));
    }

    #[test]
    fn the_first_score_seals_the_band_and_the_draw_or_why_not() {
        let config = LeagueConfig::from_toml(
            b"[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n",
            "league.toml",
        )
        .unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        // The four sessions before Wednesday 2026-10-21: Thu 15 to Tue 20; Bitcoin's UTC days
        // 17 to 20.
        let w = band_bar_windows(&config, session, &BTreeMap::new());
        assert_eq!(w.len(), MARKETS.len());
        assert_eq!(
            w["SPX"],
            Ok((t("2026-10-15T13:30:00Z"), t("2026-10-20T20:00:00Z")))
        );
        assert_eq!(
            w["BTC"],
            Ok((t("2026-10-17T00:00:00Z"), t("2026-10-21T00:00:00Z")))
        );
        let sealed = BTreeMap::from([("SPX".to_string(), 0.1)]);
        assert!(!band_bar_windows(&config, session, &sealed).contains_key("SPX"));
        // A market's band is what `resolve` computes from the same bars.
        let mut band_bars = Vec::new();
        for d in ["15", "16", "19", "20"] {
            band_bars.extend(bars(
                &format!("2026-10-{d}T13:30:00Z"),
                &format!("2026-10-{d}T20:00:00Z"),
                1000.0,
            ));
        }
        let spx = market_band(&config, session, "SPX", &band_bars).unwrap();
        let common = reference_at(&config, session);
        assert_eq!(
            Ok(spx),
            draw_band(&band_bars, common, BandClock::Nyse, 4, &[]).map(|b| b.band_pct)
        );
        // Bars that miss a session give no band, with the reason.
        let short = market_band(&config, session, "SPX", &band_bars[400..]).unwrap_err();
        assert!(short.contains("2026-10-15"), "{short}");

        // SPX moves 130 -> 519 (+299%): outside any band of 0.1-0.4%; a band of 400% makes
        // it a draw. TNX has a band error, BTC no band at all.
        let b = BTreeMap::from([
            (
                "SPX".to_string(),
                bars("2026-10-21T13:00:00Z", "2026-10-21T20:01:00Z", 100.0),
            ),
            (
                "GOLD".to_string(),
                bars("2026-10-21T13:00:00Z", "2026-10-21T20:01:00Z", 100.0),
            ),
            (
                "TNX".to_string(),
                bars("2026-10-21T13:00:00Z", "2026-10-21T20:01:00Z", 10.0),
            ),
            (
                "BTC".to_string(),
                bars("2026-10-21T12:00:00Z", "2026-10-21T20:01:00Z", 1000.0),
            ),
        ]);
        let bands = BTreeMap::from([
            ("SPX".to_string(), Ok(spx)),
            ("GOLD".to_string(), Ok(400.0)),
            ("TNX".to_string(), Err(short.clone())),
        ]);
        let contracts = crate::league::contracts::run_contracts(&config, session);
        let (line, _) = score_line(
            &config,
            RunRule::of(&contracts),
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &[],
            &b,
            &bands,
        );
        assert_eq!(
            line.noise,
            BTreeMap::from([("GOLD".to_string(), 400.0), ("SPX".to_string(), spx)])
        );
        assert_eq!(line.results["SPX"].draw, Some(false));
        assert_eq!(line.results["GOLD"].draw, Some(true));
        assert_eq!(line.results["TNX"].draw, None);
        assert_eq!(line.results["BTC"].draw, None);
        assert_eq!(line.noise_missing["TNX"], short);
        assert!(line.noise_missing["BTC"].contains("no bars"));
        assert_eq!(line.noise_missing.len(), 2);
        // A later horizon re-states the sealed band.
        let mut book = crate::book::writer::BookWriter::new();
        let bytes = book.append(&line.to_object()).unwrap().bytes;
        let parsed = crate::records::book_lines::BookLines::parse(&bytes).unwrap();
        assert_eq!(sealed_bands(&parsed.scores, 1), line.noise);
        assert!(sealed_bands(&parsed.scores, 2).is_empty());
    }

    /// Every score line of every run of the session is re-taken (the counted run and the
    /// others, never another session's), each compared with its last correction when it has
    /// one; a re-take whose provider left markets out seals nothing.
    #[test]
    fn a_retake_takes_every_run_of_the_session_against_its_last_correction() {
        let book = concat!(
            r#"{"n": 1, "kind": "run", "run_id": "2026-10-20-am", "at": "2026-10-20T12:30:00Z"}"#,
            "\n",
            r#"{"n": 2, "kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z"}"#,
            "\n",
            r#"{"n": 3, "kind": "run", "run_id": "2026-10-21-pm", "at": "2026-10-21T17:30:00Z"}"#,
            "\n",
            r#"{"n": 4, "kind": "score", "of": 1, "horizon": "1d", "results": {}}"#,
            "\n",
            r#"{"n": 5, "kind": "score", "of": 2, "horizon": "1d", "results": {"SPX": {"ref": 1, "close": 2, "up": true}}}"#,
            "\n",
            r#"{"n": 6, "kind": "score", "of": 3, "horizon": "1d", "results": {"SPX": {"ref": 1, "close": 3, "up": true}}}"#,
            "\n",
            r#"{"n": 7, "kind": "correction", "of": 5, "fields": {"results": {"SPX": {"ref": 1, "close": 0.5, "up": false}}}}"#,
            "\n",
            r#"{"n": 8, "kind": "correction", "of": 5, "fields": {"results": {"SPX": {"ref": 1, "close": 4, "up": true}}}}"#,
            "\n",
        )
        .as_bytes();
        let lines = BookLines::parse(book).unwrap();
        let session = Date::parse("2026-10-21").unwrap();
        let r = retakes(book, &lines, session).unwrap();
        let got: Vec<(u64, &str, u64, Horizon)> = r
            .iter()
            .map(|r| (r.n, r.run_id.as_str(), r.of, r.horizon))
            .collect();
        assert_eq!(
            got,
            [
                (5, "2026-10-21-am", 2, Horizon::D1),
                (6, "2026-10-21-pm", 3, Horizon::D1)
            ]
        );
        let close_of = |o: &Object| {
            o.get("results")
                .and_then(Value::as_object)
                .and_then(|r| r.get("SPX"))
                .and_then(Value::as_object)
                .and_then(|s| s.get("close"))
                .cloned()
        };
        assert!(close_of(&r[0].sealed).is_some_and(|v| v.py_eq_int(4)));
        assert!(close_of(&r[1].sealed).is_some_and(|v| v.py_eq_int(3)));
        assert_eq!(
            retakes(book, &lines, Date::parse("2026-10-19").unwrap()),
            Ok(vec![])
        );

        let t0 = t("2026-10-22T20:10:00Z");
        let fresh = |close: f64| {
            score_content(
                t0,
                "2026-10-21-am",
                2,
                Horizon::D1,
                &BTreeMap::from([("SPX".to_string(), (100.0, close))]),
                BTreeMap::new(),
            )
        };
        let retake = Retake {
            sealed: fresh(101.0).to_object(),
            ..r[0].clone()
        };
        assert_eq!(retaken(&retake, &fresh(101.0), 0, t0), Retaken::Agrees);
        assert_eq!(retaken(&retake, &fresh(99.0), 1, t0), Retaken::Unfetched);
        let Retaken::Correct(c) = retaken(&retake, &fresh(99.0), 0, t0) else {
            panic!("a differing re-take is a correction");
        };
        assert_eq!((c.of, c.source.as_str()), (5, RETAKE_SOURCE));
        assert_eq!(c.at, "2026-10-22T20:10:00Z");
    }
}
