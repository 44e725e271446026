//! The ask chain's lines (`asks.jsonl`, spec §3.1, §3.4, §3.9, Appendix C), writer and reader:
//!
//! ```text
//! schedule (the declaration, the chain's first line, sealed before any run):
//!         "at", "ask_at_et": "HH:MM", "reference_at_et": "HH:MM" (New York time),
//!         optional: "label", "runs": [run_id, ...] (a fixed list of counted runs),
//!         "other_runs_et": ["HH:MM", ...] (the session's runs besides the counted one, each
//!         not counted: before the reference on the session day, or at or after the 16:00
//!         close the day before),
//!         "counting_rule" (which run of a session counts), "methodology" (version),
//!         "first_session" (YYYY-MM-DD), "stamp_every_minutes", "score_at_et" ("HH:MM"),
//!         "league" (its name), "seats" (the roster, as [`super::roster`] lays it out),
//!         "climatology_sha256" (the content hash of `council-clim-window.json`, spec §4.3,
//!         Requirement 9: the climatology table sealed before the season)
//! roster: "at", "seats" (see [`super::roster`])
//! ask:    "at", "run_id", "ask_sha256" (the common text's SHA-256),
//!         optional, one line per seat at send time: "seat", "text_sha256" (the full text the
//!         seat received), "deadline" (RFC 3339: answers count until then)
//! ```
//!
//! Errors name the file (`asks.jsonl`), the line and the field.

use crate::book::canon::{Object, Value};
use crate::records::names::{insert_some, int, object, string, ASKS_FILE};
use crate::records::roster::{line_object, seats_value, RosterError, RosterMessage, RosterSeat};

/// The `kind` of the declaration line.
pub const DECLARATION_KIND: &str = "schedule";

/// The counting rule of the schedule (spec §3.4): each session's scheduled morning run,
/// `<session>-am`, counts; every other run is scored apart as `not_counted`.
pub const SCHEDULED_MORNING_RUN: &str = "scheduled_morning_run_counts__run_id_session_am__v1";

/// The declaration: the counting-run rule and the schedule, the methodology version and the
/// roster, sealed as the ask chain's first line before any run (spec §3.4, requirement 6).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Declaration {
    /// `at`: when the declaration was sealed, RFC 3339.
    pub at: String,
    /// `ask_at_et`: the morning run's ask time, New York `HH:MM` (spec §3.4).
    pub ask_at_et: String,
    /// `reference_at_et`: the time the reference price is taken, New York `HH:MM` (spec §3.4).
    pub reference_at_et: String,
    /// `label`: the operator's free name for the schedule.
    pub label: Option<String>,
    /// `runs`: a fixed list of the counted run ids, when the league declared one.
    pub runs: Option<Vec<String>>,
    /// The session's other runs (spec §3.4), New York times `HH:MM`; None in a league that
    /// declared only its morning run.
    pub other_runs_et: Option<Vec<String>>,
    /// `counting_rule`: which run of a session counts, e.g. [`SCHEDULED_MORNING_RUN`] (spec §3.4).
    pub counting_rule: Option<String>,
    /// `methodology`: the methodology version in force (spec §3.10).
    pub methodology: Option<String>,
    /// `first_session`: the league's first session, `YYYY-MM-DD`.
    pub first_session: Option<String>,
    /// `stamp_every_minutes`: how often the book's stamped lists are made (spec §3.2).
    pub stamp_every_minutes: Option<u32>,
    /// `score_at_et`: when each session is scored, New York `HH:MM`.
    pub score_at_et: Option<String>,
    /// `league`: the league's name.
    pub league: Option<String>,
    /// `seats`: the roster sealed with the declaration, laid out as [`seats_value`] writes it.
    pub seats: Option<Vec<RosterSeat>>,
    /// The content hash of the league's climatology table (`council-clim-window.json`, as
    /// `score::baselines::clim_content_sha256` computes it, spec §4.3), sealed before
    /// the season; None in a league declared before tables were sealed.
    pub climatology_sha256: Option<String>,
}

impl Declaration {
    /// The declaration line as its JSON object: `kind` [`DECLARATION_KIND`], the three
    /// required keys, then each optional key only when set.
    pub fn to_object(&self) -> Object {
        let mut o = object([
            ("kind", string(DECLARATION_KIND)),
            ("at", string(&self.at)),
            ("ask_at_et", string(&self.ask_at_et)),
            ("reference_at_et", string(&self.reference_at_et)),
        ]);
        let s = |v: &Option<String>| v.as_deref().map(string);
        insert_some(&mut o, "label", s(&self.label));
        insert_some(
            &mut o,
            "runs",
            self.runs
                .as_ref()
                .map(|r| Value::Array(r.iter().map(|x| string(x)).collect())),
        );
        insert_some(
            &mut o,
            "other_runs_et",
            self.other_runs_et
                .as_ref()
                .map(|r| Value::Array(r.iter().map(|x| string(x)).collect())),
        );
        insert_some(&mut o, "counting_rule", s(&self.counting_rule));
        insert_some(&mut o, "methodology", s(&self.methodology));
        insert_some(&mut o, "first_session", s(&self.first_session));
        insert_some(
            &mut o,
            "stamp_every_minutes",
            self.stamp_every_minutes.map(|m| int(m.into())),
        );
        insert_some(&mut o, "score_at_et", s(&self.score_at_et));
        insert_some(&mut o, "league", s(&self.league));
        insert_some(&mut o, "seats", self.seats.as_deref().map(seats_value));
        insert_some(&mut o, "climatology_sha256", s(&self.climatology_sha256));
        o
    }
}

/// An `ask` line: the run's common text (no `seat`), or what one seat was sent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AskLine {
    /// `at`: when the ask was sent, RFC 3339.
    pub at: String,
    /// `run_id`: the run the ask belongs to (`<session>-am` for the counted run).
    pub run_id: String,
    /// `ask_sha256`: SHA-256 of the run's common text, hex.
    pub ask_sha256: String,
    /// `seat`: the seat this line's text went to; None on the run's common line.
    pub seat: Option<String>,
    /// `text_sha256`: SHA-256 of the full text the seat received, hex.
    pub text_sha256: Option<String>,
    /// `deadline`: RFC 3339 time until which the seat's answer counts.
    pub deadline: Option<String>,
}

impl AskLine {
    /// The ask line as its JSON object: `kind` `ask`, `at`, `run_id`, `ask_sha256`, then
    /// `seat`, `text_sha256` and `deadline` when set.
    pub fn to_object(&self) -> Object {
        let mut o = object([
            ("kind", string("ask")),
            ("at", string(&self.at)),
            ("run_id", string(&self.run_id)),
            ("ask_sha256", string(&self.ask_sha256)),
        ]);
        insert_some(&mut o, "seat", self.seat.as_deref().map(string));
        insert_some(
            &mut o,
            "text_sha256",
            self.text_sha256.as_deref().map(string),
        );
        insert_some(&mut o, "deadline", self.deadline.as_deref().map(string));
        o
    }
}

/// The declarations and ask lines of a chain, each with its 1-based line number. Roster
/// lines are the scorer's (`score::roster::roster_from_asks`); other kinds are skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AskChain {
    /// Every declaration line, in chain order, with its line number.
    pub declarations: Vec<(u64, Declaration)>,
    /// Every ask line, in chain order, with its line number.
    pub asks: Vec<(u64, AskLine)>,
    /// Complete lines read.
    pub lines: u64,
}

impl AskChain {
    /// The declaration in force: the chain's first line when it is one (spec §3.4: sealed
    /// before any run), else None.
    pub fn declaration(&self) -> Option<&Declaration> {
        self.declarations
            .first()
            .filter(|(n, _)| *n == 1)
            .map(|(_, d)| d)
    }

    /// Reads every complete line (a last line without LF is not yet counted).
    pub fn parse(asks: &[u8]) -> Result<AskChain, RosterError> {
        let mut out = AskChain::default();
        for (i, text) in asks
            .split_inclusive(|b| *b == b'\n')
            .filter(|l| l.ends_with(b"\n"))
            .enumerate()
        {
            let line = i as u64 + 1;
            out.lines = line;
            let err = |field: &str, message: RosterMessage| RosterError {
                file: ASKS_FILE,
                line,
                field: field.into(),
                message,
            };
            let o = &line_object(&text[..text.len() - 1]).map_err(|m| err("(line)", m))?;
            let f = Fields { o, err: &err };
            match o.get("kind").and_then(Value::as_str) {
                Some(DECLARATION_KIND) => out.declarations.push((line, f.declaration()?)),
                Some("ask") => out.asks.push((line, f.ask()?)),
                _ => {}
            }
        }
        Ok(out)
    }
}

struct Fields<'a> {
    o: &'a Object,
    err: &'a dyn Fn(&str, RosterMessage) -> RosterError,
}

impl Fields<'_> {
    fn opt(&self, key: &str) -> Result<Option<String>, RosterError> {
        match self.o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(s)) => s
                .as_str()
                .map(|s| Some(s.to_owned()))
                .ok_or_else(|| (self.err)(key, RosterMessage::NotUnicode)),
            Some(v) => Err((self.err)(
                key,
                RosterMessage::ExpectedString {
                    found: v.type_name().into(),
                },
            )),
        }
    }

    fn req(&self, key: &str) -> Result<String, RosterError> {
        self.opt(key)?
            .ok_or_else(|| (self.err)(key, RosterMessage::Missing))
    }

    fn hhmm(&self, key: &str, required: bool) -> Result<Option<String>, RosterError> {
        let v = if required {
            Some(self.req(key)?)
        } else {
            self.opt(key)?
        };
        if let Some(t) = &v {
            if crate::records::names::parse_hhmm(t).is_none() {
                return Err((self.err)(key, RosterMessage::NotHhmm { value: t.clone() }));
            }
        }
        Ok(v)
    }

    fn time(&self, key: &str, required: bool) -> Result<Option<String>, RosterError> {
        let v = if required {
            Some(self.req(key)?)
        } else {
            self.opt(key)?
        };
        if let Some(t) = &v {
            if crate::calendar::Instant::parse_rfc3339(t).is_none() {
                return Err((self.err)(key, RosterMessage::NotTime { value: t.clone() }));
            }
        }
        Ok(v)
    }

    fn declaration(&self) -> Result<Declaration, RosterError> {
        let runs = match self.o.get("runs") {
            None | Some(Value::Null) => None,
            Some(Value::Array(a)) => Some(
                a.iter()
                    .enumerate()
                    .map(|(i, r)| {
                        r.as_str().map(str::to_owned).ok_or_else(|| {
                            (self.err)(&format!("runs[{i}]"), RosterMessage::ExpectedRunId)
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Some(v) => {
                return Err((self.err)(
                    "runs",
                    RosterMessage::ExpectedList {
                        found: v.type_name().into(),
                    },
                ))
            }
        };
        let other_runs_et = match self.o.get("other_runs_et") {
            None | Some(Value::Null) => None,
            Some(Value::Array(a)) => Some(
                a.iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let key = format!("other_runs_et[{i}]");
                        match t.as_str() {
                            Some(t) if crate::records::names::parse_hhmm(t).is_some() => {
                                Ok(t.to_owned())
                            }
                            Some(t) => Err((self.err)(
                                &key,
                                RosterMessage::NotHhmm {
                                    value: t.to_owned(),
                                },
                            )),
                            None => Err((self.err)(
                                &key,
                                RosterMessage::NotHhmm {
                                    value: t.type_name().into(),
                                },
                            )),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Some(v) => {
                return Err((self.err)(
                    "other_runs_et",
                    RosterMessage::ExpectedList {
                        found: v.type_name().into(),
                    },
                ))
            }
        };
        let stamp_every_minutes = match self.o.get("stamp_every_minutes") {
            None | Some(Value::Null) => None,
            Some(Value::Int(i)) => Some(
                i.to_i64()
                    .and_then(|m| u32::try_from(m).ok())
                    .filter(|m| *m >= 1)
                    .ok_or_else(|| {
                        (self.err)("stamp_every_minutes", RosterMessage::NotPositiveCount)
                    })?,
            ),
            Some(v) => {
                return Err((self.err)(
                    "stamp_every_minutes",
                    RosterMessage::ExpectedInteger {
                        found: v.type_name().into(),
                    },
                ))
            }
        };
        if let Some(d) = self.opt("first_session")? {
            if crate::calendar::Date::parse(&d).is_none() {
                return Err((self.err)(
                    "first_session",
                    RosterMessage::NotDate { value: d },
                ));
            }
        }
        let seats = match self.o.get("seats") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                crate::records::roster::parse_seats(v, "seats")
                    .map_err(|(field, message)| (self.err)(&field, message))?,
            ),
        };
        Ok(Declaration {
            at: self.time("at", true)?.unwrap_or_default(),
            ask_at_et: self.hhmm("ask_at_et", true)?.unwrap_or_default(),
            reference_at_et: self.hhmm("reference_at_et", true)?.unwrap_or_default(),
            label: self.opt("label")?,
            runs,
            other_runs_et,
            counting_rule: self.opt("counting_rule")?,
            methodology: self.opt("methodology")?,
            first_session: self.opt("first_session")?,
            stamp_every_minutes,
            score_at_et: self.hhmm("score_at_et", false)?,
            league: self.opt("league")?,
            seats,
            climatology_sha256: self.opt("climatology_sha256")?,
        })
    }

    fn ask(&self) -> Result<AskLine, RosterError> {
        Ok(AskLine {
            at: self.time("at", true)?.unwrap_or_default(),
            run_id: self.req("run_id")?,
            ask_sha256: self.req("ask_sha256")?,
            seat: self.opt("seat")?,
            text_sha256: self.opt("text_sha256")?,
            deadline: self.time("deadline", false)?,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::book::writer::BookWriter;
    use crate::records::roster::{roster_line, Side};

    pub(crate) fn seal(contents: &[Object]) -> Vec<u8> {
        let mut w = BookWriter::new();
        contents
            .iter()
            .flat_map(|c| w.append(c).unwrap().bytes)
            .collect()
    }

    pub(crate) fn seats() -> Vec<RosterSeat> {
        vec![RosterSeat {
            seat: "alpha".into(),
            family: "lab-a".into(),
            side: Some(Side::China),
            model: Some("m".into()),
            provider: None,
        }]
    }

    #[test]
    fn declaration_roster_and_asks_read_back() {
        let full = Declaration {
            at: "2026-10-21T04:16:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            label: Some("league".into()),
            runs: None,
            other_runs_et: Some(vec!["07:45".into(), "18:00".into()]),
            counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
            methodology: Some("m-1".into()),
            first_session: Some("2026-10-21".into()),
            stamp_every_minutes: Some(30),
            score_at_et: Some("16:05".into()),
            league: Some("my league".into()),
            seats: Some(seats()),
            climatology_sha256: Some("ab".repeat(32)),
        };
        let demo_like = Declaration {
            at: "2026-10-16T20:00:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            runs: Some(vec!["2026-10-19-am".into()]),
            ..Default::default()
        };
        let common = AskLine {
            at: "2026-10-21T12:30:00Z".into(),
            run_id: "2026-10-21-am".into(),
            ask_sha256: "a".repeat(64),
            ..Default::default()
        };
        let sent = AskLine {
            seat: Some("alpha".into()),
            text_sha256: Some("b".repeat(64)),
            deadline: Some("2026-10-21T13:30:00Z".into()),
            ..common.clone()
        };
        let chain = seal(&[
            full.to_object(),
            roster_line("2026-10-21T04:16:01Z", &seats()),
            demo_like.to_object(),
            common.to_object(),
            sent.to_object(),
        ]);
        let read = AskChain::parse(&chain).unwrap();
        assert_eq!(read.declarations, vec![(1, full.clone()), (3, demo_like)]);
        assert_eq!(read.declaration(), Some(&full));
        assert_eq!(read.asks, vec![(4, common), (5, sent)]);
        assert_eq!(read.lines, 5);
    }

    #[test]
    fn errors_name_line_and_field() {
        let good = Declaration {
            at: "2026-10-21T04:16:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            ..Default::default()
        };
        for (key, value, field) in [
            ("ask_at_et", Value::Str("8:30".into()), "ask_at_et"),
            ("reference_at_et", Value::Null, "reference_at_et"),
            ("at", Value::Str("noon".into()), "at"),
            ("runs", Value::Str("r".into()), "runs"),
            ("runs", Value::Array(vec![Value::Bool(true)]), "runs[0]"),
            ("other_runs_et", Value::Str("07:45".into()), "other_runs_et"),
            (
                "other_runs_et",
                Value::Array(vec![Value::Str("07:45".into()), Value::Str("7:45".into())]),
                "other_runs_et[1]",
            ),
            (
                "stamp_every_minutes",
                crate::records::names::int(0),
                "stamp_every_minutes",
            ),
            (
                "first_session",
                Value::Str("2026-13-01".into()),
                "first_session",
            ),
            (
                "seats",
                Value::Array(vec![Value::Object(Object::new())]),
                "seats[0].seat",
            ),
        ] {
            let mut o = good.to_object();
            if value == Value::Null {
                o.remove(key);
            } else {
                o.insert(key, value);
            }
            let chain = seal(&[roster_line("2026-10-21T04:00:00Z", &seats()), o]);
            let e = AskChain::parse(&chain).unwrap_err();
            assert_eq!(
                (e.file, e.line, e.field.as_str()),
                (ASKS_FILE, 2, field),
                "{e}"
            );
        }
        let e = AskChain::parse(b"{\"kind\": \"ask\", \"at\": \"2026-10-21T04:16:00Z\"}\n")
            .unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "run_id"));
        assert_eq!(AskChain::parse(b"[]\n").unwrap_err().field, "(line)");
    }
}
