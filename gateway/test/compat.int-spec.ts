import { createAllInOneApp } from '@dukan/gateway';
import { eventually, type HttpClient, startApp } from '@dukan/testing';
import { startClusterShape } from './cluster-shape.js';

// A shop day as a client written to the specification makes it: the calls of spec part 1 §7 and part 2 §7,
// with the payloads those sections describe and nothing of our own frontend's, each answer checked for the fields
// the spec says the client reads. If this file needs changing, a client in the field breaks.

/** Either shape, as a client sees it: one address, the first admin's password. */
interface Shop extends HttpClient {
  url: string;
  adminPassword: string;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const SHAPES: [string, () => Promise<Shop>][] = [
  ['all-in-one', () => startApp(createAllInOneApp)],
  ['cluster', () => startClusterShape()],
];

const any = (type: unknown) => expect.any(type);
/** The shop's day (reports and the dashboard keep the shop's time zone, Asia/Baghdad by default), as yyyy-MM-dd. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baghdad' }).format(new Date());

/** The sale payload of spec part 1 §3, as a till computes it: money as numbers of dollars with two decimals. */
function salePayload(o: {
  lines: { product: { _id: string; sku: string; price: number }; name: string; quantity: number; discount: number }[];
  customer?: string;
  discount?: { type: 'percentage' | 'fixed'; value: number; amount: number };
  loyaltyDiscount?: number;
  loyaltyPointsRedeemed?: number;
  tendered: number;
}) {
  const cents = (x: number) => Math.round(x * 100);
  const items = o.lines.map((l) => {
    const subtotal = Math.round((cents(l.product.price) * l.quantity * (100 - l.discount)) / 100) / 100;
    return {
      product: l.product._id,
      productSnapshot: { name: l.name, sku: l.product.sku, price: l.product.price },
      quantity: l.quantity,
      unitPrice: l.product.price,
      subtotal,
      discount: l.discount,
      discountType: 'percentage',
    };
  });
  const subtotal = items.reduce((s, i) => s + cents(i.subtotal), 0) / 100;
  const discountAmount = o.discount?.amount ?? 0;
  const loyaltyDiscount = o.loyaltyDiscount ?? 0;
  const total = Math.max(0, cents(subtotal) - cents(discountAmount) - cents(loyaltyDiscount)) / 100;
  return {
    ...(o.customer ? { customer: o.customer } : {}),
    items,
    subtotal,
    discountType: o.discount?.type ?? 'percentage',
    discountValue: o.discount?.value ?? 0,
    discountAmount,
    loyaltyDiscount,
    ...(o.loyaltyPointsRedeemed !== undefined ? { loyaltyPointsRedeemed: o.loyaltyPointsRedeemed } : {}),
    total,
    currency: 'USD',
    exchangeRate: 1450,
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: o.tendered, change: (cents(o.tendered) - cents(total)) / 100 },
    paymentStatus: 'paid',
    register: 'main',
    invoiceNumber: `INV-${Date.now()}`,
    createdAt: new Date().toISOString(),
  };
}

/** The fields of a saved transaction the till reads (spec part 1 §3). */
const SAVED_SALE = {
  _id: any(String),
  invoiceNumber: expect.stringMatching(/^INV-/),
  createdAt: any(String),
  paymentDetails: { amountTendered: any(Number), change: any(Number) },
  loyaltyPointsAwarded: any(Number),
  loyaltyDiscount: any(Number),
  loyaltyPointsRedeemed: any(Number),
};

describe.each(SHAPES)('a shop day through the spec’s calls (%s)', (_shape, start) => {
  let t: Shop;
  beforeAll(async () => {
    t = await start();
  }, 120_000);
  afterAll(() => t.close());

  /** What the day builds up, step by step. */
  const day: {
    token: string;
    cashierToken: string;
    categoryId: string;
    tea: { _id: string; sku: string; price: number };
    rice: { _id: string; sku: string; price: number };
    customerId: string;
    sales: { _id: string; invoiceNumber: string; total: number }[];
    cashierId: string;
  } = { token: '', cashierToken: '', categoryId: '', tea: { _id: '', sku: '', price: 0 }, rice: { _id: '', sku: '', price: 0 }, customerId: '', sales: [], cashierId: '' };
  const auth = () => ({ token: day.token });

  it('signs in: POST /api/auth/login answers success, token, data (the user) and message', async () => {
    const res = await t.post('/api/auth/login', { username: 'admin', password: t.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: any(String), message: any(String), data: { _id: any(String), username: 'admin', role: 'admin', firstName: any(String) } });
    expect(res.body.data).toHaveProperty('languagePreference');
    expect(res.body.data).not.toHaveProperty('password');
    day.token = res.body.token;
  });

  it('checks the stored token: GET /api/auth/me answers success and data (the user with its permissions)', async () => {
    const res = await t.get('/api/auth/me', auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { username: 'admin', role: 'admin', permissions: any(Object) } });
  });

  it('opens the dashboard: GET /api/dashboard answers success, data with the four figures, their trends and recent sales', async () => {
    const res = await t.get('/api/dashboard', auth());
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Dashboard');
    const d = res.body.data;
    for (const figure of ['todaySales', 'totalProducts', 'lowStock', 'activeUsers']) expect(typeof d[figure]).toBe('number');
    for (const key of ['sales', 'products', 'lowStock', 'users']) {
      expect(['up', 'down']).toContain(d[`${key}Trend`]);
      expect(typeof d[`${key}Percent`]).toBe('number');
    }
    expect(d.recentTransactions).toEqual([]);
  });

  it('reads the exchange rate: GET /api/settings/exchange-rate answers data {exchangeRate, isUserSpecific}', async () => {
    const res = await t.get('/api/settings/exchange-rate', auth());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ exchangeRate: 1450, isUserSpecific: false });
  });

  it('adds a category: POST /api/categories, then GET /api/categories and /api/categories/tree list it', async () => {
    const created = await t.post('/api/categories', { name: { en: 'Groceries', ku: 'خواردەمەنی' } }, auth());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ _id: any(String), name: { en: 'Groceries', ku: 'خواردەمەنی' } });
    day.categoryId = created.body._id;
    const sub = await t.post('/api/categories', { name: { en: 'Tea', ku: 'چا' }, parent: day.categoryId }, auth());
    expect(sub.status).toBe(201);

    const list = await t.get('/api/categories', auth());
    expect(list.status).toBe(200);
    const categories = list.body;
    expect(Array.isArray(categories)).toBe(true);
    expect(categories.map((c: { name: { en: string } }) => c.name.en).sort()).toEqual(['Groceries', 'Tea']);
    const tree = await t.get('/api/categories/tree', auth());
    expect(tree.status).toBe(200);
    const roots = tree.body;
    expect(Array.isArray(roots)).toBe(true);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ _id: day.categoryId, name: { en: 'Groceries' }, children: [{ name: { en: 'Tea' } }] });
  });

  it('adds products with the form’s fields: GET /api/products/generate-barcode, then POST /api/products', async () => {
    const code = await t.get('/api/products/generate-barcode', auth());
    expect(code.status).toBe(200);
    expect(code.body.barcode).toMatch(/^\d{13}$/);
    const tea = await t.post('/api/products', {
      sku: 'TEA-1', barcode: code.body.barcode, isNewBarcode: true, name: { en: 'Black tea', ku: 'چای ڕەش' }, description: { en: 'Loose leaf', ku: '' },
      category: day.categoryId, price: 12.5, cost: 8, quantity: 40, reorderLevel: 10, active: true, discount: 0, imageUrl: '',
    }, auth());
    expect(tea.status).toBe(201);
    expect(tea.body).toMatchObject({ _id: any(String), sku: 'TEA-1', barcode: code.body.barcode, name: { en: 'Black tea', ku: 'چای ڕەش' }, price: 12.5, cost: 8, quantity: 40, reorderLevel: 10, active: true });
    day.tea = { _id: tea.body._id, sku: 'TEA-1', price: 12.5 };

    const rice = await t.post('/api/products', {
      sku: 'RICE-5', barcode: '6260000000123', isNewBarcode: false, name: { en: 'Rice 5 kg', ku: 'برنج' },
      category: { _id: day.categoryId, name: { en: 'Groceries', ku: 'خواردەمەنی' } }, price: 4.2, cost: 3, quantity: 3, reorderLevel: 5, discount: 10,
    }, auth());
    expect(rice.status).toBe(201);
    expect(rice.body).toMatchObject({ sku: 'RICE-5', discount: 10, quantity: 3 });
    day.rice = { _id: rice.body._id, sku: 'RICE-5', price: 4.2 };
  });

  it('edits a product: PUT /api/products/{id} with the form’s fields answers the updated product', async () => {
    const got = await t.get(`/api/products/${day.tea._id}`, auth());
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: day.tea._id, category: expect.anything(), images: any(Array) });
    const res = await t.put(`/api/products/${day.tea._id}`, {
      sku: 'TEA-1', barcode: got.body.barcode, name: { en: 'Black tea 500 g', ku: 'چای ڕەش' }, description: { en: 'Loose leaf', ku: '' },
      category: day.categoryId, price: 12.5, cost: 8, reorderLevel: 8, active: true, discount: 0,
    }, auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: day.tea._id, name: { en: 'Black tea 500 g' }, reorderLevel: 8, price: 12.5 });
  });

  it('receives stock: PATCH /api/products/{id}/quantity answers the updated product', async () => {
    const res = await t.patch(`/api/products/${day.rice._id}/quantity`, { quantity: 20, cost: 3.2 }, auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: day.rice._id, quantity: 23 });
  });

  it('the till loads its products: GET /api/products, GET /api/products?active=true and GET /api/products/search/{term}', async () => {
    const all = await t.get('/api/products', auth());
    expect(all.status).toBe(200);
    expect(all.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['RICE-5', 'TEA-1']);
    const list = await t.get('/api/products?active=true', auth());
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['RICE-5', 'TEA-1']);
    expect(list.body[0]).toMatchObject({ _id: any(String), name: { en: any(String) }, price: any(Number), quantity: any(Number), sku: any(String) });
    const found = await t.get(`/api/products/search/${encodeURIComponent('چای')}`, auth());
    expect(found.status).toBe(200);
    const matches = found.body;
    expect(Array.isArray(matches)).toBe(true);
    expect(matches.map((p: { sku: string }) => p.sku)).toEqual(['TEA-1']);
  });

  it('adds a customer: POST /api/customers, then GET /api/customers and /api/customers/{id}', async () => {
    const res = await t.post('/api/customers', { firstName: 'Shilan', lastName: 'Karim', phone: '+964 7501234567', email: 'shilan@example.com' }, auth());
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created).toMatchObject({ _id: any(String), firstName: 'Shilan', lastName: 'Karim', loyaltyPoints: 0 });
    day.customerId = created._id;
    const list = await t.get('/api/customers', auth());
    expect(list.status).toBe(200);
    const customers = list.body;
    expect(Array.isArray(customers)).toBe(true);
    expect(customers.map((c: { _id: string }) => c._id)).toContain(day.customerId);
    const one = await t.get(`/api/customers/${day.customerId}`, auth());
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: day.customerId, fullName: 'Shilan Karim', phone: any(String), loyaltyPoints: 0, purchaseCount: 0 });
  });

  it('sells to a guest: POST /api/transactions answers the saved sale with what the receipt reads', async () => {
    const body = salePayload({
      lines: [
        { product: day.tea, name: 'Black tea 500 g', quantity: 2, discount: 0 },
        { product: day.rice, name: 'Rice 5 kg', quantity: 1, discount: 10 },
      ],
      tendered: 30,
    });
    expect(body.total).toBe(28.78);
    const res = await t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, data: { ...SAVED_SALE, total: 28.78, paymentDetails: { amountTendered: 30, change: 1.22 }, loyaltyPointsAwarded: 0 } });
    day.sales.push(res.body.data);
  });

  it('sells to a customer with a fixed sale discount; the customer earns points', async () => {
    const body = salePayload({
      customer: day.customerId,
      lines: [{ product: day.tea, name: 'Black tea 500 g', quantity: 2, discount: 0 }],
      discount: { type: 'fixed', value: 1, amount: 1 },
      tendered: 24,
    });
    const res = await t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...SAVED_SALE, total: 24, loyaltyPointsAwarded: 24, loyaltyPointsRedeemed: 0 });
    day.sales.push(res.body.data);
    const points = async () => (await t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 24);
  });

  it('redeems points: POST /api/transactions/redeem answers data {pointsRedeemed, monetaryValue}, and the sale spends them', async () => {
    const quote = await t.post('/api/transactions/redeem', { customerId: day.customerId, points: 20 }, auth());
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ success: true, data: { pointsRedeemed: 20, monetaryValue: 0.2 } });

    const body = salePayload({
      customer: day.customerId,
      lines: [{ product: day.rice, name: 'Rice 5 kg', quantity: 1, discount: 10 }],
      loyaltyDiscount: quote.body.data.monetaryValue,
      loyaltyPointsRedeemed: quote.body.data.pointsRedeemed,
      tendered: 5,
    });
    const res = await t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...SAVED_SALE, total: 3.58, loyaltyDiscount: 0.2, loyaltyPointsRedeemed: 20, loyaltyPointsAwarded: 3, paymentDetails: { amountTendered: 5, change: 1.42 } });
    day.sales.push(res.body.data);
    const points = async () => (await t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 24 - 20 + 3);
    expect(await points()).toBe(7);
  });

  it('takes the spec\'s other sale shapes: a line discount as an amount (fixed), money figured in floating point, a loyalty discount without its points', async () => {
    // Rice at $4.20 with its 10 % off: 0.42 off the line, sent as an amount; 5 of the customer's 7 points pay $0.05,
    // sent only as the discount; the figures as a client computing in floating point sends them.
    const res = await t.post('/api/transactions', {
      customer: day.customerId,
      items: [{
        product: day.rice._id, productSnapshot: { name: 'Rice 5 kg', sku: day.rice.sku, price: day.rice.price }, quantity: 1, unitPrice: day.rice.price,
        subtotal: 3.7800000000000002, discount: 0.42, discountType: 'fixed',
      }],
      subtotal: 3.7800000000000002, discountType: 'percentage', discountValue: 0, discountAmount: 0, loyaltyDiscount: 0.05, total: 3.7299999999999995,
      currency: 'USD', exchangeRate: 1450, paymentMethod: 'cash', paymentDetails: { amountTendered: 5, change: 1.2700000000000005 }, paymentStatus: 'paid',
      register: 'main', invoiceNumber: `INV-${Date.now()}`, createdAt: new Date().toISOString(),
    }, auth());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...SAVED_SALE, subtotal: 3.78, total: 3.73, loyaltyDiscount: 0.05, loyaltyPointsRedeemed: 5, paymentDetails: { amountTendered: 5, change: 1.27 } });
    day.sales.push(res.body.data);
    const points = async () => (await t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 7 - 5 + 3);
  });

  it('a refused sale names each field with an object carrying its message, which the till shows after "Validation error: "', async () => {
    const body = salePayload({ lines: [{ product: day.tea, name: 'Black tea 500 g', quantity: 1, discount: 0 }], tendered: 20 });
    body.items[0]!.quantity = 0;
    const res = await t.post('/api/transactions', body, auth());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Validation error' });
    const [first] = Object.values(res.body.errors as Record<string, { message: string }>);
    expect(res.body.errors['items.0.quantity']).toEqual({ message: any(String) });
    expect(first).toEqual({ message: any(String) });
    expect(first!.message.length).toBeGreaterThan(0);
  });

  it('lists the staff: POST /api/auth/register, GET /api/auth/users answers data and pagination, GET/PUT /api/auth/users/{id}', async () => {
    const created = await t.post('/api/auth/register', {
      username: 'rebin', firstName: 'Rebin', lastName: 'Omar', email: 'rebin@example.com', phone: '07501112233', password: 'secret1', role: 'cashier',
    }, auth());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ _id: any(String), username: 'rebin', role: 'cashier', active: true });
    day.cashierId = created.body.data._id;

    const list = await t.get('/api/auth/users?page=1&search=&role=&active=', auth());
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'rebin']);
    expect(list.body.pagination).toMatchObject({ total: 2, page: 1, limit: any(Number), pages: 1 });
    expect(list.body.data[0]).toHaveProperty('lastLogin');

    const one = await t.get(`/api/auth/users/${day.cashierId}`, auth());
    expect(one.body.data).toMatchObject({ username: 'rebin', email: 'rebin@example.com' });
    // The staff form sends no password when it is left blank.
    const edited = await t.put(`/api/auth/users/${day.cashierId}`, {
      username: 'rebin', firstName: 'Rebin', lastName: 'Omar Aziz', email: 'rebin@example.com', phone: '07501112233', role: 'cashier', active: true,
    }, auth());
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ lastName: 'Omar Aziz' });
    expect((await t.put(`/api/auth/users/${day.cashierId}/reset-password`, { newPassword: 'secret2' }, auth())).status).toBe(200);
    day.cashierToken = await t.login('rebin', 'secret2');
  });

  it('the cashier sells too, and may not see the staff', async () => {
    const body = salePayload({ lines: [{ product: day.tea, name: 'Black tea 500 g', quantity: 1, discount: 0 }], tendered: 20 });
    const res = await t.post('/api/transactions', body, { token: day.cashierToken });
    expect(res.status).toBe(201);
    day.sales.push(res.body.data);
    expect((await t.get('/api/auth/users', { token: day.cashierToken })).status).toBe(403);
  });

  it('lists the transactions: GET /api/transactions?limit=1000 answers success, data (array) and message', async () => {
    const res = await t.get('/api/transactions?limit=1000', auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: any(Array) });
    expect(res.body.message).toBe('Transactions');
    expect(res.body.data.map((s: { _id: string }) => s._id).sort()).toEqual(day.sales.map((s) => s._id).sort());
    expect(res.body.data[0]).toMatchObject({ _id: any(String), invoiceNumber: any(String), total: any(Number), paymentStatus: 'paid' });
  });

  it('opens a transaction: GET /api/transactions/{id} answers success and data with the detail screen’s fields, by id or by invoice number', async () => {
    const withCustomer = day.sales[2]!;
    const res = await t.get(`/api/transactions/${withCustomer._id}`, auth());
    expect((await t.get(`/api/transactions/${withCustomer.invoiceNumber}`, auth())).body).toEqual(res.body);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      _id: withCustomer._id, invoiceNumber: withCustomer.invoiceNumber, total: 3.58, subtotal: 3.78, taxAmount: any(Number), taxRate: any(Number),
      discountAmount: 0, paymentStatus: 'paid', paymentMethod: 'cash', transactionDate: any(String), currency: 'USD', register: 'main', refunded: false,
      customer: { firstName: 'Shilan', lastName: 'Karim', phone: any(String) },
      cashier: { firstName: any(String), lastName: any(String), username: 'admin' },
      items: [{ productSnapshot: { name: expect.anything(), sku: 'RICE-5' }, quantity: 1, unitPrice: 4.2, subtotal: 3.78 }],
    });
  });

  it('voids a sale: DELETE /api/transactions/{id} answers success; the sale then reads as cancelled (paymentStatus failed)', async () => {
    const last = day.sales.at(-1)!;
    const res = await t.delete(`/api/transactions/${last._id}`, auth());
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const after = await t.get(`/api/transactions/${last._id}`, auth());
    expect(after.body.data).toMatchObject({ paymentStatus: 'failed', refunded: false });
  });

  it('the dashboard counts the day: today’s sales and the recent transactions {id, date, amount, status}', async () => {
    // The cashier's sale was voided: it leaves today's sales on the day it happened.
    const dashboard = async () => (await t.get('/api/dashboard', auth())).body.data;
    await eventually(async () => Math.round((await dashboard()).todaySales * 100) === 2878 + 2400 + 358 + 373);
    const d = await dashboard();
    expect(d.totalProducts).toBe(2);
    // (the exact count is the dashboard's own tests' business: the test cluster's in-process bus loses what
    // identity announced before reporting had started, the first admin included)
    expect(d.activeUsers).toBeGreaterThanOrEqual(1);
    expect(d.recentTransactions).toHaveLength(5);
    for (const row of d.recentTransactions) expect(row).toMatchObject({ id: any(String), date: any(String), amount: any(Number), status: any(String) });
    expect(d.recentTransactions.map((r: { id: string }) => r.id).sort()).toEqual(day.sales.map((s) => s._id).sort());
    expect(d.recentTransactions.filter((r: { status: string }) => r.status === 'Completed')).toHaveLength(4);
  });

  it('settings: GET/PUT /api/settings/general and GET/PUT /api/loyalty/settings answer under data', async () => {
    const general = await t.get('/api/settings/general', auth());
    expect(general.status).toBe(200);
    expect(general.body.data).toMatchObject({ exchangeRate: 1450, userExchangeRates: any(Object) });
    expect(general.body.data).toHaveProperty('storeName');
    const saved = await t.put('/api/settings/general', { exchangeRate: 1460, applyToAllUsers: true }, auth());
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ exchangeRate: 1460 });
    expect((await t.get('/api/settings/exchange-rate', { token: day.cashierToken })).body.data.exchangeRate).toBe(1460);

    const loyalty = await t.get('/api/loyalty/settings', auth());
    expect(loyalty.status).toBe(200);
    const settings = loyalty.body.data;
    expect(settings).toMatchObject({
      enabled: true, pointsPerDollar: 1, redemptionRate: 0.01, minimumPoints: any(Number), minimumRedemption: any(Number), maximumRedemptionValue: any(Number),
      statusTiers: { silver: any(Number), gold: any(Number), platinum: any(Number) },
      statusMultipliers: { standard: any(Number), silver: any(Number), gold: any(Number), platinum: any(Number) }, tiers: any(Array),
    });
    // The form sends the whole settings object back.
    const put = await t.put('/api/loyalty/settings', { ...settings, pointsPerDollar: 2 }, auth());
    expect(put.status).toBe(200);
    expect((await t.get('/api/loyalty/settings', auth())).body.data.pointsPerDollar).toBe(2);
  });

  it('reports: GET /api/reports/{type}?startDate&endDate answers success, data and message; the CSV export is a file', async () => {
    const range = `startDate=${today()}&endDate=${today()}`;
    await eventually(async () => (await t.get(`/api/reports/sales?${range}`, auth())).body.data.topProducts.length === 2);
    const sales = await t.get(`/api/reports/sales?${range}`, auth());
    expect(sales.status).toBe(200);
    expect(sales.body).toMatchObject({ success: true, message: any(String) });
    expect(sales.body.data).toMatchObject({
      summary: { totalSales: any(Number), totalTransactions: any(Number), averageOrderValue: any(Number), grossProfit: any(Number) },
      salesByDate: any(Array), topProducts: any(Array),
    });
    expect(sales.body.data.topProducts[0]).toMatchObject({ name: { en: any(String) }, sku: any(String), quantity: any(Number), revenue: any(Number), profit: any(Number) });
    const inventory = await t.get(`/api/reports/inventory?${range}`, auth());
    expect(inventory.body.data).toMatchObject({
      summary: { totalProducts: 2, totalQuantity: any(Number), totalInventoryValue: any(Number), totalInventoryCost: any(Number), lowStockItems: any(Number), outOfStockItems: any(Number) },
      categoryInventory: any(Array), products: any(Array), lowStockItems: any(Array),
    });
    const staff = await t.get(`/api/reports/staff?${range}`, auth());
    expect(staff.body.data).toMatchObject({ summary: { totalStaff: any(Number), totalSales: any(Number), totalTransactions: any(Number), totalHours: any(Number) }, staffSales: any(Array) });
    const customers = await t.get(`/api/reports/customers?${range}`, auth());
    expect(customers.body.data).toMatchObject({
      summary: { totalCustomers: 1, newCustomers: any(Number), activeCustomers: any(Number), totalLoyaltyPoints: any(Number) },
      purchaseFrequency: { oneTime: any(Number), occasional: any(Number), regular: any(Number), frequent: any(Number) }, loyaltyDistribution: any(Array), topCustomers: any(Array),
    });
    for (const [format, type] of [['csv', 'text/csv'], ['pdf', 'application/pdf']]) {
      const file = await fetch(`${t.url}/api/reports/sales/export/${format}?${range}`, { headers: { authorization: `Bearer ${day.token}` } });
      expect({ format, status: file.status, type: file.headers.get('content-type')?.split(';')[0] }).toEqual({ format, status: 200, type });
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('expenses: create, list {expenses, pagination}, get, update, approve, pay, reject, summary, delete', async () => {
    const payload = {
      title: 'Generator fuel', description: 'For the week', category: 'utilities', amount: 145_000, currency: 'IQD', exchangeRate: 1450,
      amountInBaseCurrency: 100, paymentMethod: 'cash', paymentDetails: {}, expenseDate: today(), department: 'Shop floor', tags: ['fuel'], notes: 'Paid in cash',
    };
    const created = await t.post('/api/expenses', payload, auth());
    expect(created.status).toBe(201);
    const expense = created.body;
    expect(expense).toMatchObject({ _id: any(String), expenseNumber: any(String), title: 'Generator fuel', status: 'pending', amountInBaseCurrency: 100, createdBy: { firstName: any(String) } });

    const list = await t.get(`/api/expenses?page=1&limit=20&search=&category=&status=&startDate=${today()}&endDate=${today()}`, auth());
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ expenses: [{ _id: expense._id }], pagination: { current: 1, pages: 1, total: 1, limit: 20 } });

    const one = await t.get(`/api/expenses/${expense._id}`, auth());
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: expense._id, vendor: null });
    expect((await t.put(`/api/expenses/${expense._id}`, { ...payload, title: 'Generator diesel' }, auth())).status).toBe(200);
    expect((await t.put(`/api/expenses/${expense._id}/approve`, undefined, auth())).status).toBe(200);
    expect((await t.put(`/api/expenses/${expense._id}/paid`, undefined, auth())).status).toBe(200);
    const paid = await t.get(`/api/expenses/${expense._id}`, auth());
    expect(paid.body).toMatchObject({ title: 'Generator diesel', status: 'paid' });

    const second = await t.post('/api/expenses', { ...payload, title: 'Paint', category: 'maintenance', currency: 'USD', amount: 30, exchangeRate: 1450, amountInBaseCurrency: 30 }, auth());
    const secondId = second.body._id;
    expect((await t.put(`/api/expenses/${secondId}/reject`, { reason: 'Not needed this month' }, auth())).status).toBe(200);
    const summary = await t.get(`/api/expenses/summary?startDate=${today()}&endDate=${today()}`, auth());
    expect(summary.status).toBe(200);
    expect((await t.delete(`/api/expenses/${secondId}`, auth())).status).toBe(200);
    expect((await t.get(`/api/expenses/${secondId}`, auth())).status).toBe(404);
  });

  it('deletes what the day no longer needs: DELETE /api/customers/{id}, /api/auth/users/{id}, /api/products/{id}', async () => {
    const customer = await t.post('/api/customers', { firstName: 'Temp', lastName: 'Walk-in', phone: '07709998877' }, auth());
    const customerId = customer.body._id;
    expect((await t.put(`/api/customers/${customerId}`, { firstName: 'Temp', lastName: 'Walk-in', phone: '07709998877', email: 'temp@example.com' }, auth())).status).toBe(200);
    expect((await t.delete(`/api/customers/${customerId}`, auth())).status).toBe(200);
    const user = await t.post('/api/auth/register', { username: 'seasonal', firstName: 'S', lastName: 'W', email: 'seasonal@example.com', password: 'secret1' }, auth());
    expect(user.body.data.role).toBe('cashier');
    expect((await t.delete(`/api/auth/users/${user.body.data._id}`, auth())).status).toBe(200);
    const spare = await t.post('/api/products', { sku: 'SPARE', barcode: '6260000000444', name: { en: 'Spare' }, category: day.categoryId, price: 1, cost: 0.5 }, auth());
    expect((await t.delete(`/api/products/${spare.body._id}`, auth())).status).toBe(200);
  });

  it('signs out: POST /api/auth/logout, after which the token is refused', async () => {
    expect((await t.post('/api/auth/logout', undefined, auth())).status).toBe(200);
    expect((await t.get('/api/auth/me', auth())).status).toBe(401);
  });
});
