/// <reference lib="dom" />
// An exchange at the till: a receipt scanned, its tea taken back towards a bag of rice, the difference paid in
// dinars; one sale, one return, the drawer's expected cash up by the dinars only; in English and in Kurdish.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { drawerEffect } from '@dukan/contracts';
import type { Page } from 'playwright-core';
import { en, ku } from '../../frontend/src/features/pos/returns/texts.js';
import {
  api,
  BASE_URL,
  browserSession,
  createCategory,
  createProduct,
  createUser,
  eventually,
  getProduct,
  login,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(240_000);

describe('an exchange from the receipt at the till (browser)', () => {
  const session = browserSession();
  let tea: SeededProduct;
  let rice: SeededProduct;
  const stockIs = (p: SeededProduct, n: number) =>
    eventually(async () => (await getProduct(session.adminToken, p._id)).quantity === n, `${p.sku} stock ${n}`);

  beforeAll(async () => {
    const categoryId = await createCategory(session.adminToken);
    tea = await createProduct(session.adminToken, { price: 4, quantity: 20, en: 'Green tea', ku: 'چای سەوز', categoryId });
    rice = await createProduct(session.adminToken, { price: 10, quantity: 20, en: 'Rice 5kg', ku: 'برنج', categoryId });
  });

  async function addAndCheckOut(page: Page, product: SeededProduct) {
    await page.click('[data-testid=pos-search]');
    await scan(page, product.barcode);
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
    await page.keyboard.press('F4');
    await page.click('[data-testid=pick-guest]');
    await page.waitForSelector('[data-testid=tendered]');
  }

  async function finish(page: Page): Promise<string> {
    await page.waitForSelector('[data-testid=final-receipt]');
    return (await page.textContent('[data-testid=invoice-number]'))!.trim();
  }

  async function exchangeOne(language: 'en' | 'ku', texts: typeof en, stock: { tea: number; rice: number }) {
    const manager = await createUser(session.adminToken, 'manager', language);
    const token = await login(manager.username, manager.password);
    // The till's register with a shift open (this test's own unless one is open already): its drawer is followed.
    const context = await session.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const current = (await api('/shifts/current?register=main', { token })).body.data;
    const opened = current ? null : await api('/shifts', { token, body: { register: 'main', float: { USD: 0, IQD: 0 } } });
    if (opened) expect(opened.status).toBe(201);
    const shiftId: string = current?._id ?? opened!.body.data._id;
    const expected = async () => (await api(`/shifts/${shiftId}`, { token })).body.data.figures.expected as { USD: number; IQD: number };
    const start = await expected();
    await signIn(page, manager.username, manager.password);
    await openTill(page);

    // A tea sold for $4.00 in cash.
    await addAndCheckOut(page, tea);
    await page.click('[data-testid=exact-amount]');
    await page.click('[data-testid=confirm-sale]');
    const invoice = await finish(page);
    await page.click('[data-testid=new-sale]');
    await page.waitForSelector('[data-testid=final-receipt]', { state: 'detached' });
    expect(await expected()).toEqual({ USD: start.USD + 400, IQD: start.IQD });

    // The receipt scanned, the tea chosen, and Exchange: the tea's $4.00 goes towards the next sale.
    await page.click('[data-testid=pos-search]');
    await scan(page, invoice);
    const line = page.locator(`[data-testid=return-dialog] [data-testid=return-line][data-sku="${tea.sku}"]`);
    await line.waitFor();
    await line.locator('[data-testid=return-quantity]').fill('1');
    await page.click('[data-testid=return-exchange]');
    await page.waitForSelector('[data-testid=exchange-banner]');
    expect(await page.textContent('[data-testid=exchange-banner] strong')).toBe(
      texts.exchangeTitle.replace('{{invoice}}', `\u2066${invoice}\u2069`),
    );

    // The rice instead: $10.00 less the tea's $4.00, the $6.00 left paid in exact dinars (F7's button).
    await addAndCheckOut(page, rice);
    await page.waitForSelector('[data-testid=exchange-returned]');
    expect(await page.textContent('[data-testid=exchange-summary]')).toContain(
      texts.exchangeReturned.replace('{{invoice}}', `\u2066${invoice}\u2069`),
    );
    await page.click('[data-testid=exact-iqd]');
    const exchanged = await finish(page);
    await page.waitForSelector('[data-testid=exchange-done]');
    const returnedOnReceipt = await page.textContent('[data-testid=final-receipt] [data-testid=receipt-exchange-returned]');
    expect(returnedOnReceipt).toMatch(/[4٤]/); // the tea's value, in either language's digits

    // One new sale paid in dinars; the tea's sale returned with nothing handed back; stock and drawer follow.
    const sale = await saleByInvoice(session.adminToken, exchanged);
    expect(sale.total).toBe(10);
    expect(sale.tenders).toHaveLength(1);
    expect(sale.tenders[0]).toMatchObject({ method: 'cash', currency: 'IQD' });
    const first = await saleByInvoice(session.adminToken, invoice);
    expect(first.refundState).toBe('full');
    expect(first.refunds.map((r: { tenders: unknown }) => r.tenders)).toEqual([[]]);
    const into = drawerEffect(sale.tenders, sale.change);
    expect(into.IQD).toBeGreaterThan(0);
    expect(await expected()).toEqual({ USD: start.USD + 400 + into.USD, IQD: start.IQD + into.IQD });
    await stockIs(tea, stock.tea);
    await stockIs(rice, stock.rice);

    // Printed again from the back office, the receipt still says what came back.
    await page.goto(`${BASE_URL}/transactions/${sale._id}`);
    await page.click('[data-testid=reprint]');
    const returned = page.locator('[data-testid=reprint-receipt] [data-testid=receipt-exchange-returned]');
    await returned.waitFor();
    expect(await returned.textContent()).toBe(returnedOnReceipt);
    expect(await page.textContent('[data-testid=reprint-receipt] [data-testid=exchange-done]')).toContain(`\u2066${invoice}\u2069`);

    if (opened) expect((await api(`/shifts/${shiftId}/close`, { token, body: { counted: await expected() } })).status).toBe(200);
    await context.close();
  }

  it('exchanges a tea for rice, the difference paid in dinars, in English', async () => {
    await exchangeOne('en', en, { tea: 20, rice: 19 });
  });

  it('does the same in Kurdish', async () => {
    await exchangeOne('ku', ku, { tea: 20, rice: 18 });
  });
});
