//! The experiment's published analysis (spec §6.2, §6.4, §8 F28/F29), computed from the
//! stored records and the sessions' council and outcomes. The same function feeds
//! `GET /api/experiment/stats`, `sealbook experiment stats` and the league file's
//! `experiment` key, so the page and the CLI show one set of numbers.
//!
//! Definitions (each figure per group; `g0` is the seeing group, `g1` the blind one):
//!
//! - *identifiers*: readers assigned to the group; *contributing*: those with a first forecast.
//! - *first forecasts*: forecasts marked `first` (a `single` or `private` call, §6.3);
//!   *scored*: those whose session and market have an outcome.
//! - *return rate*: contributing identifiers with first forecasts in two or more sessions,
//!   over contributing identifiers (§6.4).
//! - *hit rate*: scored first forecasts whose direction is the outcome's; *Brier*: the mean of
//!   `(p - o)^2` with `p` the confidence read as the probability of the chosen side (§6.2).
//! - *time to first forecast*: per identifier and session with a recorded visit, seconds from
//!   the first view of the session to its first forecast there; the median (the mean of the two
//!   middle values for an even count) and the count.
//! - *calibration*: scored first forecasts in confidence bins 55-64, 65-74, 75-84, 85-95: the
//!   mean stated confidence beside the hit rate (overconfidence, §6.2).
//! - *anchoring*: first forecasts on a market whose consensus is not exactly 50%, the share
//!   whose direction is the consensus direction (§6.2).
//! - *peeks*: recorded peeks (identifier × session) and the identifiers that peeked; analysed as
//!   assigned (§6.2: a peek is non-compliance, the reader stays in its group).
//! - *reset share*: identifiers flagged as resets over identifiers (§6.3).
//! - *weighted Brier* (the primary outcome): per market, each group's mean Brier of scored first
//!   forecasts, weighted by the smaller group's count on that market; the difference is
//!   blind minus seeing (§6.2).
//! - *revision protocol* (§6.4): per reader × session × market, the first `private` call and the
//!   first `final` call after it, scored; per arm the mean Brier change final minus private; the
//!   primary outcome is the council arm's mean change minus the control arm's. The move toward
//!   the council (`(p_final - p_private)` signed toward the consensus direction, probability
//!   units) per arm, split by sessions where the consensus direction was right and wrong.
//! - *registered readings* (§8, F28, F29): read once both groups have [`READING_N`] scored first
//!   forecasts, on each group's first [`READING_N`] by receipt time (ties by identifier, then
//!   market): F28 the weighted Brier difference (blind minus seeing), compared with the
//!   registered 0.01 threshold as a point estimate; F29 the anchoring share difference (seeing
//!   minus blind). Until then `value` is null and `available` counts each group.

use super::council;
use super::{Direction, Forecast, Group, Peek, Reader, ReaderId, Stage, Visit};
use crate::calendar::{Date, Instant};
use crate::records::book_lines::BookLines;
use crate::score::brier::brier;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The data-dictionary label of requirement 16: which group is blind.
pub const GROUP_LABEL: &str = "g0: seeing (shown the council's sealed answers at once); \
g1: blind (shown them only after its first forecast of the session)";

/// What the registered readings F28 and F29 measure, in words (§6.2, §8).
pub const F28_MEASURE: &str = "weighted Brier of first forecasts, blind minus seeing";
/// What F29 measures (§6.2 anchoring, §8).
pub const F29_MEASURE: &str = "anchoring share of first forecasts, seeing minus blind";

/// First forecasts per group at which F28 and F29 are read (§6.2, §8).
pub const READING_N: usize = 200;

/// F28's registered threshold, Brier points (§8.4: a point estimate against 0.01).
pub const F28_THRESHOLD: f64 = 0.01;

/// Confidence bins of the calibration table, inclusive percent bounds.
pub const CONFIDENCE_BINS: [(u8, u8); 4] = [(55, 64), (65, 74), (75, 84), (85, 95)];

/// What is known of a session's markets: the council's consensus (probability of up, 0-1) and
/// the outcome (strictly up), each where there is one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionFacts {
    /// The NYSE session.
    #[serde(with = "super::session_date")]
    pub session: Date,
    /// The council's consensus per market code, probability of up in 0-1 (markets without one left
    /// out).
    pub consensus: BTreeMap<String, f64>,
    /// The outcome per market code: true when the market closed strictly up (resolved markets
    /// only).
    pub outcomes: BTreeMap<String, bool>,
}

/// Everything the analysis reads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dataset {
    /// Every reader identifier with its group.
    pub readers: Vec<Reader>,
    /// Every first view of a session's page.
    pub visits: Vec<Visit>,
    /// Every stored forecast, all stages.
    pub forecasts: Vec<Forecast>,
    /// Every blind reader's peek at the council before its first forecast.
    pub peeks: Vec<Peek>,
    /// The council and outcomes of each session the forecasts name.
    pub sessions: Vec<SessionFacts>,
}

/// A share of a count: how many were counted and the fraction that qualified.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// Number counted (the denominator).
    pub n: usize,
    /// Fraction in 0-1 that qualified; None when `n` is 0.
    pub share: Option<f64>,
}

/// A median with its count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Median {
    /// Number of values.
    pub n: usize,
    /// The median (mean of the two middle values for an even count); None when `n` is 0.
    pub median: Option<f64>,
}

/// One confidence bin of the calibration table (§6.2: stated confidence against hit rate).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CalibrationBin {
    /// Lowest confidence in the bin, integer percent (inclusive).
    pub lo: u8,
    /// Highest confidence in the bin, integer percent (inclusive).
    pub hi: u8,
    /// Scored first forecasts in the bin.
    pub n: usize,
    /// Mean stated confidence of the bin's forecasts, percent; None when empty.
    pub mean_confidence: Option<f64>,
    /// Fraction of the bin's forecasts whose side was the outcome; None when empty.
    pub hit_rate: Option<f64>,
}

/// One group's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupStats {
    /// Which group: `g0` is seeing, `g1` blind.
    pub group: Group,
    /// Reader identifiers assigned to the group.
    pub identifiers: usize,
    /// Identifiers with at least one first forecast.
    pub contributing: usize,
    /// First forecasts (`single` or `private` calls marked `first`, §6.3).
    pub first_forecasts: usize,
    /// First forecasts whose session and market have an outcome.
    pub scored: usize,
    /// Contributing identifiers with first forecasts in two or more sessions, over contributing
    /// identifiers (§6.4).
    pub return_rate: Option<f64>,
    /// Fraction of scored first forecasts whose side was the outcome.
    pub hit_rate: Option<f64>,
    /// Mean Brier score of scored first forecasts, confidence read as the probability of the chosen
    /// side (§6.2).
    pub brier: Option<f64>,
    /// Mean stated confidence of first forecasts, percent.
    pub mean_confidence: Option<f64>,
    /// Seconds from the first view of a session to the first forecast there, per identifier and
    /// session.
    pub time_to_first_forecast_s: Median,
    /// The calibration table, one entry per [`CONFIDENCE_BINS`] bin.
    pub calibration: Vec<CalibrationBin>,
    /// First forecasts on markets with a consensus not exactly 50%, and the share on the consensus
    /// side (§6.2).
    pub anchoring: Share,
    /// Peeks recorded (identifier x session).
    pub peeks: usize,
    /// Identifiers that peeked at least once.
    pub peek_identifiers: usize,
    /// Identifiers flagged as resets (§6.3).
    pub resets: usize,
    /// Resets over identifiers; None without identifiers.
    pub reset_share: Option<f64>,
}

/// The primary outcome: the Brier of first forecasts by group, weighted per market.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeightedBrier {
    /// Seeing group's weighted mean Brier of scored first forecasts; None without a matched market.
    pub g0: Option<f64>,
    /// Blind group's weighted mean Brier of scored first forecasts.
    pub g1: Option<f64>,
    /// g1 minus g0 (blind minus seeing).
    pub difference: Option<f64>,
    /// The sum of the per-market weights (matched first forecasts per group).
    pub weight: usize,
}

/// The mean move toward the council's consensus between a private and a final call (§6.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    /// Scored pairs whose market had a consensus direction.
    pub n: usize,
    /// Mean of `p_final - p_private` signed toward the consensus direction, in probability units
    /// (0-1).
    pub mean_move: Option<f64>,
}

/// One arm's figures in the revision protocol (§6.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmStats {
    /// Scored private/final pairs.
    pub n: usize,
    /// Mean Brier change, final minus private (negative: the final call was better).
    pub mean_brier_change: Option<f64>,
    /// The move toward the council in sessions where the consensus direction was right.
    pub toward_council_right: Move,
    /// The move toward the council in sessions where it was wrong.
    pub toward_council_wrong: Move,
}

/// The revision protocol's figures (§6.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Revision {
    /// Pairs of a private and a final call, scored or not.
    pub pairs: usize,
    /// The council arm.
    pub council: ArmStats,
    /// The control arm.
    pub control: ArmStats,
    /// Council arm's mean Brier change minus the control arm's.
    pub primary: Option<f64>,
}

/// Scored first forecasts available in each group, towards [`READING_N`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Available {
    /// Seeing group.
    pub g0: usize,
    /// Blind group.
    pub g1: usize,
}

/// One registered reading (§8, F28 or F29), read on each group's first [`READING_N`] scored first
/// forecasts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// What the reading measures, in words.
    pub measure: String,
    /// First forecasts per group the reading is taken on ([`READING_N`]).
    pub n_per_group: usize,
    /// Scored first forecasts so far in each group.
    pub available: Available,
    /// The difference once both groups have enough; None until then.
    pub value: Option<f64>,
    /// The registered threshold (F28: [`F28_THRESHOLD`]); None for F29.
    pub threshold: Option<f64>,
}

/// The registered readings F28 and F29 (§8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Registered {
    /// F28: weighted Brier, blind minus seeing.
    #[serde(rename = "F28")]
    pub f28: Reading,
    /// F29: anchoring share, seeing minus blind.
    #[serde(rename = "F29")]
    pub f29: Reading,
}

/// The published analysis: `GET /api/experiment/stats`, `sealbook experiment stats --json`
/// and the league file's `experiment` section (spec §6.2: "council-league.json publishes under
/// `experiment` (`g0`, `g1`) ... with the data-dictionary label").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The data-dictionary label of requirement 16, [`GROUP_LABEL`].
    pub label: String,
    /// Reader identifiers in both groups.
    pub identifiers: usize,
    /// Identifiers flagged as resets over all identifiers (§6.3); None without identifiers.
    pub reset_share: Option<f64>,
    /// The seeing group's figures.
    pub g0: GroupStats,
    /// The blind group's figures.
    pub g1: GroupStats,
    /// The primary outcome, weighted Brier by group (§6.2).
    pub brier_weighted: WeightedBrier,
    /// The revision protocol (§6.4).
    pub revision: Revision,
    /// F28 and F29 (§8).
    pub registered: Registered,
}

fn ratio(num: usize, den: usize) -> Option<f64> {
    (den > 0).then(|| num as f64 / den as f64)
}

fn mean(xs: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (mut s, mut n) = (0.0, 0usize);
    for x in xs {
        s += x;
        n += 1;
    }
    (n > 0).then(|| s / n as f64)
}

fn median(mut xs: Vec<f64>) -> Median {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let median = match n {
        0 => None,
        _ if n % 2 == 1 => Some(xs[n / 2]),
        _ => Some((xs[n / 2 - 1] + xs[n / 2]) / 2.0),
    };
    Median { n, median }
}

struct Facts<'a> {
    by_session: BTreeMap<Date, &'a SessionFacts>,
}

impl Facts<'_> {
    fn outcome(&self, f: &Forecast) -> Option<bool> {
        self.by_session
            .get(&f.session)?
            .outcomes
            .get(&f.market)
            .copied()
    }

    fn consensus_direction(&self, session: Date, market: &str) -> Option<Direction> {
        let p = *self.by_session.get(&session)?.consensus.get(market)?;
        Direction::of_prob_up(p * 100.0)
    }
}

fn hit(f: &Forecast, up: bool) -> bool {
    (f.direction == Direction::Up) == up
}

fn group_stats(
    group: Group,
    data: &Dataset,
    facts: &Facts<'_>,
    groups: &BTreeMap<&ReaderId, Group>,
) -> GroupStats {
    let in_group = |r: &ReaderId| groups.get(r) == Some(&group);
    let readers: Vec<&Reader> = data.readers.iter().filter(|r| r.group == group).collect();
    let firsts: Vec<&Forecast> = data
        .forecasts
        .iter()
        .filter(|f| f.first && in_group(&f.reader))
        .collect();
    let scored: Vec<(&Forecast, bool)> = firsts
        .iter()
        .filter_map(|f| facts.outcome(f).map(|up| (*f, up)))
        .collect();
    let mut sessions_of: BTreeMap<&ReaderId, BTreeSet<Date>> = BTreeMap::new();
    for f in &firsts {
        sessions_of.entry(&f.reader).or_default().insert(f.session);
    }
    let returning = sessions_of.values().filter(|s| s.len() >= 2).count();
    let mut first_at: BTreeMap<(&ReaderId, Date), i64> = BTreeMap::new();
    for f in &firsts {
        let e = first_at.entry((&f.reader, f.session)).or_insert(f.at.0);
        *e = (*e).min(f.at.0);
    }
    let mut visit_at: BTreeMap<(&ReaderId, Date), i64> = BTreeMap::new();
    for v in data.visits.iter().filter(|v| in_group(&v.reader)) {
        let e = visit_at.entry((&v.reader, v.session)).or_insert(v.at.0);
        *e = (*e).min(v.at.0);
    }
    let waits: Vec<f64> = first_at
        .iter()
        .filter_map(|(k, at)| visit_at.get(k).map(|v| (at - v) as f64 / 1e6))
        .filter(|s| *s >= 0.0)
        .collect();
    let calibration = CONFIDENCE_BINS
        .iter()
        .map(|&(lo, hi)| {
            let bin: Vec<&(&Forecast, bool)> = scored
                .iter()
                .filter(|(f, _)| (lo..=hi).contains(&f.confidence))
                .collect();
            CalibrationBin {
                lo,
                hi,
                n: bin.len(),
                mean_confidence: mean(bin.iter().map(|(f, _)| f.confidence as f64)),
                hit_rate: ratio(bin.iter().filter(|(f, up)| hit(f, *up)).count(), bin.len()),
            }
        })
        .collect();
    let anchored: Vec<bool> = firsts
        .iter()
        .filter_map(|f| {
            facts
                .consensus_direction(f.session, &f.market)
                .map(|d| d == f.direction)
        })
        .collect();
    let peeks: Vec<&Peek> = data.peeks.iter().filter(|p| in_group(&p.reader)).collect();
    let peek_identifiers = peeks
        .iter()
        .map(|p| &p.reader)
        .collect::<BTreeSet<_>>()
        .len();
    let resets = readers.iter().filter(|r| r.reset).count();
    GroupStats {
        group,
        identifiers: readers.len(),
        contributing: sessions_of.len(),
        first_forecasts: firsts.len(),
        scored: scored.len(),
        return_rate: ratio(returning, sessions_of.len()),
        hit_rate: ratio(
            scored.iter().filter(|(f, up)| hit(f, *up)).count(),
            scored.len(),
        ),
        brier: mean(scored.iter().map(|(f, up)| brier(f.prob_up_pct(), *up))),
        mean_confidence: mean(firsts.iter().map(|f| f.confidence as f64)),
        time_to_first_forecast_s: median(waits),
        calibration,
        anchoring: Share {
            n: anchored.len(),
            share: ratio(anchored.iter().filter(|a| **a).count(), anchored.len()),
        },
        peeks: peeks.len(),
        peek_identifiers,
        resets,
        reset_share: ratio(resets, readers.len()),
    }
}

/// Count and Brier sum per market.
fn per_market<'a>(xs: &[(&'a Forecast, bool)]) -> BTreeMap<&'a str, (usize, f64)> {
    let mut m: BTreeMap<&str, (usize, f64)> = BTreeMap::new();
    for (f, up) in xs {
        let e = m.entry(f.market.as_str()).or_insert((0, 0.0));
        e.0 += 1;
        e.1 += brier(f.prob_up_pct(), *up);
    }
    m
}

/// The weighted Brier of two groups' scored first forecasts (§6.2).
fn weighted_brier(g0: &[(&Forecast, bool)], g1: &[(&Forecast, bool)]) -> WeightedBrier {
    let (m0, m1) = (per_market(g0), per_market(g1));
    let (mut w, mut s0, mut s1) = (0usize, 0.0, 0.0);
    for (market, (n0, sum0)) in &m0 {
        let Some((n1, sum1)) = m1.get(market) else {
            continue;
        };
        let wm = (*n0).min(*n1);
        w += wm;
        s0 += wm as f64 * (sum0 / *n0 as f64);
        s1 += wm as f64 * (sum1 / *n1 as f64);
    }
    let (b0, b1) = if w > 0 {
        (Some(s0 / w as f64), Some(s1 / w as f64))
    } else {
        (None, None)
    };
    WeightedBrier {
        g0: b0,
        g1: b1,
        difference: b0.zip(b1).map(|(a, b)| b - a),
        weight: w,
    }
}

fn revision(data: &Dataset, facts: &Facts<'_>) -> Revision {
    type Cell<'a> = (&'a ReaderId, Date, &'a str);
    let mut sorted: Vec<&Forecast> = data.forecasts.iter().collect();
    sorted.sort_by_key(|f| f.at);
    let mut private: BTreeMap<Cell<'_>, &Forecast> = BTreeMap::new();
    let mut fin: BTreeMap<Cell<'_>, &Forecast> = BTreeMap::new();
    for f in sorted {
        let cell = (&f.reader, f.session, f.market.as_str());
        match f.stage {
            Stage::Private => {
                private.entry(cell).or_insert(f);
            }
            Stage::Final if private.contains_key(&cell) => {
                fin.entry(cell).or_insert(f);
            }
            _ => {}
        }
    }
    let mut changes: BTreeMap<super::Arm, Vec<f64>> = BTreeMap::new();
    let mut moves: BTreeMap<(super::Arm, bool), Vec<f64>> = BTreeMap::new();
    for (cell, last) in &fin {
        let first = private[cell];
        let Some(arm) = first.arm else { continue };
        let Some(up) = facts.outcome(first) else {
            continue;
        };
        changes
            .entry(arm)
            .or_default()
            .push(brier(last.prob_up_pct(), up) - brier(first.prob_up_pct(), up));
        if let Some(d) = facts.consensus_direction(first.session, &first.market) {
            let sign = if d == Direction::Up { 1.0 } else { -1.0 };
            let right = (d == Direction::Up) == up;
            moves
                .entry((arm, right))
                .or_default()
                .push(sign * (last.prob_up_pct() - first.prob_up_pct()) / 100.0);
        }
    }
    let arm_stats = |arm: super::Arm| -> ArmStats {
        let c = changes.get(&arm).map_or(&[][..], Vec::as_slice);
        let mv = |right| {
            let m = moves.get(&(arm, right)).map_or(&[][..], Vec::as_slice);
            Move {
                n: m.len(),
                mean_move: mean(m.iter().copied()),
            }
        };
        ArmStats {
            n: c.len(),
            mean_brier_change: mean(c.iter().copied()),
            toward_council_right: mv(true),
            toward_council_wrong: mv(false),
        }
    };
    let council = arm_stats(super::Arm::Council);
    let control = arm_stats(super::Arm::Control);
    Revision {
        pairs: fin.len(),
        primary: council
            .mean_brier_change
            .zip(control.mean_brier_change)
            .map(|(a, b)| a - b),
        council,
        control,
    }
}

/// The facts of `session` from the book (spec §6.2): the consensus of its latest run's sealed
/// 1d answers (with the roster's `families`) and the outcomes of that run's 1d score line,
/// as known `as_of` (no outcomes before the session closes).
pub fn session_facts(
    lines: &BookLines,
    families: &[(String, String)],
    session: Date,
    as_of: council::AsOf,
) -> SessionFacts {
    let mut f = SessionFacts {
        session,
        consensus: Default::default(),
        outcomes: Default::default(),
    };
    if let Some(run) = council::latest_run(lines, Some(session), as_of) {
        if let Some(c) = run
            .run_id
            .as_deref()
            .and_then(|id| council::council_of_run(lines, families, id, as_of))
        {
            f.consensus = c
                .consensus
                .into_iter()
                .map(|(m, c)| (m, c.prob_up))
                .collect();
        }
        if as_of.closed(session) {
            f.outcomes = council::outcomes_of_run(lines, run);
        }
    }
    f
}

/// The sessions `data` has a forecast in: those whose facts the analysis reads.
fn forecast_sessions(data: &Dataset) -> BTreeSet<Date> {
    data.forecasts.iter().map(|f| f.session).collect()
}

/// Until when the analysis of `data` with the book's `lines` as known at `now` stays what it
/// is at `now` ([`council::known_until`] over the sessions whose facts it reads): a cached
/// analysis may be served for any later instant before it. None: as long as the records and
/// the book stay the same.
pub fn analysis_known_until(data: &Dataset, lines: &BookLines, now: Instant) -> Option<Instant> {
    council::known_until(lines, forecast_sessions(data), now)
}

/// `data` with the facts of every session it has a forecast in, from the book as known
/// `as_of` (replacing any it held): the analysis' whole input, as `sealbook experiment export
/// --dataset` writes it.
pub fn with_book_facts(
    mut data: Dataset,
    lines: &BookLines,
    families: &[(String, String)],
    as_of: council::AsOf,
) -> Dataset {
    data.sessions = forecast_sessions(&data)
        .into_iter()
        .map(|s| session_facts(lines, families, s, as_of))
        .collect();
    data
}

/// Why a dataset file (`sealbook experiment export --dataset`) cannot be read (spec §6.2):
/// the file, the JSON position and the JSON reader's own words. `Display` is the CLI's
/// English; the Scores page renders it in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DatasetError {
    /// The dataset file's name as the caller gave it.
    pub file: String,
    /// 1-based line of the JSON error.
    pub line: usize,
    /// 1-based column of the JSON error.
    pub column: usize,
    /// The JSON reader's own sentence.
    pub detail: String,
}

impl fmt::Display for DatasetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: line {}, column {}: not an experiment dataset: {}",
            self.file, self.line, self.column, self.detail
        )
    }
}

impl std::error::Error for DatasetError {}

/// A dataset file (`sealbook experiment export --dataset`) read back, or why not, naming
/// `file`.
pub fn parse_dataset(bytes: &[u8], file: &str) -> Result<Dataset, DatasetError> {
    serde_json::from_slice(bytes).map_err(|e| DatasetError {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    })
}

/// The analysis of `data` (§6.2, §6.4, F28, F29).
pub fn analyse(data: &Dataset) -> Analysis {
    let facts = Facts {
        by_session: data.sessions.iter().map(|s| (s.session, s)).collect(),
    };
    let groups: BTreeMap<&ReaderId, Group> =
        data.readers.iter().map(|r| (&r.reader, r.group)).collect();
    let g0 = group_stats(Group::Seeing, data, &facts, &groups);
    let g1 = group_stats(Group::Blind, data, &facts, &groups);
    let scored_of = |g: Group| {
        let mut v: Vec<(&Forecast, bool)> = data
            .forecasts
            .iter()
            .filter(|f| f.first && groups.get(&f.reader) == Some(&g))
            .filter_map(|f| facts.outcome(f).map(|up| (f, up)))
            .collect();
        v.sort_by(|a, b| {
            (a.0.at, &a.0.reader, &a.0.market).cmp(&(b.0.at, &b.0.reader, &b.0.market))
        });
        v
    };
    let (s0, s1) = (scored_of(Group::Seeing), scored_of(Group::Blind));
    let brier_weighted = weighted_brier(&s0, &s1);
    let read = s0.len() >= READING_N && s1.len() >= READING_N;
    let available = || Available {
        g0: s0.len(),
        g1: s1.len(),
    };
    let anchoring = |xs: &[(&Forecast, bool)]| {
        let a: Vec<bool> = xs
            .iter()
            .filter_map(|(f, _)| {
                facts
                    .consensus_direction(f.session, &f.market)
                    .map(|d| d == f.direction)
            })
            .collect();
        ratio(a.iter().filter(|x| **x).count(), a.len())
    };
    let (f28, f29) = if read {
        let (c0, c1) = (&s0[..READING_N], &s1[..READING_N]);
        (
            weighted_brier(c0, c1).difference,
            anchoring(c0).zip(anchoring(c1)).map(|(a, b)| a - b),
        )
    } else {
        (None, None)
    };
    let identifiers = data.readers.len();
    Analysis {
        label: GROUP_LABEL.into(),
        identifiers,
        reset_share: ratio(data.readers.iter().filter(|r| r.reset).count(), identifiers),
        g0,
        g1,
        brier_weighted,
        revision: revision(data, &facts),
        registered: Registered {
            f28: Reading {
                measure: F28_MEASURE.into(),
                n_per_group: READING_N,
                available: available(),
                value: f28,
                threshold: Some(F28_THRESHOLD),
            },
            f29: Reading {
                measure: F29_MEASURE.into(),
                n_per_group: READING_N,
                available: available(),
                value: f29,
                threshold: None,
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::Arm;
    use super::*;

    fn reader(i: u8, group: Group, reset: bool) -> Reader {
        Reader {
            reader: ReaderId::from_random([i; 16]),
            group,
            created_at: Instant(0),
            reset,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn fc(
        i: u8,
        market: &str,
        dir: Direction,
        c: u8,
        stage: Stage,
        first: bool,
        arm: Option<Arm>,
        at: i64,
    ) -> Forecast {
        Forecast {
            reader: ReaderId::from_random([i; 16]),
            session: Date::parse("2026-12-03").unwrap(),
            market: market.into(),
            direction: dir,
            confidence: c,
            stage,
            at: Instant(at * 1_000_000),
            first,
            arm,
        }
    }

    #[test]
    fn small_hand_computed_case() {
        use Direction::*;
        let session = Date::parse("2026-12-03").unwrap();
        let data = Dataset {
            readers: vec![
                reader(1, Group::Seeing, false),
                reader(2, Group::Blind, true),
                reader(3, Group::Blind, false),
            ],
            visits: vec![Visit {
                reader: ReaderId::from_random([2; 16]),
                session,
                at: Instant(10_000_000),
            }],
            forecasts: vec![
                fc(1, "SPX", Up, 80, Stage::Single, true, None, 5),
                fc(1, "SPX", Down, 60, Stage::Single, false, None, 6),
                fc(2, "SPX", Down, 70, Stage::Single, true, None, 40),
                fc(
                    2,
                    "GOLD",
                    Up,
                    60,
                    Stage::Private,
                    true,
                    Some(Arm::Council),
                    50,
                ),
                fc(
                    2,
                    "GOLD",
                    Up,
                    90,
                    Stage::Final,
                    false,
                    Some(Arm::Council),
                    60,
                ),
            ],
            peeks: vec![],
            sessions: vec![SessionFacts {
                session,
                consensus: [("SPX".to_owned(), 0.6), ("GOLD".to_owned(), 0.7)].into(),
                outcomes: [("SPX".to_owned(), true), ("GOLD".to_owned(), true)].into(),
            }],
        };
        let a = analyse(&data);
        assert_eq!(
            (a.g0.identifiers, a.g1.identifiers, a.identifiers),
            (1, 2, 3)
        );
        assert_eq!((a.g0.first_forecasts, a.g1.first_forecasts), (1, 2));
        assert_eq!(a.g0.hit_rate, Some(1.0));
        assert_eq!(a.g1.hit_rate, Some(0.5));
        assert!((a.g0.brier.unwrap() - 0.04).abs() < 1e-12);
        assert_eq!(
            a.g1.time_to_first_forecast_s,
            Median {
                n: 1,
                median: Some(30.0)
            }
        );
        assert_eq!(a.g1.reset_share, Some(0.5));
        // SPX only is matched: weight min(1, 1).
        assert_eq!(a.brier_weighted.weight, 1);
        assert!((a.brier_weighted.difference.unwrap() - (0.49 - 0.04)).abs() < 1e-12);
        assert_eq!(
            a.g1.anchoring,
            Share {
                n: 2,
                share: Some(0.5)
            }
        );
        assert_eq!(a.revision.pairs, 1);
        assert!((a.revision.council.mean_brier_change.unwrap() - (0.01 - 0.16)).abs() < 1e-12);
        assert!((a.revision.council.toward_council_right.mean_move.unwrap() - 0.3).abs() < 1e-12);
        assert_eq!(a.revision.primary, None);
        assert_eq!(a.registered.f28.value, None);
    }
}
