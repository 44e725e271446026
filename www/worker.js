// The verifier worker: sealbook-core compiled to wasm, run off the page's thread.
// The logic is in Rust (web/src/verifier/worker.rs); this only loads it.
import init, { worker_main } from './pkg/verify_worker.js';

await init();
worker_main();
