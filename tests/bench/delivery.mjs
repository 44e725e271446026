// What the verifier page transfers on its first load (cold cache) in headless Chromium, served
// by `sealbook serve`, how long it takes to be ready for a drop, and beside it the time to fetch
// and compile each of its wasm files alone; then, on the DEMO league's book and one of its
// stamped lists dropped as soon as the page is ready, the bytes the page and its workers fetched
// before the verdict (every request, as sent: Playwright's request sizes, body and headers) and
// the time from navigation to the verdict, cold cache.
// Usage: node tests/bench/delivery.mjs [runs]   (after cargo run --release -p sealbook-bundle and
// cargo build --release -p sealbook-server; playwright-core from tests/e2e/node_modules).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  REPO, SEALBOOK_BIN, startServer, launchBrowser, removeDir, dropFiles,
} from '../e2e/harness.mjs';

const runs = Number(process.argv[2] || 5);
const data = mkdtempSync(join(tmpdir(), 'sealbook-delivery-'));
const book = join(data, 'one.jsonl');
writeFileSync(book, '{}\n');
// The DEMO league (`sealbook demo`), written beside it: its book and its first stamped list.
const demo = join(data, 'demo');
execFileSync(SEALBOOK_BIN, ['demo', '--out', demo], { stdio: 'ignore' });
const demoBook = join(demo, 'council-book.jsonl');
const proofDays = readdirSync(join(demo, 'proof')).sort();
const demoList = join(demo, 'proof', proofDays[0],
  readdirSync(join(demo, 'proof', proofDays[0])).filter((f) => /Z\.txt$/.test(f)).sort()[0]);
const pkg = readdirSync(join(REPO, 'www/pkg'));
const wasmOf = (name) => `/pkg/${pkg.find((f) => new RegExp(`^${name}_bg-[0-9a-f]{16}\\.wasm$`).test(f))}`;
const server = await startServer(data);
const browser = await launchBrowser();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const ready = [];
  const verdict = [];
  let table;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(); // a new context: a cold cache
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 60000 });
    // The moment the page was ready for a drop is its own Performance API mark; what started
    // before it is the first load.
    const perf = await page.evaluate(() => {
      const [mark] = performance.getEntriesByName('sealbook-ready-for-a-drop', 'mark');
      return {
        readyAt: mark.startTime,
        entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
          .filter((r) => r.startTime <= mark.startTime)
          .map((r) => ({
            name: new URL(r.name).pathname, transfer: r.transferSize, decoded: r.decodedBodySize, fetch: r.responseEnd - r.startTime,
          })),
      };
    });
    ready.push(perf.readyAt);
    table = perf.entries;
    // The verifier worker loads in the background from the mark on; a drop made at once
    // waits for it, so this is the worst case of a reader's first verdict.
    const t0 = await page.evaluate(() => performance.now());
    await dropFiles(page, [book]);
    await page.waitForSelector('[data-testid="verdict"]', { timeout: 60000 });
    verdict.push((await page.evaluate(() => performance.now())) - t0);
    await context.close();
  }
  let total = 0;
  console.log('first load, cold cache, up to ready-for-a-drop (page Performance API):');
  for (const r of table) {
    total += r.transfer;
    console.log(`  ${r.name.padEnd(44)} transfer ${String(r.transfer).padStart(7)} B  decoded ${String(r.decoded).padStart(8)} B`);
  }
  console.log(`  total ${total} B (${(total / 1000).toFixed(1)} kB) in ${table.length} resources`);
  console.log(`navigation to ready-for-a-drop, median of ${runs}: ${median(ready).toFixed(0)} ms (runs: ${ready.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`first drop (a one-line book) at ready to its verdict, the worker still loading, median: ${median(verdict).toFixed(0)} ms (runs: ${verdict.map((x) => x.toFixed(0)).join(', ')})`);
  // The DEMO book and one stamped list, dropped at ready-for-a-drop in a cold context: every
  // request the page and its workers made until the verdict, and navigation to the verdict.
  const toVerdict = [];
  let before;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const sizes = [];
    context.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => ({
      name: new URL(r.url()).pathname, bytes: s.responseBodySize + s.responseHeadersSize,
    }))));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 60000 });
    await dropFiles(page, [demoBook, demoList]);
    await page.waitForSelector('[data-testid="verdict"]', { timeout: 120000 });
    toVerdict.push(await page.evaluate(() => performance.now()));
    // The full verifier's module is fetched in the background once the verdict is posted
    // (tests/e2e/verifier.test.mjs holds that it is not before): not part of the first verdict.
    before = (await Promise.all(sizes)).filter((r) => !r.name.startsWith('/pkg/verify_worker'));
    await context.close();
  }
  let sent = 0;
  console.log(`before the first verdict, the DEMO book (${demoBook}) and ${demoList} dropped at ready, every request (page and workers):`);
  for (const r of before) {
    sent += r.bytes;
    console.log(`  ${r.name.padEnd(44)} ${String(r.bytes).padStart(8)} B`);
  }
  console.log(`  total ${sent} B (${(sent / 1000).toFixed(1)} kB) in ${before.length} requests`);
  console.log(`navigation to the verdict, cold cache, median of ${runs}: ${median(toVerdict).toFixed(0)} ms (runs: ${toVerdict.map((x) => x.toFixed(0)).join(', ')})`);
  // Each wasm fetched and compiled alone, in a cold context on the same origin.
  for (const name of ['verify', 'verify_chain', 'verify_worker']) {
    const url = wasmOf(name);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${server.url}icon.svg`);
      times.push(await page.evaluate(async (url) => {
        const t0 = performance.now();
        await WebAssembly.compileStreaming(fetch(url));
        return performance.now() - t0;
      }, url));
      await context.close();
    }
    console.log(`${url}: fetch and compile alone, median of ${runs}: ${median(times).toFixed(0)} ms (runs: ${times.map((x) => x.toFixed(0)).join(', ')})`);
  }
} finally {
  await browser.close();
  await server.stop();
  removeDir(data);
}
