/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import {
  BASE_URL,
  adminPassword,
  browserSession,
  createCategory,
  createProduct,
  expectedChange,
  openTill,
  saleByInvoice,
} from '../support.js';

jest.setTimeout(120_000);

describe('the till without a mouse (browser)', () => {
  const session = browserSession();

  it('signs in, searches, adds, sets a quantity and checks out with the keyboard alone', async () => {
    const categoryId = await createCategory(session.adminToken);
    const sugar = await createProduct(session.adminToken, { en: 'Sugar 1kg', ku: 'شەکر', price: 1.5, quantity: 40, categoryId });
    const page = await (await session.browser.newContext()).newPage();

    await page.goto(`${BASE_URL}/pos`);
    await page.waitForSelector('input[name=username]');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(adminPassword());
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=sidebar]');
    await openTill(page);

    await page.keyboard.press('F2');
    await page.keyboard.type(sugar.sku, { delay: 80 });
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${sugar.sku}"]`);
    await page.keyboard.press('F8');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('pos-search');

    await page.keyboard.press('F4');
    await page.waitForSelector('[data-testid=customer-search]');
    await page.keyboard.press('Tab'); // to "Continue as guest"
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=tendered]');
    await page.keyboard.type('10');
    // $5.50 back, in the currency the shop gives change in (dinars to its cash step, by default).
    const change = await expectedChange(session.adminToken, 'USD', 450, 1000);
    const shown = (await page.textContent('[data-testid=change]')) ?? '';
    expect({ amount: shown.replace(/[^0-9]/g, ''), dollars: shown.includes('$') }).toEqual({
      amount: String(change.amountMinor),
      dollars: change.currency === 'USD',
    });
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=final-receipt]', { state: 'detached' });
    expect(await page.locator('[data-testid=cart-line]').count()).toBe(0);

    const sale = await saleByInvoice(session.adminToken, invoice);
    expect((sale.items as any[]).map((i) => i.quantity)).toEqual([3]);
    expect(Number(sale.total)).toBeCloseTo(4.5, 2);
    await page.context().close();
  });
});
