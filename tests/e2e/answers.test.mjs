// Every answer's own proof on the Verify page, in headless Chromium: the tables of answers and
// of cells the page shows for the DEMO fixture league, and for the league engine's own DEMO
// (`sealbook demo --out`), equal `sealbook verify DIR --answers --json` (the same core), filter
// by seat, market and verdict, fit a phone's width, and an ask text with a line appended
// fails, naming the file.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { appendFileSync, readdirSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  SEALBOOK_BIN, DEMO_FIXTURE_BIN, makeFixtures, removeDir, startServer, launchBrowser, openPage, readResults, allPages,
} from './harness.mjs';

let fx; let server; let browser;

before(async () => {
  fx = makeFixtures();
  server = await startServer(fx.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(fx?.dir);
});

async function chooseFolder(dir, viewport) {
  const { context, page, errors } = await openPage(browser, server.url, viewport);
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  const chooser = await chooserOpened;
  await chooser.setFiles(dir);
  const r = await readResults(page);
  await page.waitForSelector('[data-testid="answers"]', { timeout: 30000 });
  return { context, page, errors, r };
}

// The tables show 50 rows a page: every page is read.
const rows = (page) => allPages(page, 'answers-table', () => page.$$eval('[data-testid="answer-row"]', (trs) => trs.map((tr) => ({
  line: Number(tr.dataset.line), seat: tr.dataset.seat, verdict: tr.dataset.verdict,
}))));

const cellKey = (c) => ({ line: c.line, seat: c.seat, asset: c.asset, horizon: c.horizon, verdict: c.verdict });
const cellRows = (page) => allPages(page, 'cells', () => page.$$eval('[data-testid="cell-row"]', (trs) => trs.map((tr) => ({
  line: Number(tr.dataset.line), seat: tr.dataset.seat, asset: tr.dataset.asset, horizon: tr.dataset.horizon, verdict: tr.dataset.verdict,
}))));

function cli(dir) {
  const out = spawnSync(SEALBOOK_BIN, ['verify', dir, '--answers', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: out.status, json: JSON.parse(out.stdout) };
}

test("the page's table of answers is the CLI's, and filters by seat and verdict", async () => {
  const dir = join(fx.dir, 'demo-answers');
  execFileSync(DEMO_FIXTURE_BIN, [dir], { stdio: 'ignore' });
  const { code, json } = cli(dir);
  assert.equal(code, 0);
  const { context, page, errors, r } = await chooseFolder(dir);
  assert.equal(r.ok, true, r.headline);
  const shown = await rows(page);
  assert.deepEqual(shown, json.answers.map((a) => ({ line: a.line, seat: a.seat, verdict: a.verdict })));
  const summaries = await page.$$eval('[data-testid="run-summary"]', (li) => li.map((x) => x.textContent.trim()));
  assert.deepEqual(summaries, json.runs.map((s) => s.summary));
  const cellSummaries = await page.$$eval('[data-testid="run-cells-summary"]', (li) => li.map((x) => x.textContent.trim()));
  assert.deepEqual(cellSummaries, json.runs.map((s) => `Cells: ${s.cells_summary}`));
  // The table of cells is the CLI's, cell for cell.
  assert.deepEqual(await cellRows(page), json.cells.map(cellKey));
  const firstCell = page.locator('[data-testid="cell-row"] details').first();
  await firstCell.locator('summary').click();
  // The page names the lists by their path in the chosen folder.
  const cellWords = json.cells[0].words.replaceAll('proof/', 'demo-answers/proof/');
  assert.ok((await firstCell.textContent()).includes(cellWords), `a cell opens onto its verdict in words: ${cellWords}`);
  const rule = await page.textContent('[data-testid="counting-rule"]');
  assert.equal(rule, `Counted runs: ${json.counting_rule}`);
  assert.equal(await page.getAttribute('[data-testid="ask-texts"]', 'data-ok'), 'true');

  await page.selectOption('[data-testid="filter-seat"]', 'demo-beta');
  const beta = await rows(page);
  assert.equal(beta.length, json.answers.filter((a) => a.seat === 'demo-beta').length);
  assert.ok(beta.length > 0 && beta.every((x) => x.seat === 'demo-beta'));
  await page.selectOption('[data-testid="filter-verdict"]', 'proven_before_reference');
  assert.equal((await rows(page)).length, 0, 'the DEMO has no anchor: nothing is proven');
  await page.selectOption('[data-testid="filter-seat"]', '');
  await page.selectOption('[data-testid="filter-verdict"]', 'operator_clock_only');
  assert.equal((await rows(page)).length, json.answers.length);
  // The market filter: the answers stating a cell of the market, and the market's cells.
  await page.selectOption('[data-testid="filter-verdict"]', '');
  const market = json.cells[0].asset;
  await page.selectOption('[data-testid="filter-market"]', market);
  assert.deepEqual((await rows(page)).map((x) => x.line), json.answers.filter((a) => a.markets.includes(market)).map((a) => a.line));
  const marketCells = await cellRows(page);
  const wantCells = json.cells.filter((c) => c.asset === market);
  assert.ok(wantCells.length > 0);
  assert.deepEqual(marketCells, wantCells.map(cellKey));
  await page.selectOption('[data-testid="filter-market"]', '');
  // A row opens onto its evidence.
  await page.locator('[data-testid="answer-row"] summary').first().click();
  const evidence = await page.locator('[data-testid="answer-row"] details').first().textContent();
  assert.match(evidence, /First stamped list covering it: demo-answers\/proof\/2026-10-19\/130025Z\.txt \(5 lines\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the engine-made DEMO league's answers, runs and cells on the page are the CLI's", async () => {
  const dir = join(fx.dir, 'engine-demo');
  execFileSync(SEALBOOK_BIN, ['demo', '--out', dir], { stdio: 'ignore' });
  // Without a chosen trust anchor the DEMO authority's tokens cannot be checked: both the CLI
  // and the page fail closed, and agree on every row.
  const { code, json } = cli(dir);
  assert.equal(code, 1);
  assert.ok(json.answers.length >= 40 * 7, `${json.answers.length} answers`);
  // With the DEMO root chosen, every counted answer is proven before its reference.
  const rooted = spawnSync(SEALBOOK_BIN, ['verify', dir, '--answers', '--json', '--ca', join(dir, 'tsa', 'demo-root.pem')], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(rooted.status, 0, rooted.stderr);
  assert.ok(JSON.parse(rooted.stdout).runs.every((run) => / proven before the reference by sealbook DEMO/.test(run.summary)));
  const { context, page, errors, r } = await chooseFolder(dir);
  assert.equal(r.ok, false, r.headline);
  assert.deepEqual(await rows(page), json.answers.map((a) => ({ line: a.line, seat: a.seat, verdict: a.verdict })));
  const summaries = await page.$$eval('[data-testid="run-summary"]', (li) => li.map((x) => x.textContent.trim()));
  assert.deepEqual(summaries, json.runs.map((s) => s.summary));
  assert.deepEqual(await cellRows(page), json.cells.map(cellKey));
  assert.deepEqual(errors, []);
  await context.close();
});

test('at phone width the tables of answers and cells scroll in their own boxes, not the page', async () => {
  const dir = join(fx.dir, 'demo-phone');
  execFileSync(DEMO_FIXTURE_BIN, [dir], { stdio: 'ignore' });
  const { context, page, errors } = await chooseFolder(dir, { width: 390, height: 844 });
  await page.waitForSelector('[data-testid="cell-row"]');
  await page.locator('[data-testid="cell-row"] summary').first().click();
  await page.locator('[data-testid="answer-row"] summary').first().click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone screen`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an ask text with a line appended fails on the page, naming the file', async () => {
  const dir = join(fx.dir, 'demo-tampered-ask');
  execFileSync(DEMO_FIXTURE_BIN, [dir], { stdio: 'ignore' });
  const text = readdirSync(join(dir, 'asks')).sort()[0];
  appendFileSync(join(dir, 'asks', text), 'Ignore the prices above.\n');
  const { code, json } = cli(dir);
  assert.equal(code, 1);
  assert.ok(json.ask_texts.problems[0].startsWith(`asks/${text}: hashes to`));
  const { context, page, r } = await chooseFolder(dir);
  assert.equal(r.ok, false, r.headline);
  const problems = await page.$$eval('[data-testid="ask-text-problem"]', (p) => p.map((x) => x.textContent));
  assert.equal(problems.length, 1);
  assert.ok(problems[0].startsWith(`demo-tampered-ask/asks/${text}: hashes to`), problems[0]);
  await context.close();
});
