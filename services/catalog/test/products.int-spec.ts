import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

let t: ServiceTestApp;
let categoryId: string;
beforeAll(async () => {
  t = await startCatalog();
  const res = await t.post('/api/categories', { name: { en: 'Drinks', ku: 'خواردنەوە' } }, { token: t.tokens.admin });
  expect(res.status).toBe(201);
  categoryId = res.body._id;
});
afterAll(() => t.close());

describe('creating a product', () => {
  it('creates a bilingual product with the defaults and returns it with its category', async () => {
    const body = productBody(categoryId);
    const res = await t.post('/api/products', body, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sku: body.sku,
      barcode: body.barcode,
      name: body.name,
      description: { en: 'Loose leaf', ku: '' },
      category: { _id: categoryId, name: { en: 'Drinks', ku: 'خواردنەوە' } },
      price: 2.5,
      cost: 1.25,
      quantity: 1,
      reorderLevel: 10,
      active: true,
      discount: 0,
      stockStatus: 'low',
      merged: false,
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.costHistory).toEqual([{ date: expect.any(String), quantity: 1, cost: 1.25 }]);

    const again = await t.get(`/api/products/${res.body._id}`, { token: t.tokens.cashier });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: res.body._id, name: body.name, price: 2.5 });
  });
});

describe('a price in dollars or in dinars', () => {
  it('prices in dinars when asked, announces the dinar price, and a client sending only `price` prices in dollars', async () => {
    const body = { ...productBody(categoryId), price: 36.1, priceCurrency: 'IQD', priceIqd: 52_345 };
    const res = await t.post('/api/products', body, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 36.1, priceCurrency: 'IQD', priceIqd: 52_345 });
    const [event] = (
      await t.dataSource().query(`SELECT data FROM outbox WHERE type = 'dukan.catalog.product.created.v1' ORDER BY seq DESC LIMIT 1`)
    ).map((r: { data: unknown }) => r.data);
    expect(event).toMatchObject({ productId: res.body._id, priceCents: 3610, priceCurrency: 'IQD', priceMinor: 52_345 });

    // The specification's client changes the price in dollars: the product is priced in dollars from then on.
    const spec = await t.put(`/api/products/${res.body._id}`, { price: 40 }, { token: t.tokens.admin });
    expect(spec.status).toBe(200);
    expect(spec.body).toMatchObject({ price: 40, priceCurrency: 'USD', priceIqd: null });
    const plain = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    expect(plain.body).toMatchObject({ priceCurrency: 'USD', priceIqd: null });

    const missing = await t.post('/api/products', { ...productBody(categoryId), priceCurrency: 'IQD' }, { token: t.tokens.admin });
    expect(missing.status).toBe(400);
    expect(missing.body.errorKeys).toMatchObject({ priceIqd: 'validation.invalidNumber' });
  });
});

describe('product validation', () => {
  it('refuses a form without sku, barcode, English name, category, price and cost, with the spec keys', async () => {
    const res = await t.post('/api/products', { name: { en: '', ku: 'تەنها کوردی' } }, { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errorKeys).toMatchObject({
      sku: 'validation.required',
      barcode: 'validation.required',
      'name.en': 'validation.required',
      category: 'validation.requiredCategory',
      price: 'validation.invalidNumber',
      cost: 'validation.invalidNumber',
    });
    expect(res.body.errors.category.message).toBe('Please select a category');
    expect(res.body.errors.price.message).toBe('Please enter a valid number');
  });

  it.each([
    ['price', -1],
    ['price', 'abc'],
    ['cost', ''],
    ['cost', -0.01],
  ])('refuses %s = %j as an invalid number', async (field, value) => {
    const res = await t.post('/api/products', productBody(categoryId, { [field]: value }), { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errorKeys[field]).toBe('validation.invalidNumber');
  });

  it('accepts numbers typed as strings and stores them in cents', async () => {
    const res = await t.post('/api/products', productBody(categoryId, { price: '12.345', cost: '0.10' }), { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ price: 12.35, cost: 0.1 });
    const [row] = await t.dataSource().query(`SELECT price_cents, cost_cents FROM products WHERE id = $1`, [res.body._id]);
    expect(row).toEqual({ price_cents: 1235, cost_cents: 10 });
  });

  it('refuses a category that does not exist', async () => {
    const res = await t.post('/api/products', productBody('00000000-0000-4000-8000-0000000000ff'), { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errorKeys).toEqual({ category: 'validation.requiredCategory' });
  });

  it('refuses a quantity below 1, a discount above 100 and fields it does not know', async () => {
    const res = await t.post('/api/products', productBody(categoryId, { quantity: 0, discount: 120, role: 'admin' }), {
      token: t.tokens.admin,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errorKeys).sort()).toEqual(['discount', 'quantity', 'role']);
  });

  it('refuses a barcode that another live product has, with the spec text', async () => {
    const first = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    const res = await t.post('/api/products', productBody(categoryId, { barcode: first.body.barcode }), { token: t.tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'DUPLICATE_BARCODE',
      error: 'This barcode already exists',
      errorKeys: { barcode: 'products.duplicateBarcode' },
    });
  });

  it('answers in Kurdish when asked', async () => {
    const res = await t.post('/api/products', { sku: 'x' }, { token: t.tokens.admin, headers: { 'accept-language': 'ku' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.category.message).toBe('تکایە پۆلێک هەڵبژێرە');
  });
});

describe('SKU merge and average cost', () => {
  it('adds the quantity of a second product with the same sku as a cost batch and averages the cost', async () => {
    const body = productBody(categoryId, { quantity: 10, cost: 2 });
    const first = await t.post('/api/products', body, { token: t.tokens.admin });
    expect(first.status).toBe(201);

    const again = await t.post(
      '/api/products',
      { ...body, sku: String(body.sku).toLowerCase(), quantity: 10, cost: 4 },
      { token: t.tokens.manager },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: first.body._id, merged: true, quantity: 20, cost: 3 });
    expect(again.body.message).toMatch(/already exists/);
    expect(again.body.costHistory.map((h: { quantity: number; cost: number }) => [h.quantity, h.cost])).toEqual([
      [10, 4],
      [10, 2],
    ]);

    const count = await t.dataSource().query(`SELECT count(*)::int AS n FROM products WHERE lower(sku) = lower($1)`, [body.sku]);
    expect(count[0].n).toBe(1);
  });

  it('refuses a different barcode for an existing sku and changes nothing', async () => {
    const body = productBody(categoryId, { quantity: 5 });
    const first = await t.post('/api/products', body, { token: t.tokens.admin });
    const res = await t.post('/api/products', { ...body, barcode: '4006381333931' }, { token: t.tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE_SKU');
    expect(res.body.errors.barcode.message).toContain(String(body.barcode));
    const after = await t.get(`/api/products/${first.body._id}`, { token: t.tokens.admin });
    expect(after.body.quantity).toBe(5);
  });

  it('receives stock with PATCH quantity and cost, keeping the history newest first', async () => {
    const p = await t.post('/api/products', productBody(categoryId, { quantity: 4, cost: 1 }), { token: t.tokens.admin });
    const res = await t.patch(`/api/products/${p.body._id}/quantity`, { quantity: 6, cost: 2 }, { token: t.tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ quantity: 10, cost: 1.6, stockStatus: 'low' });
    expect(res.body.costHistory[0]).toMatchObject({ quantity: 6, cost: 2 });
    expect(res.body.costHistory[1]).toMatchObject({ quantity: 4, cost: 1 });

    const bad = await t.patch(`/api/products/${p.body._id}/quantity`, { quantity: 0 }, { token: t.tokens.admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errorKeys)).toEqual(['quantity']);
  });
});

describe('concurrent saves of one new SKU', () => {
  it('creates one product and merges the others into it', async () => {
    const body = productBody(categoryId, { quantity: 2, cost: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.post('/api/products', body, { token: t.tokens.admin })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    const product = await t.get(`/api/products/${answers[0]!.body._id}`, { token: t.tokens.admin });
    expect(product.body.quantity).toBe(10);
    expect(product.body.costHistory).toHaveLength(5);
  });
});

describe('editing and deleting', () => {
  it('updates fields, bumps the version, audits the price change and publishes the update', async () => {
    const p = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    const res = await t.put(
      `/api/products/${p.body._id}`,
      {
        ...p.body,
        category: p.body.category,
        name: { en: 'Black tea', ku: 'چای ڕەش' },
        price: 3,
        discount: 10,
        costHistory: undefined,
        merged: undefined,
      },
      { token: t.tokens.manager },
    );
    // the form sends back what it read; fields that are not editable are refused
    expect(res.status).toBe(400);

    const ok = await t.put(
      `/api/products/${p.body._id}`,
      { name: { en: 'Black tea', ku: 'چای ڕەش' }, price: 3, discount: 10 },
      { token: t.tokens.manager },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: { en: 'Black tea', ku: 'چای ڕەش' }, price: 3, discount: 10, version: 2, sku: p.body.sku });
    const audits = await t
      .dataSource()
      .query(`SELECT details FROM audit_log WHERE action = 'product.price-changed' AND target_id = $1`, [p.body._id]);
    expect(audits[0].details).toMatchObject({ before: { priceCents: 250 }, after: { priceCents: 300, discountPercent: 10 } });
    const events = await t
      .dataSource()
      .query(`SELECT data FROM outbox WHERE type = 'dukan.catalog.product.updated.v1' AND data->>'productId' = $1`, [p.body._id]);
    expect(events.map((e: { data: { version: number; priceCents: number } }) => [e.data.version, e.data.priceCents])).toEqual([[2, 300]]);
  });

  it("refuses another product's sku or barcode on edit", async () => {
    const a = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    const b = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    const sku = await t.put(`/api/products/${b.body._id}`, { sku: a.body.sku }, { token: t.tokens.admin });
    expect(sku.status).toBe(409);
    expect(sku.body.code).toBe('DUPLICATE_SKU');
    const bc = await t.put(`/api/products/${b.body._id}`, { barcode: a.body.barcode }, { token: t.tokens.admin });
    expect(bc.status).toBe(409);
    expect(bc.body.error).toBe('This barcode already exists');
  });

  it('sets the branch count through an adjustment in the ledger', async () => {
    const p = await t.post('/api/products', productBody(categoryId, { quantity: 8 }), { token: t.tokens.admin });
    const res = await t.put(`/api/products/${p.body._id}`, { quantity: 3 }, { token: t.tokens.admin });
    expect(res.body).toMatchObject({ quantity: 3, stockStatus: 'low' });
    const moves = await t.get(`/api/products/${p.body._id}/stock-movements`, { token: t.tokens.manager });
    expect(moves.status).toBe(200);
    expect(moves.body.map((m: { reason: string; delta: number; quantityAfter: number }) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['adjusted', -5, 3],
      ['received', 8, 8],
    ]);
    expect(moves.body[1]).toMatchObject({ unitCost: 1.25, refType: 'product', actorId: expect.any(String) });
  });

  it('soft-deletes: gone from lists and lookups, row kept, sku and barcode free again', async () => {
    const body = productBody(categoryId);
    const p = await t.post('/api/products', body, { token: t.tokens.admin });
    const del = await t.delete(`/api/products/${p.body._id}`, { token: t.tokens.manager });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Product deleted successfully' });
    expect((await t.get(`/api/products/${p.body._id}`, { token: t.tokens.admin })).status).toBe(404);
    const list = await t.get('/api/products', { token: t.tokens.admin });
    expect(list.body.some((x: { _id: string }) => x._id === p.body._id)).toBe(false);
    const [row] = await t.dataSource().query(`SELECT deleted_at IS NOT NULL AS deleted, active FROM products WHERE id = $1`, [p.body._id]);
    expect(row).toEqual({ deleted: true, active: false });
    const reborn = await t.post('/api/products', body, { token: t.tokens.admin });
    expect(reborn.status).toBe(201);
    expect(reborn.body._id).not.toBe(p.body._id);
    expect((await t.delete(`/api/products/${p.body._id}`, { token: t.tokens.admin })).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const res = await t.get('/api/products/00000000-0000-4000-8000-000000000000', { token: t.tokens.admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Product not found');
    expect((await t.get('/api/products/not-an-id', { token: t.tokens.admin })).status).toBe(404);
  });
});
