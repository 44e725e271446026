//! Seeds 001/003's bets as a profile of the engine: when a market becomes eligible, each agent
//! has one bet of `stake_cents` tokens; the system sends an immediate-or-cancel buy of the
//! chosen outcome limited to the best ask plus `limit_above_ask` (5c), or to the agent's own
//! cap; P&L = payout - tokens spent (`arena-protocol.json`, a `bets` version's `bet`).
//!
//! Units and rounding are the engine's (`core::arena::money`): tokens in hundredths (as money
//! is in cents), prices in micro-tokens per share paying 1 token, shares in micro-shares.
//! The order walks the ask levels from the cheapest while a level's price is within the limit,
//! buying at each level `min(size, round(budget / price))` shares (one fewer micro-share while
//! the level's cost exceeds the budget left); what the levels within the limit cannot fill is
//! cancelled, unspent. The fill becomes the bet record `score --profile agentpit` reads
//! (`core::score::peers::records`), `fill_price` the average price paid.

use super::money::{qty_for, value_cents, MICRO};
use super::protocol::BetRule;

/// One level of an outcome's ask book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskLevel {
    /// Micro-tokens per share (0 < price <= 1 token).
    pub price: i64,
    /// Micro-shares offered.
    pub size: i64,
}

/// What an IOC bet bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetFill {
    /// The order's limit, micro-tokens per share.
    pub limit: i64,
    /// Micro-shares bought.
    pub shares: i64,
    /// Hundredths of a token spent.
    pub spent: i64,
}

impl BetFill {
    /// Payout minus tokens spent, in hundredths of a token: each share pays 1 token if the
    /// outcome wins.
    pub fn pnl(&self, won: bool) -> i64 {
        let payout = if won {
            value_cents(self.shares, MICRO as i64)
        } else {
            0
        };
        payout - self.spent
    }

    /// The average price paid per share paying 1 token (the records' `fill_price`).
    pub fn fill_price(&self) -> f64 {
        (self.spent as f64 / 100.0) / (self.shares as f64 / MICRO as f64)
    }
}

/// Sends the bet's IOC buy against `asks`; the reason when nothing fills (no ask, or none at
/// or below the limit), in which case nothing is spent.
pub fn ioc_buy(rule: &BetRule, asks: &[AskLevel], cap: Option<i64>) -> Result<BetFill, String> {
    let mut book: Vec<AskLevel> = asks
        .iter()
        .copied()
        .filter(|a| a.price > 0 && a.price <= MICRO as i64 && a.size > 0)
        .collect();
    book.sort_by_key(|a| a.price);
    let best = book.first().ok_or("no ask on this outcome")?.price;
    let limit = cap.unwrap_or(best + rule.limit_above_ask).min(MICRO as i64);
    let mut fill = BetFill {
        limit,
        shares: 0,
        spent: 0,
    };
    for a in book.iter().take_while(|a| a.price <= limit) {
        let budget = rule.stake_cents - fill.spent;
        let mut q = qty_for(budget, a.price).min(a.size);
        for _ in 0..10_000 {
            if q <= 0 || value_cents(q, a.price) <= budget {
                break;
            }
            q -= 1;
        }
        if q <= 0 {
            break;
        }
        fill.shares += q;
        fill.spent += value_cents(q, a.price);
        if q < a.size {
            break;
        }
    }
    if fill.shares == 0 {
        return Err(format!(
            "no ask at or below the limit of {} tokens",
            super::money::micro_string(limit)
        ));
    }
    Ok(fill)
}

/// The bet as a line of an agentpit records file (`{"kind": "bet", ...}`), `won` null while
/// the market is open.
pub fn bet_record(
    agent: &str,
    market_id: &str,
    outcome: &str,
    fill: &BetFill,
    won: Option<bool>,
) -> String {
    serde_json::json!({
        "kind": "bet", "agent": agent, "market_id": market_id, "outcome": outcome,
        "stake": fill.spent as f64 / 100.0, "fill_price": fill.fill_price(), "won": won,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::protocol::Protocol;
    use crate::score::peers::agentpit::bet_pnl;
    use crate::score::peers::records::{read_agentpit, AgentpitRecord};

    fn rule() -> BetRule {
        Protocol::standard()
            .version("bets-1")
            .unwrap()
            .bet
            .clone()
            .unwrap()
    }
    fn ask(cents: i64, shares: i64) -> AskLevel {
        AskLevel {
            price: cents * 10_000,
            size: shares * 1_000_000,
        }
    }

    #[test]
    fn the_order_fills_up_to_the_best_ask_plus_five_cents() {
        // 100 tokens: 50 shares at 40c (20 tokens), then 80 tokens at 44c = 181.818181 shares;
        // the 46c level is beyond 40c + 5c.
        let f = ioc_buy(&rule(), &[ask(46, 1000), ask(40, 50), ask(44, 1000)], None).unwrap();
        assert_eq!(f.limit, 450_000);
        assert_eq!(f.shares, 50_000_000 + 181_818_182);
        // 181.818182 shares at 44c = 80.00000008 tokens -> 8000 hundredths.
        assert_eq!(f.spent, 10_000);
        // Won: 231.818182 tokens paid, P&L 131.82; lost: -100.
        assert_eq!((f.pnl(true), f.pnl(false)), (13_182, -10_000));
        // Thin book within the limit: the rest is cancelled, unspent.
        let f = ioc_buy(&rule(), &[ask(40, 50), ask(50, 1000)], None).unwrap();
        assert_eq!((f.shares, f.spent), (50_000_000, 2_000));
        // The agent's cap replaces the limit.
        let f = ioc_buy(&rule(), &[ask(40, 50), ask(44, 1000)], Some(400_000)).unwrap();
        assert_eq!(f.spent, 2_000);
        assert_eq!(
            ioc_buy(&rule(), &[ask(40, 50)], Some(300_000)),
            Err("no ask at or below the limit of 0.3 tokens".into())
        );
        assert!(ioc_buy(&rule(), &[], None).is_err());
    }

    #[test]
    fn the_record_is_what_the_agentpit_scorer_reads() {
        let f = ioc_buy(&rule(), &[ask(40, 50), ask(44, 1000)], None).unwrap();
        let line = bet_record("Claude", "m1", "Yes", &f, Some(true));
        let recs = read_agentpit(line.as_bytes()).unwrap();
        let AgentpitRecord::Bet(b) = &recs[0] else {
            panic!("not a bet")
        };
        assert_eq!((b.stake, b.won), (100.0, Some(true)));
        // The scorer's float P&L and the engine's exact one agree to the hundredth.
        assert!((bet_pnl(b.stake, b.fill_price, true) - f.pnl(true) as f64 / 100.0).abs() < 0.005);
    }
}
