//! Writers of the book lines [`super`] reads (spec §3.2, §3.3, §4.9, Appendix C): each
//! builder returns the line's content (everything but `n`, `prev`, `seal`, `link`, which
//! [`crate::book::writer::BookWriter`] adds), laid out as the module doc of [`super`] fixes it, so
//! that what is written here reads back there.

use crate::book::canon::{Object, Value};
use crate::calendar::Horizon;
use crate::contract::event::EventContract;
use crate::records::crowd::{crowd_row_key, crowd_value, CrowdPrices, Venue};
use crate::records::names::{float, insert_some, int, object, string};
use crate::records::roster::{seats_value, RosterSeat};
use std::collections::BTreeMap;

/// A `run` line: the ask's and the snapshot's hashes, the roster, the methodology in force and
/// the crowd's prices read when the ask went out (spec §3.2, §4.9).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunContent {
    /// When the run line is sealed (RFC 3339 UTC).
    pub at: String,
    /// `run_id`: the run (`<session>-am` for the counted run).
    pub run_id: String,
    /// `ask_sha256`: SHA-256 of the run's common ask text, hex.
    pub ask_sha256: String,
    /// `snapshot_sha256`: SHA-256 of the J bytes of the ask's market snapshot, hex
    /// (`league::ask`).
    pub snapshot_sha256: String,
    /// `roster`: the seats asked, laid out as [`seats_value`] writes them.
    pub roster: Vec<RosterSeat>,
    /// `methodology`: the methodology version in force (spec §3.10).
    pub methodology: String,
    /// `crowd`: the crowd's prices read when the ask went out (spec §4.9), when read.
    pub crowd: Option<CrowdPrices>,
    /// The events' contracts (§3.13), sealed as `contracts.<asset>.<horizon>` when given.
    pub contracts: BTreeMap<(String, Horizon), EventContract>,
    /// Set when the engine's clock was set by the operator (a replay or a test), never on a
    /// live run: `clock` = `"set"`.
    pub clock_set: bool,
    /// The trading tracks' rule versions in force (spec §4.7), sealed as `arena` when any.
    pub arena: Vec<String>,
}

impl RunContent {
    /// The run line's content as its JSON object (`kind` `run`; the optional keys only when set).
    pub fn to_object(&self) -> Object {
        let mut o = object([
            ("kind", string("run")),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            ("ask_sha256", string(&self.ask_sha256)),
            ("snapshot_sha256", string(&self.snapshot_sha256)),
            ("roster", seats_value(&self.roster)),
            ("methodology", string(&self.methodology)),
        ]);
        insert_some(&mut o, "crowd", self.crowd.as_ref().map(crowd_value));
        if !self.contracts.is_empty() {
            let mut by_asset: BTreeMap<&str, Object> = BTreeMap::new();
            for ((asset, h), c) in &self.contracts {
                by_asset
                    .entry(asset)
                    .or_default()
                    .insert(h.as_str(), Value::Object(c.to_object(9)));
            }
            o.insert(
                "contracts",
                Value::Object(object(
                    by_asset.into_iter().map(|(a, v)| (a, Value::Object(v))),
                )),
            );
        }
        if self.clock_set {
            o.insert("clock", string("set"));
        }
        if !self.arena.is_empty() {
            o.insert(
                "arena",
                Value::Array(self.arena.iter().map(|v| string(v)).collect()),
            );
        }
        o
    }
}

/// How an answer's reply was read (spec §3.9): sealed as received either way, never repaired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The reply held no JSON answer object: no `items` are sealed (`refused_shape`).
    Refused,
    /// The reply's answer object breaks the answer schema: `items` are sealed as received.
    Invalid,
}

impl Shape {
    /// The mark as sealed in `shape`: `refused_shape` or `invalid`.
    pub fn as_str(self) -> &'static str {
        match self {
            Shape::Refused => "refused_shape",
            Shape::Invalid => "invalid",
        }
    }

    /// The mark a line's `shape` names; None for any other text.
    pub fn parse(s: &str) -> Option<Shape> {
        match s {
            "refused_shape" => Some(Shape::Refused),
            "invalid" => Some(Shape::Invalid),
            _ => None,
        }
    }
}

/// The field of an `answer` line, `true` when the operator's secrets were replaced by
/// `[REDACTED]` in the reply before it was read and sealed (its text, so the line, and its
/// raw bytes, so `own_sha256` is of the raw reply as published; spec §3.13 requirement 2,
/// [`crate::league::redact`]). Absent otherwise.
pub const REDACTED_FIELD: &str = "redacted";

/// Marks `line` (an answer line's content) as read from a reply whose secrets were replaced.
pub fn mark_redacted(line: &mut Object) {
    line.insert(REDACTED_FIELD, Value::Bool(true));
}

/// An `answer` line: one seat's parsed answer (spec §3.2, Appendix C).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnswerContent {
    /// The answer time: when the reply arrived (RFC 3339 UTC).
    pub at: String,
    /// `run_id`: the run answered.
    pub run_id: String,
    /// `seat`: the seat that answered.
    pub seat: String,
    /// The model and version string the provider returned (else the configured model).
    pub model: String,
    /// `mode`: the seat's mode as configured (spec §3.13 requirement 1).
    pub mode: String,
    /// `ask_sha256`: SHA-256 of the common ask text answered, hex.
    pub ask_sha256: String,
    /// `items.<asset>.<horizon>`; None when the reply held no answer object.
    pub items: Option<Object>,
    /// The unscored sentence on the years ahead (§3.7).
    pub years: Option<String>,
    /// SHA-256 of the raw reply (lowercase hex).
    pub own_sha256: Option<String>,
    /// The raw reply's size in bytes, stated when the reply could not be read (its `items`
    /// are then absent and the line is `invalid`).
    pub own_bytes: Option<u64>,
    /// When the line was written to the book, if later than `at` (RFC 3339 UTC).
    pub booked_at: Option<String>,
    /// A reply not read as a well-formed answer, and why.
    pub shape: Option<(Shape, String)>,
    /// The answer's trading decisions as received (`core::arena::league`), and why part of
    /// them is not a decision, when so.
    pub decisions: Option<Value>,
    /// `decisions_reason`: why part of `decisions` is not a decision.
    pub decisions_reason: Option<String>,
    /// Keys the answer object states twice in one object, as dotted paths
    /// (`items.SPX.1d`): the last is the one sealed (`json.loads`), the repeat marked.
    pub duplicate_keys: Vec<String>,
    /// The provider's own finish reason as sent (`stop`, `content_filter`, `refusal`,
    /// `SAFETY`, a Gemini `blockReason`, ...).
    pub provider_finish: Option<String>,
    /// How the reply ended when not a plain stop: `refused` (by the model), `blocked` (by the
    /// provider) or `truncated` (the token limit), and for the first two the provider's reason.
    pub finish: Option<String>,
    /// `finish_reason`: the provider's reason for a `refused` or `blocked` finish.
    pub finish_reason: Option<String>,
}

impl AnswerContent {
    /// The answer line's content as its JSON object (`kind` `answer`; the optional keys only
    /// when set).
    pub fn to_object(&self) -> Object {
        let mut o = object([
            ("kind", string("answer")),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            ("seat", string(&self.seat)),
            ("model", string(&self.model)),
            ("mode", string(&self.mode)),
            ("ask_sha256", string(&self.ask_sha256)),
        ]);
        insert_some(&mut o, "items", self.items.clone().map(Value::Object));
        insert_some(&mut o, "years", self.years.as_deref().map(string));
        insert_some(&mut o, "own_sha256", self.own_sha256.as_deref().map(string));
        insert_some(&mut o, "booked_at", self.booked_at.as_deref().map(string));
        if let Some((shape, reason)) = &self.shape {
            o.insert("shape", string(shape.as_str()));
            o.insert("shape_reason", string(reason));
        }
        insert_some(&mut o, "decisions", self.decisions.clone());
        insert_some(
            &mut o,
            "decisions_reason",
            self.decisions_reason.as_deref().map(string),
        );
        insert_some(&mut o, "own_bytes", self.own_bytes.map(|b| int(b as i64)));
        if !self.duplicate_keys.is_empty() {
            o.insert(
                "duplicate_keys",
                Value::Array(self.duplicate_keys.iter().map(|k| string(k)).collect()),
            );
        }
        insert_some(
            &mut o,
            "provider_finish",
            self.provider_finish.as_deref().map(string),
        );
        insert_some(&mut o, "finish", self.finish.as_deref().map(string));
        insert_some(
            &mut o,
            "finish_reason",
            self.finish_reason.as_deref().map(string),
        );
        o
    }
}

/// One market's result on a score line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultContent {
    /// `ref`: the reference price, never 0.
    pub reference: f64,
    /// `close`: the terminal price.
    pub close: f64,
    /// `actual_pct`: the change in percent, `100 (close - ref) / ref`, when stated.
    pub actual_pct: Option<f64>,
    /// `up` as sealed: strictly above the reference.
    pub up: Option<bool>,
    /// `draw`: whether the change fell within the draw band (spec §3.5), when decided.
    pub draw: Option<bool>,
    /// `contract`: the event contract the result resolves (spec §3.13), when sealed with it.
    pub contract: Option<EventContract>,
}

/// One seat's score summary on a score line: `brier_<horizon>` and `n`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatScore {
    /// `brier_<horizon>`: the seat's mean Brier score over its scored cells (spec §4.2).
    pub brier: f64,
    /// `n`: how many cells the mean is over.
    pub n: u64,
}

/// A `score` line (horizon 1d, the day's results) or a `score_h` line (a longer horizon's,
/// when its window closes), spec §3.1, §3.3.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreContent {
    /// `at`: when the score line is sealed, RFC 3339 UTC.
    pub at: String,
    /// `run_id`: the scored run.
    pub run_id: String,
    /// The run line's `n`.
    pub of: u64,
    /// `horizon`: `1d` for a `score` line, longer for a `score_h` line.
    pub horizon: Horizon,
    /// `results`: asset -> its result.
    pub results: BTreeMap<String, ResultContent>,
    /// Draw band per asset, percent.
    pub noise: BTreeMap<String, f64>,
    /// Why a priced asset has no draw band (spec §3.5: never a guessed band).
    pub noise_missing: BTreeMap<String, String>,
    /// Answer line -> asset -> its own reference (sealed after the common one).
    pub late_ref: BTreeMap<u64, BTreeMap<String, f64>>,
    /// `seats`: seat -> its score summary, written only when any.
    pub seats: BTreeMap<String, SeatScore>,
}

impl ScoreContent {
    /// The line's `kind`: `score` for the 1d horizon, else `score_h`.
    pub fn kind(&self) -> &'static str {
        if self.horizon == Horizon::D1 {
            "score"
        } else {
            "score_h"
        }
    }

    /// The score line's content as its JSON object (`noise`, `noise_missing`, `late_ref` and
    /// `seats` only when not empty).
    pub fn to_object(&self) -> Object {
        let mut o = object([
            ("kind", string(self.kind())),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            ("of", int(self.of as i64)),
            ("horizon", string(self.horizon.as_str())),
        ]);
        let results = self.results.iter().map(|(asset, r)| {
            let mut c = object([("ref", float(r.reference)), ("close", float(r.close))]);
            insert_some(&mut c, "actual_pct", r.actual_pct.map(float));
            insert_some(&mut c, "up", r.up.map(Value::Bool));
            insert_some(&mut c, "draw", r.draw.map(Value::Bool));
            insert_some(
                &mut c,
                "contract",
                r.contract.as_ref().map(|c| Value::Object(c.to_object(9))),
            );
            (asset.as_str(), Value::Object(c))
        });
        o.insert("results", Value::Object(object(results)));
        if !self.noise.is_empty() {
            let noise = self.noise.iter().map(|(a, b)| (a.as_str(), float(*b)));
            o.insert("noise", Value::Object(object(noise)));
        }
        if !self.noise_missing.is_empty() {
            let why = self
                .noise_missing
                .iter()
                .map(|(a, r)| (a.as_str(), string(r)));
            o.insert("noise_missing", Value::Object(object(why)));
        }
        if !self.late_ref.is_empty() {
            let keys: Vec<(String, Value)> = self
                .late_ref
                .iter()
                .map(|(line, refs)| {
                    let refs = refs.iter().map(|(a, r)| (a.as_str(), float(*r)));
                    (line.to_string(), Value::Object(object(refs)))
                })
                .collect();
            o.insert(
                "late_ref",
                Value::Object(object(keys.iter().map(|(k, v)| (k.as_str(), v.clone())))),
            );
        }
        if !self.seats.is_empty() {
            let key = format!("brier_{}", self.horizon.as_str());
            let seats = self.seats.iter().map(|(seat, s)| {
                (
                    seat.as_str(),
                    Value::Object(object([
                        (key.as_str(), float(s.brier)),
                        ("n", int(s.n as i64)),
                    ])),
                )
            });
            o.insert("seats", Value::Object(object(seats)));
        }
        o
    }
}

/// A `crowd` line: each contract's resolution after the close (spec §4.9).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CrowdContent {
    /// `at`: when the crowd line is sealed, RFC 3339 UTC.
    pub at: String,
    /// `run_id`: the run whose contracts it resolves.
    pub run_id: String,
    /// (market code, venue) -> up (None: not resolved).
    pub rows: BTreeMap<(String, Venue), Option<bool>>,
    /// (market code, venue) -> where the resolution was read (`polymarket:<slug>`,
    /// `kalshi:<event ticker>`), sealed as the row's `source` when given.
    pub sources: BTreeMap<(String, Venue), String>,
}

impl CrowdContent {
    /// The crowd line's content as its JSON object: `rows` keyed by [`crowd_row_key`].
    pub fn to_object(&self) -> Object {
        let rows: Vec<(String, Value)> = self
            .rows
            .iter()
            .map(|((code, venue), up)| {
                let mut row = object([("up", up.map_or(Value::Null, Value::Bool))]);
                let source = self.sources.get(&(code.clone(), *venue));
                insert_some(&mut row, "source", source.map(|s| string(s)));
                (crowd_row_key(code, *venue), Value::Object(row))
            })
            .collect();
        object([
            ("kind", string("crowd")),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            (
                "rows",
                Value::Object(object(rows.iter().map(|(k, v)| (k.as_str(), v.clone())))),
            ),
        ])
    }
}

/// A `correction` line: a new line naming the line it corrects (`of`), the corrected line
/// left as it is (spec §3.10), with its source and reason and the corrected fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CorrectionContent {
    /// `at`: when the correction is sealed, RFC 3339 UTC.
    pub at: String,
    /// `of`: the corrected line's `n`.
    pub of: u64,
    /// `source`: where the corrected values come from.
    pub source: String,
    /// `reason`: why the line is corrected.
    pub reason: String,
    /// The corrected fields, sealed as given.
    pub fields: Object,
}

impl CorrectionContent {
    /// The correction line's content as its JSON object (`kind` `correction`).
    pub fn to_object(&self) -> Object {
        object([
            ("kind", string("correction")),
            ("at", string(&self.at)),
            ("of", int(self.of as i64)),
            ("source", string(&self.source)),
            ("reason", string(&self.reason)),
            ("fields", Value::Object(self.fields.clone())),
        ])
    }
}

/// A `no_answer` line: a roster seat whose reply did not arrive by the run's deadline (spec
/// §3.9). It carries no `items`: the readers keep it by kind only, and the seat's cells are
/// `no_answer` rows of the counted run ([`crate::score::book_rows`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NoAnswerContent {
    /// `at`: when the line is sealed, RFC 3339 UTC.
    pub at: String,
    /// `run_id`: the run the seat did not answer.
    pub run_id: String,
    /// `seat`: the seat.
    pub seat: String,
    /// Why (the last error, or that the deadline passed).
    pub reason: String,
}

impl NoAnswerContent {
    /// The no-answer line's content as its JSON object (`kind` `no_answer`).
    pub fn to_object(&self) -> Object {
        object([
            ("kind", string("no_answer")),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            ("seat", string(&self.seat)),
            ("reason", string(&self.reason)),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::chain::{verify, VerifyOptions};
    use crate::book::writer::BookWriter;
    use crate::calendar::Instant;
    use crate::records::book_lines::BookLines;
    use crate::records::crowd::{Quote, Strike};
    use crate::records::names::{float, int, object, string};
    use crate::records::roster::Side;

    fn seal(contents: &[Object]) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut book = Vec::new();
        for c in contents {
            book.extend_from_slice(&w.append(c).unwrap().bytes);
        }
        let report = verify(&book, VerifyOptions::default());
        assert!(report.ok, "{report:?}");
        book
    }

    fn contract(asset: &str, h: &str) -> EventContract {
        EventContract::from_values([
            asset,
            h,
            "2026-10-21T13:30:00Z",
            "2026-10-21T20:00:00Z",
            "close_gt_ref",
            "1",
            "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1",
            "csv",
            asset,
        ])
    }

    fn quote(p: f64) -> Quote {
        Quote {
            p_up: p,
            vol: 1234.5,
            bid: Some(0.61),
            ask: Some(0.63),
            last_trade_at: Some("2026-10-21T12:29:40Z".into()),
            lo: None,
            hi: None,
            prev_close: None,
        }
    }

    #[test]
    fn every_book_line_kind_reads_back() {
        let mut kalshi = quote(0.3);
        kalshi.lo = Some(Strike {
            level: 4.0,
            p_above: 0.4,
        });
        kalshi.hi = Some(Strike {
            level: 4.1,
            p_above: 0.2,
        });
        kalshi.prev_close = Some(4.05);
        let crowd = CrowdPrices {
            at: "2026-10-21T12:30:06Z".into(),
            odds: BTreeMap::from([("SPX".to_string(), quote(0.62))]),
            kalshi: BTreeMap::from([("TNX".to_string(), kalshi)]),
        };
        let roster = vec![
            RosterSeat {
                seat: "alpha".into(),
                family: "lab-a".into(),
                side: Some(Side::Us),
                model: Some("gpt-test".into()),
                provider: Some("openai".into()),
            },
            RosterSeat {
                seat: "coin".into(),
                family: "reference".into(),
                side: None,
                model: None,
                provider: None,
            },
        ];
        let run = RunContent {
            at: "2026-10-21T12:30:06Z".into(),
            run_id: "2026-10-21-am".into(),
            ask_sha256: "a".repeat(64),
            snapshot_sha256: "b".repeat(64),
            roster: roster.clone(),
            methodology: "m-1".into(),
            crowd: Some(crowd.clone()),
            contracts: BTreeMap::from([(("SPX".to_string(), Horizon::D1), contract("SPX", "1d"))]),
            clock_set: true,
            arena: vec!["arena-3".into(), "pro-1".into()],
        };
        let items = object([(
            "SPX",
            Value::Object(object([
                (
                    "1d",
                    Value::Object(object([
                        ("prob_up", int(55)),
                        ("action", string("hold")),
                        ("crowd_up", float(60.5)),
                    ])),
                ),
                ("1w", Value::Object(object([("prob_up", string("x"))]))),
            ])),
        )]);
        let answer = AnswerContent {
            at: "2026-10-21T12:31:00Z".into(),
            run_id: "2026-10-21-am".into(),
            seat: "alpha".into(),
            model: "gpt-test-2026".into(),
            mode: "api".into(),
            ask_sha256: "a".repeat(64),
            items: Some(items.clone()),
            years: Some("no view".into()),
            own_sha256: Some("c".repeat(64)),
            booked_at: Some("2026-10-21T12:31:01Z".into()),
            shape: Some((Shape::Invalid, "items.SPX.1w.prob_up: not a number".into())),
            decisions: Some(Value::Object(object([
                ("arena-3", string("hold")),
                ("pro-1", int(7)),
            ]))),
            decisions_reason: Some("decisions.pro-1: 7 is neither".into()),
            own_bytes: None,
            duplicate_keys: vec!["items.SPX.1d".into()],
            provider_finish: Some("stop".into()),
            finish: None,
            finish_reason: None,
        };
        let refused = AnswerContent {
            seat: "beta".into(),
            items: None,
            shape: Some((Shape::Refused, "no JSON object in the reply".into())),
            ..answer.clone()
        };
        let score = ScoreContent {
            at: "2026-10-21T20:05:00Z".into(),
            run_id: "2026-10-21-am".into(),
            of: 1,
            horizon: Horizon::D1,
            results: BTreeMap::from([(
                "SPX".to_string(),
                ResultContent {
                    reference: 6650.0,
                    close: 6700.25,
                    actual_pct: None,
                    up: Some(true),
                    draw: Some(false),
                    contract: Some(contract("SPX", "1d")),
                },
            )]),
            noise: BTreeMap::from([("SPX".to_string(), 0.05)]),
            noise_missing: BTreeMap::from([(
                "GC".to_string(),
                "the data holds no bar of the band session 2026-10-20".to_string(),
            )]),
            late_ref: BTreeMap::from([(2, BTreeMap::from([("SPX".to_string(), 6660.0)]))]),
            seats: BTreeMap::from([(
                "alpha".to_string(),
                SeatScore {
                    brier: 0.2025,
                    n: 1,
                },
            )]),
        };
        let score_h = ScoreContent {
            horizon: Horizon::W1,
            results: BTreeMap::from([(
                "SPX".to_string(),
                ResultContent {
                    reference: 6650.0,
                    close: 6600.0,
                    actual_pct: Some(-0.7518796992481203),
                    ..Default::default()
                },
            )]),
            noise: BTreeMap::new(),
            noise_missing: BTreeMap::new(),
            late_ref: BTreeMap::new(),
            seats: BTreeMap::new(),
            ..score.clone()
        };
        let crowd_line = CrowdContent {
            at: "2026-10-21T21:10:00Z".into(),
            run_id: "2026-10-21-am".into(),
            rows: BTreeMap::from([
                (("SPX".to_string(), Venue::Polymarket), Some(true)),
                (("TNX".to_string(), Venue::Kalshi), None),
            ]),
            ..Default::default()
        };
        let correction = CorrectionContent {
            at: "2026-10-22T01:00:00Z".into(),
            of: 5,
            source: "exchange print".into(),
            reason: "late close".into(),
            fields: object([("close", float(6701.0))]),
        };
        let book = seal(&[
            run.to_object(),
            answer.to_object(),
            refused.to_object(),
            score.to_object(),
            score_h.to_object(),
            crowd_line.to_object(),
            correction.to_object(),
        ]);
        let lines = BookLines::parse(&book).unwrap();
        assert_eq!(lines.score_error, None);

        let r = &lines.runs[0];
        let t = |s: &str| Instant::parse_rfc3339(s);
        assert_eq!(
            (
                r.n,
                r.run_id.as_deref(),
                r.at,
                r.methodology.as_deref(),
                r.ask_sha256.as_deref(),
                r.snapshot_sha256.as_deref(),
                r.clock_set
            ),
            (
                1,
                Some("2026-10-21-am"),
                t("2026-10-21T12:30:06Z"),
                Some("m-1"),
                Some(run.ask_sha256.as_str()),
                Some(run.snapshot_sha256.as_str()),
                true
            )
        );
        assert_eq!(r.crowd.as_ref(), Some(&crowd));
        assert_eq!(r.contracts, run.contracts);
        assert_eq!(r.arena, run.arena);
        assert_eq!(lines.run_rosters.len(), 1);
        assert_eq!(lines.run_rosters[0].0, 1);
        assert_eq!(
            crate::records::roster::parse_seats(&lines.run_rosters[0].1, "roster").unwrap(),
            roster
        );

        let a = &lines.answers[&2];
        assert_eq!(
            (
                a.seat.as_deref(),
                a.run_id.as_deref(),
                a.at,
                a.booked_at,
                a.model.as_deref(),
                a.mode.as_deref(),
                a.own_sha256.as_deref(),
                a.years.as_deref()
            ),
            (
                Some("alpha"),
                Some("2026-10-21-am"),
                t("2026-10-21T12:31:00Z"),
                t("2026-10-21T12:31:01Z"),
                Some("gpt-test-2026"),
                Some("api"),
                answer.own_sha256.as_deref(),
                Some("no view")
            )
        );
        assert_eq!((a.has_items, &a.items), (true, &items));
        assert_eq!(a.shape, answer.shape);
        assert_eq!(a.crowd_up, BTreeMap::from([("SPX".to_string(), 60.5)]));
        assert_eq!(
            (&a.decisions, &a.decisions_reason),
            (&answer.decisions, &answer.decisions_reason)
        );
        let b = &lines.answers[&3];
        assert_eq!((b.has_items, &b.shape), (false, &refused.shape));

        let s = &lines.scores[0];
        assert_eq!((s.n, s.of, s.horizon), (4, 1, Horizon::D1));
        let o = &s.results["SPX"];
        assert_eq!(
            (o.reference, o.close, o.draw, o.contract.as_ref()),
            (6650.0, 6700.25, Some(false), Some(&contract("SPX", "1d")))
        );
        assert_eq!(o.actual_pct, (6700.25 - 6650.0) / 6650.0 * 100.0);
        assert_eq!(s.noise, score.noise);
        assert_eq!(s.noise_missing, score.noise_missing);
        assert_eq!(s.late_ref, score.late_ref);
        let h = &lines.scores[1];
        assert_eq!(
            (h.horizon, h.results["SPX"].actual_pct),
            (Horizon::W1, -0.7518796992481203)
        );
        assert_eq!(lines.kinds[&5], "score_h");

        let c = &lines.crowds[0];
        assert_eq!(
            (c.n, &c.run_id, &c.rows),
            (6, &crowd_line.run_id, &crowd_line.rows)
        );
        assert_eq!(lines.kinds[&7], "correction");
        let v = crate::book::canon::parse(book.split(|b| *b == b'\n').nth(6).unwrap()).unwrap();
        let o = v.as_object().unwrap();
        assert!(o.get("of").unwrap().py_eq_int(5));
        assert_eq!(o.get("reason").and_then(Value::as_str), Some("late close"));
    }

    #[test]
    fn an_unknown_shape_names_the_field() {
        let mut o = AnswerContent {
            at: "2026-10-21T12:31:00Z".into(),
            ..Default::default()
        }
        .to_object();
        o.insert("shape", string("odd"));
        let e = BookLines::parse(&seal(&[o])).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "shape"));
    }
}
