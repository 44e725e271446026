// A range worker: checks one range of a large book's lines for the verifier worker, which
// starts it with the compiled chain module and the task. The logic is in Rust
// (web/src/verifier/range_worker.rs); this only loads it.
import init, { range_worker_main } from './pkg/verify_chain.js';

self.onmessage = (e) => {
  self.onmessage = null;
  init({ module_or_path: e.data.module }).then(
    () => range_worker_main(e.data),
    // Thrown outside the promise, so the verifier worker hears of it as the worker's error.
    (err) => setTimeout(() => { throw err; }),
  );
};
