/// <reference lib="dom" />
// The till with no way to the server (the browser's network cut): it says so, keeps selling with invoice numbers
// reserved for its register, and keeps the sales in IndexedDB. The tab is closed; once the server can be reached
// again the reopened till sends them in order with their keys: two arrive once, with the numbers printed on their
// receipts, and the third (its product deleted meanwhile) is kept for a manager with the reason.
import { describe, expect, it, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { api, browserSession, createCategory, createProduct, createUser, eventually, openTill, signIn, type SeededProduct } from '../support.js';

jest.setTimeout(240_000);

/** Waits until this browser holds reserved invoice numbers for its register. */
async function numbersReserved(page: Page): Promise<void> {
  await page.waitForFunction(
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
    undefined,
    { polling: 250 },
  );
}

async function sellOffline(page: Page, product: SeededProduct): Promise<string> {
  await page.fill('[data-testid=pos-search]', product.sku);
  await page.waitForSelector(`[data-testid=product-tile][data-sku="${product.sku}"]`);
  await page.click(`[data-testid=product-tile][data-sku="${product.sku}"]`);
  await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
  await page.keyboard.press('F4');
  await page.click('[data-testid=exact-amount]');
  await page.click('[data-testid=confirm-sale]');
  await page.waitForSelector('[data-testid=receipt-offline]');
  const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
  await page.click('[data-testid=new-sale]');
  return invoice;
}

async function salesNumbered(token: string, invoice: string): Promise<number> {
  const res = await api(`/transactions?search=${encodeURIComponent(invoice)}`, { token });
  return (res.body.data as { invoiceNumber: string }[]).filter((s) => s.invoiceNumber === invoice).length;
}

describe('selling while the server cannot be reached (browser)', () => {
  const session = browserSession();

  async function run(language: 'en' | 'ku', texts: { offline: RegExp; queued: string; refusedReason: RegExp }) {
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
    await numbersReserved(page);

    await context.setOffline(true);
    await page.waitForSelector('[data-testid=offline-banner]');
    expect(await page.textContent('[data-testid=offline-banner]')).toMatch(texts.offline);
    const invoices = [await sellOffline(page, tea), await sellOffline(page, rice), await sellOffline(page, soap)];
    expect(await page.textContent('[data-testid=queued-count]')).toBe(texts.queued);
    const sequences = invoices.map((n) => Number(n.slice(-7)));
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2]);

    // Meanwhile the soap is deleted; the tab is closed, the network comes back, the till is opened again.
    expect((await api(`/products/${soap._id}`, { method: 'DELETE', token: session.adminToken })).status).toBe(200);
    await page.close();
    await context.setOffline(false);
    page = await context.newPage();
    await signIn(page, manager.username, manager.password);
    await openTill(page);

    await page.waitForSelector('[data-testid=refused-sale]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=queued-count]'));
    expect(await page.textContent('[data-testid=refused-invoice]')).toBe(invoices[2]);
    expect(await page.textContent('[data-testid=refused-reason]')).toMatch(texts.refusedReason);
    for (const invoice of invoices.slice(0, 2)) {
      await eventually(async () => (await salesNumbered(session.adminToken, invoice)) === 1 || null, `sale ${invoice} stored once`);
    }
    expect(await salesNumbered(session.adminToken, invoices[2]!)).toBe(0);

    // A reload sends nothing twice; the manager resolves the refused sale.
    await page.reload();
    await openTill(page);
    await page.click('[data-testid=resolve-refused]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=refused-sale]'));
    for (const invoice of invoices.slice(0, 2)) expect(await salesNumbered(session.adminToken, invoice)).toBe(1);
    await context.close();
  }

  it('keeps selling and sends the sales once when the server is back, in English', () =>
    run('en', { offline: /^Offline: the server cannot be reached/, queued: 'Sales waiting to be sent: 3', refusedReason: /not available for sale/ }));

  it('does the same in Kurdish', () =>
    run('ku', { offline: /^دەرهێڵ: ناتوانرێت بگەیەنرێت بە ڕاژەکار/, queued: 'فرۆشتنی چاوەڕێی ناردن: ٣', refusedReason: /بەردەست نییە/ }));
});
