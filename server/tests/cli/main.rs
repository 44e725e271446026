//! The `sealbook` binary's integration tests, one module per command or surface, in one test
//! binary (one link instead of one per file). Each module runs the built `sealbook` as a child
//! process, so none needs a process of its own, but for the memory-bound tests (`memory`,
//! beside this binary).

mod common;

mod arena_prices_cli;
mod book_rows_cli;
mod comparisons_cli;
mod crowd_cli;
mod demo_cli;
mod deploy_files;
mod empty_inputs_cli;
mod experiment_api;
mod fetch_cli;
mod independence_cli;
mod league_cli;
mod league_climatology_cli;
mod league_publish_cli;
mod league_run_cli;
mod league_stamp_cli;
mod model_change_cli;
mod ots_cli;
mod progress_cli;
mod rekor_bundle_cli;
mod rekor_cli;
mod resolve_cli;
mod score_cli;
mod scorecard_cli;
mod serve_http;
mod serve_league;
mod serve_published;
mod soak_month;
mod tsr_cli;
mod verify_answers_cli;
mod verify_cli;
mod verify_dir_cli;
mod verify_matching_cli;
mod verify_threads_cli;
