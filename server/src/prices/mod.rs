//! The league's price providers (spec §3.3: reference prices from 1-minute bars by the
//! published rule). Each provider only fetches or reads bars; what is done with them is core's
//! (the reference rule: [`sealbook_core::prices::rule`]).

pub mod crowd;
pub mod csv;
pub mod fetch;
pub mod yahoo;

use sealbook_core::calendar::Instant;

/// A source of 1-minute bars (spec §3.3: the first bar at or after the reference).
pub trait PriceProvider: Send + Sync {
    /// The 1-minute bars of `asset` (an asset code of `records::names::MARKETS`) whose start
    /// lies in [from, to), in time order. An asset or window the source cannot serve is an
    /// error naming the asset (and the file/line or URL where it went wrong).
    fn minute_bars(
        &self,
        asset: &str,
        from: Instant,
        to: Instant,
    ) -> Result<Vec<sealbook_core::prices::yahoo::Bar>, String>;

    /// The 1-minute bars of the provider's own `symbol` whose start lies in [from, to), in
    /// time order: the trading tracks' funds and cash rate (spec §4.7), which are not markets
    /// of the league (the config's `prices.fund_symbols` names their symbols).
    fn symbol_bars(
        &self,
        symbol: &str,
        from: Instant,
        to: Instant,
    ) -> Result<Vec<sealbook_core::prices::yahoo::Bar>, String>;

    /// Bars of `asset` for the snapshot's 52-week range in [from, to), in time order: 1-minute
    /// bars where the source keeps them that far back (the default), daily bars where it does
    /// not (Yahoo serves 1-minute bars for about the last 30 days only).
    fn history_bars(
        &self,
        asset: &str,
        from: Instant,
        to: Instant,
    ) -> Result<Vec<sealbook_core::prices::yahoo::Bar>, String> {
        self.minute_bars(asset, from, to)
    }

    /// The reads that follow belong to a job that must be done by `deadline` (None: no
    /// deadline): a source that waits between attempts (a `Retry-After`) never waits past
    /// it. A source that never waits ignores it (the default).
    fn set_deadline(&self, deadline: Option<std::time::Instant>) {
        let _ = deadline;
    }
}
