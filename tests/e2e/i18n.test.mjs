// The pages in English, Chinese and Arabic (web/src/i18n), in headless Chromium: the fixture
// league (tests/support/demo_fixture.rs, with the manifest `sealbook league publish` writes)
// chosen as a folder reads its verdict in each language; a forecast is sent on the experiment
// page (`sealbook serve --demo`) in each language; the language follows `?lang=`, else the
// remembered choice, else the browser's preference; `?lang=ar` lays the shell out right to left
// (the navigation mirrored: its first page is right of its last) while a hash keeps
// `direction: ltr`; a book edited after it was sealed (make_fixtures.py's tampered book, written
// by CPython) gets core's problem and stamp messages in Chinese and Arabic, at the right line,
// with its hashes left to right; at 360 px no page overflows in any language; in Arabic a
// dropped file's size is drawn number first (`123 B`, not `B 123`). The Scores and
// Accounts pages on the DEMO league (opened from its manifest) leave no English table header or
// chart label in Chinese or Arabic, and keep file names and hashes left to right; nor do the
// Scores page's peer benchmark tables (AgentpitBench, the forecasting ladder, Headline Arena,
// records written by tests/py/peer_profiles.py) and its registered-prediction scorecards
// (tests/py/scorecard_peer.py); a league whose manifest lists a file that is gone is named in
// the language (core's manifest messages); the proof page the league publishes
// (core/src/league/proof_page.rs) follows `?lang=` too. On every one of these flows in Chinese
// and Arabic (the verifier page with the fixture league dropped, opened from its manifest, with a
// file gone and with a tampered book; the Scores page on the DEMO league, with the peer
// benchmarks and with registered predictions; the Accounts page; the experiment page; the proof
// page) an audit (`englishLeft`) reads every visible text, label, title and placeholder that is
// not data and lists any run of English words left: it catches a sentence no list names.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import {
  REPO, SEALBOOK_BIN, DEMO_FIXTURE_BIN, makeFixtures, removeDir, startServer, launchBrowser, screenshot, dropFiles,
} from './harness.mjs';

const PYTHON = process.env.SEALBOOK_PYTHON
  || (existsSync(join(REPO, '.venv/bin/python')) ? join(REPO, '.venv/bin/python') : 'python3');

// Many identifiers come from one address in these tests: lift the per-address rate limit and
// the daily cap on new identifiers (a random 1:1 draw for a group can take many).
process.env.SEALBOOK_EXPERIMENT_RATE_PER_MINUTE = '100000';
process.env.SEALBOOK_EXPERIMENT_READERS_PER_DAY = '100000';

/// What each language's verdict and controls start with (web/src/i18n/catalog.rs).
const WORDS = {
  en: { verified: /^Verified/, nav: 'Verify', send: 'Send forecast', recorded: /recorded/ },
  zh: { verified: /^已验证/, nav: '验证', send: '发送预测', recorded: /已记录/ },
  ar: { verified: /^تم التحقق/, nav: 'التحقق', send: 'أرسل التوقع', recorded: /سُجّل/ },
};
const LANGS = Object.keys(WORDS);

/// Core's messages for the tampered book (web/src/i18n/catalog.rs, the Core* entries): the
/// edited line's seal, and the stamp whose prefix holds it. The English is the CLI's.
const CORE = {
  en: { seal: "Seal is not SHA-256 of the line's content", prefix: (n) => `The first ${n} lines do not hash to the stamped sha256` },
  zh: { seal: '封印不是该行内容的 SHA-256', prefix: (n) => `前 ${n} 行的哈希不是盖章的 sha256` },
  ar: { seal: 'الختم ليس SHA-256 لمحتوى السطر', prefix: (n) => `تجزئة أول ${n} سطرًا ليست قيمة sha256 المختومة زمنيًا` },
};

/// Latin text the Chinese and Arabic pages keep on purpose, taken out of a text before it is
/// searched for English (each is a name, not a sentence to translate):
const LATIN_KEPT = [
  // Commands the reader runs, as typed (the catalog's zh and ar keep them).
  /\bsealbook [a-z]+(?: [a-z]+)*/g,
  // Names of services, products and browser parts the glossary and the catalog keep in Latin.
  /\bSigstore Rekor\b/g, /\bWeb Worker\b/g,
  // The peer benchmarks' names (tests/py/peer_profiles.py; the catalog keeps them).
  /\bHeadline Arena\b/g,
  // The spec's title, cited as published (the verifier page's footer).
  /\bSealed Before the Open\b/g,
];

/// Whether a text is a run of English words: two or more Latin words of two or more letters in a
/// row (a capitalised sentence's start included); acronyms (SHA-256, RFC 3161, JSON) are not
/// words here, and numbers, dates and single names (OpenTimestamps, Brier) do not make a run.
const ENGLISH_RUN = /[A-Za-z][A-Za-z'’-]*[a-z](?:[ \u00a0]+[A-Za-z][A-Za-z'’-]*[a-z])+/g;

/// Every English run a reader or a screen reader meets on the page: the visible text nodes of
/// the body (closed details and SVG titles included, as their readers get them), the page title
/// and every aria-label, title, placeholder and alt, without what is data: code, hashes, file
/// names, numeric and id cells, preformatted records, certificate subjects, and what the page
/// marks as its publisher's English (`lang="en"`: a league's name, a trust bundle's purpose and
/// sources, a market's name), wherever else that text is repeated (a label naming the market).
/// Returns "where: run (in: text)" strings.
async function englishLeft(page, where) {
  const texts = await page.evaluate(() => {
    const DATA = 'code, .hash, bdi.file-name, td.num, td.mono, pre, kbd, samp, .cert-subject, [lang="en"], script, style, noscript, template';
    const seen = new Map();
    const hidden = (el) => {
      if (!el || el.nodeType !== 1) return false;
      if (seen.has(el)) return seen.get(el);
      const cs = getComputedStyle(el);
      // An SVG title is read as the chart's tooltip and label though it is not drawn.
      const own = !(el.localName === 'title' && el.closest('svg')) && (cs.display === 'none' || cs.visibility === 'hidden');
      const is = own || hidden(el.parentElement);
      seen.set(el, is);
      return is;
    };
    const out = [];
    const data = [...document.body.querySelectorAll('[lang="en"], .cert-subject')]
      .map((e) => e.textContent.trim()).filter((t) => t.length > 0);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(DATA) || !n.data.trim() || hidden(el)) continue;
      out.push(n.data);
    }
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      for (const el of document.body.querySelectorAll(`[${attr}]`)) {
        if (!el.closest(DATA) && !hidden(el)) out.push(el.getAttribute(attr));
      }
    }
    out.push(document.title);
    return out.map((text) => data.reduce((t, d) => t.split(d).join(' · '), text));
  });
  const found = [];
  for (const text of texts) {
    // Arabic wraps Latin in isolates and marks; they are not part of a word.
    let plain = text.replace(/[\u200e\u200f\u2066-\u2069]/g, '');
    for (const kept of LATIN_KEPT) plain = plain.replace(kept, ' · ');
    for (const run of plain.match(ENGLISH_RUN) ?? []) {
      found.push(`${where}: "${run}" (in: ${text.trim().slice(0, 160)})`);
    }
  }
  return [...new Set(found)];
}

/// Asserts no English is left on the page, listing every run found.
async function assertNoEnglish(page, where) {
  const left = await englishLeft(page, where);
  assert.deepEqual(left, [], `English left on ${where}:\n${left.join('\n')}`);
}

let dir; let league; let server; let demoDir; let demo; let browser; let fx;

before(async () => {
  fx = makeFixtures();
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-i18n-'));
  league = join(dir, 'league');
  execFileSync(DEMO_FIXTURE_BIN, [league]);
  execFileSync(SEALBOOK_BIN, ['league', 'publish', league]);
  server = await startServer(dir);
  demoDir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-i18n-demo-'));
  // Writing the demo league first takes a minute on a busy machine.
  demo = await startServer(demoDir, ['--demo'], { timeoutMs: 240000 });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await demo?.stop();
  removeDir(dir);
  removeDir(demoDir);
  removeDir(fx?.dir);
});

/// A new browser context whose navigator prefers `locale`, with the page at `path` open.
async function open(base, path, { locale = 'en-US', viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(new URL(path, base).href);
  await page.waitForSelector('[data-worker-ready="true"]', { timeout: 60000 });
  return { context, page, errors };
}

const htmlLangDir = (page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/// Chooses the fixture league's folder with the drop zone's second button (its label is in the
/// page's language) and returns the verdict's text once the league is verified.
async function verdictOfLeague(page) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('[data-testid="dropzone"] .dropzone-actions button').nth(1).click();
  await (await chooser).setFiles(league);
  await page.waitForSelector('[data-testid="verdict"]', { timeout: 120000 });
  return page.evaluate(() => {
    const v = document.querySelector('[data-testid="verdict"]');
    return { ok: v.dataset.ok, text: v.textContent.trim() };
  });
}

for (const lang of LANGS) {
  test(`${lang}: the fixture league's verdict reads in the language`, async () => {
    const { context, page, errors } = await open(server.url, `/?lang=${lang}`);
    assert.deepEqual(await htmlLangDir(page), [lang, lang === 'ar' ? 'rtl' : 'ltr']);
    assert.equal((await page.locator('[data-testid="site-nav"] a').first().textContent()).trim(), WORDS[lang].nav);
    const v = await verdictOfLeague(page);
    assert.equal(v.ok, 'true', v.text);
    assert.match(v.text, WORDS[lang].verified);
    if (lang !== 'en') assert.doesNotMatch(v.text, /Verified|The chain holds/, 'no English left in the verdict');
    if (lang !== 'en') await assertNoEnglish(page, `the ${lang} verifier page with the fixture league`);
    await screenshot(page, `i18n-verdict-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${lang}: a forecast is sent on the experiment page`, async () => {
    const { context, page, errors } = await open(demo.url, `/experiment.html?lang=${lang}`);
    await page.waitForSelector('#markets > li', { timeout: 60000 });
    const market = await page.locator('#markets > li').first().getAttribute('data-market');
    await page.check(`#${market}-up`);
    await page.fill(`#${market}-confidence`, '70');
    const send = page.locator(`li[data-market="${market}"] button[type="submit"]`);
    assert.equal((await send.textContent()).trim(), WORDS[lang].send);
    await send.click();
    await page.waitForSelector(`li[data-market="${market}"] .call`, { timeout: 20000 });
    assert.match(await page.textContent('#experiment-live'), WORDS[lang].recorded);
    assert.match(await page.textContent(`li[data-market="${market}"] .call`), /70%/);
    if (lang !== 'en') await assertNoEnglish(page, `the ${lang} experiment page after a forecast`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of LANGS) {
  test(`${lang}: a broken chain's problem is core's message in the language, at its line, its hashes left to right`, async () => {
    const { context, page, errors } = await open(server.url, `/?lang=${lang}`);
    await dropFiles(page, [join(fx.dir, 'tampered', 'council-book.jsonl'), join(fx.dir, 'good', '130025Z.txt')]);
    await page.waitForSelector('[data-testid="first-problem"]', { timeout: 120000 });
    const got = await page.evaluate(() => {
      const first = document.querySelector('[data-testid="first-problem"]');
      const hash = first.querySelector('[data-testid="expected"] code.hash');
      return {
        heading: first.querySelector('h3').textContent.trim(),
        check: first.querySelector('[data-testid="failed-check"]').dataset.check,
        message: first.querySelector('[data-testid="problem-message"]').textContent.trim(),
        hash: hash.textContent.trim(),
        hashDirection: getComputedStyle(hash).direction,
        rows: [...document.querySelectorAll('[data-testid="problems"] tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent.trim())),
        stamp: document.querySelector('[data-testid="stamp"] .stamp-message')?.textContent.trim() ?? null,
        verdict: document.querySelector('[data-testid="verdict"]').textContent.trim(),
      };
    });
    const line = String(fx.facts.tampered_at);
    assert.equal(got.check, 'seal');
    assert.ok(got.heading.split(/\D+/).includes(line), `the heading names line ${line}: ${got.heading}`);
    assert.equal(got.message, CORE[lang].seal);
    assert.match(got.hash, /^[0-9a-f]{64}$/);
    assert.equal(got.hashDirection, 'ltr', 'the recomputed seal reads left to right');
    // Every problem of the line (its seal, then its link) is in the table, worded in the language.
    const rows = got.rows.filter((r) => r[0] === line);
    assert.deepEqual(rows.map((r) => r[1]), ['seal', 'link']);
    assert.equal(rows[0][2], CORE[lang].seal);
    assert.ok(got.stamp.startsWith(CORE[lang].prefix(fx.facts.stamped)), got.stamp);
    if (lang !== 'en') {
      for (const text of [got.message, got.stamp, ...got.rows.map((r) => r[2])]) {
        assert.doesNotMatch(text, /is not|do not|the stamped/, `no English left: ${text}`);
      }
      assert.doesNotMatch(got.verdict, /breaks at line/, got.verdict);
      await assertNoEnglish(page, `the ${lang} verifier page with a tampered book`);
    }
    await screenshot(page, `i18n-broken-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the language follows ?lang=, else the remembered choice, else the browser', async () => {
  // The browser prefers Chinese: the page is Chinese.
  const zh = await open(server.url, '/', { locale: 'zh-CN' });
  assert.deepEqual(await htmlLangDir(zh.page), ['zh', 'ltr']);
  // The switch to Arabic is followed and remembered: the next page without ?lang is Arabic.
  await Promise.all([
    zh.page.waitForURL(/lang=ar/),
    zh.page.locator('[data-testid="lang-switch"] a[data-lang="ar"]').click(),
  ]);
  await zh.page.waitForSelector('[data-worker-ready="true"]');
  assert.deepEqual(await htmlLangDir(zh.page), ['ar', 'rtl']);
  await zh.page.goto(new URL('/scores.html', server.url).href);
  await zh.page.waitForSelector('[data-worker-ready="true"]');
  assert.deepEqual(await htmlLangDir(zh.page), ['ar', 'rtl']);
  assert.equal(await zh.page.getAttribute('[data-testid="lang-switch"] a[aria-current="true"]', 'data-lang'), 'ar');
  // ?lang= fixes it over the remembered choice.
  await zh.page.goto(new URL('/accounts.html?lang=en', server.url).href);
  await zh.page.waitForSelector('[data-worker-ready="true"]');
  assert.deepEqual(await htmlLangDir(zh.page), ['en', 'ltr']);
  await zh.context.close();
  // A browser preferring English gets English.
  const en = await open(server.url, '/');
  assert.deepEqual(await htmlLangDir(en.page), ['en', 'ltr']);
  await en.context.close();
});

test('?lang=ar mirrors the shell, and hashes stay left to right', async () => {
  const boxes = {};
  for (const lang of ['en', 'ar']) {
    const { context, page } = await open(server.url, `/?lang=${lang}`);
    await verdictOfLeague(page);
    boxes[lang] = await page.evaluate(() => {
      const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; };
      const links = [...document.querySelectorAll('[data-testid="site-nav"] a')];
      const hash = document.querySelector('code.hash');
      return {
        brand: box(document.querySelector('.brand')),
        first: box(links[0]),
        last: box(links[links.length - 1]),
        hashDirection: hash ? getComputedStyle(hash).direction : null,
        bodyDirection: getComputedStyle(document.body).direction,
        width: window.innerWidth,
      };
    });
    await screenshot(page, `i18n-mirror-${lang}`);
    await context.close();
  }
  const { en, ar } = boxes;
  assert.equal(en.bodyDirection, 'ltr');
  assert.equal(ar.bodyDirection, 'rtl');
  assert.ok(en.first.left < en.last.left, `en: the first page is left of the last: ${JSON.stringify(en)}`);
  assert.ok(ar.first.left > ar.last.left, `ar: the first page is right of the last: ${JSON.stringify(ar)}`);
  assert.ok(en.brand.left < en.width / 2, 'en: the brand is on the left');
  assert.ok(ar.brand.right > ar.width / 2, 'ar: the brand is on the right');
  assert.equal(en.hashDirection, 'ltr');
  assert.equal(ar.hashDirection, 'ltr', 'a hash reads left to right inside the Arabic page');
});

test('at 360 px no page overflows in any language', async () => {
  const pages = [[server.url, '/'], [server.url, '/scores.html'], [server.url, '/accounts.html'], [demo.url, '/experiment.html']];
  for (const lang of LANGS) {
    for (const [base, path] of pages) {
      const { context, page } = await open(base, `${path}?lang=${lang}`, { viewport: { width: 360, height: 800 } });
      if (path === '/') await verdictOfLeague(page);
      if (path === '/experiment.html') await page.waitForSelector('#markets > li', { timeout: 60000 });
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      if (widths.page > 360 || widths.body > 360) await screenshot(page, `i18n-overflow-${lang}-${path.replace(/\W/g, '')}`);
      assert.ok(widths.page <= 360 && widths.body <= 360, `${lang} ${path} overflows 360 px: ${JSON.stringify(widths)}`);
      await context.close();
    }
  }
});

/// Chooses `folder` with the drop zone's folder button (its label is in the page's language).
async function chooseFolder(page, folder) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('[data-testid="dropzone"] .dropzone-actions button').nth(1).click();
  await (await chooser).setFiles(folder);
}

/// English headers, captions, chart titles, axes and notes of the Scores and Accounts pages
/// (web/src/i18n/catalog.rs): none may be left in Chinese or Arabic.
const ENGLISH = {
  scores: ['Seats by horizon', 'Consensus per horizon', 'Primary endpoint', 'Independent voices', 'seats answering (n)',
    'stated probability, folded', 'share that went the stated way', 'perfect calibration', "Members' Brier", 'Dispersion',
    'Coverage', 'Eligibility', 'Model x market', 'Every seat', 'Estimate', 'Logistic fit', 'Horizon', 'Calibration per seat',
    'AI against the crowd', 'Crowd Brier', 'Independence in detail', 'Participation ratio', 'Roster', 'time basis',
    'from the sealed book', 'Correlation matrix', 'The matrix as a table', 'Sessions'],
  // The peer benchmarks' tables and the registered predictions' scorecards.
  peers: ['AgentpitBench rules', 'Crowd Brier', 'Agent - crowd', 'Sign test', 'Bet P&L', 'Intervals:', ' records.',
    'better', 'worse', 'inconclusive', 'no interval of the mean difference', 'an interval needs', 'no values to score',
    'Forecasting ladder rules', 'League score', 'Resolved answered', 'Status', 'ranked', 'seed 002 puts intervals',
    'Headline Arena rules', 'Directional score', 'Brier diagnostic', 'CRPS display', 'Settled', 'Leaderboard',
    'eligible', 'under the gate', 'seed 004 states no interval', 'Agents', 'Models', 'Coverage', 'Verdict',
    'Registered predictions', 'Scorecards by check date', 'As of', 'Past due', 'Worst case', 'Check date',
    'Every prediction', 'not true', 'unresolved', 'not due'],
  accounts: ['Replay summary', 'Rows that differ', 'Every account, recomputed', 'Equity and drawdown', 'Max drawdown',
    'Sortino', 'Recomputed', 'equity ($)', 'drawdown (%)', 'Exact to the cent', 'Within published rounding', 'Equity of',
    'Drawdown of', 'The numbers behind', 'Sessions', 'Trades', 'published rows'],
};

/// The page's results as a reader and a screen reader get them: every text node (closed
/// details and SVG titles included) and every aria-label, without the file lists (file names).
const resultsText = (page, selector) => page.evaluate((sel) => {
  const root = document.querySelector(sel);
  const labels = [...root.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
  return `${root.textContent}\n${labels.join('\n')}`;
}, selector);

/// Where the page's file names, hashes and numbers run: each must read left to right.
const ltrParts = (page) => page.evaluate(() => [...document.querySelectorAll('bdi.file-name[dir="ltr"], code, .hash, td.num, td.mono')]
  .filter((e) => e.textContent.trim() !== '')
  .map((e) => ({ text: e.textContent.trim().slice(0, 40), direction: getComputedStyle(e).direction })));

for (const lang of ['zh', 'ar']) {
  test(`${lang}: the Scores page on the DEMO league has no English table header or chart label`, async () => {
    // The Scores page reads dropped files (it takes no ?league=): the DEMO league's folder.
    const { context, page, errors } = await open(demo.url, `/scores.html?lang=${lang}`);
    await chooseFolder(page, demoDir);
    await page.waitForSelector('#scores-results, #scores-error', { timeout: 240000 });
    assert.equal(await page.locator('#scores-error').count(), 0, await page.locator('#scores-error').textContent().catch(() => ''));
    await page.waitForSelector('#scores-seats', { timeout: 60000 });
    assert.deepEqual(await htmlLangDir(page), [lang, lang === 'ar' ? 'rtl' : 'ltr']);
    const text = await resultsText(page, '#scores-results');
    const left = ENGLISH.scores.filter((w) => text.includes(w));
    assert.deepEqual(left, [], `English left on the ${lang} Scores page`);
    await assertNoEnglish(page, `the ${lang} Scores page on the DEMO league`);
    assert.ok(await page.locator('#scores-results svg.chart').count() > 0, 'the charts are drawn');
    for (const part of await ltrParts(page)) assert.equal(part.direction, 'ltr', JSON.stringify(part));
    await screenshot(page, `i18n-scores-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${lang}: the Accounts page on the DEMO league has no English table header or chart label`, async () => {
    const { context, page, errors } = await open(demo.url, `/accounts.html?lang=${lang}&league=${encodeURIComponent('/data/manifest.json')}`);
    await page.waitForSelector('#accounts-results, #accounts-error', { timeout: 240000 });
    assert.equal(await page.locator('#accounts-error').count(), 0, await page.locator('#accounts-error').textContent().catch(() => ''));
    assert.deepEqual(await htmlLangDir(page), [lang, lang === 'ar' ? 'rtl' : 'ltr']);
    const text = await resultsText(page, '#accounts-results');
    const left = ENGLISH.accounts.filter((w) => text.includes(w));
    assert.deepEqual(left, [], `English left on the ${lang} Accounts page`);
    await assertNoEnglish(page, `the ${lang} Accounts page on the DEMO league`);
    assert.ok(await page.locator('.account-chart svg').count() > 0, 'the charts are drawn');
    for (const part of await ltrParts(page)) assert.equal(part.direction, 'ltr', JSON.stringify(part));
    await screenshot(page, `i18n-accounts-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['zh', 'ar']) {
  test(`${lang}: the Scores page's peer benchmark tables and scorecards have no English left`, async () => {
    const { context, page, errors } = await open(server.url, `/scores.html?lang=${lang}`);
    const runs = [];
    for (const profile of ['agentpit', 'ladder', 'arena']) {
      const file = join(dir, `${profile}-records.jsonl`);
      execFileSync(PYTHON, ['-I', join(REPO, 'tests/py/peer_profiles.py'), 'gen', profile, file]);
      await page.selectOption('#profile-select', profile);
      await dropFiles(page, [file]);
      await page.waitForSelector('#peer-table', { timeout: 60000 });
      const text = await resultsText(page, '#scores-results');
      const left = ENGLISH.peers.filter((w) => text.includes(w));
      assert.deepEqual(left, [], `English left in the ${lang} ${profile} table`);
      runs.push(...await englishLeft(page, `the ${lang} Scores page with the ${profile} records`));
      await screenshot(page, `i18n-peer-${profile}-${lang}`);
      await page.locator('button.quiet', { hasText: lang === 'zh' ? '清除' : 'مسح' }).click();
      await page.waitForSelector('#peer-table', { state: 'detached', timeout: 30000 });
    }
    await page.selectOption('#profile-select', 'council');
    const cards = join(dir, 'registered-predictions.json');
    execFileSync(PYTHON, ['-I', join(REPO, 'tests/py/scorecard_peer.py'), 'gen', cards, '5']);
    await dropFiles(page, [cards]);
    await page.waitForSelector('#scorecards', { timeout: 30000 });
    const text = await resultsText(page, '#scores-results');
    const left = ENGLISH.peers.filter((w) => text.includes(w));
    assert.deepEqual(left, [], `English left in the ${lang} scorecards`);
    runs.push(...await englishLeft(page, `the ${lang} Scores page with registered predictions`));
    assert.deepEqual(runs, [], `English left on the ${lang} Scores page's peer tables:\n${runs.join('\n')}`);
    await screenshot(page, `i18n-scorecards-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a league whose manifest lists a file that is gone names it in each language', async () => {
  const short = join(dir, 'short');
  cpSync(league, short, { recursive: true });
  const listed = JSON.parse(readFileSync(join(short, 'manifest.json'), 'utf8')).files.map((f) => f.path);
  const gone = listed.find((p) => p.endsWith('.ots')) ?? listed[listed.length - 1];
  rmSync(join(short, gone));
  const said = {
    en: [/listed in manifest\.json but missing \(HTTP 404\)/],
    zh: [/列在 manifest\.json 中，但缺失（HTTP 状态码 404）/],
    ar: [/مدرج في/, /لكنه مفقود/, /404/],
  };
  const runs = [];
  for (const lang of LANGS) {
    const { context, page } = await open(server.url, `/?lang=${lang}&league=${encodeURIComponent('/data/short/manifest.json')}`);
    await page.waitForSelector('[data-testid="league-failure"]', { timeout: 60000 });
    const failures = await page.evaluate(() => [...document.querySelectorAll('[data-testid="league-failure"]')]
      .map((li) => ({ path: li.dataset.path, text: li.textContent.trim() })));
    assert.deepEqual(failures.map((f) => f.path), [gone]);
    assert.ok(failures[0].text.includes(gone), failures[0].text);
    for (const re of said[lang]) assert.match(failures[0].text, re, `${lang}: ${failures[0].text}`);
    if (lang !== 'en') assert.doesNotMatch(failures[0].text, /listed in|missing/, `${lang}: no English left`);
    if (lang !== 'en') runs.push(...await englishLeft(page, `the ${lang} verifier page with a league missing a file`));
    await screenshot(page, `i18n-league-missing-${lang}`);
    await context.close();
  }
  removeDir(short);
  assert.deepEqual(runs, [], `English left:\n${runs.join('\n')}`);
});

for (const lang of ['zh', 'ar']) {
  test(`${lang}: the fixture league opened from its manifest has no English left`, async () => {
    const { context, page, errors } = await open(server.url, `/?lang=${lang}&league=${encodeURIComponent('/data/league/manifest.json')}`);
    await page.waitForSelector('[data-testid="verdict"]', { timeout: 120000 });
    assert.equal(await page.getAttribute('[data-testid="verdict"]', 'data-ok'), 'true');
    await assertNoEnglish(page, `the ${lang} verifier page with the fixture league from its manifest`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('at 360 px the Scores and Accounts pages with the DEMO league do not overflow in any language', async () => {
  for (const lang of LANGS) {
    for (const [path, done] of [['/scores.html', '#scores-results, #scores-error'], ['/accounts.html', '#accounts-results, #accounts-error']]) {
      const scores = path === '/scores.html';
      const query = scores ? '' : `&league=${encodeURIComponent('/data/manifest.json')}`;
      const { context, page } = await open(demo.url, `${path}?lang=${lang}${query}`, { viewport: { width: 360, height: 800 } });
      if (scores) await chooseFolder(page, demoDir);
      await page.waitForSelector(done, { timeout: 240000 });
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      if (widths.page > 360 || widths.body > 360) await screenshot(page, `i18n-overflow-league-${lang}-${path.replace(/\W/g, '')}`);
      assert.ok(widths.page <= 360 && widths.body <= 360, `${lang} ${path} overflows 360 px: ${JSON.stringify(widths)}`);
      await context.close();
    }
  }
});

test('ar: a byte size reads as its number then its unit, not "B 123"', async () => {
  const { context, page } = await open(server.url, '/?lang=ar');
  await dropFiles(page, [join(fx.dir, 'good', '130025Z.txt')]);
  await page.waitForSelector('.file-size', { timeout: 60000 });
  const sizes = await page.evaluate(() => [...document.querySelectorAll('.file-size')].map((el) => {
    // Where the number and the unit are drawn: the first digit's box and the unit's first
    // letter's box, from the text as laid out in the right-to-left page.
    const text = el.firstChild;
    const box = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().left; };
    const digit = text.data.search(/[0-9]/);
    const unit = text.data.search(/[kMGT]?B/);
    return { text: text.data, digitLeft: box(digit), unitLeft: box(unit) };
  }));
  assert.ok(sizes.length > 0);
  for (const s of sizes) {
    assert.match(s.text, /^\u2066[0-9.]+\u00a0[kMGT]?B\u2069$/, JSON.stringify(s));
    assert.ok(s.digitLeft < s.unitLeft, `the unit is drawn before the number: ${JSON.stringify(s)}`);
  }
  await context.close();
});

test('a published proof page follows ?lang=: Arabic is right to left with file names and hashes left to right', async () => {
  const manifest = await (await fetch(new URL('/data/manifest.json', demo.url))).json();
  // The day directory of a published stamped list; its page is written beside the list.
  const day = manifest.files.map((f) => f.path).map((p) => /^proof\/([0-9]{4}-[0-9]{2}-[0-9]{2})\//.exec(p)).find(Boolean);
  const proof = day && `proof/${day[1]}/index.html`;
  assert.ok(proof, 'the DEMO league publishes a proof page');
  const seen = {};
  const runs = [];
  for (const [lang, locale] of [['en', 'en-US'], ['zh', 'en-US'], ['ar', 'en-US'], [null, 'ar-EG']]) {
    const context = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL(`/data/${proof}${lang ? `?lang=${lang}` : ''}`, demo.url).href);
    const shown = await page.evaluate(() => {
      const visible = (e) => getComputedStyle(e).display !== 'none';
      const spans = [...document.querySelectorAll('span[lang]')];
      return {
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        bodyDirection: getComputedStyle(document.body).direction,
        title: document.title,
        shownLangs: [...new Set(spans.filter(visible).map((s) => s.lang))],
        h1: document.querySelector('h1').innerText,
        names: [...document.querySelectorAll('bdi[dir="ltr"]')].slice(0, 20).map((b) => getComputedStyle(b).direction),
        hashes: [...document.querySelectorAll('td.h code')].slice(0, 20).map((c) => getComputedStyle(c).direction),
      };
    });
    seen[lang ?? 'browser'] = shown;
    if (lang !== 'en') runs.push(...await englishLeft(page, `the proof page in ${lang ?? 'the browser\'s Arabic'}`));
    await screenshot(page, `i18n-proof-${lang ?? 'browser-ar'}`);
    await context.close();
  }
  for (const [key, want] of [['en', 'en'], ['zh', 'zh'], ['ar', 'ar'], ['browser', 'ar']]) {
    const s = seen[key];
    assert.equal(s.lang, want, JSON.stringify(s));
    assert.equal(s.dir, want === 'ar' ? 'rtl' : 'ltr');
    assert.equal(s.bodyDirection, want === 'ar' ? 'rtl' : 'ltr');
    assert.deepEqual(s.shownLangs, [want], 'only the chosen language is shown');
    assert.ok(s.names.length > 0 && s.names.every((d) => d === 'ltr'), JSON.stringify(s.names));
    assert.ok(s.hashes.every((d) => d === 'ltr'), JSON.stringify(s.hashes));
  }
  assert.match(seen.en.title, /^Proof page /);
  assert.match(seen.zh.title, /^证明页面 /);
  assert.match(seen.ar.h1, /صفحة الإثبات/);
  assert.deepEqual(runs, [], `English left on the proof page:\n${runs.join('\n')}`);
});
