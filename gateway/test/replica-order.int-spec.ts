import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import type {
  CategoryEventData,
  CustomerEventData,
  EventEnvelope,
  EventPayloads,
  EventSubject,
  ProductEventData,
  ServiceName,
  SettingsChangedData,
  UserEventData,
} from '@dukan/contracts';
import { ExpensesModule, loadExpensesConfig } from '@dukan/expenses';
import { ReportingModule, loadReportingConfig } from '@dukan/reporting';
import { SalesModule, loadSalesConfig } from '@dukan/sales';
import { shuffled, startServiceApp, type ServiceTestApp } from '@dukan/testing';

// Every replica and read model ends the same whatever order its events come in and however often: each
// service's events are delivered once in order to one app, and shuffled, three times each, to another
// (a delivery refused with "not yet" is delivered again, as the bus would), and their tables compared.

const start = Date.parse('2026-03-01T09:00:00Z');
let tick = 0;
function event<S extends EventSubject>(type: S, data: EventPayloads[S]): EventEnvelope {
  tick += 1;
  return { id: randomUUID(), type, occurredAt: new Date(start + tick * 60_000).toISOString(), branchId: 'main', actorId: null, data };
}

const user = (id: string, n: number, extra: Partial<UserEventData> = {}): UserEventData => ({
  userId: id,
  username: `user${n}`,
  firstName: `First ${n}`,
  lastName: `Last ${n}`,
  email: `u${n}@shop.iq`,
  role: 'cashier',
  active: true,
  tokenVersion: 1,
  languagePreference: 'en',
  permissions: null,
  ...extra,
});
const customer = (id: string, version: number, extra: Partial<CustomerEventData> = {}): CustomerEventData => ({
  customerId: id,
  firstName: `Customer v${version}`,
  lastName: 'Ahmed',
  phone: `0750000000${version}`,
  email: null,
  languagePreference: 'ku',
  loyaltyPoints: version * 10,
  totalSpentCents: version * 1000,
  purchaseCount: version,
  memberSince: '2026-01-01T00:00:00.000Z',
  version,
  ...extra,
});
const product = (id: string, version: number, extra: Partial<ProductEventData> = {}): ProductEventData => ({
  productId: id,
  sku: `SKU-${id.slice(0, 6)}`,
  barcode: null,
  name: { en: `Product v${version}`, ku: `کاڵا ${version}` },
  categoryId: null,
  priceCents: 100 * version,
  costCents: 50 * version,
  discountPercent: 0,
  active: true,
  reorderLevel: 5,
  quantity: 10 * version,
  version,
  ...extra,
});
const category = (id: string, version: number): CategoryEventData => ({
  categoryId: id,
  name: { en: `Category v${version}`, ku: `پۆل ${version}` },
  parentId: null,
  active: true,
  imageUrl: null,
  version,
});
const settings = (rate: number, zone: string): SettingsChangedData => ({
  exchangeRate: rate,
  userExchangeRates: {},
  storeName: `Shop ${rate}`,
  defaultLanguage: 'en',
  timeZone: zone,
  iqdCashRounding: 250,
  taxRateBasisPoints: rate % 1000,
  branches: [{ id: 'main', name: 'Main', registers: ['1'] }],
  changed: ['exchangeRate'],
});

/** A history touching every replica: creations, several updates, deletions (one of an entity never updated). */
function history(): EventEnvelope[] {
  const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()];
  const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()];
  const [p1, p2, p3] = [randomUUID(), randomUUID(), randomUUID()];
  const [k1, k2] = [randomUUID(), randomUUID()];
  return [
    event('dukan.settings.settings.changed.v1', settings(1310, 'Asia/Baghdad')),
    event('dukan.identity.user.created.v1', user(u1, 1)),
    event('dukan.identity.user.created.v1', user(u2, 2)),
    event('dukan.identity.user.updated.v1', user(u1, 11, { role: 'manager' })),
    event('dukan.identity.user.created.v1', user(u3, 3)),
    event('dukan.identity.user.updated.v1', user(u1, 12, { active: false })),
    event('dukan.identity.user.deleted.v1', { userId: u2 }),
    event('dukan.identity.user.updated.v1', user(u3, 31)),
    event('dukan.identity.user.deleted.v1', { userId: u3 }),
    event('dukan.loyalty.customer.created.v1', customer(c1, 1)),
    event('dukan.loyalty.customer.updated.v1', customer(c1, 2)),
    event('dukan.loyalty.customer.created.v1', customer(c2, 1)),
    event('dukan.loyalty.customer.deleted.v1', { customerId: c2 }),
    event('dukan.loyalty.customer.created.v1', customer(c3, 1)),
    event('dukan.loyalty.customer.updated.v1', customer(c3, 2)),
    event('dukan.loyalty.customer.updated.v1', customer(c3, 3)),
    event('dukan.loyalty.customer.deleted.v1', { customerId: c3 }),
    event('dukan.loyalty.customer.updated.v1', customer(c1, 3)),
    event('dukan.catalog.category.created.v1', category(k1, 1)),
    event('dukan.catalog.category.updated.v1', category(k1, 2)),
    event('dukan.catalog.category.created.v1', category(k2, 1)),
    event('dukan.catalog.category.deleted.v1', { categoryId: k2 }),
    event('dukan.catalog.product.created.v1', product(p1, 1, { categoryId: k1 })),
    event('dukan.catalog.product.updated.v1', product(p1, 2, { categoryId: k1 })),
    event('dukan.catalog.product.created.v1', product(p2, 1)),
    event('dukan.catalog.product.updated.v1', product(p2, 2, { active: false })),
    event('dukan.catalog.product.deleted.v1', { productId: p2, sku: `SKU-${p2.slice(0, 6)}`, version: 3 }),
    event('dukan.catalog.product.created.v1', product(p3, 1)),
    event('dukan.catalog.stock.changed.v2', {
      branchId: 'main',
      reason: 'sold',
      refType: 'sale',
      refId: 's1',
      moves: [{ productId: p1, delta: -3, quantityAfter: 17, unitCostCents: null }],
    }),
    event('dukan.catalog.product.updated.v1', product(p1, 3, { categoryId: k1, quantity: 17 })),
    event('dukan.catalog.stock.changed.v2', {
      branchId: 'main',
      reason: 'sold',
      refType: 'sale',
      refId: 's2',
      moves: [{ productId: p1, delta: -2, quantityAfter: 15, unitCostCents: null }],
    }),
    event('dukan.settings.settings.changed.v1', settings(1480, 'Europe/Istanbul')),
    event('dukan.identity.user.updated.v1', user(u1, 13, { active: true })),
    // A chain's prices per branch: set, changed, cleared and set again.
    event('dukan.catalog.branch-price.changed.v1', { productId: p1, branchId: 'b', priceCents: 275, version: 1 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p1, branchId: 'b', priceCents: 290, version: 2 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p1, branchId: 'c', priceCents: 199, version: 1 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p1, branchId: 'c', priceCents: null, version: 2 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p3, branchId: 'b', priceCents: 120, version: 1 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p3, branchId: 'b', priceCents: null, version: 2 }),
    event('dukan.catalog.branch-price.changed.v1', { productId: p3, branchId: 'b', priceCents: 130, version: 3 }),
  ];
}

/** What a user of each service can see of its replicas (no row-keeping columns such as updated_at). */
const SNAPSHOTS: Record<string, string[]> = {
  sales: [
    `SELECT product_id, deleted, CASE WHEN deleted THEN NULL ELSE jsonb_build_array(sku, name, price_cents, cost_cents, active, version) END AS shown FROM product_prices ORDER BY 1`,
    `SELECT customer_id, first_name, last_name, phone, deleted, version FROM customers ORDER BY 1`,
    `SELECT user_id, username, first_name, last_name FROM cashiers ORDER BY 1`,
    `SELECT tax_rate_bp, time_zone FROM shop_settings`,
    `SELECT product_id, branch_id, price_cents, version FROM branch_prices ORDER BY 1, 2`,
  ],
  reporting: [
    `SELECT product_id, deleted_at, CASE WHEN deleted_at IS NULL THEN jsonb_build_array(sku, name, category_id, price_cents, cost_cents, active, version, stock_total) END AS shown FROM products ORDER BY 1`,
    `SELECT product_id, branch_id, quantity FROM stock ORDER BY 1, 2`,
    `SELECT category_id, name, version, deleted_at FROM categories ORDER BY 1`,
    `SELECT user_id, username, first_name, last_name, role, active, deleted_at FROM users ORDER BY 1`,
    `SELECT customer_id, first_name, last_name, phone, loyalty_points, version, deleted_at FROM customers ORDER BY 1`,
    `SELECT time_zone, store_name, exchange_rate FROM shop_settings`,
  ],
  expenses: [
    `SELECT user_id, username, first_name, last_name, deleted_at FROM users ORDER BY 1`,
    `SELECT time_zone, exchange_rate FROM shop_settings`,
  ],
};

const SERVICES: [ServiceName, (env: Record<string, string>) => DynamicModule][] = [
  ['sales', (env) => SalesModule.register(loadSalesConfig(env))],
  ['reporting', (env) => ReportingModule.register(loadReportingConfig(env))],
  ['expenses', (env) => ExpensesModule.register(loadExpensesConfig(env))],
];

/** Delivers each event on its own, again and again while a consumer answers "not yet", as the bus does. */
async function deliver(t: ServiceTestApp, events: readonly EventEnvelope[]): Promise<void> {
  let pending = [...events];
  for (let round = 0; pending.length > 0; round++) {
    if (round > 20) throw new Error(`still refused after 20 rounds: ${pending.map((e) => e.type).join(', ')}`);
    const refused: EventEnvelope[] = [];
    for (const e of pending) if ((await t.bus.publishAll([e])).length > 0) refused.push(e);
    pending = refused;
  }
}

async function snapshot(t: ServiceTestApp, service: string): Promise<unknown[]> {
  const ds = t.dataSource();
  return Promise.all(SNAPSHOTS[service]!.map((sql) => ds.query(sql)));
}

describe.each(SERVICES)('%s replicas', (service, module) => {
  let inOrder: ServiceTestApp;
  let shuffledApp: ServiceTestApp;
  beforeAll(async () => {
    inOrder = await startServiceApp({ service, module });
    shuffledApp = await startServiceApp({ service, module });
  }, 60_000);
  afterAll(async () => {
    await inOrder?.close();
    await shuffledApp?.close();
  });

  it.each([1, 2, 3])(
    'end the same with the events shuffled (seed %i) and each delivered three times as in order',
    async (seed) => {
      const events = history();
      await deliver(inOrder, events);
      await deliver(shuffledApp, shuffled([...events, ...events, ...events], seed));
      const expected = await snapshot(inOrder, service);
      expect(await snapshot(shuffledApp, service)).toEqual(expected);
      // The comparison has something to compare: the in-order run filled every table.
      for (const rows of expected) expect((rows as unknown[]).length).toBeGreaterThan(0);
    },
    60_000,
  );
});
