import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { planOf } from '../src/reports/report-range.policy.js';
import { envelope, startReporting, user } from './fixtures.js';
import { baghdadDay, completedEvent, expected, line, madeSale, refundEvent, voidEvent, type MadeSale } from './report-fixtures.js';

// Fifteen months of a shop (a sale every few days, some refunded, one voided), and reports over random ranges
// compared with the figures worked out sale by sale: the rollups answer a range from whole months and days, or,
// when that reads fewer rows, from the anchored figures up to its end less those before its start; either way the
// same figures.

const CASHIER = randomUUID();
const PRODUCTS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const CUSTOMERS = [randomUUID(), randomUUID(), randomUUID()];
const FIRST = '2025-01-03';
const usd = (cents: number) => cents / 100;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A fixed pseudo-random sequence: the same ranges on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

let t: ServiceTestApp;
let made: MadeSale[];
let last = FIRST;
beforeAll(async () => {
  t = await startReporting();
  await t.bus.publish(
    envelope('dukan.identity.user.created.v1', user({ userId: CASHIER, firstName: 'Dara', lastName: 'Omar', role: 'cashier' })),
  );
  const r = random(7);
  made = [];
  const events = [];
  for (let day = FIRST, i = 0; day <= '2026-04-20'; day = addDays(day, 1 + Math.floor(r() * 6)), i++) {
    const at = `${day}T${String(6 + (i % 12)).padStart(2, '0')}:15:00Z`;
    const lines = [0, 1, 2]
      .filter((k) => (i + k) % 4 !== 3)
      .map((k) => line(PRODUCTS[(i + k) % PRODUCTS.length]!, 1 + ((i + k) % 3), 150 + 25 * k, 90));
    const sale = madeSale(at, CASHIER, i % 5 === 4 ? null : CUSTOMERS[i % CUSTOMERS.length]!, lines);
    made.push(sale);
    events.push(completedEvent(sale));
    last = baghdadDay(at);
    if (i % 7 === 3) events.push(refundEvent(sale, `${addDays(day, 2)}T10:00:00Z`, CASHIER, [{ lineIndex: 0, quantity: 1 }]));
    if (i === 40) events.push(voidEvent(sale, `${day}T20:00:00Z`, CASHIER));
  }
  for (const e of events) await t.bus.publish(e);
  last = [last, ...made.flatMap((m) => m.refunds.map((x) => baghdadDay(x.at)))].sort().at(-1)!;
}, 120_000);
afterAll(() => t.close());

async function report(type: string, start: string, end: string) {
  const res = await t.get(`/api/reports/${type}?${new URLSearchParams({ startDate: start, endDate: end })}`, { token: t.tokens.admin });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Thirty ranges: ragged at both ends, from a few days to nearly the whole history. */
function ranges(): [string, string][] {
  const r = random(11);
  const span = Math.round((Date.parse('2026-04-24') - Date.parse(FIRST)) / 86_400_000); // the history's days (fixed, as the test names)
  return Array.from({ length: 30 }, () => {
    const a = Math.floor(r() * span);
    const b = Math.floor(r() * span);
    return [addDays(FIRST, Math.min(a, b)), addDays(FIRST, Math.max(a, b))];
  });
}

describe('reports over random ranges of a long history', () => {
  it('read many of those ranges from the anchored figures', async () => {
    const [held] = await t.dataSource().query(`SELECT first_anchor::text AS first, last_anchor::text AS last FROM rollup_anchors`);
    const anchored = ranges().filter(([s, e]) => planOf(s, e, FIRST, last, { main: held }, ['main'], true).terms).length;
    expect(anchored).toBeGreaterThanOrEqual(5);
    expect(anchored).toBeLessThan(30);
  });

  it.each(ranges())('%s to %s: the sales report equals the sales, refunds and void made in it', async (start, end) => {
    const want = expected(made, start, end);
    const d = await report('sales', start, end);
    expect(d.summary).toMatchObject({
      totalSales: usd(want.salesCents),
      totalTransactions: want.transactions,
      grossProfit: usd(want.salesCents - want.costCents),
    });
    // A product whose units, money and cost in the range all net to nothing may be left out (all time less the rest).
    const products = [...want.products.entries()]
      .filter(([, p]) => p.quantity !== 0 || p.revenueCents !== 0 || p.costCents !== 0)
      .map(([id, p]) => ({ _id: id, quantity: p.quantity, revenue: usd(p.revenueCents), profit: usd(p.revenueCents - p.costCents) }))
      .sort((x, y) => x._id.localeCompare(y._id));
    const shown = (d.topProducts as { _id: string; quantity: number; revenue: number; profit: number }[])
      .filter((p) => p.quantity !== 0 || p.revenue !== 0 || p.profit !== 0)
      .map(({ _id, quantity, revenue, profit }) => ({ _id, quantity, revenue, profit }))
      .sort((x, y) => x._id.localeCompare(y._id));
    expect(shown).toEqual(products);
  });

  it.each(ranges())('%s to %s: the customer report equals the purchases made in it', async (start, end) => {
    const want = expected(made, start, end);
    const d = await report('customers', start, end);
    const buyers = [...want.customers.entries()].filter(([, c]) => c.purchases > 0);
    expect(
      (d.topCustomers as { _id: string; totalSpent: number; purchaseCount: number }[])
        .map((c) => [c._id, c.totalSpent, c.purchaseCount])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(buyers.map(([id, c]) => [id, usd(c.spentCents), c.purchases]).sort(([a], [b]) => String(a).localeCompare(String(b))));
    expect(d.summary.activeCustomers).toBe(buyers.length);
    // Each buyer's latest purchase in the range: the latest sale of theirs completed in it.
    for (const c of d.topCustomers as { _id: string; lastPurchase: string | null }[]) {
      const times = made
        .filter((m) => m.sale.customerId === c._id && baghdadDay(m.sale.completedAt) >= start && baghdadDay(m.sale.completedAt) <= end)
        .map((m) => new Date(m.sale.completedAt).toISOString())
        .sort();
      expect({ id: c._id, last: c.lastPurchase }).toEqual({ id: c._id, last: times.at(-1) ?? null });
    }
  });
});
