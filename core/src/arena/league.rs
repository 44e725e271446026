//! The trading tracks inside the league (spec §4.7 portfolio league, §4.8 pro league, §4.11,
//! Appendix C): what the ask says about them, how an answer's decisions are read, how the
//! published decisions are derived from the sealed book, which prices a session records, and
//! the `accounts` section of `council-league.json`.
//!
//! - **Rules.** The league runs the portfolio, pro and agent-portfolio tracks of its
//!   `arena-protocol.json` ([`league_protocol`]: the shipped arena-3, pro-1 and seed 002's
//!   agent-portfolio-1); the versions governing a session
//!   ([`versions_in_force`]) are sealed in the run line as `arena` (§4.7: "the version in force
//!   is sealed in each run line").
//! - **The ask** ([`ask_section`]) lists each version's funds and limits, from the protocol, as
//!   text and as one JSON block (with each version's execution rule, and its minimum order and
//!   most orders a session where it has them), and asks for `decisions` in the answer object.
//! - **The answer's decisions**: `"decisions": {"<rule version>": "hold" | {"weights":
//!   {"<fund symbol>": <percent of equity>, ...}}}`, each value laid out as a line of
//!   `arena-decisions.jsonl` lays out its `decision` ([`super::records::read_choice`]). The
//!   section is sealed in the answer line as received; [`read_decisions`] takes from it the
//!   well-formed decisions of versions in force and states why anything else is not a
//!   decision (`decisions_reason` on the line). A well-formed decision that breaks the rules
//!   is a decision: the engine rejects it with its reason.
//! - **The published decisions** ([`decisions_from_book`]): for every answer line, in book
//!   order, the well-formed decisions of the versions its run line seals, by the same
//!   [`read_decisions`], each sealed at the line's sealing time `max(at, booked_at)`, under
//!   the seat's account; and, when the seat's model version by that line is its second or
//!   later (spec §3.10, [`seat_versions`] over the book's answer lines), the same decision
//!   right after it under the version's own account `<seat>_ver:<model>:<n>`, which the
//!   engine opens at its first decision's execution session.
//! - **Prices** ([`session_price_lines`]): per session, every 1-minute bar of each fund inside
//!   the execution window, each fund's close (the last bar before the 16:00 close) and the
//!   cash rate at the close; a symbol without bars gives no line (never an invented price).
//! - **Accounts** ([`accounts_section`]): per account and version, the last row's figures and,
//!   for a seat, the same-version benchmarks' returns.
//! - **Bets** (seeds 001/003): the league also ships the bets version ([`league_protocol`]);
//!   a run opens rounds when its sealed crowd prices make markets eligible ([`bets_rounds`]),
//!   and only then seals the bets version in `arena` and adds [`bets_section`] to the ask; the
//!   session's markets and their resolutions are recorded from the book
//!   ([`bet_price_lines`]) and the engine settles the bets (`super::bets::run_bets`).

use super::eligibility::{eligible, from_crowd, CrowdMarket, Round, Selection};
use super::engine::Segment;
use super::money::{dollars, parse_decimal};
use super::protocol::{Execution, Protocol, RuleSet, Track};
use super::records::{read_choice, AccountRow, Choice, Decision, PriceLine, Status};
use crate::book::canon::{self, DumpOptions, Value};
use crate::calendar::{new_york_time, reference_cut, sealing_time, session_close, Date, Instant};
use crate::prices::yahoo::Bar;
use crate::records::book_lines::{BookLineError, BookLineMessage, BookLines};
use crate::records::crowd::CrowdPrices;
use crate::score::model_versions::{seat_versions, ModelVersion, SeatAnswer};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The answer object's key of the decisions section.
pub const DECISIONS_KEY: &str = "decisions";

/// The tracks the league runs: the portfolio league (§4.7), the pro league (§4.8) and seed
/// 002's agent portfolios (long only, orders of at least the minimum, at most `max_orders` a
/// session, 0.2% per fill, filled at the next close).
pub const LEAGUE_TRACKS: [Track; 3] = [Track::Portfolio, Track::Pro, Track::AgentPortfolio];

/// The `arena-protocol.json` a league ships: the portfolio, pro, agent-portfolio and bets
/// versions of [`Protocol::standard`].
pub fn league_protocol() -> Protocol {
    let mut p = Protocol::standard();
    p.versions
        .retain(|r| LEAGUE_TRACKS.contains(&r.track) || r.track == Track::Bets);
    p
}

/// The bets version (seeds 001/003) governing `session`, if any.
pub fn bets_in_force(protocol: &Protocol, session: Date) -> Option<&RuleSet> {
    protocol
        .versions
        .iter()
        .filter(|r| r.track == Track::Bets && r.bet.is_some())
        .filter(|r| r.from_date() <= session)
        .find(|r| protocol.segment_end(r).is_none_or(|e| session <= e))
}

/// The bets rounds a run opens (seeds 001/003): with a bets version in force in `session` and
/// the crowd's prices sealed in the run line, the markets ([`from_crowd`]) eligible at the
/// prices' recording time given the rounds opened before (`history`); None when no market is
/// eligible (no round opens, the version is not in force in the run), or the recording time
/// cannot be read (fail closed: no round). The engine asks with this, the replay recomputes it
/// from the markets recorded in `arena-prices.jsonl` by [`bet_price_lines`].
pub fn bets_rounds<'a>(
    protocol: &'a Protocol,
    session: Date,
    crowd: &CrowdPrices,
    history: &[Round],
) -> Option<(&'a RuleSet, Vec<CrowdMarket>, Selection)> {
    let rule = bets_in_force(protocol, session)?;
    let at = Instant::parse_rfc3339(&crowd.at)?;
    let markets = from_crowd(crowd, session, &BTreeSet::new());
    let sel = eligible(&rule.bet.as_ref()?.eligibility, &markets, at, history);
    (!sel.eligible.is_empty()).then_some((rule, markets, sel))
}

/// The ask's section on the bets of a run (seeds 001/003): the eligible markets, each one
/// round, and the `decisions` layout. The crowd's prices are not shown: the ask stays blind
/// to them (spec §4.9, `crowd_up`); a bet fills at the best ask recorded when the ask went out.
pub fn bets_section(rule: &RuleSet, markets: &[CrowdMarket], sel: &Selection) -> String {
    let Some(bet) = &rule.bet else {
        return String::new();
    };
    let mut t = format!(
        "## Bets ({})

",
        rule.version
    );
    t += &format!(
        "These crowd markets are eligible for a bet this session. On each you may bet {} tokens on one outcome: an immediate-or-cancel buy at the best ask recorded when this ask went out, filled up to that ask + {}c or your own cap, whichever you give; each share pays 1 token if its outcome wins (P&L = payout - tokens spent). The prices are not shown, so that your crowd_up answers stay your own.\n\n",
        super::money::micro_string(bet.stake_cents * 10_000),
        super::money::micro_string(bet.limit_above_ask * 100),
    );
    for id in &sel.eligible {
        let Some(m) = markets.iter().find(|m| &m.id == id) else {
            continue;
        };
        let outcomes: Vec<&str> = m.outcomes.iter().map(|o| o.label.as_str()).collect();
        t += &format!(
            "- {id} ({}): the daily up-or-down contract, outcomes {}; closes {}\n",
            m.category,
            outcomes.join(", "),
            m.closes_at.map(Instant::to_rfc3339).unwrap_or_default(),
        );
    }
    t += &format!("\nIn the answer object add decisions.{}: \"hold\" (no bet) or {{\"bets\": {{\"<market>\": {{\"outcome\": \"Up\" or \"Down\", \"cap\": <the most you pay per share, 0-1, optional>}}, ...}}}}, one bet per market you choose. A market not listed here, or an outcome it does not have, rejects the whole decision and nothing is bet.\n\n", rule.version);
    t
}

/// A run line that sealed a bets version (seeds 001/003), with the crowd prices it recorded:
/// the run's id, those prices, their recording time and its session.
struct BetsRun<'a> {
    run_id: &'a str,
    crowd: &'a CrowdPrices,
    at: Instant,
    session: Date,
}

/// The run lines that sealed a bets version and recorded crowd prices, in book order; a run
/// whose recording time cannot be read, or falls in no session, opened no round and is left out.
fn bets_runs<'a>(
    protocol: &'a Protocol,
    lines: &'a BookLines,
) -> impl Iterator<Item = BetsRun<'a>> + 'a {
    lines.runs.iter().filter_map(move |r| {
        let (crowd, run_id) = (r.crowd.as_ref()?, r.run_id.as_deref()?);
        let bets = r
            .arena
            .iter()
            .any(|v| protocol.version(v).is_some_and(|x| x.track == Track::Bets));
        let at = Instant::parse_rfc3339(&crowd.at)?;
        let session = crate::calendar::session_for(at)?;
        bets.then_some(BetsRun {
            run_id,
            crowd,
            at,
            session,
        })
    })
}

/// A crowd contract: its market code and venue, as a `crowd` line's `rows` key them.
pub type Contract = (String, crate::records::crowd::Venue);

/// The contract a bet on `market` of the run's crowd prices is on: Polymarket's where
/// `crowd.odds` lists the market, else Kalshi's.
fn contract_of(crowd: &CrowdPrices, market: String) -> Contract {
    use crate::records::crowd::Venue;
    let venue = if crowd.odds.contains_key(&market) {
        Venue::Polymarket
    } else {
        Venue::Kalshi
    };
    (market, venue)
}

/// The resolution of `contract` sealed by a `crowd` line of run `run_id` (`true` is `Up`), the
/// first such line's; none while no line resolves it.
fn resolution_of(lines: &BookLines, run_id: &str, contract: &Contract) -> Option<bool> {
    lines
        .crowds
        .iter()
        .filter(|c| c.run_id == run_id)
        .find_map(|c| *c.rows.get(contract)?)
}

/// The lines `arena-prices.jsonl` records for the bets of `session` (seeds 001/003): for each
/// run line of the session whose `arena` seals a bets version, its crowd markets as recorded
/// (kind `market`, [`from_crowd`], at the prices' recording time) and each market's outcome
/// where a `crowd` line of the run resolves it (kind `resolution`: `up` true is `Up`, false
/// `Down`; a contract left unresolved gives no line).
pub fn bet_price_lines(protocol: &Protocol, lines: &BookLines, session: Date) -> Vec<PriceLine> {
    let mut out = Vec::new();
    for run in bets_runs(protocol, lines).filter(|run| run.session == session) {
        for m in from_crowd(run.crowd, session, &BTreeSet::new()) {
            let contract = contract_of(run.crowd, m.id.clone());
            let won = resolution_of(lines, run.run_id, &contract);
            out.push(PriceLine::Market {
                session,
                at: run.at,
                market: m,
            });
            if let Some(up) = won {
                out.push(PriceLine::Resolution {
                    symbol: contract.0,
                    session,
                    outcome: if up { "Up" } else { "Down" }.into(),
                });
            }
        }
    }
    out
}

/// The crowd contracts that bets wait on for their resolution (seeds 001/003, spec §4.9): for
/// every run line sealing a bets version whose crowd prices were recorded in a session that
/// has closed by `now`, the run's markets as [`bet_price_lines`] records them (by venue:
/// Polymarket's where `crowd.odds` lists the market, else Kalshi's) that no `crowd` line of the
/// run resolves yet, as (session, run id, contracts), in book order. A run whose recording time
/// cannot be read is left out (it opened no round).
pub fn bets_awaiting_resolution(
    protocol: &Protocol,
    lines: &BookLines,
    now: Instant,
) -> Vec<(Date, String, Vec<Contract>)> {
    bets_runs(protocol, lines)
        .filter(|run| now >= session_close(run.session))
        .filter_map(|run| {
            let waiting: Vec<Contract> = from_crowd(run.crowd, run.session, &BTreeSet::new())
                .into_iter()
                .map(|m| contract_of(run.crowd, m.id))
                .filter(|contract| resolution_of(lines, run.run_id, contract).is_none())
                .collect();
            (!waiting.is_empty()).then(|| (run.session, run.run_id.to_string(), waiting))
        })
        .collect()
}

/// The rule versions of the league's tracks governing `session`, in the file's order.
pub fn rules_in_force(protocol: &Protocol, session: Date) -> Vec<&RuleSet> {
    protocol
        .versions
        .iter()
        .filter(|r| LEAGUE_TRACKS.contains(&r.track))
        .filter(|r| r.from_date() <= session)
        .filter(|r| protocol.segment_end(r).is_none_or(|e| session <= e))
        .collect()
}

/// The names of [`rules_in_force`], as the run line seals them.
pub fn versions_in_force(protocol: &Protocol, session: Date) -> Vec<String> {
    rules_in_force(protocol, session)
        .iter()
        .map(|r| r.version.clone())
        .collect()
}

/// Cents as a JSON number of dollars: whole dollars as an integer.
fn cents_json(c: i64) -> serde_json::Value {
    if c % 100 == 0 {
        serde_json::json!(c / 100)
    } else {
        serde_json::json!(c as f64 / 100.0)
    }
}

fn pct(bp: i64) -> serde_json::Value {
    if bp % 100 == 0 {
        serde_json::json!(bp / 100)
    } else {
        serde_json::json!(bp as f64 / 100.0)
    }
}

/// The machine-readable block of the ask: per version, its funds (fund symbol -> the market
/// it stands for), limits in percent of equity, cost, cash rate and execution rule, and on a
/// version with them (seed 002) `min_order_usd` and `max_orders_per_session`.
pub fn tracks_json(rules: &[&RuleSet]) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    for r in rules {
        let funds: serde_json::Map<String, serde_json::Value> = r
            .funds
            .iter()
            .map(|f| (f.symbol.clone(), serde_json::json!(f.market)))
            .collect();
        let execution = match &r.execution {
            Execution::FirstPriceInWindow { start, end } => {
                format!("first price at or after the answer's seal, {start}-{end} New York time")
            }
            Execution::NextClose => "the next close after the answer's seal".to_string(),
        };
        o.insert(
            r.version.clone(),
            serde_json::json!({
                "funds": funds,
                "long_only": r.long_only,
                "weight_min_pct": pct(r.weight_min_bp),
                "weight_max_pct": pct(r.weight_max_bp),
                "gross_min_pct": pct(r.gross_min_bp),
                "gross_max_pct": pct(r.gross_max_bp),
                "long_max_pct": pct(r.long_max_bp),
                "cost_pct_per_dollar_traded": pct(r.cost_bp),
                "starting_cash_usd": r.starting_cash_cents / 100,
                "cash_earns": r.cash_rate_symbol,
                "execution": execution,
            }),
        );
        // Seed 002's order limits, only on a version that has them (the other versions' block
        // stays as it was).
        if let Some(serde_json::Value::Object(v)) = o.get_mut(&r.version) {
            if r.min_order_cents > 0 {
                v.insert("min_order_usd".into(), cents_json(r.min_order_cents));
            }
            if let Some(m) = r.max_orders {
                v.insert("max_orders_per_session".into(), serde_json::json!(m));
            }
        }
    }
    serde_json::Value::Object(o)
}

/// The ask's section on the trading tracks in force (empty when none): each version's funds
/// and limits, and the `decisions` layout.
pub fn ask_section(rules: &[&RuleSet]) -> String {
    if rules.is_empty() {
        return String::new();
    }
    let mut t = String::from("## Decisions\n\n");
    t += "Besides the forecasts, decide each account you manage. Each rule version below is one account of $100,000 with its own funds and limits (the rules are the league's arena-protocol.json):\n\n";
    for r in rules {
        let funds: Vec<String> = r
            .funds
            .iter()
            .map(|f| format!("{} ({})", f.symbol, f.market))
            .collect();
        let w = |bp: i64| pct(bp).to_string();
        t += &format!("- {}: funds {}", r.version, funds.join(", "));
        if !r.indicators_only.is_empty() {
            t += &format!(
                "; {} is an indicator only, not tradable",
                r.indicators_only.join(", ")
            );
        }
        t += &format!(
            "; {}each held fund {}-{}% of equity (a negative weight is a short), gross exposure {}-{}%, longs at most {}%; cost {}% of each dollar traded.\n",
            if r.long_only { "long only; " } else { "long or short; " },
            w(r.weight_min_bp),
            w(r.weight_max_bp),
            w(r.gross_min_bp),
            w(r.gross_max_bp),
            w(r.long_max_bp),
            w(r.cost_bp),
        );
        t.pop();
        if r.min_order_cents > 0 {
            t += &format!(
                " An order worth less than ${} is not sent.",
                cents_json(r.min_order_cents)
            );
        }
        if let Some(m) = r.max_orders {
            t += &format!(
                " At most {m} orders a session: a decision that needs more is rejected whole."
            );
        }
        t += &match &r.execution {
            Execution::FirstPriceInWindow { start, end } => format!(
                " Executes at the first price at or after your answer is sealed between {start} and {end} New York time.\n"
            ),
            Execution::NextClose => " Fills at the next close after your answer is sealed (the close of the session it is sealed in, if sealed before that close), never at a price already seen.\n".to_string(),
        };
    }
    t += "\nThe same rules as JSON:\n\n```text\n";
    t += &serde_json::to_string(&tracks_json(rules)).expect("a JSON value");
    t += "\n```\n\n";
    t += "In the answer object add decisions.<version>: either \"hold\" (no trade, no cost) or {\"weights\": {\"<fund>\": <percent of equity, at most two decimals>, ...}}, the target weight of every fund to hold (a fund not named is sold to 0; the rest is cash). A decision executes as its version says above; one that breaks the rules is rejected and the account stays as it was. A version left out is no decision.\n\n";
    t
}

/// A canon value as a `serde_json` value (None when it cannot be written: a non-finite number
/// or a lone surrogate).
fn json_of(v: &Value) -> Option<serde_json::Value> {
    let bytes = canon::to_bytes(v, DumpOptions::SEAL).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// An answer's `decisions` section read against the versions in force: the well-formed
/// decisions by version (in the section's key order) and why any other part is not a decision.
pub fn read_decisions(
    section: &Value,
    versions: &[String],
) -> (Vec<(String, Choice)>, Vec<String>) {
    let mut good = Vec::new();
    let mut reasons = Vec::new();
    let Some(o) = section.as_object() else {
        reasons.push(format!(
            "{DECISIONS_KEY}: expected an object {{<rule version>: decision}}, found {}",
            section.type_name()
        ));
        return (good, reasons);
    };
    for (k, v) in o.iter() {
        let Some(version) = k.as_str() else {
            reasons.push(format!("{DECISIONS_KEY}: a key that is not valid UTF-8"));
            continue;
        };
        let path = format!("{DECISIONS_KEY}.{version}");
        if !versions.iter().any(|x| x == version) {
            reasons.push(format!(
                "{path}: not a rule version in force ({})",
                if versions.is_empty() {
                    "none".to_string()
                } else {
                    versions.join(", ")
                }
            ));
            continue;
        }
        let Some(j) = json_of(v) else {
            reasons.push(format!(
                "{path}: not a decision (a value JSON cannot carry)"
            ));
            continue;
        };
        match read_choice(&j) {
            Ok(c) => good.push((version.to_string(), c)),
            Err((field, m)) if field.is_empty() => reasons.push(format!("{path}: {m}")),
            Err((field, m)) => reasons.push(format!("{path}.{field}: {m}")),
        }
    }
    (good, reasons)
}

/// The decisions of a sealed book, as `arena-decisions.jsonl` publishes them (see the module
/// doc). An error names the book line and field that cannot be read.
pub fn decisions_from_book(book: &[u8]) -> Result<Vec<Decision>, BookLineError> {
    let lines = BookLines::parse(book)?;
    let versions: BTreeMap<&str, &[String]> = lines
        .runs
        .iter()
        .filter_map(|r| Some((r.run_id.as_deref()?, r.arena.as_slice())))
        .collect();
    let versions_of = model_versions_of(&lines);
    let mut out = Vec::new();
    for a in lines.answers.values() {
        let (Some(section), Some(seat), Some(run_id)) = (&a.decisions, &a.seat, &a.run_id) else {
            continue;
        };
        // The seat's model version by this line: the last to take over at or before it.
        let taken_over = versions_of
            .get(seat.as_str())
            .and_then(|vs| vs.iter().rev().find(|v| v.since_line <= a.n))
            .filter(|v| v.version >= 2);
        let Some(at) = a.at else {
            return Err(BookLineError {
                line: a.n,
                field: "at".into(),
                message: BookLineMessage::MissingDecisionTime,
            });
        };
        let in_force = versions.get(run_id.as_str()).copied().unwrap_or(&[]);
        for (version, choice) in read_decisions(section, in_force).0 {
            let d = Decision {
                account: seat.clone(),
                version,
                sealed_at: sealing_time(at, a.booked_at),
                choice,
            };
            // Under a second or later version, the same decision in the version's own account.
            let versioned = taken_over.map(|v| Decision {
                account: v.account(seat),
                ..d.clone()
            });
            out.push(d);
            out.extend(versioned);
        }
    }
    Ok(out)
}

/// Every seat's model versions in the book (spec §3.10, [`seat_versions`]): each answer line's
/// model string as corrected (the last correction naming the line that gives `model`, else the
/// line's own), in book order; a re-sealed copy of an earlier line (a correction's `same_as`)
/// is no answer of its own.
fn model_versions_of(lines: &BookLines) -> BTreeMap<String, Vec<ModelVersion>> {
    let sessions: BTreeMap<&str, String> = lines
        .runs
        .iter()
        .filter_map(|r| {
            let session = crate::calendar::session_for(r.at?)?;
            Some((r.run_id.as_deref()?, session.to_string()))
        })
        .collect();
    let copies = lines.resealed_copies();
    seat_versions(
        lines
            .answers
            .values()
            .filter(|a| !copies.contains(&a.n))
            .filter_map(|a| {
                Some(SeatAnswer {
                    seat: a.seat.as_deref()?,
                    model: lines
                        .corrected_str(a.n, "model")
                        .or(a.model.as_deref())
                        .unwrap_or(""),
                    line: a.n,
                    session: a
                        .run_id
                        .as_deref()
                        .and_then(|r| sessions.get(r))
                        .map_or("", String::as_str),
                })
            }),
    )
}

/// The symbols a session's prices are recorded for: every fund of `rules`, then each cash
/// rate symbol; sorted, once each.
pub fn price_symbols(rules: &[&RuleSet]) -> Vec<String> {
    let mut v: Vec<String> = rules
        .iter()
        .flat_map(|r| r.funds.iter().map(|f| f.symbol.clone()))
        .chain(rules.iter().filter_map(|r| r.cash_rate_symbol.clone()))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// A provider's price (dollars) as micro-dollars, rounded half to even at the sixth decimal;
/// None when not positive and finite.
fn micro_of(x: f64) -> Option<i64> {
    if !(x.is_finite() && x > 0.0 && x < 1e12) {
        return None;
    }
    parse_decimal(&format!("{x:.6}"), 6).filter(|p| *p > 0)
}

/// The lines `arena-prices.jsonl` records for `session` from the bars read for it (`bars`:
/// provider bars by fund or rate symbol, any window of the session): for each fund, every bar
/// whose start lies inside an execution window of `rules` (the bar's close as its price) and
/// the close (the last bar starting before the 16:00 close); for each cash rate symbol, its
/// last bar before the close as the session's rate (percent, four decimals). A symbol without
/// such bars gives no line.
pub fn session_price_lines(
    rules: &[&RuleSet],
    session: Date,
    bars: &BTreeMap<String, Vec<Bar>>,
) -> Vec<PriceLine> {
    let close_at = session_close(session).0.div_euclid(1_000_000);
    let windows: Vec<(i64, i64)> = rules
        .iter()
        .filter_map(|r| r.window_secs())
        .map(|(a, b)| {
            let at = |s: u32| new_york_time(session, s / 3600, s % 3600 / 60).0 / 1_000_000;
            (at(a), at(b))
        })
        .collect();
    let rate_symbols: Vec<&str> = rules
        .iter()
        .filter_map(|r| r.cash_rate_symbol.as_deref())
        .collect();
    let mut out = Vec::new();
    for symbol in price_symbols(rules) {
        let Some(series) = bars.get(&symbol) else {
            continue;
        };
        let priced = || {
            series
                .iter()
                .filter_map(|b| Some((b.start, b.close?)))
                .filter(|(t, _)| *t < close_at)
        };
        let last = priced().rfind(|(t, _)| Instant(t * 1_000_000).new_york().0 == session);
        if rate_symbols.contains(&symbol.as_str()) {
            if let Some(rate) = last.and_then(|(_, r)| {
                (r.is_finite() && r.abs() < 1e6)
                    .then(|| parse_decimal(&format!("{r:.4}"), 4))
                    .flatten()
            }) {
                out.push(PriceLine::Rate {
                    symbol: symbol.clone(),
                    session,
                    rate_ppm: rate,
                });
            }
            continue;
        }
        for (t, p) in priced() {
            if windows.iter().any(|(a, b)| (*a..=*b).contains(&t)) {
                if let Some(price) = micro_of(p) {
                    out.push(PriceLine::Bar {
                        symbol: symbol.clone(),
                        at: Instant(t * 1_000_000),
                        price,
                    });
                }
            }
        }
        if let Some(price) = last.and_then(|(_, p)| micro_of(p)) {
            out.push(PriceLine::Close {
                symbol: symbol.clone(),
                session,
                price,
            });
        }
    }
    out
}

/// Whether `lines` already hold `session`'s bets markets ([`bet_price_lines`]).
pub fn bets_recorded(lines: &[PriceLine], session: Date) -> bool {
    lines
        .iter()
        .any(|l| matches!(l, PriceLine::Market { session: s, .. } if *s == session))
}

/// Whether `lines` already hold `session`'s closes (the session's prices are recorded).
pub fn session_recorded(lines: &[PriceLine], session: Date) -> bool {
    lines
        .iter()
        .any(|l| matches!(l, PriceLine::Close { session: s, .. } if *s == session))
}

/// The provider bars a session's recording needs: every symbol of the tracks in force
/// ([`price_symbols`]) over the session's trading window, from the reference cut (09:30 New
/// York, spec §3.3) to the 16:00 close.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriceFetch {
    /// Provider symbols to fetch: every fund and cash-rate symbol of the tracks in force.
    pub symbols: Vec<String>,
    /// Start of the window, the session's 09:30 New York reference cut.
    pub from: Instant,
    /// End of the window, the session's 16:00 New York close.
    pub to: Instant,
}

/// What the league records of `session` in `arena-prices.jsonl` (spec §4.7, §4.11), given the
/// lines already `recorded` and the sealed book: the bets' lines ([`bet_price_lines`]) not yet
/// there (once the session's markets are recorded, only the resolutions that came later), and
/// the bars to fetch when a track is in force and the session's prices are not yet recorded;
/// with `fetch`, the lines written are [`session_price_lines`] of `rules` over the bars read,
/// then `bet_lines`.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceRecording<'a> {
    /// The rule sets in force on the session.
    pub rules: Vec<&'a RuleSet>,
    /// The bets tracks' lines (crowd markets, resolutions) not yet recorded.
    pub bet_lines: Vec<PriceLine>,
    /// The bars to fetch; None when no track is in force or the session's prices are recorded.
    pub fetch: Option<PriceFetch>,
}

/// The recording plan of `session`'s arena prices; see [`PriceRecording`].
pub fn price_recording<'a>(
    protocol: &'a Protocol,
    recorded: &[PriceLine],
    book: &BookLines,
    session: Date,
) -> PriceRecording<'a> {
    let rules = rules_in_force(protocol, session);
    let markets_recorded = bets_recorded(recorded, session);
    let bet_lines: Vec<PriceLine> = bet_price_lines(protocol, book, session)
        .into_iter()
        .filter(|l| match l {
            PriceLine::Market { .. } => !markets_recorded,
            _ => !recorded.contains(l),
        })
        .collect();
    let fetch = (!rules.is_empty() && !session_recorded(recorded, session)).then(|| PriceFetch {
        symbols: price_symbols(&rules),
        from: reference_cut(session),
        to: session_close(session),
    });
    PriceRecording {
        rules,
        bet_lines,
        fetch,
    }
}

/// What a recording with a fetch appends to `arena-prices.jsonl` once its bars are read
/// ([`recording_lines`]), and whether it recorded the session.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedLines {
    /// The lines to append, in order.
    pub lines: Vec<PriceLine>,
    /// The session's closes are among them. When no fund of the tracks could be priced they
    /// are not: the recording failed, and only the bets' lines are appended, so that a later
    /// attempt (which fetches again, [`price_recording`]) writes each price line once.
    pub recorded: bool,
}

/// The lines a recording of `session` with a fetch appends from the `bars` read (see
/// [`PriceRecording`]): [`session_price_lines`] of `rules`, then `bet_lines`; or, when they
/// hold no close of the session ([`session_recorded`]: the provider priced no fund), the
/// `bet_lines` alone, the recording failed (spec §4.7, §4.11: a session's prices are the
/// provider's, never invented; the league asks again, `league::engine::ARENA_PRICE_ATTEMPTS`).
pub fn recording_lines(
    rules: &[&RuleSet],
    session: Date,
    bars: &BTreeMap<String, Vec<Bar>>,
    bet_lines: Vec<PriceLine>,
) -> RecordedLines {
    let mut lines = session_price_lines(rules, session, bars);
    let recorded = session_recorded(&lines, session);
    if !recorded {
        lines.clear();
    }
    lines.extend(bet_lines);
    RecordedLines { lines, recorded }
}

/// One account's summary in `council-league.json` `accounts` (spec §4.7: "each account marks
/// its return and maximum drawdown at the close, and the Sharpe and Sortino ratios from 20
/// sessions"; money in dollars with two decimals).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountSummary {
    /// The rule version the account runs under.
    pub version: String,
    /// The account's name (a seat, a model version's own account `<seat>_ver:<model>:<n>`
    /// (spec §3.10), or a benchmark starting with `_`).
    pub account: String,
    /// `seat` or `benchmark` (a name starting with `_`).
    pub kind: String,
    /// Sessions with a row.
    pub sessions: usize,
    /// First session with a row, `YYYY-MM-DD`.
    pub first_session: String,
    /// Last session with a row, `YYYY-MM-DD`.
    pub last_session: String,
    /// Final equity, cash and costs to date (dollars).
    pub equity: f64,
    /// Cash at the last close (dollars).
    pub cash: f64,
    /// Costs paid to date (dollars).
    pub costs: f64,
    /// Return since the start, as a fraction of the starting cash (published as `return`).
    #[serde(rename = "return")]
    pub ret: f64,
    /// Maximum drawdown, as a positive fraction of the peak equity.
    pub drawdown: f64,
    /// Annualised Sharpe ratio of the last row; None when it has none (or not a finite one).
    pub sharpe: Option<f64>,
    /// Annualised Sortino ratio of the last row; None when it has none (or not a finite one).
    pub sortino: Option<f64>,
    /// Trades executed.
    pub trades: usize,
    /// Sessions by status (`traded`, `hold`, `rejected`, `missed`, `none`).
    pub statuses: BTreeMap<String, usize>,
    /// The final no-trade shadow's equity (dollars).
    pub shadow_equity: f64,
    /// A seat's benchmarks: each same-version benchmark's return over the same sessions.
    pub benchmarks: BTreeMap<String, f64>,
}

/// `council-league.json` `accounts`: the rounding rule and every account's summary, by version
/// then account.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountsSection {
    /// The rounding rule of the protocol ([`super::money::ROUNDING_RULE`]).
    pub rounding: String,
    /// Every rule version of the protocol, in the file's order.
    pub versions: Vec<String>,
    /// Every account's summary, by version then account.
    pub accounts: Vec<AccountSummary>,
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Traded => "traded",
        Status::Hold => "hold",
        Status::Rejected => "rejected",
        Status::Missed => "missed",
        Status::None => "none",
    }
}

/// The accounts section of what the engine made of `protocol`'s versions.
pub fn accounts_section(protocol: &Protocol, seg: &Segment) -> AccountsSection {
    let mut by: BTreeMap<(String, String), Vec<&AccountRow>> = BTreeMap::new();
    for r in &seg.rows {
        by.entry((r.version.clone(), r.account.clone()))
            .or_default()
            .push(r);
    }
    let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
    let mut accounts = Vec::new();
    for ((version, account), rows) in &by {
        let (first, last) = (rows[0], rows[rows.len() - 1]);
        let mut statuses = BTreeMap::new();
        for r in rows {
            *statuses
                .entry(status_name(r.status).to_string())
                .or_insert(0) += 1;
        }
        let benchmark = account.starts_with('_');
        let benchmarks = if benchmark {
            BTreeMap::new()
        } else {
            by.iter()
                .filter(|((v, a), _)| v == version && a.starts_with('_'))
                .filter_map(|((_, a), rs)| {
                    let r = rs.iter().rev().find(|r| r.session <= last.session)?;
                    Some((a.clone(), finite(r.ret)))
                })
                .collect()
        };
        accounts.push(AccountSummary {
            version: version.clone(),
            account: account.clone(),
            kind: if benchmark { "benchmark" } else { "seat" }.into(),
            sessions: rows.len(),
            first_session: first.session.to_string(),
            last_session: last.session.to_string(),
            equity: dollars(last.equity),
            cash: dollars(last.cash),
            costs: dollars(last.costs_total),
            ret: finite(last.ret),
            drawdown: finite(last.drawdown),
            sharpe: last.sharpe.filter(|x| x.is_finite()),
            sortino: last.sortino.filter(|x| x.is_finite()),
            trades: seg
                .trades
                .iter()
                .filter(|t| &t.version == version && &t.account == account)
                .count(),
            statuses,
            shadow_equity: dollars(last.shadow_equity),
            benchmarks,
        });
    }
    AccountsSection {
        rounding: protocol.rounding.clone(),
        versions: protocol
            .versions
            .iter()
            .map(|r| r.version.clone())
            .collect(),
        accounts,
    }
}

/// The trading tracks' published files of a league, from its book and recorded prices.
pub struct ArenaFiles {
    /// `arena-protocol.json`.
    pub protocol: Vec<u8>,
    /// `arena-decisions.jsonl` ([`decisions_from_book`]).
    pub decisions: Vec<u8>,
    /// `arena-trades.jsonl`, from the engine.
    pub trades: Vec<u8>,
    /// `arena-accounts.jsonl`, from the engine.
    pub accounts: Vec<u8>,
    /// `council-league.json` `accounts`.
    pub section: AccountsSection,
}

/// Why the trading tracks' files cannot be made: the file, line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// The book cannot be read for decisions (the book file, line and why).
    Book(BookLineError),
    /// A line of `arena-prices.jsonl` cannot be read.
    Prices(super::records::RecordError),
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaError::Book(e) => write!(f, "{}: {e}", crate::records::names::BOOK_FILE),
            ArenaError::Prices(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ArenaError {}

/// Runs the engine over the book's decisions and the recorded `prices`
/// (`arena-prices.jsonl`) under `protocol`, and lays out the published files.
pub fn arena_files(
    protocol: &Protocol,
    book: &[u8],
    prices: &[u8],
) -> Result<ArenaFiles, ArenaError> {
    use super::records::{decision_line, jsonl, read_prices, row_line, trade_line};
    let decisions = decisions_from_book(book).map_err(ArenaError::Book)?;
    let price_set = super::engine::PriceSet::new(&read_prices(prices).map_err(ArenaError::Prices)?);
    let seg = super::engine::run_all(protocol, &decisions, &price_set);
    Ok(ArenaFiles {
        protocol: protocol.to_json(),
        decisions: jsonl(decisions.iter().map(decision_line)),
        trades: jsonl(seg.trades.iter().map(trade_line)),
        accounts: jsonl(seg.rows.iter().map(row_line)),
        section: accounts_section(protocol, &seg),
    })
}

/// Why a published `arena-decisions.jsonl` is not the decisions sealed in the book (spec
/// §4.11). `Display` is the CLI's English (`sealbook replay --json` prints it); the Accounts
/// page renders each variant in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecisionsDiffer {
    /// A book line cannot be read as decisions.
    Book(BookLineError),
    /// Line `line` of the decisions file differs: the published and the sealed text (None:
    /// no such line).
    Line {
        /// 1-based line of `arena-decisions.jsonl`.
        line: usize,
        /// The published line's text.
        published: Option<String>,
        /// The line as the book's sealed decisions give it.
        sealed: Option<String>,
    },
}

impl fmt::Display for DecisionsDiffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecisionsDiffer::Book(e) => write!(f, "{}: {e}", crate::records::names::BOOK_FILE),
            DecisionsDiffer::Line {
                line,
                published,
                sealed,
            } => write!(
                f,
                "{}:{line}: differs from the decisions sealed in {}: published {}, sealed {}",
                super::records::DECISIONS_FILE,
                crate::records::names::BOOK_FILE,
                published.as_deref().unwrap_or("(no line)"),
                sealed.as_deref().unwrap_or("(no line)"),
            ),
        }
    }
}

/// Holds a published `arena-decisions.jsonl` to the book (spec §4.11: the replay starts from
/// the sealed decisions): Err names the first line that differs from the decisions derived
/// from the book ([`decisions_from_book`]), with both texts.
pub fn check_decisions_file(book: &[u8], published: &[u8]) -> Result<usize, DecisionsDiffer> {
    use super::records::decision_line;
    let derived: Vec<String> = decisions_from_book(book)
        .map_err(DecisionsDiffer::Book)?
        .iter()
        .map(decision_line)
        .collect();
    let ours: Vec<&[u8]> = published
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    for i in 0..derived.len().max(ours.len()) {
        let (d, p) = (derived.get(i), ours.get(i));
        if d.map(String::as_bytes) != p.copied() {
            return Err(DecisionsDiffer::Line {
                line: i + 1,
                published: p.map(|b| String::from_utf8_lossy(b).into_owned()),
                sealed: d.cloned(),
            });
        }
    }
    Ok(derived.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::engine::check_weights;
    use crate::arena::records::{decision_line, read_decisions as read_file};

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn parse(s: &str) -> Value {
        canon::parse(s.as_bytes()).unwrap()
    }

    fn in_force() -> Vec<String> {
        vec!["arena-3".into(), "pro-1".into(), "agent-portfolio-1".into()]
    }

    #[test]
    fn the_league_runs_the_portfolio_pro_and_agent_portfolio_versions_from_their_start() {
        let p = league_protocol();
        assert_eq!(versions_in_force(&p, d("2026-10-19")), in_force());
        assert!(versions_in_force(&p, d("2026-10-16")).is_empty());
        // The bets version is shipped too, in force from its season's start; it is sealed in
        // a run only when a round opens (`bets_rounds`), never among the fund tracks.
        assert!(p
            .versions
            .iter()
            .all(|r| LEAGUE_TRACKS.contains(&r.track) || r.track == Track::Bets));
        assert_eq!(
            bets_in_force(&p, d("2026-10-09")).map(|r| r.version.as_str()),
            Some("bets-1")
        );
        assert_eq!(bets_in_force(&p, d("2026-10-08")), None);
        // A later arena version ends arena-3's segment: only it is in force after.
        let mut q = p.clone();
        let mut a4 = q.versions[0].clone();
        a4.version = "arena-4".into();
        a4.from = "2026-11-02".into();
        q.versions.push(a4);
        assert_eq!(versions_in_force(&q, d("2026-10-30")), in_force());
        assert_eq!(
            versions_in_force(&q, d("2026-11-02")),
            vec![
                "pro-1".to_string(),
                "agent-portfolio-1".to_string(),
                "arena-4".to_string()
            ]
        );
    }

    #[test]
    fn the_ask_section_lists_funds_and_limits_from_the_protocol() {
        let p = league_protocol();
        let rules = rules_in_force(&p, d("2026-10-20"));
        let t = ask_section(&rules);
        assert!(t.starts_with("## Decisions\n"), "{t}");
        assert!(t.contains("- arena-3: funds SPY (SPX), QQQ (NDX)"), "{t}");
        assert!(t.contains("VIX is an indicator only"), "{t}");
        assert!(
            t.contains("long only; each held fund 5-25% of equity"),
            "{t}"
        );
        assert!(
            t.contains("- pro-1: funds") && t.contains("VIXY (VIX)"),
            "{t}"
        );
        assert!(t.contains("each held fund 5-30% of equity"), "{t}");
        assert!(t.contains("gross exposure 100-200%"), "{t}");
        assert!(t.contains("cost 0.1% of each dollar traded"), "{t}");
        // The JSON block is the rules again, machine-readable.
        let start = t.find("```text\n").unwrap() + 8;
        let end = start + t[start..].find("\n```").unwrap();
        let j: serde_json::Value = serde_json::from_str(&t[start..end]).unwrap();
        assert_eq!(j["arena-3"]["funds"]["SPY"], "SPX");
        assert_eq!(j["arena-3"]["weight_max_pct"], 25);
        assert_eq!(j["pro-1"]["long_only"], false);
        assert!(j["arena-3"]["funds"].get("VIXY").is_none());
        // Seed 002's agent portfolios: their own limits, their fill at the next close.
        assert!(
            t.contains("- agent-portfolio-1: funds SPY (SPX)")
                && t.contains("each held fund 0-100% of equity")
                && t.contains("cost 0.2% of each dollar traded. An order worth less than $500 is not sent. At most 10 orders a session: a decision that needs more is rejected whole. Fills at the next close after your answer is sealed"),
            "{t}"
        );
        assert!(
            t.contains("between 09:30 and 09:45 New York time.\n- pro-1"),
            "{t}"
        );
        assert_eq!(j["agent-portfolio-1"]["min_order_usd"], 500);
        assert_eq!(j["agent-portfolio-1"]["max_orders_per_session"], 10);
        assert_eq!(j["agent-portfolio-1"]["cost_pct_per_dollar_traded"], 0.2);
        assert_eq!(
            j["agent-portfolio-1"]["execution"],
            "the next close after the answer's seal"
        );
        assert!(j["arena-3"].get("max_orders_per_session").is_none());
        assert_eq!(ask_section(&[]), "");
    }

    #[test]
    fn good_malformed_and_rule_breaking_decisions() {
        let v = in_force();
        // Well-formed, one hold and one set of weights: no reason.
        let (good, why) = read_decisions(
            &parse(r#"{"arena-3": "hold", "pro-1": {"weights": {"SPY": 25.5, "QQQ": -10}}}"#),
            &v,
        );
        assert!(why.is_empty(), "{why:?}");
        assert_eq!(good[0], ("arena-3".to_string(), Choice::Hold));
        assert_eq!(
            good[1].1,
            Choice::Weights(BTreeMap::from([
                ("QQQ".into(), -1000),
                ("SPY".into(), 2550)
            ]))
        );
        // Malformed: each part named, the well-formed one kept.
        let (good, why) = read_decisions(
            &parse(
                r#"{"arena-3": "buy everything", "pro-1": {"weights": {"SPY": 12.345}}, "arena-2": "hold"}"#,
            ),
            &v,
        );
        assert!(good.is_empty());
        let why = why.join("; ");
        for says in [
            "decisions.arena-3: \"buy everything\" is neither \"hold\"",
            "decisions.pro-1.weights.SPY: 12.345 is not a percentage with at most two decimals",
            "decisions.arena-2: not a rule version in force (arena-3, pro-1, agent-portfolio-1)",
        ] {
            assert!(why.contains(says), "{says}: {why}");
        }
        let (_, why) = read_decisions(&parse(r#"["hold"]"#), &v);
        assert!(why[0].contains("expected an object"), "{why:?}");
        let (_, why) = read_decisions(&parse(r#"{"arena-3": {"weights": [1]}}"#), &v);
        assert!(
            why[0].contains("decisions.arena-3.weights: must be an object"),
            "{why:?}"
        );
        // Rule-breaking but well-formed: a decision, which the engine rejects with its reason.
        let (good, why) = read_decisions(
            &parse(r#"{"arena-3": {"weights": {"SPY": 40, "VIXY": 10}}}"#),
            &v,
        );
        assert!(why.is_empty());
        let Choice::Weights(w) = &good[0].1 else {
            panic!()
        };
        let p = league_protocol();
        let e = check_weights(p.version("arena-3").unwrap(), w).unwrap_err();
        assert!(!e.is_empty());
    }

    const BOOK: &str = concat!(
        r#"{"n": 1, "kind": "run", "run_id": "2026-10-20-am", "at": "2026-10-20T12:30:00Z", "arena": ["arena-3", "pro-1"]}"#,
        "\n",
        r#"{"n": 2, "kind": "answer", "seat": "a", "run_id": "2026-10-20-am", "at": "2026-10-20T12:31:00Z", "booked_at": "2026-10-20T12:31:02.5Z", "items": {}, "decisions": {"pro-1": {"weights": {"SPY": 30, "QQQ": -20, "GLD": 50.25}}, "arena-3": "hold"}}"#,
        "\n",
        r#"{"n": 3, "kind": "answer", "seat": "b", "run_id": "2026-10-20-am", "at": "2026-10-20T12:32:00Z", "decisions": {"arena-3": "all in", "pro-1": "hold", "arena-9": "hold"}, "decisions_reason": "x"}"#,
        "\n",
        r#"{"n": 4, "kind": "run", "run_id": "2026-10-16-am", "at": "2026-10-16T12:30:00Z"}"#,
        "\n",
        r#"{"n": 5, "kind": "answer", "seat": "c", "run_id": "2026-10-16-am", "at": "2026-10-16T12:31:00Z", "items": {}, "decisions": {"arena-3": "hold"}}"#,
        "\n",
        r#"{"n": 6, "kind": "answer", "seat": "c", "run_id": "2026-10-20-am", "at": "2026-10-20T12:40:00Z", "items": {}}"#,
        "\n",
    );

    #[test]
    fn the_decisions_file_is_derived_from_the_sealed_answer_lines() {
        let ds = decisions_from_book(BOOK.as_bytes()).unwrap();
        let lines: Vec<String> = ds.iter().map(decision_line).collect();
        assert_eq!(
            lines,
            [
                // In book order, each line's versions as the sealed object lists them (sorted
                // keys); sealed at max(at, booked_at).
                r#"{"account":"a","decision":"hold","sealed_at":"2026-10-20T12:31:02.500000Z","version":"arena-3"}"#,
                r#"{"account":"a","decision":{"weights":{"GLD":50.25,"QQQ":-20,"SPY":30}},"sealed_at":"2026-10-20T12:31:02.500000Z","version":"pro-1"}"#,
                // The malformed part and the version not in force are not decisions.
                r#"{"account":"b","decision":"hold","sealed_at":"2026-10-20T12:32:00Z","version":"pro-1"}"#,
                // A run without rule versions sealed has no decisions (line 5).
            ]
        );
        // What is derived is what the decisions file reads back.
        let file = super::super::records::jsonl(lines.clone());
        assert_eq!(read_file(&file).unwrap(), ds);
        assert_eq!(check_decisions_file(BOOK.as_bytes(), &file), Ok(3));
        // A changed, added or missing decision is named by its line.
        let tampered = String::from_utf8(file.clone())
            .unwrap()
            .replace("\"SPY\":30", "\"SPY\":25");
        let e = check_decisions_file(BOOK.as_bytes(), tampered.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(
                "arena-decisions.jsonl:2: differs from the decisions sealed in council-book.jsonl"
            ),
            "{e}"
        );
        let mut more = file.clone();
        more.extend_from_slice(lines[0].as_bytes());
        more.push(b'\n');
        let e = check_decisions_file(BOOK.as_bytes(), &more).unwrap_err();
        assert!(
            matches!(
                &e,
                DecisionsDiffer::Line {
                    line: 4,
                    published: Some(_),
                    sealed: None
                }
            ),
            "{e:?}"
        );
        let e = e.to_string();
        assert!(
            e.starts_with("arena-decisions.jsonl:4:") && e.contains("sealed (no line)"),
            "{e}"
        );
        let e = check_decisions_file(BOOK.as_bytes(), &file[..file.len() - 2])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("arena-decisions.jsonl:3:"), "{e}");
        // A book line that cannot be read is named.
        let bad = BOOK.replace(r#""arena": ["arena-3", "pro-1"]"#, r#""arena": "arena-3""#);
        let e = decisions_from_book(bad.as_bytes()).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "arena"));
    }

    /// Seed 002's agent portfolios through the league path (book, recorded closes,
    /// [`arena_files`]), each figure computed by hand: fills at the next close, 0.2% per fill,
    /// no order under $500, a decision needing an 11th order rejected whole.
    #[test]
    fn agent_portfolios_in_the_league_fill_at_the_next_close_under_their_limits() {
        let run = |n: u32, id: &str, at: &str| {
            format!(
                "{{\"n\": {n}, \"kind\": \"run\", \"run_id\": \"{id}\", \"at\": \"{at}\", \"arena\": [\"agent-portfolio-1\"]}}\n"
            )
        };
        let answer = |n: u32, id: &str, at: &str, decision: &str| {
            format!(
                "{{\"n\": {n}, \"kind\": \"answer\", \"seat\": \"a\", \"run_id\": \"{id}\", \"at\": \"{at}\", \"items\": {{}}, \"decisions\": {{\"agent-portfolio-1\": {decision}}}}}\n"
            )
        };
        let p = league_protocol();
        let funds: Vec<String> = p
            .version("agent-portfolio-1")
            .unwrap()
            .funds
            .iter()
            .map(|f| f.symbol.clone())
            .collect();
        assert_eq!(funds.len(), 11);
        let nine: Vec<String> = funds.iter().map(|f| format!("\"{f}\": 9")).collect();
        let book = [
            run(1, "d1", "2026-10-20T12:30:00Z"),
            // 08:31 ET: fills at that session's close.
            answer(
                2,
                "d1",
                "2026-10-20T12:31:00Z",
                r#"{"weights": {"SPY": 60, "QQQ": 30}}"#,
            ),
            run(3, "d2", "2026-10-21T12:30:00Z"),
            answer(
                4,
                "d2",
                "2026-10-21T12:31:00Z",
                r#"{"weights": {"SPY": 60.2, "QQQ": 30}}"#,
            ),
            run(5, "d3", "2026-10-22T12:30:00Z"),
            answer(
                6,
                "d3",
                "2026-10-22T12:31:00Z",
                &format!("{{\"weights\": {{{}}}}}", nine.join(", ")),
            ),
            // 17:00 ET, after the 2026-10-22 close: fills at the close of 2026-10-23.
            answer(
                7,
                "d3",
                "2026-10-22T21:00:00Z",
                r#"{"weights": {"QQQ": 30}}"#,
            ),
        ]
        .concat();
        let mut prices = String::new();
        for day in ["2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23"] {
            for f in &funds {
                let px = match (f.as_str(), day) {
                    ("SPY", "2026-10-23") => "510",
                    ("SPY", _) => "500",
                    ("QQQ", _) => "400",
                    _ => "100",
                };
                prices += &format!(
                    "{{\"symbol\":\"{f}\",\"kind\":\"close\",\"session\":\"{day}\",\"price\":\"{px}\"}}\n"
                );
            }
        }
        let files = arena_files(&p, book.as_bytes(), prices.as_bytes()).unwrap();
        let rows: Vec<AccountRow> = super::super::records::read_rows(&files.accounts)
            .unwrap()
            .into_iter()
            .filter(|r| r.version == "agent-portfolio-1" && r.account == "a")
            .collect();
        let trades: Vec<_> = super::super::records::read_trades(&files.trades)
            .unwrap()
            .into_iter()
            .filter(|t| t.version == "agent-portfolio-1" && t.account == "a")
            .collect();
        let sum = |r: &AccountRow| {
            (
                r.status,
                r.cash,
                r.equity,
                r.costs,
                r.costs_total,
                r.turnover,
            )
        };
        // Session 1: $60,000 of SPY (120 at $500) and $30,000 of QQQ (75 at $400) at the
        // close; 0.2% of $90,000 = $180; cash $100,000 - $90,180 = $9,820.
        assert_eq!(
            sum(&rows[0]),
            (
                Status::Traded,
                982_000,
                9_982_000,
                18_000,
                18_000,
                9_000_000
            )
        );
        assert_eq!(
            trades[..2]
                .iter()
                .map(|t| (t.symbol.as_str(), t.qty, t.price, t.value, t.cost, t.at))
                .collect::<Vec<_>>(),
            [
                (
                    "SPY",
                    120_000_000,
                    500_000_000,
                    6_000_000,
                    12_000,
                    session_close(d("2026-10-20"))
                ),
                (
                    "QQQ",
                    75_000_000,
                    400_000_000,
                    3_000_000,
                    6_000,
                    session_close(d("2026-10-20"))
                ),
            ]
        );
        // Session 2: 60.2% of $99,820 is 0.18328 SPY more ($91.64) and 30% is 0.135 QQQ less
        // ($67.50): both under the $500 minimum, nothing is sent and nothing is paid.
        assert_eq!(
            sum(&rows[1]),
            (Status::Traded, 982_000, 9_982_000, 0, 18_000, 0)
        );
        // Session 3: 9% in each of the 11 funds needs 11 orders (2 sales, 9 buys): the whole
        // decision is rejected with its reason and the account stays as it was.
        assert_eq!(
            (rows[2].status, rows[2].reason.as_deref()),
            (Status::Rejected, Some("11 orders: at most 10 a session"))
        );
        assert_eq!(
            (rows[2].cash, rows[2].equity, rows[2].shadow_equity),
            (982_000, 9_982_000, 9_982_000)
        );
        // Session 4: sealed after the 2026-10-22 close, it fills at the 2026-10-23 close: the
        // 120 SPY sold at $510 ($61,200, cost $122.40); QQQ's 30% of $101,020 is 0.765 more
        // ($306), under the minimum: not sent.
        assert_eq!(
            sum(&rows[3]),
            (
                Status::Traded,
                7_089_760,
                10_089_760,
                12_240,
                30_240,
                6_120_000
            )
        );
        assert_eq!(trades.len(), 3);
        assert_eq!(
            (
                trades[2].symbol.as_str(),
                trades[2].qty,
                trades[2].price,
                trades[2].at
            ),
            (
                "SPY",
                -120_000_000,
                510_000_000,
                session_close(d("2026-10-23"))
            )
        );
        // The buy-and-hold benchmarks of seed 002 run beside the seat, at the same 0.2%.
        let world = super::super::records::read_rows(&files.accounts)
            .unwrap()
            .into_iter()
            .find(|r| r.version == "agent-portfolio-1" && r.account == "_world")
            .unwrap();
        // $100,000 of SPY at 0.2%, scaled to the cash: $99,800.40 + $199.60.
        assert_eq!(
            (world.cash, world.equity, world.costs),
            (0, 9_980_040, 19_960)
        );
        let section = files
            .section
            .accounts
            .iter()
            .find(|s| s.version == "agent-portfolio-1" && s.account == "a")
            .unwrap();
        assert_eq!(section.statuses["rejected"], 1);
        assert!(
            section.benchmarks.contains_key("_world")
                && section.benchmarks.contains_key("_bitcoin")
        );
    }

    /// Spec §3.10: from the answer whose model string changes, each decision is also made in
    /// the new version's own account, which opens at that decision's execution session with
    /// the starting cash (no interest before it had cash) and runs beside the seat's account.
    #[test]
    fn a_new_model_version_trades_its_own_account_from_its_first_decision() {
        let run = |n: u32, id: &str, day: &str| {
            format!(
                "{{\"n\": {n}, \"kind\": \"run\", \"run_id\": \"{id}\", \"at\": \"{day}T12:30:00Z\", \"arena\": [\"arena-3\"]}}\n"
            )
        };
        let answer = |n: u32, id: &str, day: &str, model: &str, decision: &str| {
            format!(
                "{{\"n\": {n}, \"kind\": \"answer\", \"seat\": \"a\", \"model\": \"{model}\", \"run_id\": \"{id}\", \"at\": \"{day}T12:31:00Z\", \"items\": {{}}, \"decisions\": {{\"arena-3\": {decision}}}}}\n"
            )
        };
        let days = ["2026-10-20", "2026-10-21", "2026-10-22"];
        let book = [
            run(1, "d1", days[0]),
            answer(2, "d1", days[0], "m-1", r#"{"weights": {"SPY": 20}}"#),
            run(3, "d2", days[1]),
            answer(4, "d2", days[1], "m-2", r#"{"weights": {"SPY": 10}}"#),
            run(5, "d3", days[2]),
            answer(6, "d3", days[2], "m-2", r#""hold""#),
        ]
        .concat();
        let p = league_protocol();
        let mut prices = String::new();
        for day in days {
            for f in &p.version("arena-3").unwrap().funds {
                let s = &f.symbol;
                prices += &format!(
                    "{{\"symbol\":\"{s}\",\"kind\":\"bar\",\"at\":\"{day}T13:30:00Z\",\"price\":\"500\"}}\n{{\"symbol\":\"{s}\",\"kind\":\"close\",\"session\":\"{day}\",\"price\":\"500\"}}\n"
                );
            }
            prices += &format!(
                "{{\"symbol\":\"^IRX\",\"kind\":\"rate\",\"session\":\"{day}\",\"rate\":\"3.6\"}}\n"
            );
        }
        let files = arena_files(&p, book.as_bytes(), prices.as_bytes()).unwrap();
        let ds: Vec<(String, String)> = super::super::records::read_decisions(&files.decisions)
            .unwrap()
            .into_iter()
            .map(|d| (d.account, d.sealed_at.to_rfc3339()))
            .collect();
        let at = |day: &str| format!("{day}T12:31:00Z");
        assert_eq!(
            ds,
            [
                ("a".to_string(), at(days[0])),
                ("a".to_string(), at(days[1])),
                ("a_ver:m-2:2".to_string(), at(days[1])),
                ("a".to_string(), at(days[2])),
                ("a_ver:m-2:2".to_string(), at(days[2])),
            ]
        );
        let rows = super::super::records::read_rows(&files.accounts).unwrap();
        let of = |account: &str| -> Vec<&AccountRow> {
            rows.iter()
                .filter(|r| r.version == "arena-3" && r.account == account)
                .collect()
        };
        let (seat, ver) = (of("a"), of("a_ver:m-2:2"));
        assert_eq!(seat.len(), 3);
        // The version's account opens at its first decision's session, with the same cash.
        let sessions: Vec<String> = ver.iter().map(|r| r.session.to_string()).collect();
        assert_eq!(sessions, days[1..]);
        assert_eq!(
            (ver[0].status, ver[1].status),
            (Status::Traded, Status::Hold)
        );
        // 10% of $100,000 in SPY at $500 (20 shares), 0.1% cost: $10 paid, cash $89,990.
        assert_eq!(
            (ver[0].interest, ver[0].cash, ver[0].equity, ver[0].costs),
            (0, 8_999_000, 9_999_000, 1_000)
        );
        // The seat's account had cash at the previous close: it earns interest that session;
        // the version's account earns from its own first close on.
        assert!(
            seat[1].interest > 0 && ver[1].interest > 0,
            "{seat:?} {ver:?}"
        );
        let summary = files
            .section
            .accounts
            .iter()
            .find(|s| s.version == "arena-3" && s.account == "a_ver:m-2:2")
            .unwrap();
        assert_eq!(
            (
                summary.kind.as_str(),
                summary.sessions,
                summary.first_session.as_str()
            ),
            ("seat", 2, days[1])
        );
        // A seat whose model never changes has no version's account.
        let plain = book.replace("m-2", "m-1");
        let files = arena_files(&p, plain.as_bytes(), prices.as_bytes()).unwrap();
        assert!(!String::from_utf8(files.accounts).unwrap().contains("_ver:"));
    }

    #[test]
    fn a_session_is_priced_once_over_its_reference_cut_to_close_window_only_under_a_track() {
        let p = league_protocol();
        let book = BookLines::default();
        let session = d("2026-10-20");
        let plan = price_recording(&p, &[], &book, session);
        let fetch = plan
            .fetch
            .expect("the tracks are in force: the session is fetched");
        // The window opens at the reference cut, 09:30 New York (13:30Z in October), and
        // ends at the 16:00 close.
        assert_eq!(
            (fetch.from.to_rfc3339(), fetch.to.to_rfc3339()),
            (
                "2026-10-20T13:30:00Z".to_string(),
                "2026-10-20T20:00:00Z".to_string()
            )
        );
        assert_eq!(fetch.symbols, price_symbols(&plan.rules));
        assert!(!fetch.symbols.is_empty() && plan.bet_lines.is_empty());
        // A session whose closes are recorded is not fetched again.
        let close = PriceLine::Close {
            symbol: fetch.symbols[0].clone(),
            session,
            price: 1_000_000,
        };
        assert_eq!(
            price_recording(&p, std::slice::from_ref(&close), &book, session).fetch,
            None
        );
        // Another session's closes do not count for this one.
        assert!(price_recording(&p, &[close], &book, d("2026-10-21"))
            .fetch
            .is_some());
        // Before the tracks start nothing is fetched.
        let before = price_recording(&p, &[], &book, d("2026-10-16"));
        assert!(before.rules.is_empty() && before.fetch.is_none());
    }

    #[test]
    fn a_session_records_window_bars_closes_and_the_rate_never_an_invented_price() {
        let p = league_protocol();
        let rules = rules_in_force(&p, d("2026-10-20"));
        let at = |h: u32, m: u32| new_york_time(d("2026-10-20"), h, m).0 / 1_000_000;
        let bar = |t: i64, c: Option<f64>| Bar {
            start: t,
            open: c,
            high: c,
            low: c,
            close: c,
            volume: None,
        };
        let bars = BTreeMap::from([
            (
                "SPY".to_string(),
                vec![
                    bar(at(9, 29), Some(600.0)),
                    bar(at(9, 30), Some(601.125)),
                    bar(at(9, 31), None),
                    bar(at(9, 45), Some(602.0)),
                    bar(at(9, 46), Some(603.0)),
                    bar(at(15, 59), Some(610.5)),
                    bar(at(16, 0), Some(611.0)),
                ],
            ),
            ("^IRX".to_string(), vec![bar(at(15, 59), Some(3.94567))]),
            ("QQQ".to_string(), vec![]),
        ]);
        let lines = session_price_lines(&rules, d("2026-10-20"), &bars);
        let text: Vec<String> = lines
            .iter()
            .map(super::super::records::price_line)
            .collect();
        assert_eq!(
            text,
            [
                r#"{"symbol":"SPY","kind":"bar","at":"2026-10-20T13:30:00Z","price":"601.125"}"#,
                r#"{"symbol":"SPY","kind":"bar","at":"2026-10-20T13:45:00Z","price":"602"}"#,
                r#"{"symbol":"SPY","kind":"close","session":"2026-10-20","price":"610.5"}"#,
                r#"{"symbol":"^IRX","kind":"rate","session":"2026-10-20","rate":"3.9457"}"#,
            ]
        );
        assert!(session_recorded(&lines, d("2026-10-20")));
        assert!(!session_recorded(&lines, d("2026-10-21")));
        assert!(price_symbols(&rules).contains(&"VIXY".to_string()));
    }

    /// A recording whose provider priced no fund records no price line, only the bets' lines,
    /// and says it failed (so that the league asks again); one close is enough to record.
    #[test]
    fn a_recording_that_prices_no_fund_writes_no_price_line_and_fails() {
        let session = d("2026-10-20");
        let p = league_protocol();
        let rules = rules_in_force(&p, session);
        let at = |h: u32, m: u32| new_york_time(session, h, m).0 / 1_000_000;
        let bar = |t: i64, c: f64| Bar {
            start: t,
            open: Some(c),
            high: Some(c),
            low: Some(c),
            close: Some(c),
            volume: None,
        };
        let resolution = PriceLine::Resolution {
            symbol: "m-1".into(),
            session,
            outcome: "Up".into(),
        };
        // The rate alone, no fund: its line is not written either.
        let rate_only = BTreeMap::from([("^IRX".to_string(), vec![bar(at(15, 59), 3.9)])]);
        for bars in [BTreeMap::new(), rate_only.clone()] {
            let r = recording_lines(&rules, session, &bars, vec![resolution.clone()]);
            assert!(!r.recorded);
            assert_eq!(r.lines, std::slice::from_ref(&resolution));
        }
        let mut priced = rate_only;
        priced.insert("SPY".to_string(), vec![bar(at(15, 59), 610.5)]);
        let r = recording_lines(&rules, session, &priced, vec![resolution.clone()]);
        assert!(r.recorded);
        let mut want = session_price_lines(&rules, session, &priced);
        want.push(resolution);
        assert_eq!(r.lines, want);
        assert_eq!(r.lines.len(), 3, "{:?}", r.lines);
    }
}
