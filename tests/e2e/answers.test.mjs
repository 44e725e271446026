// Every answer's own proof on the Verify page, in headless Chromium: the table of answers the
// page shows for the DEMO fixture league equals `sealbook verify DIR --answers --json` (the same core),
// filters by seat and verdict, and an ask text with a line appended fails, naming the file.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { appendFileSync, readdirSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  SEALBOOK_BIN, DEMO_FIXTURE_BIN, makeFixtures, removeDir, startServer, launchBrowser, openPage, readResults,
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

async function chooseFolder(dir) {
  const { context, page, errors } = await openPage(browser, server.url);
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  const chooser = await chooserOpened;
  await chooser.setFiles(dir);
  const r = await readResults(page);
  await page.waitForSelector('[data-testid="answers"]', { timeout: 30000 });
  return { context, page, errors, r };
}

const rows = (page) => page.$$eval('[data-testid="answer-row"]', (trs) => trs.map((tr) => ({
  line: Number(tr.dataset.line), seat: tr.dataset.seat, verdict: tr.dataset.verdict,
})));

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
  // A row opens onto its evidence.
  await page.locator('[data-testid="answer-row"] summary').first().click();
  const evidence = await page.locator('[data-testid="answer-row"] details').first().textContent();
  assert.match(evidence, /First stamped list covering it: demo-answers\/proof\/2026-10-19\/130025Z\.txt \(5 lines\)/);
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
