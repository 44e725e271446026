//! Messages between the Accounts page and its worker (www/accounts-worker.js).
//!
//! Page to worker: a plain JS object `{job, files: File[], labels: string[]}` (each file with
//! its label: its path inside a dropped folder, else its name).
//! Worker to page: one [`AccountsFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use crate::module_worker::FromWorker;

pub const JOB: &str = "job";
pub const FILES: &str = "files";
pub const LABELS: &str = "labels";

/// The Accounts worker's messages.
pub type AccountsFromWorker = FromWorker<Computed>;
