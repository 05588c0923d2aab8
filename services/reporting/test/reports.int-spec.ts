import { usdCentsToIqd } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { startReporting } from './fixtures.js';
import { expected, type MadeSale } from './report-fixtures.js';
import { A, ADMIN, B, C1, C2, C3, P1, P2, P3, publishShop } from './report-shop.js';

let t: ServiceTestApp;
let made: MadeSale[];
beforeAll(async () => {
  t = await startReporting();
  made = await publishShop(t);
}, 60_000);
afterAll(() => t.close());

async function report(type: string, query: Record<string, string> = {}, token = t.tokens.admin) {
  const res = await t.get(`/api/reports/${type}?${new URLSearchParams(query)}`, { token });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${res.text}`);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

const usd = (cents: number) => cents / 100;
const RANGES: [string, string | null, string | null][] = [
  ['9 March', '2026-03-09', '2026-03-09'],
  ['10 March', '2026-03-10', '2026-03-10'],
  ['11 March', '2026-03-11', '2026-03-11'],
  ['12 March', '2026-03-12', '2026-03-12'],
  ['10 to 11 March', '2026-03-10', '2026-03-11'],
  ['March', '2026-03-01', '2026-03-31'],
  ['from 11 March', '2026-03-11', null],
  ['all time', null, null],
];
const query = (start: string | null, end: string | null) => ({ ...(start ? { startDate: start } : {}), ...(end ? { endDate: end } : {}) });

describe('sales report', () => {
  it.each(RANGES)('%s: equals the sales, voids and refunds made, each on its own shop day', async (_name, start, end) => {
    const want = expected(made, start, end);
    const d = await report('sales', query(start, end));
    const paid = (start ?? '') <= '2026-02-15' && (!end || end >= '2026-02-15') ? 90000 : 0;
    const expenses = paid + ((start ?? '') <= '2026-03-11' && (!end || end >= '2026-03-11') ? 4000 : 0);
    expect(d.summary).toEqual({
      totalSales: usd(want.salesCents),
      totalTransactions: want.transactions,
      averageOrderValue: usd(want.transactions > 0 ? Math.round(want.salesCents / want.transactions) : 0),
      grossProfit: usd(want.salesCents - want.costCents),
      expenses: usd(expenses),
      netProfit: usd(want.salesCents - want.costCents - expenses),
    });
    expect(d.salesByDate).toEqual(
      [...want.byDay.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, v]) => ({
          date,
          total: usd(v.salesCents),
          transactions: v.transactions,
          profit: usd(v.salesCents - v.costCents),
        })),
    );
    const products = [...want.products.entries()].map(([id, p]) => ({
      _id: id,
      quantity: p.quantity,
      revenue: usd(p.revenueCents),
      profit: usd(p.revenueCents - p.costCents),
    }));
    const byId = (x: { _id: string }, y: { _id: string }) => x._id.localeCompare(y._id);
    expect(d.topProducts.map(({ _id, quantity, revenue, profit }: any) => ({ _id, quantity, revenue, profit })).sort(byId)).toEqual(
      products.sort(byId),
    );
    const revenues = d.topProducts.map((p: any) => p.revenue);
    expect(revenues).toEqual([...revenues].sort((x: number, y: number) => y - x));
  });

  it('counts a sale at 23:59 in Baghdad on that day and one two minutes later on the next, though both are the same UTC day', async () => {
    const tenth = await report('sales', query('2026-03-10', '2026-03-10'));
    expect(tenth.summary.totalSales).toBe(22.5 + 25); // s1 and s3 (voided only on the 12th)
    expect(tenth.salesByDate).toEqual([{ date: '2026-03-10', total: 47.5, transactions: 2, profit: 47.5 - 6 - 7 - 14 }]);
    const eleventh = await report('sales', query('2026-03-11', '2026-03-11'));
    expect(eleventh.summary.totalTransactions).toBe(3); // s2 at 00:01, s4, s5
  });

  it('names products and answers in the currency asked for: in dinars each dollar sale at its own rate, whoever asks', async () => {
    const d = await report('sales', query('2026-03-10', '2026-03-10'));
    expect(d.topProducts[0]).toMatchObject({ name: { en: 'Coffee, dark', ku: 'قاوە' }, sku: '=HACK()' });
    expect(d).toMatchObject({
      currency: 'USD',
      storeName: 'Dukan Test Shop',
      timeZone: 'Asia/Baghdad',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
    });
    // Every sale was made in dollars at 1450: its dinars, less its refunds' (each at that rate); a void leaves nothing.
    const dinars = made
      .filter((m) => !m.voided)
      .reduce(
        (sum, m) => sum + usdCentsToIqd(m.sale.totalCents, 1450) - m.refunds.reduce((r, x) => r + usdCentsToIqd(x.amountCents, 1450), 0),
        0,
      );
    const cents = expected(made, null, null).salesCents;
    expect(dinars).not.toBe(usdCentsToIqd(cents, 1500));
    const asAdmin = await report('sales', { currency: 'IQD' });
    expect(asAdmin).toMatchObject({ currency: 'IQD', exchangeRate: 1500 });
    expect(asAdmin.summary.totalSales).toBe(dinars);
    const asManager = await report('sales', { currency: 'IQD' }, t.tokens.manager);
    expect(asManager.exchangeRate).toBe(1300);
    expect(asManager.summary.totalSales).toBe(dinars);
  });
});

describe('staff report', () => {
  it('per person: sales, transactions, hours from first to last sale of each day, voids and refunds they made', async () => {
    const want = expected(made, null, null);
    const d = await report('staff');
    const row = (id: string) => d.staffSales.find((s: any) => s._id === id);
    for (const id of [A, B]) {
      const w = want.cashiers.get(id)!;
      expect(row(id)).toMatchObject({
        totalSales: usd(w.salesCents),
        transactionCount: w.transactions,
        hoursWorked: Math.round(w.seconds / 360) / 10,
        averageTicket: usd(w.transactions > 0 ? Math.round(w.salesCents / w.transactions) : 0),
      });
    }
    // 9th 08:00-15:30 UTC; 10th one sale; 11th 00:01-15:00 Baghdad (14 h 59 min)
    expect(row(A)).toMatchObject({ name: 'Sara Ahmed', role: 'cashier', hoursWorked: 22.5 });
    const activity = (id: string) => d.staffActivity.find((s: any) => s._id === id);
    expect(activity(ADMIN)).toMatchObject({ voids: 2, refunds: 0 });
    expect(activity(B)).toMatchObject({ voids: 0, refunds: 1, refundedAmount: 5 });
    expect(activity(A)).toMatchObject({ refunds: 1, refundedAmount: 12.5, daysWorked: 3, firstSale: '2026-03-09T08:00:00.000Z' });
    expect(d.summary.totalSales).toBe(usd(want.salesCents));
    expect(d.summary.totalTransactions).toBe(want.transactions);
    expect(d.activityTimeline.find((x: any) => x.date === '2026-03-09')).toEqual({
      date: '2026-03-09',
      totalSales: 9,
      transactions: 2,
      activeStaff: 2,
    });
  });

  it('lists the expenses dated in the range with who recorded them and their status', async () => {
    const d = await report('staff', query('2026-03-01', '2026-03-31'));
    expect(d.staffExpenses).toEqual([
      expect.objectContaining({
        expenseNumber: 'EXP-2',
        staff: { firstName: 'Karwan', lastName: 'Aziz' },
        type: 'utilities',
        amount: 15,
        date: '2026-03-12',
        status: 'pending',
      }),
      expect.objectContaining({
        expenseNumber: 'EXP-1',
        staff: { firstName: 'Sara', lastName: 'Ahmed' },
        amount: 40,
        date: '2026-03-11',
        status: 'paid',
        description: 'Electricity for the shop',
      }),
    ]);
  });
});

describe('customer report', () => {
  it('purchases per customer in the range, frequency groups, members and points', async () => {
    const want = expected(made, null, null);
    const d = await report('customers');
    expect(d.topCustomers.map((c: any) => [c._id, c.totalSpent, c.purchaseCount])).toEqual(
      [...want.customers.entries()]
        .filter(([, c]) => c.purchases > 0)
        .sort(([, x], [, y]) => y.spentCents - x.spentCents)
        .map(([id, c]) => [id, usd(c.spentCents), c.purchases]),
    );
    expect(d.topCustomers[0]).toMatchObject({
      _id: C1,
      customerName: 'Shilan Karim',
      loyaltyPoints: 120,
      lastPurchase: '2026-03-10T21:01:00.000Z',
    });
    expect(d.purchaseFrequency).toEqual({ oneTime: 1, occasional: 1, regular: 0, frequent: 0 }); // C2 once (the other refunded), C1 three times
    expect(d.summary).toEqual({ totalCustomers: 3, newCustomers: 3, activeCustomers: 2, totalLoyaltyPoints: 1620 });
    expect(d.loyaltyDistribution).toEqual([
      { range: '0', count: 1 },
      { range: '1-99', count: 0 },
      { range: '100-499', count: 1 },
      { range: '500-999', count: 0 },
      { range: '1000+', count: 1 },
    ]);
  });

  it('new customers by shop day: 23:30 in Baghdad is still the 11th, 00:30 the 12th', async () => {
    const d = await report('customers', query('2026-03-11', '2026-03-11'));
    expect(d.summary).toMatchObject({ totalCustomers: 2, newCustomers: 1 });
    expect(d.newCustomersOverTime).toEqual([{ date: '2026-03-11', count: 1 }]);
    const march = await report('customers', query('2026-03-01', '2026-03-31'));
    expect(march.newCustomersOverTime).toEqual([
      { date: '2026-03-01', count: 1 },
      { date: '2026-03-11', count: 1 },
      { date: '2026-03-12', count: 1 },
    ]);
    expect(march.newCustomersInterval).toBe('day');
    // All time: new customers per month, every customer counted.
    const all = await report('customers');
    expect(all.newCustomersInterval).toBe('month');
    expect(all.newCustomersOverTime).toEqual([{ date: '2026-03-01', count: 3 }]);
    void C2;
    void C3;
  });
});

describe('inventory report', () => {
  it('stock as it stands: totals, categories, products by value and low stock', async () => {
    const d = await report('inventory');
    expect(d.summary).toEqual({
      totalProducts: 3,
      totalQuantity: 55,
      totalWeightKg: 0,
      totalInventoryValue: 250 + 62.5,
      totalInventoryCost: 150 + 35,
      lowStockItems: 2,
      outOfStockItems: 1,
    });
    expect(d.categoryInventory).toEqual([
      {
        categoryId: expect.any(String),
        categoryName: { en: 'Drinks', ku: 'خواردنەوە' },
        productCount: 2,
        quantity: 55,
        weightKg: 0,
        value: 312.5,
      },
      { categoryId: null, categoryName: null, productCount: 1, quantity: 0, weightKg: 0, value: 0 },
    ]);
    expect(d.products.map((p: any) => p._id)).toEqual([P1, P2, P3]);
    expect(d.lowStockItems.map((p: any) => [p._id, p.quantity, p.lowStockThreshold])).toEqual([
      [P2, 5, 10],
      [P3, 0, 2],
    ]);
  });

  it('pages and sorts every product, or only the low-stock ones', async () => {
    const page = await t.get('/api/reports/inventory/products?sort=name&order=asc&limit=2&page=2', { token: t.tokens.manager });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      data: [expect.objectContaining({ _id: P1, name: { en: 'Tea', ku: 'چا' } })],
      pagination: { total: 3, page: 2, limit: 2, pages: 2 },
    });
    const low = await t.get('/api/reports/inventory/products?lowStock=true&sort=quantity&order=asc', { token: t.tokens.admin });
    expect(low.body.data.map((p: any) => p._id)).toEqual([P3, P2]);
  });
});

describe('refusals', () => {
  it.each([
    [{ startDate: '2026-02-30' }, 'startDate', 'Please enter a valid date'],
    [{ endDate: 'tomorrow' }, 'endDate', 'Please enter a valid date'],
    [{ startDate: '2026-03-12', endDate: '2026-03-10' }, 'startDate', 'The start date must not be after the end date'],
  ])('%j is refused with 400', async (q, field, message) => {
    const res = await t.get(`/api/reports/sales?${new URLSearchParams(q)}`, { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[field].message).toBe(message);
  });

  it('answers in Kurdish, refuses a cashier and an unknown currency', async () => {
    const ku = await t.get('/api/reports/sales?startDate=2026-03-12&endDate=2026-03-10', {
      token: t.tokens.admin,
      headers: { 'accept-language': 'ku' },
    });
    expect(ku.body.errors.startDate.message).toBe('بەرواری دەستپێک نابێت دوای بەرواری کۆتایی بێت');
    expect((await t.get('/api/reports/sales', { token: t.tokens.cashier })).status).toBe(403);
    expect((await t.get('/api/reports/sales?currency=EUR', { token: t.tokens.admin })).status).toBe(400);
    expect((await t.get('/api/reports/sales?startDate=null&endDate=', { token: t.tokens.admin })).status).toBe(200);
  });
});
