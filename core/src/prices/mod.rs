//! Prices from the league's provider and what the rows' outcome fields are computed from
//! (spec §3.1 Table 2 note, §3.3, §3.5, Appendix C): every forecast row names provider
//! `yahoo_finance_chart_v8_1m` and rule
//! `first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1`.
//!
//! - [`yahoo`]: a Yahoo Finance chart v8 response (bare or in a recorded-request wrapper)
//!   read into typed bars, null bars kept as gaps.
//! - [`rule`]: the reference rule over one-minute bars: `ref`, `close`, `actual_pct`, `up`
//!   and the bars they came from.
//! - [`csv`]: recorded 1-minute bars as CSV (the league's `csv` provider) read into the same bars.
//! - [`daily`]: a provider's daily history (one bar a day) as CSV, the climatology's input.
//! - [`band`]: the draw band from the minute-bar sessions before the reference.
//!
//! Bar times are whole seconds since 1970-01-01T00:00:00Z, as Yahoo writes them.

#![warn(missing_docs)]

pub mod band;
pub mod csv;
pub mod daily;
pub mod rule;
pub mod yahoo;

use crate::calendar::Instant;

/// The price provider every league row names (§3.1, Table 2 note).
pub const PRICE_PROVIDER: &str = "yahoo_finance_chart_v8_1m";
/// The reference rule every league row names (§3.1, Table 2 note).
pub const REFERENCE_RULE_V1: &str =
    "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1";
/// Length of a one-minute bar.
pub const BAR_SECONDS: i64 = 60;

const MICROS: i64 = 1_000_000;

/// A bar start (seconds) as an [`Instant`].
pub fn instant_of(secs: i64) -> Instant {
    Instant(secs * MICROS)
}

/// `YYYY-MM-DDTHH:MM:SSZ` for whole seconds since the epoch.
pub fn rfc3339(secs: i64) -> String {
    instant_of(secs).to_rfc3339()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_times() {
        assert_eq!(rfc3339(1727876700), "2024-10-02T13:45:00Z");
        let t = Instant::parse_rfc3339("2026-10-21T13:00:19.5Z").unwrap();
        assert_eq!(t.to_rfc3339(), "2026-10-21T13:00:19.500000Z");
        assert_eq!(rfc3339(-1), "1969-12-31T23:59:59Z");
    }
}
