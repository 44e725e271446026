// Shared pieces of the browser tests: fixtures written by CPython, a `sealbook serve` on a free
// 127.0.0.1 port, headless Debian Chromium through playwright-core, and a simulated file drop.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const E2E_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(E2E_DIR, '../..');
export const SEALBOOK_BIN = process.env.SEALBOOK_BIN || join(REPO, 'target/release/sealbook');
/// Writes the fixed three-session fixture league (tests/support/demo_fixture.rs) into a directory.
export const DEMO_FIXTURE_BIN = process.env.DEMO_FIXTURE_BIN || join(REPO, 'target/release/demo-fixture');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const SHOTS = process.env.E2E_SCREENSHOT_DIR || join(tmpdir(), 'sealbook-e2e-shots');

/// Flags that work for headless Debian Chromium on this machine kind (shared/TOOLCHAIN.md).
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/// Writes the fixtures into a new temporary data directory; returns {dir, facts}.
export function makeFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-'));
  const python = process.env.PYTHON || 'python3';
  const out = execFileSync(python, [join(E2E_DIR, 'make_fixtures.py'), dir], { encoding: 'utf8' });
  return { dir, facts: JSON.parse(out) };
}

export function removeDir(dir) {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/// Starts `sealbook serve --data DIR --addr 127.0.0.1:0 [extraArgs]` and resolves with {url, stop}
/// once it printed its URL, within `timeoutMs` (20 s for a served directory; a `--demo` server
/// writes its league first and is given longer by its callers). A fixture folder without its
/// own manifest.json (loose files, or leagues in subfolders) is served with --serve-unlisted.
export function startServer(dataDir, extraArgs = [], { timeoutMs = 20000 } = {}) {
  const unlisted = !extraArgs.includes('--demo') && !existsSync(join(dataDir, 'manifest.json'));
  const args = ['serve', '--data', dataDir, '--addr', '127.0.0.1:0', ...(unlisted ? ['--serve-unlisted'] : []), ...extraArgs];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(SEALBOOK_BIN, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`sealbook serve printed no URL within ${timeoutMs / 1000} s; stdout: ${out} stderr: ${err}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[1],
          stop: () => new Promise((r) => {
            if (child.exitCode !== null) return r();
            child.once('exit', r);
            child.kill();
          }),
        });
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${SEALBOOK_BIN}: ${e.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sealbook serve exited (${code}) before serving; stderr: ${err}`));
    });
  });
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/// Opens the page in a new context and waits until it is ready for a drop (its worker is up; the
/// verifier page's own loads in the background from then on, see [`startVerifier`]).
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, waitReady = true) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  if (waitReady) await page.waitForSelector('[data-worker-ready="true"]', { timeout: 30000 });
  return { context, page, errors };
}

/// Drops files onto the page the way a reader's drag and drop does: a DataTransfer holding
/// File objects, dispatched as dragover then drop on the drop zone.
export async function dropFiles(page, paths) {
  const files = paths.map((p) => ({ name: basename(p), b64: readFileSync(p).toString('base64') }));
  const transfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name));
    }
    return dt;
  }, files);
  const zone = page.locator('[data-testid="dropzone"]');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/// The verifier page starts its worker, and fetches the verifiers' wasm, in the background once it
/// is ready for a drop, so that its first load carries only the page; the worker loads its
/// chain module first and the full verifier's module when a file needs it. This waits until
/// both answer, as a reader's first drop of a book and a proof would (a one-line book and an
/// empty `.ots`, their verdict, then the files cleared): from then on the page needs nothing
/// more from the network.
export async function startVerifier(page) {
  const dir = mkdtempSync(join(tmpdir(), 'sealbook-e2e-start-'));
  try {
    const book = join(dir, 'start.jsonl');
    writeFileSync(book, '{}\n');
    const proof = join(dir, 'start.jsonl.ots');
    writeFileSync(proof, '');
    await dropFiles(page, [book, proof]);
  } finally {
    removeDir(dir);
  }
  await page.waitForSelector('[data-testid="verdict"]', { timeout: 60000 });
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.waitForSelector('[data-testid="verdict"]', { state: 'detached', timeout: 30000 });
}

/// Waits for the verdict and returns what the page shows, as text and flags.
export async function readResults(page) {
  await page.waitForSelector('[data-testid="verdict"]', { timeout: 60000 });
  return page.evaluate(() => {
    const text = (el, sel) => el.querySelector(sel)?.textContent.trim() ?? null;
    const verdict = document.querySelector('[data-testid="verdict"]');
    return {
      ok: verdict.dataset.ok === 'true',
      // The verdict card's state: failed (red), unchecked (amber) or passed (green).
      state: verdict.dataset.state,
      headline: verdict.textContent.trim(),
      // The details' one-sentence summary of what was checked.
      summary: text(document, '[data-testid="summary"]'),
      level: text(document, '[data-testid="level"]'),
      stillTrusted: text(document, '[data-testid="still-trusted"]'),
      books: [...document.querySelectorAll('[data-testid="book"]')].map((b) => ({
        name: b.dataset.name,
        ok: b.dataset.ok === 'true',
        linesChecked: text(b, '[data-testid="lines-checked"]'),
        firstBadLine: text(b, '[data-testid="first-bad-line"]'),
        failedCheck: b.querySelector('[data-testid="failed-check"]')?.dataset.check ?? null,
        expected: text(b, '[data-testid="expected"]'),
        found: text(b, '[data-testid="found"]'),
        partialTail: !!b.querySelector('[data-testid="partial-tail"]'),
        stamps: [...b.querySelectorAll('[data-testid="stamp"]')].map((s) => ({
          list: s.dataset.list,
          ok: s.dataset.ok === 'true',
          sha256Ok: s.querySelector('[data-testid="stamp-sha256"]').dataset.ok === 'true',
          lastLinkOk: s.querySelector('[data-testid="stamp-last-link"]').dataset.ok === 'true',
          text: s.textContent,
        })),
      })),
    };
  });
}

/// Every row of a paged list or table (web/src/verifier/paged.rs, `data-testid` `<testid>`), page by page
/// at the largest page size the pager offers, from the first; then the pager's own size and first
/// page are back on screen. `collect()` reads the rows on screen.
export async function allPages(page, testid, collect) {
  const pager = `[data-testid="${testid}-pager"]`;
  if (!(await page.locator(pager).count())) return collect();
  const at = `${pager} .pager-at`;
  // Runs `act` and waits until the pager says it is somewhere else.
  const moved = async (act) => {
    const before = await page.locator(at).textContent();
    await act();
    await page.waitForFunction(([sel, t]) => document.querySelector(sel)?.textContent !== t, [at, before], { timeout: 10000 });
  };
  const enabled = (button) => page.locator(`${pager} [data-testid="${button}"]`).isEnabled();
  const click = (button) => moved(() => page.locator(`${pager} [data-testid="${button}"]`).click());
  const toFirst = async () => { if (await enabled('page-first')) await click('page-first'); };
  const size = page.locator(`${pager} [data-testid="page-size"]`);
  const own = await size.inputValue();
  const largest = (await size.locator('option').evaluateAll((os) => os.map((o) => o.value))).at(-1);
  if (largest !== own) await moved(() => size.selectOption(largest));
  await toFirst();
  const rows = [];
  for (let i = 0; i < 10000; i++) {
    rows.push(...await collect());
    if (!(await enabled('page-next'))) break;
    await click('page-next');
  }
  if (largest !== own) await moved(() => size.selectOption(own));
  await toFirst();
  return rows;
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
