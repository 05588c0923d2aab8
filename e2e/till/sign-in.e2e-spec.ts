/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import { BASE_URL, adminPassword, browserSession } from '../support.js';

jest.setTimeout(120_000);

describe('sign-in (browser)', () => {
  const session = browserSession();

  it('refuses a wrong password with the server’s message, then signs in, survives a reload and signs out', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/pos`);
    await page.waitForURL(/\/login$/);

    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', 'definitely-not-the-password');
    await page.click('[data-testid=login-submit]');
    await expect(page.locator('[data-testid=login-error]').textContent()).resolves.toBe('Invalid username or password');

    // Signed in, the user lands on the page first asked for.
    await page.fill('input[name=password]', adminPassword());
    await page.click('[data-testid=login-submit]');
    await page.waitForURL(/\/pos$/);
    await page.waitForSelector('[data-testid=pos-search]');
    await page.goto(`${BASE_URL}/`);
    await page.waitForSelector('[data-testid=stat-sales]');
    expect(await page.locator('main h1').first().textContent()).toMatch(/^Welcome back, /);
    // The stored token is checked on load: a reload keeps the session.
    await page.reload();
    await page.waitForSelector('[data-testid=user-badge]');
    expect(await page.locator('[data-testid=user-badge]').textContent()).toContain('Admin');

    await page.click('[data-testid=logout]');
    await page.waitForURL(/\/login$/);
    await page.goto(`${BASE_URL}/`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('forgets a token the server no longer accepts', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/login`);
    await page.evaluate(() => localStorage.setItem('dukan.token', 'not-a-real-token'));
    await page.goto(`${BASE_URL}/`);
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('dukan.token'))).toBeNull();
    await context.close();
  });
});
