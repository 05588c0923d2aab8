import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import { findNats, startServiceApp, TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { ExpensesModule, loadExpensesConfig } from '@dukan/expenses';
import { createExpense } from './fixtures.js';

const nats = await findNats();

const SUBJECTS: EventSubject[] = [
  'dukan.expenses.expense.created.v1',
  'dukan.expenses.expense.updated.v1',
  'dukan.expenses.expense.status-changed.v1',
  'dukan.expenses.expense.deleted.v1',
];

/** What reporting hears: the expense events as they leave through JetStream, in the cluster shape. */
(nats ? describe : describe.skip)('expense events over NATS JetStream', () => {
  let t: ServiceTestApp;
  const heard: EventEnvelope[] = [];
  beforeAll(async () => {
    t = await startServiceApp({ service: 'expenses', bus: 'nats', module: (e) => ExpensesModule.register(loadExpensesConfig(e)) });
    await t.bus.watch(SUBJECTS, (event) => heard.push(event));
  });
  afterAll(() => t.close());

  async function eventsOf(id: string, n: number): Promise<EventEnvelope[]> {
    const until = Date.now() + 10_000;
    const mine = () => heard.filter((e) => (e.data as { expenseId: string }).expenseId === id);
    while (mine().length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    return mine();
  }

  it('publishes created, status-changed (approved, then paid) and deleted, each once, with who did it', async () => {
    const e = await createExpense(t, { amount: 25 }, t.tokens.cashier);
    expect((await t.put(`/api/expenses/${e._id}/approve`, undefined, { token: t.tokens.manager })).status).toBe(200);
    expect((await t.put(`/api/expenses/${e._id}/paid`, undefined, { token: t.tokens.manager })).status).toBe(200);
    expect((await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.admin })).status).toBe(200);
    const events = await eventsOf(e._id, 4);
    expect(events.map((x) => [x.type, x.actorId])).toEqual([
      ['dukan.expenses.expense.created.v1', TEST_USERS.cashier.id],
      ['dukan.expenses.expense.status-changed.v1', TEST_USERS.manager.id],
      ['dukan.expenses.expense.status-changed.v1', TEST_USERS.manager.id],
      ['dukan.expenses.expense.deleted.v1', TEST_USERS.admin.id],
    ]);
    expect(events[2]!.data).toMatchObject({ from: 'approved', to: 'paid', amountInBaseCurrencyCents: 2500 });
    expect(events.every((x) => x.branchId === 'main')).toBe(true);
  });
});
