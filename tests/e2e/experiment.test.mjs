// The reader experiment's page (spec §6) in headless Chromium against `sealbook serve --demo`:
// the identifier and group persist across reloads; a blind reader has nothing of the council in
// the DOM or in any response before its first forecast, and its peek is recorded (checked in
// /api/experiment/stats); the seeing group sees the sealed answers at once; a forecast is
// completed with the keyboard alone; the revision protocol's two calls; a forecast after the
// reference time is refused (a second server whose clock is set just before a session's
// 09:30 ET reference), and once that session is scored in the demo's book the reader sees
// their Brier and hit rate beside the council's; a phone-width viewport has no horizontal
// overflow. The page says plainly, before and after the click, that a blind reader's "Ask to see
// the models" records a peek and shows nothing; it counts the markets forecast ("1 of 12") and
// warns before the first call that the first call per market counts; a call with two faults
// shows both at once, each beside its field; every choice is a 44 x 44 px target on a phone;
// the markets' names are in the page's language; a skip link leads past the masthead; a
// negative mean r (N_eff above n) is explained in each language.
//
// Groups are forced by asking the API for identifiers until one of the wanted group comes (the
// assignment is the server's random draw; the page has no switch), then handing it to the page
// through localStorage before its first script runs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDir, startServer, launchBrowser, screenshot } from './harness.mjs';

const KEY = 'sealbook.experiment.reader';
// Many identifiers come from one address in these tests: lift the per-address rate limit and
// the daily cap on new identifiers (a random 1:1 draw for a group can take many).
process.env.SEALBOOK_EXPERIMENT_RATE_PER_MINUTE = '100000';
process.env.SEALBOOK_EXPERIMENT_READERS_PER_DAY = '100000';

let dir; let server; let browser;

/// `sealbook serve --demo` on a free 127.0.0.1 port. Writing the demo league first takes a
/// minute on a busy machine, hence the bound of 240 s.
const startDemo = (dataDir, extraArgs = []) => startServer(dataDir, ['--demo', ...extraArgs], { timeoutMs: 240000 });

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-experiment-'));
  server = await startDemo(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

const pageUrl = (s = server) => new URL('experiment.html', s.url).href;

async function api(s, method, path, body) {
  const r = await fetch(new URL(path, s.url), {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

/// A new identifier of `group`, drawn from the API (bounded: the draw is 1:1).
async function readerOf(s, group) {
  for (let i = 0; i < 64; i++) {
    const r = await api(s, 'POST', '/api/experiment/reader', {});
    assert.equal(r.status, 201, JSON.stringify(r.json));
    if (r.json.group === group) return r.json.reader;
  }
  throw new Error(`no ${group} identifier in 64 draws`);
}

/// Opens the page in a new context that already holds `reader` (or none), recording every
/// request's URL and every API response's body.
async function openAs(reader, { s = server, viewport, clock } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 900 } });
  if (clock) await context.clock.install({ time: clock });
  if (reader) {
    await context.addInitScript(([k, v]) => {
      if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    }, [KEY, reader]);
  }
  const requests = [];
  const bodies = [];
  context.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  context.on('response', (r) => {
    if (r.url().includes('/api/')) bodies.push(r.text().then((t) => ({ url: r.url(), text: t }), () => ({ url: r.url(), text: '' })));
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pageUrl(s));
  await page.waitForSelector('#experiment-status, #experiment-error', { timeout: 60000 });
  // count() does not wait: textContent() on an absent element would wait out its 30 s timeout.
  if (await page.locator('#experiment-error').count()) {
    throw new Error(`the page did not open the session: ${await page.locator('#experiment-error').textContent()}`);
  }
  return { context, page, errors, requests, bodies: () => Promise.all(bodies) };
}

/// Gives `market` a call with the keyboard alone: Tab from the top of the page to the market's
/// first radio button, choose the direction with Space or an arrow key, Tab to the confidence,
/// type it, press Enter; waits for the market's next step.
async function keyboardCall(page, market, direction, confidence, nextStep) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  let found = false;
  for (let i = 0; i < 300 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate((id) => document.activeElement?.id === id, `${market}-up`);
  }
  assert.ok(found, `Tab never reached ${market}'s direction`);
  await page.keyboard.press(direction === 'up' ? 'Space' : 'ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.id), `${market}-${direction}`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), `${market}-confidence`);
  await page.keyboard.type(String(confidence));
  await page.keyboard.press('Enter');
  await page.waitForSelector(`li[data-market="${market}"][data-step="${nextStep}"]`, { timeout: 20000 });
}

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a first visit gets an identifier and a group that persist across reloads', async () => {
  const { context, page, errors, requests } = await openAs(null);
  const id = await page.evaluate((k) => localStorage.getItem(k), KEY);
  assert.match(id, /^r-[0-9a-f]{32}$/);
  const group = await page.getAttribute('#experiment-status', 'data-group');
  assert.ok(['seeing', 'blind'].includes(group), group);
  assert.equal(await page.locator('#markets > li').count(), 12);
  assert.equal(await page.textContent('#demo-label'), 'DEMO', 'the demo league is labelled');
  assert.match(await page.textContent('#countdown'), /Forecasts close in .+ at 09:30 ET on \d{4}-\d\d-\d\d/);
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.waitForSelector('#experiment-status');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), id);
    assert.equal(await page.getAttribute('#experiment-status', 'data-group'), group, 'the group is kept');
  }
  assert.equal(requests.filter((r) => r.startsWith('POST') && r.endsWith('/api/experiment/reader')).length, 1, 'one identifier, asked for once');
  const session = await api(server, 'GET', `/api/experiment/session?reader=${id}`);
  assert.equal(session.json.group, group, "the server's record agrees");
  assert.ok(requests.every((r) => r.split(' ')[1].startsWith(server.url)), `only the page's own server: ${requests}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the seeing group sees the sealed answers and the consensus at once', async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page, errors } = await openAs(reader);
  assert.equal(await page.getAttribute('#experiment-status', 'data-group'), 'seeing');
  await page.waitForSelector('#consensus');
  const council = (await api(server, 'GET', `/api/experiment/session?reader=${reader}`)).json.council;
  assert.ok(council, 'the demo league has a sealed run');
  assert.equal(await page.locator('#consensus tbody tr').count(), Object.keys(council.consensus).length);
  assert.equal(await page.locator('[data-testid="market-consensus"]').count(), Object.keys(council.consensus).length);
  assert.equal(await page.locator('#answers tbody tr').count(), council.answers.length);
  assert.equal(await page.locator('#peek').count(), 0);
  // The consensus comes with its run's independence (Requirement 14): n, the mean pairwise
  // Pearson r over the markets two seats share (each seat's latest answer per market), N_eff =
  // n / (1 + (n - 1) r), recomputed here from the answers the API sent.
  const latest = new Map();
  for (const a of council.answers) {
    if (!latest.has(a.seat)) latest.set(a.seat, new Map());
    latest.get(a.seat).set(a.market, a.prob_up * 100);
  }
  const seats = [...latest.keys()].sort();
  const rs = [];
  for (let i = 0; i < seats.length; i++) {
    for (let j = i + 1; j < seats.length; j++) {
      const [x, y] = [latest.get(seats[i]), latest.get(seats[j])];
      const common = [...x.keys()].filter((m) => y.has(m));
      if (common.length < 3) continue;
      const xs = common.map((m) => x.get(m)); const ys = common.map((m) => y.get(m));
      const mean = (v) => v.reduce((s, t) => s + t, 0) / v.length;
      const [mx, my] = [mean(xs), mean(ys)];
      const sxy = xs.reduce((s, t, k) => s + (t - mx) * (ys[k] - my), 0);
      const sxx = xs.reduce((s, t) => s + (t - mx) ** 2, 0);
      const syy = ys.reduce((s, t) => s + (t - my) ** 2, 0);
      if (sxx > 0 && syy > 0) rs.push(sxy / Math.sqrt(sxx * syy));
    }
  }
  const ind = council.independence;
  assert.ok(ind && rs.length > 0, JSON.stringify(ind));
  const rho = rs.reduce((s, t) => s + t, 0) / rs.length;
  assert.equal(ind.n, seats.length);
  assert.ok(Math.abs(ind.rho - rho) < 1e-9, `rho ${ind.rho} vs ${rho}`);
  assert.ok(Math.abs(ind.n_eff - seats.length / (1 + (seats.length - 1) * rho)) < 1e-9);
  const said = await page.textContent('#council-independence');
  assert.ok(said.includes(`r = ${rho.toFixed(2)}`) && said.includes(`${ind.n_eff.toFixed(1)} independent voices`), said);
  await screenshot(page, 'experiment-seeing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a blind reader sees nothing of the council before its first forecast; a peek is recorded', async () => {
  const seeing = await readerOf(server, 'seeing');
  const council = (await api(server, 'GET', `/api/experiment/session?reader=${seeing}`)).json.council;
  const seats = [...new Set(council.answers.map((a) => a.seat))];
  assert.ok(seats.length > 0);
  const reader = await readerOf(server, 'blind');
  const peeksBefore = (await api(server, 'GET', '/api/experiment/stats')).json;
  assert.equal(peeksBefore.g1.group, 'blind', 'g1 is the blind group');

  const { context, page, errors, bodies } = await openAs(reader);
  assert.equal(await page.getAttribute('#experiment-status', 'data-group'), 'blind');
  const hidden = async (when) => {
    assert.equal(await page.locator('#consensus, #answers, [data-testid="market-consensus"]').count(), 0, when);
    assert.ok(!(await page.content()).includes(council.run_id), `${when}: the run id is in the DOM`);
    // No element's own text is a seat's name (a seat may be named like a word in a market's name).
    const texts = await page.evaluate(() => [...document.querySelectorAll('body *')].map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('')));
    for (const seat of seats) assert.ok(!texts.includes(seat), `${when}: seat ${seat} is in the DOM`);
    for (const b of await bodies()) {
      assert.ok(!b.text.includes('prob_up'), `${when}: ${b.url} carries answers`);
      assert.ok(!b.text.includes(council.run_id), `${when}: ${b.url} carries the run id`);
      for (const seat of seats) assert.ok(!b.text.includes(JSON.stringify(seat)), `${when}: ${b.url} carries seat ${seat}`);
    }
  };
  await hidden('before the peek');
  // Before the click, the page says plainly that the button records a peek and shows nothing.
  assert.match(await page.textContent('#peek-before'), /The button below does not show them: it records that you asked to see them, a peek/);
  assert.match(await page.textContent('#peek'), /recorded, not shown/);
  assert.equal(await page.getAttribute('#peek', 'aria-describedby'), 'peek-before');

  // "Show the models" with the keyboard: the peek is recorded, the council still withheld, and
  // the page says so.
  await page.focus('#peek');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#peek-notice');
  assert.match(await page.textContent('#peek-notice'), /^Recorded as a peek: .* The blind group is not shown them yet: they open after your first forecast/);
  assert.match(await page.textContent('#experiment-live'), /Recorded/);
  await hidden('after the peek');
  const peeksAfter = (await api(server, 'GET', '/api/experiment/stats')).json;
  assert.equal(peeksAfter.g1.peeks, peeksBefore.g1.peeks + 1, 'the peek is in the published analysis');
  assert.equal(peeksAfter.g0.peeks, peeksBefore.g0.peeks);
  await page.reload();
  await page.waitForSelector('#peek-notice');

  // The first forecast, by keyboard alone, opens the council.
  await keyboardCall(page, 'SPX', 'down', 70, 'done');
  assert.match(await page.textContent('li[data-market="SPX"] .call'), /down, 70%/);
  assert.match(await page.textContent('#experiment-live'), /recorded/);
  await page.waitForSelector('#consensus');
  assert.equal(await page.locator('#peek').count(), 0);
  const stored = (await api(server, 'GET', `/api/experiment/session?reader=${reader}`)).json;
  const spx = stored.markets.find((m) => m.market === 'SPX').forecast;
  assert.deepEqual([spx.direction, spx.confidence, spx.stage, spx.first], ['down', 70, 'single', true]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a confidence outside 55-95 is refused on the page before anything is sent', async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page, requests } = await openAs(reader);
  await page.check('#GOLD-up');
  await page.fill('#GOLD-confidence', '96');
  const before = requests.length;
  await page.click('li[data-market="GOLD"] button[type="submit"]');
  await page.waitForSelector('#GOLD-confidence-error');
  assert.match(await page.textContent('#GOLD-confidence-error'), /55 to 95/);
  assert.equal(await page.getAttribute('#GOLD-confidence', 'aria-invalid'), 'true');
  assert.ok(!requests.slice(before).some((r) => r.includes('/forecast')), 'nothing was sent');
  await page.fill('#GOLD-confidence', '95');
  await page.click('li[data-market="GOLD"] button[type="submit"]');
  await page.waitForSelector('li[data-market="GOLD"][data-step="done"]');
  await context.close();
});

test('the progress count, the warning that the first call counts, and every error at once beside its field', async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page, requests, errors } = await openAs(reader);
  const progress = async () => [await page.getAttribute('#experiment-progress', 'data-done'), (await page.textContent('#experiment-progress')).trim()];
  assert.deepEqual(await progress(), ['0', '0 of 12 markets forecast']);
  // Before the first forecast: the rule of rules::accept, the first call per market counts.
  assert.match(await page.textContent('#first-call-warning'), /only your first call on each market counts, and it cannot be changed afterwards/);

  // No direction and a confidence out of range: both messages at once, each beside its field.
  await page.fill('#SPX-confidence', '96');
  const before = requests.length;
  await page.click('li[data-market="SPX"] button[type="submit"]');
  await page.waitForSelector('#SPX-direction-error');
  assert.match(await page.textContent('#SPX-direction-error'), /Choose up or down/);
  assert.match(await page.textContent('#SPX-confidence-error'), /55 to 95/);
  assert.equal(await page.getAttribute('#SPX-up', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#SPX-confidence', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#SPX-up', 'aria-describedby'), /\bSPX-direction-error\b/);
  assert.match(await page.getAttribute('#SPX-confidence', 'aria-describedby'), /\bSPX-confidence-error\b/);
  // Each message follows its own field in the form.
  const order = await page.evaluate(() => {
    const at = (sel) => [...document.querySelectorAll('li[data-market="SPX"] form *')].indexOf(document.querySelector(sel));
    return [at('#SPX-down'), at('#SPX-direction-error'), at('#SPX-confidence'), at('#SPX-confidence-error')];
  });
  assert.deepEqual([...order].sort((a, b) => a - b), order, `fields and messages out of order: ${order}`);
  assert.match(await page.textContent('#experiment-live'), /Choose up or down\..*55 to 95/);
  assert.ok(!requests.slice(before).some((r) => r.includes('/forecast')), 'nothing was sent');

  await page.check('#SPX-up');
  await page.fill('#SPX-confidence', '60');
  await page.click('li[data-market="SPX"] button[type="submit"]');
  await page.waitForSelector('li[data-market="SPX"][data-step="done"]');
  await page.waitForSelector('#experiment-progress[data-done="1"]');
  assert.deepEqual(await progress(), ['1', '1 of 12 markets forecast']);
  assert.equal(await page.locator('#first-call-warning').count(), 0, 'the warning stands before the first call only');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone every choice is a target of at least 44 x 44 CSS px', async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page } = await openAs(reader, { viewport: { width: 390, height: 844 } });
  const boxes = await page.evaluate(() => [...document.querySelectorAll('.choice label')].map((l) => {
    const r = l.getBoundingClientRect();
    return { for: l.htmlFor, width: r.width, height: r.height };
  }));
  assert.equal(boxes.length, 2 + 2 * 12, 'the two ways of calling and each market\'s up and down');
  const small = boxes.filter((b) => b.width < 44 || b.height < 44);
  assert.deepEqual(small, [], 'targets under 44 x 44 px');
  // The whole target chooses: a tap near the label's far edge picks its direction.
  const label = page.locator('label[for="VIX-down"]');
  await label.scrollIntoViewIfNeeded();
  const box = await label.boundingBox();
  await page.mouse.click(box.x + box.width - 3, box.y + box.height - 3);
  assert.ok(await page.isChecked('#VIX-down'));
  assert.ok(await noOverflow(page));
  await context.close();
});

test("the markets' names are in the page's language", async () => {
  const reader = await readerOf(server, 'seeing');
  const english = Object.fromEntries((await api(server, 'GET', `/api/experiment/session?reader=${reader}`)).json.markets.map((m) => [m.market, m.name]));
  const want = {
    zh: { GOLD: '黄金', BTC: '比特币', WTI: 'WTI 原油' },
    ar: { GOLD: 'الذهب', BTC: 'بيتكوين', WTI: 'خام غرب تكساس الوسيط' },
  };
  for (const lang of ['zh', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [KEY, reader]);
    const page = await context.newPage();
    await page.goto(`${pageUrl()}?lang=${lang}`);
    await page.waitForSelector('#markets > li');
    const names = Object.fromEntries(await page.evaluate(() => [...document.querySelectorAll('#markets > li')].map((li) => [li.dataset.market, li.querySelector('.market-name bdi').textContent])));
    for (const [market, name] of Object.entries(want[lang])) assert.equal(names[market], name, `${lang} ${market}`);
    for (const [market, name] of Object.entries(names)) assert.notEqual(name, english[market], `${lang}: ${market} is still "${name}"`);
    assert.match(await page.getAttribute('li[data-market="GOLD"] fieldset legend', 'class'), /visually-hidden/);
    assert.ok((await page.textContent('li[data-market="GOLD"] fieldset legend')).includes(want[lang].GOLD), 'the form is named with it');
    await context.close();
  }
});

// A negative mean r puts N_eff above n (spec §5.1): the independence sentence says so and why,
// in each language, as the Scores takeaway does. The demo's run has a positive r, so the
// session's independence reading is replaced in the API's answer with the reading of the
// issue's example (n 6, r -0.176, N_eff 50.871); the page renders what the API sends.
test('a negative mean r: the independence sentence says why N_eff is above n, in en, zh and ar', async () => {
  const reader = await readerOf(server, 'seeing');
  const want = {
    en: ['r = -0.18, negative', 'reads 50.9, above the 6 seats', 'not 50.9 independent voices'],
    zh: ['r = -0.18，为负', '有效独立声音数 N_eff', '读数为 50.9，高于 6 个席位'],
    ar: ['r = -0.18 سالب', 'عدد الأصوات المستقلة الفعلي N_eff', 'لا 50.9 صوتًا مستقلًا'],
  };
  for (const lang of ['en', 'zh', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [KEY, reader]);
    await context.route('**/api/experiment/session?*', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      assert.ok(json.council?.independence, 'the demo session carries its independence reading');
      json.council.independence = { n: 6, pairs: 15, undefined_pairs: 0, rho: -0.176, n_eff: 50.871 };
      await route.fulfill({ response, json });
    });
    const page = await context.newPage();
    await page.goto(`${pageUrl()}?lang=${lang}`);
    await page.waitForSelector('#council-independence');
    const said = await page.textContent('#council-independence');
    for (const part of want[lang]) assert.ok(said.includes(part), `${lang}: ${part} not in ${said}`);
    await context.close();
  }
});

test("the keyboard's first stop is a skip link to the page's main landmark", async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page } = await openAs(reader);
  assert.equal(await page.locator('main#main').count(), 1);
  assert.equal(await page.locator('header.masthead').count(), 1);
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  await page.keyboard.press('Tab');
  assert.deepEqual(await page.evaluate(() => [document.activeElement.textContent.trim(), document.activeElement.getAttribute('href')]), ['Skip to the content', '#main']);
  const box = await page.locator('[data-testid="skip-link"]').boundingBox();
  assert.ok(box && box.y >= 0 && box.height > 0, 'the focused skip link is on screen');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');
  // The next Tab goes on inside the page's content, past the masthead's links.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => !!document.activeElement.closest('main')), 'the focus stays in main');
  await context.close();
});

test("the revision protocol: a private call, the drawn display, then the final call", async () => {
  const reader = await readerOf(server, 'seeing');
  const { context, page, errors } = await openAs(reader);
  await page.check('#mode-two');
  assert.equal(await page.locator('#consensus, [data-testid="market-consensus"]').count(), 0, 'nothing of the council during the private call');
  await keyboardCall(page, 'NDX', 'up', 60, 'final');
  const arm = await page.getAttribute('li[data-market="NDX"] .display', 'data-arm');
  assert.ok(['council', 'control'].includes(arm), arm);
  await page.check('#NDX-down');
  await page.fill('#NDX-confidence', '65');
  await page.press('#NDX-confidence', 'Enter');
  await page.waitForSelector('li[data-market="NDX"][data-step="done"]');
  assert.match(await page.textContent('li[data-market="NDX"] .call'), /final call: down, 65%/);
  const stored = (await api(server, 'GET', `/api/experiment/session?reader=${reader}`)).json;
  const ndx = stored.markets.find((m) => m.market === 'NDX').forecast;
  assert.deepEqual([ndx.stage, ndx.direction, ndx.confidence, ndx.arm], ['final', 'down', 65, arm]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone-width viewport has no horizontal overflow', async () => {
  for (const group of ['seeing', 'blind']) {
    const reader = await readerOf(server, group);
    const { context, page } = await openAs(reader, { viewport: { width: 360, height: 740 } });
    if (group === 'seeing') await page.waitForSelector('#consensus');
    if (await page.locator('#council details summary').count()) await page.click('#council details summary');
    assert.ok(await noOverflow(page), `${group}: the page is wider than the phone`);
    await screenshot(page, `experiment-phone-${group}`);
    await context.close();
  }
});

test('a forecast after the reference time is refused', async () => {
  // A second server whose clock starts 75 s before the 09:30 ET reference of 2026-12-03
  // (14:30 UTC) and runs in real time; the page's clock is held before the reference, so the
  // page sends the call and shows the server's refusal, then is moved past it and refuses
  // by itself.
  const closesAt = Date.parse('2026-12-03T14:30:00Z');
  const late = mkdtempSync(join(tmpdir(), 'sealbook-e2e-experiment-late-'));
  // The lead covers the time from the server's clock starting to the page's being installed
  // (the reader's group draw, a new browser context): past about 70 s of it the page, 10 s
  // before the reference on its own clock plus the skew it measures, would count the session
  // closed by itself before the call is sent.
  let s = await startDemo(late, ['--at', new Date(closesAt - 75000).toISOString().replace('.000Z', 'Z')]);
  try {
    const reader = await readerOf(s, 'seeing');
    let { context, page } = await openAs(reader, { s, clock: closesAt - 15000 });
    await context.clock.setFixedTime(closesAt - 10000);
    assert.match(await page.textContent('#session-title'), /2026-12-03/, 'the session before its reference is open');
    await page.check('#BTC-up');
    await page.fill('#BTC-confidence', '80');
    // Wait (bounded) until the server's clock has passed the reference: its open session moves
    // on (read, not forecast: a reader's forecasts per market are bounded). Then a call for
    // 2026-12-03 is refused as closed.
    // One call while the session is open: 60% up on SPX, scored after the close below.
    const first = await api(s, 'POST', '/api/experiment/forecast', { reader, session: '2026-12-03', market: 'SPX', direction: 'up', confidence: 60 });
    assert.equal(first.status, 201, JSON.stringify(first.json));
    let closed = false;
    for (let i = 0; i < 240 && !closed; i++) {
      const open = (await api(s, 'GET', `/api/experiment/session?reader=${reader}`)).json.session;
      if (open !== '2026-12-03') {
        const r = await api(s, 'POST', '/api/experiment/forecast', { reader, session: '2026-12-03', market: 'SPX', direction: 'up', confidence: 60 });
        assert.equal(r.status, 409, JSON.stringify(r.json));
        assert.equal(r.json.error.code, 'session_closed');
        closed = true;
      } else {
        await new Promise((res) => setTimeout(res, 500));
      }
    }
    assert.ok(closed, 'the server never closed the session');
    await page.click('li[data-market="BTC"] button[type="submit"]');
    await page.waitForSelector('#BTC-error');
    const refusal = await page.textContent('#BTC-error');
    assert.ok(refusal.length > 0);
    assert.equal(await page.getAttribute('li[data-market="BTC"]', 'data-step'), 'call', 'nothing was stored');
    const stored = (await api(s, 'GET', `/api/experiment/session?reader=${reader}`)).json;
    assert.notEqual(stored.session, '2026-12-03', 'the open session is the next one');
    // 2026-12-03 is scored in the demo's book, but it has not closed on the server's clock
    // (16:00 ET): its outcome is not shown yet.
    assert.equal(stored.scored, null, JSON.stringify(stored.scored));

    // The page counts on the server's clock (the device's plus the skew measured when the
    // session was read, about 60 s behind the page's fixed clock here): two minutes past the
    // reference on the page's clock, a minute past on the server's, the page refuses the call
    // by itself, the countdown says closed and the forms are shut.
    await context.clock.setFixedTime(closesAt + 120000);
    await page.click('li[data-market="BTC"] button[type="submit"]');
    await page.waitForSelector('#countdown[data-closed="true"]', { timeout: 10000 });
    assert.match(await page.textContent('#BTC-error'), /closed at 09:30 ET on 2026-12-03/);
    assert.match(await page.textContent('#countdown'), /closed at 09:30 ET on 2026-12-03/);
    assert.ok(await page.locator('li[data-market="BTC"] fieldset').evaluate((f) => f.disabled));

    await context.close();
    await s.stop();

    // After the close (21:00 UTC), a server on the same league and store scores that session:
    // the reader's first call beside the council's, and the page shows it.
    s = await startServer(late, ['--experiment', '--at', '2026-12-03T21:00:01Z']);
    const after = (await api(s, 'GET', `/api/experiment/session?reader=${reader}`)).json;
    const sc = after.scored;
    assert.equal(sc?.session, '2026-12-03', JSON.stringify(sc));
    assert.deepEqual([sc.reader.n, sc.council.n], [1, 1]);
    // One call of 60% up scores (0.6 - 1)^2 = 0.16 when SPX closed up, 0.6^2 = 0.36 when not.
    assert.ok(Math.abs(sc.reader.brier - (sc.reader.hit_rate === 1 ? 0.16 : 0.36)) < 1e-9, JSON.stringify(sc));
    ({ context, page } = await openAs(reader, { s, clock: Date.parse('2026-12-03T21:00:05Z') }));
    await page.waitForSelector('#scored');
    assert.match(await page.textContent('#scored-title'), /2026-12-03/);
    assert.equal(await page.textContent('#scored tr[data-who="you"] td[data-key="brier"]'), sc.reader.brier.toFixed(3));
    assert.equal(await page.textContent('#scored tr[data-who="council"] td[data-key="brier"]'), sc.council.brier.toFixed(3));
    assert.equal(await page.locator('#scored tr[data-who="seat"]').count(), sc.seats.length);
    await context.close();
  } finally {
    await s.stop();
    removeDir(late);
  }
});
