/// <reference lib="dom" />
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en as purchasesEn, ku as purchasesKu } from '../../frontend/src/features/purchases/texts.js';
import { en as stocktakesEn, ku as stocktakesKu } from '../../frontend/src/features/stocktakes/texts.js';
import {
  adminPassword,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createProduct,
  eventually,
  getProduct,
  kurdishLeaks,
  type SeededProduct,
  sellViaApi,
  signIn,
  switchLanguage,
  unique,
} from '../support.js';

jest.setTimeout(240_000);

// Stock coming in and stock counted, in the browser: an order received in two deliveries by scanning, a supplier
// invoice paid in part from a register's drawer, and a stocktake by scanning while the till sells, its variance
// approved; English first, then the same screens in Kurdish.

/** Types a code into a scan field and presses Enter, as a scanner does. */
async function scanInto(page: Page, testId: string, code: string): Promise<void> {
  await page.fill(`[data-testid=${testId}]`, code);
  await page.press(`[data-testid=${testId}]`, 'Enter');
}

describe('stock in and stock counted (browser)', () => {
  const session = browserSession();
  let categoryId: string;
  let tea: SeededProduct;
  let supplierName: string;

  beforeAll(async () => {
    categoryId = await createCategory(session.adminToken);
    tea = await createProduct(session.adminToken, { en: 'Order tea', ku: 'چای داواکاری', price: 4, quantity: 5, categoryId });
    supplierName = `Zagros ${unique()}`;
    const made = await api('/purchases/suppliers', {
      token: session.adminToken,
      body: { name: { en: supplierName, ku: `زاگرۆس ${supplierName.slice(7)}` }, phone: '07701234567' },
    });
    expect(made.status).toBe(201);
  });

  it('orders, receives in two deliveries by scanning, and pays the supplier in part from the drawer', async () => {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'admin', adminPassword());
    await page.click('a[href="/purchases"]');
    await page.waitForSelector('[data-testid=purchases-page]');

    // A draft order of 10 teas at $2.50, the product found by scanning its barcode.
    await page.click('[data-testid=add-order]');
    await page.selectOption('[data-testid=order-supplier]', { label: supplierName });
    await scanInto(page, 'scan-input', tea.barcode);
    await page.waitForSelector('[data-testid=order-dialog] [data-testid=order-line]');
    await page.fill('[data-testid=line-quantity]', '10');
    await page.fill('[data-testid=line-cost]', '2.50');
    await page.click('[data-testid=save-order]');
    const saved = (await page.textContent('[data-testid=purchases-notice]'))!;
    const number = /PO-\d{6}/.exec(saved)![0];
    expect(saved).toBe(`Order ${number} saved as a draft.`);
    const row = page.locator(`[data-testid=order-row][data-number="${number}"]`);
    expect(await row.locator('[data-testid=order-state]').innerText()).toBe('Draft');
    expect(await row.innerText()).toContain('$25.00');
    await row.locator('[data-testid=send-order]').click();
    await eventually(async () => (await row.locator('[data-testid=order-state]').innerText()) === 'Sent', 'the order sent');

    // First delivery: 6 scanned in (one scan, then the count typed from the delivery note).
    await row.locator('[data-testid=receive-order]').click();
    await page.waitForSelector('[data-testid=receive-tab] [data-testid=order-line]');
    await scanInto(page, 'scan-input', tea.barcode);
    await eventually(async () => (await page.inputValue('[data-testid=line-quantity]')) === '1', 'the scan counted');
    await page.fill('[data-testid=line-quantity]', '6');
    await page.click('[data-testid=receive-submit]');
    await eventually(
      async () => /^Received GR-\d{6}: 6 units into stock\.$/.test((await page.textContent('[data-testid=purchases-notice]')) ?? ''),
      'the receipt told',
    );
    expect((await getProduct(session.adminToken, tea._id)).quantity).toBe(11);
    await page.click('[data-testid=tab-orders]');
    await eventually(async () => (await row.locator('[data-testid=order-state]').innerText()) === 'Partly received', 'partly received');

    // Second delivery: the other 4, at a dearer cost.
    await row.locator('[data-testid=receive-order]').click();
    await page.waitForSelector('[data-testid=receive-tab] [data-testid=order-line]');
    for (let i = 1; i <= 4; i++) {
      await scanInto(page, 'scan-input', tea.barcode);
      await eventually(async () => (await page.inputValue('[data-testid=line-quantity]')) === String(i), `scan ${i} counted`);
    }
    await page.fill('[data-testid=line-cost]', '3');
    await page.click('[data-testid=receive-submit]');
    await page.waitForSelector('[data-testid=purchases-notice]');
    expect((await getProduct(session.adminToken, tea._id)).quantity).toBe(15);
    await page.click('[data-testid=tab-orders]');
    await eventually(async () => (await row.locator('[data-testid=order-state]').innerText()) === 'Received', 'received in full');

    // What the supplier's invoice says is owed, paid $10 of $27 from the main register's drawer.
    await page.click('[data-testid=tab-payables]');
    await page.click('[data-testid=add-invoice]');
    await page.selectOption('[data-testid=invoice-supplier]', { label: supplierName });
    const invoiceNumber = `INV-${unique()}`;
    await page.fill('[data-testid=invoice-number]', invoiceNumber);
    await page.fill('[data-testid=invoice-amount]', '27');
    await page.click('[data-testid=save-invoice]');
    const invoice = page.locator(`[data-testid=invoice-row][data-number="${invoiceNumber}"]`);
    await invoice.waitFor();
    await invoice.locator('[data-testid=pay-invoice]').click();
    await page.fill('[data-testid=pay-amount]', '10');
    await page.selectOption('[data-testid=pay-source]', 'drawer');
    await page.selectOption('[data-testid=pay-register]', 'main');
    await page.click('[data-testid=confirm-pay]');
    await eventually(
      async () => (await page.textContent('[data-testid=purchases-notice]')) === `Paid $10.00 to ${supplierName}.`,
      'the payment told',
    );
    await eventually(async () => (await invoice.locator('[data-testid=invoice-due]').innerText()) === '$17.00', 'the rest owed');
    const payables = page.locator('[data-testid=payables-row]', { hasText: supplierName });
    expect(await payables.locator('[data-testid=payables-total]').innerText()).toBe('$17.00');

    // The same screens in Kurdish.
    await switchLanguage(page, 'ku');
    expect(await page.textContent('h1')).toBe(purchasesKu.title);
    expect(await page.textContent('[data-testid=tab-payables]')).toBe(purchasesKu.tabs.payables);
    expect(await kurdishLeaks(page, [purchasesEn], [purchasesKu])).toEqual([]);
    await page.click('[data-testid=tab-orders]');
    expect(await row.locator('[data-testid=order-state]').innerText()).toBe(purchasesKu.states.received);
    await row.locator('[data-testid=print-order]').click();
    const paper = await page.locator('[data-testid=order-paper]').innerText();
    expect(paper).toContain(purchasesKu.paper.title);
    expect(paper).toContain(tea.name.ku);
    expect(await kurdishLeaks(page, [purchasesEn], [purchasesKu])).toEqual([]);
    await page.screenshot({ path: artifact('purchase-order-ku.png') });
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');
    await page.context().close();
  });

  it('counts by scanning while the till sells, and applies the variance the manager approves', async () => {
    const cola = await createProduct(session.adminToken, { en: 'Count cola', ku: 'کۆلای ژماردن', price: 1, quantity: 10, categoryId });
    const started = await api('/stocktakes', { token: session.adminToken, body: { categories: [categoryId] } });
    expect(started.status).toBe(201);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'admin', adminPassword());
    await page.goto(`${BASE_URL}/inventory/products`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.click('[data-testid=stocktakes-link]');
    await page.locator(`[data-testid=stocktake-row][data-number="${started.body.data.number}"] [data-testid=open-stocktake]`).click();
    await page.waitForSelector('[data-testid=count-panel]');

    // Three colas on the shelf, scanned one by one: 10 were expected, which the counting screen does not show.
    for (let i = 0; i < 3; i++) {
      await scanInto(page, 'count-code', cola.barcode);
      await eventually(
        async () => {
          const said = (await page.locator('[data-testid=count-message]').count())
            ? await page.textContent('[data-testid=count-message]')
            : null;
          if (!said?.endsWith(`: ${i + 1} counted`))
            throw new Error(`the screen says ${JSON.stringify(await page.locator('[data-testid=count-panel]').innerText())}`);
          return true;
        },
        `count ${i + 1}`,
      );
    }
    const counted = page.locator(`[data-testid=count-row][data-sku="${cola.sku}"] [data-testid=count-total]`);
    // The list of counts follows the message once it has been read again.
    await eventually(async () => (await counted.innerText()) === '3', 'the counted row at 3');
    expect(await page.locator('[data-testid=count-panel]').innerText()).not.toContain(stocktakesEn.variance.expected);

    // The till sells 2 after they were counted: not a loss the count should find.
    await sellViaApi(session.adminToken, [{ product: cola, quantity: 2 }]);
    await eventually(async () => (await getProduct(session.adminToken, cola._id)).quantity === 8, 'the sale applied');

    await page.reload();
    const variance = page.locator(`[data-testid=variance-row][data-sku="${cola.sku}"]`);
    await variance.waitFor();
    expect(await variance.locator('[data-testid=variance-difference]').innerText()).toBe('-7');

    await switchLanguage(page, 'ku');
    expect(await page.textContent('[data-testid=variance-panel] h2')).toBe(stocktakesKu.variance.title);
    expect(await kurdishLeaks(page, [stocktakesEn], [stocktakesKu])).toEqual([]);
    await page.click('[data-testid=approve-stocktake]');
    expect(await page.textContent('[data-testid=approve-message]')).toBe(
      stocktakesKu.variance.approved.replace('{{number}}', started.body.data.number),
    );
    await page.screenshot({ path: artifact('stocktake-ku.png'), fullPage: true });
    await switchLanguage(page, 'en');
    // 8 left after the sale, 7 fewer than the ledger held when counted: 1 now, which is what is on the shelf.
    expect((await getProduct(session.adminToken, cola._id)).quantity).toBe(1);
    await page.context().close();
  });
});
