//! The crowd's resolutions after the close (spec §4.9): which contracts a run's bets wait on,
//! what the venue is asked for each (Kalshi's contract is decided at the previous close sealed
//! with its quote), and the `crowd` line sealed from what the venue answers. The caller reads
//! the venues and hands the readings back.

use crate::arena::league::{bets_awaiting_resolution, Contract};
use crate::arena::protocol::Protocol;
use crate::calendar::{Date, Instant};
use crate::records::book_lines::build::CrowdContent;
use crate::records::book_lines::BookLines;
use crate::records::crowd::{crowd_row_key, Venue};
use std::collections::BTreeMap;

/// A contract's resolution as read from its venue: `Ok(Some((up, source)))`, `Ok(None)` while
/// the market has not closed and resolved, or why it could not be read.
pub type Reading = Result<Option<(bool, String)>, String>;

/// What one run's bets wait on (spec §4.9): the contracts, the Polymarket markets to read, and
/// the Kalshi markets with the previous close sealed with their quote (the value the contract
/// is decided at). A Kalshi contract whose quote sealed no previous close is not asked.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolutionAsk {
    /// The session the run forecast (its `session` date, New York).
    pub session: Date,
    /// The run whose bets wait (the run line's `run_id`).
    pub run_id: String,
    /// The crowd contracts its bets wait on: (market code, venue) pairs.
    pub waiting: Vec<Contract>,
    /// The market codes whose Polymarket daily market is read for its resolution.
    pub polymarket: Vec<String>,
    /// Market code -> the previous close sealed with the run's Kalshi quote, in the market's unit:
    /// the value the Kalshi contract is decided at.
    pub kalshi_sealed: BTreeMap<String, f64>,
}

/// The runs whose bets wait on their crowd contracts' resolution at `now`
/// ([`bets_awaiting_resolution`]), each with what to ask the venues; in book order.
pub fn resolution_asks(protocol: &Protocol, book: &BookLines, now: Instant) -> Vec<ResolutionAsk> {
    bets_awaiting_resolution(protocol, book, now)
        .into_iter()
        .map(|(session, run_id, waiting)| {
            let polymarket = waiting
                .iter()
                .filter(|(_, v)| *v == Venue::Polymarket)
                .map(|(code, _)| code.clone())
                .collect();
            let kalshi_sealed = book
                .runs
                .iter()
                .filter(|r| r.run_id.as_deref() == Some(run_id.as_str()))
                .filter_map(|r| r.crowd.as_ref())
                .flat_map(|c| c.kalshi.iter())
                .filter(|(code, _)| {
                    waiting
                        .iter()
                        .any(|(w, v)| w == *code && *v == Venue::Kalshi)
                })
                .filter_map(|(code, q)| Some((code.clone(), q.prev_close?)))
                .collect();
            ResolutionAsk {
                session,
                run_id,
                waiting,
                polymarket,
                kalshi_sealed,
            }
        })
        .collect()
}

/// What the venues' readings of one [`ResolutionAsk`] make: the `crowd` line to seal (None
/// when no contract resolved) and, by row key, why each contract left unresolved stays open.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolutionOutcome {
    /// The `crowd` line to seal, with a row for each resolved contract; `None` when none resolved.
    pub line: Option<CrowdContent>,
    /// Row key ([`crowd_row_key`]) -> why that contract stays open (unread, not settled, or the
    /// venue's error).
    pub open: BTreeMap<String, String>,
}

/// The `crowd` line of `ask` at `now` from the venues' readings (`polymarket` by market code,
/// `kalshi` by market code): a resolved contract gets its row and `source`; one unread, not
/// settled or failing stays open with why (spec §4.9).
pub fn resolution_line(
    ask: &ResolutionAsk,
    now: Instant,
    mut polymarket: BTreeMap<String, Reading>,
    mut kalshi: BTreeMap<String, Reading>,
) -> ResolutionOutcome {
    let mut line = CrowdContent {
        at: now.to_rfc3339(),
        run_id: ask.run_id.clone(),
        ..Default::default()
    };
    let mut open = BTreeMap::new();
    for (code, venue) in &ask.waiting {
        let key = crowd_row_key(code, *venue);
        let reading = match venue {
            Venue::Kalshi => kalshi.remove(code).unwrap_or_else(|| {
                Err("no previous close sealed with its Kalshi quote".to_string())
            }),
            Venue::Polymarket => polymarket
                .remove(code)
                .unwrap_or_else(|| Err("not read".to_string())),
        };
        match reading {
            Ok(Some((up, source))) => {
                line.rows.insert((code.clone(), *venue), Some(up));
                line.sources.insert((code.clone(), *venue), source);
            }
            Ok(None) => {
                open.insert(
                    key,
                    "the market has not closed and resolved yet".to_string(),
                );
            }
            Err(e) => {
                open.insert(key, e);
            }
        }
    }
    ResolutionOutcome {
        line: (!line.rows.is_empty()).then_some(line),
        open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask() -> ResolutionAsk {
        ResolutionAsk {
            session: Date::parse("2026-10-21").unwrap(),
            run_id: "2026-10-21-am".into(),
            waiting: vec![
                ("SPX".into(), Venue::Polymarket),
                ("GOLD".into(), Venue::Polymarket),
                ("NDX".into(), Venue::Polymarket),
                ("SPX".into(), Venue::Kalshi),
                ("DJI".into(), Venue::Kalshi),
            ],
            polymarket: vec!["SPX".into(), "GOLD".into(), "NDX".into()],
            kalshi_sealed: BTreeMap::from([("SPX".into(), 6_710.0)]),
        }
    }

    /// Each contract's reading goes to its own venue's row; one not settled, unread, failing
    /// or (Kalshi) without a sealed previous close stays open with why, and never gets a row.
    #[test]
    fn a_resolution_line_holds_only_what_its_venue_resolved() {
        let now = Instant::parse_rfc3339("2026-10-21T20:30:00Z").unwrap();
        let out = resolution_line(
            &ask(),
            now,
            BTreeMap::from([
                (
                    "SPX".into(),
                    Ok(Some((false, "polymarket:spx-up".to_string()))),
                ),
                ("GOLD".into(), Ok(None)),
            ]),
            BTreeMap::from([
                ("SPX".into(), Err("voided".to_string())),
                ("DJI".into(), Ok(Some((true, "kalshi:KXDJI".to_string())))),
            ]),
        );
        let line = out.line.unwrap();
        assert_eq!(line.at, "2026-10-21T20:30:00Z");
        assert_eq!(line.run_id, "2026-10-21-am");
        assert_eq!(
            line.rows,
            BTreeMap::from([
                (("SPX".to_string(), Venue::Polymarket), Some(false)),
                (("DJI".to_string(), Venue::Kalshi), Some(true)),
            ])
        );
        assert_eq!(
            line.sources[&("SPX".to_string(), Venue::Polymarket)],
            "polymarket:spx-up"
        );
        assert_eq!(
            out.open,
            BTreeMap::from([
                (
                    "GOLD".to_string(),
                    "the market has not closed and resolved yet".to_string()
                ),
                ("NDX".to_string(), "not read".to_string()),
                ("SPX@kalshi".to_string(), "voided".to_string()),
            ])
        );
        // Nothing resolved: no line, every contract open.
        let none = resolution_line(&ask(), now, BTreeMap::new(), BTreeMap::new());
        assert_eq!(none.line, None);
        assert_eq!(
            none.open["DJI@kalshi"],
            "no previous close sealed with its Kalshi quote"
        );
        assert_eq!(none.open.len(), 5);
    }
}
