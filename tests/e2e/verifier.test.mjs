// The verifier page in headless Chromium, served by `sealbook serve`, checking books and stamped
// lists that CPython wrote independently of sealbook (make_fixtures.py, Appendix B steps 3-4).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  REPO, SEALBOOK_BIN, DEMO_FIXTURE_BIN, makeFixtures, removeDir, startServer, launchBrowser, openPage, dropFiles, readResults, screenshot,
  startVerifier,
} from './harness.mjs';

const HEX64 = /^[0-9a-f]{64}$/;
let fx; let server; let browser;

before(async () => {
  fx = makeFixtures();
  server = await startServer(fx.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(fx?.dir);
});

const path = (...p) => join(fx.dir, ...p);
const num = (n) => n.toLocaleString('en-US');

test('a valid book with its stamped list verifies, with no network request', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await startVerifier(page);
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await dropFiles(page, [path('good', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  assert.equal(r.books.length, 1);
  const [book] = r.books;
  assert.equal(book.name, 'council-book.jsonl');
  assert.equal(book.ok, true);
  assert.equal(book.linesChecked, num(fx.facts.lines));
  assert.equal(book.firstBadLine, 'none');
  assert.equal(book.partialTail, false);
  assert.equal(book.stamps.length, 1);
  assert.deepEqual(
    { ...book.stamps[0], text: undefined },
    { list: '130025Z.txt', ok: true, sha256Ok: true, lastLinkOk: true, text: undefined },
  );
  assert.match(book.stamps[0].text, new RegExp(`first ${fx.facts.stamped} lines`));
  assert.equal(r.level, 'Level 1 reached');
  assert.match(r.stillTrusted, /operator's clock/);
  assert.deepEqual(requests, [], 'verification must not touch the network');
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'valid-desktop'));
  await context.close();
});

test('an edited value is located: line, failed check, both hashes', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await startVerifier(page);
  await context.setOffline(true); // the page needs nothing more from the network once started
  await dropFiles(page, [path('tampered', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  const [book] = r.books;
  assert.equal(r.ok, false);
  assert.equal(book.ok, false);
  assert.equal(book.linesChecked, num(fx.facts.lines));
  assert.equal(book.firstBadLine, String(fx.facts.tampered_at));
  assert.equal(book.failedCheck, 'seal');
  assert.match(book.expected, HEX64);
  assert.match(book.found, HEX64);
  assert.notEqual(book.expected, book.found);
  // The stamped prefix covers the edited line, so the stamp fails too.
  assert.equal(book.stamps[0].sha256Ok, false);
  assert.match(r.headline, new RegExp(`line ${fx.facts.tampered_at}\\b`));
  assert.match(r.level, /Level 0/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a rewritten, re-sealed prefix keeps the chain but fails the stamp (phone width)', async () => {
  const { context, page, errors } = await openPage(browser, server.url, { width: 390, height: 844 });
  await dropFiles(page, [path('rewritten', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  const [book] = r.books;
  assert.equal(book.ok, true, 'the re-sealed chain holds by itself');
  assert.equal(book.firstBadLine, 'none');
  assert.equal(r.ok, false, 'but the page must not call it verified');
  assert.equal(book.stamps[0].ok, false);
  assert.equal(book.stamps[0].sha256Ok, false);
  assert.equal(book.stamps[0].lastLinkOk, false);
  assert.match(book.stamps[0].text, /rewritten/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone screen`);
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'rewritten-phone'));
  await context.close();
});

test('a book larger than one read chunk, chosen with the keyboard-operable picker', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  // Listen first: Playwright intercepts choosers only once its listener is installed.
  const chooserOpened = page.waitForEvent('filechooser');
  // Tab reaches the picker button; Enter opens the file chooser.
  let focused = '';
  for (let i = 0; i < 10 && focused !== 'Choose files…'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.textContent.trim());
  }
  assert.equal(focused, 'Choose files…');
  await page.keyboard.press('Enter');
  const chooser = await chooserOpened;
  await chooser.setFiles([path('big', 'council-book.jsonl')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  assert.equal(r.books[0].linesChecked, num(fx.facts.big_lines));
  assert.ok(fx.facts.big_bytes > 2 * 4 * 1024 * 1024, 'the fixture must span several 4 MiB reads');
  assert.deepEqual(errors, []);
  await context.close();
});

// The first line start at or after each of core's cut points (`cut_points`: len * i / k) of a
// book of `len` bytes split into `k` ranges.
function rangeStarts(bytes, k) {
  const starts = [];
  for (let i = 1; i < k; i++) starts.push(bytes.indexOf(0x0a, Math.floor((bytes.length * i) / k) - 1) + 1);
  return starts;
}

test('a large damaged book split among k workers gives `sealbook verify --json`\'s report, breaks at the range boundaries', async () => {
  const good = readFileSync(path('big', 'council-book.jsonl'));
  for (const k of [2, 3, 5]) {
    assert.ok(good.length > k << 20, 'the fixture must be large enough for k ranges');
    // Damage that keeps the length, so the ranges start where they do on the good book: the
    // first line of range 2 unreadable (its worker cannot tell the state after it), the first
    // line of range 3 swapped with the next (n and prev break at the boundary), a hex digit
    // of prev changed on the first line of range 4.
    const bad = Buffer.from(good);
    const starts = rangeStarts(bad, k);
    bad[starts[0]] = 0x78; // 'x'
    if (starts[1] !== undefined) {
      const a = starts[1];
      const b = bad.indexOf(0x0a, a) + 1;
      const c = bad.indexOf(0x0a, b) + 1;
      Buffer.concat([good.subarray(b, c), good.subarray(a, b)]).copy(bad, a);
    }
    if (starts[2] !== undefined) {
      const at = bad.indexOf('"prev": "', starts[2]) + 9;
      bad[at] = bad[at] === 0x30 ? 0x31 : 0x30;
    }
    const dir = join(fx.dir, `split-${k}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'council-book.jsonl');
    writeFileSync(file, bad);
    const cli = spawnSync(SEALBOOK_BIN, ['verify', file, '--json', '--threads', '1'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(cli.status, 1, cli.stderr);
    const want = JSON.parse(cli.stdout);

    const context = await browser.newContext();
    await context.addInitScript((k) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => k });
      const W = window.Worker;
      window.Worker = class extends W {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', (e) => {
            if (typeof e.data === 'string' && e.data.startsWith('{"done":')) window.verifierDone = e.data;
          });
        }
      };
    }, k);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const rangeWorkers = [];
    context.on('request', (r) => { if (r.url().endsWith('/range-worker.js')) rangeWorkers.push(r.url()); });
    await page.goto(server.url);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
    await dropFiles(page, [file]);
    const r = await readResults(page);
    assert.equal(r.ok, false, r.headline);
    const done = JSON.parse(await page.evaluate(() => window.verifierDone)).done;
    const got = done.report.books[0].report;
    for (const key of ['lines', 'bytes', 'first_bad_line', 'problems', 'problems_omitted', 'partial_tail', 'partial_tail_bytes', 'sha256', 'last_link']) {
      assert.deepEqual(got[key], want[key], `k=${k}: ${key}`);
    }
    assert.equal(got.ok, want.chain_ok);
    // The breaks are where the ranges meet, so the joining is what found them.
    const lineOf = (at) => bad.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    const problemLines = want.problems.map((p) => p.line);
    for (const at of starts.slice(0, 3)) assert.ok(problemLines.includes(lineOf(at)), `k=${k}: line ${lineOf(at)}`);
    assert.equal(rangeWorkers.length, k, `k=${k}: one range worker per range`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a partial tail is noted, not failed; an unreadable list is reported by name and line', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, [path('partial', 'council-book.jsonl'), path('partial', 'broken.txt')]);
  const r = await readResults(page);
  const [book] = r.books;
  assert.equal(book.ok, true);
  assert.equal(book.linesChecked, num(fx.facts.lines - 1));
  assert.equal(book.partialTail, true);
  const listErrors = await page.locator('[data-testid="list-errors"]').textContent();
  assert.match(listErrors, /broken\.txt: line 1: sha256 must be 64 lowercase hex digits/);
  assert.equal(r.ok, false, 'an unreadable list must not pass silently');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a whole folder (the fixture league's files) chosen with the folder picker", async () => {
  const dir = path('demo');
  execFileSync(DEMO_FIXTURE_BIN, [dir], { stdio: 'ignore' });
  const all = readdirSync(dir, { recursive: true }).map(String);
  const books = all.filter((f) => f.endsWith('.jsonl')).sort();
  const lists = all.filter((f) => /^proof\/.*\.txt$/.test(f));
  const entries = lists.flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.includes(', sha256 ')));
  assert.ok(books.length >= 1 && lists.length >= 2, `demo has books ${books} and lists ${lists}`);

  const { context, page, errors } = await openPage(browser, server.url);
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  const chooser = await chooserOpened;
  await chooser.setFiles(dir);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  assert.deepEqual(r.books.map((b) => b.name.replace(/^demo\//, '')).sort(), books);
  const stamps = r.books.flatMap((b) => b.stamps);
  assert.equal(stamps.length, entries.length, 'every entry of every list is checked against its book');
  assert.ok(stamps.every((s) => s.ok));
  // Lists of different days share file names; the page tells them apart by their path.
  assert.equal(new Set(stamps.map((s) => s.list)).size, lists.length);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a verifier that cannot start is reported, not left spinning', async () => {
  // The same site without worker.js: the page loads, its worker cannot, once files are given.
  const www = path('www-without-worker');
  cpSync(join(REPO, 'www'), www, { recursive: true });
  rmSync(join(www, 'worker.js'));
  const broken = await startServer(fx.dir, ['--www', www]);
  try {
    const { context, page } = await openPage(browser, broken.url);
    await dropFiles(page, [path('good', 'council-book.jsonl')]);
    const alert = page.locator('[role="alert"]');
    await alert.waitFor({ timeout: 30000 });
    assert.match(await alert.textContent(), /The verifier could not start/);
    assert.equal(await page.locator('[data-testid="verdict"]').count(), 0);
    await context.close();
  } finally {
    await broken.stop();
  }
});

test('verify_book is exported for the benchmark and returns the ChainReport JSON', async () => {
  const { context, page } = await openPage(browser, server.url);
  const bytes = [...readFileSync(path('tampered', 'council-book.jsonl'))];
  const report = await page.evaluate(async (bytes) => {
    const m = await import('/pkg/verify_worker.js');
    await m.default();
    return JSON.parse(m.verify_book(new Uint8Array(bytes)));
  }, bytes);
  assert.equal(report.ok, false);
  assert.equal(report.lines, fx.facts.lines);
  assert.equal(report.first_bad_line, fx.facts.tampered_at);
  assert.equal(report.problems[0].check, 'seal');
  assert.deepEqual(report.prefixes, []);
  await context.close();
});

// A stamped list's entries are matched to the dropped book by what it is, not only by its file
// name: a copy saved as `council-book (1).jsonl` (a second download), `copy of …`, in other
// letter case or renamed is checked against the list's book entry, by content when untouched
// and by its run/answer lines when rewritten (Appendix B step 3, §3.2).
test('a renamed, copied, re-downloaded or re-cased book is checked against its stamp', async () => {
  for (const name of fx.facts.renamed) {
    for (const [dir, ok] of [['renamed-good', true], ['renamed-rewritten', false]]) {
      const { context, page, errors } = await openPage(browser, server.url);
      await dropFiles(page, [path(dir, name), path('two', '200530Z.txt')]);
      const r = await readResults(page);
      assert.equal(r.ok, ok, `${dir}/${name}: ${r.headline}`);
      const [book] = r.books;
      assert.equal(book.name, name);
      assert.equal(book.ok, true, 'the chain holds either way');
      assert.equal(book.stamps.length, 1, `${dir}/${name}: the book entry is checked`);
      assert.equal(book.stamps[0].ok, ok);
      if (ok) {
        assert.match(book.stamps[0].text, /matched by content/, name);
        assert.match(r.headline, /^Verified/);
      } else {
        assert.equal(book.stamps[0].sha256Ok, false);
        assert.match(book.stamps[0].text, /the stamped prefix was rewritten/, name);
        assert.match(book.stamps[0].text, /matched by line kinds/, name);
        assert.match(r.headline, /^Not verified/);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('a dropped list that checks nothing against the dropped book fails, naming the list', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, [path('other', 'other.jsonl'), path('two', '200530Z.txt')]);
  const r = await readResults(page);
  assert.equal(r.ok, false, r.headline);
  assert.match(r.headline, /^Not verified/);
  assert.equal(r.state, 'failed');
  assert.match(r.headline, /The stamped list 200530Z\.txt names no line of the books given/);
  assert.match(r.summary, /200530Z\.txt checks nothing/);
  assert.equal(r.books[0].ok, true);
  assert.equal(r.books[0].stamps.length, 0);
  const unchecked = await page.locator('[data-testid="unchecked-lists"]').textContent();
  assert.match(unchecked, /200530Z\.txt/);
  assert.match(unchecked, /daily\/council\/book\.jsonl/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lines after the last stamped prefix are marked as the operator\'s word', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await dropFiles(page, [path('good', 'council-book.jsonl'), path('two', '200530Z.txt'), path('two', 'asks.jsonl')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  const books = await page.locator('[data-testid="book"]').all();
  const notes = {};
  for (const b of books) {
    const note = b.locator('[data-testid="unanchored"]');
    notes[await b.getAttribute('data-name')] = (await note.count()) ? (await note.textContent()).trim() : null;
  }
  assert.deepEqual(notes, {
    'council-book.jsonl': `Lines ${fx.facts.stamped + 1}-${fx.facts.lines} are not covered by any stamped list: Level 1, the operator's word.`,
    'asks.jsonl': null,
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page and its worker run under the strict Content-Security-Policy, with no violation', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // Every violation the page sees (its own, and those its workers report to it).
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const headers = {};
  page.on('response', (r) => { headers[new URL(r.url()).pathname] = r.headers()['content-security-policy']; });
  const resp = await page.goto(server.url);
  const csp = resp.headers()['content-security-policy'];
  for (const d of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'",
    "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    assert.ok(csp.includes(d), `${d} in ${csp}`);
  }
  const directives = csp.split(';').map((d) => d.trim());
  assert.ok(directives.includes("script-src 'self' 'wasm-unsafe-eval'"), `no inline script, no eval: ${csp}`);
  assert.ok(!directives.some((d) => d.split(' ').includes("'unsafe-eval'")), csp);
  await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
  await dropFiles(page, [path('good', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  // The page's glue and wasm have content-hashed names behind the stable verify.js.
  const hashed = (re) => {
    const p = Object.keys(headers).find((k) => re.test(k));
    assert.ok(p, `a request matching ${re} in ${Object.keys(headers).join(' ')}`);
    return p;
  };
  const served = ['/boot.js', '/pkg/verify.js', hashed(/^\/pkg\/verify-[0-9a-f]{16}\.js$/),
    hashed(/^\/pkg\/verify_bg-[0-9a-f]{16}\.wasm$/), '/worker.js', '/style.css'];
  for (const p of served) {
    assert.equal(headers[p], csp, `${p} is served with the page's policy`);
  }
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// The first load, cold cache (a new browser context), from navigation to ready-for-a-drop (the
// page's Performance API mark): what every resource's entry started before the mark says was
// transferred (`transferSize`: the body as sent, compressed, and its headers), summed with the
// page's own, stays within 450 KB; after it the verifier worker's chain module loads in the
// background, and a book with its stamped list needs no other; and no other page's wasm (the Scores page's scorer, the Accounts page's trading engine, the
// experiment) is fetched, before the drop or after it.
const FIRST_LOAD_BUDGET = 450_000;
test('the first load transfers at most 450 KB and fetches no other page\'s wasm', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const fetched = [];
  context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(server.url);
  await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
  const entries = await page.evaluate(() => {
    const [ready] = performance.getEntriesByName('sealbook-ready-for-a-drop', 'mark');
    return [
      ...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource'),
    ].filter((e) => e.startTime <= ready.startTime)
      .map((e) => ({ name: new URL(e.name).pathname, transfer: e.transferSize, decoded: e.decodedBodySize }));
  });
  const total = entries.reduce((n, e) => n + e.transfer, 0);
  const table = entries.map((e) => `${e.name} ${e.transfer} B (${e.decoded} B decoded)`).join('\n  ');
  console.log(`first load, ${entries.length} resources, ${total} B on the wire:\n  ${table}`);
  // Every resource was fetched (a cold cache) and its size is known: none reads 0.
  assert.ok(entries.every((e) => e.transfer > 0), table);
  const wasm = entries.filter((e) => e.name.endsWith('.wasm'));
  assert.deepEqual(wasm.map((e) => e.name.replace(/-[0-9a-f]{16}/, '')), ['/pkg/verify_bg.wasm'], table);
  assert.ok(total <= FIRST_LOAD_BUDGET, `first load ${total} B > ${FIRST_LOAD_BUDGET} B:\n  ${table}`);
  // The worker's chain module comes after the first load, and only it.
  await dropFiles(page, [path('good', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  // The full verifier's module follows in the background once the verdict is shown (the test
  // below holds the order).
  const wasmFetched = [...new Set(fetched.filter((p) => p.endsWith('.wasm')).map((p) => p.replace(/-[0-9a-f]{16}/, '')))]
    .filter((p) => p !== '/pkg/verify_worker_bg.wasm').sort();
  assert.deepEqual(wasmFetched, ['/pkg/verify_bg.wasm', '/pkg/verify_chain_bg.wasm'], fetched.join(' '));
  assert.ok(!fetched.some((p) => /\/pkg\/(scores|accounts|experiment)/.test(p)), fetched.join(' '));
  assert.deepEqual(errors, []);
  await context.close();
});

// The verifier worker starts with the chain module (web/src/verifier/worker.rs): a book and its
// stamped list are verified with it alone; the full verifier's module (OpenTimestamps,
// RFC 3161, X.509, Rekor) is fetched by the worker only after the first verdict is shown, in
// the background, so that a reader who then goes offline still has it: an .ots dropped with
// the network cut (every request refused, the context offline) is checked, the worker not
// restarted. Asserted by the requests the page and its workers made (the context's
// `request` event and routes), cold cache.
const OTS_EXAMPLE = join(process.env.SEALBOOK_VECTORS || join(REPO, '../shared/vectors'),
  'ots/opentimestamps-client/examples/hello-world.txt.ots');
test('a book and its stamped list fetch the chain module alone; the full verifier follows the verdict and checks an .ots offline', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const fetched = [];
    context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    const strip = (p) => p.replace(/-[0-9a-f]{16}/, '').replace(/\.(br|gz)$/, '');
    const modules = () => [...new Set(fetched.filter((p) => p.startsWith('/pkg/')).map(strip))].sort();
    // Each request of the full verifier's module waits until the page says whether it shows a
    // verdict yet.
    const fullAsked = [];
    let fullLoaded;
    const fullWasmDone = new Promise((resolve) => { fullLoaded = resolve; });
    context.on('requestfinished', (r) => {
      if (strip(new URL(r.url()).pathname) === '/pkg/verify_worker_bg.wasm') fullLoaded();
    });
    await context.route(/\/pkg\/verify_worker/, async (route) => {
      const shown = await page.evaluate(() => document.querySelector('[data-testid="verdict"]') !== null);
      fullAsked.push({ path: strip(new URL(route.request().url()).pathname), shown });
      await route.continue();
    });
    await page.goto(server.url);
    await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
    await dropFiles(page, [path('good', 'council-book.jsonl'), path('good', '130025Z.txt')]);
    const r = await readResults(page);
    assert.equal(r.ok, true, r.headline);
    assert.equal(r.books[0].stamps.length, 1);
    assert.deepEqual(modules().filter((p) => !p.startsWith('/pkg/verify_worker')), [
      '/pkg/verify.js', '/pkg/verify_bg.wasm', '/pkg/verify_chain.js', '/pkg/verify_chain_bg.wasm',
    ], fetched.join(' '));
    // The full module comes after the verdict, without a file that needs it.
    await Promise.race([
      fullWasmDone,
      new Promise((_, reject) => setTimeout(() => reject(new Error(
        `the full verifier's module was not fetched after the verdict: ${fetched.join(' ')}`)), 60000)),
    ]);
    assert.ok(fullAsked.some((a) => a.path === '/pkg/verify_worker_bg.wasm'), JSON.stringify(fullAsked));
    assert.ok(fullAsked.every((a) => a.shown), `fetched before the verdict: ${JSON.stringify(fullAsked)}`);
    // The network gone, an .ots is checked with the module fetched before.
    await context.unrouteAll({ behavior: 'wait' });
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    const before = fetched.length;
    await dropFiles(page, [OTS_EXAMPLE]);
    const proof = page.locator('[data-testid="proof"][data-name="hello-world.txt.ots"]');
    // A worker that could not load the module stops, is restarted, and the new one cannot start.
    const stopped = page.getByText(/The verifier stopped|The verifier could not start/);
    await proof.or(stopped).first().waitFor({ timeout: 60000 });
    assert.equal(await stopped.count(), 0, await page.locator('#app').textContent());
    await proof.waitFor({ timeout: 60000 });
    assert.deepEqual(fetched.slice(before).filter((p) => p.startsWith('/pkg/')), [], fetched.join(' '));
    // The book's verdict is still the one the chain module gave, now from the full module.
    const again = await readResults(page);
    assert.deepEqual(again.books, r.books);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Header files need the full verifier's module but start no new job: the worker is handed over
// to that module while the verdict shown is the chain module's, whose report documents the
// full module then asks the chain module for.
test('the report saved after header files handed the worker to the full verifier is the verdict shown', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  const fetched = [];
  context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await dropFiles(page, [path('good', 'council-book.jsonl'), path('good', '130025Z.txt')]);
  const r = await readResults(page);
  assert.equal(r.ok, true, r.headline);
  await dropFiles(page, [join(process.env.SEALBOOK_VECTORS || join(REPO, '../shared/vectors'),
    'bitcoin-headers/continuous/0822528.bin')]);
  await page.locator('[data-testid="header-run-verdict"], [data-testid="header-run-error"]').first().waitFor({ timeout: 60000 });
  assert.ok(fetched.some((p) => /^\/pkg\/verify_worker_bg-[0-9a-f]{16}\.wasm$/.test(p)), fetched.join(' '));
  for (const [testid, name] of [['download-report', 'sealbook-report.json'], ['download-printable', 'sealbook-report.html']]) {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testid}"]`)]);
    assert.equal(d.suggestedFilename(), name);
    const text = readFileSync(await d.path(), 'utf8');
    if (name.endsWith('.json')) {
      const doc = JSON.parse(text);
      assert.equal(doc.verdict.state, r.state, text);
      assert.ok(doc.files.some((f) => f.name === 'council-book.jsonl'), text);
    } else {
      assert.ok(text.includes(`data-state="${r.state}"`), text.slice(0, 2000));
      assert.ok(text.includes('council-book.jsonl'));
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// The trust panel's disclosure triangle is drawn by CSS; it is decoration, so a screen reader
// names the panel's summary "Trust anchors", not "▸ Trust anchors".
test('the trust panel\'s summary is named by its words, not its triangle', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  const summary = page.locator('[data-testid="trust-panel"] > summary');
  const aria = await summary.ariaSnapshot();
  assert.match(aria, /Trust anchors/, aria);
  assert.doesNotMatch(aria, /[▸▾]/, aria);
  await summary.click();
  const open = await summary.ariaSnapshot();
  assert.doesNotMatch(open, /[▸▾]/, open);
  assert.deepEqual(errors, []);
  await context.close();
});
