// Several tenders, each in its own currency; change in the currency the cashier picks; dinar cash rounding; prices set
// in dinars; refunds in the sale's currency. On the real sales service (its database, events and HTTP).
import type { ServiceTestApp } from '@dukan/testing';
import { priceSale, unitPriceInSaleCurrency, type Currency, type SaleTender } from '@dukan/contracts';
import { envelope, outboxEvents, publishProduct, publishSettings, saleCounts, startCheckoutShop, type TestProduct } from './helpers.js';

let t: ServiceTestApp;
let close: () => Promise<void>;
/** $36.10: IQD 52,345 at 1450. */
let usdItem: TestProduct & { currency: Currency };
/** Priced in dinars: IQD 52,345. */
let iqdItem: TestProduct & { currency: Currency };

async function cashRounding(step: number): Promise<void> {
  await publishSettings(t, { iqdCashRounding: step, changed: ['iqdCashRounding'] });
}

beforeAll(async () => {
  ({ t, close } = await startCheckoutShop());
  usdItem = { ...(await publishProduct(t, { priceCents: 3610 })), currency: 'USD' };
  const iqd = await publishProduct(t, { priceCents: 3610, priceCurrency: 'IQD', priceMinor: 52_345 });
  iqdItem = { ...iqd, priceCents: 52_345, currency: 'IQD' };
});
afterAll(() => close());

/** What the till sends with tenders: its figures in the sale's currency (dollars, or whole dinars). */
function tendered(
  items: { product: TestProduct & { currency: Currency }; quantity: number }[],
  currency: Currency,
  tenders: SaleTender[],
  extra: Record<string, unknown> = {},
) {
  const major = (minor: number) => (currency === 'USD' ? minor / 100 : minor);
  const lines = items.map((i) => ({
    priceCents: unitPriceInSaleCurrency(i.product.priceCents, i.product.currency, currency, 1450),
    quantity: i.quantity,
    discountPercent: 0,
  }));
  const priced = priceSale({ lines, discount: null, loyaltyDiscountCents: 0, taxRateBasisPoints: 0 });
  return {
    items: items.map((i, n) => ({
      product: i.product.id,
      quantity: i.quantity,
      unitPrice: major(lines[n]!.priceCents),
      subtotal: major(priced.lines[n]!.subtotalCents),
    })),
    subtotal: major(priced.subtotalCents),
    total: major(priced.totalCents),
    currency,
    exchangeRate: 1450,
    tenders,
    ...extra,
  };
}

const sell = (body: unknown) => t.post('/api/transactions', body, { token: t.tokens.cashier });
const eventOf = async (saleId: string) =>
  (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).find((e: { saleId: string }) => e.saleId === saleId);

describe('a new shop, before settings has announced anything', () => {
  it("rounds dinar cash to settings' default of 250, change too; a dollar sale's change stays in dollars", async () => {
    const res = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.change).toEqual({ currency: 'IQD', amountMinor: 7750 });
    expect(res.body.data.amountsInCurrency).toMatchObject({ total: 52_345, cashRounding: -95 });
    // No changeCurrency from the till: the change is in the sale's currency, as before there was a setting.
    const usd = await sell(tendered([{ product: usdItem, quantity: 1 }], 'USD', [{ method: 'cash', currency: 'USD', amountMinor: 4000 }]));
    expect(usd.status).toBe(201);
    expect(usd.body.data.change).toEqual({ currency: 'USD', amountMinor: 390 });
  });

  it('keeps its step when an older settings announces a change without one', async () => {
    const { iqdCashRounding: _none, ...older } = {
      exchangeRate: 1450,
      userExchangeRates: {},
      storeName: 'Dukan',
      defaultLanguage: 'en' as const,
      timeZone: 'Asia/Baghdad',
      iqdCashRounding: 0,
      taxRateBasisPoints: 0,
      branches: [],
      changed: ['storeName'],
    };
    await t.bus.publish(envelope('dukan.settings.settings.changed.v1', older as typeof older & { iqdCashRounding: number }));
    const res = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(res.body.data.change).toEqual({ currency: 'IQD', amountMinor: 7750 });
  });
});

describe('IQD 60,000 tendered on IQD 52,345', () => {
  it('is stored and shown as exactly 60,000 with 7,750 change at a 250 rounding, the -95 kept as its own figure', async () => {
    await cashRounding(250);
    const res = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(res.status).toBe(201);
    const tx = res.body.data;
    expect(tx.tenders).toEqual([{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]);
    expect(tx.change).toEqual({ currency: 'IQD', amountMinor: 7750 });
    expect(tx.amountsInCurrency).toMatchObject({ currency: 'IQD', total: 52_345, amountTendered: 60_000, change: 7750, cashRounding: -95 });
    expect(tx.paymentMethod).toBe('cash');
    const event = await eventOf(tx._id);
    expect(event).toMatchObject({
      currency: 'IQD',
      totalMinor: 52_345,
      cashRoundingMinor: -95,
      tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }],
      change: { currency: 'IQD', amountMinor: 7750 },
      tenderedMinor: 60_000,
    });
    // the dollars for dollar readers: 52,345 at 1450 = 36.10
    expect(tx.total).toBe(36.1);
    const again = await t.get(`/api/transactions/${tx._id}`, { token: t.tokens.cashier });
    expect(again.body.data.tenders).toEqual(tx.tenders);
    expect(again.body.data.change).toEqual(tx.change);
  });

  it('gives 7,655 change where rounding is off, from a product priced in dollars', async () => {
    await cashRounding(1);
    const res = await sell(
      tendered([{ product: usdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ unitPrice: 36.1, unitPriceInCurrency: 52_345 });
    expect(res.body.data.change).toEqual({ currency: 'IQD', amountMinor: 7655 });
    expect(res.body.data.amountsInCurrency).toMatchObject({ cashRounding: 0, change: 7655 });
  });
});

describe('several tenders', () => {
  beforeAll(() => cashRounding(250));

  it('pays dollars with change in dinars', async () => {
    const res = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'USD', amountMinor: 4000 }], {
        changeCurrency: 'IQD',
      }),
    );
    expect(res.status).toBe(201);
    // $40 = 58,000 dinars; the cash due 52,345 rounds to 52,250; 5,750 dinars back
    expect(res.body.data.tenders).toEqual([{ method: 'cash', currency: 'USD', amountMinor: 4000 }]);
    expect(res.body.data.change).toEqual({ currency: 'IQD', amountMinor: 5750 });
    expect(res.body.data.amountsInCurrency).toMatchObject({ amountTendered: 58_000, cashRounding: -95 });
  });

  it('mixes dollars, dinars and a card; the card is not rounded and a dollar sale stays in cents', async () => {
    const res = await sell(
      tendered([{ product: usdItem, quantity: 2 }], 'USD', [
        { method: 'card', currency: 'USD', amountMinor: 2000 },
        { method: 'cash', currency: 'USD', amountMinor: 4000 },
        { method: 'cash', currency: 'IQD', amountMinor: 20_000 },
      ]),
    );
    expect(res.status).toBe(201);
    const tx = res.body.data;
    // $72.20: card $20, cash $40 and 20,000 dinars (= $13.79): $1.59 back in dollars
    expect(tx).toMatchObject({ total: 72.2, paymentMethod: 'mixed', change: { currency: 'USD', amountMinor: 159 } });
    expect(tx.amountsInCurrency).toMatchObject({ currency: 'USD', total: 72.2, amountTendered: 73.79, change: 1.59, cashRounding: 0 });
    const event = await eventOf(tx._id);
    expect(event.tenders).toHaveLength(3);
    expect(event.cashRoundingMinor).toBe(0);
  });

  it('refuses tenders that fall short, an account without a customer, and a card above the total, and stores nothing', async () => {
    const before = await saleCounts(t);
    const short = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 52_000 }]),
    );
    expect(short.status).toBe(422);
    expect(short.body.errors.tenders.message.replace(/\u00a0/g, ' ')).toBe(
      'The payments do not cover the total (IQD 52,345): IQD 250 or $0.18 is still to pay',
    );
    const account = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'account', currency: 'IQD', amountMinor: 52_345 }]),
    );
    expect(account.status).toBe(422);
    expect(account.body.errors.tenders.message).toBe('A payment on account needs a customer: choose the customer first');
    const card = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'card', currency: 'IQD', amountMinor: 60_000 }]),
    );
    expect(card.status).toBe(422);
    expect(await saleCounts(t)).toEqual(before);
  });

  it('refunds in the sale currency, dinars handed back rounded to the step', async () => {
    const sale = (
      await sell(tendered([{ product: iqdItem, quantity: 2 }], 'IQD', [{ method: 'cash', currency: 'IQD', amountMinor: 105_000 }]))
    ).body.data;
    expect(sale.change).toEqual({ currency: 'IQD', amountMinor: 250 }); // 104,690 rounds to 104,750
    const refund = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: sale.items[0]._id, quantity: 1 }] },
      { token: t.tokens.manager },
    );
    expect(refund.status).toBe(201);
    expect(refund.body.data.refund).toMatchObject({ amountInCurrency: 52_345, cashRounding: -95 });
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter((e: { saleId: string }) => e.saleId === sale._id);
    expect(event).toMatchObject({
      currency: 'IQD',
      amountMinor: 52_345,
      amountCents: 3610,
      cashRoundingMinor: -95,
      tenders: [{ method: 'cash', currency: 'IQD', amountMinor: 52_250 }],
      change: null,
    });
    expect(refund.body.data.transaction.amountsInCurrency.refunded).toBe(52_345);
  });
});

describe("a shift's drawer", () => {
  beforeAll(() => cashRounding(250));

  it('holds each tender in its own currency: dollars in, dinars out as change, the card outside the drawer', async () => {
    const float = { USD: 10_000, IQD: 100_000 };
    const opened = await t.post('/api/shifts', { register: 'till-mix', float }, { token: t.tokens.cashier });
    expect(opened.status).toBe(201);
    const dollarsForDinars = await sell(
      tendered([{ product: iqdItem, quantity: 1 }], 'IQD', [{ method: 'cash', currency: 'USD', amountMinor: 4000 }], {
        changeCurrency: 'IQD',
        register: 'till-mix',
      }),
    );
    const mixed = await sell(
      tendered(
        [{ product: usdItem, quantity: 2 }],
        'USD',
        [
          { method: 'card', currency: 'USD', amountMinor: 2000 },
          { method: 'cash', currency: 'USD', amountMinor: 4000 },
          { method: 'cash', currency: 'IQD', amountMinor: 20_000 },
        ],
        { register: 'till-mix' },
      ),
    );
    expect([dollarsForDinars.status, mixed.status]).toEqual([201, 201]);
    const shift = (await t.get(`/api/shifts/${opened.body.data._id}`, { token: t.tokens.cashier })).body.data;
    // $40 in and 5,750 dinars back; then $40 and 20,000 dinars in, $1.59 back; the card's $20 is not in the drawer.
    expect(shift.figures.expected).toEqual({ USD: 10_000 + 4000 + 4000 - 159, IQD: 100_000 - 5750 + 20_000 });
    expect(shift.figures.sales).toEqual(
      expect.arrayContaining([
        { method: 'card', currency: 'USD', count: 1, amountMinor: 2000 },
        { method: 'cash', currency: 'IQD', count: 1, amountMinor: 20_000 },
      ]),
    );
  });
});
