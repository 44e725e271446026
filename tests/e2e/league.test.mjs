// A whole league opened from its manifest.json in headless Chromium: the fixture writer writes
// a league (the small three-session DEMO the other page tests use), `sealbook league publish` writes its manifest, `sealbook serve` serves it, and the
// page opened at ?league=<manifest URL> (or with the URL typed in) fetches every listed file,
// checks each against its SHA-256 and hands them to the verifier. A copy with one ask text
// edited and one stamped list deleted fails by name, while the files that match still verify.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { SEALBOOK_BIN, DEMO_FIXTURE_BIN, removeDir, startServer, launchBrowser, openPage, readResults, screenshot } from './harness.mjs';

let dir; let server; let browser; let editedAsk; const deletedList = 'proof/2026-10-20/200530Z.txt';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-league-'));
  const league = join(dir, 'league');
  execFileSync(DEMO_FIXTURE_BIN, [league]);
  execFileSync(SEALBOOK_BIN, ['league', 'publish', league]);
  const tampered = join(dir, 'tampered');
  cpSync(league, tampered, { recursive: true });
  editedAsk = `asks/${readdirSync(join(tampered, 'asks')).sort()[0]}`;
  appendFileSync(join(tampered, editedAsk), 'One more line.\n');
  rmSync(join(tampered, deletedList));
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

async function leagueStatus(page) {
  await page.waitForSelector('[data-testid="league-status"][data-state="checked"], [data-testid="league-status"][data-state="failed"]', { timeout: 60000 });
  return page.evaluate(() => {
    const s = document.querySelector('[data-testid="league-status"]');
    return {
      state: s.dataset.state,
      ok: s.dataset.ok === 'true',
      text: s.textContent.trim(),
      failures: [...document.querySelectorAll('[data-testid="league-failure"]')].map((li) => ({ path: li.dataset.path, text: li.textContent.trim() })),
    };
  });
}

function demoBookChecks(r) {
  const book = r.books.find((b) => b.name === 'council-book.jsonl');
  assert.ok(book, `the book is verified: ${JSON.stringify(r.books.map((b) => b.name))}`);
  assert.equal(book.ok, true);
  assert.equal(book.linesChecked, '21');
  return book;
}

test('?league= opens a served league: every listed file matches and the verdicts are shown', async () => {
  const url = new URL('/?league=/data/league/manifest.json', server.url).href;
  const { context, page, errors } = await openPage(browser, url);
  const s = await leagueStatus(page);
  assert.equal(s.state, 'checked', s.text);
  assert.equal(s.ok, true, s.text);
  assert.match(s.text, /all \d+ files listed in manifest\.json were fetched and match/);
  assert.deepEqual(s.failures, []);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  const book = demoBookChecks(r);
  assert.equal(book.stamps.length, 6);
  assert.ok(book.stamps.every((st) => st.ok), JSON.stringify(book.stamps));
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'league-manifest'));
  await context.close();
});

test('a league with an edited ask text and a deleted list fails by name; the rest still verifies', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await page.fill('[data-testid="league-url"]', new URL('/data/tampered/manifest.json', server.url).href);
  await page.click('[data-testid="open-league"]');
  const s = await leagueStatus(page);
  assert.equal(s.state, 'checked', s.text);
  assert.equal(s.ok, false, s.text);
  assert.match(s.text, /2 of \d+ files listed in manifest\.json are missing or differ/);
  const byPath = Object.fromEntries(s.failures.map((f) => [f.path, f.text]));
  assert.deepEqual(Object.keys(byPath).sort(), [editedAsk, deletedList].sort());
  assert.match(byPath[editedAsk], /bytes, manifest\.json lists/);
  assert.match(byPath[deletedList], /listed in manifest\.json but missing \(HTTP 404\)/);
  const r = await readResults(page);
  const book = demoBookChecks(r);
  assert.equal(book.stamps.length, 5, 'the deleted list is not checked');
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});

test('an address that is not a manifest is refused with the reason', async () => {
  const url = new URL('/?league=/data/league/council-stats.json', server.url).href;
  const { context, page } = await openPage(browser, url);
  const s = await leagueStatus(page);
  assert.equal(s.state, 'failed');
  assert.match(s.text, /council-stats\.json: manifest\.json: field \(file\): not a manifest/);
  await context.close();
});
