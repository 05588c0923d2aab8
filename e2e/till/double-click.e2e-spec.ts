/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import {
  adminPassword,
  browserSession,
  createCategory,
  createProduct,
  eventually,
  getProduct,
  openTill,
  saleByInvoice,
  scan,
  signIn,
} from '../support.js';

jest.setTimeout(120_000);

describe('confirming a sale twice (browser)', () => {
  const session = browserSession();

  it('makes one sale from a double click on confirm', async () => {
    const categoryId = await createCategory(session.adminToken);
    const soap = await createProduct(session.adminToken, { en: 'Soap', ku: 'سابوون', price: 1.25, quantity: 10, categoryId });
    const page = await (await session.browser.newContext()).newPage();
    const sales: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/transactions') sales.push(r.headers()['idempotency-key'] ?? '');
    });
    await signIn(page, 'admin', adminPassword());
    await openTill(page);
    await page.click('[data-testid=pos-search]');
    await scan(page, soap.barcode);
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${soap.sku}"]`);
    await page.keyboard.press('F4');
    await page.click('[data-testid=pick-guest]');
    await page.click('[data-testid=exact-amount]');
    await page.dblclick('[data-testid=confirm-sale]');
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();

    // Every request the page sent for this sale carried the same key, and the server kept one sale.
    expect(sales.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sales).size).toBe(1);
    const sale = await saleByInvoice(session.adminToken, invoice);
    expect(Number(sale.total)).toBeCloseTo(1.25, 2);
    await eventually(async () => (await getProduct(session.adminToken, soap._id)).quantity === 9, 'stock to fall by one');
    await new Promise((r) => setTimeout(r, 2000));
    expect((await getProduct(session.adminToken, soap._id)).quantity).toBe(9);
    await page.context().close();
  });
});
