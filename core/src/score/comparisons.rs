//! The confirmatory comparisons with their equivalence test and power (spec seed 000 §4.6,
//! Requirement 10): every council seat and the published consensus against the coin, the
//! sealed climatology and the crowd, on each horizon's common events of the confirmatory window (session
//! [`PRIMARY_FIRST_SESSION`] on, §8: the design window before it is read by no confirmatory
//! figure).
//!
//! Each comparison is read on paired session gains: for forecaster A and benchmark C on the
//! same events, G_s is the mean over session s's events of B_C - B_A (positive: A lost less).
//! Over the sessions' G_s:
//! - the 90% Student t interval and the two one-sided tests at 5% against the +-0.01 Brier
//!   margin ("no material difference" only when that interval lies inside it), as statsmodels'
//!   `DescrStatsW(G).ttost_mean(-0.01, 0.01)`;
//! - the power figure n = 7.85 sigma_G^2 / delta^2: the sessions needed to detect delta = the
//!   margin with a two-sided 5% test at 80% power, and the effect detectable at the sessions
//!   held. sigma_G is the sd of the session gains once [`SIGMA_FROM_SESSIONS`] sessions are
//!   scored; before that the spec's proxy, a forecast-level sd of 0.062 with rho 0.41 over the
//!   comparison's events per session (12 markets when it has none yet).
//!
//! The crowd (§4.9, "on the same sessions and markets"): on a one-day common event, the sealed
//! price of the admitted crowd contract (volume at least $1,000; Polymarket's when it lists
//! the market, else Kalshi's) that the event's run lists for the event's market, read as the
//! crowd's probability of the league's event and scored on the league's outcome. Events
//! without such a price are not in the crowd comparisons; the crowd contract's own question
//! can resolve apart from the league's (`crowd.*.d`, the 2d rule of §4.9).

use super::brier::brier;
use super::seams::Interval;
use crate::calendar::Horizon;
use crate::stats::endpoint::{
    session_gains, PairedLoss, EQUIVALENCE_MARGIN, PRIMARY_FIRST_SESSION,
};
use crate::stats::intervals::{
    detectable_effect, session_mean_sd, sessions_needed, t_interval, tost_session_means, Tost,
};
use crate::stats::numpy_reduce;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One-sided level of each of the two tests (the 90% interval), §4.6.
pub const TOST_ALPHA: f64 = 0.05;
/// Scored sessions from which sigma_G is the session gains' own sd, not the proxy (§4.6).
pub const SIGMA_FROM_SESSIONS: usize = 5;
/// The proxy's forecast-level sd of the paired Brier difference (§4.6).
pub const PROXY_FORECAST_SD: f64 = 0.062;
/// The proxy's within-session correlation (§4.6).
pub const PROXY_RHO: f64 = 0.41;
/// Events per session the proxy assumes before any is scored: the twelve markets.
pub const PROXY_EVENTS_PER_SESSION: f64 = 12.0;

/// The forecaster being tested.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Forecaster {
    /// The published consensus (§4.5).
    Consensus,
    /// A council seat, by name.
    Seat(String),
}

/// The benchmark it is held against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Benchmark {
    /// 50% on every event: Brier 0.25.
    Coin,
    /// The sealed table's base rate of the event's market and horizon (§4.3).
    Climatology,
    /// The crowd's sealed price of the event's run and market (§4.9; one-day events).
    Crowd,
}

/// Where sigma_G comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SigmaFrom {
    /// The sd (ddof 1) of the comparison's session gains.
    Sessions,
    /// The spec's proxy, before [`SIGMA_FROM_SESSIONS`] sessions are scored.
    Proxy,
}

/// The power figure of one comparison (§4.6, `power_brier`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Power {
    pub sigma_g: f64,
    pub sigma_from: SigmaFrom,
    /// The effect to detect: the equivalence margin, in Brier points.
    pub delta: f64,
    /// Independent sessions needed to detect `delta` (two-sided 5%, 80% power).
    pub sessions_needed: f64,
    /// The smallest effect detectable at the sessions held; none before the first.
    pub detectable_effect: Option<f64>,
}

/// One confirmatory comparison (`comparisons[]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub forecaster: Forecaster,
    pub benchmark: Benchmark,
    pub horizon: String,
    /// Sessions with a paired event in the window, and the paired events.
    pub sessions: usize,
    pub events: usize,
    /// Mean of the session gains G_s (positive: the forecaster lost less).
    pub estimate: Option<f64>,
    /// The 90% t interval of the mean gain (the interval TOST reads).
    pub ci90: Option<Interval>,
    /// TOST at +-[`EQUIVALENCE_MARGIN`]; none with fewer than two sessions or a zero spread.
    pub tost: Option<Tost>,
    pub power: Power,
}

/// The paired losses of every comparison, gathered event by event.
#[derive(Default)]
pub(crate) struct ComparisonLosses {
    by: BTreeMap<(Forecaster, Benchmark, Horizon), Vec<PairedLoss>>,
}

impl ComparisonLosses {
    /// Records one resolved common event of session number `session` on horizon `h`: the
    /// consensus' loss and each seat's stated probability (percent), against the coin and,
    /// where the table has the event's base rate, climatology (`clim_q`, 0-1), and where the
    /// book has the crowd's price of the event, the crowd (`crowd_q`, 0-1). Events before the
    /// confirmatory window are left out.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_event<'s>(
        &mut self,
        h: Horizon,
        session: Option<u32>,
        up: bool,
        clim_q: Option<f64>,
        crowd_q: Option<f64>,
        consensus_loss: f64,
        seats: impl Iterator<Item = (&'s str, f64)>,
    ) {
        let Some(session) = session.filter(|s| *s >= PRIMARY_FIRST_SESSION) else {
            return;
        };
        let mut push = |who: Forecaster, loss: f64| {
            let mut one = |b: Benchmark, baseline_loss: f64| {
                self.by
                    .entry((who.clone(), b, h))
                    .or_default()
                    .push(PairedLoss {
                        session,
                        baseline_loss,
                        model_loss: loss,
                    });
            };
            one(Benchmark::Coin, brier(50.0, up));
            if let Some(q) = clim_q {
                one(Benchmark::Climatology, brier(100.0 * q, up));
            }
            if let Some(q) = crowd_q {
                one(Benchmark::Crowd, brier(100.0 * q, up));
            }
        };
        push(Forecaster::Consensus, consensus_loss);
        for (seat, p_pct) in seats {
            push(Forecaster::Seat(seat.to_string()), brier(p_pct, up));
        }
    }

    /// Every comparison's reading, the consensus first, then seats by name; per forecaster the
    /// coin, climatology, then the crowd, horizons in their order.
    pub(crate) fn read(self) -> Vec<Comparison> {
        self.by
            .into_iter()
            .map(|((forecaster, benchmark, h), losses)| read_one(forecaster, benchmark, h, &losses))
            .collect()
    }
}

fn read_one(
    forecaster: Forecaster,
    benchmark: Benchmark,
    h: Horizon,
    losses: &[PairedLoss],
) -> Comparison {
    let gains: Vec<f64> = session_gains(losses).iter().map(|g| g.gain).collect();
    let sessions = gains.len();
    Comparison {
        forecaster,
        benchmark,
        horizon: h.as_str().to_string(),
        sessions,
        events: losses.len(),
        estimate: numpy_reduce::mean(&gains),
        ci90: t_interval(&gains, 1.0 - 2.0 * TOST_ALPHA).map(|t| (t.lo, t.hi)),
        tost: tost_session_means(&gains, EQUIVALENCE_MARGIN, TOST_ALPHA)
            .filter(|t| t.se > 0.0 && t.p_value.is_finite()),
        power: power(&gains, losses.len()),
    }
}

/// sigma_G from the gains (ddof 1) from [`SIGMA_FROM_SESSIONS`] sessions on, else the proxy
/// over the comparison's mean events per session; then the sessions needed for the margin and
/// the effect detectable now.
fn power(gains: &[f64], events: usize) -> Power {
    let sessions = gains.len();
    let measured = (sessions >= SIGMA_FROM_SESSIONS)
        .then(|| numpy_reduce::std(gains, 1))
        .flatten()
        .filter(|s| s.is_finite() && *s > 0.0);
    let (sigma_g, sigma_from) = match measured {
        Some(s) => (s, SigmaFrom::Sessions),
        None => {
            let k = if sessions == 0 {
                PROXY_EVENTS_PER_SESSION
            } else {
                events as f64 / sessions as f64
            };
            (
                session_mean_sd(PROXY_FORECAST_SD, k, PROXY_RHO),
                SigmaFrom::Proxy,
            )
        }
    };
    Power {
        sigma_g,
        sigma_from,
        delta: EQUIVALENCE_MARGIN,
        sessions_needed: sessions_needed(sigma_g, EQUIVALENCE_MARGIN),
        detectable_effect: (sessions > 0).then(|| detectable_effect(sigma_g, sessions as f64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxy_gives_the_spec_figures() {
        // §4.6: sd 0.062, rho 0.41, twelve markets: 126 sessions detect 0.0105; 0.005 needs 554.
        let p = power(&[], 0);
        assert_eq!(p.sigma_from, SigmaFrom::Proxy);
        assert!((detectable_effect(p.sigma_g, 126.0) - 0.0105).abs() < 5e-5);
        assert_eq!(sessions_needed(p.sigma_g, 0.005).round(), 554.0);
        assert_eq!(p.detectable_effect, None);
    }

    #[test]
    fn sigma_comes_from_the_sessions_from_the_fifth() {
        let four = power(&[0.01, -0.02, 0.03, 0.0], 48);
        assert_eq!(four.sigma_from, SigmaFrom::Proxy);
        let five = power(&[0.01, -0.02, 0.03, 0.0, 0.02], 60);
        assert_eq!(five.sigma_from, SigmaFrom::Sessions);
        let sd = numpy_reduce::std(&[0.01, -0.02, 0.03, 0.0, 0.02], 1).unwrap();
        assert_eq!(five.sigma_g, sd);
        assert_eq!(five.sessions_needed, 7.85 * sd * sd / 1e-4);
        assert_eq!(five.detectable_effect, Some((7.85 * sd * sd / 5.0).sqrt()));
    }

    #[test]
    fn events_before_the_window_are_left_out_and_each_benchmark_is_paired() {
        let mut c = ComparisonLosses::default();
        let first = PRIMARY_FIRST_SESSION;
        c.add_event(
            Horizon::D1,
            Some(first - 1),
            true,
            Some(0.5),
            None,
            0.1,
            [("a", 60.0)].into_iter(),
        );
        assert!(c.by.is_empty());
        c.add_event(
            Horizon::D1,
            Some(first),
            true,
            None,
            None,
            0.1,
            [("a", 60.0)].into_iter(),
        );
        c.add_event(
            Horizon::D1,
            Some(first + 1),
            false,
            Some(0.6),
            Some(0.7),
            0.2,
            [("a", 60.0)].into_iter(),
        );
        let read = c.read();
        let keys: Vec<_> = read
            .iter()
            .map(|r| (r.forecaster.clone(), r.benchmark, r.sessions, r.events))
            .collect();
        assert_eq!(
            keys,
            vec![
                (Forecaster::Consensus, Benchmark::Coin, 2, 2),
                (Forecaster::Consensus, Benchmark::Climatology, 1, 1),
                (Forecaster::Consensus, Benchmark::Crowd, 1, 1),
                (Forecaster::Seat("a".into()), Benchmark::Coin, 2, 2),
                (Forecaster::Seat("a".into()), Benchmark::Climatology, 1, 1),
                (Forecaster::Seat("a".into()), Benchmark::Crowd, 1, 1),
            ]
        );
        // Seat a against the crowd's 70% on the down day: G = 0.49 - 0.36.
        assert_eq!(
            read[5].estimate,
            Some(brier(70.0, false) - brier(60.0, false))
        );
        // Seat a: G = 0.25 - 0.16 on the up day, 0.25 - 0.36 on the down day.
        let a_coin = &read[3];
        assert_eq!(
            a_coin.estimate,
            numpy_reduce::mean(&[0.25 - brier(60.0, true), 0.25 - brier(60.0, false)])
        );
        assert!(a_coin.tost.is_some() && a_coin.ci90.is_some());
        // One session: no interval, no test.
        assert_eq!((read[1].ci90, read[1].tost), (None, None));
    }
}
