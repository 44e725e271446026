//! Messages between the Accounts page and its worker (www/accounts-worker.js).
//!
//! Page to worker: a plain JS object `{job, files: File[], labels: string[]}` (each file with
//! its label: its path inside a dropped folder, else its name).
//! Worker to page: one [`AccountsFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use serde::{Deserialize, Serialize};

pub const JOB: &str = "job";
pub const FILES: &str = "files";
pub const LABELS: &str = "labels";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AccountsFromWorker {
    Ready,
    /// Stage `step` of `steps` (reading the files, replaying) has started.
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

impl AccountsFromWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("AccountsFromWorker always serializes")
    }

    pub fn from_json(text: &str) -> Result<AccountsFromWorker, String> {
        serde_json::from_str(text).map_err(|e| format!("unreadable message from the replay: {e}"))
    }
}
