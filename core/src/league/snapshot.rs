//! The price snapshot a run's ask carries (spec §3.1 step 1, Table 2), computed from the
//! provider's 1-minute bars and the time of the run:
//!
//! - `price`: the close of the last priced bar that has ended by `now` (`start + 60 s <= now`;
//!   before the open that is the previous session's close for the equity indices and the
//!   yield); `read_at` is that bar's end, the instant its close is the price of.
//! - `prev_close`: the close of the last priced bar of an earlier New York day than the price
//!   bar's (the previous session's close; for Bitcoin, the previous day's last minute).
//! - `low_52w`, `high_52w`: the lowest low and highest high (a bar without them: its close)
//!   of the priced bars that ended in the [`LOOKBACK_DAYS`] days up to `now`.
//!
//! A market without a priced bar in that window has no row: the snapshot names it
//! ([`Snapshot::missing`]) and no price is invented for it.

use crate::calendar::Instant;
use crate::league::ask::{MarketRow, Snapshot};
use crate::prices::yahoo::Bar;
use crate::prices::{instant_of, BAR_SECONDS};
use crate::records::names::MARKETS;
use std::collections::BTreeMap;

/// How far back the snapshot reads (the 52-week range, with a day to spare).
pub const LOOKBACK_DAYS: i64 = 366;

/// Days before the snapshot read in 1-minute bars (the price and the previous close); the
/// rest of the 52-week window may come in coarser bars.
pub const MINUTE_WINDOW_DAYS: i64 = 14;

/// The first instant of the snapshot's 1-minute window `[from, now)`.
pub fn minute_window_from(now: Instant) -> Instant {
    Instant(now.0 - MINUTE_WINDOW_DAYS * 86_400 * 1_000_000)
}

/// The first instant whose bars the snapshot at `now` reads; the window is `[from, now)`.
pub fn lookback_from(now: Instant) -> Instant {
    Instant(now.0 - LOOKBACK_DAYS * 86_400 * 1_000_000)
}

fn end_of(b: &Bar) -> Instant {
    instant_of(b.start + BAR_SECONDS)
}

/// One market's row from its time-ordered bars (None: no priced bar has ended by `now`).
pub fn market_row(asset: &str, bars: &[Bar], now: Instant) -> Option<MarketRow> {
    let from = lookback_from(now);
    let ended = &bars[..bars.partition_point(|b| end_of(b) <= now)];
    let window = &ended[ended.partition_point(|b| end_of(b) <= from)..];
    let last = window.iter().rev().find(|b| b.close.is_some())?;
    let price = last.close?;
    let read_at = end_of(last);
    let (day, _) = instant_of(last.start).new_york();
    let prev_close = window
        .iter()
        .rev()
        .filter(|b| instant_of(b.start).new_york().0 < day)
        .find_map(|b| b.close);
    let mut low = f64::INFINITY;
    let mut high = f64::NEG_INFINITY;
    for b in window {
        let Some(c) = b.close else { continue };
        low = low.min(b.low.unwrap_or(c)).min(c);
        high = high.max(b.high.unwrap_or(c)).max(c);
    }
    Some(MarketRow {
        asset: asset.to_string(),
        price,
        prev_close,
        low_52w: Some(low),
        high_52w: Some(high),
        read_at: read_at.to_rfc3339(),
    })
}

/// The snapshot taken at `now` from each market's bars (a market absent from `bars`, or
/// without a priced bar, is missing from the snapshot).
pub fn take_snapshot(now: Instant, bars: &BTreeMap<String, Vec<Bar>>) -> Snapshot {
    Snapshot {
        taken_at: now.to_rfc3339(),
        rows: MARKETS
            .iter()
            .filter_map(|m| market_row(m, bars.get(*m)?, now))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    fn bar(at: &str, low: f64, high: f64, close: Option<f64>) -> Bar {
        Bar {
            start: t(at).0 / 1_000_000,
            open: close,
            high: close.map(|_| high),
            low: close.map(|_| low),
            close,
            volume: close.map(|_| 5),
        }
    }

    #[test]
    fn price_previous_close_and_range_from_the_bars() {
        let spx = vec![
            bar("2025-11-03T15:00:00Z", 5000.0, 5100.0, Some(5050.0)),
            // Outside the 52 weeks before now.
            bar("2025-06-01T15:00:00Z", 1.0, 9999.0, Some(5.0)),
        ];
        let mut spx = spx;
        spx.sort_by_key(|b| b.start);
        spx.extend([
            bar("2026-10-19T19:59:00Z", 6500.0, 6700.0, Some(6600.0)),
            bar("2026-10-20T19:58:00Z", 6590.0, 6660.0, Some(6640.0)),
            bar("2026-10-20T19:59:00Z", 6640.0, 6655.0, Some(6650.0)),
            // A gap at the end is no price.
            bar("2026-10-20T20:00:00Z", 0.0, 0.0, None),
            // Not ended by now (12:30Z): never read.
            bar("2026-10-21T12:29:30Z", 1.0, 1.0, None),
            bar("2026-10-21T12:30:00Z", 1.0, 99999.0, Some(7000.0)),
        ]);
        spx.sort_by_key(|b| b.start);
        let btc = vec![
            bar("2026-10-21T03:59:00Z", 89000.0, 91000.0, Some(90000.0)),
            bar("2026-10-21T12:29:00Z", 90500.0, 90700.0, Some(90600.0)),
        ];
        let bars = BTreeMap::from([
            ("SPX".to_string(), spx),
            ("BTC".to_string(), btc),
            (
                "GOLD".to_string(),
                vec![bar("2026-10-20T19:00:00Z", 0.0, 0.0, None)],
            ),
        ]);
        let s = take_snapshot(t("2026-10-21T12:30:00Z"), &bars);
        assert_eq!(s.taken_at, "2026-10-21T12:30:00Z");
        let row = |a: &str| s.rows.iter().find(|r| r.asset == a).unwrap();
        let spx = row("SPX");
        assert_eq!(
            (spx.price, spx.prev_close, spx.low_52w, spx.high_52w),
            (6650.0, Some(6600.0), Some(5000.0), Some(6700.0))
        );
        assert_eq!(spx.read_at, "2026-10-20T20:00:00Z");
        let btc = row("BTC");
        // 03:59Z is 23:59 ET on the 20th: the previous New York day's last minute.
        assert_eq!((btc.price, btc.prev_close), (90600.0, Some(90000.0)));
        assert_eq!(btc.read_at, "2026-10-21T12:30:00Z");
        // GOLD has only a gap, the rest no bars: named missing, never priced.
        assert_eq!(s.rows.len(), 2);
        assert_eq!(s.missing().len(), 10);
        assert!(s.missing().contains(&"GOLD"));
        // A market whose only bars are older than the lookback is missing too.
        let old = BTreeMap::from([(
            "SPX".to_string(),
            vec![bar("2025-01-02T15:00:00Z", 1.0, 2.0, Some(1.5))],
        )]);
        assert!(take_snapshot(t("2026-10-21T12:30:00Z"), &old)
            .rows
            .is_empty());
    }
}
