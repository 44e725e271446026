//! The conformance checker for `council-forecasts.csv` (spec §3.13, the behaviour of
//! `tools/conformance.py`): it validates every row against the Table C1 columns, rebuilds
//! both event identifiers from the contract columns, checks times, the probability range and
//! the outcome fields, refuses one identifier used for two events, and requires each row's
//! `methodology_version`. The result prints as `N rows, ok` or one line per failure naming
//! its row and column.
//!
//! The rules, one per failure (the Python peer `tests/py/conformance_peer.py` implements the
//! same list independently):
//! - header: every required column present, none named twice;
//! - every record has as many fields as the header (else the row's other checks are skipped);
//! - `run_id`, `seat`, `asset`, `methodology_version`, `rule`, `resolver_version`,
//!   `reference_rule`, `price_provider`, `price_symbol` are non-empty;
//! - `session` is `YYYY-MM-DD`, and an NYSE session where the calendar knows the year;
//! - `line` is an integer >= 1; `attempt` is empty or an integer >= 1;
//! - `sealed_at`, `reference_at`, `event_reference_at`, `event_end_at` are RFC 3339 times;
//!   `event_end_at` is after `event_reference_at` and after `sealed_at` (the outcome lies in
//!   the future, requirement 1); `reference_at` is not before `sealed_at` (the reference
//!   price is always taken after the seal, §3.3); `reference_price_at`, when the file has
//!   the column and the field is not empty, is an RFC 3339 time and, under the v1 reference
//!   rule, the first minute at or after `reference_at` (Appendix C);
//! - `status`, `horizon`, `cell_status` (or empty), `line_kind`, `run_role` (or empty) hold
//!   their listed values; `same_event` is a boolean, `draw` empty or a boolean;
//! - `prob_up` is empty or a number in [0, 100]; `elicited` needs one, `explicit_50` needs
//!   exactly 50, `invalid` has none;
//! - outcome: `ref`, `close`, `actual_pct` are all empty or all numbers, `ref` and `close`
//!   positive, and the sign of `actual_pct` agrees with `close - ref`; `draw` only with an
//!   outcome;
//! - `event_id` and `event_id_v2` equal the identifiers rebuilt from the contract columns;
//! - an identifier already seen on an earlier row with a different contract is refused;
//! - no contract column (`rule`, `resolver_version`, `reference_rule`, `price_provider`,
//!   `price_symbol`) holds the placeholder [`UNSTATED`]: every event's contract is fixed
//!   before the ask (requirement 1, §3 Table 1);
//! - the 10-year yield (`TNX`) ends at 15:00 ET (§3: "从其参考价格到东部时间 15:00 的终端价格";
//!   §4.2 "收益率到美国东部时间15:00"), so its `event_end_at` is 15:00 New York time.
//!
//! Given the book ([`check_with_book`]), each row whose run line seals contracts must agree
//! with the one sealed for its market and horizon on every key (the reference only on a row
//! of the common event, `same_event` true; a row of its own event has its own reference), and
//! its `run_id` must name a run line of the book. A row of the common event (`same_event`
//! true) with an outcome, whose run's score line seals a draw band for its market and horizon
//! (`noise`, [`SealedBands`]), must state `draw`, and the draw the band gives (§3.5,
//! requirement 7): an empty draw column in a league that sealed its band is refused.

use crate::calendar::{self, Date, Horizon, Instant};
use crate::contract::event::{canonical_bytes, EventContract, CONTRACT_KEYS, EV1_KEYS, UNSTATED};
use crate::contract::forecasts_csv::{
    parse_bool, parse_count, parse_number, required_columns, Columns, CsvTable, CELL_STATUS_VALUES,
    LINE_KIND_VALUES, RUN_ROLE_VALUES, STATUS_VALUES,
};
use crate::prices::rule::first_reference_bar;
use crate::prices::REFERENCE_RULE_V1;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// At most this many failures are kept; the rest are counted.
pub const MAX_FAILURES: usize = 10_000;

/// One failed check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// 1-based record number, the header being row 1.
    pub row: u64,
    /// 1-based physical line where the record starts.
    pub line: u64,
    /// The column at fault; empty when the record as a whole is.
    pub column: String,
    /// What the check found, in English (e.g. `required, empty`).
    pub message: String,
}

/// The checker's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConformanceReport {
    /// Data rows read (the header excluded).
    pub rows: u64,
    /// The failures kept, at most [`MAX_FAILURES`], in file order.
    pub failures: Vec<Failure>,
    /// Failures found beyond [`MAX_FAILURES`], counted but not kept.
    pub failures_omitted: u64,
}

impl ConformanceReport {
    /// Whether the file passes: no failure at all, kept or counted.
    pub fn ok(&self) -> bool {
        self.failures.is_empty() && self.failures_omitted == 0
    }

    /// `N rows, ok`, or one line per failure then `N rows, K failures`.
    pub fn render(&self) -> String {
        if self.ok() {
            return format!("{} rows, ok\n", self.rows);
        }
        let mut s = String::new();
        for f in &self.failures {
            if f.column.is_empty() {
                s += &format!("row {} (line {}): {}\n", f.row, f.line, f.message);
            } else {
                s += &format!(
                    "row {} (line {}), column {}: {}\n",
                    f.row, f.line, f.column, f.message
                );
            }
        }
        let total = self.failures.len() as u64 + self.failures_omitted;
        s += &format!(
            "{} rows, {} failure{}\n",
            self.rows,
            total,
            if total == 1 { "" } else { "s" }
        );
        s
    }
}

struct Sink {
    failures: Vec<Failure>,
    omitted: u64,
}

impl Sink {
    fn push(&mut self, row: u64, line: u64, column: &str, message: String) {
        if self.failures.len() < MAX_FAILURES {
            self.failures.push(Failure {
                row,
                line,
                column: column.into(),
                message,
            });
        } else {
            self.omitted += 1;
        }
    }
}

/// The draw bands a book's score lines seal: (run_id, horizon, asset) -> band, percent.
pub type SealedBands = BTreeMap<(String, String, String), f64>;

/// The contracts a book's run lines seal: run_id -> (the run line's `n`, its contracts by
/// (asset, horizon); empty for a run line that seals none).
pub type SealedContracts = BTreeMap<String, (u64, BTreeMap<(String, String), EventContract>)>;

/// The contract columns, in [`CONTRACT_KEYS`] order.
const CONTRACT_COLUMN_OF_KEY: [&str; 9] = [
    "asset",
    "horizon",
    "event_reference_at",
    "event_end_at",
    "rule",
    "resolver_version",
    "reference_rule",
    "price_provider",
    "price_symbol",
];

/// The yield whose event ends 15:00 ET.
const TEN_YEAR_YIELD: &str = "TNX";

/// Checks a forecasts file. A file that is not CSV at all yields one failure.
pub fn check(bytes: &[u8]) -> ConformanceReport {
    check_with_book(bytes, None)
}

/// [`check`], and, with the contracts a book seals, each row against its run's sealed contract.
pub fn check_with_book(bytes: &[u8], book: Option<&SealedContracts>) -> ConformanceReport {
    check_with_book_and_bands(bytes, book, &SealedBands::new())
}

/// [`check_with_book`], and each resolved common-event row against the band its run sealed.
pub fn check_with_book_and_bands(
    bytes: &[u8],
    book: Option<&SealedContracts>,
    bands: &SealedBands,
) -> ConformanceReport {
    let mut sink = Sink {
        failures: Vec::new(),
        omitted: 0,
    };
    let table = match CsvTable::parse(bytes) {
        Ok(t) => t,
        Err(e) => {
            sink.push(
                e.row,
                e.line,
                e.column.as_deref().unwrap_or(""),
                e.message.to_string(),
            );
            return ConformanceReport {
                rows: 0,
                failures: sink.failures,
                failures_omitted: sink.omitted,
            };
        }
    };
    let rows = table.records.len() as u64;
    let shape = table.check_shape(required_columns());
    let header_ok = !shape.iter().any(|e| e.row == 1);
    let short_rows: BTreeSet<u64> = shape.iter().filter(|e| e.row != 1).map(|e| e.row).collect();
    for e in shape {
        sink.push(
            e.row,
            e.line,
            e.column.as_deref().unwrap_or(""),
            e.message.to_string(),
        );
    }
    if !header_ok {
        return ConformanceReport {
            rows,
            failures: sink.failures,
            failures_omitted: sink.omitted,
        };
    }
    let cols = Columns::new(&table).expect("header checked");
    let price_at_col = table.column("reference_price_at");
    // Identifier -> (first row, canonical bytes of the keys it covers), for the
    // one-id-two-events rule.
    let mut seen: [BTreeMap<String, (u64, Vec<u8>)>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for rec in &table.records {
        if short_rows.contains(&rec.row) {
            continue;
        }
        let get = |c: &str| cols.get(rec, c);
        let mut fail = |c: &str, m: String| sink.push(rec.row, rec.line, c, m);

        for c in [
            "run_id",
            "seat",
            "asset",
            "methodology_version",
            "rule",
            "resolver_version",
            "reference_rule",
            "price_provider",
            "price_symbol",
        ] {
            if get(c).is_empty() {
                fail(c, "required, empty".into());
            }
        }
        for c in &CONTRACT_COLUMN_OF_KEY[4..] {
            if get(c) == UNSTATED {
                fail(
                    c,
                    "a placeholder: no contract for this event is sealed (every event's contract is fixed before the ask, requirement 1)".into(),
                );
            }
        }
        if let Some(book) = book {
            match book.get(get("run_id")) {
                None => fail(
                    "run_id",
                    format!("{:?} names no run line of the book", get("run_id")),
                ),
                Some((n, by)) if !by.is_empty() => {
                    match by.get(&(get("asset").to_owned(), get("horizon").to_owned())) {
                        None => fail(
                            "asset",
                            format!(
                                "the run line {n} seals no contract for {} {}",
                                get("asset"),
                                get("horizon")
                            ),
                        ),
                        Some(sealed) => {
                            let common = parse_bool(get("same_event")) != Some(false);
                            for (k, (c, v)) in CONTRACT_COLUMN_OF_KEY
                                .iter()
                                .zip(sealed.values())
                                .enumerate()
                            {
                                if (k == 2 && !common) || get(c) == v {
                                    continue;
                                }
                                fail(
                                    c,
                                    format!(
                                        "{:?} disagrees with the contract sealed in the run line {n} ({v:?})",
                                        get(c)
                                    ),
                                );
                            }
                        }
                    }
                }
                Some(_) => {}
            }
        }
        let key = (
            get("run_id").to_owned(),
            get("horizon").to_owned(),
            get("asset").to_owned(),
        );
        if let (Some(band), Some(pct), true) = (
            bands.get(&key),
            parse_number(get("actual_pct")),
            parse_bool(get("same_event")) != Some(false),
        ) {
            let due = crate::prices::band::is_draw(pct, *band);
            match parse_bool(get("draw")) {
                None => fail(
                    "draw",
                    format!(
                        "empty, but the run's score line seals a draw band of {band}% for {} {} (§3.5)",
                        key.2, key.1
                    ),
                ),
                Some(d) if d != due && (pct.abs() - band).abs() > 1e-9 => fail(
                    "draw",
                    format!("{d}, but the sealed band of {band}% makes it {due}"),
                ),
                Some(_) => {}
            }
        }
        let session = get("session");
        match Date::parse(session) {
            None => fail("session", format!("{session:?} is not a YYYY-MM-DD date")),
            Some(d) => {
                if calendar::is_session(d) == Some(false) {
                    fail("session", format!("{session} is not an NYSE session"));
                }
            }
        }
        for (c, required) in [("line", true), ("attempt", false)] {
            let v = get(c);
            if (required || !v.is_empty()) && parse_count(v).is_none() {
                fail(c, format!("{v:?} is not an integer >= 1"));
            }
        }
        let mut time = |c: &str| {
            let v = get(c);
            let t = Instant::parse_rfc3339(v);
            if t.is_none() {
                fail(c, format!("{v:?} is not an RFC 3339 time"));
            }
            t
        };
        let sealed = time("sealed_at");
        let reference = time("reference_at");
        let ev_ref = time("event_reference_at");
        let ev_end = time("event_end_at");
        if let Some(e) = ev_end.filter(|_| get("asset") == TEN_YEAR_YIELD) {
            let secs = e.new_york().1;
            if secs != 15 * 3600 {
                fail(
                    "event_end_at",
                    format!(
                        "the 10-year yield's event ends at 15:00 ET, not {:02}:{:02} ET",
                        secs / 3600,
                        secs / 60 % 60
                    ),
                );
            }
        }
        if let (Some(r), Some(e)) = (ev_ref, ev_end) {
            if e <= r {
                fail("event_end_at", "not after event_reference_at".into());
            }
        }
        if let (Some(s), Some(r)) = (sealed, reference) {
            if r < s {
                fail(
                    "reference_at",
                    "before sealed_at: the reference must be taken after the seal".into(),
                );
            }
        }
        // `reference_price_at`, when the file has it: the first minute the reference rule reads.
        let price_at = price_at_col.map_or("", |i| rec.fields.get(i).map_or("", String::as_str));
        if !price_at.is_empty() {
            match Instant::parse_rfc3339(price_at) {
                None => fail(
                    "reference_price_at",
                    format!("{price_at:?} is not an RFC 3339 time"),
                ),
                Some(p) => {
                    if let Some(r) =
                        reference.filter(|_| get("reference_rule") == REFERENCE_RULE_V1)
                    {
                        let want = first_reference_bar(r);
                        if p != want {
                            fail(
                                "reference_price_at",
                                format!(
                                    "{price_at} is not the first minute at or after reference_at ({})",
                                    want.to_rfc3339()
                                ),
                            );
                        }
                    }
                }
            }
        }
        if let (Some(s), Some(e)) = (sealed, ev_end) {
            if s >= e {
                fail(
                    "sealed_at",
                    "not before event_end_at: the outcome was no longer in the future".into(),
                );
            }
        }
        let one_of = |c: &str, allowed: &[&str], empty_ok: bool| -> Option<String> {
            let v = get(c);
            (!(allowed.contains(&v) || (empty_ok && v.is_empty())))
                .then(|| format!("{v:?} is not one of {}", allowed.join(", ")))
        };
        for (c, allowed, empty_ok) in [
            ("status", &STATUS_VALUES[..], false),
            ("cell_status", &CELL_STATUS_VALUES[..], true),
            ("line_kind", &LINE_KIND_VALUES[..], false),
            ("run_role", &RUN_ROLE_VALUES[..], true),
        ] {
            if let Some(m) = one_of(c, allowed, empty_ok) {
                fail(c, m);
            }
        }
        if Horizon::parse(get("horizon")).is_none() {
            fail(
                "horizon",
                format!("{:?} is not one of 1d, 1w, 1m, 6m", get("horizon")),
            );
        }
        if parse_bool(get("same_event")).is_none() {
            fail(
                "same_event",
                format!("{:?} is not true or false", get("same_event")),
            );
        }
        let draw = get("draw");
        if !draw.is_empty() && parse_bool(draw).is_none() {
            fail("draw", format!("{draw:?} is not true or false"));
        }

        // Probability.
        let p_text = get("prob_up");
        let p = if p_text.is_empty() {
            None
        } else {
            parse_number(p_text)
        };
        if !p_text.is_empty() {
            match p {
                None => fail("prob_up", format!("{p_text:?} is not a number")),
                Some(v) if !(0.0..=100.0).contains(&v) => {
                    fail("prob_up", format!("{p_text} is outside 0-100"))
                }
                _ => {}
            }
        }
        match get("cell_status") {
            "elicited" if p_text.is_empty() => fail("prob_up", "empty on an elicited cell".into()),
            "explicit_50" if p.is_some_and(|v| v != 50.0) || p_text.is_empty() => fail(
                "prob_up",
                format!("{p_text:?} on an explicit_50 cell (must be 50)"),
            ),
            "invalid" if !p_text.is_empty() => {
                fail("prob_up", "an invalid cell states no probability".into())
            }
            _ => {}
        }

        // Outcome.
        let outcome: Vec<(&str, &str)> = ["ref", "close", "actual_pct"]
            .iter()
            .map(|c| (*c, get(c)))
            .collect();
        let present = outcome.iter().filter(|(_, v)| !v.is_empty()).count();
        if present == 0 {
            if !draw.is_empty() {
                fail("draw", "set on a row without an outcome".into());
            }
        } else if present < 3 {
            for (c, v) in &outcome {
                if v.is_empty() {
                    fail(c, "empty while other outcome fields are set".into());
                }
            }
        } else {
            let nums: Vec<Option<f64>> = outcome.iter().map(|(_, v)| parse_number(v)).collect();
            for ((c, v), n) in outcome.iter().zip(&nums) {
                match n {
                    None => fail(c, format!("{v:?} is not a number")),
                    Some(x) if *c != "actual_pct" && *x <= 0.0 => {
                        fail(c, format!("{v} is not a positive price"))
                    }
                    _ => {}
                }
            }
            if let [Some(r), Some(c), Some(a)] = nums[..] {
                let agrees = if c > r {
                    a >= 0.0
                } else if c < r {
                    a <= 0.0
                } else {
                    a == 0.0
                };
                if r > 0.0 && !agrees {
                    fail(
                        "actual_pct",
                        format!("sign of {a} disagrees with close {c} vs ref {r}"),
                    );
                }
            }
        }

        // Identifiers.
        let contract = cols.contract(rec);
        let ids = [
            (
                "event_id",
                contract.event_id(),
                canonical_bytes(&contract.to_object(EV1_KEYS)),
            ),
            (
                "event_id_v2",
                contract.event_id_v2(),
                canonical_bytes(&contract.to_object(CONTRACT_KEYS.len())),
            ),
        ];
        for (k, (c, rebuilt, event)) in ids.into_iter().enumerate() {
            let stated = get(c);
            if stated != rebuilt {
                fail(
                    c,
                    format!("{stated:?} differs from {rebuilt} rebuilt from the contract"),
                );
            }
            if stated.is_empty() {
                continue;
            }
            match seen[k].get(stated) {
                Some((first, other)) if *other != event => fail(
                    c,
                    format!("{stated} already names a different event (row {first})"),
                ),
                Some(_) => {}
                None => {
                    seen[k].insert(stated.to_owned(), (rec.row, event));
                }
            }
        }
    }
    ConformanceReport {
        rows,
        failures: sink.failures,
        failures_omitted: sink.omitted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::event::EventContract;
    use crate::contract::forecasts_csv::{CONTRACT_COLUMNS, TABLE_C1_COLUMNS};

    fn header() -> Vec<&'static str> {
        TABLE_C1_COLUMNS
            .iter()
            .chain(CONTRACT_COLUMNS.iter())
            .copied()
            .collect()
    }

    fn good_row(seat: &str) -> BTreeMap<&'static str, String> {
        let mut r: BTreeMap<&'static str, String> =
            header().into_iter().map(|c| (c, String::new())).collect();
        for (k, v) in [
            ("run_id", "2026-10-20-am"),
            ("session", "2026-10-20"),
            ("seat", seat),
            ("model", "m"),
            ("line", "152"),
            ("sealed_at", "2026-10-20T12:31:11Z"),
            ("status", "counted"),
            ("asset", "SPX"),
            ("horizon", "1d"),
            ("prob_up", "55"),
            ("ref", "7700.34"),
            ("close", "7712.1"),
            ("actual_pct", "0.153"),
            ("draw", "false"),
            ("run_role", "session_run"),
            ("line_kind", "issue"),
            ("reference_at", "2026-10-20T13:30:00Z"),
            ("same_event", "true"),
            ("cell_status", "elicited"),
            ("event_reference_at", "2026-10-20T13:30:00Z"),
            ("event_end_at", "2026-10-20T20:00:00Z"),
            ("methodology_version", "2"),
            ("rule", "up_if_change_gt_0"),
            ("resolver_version", "1"),
            (
                "reference_rule",
                "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1",
            ),
            ("price_provider", "yahoo_finance_chart_v8_1m"),
            ("price_symbol", "^GSPC"),
        ] {
            r.insert(k, v.into());
        }
        let c = cols_contract(&r);
        r.insert("event_id", c.event_id());
        r.insert("event_id_v2", c.event_id_v2());
        r
    }

    fn cols_contract(r: &BTreeMap<&'static str, String>) -> EventContract {
        EventContract::from_values(
            [
                "asset",
                "horizon",
                "event_reference_at",
                "event_end_at",
                "rule",
                "resolver_version",
                "reference_rule",
                "price_provider",
                "price_symbol",
            ]
            .map(|k| r[k].as_str()),
        )
    }

    fn csv(rows: &[BTreeMap<&'static str, String>]) -> Vec<u8> {
        let h = header();
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&h).unwrap();
        for r in rows {
            w.write_record(h.iter().map(|c| r[c].as_str())).unwrap();
        }
        w.into_inner().unwrap()
    }

    #[test]
    fn good_file_is_ok() {
        let rep = check(&csv(&[good_row("a"), good_row("b")]));
        assert_eq!(rep.render(), "2 rows, ok\n", "{:?}", rep.failures);
    }

    #[test]
    fn each_rule_names_row_and_column() {
        let cases: Vec<(&str, &str, &str)> = vec![
            ("prob_up", "101", "prob_up"),
            ("prob_up", "nan", "prob_up"),
            ("methodology_version", "", "methodology_version"),
            ("session", "2026-11-26", "session"),
            ("sealed_at", "2026-10-20T21:00:00Z", "sealed_at"),
            ("reference_at", "2026-10-20T12:00:00Z", "reference_at"),
            ("event_end_at", "2026-10-20T13:00:00Z", "event_end_at"),
            ("status", "maybe", "status"),
            ("close", "", "close"),
            ("actual_pct", "-0.1", "actual_pct"),
            ("event_id", "ev1-0000000000000000", "event_id"),
        ];
        for (col, val, want) in cases {
            let mut bad = good_row("b");
            bad.insert(col, val.into());
            let rep = check(&csv(&[good_row("a"), bad]));
            assert!(
                rep.failures.iter().any(|f| f.row == 3 && f.column == want),
                "{col}={val}: {:?}",
                rep.failures
            );
        }
    }

    #[test]
    fn reference_price_at_is_the_first_minute_the_rule_reads() {
        let with = |v: &str| {
            let mut h = header();
            h.push("reference_price_at");
            let r = good_row("a");
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(&h).unwrap();
            w.write_record(h.iter().map(|c| r.get(c).map_or(v, |x| x.as_str())))
                .unwrap();
            check(&w.into_inner().unwrap())
        };
        // good_row's reference is 13:30:00Z under the v1 rule.
        assert_eq!(with("2026-10-20T13:30:00Z").render(), "1 rows, ok\n");
        assert_eq!(with("").render(), "1 rows, ok\n");
        for bad in ["2026-10-20T13:31:00Z", "2026-10-20T13:29:00Z", "soon"] {
            let rep = with(bad);
            assert_eq!(columns_failed(&rep, 2), ["reference_price_at"], "{bad}");
        }
    }

    #[test]
    fn one_id_for_two_events_is_refused() {
        let a = good_row("a");
        let mut b = good_row("b");
        b.insert("price_symbol", "SPY".into());
        b.insert("event_id_v2", cols_contract(&b).event_id_v2()); // ev1 does not cover price_symbol
        let c = {
            let mut c = good_row("c");
            c.insert("asset", "NDX".into());
            c.insert("event_id_v2", a["event_id_v2"].clone());
            c
        };
        let rep = check(&csv(&[a, b, c]));
        let cols: Vec<(u64, &str)> = rep
            .failures
            .iter()
            .map(|f| (f.row, f.column.as_str()))
            .collect();
        assert!(cols.contains(&(4, "event_id_v2")), "{cols:?}");
        assert!(rep
            .failures
            .iter()
            .any(|f| f.row == 4 && f.message.contains("already names a different event")));
        assert!(
            !cols.iter().any(|(r, _)| *r == 3),
            "row 3 shares ev1 legitimately: {cols:?}"
        );
    }

    #[test]
    fn missing_column_names_it() {
        let rep = check(b"run_id,seat\nx,y\n");
        assert!(rep.failures.iter().any(|f| f.row == 1
            && f.column == "methodology_version"
            && f.message == "missing column"));
        assert!(
            rep.render().ends_with("1 rows, 38 failures\n"),
            "{}",
            rep.render()
        );
    }

    fn with_ids(mut r: BTreeMap<&'static str, String>) -> BTreeMap<&'static str, String> {
        let c = cols_contract(&r);
        r.insert("event_id", c.event_id());
        r.insert("event_id_v2", c.event_id_v2());
        r
    }

    fn columns_failed(rep: &ConformanceReport, row: u64) -> Vec<&str> {
        rep.failures
            .iter()
            .filter(|f| f.row == row)
            .map(|f| f.column.as_str())
            .collect()
    }

    #[test]
    fn a_placeholder_contract_field_is_refused() {
        for c in [
            "rule",
            "resolver_version",
            "reference_rule",
            "price_provider",
            "price_symbol",
        ] {
            let mut bad = good_row("b");
            bad.insert(c, UNSTATED.into());
            let rep = check(&csv(&[good_row("a"), with_ids(bad)]));
            assert_eq!(columns_failed(&rep, 3), [c], "{:?}", rep.failures);
            assert!(rep.failures[0].message.contains("placeholder"));
        }
    }

    #[test]
    fn the_yield_ends_at_three_new_york_time() {
        let mut tnx = good_row("a");
        tnx.insert("asset", "TNX".into());
        tnx.insert("price_symbol", "^TNX".into());
        tnx.insert("event_end_at", "2026-10-20T19:00:00Z".into());
        let mut late = tnx.clone();
        late.insert("event_end_at", "2026-10-20T20:00:00Z".into());
        let rep = check(&csv(&[with_ids(tnx), with_ids(late)]));
        assert!(columns_failed(&rep, 2).is_empty(), "{:?}", rep.failures);
        assert_eq!(columns_failed(&rep, 3), ["event_end_at"]);
        assert!(
            rep.failures[0].message.contains("not 16:00 ET"),
            "{:?}",
            rep.failures
        );
    }

    #[test]
    fn a_row_that_disagrees_with_the_sealed_contract_is_refused() {
        let row = good_row("a");
        let sealed = cols_contract(&row);
        let book: SealedContracts = BTreeMap::from([(
            row["run_id"].clone(),
            (
                151,
                BTreeMap::from([(("SPX".to_string(), "1d".to_string()), sealed.clone())]),
            ),
        )]);
        let rep = check_with_book(&csv(std::slice::from_ref(&row)), Some(&book));
        assert!(rep.ok(), "{:?}", rep.failures);
        let mut symbol = row.clone();
        symbol.insert("price_symbol", "SPY".into());
        let mut end = row.clone();
        end.insert("event_end_at", "2026-10-20T19:00:00Z".into());
        // A row of its own event keeps the contract but for its own reference.
        let mut own = row.clone();
        own.insert("same_event", "false".into());
        own.insert("event_reference_at", "2026-10-20T13:31:05Z".into());
        own.insert("reference_at", "2026-10-20T13:31:05Z".into());
        let mut own_wrong = own.clone();
        own_wrong.insert("same_event", "true".into());
        let mut other_run = row.clone();
        other_run.insert("run_id", "2026-10-20-pm".into());
        let rep = check_with_book(
            &csv(&[symbol, end, own, own_wrong, other_run].map(with_ids)),
            Some(&book),
        );
        assert_eq!(columns_failed(&rep, 2), ["price_symbol"]);
        assert_eq!(columns_failed(&rep, 3), ["event_end_at"]);
        assert!(columns_failed(&rep, 4).is_empty(), "{:?}", rep.failures);
        assert_eq!(columns_failed(&rep, 5), ["event_reference_at"]);
        assert_eq!(columns_failed(&rep, 6), ["run_id"]);
        assert!(rep.failures[0].message.contains("run line 151"));
        // A run line that seals no contracts (an older book) is not compared.
        let old: SealedContracts =
            BTreeMap::from([(row["run_id"].clone(), (151, BTreeMap::new()))]);
        let mut symbol = row.clone();
        symbol.insert("price_symbol", "SPY".into());
        assert!(check_with_book(&csv(&[with_ids(symbol)]), Some(&old)).ok());
    }

    #[test]
    fn an_empty_draw_where_the_run_sealed_a_band_is_refused() {
        let row = with_ids(good_row("a"));
        let key = |asset: &str| (row["run_id"].clone(), "1d".to_string(), asset.to_string());
        let bands = SealedBands::from([(key("SPX"), 0.2)]);
        // actual_pct 0.153 is inside a band of 0.2%: a draw.
        let mut drawn = row.clone();
        drawn.insert("draw", "true".into());
        let mut empty = row.clone();
        empty.insert("draw", "".into());
        let mut own = empty.clone();
        own.insert("same_event", "false".into());
        own.insert("event_reference_at", "2026-10-20T13:31:05Z".into());
        own.insert("reference_at", "2026-10-20T13:31:05Z".into());
        let rows = [drawn, row.clone(), empty.clone(), with_ids(own)];
        let rep = check_with_book_and_bands(&csv(&rows), None, &bands);
        assert!(columns_failed(&rep, 2).is_empty(), "{:?}", rep.failures);
        assert_eq!(columns_failed(&rep, 3), ["draw"]);
        assert_eq!(columns_failed(&rep, 4), ["draw"]);
        // A row of its own event is not the band's.
        assert!(columns_failed(&rep, 5).is_empty(), "{:?}", rep.failures);
        assert!(rep.failures[1].message.contains("seals a draw band"));
        // Without a sealed band the empty draw stands.
        assert!(check(&csv(&[empty])).ok());
    }
}
