import type { EventEnvelope } from '@dukan/contracts';
import { shuffled, type ServiceTestApp } from '@dukan/testing';
import { dashboard, envelope, HOUR, product, startReporting, user } from './fixtures.js';

// The dashboard's day-start counts (products, low stock, active users as they stood when the shop day began) come
// out the same whatever order the events of yesterday and today arrive in, in batches or one by one, repeated.

const rice = product({ quantity: 50, reorderLevel: 10 });
const tea = product({ quantity: 5, reorderLevel: 10 });
const salt = product({ quantity: 30, reorderLevel: 5 });
const sugar = product({ quantity: 0, reorderLevel: 0 });
const [ali, bana, chra, dara] = [user(), user(), user(), user()];
const TODAY = 7;

/** Yesterday between `from` and `start`, today between `start` and now: times spread evenly over each. */
function history(start: number): EventEnvelope[] {
  const now = Date.now();
  const at = (from: number, to: number, i: number, n: number) => new Date(from + ((to - from) * (i + 1)) / (n + 1)).toISOString();
  const stock = (productId: string, branchId: string, quantityAfter: number) => ({
    branchId,
    reason: 'sold',
    refType: 'sale',
    refId: null,
    moves: [{ productId, delta: -1, quantityAfter, unitCostCents: null }],
  });
  const yesterday: [string, unknown][] = [
    ['dukan.catalog.product.created.v1', rice],
    ['dukan.catalog.product.created.v1', tea],
    ['dukan.catalog.product.created.v1', salt],
    ['dukan.identity.user.created.v1', ali],
    ['dukan.identity.user.created.v1', bana],
    ['dukan.identity.user.created.v1', chra],
    ['dukan.catalog.stock.changed.v2', stock(rice.productId, 'main', 8)], // rice low by the evening
    ['dukan.catalog.stock.changed.v2', stock(salt.productId, 'erbil', 20)], // salt in a second branch
    ['dukan.identity.user.updated.v1', { ...bana, active: false }],
  ];
  const today: [string, unknown][] = [
    ['dukan.catalog.product.created.v1', sugar], // low from the start
    ['dukan.catalog.stock.changed.v2', stock(rice.productId, 'main', 40)], // restocked
    ['dukan.catalog.product.updated.v1', { ...tea, reorderLevel: 2, version: 2 }], // no longer low at 5
    ['dukan.catalog.product.deleted.v1', { productId: salt.productId, sku: salt.sku, version: 2 }],
    ['dukan.identity.user.deleted.v1', { userId: chra.userId }],
    ['dukan.identity.user.updated.v1', { ...bana, active: true }],
    ['dukan.identity.user.created.v1', dara],
  ];
  if (today.length !== TODAY) throw new Error('TODAY is the number of events of today');
  const from = start - 20 * HOUR;
  return [
    ...yesterday.map(([type, data], i) => envelope(type as never, data, at(from, start - HOUR, i, yesterday.length))),
    ...today.map(([type, data], i) => envelope(type as never, data, at(start, now, i, today.length))),
  ];
}

/** Delivered in batches of 1 to 4 events, as the bus gathers them. */
async function deliverInBatches(t: ServiceTestApp, events: readonly EventEnvelope[], seed: number): Promise<void> {
  for (let i = 0; i < events.length;) {
    const n = 1 + ((seed + i) % 4);
    expect(await t.bus.publishAll(events.slice(i, i + n))).toEqual([]);
    i += n;
  }
}

describe("the dashboard's day-start counts", () => {
  const apps: ServiceTestApp[] = [];
  let events: EventEnvelope[];
  let expected: unknown;
  beforeAll(async () => {
    const first = await startReporting();
    apps.push(first);
    const [r] = await first
      .dataSource()
      .query(`SELECT ((now() AT TIME ZONE 'Asia/Baghdad')::date::timestamp AT TIME ZONE 'Asia/Baghdad') AS start`);
    events = history(new Date(r.start).getTime());
    for (const e of events) expect(await first.bus.publishAll([e])).toEqual([]);
    expected = await dashboard(first);
  }, 60_000);
  afterAll(() => Promise.all(apps.map((t) => t.close())), 60_000);

  it('in order: yesterday ended with 3 products, 2 low and 2 active users; today has 3, 1 and 3', () => {
    expect(expected).toMatchObject({
      totalProducts: 3,
      productsTrend: 'up',
      productsPercent: 0,
      lowStock: 1,
      lowStockTrend: 'down',
      lowStockPercent: 50,
      activeUsers: 3,
      usersTrend: 'up',
      usersPercent: 50,
    });
  });

  it.each([1, 2, 3, 4])(
    'are the same with the events shuffled (seed %i), in batches, each delivered three times',
    async (seed) => {
      const t = await startReporting();
      apps.push(t);
      await deliverInBatches(t, shuffled([...events, ...events, ...events], seed), seed);
      expect(await dashboard(t)).toEqual(expected);
    },
    60_000,
  );

  it('are the same with every event of today delivered before any of yesterday', async () => {
    const t = await startReporting();
    apps.push(t);
    const today = events.slice(-TODAY);
    const yesterday = events.slice(0, -TODAY);
    await deliverInBatches(t, [...today.reverse(), ...yesterday.reverse()], 0);
    expect(await dashboard(t)).toEqual(expected);
  }, 60_000);
});
