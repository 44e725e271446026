//! Messages between the Scores page and its worker (www/scores-worker.js).
//!
//! Page to worker: a plain JS object `{job, forecasts?: File, book?: File, clim?: File,
//! asks?: File, registered?: File, profile?: "agentpit"|"ladder"|"arena", records?: File,
//! experiment?: File, league?: File}` (at least the forecasts, the registered predictions, a
//! peer profile's records, an experiment dataset or the league file).
//! Worker to page: one [`ScoresFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use crate::module_worker::FromWorker;

pub const JOB: &str = "job";
pub const FORECASTS: &str = "forecasts";
pub const BOOK: &str = "book";
pub const CLIM: &str = "clim";
pub const ASKS: &str = "asks";
pub const REGISTERED: &str = "registered";
pub const PROFILE: &str = "profile";
pub const RECORDS: &str = "records";
pub const EXPERIMENT: &str = "experiment";
pub const LEAGUE: &str = "league";

/// The Scores worker's messages.
pub type ScoresFromWorker = FromWorker<Computed>;
