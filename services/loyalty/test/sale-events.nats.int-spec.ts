import { randomUUID } from 'node:crypto';
import { findNats, startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { LoyaltyModule, loadLoyaltyConfig } from '@dukan/loyalty';
import { completed, createCustomer, refunded, reserve, saleData, setSettings } from './fixtures.js';

const nats = await findNats();

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let last = await read();
  while (!ok(last) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

(nats ? describe : describe.skip)('sale events over NATS JetStream', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startServiceApp({ service: 'loyalty', bus: 'nats', module: (e) => LoyaltyModule.register(loadLoyaltyConfig(e)) });
    await setSettings(t);
  });
  afterAll(() => t.close());

  const customer = async (id: string) => (await t.get(`/api/customers/${id}`, { token: t.tokens.admin })).body;

  it('settles a reserved sale once although the event is published twice', async () => {
    const c = await createCustomer(t);
    await t.bus.publish(completed(saleData({ customerId: c._id, totalCents: 40_000 })));
    await eventually(
      () => customer(c._id),
      (x) => x.loyaltyPoints === 400,
    );
    const saleId = randomUUID();
    const r = (await reserve(t, saleId, { customerId: c._id, pointsToRedeem: 150, totalBeforeLoyaltyUsdCents: 5_000 })).body;
    const event = completed(
      saleData({
        saleId,
        customerId: c._id,
        totalCents: 4_850,
        pointsRedeemed: 150,
        redemptionId: r.redemption.reservationId,
        pointsAwarded: r.pointsToAward,
      }),
    );
    await t.bus.publish(event);
    await t.bus.publish(event);
    const after = await eventually(
      () => customer(c._id),
      (x) => x.purchaseCount === 2,
    );
    await new Promise((r2) => setTimeout(r2, 300));
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 400 - 150 + 48, purchaseCount: 2, totalSpent: 448.5 });
    expect(after.purchaseCount).toBe(2);
  });

  it('a refund delivered before its sale is retried by JetStream and applied after the sale', async () => {
    const c = await createCustomer(t);
    const sale = saleData({ customerId: c._id, totalCents: 10_000 });
    await t.bus.publish(refunded(sale, 10_000, true));
    await t.bus.publish(completed(sale));
    const settled = async () =>
      (await t.dataSource().query(`SELECT refunded_cents::int AS r FROM sale_points WHERE sale_id = $1`, [sale.saleId]))[0]?.r;
    expect(await eventually(settled, (r) => r === 10_000, 15_000)).toBe(10_000);
    expect(await customer(c._id)).toMatchObject({ loyaltyPoints: 0, lifetimePoints: 0, totalSpent: 0, purchaseCount: 0 });
    const kinds = await t.dataSource().query(`SELECT kind, points FROM points_ledger WHERE customer_id = $1 ORDER BY id`, [c._id]);
    expect(kinds).toEqual([
      { kind: 'award', points: 100 },
      { kind: 'revoke', points: -100 },
    ]);
  });
});
