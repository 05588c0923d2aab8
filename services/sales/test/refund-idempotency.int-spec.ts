// A refund sent with an Idempotency-Key happens once: a retried or double-clicked refund gets the first answer again.
import { randomBytes, randomUUID } from 'node:crypto';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSalesConfig, SalesModule } from '@dukan/sales';
import {
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
let tea: TestProduct;

beforeAll(async () => {
  loyalty = await startFakeLoyalty(() => token);
  settings = await startFakeSettings(() => token);
  t = await startServiceApp({
    service: 'sales',
    env: { INTERNAL_TOKEN: token, LOYALTY_URL: loyalty.url, SETTINGS_URL: settings.url },
    module: (env) => SalesModule.register(loadSalesConfig(env)),
  });
  tea = await publishProduct(t, { priceCents: 400 });
});
afterAll(async () => {
  await t.close();
  await loyalty.close();
  await settings.close();
});

async function sellTea(quantity: number) {
  const res = await t.post('/api/transactions', salePayload([{ product: tea, quantity }]), { token: t.tokens.cashier });
  expect(res.status).toBe(201);
  return res.body.data;
}

const refundsOf = async (saleId: string) => (await t.get(`/api/transactions/${saleId}`, { token: t.tokens.manager })).body.data.refunds;

describe('refund with an Idempotency-Key', () => {
  it('refunds once when the same request is sent twice, and answers the second with the first refund', async () => {
    const sale = await sellTea(3);
    const key = randomUUID();
    const body = { lines: [{ lineId: sale.items[0]._id, quantity: 1 }], reason: 'dented' };
    const first = await t.post(`/api/transactions/${sale._id}/refund`, body, {
      token: t.tokens.manager,
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    const again = await t.post(`/api/transactions/${sale._id}/refund`, body, {
      token: t.tokens.manager,
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.refund._id).toBe(first.body.data.refund._id);
    expect(await refundsOf(sale._id)).toHaveLength(1);
    const events = (await outboxEvents(t, 'dukan.sales.sale.refunded.v1')).filter((e) => e.saleId === sale._id);
    expect(events).toHaveLength(1);
  });

  it('refunds once when the two requests race', async () => {
    const sale = await sellTea(5);
    const key = randomUUID();
    const body = { lines: [{ lineId: sale.items[0]._id, quantity: 2 }] };
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.post(`/api/transactions/${sale._id}/refund`, body, { token: t.tokens.manager, headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => a.body.data.refund._id)).size).toBe(1);
    const refunds = await refundsOf(sale._id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(8);
  });

  it('refuses the same key with other lines, and treats a new key as a new refund', async () => {
    const sale = await sellTea(4);
    const key = randomUUID();
    const line = sale.items[0]._id;
    expect(
      (
        await t.post(
          `/api/transactions/${sale._id}/refund`,
          { lines: [{ lineId: line, quantity: 1 }] },
          { token: t.tokens.manager, headers: { 'Idempotency-Key': key } },
        )
      ).status,
    ).toBe(201);
    const other = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: line, quantity: 2 }] },
      { token: t.tokens.manager, headers: { 'Idempotency-Key': key } },
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const fresh = await t.post(
      `/api/transactions/${sale._id}/refund`,
      { lines: [{ lineId: line, quantity: 2 }] },
      { token: t.tokens.manager, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(fresh.status).toBe(201);
    expect((await refundsOf(sale._id)).map((r: { amount: number }) => r.amount)).toEqual([4, 8]);
  });

  it('still refunds without a key, and refuses a malformed key', async () => {
    const sale = await sellTea(2);
    const bad = await t.post(
      `/api/transactions/${sale._id}/refund`,
      {},
      { token: t.tokens.manager, headers: { 'Idempotency-Key': 'has spaces in it' } },
    );
    expect(bad.status).toBe(400);
    expect(await refundsOf(sale._id)).toHaveLength(0);
    expect((await t.post(`/api/transactions/${sale._id}/refund`, {}, { token: t.tokens.manager })).status).toBe(201);
    expect(await refundsOf(sale._id)).toHaveLength(1);
  });
});
