//! The Scores worker: reads the dropped files and runs `sealbook-core`'s scorer off the page's
//! thread, posting each stage as it starts and then the results ([`super::compute`]).
//! Started by www/scores-worker.js calling [`scores_worker_main`]; a newer job supersedes an
//! older one (its result is dropped).

use super::compute::{self, Computed, Inputs, MAX_CLIM_BYTES, MAX_INPUT_BYTES};
use super::protocol::{
    ScoresFromWorker, ASKS, BOOK, CLIM, EXPERIMENT, FORECASTS, JOB, LEAGUE, PROFILE, RECORDS,
    REGISTERED,
};
use crate::i18n::{t, tr, M};
use crate::module_worker::read_whole;
use sealbook_core::score::peers::Profile;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, File, MessageEvent};

thread_local! {
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

fn post(msg: &ScoresFromWorker) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&msg.to_json()));
}

/// Entry point of the Scores worker.
#[cfg_attr(feature = "scores", wasm_bindgen::prelude::wasm_bindgen)]
pub fn scores_worker_main() {
    std::panic::set_hook(Box::new(|info| {
        post(&ScoresFromWorker::Crashed {
            message: tr(M::WeInternal, &[("detail", info)]),
        })
    }));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        crate::module_worker::take_lang(&data);
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
        let job = get(JOB).and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
        let file = |k: &str| get(k).and_then(|v| v.dyn_into::<File>().ok());
        let profile = get(PROFILE)
            .and_then(|v| v.as_string())
            .and_then(|p| Profile::parse(&p));
        let files = Files {
            forecasts: file(FORECASTS),
            book: file(BOOK),
            clim: file(CLIM),
            asks: file(ASKS),
            registered: file(REGISTERED),
            records: profile.zip(file(RECORDS)),
            experiment: file(EXPERIMENT),
            league: file(LEAGUE),
        };
        CURRENT_JOB.with(|c| c.set(job));
        wasm_bindgen_futures::spawn_local(async move {
            let msg = match run(job, files).await {
                Ok(computed) if CURRENT_JOB.with(|c| c.get()) == job => {
                    ScoresFromWorker::Done { job, computed }
                }
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
    read_whole(&file.name(), file, limit).await
}

/// The files of one job.
struct Files {
    forecasts: Option<File>,
    book: Option<File>,
    clim: Option<File>,
    asks: Option<File>,
    registered: Option<File>,
    /// A peer profile's records file.
    records: Option<(Profile, File)>,
    /// The reader experiment's exported dataset.
    experiment: Option<File>,
    /// `council-league.json`.
    league: Option<File>,
}

async fn read_opt(file: &Option<File>, limit: u64) -> Result<Option<Vec<u8>>, String> {
    match file {
        Some(f) => Ok(Some(read(f, limit).await?)),
        None => Ok(None),
    }
}

async fn run(job: u32, files: Files) -> Result<Computed, String> {
    if files.forecasts.is_none()
        && files.book.is_none()
        && files.registered.is_none()
        && files.records.is_none()
        && files.experiment.is_none()
        && files.league.is_none()
    {
        return Err(t(M::WeNothingToScore).into());
    }
    let steps = 4;
    let progress = |step: u32, label: &str| {
        post(&ScoresFromWorker::Progress {
            job,
            step,
            steps,
            label: label.into(),
        })
    };
    progress(
        1,
        &files.forecasts.as_ref().map_or_else(
            || t(M::ScoresStepReadingFiles).into(),
            |f| tr(M::ScoresStepReading, &[("file", &f.name())]),
        ),
    );
    let csv = read_opt(&files.forecasts, MAX_INPUT_BYTES).await?;
    progress(2, t(M::ScoresStepReadingRest));
    let book = read_opt(&files.book, MAX_INPUT_BYTES).await?;
    let asks = read_opt(&files.asks, MAX_INPUT_BYTES).await?;
    let clim = read_opt(&files.clim, MAX_CLIM_BYTES).await?;
    let registered = read_opt(&files.registered, MAX_CLIM_BYTES).await?;
    let registered_name = files
        .registered
        .as_ref()
        .map(File::name)
        .unwrap_or_default();
    let experiment = read_opt(&files.experiment, MAX_INPUT_BYTES).await?;
    let experiment_name = files
        .experiment
        .as_ref()
        .map(File::name)
        .unwrap_or_default();
    let league = read_opt(&files.league, MAX_INPUT_BYTES).await?;
    let records = match &files.records {
        Some((profile, f)) => Some((*profile, f.name(), read(f, MAX_INPUT_BYTES).await?)),
        None => None,
    };
    progress(3, t(M::ScoresStepScoring));
    let computed = compute::compute(&Inputs {
        forecasts: csv.as_deref(),
        book: book.as_deref(),
        climatology: clim.as_deref(),
        asks: asks.as_deref(),
        registered: registered.as_deref().map(|b| (registered_name.as_str(), b)),
        peer: records
            .as_ref()
            .map(|(p, name, b)| (*p, name.as_str(), b.as_slice())),
        experiment: experiment.as_deref().map(|b| (experiment_name.as_str(), b)),
        league: league.as_deref(),
    })?;
    progress(4, t(M::ScoresStepDrawing));
    Ok(computed)
}
