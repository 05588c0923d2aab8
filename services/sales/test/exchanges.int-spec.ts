// An exchange: units of an earlier sale come back and a new sale is made in ONE call and one transaction; the
// returned value pays for the new sale, the customer pays the rest or gets the difference back in cash; the drawer's
// expected cash moves by the net money only. On the real sales service.
import { randomUUID } from 'node:crypto';
import type { SaleTender } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { countRows, outboxEvents, salePayload, startCheckoutShop, type TestProduct } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
let t: ServiceTestApp;
let shirt: TestProduct;
let pen: TestProduct;
let shiftId = '';

const REGISTER = 'till-ex';

beforeAll(async () => {
  shop = await startCheckoutShop();
  t = shop.t;
  shirt = shop.shirt; // $19.99
  pen = shop.pen; // $1.25
  const opened = await t.post('/api/shifts', { register: REGISTER, float: { USD: 5000, IQD: 100_000 } }, { token: t.tokens.cashier });
  expect(opened.status).toBe(201);
  shiftId = opened.body.data._id;
});
afterAll(() => shop.close());

/** Shirts sold in dinars at 1450 per dollar: $19.99 is 28,986 dinars each. */
function dinarShirts(quantity: number, tenders: SaleTender[], extra: Record<string, unknown> = {}) {
  const each = 28_986;
  return {
    ...salePayload([{ product: shirt, quantity }], { register: REGISTER, currency: 'IQD' }),
    subtotal: each * quantity,
    total: each * quantity,
    items: [{ product: shirt.id, quantity, unitPrice: each, subtotal: each * quantity }],
    tenders,
    changeCurrency: 'IQD',
    ...extra,
  };
}

const dollars = (lines: { product: TestProduct; quantity: number }[], tenders: SaleTender[], extra: Record<string, unknown> = {}) => ({
  ...salePayload(lines, { register: REGISTER }),
  tenders,
  ...extra,
});

const post = (body: unknown, token = t.tokens.manager, headers: Record<string, string> = {}) =>
  t.post('/api/transactions', body, { token, headers: { 'Idempotency-Key': randomUUID(), ...headers } });
const figures = async () => (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
const read = async (id: string) => (await t.get(`/api/transactions/${id}`, { token: t.tokens.manager })).body.data;

describe('an exchange at the till', () => {
  it('returns a shirt bought in dinars and sells two: the customer pays the difference in dinars, once into the drawer', async () => {
    const sold = await post(dinarShirts(1, [{ method: 'cash', currency: 'IQD', amountMinor: 29_000 }]), t.tokens.cashier);
    expect(sold.status).toBe(201);
    const lineId = sold.body.data.items[0]._id;
    const before = await figures();

    // Two shirts, 57,972 dinars; the shirt back is worth 28,986: 28,986 is due, 29,000 in cash at the 250 step.
    const exchange = await post(
      dinarShirts(2, [{ method: 'cash', currency: 'IQD', amountMinor: 29_000 }], {
        exchangeFor: { saleId: sold.body.data._id, lines: [{ lineId, quantity: 1 }] },
      }),
    );
    expect(exchange.status).toBe(201);
    expect(exchange.body.data.exchange).toMatchObject({
      saleId: sold.body.data._id,
      invoiceNumber: sold.body.data.invoiceNumber,
      returnMinor: 28_986,
      dueMinor: 28_986,
      back: null,
    });
    expect(exchange.body.data.tenders).toEqual([{ method: 'cash', currency: 'IQD', amountMinor: 29_000 }]);
    // The new sale read again (a receipt printed in the back office) tells the same exchange.
    expect((await read(exchange.body.data._id)).exchange).toEqual(exchange.body.data.exchange);

    // The first sale is fully returned, its refund naming the sale it paid for; nothing of it went back in money.
    const first = await read(sold.body.data._id);
    expect(first.refundState).toBe('full');
    expect(first.items[0].refundedQuantity).toBe(1);
    expect(first.refunds).toHaveLength(1);
    expect(first.refunds[0].tenders).toEqual([]);
    expect(first.refunds[0].exchange).toEqual({ saleId: exchange.body.data._id, invoiceNumber: exchange.body.data.invoiceNumber });
    const [row] = await t.dataSource().query(`SELECT exchange_sale_id FROM refunds WHERE sale_id = $1`, [sold.body.data._id]);
    expect(row.exchange_sale_id).toBe(exchange.body.data._id);

    // Stock: the shirt back on the shelf (refunded event, restocked), two out (the new sale's completed event).
    const refunded = (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter(
      (e: { saleId: string }) => e.saleId === sold.body.data._id,
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ amountMinor: 28_986, tenders: [], lines: [{ quantity: 1, restock: true }] });
    const completed = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter(
      (e: { saleId: string }) => e.saleId === exchange.body.data._id,
    );
    expect(completed).toHaveLength(1);

    // The drawer: 29,000 dinars in, no money out.
    const after = await figures();
    expect(after.expected).toEqual({ USD: before.expected.USD, IQD: before.expected.IQD + 29_000 });
  });

  it('returns two shirts for a pen: the difference goes back in cash, out of the drawer', async () => {
    const sold = await post(dollars([{ product: shirt, quantity: 2 }], [{ method: 'cash', currency: 'USD', amountMinor: 4000 }]));
    expect(sold.status).toBe(201);
    const before = await figures();
    const exchange = await post(
      dollars([{ product: pen, quantity: 1 }], [], {
        exchangeFor: { saleId: sold.body.data._id, lines: [{ lineId: sold.body.data.items[0]._id, quantity: 2 }] },
      }),
    );
    expect(exchange.status).toBe(201);
    // $39.98 back, $1.25 of it pays for the pen: $38.73 handed back in dollars.
    expect(exchange.body.data.exchange).toMatchObject({
      returnMinor: 3998,
      dueMinor: 0,
      back: { method: 'cash', currency: 'USD', amountMinor: 3873 },
    });
    expect(exchange.body.data.tenders).toEqual([]);
    expect((await read(exchange.body.data._id)).exchange).toEqual(exchange.body.data.exchange);
    const first = await read(sold.body.data._id);
    expect(first.exchange).toBeUndefined();
    expect(first.refunds[0].tenders).toEqual([{ method: 'cash', currency: 'USD', amountMinor: 3873 }]);
    const after = await figures();
    expect(after.expected).toEqual({ USD: before.expected.USD - 3873, IQD: before.expected.IQD });
  });

  it('takes back a damaged shirt without putting it on the shelf when the cashier says so', async () => {
    const sold = await post(dollars([{ product: shirt, quantity: 1 }], [{ method: 'cash', currency: 'USD', amountMinor: 2000 }]));
    expect(sold.status).toBe(201);
    const exchange = await post(
      dollars([{ product: shirt, quantity: 1 }], [], {
        exchangeFor: { saleId: sold.body.data._id, lines: [{ lineId: sold.body.data.items[0]._id, quantity: 1 }], restock: false },
      }),
    );
    expect(exchange.status).toBe(201);
    const refunded = (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter(
      (e: { saleId: string }) => e.saleId === sold.body.data._id,
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ lines: [{ quantity: 1, restock: false }] });
  });

  it('refuses to take back more than was sold and not yet returned, and writes nothing', async () => {
    const sold = await post(dollars([{ product: shirt, quantity: 2 }], [{ method: 'card', currency: 'USD', amountMinor: 3998 }]));
    const lineId = sold.body.data.items[0]._id;
    const refund = await t.post(
      `/api/transactions/${sold.body.data._id}/refund`,
      { lines: [{ lineId, quantity: 1 }] },
      { token: t.tokens.manager },
    );
    expect(refund.status).toBe(201);
    const sales = await countRows(t, 'sales');
    const refunds = await countRows(t, 'refunds');
    const over = await post(
      dollars([{ product: pen, quantity: 1 }], [], { exchangeFor: { saleId: sold.body.data._id, lines: [{ lineId, quantity: 2 }] } }),
      t.tokens.manager,
      { 'Accept-Language': 'ku' },
    );
    expect(over.status).toBe(422);
    expect(over.body.errors['lines.0.quantity']).toEqual({ message: 'تەنها 1 دانە لەم کاڵایە دەتوانرێت پارەکەی بگەڕێندرێتەوە' });
    expect(await countRows(t, 'sales')).toBe(sales);
    expect(await countRows(t, 'refunds')).toBe(refunds);
  });

  it('answers a retried exchange once: one new sale, one return, the drawer counted once', async () => {
    const sold = await post(dollars([{ product: shirt, quantity: 1 }], [{ method: 'cash', currency: 'USD', amountMinor: 2000 }]));
    const before = await figures();
    const key = randomUUID();
    const body = dollars([{ product: shirt, quantity: 2 }], [{ method: 'cash', currency: 'USD', amountMinor: 2000 }], {
      exchangeFor: { saleId: sold.body.data._id, lines: [{ lineId: sold.body.data.items[0]._id, quantity: 1 }] },
    });
    const [a, b] = await Promise.all([
      post(body, t.tokens.manager, { 'Idempotency-Key': key }),
      post(body, t.tokens.manager, { 'Idempotency-Key': key }),
    ]);
    const c = await post(body, t.tokens.manager, { 'Idempotency-Key': key });
    // The twin sent meanwhile is answered "still in progress" or with the same sale, never refused as an over-return.
    for (const r of [a, b]) expect([201, 409]).toContain(r.status);
    const answered = [a, b, c].filter((r) => r.status === 201);
    expect(new Set(answered.map((r) => r.body.data._id)).size).toBe(1);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(c.body.data.exchange).toMatchObject({ returnMinor: 1999, dueMinor: 1999 });
    expect((await read(sold.body.data._id)).refunds).toHaveLength(1);
    const after = await figures();
    // $39.98 for two shirts less $19.99 back: $19.99 due, $20.00 given, 1 cent change; once.
    expect(after.expected.USD).toBe(before.expected.USD + 1999);
  });

  it('refuses a sale of another branch as if it did not exist, and a cashier without the refund permission', async () => {
    const inB = t.tokenFor({ role: 'cashier', homeBranch: 'b', branches: ['b'] });
    const elsewhere = await t.post(
      '/api/transactions',
      { ...dollars([{ product: shirt, quantity: 1 }], [{ method: 'card', currency: 'USD', amountMinor: 1999 }]), register: 'till-b' },
      { token: inB, headers: { 'x-dukan-branch': 'b', 'Idempotency-Key': randomUUID() } },
    );
    expect(elsewhere.status).toBe(201);
    const sales = await countRows(t, 'sales');
    const body = dollars([{ product: pen, quantity: 1 }], [], {
      exchangeFor: { saleId: elsewhere.body.data._id, lines: [{ lineId: elsewhere.body.data.items[0]._id, quantity: 1 }] },
    });
    const refused = await post(body);
    expect(refused.status).toBe(404);
    const cashier = await post(body, t.tokens.cashier);
    expect(cashier.status).toBe(403);
    expect(cashier.body.message).toBe('An exchange returns goods and needs the Refund permission of the Point of Sale');
    expect(await countRows(t, 'sales')).toBe(sales);
    const [left] = await t.dataSource().query(`SELECT count(*)::int AS n FROM refunds WHERE sale_id = $1`, [elsewhere.body.data._id]);
    expect(left.n).toBe(0);
  });
});
