import { routesOf } from '@dukan/contracts';
import {
  authorizationMatrix,
  matrixFailures,
  roleCallers,
  runMatrixCase,
  TEST_USERS,
  type MatrixCaller,
  type ServiceTestApp,
} from '@dukan/testing';
import { createExpense, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
let callers: MatrixCaller[] = [];
beforeAll(async () => {
  t = await startExpenses();
  const viewer = { ...TEST_USERS.cashier, id: '00000000-0000-4000-8000-0000000000c1', permissions: { expenses: ['view' as const] } };
  const approver = {
    ...TEST_USERS.cashier,
    id: '00000000-0000-4000-8000-0000000000c2',
    permissions: { expenses: ['view' as const, 'approve' as const] },
  };
  const nothing = { ...TEST_USERS.manager, id: '00000000-0000-4000-8000-0000000000c3', permissions: { expenses: [] } };
  callers = [
    ...roleCallers(t),
    { name: 'expenses-viewer', token: t.tokenFor(viewer), subject: viewer },
    { name: 'cashier-approver', token: t.tokenFor(approver), subject: approver },
    { name: 'no-expenses', token: t.tokenFor(nothing), subject: nothing },
  ];
});
afterAll(() => t.close());

it('every expenses route answers each caller as the route table says', async () => {
  const cases = authorizationMatrix(['expenses'], callers);
  expect(cases.length).toBe(9 * callers.length);
  expect(await matrixFailures(t, cases)).toEqual([]);
}, 30_000);

it('has a handler behind every expenses route: none answers "no such route"', async () => {
  const cases = authorizationMatrix(['expenses'], [callers[0]!]);
  expect(cases.map((c) => `${c.route.method} ${c.route.path}`).sort()).toEqual(
    routesOf('expenses')
      .map((r) => `${r.method} ${r.path}`)
      .sort(),
  );
  const unserved: string[] = [];
  for (const c of cases) {
    const res = await t.request(c.route.method, c.path, {
      token: t.tokens.admin,
      ...(c.route.method === 'GET' || c.route.method === 'DELETE' ? {} : { body: {} }),
    });
    if (res.status === 404 && res.body?.code !== 'NOT_FOUND')
      unserved.push(`${c.route.method} ${c.route.path} -> ${res.status} ${res.body?.code}`);
  }
  expect(unserved).toEqual([]);
  // And the check can tell: a path outside the table is answered "no such route".
  const stray = await t.get('/api/expenses/00000000-0000-4000-8000-00000000abcd/history', { token: t.tokens.admin });
  expect([stray.status, stray.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
  expect((await runMatrixCase(t, cases[0]!)).status).toBe(200);
}, 30_000);

it('gives each role what ARCHITECTURE §5 says: admin all, manager all but delete, cashier view and create', async () => {
  const e = await createExpense(t, {}, t.tokens.cashier);
  const update = { title: 'Edited', category: 'office', amount: 5, paymentMethod: 'cash', expenseDate: '2026-03-10' };

  const cashier = [
    await t.get('/api/expenses', { token: t.tokens.cashier }),
    await t.get(`/api/expenses/${e._id}`, { token: t.tokens.cashier }),
    await t.get('/api/expenses/summary', { token: t.tokens.cashier }),
    await t.put(`/api/expenses/${e._id}`, update, { token: t.tokens.cashier }),
    await t.put(`/api/expenses/${e._id}/approve`, undefined, { token: t.tokens.cashier }),
    await t.put(`/api/expenses/${e._id}/reject`, { reason: 'x' }, { token: t.tokens.cashier }),
    await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.cashier }),
  ];
  expect(cashier.map((r) => r.status)).toEqual([200, 200, 200, 403, 403, 403, 403]);
  expect(cashier[3]!.body.error).toBe("You don't have permission to access this feature.");

  expect((await t.put(`/api/expenses/${e._id}`, update, { token: t.tokens.manager })).status).toBe(200);
  expect((await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.manager })).status).toBe(403);
  expect((await t.put(`/api/expenses/${e._id}/approve`, undefined, { token: t.tokens.manager })).status).toBe(200);
  expect((await t.put(`/api/expenses/${e._id}/paid`, undefined, { token: t.tokens.cashier })).status).toBe(403);
  expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body).toMatchObject({ title: 'Edited', status: 'approved' });
  expect((await t.delete(`/api/expenses/${e._id}`, { token: t.tokens.admin })).status).toBe(200);
});

it('lets a cashier given the approve permission decide on others’ expenses, and an empty list shut a manager out', async () => {
  const e = await createExpense(t, {}, t.tokens.manager);
  const approver = callers.find((c) => c.name === 'cashier-approver')!;
  expect((await t.put(`/api/expenses/${e._id}/approve`, undefined, { token: approver.token! })).status).toBe(200);
  const shut = callers.find((c) => c.name === 'no-expenses')!;
  expect((await t.get('/api/expenses', { token: shut.token! })).status).toBe(403);
});
