import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShiftDto, ShiftSummaryDto } from '@dukan/contracts';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import ShiftsPage from './shifts-page.js';

configure({ asyncUtilTimeout: 5000 });

const summary: ShiftSummaryDto = {
  _id: 's1',
  number: 12,
  branchId: 'main',
  register: 'till-1',
  cashier: { _id: 'c1', username: 'dara' },
  status: 'closed',
  openedAt: '2026-11-20T05:00:00.000Z',
  closedAt: '2026-11-20T15:00:00.000Z',
  expected: { USD: 8500, IQD: 100_000 },
  counted: { USD: 8500, IQD: 75_000 },
  difference: { USD: 0, IQD: -25_000 },
};
const shift: ShiftDto = {
  _id: 's1',
  number: 12,
  branchId: 'main',
  register: 'till-1',
  cashier: { _id: 'c1', username: 'dara' },
  status: 'closed',
  openedAt: summary.openedAt,
  closedAt: summary.closedAt,
  closedBy: { _id: 'm1', username: 'shilan' },
  approvedBy: { _id: 'm1', username: 'shilan' },
  note: null,
  movements: [],
  figures: {
    float: { USD: 10_000, IQD: 100_000 },
    sales: [],
    saleCount: 0,
    change: { USD: 0, IQD: 0 },
    refunds: { count: 0, amount: { USD: 0, IQD: 0 } },
    voids: { count: 0, amount: { USD: 0, IQD: 0 } },
    discounts: { USD: 0, IQD: 0 },
    rounding: { USD: 0, IQD: 0 },
    cashIn: { USD: 0, IQD: 0 },
    cashOut: { USD: 1500, IQD: 0 },
    expected: summary.expected!,
    counted: summary.counted,
    difference: summary.difference,
  },
};

describe('shifts screen', () => {
  it("lists the branch's shifts with their difference, narrows to one cashier's, and shows a shift's Z report", async () => {
    const calls = fakeApi(({ url }) => {
      if (url.pathname === '/api/shifts')
        return { body: { success: true, data: [summary], pagination: { total: 1, page: 1, limit: 20, pages: 1 } } };
      if (url.pathname === '/api/shifts/s1') return { body: { success: true, data: shift } };
      return undefined;
    });
    renderScreen(<ShiftsPage />, { signedInAs: user({ role: 'manager' }), path: '/shifts' });
    const [row] = await screen.findAllByTestId('shift-row');
    expect(
      within(row!)
        .getByTestId('shift-row-difference')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toContain('-IQD 25,000');
    fireEvent.click(within(row!).getByTestId('shift-cashier'));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/shifts?') && c.path.includes('cashier=c1'))).toBe(true));
    fireEvent.click(within((await screen.findAllByTestId('shift-row'))[0]!).getByTestId('shift-view'));
    const detail = await screen.findByTestId('shift-detail');
    expect(within(detail).getByTestId('shift-report-title').textContent).toBe('Z report · shift #12');
    expect(within(detail).getByTestId('shift-approved-by').textContent).toBe('shilan');
    expect(within(detail).getByTestId('shift-pdf')).toBeTruthy();
  });

  it('is refused to a cashier', async () => {
    fakeApi(() => undefined);
    renderScreen(<ShiftsPage />, { signedInAs: user({ role: 'cashier' }), path: '/shifts' });
    expect(await screen.findByTestId('access-restricted')).toBeTruthy();
  });
});
