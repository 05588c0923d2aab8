/// <reference lib="dom" />
// Money in its own currency at the till: a dinar-priced product, dinar cash rounding to 250, several tenders, change
// in the currency picked; in English and in Kurdish.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  api,
  BASE_URL,
  browserSession,
  createCategory,
  createUser,
  eventually,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  unique,
  uniqueBarcode,
} from '../support.js';

jest.setTimeout(240_000);

/** Digits of a text, Eastern Arabic ones read as Western (the Kurdish till writes ٧٬٧٥٠). */
const amount = (text: string | null) =>
  Number((text ?? '').replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^0-9]/g, ''));

describe('tenders, change and dinar cash rounding at the till (browser)', () => {
  const session = browserSession();
  let product: { barcode: string; sku: string };

  let stepBefore = 250;

  beforeAll(async () => {
    const token = session.adminToken;
    const categoryId = await createCategory(token);
    const tag = unique();
    product = { barcode: uniqueBarcode(), sku: `E2E-IQD-${tag}` };
    const created = await api('/products', {
      token,
      body: {
        sku: product.sku,
        barcode: product.barcode,
        name: { en: `Rice sack ${tag}`, ku: `گونیە برنج ${tag}` },
        category: categoryId,
        price: 36.1,
        priceCurrency: 'IQD',
        priceIqd: 52_345,
        cost: 20,
        quantity: 50,
        isNewBarcode: true,
      },
    });
    expect(created.status).toBe(201);
    stepBefore = (await api('/settings/general', { token })).body.data.iqdCashRounding;
    expect((await api('/settings/general', { method: 'PUT', token, body: { iqdCashRounding: 250, exchangeRate: 1450 } })).status).toBe(200);
    // The till asks for the step with the rate; sales learn it from the settings event.
    await eventually(async () => (await api('/settings/exchange-rate', { token })).body.data.iqdCashRounding === 250, 'the 250 step');
  });

  afterAll(async () => {
    await api('/settings/general', { method: 'PUT', token: session.adminToken, body: { iqdCashRounding: stepBefore } });
  });

  async function ringUp(page: Page): Promise<void> {
    await openTill(page);
    await page.click('[data-testid=currency-IQD]');
    await page.click('[data-testid=pos-search]');
    await scan(page, product.barcode);
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
    await page.keyboard.press('F4');
    await page.click('[data-testid=pick-guest]');
    await page.waitForSelector('[data-testid=tendered]');
  }

  async function finish(page: Page): Promise<{ invoice: string; change: number; tenders: number[] }> {
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
    const change = amount(await page.textContent('[data-testid=receipt-change]'));
    const tenders = (await page.locator('[data-testid=final-receipt] [data-testid=receipt-tender] dd').allTextContents()).map(amount);
    await page.click('[data-testid=new-sale]');
    return { invoice, change, tenders };
  }

  /** The three sales of the brief, typed at the keyboard; checked on screen and as stored. */
  async function threeSales(page: Page) {
    // 1. IQD 60,000 on IQD 52,345: the cash due rounds to 52,250 and 7,750 goes back.
    await ringUp(page);
    expect(amount(await page.textContent('[data-testid=remaining-iqd]'))).toBe(52_250);
    await page.fill('[data-testid=tendered]', '60000');
    expect(amount(await page.textContent('[data-testid=change]'))).toBe(7750);
    expect(amount(await page.textContent('[data-testid=rounding]'))).toBe(95);
    await page.keyboard.press('Enter');
    const exact = await finish(page);
    expect(exact).toMatchObject({ change: 7750, tenders: [60_000] });
    const stored = await saleByInvoice(session.adminToken, exact.invoice);
    expect(stored.tenders).toEqual([{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]);
    expect(stored.change).toEqual({ currency: 'IQD', amountMinor: 7750 });
    expect(stored.amountsInCurrency).toMatchObject({ total: 52_345, cashRounding: -95 });

    // 2. Pays $40 in dollars, change in dinars (F9): 58,000 dinars, 5,750 back.
    await ringUp(page);
    await page.fill('[data-testid=tendered]', '40');
    await page.keyboard.press('F9');
    const dollars = await finish(page);
    expect(dollars.change).toBe(5750);
    const storedDollars = await saleByInvoice(session.adminToken, dollars.invoice);
    expect(storedDollars.tenders).toEqual([{ method: 'cash', currency: 'USD', amountMinor: 4000 }]);
    expect(storedDollars.change).toEqual({ currency: 'IQD', amountMinor: 5750 });

    // 3. Mixed: 20,345 dinars by card, then the rest exactly in dinars (F7): 32,000, the card part not rounded.
    await ringUp(page);
    await page.selectOption('[data-testid=tender-kind]', 'card');
    await page.fill('[data-testid=tendered]', '20345');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=tender-row]');
    expect(amount(await page.textContent('[data-testid=remaining-iqd]'))).toBe(32_000);
    await page.keyboard.press('F7');
    const mixed = await finish(page);
    expect(mixed.tenders).toEqual([20_345, 32_000]);
    const storedMixed = await saleByInvoice(session.adminToken, mixed.invoice);
    expect(storedMixed).toMatchObject({
      paymentMethod: 'mixed',
      tenders: [
        { method: 'card', currency: 'IQD', amountMinor: 20_345 },
        { method: 'cash', currency: 'IQD', amountMinor: 32_000 },
      ],
    });
    return exact.invoice;
  }

  it('sells in English: 60,000 on 52,345 gives 7,750; dollars with change in dinars; card and cash; the receipt reprints', async () => {
    const cashier = await createUser(session.adminToken, 'manager', 'en');
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, cashier.username, cashier.password);
    const invoice = await threeSales(page);
    const sale = await saleByInvoice(session.adminToken, invoice);
    await page.goto(`${BASE_URL}/transactions/${sale._id}`);
    await page.click('[data-testid=reprint]');
    await page.waitForSelector('[data-testid=reprint-receipt]');
    expect(amount(await page.textContent('[data-testid=reprint-receipt] [data-testid=receipt-change]'))).toBe(7750);
    expect((await page.textContent('[data-testid=reprint-receipt] [data-testid=receipt-rounding]'))?.replace(/\u00a0/g, ' ')).toBe(
      '−IQD 95',
    );
    await page.context().close();
  });

  it('does the same in Kurdish', async () => {
    const cashier = await createUser(session.adminToken, 'manager', 'ku');
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, cashier.username, cashier.password);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await threeSales(page);
    await page.context().close();
  });
});
