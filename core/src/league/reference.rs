//! The reference seats (spec §4.3, §8.1 F15), answered inside the engine without network.
//! Each writes its reply as a model would (a JSON answer), so it is sealed and read through
//! the same path as every other seat:
//!
//! - `coin`: 50 on every market and horizon;
//! - `climatology`: the sealed table's base rate `p_up` per market and horizon (50 where the
//!   table has none);
//! - `momentum`: 55 in the direction of the market's last change (55 after a rise, 45 after a
//!   fall, 50 when unchanged or unknown).
//!
//! Each of them decides `"hold"` on every trading track's rule version in force (§4.7: "hold"
//! is no trade and no cost), so its accounts stay in cash beside the models' (the passive
//! benchmarks are the engine's own accounts).

use crate::calendar::Horizon;
use crate::league::ask::Snapshot;
use crate::league::config::Adapter;
use crate::records::names::MARKETS;
use crate::score::baselines::ClimatologyTable;
use std::collections::BTreeMap;

/// Base rates per (market, horizon), percent, from the sealed climatology table.
pub type Climatology = BTreeMap<(String, Horizon), f64>;

/// The climatology seat's rates from the sealed table (spec §4.3): each (market, horizon)'s
/// `p_up`, in percent; rows of an unknown horizon are left out.
pub fn climatology_of(table: &ClimatologyTable) -> Climatology {
    table
        .entries
        .iter()
        .filter_map(|e| Some(((e.asset.clone(), Horizon::parse(&e.h)?), e.p_up * 100.0)))
        .collect()
}

/// The reply text of a reference seat, deciding "hold" on each rule version in `versions`;
/// None for the other adapters.
pub fn reference_reply_in(
    adapter: &Adapter,
    snapshot: &Snapshot,
    climatology: &Climatology,
    versions: &[String],
) -> Option<String> {
    let text = reference_reply(adapter, snapshot, climatology)?;
    if versions.is_empty() {
        return Some(text);
    }
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("the reply is JSON");
    v[crate::arena::league::DECISIONS_KEY] = versions
        .iter()
        .map(|x| (x.clone(), serde_json::json!("hold")))
        .collect::<serde_json::Map<_, _>>()
        .into();
    Some(v.to_string())
}

/// The reply text of a reference seat; None for the other adapters.
pub fn reference_reply(
    adapter: &Adapter,
    snapshot: &Snapshot,
    climatology: &Climatology,
) -> Option<String> {
    let p = |asset: &str, h: Horizon| -> f64 {
        match adapter {
            Adapter::Coin => 50.0,
            Adapter::Climatology => climatology
                .get(&(asset.to_string(), h))
                .copied()
                .filter(|p| (0.0..=100.0).contains(p))
                .unwrap_or(50.0),
            _ => {
                let change = snapshot
                    .rows
                    .iter()
                    .find(|r| r.asset == asset)
                    .and_then(|r| r.change_pct());
                match change {
                    Some(c) if c > 0.0 => 55.0,
                    Some(c) if c < 0.0 => 45.0,
                    _ => 50.0,
                }
            }
        }
    };
    if !adapter.is_reference() {
        return None;
    }
    let mut items = serde_json::Map::new();
    for m in MARKETS {
        let mut cells = serde_json::Map::new();
        for h in Horizon::ALL {
            cells.insert(
                h.as_str().into(),
                serde_json::json!({"prob_up": p(m, h), "action": "hold"}),
            );
        }
        items.insert(m.into(), serde_json::Value::Object(cells));
    }
    Some(serde_json::json!({"items": items}).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::answer::read_answer;
    use crate::league::ask::MarketRow;

    #[test]
    fn reference_seats_answer_through_the_parser() {
        let snap = Snapshot {
            taken_at: "2026-10-21T12:29:00Z".into(),
            rows: vec![
                MarketRow {
                    asset: "SPX".into(),
                    price: 101.0,
                    prev_close: Some(100.0),
                    low_52w: None,
                    high_52w: None,
                    read_at: "t".into(),
                },
                MarketRow {
                    asset: "VIX".into(),
                    price: 19.0,
                    prev_close: Some(20.0),
                    low_52w: None,
                    high_52w: None,
                    read_at: "t".into(),
                },
            ],
        };
        let clim = Climatology::from([(("SPX".to_string(), Horizon::D1), 53.5)]);
        let p = |a: &Adapter, asset: &str, h: &str| {
            let r = read_answer(&reference_reply(a, &snap, &clim).unwrap());
            assert_eq!(r.shape, None);
            let items = r.items.unwrap();
            let v = items
                .get(asset)
                .unwrap()
                .as_object()
                .unwrap()
                .get(h)
                .unwrap()
                .as_object()
                .unwrap()
                .get("prob_up")
                .cloned()
                .unwrap();
            crate::records::book_lines::number(&v).unwrap()
        };
        assert_eq!(p(&Adapter::Coin, "BTC", "6m"), 50.0);
        assert_eq!(p(&Adapter::Climatology, "SPX", "1d"), 53.5);
        assert_eq!(p(&Adapter::Climatology, "SPX", "1w"), 50.0);
        assert_eq!(p(&Adapter::Momentum, "SPX", "1d"), 55.0);
        assert_eq!(p(&Adapter::Momentum, "VIX", "1m"), 45.0);
        assert_eq!(p(&Adapter::Momentum, "GOLD", "1d"), 50.0);
        assert_eq!(
            reference_reply(
                &Adapter::Command {
                    command: vec!["x".into()],
                    env: Vec::new(),
                },
                &snap,
                &clim
            ),
            None
        );
    }
}
