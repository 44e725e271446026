//! The registered-predictions scorecard (spec §8.4): Brier on resolved predictions, the
//! resolved share, the worst-case bound and the skill score against a flat 0.5, compiled at
//! each check date from the registered-predictions file.
//!
//! The file (`registered-predictions.json`; the spec registers its predictions on OSF and
//! publishes each verdict with the field or script it rests on, §8.1-§8.4):
//!
//! ```json
//! {"registration": "10.17605/OSF.IO/9Q86N",
//!  "predictions": [{"id": "F1", "p": 0.62, "check_date": "2026-11-30",
//!                   "verdict": "true", "cites": "council-league.json seats.*.ranked"}]}
//! ```
//!
//! `p` is the registered probability (0-1) that the prediction is true given it resolves;
//! `verdict` is `"true"`, `"not_true"` or null/absent (not computable yet); a verdict must cite
//! the field or script it rests on. On a scorecard dated D a prediction whose check date is after
//! D is not due (whatever its verdict), one past its date without a verdict is unresolved and is
//! never counted as a success. Nothing is dropped: every prediction appears on every scorecard.

use crate::book::canon::{self, Value};
use crate::calendar::Date;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A registered prediction's state on a scorecard's date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    True,
    NotTrue,
    /// Its check date is after the scorecard's.
    NotDue,
    /// Past its date and not computable (missing sample, file or field): never a success.
    Unresolved,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Registered {
    /// Registered probability (0-1) that the prediction is true, given it resolves.
    pub p: f64,
    pub state: State,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scorecard {
    pub resolved: usize,
    /// Predictions past their date (resolved or not).
    pub past_due: usize,
    pub brier_resolved: Option<f64>,
    pub resolved_share: Option<f64>,
    /// Every unresolved past-due prediction adds max(p^2, (1-p)^2); all past-due predictions
    /// in the denominator.
    pub worst_case: Option<f64>,
    /// 1 - Brier / 0.25 on the resolved predictions.
    pub bss_vs_half: Option<f64>,
}

pub fn scorecard(preds: &[Registered]) -> Scorecard {
    let (mut resolved, mut past_due, mut sum_resolved, mut sum_worst) = (0usize, 0usize, 0.0, 0.0);
    for r in preds {
        match r.state {
            State::True | State::NotTrue => {
                let o = if r.state == State::True { 1.0 } else { 0.0 };
                let b = (r.p - o) * (r.p - o);
                resolved += 1;
                past_due += 1;
                sum_resolved += b;
                sum_worst += b;
            }
            State::Unresolved => {
                past_due += 1;
                sum_worst += (r.p * r.p).max((1.0 - r.p) * (1.0 - r.p));
            }
            State::NotDue => {}
        }
    }
    let brier_resolved = (resolved > 0).then(|| sum_resolved / resolved as f64);
    Scorecard {
        resolved,
        past_due,
        brier_resolved,
        resolved_share: (past_due > 0).then(|| resolved as f64 / past_due as f64),
        worst_case: (past_due > 0).then(|| sum_worst / past_due as f64),
        bss_vs_half: brier_resolved.map(|b| 1.0 - b / 0.25),
    }
}

/// One prediction of the registered-predictions file.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub id: String,
    pub p: f64,
    pub check_date: Date,
    /// `Some(true)`: true; `Some(false)`: not true; `None`: no verdict yet.
    pub verdict: Option<bool>,
    pub cites: Option<String>,
}

/// A registered-predictions file that cannot be read; `path` names the field
/// (`predictions[3].p`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisteredError {
    pub path: String,
    pub message: RegisteredMsg,
}

/// What is wrong with a field of the registered-predictions file, as a message id with its
/// arguments (the Scores page words it in the reader's language; `Display` is the English the
/// CLI writes). `found` is the JSON value's Python type name (`list`, `dict`, `str`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegisteredMsg {
    /// Not JSON (`detail` is the JSON reader's own words).
    NotJson {
        offset: usize,
        detail: String,
    },
    NotObject {
        found: &'static str,
    },
    NotList {
        found: &'static str,
    },
    NotString {
        found: &'static str,
    },
    NotNumber {
        found: &'static str,
    },
    Missing,
    /// A string holding a lone surrogate.
    LoneSurrogate,
    /// The id of an earlier prediction (`predictions[first]`) again.
    RegisteredTwice {
        id: String,
        first: usize,
    },
    /// `p` outside 0-1, as Rust writes the number.
    NotProbability {
        p: String,
    },
    NotDate {
        value: String,
    },
    NotVerdict {
        value: String,
    },
    /// A verdict without `cites`.
    UncitedVerdict,
}

impl fmt::Display for RegisteredMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegisteredMsg::NotJson { offset, detail } => {
                write!(f, "not JSON at byte {offset}: {detail}")
            }
            RegisteredMsg::NotObject { found } => write!(f, "expected an object, found {found}"),
            RegisteredMsg::NotList { found } => write!(f, "expected a list, found {found}"),
            RegisteredMsg::NotString { found } => write!(f, "expected a string, found {found}"),
            RegisteredMsg::NotNumber { found } => write!(f, "expected a number, found {found}"),
            RegisteredMsg::Missing => f.write_str("missing"),
            RegisteredMsg::LoneSurrogate => f.write_str("not valid Unicode (a lone surrogate)"),
            RegisteredMsg::RegisteredTwice { id, first } => {
                write!(f, "{id:?} is registered twice (also predictions[{first}])")
            }
            RegisteredMsg::NotProbability { p } => {
                write!(f, "{p} is not a probability from 0 to 1")
            }
            RegisteredMsg::NotDate { value } => write!(f, "{value:?} is not a date YYYY-MM-DD"),
            RegisteredMsg::NotVerdict { value } => {
                write!(f, "{value:?} is not \"true\", \"not_true\" or null")
            }
            RegisteredMsg::UncitedVerdict => {
                f.write_str("a verdict must cite the field or script it rests on")
            }
        }
    }
}

impl fmt::Display for RegisteredError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for RegisteredError {}

/// Reads the registered-predictions file.
pub fn parse_registered(bytes: &[u8]) -> Result<Vec<Prediction>, RegisteredError> {
    let err = |path: String, message: RegisteredMsg| RegisteredError { path, message };
    let v = canon::parse(bytes).map_err(|e| {
        err(
            "$".into(),
            RegisteredMsg::NotJson {
                offset: e.offset,
                detail: e.message,
            },
        )
    })?;
    let obj = v.as_object().ok_or_else(|| {
        err(
            "$".into(),
            RegisteredMsg::NotObject {
                found: v.type_name(),
            },
        )
    })?;
    let list = match obj.get("predictions") {
        Some(Value::Array(a)) => a,
        Some(v) => {
            return Err(err(
                "predictions".into(),
                RegisteredMsg::NotList {
                    found: v.type_name(),
                },
            ))
        }
        None => return Err(err("predictions".into(), RegisteredMsg::Missing)),
    };
    let mut out: Vec<Prediction> = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let path = |k: &str| format!("predictions[{i}].{k}");
        let o = item.as_object().ok_or_else(|| {
            err(
                format!("predictions[{i}]"),
                RegisteredMsg::NotObject {
                    found: item.type_name(),
                },
            )
        })?;
        let text = |k: &str| -> Result<Option<String>, RegisteredError> {
            match o.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Str(s)) => s
                    .as_str()
                    .map(|s| Some(s.to_owned()))
                    .ok_or_else(|| err(path(k), RegisteredMsg::LoneSurrogate)),
                Some(v) => Err(err(
                    path(k),
                    RegisteredMsg::NotString {
                        found: v.type_name(),
                    },
                )),
            }
        };
        let id = text("id")?
            .filter(|s| !s.is_empty())
            .ok_or_else(|| err(path("id"), RegisteredMsg::Missing))?;
        if let Some(first) = out.iter().position(|p| p.id == id) {
            return Err(err(
                path("id"),
                RegisteredMsg::RegisteredTwice {
                    id: id.clone(),
                    first,
                },
            ));
        }
        let p = match o.get("p") {
            Some(Value::Float(f)) => *f,
            Some(Value::Int(n)) => n.to_i64().map_or(f64::NAN, |n| n as f64),
            Some(v) => {
                return Err(err(
                    path("p"),
                    RegisteredMsg::NotNumber {
                        found: v.type_name(),
                    },
                ))
            }
            None => return Err(err(path("p"), RegisteredMsg::Missing)),
        };
        if !(0.0..=1.0).contains(&p) {
            return Err(err(
                path("p"),
                RegisteredMsg::NotProbability { p: p.to_string() },
            ));
        }
        let date_text =
            text("check_date")?.ok_or_else(|| err(path("check_date"), RegisteredMsg::Missing))?;
        let check_date = Date::parse(&date_text).ok_or_else(|| {
            err(
                path("check_date"),
                RegisteredMsg::NotDate {
                    value: date_text.clone(),
                },
            )
        })?;
        let verdict = match text("verdict")?.as_deref() {
            None => None,
            Some("true") => Some(true),
            Some("not_true") => Some(false),
            Some(other) => {
                return Err(err(
                    path("verdict"),
                    RegisteredMsg::NotVerdict {
                        value: other.into(),
                    },
                ))
            }
        };
        let cites = text("cites")?.filter(|s| !s.trim().is_empty());
        if verdict.is_some() && cites.is_none() {
            return Err(err(path("cites"), RegisteredMsg::UncitedVerdict));
        }
        out.push(Prediction {
            id,
            p,
            check_date,
            verdict,
            cites,
        });
    }
    Ok(out)
}

/// One prediction's state on a dated scorecard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRow {
    pub id: String,
    pub p: f64,
    pub check_date: String,
    pub state: State,
}

/// The scorecard dated `as_of`, with every prediction's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DatedScorecard {
    pub as_of: String,
    #[serde(flatten)]
    pub card: Scorecard,
    pub rows: Vec<CardRow>,
}

/// The state of `p` on a scorecard dated `as_of`.
pub fn state_on(p: &Prediction, as_of: Date) -> State {
    match p.verdict {
        _ if p.check_date > as_of => State::NotDue,
        Some(true) => State::True,
        Some(false) => State::NotTrue,
        None => State::Unresolved,
    }
}

/// The scorecards dated `dates`, or, when none is given, one at each check date in the file
/// (ascending), as the spec compiles them.
pub fn scorecards(preds: &[Prediction], dates: &[Date]) -> Vec<DatedScorecard> {
    let mut dates: Vec<Date> = if dates.is_empty() {
        preds.iter().map(|p| p.check_date).collect()
    } else {
        dates.to_vec()
    };
    dates.sort();
    dates.dedup();
    dates
        .into_iter()
        .map(|as_of| {
            let rows: Vec<CardRow> = preds
                .iter()
                .map(|p| CardRow {
                    id: p.id.clone(),
                    p: p.p,
                    check_date: p.check_date.to_string(),
                    state: state_on(p, as_of),
                })
                .collect();
            let card = scorecard(
                &rows
                    .iter()
                    .map(|r| Registered {
                        p: r.p,
                        state: r.state,
                    })
                    .collect::<Vec<_>>(),
            );
            DatedScorecard {
                as_of: as_of.to_string(),
                card,
                rows,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"registration": "osf", "predictions": [
        {"id": "F1", "p": 0.8, "check_date": "2026-11-30", "verdict": "true", "cites": "council-league.json ranked"},
        {"id": "F2", "p": 0.3, "check_date": "2026-11-30", "verdict": "not_true", "cites": "script F2.py"},
        {"id": "F3", "p": 0.6, "check_date": "2026-11-30", "verdict": null},
        {"id": "F4", "p": 0.9, "check_date": "2027-04-30", "verdict": "true", "cites": "x"}]}"#;

    #[test]
    fn dated_scorecards_from_the_file() {
        let preds = parse_registered(FILE.as_bytes()).unwrap();
        let cards = scorecards(&preds, &[]);
        assert_eq!(
            cards.iter().map(|c| c.as_of.as_str()).collect::<Vec<_>>(),
            ["2026-11-30", "2027-04-30"]
        );
        let first = &cards[0];
        assert_eq!(
            first.rows.iter().map(|r| r.state).collect::<Vec<_>>(),
            [
                State::True,
                State::NotTrue,
                State::Unresolved,
                State::NotDue
            ]
        );
        assert_eq!(
            first.card,
            scorecard(&[
                Registered {
                    p: 0.8,
                    state: State::True
                },
                Registered {
                    p: 0.3,
                    state: State::NotTrue
                },
                Registered {
                    p: 0.6,
                    state: State::Unresolved
                },
                Registered {
                    p: 0.9,
                    state: State::NotDue
                },
            ])
        );
        assert_eq!((cards[1].card.resolved, cards[1].card.past_due), (3, 4));
        let before = scorecards(&preds, &[Date::parse("2026-11-01").unwrap()]);
        assert_eq!(
            (before[0].card.past_due, before[0].card.brier_resolved),
            (0, None),
            "nothing is due yet"
        );
    }

    #[test]
    fn bad_files_name_the_field() {
        let bad = |text: &str| parse_registered(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(bad("[]"), "$: expected an object, found list");
        assert_eq!(bad("{}"), "predictions: missing");
        assert_eq!(
            bad(r#"{"predictions": [{"id": "F1", "p": 1.2, "check_date": "2026-11-30"}]}"#),
            "predictions[0].p: 1.2 is not a probability from 0 to 1"
        );
        assert_eq!(
            bad(r#"{"predictions": [{"id": "F1", "p": 0.5, "check_date": "2026-11-31"}]}"#),
            "predictions[0].check_date: \"2026-11-31\" is not a date YYYY-MM-DD"
        );
        assert_eq!(
            bad(
                r#"{"predictions": [{"id": "F1", "p": 0.5, "check_date": "2026-11-30", "verdict": "yes"}]}"#
            ),
            "predictions[0].verdict: \"yes\" is not \"true\", \"not_true\" or null"
        );
        assert_eq!(
            bad(
                r#"{"predictions": [{"id": "F1", "p": 0.5, "check_date": "2026-11-30", "verdict": "true"}]}"#
            ),
            "predictions[0].cites: a verdict must cite the field or script it rests on"
        );
        assert_eq!(
            bad(
                r#"{"predictions": [{"id": "F1", "p": 0.5, "check_date": "2026-11-30"}, {"id": "F1", "p": 0.5, "check_date": "2026-11-30"}]}"#
            ),
            "predictions[1].id: \"F1\" is registered twice (also predictions[0])"
        );
        assert_eq!(
            bad(r#"{"predictions": [{"p": 0.5}]}"#),
            "predictions[0].id: missing"
        );
        assert!(bad("{\"predictions\": [").starts_with("$: not JSON at byte"));
        let e = parse_registered(br#"{"predictions": [{"id": 7}]}"#).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message),
            (
                "predictions[0].id",
                RegisteredMsg::NotString { found: "int" }
            )
        );
    }

    #[test]
    fn card() {
        let c = scorecard(&[
            Registered {
                p: 0.8,
                state: State::True,
            },
            Registered {
                p: 0.3,
                state: State::NotTrue,
            },
            Registered {
                p: 0.6,
                state: State::Unresolved,
            },
            Registered {
                p: 0.9,
                state: State::NotDue,
            },
        ]);
        assert_eq!((c.resolved, c.past_due), (2, 3));
        assert!((c.brier_resolved.unwrap() - 0.065).abs() < 1e-15);
        assert!((c.worst_case.unwrap() - (0.04 + 0.09 + 0.36) / 3.0).abs() < 1e-15);
        assert!((c.bss_vs_half.unwrap() - (1.0 - 0.065 / 0.25)).abs() < 1e-12);
        assert_eq!(c.resolved_share, Some(2.0 / 3.0));
    }
}
