/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en } from '../../frontend/src/i18n/en.js';
import { ku } from '../../frontend/src/i18n/ku.js';
import { adminPassword, api, artifact, BASE_URL, browserSession, kurdishLeaks, signIn, unique } from '../support.js';
import { registerUser } from './support-staff.js';

jest.setTimeout(120_000);

async function openStaff(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/staff`);
  await page.waitForSelector('[data-testid=staff-table], [data-testid=staff-empty]');
}

const row = (page: Page, username: string) => page.locator(`[data-testid=staff-row][data-username="${username}"]`);

describe('staff screen (browser)', () => {
  const session = browserSession();

  it('creates a cashier, resets their password, and the cashier signs in with the new one in a fresh browser', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword());
    await openStaff(page);

    const username = `cashier${unique()}`;
    await page.click('[data-testid=add-user]');
    const form = page.locator('[data-testid=user-form]');
    // The rules speak before the server is asked.
    await form.locator('[data-testid=user-form-submit]').click();
    expect(await form.locator('[data-testid=error-username]').textContent()).toBe('This field is required');
    await form.locator('input[name=firstName]').fill('Rezan');
    await form.locator('input[name=lastName]').fill('Hama');
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=email]').fill(`${username}@example.com`);
    await form.locator('input[name=password]').fill('12345');
    await form.locator('[data-testid=user-form-submit]').click();
    expect(await form.locator('[data-testid=error-password]').textContent()).toBe('Password must be at least 6 characters');
    expect(await form.locator('select[name=role]').inputValue()).toBe('cashier');
    await form.locator('input[name=password]').fill('first-pass');
    await page.screenshot({ path: artifact('staff-en-form.png') });
    await form.locator('[data-testid=user-form-submit]').click();
    await page.waitForSelector('[data-testid=user-form]', { state: 'detached' });

    await row(page, username).waitFor();
    expect(await row(page, username).locator('[data-testid=last-login]').textContent()).toBe('Never');
    expect(await row(page, username).textContent()).toContain('Cashier');
    expect(await row(page, username).locator('[data-testid=user-status]').textContent()).toBe('Active');

    await row(page, username).locator('[data-testid=reset-password]').click();
    const dialog = page.locator('[data-testid=reset-password-dialog]');
    const confirm = dialog.locator('[data-testid=reset-password-confirm]');
    await dialog.locator('input[name=newPassword]').fill('12345');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.locator('input[name=newPassword]').fill('second-pass');
    expect(await confirm.isDisabled()).toBe(false);
    await page.screenshot({ path: artifact('staff-en-reset.png') });
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await page.screenshot({ path: artifact('staff-en-list.png'), fullPage: true });
    await context.close();

    // The old password no longer works; the new one does, in a browser that never saw the admin.
    expect((await api('/auth/login', { body: { username, password: 'first-pass' } })).status).toBe(401);
    const fresh = await session.browser.newContext();
    const cashierPage = await fresh.newPage();
    await signIn(cashierPage, username, 'second-pass');
    expect(await cashierPage.textContent('[data-testid=user-badge]')).toContain('Cashier');
    await fresh.close();

    // Their last login now shows instead of 'Never'.
    const again = await session.browser.newContext();
    const adminPage = await again.newPage();
    await signIn(adminPage, 'admin', adminPassword());
    await openStaff(adminPage);
    await row(adminPage, username).waitFor();
    expect(await row(adminPage, username).locator('[data-testid=last-login]').textContent()).not.toBe('Never');
    await again.close();
  });

  it('filters by search, role and status, pages through, edits without a password, and deletes after asking', async () => {
    const tag = `Zt${unique()}`;
    const made = [];
    for (let i = 0; i < 11; i++)
      made.push(await registerUser(session.adminToken, { role: i < 3 ? 'manager' : 'cashier', lastName: tag, active: i !== 4 }));
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword());
    await openStaff(page);

    await page.fill('input[name=search]', tag);
    await page.click('[data-testid=staff-search]');
    await page.waitForFunction(() => document.querySelector('[data-testid=staff-total]')?.textContent === 'Total users: 11');
    expect(await page.locator('[data-testid=staff-row]').count()).toBe(10);
    await page.click('nav.pagination button[aria-label="Page 2"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=staff-row]').length === 1);

    await page.selectOption('select[name=role]', 'manager');
    await page.click('[data-testid=staff-search]');
    await page.waitForFunction(() => document.querySelector('[data-testid=staff-total]')?.textContent === 'Total users: 3');
    expect(await page.locator('nav.pagination').count()).toBe(0);

    await page.selectOption('select[name=role]', 'all');
    await page.selectOption('select[name=active]', 'false');
    await page.click('[data-testid=staff-search]');
    await page.waitForFunction(() => document.querySelector('[data-testid=staff-total]')?.textContent === 'Total users: 1');
    expect(await page.locator('[data-testid=staff-row] [data-testid=user-status]').textContent()).toBe('Inactive');

    // Edit: a blank password keeps the old one.
    const target = made[4]!;
    await row(page, target.username).locator('[data-testid=edit-user]').click();
    const form = page.locator('[data-testid=user-form]');
    await form.locator('input[name=firstName]').fill('Shilan');
    await form.locator('input[name=active]').check();
    await form.locator('[data-testid=user-form-submit]').click();
    await form.waitFor({ state: 'detached' });
    await page.waitForSelector('[data-testid=staff-empty]');
    expect(await page.textContent('[data-testid=staff-empty]')).toBe('No users match these filters.');
    const saved = await api(`/auth/users/${target._id}`, { token: session.adminToken });
    expect(saved.body.data).toMatchObject({ firstName: 'Shilan', active: true });
    expect((await api('/auth/login', { body: { username: target.username, password: target.password } })).status).toBe(200);

    // Delete, after the confirmation.
    await page.selectOption('select[name=active]', 'all');
    await page.fill('input[name=search]', target.username);
    await page.click('[data-testid=staff-search]');
    await row(page, target.username).locator('[data-testid=delete-user]').click();
    const dialog = page.locator('[data-testid=delete-user-dialog]');
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete Shilan ${tag} (${target.username})?`);
    await dialog.locator('[data-testid=confirm]').click();
    await page.waitForSelector('[data-testid=staff-empty]');
    expect((await api(`/auth/users/${target._id}`, { token: session.adminToken })).status).toBe(404);
    await context.close();
  });

  it('reads entirely in Kurdish, right to left', async () => {
    const kurdishAdmin = await registerUser(session.adminToken, { role: 'admin', language: 'ku' });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, kurdishAdmin.username, kurdishAdmin.password);
    await openStaff(page);
    await row(page, kurdishAdmin.username).waitFor();
    expect(await row(page, kurdishAdmin.username).locator('[data-testid=last-login]').textContent()).not.toBe('هەرگیز');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('staff-ku-list.png'), fullPage: true });

    await page.click('[data-testid=add-user]');
    await page.click('[data-testid=user-form-submit]');
    await page.waitForSelector('[data-testid=error-username]');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.screenshot({ path: artifact('staff-ku-form.png') });
    await context.close();
  });
});
