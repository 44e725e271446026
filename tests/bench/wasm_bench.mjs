// Times the wasm build's `verify_book(bytes)` on a book in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core from tests/e2e/node_modules).
// usage: node tests/bench/wasm_bench.mjs <book.jsonl> <www/pkg dir> <runs>
// Prints one JSON object: {"ms": [per-run milliseconds], "cpu_s": mean CPU seconds per run
// (user + sys of all Chromium processes, from /proc, around the timed calls only),
// "report": {ok, lines, bytes}}.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../e2e/package.json'));
const { chromium } = require('playwright-core');
const { descendantsCpuSeconds } = await import(resolve(here, 'proc_cpu.mjs'));

const [bookPath, pkgDir, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 3);

const page = `<!doctype html><meta charset="utf-8"><title>wasm chain bench</title>
<script type="module">
import init, { verify_book } from '/pkg/sealbook_web.js';
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

const types = { '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  try {
    if (url.pathname === '/bench.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
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
