//! Is a side (US labs vs Chinese labs) a block? (spec seed 000 §5.8, requirement 17, Fig. 11-12)
//!
//! For one run: the mean correlation of pairs within a side (both sides' pairs pooled, and each
//! side alone) and between the sides; the largest absolute gap between the two sides' mean
//! probabilities over cells; and its exact permutation p: over every split of the answering
//! seats into groups of the observed sizes (C(8,4) = 70 for four and four, C(9,4) = 126 for five
//! and four), the share whose largest gap is at least as wide as the observed one (the observed
//! split included). "At least as wide" allows scipy's relative tolerance of 100 machine epsilons.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::panel::{CorrelationMatrix, Panel};
use super::NeffError;

/// Largest number of splits enumerated (C(20, 10) = 184,756); more seats are refused.
pub const MAX_SPLITS: u64 = 200_000;

/// The sides reading of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SidesTest {
    /// The two side labels (code-point order).
    pub sides: [String; 2],
    /// Each side's seats.
    pub seats: [Vec<String>; 2],
    /// Mean correlation of the pairs within a side.
    pub within_r: Option<f64>,
    /// The same, side by side.
    pub within_r_each: [Option<f64>; 2],
    /// Mean correlation of the pairs across the sides.
    pub between_r: Option<f64>,
    /// The largest |mean probability of side 0 minus side 1| over cells both sides answered.
    pub max_gap: f64,
    /// The same difference with its sign.
    pub max_gap_signed: f64,
    /// That cell (market, horizon).
    pub max_gap_cell: (String, String),
    /// Splits of the seats into two groups of the sides' sizes, enumerated.
    pub splits: u64,
    /// Splits whose largest gap is at least as wide as the sides' own.
    pub at_least_as_wide: u64,
    /// `at_least_as_wide / splits`: the permutation test's p-value.
    pub p_value: f64,
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// mean(group A) - mean(rest) in cell `c`, when both have an answer there.
fn gap_in(panel: &Panel, in_a: &[bool], c: usize) -> Option<f64> {
    let (mut sa, mut na, mut sb, mut nb) = (0.0, 0usize, 0.0, 0usize);
    for (s, &a) in in_a.iter().enumerate() {
        if let Some(p) = panel.value(s, c) {
            if a {
                sa += p;
                na += 1;
            } else {
                sb += p;
                nb += 1;
            }
        }
    }
    (na > 0 && nb > 0).then(|| sa / na as f64 - sb / nb as f64)
}

/// Largest |mean(group A) - mean(rest)| over cells where both have an answer; with its cell
/// index and signed value.
fn max_gap(panel: &Panel, in_a: &[bool]) -> Option<(f64, f64, usize)> {
    let mut best: Option<(f64, f64, usize)> = None;
    for c in 0..panel.cells.len() {
        let Some(d) = gap_in(panel, in_a, c) else {
            continue;
        };
        if best.is_none_or(|(g, _, _)| d.abs() > g) {
            best = Some((d.abs(), d, c));
        }
    }
    best
}

/// Whether the split's largest gap reaches `threshold`: the same per-cell figures as
/// [`max_gap`], stopping at the first cell that reaches it (the permutation count only needs
/// the yes or no, and most splits of a real panel answer it early).
fn gap_reaches(panel: &Panel, in_a: &[bool], threshold: f64) -> bool {
    (0..panel.cells.len()).any(|c| gap_in(panel, in_a, c).is_some_and(|d| d.abs() >= threshold))
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Run the sides reading. `side_of` labels every seat of the panel with one of exactly two sides.
pub fn sides_test(
    panel: &Panel,
    matrix: &CorrelationMatrix,
    side_of: &BTreeMap<String, String>,
) -> Result<SidesTest, NeffError> {
    let mut labels: Vec<&str> = Vec::new();
    for s in &panel.seats {
        let l = side_of
            .get(s)
            .ok_or_else(|| NeffError::NoSide { seat: s.clone() })?;
        if !labels.contains(&l.as_str()) {
            labels.push(l);
        }
    }
    labels.sort();
    if labels.len() != 2 {
        return Err(NeffError::NotTwoSides {
            found: labels.len(),
        });
    }
    let n = panel.seats.len();
    let in_a: Vec<bool> = panel
        .seats
        .iter()
        .map(|s| side_of[s] == labels[0])
        .collect();
    let k = in_a.iter().filter(|&&a| a).count();
    let splits = binomial(n as u64, k as u64);
    if splits > MAX_SPLITS {
        return Err(NeffError::TooManySplits {
            splits,
            max: MAX_SPLITS,
        });
    }
    let (mut within, mut each, mut between) = (Vec::new(), [Vec::new(), Vec::new()], Vec::new());
    for i in 0..n {
        for j in i + 1..n {
            let Some(r) = matrix.r[i][j] else { continue };
            if in_a[i] == in_a[j] {
                within.push(r);
                each[usize::from(!in_a[i])].push(r);
            } else {
                between.push(r);
            }
        }
    }
    let (gap, signed, cell) = max_gap(panel, &in_a).ok_or(NeffError::NoCellBothSides)?;
    let threshold = gap - gap.abs() * f64::EPSILON * 100.0;

    // every k-subset of 0..n in lexicographic order
    let mut at_least = 0u64;
    let mut idx: Vec<usize> = (0..k).collect();
    let mut mask = vec![false; n];
    loop {
        mask.iter_mut().for_each(|m| *m = false);
        idx.iter().for_each(|&i| mask[i] = true);
        if gap_reaches(panel, &mask, threshold) {
            at_least += 1;
        }
        let Some(pos) = (0..k).rev().find(|&p| idx[p] < n - k + p) else {
            break;
        };
        idx[pos] += 1;
        for q in pos + 1..k {
            idx[q] = idx[q - 1] + 1;
        }
    }
    let seats_of = |a: bool| {
        panel
            .seats
            .iter()
            .zip(&in_a)
            .filter(|(_, &x)| x == a)
            .map(|(s, _)| s.clone())
            .collect()
    };
    Ok(SidesTest {
        sides: [labels[0].to_string(), labels[1].to_string()],
        seats: [seats_of(true), seats_of(false)],
        within_r: mean(&within),
        within_r_each: [mean(&each[0]), mean(&each[1])],
        between_r: mean(&between),
        max_gap: gap,
        max_gap_signed: signed,
        max_gap_cell: panel.cells[cell].clone(),
        splits,
        at_least_as_wide: at_least,
        p_value: at_least as f64 / splits as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neff::panel::Similarity;
    use crate::neff::Answer;

    #[test]
    fn split_counts_of_the_spec() {
        assert_eq!(binomial(8, 4), 70);
        assert_eq!(binomial(9, 4), 126);
        assert_eq!(binomial(9, 5), 126);
    }

    #[test]
    fn enumerates_every_split() {
        let seats: Vec<String> = (0..9).map(|s| format!("s{s}")).collect();
        let markets: Vec<String> = (0..6).map(|m| format!("m{m}")).collect();
        let mut rows = Vec::new();
        let mut sides = BTreeMap::new();
        for (s, seat) in seats.iter().enumerate() {
            sides.insert(
                seat.clone(),
                if s < 5 {
                    "US".to_string()
                } else {
                    "CN".to_string()
                },
            );
            for (m, market) in markets.iter().enumerate() {
                rows.push(Answer {
                    seat: seat.as_str(),
                    market: market.as_str(),
                    horizon: "1d",
                    prob: 40.0 + ((s * 7 + m * 3) % 11) as f64,
                });
            }
        }
        let panel = Panel::from_answers(&rows, None).unwrap();
        let t = sides_test(&panel, &panel.correlations(&Similarity::Pearson), &sides).unwrap();
        assert_eq!(t.splits, 126);
        assert!(t.at_least_as_wide >= 1 && t.at_least_as_wide <= 126);
        assert_eq!(t.sides, ["CN".to_string(), "US".to_string()]);
        assert_eq!(t.seats[0].len(), 4);
    }
}
