/// <reference lib="dom" />
// Helpers of the /settings/users browser tests.
import type { Locator, Page } from 'playwright-core';
import { api, BASE_URL, unique } from '../support.js';

/** Hrefs of the sidebar's links, as the user sees them now. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  return page.locator('[data-testid=sidebar] nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

/** Opens /settings/users and waits for the list (or its empty state). */
export async function openPermissions(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/settings/users`);
  await page.waitForSelector('[data-testid=perm-table], [data-testid=perm-empty]');
}

/** Narrows the list to one username through the search box and returns that user's row. */
export async function findUser(page: Page, username: string): Promise<Locator> {
  await page.fill('[data-testid=perm-search]', username);
  const row = page.locator(`[data-testid=perm-user][data-username="${username}"]`);
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=perm-user]').length === 1);
  return row;
}

/** Expands a user's row and returns the grid of their checkboxes. */
export async function expandUser(page: Page, username: string): Promise<Locator> {
  const row = page.locator(`[data-testid=perm-user][data-username="${username}"]`);
  await row.locator('[data-testid=expand-user]').click();
  const grid = page.locator(`[data-testid=perm-grid][data-username="${username}"]`);
  await grid.waitFor();
  return grid;
}

/** A second administrator, whose interface language is `language`. */
export async function createAdmin(adminToken: string, language: 'en' | 'ku'): Promise<{ username: string; password: string }> {
  const username = `admin${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await api('/auth/register', {
    token: adminToken,
    body: {
      username,
      password,
      firstName: 'Aram',
      lastName: 'Hama',
      email: `${username}@example.com`,
      role: 'admin',
      languagePreference: language,
    },
  });
  if (res.status >= 300) throw new Error(`register admin failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { username, password };
}

/** What the server says a user may do now (admin's view of the permissions list). */
export async function effectiveOf(adminToken: string, username: string): Promise<Record<string, string[]>> {
  const res = await api(`/auth/permissions?search=${encodeURIComponent(username)}`, { token: adminToken });
  const hit = (res.body.data as { username: string; effectivePermissions: Record<string, string[]> }[]).find(
    (u) => u.username === username,
  );
  if (!hit) throw new Error(`${username} is not on the permissions list`);
  return hit.effectivePermissions;
}
