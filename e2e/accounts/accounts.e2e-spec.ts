/// <reference lib="dom" />
// The debt book in the browser: a dinar sale half on the customer's account at the till, then a repayment in dinars
// on the customer's page; in English and in Kurdish.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  api,
  BASE_URL,
  browserSession,
  createCategory,
  createCustomer,
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

/** Digits of a text, Eastern Arabic ones read as Western (the Kurdish screens write ٢٦٬٣٤٥). */
const amount = (text: string | null) =>
  Number((text ?? '').replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^0-9]/g, ''));

describe('customer accounts (browser)', () => {
  const session = browserSession();
  let product: { barcode: string; sku: string };

  beforeAll(async () => {
    const token = session.adminToken;
    const categoryId = await createCategory(token);
    const tag = unique();
    product = { barcode: uniqueBarcode(), sku: `E2E-DEBT-${tag}` };
    const created = await api('/products', {
      token,
      body: {
        sku: product.sku,
        barcode: product.barcode,
        name: { en: `Flour ${tag}`, ku: `ئارد ${tag}` },
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
  });

  const owed = async (customerId: string) =>
    (await api(`/customers/${customerId}/account`, { token: session.adminToken })).body.data.balance;

  async function halfOnAccount(page: Page, customer: { _id: string; firstName: string }): Promise<string> {
    await openTill(page);
    await page.click('[data-testid=currency-IQD]');
    await page.click('[data-testid=pos-search]');
    await scan(page, product.barcode);
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${product.sku}"]`);
    await page.keyboard.press('F4');
    await page.fill('[data-testid=customer-search]', customer.firstName);
    // Until the search has answered, the list still shows the customers found before: the option naming this one.
    await page.click(`[data-testid=customer-option]:has-text("${customer.firstName}")`);
    await page.waitForSelector('[data-testid=tendered]');
    await page.selectOption('[data-testid=tender-kind]', 'cash-IQD');
    await page.fill('[data-testid=tendered]', '26000');
    await page.click('[data-testid=add-tender]');
    await page.selectOption('[data-testid=tender-kind]', 'account');
    await page.fill('[data-testid=tendered]', '26345');
    await page.click('[data-testid=confirm-sale]');
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();
    await page.click('[data-testid=new-sale]');
    return invoice;
  }

  async function repayDinars(page: Page, customer: { _id: string; firstName: string }): Promise<void> {
    await page.goto(`${BASE_URL}/customers`);
    await page.fill('[data-testid=customer-search]', customer.firstName);
    await page.waitForSelector(`[data-testid=customer-row][data-id="${customer._id}"]`);
    await page.click(`[data-testid=customer-row][data-id="${customer._id}"] [data-testid=open-account]`);
    await page.waitForSelector('[data-testid=statement-row][data-kind=sale]');
    expect(amount(await page.textContent('[data-testid=owed-iqd]'))).toBe(26_345);
    await page.click('[data-testid=take-repayment]');
    await page.selectOption('[data-testid=repay-currency]', 'IQD');
    await page.fill('[data-testid=repay-amount]', '20000');
    await page.click('[data-testid=confirm-repay]');
    await page.waitForSelector('[data-testid=statement-row][data-kind=repayment]');
    expect(amount(await page.textContent('[data-testid=owed-iqd]'))).toBe(6_345);
  }

  async function run(language: 'en' | 'ku') {
    const customer = await createCustomer(session.adminToken);
    expect(
      (
        await api(`/customers/${customer._id}/credit-limit`, {
          method: 'PUT',
          token: session.adminToken,
          body: { currency: 'IQD', amountMinor: 100_000 },
        })
      ).status,
    ).toBe(200);
    const cashier = await createUser(session.adminToken, 'cashier', language);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, cashier.username, cashier.password);
    if (language === 'ku') expect(await page.getAttribute('html', 'dir')).toBe('rtl');

    const invoice = await halfOnAccount(page, customer);
    const sale = await saleByInvoice(session.adminToken, invoice);
    expect(sale.tenders).toEqual([
      { method: 'cash', currency: 'IQD', amountMinor: 26_000 },
      { method: 'account', currency: 'IQD', amountMinor: 26_345 },
    ]);
    await eventually(async () => (await owed(customer._id)).IQD === 26_345 || null, 'the sale on the account', 60_000);
    // The receivables' export names the branch as the shop named it in settings, not by its code.
    const branches: { _id: string; name: string }[] = (await api('/settings/branches', { token: session.adminToken })).body.data;
    const main = branches.find((b) => b._id === 'main')!;
    const csv: string = (await api('/receivables/export/csv', { token: session.adminToken, headers: { 'accept-language': language } }))
      .body;
    const branchCells = csv.split('\r\n').map((line) => line.split(',')[0]);
    expect(branchCells).toContain(main.name);
    expect(main.name).not.toBe('main');
    expect(branchCells).not.toContain('main');

    await repayDinars(page, customer);
    expect(await owed(customer._id)).toEqual({ USD: 0, IQD: 6_345 });
    if (language === 'ku') expect(await page.textContent('[data-testid=take-repayment]')).toBe('وەرگرتنی دانەوەی قەرز');
    await page.context().close();
  }

  it('English: half of a dinar sale on account at the till, then 20,000 dinars repaid on the customer page', async () => {
    await run('en');
  });

  it('Kurdish: the same, right to left', async () => {
    await run('ku');
  });
});
