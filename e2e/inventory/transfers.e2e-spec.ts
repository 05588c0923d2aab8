/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { en, ku } from '../../frontend/src/features/transfers/texts.js';
import {
  adminPassword,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createProduct,
  eventually,
  kurdishLeaks,
  login,
  type SeededProduct,
  signIn,
  switchLanguage,
} from '../support.js';

jest.setTimeout(180_000);

// A chain's stock transfers in the browser: a manager of main and B sends tea from main on the Transfers
// screen, then, working in B, receives it short; stock moves once each way. Two more are cancelled on their way,
// one in English and one in Kurdish, and the note of one is printed. The shop is put back to one active
// branch after, as the other browser tests expect a single shop.

describe('stock transfers between branches (browser)', () => {
  const session = browserSession();
  const branch = `tr-${Date.now().toString(36)}`;
  const username = `manager-${branch}`;
  const password = `pw-${branch}-secret`;
  let tea: SeededProduct;
  const stock = async (where: string) =>
    ((b) => (b.data ?? b).quantity as number)(
      (await api(`/products/${tea._id}`, { token: session.adminToken, headers: { 'x-dukan-branch': where } })).body,
    );

  beforeAll(async () => {
    expect(
      (await api('/settings/branches', { token: session.adminToken, body: { _id: branch, name: 'Sulaymaniyah', registers: ['main'] } }))
        .status,
    ).toBe(201);
    const categoryId = await createCategory(session.adminToken);
    tea = await createProduct(session.adminToken, { en: 'Transfer tea', ku: 'چای گواستنەوە', price: 3, quantity: 10, categoryId });
    const made = await api('/auth/register', {
      token: session.adminToken,
      body: {
        username,
        password,
        firstName: 'Hawre',
        lastName: 'Karim',
        email: `${username}@example.com`,
        role: 'manager',
        homeBranch: 'main',
        branches: ['main', branch],
      },
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
    await eventually(
      async () =>
        (await row.locator('[data-testid=transfer-state]').count()) === 1 &&
        (await row.locator('[data-testid=transfer-state]').innerText()) === 'Short',
      'the short transfer listed',
    );
    expect(await row.innerText()).toContain('4 sent, 3 received');
    await page.click('[data-testid=state-in_transit]');
    await page.waitForSelector('[data-testid=transfers-empty]');
    expect(await stock(branch)).toBe(3);
    expect(await stock('main')).toBe(6);

    await page.click('[data-testid=state-short]');
    await switchLanguage(page, 'ku');
    await row.waitFor();
    expect(await page.textContent('h1')).toBe(ku.title);
    expect(await row.locator('[data-testid=transfer-state]').innerText()).toBe(ku.states.short);
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('transfers-ku.png'), fullPage: true });
    await switchLanguage(page, 'en');
    await page.context().close();
  });

  it('cancels transfers on their way from main, in English and Kurdish, and prints the note of one', async () => {
    const manager = await login(username, password);
    const mainName = ((await api('/settings/branches', { token: session.adminToken })).body.data as { _id: string; name: string }[]).find(
      (b) => b._id === 'main',
    )!.name;
    const sendTwo = async () => {
      const r = await api('/products/transfers', {
        token: manager,
        headers: { 'x-dukan-branch': 'main' },
        body: { toBranch: branch, lines: [{ product: tea._id, quantity: 2 }], note: 'Van 3' },
      });
      expect(r.status).toBe(201);
      return r.body.data.number as string;
    };
    const [first, second] = [await sendTwo(), await sendTwo()];
    expect(await stock('main')).toBe(2);
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, username, password);
    await page.goto(`${BASE_URL}/inventory/transfers?state=in_transit`);
    const rowOf = (number: string) => page.locator(`[data-testid=transfer-row][data-number="${number}"]`);

    await rowOf(first).locator('[data-testid=cancel-transfer]').click();
    await page.click('[data-testid=cancel-confirm]');
    await page.waitForSelector('[data-testid=toast]');
    expect(await page.textContent('[data-testid=toast] .toast-text')).toBe(
      `Transfer ${first} cancelled: its stock is back in ${mainName}.`,
    );
    await page.click('[data-testid=toast] .icon-button'); // dismissed, so no English is left on the Kurdish screen
    await eventually(async () => (await rowOf(first).count()) === 0, 'the cancelled transfer gone from In transit');
    expect(await stock('main')).toBe(4);

    await switchLanguage(page, 'ku');
    await rowOf(second).locator('[data-testid=cancel-transfer]').click();
    expect(await page.textContent('[data-testid=cancel-transfer-dialog] h2')).toBe(ku.cancelDialog.title.replace('{{number}}', second));
    await page.click('[data-testid=cancel-confirm]');
    await page.waitForSelector(`[data-testid=toast] .toast-text >> text=${second}`);
    expect(await stock('main')).toBe(6);
    expect(await stock(branch)).toBe(3);

    await page.click('[data-testid=state-cancelled]');
    expect(await rowOf(second).locator('[data-testid=transfer-state]').innerText()).toBe(ku.states.cancelled);
    await rowOf(second).locator('[data-testid=print-transfer]').click();
    const note = page.locator('[data-testid=transfer-note]');
    expect(await note.locator('[data-testid=note-number]').innerText()).toBe(second);
    expect(await note.locator('[data-testid=note-from]').innerText()).toBe(mainName);
    expect(await note.locator('[data-testid=note-to]').innerText()).toBe('Sulaymaniyah');
    expect(await note.locator('[data-testid=note-sender]').innerText()).toBe('Hawre Karim');
    expect(await note.locator('[data-testid=note-line]').innerText()).toContain('چای گواستنەوە');
    expect(await note.locator('[data-testid=note-line]').innerText()).toContain(tea.sku);
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('transfer-note-ku.png') });
    // On paper: only the note, at the receipt's width, right to left.
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('[data-testid=transfers-page]')).toBe(false);
    const paper = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.print-root .transfer-note')!;
      return { direction: getComputedStyle(el).direction, widthMm: (el.getBoundingClientRect().width * 25.4) / 96, text: el.innerText };
    });
    expect(paper.direction).toBe('rtl');
    expect(paper.widthMm).toBeLessThanOrEqual(58);
    expect(paper.text).toContain(ku.note.signReceived);
    await page.screenshot({ path: artifact('transfer-note-ku-print.png') });
    await page.emulateMedia({ media: 'screen' });
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');
    await page.context().close();
  });

  it("sets the tea's price in the other branch on the product form; that branch's till list answers it, main's does not", async () => {
    const tillPrice = async (where: string) =>
      (
        (await api('/products?active=true&view=till', { token: session.adminToken, headers: { 'x-dukan-branch': where } })).body as {
          _id: string;
          price: number;
        }[]
      ).find((p) => p._id === tea._id)!.price;
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
