// RFC 3161 tokens and Sigstore Rekor entries on the verifier page (spec §3.2 Level 2+, §3.11,
// Appendix B steps 9-10), with real tokens and entries from ../shared/vectors/{tsa,rekor}
// (copied into the temp data dir at test time, never into the repo; expectations from their
// MANIFEST.md). The shipped trust bundle (www/trust) is what the page loads by default.
//
// No vector has both a token from an authority in the shipped bundle and the data it stamps
// (the atl-core FreeTSA/DigiCert/Sectigo tokens stamp unknown Merkle roots), so Level 2+ is
// reached with the sigstage token over `hello` after the reader replaces the anchors with its
// root (MANIFEST: "OK with root chain-part2"); with the shipped bundle the same token is shown
// with its genTime and authority and fails at the chain check. Likewise no Rekor vector comes
// with the data its body names: the prod entry is checked with the shipped prod key (log
// proofs pass, the body names another file), and a MANIFEST negative fails at its check.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import {
  REPO, makeFixtures, removeDir, startServer, launchBrowser, openPage, dropFiles, readResults, screenshot, startVerifier,
} from './harness.mjs';

const VECTORS = process.env.SEALBOOK_VECTORS || resolve(REPO, '../shared/vectors');
const TSA = join(VECTORS, 'tsa');
const REKOR = join(VECTORS, 'rekor');

let fx; let server; let browser; let dir;
const at = (...p) => join(dir, ...p);

before(async () => {
  assert.ok(existsSync(join(TSA, 'MANIFEST.md')), `TSA vectors not found at ${TSA} (CI lays shared/ beside the clone)`);
  fx = makeFixtures();
  dir = join(fx.dir, 'signed');
  mkdirSync(dir, { recursive: true });
  const sig = (f) => join(TSA, 'rfc3161-client/sigstage', f);
  copyFileSync(join(TSA, 'rfc3161-client/DATA_hello.txt'), at('DATA_hello.txt'));
  copyFileSync(sig('response-sha256.tsr'), at('DATA_hello.txt.sigstage.tsr'));
  mkdirSync(at('bad'), { recursive: true });
  copyFileSync(sig('response-invalid-signature.tsr'), at('bad', 'DATA_hello.txt.sigstage.tsr'));
  copyFileSync(sig('response-no-embedded-cert.tsr'), at('bad', 'DATA_hello.txt.nocert.tsr'));
  copyFileSync(sig('chain-part1.pem'), at('sigstage-leaf.pem'));
  copyFileSync(sig('chain-part2.pem'), at('sigstage-root.pem'));
  writeFileSync(at('130019Z.txt'), 'daily/council/book.jsonl 3 lines sha256 ...\n');
  copyFileSync(join(REKOR, 'prod-entry-79605083.api.json'), at('130019Z.txt.rekor.json'));
  mkdirSync(at('neg'), { recursive: true });
  copyFileSync(join(REKOR, 'negative/sigstage-entry-1688.swapped-proof-hash.json'), at('neg', '130019Z.txt.rekor.json'));
  copyFileSync(join(REKOR, 'rekor-sigstage.pub'), at('rekor-sigstage.pub'));
  // A Rekor v2 Sigstore bundle beside the file it logs, and the staging trusted root.
  const B = join(VECTORS, 'sigstore-bundles');
  mkdirSync(at('v2'), { recursive: true });
  for (const f of ['staging-rekor-v2.txt', 'staging-rekor-v2.txt.sigstore.json', 'trusted_root.staging.json']) copyFileSync(join(B, f), at('v2', f));
  mkdirSync(at('v2bad'), { recursive: true });
  copyFileSync(join(B, 'staging-rekor-v2.txt.sigstore.json'), at('v2bad', 'staging-rekor-v2.txt.sigstore.json'));
  writeFileSync(at('v2bad', 'staging-rekor-v2.txt'), 'not the file the bundle logs\n');
  server = await startServer(fx.dir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  removeDir(fx?.dir);
});

/// The files panel's "Clear all" in each language (web/src/i18n/catalog.rs FilesClearAll).
const CLEAR_ALL = { zh: '全部清除', ar: 'امسح الكل' };

/// Opens the page, waits for the shipped bundle, starts the verifier, and records every request
/// made after that.
async function open(viewport, lang) {
  const url = lang ? `${server.url.replace(/\/$/, '')}/?lang=${lang}` : server.url;
  const opened = await openPage(browser, url, viewport);
  // The cold page fetches no bundle: opening the trust panel does.
  await opened.page.locator('details.trust-panel > summary').click();
  await opened.page.waitForSelector('[data-testid="manifest"]', { state: 'attached', timeout: 30000 });
  await opened.page.locator('details.trust-panel > summary').click();
  if (lang && lang !== 'en') {
    // The harness's start clicks "Clear all" by its English name: the same first drop here (a
    // one-line book and an empty proof, which load both of the worker's modules), cleared by
    // the button's name in the page's language.
    writeFileSync(at('start.jsonl'), '{}\n');
    writeFileSync(at('start.jsonl.ots'), '');
    await dropFiles(opened.page, [at('start.jsonl'), at('start.jsonl.ots')]);
    await opened.page.waitForSelector('[data-testid="verdict"]', { timeout: 60000 });
    await opened.page.getByRole('button', { name: CLEAR_ALL[lang] }).click();
    await opened.page.waitForSelector('[data-testid="verdict"]', { state: 'detached', timeout: 30000 });
  } else {
    await startVerifier(opened.page);
  }
  const requests = [];
  opened.page.on('request', (r) => requests.push(r.url()));
  return { ...opened, requests };
}

async function card(page, kind, name) {
  const el = page.locator(`[data-testid="${kind}"][data-name="${name}"]`);
  await el.waitFor({ timeout: 60000 });
  return el.evaluate((e) => {
    const text = (sel) => e.querySelector(sel)?.textContent.trim() ?? null;
    return {
      ok: e.dataset.ok === 'true',
      genTime: text('[data-testid="gen-time"]'),
      authority: text('[data-testid="authority"]'),
      serial: text('[data-testid="serial"]'),
      signatureAlg: text('[data-testid="signature-alg"]'),
      imprintAlg: text('[data-testid="imprint-alg"]'),
      atGenTime: text('[data-testid="at-gen-time"]'),
      chain: [...e.querySelectorAll('[data-testid="token-chain"] li')].length,
      error: text('[data-testid="signed-error"]'),
      failed: [...e.querySelectorAll('[data-testid="signed-check"][data-status="fail"]')].map((c) => c.dataset.id),
      passed: [...e.querySelectorAll('[data-testid="signed-check"][data-status="pass"]')].map((c) => c.dataset.id),
      says: [...e.querySelectorAll('[data-testid="rekor-says"] li')].map((l) => l.textContent.trim()),
    };
  });
}

test('the shipped trust bundle is shown with its manifest before any file is dropped', async () => {
  const { context, page, errors, requests } = await open();
  const manifest = await page.locator('[data-testid="manifest"]').textContent();
  for (const s of ['www.freetsa.org', 'DigiCert Trusted Root G4', 'USERTrust RSA Certification Authority',
    'a6379e7cecc05faa3cbf076013d745e327bbbaa38c0b9af22469d4701d18aabc', '2026-11-30', 'rekor-sigstore-prod.pub']) {
    assert.ok(manifest.includes(s), `manifest lacks ${s}`);
  }
  assert.deepEqual(requests, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a real token is shown with genTime and authority and reaches Level 2+ with the root the reader chose', async () => {
  for (const [label, viewport] of [['desktop', undefined], ['phone', { width: 390, height: 844 }]]) {
    const { context, page, errors, requests } = await open(viewport);
    await dropFiles(page, [at('DATA_hello.txt'), at('DATA_hello.txt.sigstage.tsr')]);
    await readResults(page);
    // With the shipped bundle: every token fact shown, the chain does not end at its roots.
    let t = await card(page, 'token', 'DATA_hello.txt.sigstage.tsr');
    assert.equal(t.ok, false);
    assert.match(t.genTime, /^2025-05-09T11:58:5\dZ$/);
    assert.match(t.authority, /CN=sigstore-tsa/);
    assert.match(t.signatureAlg, /ECDSA/);
    assert.equal(t.imprintAlg, 'SHA-256');
    assert.ok(t.serial.length > 0);
    assert.ok(t.failed.includes('chain_at_gen_time'), JSON.stringify(t));
    assert.match(t.atGenTime, /^not valid: /);
    assert.ok(t.passed.includes('signature') && t.passed.includes('imprint'), JSON.stringify(t));
    // The reader replaces the anchors with the authority's root.
    await page.setInputFiles('[data-testid="anchors-input"]', at('sigstage-root.pem'));
    await page.locator('[data-testid="token"][data-ok="true"]').waitFor({ timeout: 60000 });
    t = await card(page, 'token', 'DATA_hello.txt.sigstage.tsr');
    assert.equal(t.ok, true, JSON.stringify(t));
    assert.deepEqual(t.failed, []);
    assert.equal(t.chain, 2);
    assert.equal(t.atGenTime, 'valid');
    const r = await readResults(page);
    assert.equal(r.level, 'Level 2+ reached');
    assert.match(r.stillTrusted, /timestamp authority/);
    assert.equal(r.state, 'passed');
    assert.match(r.summary, /timestamped at 2025-05-09T11:58:5\dZ/);
    await page.locator('details.trust-panel > summary').click();
    await screenshot(page, `signed-time-level2plus-${label}`);
    assert.deepEqual(requests, [], 'no network request during verification');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a tampered token fails at the signature check; a token without certificates needs the leaf dropped beside it', async () => {
  const { context, page, errors, requests } = await open();
  await page.setInputFiles('[data-testid="anchors-input"]', at('sigstage-root.pem'));
  await dropFiles(page, [at('DATA_hello.txt'), at('bad', 'DATA_hello.txt.sigstage.tsr'), at('bad', 'DATA_hello.txt.nocert.tsr')]);
  const r = await readResults(page);
  assert.equal(r.ok, false);
  const bad = await card(page, 'token', 'DATA_hello.txt.sigstage.tsr');
  assert.equal(bad.ok, false);
  assert.ok(bad.failed.includes('signature'), JSON.stringify(bad));
  assert.match(bad.error, /^signature: /);
  const nocert = await card(page, 'token', 'DATA_hello.txt.nocert.tsr');
  assert.ok(nocert.failed.includes('signer'), JSON.stringify(nocert));
  await screenshot(page, 'signed-time-tampered-desktop');
  await dropFiles(page, [at('sigstage-leaf.pem')]);
  await page.locator('[data-testid="token"][data-name="DATA_hello.txt.nocert.tsr"][data-ok="true"]').waitFor({ timeout: 60000 });
  assert.equal((await readResults(page)).level, 'Level 2+ reached');
  assert.deepEqual(requests, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a real Rekor entry is checked with the shipped prod key; a negative fails at its named check', async () => {
  const { context, page, errors, requests } = await open();
  await dropFiles(page, [at('130019Z.txt'), at('130019Z.txt.rekor.json')]);
  await readResults(page);
  const e = await card(page, 'rekor', '130019Z.txt.rekor.json');
  // The log's proofs verify with the shipped key; the body names the logged wheel, not this list.
  for (const id of ['log_id', 'inclusion_proof', 'checkpoint', 'signed_entry_timestamp']) assert.ok(e.passed.includes(id), `${id}: ${JSON.stringify(e)}`);
  assert.deepEqual(e.failed, ['body_hash']);
  await page.evaluate(() => document.querySelector('[data-testid="rekor"]')?.scrollIntoView());
  await screenshot(page, 'signed-time-rekor-desktop');
  await context.close();

  const second = await open();
  await second.page.setInputFiles('[data-testid="log-key-input"]', at('rekor-sigstage.pub'));
  await dropFiles(second.page, [at('130019Z.txt'), at('neg', '130019Z.txt.rekor.json')]);
  await readResults(second.page);
  const neg = await card(second.page, 'rekor', '130019Z.txt.rekor.json');
  assert.equal(neg.ok, false);
  assert.ok(neg.failed.includes('inclusion_proof'), JSON.stringify(neg));
  assert.deepEqual(requests, []);
  assert.deepEqual(second.requests, []);
  assert.deepEqual([...errors, ...second.errors], []);
  await second.context.close();
});

test('a Rekor v2 Sigstore bundle dropped beside its file verifies with the trusted root as the log trust', async () => {
  const { context, page, errors, requests } = await open();
  await page.setInputFiles('[data-testid="log-key-input"]', at('v2', 'trusted_root.staging.json'));
  await dropFiles(page, [at('v2', 'staging-rekor-v2.txt'), at('v2', 'staging-rekor-v2.txt.sigstore.json')]);
  const results = await readResults(page);
  const e = await card(page, 'rekor', 'staging-rekor-v2.txt.sigstore.json');
  assert.equal(e.ok, true, JSON.stringify(e));
  // The summary says the v2 entry has no integratedTime, not that one is unsigned.
  assert.match(results.summary, /is in the Rekor log \(the entry has no integratedTime: a Rekor v2 log signs no time, so no time is established\)/);
  assert.doesNotMatch(results.summary, /integratedTime is unsigned/);
  // The Ed25519 checkpoint and inclusion proof, the body naming the file, and the TSA token.
  for (const id of ['body_hash', 'log_id', 'inclusion_proof', 'checkpoint', 'imprint', 'chain_at_gen_time']) assert.ok(e.passed.includes(id), `${id}: ${JSON.stringify(e)}`);
  assert.deepEqual(e.failed, []);
  await context.close();

  const second = await open();
  await second.page.setInputFiles('[data-testid="log-key-input"]', at('v2', 'trusted_root.staging.json'));
  await dropFiles(second.page, [at('v2bad', 'staging-rekor-v2.txt'), at('v2bad', 'staging-rekor-v2.txt.sigstore.json')]);
  await readResults(second.page);
  const bad = await card(second.page, 'rekor', 'staging-rekor-v2.txt.sigstore.json');
  assert.equal(bad.ok, false);
  assert.ok(bad.failed.includes('body_hash'), JSON.stringify(bad));
  assert.deepEqual(requests, []);
  assert.deepEqual(second.requests, []);
  assert.deepEqual([...errors, ...second.errors], []);
  await second.context.close();
});

// What a v2 bundle proves and who says so, in each language: the certificate's identity as the
// certificate states it (the CLI's `certificate identity:` line) and the time the staging
// authority's RFC 3161 token signs, named by the authority (the CLI's `time proven:` line).
test('a Rekor v2 bundle says its certificate identity and the time proven by the time-stamp authority, in en, zh and ar', async () => {
  const words = {
    en: [/^certificate identity: email:jku@goto\.fi \(as the certificate states it/, /^time proven: 2025-\S+Z \(UTC\), signed by the time-stamp authority .*CN=sigstore-tsa.* \(RFC 3161 token over the bundle's signature\)$/],
    zh: [/^证书身份：email:jku@goto\.fi（/, /^已证明的时间：2025-\S+Z（UTC），由时间戳机构 .*CN=sigstore-tsa.* 签署/],
    ar: [/^هوية الشهادة: email:jku@goto\.fi /, /^الوقت المُثبَت: 2025-\S+Z .*جهة الطابع الزمني .*CN=sigstore-tsa/],
  };
  for (const [lang, [identity, time]] of Object.entries(words)) {
    const { context, page, errors, requests } = await open(undefined, lang);
    await page.setInputFiles('[data-testid="log-key-input"]', at('v2', 'trusted_root.staging.json'));
    await dropFiles(page, [at('v2', 'staging-rekor-v2.txt'), at('v2', 'staging-rekor-v2.txt.sigstore.json')]);
    await readResults(page);
    const e = await card(page, 'rekor', 'staging-rekor-v2.txt.sigstore.json');
    assert.equal(e.ok, true, JSON.stringify(e));
    assert.equal(e.says.length, 2, `${lang}: ${JSON.stringify(e.says)}`);
    // Arguments sit in direction isolates in Arabic; the words are matched without them.
    const plain = e.says.map((t) => t.replace(/[\u2066-\u2069\u200e\u200f]/g, ''));
    assert.match(plain[0], identity, lang);
    assert.match(plain[1], time, lang);
    assert.deepEqual(requests, []);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
