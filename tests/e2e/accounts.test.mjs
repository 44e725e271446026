// The Accounts page in headless Chromium, served by `sealbook serve`: a season generated and
// published by the independent Python engine (tests/py/arena_peer.py), with an arena-code.json
// over two code files, is dropped on the page; the summary it shows and the verdict it
// downloads are compared with `sealbook replay --json` on the same files, as published and with
// one trade tampered; the charts are drawn for every account against its benchmarks, nothing
// overflows a 390 px phone, the results are reached with the keyboard, and a missing file makes
// the page say it cannot recount.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import { REPO, SEALBOOK_BIN, removeDir, startServer, launchBrowser, openPage, dropFiles, screenshot } from './harness.mjs';

const PYTHON = process.env.SEALBOOK_PYTHON
  || (existsSync(join(REPO, '.venv/bin/python')) ? join(REPO, '.venv/bin/python') : 'python3');
const PEER = join(REPO, 'tests/py/arena_peer.py');
let root; let dir; let server; let browser; let cliText; let cli;

/// `sealbook replay DIR --json`: {code, text, doc}.
function replay(d) {
  const r = spawnSync(SEALBOOK_BIN, ['replay', d, '--json'], { encoding: 'utf8' });
  return { code: r.status, text: r.stdout, doc: JSON.parse(r.stdout) };
}

/// The files at the top of `d` (the published texts are flat: arena-code-<file>.txt).
const filesOf = (d) => readdirSync(d).sort().map((n) => join(d, n)).filter((p) => statSync(p).isFile());

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'sealbook-e2e-accounts-'));
  dir = join(root, 'season');
  execFileSync(PYTHON, ['-I', PEER, 'gen', dir, '31']);
  writeFileSync(join(dir, 'engine.rs'), 'fn engine() {}\n');
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools/replay.py'), "print('replay')\n");
  execFileSync(PYTHON, ['-I', PEER, 'code', dir, 'engine.rs', 'tools/replay.py']);
  ({ text: cliText, doc: cli } = replay(dir));
  server = await startServer(root);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(root);
});

const accountsUrl = () => new URL('accounts.html', server.url).href;

/// The engine-made DEMO league (`sealbook demo`), written once for the tests that open it.
let demo;
function demoDir() {
  if (!demo) {
    demo = join(root, 'demo');
    execFileSync(SEALBOOK_BIN, ['demo', '--out', demo], { stdio: 'ignore' });
  }
  return demo;
}
const demoUrl = (lang) => `${accountsUrl()}?league=${encodeURIComponent('/data/demo/manifest.json')}${lang ? `&lang=${lang}` : ''}`;

/// Drops `paths` and waits for the results or the error.
async function recounted(page, paths) {
  await dropFiles(page, paths);
  await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 120000 });
}

/// What the page shows: the verdict, the summary's figures, the listed rows, the charts.
const shown = (page) => page.evaluate(() => {
  const v = (id) => document.querySelector(`#sum-${id}`)?.dataset.v ?? null;
  return {
    ok: document.querySelector('#accounts-verdict')?.dataset.ok ?? null,
    summary: Object.fromEntries(['rows', 'accounts', 'sessions', 'trades', 'exact', 'within_rounding', 'different', 'not_recounted'].map((k) => [k, Number(v(k))])),
    rules: v('rules'),
    different: [...document.querySelectorAll('#differences-table tr[data-verdict="different"]')].map((tr) => tr.dataset.row),
    code: [...document.querySelectorAll('#code-table tbody tr')].map((tr) => tr.dataset.ok),
    figures: [...document.querySelectorAll('#figures-table tbody tr')].map((tr) => `${tr.dataset.version} ${tr.dataset.account}`),
    charts: [...document.querySelectorAll('figure.account-chart')].map((f) => ({
      account: f.dataset.account,
      version: f.dataset.version,
      lines: f.dataset.lines.split(','),
      svgs: f.querySelectorAll('svg.chart[role="img"][aria-label]').length,
      curves: f.querySelector('svg.chart').querySelectorAll('path.curve').length,
      titled: !!f.querySelector('svg.chart > title'),
      table: f.querySelectorAll('details table tbody tr').length,
    })),
  };
});

const differentRows = (doc) => [...new Set(doc.differences.filter((d) => d.verdict === 'different').map((d) => `${d.version} ${d.account} ${d.session}`))].sort();

test('a dropped season: every row exact, the summary and the downloaded verdict are sealbook replay --json', async () => {
  const { context, page, errors } = await openPage(browser, accountsUrl());
  await recounted(page, filesOf(dir));
  const s = await shown(page);
  assert.equal(s.ok, 'true');
  for (const k of Object.keys(s.summary)) assert.equal(s.summary[k], cli[k], k);
  assert.equal(s.summary.exact, s.summary.rows, 'every row exact to the cent');
  assert.equal(s.rules, cli.rules.join(','));
  assert.deepEqual(s.different, []);
  assert.deepEqual(s.code, ['true', 'true']);
  assert.equal(s.figures.length, cli.accounts);
  // A chart per seat, each with its version's benchmarks, two SVGs (equity, drawdown) with
  // their text alternatives and a curve per line.
  const seats = s.figures.filter((f) => !f.split(' ')[1].startsWith('_'));
  for (const seat of seats) {
    const [version, account] = seat.split(' ');
    const c = s.charts.find((x) => x.version === version && x.account === account);
    assert.ok(c, `no chart for ${seat}`);
    assert.equal(c.svgs, 2);
    assert.ok(c.titled);
    assert.equal(c.curves, c.lines.length);
    assert.equal(c.lines[0], account);
    const benchmarks = s.figures.filter((f) => f.startsWith(`${version} _`)).map((f) => f.split(' ')[1]);
    assert.ok(benchmarks.length >= 2);
    assert.deepEqual(c.lines.slice(1), benchmarks);
    assert.ok(c.table > 0 && c.table <= cli.sessions, `${seat}: ${c.table} rows in the chart's table`);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-recount')]);
  const saved = readFileSync(await download.path(), 'utf8');
  assert.equal(`{"dir":${JSON.stringify(dir)},${saved.slice(1)}`, cliText, 'the wasm verdict is the CLI\'s bytes after its "dir"');
  assert.deepEqual(errors, []);
  await screenshot(page, 'accounts-desktop');
  await context.close();
});

test('a tampered trade: exactly the rows it touches are DIFFERENT, on the page as in the CLI, and the page is not ok', async () => {
  const bad = join(root, 'tampered');
  cpSync(dir, bad, { recursive: true });
  const path = join(bad, 'arena-trades.jsonl');
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const t = JSON.parse(lines[25]);
  t.value = Math.round((t.value + 3.21) * 100) / 100;
  lines[25] = JSON.stringify(t);
  writeFileSync(path, lines.join('\n') + '\n');
  const r = replay(bad);
  assert.equal(r.code, 1);
  assert.deepEqual(differentRows(r.doc), [`${t.version} ${t.account} ${t.session}`]);
  const { context, page, errors } = await openPage(browser, accountsUrl());
  await recounted(page, filesOf(bad));
  const s = await shown(page);
  assert.equal(s.ok, 'false');
  assert.equal(s.summary.different, r.doc.different);
  assert.deepEqual([...new Set(s.different)].sort(), differentRows(r.doc));
  assert.match(await page.locator('#accounts-verdict').textContent(), /Not reproduced/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-recount')]);
  const saved = readFileSync(await download.path(), 'utf8');
  assert.equal(`{"dir":${JSON.stringify(bad)},${saved.slice(1)}`, r.text);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a changed code text makes the page not ok and names the file', async () => {
  const bad = join(root, 'code');
  cpSync(dir, bad, { recursive: true });
  writeFileSync(join(bad, 'arena-code-tools-replay.py.txt'), "print('changed')\n");
  const { context, page } = await openPage(browser, accountsUrl());
  await recounted(page, filesOf(bad));
  const s = await shown(page);
  assert.equal(s.ok, 'false');
  assert.equal(s.summary.different, 0);
  assert.deepEqual(s.code, ['true', 'false']);
  assert.match(await page.locator('#code-table tr[data-ok="false"]').textContent(), /tools\/replay\.py.*DIFFERENT/);
  await context.close();
});

test('a missing file: the page says it cannot recount and names it; an unreadable one is named with its line and field', async () => {
  const { context, page } = await openPage(browser, accountsUrl());
  await recounted(page, filesOf(dir).filter((p) => !p.endsWith('arena-prices.jsonl')));
  assert.equal(await page.locator('#accounts-verdict').count(), 0, 'no verdict without the prices');
  const text = await page.locator('#accounts-error').textContent();
  assert.match(text, /Not recounted/);
  assert.match(text, /arena-prices\.jsonl not given/);
  assert.equal(await page.locator('[data-role="arena-prices.jsonl"]').getAttribute('data-given'), 'false');
  const broken = join(root, 'broken');
  mkdirSync(broken);
  const prices = readFileSync(join(dir, 'arena-prices.jsonl'), 'utf8').split('\n');
  prices[3] = prices[3].replace('"kind"', '"kinds"');
  writeFileSync(join(broken, 'arena-prices.jsonl'), prices.join('\n'));
  await dropFiles(page, [join(broken, 'arena-prices.jsonl')]);
  await page.waitForFunction(() => /arena-prices\.jsonl:4:/.test(document.querySelector('#accounts-error')?.textContent ?? ''), null, { timeout: 60000 });
  assert.match(await page.locator('#accounts-error').textContent(), /arena-prices\.jsonl:4: .*field `kinds?`/);
  await context.close();
});

test('at 390 px nothing overflows the page, and the results are reached with the keyboard', async () => {
  const { context, page, errors } = await openPage(browser, accountsUrl(), { width: 390, height: 844 });
  await recounted(page, filesOf(dir));
  await page.waitForSelector('figure.account-chart svg.chart');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    widest: Math.max(...[...document.querySelectorAll('svg.chart, figure, section, table')].map((e) => {
      // A wide table scrolls inside its own region; what counts is the region's box.
      const box = (e.closest('.table-wrap') ?? e).getBoundingClientRect();
      return box.right;
    })),
  }));
  assert.ok(widths.page <= 390, `the page scrolls sideways: ${widths.page}`);
  assert.ok(widths.body <= 390, `the body overflows: ${widths.body}`);
  assert.ok(widths.widest <= 390.5, `an element reaches past the screen: ${widths.widest}`);
  // Every chart's text as rendered (its font size times the chart's scale on screen) is at
  // reading size: at least 11 px.
  const small = await page.evaluate(() => [...document.querySelectorAll('figure.account-chart svg.chart')].flatMap((svg) => {
    const scale = svg.getScreenCTM().a;
    return [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale }))
      .filter((t) => t.px < 11).map((t) => `${svg.getAttribute('aria-label')}: "${t.text}" ${t.px.toFixed(1)}px`);
  }));
  assert.deepEqual(small.slice(0, 5), [], `${small.length} chart texts under 11 px`);
  await screenshot(page, 'accounts-390');
  // Tab from the top: the nav link, the pickers, the download, the tables' scroll regions and a
  // chart's numbers are all reached.
  const reached = new Set();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => {
      const a = document.activeElement;
      if (a.matches('nav a')) return `nav:${a.getAttribute('href')}`;
      if (a.id) return `#${a.id}`;
      if (a.matches('.account-chart summary')) return 'chart-summary';
      if (a.matches('.table-wrap')) return 'table-region';
      return a.tagName.toLowerCase();
    }));
  }
  for (const want of ['nav:/accounts.html', '#download-recount', 'table-region', 'chart-summary']) {
    assert.ok(reached.has(want), `${want} is not reached with Tab: ${[...reached].join(' ')}`);
  }
  // The chart's numbers open with the keyboard.
  await page.locator('.account-chart summary').first().focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.account-chart details').first().getAttribute('open'), '');
  assert.equal(await page.locator('nav a[aria-current="page"]').getAttribute('href'), '/accounts.html');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a league opened from its manifest.json is recounted; a file that differs from its listing is not', async () => {
  const { createHash } = await import('node:crypto');
  const listed = join(root, 'listed');
  cpSync(dir, listed, { recursive: true });
  const writeManifest = () => {
    const files = readdirSync(listed).sort().filter((n) => n !== 'manifest.json' && statSync(join(listed, n)).isFile()).map((n) => {
      const b = readFileSync(join(listed, n));
      return { path: n, bytes: b.length, sha256: createHash('sha256').update(b).digest('hex') };
    });
    writeFileSync(join(listed, 'manifest.json'), JSON.stringify({ format: 'sealbook-manifest-1', league: 'peer season', methodology_version: '1', generator: 'arena_peer.py', files }, null, 2));
  };
  writeManifest();
  const url = `${accountsUrl()}?league=${encodeURIComponent('/data/listed/manifest.json')}`;
  let { context, page, errors } = await openPage(browser, url);
  await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 120000 });
  const s = await shown(page);
  assert.equal(s.ok, 'true', await page.evaluate(() => document.querySelector('#accounts-error')?.textContent ?? ''));
  for (const k of Object.keys(s.summary)) assert.equal(s.summary[k], cli[k], k);
  assert.deepEqual(errors, []);
  await context.close();
  // The accounts changed after the manifest was written: nothing is recounted.
  const rows = readFileSync(join(listed, 'arena-accounts.jsonl'), 'utf8');
  writeFileSync(join(listed, 'arena-accounts.jsonl'), rows.replace('"cash": ', '"cash": 1'));
  ({ context, page } = await openPage(browser, url));
  await page.waitForSelector('#accounts-error', { timeout: 120000 });
  assert.match(await page.locator('#accounts-error').textContent(), /do not match its manifest.*arena-accounts\.jsonl/);
  assert.equal(await page.locator('#accounts-verdict').count(), 0);
  await context.close();
});

test('the engine-made DEMO league opened from its manifest: every row exact and the decisions held to the sealed book, as sealbook replay says', async () => {
  const demo = demoDir();
  const { text, doc } = replay(demo);
  assert.equal(doc.ok, true, text);
  assert.ok(Number.isInteger(doc.decisions_vs_book) && doc.decisions_vs_book > 100, text);
  const url = `${accountsUrl()}?league=${encodeURIComponent('/data/demo/manifest.json')}`;
  const { context, page, errors } = await openPage(browser, url);
  await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 180000 });
  const s = await shown(page);
  assert.equal(s.ok, 'true', await page.evaluate(() => document.querySelector('#accounts-error')?.textContent ?? ''));
  for (const k of Object.keys(s.summary)) assert.equal(s.summary[k], doc[k], k);
  assert.equal(await page.locator('li[data-role="council-book.jsonl"]').getAttribute('data-given'), 'true');
  assert.equal(
    (await page.locator('#accounts-book-note').textContent()).trim(),
    `${doc.decisions_vs_book} decisions are those sealed in council-book.jsonl.`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('the DEMO league with an equity raised by 1.00 in council-league.json: the page holds the accounts summary to its recount as sealbook replay does, in each language', async () => {
  const bad = join(root, 'summary');
  cpSync(demoDir(), bad, { recursive: true });
  const path = join(bad, 'council-league.json');
  const league = JSON.parse(readFileSync(path, 'utf8'));
  const a = league.accounts.accounts.find((x) => !x.account.startsWith('_'));
  const was = a.equity;
  a.equity = Math.round((a.equity + 1) * 100) / 100;
  writeFileSync(path, JSON.stringify(league, null, 2));
  const field = `accounts.accounts[${a.version}/${a.account}].equity`;
  const r = replay(bad);
  assert.equal(r.code, 1, r.text);
  assert.deepEqual(r.doc.summary.differences.map((d) => d.field), [field]);
  // Every published file but the manifest (which no longer lists the changed file's hash).
  const dropped = filesOf(bad).filter((p) => !p.endsWith('manifest.json'));
  for (const [lang, words] of [['en', /1 figures of the accounts summary in council-league\.json are not their recount/], ['zh', /账户摘要（council-league\.json）中有 1 个数值与重新核算的结果不同/], ['ar', /لا تطابق إعادة العدّ/]]) {
    const { context, page, errors } = await openPage(browser, `${accountsUrl()}?lang=${lang}`);
    await recounted(page, dropped);
    const s = await shown(page);
    assert.equal(s.ok, 'false', lang);
    assert.equal(s.summary.different, 0, 'every row of arena-accounts.jsonl is its replay');
    assert.equal(await page.locator('li[data-role="council-league.json"]').getAttribute('data-given'), 'true');
    assert.match(await page.locator('#accounts-verdict').textContent(), words);
    const rows = await page.evaluate(() => [...document.querySelectorAll('#league-summary-table tbody tr')].map((tr) => [tr.dataset.field, ...[...tr.querySelectorAll('td')].map((td) => Number(td.dataset.v))]));
    assert.deepEqual(rows, [[field, a.equity, was]], lang);
    if (lang === 'en') {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-recount')]);
      const saved = readFileSync(await download.path(), 'utf8');
      assert.equal(`{"dir":${JSON.stringify(bad)},${saved.slice(1)}`, r.text, 'the wasm verdict is the CLI\'s bytes after its "dir"');
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/// Each account's last published row (arena-accounts.jsonl), by "version account".
function lastRows(d) {
  const last = {};
  for (const line of readFileSync(join(d, 'arena-accounts.jsonl'), 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    const k = `${r.version} ${r.account}`;
    if (!last[k] || last[k].session < r.session) last[k] = r;
  }
  return last;
}

test('the DEMO league\'s accounts read as words: benchmarks by what they hold, each ratio with its window, none for cash, the unread files folded', async () => {
  const d = demoDir();
  const protocol = JSON.parse(readFileSync(join(d, 'arena-protocol.json'), 'utf8'));
  const last = lastRows(d);
  const { context, page, errors } = await openPage(browser, demoUrl());
  await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 180000 });
  const rows = await page.evaluate(() => [...document.querySelectorAll('#figures-table tbody tr')].map((tr) => {
    const cells = [...tr.querySelectorAll('td')];
    const ratio = (td) => ({ v: td.dataset.v ?? null, window: td.dataset.window ?? null, none: td.dataset.none ?? null, against: td.dataset.against ?? null, text: td.textContent });
    return { key: `${tr.dataset.version} ${tr.dataset.account}`, name: tr.querySelector('th').textContent, ret: Number(cells[3].dataset.v), sharpe: ratio(cells[5]), sortino: ratio(cells[6]) };
  }));
  const named = Object.fromEntries(rows.map((r) => [r.key, r.name]));
  // Benchmarks are named by what they hold, in words; no internal label is shown.
  assert.equal(named['agent-portfolio-1 _world'], 'All in SPY, held (benchmark)');
  assert.equal(named['agent-portfolio-1 _bitcoin'], 'All in IBIT, held (benchmark)');
  const cash = rows.filter((r) => r.key.endsWith(' _cash'));
  assert.ok(cash.length > 0, 'the DEMO league has a cash benchmark');
  for (const r of rows) assert.ok(!/^_|\b_[a-z]/.test(r.name), `an internal label is shown: ${r.name}`);
  for (const r of cash) {
    assert.equal(r.name, 'Cash only (benchmark)');
    // No Sharpe for cash, though the published row has one: a dash with its reason.
    assert.equal(r.sharpe.none, 'cash', r.key);
    assert.equal(r.sharpe.text, '–none: cash takes no risk');
    assert.equal(r.sortino.none, 'cash', r.key);
  }
  assert.ok(cash.some((r) => last[r.key].sharpe != null), 'a published cash Sharpe exists and is not shown');
  assert.match(await page.locator('#ratio-cash').textContent(), /No Sharpe or Sortino for cash/);
  // Every other ratio states its window (the rules' metrics_sessions), and one whose sign is not
  // its return's is flagged and explained.
  const windowOf = (version) => protocol.versions.find((v) => v.version === version).metrics_sessions;
  let against = 0;
  for (const r of rows.filter((r) => !r.key.endsWith(' _cash'))) {
    const published = last[r.key];
    const w = windowOf(r.key.split(' ')[0]);
    if (published.sharpe == null) {
      assert.ok(['too_few', 'undefined'].includes(r.sharpe.none), `${r.key}: ${JSON.stringify(r.sharpe)}`);
      continue;
    }
    assert.ok(Math.abs(Number(r.sharpe.v) - published.sharpe) < 1e-6, `${r.key}: ${r.sharpe.v} against ${published.sharpe}`);
    assert.equal(r.sharpe.window, String(w), r.key);
    assert.ok(r.sharpe.text.endsWith(`last ${w} sessions`), r.sharpe.text);
    const flip = (published.sharpe > 0 && published.return < 0) || (published.sharpe < 0 && published.return > 0);
    assert.equal(r.sharpe.against, String(flip), r.key);
    if (flip) { against += 1; assert.ok(r.sharpe.text.includes('†'), r.sharpe.text); }
  }
  assert.ok(against > 0, 'the DEMO league has a Sharpe whose sign is not its return\'s');
  assert.match(await page.locator('#ratio-against').textContent(), /^† Sharpe and Sortino cover the last \d+ sessions only/);
  // The files the page does not read are folded: the first names, then how many more.
  const unread = page.locator('#accounts-ignored');
  assert.equal(await unread.evaluate((e) => e.tagName), 'DETAILS');
  assert.equal(await unread.getAttribute('open'), null);
  const summary = await unread.locator('summary').textContent();
  const listed = await unread.locator('li').count();
  assert.ok(listed > 100, `${listed} files not read`);
  assert.match(summary, new RegExp(`^Not read \\(not a trading-track file\\): [^,]+, [^,]+, [^,]+ and ${listed - 3} more$`));
  assert.ok((await unread.boundingBox()).height < 60, 'folded, the list takes a line or two');
  await unread.locator('summary').click();
  assert.ok(await unread.locator('li').last().isVisible(), 'opened, every name is shown');
  // Numbers are rounded for people.
  await page.evaluate(() => document.querySelectorAll('details').forEach((e) => { e.open = true; }));
  const shown = await page.evaluate(() => [document.body.innerText, ...[...document.querySelectorAll('[title], [aria-label], svg title')].map((e) => e.getAttribute('title') ?? e.getAttribute('aria-label') ?? e.textContent)].join('\n'));
  assert.deepEqual(shown.match(/\d\.\d{7,}/g) ?? [], []);
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'accounts-demo-desktop'));
  await context.close();
});

test('the DEMO league\'s accounts in Chinese and Arabic: benchmarks and ratio windows translated', async () => {
  demoDir();
  for (const [lang, cash, world, window] of [
    ['zh', '仅持现金（基准）', '全部买入 SPY 并持有（基准）', /近 \d+ 个会话$/],
    // Arabic isolates a Latin argument (U+2068 ... U+2069) so it keeps its own direction.
    ['ar', 'نقد فقط (مرجع)', 'الكل في \u2068SPY\u2069 مع الاحتفاظ (مرجع)', /آخر \d+ جلسة$/],
  ]) {
    const { context, page, errors } = await openPage(browser, demoUrl(lang));
    await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 180000 });
    const name = (account) => page.locator(`#figures-table tr[data-account="${account}"] th`).first().textContent();
    assert.equal(await name('_cash'), cash);
    assert.equal(await name('_world'), world);
    const windowed = await page.locator('#figures-table td[data-window]').first().textContent();
    assert.match(windowed, window);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
