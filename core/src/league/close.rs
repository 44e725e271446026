//! The prices of a score line (spec §3.3, §3.5): for a run's horizon, each market's reference
//! and close by the published rule ([`crate::prices::rule::resolve`]: the first 1-minute bar
//! starting at or after the reference, the last bar ending by the window's end), and the
//! answers that have a reference of their own (`late_ref`):
//!
//! - every market but Bitcoin: the session's reference ([`reference_at`]);
//! - Bitcoin: the first bar at or after each answer line's seal (`max(at, booked_at)`), so
//!   each answer line has its own Bitcoin reference in `late_ref`; the `results` entry is
//!   priced from the session's reference like the others;
//! - an answer sealed at or after the session's reference: its own reference for every market
//!   ([`reference_instant`]).
//!
//! A score re-taken later (prices corrected at the provider) that differs from the sealed line
//! is a new `correction` line naming the sealed one by `of` ([`correction`], spec §3.10); the
//! sealed line stays as it is.
//!
//! The window ends at the 16:00 ET close of the horizon's last session ([`horizon_end_date`],
//! calendar days for Bitcoin), the end the book's readers give the event. A market whose bars
//! do not resolve is left out of the line and named with the rule's reason, never guessed.

use crate::book::canon::{Object, Value};
use crate::calendar::{horizon_end_date, session_close, Date, Horizon, Instant};
use crate::league::config::LeagueConfig;
use crate::league::engine::score_content;
use crate::league::layout::{BITCOIN, MARKETS};
use crate::league::schedule::{reference_at, reference_instant};
use crate::prices::rule::resolve;
use crate::prices::yahoo::Bar;
use crate::score::book_lines::build::{CorrectionContent, ScoreContent};
use std::collections::BTreeMap;

/// One answer line of the run: its `n` and its sealing time `max(at, booked_at)`.
pub type SealedAnswer = (u64, Instant);

/// The end of `asset`'s window for a run of `session` over `horizon` (None outside the
/// calendar's years).
pub fn window_end(session: Date, horizon: Horizon, asset: &str) -> Option<Instant> {
    horizon_end_date(session, horizon, asset == BITCOIN).map(session_close)
}

/// The bars each market's score needs: start `[from, to)` (a minute before the earliest
/// reference, a minute after the end).
pub fn bar_windows(
    config: &LeagueConfig,
    session: Date,
    horizon: Horizon,
    answers: &[SealedAnswer],
) -> BTreeMap<&'static str, (Instant, Instant)> {
    let minute = 60 * 1_000_000;
    let common = reference_at(config, session);
    MARKETS
        .iter()
        .filter_map(|m| {
            let end = window_end(session, horizon, m)?;
            let first = answers
                .iter()
                .map(|(_, at)| reference_instant(config, session, m, *at).0)
                .chain([common])
                .min()
                .unwrap_or(common);
            Some((*m, (Instant(first.0 - minute), Instant(end.0 + minute))))
        })
        .collect()
}

/// The score line of a run's horizon from each market's bars (time ordered; a market absent
/// from `bars` is unpriced); returns the line and each unpriced market with the reason.
#[allow(clippy::too_many_arguments)]
pub fn score_line(
    config: &LeagueConfig,
    at: Instant,
    run_id: &str,
    of: u64,
    session: Date,
    horizon: Horizon,
    answers: &[SealedAnswer],
    bars: &BTreeMap<String, Vec<Bar>>,
) -> (ScoreContent, BTreeMap<String, String>) {
    let common = reference_at(config, session);
    let mut results = BTreeMap::new();
    let mut late_ref: BTreeMap<u64, BTreeMap<String, f64>> = BTreeMap::new();
    let mut unpriced = BTreeMap::new();
    for m in MARKETS {
        let Some(end) = window_end(session, horizon, m) else {
            unpriced.insert(
                m.to_string(),
                "the calendar does not cover the window".into(),
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
            }
            Err(e) => {
                unpriced.insert(m.to_string(), e.to_string());
                continue;
            }
        }
        for (n, sealed) in answers {
            let (own, late) = reference_instant(config, session, m, *sealed);
            if !(late || m == BITCOIN) {
                continue;
            }
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
    (
        score_content(at, run_id, of, horizon, &results, late_ref),
        unpriced,
    )
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
    fn common_late_and_bitcoin_references() {
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
        ]);
        let answers = [
            (5, t("2026-10-21T12:31:10Z")),
            (9, t("2026-10-21T13:35:00Z")),
        ];
        let w = bar_windows(&config, session, Horizon::D1, &answers);
        assert_eq!(
            w["SPX"],
            (t("2026-10-21T13:29:00Z"), t("2026-10-21T20:01:00Z"))
        );
        assert_eq!(w["BTC"].0, t("2026-10-21T12:31:00Z"));
        let (line, unpriced) = score_line(
            &config,
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &answers,
            &b,
        );
        // SPX: reference the 13:30 bar (100 + 30), close the 19:59 bar (100 + 419).
        assert_eq!(line.results["SPX"].reference, 130.0);
        assert_eq!(line.results["SPX"].close, 519.0);
        assert_eq!(line.results["SPX"].up, Some(true));
        // Bitcoin: each answer from the first bar after its seal (12:32 and 13:35).
        assert_eq!(
            line.late_ref[&5],
            BTreeMap::from([("BTC".to_string(), 1032.0)])
        );
        // The late answer: its own SPX reference (13:35 bar) too.
        assert_eq!(
            line.late_ref[&9],
            BTreeMap::from([("BTC".to_string(), 1095.0), ("SPX".to_string(), 135.0)])
        );
        assert_eq!(unpriced.len(), 10, "{unpriced:?}");
        assert!(unpriced["GOLD"].contains("no bars"));
        // A gap in the data at the reference is the rule's error, not a later bar.
        let mut holey = b.clone();
        holey
            .get_mut("SPX")
            .unwrap()
            .retain(|x| instant_of(x.start) != t("2026-10-21T13:30:00Z"));
        let (line, unpriced) = score_line(
            &config,
            t("2026-10-21T20:10:00Z"),
            "2026-10-21-am",
            1,
            session,
            Horizon::D1,
            &answers,
            &holey,
        );
        assert!(!line.results.contains_key("SPX"));
        assert!(unpriced["SPX"].contains("reference_at"), "{unpriced:?}");
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
}
