/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import { en } from '../../frontend/src/i18n/en.js';
import { ku } from '../../frontend/src/i18n/ku.js';
import { adminPassword, api, artifact, BASE_URL, browserSession, createUser, kurdishLeaks, login, openTill, signIn } from '../support.js';
import { registerUser } from '../staff/support-staff.js';

jest.setTimeout(120_000);

async function rateOf(token: string): Promise<{ exchangeRate: number; isUserSpecific: boolean }> {
  const r = await api('/settings/exchange-rate', { token });
  expect(r.status).toBe(200);
  const { exchangeRate, isUserSpecific } = r.body.data;
  return { exchangeRate, isUserSpecific };
}

describe('settings screens (browser)', () => {
  const session = browserSession();

  it("sets the exchange rate as admin for all users, replacing a manager's own rate (API and till)", async () => {
    const manager = await createUser(session.adminToken, 'manager');
    const managerToken = await login(manager.username, manager.password);
    expect((await api('/settings/general', { method: 'PUT', token: managerToken, body: { exchangeRate: 1617 } })).status).toBe(200);
    expect(await rateOf(managerToken)).toEqual({ exchangeRate: 1617, isUserSpecific: true });

    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword());
    // The till has loaded its rate before the change; it must pick up the new one without a reload.
    await openTill(page);
    await page.click('[data-testid=sidebar] a[href="/settings"]');
    await page.waitForSelector('[data-testid=settings-dev-note]');
    await page.screenshot({ path: artifact('settings-en-hub.png'), fullPage: true });
    await page.click('[data-testid=settings-card][data-to="/settings/general"]');
    await page.waitForSelector('[data-testid=exchange-rate-form]');
    expect(await page.locator('[data-testid=store-name]').getAttribute('readonly')).not.toBeNull();
    expect(await page.locator('[data-testid=default-language]').isDisabled()).toBe(true);
    expect(Number(await page.textContent('[data-testid=individual-rates]').then((t) => t!.replace(/\D/g, '')))).toBeGreaterThanOrEqual(1);

    await page.fill('input[name=exchangeRate]', '1488');
    await page.check('[data-testid=apply-to-all]');
    await page.click('[data-testid=save-general]');
    expect(await page.locator('[data-testid=settings-success]').textContent()).toBe('Settings saved successfully');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=individual-rates]')?.textContent === 'Users with their own rate: 0',
    );
    await page.screenshot({ path: artifact('settings-en-general.png'), fullPage: true });

    expect(await rateOf(managerToken)).toEqual({ exchangeRate: 1488, isUserSpecific: false });

    await page.click('[data-testid=sidebar] a[href="/pos"]');
    await page.waitForFunction(() => document.querySelector('.rate')?.textContent?.includes('1,488'));
    await context.close();

    const managerContext = await session.browser.newContext();
    const managerPage = await managerContext.newPage();
    await signIn(managerPage, manager.username, manager.password);
    await openTill(managerPage);
    expect(await managerPage.textContent('.rate')).toContain('1 USD = 1,488 IQD');
    await managerContext.close();
  });

  it('lets a manager set their own rate on the page, raising a rate below 1 to 1, without touching the shop rate', async () => {
    const manager = await createUser(session.adminToken, 'manager');
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, manager.username, manager.password);
    await page.goto(`${BASE_URL}/settings/general`);
    await page.waitForSelector('[data-testid=exchange-rate-form]');
    expect(await page.locator('[data-testid=apply-to-all]').count()).toBe(0);
    await page.fill('input[name=exchangeRate]', '0.5');
    await page.click('[data-testid=save-general]');
    await page.waitForSelector('[data-testid=settings-success]');
    expect(await page.inputValue('input[name=exchangeRate]')).toBe('1');
    const managerToken = await login(manager.username, manager.password);
    expect(await rateOf(managerToken)).toEqual({ exchangeRate: 1, isUserSpecific: true });
    expect((await rateOf(session.adminToken)).exchangeRate).toBeGreaterThan(1);
    await context.close();
  });

  it('saves the loyalty settings and refuses a value below its minimum', async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'admin', adminPassword());
    await page.goto(`${BASE_URL}/settings/loyalty`);
    await page.waitForSelector('[data-testid=loyalty-form]');
    const before = (await api('/loyalty/settings', { token: session.adminToken })).body.data;

    await page.fill('[data-testid="loyalty-pointsPerDollar"]', '2.5');
    await page.fill('[data-testid="loyalty-statusTiers.gold"]', String(before.statusTiers.gold + 10));
    await page.click('[data-testid=add-tier]');
    const n = before.tiers.length;
    await page.fill(`[data-testid="loyalty-tiers.${n}.threshold"]`, '777');
    await page.selectOption(`select[name="tiers.${n}.bonusType"]`, 'percentage');
    await page.fill(`[data-testid="loyalty-tiers.${n}.bonusValue"]`, '15');
    await page.click('[data-testid=save-loyalty]');
    await page.waitForSelector('[data-testid=loyalty-success]');
    const after = (await api('/loyalty/settings', { token: session.adminToken })).body.data;
    expect(after.pointsPerDollar).toBe(2.5);
    expect(after.statusTiers.gold).toBe(before.statusTiers.gold + 10);
    expect(after.tiers).toContainEqual({ threshold: 777, bonusType: 'percentage', bonusValue: 15 });
    await page.screenshot({ path: artifact('settings-en-loyalty.png'), fullPage: true });

    // Below its minimum: the field says so and nothing is saved.
    await page.fill('[data-testid="loyalty-statusMultipliers.silver"]', '0.5');
    await page.fill('[data-testid="loyalty-minimumPoints"]', '-3');
    await page.click('[data-testid=save-loyalty]');
    expect(await page.textContent('[data-testid="error-statusMultipliers.silver"]')).toBe('Must be at least 1');
    expect(await page.textContent('[data-testid="error-minimumPoints"]')).toBe('Must be at least 0');
    await page.screenshot({ path: artifact('settings-en-loyalty-error.png'), fullPage: true });
    const unchanged = (await api('/loyalty/settings', { token: session.adminToken })).body.data;
    expect(unchanged.statusMultipliers.silver).toBe(after.statusMultipliers.silver);
    expect(unchanged.minimumPoints).toBe(after.minimumPoints);
    await context.close();
  });

  it('reads entirely in Kurdish, right to left: hub, general, loyalty and receipts', async () => {
    const kurdishAdmin = await registerUser(session.adminToken, { role: 'admin', language: 'ku' });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, kurdishAdmin.username, kurdishAdmin.password);
    const screens: [string, string, string][] = [
      ['/settings', '[data-testid=settings-dev-note]', 'settings-ku-hub.png'],
      ['/settings/general', '[data-testid=exchange-rate-form]', 'settings-ku-general.png'],
      ['/settings/loyalty', '[data-testid=loyalty-form]', 'settings-ku-loyalty.png'],
      ['/settings/receipts', '[data-testid=receipt-settings-form]', 'settings-ku-receipts.png'],
    ];
    for (const [path, ready, shot] of screens) {
      await page.goto(`${BASE_URL}${path}`);
      await page.waitForSelector(ready);
      expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
      await page.screenshot({ path: artifact(shot), fullPage: true });
    }
    // The loyalty form's rule texts in Kurdish too.
    await page.goto(`${BASE_URL}/settings/loyalty`);
    await page.waitForSelector('[data-testid=loyalty-form]');
    await page.fill('[data-testid="loyalty-statusMultipliers.gold"]', '0');
    await page.click('[data-testid=save-loyalty]');
    await page.waitForSelector('[data-testid="error-statusMultipliers.gold"]');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    expect(await page.textContent('[data-testid="error-statusMultipliers.gold"]')).toContain('١');
    await context.close();
  });
});
