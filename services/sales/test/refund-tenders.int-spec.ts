// A refund goes back to the tenders the sale was paid with (cash first, in the currency paid; then card, transfer,
// account), is stored and announced with them, and only its cash leaves the shift's drawer. On the real sales service.
import type { SaleTender } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { outboxEvents, salePayload, startCheckoutShop, type TestProduct } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
let t: ServiceTestApp;
let shirt: TestProduct;

const FLOAT = { USD: 5000, IQD: 100_000 };

beforeAll(async () => {
  shop = await startCheckoutShop();
  t = shop.t;
  shirt = shop.shirt; // $19.99
});
afterAll(() => shop.close());

const sell = (quantity: number, tenders: SaleTender[], extra: Record<string, unknown> = {}) =>
  t.post(
    '/api/transactions',
    { ...salePayload([{ product: shirt, quantity }], { register: 'till-rt' }), tenders, ...extra },
    {
      token: t.tokens.cashier,
    },
  );
const refundOne = (sale: { _id: string; items: { _id: string }[] }) =>
  t.post(`/api/transactions/${sale._id}/refund`, { lines: [{ lineId: sale.items[0]!._id, quantity: 1 }] }, { token: t.tokens.manager });
const refundedEvent = async (saleId: string) =>
  (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter((e: { saleId: string }) => e.saleId === saleId);

describe('a refund to the tender it came from', () => {
  let shiftId = '';

  beforeAll(async () => {
    const opened = await t.post('/api/shifts', { register: 'till-rt', float: FLOAT }, { token: t.tokens.cashier });
    expect(opened.status).toBe(201);
    shiftId = opened.body.data._id;
  });

  it('gives a mixed sale its cash back first, then the card; the drawer loses only the cash', async () => {
    // Two shirts, $39.98: $30.00 by card, $10.00 in cash with 2 cents change. The sale kept $9.98 in cash.
    const sold = await sell(2, [
      { method: 'card', currency: 'USD', amountMinor: 3000 },
      { method: 'cash', currency: 'USD', amountMinor: 1000 },
    ]);
    expect(sold.status).toBe(201);
    expect(sold.body.data.change).toEqual({ currency: 'USD', amountMinor: 2 });
    const before = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;

    const first = await refundOne(sold.body.data);
    expect(first.status).toBe(201);
    expect(first.body.data.refund.tenders).toEqual([
      { method: 'cash', currency: 'USD', amountMinor: 998 },
      { method: 'card', currency: 'USD', amountMinor: 1001 },
    ]);
    const [event] = await refundedEvent(sold.body.data._id);
    expect(event).toMatchObject({ amountMinor: 1999, cashRoundingMinor: 0, tenders: first.body.data.refund.tenders });

    // The second shirt: the cash is all back already, so the card.
    const second = await refundOne(sold.body.data);
    expect(second.status).toBe(201);
    expect(second.body.data.refund.tenders).toEqual([{ method: 'card', currency: 'USD', amountMinor: 1999 }]);
    // Read again, the sale names where each refund went.
    const read = (await t.get(`/api/transactions/${sold.body.data._id}`, { token: t.tokens.manager })).body.data;
    expect(read.refunds.map((r: { tenders: SaleTender[] }) => r.tenders)).toEqual([
      first.body.data.refund.tenders,
      second.body.data.refund.tenders,
    ]);

    const after = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
    expect(after.expected).toEqual({ USD: before.expected.USD - 998, IQD: before.expected.IQD });
    expect(after.refunds.count).toBe(before.refunds.count + 2);
  });

  it('gives a card sale its money back on the card: the expected cash does not move', async () => {
    const sold = await sell(1, [{ method: 'card', currency: 'USD', amountMinor: 1999 }]);
    expect(sold.status).toBe(201);
    const before = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
    const refund = await refundOne(sold.body.data);
    expect(refund.body.data.refund.tenders).toEqual([{ method: 'card', currency: 'USD', amountMinor: 1999 }]);
    const after = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
    expect(after.expected).toEqual(before.expected);
  });

  it('gives cash back in the currency it was paid in: dollars for a dinar sale paid in dollars', async () => {
    // $19.99 is 28,986 dinars at 1450 (half up), due 29,000 in cash at the 250 step: $20.00 (29,000) leaves no change.
    const body = {
      ...salePayload([{ product: shirt, quantity: 1 }], { register: 'till-rt', currency: 'IQD' }),
      subtotal: 28_986,
      total: 28_986,
      items: [{ product: shirt.id, quantity: 1, unitPrice: 28_986, subtotal: 28_986 }],
      tenders: [{ method: 'cash', currency: 'USD', amountMinor: 2000 }],
      changeCurrency: 'IQD',
    };
    const sold = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(sold.status).toBe(201);
    const before = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
    const refund = await refundOne(sold.body.data);
    expect(refund.status).toBe(201);
    // 28,986 dinars back as dollars at the sale's rate: $19.99; no dinars leave the drawer.
    expect(refund.body.data.refund.tenders).toEqual([{ method: 'cash', currency: 'USD', amountMinor: 1999 }]);
    expect(refund.body.data.refund).toMatchObject({ amountInCurrency: 28_986, cashRounding: 0 });
    const after = (await t.get(`/api/shifts/${shiftId}`, { token: t.tokens.cashier })).body.data.figures;
    expect(after.expected).toEqual({ USD: before.expected.USD - 1999, IQD: before.expected.IQD });
  });
});
