import type { Page } from 'playwright-core';
import { api, BASE_URL } from '../support.js';

/** An expense recorded through the API as the form would send it; `over` replaces fields. */
export async function recordExpense(token: string, over: Record<string, unknown> = {}): Promise<any> {
  const r = await api('/expenses', {
    token,
    body: {
      title: 'Receipt paper',
      category: 'supplies',
      amount: 12.5,
      currency: 'USD',
      paymentMethod: 'cash',
      expenseDate: '2026-03-10',
      ...over,
    },
  });
  if (r.status !== 201) throw new Error(`record expense: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function expenseById(token: string, id: string): Promise<any> {
  const r = await api(`/expenses/${id}`, { token });
  if (r.status !== 200) throw new Error(`get expense: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Opens the Expenses screen and waits for its list (or its empty state). */
export async function openExpenses(page: Page, search?: string): Promise<void> {
  await page.goto(`${BASE_URL}/expenses`);
  await page.waitForSelector('[data-testid=expense-list], [data-testid=expenses-empty]');
  if (search !== undefined) await filterBy(page, search);
}

/** Types a search and waits for the list to answer it. */
async function filterBy(page: Page, search: string): Promise<void> {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/expenses' && url.searchParams.get('search') === search.trim();
  });
  await page.fill('[data-testid=filter-search]', search);
  await answered;
  await page.waitForFunction(() => !document.querySelector('[data-testid=expense-list][aria-busy=true]'));
}

export const card = (page: Page, id: string) => page.locator(`[data-testid=expense-card][data-id="${id}"]`);
