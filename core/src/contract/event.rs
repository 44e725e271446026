//! Event contracts and their identifiers (spec §3, Table 1; §3.13 requirements 1 and 4).
//!
//! Two forecasts are about the same event only when every field of the contract agrees. The
//! full contract has nine keys; `event_id_v2` is `ev2-` followed by the first 16 hex digits
//! of the SHA-256 of the contract's canonical JSON (sorted keys, no whitespace, UTF-8), and
//! the older `event_id` (`ev1-`) is formed the same way over the first five keys (asset,
//! horizon, reference_at, end_at, rule), so that no published identifier changes.
//! The spec states the 16-digit truncation and the serialization for `ev2-`; for `ev1-` it
//! states only the prefix and the five keys, and this module applies the same construction.

use crate::book::canon::{self, DumpOptions, Object, Value};
use crate::hex;
use sha2::{Digest, Sha256};
use std::fmt;

/// The nine keys of the full contract, in the spec's order; the first five form `ev1-`.
pub const CONTRACT_KEYS: [&str; 9] = [
    "asset",
    "horizon",
    "reference_at",
    "end_at",
    "rule",
    "resolver_version",
    "reference_rule",
    "price_provider",
    "price_symbol",
];

/// The value a contract field holds when the book seals no contract for the event (a book
/// written before contracts were sealed in run lines): a placeholder, never a contract.
pub const UNSTATED: &str = "(not stated in the book)";

/// How many leading keys of [`CONTRACT_KEYS`] the first identifier covers.
pub const EV1_KEYS: usize = 5;

/// Hex digits of the SHA-256 kept in an identifier.
pub const ID_HEX_DIGITS: usize = 16;

/// An event contract: every field a forecast's event is fixed by before the question is sent.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventContract {
    /// Market code of Table 1 (`SPX`, `NDX`, ... `BTC`).
    pub asset: String,
    /// `1d`, `1w`, `1m` or `6m`.
    pub horizon: String,
    /// When the reference price is taken (RFC 3339, UTC).
    pub reference_at: String,
    /// When the terminal price is taken (RFC 3339, UTC).
    pub end_at: String,
    /// The resolution rule (e.g. strictly up = change > 0).
    pub rule: String,
    /// Version of the resolver that applies `rule` (e.g. `1`).
    pub resolver_version: String,
    /// How the reference and terminal prices are read (e.g.
    /// `first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1`).
    pub reference_rule: String,
    /// The price source (e.g. `yahoo_finance_chart_v8_1m`).
    pub price_provider: String,
    /// The provider's symbol for the asset (e.g. `^GSPC` for `SPX`).
    pub price_symbol: String,
}

/// A contract object that lacks a key or holds a non-string value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractError {
    /// The contract key at fault (one of [`CONTRACT_KEYS`]).
    pub field: String,
    /// What is wrong with it (missing, or not a string).
    pub message: String,
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field {}: {}", self.field, self.message)
    }
}

impl std::error::Error for ContractError {}

impl EventContract {
    /// The values in [`CONTRACT_KEYS`] order.
    pub fn values(&self) -> [&str; 9] {
        [
            &self.asset,
            &self.horizon,
            &self.reference_at,
            &self.end_at,
            &self.rule,
            &self.resolver_version,
            &self.reference_rule,
            &self.price_provider,
            &self.price_symbol,
        ]
    }

    /// Builds a contract from values in [`CONTRACT_KEYS`] order.
    pub fn from_values(v: [&str; 9]) -> EventContract {
        EventContract {
            asset: v[0].into(),
            horizon: v[1].into(),
            reference_at: v[2].into(),
            end_at: v[3].into(),
            rule: v[4].into(),
            resolver_version: v[5].into(),
            reference_rule: v[6].into(),
            price_provider: v[7].into(),
            price_symbol: v[8].into(),
        }
    }

    /// The contract as a JSON object over its first `keys` keys.
    pub fn to_object(&self, keys: usize) -> Object {
        let mut o = Object::new();
        for (k, v) in CONTRACT_KEYS.iter().zip(self.values()).take(keys) {
            o.insert(k, Value::Str(v.into()));
        }
        o
    }

    /// Reads a contract from a JSON object holding the nine keys as strings (other keys are
    /// ignored).
    pub fn from_object(o: &Object) -> Result<EventContract, ContractError> {
        let mut vals: Vec<&str> = Vec::with_capacity(9);
        for k in CONTRACT_KEYS {
            match o.get(k) {
                None => {
                    return Err(ContractError {
                        field: k.into(),
                        message: "missing".into(),
                    })
                }
                Some(Value::Str(s)) => match s.as_str() {
                    Some(s) => vals.push(s),
                    None => {
                        return Err(ContractError {
                            field: k.into(),
                            message: "holds a lone surrogate, which has no UTF-8 form".into(),
                        })
                    }
                },
                Some(v) => {
                    return Err(ContractError {
                        field: k.into(),
                        message: format!("must be a string, found {}", v.type_name()),
                    })
                }
            }
        }
        Ok(EventContract::from_values(
            vals.try_into().expect("nine values"),
        ))
    }

    /// `ev1-` + 16 hex of SHA-256 over the first five keys, canonical compact UTF-8 JSON.
    pub fn event_id(&self) -> String {
        id_over(&self.to_object(EV1_KEYS), "ev1-")
    }

    /// `ev2-` + 16 hex of SHA-256 over all nine keys, canonical compact UTF-8 JSON (§3.13).
    pub fn event_id_v2(&self) -> String {
        id_over(&self.to_object(CONTRACT_KEYS.len()), "ev2-")
    }
}

/// The canonical bytes an identifier hashes: sorted keys, `,`/`:` separators, UTF-8.
pub fn canonical_bytes(o: &Object) -> Vec<u8> {
    // Every value was built from a Rust `&str`, so no lone surrogate can occur.
    canon::to_bytes(&Value::Object(o.clone()), DumpOptions::COMPACT_UTF8)
        .expect("valid UTF-8 strings")
}

fn id_over(o: &Object, prefix: &str) -> String {
    let digest = Sha256::digest(canonical_bytes(o));
    let mut id = String::with_capacity(prefix.len() + ID_HEX_DIGITS);
    id.push_str(prefix);
    id.push_str(&hex::encode(&digest)[..ID_HEX_DIGITS]);
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> EventContract {
        EventContract::from_values([
            "SPX",
            "1d",
            "2026-10-20T13:30:00Z",
            "2026-10-20T20:00:00Z",
            "up_if_change_gt_0",
            "resolver-2",
            "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1",
            "yahoo_finance_chart_v8_1m",
            "^GSPC",
        ])
    }

    #[test]
    fn ids_have_their_shape_and_separate_events() {
        let c = sample();
        let (v1, v2) = (c.event_id(), c.event_id_v2());
        assert!(
            v1.starts_with("ev1-") && v1.len() == 20 && v2.starts_with("ev2-") && v2.len() == 20
        );
        let mut d = c.clone();
        d.price_symbol = "SPY".into();
        assert_eq!(d.event_id(), v1, "ev1 ignores the price source");
        assert_ne!(d.event_id_v2(), v2);
        d.reference_at = "2026-10-20T13:31:00Z".into();
        assert_ne!(d.event_id(), v1);
    }

    #[test]
    fn canonical_bytes_are_sorted_compact() {
        let c = sample();
        let b = String::from_utf8(canonical_bytes(&c.to_object(EV1_KEYS))).unwrap();
        assert_eq!(
            b,
            r#"{"asset":"SPX","end_at":"2026-10-20T20:00:00Z","horizon":"1d","reference_at":"2026-10-20T13:30:00Z","rule":"up_if_change_gt_0"}"#
        );
    }

    #[test]
    fn from_object_round_trip_and_errors() {
        let c = sample();
        assert_eq!(EventContract::from_object(&c.to_object(9)).unwrap(), c);
        let mut o = c.to_object(9);
        o.insert("rule", Value::Int(3.into()));
        assert_eq!(EventContract::from_object(&o).unwrap_err().field, "rule");
        o.remove("rule");
        assert_eq!(
            EventContract::from_object(&o).unwrap_err().message,
            "missing"
        );
    }
}
