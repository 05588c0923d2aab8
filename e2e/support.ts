/// <reference lib="dom" />
// Shared helpers of the browser tests: the running all-in-one app at DUKAN_URL, signed in as admin
// with DUKAN_ADMIN_PASSWORD; Debian's Chromium driven by playwright-core.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from '@jest/globals';
import { chromium, type Browser, type CDPSession, type Download, type Page } from 'playwright-core';
import { BASE_URL, login } from './support-api.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

export * from './support-api.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');

export function adminPassword(): string {
  if (process.env.DUKAN_ADMIN_PASSWORD) return process.env.DUKAN_ADMIN_PASSWORD;
  const file = join(process.env.DUKAN_DATA_DIR ?? join(repo, 'data'), 'admin-password.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error('Set DUKAN_ADMIN_PASSWORD (or run the app once so data/admin-password.txt exists)');
}

/** Where screenshots go: kept as test artifacts. */
export const ARTIFACTS = join(repo, 'test-results', 'e2e');
export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

export { CHROMIUM_ARGS };

/**
 * A download's bytes. The browser may be the worker's shared one, reached over a connection, where a download has no
 * local path: it is saved to a file of the test's own first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'dukan-download-'));
  try {
    const file = join(dir, 'file');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A browser for a test file: its worker's Chromium when the run started one (e2e/global-setup.mjs; closing it then
 * ends this file's contexts, not the browser), otherwise one of its own.
 */
export function launch(): Promise<Browser> {
  const shared = process.env.DUKAN_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * The file's browser and the admin's API token: signed in and launched before its tests, closed after them.
 * Call it where the hooks belong (a `describe`, or the file's top level); read the fields inside hooks and tests.
 */
export function browserSession(): { browser: Browser; adminToken: string } {
  const session = {} as { browser: Browser; adminToken: string };
  beforeAll(async () => {
    session.adminToken = await login('admin', adminPassword());
    session.browser = await launch();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=sidebar]');
}

/**
 * The sidebar's language switch: waits until the page speaks `language` and the server has kept it as the user's
 * preference, so that closing the page at once cannot leave the user's next sign-in (in a later file) in the other
 * language.
 */
export async function switchLanguage(page: Page, language: 'en' | 'ku'): Promise<void> {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/auth/me/preferences');
  await page.click('[data-testid=language-toggle]');
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language === 'ku' ? 'ckb' : 'en');
  await saved;
}

/** Opens the till and waits until its products are loaded and indexed. */
export async function openTill(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/pos`);
  await page.waitForSelector('[data-testid=pos-search]');
  await page.waitForFunction(
    () =>
      /[0-9\u0660-\u0669]/.test(document.querySelector('[data-testid=results-count]')?.textContent ?? '') &&
      !document.querySelector('[data-testid=results-count]')?.textContent?.includes('…'),
  );
}

const cdpSessions = new WeakMap<Page, CDPSession>();

/**
 * What a barcode scanner does: the code's keys 8 ms apart, then Enter. The keys carry hardware timestamps
 * (as a real scanner's do), so a busy machine delaying their delivery does not change what the page sees.
 */
export async function scan(page: Page, code: string, gapMs = 8): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  const t0 = Date.now() / 1000;
  const keys = [...code].map((ch) =>
    ch === '-'
      ? { key: ch, text: ch, code: 'Minus', vk: 189 } // a receipt's invoice number (INV-…)
      : { key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0) },
  );
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', vk: 13 });
  // Sent as one burst, as a scanner does: awaiting each key's round trip to the test process let a busy page see
  // real gaps longer than a scanner's, and give the first digits back to the search box.
  const sent: Promise<unknown>[] = [];
  for (const [i, k] of keys.entries()) {
    const timestamp = t0 + (i * gapMs) / 1000;
    sent.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key: k.key,
        text: k.text,
        unmodifiedText: k.text,
        code: k.code,
        windowsVirtualKeyCode: k.vk,
        timestamp,
      }),
    );
    sent.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key: k.key,
        code: k.code,
        windowsVirtualKeyCode: k.vk,
        timestamp: timestamp + 0.002,
      }),
    );
  }
  await Promise.all(sent);
}

/** Line quantity of the cart line with this SKU (0 when absent). */
export async function lineQuantity(page: Page, sku: string): Promise<number> {
  const input = page.locator(`[data-testid=cart-line][data-sku="${sku}"] [data-testid=line-quantity]`);
  return (await input.count()) ? Number(await input.inputValue()) : 0;
}

/** Every text of a catalogue (nested objects of strings), for leak checks. */
function textsOf(catalogue: object): string[] {
  return Object.values(catalogue).flatMap((v) => (typeof v === 'string' ? [v] : textsOf(v as object)));
}

/**
 * The screen is in Kurdish: `<html dir="rtl" lang="ckb">`, no raw i18n key on the page, and none of the given
 * English catalogues' texts visible (texts that read the same in both languages, and placeholders' fixed parts
 * shorter than 4 letters, are ignored). Returns the leaks so a failure names them.
 */
export async function kurdishLeaks(page: Page, english: object[], kurdish: object[] = []): Promise<string[]> {
  const { dir, lang, text } = await page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    text: document.body.innerText,
  }));
  const leaks: string[] = [];
  if (dir !== 'rtl') leaks.push(`dir=${dir}`);
  if (lang !== 'ckb') leaks.push(`lang=${lang}`);
  const key =
    /\b(common|nav|pages|auth|dashboard|pos|inventory|productForm|customers|transactions|staff|settings|userPermissions|permissions|roles|expenses|reports|transfers)\.[a-zA-Z]+(\.[a-zA-Z]+)*\b/;
  const keyHit = text.match(key);
  if (keyHit) leaks.push(`key ${keyHit[0]}`);
  const same = new Set(kurdish.flatMap(textsOf));
  for (const phrase of english.flatMap(textsOf)) {
    if (same.has(phrase)) continue;
    // The longest fixed part of the text, without {{placeholders}}.
    const fixed =
      phrase
        .split(/\{\{[^}]+\}\}/)
        .map((s) => s.trim())
        .sort((a, b) => b.length - a.length)[0] ?? '';
    if (fixed.replace(/[^A-Za-z]/g, '').length < 4) continue;
    if (text.includes(fixed)) leaks.push(fixed);
  }
  return leaks;
}
