//! The Scores worker: reads the dropped files and runs `sealbook-core`'s scorer off the page's
//! thread, posting each stage as it starts and then the results ([`super::compute`]).
//! Started by www/scores-worker.js calling [`scores_worker_main`]; its job loop is
//! [`crate::job_loop::serve_jobs`].

use super::compute::{self, Computed, Inputs, MAX_CLIM_BYTES, MAX_INPUT_BYTES};
use super::protocol::{
    ScoresJob, ASKS, BOOK, CLIM, EXPERIMENT, FORECASTS, LEAGUE, PROFILE, RECORDS, REGISTERED,
};
use crate::i18n::{t, tr, M};
use crate::job_loop::{serve_jobs, Stages};
use crate::module_worker::read_whole;
use sealbook_core::score::peers::Profile;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::File;

/// Entry point of the Scores worker.
#[cfg_attr(feature = "scores", wasm_bindgen::prelude::wasm_bindgen)]
pub fn scores_worker_main() {
    serve_jobs::<ScoresJob>();
}

async fn read(file: &File, limit: u64) -> Result<Vec<u8>, String> {
    read_whole(&file.name(), file, limit).await
}

/// The files of one job.
pub struct Files {
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

impl Files {
    /// The files of the job object `data`.
    pub(super) fn of(data: &JsValue) -> Files {
        let get = |k: &str| js_sys::Reflect::get(data, &k.into()).ok();
        let file = |k: &str| get(k).and_then(|v| v.dyn_into::<File>().ok());
        let profile = get(PROFILE)
            .and_then(|v| v.as_string())
            .and_then(|p| Profile::parse(&p));
        Files {
            forecasts: file(FORECASTS),
            book: file(BOOK),
            clim: file(CLIM),
            asks: file(ASKS),
            registered: file(REGISTERED),
            records: profile.zip(file(RECORDS)),
            experiment: file(EXPERIMENT),
            league: file(LEAGUE),
        }
    }
}

async fn read_opt(file: &Option<File>, limit: u64) -> Result<Option<Vec<u8>>, String> {
    match file {
        Some(f) => Ok(Some(read(f, limit).await?)),
        None => Ok(None),
    }
}

/// Reads the forecasts (stage 1) and the other files (stage 2), scores them (stage 3) and
/// hands the results over to be drawn (stage 4).
pub(super) async fn run(files: Files, stages: Stages) -> Result<Computed, String> {
    if files.forecasts.is_none()
        && files.book.is_none()
        && files.registered.is_none()
        && files.records.is_none()
        && files.experiment.is_none()
        && files.league.is_none()
    {
        return Err(t(M::WeNothingToScore).into());
    }
    stages.start(
        1,
        &files.forecasts.as_ref().map_or_else(
            || t(M::ScoresStepReadingFiles).into(),
            |f| tr(M::ScoresStepReading, &[("file", &f.name())]),
        ),
    );
    let csv = read_opt(&files.forecasts, MAX_INPUT_BYTES).await?;
    stages.start(2, t(M::ScoresStepReadingRest));
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
    stages.start(3, t(M::ScoresStepScoring));
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
    stages.start(4, t(M::ScoresStepDrawing));
    Ok(computed)
}
