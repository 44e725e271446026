//! Which run counts for each session (spec §3.4, requirement 6, §3.11 P3), from the sealed
//! declaration: the first line of `asks.jsonl` ([`crate::records::ask_chain::Declaration`]), applied
//! only to the sealed times of the runs in the book.
//!
//! The declaration states one of:
//! - a fixed list of counted runs (`runs`): a listed run counts for its session, every other
//!   run is a reference run;
//! - the counting rule [`SCHEDULED_MORNING_RUN`] (`counting_rule`): from `first_session` on
//!   (when stated), each session's scheduled morning run `<session>-am` counts.
//!
//! A run the declaration does not govern (sealed before the declaration, or for a session
//! before its `first_session`) and a book without a declaration fall back to the rule of the
//! development sessions (§3.4: the last run sealed, `max(at, booked_at)`, before the session's
//! 09:30 ET reference) with a note saying so; from 2026-10-21 a book without a declaration is
//! read with the run-id form of the scheduled morning run, also with a note. Never silently:
//! every fallback and every run the rule does not explain is in [`Counting::notes`] or
//! [`Counting::flags`].

use super::notes::Note;
use crate::calendar::{reference_cut, sealing_time, Date, Instant};
use crate::records::ask_chain::{AskChain, Declaration, SCHEDULED_MORNING_RUN};
use crate::records::names::{is_morning_run, ASKS_FILE};
use crate::records::roster::RosterError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// First session of the schedule rule when no declaration states one (the counted record
/// starts 2026-10-21, §3.4).
pub const FIRST_SCHEDULED_SESSION: Date = Date {
    year: 2026,
    month: 10,
    day: 21,
};

/// The rule applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum Rule {
    /// The declaration's fixed list of counted runs.
    Listed { runs: Vec<String> },
    /// The declaration's scheduled morning run rule, from `first_session` when stated.
    ScheduledMorningRun { first_session: Option<String> },
    /// No usable declaration: the rule inferred from the run ids and sealing times.
    Inferred,
}

/// The counting rule of a league and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counting {
    pub rule: Rule,
    /// When the declaration was sealed (its `at`), when there is one.
    pub declared_at: Option<String>,
    /// Fallbacks applied (a book without a declaration says so here).
    pub notes: Vec<Note<CountingNote>>,
    /// Runs the declaration does not explain, and declarations sealed too late: problems a
    /// reader must see (`sealbook verify --answers` fails on them).
    pub flags: Vec<Note<CountingNote>>,
}

/// A fallback the counting rule applied ([`Counting::notes`]) or a run it does not explain
/// ([`Counting::flags`]). Its `Display` is the English the CLI prints and the JSON carries
/// ([`Note`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountingNote {
    /// No ask chain was given: the counted runs are inferred.
    NoAskChain,
    /// The ask chain's first line is not a declaration: the counted runs are inferred.
    NoDeclaration,
    /// The declaration names a counting rule this verifier does not know.
    UnknownRule { rule: String },
    /// The declaration states neither runs nor a counting rule.
    NoRule,
    /// Two runs count for one session; the first (`first_line`) counts.
    BothCount {
        first_line: u64,
        first_run: String,
        line: u64,
        run_id: String,
        session: String,
    },
    /// A run named as a morning run was sealed for another session.
    MorningRunElsewhere {
        line: u64,
        run_id: String,
        session: String,
    },
    /// The declaration was sealed after the runs (line, run id) it would govern.
    DeclaredLate {
        declared_at: Option<String>,
        runs: Vec<(u64, String)>,
    },
    /// Sessions the declaration does not govern: counted by the development rule.
    NotGoverned { sessions: Vec<String> },
}

/// The rule a book without a usable declaration is read with, as the notes say it.
const INFERRED_RULE: &str = "the counted runs are inferred (from 2026-10-21 the run named <session>-am, before it the last run sealed before 09:30 ET), not read from a sealed declaration";

impl std::fmt::Display for CountingNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountingNote::NoAskChain => write!(f, "no {ASKS_FILE} given: {INFERRED_RULE}"),
            CountingNote::NoDeclaration => write!(
                f,
                "{ASKS_FILE} has no declaration on its first line: {INFERRED_RULE}"
            ),
            CountingNote::UnknownRule { rule } => write!(
                f,
                "{ASKS_FILE} line 1 declares the counting rule {rule:?}, which this verifier does not know: the counted runs are inferred instead"
            ),
            CountingNote::NoRule => write!(
                f,
                "{ASKS_FILE} line 1 declares neither runs nor a counting_rule: the counted runs are inferred instead"
            ),
            CountingNote::BothCount {
                first_line,
                first_run,
                line,
                run_id,
                session,
            } => write!(
                f,
                "run line {first_line} ({first_run}) and run line {line} ({run_id}) both count for session {session} under the declaration; the first counts"
            ),
            CountingNote::MorningRunElsewhere {
                line,
                run_id,
                session,
            } => write!(
                f,
                "run line {line} is named {run_id} but was sealed for session {session}: the declaration does not explain it (not counted)"
            ),
            CountingNote::DeclaredLate { declared_at, runs } => {
                let runs: Vec<String> = runs
                    .iter()
                    .map(|(line, run_id)| format!("line {line} ({run_id})"))
                    .collect();
                write!(
                    f,
                    "the declaration ({ASKS_FILE} line 1, sealed at {}) was sealed after the run(s) it would govern: {}; they are counted by the development rule instead",
                    declared_at.as_deref().unwrap_or("?"),
                    runs.join(", ")
                )
            }
            CountingNote::NotGoverned { sessions } => write!(
                f,
                "session(s) {} are not governed by the declaration: their counted run is the last sealed before 09:30 ET (the development rule, §3.4)",
                sessions.join(", ")
            ),
        }
    }
}

/// A run as the rule sees it: its line, id, sealed times and session.
#[derive(Clone, Copy, Debug)]
pub struct RunTimes<'a> {
    pub line: u64,
    pub run_id: &'a str,
    pub at: Instant,
    pub booked_at: Option<Instant>,
    pub session: Date,
}

impl Counting {
    /// The rule of the ask chain `asks` (None: no ask chain given). An ask chain that cannot
    /// be read is an error naming its line and field.
    pub fn from_asks(asks: Option<&[u8]>) -> Result<Counting, RosterError> {
        let Some(asks) = asks else {
            return Ok(Counting::inferred(CountingNote::NoAskChain));
        };
        let chain = AskChain::parse(asks)?;
        match chain.declaration() {
            Some(d) => Ok(Counting::from_declaration(d)),
            None => Ok(Counting::inferred(CountingNote::NoDeclaration)),
        }
    }

    fn inferred(note: CountingNote) -> Counting {
        Counting {
            rule: Rule::Inferred,
            declared_at: None,
            notes: vec![Note::Msg(note)],
            flags: Vec::new(),
        }
    }

    /// The rule a declaration states.
    pub fn from_declaration(d: &Declaration) -> Counting {
        let declared_at = Some(d.at.clone());
        if let Some(runs) = &d.runs {
            return Counting {
                rule: Rule::Listed { runs: runs.clone() },
                declared_at,
                notes: Vec::new(),
                flags: Vec::new(),
            };
        }
        match d.counting_rule.as_deref() {
            Some(SCHEDULED_MORNING_RUN) => Counting {
                rule: Rule::ScheduledMorningRun {
                    first_session: d.first_session.clone(),
                },
                declared_at,
                notes: Vec::new(),
                flags: Vec::new(),
            },
            other => Counting {
                rule: Rule::Inferred,
                declared_at,
                notes: Vec::new(),
                flags: vec![Note::Msg(match other {
                    Some(r) => CountingNote::UnknownRule {
                        rule: r.to_string(),
                    },
                    None => CountingNote::NoRule,
                })],
            },
        }
    }

    /// In words, as the CLI and the page print it.
    pub fn describe(&self) -> String {
        let when = self
            .declared_at
            .as_deref()
            .map(|t| format!(", declared in {ASKS_FILE} line 1 sealed at {t}"))
            .unwrap_or_default();
        match &self.rule {
            Rule::Listed { runs } => format!("the listed runs count ({}){when}", runs.join(", ")),
            Rule::ScheduledMorningRun { first_session } => format!(
                "each session's scheduled morning run <session>-am counts{}{when}",
                first_session
                    .as_deref()
                    .map(|s| format!(" from {s}"))
                    .unwrap_or_default()
            ),
            Rule::Inferred => format!("inferred, not declared{when}"),
        }
    }

    /// The counted run of each session: session -> index into `runs`. Appends to
    /// [`Counting::notes`] each fallback applied and to [`Counting::flags`] each run the
    /// declaration does not explain.
    pub fn choose(&mut self, runs: &[RunTimes<'_>]) -> BTreeMap<Date, usize> {
        let declared = self.declared_at.as_deref().and_then(Instant::parse_rfc3339);
        let first_session = match &self.rule {
            Rule::ScheduledMorningRun {
                first_session: Some(s),
            } => Date::parse(s),
            _ => None,
        };
        let mut chosen: BTreeMap<Date, usize> = BTreeMap::new();
        let mut fallback: BTreeMap<Date, Vec<usize>> = BTreeMap::new();
        let mut late_declaration = Vec::new();
        for (i, r) in runs.iter().enumerate() {
            let sealed = sealing_time(r.at, r.booked_at);
            let governed = match (&self.rule, declared) {
                (Rule::Inferred, _) => false,
                (_, Some(d)) if sealed < d => {
                    late_declaration.push((r.line, r.run_id.to_string()));
                    false
                }
                (Rule::ScheduledMorningRun { .. }, _) => {
                    first_session.is_none_or(|f| r.session >= f)
                }
                _ => true,
            };
            if !governed {
                fallback.entry(r.session).or_default().push(i);
                continue;
            }
            let counts = match &self.rule {
                Rule::Listed { runs: listed } => listed.iter().any(|x| x == r.run_id),
                _ => is_morning_run(r.run_id, r.session),
            };
            if counts {
                if let Some(&j) = chosen.get(&r.session) {
                    self.flags.push(Note::Msg(CountingNote::BothCount {
                        first_line: runs[j].line,
                        first_run: runs[j].run_id.to_string(),
                        line: r.line,
                        run_id: r.run_id.to_string(),
                        session: r.session.to_string(),
                    }));
                } else {
                    chosen.insert(r.session, i);
                }
            } else if r
                .run_id
                .ends_with(crate::records::names::MORNING_RUN_SUFFIX)
                && matches!(self.rule, Rule::ScheduledMorningRun { .. })
            {
                self.flags
                    .push(Note::Msg(CountingNote::MorningRunElsewhere {
                        line: r.line,
                        run_id: r.run_id.to_string(),
                        session: r.session.to_string(),
                    }));
            }
        }
        if !late_declaration.is_empty() {
            self.flags.push(Note::Msg(CountingNote::DeclaredLate {
                declared_at: self.declared_at.clone(),
                runs: late_declaration,
            }));
        }
        let mut inferred_sessions = Vec::new();
        for (session, idx) in fallback {
            if chosen.contains_key(&session) {
                continue;
            }
            let pick = if self.rule == Rule::Inferred && session >= FIRST_SCHEDULED_SESSION {
                idx.iter()
                    .copied()
                    .find(|&i| is_morning_run(runs[i].run_id, session))
            } else {
                idx.iter()
                    .copied()
                    .filter(|&i| {
                        sealing_time(runs[i].at, runs[i].booked_at) < reference_cut(session)
                    })
                    .max_by_key(|&i| (sealing_time(runs[i].at, runs[i].booked_at), i))
            };
            if let Some(i) = pick {
                chosen.insert(session, i);
                inferred_sessions.push(session.to_string());
            }
        }
        if !inferred_sessions.is_empty() && self.rule != Rule::Inferred {
            self.notes.push(Note::Msg(CountingNote::NotGoverned {
                sessions: inferred_sessions,
            }));
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::writer::BookWriter;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    fn run<'a>(line: u64, id: &'a str, at: &str) -> RunTimes<'a> {
        RunTimes {
            line,
            run_id: id,
            at: t(at),
            booked_at: None,
            session: crate::calendar::session_for(t(at)).unwrap(),
        }
    }

    fn chain(d: &Declaration) -> Vec<u8> {
        BookWriter::new().append(&d.to_object()).unwrap().bytes
    }

    fn decl(at: &str) -> Declaration {
        Declaration {
            at: at.into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            ..Default::default()
        }
    }

    fn picked(c: &mut Counting, runs: &[RunTimes<'_>]) -> Vec<u64> {
        c.choose(runs).values().map(|&i| runs[i].line).collect()
    }

    #[test]
    fn the_declared_rule_picks_the_counted_runs() {
        let runs = [
            run(1, "2026-10-22-pm", "2026-10-21T22:00:00Z"),
            run(2, "2026-10-22-am", "2026-10-22T12:30:00Z"),
            run(3, "2026-10-22-extra", "2026-10-22T13:00:00Z"),
        ];
        let d = Declaration {
            counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
            first_session: Some("2026-10-22".into()),
            ..decl("2026-10-21T04:16:00Z")
        };
        let mut c = Counting::from_asks(Some(&chain(&d))).unwrap();
        assert_eq!(picked(&mut c, &runs), [2]);
        assert!(c.notes.is_empty() && c.flags.is_empty(), "{c:?}");
        assert!(c.describe().contains("from 2026-10-22"), "{}", c.describe());

        // A fixed list: the listed run counts even when it is not the morning run.
        let d = Declaration {
            runs: Some(vec!["2026-10-22-extra".into()]),
            ..decl("2026-10-21T04:16:00Z")
        };
        let mut c = Counting::from_asks(Some(&chain(&d))).unwrap();
        assert_eq!(picked(&mut c, &runs), [3]);

        // No declaration: inferred, and said so.
        let mut c = Counting::from_asks(None).unwrap();
        assert_eq!(c.rule, Rule::Inferred);
        assert_eq!(picked(&mut c, &runs), [2]);
        assert!(c.notes[0]
            .to_string()
            .contains("not read from a sealed declaration"));
        let roster_only = crate::records::roster::roster_line("2026-10-21T04:00:00Z", &[]);
        let asks = BookWriter::new().append(&roster_only).unwrap().bytes;
        let c = Counting::from_asks(Some(&asks)).unwrap();
        assert!(
            c.notes[0]
                .to_string()
                .contains("no declaration on its first line"),
            "{c:?}"
        );
    }

    #[test]
    fn runs_the_declaration_does_not_explain_are_flagged() {
        // Declared after the first run: that run is not governed by it.
        let d = Declaration {
            counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
            ..decl("2026-10-22T13:00:00Z")
        };
        let runs = [
            run(1, "2026-10-22-am", "2026-10-22T12:30:00Z"),
            run(2, "2026-10-23-am", "2026-10-23T12:30:00Z"),
            run(3, "2026-10-26-am", "2026-10-23T12:40:00Z"),
        ];
        let mut c = Counting::from_declaration(&d);
        assert_eq!(picked(&mut c, &runs), [1, 2]);
        assert_eq!(c.flags.len(), 2, "{c:?}");
        assert!(c.flags.iter().any(|f| f
            .to_string()
            .contains("named 2026-10-26-am but was sealed for session 2026-10-23")));
        assert!(c.flags.iter().any(|f| f
            .to_string()
            .contains("sealed after the run(s) it would govern: line 1 (2026-10-22-am)")));
        assert!(c.notes[0].to_string().contains("2026-10-22"), "{c:?}");
        // An unknown rule is flagged, never applied silently.
        let d = Declaration {
            counting_rule: Some("best_of_ten".into()),
            ..decl("2026-10-21T04:16:00Z")
        };
        let c = Counting::from_declaration(&d);
        assert_eq!(c.rule, Rule::Inferred);
        assert!(c.flags[0].to_string().contains("best_of_ten"));
    }
}
