// The verifier worker: sealbook-core compiled to wasm, run off the page's thread. It starts
// with the chain module (books, stamped lists, the answers); that module loads the full
// verifier's (OpenTimestamps, RFC 3161, X.509, Rekor) through the function given here when a
// message needs it, and hands the worker over to it. The logic is in Rust
// (web/src/verifier/worker.rs); this only loads the modules.
import init, { worker_main } from './pkg/verify_chain.js';

await init();
worker_main(async () => {
  const full = await import('./pkg/verify_worker.js');
  await full.default();
  return full;
});
