/// <reference lib="dom" />
// An open till holds the gateway's push stream: it asks for no delta while nothing changes, and a price changed in
// the back office reaches it through the stream (issue 32: a chain's tills without polling).
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { api, browserSession, createCategory, createProduct, createUser, openTill, signIn, type SeededProduct } from '../support.js';

jest.setTimeout(180_000);

const tilePrice = (page: Page, product: SeededProduct, price: string) =>
  page.waitForFunction(
    ([sku, want]) =>
      document.querySelector(`[data-testid=product-tile][data-sku="${sku}"] .tile-price`)?.textContent?.split(' · ')[0] === want,
    [product.sku, price] as const,
  );

describe('the till on the push stream', () => {
  const session = browserSession();

  it('asks for no delta while the stream is held and nothing changes, and shows a price changed in the back office', async () => {
    const categoryId = await createCategory(session.adminToken);
    const product = await createProduct(session.adminToken, { en: 'Saffron', ku: 'زەعفەران', price: 9, quantity: 10, categoryId });
    const createdAt = Date.now();
    const cashier = await createUser(session.adminToken, 'cashier');
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    const deltas: string[] = [];
    let streams = 0;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/products') deltas.push(new URL(r.url()).search);
      if (path === '/api/stream') streams += 1;
    });
    const held = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream' && r.status() === 200);
    await signIn(page, cashier.username, cashier.password);
    await openTill(page);
    await held;
    await page.fill('[data-testid=pos-search]', product.sku);
    await tilePrice(page, product, '$9.00');

    // The new product's stock is told within 3 s of its creation (and asked for); after that, three polls' time with
    // the stream held, the till asks for nothing.
    await page.waitForTimeout(Math.max(0, createdAt + 4_500 - Date.now()));
    const before = deltas.length;
    await page.waitForTimeout(9_500);
    expect(deltas.slice(before)).toEqual([]);

    const edit = await api(`/products/${product._id}`, { method: 'PUT', token: session.adminToken, body: { price: 11.5 } });
    expect(edit.status).toBe(200);
    await tilePrice(page, product, '$11.50');
    // Told by the stream, the till asked for what changed since its revision (once or so, not every few seconds).
    expect(deltas.slice(before).length).toBeGreaterThan(0);
    expect(deltas.slice(before).every((q) => /^\?since=[1-9]\d*$/.test(q))).toBe(true);
    expect(streams).toBe(1);
    await page.context().close();
  });
});
