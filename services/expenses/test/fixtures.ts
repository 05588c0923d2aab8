import { randomUUID } from 'node:crypto';
import type { EventOf, EventSubject } from '@dukan/contracts';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { ExpensesModule, loadExpensesConfig, type Clock } from '@dukan/expenses';

export function startExpenses(o: { env?: Record<string, string>; clock?: Clock } = {}): Promise<ServiceTestApp> {
  return startServiceApp({
    service: 'expenses',
    env: o.env,
    module: (e) => ExpensesModule.register(loadExpensesConfig({ ...e, ...o.env }), { clock: o.clock }),
  });
}

/** An expense as the form sends it (spec part 2 §7), with `over` replacing fields. */
export function expenseBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Generator fuel',
    description: 'Diesel for the shop generator',
    category: 'utilities',
    amount: 42.5,
    currency: 'USD',
    exchangeRate: 1410,
    paymentMethod: 'cash',
    expenseDate: '2026-03-10',
    tags: ['power', 'monthly'],
    ...over,
  };
}

export async function createExpense(t: ServiceTestApp, over: Record<string, unknown> = {}, token = t.tokens.admin): Promise<any> {
  const res = await t.post('/api/expenses', expenseBody(over), { token });
  if (res.status !== 201) throw new Error(`create expense: ${res.status} ${res.text}`);
  return res.body;
}

export async function count(t: ServiceTestApp, sql = 'SELECT count(*)::int AS n FROM expenses'): Promise<number> {
  const [row] = await t.dataSource().query(sql);
  return row.n;
}

/** The events an expense published, oldest first. */
export async function eventsOf(t: ServiceTestApp, expenseId: string): Promise<{ type: string; data: any; actor_id: string | null }[]> {
  return t.dataSource().query(`SELECT type, data, actor_id FROM outbox WHERE data->>'expenseId' = $1 ORDER BY seq`, [expenseId]);
}

export function envelope<S extends EventSubject>(type: S, data: unknown, occurredAt = new Date().toISOString()): EventOf<S> {
  return { id: randomUUID(), type, occurredAt, branchId: 'main', actorId: null, data } as EventOf<S>;
}

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
  set(iso: string): void {
    this.at = new Date(iso);
  }
}
