//! Seed 002 rules (the forecasting ladder): edge = market Brier - model Brier on the
//! questions the model answered, the league score with every skipped resolved question at
//! 0.50, coverage, PROVISIONAL under 10 resolved questions, returns with stakes
//! `min(1, |p - q| / 0.20)` settled at prices clamped to 10-90 cents, and annulled ties,
//! which are scored for nobody. The 90% interval (600 paired resamples) is `core::stats`'.

use super::super::mean;
use super::super::seams::StatsSeams;
use serde::{Deserialize, Serialize};

/// Resolved questions below which a ranking is PROVISIONAL.
pub const PROVISIONAL_BELOW: usize = 10;
/// The disagreement at which a whole unit is staked.
pub const FULL_STAKE_GAP: f64 = 0.20;
/// Within this of the crowd the model sits the question out ("within two points").
pub const SIT_OUT_GAP: f64 = 0.02;
/// Settlement prices are clamped to this range.
pub const PRICE_CLAMP: (f64, f64) = (0.10, 0.90);
/// Resamples of the published 90% bootstrap interval.
pub const BOOTSTRAP_RESAMPLES: usize = 600;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resolution {
    Yes,
    No,
    /// A tie: recorded with its reason and scored for nobody.
    Annulled,
    Open,
}

/// One ladder question for one model: its probability (None if skipped) and the frozen
/// market price, both 0-1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub p: Option<f64>,
    pub q: f64,
    pub resolution: Resolution,
}

fn outcome(r: Resolution) -> Option<f64> {
    match r {
        Resolution::Yes => Some(1.0),
        Resolution::No => Some(0.0),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderScore {
    /// Questions asked (annulled ones excluded).
    pub asked: usize,
    pub answered: usize,
    /// Resolved questions (yes or no).
    pub resolved: usize,
    /// Resolved questions the model answered.
    pub answered_resolved: usize,
    pub brier: Option<f64>,
    pub market_brier: Option<f64>,
    /// market Brier - model Brier on the answered resolved questions (positive beats the price).
    pub edge: Option<f64>,
    /// Brier over every resolved question, a skipped one counted as 0.50.
    pub league_score: Option<f64>,
    pub coverage: Option<f64>,
    pub provisional: bool,
    /// Per answered resolved question: market Brier - model Brier (the values the 90%
    /// bootstrap resamples).
    pub edge_values: Vec<f64>,
}

pub fn ladder_score(questions: &[Question]) -> LadderScore {
    let live: Vec<&Question> = questions
        .iter()
        .filter(|q| q.resolution != Resolution::Annulled)
        .collect();
    let answered = live.iter().filter(|q| q.p.is_some()).count();
    let mut model = Vec::new();
    let mut market = Vec::new();
    let mut league = Vec::new();
    let mut edge_values = Vec::new();
    for q in &live {
        let Some(o) = outcome(q.resolution) else {
            continue;
        };
        let bm = (q.q - o).powi(2);
        match q.p {
            Some(p) => {
                let b = (p - o).powi(2);
                model.push(b);
                market.push(bm);
                league.push(b);
                edge_values.push(bm - b);
            }
            None => league.push((0.5 - o).powi(2)),
        }
    }
    let brier = mean(model.iter().copied());
    let market_brier = mean(market.iter().copied());
    LadderScore {
        asked: live.len(),
        answered,
        resolved: league.len(),
        answered_resolved: model.len(),
        brier,
        market_brier,
        edge: brier.zip(market_brier).map(|(b, m)| m - b),
        league_score: mean(league.iter().copied()),
        coverage: (!live.is_empty()).then(|| answered as f64 / live.len() as f64),
        provisional: league.len() < PROVISIONAL_BELOW,
        edge_values,
    }
}

/// The published 90% interval of the edge: the answered questions resampled with
/// replacement 600 times, paired with the crowd's error (seed 002, "Ranking eligibility").
pub fn edge_interval(score: &LadderScore, stats: &dyn StatsSeams, seed: u64) -> Option<(f64, f64)> {
    stats.iid_bootstrap(&score.edge_values, BOOTSTRAP_RESAMPLES, 0.90, seed)
}

/// The stake on a question: `min(1, |p - q| / 0.20)` units, nothing within two points.
pub fn stake(p: f64, q: f64) -> f64 {
    let gap = (p - q).abs();
    // Compare in whole hundredths of a point so that 0.52 vs 0.50 counts as two points.
    if (gap * 1e4).round() <= SIT_OUT_GAP * 1e4 {
        0.0
    } else {
        (gap / FULL_STAKE_GAP).min(1.0)
    }
}

/// The units won or lost on one resolved question: a bet on the side the model favours more
/// than the crowd, bought at the crowd's frozen price clamped to 10-90 cents. YES at price c
/// returns `stake (1 - c) / c` on yes and loses the stake on no; NO at `1 - c` returns
/// `stake c / (1 - c)` on no. None when there is no bet or no outcome.
pub fn bet_units(p: f64, q: f64, resolution: Resolution) -> Option<(f64, f64)> {
    let o = outcome(resolution)?;
    let s = stake(p, q);
    if s == 0.0 {
        return None;
    }
    let c = q.clamp(PRICE_CLAMP.0, PRICE_CLAMP.1);
    let won = if p > q {
        if o == 1.0 {
            s * (1.0 - c) / c
        } else {
            -s
        }
    } else if o == 0.0 {
        s * c / (1.0 - c)
    } else {
        -s
    };
    Some((s, won))
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Returns {
    pub bets: usize,
    pub staked: f64,
    pub won: f64,
    /// Units won / units staked.
    pub roi: Option<f64>,
}

pub fn returns(questions: &[Question]) -> Returns {
    let (mut bets, mut staked, mut won) = (0, 0.0, 0.0);
    for q in questions {
        if let Some((s, w)) = q.p.and_then(|p| bet_units(p, q.q, q.resolution)) {
            bets += 1;
            staked += s;
            won += w;
        }
    }
    Returns {
        bets,
        staked,
        won,
        roi: (staked > 0.0).then(|| won / staked),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        // "80% and it happens: 0.04; 30% and it happens: 0.49."
        let s = ladder_score(&[
            Question {
                p: Some(0.8),
                q: 0.5,
                resolution: Resolution::Yes,
            },
            Question {
                p: Some(0.3),
                q: 0.5,
                resolution: Resolution::Yes,
            },
            Question {
                p: None,
                q: 0.6,
                resolution: Resolution::No,
            },
            Question {
                p: Some(0.9),
                q: 0.5,
                resolution: Resolution::Annulled,
            },
            Question {
                p: Some(0.5),
                q: 0.5,
                resolution: Resolution::Open,
            },
        ]);
        assert_eq!(
            (s.asked, s.answered, s.resolved, s.answered_resolved),
            (4, 3, 3, 2)
        );
        assert!((s.brier.unwrap() - (0.04 + 0.49) / 2.0).abs() < 1e-15);
        assert!((s.edge.unwrap() - (0.25 - 0.265)).abs() < 1e-15);
        assert!((s.league_score.unwrap() - (0.04 + 0.49 + 0.25) / 3.0).abs() < 1e-15);
        assert_eq!(s.coverage, Some(0.75));
        assert!(s.provisional);
        // The interval resamples the two answered resolved questions 600 times at 90%.
        let recorder = crate::score::seams::testing::Recorder;
        assert_eq!(edge_interval(&s, &recorder, 1), Some((0.90, 1200.0)));
    }

    #[test]
    fn sized_stakes() {
        assert_eq!(stake(0.52, 0.50), 0.0); // within two points: sits out
        assert!((stake(0.55, 0.50) - 0.25).abs() < 1e-12); // five points: a quarter unit
        assert_eq!(stake(0.80, 0.50), 1.0);
        // "70% against 46 cents buys YES at 46": full unit, (1 - 0.46) / 0.46 on yes.
        let (s, w) = bet_units(0.70, 0.46, Resolution::Yes).unwrap();
        assert_eq!(s, 1.0);
        assert!((w - 0.54 / 0.46).abs() < 1e-12);
        // "85% against a crowd at 98% ... NO": the price clamps to 90 cents, so at most 9 to 1.
        let (_, w) = bet_units(0.85, 0.98, Resolution::No).unwrap();
        assert!((w - 0.65 * 0.9 / 0.1).abs() < 1e-9, "{w}");
        assert_eq!(bet_units(0.85, 0.98, Resolution::Annulled), None);
        let r = returns(&[Question {
            p: Some(0.7),
            q: 0.46,
            resolution: Resolution::No,
        }]);
        assert_eq!((r.bets, r.staked, r.won, r.roi), (1, 1.0, -1.0, Some(-1.0)));
    }
}
