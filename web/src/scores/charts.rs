//! The Scores page's charts, drawn as SVG text by the app itself (no chart library): the
//! N_eff-vs-n curves (spec §5.1), the folded calibration plot (§4.5) and the correlation heat
//! map (§5.1, Fig. 11). Colours come from style.css classes (`.series-0` ... `.series-3`,
//! AA contrast in both schemes); series also differ by marker shape, so colour is never the
//! only cue, and every chart carries a text label for screen readers.

use super::html::esc;
use std::fmt::Write;

const W: f64 = 560.0;
const H: f64 = 340.0;
const LEFT: f64 = 52.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 46.0;

/// A marker of shape `i % 4` centred on (x, y).
fn marker(i: usize, x: f64, y: f64, title: &str) -> String {
    let shape = match i % 4 {
        0 => format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="4"/>"#),
        1 => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="8" height="8"/>"#,
            x - 4.0,
            y - 4.0
        ),
        2 => format!(
            r#"<path d="M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z"/>"#,
            y - 5.0,
            x + 5.0,
            y + 4.0,
            x - 5.0,
            y + 4.0
        ),
        _ => format!(
            r#"<path d="M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z"/>"#,
            y - 5.5,
            x + 5.5,
            y + 5.5,
            x - 5.5
        ),
    };
    format!(
        r#"<g class="marker series-{}"><title>{}</title>{shape}</g>"#,
        i % 4,
        esc(title)
    )
}

/// A chart's data ranges, mapped onto the plot area.
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Frame {
    fn x(&self, v: f64) -> f64 {
        LEFT + (v - self.x0) / (self.x1 - self.x0) * (W - LEFT - RIGHT)
    }
    fn y(&self, v: f64) -> f64 {
        H - BOTTOM - (v - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)
    }
    fn open(
        &self,
        label: &str,
        x_ticks: &[f64],
        y_ticks: &[f64],
        x_title: &str,
        y_title: &str,
    ) -> String {
        let mut s = format!(
            r#"<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{}"><g class="axis">"#,
            esc(label)
        );
        for &t in x_ticks {
            let x = self.x(t);
            let _ = write!(
                s,
                r#"<line class="grid" x1="{x:.1}" x2="{x:.1}" y1="{TOP}" y2="{:.1}"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                H - BOTTOM,
                H - BOTTOM + 16.0,
                tick(t)
            );
        }
        for &t in y_ticks {
            let y = self.y(t);
            let _ = write!(
                s,
                r#"<line class="grid" x1="{LEFT}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                W - RIGHT,
                LEFT - 6.0,
                y + 4.0,
                tick(t)
            );
        }
        let _ = write!(
            s,
            r#"<text class="axis-title" x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text class="axis-title" transform="translate(14 {:.1}) rotate(-90)" text-anchor="middle">{}</text></g>"#,
            (LEFT + W - RIGHT) / 2.0,
            H - 8.0,
            esc(x_title),
            (TOP + H - BOTTOM) / 2.0,
            esc(y_title)
        );
        s
    }
}

fn tick(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// A legend under a chart: `(series index, label)`.
pub fn legend(items: &[(usize, String)]) -> String {
    let mut s = String::from(r#"<ul class="legend">"#);
    for (i, label) in items {
        let _ = write!(
            s,
            r#"<li><svg viewBox="0 0 14 14" aria-hidden="true">{}</svg>{}</li>"#,
            marker(*i, 7.0, 7.0, ""),
            esc(label)
        );
    }
    s.push_str("</ul>");
    s
}

/// One horizon on the N_eff chart: label, mean rho, readings (n, N_eff).
pub type NeffSeries = (String, f64, Vec<(usize, f64)>);
/// One series of the calibration plot: label, points (mean stated %, realized share, n).
pub type CalibrationSeries = (String, Vec<(f64, f64, u64)>);

/// N_eff against n: the curve n / (1 + (n - 1) rho) for each series' observed mean rho, the
/// independent line N_eff = n, and each run's reading as a point.
pub fn neff_curve(series: &[NeffSeries]) -> String {
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
    let f = Frame {
        x0: 1.0,
        x1: max_n,
        y0: 0.0,
        y1: y_max,
    };
    let x_ticks: Vec<f64> = (1..=max_n as usize).map(|v| v as f64).collect();
    let y_ticks: Vec<f64> = (0..=y_max as usize).map(|v| v as f64).collect();
    let mut s = f.open(
        "N_eff against the number of seats n, for the observed mean correlation of each horizon",
        &x_ticks,
        &y_ticks,
        "seats answering (n)",
        "N_eff",
    );
    let _ = write!(
        s,
        r#"<line class="reference" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"><title>independent seats: N_eff = n</title></line>"#,
        f.x(1.0),
        f.y(1.0),
        f.x(max_n),
        f.y(max_n)
    );
    for (i, (label, rho, points)) in series.iter().enumerate() {
        let mut d = String::new();
        let steps = 60;
        for k in 0..=steps {
            let n = 1.0 + (max_n - 1.0) * k as f64 / steps as f64;
            let ne = n / (1.0 + (n - 1.0) * rho);
            if ne.is_finite() {
                let _ = write!(
                    d,
                    "{}{:.1} {:.1}",
                    if d.is_empty() { "M" } else { "L" },
                    f.x(n),
                    f.y(ne.clamp(0.0, y_max))
                );
            }
        }
        let _ = write!(
            s,
            r#"<path class="curve series-{}" d="{d}"><title>{} mean rho {rho:.3}</title></path>"#,
            i % 4,
            esc(label)
        );
        for &(n, ne) in points {
            s.push_str(&marker(
                i,
                f.x(n as f64),
                f.y(ne.clamp(0.0, y_max)),
                &format!("{label}: n {n}, N_eff {ne:.2}"),
            ));
        }
    }
    s.push_str("</svg>");
    s
}

/// Folded calibration: each shown bin's mean stated probability (50-100) against the share of
/// events that went the stated way, one series per label, with the diagonal of perfect
/// calibration.
pub fn calibration(series: &[CalibrationSeries]) -> String {
    let f = Frame {
        x0: 50.0,
        x1: 100.0,
        y0: 0.0,
        y1: 1.0,
    };
    let mut s = f.open(
        "Folded calibration: stated probability against the share of events that went the stated way",
        &[50.0, 60.0, 70.0, 80.0, 90.0, 100.0],
        &[0.0, 0.25, 0.5, 0.75, 1.0],
        "stated probability, folded (%)",
        "share that went the stated way",
    );
    let _ = write!(
        s,
        r#"<line class="reference" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"><title>perfect calibration</title></line>"#,
        f.x(50.0),
        f.y(0.5),
        f.x(100.0),
        f.y(1.0)
    );
    for (i, (label, points)) in series.iter().enumerate() {
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
        let _ = write!(s, r#"<path class="curve series-{}" d="{d}"/>"#, i % 4);
        for &(x, y, n) in points {
            s.push_str(&marker(
                i,
                f.x(x),
                f.y(y),
                &format!("{label}: stated {x:.1}%, realized {:.1}%, n {n}", y * 100.0),
            ));
        }
    }
    s.push_str("</svg>");
    s
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
pub fn heat_map(label: &str, seats: &[String], r: &[Vec<Option<f64>>]) -> String {
    let n = seats.len().max(1);
    let cell = (420.0 / n as f64).clamp(18.0, 48.0);
    let pad = 110.0;
    let size = pad + cell * n as f64 + 4.0;
    // Never drawn larger than its own size: a few seats stay a small square.
    let mut s = format!(
        r#"<svg class="chart heat" viewBox="0 0 {size:.0} {size:.0}" style="max-width: {size:.0}px" role="img" aria-label="{}">"#,
        esc(label)
    );
    let font = (cell * 0.32).clamp(8.0, 13.0);
    for (i, name) in seats.iter().enumerate() {
        let c = pad + cell * (i as f64 + 0.5);
        let _ = write!(
            s,
            r#"<text class="heat-label" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            pad - 6.0,
            c + 4.0,
            esc(name)
        );
        let _ = write!(
            s,
            r#"<text class="heat-label" transform="translate({c:.1} {:.1}) rotate(-55)" text-anchor="start">{}</text>"#,
            pad - 6.0,
            esc(name)
        );
    }
    for (i, row) in r.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            let (x, y) = (pad + cell * j as f64, pad + cell * i as f64);
            let title = format!(
                "{} x {}: {}",
                seats[i],
                seats[j],
                v.map_or(
                    "no correlation (too few common markets)".into(),
                    |v| format!("r = {v:.3}")
                )
            );
            match v {
                Some(v) => {
                    let (fill, ink) = (heat(*v), HEAT_INK);
                    let _ = write!(
                        s,
                        r#"<g><title>{}</title><rect x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="{fill}"/>"#,
                        esc(&title)
                    );
                    if cell >= 26.0 {
                        let _ = write!(
                            s,
                            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="{ink}" font-size="{font:.0}">{v:.2}</text>"#,
                            x + cell / 2.0,
                            y + cell / 2.0 + font / 3.0
                        );
                    }
                    s.push_str("</g>");
                }
                None => {
                    let _ = write!(
                        s,
                        r#"<g><title>{}</title><rect class="heat-missing" x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}"/></g>"#,
                        esc(&title)
                    );
                }
            }
        }
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_fills_stay_light() {
        assert_eq!(heat(1.0), "hsl(218 70% 60%)");
        assert_eq!(heat(-1.0), "hsl(4 70% 60%)");
        assert_eq!(heat(0.0), "hsl(218 70% 97%)");
    }

    #[test]
    fn names_are_escaped() {
        let svg = heat_map("m", &["a<b".into()], &[vec![Some(1.0)]]);
        assert!(svg.contains("a&lt;b") && !svg.contains("a<b"));
    }
}
