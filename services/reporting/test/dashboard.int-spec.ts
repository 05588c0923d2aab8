import type { ServiceTestApp } from '@dukan/testing';
import { ago, completed, dashboard, envelope, HOUR, product, refunded, sale, startReporting, user, voided } from './fixtures.js';

describe('sales cards', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startReporting();
  });
  afterAll(() => t.close());

  it('is all zeros before any event', async () => {
    expect(await dashboard(t)).toEqual({
      todaySales: 0,
      todaySalesIqd: 0,
      todayTakings: [],
      totalProducts: 0,
      lowStock: 0,
      activeUsers: 0,
      salesTrend: 'up',
      salesPercent: 0,
      productsTrend: 'up',
      productsPercent: 0,
      lowStockTrend: 'up',
      lowStockPercent: 0,
      usersTrend: 'up',
      usersPercent: 0,
      recentTransactions: [],
    });
  });

  it("today's sales are the events of today, without voids, less refunds; compared with yesterday", async () => {
    const a = sale(1_050);
    const b = sale(2_000);
    const gone = sale(9_999);
    const partly = sale(4_000);
    await t.bus.publish(completed(a));
    await t.bus.publish(completed(b));
    await t.bus.publish(completed(gone));
    await t.bus.publish(voided(gone));
    await t.bus.publish(completed(partly));
    await t.bus.publish(refunded(partly, 1_500));
    await t.bus.publish(completed(sale(4_000, ago(24 * HOUR)))); // yesterday
    await t.bus.publish(completed(sale(7_000, ago(48 * HOUR)))); // the day before: not counted
    const d = await dashboard(t);
    const today = 1_050 + 2_000 + 4_000 - 1_500; // 55.50
    expect(d.todaySales).toBe(55.5);
    expect(d.salesTrend).toBe('up');
    expect(d.salesPercent).toBe(Math.round(((today - 4_000) / 4_000) * 1000) / 10); // 38.8
  });

  it('the same event twice counts once', async () => {
    const before = (await dashboard(t)).todaySales;
    const e = completed(sale(1_234));
    await t.bus.publish(e);
    await t.bus.publish(e);
    expect((await dashboard(t)).todaySales).toBeCloseTo(before + 12.34, 2);
  });

  it('a refund that arrives before its sale fails so the bus delivers it again later', async () => {
    const s = sale(500);
    const early = refunded(s, 500, true);
    await expect(t.bus.publish(early)).rejects.toThrow(/not yet in reporting/);
    await t.bus.publish(completed(s));
    await t.bus.publish(early);
    const row = (await dashboard(t)).recentTransactions.find((r: any) => r.id === s.saleId);
    expect(row).toMatchObject({ status: 'Refunded', amount: 5 });
  });

  it('recent transactions: the newest five, with id, invoice, date, amount in dollars and status', async () => {
    const newest = sale(31_415, new Date(Date.now() + 1_000).toISOString());
    await t.bus.publish(completed(newest));
    const v = sale(200, new Date(Date.now() + 2_000).toISOString());
    await t.bus.publish(completed(v));
    await t.bus.publish(voided(v));
    const d = await dashboard(t);
    expect(d.recentTransactions).toHaveLength(5);
    expect(d.recentTransactions[0]).toEqual({
      id: v.saleId,
      invoiceNumber: v.invoiceNumber,
      date: v.completedAt,
      amount: 2,
      status: 'Voided',
    });
    expect(d.recentTransactions[1]).toEqual({
      id: newest.saleId,
      invoiceNumber: newest.invoiceNumber,
      date: newest.completedAt,
      amount: 314.15,
      status: 'Completed',
    });
    const dates = d.recentTransactions.map((r: any) => Date.parse(r.date));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
  });

  it('falling sales show a downward trend', async () => {
    const t2 = await startReporting();
    try {
      await t2.bus.publish(completed(sale(1_000)));
      await t2.bus.publish(completed(sale(4_000, ago(24 * HOUR))));
      expect(await dashboard(t2)).toMatchObject({ todaySales: 10, salesTrend: 'down', salesPercent: 75 });
    } finally {
      await t2.close();
    }
  });
});

describe("the shop's day", () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startReporting();
  });
  afterAll(() => t.close());

  const startOfToday = async (tz: string): Promise<number> => {
    const [r] = await t.dataSource().query(`SELECT ((now() AT TIME ZONE $1)::date::timestamp AT TIME ZONE $1) AS start`, [tz]);
    return new Date(r.start).getTime();
  };

  it('counts a sale by the date in the time zone settings published (default Asia/Baghdad)', async () => {
    const baghdad = await startOfToday('Asia/Baghdad');
    await t.bus.publish(completed(sale(100, new Date(baghdad + 60_000).toISOString())));
    await t.bus.publish(completed(sale(200, new Date(baghdad - 60_000).toISOString())));
    expect(await dashboard(t)).toMatchObject({ todaySales: 1, salesTrend: 'down', salesPercent: 50 });

    await t.bus.publish(
      envelope('dukan.settings.settings.changed.v1', {
        exchangeRate: 1450,
        userExchangeRates: {},
        storeName: 'Dukan',
        defaultLanguage: 'en',
        timeZone: 'America/Los_Angeles',
        iqdCashRounding: 1,
        changed: ['timeZone'],
      }),
    );
    const la = await startOfToday('America/Los_Angeles');
    await t.bus.publish(completed(sale(1_000, new Date(la + 60_000).toISOString())));
    await t.bus.publish(completed(sale(3_000, new Date(la - 60_000).toISOString())));
    const expectedToday = [baghdad + 60_000, baghdad - 60_000, la + 60_000].reduce(
      (sum, at, i) => sum + (at >= la && at < la + 24 * HOUR ? [100, 200, 1_000][i]! : 0),
      0,
    );
    expect((await dashboard(t)).todaySales).toBeCloseTo(expectedToday / 100, 2);
  });

  it('ignores an unknown time zone', async () => {
    await t.bus.publish(
      envelope('dukan.settings.settings.changed.v1', {
        exchangeRate: 1450,
        userExchangeRates: {},
        storeName: 'Dukan',
        defaultLanguage: 'en',
        timeZone: 'Mars/Olympus',
        iqdCashRounding: 1,
        changed: ['timeZone'],
      }),
    );
    const [row] = await t.dataSource().query(`SELECT time_zone FROM shop_settings`);
    expect(row.time_zone).toBe('America/Los_Angeles');
  });
});

describe('product and stock cards', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startReporting();
  });
  afterAll(() => t.close());

  it('counts products and low stock from catalog events, against yesterday', async () => {
    const yesterday = ago(24 * HOUR);
    const rice = product({ quantity: 50, reorderLevel: 10 });
    const tea = product({ quantity: 5, reorderLevel: 10 }); // low
    await t.bus.publish(envelope('dukan.catalog.product.created.v1', rice, yesterday));
    await t.bus.publish(envelope('dukan.catalog.product.created.v1', tea, yesterday));
    // Today: two more products, rice sells down to its reorder level, tea is restocked, one product deleted.
    const sugar = product({ quantity: 0, reorderLevel: 0 }); // 0 <= 0: low
    const salt = product({ quantity: 100 });
    await t.bus.publish(envelope('dukan.catalog.product.created.v1', sugar));
    await t.bus.publish(envelope('dukan.catalog.product.created.v1', salt));
    const sold = envelope('dukan.catalog.stock.changed.v2', {
      branchId: 'main',
      reason: 'sold',
      refType: 'sale',
      refId: null,
      moves: [{ productId: rice.productId, delta: -40, quantityAfter: 10, unitCostCents: null }],
    });
    await t.bus.publish(sold);
    await t.bus.publish(sold);
    await t.bus.publish(envelope('dukan.catalog.product.updated.v1', { ...tea, quantity: 30, version: 2 }));
    await t.bus.publish(envelope('dukan.catalog.product.updated.v1', { ...tea, quantity: 1, version: 1 }, ago(HOUR))); // stale version, older stock
    await t.bus.publish(envelope('dukan.catalog.product.deleted.v1', { productId: salt.productId, sku: salt.sku, version: 2 }));

    const d = await dashboard(t);
    expect(d).toMatchObject({
      totalProducts: 3,
      productsTrend: 'up',
      productsPercent: 50, // 2 yesterday -> 3
      lowStock: 2,
      lowStockTrend: 'up',
      lowStockPercent: 100, // tea yesterday -> rice and sugar
    });
  });

  it('a batch of stock changes over two shop days counts the new day from where the old one ended', async () => {
    const t2 = await startReporting();
    try {
      const oil = product({ quantity: 50, reorderLevel: 10 });
      await t2.bus.publish(envelope('dukan.catalog.product.created.v1', oil, ago(30 * HOUR)));
      const level = (quantityAfter: number, at: string) =>
        envelope(
          'dukan.catalog.stock.changed.v2',
          {
            branchId: 'main',
            reason: 'sold',
            refType: 'sale',
            refId: null,
            moves: [{ productId: oil.productId, delta: -1, quantityAfter, unitCostCents: null }],
          },
          at,
        );
      // Yesterday oil fell to 5 (low); today it was restocked to 40, then sold down to 8 (low again): one batch.
      expect(await t2.bus.publishAll([level(5, ago(24 * HOUR)), level(40, ago(60_000)), level(8, ago(1_000))])).toEqual([]);
      // Low yesterday evening and low now: no change. Counting today's start before yesterday's change would say 0 -> 1.
      expect(await dashboard(t2)).toMatchObject({ lowStock: 1, lowStockTrend: 'up', lowStockPercent: 0 });
      const [{ quantity }] = await t2.dataSource().query(`SELECT quantity FROM stock WHERE product_id = $1`, [oil.productId]);
      expect(quantity).toBe(8);
    } finally {
      await t2.close();
    }
  });
});

describe('user card', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startReporting();
  });
  afterAll(() => t.close());

  it('counts active users from identity events, against yesterday', async () => {
    const yesterday = ago(24 * HOUR);
    const a = user();
    const b = user();
    const c = user();
    for (const u of [a, b, c]) await t.bus.publish(envelope('dukan.identity.user.created.v1', u, yesterday));
    await t.bus.publish(envelope('dukan.identity.user.updated.v1', { ...b, active: false }));
    await t.bus.publish(envelope('dukan.identity.user.deleted.v1', { userId: c.userId }));
    await t.bus.publish(envelope('dukan.identity.user.updated.v1', { ...c, firstName: 'Late' }, ago(HOUR))); // older than the delete
    expect(await dashboard(t)).toMatchObject({ activeUsers: 1, usersTrend: 'down', usersPercent: 66.7 });
  });
});

describe('authorization', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startReporting();
  });
  afterAll(() => t.close());

  it.each([
    ['admin', 200],
    ['manager', 200],
    ['cashier', 200],
  ] as const)('%s sees the dashboard (%i)', async (role, status) => {
    expect((await t.get('/api/dashboard', { token: t.tokens[role] })).status).toBe(status);
  });

  it('refuses no token (401), a forged token (401) and a user whose own permissions leave out the dashboard (403)', async () => {
    expect((await t.get('/api/dashboard')).status).toBe(401);
    expect((await t.get('/api/dashboard', { token: `${t.tokens.admin.slice(0, -4)}AAAA` })).status).toBe(401);
    const res = await t.get('/api/dashboard', {
      token: t.tokenFor({ role: 'manager', permissions: { dashboard: [], reports: ['view'] } }),
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("You don't have permission to access this feature.");
  });
});
