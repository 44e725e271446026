// OpenTimestamps proofs on the verifier page (spec §3.2, §3.11, Appendix B step 6), with the
// python-opentimestamps client's own example proofs and the real header of block 358391 from
// ../shared/vectors (copied into the temp data dir at test time, never into the repo).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import {
  REPO, makeFixtures, removeDir, startServer, launchBrowser, openPage, dropFiles, readResults, screenshot, startVerifier,
} from './harness.mjs';

const VECTORS = process.env.SEALBOOK_VECTORS || resolve(REPO, '../shared/vectors');
const EXAMPLES = join(VECTORS, 'ots/opentimestamps-client/examples');
const HEADER_358391 = readFileSync(join(VECTORS, 'ots/headers/block_358391.header.hex'), 'utf8').trim();
const ROOT_INTERNAL = '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a';
const ROOT_DISPLAY = '8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00';
const ALICE = 'https://alice.btc.calendar.opentimestamps.org';

let fx; let server; let browser; let data;

before(async () => {
  assert.ok(existsSync(EXAMPLES), `OpenTimestamps vectors not found at ${EXAMPLES} (CI lays shared/ beside the clone)`);
  fx = makeFixtures();
  data = (...p) => join(fx.dir, 'ots', ...p);
  mkdirSync(data(), { recursive: true });
  for (const f of ['hello-world.txt', 'bad-stamp.txt', 'incomplete.txt']) {
    copyFileSync(join(EXAMPLES, f), data(f));
    copyFileSync(join(EXAMPLES, `${f}.ots`), data(`${f}.ots`));
  }
  server = await startServer(fx.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(fx?.dir);
});

/// Waits until the proof card named `name` is in `state` (verified, open, failed); returns
/// what it shows.
async function proofCard(page, name, state) {
  const card = page.locator(`[data-testid="proof"][data-name="${name}"][data-state="${state}"]`);
  await card.waitFor({ timeout: 60000 });
  return card.evaluate((el) => {
    const all = (sel) => [...el.querySelectorAll(sel)].map((e) => e.textContent.trim());
    return {
      text: el.textContent,
      attestations: [...el.querySelectorAll('[data-testid="attestation"]')].map((a) => ({
        kind: a.dataset.kind,
        title: a.querySelector('[data-testid="attestation-title"]').textContent.trim(),
        internal: a.querySelector('[data-testid="root-internal"]')?.textContent.trim() ?? null,
        display: a.querySelector('[data-testid="root-display"]')?.textContent.trim() ?? null,
        message: a.querySelector('[data-testid="attestation-message"]')?.textContent.trim() ?? null,
        path: [...a.querySelectorAll('[data-testid="op-path"] li')].map((li) => li.textContent.trim()),
        calendar: a.querySelector('[data-testid="calendar"]')?.textContent.trim() ?? null,
      })),
      level: all('[data-testid="proof-level"]')[0] ?? null,
      timeBound: all('[data-testid="time-bound"]')[0] ?? null,
      stillTrusted: all('[data-testid="proof-still-trusted"]')[0] ?? null,
      checks: all('[data-testid="proof-checks"] li'),
      digestOk: el.querySelector('[data-testid="proof-digest"]')?.dataset.ok ?? null,
      info: el.querySelector('[data-testid="ots-info"]')?.textContent ?? null,
    };
  });
}

async function pasteHeaders(page, text) {
  await page.locator('[data-testid="headers-input"]').fill(text);
  await page.locator('[data-testid="check-headers"]').click();
}

for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`hello-world.txt + .ots + block 358391's header reaches Level 2 offline (${label})`, async () => {
    const { context, page, errors } = await openPage(browser, server.url, viewport);
    await startVerifier(page);
    const requests = [];
    context.on('request', (r) => requests.push(r.url()));
    await dropFiles(page, [data('hello-world.txt'), data('hello-world.txt.ots')]);

    // Before any header: the attestation, its op path and both merkle-root orders, not verified.
    const open = await proofCard(page, 'hello-world.txt.ots', 'open');
    assert.equal(open.digestOk, 'true');
    const [btc] = open.attestations;
    assert.equal(open.attestations.length, 1);
    assert.deepEqual([btc.kind, btc.title, btc.internal, btc.display], ['bitcoin', 'Bitcoin block 358391', ROOT_INTERNAL, ROOT_DISPLAY]);
    assert.ok(btc.path.length > 3 && btc.path.every((op) => /^(sha256|ripemd160|append [0-9a-f]+|prepend [0-9a-f]+)$/.test(op)), btc.path.join(' | '));
    assert.match(open.info, /verify BitcoinBlockHeaderAttestation\(358391\)/);
    assert.match(open.info, /# Bitcoin block merkle root 8a1b66ec/);
    assert.match(open.level, /supply the block header/);
    let r = await readResults(page);
    assert.equal(r.ok, false, 'nothing is verified before a header is given');

    await pasteHeaders(page, HEADER_358391);
    const done = await proofCard(page, 'hello-world.txt.ots', 'verified');
    r = await readResults(page);
    assert.equal(r.ok, true, r.headline);
    assert.equal(r.state, 'passed');
    assert.match(r.summary, /hello-world\.txt is anchored in Bitcoin block 358391/);
    assert.equal(r.level, 'Level 2 reached');
    assert.match(done.attestations[0].message, /Bitcoin block 358391 attests existence as of 2015-05-28T15:41:18Z/);
    assert.match(done.timeBound, /existed no later than a few hours after 2015-05-28T15:41:18Z \(header time of block 358391; spec §3\.11/);
    assert.ok(done.checks.some((c) => /proof of work against nBits/.test(c)), done.checks.join(' | '));
    assert.match(done.stillTrusted, /best Bitcoin chain/);
    assert.match(r.stillTrusted, /best Bitcoin chain/);
    const rung2 = await page.locator('[data-testid="rung-2"]').getAttribute('data-state');
    assert.equal(rung2, 'reached');
    assert.equal(await page.locator('[data-testid="headers-read"]').textContent(), '1 header read');

    assert.deepEqual(requests, [], 'verification must not touch the network');
    assert.deepEqual(errors, []);
    if (label === 'phone') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone screen`);
    }
    // Open the disclosures so the screenshot shows the op path and the ots info text too.
    await page.evaluate(() => document.querySelectorAll('.proof details').forEach((d) => { d.open = true; }));
    console.log('screenshot:', await screenshot(page, `ots-level2-${label}`));
    await context.close();
  });
}

/// The proof card's verdict in Chinese and Arabic (web/src/i18n/ots_messages.rs): core's
/// level, attestation message, time bound, checks and still-trusted lines in the language,
/// with the block's height and time kept as they are.
const OTS_WORDS = {
  zh: { level: /^第 2 级：比特币锚定/, message: '比特币区块 358391 证明其在 2015-05-28T15:41:18Z 时已存在', root: /默克尔根/ },
  ar: { level: /^المستوى 2: مرساة بيتكوين/, message: 'تشهد كتلة بيتكوين 358391 بالوجود اعتبارًا من 2015-05-28T15:41:18Z', root: /جذر ميركل/ },
};
for (const [lang, words] of Object.entries(OTS_WORDS)) {
  test(`${lang}: the verified proof card says its verdict in the language`, async () => {
    // The worker is ready when the page opens (openPage waits for it); startVerifier's
    // button is named in English.
    const { context, page, errors } = await openPage(browser, new URL(`/?lang=${lang}`, server.url).href);
    await dropFiles(page, [data('hello-world.txt'), data('hello-world.txt.ots')]);
    await proofCard(page, 'hello-world.txt.ots', 'open');
    await pasteHeaders(page, HEADER_358391);
    const done = await proofCard(page, 'hello-world.txt.ots', 'verified');
    assert.match(done.level, words.level);
    assert.equal(done.attestations[0].message.replace(/[\u2066-\u2069]/g, ''), words.message);
    assert.match(done.timeBound, /2015-05-28T15:41:18Z/);
    assert.match(done.timeBound, /358391/);
    const english = /existed no later|proof of work|recomputed|merkle root|best Bitcoin chain|header time|Time bound|Attestations|Computed/;
    for (const said of [done.timeBound, done.stillTrusted, ...done.checks]) assert.doesNotMatch(said, english, said);
    assert.match(done.text, words.root);
    assert.doesNotMatch(done.text, /Computed merkle root|Attestations \(/);
    const r = await readResults(page);
    assert.doesNotMatch(r.stillTrusted, /Bitcoin's proof of work|best Bitcoin chain/, r.stillTrusted);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('bad-stamp.txt + .ots fails against the same header', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await startVerifier(page);
  await context.setOffline(true);
  await dropFiles(page, [data('bad-stamp.txt'), data('bad-stamp.txt.ots')]);
  await proofCard(page, 'bad-stamp.txt.ots', 'open');
  // Labelled with its height, the header is known to be block 358391's: the root is refuted.
  await pasteHeaders(page, `358391 ${HEADER_358391}`);
  const card = await proofCard(page, 'bad-stamp.txt.ots', 'failed');
  assert.equal(card.digestOk, 'true', 'the file is the one stamped; its path leads to the wrong root');
  assert.equal(card.attestations[0].title, 'Bitcoin block 358391');
  assert.equal(card.attestations[0].internal, '921f81b9147c9aebe712d7805d810cf0f762479967e4c26008178277b89db41b');
  assert.match(card.attestations[0].message, /Digest does not match merkleroot/);
  assert.match(card.level, /^FAILED/);
  assert.equal(card.timeBound, null);
  const r = await readResults(page);
  assert.equal(r.ok, false);
  assert.match(r.level, /Level 0/);
  assert.equal(await page.locator('[data-testid="rung-2"]').getAttribute('data-state'), 'failed');
  assert.deepEqual(errors, []);
  console.log('screenshot:', await screenshot(page, 'ots-bad-stamp'));
  await context.close();
});

test('a pending-only proof is not yet verifiable and names its calendar', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await startVerifier(page);
  await context.setOffline(true);
  await dropFiles(page, [data('incomplete.txt'), data('incomplete.txt.ots')]);
  const card = await proofCard(page, 'incomplete.txt.ots', 'open');
  assert.deepEqual(card.attestations.map((a) => [a.kind, a.calendar]), [['pending', ALICE]]);
  assert.match(card.level, /^Not yet verifiable: pending calendar attestations only/);
  assert.match(card.attestations[0].path.join(' '), /^append [0-9a-f]+ sha256/);
  const r = await readResults(page);
  assert.equal(r.ok, false);
  assert.equal(r.state, 'unchecked', 'pending is amber, not red');
  assert.match(r.headline, /1 OpenTimestamps proofs are pending/);
  assert.match(r.summary, /1 proof is not verified yet/);
  assert.equal(await page.locator('[data-testid="explorer"]').count(), 0, 'no block to fetch a header for');
  assert.deepEqual(errors, []);
  await context.close();
});

test('in a dropped folder a proof pairs with the file at its own path', async () => {
  // Two days' files share a name; only day a's has a proof and is the stamped file.
  const root = join(fx.dir, 'folder', 'published');
  for (const day of ['a', 'b']) mkdirSync(join(root, 'proof', day), { recursive: true });
  copyFileSync(data('hello-world.txt'), join(root, 'proof', 'a', 'hello-world.txt'));
  copyFileSync(data('hello-world.txt.ots'), join(root, 'proof', 'a', 'hello-world.txt.ots'));
  writeFileSync(join(root, 'proof', 'b', 'hello-world.txt'), 'Hello World?\n');

  const { context, page, errors } = await openPage(browser, server.url);
  const chooserOpened = page.waitForEvent('filechooser');
  await page.getByText('Choose a folder…').click();
  await (await chooserOpened).setFiles(root);
  const name = 'published/proof/a/hello-world.txt.ots';
  await proofCard(page, name, 'open');
  await pasteHeaders(page, HEADER_358391);
  const card = await proofCard(page, name, 'verified');
  assert.match(card.text, /digest of published\/proof\/a\/hello-world\.txt: matches the proof/);
  assert.equal((await readResults(page)).level, 'Level 2 reached');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the header is fetched from the configured explorer only when the reader asks', async () => {
  // An Esplora-shaped explorer served from the test's own data directory.
  const raw = Buffer.from(HEADER_358391, 'hex');
  const sha = (b) => createHash('sha256').update(b).digest();
  const hash = Buffer.from(sha(sha(raw))).reverse().toString('hex');
  const explorer = join(fx.dir, 'explorer');
  mkdirSync(join(explorer, 'block-height'), { recursive: true });
  mkdirSync(join(explorer, 'block', hash), { recursive: true });
  writeFileSync(join(explorer, 'block-height', '358391'), hash);
  writeFileSync(join(explorer, 'block', hash, 'header'), HEADER_358391);

  const { context, page, errors } = await openPage(browser, server.url);
  await startVerifier(page);
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await dropFiles(page, [data('hello-world.txt'), data('hello-world.txt.ots')]);
  await proofCard(page, 'hello-world.txt.ots', 'open');
  assert.deepEqual(requests, [], 'nothing is fetched before the reader asks');
  assert.equal(await page.locator('[data-testid="explorer-input"]').inputValue(), 'https://mempool.space/api');

  await page.locator('[data-testid="explorer"] summary').click();
  await page.locator('[data-testid="explorer-input"]').fill(`${server.url}data/explorer`);
  await page.locator('[data-testid="fetch-header"][data-height="358391"]').click();
  await proofCard(page, 'hello-world.txt.ots', 'verified');
  assert.deepEqual(requests, [`${server.url}data/explorer/block-height/358391`, `${server.url}data/explorer/block/${hash}/header`]);
  assert.equal(await page.locator('[data-testid="headers-input"]').inputValue(), HEADER_358391);
  assert.equal((await readResults(page)).level, 'Level 2 reached');
  assert.deepEqual(errors, []);
  await context.close();
});
