import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { formatters } from '../../../i18n/format.js';
import { DashboardPage } from './dashboard-page.js';

const data = {
  todaySales: 1234.5,
  totalProducts: 420,
  lowStock: 7,
  activeUsers: 3,
  salesTrend: 'up',
  salesPercent: 12.5,
  productsTrend: 'up',
  productsPercent: 1,
  lowStockTrend: 'down',
  lowStockPercent: 30,
  usersTrend: 'up',
  usersPercent: 0,
  recentTransactions: [
    { id: 'abc123', date: '2026-01-02T10:00:00Z', amount: 25.5, status: 'Completed' },
    { id: 'def456', date: '2026-01-02T11:00:00Z', amount: 9, status: 'Failed' },
  ],
};

describe('dashboard', () => {
  it('shows the four cards with trend and percent and links each recent sale', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/dashboard' ? { body: { success: true, data } } : undefined));
    renderScreen(<DashboardPage />, { signedInAs: user({ firstName: 'Aram' }) });
    expect(await screen.findByText('Welcome back, Aram')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-sales').textContent).toContain('$1,234.50'));
    expect(screen.getByTestId('stat-sales').textContent).toContain('Up 12.5% from yesterday');
    expect(screen.getByTestId('stat-lowStock').textContent).toContain('Down 30% from yesterday');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/transactions/abc123');
    expect(within(rows[1]!).getByText('Failed').className).toContain('danger');
  });

  it("shows today's sales in dinars too and today's takings by payment method", async () => {
    const today = {
      ...data,
      todaySalesIqd: 1_790_000,
      todayTakings: [
        { method: 'cash', currency: 'IQD', takenMinor: 1_250_000, payments: 9, refundedMinor: 5_000, refunds: 1 },
        { method: 'card', currency: 'USD', takenMinor: 37_025, payments: 4, refundedMinor: 0, refunds: 0 },
      ],
    };
    fakeApi(({ url }) => (url.pathname === '/api/dashboard' ? { body: { success: true, data: today } } : undefined));
    renderScreen(<DashboardPage />, { signedInAs: user({ firstName: 'Aram' }) });
    await waitFor(() => expect(screen.getByTestId('detail-sales').textContent).toBe(`In dinars: ${formatters('en').iqd(1_790_000)}`));
    const takings = screen.getByTestId('today-takings');
    expect(takings.textContent).toContain("Today's takings by payment method");
    expect(within(screen.getByTestId('takings-card-USD')).getAllByRole('cell')[3]!.textContent).toBe('$370.25');
    expect(within(screen.getByTestId('takings-cash-IQD')).getAllByRole('cell')[3]!.textContent).toBe(formatters('en').iqd(1_250_000));
  });

  it('says "same as yesterday" for no change, and shows a rising low-stock count in red', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/dashboard'
        ? {
            body: {
              success: true,
              data: { ...data, todaySales: 0, salesTrend: 'up', salesPercent: 0, lowStockTrend: 'up', lowStockPercent: 40 },
            },
          }
        : undefined,
    );
    renderScreen(<DashboardPage />, { signedInAs: user({ firstName: 'Aram' }) });
    await waitFor(() => expect(screen.getByTestId('trend-sales').textContent).toBe('Same as yesterday'));
    expect(screen.getByTestId('trend-users').textContent).toBe('Same as yesterday');
    expect(screen.getByTestId('trend-lowStock').textContent).toContain('Up 40% from yesterday');
    expect(screen.getByTestId('trend-lowStock').className).toContain('down'); // red: more products running out
    expect(screen.getByTestId('trend-products').className).toContain('up');
  });

  it('offers a cashier only what a cashier may open', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/dashboard' ? { body: { success: true, data } } : undefined));
    renderScreen(<DashboardPage />, { signedInAs: user({ role: 'cashier' }) });
    await screen.findByTestId('stat-sales');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).not.toContain('/reports');
    expect(links.some((h) => h?.startsWith('/inventory'))).toBe(false);
    expect(links).toContain('/pos');
    expect(screen.queryByText('View reports')).toBeNull();
    expect(screen.queryByText('Add product')).toBeNull();
  });

  it('shows the empty state and refetches on demand', async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/dashboard' ? { body: { success: true, data: { ...data, recentTransactions: [] } } } : undefined,
    );
    renderScreen(<DashboardPage />);
    expect(await screen.findByTestId('no-transactions')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dashboard-refresh'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/dashboard')).toHaveLength(2));
  });

  it("shows the server's message when the dashboard cannot load", async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/dashboard'
        ? {
            status: 503,
            body: { success: false, message: 'This service is temporarily unavailable.', error: 'x', code: 'SERVICE_UNAVAILABLE' },
          }
        : undefined,
    );
    renderScreen(<DashboardPage />);
    expect((await screen.findByTestId('error-panel')).textContent).toContain('This service is temporarily unavailable.');
  });
});
