//! Which crowd markets a bet may be placed on (seed 001 "市场资格", seed 003 "شروط الأسواق":
//! the bets rulebook's market eligibility), as a pure function of the session's recorded crowd
//! markets, the time and the rounds already opened: [`eligible`].
//!
//! The rules, each one [`Ineligible`] reason, checked in this order:
//! 1. **Open**: a market already resolved is not eligible ("未结束" / "مفتوح").
//! 2. **Closing time**: it closes at least `min_close_minutes` (30) after now and at most
//!    `max_close_days` (7) days after now ("在 7 天内且至少 30 分钟后收盘"); a market whose
//!    closing time is not known is not eligible (a check that cannot be made fails).
//! 3. **Favourite**: the favourite outcome's price is at most `favourite_max` (85c)
//!    ("热门选项价格不超过 85¢"; the change log: "markets whose favourite is above 85c are
//!    skipped").
//! 4. **Asks**: every outcome has a seller ("每个结果都有卖单").
//! 5. **Topics**: the market is not about any of `excluded_topics` (death, violence,
//!    disaster: "不涉及死亡、暴力或灾难").
//!
//! The markets passing 1-5 are taken "most in the news first" ("新闻性强的市场优先"): the
//! recorded volume is the league's measure of attention, so by volume, highest first, then by
//! code. Each is then held, in that order, to the round limits, the rounds opened by the
//! earlier markets of the same call counting as opened:
//! 6. **Category share**: its category's rounds are not more than `category_max_bp` (40%) of
//!    the rounds opened in the `category_window_days` (7) days before now ("任何类别都不超过过去
//!    一周轮次的 40%"; no rounds in that week: no share to exceed).
//! 7. **Rounds per day**: fewer than `max_rounds_per_utc_day` (5) rounds opened on now's UTC
//!    day ("每个 UTC 日最多 5 轮").
//! 8. **Rounds at once**: fewer than `max_open_rounds` (3) rounds open at now, a round being
//!    open until its market closes ("同时最多 3 轮").
//!
//! A market that passes every rule opens a round: the call's [`Selection::rounds`] are what the
//! next call takes as history. The same inputs give the same selection on every target (no
//! clock, no hash order).
//!
//! [`from_crowd`] turns a run line's sealed crowd quotes (spec §4.9 `crowd.odds`,
//! `crowd.kalshi`) into these markets: the daily up-or-down contract with outcomes `Up` and
//! `Down`, `Up` priced `p_up` with the sealed best ask, `Down` priced `1 - p_up` with the best
//! ask `1 - best bid of Up` (the other side of a binary book), closing at the contract's own
//! close (§4.9: the indices at the 16:00 ET close, gold and the dollar index at 17:00 ET, the
//! 10-year yield at the Treasury's 15:30 ET, bitcoin at 12:00 ET, noon to noon; any other
//! market's closing time is unknown, so it is never eligible).

use super::money::parse_decimal;
use super::protocol::ProtocolMsg;
use crate::calendar::{new_york_time, session_close, Date, Instant};
use crate::records::crowd::{CrowdPrices, Quote};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// One microsecond-based minute, hour and day.
const MINUTE: i64 = 60 * 1_000_000;
const DAY: i64 = 24 * 60 * MINUTE;

/// The eligibility rules of a bets version (`arena-protocol.json`, a `bets` version's
/// `bet.eligibility`; seeds 001/003's values in [`Eligibility::seed`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Eligibility {
    /// Latest closing time, in days after now (7).
    pub max_close_days: i64,
    /// Earliest closing time, in minutes after now (30).
    pub min_close_minutes: i64,
    /// Highest price of the favourite outcome, micro-tokens per share (85c = 850000).
    pub favourite_max: i64,
    /// Topics a market may not be about (`death`, `violence`, `disaster`).
    pub excluded_topics: Vec<String>,
    /// Most a category's rounds may be of the window's rounds, basis points (40% = 4000).
    pub category_max_bp: i64,
    /// The category share's window, in days before now (7).
    pub category_window_days: i64,
    /// Most rounds opened in one UTC day (5).
    pub max_rounds_per_utc_day: u32,
    /// Most rounds open at the same time (3).
    pub max_open_rounds: u32,
}

impl Eligibility {
    /// Seeds 001/003's rules.
    pub fn seed() -> Eligibility {
        Eligibility {
            max_close_days: 7,
            min_close_minutes: 30,
            favourite_max: 850_000,
            excluded_topics: vec!["death".into(), "violence".into(), "disaster".into()],
            category_max_bp: 4_000,
            category_window_days: 7,
            max_rounds_per_utc_day: 5,
            max_open_rounds: 3,
        }
    }

    /// Whether the values can be used; the field at fault and why when not.
    pub fn check(&self) -> Result<(), (&'static str, ProtocolMsg)> {
        if !(1..=366).contains(&self.max_close_days) {
            return Err(("max_close_days", ProtocolMsg::Range { lo: 1, hi: 366 }));
        }
        if !(0..=self.max_close_days * 24 * 60).contains(&self.min_close_minutes) {
            return Err(("min_close_minutes", ProtocolMsg::MinCloseMinutes));
        }
        if !(1..=1_000_000).contains(&self.favourite_max) {
            return Err(("favourite_max", ProtocolMsg::FavouriteMax));
        }
        if self.excluded_topics.len() > 64 || self.excluded_topics.iter().any(|t| t.is_empty()) {
            return Err(("excluded_topics", ProtocolMsg::Topics));
        }
        if !(1..=10_000).contains(&self.category_max_bp) {
            return Err(("category_max_bp", ProtocolMsg::CategoryMax));
        }
        if !(1..=366).contains(&self.category_window_days) {
            return Err((
                "category_window_days",
                ProtocolMsg::Range { lo: 1, hi: 366 },
            ));
        }
        if self.max_rounds_per_utc_day == 0 || self.max_open_rounds == 0 {
            return Err(("max_rounds_per_utc_day", ProtocolMsg::RoundLimits));
        }
        Ok(())
    }
}

/// One outcome of a crowd market as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeQuote {
    /// The outcome's label (`Up`, `Down` for the daily contracts).
    pub label: String,
    /// The displayed price, micro-tokens per share paying 1 token.
    pub price: i64,
    /// The best ask, micro-tokens per share; None: no seller.
    pub ask: Option<i64>,
}

/// One crowd market of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrowdMarket {
    /// The market's id (the league market code for the daily contracts).
    pub id: String,
    /// The market's category, the unit of the category-share limit (rule 6).
    pub category: String,
    /// What the market is about, lower case (checked against `excluded_topics`).
    pub topics: Vec<String>,
    /// When it closes; None: unknown.
    pub closes_at: Option<Instant>,
    /// Resolved already.
    pub resolved: bool,
    /// Recorded volume, US cents (the "in the news" order).
    pub volume_cents: i64,
    /// Its outcomes as recorded, each with its price and best ask.
    pub outcomes: Vec<OutcomeQuote>,
}

/// A round already opened (a market bet on): the history the round limits count.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Round {
    /// The market's id.
    pub market: String,
    /// Its category when the round opened.
    pub category: String,
    /// When the round opened (the bet's time).
    pub opened_at: Instant,
    /// When the market closes; the round is open until then (rule 8).
    pub closes_at: Instant,
}

/// Why a market is not eligible (each variant one rule of the module doc, which cites the
/// seeds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ineligible {
    /// Rule 1: the market is resolved already.
    Resolved,
    /// Rule 2: its closing time is not known.
    NoClosingTime,
    /// Rule 2: it closes less than `min_close_minutes` from now.
    ClosesTooSoon {
        /// The market's closing time.
        closes_at: Instant,
    },
    /// Rule 2: it closes more than `max_close_days` from now.
    ClosesTooLate {
        /// The market's closing time.
        closes_at: Instant,
    },
    /// Rule 3: the favourite's price is above `favourite_max`.
    Favourite {
        /// The favourite outcome's label.
        outcome: String,
        /// Its price, micro-tokens per share paying 1 token.
        price: i64,
    },
    /// Rule 4: an outcome has no seller.
    NoAsk {
        /// The outcome without a seller.
        outcome: String,
    },
    /// Rule 4: no outcome is recorded at all.
    NoOutcomes,
    /// Rule 5: the market is about an excluded topic.
    Topic {
        /// The excluded topic it is about.
        topic: String,
    },
    /// Rule 6: its category's rounds exceed `category_max_bp` of the window's rounds.
    CategoryShare {
        /// The market's category.
        category: String,
        /// Rounds of that category opened in the window.
        rounds: usize,
        /// All rounds opened in the window.
        of: usize,
    },
    /// Rule 7: `max_rounds_per_utc_day` rounds are opened on now's UTC day already.
    RoundsToday {
        /// Rounds opened on now's UTC day.
        opened: usize,
    },
    /// Rule 8: `max_open_rounds` rounds are open at now already.
    RoundsOpen {
        /// Rounds open at now.
        open: usize,
    },
}

/// The reason as the published text gives it: `rule: detail`, `rule` one of `resolved`,
/// `closing_time`, `favourite`, `asks`, `topic`, `category_share`, `rounds_per_day`,
/// `rounds_open`.
pub struct Reason<'a>(pub &'a Ineligible, pub &'a Eligibility);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.1;
        let cents = |p: i64| super::money::micro_string(p * 100);
        match self.0 {
            Ineligible::Resolved => write!(f, "resolved: the market is not open"),
            Ineligible::NoClosingTime => write!(f, "closing_time: not known"),
            Ineligible::ClosesTooSoon { closes_at } => write!(
                f,
                "closing_time: closes {}, less than {} minutes from now",
                closes_at.to_rfc3339(),
                r.min_close_minutes
            ),
            Ineligible::ClosesTooLate { closes_at } => write!(
                f,
                "closing_time: closes {}, more than {} days from now",
                closes_at.to_rfc3339(),
                r.max_close_days
            ),
            Ineligible::Favourite { outcome, price } => write!(
                f,
                "favourite: {outcome} at {}c, above {}c",
                cents(*price),
                cents(r.favourite_max)
            ),
            Ineligible::NoAsk { outcome } => write!(f, "asks: no seller of {outcome}"),
            Ineligible::NoOutcomes => write!(f, "asks: no outcome recorded"),
            Ineligible::Topic { topic } => write!(f, "topic: about {topic}"),
            Ineligible::CategoryShare {
                category,
                rounds,
                of,
            } => write!(
                f,
                "category_share: {category} had {rounds} of the {of} rounds of the last {} days, more than {}%",
                r.category_window_days,
                super::money::micro_string(r.category_max_bp * 10_000)
            ),
            Ineligible::RoundsToday { opened } => write!(
                f,
                "rounds_per_day: {opened} rounds opened today (UTC), at most {}",
                r.max_rounds_per_utc_day
            ),
            Ineligible::RoundsOpen { open } => write!(
                f,
                "rounds_open: {open} rounds open, at most {} at once",
                r.max_open_rounds
            ),
        }
    }
}

/// What [`eligible`] decided.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Selection {
    /// The eligible markets' ids, most in the news first.
    pub eligible: Vec<String>,
    /// Every other market with why, in the order the markets were given.
    pub ineligible: Vec<(String, Ineligible)>,
    /// The rounds the eligible markets open (the history of the next call).
    pub rounds: Vec<Round>,
}

/// Rules 1-5 for one market.
fn market_check(rule: &Eligibility, m: &CrowdMarket, now: Instant) -> Result<Instant, Ineligible> {
    if m.resolved {
        return Err(Ineligible::Resolved);
    }
    let closes_at = m.closes_at.ok_or(Ineligible::NoClosingTime)?;
    if closes_at.0 - now.0 < rule.min_close_minutes * MINUTE {
        return Err(Ineligible::ClosesTooSoon { closes_at });
    }
    if closes_at.0 - now.0 > rule.max_close_days * DAY {
        return Err(Ineligible::ClosesTooLate { closes_at });
    }
    if m.outcomes.is_empty() {
        return Err(Ineligible::NoOutcomes);
    }
    // The favourite: the highest price, the first listed of equal ones.
    let fav = m
        .outcomes
        .iter()
        .reduce(|a, b| if b.price > a.price { b } else { a })
        .expect("not empty");
    if fav.price > rule.favourite_max {
        return Err(Ineligible::Favourite {
            outcome: fav.label.clone(),
            price: fav.price,
        });
    }
    if let Some(o) = m
        .outcomes
        .iter()
        .find(|o| !o.ask.is_some_and(|a| a > 0 && a <= 1_000_000))
    {
        return Err(Ineligible::NoAsk {
            outcome: o.label.clone(),
        });
    }
    if let Some(t) = m.topics.iter().find(|t| {
        rule.excluded_topics
            .iter()
            .any(|x| x.eq_ignore_ascii_case(t))
    }) {
        return Err(Ineligible::Topic {
            topic: t.to_ascii_lowercase(),
        });
    }
    Ok(closes_at)
}

/// The eligible markets among `markets` at `now`, given the rounds opened before (`history`),
/// under `rule` (the module doc lists the rules and their order).
pub fn eligible(
    rule: &Eligibility,
    markets: &[CrowdMarket],
    now: Instant,
    history: &[Round],
) -> Selection {
    let mut sel = Selection::default();
    let mut passed: Vec<(&CrowdMarket, Instant)> = Vec::new();
    let mut late: Vec<(String, Ineligible)> = Vec::new();
    for m in markets {
        match market_check(rule, m, now) {
            Ok(c) => passed.push((m, c)),
            Err(why) => sel.ineligible.push((m.id.clone(), why)),
        }
    }
    passed.sort_by(|(a, _), (b, _)| {
        b.volume_cents
            .cmp(&a.volume_cents)
            .then_with(|| a.id.cmp(&b.id))
    });
    let window_start = now.0 - rule.category_window_days * DAY;
    let today = now.utc_date();
    for (m, closes_at) in passed {
        let all = || history.iter().chain(sel.rounds.iter());
        let week: Vec<&Round> = all()
            .filter(|r| r.opened_at.0 > window_start && r.opened_at <= now)
            .collect();
        let mine = week.iter().filter(|r| r.category == m.category).count();
        let opened_today = all().filter(|r| r.opened_at.utc_date() == today).count();
        let open = all()
            .filter(|r| r.opened_at <= now && r.closes_at > now)
            .count();
        let why = if !week.is_empty()
            && mine as i64 * 10_000 > rule.category_max_bp * week.len() as i64
        {
            Some(Ineligible::CategoryShare {
                category: m.category.clone(),
                rounds: mine,
                of: week.len(),
            })
        } else if opened_today >= rule.max_rounds_per_utc_day as usize {
            Some(Ineligible::RoundsToday {
                opened: opened_today,
            })
        } else if open >= rule.max_open_rounds as usize {
            Some(Ineligible::RoundsOpen { open })
        } else {
            None
        };
        match why {
            Some(w) => late.push((m.id.clone(), w)),
            None => {
                sel.eligible.push(m.id.clone());
                sel.rounds.push(Round {
                    market: m.id.clone(),
                    category: m.category.clone(),
                    opened_at: now,
                    closes_at,
                });
            }
        }
    }
    // The reasons in the order the markets were given.
    let order = |id: &str| markets.iter().position(|m| m.id == id);
    sel.ineligible.extend(late);
    sel.ineligible.sort_by_key(|(id, _)| order(id));
    sel
}

/// The category of a league market's daily contract (Table 2's groups).
pub fn category_of(code: &str) -> &'static str {
    match code {
        "SPX" | "NDX" | "DJI" | "SOX" => "equities",
        "TNX" => "rates",
        "DXY" => "currencies",
        "VIX" => "volatility",
        "GOLD" | "WTI" | "BRENT" | "COPPER" => "commodities",
        "BTC" => "crypto",
        _ => "other",
    }
}

/// When a league market's daily crowd contract for `session` closes (spec §4.9: the indices at
/// the close, gold and the dollar index at 17:00 ET, the yield at 15:30 ET, bitcoin at noon
/// ET); None for a market whose contract's close the spec does not state.
pub fn contract_close(code: &str, session: Date) -> Option<Instant> {
    match code {
        "SPX" | "NDX" | "DJI" | "SOX" => Some(session_close(session)),
        "GOLD" | "DXY" => Some(new_york_time(session, 17, 0)),
        "TNX" => Some(new_york_time(session, 15, 30)),
        "BTC" => Some(new_york_time(session, 12, 0)),
        _ => None,
    }
}

/// A price 0-1 as micro-tokens, half to even at the sixth decimal; None when outside 0-1 or
/// not finite.
fn micro(p: f64) -> Option<i64> {
    if !(p.is_finite() && (0.0..=1.0).contains(&p)) {
        return None;
    }
    parse_decimal(&format!("{p:.6}"), 6)
}

fn daily_contract(code: &str, q: &Quote, session: Date, resolved: bool) -> CrowdMarket {
    let up = micro(q.p_up).unwrap_or(0);
    let up_ask = q.ask.and_then(micro);
    let down_ask = q.bid.and_then(micro).map(|b| 1_000_000 - b);
    let vol = if q.vol.is_finite() && q.vol > 0.0 {
        parse_decimal(&format!("{:.2}", q.vol.min(1e15)), 2).unwrap_or(0)
    } else {
        0
    };
    CrowdMarket {
        id: code.to_string(),
        category: category_of(code).to_string(),
        topics: vec![],
        closes_at: contract_close(code, session),
        resolved,
        volume_cents: vol,
        outcomes: vec![
            OutcomeQuote {
                label: "Up".into(),
                price: up,
                ask: up_ask,
            },
            OutcomeQuote {
                label: "Down".into(),
                price: 1_000_000 - up,
                ask: down_ask,
            },
        ],
    }
}

/// The crowd markets of a run line's sealed prices for `session` (see the module doc), one per
/// market: Polymarket's contract when it lists the market, else Kalshi's (§4.9), in market
/// order; `resolved` names the markets already resolved.
pub fn from_crowd(
    crowd: &CrowdPrices,
    session: Date,
    resolved: &BTreeSet<String>,
) -> Vec<CrowdMarket> {
    crate::records::names::MARKETS
        .iter()
        .filter_map(|code| {
            let q = crowd.odds.get(*code).or_else(|| crowd.kalshi.get(*code))?;
            Some(daily_contract(code, q, session, resolved.contains(*code)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }
    const NOW: &str = "2026-10-20T12:30:00Z";
    /// A market closing at `closes`, `up` cents for Up with asks on both sides.
    fn market(id: &str, category: &str, closes: &str, up: i64, vol: i64) -> CrowdMarket {
        CrowdMarket {
            id: id.into(),
            category: category.into(),
            topics: vec![],
            closes_at: Some(t(closes)),
            resolved: false,
            volume_cents: vol,
            outcomes: vec![
                OutcomeQuote {
                    label: "Up".into(),
                    price: up * 10_000,
                    ask: Some((up + 1) * 10_000),
                },
                OutcomeQuote {
                    label: "Down".into(),
                    price: (100 - up) * 10_000,
                    ask: Some((101 - up) * 10_000),
                },
            ],
        }
    }
    fn one(m: CrowdMarket, history: &[Round]) -> Result<(), String> {
        let rule = Eligibility::seed();
        let s = eligible(&rule, &[m], t(NOW), history);
        match s.ineligible.first() {
            Some((_, why)) => Err(Reason(why, &rule).to_string()),
            None => Ok(()),
        }
    }
    fn round(market: &str, category: &str, opened: &str, closes: &str) -> Round {
        Round {
            market: market.into(),
            category: category.into(),
            opened_at: t(opened),
            closes_at: t(closes),
        }
    }

    #[test]
    fn a_resolved_market_is_not_open() {
        let mut m = market("SPX", "equities", "2026-10-20T20:00:00Z", 50, 1);
        m.resolved = true;
        assert_eq!(one(m, &[]), Err("resolved: the market is not open".into()));
    }

    #[test]
    fn the_close_must_be_30_minutes_to_7_days_away() {
        // 12:30Z now: 13:00Z is exactly 30 minutes away (eligible), 12:59:59Z is not.
        assert_eq!(
            one(market("A", "x", "2026-10-20T13:00:00Z", 50, 1), &[]),
            Ok(())
        );
        assert_eq!(
            one(market("A", "x", "2026-10-20T12:59:59Z", 50, 1), &[]),
            Err("closing_time: closes 2026-10-20T12:59:59Z, less than 30 minutes from now".into())
        );
        // Exactly 7 days away is eligible, one second more is not.
        assert_eq!(
            one(market("A", "x", "2026-10-27T12:30:00Z", 50, 1), &[]),
            Ok(())
        );
        assert_eq!(
            one(market("A", "x", "2026-10-27T12:30:01Z", 50, 1), &[]),
            Err("closing_time: closes 2026-10-27T12:30:01Z, more than 7 days from now".into())
        );
        let mut m = market("A", "x", "2026-10-20T20:00:00Z", 50, 1);
        m.closes_at = None;
        assert_eq!(one(m, &[]), Err("closing_time: not known".into()));
    }

    #[test]
    fn the_favourite_may_cost_at_most_85_cents() {
        assert_eq!(
            one(market("A", "x", "2026-10-20T20:00:00Z", 85, 1), &[]),
            Ok(())
        );
        assert_eq!(
            one(market("A", "x", "2026-10-20T20:00:00Z", 15, 1), &[]),
            Ok(())
        );
        assert_eq!(
            one(market("A", "x", "2026-10-20T20:00:00Z", 86, 1), &[]),
            Err("favourite: Up at 86c, above 85c".into())
        );
        assert_eq!(
            one(market("A", "x", "2026-10-20T20:00:00Z", 14, 1), &[]),
            Err("favourite: Down at 86c, above 85c".into())
        );
        // 85.0001c is above.
        let mut m = market("A", "x", "2026-10-20T20:00:00Z", 50, 1);
        m.outcomes[0].price = 850_001;
        assert_eq!(
            one(m, &[]),
            Err("favourite: Up at 85.0001c, above 85c".into())
        );
    }

    #[test]
    fn every_outcome_needs_a_seller() {
        let mut m = market("A", "x", "2026-10-20T20:00:00Z", 50, 1);
        m.outcomes[1].ask = None;
        assert_eq!(one(m.clone(), &[]), Err("asks: no seller of Down".into()));
        m.outcomes[1].ask = Some(0);
        assert_eq!(one(m.clone(), &[]), Err("asks: no seller of Down".into()));
        m.outcomes.clear();
        assert_eq!(one(m, &[]), Err("asks: no outcome recorded".into()));
    }

    #[test]
    fn death_violence_and_disaster_are_excluded() {
        let mut m = market("A", "x", "2026-10-20T20:00:00Z", 50, 1);
        m.topics = vec!["weather".into(), "Disaster".into()];
        assert_eq!(one(m.clone(), &[]), Err("topic: about disaster".into()));
        m.topics = vec!["weather".into()];
        assert_eq!(one(m, &[]), Ok(()));
    }

    #[test]
    fn no_category_above_40_percent_of_the_last_week() {
        let closed = "2026-10-19T20:00:00Z";
        // 2 of 5 rounds of the week are equities: 40%, not above; eligible.
        let mut h = vec![
            round("SPX", "equities", "2026-10-19T12:30:00Z", closed),
            round("NDX", "equities", "2026-10-18T12:30:00Z", closed),
            round("GOLD", "commodities", "2026-10-17T12:30:00Z", closed),
            round("TNX", "rates", "2026-10-16T12:30:00Z", closed),
            round("BTC", "crypto", "2026-10-15T12:30:00Z", closed),
        ];
        let m = || market("DJI", "equities", "2026-10-20T20:00:00Z", 50, 1);
        assert_eq!(one(m(), &h), Ok(()));
        // 3 of 6: 50%.
        h.push(round("SOX", "equities", "2026-10-14T12:30:00Z", closed));
        assert_eq!(
            one(m(), &h),
            Err(
                "category_share: equities had 3 of the 6 rounds of the last 7 days, more than 40%"
                    .into()
            )
        );
        // The round opened exactly 7 days ago is outside the window: 2 of 5 again.
        h.last_mut().unwrap().opened_at = t("2026-10-13T12:30:00Z");
        assert_eq!(one(m(), &h), Ok(()));
    }

    #[test]
    fn at_most_5_rounds_a_utc_day_and_3_at_once() {
        let gone = "2026-10-20T12:00:00Z";
        // Four closed rounds today (UTC), each of another category: a fifth is allowed.
        let mut h: Vec<Round> = ["a", "b", "c", "d"]
            .iter()
            .map(|c| round(c, c, "2026-10-20T01:00:00Z", gone))
            .collect();
        let m = || market("SPX", "equities", "2026-10-20T20:00:00Z", 50, 1);
        h.extend(
            ["e", "f", "g", "h"]
                .iter()
                .map(|c| round(c, c, "2026-10-18T01:00:00Z", gone)),
        );
        assert_eq!(one(m(), &h), Ok(()));
        h.push(round("i", "i", "2026-10-20T02:00:00Z", gone));
        assert_eq!(
            one(m(), &h),
            Err("rounds_per_day: 5 rounds opened today (UTC), at most 5".into())
        );
        // Yesterday's rounds still open count towards 3 at once.
        let open = "2026-10-21T20:00:00Z";
        let h: Vec<Round> = ["a", "b", "c", "d", "e", "f", "g"]
            .iter()
            .enumerate()
            .map(|(i, c)| {
                round(
                    c,
                    c,
                    "2026-10-19T01:00:00Z",
                    if i < 3 { open } else { gone },
                )
            })
            .collect();
        assert_eq!(
            one(m(), &h),
            Err("rounds_open: 3 rounds open, at most 3 at once".into())
        );
        assert_eq!(one(m(), &h[1..]), Ok(()));
    }

    #[test]
    fn the_busiest_markets_go_first_and_count_as_opened() {
        let rule = Eligibility::seed();
        let close = "2026-10-20T20:00:00Z";
        let markets = [
            market("SPX", "equities", close, 50, 100),
            market("NDX", "equities", close, 50, 900),
            market("GOLD", "commodities", close, 90, 5_000),
            market("TNX", "rates", close, 40, 500),
            market("BTC", "crypto", close, 60, 500),
            market("DXY", "currencies", close, 55, 50),
        ];
        let s = eligible(&rule, &markets, t(NOW), &[]);
        // GOLD fails the favourite; NDX (900) opens the first round, then BTC and TNX (500,
        // by code); SPX would make equities 1 of 3 rounds (33%), but three rounds are open.
        assert_eq!(s.eligible, ["NDX", "BTC", "TNX"]);
        let why: Vec<String> = s
            .ineligible
            .iter()
            .map(|(id, w)| format!("{id} {}", Reason(w, &rule)))
            .collect();
        assert_eq!(
            why,
            [
                "SPX rounds_open: 3 rounds open, at most 3 at once",
                "GOLD favourite: Up at 90c, above 85c",
                "DXY rounds_open: 3 rounds open, at most 3 at once",
            ]
        );
        assert_eq!(s.rounds.len(), 3);
        assert!(s
            .rounds
            .iter()
            .all(|r| r.opened_at == t(NOW) && r.closes_at == t(close)));
        // The next call, once those closed, sees them: equities had 1 of 3 (33%), eligible.
        let later = t("2026-10-21T12:30:00Z");
        let next: Vec<CrowdMarket> = markets
            .iter()
            .map(|m| CrowdMarket {
                closes_at: Some(t("2026-10-21T20:00:00Z")),
                ..m.clone()
            })
            .collect();
        let s2 = eligible(&rule, &next, later, &s.rounds);
        assert_eq!(s2.eligible, ["NDX", "BTC", "TNX"]);
        // Twice the same inputs, the same selection.
        assert_eq!(eligible(&rule, &markets, t(NOW), &[]), s);
    }

    #[test]
    fn the_sealed_crowd_quotes_become_up_and_down_markets() {
        use std::collections::BTreeMap;
        let q = |p_up: f64, bid: Option<f64>, ask: Option<f64>| Quote {
            p_up,
            vol: 15_000.5,
            bid,
            ask,
            last_trade_at: None,
            lo: None,
            hi: None,
            prev_close: None,
        };
        let crowd = CrowdPrices {
            at: NOW.into(),
            odds: BTreeMap::from([
                ("SPX".to_string(), q(0.62, Some(0.61), Some(0.63))),
                ("GOLD".to_string(), q(0.29, None, Some(0.3))),
                ("WTI".to_string(), q(0.5, Some(0.49), Some(0.51))),
            ]),
            kalshi: BTreeMap::from([
                ("SPX".to_string(), q(0.1, Some(0.09), Some(0.11))),
                ("TNX".to_string(), q(0.07, Some(0.06), Some(0.08))),
            ]),
        };
        let session = Date::new(2026, 10, 20).unwrap();
        let resolved = BTreeSet::from(["TNX".to_string()]);
        let ms = from_crowd(&crowd, session, &resolved);
        let ids: Vec<&str> = ms.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["SPX", "TNX", "GOLD", "WTI"]);
        // SPX: Polymarket's quote; Down priced 38c with the ask 1 - 0.61 = 39c; closes 16:00
        // ET = 20:00Z (EDT).
        assert_eq!(ms[0].outcomes[1].price, 380_000);
        assert_eq!(ms[0].outcomes[1].ask, Some(390_000));
        assert_eq!(ms[0].outcomes[0].ask, Some(630_000));
        assert_eq!(ms[0].closes_at, Some(t("2026-10-20T20:00:00Z")));
        assert_eq!(ms[0].volume_cents, 1_500_050);
        assert_eq!(ms[2].closes_at, Some(t("2026-10-20T21:00:00Z")));
        assert_eq!(ms[1].closes_at, Some(t("2026-10-20T19:30:00Z")));
        let rule = Eligibility::seed();
        let s = eligible(&rule, &ms, t(NOW), &[]);
        assert_eq!(s.eligible, ["SPX"]);
        let why: Vec<String> = s
            .ineligible
            .iter()
            .map(|(id, w)| format!("{id} {}", Reason(w, &rule)))
            .collect();
        assert_eq!(
            why,
            [
                "TNX resolved: the market is not open",
                "GOLD asks: no seller of Down",
                "WTI closing_time: not known",
            ]
        );
    }

    #[test]
    fn the_seed_rules_check_and_bad_values_name_their_field() {
        assert_eq!(Eligibility::seed().check(), Ok(()));
        let mut r = Eligibility::seed();
        r.favourite_max = 0;
        assert_eq!(r.check().unwrap_err().0, "favourite_max");
        let mut r = Eligibility::seed();
        r.max_open_rounds = 0;
        assert_eq!(r.check().unwrap_err().0, "max_rounds_per_utc_day");
    }
}
