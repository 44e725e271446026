//! Named checks with results: every verdict (RFC 3161 tokens, Rekor entries) lists each check
//! it made, so a reader sees what passed, what failed and why (ARCHITECTURE.md, "Trust ladder").

#![warn(missing_docs)]

pub use crate::check_messages::CheckMsg;
use serde::{Deserialize, Serialize};

/// A check's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The check held.
    Pass,
    /// The check did not hold.
    Fail,
    /// Passed, with a caveat (e.g. SHA-1).
    Warn,
    /// Not applicable or not requested.
    Skip,
}

/// One check and its outcome: `msg` says what it found as a message id with typed arguments
/// (the page words it in the reader's language); its English (`Display`) is the CLI's text and
/// the JSON's `detail`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The check's stable name (e.g. `imprint`, `inclusion_proof`).
    pub id: &'static str,
    /// Its outcome.
    pub status: Status,
    #[serde(rename = "detail", serialize_with = "english")]
    /// What it found.
    pub msg: CheckMsg,
}

impl Check {
    /// What the check found, in English (the CLI's words).
    pub fn detail(&self) -> String {
        self.msg.to_string()
    }
}

/// A message as its English sentence.
fn english<S: serde::Serializer>(msg: &CheckMsg, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(msg)
}

/// An ordered list of checks being built.
#[derive(Debug, Clone, Default)]
pub struct Checks(pub Vec<Check>);

impl Checks {
    /// Appends check `id` with its outcome and finding.
    pub fn push(&mut self, id: &'static str, status: Status, msg: CheckMsg) {
        self.0.push(Check { id, status, msg });
    }

    /// Pass with the `Ok` finding or fail with the `Err` reason.
    pub fn result(&mut self, id: &'static str, r: Result<CheckMsg, CheckMsg>) {
        match r {
            Ok(d) => self.push(id, Status::Pass, d),
            Err(d) => self.push(id, Status::Fail, d),
        }
    }

    /// True when no check other than those in `except` failed.
    pub fn none_failed_except(&self, except: &[&str]) -> bool {
        !self
            .0
            .iter()
            .any(|c| c.status == Status::Fail && !except.contains(&c.id))
    }
}

/// A verdict made of checks (RFC 3161 token, Rekor entry).
pub trait Report {
    /// Every check made, in order.
    fn checks(&self) -> &[Check];

    /// The check with this id, if it was made.
    fn check(&self, id: &str) -> Option<&Check> {
        self.checks().iter().find(|c| c.id == id)
    }

    /// The failed checks, as `id: detail`.
    fn failures(&self) -> Vec<String> {
        self.checks()
            .iter()
            .filter(|c| c.status == Status::Fail)
            .map(|c| format!("{}: {}", c.id, c.msg))
            .collect()
    }
}
