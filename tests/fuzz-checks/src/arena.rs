//! `arena::replay::replay` on arbitrary bytes split into its five published files
//! (arena-protocol.json, decisions, prices, trades, accounts; separated by 0xFF bytes), and
//! `arena::protocol::Protocol::from_json` on the first: never a panic or a hang; a replay that
//! runs classifies every published row exactly once, and an accepted protocol writes back to
//! bytes that read as the same protocol.

use sealbook_core::arena::protocol::Protocol;
use sealbook_core::arena::replay::{replay, ReplayFiles};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let mut parts = data.splitn(5, |b| *b == 0xFF);
    let mut next = || parts.next().unwrap_or(&[]);
    let (protocol, decisions, prices, trades, accounts) = (next(), next(), next(), next(), next());
    if let Ok(p) = Protocol::from_json(protocol) {
        assert_eq!(Protocol::from_json(&p.to_json()).as_ref(), Ok(&p));
    }
    if let Ok(r) = replay(&ReplayFiles {
        protocol,
        decisions,
        prices,
        trades,
        accounts,
    }) {
        assert_eq!(
            r.exact + r.within_rounding + r.different + r.not_recounted,
            r.rows
        );
    }
}
