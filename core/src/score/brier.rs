//! The Brier family (spec §3.5, §4.1, §4.2): the binary score on `prob_up/100` against
//! strictly up, the ex-draw score with its dropped count, the three-outcome score B3 over the
//! draw band (`crate::prices::band`), and the direction hit rate.

use super::mean;
use crate::prices::band::is_draw;
use serde::{Deserialize, Serialize};

/// The uninformed 50% forecaster's score on every row ("coin", §4.3).
pub const COIN_BRIER: f64 = 0.25;

/// `(p/100 - o)^2` for a stated probability `p_pct` of up and outcome `up` (§4.2).
pub fn brier(p_pct: f64, up: bool) -> f64 {
    let o = if up { 1.0 } else { 0.0 };
    let d = p_pct / 100.0 - o;
    d * d
}

/// One resolved forecast: stated probability of up (0-100), strictly up (change > 0), and
/// whether the change fell inside the draw band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resolved {
    pub p_pct: f64,
    pub up: bool,
    pub draw: bool,
}

/// A mean score and how many forecasts it averages.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeanScore {
    pub mean: Option<f64>,
    pub n: usize,
}

impl MeanScore {
    pub fn of(xs: impl IntoIterator<Item = f64>) -> MeanScore {
        let v: Vec<f64> = xs.into_iter().collect();
        MeanScore {
            mean: mean(v.iter().copied()),
            n: v.len(),
        }
    }
}

/// The primary score over all rows and the ex-draw score beside it (§3.5, requirement 7).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BrierReport {
    /// All rows, up meaning change > 0, draws included (the league's `pall`).
    pub all: MeanScore,
    /// Rows outside the draw band only.
    pub ex_draw: MeanScore,
    /// Rows the ex-draw score drops.
    pub dropped_draws: usize,
}

pub fn brier_report(rows: &[Resolved]) -> BrierReport {
    let all = MeanScore::of(rows.iter().map(|r| brier(r.p_pct, r.up)));
    let ex_draw = MeanScore::of(
        rows.iter()
            .filter(|r| !r.draw)
            .map(|r| brier(r.p_pct, r.up)),
    );
    BrierReport {
        all,
        ex_draw,
        dropped_draws: rows.iter().filter(|r| r.draw).count(),
    }
}

/// The three outcomes of a banded event (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome3 {
    Up,
    Draw,
    Down,
}

impl Outcome3 {
    pub fn of(change_pct: f64, band_pct: f64) -> Outcome3 {
        if is_draw(change_pct, band_pct) {
            Outcome3::Draw
        } else if change_pct > 0.0 {
            Outcome3::Up
        } else {
            Outcome3::Down
        }
    }
}

/// The three-outcome Brier score `1/2 sum_k (p_k - 1{Y=k})^2` over (up, draw, down)
/// probabilities in 0-1 (§3.5). The uniform forecast scores 1/3; a forecast with zero draw
/// probability on a non-draw row scores exactly the binary Brier `(p - o)^2`.
pub fn brier3(p_up: f64, p_draw: f64, p_down: f64, y: Outcome3) -> f64 {
    let ind = |k: Outcome3| if k == y { 1.0 } else { 0.0 };
    0.5 * ((p_up - ind(Outcome3::Up)).powi(2)
        + (p_draw - ind(Outcome3::Draw)).powi(2)
        + (p_down - ind(Outcome3::Down)).powi(2))
}

/// Whether a stated probability calls the direction right (§4.1): above 50 supports up,
/// below 50 down, exactly 50 neither (None).
pub fn hit(p_pct: f64, up: bool) -> Option<bool> {
    if p_pct > 50.0 {
        Some(up)
    } else if p_pct < 50.0 {
        Some(!up)
    } else {
        None
    }
}

/// Direction hit rate over forecasts that take a side.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HitRate {
    pub hits: usize,
    /// Forecasts taking a side (50s excluded).
    pub n: usize,
    pub rate: Option<f64>,
}

pub fn hit_rate(rows: impl IntoIterator<Item = (f64, bool)>) -> HitRate {
    let (mut hits, mut n) = (0, 0);
    for (p, up) in rows {
        if let Some(h) = hit(p, up) {
            n += 1;
            hits += h as usize;
        }
    }
    HitRate {
        hits,
        n,
        rate: (n > 0).then(|| hits as f64 / n as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prices::band::{draw_band_pct, MinuteBar};

    #[test]
    fn spec_numbers() {
        assert_eq!(brier(50.0, true), COIN_BRIER);
        assert!((brier(80.0, true) - 0.04).abs() < 1e-15);
        // §3.5: the uniform three-outcome forecast scores 1/3.
        for y in [Outcome3::Up, Outcome3::Draw, Outcome3::Down] {
            assert!((brier3(1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, y) - 1.0 / 3.0).abs() < 1e-15);
        }
        // Zero draw probability on a non-draw row equals the binary score.
        assert!((brier3(0.7, 0.0, 0.3, Outcome3::Down) - brier(70.0, false)).abs() < 1e-15);
    }

    #[test]
    fn report_counts_draws() {
        let rows = [
            Resolved {
                p_pct: 60.0,
                up: true,
                draw: false,
            },
            Resolved {
                p_pct: 60.0,
                up: false,
                draw: true,
            },
            Resolved {
                p_pct: 40.0,
                up: false,
                draw: false,
            },
        ];
        let r = brier_report(&rows);
        assert_eq!((r.all.n, r.ex_draw.n, r.dropped_draws), (3, 2, 1));
        assert!((r.all.mean.unwrap() - (0.16 + 0.36 + 0.16) / 3.0).abs() < 1e-15);
        assert!((r.ex_draw.mean.unwrap() - 0.16).abs() < 1e-15);
    }

    #[test]
    fn draw_band_excludes_rolls() {
        let s = vec![
            MinuteBar {
                close: 100.0,
                contract: Some("CLZ6"),
            },
            MinuteBar {
                close: 101.0,
                contract: Some("CLZ6"),
            },
            MinuteBar {
                close: 120.0,
                contract: Some("CLF7"),
            },
            MinuteBar {
                close: 118.8,
                contract: Some("CLF7"),
            },
        ];
        let band = draw_band_pct(&[s]).unwrap();
        assert!((band - 0.1 * 1.0 * 390f64.sqrt()).abs() < 1e-9, "{band}");
        assert_eq!(Outcome3::of(0.5, band), Outcome3::Draw);
        assert_eq!(Outcome3::of(-3.0, band), Outcome3::Down);
        assert_eq!(draw_band_pct(&[]), None);
    }

    #[test]
    fn hits() {
        let h = hit_rate([(51.0, true), (95.0, true), (50.0, true), (40.0, true)]);
        assert_eq!((h.hits, h.n), (2, 3));
    }
}
