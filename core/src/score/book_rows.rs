//! The rows of `council-forecasts.csv` rebuilt from the sealed book alone (spec Appendix C,
//! Table C1 and "book lines"; §3.4 and P3 for which run and answer count; §3.13 for the
//! event contract), so the scorer can run from the book without the operator's CSV.
//! [`book_rows`] takes the book's bytes and the roster and returns [`ForecastRow`]s, the
//! same type [`crate::contract::forecasts_csv::read_forecasts`] returns.
//!
//! Fields read ([`crate::records::book_lines`] fixes their layout): run lines' `n`, `run_id`, `at`,
//! `booked_at`, `methodology`; answer lines' `n`, `run_id`, `seat`, `model`, `at`, `items`
//! (`items.<asset>.<horizon>.prob_up`); `score`/`score_h` lines' `of`, `horizon`,
//! `results.<asset>.{ref, close, actual_pct, up, draw}`, `noise` and `late_ref`. Nothing else.
//!
//! How each column is derived:
//! - `session`: the session the run line's `at` is for ([`session_for`]: its New York date if
//!   a session and before the 16:00 close, else the next session).
//! - which run counts (P3, §3.4): the rule of the sealed declaration, the first line of
//!   `asks.jsonl` ([`super::counting`]: its listed runs, or each session's scheduled morning
//!   run `<session>-am`); runs it does not govern, and books without a declaration, fall back
//!   to the development rule (the last run sealed, `max(at, booked_at)`, before the session's
//!   09:30 ET reference) with a note in the [`Counting`] passed in. Rows of every other run
//!   are `not_counted` with `run_role` `earlier_run`.
//! - which answer counts: within the counted run, each seat's first answer line with `items`
//!   (well-formed); its later answers are `not_counted` (`run_role` `session_run`). The spec
//!   states this rule from session 11; the book states no other for sessions 1-10, so it is
//!   applied there too. A seat whose answers in the counted run all lack `items` gets
//!   `refused_shape` rows from its first.
//! - expected cells (§3.9): per run, every (asset, horizon) any answer of the run states, for
//!   each seat that answered and each roster seat; a roster seat without an answer line in the
//!   counted run gets `no_answer` rows (`line` = the run line, `sealed_at` = the run's `at`).
//! - `status`/`cell_status`/`prob_up`: a `prob_up` number 0-100 is `counted` and `elicited`
//!   (`explicit_50` when exactly 50); absent or null is `counted_50` with no cell status; any
//!   other value is `counted` with cell status `invalid` and no probability.
//! - `seat`, `model` (the answer's, else the roster's, else empty), `line` = the answer's `n`,
//!   `sealed_at` = the answer's `at` (the answer time, as in Table C1), `row` = `line` (there
//!   is no file row; errors downstream then name the book line), `line_kind` `issue`,
//!   `methodology_version` = the run's `methodology` (empty when unstated).
//! - corrections (§3.10; [`crate::records::book_lines::CorrectionLine`]): a correction naming an answer
//!   line with `fields.model` restores that row's model (the last such correction wins; `mode`
//!   likewise, a column of [`super::forecasts_file`]); one with `fields.items` adds, for each
//!   cell it states, a row with `line_kind` `correction` (Table C1: a cell added by a later
//!   correction line): `line` and `sealed_at` are the correction's, `status` `not_counted`
//!   (the cell is not in the sealed answer, so it is set aside from every counted figure,
//!   §4.2), the run, seat, model, `run_role` and outcome those of the answer it names (a
//!   cell restored at or after the session's reference has its own event, reference_at the
//!   correction's time, `same_event` false, and no outcome: no line seals its price); one
//!   with `same_as` marks the line it names as a re-sealed copy of an earlier line, which then
//!   yields no rows (the copy is not a new forecast); one naming a score line with
//!   `fields.results.<asset>.{ref, close}` replaces those prices (and recomputes `actual_pct`;
//!   `draw` then from the band only). The corrected lines stay as they are. `fields.model`,
//!   `fields.mode` and `fields.items` naming a line that is not an answer line, or not of the
//!   layout, are errors naming the correction line and field.
//! - outcomes: `ref`, `close`, `actual_pct` from the `score`/`score_h` line whose `of` is the
//!   run line and whose `horizon` is the row's; rows no such line resolves stay unresolved.
//!   `draw` is the result's `draw` where stated, else `|actual_pct| <= noise.<asset>` where the
//!   line gives a band (the band's edge is a draw, as `resolve` reads it:
//!   [`crate::prices::band::is_draw`]), else unknown. A row whose answer line `late_ref` names for its asset
//!   is scored from that own reference (`actual_pct` recomputed, `draw` from the band only) and
//!   has `same_event` false. A row of an answer line sealed (`max(at, booked_at)`) at or after
//!   the session's 09:30 ET reference is its own event on every horizon, scored or not: before
//!   a score line names its own reference it has no outcome (never the common event's, whose
//!   reference was taken before it was sealed) and `same_event` false, so the published file
//!   passes its own checker (spec §3.3). Every other row has `same_event` true.
//! - event contract (`event_id`, `event_id_v2` computed from it): the run line's
//!   `contracts.<asset>.<horizon>` where sealed there (the engine seals every market's and
//!   horizon's before the ask, [`crate::league::contracts`]), else the scoring line's
//!   `results.<asset>.contract` (an error if both are sealed and differ); a row of its own
//!   event takes the sealed contract with its own `reference_at` (its answer line's sealing
//!   time `max(at, booked_at)`). A run that seals none (a book written before the engine
//!   sealed contracts) has its contracts derived, marked by the placeholders:
//!   `asset`, `horizon`, `reference_at` = the session's 09:30 ET reference (for a row of its
//!   own event: its answer line's sealing time `max(at, booked_at)`), `end_at` = 16:00
//!   ET of the horizon's last session ([`horizon_end_date`]; calendar days for `BTC`),
//!   `price_symbol` = the asset, and `rule`, `resolver_version`, `reference_rule`,
//!   `price_provider` = [`UNSTATED`]. Derived ids group the rows of one event as the CSV's
//!   do, but are not the operator's published ids.
//!
//! Errors name the book line and field ([`BookLineError`]); the output is bounded by
//! [`MAX_ROWS`].

use super::counting::{Counting, RunTimes};
use super::roster::Roster;
use crate::calendar::{
    horizon_end_date, reference_cut, sealing_time, session_close, session_for, Date, Horizon,
    Instant,
};
use crate::contract::event::EventContract;
use crate::contract::forecasts_csv::ForecastRow;
use crate::records::book_lines::{
    not_horizon, number, AnswerLine, BookLineError, BookLineMessage, BookLines, Outcome, RunLine,
};
use std::collections::BTreeMap;

pub use super::counting::FIRST_SCHEDULED_SESSION;
/// The contract fields the book does not state.
pub use crate::contract::event::UNSTATED;
/// Most rows one book may yield.
pub const MAX_ROWS: usize = 20_000_000;

/// The forecasts rows of `book` (see the module doc for each column's derivation), counting
/// runs by `counting` (its notes and flags gain the fallbacks applied).
pub fn book_rows(
    book: &[u8],
    roster: &Roster,
    counting: &mut Counting,
) -> Result<Vec<ForecastRow>, BookLineError> {
    rows_from_lines(&BookLines::parse(book)?, roster, counting)
}

/// The contracts the book's run lines seal (`contracts.<asset>.<horizon>`), by run, for
/// [`crate::contract::conformance::check_with_book`].
pub fn sealed_contracts(lines: &BookLines) -> crate::contract::conformance::SealedContracts {
    lines
        .runs
        .iter()
        .filter_map(|r| {
            let by = r
                .contracts
                .iter()
                .map(|((a, h), c)| ((a.clone(), h.as_str().to_string()), c.clone()))
                .collect();
            Some((r.run_id.clone()?, (r.n, by)))
        })
        .collect()
}

/// The draw bands the book's score lines seal (`noise.<asset>`), by run, horizon and asset,
/// for [`crate::contract::conformance::check_with_book_and_bands`].
pub fn sealed_bands(lines: &BookLines) -> crate::contract::conformance::SealedBands {
    let run_of: BTreeMap<u64, &str> = lines
        .runs
        .iter()
        .filter_map(|r| Some((r.n, r.run_id.as_deref()?)))
        .collect();
    let mut out = crate::contract::conformance::SealedBands::new();
    for s in &lines.scores {
        let Some(run) = run_of.get(&s.of) else {
            continue;
        };
        for (asset, band) in &s.noise {
            out.entry((
                run.to_string(),
                s.horizon.as_str().to_string(),
                asset.clone(),
            ))
            .or_insert(*band);
        }
    }
    out
}

fn err(line: u64, field: &str, message: BookLineMessage) -> BookLineError {
    BookLineError {
        line,
        field: field.into(),
        message,
    }
}

/// A run line with what the rows need of it.
struct Run<'a> {
    line: &'a RunLine,
    run_id: &'a str,
    at: Instant,
    session: Date,
    counted: bool,
}

fn runs<'a>(lines: &'a BookLines, counting: &mut Counting) -> Result<Vec<Run<'a>>, BookLineError> {
    let mut out: Vec<Run<'_>> = Vec::new();
    for r in &lines.runs {
        let run_id = r
            .run_id
            .as_deref()
            .ok_or_else(|| err(r.n, "run_id", BookLineMessage::Missing))?;
        if let Some(o) = out.iter().find(|o| o.run_id == run_id) {
            return Err(err(
                r.n,
                "run_id",
                BookLineMessage::AlsoRunOf {
                    run_id: run_id.to_owned(),
                    line: o.line.n,
                },
            ));
        }
        let at =
            r.at.ok_or_else(|| err(r.n, "at", BookLineMessage::Missing))?;
        let session =
            session_for(at).ok_or_else(|| err(r.n, "at", BookLineMessage::OutsideCalendar))?;
        out.push(Run {
            line: r,
            run_id,
            at,
            session,
            counted: false,
        });
    }
    let times: Vec<RunTimes<'_>> = out
        .iter()
        .map(|r| RunTimes {
            line: r.line.n,
            run_id: r.run_id,
            at: r.at,
            booked_at: r.line.booked_at,
            session: r.session,
        })
        .collect();
    for i in counting.choose(&times).into_values() {
        out[i].counted = true;
    }
    Ok(out)
}

/// (run line, horizon, asset) -> (outcome, draw band) and (answer line, horizon, asset) ->
/// own reference, from the score lines.
type Outcomes<'a> = BTreeMap<(u64, Horizon, &'a str), (Outcome, Option<f64>)>;
type LateRefs<'a> = BTreeMap<(u64, Horizon, &'a str), f64>;

fn outcomes<'a>(lines: &'a BookLines) -> Result<(Outcomes<'a>, LateRefs<'a>), BookLineError> {
    if let Some(e) = &lines.score_error {
        return Err(e.clone());
    }
    let mut out: Outcomes<'a> = BTreeMap::new();
    let mut by: BTreeMap<(u64, Horizon, &str), u64> = BTreeMap::new();
    let mut late = BTreeMap::new();
    for s in &lines.scores {
        if !lines.runs.iter().any(|r| r.n == s.of) {
            return Err(err(
                s.n,
                "of",
                BookLineMessage::ScoreOfNotRun {
                    line: s.of,
                    kind: lines.kinds.get(&s.of).cloned(),
                },
            ));
        }
        for (asset, o) in &s.results {
            if let Some(first) = by.insert((s.of, s.horizon, asset), s.n) {
                return Err(err(
                    s.n,
                    &format!("results.{asset}"),
                    BookLineMessage::ResultTwice {
                        horizon: s.horizon.to_string(),
                        run: s.of,
                        first,
                    },
                ));
            }
            let run = lines.runs.iter().find(|r| r.n == s.of).expect("checked");
            if let Some((sealed, stated)) = run
                .contracts
                .get(&(asset.clone(), s.horizon))
                .zip(o.contract.as_ref())
            {
                if sealed != stated {
                    return Err(err(
                        s.n,
                        &format!("results.{asset}.contract"),
                        BookLineMessage::ContractDiffers { run: s.of },
                    ));
                }
            }
            out.insert(
                (s.of, s.horizon, asset.as_str()),
                (
                    corrected(lines, s.n, asset, o)?,
                    s.noise.get(asset).copied(),
                ),
            );
        }
        for (answer, refs) in &s.late_ref {
            let run_of = lines.answers.get(answer).and_then(|a| a.run_id.as_deref());
            let run_id = lines
                .runs
                .iter()
                .find(|r| r.n == s.of)
                .and_then(|r| r.run_id.as_deref());
            if run_of.is_none() || run_of != run_id {
                return Err(err(
                    s.n,
                    &format!("late_ref.{answer}"),
                    BookLineMessage::NotAnswerOfRun {
                        answer: *answer,
                        run: s.of,
                    },
                ));
            }
            for (asset, r) in refs {
                late.insert((*answer, s.horizon, asset.as_str()), *r);
            }
        }
    }
    Ok((out, late))
}

/// The outcome of `asset` on score line `n` with the corrections that name that line applied
/// in book order (spec §3.10: a corrected reference or close enters as a correction line; the
/// score line is not rewritten). `actual_pct` is recomputed when a price is corrected.
fn corrected(
    lines: &BookLines,
    n: u64,
    asset: &str,
    o: &Outcome,
) -> Result<Outcome, BookLineError> {
    let mut out = o.clone();
    for c in lines.corrections.iter().filter(|c| c.of == n) {
        let (r, close) = (c.result(asset, "ref"), c.result(asset, "close"));
        if r.is_none() && close.is_none() {
            continue;
        }
        out.reference = r.unwrap_or(out.reference);
        out.close = close.unwrap_or(out.close);
        if out.reference == 0.0 {
            return Err(err(
                c.n,
                &format!("fields.results.{asset}.ref"),
                BookLineMessage::ZeroReference,
            ));
        }
        out.actual_pct = (out.close - out.reference) / out.reference * 100.0;
        out.draw = None;
    }
    Ok(out)
}

/// Checks the answer-line corrections (`fields.model`, `fields.mode`, `fields.items`): they
/// name an answer line and are of its layout.
fn check_answer_corrections(lines: &BookLines) -> Result<(), BookLineError> {
    for c in &lines.corrections {
        for key in ["model", "mode", "items"] {
            let Some(v) = c.fields.get(key) else { continue };
            let field = format!("fields.{key}");
            if !lines.answers.contains_key(&c.of) {
                let kind = lines.kinds.get(&c.of).cloned().unwrap_or_default();
                return Err(err(
                    c.n,
                    &field,
                    BookLineMessage::CorrectsNonAnswer { line: c.of, kind },
                ));
            }
            let shape_ok = match key {
                "items" => v.as_object().is_some(),
                _ => v.as_str().is_some(),
            };
            if !shape_ok {
                let found = v.type_name().to_owned();
                return Err(err(
                    c.n,
                    &field,
                    if key == "items" {
                        BookLineMessage::ExpectedObject { found }
                    } else {
                        BookLineMessage::ExpectedString { found }
                    },
                ));
            }
        }
    }
    Ok(())
}

/// A restored cell set: the corrected answer's `n`, the correction as an answer line, its cells.
type Restored = (u64, AnswerLine, Vec<(String, Horizon)>);

/// The cells correction lines restore to `answers` (`fields.items`), each as an answer line of
/// its own: the correction's `n`, `at` and cells, the rest the corrected answer's. With the
/// corrected line's `n` and the cells in [`expected_cells`] order.
fn restored_cells(
    lines: &BookLines,
    answers: &[&AnswerLine],
) -> Result<Vec<Restored>, BookLineError> {
    let mut out = Vec::new();
    for c in &lines.corrections {
        let Some(a) = answers.iter().find(|a| a.n == c.of) else {
            continue;
        };
        let Some(items) = c.items().and_then(crate::book::canon::Value::as_object) else {
            continue;
        };
        let at =
            c.at.ok_or_else(|| err(c.n, "at", BookLineMessage::MissingRestoredTime))?;
        let restored = AnswerLine {
            n: c.n,
            at: Some(at),
            booked_at: None,
            has_items: true,
            items: items.clone(),
            set_aside: Vec::new(),
            ..(*a).clone()
        };
        let cells = expected_cells(&[&restored]).map_err(|e| BookLineError {
            field: format!("fields.{}", e.field),
            ..e
        })?;
        let cells = cells.into_iter().map(|(x, h)| (x.to_string(), h)).collect();
        out.push((a.n, restored, cells));
    }
    Ok(out)
}

/// The cells a run expects: every (asset, horizon) one of its answers states, assets in
/// first-appearance order, horizons in [`Horizon::ALL`] order.
fn expected_cells<'a>(
    answers: &[&'a AnswerLine],
) -> Result<Vec<(&'a str, Horizon)>, BookLineError> {
    let mut assets: Vec<(&str, [bool; 4])> = Vec::new();
    for a in answers {
        for (asset, cells) in a.items.iter() {
            let asset = asset
                .as_str()
                .ok_or_else(|| err(a.n, "items", BookLineMessage::MarketCodeNotUtf8))?;
            let cells = cells.as_object().ok_or_else(|| {
                err(
                    a.n,
                    &format!("items.{asset}"),
                    BookLineMessage::ObjectExpected,
                )
            })?;
            let i = match assets.iter().position(|(x, _)| *x == asset) {
                Some(i) => i,
                None => {
                    assets.push((asset, [false; 4]));
                    assets.len() - 1
                }
            };
            for (h, _) in cells.iter() {
                let h = h.as_str().unwrap_or("?");
                let hz = Horizon::parse(h)
                    .ok_or_else(|| err(a.n, &format!("items.{asset}.{h}"), not_horizon(h)))?;
                assets[i].1[Horizon::ALL
                    .iter()
                    .position(|x| *x == hz)
                    .expect("a horizon")] = true;
            }
        }
    }
    Ok(assets
        .into_iter()
        .flat_map(|(a, hs)| {
            Horizon::ALL
                .into_iter()
                .zip(hs)
                .filter(|(_, on)| *on)
                .map(move |(h, _)| (a, h))
        })
        .collect())
}

/// A cell's (status when counted, cell_status, prob_up).
fn cell(a: &AnswerLine, asset: &str, h: Horizon) -> (&'static str, &'static str, Option<f64>) {
    match a.prob_up(asset, h.as_str()) {
        None | Some(crate::book::canon::Value::Null) => ("counted_50", "", None),
        Some(v) => match number(v).filter(|p| (0.0..=100.0).contains(p)) {
            Some(p) => (
                "counted",
                if p == 50.0 { "explicit_50" } else { "elicited" },
                Some(p),
            ),
            None => ("counted", "invalid", None),
        },
    }
}

/// The derived event contract (module doc), from the common reference or `own_reference`.
fn contract(
    asset: &str,
    h: Horizon,
    session: Date,
    own_reference: Option<Instant>,
) -> EventContract {
    let reference_at = own_reference
        .unwrap_or_else(|| reference_cut(session))
        .to_rfc3339();
    let end_at = horizon_end_date(session, h, asset == "BTC")
        .map_or_else(|| UNSTATED.to_string(), |d| session_close(d).to_rfc3339());
    EventContract::from_values([
        asset,
        h.as_str(),
        &reference_at,
        &end_at,
        UNSTATED,
        UNSTATED,
        UNSTATED,
        UNSTATED,
        asset,
    ])
}

/// The contract of a row of its own event in a run that sealed `sealed` for the common one
/// (spec §3.3): the same contract but for the reference, the row's own sealing time.
fn own_contract(sealed: &EventContract, own_reference: Instant) -> EventContract {
    EventContract {
        reference_at: own_reference.to_rfc3339(),
        ..sealed.clone()
    }
}

/// What one row is, before its cell and outcome.
struct Source<'a> {
    run: &'a Run<'a>,
    seat: &'a str,
    model: &'a str,
    line: u64,
    sealed_at: Instant,
    status: Option<&'static str>,
    run_role: &'static str,
    answer: Option<&'a AnswerLine>,
}

/// [`book_rows`] on a book already read.
pub fn rows_from_lines(
    lines: &BookLines,
    roster: &Roster,
    counting: &mut Counting,
) -> Result<Vec<ForecastRow>, BookLineError> {
    check_answer_corrections(lines)?;
    let runs = runs(lines, counting)?;
    let (results, late) = outcomes(lines)?;
    let mut by_run: BTreeMap<&str, Vec<&AnswerLine>> = BTreeMap::new();
    // Re-sealed copies of earlier lines (`same_as`, §3.10) are not new forecasts: no rows.
    let copies = lines.resealed_copies();
    for a in lines.answers.values().filter(|a| !copies.contains(&a.n)) {
        let run_id = a
            .run_id
            .as_deref()
            .ok_or_else(|| err(a.n, "run_id", BookLineMessage::Missing))?;
        if !runs.iter().any(|r| r.run_id == run_id) {
            return Err(err(
                a.n,
                "run_id",
                BookLineMessage::NamesNoRun {
                    run_id: run_id.to_owned(),
                },
            ));
        }
        a.seat
            .as_deref()
            .ok_or_else(|| err(a.n, "seat", BookLineMessage::Missing))?;
        a.at.ok_or_else(|| err(a.n, "at", BookLineMessage::Missing))?;
        by_run.entry(run_id).or_default().push(a);
    }
    let roster_model = |seat: &str| {
        roster
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .and_then(|s| s.model.as_deref())
            .unwrap_or("")
    };
    let mut rows = Vec::new();
    for run in &runs {
        let answers = by_run.get(run.run_id).map_or(&[][..], Vec::as_slice);
        let cells = expected_cells(answers)?;
        let restored = restored_cells(lines, answers)?;
        let mut sources = Vec::new();
        let mut restored_sources = Vec::new();
        // Each seat's counting answer: its first with `items`, else its first (refused_shape).
        let mut counting: BTreeMap<&str, u64> = BTreeMap::new();
        for a in answers.iter().rev() {
            let seat = a.seat.as_deref().expect("checked");
            if a.has_items
                || !counting
                    .get(seat)
                    .is_some_and(|n| lines.answers[n].has_items)
            {
                counting.insert(seat, a.n);
            }
        }
        for a in answers {
            let seat = a.seat.as_deref().expect("checked");
            let (status, run_role) = match (run.counted, counting.get(seat) == Some(&a.n)) {
                (false, _) => (Some("not_counted"), "earlier_run"),
                (true, false) => (Some("not_counted"), "session_run"),
                (true, true) => (
                    if a.has_items {
                        None
                    } else {
                        Some("refused_shape")
                    },
                    "session_run",
                ),
            };
            // A correction naming the answer restores its model (§3.10); the last one wins.
            let model = lines
                .corrected_str(a.n, "model")
                .or(a.model.as_deref())
                .unwrap_or_else(|| roster_model(seat));
            for (_, r, own) in restored.iter().filter(|(of, _, _)| *of == a.n) {
                restored_sources.push((
                    Source {
                        run,
                        seat,
                        model,
                        line: r.n,
                        sealed_at: r.at.expect("checked"),
                        status: Some("not_counted"),
                        run_role,
                        answer: Some(r),
                    },
                    own,
                ));
            }
            sources.push(Source {
                run,
                seat,
                model,
                line: a.n,
                sealed_at: a.at.expect("checked"),
                status,
                run_role,
                answer: Some(a),
            });
        }
        if run.counted {
            for s in roster.seats.iter().filter(|s| {
                !answers
                    .iter()
                    .any(|a| a.seat.as_deref() == Some(s.seat.as_str()))
            }) {
                let model = s.model.as_deref().unwrap_or("");
                sources.push(Source {
                    run,
                    seat: &s.seat,
                    model,
                    line: run.line.n,
                    sealed_at: run.at,
                    status: Some("no_answer"),
                    run_role: "session_run",
                    answer: None,
                });
            }
        }
        let restored_rows: usize = restored_sources.iter().map(|(_, c)| c.len()).sum();
        if rows
            .len()
            .saturating_add(sources.len().saturating_mul(cells.len()))
            .saturating_add(restored_rows)
            > MAX_ROWS
        {
            return Err(err(
                run.line.n,
                "(line)",
                BookLineMessage::TooManyRows { max: MAX_ROWS },
            ));
        }
        for src in &sources {
            for &(asset, h) in &cells {
                rows.push(row(src, asset, h, &results, &late));
            }
        }
        for (src, own) in &restored_sources {
            let after = src.sealed_at >= reference_cut(run.session);
            for (asset, h) in own.iter() {
                let mut r = row(src, asset, *h, &results, &late);
                r.line_kind = "correction".into();
                if after {
                    // Restored after the reference: its own event, whose price no line seals.
                    let c = match run.line.contracts.get(&(asset.to_string(), *h)) {
                        Some(sealed) => own_contract(sealed, src.sealed_at),
                        None => contract(asset, *h, run.session, Some(src.sealed_at)),
                    };
                    (r.reference, r.close, r.actual_pct, r.draw) = (None, None, None, None);
                    r.same_event = false;
                    r.event_id = c.event_id();
                    r.event_id_v2 = c.event_id_v2();
                    r.contract = c;
                }
                rows.push(r);
            }
        }
    }
    Ok(rows)
}

fn row(
    src: &Source<'_>,
    asset: &str,
    h: Horizon,
    results: &Outcomes<'_>,
    late: &LateRefs<'_>,
) -> ForecastRow {
    let (counted_status, cell_status, prob_up) = match src.answer {
        Some(a) if a.has_items => cell(a, asset, h),
        _ => ("", "", None),
    };
    let status = src.status.unwrap_or(counted_status);
    let outcome = results.get(&(src.run.line.n, h, asset));
    let own = src.answer.and_then(|a| late.get(&(a.n, h, asset)));
    // When the answer line was sealed (max(at, booked_at)); sealed at or after the session's
    // reference, it is its own event on every horizon, scored or not yet.
    let sealed = src.answer.map(|a| sealing_time(src.sealed_at, a.booked_at));
    let after_reference = sealed.is_some_and(|t| t >= reference_cut(src.run.session));
    let own_event = own.is_some() || after_reference;
    let band_draw =
        |pct: f64, band: Option<f64>| band.map(|b| crate::prices::band::is_draw(pct, b));
    let (reference, close, actual_pct, draw) = match (outcome, own) {
        (None, _) => (None, None, None, None),
        (Some((o, band)), Some(&r)) => {
            let pct = (o.close - r) / r * 100.0;
            (Some(r), Some(o.close), Some(pct), band_draw(pct, *band))
        }
        // The common event's reference was taken before this answer was sealed.
        (Some(_), None) if after_reference => (None, None, None, None),
        (Some((o, band)), None) => (
            Some(o.reference),
            Some(o.close),
            Some(o.actual_pct),
            o.draw.or_else(|| band_draw(o.actual_pct, *band)),
        ),
    };
    let stated = src
        .run
        .line
        .contracts
        .get(&(asset.to_string(), h))
        .or_else(|| outcome.and_then(|(o, _)| o.contract.as_ref()));
    let contract = match (stated, own_event) {
        (Some(c), false) => c.clone(),
        (Some(c), true) => own_contract(c, sealed.unwrap_or(src.sealed_at)),
        (None, _) => contract(
            asset,
            h,
            src.run.session,
            own_event.then(|| sealed.unwrap_or(src.sealed_at)),
        ),
    };
    ForecastRow {
        row: src.line,
        run_id: src.run.run_id.to_string(),
        session: src.run.session.to_string(),
        seat: src.seat.to_string(),
        model: src.model.to_string(),
        line: src.line,
        sealed_at: src.sealed_at,
        status: status.to_string(),
        asset: asset.to_string(),
        horizon: h,
        prob_up,
        reference,
        close,
        actual_pct,
        draw,
        run_role: src.run_role.to_string(),
        line_kind: "issue".into(),
        same_event: !own_event,
        cell_status: cell_status.to_string(),
        event_id: contract.event_id(),
        event_id_v2: contract.event_id_v2(),
        contract,
        methodology_version: src.run.line.methodology.clone().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::roster::RosterSeat;

    fn inferred() -> Counting {
        Counting::from_asks(None).unwrap()
    }

    fn roster(seats: &[&str]) -> Roster {
        let seats = seats
            .iter()
            .map(|s| RosterSeat {
                seat: s.to_string(),
                family: s.to_string(),
                side: None,
                model: Some(format!("{s}-model")),
                provider: None,
            })
            .collect();
        Roster {
            seats,
            source: Some(crate::score::notes::Note::Text("test".into())),
            note: None,
        }
    }

    fn book(lines: &[String]) -> Vec<u8> {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{{\"n\": {}, {l}}}\n", i + 1))
            .collect::<String>()
            .into_bytes()
    }

    fn run(id: &str, at: &str) -> String {
        format!(r#""kind": "run", "run_id": "{id}", "at": "{at}", "methodology": "m7""#)
    }

    fn answer(run: &str, seat: &str, at: &str, items: &str) -> String {
        format!(
            r#""kind": "answer", "run_id": "{run}", "seat": "{seat}", "at": "{at}", "items": {items}"#
        )
    }

    fn find<'a>(rows: &'a [ForecastRow], line: u64, asset: &str, h: Horizon) -> &'a ForecastRow {
        rows.iter()
            .find(|r| r.line == line && r.asset == asset && r.horizon == h)
            .expect("a row")
    }

    #[test]
    fn counted_run_answer_cells_and_outcomes() {
        let b = book(&[
            // 1: the scheduled morning run of 2026-11-02 (session 11); 2: an evening run for the same session.
            run("2026-11-02-am", "2026-11-02T13:30:00Z"),
            run("2026-11-01-pm", "2026-11-01T22:00:00Z"),
            // 3, 4: seat a answers twice; 5: seat b sends no items, then 6 a well-formed answer.
            answer("2026-11-02-am", "a", "2026-11-02T13:31:00Z", r#"{"SPX": {"1d": {"prob_up": 60}, "1w": {"prob_up": 50}}, "GC": {"1d": {"prob_up": "x"}}}"#),
            answer("2026-11-02-am", "a", "2026-11-02T13:35:00Z", r#"{"SPX": {"1d": {"prob_up": 10}}}"#),
            r#""kind": "answer", "run_id": "2026-11-02-am", "seat": "b", "at": "2026-11-02T13:32:00Z""#.to_string(),
            answer("2026-11-02-am", "b", "2026-11-02T13:40:00Z", r#"{"SPX": {"1d": {"prob_up": 30}}}"#),
            answer("2026-11-01-pm", "a", "2026-11-01T22:01:00Z", r#"{"SPX": {"1d": {"prob_up": 70}}}"#),
            // 8: the day's result with a draw band; b's answer (line 6) came after the open.
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 100, "close": 100.04, "up": true}, "GC": {"ref": 4000, "close": 3990, "draw": false}}, "noise": {"SPX": 0.05}, "late_ref": {"6": {"SPX": 99}}"#.to_string(),
        ]);
        let rows = book_rows(&b, &roster(&["a", "b", "c"]), &mut inferred()).unwrap();
        // Run 1 expects SPX 1d, SPX 1w, GC 1d: 4 answer lines + c's no_answer; run 2 expects SPX 1d.
        assert_eq!(rows.len(), 5 * 3 + 1);
        let r = find(&rows, 3, "SPX", Horizon::D1);
        assert_eq!(
            (
                r.status.as_str(),
                r.cell_status.as_str(),
                r.prob_up,
                r.run_role.as_str()
            ),
            ("counted", "elicited", Some(60.0), "session_run")
        );
        assert_eq!(
            (
                r.session.as_str(),
                r.model.as_str(),
                r.methodology_version.as_str(),
                r.row
            ),
            ("2026-11-02", "a-model", "m7", 3)
        );
        assert_eq!(
            r.sealed_at,
            Instant::parse_rfc3339("2026-11-02T13:31:00Z").unwrap()
        );
        assert_eq!(
            (r.reference, r.close, r.draw, r.same_event),
            (Some(100.0), Some(100.04), Some(true), true),
            "0.04% is inside the 0.05% band"
        );
        assert!((r.actual_pct.unwrap() - 0.04).abs() < 1e-9 && r.up() == Some(true));
        assert_eq!(
            r.contract.values()[2..4],
            ["2026-11-02T14:30:00Z", "2026-11-02T21:00:00Z"],
            "09:30 and 16:00 ET (EST)"
        );
        assert_eq!(r.contract.values()[4], UNSTATED);
        assert_eq!(
            find(&rows, 3, "SPX", Horizon::W1).cell_status,
            "explicit_50"
        );
        assert!(
            !find(&rows, 3, "SPX", Horizon::W1).resolved(),
            "no score_h line resolves 1w"
        );
        let gc = find(&rows, 3, "GC", Horizon::D1);
        assert_eq!(
            (
                gc.status.as_str(),
                gc.cell_status.as_str(),
                gc.prob_up,
                gc.draw
            ),
            ("counted", "invalid", None, Some(false))
        );
        // The later answer of a seat, the refused shape, and the seat's first well-formed answer.
        assert_eq!(find(&rows, 4, "SPX", Horizon::D1).status, "not_counted");
        assert_eq!(find(&rows, 4, "GC", Horizon::D1).status, "not_counted");
        assert!(
            rows.iter()
                .filter(|r| r.line == 5)
                .all(|r| r.status == "not_counted"),
            "b later answered with items"
        );
        let late = find(&rows, 6, "SPX", Horizon::D1);
        assert_eq!(
            (late.status.as_str(), late.same_event, late.reference),
            ("counted", false, Some(99.0))
        );
        assert_eq!(find(&rows, 6, "SPX", Horizon::W1).status, "counted_50");
        // c never answered: no_answer rows on the run line.
        let c = find(&rows, 1, "SPX", Horizon::D1);
        assert_eq!(
            (
                c.seat.as_str(),
                c.status.as_str(),
                c.prob_up,
                c.model.as_str()
            ),
            ("c", "no_answer", None, "c-model")
        );
        // The evening run is for the same session and is not the scheduled one.
        let e = find(&rows, 7, "SPX", Horizon::D1);
        assert_eq!(
            (
                e.session.as_str(),
                e.status.as_str(),
                e.run_role.as_str(),
                e.resolved()
            ),
            ("2026-11-02", "not_counted", "earlier_run", false)
        );
        // Rows of one event share the derived ids; a late row is its own event, from its seal.
        assert_eq!(
            r.event_id_v2,
            find(&rows, 4, "SPX", Horizon::D1).event_id_v2
        );
        assert_ne!(r.event_id_v2, late.event_id_v2);
        assert_eq!(late.contract.values()[2], "2026-11-02T13:40:00Z");
    }

    /// An answer sealed after the session's 09:30 ET reference is its own event on every
    /// horizon, scored or not: before its horizon's score line names its own reference
    /// (`late_ref`), its rows take the reference from its seal, never the session's earlier
    /// one, and no common outcome is applied to it. A horizon whose score line names it is
    /// scored from its own reference as before.
    #[test]
    fn an_answer_sealed_after_the_reference_is_its_own_event_before_it_is_scored() {
        let b = book(&[
            run("2026-11-06-am", "2026-11-06T13:30:00Z"),
            // 2: on time; 3: sealed at 09:31:10 ET, after the 09:30 ET (14:30Z) reference.
            answer("2026-11-06-am", "a", "2026-11-06T14:00:00Z", r#"{"SPX": {"1d": {"prob_up": 60}, "1w": {"prob_up": 55}}}"#),
            r#""kind": "answer", "run_id": "2026-11-06-am", "seat": "b", "at": "2026-11-06T14:31:07Z", "booked_at": "2026-11-06T14:31:10Z", "items": {"SPX": {"1d": {"prob_up": 40}}}"#.to_string(),
            // 4: the day's score names b's own reference; 1w is not scored yet.
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 100, "close": 101}}, "late_ref": {"3": {"SPX": 100.5}}"#.to_string(),
        ]);
        let rows = book_rows(&b, &roster(&["a", "b"]), &mut inferred()).unwrap();
        let own = "2026-11-06T14:31:10Z";
        let day = find(&rows, 3, "SPX", Horizon::D1);
        assert_eq!(
            (day.same_event, day.reference, day.contract.values()[2]),
            (false, Some(100.5), own)
        );
        let week = find(&rows, 3, "SPX", Horizon::W1);
        assert_eq!(week.status, "counted_50");
        assert_eq!(
            (week.same_event, week.resolved(), week.contract.values()[2]),
            (false, false, own),
            "its own reference, not 14:30Z, before its seal"
        );
        let on_time = find(&rows, 2, "SPX", Horizon::W1);
        assert_eq!(
            (on_time.same_event, on_time.contract.values()[2]),
            (true, "2026-11-06T14:30:00Z")
        );
        // A score line that does not name the late answer gives it no outcome of the common
        // event, whose reference was taken before it was sealed.
        let b = book(&[
            run("2026-11-06-am", "2026-11-06T13:30:00Z"),
            r#""kind": "answer", "run_id": "2026-11-06-am", "seat": "b", "at": "2026-11-06T14:31:07Z", "items": {"SPX": {"1d": {"prob_up": 40}}}"#.to_string(),
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 100, "close": 101}}"#.to_string(),
        ]);
        let rows = book_rows(&b, &roster(&["b"]), &mut inferred()).unwrap();
        let day = find(&rows, 2, "SPX", Horizon::D1);
        assert_eq!(
            (day.same_event, day.resolved(), day.contract.values()[2]),
            (false, false, "2026-11-06T14:31:07Z")
        );
    }

    #[test]
    fn refused_shape_and_development_sessions() {
        let b = book(&[
            // 2026-10-20 is a development session: the last run sealed before 09:30 ET (13:30Z) counts.
            run("early", "2026-10-20T11:00:00Z"),
            run("late", "2026-10-20T12:30:00Z"),
            format!(
                r#"{}, "booked_at": "2026-10-20T13:45:00Z""#,
                run("booked-late", "2026-10-20T12:45:00Z")
            ),
            answer(
                "late",
                "a",
                "2026-10-20T12:31:00Z",
                r#"{"SPX": {"1d": {"prob_up": 40}}}"#,
            ),
            r#""kind": "answer", "run_id": "late", "seat": "b", "at": "2026-10-20T12:32:00Z""#
                .to_string(),
            answer(
                "early",
                "a",
                "2026-10-20T11:01:00Z",
                r#"{"SPX": {"1d": {"prob_up": 45}}}"#,
            ),
        ]);
        let rows = book_rows(&b, &Roster::default(), &mut inferred()).unwrap();
        assert_eq!(find(&rows, 4, "SPX", Horizon::D1).status, "counted");
        assert_eq!(find(&rows, 5, "SPX", Horizon::D1).status, "refused_shape");
        let early = find(&rows, 6, "SPX", Horizon::D1);
        assert_eq!(
            (early.status.as_str(), early.run_role.as_str()),
            ("not_counted", "earlier_run")
        );
        assert_eq!(
            rows.len(),
            3,
            "a run without answers expects no cells; no roster, no no_answer rows"
        );
    }

    /// An answer the engine sealed `invalid` (spec §3.9) is read as that: its cells are rows
    /// (a `prob_up` outside 0-100 a cell with status `invalid`), the parts that are not cells
    /// (a horizon `2y`, a market `ES`) set aside, never an error.
    #[test]
    fn an_invalid_answer_counts_its_cells_and_sets_the_rest_aside() {
        let b = book(&[
            run("2026-11-02-am", "2026-11-02T13:00:00Z"),
            format!(
                r#"{}, "shape": "invalid", "shape_reason": "items.GOLD.2y: not a horizon (1d, 1w, 1m, 6m)""#,
                answer(
                    "2026-11-02-am",
                    "a",
                    "2026-11-02T13:31:00Z",
                    r#"{"GOLD": {"2y": {"prob_up": 5}, "1d": {"prob_up": 1.5}}, "ES": {"1d": {"prob_up": 5}}, "SPX": {"1w": {"prob_up": 150}}}"#,
                )
            ),
            answer(
                "2026-11-02-am",
                "b",
                "2026-11-02T13:32:00Z",
                r#"{"SPX": {"1d": {"prob_up": 60}}}"#,
            ),
        ]);
        let rows = book_rows(&b, &roster(&["a", "b"]), &mut inferred()).unwrap();
        let cells: Vec<(u64, &str, &str, &str, &str)> = rows
            .iter()
            .map(|r| {
                (
                    r.line,
                    r.asset.as_str(),
                    r.horizon.as_str(),
                    r.status.as_str(),
                    r.cell_status.as_str(),
                )
            })
            .collect();
        assert_eq!(
            cells,
            [
                (2, "GOLD", "1d", "counted", "elicited"),
                (2, "SPX", "1d", "counted_50", ""),
                (2, "SPX", "1w", "counted", "invalid"),
                (3, "GOLD", "1d", "counted_50", ""),
                (3, "SPX", "1d", "counted", "elicited"),
                (3, "SPX", "1w", "counted_50", ""),
            ]
        );
        assert_eq!(find(&rows, 2, "GOLD", Horizon::D1).prob_up, Some(1.5));
        let lines = BookLines::parse(&b).unwrap();
        let fields: Vec<String> = lines.answers[&2]
            .set_aside
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            fields,
            [
                r#"items.ES: "ES" is not one of the twelve markets"#,
                r#"items.GOLD.2y: "2y" is not 1d, 1w, 1m or 6m"#,
            ]
        );
    }

    #[test]
    fn corrections_are_applied() {
        let b = book(&[
            run("2026-11-02-am", "2026-11-02T13:00:00Z"),
            answer("2026-11-02-am", "a", "2026-11-02T13:01:00Z", r#"{"SPX": {"1d": {"prob_up": 60}}}"#),
            answer("2026-11-02-am", "b", "2026-11-02T13:02:00Z", r#"{"SPX": {"1d": {"prob_up": 40}}}"#),
            answer("2026-11-02-am", "b", "2026-11-02T13:03:00Z", r#"{"SPX": {"1d": {"prob_up": 40}}}"#),
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 100, "close": 101}}"#.to_string(),
            // 6: a's model restored; 7: line 4 re-seals line 3; 8: the close corrected.
            r#""kind": "correction", "of": 2, "source": "run receipt", "reason": "model restored", "fields": {"model": "m-restored"}"#.to_string(),
            r#""kind": "correction", "of": 4, "same_as": 3, "source": "book", "reason": "re-sealed copy""#.to_string(),
            r#""kind": "correction", "of": 5, "source": "exchange", "reason": "close revised", "fields": {"results": {"SPX": {"close": 99}}}"#.to_string(),
        ]);
        let rows = book_rows(&b, &Roster::default(), &mut inferred()).unwrap();
        assert_eq!(rows.len(), 2, "the copy (line 4) has no rows");
        let a = find(&rows, 2, "SPX", Horizon::D1);
        assert_eq!(a.model, "m-restored");
        assert_eq!((a.reference, a.close), (Some(100.0), Some(99.0)));
        assert!((a.actual_pct.unwrap() + 1.0).abs() < 1e-12);
        assert_eq!(find(&rows, 3, "SPX", Horizon::D1).status, "counted");
        // A correction naming a line after it is an error naming the line and field.
        let mut l = vec![run("r", "2026-11-02T13:00:00Z")];
        l.push(r#""kind": "correction", "of": 3"#.to_string());
        l.push(answer("r", "a", "2026-11-02T13:01:00Z", "{}"));
        let e = book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "of"), "{e}");
    }

    #[test]
    fn restored_cells_are_correction_rows_set_aside() {
        let b = book(&[
            run("2026-11-02-am", "2026-11-02T13:00:00Z"),
            // 2: a states SPX 1d only; 3: b states SPX 1d and 1w.
            answer("2026-11-02-am", "a", "2026-11-02T13:01:00Z", r#"{"SPX": {"1d": {"prob_up": 60}}}"#),
            answer("2026-11-02-am", "b", "2026-11-02T13:02:00Z", r#"{"SPX": {"1d": {"prob_up": 40}, "1w": {"prob_up": 45}}}"#),
            r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 100, "close": 101}, "GC": {"ref": 10, "close": 11}}"#.to_string(),
            // 5: a's SPX 1w and GC 1d restored from the run receipt after the open, its mode too;
            // 6: b's GC 1d restored before the open (14:00Z).
            r#""kind": "correction", "of": 2, "at": "2026-11-02T15:00:00Z", "source": "run receipt", "reason": "cells restored", "fields": {"items": {"SPX": {"1w": {"prob_up": 70}}, "GC": {"1d": {"prob_up": 55}}}, "mode": "api"}"#.to_string(),
            r#""kind": "correction", "of": 3, "at": "2026-11-02T14:00:00Z", "source": "run receipt", "reason": "cell restored", "fields": {"items": {"GC": {"1d": {"prob_up": 20}}}}"#.to_string(),
        ]);
        let rows = book_rows(&b, &Roster::default(), &mut inferred()).unwrap();
        // Two answers x the run's two expected cells (SPX 1d, 1w), then the three restored cells.
        assert_eq!(rows.len(), 2 * 2 + 3);
        let b_gc = find(&rows, 6, "GC", Horizon::D1);
        assert_eq!(
            (
                b_gc.seat.as_str(),
                b_gc.status.as_str(),
                b_gc.same_event,
                b_gc.reference,
                b_gc.close
            ),
            ("b", "not_counted", true, Some(10.0), Some(11.0)),
            "restored before the reference: the run's event and outcome"
        );
        let issue = find(&rows, 2, "SPX", Horizon::W1);
        assert_eq!(
            (issue.status.as_str(), issue.line_kind.as_str()),
            ("counted_50", "issue"),
            "the sealed answer stays as it is"
        );
        let w1 = find(&rows, 5, "SPX", Horizon::W1);
        assert_eq!(
            (
                w1.status.as_str(),
                w1.line_kind.as_str(),
                w1.seat.as_str(),
                w1.run_role.as_str(),
                w1.prob_up,
                w1.sealed_at.to_rfc3339().as_str()
            ),
            (
                "not_counted",
                "correction",
                "a",
                "session_run",
                Some(70.0),
                "2026-11-02T15:00:00Z"
            )
        );
        let gc = find(&rows, 5, "GC", Horizon::D1);
        assert_eq!(
            (gc.line_kind.as_str(), gc.prob_up),
            ("correction", Some(55.0))
        );
        // Restored after the 09:30 ET reference (14:30Z): its own event, unresolved.
        assert_eq!(
            (gc.same_event, gc.reference, gc.contract.values()[2]),
            (false, None, "2026-11-02T15:00:00Z")
        );
        // The counted record is the sealed answers' alone.
        let counted: Vec<u64> = rows
            .iter()
            .filter(|r| r.status == "counted")
            .map(|r| r.line)
            .collect();
        assert_eq!(counted, [2, 3, 3]);

        // Corrections of an answer's fields naming another kind of line, or of the wrong
        // layout, are errors naming the correction line and field.
        use BookLineMessage as M;
        let not_answer = M::CorrectsNonAnswer {
            line: 1,
            kind: "run".into(),
        };
        for (correction, line, field, message) in [
            (
                r#""kind": "correction", "of": 1, "at": "2026-11-02T15:00:00Z", "fields": {"items": {}}"#,
                3,
                "fields.items",
                not_answer.clone(),
            ),
            (
                r#""kind": "correction", "of": 1, "fields": {"mode": "api"}"#,
                3,
                "fields.mode",
                not_answer,
            ),
            (
                r#""kind": "correction", "of": 2, "fields": {"mode": 7}"#,
                3,
                "fields.mode",
                M::ExpectedString {
                    found: "int".into(),
                },
            ),
            (
                r#""kind": "correction", "of": 2, "fields": {"items": [1]}"#,
                3,
                "fields.items",
                M::ExpectedObject {
                    found: "list".into(),
                },
            ),
            (
                r#""kind": "correction", "of": 2, "fields": {"items": {"SPX": {"1w": {"prob_up": 1}}}}"#,
                3,
                "at",
                M::MissingRestoredTime,
            ),
            (
                r#""kind": "correction", "of": 2, "at": "2026-11-02T15:00:00Z", "fields": {"items": {"SPX": {"2d": {"prob_up": 1}}}}"#,
                3,
                "fields.items.SPX.2d",
                M::NotHorizon { value: "2d".into() },
            ),
        ] {
            let l = [
                run("2026-11-02-am", "2026-11-02T13:00:00Z"),
                answer(
                    "2026-11-02-am",
                    "a",
                    "2026-11-02T13:01:00Z",
                    r#"{"SPX": {"1d": {"prob_up": 60}}}"#,
                ),
                correction.to_string(),
            ];
            let e = book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err();
            assert_eq!((e.line, e.field.as_str()), (line, field), "{e}");
            assert_eq!(e.message, message, "{e}");
        }
        let e = book_rows(
            &book(&[
                run("2026-11-02-am", "2026-11-02T13:00:00Z"),
                answer(
                    "2026-11-02-am",
                    "a",
                    "2026-11-02T13:01:00Z",
                    r#"{"SPX": {"1d": {"prob_up": 60}}}"#,
                ),
                r#""kind": "correction", "of": 1, "fields": {"mode": "api"}"#.to_string(),
            ]),
            &Roster::default(),
            &mut inferred(),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "book line 3, field fields.mode: corrects line 1, a \"run\" line, not an answer line"
        );
        // A correction naming a missing line is an error naming it.
        let l = [
            run("2026-11-02-am", "2026-11-02T13:00:00Z"),
            r#""kind": "correction", "of": 9, "fields": {"mode": "api"}"#.to_string(),
        ];
        let e = book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "of"), "{e}");
        assert_eq!(e.message, BookLineMessage::NamesNoLine { line: 9 }, "{e}");
        assert_eq!(
            e.to_string(),
            "book line 2, field of: names line 9, which does not exist"
        );
    }

    fn sealed_contract(asset: &str, h: &str, rule: &str) -> String {
        format!(
            r#"{{"asset": "{asset}", "horizon": "{h}", "reference_at": "2026-11-02T14:30:00Z", "end_at": "2026-11-02T21:00:00Z", "rule": "{rule}", "resolver_version": "1", "reference_rule": "rr", "price_provider": "p", "price_symbol": "^GSPC"}}"#
        )
    }

    #[test]
    fn sealed_contracts_are_used() {
        let items = r#"{"SPX": {"1d": {"prob_up": 60}, "1w": {"prob_up": 55}}}"#;
        let b = book(&[
            format!(
                r#"{}, "contracts": {{"SPX": {{"1d": {}}}}}"#,
                run("2026-11-02-am", "2026-11-02T13:30:00Z"),
                sealed_contract("SPX", "1d", "close_gt_ref")
            ),
            answer("2026-11-02-am", "a", "2026-11-02T13:31:00Z", items),
            format!(
                r#""kind": "score_h", "of": 1, "horizon": "1w", "results": {{"SPX": {{"ref": 1, "close": 2, "contract": {}}}}}"#,
                sealed_contract("SPX", "1w", "r2")
            ),
        ]);
        let rows = book_rows(&b, &Roster::default(), &mut inferred()).unwrap();
        assert_eq!(
            find(&rows, 2, "SPX", Horizon::D1).contract.values()[4..],
            ["close_gt_ref", "1", "rr", "p", "^GSPC"]
        );
        assert_eq!(
            find(&rows, 2, "SPX", Horizon::W1).contract.values()[4],
            "r2"
        );
        let c = find(&rows, 2, "SPX", Horizon::W1);
        assert_eq!(c.event_id_v2, c.contract.event_id_v2());
        // A sealed contract under the wrong keys, missing a key, or contradicted by the score line.
        let with = |run_extra: &str, score: &str| {
            let l = [
                format!(
                    "{}{run_extra}",
                    run("2026-11-02-am", "2026-11-02T13:30:00Z")
                ),
                answer("2026-11-02-am", "a", "2026-11-02T13:31:00Z", items),
                score.to_string(),
            ];
            book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err()
        };
        let e = with(
            &format!(
                r#", "contracts": {{"SPX": {{"1w": {}}}}}"#,
                sealed_contract("SPX", "1d", "x")
            ),
            r#""kind": "crowd", "run_id": "x", "rows": {}"#,
        );
        assert_eq!((e.line, e.field.as_str()), (1, "contracts.SPX.1w"), "{e}");
        let e = with(
            r#", "contracts": {"SPX": {"1d": {"asset": "SPX"}}}"#,
            r#""kind": "crowd", "run_id": "x", "rows": {}"#,
        );
        assert_eq!(
            (e.line, e.field.as_str()),
            (1, "contracts.SPX.1d.horizon"),
            "{e}"
        );
        let e = with(
            &format!(
                r#", "contracts": {{"SPX": {{"1d": {}}}}}"#,
                sealed_contract("SPX", "1d", "x")
            ),
            &format!(
                r#""kind": "score", "of": 1, "results": {{"SPX": {{"ref": 1, "close": 2, "contract": {}}}}}"#,
                sealed_contract("SPX", "1d", "y")
            ),
        );
        assert_eq!(
            (e.line, e.field.as_str()),
            (3, "results.SPX.contract"),
            "{e}"
        );
    }

    #[test]
    fn bad_lines_name_line_and_field() {
        let base = || {
            vec![
                run("r", "2026-11-02T13:30:00Z"),
                answer(
                    "r",
                    "a",
                    "2026-11-02T13:31:00Z",
                    r#"{"SPX": {"1d": {"prob_up": 60}}}"#,
                ),
            ]
        };
        let case = |extra: &str| {
            let mut l = base();
            l.push(extra.to_string());
            book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err()
        };
        for (extra, field, says) in [
            (
                r#""kind": "score", "of": 2, "results": {}"#,
                "of",
                "not a run line",
            ),
            (
                r#""kind": "score", "of": 9, "results": {}"#,
                "of",
                "no such line",
            ),
            (r#""kind": "score", "results": {}"#, "of", "missing"),
            (
                r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 0, "close": 1}}"#,
                "results.SPX.ref",
                "0",
            ),
            (
                r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 1, "close": "2"}}"#,
                "results.SPX.close",
                "found str",
            ),
            (
                r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 2, "close": 1, "up": true}}"#,
                "results.SPX.up",
                "disagrees",
            ),
            (
                r#""kind": "score", "of": 1, "results": {"SPX": 5}"#,
                "results.SPX",
                "expected an object",
            ),
            (
                r#""kind": "score_h", "of": 1, "results": {}"#,
                "horizon",
                "missing",
            ),
            (
                r#""kind": "score_h", "of": 1, "horizon": "2d", "results": {}"#,
                "horizon",
                "not 1d",
            ),
            (
                r#""kind": "score", "of": 1, "results": {}, "noise": {"SPX": -1}"#,
                "noise.SPX",
                "outside",
            ),
            (
                r#""kind": "score", "of": 1, "results": {}, "late_ref": {"1": {"SPX": 5}}"#,
                "late_ref.1",
                "not an answer line",
            ),
            (
                r#""kind": "score", "of": 1, "results": {}, "late_ref": {"x": {"SPX": 5}}"#,
                "late_ref.x",
                "answer line",
            ),
            (
                r#""kind": "answer", "run_id": "r", "seat": "b", "at": "2026-11-02T13:31:00Z", "items": {"SPX": 60}"#,
                "items.SPX",
                "expected an object",
            ),
            (
                r#""kind": "answer", "run_id": "r", "seat": "b", "at": "2026-11-02T13:31:00Z", "items": {"SPX": {"2d": {}}}"#,
                "items.SPX.2d",
                "not 1d",
            ),
            (
                r#""kind": "answer", "run_id": "q", "seat": "b", "at": "2026-11-02T13:31:00Z", "items": {}"#,
                "run_id",
                "names no run line",
            ),
            (
                r#""kind": "answer", "run_id": "r", "at": "2026-11-02T13:31:00Z", "items": {}"#,
                "seat",
                "missing",
            ),
            (
                r#""kind": "answer", "run_id": "r", "seat": "b", "items": {}"#,
                "at",
                "missing",
            ),
            (
                r#""kind": "run", "run_id": "r", "at": "2026-11-02T13:30:00Z""#,
                "run_id",
                "also the run of line 1",
            ),
            (r#""kind": "run", "run_id": "s""#, "at", "missing"),
            (
                r#""kind": "run", "run_id": "s", "at": "1999-12-30T14:30:00Z""#,
                "at",
                "calendar",
            ),
        ] {
            let e = case(extra);
            assert_eq!((e.line, e.field.as_str()), (3, field), "{extra}: {e}");
            assert!(e.to_string().contains(says), "{extra}: {e}");
        }
        let mut l = base();
        l.push(r#""kind": "score", "of": 1, "results": {"SPX": {"ref": 1, "close": 2}}"#.into());
        l.push(r#""kind": "score_h", "of": 1, "horizon": "1d", "results": {"SPX": {"ref": 1, "close": 2}}"#.into());
        let e = book_rows(&book(&l), &Roster::default(), &mut inferred()).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (4, "results.SPX"));
        assert_eq!(
            e.to_string(),
            "book line 4, field results.SPX: the 1d result of run line 1 was already given on line 3"
        );
    }
}
