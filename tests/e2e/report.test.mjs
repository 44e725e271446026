// The verification report a reader keeps, its permalinks and the page in print, in headless
// Chromium on the engine-made DEMO league opened with ?league= (web/src/verifier/report_actions.rs,
// report_html.rs, permalink.rs over core's verifier::report_document and verifier::permalink):
// the downloaded JSON is the document `sealbook verify DIR --answers --json` prints for the same
// files and root, field for field; the printable report carries the verdict, every file's
// SHA-256, the root used and every answer; printed, the page shows the verdict first, black on
// white, with no controls and no table cut off; a link to one answer opens the league on the
// page of the table that holds it, and a malformed or unknown answer in the address is said in
// words; answers' statuses are words, not codes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import { SEALBOOK_BIN, removeDir, startServer, launchBrowser, openPage, allPages } from './harness.mjs';

let dir; let demo; let server; let browser; let cliText; let cli;

const REPO = join(import.meta.dirname, '..', '..');
const PYTHON = process.env.SEALBOOK_PYTHON
  || (existsSync(join(REPO, '.venv/bin/python')) ? join(REPO, '.venv/bin/python') : 'python3');
// Changes one climatology rate of the league in argv[1] after its hash was sealed in the
// declaration: the table's own sha256 restated (the content hash of spec §4.3, Python
// json.dumps with sorted keys of the table without that key) and the file relisted in
// manifest.json, so only the declaration's seal tells the change.
const EDIT_CLIM = `
import hashlib, json, os, sys
d = sys.argv[1]
p = os.path.join(d, 'council-clim-window.json')
t = json.load(open(p, encoding='utf-8'))
row = next(r for r in t['table'] if 0.1 < r['p_up'] < 0.9)
row['p_up'] = round(row['p_up'] + 0.01, 4)
t.pop('sha256')
t['sha256'] = hashlib.sha256(json.dumps(t, sort_keys=True).encode()).hexdigest()
b = (json.dumps(t, sort_keys=True, ensure_ascii=False) + '\\n').encode()
open(p, 'wb').write(b)
mp = os.path.join(d, 'manifest.json')
m = json.load(open(mp, encoding='utf-8'))
f = next(f for f in m['files'] if f['path'] == 'council-clim-window.json')
f['bytes'] = len(b)
f['sha256'] = hashlib.sha256(b).hexdigest()
open(mp, 'w', encoding='utf-8').write(json.dumps(m, indent=2, ensure_ascii=False) + '\\n')
`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-report-'));
  demo = join(dir, 'demo');
  execFileSync(SEALBOOK_BIN, ['demo', '--out', demo], { stdio: 'ignore' });
  // The CLI on the same files, the league's own root chosen as the page's reader chooses it.
  cliText = execFileSync(SEALBOOK_BIN, ['verify', demo, '--answers', '--json', '--ca', join(demo, 'tsa/demo-root.pem')], { encoding: 'utf8', maxBuffer: 1 << 28 });
  cli = JSON.parse(cliText);
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

const MANIFEST = '/data/demo/manifest.json';
const leagueUrl = (hash = '') => new URL(`/?league=${MANIFEST}${hash}`, server.url).href;

/// Opens the DEMO league and chooses its authority's root: the verdict turns green.
async function openGreen(viewport) {
  const opened = await openPage(browser, leagueUrl(), viewport);
  const { page } = opened;
  await page.waitForSelector('[data-testid="verdict"][data-state="unchecked"]', { timeout: 180000 });
  await page.locator('[data-testid="choose-root"]').first().click();
  await page.waitForSelector('[data-testid="verdict"][data-state="passed"]', { timeout: 180000 });
  return opened;
}

async function download(page, testid) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testid}"]`)]);
  return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') };
}

test('the downloaded report is the document sealbook verify DIR --answers --json prints, and its printable page carries the verdict, hashes, root and answers', async () => {
  const { context, page, errors } = await openGreen();
  const json = await download(page, 'download-report');
  assert.equal(json.name, 'sealbook-report.json');
  assert.ok(json.text.endsWith('}\n'), 'one JSON document and its newline, as the CLI prints it');
  const doc = JSON.parse(json.text);

  // Where the files came from, when, and the roots: the page's shipped bundle is among its
  // anchors beside the league's root the reader chose; the CLI had only that root.
  assert.equal(doc.dir, MANIFEST);
  assert.match(doc.verified_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(doc.sealbook_version, cli.sealbook_version);
  const root = cli.trust_anchors[0];
  assert.equal(cli.trust_anchors.length, 1);
  assert.ok(doc.trust_anchors.some((a) => a.name === 'tsa/demo-root.pem' && a.sha256 === root.sha256 && a.bytes === root.bytes),
    JSON.stringify(doc.trust_anchors));
  // The page checks Rekor entries with the log key it ships; the CLI was given none.
  assert.match(doc.rekor_log_key ?? '', /rekor.*\.pub$/);
  assert.equal(cli.rekor_log_key, null);
  const { dir: _d1, verified_at: _v1, trust_anchors: _t1, rekor_log_key: _k1, ...page_ } = doc;
  const { dir: _d2, verified_at: _v2, trust_anchors: _t2, rekor_log_key: _k2, ...cli_ } = cli;
  // Field for field, the rest is one document: every answer's and cell's verdict, the verdict,
  // the level, the problems and every file read with its SHA-256.
  for (const k of Object.keys(cli_)) assert.deepEqual(page_[k], cli_[k], `field ${k}`);
  assert.deepEqual(Object.keys(page_).sort(), Object.keys(cli_).sort());
  assert.equal(doc.ok, true);
  assert.equal(doc.verdict.state, 'passed');
  assert.ok(doc.files.length > 400, `${doc.files.length} files`);

  const printable = await download(page, 'download-printable');
  assert.equal(printable.name, 'sealbook-report.html');
  const report = await context.newPage();
  // The printable page runs nothing and fetches nothing: it stands on its own.
  await report.route('**/*', (route) => route.abort());
  await report.setContent(printable.text);
  const shown = await report.evaluate(() => ({
    state: document.querySelector('[data-testid="report-verdict"]')?.dataset.state,
    verdict: document.querySelector('[data-testid="report-verdict"]')?.textContent ?? '',
    about: document.querySelector('[data-testid="report-about"]')?.textContent ?? '',
    files: [...document.querySelectorAll('[data-testid="report-files"] tbody tr')].map((r) => [...r.cells].map((c) => c.textContent)),
    answers: [...document.querySelectorAll('[data-testid="report-answers"] tbody tr')].map((r) => Number(r.dataset.line)),
    scripts: document.querySelectorAll('script').length,
  }));
  assert.equal(shown.state, 'passed');
  assert.match(shown.verdict, /^Verified/);
  assert.match(shown.verdict, /counted answers proven sealed before their reference \(09:30 ET\)/);
  assert.ok(shown.about.includes(doc.verified_at) && shown.about.includes(doc.sealbook_version) && shown.about.includes(MANIFEST), shown.about);
  assert.equal(shown.scripts, 0);
  const hashes = new Set(shown.files.map((r) => `${r[0]} ${r[2]}`));
  for (const f of cli.files) assert.ok(hashes.has(`${f.name} ${f.sha256}`), `${f.name}: its SHA-256 in the printable report`);
  assert.ok(hashes.has(`tsa/demo-root.pem ${root.sha256}`), 'the root used');
  assert.deepEqual(shown.answers, cli.answers.map((a) => a.line), 'every answer, in the book\'s order');
  const pdf = await report.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10000 && pdf.subarray(0, 5).toString() === '%PDF-', 'it prints');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a climatology table changed after sealing: the CLI\'s document says so, naming the file and field, and the page\'s document is the same', async () => {
  const clim = join(dir, 'clim');
  cpSync(demo, clim, { recursive: true });
  execFileSync(PYTHON, ['-I', '-c', EDIT_CLIM, clim]);
  const run = spawnSync(SEALBOOK_BIN, ['verify', clim, '--answers', '--json', '--ca', join(clim, 'tsa/demo-root.pem')], { encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(run.status, 1, run.stderr);
  const bad = JSON.parse(run.stdout);
  assert.equal(bad.ok, false);
  assert.equal(bad.climatology.state, 'differs', JSON.stringify(bad.climatology));
  assert.ok(bad.file_problems.some((p) => p.startsWith('council-clim-window.json: sha256: the table\'s content hashes to ')
    && p.includes('the climatology_sha256 sealed in asks.jsonl line 1')), JSON.stringify(bad.file_problems));
  // The verdict fails on it, as the document does.
  assert.equal(bad.verdict.state, 'failed');
  assert.deepEqual(bad.verdict.failures, [{ id: 'climatology', file: 'council-clim-window.json' }]);
  // The untouched league's document says the table held.
  assert.equal(cli.climatology.state, 'held');

  const { context, page, errors } = await openPage(browser, new URL('/?league=/data/clim/manifest.json', server.url).href);
  // The reader's verdict says it first: failed, naming the table.
  await page.waitForSelector('[data-testid="verdict"][data-state="failed"]', { timeout: 180000 });
  const verdict = page.locator('[data-testid="verdict"]');
  assert.match(await verdict.textContent(), /council-clim-window\.json is not the climatology table the declaration sealed/);
  // The root the CLI was given, as the reader's own trust anchor (a failed verdict offers no
  // choice of the published root); the page verifies again with it.
  await page.setInputFiles('[data-testid="anchors-input"]', join(clim, 'tsa/demo-root.pem'));
  let doc;
  for (let i = 0; i < 60; i++) {
    doc = JSON.parse((await download(page, 'download-report')).text);
    if (doc.level === bad.level) break;
    await page.waitForTimeout(1000);
  }
  const { dir: _d1, verified_at: _v1, trust_anchors: _t1, rekor_log_key: _k1, ...page_ } = doc;
  const { dir: _d2, verified_at: _v2, trust_anchors: _t2, rekor_log_key: _k2, ...cli_ } = bad;
  for (const k of Object.keys(cli_)) assert.deepEqual(page_[k], cli_[k], `field ${k}`);
  assert.deepEqual(Object.keys(page_).sort(), Object.keys(cli_).sort());
  assert.deepEqual(errors, []);
  await context.close();
});

test('printed, the verifier page shows the verdict first, black on white, no controls, no table cut off', async () => {
  const { context, page, errors } = await openGreen({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => {
    const visible = (e) => {
      const s = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0;
    };
    const verdict = document.querySelector('[data-testid="verdict"]');
    const main = document.querySelector('main');
    // The first block of the main column with something on it.
    const blocks = [...main.querySelectorAll('section, details, div.card, p.callout')].filter(visible);
    const top = Math.min(...blocks.map((b) => b.getBoundingClientRect().top));
    const controls = [...document.querySelectorAll('button, input, textarea, select, nav, [data-testid="dropzone"]')].filter(visible)
      .map((e) => e.outerHTML.slice(0, 80));
    const colours = [...document.querySelectorAll('body, main, [data-testid="verdict"], [data-testid="verdict"] *, table, td, th, p')]
      .filter(visible)
      .map((e) => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; });
    const cut = [...document.querySelectorAll('table')].filter(visible).filter((t) => {
      const wrap = t.parentElement;
      return t.scrollWidth > wrap.clientWidth + 1 || t.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
    }).map((t) => t.dataset.testid);
    return { verdictTop: verdict.getBoundingClientRect().top, top, controls, colours, cut, tables: [...document.querySelectorAll('table')].filter(visible).length };
  });
  assert.ok(printed.verdictTop <= printed.top + 1, `the verdict at ${printed.verdictTop} px, a block above it at ${printed.top} px`);
  assert.deepEqual(printed.controls, [], 'no buttons, fields, drop zone or navigation in print');
  for (const [color, bg] of printed.colours) {
    assert.equal(color, 'rgb(0, 0, 0)');
    assert.ok(bg === 'rgb(255, 255, 255)' || bg === 'rgba(0, 0, 0, 0)', bg);
  }
  assert.ok(printed.tables > 0, 'the answers\' tables are printed');
  assert.deepEqual(printed.cut, [], 'no table wider than the page');
  const pdf = await page.pdf({ format: 'A4' });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link to one answer opens the league on the page of the table that holds it; a malformed or unknown one is said', async () => {
  // An answer far down the table: not on its first page.
  const target = cli.answers[200];
  const { context, page, errors } = await openPage(browser, leagueUrl(`#answer=${target.line}`));
  await page.waitForSelector('[data-testid="verdict"]', { timeout: 180000 });
  const row = page.locator(`[data-testid="answer-row"][data-line="${target.line}"]`);
  await row.waitFor({ timeout: 30000 });
  // Scrolled into view once the page settles.
  await page.waitForFunction((line) => {
    const b = document.querySelector(`[data-testid="answer-row"][data-line="${line}"]`)?.getBoundingClientRect();
    return b && b.top >= 0 && b.bottom <= window.innerHeight;
  }, target.line, { timeout: 10000 }).catch(() => {});
  const at = await row.evaluate((r) => ({
    current: r.getAttribute('aria-current'),
    open: r.querySelector('details.evidence')?.open,
    inView: (() => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= window.innerHeight; })(),
    seat: r.dataset.seat,
    link: r.querySelector('[data-testid="copy-answer-link"]')?.dataset.href,
  }));
  assert.equal(at.current, 'true');
  assert.equal(at.open, true, 'its evidence is open');
  assert.equal(at.inView, true, 'it is scrolled into view');
  assert.equal(at.seat, target.seat);
  // The row's own link, and the verdict's: the manifest URL in the address.
  const link = new URL(at.link);
  assert.equal(link.searchParams.get('league'), new URL(MANIFEST, server.url).href);
  assert.equal(link.hash, `#answer=${target.line}`);
  const verdictLink = await page.locator('[data-testid="copy-verdict-link"]').getAttribute('data-href');
  assert.equal(verdictLink, `${link.origin}${link.pathname}${link.search}`);
  // The address bar is the verdict's permalink once the league is open.
  assert.equal(new URL(page.url()).searchParams.get('league'), link.searchParams.get('league'));
  await context.close();

  // The copied link opens the same answer in a fresh page.
  const again = await openPage(browser, at.link);
  await again.page.locator(`[data-testid="answer-row"][data-line="${target.line}"][aria-current="true"]`).waitFor({ timeout: 180000 });
  await again.context.close();

  for (const [hash, said] of [['#answer=999999', /line 999999.*no answer was sealed/], ['#answer=2026-10-19-am%2Fcoin', /"2026-10-19-am\/coin", which is not a line of the book/]]) {
    const bad = await openPage(browser, leagueUrl(hash));
    await bad.page.waitForSelector('[data-testid="verdict"]', { timeout: 180000 });
    const message = await bad.page.locator('[data-testid="answer-link-error"]').textContent({ timeout: 30000 });
    assert.match(message, said);
    assert.equal(await bad.page.locator('[data-testid="answer-row"][aria-current="true"]').count(), 0);
    assert.deepEqual(bad.errors, []);
    await bad.context.close();
  }
  assert.deepEqual(errors, []);
});

test('answers\' and cells\' statuses are words and their probabilities are rounded for people', async () => {
  const { context, page, errors } = await openPage(browser, leagueUrl());
  await page.waitForSelector('[data-testid="answers-table"]', { timeout: 180000 });
  const statuses = await allPages(page, 'answers-table', () => page.$$eval('[data-testid="answers-table"] tbody tr:not(.tampered)', (rows) => rows.map((r) => r.cells[3].textContent)));
  assert.equal(statuses.length, cli.answers.length);
  assert.ok(statuses.includes('refused (malformed)'), [...new Set(statuses)].join(', '));
  assert.deepEqual(statuses.filter((s) => /_/.test(s)), [], 'no status code such as refused_shape');
  // A cell's probability as a reader reads it (the book holds, say, 55.489999999999995: shown
  // 55.49), and a cell not stated, counted at 50, in words.
  const tail = (p) => Number.isFinite(p) && Math.abs(p * 100 - Math.round(p * 100)) > 1e-6 && !/0$/.test(p.toFixed(2));
  const cell = cli.cells.find((c) => tail(c.prob_up));
  assert.ok(cell, 'the DEMO states a probability with a float tail');
  await page.selectOption('[data-testid="filter-seat"]', cell.seat);
  await page.selectOption('[data-testid="filter-market"]', cell.asset);
  const pUp = page.locator(`[data-testid="cell-row"][data-line="${cell.line}"][data-asset="${cell.asset}"][data-horizon="${cell.horizon}"] td:nth-child(5)`);
  assert.equal(await pUp.textContent({ timeout: 10000 }), cell.prob_up.toFixed(2));
  const unstated = cli.cells.find((c) => c.status === 'counted_50');
  await page.selectOption('[data-testid="filter-seat"]', unstated.seat);
  await page.selectOption('[data-testid="filter-market"]', unstated.asset);
  const status = page.locator(`[data-testid="cell-row"][data-line="${unstated.line}"][data-horizon="${unstated.horizon}"] td:nth-child(6)`);
  assert.equal(await status.textContent({ timeout: 10000 }), 'counted at 50% (not stated)');
  const cellStatuses = await page.$$eval('[data-testid="cells"] tbody tr:not(.tampered)', (rows) => rows.map((r) => r.cells[5].textContent));
  assert.deepEqual(cellStatuses.filter((s) => /_/.test(s)), []);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ['zh', 'ar']) {
  test(`the printable report is one language, the page's (${lang}): its verdict, problems and answers worded, only names and data left as the files state them`, async () => {
    const { context, page, errors } = await openPage(browser, new URL(`/?league=${MANIFEST}&lang=${lang}`, server.url).href);
    // Before the root is chosen: the authority's tokens are among the problems found.
    await page.waitForSelector('[data-testid="verdict"][data-state="unchecked"]', { timeout: 180000 });
    const printable = await download(page, 'download-printable');
    const report = await context.newPage();
    await report.route('**/*', (route) => route.abort());
    await report.setContent(printable.text);
    const shown = await report.evaluate(() => {
      // The words of the page: every text but file names, hashes, codes and the data cells
      // (run ids, seats, times), which are the files' own.
      const body = document.body.cloneNode(true);
      for (const e of body.querySelectorAll('code, [dir="ltr"], [data-testid="report-answers"] tbody td:not(:nth-child(4)):not(:nth-child(7)), [data-testid="report-files"] tbody, [data-testid="report-about"] dd')) e.remove();
      return {
        lang: document.documentElement.lang,
        problems: [...document.querySelectorAll('h2 + ul li')].map((li) => li.textContent),
        words: body.textContent,
      };
    });
    assert.equal(shown.lang, lang);
    assert.ok(shown.problems.length > 0, 'the unchosen root leaves problems');
    // File names, check names and brands stay as they are; no English sentence is left.
    const names = /[\w./-]*\.(?:tsr|pem|ots|txt|json|jsonl|csv|md)\b|[\w-]*\d[\w-]*|\b(?:OpenTimestamps|Bitcoin|Rekor|sealbook|DEMO|SHA|UTC|ET|RFC|JSON|TSA|Level|root|signer|chain|tsa|proof)\b/g;
    // A certificate's subject, quoted, and the authority's name are the files' own text too.
    const quoted = /“[^”]*”|«[^»]*»|"[^"]*"|sealbook DEMO timestamp authority \(not a real authority\)/g;
    const english = (s) => (s.replace(quoted, ' ').replace(names, ' ').match(/[A-Za-z]{3,}(?:\s+[A-Za-z]{2,})+/g) ?? []);
    for (const p of shown.problems) assert.deepEqual(english(p), [], p);
    assert.deepEqual(english(shown.words), [], shown.words.slice(0, 2000));
    assert.deepEqual(errors, []);
    await context.close();
  });
}
