/// <reference lib="dom" />
import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en as catalogueEn } from '../../frontend/src/i18n/en.js';
import { ku as catalogueKu } from '../../frontend/src/i18n/ku.js';
import { adminPassword, api, artifact, BASE_URL, browserSession, createUser, kurdishLeaks, login, signIn, unique } from '../support.js';
import { card, expenseById, openExpenses, recordExpense } from './support-expenses.js';

jest.setTimeout(180_000);

describe('expenses (browser)', () => {
  const session = browserSession();

  async function as(username: string, password: string): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, username, password);
    return page;
  }

  it('lists, filters and pages expenses, with the spec’s pagination text and Clear All Filters', async () => {
    const tag = `list${unique()}`;
    for (let i = 1; i <= 23; i++) {
      await recordExpense(session.adminToken, {
        title: `Paper ${i}`,
        tags: [tag],
        expenseDate: `2026-02-${String(i).padStart(2, '0')}`,
        category: i % 2 ? 'supplies' : 'office',
      });
    }
    const page = await as('admin', adminPassword());
    await openExpenses(page, tag);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=expense-card]').length === 20);
    expect(await page.textContent('[data-testid=expenses-showing]')).toBe('Showing 1 to 20 of 23 expenses');
    expect(await page.locator('[data-testid=expense-title]').first().textContent()).toBe('Paper 23');
    await page.screenshot({ path: artifact('expenses-list-en.png'), fullPage: true });

    await page.click('nav.pagination >> text=Next');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=expenses-showing]')?.textContent === 'Showing 21 to 23 of 23 expenses',
    );
    // The page's text changes with the page number; its cards once the second page has arrived.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=expense-card]').length === 3);
    expect(await page.locator('[data-testid=expense-title]').allTextContents()).toEqual(['Paper 3', 'Paper 2', 'Paper 1']);

    // A filter starts again at page 1; Clear All Filters shows while one is set.
    await page.selectOption('[data-testid=filter-category]', 'office');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=expense-card]').length === 11);
    expect(await page.locator('[data-testid=expenses-showing]').count()).toBe(0); // one page: no pagination
    await page.fill('[data-testid=filter-start]', '2026-02-10');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=expense-card]').length === 7);
    await page.click('[data-testid=clear-filters]');
    await page.waitForSelector('[data-testid=clear-filters]', { state: 'detached' });
    expect(await page.inputValue('[data-testid=filter-search]')).toBe('');
    await page.context().close();
  });

  it('records an expense through the form in English: required fields first, dependent fields, then saved as typed', async () => {
    const title = `Shop rent ${unique()}`;
    const page = await as('admin', adminPassword());
    await page.goto(`${BASE_URL}/expenses`);
    await page.click('[data-testid=add-expense]');
    await page.waitForSelector('[data-testid=expense-form]');
    expect(await page.textContent('h1')).toBe('Add New Expense');
    await page.click('[data-testid=expense-save]');
    expect(await page.textContent('[data-testid=error-title]')).toBe('This field is required');
    expect(await page.textContent('[data-testid=error-amount]')).toBe('This field is required');

    await page.fill('[data-testid=expense-title]', title);
    await page.selectOption('[data-testid=expense-category]', 'rent');
    await page.fill('[data-testid=expense-expenseDate]', '2026-03-01');
    // The form starts at the shop's own rate: a thousand dollars' worth of dinars at it is $1,000.00.
    const rate = Number((await api('/settings/exchange-rate', { token: session.adminToken })).body.data.exchangeRate);
    await page.fill('[data-testid=expense-amount]', String(rate * 1000));
    await page.selectOption('[data-testid=expense-currency]', 'IQD');
    expect(await page.textContent('[data-testid=expense-base-amount]')).toBe('$1,000.00');
    expect(await page.locator('[data-testid=expense-cardLast4]').count()).toBe(0);
    await page.selectOption('[data-testid=expense-paymentMethod]', 'transfer');
    await page.fill('[data-testid=expense-bankName]', 'Rafidain Bank');
    await page.fill('[data-testid=expense-accountNumber]', 'IQ98 0001 2345');
    await page.fill('[data-testid=expense-vendorName]', 'Azadi Properties');
    await page.fill('[data-testid=expense-tags]', 'rent');
    await page.press('[data-testid=expense-tags]', 'Enter');
    await page.check('[data-testid=expense-isRecurring]');
    await page.selectOption('[data-testid=expense-frequency]', 'monthly');
    await page.fill('[data-testid=expense-notes]', 'Paid to the agent');
    await page.screenshot({ path: artifact('expense-form-en.png'), fullPage: true });
    await page.click('[data-testid=expense-save]');
    await page.waitForSelector('[data-testid=toast] >> text=Expense created successfully');
    expect(await page.inputValue('[data-testid=expense-title]')).toBe(''); // the form resets after a create

    const [saved] = (await api(`/expenses?search=${encodeURIComponent(title)}`, { token: session.adminToken })).body.expenses;
    expect(saved).toMatchObject({
      title,
      category: 'rent',
      amount: rate * 1000,
      currency: 'IQD',
      exchangeRate: rate,
      amountInBaseCurrency: 1000,
      paymentMethod: 'transfer',
      paymentDetails: { bankName: 'Rafidain Bank', accountNumber: 'IQ98 0001 2345' },
      vendor: { name: 'Azadi Properties' },
      tags: ['rent'],
      recurring: { isRecurring: true, frequency: 'monthly', nextDueDate: '2026-04-01', endDate: null },
      notes: 'Paid to the agent',
      status: 'pending',
      expenseDate: '2026-03-01',
    });

    // Edit: the form loads it, an update keeps the form, the change is stored.
    await page.goto(`${BASE_URL}/expenses/edit/${saved._id}`);
    await page.waitForSelector('[data-testid=expense-form]');
    expect(await page.inputValue('[data-testid=expense-bankName]')).toBe('Rafidain Bank');
    await page.fill('[data-testid=expense-department]', 'Front shop');
    await page.click('[data-testid=expense-save]');
    await page.waitForSelector('[data-testid=toast] >> text=Expense updated successfully');
    expect(await page.inputValue('[data-testid=expense-department]')).toBe('Front shop');
    expect((await expenseById(session.adminToken, saved._id)).department).toBe('Front shop');
    await page.context().close();
  });

  it('reads entirely in Kurdish, right to left, and records an expense in Kurdish', async () => {
    const manager = await createUser(session.adminToken, 'manager', 'ku');
    // The manager's own expense, so the cards show only names that are not English words of the catalogue.
    const tag = `ku${unique()}`;
    await recordExpense(await login(manager.username, manager.password), {
      title: 'پسوڵەی کاغەز',
      tags: [tag],
      vendor: { name: 'چاپخانەی نەورۆز' },
    });
    const page = await as(manager.username, manager.password);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await openExpenses(page, tag);
    await page.waitForSelector('[data-testid=expense-card]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('expenses-list-ku.png'), fullPage: true });

    await page.click('[data-testid=add-expense]');
    await page.waitForSelector('[data-testid=expense-form]');
    await page.click('[data-testid=expense-save]');
    expect(await page.textContent('[data-testid=error-title]')).toBe('پڕکردنەوەی ئەم خانەیە پێویستە');
    await page.selectOption('[data-testid=expense-paymentMethod]', 'card');
    await page.check('[data-testid=expense-isRecurring]');
    expect(await kurdishLeaks(page, [catalogueEn], [catalogueKu])).toEqual([]);
    await page.screenshot({ path: artifact('expense-form-ku.png'), fullPage: true });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);

    const title = `کرێی کارەبا ${unique()}`;
    await page.fill('[data-testid=expense-title]', title);
    await page.selectOption('[data-testid=expense-category]', 'utilities');
    await page.fill('[data-testid=expense-amount]', '75000');
    await page.selectOption('[data-testid=expense-currency]', 'IQD');
    await page.fill('[data-testid=expense-cardLast4]', '42');
    await page.click('[data-testid=expense-save]');
    expect(await page.textContent('[data-testid=error-cardLast4]')).toBe('ڕێک چوار ژمارە بنووسە');
    await page.fill('[data-testid=expense-cardLast4]', '4242');
    await page.uncheck('[data-testid=expense-isRecurring]');
    await page.click('[data-testid=expense-save]');
    await page.waitForSelector('[data-testid=toast] >> text=خەرجییەکە بە سەرکەوتوویی دروستکرا');
    const [saved] = (await api(`/expenses?search=${encodeURIComponent(title)}`, { token: session.adminToken })).body.expenses;
    expect(saved).toMatchObject({
      title,
      amount: 75_000,
      currency: 'IQD',
      paymentMethod: 'card',
      paymentDetails: { cardLast4: '4242' },
      createdBy: { firstName: 'Karwan', lastName: 'Kamal' },
    });
    await page.context().close();
  });

  it('takes an expense from pending to approved to paid in the browser, with toasts and its history', async () => {
    const cashier = await createUser(session.adminToken, 'cashier');
    const title = `Generator repair ${unique()}`;
    const e = await recordExpense(await login(cashier.username, cashier.password), { title, category: 'maintenance', amount: 180 });
    const manager = await createUser(session.adminToken, 'manager');
    const page = await as(manager.username, manager.password);
    await openExpenses(page, title);
    expect(await card(page, e._id).locator('[data-testid=expense-status]').textContent()).toBe('Pending');
    expect(await card(page, e._id).locator('[data-testid=expense-pay]').count()).toBe(0);
    expect(await card(page, e._id).locator('[data-testid=expense-creator]').textContent()).toBe('Rezan Kamal');

    await card(page, e._id).locator('[data-testid=expense-approve]').click();
    await page.waitForSelector('[data-testid=toast] >> text=Expense approved successfully');
    await page.waitForSelector(`[data-testid=expense-card][data-id="${e._id}"][data-status=approved]`);
    expect(await card(page, e._id).locator('[data-testid=expense-approve]').count()).toBe(0);
    await card(page, e._id).locator('[data-testid=expense-pay]').click();
    await page.waitForSelector('[data-testid=toast] >> text=Expense marked as paid successfully');
    await page.waitForSelector(`[data-testid=expense-card][data-id="${e._id}"][data-status=paid]`);
    expect(await card(page, e._id).locator('[data-testid=expense-status]').textContent()).toBe('Paid');

    await card(page, e._id).locator('[data-testid=expense-details]').click();
    const history = page.locator('[data-testid=expense-history] li');
    await history.nth(2).waitFor();
    expect((await history.allTextContents()).map((x) => x.split(' · ')[0])).toEqual([
      'Recorded by Rezan Kamal',
      'Approved by Karwan Kamal',
      'Paid by Karwan Kamal',
    ]);
    await page.screenshot({ path: artifact('expense-details-en.png') });
    expect(await expenseById(session.adminToken, e._id)).toMatchObject({ status: 'paid' });
    // The toasts of this screen leave after 3 seconds.
    await page.waitForSelector('[data-testid=toast]', { state: 'detached', timeout: 6000 });
    await page.context().close();
  });

  it('rejects with a reason asked in a dialog, and acts on several at once, reporting which failed and why', async () => {
    const tag = `bulk${unique()}`;
    const manager = await createUser(session.adminToken, 'manager');
    const managerToken = await login(manager.username, manager.password);
    const others = [
      await recordExpense(session.adminToken, { title: 'Bulk A', tags: [tag] }),
      await recordExpense(session.adminToken, { title: 'Bulk B', tags: [tag] }),
    ];
    const own = await recordExpense(managerToken, { title: 'Bulk own', tags: [tag] });
    const single = await recordExpense(session.adminToken, { title: 'Reject me', tags: [tag] });
    const page = await as(manager.username, manager.password);
    await openExpenses(page, tag);

    // Reject one: the dialog asks for the reason; cancelling changes nothing.
    await card(page, single._id).locator('[data-testid=expense-reject]').click();
    await page.click('[data-testid=reject-dialog] >> text=Cancel');
    expect((await expenseById(session.adminToken, single._id)).status).toBe('pending');
    await card(page, single._id).locator('[data-testid=expense-reject]').click();
    await page.click('[data-testid=reject-dialog] [data-testid=confirm]');
    expect(await page.textContent('[data-testid=reject-reason-error]')).toBe('A reason is required to reject an expense');
    await page.fill('[data-testid=reject-reason]', 'Duplicate of last week');
    await page.click('[data-testid=reject-dialog] [data-testid=confirm]');
    await page.waitForSelector('[data-testid=toast] >> text=Expense rejected successfully');
    expect(await expenseById(session.adminToken, single._id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Duplicate of last week',
    });

    // Approve three at once; the manager's own one is refused, with the server's reason.
    for (const e of [...others, own]) await card(page, e._id).locator('[data-testid=expense-select]').check();
    expect(await page.textContent('[data-testid=bulk-bar]')).toContain('3 selected');
    await page.click('[data-testid=bulk-approve]');
    await page.waitForSelector('[data-testid=bulk-report]');
    expect(await page.textContent('[data-testid=bulk-report-summary]')).toBe('2 of 3 done.');
    expect(await page.locator('[data-testid=bulk-failure]').allTextContents()).toEqual([
      `${own.expenseNumber} You cannot approve or reject an expense you recorded yourself`,
    ]);
    await page.screenshot({ path: artifact('expenses-bulk-report-en.png') });
    await page.click('[data-testid=bulk-report-close]');
    for (const e of others) expect((await expenseById(session.adminToken, e._id)).status).toBe('approved');
    expect((await expenseById(session.adminToken, own._id)).status).toBe('pending');

    // Bulk delete is an admin's: a manager sees no delete at all.
    expect(await page.locator('[data-testid=bulk-delete]').count()).toBe(0);
    await page.context().close();

    const admin = await as('admin', adminPassword());
    await openExpenses(admin, tag);
    await admin.check('[data-testid=select-page]');
    await admin.click('[data-testid=bulk-delete]');
    await admin.click('[data-testid=bulk-delete-dialog] [data-testid=confirm]');
    await admin.waitForSelector('[data-testid=bulk-report]');
    expect(await admin.textContent('[data-testid=bulk-report-summary]')).toBe('4 of 4 done.');
    await admin.click('[data-testid=bulk-report-close]');
    await admin.waitForSelector('[data-testid=expenses-empty]');
    expect((await api(`/expenses?search=${tag}`, { token: session.adminToken })).body.pagination.total).toBe(0);
    await admin.context().close();
  });
});
