//! The arena records file (seed 004).
//!
//! - `{"kind": "directional", "agent", "challenge_id", "status", "direction"?, "confidence"?,
//!   "probabilities"?, "outcome"?, "opening"?, "closing"?, "neutral_threshold"?}`: either the
//!   legacy pair `direction` (`"bearish"`, `"neutral"`, `"bullish"`) + `confidence` (0-1) or a
//!   full `probabilities` vector with exactly those three keys (non-negative, sum 1 within
//!   1e-9); `status` `"resolved"`, `"cancelled"` or `"open"`; a resolved challenge gives
//!   either its `outcome` or the `opening` and `closing` observations and the
//!   `neutral_threshold` (a move inside or on it is neutral).
//! - `{"kind": "numeric", "agent", "challenge_id", "status", "point", "sd", "actual"?,
//!   "reference_scale"}`: a Normal forecast N(point, sd^2) (sd > 0), the resolved `actual`,
//!   and the challenge-level reference scale (> 0) of the 0-100 display score.
//!   One forecast per agent and challenge (its final pre-deadline version).

use super::error::{RecordError, RecordMsg};
use super::fields::{f, FieldType, Kind};
use super::lines::{read_lines, Agreement, Rec};
use crate::score::peers::arena::{resolve, Direction, Submission};
use crate::stats::crps::crps_gaussian;

const DIRECTIONS: &[&str] = &["bearish", "neutral", "bullish"];

/// Seed 004.
pub const ARENA_KINDS: &[Kind] = &[
    Kind {
        name: "directional",
        doc: "One agent's call on a directional challenge: the legacy direction + confidence pair or a probability vector, and how the challenge resolved.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The authenticated agent."),
            f("challenge_id", FieldType::Text, true, false, "The challenge."),
            f("status", FieldType::Choice(&["resolved", "cancelled", "open"]), true, false, "Challenge status; cancelled and open are not scored."),
            f("direction", FieldType::Choice(DIRECTIONS), false, false, "Legacy encoding: the call (with confidence; not with probabilities)."),
            f("confidence", FieldType::Fraction, false, false, "Legacy encoding: confidence in the call, 0-1."),
            f("probabilities", FieldType::OutcomeMap, false, false, "Vector encoding: exactly bearish, neutral, bullish, non-negative, summing to 1 within 1e-9."),
            f("outcome", FieldType::Choice(DIRECTIONS), false, false, "The resolved direction (resolved only; or give opening, closing, neutral_threshold)."),
            f("opening", FieldType::Number, false, false, "The defined opening observation."),
            f("closing", FieldType::Number, false, false, "The defined closing observation."),
            f("neutral_threshold", FieldType::Number, false, false, "The stored neutral threshold (absolute, question units, >= 0): a move inside or on it is neutral."),
        ],
    },
    Kind {
        name: "numeric",
        doc: "One agent's Normal forecast on a numeric challenge.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The authenticated agent."),
            f("challenge_id", FieldType::Text, true, false, "The challenge."),
            f("status", FieldType::Choice(&["resolved", "cancelled", "open"]), true, false, "Challenge status; cancelled and open are not scored."),
            f("point", FieldType::Number, true, false, "Point forecast (the Normal's mean)."),
            f("sd", FieldType::Positive, true, false, "Submitted uncertainty: the Normal's standard deviation (> 0)."),
            f("actual", FieldType::Number, false, true, "The resolved value (required when resolved)."),
            f("reference_scale", FieldType::Positive, true, false, "The challenge-level reference scale of the 0-100 display score (> 0), the same on every record of the challenge."),
        ],
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStatus {
    Resolved,
    Cancelled,
    Open,
}

/// How a directional call was submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Vector,
    Legacy,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArenaDirectional {
    pub line: usize,
    pub agent: String,
    pub challenge_id: String,
    pub status: ArenaStatus,
    pub submission: Submission,
    pub encoding: Encoding,
    /// The resolved direction (resolved challenges only).
    pub outcome: Option<Direction>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArenaNumeric {
    pub line: usize,
    pub agent: String,
    pub challenge_id: String,
    pub status: ArenaStatus,
    pub point: f64,
    pub sd: f64,
    /// The resolved value (resolved challenges only).
    pub actual: Option<f64>,
    pub reference_scale: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArenaRecord {
    Directional(ArenaDirectional),
    Numeric(ArenaNumeric),
}

/// Reads an arena records file.
pub fn read_arena(bytes: &[u8]) -> Result<Vec<ArenaRecord>, RecordError> {
    let mut out = Vec::new();
    let mut forecasts = Agreement::<(String, String), ()>::new();
    let mut challenges = Agreement::<String, ChallengeFacts>::new();
    read_lines(bytes, ARENA_KINDS, |r| {
        let agent = r.text("agent")?;
        let challenge_id = r.text("challenge_id")?;
        let status_index = r
            .opt_choice("status")?
            .ok_or_else(|| r.err("status", RecordMsg::Missing))?;
        if let Ok(Some(first)) = forecasts.check((agent.clone(), challenge_id.clone()), r.line, ())
        {
            return Err(r.err(
                "challenge_id",
                RecordMsg::SecondChallengeForecast {
                    agent,
                    challenge: challenge_id,
                    first,
                },
            ));
        }
        let head = Head {
            agent,
            challenge_id,
            status_index,
        };
        out.push(if r.kind.name == "numeric" {
            ArenaRecord::Numeric(read_numeric(&r, head, &mut challenges)?)
        } else {
            ArenaRecord::Directional(read_directional(&r, head, &mut challenges)?)
        });
        Ok(())
    })?;
    Ok(out)
}

const STATUSES: [ArenaStatus; 3] = [
    ArenaStatus::Resolved,
    ArenaStatus::Cancelled,
    ArenaStatus::Open,
];
const DIRS: [Direction; 3] = [Direction::Bearish, Direction::Neutral, Direction::Bullish];

/// What every record of one challenge must agree on: its kind (0 directional, 1 numeric),
/// status, reference scale, and outcome or actual (as bits).
type ChallengeFacts = (usize, usize, Option<u64>, Option<u64>);

/// The fields every arena record starts with.
struct Head {
    agent: String,
    challenge_id: String,
    /// Index into [`STATUSES`].
    status_index: usize,
}

/// A `numeric` record: a Normal forecast, its actual only when resolved, with a finite CRPS.
fn read_numeric(
    r: &Rec<'_>,
    head: Head,
    challenges: &mut Agreement<String, ChallengeFacts>,
) -> Result<ArenaNumeric, RecordError> {
    let status = STATUSES[head.status_index];
    let actual = r.opt_number("actual")?;
    match (status, actual) {
        (ArenaStatus::Resolved, None) => return Err(r.err("actual", RecordMsg::ActualRequired)),
        (ArenaStatus::Cancelled | ArenaStatus::Open, Some(_)) => {
            return Err(r.err("actual", RecordMsg::OnlyWhenResolved))
        }
        _ => {}
    }
    let (point, sd) = (r.number("point")?, r.number("sd")?);
    if let Some(x) = actual {
        if !crps_gaussian(x, point, sd).is_some_and(f64::is_finite) {
            return Err(r.err(
                "sd",
                RecordMsg::NoFiniteCrps {
                    point: point.to_string(),
                    sd: sd.to_string(),
                    actual: x.to_string(),
                },
            ));
        }
    }
    let reference_scale = r.number("reference_scale")?;
    let facts = (
        1,
        head.status_index,
        Some(reference_scale.to_bits()),
        actual.map(f64::to_bits),
    );
    if let Err(first) = challenges.check(head.challenge_id.clone(), r.line, facts) {
        return Err(r.err(
            "challenge_id",
            RecordMsg::AnotherNumericChallenge {
                challenge: head.challenge_id,
                first,
            },
        ));
    }
    Ok(ArenaNumeric {
        line: r.line,
        agent: head.agent,
        challenge_id: head.challenge_id,
        status,
        point,
        sd,
        actual,
        reference_scale,
    })
}

/// A `directional` record: its call in one of the two encodings and, when resolved, its
/// outcome.
fn read_directional(
    r: &Rec<'_>,
    head: Head,
    challenges: &mut Agreement<String, ChallengeFacts>,
) -> Result<ArenaDirectional, RecordError> {
    let status = STATUSES[head.status_index];
    let (submission, encoding) = read_submission(r)?;
    let outcome = read_outcome(r, status)?;
    let facts = (0, head.status_index, None, outcome.map(|d| d as u64));
    if let Err(first) = challenges.check(head.challenge_id.clone(), r.line, facts) {
        return Err(r.err(
            "challenge_id",
            RecordMsg::AnotherDirectionalChallenge {
                challenge: head.challenge_id,
                first,
            },
        ));
    }
    Ok(ArenaDirectional {
        line: r.line,
        agent: head.agent,
        challenge_id: head.challenge_id,
        status,
        submission,
        encoding,
        outcome,
    })
}

/// The call: the legacy `direction` + `confidence` pair, or a `probabilities` vector over
/// exactly the three directions; never both, never neither.
fn read_submission(r: &Rec<'_>) -> Result<(Submission, Encoding), RecordError> {
    let legacy = (r.opt_choice("direction")?, r.opt_number("confidence")?);
    let vector = r.opt_outcome_map("probabilities")?;
    Ok(match (legacy, vector) {
        ((Some(d), Some(c)), None) => (
            Submission::legacy(DIRS[d], c)
                .map_err(|e| r.err("confidence", RecordMsg::Vector(e)))?,
            Encoding::Legacy,
        ),
        ((None, None), Some((labels, p))) => {
            let mut v = [0.0; 3];
            for (label, p) in labels.iter().zip(p) {
                let k = DIRECTIONS.iter().position(|d| d == label).ok_or_else(|| {
                    r.err(
                        "probabilities",
                        RecordMsg::NotADirection {
                            label: label.clone(),
                        },
                    )
                })?;
                v[k] = p;
            }
            if labels.len() != 3 {
                return Err(r.err("probabilities", RecordMsg::NeedsThreeDirections));
            }
            (
                Submission::from_vector(v)
                    .map_err(|e| r.err("probabilities", RecordMsg::Vector(e)))?,
                Encoding::Vector,
            )
        }
        ((Some(_), None), None) => return Err(r.err("confidence", RecordMsg::ConfidenceRequired)),
        ((None, Some(_)), None) => return Err(r.err("direction", RecordMsg::DirectionRequired)),
        ((None, None), None) => return Err(r.err("probabilities", RecordMsg::NoEncoding)),
        (_, Some(_)) => return Err(r.err("probabilities", RecordMsg::BothEncodings)),
    })
}

/// The resolved direction: stated as `outcome`, or from the `opening` and `closing`
/// observations and the `neutral_threshold`; none unless resolved.
fn read_outcome(r: &Rec<'_>, status: ArenaStatus) -> Result<Option<Direction>, RecordError> {
    let stated = r.opt_choice("outcome")?;
    let observed = (
        r.opt_number("opening")?,
        r.opt_number("closing")?,
        r.opt_number("neutral_threshold")?,
    );
    match (status, stated, observed) {
        (ArenaStatus::Resolved, Some(k), (None, None, None)) => Ok(Some(DIRS[k])),
        (ArenaStatus::Resolved, None, (Some(o), Some(c), Some(t))) => {
            if t < 0.0 {
                return Err(r.err(
                    "neutral_threshold",
                    RecordMsg::NegativeThreshold {
                        value: t.to_string(),
                    },
                ));
            }
            Ok(Some(resolve(o, c, t)))
        }
        (ArenaStatus::Resolved, Some(_), _) => {
            Err(r.err("outcome", RecordMsg::OutcomeAndObservations))
        }
        (ArenaStatus::Resolved, None, (o, c, _)) => {
            let absent = if o.is_none() {
                "opening"
            } else if c.is_none() {
                "closing"
            } else {
                "neutral_threshold"
            };
            Err(r.err(absent, RecordMsg::ResolvedNeedsOutcome))
        }
        (_, None, (None, None, None)) => Ok(None),
        _ => Err(r.err("outcome", RecordMsg::OnlyWhenResolved)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::peers::records::lines::error_at;

    #[test]
    fn arena_records() {
        let legacy = r#"{"kind": "directional", "agent": "a", "challenge_id": "c1", "status": "resolved", "direction": "bullish", "confidence": 0.6, "opening": 100, "closing": 100.5, "neutral_threshold": 0.5}"#;
        let vector = r#"{"kind": "directional", "agent": "b", "challenge_id": "c1", "status": "resolved", "probabilities": {"bearish": 0.2, "neutral": 0.5, "bullish": 0.3}, "outcome": "neutral"}"#;
        let numeric = r#"{"kind": "numeric", "agent": "a", "challenge_id": "n1", "status": "resolved", "point": 3.1, "sd": 0.2, "actual": 3.0, "reference_scale": 0.5}"#;
        let recs = read_arena(format!("{legacy}\n{vector}\n{numeric}").as_bytes()).unwrap();
        let ArenaRecord::Directional(l) = &recs[0] else {
            panic!()
        };
        assert_eq!(
            (l.encoding, l.outcome, l.submission.vector),
            (Encoding::Legacy, Some(Direction::Neutral), [0.2, 0.2, 0.6])
        );
        let ArenaRecord::Directional(v) = &recs[1] else {
            panic!()
        };
        assert_eq!(
            (v.encoding, v.submission.direction, v.submission.confidence),
            (Encoding::Vector, Direction::Neutral, 0.5)
        );
        let at = |text: String| error_at(read_arena(text.as_bytes()));
        assert_eq!(
            at(vector.replace("0.5,", "0.6,")).1.as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(vector.replace("bearish\": 0.2", "up\": 0.2"))
                .1
                .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(vector.replace(
                r#""outcome""#,
                r#""direction": "bearish", "confidence": 0.5, "outcome""#
            ))
            .1
            .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(legacy.replace(r#", "neutral_threshold": 0.5"#, ""))
                .1
                .as_deref(),
            Some("neutral_threshold")
        );
        assert_eq!(
            at(vector.replace("resolved", "open")).1.as_deref(),
            Some("outcome")
        );
        assert_eq!(
            at(numeric.replace(r#", "actual": 3.0"#, "")).1.as_deref(),
            Some("actual")
        );
        assert_eq!(at(numeric.replace("0.2", "-0.2")).1.as_deref(), Some("sd"));
        assert_eq!(
            at(numeric.replace("3.1", "1e308").replace("3.0", "-1e308"))
                .1
                .as_deref(),
            Some("sd")
        );
        assert_eq!(
            at(format!(
                "{numeric}\n{}",
                numeric.replace("\"a\"", "\"b\"").replace("0.5}", "0.6}")
            ))
            .1
            .as_deref(),
            Some("challenge_id")
        );
        assert_eq!(
            at(format!(
                "{legacy}\n{}",
                vector.replace("neutral\"}", "bullish\"}")
            ))
            .1
            .as_deref(),
            Some("challenge_id")
        );
    }
}
