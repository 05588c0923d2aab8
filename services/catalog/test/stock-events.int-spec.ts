import { randomUUID } from 'node:crypto';
import type { EventEnvelope, SaleEventData, SaleRefundedData, SaleVoidedData } from '@dukan/contracts';
import { findNats, type ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

function saleLines(lines: { productId: string; quantity: number }[]): SaleEventData['lines'] {
  return lines.map((l) => ({
    lineId: randomUUID(),
    productId: l.productId,
    sku: 'x',
    name: { en: 'x', ku: '' },
    quantity: l.quantity,
    unitPriceCents: 100,
    unitCostCents: 50,
    discountCents: 0,
    subtotalCents: 100 * l.quantity,
  }));
}

function sale(lines: { productId: string; quantity: number }[], branchId = 'main'): EventEnvelope<SaleEventData> {
  const saleId = randomUUID();
  return {
    id: randomUUID(),
    type: 'dukan.sales.sale.completed.v1',
    occurredAt: new Date().toISOString(),
    branchId,
    actorId: '00000000-0000-4000-8000-000000000003',
    data: {
      saleId,
      invoiceNumber: 'INV-1',
      register: 'main',
      branchId,
      cashierId: '00000000-0000-4000-8000-000000000003',
      customerId: null,
      currency: 'USD',
      exchangeRate: 1450,
      lines: saleLines(lines),
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
}

function stockTests(bus: 'in-process' | 'nats') {
  let t: ServiceTestApp;
  let categoryId: string;
  beforeAll(async () => {
    t = await startCatalog(bus);
    categoryId = (await t.post('/api/categories', { name: { en: 'Snacks', ku: 'سووکە خواردن' } }, { token: t.tokens.admin })).body._id;
  });
  afterAll(() => t.close());

  const newProduct = async (quantity: number, reorderLevel = 10) =>
    (await t.post('/api/products', productBody(categoryId, { quantity, reorderLevel }), { token: t.tokens.admin })).body._id as string;
  const quantityOf = async (id: string) => (await t.get(`/api/products/${id}`, { token: t.tokens.admin })).body.quantity as number;
  /** Waits until the consumer has recorded the event (NATS delivers asynchronously). */
  const processed = async (eventId: string) => {
    for (let i = 0; i < 100; i++) {
      const rows = await t.dataSource().query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [eventId]);
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`event ${eventId} was not processed`);
  };

  it('takes stock off once per sale line however often the sale event arrives', async () => {
    const a = await newProduct(20);
    const b = await newProduct(5);
    const event = sale([
      { productId: a, quantity: 3 },
      { productId: b, quantity: 2 },
    ]);
    await t.bus.publish(event);
    await t.bus.publish(event);
    await processed(event.id);
    await t.bus.publish(event);
    await new Promise((r) => setTimeout(r, bus === 'nats' ? 300 : 0));
    expect(await quantityOf(a)).toBe(17);
    expect(await quantityOf(b)).toBe(3);
    const moves = (await t.get(`/api/products/${a}/stock-movements`, { token: t.tokens.admin })).body;
    expect(moves[0]).toMatchObject({ reason: 'sold', delta: -3, quantityAfter: 17, refType: 'sale', refId: event.data.saleId });
    expect(moves.filter((m: { reason: string }) => m.reason === 'sold')).toHaveLength(1);
  });

  it('takes every line off when a sale has two lines of the same product', async () => {
    const a = await newProduct(20);
    const b = await newProduct(9);
    const event = sale([
      { productId: a, quantity: 1 },
      { productId: b, quantity: 4 },
      { productId: a, quantity: 2 },
    ]);
    await t.bus.publish(event);
    await processed(event.id);
    expect(await quantityOf(a)).toBe(17);
    expect(await quantityOf(b)).toBe(5);
    const moves = (await t.get(`/api/products/${a}/stock-movements`, { token: t.tokens.admin })).body;
    expect(
      moves
        .filter((m: { reason: string }) => m.reason === 'sold')
        .map((m: { delta: number }) => m.delta)
        .sort((x: number, y: number) => x - y),
    ).toEqual([-2, -1]);
  });

  it('lets stock fall below zero and shows the product as out of stock', async () => {
    const id = await newProduct(1);
    const event = sale([{ productId: id, quantity: 4 }]);
    await t.bus.publish(event);
    await processed(event.id);
    const p = (await t.get(`/api/products/${id}`, { token: t.tokens.admin })).body;
    expect(p).toMatchObject({ quantity: -3, stockStatus: 'out' });
  });

  it('puts a voided sale back, once', async () => {
    const id = await newProduct(10);
    const completed = sale([{ productId: id, quantity: 4 }]);
    await t.bus.publish(completed);
    await processed(completed.id);
    const voided: EventEnvelope<SaleVoidedData> = {
      ...completed,
      id: randomUUID(),
      type: 'dukan.sales.sale.voided.v1',
      data: {
        ...completed.data,
        voidedAt: new Date().toISOString(),
        voidedBy: '00000000-0000-4000-8000-000000000001',
        reason: 'wrong item',
      },
    };
    await t.bus.publish(voided);
    await t.bus.publish(voided);
    await processed(voided.id);
    expect(await quantityOf(id)).toBe(10);
    const moves = (await t.get(`/api/products/${id}/stock-movements`, { token: t.tokens.admin })).body;
    expect(moves[0]).toMatchObject({ reason: 'returned', delta: 4, refType: 'void', note: 'wrong item' });
  });

  it('puts back only the refunded units of lines marked for restock', async () => {
    const keep = await newProduct(10);
    const toss = await newProduct(10);
    const completed = sale([
      { productId: keep, quantity: 5 },
      { productId: toss, quantity: 2 },
    ]);
    await t.bus.publish(completed);
    await processed(completed.id);
    const refundId = randomUUID();
    const refunded: EventEnvelope<SaleRefundedData> = {
      id: randomUUID(),
      type: 'dukan.sales.sale.refunded.v1',
      occurredAt: new Date().toISOString(),
      branchId: 'main',
      actorId: null,
      data: {
        saleId: completed.data.saleId,
        refundId,
        invoiceNumber: 'INV-1',
        register: 'main',
        branchId: 'main',
        cashierId: completed.data.cashierId,
        customerId: null,
        currency: 'USD',
        exchangeRate: 1450,
        amountCents: 300,
        pointsReturned: 0,
        pointsRevoked: 0,
        fullyRefunded: false,
        reason: null,
        refundedAt: new Date().toISOString(),
        lines: [
          { lineId: completed.data.lines[0]!.lineId, productId: keep, sku: 'x', quantity: 2, amountCents: 200, restock: true },
          { lineId: completed.data.lines[1]!.lineId, productId: toss, sku: 'x', quantity: 1, amountCents: 100, restock: false },
        ],
      },
    };
    await t.bus.publish(refunded);
    await t.bus.publish(refunded);
    await processed(refunded.id);
    expect(await quantityOf(keep)).toBe(7);
    expect(await quantityOf(toss)).toBe(8);
  });

  it('skips a line whose product the catalog does not know and still applies the rest', async () => {
    const id = await newProduct(6);
    const event = sale([
      { productId: randomUUID(), quantity: 1 },
      { productId: id, quantity: 1 },
    ]);
    await t.bus.publish(event);
    await processed(event.id);
    expect(await quantityOf(id)).toBe(5);
  });

  it('applies sales touching the same products in crossing orders, alongside edits, without losing a unit', async () => {
    const x = await newProduct(100);
    const y = await newProduct(100);
    const events = Array.from({ length: 12 }, (_, i) =>
      sale(
        i % 2 === 0
          ? [
              { productId: x, quantity: 1 },
              { productId: y, quantity: 2 },
            ]
          : [
              { productId: y, quantity: 2 },
              { productId: x, quantity: 1 },
            ],
      ),
    );
    const edits = Array.from({ length: 4 }, (_, i) => t.put(`/api/products/${x}`, { price: 1 + i }, { token: t.tokens.admin }));
    const results = await Promise.allSettled([...events.map((e) => t.bus.publish(e)), ...edits]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const e of events) await processed(e.id);
    expect(await quantityOf(x)).toBe(88);
    expect(await quantityOf(y)).toBe(76);
  });

  it('applies a batch of sales sharing products in one go: every unit, one event per sale, in the order they were sold', async () => {
    const x = await newProduct(50);
    const y = await newProduct(50);
    const cashiers = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    const events = Array.from({ length: 6 }, (_, i) => {
      const e = sale([
        { productId: x, quantity: i + 1 },
        { productId: y, quantity: 1 },
      ]);
      return { ...e, actorId: cashiers[i % 2]!, correlationId: `batch-${i}` };
    });
    expect(await t.bus.publishAll(events)).toEqual([]);
    for (const e of events) await processed(e.id);
    expect(await quantityOf(x)).toBe(50 - 21);
    expect(await quantityOf(y)).toBe(50 - 6);
    type Row = { correlation_id: string; actor_id: string; data: { refId: string; moves: { productId: string; quantityAfter: number }[] } };
    const rows: Row[] = await t.dataSource().query(
      `SELECT correlation_id, actor_id, data FROM outbox WHERE type = 'dukan.catalog.stock.changed.v2' AND data->>'reason' = 'sold'
         AND data->'moves' @> $1::jsonb ORDER BY seq`,
      [JSON.stringify([{ productId: x }])],
    );
    expect(rows.map((r) => r.data.refId)).toEqual(events.map((e) => e.data.saleId));
    expect(rows.map((r) => r.correlation_id)).toEqual(events.map((e) => e.correlationId));
    expect(rows.map((r) => r.actor_id)).toEqual(events.map((e) => e.actorId));
    expect(rows.map((r) => r.data.moves.find((mv) => mv.productId === x)!.quantityAfter)).toEqual([49, 47, 44, 40, 35, 29]);
  });

  it('publishes stock.changed through the outbox: one event per operation, with every product it moved in the order of the lines', async () => {
    const id = await newProduct(9);
    const other = await newProduct(4);
    const event = sale([
      { productId: id, quantity: 2 },
      { productId: other, quantity: 1 },
    ]);
    await t.bus.publish(event);
    await processed(event.id);
    type Data = { reason: string; refId: string | null; moves: { productId: string; delta: number; quantityAfter: number }[] };
    const rows: { data: Data }[] = await t
      .dataSource()
      .query(`SELECT data FROM outbox WHERE type = 'dukan.catalog.stock.changed.v2' AND data->'moves' @> $1::jsonb ORDER BY seq`, [
        JSON.stringify([{ productId: id }]),
      ]);
    expect(rows.map((r) => [r.data.reason, r.data.moves.map((mv) => [mv.productId, mv.delta, mv.quantityAfter])])).toEqual([
      ['received', [[id, 9, 9]]],
      [
        'sold',
        [
          [id, -2, 7],
          [other, -1, 3],
        ],
      ],
    ]);
    expect(rows[1]!.data.refId).toBe(event.data.saleId);
  });
}

describe('stock from sales (in-process bus)', () => stockTests('in-process'));

const nats = await findNats();
(nats ? describe : describe.skip)('stock from sales (NATS JetStream)', () => stockTests('nats'));
