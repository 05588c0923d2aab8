/// <reference lib="dom" />
// A return from the receipt at the till: the receipt's invoice number scanned, one unit of a line returned, the money
// back in cash as it was paid, the unit back in stock; in English and in Kurdish.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  browserSession,
  createCategory,
  createProduct,
  createUser,
  eventually,
  getProduct,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(240_000);

describe('a return from the receipt at the till (browser)', () => {
  const session = browserSession();
  let tea: SeededProduct;
  /** What the tea's stock should be once the events of the sales and returns so far have reached the catalogue. */
  let stock = 0;
  const stockIs = (n: number) => eventually(async () => (await getProduct(session.adminToken, tea._id)).quantity === n, `tea stock ${n}`);

  beforeAll(async () => {
    const categoryId = await createCategory(session.adminToken);
    tea = await createProduct(session.adminToken, { price: 4, quantity: 20, en: 'Green tea', ku: 'چای سەوز', categoryId });
    stock = 20;
  });

  /** Two teas sold for cash at the exact amount; the receipt's invoice number. */
  async function sellTwo(page: Page): Promise<string> {
    await openTill(page);
    await page.click('[data-testid=pos-search]');
    await scan(page, tea.barcode);
    await scan(page, tea.barcode);
    await page.waitForFunction(
      (sku) =>
        (document.querySelector(`[data-testid=cart-line][data-sku="${sku}"] [data-testid=line-quantity]`) as HTMLInputElement | null)
          ?.value === '2',
      tea.sku,
    );
    await page.keyboard.press('F4');
    await page.click('[data-testid=pick-guest]');
    await page.waitForSelector('[data-testid=tendered]');
    await page.click('[data-testid=exact-amount]');
    await page.click('[data-testid=confirm-sale]');
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
    await page.click('[data-testid=new-sale]');
    await page.waitForSelector('[data-testid=final-receipt]', { state: 'detached' });
    return invoice;
  }

  async function returnOne(language: 'en' | 'ku', texts: { sold: string; given: RegExp }) {
    const manager = await createUser(session.adminToken, 'manager', language);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, manager.username, manager.password);
    const invoice = await sellTwo(page);
    await stockIs((stock -= 2));

    // The receipt's barcode, scanned at the till, opens the sale for a return.
    await page.click('[data-testid=pos-search]');
    await scan(page, invoice);
    const line = page.locator(`[data-testid=return-dialog] [data-testid=return-line][data-sku="${tea.sku}"]`);
    await line.waitFor();
    expect((await line.locator('[data-testid=return-sold]').textContent())?.trim()).toBe(texts.sold);
    await line.locator('[data-testid=return-quantity]').fill('3');
    await page.waitForSelector('[data-testid=return-problem]');
    expect(await page.isDisabled('[data-testid=return-confirm]')).toBe(true);
    await line.locator('[data-testid=return-quantity]').fill('1');
    await page.click('[data-testid=return-confirm]');
    await page.waitForSelector('[data-testid=return-done]');
    expect(await page.textContent('[data-testid=return-given]')).toMatch(texts.given);

    const sale = await saleByInvoice(session.adminToken, invoice);
    expect(sale.items[0].refundedQuantity).toBe(1);
    expect(sale.refunds.map((r: { tenders: unknown }) => r.tenders)).toEqual([[{ method: 'cash', currency: 'USD', amountMinor: 400 }]]);
    await stockIs((stock += 1)); // the returned unit is back in stock
    await page.context().close();
  }

  it('returns one of two teas from the scanned receipt, in English', async () => {
    await returnOne('en', { sold: '2', given: /Cash \(USD\)\s*\$4\.00/ });
  });

  it('does the same in Kurdish', async () => {
    await returnOne('ku', { sold: '٢', given: /پارەی نەقد \(USD\)/ });
  });
});
