//! What the Scores page computes from the dropped files, without the browser: the stats
//! document exactly as `sealbook score --json` writes it (the same core entry point, so the
//! same bytes) and, for the heat maps, each run's correlation matrix with its eigenvalues.

use sealbook_core::score::independence::RunMatrix;
use sealbook_core::score::league::league_stats_and_matrices_from_files;
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
    pub stats_json: String,
    pub matrices: Vec<MatrixView>,
}

/// Scores the files: the stats document, byte for byte `sealbook score --json` without the
/// final newline, and each run's matrix in the `n_eff[]` rows' order. The error names the
/// file, and the row and column when the CSV is at fault.
pub fn compute(forecasts_csv: &[u8], book: Option<&[u8]>, climatology: Option<&[u8]>) -> Result<Computed, String> {
    let (stats, matrices) = league_stats_and_matrices_from_files(forecasts_csv, book, climatology, None, &CoreStats).map_err(|e| e.to_string())?;
    let stats_json = serde_json::to_string(&stats).map_err(|e| format!("the stats document could not be written: {e}"))?;
    Ok(Computed { stats_json, matrices: matrices.into_iter().map(MatrixView::from).collect() })
}
