/// <reference lib="dom" />
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import {
  adminPassword,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createCustomer,
  createProduct,
  createUser,
  getProduct,
  getTransaction,
  kurdishLeaks,
  login,
  sellViaApi,
  signIn,
  type SeededProduct,
} from '../support.js';
import { stockBecomes } from './support-transactions.js';

jest.setTimeout(180_000);

describe('transactions list and detail (browser)', () => {
  const session = browserSession();
  let categoryId = '';

  beforeAll(async () => {
    categoryId = await createCategory(session.adminToken);
  });

  async function open(username: string, password: string): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, username, password);
    return page;
  }

  const product = (en: string, ku: string, price: number, quantity: number): Promise<SeededProduct> =>
    createProduct(session.adminToken, { en, ku, price, quantity, categoryId });

  async function findInList(page: Page, invoice: string) {
    await page.goto(`${BASE_URL}/transactions`);
    await page.waitForSelector('[data-testid=transactions-table]');
    await page.fill('[data-testid=transaction-search]', invoice);
    const row = page.locator('[data-testid=transaction-row]', { hasText: invoice });
    await row.waitFor();
    expect(await page.locator('[data-testid=transaction-row]').count()).toBe(1);
    return row;
  }

  it('an admin voids a sale from its detail: it reads voided in the detail and the list, and the stock comes back', async () => {
    const tea = await product('Green Tea', 'چای سەوز', 4, 20);
    const sale = await sellViaApi(session.adminToken, [{ product: tea, quantity: 3 }]);
    await stockBecomes(session.adminToken, tea._id, 17);

    const page = await open('admin', adminPassword());
    const row = await findInList(page, sale.invoiceNumber);
    expect(await row.locator('[data-testid=status-badge]').textContent()).toBe('Completed');
    expect(await row.textContent()).toContain('$12.00');
    await row.locator('[data-testid=view-transaction]').click();
    await page.waitForURL(`**/transactions/${sale._id}`);
    expect(await page.textContent('[data-testid=detail-invoice]')).toBe(sale.invoiceNumber);
    expect(await page.textContent('[data-testid=detail-total]')).toBe('$12.00');

    await page.click('[data-testid=open-void]');
    await page.fill('[data-testid=void-reason]', 'Rung up on the wrong till');
    await page.click('[data-testid=void-confirm]');
    await page.waitForSelector('[data-testid=voided-banner]');
    expect(await page.textContent('[data-testid=voided-banner]')).toContain('Rung up on the wrong till');
    expect(await page.locator('[data-testid=open-void]').count()).toBe(0);
    expect(await page.locator('[data-testid=open-refund]').count()).toBe(0);
    await page.screenshot({ path: artifact('transactions-detail-voided-en.png'), fullPage: true });

    // The server agrees, and catalog puts the three units back.
    expect((await getTransaction(session.adminToken, sale._id)).status).toBe('voided');
    await stockBecomes(session.adminToken, tea._id, 20);

    const voidedRow = await findInList(page, sale.invoiceNumber);
    expect(await voidedRow.locator('[data-testid=voided-badge]').textContent()).toBe('Voided');
    expect(await voidedRow.locator('[data-testid=status-badge]').textContent()).toBe('Cancelled');
    await page.fill('[data-testid=transaction-search]', '');
    await page.selectOption('[data-testid=status-filter]', 'Cancelled');
    await page.locator('[data-testid=transaction-row]', { hasText: sale.invoiceNumber }).waitFor();
    await page.screenshot({ path: artifact('transactions-list-en.png'), fullPage: true });
    await page.context().close();
  });

  it('a manager refunds one unit of a line: the detail shows the partial refund and the unit goes back on the shelf; no void button', async () => {
    const tea = await product('Black Tea', 'چای ڕەش', 4, 20);
    const rice = await product('Basmati Rice', 'برنجی بەسمەتی', 10, 15);
    const customer = await createCustomer(session.adminToken);
    const sale = await sellViaApi(
      session.adminToken,
      [
        { product: tea, quantity: 2 },
        { product: rice, quantity: 1 },
      ],
      customer._id,
    );
    await stockBecomes(session.adminToken, tea._id, 18);
    const manager = await createUser(session.adminToken, 'manager');

    const page = await open(manager.username, manager.password);
    await page.goto(`${BASE_URL}/transactions/${sale._id}`);
    await page.waitForSelector('[data-testid=detail-items]');
    expect(await page.textContent('[data-testid=detail-customer]')).toBe(`${customer.firstName} ${customer.lastName}`);
    expect(await page.locator('[data-testid=open-void]').count()).toBe(0);

    await page.click('[data-testid=open-refund]');
    await page.click('[data-testid=refund-some]');
    await page.locator(`[data-testid=refund-line][data-sku="${tea.sku}"] [data-testid=refund-quantity]`).fill('1');
    expect(await page.textContent('[data-testid=refund-estimate]')).toContain('$4.00');
    await page.fill('[data-testid=refund-reason]', 'Damaged box');
    await page.screenshot({ path: artifact('transactions-refund-dialog-en.png') });
    // A double click sends one refund.
    await page.dblclick('[data-testid=refund-confirm]');
    await page.waitForSelector('[data-testid=refund-dialog]', { state: 'detached' });

    await page.waitForSelector('[data-testid=refunded-banner]');
    expect(await page.textContent('[data-testid=refunded-banner]')).toContain('Part of this sale has been refunded ($4.00)');
    expect(await page.textContent('[data-testid=detail-refunded]')).toBe('Partly ($4.00)');
    expect(await page.locator(`[data-testid=detail-line][data-sku="${tea.sku}"] [data-testid=line-refunded]`).textContent()).toBe(
      '1 refunded',
    );
    expect(await page.locator('[data-testid=refund-row]').count()).toBe(1);
    expect(await page.textContent('[data-testid=refund-amount]')).toBe('$4.00');
    expect(await page.textContent('[data-testid=detail-net]')).toBe('$14.00');
    await page.screenshot({ path: artifact('transactions-detail-refunded-en.png'), fullPage: true });

    const saved = await getTransaction(session.adminToken, sale._id);
    expect(saved.refundState).toBe('partial');
    expect(saved.refunds).toHaveLength(1);
    await stockBecomes(session.adminToken, tea._id, 19);
    expect((await getProduct(session.adminToken, rice._id)).quantity).toBe(14);

    const row = await findInList(page, sale.invoiceNumber);
    expect(await row.locator('[data-testid=refunded-badge]').textContent()).toBe('Partly refunded');
    await page.context().close();
  });

  it('shows the not-found view for an unknown transaction', async () => {
    const page = await open('admin', adminPassword());
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-sale']) {
      await page.goto(`${BASE_URL}/transactions/${id}`);
      await page.waitForSelector('[data-testid=transaction-not-found]');
      expect(await page.textContent('[data-testid=transaction-not-found]')).toContain('Transaction not found');
    }
    await page.screenshot({ path: artifact('transactions-not-found-en.png') });
    await page.click('[data-testid=back-to-transactions]');
    await page.waitForSelector('[data-testid=transactions-table], [data-testid=transactions-empty]');
    await page.context().close();
  });

  it('reads entirely in Kurdish, right to left: list, detail and refund dialog', async () => {
    const tea = await product('Mint Tea', 'چای پونگ', 3, 30);
    const customer = await createCustomer(session.adminToken);
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    // Sold by the Kurdish manager, so the cashier column shows a Kurdish name rather than the seeded "Admin User".
    const sale = await sellViaApi(await login(manager.username, manager.password), [{ product: tea, quantity: 4 }], customer._id);
    const lineId = sale.items[0]!._id;
    const refund = await api(`/transactions/${sale._id}/refund`, {
      token: session.adminToken,
      body: { lines: [{ lineId, quantity: 1 }], reason: 'شکاو' },
    });
    expect(refund.status).toBe(201);
    const page = await open(manager.username, manager.password);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');

    await page.goto(`${BASE_URL}/transactions`);
    await page.waitForSelector('[data-testid=transactions-table]');
    // Only the manager's own sale on screen: other tests' rows carry the seeded admin's English name.
    await page.fill('[data-testid=transaction-search]', sale.invoiceNumber);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=transaction-row]').length === 1);
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('transactions-list-ku.png'), fullPage: true });
    // Mirrored: the sidebar on the right, nothing pushing the page sideways.
    expect((await page.locator('[data-testid=sidebar]').boundingBox())!.x).toBeGreaterThan(600);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);

    await page.goto(`${BASE_URL}/transactions/${sale._id}`);
    await page.waitForSelector('[data-testid=refunded-banner]');
    expect(await page.textContent('[data-testid=detail-items]')).toContain('چای پونگ');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('transactions-detail-ku.png'), fullPage: true });

    await page.click('[data-testid=open-refund]');
    await page.click('[data-testid=refund-some]');
    await page.waitForSelector('[data-testid=refund-line]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('transactions-refund-dialog-ku.png') });

    await page.goto(`${BASE_URL}/transactions/00000000-0000-4000-8000-000000000000`);
    await page.waitForSelector('[data-testid=transaction-not-found]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.context().close();
  });
});
