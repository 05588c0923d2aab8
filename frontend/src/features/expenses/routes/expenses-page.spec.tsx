import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExpenseDto, ExpenseSummaryDto } from '@dukan/contracts';
import { expense as makeExpense, expenseList, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import ExpensesPage from './expenses-page.js';

function expense(over: Partial<ExpenseDto> = {}): ExpenseDto {
  return makeExpense({
    _id: '11111111-1111-4111-8111-111111111111',
    expenseNumber: 'EXP-000001',
    title: 'Generator fuel',
    description: 'Diesel',
    amount: 141_000,
    currency: 'IQD',
    exchangeRate: 1410,
    amountInBaseCurrency: 100,
    vendor: { name: 'Fuel Co', contact: { phone: null, email: null, address: null } },
    expenseDate: '2026-03-10',
    department: 'Back store',
    tags: ['power'],
    createdBy: { _id: 'u-cashier', firstName: 'Dilan', lastName: 'Hassan', username: 'dilan' },
    ...over,
  });
}

const none = { count: 0, total: 0 };
const summary: ExpenseSummaryDto = {
  startDate: null,
  endDate: null,
  total: 1234.5,
  count: 3,
  counts: { pending: 2, approved: 1, rejected: 0, paid: 4 },
  byStatus: { pending: { count: 2, total: 234.5 }, approved: { count: 1, total: 1000 }, rejected: none, paid: { count: 4, total: 0 } },
  byCategory: [],
  byMonth: [],
};

function api(
  list: ExpenseDto[],
  extra: (req: { method: string; url: URL; body: unknown }) => { status?: number; body: unknown } | undefined = () => undefined,
  total = list.length,
) {
  return fakeApi((req) => {
    const own = extra(req);
    if (own) return own;
    if (req.url.pathname === '/api/expenses/summary') return { body: summary };
    if (req.url.pathname === '/api/expenses')
      return expenseList(list, { current: Number(req.url.searchParams.get('page')), pages: Math.ceil(total / 20), total });
    return undefined;
  });
}

describe('the expenses screen', () => {
  it('shows the summary cards and a card with every field the spec lists', async () => {
    api([expense()]);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    const card = await screen.findByTestId('expense-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Expense Management');
    await waitFor(() => expect(screen.getByTestId('summary-total-value').textContent).toBe('$1,234.50'));
    expect(screen.getByTestId('summary-pending-value').textContent).toBe('2');
    expect(screen.getByTestId('summary-paid-value').textContent).toBe('4');
    const text = card.textContent!;
    for (const part of [
      'Generator fuel',
      'EXP-000001',
      'Utilities',
      'Diesel',
      'Dilan Hassan',
      'Fuel Co',
      'Back store',
      'power',
      'Pending',
      '$100.00 in USD',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(card).getByTestId('expense-amount').textContent).toMatch(/IQD\s?141,000/);
    expect(within(card).getByTestId('expense-date').textContent).toBe('Mar 10, 2026');
  });

  it('offers actions by status and permission: a cashier may only look', async () => {
    api([expense(), expense({ _id: 'e2', expenseNumber: 'EXP-000002', status: 'approved' })]);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'cashier' }) });
    const cards = await screen.findAllByTestId('expense-card');
    for (const card of cards) {
      expect(within(card).getByTestId('expense-details')).toBeTruthy();
      for (const id of ['expense-approve', 'expense-reject', 'expense-pay', 'expense-edit', 'expense-delete', 'expense-select'])
        expect(within(card).queryByTestId(id)).toBeNull();
    }
  });

  it('offers Approve and Reject only when pending, Mark as Paid only when approved; Delete to an admin', async () => {
    api([
      expense(),
      expense({ _id: 'e2', status: 'approved' }),
      expense({ _id: 'e3', status: 'paid' }),
      expense({ _id: 'e4', status: 'rejected', rejectionReason: 'No receipt' }),
    ]);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    const [pending, approved, paid, rejected] = await screen.findAllByTestId('expense-card');
    const actions = (card: HTMLElement) =>
      within(card)
        .getAllByRole('button')
        .concat(within(card).queryAllByRole('link'))
        .map((b) => b.getAttribute('data-testid'));
    expect(actions(pending!)).toEqual(['expense-details', 'expense-approve', 'expense-reject', 'expense-delete', 'expense-edit']);
    expect(actions(approved!)).toEqual(['expense-details', 'expense-pay', 'expense-delete', 'expense-edit']);
    expect(actions(paid!)).toEqual(['expense-details', 'expense-delete', 'expense-edit']);
    expect(rejected!.textContent).toContain('Rejected: No receipt');
  });

  it('hides Approve and Reject on a manager’s own expense, and Delete from a manager', async () => {
    api([expense({ createdBy: { _id: 'u1', firstName: 'Sara', lastName: 'Ali', username: 'sara' } })]);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'manager' }) });
    const card = await screen.findByTestId('expense-card');
    expect(within(card).queryByTestId('expense-approve')).toBeNull();
    expect(within(card).queryByTestId('expense-delete')).toBeNull();
    expect(within(card).getByTestId('expense-edit')).toBeTruthy();
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const calls = api([expense()], ({ method, url, body }) =>
      method === 'PUT' && url.pathname.endsWith('/reject')
        ? { body: expense({ status: 'rejected', rejectionReason: (body as { reason: string }).reason }) }
        : undefined,
    );
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    fireEvent.click(await screen.findByTestId('expense-reject'));
    const dialog = await screen.findByTestId('reject-dialog');
    expect(dialog.textContent).toContain('Please enter the reason for rejection:');
    fireEvent.click(within(dialog).getByTestId('confirm'));
    expect(within(dialog).getByTestId('reject-reason-error').textContent).toBe('A reason is required to reject an expense');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('reject-reason'), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByTestId('confirm'));
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/expenses/11111111-1111-4111-8111-111111111111/reject',
      body: { reason: 'Duplicate' },
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Expense rejected successfully');
  });

  it('approves several at once and reports which failed and why', async () => {
    const list = [
      expense({ _id: 'e1', expenseNumber: 'EXP-000001' }),
      expense({ _id: 'e2', expenseNumber: 'EXP-000002' }),
      expense({ _id: 'e3', expenseNumber: 'EXP-000003' }),
    ];
    api(list, ({ method, url }) => {
      if (method !== 'PUT') return undefined;
      if (url.pathname === '/api/expenses/e2/approve') {
        return refusal(409, 'INVALID_TRANSITION', 'Only a pending expense can be approved; this one is Approved');
      }
      return { body: expense({ status: 'approved' }) };
    });
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    await screen.findAllByTestId('expense-card');
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('3 selected');
    fireEvent.click(screen.getByTestId('bulk-approve'));
    const report = await screen.findByTestId('bulk-report');
    expect(within(report).getByTestId('bulk-report-summary').textContent).toBe('2 of 3 done.');
    const failures = within(report).getAllByTestId('bulk-failure');
    expect(failures.map((li) => li.textContent)).toEqual(['EXP-000002 Only a pending expense can be approved; this one is Approved']);
    // The one that failed stays selected, for another try.
    fireEvent.click(within(report).getByTestId('bulk-report-close'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('1 selected');
  });

  it('shows Clear All Filters only while a filter is set, and filtering starts again at page 1', async () => {
    const calls = api([expense()], undefined, 45);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    await screen.findByTestId('expense-card');
    expect(screen.getByTestId('expenses-showing').textContent).toBe('Showing 1 to 20 of 45 expenses');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('expenses-showing').textContent).toBe('Showing 41 to 45 of 45 expenses'));
    expect(screen.queryByTestId('clear-filters')).toBeNull();
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'approved' } });
    await waitFor(() => expect(calls.at(-1)!.path).toContain('status=approved'));
    expect(calls.filter((c) => c.path.startsWith('/api/expenses?')).at(-1)!.path).toContain('page=1');
    fireEvent.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(screen.queryByTestId('clear-filters')).toBeNull());
  });

  it('shows a failed list in a red box', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/expenses'
        ? { status: 500, body: {} }
        : url.pathname === '/api/expenses/summary'
          ? { body: summary }
          : undefined,
    );
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }) });
    expect((await screen.findByTestId('expenses-error')).textContent).toBe('The server could not handle the request. Please try again.');
  });

  it('reads in Kurdish', async () => {
    api([expense()]);
    renderScreen(<ExpensesPage />, { signedInAs: user({ role: 'admin' }), language: 'ku' });
    const card = await screen.findByTestId('expense-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('بەڕێوەبردنی خەرجییەکان');
    expect(within(card).getByTestId('expense-status').textContent).toBe('چاوەڕوان');
    expect(within(card).getByTestId('expense-approve').textContent).toBe('پەسەندکردن');
  });
});
