// The morning: sign-in, the dashboard, the rate, categories, products, stock and a customer, through the spec's calls.
import { any, type ShopDay } from './shop-day.js';

export function catalogueSteps(s: ShopDay): void {
  const { day, auth } = s;

  it('signs in: POST /api/auth/login answers success, token, data (the user) and message', async () => {
    const res = await s.t.post('/api/auth/login', { username: 'admin', password: s.t.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: any(String),
      message: any(String),
      data: { _id: any(String), username: 'admin', role: 'admin', firstName: any(String) },
    });
    expect(res.body.data).toHaveProperty('languagePreference');
    expect(res.body.data).not.toHaveProperty('password');
    day.token = res.body.token;
  });

  it('checks the stored token: GET /api/auth/me answers success and data (the user with its permissions)', async () => {
    const res = await s.t.get('/api/auth/me', auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { username: 'admin', role: 'admin', permissions: any(Object) } });
  });

  it('opens the dashboard: GET /api/dashboard answers success, data with the four figures, their trends and recent sales', async () => {
    const res = await s.t.get('/api/dashboard', auth());
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
    const res = await s.t.get('/api/settings/exchange-rate', auth());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ exchangeRate: 1450, isUserSpecific: false });
  });

  it('adds a category: POST /api/categories, then GET /api/categories and /api/categories/tree list it', async () => {
    const created = await s.t.post('/api/categories', { name: { en: 'Groceries', ku: 'خواردەمەنی' } }, auth());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ _id: any(String), name: { en: 'Groceries', ku: 'خواردەمەنی' } });
    day.categoryId = created.body._id;
    const sub = await s.t.post('/api/categories', { name: { en: 'Tea', ku: 'چا' }, parent: day.categoryId }, auth());
    expect(sub.status).toBe(201);

    const list = await s.t.get('/api/categories', auth());
    expect(list.status).toBe(200);
    const categories = list.body;
    expect(Array.isArray(categories)).toBe(true);
    expect(categories.map((c: { name: { en: string } }) => c.name.en).sort()).toEqual(['Groceries', 'Tea']);
    const tree = await s.t.get('/api/categories/tree', auth());
    expect(tree.status).toBe(200);
    const roots = tree.body;
    expect(Array.isArray(roots)).toBe(true);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ _id: day.categoryId, name: { en: 'Groceries' }, children: [{ name: { en: 'Tea' } }] });
  });

  it('adds products with the form’s fields: GET /api/products/generate-barcode, then POST /api/products', async () => {
    const code = await s.t.get('/api/products/generate-barcode', auth());
    expect(code.status).toBe(200);
    expect(code.body.barcode).toMatch(/^\d{13}$/);
    const tea = await s.t.post(
      '/api/products',
      {
        sku: 'TEA-1',
        barcode: code.body.barcode,
        isNewBarcode: true,
        name: { en: 'Black tea', ku: 'چای ڕەش' },
        description: { en: 'Loose leaf', ku: '' },
        category: day.categoryId,
        price: 12.5,
        cost: 8,
        quantity: 40,
        reorderLevel: 10,
        active: true,
        discount: 0,
        imageUrl: '',
      },
      auth(),
    );
    expect(tea.status).toBe(201);
    expect(tea.body).toMatchObject({
      _id: any(String),
      sku: 'TEA-1',
      barcode: code.body.barcode,
      name: { en: 'Black tea', ku: 'چای ڕەش' },
      price: 12.5,
      cost: 8,
      quantity: 40,
      reorderLevel: 10,
      active: true,
    });
    day.tea = { _id: tea.body._id, sku: 'TEA-1', price: 12.5 };

    const rice = await s.t.post(
      '/api/products',
      {
        sku: 'RICE-5',
        barcode: '6260000000123',
        isNewBarcode: false,
        name: { en: 'Rice 5 kg', ku: 'برنج' },
        category: { _id: day.categoryId, name: { en: 'Groceries', ku: 'خواردەمەنی' } },
        price: 4.2,
        cost: 3,
        quantity: 3,
        reorderLevel: 5,
        discount: 10,
      },
      auth(),
    );
    expect(rice.status).toBe(201);
    expect(rice.body).toMatchObject({ sku: 'RICE-5', discount: 10, quantity: 3 });
    day.rice = { _id: rice.body._id, sku: 'RICE-5', price: 4.2 };
  });

  it('edits a product: PUT /api/products/{id} with the form’s fields answers the updated product', async () => {
    const got = await s.t.get(`/api/products/${day.tea._id}`, auth());
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: day.tea._id, category: expect.anything(), images: any(Array) });
    const res = await s.t.put(
      `/api/products/${day.tea._id}`,
      {
        sku: 'TEA-1',
        barcode: got.body.barcode,
        name: { en: 'Black tea 500 g', ku: 'چای ڕەش' },
        description: { en: 'Loose leaf', ku: '' },
        category: day.categoryId,
        price: 12.5,
        cost: 8,
        reorderLevel: 8,
        active: true,
        discount: 0,
      },
      auth(),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: day.tea._id, name: { en: 'Black tea 500 g' }, reorderLevel: 8, price: 12.5 });
  });

  it('receives stock: PATCH /api/products/{id}/quantity answers the updated product', async () => {
    const res = await s.t.patch(`/api/products/${day.rice._id}/quantity`, { quantity: 20, cost: 3.2 }, auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: day.rice._id, quantity: 23 });
  });

  it('the till loads its products: GET /api/products, GET /api/products?active=true and GET /api/products/search/{term}', async () => {
    const all = await s.t.get('/api/products', auth());
    expect(all.status).toBe(200);
    expect(all.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['RICE-5', 'TEA-1']);
    const list = await s.t.get('/api/products?active=true', auth());
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: { sku: string }) => p.sku).sort()).toEqual(['RICE-5', 'TEA-1']);
    expect(list.body[0]).toMatchObject({
      _id: any(String),
      name: { en: any(String) },
      price: any(Number),
      quantity: any(Number),
      sku: any(String),
    });
    const found = await s.t.get(`/api/products/search/${encodeURIComponent('چای')}`, auth());
    expect(found.status).toBe(200);
    const matches = found.body;
    expect(Array.isArray(matches)).toBe(true);
    expect(matches.map((p: { sku: string }) => p.sku)).toEqual(['TEA-1']);
  });

  it('adds a customer: POST /api/customers, then GET /api/customers and /api/customers/{id}', async () => {
    const res = await s.t.post(
      '/api/customers',
      { firstName: 'Shilan', lastName: 'Karim', phone: '+964 7501234567', email: 'shilan@example.com' },
      auth(),
    );
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created).toMatchObject({ _id: any(String), firstName: 'Shilan', lastName: 'Karim', loyaltyPoints: 0 });
    day.customerId = created._id;
    const list = await s.t.get('/api/customers', auth());
    expect(list.status).toBe(200);
    const customers = list.body;
    expect(Array.isArray(customers)).toBe(true);
    expect(customers.map((c: { _id: string }) => c._id)).toContain(day.customerId);
    const one = await s.t.get(`/api/customers/${day.customerId}`, auth());
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      _id: day.customerId,
      fullName: 'Shilan Karim',
      phone: any(String),
      loyaltyPoints: 0,
      purchaseCount: 0,
    });
  });
}
