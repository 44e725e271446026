//! What a league publishes (spec Appendix C; `sealbook league publish`, the jobs' publish
//! after a score, the demo), decided from its sealed files alone; the caller reads the inputs
//! this names and writes the files the plan lists:
//! - the inputs published as they are: the ledgers (`council-book.jsonl`, `asks.jsonl`),
//!   [`PUBLISHED_AS_IS`] when present, every file under [`PUBLISHED_DIRS`] but the proof pages
//!   ([`is_published_input`]), and the raw replies of every run whose session has closed
//!   ([`released_reply_folders`]);
//! - the generated files ([`publish_plan`]): `council-forecasts.csv` (the book's rows with each
//!   cell as sealed), `council-stats.json` (the document `sealbook score --json` prints for the
//!   same files), the event contract and answer schemas, Appendix C's derived files
//!   (`council-calibration.json` with a climatology table, `league-roster.json`,
//!   `council-forecasts-index.json`, `markets-digest.json`, `arena-dataset.json`), the trading
//!   tracks' files (spec §4.7, §4.8, §4.11) when the book seals rule versions in its run lines
//!   or the league has recorded `arena-prices.jsonl` (with `arena-code.json` and every
//!   `arena-code-<file>.txt`, Appendix B step 8), `council-league.json` (with the reader
//!   experiment's analysis the caller read, spec §6.2), `proof/<day>/index.html` for every day
//!   with a stamped list, and `manifest.json` last, listing every published file.
//!
//! A book or ask chain whose chain does not verify is not published ([`broken_chain`]).
//! Deterministic: the same sealed files give the same bytes.

use crate::arena::code::engine_code_files;
use crate::arena::league::{arena_files, league_protocol};
use crate::arena::protocol::PROTOCOL_FILE;
use crate::arena::records::{
    ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE as ARENA_PRICES_FILE, TRADES_FILE,
};
use crate::book::chain::{verify, VerifyOptions};
use crate::calendar::Instant;
use crate::experiment::analysis::Analysis;
use crate::league::answer::answer_schema_bytes;
use crate::league::league_file::{GeneratedFrom, LeagueFile, LEAGUE_FILE};
use crate::league::manifest::{generated_at_of, path_is_safe, Manifest, MANIFEST_FILE};
use crate::league::open_data::{
    calibration_bytes, dataset_bytes, digest_bytes, forecasts_index_bytes, roster_bytes,
    CALIBRATION_FILE, DATASET_FILE, DIGEST_FILE, FORECASTS_INDEX_FILE, ROSTER_FILE,
};
use crate::league::proof_page::{proof_pages, PublishedLedger, PAGE_NAME};
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::BookLines;
use crate::records::contract_schema::event_contract_schema_bytes;
use crate::records::names::{
    ANSWER_SCHEMA_FILE, ASKS_FILE, BOOK_FILE, CLIM_FILE, CONTRACT_SCHEMA_FILE, DEMO_NOTICE_FILE,
    FORECASTS_FILE, PROOF_FOLDER, REPLIES_DIR, STATS_FILE,
};
use crate::records::sources::LeagueSources;
use crate::score::files::league_stats_from_files;
use crate::score::forecasts_file::forecasts_csv_from_book;
use crate::score::roster::league_roster;
use crate::score::seams::CoreStats;

/// Other files published as they are, when present.
pub const PUBLISHED_AS_IS: [&str; 3] = [CLIM_FILE, ARENA_PRICES_FILE, DEMO_NOTICE_FILE];
/// Folders whose every file is published (ask texts, stamped lists and their anchors, the
/// authorities' certificates).
pub const PUBLISHED_DIRS: [&str; 3] = ["asks", "proof", "tsa"];

/// A published file: its path relative to the league directory (`/`-separated) and its bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct PublishFile {
    /// The file's path relative to the league directory, `/`-separated.
    pub path: String,
    /// The file's bytes, as published.
    pub bytes: Vec<u8>,
}

/// Whether a file found under a [`PUBLISHED_DIRS`] folder is an input published as it is: the
/// proof pages `proof/<day>/index.html` are generated, not inputs.
pub fn is_published_input(path: &str) -> bool {
    !(path.starts_with(PROOF_FOLDER) && path.ends_with(&format!("/{PAGE_NAME}")))
}

/// The raw replies' release rule (spec §3.2): the folders `replies/<run_id>` of every run
/// whose session has closed ([`BookLines::closed_runs`]: a 1d score line names it), whose
/// path can be published. Before then a run's replies stay private: a reply published during
/// the session would show the others what a seat said.
pub fn released_reply_folders(lines: &BookLines) -> Vec<String> {
    lines
        .closed_runs()
        .into_iter()
        .map(|run_id| format!("{REPLIES_DIR}/{run_id}"))
        .filter(|folder| path_is_safe(folder))
        .collect()
}

/// The first ledger of `ledgers` whose chain does not verify: its path and the error naming
/// the file, line and check. A league with one is not published.
pub fn broken_chain(ledgers: &[&PublishFile]) -> Option<(String, String)> {
    ledgers.iter().find_map(|ledger| {
        let report = verify(&ledger.bytes, VerifyOptions::default());
        if report.ok {
            return None;
        }
        let first = report.problems.first().map_or(String::new(), |p| {
            format!(": line {}: {}", p.line, p.check.name())
        });
        Some((
            ledger.path.clone(),
            format!("{}: the chain does not verify{first}", ledger.path),
        ))
    })
}

/// The league's name and methodology version from its sealed files: the declaration's
/// `league` (else its `label`) and `methodology` (else the last run line's).
pub fn league_identity(asks: Option<&[u8]>, lines: &BookLines) -> (String, String) {
    let decl = asks
        .and_then(|a| AskChain::parse(a).ok())
        .and_then(|c| c.declaration().cloned());
    let name = decl
        .as_ref()
        .and_then(|d| d.league.clone().or_else(|| d.label.clone()))
        .unwrap_or_default();
    let methodology = decl
        .and_then(|d| d.methodology)
        .or_else(|| lines.runs.iter().rev().find_map(|r| r.methodology.clone()))
        .unwrap_or_default();
    (name, methodology)
}

/// Why a plan could not be made: the input at fault (`file`, relative to the league
/// directory; None: the league's files together) and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanError {
    /// The input at fault, relative to the league directory (`council-book.jsonl`); `None`: the
    /// league's files together.
    pub file: Option<&'static str>,
    /// What is wrong, one sentence.
    pub message: String,
}

impl PlanError {
    fn of(file: Option<&'static str>, message: impl ToString) -> PlanError {
        PlanError {
            file,
            message: message.to_string(),
        }
    }
}

/// The files to write, in order (`manifest.json` last), with the league's name and
/// methodology and how many files the manifest lists.
#[derive(Clone, Debug, PartialEq)]
pub struct PublishPlan {
    /// The league's name: the declaration's `league`, else its `label` (the manifest's `league`).
    pub league: String,
    /// The methodology version: the declaration's `methodology`, else the last run line's (spec
    /// §3.10).
    pub methodology: String,
    /// How many files `manifest.json` lists: the sealed inputs and the generated files, the
    /// manifest itself not counted.
    pub listed: usize,
    /// The generated files to write, in order, `manifest.json` last.
    pub files: Vec<PublishFile>,
}

/// The generated files of a league (see the module doc) from the inputs published as they
/// are (`sealed`: the book first, then the ask chain when there is one, then the others), the
/// book's reading `lines`, the reader experiment's `analysis` and the manifest's `generator`.
pub fn publish_plan(
    sealed: &[PublishFile],
    lines: &BookLines,
    analysis: Analysis,
    generator: &str,
) -> Result<PublishPlan, PlanError> {
    let get = |name: &str| {
        sealed
            .iter()
            .find(|f| f.path == name)
            .map(|f| f.bytes.as_slice())
    };
    let book_bytes = get(BOOK_FILE).ok_or_else(|| PlanError::of(Some(BOOK_FILE), "no book"))?;
    let asks_bytes = get(ASKS_FILE);
    let files_err = |e: crate::score::files::InputError| PlanError::of(None, e);

    let csv = forecasts_csv_from_book(book_bytes, asks_bytes).map_err(files_err)?;
    let sources = LeagueSources {
        forecasts: Some(&csv),
        book: Some(book_bytes),
        climatology: get(CLIM_FILE),
        asks: asks_bytes,
    };
    let stats = league_stats_from_files(sources, &CoreStats).map_err(files_err)?;
    let mut stats_bytes = serde_json::to_vec(&stats).expect("stats serialize");
    stats_bytes.push(b'\n');
    let mut generated = vec![
        PublishFile {
            path: FORECASTS_FILE.into(),
            bytes: csv,
        },
        PublishFile {
            path: STATS_FILE.into(),
            bytes: stats_bytes,
        },
        PublishFile {
            path: CONTRACT_SCHEMA_FILE.into(),
            bytes: event_contract_schema_bytes(),
        },
        PublishFile {
            path: ANSWER_SCHEMA_FILE.into(),
            bytes: answer_schema_bytes(),
        },
    ];
    let (league, methodology) = league_identity(asks_bytes, lines);
    if let Some(clim) = get(CLIM_FILE) {
        let sealed = asks_bytes
            .and_then(|a| AskChain::parse(a).ok())
            .and_then(|c| c.declaration().and_then(|d| d.climatology_sha256.clone()));
        let bytes = calibration_bytes(clim, sealed.as_deref())
            .map_err(|e| PlanError::of(Some(CLIM_FILE), e))?;
        generated.push(PublishFile {
            path: CALIBRATION_FILE.into(),
            bytes,
        });
    }
    let roster = league_roster(asks_bytes, Some(book_bytes)).map_err(|e| PlanError::of(None, e))?;
    let csv_bytes = &generated[0].bytes;
    let index = forecasts_index_bytes(csv_bytes).map_err(|e| PlanError::of(None, e))?;
    let digest =
        digest_bytes(&league, &methodology, csv_bytes).map_err(|e| PlanError::of(None, e))?;
    for (path, bytes) in [
        (
            ROSTER_FILE,
            roster_bytes(&league, &methodology, &roster, lines),
        ),
        (FORECASTS_INDEX_FILE, index),
        (DIGEST_FILE, digest),
        (DATASET_FILE, dataset_bytes()),
    ] {
        generated.push(PublishFile {
            path: path.into(),
            bytes,
        });
    }
    let arena_prices = get(ARENA_PRICES_FILE);
    let accounts = if arena_prices.is_some() || lines.runs.iter().any(|r| !r.arena.is_empty()) {
        let a = arena_files(
            &league_protocol(),
            book_bytes,
            arena_prices.unwrap_or_default(),
        )
        .map_err(|e| PlanError::of(None, e))?;
        for (path, bytes) in [
            (PROTOCOL_FILE, a.protocol),
            (DECISIONS_FILE, a.decisions),
            (TRADES_FILE, a.trades),
            (ACCOUNTS_FILE, a.accounts),
        ] {
            generated.push(PublishFile {
                path: path.into(),
                bytes,
            });
        }
        for (path, bytes) in engine_code_files() {
            generated.push(PublishFile { path, bytes });
        }
        Some(a.section)
    } else {
        None
    };
    generated.push(PublishFile {
        path: LEAGUE_FILE.into(),
        bytes: LeagueFile {
            league: league.clone(),
            methodology_version: methodology.clone(),
            generated_from: GeneratedFrom {
                book_lines: book_bytes.iter().filter(|b| **b == b'\n').count() as u64,
            },
            accounts,
            experiment: Some(analysis),
        }
        .to_bytes(),
    });
    let mut ledgers = vec![PublishedLedger {
        path: BOOK_FILE,
        bytes: book_bytes,
    }];
    if let Some(a) = asks_bytes {
        ledgers.push(PublishedLedger {
            path: ASKS_FILE,
            bytes: a,
        });
    }
    let proof_files: Vec<(&str, &[u8])> = sealed
        .iter()
        .filter(|f| f.path.starts_with(PROOF_FOLDER))
        .map(|f| (f.path.as_str(), f.bytes.as_slice()))
        .collect();
    for (path, bytes) in proof_pages(&league, &ledgers, &proof_files) {
        generated.push(PublishFile { path, bytes });
    }
    let mut manifest = Manifest::build(
        &league,
        &methodology,
        generator,
        sealed
            .iter()
            .chain(&generated)
            .map(|f| (f.path.as_str(), f.bytes.as_slice())),
    )
    .map_err(|e| PlanError::of(None, e))?;
    manifest.generated_at = generated_at_of(&[book_bytes, asks_bytes.unwrap_or_default()]);
    generated.push(PublishFile {
        path: MANIFEST_FILE.into(),
        bytes: manifest.to_bytes(),
    });
    Ok(PublishPlan {
        league,
        methodology,
        listed: manifest.files.len(),
        files: generated,
    })
}

/// How long after a failed publish it is tried again (league clock minutes).
pub const PUBLISH_RETRY_MINUTES: i64 = 1;

/// When the scheduler owes a publish (spec Appendix C: the served `manifest.json` lists every
/// score line): from the end of a job that sealed a score line, and again
/// [`PUBLISH_RETRY_MINUTES`] after a publish that failed, until one succeeds. The scheduler
/// reports its jobs and publishes; this says when.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PublishDue {
    at: Option<Instant>,
}

impl PublishDue {
    /// A job that sealed a score line ended at `now`: a publish is owed from now.
    pub fn score_sealed(&mut self, now: Instant) {
        self.at = Some(now);
    }

    /// When the owed publish is due, if one is owed.
    pub fn at(&self) -> Option<Instant> {
        self.at
    }

    /// Whether a publish is to be made at `now`.
    pub fn is_due(&self, now: Instant) -> bool {
        self.at.is_some_and(|t| now >= t)
    }

    /// A publish made at `now` ended (`ok`: it wrote the files): nothing is owed after a
    /// success; a failure is tried again [`PUBLISH_RETRY_MINUTES`] later.
    pub fn published(&mut self, ok: bool, now: Instant) {
        self.at = (!ok).then_some(Instant(now.0 + PUBLISH_RETRY_MINUTES * 60 * 1_000_000));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::{self, Object};
    use crate::book::writer::BookWriter;
    use crate::experiment::analysis::{analyse, Dataset};

    fn line(json: &str) -> Object {
        canon::parse_line_object(json.as_bytes()).unwrap()
    }

    fn book(lines: &[&str]) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut bytes = Vec::new();
        for l in lines {
            bytes.extend(w.append(&line(l)).unwrap().bytes);
        }
        bytes
    }

    /// A run's raw replies are released once a 1d score line names the run (its session has
    /// closed), never before, and never under a path that cannot be published.
    #[test]
    fn raw_replies_are_released_only_for_closed_runs() {
        let b = book(&[
            r#"{"kind": "run", "run_id": "r1", "at": "2026-10-21T12:30:00Z"}"#,
            r#"{"kind": "run", "run_id": "r2", "at": "2026-10-21T12:30:00Z"}"#,
            r#"{"kind": "run", "run_id": "r3", "at": "2026-10-21T12:30:00Z"}"#,
            r#"{"kind": "run", "run_id": "a:b", "at": "2026-10-21T12:30:00Z"}"#,
            r#"{"kind": "score", "of": 1, "horizon": "1d", "results": {}}"#,
            r#"{"kind": "score", "of": 2, "horizon": "5d", "results": {}}"#,
            r#"{"kind": "score", "of": 4, "horizon": "1d", "results": {}}"#,
        ]);
        let lines = BookLines::parse(&b).unwrap();
        assert_eq!(released_reply_folders(&lines), ["replies/r1"]);
    }

    #[test]
    fn proof_pages_are_generated_not_inputs() {
        assert!(!is_published_input("proof/2026-10-21/index.html"));
        assert!(is_published_input("proof/2026-10-21/list.txt"));
        assert!(is_published_input("asks/index.html"));
    }

    /// A ledger whose chain does not verify is named, the first such one; sound ones are not.
    #[test]
    fn a_broken_chain_is_not_published() {
        let good = PublishFile {
            path: BOOK_FILE.into(),
            bytes: book(&[
                r#"{"kind": "run", "run_id": "r1"}"#,
                r#"{"kind": "run", "run_id": "r2"}"#,
            ]),
        };
        assert_eq!(broken_chain(&[&good]), None);
        let mut bad = good.clone();
        bad.path = ASKS_FILE.into();
        let at = bad.bytes.windows(2).position(|w| w == b"r1").unwrap();
        bad.bytes[at + 1] = b'9';
        let (path, error) = broken_chain(&[&good, &bad]).unwrap();
        assert_eq!(path, ASKS_FILE);
        assert!(
            error.starts_with("asks.jsonl: the chain does not verify: line "),
            "{error}"
        );
    }

    /// The plan writes the generated files with `manifest.json` last, listing every input and
    /// generated file; the trading tracks' files only when the league recorded arena prices
    /// (or the book seals rule versions).
    #[test]
    fn the_plan_lists_every_file_and_publishes_the_arena_only_when_it_runs() {
        let b = book(&[r#"{"kind": "run", "run_id": "r1", "at": "2026-10-21T12:30:00Z"}"#]);
        let lines = BookLines::parse(&b).unwrap();
        let mut sealed = vec![PublishFile {
            path: BOOK_FILE.into(),
            bytes: b,
        }];
        let analysis = analyse(&Dataset::default());
        let plan = publish_plan(&sealed, &lines, analysis.clone(), "sealbook test").unwrap();
        let names: Vec<&str> = plan.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            names[..4],
            [
                FORECASTS_FILE,
                STATS_FILE,
                CONTRACT_SCHEMA_FILE,
                ANSWER_SCHEMA_FILE
            ]
        );
        assert_eq!(names.last(), Some(&MANIFEST_FILE));
        assert!(names.contains(&LEAGUE_FILE) && names.contains(&ROSTER_FILE));
        assert!(!names.contains(&PROTOCOL_FILE) && !names.contains(&CALIBRATION_FILE));
        assert_eq!(plan.listed, sealed.len() + plan.files.len() - 1);
        let manifest = String::from_utf8(plan.files.last().unwrap().bytes.clone()).unwrap();
        assert!(manifest.contains("sealbook test"), "{manifest}");
        sealed.push(PublishFile {
            path: ARENA_PRICES_FILE.into(),
            bytes: Vec::new(),
        });
        let plan = publish_plan(&sealed, &lines, analysis, "sealbook test").unwrap();
        let names: Vec<&str> = plan.files.iter().map(|f| f.path.as_str()).collect();
        for f in [PROTOCOL_FILE, DECISIONS_FILE, TRADES_FILE, ACCOUNTS_FILE] {
            assert!(names.contains(&f), "{f} in {names:?}");
        }
        assert!(names.iter().any(|n| n.starts_with("arena-code")));
        assert_eq!(names.last(), Some(&MANIFEST_FILE));
    }

    /// A score that sealed lines owes a publish from its end; a failed publish is tried again
    /// a minute later, a successful one owes nothing; nothing is owed before a score.
    #[test]
    fn a_publish_is_owed_after_a_score_and_retried_after_a_failure() {
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let mut due = PublishDue::default();
        assert_eq!(due.at(), None);
        assert!(!due.is_due(t("2026-10-22T20:10:00Z")));
        due.score_sealed(t("2026-10-21T20:10:05Z"));
        assert_eq!(due.at(), Some(t("2026-10-21T20:10:05Z")));
        assert!(!due.is_due(t("2026-10-21T20:10:04Z")));
        assert!(due.is_due(t("2026-10-21T20:10:05Z")));
        assert!(due.is_due(t("2026-10-21T20:10:06Z")));
        due.published(false, t("2026-10-21T20:10:06Z"));
        assert_eq!(due.at(), Some(t("2026-10-21T20:11:06Z")));
        assert!(!due.is_due(t("2026-10-21T20:11:05Z")));
        due.published(true, t("2026-10-21T20:11:06Z"));
        assert_eq!(due.at(), None);
    }
}
