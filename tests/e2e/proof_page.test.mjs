// The league's published proof page (core/src/league/proof_page.rs) as a reader meets it in
// headless Chromium, served by `sealbook serve --data DIR` from a league the fixture writer wrote
// and `sealbook league publish` published: `/data/proof/<day>/` is the day's page (not a
// directory listing); it is one of the site's pages (a skip link that moves the focus to its
// `<main>`, the site's navigation back to the verifier, a link that opens the league in the
// verifier, which then fetches the league's manifest); it states the day's 09:30 ET reference
// and each stamped list's time in ET; at a phone's 390 px nothing scrolls sideways, in English
// and in Arabic; and printed, the navigation is gone and the page makes a PDF.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SEALBOOK_BIN, DEMO_FIXTURE_BIN, removeDir, startServer, launchBrowser, screenshot,
} from './harness.mjs';

let dir; let server; let browser; let days;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-proof-page-'));
  execFileSync(DEMO_FIXTURE_BIN, [dir]);
  execFileSync(SEALBOOK_BIN, ['league', 'publish', dir]);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  days = manifest.files.map((f) => /^proof\/(\d{4}-\d\d-\d\d)\/index\.html$/.exec(f.path)).filter(Boolean).map((m) => m[1]);
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

const dayUrl = (day, query = '') => new URL(`/data/proof/${day}/${query}`, server.url).href;

async function open(url, { viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const response = await page.goto(url);
  return { context, page, errors, response };
}

test("a day's directory is its proof page: one of the site's pages, with the reference in ET", async () => {
  assert.ok(days.length > 0, 'the league publishes proof pages');
  const day = days[0];
  const { context, page, errors, response } = await open(dayUrl(day));
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'], /^text\/html/);
  assert.match(await page.title(), new RegExp(`^Proof page ${day}`), 'the page, not a listing');
  assert.equal(await page.locator('main#main').count(), 1, 'one main landmark');
  assert.equal(await page.locator('main h1').count(), 1);

  // The keyboard's first stop is the skip link; following it puts the focus in <main>.
  await page.keyboard.press('Tab');
  // innerText: the text as shown, in the page's language only (each sentence is written in all three).
  const skip = await page.evaluate(() => ({ text: document.activeElement.innerText.trim(), href: document.activeElement.getAttribute('href') }));
  assert.deepEqual(skip, { text: 'Skip to the content', href: '#main' });
  const box = await page.locator('a.skip').boundingBox();
  assert.ok(box && box.y >= 0, 'the focused skip link is on screen');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');

  // The site's navigation leads back to the verifier at the site's root.
  const nav = await page.evaluate(() => [...document.querySelectorAll('header nav.site a')].map((a) => [a.innerText.trim(), a.href]));
  assert.deepEqual(nav[0], ['Verify', server.url]);
  assert.deepEqual(nav.map(([, href]) => new URL(href).pathname), ['/', '/scores.html', '/accounts.html', '/experiment.html']);

  // The day's 09:30 ET reference and each list's time, in ET with UTC beside it.
  const reference = await page.innerText('main section.reference');
  assert.match(reference, new RegExp(`The 09:30 ET reference of ${day} is 1[34]:30:00 UTC\\.`));
  assert.match(reference, /Lists taken before the reference cover council-book\.jsonl lines 1-\d+; the last of them was taken at \d\d:\d\d:\d\d ET\./);
  const taken = await page.locator('main p.taken').allInnerTexts();
  assert.ok(taken.length > 0);
  for (const t of taken) assert.match(t, new RegExp(`^Taken at \\d\\d:\\d\\d:\\d\\d ET on ${day} \\(\\d\\d:\\d\\d:\\d\\d UTC\\), (before|after) the 09:30 ET reference\\.$`));
  assert.ok((await page.locator('main th').allInnerTexts()).includes('at (ET)'), 'the lines carry their ET time');
  await screenshot(page, 'proof-page');

  // "Verify this day in your browser" opens the verifier on the league's manifest.
  const manifestFetched = page.waitForResponse((r) => r.url() === new URL('/data/manifest.json', server.url).href && r.status() === 200, { timeout: 60000 });
  await page.click('#verify-day');
  await page.waitForURL((u) => u.origin === new URL(server.url).origin && u.pathname === '/' && u.searchParams.get('league') === 'data/manifest.json');
  await manifestFetched;
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 390 px the proof page does not scroll sideways, in English and in Arabic', async () => {
  for (const day of days) {
    for (const lang of ['en', 'ar']) {
      const { context, page } = await open(dayUrl(day, `?lang=${lang}`), { viewport: { width: 390, height: 844 } });
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
      if (width > 390) await screenshot(page, `proof-page-390-${lang}-${day}`);
      assert.ok(width <= 390, `${day} ${lang}: ${width} px wide at 390 px`);
      await context.close();
    }
  }
});

test('printed, the proof page leaves out its navigation and makes a PDF', async () => {
  const { context, page } = await open(dayUrl(days[0]));
  const shown = () => page.evaluate(() => ['header', 'a.skip', '#verify-day'].map((s) => getComputedStyle(document.querySelector(s).closest('header, a.skip, p') ?? document.querySelector(s)).display));
  assert.ok((await shown()).every((d) => d !== 'none'), 'on screen, the navigation is there');
  await page.emulateMedia({ media: 'print' });
  assert.deepEqual(await shown(), ['none', 'none', 'none']);
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.scroll')).overflowX), 'visible', 'tables print whole');
  const pdf = await page.pdf({ format: 'A4' });
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  await context.close();
});
