//! The venues' answers read into crowd quotes (`core::score::crowd_feed`) on arbitrary bytes:
//! an error or a result, never a panic. Every quote made from what was read has prices 0-1
//! and a volume of 0 or more; a Kalshi ladder's resolution is an answer or an error, and a
//! ladder with no settled market is never resolved.

use sealbook_core::records::crowd::Quote;
use sealbook_core::score::crowd_feed::{
    kalshi_markets, kalshi_orderbook, kalshi_quote, kalshi_resolution, polymarket_book,
    polymarket_markets, polymarket_quote,
};

fn in_range(q: &Quote) {
    let price = |p: f64| (0.0..=1.0).contains(&p);
    assert!(price(q.p_up) && q.vol >= 0.0, "{q:?}");
    assert!(q.bid.is_none_or(price) && q.ask.is_none_or(price), "{q:?}");
}

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let (Ok(ms), Ok(b)) = (polymarket_markets(data, "f"), polymarket_book(data, "f")) {
        for m in &ms {
            if let Ok(q) = polymarket_quote(m, &b) {
                in_range(&q);
            }
        }
    }
    if let Ok(ms) = polymarket_markets(data, "f") {
        assert!(ms.iter().all(|m| m.volume >= 0.0));
    }
    if let Ok(ms) = kalshi_markets(data, "f") {
        let levels: Vec<f64> = ms.iter().filter_map(|m| m.floor_strike).collect();
        for c in levels.iter().copied().chain([0.0, 1.0, 100.5]) {
            if let Ok(q) = kalshi_quote(&ms, c) {
                in_range(&q);
            }
            let settled = ms
                .iter()
                .any(|m| matches!(m.status.as_deref(), Some("settled" | "finalized")));
            if let Ok(Some(_)) = kalshi_resolution(&ms, c) {
                assert!(settled, "resolved without a settled market");
            }
        }
        if let Ok(b) = kalshi_orderbook(data, "f") {
            let priced: Vec<_> = ms.into_iter().map(|m| m.with_book(&b)).collect();
            let _ = kalshi_quote(&priced, 0.5);
        }
    }
}
