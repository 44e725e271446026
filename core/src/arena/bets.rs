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
//!
//! [`run_bets`] runs a bets version over the sessions' recorded crowd markets and the sealed
//! decisions, and gives the engine's own rows and trades (`arena-accounts.jsonl`,
//! `arena-trades.jsonl`, `core::arena::records`), per session and account:
//! 1. the eligible markets ([`super::eligibility::eligible`], the rounds of earlier sessions
//!    as history);
//! 2. the account's decision for the session: of its decisions sealed at or after the
//!    markets were recorded and before the next session's were, the one sealed last; `hold`
//!    (or no bet) bets nothing; `{"bets": {...}}` places one bet per named market, all or
//!    nothing: a market that is not eligible or an outcome it does not have rejects the
//!    decision with its reason and nothing is bet; a fund track's weights are rejected too;
//! 3. each bet an IOC buy ([`ioc_buy`]) against the outcome's recorded best ask (the sealed
//!    quote records no depth, so the level is taken to hold the whole stake), sealed at the
//!    decision's seal; a bet whose limit is below the ask is cancelled (status `missed` when
//!    no bet of the decision filled, its reason kept beside a `traded` status otherwise);
//! 4. settlement: every open bet whose market's outcome is known pays 1 token a share if its
//!    outcome won (P&L = payout - tokens spent); an unresolved bet stays open, carried at
//!    its cost in `positions` under `<market>:<outcome>`;
//! 5. the row: `cash` the tokens left after stakes and payouts (negative once more is staked
//!    than the starting tokens: every bet is staked in full), `equity` cash plus the open
//!    bets at cost, `turnover` the tokens spent, no costs and no interest, `shadow_equity`
//!    the equity without the P&L of the session's own bets settled in it, and the return,
//!    drawdown and ratios as on every track.

use super::eligibility::{eligible, CrowdMarket, Reason, Round};
use super::engine::{trailing_ratios, Segment};
use super::money::{qty_for, value_cents, MICRO};
use super::protocol::{BetRule, RuleSet};
use super::records::{AccountRow, Choice, Decision, Status, Trade};
use crate::calendar::{Date, Instant};
use std::collections::{BTreeMap, BTreeSet};

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

/// One session of a bets track: the crowd markets recorded when the seats were asked, and the
/// winning outcome of each market, once resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetSession {
    /// The NYSE session the markets belong to.
    pub session: Date,
    /// When the markets were recorded; their rounds open then.
    pub at: Instant,
    /// The crowd markets recorded at `at`, as the run sealed them.
    pub markets: Vec<CrowdMarket>,
    /// The winning outcome's label by market id.
    pub resolved: BTreeMap<String, String>,
}

/// A bet not yet settled.
struct OpenBet {
    session: Date,
    market: String,
    outcome: String,
    fill: BetFill,
}

/// The depth taken at a recorded best ask (the sealed quote has none): more micro-shares than
/// any stake buys.
const RECORDED_DEPTH: i64 = i64::MAX / 4;

/// One bet placed: the market, the outcome, the ask it filled at and the fill.
type Placed = (String, String, i64, BetFill);

/// One bets account: its tokens, open bets, equity at each close, peak and maximum drawdown.
struct Tokens {
    cash: i64,
    open: Vec<OpenBet>,
    equities: Vec<i64>,
    peak: i64,
    drawdown: f64,
}

/// What one decision does in one session: the bets placed, the status and the reason.
fn place(
    rules: &RuleSet,
    bet: &BetRule,
    s: &BetSession,
    eligible_now: &[String],
    why_not: &BTreeMap<&str, String>,
    choice: Option<&Choice>,
) -> (Vec<Placed>, Status, Option<String>) {
    let picks = match choice {
        None => return (vec![], Status::None, None),
        Some(Choice::Hold) => return (vec![], Status::Hold, None),
        Some(Choice::Weights(_)) => {
            return (
                vec![],
                Status::Rejected,
                Some(format!(
                    "weights are decisions of a fund track, not of {}",
                    rules.version
                )),
            )
        }
        Some(Choice::Bets(p)) if p.is_empty() => return (vec![], Status::Hold, None),
        Some(Choice::Bets(p)) => p,
    };
    let mut refused = Vec::new();
    let mut asks = Vec::new();
    for (market, pick) in picks {
        if !eligible_now.contains(market) {
            refused.push(match why_not.get(market.as_str()) {
                Some(w) => format!("{market}: not eligible ({w})"),
                None => format!("{market}: not a market of the session"),
            });
            continue;
        }
        let m = s
            .markets
            .iter()
            .find(|m| &m.id == market)
            .expect("eligible");
        match m.outcomes.iter().find(|o| o.label == pick.outcome) {
            Some(o) => asks.push((market, pick, o.ask.expect("eligible: a seller"))),
            None => refused.push(format!("{market}: no outcome {:?}", pick.outcome)),
        }
    }
    if !refused.is_empty() {
        return (vec![], Status::Rejected, Some(refused.join("; ")));
    }
    let mut fills = Vec::new();
    let mut missed = Vec::new();
    for (market, pick, ask) in asks {
        let level = [AskLevel {
            price: ask,
            size: RECORDED_DEPTH,
        }];
        match ioc_buy(bet, &level, pick.cap) {
            Ok(f) => fills.push((market.clone(), pick.outcome.clone(), ask, f)),
            Err(why) => missed.push(format!("{market} {}: {why}", pick.outcome)),
        }
    }
    let reason = (!missed.is_empty()).then(|| missed.join("; "));
    let status = if fills.is_empty() {
        Status::Missed
    } else {
        Status::Traded
    };
    (fills, status, reason)
}

/// Runs the bets version `rules` over `sessions` from its `from` to `end` (inclusive) for
/// every account that sealed a decision under it (see the module doc), a model version's own
/// account (`<seat>_ver:<model>:<n>`, spec §3.10) from the first session its decision falls
/// in; empty for a version without a bet rule.
pub fn run_bets(
    rules: &RuleSet,
    end: Option<Date>,
    decisions: &[Decision],
    sessions: &[BetSession],
) -> Segment {
    let mut seg = Segment::default();
    let Some(bet) = &rules.bet else {
        return seg;
    };
    let mut sessions: Vec<&BetSession> = sessions
        .iter()
        .filter(|s| s.session >= rules.from_date() && end.is_none_or(|e| s.session <= e))
        .collect();
    sessions.sort_by_key(|s| (s.at, s.session));
    let mine: Vec<&Decision> = decisions
        .iter()
        .filter(|d| d.version == rules.version)
        .collect();
    let accounts: BTreeSet<&str> = mine.iter().map(|d| d.account.as_str()).collect();
    let start = rules.starting_cash_cents;
    let mut state: BTreeMap<&str, Tokens> = accounts
        .iter()
        .map(|a| {
            let t = Tokens {
                cash: start,
                open: vec![],
                equities: vec![],
                peak: start,
                drawdown: 0.0,
            };
            (*a, t)
        })
        .collect();
    let winners: BTreeMap<(Date, &str), &str> = sessions
        .iter()
        .flat_map(|s| {
            s.resolved
                .iter()
                .map(|(m, o)| ((s.session, m.as_str()), o.as_str()))
        })
        .collect();
    let mut history: Vec<Round> = Vec::new();
    for (k, s) in sessions.iter().enumerate() {
        let next_at = sessions.get(k + 1).map(|n| n.at);
        let sel = eligible(&bet.eligibility, &s.markets, s.at, &history);
        history.extend(sel.rounds.iter().cloned());
        let why_not: BTreeMap<&str, String> = sel
            .ineligible
            .iter()
            .map(|(m, w)| (m.as_str(), Reason(w, &bet.eligibility).to_string()))
            .collect();
        for (account, t) in state.iter_mut() {
            let Tokens {
                cash,
                open,
                equities,
                peak,
                drawdown,
            } = t;
            let decision = mine
                .iter()
                .filter(|d| d.account == *account)
                .filter(|d| d.sealed_at >= s.at && next_at.is_none_or(|n| d.sealed_at < n))
                .max_by_key(|d| d.sealed_at);
            // A model version's own account (spec §3.10) opens at its first decision's session.
            if equities.is_empty()
                && decision.is_none()
                && crate::score::model_versions::is_version_account(account)
            {
                continue;
            }
            let (fills, status, reason) = place(
                rules,
                bet,
                s,
                &sel.eligible,
                &why_not,
                decision.map(|d| &d.choice),
            );
            let mut trades = Vec::new();
            for (market, outcome, ask, fill) in fills {
                *cash -= fill.spent;
                trades.push(Trade {
                    version: rules.version.clone(),
                    account: account.to_string(),
                    session: s.session,
                    at: decision.expect("a fill has a decision").sealed_at,
                    symbol: format!("{market}:{outcome}"),
                    qty: fill.shares,
                    price: ask,
                    value: fill.spent,
                    cost: 0,
                });
                open.push(OpenBet {
                    session: s.session,
                    market,
                    outcome,
                    fill,
                });
            }
            // Settle what is resolved.
            let mut own_pnl = 0;
            open.retain(|b| {
                let Some(won) = winners.get(&(b.session, b.market.as_str())) else {
                    return true;
                };
                let pnl = b.fill.pnl(*won == b.outcome);
                *cash += pnl + b.fill.spent;
                if b.session == s.session {
                    own_pnl += pnl;
                }
                false
            });
            let mut positions: BTreeMap<String, i64> = BTreeMap::new();
            for b in open.iter() {
                *positions
                    .entry(format!("{}:{}", b.market, b.outcome))
                    .or_insert(0) += b.fill.spent;
            }
            let equity = *cash + positions.values().sum::<i64>();
            equities.push(equity);
            *peak = (*peak).max(equity);
            if *peak > 0 {
                *drawdown = drawdown.max((*peak - equity) as f64 / *peak as f64);
            }
            let (sharpe, sortino) = trailing_ratios(rules, equities);
            seg.rows.push(AccountRow {
                version: rules.version.clone(),
                account: account.to_string(),
                session: s.session,
                status,
                reason,
                cash: *cash,
                equity,
                positions,
                interest: 0,
                costs: 0,
                costs_total: 0,
                turnover: trades.iter().map(|t| t.value).sum(),
                shadow_equity: equity - own_pnl,
                ret: equity as f64 / start as f64 - 1.0,
                drawdown: *drawdown,
                sharpe,
                sortino,
            });
            seg.trades.extend(trades);
        }
    }
    seg
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

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }
    fn market(id: &str, closes: &str, up: i64, up_ask: i64, down_ask: i64) -> CrowdMarket {
        use crate::arena::eligibility::{category_of, OutcomeQuote};
        CrowdMarket {
            id: id.into(),
            category: category_of(id).into(),
            topics: vec![],
            closes_at: Some(t(closes)),
            resolved: false,
            volume_cents: 100_000,
            outcomes: vec![
                OutcomeQuote {
                    label: "Up".into(),
                    price: up * 10_000,
                    ask: Some(up_ask * 10_000),
                },
                OutcomeQuote {
                    label: "Down".into(),
                    price: (100 - up) * 10_000,
                    ask: Some(down_ask * 10_000),
                },
            ],
        }
    }
    fn decide(account: &str, at: &str, c: &str) -> Decision {
        let v: serde_json::Value = serde_json::from_str(c).unwrap();
        Decision {
            account: account.into(),
            version: "bets-1".into(),
            sealed_at: t(at),
            choice: crate::arena::records::read_choice(&v).unwrap(),
        }
    }

    #[test]
    fn bets_run_per_session_on_the_eligible_markets_and_settle_at_resolution() {
        let rules = Protocol::standard().version("bets-1").unwrap().clone();
        let d = |s: &str| Date::parse(s).unwrap();
        let sessions = vec![
            BetSession {
                session: d("2026-10-20"),
                at: t("2026-10-20T12:30:00Z"),
                markets: vec![
                    market("SPX", "2026-10-20T20:00:00Z", 60, 62, 40),
                    market("GOLD", "2026-10-20T21:00:00Z", 90, 91, 11),
                    // Two more categories, so that equities are 1 of the week's 3 rounds
                    // (33%, not above 40%) the next day.
                    market("TNX", "2026-10-20T19:30:00Z", 50, 51, 51),
                    market("BTC", "2026-10-20T16:00:00Z", 50, 51, 51),
                ],
                resolved: BTreeMap::from([("SPX".into(), "Up".into())]),
            },
            BetSession {
                session: d("2026-10-21"),
                at: t("2026-10-21T12:30:00Z"),
                markets: vec![market("SPX", "2026-10-21T20:00:00Z", 50, 50, 52)],
                resolved: BTreeMap::new(),
            },
        ];
        let decisions = vec![
            decide(
                "alpha",
                "2026-10-20T12:31:00Z",
                r#"{"bets": {"SPX": {"outcome": "Up"}}}"#,
            ),
            decide(
                "alpha",
                "2026-10-21T12:40:00Z",
                r#"{"bets": {"SPX": {"outcome": "Down", "cap": 0.5}}}"#,
            ),
            decide(
                "beta",
                "2026-10-20T12:35:00Z",
                r#"{"bets": {"GOLD": {"outcome": "Up"}}}"#,
            ),
            decide(
                "beta",
                "2026-10-21T12:32:00Z",
                r#"{"bets": {"SPX": {"outcome": "Down"}}}"#,
            ),
            decide(
                "gamma",
                "2026-10-20T13:00:00Z",
                r#"{"weights": {"SPY": 10}}"#,
            ),
            // Sealed before the second session's markets were recorded: the first session's
            // decision, superseding the weights.
            decide("gamma", "2026-10-21T12:29:00Z", r#""hold""#),
            decide(
                "delta",
                "2026-10-20T12:31:00Z",
                r#"{"bets": {"SPX": {"outcome": "Sideways"}, "DXY": {"outcome": "Up"}}}"#,
            ),
        ];
        let seg = run_bets(&rules, None, &decisions, &sessions);
        let row = |a: &str, s: &str| {
            seg.rows
                .iter()
                .find(|r| r.account == a && r.session == d(s))
                .unwrap()
        };
        // alpha, day 1: 100 tokens at 62c = 161.290323 shares (100.00000026 tokens, 100.00 in
        // hundredths); Up won: 161.29 paid, P&L 61.29.
        let a1 = row("alpha", "2026-10-20");
        assert_eq!(
            (a1.status, a1.cash, a1.equity, a1.turnover),
            (Status::Traded, 16_129, 16_129, 10_000)
        );
        assert_eq!(a1.shadow_equity, 10_000);
        assert!((a1.ret - 0.6129).abs() < 1e-12);
        assert_eq!(seg.trades[0].symbol, "SPX:Up");
        assert_eq!(
            (seg.trades[0].qty, seg.trades[0].price, seg.trades[0].value),
            (161_290_323, 620_000, 10_000)
        );
        assert_eq!(seg.trades[0].at, t("2026-10-20T12:31:00Z"));
        // alpha, day 2: the cap of 50c is below Down's 52c ask: cancelled, nothing spent.
        let a2 = row("alpha", "2026-10-21");
        assert_eq!(
            (a2.status, a2.cash, a2.equity),
            (Status::Missed, 16_129, 16_129)
        );
        assert_eq!(
            a2.reason.as_deref(),
            Some("SPX Down: no ask at or below the limit of 0.5 tokens")
        );
        // beta, day 1: GOLD's favourite is above 85c: rejected, nothing bet.
        let b1 = row("beta", "2026-10-20");
        assert_eq!((b1.status, b1.equity), (Status::Rejected, 10_000));
        assert_eq!(
            b1.reason.as_deref(),
            Some("GOLD: not eligible (favourite: Up at 90c, above 85c)")
        );
        // beta, day 2: 100 tokens at 52c = 192.307692 shares, open at cost.
        let b2 = row("beta", "2026-10-21");
        assert_eq!((b2.status, b2.cash, b2.equity), (Status::Traded, 0, 10_000));
        assert_eq!(
            b2.positions,
            BTreeMap::from([("SPX:Down".to_string(), 10_000)])
        );
        assert_eq!(seg.trades[1].qty, 192_307_692);
        // gamma: the hold sealed last supersedes the weights; nothing on day 2.
        assert_eq!(row("gamma", "2026-10-20").status, Status::Hold);
        assert_eq!(row("gamma", "2026-10-21").status, Status::None);
        // delta: an outcome the market lacks and a market not recorded: all or nothing.
        let d1 = row("delta", "2026-10-20");
        assert_eq!(d1.status, Status::Rejected);
        assert_eq!(
            d1.reason.as_deref(),
            Some("DXY: not a market of the session; SPX: no outcome \"Sideways\"")
        );
        assert_eq!(seg.rows.len(), 8);
        assert_eq!(seg.trades.len(), 2);
        // A weights decision on a bets version is rejected.
        let g = run_bets(&rules, None, &decisions[4..5], &sessions[..1]);
        assert_eq!(
            g.rows[0].reason.as_deref(),
            Some("weights are decisions of a fund track, not of bets-1")
        );
        // The same inputs, the same rows.
        let again = run_bets(&rules, None, &decisions, &sessions);
        assert_eq!(again.rows, seg.rows);
    }

    #[test]
    fn bets_decisions_read_and_write_back() {
        use crate::arena::records::{choice_value, read_choice, Pick};
        let v: serde_json::Value = serde_json::from_str(
            r#"{"bets": {"SPX": {"outcome": "Up", "cap": 0.625}, "BTC": {"outcome": "Down"}}}"#,
        )
        .unwrap();
        let c = read_choice(&v).unwrap();
        let Choice::Bets(b) = &c else {
            panic!("not bets")
        };
        assert_eq!(
            b["SPX"],
            Pick {
                outcome: "Up".into(),
                cap: Some(625_000)
            }
        );
        assert_eq!(b["BTC"].cap, None);
        assert_eq!(read_choice(&choice_value(&c)).unwrap(), c);
        for (bad, field) in [
            (
                r#"{"bets": {"SPX": {"outcome": "Up", "cap": 1.5}}}"#,
                "bets.SPX.cap",
            ),
            (
                r#"{"bets": {"SPX": {"outcome": "Up", "cap": 0.1234567}}}"#,
                "bets.SPX.cap",
            ),
            (r#"{"bets": {"SPX": {"outcome": ""}}}"#, "bets.SPX.outcome"),
            (r#"{"bets": {"SPX": "Up"}}"#, "bets.SPX"),
            (
                r#"{"bets": {"SPX": {"outcome": "Up", "size": 3}}}"#,
                "bets.SPX",
            ),
            (r#"{"bets": []}"#, "bets"),
        ] {
            let v: serde_json::Value = serde_json::from_str(bad).unwrap();
            assert_eq!(read_choice(&v).unwrap_err().0, field, "{bad}");
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
