//! `council-league.json`, the league file of spec Appendix C: one JSON object whose sections
//! are written by `sealbook league publish` from the league's files alone. This module writes
//! and reads it; each section's type lives with the code that computes it:
//!
//! - `accounts` (§4.7, §4.8): every trading account and benchmark,
//!   [`crate::arena::league::AccountsSection`].
//!
//! Layout: `{"league": str, "generated_from": {"book_lines": int}, <section>: ...}`; a
//! section the league does not have is absent.

use crate::arena::league::AccountsSection;
use serde::{Deserialize, Serialize};

/// The file's published name.
pub const LEAGUE_FILE: &str = "council-league.json";

/// Where the file's figures come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratedFrom {
    /// Lines of `council-book.jsonl` read.
    pub book_lines: u64,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeagueFile {
    /// The league's name.
    pub league: String,
    pub generated_from: GeneratedFrom,
    /// The trading accounts (§4.7, §4.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accounts: Option<AccountsSection>,
}

impl LeagueFile {
    /// The published bytes: pretty JSON with a final LF.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("the league file serializes");
        b.push(b'\n');
        b
    }

    /// Reads the file; the error names the line, column and what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<LeagueFile, String> {
        serde_json::from_slice(bytes).map_err(|e| {
            format!(
                "{LEAGUE_FILE}: line {} column {}: {e}",
                e.line(),
                e.column()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_absent_sections() {
        let f = LeagueFile {
            league: "l".into(),
            generated_from: GeneratedFrom { book_lines: 3 },
            accounts: None,
        };
        let b = f.to_bytes();
        assert!(!String::from_utf8_lossy(&b).contains("accounts"));
        assert_eq!(LeagueFile::from_bytes(&b).unwrap(), f);
        let e = LeagueFile::from_bytes(
            b"{\"league\": \"l\", \"generated_from\": {\"book_lines\": 1}, \"x\": 1}",
        )
        .unwrap_err();
        assert!(
            e.contains("council-league.json: line 1") && e.contains("unknown field"),
            "{e}"
        );
    }
}
