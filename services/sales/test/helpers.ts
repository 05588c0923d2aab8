// Test helpers for sales: events as other services send them, a till's payload, and a stand-in for loyalty.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  EventOf,
  EventPayloads,
  EventSubject,
  ProductEventData,
  ReleaseRequestDto,
  ReserveRequestDto,
  ReserveResponseDto,
  SettingsChangedData,
} from '@dukan/contracts';
import { priceSale } from '@dukan/contracts';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSalesConfig, SalesModule } from '@dukan/sales';

export function envelope<S extends EventSubject>(type: S, data: EventPayloads[S], occurredAt = new Date()): EventOf<S> {
  return { id: randomUUID(), type, occurredAt: occurredAt.toISOString(), branchId: 'main', actorId: null, data } as EventOf<S>;
}

/** Settings announce the shop's settings: a shop at 1,450 dinars to the dollar, no tax, no cash rounding, with `over` changed. */
export function publishSettings(t: ServiceTestApp, over: Partial<SettingsChangedData>): Promise<void> {
  return t.bus.publish(
    envelope('dukan.settings.settings.changed.v1', {
      exchangeRate: 1450,
      userExchangeRates: {},
      storeName: 'Dukan',
      defaultLanguage: 'en',
      timeZone: 'Asia/Baghdad',
      iqdCashRounding: 1,
      taxRateBasisPoints: 0,
      branches: [],
      changed: [],
      ...over,
    }),
  );
}

export interface TestProduct {
  id: string;
  sku: string;
  priceCents: number;
  discountPercent: number;
  costCents: number;
}

let skuSeq = 0;

/** Catalog announces a product; sales' replica picks it up. */
export async function publishProduct(
  t: ServiceTestApp,
  p: Partial<ProductEventData> & { priceCents: number },
  type: 'created' | 'updated' = 'created',
): Promise<TestProduct> {
  const data: ProductEventData = {
    productId: randomUUID(),
    sku: `SKU-${++skuSeq}-${randomUUID().slice(0, 6)}`,
    barcode: null,
    name: { en: `Product ${skuSeq}`, ku: `کاڵا ${skuSeq}` },
    categoryId: null,
    costCents: Math.floor(p.priceCents / 2),
    discountPercent: 0,
    active: true,
    reorderLevel: 10,
    quantity: 100,
    version: 1,
    ...p,
  };
  await t.bus.publish(envelope(`dukan.catalog.product.${type}.v1`, data));
  return {
    id: data.productId,
    sku: data.sku,
    priceCents: data.priceCents,
    discountPercent: data.discountPercent,
    costCents: data.costCents,
  };
}

export interface CartLine {
  product: TestProduct;
  quantity: number;
}

export interface PayloadOptions {
  discount?: { type: 'percentage'; value: number } | { type: 'fixed'; cents: number };
  loyalty?: { points: number; valueCents: number };
  customer?: string;
  currency?: 'USD' | 'IQD';
  exchangeRate?: number;
  tenderExtraCents?: number;
  register?: string;
}

/** What the till sends (spec part 1 §3), computed the way the till computes it: money as dollars. */
export function salePayload(lines: CartLine[], o: PayloadOptions = {}) {
  const d = (cents: number) => cents / 100;
  const priced = priceSale({
    lines: lines.map((l) => ({ priceCents: l.product.priceCents, quantity: l.quantity, discountPercent: l.product.discountPercent })),
    discount: !o.discount ? null : o.discount.type === 'percentage' ? o.discount : { type: 'fixed', value: o.discount.cents },
    loyaltyDiscountCents: o.loyalty?.valueCents ?? 0,
    taxRateBasisPoints: 0,
  });
  const { subtotalCents: subtotal, discountCents: discount, loyaltyDiscountCents: loyalty, totalCents: total } = priced;
  const lineSub = (i: number) => priced.lines[i]!.subtotalCents;
  const tendered = total + (o.tenderExtraCents ?? 0);
  return {
    ...(o.customer ? { customer: o.customer } : {}),
    items: lines.map((l, i) => ({
      product: l.product.id,
      productSnapshot: { name: 'as shown', sku: l.product.sku, price: d(l.product.priceCents) },
      quantity: l.quantity,
      unitPrice: d(l.product.priceCents),
      subtotal: d(lineSub(i)),
      discount: l.product.discountPercent,
      discountType: 'percentage' as const,
    })),
    subtotal: d(subtotal),
    discountType: o.discount?.type ?? 'percentage',
    discountValue: !o.discount ? 0 : o.discount.type === 'percentage' ? o.discount.value : d(o.discount.cents),
    discountAmount: d(discount),
    loyaltyDiscount: d(loyalty),
    ...(o.loyalty ? { loyaltyPointsRedeemed: o.loyalty.points } : {}),
    total: d(total),
    currency: o.currency ?? 'USD',
    exchangeRate: o.exchangeRate ?? 1450,
    paymentMethod: 'cash' as const,
    paymentDetails: { amountTendered: d(tendered), change: d(tendered - total) },
    paymentStatus: 'paid' as const,
    register: o.register ?? 'main',
    invoiceNumber: `INV-${Date.now()}`,
    createdAt: new Date().toISOString(),
  };
}

export async function countRows(
  t: ServiceTestApp,
  table: 'sales' | 'sale_lines' | 'outbox' | 'idempotency_keys' | 'refunds',
): Promise<number> {
  const [row] = await t.dataSource().query(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}

export async function outboxEvents<T = any>(t: ServiceTestApp, type: string): Promise<T[]> {
  const rows: { data: T }[] = await t.dataSource().query(`SELECT data FROM outbox WHERE type = $1 ORDER BY seq`, [type]);
  return rows.map((r) => r.data);
}

// --- loyalty stand-in, speaking the agreed protocol

export interface ReserveCall {
  saleId: string;
  body: ReserveRequestDto;
  internalToken: string | undefined;
  /** The caller's language (Accept-Language), which words a refusal. */
  locale: string | undefined;
}

/** What loyalty answers a reserve: its ReserveResponseDto, or a refusal (404: no such customer; 422 with its code). */
export type LoyaltyAnswer = { status: 200; body: ReserveResponseDto } | { status: 404 | 422; body: { code: string; message?: string } };

export interface FakeLoyalty {
  url: string;
  calls: ReserveCall[];
  /**
   * What loyalty answers: a test that depends on loyalty's decision says it (holds, refuses); loyalty's own rules are
   * tested in loyalty, and with the real service in the e2e tier. By default nothing is redeemed and no points awarded.
   */
  answer: (call: ReserveCall) => LoyaltyAnswer;
  /** Releases asked for: the failed attempts' holds. */
  releases: (ReleaseRequestDto & { saleId: string })[];
  /** 'down': connections are cut; 'slow': answers after delayMs. */
  mode: 'up' | 'down' | 'slow';
  delayMs: number;
  close(): Promise<void>;
}

/** Loyalty holds `points` worth `valueCents` (USD) for the sale and awards `pointsToAward` on it. */
export const holds =
  (points: number, valueCents: number, pointsToAward = 0) =>
  (call: ReserveCall): LoyaltyAnswer => ({
    status: 200,
    body: { redemption: points > 0 ? { reservationId: `res-${call.saleId}`, points, valueCents } : null, pointsToAward },
  });

/** Loyalty refuses the reserve with this code (and its own words, when it words one). */
export const refuses = (code: string, message?: string) => (): LoyaltyAnswer => ({
  status: 422,
  body: { code, ...(message ? { message } : {}) },
});

/**
 * A stand-in for loyalty speaking the agreed protocol: it checks the internal token, records each reserve and release,
 * answers what the test says, and answers a sale it has answered before the same again (idempotent by sale id).
 */
export async function startFakeLoyalty(internalToken: () => string): Promise<FakeLoyalty> {
  const answered = new Map<string, LoyaltyAnswer>();
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
  const fake: FakeLoyalty = {
    url: '',
    calls: [],
    answer: holds(0, 0, 0),
    releases: [],
    mode: 'up',
    delayMs: 0,
    close: async () => undefined,
  };
  const server: Server = createServer(async (req, res) => {
    if (fake.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const match = /^\/internal\/loyalty\/sales\/([^/]+)\/(reserve|release)$/.exec(req.url ?? '');
    const body = JSON.parse((await readBody(req)) || '{}') as ReserveRequestDto & ReleaseRequestDto;
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (fake.mode === 'slow') await new Promise((r) => setTimeout(r, fake.delayMs));
    const token = req.headers['x-dukan-internal'];
    if (!match || req.method !== 'POST') return send(404, { code: 'ROUTE_NOT_FOUND' });
    if (token !== internalToken()) return send(403, { code: 'FORBIDDEN' });
    const saleId = decodeURIComponent(match[1]!);
    if (match[2] === 'release') {
      fake.releases.push({ saleId, customerId: body.customerId, attempt: body.attempt });
      return send(200, { released: true });
    }
    const language = req.headers['accept-language'];
    const call: ReserveCall = {
      saleId,
      body,
      internalToken: typeof token === 'string' ? token : undefined,
      locale: typeof language === 'string' ? language : undefined,
    };
    fake.calls.push(call);
    const answer = answered.get(saleId) ?? fake.answer(call);
    if (answer.status === 200) answered.set(saleId, answer);
    return send(answer.status, answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

// --- settings stand-in: the exchange rate that applies to a user

export interface FakeSettings {
  url: string;
  /** The shop's rate, for users without their own. */
  exchangeRate: number;
  /** User id -> own rate. */
  userRates: Map<string, number>;
  /** 'down': connections are cut. */
  mode: 'up' | 'down';
  calls: number;
  close(): Promise<void>;
}

export async function startFakeSettings(internalToken: () => string): Promise<FakeSettings> {
  const fake: FakeSettings = { url: '', exchangeRate: 1450, userRates: new Map(), mode: 'up', calls: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    if (fake.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const match = /^\/internal\/settings\/exchange-rate\/([^/]+)$/.exec(req.url ?? '');
    if (!match || req.method !== 'GET') return send(404, { code: 'ROUTE_NOT_FOUND' });
    if (req.headers['x-dukan-internal'] !== internalToken()) return send(403, { code: 'FORBIDDEN' });
    fake.calls += 1;
    const own = fake.userRates.get(decodeURIComponent(match[1]!));
    return send(200, { exchangeRate: own ?? fake.exchangeRate, isUserSpecific: own !== undefined });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

/** Sales' rows a refused request must leave as they were. */
export async function saleCounts(t: ServiceTestApp) {
  return {
    sales: await countRows(t, 'sales'),
    lines: await countRows(t, 'sale_lines'),
    outbox: await countRows(t, 'outbox'),
    keys: await countRows(t, 'idempotency_keys'),
  };
}

/** Sales with a fake loyalty and settings, and three products in its replica: a pen, a mug at 15 % off, a shirt. */
export async function startCheckoutShop() {
  const token = randomBytes(24).toString('base64url');
  const loyalty = await startFakeLoyalty(() => token);
  const settings = await startFakeSettings(() => token);
  const t = await startServiceApp({
    service: 'sales',
    env: { INTERNAL_TOKEN: token, LOYALTY_URL: loyalty.url, SETTINGS_URL: settings.url, LOYALTY_TIMEOUT_MS: '1000' },
    module: (env) => SalesModule.register(loadSalesConfig(env)),
  });
  return {
    t,
    internalToken: token,
    loyalty,
    settings,
    pen: await publishProduct(t, { priceCents: 125 }),
    mug: await publishProduct(t, { priceCents: 899, discountPercent: 15 }),
    shirt: await publishProduct(t, { priceCents: 1999 }),
    close: async () => {
      await t.close();
      await loyalty.close();
      await settings.close();
    },
  };
}
