import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { balances, completed, createCustomer, earn, reserve, saleData, setSettings, startLoyalty } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startLoyalty();
});
afterAll(() => t.close());
beforeEach(() => setSettings(t));

const redeem = (customerId: string, points: unknown, token = t.tokens.cashier) =>
  t.post('/api/transactions/redeem', { customerId, points }, { token });

describe('POST /api/transactions/redeem (a quote)', () => {
  it('answers the points and their value in dollars, and spends nothing', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const res = await redeem(c._id, 250);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { pointsRedeemed: 250, monetaryValue: 2.5 } });
    expect((await t.get(`/api/customers/${c._id}`, { token: t.tokens.admin })).body.loyaltyPoints).toBe(500);
    expect(await balances(t, c._id)).toEqual({ ledger: 500, row: 500 });
    const [{ n }] = await t.dataSource().query(`SELECT count(*)::int AS n FROM reservations WHERE customer_id = $1`, [c._id]);
    expect(n).toBe(0);
  });

  it('caps the value at maximumRedemptionValue and uses only the points needed', async () => {
    await setSettings(t, { maximumRedemptionValue: 1.5 });
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    expect((await redeem(c._id, 400)).body.data).toEqual({ pointsRedeemed: 150, monetaryValue: 1.5 });
  });

  it.each([
    [0, 'MINIMUM_POINTS', 'The number of points is below the minimum that can be redeemed'],
    [-10, 'MINIMUM_POINTS', 'The number of points is below the minimum that can be redeemed'],
    [501, 'INSUFFICIENT_POINTS', 'The customer does not have enough points'],
  ])('refuses %i points with 422 %s', async (points, code, text) => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const res = await redeem(c._id, points);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code, error: text });
  });

  it('refuses below minimumRedemption, and a customer holding less than minimumPoints', async () => {
    await setSettings(t, { minimumRedemption: 100, minimumPoints: 300 });
    const c = await createCustomer(t);
    await earn(t, c._id, 250);
    expect((await redeem(c._id, 99)).body.code).toBe('MINIMUM_POINTS');
    const low = await redeem(c._id, 100);
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ code: 'INSUFFICIENT_POINTS', error: 'The customer needs at least 300 points before redeeming' });
    await earn(t, c._id, 50);
    expect((await redeem(c._id, 100)).status).toBe(200);
  });

  it('refuses everything while loyalty is off', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    await setSettings(t, { enabled: false });
    const res = await redeem(c._id, 100);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('LOYALTY_DISABLED');
  });

  it('counts points held by a pending sale as not available', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    expect((await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 400, totalBeforeLoyaltyUsdCents: 10_000 })).status).toBe(
      200,
    );
    expect((await redeem(c._id, 101)).body.code).toBe('INSUFFICIENT_POINTS');
    expect((await redeem(c._id, 100)).status).toBe(200);
  });

  it.each([
    [{ customerId: 'nope', points: 10 }, 'customerId'],
    [{ customerId: randomUUID(), points: 1.5 }, 'points'],
    [{ customerId: randomUUID(), points: '10' }, 'points'],
    [{ customerId: randomUUID() }, 'points'],
    [{ points: 10 }, 'customerId'],
  ])('refuses %j with 400', async (body, field) => {
    const res = await t.post('/api/transactions/redeem', body, { token: t.tokens.cashier });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('404 for an unknown customer', async () => {
    expect((await redeem(randomUUID(), 10)).status).toBe(404);
  });
});

describe('POST /internal/loyalty/sales/:saleId/reserve', () => {
  it('holds the points, quotes the award on the total after the discount, and answers the same again', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const saleId = randomUUID();
    const body = { customerId: c._id, pointsToRedeem: 300, totalBeforeLoyaltyUsdCents: 5_000 };
    const first = await reserve(t, saleId, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ redemption: { reservationId: expect.any(String), points: 300, valueCents: 300 }, pointsToAward: 47 }); // $50 - $3
    const again = await reserve(t, saleId, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [{ n }] = await t.dataSource().query(`SELECT count(*)::int AS n FROM reservations WHERE sale_id = $1`, [saleId]);
    expect(n).toBe(1);
    // Held, not spent: the balance is whole, the quote sees 200.
    expect(await balances(t, c._id)).toEqual({ ledger: 500, row: 500 });
    expect((await redeem(c._id, 201)).body.code).toBe('INSUFFICIENT_POINTS');
  });

  it('derives the points from a loyalty discount sent without them, exactly, and holds them once', async () => {
    await setSettings(t, { redemptionRate: 0.05 }); // 5 cents a point
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const saleId = randomUUID();
    const body = { customerId: c._id, pointsToRedeem: 0, loyaltyDiscountUsdCents: 250, totalBeforeLoyaltyUsdCents: 5_000 };
    const res = await reserve(t, saleId, body);
    expect(res.status).toBe(200);
    expect(res.body.redemption).toMatchObject({ points: 50, valueCents: 250 });
    expect((await reserve(t, saleId, body)).body).toEqual(res.body);
    expect((await redeem(c._id, 451)).body.code).toBe('INSUFFICIENT_POINTS'); // 50 held, once
  });

  it('refuses a loyalty discount no whole number of points makes, and holds nothing', async () => {
    await setSettings(t, { redemptionRate: 0.05 });
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const body = { customerId: c._id, pointsToRedeem: 0, loyaltyDiscountUsdCents: 7, totalBeforeLoyaltyUsdCents: 5_000 };
    const res = await reserve(t, randomUUID(), body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'LOYALTY_DISCOUNT_NOT_POINTS',
      message: 'No whole number of points is worth $0.07. Send the points redeemed, or a loyalty discount that whole points make.',
    });
    const [{ n }] = await t.dataSource().query(`SELECT count(*)::int AS n FROM reservations WHERE customer_id = $1`, [c._id]);
    expect(n).toBe(0);
  });

  it('the same sale asking twice at once gets one hold and the same answer', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const saleId = randomUUID();
    const body = { customerId: c._id, pointsToRedeem: 400, totalBeforeLoyaltyUsdCents: 5_000 };
    const [a, b] = await Promise.all([reserve(t, saleId, body), reserve(t, saleId, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect((await redeem(c._id, 101)).body.code).toBe('INSUFFICIENT_POINTS'); // 400 held once, not twice
    expect((await redeem(c._id, 100)).status).toBe(200);
  });

  it('refuses the same sale id with other details (409)', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const saleId = randomUUID();
    await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 100, totalBeforeLoyaltyUsdCents: 5_000 });
    const res = await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 200, totalBeforeLoyaltyUsdCents: 5_000 });
    expect(res.status).toBe(409);
  });

  it('applies the status multiplier and the purchase tier bonus to the award', async () => {
    await setSettings(t, {
      statusTiers: { silver: 100, gold: 5000, platinum: 10000 },
      tiers: [{ threshold: 40, bonusType: 'percentage', bonusValue: 50 }],
    });
    const c = await createCustomer(t);
    await earn(t, c._id, 100); // 100 lifetime points: silver (× 1.5)
    const res = await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 4_000 });
    expect(res.body).toEqual({ redemption: null, pointsToAward: 90 }); // floor(40 × 1.5) = 60, + 50 % = 90
  });

  it('caps the redemption by the sale total', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 500);
    const res = await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 500, totalBeforeLoyaltyUsdCents: 120 });
    expect(res.body).toEqual({ redemption: { reservationId: expect.any(String), points: 120, valueCents: 120 }, pointsToAward: 0 });
  });

  it('answers a guest with nothing to redeem and nothing to earn', async () => {
    const res = await reserve(t, randomUUID(), { customerId: null, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 5_000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redemption: null, pointsToAward: 0 });
  });

  it('refuses with the redeem errors, and with 404 for an unknown customer', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 50);
    expect((await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 51, totalBeforeLoyaltyUsdCents: 5_000 })).body.code).toBe(
      'INSUFFICIENT_POINTS',
    );
    expect(
      (await reserve(t, randomUUID(), { customerId: randomUUID(), pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 5_000 })).status,
    ).toBe(404);
    await setSettings(t, { enabled: false });
    expect((await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 10, totalBeforeLoyaltyUsdCents: 5_000 })).body.code).toBe(
      'LOYALTY_DISABLED',
    );
    expect((await reserve(t, randomUUID(), { customerId: c._id, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 5_000 })).body).toEqual({
      redemption: null,
      pointsToAward: 0,
    });
  });

  it('two tills redeeming the same points at once: one succeeds, one gets 422', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 300);
    const body = { customerId: c._id, pointsToRedeem: 200, totalBeforeLoyaltyUsdCents: 10_000 };
    const results = await Promise.all(Array.from({ length: 6 }, () => reserve(t, randomUUID(), body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.code === 'INSUFFICIENT_POINTS')).toBe(true);
  });

  it('lets points go again when a hold expires without a sale, and holds them again if the sale asks once more', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 300);
    const saleA = randomUUID();
    const body = { customerId: c._id, pointsToRedeem: 300, totalBeforeLoyaltyUsdCents: 10_000 };
    expect((await reserve(t, saleA, body)).status).toBe(200);
    expect((await reserve(t, randomUUID(), body)).status).toBe(422);
    await t.dataSource().query(`UPDATE reservations SET expires_at = now() - interval '1 second' WHERE sale_id = $1`, [saleA]);
    expect((await redeem(c._id, 300)).status).toBe(200);
    const again = await reserve(t, saleA, body);
    expect(again.status).toBe(200);
    expect((await reserve(t, randomUUID(), body)).status).toBe(422);
  });

  it('the sweep marks lapsed holds released', async () => {
    const c = await createCustomer(t);
    await earn(t, c._id, 300);
    const saleId = randomUUID();
    await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 100, totalBeforeLoyaltyUsdCents: 10_000 });
    await t.dataSource().query(`UPDATE reservations SET expires_at = now() - interval '1 second' WHERE sale_id = $1`, [saleId]);
    const { RedemptionsService } = await import('../src/redemptions/redemptions.service.js');
    expect(await t.app.get(RedemptionsService, { strict: false }).releaseExpired()).toBeGreaterThanOrEqual(1);
    const [row] = await t.dataSource().query(`SELECT status FROM reservations WHERE sale_id = $1`, [saleId]);
    expect(row.status).toBe('released');
  });

  it.each([
    [{ customerId: 'x', pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 1 }],
    [{ customerId: null, pointsToRedeem: -1, totalBeforeLoyaltyUsdCents: 1 }],
    [{ customerId: null, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 1.5 }],
    [{ customerId: null, pointsToRedeem: 0 }],
    [{ customerId: null, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 1, extra: true }],
  ])('refuses %j with 400', async (body) => {
    expect((await reserve(t, randomUUID(), body)).status).toBe(400);
  });

  it('is refused without the internal token', async () => {
    const res = await t.outsider.post(
      `/internal/loyalty/sales/${randomUUID()}/reserve`,
      { customerId: null, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 1 },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(403);
    const wrong = await t.outsider.post(
      `/internal/loyalty/sales/${randomUUID()}/reserve`,
      { customerId: null, pointsToRedeem: 0, totalBeforeLoyaltyUsdCents: 1 },
      {
        headers: { 'x-dukan-internal': 'x'.repeat(32) },
      },
    );
    expect(wrong.status).toBe(403);
  });
});

it('a completed sale turns the hold into a spend, exactly once', async () => {
  const c = await createCustomer(t);
  await earn(t, c._id, 500);
  const saleId = randomUUID();
  const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 200, totalBeforeLoyaltyUsdCents: 3_000 })).body;
  const event = completed(
    saleData({
      saleId,
      customerId: c._id,
      totalCents: 2_800,
      loyaltyDiscountCents: 200,
      pointsRedeemed: 200,
      redemptionId: r.redemption.reservationId,
      pointsAwarded: r.pointsToAward,
    }),
  );
  await t.bus.publish(event);
  await t.bus.publish(event);
  expect(await balances(t, c._id)).toEqual({ ledger: 500 - 200 + 28, row: 328 });
  const [res] = await t.dataSource().query(`SELECT status FROM reservations WHERE sale_id = $1`, [saleId]);
  expect(res.status).toBe('consumed');
  // The consumed hold no longer counts against the balance.
  expect((await redeem(c._id, 328)).status).toBe(200);
});
