//! The Accounts worker: reads the dropped trading-track files and runs core's replay off the
//! page's thread ([`super::compute`]). Started by www/accounts-worker.js calling
//! [`accounts_worker_main`]; its job loop is [`crate::job_loop::serve_jobs`].

use super::compute::{self, arena_kind, Computed, MAX_CODE_BYTES, MAX_INPUT_BYTES};
use super::protocol::{AccountsJob, FILES, LABELS};
use crate::i18n::{t, M};
use crate::job_loop::{serve_jobs, Stages};
use crate::module_worker::read_whole;
use sealbook_core::records::published::ArenaFile;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::File;

/// Entry point of the Accounts worker.
#[cfg_attr(feature = "accounts", wasm_bindgen::prelude::wasm_bindgen)]
pub fn accounts_worker_main() {
    serve_jobs::<AccountsJob>();
}

/// The job's files with their labels, from the job object `data`.
pub(super) fn files(data: &JsValue) -> Vec<(String, File)> {
    let array = |k: &str| {
        js_sys::Reflect::get(data, &k.into())
            .ok()
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
            .map(|a| a.to_vec())
            .unwrap_or_default()
    };
    array(LABELS)
        .into_iter()
        .zip(array(FILES))
        .filter_map(|(l, f)| Some((l.as_string()?, f.dyn_into::<File>().ok()?)))
        .collect()
}

/// Reads the files (stage 1) and replays them (stage 2).
pub(super) async fn run(files: Vec<(String, File)>, stages: Stages) -> Result<Computed, String> {
    stages.start(1, t(M::AccStepReading));
    let mut read_files = Vec::with_capacity(files.len());
    for (label, f) in &files {
        let limit = match arena_kind(label) {
            Some(ArenaFile::Code | ArenaFile::CodeText) => MAX_CODE_BYTES,
            _ => MAX_INPUT_BYTES,
        };
        read_files.push((label.clone(), read_whole(label, f, limit).await?));
    }
    stages.start(2, t(M::AccStepReplaying));
    compute::compute(&read_files).map_err(|e| e.say())
}
