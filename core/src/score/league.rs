//! The council's tables from `council-forecasts.csv` rows (spec §3.9, §4.2-§4.6, §4.10,
//! §5.3, §8): per seat and horizon the Brier score (all rows, draws included) and the
//! ex-draw score, counts, sessions, coverage and empty cells, BSS against the sealed
//! climatology, K and K_clim, hit rate, calibration bins and logistic fit, the 30/10 flag,
//! the interval its rule allows and the seat's value to the consensus; the model x market x
//! horizon grid; per horizon the consensus with its dispersion, climatology and momentum
//! baselines on the same events and the all_wrong/minority_right counts; N_eff per run and
//! horizon ([`super::independence`]); the primary endpoint with its session gains; and the
//! registered secondary and sensitivity analyses ([`super::secondary`]).
//! Intervals, the logistic fit and the endpoint's bootstrap come through [`StatsSeams`]
//! ([`super::seams::CoreStats`]: `core::stats`).
//!
//! Eligibility:
//! - seat figures use the counted record (every status but `not_counted`); a seat's own-
//!   reference rows are scored on their own events and count here;
//! - the consensus and the primary endpoint use common events only: `counted` rows with a
//!   stated probability, `same_event` true, `line_kind` `issue` (correction cells are not in
//!   the sealed answers), and, when the book's sealing times are given, sealed
//!   (`max(at, booked_at)` of the row's `line`) before the session's 09:30 ET reference;
//! - within a consensus, answers are in roster order (the given roster, else the order seats
//!   first appear in the file) and a seat's family is its roster family (else itself).

use super::agreement::agreement;
use super::baselines::momentum_pct;
use super::baselines::{bss, ClimatologyTable};
use super::book_agreement::{BookAgreement, MismatchWhy};
use super::brier::{brier, brier_report, hit_rate, HitRate, Resolved, COIN_BRIER};
use super::calibration::{folded_calibration, sharpness_k, sharpness_k_clim, CalibrationBin};
use super::cells::{cell_of, seat_cells};
use super::comparisons::{Comparison, ComparisonLosses};
use super::consensus::{consensus, krogh_vedelsby, seat_value, Answer};
use super::crowd_book::{CrowdStats, RunCrowdPrices};
use super::eligibility::{admission, ranked, Admission};
use super::ids::{intern, RowIds};
use super::independence::{
    mean_rho_by_horizon, neff_rows_every_run, neff_rows_of, run_cells, HorizonRho, NeffRow,
};
use super::independence_tables::{independence_of, Independence};
use super::mean;
use super::model_versions::{seat_versions, ModelVersion, SeatAnswer};
use super::notes::{Note, RosterSource, StatsNote};
use super::roster::Roster;
use super::seams::{interval_for, Interval, StatsSeams};
use super::secondary::{secondary, OneDayEvent, Secondary};
use crate::calendar::{Date, Horizon, Instant};
use crate::contract::forecasts_csv::ForecastRow;
use crate::stats::endpoint::{
    session_gains, EndpointConfig, EndpointVerdict, PairedLoss, SessionGain, PRIMARY_FIRST_SESSION,
};
use crate::stats::intervals::{interval_rule, IntervalMethod, IntervalRule};
use crate::stats::logistic::CalibrationFit;
use crate::stats::numpy_reduce;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the league tables are computed from.
pub struct LeagueInputs<'a> {
    pub rows: &'a [ForecastRow],
    /// The sealed climatology table (BSS, K_clim, the primary endpoint's baseline).
    pub climatology: Option<&'a ClimatologyTable>,
    /// Book line -> `max(at, booked_at)`, from [`crate::records::sealing::book_sealing_times`].
    pub sealing_times: Option<&'a BTreeMap<u64, Instant>>,
    /// The roster ([`super::roster`]): its order and families for the consensus, its sides
    /// for the sides test; seats it does not list follow in first-appearance order, each its
    /// own family.
    pub roster: &'a Roster,
    /// Session 1 of the season (spec §3.4, §8.1): the league's declared first session, which
    /// the primary endpoint's window (from session 11), the shadow weights' design window
    /// (sessions 1-10) and the momentum rule's previous session count from; the paper's
    /// [`crate::calendar::SESSION_ONE`] only where no declaration was given.
    pub season_one: Date,
}

/// One seat on one horizon (`seats.<seat>.<horizon>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatHorizon {
    /// Mean Brier on stated probabilities, all resolved rows, draws included.
    pub brier: Option<f64>,
    pub brier_ex_draw: Option<f64>,
    pub dropped_draws: usize,
    /// Resolved stated forecasts.
    pub n: usize,
    /// Sessions with at least one of them.
    pub sessions: usize,
    pub coverage: Option<f64>,
    /// Service score: unstated cells of a sent answer at 0.25.
    pub service: Option<f64>,
    pub explicit_50: usize,
    pub counted_50: usize,
    pub unstated: usize,
    pub no_answer: usize,
    /// BSS against the coin (every forecast at 50%, Brier 0.25, §4.3) on the rows `brier` is
    /// over, with its interval or why it has none.
    pub bss_coin: CoinSkill,
    /// BSS against the climatology base rate on the rows that have one.
    pub bss_clim: Option<f64>,
    /// The league's own skill score excluding draws, against `p_up_ex_draw`
    /// (`bss_reference`, §4.3).
    pub bss_clim_ex_draw: Option<f64>,
    pub n_clim: usize,
    /// BSS against the crowd on the admitted crowd contracts (1d only; the book's `crowd`,
    /// [`super::crowd_book`]).
    pub bss_crowd: Option<f64>,
    pub k: Option<f64>,
    pub k_clim: Option<f64>,
    pub hit_rate: HitRate,
    /// Folded calibration bins of the resolved stated forecasts.
    pub calibration: Vec<CalibrationBin>,
    /// The logistic calibration fit a, b with session-clustered standard errors, or why it
    /// has none (`logistic_note`).
    pub logistic: Option<CalibrationFit>,
    pub logistic_note: Option<Note>,
    /// The 30/10 rule.
    pub ranked: bool,
    /// Which intervals this figure may carry, or why it has none.
    pub interval: IntervalRule,
    /// The 95% interval of `brier` by the method [`super::seams::reported_method`] picks
    /// among those the rule allows (from `core::stats`).
    pub ci95: Option<Interval>,
    pub ci95_method: Option<IntervalMethod>,
    /// The seat's value to the consensus (§5.3): mean over the common events it answered of
    /// the consensus' Brier without it minus with it (descriptive, computed after outcomes).
    pub consensus_value: Option<f64>,
    pub consensus_value_n: usize,
    /// Whether the seat is a baseline ([`super::baselines::is_baseline`] of its rows' model):
    /// a benchmark scored beside the council, in none of its figures (spec §4.5).
    #[serde(default)]
    pub baseline: bool,
}

/// BSS against the coin, `1 - brier / 0.25` (§4.3; `seats.<seat>.<horizon>.bss_coin`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoinSkill {
    pub value: Option<f64>,
    /// The rows scored: the seat's resolved stated forecasts (`n`).
    pub n: usize,
    /// The Brier score's 95% interval (`ci95`, method `ci95_method`) through the same map;
    /// the map is decreasing, so the bounds swap.
    pub ci95: Option<Interval>,
    /// Why there is no interval (the §4.6 rule's reason), if there is none.
    pub reason: Option<String>,
}

impl CoinSkill {
    fn of(brier: Option<f64>, n: usize, ci95: Option<Interval>, rule: &IntervalRule) -> CoinSkill {
        let skill = |b: f64| bss(b, COIN_BRIER);
        let ci95 = ci95.and_then(|(lo, hi)| skill(hi).zip(skill(lo)));
        CoinSkill {
            value: brier.and_then(skill),
            n,
            reason: match ci95 {
                Some(_) => None,
                None => Some(
                    rule.reason
                        .clone()
                        .unwrap_or_else(|| "no interval could be formed".into()),
                ),
            },
            ci95,
        }
    }
}

/// The consensus on one horizon (`consensus.<horizon>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsensusHorizon {
    /// Mean Brier of the published (clamped) consensus over resolved common events.
    pub brier: Option<f64>,
    /// Mean Krogh-Vedelsby dispersion term.
    pub dispersion: Option<f64>,
    /// Mean weighted Brier of the kept members.
    pub members: Option<f64>,
    /// Resolved common events.
    pub n: usize,
    pub sessions: usize,
    pub interval: IntervalRule,
    pub ci95: Option<Interval>,
    pub ci95_method: Option<IntervalMethod>,
    /// Climatology's Brier on the events that have a base rate, and the consensus' BSS there.
    pub clim_brier: Option<f64>,
    pub bss_clim: Option<f64>,
    pub n_clim: usize,
    /// The 55% momentum rule on the same events (one-day horizon; none after a zero move or
    /// without the previous session's outcome), all rows, draws included.
    pub momentum_brier: Option<f64>,
    pub momentum_n: usize,
    /// §5.3 counts over the events.
    pub all_wrong: usize,
    pub minority_right: usize,
    pub calibration: Vec<CalibrationBin>,
}

/// One cell of the model x market x horizon grid (§4.10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridCell {
    pub brier: Option<f64>,
    pub n: usize,
    pub hit_rate: HitRate,
    /// Sharpness over the cell's stated probabilities (resolved or not).
    pub k: Option<f64>,
    pub stated: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeagueStats {
    pub seats: BTreeMap<String, BTreeMap<String, SeatHorizon>>,
    /// `grid.<seat>.<asset>.<horizon>`: every counted stated cell.
    pub grid: BTreeMap<String, BTreeMap<String, BTreeMap<String, GridCell>>>,
    pub consensus: BTreeMap<String, ConsensusHorizon>,
    /// N_eff per run and horizon (§5.1), from the rows §5.1 admits (see [`neff_rows`]): the
    /// spec's counted series, `n_eff.counted.per_run`.
    pub n_eff: Vec<NeffRow>,
    /// N_eff per run and horizon over every sealed run (§5.1's broader `n_eff.per_run`): runs
    /// counted or not, late answers and own-reference cells included
    /// ([`super::independence::neff_rows_every_run`]).
    #[serde(default)]
    pub n_eff_all_runs: Vec<NeffRow>,
    /// Per horizon, the mean rho of its `n_eff[]` readings (the N_eff curve's rho, §5.1).
    pub n_eff_mean_rho: BTreeMap<String, HorizonRho>,
    /// §5's companion figures per run and horizon ([`super::independence_tables`]).
    pub independence: Independence,
    pub primary_endpoint: PrimaryEndpoint,
    /// Every council seat and the consensus against the coin and climatology, with TOST and
    /// power (§4.6, Requirement 10; [`super::comparisons`]).
    #[serde(default)]
    pub comparisons: Vec<Comparison>,
    /// `book_sealed_at` when the book's sealing times were applied, else `same_event`.
    pub time_basis: String,
    /// Whether the climatology's content hash matched its stated hash.
    pub climatology_sha256_ok: Option<bool>,
    pub rows: usize,
    /// Rows left out of the common events by the 09:30 ET cut or a missing book line.
    pub excluded_after_reference: usize,
    /// AI against the crowd (§4.9) from the book's run, answer and crowd lines; None without
    /// a book.
    pub crowd: Option<CrowdStats>,
    /// Whether every `issue` row is the cell sealed in the answer line it names; None
    /// without a book, and when the rows are the book's own.
    pub book_agreement: Option<BookAgreement>,
    /// Where the rows came from: `forecasts` (council-forecasts.csv) or `book` (rebuilt from
    /// the book's run, answer and score lines, [`super::book_rows`]).
    pub rows_from: RowsFrom,
    /// With rows rebuilt from the book: the counting rule applied (the sealed declaration's,
    /// or inferred with a note saying so) and the runs it does not explain (§3.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<super::counting::Counting>,
    /// The climatology table held to the content hash the declaration sealed before the
    /// season (spec §4.3, Requirement 9); None when no declaration given seals one (a table
    /// then is held only to the hash it states itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub climatology_seal: Option<super::baselines::ClimSeal>,
    /// The methodology versions of the rows and the one the confirmatory figures are from
    /// (spec §3.10, Requirement 15; [`super::segments`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub methodology: Option<super::segments::Methodology>,
    /// With several methodology versions, each version's own segment, keyed by version
    /// ([`super::segments`]); None with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segments: Option<BTreeMap<String, super::segments::Segment>>,
    /// `new_model_version.<seat>`: for every seat whose model changed, its latest version and
    /// the seat's figures since that version took over (spec §3.10; [`NewModelVersion`]);
    /// empty (and absent from the document) when no seat changed its model.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub new_model_version: BTreeMap<String, NewModelVersion>,
    /// The registered secondary analyses (spread tertiles, the shadow consensus against the
    /// published one) and the sensitivity analysis (the four US equity indices, exact-window
    /// base rates), spec §8 ([`super::secondary`]); absent only from documents written before
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secondary: Option<Secondary>,
}

/// A seat's latest model version and its results since it took over (spec §3.10
/// `new_model_version`; the versions are [`super::model_versions`]'s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewModelVersion {
    /// The latest version: model string, ordinal (2 or more), session and book line it took
    /// over at.
    #[serde(flatten)]
    pub version: ModelVersion,
    /// The model string of the version before it.
    pub previous_model: String,
    /// The seat's own account of this version in the trading tracks (`<seat>_ver:<model>:<n>`).
    pub account: String,
    /// Per horizon, the seat's figures (as `seats.<seat>.<horizon>`) on its counted rows from
    /// the version's first line on; the consensus value is not computed here.
    pub horizons: BTreeMap<String, SeatHorizon>,
}

/// The source of the scored rows (`rows_from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RowsFrom {
    Forecasts,
    Book,
}

/// How the reader's language words the stats document's notes (the page's catalog), for
/// [`LeagueStats::word`]; the CLI keeps each message's English, its `Display`.
pub trait StatsWording {
    fn note(&self, m: &StatsNote) -> String;
    fn roster_source(&self, m: &RosterSource) -> String;
    fn mismatch(&self, m: &MismatchWhy) -> String;
}

impl LeagueStats {
    /// Words every note of the document with `w` (the reader's language): the primary
    /// endpoint's, each seat's logistic fit's, the `n_eff[]` rows' and the `independence`
    /// section's (roster, readings, spectrum, sides, shadow weights, funnel), the roster's
    /// source and why the published rows differ from the book's. Notes already text stay.
    pub fn word(&mut self, w: &dyn StatsWording) {
        let mut notes: Vec<&mut Option<Note>> = vec![&mut self.primary_endpoint.note];
        for hs in self.seats.values_mut() {
            notes.extend(hs.values_mut().map(|f| &mut f.logistic_note));
        }
        notes.extend(self.n_eff.iter_mut().map(|r| &mut r.note));
        notes.extend(self.n_eff_all_runs.iter_mut().map(|r| &mut r.note));
        let ind = &mut self.independence;
        notes.push(&mut ind.roster.note);
        for r in &mut ind.runs {
            notes.extend([
                &mut r.pearson.note,
                &mut r.one_market_per_group.note,
                &mut r.from_fifty.note,
                &mut r.from_climatology.note,
                &mut r.errors.note,
                &mut r.spectrum_note,
                &mut r.sides_note,
            ]);
        }
        notes.push(&mut ind.shadow.note);
        if let Some(s) = &mut self.secondary {
            notes.push(&mut s.spread_tertiles.note);
            notes.push(&mut s.sensitivity.exact_window_reason);
            notes.push(&mut s.shadow_consensus.endpoint.note);
            notes.push(&mut s.sensitivity.us_equity.note);
            if let Some(x) = &mut s.sensitivity.exact_window {
                notes.push(&mut x.endpoint.note);
            }
        }
        for s in self.segments.iter_mut().flat_map(|s| s.values_mut()) {
            notes.extend(s.notes_mut());
        }
        notes.extend(ind.funnel.iter_mut().map(|f| &mut f.note));
        for note in notes.into_iter().flatten() {
            note.word(&|m| w.note(m));
        }
        if let Some(source) = &mut ind.roster.source {
            source.word(&|m| w.roster_source(m));
        }
        if let Some(a) = &mut self.book_agreement {
            for m in &mut a.mismatches {
                m.message.word(&|m| w.mismatch(m));
            }
        }
    }
}

/// The primary endpoint's figure (`primary_endpoint.{estimate, ci95, ci90, verdict}`, §8):
/// the consensus against climatology on the one-day common events from session 11.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrimaryEndpoint {
    /// Mean of the session gains G_s.
    pub estimate: Option<f64>,
    pub sessions: usize,
    pub ci95: Option<Interval>,
    pub ci90: Option<Interval>,
    pub verdict: Option<EndpointVerdict>,
    /// Confirmed with the 90% interval also inside +-0.01 ("confirmed and smaller than the
    /// margin").
    pub confirmed_below_margin: bool,
    /// Block, resamples, seed and margin of the bootstrap.
    pub config: EndpointConfig,
    /// Why there is no interval or verdict, if there is none.
    pub note: Option<Note>,
    /// The session gains G_s the bootstrap resamples, in session order (so a reader can
    /// rerun it).
    pub gains: Vec<SessionGain>,
}

impl PrimaryEndpoint {
    /// The endpoint from the one-day paired losses, when the climatology table's content hash
    /// matched its stated one (`sha256_ok`).
    pub(crate) fn of_paired(
        sha256_ok: Option<bool>,
        paired: &[PairedLoss],
        stats: &dyn StatsSeams,
    ) -> PrimaryEndpoint {
        match sha256_ok {
            Some(true) => PrimaryEndpoint::of(session_gains(paired), stats),
            None => PrimaryEndpoint::without(StatsNote::NoClimatology),
            Some(false) => PrimaryEndpoint::without(StatsNote::ClimatologyHashMismatch),
        }
    }

    /// The endpoint over session gains in session order, or the reason it has no interval.
    pub(crate) fn of(session_gains: Vec<SessionGain>, stats: &dyn StatsSeams) -> PrimaryEndpoint {
        let gains: Vec<f64> = session_gains.iter().map(|g| g.gain).collect();
        let base = PrimaryEndpoint {
            estimate: numpy_reduce::mean(&gains),
            sessions: gains.len(),
            note: None,
            gains: session_gains,
            ..PrimaryEndpoint::without(StatsNote::NoClimatology)
        };
        match stats.block_bootstrap_endpoint(&gains, base.config) {
            Ok(r) => PrimaryEndpoint {
                ci95: Some((r.ci95.lo, r.ci95.hi)),
                ci90: Some((r.ci90.lo, r.ci90.hi)),
                verdict: Some(r.verdict),
                confirmed_below_margin: r.confirmed_below_margin,
                ..base
            },
            Err(e) => PrimaryEndpoint {
                note: Some(
                    StatsNote::Bootstrap {
                        sessions: gains.len(),
                        error: e,
                    }
                    .into(),
                ),
                ..base
            },
        }
    }

    /// No endpoint, and why.
    pub(crate) fn without(note: impl Into<Note>) -> PrimaryEndpoint {
        let config = EndpointConfig::PRIMARY;
        PrimaryEndpoint {
            estimate: None,
            sessions: 0,
            ci95: None,
            ci90: None,
            verdict: None,
            confirmed_below_margin: false,
            config,
            note: Some(note.into()),
            gains: Vec::new(),
        }
    }
}

/// Per-event consensus figures of one horizon.
#[derive(Default)]
struct EventScores<'a> {
    published: Vec<f64>,
    dispersion: Vec<f64>,
    members: Vec<f64>,
    /// Session -> the published consensus' Brier on its events.
    sessions: BTreeMap<&'a str, Vec<f64>>,
    /// (consensus Brier, climatology Brier) on events with a base rate.
    with_clim: Vec<(f64, f64)>,
    momentum: Vec<f64>,
    all_wrong: usize,
    minority_right: usize,
    calibration: Vec<(f64, bool)>,
}

fn resolved_up(r: &ForecastRow) -> Option<bool> {
    r.resolved().then(|| r.up()).flatten()
}

/// The climatology's base rate `q` (0-1) for a row's market and horizon, all rows (§4.3).
fn clim_q(climatology: Option<&ClimatologyTable>, r: &ForecastRow) -> Option<f64> {
    climatology.and_then(|c| c.q(&r.asset, r.horizon.as_str()))
}

/// The base rate excluding draws (`p_up_ex_draw`, the `bss_reference`).
fn clim_q_ex_draw(climatology: Option<&ClimatologyTable>, r: &ForecastRow) -> Option<f64> {
    climatology.and_then(|c| c.q_ex_draw(&r.asset, r.horizon.as_str()))
}

/// The league tables; `stats` supplies the intervals (see [`StatsSeams`]).
pub fn league_stats(inp: &LeagueInputs<'_>, stats: &dyn StatsSeams) -> LeagueStats {
    league_stats_with_crowd(inp, None, stats)
}

/// [`league_stats`] with the crowd's prices, which add the comparisons against the crowd on
/// the one-day common events (§4.6, §4.9; [`super::comparisons`]); split by methodology
/// version (spec §3.10, Requirement 15; [`super::segments`]).
pub fn league_stats_with_crowd(
    inp: &LeagueInputs<'_>,
    crowd: Option<&RunCrowdPrices>,
    stats: &dyn StatsSeams,
) -> LeagueStats {
    super::segments::by_methodology(inp, crowd, stats, one_segment)
}

/// The tables of every row of `inp`, whatever their methodology versions.
fn one_segment(
    inp: &LeagueInputs<'_>,
    crowd: Option<&RunCrowdPrices>,
    stats: &dyn StatsSeams,
) -> LeagueStats {
    let ids = RowIds::in_season(inp.rows, inp.season_one);
    let mut seats = seat_tables(inp, &ids, stats);
    let grid = grid(inp.rows, &ids);
    let roster = consensus_roster(inp, &ids);
    let (events, excluded) = common_events(inp.rows, inp.sealing_times);
    let scored = score_events(inp.rows, &ids, events, &roster, inp.climatology, crowd);
    let comparisons = scored.comparisons.read();
    for ((seat, h), v) in scored.values {
        if let Some(sh) = seats.get_mut(seat).and_then(|m| m.get_mut(h.as_str())) {
            sh.consensus_value_n = v.len();
            sh.consensus_value = mean(v);
        }
    }
    let consensus = consensus_tables(scored.per_h, stats);
    let sha256_ok = inp.climatology.map(|c| c.sha256_ok(None));
    let panels = run_cells(inp.rows, &ids, inp.sealing_times);
    let n_eff = neff_rows_of(&panels);
    let independence = independence_of(
        inp.rows,
        &ids,
        &panels,
        inp.sealing_times,
        inp.climatology,
        inp.roster,
    );
    let secondary = secondary(
        &scored.one_day,
        inp.climatology,
        sha256_ok,
        (
            independence.shadow.weights.as_ref(),
            independence.shadow.note.as_ref(),
        ),
        stats,
    );
    LeagueStats {
        seats,
        grid,
        consensus,
        n_eff_mean_rho: mean_rho_by_horizon(&n_eff),
        n_eff,
        n_eff_all_runs: neff_rows_every_run(inp.rows, &ids),
        independence,
        primary_endpoint: PrimaryEndpoint::of_paired(sha256_ok, &scored.paired, stats),
        comparisons,
        time_basis: if inp.sealing_times.is_some() {
            "book_sealed_at"
        } else {
            "same_event"
        }
        .into(),
        climatology_sha256_ok: sha256_ok,
        rows: inp.rows.len(),
        excluded_after_reference: excluded,
        crowd: None,
        book_agreement: None,
        rows_from: RowsFrom::Forecasts,
        counting: None,
        climatology_seal: None,
        methodology: None,
        segments: None,
        new_model_version: new_model_versions(inp, stats),
        secondary: Some(secondary),
    }
}

/// `new_model_version`: every seat whose latest model version is its second or later, with its
/// figures on its counted rows (every status but `not_counted`) since that version took over:
/// its rows from the version's first line on, and its unanswered rows (no model string) of
/// that session and later (spec §3.10).
fn new_model_versions(
    inp: &LeagueInputs<'_>,
    stats: &dyn StatsSeams,
) -> BTreeMap<String, NewModelVersion> {
    let versions = seat_versions(inp.rows.iter().map(|r| SeatAnswer {
        seat: &r.seat,
        model: &r.model,
        line: r.line,
        session: &r.session,
    }));
    let mut out = BTreeMap::new();
    for (seat, vs) in versions {
        let [.., previous, latest] = vs.as_slice() else {
            continue;
        };
        let mut horizons = BTreeMap::new();
        for h in Horizon::ALL {
            let rows: Vec<&ForecastRow> = inp
                .rows
                .iter()
                .filter(|r| r.seat == seat && r.horizon == h && r.status != "not_counted")
                // Since the takeover: the version's lines on, and the seat's unanswered cells
                // (no model string) of its sessions.
                .filter(|r| {
                    r.line >= latest.since_line
                        || (r.model.is_empty() && r.session.as_str() >= latest.since.as_str())
                })
                .collect();
            if !rows.is_empty() {
                horizons.insert(
                    h.as_str().to_string(),
                    seat_horizon(h, &rows, inp.climatology, stats),
                );
            }
        }
        out.insert(
            seat.clone(),
            NewModelVersion {
                account: latest.account(&seat),
                version: latest.clone(),
                previous_model: previous.model.clone(),
                horizons,
            },
        );
    }
    out
}

/// `seats.<seat>.<horizon>`: every seat's figures on its counted record (every status but
/// `not_counted`), the consensus value still empty.
fn seat_tables(
    inp: &LeagueInputs<'_>,
    ids: &RowIds<'_>,
    stats: &dyn StatsSeams,
) -> BTreeMap<String, BTreeMap<String, SeatHorizon>> {
    // (seat id, horizon) -> the rows, file order within each.
    let at = |seat: u32, h: Horizon| seat as usize * Horizon::ALL.len() + h as usize;
    let mut by_seat: Vec<Vec<&ForecastRow>> =
        vec![Vec::new(); ids.seats.names.len() * Horizon::ALL.len()];
    for (i, r) in inp.rows.iter().enumerate() {
        if r.status != "not_counted" {
            by_seat[at(ids.seats.ids[i], r.horizon)].push(r);
        }
    }
    let mut seats: BTreeMap<String, BTreeMap<String, SeatHorizon>> = BTreeMap::new();
    for (seat, name) in ids.seats.names.iter().enumerate() {
        for h in Horizon::ALL {
            let rows = &by_seat[at(seat as u32, h)];
            if !rows.is_empty() {
                seats.entry(name.to_string()).or_default().insert(
                    h.as_str().to_string(),
                    seat_horizon(h, rows, inp.climatology, stats),
                );
            }
        }
    }
    seats
}

/// One seat's figures on one horizon, from its counted rows there.
fn seat_horizon(
    h: Horizon,
    rows: &[&ForecastRow],
    climatology: Option<&ClimatologyTable>,
    stats: &dyn StatsSeams,
) -> SeatHorizon {
    let cells = seat_cells(rows.iter().map(|r| (cell_of(r), resolved_up(r))));
    let stated: Vec<(&ForecastRow, f64)> = rows
        .iter()
        .filter_map(|r| cell_of(r).stated().map(|p| (*r, p)))
        .collect();
    let resolved: Vec<(&ForecastRow, f64, bool)> = stated
        .iter()
        .filter_map(|&(r, p)| resolved_up(r).map(|up| (r, p, up)))
        .collect();
    let report = brier_report(
        &resolved
            .iter()
            .map(|&(r, p, up)| Resolved {
                p_pct: p,
                up,
                draw: r.draw == Some(true),
            })
            .collect::<Vec<_>>(),
    );
    let mut per_session: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for &(r, p, up) in &resolved {
        per_session
            .entry(r.session.as_str())
            .or_default()
            .push(brier(p, up));
    }
    let with_q: Vec<(f64, bool, f64)> = resolved
        .iter()
        .filter_map(|&(r, p, up)| clim_q(climatology, r).map(|q| (p, up, q)))
        .collect();
    let b_model = mean(with_q.iter().map(|&(p, up, _)| brier(p, up)));
    let b_clim = mean(with_q.iter().map(|&(_, up, q)| brier(100.0 * q, up)));
    let ex_draw_q: Vec<(f64, bool, f64)> = resolved
        .iter()
        .filter(|(r, _, _)| r.draw != Some(true))
        .filter_map(|&(r, p, up)| clim_q_ex_draw(climatology, r).map(|q| (p, up, q)))
        .collect();
    let bss_clim_ex_draw = mean(ex_draw_q.iter().map(|&(p, up, _)| brier(p, up)))
        .zip(mean(
            ex_draw_q.iter().map(|&(_, up, q)| brier(100.0 * q, up)),
        ))
        .and_then(|(b, c)| bss(b, c));
    let sessions = per_session.len();
    let logistic = {
        let session_index: Vec<&str> = per_session.keys().copied().collect();
        let cluster: Vec<u64> = resolved
            .iter()
            .map(|(r, _, _)| {
                session_index
                    .binary_search(&r.session.as_str())
                    .unwrap_or(0) as u64
            })
            .collect();
        let p: Vec<f64> = resolved.iter().map(|(_, p, _)| p / 100.0).collect();
        let y: Vec<bool> = resolved.iter().map(|(_, _, up)| *up).collect();
        stats.logistic_calibration(&p, &y, &cluster)
    };
    let interval = interval_rule(h.sessions() as usize, sessions);
    let ci95 = interval_for(
        &interval,
        &per_session.into_values().collect::<Vec<_>>(),
        stats,
    );
    SeatHorizon {
        brier: report.all.mean,
        brier_ex_draw: report.ex_draw.mean,
        dropped_draws: report.dropped_draws,
        n: report.all.n,
        sessions,
        coverage: cells.coverage,
        service: cells.service.mean,
        explicit_50: cells.explicit_50,
        counted_50: cells.counted_50,
        unstated: cells.unstated,
        no_answer: cells.no_answer,
        bss_coin: CoinSkill::of(report.all.mean, report.all.n, ci95.map(|c| c.1), &interval),
        bss_clim: b_model.zip(b_clim).and_then(|(b, c)| bss(b, c)),
        bss_clim_ex_draw,
        n_clim: with_q.len(),
        bss_crowd: None,
        k: sharpness_k(stated.iter().map(|&(_, p)| p)),
        k_clim: sharpness_k_clim(
            stated
                .iter()
                .filter_map(|&(r, p)| clim_q(climatology, r).map(|q| (p, q))),
        ),
        hit_rate: hit_rate(resolved.iter().map(|&(_, p, up)| (p, up))),
        calibration: folded_calibration(resolved.iter().map(|&(_, p, up)| (p, up))),
        logistic_note: logistic
            .as_ref()
            .err()
            .map(|e| StatsNote::Logistic(e.clone()).into()),
        logistic: logistic.ok(),
        ranked: ranked(report.all.n, sessions),
        interval,
        ci95: ci95.map(|c| c.1),
        ci95_method: ci95.map(|c| c.0),
        consensus_value: None,
        consensus_value_n: 0,
        baseline: rows.iter().any(|r| super::baselines::is_baseline(&r.model)),
    }
}

/// `grid.<seat>.<asset>.<horizon>` (§4.10): (seat, market, horizon) -> every counted stated
/// probability with its outcome if resolved.
fn grid(
    rows: &[ForecastRow],
    ids: &RowIds<'_>,
) -> BTreeMap<String, BTreeMap<String, BTreeMap<String, GridCell>>> {
    // (seat id, asset id, horizon) slots, walked in (seat, asset, horizon) order.
    let (assets, horizons) = (ids.assets.names.len(), Horizon::ALL.len());
    let at = |seat: u32, asset: u32, h: Horizon| {
        (seat as usize * assets + asset as usize) * horizons + h as usize
    };
    let mut cells: Vec<Vec<(f64, Option<bool>)>> =
        vec![Vec::new(); ids.seats.names.len() * assets * horizons];
    for (i, r) in rows.iter().enumerate() {
        if r.status == "not_counted" {
            continue;
        }
        if let Some(p) = cell_of(r).stated() {
            cells[at(ids.seats.ids[i], ids.assets.ids[i], r.horizon)].push((p, resolved_up(r)));
        }
    }
    let mut grid: BTreeMap<String, BTreeMap<String, BTreeMap<String, GridCell>>> = BTreeMap::new();
    let keys = (0..ids.seats.names.len())
        .flat_map(|s| (0..assets).flat_map(move |a| Horizon::ALL.map(|h| (s as u32, a as u32, h))));
    for (s, a, h) in keys {
        let v = std::mem::take(&mut cells[at(s, a, h)]);
        if v.is_empty() {
            continue;
        }
        let (seat, asset) = (ids.seats.names[s as usize], ids.assets.names[a as usize]);
        let resolved: Vec<(f64, bool)> = v
            .iter()
            .filter_map(|&(p, up)| up.map(|up| (p, up)))
            .collect();
        grid.entry(seat.to_string())
            .or_default()
            .entry(asset.to_string())
            .or_default()
            .insert(
                h.as_str().to_string(),
                GridCell {
                    brier: mean(resolved.iter().map(|&(p, up)| brier(p, up))),
                    n: resolved.len(),
                    hit_rate: hit_rate(resolved.iter().copied()),
                    k: sharpness_k(v.iter().map(|&(p, _)| p)),
                    stated: v.len(),
                },
            );
    }

    grid
}

/// The consensus' roster order and families: the given roster's, then every other seat in
/// first-appearance order, each its own family.
fn consensus_roster(inp: &LeagueInputs<'_>, ids: &RowIds<'_>) -> Vec<(String, String)> {
    let mut roster: Vec<(String, String)> = inp.roster.families();
    // Each seat looked up once, at its first row.
    let mut seen = vec![false; ids.seats.names.len()];
    for (r, &id) in inp.rows.iter().zip(&ids.seats.ids) {
        if !std::mem::replace(&mut seen[id as usize], true)
            && !roster.iter().any(|(s, _)| *s == r.seat)
        {
            roster.push((r.seat.clone(), r.seat.clone()));
        }
    }
    roster
}

/// The common events (horizon, event id) -> their admitted rows ([`admission`]) by position
/// in the file, in horizon then event id order, and how many rows the 09:30 ET cut or a
/// missing book line left out.
type CommonEvents<'a> = Vec<((Horizon, &'a str), Vec<usize>)>;

fn common_events<'a>(
    rows: &'a [ForecastRow],
    sealing_times: Option<&BTreeMap<u64, Instant>>,
) -> (CommonEvents<'a>, usize) {
    let mut excluded = 0usize;
    let mut admitted: Vec<usize> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        match admission(r, sealing_times) {
            Admission::Out => continue,
            Admission::AfterReference => {
                excluded += 1;
                continue;
            }
            Admission::In => {}
        }
        admitted.push(i);
    }
    // Event ids interned in code-point order: (horizon, id) slots walk in the map's order.
    let events = intern(admitted.iter().map(|&i| {
        let r = &rows[i];
        if r.event_id_v2.is_empty() {
            r.event_id.as_str()
        } else {
            r.event_id_v2.as_str()
        }
    }));
    let at = |h: Horizon, e: u32| h as usize * events.names.len() + e as usize;
    let mut slots: Vec<Vec<usize>> = vec![Vec::new(); Horizon::ALL.len() * events.names.len()];
    for (&i, &e) in admitted.iter().zip(&events.ids) {
        slots[at(rows[i].horizon, e)].push(i);
    }
    let mut out = Vec::new();
    for h in Horizon::ALL {
        for (e, name) in events.names.iter().enumerate() {
            let slot = std::mem::take(&mut slots[at(h, e as u32)]);
            if !slot.is_empty() {
                out.push(((h, *name), slot));
            }
        }
    }
    (out, excluded)
}

/// Each asset's one-day common-event change by session number, for the momentum rule.
fn one_day_changes<'a>(rows: &'a [ForecastRow], ids: &RowIds<'_>) -> BTreeMap<(&'a str, u32), f64> {
    let mut one_day_change: BTreeMap<(&str, u32), f64> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        if r.horizon != Horizon::D1 || !r.same_event {
            continue;
        }
        if let (Some(s), Some(c)) = (ids.session_number(i), r.actual_pct.filter(|_| r.resolved())) {
            one_day_change.entry((r.asset.as_str(), s)).or_insert(c);
        }
    }
    one_day_change
}

/// The consensus scored on every resolved common event.
struct ScoredEvents<'a> {
    per_h: BTreeMap<Horizon, EventScores<'a>>,
    /// The one-day (climatology, consensus) losses from session 11: the primary endpoint's.
    paired: Vec<PairedLoss>,
    /// (seat, horizon) -> the seat's value to the consensus on each event it answered.
    values: BTreeMap<(&'a str, Horizon), Vec<f64>>,
    /// The paired losses of the confirmatory comparisons.
    comparisons: ComparisonLosses,
    /// Every one-day event with its answers, resolved or not (the secondary analyses').
    one_day: Vec<OneDayEvent<'a>>,
}

/// The consensus of each common event in roster order, with its dispersion, the baselines on
/// the same event, the §5.3 counts and each seat's value to it.
fn score_events<'a>(
    all: &'a [ForecastRow],
    ids: &RowIds<'a>,
    events: CommonEvents<'a>,
    roster: &'a [(String, String)],
    climatology: Option<&ClimatologyTable>,
    crowd: Option<&RunCrowdPrices>,
) -> ScoredEvents<'a> {
    // Per seat id: its place in the roster (unlisted seats last) and its family.
    let (rank, families): (Vec<usize>, Vec<&str>) = ids
        .seats
        .names
        .iter()
        .map(|seat| match roster.iter().position(|(s, _)| s == seat) {
            Some(k) => (k, roster[k].1.as_str()),
            None => (usize::MAX, *seat),
        })
        .unzip();
    let seat_of = |i: usize| ids.seats.ids[i] as usize;
    let one_day_change = one_day_changes(all, ids);
    let mut per_h: BTreeMap<Horizon, EventScores> = BTreeMap::new();
    let mut paired = Vec::new();
    let mut values: BTreeMap<(&str, Horizon), Vec<f64>> = BTreeMap::new();
    let mut comparisons = ComparisonLosses::default();
    let mut one_day = Vec::new();
    for ((h, _), mut event) in events {
        event.sort_by_key(|&i| rank[seat_of(i)]);
        let rows: Vec<&ForecastRow> = event.iter().map(|&i| &all[i]).collect();
        let answers: Vec<Answer> = event
            .iter()
            .map(|&i| Answer {
                seat: &all[i].seat,
                family: families[seat_of(i)],
                p_pct: all[i].prob_up.expect("stated"),
            })
            .collect();
        let up = rows.iter().find_map(|r| resolved_up(r));
        let Some(c) = consensus(&answers) else {
            continue;
        };
        if h == Horizon::D1 {
            one_day.push(OneDayEvent {
                session: ids.number_of_session(&rows[0].session),
                asset: rows[0].asset.as_str(),
                answers: answers.clone(),
                up,
                consensus_pct: c.p_pct,
            });
        }
        let Some(up) = up else {
            continue;
        };
        let kv = krogh_vedelsby(&c, &answers, up);
        for r in &rows {
            if let Some(v) = seat_value(&answers, &r.seat, up) {
                values.entry((r.seat.as_str(), h)).or_default().push(v);
            }
        }
        let e = per_h.entry(h).or_default();
        e.published.push(kv.published);
        e.dispersion.push(kv.dispersion);
        e.members.push(kv.members);
        e.sessions
            .entry(rows[0].session.as_str())
            .or_default()
            .push(kv.published);
        e.calibration.push((c.p_pct, up));
        let counts = agreement(
            &answers.iter().map(|a| a.p_pct).collect::<Vec<_>>(),
            Some(c.p_pct),
            up,
        );
        e.all_wrong += counts.all_wrong as usize;
        e.minority_right += counts.minority_right as usize;
        let q = clim_q(climatology, rows[0]);
        let s = ids.number_of_session(&rows[0].session);
        if let Some(q) = q {
            e.with_clim.push((kv.published, brier(100.0 * q, up)));
        }
        // The crowd's price of the event's market in the first of its runs that has one.
        let crowd_q = crowd.filter(|_| h == Horizon::D1).and_then(|c| {
            rows.iter()
                .find_map(|r| c.get(r.run_id.as_str())?.get(r.asset.as_str()))
                .copied()
        });
        comparisons.add_event(
            h,
            s,
            up,
            q,
            crowd_q,
            kv.published,
            answers.iter().map(|a| (a.seat, a.p_pct)),
        );
        if h == Horizon::D1 {
            let previous =
                s.and_then(|s| one_day_change.get(&(rows[0].asset.as_str(), s.checked_sub(1)?)));
            if let Some(m) = previous.and_then(|c| momentum_pct(*c)) {
                e.momentum.push(brier(m, up));
            }
            if let (Some(s), Some(q)) = (s.filter(|s| *s >= PRIMARY_FIRST_SESSION), q) {
                paired.push(PairedLoss {
                    session: s,
                    baseline_loss: brier(100.0 * q, up),
                    model_loss: kv.published,
                });
            }
        }
    }
    ScoredEvents {
        per_h,
        paired,
        values,
        comparisons,
        one_day,
    }
}

/// `consensus.<horizon>`: the scored events' means, intervals and baselines.
fn consensus_tables(
    per_h: BTreeMap<Horizon, EventScores<'_>>,
    stats: &dyn StatsSeams,
) -> BTreeMap<String, ConsensusHorizon> {
    per_h
        .into_iter()
        .map(|(h, e)| {
            let cons_on_clim = mean(e.with_clim.iter().map(|p| p.0));
            let clim_brier = mean(e.with_clim.iter().map(|p| p.1));
            let interval = interval_rule(h.sessions() as usize, e.sessions.len());
            let ci95 = interval_for(
                &interval,
                &e.sessions.values().cloned().collect::<Vec<_>>(),
                stats,
            );
            (
                h.as_str().to_string(),
                ConsensusHorizon {
                    n: e.published.len(),
                    brier: mean(e.published),
                    dispersion: mean(e.dispersion),
                    members: mean(e.members),
                    sessions: e.sessions.len(),
                    interval,
                    ci95: ci95.map(|c| c.1),
                    ci95_method: ci95.map(|c| c.0),
                    clim_brier,
                    bss_clim: cons_on_clim.zip(clim_brier).and_then(|(b, c)| bss(b, c)),
                    n_clim: e.with_clim.len(),
                    momentum_n: e.momentum.len(),
                    momentum_brier: mean(e.momentum),
                    all_wrong: e.all_wrong,
                    minority_right: e.minority_right,
                    calibration: folded_calibration(e.calibration),
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bss_against_the_coin_carries_the_brier_interval_mapped() {
        let with = CoinSkill::of(Some(0.2), 40, Some((0.15, 0.3)), &interval_rule(1, 10));
        assert_eq!(with.value, Some(1.0 - 0.2 / 0.25));
        assert_eq!(with.value, Some(0.19999999999999996));
        assert_eq!(with.ci95, Some((1.0 - 0.3 / 0.25, 1.0 - 0.15 / 0.25)));
        assert!(with.ci95.unwrap().0 < with.ci95.unwrap().1);
        assert_eq!((with.n, with.reason), (40, None));
        let early = interval_rule(1, 2);
        let without = CoinSkill::of(Some(0.3), 4, None, &early);
        assert_eq!(without.ci95, None);
        assert_eq!(without.reason, early.reason);
        assert!(without.reason.is_some());
        assert_eq!(CoinSkill::of(None, 0, None, &early).value, None);
    }
    use crate::records::roster::{RosterSeat, Side};
    use crate::score::seams::testing::Recorder;

    fn row(
        seat: &str,
        session: &str,
        line: u64,
        asset: &str,
        p: Option<f64>,
        chg: Option<f64>,
    ) -> ForecastRow {
        ForecastRow {
            line,
            reference: chg.map(|_| 100.0),
            close: chg.map(|c| 100.0 + c),
            actual_pct: chg,
            draw: chg.map(|c| c.abs() < 0.05),
            ..ForecastRow::for_test(seat, session, asset, asset, Horizon::D1, p)
        }
    }

    /// Three council seats (a and b US, c China) and the three baselines on four markets in
    /// sessions 2 (the shadow window) and 11 (the primary endpoint's first), all resolved.
    fn council_and_baselines() -> (Vec<ForecastRow>, Roster) {
        let markets = [("SPX", 0.4), ("GC", -0.2), ("NDX", 0.7), ("CL", -0.5)];
        let seats: [(&str, [f64; 4]); 6] = [
            ("a", [62.0, 41.0, 58.0, 47.0]),
            ("b", [57.0, 45.0, 66.0, 40.0]),
            ("c", [48.0, 52.0, 61.0, 55.0]),
            ("coin", [50.0; 4]),
            ("climatology", [53.0, 51.0, 54.0, 50.5]),
            ("momentum", [55.0, 45.0, 55.0, 45.0]),
        ];
        let mut rows = Vec::new();
        for (k, session) in ["2026-10-20", "2026-11-02"].into_iter().enumerate() {
            for (line, (seat, ps)) in seats.iter().enumerate() {
                for ((asset, chg), p) in markets.iter().zip(ps) {
                    let p = if k == 0 { *p } else { 100.0 - *p };
                    rows.push(row(
                        seat,
                        session,
                        (10 * k + line) as u64 + 1,
                        asset,
                        Some(p),
                        Some(*chg),
                    ));
                }
            }
        }
        let seat = |s: &str, side: Option<Side>| RosterSeat {
            seat: s.into(),
            family: s.into(),
            side,
            model: Some(s.into()),
            provider: None,
        };
        let roster = Roster {
            seats: vec![
                seat("a", Some(Side::Us)),
                seat("b", Some(Side::Us)),
                seat("c", Some(Side::China)),
                seat("coin", None),
                seat("climatology", None),
                seat("momentum", None),
            ],
            source: None,
            note: None,
        };
        (rows, roster)
    }

    /// A league declared for 2030 numbers its sessions from its own first session: the shadow
    /// weights' window is its sessions 1-10 and the primary endpoint starts at its session 11.
    /// The same rows without the declaration fall back on the paper's numbering (session 1 =
    /// 2026-10-19), where every 2030 session is past session 11.
    #[test]
    fn a_season_counts_from_the_league_declaration() {
        let one = Date::parse("2030-01-02").unwrap();
        let asks = br#"{"kind": "schedule", "at": "2029-12-28T17:00:00Z", "ask_at_et": "08:30", "reference_at_et": "09:30", "first_session": "2030-01-02"}
"#;
        assert_eq!(super::super::files::season_one(Some(asks)), Ok(one));
        assert_eq!(
            super::super::files::season_one(None),
            Ok(crate::calendar::SESSION_ONE)
        );
        let mut rows = Vec::new();
        for k in 0..12u32 {
            let day = crate::calendar::nth_session_from(one, k)
                .unwrap()
                .to_string();
            for (s, seat) in ["a", "b", "c"].into_iter().enumerate() {
                for (m, asset) in ["SPX", "GC", "NDX", "CL"].into_iter().enumerate() {
                    let p = 30.0 + ((7 * k as usize + 5 * s + 11 * m) % 40) as f64;
                    let chg = if (k as usize + m).is_multiple_of(3) {
                        -0.4
                    } else {
                        0.6
                    };
                    rows.push(row(
                        seat,
                        &day,
                        10 * k as u64 + s as u64,
                        asset,
                        Some(p),
                        Some(chg),
                    ));
                }
            }
        }
        let body = r#""table": [{"asset": "SPX", "h": "1d", "p_up": 0.5}, {"asset": "GC", "h": "1d", "p_up": 0.5}, {"asset": "NDX", "h": "1d", "p_up": 0.5}, {"asset": "CL", "h": "1d", "p_up": 0.5}]"#;
        let hash = ClimatologyTable::parse(format!("{{{body}}}").as_bytes())
            .unwrap()
            .sha256;
        let clim = ClimatologyTable::parse(format!(r#"{{{body}, "sha256": "{hash}"}}"#).as_bytes())
            .unwrap();
        let stats_in = |season_one: Date| {
            league_stats(
                &LeagueInputs {
                    rows: &rows,
                    climatology: Some(&clim),
                    sealing_times: None,
                    roster: &Roster::default(),
                    season_one,
                },
                &Recorder,
            )
        };
        let declared = stats_in(one);
        assert_eq!(declared.primary_endpoint.sessions, 2);
        let window = &declared.independence.shadow.window;
        assert_eq!(window.len(), 10, "{window:?}");
        assert_eq!(window[0], "2030-01-02-am");
        assert!(declared.independence.shadow.weights.is_some());
        let bare = stats_in(crate::calendar::SESSION_ONE);
        assert_eq!(bare.primary_endpoint.sessions, 12);
        assert!(bare.independence.shadow.window.is_empty());
    }

    #[test]
    fn baselines_are_scored_beside_the_council_never_in_it() {
        let (rows, roster) = council_and_baselines();
        let council: Vec<ForecastRow> = rows
            .iter()
            .filter(|r| !super::super::baselines::is_baseline(&r.model))
            .cloned()
            .collect();
        assert!(council.len() < rows.len());
        let stats_of = |rows: &[ForecastRow]| {
            league_stats(
                &LeagueInputs {
                    rows,
                    climatology: None,
                    sealing_times: None,
                    roster: &roster,
                    season_one: crate::calendar::SESSION_ONE,
                },
                &Recorder,
            )
        };
        let (with, without) = (stats_of(&rows), stats_of(&council));
        // Removing the baselines' rows changes no council figure: they were never in it.
        assert_eq!(with.consensus, without.consensus);
        assert_eq!(with.n_eff, without.n_eff);
        assert_eq!(with.n_eff_mean_rho, without.n_eff_mean_rho);
        assert_eq!(with.primary_endpoint, without.primary_endpoint);
        assert_eq!(with.independence.runs, without.independence.runs);
        assert_eq!(with.independence.shadow, without.independence.shadow);
        // N_eff's n is the council's three seats.
        assert!(
            with.n_eff.iter().all(|r| r.reading.n == 3),
            "{:?}",
            with.n_eff
        );
        // The consensus of SPX on 2026-11-02 is the mean of a, b, c's 38, 43, 52.
        assert_eq!(with.consensus["1d"].n, 8);
        // The side diagnostics and the spectrum compute: no constant seat, every seat sided.
        for run in &with.independence.runs {
            assert!(
                run.sides.is_some(),
                "{} {}: {:?}",
                run.run_id,
                run.horizon,
                run.sides_note
            );
            assert!(run.spectrum.is_some(), "{} {}", run.run_id, run.horizon);
        }
        let weights = &with.independence.shadow.weights.as_ref().unwrap().weights;
        assert_eq!(weights.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
        // The baselines keep their own scores beside the council.
        let coin = &with.seats["coin"]["1d"];
        assert_eq!((coin.n, coin.brier), (8, Some(0.25)));
        assert_eq!((coin.consensus_value, coin.consensus_value_n), (None, 0));
        assert!(coin.baseline && !with.seats["a"]["1d"].baseline);
        assert!(with.seats["momentum"]["1d"].brier.is_some());
    }

    #[test]
    fn seat_and_consensus_tables() {
        let rows = vec![
            row("a", "2026-11-02", 10, "SPX", Some(60.0), Some(0.5)),
            row("b", "2026-11-02", 11, "SPX", Some(40.0), Some(0.5)),
            row("c", "2026-11-02", 12, "SPX", Some(70.0), Some(0.5)),
            row("a", "2026-11-02", 10, "GC", Some(55.0), Some(-0.01)),
            row("b", "2026-11-02", 11, "GC", None, Some(-0.01)),
            row("c", "2026-11-02", 12, "GC", Some(45.0), Some(-0.01)),
            // Session 10: SPX rose, so momentum says 55 for SPX on session 11.
            row("z", "2026-10-30", 9, "SPX", Some(50.0), Some(0.3)),
        ];
        let body = r#""table": [{"asset": "SPX", "h": "1d", "p_up": 0.5}, {"asset": "GC", "h": "1d", "p_up": 0.5}]"#;
        let hash = ClimatologyTable::parse(format!("{{{body}}}").as_bytes())
            .unwrap()
            .sha256;
        let clim = ClimatologyTable::parse(format!(r#"{{{body}, "sha256": "{hash}"}}"#).as_bytes())
            .unwrap();
        // Seat c's line was booked after the reference.
        let times: BTreeMap<u64, Instant> = [
            (9, "2026-10-30T13:29:00Z"),
            (10, "2026-11-02T14:00:00Z"),
            (11, "2026-11-02T14:29:59Z"),
            (12, "2026-11-02T14:30:00Z"),
        ]
        .into_iter()
        .map(|(n, t)| (n, Instant::parse_rfc3339(t).unwrap()))
        .collect();
        let inp = LeagueInputs {
            rows: &rows,
            climatology: Some(&clim),
            sealing_times: Some(&times),
            roster: &Roster::default(),
            season_one: crate::calendar::SESSION_ONE,
        };
        let st = league_stats(&inp, &Recorder);
        let a = &st.seats["a"]["1d"];
        assert_eq!((a.n, a.sessions, a.ranked), (2, 1, false));
        assert!((a.brier.unwrap() - (0.16 + 0.3025) / 2.0).abs() < 1e-15);
        assert!((a.brier_ex_draw.unwrap() - 0.16).abs() < 1e-15);
        assert_eq!(a.dropped_draws, 1);
        assert_eq!(
            a.logistic.as_ref().map(|f| (f.a, f.b)),
            Some((2.0, 2.0)),
            "the fit gets every resolved forecast with its session"
        );
        assert_eq!(a.ci95, None, "one session: no interval");
        // a's value: SPX without a = b's 40 (0.36) vs with a = 50 (0.25); GC without a: none.
        assert_eq!(a.consensus_value_n, 1);
        assert!((a.consensus_value.unwrap() - 0.11).abs() < 1e-15);
        assert!((a.bss_clim.unwrap() - (1.0 - a.brier.unwrap() / 0.25)).abs() < 1e-15);
        let b = &st.seats["b"]["1d"];
        assert_eq!((b.n, b.counted_50, b.coverage), (1, 1, Some(0.5)));
        assert!(b.interval.methods.is_empty() && b.interval.reason.is_some());
        // Common events: c is cut (sealed at 09:30:00 ET); SPX consensus of a, b = 50; GC of a = 55.
        assert_eq!(st.excluded_after_reference, 2);
        let c = &st.consensus["1d"];
        assert_eq!((c.n, c.sessions, c.n_clim), (3, 2, 3));
        assert!((c.brier.unwrap() - (0.25 + 0.3025 + 0.25) / 3.0).abs() < 1e-15);
        assert!((c.dispersion.unwrap() - 0.01 / 3.0).abs() < 1e-15);
        assert!((c.clim_brier.unwrap() - 0.25).abs() < 1e-15);
        assert_eq!(c.momentum_n, 1);
        assert!((c.momentum_brier.unwrap() - 0.2025).abs() < 1e-15);
        assert_eq!((c.all_wrong, c.minority_right), (0, 0));
        assert_eq!(st.time_basis, "book_sealed_at");
        // Session 11 (2026-11-02): G = mean(0.25 - 0.25, 0.25 - 0.3025).
        assert!((st.primary_endpoint.estimate.unwrap() - (-0.0525 / 2.0)).abs() < 1e-15);
        assert_eq!(st.primary_endpoint.sessions, 1);
        let g = &st.grid["a"]["SPX"]["1d"];
        assert_eq!((g.n, g.stated, g.hit_rate.hits), (1, 1, 1));
        assert!((g.brier.unwrap() - 0.16).abs() < 1e-15);
        // N_eff: c is cut, b's counted_50 GC is no answer; a and b share one market only.
        let runs: Vec<(&str, usize, Option<f64>)> = st
            .n_eff
            .iter()
            .map(|r| (r.run_id.as_str(), r.reading.n, r.reading.rho))
            .collect();
        assert_eq!(
            runs,
            [("2026-10-30-am", 1, None), ("2026-11-02-am", 2, None)]
        );
        assert_eq!(
            st.n_eff[1].note.as_ref().and_then(Note::msg),
            Some(&StatsNote::NoPairOverMarkets { min: 3 })
        );
        // The document keys others script against.
        let doc = serde_json::to_value(&st).unwrap();
        for k in [
            "brier",
            "brier_ex_draw",
            "n",
            "sessions",
            "coverage",
            "bss_clim",
            "k",
            "ranked",
        ] {
            assert!(doc["seats"]["a"]["1d"].get(k).is_some(), "seats.a.1d.{k}");
        }
        for k in ["brier", "dispersion", "n"] {
            assert!(doc["consensus"]["1d"].get(k).is_some(), "consensus.1d.{k}");
        }
        for k in ["run_id", "horizon", "n", "rho", "n_eff"] {
            assert!(doc["n_eff"][0].get(k).is_some(), "n_eff[].{k}");
        }
        for k in ["estimate", "ci95", "ci90", "verdict"] {
            assert!(
                doc["primary_endpoint"].get(k).is_some(),
                "primary_endpoint.{k}"
            );
        }
        // A table whose seal does not match gives no primary endpoint.
        let bad =
            ClimatologyTable::parse(format!(r#"{{{body}, "sha256": "00"}}"#).as_bytes()).unwrap();
        let st = league_stats(
            &LeagueInputs {
                climatology: Some(&bad),
                ..inp
            },
            &Recorder,
        );
        assert_eq!(st.primary_endpoint.estimate, None);
        assert_eq!(st.climatology_sha256_ok, Some(false));
    }
}
