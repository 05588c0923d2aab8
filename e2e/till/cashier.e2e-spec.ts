/// <reference lib="dom" />
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BASE_URL, browserSession, createUser, openTill, signIn } from '../support.js';

jest.setTimeout(120_000);

describe('a cashier at the till (browser)', () => {
  const session = browserSession();
  let username = '';
  let password = '';

  beforeAll(async () => {
    ({ username, password } = await createUser(session.adminToken, 'cashier'));
  });

  it('sees no discount controls and no staff, reports or settings links, and is refused /staff', async () => {
    const page = await (await session.browser.newContext()).newPage();
    await signIn(page, username, password);
    const links = await page.locator('[data-testid=sidebar] nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/', '/pos', '/inventory', '/customers']));
    expect(links).not.toContain('/staff');
    expect(links).not.toContain('/reports');
    expect(links).not.toContain('/settings');
    expect(await page.textContent('[data-testid=user-badge]')).toContain('Cashier');

    await openTill(page);
    await page.waitForSelector('[data-testid=cart]');
    expect(await page.locator('[data-testid=discount-controls]').count()).toBe(0);

    await page.goto(`${BASE_URL}/staff`);
    await page.waitForSelector('[data-testid=access-restricted]');
    expect(await page.textContent('[data-testid=access-restricted]')).toContain("You don't have permission to access this feature.");
    await page.context().close();
  });
});
