//! The Scores worker: reads the dropped files and runs `sealbook-core`'s scorer off the page's
//! thread, posting each stage as it starts and then the results ([`super::compute`]).
//! Started by www/scores-worker.js calling [`scores_worker_main`]; a newer job supersedes an
//! older one (its result is dropped).

use super::compute::{self, Computed, MAX_CLIM_BYTES, MAX_INPUT_BYTES};
use super::protocol::{ScoresFromWorker, BOOK, CLIM, FORECASTS, JOB};
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, File, MessageEvent};

thread_local! {
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

fn post(msg: &ScoresFromWorker) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&msg.to_json()));
}

/// Entry point of the Scores worker.
#[wasm_bindgen]
pub fn scores_worker_main() {
    std::panic::set_hook(Box::new(|info| post(&ScoresFromWorker::Crashed { message: format!("internal error: {info}") })));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
        let job = get(JOB).and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
        let file = |k: &str| get(k).and_then(|v| v.dyn_into::<File>().ok());
        let (forecasts, book, clim) = (file(FORECASTS), file(BOOK), file(CLIM));
        CURRENT_JOB.with(|c| c.set(job));
        wasm_bindgen_futures::spawn_local(async move {
            let msg = match run(job, forecasts, book, clim).await {
                Ok(computed) if CURRENT_JOB.with(|c| c.get()) == job => ScoresFromWorker::Done { job, computed },
                Ok(_) => return,
                Err(message) => ScoresFromWorker::Failed { job, message },
            };
            post(&msg);
        });
    });
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(&ScoresFromWorker::Ready);
}

async fn read(file: &File, limit: u64) -> Result<Vec<u8>, String> {
    let size = file.size() as u64;
    if size > limit {
        return Err(format!("{}: {size} bytes is more than this page reads ({limit})", file.name()));
    }
    let array = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| format!("{}: the browser could not read the file ({e:?}); was it moved or changed?", file.name()))?;
    Ok(js_sys::Uint8Array::new(&array).to_vec())
}

async fn run(job: u32, forecasts: Option<File>, book: Option<File>, clim: Option<File>) -> Result<Computed, String> {
    let forecasts = forecasts.ok_or("no council-forecasts.csv was given")?;
    let steps = 4;
    let progress = |step: u32, label: &str| post(&ScoresFromWorker::Progress { job, step, steps, label: label.into() });
    progress(1, &format!("Reading {}", forecasts.name()));
    let csv = read(&forecasts, MAX_INPUT_BYTES).await?;
    progress(2, "Reading the book and the climatology");
    let book = match &book {
        Some(f) => Some(read(f, MAX_INPUT_BYTES).await?),
        None => None,
    };
    let clim = match &clim {
        Some(f) => Some(read(f, MAX_CLIM_BYTES).await?),
        None => None,
    };
    progress(3, "Scoring every seat, horizon, consensus and the primary endpoint; correlating each run");
    let computed = compute::compute(&csv, book.as_deref(), clim.as_deref())?;
    progress(4, "Drawing");
    Ok(computed)
}
