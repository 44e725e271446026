//! Yahoo chart v8 responses (core::prices) on arbitrary bytes: the parser, then the reference
//! rule, the draw band and the forecasts check on whatever bars it gives. Each must return a
//! result or an error, never panic; a resolution must lie inside its window.

use sealbook_core::calendar::Instant;
use sealbook_core::contract::price_check::{check_forecasts, BandOptions};
use sealbook_core::prices::band::{draw_band, BandClock, ContractFrom};
use sealbook_core::prices::rule::{resolve, MinuteSeries};
use sealbook_core::prices::{instant_of, yahoo, BAR_SECONDS, PRICE_PROVIDER, REFERENCE_RULE_V1};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Ok(chart) = yahoo::parse_chart(data) else {
        return;
    };
    let (Some(first), Some(last)) = (chart.bars.first(), chart.bars.last()) else {
        return;
    };
    // A window from the data's own span, the offsets taken from the input's length.
    let k = data.len() as i64;
    let reference_at = Instant(first.start * 1_000_000 + (k % 97) * 1_000_000);
    let end_at = instant_of(last.start + BAR_SECONDS - (k % 5) * BAR_SECONDS);
    if let Ok(r) = resolve(&chart.bars, reference_at, end_at) {
        assert!(
            r.reference_bar.start <= r.end_bar.start,
            "reference bar after end bar"
        );
        assert_eq!(r.up, r.close > r.reference);
    }
    let contracts = [ContractFrom {
        from: instant_of(first.start + (k % 7) * BAR_SECONDS),
        label: "B".into(),
    }];
    for clock in [BandClock::Nyse, BandClock::UtcDays] {
        let _ = draw_band(&chart.bars, end_at, clock, 1 + (k % 4) as u32, &contracts);
    }
    if let Ok(series) = MinuteSeries::from_charts(std::slice::from_ref(&chart)) {
        let row = format!(
            "price_symbol,price_provider,reference_rule,reference_at,event_end_at,ref,close,actual_pct,draw\n\
             \"{}\",{PRICE_PROVIDER},{REFERENCE_RULE_V1},{},{},1,1,0,false\n",
            series.symbol.replace('"', "\"\""),
            reference_at.to_rfc3339(),
            end_at.to_rfc3339()
        );
        let opts = BandOptions {
            sessions: 4,
            clock: BandClock::for_instrument(series.instrument_type.as_deref()),
            contracts: vec![],
        };
        let _ = check_forecasts(row.as_bytes(), &series, &opts);
    }
}
