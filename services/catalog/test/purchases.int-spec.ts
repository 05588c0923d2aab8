import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { CanonicalSupplierPhones1797300000200 } from '../src/migrations/1797300000200-canonical-supplier-phones.js';
import { productBody, startCatalog } from './helpers.js';

// Stock bought from suppliers: an order received in two deliveries (each line a cost batch at the received cost, the
// average cost following), goods received without an order, what the shop owes and pays in each currency, by age.

let t: ServiceTestApp;
let categoryId: string;
const as = (token: string, branch = 'main', extra: Record<string, string> = {}) => ({
  token,
  headers: { 'x-dukan-branch': branch, ...extra },
});
const stock = async (id: string, branch = 'main') => (await t.get(`/api/products/${id}`, as(t.tokens.admin, branch))).body;

/** A product with `quantity` on hand at `cost` (none: the form's one unit counted away as a correction). */
async function product(quantity: number, cost: number): Promise<string> {
  const made = await t.post('/api/products', productBody(categoryId, { quantity: Math.max(1, quantity), cost }), as(t.tokens.admin));
  expect(made.status).toBe(201);
  if (quantity === 0)
    expect(
      (await t.post(`/api/products/${made.body._id}/adjust-stock`, { quantity: 0, reason: 'correction' }, as(t.tokens.admin))).status,
    ).toBe(200);
  return made.body._id;
}

async function supplier(en = 'Zagros Wholesale', ku = 'کۆفرۆشی زاگرۆس'): Promise<string> {
  const made = await t.post(
    '/api/purchases/suppliers',
    { name: { en, ku }, phone: '+964 7701234567', address: 'Erbil, 100m road' },
    as(t.tokens.manager),
  );
  expect(made.status).toBe(201);
  return made.body.data._id;
}

beforeAll(async () => {
  t = await startCatalog();
  categoryId = (await t.post('/api/categories', { name: { en: 'Drinks', ku: 'خواردنەوە' } }, { token: t.tokens.admin })).body._id;
});
afterAll(() => t.close());

it('keeps suppliers with names in both languages, a phone read as customer phones are, and finds them by phone digits', async () => {
  const id = await supplier('Nawroz Foods', 'خۆراکی نەورۆز');
  const bad = await t.post(
    '/api/purchases/suppliers',
    { name: { en: 'X' }, phone: '12ab' },
    as(t.tokens.manager, 'main', { 'accept-language': 'ku' }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body.errors.phone.message).toBe('تکایە ژمارەی تەلەفۆنێکی دروست بنووسە');
  // A supplier needs a name when made; an edit may leave it out, but not blank it.
  const nameless = await t.post('/api/purchases/suppliers', { phone: '0750 111 2233' }, as(t.tokens.manager));
  expect(nameless.status).toBe(400);
  expect(Object.keys(nameless.body.errors)).toEqual(['name']);
  const blanked = await t.put(`/api/purchases/suppliers/${id}`, { name: { en: '  ' } }, as(t.tokens.manager));
  expect(blanked.status).toBe(400);
  expect(Object.keys(blanked.body.errors)).toEqual(['name.en']);
  const found = await t.get('/api/purchases/suppliers?search=0770 1234', as(t.tokens.manager));
  expect(found.body.data.map((s: { _id: string }) => s._id)).toContain(id);
  const edited = await t.put(`/api/purchases/suppliers/${id}`, { notes: 'Delivers on Sundays', active: false }, as(t.tokens.manager));
  expect(edited.body.data).toMatchObject({
    name: { en: 'Nawroz Foods', ku: 'خۆراکی نەورۆز' },
    notes: 'Delivers on Sundays',
    active: false,
  });
  // An inactive supplier is not offered new orders.
  const p = await product(1, 1);
  const order = await t.post(
    '/api/purchases/orders',
    { supplier: id, currency: 'USD', lines: [{ product: p, quantity: 1, unitCostMinor: 100 }] },
    as(t.tokens.manager),
  );
  expect(order.status).toBe(400);
  expect(order.body.errors.supplier.message).toBe('This supplier is no longer active');
  // A cashier has no purchases rights by default.
  expect((await t.get('/api/purchases/suppliers', as(t.tokens.cashier))).status).toBe(403);
});

it('finds a supplier by its Kurdish name typed on an Arabic keyboard, or without the marks of the Sorani letters', async () => {
  const id = await supplier('Kek Bakery', 'نانەواخانەی کێک');
  const ids = async (search: string) =>
    (await t.get(`/api/purchases/suppliers?search=${encodeURIComponent(search)}`, as(t.tokens.manager))).body.data.map(
      (s: { _id: string }) => s._id,
    );
  // Arabic kaf and yeh (an Arabic keyboard), the plain yeh for ێ, the name as written, Arabic heh for ە, any case.
  for (const typed of ['كيك', 'کیک', 'کێک', 'نانهواخانه', 'KEK']) expect(await ids(typed)).toContain(id);
  expect(await ids('زاگرۆس')).not.toContain(id);
});

it('keeps a supplier phone written any common way as one number, shown back as E.164, found by any fragment', async () => {
  const made = await t.post('/api/purchases/suppliers', { name: { en: 'Sirwan Dairy' }, phone: '٠٧٥١ ٨٨٨ ٧٧٦٦' }, as(t.tokens.manager));
  expect(made.status).toBe(201);
  expect(made.body.data.phone).toBe('+9647518887766');
  const id = made.body.data._id;
  const ids = async (search: string) =>
    (await t.get(`/api/purchases/suppliers?search=${encodeURIComponent(search)}`, as(t.tokens.manager))).body.data.map(
      (s: { _id: string }) => s._id,
    );
  for (const typed of ['0751', '751 888', '+964751888', '0751-888-7766', '00964 751 888']) expect(await ids(typed)).toContain(id);
  for (const typed of ['0752', '0751 889']) expect(await ids(typed)).not.toContain(id);

  for (const [typed, kept] of [
    ['+964 751 888 7766', '+9647518887766'],
    ['066 222 3344', '+964662223344'],
    ['', null],
  ] as const) {
    const edited = await t.put(`/api/purchases/suppliers/${id}`, { phone: typed }, as(t.tokens.manager));
    expect(edited.status).toBe(200);
    expect(edited.body.data.phone).toBe(kept);
  }
  for (const typed of ['0751 888 776', '+964 751 888 77665', '12345678901234']) {
    const refused = await t.put(`/api/purchases/suppliers/${id}`, { phone: typed }, as(t.tokens.manager));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.phone.message).toBe('Please enter a valid phone number');
  }
});

it('rewrites the phones suppliers were given before as E.164, leaving one that is not a number as typed', async () => {
  const ds = t.dataSource();
  const insert = async (phone: string | null) =>
    (await ds.query(`INSERT INTO suppliers (name_en, name_ku, phone) VALUES ('Old', '', $1) RETURNING id`, [phone]))[0].id as string;
  const local = await insert('0753 444 5566');
  const spaced = await insert('+964 753-444-5577');
  const unreadable = await insert('12345678901234');
  const none = await insert(null);
  const runner = ds.createQueryRunner();
  try {
    await new CanonicalSupplierPhones1797300000200().up(runner);
  } finally {
    await runner.release();
  }
  const phones = Object.fromEntries(
    (await ds.query(`SELECT id, phone FROM suppliers WHERE id = ANY($1)`, [[local, spaced, unreadable, none]])).map(
      (r: { id: string; phone: string | null }) => [r.id, r.phone],
    ),
  );
  expect(phones).toEqual({ [local]: '+9647534445566', [spaced]: '+9647534445577', [unreadable]: '12345678901234', [none]: null });
});

it('receives an order in two deliveries: partly received, then received, each line a cost batch at its cost', async () => {
  const s = await supplier();
  const tea = await product(10, 2); // 10 on hand at $2.00
  const rice = await product(0, 5);
  const draft = await t.post(
    '/api/purchases/orders',
    {
      supplier: s,
      currency: 'USD',
      lines: [
        { product: tea, quantity: 20, unitCostMinor: 250 },
        { product: rice, quantity: 5, unitCostMinor: 900 },
      ],
      note: 'Before Newroz',
    },
    as(t.tokens.manager),
  );
  expect(draft.status).toBe(201);
  const id = draft.body.data._id as string;
  expect(draft.body.data).toMatchObject({ number: expect.stringMatching(/^PO-\d{6}$/), state: 'draft', totalMinor: 20 * 250 + 5 * 900 });

  // Not received before it is sent.
  const early = await t.post('/api/purchases/receipts', { order: id, lines: [{ product: tea, quantity: 1 }] }, as(t.tokens.manager));
  expect(early.status).toBe(409);
  expect(early.body.message).toBe('Send the order to its supplier before receiving it');
  expect((await t.post(`/api/purchases/orders/${id}/send`, {}, as(t.tokens.manager))).body.data.state).toBe('sent');
  expect(
    (
      await t.put(
        `/api/purchases/orders/${id}`,
        { supplier: s, currency: 'USD', lines: [{ product: tea, quantity: 1, unitCostMinor: 1 }] },
        as(t.tokens.manager),
      )
    ).status,
  ).toBe(409);

  // First delivery: 12 of the tea at $3.00 (the invoice price, not the expected one); rice not yet.
  const first = await t.post(
    '/api/purchases/receipts',
    { order: id, lines: [{ product: tea, quantity: 12, unitCostMinor: 300 }], note: 'First van' },
    as(t.tokens.manager, 'main', { 'idempotency-key': randomUUID() }),
  );
  expect(first.status).toBe(201);
  expect(first.body.data).toMatchObject({ number: expect.stringMatching(/^GR-\d{6}$/), orderId: id, currency: 'USD', totalMinor: 3600 });
  const order1 = (await t.get(`/api/purchases/orders/${id}`, as(t.tokens.manager))).body.data;
  expect(order1.state).toBe('partial');
  expect(order1.lines).toMatchObject([
    { productId: tea, ordered: 20, received: 12 },
    { productId: rice, ordered: 5, received: 0 },
  ]);
  const teaNow = await stock(tea);
  expect(teaNow.quantity).toBe(22);
  // (10 × 2.00 + 12 × 3.00) / 22 = 2.545… → 2.55, and its cost history shows the batch.
  expect(teaNow.cost).toBe(2.55);
  const moves = (await t.get(`/api/products/${tea}/stock-movements`, as(t.tokens.admin))).body;
  expect(moves[0]).toMatchObject({
    reason: 'received',
    delta: 12,
    refType: 'receipt',
    refId: first.body.data._id,
    unitCost: 3,
    note: first.body.data.number,
  });
  const [batch] = await t.dataSource().query(`SELECT quantity, unit_cost_cents FROM cost_batches WHERE movement_id = $1`, [moves[0]._id]);
  expect(batch).toEqual({ quantity: 12, unit_cost_cents: 300 });

  // More than still expected is refused, in the reader's language.
  const tooMany = await t.post(
    '/api/purchases/receipts',
    { order: id, lines: [{ product: tea, quantity: 9 }] },
    as(t.tokens.manager, 'main', { 'accept-language': 'ku' }),
  );
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.errors['lines.0.quantity'].message).toBe('تەنها 8 ی تر چاوەڕوان دەکرێت لەم داواکارییەدا');
  // Another branch does not receive it.
  const managerAB = t.tokenFor({ role: 'manager', homeBranch: 'main', branches: ['main', 'b'] });
  const elsewhere = await t.post('/api/purchases/receipts', { order: id, lines: [{ product: tea, quantity: 1 }] }, as(managerAB, 'b'));
  expect(elsewhere.status).toBe(403);
  const stranger = t.tokenFor({ role: 'manager', homeBranch: 'c', branches: ['c'] });
  expect((await t.get(`/api/purchases/orders/${id}`, as(stranger, 'c'))).status).toBe(404);

  // Second delivery: the rest, at the expected costs.
  const second = await t.post(
    '/api/purchases/receipts',
    {
      order: id,
      lines: [
        { product: tea, quantity: 8 },
        { product: rice, quantity: 5 },
      ],
    },
    as(t.tokens.manager),
  );
  expect(second.status).toBe(201);
  expect(second.body.data.lines).toMatchObject([
    { productId: tea, quantity: 8, unitCostMinor: 250 },
    { productId: rice, quantity: 5, unitCostMinor: 900 },
  ]);
  const order2 = (await t.get(`/api/purchases/orders/${id}`, as(t.tokens.manager))).body.data;
  expect(order2).toMatchObject({ state: 'received', closedAt: expect.any(String) });
  expect((await stock(tea)).quantity).toBe(30);
  expect((await stock(rice)).quantity).toBe(5);
  expect((await stock(rice)).cost).toBe(9);
  const third = await t.post('/api/purchases/receipts', { order: id, lines: [{ product: tea, quantity: 1 }] }, as(t.tokens.manager));
  expect(third.status).toBe(409);
  expect((await t.post(`/api/purchases/orders/${id}/cancel`, {}, as(t.tokens.manager))).status).toBe(409);

  const events = await t
    .dataSource()
    .query(`SELECT data FROM outbox WHERE type = 'dukan.catalog.goods.received.v1' AND data->>'orderId' = $1 ORDER BY seq`, [id]);
  expect(events.map((e: { data: { lines: unknown[] } }) => e.data.lines)).toEqual([
    [{ productId: tea, quantity: 12, unitCostMinor: 300, unitCostCents: 300 }],
    [
      { productId: tea, quantity: 8, unitCostMinor: 250, unitCostCents: 250 },
      { productId: rice, quantity: 5, unitCostMinor: 900, unitCostCents: 900 },
    ],
  ]);
  const listed = await t.get(`/api/purchases/receipts?order=${id}`, as(t.tokens.manager));
  expect(listed.body.pagination.total).toBe(2);
});

it('receives without an order, in dinars at the rate given, once however often the same receipt is sent', async () => {
  const s = await supplier();
  const oil = await product(0, 1);
  const key = randomUUID();
  const body = { supplier: s, currency: 'IQD', exchangeRate: 1450, lines: [{ product: oil, quantity: 6, unitCostMinor: 2900 }] };
  const sends = await Promise.all(
    [1, 2, 3].map(() => t.post('/api/purchases/receipts', body, as(t.tokens.manager, 'main', { 'idempotency-key': key }))),
  );
  expect(sends.map((r) => r.status)).toEqual([201, 201, 201]);
  expect(new Set(sends.map((r) => r.body.data._id)).size).toBe(1);
  expect(sends[0]!.body.data).toMatchObject({
    orderId: null,
    currency: 'IQD',
    exchangeRate: 1450,
    lines: [{ quantity: 6, unitCostMinor: 2900, unitCostCents: 200 }],
  });
  expect(await stock(oil)).toMatchObject({ quantity: 6, cost: 2 });
  const reused = await t.post(
    '/api/purchases/receipts',
    { ...body, lines: [{ product: oil, quantity: 7, unitCostMinor: 2900 }] },
    as(t.tokens.manager, 'main', { 'idempotency-key': key }),
  );
  expect(reused.status).toBe(422);
  // Dinars without a rate, or a line without a cost, are refused.
  const noRate = await t.post('/api/purchases/receipts', { ...body, exchangeRate: undefined }, as(t.tokens.manager));
  expect(noRate.body.errors.exchangeRate.message).toBe('Give the exchange rate the dinar costs are converted at');
  const noCost = await t.post('/api/purchases/receipts', { lines: [{ product: oil, quantity: 1 }] }, as(t.tokens.manager));
  expect(noCost.body.errors['lines.0.unitCostMinor'].message).toBe('This field is required');
  // A cashier does not receive goods.
  expect((await t.post('/api/purchases/receipts', body, as(t.tokens.cashier))).status).toBe(403);
});

it('records what is owed and pays it in part, in its own currency, from a drawer or the bank; payables by age', async () => {
  const s = await supplier('Kurdistan Cola', 'کۆلای کوردستان');
  const usd = await t.post(
    '/api/purchases/invoices',
    { supplier: s, number: 'KC-1001', currency: 'USD', amountMinor: 50000, issuedOn: '2026-01-01', dueOn: '2026-01-31' },
    as(t.tokens.manager),
  );
  expect(usd.status).toBe(201);
  const iqd = await t.post(
    '/api/purchases/invoices',
    { supplier: s, number: 'KC-1002', currency: 'IQD', amountMinor: 725000, issuedOn: '2026-03-01', dueOn: '2026-03-15' },
    as(t.tokens.manager),
  );
  expect(iqd.status).toBe(201);
  const dup = await t.post(
    '/api/purchases/invoices',
    { supplier: s, number: 'KC-1001', currency: 'USD', amountMinor: 1, issuedOn: '2026-01-01', dueOn: '2026-01-01' },
    as(t.tokens.manager),
  );
  expect(dup.body.errors.number.message).toBe('This supplier invoice number is already recorded');

  // A manager records invoices but does not pay them; an admin pays.
  const pay = (id: string, body: unknown, key = randomUUID(), token = t.tokens.admin) =>
    t.post(`/api/purchases/invoices/${id}/payments`, body, as(token, 'main', { 'idempotency-key': key }));
  expect((await pay(usd.body.data._id, { amountMinor: 100, source: 'bank' }, randomUUID(), t.tokens.manager)).status).toBe(403);

  const key = randomUUID();
  const fromDrawer = await pay(usd.body.data._id, { amountMinor: 20000, source: 'drawer', register: 'main' }, key);
  expect(fromDrawer.status).toBe(201);
  expect(fromDrawer.body.data).toMatchObject({ amountMinor: 50000, paidMinor: 20000, dueMinor: 30000 });
  expect((await pay(usd.body.data._id, { amountMinor: 20000, source: 'drawer', register: 'main' }, key)).body.data.paidMinor).toBe(20000);
  const over = await pay(usd.body.data._id, { amountMinor: 30001, source: 'bank' });
  expect(over.status).toBe(400);
  expect(over.body.errors.amountMinor.message).toBe('Only $300.00 is still owed on this invoice');
  expect((await pay(usd.body.data._id, { amountMinor: 1, source: 'drawer' })).body.errors.register.message).toBe(
    'Choose the register whose drawer pays',
  );
  const dinars = await pay(iqd.body.data._id, { amountMinor: 225000, source: 'drawer', register: 'main' });
  expect(dinars.body.data).toMatchObject({ currency: 'IQD', paidMinor: 225000, dueMinor: 500000 });

  // The drawer's payments carry register, currency and amount for the shift to count as cash out, once each.
  const events = await t
    .dataSource()
    .query(`SELECT data FROM outbox WHERE type = 'dukan.catalog.supplier-payment.made.v1' AND data->>'supplierId' = $1 ORDER BY seq`, [s]);
  expect(events.map((e: { data: unknown }) => e.data)).toMatchObject([
    { source: 'drawer', registerId: 'main', currency: 'USD', amountMinor: 20000, branchId: 'main', invoiceId: usd.body.data._id },
    { source: 'drawer', registerId: 'main', currency: 'IQD', amountMinor: 225000, branchId: 'main', invoiceId: iqd.body.data._id },
  ]);

  // On 2026-03-20 the dollar invoice is 48 days overdue and the dinar one 5; never added across currencies.
  const report = await t.get('/api/purchases/payables?asOf=2026-03-20', as(t.tokens.manager));
  expect(report.status).toBe(200);
  const mine = report.body.data.rows.filter((r: { supplierId: string }) => r.supplierId === s);
  expect(mine).toEqual([
    expect.objectContaining({
      currency: 'USD',
      totalMinor: 30000,
      buckets: { current: 0, days1to30: 0, days31to60: 30000, days61to90: 0, over90: 0 },
    }),
    expect.objectContaining({
      currency: 'IQD',
      totalMinor: 500000,
      buckets: { current: 0, days1to30: 500000, days31to60: 0, days61to90: 0, over90: 0 },
    }),
  ]);

  const rest = await pay(usd.body.data._id, { amountMinor: 30000, source: 'bank', note: 'Transfer 55/3' });
  expect(rest.body.data).toMatchObject({
    dueMinor: 0,
    payments: [
      { source: 'drawer', amountMinor: 20000 },
      { source: 'bank', registerId: null, amountMinor: 30000 },
    ],
  });
  const open = await t.get(`/api/purchases/invoices?supplier=${s}&open=true`, as(t.tokens.manager));
  expect(open.body.data.map((i: { number: string }) => i.number)).toEqual(['KC-1002']);
});
