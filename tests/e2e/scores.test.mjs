// The Scores page in headless Chromium, served by `sealbook serve`: a season written by the
// independent Python generator (tests/py/season.py) is dropped on the page; the figures it shows
// and the stats JSON it downloads are compared with `sealbook score --json` on the same files.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { REPO, SEALBOOK_BIN, DEMO_FIXTURE_BIN, removeDir, startServer, launchBrowser, openPage, dropFiles, screenshot } from './harness.mjs';

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

/// The seats of a stats document scored on horizon `h`, lowest Brier first (no Brier last; ties
/// in name order), as the page ranks them.
const byBrier = (doc, h) => Object.keys(doc.seats).filter((s) => doc.seats[s][h])
  .sort((a, b) => {
    const [x, y] = [doc.seats[a][h].brier, doc.seats[b][h].brier];
    if (x == null || y == null) return (x == null) - (y == null) || (a < b ? -1 : 1);
    return x - y || (a < b ? -1 : 1);
  });

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
  assert.deepEqual(shown.seatBrier.map(([s, b]) => [s, Number(b)]), byBrier(cli, '1d').map((s) => [s, cli.seats[s]['1d'].brier]), 'best first');
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
  execFileSync(DEMO_FIXTURE_BIN, [demo]);
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
  assert.deepEqual(seats, byBrier(bookOnly, '1d').map((s) => [s, bookOnly.seats[s]['1d'].brier]));
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

/// Drops the folder `root` on the page the way a reader's drag of a folder does: a drop whose
/// DataTransfer item is a directory entry (File and Directory Entries API shape: isDirectory,
/// fullPath, createReader().readEntries, file()), holding real File objects. Chromium gives no
/// scriptable way to build a directory entry, so the entries are plain objects of that shape.
async function dropFolder(page, root) {
  const walk = (dir, rel) => readdirSync(dir).sort().map((name) => {
    const full = join(dir, name);
    const path = `${rel}/${name}`;
    return statSync(full).isDirectory()
      ? { name, path, children: walk(full, path) }
      : { name, path, b64: readFileSync(full).toString('base64') };
  });
  const base = root.split('/').pop();
  const tree = { name: base, path: `/${base}`, children: walk(root, `/${base}`) };
  await page.evaluate((tree) => {
    const entry = (node) => {
      if (node.children) {
        return {
          isDirectory: true, isFile: false, name: node.name, fullPath: node.path,
          createReader() {
            let done = false;
            return { readEntries(ok) { const batch = done ? [] : node.children.map(entry); done = true; setTimeout(() => ok(batch), 0); } };
          },
        };
      }
      const bytes = Uint8Array.from(atob(node.b64), (c) => c.charCodeAt(0));
      const file = new File([bytes], node.name);
      return { isDirectory: false, isFile: true, name: node.name, fullPath: node.path, file(ok) { setTimeout(() => ok(file), 0); } };
    };
    const item = { kind: 'file', webkitGetAsEntry: () => entry(tree) };
    const transfer = { items: { length: 1, 0: item }, files: { length: 0, item: () => null }, types: ['Files'] };
    const zone = document.querySelector('[data-testid="dropzone"]');
    for (const type of ['dragover', 'drop']) {
      const ev = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(ev, 'dataTransfer', { value: transfer });
      zone.dispatchEvent(ev);
    }
  }, tree);
}

test('a whole published folder dropped on the Scores page: its CSV, book and asks are scored, the rest left aside', async () => {
  const demo = join(dir, 'demo-folder');
  execFileSync(DEMO_FIXTURE_BIN, [demo]);
  // Published documents that are not the climatology table must not be read as one.
  writeFileSync(join(demo, 'manifest.json'), '{"files": []}\n');
  const doc = execFileSync(SEALBOOK_BIN, ['score', '--forecasts', join(demo, 'council-forecasts.csv'), '--book', join(demo, 'council-book.jsonl'), '--asks', join(demo, 'asks.jsonl'), '--json'], { encoding: 'utf8' });
  const { context, page, errors } = await openPage(browser, scoresUrl());
  await dropFolder(page, demo);
  await page.waitForSelector('#scores-results', { timeout: 60000 });
  const roles = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.file-list [data-role]')].map((li) => [li.dataset.role, li.querySelector('.file-name').textContent])));
  assert.deepEqual(roles, { forecasts: 'council-forecasts.csv', book: 'council-book.jsonl', asks: 'asks.jsonl', clim: 'not given', registered: 'not given' });
  assert.match(await page.locator('#scores-ignored').textContent(), /manifest\.json|proof\//);
  assert.ok(await page.locator('#crowd-table').count() === 1, 'the book was read: the crowd table is drawn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-stats')]);
  assert.equal(readFileSync(await download.path(), 'utf8'), doc, 'the folder gives the CLI document on its CSV, book and asks');
  assert.equal(await page.locator('.dropzone.dragging').count(), 0, 'the drag highlight ends with the drop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the same folder through the folder picker', async () => {
  const demo = join(dir, 'demo-folder');
  const { context, page, errors } = await openPage(browser, scoresUrl());
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  await (await chooserOpened).setFiles(demo);
  await page.waitForSelector('#crowd-table', { timeout: 60000 });
  assert.equal(await page.locator('[data-role="asks"] .file-name').textContent(), 'asks.jsonl');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the drag highlight stays on while the pointer crosses the drop zone\'s children', async () => {
  const { context, page } = await openPage(browser, scoresUrl());
  const zone = page.locator('[data-testid="dropzone"]');
  await zone.dispatchEvent('dragover');
  assert.equal(await page.locator('.dropzone.dragging').count(), 1);
  // Leaving the zone for its own title: dragleave with the title as related target.
  await page.evaluate(() => {
    const zone = document.querySelector('[data-testid="dropzone"]');
    zone.dispatchEvent(new DragEvent('dragleave', { bubbles: true, relatedTarget: zone.querySelector('h2') }));
  });
  assert.equal(await page.locator('.dropzone.dragging').count(), 1, 'no flicker over a child');
  await page.evaluate(() => document.querySelector('[data-testid="dropzone"]').dispatchEvent(new DragEvent('dragleave', { bubbles: true, relatedTarget: null })));
  assert.equal(await page.locator('.dropzone.dragging').count(), 0, 'leaving the page ends it');
  await context.close();
});

test('a seat named as markup in a dropped forecasts CSV is shown as text: no element is made', async () => {
  const lines = readFileSync(join(dir, 'council-forecasts.csv'), 'utf8').split('\n');
  const col = lines[0].split(',').indexOf('seat');
  const victim = lines[1].split(',')[col];
  const evil = '<img src=x onerror=alert(1)>';
  const renamed = lines.map((l, i) => {
    if (i === 0 || !l) return l;
    const cells = l.split(',');
    if (cells[col] === victim) cells[col] = evil;
    return cells.join(',');
  });
  const file = join(dir, 'markup', 'council-forecasts.csv');
  execFileSync('mkdir', ['-p', join(dir, 'markup')]);
  writeFileSync(file, renamed.join('\n'));
  const { context, page, errors } = await openPage(browser, scoresUrl());
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await dropFiles(page, [file]);
  await page.waitForSelector('#seats-1d', { timeout: 60000 });
  const shown = await page.evaluate((evil) => ({
    imgs: document.querySelectorAll('img').length,
    rowText: [...document.querySelectorAll('#seats-1d tbody tr')].find((tr) => tr.dataset.seat === evil)?.querySelector('th').textContent ?? null,
    textAnywhere: document.body.textContent.includes(evil),
  }), evil);
  assert.equal(shown.imgs, 0, 'no img element was created');
  assert.equal(shown.rowText, evil, 'the name is the row\'s text');
  assert.ok(shown.textAnywhere);
  assert.deepEqual(dialogs, [], 'no script ran');
  assert.deepEqual(errors, []);
  await context.close();
});

/// The engine-made DEMO league (`sealbook demo`), written once for the tests that open it.
let demoLeague;
function demoLeagueDir() {
  if (!demoLeague) {
    demoLeague = join(dir, 'demo-league');
    execFileSync(SEALBOOK_BIN, ['demo', '--out', demoLeague], { stdio: 'ignore' });
  }
  return demoLeague;
}
const leagueUrl = (lang) => `${scoresUrl()}?league=${encodeURIComponent('/data/demo-league/manifest.json')}${lang ? `&lang=${lang}` : ''}`;

/// Opens the DEMO league's scores from its manifest and waits for the results.
async function openLeague(viewport, lang) {
  demoLeagueDir();
  const opened = await openPage(browser, leagueUrl(lang), viewport);
  await opened.page.waitForSelector('#scores-results, #scores-error', { timeout: 180000 });
  const error = await opened.page.locator('#scores-error').count();
  assert.equal(error, 0, error ? await opened.page.locator('#scores-error').textContent() : '');
  return opened;
}

/// The stats document the page computed (its download, the CLI's bytes).
async function downloadedStats(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-stats')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

/// The N_eff chart's tick labels per axis, with their boxes.
const neffTicks = (page) => page.evaluate(() => {
  const svg = document.querySelector('#scores-neff svg.chart');
  const labels = [...svg.querySelectorAll('g.axis > text:not(.axis-title)')].map((t) => {
    const b = t.getBoundingClientRect();
    return { text: t.textContent, anchor: t.getAttribute('text-anchor'), left: b.left, right: b.right, top: b.top, bottom: b.bottom };
  });
  return { x: labels.filter((l) => l.anchor === 'middle'), y: labels.filter((l) => l.anchor === 'end') };
});

/// Whether any two of `boxes` overlap.
const overlapping = (boxes) => boxes.flatMap((a, i) => boxes.slice(i + 1)
  .filter((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
  .map((b) => `${a.text}/${b.text}`));

test('a league opened with ?league=: the scores lead with what they say, ranked best first, and the N_eff axis reads', async () => {
  const { context, page, errors } = await openLeague({ width: 1280, height: 900 });
  const doc = await downloadedStats(page);
  // The takeaway is the first card of the results, and starts with how to read a Brier score.
  const first = await page.evaluate(() => document.querySelector('#scores-results .card')?.id);
  assert.equal(first, 'scores-takeaway');
  const lead = await page.locator('#scores-takeaway .takeaway-lead').textContent();
  assert.match(lead, /^Lower Brier is better: 0 is a perfect forecast, and a coin that always says 50% scores 0\.25\./);
  // Who beat the coin, read from each seat's 95% interval of Brier on 1d, as the document gives it.
  const seats = Object.entries(doc.seats).filter(([, hs]) => hs['1d']?.brier != null)
    .sort(([a, x], [b, y]) => x['1d'].brier - y['1d'].brier || (a < b ? -1 : 1));
  const reading = (ci) => (!ci ? 'no-interval' : ci[1] < 0.25 ? 'beat-coin' : ci[0] > 0.25 ? 'lost-coin' : 'not-separated');
  const claims = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#scores-takeaway [data-seats]')].map((p) => [p.dataset.claim, p.dataset.seats])));
  // The claims are about the council: the baselines (coin, climatology, momentum) are its
  // benchmarks, not its members.
  const council = seats.filter(([, hs]) => !hs['1d'].baseline);
  assert.ok(council.length > 0 && council.length < seats.length, 'the DEMO has council seats and baselines');
  for (const claim of ['beat-coin', 'lost-coin', 'not-separated', 'no-interval']) {
    const want = council.filter(([, hs]) => reading(hs['1d'].ci95) === claim).map(([s]) => s).join(',');
    if (want || claim === 'beat-coin') assert.equal(claims[claim], want, claim);
    else assert.equal(claims[claim], undefined, claim);
  }
  // The seats' table is ranked by Brier, best first (not by name).
  const rows = await page.evaluate(() => [...document.querySelectorAll('#seats-1d tbody tr')].map((tr) => tr.dataset.seat));
  assert.deepEqual(rows.slice(0, seats.length), seats.map(([s]) => s));
  assert.notDeepEqual(seats.map(([s]) => s), [...seats.map(([s]) => s)].sort(), 'the DEMO ranking is not its name order');
  // The climatology claim is the primary endpoint's.
  const clim = await page.locator('[data-claim="climatology"]').getAttribute('data-reading');
  const pe = doc.primary_endpoint;
  const wantClim = pe.verdict === 'confirmed' ? 'better' : pe.verdict === 'no_material_gain' ? 'no_material_gain'
    : pe.verdict === 'inconclusive' ? (pe.ci95[1] < 0 ? 'worse' : 'not_separated') : 'no_verdict';
  assert.equal(clim, wantClim);
  // An N_eff reading above its seats is explained: what N_eff counts and why it exceeds them.
  const above = doc.n_eff.filter((r) => r.n_eff != null && r.rho != null && r.n_eff > r.n);
  assert.ok(above.length > 0, 'the DEMO league has an N_eff reading above its seats');
  const top = above.reduce((a, b) => (b.n_eff > a.n_eff ? b : a));
  const neff = await page.locator('[data-claim="neff"]').textContent();
  assert.match(neff, /^N_eff counts how many independent voices the seats are worth/);
  assert.ok(neff.includes(`reads ${top.n_eff.toFixed(1)} from ${top.n} seats`), neff);
  // The N_eff axes label a few round ticks that do not overlap.
  const ticks = await neffTicks(page);
  assert.ok(ticks.y.length >= 3 && ticks.y.length <= 7, `y ticks: ${ticks.y.map((t) => t.text)}`);
  assert.ok(ticks.x.length >= 2 && ticks.x.length <= 8, `x ticks: ${ticks.x.map((t) => t.text)}`);
  assert.deepEqual(overlapping([...ticks.x, ...ticks.y]), []);
  assert.ok(Number(ticks.y.at(-1).text) >= top.n_eff, 'the axis reaches the largest reading');
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'scores-league-desktop'));
  await context.close();
});

test('a league\'s scores on a phone: chart text at reading size, ticks apart, wide tables scroll with a cue', async () => {
  const { context, page, errors } = await openLeague({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  // Every chart's text as rendered: its font size times the chart's scale on screen.
  const small = await page.evaluate(() => [...document.querySelectorAll('.scores-card svg.chart')].flatMap((svg) => {
    const scale = svg.getScreenCTM().a;
    return [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }))
      .filter((t) => t.px < 11).map((t) => `${svg.getAttribute('aria-label')}: "${t.text}" ${t.px.toFixed(1)}px`);
  }));
  assert.deepEqual(small.slice(0, 5), [], `${small.length} chart texts under 11 px`);
  const ticks = await neffTicks(page);
  assert.deepEqual(overlapping([...ticks.x, ...ticks.y]), []);
  // Wide tables are not clipped: each scrolls sideways inside its own box, which shows it can.
  await page.evaluate(() => document.querySelectorAll('#scores-results details').forEach((d) => { d.open = true; }));
  const boxes = await page.evaluate(() => [...document.querySelectorAll('#scores-results table')].map((table) => {
    const wrap = table.closest('.table-wrap');
    const style = wrap && getComputedStyle(wrap);
    return {
      id: table.id || table.querySelector('caption')?.textContent,
      wrapped: !!wrap,
      scrolls: !!wrap && ['auto', 'scroll'].includes(style.overflowX),
      cue: !!wrap && (style.backgroundImage.match(/gradient/g) ?? []).length >= 2,
      wider: !!wrap && wrap.scrollWidth > wrap.clientWidth,
    };
  }));
  assert.deepEqual(boxes.filter((b) => !b.wrapped || !b.scrolls || !b.cue), [], 'every table in a scrolling box with a cue');
  assert.ok(boxes.filter((b) => b.wider).length >= 3, 'at phone width the wide tables do scroll');
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'scores-league-phone'));
  await context.close();
});

test('the takeaway in Chinese and Arabic, and no unrounded number or internal code on the page', async () => {
  for (const [lang, lead, neff] of [
    ['zh', '布里尔评分越低越好', '有效独立声音数 N_eff 衡量'],
    ['ar', 'درجة براير الأدنى أفضل', 'يعدّ عدد الأصوات المستقلة الفعلي N_eff'],
  ]) {
    const { context, page, errors } = await openLeague({ width: 1280, height: 900 }, lang);
    const text = await page.locator('#scores-takeaway').textContent();
    assert.ok(text.includes(lead), `${lang}: ${text}`);
    assert.ok(text.includes(neff), `${lang}: ${text}`);
    assert.ok(!/Lower Brier|Beat the coin|Not told apart|Against the climatology/.test(text), `${lang} still English: ${text}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  const { context, page } = await openLeague({ width: 1280, height: 900 });
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const shown = await page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll('[title], [aria-label], svg title')].map((e) => e.getAttribute('title') ?? e.getAttribute('aria-label') ?? e.textContent),
  ].join('\n'));
  assert.deepEqual(shown.match(/\d\.\d{7,}/g) ?? [], [], 'numbers are rounded for display');
  assert.deepEqual(shown.match(/\b(counted_50|explicit_50|no_material_gain|not_separated)\b/g) ?? [], [], 'codes are in words');
  await context.close();
});
