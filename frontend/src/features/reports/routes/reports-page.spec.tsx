import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { dayOf } from '../lib/date-range.js';
import { ReportsPage } from './reports-page.js';

const meta = {
  startDate: null,
  endDate: null,
  currency: 'USD',
  exchangeRate: 1450,
  timeZone: 'Asia/Baghdad',
  storeName: 'Dukan',
  generatedAt: '2026-03-15T10:00:00Z',
};
const sales = {
  ...meta,
  summary: { totalSales: 1234.5, totalTransactions: 12, averageOrderValue: 102.88, grossProfit: 400, expenses: 500, netProfit: -100 },
  salesByDate: [
    { date: '2026-03-14', total: 1000, transactions: 10, profit: 300 },
    { date: '2026-03-15', total: 234.5, transactions: 2, profit: 100 },
  ],
  topProducts: Array.from({ length: 12 }, (_, i) => ({
    _id: `p${i}`,
    name: { en: `Product ${i}`, ku: `کاڵا ${i}` },
    sku: `SKU-${i}`,
    // The best seller is sold by weight: 1.250 kg.
    soldBy: i === 0 ? 'weight' : 'unit',
    quantity: i === 0 ? 1.25 : i,
    revenue: 100 - i,
    profit: 10,
  })),
  takingsByTender: [
    { method: 'cash', currency: 'USD', takenMinor: 80_000, payments: 8, refundedMinor: 0, refunds: 0 },
    { method: 'card', currency: 'USD', takenMinor: 43_450, payments: 4, refundedMinor: 0, refunds: 0 },
  ],
};
const staff = {
  ...meta,
  summary: { totalStaff: 1, totalSales: 10, totalTransactions: 1, totalHours: 2.5 },
  staffSales: [
    { _id: 'u1', name: 'Sara Ahmed', role: 'cashier', totalSales: 10, transactionCount: 1, averageTicket: 10, hoursWorked: 2.5 },
  ],
  staffActivity: [],
  activityTimeline: [],
  staffExpenses: [],
};
const manager = user({ role: 'manager' });
const aged = (d0_30: number, d31_60 = 0) => ({ d0_30, d31_60, d61_90: 0, d90_plus: 0 });
const receivables = (page: number) => ({
  asOf: '2026-03-15T10:00:00Z',
  totals: [
    { branchId: 'main', currency: 'IQD', owedMinor: 45_000, aged: aged(30_000, 15_000) },
    { branchId: 'main', currency: 'USD', owedMinor: 2_500, aged: aged(2_500) },
  ],
  rows: [
    page === 2
      ? {
          customerId: 'k2',
          name: 'Dara Omer',
          phone: '+9647701112233',
          currency: 'USD',
          owedMinor: 2_500,
          since: '2026-03-10T00:00:00Z',
          aged: aged(2_500),
        }
      : {
          customerId: 'k1',
          name: 'Shilan Aziz',
          phone: '+9647501234567',
          currency: 'IQD',
          owedMinor: 45_000,
          since: '2026-01-20T00:00:00Z',
          aged: aged(30_000, 15_000),
        },
  ],
  pagination: { total: 2, page: page || 1, limit: 1, pages: 2 },
});

function api(overrides: Record<string, () => { status?: number; body: unknown }> = {}) {
  return fakeApi(({ url }) => {
    if (url.pathname === '/api/receivables') return { body: { success: true, data: receivables(Number(url.searchParams.get('page'))) } };
    if (url.pathname.startsWith('/api/receivables/export/')) return { body: { bytes: url.pathname } };
    if (url.pathname === '/api/settings/branches')
      return { body: { success: true, data: [{ _id: 'main', name: 'Erbil bazaar', registers: ['main'], active: true }] } };
    const type = url.pathname.replace('/api/reports/', '');
    if (overrides[type]) return overrides[type]!();
    if (type === 'sales') return { body: { success: true, data: sales } };
    if (type === 'staff') return { body: { success: true, data: staff } };
    return undefined;
  });
}

// Charts make these screens slow to draw in jsdom on a busy machine: generous waits.
describe('reports page', { timeout: 30_000 }, () => {
  it('opens on the sales report of the last 7 days with cards, tables of 10 rows and sortable columns', async () => {
    const calls = api();
    renderScreen(<ReportsPage />, { signedInAs: manager });
    await waitFor(() => expect(screen.getByTestId('summary-totalSales').textContent).toContain('$1,234.50'), { timeout: 10_000 });
    expect(screen.getByTestId('summary-netProfit').textContent).toContain('-$100.00');
    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    expect(calls.find((c) => c.path.startsWith('/api/reports/sales'))?.path).toBe(
      `/api/reports/sales?startDate=${dayOf(weekAgo)}&endDate=${dayOf(today)}&currency=USD`,
    );
    expect(screen.getByTestId('preset-last7days').getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByTestId('table-topProducts');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('1.250 kg');
    expect(within(table).getAllByRole('row')[2]!.textContent).not.toContain('kg');
    fireEvent.click(within(table).getByRole('button', { name: /Quantity/ }));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Product 11');
    expect(screen.getByTestId('export-pdf')).toBeTruthy();
    expect(screen.getByTestId('takings-by-tender').textContent).toContain('Takings by payment method');
    expect(screen.getByTestId('takings-total-USD').textContent).toContain('$1,234.50');
  });

  it('asks for all time without dates, keeps each report and range cached when tabs change', async () => {
    const calls = api();
    renderScreen(<ReportsPage />, { signedInAs: manager });
    await screen.findByTestId('summary-totalSales', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('preset-allTime'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/reports/sales?currency=USD')).toBe(true));
    fireEvent.click(screen.getByTestId('tab-staff'));
    await waitFor(() => expect(screen.getByTestId('summary-totalHours').textContent).toContain('2.5'));
    fireEvent.click(screen.getByTestId('tab-sales'));
    await screen.findByTestId('summary-totalSales');
    expect(calls.filter((c) => c.path === '/api/reports/sales?currency=USD')).toHaveLength(1);
  });

  it("shows the server's message or the report's own, with Try again", async () => {
    let fail = true;
    api({ sales: () => (fail ? { status: 500, body: {} } : { body: { success: true, data: sales } }) });
    renderScreen(<ReportsPage />, { signedInAs: manager });
    expect((await screen.findByTestId('error-panel', {}, { timeout: 10_000 })).textContent).toContain(
      'The server could not handle the request',
    );
    fail = false;
    fireEvent.click(within(screen.getByTestId('error-panel')).getByRole('button'));
    await screen.findByTestId('summary-totalSales');
  });

  it('in Kurdish: texts, Kurdish digits and names', async () => {
    api();
    renderScreen(<ReportsPage />, { signedInAs: manager, language: 'ku' });
    await waitFor(() => expect(screen.getByTestId('summary-totalTransactions').textContent).toContain('١٢'), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ڕاپۆرتەکان');
    expect(screen.getByTestId('table-topProducts').textContent).toContain('کاڵا 0');
    expect(screen.getByTestId('table-topProducts').textContent).toContain('١٫٢٥٠ کگم');
  });

  it('shows weighed goods in stock in kilograms, apart from the units', async () => {
    const beef = {
      _id: 'beef',
      name: { en: 'Minced beef', ku: 'گۆشتی هاڕاو' },
      sku: 'BEEF',
      category: null,
      soldBy: 'weight',
      quantity: 20.5,
      price: 12.99,
      cost: 8,
      value: 266.3,
      costValue: 164,
      reorderLevel: 2,
    };
    const inventory = {
      ...meta,
      summary: {
        totalProducts: 2,
        totalQuantity: 48,
        totalWeightKg: 20.5,
        totalInventoryValue: 302.3,
        totalInventoryCost: 183.2,
        lowStockItems: 0,
        outOfStockItems: 0,
      },
      categoryInventory: [{ categoryId: null, categoryName: null, productCount: 2, quantity: 48, weightKg: 20.5, value: 302.3 }],
      products: [beef],
      lowStockItems: [],
    };
    api({
      inventory: () => ({ body: { success: true, data: inventory } }),
      'inventory/products': () => ({
        body: { success: true, data: [beef], pagination: { total: 1, page: 1, limit: 10, pages: 1 } },
      }),
    });
    renderScreen(<ReportsPage />, { signedInAs: manager });
    await screen.findByTestId('summary-totalSales', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('tab-inventory'));
    await waitFor(() => expect(screen.getByTestId('summary-totalWeightKg').textContent).toContain('20.500 kg'), { timeout: 10_000 });
    expect(screen.getByTestId('summary-totalQuantity').textContent).toContain('48');
    await waitFor(() => expect(screen.getByTestId('table-products').textContent).toContain('20.500 kg'));
  });

  it('a custom range cannot end after today', async () => {
    api();
    renderScreen(<ReportsPage />, { signedInAs: manager });
    fireEvent.click(screen.getByTestId('preset-custom'));
    const to = screen.getByTestId('custom-to') as HTMLInputElement;
    expect(to.max).toBe(dayOf(new Date()));
    fireEvent.change(to, { target: { value: '2999-01-01' } });
    expect((screen.getByTestId('custom-apply') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the receivables (totals per branch, then who owes what since when, page by page) and exports them', async () => {
    const calls = api();
    const created = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:receivables';
    URL.revokeObjectURL = () => undefined;
    try {
      renderScreen(<ReportsPage />, { signedInAs: manager });
      fireEvent.click(await screen.findByTestId('tab-receivables'));
      const rows = await screen.findAllByTestId('receivable', {}, { timeout: 10_000 });
      expect(rows[0]!.textContent).toContain('Shilan Aziz');
      expect(within(rows[0]!).getByTestId('receivable-owed').textContent).toMatch(/^IQD\s45,000$/);
      expect(screen.getAllByTestId('receivables-total').map((r) => r.textContent)).toEqual([
        expect.stringMatching(/IQD\s45,000/),
        expect.stringContaining('$25.00'),
      ]);
      await waitFor(() =>
        expect(screen.getAllByTestId('receivables-branch').map((c) => c.textContent)).toEqual(['Erbil bazaar', 'Erbil bazaar']),
      );
      fireEvent.click(within(screen.getByTestId('table-receivables')).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByTestId('receivable').textContent).toContain('Dara Omer'));
      expect(calls.some((c) => c.path === '/api/receivables?page=2&limit=50')).toBe(true);

      fireEvent.click(screen.getByTestId('export-xlsx'));
      await waitFor(() => expect(screen.getByTestId('export-status').getAttribute('data-phase')).toBe('done'));
      expect(screen.getByTestId('export-status').textContent).toContain('receivables-report.xlsx');
      expect(calls.some((c) => c.path === '/api/receivables/export/xlsx')).toBe(true);
    } finally {
      URL.createObjectURL = created;
    }
  });

  it('receivables: no dates or currency to pick (what is owed now, each in its own currency), and the branch shown is the one asked for and exported', async () => {
    const calls = api();
    const created = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:receivables';
    URL.revokeObjectURL = () => undefined;
    try {
      renderScreen(<ReportsPage />, { signedInAs: manager, path: '/reports?tab=receivables&branch=erbil' });
      await screen.findAllByTestId('receivable', {}, { timeout: 10_000 });
      expect(calls.filter((c) => c.path.startsWith('/api/receivables')).map((c) => c.path)).toEqual([
        '/api/receivables?page=1&limit=50&branch=erbil',
      ]);
      expect(screen.queryByTestId('preset-last7days')).toBeNull();
      expect(screen.queryByTestId('currency-USD')).toBeNull();
      expect(screen.queryByTestId('range-shown')).toBeNull();
      expect(screen.getByTestId('report-receivables').textContent).toContain('as of now');
      expect(screen.getByTestId('report-receivables').textContent).not.toContain('dates above');

      fireEvent.click(screen.getByTestId('export-csv'));
      await waitFor(() => expect(screen.getByTestId('export-status').getAttribute('data-phase')).toBe('done'));
      expect(calls.some((c) => c.path === '/api/receivables/export/csv?branch=erbil')).toBe(true);

      // The other reports keep their dates and currencies.
      fireEvent.click(screen.getByTestId('tab-sales'));
      await screen.findByTestId('summary-totalSales', {}, { timeout: 10_000 });
      expect(screen.getByTestId('preset-last7days')).toBeTruthy();
      expect(screen.getByTestId('currency-IQD')).toBeTruthy();
      expect(calls.some((c) => c.path.startsWith('/api/reports/sales?') && c.path.endsWith('&branch=erbil'))).toBe(true);
    } finally {
      URL.createObjectURL = created;
    }
  });

  it('receivables in Kurdish say they are of now', async () => {
    api();
    renderScreen(<ReportsPage />, { signedInAs: manager, language: 'ku', path: '/reports?tab=receivables' });
    await screen.findAllByTestId('receivable', {}, { timeout: 10_000 });
    expect(screen.getByTestId('report-receivables').textContent).toContain('تا ئێستا');
    expect(screen.queryByTestId('preset-last7days')).toBeNull();
  });
});
