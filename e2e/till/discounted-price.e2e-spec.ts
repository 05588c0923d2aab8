/// <reference lib="dom" />
// The product that used to be refused: $12.25 less 10 % is 11.025, which the till and the server now both make
// $11.03 (one pricing module). Sold at the till in dollars and in dinars, by a cashier.
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { iqdToUsdCents, priceLine, usdCentsToIqd } from '@dukan/contracts';
import {
  api,
  browserSession,
  createCategory,
  createProduct,
  createUser,
  expectedChange,
  login,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(180_000);

const digits = (text: string | null) => (text ?? '').replace(/[^0-9]/g, '');

async function ringUp(page: Page, product: SeededProduct): Promise<void> {
  await openTill(page);
  await page.click('[data-testid=pos-search]');
  await scan(page, product.barcode);
  await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
}

async function checkout(page: Page, tendered: string): Promise<{ change: string; invoice: string }> {
  await page.keyboard.press('F4');
  await page.click('[data-testid=pick-guest]');
  await page.waitForSelector('[data-testid=tendered]');
  await page.fill('[data-testid=tendered]', tendered);
  const change = (await page.textContent('[data-testid=change]'))!.trim();
  await page.click('[data-testid=confirm-sale]');
  await page.waitForSelector('[data-testid=final-receipt]');
  return { change, invoice: (await page.textContent('[data-testid=invoice-number]'))!.trim() };
}

describe('the $12.25 product at 10 % off, at the till (browser)', () => {
  const session = browserSession();

  it('sells for $11.03 in dollars and for its price in dinars at the rate settings give, and the server keeps $11.03', async () => {
    const categoryId = await createCategory(session.adminToken);
    const product = await createProduct(session.adminToken, {
      en: 'Saffron Rice',
      ku: 'برنجی زەعفەران',
      price: 12.25,
      discount: 10,
      quantity: 10,
      categoryId,
    });
    const cashier = await createUser(session.adminToken, 'cashier');
    const token = await login(cashier.username, cashier.password);
    const rate = Number((await api('/settings/exchange-rate', { token })).body.data.exchangeRate);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, cashier.username, cashier.password);

    // In dollars.
    await ringUp(page, product);
    expect(await page.textContent('[data-testid=total]')).toBe('$11.03');
    const usd = await checkout(page, '20');
    // $8.97 back, in the currency the shop gives change in (dinars to its cash step, by default).
    const usdChange = await expectedChange(token, 'USD', 1103, 2000);
    expect({ amount: digits(usd.change), dollars: usd.change.includes('$') }).toEqual({
      amount: String(usdChange.amountMinor),
      dollars: usdChange.currency === 'USD',
    });
    const usdSale = await saleByInvoice(session.adminToken, usd.invoice);
    expect({ total: usdSale.total, subtotal: usdSale.subtotal, line: usdSale.items[0].subtotal, currency: usdSale.currency }).toEqual({
      total: 11.03,
      subtotal: 11.03,
      line: 11.03,
      currency: 'USD',
    });
    expect(usdSale.paymentDetails.amountTendered).toBe(20);
    expect(usdSale.change).toEqual(usdChange);

    // In dinars: the sale is priced in whole dinars ($12.25 at the rate, once, then 10 % off); the cash due and the
    // change are rounded to the shop's dinar step.
    await page.click('[data-testid=new-sale]');
    await page.click('[data-testid=currency-IQD]');
    await ringUp(page, product);
    const totalIqd = priceLine({ priceCents: usdCentsToIqd(1225, rate), quantity: 1, discountPercent: 10 }).subtotalCents;
    expect(digits(await page.textContent('[data-testid=total]'))).toBe(String(totalIqd));
    const tendered = Math.ceil(totalIqd / 5000) * 5000 + 5000;
    const iqd = await checkout(page, String(tendered));
    const iqdChange = await expectedChange(token, 'IQD', totalIqd, tendered);
    expect(digits(iqd.change)).toBe(String(iqdChange.amountMinor));
    const iqdSale = await saleByInvoice(session.adminToken, iqd.invoice);
    expect({
      total: iqdSale.total,
      currency: iqdSale.currency,
      exchangeRate: iqdSale.exchangeRate,
      totalInDinars: iqdSale.amountsInCurrency.total,
    }).toEqual({ total: iqdToUsdCents(totalIqd, rate) / 100, currency: 'IQD', exchangeRate: rate, totalInDinars: totalIqd });
    await page.context().close();
  });
});
