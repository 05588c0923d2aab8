// Sales as a client written to the spec calls it (spec part 1 §3 and §7, part 2 §4 and §7), not only our own till:
// each request is shaped exactly as the spec describes it; the answer, the stored sale and the events are checked.
import { randomBytes, randomUUID } from 'node:crypto';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSalesConfig, SalesModule } from '@dukan/sales';
import {
  countRows,
  envelope,
  holds,
  outboxEvents,
  publishProduct,
  refuses,
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
let rice: TestProduct; // $12.25 less 10 %: $11.03
let tea: TestProduct; // $2.50

beforeAll(async () => {
  loyalty = await startFakeLoyalty(() => token);
  settings = await startFakeSettings(() => token);
  t = await startServiceApp({
    service: 'sales',
    env: { INTERNAL_TOKEN: token, LOYALTY_URL: loyalty.url, SETTINGS_URL: settings.url },
    module: (env) => SalesModule.register(loadSalesConfig(env)),
  });
  rice = await publishProduct(t, { priceCents: 1225, discountPercent: 10 });
  tea = await publishProduct(t, { priceCents: 250 });
});
afterAll(async () => {
  await t.close();
  await loyalty.close();
  await settings.close();
});

async function stored(saleId: string) {
  const [sale] = await t.dataSource().query(`SELECT * FROM sales WHERE id = $1`, [saleId]);
  const lines = await t.dataSource().query(`SELECT * FROM sale_lines WHERE sale_id = $1 ORDER BY line_no`, [saleId]);
  const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === saleId);
  return { sale, lines, event };
}

async function counts() {
  return { sales: await countRows(t, 'sales'), outbox: await countRows(t, 'outbox') };
}

describe('a line discount of type fixed is an amount (issue 12, point 1)', () => {
  const body = (discount: number) => ({
    items: [
      {
        product: rice.id,
        productSnapshot: { name: 'Rice', sku: rice.sku, price: 12.25 },
        quantity: 2,
        unitPrice: 12.25,
        subtotal: 22.05,
        discount,
        discountType: 'fixed',
      },
      {
        product: tea.id,
        productSnapshot: { name: 'Tea', sku: tea.sku, price: 2.5 },
        quantity: 1,
        unitPrice: 2.5,
        subtotal: 2.5,
        discount: 0,
        discountType: 'fixed',
      },
    ],
    subtotal: 24.55,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total: 24.55,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 30, change: 5.45 },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: 'INV-1767225600000',
    createdAt: '2026-01-01T10:00:00.000Z',
  });

  it('accepts the amount the server prices (24.50 less 10 % = 22.05, so 2.45 off) and stores its own figures', async () => {
    const res = await t.post('/api/transactions', body(2.45), { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total: 24.55, subtotal: 24.55 });
    expect(res.body.data.items.map((i: any) => [i.subtotal, i.discountAmount])).toEqual([
      [22.05, 2.45],
      [2.5, 0],
    ]);
    const { sale, lines, event } = await stored(res.body.data._id);
    expect(Number(sale.total_cents)).toBe(2455);
    expect(lines.map((l: any) => [Number(l.discount_cents), Number(l.subtotal_cents)])).toEqual([
      [245, 2205],
      [0, 250],
    ]);
    expect(event.lines.map((l: any) => l.discountCents)).toEqual([245, 0]);
  });

  it("refuses an amount the product's discount does not give, naming the line, and stores nothing", async () => {
    const before = await counts();
    const res = await t.post('/api/transactions', body(3), { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.errors['items.0.discount']).toEqual({ message: 'The discount on this item is $2.45, not $3.00' });
    expect(await counts()).toEqual(before);
  });

  it('still reads a percentage line as a percent, and refuses a percent above 100 as bad input', async () => {
    const percent = {
      ...body(10),
      items: body(10).items.map((i, n) => ({ ...i, discountType: 'percentage', discount: n === 0 ? 10 : 0 })),
    };
    expect((await t.post('/api/transactions', percent, { token: t.tokens.cashier })).status).toBe(201);
    const over = { ...percent, items: percent.items.map((i, n) => (n === 0 ? { ...i, discount: 150 } : i)) };
    const res = await t.post('/api/transactions', over, { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['items.0.discount']);
  });
});

describe('a loyalty discount without loyaltyPointsRedeemed (issue 12, point 2)', () => {
  const customer = '5a1e5a1e-0000-4000-8000-000000000001';
  beforeAll(async () => {
    await t.bus.publish(
      envelope('dukan.loyalty.customer.created.v1', {
        customerId: customer,
        firstName: 'Shilan',
        lastName: 'Aziz',
        phone: '07501234567',
        email: null,
        languagePreference: 'ku',
        loyaltyPoints: 500,
        totalSpentCents: 0,
        purchaseCount: 0,
        memberSince: new Date().toISOString(),
        version: 1,
      }),
    );
  });
  afterEach(() => {
    loyalty.answer = holds(0, 0);
  });

  // Four teas ($10.00) to a customer, $0.50 off for points, as the spec's sale payload carries it: no points field.
  const body = (loyaltyDiscount: number) => ({
    customer,
    items: [
      {
        product: tea.id,
        productSnapshot: { name: 'Tea', sku: tea.sku, price: 2.5 },
        quantity: 4,
        unitPrice: 2.5,
        subtotal: 10,
        discount: 0,
        discountType: 'percentage',
      },
    ],
    subtotal: 10,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount,
    total: 10 - loyaltyDiscount,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 10, change: loyaltyDiscount },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: 'INV-1767225600001',
    createdAt: '2026-01-01T10:05:00.000Z',
  });

  it('asks loyalty for the points worth the discount, spends them once, and answers them', async () => {
    loyalty.answer = holds(10, 50); // at 5 cents a point, $0.50 is 10 points
    const key = randomUUID();
    const res = await t.post('/api/transactions', body(0.5), { token: t.tokens.cashier, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ loyaltyDiscount: 0.5, loyaltyPointsRedeemed: 10, total: 9.5 });
    expect(loyalty.calls.at(-1)!.body).toMatchObject({
      customerId: customer,
      pointsToRedeem: 0,
      loyaltyDiscountUsdCents: 50,
      totalBeforeLoyaltyUsdCents: 1000,
    });
    const { sale, event } = await stored(res.body.data._id);
    expect({ points: sale.points_redeemed, cents: Number(sale.loyalty_discount_cents), total: Number(sale.total_cents) }).toEqual({
      points: 10,
      cents: 50,
      total: 950,
    });
    expect(event).toMatchObject({ pointsRedeemed: 10, loyaltyDiscountCents: 50, redemptionId: `res-${res.body.data._id}` });
    // The same request again is the same sale: nothing more is spent.
    const again = await t.post('/api/transactions', body(0.5), { token: t.tokens.cashier, headers: { 'idempotency-key': key } });
    expect(again.body.data._id).toBe(res.body.data._id);
    expect(loyalty.calls.filter((c) => c.saleId === res.body.data._id)).toHaveLength(1);
  });

  it('refuses, clearly and storing nothing, a discount no whole number of points gives', async () => {
    loyalty.answer = refuses('LOYALTY_DISCOUNT_NOT_POINTS');
    const before = await counts();
    const res = await t.post('/api/transactions', body(0.07), { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('LOYALTY_DISCOUNT_NOT_POINTS');
    expect(res.body.errors['loyaltyDiscount']).toEqual({
      message: 'No whole number of points is worth $0.07. Send the points redeemed, or a loyalty discount that whole points make.',
    });
    expect(await counts()).toEqual(before);
  });
});

describe('money with more than two decimals (issue 12, point 3)', () => {
  let lamp: TestProduct; // $7.25
  beforeAll(async () => {
    lamp = await publishProduct(t, { priceCents: 725 });
  });

  // What a client computing in floating point sends for $7.25 less 10 %: 0.725 off, 6.525 to pay, 3.475 change.
  const body = (total: number) => ({
    items: [
      {
        product: lamp.id,
        productSnapshot: { name: 'Lamp', sku: lamp.sku, price: 7.25 },
        quantity: 1,
        unitPrice: 7.25,
        subtotal: 7.25,
        discount: 0,
        discountType: 'percentage',
      },
    ],
    subtotal: 7.25,
    discountType: 'percentage',
    discountValue: 10,
    discountAmount: 0.725,
    loyaltyDiscount: 0,
    total,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 10, change: 10 - total },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: 'INV-1767225600002',
    createdAt: '2026-01-01T10:10:00.000Z',
  });

  it("accepts figures within half a cent of the server's and stores the server's own (0.73 off, 6.52 to pay)", async () => {
    const res = await t.post('/api/transactions', body(6.525), { token: t.tokens.manager });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ discountAmount: 0.73, total: 6.52, paymentDetails: { amountTendered: 10, change: 3.48 } });
    const { sale, event } = await stored(res.body.data._id);
    expect([sale.discount_cents, sale.total_cents, sale.change_cents].map(Number)).toEqual([73, 652, 348]);
    expect(event).toMatchObject({ discountCents: 73, totalCents: 652 });
  });

  it('refuses a figure more than half a cent away, and stores nothing', async () => {
    const before = await counts();
    const res = await t.post('/api/transactions', body(6.514), { token: t.tokens.manager });
    expect(res.status).toBe(422);
    expect(res.body.errors['total']).toEqual({ message: 'The total is $6.52, not $6.51' });
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/transactions/{id} with the id or the invoice number (issue 12, point 4)', () => {
  it('opens the same sale either way, and answers 404 for an invoice number nobody has', async () => {
    const sale = await t.post(
      '/api/transactions',
      {
        items: [
          {
            product: tea.id,
            productSnapshot: { name: 'Tea', sku: tea.sku, price: 2.5 },
            quantity: 2,
            unitPrice: 2.5,
            subtotal: 5,
            discount: 0,
            discountType: 'percentage',
          },
        ],
        subtotal: 5,
        discountType: 'percentage',
        discountValue: 0,
        discountAmount: 0,
        loyaltyDiscount: 0,
        total: 5,
        currency: 'USD',
        exchangeRate: 1450,
        paymentMethod: 'cash',
        paymentDetails: { amountTendered: 5, change: 0 },
        paymentStatus: 'paid',
        register: 'main',
        invoiceNumber: 'INV-1767225600003',
        createdAt: '2026-01-01T10:15:00.000Z',
      },
      { token: t.tokens.cashier },
    );
    expect(sale.status).toBe(201);
    const { _id, invoiceNumber } = sale.body.data;
    const byId = await t.get(`/api/transactions/${_id}`, { token: t.tokens.cashier });
    const byInvoice = await t.get(`/api/transactions/${invoiceNumber}`, { token: t.tokens.cashier });
    expect(byInvoice.status).toBe(200);
    expect(byInvoice.body).toEqual(byId.body);
    expect(byInvoice.body.data).toMatchObject({ _id, invoiceNumber, total: 5 });
    expect((await t.get(`/api/transactions/${invoiceNumber.toLowerCase()}`, { token: t.tokens.cashier })).body.data._id).toBe(_id);
    expect((await t.get('/api/transactions/INV-0000000000999', { token: t.tokens.cashier })).status).toBe(404);
    expect((await t.get('/api/transactions/not-a-sale', { token: t.tokens.cashier })).status).toBe(404);
  });
});

describe('a voided sale reads as cancelled, a refunded one as refunded (issue 12, point 7)', () => {
  const sell = async () => {
    const res = await t.post(
      '/api/transactions',
      {
        items: [
          {
            product: tea.id,
            productSnapshot: { name: 'Tea', sku: tea.sku, price: 2.5 },
            quantity: 1,
            unitPrice: 2.5,
            subtotal: 2.5,
            discount: 0,
            discountType: 'percentage',
          },
        ],
        subtotal: 2.5,
        discountType: 'percentage',
        discountValue: 0,
        discountAmount: 0,
        loyaltyDiscount: 0,
        total: 2.5,
        currency: 'USD',
        exchangeRate: 1450,
        paymentMethod: 'cash',
        paymentDetails: { amountTendered: 2.5, change: 0 },
        paymentStatus: 'paid',
        register: 'main',
        invoiceNumber: 'INV-1767225600004',
        createdAt: '2026-01-01T10:20:00.000Z',
      },
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; invoiceNumber: string };
  };
  // Spec part 2 §4: paid -> Completed, pending -> Pending, failed -> Cancelled, anything else -> Unknown.
  const specLabel = (paymentStatus: string) => ({ paid: 'Completed', pending: 'Pending', failed: 'Cancelled' })[paymentStatus] ?? 'Unknown';

  it('a voided sale answers paymentStatus failed (Cancelled), in the detail and the list, and keeps status voided', async () => {
    const sale = await sell();
    expect((await t.delete(`/api/transactions/${sale._id}`, { token: t.tokens.admin })).status).toBe(200);
    const detail = (await t.get(`/api/transactions/${sale._id}`, { token: t.tokens.cashier })).body.data;
    expect(detail).toMatchObject({ status: 'voided', paymentStatus: 'failed', paymentStatusLabel: 'Cancelled', refunded: false });
    expect(specLabel(detail.paymentStatus)).toBe('Cancelled');
    const listed = (await t.get(`/api/transactions?search=${sale.invoiceNumber}`, { token: t.tokens.cashier })).body.data;
    expect(listed.map((s: any) => [s._id, s.paymentStatus])).toEqual([[sale._id, 'failed']]);
    const { sale: row } = await stored(sale._id);
    expect(row.status).toBe('voided');
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.voided.v1')).filter((e) => e.saleId === sale._id);
    expect(event).toBeDefined();
  });

  it('a refunded sale sets refunded and stays paid (Completed)', async () => {
    const sale = await sell();
    expect((await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.manager })).status).toBe(201);
    const detail = (await t.get(`/api/transactions/${sale._id}`, { token: t.tokens.cashier })).body.data;
    expect(detail).toMatchObject({ refunded: true, refundState: 'full', paymentStatus: 'paid', status: 'completed' });
    const { sale: row } = await stored(sale._id);
    expect(row.refund_state).toBe('full');
    expect((await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter((e) => e.saleId === sale._id)).toHaveLength(1);
  });
});

describe('a spec client’s sale as it sends it (issue 26)', () => {
  let n = 0;
  const body = (o: {
    price: number;
    subtotal: number;
    discount: number;
    discountType?: string;
    exchangeRate?: number;
    product?: TestProduct;
  }) => ({
    items: [
      {
        product: (o.product ?? rice).id,
        productSnapshot: { name: 'Rice', sku: (o.product ?? rice).sku, price: o.price },
        quantity: 1,
        unitPrice: o.price,
        subtotal: o.subtotal,
        discount: o.discount,
        discountType: o.discountType ?? 'percentage',
      },
    ],
    subtotal: o.subtotal,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total: o.subtotal,
    currency: 'USD',
    exchangeRate: o.exchangeRate ?? 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 20, change: Math.round((20 - o.subtotal) * 100) / 100 },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: `INV-17672256001${n++}`,
    createdAt: '2026-01-01T11:00:00.000Z',
  });

  it('a dollar sale with "exchangeRate": 1 is made and records the shop’s rate', async () => {
    const res = await t.post('/api/transactions', body({ product: tea, price: 2.5, subtotal: 2.5, discount: 0, exchangeRate: 1 }), {
      token: t.tokens.cashier,
    });
    expect(res.status).toBe(201);
    const { sale } = await stored(res.body.data._id);
    expect(Number(sale.exchange_rate)).toBe(1450);
  });

  it('a discounted product sent at its list price with discount 0 is sold without its discount; less than the shop’s is refused', async () => {
    for (const discountType of ['percentage', 'fixed']) {
      const res = await t.post('/api/transactions', body({ price: 12.25, subtotal: 12.25, discount: 0, discountType }), {
        token: t.tokens.cashier,
      });
      expect(res.status).toBe(201);
      const { sale, lines, event } = await stored(res.body.data._id);
      expect(Number(sale.total_cents)).toBe(1225);
      expect(lines.map((l: any) => [Number(l.discount_percent), Number(l.discount_cents), Number(l.subtotal_cents)])).toEqual([
        [0, 0, 1225],
      ]);
      expect(event.lines.map((l: any) => l.discountCents)).toEqual([0]);
    }
    const before = await counts();
    const under = await t.post('/api/transactions', body({ price: 12.25, subtotal: 12, discount: 0 }), { token: t.tokens.cashier });
    expect(under.status).toBe(422);
    expect(under.body.errors['items.0.subtotal']).toEqual({ message: 'This line comes to $12.25, not $12.00' });
    expect(await counts()).toEqual(before);
  });

  it('void and refund take the invoice number, as GET does', async () => {
    const sell = async () =>
      (await t.post('/api/transactions', body({ product: tea, price: 2.5, subtotal: 2.5, discount: 0 }), { token: t.tokens.cashier })).body
        .data;
    const a = await sell();
    const voided = await t.delete(`/api/transactions/${a.invoiceNumber}`, { token: t.tokens.admin });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ _id: a._id, status: 'voided' });
    const b = await sell();
    const refunded = await t.post(`/api/transactions/${b.invoiceNumber.toLowerCase()}/refund`, {}, { token: t.tokens.manager });
    expect(refunded.status).toBe(201);
    expect(refunded.body.data.transaction).toMatchObject({ _id: b._id, refundState: 'full' });
    expect((await t.delete('/api/transactions/INV-0000000000998', { token: t.tokens.admin })).status).toBe(404);
  });
});
