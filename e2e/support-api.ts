// The browser tests' calls to the running app's API: sign-in, products, customers, sales, users, and waiting
// for what events bring. The browser's own helpers are in support.ts, which re-exports these.
import { randomUUID } from 'node:crypto';
import { fromCents, priceSale, settleSale, toCents, type Currency, type SaleChange } from '@dukan/contracts';
import { eventually as sharedEventually } from '@dukan/testing';

export const BASE_URL = (process.env.DUKAN_URL ?? 'http://localhost:5000').replace(/\/$/, '');

export interface ApiResult<T = any> {
  status: number;
  body: T;
}

/** A kept-alive connection the server closed as it was reused (the test process was busy past its idle time). */
function staleConnection(e: unknown): boolean {
  const code = (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  return e instanceof TypeError && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET');
}

/** fetch, once more on a fresh connection when a kept-alive one was closed under it. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (!staleConnection(e)) throw e;
    return fetch(url, init);
  }
}

export async function api<T = any>(
  path: string,
  opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const res = await send(`${BASE_URL}/api${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

function ok<T>(r: ApiResult<T>, what: string): T {
  if (r.status >= 300) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The till's money settings for this user as settings gives them: the rate, the dinar cash step, the change currency. */
export async function tillMoney(token: string): Promise<{ exchangeRate: number; iqdCashRounding: number; changeCurrency: Currency }> {
  const d = ok(await api('/settings/exchange-rate', { token }), 'till money settings').data;
  return { exchangeRate: Number(d.exchangeRate), iqdCashRounding: Number(d.iqdCashRounding), changeCurrency: d.changeCurrency };
}

/** The change the till gives for cash in the sale's currency, by the shop's rules (change currency, dinar step). */
export async function expectedChange(token: string, currency: Currency, totalMinor: number, cashMinor: number): Promise<SaleChange> {
  const money = await tillMoney(token);
  const settled = settleSale({
    ...money,
    currency,
    totalMinor,
    tenders: [{ method: 'cash', currency, amountMinor: cashMinor }],
    hasCustomer: false,
  });
  if (!settled.ok || !settled.change) throw new Error(`cash ${cashMinor} does not settle ${totalMinor} ${currency}`);
  return settled.change;
}

export async function login(username: string, password: string): Promise<string> {
  const body = ok(await api('/auth/login', { body: { username, password } }), `login ${username}`);
  return body.token;
}

export const unique = () => randomUUID().slice(0, 8);

let barcodes = Math.floor(Math.random() * 1000);

/** A 13-digit code that no seeded product uses: the time, and a count so that codes made in the same millisecond differ. */
export function uniqueBarcode(): string {
  barcodes = (barcodes + 1) % 1000;
  return `29${Date.now().toString().slice(-8)}${barcodes.toString().padStart(3, '0')}`;
}

export interface SeededProduct {
  _id: string;
  sku: string;
  barcode: string;
  price: number;
  /** The product's own discount, percent. */
  discount: number;
  quantity: number;
  name: { en: string; ku: string };
}

export async function createProduct(
  token: string,
  p: { price: number; quantity: number; discount?: number; en: string; ku: string; categoryId: string },
): Promise<SeededProduct> {
  const tag = unique();
  const input = {
    sku: `E2E-${tag}`,
    barcode: uniqueBarcode(),
    name: { en: `${p.en} ${tag}`, ku: `${p.ku} ${tag}` },
    category: p.categoryId,
    price: p.price,
    cost: Math.round(p.price * 60) / 100,
    quantity: p.quantity,
    reorderLevel: 2,
    discount: p.discount ?? 0,
    isNewBarcode: true,
  };
  const body = ok(await api('/products', { token, body: input }), 'create product');
  const saved = body.data ?? body;
  return {
    _id: saved._id,
    sku: input.sku,
    barcode: input.barcode,
    price: p.price,
    discount: input.discount,
    quantity: p.quantity,
    name: input.name,
  };
}

export async function createCategory(token: string): Promise<string> {
  const tag = unique();
  const body = ok(await api('/categories', { token, body: { name: { en: `E2E ${tag}`, ku: `تاقیکردنەوە ${tag}` } } }), 'create category');
  return (body.data ?? body)._id;
}

export async function createCustomer(token: string): Promise<{ _id: string; firstName: string; lastName: string; phone: string }> {
  const tag = unique();
  const input = { firstName: `Shilan${tag}`, lastName: 'Aziz', phone: `0750${Math.floor(1_000_000 + Math.random() * 8_999_999)}` };
  const body = ok(await api('/customers', { token, body: input }), 'create customer');
  return { ...input, _id: (body.data ?? body)._id };
}

export async function getProduct(token: string, id: string): Promise<{ quantity: number }> {
  const body = ok(await api(`/products/${id}`, { token }), 'get product');
  return body.data ?? body;
}

export async function getCustomer(token: string, id: string): Promise<{ loyaltyPoints: number }> {
  const body = ok(await api(`/customers/${id}`, { token }), 'get customer');
  return body.data ?? body;
}

export async function getTransaction(token: string, id: string): Promise<any> {
  const body = ok(await api(`/transactions/${id}`, { token }), 'get transaction');
  return body.data ?? body;
}

/**
 * Waits until `probe` returns a truthy value (events reach other services a moment after a sale): the shared
 * eventually, polling every 250 ms, a probe that throws tried again, `what` named if time runs out.
 */
export function eventually<T>(probe: () => Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  return sharedEventually(probe as () => Promise<NonNullable<T> | null>, { what, timeoutMs, everyMs: 250, retryOnError: true });
}

/** Turns loyalty on with 1 point per dollar if it is off, so a customer can earn and spend points. */
export async function ensureLoyalty(token: string): Promise<void> {
  const current = ok(await api('/loyalty/settings', { token }), 'loyalty settings');
  const settings = current.data ?? current;
  if (settings.enabled && settings.pointsPerDollar > 0 && (settings.minimumRedemption ?? 0) <= 50 && (settings.minimumPoints ?? 0) <= 50)
    return;
  const { _id, createdAt, updatedAt, ...rest } = settings;
  void _id;
  void createdAt;
  void updatedAt;
  ok(
    await api('/loyalty/settings', {
      method: 'PUT',
      token,
      body: {
        ...rest,
        enabled: true,
        pointsPerDollar: Math.max(1, settings.pointsPerDollar ?? 1),
        minimumPoints: 0,
        minimumRedemption: Math.min(settings.minimumRedemption ?? 1, 10),
      },
    }),
    'save loyalty settings',
  );
}

export interface SoldSale {
  _id: string;
  invoiceNumber: string;
  total: number;
  items: { _id: string; quantity: number; productSnapshot: { sku: string } }[];
}

/**
 * A cash sale made through the API, as the till sends it (exact tender, no cart discount), priced by the shared rules; in `branch`, else the user's home branch. The sales service learns of a
 * new product from catalog's event a moment after it is created, so the first tries may be refused as unavailable.
 */
export async function sellViaApi(
  token: string,
  lines: { product: SeededProduct; quantity: number }[],
  customerId?: string,
  branch?: string,
): Promise<SoldSale> {
  const priced = priceSale({
    lines: lines.map(({ product, quantity }) => ({ priceCents: toCents(product.price), quantity, discountPercent: product.discount })),
    discount: null,
    loyaltyDiscountCents: 0,
    taxRateBasisPoints: 0,
  });
  const items = lines.map(({ product, quantity }, i) => ({
    product: product._id,
    productSnapshot: { name: product.name.en, sku: product.sku, price: product.price },
    quantity,
    unitPrice: product.price,
    subtotal: fromCents(priced.lines[i]!.subtotalCents),
    discount: product.discount,
    discountType: 'percentage',
  }));
  const total = fromCents(priced.totalCents);
  // The rate settings gives this user now: sales refuses any other.
  const exchangeRate = Number(ok(await api('/settings/exchange-rate', { token }), 'exchange rate').data.exchangeRate);
  const key = randomUUID();
  const body = {
    ...(customerId ? { customer: customerId } : {}),
    items,
    subtotal: total,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    loyaltyDiscount: 0,
    total,
    currency: 'USD',
    exchangeRate,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: total, change: 0 },
    paymentStatus: 'paid',
    register: 'main',
  };
  return eventually(async () => {
    const r = await api('/transactions', { token, headers: { 'Idempotency-Key': key, ...(branch && { 'x-dukan-branch': branch }) }, body });
    if (r.status === 400 && JSON.stringify(r.body).includes('productUnavailable')) return null;
    if (r.status >= 300) throw new Error(`sale failed: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body.data ?? r.body) as SoldSale;
  }, 'the new products to reach sales');
}

/** Gives a customer points the normal way: a cash sale made through the API. */
export async function earnPoints(token: string, customerId: string, product: SeededProduct, quantity: number): Promise<number> {
  await sellViaApi(token, [{ product, quantity }], customerId);
  const c = await eventually(async () => {
    const got = await getCustomer(token, customerId);
    return got.loyaltyPoints > 0 ? got : null;
  }, 'loyalty points to arrive');
  return c.loyaltyPoints;
}

/** A staff account made by the admin; with `language`, its saved language preference. */
export async function createUser(
  adminToken: string,
  role: 'manager' | 'cashier',
  language?: 'en' | 'ku',
): Promise<{ username: string; password: string }> {
  const username = `${role}${unique()}`;
  const password = `pw-${unique()}-${unique()}`;
  ok(
    await api('/auth/register', {
      token: adminToken,
      body: {
        username,
        password,
        firstName: role === 'manager' ? 'Karwan' : 'Rezan',
        lastName: 'Kamal',
        email: `${username}@example.com`,
        role,
      },
    }),
    `register ${role}`,
  );
  if (language) {
    const token = await login(username, password);
    ok(await api('/auth/me/preferences', { method: 'PUT', token, body: { languagePreference: language } }), 'save language');
  }
  return { username, password };
}

/** The sale just shown on the final receipt, opened by its invoice number in `branch` (numbers are unique per branch). */
export async function saleByInvoice(token: string, invoiceNumber: string, branch?: string): Promise<any> {
  const headers = branch ? { 'x-dukan-branch': branch } : undefined;
  const body = ok(await api(`/transactions/${encodeURIComponent(invoiceNumber)}`, { token, headers }), `transaction ${invoiceNumber}`);
  return body.data ?? body;
}
