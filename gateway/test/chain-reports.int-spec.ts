import { createAllInOneApp } from '@dukan/gateway';
import { eventually, type HttpClient, startApp } from '@dukan/testing';
import { startClusterShape } from './cluster-shape.js';

// A chain of three branches: the dashboard and the reports show the whole chain (an admin), the sum of a
// manager's branches, or one branch (?branch=); nobody reads a branch they may not use, and a branch that does
// not exist is refused, in a view as in the branch a request acts in (X-Dukan-Branch).

interface Shop extends HttpClient {
  adminToken: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const SHAPES: [string, () => Promise<Shop>][] = [
  ['cluster', () => startClusterShape()],
  ['all-in-one', () => startApp(createAllInOneApp)],
];

const SOLD = { a: 2, b: 3, c: 4 } as const; // units of a $2.50 product sold in each branch
type Branch = keyof typeof SOLD;
const BRANCHES = Object.keys(SOLD) as Branch[];

describe.each(SHAPES)('chain-wide dashboard and reports (%s)', (_shape, start) => {
  let c: Shop;
  let manager = '';
  let productId = '';
  const as = (token: string, opts: { acting?: string; language?: string } = {}) => ({
    token,
    headers: { 'accept-language': opts.language ?? 'en', ...(opts.acting && { 'x-dukan-branch': opts.acting }) },
  });
  const view = (branch?: string) => (branch ? `?branch=${branch}` : '');
  const salesReport = async (token: string, branch?: string) => {
    const res = await c.get(`/api/reports/sales${view(branch)}`, as(token));
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    c = await start();
    for (const id of BRANCHES) {
      expect(
        (await c.post('/api/settings/branches', { _id: id, name: `Branch ${id.toUpperCase()}`, registers: ['main'] }, as(c.adminToken)))
          .status,
      ).toBe(201);
    }
    const category = await c.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, as(c.adminToken));
    const product = await c.post(
      '/api/products',
      {
        sku: 'TEA-CHAIN',
        barcode: '6260000000788',
        name: { en: 'Tea', ku: 'چا' },
        category: category.body._id,
        price: 2.5,
        cost: 1,
        quantity: 20,
      },
      as(c.adminToken, { acting: 'a' }),
    );
    expect(product.status).toBe(201);
    productId = product.body._id;
    for (const id of ['b', 'c']) {
      expect(
        (await c.patch(`/api/products/${productId}/quantity`, { quantity: 20, cost: 1 }, as(c.adminToken, { acting: id }))).status,
      ).toBe(200);
    }
    for (const id of BRANCHES) {
      const n = SOLD[id];
      // Sales learns the product and the new branches from events: a sale refused meanwhile (400) wrote nothing.
      const sell = () =>
        c.post(
          '/api/transactions',
          {
            items: [
              {
                product: productId,
                productSnapshot: { name: 'Tea', sku: 'TEA-CHAIN', price: 2.5 },
                quantity: n,
                unitPrice: 2.5,
                subtotal: 2.5 * n,
                discount: 0,
                discountType: 'percentage',
              },
            ],
            subtotal: 2.5 * n,
            discountType: 'percentage',
            discountValue: 0,
            discountAmount: 0,
            loyaltyDiscount: 0,
            total: 2.5 * n,
            currency: 'USD',
            exchangeRate: 1450,
            paymentMethod: 'cash',
            paymentDetails: { amountTendered: 20, change: 20 - 2.5 * n },
            paymentStatus: 'paid',
            register: 'main',
            createdAt: new Date().toISOString(),
          },
          as(c.adminToken, { acting: id }),
        );
      const sale = await eventually(
        async () => {
          const r = await sell();
          if (r.status !== 201) throw new Error(`sale in ${id}: ${r.status} ${JSON.stringify(r.body)}`);
          return r;
        },
        { retryOnError: true, what: `a sale in branch ${id}` },
      );
      expect(sale.status).toBe(201);
    }
    const made = await c.post(
      '/api/auth/register',
      {
        username: 'manager-ab',
        firstName: 'Manager',
        lastName: 'AB',
        email: 'manager-ab@shop.iq',
        password: 'secret1',
        role: 'manager',
        homeBranch: 'a',
        branches: ['a', 'b'],
      },
      as(c.adminToken),
    );
    expect(made.status).toBe(201);
    manager = await c.login('manager-ab', 'secret1');
    // Reporting has every sale, and every branch's stock (three branches' worth of moves).
    await eventually(async () => (await salesReport(c.adminToken)).summary.totalTransactions === 3, { what: 'three sales in reporting' });
    await eventually(
      async () => (await c.get('/api/reports/inventory?branch=c', as(c.adminToken))).body.data?.summary.totalQuantity === 20 - SOLD.c,
      { what: "branch C's stock in reporting" },
    );
  }, 180_000);
  afterAll(() => c.close(), 60_000);

  it('the chain sales report is the sum of its branches, and each branch filter gives its own', async () => {
    const chain = await salesReport(c.adminToken, 'all');
    expect(chain.summary).toMatchObject({ totalSales: 22.5, totalTransactions: 3 });
    expect(chain.topProducts).toMatchObject([{ _id: productId, quantity: 9, revenue: 22.5 }]);
    expect(await salesReport(c.adminToken)).toEqual({ ...chain, generatedAt: expect.any(String) });
    const each = await Promise.all(BRANCHES.map((b) => salesReport(c.adminToken, b)));
    expect(each.map((r) => r.summary.totalSales)).toEqual(BRANCHES.map((b) => SOLD[b] * 2.5));
    expect(each.map((r) => r.topProducts[0].quantity)).toEqual(BRANCHES.map((b) => SOLD[b]));
    expect(each.reduce((t, r) => t + r.summary.totalSales, 0)).toBe(chain.summary.totalSales);
    expect(each.reduce((t, r) => t + r.summary.grossProfit, 0)).toBe(chain.summary.grossProfit);
  });

  it('the chain dashboard is the sum of its branches; each branch shows its own sales and stock', async () => {
    const dashboard = async (branch?: string) => (await c.get(`/api/dashboard${view(branch)}`, as(c.adminToken))).body.data;
    const chain = await dashboard();
    expect(chain.todaySales).toBe(22.5);
    expect(chain.recentTransactions).toHaveLength(3);
    const each = await Promise.all(BRANCHES.map((b) => dashboard(b)));
    expect(each.map((d) => d.todaySales)).toEqual(BRANCHES.map((b) => SOLD[b] * 2.5));
    expect(each.map((d) => d.recentTransactions.length)).toEqual([1, 1, 1]);
    // Stock per branch: 20 - sold in each; the chain's total is theirs together.
    const stock = async (branch: string) =>
      (await c.get(`/api/reports/inventory?branch=${branch}`, as(c.adminToken))).body.data.summary.totalQuantity;
    expect(await Promise.all(BRANCHES.map(stock))).toEqual(BRANCHES.map((b) => 20 - SOLD[b]));
    expect(await stock('all')).toBe(60 - 9);
  });

  it('the staff report and the exports follow the branch filter too, and an export names its branch', async () => {
    const staff = (await c.get('/api/reports/staff?branch=b', as(c.adminToken))).body.data;
    expect(staff.summary).toMatchObject({ totalSales: 7.5, totalTransactions: 1 });
    const csv = await c.get('/api/reports/sales/export/csv?branch=b', as(c.adminToken));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('7.50');
    expect(csv.text).not.toContain('22.50');
    expect(csv.text).toContain('· Branch B'); // the file names its branch, as settings names it, under the shop's name
    const chain = await c.get('/api/reports/sales/export/csv?branch=all', as(c.adminToken, { language: 'ku' }));
    expect(chain.text).toContain('هەموو لقەکان');
    expect(chain.text).toContain('22.50');
  });

  it("a branch's active-user card and staff report count the staff who work there: the manager of A and B is not C's", async () => {
    const users = async (branch: string) =>
      (await c.get(`/api/dashboard?branch=${branch}`, as(c.adminToken))).body.data.activeUsers as number;
    const staff = async (branch: string) =>
      (await c.get(`/api/reports/staff?branch=${branch}`, as(c.adminToken))).body.data.staffSales.map((p: { name: string }) => p.name);
    await eventually(async () => (await users('all')) - (await users('c')) === 1, { what: "the manager's branches in reporting" });
    expect(await users('a')).toBe(await users('all'));
    expect(await staff('b')).toContain('Manager AB');
    expect(await staff('c')).not.toContain('Manager AB');
  });

  it('a manager of A and B sees their sum and each of them, and is refused C in both languages', async () => {
    expect((await salesReport(manager)).summary.totalSales).toBe((SOLD.a + SOLD.b) * 2.5);
    expect((await salesReport(manager, 'all')).summary.totalSales).toBe((SOLD.a + SOLD.b) * 2.5);
    expect((await salesReport(manager, 'b')).summary.totalSales).toBe(SOLD.b * 2.5);
    expect((await c.get('/api/dashboard', as(manager))).body.data.todaySales).toBe((SOLD.a + SOLD.b) * 2.5);
    // Their export of "all" names the two branches it adds up, by name, listed as each language lists.
    expect((await c.get('/api/reports/sales/export/csv?branch=all', as(manager))).text).toContain('· Branch A, Branch B');
    expect((await c.get('/api/reports/sales/export/csv?branch=all', as(manager, { language: 'ku' }))).text).toContain(
      '· Branch A، Branch B',
    );
    for (const path of [
      '/api/reports/sales?branch=c',
      '/api/dashboard?branch=c',
      '/api/reports/sales/export/pdf?branch=c',
      '/api/reports/inventory/products?branch=c',
    ]) {
      const refused = await c.get(path, as(manager));
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      expect(refused.body.message).toBe('You may not work in this branch');
    }
    expect((await c.get('/api/reports/sales?branch=c', as(manager, { language: 'ku' }))).body.message).toBe(
      'ڕێگەت پێنەدراوە لەم لقەدا کار بکەیت',
    );
  });

  it('a branch that does not exist is refused, to read and to act in, even for an admin', async () => {
    for (const call of [
      c.get('/api/reports/sales?branch=zz', as(c.adminToken)),
      c.get('/api/products', as(c.adminToken, { acting: 'zz' })),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'There is no such branch' });
    }
    expect((await c.get('/api/products', as(c.adminToken, { acting: 'zz', language: 'ku' }))).body.message).toBe('لقێکی وا نییە');
    // A branch made a moment ago is known at once.
    expect((await c.post('/api/settings/branches', { _id: 'd', name: 'Branch D', registers: ['main'] }, as(c.adminToken))).status).toBe(
      201,
    );
    await eventually(async () => (await c.get('/api/products', as(c.adminToken, { acting: 'd' }))).status === 200);
  });

  it('a deactivated branch cannot be acted in, while its figures can still be read', async () => {
    expect((await c.put('/api/settings/branches/c', { active: false }, as(c.adminToken))).status).toBe(200);
    await eventually(async () => (await c.get('/api/products', as(c.adminToken, { acting: 'c' }))).status === 403, 40_000); // a cluster's gateway may hold its list up to 30 s when it hears no branch event
    const refused = await c.get('/api/products', as(c.adminToken, { acting: 'c', language: 'ku' }));
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'ئەم لقە چالاک نییە' });
    expect((await salesReport(c.adminToken, 'c')).summary.totalSales).toBe(SOLD.c * 2.5);
  }, 60_000);
});
