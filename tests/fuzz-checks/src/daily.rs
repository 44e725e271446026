//! Daily history CSV (core::prices::daily) on arbitrary bytes: the parser, then the
//! climatology's same-event counts (core::score::baselines) on whatever bars it gives. Each
//! must return a result or an error, never panic; the counts must add up.

use sealbook_core::calendar::{Date, Horizon};
use sealbook_core::prices::daily::{merge_daily, parse_daily};
use sealbook_core::score::baselines::{clim_count, clim_window_bytes, ClimHistory, ClimRule};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Ok(bars) = parse_daily(data) else {
        return;
    };
    let (Some(from), Some(to)) = (Date::new(1900, 1, 1), Date::new(2100, 12, 31)) else {
        return;
    };
    for rule in [ClimRule::SessionBar, ClimRule::DailyClose, ClimRule::UtcDay] {
        for h in Horizon::ALL {
            let c = clim_count(&bars, rule, h, from, to);
            assert!(c.up + c.down <= c.n && c.n_independent <= c.n);
        }
    }
    let merged = merge_daily(&[bars.clone(), bars]);
    let h = ClimHistory {
        asset: "BTC".into(),
        sources: vec![],
        bars: merged,
    };
    let _ = clim_window_bytes(&[h], from, to, "w");
}
