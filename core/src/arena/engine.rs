//! The one engine of the trading tracks (spec §4.7, §4.8; seed 002's agent portfolios): sealed
//! decisions and a price set in, account rows and the trade log out. No I/O and no clock: the
//! seal times are in the decisions, the prices in the price set. Every track is a
//! [`RuleSet`] (`arena-protocol.json`); nothing here branches on the track's name.
//!
//! Every account opens at the segment's first session with the version's starting cash, but a
//! model version's own account (`<seat>_ver:<model>:<n>`, spec §3.10), which opens with the
//! same cash at the execution session of its first decision and has no row before it.
//!
//! A session, for each account in turn (seats by name, then the benchmarks in protocol order):
//! 1. **Interest**: the previous close's cash earns the rate in force at that close
//!    (`cash_rate_symbol`) for the calendar days to this close, actual/360 (none on the
//!    account's first row).
//! 2. **The no-trade shadow**: the previous close's holdings marked at this close, plus that
//!    interest: what the account would be worth had it not traded today.
//! 3. **The decision** that executes today: of the account's decisions whose execution falls
//!    in this session, the one sealed last (an earlier one is superseded). With the
//!    `first_price_in_window` rule a decision sealed on a session day by the window's end
//!    executes that day at the first bar of each fund at or after `max(seal, start)` and by
//!    `end`; otherwise at the next session's window. With `next_close` it executes at the
//!    close of the first session closing after the seal. `hold` trades nothing and costs
//!    nothing. A decision that breaks the rules is **rejected** with its reason and the
//!    account is left as it was; one whose fund has no price in the window is **missed**, with
//!    the same effect. A fixed benchmark buys its weights at the first session's open and
//!    then holds; if a fund has no price in that window it tries again at the next session.
//! 4. **Trades**: equity at the execution prices, each fund's target value
//!    `round(equity * weight)`, its target quantity `round(value / price)`, the difference
//!    traded when it is worth at least `max(min_order_cents, 1 cent)`. A decision needing
//!    more than `max_orders` trades is rejected. Sells go first, then buys, each in fund
//!    order; each pays `round(|value| * cost_bp)`. On a long-only track a buy larger than the
//!    cash left is scaled down to what the cash pays for, cost included (seed 002's rule), so
//!    cash never goes negative.
//! 5. **Marks** at the close: positions at their closes, equity = cash + positions, and the
//!    derived figures: return since the start, maximum drawdown, and the Sharpe and Sortino
//!    ratios of the trailing `metrics_sessions` daily returns (numpy's mean and `std(ddof=1)`,
//!    annualised by sqrt(252); Sortino's denominator the root mean square of the negative
//!    returns), null before there are that many or when a denominator is zero.
//!
//! A row that cannot be computed (a held fund without a close, no cash rate in force) is not
//! invented: the account's rows from then on are listed in [`Segment::gaps`] instead.

use super::money::{interest_cents, qty_for, share_cents, value_cents, BP};
use super::protocol::{Execution, Protocol, RuleSet};
use super::records::{AccountRow, Choice, Decision, PriceLine, Status, Trade};
use crate::calendar::{self, Date, Instant};
use crate::score::model_versions::is_version_account;
use crate::stats::numpy_reduce;
use crate::stats::rng::Generator;
use std::collections::{BTreeMap, BTreeSet};

/// The price set, indexed.
#[derive(Clone, Debug, Default)]
pub struct PriceSet {
    bars: BTreeMap<String, Vec<(Instant, i64)>>,
    closes: BTreeMap<(String, Date), i64>,
    rates: BTreeMap<String, BTreeMap<Date, i64>>,
    /// A bets track's sessions, by (session, recording time), markets in file order.
    bet_markets: BTreeMap<(Date, Instant), Vec<super::eligibility::CrowdMarket>>,
    /// Winning outcomes by (session, market).
    resolutions: BTreeMap<(Date, String), String>,
}

impl PriceSet {
    /// Indexes the lines of `arena-prices.jsonl`; a later line for the same bar, close or rate
    /// replaces an earlier one.
    pub fn new(lines: &[PriceLine]) -> PriceSet {
        let mut p = PriceSet::default();
        for l in lines {
            match l {
                PriceLine::Bar { symbol, at, price } => p
                    .bars
                    .entry(symbol.clone())
                    .or_default()
                    .push((*at, *price)),
                PriceLine::Close {
                    symbol,
                    session,
                    price,
                } => {
                    p.closes.insert((symbol.clone(), *session), *price);
                }
                PriceLine::Rate {
                    symbol,
                    session,
                    rate_ppm,
                } => {
                    p.rates
                        .entry(symbol.clone())
                        .or_default()
                        .insert(*session, *rate_ppm);
                }
                PriceLine::Market {
                    session,
                    at,
                    market,
                } => p
                    .bet_markets
                    .entry((*session, *at))
                    .or_default()
                    .push(market.clone()),
                PriceLine::Resolution {
                    symbol,
                    session,
                    outcome,
                } => {
                    p.resolutions
                        .insert((*session, symbol.clone()), outcome.clone());
                }
            }
        }
        for v in p.bars.values_mut() {
            // Stable: of two bars at one instant the later line wins below.
            v.sort_by_key(|(t, _)| *t);
        }
        p
    }

    /// The close of `symbol` in `session`.
    pub fn close(&self, symbol: &str, session: Date) -> Option<i64> {
        self.closes.get(&(symbol.to_string(), session)).copied()
    }

    /// The first bar of `symbol` at or after `from` and not after `to`.
    pub fn first_bar(&self, symbol: &str, from: Instant, to: Instant) -> Option<(Instant, i64)> {
        let v = self.bars.get(symbol)?;
        let i = v.partition_point(|(t, _)| *t < from);
        let (t, _) = *v.get(i)?;
        // Of several bars at that instant, the last line.
        let j = v.partition_point(|(u, _)| *u <= t) - 1;
        (t <= to).then(|| v[j])
    }

    /// The rate of `symbol` in force at the close of `session` (the latest at or before it).
    pub fn rate(&self, symbol: &str, session: Date) -> Option<i64> {
        self.rates
            .get(symbol)?
            .range(..=session)
            .next_back()
            .map(|(_, r)| *r)
    }

    /// A bets track's sessions: the markets recorded together, with their resolutions.
    pub fn bet_sessions(&self) -> Vec<super::bets::BetSession> {
        self.bet_markets
            .iter()
            .map(|((session, at), markets)| super::bets::BetSession {
                session: *session,
                at: *at,
                resolved: markets
                    .iter()
                    .filter_map(|m| {
                        let o = self.resolutions.get(&(*session, m.id.clone()))?;
                        Some((m.id.clone(), o.clone()))
                    })
                    .collect(),
                markets: markets.clone(),
            })
            .collect()
    }

    /// Every session day with at least one close.
    pub fn sessions(&self) -> BTreeSet<Date> {
        self.closes
            .keys()
            .map(|(_, d)| *d)
            .filter(|d| calendar::is_session(*d) == Some(true))
            .collect()
    }
}

/// What the engine made of one rule version.
#[derive(Clone, Debug, Default)]
pub struct Segment {
    /// Account rows of this rule version: session by session, accounts in engine order within each.
    pub rows: Vec<AccountRow>,
    /// Every trade executed, in execution order.
    pub trades: Vec<Trade>,
    /// Rows that could not be computed: (version, account, session, why).
    pub gaps: Vec<(String, String, Date, String)>,
}

/// One account's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Cash in cents (never negative on a long-only track).
    pub cash: i64,
    /// Micro-shares by fund index.
    pub qty: Vec<i64>,
}

/// The result of applying one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The decision traded; its fills, sells first, then buys.
    Traded(Vec<Fill>),
    /// A `hold`: nothing traded, nothing paid.
    Hold,
    /// The decision broke the rules and was refused (the reason); the account is unchanged.
    Rejected(String),
    /// A fund had no price in the execution window (the reason); the account is unchanged.
    Missed(String),
}

/// One fill: fund index, quantity, price, value, cost, when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    /// Index of the fund in the rule set's fund list.
    pub fund: usize,
    /// Micro-shares traded: positive bought, negative sold.
    pub qty: i64,
    /// Execution price in micro-dollars.
    pub price: i64,
    /// Traded value in cents, `round(qty x price)` (negative for a sale).
    pub value: i64,
    /// Cost in cents, `round(abs(value) x cost_bp / 10^4)`.
    pub cost: i64,
    /// When the execution price was taken: its bar's time, or the session close under `next_close`.
    pub at: Instant,
}

fn pct(bp: i64) -> String {
    let s = format!("{}.{:02}", bp.abs() / 100, bp.abs() % 100);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{}{s}%", if bp < 0 { "-" } else { "" })
}

/// Whether `weights` obey `rules`; the reason when not (spec §4.7: "a rule-breaking decision
/// is rejected").
pub fn check_weights(rules: &RuleSet, weights: &BTreeMap<String, i64>) -> Result<(), String> {
    let (mut gross, mut long) = (0i64, 0i64);
    for (s, w) in weights {
        if rules.fund_index(s).is_none() {
            return Err(if rules.indicators_only.iter().any(|m| m == s) {
                format!("{s} is an indicator only under {}", rules.version)
            } else {
                format!("{s} is not a traded fund under {}", rules.version)
            });
        }
        if *w < 0 && rules.long_only {
            return Err(format!(
                "{s} {}: short positions are refused under {}",
                pct(*w),
                rules.version
            ));
        }
        if *w != 0 && !(rules.weight_min_bp..=rules.weight_max_bp).contains(&w.abs()) {
            return Err(format!(
                "{s} {}: a position must be {}-{} of equity",
                pct(*w),
                pct(rules.weight_min_bp),
                pct(rules.weight_max_bp)
            ));
        }
        gross += w.abs();
        long += (*w).max(0);
    }
    if !(rules.gross_min_bp..=rules.gross_max_bp).contains(&gross) {
        return Err(format!(
            "gross {}: must be {}-{}",
            pct(gross),
            pct(rules.gross_min_bp),
            pct(rules.gross_max_bp)
        ));
    }
    if long > rules.long_max_bp {
        return Err(format!(
            "long {}: at most {}",
            pct(long),
            pct(rules.long_max_bp)
        ));
    }
    Ok(())
}

/// Applies target `weights` at `prices` (per fund index: the execution price and its time,
/// for every fund held or targeted) to `acct` under `rules`. On a rejection the account is
/// untouched.
pub fn rebalance(
    rules: &RuleSet,
    acct: &mut Account,
    weights: &BTreeMap<String, i64>,
    prices: &BTreeMap<usize, (Instant, i64)>,
) -> Outcome {
    let equity = acct.cash
        + prices
            .iter()
            .map(|(i, (_, p))| value_cents(acct.qty[*i], *p))
            .sum::<i64>();
    let floor = rules.min_order_cents.max(1);
    let mut orders = Vec::new();
    for (i, f) in rules.funds.iter().enumerate() {
        let Some(&(at, p)) = prices.get(&i) else {
            continue;
        };
        let w = weights.get(&f.symbol).copied().unwrap_or(0);
        let dq = qty_for(share_cents(equity, w), p) - acct.qty[i];
        if dq != 0 && value_cents(dq, p).abs() >= floor {
            orders.push((i, dq, p, at));
        }
    }
    if let Some(m) = rules.max_orders {
        if orders.len() > m as usize {
            return Outcome::Rejected(format!("{} orders: at most {m} a session", orders.len()));
        }
    }
    orders.sort_by_key(|(i, dq, _, _)| (*dq > 0, *i));
    let mut fills = Vec::new();
    for (i, mut dq, p, at) in orders {
        let mut value = value_cents(dq, p);
        let mut cost = share_cents(value.abs(), rules.cost_bp);
        if rules.long_only && dq > 0 && value + cost > acct.cash {
            dq = qty_for(
                super::money::round_div(acct.cash.max(0) as i128 * BP, BP + rules.cost_bp as i128),
                p,
            );
            for _ in 0..10_000 {
                value = value_cents(dq, p);
                cost = share_cents(value, rules.cost_bp);
                if value + cost <= acct.cash || dq <= 0 {
                    break;
                }
                dq -= 1;
            }
            if dq <= 0 || value < floor || value + cost > acct.cash {
                continue;
            }
        }
        acct.cash -= value + cost;
        acct.qty[i] += dq;
        fills.push(Fill {
            fund: i,
            qty: dq,
            price: p,
            value,
            cost,
            at,
        });
    }
    Outcome::Traded(fills)
}

/// The session a decision sealed at `t` executes in, under `rules`.
pub fn execution_session(rules: &RuleSet, t: Instant) -> Option<Date> {
    match rules.window_secs() {
        Some((_, end)) => {
            let (d, secs) = t.new_york();
            if calendar::is_session(d)? && secs <= end {
                return Some(d);
            }
            let mut n = d.add_days(1);
            for _ in 0..15 {
                if calendar::is_session(n)? {
                    return Some(n);
                }
                n = n.add_days(1);
            }
            None
        }
        None => calendar::session_for(t),
    }
}

/// The execution prices of the funds in `needed` for a decision sealed at `seal` executing in
/// `session`; the missing fund when one has none.
fn execution_prices(
    rules: &RuleSet,
    prices: &PriceSet,
    session: Date,
    seal: Instant,
    needed: &BTreeSet<usize>,
) -> Result<BTreeMap<usize, (Instant, i64)>, String> {
    let mut out = BTreeMap::new();
    for &i in needed {
        let s = &rules.funds[i].symbol;
        let got = match (&rules.execution, rules.window_secs()) {
            (Execution::FirstPriceInWindow { start, end }, Some((a, b))) => {
                let (from, to) = (
                    calendar::new_york_time(session, a / 3600, a % 3600 / 60),
                    calendar::new_york_time(session, b / 3600, b % 3600 / 60),
                );
                prices.first_bar(s, seal.max(from), to).ok_or_else(|| {
                    format!("no {s} price between {start} and {end} ET on {session} at or after the seal")
                })
            }
            _ => prices
                .close(s, session)
                .map(|p| (calendar::session_close(session), p))
                .ok_or_else(|| format!("no {s} close on {session}")),
        }?;
        out.insert(i, got);
    }
    Ok(out)
}

/// Annualised Sharpe and Sortino ratios of `r` (spec §4.7).
pub fn ratios(r: &[f64]) -> (Option<f64>, Option<f64>) {
    let ann = 252f64.sqrt();
    let Some(mean) = numpy_reduce::mean(r) else {
        return (None, None);
    };
    let sharpe = numpy_reduce::std(r, 1)
        .filter(|s| *s > 0.0)
        .map(|s| mean / s * ann);
    let down: Vec<f64> = r.iter().map(|x| x.min(0.0).powi(2)).collect();
    let sortino = numpy_reduce::mean(&down)
        .filter(|d| *d > 0.0)
        .map(|d| mean / d.sqrt() * ann);
    (sharpe, sortino)
}

/// The Sharpe and Sortino ratios of the trailing `metrics_sessions` daily returns of an
/// account whose equity at each close so far is `equities` (from `starting_cash_cents`); None
/// before there are that many, and None when not finite (an equity of zero, as a bets account
/// that lost its tokens can reach, makes an infinite daily return; the files write no
/// infinity, so the engine keeps none).
pub fn trailing_ratios(rules: &RuleSet, equities: &[i64]) -> (Option<f64>, Option<f64>) {
    let daily: Vec<f64> = std::iter::once(rules.starting_cash_cents)
        .chain(equities.iter().copied())
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| w[1] as f64 / w[0] as f64 - 1.0)
        .collect();
    let m = rules.metrics_sessions as usize;
    if daily.len() >= m {
        let (sharpe, sortino) = ratios(&daily[daily.len() - m..]);
        (
            sharpe.filter(|x| x.is_finite()),
            sortino.filter(|x| x.is_finite()),
        )
    } else {
        (None, None)
    }
}

struct Book<'a> {
    name: String,
    /// The session the account opens at: none before it has a row. Every account opens at the
    /// segment's first session but a model version's own account (spec §3.10), which opens
    /// at its first decision's execution session.
    opens: Option<Date>,
    acct: Account,
    /// A seat's decisions by the session they execute in: the one sealed last.
    decisions: BTreeMap<Date, &'a Decision>,
    fixed: Option<BTreeMap<String, i64>>,
    /// Whether a fixed benchmark has bought its weights.
    invested: bool,
    random: Option<(Generator, u32)>,
    costs_total: i64,
    equities: Vec<i64>,
    peak: i64,
    drawdown: f64,
    broken: bool,
}

/// The seeded random benchmark's weights for one session: `k` distinct funds by a partial
/// Fisher-Yates shuffle (`j = i + rng.integers(0, n - i)`), each `10000 / k` bp, and on a
/// track with shorts a sign per fund (`rng.integers(0, 2) == 1`: short).
pub fn random_weights(rules: &RuleSet, rng: &mut Generator, k: u32) -> BTreeMap<String, i64> {
    let n = rules.funds.len();
    let mut idx: Vec<usize> = (0..n).collect();
    for i in 0..k as usize {
        let j = i + rng.integers(0, (n - i) as i64).unwrap_or(0) as usize;
        idx.swap(i, j);
    }
    let w = 10_000 / i64::from(k);
    idx[..k as usize]
        .iter()
        .map(|&i| {
            let short = !rules.long_only && rng.integers(0, 2).unwrap_or(0) == 1;
            (rules.funds[i].symbol.clone(), if short { -w } else { w })
        })
        .collect()
}

/// Runs one rule version over the sessions of `prices` from its `from` to `end` (inclusive),
/// for every account that sealed a decision under it and its benchmarks; a model version's
/// own account from its first decision's execution session (module doc).
pub fn run_segment(
    rules: &RuleSet,
    end: Option<Date>,
    decisions: &[Decision],
    prices: &PriceSet,
) -> Segment {
    let sessions: Vec<Date> = prices
        .sessions()
        .into_iter()
        .filter(|d| *d >= rules.from_date() && end.is_none_or(|e| *d <= e))
        .collect();
    let fresh = || Account {
        cash: rules.starting_cash_cents,
        qty: vec![0; rules.funds.len()],
    };
    let mut by_account: BTreeMap<&str, Vec<&Decision>> = BTreeMap::new();
    for d in decisions.iter().filter(|d| d.version == rules.version) {
        by_account.entry(d.account.as_str()).or_default().push(d);
    }
    let book = |name: String| Book {
        name,
        opens: None,
        acct: fresh(),
        decisions: BTreeMap::new(),
        fixed: None,
        invested: false,
        random: None,
        costs_total: 0,
        equities: vec![],
        peak: rules.starting_cash_cents,
        drawdown: 0.0,
        broken: false,
    };
    let mut books: Vec<Book> = by_account
        .into_iter()
        .filter_map(|(a, ds)| {
            let mut by_session: BTreeMap<Date, &Decision> = BTreeMap::new();
            for d in ds {
                if let Some(s) = execution_session(rules, d.sealed_at) {
                    let e = by_session.entry(s).or_insert(d);
                    if d.sealed_at > e.sealed_at {
                        *e = d;
                    }
                }
            }
            // A version's account without a decision that executes never opens.
            let opens = match is_version_account(a) {
                true => Some(*by_session.keys().next()?),
                false => None,
            };
            Some(Book {
                opens,
                decisions: by_session,
                ..book(a.to_string())
            })
        })
        .collect();
    for b in &rules.benchmarks {
        books.push(Book {
            fixed: b.weights_bp.clone(),
            random: b
                .random_funds
                .zip(b.seed)
                .map(|(k, s)| (Generator::default_rng(u128::from(s)), k)),
            ..book(b.name.clone())
        });
    }
    let mut seg = Segment::default();
    for (k, &s) in sessions.iter().enumerate() {
        for b in books.iter_mut() {
            if b.opens.is_some_and(|o| s < o) {
                continue;
            }
            if b.broken {
                seg.gaps.push((
                    rules.version.clone(),
                    b.name.clone(),
                    s,
                    "an earlier row could not be computed".into(),
                ));
                continue;
            }
            match session_row(rules, prices, &sessions, k, b) {
                Ok((row, trades)) => {
                    seg.rows.push(row);
                    seg.trades.extend(trades);
                }
                Err(why) => {
                    b.broken = true;
                    seg.gaps
                        .push((rules.version.clone(), b.name.clone(), s, why));
                }
            }
        }
    }
    seg
}

fn session_row(
    rules: &RuleSet,
    prices: &PriceSet,
    sessions: &[Date],
    k: usize,
    b: &mut Book,
) -> Result<(AccountRow, Vec<Trade>), String> {
    let s = sessions[k];
    let close = |i: usize| {
        let sym = &rules.funds[i].symbol;
        prices
            .close(sym, s)
            .ok_or_else(|| format!("no {sym} close on {s}"))
    };
    // 1. Interest on the previous close's cash (none on an account's first row: it had no
    // cash at that close).
    let interest = match (&rules.cash_rate_symbol, k) {
        (Some(sym), k) if k > 0 && !b.equities.is_empty() => {
            let prev = sessions[k - 1];
            let rate = prices
                .rate(sym, prev)
                .ok_or_else(|| format!("no {sym} rate in force at the close of {prev}"))?;
            interest_cents(
                b.acct.cash,
                rate,
                s.days_since_epoch() - prev.days_since_epoch(),
            )
        }
        _ => 0,
    };
    b.acct.cash += interest;
    // 2. The no-trade shadow.
    let mut shadow = b.acct.cash;
    for (i, q) in b.acct.qty.iter().enumerate() {
        if *q != 0 {
            shadow += value_cents(*q, close(i)?);
        }
    }
    // 3. Today's decision.
    let open_at = |session: Date| match rules.window_secs() {
        Some((a, _)) => calendar::new_york_time(session, a / 3600, a % 3600 / 60),
        None => calendar::session_close(session),
    };
    let decided: Option<(Instant, Choice, bool)> = if let Some((rng, n)) = b.random.as_mut() {
        Some((
            open_at(s),
            Choice::Weights(random_weights(rules, rng, *n)),
            false,
        ))
    } else if let Some(w) = b.fixed.as_ref().filter(|_| !b.invested) {
        Some((open_at(s), Choice::Weights(w.clone()), false))
    } else {
        b.decisions
            .get(&s)
            .map(|d| (d.sealed_at, d.choice.clone(), true))
    };
    let outcome = match decided {
        None => None,
        Some((_, Choice::Hold, _)) => Some(Outcome::Hold),
        Some((_, Choice::Bets(_), _)) => Some(Outcome::Rejected(format!(
            "bets are decisions of a bets track, not of {}",
            rules.version
        ))),
        Some((seal, Choice::Weights(w), seat)) => Some(match check_weights(rules, &w) {
            Err(why) if seat => Outcome::Rejected(why),
            _ => {
                let needed: BTreeSet<usize> = (0..rules.funds.len())
                    .filter(|i| {
                        b.acct.qty[*i] != 0
                            || w.get(&rules.funds[*i].symbol).is_some_and(|x| *x != 0)
                    })
                    .collect();
                match execution_prices(rules, prices, s, seal, &needed) {
                    Err(why) => Outcome::Missed(why),
                    Ok(p) => rebalance(rules, &mut b.acct, &w, &p),
                }
            }
        }),
    };
    let (status, reason, fills) = match outcome {
        None => (Status::None, None, vec![]),
        Some(Outcome::Hold) => (Status::Hold, None, vec![]),
        Some(Outcome::Rejected(r)) => (Status::Rejected, Some(r), vec![]),
        Some(Outcome::Missed(r)) => (Status::Missed, Some(r), vec![]),
        Some(Outcome::Traded(f)) => {
            b.invested = true;
            (Status::Traded, None, f)
        }
    };
    let costs: i64 = fills.iter().map(|f| f.cost).sum();
    let turnover: i64 = fills.iter().map(|f| f.value.abs()).sum();
    b.costs_total += costs;
    // 5. Marks.
    let mut positions = BTreeMap::new();
    for (i, q) in b.acct.qty.iter().enumerate() {
        if *q != 0 {
            positions.insert(rules.funds[i].symbol.clone(), value_cents(*q, close(i)?));
        }
    }
    let equity = b.acct.cash + positions.values().sum::<i64>();
    b.equities.push(equity);
    b.peak = b.peak.max(equity);
    if b.peak > 0 {
        b.drawdown = b.drawdown.max((b.peak - equity) as f64 / b.peak as f64);
    }
    let start = rules.starting_cash_cents;
    let (sharpe, sortino) = trailing_ratios(rules, &b.equities);
    let trades = fills
        .iter()
        .map(|f| Trade {
            version: rules.version.clone(),
            account: b.name.clone(),
            session: s,
            at: f.at,
            symbol: rules.funds[f.fund].symbol.clone(),
            qty: f.qty,
            price: f.price,
            value: f.value,
            cost: f.cost,
        })
        .collect();
    Ok((
        AccountRow {
            version: rules.version.clone(),
            account: b.name.clone(),
            session: s,
            status,
            reason,
            cash: b.acct.cash,
            equity,
            positions,
            interest,
            costs,
            costs_total: b.costs_total,
            turnover,
            shadow_equity: shadow,
            ret: equity as f64 / start as f64 - 1.0,
            drawdown: b.drawdown,
            sharpe,
            sortino,
        },
        trades,
    ))
}

/// Every version of `protocol` over `decisions` and `prices`, in the file's order: a bets
/// version by [`super::bets::run_bets`] over the price set's recorded markets, every other by
/// [`run_segment`].
pub fn run_all(protocol: &Protocol, decisions: &[Decision], prices: &PriceSet) -> Segment {
    let mut all = Segment::default();
    let bet_sessions = prices.bet_sessions();
    for r in &protocol.versions {
        let end = protocol.segment_end(r);
        let s = if r.track == super::protocol::Track::Bets {
            super::bets::run_bets(r, end, decisions, &bet_sessions)
        } else {
            run_segment(r, end, decisions, prices)
        };
        all.rows.extend(s.rows);
        all.trades.extend(s.trades);
        all.gaps.extend(s.gaps);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::records::PriceLine;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }
    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }
    fn rules(v: &str) -> RuleSet {
        Protocol::standard().version(v).unwrap().clone()
    }
    fn bar(sym: &str, at: &str, dollars: i64) -> PriceLine {
        PriceLine::Bar {
            symbol: sym.into(),
            at: t(at),
            price: dollars * 1_000_000,
        }
    }
    fn close(sym: &str, day: &str, dollars: i64) -> PriceLine {
        PriceLine::Close {
            symbol: sym.into(),
            session: d(day),
            price: dollars * 1_000_000,
        }
    }
    fn rate(day: &str, pct_e4: i64) -> PriceLine {
        PriceLine::Rate {
            symbol: "^IRX".into(),
            session: d(day),
            rate_ppm: pct_e4,
        }
    }
    fn weights(w: &[(&str, i64)]) -> Choice {
        Choice::Weights(w.iter().map(|(s, p)| (s.to_string(), p * 100)).collect())
    }
    fn decide(v: &str, at: &str, c: Choice) -> Decision {
        Decision {
            account: "alpha".into(),
            version: v.into(),
            sealed_at: t(at),
            choice: c,
        }
    }
    fn seat_rows(seg: &Segment) -> Vec<&AccountRow> {
        seg.rows.iter().filter(|r| r.account == "alpha").collect()
    }
    fn no_benchmarks(mut r: RuleSet) -> RuleSet {
        r.benchmarks.clear();
        r
    }

    #[test]
    fn a_buy_pays_its_cost_and_cash_earns_the_bill_rate() {
        let r = no_benchmarks(rules("arena-3"));
        let p = PriceSet::new(&[
            bar("SPY", "2026-10-20T13:30:00Z", 500),
            close("SPY", "2026-10-20", 505),
            close("SPY", "2026-10-21", 510),
            rate("2026-10-20", 40_000),
        ]);
        let ds = [
            decide("arena-3", "2026-10-20T13:00:00Z", weights(&[("SPY", 20)])),
            decide("arena-3", "2026-10-21T13:00:00Z", Choice::Hold),
        ];
        let seg = run_segment(&r, None, &ds, &p);
        let rows = seat_rows(&seg);
        // $20,000 at $500 = 40 shares, cost 0.1% = $20: cash 100000 - 20000 - 20.
        assert_eq!(seg.trades.len(), 1);
        assert_eq!(
            (seg.trades[0].qty, seg.trades[0].value, seg.trades[0].cost),
            (40_000_000, 2_000_000, 2_000)
        );
        assert_eq!(
            (rows[0].status, rows[0].cash, rows[0].equity),
            (Status::Traded, 7_998_000, 10_018_000)
        );
        assert_eq!(rows[0].positions["SPY"], 2_020_000);
        assert_eq!(
            (rows[0].costs, rows[0].turnover, rows[0].shadow_equity),
            (2_000, 2_000_000, 10_000_000)
        );
        // Next day: $79,980 at 4% for one day, actual/360 = $8.8867 -> $8.89; hold costs nothing.
        assert_eq!(
            (rows[1].status, rows[1].interest, rows[1].cash),
            (Status::Hold, 889, 7_998_889)
        );
        assert_eq!(
            (rows[1].equity, rows[1].shadow_equity, rows[1].costs_total),
            (10_038_889, 10_038_889, 2_000)
        );
        assert!((rows[1].ret - 0.0038889).abs() < 1e-12);
    }

    #[test]
    fn rule_breaking_decisions_are_rejected_with_the_reason_and_change_nothing() {
        let r = no_benchmarks(rules("arena-3"));
        let p = PriceSet::new(&[
            bar("SPY", "2026-10-20T13:30:00Z", 500),
            close("SPY", "2026-10-20", 505),
        ]);
        for (w, why) in [
            (
                weights(&[("SPY", 30)]),
                "SPY 30%: a position must be 5%-25% of equity",
            ),
            (
                weights(&[("SPY", 4)]),
                "SPY 4%: a position must be 5%-25% of equity",
            ),
            (
                weights(&[("VIX", 10)]),
                "VIX is an indicator only under arena-3",
            ),
            (
                weights(&[("TSLA", 10)]),
                "TSLA is not a traded fund under arena-3",
            ),
            (
                weights(&[("SPY", -10)]),
                "SPY -10%: short positions are refused under arena-3",
            ),
            (
                weights(&[
                    ("SPY", 25),
                    ("QQQ", 25),
                    ("DIA", 25),
                    ("SOXX", 25),
                    ("IEF", 5),
                ]),
                "gross 105%: must be 0%-100%",
            ),
        ] {
            let seg = run_segment(
                &r,
                None,
                &[decide("arena-3", "2026-10-20T13:00:00Z", w)],
                &p,
            );
            let row = seat_rows(&seg)[0];
            assert_eq!(
                (row.status, row.reason.as_deref()),
                (Status::Rejected, Some(why))
            );
            assert_eq!(
                (row.cash, row.equity, row.costs),
                (10_000_000, 10_000_000, 0)
            );
            assert!(seg.trades.is_empty() && row.positions.is_empty());
        }
    }

    #[test]
    fn a_decision_trades_only_inside_its_window() {
        let r = no_benchmarks(rules("arena-3"));
        let p = PriceSet::new(&[
            bar("SPY", "2026-10-20T13:30:00Z", 500),
            bar("SPY", "2026-10-20T13:50:00Z", 501),
            bar("SPY", "2026-10-21T13:31:00Z", 502),
            close("SPY", "2026-10-20", 505),
            close("SPY", "2026-10-21", 505),
            rate("2026-10-20", 0),
        ]);
        // Sealed 09:40 ET: the 09:30 bar is before the seal, the 09:50 bar after the window.
        let seg = run_segment(
            &r,
            None,
            &[decide(
                "arena-3",
                "2026-10-20T13:40:00Z",
                weights(&[("SPY", 10)]),
            )],
            &p,
        );
        let row = seat_rows(&seg)[0];
        assert_eq!(row.status, Status::Missed);
        assert_eq!(
            row.reason.as_deref(),
            Some("no SPY price between 09:30 and 09:45 ET on 2026-10-20 at or after the seal")
        );
        assert_eq!(row.cash, 10_000_000);
        // Sealed 09:50 ET: after the window, so it trades in the next session's window.
        let seg = run_segment(
            &r,
            None,
            &[decide(
                "arena-3",
                "2026-10-20T13:50:00Z",
                weights(&[("SPY", 10)]),
            )],
            &p,
        );
        let rows = seat_rows(&seg);
        assert_eq!(
            (rows[0].status, rows[1].status),
            (Status::None, Status::Traded)
        );
        assert_eq!(
            (seg.trades[0].price, seg.trades[0].at),
            (502_000_000, t("2026-10-21T13:31:00Z"))
        );
        // Of two decisions for one window the later seal counts.
        let ds = [
            decide("arena-3", "2026-10-20T12:00:00Z", weights(&[("SPY", 10)])),
            decide("arena-3", "2026-10-20T13:00:00Z", Choice::Hold),
        ];
        assert_eq!(
            seat_rows(&run_segment(&r, None, &ds, &p))[0].status,
            Status::Hold
        );
    }

    #[test]
    fn the_pro_league_allows_shorts_and_leverage_within_its_gross_limits() {
        let r = no_benchmarks(rules("pro-1"));
        let funds = ["SPY", "QQQ", "DIA", "SOXX", "IEF", "GLD", "USO"];
        let mut lines = vec![];
        for f in funds {
            let px = if f == "USO" { 50 } else { 100 };
            lines.push(bar(f, "2026-10-20T13:30:00Z", px));
            lines.push(close(f, "2026-10-20", px));
        }
        let p = PriceSet::new(&lines);
        let long6: Vec<(&str, i64)> = funds[..6].iter().map(|f| (*f, 30)).collect();
        let mut over = long6.clone();
        over.push(("USO", 30));
        for (w, why) in [
            (over, "gross 210%: must be 100%-200%"),
            (
                vec![("SPY", 30), ("QQQ", -20)],
                "gross 50%: must be 100%-200%",
            ),
            (
                vec![("SPY", 31)],
                "SPY 31%: a position must be 5%-30% of equity",
            ),
        ] {
            let seg = run_segment(
                &r,
                None,
                &[decide("pro-1", "2026-10-20T13:00:00Z", weights(&w))],
                &p,
            );
            assert_eq!(seat_rows(&seg)[0].reason.as_deref(), Some(why));
        }
        let mut ok = long6;
        ok.push(("USO", -20));
        let seg = run_segment(
            &r,
            None,
            &[decide("pro-1", "2026-10-20T13:00:00Z", weights(&ok))],
            &p,
        );
        let row = seat_rows(&seg)[0];
        // Short first: +20000 - 20 cost; then six buys of 30000 + 30: cash -60200, equity = 100000 - 200.
        assert_eq!(seg.trades[0].symbol, "USO");
        assert_eq!(seg.trades[0].qty, -400_000_000);
        assert_eq!(
            (row.status, row.cash, row.equity),
            (Status::Traded, -6_020_000, 9_980_000)
        );
        assert_eq!(row.positions["USO"], -2_000_000);
        let mut long_only = rules("arena-3");
        long_only.long_max_bp = 5_000;
        assert_eq!(
            check_weights(
                &long_only,
                &[("SPY".to_string(), 2_500), ("QQQ".into(), 2_600)].into()
            ),
            Err("QQQ 26%: a position must be 5%-25% of equity".into())
        );
        assert_eq!(
            check_weights(
                &long_only,
                &[
                    ("SPY".to_string(), 2_500),
                    ("QQQ".into(), 2_500),
                    ("DIA".into(), 500)
                ]
                .into()
            ),
            Err("long 55%: at most 50%".into())
        );
    }

    #[test]
    fn agent_portfolios_fill_at_the_next_close_scaled_to_the_cash() {
        let r = no_benchmarks(rules("agent-portfolio-1"));
        let p = PriceSet::new(&[
            close("SPY", "2026-10-20", 500),
            close("QQQ", "2026-10-20", 400),
            close("SPY", "2026-10-21", 500),
            close("QQQ", "2026-10-21", 400),
        ]);
        // Sealed 08:00 ET: fills at that day's close. 100% of $100,000 at 0.2% is scaled down
        // to what $100,000 pays for: $99,800.40 + $199.60.
        let ds = [
            decide(
                "agent-portfolio-1",
                "2026-10-20T12:00:00Z",
                weights(&[("SPY", 100)]),
            ),
            decide(
                "agent-portfolio-1",
                "2026-10-21T12:00:00Z",
                Choice::Weights([("SPY".to_string(), 9_990)].into()),
            ),
        ];
        let seg = run_segment(&r, None, &ds, &p);
        let rows = seat_rows(&seg);
        assert_eq!(seg.trades[0].at, calendar::session_close(d("2026-10-20")));
        assert_eq!(
            (seg.trades[0].qty, seg.trades[0].value, seg.trades[0].cost),
            (199_600_800, 9_980_040, 19_960)
        );
        assert_eq!((rows[0].cash, rows[0].equity), (0, 9_980_040));
        // 99.9%: a sale of about $100, under the 500 minimum order: nothing is sent.
        assert_eq!((rows[1].status, rows[1].turnover), (Status::Traded, 0));
        assert_eq!(seg.trades.len(), 1);
        // More orders than allowed: rejected.
        let mut one = r.clone();
        one.max_orders = Some(1);
        let seg = run_segment(
            &one,
            None,
            &[decide(
                "agent-portfolio-1",
                "2026-10-20T12:00:00Z",
                weights(&[("SPY", 50), ("QQQ", 50)]),
            )],
            &p,
        );
        assert_eq!(
            seat_rows(&seg)[0].reason.as_deref(),
            Some("2 orders: at most 1 a session")
        );
    }

    #[test]
    fn benchmarks_run_under_the_same_costs() {
        let r = rules("arena-3");
        let mut lines = vec![rate("2026-10-20", 40_000)];
        for day in ["2026-10-20", "2026-10-21"] {
            for f in &r.funds {
                lines.push(bar(&f.symbol, &format!("{day}T13:30:00Z"), 100));
                lines.push(close(&f.symbol, day, 100));
            }
        }
        let seg = run_segment(&r, None, &[], &PriceSet::new(&lines));
        let get = |a: &str, i: usize| {
            seg.rows
                .iter()
                .filter(|x| x.account == a)
                .nth(i)
                .unwrap()
                .clone()
        };
        // _spy: the buy of $100,000 at 0.1% is scaled to the cash: $99,900.10 + $99.90.
        assert_eq!((get("_spy", 0).cash, get("_spy", 0).equity), (0, 9_990_010));
        assert_eq!(get("_spy", 1).status, Status::None);
        // _passive 60/40: $60,000 + $60 cost, then the $40,000 buy scaled to the $39,940
        // left: $39,900.10 + $39.90; costs $99.90.
        assert_eq!(get("_passive", 0).costs, 9_990);
        assert_eq!(get("_passive", 0).positions["IEF"], 3_990_010);
        // _cash earns the rate: $100,000 at 4% for a day = $11.11.
        assert_eq!(get("_cash", 1).equity, 10_001_111);
        // _random: five funds at 20% every session (the last buy scaled to the cash left).
        let rnd = get("_random", 0);
        assert_eq!(rnd.positions.len(), 5);
        assert_eq!(
            rnd.positions.values().filter(|v| **v == 2_000_000).count(),
            4
        );
        assert_eq!(rnd.cash, 0);
        assert_eq!(get("_hold_all", 0).positions.len(), 11);
    }

    #[test]
    fn sharpe_and_sortino_follow_their_definitions() {
        let r = [0.01, -0.02, 0.03, 0.0];
        let (s, so) = ratios(&r);
        let mean = 0.005;
        let sd = ((0.005f64.powi(2) + 0.025f64.powi(2) + 0.025f64.powi(2) + 0.005f64.powi(2))
            / 3.0)
            .sqrt();
        assert!((s.unwrap() - mean / sd * 252f64.sqrt()).abs() < 1e-12);
        assert!((so.unwrap() - mean / (0.0004f64 / 4.0).sqrt() * 252f64.sqrt()).abs() < 1e-12);
        assert_eq!(ratios(&[0.01, 0.01]), (None, None));
    }

    /// Properties over a seeded season of random decisions, many of them rule-breaking:
    /// equity is cash plus positions, a long-only account never holds negative cash, and a
    /// rejected or missed decision leaves the holdings as they were.
    #[test]
    fn accounts_keep_their_invariants_over_random_seasons() {
        for version in ["arena-3", "pro-1", "agent-portfolio-1"] {
            let r = rules(version);
            let mut rng = Generator::default_rng(7);
            let mut lines = vec![];
            let mut day = d("2026-10-19");
            let mut sessions = vec![];
            while sessions.len() < 30 {
                if calendar::is_session(day) == Some(true) {
                    sessions.push(day);
                }
                day = day.add_days(1);
            }
            let mut px: Vec<i64> = r
                .funds
                .iter()
                .map(|_| 50_000_000 + rng.integers(0, 100_000_000).unwrap())
                .collect();
            let mut ds = vec![];
            for s in &sessions {
                lines.push(rate(&s.to_string(), rng.integers(0, 60_000).unwrap()));
                for (i, f) in r.funds.iter().enumerate() {
                    px[i] = (px[i] + rng.integers(-3_000_000, 3_000_001).unwrap()).max(1_000_000);
                    // Some funds miss the window now and then.
                    if rng.integers(0, 20).unwrap() > 0 {
                        let at = calendar::new_york_time(
                            *s,
                            9,
                            30 + rng.integers(0, 20).unwrap() as u32,
                        );
                        lines.push(PriceLine::Bar {
                            symbol: f.symbol.clone(),
                            at,
                            price: px[i],
                        });
                    }
                    lines.push(PriceLine::Close {
                        symbol: f.symbol.clone(),
                        session: *s,
                        price: px[i] + 1,
                    });
                }
                let mut w = BTreeMap::new();
                for _ in 0..rng.integers(0, 8).unwrap() {
                    let f = &r.funds[rng.index(r.funds.len())].symbol;
                    w.insert(f.clone(), rng.integers(-1_000, 3_500).unwrap());
                }
                let choice = if rng.integers(0, 5).unwrap() == 0 {
                    Choice::Hold
                } else {
                    Choice::Weights(w)
                };
                ds.push(Decision {
                    account: "alpha".into(),
                    version: version.into(),
                    sealed_at: calendar::new_york_time(*s, 8, 30),
                    choice,
                });
            }
            let seg = run_segment(&r, None, &ds, &PriceSet::new(&lines));
            assert!(seg.gaps.is_empty(), "{:?}", seg.gaps);
            let mut statuses = BTreeSet::new();
            for acct in seg
                .rows
                .iter()
                .map(|x| x.account.clone())
                .collect::<BTreeSet<_>>()
            {
                let rows: Vec<&AccountRow> =
                    seg.rows.iter().filter(|x| x.account == acct).collect();
                let mut cash = r.starting_cash_cents;
                let mut prev_positions: BTreeMap<String, i64> = BTreeMap::new();
                for (k, row) in rows.iter().enumerate() {
                    statuses.insert(row.status);
                    assert_eq!(row.equity, row.cash + row.positions.values().sum::<i64>());
                    let trades: Vec<&Trade> = seg
                        .trades
                        .iter()
                        .filter(|t| t.account == acct && t.session == row.session)
                        .collect();
                    cash += row.interest - trades.iter().map(|t| t.value + t.cost).sum::<i64>();
                    assert_eq!(cash, row.cash, "{version} {acct} {}", row.session);
                    assert_eq!(row.costs, trades.iter().map(|t| t.cost).sum::<i64>());
                    if r.long_only {
                        assert!(
                            row.cash >= 0,
                            "{version} {acct} {}: cash {}",
                            row.session,
                            row.cash
                        );
                    }
                    if matches!(
                        row.status,
                        Status::Rejected | Status::Missed | Status::Hold | Status::None
                    ) {
                        assert!(trades.is_empty());
                        assert_eq!(row.equity, row.shadow_equity);
                        assert_eq!(
                            row.positions.keys().collect::<Vec<_>>(),
                            prev_positions.keys().collect::<Vec<_>>()
                        );
                    }
                    if k > 0 {
                        assert!(row.costs_total >= rows[k - 1].costs_total);
                    }
                    prev_positions = row.positions.clone();
                }
            }
            if version == "arena-3" {
                for s in [
                    Status::Traded,
                    Status::Hold,
                    Status::Rejected,
                    Status::Missed,
                ] {
                    assert!(
                        statuses.contains(&s),
                        "{version}: no {s:?} row in the season"
                    );
                }
            }
        }
    }
}
