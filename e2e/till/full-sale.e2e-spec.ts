/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  adminPassword,
  artifact,
  browserSession,
  createCategory,
  createCustomer,
  createProduct,
  createUser,
  earnPoints,
  ensureLoyalty,
  eventually,
  getCustomer,
  getProduct,
  lineQuantity,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(180_000);

interface Shop {
  tea: SeededProduct; // $4.00, 20 in stock
  rice: SeededProduct; // $10.00 less 10 %, 15 in stock
  customer: { _id: string; firstName: string; lastName: string };
  points: number;
}

async function seed(token: string): Promise<Shop> {
  const categoryId = await createCategory(token);
  const tea = await createProduct(token, { en: 'Black Tea', ku: 'چای ڕەش', price: 4, quantity: 20, categoryId });
  const rice = await createProduct(token, { en: 'Basmati Rice', ku: 'برنجی بەسمەتی', price: 10, quantity: 15, discount: 10, categoryId });
  const earner = await createProduct(token, { en: 'Olive Oil', ku: 'ڕۆنی زەیتوون', price: 25, quantity: 50, categoryId });
  const customer = await createCustomer(token);
  await ensureLoyalty(token);
  const points = await earnPoints(token, customer._id, earner, 4);
  return { tea, rice, customer, points };
}

/**
 * The whole sale at the keyboard: two scans of tea and one of rice, a customer, 10 % off, a loyalty redemption,
 * checkout with the exact amount. Returns the invoice number on the final receipt.
 */
async function sell(page: Page, shop: Shop, redeem: number, screenshot: string): Promise<string> {
  await openTill(page);
  await page.click('[data-testid=pos-search]');
  await scan(page, shop.tea.barcode);
  await scan(page, shop.rice.barcode);
  await scan(page, shop.tea.barcode);
  await page.waitForFunction(
    (sku) =>
      (document.querySelector(`[data-testid=cart-line][data-sku="${sku}"] [data-testid=line-quantity]`) as HTMLInputElement | null)
        ?.value === '2',
    shop.tea.sku,
  );
  expect(await lineQuantity(page, shop.tea.sku)).toBe(2);
  expect(await lineQuantity(page, shop.rice.sku)).toBe(1);
  // The scanned digits never land in the search box that had focus.
  expect(await page.inputValue('[data-testid=pos-search]')).toBe('');

  await page.click('[data-testid=change-customer]');
  await page.fill('[data-testid=customer-search]', shop.customer.firstName);
  await page.locator('[data-testid=customer-option]', { hasText: shop.customer.firstName }).click();
  await page.waitForSelector('[data-testid=customer-picker]', { state: 'detached' });

  await page.click('[data-testid=open-redeem]');
  await page.fill('[data-testid=redeem-input]', String(redeem));
  await page.click('[data-testid=redeem-submit]');
  await page.waitForSelector('[data-testid=loyalty-applied]');

  await page.fill('[data-testid=discount-input]', '10');
  await page.screenshot({ path: artifact(screenshot), fullPage: false });

  await page.keyboard.press('F4');
  await page.fill('[data-testid=customer-search]', shop.customer.firstName);
  await page.locator('[data-testid=customer-option]', { hasText: shop.customer.firstName }).click();
  await page.waitForSelector('[data-testid=tendered]');
  expect(await page.isDisabled('[data-testid=confirm-sale]')).toBe(true);
  await page.click('[data-testid=exact-amount]');
  await page.click('[data-testid=confirm-sale]');
  await page.waitForSelector('[data-testid=final-receipt]');
  return (await page.textContent('[data-testid=invoice-number]'))!.trim();
}

async function checkSaved(token: string, shop: Shop, invoice: string, redeemed: number, stockBefore: { tea: number; rice: number }) {
  const sale = await saleByInvoice(token, invoice);
  // tea 2 × 4.00 + rice 10.00 less 10 % = 17.00; 10 % off = 1.70; then the points' value.
  expect(Number(sale.subtotal)).toBeCloseTo(17, 2);
  expect(Number(sale.discountAmount)).toBeCloseTo(1.7, 2);
  const loyalty = Number(sale.loyaltyDiscount ?? 0);
  expect(loyalty).toBeGreaterThan(0);
  expect(Number(sale.total)).toBeCloseTo(15.3 - loyalty, 2);
  const quantities = Object.fromEntries((sale.items as any[]).map((i) => [i.productSnapshot?.sku ?? i.sku, i.quantity]));
  expect(quantities).toEqual({ [shop.tea.sku]: 2, [shop.rice.sku]: 1 });
  expect(`${sale.customer?.firstName}`).toBe(shop.customer.firstName);

  await eventually(async () => (await getProduct(token, shop.tea._id)).quantity === stockBefore.tea - 2, 'tea stock to fall by 2');
  await eventually(async () => (await getProduct(token, shop.rice._id)).quantity === stockBefore.rice - 1, 'rice stock to fall by 1');
  const awarded = Number(sale.loyaltyPointsAwarded ?? 0);
  await eventually(
    async () => (await getCustomer(token, shop.customer._id)).loyaltyPoints === shop.points - redeemed + awarded,
    'customer points to settle',
  );
}

describe('a full sale at the till (browser)', () => {
  const session = browserSession();

  it('sells by barcode scan to a customer with a discount and a loyalty redemption, in English', async () => {
    const shop = await seed(session.adminToken);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, 'admin', adminPassword());
    const redeem = Math.min(50, shop.points);
    const invoice = await sell(page, shop, redeem, 'till-en.png');
    expect(invoice).toMatch(/^INV-\d+$/);
    expect(await page.textContent('[data-testid=final-receipt]')).toContain('Thank you for shopping with us!');
    await checkSaved(session.adminToken, shop, invoice, redeem, { tea: 20, rice: 15 });
    await page.context().close();
  });

  it('does the same in Kurdish, right to left, for a manager whose language is Kurdish', async () => {
    const shop = await seed(session.adminToken);
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    // The interface takes the user's saved language at sign-in.
    await signIn(page, manager.username, manager.password);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ckb');
    const redeem = Math.min(40, shop.points);
    const invoice = await sell(page, shop, redeem, 'till-ku.png');
    // The layout is mirrored: the cart sits left of the product grid, the sidebar on the right.
    const cart = (await page.locator('[data-testid=cart]').boundingBox())!;
    const grid = (await page.locator('[data-testid=product-grid]').boundingBox())!;
    const sidebar = (await page.locator('[data-testid=sidebar]').boundingBox())!;
    expect(cart.x).toBeLessThan(grid.x);
    expect(sidebar.x).toBeGreaterThan(grid.x);
    // Nothing pushes the mirrored page sideways (an off-screen element in RTL widens the page).
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    expect(await page.textContent('[data-testid=final-receipt]')).toContain('سوپاس بۆ کڕینەکەت!');
    await page.screenshot({ path: artifact('receipt-ku.png') });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: artifact('receipt-ku-print.png') });
    // Printed, the receipt is one 58 mm wide page (the stylesheet's @page size), right to left.
    const pdf = await page.pdf({ path: artifact('receipt-ku.pdf'), preferCSSPageSize: true, printBackground: true });
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    expect(box).not.toBeNull();
    expect(Number(box![1])).toBeCloseTo((58 / 25.4) * 72, 0);
    // One page, no longer than the receipt needs (well short of an A4 or Letter sheet).
    expect(Number(box![2])).toBeLessThan(500);
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(1);
    await checkSaved(session.adminToken, shop, invoice, redeem, { tea: 20, rice: 15 });
    await page.context().close();
  });
});
