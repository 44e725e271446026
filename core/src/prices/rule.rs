//! The reference rule `first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1`
//! (§3.1 Table 2 note, §3.3, Appendix C) over one-minute bars.
//!
//! Reading of the rule, applied to both ends alike: a one-minute bar is the interval
//! `[start, start + 60 s)` and its close is the price at the bar's end.
//! - `ref` is the close of the first bar with a close whose **start** is at or after
//!   `reference_at` (Appendix C says so for Bitcoin: "the close of the first one-minute bar
//!   starting at or after" the sealing second; §3.3's example: sealed 13:00:19Z, priced by the
//!   13:01Z bar). So the whole reference bar lies after `reference_at`.
//! - `close` is the close of the last bar with a close whose **end** (`start + 60 s`) is at or
//!   before `end_at`: the whole bar lies inside the window. For an event ending at the 16:00 ET
//!   close this is the 15:59 bar, whose close is the price at 16:00; a bar *starting* at 16:00
//!   (Yahoo's trailing pseudo-bar at the close of the last trading period, or a post-market
//!   minute) is after the event and never used. Reading "at or before" as the bar's start
//!   would price the event with a minute traded after `end_at`.
//!
//! `actual_pct = 100 (close / ref - 1)`, up is `close > ref` strictly (§3.5).
//!
//! Coverage: the data must hold the minute containing `reference_at` (a bar, null or not,
//! with `start <= reference_at < start + 60 s`) and the minute ending at `end_at`
//! (`start < end_at <= start + 60 s`). Yahoo lists every minute of a trading period, null
//! minutes included, so a missing minute means the response does not reach that time, and the
//! "first bar at or after" would silently be a later day's bar.

use super::yahoo::{Bar, Chart};
use super::{instant_of, rfc3339, BAR_SECONDS};
use crate::calendar::Instant;
use serde::Serialize;
use std::fmt;

/// The start of the first one-minute bar the rule reads for the reference at `reference_at`:
/// the first whole minute at or after it (13:00:19Z gives 13:01:00Z, 13:30:00Z itself; spec
/// §3.3, Appendix C `reference_price_at`). A bar without a close is skipped, so the priced bar
/// may be a later one.
pub fn first_reference_bar(reference_at: Instant) -> Instant {
    let minute = BAR_SECONDS * 1_000_000;
    Instant((reference_at.0 + minute - 1).div_euclid(minute) * minute)
}

/// One chart's minute bars or several charts of one symbol merged in time order.
#[derive(Clone, Debug, PartialEq)]
pub struct MinuteSeries {
    /// The provider's symbol of the first chart (e.g. `^GSPC`).
    pub symbol: String,
    /// The first chart's `meta.instrumentType` (`CRYPTOCURRENCY` selects calendar days for the
    /// band).
    pub instrument_type: Option<String>,
    /// One-minute bars of every chart, sorted by start, one bar per minute.
    pub bars: Vec<Bar>,
}

/// Why charts cannot make one minute series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesError {
    /// The list of charts is empty.
    NoCharts,
    /// Chart `index` (0-based, in the order given) is not one-minute data.
    NotMinuteBars {
        /// 0-based position of the chart.
        index: usize,
        /// Its `meta.dataGranularity` (`5m`, `1d`, ...), None if absent.
        granularity: Option<String>,
    },
    /// Chart `index` is for another symbol than the first.
    MixedSymbols {
        /// 0-based position of the chart.
        index: usize,
        /// Symbol of the first chart.
        first: String,
        /// Symbol of chart `index`.
        other: String,
    },
    /// Two charts give different bars for the same minute.
    Conflict {
        /// Start of the minute, seconds since the epoch (UTC).
        start: i64,
    },
}

impl fmt::Display for SeriesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesError::NoCharts => f.write_str("no chart given"),
            SeriesError::NotMinuteBars { index, granularity } => {
                write!(
                    f,
                    "chart {}: meta.dataGranularity is {}, the rule needs 1m bars",
                    index + 1,
                    granularity.as_deref().unwrap_or("absent")
                )
            }
            SeriesError::MixedSymbols {
                index,
                first,
                other,
            } => write!(f, "chart {} is for {other}, chart 1 for {first}", index + 1),
            SeriesError::Conflict { start } => {
                write!(f, "two charts give different bars for {}", rfc3339(*start))
            }
        }
    }
}

impl MinuteSeries {
    /// Merges one-minute charts of one symbol; a minute given twice must be given identically.
    pub fn from_charts(charts: &[Chart]) -> Result<MinuteSeries, SeriesError> {
        let first = charts.first().ok_or(SeriesError::NoCharts)?;
        let mut bars: Vec<Bar> = Vec::new();
        for (index, c) in charts.iter().enumerate() {
            if c.meta.data_granularity.as_deref() != Some("1m") {
                return Err(SeriesError::NotMinuteBars {
                    index,
                    granularity: c.meta.data_granularity.clone(),
                });
            }
            if c.meta.symbol != first.meta.symbol {
                return Err(SeriesError::MixedSymbols {
                    index,
                    first: first.meta.symbol.clone(),
                    other: c.meta.symbol.clone(),
                });
            }
            bars.extend(c.bars.iter().cloned());
        }
        bars.sort_by_key(|b| b.start);
        let mut merged: Vec<Bar> = Vec::with_capacity(bars.len());
        for b in bars {
            match merged.last() {
                Some(last) if last.start == b.start => {
                    if *last != b {
                        return Err(SeriesError::Conflict { start: b.start });
                    }
                }
                _ => merged.push(b),
            }
        }
        Ok(MinuteSeries {
            symbol: first.meta.symbol.clone(),
            instrument_type: first.meta.instrument_type.clone(),
            bars: merged,
        })
    }
}

/// A bar the rule priced from: its start, end and close.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PricedBar {
    /// The bar's start, RFC 3339 UTC.
    pub start: String,
    /// The bar's end (start + 60 s), RFC 3339 UTC.
    pub end: String,
    /// The bar's close, in the asset's quote currency.
    pub close: f64,
}

impl PricedBar {
    fn of(b: &Bar, close: f64) -> PricedBar {
        PricedBar {
            start: rfc3339(b.start),
            end: rfc3339(b.start + BAR_SECONDS),
            close,
        }
    }
}

/// The outcome fields of one event window (Appendix C: ref, close, actual_pct).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resolution {
    /// Reference price `ref`: close of the first priced bar starting at or after `reference_at`
    /// (Appendix C).
    #[serde(rename = "ref")]
    pub reference: f64,
    /// Close of the last priced bar ending at or before `end_at` (Appendix C `close`).
    pub close: f64,
    /// Percent change `100 x (close / ref - 1)` (Appendix C `actual_pct`).
    pub actual_pct: f64,
    /// Whether `close` is strictly above `ref`.
    pub up: bool,
    /// The bar `ref` was read from.
    pub reference_bar: PricedBar,
    /// The bar `close` was read from.
    pub end_bar: PricedBar,
}

/// Which end of the window an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The window's start, `reference_at` (spec §3.3).
    ReferenceAt,
    /// The window's end, `end_at`.
    EndAt,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::ReferenceAt => "reference_at",
            End::EndAt => "end_at",
        })
    }
}

/// Why the rule gives no outcome for a window.
#[derive(Clone, Debug, PartialEq)]
pub enum RuleError {
    /// `end_at` is not after `reference_at`.
    EmptyWindow,
    /// The data does not hold the minute at this end of the window (see the module doc).
    NotCovered {
        /// Which end of the window.
        which: End,
        /// The instant of that end.
        at: Instant,
    },
    /// No bar with a close starts at or after `reference_at`.
    NoReferenceBar {
        /// The window's `reference_at`.
        at: Instant,
    },
    /// No bar with a close ends at or before `end_at` after the reference bar.
    NoEndBar {
        /// The window's `end_at`.
        at: Instant,
    },
    /// The reference price is zero or negative: a percent change means nothing.
    ReferenceNotPositive {
        /// The reference price read.
        reference: f64,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::EmptyWindow => f.write_str("end_at is not after reference_at"),
            RuleError::NotCovered { which, at } => write!(
                f,
                "the data holds no bar for the minute of {which} {}",
                at.to_rfc3339()
            ),
            RuleError::NoReferenceBar { at } => write!(
                f,
                "no priced 1m bar starts at or after reference_at {}",
                at.to_rfc3339()
            ),
            RuleError::NoEndBar { at } => write!(
                f,
                "no priced 1m bar between the reference bar and end_at {}",
                at.to_rfc3339()
            ),
            RuleError::ReferenceNotPositive { reference } => {
                write!(f, "reference price {reference} is not positive")
            }
        }
    }
}

fn start_of(b: &Bar) -> Instant {
    instant_of(b.start)
}

fn end_of(b: &Bar) -> Instant {
    instant_of(b.start + BAR_SECONDS)
}

/// Whether `bars` hold the minute at this end of a window (module doc, "Coverage").
pub fn covers(bars: &[Bar], which: End, at: Instant) -> bool {
    // First bar ending after `at` (reference) or at/after `at` (end).
    let i = bars.partition_point(|b| match which {
        End::ReferenceAt => end_of(b) <= at,
        End::EndAt => end_of(b) < at,
    });
    bars.get(i).is_some_and(|b| match which {
        End::ReferenceAt => start_of(b) <= at,
        End::EndAt => start_of(b) < at,
    })
}

/// Applies the rule to time-ordered one-minute `bars` (module doc).
pub fn resolve(
    bars: &[Bar],
    reference_at: Instant,
    end_at: Instant,
) -> Result<Resolution, RuleError> {
    if end_at <= reference_at {
        return Err(RuleError::EmptyWindow);
    }
    for (which, at) in [(End::ReferenceAt, reference_at), (End::EndAt, end_at)] {
        if !covers(bars, which, at) {
            return Err(RuleError::NotCovered { which, at });
        }
    }
    let from = bars.partition_point(|b| start_of(b) < reference_at);
    let (ri, rb, reference) = bars[from..]
        .iter()
        .enumerate()
        .find_map(|(i, b)| b.close.map(|c| (from + i, b, c)))
        .ok_or(RuleError::NoReferenceBar { at: reference_at })?;
    let to = bars.partition_point(|b| end_of(b) <= end_at);
    let (eb, close) = bars[ri.min(to)..to]
        .iter()
        .rev()
        .find_map(|b| b.close.map(|c| (b, c)))
        .ok_or(RuleError::NoEndBar { at: end_at })?;
    if reference <= 0.0 {
        return Err(RuleError::ReferenceNotPositive { reference });
    }
    let actual_pct = 100.0 * (close / reference - 1.0);
    Ok(Resolution {
        reference,
        close,
        actual_pct,
        up: close > reference,
        reference_bar: PricedBar::of(rb, reference),
        end_bar: PricedBar::of(eb, close),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(start: i64, close: Option<f64>) -> Bar {
        Bar {
            start,
            open: close,
            high: close,
            low: close,
            close,
            volume: close.map(|_| 1),
        }
    }

    fn t(secs: i64) -> Instant {
        instant_of(secs)
    }

    #[test]
    fn first_bar_starting_at_or_after_and_last_bar_ending_by() {
        // Minutes 0..5, minute 2 null; a bar starting exactly at end_at must not count.
        let bars: Vec<Bar> = (0..6)
            .map(|m| bar(m * 60, if m == 2 { None } else { Some(100.0 + m as f64) }))
            .collect();
        // reference_at 19 s into minute 0: the first bar starting at or after is minute 1.
        let r = resolve(&bars, Instant(19_000_000), t(300)).unwrap();
        assert_eq!((r.reference, r.close), (101.0, 104.0));
        assert_eq!(r.reference_bar.start, "1970-01-01T00:01:00Z");
        assert_eq!(r.end_bar.end, "1970-01-01T00:05:00Z");
        assert_eq!(r.actual_pct, 100.0 * (104.0 / 101.0 - 1.0));
        assert!(r.up);
        // A null reference minute passes to the next priced one.
        let r = resolve(&bars, t(120), t(240)).unwrap();
        assert_eq!((r.reference, r.close, r.up), (103.0, 103.0, false));
        assert_eq!(r.actual_pct, 0.0);
        // Only the null minute in the window.
        assert_eq!(
            resolve(&bars, t(120), t(180)),
            Err(RuleError::NoEndBar { at: t(180) })
        );
        assert_eq!(resolve(&bars, t(120), t(120)), Err(RuleError::EmptyWindow));
    }

    #[test]
    fn coverage_needs_both_minutes() {
        let bars: Vec<Bar> = (0..3).map(|m| bar(m * 60, Some(1.0))).collect();
        assert_eq!(
            resolve(&bars, t(-1), t(120)),
            Err(RuleError::NotCovered {
                which: End::ReferenceAt,
                at: t(-1)
            })
        );
        assert_eq!(
            resolve(&bars, t(0), t(181)),
            Err(RuleError::NotCovered {
                which: End::EndAt,
                at: t(181)
            })
        );
        assert!(resolve(&bars, t(0), t(180)).is_ok());
        // A bar starting at end_at covers nothing for that end.
        assert!(!covers(&bars[2..], End::EndAt, t(120)));
        assert!(covers(&bars, End::ReferenceAt, Instant(179_999_999)));
        assert!(!covers(&bars, End::ReferenceAt, t(180)));
    }

    #[test]
    fn merging_charts() {
        use super::super::yahoo::ChartMeta;
        let meta = |s: &str, g: &str| ChartMeta {
            symbol: s.into(),
            instrument_type: None,
            exchange_timezone_name: None,
            gmtoffset: None,
            data_granularity: Some(g.into()),
            regular_market_time: None,
            regular_market_price: None,
            trading_periods: None,
        };
        let a = Chart {
            meta: meta("X", "1m"),
            bars: vec![bar(60, Some(1.0)), bar(120, Some(2.0))],
        };
        let b = Chart {
            meta: meta("X", "1m"),
            bars: vec![bar(0, Some(0.5)), bar(120, Some(2.0))],
        };
        let s = MinuteSeries::from_charts(&[a.clone(), b]).unwrap();
        assert_eq!(
            s.bars.iter().map(|b| b.start).collect::<Vec<_>>(),
            [0, 60, 120]
        );
        let c = Chart {
            meta: meta("X", "1m"),
            bars: vec![bar(120, Some(2.5))],
        };
        assert_eq!(
            MinuteSeries::from_charts(&[a.clone(), c]),
            Err(SeriesError::Conflict { start: 120 })
        );
        let d = Chart {
            meta: meta("X", "1d"),
            bars: vec![],
        };
        assert!(matches!(
            MinuteSeries::from_charts(&[a.clone(), d]),
            Err(SeriesError::NotMinuteBars { index: 1, .. })
        ));
        let e = Chart {
            meta: meta("Y", "1m"),
            bars: vec![],
        };
        assert!(matches!(
            MinuteSeries::from_charts(&[a, e]),
            Err(SeriesError::MixedSymbols { index: 1, .. })
        ));
    }
}
