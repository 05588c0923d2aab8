// Sales on a customer's account and repayments into the drawer, on the real sales service with loyalty's stand-in:
// the account tender held within the credit limit in loyalty's one synchronous step, refused beyond it unless the
// seller holds customers → credit, refused when loyalty cannot check it; a cash repayment counts into its shift once.
import { randomUUID } from 'node:crypto';
import type { AccountRepaidData, SaleTender } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, holds, outboxEvents, refuses, salePayload, startCheckoutShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startCheckoutShop>>;
let t: ServiceTestApp;
const customer = randomUUID();

beforeAll(async () => {
  shop = await startCheckoutShop();
  t = shop.t;
  await t.bus.publish(
    envelope('dukan.loyalty.customer.created.v1', {
      customerId: customer,
      firstName: 'Hemin',
      lastName: 'Ali',
      phone: '+9647501112233',
      email: null,
      languagePreference: 'ku',
      loyaltyPoints: 0,
      totalSpentCents: 0,
      purchaseCount: 0,
      memberSince: new Date().toISOString(),
      version: 1,
    }),
  );
});
afterAll(() => shop.close());

/** $39.98 (two shirts), paid with these tenders. */
function onAccount(tenders: SaleTender[], register = 'main') {
  const { paymentDetails: _p, ...body } = salePayload([{ product: shop.shirt, quantity: 2 }], { customer, register });
  return { ...body, tenders };
}

const sell = (body: unknown, token = t.tokens.cashier, headers: Record<string, string> = {}) =>
  t.post('/api/transactions', body, { token, headers: { 'idempotency-key': randomUUID(), ...headers } });

describe('a sale on account', () => {
  it('half on account within the limit: loyalty is asked to hold that half with the points, in one call', async () => {
    const res = await sell(
      onAccount([
        { method: 'cash', currency: 'USD', amountMinor: 2_000 },
        { method: 'account', currency: 'USD', amountMinor: 1_998 },
      ]),
    );
    expect(res.status).toBe(201);
    const call = shop.loyalty.calls.find((c) => c.saleId === res.body.data._id)!;
    expect(call.body.account).toEqual({ usdCents: 1_998, iqd: 0, exchangeRate: 1450, override: false, branchId: 'main' });
    const event = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).find((e) => e.saleId === res.body.data._id);
    expect(event.tenders).toEqual(expect.arrayContaining([{ method: 'account', currency: 'USD', amountMinor: 1_998 }]));
  });

  it("beyond the limit is refused with loyalty's words in the cashier's language, and nothing is stored", async () => {
    const before = (await outboxEvents(t, 'dukan.sales.sale.completed.v1')).length;
    // Loyalty refuses the hold (its limit, $30.00, is its own rule), in the language the cashier works in.
    shop.loyalty.answer = (call) => refuses('CREDIT_LIMIT', call.locale === 'ku' ? 'سنووری قەرز 3000' : 'Over the credit limit of 3000')();
    try {
      const all = [{ method: 'account' as const, currency: 'IQD' as const, amountMinor: 57_971 }];
      const res = await sell(onAccount(all));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CREDIT_LIMIT');
      expect(res.body.errors.tenders.message).toBe('Customer account: Over the credit limit of 3000');
      const ku = await sell(onAccount(all), t.tokens.cashier, { 'accept-language': 'ku' });
      expect(ku.body.message).toBe('هەژماری کڕیار: سنووری قەرز 3000');
      expect((await outboxEvents(t, 'dukan.sales.sale.completed.v1')).length).toBe(before);
    } finally {
      shop.loyalty.answer = holds(0, 0);
    }
  });

  it('beyond the limit is made by a manager (customers → credit overrides it)', async () => {
    const res = await sell(onAccount([{ method: 'account', currency: 'IQD', amountMinor: 57_971 }]), t.tokens.manager);
    expect(res.status).toBe(201);
    expect(shop.loyalty.calls.find((c) => c.saleId === res.body.data._id)!.body.account!.override).toBe(true);
  });

  it('is refused while loyalty cannot check the limit; a cash sale to the customer still goes through', async () => {
    shop.loyalty.mode = 'down';
    try {
      const res = await sell(onAccount([{ method: 'account', currency: 'USD', amountMinor: 3_998 }]));
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Customer accounts cannot be reached now: take another payment, or try again in a moment');
      const cash = await sell(onAccount([{ method: 'cash', currency: 'USD', amountMinor: 3_998 }]));
      expect(cash.status).toBe(201);
    } finally {
      shop.loyalty.mode = 'up';
    }
  });
});

describe('a repayment taken at a register', () => {
  it('in cash is cash into the shift open there, once; by card, in another branch or register, or in the back office it is not', async () => {
    const opened = (await t.post('/api/shifts', { register: 'till-r', float: { USD: 0, IQD: 0 } }, { token: t.tokens.cashier })).body.data;
    const repaid = (over: Partial<AccountRepaidData> = {}) =>
      envelope('dukan.loyalty.account.repaid.v1', {
        repaymentId: randomUUID(),
        customerId: customer,
        branchId: opened.branchId,
        method: 'cash',
        currency: 'IQD',
        amountMinor: 25_000,
        exchangeRate: 1450,
        registerId: 'till-r',
        shiftId: null,
        paidAt: new Date().toISOString(),
        ...over,
      } satisfies AccountRepaidData);
    const cash = repaid();
    await t.bus.publish(cash);
    await t.bus.publish({ ...cash, id: randomUUID() }); // announced again
    await t.bus.publish(repaid({ method: 'card', currency: 'USD', amountMinor: 1_000 }));
    await t.bus.publish(repaid({ branchId: 'elsewhere' }));
    await t.bus.publish(repaid({ registerId: 'till-other' }));
    await t.bus.publish(repaid({ registerId: null }));
    await t.bus.publish(repaid({ shiftId: randomUUID() })); // names a shift that is not the one open there

    const shift = (await t.get(`/api/shifts/${opened._id}`, { token: t.tokens.cashier })).body.data;
    expect(shift.figures.expected).toEqual({ USD: 0, IQD: 25_000 });
    expect(shift.movements).toEqual([
      expect.objectContaining({
        kind: 'cash_in',
        currency: 'IQD',
        amountMinor: 25_000,
        reason: 'Customer repayment · دانەوەی قەرزی کڕیار',
      }),
    ]);
  });
});
