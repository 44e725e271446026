//! AI against the crowd (spec §4.9): which contract a market is compared on, Kalshi strike
//! interpolation to "above the previous close", the $1,000 volume floor, and the event
//! mismatch share d with the 2d rule.

use super::brier::brier;
use crate::records::crowd::{Strike, Venue};
use serde::{Deserialize, Serialize};

/// Sealed volume a contract needs to enter the primary comparison, US dollars.
pub const VOLUME_FLOOR_USD: f64 = 1000.0;

/// Whether a contract with sealed volume `vol` enters the primary comparison (thinner
/// contracts are reported apart).
pub fn admitted(vol: f64) -> bool {
    vol >= VOLUME_FLOOR_USD
}

/// The contract a market is compared on: Polymarket's when it lists the market (the one the
/// models answer), else Kalshi's.
pub fn choose<T>(polymarket: Option<T>, kalshi: Option<T>) -> Option<(Venue, T)> {
    polymarket
        .map(|p| (Venue::Polymarket, p))
        .or_else(|| kalshi.map(|k| (Venue::Kalshi, k)))
}

/// The price of "above the previous close" interpolated linearly between the two adjacent
/// strikes `lo` <= close <= `hi` (the run line's `lo`, `hi`). None when the close is not
/// between them or the strikes coincide with different prices.
pub fn kalshi_above_close(lo: Strike, hi: Strike, previous_close: f64) -> Option<f64> {
    if !(lo.level <= previous_close && previous_close <= hi.level) {
        return None;
    }
    if hi.level == lo.level {
        return (hi.p_above == lo.p_above).then_some(lo.p_above);
    }
    let t = (previous_close - lo.level) / (hi.level - lo.level);
    Some(lo.p_above + t * (hi.p_above - lo.p_above))
}

/// The shared-session share d: the fraction of sessions in which the league's question and
/// the crowd's resolved with opposite signs, over (league_up, crowd_up) pairs.
pub fn opposite_share(pairs: &[(bool, bool)]) -> Option<f64> {
    (!pairs.is_empty())
        .then(|| pairs.iter().filter(|(a, b)| a != b).count() as f64 / pairs.len() as f64)
}

/// The bound on how far the event mismatch can move the gap between forecasters p and q:
/// `(2/N) sum_{j in D} |p_j - q_j|` over the flipped rows D (probabilities 0-1), out of `n`
/// rows. It is at most 2d.
pub fn gap_shift_bound(flipped: &[(f64, f64)], n: usize) -> Option<f64> {
    (n > 0).then(|| 2.0 / n as f64 * flipped.iter().map(|(p, q)| (p - q).abs()).sum::<f64>())
}

/// The 2d rule: a gap of at most 2d is not read as an advantage for either side.
pub fn gap_readable(gap: f64, d: f64) -> bool {
    gap.abs() > 2.0 * d
}

/// One comparison row: the model's `crowd_up` and the sealed crowd price on the same
/// contract (both 0-100), scored by the crowd's resolution.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdRow {
    pub model_pct: f64,
    pub crowd_pct: f64,
    pub up: bool,
    pub vol: f64,
}

/// Brier of the model and of the crowd on the admitted rows, with their count.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdComparison {
    pub n: usize,
    pub model_brier: Option<f64>,
    pub crowd_brier: Option<f64>,
    /// Rows below the volume floor, reported apart.
    pub thin: usize,
}

pub fn compare(rows: &[CrowdRow]) -> CrowdComparison {
    let admitted_rows: Vec<&CrowdRow> = rows.iter().filter(|r| admitted(r.vol)).collect();
    let (model_brier, crowd_brier) = briers(&admitted_rows);
    CrowdComparison {
        n: admitted_rows.len(),
        model_brier,
        crowd_brier,
        thin: rows.len() - admitted_rows.len(),
    }
}

/// Mean Brier of the model and of the crowd over `rows`, each scored by the crowd's own
/// resolution.
pub fn briers(rows: &[&CrowdRow]) -> (Option<f64>, Option<f64>) {
    (
        super::mean(rows.iter().map(|r| brier(r.model_pct, r.up))),
        super::mean(rows.iter().map(|r| brier(r.crowd_pct, r.up))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_and_floor() {
        let lo = Strike {
            level: 6700.0,
            p_above: 0.62,
        };
        let hi = Strike {
            level: 6725.0,
            p_above: 0.42,
        };
        let p = kalshi_above_close(lo, hi, 6710.0).unwrap();
        assert!((p - 0.54).abs() < 1e-12);
        assert_eq!(kalshi_above_close(lo, hi, 6800.0), None);
        assert!(admitted(1000.0) && !admitted(999.99));
        assert_eq!(choose(Some(1), Some(2)), Some((Venue::Polymarket, 1)));
        assert_eq!(choose(None, Some(2)), Some((Venue::Kalshi, 2)));
    }

    #[test]
    fn mismatch_rule() {
        let d =
            opposite_share(&[(true, true), (true, false), (false, false), (false, false)]).unwrap();
        assert_eq!(d, 0.25);
        assert!(!gap_readable(0.5, d) && gap_readable(0.51, d));
        let b = gap_shift_bound(&[(0.9, 0.1)], 4).unwrap();
        assert!(b <= 2.0 * d + 1e-15);
        let c = compare(&[
            CrowdRow {
                model_pct: 60.0,
                crowd_pct: 80.0,
                up: true,
                vol: 5000.0,
            },
            CrowdRow {
                model_pct: 60.0,
                crowd_pct: 80.0,
                up: true,
                vol: 10.0,
            },
        ]);
        assert_eq!((c.n, c.thin), (1, 1));
        assert!((c.crowd_brier.unwrap() - 0.04).abs() < 1e-15);
    }
}
