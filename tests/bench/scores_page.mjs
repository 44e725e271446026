// Times the Scores page on a season in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core from tests/e2e/node_modules), served by `sealbook serve`: from the drop of
// council-forecasts.csv + council-clim-window.json (+ asks.jsonl when the season has one) to the results on screen (the worker reads
// the files, computes the whole stats document and every run's correlation matrix, the page
// draws the tables and charts). Not part of CI.
// usage: node tests/bench/scores_page.mjs <season dir> [runs]   (SEALBOOK_BIN: the server binary)
// Prints JSON: {"ms": [per-run milliseconds, drop to results], "cpu_s": [per-run CPU seconds of
// Chromium's processes and the file server over the same span (load-independent)], "rows": N, "stages": per run, when
// each of the worker's messages reached the page (ms since the drop), "render_ms": per run, from
// the worker's `done` message to the results in the DOM (the page's parse and drawing)}.
// SEALBOOK_PROFILE=1 also profiles the page's thread (CDP Profiler, from the drop to the results)
// and adds "profile": per run, the self time in ms of the 12 costliest functions (a wasm
// function is named wasm-function[i] when the bundle's names were stripped), and of
// "(program)" (the browser's own work: style, layout, paint) and "(garbage collector)".
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(resolve(here, '../e2e/package.json'));
const { chromium } = require('playwright-core');
const { startServer } = await import(resolve(here, '../e2e/harness.mjs'));
const { descendantsCpuSeconds } = await import(resolve(here, 'proc_cpu.mjs'));

const [dir, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 3);
const server = await startServer(dir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const files = ['council-forecasts.csv', 'council-clim-window.json', 'asks.jsonl'].filter((n) => existsSync(join(dir, n))).map((n) => ({ name: n, b64: readFileSync(join(dir, n)).toString('base64') }));
const ms = [];
const cpuS = []; // CPU seconds of all Chromium processes from the drop to the results
const stages = []; // per run: [worker message, ms since the drop when it arrived]
const profiles = []; // per run: the page thread's costliest functions by self time (ms)

// Self time per function name of a CDP profile (ms), the 12 largest and the browser's own.
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map();
  const at = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const f = byId.get(profile.samples[i]).callFrame;
    const name = f.functionName || (f.url ? `(anonymous ${f.url.split('/').pop()}:${f.lineNumber})` : '(root)');
    ms.set(name, (ms.get(name) || 0) + (at[i + 1] || 0) / 1000);
  }
  const rounded = (entries) => entries.map(([k, v]) => [k, Math.round(v)]);
  const top = [...ms].filter(([k]) => !k.startsWith('(')).sort((a, b) => b[1] - a[1]).slice(0, 12);
  const own = [...ms].filter(([k]) => k.startsWith('('));
  return { top: rounded(top), browser: rounded(own) };
}
let rows = null;
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // When each worker message arrives (ms since the drop): where the time goes.
    await context.addInitScript(() => {
      const W = window.Worker;
      window.__stages = [];
      window.Worker = function (...a) {
        const w = new W(...a);
        w.addEventListener('message', (e) => {
          const m = JSON.parse(e.data);
          if (window.__t0 !== undefined) window.__stages.push([m.label || m.type, Math.round(performance.now() - window.__t0)]);
        });
        return w;
      };
    });
    const page = await context.newPage();
    await page.goto(new URL('scores.html', server.url).href);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
    const transfer = await page.evaluateHandle((files) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name));
      return dt;
    }, files);
    // The clock starts at the drop and stops when the results are in the DOM.
    await page.evaluate(() => {
      window.__done = new Promise((resolveDone) => {
        const obs = new MutationObserver(() => {
          if (document.getElementById('scores-results') || document.getElementById('scores-error')) { obs.disconnect(); resolveDone(performance.now()); }
        });
        obs.observe(document.body, { childList: true, subtree: true });
      });
      window.__t0 = performance.now();
    });
    const cdp = process.env.SEALBOOK_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    const cpu0 = descendantsCpuSeconds(process.pid);
    await page.locator('[data-testid="dropzone"]').dispatchEvent('drop', { dataTransfer: transfer });
    const t = await page.evaluate(async () => (await window.__done) - window.__t0);
    if (cdp) profiles.push(selfTimes((await cdp.send('Profiler.stop')).profile));
    cpuS.push(Math.round((descendantsCpuSeconds(process.pid) - cpu0) * 100) / 100);
    stages.push(await page.evaluate(() => window.__stages));
    const err = await page.locator('#scores-error').count();
    if (err) throw new Error(await page.locator('#scores-error').textContent());
    rows = await page.evaluate(() => Number(document.querySelector('[data-rows]').dataset.rows));
    ms.push(Math.round(t));
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const renderMs = ms.map((m, i) => m - (stages[i].find(([label]) => label === 'done') || [null, m])[1]);
console.log(JSON.stringify({ ms, cpu_s: cpuS, rows, stages, render_ms: renderMs, ...(profiles.length ? { profile: profiles } : {}) }));
