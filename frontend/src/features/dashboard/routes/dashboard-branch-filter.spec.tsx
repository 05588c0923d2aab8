import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { branch, ok } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { DashboardPage } from './dashboard-page.js';

const dashboard = {
  todaySales: 0,
  totalProducts: 0,
  lowStock: 0,
  activeUsers: 0,
  salesTrend: 'up',
  salesPercent: 0,
  productsTrend: 'up',
  productsPercent: 0,
  lowStockTrend: 'up',
  lowStockPercent: 0,
  usersTrend: 'up',
  usersPercent: 0,
  recentTransactions: [],
};

/** The dashboard's sales for each ?branch= asked; the branches settings lists. */
function shop() {
  return fakeApi(({ url }) => {
    if (url.pathname === '/api/settings/branches')
      return ok([branch({ _id: 'a', name: 'Erbil' }), branch({ _id: 'b', name: 'Duhok' }), branch({ _id: 'c', name: 'Zakho' })]);
    if (url.pathname === '/api/dashboard')
      return ok({ ...dashboard, todaySales: { a: 10, b: 20 }[url.searchParams.get('branch') ?? ''] ?? 30 });
    return undefined;
  });
}

describe('the branch filter of the dashboard', () => {
  it('offers a manager All branches and their own two, and asks for the one chosen', async () => {
    const calls = shop();
    renderScreen(<DashboardPage />, { signedInAs: user({ role: 'manager', homeBranch: 'a', branches: ['a', 'b'] }) });
    const select = (await screen.findByTestId('view-branch-select')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['All branches', 'Erbil', 'Duhok']);
    await waitFor(() => expect(screen.getByTestId('stat-sales').textContent).toContain('$30.00'));
    fireEvent.change(select, { target: { value: 'b' } });
    await waitFor(() => expect(screen.getByTestId('stat-sales').textContent).toContain('$20.00'));
    expect(calls.map((c) => c.path)).toContain('/api/dashboard?branch=b');
    fireEvent.change(select, { target: { value: 'all' } });
    await waitFor(() => expect(screen.getByTestId('stat-sales').textContent).toContain('$30.00'));
    expect(calls.filter((c) => c.path.startsWith('/api/dashboard')).at(-1)!.path).toBe('/api/dashboard');
  });

  it('shows a user of one branch no filter', async () => {
    const calls = shop();
    renderScreen(<DashboardPage />, { signedInAs: user({ role: 'manager', homeBranch: 'a', branches: ['a'] }) });
    await waitFor(() => expect(screen.getByTestId('stat-sales').textContent).toContain('$30.00'));
    expect(screen.queryByTestId('view-branch-picker')).toBeNull();
    expect(calls.some((c) => c.path === '/api/settings/branches')).toBe(false);
  });
});
