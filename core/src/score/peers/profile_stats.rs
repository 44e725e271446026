//! The stats documents of the peer profiles (`sealbook score --profile agentpit|ladder|arena`),
//! one per profile, computed from the records files of [`super::records`] by the peer seeds'
//! rules ([`super::agentpit`], [`super::ladder`], [`super::arena`]). Every figure carries its
//! n and its interval, or the reason it has none ([`Figure`]). Intervals are percentile
//! bootstraps of the mean through [`StatsSeams::iid_bootstrap`] ([`super::super::seams::CoreStats`]:
//! numpy `default_rng(seed)` draws, `rng.integers(0, n, size=n)` per resample,
//! `np.percentile`); each interval draws from a fresh generator with the seed the document
//! states, so figures over the same items (an agent's Brier and the crowd's on its markets)
//! are resampled with the same indices.
//!
//! - agentpit (seeds 001/003), per agent: mean multi-outcome Brier with its 95% interval; the
//!   crowd's mean Brier on the same markets; the mean of (agent - crowd) with its 95%
//!   interval, the two-sided sign test, and a verdict (better / worse / inconclusive) only
//!   from an interval; counts of missing forecasts apart from infrastructure failures (not
//!   counted as missing); bet P&L totals (payout - tokens spent).
//! - ladder (seed 002), per model: Brier, the market's Brier on the same answered questions and
//!   edge = market - model, each with the 90% interval from 600 resamples; whether the edge
//!   interval excludes zero; the league score (skipped resolved questions at 0.50), coverage,
//!   PROVISIONAL under 10 resolved; returns with sized stakes; the same per category.
//!   Annulled questions are scored for nobody.
//! - arena (seed 004), per agent: directional score mean, accuracy, the Brier diagnostic (vectors
//!   verbatim, legacy pairs split), Normal CRPS raw and on the 0-100 display, settled count and
//!   the 30-settlement gate; cancelled and open challenges excluded. Seed 004 states no
//!   interval, so none is computed and each figure says so.

use super::super::mean;
use super::super::notes::Note;
use super::super::seams::StatsSeams;
use super::agentpit::{bet_pnl, crowd_verdict, multi_brier, CrowdVerdict};
use super::arena::{accuracy, crps_display, leaderboard_eligible, SETTLEMENT_GATE};
use super::ladder::{ladder_score, returns, Question, Resolution, Returns, BOOTSTRAP_RESAMPLES};
use super::records::{
    read_agentpit, read_arena, read_ladder, AgentpitRecord, ArenaRecord, ArenaStatus, Encoding,
    LadderForecast, Missing, RecordError,
};
use super::Profile;
use crate::stats::crps::crps_gaussian;
use crate::stats::sign_test::sign_test;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Seed of every agentpit interval (the first day of season 1 under seed 001's rules).
pub const AGENTPIT_SEED: u64 = 20261009;
/// Resamples of every agentpit interval (seed 001 does not say; the council's count, §8).
pub const AGENTPIT_RESAMPLES: usize = 10_000;
/// Seed of every ladder interval (the day seed 002's intervals began).
pub const LADDER_SEED: u64 = 20260917;

/// The generator every interval of a peer document draws from; `Display` is the document's
/// English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// numpy's default generator ([`Generator::NUMPY`]) seeded with the document's seed,
    /// fresh for each interval.
    NumpyFresh,
}

impl Generator {
    /// The numpy call that makes the generator.
    pub const NUMPY: &'static str = "numpy.random.default_rng(seed) (PCG64, SeedSequence)";
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Generator::NumpyFresh => write!(f, "{}, fresh for each interval", Generator::NUMPY),
        }
    }
}

/// How the intervals of a document were drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BootstrapSpec {
    pub generator: Note<Generator>,
    pub seed: u64,
    pub resamples: usize,
    pub level: f64,
    pub method: String,
}

impl BootstrapSpec {
    fn new(seed: u64, resamples: usize, level: f64) -> Self {
        BootstrapSpec {
            generator: Note::Msg(Generator::NumpyFresh),
            seed,
            resamples,
            level,
            method: "iid resamples rng.integers(0, n, size=n), mean of each, np.percentile at 50 -/+ 50*level".into(),
        }
    }
}

/// Why a peer figure has no value or no interval, or an agent no verdict: a message id with
/// its arguments, so that the page says it in the reader's language. `Display` is the English;
/// in the document (JSON) the note is that English, and it is read back from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerNote {
    /// No value went into the mean.
    NoValues,
    /// Fewer values than an interval needs ([`MIN_INTERVAL_N`]).
    TooFewForInterval { min: usize },
    /// The bootstrap drew no interval.
    NoBootstrap,
    /// agentpit: a verdict comes only from the interval of the mean difference.
    NoVerdict,
    /// ladder: seed 002 puts intervals on Brier and edge only.
    LadderIntervals,
    /// arena: seed 004 states no interval.
    ArenaNoInterval,
}

impl fmt::Display for PeerNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerNote::NoValues => f.write_str("no values to score"),
            PeerNote::TooFewForInterval { min } => {
                write!(f, "an interval needs at least {min} values")
            }
            PeerNote::NoBootstrap => f.write_str("the bootstrap gave no interval"),
            PeerNote::NoVerdict => f.write_str("no interval of the mean difference, so no verdict"),
            PeerNote::LadderIntervals => {
                f.write_str("seed 002 puts intervals on Brier and edge only")
            }
            PeerNote::ArenaNoInterval => f.write_str(ARENA_NO_INTERVAL),
        }
    }
}

impl std::str::FromStr for PeerNote {
    type Err = String;

    /// The note whose English is `s`.
    fn from_str(s: &str) -> Result<PeerNote, String> {
        let fixed = [
            PeerNote::NoValues,
            PeerNote::NoBootstrap,
            PeerNote::NoVerdict,
            PeerNote::LadderIntervals,
            PeerNote::ArenaNoInterval,
        ];
        if let Some(n) = fixed.into_iter().find(|n| n.to_string() == s) {
            return Ok(n);
        }
        s.strip_prefix("an interval needs at least ")
            .and_then(|r| r.strip_suffix(" values"))
            .and_then(|n| n.parse().ok())
            .map(|min| PeerNote::TooFewForInterval { min })
            .ok_or_else(|| format!("{s:?} is not a note of a peer figure"))
    }
}

impl Serialize for PeerNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PeerNote {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PeerNote, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A mean with its n and its interval, or why it has none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub value: Option<f64>,
    pub n: usize,
    pub interval: Option<(f64, f64)>,
    /// Why `value` or `interval` is absent.
    pub note: Option<PeerNote>,
}

/// Intervals need at least this many values (one value resamples to itself).
pub const MIN_INTERVAL_N: usize = 2;

impl Figure {
    fn of(value: Option<f64>, n: usize, interval: Result<(f64, f64), PeerNote>) -> Figure {
        match (value, interval) {
            (None, _) => Figure {
                value,
                n,
                interval: None,
                note: Some(PeerNote::NoValues),
            },
            (Some(_), Ok(ci)) => Figure {
                value,
                n,
                interval: Some(ci),
                note: None,
            },
            (Some(_), Err(reason)) => Figure {
                value,
                n,
                interval: None,
                note: Some(reason),
            },
        }
    }

    /// The mean of `values` with the bootstrap interval of `boot`.
    fn bootstrapped(values: &[f64], boot: &BootstrapSpec, stats: &dyn StatsSeams) -> Figure {
        Figure::of(
            mean(values.iter().copied()),
            values.len(),
            interval(values, boot, stats),
        )
    }

    /// The mean of `values` without an interval, for `reason`.
    fn plain(values: &[f64], reason: PeerNote) -> Figure {
        Figure::of(mean(values.iter().copied()), values.len(), Err(reason))
    }
}

fn interval(
    values: &[f64],
    boot: &BootstrapSpec,
    stats: &dyn StatsSeams,
) -> Result<(f64, f64), PeerNote> {
    if values.len() < MIN_INTERVAL_N {
        return Err(PeerNote::TooFewForInterval {
            min: MIN_INTERVAL_N,
        });
    }
    stats
        .iid_bootstrap(values, boot.resamples, boot.level, boot.seed)
        .ok_or(PeerNote::NoBootstrap)
}

// ---------------------------------------------------------------------------------------------
// agentpit
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentpitStats {
    pub profile: Profile,
    /// Records read.
    pub records: usize,
    pub bootstrap: BootstrapSpec,
    pub agents: BTreeMap<String, AgentpitAgent>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentpitAgent {
    /// The models the runs reported.
    pub model_ids: BTreeSet<String>,
    /// Counted forecast records.
    pub forecasts: usize,
    /// Answered and resolved: the markets scored.
    pub scored: usize,
    /// Answered, market not resolved yet.
    pub unresolved: usize,
    /// No forecast from the agent (counted as missing).
    pub missing: usize,
    /// No forecast because the infrastructure failed (not counted as missing).
    pub infrastructure_failures: usize,
    /// Forecast and bet records outside the neutral tables (`counted: false`).
    pub not_counted: usize,
    /// Answered / (answered + missing).
    pub coverage: Option<f64>,
    /// Mean multi-outcome Brier `1/2 sum (p - y)^2` over the scored markets, 95% interval.
    pub brier: Figure,
    /// The crowd (market price at sweep time) on the same markets, same resamples.
    pub crowd_brier: Figure,
    pub vs_crowd: VsCrowd,
    pub bets: Bets,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VsCrowd {
    /// Mean of (agent Brier - crowd Brier) per market; negative: the agent did better.
    pub mean_difference: Figure,
    pub sign_test: SignTestResult,
    /// Only from an interval: better (below zero), worse (above), else inconclusive.
    pub verdict: Option<CrowdVerdict>,
    pub verdict_note: Option<PeerNote>,
}

/// The two-sided exact sign test over the per-market differences (ties dropped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SignTestResult {
    /// Markets where the agent's Brier was lower than the crowd's.
    pub agent_better: u64,
    pub crowd_better: u64,
    pub ties: u64,
    /// `scipy.stats.binomtest(agent_better, agent_better + crowd_better, 0.5).pvalue`; 1
    /// without a non-tied market.
    pub p_value: f64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bets {
    /// Counted bets.
    pub placed: usize,
    pub settled: usize,
    pub won: usize,
    pub unresolved: usize,
    /// Tokens spent on settled bets.
    pub staked: f64,
    /// Tokens paid out on settled bets.
    pub payout: f64,
    /// payout - staked.
    pub pnl: f64,
}

/// The agentpit document from the records.
pub fn agentpit_stats(records: &[AgentpitRecord], stats: &dyn StatsSeams) -> AgentpitStats {
    let boot = BootstrapSpec::new(AGENTPIT_SEED, AGENTPIT_RESAMPLES, 0.95);
    #[derive(Default)]
    struct Acc {
        models: BTreeSet<String>,
        forecasts: usize,
        unresolved: usize,
        missing: usize,
        infrastructure: usize,
        not_counted: usize,
        agent: Vec<f64>,
        crowd: Vec<f64>,
        bets: Bets,
    }
    let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
    for r in records {
        let (agent, model, counted) = match r {
            AgentpitRecord::Forecast(f) => (&f.agent, &f.model_id, f.counted),
            AgentpitRecord::Bet(b) => (&b.agent, &b.model_id, b.counted),
        };
        let a = acc.entry(agent.clone()).or_default();
        a.models.extend(model.iter().cloned());
        if !counted {
            a.not_counted += 1;
            continue;
        }
        match r {
            AgentpitRecord::Forecast(f) => {
                a.forecasts += 1;
                match (&f.probabilities, f.winner) {
                    (None, _) if f.missing == Some(Missing::Infrastructure) => {
                        a.infrastructure += 1
                    }
                    (None, _) => a.missing += 1,
                    (Some(_), None) => a.unresolved += 1,
                    (Some(p), Some(w)) => {
                        a.agent
                            .push(multi_brier(p, w).expect("checked by the reader"));
                        a.crowd
                            .push(multi_brier(&f.crowd, w).expect("checked by the reader"));
                    }
                }
            }
            AgentpitRecord::Bet(b) => {
                a.bets.placed += 1;
                match b.won {
                    None => a.bets.unresolved += 1,
                    Some(won) => {
                        a.bets.settled += 1;
                        a.bets.won += usize::from(won);
                        a.bets.staked += b.stake;
                        a.bets.payout += if won { b.stake / b.fill_price } else { 0.0 };
                        a.bets.pnl += bet_pnl(b.stake, b.fill_price, won);
                    }
                }
            }
        }
    }
    let agents = acc
        .into_iter()
        .map(|(name, a)| {
            let differences: Vec<f64> = a.agent.iter().zip(&a.crowd).map(|(x, c)| x - c).collect();
            let mean_difference = Figure::bootstrapped(&differences, &boot, stats);
            let (verdict, verdict_note) = match mean_difference.interval {
                Some(ci) => (Some(crowd_verdict(ci)), None),
                None => (None, Some(PeerNote::NoVerdict)),
            };
            let s = sign_test(&differences);
            let answered = a.agent.len() + a.unresolved;
            let agent = AgentpitAgent {
                model_ids: a.models,
                forecasts: a.forecasts,
                scored: a.agent.len(),
                unresolved: a.unresolved,
                missing: a.missing,
                infrastructure_failures: a.infrastructure,
                not_counted: a.not_counted,
                coverage: (answered + a.missing > 0)
                    .then(|| answered as f64 / (answered + a.missing) as f64),
                brier: Figure::bootstrapped(&a.agent, &boot, stats),
                crowd_brier: Figure::bootstrapped(&a.crowd, &boot, stats),
                vs_crowd: VsCrowd {
                    mean_difference,
                    sign_test: SignTestResult {
                        agent_better: s.negative,
                        crowd_better: s.positive,
                        ties: s.ties,
                        p_value: s.p_value,
                    },
                    verdict,
                    verdict_note,
                },
                bets: a.bets,
            };
            (name, agent)
        })
        .collect();
    AgentpitStats {
        profile: Profile::Agentpit,
        records: records.len(),
        bootstrap: boot,
        agents,
    }
}

/// Reads an agentpit records file and computes its document.
pub fn agentpit_peer_stats(
    bytes: &[u8],
    stats: &dyn StatsSeams,
) -> Result<AgentpitStats, RecordError> {
    Ok(agentpit_stats(&read_agentpit(bytes)?, stats))
}

// ---------------------------------------------------------------------------------------------
// ladder
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderStats {
    pub profile: Profile,
    pub records: usize,
    pub questions: QuestionCounts,
    pub bootstrap: BootstrapSpec,
    pub models: BTreeMap<String, LadderModel>,
}

/// Distinct questions by resolution.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QuestionCounts {
    pub total: usize,
    pub yes: usize,
    pub no: usize,
    pub annulled: usize,
    pub open: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderModel {
    /// Any of its forecasts on the search-enabled track (the asterisk).
    pub search_enabled: bool,
    /// Questions asked (annulled excluded), answered, resolved (yes/no), answered and
    /// resolved; annulled questions it was asked.
    pub asked: usize,
    pub answered: usize,
    pub resolved: usize,
    pub answered_resolved: usize,
    pub annulled: usize,
    /// answered / asked.
    pub coverage: Option<f64>,
    pub provisional: bool,
    #[serde(flatten)]
    pub scores: LadderScores,
    /// Every skipped resolved question at 0.50; n = resolved.
    pub league_score: Figure,
    pub returns: Returns,
    pub categories: BTreeMap<String, LadderScores>,
}

/// Brier, the market's Brier and edge on the answered resolved questions, with 90% intervals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderScores {
    pub brier: Figure,
    pub market_brier: Figure,
    /// market Brier - model Brier (positive: the model beat the frozen price); its interval
    /// resamples the paired per-question differences.
    pub edge: Figure,
    /// The edge interval excludes zero (seed 002 prints the others in grey).
    pub edge_separated: Option<bool>,
}

fn ladder_scores(
    questions: &[Question],
    boot: &BootstrapSpec,
    stats: &dyn StatsSeams,
) -> (LadderScores, super::ladder::LadderScore) {
    let score = ladder_score(questions);
    let (mut model, mut market) = (Vec::new(), Vec::new());
    for q in questions {
        let o = match q.resolution {
            Resolution::Yes => 1.0,
            Resolution::No => 0.0,
            _ => continue,
        };
        if let Some(p) = q.p {
            model.push((p - o).powi(2));
            market.push((q.q - o).powi(2));
        }
    }
    let edge = Figure::of(
        score.edge,
        score.answered_resolved,
        interval(&score.edge_values, boot, stats),
    );
    let scores = LadderScores {
        brier: Figure::bootstrapped(&model, boot, stats),
        market_brier: Figure::bootstrapped(&market, boot, stats),
        edge_separated: edge.interval.map(|(lo, hi)| lo > 0.0 || hi < 0.0),
        edge,
    };
    (scores, score)
}

/// The ladder document from the records.
pub fn ladder_stats(records: &[LadderForecast], stats: &dyn StatsSeams) -> LadderStats {
    let boot = BootstrapSpec::new(LADDER_SEED, BOOTSTRAP_RESAMPLES, 0.90);
    let mut per_model: BTreeMap<&str, Vec<&LadderForecast>> = BTreeMap::new();
    let mut distinct: BTreeMap<&str, Resolution> = BTreeMap::new();
    for r in records {
        per_model.entry(&r.model).or_default().push(r);
        distinct.insert(&r.question_id, r.resolution);
    }
    let mut questions = QuestionCounts {
        total: distinct.len(),
        ..Default::default()
    };
    for r in distinct.values() {
        *match r {
            Resolution::Yes => &mut questions.yes,
            Resolution::No => &mut questions.no,
            Resolution::Annulled => &mut questions.annulled,
            Resolution::Open => &mut questions.open,
        } += 1;
    }
    let question = |f: &&LadderForecast| Question {
        p: f.probability,
        q: f.market_price,
        resolution: f.resolution,
    };
    let models = per_model
        .into_iter()
        .map(|(name, fs)| {
            let qs: Vec<Question> = fs.iter().map(question).collect();
            let (scores, s) = ladder_scores(&qs, &boot, stats);
            let mut by_category: BTreeMap<&str, Vec<Question>> = BTreeMap::new();
            for f in &fs {
                by_category
                    .entry(&f.category)
                    .or_default()
                    .push(question(f));
            }
            let model = LadderModel {
                search_enabled: fs.iter().any(|f| f.search_enabled),
                asked: s.asked,
                answered: s.answered,
                resolved: s.resolved,
                answered_resolved: s.answered_resolved,
                annulled: qs
                    .iter()
                    .filter(|q| q.resolution == Resolution::Annulled)
                    .count(),
                coverage: s.coverage,
                provisional: s.provisional,
                scores,
                league_score: Figure::of(
                    s.league_score,
                    s.resolved,
                    Err(PeerNote::LadderIntervals),
                ),
                returns: returns(&qs),
                categories: by_category
                    .into_iter()
                    .map(|(c, qs)| (c.to_string(), ladder_scores(&qs, &boot, stats).0))
                    .collect(),
            };
            (name.to_string(), model)
        })
        .collect();
    LadderStats {
        profile: Profile::Ladder,
        records: records.len(),
        questions,
        bootstrap: boot,
        models,
    }
}

/// Reads a ladder records file and computes its document.
pub fn ladder_peer_stats(bytes: &[u8], stats: &dyn StatsSeams) -> Result<LadderStats, RecordError> {
    Ok(ladder_stats(&read_ladder(bytes)?, stats))
}

// ---------------------------------------------------------------------------------------------
// arena
// ---------------------------------------------------------------------------------------------

/// Why arena figures carry no interval.
pub const ARENA_NO_INTERVAL: &str = "seed 004 states no interval";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaStats {
    pub profile: Profile,
    pub records: usize,
    /// Settled forecasts an agent needs for the leaderboard.
    pub settlement_gate: usize,
    pub agents: BTreeMap<String, ArenaAgent>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaAgent {
    /// Scored forecasts (resolved directional and numeric).
    pub settled: usize,
    /// Excluded from every figure.
    pub cancelled: usize,
    pub open: usize,
    pub leaderboard_eligible: bool,
    pub directional: ArenaDirectionalStats,
    pub numeric: ArenaNumericStats,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaDirectionalStats {
    /// Mean confidence-weighted score `50 +- 50c` (0-100; not a Brier or CRPS).
    pub score: Figure,
    pub accuracy: Accuracy,
    /// Mean categorical Brier diagnostic `sum_k (p_k - y_k)^2` over (bearish, neutral, bullish).
    pub brier: Figure,
    /// The diagnostic over vector submissions only, and over legacy pairs only (split).
    pub brier_vectors: Figure,
    pub brier_legacy: Figure,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    pub correct: usize,
    pub n: usize,
    pub value: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaNumericStats {
    /// Mean raw Normal CRPS (lower is better).
    pub crps: Figure,
    /// Mean 0-100 display score `100 exp(-CRPS / reference_scale)`.
    pub display: Figure,
}

/// The arena document from the records.
pub fn arena_stats(records: &[ArenaRecord]) -> ArenaStats {
    #[derive(Default)]
    struct Acc {
        cancelled: usize,
        open: usize,
        score: Vec<f64>,
        correct: usize,
        brier: Vec<f64>,
        brier_vectors: Vec<f64>,
        brier_legacy: Vec<f64>,
        crps: Vec<f64>,
        display: Vec<f64>,
    }
    let mut acc: BTreeMap<&str, Acc> = BTreeMap::new();
    for r in records {
        let (agent, status) = match r {
            ArenaRecord::Directional(d) => (&d.agent, d.status),
            ArenaRecord::Numeric(n) => (&n.agent, n.status),
        };
        let a = acc.entry(agent).or_default();
        match status {
            ArenaStatus::Cancelled => a.cancelled += 1,
            ArenaStatus::Open => a.open += 1,
            ArenaStatus::Resolved => match r {
                ArenaRecord::Directional(d) => {
                    let outcome = d.outcome.expect("checked by the reader");
                    a.score.push(d.submission.directional_score(outcome));
                    a.correct += usize::from(d.submission.direction == outcome);
                    let b = d.submission.brier(outcome);
                    a.brier.push(b);
                    match d.encoding {
                        Encoding::Vector => a.brier_vectors.push(b),
                        Encoding::Legacy => a.brier_legacy.push(b),
                    }
                }
                ArenaRecord::Numeric(n) => {
                    let crps =
                        crps_gaussian(n.actual.expect("checked by the reader"), n.point, n.sd)
                            .expect("finite: checked by the reader");
                    a.crps.push(crps);
                    a.display
                        .push(crps_display(crps, n.reference_scale).expect("CRPS >= 0, scale > 0"));
                }
            },
        }
    }
    let agents = acc
        .into_iter()
        .map(|(name, a)| {
            let settled = a.score.len() + a.crps.len();
            let plain = |v: &[f64]| Figure::plain(v, PeerNote::ArenaNoInterval);
            let agent = ArenaAgent {
                settled,
                cancelled: a.cancelled,
                open: a.open,
                leaderboard_eligible: leaderboard_eligible(settled),
                directional: ArenaDirectionalStats {
                    score: plain(&a.score),
                    accuracy: Accuracy {
                        correct: a.correct,
                        n: a.score.len(),
                        value: accuracy(a.correct, a.score.len()),
                    },
                    brier: plain(&a.brier),
                    brier_vectors: plain(&a.brier_vectors),
                    brier_legacy: plain(&a.brier_legacy),
                },
                numeric: ArenaNumericStats {
                    crps: plain(&a.crps),
                    display: plain(&a.display),
                },
            };
            (name.to_string(), agent)
        })
        .collect();
    ArenaStats {
        profile: Profile::Arena,
        records: records.len(),
        settlement_gate: SETTLEMENT_GATE,
        agents,
    }
}

/// Reads an arena records file and computes its document.
pub fn arena_peer_stats(bytes: &[u8]) -> Result<ArenaStats, RecordError> {
    Ok(arena_stats(&read_arena(bytes)?))
}

// ---------------------------------------------------------------------------------------------
// Any profile
// ---------------------------------------------------------------------------------------------

/// One peer profile's document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PeerStats {
    Agentpit(AgentpitStats),
    Ladder(LadderStats),
    Arena(ArenaStats),
}

impl PeerStats {
    /// How the document's intervals were drawn (the arena's figures have none).
    pub fn bootstrap_mut(&mut self) -> Option<&mut BootstrapSpec> {
        match self {
            PeerStats::Agentpit(d) => Some(&mut d.bootstrap),
            PeerStats::Ladder(d) => Some(&mut d.bootstrap),
            PeerStats::Arena(_) => None,
        }
    }
}

/// The document of `profile` from its records file; None for the council profile, which
/// reads the league's files instead ([`super::super::league`]).
pub fn peer_stats(
    profile: Profile,
    bytes: &[u8],
    stats: &dyn StatsSeams,
) -> Option<Result<PeerStats, RecordError>> {
    Some(match profile {
        Profile::Council => return None,
        Profile::Agentpit => agentpit_peer_stats(bytes, stats).map(PeerStats::Agentpit),
        Profile::Ladder => ladder_peer_stats(bytes, stats).map(PeerStats::Ladder),
        Profile::Arena => arena_peer_stats(bytes).map(PeerStats::Arena),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::seams::testing::Recorder;
    use crate::score::seams::CoreStats;

    #[test]
    fn agentpit_document() {
        let f = |agent: &str, market: &str, p: &str, winner: &str| {
            format!(
                r#"{{"kind": "forecast", "agent": "{agent}", "sweep": "2026-10-10", "market_id": "{market}", "probabilities": {p}, "crowd": {{"a": 0.5, "b": 0.5}}, "winner": {winner}}}"#
            )
        };
        let lines = [
            f("X", "m1", r#"{"a": 0.8, "b": 0.2}"#, r#""a""#),
            f("X", "m2", r#"{"a": 0.4, "b": 0.6}"#, r#""a""#),
            f("X", "m3", r#"{"a": 0.4, "b": 0.6}"#, "null"),
            f("X", "m4", r#"null, "missing": "agent""#, r#""a""#),
            f("X", "m5", r#"null, "missing": "infrastructure""#, r#""a""#),
            r#"{"kind": "bet", "agent": "X", "market_id": "m1", "outcome": "a", "stake": 100, "fill_price": 0.25, "won": true}"#.into(),
            r#"{"kind": "bet", "agent": "X", "market_id": "m2", "outcome": "b", "stake": 50, "fill_price": 0.5, "won": false}"#.into(),
            r#"{"kind": "bet", "agent": "X", "market_id": "m3", "outcome": "b", "stake": 50, "fill_price": 0.5, "won": null, "counted": false}"#.into(),
        ];
        let doc = agentpit_peer_stats(lines.join("\n").as_bytes(), &Recorder).unwrap();
        let x = &doc.agents["X"];
        assert_eq!(
            (
                x.forecasts,
                x.scored,
                x.unresolved,
                x.missing,
                x.infrastructure_failures,
                x.not_counted
            ),
            (5, 2, 1, 1, 1, 1)
        );
        assert_eq!(x.coverage, Some(0.75));
        // 1/2 ((0.2)^2 + (0.2)^2) = 0.04 and 1/2 ((0.6)^2 + (0.6)^2) = 0.36; the crowd 0.25 on both.
        assert!((x.brier.value.unwrap() - 0.2).abs() < 1e-15);
        assert_eq!(x.crowd_brier.value, Some(0.25));
        // The Recorder answers (level, n * resamples): 95%, two values, 10,000 resamples.
        assert_eq!(x.brier.interval, Some((0.95, 20_000.0)));
        assert_eq!(
            (
                x.vs_crowd.sign_test.agent_better,
                x.vs_crowd.sign_test.crowd_better
            ),
            (1, 1)
        );
        assert_eq!(x.vs_crowd.verdict, Some(CrowdVerdict::Worse));
        assert_eq!(
            (
                x.bets.placed,
                x.bets.settled,
                x.bets.won,
                x.bets.staked,
                x.bets.payout,
                x.bets.pnl
            ),
            (2, 2, 1, 150.0, 400.0, 250.0)
        );

        // With core::stats and one scored market: a value, no interval, and why.
        let one = agentpit_peer_stats(lines[0].as_bytes(), &CoreStats).unwrap();
        let d = &one.agents["X"].vs_crowd;
        assert_eq!(
            (d.mean_difference.n, d.mean_difference.interval, d.verdict),
            (1, None, None)
        );
        assert_eq!(
            d.mean_difference
                .note
                .as_ref()
                .map(PeerNote::to_string)
                .as_deref(),
            Some("an interval needs at least 2 values")
        );
        assert!(d.verdict_note.is_some());
    }

    #[test]
    fn agentpit_verdict_from_core_stats() {
        // An agent far better than the crowd on 40 markets: the interval lies below zero.
        let lines: Vec<String> = (0..40)
            .map(|i| format!(r#"{{"kind": "forecast", "agent": "X", "sweep": "2026-10-10", "market_id": "m{i}", "probabilities": {{"a": 0.{}, "b": 0.{}}}, "crowd": {{"a": 0.5, "b": 0.5}}, "winner": "a"}}"#, 7 + i % 3, 3 - i % 3))
            .collect();
        let doc = agentpit_peer_stats(lines.join("\n").as_bytes(), &CoreStats).unwrap();
        let d = &doc.agents["X"].vs_crowd;
        let (lo, hi) = d.mean_difference.interval.unwrap();
        assert!(lo <= hi && hi < 0.0, "{lo} {hi}");
        assert_eq!(d.verdict, Some(CrowdVerdict::Better));
        assert_eq!(d.sign_test.agent_better, 40);
        assert!(d.sign_test.p_value < 1e-11);
    }

    #[test]
    fn ladder_document() {
        let q = |model: &str, id: &str, cat: &str, p: &str, price: &str, res: &str| {
            format!(
                r#"{{"kind": "forecast", "model": "{model}", "question_id": "{id}", "category": "{cat}", "probability": {p}, "market_price": {price}, "resolution": "{res}"}}"#
            )
        };
        let lines = [
            q("M", "q1", "Markets", "0.8", "0.5", "yes"),
            q("M", "q2", "World", "0.3", "0.5", "yes"),
            q("M", "q3", "World", "null", "0.6", "no"),
            q("M", "q4", "AI", "0.9", "0.5", "annulled"),
            q("M", "q5", "AI", "0.5", "0.5", "open"),
            q("N", "q1", "Markets", "0.6", "0.5", "yes"),
        ];
        let doc = ladder_peer_stats(lines.join("\n").as_bytes(), &Recorder).unwrap();
        assert_eq!(
            (
                doc.questions.total,
                doc.questions.yes,
                doc.questions.no,
                doc.questions.annulled,
                doc.questions.open
            ),
            (5, 2, 1, 1, 1)
        );
        let m = &doc.models["M"];
        assert_eq!(
            (
                m.asked,
                m.answered,
                m.resolved,
                m.answered_resolved,
                m.annulled
            ),
            (4, 3, 3, 2, 1)
        );
        assert!(m.provisional);
        assert!((m.scores.edge.value.unwrap() - (0.25 - 0.265)).abs() < 1e-15);
        // 90%, 600 resamples of the two answered resolved questions.
        assert_eq!(m.scores.edge.interval, Some((0.90, 1200.0)));
        assert_eq!(m.scores.edge_separated, Some(true));
        assert!((m.league_score.value.unwrap() - (0.04 + 0.49 + 0.25) / 3.0).abs() < 1e-15);
        assert_eq!((m.league_score.n, m.league_score.interval), (3, None));
        assert_eq!(
            m.categories.keys().collect::<Vec<_>>(),
            ["AI", "Markets", "World"]
        );
        assert_eq!(m.categories["AI"].brier.n, 0);
        assert_eq!(
            m.categories["AI"]
                .brier
                .note
                .as_ref()
                .map(PeerNote::to_string)
                .as_deref(),
            Some("no values to score")
        );
        assert!((m.categories["World"].brier.value.unwrap() - 0.49).abs() < 1e-15);
        assert_eq!((m.returns.bets, m.returns.staked), (2, 2.0));
        assert_eq!(
            doc.models["N"]
                .scores
                .edge
                .note
                .as_ref()
                .map(PeerNote::to_string)
                .as_deref(),
            Some("an interval needs at least 2 values")
        );
    }

    #[test]
    fn arena_document() {
        let d = |agent: &str, c: &str, status: &str, call: &str, outcome: &str| {
            format!(
                r#"{{"kind": "directional", "agent": "{agent}", "challenge_id": "{c}", "status": "{status}", {call}{outcome}}}"#
            )
        };
        let mut lines = vec![
            d("A", "c1", "resolved", r#""direction": "bullish", "confidence": 0.6"#, r#", "outcome": "bullish""#),
            d("A", "c2", "resolved", r#""probabilities": {"bearish": 0.5, "neutral": 0.3, "bullish": 0.2}"#, r#", "outcome": "bullish""#),
            d("A", "c3", "cancelled", r#""direction": "bearish", "confidence": 0.9"#, ""),
            d("A", "c4", "open", r#""direction": "bearish", "confidence": 0.9"#, ""),
            r#"{"kind": "numeric", "agent": "A", "challenge_id": "n1", "status": "resolved", "point": 0, "sd": 1, "actual": 0, "reference_scale": 0.23369497725510913}"#.into(),
        ];
        let doc = arena_peer_stats(lines.join("\n").as_bytes()).unwrap();
        let a = &doc.agents["A"];
        assert_eq!(
            (a.settled, a.cancelled, a.open, a.leaderboard_eligible),
            (3, 1, 1, false)
        );
        // 50 + 50 * 0.6 = 80 (right); 50 - 50 * 0.5 = 25 (wrong).
        assert_eq!(a.directional.score.value, Some(52.5));
        assert_eq!(
            a.directional
                .score
                .note
                .as_ref()
                .map(PeerNote::to_string)
                .as_deref(),
            Some(ARENA_NO_INTERVAL)
        );
        assert_eq!(
            (
                a.directional.accuracy.correct,
                a.directional.accuracy.n,
                a.directional.accuracy.value
            ),
            (1, 2, Some(0.5))
        );
        assert_eq!(
            (a.directional.brier_vectors.n, a.directional.brier_legacy.n),
            (1, 1)
        );
        assert!((a.directional.brier_legacy.value.unwrap() - (0.04 + 0.04 + 0.16)).abs() < 1e-15);
        assert!((a.directional.brier_vectors.value.unwrap() - (0.25 + 0.09 + 0.64)).abs() < 1e-15);
        assert_eq!(a.numeric.crps.value, Some(0.23369497725510913));
        assert!((a.numeric.display.value.unwrap() - 100.0 * libm::exp(-1.0)).abs() < 1e-12);
        // The gate: 30 settled forecasts.
        for i in 0..27 {
            lines.push(d(
                "A",
                &format!("g{i}"),
                "resolved",
                r#""direction": "neutral", "confidence": 0.4"#,
                r#", "outcome": "neutral""#,
            ));
        }
        assert!(
            arena_peer_stats(lines.join("\n").as_bytes())
                .unwrap()
                .agents["A"]
                .leaderboard_eligible
        );
    }

    #[test]
    fn any_profile() {
        assert!(peer_stats(Profile::Council, b"", &Recorder).is_none());
        let e = peer_stats(Profile::Ladder, b"{}\n", &Recorder)
            .unwrap()
            .unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (1, Some("kind")));
        let doc = peer_stats(Profile::Arena, b"", &Recorder).unwrap().unwrap();
        assert_eq!(serde_json::to_value(doc).unwrap()["profile"], "arena");
    }

    #[test]
    fn notes_are_their_english_in_the_document_and_read_back() {
        for n in [
            PeerNote::NoValues,
            PeerNote::TooFewForInterval { min: 2 },
            PeerNote::NoBootstrap,
            PeerNote::NoVerdict,
            PeerNote::LadderIntervals,
            PeerNote::ArenaNoInterval,
        ] {
            let json = serde_json::to_string(&n).unwrap();
            assert_eq!(json, format!("{:?}", n.to_string()));
            assert_eq!(serde_json::from_str::<PeerNote>(&json).unwrap(), n);
        }
        assert!(serde_json::from_str::<PeerNote>(r#""some other words""#).is_err());
        assert!("an interval needs at least x values"
            .parse::<PeerNote>()
            .is_err());
    }

    #[test]
    fn a_generator_note_is_its_english_in_json() {
        let generator: Note<Generator> = Note::Msg(Generator::NumpyFresh);
        assert_eq!(
            serde_json::to_string(&generator).unwrap(),
            r#""numpy.random.default_rng(seed) (PCG64, SeedSequence), fresh for each interval""#
        );
    }
}
