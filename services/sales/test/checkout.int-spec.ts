// POST /api/transactions: pricing from the replica, refusals, loyalty, tax and currency.
import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import {
  envelope,
  type FakeLoyalty,
  type FakeSettings,
  holds,
  outboxEvents,
  publishProduct,
  publishSettings,
  refuses,
  saleCounts,
  salePayload,
  startCheckoutShop,
  type TestProduct,
} from './helpers.js';

let t: ServiceTestApp;
let loyalty: FakeLoyalty;
let settings: FakeSettings;
let pen: TestProduct;
let mug: TestProduct;
let shirt: TestProduct;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ t, loyalty, settings, pen, mug, shirt, close, internalToken: token } = await startCheckoutShop());
});
afterAll(() => close());

const snapshot = () => saleCounts(t);

const CASHIER_ID = '00000000-0000-4000-8000-000000000003';

describe('a guest sale in USD', () => {
  it('is priced by the server, numbered, stored and announced', async () => {
    const body = salePayload(
      [
        { product: pen, quantity: 4 },
        { product: mug, quantity: 3 },
        { product: shirt, quantity: 1 },
      ],
      { tenderExtraCents: 1234 },
    );
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    const tx = res.body.data;
    expect(res.body.success).toBe(true);
    expect(tx.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(tx._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(tx.createdAt)).not.toBeNaN();
    expect(tx.total).toBe(body.total);
    expect(tx.subtotal).toBe(body.subtotal);
    expect(tx.paymentDetails).toEqual({ amountTendered: body.paymentDetails.amountTendered, change: 12.34 });
    expect(tx).toMatchObject({
      loyaltyPointsAwarded: 0,
      loyaltyDiscount: 0,
      loyaltyPointsRedeemed: 0,
      currency: 'USD',
      register: 'main',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      taxRate: 0,
      taxAmount: 0,
    });
    expect(tx.items.map((i: { subtotal: number }) => i.subtotal)).toEqual(body.items.map((i) => i.subtotal));

    const [row] = await t.dataSource().query(`SELECT total_cents, subtotal_cents, cashier_id FROM sales WHERE id = $1`, [tx._id]);
    expect(Number(row.total_cents)).toBe(Math.round(body.total * 100));
    expect(row.cashier_id).toBe('00000000-0000-4000-8000-000000000003');
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === tx._id);
    expect(event).toMatchObject({
      invoiceNumber: tx.invoiceNumber,
      customerId: null,
      totalCents: Math.round(body.total * 100),
      currency: 'USD',
    });
    expect(event.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [pen.id, 4],
      [mug.id, 3],
      [shirt.id, 1],
    ]);
    expect(event.lines[1]).toMatchObject({
      unitPriceCents: 899,
      unitCostCents: mug.costCents,
      subtotalCents: Math.round((899 * 3 * 85) / 100),
    });
  });
});

describe('the client total is checked, never trusted', () => {
  it('refuses a line price that disagrees with the catalog, naming the line', async () => {
    const body = salePayload([
      { product: pen, quantity: 1 },
      { product: shirt, quantity: 2 },
    ]);
    body.items[1]!.unitPrice = 9.99;
    const before = await snapshot();
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('TOTAL_MISMATCH');
    expect(Object.keys(res.body.errors)).toEqual(['items.1.unitPrice']);
    expect(res.body.errors['items.1.unitPrice'].message).toBe('The price of this item is $19.99, not $9.99');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a total one cent off', async () => {
    const body = salePayload([{ product: mug, quantity: 1 }]);
    body.total = Math.round(body.total * 100 - 1) / 100;
    body.paymentDetails.change = Math.round(body.paymentDetails.change * 100 + 1) / 100;
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.errors.total.message).toMatch(/^The total is \$7\.64, not \$7\.63$/);
  });

  it('follows a price change announced by catalog, and ignores an older announcement', async () => {
    const p = await publishProduct(t, { priceCents: 500 });
    await t.bus.publish(envelope('dukan.catalog.product.updated.v1', { ...(await productEvent(p, 600)), version: 3 }));
    await t.bus.publish(envelope('dukan.catalog.product.updated.v1', { ...(await productEvent(p, 700)), version: 2 }));
    const stale = await t.post('/api/transactions', salePayload([{ product: p, quantity: 1 }]), { token: t.tokens.cashier });
    expect(stale.status).toBe(422);
    expect(stale.body.errors['items.0.unitPrice'].message).toContain('$6.00');
    const fresh = await t.post('/api/transactions', salePayload([{ product: { ...p, priceCents: 600 }, quantity: 1 }]), {
      token: t.tokens.cashier,
    });
    expect(fresh.status).toBe(201);
  });

  it('refuses a tender below the total', async () => {
    const body = salePayload([{ product: shirt, quantity: 1 }], { tenderExtraCents: -1 });
    delete (body.paymentDetails as { change?: number }).change;
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.errors['paymentDetails.amountTendered'].message).toBe('The amount tendered must be at least the total ($19.99)');
  });
});

async function productEvent(p: TestProduct, priceCents: number) {
  return {
    productId: p.id,
    sku: p.sku,
    barcode: null,
    name: { en: 'Changed', ku: 'گۆڕاو' },
    categoryId: null,
    priceCents,
    costCents: 100,
    discountPercent: 0,
    active: true,
    reorderLevel: 10,
    quantity: 10,
    version: 2,
  };
}

describe('bad input: 400, nothing stored', () => {
  const cases: [string, (b: ReturnType<typeof salePayload>) => unknown, string][] = [
    ['zero quantity', (b) => ((b.items[0]!.quantity = 0), b), 'items.0.quantity'],
    ['negative quantity', (b) => ((b.items[0]!.quantity = -2), b), 'items.0.quantity'],
    ['fractional quantity', (b) => ((b.items[0]!.quantity = 1.5), b), 'items.0.quantity'],
    ['absurd quantity', (b) => ((b.items[0]!.quantity = 1e9), b), 'items.0.quantity'],
    ['a negative price', (b) => ((b.items[0]!.unitPrice = -1.25), b), 'items.0.unitPrice'],
    ['a price as text', (b) => ({ ...b, total: '12.00' }), 'total'],
    ['no items', (b) => ({ ...b, items: [] }), 'items'],
    ['too many lines', (b) => ({ ...b, items: Array.from({ length: 201 }, () => b.items[0]) }), 'items'],
    ['an unknown field', (b) => ({ ...b, price: 0 }), 'price'],
    ['a field to set loyalty points', (b) => ({ ...b, loyaltyPointsAwarded: 5000 }), 'loyaltyPointsAwarded'],
    ['an unknown currency', (b) => ({ ...b, currency: 'EUR' }), 'currency'],
    ['a card payment', (b) => ({ ...b, paymentMethod: 'card' }), 'paymentMethod'],
    ['a malformed product id', (b) => ((b.items[0]!.product = 'abc'), b), 'items.0.product'],
    ['an exchange rate of 0', (b) => ({ ...b, exchangeRate: 0 }), 'exchangeRate'],
  ];
  it.each(cases)('%s', async (_name, mutate, field) => {
    const before = await snapshot();
    const res = await t.post('/api/transactions', mutate(salePayload([{ product: pen, quantity: 1 }])), { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown or inactive product', async () => {
    const inactive = await publishProduct(t, { priceCents: 300, active: false });
    const ghost: TestProduct = { ...pen, id: randomUUID() };
    const before = await snapshot();
    const res = await t.post(
      '/api/transactions',
      salePayload([
        { product: pen, quantity: 1 },
        { product: inactive, quantity: 1 },
        { product: ghost, quantity: 1 },
      ]),
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'items.1.product': { message: 'This product is not available for sale' },
      'items.2.product': { message: 'This product is not available for sale' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a deleted product, even if an older update arrives afterwards', async () => {
    const p = await publishProduct(t, { priceCents: 300, version: 4 });
    await t.bus.publish(envelope('dukan.catalog.product.deleted.v1', { productId: p.id, sku: p.sku, version: 5 }));
    await t.bus.publish(envelope('dukan.catalog.product.updated.v1', { ...(await productEvent(p, 300)), version: 4 }));
    const res = await t.post('/api/transactions', salePayload([{ product: p, quantity: 1 }]), { token: t.tokens.cashier });
    expect(res.status).toBe(400);
  });

  it('a malformed JSON body', async () => {
    const res = await t.request('POST', '/api/transactions', {
      token: t.tokens.cashier,
      body: '{"items": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('discounts', () => {
  it('applies a percent discount for a manager', async () => {
    const body = salePayload([{ product: shirt, quantity: 3 }], { discount: { type: 'percentage', value: 10 } });
    const res = await t.post('/api/transactions', body, { token: t.tokens.manager });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ discountAmount: 6, total: 53.97, discountType: 'percentage', discountValue: 10 });
  });

  it('keeps a fixed discount at most the subtotal, so the total is 0', async () => {
    const body = salePayload([{ product: pen, quantity: 2 }], { discount: { type: 'fixed', cents: 10_000 } });
    expect(body.total).toBe(0);
    const res = await t.post('/api/transactions', { ...body, discountValue: 100 }, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ discountAmount: 2.5, total: 0 });
  });

  it('refuses a discount from a cashier without the pos discount permission', async () => {
    const before = await snapshot();
    const body = salePayload([{ product: shirt, quantity: 1 }], { discount: { type: 'percentage', value: 50 } });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(403);
    expect(res.body.errors.discountValue.message).toBe('You are not allowed to give discounts');
    expect(await snapshot()).toEqual(before);
    const allowed = t.tokenFor({ role: 'cashier', permissions: { pos: ['use', 'discount'] } });
    expect((await t.post('/api/transactions', body, { token: allowed })).status).toBe(201);
  });
});

describe('currency and tax', () => {
  it('prices an IQD sale in whole dinars (each unit price converted once) and keeps the rate and the dollars', async () => {
    settings.userRates.set(CASHIER_ID, 1310); // the cashier's own rate
    const body = salePayload([{ product: mug, quantity: 1 }], { currency: 'IQD', exchangeRate: 1310, tenderExtraCents: 36 });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    settings.userRates.delete(CASHIER_ID);
    expect(res.status).toBe(201);
    const tx = res.body.data;
    expect(tx).toMatchObject({ currency: 'IQD', exchangeRate: 1310, total: 7.64 });
    // 8.99 x 1310 = 11,777 dinars a unit; 15 % off = 10,010 (not 7.64 x 1310 = 10,008 derived back from cents).
    // Sales has heard no step from settings: a new shop's 250. 10,000 due in cash; 480 over, 500 back: 30 taken off.
    expect(tx.amountsInCurrency).toMatchObject({
      currency: 'IQD',
      total: 10010,
      amountTendered: 10480,
      change: 500,
      cashRounding: -30,
    });
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === tx._id);
    expect(event).toMatchObject({ currency: 'IQD', exchangeRate: 1310, totalCents: 764, tenderedMinor: 10480 });
  });

  it('takes the tax rate from settings events (included in prices)', async () => {
    await publishSettings(t, { taxRateBasisPoints: 1000, changed: ['taxRateBasisPoints'] });
    const res = await t.post('/api/transactions', salePayload([{ product: { ...pen, priceCents: 125 }, quantity: 88 }]), {
      token: t.tokens.cashier,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total: 110, taxRate: 10, taxAmount: 10 });
    await publishSettings(t, { changed: ['taxRateBasisPoints'] });
  });
});

describe('loyalty', () => {
  const customer = randomUUID();
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
    loyalty.mode = 'up';
    loyalty.answer = holds(0, 0);
  });

  it('redeems points reserved by loyalty and reports the points awarded', async () => {
    loyalty.answer = holds(150, 150, 38);
    const body = salePayload([{ product: shirt, quantity: 2 }], { customer, loyalty: { points: 150, valueCents: 150 } });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ loyaltyPointsRedeemed: 150, loyaltyDiscount: 1.5, total: 38.48, loyaltyPointsAwarded: 38 });
    expect(res.body.data.customer).toMatchObject({ firstName: 'Shilan', lastName: 'Aziz', phone: '07501234567' });
    const call = loyalty.calls.at(-1)!;
    expect(call).toMatchObject({
      saleId: res.body.data._id,
      internalToken: token,
      body: { customerId: customer, pointsToRedeem: 150, totalBeforeLoyaltyUsdCents: 3998 },
    });
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === res.body.data._id);
    expect(event).toMatchObject({
      customerId: customer,
      pointsRedeemed: 150,
      redemptionId: `res-${res.body.data._id}`,
      pointsAwarded: 38,
      loyaltyDiscountCents: 150,
    });
  });

  it('passes on loyalty refusals (insufficient points) and stores nothing', async () => {
    loyalty.answer = refuses('INSUFFICIENT_POINTS');
    const before = await snapshot();
    const res = await t.post(
      '/api/transactions',
      salePayload([{ product: shirt, quantity: 1 }], { customer, loyalty: { points: 100_000, valueCents: 1999 } }),
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INSUFFICIENT_POINTS');
    expect(res.body.errors.loyaltyPointsRedeemed.message).toBe('The customer does not have enough points');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a loyalty discount that differs from what the points are worth', async () => {
    loyalty.answer = holds(20, 20); // loyalty values the 20 points at $0.20
    const body = salePayload([{ product: shirt, quantity: 1 }], { customer, loyalty: { points: 20, valueCents: 200 } });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.errors.loyaltyDiscount.message).toBe('The loyalty discount is $0.20, not $2.00');
    // The points loyalty held for this attempt go back to the customer at once, not when loyalty's sweep comes.
    const call = loyalty.calls.at(-1)!;
    const released = { saleId: call.saleId, customerId: customer, attempt: call.body.attempt };
    for (let i = 0; i < 50 && !loyalty.releases.some((r) => r.attempt === released.attempt); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(loyalty.releases).toContainEqual(released);
  });

  it('asks nothing of loyalty, and so releases nothing, for a sale whose own figures are wrong', async () => {
    const calls = loyalty.calls.length;
    const releases = loyalty.releases.length;
    const body = salePayload([{ product: shirt, quantity: 1 }], { customer });
    const res = await t.post('/api/transactions', { ...body, subtotal: body.subtotal + 1 }, { token: t.tokens.cashier });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('TOTAL_MISMATCH');
    await new Promise((r) => setTimeout(r, 100));
    expect({ calls: loyalty.calls.length, releases: loyalty.releases.length }).toEqual({ calls, releases });
  });

  it('still sells to a customer without redemption when loyalty is down (0 points quoted)', async () => {
    loyalty.mode = 'down';
    const res = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { customer }), { token: t.tokens.cashier });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ loyaltyPointsAwarded: 0, customerId: customer });
    const [event] = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).filter((e) => e.saleId === res.body.data._id);
    expect(event).toMatchObject({ customerId: customer, pointsAwarded: 0, pointsRedeemed: 0 });
  });

  it('answers 503 and stores nothing for a redemption while loyalty is down', async () => {
    loyalty.mode = 'down';
    const before = await snapshot();
    const res = await t.post(
      '/api/transactions',
      salePayload([{ product: shirt, quantity: 1 }], { customer, loyalty: { points: 50, valueCents: 50 } }),
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses points without a customer', async () => {
    const body = salePayload([{ product: shirt, quantity: 1 }], { loyalty: { points: 50, valueCents: 50 } });
    const res = await t.post('/api/transactions', body, { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(res.body.errors.customer.message).toBe('This field is required');
  });

  it('refuses a customer loyalty does not know', async () => {
    loyalty.answer = () => ({ status: 404, body: { code: 'NOT_FOUND' } });
    const res = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }], { customer: randomUUID() }), {
      token: t.tokens.cashier,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.customer.message).toBe('This customer does not exist');
  });
});

describe('the database plans a sale once', () => {
  it('runs the lookup and the sale on plans PostgreSQL keeps, not planned again for each sale', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await t.post('/api/transactions', salePayload([{ product: pen, quantity: 1 }]), { token: t.tokens.cashier });
      expect(res.status).toBe(201);
    }
    // One sale after another takes the pool's most recently freed connection, which the next query takes too.
    const kept: { statement: string; generic_plans: string }[] = await t
      .dataSource()
      .query(`SELECT statement, generic_plans FROM pg_prepared_statements WHERE generic_plans > 0`);
    const reused = (part: string) => kept.some((s) => s.statement.includes(part));
    expect(reused('AS wanted(id)')).toBe(true);
    expect(reused('WITH counted AS')).toBe(true);
  });
});
