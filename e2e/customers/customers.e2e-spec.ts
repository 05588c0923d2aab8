/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import {
  adminPassword,
  api,
  artifact,
  BASE_URL,
  browserSession,
  createCustomer,
  createUser,
  kurdishLeaks,
  signIn,
  unique,
} from '../support.js';

jest.setTimeout(150_000);

/** Customers whose name, phone or email contains `search`, as the API lists them. */
async function customersMatching(token: string, search: string): Promise<any[]> {
  const r = await api(`/customers?search=${encodeURIComponent(search)}`, { token });
  expect(r.status).toBe(200);
  return Array.isArray(r.body) ? r.body : r.body.data;
}

describe('customers screen (browser)', () => {
  const session = browserSession();

  async function open(username: string, password: string): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, username, password);
    await page.goto(`${BASE_URL}/customers`);
    await page.waitForSelector('[data-testid=customers-table], [data-testid=customers-empty]');
    return page;
  }

  it('adds a customer (an invalid phone refused first), edits and deletes it', async () => {
    const tag = unique();
    const first = `Dilan${tag}`;
    const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
    // Typed as people write it; kept as one number (E.164).
    const phone = `0750 ${digits.slice(0, 3)} ${digits.slice(3)}`;
    const page = await open('admin', adminPassword());

    await page.click('[data-testid=add-customer]');
    await page.fill('[data-testid=customer-firstName]', first);
    await page.fill('[data-testid=customer-lastName]', 'Hassan');
    await page.fill('[data-testid=customer-phone]', '0750 12');
    await page.fill('[data-testid=customer-email]', 'dilan@example');
    await page.click('[data-testid=customer-save]');
    expect(await page.textContent('[data-testid=error-phone]')).toBe('Please enter a valid phone number');
    expect(await page.textContent('[data-testid=error-email]')).toBe('Please enter a valid email address');
    await page.screenshot({ path: artifact('customers-form-errors-en.png') });
    expect(await customersMatching(session.adminToken, first)).toEqual([]);

    await page.fill('[data-testid=customer-phone]', phone);
    await page.fill('[data-testid=customer-email]', `dilan.${tag}@example.com`);
    await page.fill('[data-testid=customer-city]', 'Sulaymaniyah');
    await page.click('[data-testid=customer-save]');
    await page.waitForSelector('[data-testid=customer-form-success]');
    // The form clears after an add, and the customer is saved with what was typed, the phone in its one form.
    expect(await page.inputValue('[data-testid=customer-firstName]')).toBe('');
    const [saved] = await customersMatching(session.adminToken, first);
    expect(saved).toMatchObject({ firstName: first, lastName: 'Hassan', phone: `+964750${digits}`, email: `dilan.${tag}@example.com` });
    expect(saved.address.city).toBe('Sulaymaniyah');
    await page.click('[data-testid=customer-form-close]');

    await page.fill('[data-testid=customer-search]', first);
    const row = page.locator('[data-testid=customer-row]', { hasText: first });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=customer-row]').length === 1);
    expect(await row.textContent()).toContain('$0.00');
    expect(await row.textContent()).toContain(phone); // shown the local way
    await page.screenshot({ path: artifact('customers-en.png'), fullPage: true });

    // Edit: a phone with too few digits is refused; a good one saved, the email cleared.
    await row.locator('[data-testid=edit-customer]').click();
    expect(await page.inputValue('[data-testid=customer-firstName]')).toBe(first);
    await page.fill('[data-testid=customer-lastName]', 'Rasul');
    await page.fill('[data-testid=customer-phone]', '12345');
    await page.click('[data-testid=customer-save]');
    expect(await page.textContent('[data-testid=error-phone]')).toBe('Please enter a valid phone number');
    expect((await customersMatching(session.adminToken, first))[0].lastName).toBe('Hassan');
    const newPhone = `0770${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    await page.fill('[data-testid=customer-phone]', newPhone);
    await page.fill('[data-testid=customer-email]', '');
    await page.click('[data-testid=customer-save]');
    await page.waitForSelector('[data-testid=customer-form-success]');
    // After an edit the form keeps the saved values.
    expect(await page.inputValue('[data-testid=customer-lastName]')).toBe('Rasul');
    await page.locator('[data-testid=customer-row]', { hasText: `${first} Rasul` }).waitFor();
    const edited = (await customersMatching(session.adminToken, first))[0];
    expect(edited).toMatchObject({ lastName: 'Rasul', phone: `+964${newPhone.slice(1)}`, email: null });

    // Delete, after the confirmation.
    await page.locator('[data-testid=customer-row]', { hasText: first }).locator('[data-testid=delete-customer]').click();
    await page.waitForSelector('[data-testid=delete-customer-dialog]');
    expect(await page.textContent('[data-testid=delete-customer-dialog]')).toContain(`Delete ${first} Rasul?`);
    await page.click('[data-testid=delete-customer-dialog] [data-testid=confirm]');
    await page.waitForSelector('[data-testid=delete-customer-dialog]', { state: 'detached' });
    await page.waitForSelector('[data-testid=customers-empty]');
    expect(await page.textContent('[data-testid=customers-empty]')).toContain(`No customers match “${first}”.`);
    expect(await customersMatching(session.adminToken, first)).toEqual([]);
    expect((await api(`/customers/${edited._id}`, { token: session.adminToken })).status).toBe(404);
    await page.context().close();
  });

  it('refuses a phone another customer already has, written another way, under the phone field with a link to them', async () => {
    const existing = await createCustomer(session.adminToken);
    const page = await open('admin', adminPassword());
    await page.click('[data-testid=add-customer]');
    await page.fill('[data-testid=customer-firstName]', 'Twin');
    await page.fill('[data-testid=customer-lastName]', 'Phone');
    await page.fill('[data-testid=customer-phone]', `+964 ${existing.phone.slice(1)}`);
    await page.click('[data-testid=customer-save]');
    await page.waitForSelector('[data-testid=error-phone]');
    const name = `${existing.firstName} ${existing.lastName}`;
    expect(await page.textContent('[data-testid=error-phone]')).toBe(`A customer with this phone number already exists: ${name}`);
    await page.click('[data-testid=customer-phone-holder]');
    await page.waitForFunction(
      (n) => (document.querySelector('[data-testid=customer-firstName]') as HTMLInputElement | null)?.value === n,
      existing.firstName,
    );
    await page.context().close();
  });

  it('reads entirely in Kurdish, right to left, for a manager (who may add and edit but not delete)', async () => {
    await createCustomer(session.adminToken);
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    const page = await open(manager.username, manager.password);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.waitForSelector('[data-testid=customer-row]');
    expect(await page.locator('[data-testid=delete-customer]').count()).toBe(0);
    expect(await page.locator('[data-testid=edit-customer]').count()).toBeGreaterThan(0);
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('customers-ku.png'), fullPage: true });
    expect((await page.locator('[data-testid=sidebar]').boundingBox())!.x).toBeGreaterThan(600);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);

    await page.click('[data-testid=add-customer]');
    await page.fill('[data-testid=customer-phone]', '١٢٣');
    await page.click('[data-testid=customer-save]');
    await page.waitForSelector('[data-testid=error-phone]');
    expect(await page.textContent('[data-testid=error-phone]')).toBe('تکایە ژمارەی تەلەفۆنێکی دروست بنووسە');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('customers-form-ku.png'), fullPage: true });

    await page.fill('[data-testid=customer-search]', 'zzzz-nobody');
    await page.waitForSelector('[data-testid=customers-empty]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.context().close();
  });
});
