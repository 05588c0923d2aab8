import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { ROUTES, type Permissions, type RouteDef, type RouteOwner } from '@dukan/contracts';
import { createAllInOneApp } from '@dukan/gateway';
import { isAllowed } from '@dukan/contracts';
import {
  authorizationMatrix,
  eventually,
  matrixFailures,
  PATH_VARIANTS,
  recordPath,
  recordRoutes,
  refusedBeforeHandler,
  runMatrixCase,
  startApp,
  variantFailures,
  type HttpClient,
  type MatrixCaller,
} from '@dukan/testing';
import { cashSale, inBranch, openChainWithTea } from './chain-shop.js';
import { startClusterShape } from './cluster-shape.js';

/**
 * Every route of the route table × admin, manager, cashier, a user with custom permissions, no token,
 * a forged token, an unsigned one, an expired one and one from before logout — in both shapes that face
 * clients (the all-in-one app and the cluster gateway in front of its services), each refused call again
 * in every spelling of its path (PATH_VARIANTS), which must be refused too. 'pass' means the call reached
 * the route's handler: a "no such route" 404 is a failure, a domain 404 ("product not found") is not.
 */

const VARIANT_CALLERS: ReadonlySet<string> = new Set(['manager', 'cashier', 'custom', 'no token', 'forged token']);
const CUSTOM: Permissions = { staff: ['view', 'create'], products: [], reports: ['view'] };
const owners: RouteOwner[] = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings', 'gateway'];
const INTERNAL_CALLS: [string, string][] = [
  ['GET', '/internal/auth/sessions/00000000-0000-4000-8000-00000000abcd'],
  ['POST', '/internal/loyalty/sales/00000000-0000-4000-8000-00000000abcd/reserve'],
];

interface Shape extends HttpClient {
  dataDir: string;
  adminToken: string;
  adminPassword: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const SHAPES: [string, () => Promise<Shape>][] = [
  [
    'all-in-one',
    async () => {
      const t = await startApp(createAllInOneApp);
      return Object.assign(t, { dataDir: t.env.DUKAN_DATA_DIR! });
    },
  ],
  ['cluster gateway', () => startClusterShape()],
];

async function callersOf(s: Shape): Promise<MatrixCaller[]> {
  const user = async (role: 'manager' | 'cashier', username: string, permissions?: Permissions) => {
    const body = {
      username,
      firstName: 'Matrix',
      lastName: role,
      email: `${username}@shop.iq`,
      password: 'secret1',
      role,
      ...(permissions ? { permissions } : {}),
    };
    const res = await s.post('/api/auth/register', body, { token: s.adminToken });
    expect(res.status).toBe(201);
    return s.login(username, 'secret1');
  };
  const payload = jwt.decode(s.adminToken) as jwt.JwtPayload;
  const claims = { sub: payload.sub, ver: payload.ver, usr: payload.usr, role: 'admin', perms: null, lang: 'en' };
  const realKey = readFileSync(join(s.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
  const otherKey = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  const sign = { algorithm: 'ES256', issuer: 'dukan-identity', audience: 'dukan' } as const;
  const leaving = await user('cashier', 'leaving');
  expect((await s.post('/api/auth/logout', undefined, { token: leaving })).status).toBe(200);
  return [
    { name: 'admin', token: s.adminToken, subject: { role: 'admin' } },
    { name: 'manager', token: await user('manager', 'mgr'), subject: { role: 'manager' } },
    { name: 'cashier', token: await user('cashier', 'csh'), subject: { role: 'cashier' } },
    { name: 'custom', token: await user('cashier', 'cst', CUSTOM), subject: { role: 'cashier', permissions: CUSTOM } },
    { name: 'no token', token: null, subject: null },
    { name: 'forged token', token: jwt.sign(claims, otherKey, { ...sign, expiresIn: 3600 }), subject: null, refusedWith: 401 },
    { name: 'unsigned token', token: jwt.sign(claims, '', { algorithm: 'none' }), subject: null, refusedWith: 401 },
    {
      name: 'expired token',
      token: jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, realKey, { ...sign, expiresIn: -60 }),
      subject: null,
      refusedWith: 401,
    },
    { name: 'token from before logout', token: leaving, subject: null, refusedWith: 401 },
  ];
}

// Logout ends the caller's session, so it runs after every other route.
const routes: RouteDef[] = [...ROUTES].sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
const key = (r: RouteDef) => `${r.method} ${r.path}`;

describe.each(SHAPES)('%s', (_shape, start) => {
  let s: Shape;
  let callers: MatrixCaller[];
  beforeAll(async () => {
    s = await start();
    callers = await callersOf(s);
  }, 120_000);
  afterAll(() => s.close());

  it('covers every route of the table', () => {
    const covered = new Set(authorizationMatrix(owners, [{ name: 'x', token: null, subject: null }]).map((c) => key(c.route)));
    expect(covered.size).toBe(ROUTES.length);
  });

  it('refuses the calls of issue 11 that capitals once let through without a token', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    for (const [method, path] of [
      ['GET', '/API/auth/users'],
      ['GET', '/Api/auth/users'],
      ['PUT', `/API/auth/users/${id}/permissions`],
      ['PUT', `/API/auth/users/${id}/reset-password`],
      ['POST', '/API/auth/register'],
      ['DELETE', `/API/transactions/${id}`],
      ['PUT', `/API/products/${id}`],
      ['GET', `/INTERNAL/auth/sessions/${id}`],
    ] as const) {
      const res = await s.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? {} : { body: { permissions: {}, newPassword: 'x'.repeat(8) } },
      );
      expect({ path, status: res.status }).toEqual({ path, status: path.startsWith('/INTERNAL') ? 403 : 401 });
    }
  });

  it.each(routes.map((r) => [key(r), r] as const))(
    '%s answers every caller as the table says, and no spelling of it more',
    async (_k, route) => {
      const cases = authorizationMatrix([route.owner], callers).filter((c) => c.route === route);
      expect(await matrixFailures(s, cases, 4)).toEqual([]);
      // The path is read before any token: one bad token stands for all of them.
      expect(
        await variantFailures(
          s,
          cases.filter((c) => VARIANT_CALLERS.has(c.caller.name)),
        ),
      ).toEqual([]);
    },
    60_000,
  );

  it('refuses internal routes without the internal token, even to an admin, in every spelling', async () => {
    const token = await s.login('admin', s.adminPassword); // the matrix's logout case ended the first session
    for (const [method, path] of INTERNAL_CALLS) {
      for (const spelling of [path, ...PATH_VARIANTS.map((v) => v.spell(path))]) {
        for (const caller of [
          { name: 'admin', token, subject: { role: 'admin' as const } },
          { name: 'no token', token: null, subject: null },
        ]) {
          const answer = await runMatrixCase(s, { route: { method, path } as RouteDef, caller, path, expect: 403 }, spelling);
          expect({ label: answer.label, refused: refusedBeforeHandler(answer) }).toEqual({ label: answer.label, refused: true });
        }
      }
    }
  });

  it('refuses a path that is not in the route table with 404, with or without a token', async () => {
    const token = await s.login('admin', s.adminPassword);
    for (const auth of [{ token }, {}]) {
      const res = await s.get('/api/auth/secret-admin-panel', auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    }
    expect((await s.request('PATCH', '/api/auth/me', { token, body: {} })).status).toBe(404);
  });
});

/**
 * The branch dimension: a user of branch B, with every right a non-admin can hold, against every by-id route of a
 * record of `main` (RECORD_ROUTES says which routes reach a branch's record). A record of a branch the caller does
 * not work in is not found (404, as an id that exists nowhere: nothing is learnt of it), and stays as it was.
 */
const EVERY_NON_ADMIN_RIGHT: Permissions = {
  pos: ['use', 'refund'],
  transactions: ['view', 'refund'],
  products: ['view', 'create', 'edit', 'delete'],
  expenses: ['view', 'create', 'edit', 'delete', 'approve'],
  purchases: ['view', 'create', 'receive', 'pay'],
};
const EXPENSE = {
  title: 'Generator fuel',
  category: 'utilities',
  amount: 42.5,
  currency: 'USD',
  exchangeRate: 1410,
  paymentMethod: 'cash',
  expenseDate: '2026-03-10',
};

describe.each(SHAPES)('%s: the branch dimension', (_shape, start) => {
  let s: Shape;
  let userOfB = '';
  const records: Record<string, string> = {};
  let invoiceOfMain = '';
  let productId = '';

  beforeAll(async () => {
    s = await start();
    productId = await openChainWithTea(s, 'TEA-MATRIX', '6260000000795');
    const admin = (branch = 'main') => inBranch(s.adminToken, branch, { 'idempotency-key': `k-${Math.random()}` });
    // Sales learns the product from catalog's event.
    const sale = await eventually(async () => {
      const r = await s.post('/api/transactions', cashSale({ id: productId, sku: 'TEA-MATRIX' }, 2, 1, 2), admin());
      return r.status === 201 && r;
    });
    records.transactions = sale.body.data._id;
    invoiceOfMain = sale.body.data.invoiceNumber;
    const transfer = await s.post('/api/products/transfers', { toBranch: 'c', lines: [{ product: productId, quantity: 1 }] }, admin());
    expect(transfer.status).toBe(201);
    records.transfers = transfer.body.data._id;
    const expense = await s.post('/api/expenses', EXPENSE, admin());
    expect(expense.status).toBe(201);
    records.expenses = expense.body._id;
    const shift = await s.post('/api/shifts', { register: 'main', float: { USD: 1000, IQD: 10_000 } }, admin());
    expect(shift.status).toBe(201);
    records.shifts = shift.body.data._id;
    records.products = productId;
    const supplier = await s.post('/api/purchases/suppliers', { name: { en: 'Matrix Wholesale' } }, admin());
    const order = await s.post(
      '/api/purchases/orders',
      { supplier: supplier.body.data._id, currency: 'USD', lines: [{ product: productId, quantity: 2, unitCostMinor: 100 }] },
      admin(),
    );
    expect(order.status).toBe(201);
    records.orders = order.body.data._id;
    records.supplier = supplier.body.data._id;
    const receipt = await s.post('/api/purchases/receipts', { lines: [{ product: productId, quantity: 1, unitCostMinor: 100 }] }, admin());
    expect(receipt.status).toBe(201);
    records.receipts = receipt.body.data._id;
    const invoice = await s.post(
      '/api/purchases/invoices',
      { supplier: supplier.body.data._id, number: 'M-1', currency: 'USD', amountMinor: 100, issuedOn: '2026-03-01', dueOn: '2026-03-31' },
      admin(),
    );
    expect(invoice.status).toBe(201);
    records.invoices = invoice.body.data._id;
    const stocktake = await s.post('/api/stocktakes', {}, admin());
    expect(stocktake.status).toBe(201);
    records.stocktakes = stocktake.body.data._id;
    expect((await s.patch(`/api/products/${productId}/quantity`, { quantity: 5, cost: 1 }, admin('b'))).status).toBe(200);
    const made = await s.post(
      '/api/auth/register',
      {
        username: 'manager-of-b',
        firstName: 'Manager',
        lastName: 'B',
        email: 'manager-of-b@shop.iq',
        password: 'secret1',
        role: 'manager',
        homeBranch: 'b',
        branches: ['b'],
        permissions: EVERY_NON_ADMIN_RIGHT,
      },
      { token: s.adminToken },
    );
    expect(made.status).toBe(201);
    userOfB = await s.login('manager-of-b', 'secret1');
  }, 120_000);
  afterAll(() => s.close());

  it('says for every route with a parameter whose record it reaches', () => {
    expect(
      recordRoutes()
        .filter((r) => r.owner === undefined)
        .map((r) => `${r.route.method} ${r.route.path}`),
    ).toEqual([]);
  });

  it("a user of B finds no record of main on any by-id route (404, or the route's own 403), and each stays as it was", async () => {
    const subject = { role: 'manager' as const, permissions: EVERY_NON_ADMIN_RIGHT };
    const bodyOf = (path: string, method: string) =>
      method === 'GET' || method === 'DELETE'
        ? {}
        : {
            body: path.endsWith('/reject')
              ? { reason: 'by B' }
              : /\/expenses\/[^/]+$/.test(path)
                ? { ...EXPENSE, title: 'Changed by B' }
                : /\/purchases\/orders\/[^/]+$/.test(path)
                  ? { supplier: records.supplier, currency: 'USD', lines: [{ product: productId, quantity: 9, unitCostMinor: 1 }] }
                  : path.endsWith('/payments')
                    ? { amountMinor: 1, source: 'bank' }
                    : path.endsWith('/counts')
                      ? { lines: [{ product: productId, quantity: 1 }] }
                      : path.endsWith('/cash')
                        ? { kind: 'cash_out', currency: 'USD', amountMinor: 100, reason: 'by B' }
                        : path.endsWith('/close')
                          ? { counted: { USD: 0, IQD: 0 } }
                          : {},
          };
    const wrong: string[] = [];
    for (const { route } of recordRoutes().filter((r) => r.owner === 'branch')) {
      const nested = /^\/api\/(products\/transfers|purchases|reports\/shifts)\//.test(route.path);
      const kind = route.path.split('/')[nested ? 3 : 2]!;
      const path = recordPath(route, records[kind]!);
      const res = await s.request(route.method, path, { ...inBranch(userOfB), ...bodyOf(route.path, route.method) });
      const expected = isAllowed(subject, route.access) ? 404 : 403;
      if (res.status !== expected)
        wrong.push(`${route.method} ${path} -> ${res.status} ${JSON.stringify(res.body)} (expected ${expected})`);
    }
    expect(wrong).toEqual([]);
    // By invoice number too, and in the user's language.
    const byNumber = await s.get(`/api/transactions/${invoiceOfMain}`, inBranch(userOfB));
    expect(byNumber.status).toBe(404);
    const ku = await s.get(`/api/transactions/${records.transactions}`, { token: userOfB, headers: { 'accept-language': 'ku' } });
    expect(ku.status).toBe(404);
    expect(ku.body.message).toBe(
      (await s.get('/api/transactions/00000000-0000-4000-8000-00000000abcd', { token: userOfB, headers: { 'accept-language': 'ku' } })).body
        .message,
    );

    // Nothing of main's changed.
    const saleNow = await s.get(`/api/transactions/${records.transactions}`, inBranch(s.adminToken, 'main'));
    expect(saleNow.body.data).toMatchObject({ status: 'completed', refundState: 'none' });
    const transfers = await s.get('/api/products/transfers', inBranch(s.adminToken, 'main'));
    expect(transfers.body.data.find((t: { _id: string }) => t._id === records.transfers)).toMatchObject({ state: 'in_transit' });
    const expense = await s.get(`/api/expenses/${records.expenses}`, inBranch(s.adminToken, 'main'));
    expect(expense.body).toMatchObject({ title: EXPENSE.title, status: 'pending' });
    const order = await s.get(`/api/purchases/orders/${records.orders}`, inBranch(s.adminToken, 'main'));
    expect(order.body.data).toMatchObject({ state: 'draft' });
    const invoice = await s.get(`/api/purchases/invoices/${records.invoices}`, inBranch(s.adminToken, 'main'));
    expect(invoice.body.data).toMatchObject({ paidMinor: 0 });
    const stocktake = await s.get(`/api/stocktakes/${records.stocktakes}`, inBranch(s.adminToken, 'main'));
    expect(stocktake.body.data).toMatchObject({ state: 'counting', countedProducts: 0 });
    const shift = await s.get(`/api/shifts/${records.shifts}`, inBranch(s.adminToken, 'main'));
    expect(shift.body.data).toMatchObject({ status: 'open', movements: [] });
  });

  it("a product's stock ledger answers a user of B with B's rows only", async () => {
    const ledger = await s.get(`/api/products/${productId}/stock-movements`, inBranch(userOfB));
    expect(ledger.status).toBe(200);
    const rows = ledger.body as { branchId: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => m.branchId === 'b')).toBe(true);
  });

  it('the same user reaches a sale of their own branch by id, and refunds it', async () => {
    const sold = await s.post('/api/transactions', cashSale({ id: productId, sku: 'TEA-MATRIX' }, 2, 1, 2), inBranch(userOfB));
    expect(sold.status).toBe(201);
    expect((await s.get(`/api/transactions/${sold.body.data._id}`, inBranch(userOfB))).status).toBe(200);
    expect((await s.post(`/api/transactions/${sold.body.data._id}/refund`, {}, inBranch(userOfB))).status).toBe(201);
    // An admin reaches it from any branch (a sale opened from the chain's dashboard).
    expect((await s.get(`/api/transactions/${sold.body.data._id}`, inBranch(s.adminToken, 'main'))).body.data.branchId).toBe('b');
  });
});
