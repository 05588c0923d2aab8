import { authorizationMatrix, matrixFailures, roleCallers, TEST_USERS, type MatrixCaller, type ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
let callers: MatrixCaller[] = [];
beforeAll(async () => {
  t = await startCatalog();
  const posOnly = {
    ...TEST_USERS.cashier,
    id: '00000000-0000-4000-8000-0000000000c1',
    permissions: { pos: ['use' as const], products: [] },
  };
  const labelPrinter = { ...TEST_USERS.cashier, id: '00000000-0000-4000-8000-0000000000c2', permissions: { reports: ['export' as const] } };
  const receiver = { ...TEST_USERS.cashier, id: '00000000-0000-4000-8000-0000000000c4', permissions: { purchases: ['receive' as const] } };
  const nothing = {
    ...TEST_USERS.cashier,
    id: '00000000-0000-4000-8000-0000000000c3',
    permissions: { pos: [], products: [], categories: [] },
  };
  callers = [
    ...roleCallers(t),
    { name: 'pos-only', token: t.tokenFor(posOnly), subject: posOnly },
    { name: 'label-printer', token: t.tokenFor(labelPrinter), subject: labelPrinter },
    { name: 'goods-receiver', token: t.tokenFor(receiver), subject: receiver },
    { name: 'no-permissions', token: t.tokenFor(nothing), subject: nothing },
  ];
});
afterAll(() => t.close());

it('every catalog route answers each caller as the route table says', async () => {
  const cases = authorizationMatrix(['catalog'], callers);
  // 28 product, category, transfer, price and label-sheet routes; 28 of purchasing, stocktakes and manual stock changes.
  expect(cases.length).toBe(56 * callers.length);
  expect(await matrixFailures(t, cases)).toEqual([]);
});

it('a cashier can list and search but not create, edit or delete; a manager cannot delete categories', async () => {
  const category = await t.post('/api/categories', { name: { en: 'Fruit', ku: 'میوە' } }, { token: t.tokens.manager });
  expect(category.status).toBe(201);
  const product = await t.post('/api/products', productBody(category.body._id), { token: t.tokens.manager });
  expect(product.status).toBe(201);
  const id = product.body._id;

  expect((await t.get('/api/products?active=true&view=till', { token: t.tokens.cashier })).status).toBe(200);
  expect((await t.get(`/api/products/search/${encodeURIComponent(product.body.sku)}`, { token: t.tokens.cashier })).body).toHaveLength(1);
  expect((await t.get('/api/categories', { token: t.tokens.cashier })).status).toBe(200);

  const refused = [
    await t.post('/api/products', productBody(category.body._id), { token: t.tokens.cashier }),
    await t.put(`/api/products/${id}`, { price: 0 }, { token: t.tokens.cashier }),
    await t.patch(`/api/products/${id}/quantity`, { quantity: 5 }, { token: t.tokens.cashier }),
    await t.delete(`/api/products/${id}`, { token: t.tokens.cashier }),
    await t.post('/api/categories', { name: { en: 'X' } }, { token: t.tokens.cashier }),
    await t.delete(`/api/categories/${category.body._id}`, { token: t.tokens.manager }),
  ];
  expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
  expect(refused[0]!.body.error).toBe("You don't have permission to access this feature.");
  const after = await t.get(`/api/products/${id}`, { token: t.tokens.admin });
  expect(after.body).toMatchObject({ price: 2.5, quantity: 1 });
});
