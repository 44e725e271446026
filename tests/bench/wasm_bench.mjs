// Times the wasm build's `verify_book(bytes)` on a book in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core from tests/e2e/node_modules).
// usage: node tests/bench/wasm_bench.mjs <book.jsonl> <www/pkg dir> <runs> [threads]
// Prints one JSON object: {"ms": [per-run milliseconds], "cpu_s": mean CPU seconds per run
// (user + sys of all Chromium processes, from /proc, around the timed calls only),
// "report": {ok, lines, bytes}}.
// With [threads], times the page's verifier worker instead (www/worker.js, the job the page
// posts for a dropped book, with `threads` as the page's navigator.hardwareConcurrency: a
// large book is split among that many range workers, www/range-worker.js): from posting the
// job (the book as a Blob) to its `done` message ("ms": the whole job, with the answers'
// verdicts the page also draws from the book) and to its last `progress` message, sent once
// the book's chain is verified ("chain_ms").
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../e2e/package.json'));
const { chromium } = require('playwright-core');
const { descendantsCpuSeconds } = await import(resolve(here, 'proc_cpu.mjs'));

const [bookPath, pkgDir, runsArg, threadsArg] = process.argv.slice(2);
const runs = Number(runsArg || 3);
const threads = threadsArg === undefined ? null : Number(threadsArg);
const www = resolve(pkgDir, '..');

const page = `<!doctype html><meta charset="utf-8"><title>wasm chain bench</title>
<script type="module">
import init, { verify_book } from '/pkg/verify_worker.js';
await init();
const bytes = new Uint8Array(await (await fetch('/book.jsonl')).arrayBuffer());
window.runBench = () => {
  const ms = [];
  let report;
  for (let i = 0; i < ${runs}; i++) {
    const t0 = performance.now();
    const out = verify_book(bytes);
    ms.push(performance.now() - t0);
    report = JSON.parse(out);
  }
  return { ms, report: { ok: report.ok, lines: report.lines, bytes: report.bytes } };
};
window.benchReady = true;
</script>`;

const workerPage = `<!doctype html><meta charset="utf-8"><title>page worker bench</title>
<script type="module">
const blob = await (await fetch('/book.jsonl')).blob();
const worker = new Worker('/worker.js', { type: 'module' });
let settle = null;
let chainDone = null;
worker.onmessage = (e) => {
  const msg = JSON.parse(e.data);
  if (msg.type === 'ready') window.benchReady = true;
  else if (msg.type === 'progress' && msg.done === msg.total) chainDone = performance.now();
  else if (msg.type === 'done' || msg.type === 'failed' || msg.type === 'crashed') settle?.(msg);
};
window.runBench = async () => {
  const ms = [];
  const chainMs = [];
  let report;
  for (let i = 1; i <= ${runs}; i++) {
    const done = new Promise((ok) => { settle = ok; });
    chainDone = null;
    const t0 = performance.now();
    worker.postMessage({ job: i, books: [{ file: blob, name: 'council-book.jsonl' }], lists: [], proofs: [],
      tokens: [], rekor: [], certs: [], anchors: [], log_key: [], ask_texts: [], headers: '',
      now: Date.now(), threads: ${threads} });
    const msg = await done;
    ms.push(performance.now() - t0);
    chainMs.push(chainDone - t0);
    if (msg.type !== 'done') throw new Error(JSON.stringify(msg));
    report = msg.report.books[0].report;
  }
  return { ms, chain_ms: chainMs, report: { ok: report.ok, lines: report.lines, bytes: report.bytes } };
};
</script>`;

const types = { '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  try {
    if (url.pathname === '/bench.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(threads === null ? page : workerPage);
    } else if (url.pathname === '/worker.js' || url.pathname === '/range-worker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(www, url.pathname.slice(1))));
    } else if (url.pathname === '/book.jsonl') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(bookPath).size });
      res.end(readFileSync(bookPath));
    } else if (url.pathname.startsWith('/pkg/') && !url.pathname.includes('..')) {
      const f = join(pkgDir, url.pathname.slice(5));
      res.writeHead(200, { 'content-type': types[f.slice(f.lastIndexOf('.'))] || 'application/octet-stream' }).end(readFileSync(f));
    } else {
      res.writeHead(404).end();
    }
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const port = server.address().port;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const tab = await browser.newPage();
  tab.on('pageerror', (e) => console.error('page error:', e.message));
  await tab.goto(`http://127.0.0.1:${port}/bench.html`);
  await tab.waitForFunction(() => window.benchReady, null, { timeout: 600_000, polling: 200 });
  const cpu0 = descendantsCpuSeconds(process.pid);
  const result = await tab.evaluate(() => window.runBench());
  result.cpu_s = (descendantsCpuSeconds(process.pid) - cpu0) / runs;
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  server.close();
}
