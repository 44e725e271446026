//! The registered secondary analyses and the sensitivity analysis (spec seed 000 §8 and the
//! registration's list of secondary analyses), read beside the primary endpoint on the one-day
//! common events the consensus is scored on ([`super::league`]):
//!
//! - `spread_tertiles` ("does disagreement help?"): an event's spread is the population SD of
//!   the seats' stated probabilities on it, in points ([`super::calibration::spread`], two or
//!   more answers). The tertile bounds are the 33.3rd and 66.7th percentiles (numpy's linear
//!   rule) of the spreads of the design window's events (sessions 1-10); an event from session
//!   11 falls in the low tertile below the first bound, in the high one at or above the second
//!   (`np.digitize`), else in the middle one. On those events the gain is climatology's Brier
//!   minus the published consensus' (the primary endpoint's pair). The statistic holds the
//!   market fixed: per market with events in both the high and the low tertile, the mean gain
//!   of its high events minus that of its low ones, averaged over those markets (numpy order,
//!   markets in code-point order); two-sided, with the percentile 95% interval of a moving
//!   block bootstrap over the sessions (block 5, 10,000 resamples, seed 20261102; a resample
//!   in which no market has both tertiles gives no replicate). The question is unresolved while
//!   either tertile holds fewer than 30 events.
//! - `shadow_consensus` ("does discounting correlated voices help?"): on the one-day events of
//!   sessions 11 to 126, the published consensus' Brier minus the shadow consensus' (§5.3: the
//!   frozen weights of `independence.shadow`, renormalised over the answering seats by
//!   [`super::consensus::weighted_consensus`]; trim, family weights and clamp the published
//!   one's), per session G_s, read by the primary endpoint's moving block bootstrap and its
//!   +-0.01 equivalence region.
//! - `sensitivity`: the primary endpoint's paired gains on the four US equity indices alone
//!   (S&P 500, Nasdaq 100, Dow Jones, PHLX Semiconductor) with the sealed table's base rates,
//!   and with base rates on the event's own 09:30-16:00 ET session (`sensitivity_exact_window`
//!   of the registered script): the table's one-day row of an index is that rate when the row
//!   states the session-bar rule ([`super::baselines::ClimRule::SessionBar`]: a US index's
//!   daily bar is that session); otherwise there is no exact-window rate and the figure is
//!   null with the reason.
//!
//! None of these carries a registered probability; each is reported without a multiplicity
//! adjustment (§8). They read every scored row, whatever its methodology version.

use super::baselines::{bss, ClimRule, ClimatologyTable};
use super::brier::brier;
use super::calibration::spread;
use super::consensus::{weighted_consensus, Answer};
use super::league::PrimaryEndpoint;
use super::mean;
use super::notes::{Note, StatsNote};
use super::seams::{Interval, StatsSeams};
use crate::neff::shadow::ShadowWeights;
use crate::stats::bootstrap::{bootstrap, percentile_interval, Resampling};
use crate::stats::endpoint::{session_gains, EndpointConfig, PairedLoss, PRIMARY_FIRST_SESSION};
use crate::stats::numpy_reduce;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The four US equity indices of the sensitivity analysis (§8), in Table 2's order.
pub const US_EQUITY: [&str; 4] = ["SPX", "NDX", "DJI", "SOX"];
/// The tertile bounds' percentiles of the design window's spreads (§8).
pub const TERTILE_PERCENTILES: (f64, f64) = (33.3, 66.7);
/// Events each of the high and low tertiles needs before the question is resolved (§8).
pub const TERTILE_MIN_EVENTS: usize = 30;
/// The last session of the shadow-consensus comparison (§8: sessions 11 to 126).
pub const SHADOW_LAST_SESSION: u32 = 126;

/// One resolved-or-not one-day common event, as the consensus scored it.
pub(crate) struct OneDayEvent<'a> {
    /// The session's number in the season, if it has one.
    pub session: Option<u32>,
    pub asset: &'a str,
    /// The stated answers in roster order, with their families.
    pub answers: Vec<Answer<'a>>,
    /// The outcome (strictly up), None while unresolved.
    pub up: Option<bool>,
    /// The published consensus, percent.
    pub consensus_pct: f64,
}

/// The `secondary` block of the stats document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Secondary {
    pub spread_tertiles: SpreadTertiles,
    pub shadow_consensus: ShadowComparison,
    pub sensitivity: Sensitivity,
}

/// The consensus on one spread tertile's events (`secondary.spread_tertiles.<tertile>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tertile {
    pub events: usize,
    pub sessions: usize,
    /// Mean Brier of the published consensus.
    pub consensus_brier: Option<f64>,
    /// Mean Brier of the climatology base rate on the same events.
    pub clim_brier: Option<f64>,
    /// The consensus' BSS against climatology there.
    pub bss_clim: Option<f64>,
    /// Mean of climatology's Brier minus the consensus', per event.
    pub gain: Option<f64>,
}

/// Does disagreement help? (`secondary.spread_tertiles`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpreadTertiles {
    /// Design-window events (sessions 1-10) whose spreads set the bounds.
    pub design_events: usize,
    /// The 33.3rd and 66.7th percentiles of their spreads, points.
    pub bounds: Option<Interval>,
    pub low: Tertile,
    pub middle: Tertile,
    pub high: Tertile,
    /// Markets with events in both the high and the low tertile.
    pub markets: usize,
    /// The mean over those markets of (high tertile's mean gain - low tertile's).
    pub estimate: Option<f64>,
    /// Sessions the bootstrap resamples: those with a classified event.
    pub sessions: usize,
    /// Percentile 95% interval of the moving block bootstrap.
    pub ci95: Option<Interval>,
    /// Bootstrap resamples that gave a replicate (a market in both tertiles).
    pub replicates: usize,
    pub config: EndpointConfig,
    /// Both the high and the low tertile hold [`TERTILE_MIN_EVENTS`] events.
    pub resolved: bool,
    /// Why the question is unresolved or has no estimate or interval.
    pub note: Option<Note>,
}

/// Does discounting correlated voices help? (`secondary.shadow_consensus`): the published
/// consensus' Brier minus the shadow consensus', read like the primary endpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShadowComparison {
    /// The paired events.
    pub events: usize,
    pub published_brier: Option<f64>,
    pub shadow_brier: Option<f64>,
    #[serde(flatten)]
    pub endpoint: PrimaryEndpoint,
}

/// The registered sensitivity analysis (`secondary.sensitivity`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sensitivity {
    pub markets: Vec<String>,
    /// The primary endpoint on the four indices, the table's base rates.
    pub us_equity: PrimaryEndpoint,
    /// The same with base rates on the event's own 09:30-16:00 ET session; None when the
    /// table gives none (`exact_window_reason`).
    pub exact_window: Option<ExactWindow>,
    pub exact_window_reason: Option<Note>,
}

/// The sensitivity analysis with exact-window base rates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactWindow {
    /// Index -> its one-day base rate on the 09:30-16:00 ET session (0-1).
    pub base_rates: BTreeMap<String, f64>,
    #[serde(flatten)]
    pub endpoint: PrimaryEndpoint,
}

/// The `secondary` block from the one-day events; `sha256_ok` is the climatology table's
/// content-hash check (the primary endpoint's condition), `shadow` the frozen weights or the
/// note saying why there are none.
pub(crate) fn secondary(
    events: &[OneDayEvent<'_>],
    climatology: Option<&ClimatologyTable>,
    sha256_ok: Option<bool>,
    shadow: (Option<&ShadowWeights>, Option<&Note>),
    stats: &dyn StatsSeams,
) -> Secondary {
    let q = |e: &OneDayEvent| climatology.and_then(|c| c.q(e.asset, "1d"));
    Secondary {
        spread_tertiles: spread_tertiles(events, &q, sha256_ok),
        shadow_consensus: shadow_comparison(events, shadow, stats),
        sensitivity: sensitivity(events, climatology, sha256_ok, stats),
    }
}

/// The resolved events of the confirmatory window, from session 11.
fn scored<'e, 'a>(
    events: &'e [OneDayEvent<'a>],
) -> impl Iterator<Item = (u32, bool, &'e OneDayEvent<'a>)> {
    events.iter().filter_map(|e| {
        let s = e.session.filter(|s| *s >= PRIMARY_FIRST_SESSION)?;
        Some((s, e.up?, e))
    })
}

/// An event's spread: the population SD of its stated probabilities, two or more answers.
fn event_spread(e: &OneDayEvent<'_>) -> Option<f64> {
    let ps: Vec<f64> = e.answers.iter().map(|a| a.p_pct).collect();
    (ps.len() >= 2).then(|| spread(&ps)).flatten()
}

/// One classified event: session, market, tertile (0 low, 1 middle, 2 high), consensus and
/// climatology losses.
struct Classified<'a> {
    session: u32,
    asset: &'a str,
    tertile: usize,
    consensus: f64,
    clim: f64,
}

fn spread_tertiles(
    events: &[OneDayEvent<'_>],
    q: &dyn Fn(&OneDayEvent) -> Option<f64>,
    sha256_ok: Option<bool>,
) -> SpreadTertiles {
    let config = EndpointConfig::PRIMARY;
    let design: Vec<f64> = events
        .iter()
        .filter(|e| e.session.is_some_and(|s| s < PRIMARY_FIRST_SESSION))
        .filter_map(event_spread)
        .collect();
    let bounds = numpy_reduce::percentile(&design, TERTILE_PERCENTILES.0)
        .zip(numpy_reduce::percentile(&design, TERTILE_PERCENTILES.1));
    let mut classified = Vec::new();
    if let (Some((b1, b2)), Some(true)) = (bounds, sha256_ok) {
        for (session, up, e) in scored(events) {
            let (Some(s), Some(q)) = (event_spread(e), q(e)) else {
                continue;
            };
            classified.push(Classified {
                session,
                asset: e.asset,
                tertile: if s < b1 {
                    0
                } else if s >= b2 {
                    2
                } else {
                    1
                },
                consensus: brier(e.consensus_pct, up),
                clim: brier(100.0 * q, up),
            });
        }
    }
    let tertile = |t: usize| {
        let on: Vec<&Classified> = classified.iter().filter(|c| c.tertile == t).collect();
        let (cons, clim) = (
            mean(on.iter().map(|c| c.consensus)),
            mean(on.iter().map(|c| c.clim)),
        );
        let sessions: std::collections::BTreeSet<u32> = on.iter().map(|c| c.session).collect();
        Tertile {
            events: on.len(),
            sessions: sessions.len(),
            consensus_brier: cons,
            clim_brier: clim,
            bss_clim: cons.zip(clim).and_then(|(b, c)| bss(b, c)),
            gain: mean(on.iter().map(|c| c.clim - c.consensus)),
        }
    };
    let (low, middle, high) = (tertile(0), tertile(1), tertile(2));
    // Session -> its classified events, in session order.
    let mut by_session: BTreeMap<u32, Vec<&Classified>> = BTreeMap::new();
    for c in &classified {
        by_session.entry(c.session).or_default().push(c);
    }
    let sessions: Vec<Vec<&Classified>> = by_session.into_values().collect();
    let all: Vec<&Classified> = sessions.iter().flatten().copied().collect();
    let point = market_fixed(&all);
    let mut note = None;
    let (ci95, replicates) = match bootstrap(
        sessions.len(),
        Resampling::MovingBlock {
            block: config.block,
        },
        config.reps,
        config.seed,
        |idx| {
            let drawn: Vec<&Classified> = idx
                .iter()
                .flat_map(|&i| sessions[i].iter().copied())
                .collect();
            market_fixed(&drawn).map_or(f64::NAN, |(d, _)| d)
        },
    ) {
        Ok(reps) => {
            let defined: Vec<f64> = reps.into_iter().filter(|x| !x.is_nan()).collect();
            (
                percentile_interval(&defined, 0.95).map(|c| (c.lo, c.hi)),
                defined.len(),
            )
        }
        Err(e) => {
            note = Some(Note::from(StatsNote::Bootstrap {
                sessions: sessions.len(),
                error: e,
            }));
            (None, 0)
        }
    };
    let resolved = low.events >= TERTILE_MIN_EVENTS && high.events >= TERTILE_MIN_EVENTS;
    let why = if bounds.is_none() {
        Some(StatsNote::TertileNoBounds {
            last: PRIMARY_FIRST_SESSION - 1,
        })
    } else if sha256_ok.is_none() {
        Some(StatsNote::NoClimatology)
    } else if sha256_ok != Some(true) {
        Some(StatsNote::ClimatologyHashMismatch)
    } else if !resolved {
        Some(StatsNote::TertileUnresolved {
            low: low.events,
            high: high.events,
            min: TERTILE_MIN_EVENTS,
        })
    } else if point.is_none() {
        Some(StatsNote::TertileNoMarket)
    } else {
        None
    };
    SpreadTertiles {
        design_events: design.len(),
        bounds,
        low,
        middle,
        high,
        markets: point.map_or(0, |p| p.1),
        estimate: point.map(|p| p.0),
        sessions: sessions.len(),
        ci95,
        replicates,
        config,
        resolved,
        note: why.map(Note::from).or(note),
    }
}

/// The market-fixed difference: per market with high and low events, the mean gain of the
/// high ones minus that of the low ones; their mean over markets (code-point order), and how
/// many markets it averages.
fn market_fixed(events: &[&Classified<'_>]) -> Option<(f64, usize)> {
    let mut by_market: BTreeMap<&str, [Vec<f64>; 2]> = BTreeMap::new();
    for c in events {
        let k = match c.tertile {
            0 => 0,
            2 => 1,
            _ => continue,
        };
        by_market.entry(c.asset).or_default()[k].push(c.clim - c.consensus);
    }
    let diffs: Vec<f64> = by_market
        .values()
        .filter_map(|[low, high]| Some(numpy_reduce::mean(high)? - numpy_reduce::mean(low)?))
        .collect();
    numpy_reduce::mean(&diffs).map(|d| (d, diffs.len()))
}

fn shadow_comparison(
    events: &[OneDayEvent<'_>],
    (weights, why): (Option<&ShadowWeights>, Option<&Note>),
    stats: &dyn StatsSeams,
) -> ShadowComparison {
    let Some(w) = weights else {
        let why = why.cloned().unwrap_or_else(|| {
            StatsNote::NoShadowWindow {
                session: PRIMARY_FIRST_SESSION,
            }
            .into()
        });
        let endpoint = PrimaryEndpoint::without(why);
        return ShadowComparison {
            events: 0,
            published_brier: None,
            shadow_brier: None,
            endpoint,
        };
    };
    let weight = |seat: &str| w.weights.get(seat).copied().unwrap_or(0.0);
    let mut paired = Vec::new();
    for (session, up, e) in scored(events).filter(|(s, _, _)| *s <= SHADOW_LAST_SESSION) {
        if let Some(shadow) = weighted_consensus(&e.answers, &weight) {
            paired.push(PairedLoss {
                session,
                baseline_loss: brier(e.consensus_pct, up),
                model_loss: brier(shadow.p_pct, up),
            });
        }
    }
    ShadowComparison {
        events: paired.len(),
        published_brier: mean(paired.iter().map(|p| p.baseline_loss)),
        shadow_brier: mean(paired.iter().map(|p| p.model_loss)),
        endpoint: PrimaryEndpoint::of(session_gains(&paired), stats),
    }
}

fn sensitivity(
    events: &[OneDayEvent<'_>],
    climatology: Option<&ClimatologyTable>,
    sha256_ok: Option<bool>,
    stats: &dyn StatsSeams,
) -> Sensitivity {
    let on_indices = |rate: &dyn Fn(&str) -> Option<f64>| -> Vec<PairedLoss> {
        scored(events)
            .filter(|(_, _, e)| US_EQUITY.contains(&e.asset))
            .filter_map(|(session, up, e)| {
                Some(PairedLoss {
                    session,
                    baseline_loss: brier(100.0 * rate(e.asset)?, up),
                    model_loss: brier(e.consensus_pct, up),
                })
            })
            .collect()
    };
    let table = |asset: &str| climatology.and_then(|c| c.q(asset, "1d"));
    let us_equity = PrimaryEndpoint::of_paired(sha256_ok, &on_indices(&table), stats);
    // The exact-window rate of an index: its one-day row under the session-bar rule.
    let exact: BTreeMap<String, Option<f64>> = US_EQUITY
        .iter()
        .map(|a| {
            let rate = climatology
                .and_then(|c| c.entry(a, "1d"))
                .filter(|e| {
                    e.rule.as_deref().and_then(ClimRule::parse) == Some(ClimRule::SessionBar)
                })
                .map(|e| e.p_up);
            (a.to_string(), rate)
        })
        .collect();
    let missing: Vec<&str> = exact
        .iter()
        .filter(|(_, r)| r.is_none())
        .map(|(a, _)| a.as_str())
        .collect();
    let (exact_window, exact_window_reason) = if climatology.is_none() {
        (None, Some(Note::from(StatsNote::NoClimatology)))
    } else if !missing.is_empty() {
        let markets = missing.iter().map(|a| a.to_string()).collect();
        (
            None,
            Some(Note::from(StatsNote::NoExactWindowRow { markets })),
        )
    } else {
        let base_rates: BTreeMap<String, f64> = exact
            .into_iter()
            .filter_map(|(a, r)| Some((a, r?)))
            .collect();
        let rate = |asset: &str| base_rates.get(asset).copied();
        let endpoint = PrimaryEndpoint::of_paired(sha256_ok, &on_indices(&rate), stats);
        (
            Some(ExactWindow {
                base_rates,
                endpoint,
            }),
            None,
        )
    };
    Sensitivity {
        markets: US_EQUITY.iter().map(|a| a.to_string()).collect(),
        us_equity,
        exact_window,
        exact_window_reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::seams::CoreStats;

    fn classified(asset: &str, tertile: usize, gain: f64) -> Classified<'_> {
        Classified {
            session: 11,
            asset,
            tertile,
            consensus: 0.25 - gain,
            clim: 0.25,
        }
    }

    /// The market is held fixed: each market's high-minus-low difference, then their mean,
    /// not the pooled high events' mean minus the pooled low events' mean.
    #[test]
    fn the_difference_holds_the_market_fixed() {
        let events = [
            classified("SPX", 2, 0.04),
            classified("SPX", 0, 0.01),
            classified("GOLD", 2, 0.0),
            classified("GOLD", 0, 0.02),
            classified("GOLD", 0, 0.04),
            classified("GOLD", 1, 0.5),
            // Only a high event: the market has no difference.
            classified("BTC", 2, 0.3),
        ];
        let refs: Vec<&Classified> = events.iter().collect();
        let (d, markets) = market_fixed(&refs).unwrap();
        assert_eq!(markets, 2);
        let want = ((0.04 - 0.01) + (0.0 - 0.03)) / 2.0;
        assert!((d - want).abs() < 1e-15, "{d} vs {want}");
        assert_eq!(market_fixed(&refs[6..]), None);
    }

    fn answers() -> Vec<Answer<'static>> {
        [("a", 60.0), ("b", 40.0), ("c", 70.0)]
            .into_iter()
            .map(|(seat, p_pct)| Answer {
                seat,
                family: seat,
                p_pct,
            })
            .collect()
    }

    fn table(spx_rule: &str) -> ClimatologyTable {
        let rows: Vec<String> = US_EQUITY
            .iter()
            .map(|a| {
                let rule = if *a == "SPX" {
                    spx_rule.to_string()
                } else {
                    ClimRule::SessionBar.text().to_string()
                };
                format!(r#"{{"asset": "{a}", "h": "1d", "p_up": 0.5, "rule": "{rule}"}}"#)
            })
            .collect();
        let body = format!(r#""table": [{}]"#, rows.join(", "));
        let hash = ClimatologyTable::parse(format!("{{{body}}}").as_bytes())
            .unwrap()
            .sha256;
        ClimatologyTable::parse(format!(r#"{{{body}, "sha256": "{hash}"}}"#).as_bytes()).unwrap()
    }

    /// The exact-window rate is the table's session-bar row; a row under another rule gives
    /// no exact-window figure, with the reason naming the index.
    #[test]
    fn exact_window_rates_come_from_session_bar_rows_only() {
        let events: Vec<OneDayEvent> = (11..20)
            .map(|s| OneDayEvent {
                session: Some(s),
                asset: "SPX",
                answers: answers(),
                up: Some(s % 2 == 0),
                consensus_pct: 56.0,
            })
            .collect();
        let good = table(ClimRule::SessionBar.text());
        let s = sensitivity(&events, Some(&good), Some(true), &CoreStats);
        let w = s.exact_window.expect("session-bar rows");
        assert_eq!(w.base_rates.len(), 4);
        assert_eq!(w.endpoint, s.us_equity);
        assert_eq!(s.us_equity.sessions, 9);
        let other = table(ClimRule::DailyClose.text());
        let s = sensitivity(&events, Some(&other), Some(true), &CoreStats);
        assert_eq!(s.exact_window, None);
        let why = s.exact_window_reason.unwrap().to_string();
        assert!(why.contains("SPX") && !why.contains("NDX"), "{why}");
        assert_eq!(s.us_equity.sessions, 9);
    }

    /// The shadow comparison pairs each event's published consensus with the weighted one.
    #[test]
    fn the_shadow_is_the_weighted_consensus_against_the_published() {
        let weights = ShadowWeights {
            weights: [("a", 1.0), ("b", 3.0), ("c", 1.0)]
                .into_iter()
                .map(|(s, w)| (s.to_string(), w))
                .collect(),
            mean_r: BTreeMap::new(),
            pairs: BTreeMap::new(),
            median_filled: Vec::new(),
        };
        let e = OneDayEvent {
            session: Some(12),
            asset: "SPX",
            answers: answers(),
            up: Some(true),
            consensus_pct: 170.0 / 3.0,
        };
        // After session 126: outside the comparison.
        let late = OneDayEvent {
            session: Some(SHADOW_LAST_SESSION + 1),
            answers: answers(),
            ..e
        };
        let c = shadow_comparison(&[e, late], (Some(&weights), None), &CoreStats);
        assert_eq!(c.events, 1);
        let shadow = (60.0 + 3.0 * 40.0 + 70.0) / 5.0 / 100.0;
        let published = 170.0 / 300.0;
        assert!((c.shadow_brier.unwrap() - (1.0 - shadow) * (1.0 - shadow)).abs() < 1e-15);
        let g = (1.0 - published) * (1.0 - published) - (1.0 - shadow) * (1.0 - shadow);
        assert!((c.endpoint.estimate.unwrap() - g).abs() < 1e-15);
        let none = shadow_comparison(&[], (None, None), &CoreStats);
        assert!(none.endpoint.note.is_some() && none.endpoint.estimate.is_none());
    }
}
