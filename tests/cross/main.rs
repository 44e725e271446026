//! The cross-crate and cross-language tests (CPython and other real peers, third-party vectors),
//! one module per former test file, in one test binary (one link instead of one per file). The
//! peers run as child processes, so no module needs a process of its own.

#![forbid(unsafe_code)]

mod arena_vs_python;
mod bitcoin_headers_vectors;
mod book_vs_appendix_b;
mod calendar_vs_zoneinfo;
mod canon_vs_cpython;
mod climatology_vs_python;
mod conformance_vs_python;
mod crowd_feed_vectors;
mod crowd_vs_python;
mod experiment_vs_python;
mod league_inputs_hostile;
mod league_vs_python;
mod llm_wire_vectors;
mod model_versions_vs_python;
mod neff_vs_python;
mod open_data_vs_python;
mod ots_hostile;
mod ots_vectors;
mod ots_vs_python;
mod peer_json;
mod prices_vectors;
mod prices_vs_python;
mod profiles_vs_python;
mod rekor_vectors;
mod score_vs_python;
mod secondary_vs_python;
mod segments_vs_python;
mod stats_vs_python;
mod trust_bundle_vectors;
mod tsp_real_vectors;
mod tsp_vectors;
mod tsp_vs_openssl;
mod verdict_vectors;
