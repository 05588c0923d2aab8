// A cash-out taken from a register's drawer and marked as an expense: recorded once as a paid cash expense, in the
// drawer's currency and branch, however often the event arrives; other cash movements record nothing.
import type { ShiftCashMovedData } from '@dukan/contracts';
import { TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { count, envelope, eventsOf, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startExpenses();
});
afterAll(() => t.close());

const movement = (over: Partial<ShiftCashMovedData> = {}): ShiftCashMovedData => ({
  movementId: '00000000-0000-4000-8000-00000000c0c0',
  shiftId: '00000000-0000-4000-8000-00000000c0c1',
  branchId: 'main',
  register: 'till-1',
  kind: 'cash_out',
  currency: 'IQD',
  amountMinor: 25_000,
  reason: 'Generator fuel',
  asExpense: true,
  createdBy: TEST_USERS.cashier.id,
  createdByUsername: 'cashier',
  createdAt: '2026-03-10T09:30:00Z',
  ...over,
});

it('records a cash-out marked as an expense once, paid in cash, in dinars as taken from the drawer', async () => {
  const before = await count(t);
  const event = envelope('dukan.sales.shift.cash-moved.v1', movement());
  await t.bus.publish(event);
  await t.bus.publish(event);
  // The same movement again under another event id (a republished outbox) still makes one expense.
  await t.bus.publish(envelope('dukan.sales.shift.cash-moved.v1', movement()));
  expect(await count(t)).toBe(before + 1);

  const expense = (await t.get(`/api/expenses/${movement().movementId}`, { token: t.tokens.admin })).body;
  expect(expense).toMatchObject({
    title: 'Generator fuel',
    description: 'Paid from the drawer (register till-1): Generator fuel',
    amount: 25_000,
    currency: 'IQD',
    paymentMethod: 'cash',
    status: 'paid',
    expenseDate: '2026-03-10',
    createdBy: expect.objectContaining({ _id: TEST_USERS.cashier.id }),
  });
  expect((await eventsOf(t, movement().movementId)).map((e) => e.type)).toEqual(['dukan.expenses.expense.created.v1']);
});

it('records nothing for cash put in, or a cash-out not marked as an expense', async () => {
  const before = await count(t);
  await t.bus.publish(
    envelope(
      'dukan.sales.shift.cash-moved.v1',
      movement({ movementId: '00000000-0000-4000-8000-00000000c0c2', kind: 'cash_in', asExpense: false }),
    ),
  );
  await t.bus.publish(
    envelope('dukan.sales.shift.cash-moved.v1', movement({ movementId: '00000000-0000-4000-8000-00000000c0c3', asExpense: false })),
  );
  expect(await count(t)).toBe(before);
});
