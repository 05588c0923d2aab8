import { randomUUID } from 'node:crypto';
import type { EventEnvelope, ProductEventData, SaleEventData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

/** A sale event as sales sends it: one line of `quantity`, each taking `unitsPerQuantity` units. */
function saleOf(productId: string, quantity: number, unitsPerQuantity: number, extra: Partial<SaleEventData['lines'][number]> = {}) {
  const saleId = randomUUID();
  const cashier = '00000000-0000-4000-8000-000000000003';
  const event: EventEnvelope<SaleEventData> = {
    id: randomUUID(),
    type: 'dukan.sales.sale.completed.v1',
    occurredAt: new Date().toISOString(),
    branchId: 'main',
    actorId: cashier,
    data: {
      saleId,
      invoiceNumber: 'INV-1',
      register: 'main',
      branchId: 'main',
      cashierId: cashier,
      customerId: null,
      currency: 'USD',
      exchangeRate: 1450,
      lines: [
        {
          lineId: randomUUID(),
          productId,
          sku: 'x',
          name: { en: 'x', ku: '' },
          quantity,
          unitPriceCents: 100,
          unitCostCents: 50,
          discountCents: 0,
          subtotalCents: 100,
          unitsPerQuantity,
          ...extra,
        },
      ],
      subtotalCents: 0,
      discountCents: 0,
      loyaltyDiscountCents: 0,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 0,
      pointsRedeemed: 0,
      redemptionId: null,
      pointsAwarded: 0,
      paymentMethod: 'cash',
      tenderedMinor: 0,
      changeMinor: 0,
      completedAt: new Date().toISOString(),
    },
  };
  return event;
}

describe('packs and weighed goods in the catalogue', () => {
  let t: ServiceTestApp;
  let categoryId: string;
  beforeAll(async () => {
    t = await startCatalog();
    categoryId = (await t.post('/api/categories', { name: { en: 'Drinks', ku: 'خواردنەوە' } }, { token: t.tokens.admin })).body._id;
  });
  afterAll(() => t.close());

  const lastProductEvent = async (productId: string) => {
    const [row] = await t
      .dataSource()
      .query(`SELECT data FROM outbox WHERE type LIKE 'dukan.catalog.product.%' AND data->>'productId' = $1 ORDER BY seq DESC LIMIT 1`, [
        productId,
      ]);
    return row.data as ProductEventData;
  };

  it('keeps a carton of 12 with its own barcode and price, found by its barcode, and tells sales', async () => {
    const body = productBody(categoryId, {
      quantity: 48,
      price: 0.75,
      packs: [{ barcode: `C${Date.now()}`, units: 12, price: 8, name: { en: 'Carton', ku: 'کارتۆن' } }],
    });
    const res = await t.post('/api/products', body, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    const pack = res.body.packs[0];
    expect(res.body.soldBy).toBe('unit');
    expect(pack).toMatchObject({
      barcode: (body.packs as { barcode: string }[])[0]!.barcode,
      units: 12,
      price: 8,
      priceIqd: null,
      name: { en: 'Carton', ku: 'کارتۆن' },
    });

    const found = await t.get(`/api/products/search/${encodeURIComponent(pack.barcode)}`, { token: t.tokens.cashier });
    expect(found.body.map((p: { _id: string }) => p._id)).toEqual([res.body._id]);

    const event = await lastProductEvent(res.body._id);
    expect(event.packs).toEqual([
      { packId: pack._id, barcode: pack.barcode, units: 12, priceCents: 800, priceCurrency: 'USD', priceMinor: 800 },
    ]);

    // A sale of 2 cartons takes 24 units.
    await t.bus.publish(saleOf(res.body._id, 2, 12));
    expect((await t.get(`/api/products/${res.body._id}`, { token: t.tokens.admin })).body.quantity).toBe(24);
  });

  it('prices a dinar product’s pack in dinars, and refuses a pack barcode that is taken, in English and Kurdish', async () => {
    const other = await t.post('/api/products', productBody(categoryId), { token: t.tokens.admin });
    const body = productBody(categoryId, {
      priceCurrency: 'IQD',
      priceIqd: 1000,
      packs: [{ barcode: other.body.barcode, units: 6, price: 4, priceIqd: 5750 }],
    });
    const refused = await t.post('/api/products', body, { token: t.tokens.admin, headers: { 'accept-language': 'ku' } });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.['packs.0.barcode'] ?? refused.body.message).toBeTruthy();
    expect(JSON.stringify(refused.body)).toContain('ئەم بارکۆدە پێشتر هی کاڵایەک یان پاکەتێکی ترە');

    const noDinars = await t.post(
      '/api/products',
      { ...body, packs: [{ barcode: `D${Date.now()}`, units: 6, price: 4 }] },
      { token: t.tokens.admin },
    );
    expect(noDinars.status).toBe(400);
    expect(JSON.stringify(noDinars.body)).toContain('packs.0.priceIqd');

    const ok = await t.post(
      '/api/products',
      { ...body, packs: [{ barcode: `D${Date.now()}`, units: 6, price: 4, priceIqd: 5750 }] },
      { token: t.tokens.admin },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.packs[0]).toMatchObject({ units: 6, priceIqd: 5750 });
    expect((await lastProductEvent(ok.body._id)).packs?.[0]).toMatchObject({ priceCurrency: 'IQD', priceMinor: 5750, units: 6 });

    // The product's own barcode may not be another product's pack's.
    const clash = await t.put(`/api/products/${other.body._id}`, { barcode: ok.body.packs[0].barcode }, { token: t.tokens.admin });
    expect(clash.status).toBe(409);

    // Priced in dollars again without its packs sent (a client changing only the price): the pack sells at its own
    // dollar price, not at the dinars it had, and the tills are told.
    const dollars = await t.put(`/api/products/${ok.body._id}`, { price: 0.75 }, { token: t.tokens.admin });
    expect(dollars.status).toBe(200);
    expect(dollars.body).toMatchObject({ priceCurrency: 'USD', priceIqd: null });
    expect(dollars.body.packs[0]).toMatchObject({ units: 6, price: 4, priceIqd: null });
    expect((await lastProductEvent(ok.body._id)).packs?.[0]).toMatchObject({ priceCurrency: 'USD', priceMinor: 400, units: 6 });
  });

  it('edits packs on the product form: a new list replaces the old, an empty one removes them', async () => {
    const made = await t.post('/api/products', productBody(categoryId, { packs: [{ barcode: `E${Date.now()}`, units: 12, price: 8 }] }), {
      token: t.tokens.admin,
    });
    const changed = await t.put(
      `/api/products/${made.body._id}`,
      { packs: [{ barcode: `F${Date.now()}`, units: 24, price: 15 }] },
      { token: t.tokens.admin },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.packs).toHaveLength(1);
    expect(changed.body.packs[0]).toMatchObject({ units: 24, price: 15 });
    const untouched = await t.put(`/api/products/${made.body._id}`, { price: 0.8 }, { token: t.tokens.admin });
    expect(untouched.body.packs).toHaveLength(1);
    expect((await lastProductEvent(made.body._id)).packs).toBeUndefined(); // replicas keep the packs they hold
    const cleared = await t.put(`/api/products/${made.body._id}`, { packs: [] }, { token: t.tokens.admin });
    expect(cleared.body.packs).toEqual([]);
    expect((await lastProductEvent(made.body._id)).packs).toEqual([]);
  });

  it('counts a carton scanned in a stocktake as its 12 units', async () => {
    const cat = (await t.post('/api/categories', { name: { en: `Cartons ${Date.now()}`, ku: 'کارتۆن' } }, { token: t.tokens.admin })).body
      ._id;
    const made = await t.post(
      '/api/products',
      productBody(cat, { quantity: 30, packs: [{ barcode: `S${Date.now()}`, units: 12, price: 8 }] }),
      {
        token: t.tokens.admin,
      },
    );
    const started = await t.post('/api/stocktakes', { categories: [cat] }, { token: t.tokens.manager });
    expect(started.status).toBe(201);
    const counted = await t.post(
      `/api/stocktakes/${started.body.data._id}/counts`,
      {
        lines: [
          { barcode: made.body.packs[0].barcode, quantity: 2 },
          { barcode: made.body.barcode, quantity: 5 },
        ],
      },
      { token: t.tokens.cashier },
    );
    expect(counted.status).toBe(200);
    expect(counted.body.data).toEqual([expect.objectContaining({ productId: made.body._id, counted: 29 })]);
  });

  it('keeps a weighed product’s stock in grams, with its scale code, and a sale of 1.250 kg takes 1,250 g', async () => {
    const code = String(Date.now() % 100000);
    const res = await t.post(
      '/api/products',
      productBody(categoryId, { soldBy: 'weight', scaleCode: `0${code}`, quantity: 10_000, price: 12.99 }),
      {
        token: t.tokens.admin,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ soldBy: 'weight', scaleCode: code, quantity: 10_000 });
    expect(await lastProductEvent(res.body._id)).toMatchObject({ soldBy: 'weight', scaleCode: code });

    const taken = await t.post('/api/products', productBody(categoryId, { soldBy: 'weight', scaleCode: code }), { token: t.tokens.admin });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain('scaleCode');

    const packed = await t.put(
      `/api/products/${res.body._id}`,
      { packs: [{ barcode: `W${Date.now()}`, units: 12, price: 1 }] },
      { token: t.tokens.admin },
    );
    expect(packed.status).toBe(400);

    await t.bus.publish(saleOf(res.body._id, 1250, 1, { weighed: true }));
    expect((await t.get(`/api/products/${res.body._id}`, { token: t.tokens.admin })).body.quantity).toBe(8750);
  });
});
