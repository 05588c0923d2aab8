import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createAllInOneApp } from '@dukan/gateway';
import { eventually, startApp, type TestDatabase } from '@dukan/testing';
import { cashSale, inBranch, openChainWithTea, type Shop } from './chain-shop.js';
import { startClusterShape } from './cluster-shape.js';

// A sale that fails releases the points it asked loyalty to hold at once (issue 25); loyalty's timed sweep (15
// minutes here) stays the backstop. Loyalty is slowed past sales' time-out by holding the customer's row.

const SLOW = { LOYALTY_TIMEOUT_MS: '300' };
type ShopWithDb = Shop & { db: TestDatabase };
const SHAPES: [string, () => Promise<ShopWithDb>][] = [
  ['all-in-one', () => startApp(createAllInOneApp, SLOW)],
  ['cluster', () => startClusterShape(SLOW)],
];

describe.each(SHAPES)('points held by failed sales (%s)', (_shape, start) => {
  let c: ShopWithDb;
  let db: pg.Client;
  let schema = '';
  let productId = '';
  let customerId = '';

  beforeAll(async () => {
    c = await start();
    productId = await openChainWithTea(c, 'TEA-PTS', '6260000000818');
    const customer = await c.post(
      '/api/customers',
      { firstName: 'Loyal', lastName: 'Customer', phone: '07701234567' },
      inBranch(c.adminToken),
    );
    expect(customer.status).toBe(201);
    customerId = customer.body.data?._id ?? customer.body._id;
    db = new pg.Client({ connectionString: c.db.url });
    await db.connect();
    [{ schema }] = (
      await db.query(
        `SELECT n.nspname AS schema FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace WHERE k.relname = 'reservations'`,
      )
    ).rows;
    // 100 points to spend.
    await db.query(`UPDATE "${schema}".customers SET loyalty_points = 100 WHERE id = $1`, [customerId]);
    // Sales learns the product and the customer from events.
    await eventually(
      async () =>
        (
          await c.post(
            '/api/transactions',
            { ...cashSale({ id: productId, sku: 'TEA-PTS' }, 2, 1, 2), customer: customerId },
            inBranch(c.adminToken),
          )
        ).status === 201,
    );
  }, 120_000);
  afterAll(async () => {
    await db.end();
    await c.close();
  });

  const redeemAll = () => c.post('/api/transactions/redeem', { customerId, points: 100 }, inBranch(c.adminToken));

  it("20 parallel sales redeeming while loyalty is slowed past its time-out fail, and leave the customer's points free", async () => {
    expect((await redeemAll()).status).toBe(200);
    const sale = {
      ...cashSale({ id: productId, sku: 'TEA-PTS' }, 2, 1, 2),
      customer: customerId,
      loyaltyPointsRedeemed: 5,
      loyaltyDiscount: 0.05,
      total: 1.95,
      paymentDetails: { amountTendered: 2, change: 0.05 },
    };
    // Loyalty is slow: the customer's row is held, so every reservation waits past sales' time-out.
    await db.query('BEGIN');
    await db.query(`SELECT 1 FROM "${schema}".customers WHERE id = $1 FOR UPDATE`, [customerId]);
    let answers: number[];
    try {
      answers = await Promise.all(
        Array.from(
          { length: 20 },
          async () =>
            (await c.post('/api/transactions', sale, inBranch(c.adminToken, undefined, { 'idempotency-key': randomUUID() }))).status,
        ),
      );
    } finally {
      await db.query('COMMIT'); // loyalty catches up: the reservations sales gave up on reach it now
    }
    expect(answers).toEqual(Array(20).fill(503));
    // Once they have failed, nothing holds the customer's points: all 100 can be redeemed again.
    await eventually(async () => (await redeemAll()).status === 200, 15_000);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM "${schema}".reservations WHERE customer_id = $1 AND status = 'active' AND points > 0`,
      [customerId],
    );
    expect(rows[0].n).toBe(0);
    // And a redeeming sale now goes through.
    const sold = await c.post('/api/transactions', sale, inBranch(c.adminToken, undefined, { 'idempotency-key': randomUUID() }));
    expect(sold.status).toBe(201);
    expect(sold.body.data.loyaltyPointsRedeemed).toBe(5);
  });
});
