// The Scores page in headless Chromium, served by `sealbook serve`: a season written by the
// independent Python generator (tests/py/season.py) is dropped on the page; the figures it shows
// and the stats JSON it downloads are compared with `sealbook score --json` on the same files.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { REPO, SEALBOOK_BIN, removeDir, startServer, launchBrowser, openPage, dropFiles, screenshot } from './harness.mjs';

const PYTHON = process.env.SEALBOOK_PYTHON
  || (existsSync(join(REPO, '.venv/bin/python')) ? join(REPO, '.venv/bin/python') : 'python3');
let dir; let server; let browser; let cliText; let cli;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-scores-'));
  execFileSync(PYTHON, ['-I', join(REPO, 'tests/py/season.py'), 'gen', dir, '--sessions', '30', '--seats', '6', '--markets', '5']);
  cliText = execFileSync(SEALBOOK_BIN, ['score', '--forecasts', join(dir, 'council-forecasts.csv'), '--clim', join(dir, 'council-clim-window.json'), '--json'], { encoding: 'utf8' });
  cli = JSON.parse(cliText);
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

const scoresUrl = () => new URL('scores.html', server.url).href;

async function scored(page) {
  await dropFiles(page, [join(dir, 'council-forecasts.csv'), join(dir, 'council-clim-window.json')]);
  await page.waitForSelector('#scores-results', { timeout: 60000 });
}

test('the page shows the figures sealbook score --json computes, and downloads its bytes', async () => {
  const { context, page, errors } = await openPage(browser, scoresUrl());
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await scored(page);
  const shown = await page.evaluate(() => {
    const v = (sel) => document.querySelector(sel)?.dataset.v ?? null;
    return {
      estimate: v('#endpoint [data-key="estimate"] [data-v]'),
      verdict: document.querySelector('#endpoint').dataset.verdict,
      ci95: document.querySelector('#endpoint [data-key="ci95"]').textContent,
      seatBrier: [...document.querySelectorAll('#seats-1d tbody tr')].map((tr) => [tr.dataset.seat, tr.querySelector('td').dataset.v]),
      consensus1w: document.querySelector('#consensus tr[data-h="1w"] td').dataset.v,
      neffRows: document.querySelectorAll('#neff-table tbody tr').length,
      eigen: [...document.querySelectorAll('#eigen li')].map((li) => Number(li.dataset.v)),
      charts: document.querySelectorAll('svg.chart').length,
    };
  });
  const pe = cli.primary_endpoint;
  assert.equal(Number(shown.estimate), pe.estimate);
  assert.equal(shown.verdict, pe.verdict);
  assert.equal(shown.ci95, `[${pe.ci95[0].toFixed(4)}, ${pe.ci95[1].toFixed(4)}]`);
  assert.deepEqual(shown.seatBrier.map(([s, b]) => [s, Number(b)]), Object.keys(cli.seats).map((s) => [s, cli.seats[s]['1d'].brier]));
  assert.equal(Number(shown.consensus1w), cli.consensus['1w'].brier);
  assert.equal(shown.neffRows, cli.n_eff.length);
  assert.ok(shown.eigen.length > 1, 'a run with its eigenvalues is shown');
  assert.ok(Math.abs(shown.eigen.reduce((a, b) => a + b, 0) - shown.eigen.length) < 1e-9, 'eigenvalues of a correlation matrix sum to n');
  assert.equal(shown.charts, 3, 'N_eff curve, calibration plot, heat map');

  // The run chooser is a native select: keyboard operable; another run redraws the heat map.
  const before = await page.locator('#scores-matrix svg').innerHTML();
  await page.focus('#run-select');
  await page.keyboard.press('Home');
  await page.locator('#run-select').dispatchEvent('change');
  assert.notEqual(await page.locator('#scores-matrix svg').innerHTML(), before);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-stats')]);
  const saved = readFileSync(await download.path(), 'utf8');
  assert.equal(saved, cliText, 'the downloaded stats JSON is the CLI output byte for byte');

  assert.ok(requests.every((u) => u.startsWith(server.url)), `only the page's own server: ${requests}`);
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'scores-desktop'));
  await context.close();
});

test('the page works at phone width', async () => {
  const { context, page, errors } = await openPage(browser, scoresUrl(), { width: 390, height: 844 });
  await scored(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px (wide tables must scroll inside their box)`);
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'scores-phone'));
  await context.close();
});

test('a bad value is reported with its file, row and column', async () => {
  const lines = readFileSync(join(dir, 'council-forecasts.csv'), 'utf8').split('\n');
  const col = lines[0].split(',').indexOf('prob_up');
  const cells = lines[5].split(',');
  cells[col] = 'seventy';
  lines[5] = cells.join(',');
  const bad = join(dir, 'bad', 'council-forecasts.csv');
  execFileSync('mkdir', ['-p', join(dir, 'bad')]);
  writeFileSync(bad, lines.join('\n'));
  const cliErr = (() => {
    try { execFileSync(SEALBOOK_BIN, ['score', '--forecasts', bad, '--json'], { stdio: 'pipe' }); } catch (e) { return String(e.stdout) + String(e.stderr); }
    return '';
  })();
  const { context, page } = await openPage(browser, scoresUrl());
  await dropFiles(page, [bad]);
  const message = await page.locator('#scores-error').textContent({ timeout: 30000 });
  assert.match(message, /council-forecasts\.csv/);
  assert.match(message, /prob_up/);
  assert.match(message, /\b6\b/, `names the row: ${message}`);
  assert.match(cliErr, /\b6\b/, `the CLI names the same row: ${cliErr}`);
  await context.close();
});

test('the demo league with its book: the crowd table and the CSV-vs-book check, as the CLI computes them', async () => {
  const demo = join(dir, 'demo');
  execFileSync(SEALBOOK_BIN, ['demo', '--out', demo]);
  const files = [join(demo, 'council-forecasts.csv'), join(demo, 'council-book.jsonl')];
  const doc = JSON.parse(execFileSync(SEALBOOK_BIN, ['score', '--forecasts', files[0], '--book', files[1], '--json'], { encoding: 'utf8' }));
  const { context, page, errors } = await openPage(browser, scoresUrl());
  await dropFiles(page, files);
  await page.waitForSelector('#crowd-table', { timeout: 60000 });
  const shown = await page.evaluate(() => ({
    agree: document.querySelector('#book-agreement').dataset.ok,
    rows: [...document.querySelectorAll('#crowd-table tbody tr')].map((tr) => [tr.dataset.seat, tr.dataset.split, Number(tr.querySelectorAll('td')[5].dataset.v)]),
    questions: document.querySelectorAll('#crowd-questions tbody tr').length,
  }));
  assert.equal(shown.agree, String(doc.book_agreement.ok));
  const expected = [];
  for (const [seat, split] of [['all seats', doc.crowd.overall], ...Object.entries(doc.crowd.seats)]) {
    for (const k of ['admitted', 'thin']) if (split[k].n > 0) expected.push([seat, k, split[k].bss_crowd]);
  }
  assert.deepEqual(shown.rows, expected, 'BSS vs crowd per seat and contract class');
  assert.equal(shown.questions, doc.crowd.questions.length);

  // The book alone (with its roster): the rows come from the sealed lines, as sealbook score --book computes them.
  const asks = join(demo, 'asks.jsonl');
  const bookOnly = JSON.parse(execFileSync(SEALBOOK_BIN, ['score', '--book', files[1], '--asks', asks, '--json'], { encoding: 'utf8' }));
  await page.click('text=Clear');
  await dropFiles(page, [files[1], asks]);
  await page.waitForSelector('[data-rows-from="book"]', { timeout: 60000 });
  const seats = await page.evaluate(() => [...document.querySelectorAll('#seats-1d tbody tr')].map((tr) => [tr.dataset.seat, Number(tr.querySelector('td').dataset.v)]));
  assert.deepEqual(seats, Object.keys(bookOnly.seats).map((s) => [s, bookOnly.seats[s]['1d'].brier]));
  assert.deepEqual(errors, []);
  await context.close();
});

test('each peer benchmark\'s rules: the page gives the document sealbook score --profile gives', async () => {
  const { context, page, errors } = await openPage(browser, scoresUrl());
  for (const profile of ['agentpit', 'ladder', 'arena']) {
    const file = join(dir, `${profile}-records.jsonl`);
    execFileSync(PYTHON, ['-I', join(REPO, 'tests/py/peer_profiles.py'), 'gen', profile, file]);
    const cliText = execFileSync(SEALBOOK_BIN, ['score', '--profile', profile, '--forecasts', file, '--json'], { encoding: 'utf8' });
    const doc = JSON.parse(cliText);
    await page.selectOption('#profile-select', profile);
    await dropFiles(page, [file]);
    await page.waitForSelector(`#peer-table`, { timeout: 60000 });
    const names = await page.evaluate(() => [...document.querySelectorAll('#peer-table tbody tr')].map((tr) => tr.dataset.agent ?? tr.dataset.model));
    assert.deepEqual(names, Object.keys(profile === 'ladder' ? doc.models : doc.agents), profile);
    const first = await page.evaluate(() => Number(document.querySelector('#peer-table tbody tr td').dataset.v));
    const expected = profile === 'agentpit' ? Object.values(doc.agents)[0].brier.value
      : profile === 'ladder' ? Object.values(doc.models)[0].edge.value : Object.values(doc.agents)[0].directional.score.value;
    assert.equal(first, expected, `${profile}: the first figure`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-stats')]);
    assert.equal(readFileSync(await download.path(), 'utf8'), cliText, `${profile}: the download is the CLI's bytes`);
    await page.click('text=Clear');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('registered predictions dropped alone give the scorecards sealbook scorecard --json computes', async () => {
  const file = join(dir, 'registered-predictions.json');
  execFileSync(PYTHON, ['-I', join(REPO, 'tests/py/scorecard_peer.py'), 'gen', file, '5']);
  const cards = JSON.parse(execFileSync(SEALBOOK_BIN, ['scorecard', file, '--json'], { encoding: 'utf8' }));
  const { context, page, errors } = await openPage(browser, scoresUrl());
  await dropFiles(page, [file]);
  await page.waitForSelector('#scorecards', { timeout: 30000 });
  const shown = await page.evaluate(() => [...document.querySelectorAll('#scorecards tbody tr')].map((tr) => ({
    as_of: tr.dataset.asOf,
    figures: [...tr.querySelectorAll('td')].map((td) => (td.dataset.v === undefined ? null : Number(td.dataset.v))),
  })));
  assert.deepEqual(shown, cards.map((c) => ({
    as_of: c.as_of,
    figures: [c.resolved, c.past_due, c.brier_resolved, c.resolved_share, c.worst_case, c.bss_vs_half],
  })));
  const states = await page.evaluate(() => [...document.querySelectorAll('[data-state]')].map((e) => e.dataset.state));
  assert.deepEqual(states, cards.flatMap((c) => c.rows.map((r) => r.state)));
  assert.equal(await page.locator('#download-stats').count(), 0, 'no stats document without the forecasts');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the verifier page links to the Scores page and keeps working', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await page.click('nav a[href="/scores.html"]');
  await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
  assert.match(await page.locator('h1').textContent(), /scores/i);
  assert.deepEqual(errors, []);
  await context.close();
});
