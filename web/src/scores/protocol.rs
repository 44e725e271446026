//! Messages between the Scores page and its worker (www/scores-worker.js).
//!
//! Page to worker: a plain JS object `{job, forecasts?: File, book?: File, clim?: File,
//! asks?: File, registered?: File, profile?: "agentpit"|"ladder"|"arena", records?: File,
//! experiment?: File, league?: File}` (at least the forecasts, the registered predictions, a
//! peer profile's records, an experiment dataset or the league file).
//! Worker to page: one [`ScoresFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use serde::{Deserialize, Serialize};

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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ScoresFromWorker {
    Ready,
    /// Stage `step` of `steps` (reading each file, scoring, the matrices) has started.
    Progress {
        job: u32,
        step: u32,
        steps: u32,
        label: String,
    },
    Done {
        job: u32,
        computed: Computed,
    },
    Failed {
        job: u32,
        message: String,
    },
    Crashed {
        message: String,
    },
}

impl ScoresFromWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("ScoresFromWorker always serializes")
    }

    pub fn from_json(text: &str) -> Result<ScoresFromWorker, String> {
        serde_json::from_str(text).map_err(|e| format!("unreadable message from the scorer: {e}"))
    }
}
