//! The Accounts page's job ([`crate::job_loop`]), run by its worker (www/accounts-worker.js).
//!
//! Page to worker: a job object `{job, lang, files: File[], labels: string[]}` (each file with
//! its label: its path inside a dropped folder, else its name).
//! Worker to page: one [`AccountsFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use crate::i18n::M;
use crate::job_loop::{FromWorker, Job, Stages};
use wasm_bindgen::JsValue;
use web_sys::File;

pub const FILES: &str = "files";
pub const LABELS: &str = "labels";

/// The Accounts worker's messages.
pub type AccountsFromWorker = FromWorker<Computed>;

/// The replay of the dropped trading-track files (spec §4.7-4.8, §4.11): read, then replayed.
pub struct AccountsJob;

impl Job for AccountsJob {
    type Computed = Computed;
    /// Each file with its label.
    type Request = Vec<(String, File)>;
    const WORKER_URL: &'static str = "/accounts-worker.js";
    const WHAT: M = M::WeTheReplay;
    const STEPS: u32 = 2;
    const CRASHED: M = M::AccCrashed;
    const BROKEN: M = M::AccBroken;
    const NOT_HANDED: M = M::AccNotHanded;

    fn request(data: &JsValue) -> Vec<(String, File)> {
        super::worker::files(data)
    }

    fn run(
        files: Vec<(String, File)>,
        stages: Stages,
    ) -> impl std::future::Future<Output = Result<Computed, String>> + 'static {
        super::worker::run(files, stages)
    }
}
