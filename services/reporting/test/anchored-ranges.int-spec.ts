import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { planOf, type HeldAnchors } from '../src/reports/report-range.policy.js';
import { envelope, startReporting, user } from './fixtures.js';
import { baghdadDay, completedEvent, expected, line, madeSale, refundEvent, voidEvent, type MadeSale } from './report-fixtures.js';

// Two branches selling for fourteen months, in dollars and in dinars, with refunds and a void; reports over uneven
// ranges (partial months at both ends) are read from the anchored cumulative rollups (two prefixes and the days at
// the ends) and must equal the sales summed one by one: for the chain and for each branch, before and after more
// events arrive (new anchors reached, a sale made offline months ago and sent late, a refund today of an old sale).

const CASHIER = randomUUID();
const PRODUCTS = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const CUSTOMERS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const FIRST = '2025-01-04';
const RATE = 1500; // dollars at 1500: a cent is exactly 15 dinars
const usd = (cents: number) => cents / 100;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

let t: ServiceTestApp;
const made: MadeSale[] = [];
const r = random(23);

/** A sale in branch a or b, in dollars or (every third) in dinars, some refunded two days later, one voided. */
function history(from: string, to: string, start: number): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  for (let day = from, i = start; day <= to; day = addDays(day, 1 + Math.floor(r() * 4)), i++) {
    const at = `${day}T${String(6 + (i % 12)).padStart(2, '0')}:20:00Z`;
    const lines = [0, 1, 2]
      .filter((k) => (i + k) % 4 !== 3)
      .map((k) => line(PRODUCTS[(i * 2 + k) % PRODUCTS.length]!, 1 + ((i + k) % 3), 150 + 30 * k, 90 + k));
    const m = madeSale(at, CASHIER, i % 5 === 4 ? null : CUSTOMERS[i % CUSTOMERS.length]!, lines);
    m.sale.branchId = i % 3 === 1 ? 'b' : 'a';
    m.sale.exchangeRate = RATE;
    if (i % 3 === 2) dinars(m);
    made.push(m);
    events.push({ ...completedEvent(m), branchId: m.sale.branchId });
    if (i % 3 !== 2 && i % 6 === 3) events.push(refund(m, `${addDays(day, 2)}T10:00:00Z`));
    if (i === start + 17) events.push(voidEvent(m, `${day}T20:00:00Z`, CASHIER));
  }
  return events;
}

/** One unit of the sale's first line brought back, at the sale's rate. */
function refund(m: MadeSale, at: string): EventEnvelope {
  const e = refundEvent(m, at, CASHIER, [{ lineIndex: 0, quantity: 1 }]);
  return { ...e, data: { ...e.data, exchangeRate: RATE } };
}

/** The sale made in dinars at RATE: its own figures whole dinars (its dollars are exact at 1500 a dollar). */
function dinars(m: MadeSale): void {
  m.sale.currency = 'IQD';
  for (const l of m.sale.lines) Object.assign(l, { unitPriceMinor: l.unitPriceCents * 15, subtotalMinor: l.subtotalCents * 15 });
  Object.assign(m.sale, {
    subtotalMinor: m.sale.subtotalCents * 15,
    discountMinor: 0,
    loyaltyDiscountMinor: 0,
    taxMinor: 0,
    totalMinor: m.sale.totalCents * 15,
    tenders: [{ method: 'cash', currency: 'IQD', amountMinor: m.sale.totalCents * 15 }],
    change: { currency: 'IQD', amountMinor: 0 },
  });
}

async function publish(events: EventEnvelope[]) {
  for (const e of events) await t.bus.publish(e);
}

beforeAll(async () => {
  t = await startReporting();
  await t.bus.publish(
    envelope('dukan.identity.user.created.v1', user({ userId: CASHIER, firstName: 'Dara', lastName: 'Omar', role: 'cashier' })),
  );
  await publish(history(FIRST, '2025-11-18', 0));
}, 120_000);
afterAll(() => t.close());

async function report(type: string, start: string, end: string, branch?: string, currency = 'USD') {
  const q = new URLSearchParams({ startDate: start, endDate: end, currency, ...(branch ? { branch } : {}) });
  const res = await t.get(`/api/reports/${type}?${q}`, { token: t.tokens.admin });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Twenty ranges ragged at both ends, from a few days to nearly all of `[from, to]`. */
function ranges(seed: number, from: string, to: string): [string, string][] {
  const g = random(seed);
  const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  return Array.from({ length: 20 }, () => {
    const a = Math.floor(g() * span);
    const b = Math.floor(g() * span);
    return [addDays(from, Math.min(a, b)), addDays(from, Math.max(a, b))];
  });
}

/** The dinars of what was sold in [start, end]: each sale's own dinars on its day, less its refunds' (at 1500) on theirs. */
function expectedDinars(sales: MadeSale[], start: string, end: string): number {
  const inRange = (at: string) => baghdadDay(at) >= start && baghdadDay(at) <= end;
  let total = 0;
  for (const m of sales) {
    const own = m.sale.totalCents * 15;
    if (inRange(m.sale.completedAt)) total += own;
    for (const x of m.refunds) if (inRange(x.at)) total -= x.amountCents * 15;
    if (m.voided && inRange(m.voided.at)) total -= own - m.refunds.reduce((s, x) => s + x.amountCents * 15, 0);
  }
  return total;
}

async function compare(start: string, end: string) {
  for (const branch of [undefined, 'a', 'b']) {
    const sales = made.filter((m) => !branch || m.sale.branchId === branch);
    const want = expected(sales, start, end);
    const d = await report('sales', start, end, branch);
    const label = `${branch ?? 'chain'} ${start}..${end}`;
    expect({ label, ...d.summary }).toMatchObject({
      label,
      totalSales: usd(want.salesCents),
      totalTransactions: want.transactions,
      grossProfit: usd(want.salesCents - want.costCents),
    });
    const products = [...want.products.entries()]
      .filter(([, p]) => p.quantity !== 0 || p.revenueCents !== 0 || p.costCents !== 0)
      .map(([id, p]) => ({ _id: id, quantity: p.quantity, revenue: usd(p.revenueCents), profit: usd(p.revenueCents - p.costCents) }))
      .sort((x, y) => x._id.localeCompare(y._id));
    const shown = (d.topProducts as { _id: string; quantity: number; revenue: number; profit: number }[])
      .map(({ _id, quantity, revenue, profit }) => ({ _id, quantity, revenue, profit }))
      .sort((x, y) => x._id.localeCompare(y._id));
    expect({ label, products: shown }).toEqual({ label, products });
    // In dinars: each sale's own dinars, never converted at today's rate.
    const iqd = await report('sales', start, end, branch, 'IQD');
    expect({ label, dinars: iqd.summary.totalSales }).toEqual({ label, dinars: expectedDinars(sales, start, end) });
    const c = await report('customers', start, end, branch);
    const buyers = [...want.customers.entries()].filter(([, k]) => k.purchases > 0);
    expect({
      label,
      customers: (c.topCustomers as { _id: string; totalSpent: number; purchaseCount: number; lastPurchase: string | null }[])
        .map((k) => [k._id, k.totalSpent, k.purchaseCount, k.lastPurchase])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    }).toEqual({
      label,
      customers: buyers
        .map(([id, k]) => {
          const times = sales
            .filter((m) => m.sale.customerId === id && baghdadDay(m.sale.completedAt) >= start && baghdadDay(m.sale.completedAt) <= end)
            .map((m) => new Date(m.sale.completedAt).toISOString())
            .sort();
          return [id, usd(k.spentCents), k.purchases, times.at(-1) ?? null];
        })
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    });
  }
}

async function heldAnchors(): Promise<Record<string, HeldAnchors>> {
  const rows = (await t
    .dataSource()
    .query(`SELECT branch_id, first_anchor::text AS first, last_anchor::text AS last FROM rollup_anchors`)) as {
    branch_id: string;
    first: string;
    last: string;
  }[];
  return Object.fromEntries(rows.map((x) => [x.branch_id, { first: x.first, last: x.last }]));
}

describe('reports over uneven ranges from the anchored rollups', () => {
  it('holds anchors from the first figures to the last in each branch, and reads most long ranges from them', async () => {
    const anchors = await heldAnchors();
    expect(anchors).toEqual({ a: { first: '2025-01-01', last: '2025-11-11' }, b: { first: '2025-01-01', last: '2025-11-11' } });
    const last = '2025-11-20'; // the last refund
    const anchored = ranges(5, FIRST, '2025-11-18').filter(([s, e]) => planOf(s, e, FIRST, last, anchors, ['a', 'b'], true).terms);
    expect(anchored.length).toBeGreaterThanOrEqual(8);
  });

  it.each(ranges(5, FIRST, '2025-11-18'))('%s to %s: equal to the sales one by one, in the chain and each branch', async (start, end) => {
    await compare(start, end);
  });

  describe('after more events', () => {
    beforeAll(async () => {
      // Four more months (new anchors), a sale made offline in June and sent now, and today a refund of an old sale.
      const more = history('2025-11-19', '2026-03-14', 1000);
      const late = madeSale('2025-06-16T08:00:00Z', CASHIER, CUSTOMERS[0]!, [line(PRODUCTS[0]!, 4, 175, 95)]);
      late.sale.branchId = 'b';
      late.sale.exchangeRate = RATE;
      made.push(late);
      const old = made.find((m) => m.sale.currency === 'USD' && !m.voided && m.refunds.length === 0 && m.sale.branchId === 'a')!;
      await publish([...more, { ...completedEvent(late), branchId: 'b' }, refund(old, '2026-03-15T09:00:00Z')]);
    }, 120_000);

    it('carried both branches to the new anchors', async () => {
      expect(await heldAnchors()).toEqual({
        a: { first: '2025-01-01', last: '2026-03-11' },
        b: { first: '2025-01-01', last: '2026-03-11' },
      });
    });

    it.each(ranges(9, FIRST, '2026-03-15'))('%s to %s: still equal to the sales one by one', async (start, end) => {
      await compare(start, end);
    });
  });
});
