// The Scores page's worker: sealbook-core's scorer compiled to wasm, run off the page's thread.
// The logic is in Rust (web/src/scores/worker.rs); this only loads it.
import init, { scores_worker_main } from './pkg/scores.js';

await init();
scores_worker_main();
