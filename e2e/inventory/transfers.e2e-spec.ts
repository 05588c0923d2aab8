/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { en, ku } from '../../frontend/src/features/transfers/texts.js';
import { adminPassword, api, artifact, BASE_URL, browserSession, createCategory, createProduct, eventually, kurdishLeaks, signIn, type SeededProduct } from '../support.js';

jest.setTimeout(180_000);

// A chain's stock transfers in the browser: a manager of main and B sends tea from main on the Transfers
// screen, then, working in B, receives it short; stock moves once each way. The shop is put back to one active
// branch after, as the other browser tests expect a single shop.

describe('stock transfers between branches (browser)', () => {
  const session = browserSession();
  const branch = `tr-${Date.now().toString(36)}`;
  const username = `manager-${branch}`;
  const password = `pw-${branch}-secret`;
  let tea: SeededProduct;
  const stock = async (where: string) =>
    ((b) => (b.data ?? b).quantity as number)((await api(`/products/${tea._id}`, { token: session.adminToken, headers: { 'x-dukan-branch': where } })).body);

  beforeAll(async () => {
    expect((await api('/settings/branches', { token: session.adminToken, body: { _id: branch, name: 'Sulaymaniyah', registers: ['main'] } })).status).toBe(201);
    const categoryId = await createCategory(session.adminToken);
    tea = await createProduct(session.adminToken, { en: 'Transfer tea', ku: 'چای گواستنەوە', price: 3, quantity: 10, categoryId });
    const made = await api('/auth/register', {
      token: session.adminToken,
      body: { username, password, firstName: 'Hawre', lastName: 'Karim', email: `${username}@example.com`, role: 'manager', homeBranch: 'main', branches: ['main', branch] },
    });
    expect(made.status).toBe(201);
  });

  afterAll(async () => {
    await api(`/settings/branches/${branch}`, { method: 'PUT', token: session.adminToken, body: { active: false } });
  });

  it('sends from main, receives short in the other branch, and lists the transfer by state, in English and Kurdish', async () => {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, username, password);
    await page.goto(`${BASE_URL}/inventory/products`);
    await page.click('[data-testid=transfers-link]');
    await page.waitForSelector('[data-testid=transfers-page]');

    // Send 4 teas to the other branch.
    await page.click('[data-testid=send-transfer]');
    await page.selectOption('[data-testid=send-to-branch]', branch);
    await page.fill('[data-testid=send-search]', tea.sku);
    await page.click('[data-testid=send-match]');
    await page.fill('[data-testid=send-quantity]', '4');
    await page.fill('[data-testid=send-note]', 'For the weekend');
    await page.click('[data-testid=send-confirm]');
    const sent = (await page.textContent('[data-testid=transfer-notice]'))!;
    const number = /TR-\d{6}/.exec(sent)![0];
    expect(sent).toBe(`Transfer ${number} is on its way.`);
    const row = page.locator(`[data-testid=transfer-row][data-number="${number}"]`);
    expect(await row.locator('[data-testid=transfer-state]').innerText()).toBe('In transit');
    expect(await row.locator('[data-testid=receive-transfer]').count()).toBe(0); // not from the sending branch
    expect(await stock('main')).toBe(6);
    expect(await stock(branch)).toBe(0);

    // Working in the other branch now: receive 3 of the 4.
    await page.selectOption('[data-testid=branch-select]', branch);
    await page.goto(`${BASE_URL}/inventory/transfers?state=in_transit`);
    await row.locator('[data-testid=receive-transfer]').click();
    await page.fill('[data-testid=receive-quantity]', '3');
    await page.click('[data-testid=receive-confirm]');
    expect(await page.textContent('[data-testid=transfer-notice]')).toBe(`Transfer ${number} received short: the difference is recorded.`);
    await page.click('[data-testid=state-short]');
    await eventually(async () => (await row.locator('[data-testid=transfer-state]').count()) === 1 && (await row.locator('[data-testid=transfer-state]').innerText()) === 'Short', 'the short transfer listed');
    expect(await row.innerText()).toContain('4 sent, 3 received');
    await page.click('[data-testid=state-in_transit]');
    await page.waitForSelector('[data-testid=transfers-empty]');
    expect(await stock(branch)).toBe(3);
    expect(await stock('main')).toBe(6);

    await page.click('[data-testid=state-short]');
    await page.click('[data-testid=language-toggle]');
    await page.waitForFunction(() => document.documentElement.lang === 'ckb');
    await row.waitFor();
    expect(await page.textContent('h1')).toBe(ku.title);
    expect(await row.locator('[data-testid=transfer-state]').innerText()).toBe(ku.states.short);
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('transfers-ku.png'), fullPage: true });
    await page.click('[data-testid=language-toggle]');
    await page.context().close();
  });

  it("sets the tea's price in the other branch on the product form; that branch's till list answers it, main's does not", async () => {
    const tillPrice = async (where: string) =>
      ((await api('/products?active=true&view=till', { token: session.adminToken, headers: { 'x-dukan-branch': where } })).body as { _id: string; price: number }[])
        .find((p) => p._id === tea._id)!.price;
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'admin', adminPassword());
    await page.goto(`${BASE_URL}/inventory/products/edit/${tea._id}`);
    const row = page.locator(`[data-testid=branch-price][data-branch="${branch}"]`);
    await row.waitFor();
    expect(await page.textContent('[data-testid=branch-prices] h2')).toBe(en.prices.title);
    await row.locator('[data-testid=branch-price-input]').fill('3.25');
    await row.locator('[data-testid=branch-price-save]').click();
    expect(await row.locator('[data-testid=branch-price-outcome]').innerText()).toBe('Price saved for Sulaymaniyah.');
    expect(await tillPrice(branch)).toBe(3.25);
    expect(await tillPrice('main')).toBe(3);
    await row.locator('[data-testid=branch-price-clear]').click();
    await eventually(async () => (await tillPrice(branch)) === 3, "the branch's price cleared");
    await page.context().close();
  });
});
