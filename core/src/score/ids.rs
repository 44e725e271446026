//! Small integer ids for the names a forecasts file repeats on every row (seats, markets,
//! runs, sessions; spec Appendix C, Table C1), so that the tables of §3.9 and §5.1 group rows by
//! indexing vectors instead of searching maps keyed by text.
//!
//! Ids are given in code-point order of the names, so a table walked in id order is in the
//! same order as one keyed by the names themselves: outputs do not change. The names are
//! borrowed from the rows.

use crate::calendar::{session_number_in, Date, SESSION_ONE};
use crate::contract::forecasts_csv::ForecastRow;
use std::collections::HashMap;

/// The distinct names of one column, in code-point order, and each row's id into them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Interned<'a> {
    pub names: Vec<&'a str>,
    /// Per value given, the index of its name in `names`.
    pub ids: Vec<u32>,
}

/// Interns `values`: ids in code-point order of the distinct names.
pub(crate) fn intern<'a>(values: impl IntoIterator<Item = &'a str>) -> Interned<'a> {
    // First-seen ids (the hash map's order is never read), then renumbered by name.
    let mut seen: HashMap<&'a str, u32> = HashMap::new();
    let mut names: Vec<&'a str> = Vec::new();
    let mut last: Option<(&'a str, u32)> = None;
    let mut ids: Vec<u32> = Vec::new();
    for v in values {
        // Rows come in runs of the same name: skip the hash for a repeat.
        let id = match last {
            Some((l, id)) if l == v => id,
            _ => *seen.entry(v).or_insert_with(|| {
                names.push(v);
                (names.len() - 1) as u32
            }),
        };
        last = Some((v, id));
        ids.push(id);
    }
    let mut order: Vec<u32> = (0..names.len() as u32).collect();
    order.sort_unstable_by(|a, b| names[*a as usize].cmp(names[*b as usize]));
    let mut rank = vec![0u32; names.len()];
    for (r, &first) in order.iter().enumerate() {
        rank[first as usize] = r as u32;
    }
    Interned {
        names: order.iter().map(|&i| names[i as usize]).collect(),
        ids: ids.into_iter().map(|i| rank[i as usize]).collect(),
    }
}

/// The ids of a set of forecasts rows' seats, markets, runs and sessions, row by row, with each
/// session's number (§3.9) computed once per distinct session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RowIds<'a> {
    pub seats: Interned<'a>,
    /// The rows' `asset`s.
    pub assets: Interned<'a>,
    pub runs: Interned<'a>,
    pub sessions: Interned<'a>,
    /// Per session id, its NYSE session number in the season, if it is a session.
    pub session_numbers: Vec<Option<u32>>,
    /// Session 1 of the season the numbers count from.
    pub season_one: Date,
}

impl<'a> RowIds<'a> {
    /// The ids of `rows`, indexed by row position, sessions numbered in the paper's season
    /// ([`SESSION_ONE`]: no league declaration).
    pub fn of(rows: &'a [ForecastRow]) -> RowIds<'a> {
        RowIds::in_season(rows, SESSION_ONE)
    }

    /// The ids of `rows`, sessions numbered from `season_one` (the league's declared first
    /// session, spec §3.4).
    pub fn in_season(rows: &'a [ForecastRow], season_one: Date) -> RowIds<'a> {
        let sessions = intern(rows.iter().map(|r| r.session.as_str()));
        let session_numbers = sessions
            .names
            .iter()
            .map(|s| Date::parse(s).and_then(|d| session_number_in(season_one, d)))
            .collect();
        RowIds {
            seats: intern(rows.iter().map(|r| r.seat.as_str())),
            assets: intern(rows.iter().map(|r| r.asset.as_str())),
            runs: intern(rows.iter().map(|r| r.run_id.as_str())),
            sessions,
            session_numbers,
            season_one,
        }
    }

    /// The session number of session `name`, one of the rows' sessions (else computed).
    pub fn number_of_session(&self, name: &str) -> Option<u32> {
        match self.sessions.names.binary_search(&name) {
            Ok(k) => self.session_numbers[k],
            Err(_) => Date::parse(name).and_then(|d| session_number_in(self.season_one, d)),
        }
    }

    /// The session number of row `i`.
    pub fn session_number(&self, i: usize) -> Option<u32> {
        self.session_numbers[self.sessions.ids[i] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_code_point_order_whatever_the_row_order() {
        let t = intern(["b", "b", "a", "é", "B", "a", "b"]);
        assert_eq!(t.names, ["B", "a", "b", "é"]);
        assert_eq!(t.ids, [2, 2, 1, 3, 0, 1, 2]);
        let empty = intern(std::iter::empty());
        assert!(empty.names.is_empty() && empty.ids.is_empty());
    }
}
