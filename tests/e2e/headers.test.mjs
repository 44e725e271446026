// Bitcoin block headers dropped on their own, in headless Chromium: the real main-net headers of
// ../shared/vectors/bitcoin-headers (read its MANIFEST.md), each a raw 80-byte file named by its
// height. The page reads them in name order and shows core's header-only checks in words, the
// same findings `sealbook ots headers --json` prints for the same run: the links, proof of work
// and total work, median time past, the retarget at 824544 recomputed from 822528 and 824543,
// and for the stale block 823226 and its main-chain sibling, that headers alone cannot tell
// which is on the main chain.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { REPO, SEALBOOK_BIN, dropFiles, removeDir, startServer, launchBrowser, openPage } from './harness.mjs';

const VECTORS = join(REPO, '..', 'shared', 'vectors', 'bitcoin-headers');
let dir; let server; let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-headers-'));
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

/// Every `.bin` under `root`, as the page labels them (`<folder>/<sub>/<name>`), sorted.
function headerFiles(root, label) {
  const out = [];
  for (const sub of readdirSync(root, { withFileTypes: true })) {
    if (sub.isDirectory()) {
      for (const f of readdirSync(join(root, sub.name))) {
        if (f.endsWith('.bin')) out.push({ path: join(root, sub.name, f), label: `${label}/${sub.name}/${f}` });
      }
    } else if (sub.name.endsWith('.bin')) {
      out.push({ path: join(root, sub.name), label: `${label}/${sub.name}` });
    }
  }
  return out.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/// `sealbook ots headers --json` over the same headers, labelled by the heights their names give.
function cli(files, name) {
  const text = files.map((f) => {
    const height = Number(f.label.split('/').pop().replace(/\.bin$/, '').split('-').pop());
    return `${height} ${readFileSync(f.path).toString('hex')}\n`;
  }).join('');
  const p = join(dir, `${name}.txt`);
  writeFileSync(p, text);
  const out = spawnSync(SEALBOOK_BIN, ['ots', 'headers', p, '--json'], { encoding: 'utf8' });
  return { code: out.status, json: JSON.parse(out.stdout) };
}

async function headerRun(page) {
  await page.waitForSelector('[data-testid="header-run"]', { timeout: 30000 });
  return page.evaluate(() => {
    const all = (sel) => [...document.querySelectorAll(sel)].map((x) => x.textContent.trim());
    const s = document.querySelector('[data-testid="header-run"]');
    return {
      ok: s.dataset.ok === 'true',
      verdict: document.querySelector('[data-testid="header-run-verdict"]')?.textContent.trim(),
      findings: all('[data-testid="header-finding"]'),
      errors: all('[data-testid="header-error"]'),
      notes: all('[data-testid="header-note"]'),
    };
  });
}

test("the whole header folder: the page's findings are the CLI's, the manifest's conclusions in words", async () => {
  const files = headerFiles(VECTORS, 'bitcoin-headers');
  assert.equal(files.length, 24 + 13 + 4);
  const { code, json } = cli(files, 'all');
  assert.equal(code, 0, JSON.stringify(json.errors));
  const { context, page, errors } = await openPage(browser, server.url);
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  await (await chooserOpened).setFiles(VECTORS);
  const run = await headerRun(page);
  assert.equal(run.ok, true, run.verdict);
  assert.equal(run.verdict, `${json.count} headers from 41 files: every header's proof of work, height, median time past and retarget checks hold. Header checks only: whether the heaviest run is the best Bitcoin chain needs a node or independent explorers.`);
  assert.deepEqual(run.findings, json.findings);
  assert.deepEqual(run.errors, json.errors);
  assert.deepEqual(run.notes, json.notes);
  const said = run.findings.join('\n');
  assert.match(said, /retarget at height 824544: timespan 1189914 s from heights 822528\.\.824543 .*= 0x1703d869: matches the new nBits 0x1703d869/);
  // The main chain's 823227 is in the folder: the fork at 823225 is decided by its work.
  assert.match(said, /0000\.\.faef2cbd is on the heavier run .*the other branch is stale/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the stale block with its sibling and parent, dropped as files: which is heavier cannot be told', async () => {
  // Without the main chain's 823227 (the vectors' child of one sibling), both siblings have
  // equal work.
  const stale = headerFiles(join(VECTORS, 'stale'), 'x')
    .map((f) => ({ ...f, label: f.label.split('/').pop() }))
    .filter((f) => f.label !== 'main-0823227.bin');
  assert.equal(stale.length, 3);
  const { json } = cli(stale, 'stale');
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, stale.map((f) => f.path));
  const run = await headerRun(page);
  assert.equal(run.ok, true, run.verdict);
  assert.deepEqual(run.findings, json.findings);
  assert.ok(run.findings.some((f) => /cannot be told which is on the main chain/.test(f)), run.findings.join(' | '));
  // The verifier itself was given nothing else to check.
  assert.equal(await page.locator('[data-testid="verdict"]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the stale block's sibling with its child: the heavier branch is told and the other is stale", async () => {
  const stale = headerFiles(join(VECTORS, 'stale'), 'x').map((f) => ({ ...f, label: f.label.split('/').pop() }));
  assert.equal(stale.length, 4);
  const { json } = cli(stale, 'stale-decided');
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, stale.map((f) => f.path));
  const run = await headerRun(page);
  assert.equal(run.ok, true, run.verdict);
  assert.deepEqual(run.findings, json.findings);
  assert.ok(run.findings.some((f) => /0000\.\.faef2cbd is on the heavier run .*the other branch is stale/.test(f)), run.findings.join(' | '));
  assert.deepEqual(errors, []);
  await context.close();
});
