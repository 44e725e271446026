//! The Accounts worker: reads the dropped trading-track files and runs core's replay off the
//! page's thread ([`super::compute`]). Started by www/accounts-worker.js calling
//! [`accounts_worker_main`]; a newer job supersedes an older one (its result is dropped).

use super::compute::{self, arena_kind, Computed, MAX_CODE_BYTES, MAX_INPUT_BYTES};
use super::protocol::{AccountsFromWorker, FILES, JOB, LABELS};
use crate::i18n::{t, tr, M};
use crate::module_worker::read_whole;
use sealbook_core::records::published::ArenaFile;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, File, MessageEvent};

thread_local! {
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

fn post(msg: &AccountsFromWorker) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&msg.to_json()));
}

/// Entry point of the Accounts worker.
#[cfg_attr(feature = "accounts", wasm_bindgen::prelude::wasm_bindgen)]
pub fn accounts_worker_main() {
    std::panic::set_hook(Box::new(|info| {
        post(&AccountsFromWorker::Crashed {
            message: tr(M::WeInternal, &[("detail", info)]),
        })
    }));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        crate::module_worker::take_lang(&data);
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
        let job = get(JOB).and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
        let array = |k: &str| {
            get(k)
                .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
                .map(|a| a.to_vec())
                .unwrap_or_default()
        };
        let files: Vec<(String, File)> = array(LABELS)
            .into_iter()
            .zip(array(FILES))
            .filter_map(|(l, f)| Some((l.as_string()?, f.dyn_into::<File>().ok()?)))
            .collect();
        CURRENT_JOB.with(|c| c.set(job));
        wasm_bindgen_futures::spawn_local(async move {
            let msg = match run(job, files).await {
                Ok(computed) if CURRENT_JOB.with(|c| c.get()) == job => {
                    AccountsFromWorker::Done { job, computed }
                }
                Ok(_) => return,
                Err(message) => AccountsFromWorker::Failed { job, message },
            };
            post(&msg);
        });
    });
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(&AccountsFromWorker::Ready);
}

async fn run(job: u32, files: Vec<(String, File)>) -> Result<Computed, String> {
    let steps = 2;
    let progress = |step: u32, label: &str| {
        post(&AccountsFromWorker::Progress {
            job,
            step,
            steps,
            label: label.into(),
        })
    };
    progress(1, t(M::AccStepReading));
    let mut read_files = Vec::with_capacity(files.len());
    for (label, f) in &files {
        let limit = match arena_kind(label) {
            Some(ArenaFile::Code | ArenaFile::CodeText) => MAX_CODE_BYTES,
            _ => MAX_INPUT_BYTES,
        };
        read_files.push((label.clone(), read_whole(label, f, limit).await?));
    }
    progress(2, t(M::AccStepReplaying));
    compute::compute(&read_files).map_err(|e| e.say())
}
