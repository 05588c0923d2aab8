/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { PERMISSION_REFRESH_MS } from '../../libs/contracts/src/constants.js';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import { adminPassword, api, artifact, BASE_URL, browserSession, createUser, kurdishLeaks, signIn } from '../support.js';
import { createAdmin, effectiveOf, expandUser, findUser, openPermissions, sidebarLinks } from './support-permissions.js';

jest.setTimeout(150_000);

// The layout asks for the user's permissions every PERMISSION_REFRESH_MS; a little more for the round trip.
const SIDEBAR_DEADLINE_MS = PERMISSION_REFRESH_MS + 2_000;

describe('user permissions page (browser)', () => {
  const session = browserSession();

  async function signedIn(username: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, username, password);
    return { context, page };
  }

  it("changes a cashier's permissions, and the cashier's sidebar follows within 30 s without a reload", async () => {
    const cashier = await createUser(session.adminToken, 'cashier');
    const user = await signedIn(cashier.username, cashier.password);
    expect(await sidebarLinks(user.page)).toContain('/customers');
    expect(await sidebarLinks(user.page)).not.toContain('/reports');
    await user.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const admin = await signedIn('admin', adminPassword());
    await openPermissions(admin.page);
    await findUser(admin.page, cashier.username);
    const grid = await expandUser(admin.page, cashier.username);
    await grid.locator('[data-testid=perm-customers-view]').uncheck();
    await grid.locator('[data-testid=perm-reports-view]').check();
    expect(await grid.locator('[data-testid=perm-customers-view]').getAttribute('data-changed')).toBe('true');
    expect(await grid.locator('label:has([data-testid=perm-reports-view])').textContent()).toContain('*');
    expect(await admin.page.textContent('[data-testid=unsaved-count]')).toBe('* Unsaved changes: 2 (users: 1)');
    await admin.page.screenshot({ path: artifact('permissions-en-unsaved.png'), fullPage: true });

    const saved = admin.page.waitForResponse((r) => r.url().includes('/permissions') && r.request().method() === 'PUT');
    await admin.page.click('[data-testid=perm-save]');
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();
    await admin.page.waitForSelector('[data-testid=toast]:has-text("Permissions updated successfully")');
    expect(await admin.page.textContent('[data-testid=unsaved-count]')).toBe('');

    // The cashier, still signed in on the same page, sees Reports appear and Customers go.
    try {
      await user.page.waitForFunction(
        () => {
          const hrefs = [...document.querySelectorAll('[data-testid=sidebar] nav a')].map((a) => a.getAttribute('href'));
          return hrefs.includes('/reports') && !hrefs.includes('/customers');
        },
        undefined,
        { timeout: SIDEBAR_DEADLINE_MS, polling: 250 },
      );
    } catch (e) {
      // What the cashier saw instead (for the report of a failure).
      await user.page.screenshot({ path: artifact('permissions-en-cashier-timeout.png') });
      throw new Error(`the sidebar did not change; the cashier's page is at ${new URL(user.page.url()).pathname}: ${String(e)}`, {
        cause: e,
      });
    }
    expect(Date.now() - savedAt).toBeLessThanOrEqual(SIDEBAR_DEADLINE_MS);
    expect(await user.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await user.page.waitForSelector(`[data-testid=toast]:has-text("${catalogueEn.permissions.updated}")`);
    await user.page.screenshot({ path: artifact('permissions-en-cashier-sidebar.png') });
    await user.context.close();
    await admin.context.close();
  }, 150_000);

  it('applies a role to the selected users only', async () => {
    const first = await createUser(session.adminToken, 'cashier');
    const second = await createUser(session.adminToken, 'cashier');
    const untouched = await createUser(session.adminToken, 'cashier');
    const admin = await signedIn('admin', adminPassword());
    await openPermissions(admin.page);
    await admin.page.selectOption('[data-testid=perm-role-filter]', 'cashier');
    for (const u of [first, second, untouched]) await admin.page.waitForSelector(`[data-testid=perm-user][data-username="${u.username}"]`);

    const applyButton = admin.page.locator('[data-testid=apply-role-open]');
    expect(await applyButton.isDisabled()).toBe(true);
    for (const u of [first, second])
      await admin.page.check(`[data-testid=perm-user][data-username="${u.username}"] [data-testid=select-user]`);
    expect(await admin.page.textContent('[data-testid=selected-count]')).toBe('Selected: 2');
    await applyButton.click();
    const dialog = admin.page.locator('[data-testid=apply-role-dialog]');
    await dialog.waitFor();
    expect(await dialog.locator('[data-testid=apply-role-confirm]').isDisabled()).toBe(true);
    await dialog.locator('[data-testid=apply-role-select]').selectOption('manager');
    await admin.page.screenshot({ path: artifact('permissions-en-apply-role.png') });
    await dialog.locator('[data-testid=apply-role-confirm]').click();
    await admin.page.waitForSelector('[data-testid=toast]:has-text("Applied Manager permissions to 2 user(s)")');
    await dialog.waitFor({ state: 'detached' });

    expect((await effectiveOf(session.adminToken, first.username)).reports).toEqual(['view', 'export']);
    expect((await effectiveOf(session.adminToken, second.username)).reports).toEqual(['view', 'export']);
    expect((await effectiveOf(session.adminToken, untouched.username)).reports).toEqual([]);

    // The list shows it too: the user's boxes now hold the manager's defaults, marked as their own.
    const row = admin.page.locator(`[data-testid=perm-user][data-username="${first.username}"]`);
    await row.locator('text=Custom').waitFor();
    const grid = await expandUser(admin.page, first.username);
    expect(await grid.locator('[data-testid=perm-reports-export]').isChecked()).toBe(true);
    expect(await grid.locator('[data-testid=perm-products-delete]').isChecked()).toBe(true);
    await admin.context.close();
  });

  it('reads entirely in Kurdish, right to left', async () => {
    await createUser(session.adminToken, 'manager');
    const kurdishAdmin = await createAdmin(session.adminToken, 'ku');
    const { context, page } = await signedIn(kurdishAdmin.username, kurdishAdmin.password);
    await openPermissions(page);
    await page.waitForSelector('[data-testid=perm-user]');
    const firstRow = page.locator('[data-testid=perm-user]').first();
    const username = (await firstRow.getAttribute('data-username'))!;
    const grid = await expandUser(page, username);
    await grid.locator('[data-testid=perm-staff-view]').click();
    await page.waitForSelector('[data-testid=user-unsaved]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('permissions-ku-page.png'), fullPage: true });

    // Mirrored: the sidebar is on the right, the selection column at the row's right edge.
    const sidebar = (await page.locator('[data-testid=sidebar]').boundingBox())!;
    const selectAll = (await page.locator('[data-testid=select-all]').boundingBox())!;
    const nameHeader = (await page.locator('.perm-table thead th').nth(1).boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(600);
    expect(selectAll.x).toBeGreaterThan(nameHeader.x);

    // With every row open the page scrolls: the table's header and the save bar stay in view.
    await page.click('[data-testid=expand-all]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=perm-grid]').length > 2);
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 600);
    const header = (await page.locator('.perm-table thead th').first().boundingBox())!;
    const savebar = (await page.locator('[data-testid=perm-savebar]').boundingBox())!;
    expect(Math.abs(header.y)).toBeLessThan(2);
    expect(savebar.y + savebar.height).toBeLessThanOrEqual(900 + 1);
    await page.screenshot({ path: artifact('permissions-ku-scrolled.png') });
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.check('[data-testid=select-all]');
    await page.click('[data-testid=apply-role-open]');
    await page.waitForSelector('[data-testid=apply-role-dialog]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('permissions-ku-apply-role.png') });
    await context.close();
  });

  it('a manager given staff edit reaches the page but is told it is for administrators', async () => {
    const manager = await createUser(session.adminToken, 'manager');
    const list = await api('/auth/permissions?search=' + manager.username, { token: session.adminToken });
    const id = list.body.data[0]._id as string;
    expect(
      (
        await api(`/auth/users/${id}/permissions`, {
          method: 'PUT',
          token: session.adminToken,
          body: { permissions: { staff: ['view', 'edit'] } },
        })
      ).status,
    ).toBe(200);
    const { context, page } = await signedIn(manager.username, manager.password);
    await page.goto(`${BASE_URL}/settings/users`);
    const denied = page.locator('[data-testid=permissions-admin-only]');
    await denied.waitFor();
    expect(await denied.textContent()).toContain('Access Denied: You need administrator privileges to access user permissions.');
    await page.waitForSelector('[data-testid=toast]:has-text("Access denied. Admin privileges required.")');
    expect(await page.locator('[data-testid=perm-table]').count()).toBe(0);
    await context.close();
  });
});
