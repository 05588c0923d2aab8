import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

// A product's price overridden per branch: the till's list of that branch answers it, other branches keep the
// product's own price, and each change is audited and announced with a rising version for sales' replica.

let t: ServiceTestApp;
let productId: string;
const inBranch = (token: string, branch?: string, language = 'en') => ({
  token,
  headers: { 'accept-language': language, ...(branch && { 'x-dukan-branch': branch }) },
});
const tillPrice = async (branch: string) => {
  const list = await t.get('/api/products?active=true&view=till', inBranch(t.tokens.admin, branch));
  expect(list.status).toBe(200);
  return (list.body as { _id: string; price: number }[]).find((p) => p._id === productId)!.price;
};
const events = async () =>
  (await t
    .dataSource()
    .query(
      `SELECT branch_id, data FROM outbox WHERE type = 'dukan.catalog.branch-price.changed.v1' AND data->>'productId' = $1 ORDER BY seq`,
      [productId],
    )) as { branch_id: string; data: { branchId: string; priceCents: number | null; version: number } }[];

beforeAll(async () => {
  t = await startCatalog();
  const category = await t.post('/api/categories', { name: { en: 'Tea', ku: 'چا' } }, { token: t.tokens.admin });
  const product = await t.post('/api/products', productBody(category.body._id, { price: 2.5, quantity: 5 }), { token: t.tokens.admin });
  expect(product.status).toBe(201);
  productId = product.body._id;
});
afterAll(() => t.close());

it("sets a price in branch B: the till list acting in B answers it, main keeps the product's own price", async () => {
  const held = (await t.get('/api/products?since=0', inBranch(t.tokens.admin, 'b'))).body.revision as string;
  const set = await t.put(`/api/products/${productId}/branch-prices/b`, { price: 2.75 }, inBranch(t.tokens.admin));
  expect(set.status).toBe(200);
  expect(set.body.data).toEqual([{ branchId: 'b', price: 2.75, version: 1, updatedAt: expect.any(String) }]);
  expect(await tillPrice('b')).toBe(2.75);
  expect(await tillPrice('main')).toBe(2.5);
  // A till of B holding the list from before asks what changed: the product, at B's price.
  const delta = (await t.get(`/api/products?since=${held}`, inBranch(t.tokens.admin, 'b'))).body;
  expect(delta.products).toMatchObject([{ _id: productId, price: 2.75 }]);
  // The product itself (the form's view) is unchanged.
  expect((await t.get(`/api/products/${productId}`, inBranch(t.tokens.admin, 'b'))).body.price).toBe(2.5);
  expect((await t.get(`/api/products/${productId}/branch-prices`, inBranch(t.tokens.manager))).body.data).toMatchObject([
    { branchId: 'b', price: 2.75 },
  ]);
  expect(await events()).toEqual([{ branch_id: 'b', data: { productId, branchId: 'b', priceCents: 275, version: 1 } }]);
  const [audit] = await t
    .dataSource()
    .query(`SELECT details FROM audit_log WHERE action = 'product.branch-price-changed' AND target_id = $1`, [productId]);
  expect(audit.details).toEqual({ branchId: 'b', before: null, after: 275 });
});

it('changes and clears the price with a rising version; clearing twice announces nothing more', async () => {
  expect((await t.put(`/api/products/${productId}/branch-prices/b`, { price: '3.10' }, inBranch(t.tokens.admin))).status).toBe(200);
  expect(await tillPrice('b')).toBe(3.1);
  const cleared = await t.delete(`/api/products/${productId}/branch-prices/b`, inBranch(t.tokens.admin));
  expect(cleared.status).toBe(200);
  expect(cleared.body.data).toEqual([]);
  expect(await tillPrice('b')).toBe(2.5);
  expect((await t.delete(`/api/products/${productId}/branch-prices/b`, inBranch(t.tokens.admin))).status).toBe(200);
  expect((await events()).map((e) => [e.data.priceCents, e.data.version])).toEqual([
    [275, 1],
    [310, 2],
    [null, 3],
  ]);
});

it('lets a manager price only the branches they work in, and refuses a cashier, in both languages', async () => {
  const managerAB = t.tokenFor({ role: 'manager', homeBranch: 'a', branches: ['a', 'b'] });
  expect((await t.put(`/api/products/${productId}/branch-prices/b`, { price: 1.5 }, inBranch(managerAB, 'a'))).status).toBe(200);
  const refused = await t.put(`/api/products/${productId}/branch-prices/c`, { price: 1.5 }, inBranch(managerAB, 'a'));
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'You may not work in this branch' });
  const ku = await t.put(`/api/products/${productId}/branch-prices/c`, { price: 1.5 }, inBranch(managerAB, 'a', 'ku'));
  expect(ku.body.message).toBe('ڕێگەت پێنەدراوە لەم لقەدا کار بکەیت');
  expect((await t.put(`/api/products/${productId}/branch-prices/main`, { price: 1.5 }, inBranch(t.tokens.cashier))).status).toBe(403);
  expect(await tillPrice('c')).toBe(2.5);
});

it('refuses a bad price and an unknown product', async () => {
  const bad = await t.put(`/api/products/${productId}/branch-prices/b`, { price: -1 }, inBranch(t.tokens.admin));
  expect(bad.status).toBe(400);
  expect(bad.body.errors.price.message).toBe('Please enter a valid number');
  expect((await t.put(`/api/products/${productId}/branch-prices/b`, { price: 1, cost: 1 }, inBranch(t.tokens.admin))).status).toBe(400);
  expect(
    (await t.put('/api/products/00000000-0000-4000-8000-000000000009/branch-prices/b', { price: 1 }, inBranch(t.tokens.admin))).status,
  ).toBe(404);
  expect((await t.get('/api/products/not-an-id/branch-prices', inBranch(t.tokens.admin))).status).toBe(404);
});
