//! The league's roster (spec seed 000 §3.2, §5.3, §5.8, Table 8): for each seat its family, the
//! lab it comes from (the consensus weighs a family's second and later seats 1/3), and its side,
//! a US or a Chinese lab (the sides test of §5.8).
//!
//! The line format is [`crate::records::roster`]'s; this is the roster the scorer reads from
//! those lines. The league publishes the roster in its ask chain, `asks.jsonl`, as a line
//! `{"kind": "roster", "at": ..., "seats": [{"seat", "model", "family", "side", "provider"}, ...]}`, and every
//! run line of the book carries the run's roster under `roster`. [`roster_from_asks`] reads the
//! first; [`roster_from_book`] the second, as a fallback when no ask chain is given (the run
//! line is sealed before the answers it rosters, so it binds as the ask chain does).
//!
//! Seats are a list of entries, or an object keyed by side (`"US"`, `"China"`) holding lists of
//! entries (the run line's "roster by side"); an entry's own `side`, if it states one, must then
//! agree with its key. `family` is required, `side` optional (without sides there is no sides
//! test), `model` and `provider` optional. Several roster lines merge in file order: a seat keeps
//! the place of its first listing and takes the family, side, model and provider of its latest.
//! One line listing a seat twice is an error.

use super::notes::RosterSource;
use super::notes::{Note, StatsNote};
use crate::book::canon::{self, Value};
use crate::records::names::{ASKS_FILE, BOOK_FILE};
use crate::records::roster::{line_object, lines, parse_seats};
use crate::records::roster::{RosterError, RosterMessage, RosterSeat, Side};
use serde::{Deserialize, Serialize};

impl RosterSeat {
    /// Whether the seat is a baseline ([`super::baselines::is_baseline`] of its model, spec
    /// §4.3, §4.5): a benchmark beside the council, not a member of it.
    pub fn is_baseline(&self) -> bool {
        self.model
            .as_deref()
            .is_some_and(super::baselines::is_baseline)
    }
}

/// The roster, in roster order, and where it was read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    pub seats: Vec<RosterSeat>,
    /// `asks.jsonl line 2`, `council-book.jsonl line 151`, ... (the roster lines read); `None`
    /// when no roster was given. Its JSON is the English text ([`Note`]).
    pub source: Option<Note<RosterSource>>,
    /// Why there is no roster, when there is none.
    pub note: Option<Note>,
}

impl Roster {
    /// (seat, family) in roster order, the consensus' order and family weights.
    pub fn families(&self) -> Vec<(String, String)> {
        self.seats
            .iter()
            .map(|s| (s.seat.clone(), s.family.clone()))
            .collect()
    }

    /// The side of a seat, if the roster gives one.
    pub fn side_of(&self, seat: &str) -> Option<Side> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .and_then(|s| s.side)
    }

    /// No roster, saying why.
    pub fn none(note: StatsNote) -> Roster {
        Roster {
            seats: Vec::new(),
            source: None,
            note: Some(note.into()),
        }
    }

    fn merge(&mut self, line_seats: Vec<RosterSeat>) {
        for s in line_seats {
            match self.seats.iter_mut().find(|o| o.seat == s.seat) {
                Some(o) => *o = s,
                None => self.seats.push(s),
            }
        }
    }
}

/// The roster of an ask chain: every `roster` line, merged. Every line must be a JSON object;
/// a chain without a roster line is an error too (the chain is given to read one).
pub fn roster_from_asks(asks: &[u8]) -> Result<Roster, RosterError> {
    let mut roster = Roster::default();
    let mut read = Vec::new();
    for (line, text) in lines(asks) {
        let err = |field: &str, message: RosterMessage| RosterError {
            file: ASKS_FILE,
            line,
            field: field.into(),
            message,
        };
        let o = &line_object(text).map_err(|m| err("(line)", m))?;
        // A roster line, or the declaration (the `schedule` line) when it rosters the seats.
        let seats = match o.get("kind").and_then(Value::as_str) {
            Some("roster") => o
                .get("seats")
                .ok_or_else(|| err("seats", RosterMessage::Missing))?,
            Some(crate::records::ask_chain::DECLARATION_KIND) => match o.get("seats") {
                Some(s) => s,
                None => continue,
            },
            _ => continue,
        };
        roster.merge(parse_seats(seats, "seats").map_err(|(field, message)| err(&field, message))?);
        read.push(line.to_string());
    }
    if read.is_empty() {
        return Err(RosterError {
            file: ASKS_FILE,
            line: 0,
            field: "kind".into(),
            message: RosterMessage::NoRosterLine,
        });
    }
    roster.source = Some(Note::Msg(RosterSource::AskLines { lines: read }));
    Ok(roster)
}

/// The roster of the book's run lines (`kind` run, field `roster`), merged; `Ok(None)` when no
/// run line carries one. Lines that are not JSON objects are the sealing reader's to refuse.
pub fn roster_from_book(book: &[u8]) -> Result<Option<Roster>, RosterError> {
    let parsed: Vec<(u64, Value)> = lines(book)
        .filter_map(|(line, text)| {
            let Ok(Value::Object(mut o)) = canon::parse(text) else {
                return None;
            };
            if o.get("kind").and_then(Value::as_str) != Some("run") {
                return None;
            }
            Some((line, o.remove("roster")?))
        })
        .collect();
    roster_from_run_rosters(&parsed)
}

/// [`roster_from_book`] from the run lines' rosters already read (each with its line's
/// 1-based position, in book order), as [`crate::records::book_lines::BookLines`] keeps them.
pub fn roster_from_run_rosters(rosters: &[(u64, Value)]) -> Result<Option<Roster>, RosterError> {
    let mut roster = Roster::default();
    for (line, seats) in rosters {
        let seats = parse_seats(seats, "roster").map_err(|(field, message)| RosterError {
            file: BOOK_FILE,
            line: *line,
            field,
            message,
        })?;
        roster.merge(seats);
    }
    let (Some((first, _)), Some((last, _))) = (rosters.first(), rosters.last()) else {
        return Ok(None);
    };
    roster.source = Some(Note::Msg(RosterSource::BookLines {
        first: *first,
        last: *last,
        runs: rosters.len(),
    }));
    Ok(Some(roster))
}

/// The roster the scorer uses: the ask chain's when given (its errors are errors), else the
/// book's run lines' (a book whose rosters cannot be read leaves the seats without one, and the
/// note says why), else none.
pub fn league_roster(asks: Option<&[u8]>, book: Option<&[u8]>) -> Result<Roster, RosterError> {
    if let Some(asks) = asks {
        return roster_from_asks(asks);
    }
    let Some(book) = book else {
        return Ok(Roster::none(StatsNote::NoAskChainOrBook));
    };
    Ok(roster_or_none(roster_from_book(book)))
}

/// [`league_roster`] with the book's run lines' rosters already read
/// ([`roster_from_run_rosters`]).
pub fn league_roster_of_runs(
    asks: Option<&[u8]>,
    run_rosters: &[(u64, Value)],
) -> Result<Roster, RosterError> {
    match asks {
        Some(asks) => roster_from_asks(asks),
        None => Ok(roster_or_none(roster_from_run_rosters(run_rosters))),
    }
}

/// The book's roster, else each seat its own family, saying why.
fn roster_or_none(read: Result<Option<Roster>, RosterError>) -> Roster {
    match read {
        Ok(Some(r)) => r,
        Ok(None) => Roster::none(StatsNote::NoRosterInBook),
        Err(e) => Roster::none(StatsNote::RosterUnreadable(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::roster::MAX_ROSTER_SEATS;

    const SCHEDULE: &str = r#"{"kind": "schedule", "at": "2026-10-16T20:00:00Z"}"#;

    fn asks(roster_lines: &[&str]) -> Vec<u8> {
        let mut s = format!("{SCHEDULE}\n");
        for l in roster_lines {
            s += l;
            s.push('\n');
        }
        s.into_bytes()
    }

    #[test]
    fn reads_families_and_sides_in_roster_order() {
        let r = roster_from_asks(&asks(&[
            r#"{"kind": "roster", "at": "x", "seats": [{"seat": "gpt", "model": "m", "family": "openai", "side": "US"}, {"seat": "ds", "family": "deepseek", "side": "China"}, {"seat": "o3", "family": "openai"}]}"#,
        ]))
        .unwrap();
        assert_eq!(
            r.families(),
            [
                ("gpt".into(), "openai".into()),
                ("ds".into(), "deepseek".into()),
                ("o3".into(), "openai".into())
            ]
        );
        assert_eq!(
            (r.side_of("gpt"), r.side_of("ds"), r.side_of("o3")),
            (Some(Side::Us), Some(Side::China), None)
        );
        assert_eq!(
            r.source.as_ref().map(ToString::to_string).as_deref(),
            Some("asks.jsonl line 2")
        );
    }

    #[test]
    fn later_lines_update_seats_in_place() {
        let r = roster_from_asks(&asks(&[
            r#"{"kind": "roster", "seats": [{"seat": "a", "family": "x"}, {"seat": "b", "family": "y"}]}"#,
            r#"{"kind": "roster", "seats": {"China": [{"seat": "c", "family": "z"}], "US": [{"seat": "a", "family": "x2"}]}}"#,
        ]))
        .unwrap();
        let got: Vec<(&str, &str, Option<Side>)> = r
            .seats
            .iter()
            .map(|s| (s.seat.as_str(), s.family.as_str(), s.side))
            .collect();
        assert_eq!(
            got,
            [
                ("a", "x2", Some(Side::Us)),
                ("b", "y", None),
                ("c", "z", Some(Side::China))
            ]
        );
        assert_eq!(
            r.source.as_ref().map(ToString::to_string).as_deref(),
            Some("asks.jsonl lines 2, 3")
        );
    }

    fn asks_error(line: &str) -> RosterError {
        roster_from_asks(&asks(&[line])).unwrap_err()
    }

    #[test]
    fn errors_name_line_and_field() {
        let e = asks_error(
            r#"{"kind": "roster", "seats": [{"seat": "a", "family": "x"}, {"seat": "b", "side": "US"}]}"#,
        );
        assert_eq!(
            (e.file, e.line, e.field.as_str(), &e.message),
            ("asks.jsonl", 2, "seats[1].family", &RosterMessage::Missing)
        );
        assert_eq!(
            e.to_string(),
            "asks.jsonl line 2, field seats[1].family: missing"
        );
        let e = asks_error(
            r#"{"kind": "roster", "seats": [{"seat": "a", "family": "x"}, {"seat": "a", "family": "y"}]}"#,
        );
        assert_eq!((e.line, e.field.as_str()), (2, "seats[1].seat"));
        assert_eq!(
            e.message,
            RosterMessage::ListedTwice { seat: "a".into() },
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "asks.jsonl line 2, field seats[1].seat: seat \"a\" is listed twice"
        );
        let e = asks_error(
            r#"{"kind": "roster", "seats": [{"seat": "a", "family": "x", "side": "EU"}]}"#,
        );
        assert_eq!((e.line, e.field.as_str()), (2, "seats[0].side"));
        assert_eq!(
            e.message,
            RosterMessage::NotSide { value: "EU".into() },
            "{e}"
        );
        let e = asks_error(r#"{"kind": "roster", "seats": {"Mars": []}}"#);
        assert_eq!(e.field, "seats.Mars");
        let e = asks_error(
            r#"{"kind": "roster", "seats": {"US": [{"seat": "a", "family": "x", "side": "China"}]}}"#,
        );
        assert_eq!(e.field, "seats.US[0].side");
        assert_eq!(
            e.to_string(),
            "asks.jsonl line 2, field seats.US[0].side: China under the key US"
        );
        let e = asks_error(r#"{"kind": "roster", "seats": [{"seat": 3, "family": "x"}]}"#);
        assert_eq!(
            (e.field.as_str(), e.message.to_string().as_str()),
            ("seats[0].seat", "expected a string, found int")
        );
        let e = asks_error(r#"{"kind": "roster", "seats": [{"seat": "", "family": "x"}]}"#);
        assert_eq!(
            (e.field.as_str(), &e.message),
            ("seats[0].seat", &RosterMessage::Empty)
        );
        let e = asks_error(r#"{"kind": "roster"}"#);
        assert_eq!(e.field, "seats");
        let e = asks_error("{\"kind\": \"roster\", ");
        assert_eq!((e.line, e.field.as_str()), (2, "(line)"));
        let e = roster_from_asks(&asks(&[])).unwrap_err();
        assert!(e.to_string().contains("no line of kind roster"), "{e}");
        let many = format!(
            r#"{{"kind": "roster", "seats": [{}]}}"#,
            (0..=MAX_ROSTER_SEATS)
                .map(|i| format!(r#"{{"seat": "s{i}", "family": "f"}}"#))
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert_eq!(
            asks_error(&many).message,
            RosterMessage::TooManySeats {
                max: MAX_ROSTER_SEATS
            }
        );
    }

    #[test]
    fn book_run_lines_are_the_fallback() {
        let book = concat!(
            r#"{"n": 1, "kind": "run", "at": "x", "roster": [{"seat": "a", "family": "x", "side": "US"}]}"#,
            "\n",
            r#"{"n": 2, "kind": "answer", "roster": 5}"#,
            "\n",
            r#"{"n": 3, "kind": "run", "at": "y", "roster": [{"seat": "a", "family": "x", "side": "US"}, {"seat": "b", "family": "x", "side": "China"}]}"#,
            "\n",
        );
        let r = roster_from_book(book.as_bytes()).unwrap().unwrap();
        assert_eq!(
            r.families(),
            [("a".into(), "x".into()), ("b".into(), "x".into())]
        );
        assert_eq!(
            r.source.as_ref().map(ToString::to_string).as_deref(),
            Some("council-book.jsonl lines 1-3 (2 run lines)")
        );
        // The ask chain wins when given; a book without rosters gives none.
        let asks = asks(&[r#"{"kind": "roster", "seats": [{"seat": "z", "family": "q"}]}"#]);
        assert_eq!(
            league_roster(Some(&asks), Some(book.as_bytes()))
                .unwrap()
                .seats[0]
                .seat,
            "z"
        );
        assert!(roster_from_book(b"{\"kind\": \"run\"}\n")
            .unwrap()
            .is_none());
        // A book roster that cannot be read is no roster, and says why.
        let bad = b"{\"n\": 1, \"kind\": \"run\", \"roster\": [{\"seat\": \"a\"}]}\n";
        assert_eq!(
            roster_from_book(bad).unwrap_err().to_string(),
            "council-book.jsonl line 1, field roster[0].family: missing"
        );
        let r = league_roster(None, Some(bad)).unwrap();
        assert!(
            r.seats.is_empty()
                && r.note
                    .as_ref()
                    .unwrap()
                    .to_string()
                    .starts_with("council-book.jsonl line 1, field roster[0].family: missing")
        );
    }

    #[test]
    fn run_rosters_are_what_roster_from_book_reads() {
        use crate::records::book_lines::tests::MIXED;
        use crate::records::book_lines::BookLines;
        let book: String = MIXED[..8].iter().map(|l| format!("{l}\n")).collect();
        let lines = BookLines::parse(book.as_bytes()).unwrap();
        assert_eq!(lines.run_rosters.len(), 2);
        assert_eq!(
            format!("{:?}", roster_from_run_rosters(&lines.run_rosters)),
            format!("{:?}", roster_from_book(book.as_bytes()))
        );
    }

    #[test]
    fn a_declarations_seats_and_the_roster_line_read_as_the_roster() {
        use crate::records::ask_chain::tests::{seal, seats};
        use crate::records::ask_chain::{AskLine, Declaration};
        use crate::records::roster::roster_line;
        let full = Declaration {
            at: "2026-10-21T04:16:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            seats: Some(seats()),
            ..Default::default()
        };
        let without_seats = Declaration {
            at: "2026-10-16T20:00:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            ..Default::default()
        };
        let ask = AskLine {
            at: "2026-10-21T12:30:00Z".into(),
            run_id: "2026-10-21-am".into(),
            ask_sha256: "a".repeat(64),
            ..Default::default()
        };
        let chain = seal(&[
            full.to_object(),
            roster_line("2026-10-21T04:16:01Z", &seats()),
            without_seats.to_object(),
            ask.to_object(),
        ]);
        // The declaration's roster and the roster line both read as the roster.
        let roster = roster_from_asks(&chain).unwrap();
        assert_eq!(roster.seats, seats());
        assert_eq!(
            roster.source.as_ref().map(ToString::to_string).as_deref(),
            Some("asks.jsonl lines 1, 2")
        );
        let only_declaration = seal(&[full.to_object()]);
        assert_eq!(roster_from_asks(&only_declaration).unwrap().seats, seats());
    }
}
