//! What the experiment shows and scores of the council (spec §6.1, §6.2): a run's sealed 1d
//! answers per market, their consensus (the published rule of §4.5, [`crate::score::consensus`])
//! and the session's outcomes from its 1d score line.

use crate::calendar::{sealing_time, Date, Horizon};
use crate::league::layout::MARKETS;
use crate::score::book_lines::{number, BookLines, RunLine};
use crate::score::consensus::{consensus, Answer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One seat's sealed 1d answer for one market.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CouncilAnswer {
    pub seat: String,
    pub market: String,
    /// Probability of up, 0-1.
    pub prob_up: f64,
    /// The answer's line number in the book.
    pub line: u64,
}

/// The consensus of one market.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarketConsensus {
    /// Probability of up, 0-1 (the published consensus, clamped to 2-98%).
    pub prob_up: f64,
    /// `up`, `down`, or None at exactly 50%.
    pub direction: Option<super::Direction>,
    /// Answers it is made of, before the trim.
    pub seats: usize,
}

/// A run's council as the experiment shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Council {
    pub run_id: String,
    /// The latest sealing time, `max(at, booked_at)`, of the run's answers (RFC 3339).
    pub sealed_at: String,
    pub consensus: BTreeMap<String, MarketConsensus>,
    pub answers: Vec<CouncilAnswer>,
}

/// The latest run line with a run id, in book order, whose session is `session` (its run id
/// starts with the date, as `<session>-am` does), or the latest of all when `session` is None.
pub fn latest_run(lines: &BookLines, session: Option<Date>) -> Option<&RunLine> {
    let prefix = session.map(|d| d.to_string());
    lines
        .runs
        .iter()
        .rev()
        .find(|r| match (&r.run_id, &prefix) {
            (Some(id), Some(p)) => id.starts_with(p.as_str()),
            (Some(_), None) => true,
            (None, _) => false,
        })
}

/// The council of run `run_id`: every answer line of the run with a numeric 1d `prob_up`
/// (0-100) for one of the 12 markets, and each market's consensus with the roster's family
/// weights (`families`: (seat, family) in roster order; seats not in it are their own family,
/// after the roster's). None when the run has no such answer.
pub fn council_of_run(
    lines: &BookLines,
    families: &[(String, String)],
    run_id: &str,
) -> Option<Council> {
    let mut answers = Vec::new();
    let mut sealed_at = None;
    for a in lines.answers.values() {
        if a.run_id.as_deref() != Some(run_id) {
            continue;
        }
        let Some(seat) = a.seat.as_deref() else {
            continue;
        };
        for m in MARKETS {
            let Some(p) = a
                .prob_up(m, Horizon::D1.as_str())
                .and_then(number)
                .filter(|p| (0.0..=100.0).contains(p))
            else {
                continue;
            };
            answers.push(CouncilAnswer {
                seat: seat.to_owned(),
                market: m.to_owned(),
                prob_up: p / 100.0,
                line: a.n,
            });
            if let Some(at) = a.at {
                let t = sealing_time(at, a.booked_at);
                sealed_at = Some(sealed_at.map_or(t, |s: crate::calendar::Instant| s.max(t)));
            }
        }
    }
    if answers.is_empty() {
        return None;
    }
    let order = |seat: &str| {
        families
            .iter()
            .position(|(s, _)| s == seat)
            .unwrap_or(usize::MAX)
    };
    let mut by_market: BTreeMap<String, MarketConsensus> = BTreeMap::new();
    for m in MARKETS {
        let mut of: Vec<&CouncilAnswer> = answers.iter().filter(|a| a.market == m).collect();
        of.sort_by_key(|a| (order(&a.seat), a.seat.clone()));
        let family = |seat: &str| {
            families
                .iter()
                .find(|(s, _)| s == seat)
                .map_or(seat.to_owned(), |(_, f)| f.clone())
        };
        let fam: Vec<String> = of.iter().map(|a| family(&a.seat)).collect();
        let input: Vec<Answer<'_>> = of
            .iter()
            .zip(&fam)
            .map(|(a, f)| Answer {
                seat: &a.seat,
                family: f,
                p_pct: a.prob_up * 100.0,
            })
            .collect();
        if let Some(c) = consensus(&input) {
            by_market.insert(
                m.to_owned(),
                MarketConsensus {
                    prob_up: c.p_pct / 100.0,
                    direction: super::Direction::of_prob_up(c.p_pct),
                    seats: c.n_answers,
                },
            );
        }
    }
    Some(Council {
        run_id: run_id.to_owned(),
        sealed_at: sealed_at.map_or_else(String::new, |t| t.to_rfc3339()),
        consensus: by_market,
        answers,
    })
}

/// The outcomes of run `run` from its 1d score line: per market, whether it closed strictly up
/// (`actual_pct > 0`, §4.2). Empty while the session is not scored.
pub fn outcomes_of_run(lines: &BookLines, run: &RunLine) -> BTreeMap<String, bool> {
    lines
        .scores
        .iter()
        .rev()
        .find(|s| s.of == run.n && s.horizon == Horizon::D1)
        .map(|s| {
            s.results
                .iter()
                .map(|(m, o)| (m.clone(), o.actual_pct > 0.0))
                .collect()
        })
        .unwrap_or_default()
}

/// The revision protocol's control display for `market` (§6.4): the market's row of the run's
/// sealed price snapshot (price, change from the previous close, 52-week range, when it was
/// read), no model content. The snapshot is the line of the ask text whose SHA-256 is the
/// run's `snapshot_sha256` (the ask prints its J bytes verbatim, spec §3.1); None when no line
/// of `ask_text` hashes to it or the market has no row.
pub fn control_display(
    ask_text: &[u8],
    snapshot_sha256: &str,
    market: &str,
) -> Option<serde_json::Value> {
    use sha2::{Digest, Sha256};
    let line = ask_text.split(|b| *b == b'\n').find(|l| {
        l.first() == Some(&b'{') && crate::hex::encode(&Sha256::digest(l)) == snapshot_sha256
    })?;
    let snap: serde_json::Value = serde_json::from_slice(line).ok()?;
    let row = snap
        .get("markets")?
        .as_array()?
        .iter()
        .find(|r| r.get("asset").and_then(|a| a.as_str()) == Some(market))?;
    let pick = |k: &str| row.get(k).cloned().unwrap_or(serde_json::Value::Null);
    Some(serde_json::json!({
        "market": market,
        "price": pick("price"),
        "change_pct": pick("change_pct"),
        "low_52w": pick("low_52w"),
        "high_52w": pick("high_52w"),
        "read_at": pick("read_at"),
        "taken_at": snap.get("taken_at").cloned().unwrap_or(serde_json::Value::Null),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::ask::{Ask, MarketRow, Snapshot};

    #[test]
    fn control_display_reads_the_sealed_snapshot() {
        let s = Snapshot {
            taken_at: "2026-12-03T13:30:00Z".into(),
            rows: vec![MarketRow {
                asset: "GOLD".into(),
                price: 2650.5,
                prev_close: Some(2600.0),
                low_52w: Some(1900.0),
                high_52w: Some(2700.0),
                read_at: "2026-12-03T13:29:00Z".into(),
            }],
        };
        let ask = Ask::new("l", "2026-12-03-am", "2026-12-03T13:30:00Z", &s, &[]);
        let text = &ask.text;
        let d = control_display(text.as_bytes(), &ask.snapshot_sha256, "GOLD").unwrap();
        assert_eq!(d["price"], 2650.5);
        assert_eq!(d["high_52w"], 2700.0);
        assert!((d["change_pct"].as_f64().unwrap() - 1.942307).abs() < 1e-5);
        assert_eq!(
            control_display(text.as_bytes(), &ask.snapshot_sha256, "SPX"),
            None
        );
        assert_eq!(
            control_display(text.as_bytes(), &"0".repeat(64), "GOLD"),
            None
        );
    }
}
