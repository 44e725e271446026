// The verifier worker: sealbook-core compiled to wasm, run off the page's thread. It starts
// with the chain module (books, stamped lists, the answers); that module loads the full
// verifier's (OpenTimestamps, RFC 3161, X.509, Rekor) through the function given here, in the
// background once its first verdict is posted and when a message needs it, and hands the worker
// over to it. The logic is in Rust (web/src/verifier/worker.rs); this only loads the modules.
import init, { worker_main } from './pkg/verify_chain.js';

// One load of the full module, however often asked for; forgotten if it failed, so the next
// ask fetches it again.
let full = null;
function loadFull() {
  full ??= (async () => {
    const m = await import('./pkg/verify_worker.js');
    await m.default();
    return m;
  })().catch((e) => {
    full = null;
    throw e;
  });
  return full;
}

await init();
worker_main(loadFull);
