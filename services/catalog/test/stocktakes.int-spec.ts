import { randomUUID } from 'node:crypto';
import type { EventEnvelope, SaleEventData } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

// Counting a branch while it keeps selling: each count is compared with the ledger's stock when it was counted, so a
// sale after the count is not a loss; counters never see what is expected; a manager approves the variance, which
// becomes ledger rows of reason 'counted'. Manual changes carry a reason; stock below zero is listed until cleared.

let t: ServiceTestApp;
let drinks: string;
let snacks: string;
const as = (token: string, extra: Record<string, string> = {}) => ({ token, headers: { 'x-dukan-branch': 'main', ...extra } });
const quantityOf = async (id: string) => (await t.get(`/api/products/${id}`, as(t.tokens.admin))).body.quantity as number;

async function product(category: string, quantity: number, cost: number): Promise<{ id: string; barcode: string }> {
  const made = await t.post('/api/products', productBody(category, { quantity, cost }), as(t.tokens.admin));
  expect(made.status).toBe(201);
  return { id: made.body._id, barcode: made.body.barcode };
}

/** A sale of the till, as sales announces it; resolves once catalog has taken the stock off. */
async function sell(lines: { productId: string; quantity: number }[]): Promise<void> {
  const event: EventEnvelope<SaleEventData> = {
    id: randomUUID(),
    type: 'dukan.sales.sale.completed.v1',
    occurredAt: new Date().toISOString(),
    branchId: 'main',
    actorId: null,
    data: {
      saleId: randomUUID(),
      invoiceNumber: 'INV-1',
      register: 'main',
      branchId: 'main',
      cashierId: '00000000-0000-4000-8000-000000000003',
      customerId: null,
      currency: 'USD',
      exchangeRate: 1450,
      lines: lines.map((l) => ({
        lineId: randomUUID(),
        productId: l.productId,
        sku: 'x',
        name: { en: 'x', ku: '' },
        quantity: l.quantity,
        unitPriceCents: 100,
        unitCostCents: 50,
        discountCents: 0,
        subtotalCents: 100 * l.quantity,
      })),
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
  await t.bus.publish(event);
  for (let i = 0; i < 100; i++) {
    if ((await t.dataSource().query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [event.id])).length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the sale was not applied');
}

beforeAll(async () => {
  t = await startCatalog();
  drinks = (await t.post('/api/categories', { name: { en: 'Drinks', ku: 'خواردنەوە' } }, { token: t.tokens.admin })).body._id;
  snacks = (await t.post('/api/categories', { name: { en: 'Snacks', ku: 'سووکە خواردن' } }, { token: t.tokens.admin })).body._id;
});
afterAll(() => t.close());

it('compares each count with the stock when it was counted while selling goes on, and applies the variance once', async () => {
  const cola = await product(drinks, 10, 0.5); // counted 8 while 10 on hand, then 3 sold: 2 short, 5 left
  const water = await product(drinks, 10, 0.2); // 2 sold before it is counted, then counted 8: no difference
  const juice = await product(drinks, 4, 1.5); // counted by two people, 3 + 3: 2 over
  const chips = await product(snacks, 5, 1);

  const started = await t.post('/api/stocktakes', { categories: [drinks], note: 'Drinks aisle' }, as(t.tokens.manager));
  expect(started.status).toBe(201);
  expect(started.body.data).toMatchObject({
    number: expect.stringMatching(/^ST-\d{6}$/),
    state: 'counting',
    categories: [{ _id: drinks }],
  });
  const id = started.body.data._id as string;
  const count = (lines: unknown[], token = t.tokens.cashier, language = 'en') =>
    t.post(`/api/stocktakes/${id}/counts`, { lines }, as(token, { 'accept-language': language }));

  // A cashier scans on a till: 8 colas, by barcode; what is expected is never in the answer.
  const scanned = await count([
    { barcode: cola.barcode, quantity: 5 },
    { barcode: cola.barcode, quantity: 3 },
  ]);
  expect(scanned.status).toBe(200);
  expect(scanned.body.data).toEqual([expect.objectContaining({ productId: cola.id, counted: 8 })]);
  expect(JSON.stringify(scanned.body)).not.toContain('expected');
  await sell([
    { productId: cola.id, quantity: 3 },
    { productId: water.id, quantity: 2 },
  ]);
  expect((await count([{ product: water.id, quantity: 8 }])).status).toBe(200);
  // Two people count the juice shelf and the back room at once.
  const both = await Promise.all([
    count([{ product: juice.id, quantity: 3 }]),
    count([{ product: juice.id, quantity: 3 }], t.tokens.manager),
  ]);
  expect(both.map((r) => r.status)).toEqual([200, 200]);

  // Out of scope, unknown and below-zero counts are refused in the counter's language.
  expect((await count([{ barcode: chips.barcode, quantity: 1 }], t.tokens.cashier, 'ku')).body.errors['lines.0.barcode'].message).toBe(
    'ئەم کاڵایە لەو پۆلانەدا نییە کە دەژمێردرێن',
  );
  expect((await count([{ barcode: '0000000000000', quantity: 1 }])).body.errors['lines.0.barcode'].message).toBe(
    'No product has this barcode',
  );
  expect((await count([{ product: cola.id, quantity: -9 }])).body.errors.lines.message).toBe('The count of a product cannot go below zero');

  const counts = await t.get(`/api/stocktakes/${id}/counts`, as(t.tokens.cashier));
  expect(counts.body.data.map((c: { productId: string; counted: number }) => [c.productId, c.counted]).sort()).toEqual(
    [
      [cola.id, 8],
      [water.id, 8],
      [juice.id, 6],
    ].sort(),
  );
  // The variance is for who manages stock, not for the counters.
  expect((await t.get(`/api/stocktakes/${id}/variance`, as(t.tokens.cashier))).status).toBe(403);
  const variance = (await t.get(`/api/stocktakes/${id}/variance`, as(t.tokens.manager))).body.data;
  const line = (p: string) => variance.lines.find((l: { productId: string }) => l.productId === p);
  expect(line(cola.id)).toMatchObject({ counted: 8, expected: 10, variance: -2, unitCostCents: 50, varianceCostCents: -100 });
  expect(line(water.id)).toMatchObject({ counted: 8, expected: 8, variance: 0, varianceCostCents: 0 });
  expect(line(juice.id)).toMatchObject({ counted: 6, expected: 4, variance: 2, varianceCostCents: 300 });
  expect(line(chips.id)).toBeUndefined();
  expect(variance.totals).toMatchObject({ counted: 3, unitsOver: 2, unitsShort: 2, varianceUnits: 0, varianceCostCents: 200 });

  const approvals = await Promise.all([1, 2].map(() => t.post(`/api/stocktakes/${id}/approve`, {}, as(t.tokens.manager))));
  expect(approvals.map((r) => r.status)).toEqual([200, 200]);
  expect(approvals[0]!.body.data).toMatchObject({ state: 'approved', approvedAt: expect.any(String) });
  expect(await quantityOf(cola.id)).toBe(5);
  expect(await quantityOf(water.id)).toBe(8);
  expect(await quantityOf(juice.id)).toBe(6);
  expect(await quantityOf(chips.id)).toBe(5);
  const moves = await t
    .dataSource()
    .query(`SELECT product_id, delta, quantity_after FROM stock_movements WHERE reason = 'counted' AND ref_id = $1 ORDER BY delta`, [id]);
  expect(moves).toEqual([
    { product_id: cola.id, delta: -2, quantity_after: 5 },
    { product_id: juice.id, delta: 2, quantity_after: 6 },
  ]);
  expect((await count([{ product: cola.id, quantity: 1 }])).status).toBe(409);
  const [audited] = await t
    .dataSource()
    .query(`SELECT actor_id, details FROM audit_log WHERE action = 'stocktake.approved' AND target_id = $1`, [id]);
  expect(audited.details).toMatchObject({ products: 2, units: 0 });
});

it('counts what nobody counted as none when the manager asks, and clears stock sold below zero', async () => {
  const gum = await product(snacks, 2, 0.1);
  const nuts = await product(snacks, 6, 2);
  await sell([{ productId: gum.id, quantity: 5 }]); // the till sells what the ledger did not know was there
  expect(await quantityOf(gum.id)).toBe(-3);
  const negative = await t.get('/api/products/negative-stock', as(t.tokens.manager));
  expect(negative.body.data).toContainEqual(expect.objectContaining({ productId: gum.id, quantity: -3 }));

  const id = (await t.post('/api/stocktakes', { categories: [snacks] }, as(t.tokens.manager))).body.data._id as string;
  expect((await t.post(`/api/stocktakes/${id}/counts`, { lines: [{ product: gum.id, quantity: 4 }] }, as(t.tokens.cashier))).status).toBe(
    200,
  );
  const variance = (await t.get(`/api/stocktakes/${id}/variance`, as(t.tokens.manager))).body.data;
  expect(variance.uncounted).toBeGreaterThanOrEqual(1);
  expect(variance.lines.find((l: { productId: string }) => l.productId === nuts.id)).toMatchObject({ counted: null, expected: 6 });
  expect((await t.post(`/api/stocktakes/${id}/approve`, { uncounted: 'zero' }, as(t.tokens.manager))).status).toBe(200);
  expect(await quantityOf(gum.id)).toBe(4);
  expect(await quantityOf(nuts.id)).toBe(0);
  const after = await t.get('/api/products/negative-stock', as(t.tokens.manager));
  expect(after.body.data.map((n: { productId: string }) => n.productId)).not.toContain(gum.id);
});

it('asks a reason of every manual stock change and audits it', async () => {
  const tea = await product(drinks, 10, 1);
  const noReason = await t.post(`/api/products/${tea.id}/adjust-stock`, { quantity: 7 }, as(t.tokens.manager, { 'accept-language': 'ku' }));
  expect(noReason.status).toBe(400);
  expect(noReason.body.errors.reason.message).toBe('بڵێ بۆچی کۆگا دەگۆڕێت: تێکچوو، بەسەرچوو، دزی، بەکارهێنانی خۆیی یان ڕاستکردنەوە');
  const otherReason = await t.post(
    `/api/products/${tea.id}/adjust-stock`,
    { quantity: 7, reason: 'because' },
    as(t.tokens.manager, { 'accept-language': 'ku' }),
  );
  expect(otherReason.body.errors.reason.message).toBe('بڵێ بۆچی کۆگا دەگۆڕێت: تێکچوو، بەسەرچوو، دزی، بەکارهێنانی خۆیی یان ڕاستکردنەوە');
  expect((await t.post(`/api/products/${tea.id}/adjust-stock`, { quantity: 7, reason: 'damaged' }, as(t.tokens.cashier))).status).toBe(403);
  const damaged = await t.post(
    `/api/products/${tea.id}/adjust-stock`,
    { quantity: 7, reason: 'damaged', note: 'Dropped a tray' },
    as(t.tokens.manager),
  );
  expect(damaged.status).toBe(200);
  expect(damaged.body.data.quantity).toBe(7);
  const same = await t.post(`/api/products/${tea.id}/adjust-stock`, { quantity: 7, reason: 'correction' }, as(t.tokens.manager));
  expect(same.body.errors.quantity.message).toBe('The stock is already 7');
  // The product form's quantity change says why too (a correction when the client does not say).
  expect((await t.put(`/api/products/${tea.id}`, { quantity: 6, stockReason: 'own_use' }, as(t.tokens.manager))).status).toBe(200);
  const moves = (await t.get(`/api/products/${tea.id}/stock-movements`, as(t.tokens.manager))).body;
  expect(moves.slice(0, 2)).toMatchObject([
    { reason: 'adjusted', delta: -1, adjustmentReason: 'own_use' },
    { reason: 'adjusted', delta: -3, adjustmentReason: 'damaged', note: 'Dropped a tray' },
  ]);
  const audits = await t
    .dataSource()
    .query(`SELECT details FROM audit_log WHERE action = 'stock.adjusted' AND target_id = $1 ORDER BY id`, [tea.id]);
  expect(audits.map((a: { details: unknown }) => a.details)).toMatchObject([
    { before: 10, after: 7, reason: 'damaged', note: 'Dropped a tray' },
    { before: 7, after: 6, reason: 'own_use' },
  ]);
});
