// The reader's per-day timeline and what a reader expects of the verifier page, in headless
// Chromium on the engine-made DEMO league served as `sealbook serve` serves it: after opening the
// league, one session day's chart (core's verifier::timeline, drawn by web/src/verifier/timeline_view.rs)
// with a lane per seat, the stamped lists, the DEMO authority's genTimes, the pending Bitcoin
// proofs and the 09:30 ET reference, a day picker for the season, a table for screen readers,
// text at reading size on a phone, and the authority's marks turning from unchecked to verified
// once its root is chosen; in Chinese and Arabic. The cold page offers "Try the DEMO league"
// only where a DEMO league is served; a phone's drop zone says "Choose files"; the league's
// DEMO.txt is not badged a stamped list.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { SEALBOOK_BIN, removeDir, startServer, launchBrowser, openPage, dropFiles, screenshot } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MIN_TEXT_PX = 11;
const MAX_DOM_NODES = 20000;

let dir; let demo; let server; let bare; let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-timeline-'));
  demo = join(dir, 'demo');
  execFileSync(SEALBOOK_BIN, ['demo', '--out', demo], { stdio: 'ignore' });
  // The DEMO league served at /data/, and a site serving no league at all.
  server = await startServer(demo);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  bare = await startServer(empty);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await bare?.stop();
  removeDir(dir);
});

const leagueUrl = (lang) => new URL(`/?league=/data/manifest.json${lang ? `&lang=${lang}` : ''}`, server.url).href;

/// Waits for the verdict in `state`, then reads the timeline as drawn and as a table.
async function timeline(page, state) {
  await page.waitForSelector(`[data-testid="verdict"][data-state="${state}"]`, { timeout: 180000 });
  await page.waitForSelector('[data-testid="timeline"]', { timeout: 10000 });
  return page.evaluate(() => {
    const s = document.querySelector('[data-testid="timeline"]');
    const rows = [...s.querySelectorAll('[data-testid="timeline-table"] tbody tr')].map((tr) => {
      const [who, what, time, words] = [...tr.cells].map((c) => c.textContent.trim());
      return { who, what, time, words, state: tr.dataset.state };
    });
    const lanes = [...s.querySelectorAll('.tl-row')].map((r) => ({
      label: r.querySelector('.tl-label').textContent.trim(),
      marks: r.querySelectorAll('.tl-mark').length,
      reference: r.querySelectorAll('.tl-ref').length,
    }));
    return {
      day: s.dataset.day,
      title: s.querySelector('h2').textContent.trim(),
      days: [...s.querySelectorAll('[data-testid="timeline-day"] option')].map((o) => o.textContent),
      charts: s.querySelectorAll('[data-testid="timeline-chart"]').length,
      ticks: [...s.querySelectorAll('.tl-tick')].map((t) => t.textContent),
      legend: s.querySelector('.tl-legend').textContent,
      lanes,
      rows,
      nodes: document.getElementsByTagName('*').length,
    };
  });
}

/// Every mark and grid line of the chart drawn less than `half` px inside its strip (cut by
/// the strip's edge): a line's place is its x mapped through the strip's view box.
async function clippedMarks(page, half) {
  return page.evaluate((half) => {
    const out = [];
    for (const svg of document.querySelectorAll('[data-testid="timeline"] .tl-strip')) {
      const box = svg.getBoundingClientRect();
      const vb = svg.viewBox.baseVal;
      for (const l of svg.querySelectorAll('.tl-mark, .tl-grid')) {
        const x = box.left + ((l.x1.baseVal.value - vb.x) / vb.width) * box.width;
        if (x - half < box.left - 0.01 || x + half > box.right + 0.01) {
          out.push(`${l.getAttribute('class')} at ${l.x1.baseVal.value}: ${x.toFixed(1)} px in ${box.left.toFixed(1)}-${box.right.toFixed(1)}`);
        }
      }
    }
    return out;
  }, half);
}

/// Every piece of text in `selector` as rendered (its computed size), under `min` px.
async function smallText(page, selector, min) {
  return page.evaluate(([sel, min]) => {
    const out = [];
    for (const el of document.querySelectorAll(`${sel}, ${sel} *`)) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (!own || !el.getClientRects().length) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < min) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${px}px`);
    }
    return out;
  }, [selector, min]);
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the DEMO league's timeline shows one day: seals per seat, lists, the authority, pending Bitcoin, the reference (${label})`, async () => {
    const { context, page, errors } = await openPage(browser, leagueUrl(), viewport);
    const amber = await timeline(page, 'unchecked');
    // A season of days, one chart at a time, the last day first.
    assert.ok(amber.days.length >= 20, `${amber.days.length} days`);
    assert.equal(amber.charts, 1);
    assert.equal(amber.day, amber.days.at(-1));
    assert.match(amber.title, /^Timeline of a session day \(New York time\)$/);
    assert.ok(amber.nodes < MAX_DOM_NODES, `${amber.nodes} DOM nodes`);
    const labels = amber.lanes.map((l) => l.label);
    assert.ok(labels.includes('Stamped lists'), labels.join(' | '));
    assert.ok(labels.includes('Bitcoin (OpenTimestamps)'), labels.join(' | '));
    assert.ok(labels.some((l) => /sealbook DEMO/.test(l)), labels.join(' | '));
    // Every lane carries the reference line, and the seats' lanes their answers' seals.
    assert.ok(amber.lanes.every((l) => l.reference === 1), JSON.stringify(amber.lanes));
    const seats = amber.lanes.filter((l) => !/Stamped lists|Bitcoin|sealbook DEMO/.test(l.label));
    assert.ok(seats.length >= 3 && seats.every((l) => l.marks >= 1), JSON.stringify(amber.lanes));
    assert.match(amber.legend, /reference 09:30 ET/);
    assert.ok(amber.ticks.length >= 2 && amber.ticks.every((t) => /^\d\d:\d\d$/.test(t)), amber.ticks.join(' '));
    // The axis is padded: a mark at its first or last instant (a 3 px stroke) is drawn whole,
    // as are the grid lines at its ends.
    assert.deepEqual(await clippedMarks(page, 1.5), []);
    // The table says the same: the authority's genTime not checked yet, the proofs pending,
    // each time in New York time.
    const tsa = amber.rows.filter((r) => /sealbook DEMO/.test(r.who));
    assert.ok(tsa.length >= 1 && tsa.every((r) => r.state === 'unchecked' && /^\d\d:\d\d:\d\d$/.test(r.time)), JSON.stringify(tsa));
    const btc = amber.rows.filter((r) => r.who === 'Bitcoin (OpenTimestamps)');
    assert.ok(btc.length >= 1 && btc.every((r) => r.state === 'pending' && /pending/.test(r.words)), JSON.stringify(btc));
    assert.ok(amber.rows.some((r) => /^line \d+$/.test(r.what)), 'answers named by their line');
    if (label === 'phone') {
      assert.deepEqual(await smallText(page, '[data-testid="timeline"]', MIN_TEXT_PX), []);
      const right = await page.locator('[data-testid="timeline"]').evaluate((e) => e.getBoundingClientRect().right);
      assert.ok(right <= PHONE.width, `the timeline reaches ${right} px`);
    }
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await screenshot(page, `timeline-amber-${label}`);

    // Another day from the picker: its own chart.
    const first = amber.days[0];
    await page.locator('[data-testid="timeline-day"]').selectOption({ label: first });
    await page.waitForSelector(`[data-testid="timeline"][data-day="${first}"]`, { timeout: 10000 });

    // The root chosen: the authority's genTimes are verified, and answers proven before 09:30.
    await page.locator('[data-testid="choose-root"]').first().click();
    const green = await timeline(page, 'passed');
    const verified = green.rows.filter((r) => /sealbook DEMO/.test(r.who));
    assert.ok(verified.length >= 1 && verified.every((r) => r.state === 'verified'), JSON.stringify(verified));
    assert.ok(green.rows.some((r) => r.state === 'proven'), 'answers proven before the reference');
    assert.match(green.legend, /anchor verified: its time is proven/);
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await screenshot(page, `timeline-green-${label}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [lang, title, lists] of [['zh', /^会话日时间线（纽约时间）$/, '盖章清单'], ['ar', /^الخط الزمني ليوم الجلسة/, 'القوائم المختومة زمنيًا']]) {
  test(`the timeline reads in ${lang}`, async () => {
    const { context, page, errors } = await openPage(browser, leagueUrl(lang), PHONE);
    const tl = await timeline(page, 'unchecked');
    assert.match(tl.title, title);
    assert.ok(tl.lanes.some((l) => l.label === lists), JSON.stringify(tl.lanes));
    assert.doesNotMatch(tl.legend, /reference|pending/, tl.legend);
    assert.deepEqual(await smallText(page, '[data-testid="timeline"]', MIN_TEXT_PX), []);
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await screenshot(page, `timeline-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("in Arabic the lanes' labels follow the page's direction while time runs left to right", async () => {
  const { context, page, errors } = await openPage(browser, leagueUrl('ar'), DESKTOP);
  await timeline(page, 'unchecked');
  const drawn = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('[data-testid="timeline"] .tl-row')].map((r) => {
      const label = r.querySelector('.tl-label');
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const strip = r.querySelector('.tl-strip').getBoundingClientRect();
      return {
        label: label.textContent,
        dir: getComputedStyle(label).direction,
        gapRight: strip.right - text.right,
        gapLeft: text.left - strip.left,
      };
    });
    const ticks = [...document.querySelectorAll('[data-testid="timeline"] .tl-tick')].map((t) => ({ text: t.textContent, x: t.getBoundingClientRect().left }));
    return { rows, ticks, axisDir: getComputedStyle(document.querySelector('.tl-axis')).direction };
  });
  // Each label is set right to left, at the strip's right end (Arabic's start), so
  // "بيتكوين (OpenTimestamps)" keeps its brackets where Arabic puts them.
  for (const r of drawn.rows) {
    assert.equal(r.dir, 'rtl', JSON.stringify(r));
    assert.ok(r.gapRight < 2 && r.gapLeft > 20, JSON.stringify(r));
  }
  // The axis reads left to right: the earliest time leftmost.
  assert.equal(drawn.axisDir, 'ltr');
  const xs = drawn.ticks.map((t) => t.x);
  assert.deepEqual(xs, [...xs].sort((a, b) => a - b), JSON.stringify(drawn.ticks));
  assert.deepEqual(drawn.ticks.map((t) => t.text), [...drawn.ticks.map((t) => t.text)].sort(), JSON.stringify(drawn.ticks));
  assert.deepEqual(await clippedMarks(page, 1.5), []);
  await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
  await screenshot(page, 'timeline-ar-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the cold page offers the DEMO league where one is served, and only there', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  const link = page.locator('[data-testid="try-demo"]');
  await link.waitFor({ timeout: 30000 });
  assert.equal(await link.textContent(), 'Try the DEMO league');
  assert.match(await link.getAttribute('href'), /^\/\?league=\/data\/manifest\.json&lang=en$/);
  await link.click();
  await page.waitForSelector('[data-testid="verdict"][data-state="unchecked"]', { timeout: 180000 });
  await page.waitForSelector('[data-testid="timeline"]', { timeout: 10000 });
  assert.deepEqual(errors, []);
  await context.close();

  // `sealbook serve --demo`, which makes its league first, offers it too.
  const made = await startServer(join(dir, 'made'), ['--demo'], { timeoutMs: 180000 });
  try {
    const shown = await openPage(browser, made.url);
    await shown.page.locator('[data-testid="try-demo"]').waitFor({ timeout: 30000 });
    assert.deepEqual(shown.errors, []);
    await shown.context.close();
  } finally {
    await made.stop();
  }

  // A site serving no DEMO league: the page asks it nothing (no failed request, no console
  // error) and offers nothing.
  const bareContext = await browser.newContext({ viewport: DESKTOP });
  const barePage = await bareContext.newPage();
  const failed = [];
  const consoleErrors = [];
  barePage.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  barePage.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
  barePage.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  await barePage.goto(bare.url);
  await barePage.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
  await barePage.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 500))));
  assert.equal(await barePage.locator('[data-testid="try-demo"]').count(), 0);
  assert.deepEqual(failed, []);
  assert.deepEqual(consoleErrors, []);
  await bareContext.close();
});

test('a phone says "Choose files" where a desktop says "Drop files here", with the file button on both', async () => {
  const title = (page) => page.locator('[data-testid="dropzone-title"]').innerText();
  const desk = await openPage(browser, server.url, DESKTOP);
  assert.equal((await title(desk.page)).trim(), 'Drop files here');
  assert.equal(await desk.page.getByRole('button', { name: 'Choose files…' }).count(), 1);
  await desk.context.close();

  // A phone (touch, 390 px) and a narrow window without touch: nothing is dragged there.
  for (const [name, options] of [['phone', { viewport: PHONE, hasTouch: true, isMobile: true }], ['narrow', { viewport: PHONE }]]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
    assert.equal((await title(page)).trim(), 'Choose files', name);
    assert.equal(await page.getByRole('heading', { name: 'Choose files' }).count(), 1, name);
    assert.equal(await page.getByRole('button', { name: 'Choose files…' }).count(), 1, name);
    assert.equal(await page.locator('input[type="file"][data-testid="file-input"]').count(), 1, name);
    if (name === 'phone') await screenshot(page, 'dropzone-phone');
    await context.close();
  }
});

test('DEMO.txt is not badged a stamped list: it is a published text the page does not check', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, [join(demo, 'DEMO.txt'), join(demo, 'council-book.jsonl')]);
  await page.waitForSelector('[data-testid="verdict"]', { timeout: 180000 });
  const listed = await page.$$eval('[data-testid="file-list"] li.file', (lis) => lis.map((li) => ({
    name: li.querySelector('.file-name').textContent, badge: li.querySelector('.badge').textContent,
  })));
  assert.ok(!listed.some((f) => f.name === 'DEMO.txt'), JSON.stringify(listed));
  assert.deepEqual(listed.map((f) => [f.name, f.badge]), [['council-book.jsonl', 'Book']]);
  const others = await page.$$eval('[data-testid="others-list"] li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(others, ['DEMO.txt']);
  assert.deepEqual(errors, []);
  await context.close();
});
