//! The Scores page's job ([`crate::job_loop`]), run by its worker (www/scores-worker.js).
//!
//! Page to worker: a job object `{job, lang, forecasts?: File, book?: File, clim?: File,
//! asks?: File, registered?: File, profile?: "agentpit"|"ladder"|"arena", records?: File,
//! experiment?: File, league?: File}` (at least the forecasts, the registered predictions, a
//! peer profile's records, an experiment dataset or the league file).
//! Worker to page: one [`ScoresFromWorker`] serialized as a JSON string.

use super::compute::Computed;
use super::worker::Files;
use crate::i18n::M;
use crate::job_loop::{FromWorker, Job, Stages};
use wasm_bindgen::JsValue;

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

/// The scoring of the dropped files (spec §4-§5, §8): the forecasts read, the other files
/// read, the scores computed, the results drawn.
pub struct ScoresJob;

impl Job for ScoresJob {
    type Computed = Computed;
    type Request = Files;
    const WORKER_URL: &'static str = "/scores-worker.js";
    const WHAT: M = M::WeTheScorer;
    const STEPS: u32 = 4;
    const CRASHED: M = M::ScoresCrashed;
    const BROKEN: M = M::ScoresBroken;
    const NOT_HANDED: M = M::ScoresNotGiven;

    fn request(data: &JsValue) -> Files {
        Files::of(data)
    }

    fn run(
        files: Files,
        stages: Stages,
    ) -> impl std::future::Future<Output = Result<Computed, String>> + 'static {
        super::worker::run(files, stages)
    }
}
