/// <reference lib="dom" />
// The till with its server stopped: a server of this file's own is stopped while the till is open. The till says so,
// keeps selling with invoice numbers reserved for its register and keeps the sales in IndexedDB. The tab is closed
// and opened again with the server still down: the installed app opens the till from what the browser kept. The server
// is started again and a product deleted; the reopened till sends the sales in order with their keys: two arrive
// once, with the numbers printed on their receipts and the time they were made, and the third (its product deleted
// meanwhile) is kept for a manager with the reason.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { appProcess } from '../app-process.mjs';

jest.setTimeout(300_000);

// This file's own app: the support helpers read its address when they are loaded.
const app = await appProcess();
await app.start();
process.env.DUKAN_URL = app.url;
process.env.DUKAN_ADMIN_PASSWORD = app.password;
const { api, BASE_URL, createCategory, createProduct, createUser, eventually, launch, login, openTill, signIn } =
  await import('../support.js');
type SeededProduct = Awaited<ReturnType<typeof createProduct>>;

/** Waits until this browser holds reserved invoice numbers for its register and the installed app is ready. */
async function readyForOffline(page: Page): Promise<void> {
  const reserved = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('dukan-till');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('invoiceBlocks')) return resolve(false);
            const count = db.transaction('invoiceBlocks').objectStore('invoiceBlocks').count();
            count.onsuccess = () => resolve(count.result > 0);
            count.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
    );
  await eventually(async () => (await reserved()) || null, 'invoice numbers reserved for the register');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function sellOffline(page: Page, product: SeededProduct): Promise<{ invoice: string; at: number }> {
  await page.fill('[data-testid=pos-search]', product.sku);
  await page.waitForSelector(`[data-testid=product-tile][data-sku="${product.sku}"]`);
  await page.click(`[data-testid=product-tile][data-sku="${product.sku}"]`);
  await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
  await page.keyboard.press('F4');
  await page.click('[data-testid=exact-amount]');
  const at = Date.now();
  await page.click('[data-testid=confirm-sale]');
  await page.waitForSelector('[data-testid=receipt-offline]');
  const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
  await page.click('[data-testid=new-sale]');
  return { invoice, at };
}

async function salesNumbered(token: string, invoice: string): Promise<{ invoiceNumber: string; createdAt: string }[]> {
  const res = await api(`/transactions?search=${encodeURIComponent(invoice)}`, { token });
  return (res.body.data as { invoiceNumber: string; createdAt: string }[]).filter((s) => s.invoiceNumber === invoice);
}

describe('selling while the server is stopped (browser)', () => {
  const session = {} as { browser: Awaited<ReturnType<typeof launch>>; adminToken: string };
  beforeAll(async () => {
    session.adminToken = await login('admin', app.password);
    session.browser = await launch();
  });
  afterAll(async () => {
    await session.browser?.close();
    await app.dispose();
  });

  async function run(language: 'en' | 'ku', texts: { offline: RegExp; queued: string; refusedReason: RegExp }) {
    await app.start();
    const categoryId = await createCategory(session.adminToken);
    const [tea, rice, soap] = await Promise.all([
      createProduct(session.adminToken, { en: 'Tea', ku: 'چا', price: 2.5, quantity: 10, categoryId }),
      createProduct(session.adminToken, { en: 'Rice', ku: 'برنج', price: 7, quantity: 10, categoryId }),
      createProduct(session.adminToken, { en: 'Soap', ku: 'سابوون', price: 1.25, quantity: 10, categoryId }),
    ]);
    const manager = await createUser(session.adminToken, 'manager', language);
    const context: BrowserContext = await session.browser.newContext({ viewport: { width: 1366, height: 800 } });
    let page = await context.newPage();
    await signIn(page, manager.username, manager.password);
    await openTill(page);
    await readyForOffline(page);

    // The server stops while the till is open.
    await app.stop();
    await page.waitForSelector('[data-testid=offline-banner]');
    expect(await page.textContent('[data-testid=offline-banner]')).toMatch(texts.offline);
    const sold = [await sellOffline(page, tea), await sellOffline(page, rice), await sellOffline(page, soap)];
    const invoices = sold.map((s) => s.invoice);
    expect(await page.textContent('[data-testid=queued-count]')).toBe(texts.queued);
    const sequences = invoices.map((n) => Number(n.slice(-7)));
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2]);

    // The tab is closed and the till opened again, the server still down: the installed app and the kept catalogue.
    await page.close();
    page = await context.newPage();
    await page.goto(`${BASE_URL}/pos`);
    await page.waitForSelector('[data-testid=offline-banner]');
    await page.waitForSelector(`[data-testid=product-tile][data-sku="${tea.sku}"]`);
    expect(await page.textContent('[data-testid=queued-count]')).toBe(texts.queued);
    await page.close();

    // The server is back; meanwhile the soap is deleted. The till is opened again, still signed in.
    const restartedAt = Date.now();
    await app.start();
    expect((await api(`/products/${soap._id}`, { method: 'DELETE', token: session.adminToken })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    page = await context.newPage();
    await openTill(page);

    await page.waitForSelector('[data-testid=refused-sale]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=queued-count]'));
    expect(await page.textContent('[data-testid=refused-invoice]')).toBe(invoices[2]);
    expect(await page.textContent('[data-testid=refused-reason]')).toMatch(texts.refusedReason);
    for (const { invoice, at } of sold.slice(0, 2)) {
      const stored = await eventually(async () => {
        const found = await salesNumbered(session.adminToken, invoice);
        return found.length === 1 ? found[0] : null;
      }, `sale ${invoice} stored once`);
      // Recorded when it was made, not when it arrived.
      expect(Date.parse(stored.createdAt)).toBeLessThan(restartedAt);
      expect(Math.abs(Date.parse(stored.createdAt) - at)).toBeLessThan(5000);
    }
    expect(await salesNumbered(session.adminToken, invoices[2]!)).toHaveLength(0);

    // A reload sends nothing twice; the manager resolves the refused sale.
    await page.reload();
    await openTill(page);
    await page.click('[data-testid=resolve-refused]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=refused-sale]'));
    for (const invoice of invoices.slice(0, 2)) expect(await salesNumbered(session.adminToken, invoice)).toHaveLength(1);
    await context.close();
  }

  it('keeps selling and sends the sales once when the server is back, in English', () =>
    run('en', {
      offline: /^Offline: the server cannot be reached/,
      queued: 'Sales waiting to be sent: 3',
      refusedReason: /not available for sale/,
    }));

  it('does the same in Kurdish', () =>
    run('ku', { offline: /^دەرهێڵ: ناتوانرێت بگەیەنرێت بە ڕاژەکار/, queued: 'فرۆشتنی چاوەڕێی ناردن: ٣', refusedReason: /بەردەست نییە/ }));
});
