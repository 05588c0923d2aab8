/// <reference lib="dom" />
// Shared helpers of the browser tests: the running all-in-one app at DUKAN_URL, signed in as admin
// with DUKAN_ADMIN_PASSWORD; Debian's Chromium driven by playwright-core.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from '@jest/globals';
import { fromCents, priceSale, toCents } from '@dukan/contracts';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');

export const BASE_URL = (process.env.DUKAN_URL ?? 'http://localhost:5000').replace(/\/$/, '');

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

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
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

export interface ApiResult<T = any> {
  status: number;
  body: T;
}

export async function api<T = any>(path: string, opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

function ok<T>(r: ApiResult<T>, what: string): T {
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function login(username: string, password: string): Promise<string> {
  const body = ok(await api('/auth/login', { body: { username, password } }), `login ${username}`);
  return body.token;
}

export const unique = () => randomUUID().slice(0, 8);

/** A 13-digit code that no seeded product uses. */
export function uniqueBarcode(): string {
  return `29${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 100)
    .toString()
    .padStart(2, '0')}`;
}

export interface SeededProduct {
  _id: string;
  sku: string;
  barcode: string;
  price: number;
  /** The product's own discount, percent. */
  discount: number;
  quantity: number;
  name: { en: string; ku: string };
}

export async function createProduct(token: string, p: { price: number; quantity: number; discount?: number; en: string; ku: string; categoryId: string }): Promise<SeededProduct> {
  const tag = unique();
  const input = {
    sku: `E2E-${tag}`,
    barcode: uniqueBarcode(),
    name: { en: `${p.en} ${tag}`, ku: `${p.ku} ${tag}` },
    category: p.categoryId,
    price: p.price,
    cost: Math.round(p.price * 60) / 100,
    quantity: p.quantity,
    reorderLevel: 2,
    discount: p.discount ?? 0,
    isNewBarcode: true,
  };
  const body = ok(await api('/products', { token, body: input }), 'create product');
  const saved = body.data ?? body;
  return { _id: saved._id, sku: input.sku, barcode: input.barcode, price: p.price, discount: input.discount, quantity: p.quantity, name: input.name };
}

export async function createCategory(token: string): Promise<string> {
  const tag = unique();
  const body = ok(await api('/categories', { token, body: { name: { en: `E2E ${tag}`, ku: `تاقیکردنەوە ${tag}` } } }), 'create category');
  return (body.data ?? body)._id;
}

export async function createCustomer(token: string): Promise<{ _id: string; firstName: string; lastName: string; phone: string }> {
  const tag = unique();
  const input = { firstName: `Shilan${tag}`, lastName: 'Aziz', phone: `0750${Math.floor(1_000_000 + Math.random() * 8_999_999)}` };
  const body = ok(await api('/customers', { token, body: input }), 'create customer');
  return { ...input, _id: (body.data ?? body)._id };
}

export async function getProduct(token: string, id: string): Promise<{ quantity: number }> {
  const body = ok(await api(`/products/${id}`, { token }), 'get product');
  return body.data ?? body;
}

export async function getCustomer(token: string, id: string): Promise<{ loyaltyPoints: number }> {
  const body = ok(await api(`/customers/${id}`, { token }), 'get customer');
  return body.data ?? body;
}

export async function getTransaction(token: string, id: string): Promise<any> {
  const body = ok(await api(`/transactions/${id}`, { token }), 'get transaction');
  return body.data ?? body;
}

/** Waits until `probe` returns a truthy value (events reach other services a moment after a sale). */
export async function eventually<T>(probe: () => Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** Turns loyalty on with 1 point per dollar if it is off, so a customer can earn and spend points. */
export async function ensureLoyalty(token: string): Promise<void> {
  const current = ok(await api('/loyalty/settings', { token }), 'loyalty settings');
  const settings = current.data ?? current;
  if (settings.enabled && settings.pointsPerDollar > 0 && (settings.minimumRedemption ?? 0) <= 50 && (settings.minimumPoints ?? 0) <= 50) return;
  const { _id, createdAt, updatedAt, ...rest } = settings;
  void _id;
  void createdAt;
  void updatedAt;
  ok(
    await api('/loyalty/settings', {
      method: 'PUT',
      token,
      body: { ...rest, enabled: true, pointsPerDollar: Math.max(1, settings.pointsPerDollar ?? 1), minimumPoints: 0, minimumRedemption: Math.min(settings.minimumRedemption ?? 1, 10) },
    }),
    'save loyalty settings',
  );
}

export interface SoldSale {
  _id: string;
  invoiceNumber: string;
  total: number;
  items: { _id: string; quantity: number; productSnapshot: { sku: string } }[];
}

/**
 * A cash sale made through the API, as the till sends it (exact tender, no cart discount), priced by the shared rules. The sales service learns of a
 * new product from catalog's event a moment after it is created, so the first tries may be refused as unavailable.
 */
export async function sellViaApi(token: string, lines: { product: SeededProduct; quantity: number }[], customerId?: string): Promise<SoldSale> {
  const priced = priceSale({
    lines: lines.map(({ product, quantity }) => ({ priceCents: toCents(product.price), quantity, discountPercent: product.discount })),
    discount: null,
    loyaltyDiscountCents: 0,
    taxRateBasisPoints: 0,
  });
  const items = lines.map(({ product, quantity }, i) => ({
    product: product._id,
    productSnapshot: { name: product.name.en, sku: product.sku, price: product.price },
    quantity,
    unitPrice: product.price,
    subtotal: fromCents(priced.lines[i]!.subtotalCents),
    discount: product.discount,
    discountType: 'percentage',
  }));
  const total = fromCents(priced.totalCents);
  // The rate settings gives this user now: sales refuses any other.
  const exchangeRate = Number(ok(await api('/settings/exchange-rate', { token }), 'exchange rate').data.exchangeRate);
  const key = randomUUID();
  const body = {
    ...(customerId ? { customer: customerId } : {}),
    items,
    subtotal: total,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total,
    currency: 'USD',
    exchangeRate,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: total, change: 0 },
    paymentStatus: 'paid',
    register: 'main',
  };
  return eventually(async () => {
    const r = await api('/transactions', { token, headers: { 'Idempotency-Key': key }, body });
    if (r.status === 400 && JSON.stringify(r.body).includes('productUnavailable')) return null;
    if (r.status >= 300) throw new Error(`sale failed: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body.data ?? r.body) as SoldSale;
  }, 'the new products to reach sales');
}

/** Gives a customer points the normal way: a cash sale made through the API. */
export async function earnPoints(token: string, customerId: string, product: SeededProduct, quantity: number): Promise<number> {
  await sellViaApi(token, [{ product, quantity }], customerId);
  const c = await eventually(async () => {
    const got = await getCustomer(token, customerId);
    return got.loyaltyPoints > 0 ? got : null;
  }, 'loyalty points to arrive');
  return c.loyaltyPoints;
}

/** A staff account made by the admin; with `language`, its saved language preference. */
export async function createUser(adminToken: string, role: 'manager' | 'cashier', language?: 'en' | 'ku'): Promise<{ username: string; password: string }> {
  const username = `${role}${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  ok(
    await api('/auth/register', {
      token: adminToken,
      body: { username, password, firstName: role === 'manager' ? 'Karwan' : 'Rezan', lastName: 'Kamal', email: `${username}@example.com`, role },
    }),
    `register ${role}`,
  );
  if (language) {
    const token = await login(username, password);
    ok(await api('/auth/me/preferences', { method: 'PUT', token, body: { languagePreference: language } }), 'save language');
  }
  return { username, password };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=sidebar]');
}

/** Opens the till and waits until its products are loaded and indexed. */
export async function openTill(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/pos`);
  await page.waitForSelector('[data-testid=pos-search]');
  await page.waitForFunction(() => /[0-9\u0660-\u0669]/.test(document.querySelector("[data-testid=results-count]")?.textContent ?? "") && !document.querySelector('[data-testid=results-count]')?.textContent?.includes('…'));
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
  const keys = [...code].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0) }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', vk: 13 });
  for (const [i, k] of keys.entries()) {
    const timestamp = t0 + (i * gapMs) / 1000;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, text: k.text, unmodifiedText: k.text, code: k.code, windowsVirtualKeyCode: k.vk, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp: timestamp + 0.002 });
  }
}

/** Line quantity of the cart line with this SKU (0 when absent). */
export async function lineQuantity(page: Page, sku: string): Promise<number> {
  const input = page.locator(`[data-testid=cart-line][data-sku="${sku}"] [data-testid=line-quantity]`);
  return (await input.count()) ? Number(await input.inputValue()) : 0;
}

/** The sale just shown on the final receipt, opened by its invoice number in `branch` (numbers are unique per branch). */
export async function saleByInvoice(token: string, invoiceNumber: string, branch?: string): Promise<any> {
  const headers = branch ? { 'x-dukan-branch': branch } : undefined;
  const body = ok(await api(`/transactions/${encodeURIComponent(invoiceNumber)}`, { token, headers }), `transaction ${invoiceNumber}`);
  return body.data ?? body;
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
  const key = /\b(common|nav|pages|auth|dashboard|pos|inventory|productForm|customers|transactions|staff|settings|userPermissions|permissions|roles|expenses|reports)\.[a-zA-Z]+(\.[a-zA-Z]+)*\b/;
  const keyHit = text.match(key);
  if (keyHit) leaks.push(`key ${keyHit[0]}`);
  const same = new Set(kurdish.flatMap(textsOf));
  for (const phrase of english.flatMap(textsOf)) {
    if (same.has(phrase)) continue;
    // The longest fixed part of the text, without {{placeholders}}.
    const fixed = phrase.split(/\{\{[^}]+\}\}/).map((s) => s.trim()).sort((a, b) => b.length - a.length)[0] ?? '';
    if (fixed.replace(/[^A-Za-z]/g, '').length < 4) continue;
    if (text.includes(fixed)) leaks.push(fixed);
  }
  return leaks;
}
