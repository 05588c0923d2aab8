import type { ServiceTestApp } from '@dukan/testing';
import { createExpense, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
const ids: Record<string, string> = {};

/** A small shop's first quarter: 25 expenses over three months, in both currencies, in every status. */
beforeAll(async () => {
  t = await startExpenses();
  const make = async (key: string, over: Record<string, unknown>, status: 'pending' | 'approved' | 'rejected' | 'paid' = 'pending') => {
    const e = await createExpense(t, over, t.tokens.cashier);
    ids[key] = e._id;
    if (status !== 'pending') {
      const first = status === 'rejected' ? 'reject' : 'approve';
      await t.put(`/api/expenses/${e._id}/${first}`, status === 'rejected' ? { reason: 'No receipt' } : undefined, {
        token: t.tokens.admin,
      });
    }
    if (status === 'paid') await t.put(`/api/expenses/${e._id}/paid`, undefined, { token: t.tokens.admin });
  };
  await make(
    'rent',
    {
      title: 'January rent',
      category: 'rent',
      amount: 1_410_000,
      currency: 'IQD',
      exchangeRate: 1410,
      expenseDate: '2026-01-05',
      vendor: { name: 'Azadi Properties' },
    },
    'paid',
  );
  await make('power', { title: 'Generator', category: 'utilities', amount: 120, expenseDate: '2026-01-20', tags: ['power'] }, 'approved');
  await make(
    'ads',
    { title: 'Radio spot', category: 'marketing', amount: 300, expenseDate: '2026-02-14', description: 'Nawroz promotion on Radio Nawa' },
    'rejected',
  );
  await make('shelves', {
    title: 'Shelving',
    category: 'equipment',
    amount: 845.75,
    expenseDate: '2026-02-28',
    vendor: { name: 'Kurdistan Steel' },
  });
  await make('taxi', {
    title: 'Delivery taxi',
    category: 'transportation',
    amount: 14_100,
    currency: 'IQD',
    exchangeRate: 1410,
    expenseDate: '2026-03-01',
    tags: ['delivery', 'Zanko', 'گەیاندن'],
  });
  for (let i = 1; i <= 20; i++) {
    await make(
      `paper${i}`,
      { title: `Receipt paper ${i}`, category: 'supplies', amount: i, expenseDate: `2026-03-${String(i + 1).padStart(2, '0')}` },
      i % 4 === 0 ? 'paid' : 'pending',
    );
  }
}, 60_000);
afterAll(() => t.close());

/** The same filter as SQL, for counting by hand. */
function sqlOf(query: string): string {
  const p = new URLSearchParams(query);
  return [
    p.get('status') && `AND status = '${p.get('status')}'`,
    p.get('category') && `AND category = '${p.get('category')}'`,
    p.get('startDate') && `AND expense_date >= '${p.get('startDate')}'`,
    p.get('endDate') && `AND expense_date <= '${p.get('endDate')}'`,
  ]
    .filter(Boolean)
    .join(' ');
}

async function list(query: string, token = t.tokens.cashier) {
  const res = await t.get(`/api/expenses${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the list', () => {
  it('pages 20 at a time, newest first, with the spec’s pagination', async () => {
    const first = await list('');
    expect(first.pagination).toEqual({ current: 1, pages: 2, total: 25, limit: 20 });
    expect(first.expenses).toHaveLength(20);
    expect(first.expenses[0].title).toBe('Receipt paper 20');
    expect(first.expenses[19].title).toBe('Receipt paper 1');
    const dates = first.expenses.map((e: any) => e.expenseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list('?page=2');
    expect(second.pagination).toEqual({ current: 2, pages: 2, total: 25, limit: 20 });
    expect(second.expenses.map((e: any) => e.title)).toEqual(['Delivery taxi', 'Shelving', 'Radio spot', 'Generator', 'January rent']);
    expect((await list('?page=3')).expenses).toEqual([]);
    expect((await list('?limit=5&page=5')).pagination).toEqual({ current: 5, pages: 5, total: 25, limit: 5 });
  });

  it.each([
    ['title', 'radio', ['ads']],
    ['vendor', 'kurdistan steel', ['shelves']],
    ['description', 'NAWROZ', ['ads']],
    ['tag', 'zanko', ['taxi']],
    ['tag typed on an Arabic keyboard', 'گهياندن', ['taxi']],
    ['a literal % sign', '%', []],
  ])('searches by %s', async (_what, term, keys) => {
    const body = await list(`?search=${encodeURIComponent(term)}`);
    expect(body.expenses.map((e: any) => e._id).sort()).toEqual(keys.map((k) => ids[k]).sort());
  });

  it('searches by expense number', async () => {
    const rent = (await t.get(`/api/expenses/${ids.rent}`, { token: t.tokens.admin })).body;
    const body = await list(`?search=${rent.expenseNumber.toLowerCase()}`);
    expect(body.expenses.map((e: any) => e._id)).toEqual([ids.rent]);
  });

  it('filters by category, status and dates, together', async () => {
    expect((await list('?category=supplies')).pagination.total).toBe(20);
    expect((await list('?status=paid')).expenses.map((e: any) => e.title).sort()).toEqual(
      ['January rent', 'Receipt paper 12', 'Receipt paper 16', 'Receipt paper 20', 'Receipt paper 4', 'Receipt paper 8'].sort(),
    );
    expect((await list('?status=rejected')).expenses.map((e: any) => e._id)).toEqual([ids.ads]);
    const feb = await list('?startDate=2026-02-01&endDate=2026-02-28');
    expect(feb.expenses.map((e: any) => e._id)).toEqual([ids.shelves, ids.ads]);
    expect((await list('?startDate=2026-03-20')).pagination.total).toBe(2); // 19th and 20th paper, dated 20th and 21st
    const combined = await list('?category=supplies&status=pending&startDate=2026-03-05&endDate=2026-03-10&search=paper');
    expect(combined.expenses.map((e: any) => e.title)).toEqual([
      'Receipt paper 9',
      'Receipt paper 7',
      'Receipt paper 6',
      'Receipt paper 5',
    ]);
    expect((await list('?category=&status=&search=')).pagination.total).toBe(25); // empty filters are no filters
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?limit=0', 'limit'],
    ['?limit=5000', 'limit'],
    ['?category=food', 'category'],
    ['?status=done', 'status'],
    ['?startDate=2026-13-01', 'startDate'],
    ['?endDate=yesterday', 'endDate'],
    ['?startDate=2026-03-01&endDate=2026-02-01', 'startDate'],
    ['?sort=amount', 'sort'],
  ])('refuses %s', async (query, field) => {
    const res = await t.get(`/api/expenses${query}`, { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('shows each card the creator’s name and the amounts in both currencies', async () => {
    const [taxi] = (await list('?search=taxi')).expenses;
    expect(taxi).toMatchObject({
      amount: 14_100,
      currency: 'IQD',
      amountInBaseCurrency: 10,
      createdBy: { firstName: 'cashier', lastName: '' },
    });
  });
});

describe('the summary', () => {
  /** The same totals straight from the table: the figure the summary must equal. */
  async function direct(where: string, params: unknown[] = []) {
    return t.dataSource().query(
      `SELECT status, category, to_char(expense_date, 'YYYY-MM') AS month, count(*)::int AS n, sum(base_cents)::int AS cents
         FROM expenses WHERE deleted_at IS NULL ${where} GROUP BY 1, 2, 3`,
      params,
    ) as Promise<{ status: string; category: string; month: string; n: number; cents: number }[]>;
  }

  function expected(rows: { status: string; category: string; month: string; n: number; cents: number }[]) {
    const spent = rows.filter((r) => r.status !== 'rejected');
    const sum = (rs: typeof rows) => rs.reduce((a, r) => a + r.cents, 0) / 100;
    const n = (rs: typeof rows) => rs.reduce((a, r) => a + r.n, 0);
    const statuses = ['pending', 'approved', 'rejected', 'paid'];
    const categories = [...new Set(spent.map((r) => r.category))];
    const months = [...new Set(spent.map((r) => r.month))].sort();
    return {
      total: sum(spent),
      count: n(spent),
      byStatus: Object.fromEntries(
        statuses.map((s) => [s, { count: n(rows.filter((r) => r.status === s)), total: sum(rows.filter((r) => r.status === s)) }]),
      ),
      counts: Object.fromEntries(statuses.map((s) => [s, n(rows.filter((r) => r.status === s))])),
      byCategory: expect.arrayContaining(
        categories.map((c) => ({
          category: c,
          count: n(spent.filter((r) => r.category === c)),
          total: sum(spent.filter((r) => r.category === c)),
        })),
      ),
      byMonth: months.map((m) => ({
        month: m,
        count: n(spent.filter((r) => r.month === m)),
        total: sum(spent.filter((r) => r.month === m)),
      })),
    };
  }

  it('equals a direct sum of the table over all time', async () => {
    const res = await t.get('/api/expenses/summary', { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startDate: null, endDate: null, ...expected(await direct('')) });
    // Spot check by hand: rent $1000 paid, generator $120 approved, the radio spot rejected and left out of the total.
    expect(res.body.byStatus.rejected).toEqual({ count: 1, total: 300 });
    expect(res.body.byCategory.find((c: any) => c.category === 'marketing')).toBeUndefined();
    expect(res.body.byCategory[0]).toEqual({ category: 'rent', count: 1, total: 1000 });
    expect(res.body.total).toBe(1000 + 120 + 845.75 + 10 + 210);
  });

  it('equals a direct sum over a date range', async () => {
    const res = await t.get('/api/expenses/summary?startDate=2026-02-01&endDate=2026-03-10', { token: t.tokens.cashier });
    expect(res.body).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-03-10',
      ...expected(await direct(`AND expense_date BETWEEN '2026-02-01' AND '2026-03-10'`)),
    });
    expect(res.body.byMonth.map((m: any) => m.month)).toEqual(['2026-02', '2026-03']);
  });

  it('follows an approval, an edit of day, category and amount, and a deletion at once', async () => {
    const before = (await t.get('/api/expenses/summary', { token: t.tokens.cashier })).body;
    await t.put(`/api/expenses/${ids.paper1}/approve`, undefined, { token: t.tokens.admin });
    await t.delete(`/api/expenses/${ids.paper2}`, { token: t.tokens.admin });
    const moved = { title: 'Receipt paper 3', category: 'office', amount: 30, paymentMethod: 'cash', expenseDate: '2026-01-15' };
    expect((await t.put(`/api/expenses/${ids.paper3}`, moved, { token: t.tokens.admin })).status).toBe(200);
    const after = (await t.get('/api/expenses/summary', { token: t.tokens.cashier })).body;
    expect(after.counts.pending).toBe(before.counts.pending - 2);
    expect(after.counts.approved).toBe(before.counts.approved + 1);
    expect(after.total).toBe(before.total - 2 - 3 + 30);
    expect(after).toMatchObject(expected(await direct('')));
    const january = (await t.get('/api/expenses/summary?startDate=2026-01-01&endDate=2026-01-31', { token: t.tokens.cashier })).body;
    expect(january).toMatchObject(expected(await direct(`AND expense_date BETWEEN '2026-01-01' AND '2026-01-31'`)));
    // The list's counts agree with the table too.
    for (const query of [
      '',
      '?status=pending',
      '?category=office',
      '?startDate=2026-01-01&endDate=2026-01-31',
      '?status=approved&category=utilities',
    ]) {
      const [row] = await t.dataSource().query(`SELECT count(*)::int AS n FROM expenses WHERE deleted_at IS NULL ${sqlOf(query)}`);
      expect({ query, total: (await list(query)).pagination.total }).toEqual({ query, total: row.n });
    }
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await t.get('/api/expenses/summary?startDate=2026-03-01&endDate=2026-01-01', { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(res.body.errors.startDate.message).toBe('The start date must not be after the end date');
  });
});
