//! What the Scores page computes from the dropped files, without the browser: the stats
//! document exactly as `sealbook score --json` writes it (the same core entry point, so the
//! same bytes) and the same document with its notes in the page's language, for the heat maps
//! each run's correlation matrix with its eigenvalues, and the §8.4 scorecards as `sealbook
//! scorecard --json` writes them.

use crate::i18n::input_messages::registered_error;
use crate::i18n::stats_notes;
use crate::i18n::{tr, M};
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::files::league_stats_and_matrices_from_files;
use sealbook_core::score::independence::RunMatrix;
use sealbook_core::score::peers::profile_stats::{peer_stats, PeerStats};
use sealbook_core::score::peers::Profile;
use sealbook_core::score::scorecard::{parse_registered, scorecards};
use sealbook_core::score::seams::CoreStats;
use serde::{Deserialize, Serialize};

/// Largest forecasts CSV or book read (a full season's CSV is about 30 MB).
pub const MAX_INPUT_BYTES: u64 = 512 << 20;
/// Largest climatology table read.
pub const MAX_CLIM_BYTES: u64 = 16 << 20;

/// One run's correlation matrix as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatrixView {
    pub run_id: String,
    pub horizon: String,
    pub seats: Vec<String>,
    /// r[i][j]; `None` for a pair without a correlation.
    pub r: Vec<Vec<Option<f64>>>,
    /// Descending; empty unless every pair has a correlation.
    pub eigenvalues: Vec<f64>,
    pub largest_share: Option<f64>,
    pub participation_ratio: Option<f64>,
}

impl From<RunMatrix> for MatrixView {
    fn from(m: RunMatrix) -> MatrixView {
        let sp = m.spectrum;
        MatrixView {
            run_id: m.run_id,
            horizon: m.horizon,
            seats: m.matrix.seats,
            r: m.matrix.r,
            largest_share: sp.as_ref().map(|s| s.largest_share),
            participation_ratio: sp.as_ref().map(|s| s.participation_ratio),
            eigenvalues: sp.map(|s| s.eigenvalues).unwrap_or_default(),
        }
    }
}

/// The page's results: `stats_json` is the CLI's `--json` output without its final newline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Computed {
    /// The stats document, when council-forecasts.csv or the book was given.
    pub stats_json: Option<String>,
    /// The same document with its notes worded in the page's language
    /// ([`crate::i18n::stats_notes`]): what the page shows. JSON carries a note as text only,
    /// so the worker, which has the page's language and core's typed notes, words them.
    #[serde(default)]
    pub shown_stats_json: Option<String>,
    pub matrices: Vec<MatrixView>,
    /// `sealbook scorecard --json`'s output, when the registered predictions were given.
    pub scorecards_json: Option<String>,
    /// `sealbook score --profile P --json`'s output, when a peer profile's records were given.
    pub peer_json: Option<String>,
    /// The same document with its generator worded in the page's language: what the page
    /// shows.
    #[serde(default)]
    pub shown_peer_json: Option<String>,
    /// `sealbook experiment stats --json`'s output, when an exported experiment dataset or
    /// the league file was given ([`super::experiment::analysis_json`]).
    #[serde(default)]
    pub experiment_json: Option<String>,
}

/// The files the page was given, as bytes; `registered` with its file name (for errors).
#[derive(Default)]
pub struct Inputs<'a> {
    pub forecasts: Option<&'a [u8]>,
    pub book: Option<&'a [u8]>,
    pub climatology: Option<&'a [u8]>,
    /// asks.jsonl: the roster (families, sides).
    pub asks: Option<&'a [u8]>,
    pub registered: Option<(&'a str, &'a [u8])>,
    /// A peer profile and its records file (name, bytes).
    pub peer: Option<(Profile, &'a str, &'a [u8])>,
    /// The reader experiment's exported dataset (name, bytes).
    pub experiment: Option<(&'a str, &'a [u8])>,
    /// `council-league.json`, the league file.
    pub league: Option<&'a [u8]>,
}

/// Scores the files: the stats document, byte for byte `sealbook score --json` without the
/// final newline, and as the page shows it (its notes in the page's language), each run's matrix in the `n_eff[]` rows' order; the scorecards. The
/// error names the file, and the row and column when the CSV is at fault.
pub fn compute(inp: &Inputs<'_>) -> Result<Computed, String> {
    // The league's rows come from the forecasts file when given, else from the book itself.
    let (stats_json, shown_stats_json, matrices) = if inp.forecasts.is_some() || inp.book.is_some()
    {
        let sources = LeagueSources {
            forecasts: inp.forecasts,
            book: inp.book,
            climatology: inp.climatology,
            asks: inp.asks,
        };
        let (mut stats, matrices) = league_stats_and_matrices_from_files(sources, &CoreStats)
            .map_err(|e| crate::i18n::input_messages::input_error(&e))?;
        let not_written = |e: serde_json::Error| tr(M::EaStatsNotWritten, &[("detail", &e)]);
        let json = serde_json::to_string(&stats).map_err(not_written)?;
        stats.word(&stats_notes::PageWording);
        let shown = serde_json::to_string(&stats).map_err(not_written)?;
        (
            Some(json),
            Some(shown),
            matrices.into_iter().map(MatrixView::from).collect(),
        )
    } else {
        (None, None, Vec::new())
    };
    let scorecards_json = match inp.registered {
        Some((name, bytes)) => {
            let preds = parse_registered(bytes).map_err(|e| {
                tr(
                    M::InAt,
                    &[("at", &name), ("message", &registered_error(&e))],
                )
            })?;
            Some(
                serde_json::to_string(&scorecards(&preds, &[]))
                    .map_err(|e| tr(M::EaScorecardsNotWritten, &[("detail", &e)]))?,
            )
        }
        None => None,
    };
    let (peer_json, shown_peer_json) = match inp.peer {
        Some((profile, name, bytes)) => match peer_stats(profile, bytes, &CoreStats) {
            Some(doc) => {
                let mut doc =
                    doc.map_err(|e| crate::i18n::peer_messages::record_error(name, &e))?;
                let write = |doc: &PeerStats| {
                    serde_json::to_string(doc)
                        .map_err(|e| tr(M::EaPeerNotWritten, &[("name", &name), ("detail", &e)]))
                };
                let json = write(&doc)?;
                if let Some(b) = doc.bootstrap_mut() {
                    b.generator.word(&stats_notes::generator);
                }
                (Some(json), Some(write(&doc)?))
            }
            None => (None, None),
        },
        None => (None, None),
    };
    let experiment_json = super::experiment::analysis_json(inp.experiment, inp.league)?;
    Ok(Computed {
        stats_json,
        shown_stats_json,
        matrices,
        scorecards_json,
        peer_json,
        shown_peer_json,
        experiment_json,
    })
}
