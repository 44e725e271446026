//! `council-league.json`, the league file of spec Appendix C, written by `sealbook league
//! publish` from the league's files alone and read by the pages: the league's name, its
//! methodology version, what its figures come from, and optional sections, each present only
//! when the league has it. Each section's type lives with the code that computes it; this
//! module owns the file's layout, its writer and its reader:
//!
//! - `accounts` (§4.7, §4.8): every trading account and benchmark,
//!   [`crate::arena::league::AccountsSection`];
//! - `experiment` (§6.2): the reader experiment's analysis, [`crate::experiment::analysis`].

use crate::arena::league::AccountsSection;
use crate::experiment::analysis::Analysis;
pub use crate::records::names::LEAGUE_FILE;
use serde::{Deserialize, Serialize};

/// Where the file's figures come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratedFrom {
    /// Lines of `council-book.jsonl` read.
    pub book_lines: u64,
}

/// The league file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueFile {
    /// The league's name, as its declaration states it.
    pub league: String,
    /// The methodology version in force (spec §3.10).
    pub methodology_version: String,
    /// The `generated_from` object: the ledgers and how many of their lines the file's figures were
    /// computed from.
    pub generated_from: GeneratedFrom,
    /// The trading accounts (§4.7, §4.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accounts: Option<AccountsSection>,
    /// The reader experiment's published analysis (spec §6.2: "council-league.json publishes
    /// under `experiment` (`g0`, `g1`) the counts, hit rates, times, confidence, peeks and
    /// Brier, with the data-dictionary label"), written from the league's first publication,
    /// before any forecast is scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experiment: Option<Analysis>,
}

impl LeagueFile {
    /// The file's bytes: pretty JSON with a final LF (deterministic: fields in declaration
    /// order, maps sorted).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("plain fields serialize");
        b.push(b'\n');
        b
    }

    /// The file read back; the error names the file, the line and what is wrong.
    pub fn parse(bytes: &[u8]) -> Result<LeagueFile, LeagueFileError> {
        serde_json::from_slice(bytes).map_err(|e| LeagueFileError {
            line: e.line(),
            column: e.column(),
            detail: e.to_string(),
        })
    }
}

/// Why `council-league.json` cannot be read (Appendix C): the JSON position and the JSON
/// reader's own words. `Display` names the file, in English; the pages render it in the
/// reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeagueFileError {
    /// The 1-based line of the JSON position where reading failed.
    pub line: usize,
    /// The 1-based column of that position.
    pub column: usize,
    /// The JSON reader's own sentence.
    pub detail: String,
}

impl std::fmt::Display for LeagueFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{LEAGUE_FILE}: line {}, column {}: {}",
            self.line, self.column, self.detail
        )
    }
}

impl std::error::Error for LeagueFileError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::analysis::{analyse, Dataset, GROUP_LABEL};

    #[test]
    fn written_and_read_back_with_absent_sections() {
        let f = LeagueFile {
            league: "demo".into(),
            methodology_version: "m-1".into(),
            generated_from: GeneratedFrom { book_lines: 3 },
            accounts: None,
            experiment: Some(analyse(&Dataset::default())),
        };
        let bytes = f.to_bytes();
        assert!(bytes.ends_with(b"}\n"));
        assert_eq!(LeagueFile::parse(&bytes).unwrap(), f);
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        // With no reader yet, the label that says which group is blind is already there.
        assert_eq!(v["experiment"]["label"], GROUP_LABEL);
        assert_eq!(v["experiment"]["g1"]["group"], "blind");
        assert!(v.get("accounts").is_none(), "{v}");
        let bare = LeagueFile {
            experiment: None,
            ..f
        };
        let text = String::from_utf8(bare.to_bytes()).unwrap();
        assert!(!text.contains("experiment"), "{text}");
        let e = LeagueFile::parse(b"{\n  \"league\": 3\n}").unwrap_err();
        assert_eq!((e.line, e.column), (2, 13), "{e}");
        let e = e.to_string();
        assert!(
            e.starts_with("council-league.json: line 2, column 13: "),
            "{e}"
        );
        let e = LeagueFile::parse(
            b"{\"league\": \"l\", \"methodology_version\": \"m\", \"generated_from\": {\"book_lines\": 1}, \"x\": 1}",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("council-league.json: line 1") && e.contains("unknown field"),
            "{e}"
        );
    }
}
