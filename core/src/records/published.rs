//! What a published file is, by its path inside the drop (ARCHITECTURE.md "Published files"; the
//! names of spec Appendix C): the one classifier the verifier, the pages, the CLI's directory
//! verification and the publisher use. The verifier's
//! [`FileKind`](crate::verifier::FileKind) and the scorer's inputs are views of
//! [`PublishedFile`].

use super::names::{
    ACCOUNTS_FILE, ANCHORS_SUFFIX, ANSWER_SCHEMA_FILE, CALIBRATION_FILE, CODE_FILE,
    CONTRACT_SCHEMA_FILE, DATASET_FILE, DECISIONS_FILE, DEMO_NOTICE_FILE, DIGEST_FILE,
    FORECASTS_INDEX_FILE, LEAGUE_FILE, MANIFEST_FILE, PRICES_FILE, PROTOCOL_FILE, REPLIES_DIR,
    ROSTER_FILE, STATS_FILE, TRADES_FILE, TSA_FOLDER,
};
use crate::ots::report::stamped_file_name;

/// Published documents that are neither scored nor checked by the pages, by file name.
const OTHER_DOCUMENTS: [&str; 9] = [
    MANIFEST_FILE,
    STATS_FILE,
    CALIBRATION_FILE,
    ROSTER_FILE,
    FORECASTS_INDEX_FILE,
    DIGEST_FILE,
    DATASET_FILE,
    CONTRACT_SCHEMA_FILE,
    ANSWER_SCHEMA_FILE,
];

/// The trading tracks' published files (spec §4.11, Appendix B steps 7-8), which the
/// Accounts page replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ArenaFile {
    /// `arena-protocol.json`, the rules (Appendix A).
    Protocol,
    /// `arena-decisions.jsonl`.
    Decisions,
    /// `arena-prices.jsonl`.
    Prices,
    /// `arena-trades.jsonl`.
    Trades,
    /// `arena-accounts.jsonl`.
    Accounts,
    /// `arena-code.json`, the engine's code files with their SHA-256.
    Code,
    /// `arena-code-<file>.txt`, one published code text.
    CodeText,
}

impl ArenaFile {
    /// The kind of the file named `name` (lower case, no folder), if it is one of these.
    fn of(name: &str) -> Option<ArenaFile> {
        Some(match name {
            PROTOCOL_FILE => ArenaFile::Protocol,
            DECISIONS_FILE => ArenaFile::Decisions,
            PRICES_FILE => ArenaFile::Prices,
            TRADES_FILE => ArenaFile::Trades,
            ACCOUNTS_FILE => ArenaFile::Accounts,
            CODE_FILE => ArenaFile::Code,
            _ if name.starts_with("arena-code-") && name.ends_with(".txt") => ArenaFile::CodeText,
            _ => return None,
        })
    }
}

/// One published file's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PublishedFile {
    /// A sealed JSONL ledger: `council-book.jsonl` (any `.jsonl` but the ask chain).
    Book,
    /// The outgoing ask chain with the roster (`asks.jsonl`: a `.jsonl` named for asks).
    AskChain,
    /// A stamped list (`proof/<day>/<HHMMSS>Z.txt`), or another text a proof may stamp.
    StampedList,
    /// An OpenTimestamps proof (`proof/<day>/<HHMMSS>Z.txt.ots`).
    Proof,
    /// An RFC 3161 response or token (`<list>.<tsa>.tsr`, `.tst`).
    TimestampToken,
    /// A Sigstore Rekor entry (`<list>.rekor.json`) or bundle (`<list>.sigstore.json`).
    RekorEntry,
    /// A certificate (`.pem`, `.crt`, `.cer`, or any file in a `tsa/` folder).
    Certificate,
    /// `council-forecasts.csv` (spec Table C1; any `.csv`).
    Forecasts,
    /// The registered predictions with their verdicts (§8.4; a `.json` named for
    /// registered predictions).
    RegisteredPredictions,
    /// The sealed climatology table (`council-clim-window.json`; any other `.json` that is
    /// not one of the published documents below).
    Climatology,
    /// A trading-track file (`arena-*.json`, `arena-*.jsonl`, `arena-code-<file>.txt`).
    Arena(ArenaFile),
    /// The league file (`council-league.json`, spec Appendix C; the Scores page shows its
    /// `experiment` section).
    LeagueFile,
    /// The reader experiment's exported dataset (`sealbook experiment export --dataset`: a
    /// `.json` whose name starts with `experiment`).
    ExperimentDataset,
    /// Another published document (`manifest.json`, `council-stats.json`, a stamped list's
    /// `<list>.anchors.json`, the DEMO league's `DEMO.txt`, ...).
    OtherDocument,
    /// Anything else (ask texts, the raw replies under `replies/`, READMEs, ...).
    Other,
}

impl PublishedFile {
    /// The kind of the file at `path` (its path inside a dropped folder, or its name).
    pub fn of(path: &str) -> PublishedFile {
        let lower = path.to_ascii_lowercase();
        let name = lower.rsplit('/').next().unwrap_or(&lower);
        let in_folder = |folder: &str| lower.split('/').rev().skip(1).any(|part| part == folder);
        let in_tsa_folder = in_folder(TSA_FOLDER.trim_end_matches('/'));
        let in_replies_folder = in_folder(REPLIES_DIR);
        if in_replies_folder {
            // The seats' raw replies, which the answer lines' own_sha256 name.
            PublishedFile::Other
        } else if let Some(arena) = ArenaFile::of(name) {
            PublishedFile::Arena(arena)
        } else if lower.ends_with(".jsonl") {
            if name.contains("asks") {
                PublishedFile::AskChain
            } else {
                PublishedFile::Book
            }
        } else if lower.ends_with(".rekor.json")
            || lower.ends_with(".sigstore.json")
            || lower.ends_with(".sigstore")
        {
            PublishedFile::RekorEntry
        } else if lower.ends_with(ANCHORS_SUFFIX) {
            // A stamped list's anchor record, never a climatology table.
            PublishedFile::OtherDocument
        } else if lower.ends_with(".tsr") || lower.ends_with(".tst") {
            PublishedFile::TimestampToken
        } else if lower.ends_with(".pem")
            || lower.ends_with(".crt")
            || lower.ends_with(".cer")
            || in_tsa_folder
        {
            PublishedFile::Certificate
        } else if name.eq_ignore_ascii_case(DEMO_NOTICE_FILE) {
            // The DEMO league's notice to people, not a list a proof stamps.
            PublishedFile::OtherDocument
        } else if lower.ends_with(".txt") {
            PublishedFile::StampedList
        } else if stamped_file_name(&lower).is_some() {
            PublishedFile::Proof
        } else if lower.ends_with(".csv") {
            PublishedFile::Forecasts
        } else if lower.ends_with(".json") {
            if name == LEAGUE_FILE {
                PublishedFile::LeagueFile
            } else if name.starts_with("experiment") {
                PublishedFile::ExperimentDataset
            } else if name.contains("regist") || name.contains("prediction") {
                PublishedFile::RegisteredPredictions
            } else if OTHER_DOCUMENTS.contains(&name) {
                PublishedFile::OtherDocument
            } else {
                PublishedFile::Climatology
            }
        } else {
            PublishedFile::Other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scorers_files_are_told_apart_by_name() {
        assert_eq!(
            PublishedFile::of("council-forecasts.CSV"),
            PublishedFile::Forecasts
        );
        assert_eq!(PublishedFile::of("council-book.jsonl"), PublishedFile::Book);
        assert_eq!(
            PublishedFile::of("council-clim-window.json"),
            PublishedFile::Climatology
        );
        assert_eq!(PublishedFile::of("asks.jsonl"), PublishedFile::AskChain);
        // A league folder's anchor records are not climatology tables (the last one read
        // would replace the real table).
        assert_eq!(
            PublishedFile::of("proof/2026-10-20/123000Z.txt.anchors.json"),
            PublishedFile::OtherDocument
        );
        assert_eq!(
            PublishedFile::of("registered-predictions.json"),
            PublishedFile::RegisteredPredictions
        );
        assert_eq!(PublishedFile::of("notes.txt"), PublishedFile::StampedList);
        // The DEMO league's notice is a document for people, at the top or inside a folder.
        for path in ["DEMO.txt", "demo/DEMO.txt", "published/demo.TXT"] {
            assert_eq!(
                PublishedFile::of(path),
                PublishedFile::OtherDocument,
                "{path}"
            );
        }
        assert_eq!(
            PublishedFile::of("replies/2026-10-21-am/gpt.txt"),
            PublishedFile::Other
        );
        assert_eq!(PublishedFile::of("notes.md"), PublishedFile::Other);
        assert_eq!(
            PublishedFile::of("published/council-league.json"),
            PublishedFile::LeagueFile
        );
        assert_eq!(
            PublishedFile::of("experiment-dataset.json"),
            PublishedFile::ExperimentDataset
        );
    }

    #[test]
    fn the_trading_tracks_files_are_not_books_lists_or_documents() {
        for (path, kind) in [
            ("published/arena-protocol.json", ArenaFile::Protocol),
            ("arena-decisions.jsonl", ArenaFile::Decisions),
            ("arena-prices.jsonl", ArenaFile::Prices),
            ("Arena-Trades.JSONL", ArenaFile::Trades),
            ("arena-accounts.jsonl", ArenaFile::Accounts),
            ("arena-code.json", ArenaFile::Code),
            (
                "arena-code-core-src-arena-engine.rs.txt",
                ArenaFile::CodeText,
            ),
        ] {
            assert_eq!(
                PublishedFile::of(path),
                PublishedFile::Arena(kind),
                "{path}"
            );
        }
        assert_eq!(PublishedFile::of("arena-notes.jsonl"), PublishedFile::Book);
        assert_eq!(
            PublishedFile::of("arena-code-x.json"),
            PublishedFile::Climatology
        );
    }

    #[test]
    fn a_whole_published_folder_is_read_by_path() {
        for (path, kind) in [
            ("published/council-book.jsonl", PublishedFile::Book),
            ("published/asks.jsonl", PublishedFile::AskChain),
            ("published/council-forecasts.csv", PublishedFile::Forecasts),
            (
                "published/council-clim-window.json",
                PublishedFile::Climatology,
            ),
            ("published/manifest.json", PublishedFile::OtherDocument),
            ("published/council-stats.json", PublishedFile::OtherDocument),
            (
                "published/proof/2026-10-20/130025Z.txt",
                PublishedFile::StampedList,
            ),
            (
                "published/proof/2026-10-20/130025Z.txt.ots",
                PublishedFile::Proof,
            ),
            (
                "published/proof/2026-10-20/130025Z.txt.rekor.json",
                PublishedFile::RekorEntry,
            ),
            (
                "published/proof/tsa/cacert.json",
                PublishedFile::Certificate,
            ),
            ("published/asks/0a1b.md", PublishedFile::Other),
            // The folder's name is not the file's: only the file name says "asks".
            ("asks-archive/council-book.jsonl", PublishedFile::Book),
        ] {
            assert_eq!(PublishedFile::of(path), kind, "{path}");
        }
    }
}
