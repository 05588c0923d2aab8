/// <reference lib="dom" />
// The till keeps its catalogue in the browser (IndexedDB): it reopens from there, and an open till takes a price
// changed elsewhere from the delta it polls for.
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { api, browserSession, createCategory, createProduct, createUser, openTill, signIn, type SeededProduct } from '../support.js';

jest.setTimeout(180_000);

/** The tile's price in the currency it is set in (the tile shows the other currency's after a " · "). */
const tilePrice = async (page: Page, product: SeededProduct) =>
  (await page.textContent(`[data-testid=product-tile][data-sku="${product.sku}"] .tile-price`))?.split(' · ')[0];

async function findTile(page: Page, product: SeededProduct): Promise<void> {
  await page.fill('[data-testid=pos-search]', product.sku);
  await page.waitForSelector(`[data-testid=product-tile][data-sku="${product.sku}"]`);
}

/** Waits until the tile shows `price` (a till brings a change in within a few seconds). */
async function priceShown(page: Page, product: SeededProduct, price: string): Promise<void> {
  await page.waitForFunction(
    ([sku, want]) =>
      document.querySelector(`[data-testid=product-tile][data-sku="${sku}"] .tile-price`)?.textContent?.split(' · ')[0] === want,
    [product.sku, price] as const,
    { timeout: 20_000 },
  );
}

describe('the till catalogue kept in the browser', () => {
  const session = browserSession();

  it('shows a price changed at another till while it is open, and reopens from the browser without the list download', async () => {
    const categoryId = await createCategory(session.adminToken);
    const product = await createProduct(session.adminToken, { en: 'Cardamom', ku: 'هێل', price: 4, quantity: 10, categoryId });
    const cashier = await createUser(session.adminToken, 'cashier');
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    const productCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/products') productCalls.push(new URL(r.url()).search);
    });
    await signIn(page, cashier.username, cashier.password);
    await openTill(page);
    expect(productCalls[0]).toBe('?since=0');
    await findTile(page, product);
    expect(await tilePrice(page, product)).toBe('$4.00');

    const edit = await api(`/products/${product._id}`, { method: 'PUT', token: session.adminToken, body: { price: 5.25 } });
    expect(edit.status).toBe(200);
    await priceShown(page, product, '$5.25');

    // Reopened (a new page load): the products come from the browser; the server is asked only what changed since.
    productCalls.length = 0;
    await page.reload();
    await openTill(page);
    await findTile(page, product);
    // The list kept may predate the change (it is written when the browser is idle): the delta asked for at once
    // brings the new price.
    await priceShown(page, product, '$5.25');
    expect(productCalls.length).toBeGreaterThan(0);
    expect(productCalls.every((q) => /^\?since=[1-9]\d*$/.test(q))).toBe(true);
    await page.context().close();
  });
});
