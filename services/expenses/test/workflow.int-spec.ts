import { EXPENSE_STATUSES, type ExpenseStatus } from '@dukan/contracts';
import { TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { createExpense, eventsOf, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startExpenses();
});
afterAll(() => t.close());

const PATH = { approve: 'approve', reject: 'reject', pay: 'paid' } as const;
type Action = keyof typeof PATH;

function act(
  id: string,
  action: Action,
  token = t.tokens.admin,
  body: unknown = action === 'reject' ? { reason: 'Duplicate receipt' } : undefined,
) {
  return t.put(`/api/expenses/${id}/${PATH[action]}`, body, { token });
}

/** An expense recorded by the cashier and brought to `status` by the admin. */
async function expenseIn(status: ExpenseStatus): Promise<any> {
  const e = await createExpense(t, {}, t.tokens.cashier);
  if (status === 'approved' || status === 'paid') expect((await act(e._id, 'approve')).status).toBe(200);
  if (status === 'paid') expect((await act(e._id, 'pay')).status).toBe(200);
  if (status === 'rejected') expect((await act(e._id, 'reject')).status).toBe(200);
  return e;
}

describe('the workflow over HTTP: every action from every status', () => {
  const allowed: Record<string, ExpenseStatus> = { 'approve pending': 'approved', 'reject pending': 'rejected', 'pay approved': 'paid' };
  const names: Record<ExpenseStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', paid: 'Paid' };
  const refusals: Record<Action, string> = {
    approve: 'Only a pending expense can be approved; this one is {s}',
    reject: 'Only a pending expense can be rejected; this one is {s}',
    pay: 'Only an approved expense can be marked as paid; this one is {s}',
  };
  const table = (['approve', 'reject', 'pay'] as const).flatMap((action) => EXPENSE_STATUSES.map((status) => [action, status] as const));

  it.each(table)('%s from %s', async (action, status) => {
    const e = await expenseIn(status);
    const res = await act(e._id, action);
    const to = allowed[`${action} ${status}`];
    const stored = await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin });
    if (to) {
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(to);
      expect(stored.body.status).toBe(to);
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', error: refusals[action].replace('{s}', names[status]) });
      expect(stored.body.status).toBe(status);
    }
  });
});

it('takes an expense from pending to approved to paid, recording who and when, publishing each step', async () => {
  const e = await createExpense(t, { amount: 80 }, t.tokens.cashier);
  expect((await act(e._id, 'approve', t.tokens.manager)).body.status).toBe('approved');
  expect((await act(e._id, 'pay', t.tokens.manager)).body.status).toBe('paid');

  const got = await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin });
  expect(got.body.statusHistory.map((h: any) => [h.from, h.to, h.changedBy?._id])).toEqual([
    [null, 'pending', TEST_USERS.cashier.id],
    ['pending', 'approved', TEST_USERS.manager.id],
    ['approved', 'paid', TEST_USERS.manager.id],
  ]);
  expect(got.body.statusHistory.every((h: any) => !Number.isNaN(Date.parse(h.changedAt)))).toBe(true);

  const events = (await eventsOf(t, e._id)).filter((x) => x.type === 'dukan.expenses.expense.status-changed.v1');
  expect(events.map((x) => x.data)).toEqual([
    {
      expenseId: e._id,
      expenseNumber: e.expenseNumber,
      from: 'pending',
      to: 'approved',
      reason: null,
      changedBy: TEST_USERS.manager.id,
      amountInBaseCurrencyCents: 8000,
    },
    {
      expenseId: e._id,
      expenseNumber: e.expenseNumber,
      from: 'approved',
      to: 'paid',
      reason: null,
      changedBy: TEST_USERS.manager.id,
      amountInBaseCurrencyCents: 8000,
    },
  ]);
  const audits = await t
    .dataSource()
    .query(
      `SELECT action, actor_id, details->>'from' AS "from", details->>'to' AS "to" FROM audit_log WHERE target_id = $1 AND action <> 'expense.created' ORDER BY id`,
      [e._id],
    );
  expect(audits).toEqual([
    { action: 'expense.approved', actor_id: TEST_USERS.manager.id, from: 'pending', to: 'approved' },
    { action: 'expense.paid', actor_id: TEST_USERS.manager.id, from: 'approved', to: 'paid' },
  ]);
});

describe('rejecting', () => {
  it('needs a reason, and keeps it', async () => {
    const e = await expenseIn('pending');
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      const res = await t.put(`/api/expenses/${e._id}/reject`, body, { token: t.tokens.admin });
      expect(res.status).toBe(400);
      expect(res.body.errors.reason.message).toBe('Please give a reason for rejecting this expense');
    }
    expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.status).toBe('pending');
    const res = await act(e._id, 'reject', t.tokens.manager, { reason: '  No receipt attached  ' });
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'No receipt attached' });
    const [event] = (await eventsOf(t, e._id)).filter((x) => x.type === 'dukan.expenses.expense.status-changed.v1');
    expect(event!.data).toMatchObject({ from: 'pending', to: 'rejected', reason: 'No receipt attached' });
  });
});

describe('deciding on one’s own expense', () => {
  it('is refused to a manager, for approving and rejecting alike, but not for paying', async () => {
    const own = await createExpense(t, {}, t.tokens.manager);
    const approve = await act(own._id, 'approve', t.tokens.manager);
    expect(approve.status).toBe(403);
    expect(approve.body.error).toBe('You cannot approve or reject an expense you recorded yourself');
    expect((await act(own._id, 'reject', t.tokens.manager)).status).toBe(403);
    expect((await act(own._id, 'approve', t.tokens.admin)).status).toBe(200);
    expect((await act(own._id, 'pay', t.tokens.manager)).status).toBe(200);
  });

  it('is allowed to an admin', async () => {
    const own = await createExpense(t, {}, t.tokens.admin);
    expect((await act(own._id, 'approve', t.tokens.admin)).body.status).toBe('approved');
  });
});

describe('edits after a decision', () => {
  it('puts an approved or paid expense back to pending when its amount changes, and says so', async () => {
    for (const status of ['approved', 'paid'] as const) {
      const e = await expenseIn(status);
      const same = await t.put(`/api/expenses/${e._id}`, { ...bodyOf(e), title: 'Renamed' }, { token: t.tokens.manager });
      expect(same.body).toMatchObject({ status, title: 'Renamed' });
      expect(same.body.message).toBeUndefined();

      const res = await t.put(`/api/expenses/${e._id}`, { ...bodyOf(e), amount: 55 }, { token: t.tokens.manager });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'pending',
        amount: 55,
        message: 'The amount changed, so the expense is pending approval again',
      });
      const last = (await eventsOf(t, e._id)).at(-1)!;
      expect(last).toMatchObject({
        type: 'dukan.expenses.expense.status-changed.v1',
        data: { from: status, to: 'pending', amountInBaseCurrencyCents: 5500 },
      });
      const history = (await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.statusHistory;
      expect(history.at(-1)).toMatchObject({ from: status, to: 'pending' });
    }
  });

  it('counts a new rate of an IQD expense as a new amount, but not a rate on a USD one', async () => {
    const iqd = await createExpense(t, { currency: 'IQD', amount: 141_000, exchangeRate: 1410 }, t.tokens.cashier);
    await act(iqd._id, 'approve');
    const rerated = await t.put(`/api/expenses/${iqd._id}`, { ...bodyOf(iqd), exchangeRate: 1500 }, { token: t.tokens.admin });
    expect(rerated.body).toMatchObject({ status: 'pending', amountInBaseCurrency: 94 });
    const usd = await expenseIn('approved');
    const same = await t.put(`/api/expenses/${usd._id}`, { ...bodyOf(usd), exchangeRate: 1500 }, { token: t.tokens.admin });
    expect(same.body.status).toBe('approved');
  });

  it('keeps a rejected expense rejected and editable', async () => {
    const e = await expenseIn('rejected');
    const res = await t.put(`/api/expenses/${e._id}`, { ...bodyOf(e), amount: 12 }, { token: t.tokens.admin });
    expect(res.body).toMatchObject({ status: 'rejected', amount: 12, rejectionReason: 'Duplicate receipt' });
  });
});

it('lets two approvers at once decide only once', async () => {
  const e = await expenseIn('pending');
  const [a, b] = await Promise.all([act(e._id, 'approve', t.tokens.manager), act(e._id, 'reject', t.tokens.admin)]);
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  const history = (await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.statusHistory;
  expect(history).toHaveLength(2);
});

/** The form's body for an expense as the API answered it. */
function bodyOf(e: any): Record<string, unknown> {
  return {
    title: e.title,
    description: e.description ?? undefined,
    category: e.category,
    amount: e.amount,
    currency: e.currency,
    exchangeRate: e.exchangeRate,
    paymentMethod: e.paymentMethod,
    expenseDate: e.expenseDate,
    tags: e.tags,
  };
}
