//! The league's price providers (spec §3.3: reference prices from 1-minute bars by the
//! published rule). Each provider only fetches or reads bars; what is done with them is core's
//! (the reference rule: [`sealbook_core::prices::rule`]).

pub mod csv;

use sealbook_core::calendar::Instant;

/// A source of 1-minute bars (spec §3.3: the first bar at or after the reference).
pub trait PriceProvider: Send + Sync {
    /// The 1-minute bars of `asset` (an asset code of `league::layout::MARKETS`) whose start
    /// lies in [from, to), in time order. An asset or window the source cannot serve is an
    /// error naming the asset (and the file/line or URL where it went wrong).
    fn minute_bars(
        &self,
        asset: &str,
        from: Instant,
        to: Instant,
    ) -> Result<Vec<sealbook_core::prices::yahoo::Bar>, String>;
}
