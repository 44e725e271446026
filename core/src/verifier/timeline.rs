//! The reader's per-day timeline (spec §3.2, §3.3, §3.11 P1a/P1b), computed from the typed
//! report: for each session day, on one time axis in New York time, each answer's seal (one
//! lane per seat), each stamped list's time (from its published name, `proof/<day>/<HHMMSS>Z.txt`),
//! each anchor's time (an RFC 3161 token's genTime per authority, a Rekor entry's
//! integratedTime, the Bitcoin block's header time once an OpenTimestamps proof is complete and
//! its header checked; a pending proof at its list's time, marked pending) and the session's
//! common reference (09:30 ET).
//!
//! Positions are computed here, in thousandths of the axis, with the axis's ticks, so a page
//! only draws what it is given. A mark whose time lies more than [`MAX_REACH_SECS`] from the
//! reference, or that has no time, is kept without a position (a table lists it).

use super::answers::Verdict;
use super::report::VerifierReport;
use super::results::{FileError, ProofState};
use crate::calendar::{new_york_offset_secs, reference_cut, Date, Instant};
use crate::records::names::stamp_list_time;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The axis spans at most this far either side of the reference (seconds); marks beyond it
/// have no position.
pub const MAX_REACH_SECS: i64 = 24 * 3600;
/// The axis's length in position units (a mark at the axis's end is at `AXIS`).
pub const AXIS: u16 = 1000;
/// At most this many intervals between ticks: the labels stay apart on a phone.
const MAX_TICK_INTERVALS: i64 = 6;
/// Tick steps tried, in minutes, smallest first.
const TICK_STEPS_MIN: [i64; 8] = [15, 30, 60, 120, 180, 360, 720, 1440];

const MICROS: i64 = 1_000_000;

/// Who or what a lane of the chart shows.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Lane {
    /// A seat's answers, sealed into the book.
    Seat(String),
    /// The stamped lists, at the time their names state (the operator's clock).
    Lists,
    /// A time-stamp authority's tokens (RFC 3161), by its name.
    Authority(String),
    /// The Rekor log's entries.
    Rekor,
    /// Bitcoin through OpenTimestamps: the block, or the proof still pending.
    Bitcoin,
}

/// What a mark says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkState {
    /// An answer proven sealed before its reference by an anchor outside the operator.
    Proven,
    /// An answer whose anchors all come after its reference.
    AnchoredAfter,
    /// An answer no anchor covers yet: the operator's clock alone.
    OperatorClock,
    /// An answer sealed at or after its reference.
    Late,
    /// A stamped list, at the time its name states.
    Stamped,
    /// An anchor that verified: the time it states is proven.
    Verified,
    /// An anchor that could not be checked (a root not chosen, a header or key not given, an
    /// entry whose time is not signed).
    Unchecked,
    /// An OpenTimestamps proof still waiting for Bitcoin, at its list's time.
    Pending,
    /// An anchor that failed a check.
    Failed,
}

impl From<Verdict> for MarkState {
    fn from(v: Verdict) -> MarkState {
        match v {
            Verdict::ProvenBeforeReference => MarkState::Proven,
            Verdict::AnchoredOnlyAfterReference => MarkState::AnchoredAfter,
            Verdict::OperatorClockOnly => MarkState::OperatorClock,
            Verdict::SealedAfterReference => MarkState::Late,
        }
    }
}

/// What a mark stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "of", rename_all = "snake_case")]
pub enum Subject {
    /// An answer, by its line of the book.
    Line(u64),
    /// A stamped list, token, entry or proof, by its file name.
    File(String),
    /// A Bitcoin block, by its height.
    Block(u64),
}

/// One mark of a lane.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Where on the axis, `0..=AXIS`; None when the mark has no time or lies off the axis.
    pub x: Option<u16>,
    /// Its time in New York (`HH:MM:SS`, with the date in front when not the session's day);
    /// None when it has none.
    pub at: Option<String>,
    pub state: MarkState,
    pub subject: Subject,
}

/// One lane and its marks, in time order (marks without a time last).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub lane: Lane,
    pub marks: Vec<Mark>,
}

/// A tick of the axis: its position and its New York time (`HH:MM`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    pub x: u16,
    pub label: String,
}

/// One session day's chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    /// The session (`YYYY-MM-DD`), or the New York date of the stamped lists when no answer
    /// names one.
    pub session: String,
    /// The session's common reference (09:30 ET unless the answers declare another).
    pub reference: Tick,
    pub ticks: Vec<Tick>,
    /// The seats (by name), then the stamped lists, then the authorities, Rekor and Bitcoin.
    pub rows: Vec<Row>,
}

/// Every day's chart, in date order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timeline {
    pub days: Vec<Day>,
}

/// A mark before it is placed on its day's axis.
struct Pending {
    lane: Lane,
    at: Option<Instant>,
    state: MarkState,
    subject: Subject,
}

#[derive(Default)]
struct DayParts {
    reference: Option<Instant>,
    marks: Vec<Pending>,
    lists: Vec<String>,
}

impl Timeline {
    /// The timeline of report `r`: one day per session its answers name (or, without answers,
    /// per New York date its stamped lists' names state).
    pub fn of(r: &VerifierReport) -> Timeline {
        let mut days: BTreeMap<Date, DayParts> = BTreeMap::new();
        let answers = r.answers.as_ref().map_or(&[][..], |a| &a.answers[..]);
        for a in answers {
            let Some(session) = Date::parse(&a.session) else {
                continue;
            };
            let day = days.entry(session).or_default();
            if day.reference.is_none() {
                day.reference = Instant::parse_rfc3339(&a.reference_at);
            }
            day.marks.push(Pending {
                lane: Lane::Seat(a.seat.clone()),
                at: Instant::parse_rfc3339(&a.sealed_at),
                state: a.verdict.into(),
                subject: Subject::Line(a.line),
            });
            for l in [&a.list, &a.anchored_list].into_iter().flatten() {
                if !day.lists.contains(l) {
                    day.lists.push(l.clone());
                }
            }
        }
        let usable = r
            .lists
            .iter()
            .filter(|l| l.error.is_none() && !l.not_a_list);
        for l in usable {
            let Some(t) = stamp_list_time(&l.name) else {
                continue;
            };
            let date = new_york_date(t);
            let day = if answers.is_empty() {
                Some(days.entry(date).or_default())
            } else {
                days.get_mut(&date)
            };
            if let Some(day) = day {
                if !day.lists.contains(&l.name) {
                    day.lists.push(l.name.clone());
                }
            }
        }
        for day in days.values_mut() {
            let lists = std::mem::take(&mut day.lists);
            for list in &lists {
                anchors_of(r, list, &mut day.marks);
            }
        }
        Timeline {
            days: days
                .into_iter()
                .map(|(date, parts)| place(date, parts))
                .collect(),
        }
    }
}

/// The stamped list `list`, and every token, entry and proof checked for it.
fn anchors_of(r: &VerifierReport, list: &str, out: &mut Vec<Pending>) {
    let listed = stamp_list_time(list);
    out.push(Pending {
        lane: Lane::Lists,
        at: listed,
        state: MarkState::Stamped,
        subject: Subject::File(list.to_string()),
    });
    let on_list = |l: &Option<String>| l.as_deref() == Some(list);
    for t in r.tokens.iter().filter(|t| on_list(&t.list)) {
        let state = if t.ok {
            MarkState::Verified
        } else if t.error.is_none()
            && (t.missing_signer.is_some() || super::overall::root_not_chosen(t))
        {
            MarkState::Unchecked
        } else {
            MarkState::Failed
        };
        let authority = t
            .authority
            .as_deref()
            .map_or_else(|| t.name.clone(), super::answers::common_name);
        out.push(Pending {
            lane: Lane::Authority(authority),
            at: t.gen_time.as_deref().and_then(Instant::parse_rfc3339),
            state,
            subject: Subject::File(t.name.clone()),
        });
    }
    for e in r.rekor.iter().filter(|e| on_list(&e.list)) {
        let state = match &e.error {
            _ if e.ok && e.time_signed => MarkState::Verified,
            _ if e.ok => MarkState::Unchecked,
            Some(FileError::EntryListOrKeyMissing { .. }) => MarkState::Unchecked,
            _ => MarkState::Failed,
        };
        out.push(Pending {
            lane: Lane::Rekor,
            at: e
                .integrated_time
                .as_deref()
                .and_then(Instant::parse_rfc3339),
            state,
            subject: Subject::File(e.name.clone()),
        });
    }
    for p in r.proofs.iter().filter(|p| on_list(&p.stamped_file)) {
        let verdict = p.report.as_ref().and_then(|r| r.verdict.as_ref());
        let (at, state, subject) = match (p.state(), verdict) {
            (ProofState::Verified, Some(v)) => {
                let block = v.earliest.and_then(|i| v.bitcoin.get(i));
                (
                    block
                        .and_then(|b| b.header_time)
                        .map(|s| Instant(i64::from(s) * MICROS)),
                    MarkState::Verified,
                    block.map_or_else(
                        || Subject::File(p.name.clone()),
                        |b| Subject::Block(b.height),
                    ),
                )
            }
            // Waiting for a header: the block is named, its time not yet checked.
            (ProofState::Open, Some(v)) if !v.bitcoin.is_empty() => (
                listed,
                MarkState::Unchecked,
                Subject::Block(v.bitcoin[0].height),
            ),
            (ProofState::Open, _) => (listed, MarkState::Pending, Subject::File(p.name.clone())),
            _ => (listed, MarkState::Failed, Subject::File(p.name.clone())),
        };
        out.push(Pending {
            lane: Lane::Bitcoin,
            at,
            state,
            subject,
        });
    }
}

/// The New York date of `t`.
fn new_york_date(t: Instant) -> Date {
    t.new_york().0
}

/// Seconds after midnight New York time at the start of `session` (negative: the day before).
fn local_secs(session: Date, t: Instant) -> i64 {
    (t.0.div_euclid(MICROS) + new_york_offset_secs(t)) - session.days_since_epoch() * 86400
}

/// `secs` after the session's midnight, New York time, as `HH:MM:SS` (`YYYY-MM-DD HH:MM:SS`
/// on another day).
fn clock(session: Date, secs: i64) -> String {
    let day = secs.div_euclid(86400);
    let s = secs.rem_euclid(86400);
    let hms = format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    if day == 0 {
        hms
    } else {
        format!("{} {hms}", session.add_days(day))
    }
}

/// `secs` after a midnight as the New York wall clock's `HH:MM`.
fn hhmm(secs: i64) -> String {
    let s = secs.rem_euclid(86400);
    format!("{:02}:{:02}", s / 3600, s / 60 % 60)
}

/// Lays out a day: the axis spans its marks and its reference, in whole tick steps.
fn place(session: Date, parts: DayParts) -> Day {
    let reference = parts.reference.unwrap_or_else(|| reference_cut(session));
    let ref_secs = local_secs(session, reference);
    let reach = |s: i64| (s - ref_secs).abs() <= MAX_REACH_SECS;
    let secs: Vec<i64> = parts
        .marks
        .iter()
        .filter_map(|m| m.at.map(|t| local_secs(session, t)))
        .filter(|s| reach(*s))
        .chain([ref_secs])
        .collect();
    let lo = secs.iter().copied().min().unwrap_or(ref_secs);
    let hi = secs.iter().copied().max().unwrap_or(ref_secs);
    let step = TICK_STEPS_MIN
        .iter()
        .map(|m| m * 60)
        .find(|step| {
            let (start, end) = span(lo, hi, *step);
            (end - start) / step <= MAX_TICK_INTERVALS
        })
        .unwrap_or(1440 * 60 * 2);
    let (start, end) = span(lo, hi, step);
    let x = |s: i64| -> u16 { ((s - start) * i64::from(AXIS) / (end - start)) as u16 };
    let ticks = (0..=(end - start) / step)
        .map(|i| {
            let s = start + i * step;
            Tick {
                x: x(s),
                label: hhmm(s),
            }
        })
        .collect();
    let mut rows: BTreeMap<Lane, Vec<(Option<i64>, Mark)>> = BTreeMap::new();
    for m in parts.marks {
        let s = m.at.map(|t| local_secs(session, t));
        rows.entry(m.lane).or_default().push((
            s,
            Mark {
                x: s.filter(|s| reach(*s)).map(x),
                at: s.map(|s| clock(session, s)),
                state: m.state,
                subject: m.subject,
            },
        ));
    }
    Day {
        session: session.to_string(),
        reference: Tick {
            x: x(ref_secs),
            label: hhmm(ref_secs),
        },
        ticks,
        rows: rows
            .into_iter()
            .map(|(lane, mut marks)| {
                marks.sort_by_key(|(s, _)| (s.is_none(), *s));
                Row {
                    lane,
                    marks: marks.into_iter().map(|(_, m)| m).collect(),
                }
            })
            .collect(),
    }
}

/// The axis from `lo` down to a whole `step` to `hi` up to one, at least one step long.
fn span(lo: i64, hi: i64, step: i64) -> (i64, i64) {
    let start = lo.div_euclid(step) * step;
    let end = (hi + step - 1).div_euclid(step) * step;
    (start, end.max(start + step))
}

#[cfg(test)]
mod tests;
