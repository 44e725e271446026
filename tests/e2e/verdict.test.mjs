// The reader's verdict first (web/src/verifier/verdict_view.rs over core's verifier::overall), in headless
// Chromium on the engine-made DEMO league opened with ?league=: at desktop and phone width the
// verdict card is inside the first screen, is the focused element and is announced, says it in
// a few lines, and the page holds well under 20,000 DOM nodes (the file list, stamps, proofs and
// tables come a page at a time); amber while the DEMO authority's root is not chosen, with the
// button that chooses it, green once it is; red for a book edited after it was sealed, naming
// the line, with its rows set apart in the answers' table; and in Chinese and Arabic the card
// reads in the language.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { SEALBOOK_BIN, removeDir, startServer, launchBrowser, openPage, allPages, screenshot } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/// A few lines: the verdict, what holds it back or where it failed, the answers, the coverage.
const MAX_CARD_CHARS = 600;
const MAX_DOM_NODES = 20000;

let dir; let server; let browser; let editedLine;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-verdict-'));
  const demo = join(dir, 'demo');
  execFileSync(SEALBOOK_BIN, ['demo', '--out', demo], { stdio: 'ignore' });
  // A copy whose book was edited after it was sealed (one answer's probability changed, the
  // chain not rewritten) and whose manifest was made again to match: the files all "match",
  // the book does not.
  const tampered = join(dir, 'tampered');
  cpSync(demo, tampered, { recursive: true });
  const bookPath = join(tampered, 'council-book.jsonl');
  const lines = readFileSync(bookPath, 'utf8').split('\n');
  const at = lines.findIndex((l, i) => i > 100 && /"prob_up": \d/.test(l));
  assert.ok(at > 0, 'an answer line to edit');
  lines[at] = lines[at].replace(/"prob_up": (\d)/, (_, d) => `"prob_up": ${d === '9' ? '8' : String(Number(d) + 1)}`);
  editedLine = at + 1;
  const book = Buffer.from(lines.join('\n'));
  writeFileSync(bookPath, book);
  const manifestPath = join(tampered, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = manifest.files.find((f) => f.path === 'council-book.jsonl');
  entry.bytes = book.length;
  entry.sha256 = createHash('sha256').update(book).digest('hex');
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  server = await startServer(dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(dir);
});

const leagueUrl = (name, lang) => new URL(`/?league=/data/${name}/manifest.json${lang ? `&lang=${lang}` : ''}`, server.url).href;

/// Waits for the card in `state` to be the focused element, then reads it and the page.
async function card(page, state) {
  await page.waitForSelector(`[data-testid="verdict"][data-state="${state}"]`, { timeout: 180000 });
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'verdict', null, { timeout: 10000 });
  return page.evaluate(() => {
    const v = document.querySelector('[data-testid="verdict"]');
    const rect = v.getBoundingClientRect();
    return {
      state: v.dataset.state,
      ok: v.dataset.ok === 'true',
      text: v.textContent.trim(),
      // Where the card's top is on the page: inside the first screen when below its height.
      top: rect.top + window.scrollY,
      screen: window.innerHeight,
      nodes: document.getElementsByTagName('*').length,
      announced: document.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? '',
      before: [...document.querySelectorAll('.callout.ok, .verdict.ok')]
        .filter((e) => e !== v && (e.compareDocumentPosition(v) & Node.DOCUMENT_POSITION_FOLLOWING)).length,
      roots: [...document.querySelectorAll('[data-testid="choose-root"]')].map((b) => b.dataset.file),
    };
  });
}

function firstScreenAndShort(c, label) {
  assert.ok(c.top < c.screen, `${label}: the card starts at ${c.top} px, below the first screen (${c.screen} px)`);
  assert.ok(c.text.length < MAX_CARD_CHARS, `${label}: ${c.text.length} characters: ${c.text}`);
  assert.ok(c.nodes < MAX_DOM_NODES, `${label}: ${c.nodes} DOM nodes`);
  assert.equal(c.before, 0, `${label}: nothing green above the verdict`);
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the DEMO league's verdict is first, focused and short; amber until its root is chosen, then green (${label})`, async () => {
    const { context, page, errors } = await openPage(browser, leagueUrl('demo'), viewport);
    const amber = await card(page, 'unchecked');
    firstScreenAndShort(amber, `${label}, amber`);
    assert.equal(amber.ok, false);
    assert.match(amber.text, /^Not fully checked yet/);
    assert.match(amber.text, /timestamp tokens of .*sealbook DEMO.* could not be checked: you have not chosen its root/);
    assert.match(amber.text, /Trusting it means trusting/);
    assert.match(amber.text, /counted answers proven sealed before their reference \(09:30 ET\)/);
    assert.match(amber.announced, /^Not fully checked yet\./, amber.announced);
    assert.match(amber.roots[0] ?? '', /(^|\/)tsa\/demo-root\.pem$/, JSON.stringify(amber.roots));
    await screenshot(page, `verdict-amber-${label}`);

    await page.locator('[data-testid="choose-root"]').first().click();
    const green = await card(page, 'passed');
    firstScreenAndShort(green, `${label}, green`);
    assert.equal(green.ok, true);
    assert.match(green.text, /^Verified/);
    assert.match(green.text, /Level 2\+ reached/);
    const m = green.text.match(/(\d[\d,]*) of (\d[\d,]*) counted answers proven sealed before their reference \(09:30 ET\) by sealbook DEMO.*? \((\d[\d,]*)\)\./);
    assert.ok(m, green.text);
    assert.ok(Number(m[1].replace(/,/g, '')) > 0 && m[1] === m[3], green.text);
    assert.match(green.text, /council-book\.jsonl: lines 1-[\d,]+ of [\d,]+ proven by sealbook DEMO.*?\(Level 2\+\)/);
    // The ladder says pending, not "paste the block header": every DEMO proof is pending.
    assert.match(await page.locator('[data-testid="rung-2"]').textContent(), /pending: every OpenTimestamps proof still waits for Bitcoin/);
    await screenshot(page, `verdict-green-${label}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a book edited after it was sealed is red, names the line, and its rows are not shown as verdicts', async () => {
  const { context, page, errors } = await openPage(browser, leagueUrl('tampered'), DESKTOP);
  const red = await card(page, 'failed');
  firstScreenAndShort(red, 'red');
  assert.match(red.text, /^Not verified/);
  assert.match(red.text, new RegExp(`council-book\\.jsonl: the chain breaks at line ${editedLine.toLocaleString('en-US')} \\(seal check\\)`), red.text);
  // From the edited line on, no answer row carries a verdict.
  await page.waitForSelector('[data-testid="answers"]', { timeout: 30000 });
  const rows = await allPages(page, 'answers-table', () => page.$$eval('[data-testid="answer-row"]', (trs) => trs.map((tr) => ({
    line: Number(tr.dataset.line), tampered: tr.dataset.tampered === 'true', verdict: tr.dataset.verdict ?? null,
  }))));
  assert.ok(rows.some((r) => r.tampered), 'some rows are set apart');
  for (const r of rows) {
    assert.equal(r.tampered, r.line >= editedLine, JSON.stringify(r));
    if (r.tampered) assert.equal(r.verdict, null, JSON.stringify(r));
  }
  await screenshot(page, 'verdict-red-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [lang, title, english] of [['zh', /^尚未完全检查/, /Not fully checked|counted answers/], ['ar', /^لم يكتمل الفحص بعد/, /Not fully checked|counted answers/]]) {
  test(`the verdict card reads in ${lang}`, async () => {
    const { context, page, errors } = await openPage(browser, leagueUrl('demo', lang), PHONE);
    const c = await card(page, 'unchecked');
    firstScreenAndShort(c, lang);
    assert.match(c.text, title);
    assert.doesNotMatch(c.text, english, c.text);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    await screenshot(page, `verdict-amber-${lang}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
