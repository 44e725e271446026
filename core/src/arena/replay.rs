//! The replay (spec §4.11, Appendix B step 7): recompute every published account row from the
//! sealed decisions and the price set with the engine, and compare. The CLI
//! (`sealbook replay DIR`) and the page call [`replay`] and print its [`Replay`].
//!
//! Each published row of `arena-accounts.jsonl` is one of:
//! - **exact to the cent**: every money field (cash, equity, each position, interest, costs,
//!   costs to date, turnover, the shadow) within 1 cent of the recomputed row, the status the
//!   same, the derived figures (return, drawdown, Sharpe, Sortino) within a relative 1e-9, and
//!   the row's published trades those recomputed (same funds, quantities and prices; value and
//!   cost within 1 cent);
//! - **within the rounding of the published trades**: the same, but a money field off by more
//!   than 1 cent and at most 1 cent more per published trade of the account up to that
//!   session (each trade prints its value and cost to the cent);
//! - **DIFFERENT**: anything else; each differing field is listed with both values;
//! - **not recounted**: the row's rules are not in `arena-protocol.json`, its session is not in
//!   the published price set (another price set), or the engine could not compute it (a held
//!   fund without a close): listed with the reason.

use super::engine::{run_all, PriceSet, Segment};
use super::money::{dollars, micro_string};
use super::protocol::{Protocol, ProtocolError};
use super::records::{self, AccountRow, RecordError, Trade};
use crate::calendar::Date;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The published files the replay reads (bytes, as stored).
pub struct ReplayFiles<'a> {
    /// `arena-protocol.json`.
    pub protocol: &'a [u8],
    /// `arena-decisions.jsonl`.
    pub decisions: &'a [u8],
    /// `arena-prices.jsonl`.
    pub prices: &'a [u8],
    /// `arena-trades.jsonl`.
    pub trades: &'a [u8],
    /// `arena-accounts.jsonl`.
    pub accounts: &'a [u8],
}

/// A row's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplayVerdict {
    /// Every money field within 1 cent, the status and trades the same, derived figures within a
    /// relative 1e-9.
    Exact,
    /// A money field off by more than 1 cent, but by at most 1 cent per published trade of the
    /// account so far.
    WithinRounding,
    /// Anything else; each differing field is listed.
    Different,
    /// The row could not be recomputed (rules or prices not published, or the engine could not
    /// compute it).
    NotRecounted,
}

/// A listed row: a differing field with both values, or why the row was not recounted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The row's rule version.
    pub version: String,
    /// The row's account.
    pub account: String,
    /// The row's session, `YYYY-MM-DD`.
    pub session: String,
    /// The row's verdict.
    pub verdict: ReplayVerdict,
    /// The field that differs (e.g. `equity`, `status`), or `row` for the row as a whole.
    pub field: String,
    /// The published value; None when the row is not recounted.
    pub published: Option<String>,
    /// The recomputed value, or why the row was not recounted.
    pub recomputed: Option<String>,
}

impl Difference {
    /// The published value as the CLI names it ([`crate::figures::shown_text`]).
    pub fn published_text(&self) -> &str {
        crate::figures::shown_text(self.published.as_deref())
    }

    /// The recomputed value (or why the row was not recounted) as the CLI names it.
    pub fn recomputed_text(&self) -> &str {
        crate::figures::shown_text(self.recomputed.as_deref())
    }
}

/// The replay's summary (`sealbook replay --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Published account rows read.
    pub rows: usize,
    /// Distinct (version, account) pairs among them.
    pub accounts: usize,
    /// Distinct sessions among them.
    pub sessions: usize,
    /// First session of the published rows, `YYYY-MM-DD`.
    pub first_session: Option<String>,
    /// Last session of the published rows, `YYYY-MM-DD`.
    pub last_session: Option<String>,
    /// Published trades read.
    pub trades: usize,
    /// The rule versions the published rows name, sorted.
    pub rules: Vec<String>,
    /// Rows exact to the cent.
    pub exact: usize,
    /// Rows within the rounding of the published trades.
    pub within_rounding: usize,
    /// Rows that differ.
    pub different: usize,
    /// Rows not recounted.
    pub not_recounted: usize,
    /// Every differing field and every row not recounted, in published order.
    pub differences: Vec<Difference>,
}

/// Why the replay could not run: the file and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// `arena-protocol.json` cannot be read.
    Protocol(ProtocolError),
    /// A line of a published JSONL file cannot be read.
    Record(RecordError),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Protocol(e) => write!(f, "{}: {e}", super::protocol::PROTOCOL_FILE),
            ReplayError::Record(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}

type Key = (String, String, Date);

fn key_of_row(r: &AccountRow) -> Key {
    (r.version.clone(), r.account.clone(), r.session)
}

fn key_of_trade(t: &Trade) -> Key {
    (t.version.clone(), t.account.clone(), t.session)
}

fn money(c: i64) -> String {
    format!("{:.2}", dollars(c))
}

/// Money fields of a row by name.
fn fields(r: &AccountRow) -> Vec<(String, i64)> {
    let mut v = vec![
        ("cash".to_string(), r.cash),
        ("equity".into(), r.equity),
        ("interest".into(), r.interest),
        ("costs".into(), r.costs),
        ("costs_total".into(), r.costs_total),
        ("turnover".into(), r.turnover),
        ("shadow_equity".into(), r.shadow_equity),
    ];
    v.extend(
        r.positions
            .iter()
            .map(|(k, c)| (format!("positions.{k}"), *c)),
    );
    v
}

/// Recomputes and compares every published row.
pub fn replay(files: &ReplayFiles) -> Result<Replay, ReplayError> {
    replay_segment(files).map(|(r, _, _)| r)
}

/// [`replay`], also giving the rules read and the engine's own recomputed rows and trades
/// (the page's charts are drawn from these, never from the published rows).
pub fn replay_segment(files: &ReplayFiles) -> Result<(Replay, Segment, Protocol), ReplayError> {
    let protocol = Protocol::from_json(files.protocol).map_err(ReplayError::Protocol)?;
    let decisions = records::read_decisions(files.decisions).map_err(ReplayError::Record)?;
    let prices = PriceSet::new(&records::read_prices(files.prices).map_err(ReplayError::Record)?);
    let published_trades = records::read_trades(files.trades).map_err(ReplayError::Record)?;
    let published = records::read_rows(files.accounts).map_err(ReplayError::Record)?;
    let seg = run_all(&protocol, &decisions, &prices);
    let r = compare_segment(&protocol, &seg, &prices, &published_trades, &published);
    Ok((r, seg, protocol))
}

/// The comparison itself, on parsed files.
pub fn compare(
    protocol: &Protocol,
    decisions: &[records::Decision],
    prices: &PriceSet,
    published_trades: &[Trade],
    published: &[AccountRow],
) -> Replay {
    let seg = run_all(protocol, decisions, prices);
    compare_segment(protocol, &seg, prices, published_trades, published)
}

/// The comparison of the published rows and trades with the engine's segment `seg`.
fn compare_segment(
    protocol: &Protocol,
    seg: &Segment,
    prices: &PriceSet,
    published_trades: &[Trade],
    published: &[AccountRow],
) -> Replay {
    let ours: BTreeMap<Key, &AccountRow> = seg.rows.iter().map(|r| (key_of_row(r), r)).collect();
    let gaps: BTreeMap<Key, &str> = seg
        .gaps
        .iter()
        .map(|(v, a, d, why)| ((v.clone(), a.clone(), *d), why.as_str()))
        .collect();
    let mut our_trades: BTreeMap<Key, Vec<&Trade>> = BTreeMap::new();
    for t in &seg.trades {
        our_trades.entry(key_of_trade(t)).or_default().push(t);
    }
    let mut their_trades: BTreeMap<Key, Vec<&Trade>> = BTreeMap::new();
    for t in published_trades {
        their_trades.entry(key_of_trade(t)).or_default().push(t);
    }
    let price_sessions = prices.sessions();
    let bet_days: BTreeSet<Date> = prices.bet_sessions().iter().map(|s| s.session).collect();
    let mut trades_to_date: BTreeMap<(String, String), BTreeMap<Date, usize>> = BTreeMap::new();
    for t in published_trades {
        *trades_to_date
            .entry((t.version.clone(), t.account.clone()))
            .or_default()
            .entry(t.session)
            .or_default() += 1;
    }
    let mut out = Replay {
        rows: published.len(),
        accounts: published
            .iter()
            .map(|r| (&r.version, &r.account))
            .collect::<BTreeSet<_>>()
            .len(),
        sessions: 0,
        first_session: None,
        last_session: None,
        trades: published_trades.len(),
        rules: published
            .iter()
            .map(|r| r.version.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect(),
        exact: 0,
        within_rounding: 0,
        different: 0,
        not_recounted: 0,
        differences: vec![],
    };
    let sessions: BTreeSet<Date> = published.iter().map(|r| r.session).collect();
    out.sessions = sessions.len();
    out.first_session = sessions.first().map(Date::to_string);
    out.last_session = sessions.last().map(Date::to_string);
    for p in published {
        let key = key_of_row(p);
        let listed = |field: &str,
                      verdict,
                      published: Option<String>,
                      recomputed: Option<String>| Difference {
            version: p.version.clone(),
            account: p.account.clone(),
            session: p.session.to_string(),
            verdict,
            field: field.to_string(),
            published,
            recomputed,
        };
        let not = |why: String| listed("row", ReplayVerdict::NotRecounted, None, Some(why));
        if protocol.version(&p.version).is_none() {
            out.not_recounted += 1;
            out.differences.push(not(format!(
                "rules {} are not in arena-protocol.json",
                p.version
            )));
            continue;
        }
        let bets = protocol
            .version(&p.version)
            .is_some_and(|r| r.track == super::protocol::Track::Bets);
        if bets && !bet_days.contains(&p.session) {
            out.not_recounted += 1;
            out.differences.push(not(format!(
                "no crowd market of {} in the published price set",
                p.session
            )));
            continue;
        }
        if !bets && !price_sessions.contains(&p.session) {
            out.not_recounted += 1;
            out.differences.push(not(format!(
                "no close of {} in the published price set",
                p.session
            )));
            continue;
        }
        if let Some(why) = gaps.get(&key) {
            out.not_recounted += 1;
            out.differences.push(not(why.to_string()));
            continue;
        }
        let Some(r) = ours.get(&key) else {
            out.different += 1;
            out.differences.push(listed(
                "row",
                ReplayVerdict::Different,
                Some("published".into()),
                Some("no sealed decision or benchmark makes this account".into()),
            ));
            continue;
        };
        let mut diffs = Vec::new();
        if p.status != r.status {
            let s = |x: records::Status| {
                serde_json::to_value(x)
                    .map(|v| v.to_string())
                    .unwrap_or_default()
            };
            diffs.push(listed(
                "status",
                ReplayVerdict::Different,
                Some(s(p.status)),
                Some(s(r.status)),
            ));
        }
        // The row's trades.
        let none = Vec::new();
        let theirs = their_trades.get(&key).unwrap_or(&none);
        let mine = our_trades.get(&key).unwrap_or(&none);
        let symbols: BTreeSet<&str> = theirs
            .iter()
            .chain(mine.iter())
            .map(|t| t.symbol.as_str())
            .collect();
        for s in symbols {
            let a: Vec<&&Trade> = theirs.iter().filter(|t| t.symbol == s).collect();
            let b: Vec<&&Trade> = mine.iter().filter(|t| t.symbol == s).collect();
            let f = |x: &[&&Trade]| {
                x.iter()
                    .map(|t| {
                        format!(
                            "{} shares at {}, value {}, cost {}",
                            micro_string(t.qty),
                            micro_string(t.price),
                            money(t.value),
                            money(t.cost)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let same = a.len() == b.len()
                && a.iter().zip(&b).all(|(x, y)| {
                    x.qty == y.qty
                        && x.price == y.price
                        && (x.value - y.value).abs() <= 1
                        && (x.cost - y.cost).abs() <= 1
                });
            if !same {
                let show =
                    |x: &[&&Trade]| (!x.is_empty()).then(|| f(x)).or(Some("no trade".into()));
                diffs.push(listed(
                    &format!("trade {s}"),
                    ReplayVerdict::Different,
                    show(&a),
                    show(&b),
                ));
            }
        }
        // The money fields.
        let bound = 1 + trades_to_date
            .get(&(p.version.clone(), p.account.clone()))
            .map_or(0, |m| m.range(..=p.session).map(|(_, n)| *n).sum::<usize>())
            as i64;
        let mine: BTreeMap<String, i64> = fields(r).into_iter().collect();
        let theirs: BTreeMap<String, i64> = fields(p).into_iter().collect();
        let names: BTreeSet<&String> = mine.keys().chain(theirs.keys()).collect();
        let mut worst = 0i64;
        let mut off = Vec::new();
        for n in names {
            let (x, y) = (
                theirs.get(n).copied().unwrap_or(0),
                mine.get(n).copied().unwrap_or(0),
            );
            let d = (x - y).abs();
            worst = worst.max(d);
            if d > bound {
                off.push(listed(
                    n,
                    ReplayVerdict::Different,
                    Some(money(x)),
                    Some(money(y)),
                ));
            }
        }
        diffs.extend(off);
        // The derived figures, to a relative 1e-9 (they are ratios of the money fields).
        let close = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (None, None) => true,
            (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * (1.0 + x.abs().max(y.abs())),
            _ => false,
        };
        let show = |x: Option<f64>| Some(x.map_or("null".to_string(), |v| v.to_string()));
        for (name, a, b) in [
            ("return", Some(p.ret), Some(r.ret)),
            ("drawdown", Some(p.drawdown), Some(r.drawdown)),
            ("sharpe", p.sharpe, r.sharpe),
            ("sortino", p.sortino, r.sortino),
        ] {
            if !close(a, b) {
                diffs.push(listed(name, ReplayVerdict::Different, show(a), show(b)));
            }
        }
        if !diffs.is_empty() {
            out.different += 1;
            out.differences.extend(diffs);
        } else if worst <= 1 {
            out.exact += 1;
        } else {
            out.within_rounding += 1;
        }
    }
    out
}

impl Replay {
    /// Whether every recounted row was reproduced (no row DIFFERENT).
    pub fn reproduced(&self) -> bool {
        self.different == 0
    }

    /// The text the CLI prints (Appendix B step 7's wording).
    pub fn text(&self) -> String {
        let mut s = format!(
            "replay: {} published rows, {} accounts, {} sessions",
            self.rows, self.accounts, self.sessions
        );
        if let (Some(a), Some(b)) = (&self.first_session, &self.last_session) {
            s += &format!(" ({a} .. {b})");
        }
        s += &format!(
            ", {} trades, rules {}\n",
            self.trades,
            self.rules.join(", ")
        );
        s += &format!(
            "exact to the cent (|d| <= 0.01): {}; within the rounding of the published trades: {}; DIFFERENT: {}; not recounted (other price sets): {}\n",
            self.exact, self.within_rounding, self.different, self.not_recounted
        );
        for d in &self.differences {
            let v = match d.verdict {
                ReplayVerdict::Different => "DIFFERENT",
                ReplayVerdict::NotRecounted => "not recounted",
                ReplayVerdict::Exact | ReplayVerdict::WithinRounding => "",
            };
            s += &format!(
                "  {v} {} {} {} {}: published {}, recomputed {}\n",
                d.version,
                d.account,
                d.session,
                d.field,
                d.published_text(),
                d.recomputed_text()
            );
        }
        s += if self.rows == 0 {
            "result: no published rows to recount\n"
        } else if self.reproduced() {
            "result: the published scores are reproduced\n"
        } else {
            "result: some published rows are DIFFERENT\n"
        };
        s
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::arena::engine::run_all;
    use crate::arena::records::{
        decision_line, jsonl, price_line, row_line, trade_line, Choice, Decision, PriceLine,
    };
    use crate::calendar::{self, Instant};
    use crate::stats::rng::Generator;

    /// A generated season: the standard protocol, three seats, 12 sessions, every price.
    fn season() -> (Protocol, Vec<Decision>, Vec<PriceLine>) {
        let p = Protocol::standard();
        let mut rng = Generator::default_rng(11);
        let mut lines = vec![];
        let mut day = Date::new(2026, 10, 19).unwrap();
        let mut sessions = vec![];
        while sessions.len() < 12 {
            if calendar::is_session(day) == Some(true) {
                sessions.push(day);
            }
            day = day.add_days(1);
        }
        let funds = &p.version("pro-1").unwrap().funds;
        let mut px: Vec<i64> = funds
            .iter()
            .map(|_| 20_000_000 + rng.integers(0, 80_000_000).unwrap())
            .collect();
        let mut ds = vec![];
        for s in &sessions {
            lines.push(PriceLine::Rate {
                symbol: "^IRX".into(),
                session: *s,
                rate_ppm: 41_234,
            });
            for (i, f) in funds.iter().enumerate() {
                px[i] += rng.integers(-500_000, 500_001).unwrap();
                let at = calendar::new_york_time(*s, 9, 30);
                lines.push(PriceLine::Bar {
                    symbol: f.symbol.clone(),
                    at,
                    price: px[i],
                });
                lines.push(PriceLine::Close {
                    symbol: f.symbol.clone(),
                    session: *s,
                    price: px[i] + 12_345,
                });
            }
            for (seat, version) in [
                ("alpha", "arena-3"),
                ("beta", "arena-3"),
                ("gamma", "pro-1"),
            ] {
                let pick = |rng: &mut Generator| funds[rng.index(10)].symbol.clone();
                let choice = match rng.integers(0, 3).unwrap() {
                    0 => Choice::Hold,
                    _ if version == "pro-1" => Choice::Weights(
                        [
                            (pick(&mut rng), 3_000),
                            ("VIXY".to_string(), -3_000),
                            ("GLD".into(), 2_550),
                        ]
                        .into_iter()
                        .collect(),
                    ),
                    _ => Choice::Weights(
                        [(pick(&mut rng), 2_000), ("IEF".to_string(), 1_250)]
                            .into_iter()
                            .collect(),
                    ),
                };
                ds.push(Decision {
                    account: seat.into(),
                    version: version.into(),
                    sealed_at: Instant(
                        calendar::new_york_time(*s, 8, 30).0 + rng.integers(0, 1_000_000).unwrap(),
                    ),
                    choice,
                });
            }
        }
        (p, ds, lines)
    }

    pub(crate) struct Published {
        pub(crate) protocol: Vec<u8>,
        pub(crate) decisions: Vec<u8>,
        pub(crate) prices: Vec<u8>,
        pub(crate) trades: Vec<u8>,
        pub(crate) accounts: Vec<u8>,
    }

    pub(crate) fn publish() -> Published {
        let (p, ds, prices) = season();
        let seg = run_all(&p, &ds, &PriceSet::new(&prices));
        assert!(seg.gaps.is_empty());
        Published {
            protocol: p.to_json(),
            decisions: jsonl(ds.iter().map(decision_line)),
            prices: jsonl(prices.iter().map(price_line)),
            trades: jsonl(seg.trades.iter().map(trade_line)),
            accounts: jsonl(seg.rows.iter().map(row_line)),
        }
    }

    fn run(p: &Published) -> Replay {
        replay(&ReplayFiles {
            protocol: &p.protocol,
            decisions: &p.decisions,
            prices: &p.prices,
            trades: &p.trades,
            accounts: &p.accounts,
        })
        .unwrap()
    }

    fn touched(r: &Replay) -> BTreeSet<(String, String, String)> {
        r.differences
            .iter()
            .filter(|d| d.verdict == ReplayVerdict::Different)
            .map(|d| (d.version.clone(), d.account.clone(), d.session.clone()))
            .collect()
    }

    /// A bets season: three sessions of recorded crowd markets, two of them resolved, and
    /// two seats' bets.
    fn bets_published() -> Published {
        use crate::arena::eligibility::{category_of, CrowdMarket, OutcomeQuote};
        use crate::arena::records::Pick;
        let p = Protocol::standard();
        let mut lines = vec![];
        let mut ds = vec![];
        for (k, day) in ["2026-10-20", "2026-10-21", "2026-10-22"]
            .iter()
            .enumerate()
        {
            let session = Date::parse(day).unwrap();
            let at = calendar::new_york_time(session, 8, 30);
            for (i, id) in ["SPX", "TNX", "BTC", "GOLD"].iter().enumerate() {
                let up = 400_000 + 50_000 * ((i + k) % 4) as i64;
                lines.push(PriceLine::Market {
                    session,
                    at,
                    market: CrowdMarket {
                        id: id.to_string(),
                        category: category_of(id).into(),
                        topics: vec![],
                        closes_at: crate::arena::eligibility::contract_close(id, session),
                        resolved: false,
                        volume_cents: 100_000 * (i as i64 + 1),
                        outcomes: vec![
                            OutcomeQuote {
                                label: "Up".into(),
                                price: up,
                                ask: Some(up + 10_000),
                            },
                            OutcomeQuote {
                                label: "Down".into(),
                                price: 1_000_000 - up,
                                ask: Some(1_000_000 - up + 10_000),
                            },
                        ],
                    },
                });
                if k < 2 {
                    lines.push(PriceLine::Resolution {
                        symbol: id.to_string(),
                        session,
                        outcome: if (i + k) % 2 == 0 { "Up" } else { "Down" }.into(),
                    });
                }
            }
            for (seat, market, outcome) in [("alpha", "GOLD", "Up"), ("beta", "BTC", "Down")] {
                ds.push(Decision {
                    account: seat.into(),
                    version: "bets-1".into(),
                    sealed_at: Instant(at.0 + 60_000_000),
                    choice: Choice::Bets(
                        [(
                            market.to_string(),
                            Pick {
                                outcome: outcome.into(),
                                cap: None,
                            },
                        )]
                        .into(),
                    ),
                });
            }
        }
        let seg = run_all(&p, &ds, &PriceSet::new(&lines));
        Published {
            protocol: p.to_json(),
            decisions: jsonl(ds.iter().map(decision_line)),
            prices: jsonl(lines.iter().map(price_line)),
            trades: jsonl(seg.trades.iter().map(trade_line)),
            accounts: jsonl(seg.rows.iter().map(row_line)),
        }
    }

    #[test]
    fn bets_replay_exactly_and_a_tampered_bet_is_different() {
        let p = bets_published();
        let r = run(&p);
        assert_eq!((r.rows, r.accounts, r.sessions), (6, 2, 3));
        assert_eq!((r.exact, r.different, r.not_recounted), (6, 0, 0));
        assert_eq!(r.rules, ["bets-1"]);
        assert_eq!(r.trades, 6);
        // The market and resolution lines read back to what was written.
        let again = records::read_prices(&p.prices).unwrap();
        assert_eq!(jsonl(again.iter().map(price_line)), p.prices);
        // A bet's tokens changed: exactly its row.
        let mut t = p.trades.clone();
        let text = String::from_utf8(t.clone()).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        let row = (
            v["version"].as_str().unwrap().to_string(),
            v["account"].as_str().unwrap().to_string(),
            v["session"].as_str().unwrap().to_string(),
        );
        v["value"] = serde_json::json!(v["value"].as_f64().unwrap() - 0.5);
        lines[0] = v.to_string();
        t = jsonl(lines);
        let r = run(&Published {
            trades: t,
            ..bets_published()
        });
        assert_eq!(touched(&r), [row].into());
        // A resolution changed (BTC went up on 2026-10-20, beta's Down bet lost): the row that
        // settles the bet differs.
        let flipped = String::from_utf8(p.prices.clone()).unwrap().replacen(
            r#""symbol":"BTC","kind":"resolution","session":"2026-10-20","outcome":"Up""#,
            r#""symbol":"BTC","kind":"resolution","session":"2026-10-20","outcome":"Down""#,
            1,
        );
        assert_ne!(flipped.as_bytes(), p.prices.as_slice());
        let r = run(&Published {
            prices: flipped.into_bytes(),
            ..bets_published()
        });
        assert!(
            touched(&r).contains(&("bets-1".into(), "beta".into(), "2026-10-20".into())),
            "{:?}",
            touched(&r)
        );
        assert!(r.different >= 1);
    }

    #[test]
    fn the_engines_own_files_replay_exactly() {
        let p = publish();
        let r = run(&p);
        // 12 sessions x (2 arena-3 seats + 5 benchmarks, 1 pro seat + 4 benchmarks, and the
        // agent-portfolio profile's 2 benchmarks).
        assert_eq!((r.rows, r.accounts, r.sessions), (12 * 14, 14, 12));
        assert_eq!(
            (r.exact, r.within_rounding, r.different, r.not_recounted),
            (r.rows, 0, 0, 0)
        );
        assert_eq!(r.rules, ["agent-portfolio-1", "arena-3", "pro-1"]);
        assert!(r.trades > 50);
        assert!(r
            .text()
            .contains("result: the published scores are reproduced"));
        // The files the engine writes read back to the same records.
        let (_, ds, prices) = season();
        assert_eq!(records::read_decisions(&p.decisions).unwrap(), ds);
        assert_eq!(records::read_prices(&p.prices).unwrap(), prices);
    }

    #[test]
    fn a_tampered_trade_makes_exactly_its_row_different() {
        let mut p = publish();
        let text = String::from_utf8(p.trades.clone()).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut t: serde_json::Value = serde_json::from_str(&lines[7]).unwrap();
        let row = (
            t["version"].as_str().unwrap().to_string(),
            t["account"].as_str().unwrap().to_string(),
            t["session"].as_str().unwrap().to_string(),
        );
        t["value"] = serde_json::json!(t["value"].as_f64().unwrap() + 0.05);
        lines[7] = t.to_string();
        p.trades = jsonl(lines);
        let r = run(&p);
        assert_eq!(r.different, 1);
        assert_eq!(touched(&r), [row].into());
        assert!(r
            .text()
            .contains("result: some published rows are DIFFERENT"));
    }

    #[test]
    fn a_tampered_close_makes_exactly_the_rows_holding_it_different() {
        let mut p = publish();
        let (before, last) = ("2026-11-02", "2026-11-03");
        let text = String::from_utf8(p.prices.clone()).unwrap();
        let lines: Vec<String> = text
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                if v["kind"] == "close" && v["symbol"] == "IEF" && v["session"] == last {
                    v["price"] = serde_json::json!("1.5");
                }
                v.to_string()
            })
            .collect();
        p.prices = jsonl(lines);
        let r = run(&p);
        // The rows that hold IEF at that close, or held it at the close before (their no-trade
        // shadow marks it).
        let holders: BTreeSet<(String, String, String)> = String::from_utf8(p.accounts.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| {
                (v["session"] == last || v["session"] == before)
                    && v["positions"].get("IEF").is_some()
            })
            .map(|v| {
                let s = |k: &str| v[k].as_str().unwrap().to_string();
                (s("version"), s("account"), last.to_string())
            })
            .collect();
        assert!(holders.len() >= 2);
        assert_eq!(touched(&r), holders);
        assert_eq!(r.different, holders.len());
        let d = r
            .differences
            .iter()
            .find(|d| d.field == "positions.IEF")
            .unwrap();
        assert!(d.published.is_some() && d.recomputed.is_some() && d.published != d.recomputed);
    }

    #[test]
    fn rounding_and_missing_prices_are_told_apart() {
        let mut p = publish();
        // Two cents off on a row of an account with trades: within the published rounding.
        let text = String::from_utf8(p.accounts.clone()).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let i = lines
            .iter()
            .position(|l| l.contains("\"alpha\"") && l.contains("2026-10-30"))
            .unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&lines[i]).unwrap();
        v["cash"] = serde_json::json!(v["cash"].as_f64().unwrap() + 0.02);
        v["equity"] = serde_json::json!(v["equity"].as_f64().unwrap() + 0.02);
        lines[i] = v.to_string();
        // A row of a rule version the protocol does not list: not recounted.
        let mut w: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        w["version"] = serde_json::json!("arena-2");
        lines.push(w.to_string());
        p.accounts = jsonl(lines);
        let r = run(&p);
        assert_eq!((r.within_rounding, r.not_recounted, r.different), (1, 1, 0));
        assert!(r.reproduced());
        // A session without closes in the price set: not recounted.
        let text = String::from_utf8(p.prices.clone()).unwrap();
        p.prices = jsonl(
            text.lines()
                .filter(|l| !l.contains("2026-11-03"))
                .map(str::to_string),
        );
        let r = run(&p);
        assert_eq!(r.not_recounted, 1 + 14);
        assert_eq!(r.different, 0);
    }

    #[test]
    fn a_held_fund_without_a_close_leaves_its_accounts_rows_not_recounted() {
        let mut p = publish();
        let text = String::from_utf8(p.prices.clone()).unwrap();
        p.prices = jsonl(
            text.lines()
                .filter(|l| {
                    !(l.contains("\"close\"") && l.contains("\"VIXY\"") && l.contains("2026-11-02"))
                })
                .map(str::to_string),
        );
        let r = run(&p);
        assert_eq!(r.different, 0);
        let not: BTreeSet<(String, String)> = r
            .differences
            .iter()
            .filter(|d| d.verdict == ReplayVerdict::NotRecounted)
            .map(|d| (d.version.clone(), d.session.clone()))
            .collect();
        // Only pro-1 trades VIXY; its rows from that session on are not recounted.
        assert!(!not.is_empty());
        assert!(
            not.iter()
                .all(|(v, s)| v == "pro-1" && s.as_str() >= "2026-11-02"),
            "{not:?}"
        );
        assert_eq!(r.exact + r.not_recounted, r.rows);
        assert!(r
            .differences
            .iter()
            .any(|d| d.recomputed.as_deref() == Some("no VIXY close on 2026-11-02")));
        // The row not recounted has no published figure compared: named as a recount
        // difference names a value that is not there (crate::figures::ABSENT), as
        // `sealbook verify DIR` names it.
        assert!(
            r.text()
                .contains(" row: published absent, recomputed no VIXY close on 2026-11-02\n"),
            "{}",
            r.text()
        );
    }

    #[test]
    fn unreadable_files_name_the_file_and_line() {
        let mut p = publish();
        p.trades.extend_from_slice(b"{\"version\": \"arena-3\"}\n");
        let e = replay(&ReplayFiles {
            protocol: &p.protocol,
            decisions: &p.decisions,
            prices: &p.prices,
            trades: &p.trades,
            accounts: &p.accounts,
        })
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("arena-trades.jsonl:"), "{e}");
        assert!(e.contains("missing field"), "{e}");
    }
}
