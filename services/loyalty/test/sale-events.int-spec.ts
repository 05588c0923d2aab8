import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { balances, completed, createCustomer, refunded, reserve, saleData, setSettings, startLoyalty, voided } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startLoyalty();
});
afterAll(() => t.close());
beforeEach(() => setSettings(t, { statusTiers: { silver: 200, gold: 5000, platinum: 10000 } }));

const customer = async (id: string) => (await t.get(`/api/customers/${id}`, { token: t.tokens.admin })).body;
const ledger = async (id: string) =>
  t.dataSource().query(`SELECT kind, points, balance_after FROM points_ledger WHERE customer_id = $1 ORDER BY id`, [id]);

/** A customer with `points` from an earlier sale of points × $1. */
async function customerWith(points: number) {
  const c = await createCustomer(t);
  const sale = saleData({ customerId: c._id, totalCents: points * 100 });
  await t.bus.publish(completed(sale));
  return { c, sale };
}

describe('sale completed', () => {
  it('a sale without a reservation (loyalty was down) earns points worked out from the event, and updates the spending', async () => {
    const c = await createCustomer(t);
    await t.bus.publish(completed(saleData({ customerId: c._id, totalCents: 12_345, completedAt: '2026-01-02T10:00:00.000Z' })));
    expect(await customer(c._id)).toMatchObject({
      loyaltyPoints: 123,
      lifetimePoints: 123,
      totalSpent: 123.45,
      purchaseCount: 1,
      lastPurchase: '2026-01-02T10:00:00.000Z',
    });
    expect(await ledger(c._id)).toEqual([{ kind: 'award', points: 123, balance_after: 123 }]);
  });

  it('the same event delivered twice changes nothing the second time', async () => {
    const c = await createCustomer(t);
    const event = completed(saleData({ customerId: c._id, totalCents: 5_000 }));
    await t.bus.publish(event);
    await t.bus.publish(event);
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 50, totalSpent: 50, purchaseCount: 1 });
    // Even a republish under a new event id does not settle the sale twice.
    await t.bus.publish(completed(event.data));
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 50, totalSpent: 50, purchaseCount: 1 });
  });

  it('uses the quoted award when the sale reserved, and spends the held points', async () => {
    const { c } = await customerWith(300);
    const saleId = randomUUID();
    const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 100, totalBeforeLoyaltyUsdCents: 2_000 })).body;
    expect(r.pointsToAward).toBe(28); // silver since 300 lifetime: floor(19 × 1.5)
    await t.bus.publish(
      completed(
        saleData({
          saleId,
          customerId: c._id,
          totalCents: 1_900,
          loyaltyDiscountCents: 100,
          pointsRedeemed: 100,
          redemptionId: r.redemption.reservationId,
          pointsAwarded: 28,
        }),
      ),
    );
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 300 - 100 + 28, lifetimePoints: 328, totalSpent: 319, purchaseCount: 2 });
    expect(await balances(t, c._id)).toEqual({ ledger: 228, row: 228 });
  });

  it('raises the status from lifetime points and publishes the customer', async () => {
    const c = await createCustomer(t);
    await t.bus.publish(completed(saleData({ customerId: c._id, totalCents: 19_900 })));
    expect((await customer(c._id)).loyaltyStatus).toBe('standard');
    await t.bus.publish(completed(saleData({ customerId: c._id, totalCents: 100 })));
    expect((await customer(c._id)).loyaltyStatus).toBe('silver');
    const events = await t
      .dataSource()
      .query(`SELECT data FROM outbox WHERE type = 'dukan.loyalty.customer.updated.v1' AND data->>'customerId' = $1 ORDER BY seq`, [c._id]);
    expect(events.map((e: any) => e.data.loyaltyPoints)).toEqual([199, 200]);
  });

  it('a guest sale and a sale for an unknown customer change nothing', async () => {
    const before = await t.dataSource().query(`SELECT count(*)::int AS n FROM points_ledger`);
    const guest = completed(saleData({ customerId: null, totalCents: 5_000 }));
    const stranger = completed(saleData({ customerId: randomUUID(), totalCents: 5_000 }));
    await t.bus.publish(guest);
    await t.bus.publish(stranger);
    expect(await t.dataSource().query(`SELECT count(*)::int AS n FROM points_ledger`)).toEqual(before);
    // The guest's sale does not concern loyalty: acknowledged without a transaction, so not even in the inbox.
    const inbox = async (id: string) => (await t.dataSource().query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [id])).length;
    expect(await inbox(guest.id)).toBe(0);
    expect(await inbox(stranger.id)).toBe(1);
  });

  it('earns nothing while loyalty is off', async () => {
    const c = await createCustomer(t);
    await setSettings(t, { enabled: false });
    await t.bus.publish(completed(saleData({ customerId: c._id, totalCents: 5_000 })));
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 0, totalSpent: 50, purchaseCount: 1 });
  });
});

describe('void and refund', () => {
  it('a void gives back redeemed points, takes back awarded points and the spending, exactly once', async () => {
    const { c } = await customerWith(300);
    const saleId = randomUUID();
    const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 100, totalBeforeLoyaltyUsdCents: 2_000 })).body;
    const sale = saleData({
      saleId,
      customerId: c._id,
      totalCents: 1_900,
      pointsRedeemed: 100,
      redemptionId: r.redemption.reservationId,
      pointsAwarded: r.pointsToAward,
    });
    await t.bus.publish(completed(sale));
    const v = voided(sale);
    await t.bus.publish(v);
    await t.bus.publish(v);
    await t.bus.publish(voided(sale)); // a second void event for the same sale
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 300, lifetimePoints: 300, totalSpent: 300, purchaseCount: 1 });
    expect(await balances(t, c._id)).toEqual({ ledger: 300, row: 300 });
  });

  it('partial refunds move points in proportion and add up to the whole', async () => {
    const { c } = await customerWith(300);
    const saleId = randomUUID();
    const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 101, totalBeforeLoyaltyUsdCents: 10_101 })).body;
    expect(r.pointsToAward).toBe(150); // floor(100 × 1.5)
    const sale = saleData({
      saleId,
      customerId: c._id,
      totalCents: 10_000,
      pointsRedeemed: 101,
      redemptionId: r.redemption.reservationId,
      pointsAwarded: 150,
    });
    await t.bus.publish(completed(sale));
    expect((await customer(c._id)).loyaltyPoints).toBe(349);

    const first = refunded(sale, 2_500); // a quarter
    await t.bus.publish(first);
    await t.bus.publish(first);
    // back floor(101/4) = 25, taken floor(150/4) = 37
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 349 + 25 - 37, totalSpent: 400 - 25, purchaseCount: 2 });

    await t.bus.publish(refunded(sale, 7_500, true)); // the rest
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 300, lifetimePoints: 300, totalSpent: 300, purchaseCount: 1 });
    expect(await balances(t, c._id)).toEqual({ ledger: 300, row: 300 });

    // A void after a full refund has nothing left to undo.
    await t.bus.publish(voided(sale));
    expect((await customer(c._id)).loyaltyPoints).toBe(300);
  });

  it('taking back points already spent stops at zero', async () => {
    const c = await createCustomer(t);
    const sale = saleData({ customerId: c._id, totalCents: 10_000 });
    await t.bus.publish(completed(sale)); // +100
    const saleId = randomUUID();
    const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 80, totalBeforeLoyaltyUsdCents: 80 })).body;
    await t.bus.publish(
      completed(
        saleData({
          saleId,
          customerId: c._id,
          totalCents: 0,
          pointsRedeemed: 80,
          redemptionId: r.redemption.reservationId,
          pointsAwarded: r.pointsToAward,
        }),
      ),
    );
    expect((await customer(c._id)).loyaltyPoints).toBe(20);
    await t.bus.publish(voided(sale)); // owes 100, holds 20
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 0, lifetimePoints: 0 });
    expect(await balances(t, c._id)).toEqual({ ledger: 0, row: 0 });
  });

  it('a refund that arrives before its sale fails, so the bus delivers it again later', async () => {
    const c = await createCustomer(t);
    const sale = saleData({ customerId: c._id, totalCents: 5_000 });
    const early = refunded(sale, 5_000, true);
    await expect(t.bus.publish(early)).rejects.toThrow(/not yet settled/);
    await t.bus.publish(completed(sale));
    await t.bus.publish(early);
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 0, totalSpent: 0, purchaseCount: 0 });
  });
});
