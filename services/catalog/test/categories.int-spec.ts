import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startCatalog();
});
afterAll(() => t.close());

const create = async (en: string, ku: string, parent?: string | null, extra: Record<string, unknown> = {}) => {
  const res = await t.post(
    '/api/categories',
    { name: { en, ku }, ...(parent !== undefined ? { parent } : {}), ...extra },
    { token: t.tokens.admin },
  );
  expect(res.status).toBe(201);
  return res.body._id as string;
};

describe('categories', () => {
  it('builds a bilingual tree and lists it flat and nested', async () => {
    const food = await create('Food', 'خۆراک');
    const dairy = await create('Dairy', 'شیرەمەنی', food, { image: 'https://img/dairy.png' });
    const cheese = await create('Cheese', 'پەنیر', dairy);
    const res = await t.get('/api/categories', { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.find((c: { _id: string }) => c._id === dairy)).toMatchObject({
      name: { en: 'Dairy', ku: 'شیرەمەنی' },
      parent: food,
      image: 'https://img/dairy.png',
      active: true,
      productCount: 0,
    });
    const tree = await t.get('/api/categories/tree', { token: t.tokens.cashier });
    const foodNode = tree.body.find((c: { _id: string }) => c._id === food);
    expect(foodNode.children.map((c: { _id: string }) => c._id)).toEqual([dairy]);
    expect(foodNode.children[0].children.map((c: { _id: string }) => c._id)).toEqual([cheese]);
    expect((await t.get(`/api/categories/${cheese}`, { token: t.tokens.manager })).body).toMatchObject({ _id: cheese, parent: dairy });
  });

  it('keeps inactive categories and their branches out of the choices, but shows them to the admin', async () => {
    const home = await create('Home', 'ماڵ');
    const kitchen = await create('Kitchen', 'چێشتخانە', home);
    const off = await t.put(`/api/categories/${home}`, { active: false }, { token: t.tokens.manager });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, version: 2 });
    const choices = (await t.get('/api/categories', { token: t.tokens.cashier })).body.map((c: { _id: string }) => c._id);
    expect(choices).not.toContain(home);
    expect(choices).not.toContain(kitchen);
    const tree = (await t.get('/api/categories/tree', { token: t.tokens.cashier })).body.map((c: { _id: string }) => c._id);
    expect(tree).not.toContain(home);
    expect(tree).not.toContain(kitchen);
    const all = (await t.get('/api/categories?active=all', { token: t.tokens.admin })).body.map((c: { _id: string }) => c._id);
    expect(all).toEqual(expect.arrayContaining([home, kitchen]));
  });

  it('requires an English name and an existing parent', async () => {
    const res = await t.post('/api/categories', { name: { en: ' ', ku: 'تەنها' } }, { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errorKeys).toEqual({ 'name.en': 'validation.required' });
    const orphan = await t.post(
      '/api/categories',
      { name: { en: 'X' }, parent: '00000000-0000-4000-8000-0000000000aa' },
      { token: t.tokens.admin },
    );
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors).toEqual({ parent: { message: 'The parent category does not exist' } });
  });

  it('refuses to put a category inside itself or its own descendant', async () => {
    const a = await create('A', '');
    const b = await create('B', '', a);
    const c = await create('C', '', b);
    for (const parent of [a, c]) {
      const res = await t.put(`/api/categories/${a}`, { parent }, { token: t.tokens.admin });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'CATEGORY_CYCLE',
        error: 'A category cannot be placed inside itself or one of its subcategories',
      });
    }
    const moved = await t.put(`/api/categories/${c}`, { parent: null }, { token: t.tokens.admin });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBeNull();
  });

  it('refuses to delete a category with subcategories or products, then deletes it when empty', async () => {
    const parent = await create('Stationery', 'نووسینگە');
    const child = await create('Pens', 'پێنووس', parent);
    const hasChildren = await t.delete(`/api/categories/${parent}`, { token: t.tokens.admin });
    expect(hasChildren.status).toBe(409);
    expect(hasChildren.body).toMatchObject({
      code: 'CATEGORY_HAS_CHILDREN',
      error: 'This category has subcategories and cannot be deleted',
    });

    const product = await t.post('/api/products', productBody(child), { token: t.tokens.admin });
    const inUse = await t.delete(`/api/categories/${child}`, { token: t.tokens.admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'CATEGORY_IN_USE', error: 'This category still has products and cannot be deleted' });

    await t.delete(`/api/products/${product.body._id}`, { token: t.tokens.admin });
    expect((await t.delete(`/api/categories/${child}`, { token: t.tokens.admin })).status).toBe(200);
    const done = await t.delete(`/api/categories/${parent}`, { token: t.tokens.admin });
    expect(done.body).toEqual({ success: true, message: 'Category deleted successfully' });
    expect((await t.get(`/api/categories/${parent}`, { token: t.tokens.admin })).status).toBe(404);
    const all = (await t.get('/api/categories?active=all', { token: t.tokens.admin })).body.map((c: { _id: string }) => c._id);
    expect(all).not.toContain(parent);
  });

  it('publishes category events through the outbox', async () => {
    const id = await create('Toys', 'یاری');
    await t.put(`/api/categories/${id}`, { name: { en: 'Toys & games', ku: 'یاری' } }, { token: t.tokens.admin });
    const events = await t.dataSource().query(`SELECT type, data FROM outbox WHERE data->>'categoryId' = $1 ORDER BY occurred_at`, [id]);
    expect(events.map((e: { type: string; data: { version?: number } }) => [e.type, e.data.version])).toEqual([
      ['dukan.catalog.category.created.v1', 1],
      ['dukan.catalog.category.updated.v1', 2],
    ]);
  });
});
