//! The event contracts a run seals before its ask (spec §3 "事件合约", Table 1; §3.13
//! requirement 1; Appendix C): for each of the twelve markets and each horizon, the nine keys
//! that fix the event, derived from the league's configuration and the session:
//!
//! - `asset`, `horizon`;
//! - `reference_at`: the session's common reference ([`reference_at`], 09:30 ET by default),
//!   for every market, Bitcoin included: one clock for all twelve (§3.3; an answer sealed later
//!   has its own reference and is a separate event);
//! - `end_at`: the terminal time of the horizon's last session ([`terminal_at`]): 16:00 ET,
//!   the 10-year yield 15:00 ET (§3 "单词 yield", §5 "收益率到美国东部时间15:00"); Bitcoin's
//!   horizons count calendar days and end 16:00 ET (§3.7);
//! - `rule` [`RULE`] (up: the terminal price strictly above the reference), `resolver_version`
//!   [`RESOLVER_VERSION`], `reference_rule` [`REFERENCE_RULE_V1`] (§3.1 Table 2 note);
//! - `price_provider`: [`PRICE_PROVIDER`] for the Yahoo provider, [`CSV_PROVIDER`] for recorded
//!   bars; `price_symbol`: the provider's symbol of the market (`prices.symbols`).
//!
//! The run line seals them as `contracts.<asset>.<horizon>`
//! ([`crate::records::book_lines::build::RunContent`], read back by
//! [`crate::records::book_lines`]); the ask states them ([`statement`]); the scorer's windows
//! ([`crate::league::close`]) end where they end.

use crate::calendar::{horizon_end_date, new_york_time, session_close, Date, Horizon, Instant};
use crate::contract::event::EventContract;
use crate::league::config::{LeagueConfig, PriceSource};
use crate::league::schedule::reference_at;
use crate::prices::{PRICE_PROVIDER, REFERENCE_RULE_V1};
use crate::records::names::{BITCOIN, MARKETS};
use std::collections::BTreeMap;

/// The resolution rule: the event is up when the terminal price is strictly above the
/// reference (change > 0).
pub const RULE: &str = "up_if_change_gt_0";
/// The version of the resolver that applies [`RULE`] and [`REFERENCE_RULE_V1`].
pub const RESOLVER_VERSION: &str = "1";
/// The provider name of recorded 1-minute bars (`prices.provider = "csv"`).
pub const CSV_PROVIDER: &str = "csv_1m_bars";
/// The market whose one-day event ends at 15:00 ET, not the 16:00 close (spec §3, Table 1).
pub const TEN_YEAR_YIELD: &str = "TNX";

/// The contracts of one run, keyed by (asset, horizon).
pub type Contracts = BTreeMap<(String, Horizon), EventContract>;

/// The provider's name as contracts state it.
pub fn provider_name(provider: &PriceSource) -> &'static str {
    match provider {
        PriceSource::Yahoo { .. } => PRICE_PROVIDER,
        PriceSource::Csv { .. } => CSV_PROVIDER,
    }
}

/// When `asset`'s event ends on the New York date `date`: 15:00 ET for the 10-year yield,
/// else the 16:00 ET close.
pub fn terminal_at(asset: &str, date: Date) -> Instant {
    if asset == TEN_YEAR_YIELD {
        new_york_time(date, 15, 0)
    } else {
        session_close(date)
    }
}

/// The end of `asset`'s window for a run of `session` over `horizon` (None outside the
/// calendar's years).
pub fn window_end(session: Date, horizon: Horizon, asset: &str) -> Option<Instant> {
    horizon_end_date(session, horizon, asset == BITCOIN).map(|d| terminal_at(asset, d))
}

/// The contract of `asset` over `horizon` for a run of `session` (None when the calendar
/// does not cover the window's end).
pub fn contract(
    config: &LeagueConfig,
    session: Date,
    asset: &str,
    horizon: Horizon,
) -> Option<EventContract> {
    let end = window_end(session, horizon, asset)?;
    let symbol = config
        .prices
        .symbols
        .get(asset)
        .map_or(asset, String::as_str);
    Some(EventContract::from_values([
        asset,
        horizon.as_str(),
        &reference_at(config, session).to_rfc3339(),
        &end.to_rfc3339(),
        RULE,
        RESOLVER_VERSION,
        REFERENCE_RULE_V1,
        provider_name(&config.prices.provider),
        symbol,
    ]))
}

/// Every contract of a run of `session`: the twelve markets by the four horizons, less any
/// window the calendar does not cover.
pub fn run_contracts(config: &LeagueConfig, session: Date) -> Contracts {
    MARKETS
        .iter()
        .flat_map(|m| Horizon::ALL.into_iter().map(move |h| (*m, h)))
        .filter_map(|(m, h)| Some(((m.to_string(), h), contract(config, session, m, h)?)))
        .collect()
}

/// The contracts as the ask states them: the keys every contract shares once, then each
/// market's symbol and each horizon's end.
pub fn statement(contracts: &Contracts) -> String {
    let Some(first) = contracts.values().next() else {
        return String::new();
    };
    let mut t = String::from("## Event contracts\n\nEach cell is scored on the event its contract fixes; the run line seals the same contracts as contracts.<market>.<horizon>. Every contract: ");
    t += &format!(
        "reference_at {}, rule {}, resolver_version {}, reference_rule {}, price_provider {}.\n\n",
        first.reference_at,
        first.rule,
        first.resolver_version,
        first.reference_rule,
        first.price_provider
    );
    for m in MARKETS {
        let of_m: Vec<&EventContract> = Horizon::ALL
            .iter()
            .filter_map(|h| contracts.get(&(m.to_string(), *h)))
            .collect();
        let Some(c) = of_m.first() else { continue };
        t += &format!("- {m}: price_symbol {}; end_at", c.price_symbol);
        for (i, c) in of_m.iter().enumerate() {
            t += &format!(
                "{} {} {}",
                if i == 0 { "" } else { "," },
                c.horizon,
                c.end_at
            );
        }
        t += ".\n";
    }
    t += "\n";
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = r#"
[league]
name = "t"
methodology_version = "m-1"

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "yahoo"
"#;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn every_market_and_horizon_has_a_full_contract() {
        let c = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
        let all = run_contracts(&c, d("2026-10-21"));
        assert_eq!(all.len(), 48);
        for ((asset, h), k) in &all {
            assert_eq!(
                (k.asset.as_str(), k.horizon.as_str()),
                (asset.as_str(), h.as_str())
            );
            assert!(k.values().iter().all(|v| !v.is_empty()));
            assert_eq!(k.reference_at, "2026-10-21T13:30:00Z", "{asset} {h}");
        }
        let one = |a: &str, h| all[&(a.to_string(), h)].clone();
        // Table 1: the yield's one-day event ends 15:00 ET, the others at the 16:00 close.
        assert_eq!(one("TNX", Horizon::D1).end_at, "2026-10-21T19:00:00Z");
        assert_eq!(one("SPX", Horizon::D1).end_at, "2026-10-21T20:00:00Z");
        assert_eq!(one("BTC", Horizon::D1).end_at, "2026-10-21T20:00:00Z");
        assert_eq!(one("BTC", Horizon::W1).end_at, "2026-10-28T20:00:00Z");
        assert_eq!(one("BRENT", Horizon::D1).price_symbol, "BZ=F");
        assert_eq!(one("BTC", Horizon::D1).price_symbol, "BTC-USD");
        assert_eq!(one("SPX", Horizon::D1).price_provider, PRICE_PROVIDER);
        let text = statement(&all);
        for k in all.values() {
            assert!(text.contains(&k.end_at) && text.contains(&k.price_symbol));
        }
    }
}
