/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import {
  downloadedBytes,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCategory,
  createProduct,
  createUser,
  eventually,
  kurdishLeaks,
  login,
  sellViaApi,
  signIn,
  type SeededProduct,
} from '../support.js';

jest.setTimeout(240_000);

// A chain's dashboard and reports: a manager of two branches picks "All branches" or one of them, and the
// figures on screen (and the exported file) are that branch's. The shop is put back to one active branch after,
// as the other browser tests expect a single shop.

describe('the branch filter of the dashboard and reports (browser)', () => {
  const session = browserSession();
  const branch = `e2e-v-${Date.now().toString(36)}`;
  let lamp: SeededProduct;
  const managers: Record<'en' | 'ku', { username: string; password: string }> = {
    en: { username: '', password: '' },
    ku: { username: '', password: '' },
  };

  beforeAll(async () => {
    expect(
      (await api('/settings/branches', { token: session.adminToken, body: { _id: branch, name: 'Erbil V', registers: ['main'] } })).status,
    ).toBe(201);
    const categoryId = await createCategory(session.adminToken);
    lamp = await createProduct(session.adminToken, { en: 'Desk lamp', ku: 'گڵۆپی مێز', price: 7, quantity: 10, categoryId });
    const received = await api(`/products/${lamp._id}/quantity`, {
      method: 'PATCH',
      token: session.adminToken,
      body: { quantity: 5, cost: 2 },
      headers: { 'x-dukan-branch': branch },
    });
    expect(received.status).toBe(200);
    await sellViaApi(session.adminToken, [{ product: lamp, quantity: 2 }], undefined, branch);
    for (const language of ['en', 'ku'] as const) {
      const username = `manager-${language}-${branch}`;
      const password = `pw-${branch}-secret`;
      const made = await api('/auth/register', {
        token: session.adminToken,
        body: {
          username,
          password,
          firstName: 'Hana',
          lastName: 'Karim',
          email: `${username}@example.com`,
          role: 'manager',
          homeBranch: 'main',
          branches: ['main', branch],
        },
      });
      expect(made.status).toBe(201);
      const token = await login(username, password);
      expect((await api('/auth/me/preferences', { method: 'PUT', token, body: { languagePreference: language } })).status).toBe(200);
      managers[language] = { username, password };
    }
    await eventually(
      async () => (await api(`/dashboard?branch=${branch}`, { token: session.adminToken })).body?.data?.todaySales === 14,
      "the branch's sale to reach reporting",
    );
  });

  afterAll(async () => {
    await api(`/settings/branches/${branch}`, { method: 'PUT', token: session.adminToken, body: { active: false } });
  });

  async function open(who: { username: string; password: string }): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
    await signIn(page, who.username, who.password);
    return page;
  }

  const optionTexts = (page: Page) => page.$$eval('[data-testid=view-branch-select] option', (os) => os.map((o) => o.textContent));

  it('a manager of two branches picks Erbil V on the dashboard and in the reports, and sees and exports its figures', async () => {
    const page = await open(managers.en);
    await page.goto(`${BASE_URL}/`);
    await page.waitForSelector('[data-testid=view-branch-select]');
    expect(await page.inputValue('[data-testid=view-branch-select]')).toBe('all');
    expect(await optionTexts(page)).toEqual(expect.arrayContaining(['All branches', 'Erbil V']));
    expect(await page.textContent('[data-testid=view-branch-picker]')).toContain('Show');

    await page.selectOption('[data-testid=view-branch-select]', branch);
    await page.waitForFunction(() => document.querySelector('[data-testid=stat-sales]')?.textContent?.includes('$14.00') ?? false);
    expect(page.url()).toContain(`branch=${branch}`);

    // The reports open on the same branch.
    await page.click('a:has-text("View reports")');
    await page.waitForURL('**/reports?branch=*');
    await page.click('[data-testid=preset-today]');
    await page.waitForFunction(() => document.querySelector('[data-testid=summary-totalSales]')?.textContent?.includes('$14.00') ?? false);
    expect(await page.inputValue('[data-testid=view-branch-select]')).toBe(branch);
    await page.screenshot({ path: artifact('reports-branch-en.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-csv]')]);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv).toContain(`${lamp.name.en},${lamp.sku},2,,14.00`); // sold by the unit: no weight

    // All branches: the manager's two together, as the server gives them.
    const token = await login(managers.en.username, managers.en.password);
    const both = (await api('/reports/sales', { token })).body.data.summary.totalTransactions as number;
    await page.selectOption('[data-testid=view-branch-select]', 'all');
    await page.click('[data-testid=preset-allTime]');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=summary-totalTransactions]')?.textContent?.includes(n) ?? false,
      String(both),
    );
    expect(page.url()).not.toContain('branch=');
    await page.context().close();
  });

  it('in Kurdish: the filter reads "All branches" and "Show" in Kurdish, right to left, with no English left', async () => {
    const page = await open(managers.ku);
    await page.goto(`${BASE_URL}/?branch=${branch}`);
    await page.waitForSelector('[data-testid=view-branch-select]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.inputValue('[data-testid=view-branch-select]')).toBe(branch);
    expect(await optionTexts(page)).toContain('هەموو لقەکان');
    expect(await page.textContent('[data-testid=view-branch-picker]')).toContain('پیشاندان');
    await page.waitForFunction(() => /[٠-٩]/.test(document.querySelector('[data-testid=stat-sales]')?.textContent ?? ''));
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu, { first: 'Hana', last: 'Karim' }])).toEqual([]);
    await page.goto(`${BASE_URL}/reports?branch=${branch}`);
    await page.waitForSelector('[data-testid=summary-totalSales]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu, { first: 'Hana', last: 'Karim' }])).toEqual([]);
    await page.screenshot({ path: artifact('reports-branch-ku.png'), fullPage: true });
    await page.context().close();
  });

  it('a user of one branch sees no filter, and the same figures as before', async () => {
    const cashier = await createUser(session.adminToken, 'cashier');
    const page = await open(cashier);
    await page.goto(`${BASE_URL}/`);
    await page.waitForSelector('[data-testid=stat-sales]:not(.skeleton)');
    expect(await page.$('[data-testid=view-branch-picker]')).toBeNull();
    await page.context().close();
  });
});
