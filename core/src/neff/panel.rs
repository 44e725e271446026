//! The seat x cell table of one run and the pairwise correlations behind N_eff (spec seed 000
//! §5.1): for each pair of seats, the correlation over the cells both answered; rho is the mean
//! over pairs; N_eff = n / (1 + (n - 1) rho) with n the seats that answered.
//!
//! A cell is a (market, horizon); the per-horizon reading restricts to one horizon (cells are then
//! the markets), the whole-run matrix of Fig. 11 uses all 48 cells. Seats and cells are kept in
//! code-point order, so results do not depend on row order.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{n_eff, pearson, uncentred, Answer, NeffError};

/// Fewest common cells for a pair's correlation to count (a pair with fewer is undefined).
pub const MIN_COMMON_CELLS: usize = 3;

/// How two seats' probabilities are compared.
#[derive(Clone, Debug, PartialEq)]
pub enum Similarity {
    /// Pearson correlation over common cells (the headline count, §5.1).
    Pearson,
    /// Uncentred correlation of deviations from 50: unchanged when a market's direction is
    /// flipped (§5.1 companion statistic).
    FromFifty,
    /// Uncentred correlation of deviations from a reference probability per (market, horizon)
    /// in percent, e.g. 100 x climatology p_up (the long-horizon reading of §5.1). Cells without
    /// a reference are left out.
    FromReference(BTreeMap<(String, String), f64>),
}

/// Seats x cells of stated probabilities (percent), `None` where a seat did not answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The seats, one row each, sorted.
    pub seats: Vec<String>,
    /// (market, horizon), sorted.
    pub cells: Vec<(String, String)>,
    values: Vec<Vec<Option<f64>>>,
}

impl Panel {
    /// Build from eligible answers, optionally restricted to one horizon. A second answer for the
    /// same seat and cell, or a probability outside 0..=100, is an error naming the row.
    pub fn from_answers<S: AsRef<str>>(
        answers: &[Answer<S>],
        horizon: Option<&str>,
    ) -> Result<Panel, NeffError> {
        let kept = || {
            answers
                .iter()
                .enumerate()
                .filter(move |(_, a)| horizon.is_none_or(|h| h == a.horizon.as_ref()))
        };
        // Seats and cells in code-point order, then one pass in row order filling the grid, so
        // the first bad row is the one reported.
        // Names are short: compared byte by byte inline (the same order as `str`'s `Ord`)
        // rather than through a `memcmp` call each.
        let name = |a: &str, b: &str| a.bytes().cmp(b.bytes());
        let cell = |a: &(&str, &str), b: &(&str, &str)| name(a.0, b.0).then(name(a.1, b.1));
        let mut seats: Vec<&str> = Vec::new();
        for (_, a) in kept() {
            // Rows come in runs of one seat: a repeat is not collected again.
            if seats
                .last()
                .is_none_or(|s| name(s, a.seat.as_ref()).is_ne())
            {
                seats.push(a.seat.as_ref());
            }
        }
        seats.sort_unstable_by(|a, b| name(a, b));
        seats.dedup_by(|a, b| name(a, b).is_eq());
        let mut cells: Vec<(&str, &str)> = kept()
            .map(|(_, a)| (a.market.as_ref(), a.horizon.as_ref()))
            .collect();
        cells.sort_unstable_by(cell);
        cells.dedup_by(|a, b| cell(a, b).is_eq());
        let mut values = vec![vec![None; cells.len()]; seats.len()];
        for (row, a) in kept() {
            let names = || (a.seat.as_ref().to_string(), a.market.as_ref().to_string());
            if !(a.prob.is_finite() && (0.0..=100.0).contains(&a.prob)) {
                let (seat, market) = names();
                let horizon = a.horizon.as_ref().to_string();
                return Err(NeffError::Probability {
                    row,
                    seat,
                    market,
                    horizon,
                });
            }
            let s = seats
                .binary_search_by(|s| name(s, a.seat.as_ref()))
                .expect("collected");
            let c = cells
                .binary_search_by(|c| cell(c, &(a.market.as_ref(), a.horizon.as_ref())))
                .expect("collected");
            if values[s][c].replace(a.prob).is_some() {
                let (seat, market) = names();
                let horizon = a.horizon.as_ref().to_string();
                return Err(NeffError::Duplicate {
                    row,
                    seat,
                    market,
                    horizon,
                });
            }
        }
        Ok(Panel {
            seats: seats.iter().map(|s| s.to_string()).collect(),
            cells: cells
                .iter()
                .map(|(m, h)| (m.to_string(), h.to_string()))
                .collect(),
            values,
        })
    }

    /// The stated probability of seat `s` in cell `c`.
    pub fn value(&self, s: usize, c: usize) -> Option<f64> {
        self.values[s][c]
    }

    /// What the similarity subtracts in each cell: 0 for Pearson, 50 from fifty, the cell's
    /// reference (`None`: the cell has none and is left out).
    fn shifts(&self, sim: &Similarity) -> Vec<Option<f64>> {
        self.cells
            .iter()
            .map(|cell| match sim {
                Similarity::Pearson => Some(0.0),
                Similarity::FromFifty => Some(50.0),
                Similarity::FromReference(r) => r.get(cell).copied(),
            })
            .collect()
    }

    /// Paired values of two seats over the cells both answered (and, for a reference
    /// similarity, that have a reference), transformed as the similarity asks ([`Self::shifts`]),
    /// into `x` and `y` (cleared first).
    fn common(
        &self,
        i: usize,
        j: usize,
        shifts: &[Option<f64>],
        x: &mut Vec<f64>,
        y: &mut Vec<f64>,
    ) {
        x.clear();
        y.clear();
        for (c, shift) in shifts.iter().enumerate() {
            let (Some(a), Some(b), Some(shift)) = (self.values[i][c], self.values[j][c], shift)
            else {
                continue;
            };
            x.push(a - shift);
            y.push(b - shift);
        }
    }

    /// All pairwise correlations.
    pub fn correlations(&self, sim: &Similarity) -> CorrelationMatrix {
        let n = self.seats.len();
        let mut r = vec![vec![None; n]; n];
        let mut common = vec![vec![0usize; n]; n];
        let shifts = self.shifts(sim);
        let (mut x, mut y) = (Vec::new(), Vec::new());
        for i in 0..n {
            common[i][i] = self.values[i].iter().filter(|v| v.is_some()).count();
            r[i][i] = Some(1.0);
            for j in i + 1..n {
                self.common(i, j, &shifts, &mut x, &mut y);
                let v = if x.len() < MIN_COMMON_CELLS {
                    None
                } else if matches!(sim, Similarity::Pearson) {
                    pearson(&x, &y)
                } else {
                    uncentred(&x, &y)
                };
                r[i][j] = v;
                r[j][i] = v;
                common[i][j] = x.len();
                common[j][i] = x.len();
            }
        }
        CorrelationMatrix {
            seats: self.seats.clone(),
            r,
            common,
        }
    }

    /// The headline reading of §5.1 for this panel.
    pub fn reading(&self, sim: &Similarity) -> NeffReading {
        self.correlations(sim).reading()
    }
}

/// Pairwise correlations of the seats of a panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorrelationMatrix {
    /// The seats, in the panel's order.
    pub seats: Vec<String>,
    /// r[i][j]; `None` when the pair has fewer than [`MIN_COMMON_CELLS`] common cells or a
    /// constant series on them. The diagonal is 1.
    pub r: Vec<Vec<Option<f64>>>,
    /// Common cells per pair (diagonal: cells the seat answered).
    pub common: Vec<Vec<usize>>,
}

/// One N_eff reading.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct NeffReading {
    /// Seats that answered.
    pub n: usize,
    /// Pairs with a defined correlation, and pairs without one.
    pub pairs: usize,
    /// See `pairs`.
    pub undefined_pairs: usize,
    /// Mean pairwise r over defined pairs.
    pub rho: Option<f64>,
    /// [`super::n_eff`] of `n` and `rho`.
    pub n_eff: Option<f64>,
}

impl CorrelationMatrix {
    /// Defined off-diagonal correlations in (i < j) order.
    pub fn pair_values(&self) -> Vec<f64> {
        let n = self.seats.len();
        (0..n)
            .flat_map(|i| (i + 1..n).filter_map(move |j| self.r[i][j]))
            .collect()
    }

    /// Mean r, pair counts and N_eff.
    pub fn reading(&self) -> NeffReading {
        let n = self.seats.len();
        let vals = self.pair_values();
        let all = n * n.saturating_sub(1) / 2;
        let rho = (!vals.is_empty()).then(|| vals.iter().sum::<f64>() / vals.len() as f64);
        NeffReading {
            n,
            pairs: vals.len(),
            undefined_pairs: all - vals.len(),
            rho,
            n_eff: rho.and_then(|r| n_eff(n, r)),
        }
    }

    /// The full matrix when every pair is defined (row-major), for eigenvalues.
    pub fn dense(&self) -> Option<Vec<f64>> {
        self.r.iter().flatten().copied().collect()
    }
}

/// The one-market-per-group variant (§5.1): within each group of co-moving markets keep only
/// the first listed (e.g. `[["S&P 500", "Nasdaq 100", "Dow"], ["WTI", "Brent"]]` drops Nasdaq
/// 100, Dow and Brent); markets in no group stay.
pub fn one_market_per_group<S: AsRef<str> + Clone>(
    answers: &[Answer<S>],
    groups: &[Vec<String>],
) -> Vec<Answer<S>> {
    let dropped: BTreeSet<&str> = groups
        .iter()
        .flat_map(|g| g.iter().skip(1).map(String::as_str))
        .collect();
    answers
        .iter()
        .filter(|a| !dropped.contains(a.market.as_ref()))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a<'a>(seat: &'a str, market: &'a str, prob: f64) -> Answer<&'a str> {
        Answer {
            seat,
            market,
            horizon: "1d",
            prob,
        }
    }

    #[test]
    fn duplicate_and_range_errors_name_the_row() {
        let rows = vec![a("x", "gold", 50.0), a("x", "gold", 60.0)];
        assert!(matches!(
            Panel::from_answers(&rows, None),
            Err(NeffError::Duplicate { row: 1, .. })
        ));
        let rows = vec![a("x", "gold", 101.0)];
        assert!(matches!(
            Panel::from_answers(&rows, None),
            Err(NeffError::Probability { row: 0, .. })
        ));
    }

    #[test]
    fn flipping_a_market_leaves_the_fifty_variant_alone() {
        let base = [(45.0, 40.0), (60.0, 65.0), (52.0, 49.0), (30.0, 38.0)];
        let markets: Vec<String> = (0..base.len()).map(|k| format!("m{k}")).collect();
        let rows = |flip: bool| -> Vec<Answer<&str>> {
            base.iter()
                .enumerate()
                .flat_map(|(k, &(p, q))| {
                    let (p, q) = if flip && k == 1 {
                        (100.0 - p, 100.0 - q)
                    } else {
                        (p, q)
                    };
                    [a("s1", &markets[k], p), a("s2", &markets[k], q)]
                })
                .collect()
        };
        let r0 = Panel::from_answers(&rows(false), None)
            .unwrap()
            .reading(&Similarity::FromFifty)
            .rho
            .unwrap();
        let r1 = Panel::from_answers(&rows(true), None)
            .unwrap()
            .reading(&Similarity::FromFifty)
            .rho
            .unwrap();
        assert!((r0 - r1).abs() < 1e-15);
        let p0 = Panel::from_answers(&rows(false), None)
            .unwrap()
            .reading(&Similarity::Pearson)
            .rho
            .unwrap();
        let p1 = Panel::from_answers(&rows(true), None)
            .unwrap()
            .reading(&Similarity::Pearson)
            .rho
            .unwrap();
        assert!((p0 - p1).abs() > 1e-3);
    }

    #[test]
    fn groups_keep_their_first_market() {
        let rows = vec![
            a("s", "spx", 50.0),
            a("s", "ndx", 50.0),
            a("s", "wti", 50.0),
            a("s", "brent", 50.0),
            a("s", "gold", 50.0),
        ];
        let groups = vec![
            vec!["spx".to_string(), "ndx".to_string()],
            vec!["wti".to_string(), "brent".to_string()],
        ];
        let kept: Vec<&str> = one_market_per_group(&rows, &groups)
            .into_iter()
            .map(|a| a.market)
            .collect();
        assert_eq!(kept, ["spx", "wti", "gold"]);
    }
}
