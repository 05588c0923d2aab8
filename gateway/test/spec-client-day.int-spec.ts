// Six calls a client written to the specification makes in a shop's day, each with the body that client sends,
// in both shapes: a dollar sale with the rate 1, a discounted product sold at its list price, a sale voided by its
// invoice number, a user edited by sending back what GET served, a permission edit during a session, and an expense
// dated with a serialised Date.
import { salePayload, SHAPES, type Shop } from './compat/shop-day.js';

type Product = { _id: string; sku: string; price: number };

describe.each(SHAPES)('a spec client’s day (%s)', (_shape, start) => {
  let t: Shop;
  let admin: { token: string };
  let tea: Product; // $12.50
  let rice: Product; // $4.20, its own 10 % off

  beforeAll(async () => {
    t = await start();
    admin = { token: await t.login('admin', t.adminPassword) };
    const category = await t.post('/api/categories', { name: { en: 'Groceries', ku: 'خواردەمەنی' } }, admin);
    const made = async (sku: string, price: number, discount: number) => {
      const barcode = (await t.get('/api/products/generate-barcode', admin)).body.barcode as string;
      const res = await t.post(
        '/api/products',
        {
          sku,
          barcode,
          isNewBarcode: true,
          name: { en: sku, ku: sku },
          category: category.body._id,
          price,
          cost: 1,
          quantity: 50,
          reorderLevel: 1,
          active: true,
          discount,
        },
        admin,
      );
      expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
      return { _id: res.body._id as string, sku, price };
    };
    tea = await made('TEA-1', 12.5, 0);
    rice = await made('RICE-5', 4.2, 10);
  }, 120_000);
  afterAll(() => t?.close());

  const sell = async (body: object, auth = admin) => {
    // The catalogue reaches sales by event: retry while the product is not there yet.
    for (let i = 0; ; i++) {
      const res = await t.post('/api/transactions', body, auth);
      const unavailable = res.status === 400 && Object.keys(res.body.errors ?? {}).some((k) => k.endsWith('.product'));
      if (!unavailable || i > 50) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('1. a dollar sale sent with "currency": "USD", "exchangeRate": 1 is made; a dinar sale at a stale rate is still refused', async () => {
    const body = {
      ...salePayload({ lines: [{ product: tea, name: 'Tea', quantity: 1, discount: 0 }], tendered: 20 }),
      currency: 'USD',
      exchangeRate: 1,
    };
    const res = await sell(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      currency: 'USD',
      total: 12.5,
      exchangeRate: 1450,
      paymentDetails: { amountTendered: 20, change: 7.5 },
    });

    const dinars = { ...body, currency: 'IQD', exchangeRate: 1, invoiceNumber: `INV-${Date.now()}` };
    const refused = await sell(dinars);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('EXCHANGE_RATE_CHANGED');
  });

  it('2. a discounted product at its full list price with discount 0 is sold without its discount; a figure below the shop’s is refused', async () => {
    // Rice at $4.20 has 10 % off; the client sends the list price and no discount, as a percent and as an amount.
    for (const discountType of ['percentage', 'fixed']) {
      const body = salePayload({ lines: [{ product: rice, name: 'Rice', quantity: 2, discount: 0 }], tendered: 10 });
      body.items[0]!.discountType = discountType;
      expect(body).toMatchObject({ subtotal: 8.4, total: 8.4 });
      const res = await sell(body);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ subtotal: 8.4, total: 8.4, paymentDetails: { change: 1.6 } });
      expect(res.body.data.items).toEqual([expect.objectContaining({ unitPrice: 4.2, subtotal: 8.4, discount: 0, discountAmount: 0 })]);
      const read = await t.get(`/api/transactions/${res.body.data._id}`, admin);
      expect(read.body.data.items[0]).toMatchObject({ subtotal: 8.4, discount: 0 });
    }
    // Below the shop's rules: a line under its price with no discount, and a discount bigger than the product's.
    const under = salePayload({ lines: [{ product: rice, name: 'Rice', quantity: 1, discount: 0 }], tendered: 10 });
    under.items[0]!.subtotal = 3.5;
    under.subtotal = 3.5;
    under.total = 3.5;
    under.paymentDetails.change = 6.5;
    const lower = await sell(under);
    expect(lower.status).toBe(422);
    expect(lower.body.code).toBe('TOTAL_MISMATCH');
    const bigger = await sell(salePayload({ lines: [{ product: rice, name: 'Rice', quantity: 1, discount: 20 }], tendered: 10 }));
    expect(bigger.status).toBe(422);
    expect(bigger.body.errors['items.0.discount']).toBeDefined();
  });

  it('3. DELETE /api/transactions/INV-… voids the sale it reads; a refund takes the invoice number too', async () => {
    const sold = await sell(salePayload({ lines: [{ product: tea, name: 'Tea', quantity: 1, discount: 0 }], tendered: 20 }));
    expect(sold.status).toBe(201);
    const { _id, invoiceNumber } = sold.body.data;
    expect((await t.get(`/api/transactions/${invoiceNumber}`, admin)).status).toBe(200);
    const voided = await t.delete(`/api/transactions/${invoiceNumber}`, admin);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ success: true, data: { _id, invoiceNumber, paymentStatus: 'failed' } });
    expect((await t.get(`/api/transactions/${_id}`, admin)).body.data).toMatchObject({ status: 'voided', paymentStatus: 'failed' });

    const other = await sell(salePayload({ lines: [{ product: tea, name: 'Tea', quantity: 1, discount: 0 }], tendered: 20 }));
    const refunded = await t.post(`/api/transactions/${other.body.data.invoiceNumber}/refund`, {}, admin);
    expect(refunded.status).toBe(201);
    expect((await t.get(`/api/transactions/${other.body.data._id}`, admin)).body.data).toMatchObject({
      refunded: true,
      refundState: 'full',
    });
    expect((await t.delete('/api/transactions/INV-0000000000999', admin)).status).toBe(404);
  });

  it('4. PUT /api/auth/users/{id} with the user object from GET plus a change is saved; unknown fields and rights beyond the editor’s stay refused', async () => {
    const made = async (username: string, role: string, extra: object = {}) => {
      const res = await t.post(
        '/api/auth/register',
        {
          username,
          firstName: 'Dara',
          lastName: 'Aziz',
          email: `${username}@example.com`,
          phone: '07501112233',
          password: 'secret1',
          role,
          ...extra,
        },
        admin,
      );
      expect(res.status).toBe(201);
      return res.body.data._id as string;
    };
    const cashierId = await made('dara', 'cashier');
    await made('shwan', 'manager', { permissions: { staff: ['view', 'edit'] } }); // staff edit, but not permissions
    const manager = { token: await t.login('shwan', 'secret1') };

    const served = (await t.get(`/api/auth/users/${cashierId}`, admin)).body.data;
    expect(served).toMatchObject({
      _id: cashierId,
      name: 'Dara Aziz',
      lastLogin: null,
      effectivePermissions: expect.any(Object),
      createdAt: expect.any(String),
    });
    const byAdmin = await t.put(`/api/auth/users/${cashierId}`, { ...served, lastName: 'Karim' }, admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toMatchObject({ _id: cashierId, lastName: 'Karim', name: 'Dara Karim', role: 'cashier' });

    // A manager may edit a cashier but not set rights: sending them back as served sets nothing.
    const again = (await t.get(`/api/auth/users/${cashierId}`, manager)).body.data;
    const byManager = await t.put(`/api/auth/users/${cashierId}`, { ...again, phone: '07501112244' }, manager);
    expect(byManager.status).toBe(200);
    expect(byManager.body.data).toMatchObject({ phone: '+9647501112244', lastName: 'Karim' }); // kept as one number (E.164)
    const raised = await t.put(
      `/api/auth/users/${cashierId}`,
      { ...again, permissions: { staff: ['view', 'create', 'edit', 'delete'] } },
      manager,
    );
    expect(raised.status).toBe(403);
    expect((await t.put(`/api/auth/users/${cashierId}`, { ...again, role: 'admin' }, manager)).status).toBe(403);
    const unknown = await t.put(`/api/auth/users/${cashierId}`, { ...again, isSuperUser: true }, admin);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['isSuperUser']);
    expect((await t.get(`/api/auth/users/${cashierId}`, admin)).body.data.effectivePermissions).toEqual(served.effectivePermissions);
  });

  it('5. a permission or role edit applies on the very next call, narrower or wider, and the session goes on; logout still ends it', async () => {
    const created = await t.post(
      '/api/auth/register',
      {
        username: 'rezan',
        firstName: 'Rezan',
        lastName: 'Ali',
        email: 'rezan@example.com',
        password: 'secret1',
        role: 'cashier',
      },
      admin,
    );
    const id = created.body.data._id as string;
    const cashier = { token: await t.login('rezan', 'secret1') };
    const sale = () => salePayload({ lines: [{ product: tea, name: 'Tea', quantity: 1, discount: 0 }], tendered: 20 });
    expect((await t.get('/api/auth/users', cashier)).status).toBe(403);

    // Wider: the staff list opens on the next call, with the same token.
    expect((await t.put(`/api/auth/users/${id}/permissions`, { permissions: { staff: ['view'] } }, admin)).status).toBe(200);
    expect((await t.get('/api/auth/users', cashier)).status).toBe(200);
    const me = await t.get('/api/auth/me', cashier);
    expect(me.status).toBe(200);
    expect(me.body.data.effectivePermissions.staff).toEqual(['view']);

    // Narrower: selling is refused on the next call; the token still answers /api/auth/me with the new rights.
    expect((await sell(sale(), cashier)).status).toBe(201);
    expect((await t.put(`/api/auth/users/${id}/permissions`, { permissions: { staff: ['view'], pos: [] } }, admin)).status).toBe(200);
    const refused = await t.post('/api/transactions', sale(), cashier);
    expect(refused.status).toBe(403);
    // Rights a client names itself are not believed: only the gateway's, behind it, with the internal token.
    const forged = Buffer.from(JSON.stringify({ role: 'admin', permissions: null, homeBranch: null, branches: null })).toString(
      'base64url',
    );
    expect((await t.post('/api/transactions', sale(), { ...cashier, headers: { 'x-dukan-rights': forged } })).status).toBe(403);
    const after = await t.get('/api/auth/me', cashier);
    expect(after.status).toBe(200);
    expect(after.body.data.effectivePermissions.pos).toEqual([]);

    // A role edit the same way: a manager's rights at once, the cashier's back at once.
    expect((await t.put(`/api/auth/users/${id}`, { role: 'manager', permissions: null }, admin)).status).toBe(200);
    expect((await t.get('/api/auth/me', cashier)).body.data).toMatchObject({ role: 'manager' });
    expect((await sell(sale(), cashier)).status).toBe(201);
    expect((await t.get('/api/reports/staff', cashier)).status).toBe(200);
    expect((await t.put(`/api/auth/users/${id}`, { role: 'cashier', permissions: { pos: [] } }, admin)).status).toBe(200);
    expect((await t.get('/api/reports/staff', cashier)).status).toBe(403);
    expect((await t.post('/api/transactions', sale(), cashier)).status).toBe(403);

    // Logout still ends the session.
    expect((await t.post('/api/auth/logout', undefined, cashier)).status).toBe(200);
    const ended = await t.get('/api/auth/me', cashier);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('TOKEN_REVOKED');
  });

  it('6. an expense dated "2026-11-28T00:00:00.000Z" is made on that day of the shop; a report range takes date-times too', async () => {
    const payload = {
      title: 'Generator fuel',
      description: 'For the week',
      category: 'utilities',
      amount: 145_000,
      currency: 'IQD',
      exchangeRate: 1450,
      amountInBaseCurrency: 100,
      paymentMethod: 'cash',
      paymentDetails: {},
      expenseDate: '2026-11-28T00:00:00.000Z',
      department: 'Shop floor',
      tags: ['fuel'],
      notes: 'Paid in cash',
    };
    const created = await t.post('/api/expenses', payload, admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Generator fuel', expenseDate: '2026-11-28' });
    // 21:30 UTC on the 27th is half past midnight on the 28th in Baghdad, the shop's time zone.
    const late = await t.post('/api/expenses', { ...payload, title: 'Night guard', expenseDate: '2026-11-27T21:30:00.000Z' }, admin);
    expect(late.status).toBe(201);
    expect(late.body.expenseDate).toBe('2026-11-28');
    const listed = await t.get('/api/expenses?startDate=2026-11-27T21:00:00.000Z&endDate=2026-11-28T20:59:59.999Z', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.expenses.map((e: { title: string }) => e.title).sort()).toEqual(['Generator fuel', 'Night guard']);
    expect((await t.post('/api/expenses', { ...payload, expenseDate: '2026-11-31T00:00:00.000Z' }, admin)).status).toBe(400);

    const report = await t.get(
      `/api/reports/sales?startDate=${encodeURIComponent('2026-11-28T00:00:00.000Z')}&endDate=${encodeURIComponent('2026-11-28T00:00:00.000Z')}`,
      admin,
    );
    expect(report.status).toBe(200);
    expect(report.body.success).toBe(true);
  });
});
