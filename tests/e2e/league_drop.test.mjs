// A dropped folder that holds its league's manifest.json, in headless Chromium: the fixture
// league (tests/support/demo_fixture.rs) with the manifest `sealbook league publish` writes is
// checked against that manifest as if opened by URL (every listed file's size and SHA-256),
// then verified. A copy with one ask text edited names it as differing, one with a stamped
// list removed names it as missing, and a file the manifest does not list is named as unlisted;
// the files that match still verify.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { SEALBOOK_BIN, DEMO_FIXTURE_BIN, removeDir, startServer, launchBrowser, openPage, readResults } from './harness.mjs';

let dir; let server; let browser; let editedAsk; let listed;
const removedList = 'proof/2026-10-20/200530Z.txt';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-league-drop-'));
  const league = join(dir, 'league');
  execFileSync(DEMO_FIXTURE_BIN, [league]);
  execFileSync(SEALBOOK_BIN, ['league', 'publish', league]);
  listed = JSON.parse(readFileSync(join(league, 'manifest.json'), 'utf8')).files.map((f) => f.path);
  const edited = join(dir, 'edited');
  cpSync(league, edited, { recursive: true });
  editedAsk = `asks/${readdirSync(join(edited, 'asks')).sort()[0]}`;
  appendFileSync(join(edited, editedAsk), 'One more line.\n');
  writeFileSync(join(edited, 'notes.txt'), 'not published\n');
  const removed = join(dir, 'removed');
  cpSync(league, removed, { recursive: true });
  rmSync(join(removed, removedList));
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

async function chooseFolder(folder) {
  const opened = await openPage(browser, server.url);
  const chooserOpened = opened.page.waitForEvent('filechooser');
  await opened.page.getByText('Choose a folder…').click();
  const chooser = await chooserOpened;
  await chooser.setFiles(folder);
  return opened;
}

async function leagueStatus(page) {
  await page.waitForSelector('[data-testid="league-status"][data-state="checked"], [data-testid="league-status"][data-state="failed"]', { timeout: 60000 });
  return page.evaluate(() => {
    const s = document.querySelector('[data-testid="league-status"]');
    const paths = (sel) => [...document.querySelectorAll(sel)].map((li) => ({ path: li.dataset.path, text: li.textContent.trim() }));
    return {
      state: s.dataset.state,
      ok: s.dataset.ok === 'true',
      text: s.textContent.trim(),
      failures: paths('[data-testid="league-failure"]'),
      unlisted: paths('[data-testid="league-unlisted-file"]'),
    };
  });
}

function theBook(r) {
  const book = r.books.find((b) => b.name.endsWith('council-book.jsonl'));
  assert.ok(book, `the book is verified: ${JSON.stringify(r.books.map((b) => b.name))}`);
  assert.equal(book.ok, true);
  return book;
}

test('a dropped league folder is checked against its manifest.json, then verified', async () => {
  const { context, page, errors } = await chooseFolder(join(dir, 'league'));
  const s = await leagueStatus(page);
  assert.equal(s.state, 'checked', s.text);
  assert.equal(s.ok, true, s.text);
  assert.match(s.text, new RegExp(`^League ".+": all ${listed.length} files listed in manifest\\.json were dropped and match their SHA-256; they are verified below\\.$`));
  assert.deepEqual(s.failures, []);
  assert.deepEqual(s.unlisted, [], 'the folder is what the manifest lists');
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  const book = theBook(r);
  assert.equal(book.linesChecked, '21');
  assert.equal(book.stamps.length, 6);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an edited file is named as differing and a file the manifest does not list is named', async () => {
  const { context, page, errors } = await chooseFolder(join(dir, 'edited'));
  const s = await leagueStatus(page);
  assert.equal(s.ok, false, s.text);
  assert.match(s.text, new RegExp(`1 of ${listed.length} files listed in manifest\\.json are missing or differ`));
  assert.deepEqual(s.failures.map((f) => f.path), [editedAsk]);
  const size = readFileSync(join(dir, 'edited', editedAsk)).length;
  assert.equal(s.failures[0].text, `${editedAsk}: ${size} bytes, manifest.json lists ${size - 'One more line.\n'.length}`);
  assert.deepEqual(s.unlisted.map((u) => u.path), ['edited/notes.txt']);
  // The edited ask text is not checked; the book and its stamps still are.
  const r = await readResults(page);
  const book = theBook(r);
  assert.equal(book.stamps.length, 6);
  const texts = await page.$$eval('[data-testid="ask-texts"] li', (li) => li.map((x) => x.textContent));
  assert.ok(texts.length > 0 && texts.every((t) => !t.includes(editedAsk.slice(5))), texts.join(' | '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a removed file is named as missing; the rest still verifies', async () => {
  const { context, page, errors } = await chooseFolder(join(dir, 'removed'));
  const s = await leagueStatus(page);
  assert.equal(s.ok, false, s.text);
  assert.deepEqual(s.failures, [{ path: removedList, text: `${removedList}: listed in manifest.json but missing (not among the dropped files)` }]);
  assert.deepEqual(s.unlisted, []);
  const r = await readResults(page);
  const book = theBook(r);
  assert.equal(book.stamps.length, 5, 'the removed list is not checked');
  assert.deepEqual(errors, []);
  await context.close();
});
