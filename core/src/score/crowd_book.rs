//! AI against the crowd from the sealed book (spec §4.9, Table 11; Appendix C `crowd`): each
//! seat's `crowd_up` against the crowd's sealed price on the same contract, both scored by
//! the crowd's own resolution, per seat and over all seats, with the rules of
//! [`super::crowd`]: Polymarket's contract when both venues list a market (the one the models
//! answer), else Kalshi's; contracts with sealed volume of at least $1,000 in the primary
//! comparison, thinner ones apart; the shared-session share d and the 2d rule.
//!
//! Inputs and units are those of [`crate::records::book_lines`] (prices 0-1, `crowd_up` 0-100, volume
//! in US dollars); a crowd price enters a Brier score as `100 x p_up`.
//!
//! - Questions: every contract a run line's `crowd` lists (one per market: Polymarket's if
//!   listed, else Kalshi's), resolved by the `crowd` line of the same `run_id`
//!   (`rows.<code>` or `rows.<code>@kalshi`); unresolved questions are listed, not scored.
//! - A seat's answer in a run is the answer line of that seat and run which the forecasts
//!   file's `issue` rows name (the scored answer), else the seat's first answer line of the run.
//!   As for the seat tables, every answer counts whatever its sealing time; `crowd_up` is
//!   not in the forecasts file, only in the book.
//! - d of a comparison is over its distinct market-sessions (run and market) that have both
//!   the crowd's resolution and the league's own one-day outcome: the `same_event` one-day
//!   row of that run and market in the forecasts file (up = change > 0, as the league
//!   scores it). The gap model minus crowd Brier is readable only when |gap| > 2d.
//! - Kalshi prices are checked against the strikes: with `lo`, `hi` and `prev_close` sealed,
//!   `p_up` must equal the interpolation within [`KALSHI_TOLERANCE`]; a difference (or a
//!   close outside the strikes) is listed in `kalshi_mismatches`; the sealed `p_up` is what
//!   is scored.
//! - The overall comparison pools every seat's rows.

use super::baselines::bss;
use super::brier::{hit_rate, HitRate};
use super::crowd::{
    admitted, briers, choose, gap_readable, kalshi_above_close, opposite_share, CrowdRow,
    VOLUME_FLOOR_USD,
};
use crate::calendar::Horizon;
use crate::contract::forecasts_csv::ForecastRow;
use crate::records::book_lines::{BookLineError, BookLineMessage, BookLines};
use crate::records::crowd::{crowd_row_key, Quote, Venue};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Largest difference between a sealed Kalshi `p_up` and its interpolation from the sealed
/// strikes that is not a mismatch (a ten-thousandth of a cent).
pub const KALSHI_TOLERANCE: f64 = 1e-6;

/// One crowd question of one run (a row of Table 11 with its resolution).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdQuestion {
    pub run_id: String,
    pub run_line: u64,
    pub code: String,
    pub venue: Venue,
    /// When the price was recorded (`crowd.at`).
    pub crowd_at: String,
    /// Sealed price 0-1 of up.
    pub p_up: f64,
    /// Sealed volume, US dollars.
    pub vol: f64,
    /// Volume at least [`VOLUME_FLOOR_USD`]: in the primary comparison.
    pub admitted: bool,
    pub bid: Option<f64>,
    pub ask: Option<f64>,
    pub last_trade_at: Option<String>,
    /// Kalshi: the price interpolated from the sealed strikes and previous close.
    pub p_up_recomputed: Option<f64>,
    /// Seat -> its `crowd_up` (0-100) on this question.
    pub seats: BTreeMap<String, f64>,
    /// The crowd's resolution, and the crowd line that sealed it.
    pub up: Option<bool>,
    pub crowd_line: Option<u64>,
    /// The league's own one-day outcome on this market in this run.
    pub league_up: Option<bool>,
}

/// One side of a comparison (the admitted contracts, or the thin ones).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdFigures {
    /// Resolved (seat, question) rows.
    pub n: usize,
    /// Distinct questions among them.
    pub questions: usize,
    pub model_brier: Option<f64>,
    pub crowd_brier: Option<f64>,
    /// 1 - model/crowd.
    pub bss_crowd: Option<f64>,
    /// model_brier - crowd_brier.
    pub gap: Option<f64>,
    /// Sharpness on the same rows (§4.4, §4.9; the spec's "7.5 points from 50 against the
    /// market's 28.1"): mean |crowd_up - 50| and mean |100 p_up - 50|, percentage points.
    pub model_distance: Option<f64>,
    pub crowd_distance: Option<f64>,
    pub model_hits: HitRate,
    pub crowd_hits: HitRate,
    /// Share of the questions with both outcomes whose league and crowd outcomes differ.
    pub d: Option<f64>,
    /// Questions d is computed over.
    pub d_n: usize,
    /// |gap| > 2d (None without d or gap).
    pub gap_readable: Option<bool>,
}

/// A comparison split by the volume floor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdSplit {
    pub admitted: CrowdFigures,
    pub thin: CrowdFigures,
}

/// A sealed Kalshi price that does not match its strikes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KalshiMismatch {
    pub run_line: u64,
    pub field: String,
    pub sealed: f64,
    /// None when the previous close is not between the strikes.
    pub recomputed: Option<f64>,
}

/// The `crowd` key of the stats document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdStats {
    pub volume_floor_usd: f64,
    pub questions: Vec<CrowdQuestion>,
    pub unresolved: usize,
    pub seats: BTreeMap<String, CrowdSplit>,
    pub overall: CrowdSplit,
    pub kalshi_mismatches: Vec<KalshiMismatch>,
}

/// The crowd's sealed price (0-1) of a run's market: run id -> market code -> `p_up` of the
/// admitted contract the run line lists for it (§4.9; [`crowd_prices`]).
pub type RunCrowdPrices = BTreeMap<String, BTreeMap<String, f64>>;

/// The crowd's price of each run's markets for the comparisons against the crowd (§4.6, §4.9):
/// of each question, the sealed `p_up` of the admitted contracts only (volume at least
/// [`VOLUME_FLOOR_USD`]), whether or not the crowd's own question has resolved.
pub fn crowd_prices(st: &CrowdStats) -> RunCrowdPrices {
    let mut out = RunCrowdPrices::new();
    for q in st.questions.iter().filter(|q| q.admitted) {
        out.entry(q.run_id.clone())
            .or_default()
            .insert(q.code.clone(), q.p_up);
    }
    out
}

/// The sealed Kalshi price against its interpolation, when the strikes and close are sealed.
fn kalshi_check(q: &Quote) -> Option<Option<f64>> {
    Some(kalshi_above_close(q.lo?, q.hi?, q.prev_close?))
}

/// The comparison figures of `rows` (a row and its question's index) over `questions`.
fn figures(rows: &[(CrowdRow, usize)], questions: &[CrowdQuestion]) -> CrowdFigures {
    let crowd_rows: Vec<&CrowdRow> = rows.iter().map(|(r, _)| r).collect();
    let (model_brier, crowd_brier) = briers(&crowd_rows);
    let asked: BTreeSet<usize> = rows.iter().map(|(_, q)| *q).collect();
    let pairs: Vec<(bool, bool)> = asked
        .iter()
        .filter_map(|&i| questions[i].league_up.zip(questions[i].up))
        .collect();
    let d = opposite_share(&pairs);
    let gap = model_brier.zip(crowd_brier).map(|(m, c)| m - c);
    CrowdFigures {
        n: rows.len(),
        questions: asked.len(),
        model_brier,
        crowd_brier,
        bss_crowd: model_brier.zip(crowd_brier).and_then(|(m, c)| bss(m, c)),
        gap,
        model_distance: super::mean(crowd_rows.iter().map(|r| (r.model_pct - 50.0).abs())),
        crowd_distance: super::mean(crowd_rows.iter().map(|r| (r.crowd_pct - 50.0).abs())),
        model_hits: hit_rate(crowd_rows.iter().map(|r| (r.model_pct, r.up))),
        crowd_hits: hit_rate(crowd_rows.iter().map(|r| (r.crowd_pct, r.up))),
        d,
        d_n: pairs.len(),
        gap_readable: gap.zip(d).map(|(g, d)| gap_readable(g, d)),
    }
}

fn split(rows: &[(CrowdRow, usize)], questions: &[CrowdQuestion]) -> CrowdSplit {
    let (a, t): (Vec<_>, Vec<_>) = rows.iter().partition(|(r, _)| admitted(r.vol));
    CrowdSplit {
        admitted: figures(&a, questions),
        thin: figures(&t, questions),
    }
}

/// The crowd comparison of the book's runs, with the league's outcomes and scored answer
/// lines from the forecasts rows. Errors: a run's crowd prices sealed twice, a crowd line for
/// a run without crowd prices, a contract resolved twice with different outcomes.
pub fn crowd_stats(rows: &[ForecastRow], book: &BookLines) -> Result<CrowdStats, BookLineError> {
    let err = |line: u64, field: &str, message: BookLineMessage| BookLineError {
        line,
        field: field.into(),
        message,
    };
    let mut league_up: BTreeMap<(&str, &str), bool> = BTreeMap::new();
    let mut scored_line: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for r in rows {
        if r.horizon == Horizon::D1 && r.same_event {
            if let Some(up) = r.resolved().then(|| r.up()).flatten() {
                league_up.entry((&r.run_id, &r.asset)).or_insert(up);
            }
        }
        let names_its_answer = book.answers.get(&r.line).is_some_and(|a| {
            a.seat.as_deref() == Some(&r.seat) && a.run_id.as_deref() == Some(&r.run_id)
        });
        if r.line_kind == "issue" && r.status != "no_answer" && names_its_answer {
            scored_line.entry((&r.run_id, &r.seat)).or_insert(r.line);
        }
    }
    let mut answer_of: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for a in book.answers.values() {
        if let (Some(run), Some(seat)) = (&a.run_id, &a.seat) {
            answer_of.entry((run, seat)).or_insert(a.n);
        }
    }
    for (k, n) in &scored_line {
        answer_of.insert(*k, *n);
    }

    let mut priced: BTreeMap<&str, u64> = BTreeMap::new();
    for r in &book.runs {
        if let (Some(id), Some(_)) = (&r.run_id, &r.crowd) {
            if let Some(first) = priced.insert(id, r.n) {
                return Err(err(
                    r.n,
                    "crowd",
                    BookLineMessage::CrowdPricesTwice {
                        run: id.clone(),
                        first,
                    },
                ));
            }
        }
    }
    let mut resolved: BTreeMap<(&str, &str, Venue), (bool, u64)> = BTreeMap::new();
    for c in &book.crowds {
        if !priced.contains_key(c.run_id.as_str()) {
            return Err(err(
                c.n,
                "run_id",
                BookLineMessage::NoCrowdPrices {
                    run: c.run_id.clone(),
                },
            ));
        }
        for ((code, venue), up) in &c.rows {
            let Some(up) = *up else { continue };
            if let Some((was, at)) = resolved.insert((&c.run_id, code, *venue), (up, c.n)) {
                if was != up {
                    let key = format!("rows.{}.up", crowd_row_key(code, *venue));
                    return Err(err(
                        c.n,
                        &key,
                        BookLineMessage::ResolvedTwice {
                            code: code.clone(),
                            up,
                            line: at,
                            was,
                        },
                    ));
                }
            }
        }
    }

    let mut questions = Vec::new();
    let mut kalshi_mismatches = Vec::new();
    for r in &book.runs {
        let (Some(run_id), Some(prices)) = (&r.run_id, &r.crowd) else {
            continue;
        };
        for (code, q) in &prices.kalshi {
            if let Some(recomputed) = kalshi_check(q) {
                if recomputed.is_none_or(|p| (p - q.p_up).abs() > KALSHI_TOLERANCE) {
                    kalshi_mismatches.push(KalshiMismatch {
                        run_line: r.n,
                        field: format!("crowd.kalshi.{code}.p_up"),
                        sealed: q.p_up,
                        recomputed,
                    });
                }
            }
        }
        let codes: BTreeSet<&String> = prices.odds.keys().chain(prices.kalshi.keys()).collect();
        for code in codes {
            let Some((venue, q)) = choose(prices.odds.get(code), prices.kalshi.get(code)) else {
                continue;
            };
            let outcome = resolved.get(&(run_id.as_str(), code.as_str(), venue));
            let seats = answer_of
                .range((run_id.as_str(), "")..)
                .take_while(|((run, _), _)| *run == run_id)
                .filter_map(|((_, seat), n)| {
                    book.answers[n]
                        .crowd_up
                        .get(code)
                        .map(|p| (seat.to_string(), *p))
                })
                .collect();
            questions.push(CrowdQuestion {
                run_id: run_id.clone(),
                run_line: r.n,
                code: code.clone(),
                venue,
                crowd_at: prices.at.clone(),
                p_up: q.p_up,
                vol: q.vol,
                admitted: admitted(q.vol),
                bid: q.bid,
                ask: q.ask,
                last_trade_at: q.last_trade_at.clone(),
                p_up_recomputed: kalshi_check(q).flatten(),
                seats,
                up: outcome.map(|o| o.0),
                crowd_line: outcome.map(|o| o.1),
                league_up: league_up.get(&(run_id.as_str(), code.as_str())).copied(),
            });
        }
    }

    let mut by_seat: BTreeMap<String, Vec<(CrowdRow, usize)>> = BTreeMap::new();
    let mut all = Vec::new();
    for (i, q) in questions.iter().enumerate() {
        let Some(up) = q.up else { continue };
        for (seat, p) in &q.seats {
            let row = (
                CrowdRow {
                    model_pct: *p,
                    crowd_pct: 100.0 * q.p_up,
                    up,
                    vol: q.vol,
                },
                i,
            );
            by_seat.entry(seat.clone()).or_default().push(row);
            all.push(row);
        }
    }
    Ok(CrowdStats {
        volume_floor_usd: VOLUME_FLOOR_USD,
        unresolved: questions.iter().filter(|q| q.up.is_none()).count(),
        seats: by_seat
            .iter()
            .map(|(s, rows)| (s.clone(), split(rows, &questions)))
            .collect(),
        overall: split(&all, &questions),
        questions,
        kalshi_mismatches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn league_row(run: &str, seat: &str, line: u64, asset: &str, chg: f64) -> ForecastRow {
        let base = crate::score::book_agreement::tests::row(2, seat, line, Horizon::D1, Some(50.0));
        ForecastRow {
            run_id: run.into(),
            asset: asset.into(),
            reference: Some(100.0),
            close: Some(100.0 + chg),
            actual_pct: Some(chg),
            ..base
        }
    }

    const BOOK: &str = concat!(
        r#"{"n": 1, "kind": "run", "run_id": "r1", "crowd": {"at": "2026-10-20T12:30:06Z", "#,
        r#""odds": {"SPX": {"p_up": 0.8, "vol": 5000}, "BTC": {"p_up": 0.5, "vol": 10}}, "#,
        r#""kalshi": {"SPX": {"p_up": 0.7, "vol": 9000}, "TNX": {"p_up": 0.3, "vol": 1000, "lo": {"strike": 4.0, "p_above": 0.4}, "hi": {"strike": 4.1, "p_above": 0.2}, "prev_close": 4.05}}}}"#,
        "\n",
        r#"{"n": 2, "kind": "answer", "run_id": "r1", "seat": "a", "at": "2026-10-20T12:31:00Z", "items": {"SPX": {"1d": {"crowd_up": 60}}, "TNX": {"1d": {"crowd_up": 40}}, "BTC": {"1d": {"crowd_up": 70}}}}"#,
        "\n",
        r#"{"n": 3, "kind": "answer", "run_id": "r1", "seat": "b", "at": "2026-10-20T12:32:00Z", "items": {"SPX": {"1d": {"crowd_up": 50}}}}"#,
        "\n",
        r#"{"n": 4, "kind": "answer", "run_id": "r1", "seat": "b", "at": "2026-10-20T12:33:00Z", "items": {"SPX": {"1d": {"crowd_up": 90}}}}"#,
        "\n",
        r#"{"n": 5, "kind": "crowd", "run_id": "r1", "rows": {"SPX": {"up": true}, "SPX@kalshi": {"up": true}, "TNX@kalshi": {"up": false}, "BTC": {"up": false}}}"#,
        "\n",
    );

    #[test]
    fn table_11_rows_and_figures() {
        let book = BookLines::parse(BOOK.as_bytes()).unwrap();
        // The league: SPX fell from its 09:30 reference (the crowd's close-to-close rose), TNX fell.
        let rows = vec![
            league_row("r1", "a", 2, "SPX", -0.2),
            league_row("r1", "a", 2, "TNX", -0.1),
            league_row("r1", "b", 4, "SPX", -0.2),
        ];
        let st = crowd_stats(&rows, &book).unwrap();
        let codes: Vec<(&str, Venue, bool)> = st
            .questions
            .iter()
            .map(|q| (q.code.as_str(), q.venue, q.admitted))
            .collect();
        assert_eq!(
            codes,
            [
                ("BTC", Venue::Polymarket, false),
                ("SPX", Venue::Polymarket, true),
                ("TNX", Venue::Kalshi, true)
            ]
        );
        let spx = &st.questions[1];
        assert_eq!(
            (spx.p_up, spx.up, spx.crowd_line, spx.league_up),
            (0.8, Some(true), Some(5), Some(false))
        );
        // b's scored answer is line 4 (the forecasts file names it), not its first line 3.
        assert_eq!(spx.seats.get("b"), Some(&90.0));
        assert!((st.questions[2].p_up_recomputed.unwrap() - 0.3).abs() < 1e-12);
        assert!(st.kalshi_mismatches.is_empty());
        // Seat a, admitted: SPX (60 vs 80, up), TNX (40 vs 30, down).
        let a = &st.seats["a"].admitted;
        assert_eq!((a.n, a.questions, a.d_n), (2, 2, 2));
        assert!((a.model_brier.unwrap() - (0.16 + 0.16) / 2.0).abs() < 1e-15);
        assert!((a.crowd_brier.unwrap() - (0.04 + 0.09) / 2.0).abs() < 1e-15);
        assert!((a.bss_crowd.unwrap() - (1.0 - 0.16 / 0.065)).abs() < 1e-12);
        assert_eq!((a.model_hits.hits, a.crowd_hits.hits), (2, 2));
        // SPX flipped (league down, crowd up), TNX agreed: d = 1/2; gap 0.095 <= 2d.
        assert_eq!((a.d, a.gap_readable), (Some(0.5), Some(false)));
        let thin = &st.seats["a"].thin;
        assert_eq!((thin.n, thin.d, thin.model_hits.hits), (1, None, 0));
        let all = &st.overall.admitted;
        assert_eq!((all.n, all.questions), (3, 2));
        assert!((all.model_brier.unwrap() - (0.16 + 0.16 + 0.01) / 3.0).abs() < 1e-15);
        assert_eq!(st.unresolved, 0);
    }

    #[test]
    fn kalshi_mismatch_and_conflicts() {
        let bad = BOOK.replace(
            r#""p_up": 0.3, "vol": 1000"#,
            r#""p_up": 0.35, "vol": 1000"#,
        );
        let st = crowd_stats(&[], &BookLines::parse(bad.as_bytes()).unwrap()).unwrap();
        assert_eq!(st.kalshi_mismatches.len(), 1);
        assert_eq!(
            (
                st.kalshi_mismatches[0].field.as_str(),
                st.kalshi_mismatches[0].sealed
            ),
            ("crowd.kalshi.TNX.p_up", 0.35)
        );
        assert_eq!(st.questions[2].p_up, 0.35, "the sealed price is scored");
        let outside = BOOK.replace(r#""prev_close": 4.05"#, r#""prev_close": 4.5"#);
        let st = crowd_stats(&[], &BookLines::parse(outside.as_bytes()).unwrap()).unwrap();
        assert_eq!(st.kalshi_mismatches[0].recomputed, None);
        let twice = format!(
            "{BOOK}{}\n",
            r#"{"n": 6, "kind": "crowd", "run_id": "r1", "rows": {"TNX@kalshi": {"up": true}}}"#
        );
        let e = crowd_stats(&[], &BookLines::parse(twice.as_bytes()).unwrap()).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (6, "rows.TNX@kalshi.up"));
        let orphan = format!(
            "{BOOK}{}\n",
            r#"{"n": 6, "kind": "crowd", "run_id": "r9", "rows": {}}"#
        );
        assert_eq!(
            crowd_stats(&[], &BookLines::parse(orphan.as_bytes()).unwrap())
                .unwrap_err()
                .field,
            "run_id"
        );
        // Unresolved questions are listed, not scored; without the league's outcome d is None.
        let open = BOOK.replace(r#""SPX": {"up": true}, "#, "");
        let st = crowd_stats(&[], &BookLines::parse(open.as_bytes()).unwrap()).unwrap();
        assert_eq!((st.unresolved, st.questions[1].up), (1, None));
        assert_eq!((st.overall.admitted.n, st.overall.admitted.d), (1, None));
    }
}
