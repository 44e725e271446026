// The Accounts page's worker: sealbook-core's trading engine and replay compiled to wasm, run
// off the page's thread. The logic is in Rust (web/src/accounts/worker.rs); this only loads it.
import init, { accounts_worker_main } from './pkg/accounts.js';

await init();
accounts_worker_main();
