//! The peer profiles' records readers (`score::peers::records`) and stats documents on
//! arbitrary bytes: an error names a line of the input (1-based) and never panics; an
//! accepted file gives a document that serializes and counts no more records than it read.

use sealbook_core::score::peers::profile_stats::{agentpit_stats, arena_stats, ladder_stats};
use sealbook_core::score::peers::records::{read_agentpit, read_arena, read_ladder, RecordError};
use sealbook_core::score::seams::StatsSeams;
use sealbook_core::stats::bootstrap::BootstrapError;
use sealbook_core::stats::endpoint::{EndpointConfig, EndpointResult};
use sealbook_core::stats::intervals::IntervalMethod;
use sealbook_core::stats::logistic::{CalibrationFit, LogisticError};

/// Intervals without resampling: the documents' assembly is what is fuzzed here.
struct NoResampling;

impl StatsSeams for NoResampling {
    fn session_interval(&self, _: &[Vec<f64>], _: IntervalMethod, _: f64) -> Option<(f64, f64)> {
        None
    }
    fn block_bootstrap_endpoint(
        &self,
        _: &[f64],
        _: EndpointConfig,
    ) -> Result<EndpointResult, BootstrapError> {
        Err(BootstrapError::Empty)
    }
    fn iid_bootstrap(&self, v: &[f64], _: usize, _: f64, _: u64) -> Option<(f64, f64)> {
        let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Some((lo, hi))
    }
    fn logistic_calibration(
        &self,
        _: &[f64],
        _: &[bool],
        _: &[u64],
    ) -> Result<CalibrationFit, LogisticError> {
        Err(LogisticError::NoFit)
    }
}

fn check_error(data: &[u8], e: &RecordError) {
    let lines = data.split(|b| *b == b'\n').count();
    assert!(
        e.line >= 1 && e.line <= lines,
        "error on line {} of {lines}",
        e.line
    );
}

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    match read_agentpit(data) {
        Ok(r) => {
            let doc = agentpit_stats(&r, &NoResampling);
            assert!(doc
                .agents
                .values()
                .all(|a| a.forecasts + a.not_counted + a.bets.placed <= r.len()));
            serde_json::to_string(&doc).expect("document serializes");
        }
        Err(e) => check_error(data, &e),
    }
    match read_ladder(data) {
        Ok(r) => {
            let doc = ladder_stats(&r, &NoResampling);
            assert!(doc.models.values().all(|m| m.asked + m.annulled <= r.len()));
            serde_json::to_string(&doc).expect("document serializes");
        }
        Err(e) => check_error(data, &e),
    }
    match read_arena(data) {
        Ok(r) => {
            let doc = arena_stats(&r);
            assert!(doc
                .agents
                .values()
                .all(|a| a.settled + a.cancelled + a.open <= r.len()));
            serde_json::to_string(&doc).expect("document serializes");
        }
        Err(e) => check_error(data, &e),
    }
}
