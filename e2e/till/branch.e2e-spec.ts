/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  api,
  browserSession,
  createCategory,
  createProduct,
  eventually,
  login,
  openTill,
  saleByInvoice,
  scan,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(180_000);

// A chain's till: a cashier of two branches picks branch B in the header once on this device, and a sale at
// the till takes B's stock, not main's. The shop is put back to one active branch after, as the other
// browser tests expect a single shop.

describe('the branch picker and a sale in branch B (browser)', () => {
  const session = browserSession();
  const branch = `e2e-${Date.now().toString(36)}`;
  let soap: SeededProduct;
  const username = `cashier-${branch}`;
  const password = `pw-${branch}-secret`;
  const stock = async (where: string) =>
    ((b) => (b.data ?? b).quantity as number)(
      (await api(`/products/${soap._id}`, { token: session.adminToken, headers: { 'x-dukan-branch': where } })).body,
    );

  beforeAll(async () => {
    expect(
      (await api('/settings/branches', { token: session.adminToken, body: { _id: branch, name: 'Branch B', registers: ['till-b'] } }))
        .status,
    ).toBe(201);
    const categoryId = await createCategory(session.adminToken);
    soap = await createProduct(session.adminToken, { en: 'Soap', ku: 'سابوون', price: 1.5, quantity: 7, categoryId });
    const received = await api(`/products/${soap._id}/quantity`, {
      method: 'PATCH',
      token: session.adminToken,
      body: { quantity: 4, cost: 1 },
      headers: { 'x-dukan-branch': branch },
    });
    expect(received.status).toBe(200);
    const made = await api('/auth/register', {
      token: session.adminToken,
      body: {
        username,
        password,
        firstName: 'Shirin',
        lastName: 'Aziz',
        email: `${username}@example.com`,
        role: 'cashier',
        homeBranch: 'main',
        branches: ['main', branch],
      },
    });
    expect(made.status).toBe(201);
  });

  afterAll(async () => {
    await api(`/settings/branches/${branch}`, { method: 'PUT', token: session.adminToken, body: { active: false } });
  });

  it("binds the device to branch B and its register, and sells from B's stock only", async () => {
    expect(await stock('main')).toBe(7);
    expect(await stock(branch)).toBe(4);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(page, username, password);
    await page.waitForSelector('[data-testid=branch-select]');
    expect(await page.inputValue('[data-testid=branch-select]')).toBe('main');
    await page.selectOption('[data-testid=branch-select]', branch);
    expect(await page.evaluate(() => [localStorage.getItem('dukan.branch'), localStorage.getItem('register')])).toEqual([branch, 'till-b']);

    // Kept on the device: a reload (the till's next day) still works in B.
    await page.reload();
    await page.waitForSelector('[data-testid=branch-select]');
    expect(await page.inputValue('[data-testid=branch-select]')).toBe(branch);

    await openTill(page);
    await page.click('[data-testid=pos-search]');
    await scan(page, soap.barcode);
    await page.waitForSelector(`[data-testid=cart-line][data-sku="${soap.sku}"]`);
    await page.keyboard.press('F4');
    await page.click('[data-testid=pick-guest]');
    await page.click('[data-testid=exact-amount]');
    await page.click('[data-testid=confirm-sale]');
    await page.waitForSelector('[data-testid=final-receipt]');
    const invoice = (await page.textContent('[data-testid=invoice-number]'))!.trim();

    const sale = await saleByInvoice(session.adminToken, invoice, branch);
    expect(sale).toMatchObject({ branchId: branch, register: 'till-b' });
    await eventually(async () => (await stock(branch)) === 3, "B's stock to fall by one");
    expect(await stock('main')).toBe(7);
    await page.context().close();
  });

  it('refuses the cashier in a branch that is not theirs', async () => {
    const token = await login(username, password);
    const res = await api('/products', { token, headers: { 'x-dukan-branch': 'elsewhere' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You may not work in this branch');
  });
});
