//! The league publish (`sealbook league publish`, the jobs' publish after a score, the demo):
//! writes a league directory's generated open-data
//! files (spec Appendix C) from its sealed files alone (`council-book.jsonl`, `asks.jsonl`,
//! `asks/*.md`, `proof/**`):
//! - `council-forecasts.csv`: the book's rows with each cell as sealed
//!   (`core::score::forecasts_file`), which `sealbook conformance` checks;
//! - `council-stats.json`: the stats document `sealbook score --json` prints for the same
//!   files (`core::score::files::league_stats_from_files`; with `council-clim-window.json`
//!   when the league has one), which the Scores page reads;
//! - `event-contract.schema.json` (`core::contract::event`, as `sealbook schema` writes it);
//! - `proof/<day>/index.html` for every day with a stamped list (`core::league::proof_page`);
//! - the trading tracks (spec §4.7, §4.8, §4.11; `core::arena::league::arena_files`), when
//!   the book seals rule versions in its run lines or the league has recorded
//!   `arena-prices.jsonl`: `arena-protocol.json`, `arena-decisions.jsonl` (derived from the
//!   sealed answer lines), `arena-trades.jsonl` and `arena-accounts.jsonl` (the engine run over
//!   them and the recorded prices), `arena-code.json` with every `arena-code-<file>.txt`
//!   (Appendix B step 8: the engine's code as compiled into this build);
//! - `council-league.json`, the league file (`core::league::league_file`), with the
//!   `accounts` section when the trading tracks are published and the reader
//!   experiment's analysis under `experiment` (spec §6.2; the same document as `sealbook
//!   experiment stats --json`), read from the experiment's store through its storage trait
//!   (PostgreSQL when configured, else `experiment.sqlite`; with neither, no forecasts yet, and
//!   the section with its group label is written all the same);
//! - the derived files of Appendix C (`core::league::open_data`): `council-calibration.json`
//!   (when the league has a climatology table), `league-roster.json`,
//!   `council-forecasts-index.json`, `markets-digest.json` and `arena-dataset.json`, the data
//!   dictionary describing every published file;
//! - `manifest.json` last: every published file with its size and SHA-256
//!   (`core::league::manifest`).
//!
//! The published files are the ledgers, `asks/*.md`, everything under `proof/` and `tsa/`,
//! the generated files and, when present, `council-clim-window.json`, `arena-prices.jsonl` and
//! `DEMO.txt`; the
//! operator's `league.toml`, lock files, side files and anything else stay out.
//!
//! Deterministic: the same sealed files give the same bytes, and a file whose bytes would not
//! change is not rewritten. Sealed files are only read. A book or ask chain whose chain does not
//! verify is not published (exit 1); a missing or unreadable input is unusable (exit 2).

use super::driver::REPLIES_DIR;
use crate::files::read_bounded;
use crate::outcome::Unusable;
use sealbook_core::arena::code::engine_code_files;
use sealbook_core::arena::league::{arena_files, league_protocol};
use sealbook_core::arena::protocol::PROTOCOL_FILE;
use sealbook_core::arena::records::{
    ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE as ARENA_PRICES_FILE, TRADES_FILE,
};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::contract::event::event_contract_schema_bytes;
use sealbook_core::league::answer::answer_schema_bytes;
use sealbook_core::league::league_file::{GeneratedFrom, LeagueFile, LEAGUE_FILE};
use sealbook_core::league::manifest::{generated_at_of, path_is_safe, Manifest, MANIFEST_FILE};
use sealbook_core::league::open_data::{
    calibration_bytes, dataset_bytes, digest_bytes, forecasts_index_bytes, roster_bytes,
    CALIBRATION_FILE, DATASET_FILE, DIGEST_FILE, FORECASTS_INDEX_FILE, ROSTER_FILE,
};
use sealbook_core::league::proof_page::{proof_pages, Ledger, PAGE_NAME};
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::names::{
    ANSWER_SCHEMA_FILE, ASKS_FILE, BOOK_FILE, DEMO_NOTICE_FILE, FORECASTS_FILE, PROOF_FOLDER,
};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::league_stats_from_files;
use sealbook_core::score::forecasts_file::forecasts_csv_from_book;
use sealbook_core::score::roster::league_roster;
use sealbook_core::score::seams::CoreStats;
use std::path::{Path, PathBuf};

/// The sealed climatology table, read for the stats when present.
pub use sealbook_core::records::names::CLIM_FILE;
pub use sealbook_core::records::names::{CONTRACT_SCHEMA_FILE, STATS_FILE};
/// Other files published as they are, when present.
const PUBLISHED_AS_IS: [&str; 3] = [CLIM_FILE, ARENA_PRICES_FILE, DEMO_NOTICE_FILE];
/// Folders whose every file is published (ask texts, stamped lists and their anchors, the
/// authorities' certificates).
const PUBLISHED_DIRS: [&str; 3] = ["asks", "proof", "tsa"];
/// Largest file read (a season's book is tens of megabytes).
const MAX_FILE_BYTES: u64 = 1 << 30;
/// Most files one league directory may publish.
const MAX_FILES: usize = 100_000;
/// Deepest folder nesting walked under a published folder.
const MAX_DEPTH: usize = 8;

/// A file to publish: its path relative to DIR (`/`-separated) and its bytes.
struct File {
    path: String,
    bytes: Vec<u8>,
}

/// Every regular file under `dir/rel`, as `rel/...` paths, sorted; symbolic links are not
/// followed (a link could publish a file from outside the league).
fn walk(root: &Path, rel: &str, depth: usize, out: &mut Vec<String>) -> Result<(), Unusable> {
    let dir = root.join(rel);
    let entries = std::fs::read_dir(&dir).map_err(|e| Unusable::io(&dir, "read directory", &e))?;
    let mut names = Vec::new();
    for e in entries {
        let e = e.map_err(|e| Unusable::io(&dir, "read directory", &e))?;
        let name = e.file_name().into_string().map_err(|n| {
            Unusable::file(
                &dir.join(&n),
                "a file name that is not UTF-8 cannot be published",
            )
        })?;
        let kind = e
            .file_type()
            .map_err(|err| Unusable::io(&e.path(), "stat", &err))?;
        names.push((name, kind));
    }
    names.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, kind) in names {
        if name.starts_with('.') {
            continue;
        }
        let path = format!("{rel}/{name}");
        if kind.is_dir() {
            if depth >= MAX_DEPTH {
                return Err(Unusable::file(
                    &root.join(&path),
                    format!("folders nested deeper than {MAX_DEPTH} are not published"),
                ));
            }
            walk(root, &path, depth + 1, out)?;
        } else if kind.is_file() {
            if out.len() >= MAX_FILES {
                return Err(Unusable::file(
                    root,
                    format!("more than {MAX_FILES} files to publish"),
                ));
            }
            out.push(path);
        }
    }
    Ok(())
}

fn read(dir: &Path, rel: &str) -> Result<File, Unusable> {
    let bytes = read_bounded(&dir.join(rel), MAX_FILE_BYTES, "published file")?;
    Ok(File {
        path: rel.to_string(),
        bytes,
    })
}

/// Writes `bytes` to `dir/rel` unless the file already holds exactly them (then it is left
/// alone, its time too); through a temporary file and a rename, so a reader never sees half a
/// file. Returns whether it wrote.
fn write_if_changed(dir: &Path, rel: &str, bytes: &[u8]) -> Result<bool, Unusable> {
    let path = dir.join(rel);
    if std::fs::read(&path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Unusable::io(parent, "create directory", &e))?;
    }
    let tmp = path.with_file_name(format!(
        ".{}.publish-{}",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("file"),
        std::process::id()
    ));
    std::fs::write(&tmp, bytes).map_err(|e| Unusable::io(&tmp, "write", &e))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Unusable::io(&path, "rename into place", &e)
    })?;
    Ok(true)
}

/// The league's name and methodology version from its sealed files: the declaration's
/// `league` (else its `label`) and `methodology` (else the last run line's).
fn league_identity(asks: Option<&[u8]>, lines: &BookLines) -> (String, String) {
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

/// What [`publish_league`] did.
pub enum Published {
    /// The files are written: every file listed in the manifest, those written and those
    /// left as they were.
    Written {
        league: String,
        methodology: String,
        listed: usize,
        written: Vec<String>,
        unchanged: Vec<String>,
    },
    /// A ledger's chain does not verify (`error` names the file, line and check): nothing
    /// is published.
    ChainBroken { error: String, path: PathBuf },
}

/// Writes the league's generated files (the forecasts file, the stats document, the event
/// contract schema, the proof pages) and `manifest.json` from its sealed files; see the
/// module doc.
pub fn publish_league(dir: &Path) -> Result<Published, Unusable> {
    let book_path = dir.join(BOOK_FILE);
    if !book_path.is_file() {
        return Err(Unusable::file(
            &book_path,
            "no sealed book: not a league directory",
        ));
    }
    let book = read(dir, BOOK_FILE)?;
    let asks = if dir.join(ASKS_FILE).is_file() {
        Some(read(dir, ASKS_FILE)?)
    } else {
        None
    };
    for ledger in std::iter::once(&book).chain(asks.as_ref()) {
        let report = verify(&ledger.bytes, VerifyOptions::default());
        if report.ok {
            continue;
        }
        let first = report.problems.first().map_or(String::new(), |p| {
            format!(": line {}: {}", p.line, p.check.name())
        });
        return Ok(Published::ChainBroken {
            error: format!("{}: the chain does not verify{first}", ledger.path),
            path: dir.join(&ledger.path),
        });
    }
    let book_err = |e: sealbook_core::score::files::InputError| Unusable::file(dir, e.to_string());
    let lines = BookLines::parse(&book.bytes).map_err(|e| {
        Unusable::file(&book_path, e.to_string())
            .at_line(e.line)
            .field(e.field)
    })?;

    // The sealed and as-is files, read once.
    let mut sealed = vec![book];
    sealed.extend(asks);
    for name in PUBLISHED_AS_IS {
        if dir.join(name).is_file() {
            sealed.push(read(dir, name)?);
        }
    }
    for folder in PUBLISHED_DIRS {
        if dir.join(folder).is_dir() {
            let mut paths = Vec::new();
            walk(dir, folder, 1, &mut paths)?;
            for p in paths {
                // The pages this command writes are generated, not inputs.
                if p.starts_with(PROOF_FOLDER) && p.ends_with(&format!("/{PAGE_NAME}")) {
                    continue;
                }
                if !path_is_safe(&p) {
                    return Err(Unusable::file(
                        &dir.join(&p),
                        "a path that cannot be published",
                    ));
                }
                sealed.push(read(dir, &p)?);
            }
        }
    }
    // The raw replies of every run whose session has closed (before then they stay private:
    // a reply published during the session would show the others what a seat said).
    for run_id in lines.closed_runs() {
        let folder = format!("{REPLIES_DIR}/{run_id}");
        if !path_is_safe(&folder) || !dir.join(&folder).is_dir() {
            continue;
        }
        let mut paths = Vec::new();
        walk(dir, &folder, 2, &mut paths)?;
        for p in paths {
            if !path_is_safe(&p) {
                return Err(Unusable::file(
                    &dir.join(&p),
                    "a path that cannot be published",
                ));
            }
            sealed.push(read(dir, &p)?);
        }
    }
    let get = |name: &str| {
        sealed
            .iter()
            .find(|f| f.path == name)
            .map(|f| f.bytes.as_slice())
    };
    let book_bytes = get(BOOK_FILE).expect("read above");
    let asks_bytes = get(ASKS_FILE);

    // The generated files.
    let csv = forecasts_csv_from_book(book_bytes, asks_bytes).map_err(book_err)?;
    let sources = LeagueSources {
        forecasts: Some(&csv),
        book: Some(book_bytes),
        climatology: get(CLIM_FILE),
        asks: asks_bytes,
    };
    let stats = league_stats_from_files(sources, &CoreStats).map_err(book_err)?;
    let mut stats_bytes = serde_json::to_vec(&stats).expect("stats serialize");
    stats_bytes.push(b'\n');
    let mut generated = vec![
        File {
            path: FORECASTS_FILE.into(),
            bytes: csv,
        },
        File {
            path: STATS_FILE.into(),
            bytes: stats_bytes,
        },
        File {
            path: CONTRACT_SCHEMA_FILE.into(),
            bytes: event_contract_schema_bytes(),
        },
        File {
            path: ANSWER_SCHEMA_FILE.into(),
            bytes: answer_schema_bytes(),
        },
    ];
    let (league, methodology) = league_identity(asks_bytes, &lines);
    // Appendix C's derived files: the calibration file (with a climatology table), the roster,
    // the forecasts file's index, the digest and the data dictionary.
    if let Some(clim) = get(CLIM_FILE) {
        let sealed = asks_bytes
            .and_then(|a| AskChain::parse(a).ok())
            .and_then(|c| c.declaration().and_then(|d| d.climatology_sha256.clone()));
        let bytes = calibration_bytes(clim, sealed.as_deref())
            .map_err(|e| Unusable::file(&dir.join(CLIM_FILE), e.to_string()))?;
        generated.push(File {
            path: CALIBRATION_FILE.into(),
            bytes,
        });
    }
    let roster = league_roster(asks_bytes, Some(book_bytes))
        .map_err(|e| Unusable::file(dir, e.to_string()))?;
    let csv_bytes = &generated[0].bytes;
    let index = forecasts_index_bytes(csv_bytes).map_err(|e| Unusable::file(dir, e))?;
    let digest =
        digest_bytes(&league, &methodology, csv_bytes).map_err(|e| Unusable::file(dir, e))?;
    for (path, bytes) in [
        (
            ROSTER_FILE,
            roster_bytes(&league, &methodology, &roster, &lines),
        ),
        (FORECASTS_INDEX_FILE, index),
        (DIGEST_FILE, digest),
        (DATASET_FILE, dataset_bytes()),
    ] {
        generated.push(File {
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
        .map_err(|e| Unusable::file(dir, e.to_string()))?;
        for (path, bytes) in [
            (PROTOCOL_FILE, a.protocol),
            (DECISIONS_FILE, a.decisions),
            (TRADES_FILE, a.trades),
            (ACCOUNTS_FILE, a.accounts),
        ] {
            generated.push(File {
                path: path.into(),
                bytes,
            });
        }
        for (path, bytes) in engine_code_files() {
            generated.push(File { path, bytes });
        }
        Some(a.section)
    } else {
        None
    };
    let view = crate::experiment::BookView::of(book_bytes, asks_bytes).map_err(|e| {
        Unusable::file(&book_path, e.to_string())
            .at_line(e.line)
            .field(e.field)
    })?;
    let analysis = crate::experiment::analysis_with_book(
        crate::experiment::stored_dataset(dir)?,
        &view,
        sealbook_core::experiment::council::AsOf::Whole,
    );
    generated.push(File {
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
    let mut ledgers = vec![Ledger {
        path: BOOK_FILE,
        bytes: book_bytes,
    }];
    if let Some(a) = asks_bytes {
        ledgers.push(Ledger {
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
        generated.push(File { path, bytes });
    }
    let generator = format!("sealbook {}", env!("CARGO_PKG_VERSION"));
    let mut manifest = Manifest::build(
        &league,
        &methodology,
        &generator,
        sealed
            .iter()
            .chain(&generated)
            .map(|f| (f.path.as_str(), f.bytes.as_slice())),
    )
    .map_err(|e| Unusable::file(dir, e.to_string()))?;
    manifest.generated_at = generated_at_of(&[book_bytes, asks_bytes.unwrap_or_default()]);
    generated.push(File {
        path: MANIFEST_FILE.into(),
        bytes: manifest.to_bytes(),
    });

    let mut written = Vec::new();
    let mut unchanged = Vec::new();
    for f in &generated {
        if write_if_changed(dir, &f.path, &f.bytes)? {
            written.push(f.path.clone());
        } else {
            unchanged.push(f.path.clone());
        }
    }
    Ok(Published::Written {
        league,
        methodology,
        listed: manifest.files.len(),
        written,
        unchanged,
    })
}
