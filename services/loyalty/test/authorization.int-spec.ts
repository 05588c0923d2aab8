import { authorizationMatrix, matrixFailures, roleCallers, TEST_USERS, type MatrixCaller, type ServiceTestApp } from '@dukan/testing';
import { startLoyalty } from './fixtures.js';

let t: ServiceTestApp;
let callers: MatrixCaller[] = [];
beforeAll(async () => {
  t = await startLoyalty();
  const customersOnly = {
    ...TEST_USERS.cashier,
    id: '00000000-0000-4000-8000-0000000000c1',
    permissions: { customers: ['view' as const] },
  };
  const settingsEditor = {
    ...TEST_USERS.manager,
    id: '00000000-0000-4000-8000-0000000000c2',
    permissions: { settings: ['view' as const, 'edit' as const] },
  };
  const nothing = { ...TEST_USERS.cashier, id: '00000000-0000-4000-8000-0000000000c3', permissions: { dashboard: [] } };
  callers = [
    ...roleCallers(t),
    { name: 'customers-view-only', token: t.tokenFor(customersOnly), subject: customersOnly },
    { name: 'settings-editor', token: t.tokenFor(settingsEditor), subject: settingsEditor },
    { name: 'no-permissions', token: t.tokenFor(nothing), subject: nothing },
  ];
});
afterAll(() => t.close());

it('every loyalty route answers each caller as the route table says', async () => {
  const cases = authorizationMatrix(['loyalty'], callers);
  expect(cases.length).toBe(17 * callers.length); // with the receivables report's Excel and PDF exports
  expect(await matrixFailures(t, cases)).toEqual([]);
});

it('a cashier may add and edit customers but not delete them; a manager may not change loyalty settings', async () => {
  const created = await t.post('/api/customers', { firstName: 'A', lastName: 'B', phone: '07700000001' }, { token: t.tokens.cashier });
  expect(created.status).toBe(201);
  expect((await t.put(`/api/customers/${created.body._id}`, { firstName: 'C' }, { token: t.tokens.cashier })).status).toBe(200);
  const del = await t.delete(`/api/customers/${created.body._id}`, { token: t.tokens.cashier });
  expect(del.status).toBe(403);
  expect(del.body.error).toBe("You don't have permission to access this feature.");
  expect((await t.get(`/api/customers/${created.body._id}`, { token: t.tokens.admin })).status).toBe(200);
  expect((await t.put('/api/loyalty/settings', {}, { token: t.tokens.manager })).status).toBe(403);
});
