// GET list and detail, void and refund (events, audit), and who may call which sales route.
import { randomBytes, randomUUID } from 'node:crypto';
import { authorizationMatrix, matrixFailures, roleCallers, startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSalesConfig, SalesModule } from '@dukan/sales';
import {
  countRows,
  envelope,
  holds,
  outboxEvents,
  publishProduct,
  salePayload,
  startFakeLoyalty,
  startFakeSettings,
  type FakeLoyalty,
  type FakeSettings,
  type TestProduct,
} from './helpers.js';

let t: ServiceTestApp;
let loyalty: FakeLoyalty;
let settings: FakeSettings;
const token = randomBytes(24).toString('base64url');
let bread: TestProduct;
let milk: TestProduct;
let eggs: TestProduct;
const customer = randomUUID();
const CASHIER_ID = '00000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  loyalty = await startFakeLoyalty(() => token);
  settings = await startFakeSettings(() => token);
  t = await startServiceApp({
    service: 'sales',
    env: { INTERNAL_TOKEN: token, LOYALTY_URL: loyalty.url, SETTINGS_URL: settings.url },
    module: (env) => SalesModule.register(loadSalesConfig(env)),
  });
  bread = await publishProduct(t, { priceCents: 250 });
  milk = await publishProduct(t, { priceCents: 199, discountPercent: 10 });
  eggs = await publishProduct(t, { priceCents: 333 });
  await t.bus.publish(
    envelope('dukan.loyalty.customer.created.v1', {
      customerId: customer,
      firstName: 'Karwan',
      lastName: 'Othman',
      phone: '07701112233',
      email: null,
      languagePreference: 'en',
      loyaltyPoints: 1000,
      totalSpentCents: 0,
      purchaseCount: 0,
      memberSince: new Date().toISOString(),
      version: 1,
    }),
  );
  await t.bus.publish(
    envelope('dukan.identity.user.created.v1', {
      userId: CASHIER_ID,
      username: 'cashier',
      firstName: 'Dara',
      lastName: 'Salih',
      email: 'dara@example.com',
      role: 'cashier',
      active: true,
      tokenVersion: 1,
      languagePreference: 'en',
      permissions: null,
    }),
  );
});
afterEach(() => {
  loyalty.answer = holds(0, 0);
});
afterAll(async () => {
  await t.close();
  await loyalty.close();
  await settings.close();
});

async function sell(lines: Parameters<typeof salePayload>[0], o: Parameters<typeof salePayload>[1] = {}) {
  const res = await t.post('/api/transactions', salePayload(lines, o), { token: t.tokens.cashier });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('detail and list', () => {
  it('shows a sale with customer and cashier names, lines and totals', async () => {
    const sale = await sell(
      [
        { product: bread, quantity: 2 },
        { product: milk, quantity: 1 },
      ],
      { customer },
    );
    const res = await t.get(`/api/transactions/${sale._id}`, { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      _id: sale._id,
      invoiceNumber: sale.invoiceNumber,
      total: 6.79,
      subtotal: 6.79,
      taxAmount: 0,
      taxRate: 0,
      discountAmount: 0,
      paymentStatus: 'paid',
      paymentStatusLabel: 'Completed',
      paymentMethod: 'cash',
      currency: 'USD',
      register: 'main',
      refunded: false,
      customer: { firstName: 'Karwan', lastName: 'Othman', phone: '07701112233' },
      cashier: { firstName: 'Dara', lastName: 'Salih', username: 'cashier' },
    });
    expect(res.body.data.transactionDate).toBe(sale.createdAt);
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ quantity: 2, unitPrice: 2.5, subtotal: 5, productSnapshot: expect.objectContaining({ sku: bread.sku }) }),
      expect.objectContaining({ quantity: 1, unitPrice: 1.99, subtotal: 1.79, discount: 10 }),
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.get(`/api/transactions/${randomUUID()}`, { token: t.tokens.cashier })).status).toBe(404);
    expect((await t.get(`/api/transactions/not-an-id`, { token: t.tokens.cashier })).status).toBe(404);
  });

  it("pages newest first, with the spec's ?limit=1000 and a pagination block", async () => {
    for (let i = 0; i < 3; i++) await sell([{ product: eggs, quantity: 1 + i }]);
    const all = await t.get('/api/transactions?limit=1000', { token: t.tokens.cashier });
    expect(all.status).toBe(200);
    const total = all.body.pagination.total;
    expect(all.body.data).toHaveLength(total);
    const dates = all.body.data.map((s: { createdAt: string }) => s.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await t.get('/api/transactions?limit=2&page=2', { token: t.tokens.cashier });
    expect(page2.body.pagination).toMatchObject({ total, page: 2, limit: 2, pages: Math.ceil(total / 2) });
    expect(page2.body.data.map((s: { _id: string }) => s._id)).toEqual(all.body.data.slice(2, 4).map((s: { _id: string }) => s._id));
    // Keyset paging: following nextCursor walks the same order, without repeats or gaps, to the end.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await t.get(`/api/transactions?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: t.tokens.cashier });
      walked.push(...res.body.data.map((s: { _id: string }) => s._id));
      cursor = res.body.pagination.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.body.data.map((s: { _id: string }) => s._id));
    expect((await t.get('/api/transactions?cursor=bm9wZQ', { token: t.tokens.cashier })).status).toBe(400);
    expect((await t.get('/api/transactions?limit=1001', { token: t.tokens.cashier })).status).toBe(400);
  });

  it('searches by invoice number, customer name and amount', async () => {
    const sale = await sell([{ product: eggs, quantity: 7 }], { customer }); // 23.31
    const byInvoice = await t.get(`/api/transactions?search=${sale.invoiceNumber}`, { token: t.tokens.cashier });
    expect(byInvoice.body.data.map((s: { _id: string }) => s._id)).toEqual([sale._id]);
    const byName = await t.get('/api/transactions?search=karwan%20oth&limit=100', { token: t.tokens.cashier });
    expect(byName.body.data.length).toBeGreaterThanOrEqual(2);
    expect(byName.body.data.every((s: { customer: { firstName: string } | null }) => s.customer?.firstName === 'Karwan')).toBe(true);
    const byAmount = await t.get('/api/transactions?search=23.31', { token: t.tokens.cashier });
    expect(byAmount.body.data.map((s: { _id: string }) => s._id)).toContain(sale._id);
    expect(byAmount.body.data.every((s: { total: number }) => s.total === 23.31)).toBe(true);
  });

  it("finds a sale by its customer's Kurdish name typed on an Arabic keyboard", async () => {
    const kurdish = randomUUID();
    await t.bus.publish(
      envelope('dukan.loyalty.customer.created.v1', {
        customerId: kurdish,
        firstName: 'کاروان',
        lastName: 'عوسمان',
        phone: '07709990000',
        email: null,
        languagePreference: 'ku',
        loyaltyPoints: 0,
        totalSpentCents: 0,
        purchaseCount: 0,
        memberSince: new Date().toISOString(),
        version: 1,
      }),
    );
    // The customer's replica came by its event; the sale is tied to it directly (loyalty here knows only Karwan).
    const sale = await sell([{ product: bread, quantity: 1 }]);
    await t.dataSource().query(`UPDATE sales SET customer_id = $1 WHERE id = $2`, [kurdish, sale._id]);
    for (const term of ['كاروان', 'کاروان عوسمان']) {
      const res = await t.get(`/api/transactions?search=${encodeURIComponent(term)}`, { token: t.tokens.cashier });
      expect([term, res.body.data.map((s: { _id: string }) => s._id)]).toEqual([term, [sale._id]]);
    }
  });

  it("filters by date range in the shop's time zone", async () => {
    const sale = await sell([{ product: bread, quantity: 1 }]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baghdad' }).format(new Date(sale.createdAt));
    const inRange = await t.get(`/api/transactions?from=${today}&to=${today}&limit=1000`, { token: t.tokens.cashier });
    expect(inRange.body.data.map((s: { _id: string }) => s._id)).toContain(sale._id);
    const past = await t.get('/api/transactions?from=2020-01-01&to=2020-01-31', { token: t.tokens.cashier });
    expect(past.body).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await t.get('/api/transactions?from=yesterday', { token: t.tokens.cashier })).status).toBe(400);
  });
});

describe('void', () => {
  it('keeps the record, marks it voided, writes the audit log and announces it', async () => {
    loyalty.answer = holds(100, 100);
    const sale = await sell(
      [
        { product: bread, quantity: 3 },
        { product: eggs, quantity: 1 },
      ],
      { customer, loyalty: { points: 100, valueCents: 100 } },
    );
    const res = await t.delete(`/api/transactions/${sale._id}?reason=wrong%20customer`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: sale._id,
      status: 'voided',
      paymentStatusLabel: 'Cancelled',
      voided: { reason: 'wrong customer' },
    });
    const detail = await t.get(`/api/transactions/${sale._id}`, { token: t.tokens.cashier });
    expect(detail.body.data.status).toBe('voided');
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.voided.v1')).filter((e) => e.saleId === sale._id);
    expect(event).toMatchObject({
      customerId: customer,
      pointsRedeemed: 100,
      voidedBy: '00000000-0000-4000-8000-000000000001',
      reason: 'wrong customer',
    });
    expect(event.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [bread.id, 3],
      [eggs.id, 1],
    ]);
    const audit = await t.dataSource().query(`SELECT action, actor_id FROM audit_log WHERE target_id = $1`, [sale._id]);
    expect(audit).toEqual([{ action: 'sale.voided', actor_id: '00000000-0000-4000-8000-000000000001' }]);
    const voidedList = await t.get('/api/transactions?status=voided', { token: t.tokens.cashier });
    expect(voidedList.body.data.map((s: { _id: string }) => s._id)).toContain(sale._id);
    const paidList = await t.get('/api/transactions?status=paid&limit=1000', { token: t.tokens.cashier });
    expect(paidList.body.data.map((s: { _id: string }) => s._id)).not.toContain(sale._id);
  });

  it('refuses a second void and a refund of a voided sale', async () => {
    const sale = await sell([{ product: bread, quantity: 1 }]);
    expect((await t.delete(`/api/transactions/${sale._id}`, { token: t.tokens.admin })).status).toBe(200);
    const again = await t.delete(`/api/transactions/${sale._id}`, { token: t.tokens.admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This sale has already been voided');
    expect((await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.admin })).status).toBe(409);
    expect((await outboxEvents(t, 'dukan.sales.sale.voided.v1')).filter((e) => e.saleId === sale._id)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const sale = await sell([{ product: bread, quantity: 1 }]);
    const res = await t.delete(`/api/transactions/${sale._id}`, { token: t.tokens.manager });
    expect(res.status).toBe(403);
    const [row] = await t.dataSource().query(`SELECT status FROM sales WHERE id = $1`, [sale._id]);
    expect(row.status).toBe('completed');
  });
});

describe('refund', () => {
  it('refunds some units, then the rest, to the cent, with points in proportion', async () => {
    // 4 x 2.50 + 3 x 3.33 = 19.99; 10 % off -> 17.99; 99 points -> 17.00 paid; 17 points awarded
    loyalty.answer = holds(99, 99, 17);
    const sale = await t
      .post(
        '/api/transactions',
        salePayload(
          [
            { product: bread, quantity: 4 },
            { product: eggs, quantity: 3 },
          ],
          { customer, discount: { type: 'percentage', value: 10 }, loyalty: { points: 99, valueCents: 99 } },
        ),
        { token: t.tokens.manager },
      )
      .then((r) => r.body.data);
    expect(sale.total).toBe(17);
    const [breadLine, eggLine] = sale.items;

    const first = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: breadLine._id, quantity: 1 }], reason: 'stale' },
      { token: t.tokens.manager },
    );
    expect(first.status).toBe(201);
    expect(first.body.data.fullyRefunded).toBe(false);
    expect(first.body.data.transaction).toMatchObject({ refundState: 'partial', refunded: false });
    const rest = await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.manager });
    expect(rest.status).toBe(201);
    expect(rest.body.data.fullyRefunded).toBe(true);
    expect(rest.body.data.transaction).toMatchObject({ refundState: 'full', refunded: true, refundedAmount: 17 });

    const events = (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter((e) => e.saleId === sale._id);
    expect(events).toHaveLength(2);
    expect(events.reduce((s, e) => s + e.amountCents, 0)).toBe(1700);
    expect(events.reduce((s, e) => s + e.pointsReturned, 0)).toBe(99);
    expect(events.reduce((s, e) => s + e.pointsRevoked, 0)).toBe(sale.loyaltyPointsAwarded);
    expect(events[0].lines).toEqual([expect.objectContaining({ lineId: breadLine._id, productId: bread.id, quantity: 1, restock: true })]);
    expect(events[1].lines.map((l: { lineId: string; quantity: number }) => [l.lineId, l.quantity])).toEqual([
      [breadLine._id, 3],
      [eggLine._id, 3],
    ]);
    const audit = await t
      .dataSource()
      .query(`SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1 AND action = 'sale.refunded'`, [sale._id]);
    expect(audit[0].n).toBe(2);

    const nothing = await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.manager });
    expect(nothing.status).toBe(422);
    expect((await t.delete(`/api/transactions/${sale._id}`, { token: t.tokens.admin })).status).toBe(409);
  });

  it('refuses more units than remain, and unknown lines, storing nothing', async () => {
    const sale = await sell([{ product: milk, quantity: 2 }]);
    const before = await countRows(t, 'refunds');
    const tooMany = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: sale.items[0]._id, quantity: 3 }] },
      { token: t.tokens.manager },
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors['lines.0.quantity'].message).toBe('Only 2 of this item can still be refunded');
    const unknown = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: randomUUID(), quantity: 1 }] },
      { token: t.tokens.manager },
    );
    expect(unknown.status).toBe(400);
    const zero = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: sale.items[0]._id, quantity: 0 }] },
      { token: t.tokens.manager },
    );
    expect(zero.status).toBe(400);
    expect(await countRows(t, 'refunds')).toBe(before);
  });

  it('needs pos refund or transactions refund: a cashier is refused, a cashier granted transactions refund is not', async () => {
    const sale = await sell([{ product: bread, quantity: 2 }]);
    expect((await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.cashier })).status).toBe(403);
    const granted = t.tokenFor({ role: 'cashier', permissions: { transactions: ['view', 'refund'] } });
    expect((await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: granted })).status).toBe(201);
  });
});

describe('authorization of every sales route', () => {
  it('answers every route as the route table says, never with a 5xx', async () => {
    const callers = [
      ...roleCallers(t),
      {
        name: 'cashier without pos or transactions',
        token: t.tokenFor({ role: 'cashier', permissions: { pos: [], transactions: [] } }),
        subject: { role: 'cashier' as const, permissions: { pos: [], transactions: [] } },
      },
      {
        name: 'cashier with transactions refund',
        token: t.tokenFor({ role: 'cashier', permissions: { transactions: ['view', 'refund'] } }),
        subject: { role: 'cashier' as const, permissions: { transactions: ['view' as const, 'refund' as const] } },
      },
    ];
    const cases = authorizationMatrix(['sales'], callers);
    expect(cases.length).toBe(12 * 7); // six routes of sales, six of shifts
    expect(await matrixFailures(t, cases)).toEqual([]);
  });
});
