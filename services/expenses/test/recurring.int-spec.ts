import { createTestDatabase, type ServiceTestApp, type TestDatabase } from '@dukan/testing';
import { RecurringExpenses } from '@dukan/expenses';
import { createExpense, startExpenses, TestClock } from './fixtures.js';

/**
 * A simulated January in a shop in Baghdad (UTC+3). The service runs alone until the 14th, is down from the
 * 15th to the 17th, comes back on the 18th, and from then on runs as two processes on the same database,
 * both sweeping at the same moment every day. Every due day must get its occurrence exactly once.
 */
let db: TestDatabase;
const clock = new TestClock(new Date('2026-01-01T06:00:00Z'));
const apps: ServiceTestApp[] = [];

function start(): Promise<ServiceTestApp> {
  // A sweep timer that never fires during the test: the test sweeps by hand, as the timer would.
  return startExpenses({ env: { DATABASE_URL: db.url, RECURRING_SWEEP_MS: '3600000' }, clock }).then((t) => (apps.push(t), t));
}

const sweep = (t: ServiceTestApp) => t.app.get(RecurringExpenses, { strict: false }).runDue();
/** 09:00 in Baghdad on a January day. */
const morning = (day: number) => `2026-01-${String(day).padStart(2, '0')}T06:00:00Z`;

beforeAll(async () => {
  db = await createTestDatabase('expenses_recurring');
});
afterAll(async () => {
  for (const t of apps) await t.close().catch(() => undefined);
  await db.drop();
});

async function occurrences(t: ServiceTestApp, sourceId: string): Promise<string[]> {
  const found = await t
    .dataSource()
    .query(`SELECT occurrence_date::text AS day FROM expenses WHERE recurrence_source_id = $1 ORDER BY occurrence_date`, [sourceId]);
  return found.map((r: { day: string }) => r.day);
}

const january = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => `2026-01-${String(from + i * step).padStart(2, '0')}`);

it('creates each due occurrence exactly once over a month, across a stop and two processes', async () => {
  const first = await start();
  const daily = await createExpense(
    first,
    {
      title: 'Cleaner',
      amount: 15_000,
      currency: 'IQD',
      exchangeRate: 1500,
      expenseDate: '2026-01-01',
      paymentMethod: 'cash',
      recurring: { isRecurring: true, frequency: 'daily', nextDueDate: '2026-01-02', endDate: '2026-01-31' },
    },
    first.tokens.manager,
  );
  const weekly = await createExpense(first, {
    title: 'Staff bread',
    amount: 6,
    expenseDate: '2026-01-01',
    recurring: { isRecurring: true, frequency: 'weekly' },
  });
  const monthly = await createExpense(first, {
    title: 'Rent',
    category: 'rent',
    amount: 700,
    expenseDate: '2025-12-31',
    recurring: { isRecurring: true, frequency: 'monthly' },
  });
  const dropped = await createExpense(first, {
    title: 'Cancelled plan',
    amount: 1,
    expenseDate: '2026-01-01',
    recurring: { isRecurring: true, frequency: 'daily' },
  });
  expect(weekly.recurring).toEqual({ isRecurring: true, frequency: 'weekly', nextDueDate: '2026-01-08', endDate: null });
  expect(monthly.recurring.nextDueDate).toBe('2026-01-31');

  // Days 1-14: one process; the 5th is swept three times; the plan dropped on the 3rd creates nothing after.
  for (let day = 1; day <= 14; day++) {
    clock.set(morning(day));
    await sweep(first);
    if (day === 5) await Promise.all([sweep(first), sweep(first)]);
    if (day === 3) expect((await first.delete(`/api/expenses/${dropped._id}`, { token: first.tokens.admin })).status).toBe(200);
    expect(await occurrences(first, daily._id)).toEqual(day >= 2 ? january(2, day) : []);
  }
  expect(await occurrences(first, dropped._id)).toEqual(january(2, 3));

  // Late on the 14th nothing new; just after midnight in Baghdad (21:00 UTC) the 15th is due.
  clock.set('2026-01-14T20:59:00Z');
  await sweep(first);
  expect((await occurrences(first, daily._id)).at(-1)).toBe('2026-01-14');
  await first.close();

  // Down on the 15th, 16th and 17th; back on the 18th, when starting up catches up on all four days.
  clock.set(morning(18));
  const second = await start();
  expect(await occurrences(second, daily._id)).toEqual(january(2, 18));
  expect(await occurrences(second, weekly._id)).toEqual(['2026-01-08', '2026-01-15']);

  // From the 18th: two processes, sweeping at the same moment every morning.
  const third = await start();
  for (let day = 18; day <= 31; day++) {
    clock.set(morning(day));
    const created = await Promise.all([sweep(second), sweep(third)]);
    expect(await occurrences(second, daily._id)).toEqual(january(2, day));
    // Between them, the day's own occurrences (the 18th was caught up at start): daily, weekly on the 22nd and 29th, the rent.
    expect(created[0] + created[1]).toBe(day === 18 ? 0 : 1 + (day % 7 === 1 ? 1 : 0) + (day === 31 ? 1 : 0));
  }
  clock.set('2026-02-03T06:00:00Z');
  await Promise.all([sweep(second), sweep(third)]);

  expect(await occurrences(second, daily._id)).toEqual(january(2, 31)); // nothing after its end date
  expect(await occurrences(second, weekly._id)).toEqual(january(8, 29, 7));
  expect(await occurrences(second, monthly._id)).toEqual(['2026-01-31']);

  // Each occurrence is a pending copy, dated its day, recorded for whoever recorded the schedule, and published once.
  const copies = await second.get(`/api/expenses?search=cleaner&limit=100`, { token: second.tokens.admin });
  expect(copies.body.pagination.total).toBe(31); // the schedule and its 30 occurrences
  const copy = copies.body.expenses.find((e: any) => e.expenseDate === '2026-01-20');
  expect(copy).toMatchObject({
    title: 'Cleaner',
    amount: 15_000,
    currency: 'IQD',
    exchangeRate: 1500,
    amountInBaseCurrency: 10,
    status: 'pending',
    recurring: null,
    recurrenceOf: { _id: daily._id, expenseNumber: daily.expenseNumber, occurrenceDate: '2026-01-20' },
    createdBy: { _id: daily.createdBy._id },
  });
  const [published] = await second.dataSource().query(
    `SELECT count(*)::int AS events, count(DISTINCT data->>'expenseId')::int AS expenses FROM outbox
      WHERE type = 'dukan.expenses.expense.created.v1' AND data->>'title' = 'Cleaner'`,
  );
  expect(published).toEqual({ events: 31, expenses: 31 });
  expect((await second.get(`/api/expenses/${daily._id}`, { token: second.tokens.admin })).body.recurring.nextDueDate).toBe('2026-02-01');
  // The summary counts every occurrence (its totals follow the inserts in the database).
  const [direct] = await second
    .dataSource()
    .query(`SELECT count(*)::int AS n, sum(base_cents)::int AS cents FROM expenses WHERE deleted_at IS NULL`);
  const summary = (await second.get('/api/expenses/summary', { token: second.tokens.admin })).body;
  expect([summary.count, Math.round(summary.total * 100)]).toEqual([direct.n, direct.cents]);

  // The guarantee is the database's: a second copy for a day is refused even when written by hand.
  await expect(
    second.dataSource().query(
      `INSERT INTO expenses (branch_id, title, category, amount_minor, currency, exchange_rate, base_cents, payment_method, expense_date,
       recurrence_source_id, occurrence_date, created_by, created_by_username)
     SELECT branch_id, title, category, amount_minor, currency, exchange_rate, base_cents, payment_method, '2026-01-20', id, '2026-01-20',
       created_by, created_by_username FROM expenses WHERE id = $1`,
      [daily._id],
    ),
  ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'expenses_one_occurrence' } });
}, 60_000);

it('keeps the schedule where it stands when an edit leaves it as it is, and restarts it when it changes', async () => {
  const t = apps.at(-1)!;
  clock.set(morning(10));
  const e = await createExpense(t, {
    title: 'Water',
    amount: 3,
    expenseDate: '2026-01-01',
    recurring: { isRecurring: true, frequency: 'daily', nextDueDate: '2026-01-02' },
  });
  await sweep(t);
  const body = { title: 'Water delivery', category: 'utilities', amount: 3, paymentMethod: 'cash', expenseDate: '2026-01-01' };
  const same = await t.put(
    `/api/expenses/${e._id}`,
    { ...body, recurring: { isRecurring: true, frequency: 'daily' } },
    { token: t.tokens.admin },
  );
  expect(same.body.recurring.nextDueDate).toBe('2026-01-11');
  const weekly = await t.put(
    `/api/expenses/${e._id}`,
    { ...body, recurring: { isRecurring: true, frequency: 'weekly', nextDueDate: '2026-01-17' } },
    { token: t.tokens.admin },
  );
  expect(weekly.body.recurring).toEqual({ isRecurring: true, frequency: 'weekly', nextDueDate: '2026-01-17', endDate: null });
  const stopped = await t.put(`/api/expenses/${e._id}`, body, { token: t.tokens.admin });
  expect(stopped.body.recurring).toBeNull();
  clock.set(morning(31));
  await sweep(t);
  expect(await occurrences(t, e._id)).toEqual(january(2, 10));

  // An occurrence cannot start a schedule of its own.
  const [occurrence] = (await t.get(`/api/expenses?search=water&startDate=2026-01-05&endDate=2026-01-05`, { token: t.tokens.admin })).body
    .expenses;
  const res = await t.put(
    `/api/expenses/${occurrence._id}`,
    { ...body, expenseDate: '2026-01-05', recurring: { isRecurring: true, frequency: 'daily' } },
    { token: t.tokens.admin },
  );
  expect(res.status).toBe(400);
  expect(res.body.errors['recurring.isRecurring'].message).toBe(
    'This expense was created by a recurring expense; change the schedule on that one',
  );
}, 30_000);
