// What the verifier page transfers on its first load (cold cache) in headless Chromium, served
// by `sealbook serve`, and how long it takes to be ready for a drop.
// Usage: node tests/bench/delivery.mjs   (after cargo run --release -p sealbook-bundle and
// cargo build --release -p sealbook-server; playwright-core from tests/e2e/node_modules).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launchBrowser, removeDir } from '../e2e/harness.mjs';

const data = mkdtempSync(join(tmpdir(), 'sealbook-delivery-'));
const server = await startServer(data);
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const rows = [];
  context.on('requestfinished', async (req) => {
    const s = await req.sizes();
    const resp = await req.response();
    rows.push({
      url: new URL(req.url()).pathname,
      encoding: (await resp.allHeaders())['content-encoding'] || 'identity',
      body: s.responseBodySize,
      headers: s.responseHeadersSize,
    });
  });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('[data-worker-ready="true"]', { timeout: 60000 });
  const readyMs = Date.now() - t0;
  const perf = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').map((r) => ({
      name: new URL(r.name).pathname, transfer: r.transferSize, encoded: r.encodedBodySize,
      decoded: r.decodedBodySize, start: r.startTime, end: r.responseEnd,
    }));
    return { nav: { transfer: nav.transferSize, end: nav.responseEnd }, res, now: performance.now() };
  });
  await new Promise((r) => setTimeout(r, 500));
  let total = 0;
  console.log('all requests (page and worker), bytes on the wire:');
  for (const r of rows) {
    total += r.body + r.headers;
    console.log(`  ${r.url.padEnd(48)} ${r.encoding.padEnd(8)} body ${r.body} + headers ${r.headers}`);
  }
  console.log(`total transferred: ${total} bytes (${(total / 1024).toFixed(1)} KiB) in ${rows.length} requests`);
  console.log('page Performance API (resource timing, the page only; the worker fetches its own):');
  for (const r of perf.res) {
    console.log(`  ${r.name.padEnd(48)} transfer ${r.transfer} encoded ${r.encoded} decoded ${r.decoded} fetch ${(r.end - r.start).toFixed(1)} ms`);
  }
  console.log(`navigation to ready-for-a-drop: ${readyMs} ms (wall, node side); performance.now() at ready ${perf.now.toFixed(0)} ms`);
  const wasm = perf.res.find((r) => r.name.endsWith('.wasm'));
  if (wasm) console.log(`wasm fetch alone (page): ${(wasm.end - wasm.start).toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.stop();
  removeDir(data);
}
