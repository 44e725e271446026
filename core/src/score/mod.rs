//! Scoring: every measure of spec §3.5, §3.9, §4 and the §8 scorecard with its eligibility
//! rules, plus the peer benchmarks' rules (seeds 001/003, 002, 004) as separate profiles.
//!
//! Probabilities are percentages (0-100) as the league states them unless a function says
//! otherwise; Brier scores are in probability units (0-1). Where a measure needs an interval
//! or resamples, this module defines the point value and eligibility and asks
//! [`seams::StatsSeams`] for the interval (`core::stats` implements it).
//! [`league::league_stats`] assembles the council's tables from `council-forecasts.csv` rows;
//! [`files`] reads the published files' bytes into them.

pub mod agreement;
pub mod baselines;
pub mod book_agreement;
pub mod book_rows;
pub mod brier;
pub mod calibration;
pub mod cells;
pub mod comparisons;
pub mod consensus;
pub mod counting;
pub mod crowd;
pub mod crowd_book;
pub mod crowd_feed;
pub mod eligibility;
pub mod files;
pub mod forecasts_file;
pub(crate) mod ids;
pub mod independence;
pub mod independence_tables;
pub mod league;
pub mod model_versions;
pub mod notes;
pub mod peers;
pub mod roster;
pub mod scorecard;
pub mod seams;
pub mod secondary;
pub mod segments;
pub mod takeaway;

/// The mean of `xs` as `np.mean` computes it (pairwise summation), None when empty: one
/// mean for the scores and the statistics, so figures match the numpy peers to the bit.
pub(crate) fn mean(xs: impl IntoIterator<Item = f64>) -> Option<f64> {
    crate::stats::numpy_reduce::mean(&xs.into_iter().collect::<Vec<f64>>())
}
