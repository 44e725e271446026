//! The Scores page's charts, drawn as SVG by the app itself with Yew's `html!` (no chart
//! library): the N_eff-vs-n curves (spec §5.1), the folded calibration plot (§4.5) and the
//! correlation heat map (§5.1, Fig. 11). Colours come from style.css classes (`.series-0` ...
//! `.series-3`, AA contrast in both schemes); series also differ by marker shape, so colour is
//! never the only cue, and every chart carries a text label for screen readers. The frame,
//! axes, markers and legend are shared with the Accounts page's equity and drawdown charts.

use crate::i18n::{t, tr, M};
use yew::prelude::*;

/// The width and height of a chart's `viewBox`.
pub const W: f64 = 560.0;
pub const H: f64 = 340.0;
const LEFT: f64 = 52.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 46.0;

/// A coordinate to one decimal.
pub fn f1(v: f64) -> String {
    format!("{v:.1}")
}

/// A marker of shape `i % 4` centred on (x, y).
pub fn marker(i: usize, x: f64, y: f64, title: &str) -> Html {
    let shape = match i % 4 {
        0 => html! { <circle cx={f1(x)} cy={f1(y)} r="4"/> },
        1 => html! { <rect x={f1(x - 4.0)} y={f1(y - 4.0)} width="8" height="8"/> },
        2 => {
            let d = format!(
                "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
                y - 5.0,
                x + 5.0,
                y + 4.0,
                x - 5.0,
                y + 4.0
            );
            html! { <path d={d}/> }
        }
        _ => {
            let d = format!(
                "M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z",
                y - 5.5,
                x + 5.5,
                y + 5.5,
                x - 5.5
            );
            html! { <path d={d}/> }
        }
    };
    html! {
        <g class={format!("marker series-{}", i % 4)}><title>{ title.to_string() }</title>{ shape }</g>
    }
}

/// A chart's data ranges, mapped onto the plot area.
pub struct Frame {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

impl Frame {
    pub fn x(&self, v: f64) -> f64 {
        LEFT + (v - self.x0) / (self.x1 - self.x0) * (W - LEFT - RIGHT)
    }
    pub fn y(&self, v: f64) -> f64 {
        H - BOTTOM - (v - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)
    }
    /// The axes, grid lines, ticks and titles.
    fn axes(&self, x_ticks: &[f64], y_ticks: &[f64], x_title: &str, y_title: &str) -> Html {
        let label = |ts: &[f64]| ts.iter().map(|&t| (t, tick(t))).collect::<Vec<_>>();
        self.axes_labelled(&label(x_ticks), &label(y_ticks), x_title, y_title)
    }
    /// The axes with each tick's own label (dates, dollars, percentages).
    pub fn axes_labelled(
        &self,
        x_ticks: &[(f64, String)],
        y_ticks: &[(f64, String)],
        x_title: &str,
        y_title: &str,
    ) -> Html {
        let xs = x_ticks.iter().map(|(t, label)| {
            let x = f1(self.x(*t));
            html! { <>
                <line class="grid" x1={x.clone()} x2={x.clone()} y1={TOP.to_string()} y2={f1(H - BOTTOM)}/>
                <text x={x} y={f1(H - BOTTOM + 16.0)} text-anchor="middle">{ label.clone() }</text>
            </> }
        });
        let ys = y_ticks.iter().map(|(t, label)| {
            let y = self.y(*t);
            html! { <>
                <line class="grid" x1={LEFT.to_string()} x2={f1(W - RIGHT)} y1={f1(y)} y2={f1(y)}/>
                <text x={f1(LEFT - 6.0)} y={f1(y + 4.0)} text-anchor="end">{ label.clone() }</text>
            </> }
        });
        html! {
            <g class="axis">
                { for xs }
                { for ys }
                <text class="axis-title" x={f1((LEFT + W - RIGHT) / 2.0)} y={f1(H - 8.0)} text-anchor="middle">{ x_title.to_string() }</text>
                <text class="axis-title" transform={format!("translate(14 {:.1}) rotate(-90)", (TOP + H - BOTTOM) / 2.0)} text-anchor="middle">{ y_title.to_string() }</text>
            </g>
        }
    }
}

/// Round tick steps: the smallest of 1, 2, 5 or 10 times a power of ten that gives at most
/// about `n` steps over `lo..hi`, and the ticks on it inside `lo..hi`.
pub fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let step = tick_step(lo, hi, n);
    let first = (lo / step).ceil() * step;
    (0..=n * 3)
        .map(|k| first + step * k as f64)
        .map(|t| if t.abs() < step * 1e-9 { 0.0 } else { t })
        .take_while(|t| *t <= hi + step * 1e-9)
        .collect()
}

fn tick_step(lo: f64, hi: f64, n: usize) -> f64 {
    let raw = (hi - lo).max(1e-9) / n.max(1) as f64;
    let mut p = 1e-6;
    while p * 10.0 <= raw {
        p *= 10.0;
    }
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| p * m)
        .find(|s| *s >= raw)
        .unwrap_or(p * 10.0)
}

/// Ticks for a count axis from `lo` to at least `hi`: whole steps (1, 2, 5, 10, 20 ...), at
/// most about `n` of them, the last at or above `hi` (the axis ends there).
pub fn count_ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let step = tick_step(lo, hi, n).max(1.0).round();
    let last = lo + ((hi - lo) / step).ceil() * step;
    let count = ((last - lo) / step).round() as usize;
    (0..=count).map(|k| lo + step * k as f64).collect()
}

fn tick(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// An SVG chart with its text label for screen readers.
pub fn chart(label: &str, body: Html) -> Html {
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {H}")} role="img" aria-label={label.to_string()}>{ body }</svg>
    }
}

/// A legend under a chart: `(series index, label)`.
pub fn legend(items: &[(usize, String)]) -> Html {
    html! {
        <ul class="legend">
            { for items.iter().map(|(i, label)| html! {
                <li><svg viewBox="0 0 14 14" aria-hidden="true">{ marker(*i, 7.0, 7.0, "") }</svg>{ label.clone() }</li>
            }) }
        </ul>
    }
}

/// One horizon on the N_eff chart: label, mean rho, readings (n, N_eff).
pub type NeffSeries = (String, f64, Vec<(usize, f64)>);
/// One series of the calibration plot: label, points (mean stated %, realized share, n).
pub type CalibrationSeries = (String, Vec<(f64, f64, usize)>);

/// N_eff against n: the curve n / (1 + (n - 1) rho) for each series' observed mean rho, the
/// independent line N_eff = n, and each run's reading as a point.
pub fn neff_curve(series: &[NeffSeries]) -> Html {
    let max_n = series
        .iter()
        .flat_map(|s| s.2.iter().map(|p| p.0))
        .max()
        .unwrap_or(2)
        .max(2) as f64;
    // A negative mean r puts N_eff above n.
    let y_max = series
        .iter()
        .flat_map(|s| s.2.iter().map(|p| p.1))
        .filter(|v| v.is_finite())
        .fold(max_n, f64::max)
        .ceil();
    // A few round ticks, never one per seat or per unit of N_eff (a reading of 57 would
    // print 58 labels on top of each other).
    let x_ticks = count_ticks(1.0, max_n, 6);
    let y_ticks = count_ticks(0.0, y_max, 5);
    let max_n = x_ticks.last().copied().unwrap_or(max_n);
    let y_max = y_ticks.last().copied().unwrap_or(y_max);
    let f = Frame {
        x0: 1.0,
        x1: max_n,
        y0: 0.0,
        y1: y_max,
    };
    let curves = series.iter().enumerate().map(|(i, (label, rho, points))| {
        let mut d = String::new();
        let steps = 60;
        for k in 0..=steps {
            let n = 1.0 + (max_n - 1.0) * k as f64 / steps as f64;
            let ne = n / (1.0 + (n - 1.0) * rho);
            if ne.is_finite() {
                d.push_str(&format!(
                    "{}{:.1} {:.1}",
                    if d.is_empty() { "M" } else { "L" },
                    f.x(n),
                    f.y(ne.clamp(0.0, y_max))
                ));
            }
        }
        html! { <>
            <path class={format!("curve series-{}", i % 4)} d={d}><title>{ tr(M::ScMeanRho, &[("label", &label), ("rho", &format!("{rho:.3}"))]) }</title></path>
            { for points.iter().map(|&(n, ne)| marker(i, f.x(n as f64), f.y(ne.clamp(0.0, y_max)), &tr(M::ScNeffPoint, &[("label", &label), ("n", &n), ("neff", &format!("{ne:.2}"))]))) }
        </> }
    });
    chart(
        t(M::ScNeffChart),
        html! { <>
            { f.axes(&x_ticks, &y_ticks, t(M::ScAxisSeatsN), t(M::ScNeff)) }
            <line class="reference" x1={f1(f.x(1.0))} y1={f1(f.y(1.0))} x2={f1(f.x(max_n))} y2={f1(f.y(max_n))}><title>{ t(M::ScIndependentLine) }</title></line>
            { for curves }
        </> },
    )
}

/// Folded calibration: each shown bin's mean stated probability (50-100) against the share of
/// events that went the stated way, one series per label, with the diagonal of perfect
/// calibration.
pub fn calibration(series: &[CalibrationSeries]) -> Html {
    let f = Frame {
        x0: 50.0,
        x1: 100.0,
        y0: 0.0,
        y1: 1.0,
    };
    let lines = series.iter().enumerate().map(|(i, (label, points))| {
        let d: String = points
            .iter()
            .enumerate()
            .map(|(k, p)| {
                format!(
                    "{}{:.1} {:.1}",
                    if k == 0 { "M" } else { "L" },
                    f.x(p.0),
                    f.y(p.1)
                )
            })
            .collect();
        html! { <>
            <path class={format!("curve series-{}", i % 4)} d={d}/>
            { for points.iter().map(|&(x, y, n)| marker(i, f.x(x), f.y(y), &tr(M::ScCalPoint, &[("label", &label), ("x", &format!("{x:.1}")), ("y", &format!("{:.1}", y * 100.0)), ("n", &n)]))) }
        </> }
    });
    chart(
        t(M::ScCalChart),
        html! { <>
            { f.axes(&[50.0, 60.0, 70.0, 80.0, 90.0, 100.0], &[0.0, 0.25, 0.5, 0.75, 1.0], t(M::ScAxisStated), t(M::ScAxisShare)) }
            <line class="reference" x1={f1(f.x(50.0))} y1={f1(f.y(0.5))} x2={f1(f.x(100.0))} y2={f1(f.y(1.0))}><title>{ t(M::ScPerfect) }</title></line>
            { for lines }
        </> },
    )
}

/// Fill of a heat-map cell for r in [-1, 1]: blue for positive, red for negative, white at 0.
/// Lightness stays at 60% or more, so the dark figures printed on it keep 4.5:1.
fn heat(r: f64) -> String {
    let light = 97.0 - 37.0 * r.abs().min(1.0);
    format!("hsl({} 70% {light:.0}%)", if r >= 0.0 { 218 } else { 4 })
}

/// Text colour on every heat-map cell.
const HEAT_INK: &str = "#15181d";

/// The correlation heat map of one run: `r[i][j]` over `seats`, missing pairs hatched.
pub fn heat_map(label: &str, seats: &[String], r: &[Vec<Option<f64>>]) -> Html {
    let n = seats.len().max(1);
    let cell = (420.0 / n as f64).clamp(18.0, 48.0);
    let pad = 110.0;
    let size = pad + cell * n as f64 + 4.0;
    let font = (cell * 0.32).clamp(8.0, 13.0);
    let labels = seats.iter().enumerate().map(|(i, name)| {
        let c = pad + cell * (i as f64 + 0.5);
        html! { <>
            <text class="heat-label" x={f1(pad - 6.0)} y={f1(c + 4.0)} text-anchor="end">{ name.clone() }</text>
            <text class="heat-label" transform={format!("translate({c:.1} {:.1}) rotate(-55)", pad - 6.0)} text-anchor="start">{ name.clone() }</text>
        </> }
    });
    let cells = r.iter().enumerate().flat_map(|(i, row)| {
        row.iter().enumerate().map(move |(j, v)| {
            let (x, y) = (pad + cell * j as f64, pad + cell * i as f64);
            let name = |k: usize| seats.get(k).map(String::as_str).unwrap_or("");
            let title = format!(
                "{} x {}: {}",
                name(i),
                name(j),
                v.map_or(t(M::ScNoCorrelation).into(), |v| format!("r = {v:.3}"))
            );
            match v {
                Some(v) => html! {
                    <g>
                        <title>{ title }</title>
                        <rect x={f1(x)} y={f1(y)} width={f1(cell)} height={f1(cell)} fill={heat(*v)}/>
                        if cell >= 26.0 {
                            <text x={f1(x + cell / 2.0)} y={f1(y + cell / 2.0 + font / 3.0)} text-anchor="middle" fill={HEAT_INK} font-size={format!("{font:.0}")}>{ format!("{v:.2}") }</text>
                        }
                    </g>
                },
                None => html! {
                    <g><title>{ title }</title><rect class="heat-missing" x={f1(x)} y={f1(y)} width={f1(cell)} height={f1(cell)}/></g>
                },
            }
        })
    });
    // Drawn at its own size: a few seats stay a small square, and on a phone the map scrolls
    // in its box rather than shrinking its labels below reading size.
    html! {
        <svg class="chart heat" viewBox={format!("0 0 {size:.0} {size:.0}")} style={format!("width: {size:.0}px; min-width: {size:.0}px")} role="img" aria-label={label.to_string()}>
            { for labels }
            { for cells }
        </svg>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::html::render;
    use super::*;

    #[test]
    fn heat_fills_stay_light() {
        assert_eq!(heat(1.0), "hsl(218 70% 60%)");
        assert_eq!(heat(-1.0), "hsl(4 70% 60%)");
        assert_eq!(heat(0.0), "hsl(218 70% 97%)");
    }

    #[test]
    fn axes_take_a_few_round_ticks() {
        assert_eq!(ticks(0.0, 10.0, 4), [0.0, 5.0, 10.0]);
        assert_eq!(
            ticks(99_000.0, 101_000.0, 4),
            [99_000.0, 99_500.0, 100_000.0, 100_500.0, 101_000.0]
        );
        assert_eq!(ticks(-7.3, 0.0, 4), [-6.0, -4.0, -2.0, 0.0]);
        assert_eq!(count_ticks(0.0, 57.0, 5), [0.0, 20.0, 40.0, 60.0]);
        assert_eq!(
            count_ticks(1.0, 7.0, 6),
            [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
        );
        assert_eq!(count_ticks(1.0, 2.0, 6), [1.0, 2.0], "seats are whole");
        assert_eq!(count_ticks(1.0, 40.0, 6), [1.0, 11.0, 21.0, 31.0, 41.0]);
    }

    #[test]
    fn the_neff_axis_labels_a_few_ticks_even_for_a_reading_far_above_its_seats() {
        let svg = render(neff_curve(&[(
            "1d".into(),
            -0.15,
            vec![(6, 57.0), (7, 4.2)],
        )]));
        let labels = svg.matches("text-anchor=\"end\"").count();
        assert!(labels <= 6, "{labels} y labels: {svg}");
        assert!(
            svg.contains(">60</text>"),
            "the axis ends on a round tick: {svg}"
        );
    }

    #[test]
    fn names_are_text() {
        let svg = render(heat_map("m", &["a<b".into()], &[vec![Some(1.0)]]));
        assert!(svg.contains("a&lt;b") && !svg.contains("a<b"), "{svg}");
    }
}
