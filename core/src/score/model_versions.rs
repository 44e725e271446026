//! A seat's model versions (spec §3.10): a seat is an operator's participant, a model version
//! the implementation that answered for it at a given time, and the record keeps both (each
//! answer line's `model`, the provider's model string as corrected). When a seat's version
//! changes, its record goes on, the change is dated, and the results since the new version
//! are shown on their own (`new_model_version`); each version has its own account from the
//! day it takes over (`_ver:<model>:<n>`).
//!
//! Versions are counted per seat in book order (the answer's line `n`): the seat's first
//! model string is version 1, and each answer whose model string differs from the one before
//! it opens the next version, a return to an earlier string included (the results since a
//! change are those of the model that answered since). Answers without a model string
//! (`no_answer` rows) neither open nor close a version.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One model version of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelVersion {
    /// The model string of the answers under this version.
    pub model: String,
    /// Its ordinal among the seat's versions, from 1.
    pub version: u32,
    /// The session of its first answer: the day it took over.
    pub since: String,
    /// The book line of its first answer.
    pub since_line: u64,
}

/// What names a version's account after its seat (§3.10 `_ver:<model>:<n>`).
pub const ACCOUNT_MARK: &str = "_ver:";

impl ModelVersion {
    /// The version's own account (§3.10 `_ver:<model>:<n>`), named after its seat:
    /// `<seat>_ver:<model>:<n>`.
    pub fn account(&self, seat: &str) -> String {
        format!("{seat}{ACCOUNT_MARK}{}:{}", self.model, self.version)
    }
}

/// Whether `account` is a model version's own account ([`ModelVersion::account`]): a seat name
/// holds no `:`, so only a version's account holds [`ACCOUNT_MARK`].
pub fn is_version_account(account: &str) -> bool {
    account.contains(ACCOUNT_MARK)
}

/// One answer as the versions read it: its seat, model string, book line and session.
#[derive(Clone, Copy, Debug)]
pub struct SeatAnswer<'a> {
    /// The seat that answered.
    pub seat: &'a str,
    /// The model string it answered with (empty: none).
    pub model: &'a str,
    /// The answer's book line `n`.
    pub line: u64,
    /// The session of the answer's run (`YYYY-MM-DD`).
    pub session: &'a str,
}

/// Every seat's versions in order, from its answers given in any order (several entries of
/// one line, as the rows of one answer, count once).
pub fn seat_versions<'a>(
    answers: impl IntoIterator<Item = SeatAnswer<'a>>,
) -> BTreeMap<String, Vec<ModelVersion>> {
    let mut by_seat: BTreeMap<&str, BTreeMap<u64, SeatAnswer<'a>>> = BTreeMap::new();
    for a in answers.into_iter().filter(|a| !a.model.is_empty()) {
        by_seat
            .entry(a.seat)
            .or_default()
            .entry(a.line)
            .or_insert(a);
    }
    by_seat
        .into_iter()
        .map(|(seat, lines)| {
            let mut versions: Vec<ModelVersion> = Vec::new();
            for a in lines.into_values() {
                if versions.last().is_none_or(|v| v.model != a.model) {
                    versions.push(ModelVersion {
                        model: a.model.to_string(),
                        version: versions.len() as u32 + 1,
                        since: a.session.to_string(),
                        since_line: a.line,
                    });
                }
            }
            (seat.to_string(), versions)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a<'a>(seat: &'a str, model: &'a str, line: u64, session: &'a str) -> SeatAnswer<'a> {
        SeatAnswer {
            seat,
            model,
            line,
            session,
        }
    }

    #[test]
    fn each_change_of_model_string_opens_the_next_version_in_book_order() {
        let v = seat_versions([
            // Given out of order, and one line twice (two rows of one answer).
            a("alpha", "m-2", 9, "2026-10-21"),
            a("alpha", "m-1", 2, "2026-10-19"),
            a("beta", "b-1", 3, "2026-10-19"),
            a("alpha", "m-1", 5, "2026-10-20"),
            a("alpha", "m-2", 9, "2026-10-21"),
            a("alpha", "", 11, "2026-10-22"),
            a("alpha", "m-1", 14, "2026-10-23"),
        ]);
        let alpha: Vec<(&str, u32, &str, u64)> = v["alpha"]
            .iter()
            .map(|x| (x.model.as_str(), x.version, x.since.as_str(), x.since_line))
            .collect();
        assert_eq!(
            alpha,
            [
                ("m-1", 1, "2026-10-19", 2),
                ("m-2", 2, "2026-10-21", 9),
                // A return to an earlier model is a change; the empty model is none.
                ("m-1", 3, "2026-10-23", 14),
            ]
        );
        assert_eq!(v["beta"].len(), 1);
        assert_eq!(v["alpha"][1].account("alpha"), "alpha_ver:m-2:2");
        assert!(is_version_account("alpha_ver:m-2:2") && !is_version_account("alpha"));
    }

    #[test]
    fn a_seat_that_never_named_a_model_has_no_version() {
        assert!(seat_versions([a("alpha", "", 1, "2026-10-19")]).is_empty());
    }
}
