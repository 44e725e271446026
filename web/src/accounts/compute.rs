//! What the Accounts page computes from the dropped files, without the browser: core's
//! [`recount`] (spec §4.11, Appendix B steps 7-8) on the trading tracks' published files, whose
//! verdict is byte for byte what `sealbook replay --json` prints after its `dir`, and the
//! recomputed accounts' figures and chart series. Which file is which is core's
//! ([`PublishedFile`]); a file the replay needs and not given means the page cannot recount.
//! When `council-book.jsonl` is given, the decisions are held to the ones sealed in it; when
//! `council-league.json` is given, its accounts summary is held to the recount (spec §4.7, as
//! `sealbook replay` and `sealbook verify DIR` hold it).

use crate::i18n::{tr, M};
use sealbook_core::arena::protocol::PROTOCOL_FILE;
use sealbook_core::arena::records::{ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE, TRADES_FILE};
use sealbook_core::arena::replay::ReplayFiles;
use sealbook_core::records::names::BOOK_FILE;
use sealbook_core::records::published::{ArenaFile, PublishedFile};
use sealbook_core::verifier::recount::{recount, Accounts, CodeFiles, RecountError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Largest replayed file read (a season's bars for a dozen funds are tens of megabytes).
pub const MAX_INPUT_BYTES: u64 = 512 << 20;
/// Largest code list or code text read.
pub const MAX_CODE_BYTES: u64 = 16 << 20;

/// The files the replay cannot do without, in the order the page names them.
pub const NEEDED: [(ArenaFile, &str); 5] = [
    (ArenaFile::Protocol, PROTOCOL_FILE),
    (ArenaFile::Decisions, DECISIONS_FILE),
    (ArenaFile::Prices, PRICES_FILE),
    (ArenaFile::Trades, TRADES_FILE),
    (ArenaFile::Accounts, ACCOUNTS_FILE),
];

/// The trading-track kind of the file known as `label`, if it is one.
pub fn arena_kind(label: &str) -> Option<ArenaFile> {
    match PublishedFile::of(label) {
        PublishedFile::Arena(k) => Some(k),
        _ => None,
    }
}

/// Whether the file known as `label` is the league's book, `council-book.jsonl`, whose
/// sealed decisions the published ones are held to.
pub fn is_book(label: &str) -> bool {
    PublishedFile::of(label) == PublishedFile::Book && base_name(label) == BOOK_FILE
}

/// Whether the file known as `label` is the league file, `council-league.json`, whose
/// accounts summary is held to the recount.
pub fn is_league(label: &str) -> bool {
    PublishedFile::of(label) == PublishedFile::LeagueFile
}

/// A file's name without its folder, as `arena-code.json` names the texts.
fn base_name(label: &str) -> &str {
    label.rsplit('/').next().unwrap_or(label)
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Computed {
    /// Core's [`Recount`](sealbook_core::verifier::recount::Recount) as JSON: the bytes the CLI
    /// prints after `{"dir":...,`.
    pub recount_json: String,
    pub accounts: Accounts,
    /// Why the decisions are not the ones sealed in the book, in the page's language (the
    /// JSON above carries the CLI's English); None when they are or no book is given.
    #[serde(default)]
    pub decisions_why: Option<String>,
}

/// Why the files could not be recounted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputeError {
    /// Two files (labels) are the same published file.
    SameFile { first: String, second: String },
    /// A code text (`arena-code.json` names it) was given twice.
    GivenTwice { name: String },
    /// The replay's files not given, in [`NEEDED`]'s order.
    NotGiven { missing: Vec<&'static str> },
    /// Core's replay refused a file (the file, line and field).
    Recount(RecountError),
}

impl ComputeError {
    /// What went wrong, in the page's language.
    pub fn say(&self) -> String {
        match self {
            ComputeError::SameFile { first, second } => {
                tr(M::WeAccSameFile, &[("first", first), ("second", second)])
            }
            ComputeError::GivenTwice { name } => tr(M::WeAccGivenTwice, &[("name", name)]),
            ComputeError::NotGiven { missing } => tr(
                M::WeAccNotGiven,
                &[
                    ("missing", &missing.join(", ")),
                    ("needed", &NEEDED.map(|(_, n)| n).join(", ")),
                ],
            ),
            ComputeError::Recount(e) => crate::i18n::replay_messages::recount_error(e),
        }
    }
}

/// Recounts the published files `files` (label, bytes). Files that are not the trading
/// tracks' are ignored; a needed file missing, or one given twice, is an error naming it.
pub fn compute(files: &[(String, Vec<u8>)]) -> Result<Computed, ComputeError> {
    let mut by_kind: BTreeMap<ArenaFile, &(String, Vec<u8>)> = BTreeMap::new();
    let mut texts: BTreeMap<&str, &[u8]> = BTreeMap::new();
    let mut book: Option<&(String, Vec<u8>)> = None;
    let mut league: Option<&(String, Vec<u8>)> = None;
    for f in files {
        let single = if is_book(&f.0) {
            Some(&mut book)
        } else if is_league(&f.0) {
            Some(&mut league)
        } else {
            None
        };
        if let Some(single) = single {
            if let Some(before) = single.replace(f) {
                return Err(ComputeError::SameFile {
                    first: before.0.clone(),
                    second: f.0.clone(),
                });
            }
            continue;
        }
        let Some(kind) = arena_kind(&f.0) else {
            continue;
        };
        if kind == ArenaFile::CodeText {
            if texts.insert(base_name(&f.0), &f.1).is_some() {
                return Err(ComputeError::GivenTwice {
                    name: base_name(&f.0).to_string(),
                });
            }
            continue;
        }
        if let Some(before) = by_kind.insert(kind, f) {
            return Err(ComputeError::SameFile {
                first: before.0.clone(),
                second: f.0.clone(),
            });
        }
    }
    let missing: Vec<&'static str> = NEEDED
        .iter()
        .filter(|(k, _)| !by_kind.contains_key(k))
        .map(|(_, n)| *n)
        .collect();
    if !missing.is_empty() {
        return Err(ComputeError::NotGiven { missing });
    }
    let get = |k: ArenaFile| by_kind.get(&k).map_or(&[][..], |f| f.1.as_slice());
    let text = |name: &str| texts.get(name).map(|b| b.to_vec());
    let (r, accounts) = recount(
        &ReplayFiles {
            protocol: get(ArenaFile::Protocol),
            decisions: get(ArenaFile::Decisions),
            prices: get(ArenaFile::Prices),
            trades: get(ArenaFile::Trades),
            accounts: get(ArenaFile::Accounts),
        },
        by_kind.get(&ArenaFile::Code).map(|f| CodeFiles {
            list: &f.1,
            text: &text,
        }),
        book.map(|f| f.1.as_slice()),
        league.map(|f| f.1.as_slice()),
    )
    .map_err(ComputeError::Recount)?;
    Ok(Computed {
        recount_json: serde_json::to_string(&r).expect("a recount serializes"),
        decisions_why: r
            .decisions_differ
            .as_ref()
            .map(crate::i18n::replay_messages::decisions_differ),
        accounts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{self, Lang};

    fn file(label: &str) -> (String, Vec<u8>) {
        (label.to_string(), Vec::new())
    }

    #[test]
    fn a_missing_or_doubled_file_is_a_typed_error() {
        let some = [file("arena-protocol.json"), file("arena-trades.jsonl")];
        assert_eq!(
            compute(&some),
            Err(ComputeError::NotGiven {
                missing: vec![
                    "arena-decisions.jsonl",
                    "arena-prices.jsonl",
                    "arena-accounts.jsonl"
                ]
            })
        );
        let twice = [file("a/council-book.jsonl"), file("b/council-book.jsonl")];
        assert_eq!(
            compute(&twice),
            Err(ComputeError::SameFile {
                first: "a/council-book.jsonl".into(),
                second: "b/council-book.jsonl".into()
            })
        );
        let twice = [file("a/council-league.json"), file("b/council-league.json")];
        assert_eq!(
            compute(&twice),
            Err(ComputeError::SameFile {
                first: "a/council-league.json".into(),
                second: "b/council-league.json".into()
            })
        );
        let twice = [file("arena-trades.jsonl"), file("x/arena-trades.jsonl")];
        assert!(matches!(
            compute(&twice),
            Err(ComputeError::SameFile { .. })
        ));
    }

    #[test]
    fn each_error_is_said_in_the_pages_language() {
        let errors = [
            ComputeError::SameFile {
                first: "a/arena-trades.jsonl".into(),
                second: "arena-trades.jsonl".into(),
            },
            ComputeError::GivenTwice {
                name: "replay.py".into(),
            },
            ComputeError::NotGiven {
                missing: vec!["arena-prices.jsonl"],
            },
        ];
        i18n::set(Lang::En);
        let english: Vec<String> = errors.iter().map(ComputeError::say).collect();
        assert_eq!(
            english,
            [
                "a/arena-trades.jsonl and arena-trades.jsonl are the same published file; give one",
                "replay.py was given twice; give one copy of each published file",
                "cannot recount the accounts: arena-prices.jsonl not given (the replay needs \
                 arena-protocol.json, arena-decisions.jsonl, arena-prices.jsonl, \
                 arena-trades.jsonl, arena-accounts.jsonl)",
            ]
        );
        for lang in [Lang::Zh, Lang::Ar] {
            i18n::set(lang);
            for (e, en) in errors.iter().zip(&english) {
                let said = e.say();
                assert_ne!(&said, en, "{e:?} in {}", lang.code());
            }
            assert!(errors[2].say().contains("arena-prices.jsonl"));
        }
        // Core's refusal is said as the CLI says it on an English page, translated otherwise.
        i18n::set(Lang::Zh);
        let refused = ComputeError::Recount(RecountError::NoRows);
        assert_eq!(
            refused.say(),
            "arena-accounts.jsonl：没有可重新计算的已发布账户行"
        );
        i18n::set(Lang::En);
        assert_eq!(refused.say(), RecountError::NoRows.to_string());
    }
}
